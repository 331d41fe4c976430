/* lay_flow.h — a flowchart page: the flow data the checker verified, laid
 * out by Graphviz's dot and drawn by us.
 *
 * Sizes come from a flowchart template (templates/flowchart.xml,
 * kind="flowchart"): the labels' size and measure, dot's gaps, and the
 * smallest label size --strict accepts (min-label-size; below it a printed
 * chart is hard to read, and the flow should be split).
 *
 * Each node's label and each branch's label is set by our own layout
 * (HarfBuzz shaping, our fonts) first; Graphviz receives fixed node sizes
 * and fixed edge-label sizes (an empty fixed-size HTML table, so dot
 * reserves exactly the room our text takes) and returns positions and edge
 * splines (libgvc, layout only). Start and end are terminals (the same
 * rounded bar), decisions diamonds (hexagons when the question is long),
 * actions boxes; edges into one node share one arrowhead; branches carry
 * their label ("ja"/"nein", "sì"/"no", or the flowtext's own branch label)
 * at the place dot kept for it, at the nodes' size Nodes of one phase (flows.xml's
 * phase="...") sit in one frame, a dot cluster titled by the flowtext's
 * label for the phase; the title is a node of the frame's top rank, so
 * that dot routes edges around it.
 *
 * The layout is tried at several label measures; the page is turned
 * whichever way prints the labels larger, and the chart is scaled up (to
 * max-label-size) or down (a strict build refuses below min-label-size) to
 * fill it. A chart that would print below min-label-size is split at rank
 * boundaries into as few continued pages as keep every part at that size
 * or above; each cut edge ends in a lettered off-page connector on its
 * tail's page ("-> A") and starts from one on its head's page ("A ->").
 * Only the drawing is split: the flow the checker verified is the whole
 * one. The drawn geometry is then measured: labels overlapping labels,
 * nodes or edges, edges through other nodes (overlaps, refused by
 * --strict), and edges crossing edges (crossings, reported). A legend
 * explains the shapes; the page carries the same furniture as a sheet, and
 * an unverified build says so under the title.
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
#include "icon.h"
#include "lay_font.h"
#include "lay_template.h"

typedef struct lay_flow_meta {
    const char *game_title;         /* the summary's title, beside the flow's */
    const char *version, *date, *lang;
    const char *keywords;
    const char *const *credits;     /* NULL-terminated, may be NULL */
    const char *const *licences;
    long long epoch;
    const char *unverified;         /* printed under the title when set */
    const icon_set *icons;          /* <icon/> in labels; NULL shows none */
    int want_dot;                   /* fill lay_flow_report.dot */
} lay_flow_meta;

/* What the drawn chart's geometry shows (lay_flow_measure). */
typedef struct lay_flow_flaws {
    int label_label;        /* two labels overlap */
    int label_node;         /* a branch label overlaps a node */
    int label_edge;         /* an edge runs through a branch label */
    int edge_node;          /* an edge runs through a node it does not join */
    int crossings;          /* two edges cross */
    char first[200];        /* the first overlap, in words ("" when none) */
} lay_flow_flaws;

/* The overlaps of a flaws record (crossings are not overlaps). */
int lay_flow_overlaps(const lay_flow_flaws *fl);

/* The geometry lay_flow_measure reads: convex node outlines, label
 * rectangles, edges as polylines; any one space (points). */
typedef struct lay_flow_shape {
    double x[8], y[8];
    int n;                  /* 3..8 points, convex, in order */
    const char *name;       /* for the message */
} lay_flow_shape;

typedef struct lay_flow_line {
    const double *x, *y;    /* npts points */
    int npts;
    int from, to;           /* the nodes it joins (indices), or -1 */
    const char *name;
} lay_flow_line;

typedef struct lay_flow_geom {
    const lay_flow_shape *nodes;    /* node outlines */
    size_t nnodes;
    const dl_rect *labels;          /* branch labels */
    const char *const *label_names;
    size_t nlabels;
    const lay_flow_line *edges;
    size_t nedges;
} lay_flow_geom;

/* Counts the overlaps and crossings of g into fl. */
void lay_flow_measure(const lay_flow_geom *g, lay_flow_flaws *fl);

typedef struct lay_flow_report {
    int nodes, edges;       /* of the whole flow */
    int pages;              /* 1, or the parts a large chart is split into */
    double scale;           /* 1 = labels at their natural size */
    double label_size;      /* the labels' size after scaling, points */
    int landscape;
    double fill;            /* share of the chart area the chart covers, 0..1 */
    lay_flow_flaws flaws;
    /* with meta->want_dot: the graph of each page drawn, in DOT, exactly as
     * libgvc received it for layout (one graph a page, in page order), so
     * that Graphviz's own `dot` can lay out the same graph (make bench);
     * owned by the caller (free), NULL otherwise or on failure */
    char *dot;
    size_t dot_len;
} lay_flow_report;

/* Lays out flow f with the labels of the summary d (its <flowtext>) on the
 * template's page into out. Returns 0, or -1 with errors in diags (a node
 * without a label, a layout failure). */
int lay_flow_build(const game_flow *f, const doc *d, const lay_flow_meta *meta, const lay_template *t,
                   const lay_fonts *fonts, dl_list *out, lay_flow_report *rep, diag_list *diags);

/* Frees the Graphviz context the charts of this process share (made by the
 * first lay_flow_build); call once no chart is being built. */
void lay_flow_cleanup(void);

/* Makes that context now, for a process about to fork children that each
 * build charts: they inherit it instead of each making their own. */
void lay_flow_preload(void);

#endif
