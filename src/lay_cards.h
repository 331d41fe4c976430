/* lay_cards.h — status cards: every card of a game (cards.xml, verified by
 * the checker against the engine's statuses), for a home printer or a print
 * shop.
 *
 * The card template (templates/cards.xml, kind="cards") gives the size
 * (poker, 63 x 88 mm; the build may set another), the bleed (3 mm: the
 * background, the name band and the back art run that far past the cut),
 * the safe zone (text keeps 4 mm inside the cut) and the type: a band in the
 * game's colour with the card's name, its icon, and its text set by our
 * layout at the largest size from text-size down that fills the safe zone
 * (the report names the smallest; below min-text-size the build fails).
 *
 * Home sheets: as many cards as the paper holds with their full bleed and
 * room for crop marks (3 x 3 poker cards on A4, 3 x 2 on US Letter; at most
 * the template's columns x rows), butted on a grid centred on the paper,
 * crop marks at every cut outside the art and 5 mm or more from the paper's
 * edge; only a card too large for that keeps a smaller outer bleed. Each page of fronts is
 * followed by its backs: one piece of art across the grid, mirrored left to
 * right for long-edge duplex (top to bottom for short-edge), moved by the
 * back offset. An optional alignment pair first measures a printer's duplex
 * offset. Credits, licences and the printing note go once on a colophon
 * page at the end, never on a card.
 *
 * Print shop: one card per page at trim plus bleed, TrimBox and BleedBox on
 * every page, front then back for each card, the colophon last.
 *
 * Ownership: everything passed in is borrowed for the call; the display
 * list receives copies.
 */
#ifndef REGELWERK_LAY_CARDS_H
#define REGELWERK_LAY_CARDS_H

#include "diag.h"
#include "dl.h"
#include "doc.h"
#include "game.h"
#include "icon.h"
#include "lay_font.h"
#include "lay_para.h"
#include "lay_template.h"

/* The runs of inline content n as cards and flowchart labels show it: bold
 * (from bold) and italic, numbers as written and never hyphenated, icons at
 * text size, a gap in the source as [?]. *out gets *nout runs whose texts
 * are owned (free with lay_inline_runs_free). 0, or -1 out of memory. */
int lay_inline_runs(const doc_node *n, int bold, dl_color col, const icon_set *icons, lay_run **out,
                    size_t *nout);
void lay_inline_runs_free(lay_run *r, size_t n);

typedef struct icon_set icon_set;

typedef struct lay_cards_meta {
    const char *game_title, *lang, *keywords;
    long long epoch;
    const char *const *credits;
    const char *const *licences;
    /* how to print (all zero: home sheets, long-edge duplex) */
    int shop;                   /* one card per page at trim plus bleed */
    int duplex_short;           /* backs turned over the short edge */
    double back_dx, back_dy;    /* points: backs moved right and down */
    int corner_guides;          /* a thin rounded-corner line at the cut */
    int alignment;              /* a duplex alignment pair first */
} lay_cards_meta;

typedef struct lay_cards_report {
    int cards, pages;
    int cols, rows;         /* the home grid (1 x 1 for a shop) */
    double bleed_x, bleed_y;    /* the outer bleed on the paper, points */
    double smallest;        /* the smallest text size any card needed */
    const char *smallest_id;
    const char *smallest_file;  /* its <cardtext>, for the message */
    int smallest_line;
} lay_cards_report;

/* Lays out every card of g with the texts of summary d. Returns 0, or -1
 * with errors in diags (a card without its text). */
int lay_cards_build(const game *g, const doc *d, const lay_cards_meta *meta, const lay_template *t,
                    const lay_fonts *fonts, const icon_set *icons, dl_list *out, lay_cards_report *rep,
                    diag_list *diags);

#endif
