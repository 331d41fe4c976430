/* lay_cards.h — status cards: every card of a game (cards.xml, verified by
 * the checker against the engine's statuses) in poker size, nine to a page,
 * with crop marks, and a page of backs after each page of fronts.
 *
 * The card template (templates/cards.xml, kind="cards") gives the size
 * (poker, 63 × 88 mm), the grid (3 × 3: A4 and US Letter both hold it at
 * 100 %) and the type: a band in the game's colour with the card's name,
 * its icon, and its text set by our layout at text-size, shrinking in
 * quarter points until it fits (never below min-text-size: --strict refuses
 * that). Cards abut on the grid centred on the paper; crop marks stand
 * outside the grid at every cut.
 * Backs are mirrored left to right, so that a long-edge duplex print puts
 * each back behind its front.
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
#include "lay_font.h"
#include "lay_template.h"

typedef struct icon_set icon_set;

typedef struct lay_cards_meta {
    const char *game_title, *lang, *keywords;
    long long epoch;
    const char *const *credits;
    const char *const *licences;
} lay_cards_meta;

typedef struct lay_cards_report {
    int cards, pages;
    double smallest;        /* the smallest text size any card needed */
    const char *smallest_id;
} lay_cards_report;

/* Lays out every card of g with the texts of summary d. Returns 0, or -1
 * with errors in diags (a card without its text). */
int lay_cards_build(const game *g, const doc *d, const lay_cards_meta *meta, const lay_template *t,
                    const lay_fonts *fonts, const icon_set *icons, dl_list *out, lay_cards_report *rep,
                    diag_list *diags);

#endif
