/* lay_flow.h — a flowchart page: the flow data the checker verified, laid
 * out by Graphviz's dot and drawn by us.
 *
 * Sizes come from a flowchart template (templates/flowchart.xml,
 * kind="flowchart"): the labels' size and measure, dot's gaps, and the
 * smallest label size --strict accepts (min-label-size; below it a printed
 * chart is hard to read, and the flow should be split).
 *
 * Each node's label is set by our own layout (HarfBuzz shaping, our fonts)
 * first; Graphviz receives only fixed node sizes and returns positions and
 * edge splines (libgvc, layout only). Decisions are diamonds, actions boxes,
 * the start a rounded bar; branches carry their label ("ja"/"nein", "sì"/
 * "no", or the flowtext's own branch label) at their start. The chart is
 * scaled down, never up, to fit the page below its title, and the page
 * carries the same furniture as a sheet (credits, licences, "print at
 * 100 %").
 *
 * Ownership: everything passed in is borrowed for the call; the display
 * list receives copies.
 */
#ifndef REGELWERK_LAY_FLOW_H
#define REGELWERK_LAY_FLOW_H

#include "diag.h"
#include "dl.h"
#include "doc.h"
#include "game.h"
#include "lay_font.h"
#include "lay_template.h"

typedef struct lay_flow_meta {
    const char *game_title;         /* the summary's title, beside the flow's */
    const char *version, *date, *lang;
    const char *keywords;
    const char *const *credits;     /* NULL-terminated, may be NULL */
    const char *const *licences;
    long long epoch;
} lay_flow_meta;

typedef struct lay_flow_report {
    int nodes, edges;
    double scale;           /* 1 = labels at their natural size */
    double label_size;      /* the labels' size after scaling, points */
} lay_flow_report;

/* Lays out flow f with the labels of the summary d (its <flowtext>) on the
 * template's page into out. Returns 0, or -1 with errors in diags (a node
 * without a label, a layout failure). */
int lay_flow_build(const game_flow *f, const doc *d, const lay_flow_meta *meta, const lay_template *t,
                   const lay_fonts *fonts, dl_list *out, lay_flow_report *rep, diag_list *diags);

#endif
