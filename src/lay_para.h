/* lay_para.h — one paragraph: styled inline runs → shaped words → lines
 * (Knuth–Plass) → drawing into a dev_device.
 *
 * Building and drawing are separate so that the page flow can measure every
 * paragraph first, split it between columns by line ranges, and draw it once
 * every cross-reference target has a page.
 *
 * Words run across runs ("<b>Ferita</b>," is one word); spaces are glue in
 * the font of their run (frenchspacing, as German and Italian set it:
 * stretch 1/2, shrink 1/3 of a space); U+00A0 and U+202F never break, nor
 * does the space after a number ("1 Ferita", "2–4 Spieler"). Icons
 * are fixed boxes at text size, sitting on the baseline; the spaces on both
 * sides of an icon do not break, so an icon never parts from its neighbour
 * words. The last word is hyphenated only when nothing else fits the
 * tolerance. A hyphenated line end shows "-"
 * and carries the actual text U+00AD,
 * so that copied text rejoins the word.
 *
 * Ownership: a lay_para copies what it needs from the runs (texts are
 * copied; icon paths and link targets are borrowed and must outlive the
 * paragraph); lay_para_free() releases it. The fonts must outlive it too.
 */
#ifndef REGELWERK_LAY_PARA_H
#define REGELWERK_LAY_PARA_H

#include <stddef.h>

#include "dl.h"
#include "lay_break.h"
#include "lay_font.h"
#include "lay_hyph.h"

typedef enum { LAY_RUN_TEXT, LAY_RUN_ICON } lay_run_kind;

typedef struct lay_run {
    lay_run_kind kind;
    const char *text;       /* text runs: UTF-8 */
    lay_font_role role;
    dl_color color;
    int nohyph;             /* names and numbers: never hyphenated */
    const dl_path *icon;    /* icon runs: outline in a 1×1 box, y down; NULL draws nothing */
    const char *link;       /* a cross-reference target id, or NULL */
} lay_run;

/* The ink bounds of icon outlines, measured once for a run of paragraphs
 * (a sheet lays its text out at several sizes; an icon's bounds do not
 * change with them). Keyed by the outline's address: the outlines must
 * outlive the memo. Zeroed to begin; lay_ink_memo_free releases it. */
typedef struct lay_ink_memo {
    const dl_path **path;
    double (*ink)[4];
    size_t n, cap;
} lay_ink_memo;

void lay_ink_memo_free(lay_ink_memo *m);

typedef struct lay_para_style {
    double size;            /* font size, points */
    double leading;         /* baseline to baseline */
    double width;           /* the measure */
    double indent;          /* first-line indent (may be 0) */
    int justify;            /* 1 justified, 0 ragged right */
    const char *lang;       /* BCP 47, for shaping */
    const lay_hyph *hyph;   /* NULL: no hyphenation */
    double hyphen_penalty;  /* TeX \hyphenpenalty 50 */
    double compound_penalty;/* at compound joints and explicit hyphens: preferred */
    double expansion;       /* font expansion, a fraction of a box's width each
                               way (microtype's stretch=20, shrink=20: 0.02);
                               justified text only, 0 = off */
    int protrusion;         /* margin kerning at the right edge: hyphens,
                               stops, commas, quotes hang into the margin */
    double space_cap;       /* justified: spaces stretch at most this ratio of
                               their stretch (0.7: 1.35 x natural) ... */
    double tracking;        /* ... and what is left is shared between the
                               letters, at most this many em each (the
                               letter spacing of InDesign's composer); 0 = off */
    lay_break_params brk;
    lay_ink_memo *ink_memo; /* NULL: each icon measured where it stands */
} lay_para_style;

/* Body-text defaults at a size: leading 1.2 × size, justified, TeX's
 * breaking parameters, a runt penalty for a last line under 2.5 em. */
lay_para_style lay_para_style_default(double size, double width, const char *lang, const lay_hyph *hyph);

typedef struct lay_para lay_para;

/* Shapes, hyphenates and breaks the runs. NULL on allocation failure. */
lay_para *lay_para_new(const lay_fonts *fonts, const lay_para_style *st, const lay_run *runs, size_t nruns);
void lay_para_free(lay_para *p);

size_t lay_para_line_count(const lay_para *p);
const lay_line *lay_para_line(const lay_para *p, size_t i);
/* The word spaces of line i as set (points), at most max of them; returns
 * how many the line has (ties and the spaces beside icons included, the
 * paragraph's fill not). With *hscale, the line's font expansion (1 ± e). */
size_t lay_para_line_spaces(const lay_para *p, size_t i, double *out, size_t max, double *hscale);
/* Whether the greedy fallback was used (reported as a flaw). */
int lay_para_greedy(const lay_para *p);
const lay_para_style *lay_para_get_style(const lay_para *p);
/* The natural width of the whole paragraph on one line (for tables). */
double lay_para_natural_width(const lay_para *p);
/* The widest box (word part) — the narrowest measure that avoids overfull lines. */
double lay_para_min_width(const lay_para *p);
/* Glyphs the fonts lack (drawn as .notdef): the caller reports them. */
int lay_para_missing_glyphs(const lay_para *p);

/* Resolves a link target id to a 0-based page and a y; returns 0 when found. */
typedef int (*lay_link_resolver)(void *ctx, const char *target, int *page, double *y);

/* Draws lines [first, first+count) with the first baseline at (x, y).
 * fonts[role] are the dl_fonts registered for each role. Links whose target
 * the resolver cannot find are drawn as text only. Returns 0, or the first
 * non-zero a device slot returned. */
int lay_para_draw(const lay_para *p, dev_device *dev, const dl_font *const fonts[LAY_FONT_ROLE_COUNT],
                  double x, double y, size_t first, size_t count, lay_link_resolver resolve, void *ctx);

#endif
