/* lay_sheet_int.h — the sheet's layout state, shared by the rooms of the
 * sheet: lay_sheet.c (the summary's blocks into a vertical list) and
 * lay_page.c (that list into columns and pages, and the pages drawn).
 * Private to those files; nothing else includes it.
 *
 * Ownership: everything a sheet points to is owned by it (sheet_free in
 * lay_sheet.c), except the document, template, fonts and icons it borrows.
 */
#ifndef REGELWERK_LAY_SHEET_INT_H
#define REGELWERK_LAY_SHEET_INT_H

#include <stddef.h>
#include <stdlib.h>

#include "icon.h"
#include "lay_hyph.h"
#include "lay_para.h"
#include "lay_sheet.h"
#include "lay_words.h"

typedef lay_sheet_words lang_words;

/* ---- the vertical list --------------------------------------------------- */

typedef enum { VL_LINE, VL_SPACE, VL_ROW } vl_kind;

typedef struct vline {
    vl_kind kind;
    double h;               /* advance from this item's top to the next's */
    double base;            /* VL_LINE: baseline below the top */
    lay_para *para;
    size_t line;
    double x;               /* indent from the column's left edge */
    lay_para *label;        /* a list label on an item's first line */
    double label_x;
    int keep;               /* no column break after this item */
    int discard;            /* vanishes at the top of a column */
    int frame;              /* callout frame index + 1, or 0 */
    int table;              /* table index + 1, or 0 */
    int head;               /* a table's head row */
    size_t row;             /* VL_ROW: index into rows */
    int rule;               /* a level-1 heading: rule under this line */
} vline;

typedef struct frame {
    dl_color bg, bar;
    double x;               /* left edge, from the column's left */
} frame;

typedef struct row {
    lay_para **cells;
    double *cx;             /* cell left edges from the table's left */
    size_t n;
    double x, w, pad;
    int head;
} row;

typedef struct anchor {
    const char *id;         /* borrowed from the doc, may be NULL */
    char *title;            /* outline title, or NULL */
    int level;
    size_t vl;
    int page;
    double y;
} anchor;

typedef struct secnum {
    const doc_node *sec;
    char num[32];
    int level;
} secnum;

typedef struct colseg {
    size_t from, to;        /* vlines [from, to) */
    long head;              /* a repeated table head vline, or -1 */
    double h;
} colseg;

typedef struct page {
    colseg col[3];
} page;

typedef struct sheet {
    const doc *d;
    const lay_sheet_meta *meta;
    const lay_template *t;
    const lay_fonts *fonts;
    const icon_set *icons;
    const lay_sheet_debug *dbg;
    diag_list *diags;
    lay_report *rep;
    const lang_words *w;
    lay_hyph *hyph;
    double size, lead, colw;
    vline *vl;
    size_t nvl, capvl;
    frame *frames;
    size_t nframes, capframes;
    row *rows;
    size_t nrows, caprows;
    long *tables;           /* head vline per table, -1 when none */
    size_t ntables, captables;
    anchor *anchors;
    size_t nanchors, capanchors;
    lay_para **paras;
    size_t nparas, capparas;
    secnum *secs;
    size_t nsecs, capsecs;
    page *pages;
    size_t npages, cappages;
    int *vpage;
    double *vy, *vxcol;
    const char *lang;
    int quiet;              /* no diagnostics: a measuring pass or a re-layout */
    /* the inline gaps, numbered in reading order, and the box that says in
     * the sheet's language what each leaves open (a tree of our own) */
    const doc_node **gaps;
    size_t ngaps;
    doc *notes_doc;
    const doc_node *notes;
    double title_h, header_h, footer_h;
    double *spaces;         /* each justified line's median word space */
    size_t nspaces, capspaces;
    lay_ink_memo ink;       /* the icons' bounds, for every size tried */
} sheet;

#define GROW(arr, n, cap)                                                   \
    do {                                                                    \
        if ((n) == (cap)) {                                                 \
            size_t ncap_ = (cap) ? (cap) * 2 : 32;                          \
            void *np_ = realloc((arr), ncap_ * sizeof *(arr));              \
            if (!np_)                                                       \
                return -1;                                                  \
            (arr) = np_;                                                    \
            (cap) = ncap_;                                                  \
        }                                                                   \
    } while (0)


/* Title block (page 1), running header (later pages), footer (every page). */
typedef struct furniture {
    lay_para *foot;         /* credits, licences, print note */
    double title_h, header_h, footer_h;
} furniture;

/* ---- between the rooms -------------------------------------------------- */

/* lay_page.c: the vertical list into columns and pages (0, or -1 when
 * memory ran out; *overflow counts blocks taller than a column), the
 * report's page figures, and the pages drawn into dev. */
int lay_page_paginate(sheet *s, double title_h, double header_h, double footer_h, int *overflow);
void lay_page_measure(sheet *s);
int lay_page_draw(sheet *s, dev_device *dev, const dl_font *const fonts[LAY_FONT_ROLE_COUNT], const furniture *fu);

/* lay_sheet.c: whether the first credit is the "not verified" mark; the
 * justification figures of the lines set (word spaces, into s->rep). */
int lay_sheet_unverified_mark(const sheet *s);
void lay_sheet_measure_spaces(sheet *s);

#endif
