/* lay_break.h — total-fit (Knuth–Plass) line breaking over boxes, glue and
 * penalties, as in TeX (The TeXbook ch. 14; Knuth & Plass 1981).
 *
 * The caller describes a paragraph as items and the line widths; the breaker
 * chooses the breakpoints that minimise the total demerits of the paragraph:
 * per line (line_penalty + badness)² ± penalty², plus double-hyphen,
 * final-hyphen and fitness-class demerits, and a runt penalty when the last
 * line is shorter than runt_width. Lines whose badness exceeds the tolerance
 * are not allowed in the first pass. When it fails, two passes run: one
 * with the emergency stretch (TeX's third pass) and one allowing any stretch,
 * and the result whose loosest line is tighter is kept; when neither finds a
 * way without an overfull line (a box wider than the measure), a greedy
 * first-fit is used and flagged.
 *
 * The paragraph must end with a forced break (a penalty of -LAY_INF); for
 * justified text put a "parfillskip" glue (0, LAY_FIL, 0) before it.
 *
 * Ownership: items and widths are borrowed for the call; the result's array
 * belongs to the caller (lay_break_result_free()).
 */
#ifndef REGELWERK_LAY_BREAK_H
#define REGELWERK_LAY_BREAK_H

#include <stddef.h>

#define LAY_INF 10000.0       /* a penalty >= LAY_INF forbids, <= -LAY_INF forces */
#define LAY_INF_BAD 10000.0   /* TeX's inf_bad: the badness of a line stretched too far */
#define LAY_FIL 1.0e6         /* a stretch that is, for breaking, infinite */

typedef enum { LAY_BOX, LAY_GLUE, LAY_PENALTY } lay_item_type;

typedef struct lay_item {
    lay_item_type type;
    double width;               /* box and glue width; penalty: width if broken here (a hyphen) */
    double stretch, shrink;     /* glue; and boxes whose font may expand or
                                   condense (pdfTeX's font expansion): their
                                   share moves with the same ratio as the
                                   glue's, up to the whole of it (|r| <= 1) */
    double penalty;             /* penalty only */
    int flagged;                /* penalty only: a hyphenation break */
} lay_item;

typedef struct lay_break_params {
    double tolerance;               /* max badness in the first pass; TeX 200 */
    double emergency_stretch;       /* TeX's \emergencystretch: when no breaks fit
                                       the tolerance, a second pass pretends every
                                       line has this much more stretch, which spreads
                                       the looseness over the paragraph instead of
                                       piling it into one very loose line; 0 = off */
    double line_penalty;            /* TeX \linepenalty 10 */
    double double_hyphen_demerits;  /* two hyphenated lines in a row; TeX 10000 */
    double final_hyphen_demerits;   /* the next-to-last line hyphenated; TeX 5000 */
    double adj_demerits;            /* adjacent lines of non-adjacent fitness classes; TeX 10000 */
    double runt_width;              /* a last line narrower than this ... */
    double runt_demerits;           /* ... costs this much */
    double right_stretch;           /* stretch every line gets at its end, as
                                       TeX's \rightskip: ragged right is fixed
                                       spaces plus this */
    const double *protrude;         /* NULL, or per item: how far a line that
                                       breaks there may stick out into the
                                       right margin (margin kerning: a hyphen,
                                       a full stop, a comma hang out, so the
                                       edge looks straight); the line is set
                                       that much wider than its measure */
    double loose_demerits;          /* extra demerits per line for every unit of
                                       adjustment ratio above loose_ratio: spaces
                                       visibly wider than their neighbours' */
    double loose_ratio;
} lay_break_params;

/* TeX's plain defaults, with a runt penalty off (runt_width 0). */
lay_break_params lay_break_defaults(void);

typedef struct lay_line {
    size_t start;       /* first item of the line (after discarded glue) */
    size_t end;         /* the break item: the line holds [start, end); a
                           penalty break adds the penalty's width (a hyphen) */
    double ratio;       /* adjustment ratio: >0 stretch, <0 shrink */
    double badness;     /* 0..LAY_INF_BAD */
    double natural;     /* natural width of the line, less its protrusion */
    double width;       /* the measure it was set to */
    int hyphenated;     /* ends at a flagged penalty */
    int overfull;       /* would not fit even fully shrunk */
    double protrude;    /* how far its end sticks out into the margin */
} lay_line;

typedef struct lay_break_result {
    lay_line *lines;
    size_t n;
    int pass;           /* 1 within tolerance, 2 with the emergency stretch, 3 with any stretch, 4 greedy */
    int greedy;         /* the greedy fallback was used */
    double demerits;    /* total of the chosen breaks (0 for greedy) */
} lay_break_result;

/* Breaks items[0..n) into lines of widths[i] (the last width repeats for all
 * further lines). Returns 0, or -1 on allocation failure or malformed input
 * (no final forced break, nwidths 0); out is then empty. */
int lay_break(const lay_item *items, size_t n, const double *widths, size_t nwidths,
              const lay_break_params *p, lay_break_result *out);

/* The greedy first-fit alone (what lay_break falls back to). */
int lay_break_greedy(const lay_item *items, size_t n, const double *widths, size_t nwidths,
                     double right_stretch, lay_break_result *out);

void lay_break_result_free(lay_break_result *r);

/* TeX's badness of a line: 100 r³, at most LAY_INF_BAD. */
double lay_badness(double ratio);

#endif
