/* lay_inline.h — inline content as runs, one way for every surface.
 *
 * A summary's inline markup (text, bold, italic, lead-ins, terms, numbers
 * and values, rule words, marks, icons, cross-references, gaps) becomes the
 * lay_run array that lay_para sets. Sheets, cards and flowchart labels all
 * come through here, so a word is spelt (lay_typo), a number kept whole and
 * an icon drawn the same way everywhere; what differs per surface is only
 * what the caller knows: the sheet numbers its gaps and sections, a card
 * does not.
 *
 * Ownership: lay_runs owns the text of its runs (lay_runs_free); icon
 * outlines and link ids are borrowed from the icon set and the document.
 */
#ifndef REGELWERK_LAY_INLINE_H
#define REGELWERK_LAY_INLINE_H

#include <stddef.h>

#include "diag.h"
#include "doc.h"
#include "icon.h"
#include "lay_para.h"

typedef struct lay_runs {
    lay_run *r;
    size_t n, cap;
    int failed;     /* memory ran out: the runs are not the whole text */
} lay_runs;

void lay_runs_free(lay_runs *rs);
/* Appends r with a copy of text (NULL: none). 0, or -1 (and failed). */
int lay_runs_add(lay_runs *rs, const lay_run *r, const char *text);
/* A text run as written (nohyph: never hyphenated, e.g. numbers). */
int lay_runs_text(lay_runs *rs, lay_font_role role, dl_color color, const char *text, int nohyph,
                  const char *link);

typedef struct lay_inline_opts {
    lay_font_role role;         /* the surface's base role: body, heading, bold (a card's name) */
    dl_color color, gap_color;  /* text; the words of a gap in the source */
    const icon_set *icons;      /* NULL: icons are named in brackets */
    /* The sheet's numbers: a gap's mark ("[2]") and a cross-reference's
     * section ("6.2"); 0 / NULL where the surface has none ("[?]", the
     * reference's own words only). */
    int (*gap_number)(void *data, const doc_node *gap);
    const char *(*xref_number)(void *data, const doc_node *xref);
    void *data;
    diag_list *diags;           /* warnings (unknown icon or reference); NULL: quiet */
} lay_inline_opts;

/* The inline children of node (nested blocks are skipped) as runs. 0, or
 * -1 when memory ran out. */
int lay_inline_collect(const doc_node *node, const lay_inline_opts *o, lay_runs *rs);

#endif
