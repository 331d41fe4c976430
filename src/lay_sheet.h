/* lay_sheet.h — the quick-reference sheet: the page and column flow of a
 * whole summary into a display list, with its furniture, and the layout's
 * measures of its own quality.
 *
 * The summary is walked once into a vertical list of lines (paragraph lines,
 * heading lines, table rows, spaces) that carry their keep rules: a heading
 * stays with the two lines after it, a paragraph is split between columns
 * only with at least two lines on each side (no widows, no orphans) and never
 * after a hyphenated line. Columns are filled in order, table heads repeat at
 * the top of a column a table continues in, and the last page's columns are
 * balanced. Then every page is drawn: furniture (the title block on page 1,
 * a running head after it, and a footer of title · version · date and page
 * x of y), an outline entry per section, and links for cross-references.
 * The credits, the licences of fonts and icons and "print at 100 %" are set
 * once, in the sheet's language, as a colophon at the end of the text.
 *
 * Flowchart references render as a cross-reference line naming the
 * flowchart, which is its own output (lay_flow.h), not as a picture.
 *
 * Ownership: everything passed in is borrowed for the call; the display
 * list receives copies. The report is filled even when the build fails.
 */
#ifndef REGELWERK_LAY_SHEET_H
#define REGELWERK_LAY_SHEET_H

#include <stdio.h>

#include "diag.h"
#include "dl.h"
#include "doc.h"
#include "lay_font.h"
#include "lay_template.h"

typedef struct icon_set icon_set;

typedef struct lay_sheet_meta {
    const char *title, *subtitle, *version, *date, *lang;
    const char *keywords;           /* PDF metadata, may be NULL */
    const char *author;             /* PDF Author, may be NULL */
    const char *const *credits;     /* NULL-terminated lines, may be NULL; the
                                       first may be lay_word_unverified(lang) */
    const char *const *licences;    /* NULL-terminated lines, may be NULL */
    long long epoch;                /* the document date for PDF metadata */
    int pages;                      /* fit on this many pages (0 = as many as needed) */
    const char *hyph_dir;           /* hyphenation patterns; NULL = /usr/share/hyphen */
    const char *hyph_exceptions;    /* templates/hyphenation.xml, or NULL */
} lay_sheet_meta;

typedef struct lay_report {
    int overfull;           /* lines wider than their measure */
    int underfull;          /* justified lines with badness > 1000 (TeX's \hbadness) */
    int widows, orphans;    /* a paragraph's lone last/first line at a column edge */
    int hyphen_stacks;      /* more than two hyphenated line ends in a row */
    int greedy_paras;       /* paragraphs the total-fit breaker could not set */
    int split_hyphen;       /* a word hyphenated across a column or page */
    int overflow;           /* blocks taller than a column, cut */
    double worst_badness;   /* of any line but a paragraph's last */
    double column_imbalance;/* last page: tallest column minus an even split, points */
    int pages;
    double body_size;       /* what the body was finally set in */
    double leading;
    /* word spaces, as the issue measured them from the PDFs: each justified
     * line (a paragraph's last aside) with two spaces or more has its median
     * space; against the sheet's median of those: */
    int justified_lines;
    double loose_share;     /* percent of lines looser than 1.4 x the median */
    double widest_space;    /* the loosest line, x the median */
    double space_spread;    /* standard deviation of line space / median */
    double last_page_fill;  /* share of the last page's columns filled, 0..1 */
} lay_report;

/* The targets of the justification measures under --strict. */
#define LAY_LOOSE_RATIO 1.4     /* a line is loose above this x the median */
#define LAY_LOOSE_MAX 1.0       /* percent of loose lines allowed */
#define LAY_WIDEST_MAX 1.5      /* the widest line allowed, x the median */
#define LAY_FILL_GOAL 0.8       /* the last page at least this full, when a size can */

/* Test knobs: each switches off one safeguard so that a test can plant the
 * flaw its measure must catch. All zero in production. */
typedef struct lay_sheet_debug {
    int ignore_keeps;       /* break columns anywhere (widows, orphans, split hyphens) */
    int no_balance;         /* leave the last page unbalanced */
    double hyphen_penalty;  /* non-zero: override the hyphen penalty (e.g. -500) */
    double double_hyphen_demerits; /* with override_dhd: override TeX's 10000 */
    int override_dhd;
    double column_width_delta;     /* shrink the measure (points) */
    int no_fill;                   /* keep the template's size (no fill search) */
    int fill_every_size;           /* the fill search lays out every size, none skipped */
} lay_sheet_debug;

/* Lays out the summary d on the template into out's recording device.
 * fonts must be loaded; icons may be NULL (icons are then named in brackets
 * and a warning is given). meta->pages > 0 asks for that many pages: font and
 * leading shrink in 0.25 pt steps down to the template's floor (>= 7.5 pt),
 * or the build fails with a diagnostic saying how many pages the floor still
 * needs. Then, with or without --pages, the body takes the largest size up to
 * the template's ceiling (10.5 pt) at which the last page is at least 80 %
 * full on no more pages (see fill_pages). Returns 0, or -1 with errors in
 * diags. */
int lay_sheet_build(const doc *d, const lay_sheet_meta *meta, const lay_template *t, const lay_fonts *fonts,
                    const icon_set *icons, dl_list *out, lay_report *rep, diag_list *diags);

/* The same into any device (the trace device in tests), with debug knobs
 * (NULL = none). Registers fonts through fonts_list when it is not NULL,
 * else uses dl_font records it owns for the call. */
int lay_sheet_build_dev(const doc *d, const lay_sheet_meta *meta, const lay_template *t, const lay_fonts *fonts,
                        const icon_set *icons, dev_device *dev, dl_list *fonts_list,
                        const lay_sheet_debug *dbg, lay_report *rep, diag_list *diags);

/* The line at the foot of every page regelwerk prints (sheets, flowcharts,
 * card backs): credits · licences · "print at 100 %" in lang. Appends to
 * buf; 0, or -1 when it was cut short. */
int lay_footer_line(char *buf, size_t cap, const char *const *credits, const char *const *licences,
                    const char *lang);

/* The word for a flowchart in lang ("Ablaufdiagramm"). */
const char *lay_word_flowchart(const char *lang);
/* "nicht verifiziert", "non verificato": every page of an unverified build says so. */
const char *lay_word_unverified(const char *lang);

/* The number of flaws --strict turns into an error: overfull + underfull +
 * widows + orphans + hyphen stacks + greedy paragraphs + split hyphens +
 * overflows, plus one when the last page's tallest column exceeds an even
 * split by more than two lines, one when more than LAY_LOOSE_MAX % of the
 * justified lines are loose and one when the widest exceeds LAY_WIDEST_MAX. */
int lay_report_flaws(const lay_report *rep);

/* One line: "2 pages, body 9.0/10.8 pt, worst badness 87, spaces: loose
 * 0.0 %, widest 1.32x, spread 0.08, overfull 0, underfull 0, widows 0,
 * orphans 0, hyphen stacks 0, greedy 0, imbalance 3.1 pt, last page 86 %: ok" */
void lay_report_print(const lay_report *rep, FILE *fp);

#endif
