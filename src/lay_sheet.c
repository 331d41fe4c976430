/* lay_sheet.c — a summary's blocks into the sheet's vertical list (text,
 * lists, callouts, tables, headings, the colophon and the open points);
 * lay_page.c sets that list into columns and pages and draws them. */
#include "lay_sheet.h"
#include "lay_sheet_int.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "icon.h"
#include "lay_hyph.h"
#include "lay_inline.h"
#include "lay_para.h"
#include "lay_typo.h"
#include "lay_words.h"

/* ---- words a sheet prints itself: lay_words.h ----------------------------- */

static const lang_words *words_for(const char *lang)
{
    return &lay_words_for(lang)->sheet;
}

static int push_vl(sheet *s, const vline *v)
{
    GROW(s->vl, s->nvl, s->capvl);
    s->vl[s->nvl++] = *v;
    return 0;
}

static int keep_para(sheet *s, lay_para *p)
{
    GROW(s->paras, s->nparas, s->capparas);
    s->paras[s->nparas++] = p;
    return 0;
}

static int add_anchor(sheet *s, const char *id, char *title, int level)
{
    if (s->nanchors == s->capanchors) {
        size_t cap = s->capanchors ? s->capanchors * 2 : 32;
        anchor *na = realloc(s->anchors, cap * sizeof *na);
        if (!na) {
            free(title);
            return -1;
        }
        s->anchors = na;
        s->capanchors = cap;
    }
    s->anchors[s->nanchors++] = (anchor){id, title, level, s->nvl, 0, 0};
    return 0;
}

/* A vertical space; adjacent spaces merge to the larger. */
static int add_space(sheet *s, double h, int frame_i, int keep)
{
    if (s->nvl && s->vl[s->nvl - 1].kind == VL_SPACE && s->vl[s->nvl - 1].frame == frame_i) {
        vline *v = &s->vl[s->nvl - 1];
        if (h > v->h)
            v->h = h;
        v->keep |= keep;
        return 0;
    }
    /* nothing before it on the sheet: no space at the very top */
    if (!s->nvl)
        return 0;
    vline v = {0};
    v.kind = VL_SPACE;
    v.h = h;
    v.discard = !frame_i;
    v.keep = keep;
    v.frame = frame_i;
    return push_vl(s, &v);
}

/* ---- runs from inline content ------------------------------------------- */

/* the sheet's runs are lay_inline's (lay_inline.h) */
typedef lay_runs runs;

static void runs_free(runs *rs)
{
    lay_runs_free(rs);
}

typedef struct inl_style {
    lay_font_role role;
    dl_color color;
} inl_style;

static const secnum *section_of(const sheet *s, const doc_node *n)
{
    for (; n; n = n->parent)
        if (n->type == DOC_SECTION)
            for (size_t i = 0; i < s->nsecs; i++)
                if (s->secs[i].sec == n)
                    return &s->secs[i];
    return NULL;
}

static int text_run(runs *rs, lay_font_role role, dl_color c, const char *text, int nohyph, const char *link)
{
    return lay_runs_text(rs, role, c, text, nohyph, link);
}

/* The sheet's numbers for lay_inline: a gap's place in the open-points
 * box, a cross-reference's section ("?" outside any section, NULL for an
 * unknown id). */
static int sheet_gap_number(void *data, const doc_node *gap)
{
    const sheet *s = data;
    for (size_t g = 0; g < s->ngaps; g++)
        if (s->gaps[g] == gap)
            return (int)g + 1;
    return 0;
}

static const char *sheet_xref_number(void *data, const doc_node *xref)
{
    const sheet *s = data;
    const doc_node *target = xref->ref ? doc_find_id(s->d->root, xref->ref) : NULL;
    if (!target)
        return NULL;
    const secnum *sn = section_of(s, target);
    return sn ? sn->num : "?";
}

/* The inline children of node (stopping at nested blocks) as runs. */
static int collect_inlines(sheet *s, const doc_node *node, const inl_style *st, runs *rs)
{
    lay_inline_opts o = {st->role, st->color, s->t->theme.gap, s->icons, sheet_gap_number, sheet_xref_number, s,
                         s->quiet ? NULL : s->diags};
    return lay_inline_collect(node, &o, rs);
}

/* ---- blocks ----------------------------------------------------------------- */

/* Counts the paragraph's own flaws into the report. */
/* Where a flaw is, so that an author can reword or a template be tuned. */
static void flaw_note(sheet *s, const doc_node *src, const char *what, size_t line, double badness)
{
    if (s->quiet || !src)
        return;
    if (badness >= 0)
        diag_add(s->diags, DIAG_NOTE, src->file, src->line, 0, "layout", "%s line %zu of this block (badness %.0f)",
                 what, line, badness);
    else
        diag_add(s->diags, DIAG_NOTE, src->file, src->line, 0, "layout", "%s at line %zu of this block", what,
                 line);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Records line i's median word space for the sheet's justification figures. */
static void record_spaces(sheet *s, const lay_para *p, size_t i)
{
    double sp[128];
    size_t n = lay_para_line_spaces(p, i, sp, 128, NULL);
    if (n < 2 || n > 128)
        return;
    if (s->nspaces == s->capspaces) {
        size_t cap = s->capspaces ? 2 * s->capspaces : 256;
        double *nv = realloc(s->spaces, cap * sizeof *nv);
        if (!nv)
            return;   /* a figure less, never a failed build */
        s->spaces = nv;
        s->capspaces = cap;
    }
    s->spaces[s->nspaces++] = median(sp, n);
}

void lay_sheet_measure_spaces(sheet *s)
{
    lay_report *r = s->rep;
    r->justified_lines = (int)s->nspaces;
    if (s->nspaces < 1)
        return;
    /* the order of the lines' spaces matters to nothing below: the median
     * sorts them in place, and no copy can fail */
    double med = median(s->spaces, s->nspaces), sum = 0, sum2 = 0;
    int loose = 0;
    for (size_t i = 0; i < s->nspaces; i++) {
        double q = med > 0 ? s->spaces[i] / med : 1;
        loose += q > LAY_LOOSE_RATIO;
        if (q > r->widest_space)
            r->widest_space = q;
        sum += q;
        sum2 += q * q;
    }
    double n = (double)s->nspaces, mean = sum / n;
    r->loose_share = 100.0 * loose / n;
    r->space_spread = sqrt(fmax(0, sum2 / n - mean * mean));
}

static void measure_para(sheet *s, const lay_para *p, int justified, const doc_node *src)
{
    lay_report *r = s->rep;
    size_t n = lay_para_line_count(p);
    int stack = 0;
    if (lay_para_greedy(p))
        r->greedy_paras++;
    for (size_t i = 0; i < n; i++) {
        const lay_line *l = lay_para_line(p, i);
        if (justified && i + 1 < n)
            record_spaces(s, p, i);
        if (l->overfull) {
            r->overfull++;
            flaw_note(s, src, "overfull", i + 1, l->badness);
        }
        if (i + 1 < n) {
            if (justified && l->badness > 1000) {
                r->underfull++;
                flaw_note(s, src, "underfull", i + 1, l->badness);
            }
            if (justified && l->badness > r->worst_badness)
                r->worst_badness = l->badness;
        }
        stack = l->hyphenated ? stack + 1 : 0;
        if (stack == 3) {
            r->hyphen_stacks++;   /* once per stack of three or more */
            flaw_note(s, src, "three hyphenated lines in a row, ending", i + 1, -1);
        }
    }
}

typedef struct para_opts {
    lay_font_role role;
    double size, lead;
    double x, width;
    int justify, hyph;
    int frame;
    int keep_last;          /* no break after the last line (headings) */
    const char *label;      /* list label text */
    lay_font_role label_role;
    dl_color label_color;
    double label_x;
    int rule;
} para_opts;

static lay_para_style para_style(sheet *s, const para_opts *o)
{
    lay_para_style st = lay_para_style_default(o->size, o->width, s->lang, o->hyph ? s->hyph : NULL);
    st.ink_memo = &s->ink;
    st.leading = o->lead;
    st.justify = o->justify;
    if (s->dbg && s->dbg->hyphen_penalty != 0) {
        st.hyphen_penalty = s->dbg->hyphen_penalty;
        st.compound_penalty = s->dbg->hyphen_penalty;
    }
    /* stacked hyphens are what readers of a reference sheet notice first:
     * three times TeX's double-hyphen demerits */
    st.brk.double_hyphen_demerits = 30000;
    if (s->dbg && s->dbg->override_dhd)
        st.brk.double_hyphen_demerits = s->dbg->double_hyphen_demerits;
    return st;
}

static int add_para(sheet *s, const runs *rs, const para_opts *o, const doc_node *src)
{
    if (!rs->n)
        return 0;
    lay_para_style st = para_style(s, o);
    lay_para *p = lay_para_new(s->fonts, &st, rs->r, rs->n);
    if (!p || keep_para(s, p) != 0) {
        lay_para_free(p);
        return -1;
    }
    if (lay_para_missing_glyphs(p) && !s->quiet)
        diag_add(s->diags, DIAG_WARNING, src ? src->file : NULL, src ? src->line : 0, 0, "glyph",
                 "%d character(s) have no glyph in the %s font", lay_para_missing_glyphs(p),
                 lay_font_role_name(o->role));
    measure_para(s, p, o->justify, src);
    lay_para *label = NULL;
    if (o->label) {
        runs lr = {0};
        lay_para_style ls = lay_para_style_default(o->size, o->x - o->label_x, s->lang, NULL);
        ls.justify = 0;
        ls.leading = o->lead;
        if (text_run(&lr, o->label_role, o->label_color, o->label, 1, NULL) == 0)
            label = lay_para_new(s->fonts, &ls, lr.r, lr.n);
        runs_free(&lr);
        if (!label || keep_para(s, label) != 0) {
            lay_para_free(label);
            return -1;
        }
    }
    size_t n = lay_para_line_count(p);
    lay_font_metrics fm = lay_fonts_metrics(s->fonts, o->role, o->size);
    for (size_t i = 0; i < n; i++) {
        vline v = {0};
        v.kind = VL_LINE;
        v.h = o->lead;
        /* the ascender sits in the top of the line, the rest of the leading
         * is shared above and below */
        v.base = (o->lead - (fm.ascender - fm.descender)) / 2 + fm.ascender;
        v.para = p;
        v.line = i;
        v.x = o->x;
        v.frame = o->frame;
        v.label = i == 0 ? label : NULL;
        v.label_x = o->label_x;
        /* a break after line i leaves i+1 lines above and n-i-1 below:
         * both at least two (no orphan, no widow), and the word on the line
         * end is not hyphenated */
        int legal = (i + 1 >= 2 && n - i - 1 >= 2 && !lay_para_line(p, i)->hyphenated) || i + 1 == n;
        v.keep = !legal || (i + 1 == n && o->keep_last);
        if (i + 1 == n && o->rule) {
            v.rule = 1;
            v.h += o->lead * 0.25;
        }
        if (push_vl(s, &v) != 0)
            return -1;
    }
    return 0;
}

static para_opts body_opts(const sheet *s, double x, int frame_i)
{
    para_opts o = {0};
    o.role = LAY_FONT_BODY;
    o.size = s->size;
    o.lead = s->lead;
    o.x = x;
    o.width = s->colw - x - (frame_i ? 4 : 0);
    o.justify = s->t->justify;
    o.hyph = 1;
    o.frame = frame_i;
    return o;
}

static int block(sheet *s, const doc_node *n, double x, int frame_i, int depth);

/* What flows on the sheet: blocks and (nested) sections. */
static int flows(doc_type t)
{
    return t == DOC_SECTION || doc_is_block(t);
}

/* A block's inline content as a paragraph, after an optional bold label
 * ("Importante:") and an italic note in parentheses (a gap's reason). */
static int inline_para(sheet *s, const doc_node *n, const para_opts *o, const char *lead_label, const char *note,
                       dl_color lead_color)
{
    runs rs = {0};
    inl_style st = {o->role, s->t->theme.text};
    int rc = 0;
    if (lead_label) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s:", lead_label);
        rc = text_run(&rs, LAY_FONT_BOLD, lead_color, buf, 1, NULL) || text_run(&rs, o->role, st.color, " ", 0, NULL);
    }
    if (!rc && note) {
        char buf[1024];
        snprintf(buf, sizeof buf, "(%s) ", note);
        rc = text_run(&rs, LAY_FONT_ITALIC, lead_color, buf, 0, NULL);
    }
    if (!rc)
        rc = collect_inlines(s, n, &st, &rs);
    if (!rc)
        rc = add_para(s, &rs, o, n);
    runs_free(&rs);
    return rc;
}

static int nested_blocks(sheet *s, const doc_node *n, double x, int frame_i, int depth)
{
    for (const doc_node *c = n->first; c; c = c->next)
        if (doc_is_block(c->type) && block(s, c, x, frame_i, depth + 1) != 0)
            return -1;
    return 0;
}

static int new_frame(sheet *s, dl_color bg, dl_color bar, double x)
{
    GROW(s->frames, s->nframes, s->capframes);
    s->frames[s->nframes++] = (frame){bg, bar, x};
    return 0;
}

/* Whether item's first visible content is an icon (white space before it
 * does not count). */
static int starts_with_icon(const doc_node *item)
{
    for (const doc_node *c = item->first; c; c = c->next) {
        if (c->type == DOC_ICON)
            return 1;
        if (c->type != DOC_TEXT)
            return 0;
        for (const char *t = c->text ? c->text : ""; *t; t++)
            if (*t != ' ' && *t != '\n' && *t != '\t')
                return 0;
    }
    return 0;
}

static int list_block(sheet *s, const doc_node *n, double x, int frame_i, int depth, int steps)
{
    const char *style = n->variant ? n->variant : "bullet";
    int numbered = steps || strcmp(style, "number") == 0, plain = !steps && strcmp(style, "plain") == 0;
    lay_font_role lrole = steps ? LAY_FONT_BOLD : LAY_FONT_BODY;
    /* the label column is as wide as the widest label */
    int count = 0;
    for (const doc_node *c = n->first; c; c = c->next)
        count++;
    char widest[16];
    snprintf(widest, sizeof widest, "%d.", count);
    double numw = numbered ? lay_text_width(s->fonts, lrole, s->size, widest, strlen(widest)) : 0;
    if (numw < 0)
        return -1;   /* out of memory */
    double lw = plain ? 0 : numbered ? numw + 0.4 * s->size : 0.9 * s->size;
    int k = 0;
    for (const doc_node *c = n->first; c; c = c->next) {
        if (c->type != DOC_ITEM && c->type != DOC_STEP)
            continue;
        k++;
        if (k > 1 && add_space(s, s->lead * (steps ? 0.25 : 0.1), frame_i, 0) != 0)
            return -1;
        if (c->id && add_anchor(s, c->id, NULL, -1) != 0)
            return -1;
        para_opts o = body_opts(s, x + lw, frame_i);
        char label[16];
        /* an icon at the head of a bulleted item is its marker: no bullet
         * beside it (the icon keeps the item's indent) */
        if (!plain && !(!numbered && starts_with_icon(c))) {
            if (numbered)
                snprintf(label, sizeof label, "%d.", k);
            else
                snprintf(label, sizeof label, "%s", depth > 1 ? "\xE2\x80\x93" : "\xE2\x80\xA2");
            o.label = label;
            o.label_role = lrole;
            o.label_color = steps ? s->t->theme.accent : s->t->theme.text;
            o.label_x = x;
        }
        if (inline_para(s, c, &o, NULL, NULL, s->t->theme.text) != 0)
            return -1;
        if (nested_blocks(s, c, x + lw, frame_i, depth) != 0)
            return -1;
    }
    return 0;
}

static int callout_block(sheet *s, const doc_node *n, double x, int depth, const char *label, const char *note,
                         dl_color bg, dl_color bar)
{
    if (new_frame(s, bg, bar, x) != 0)
        return -1;
    int fi = (int)s->nframes;
    double pad = 0.45 * s->size;
    if (add_space(s, s->lead * 0.3, 0, 0) != 0)
        return -1;
    /* the frame's own top padding: kept with what follows */
    vline top = {0};
    top.kind = VL_SPACE;
    top.h = pad;
    top.keep = 1;
    top.frame = fi;
    if (push_vl(s, &top) != 0)
        return -1;
    if (n->id && add_anchor(s, n->id, NULL, -1) != 0)
        return -1;
    para_opts o = body_opts(s, x + pad + 2, fi);
    o.width = s->colw - o.x - pad;
    if (inline_para(s, n, &o, label, note, bar) != 0)
        return -1;
    for (const doc_node *c = n->first; c; c = c->next)
        if (doc_is_block(c->type) && block(s, c, x + pad + 2, fi, depth + 1) != 0)
            return -1;
    /* the frame's bottom padding stays with its last line: a column break
     * between them would leave an empty sliver of the box at the top of
     * the next column */
    if (s->nvl)
        s->vl[s->nvl - 1].keep = 1;
    vline bot = top;
    bot.keep = 0;
    if (push_vl(s, &bot) != 0)
        return -1;
    return add_space(s, s->lead * 0.3, 0, 0);
}

/* A table of at most this many rows below its head is never split: a
 * reader compares its rows at a glance. */
#define SHORT_TABLE_ROWS 8

/* Cell padding in em: a glossary (a termlist's table) is a list to scan,
 * not to read, and packs tighter. */
#define CELL_PAD 0.3
#define CELL_PAD_COMPACT 0.12

static int table_compact(const doc_node *n)
{
    return n->variant && strcmp(n->variant, "termlist") == 0;
}

/* Raises nat and minw (ncol widths) to the natural and minimal widths of
 * the cells of rows rowsn[0..nr), measured on one line, pad each side. */
static int measure_columns(sheet *s, const doc_node *const *rowsn, size_t nr, size_t ncol, double pad, double *nat,
                           double *minw)
{
    for (size_t r = 0; r < nr; r++) {
        size_t k = 0;
        for (const doc_node *cell = rowsn[r]->first; cell && k < ncol; cell = cell->next, k++) {
            runs rs = {0};
            inl_style st = {rowsn[r]->type == DOC_TABLE_HEAD ? LAY_FONT_BOLD : LAY_FONT_BODY, s->t->theme.text};
            int quiet = s->quiet;
            s->quiet = 1;   /* the cells are collected again below */
            int crc = collect_inlines(s, cell, &st, &rs);
            s->quiet = quiet;
            if (crc != 0) {
                runs_free(&rs);
                return -1;
            }
            if (rs.n) {
                /* measured without hyphenation: a column is at least as wide
                 * as its widest word, so short words ("Faccia") stay whole */
                lay_para_style ps = lay_para_style_default(s->size, 1e5, s->lang, NULL);
                ps.justify = 0;
                lay_para *p = lay_para_new(s->fonts, &ps, rs.r, rs.n);
                if (p) {
                    double w = lay_para_natural_width(p) + 2 * pad, m = lay_para_min_width(p) + 2 * pad;
                    if (w > nat[k])
                        nat[k] = w;
                    if (m > minw[k])
                        minw[k] = m;
                }
                lay_para_free(p);
            }
            runs_free(&rs);
        }
    }
    return 0;
}

/* Lays out a table of nr rows (rowsn, head first) and ncol columns at the
 * column widths measured in nat and minw (ncol each, of this table and the
 * tables it shares widths with); cw is a scratch array of ncol. */
static int table_rows(sheet *s, const doc_node *n, double x, const doc_node *const *rowsn, size_t nr, size_t ncol,
                      const double *nat, const double *minw, double *cw)
{
    double pad = (table_compact(n) ? CELL_PAD_COMPACT : CELL_PAD) * s->size, avail = s->colw - x;
    double tot = 0, totmin = 0;
    for (size_t k = 0; k < ncol; k++) {
        tot += nat[k];
        totmin += minw[k];
    }
    for (size_t k = 0; k < ncol; k++) {
        if (tot <= avail)
            cw[k] = nat[k] + (avail - tot) * (nat[k] / (tot > 0 ? tot : 1));
        else if (totmin <= avail)   /* every column its minimum, the rest shared by want */
            cw[k] = minw[k] + (avail - totmin) * ((nat[k] - minw[k]) / (tot - totmin > 0 ? tot - totmin : 1));
        else
            cw[k] = avail * (minw[k] / totmin);   /* overfull cells are measured and reported */
    }
    size_t body = 0;
    for (size_t r = 0; r < nr; r++)
        body += rowsn[r]->type != DOC_TABLE_HEAD;
    int short_table = body <= SHORT_TABLE_ROWS;
    GROW(s->tables, s->ntables, s->captables);
    s->tables[s->ntables++] = -1;
    int ti = (int)s->ntables;
    if (add_space(s, s->lead * 0.3, 0, 0) != 0)
        return -1;
    if (n->id && add_anchor(s, n->id, NULL, -1) != 0)
        return -1;
    for (size_t r = 0; r < nr; r++) {
        int head = rowsn[r]->type == DOC_TABLE_HEAD;
        GROW(s->rows, s->nrows, s->caprows);
        row *rw = &s->rows[s->nrows];
        memset(rw, 0, sizeof *rw);
        rw->cells = calloc(ncol, sizeof *rw->cells);
        rw->cx = calloc(ncol, sizeof *rw->cx);
        if (!rw->cells || !rw->cx) {
            free(rw->cells);
            free(rw->cx);
            return -1;
        }
        s->nrows++;
        rw->n = ncol;
        rw->x = x;
        rw->w = avail;
        rw->pad = pad;
        rw->head = head;
        if (rowsn[r]->id && add_anchor(s, rowsn[r]->id, NULL, -1) != 0)
            return -1;
        size_t k = 0, maxl = 1;
        double cx = 0;
        for (const doc_node *cell = rowsn[r]->first; cell && k < ncol; cell = cell->next, k++) {
            rw->cx[k] = cx;
            runs rs = {0};
            inl_style st = {head ? LAY_FONT_BOLD : LAY_FONT_BODY, s->t->theme.text};
            if (collect_inlines(s, cell, &st, &rs) != 0) {
                runs_free(&rs);
                return -1;
            }
            if (rs.n) {
                para_opts o = body_opts(s, 0, 0);
                o.width = cw[k] - 2 * pad;
                o.justify = 0;   /* narrow cells rag better than they justify */
                lay_para_style ps = para_style(s, &o);
                lay_para *p = lay_para_new(s->fonts, &ps, rs.r, rs.n);
                if (!p || keep_para(s, p) != 0) {
                    lay_para_free(p);
                    runs_free(&rs);
                    return -1;
                }
                measure_para(s, p, 0, NULL);
                rw->cells[k] = p;
                if (lay_para_line_count(p) > maxl)
                    maxl = lay_para_line_count(p);
            }
            runs_free(&rs);
            cx += cw[k];
        }
        vline v = {0};
        v.kind = VL_ROW;
        v.h = (double)maxl * s->lead + 2 * pad;
        v.x = x;
        v.table = ti;
        v.head = head;
        v.row = s->nrows - 1;
        /* a head never ends a column, nor does any row but the last of a
         * short table */
        v.keep = head || (short_table && r + 1 < nr);
        if (head)
            s->tables[ti - 1] = (long)s->nvl;
        if (push_vl(s, &v) != 0)
            return -1;
    }
    return add_space(s, s->lead * 0.3, 0, 0);
}

/* The rows of table n (head first, as the schema orders them) into rowsn
 * when given; returns their number, and the widest row's cells in *ncol. */
static size_t table_shape(const doc_node *n, const doc_node **rowsn, size_t *ncol)
{
    size_t nr = 0;
    *ncol = 0;
    for (const doc_node *c = n->first; c; c = c->next)
        if (c->type == DOC_TABLE_HEAD || c->type == DOC_ROW) {
            if (rowsn)
                rowsn[nr] = c;
            nr++;
            size_t k = 0;
            for (const doc_node *cell = c->first; cell; cell = cell->next)
                k++;
            if (k > *ncol)
                *ncol = k;
        }
    return nr;
}

/* The outermost section around n (a numbered chapter: "6 Combattimento"
 * holds the tables of 6.1 and 6.2), or NULL. */
static const doc_node *section_around(const doc_node *n)
{
    const doc_node *sec = NULL;
    for (n = n->parent; n; n = n->parent)
        if (n->type == DOC_SECTION)
            sec = n;
    return sec;
}

/* Two tables of the same structure: as many columns, the same head (cell
 * by cell, as text), and the same compactness. */
static int same_structure(const doc_node *a, const doc_node *b)
{
    size_t ca, cb;
    table_shape(a, NULL, &ca);
    table_shape(b, NULL, &cb);
    if (ca != cb || table_compact(a) != table_compact(b))
        return 0;
    const doc_node *ha = a->first, *hb = b->first;
    while (ha && ha->type != DOC_TABLE_HEAD)
        ha = ha->next;
    while (hb && hb->type != DOC_TABLE_HEAD)
        hb = hb->next;
    if (!ha || !hb)
        return !ha && !hb;
    const doc_node *x = ha->first, *y = hb->first;
    int same = 1;
    for (; x && y && same; x = x->next, y = y->next) {
        char *tx = doc_plain_text(x), *ty = doc_plain_text(y);
        same = tx && ty && strcmp(tx, ty) == 0;
        free(tx);
        free(ty);
    }
    return same && !x && !y;
}

/* Every row and every column is laid out, however many: the arrays are
 * sized from the table (they once held 512 rows and 12 columns and dropped
 * the rest without a word). Tables of the same structure in one section
 * (with its subsections) share their column widths, measured over all their
 * rows, so that their columns line up and the reader finds the same thing
 * in the same place. */
static int table_block(sheet *s, const doc_node *n, double x)
{
    size_t ncol;
    size_t nr = table_shape(n, NULL, &ncol);
    if (!nr || !ncol)
        return 0;
    const doc_node **rowsn = calloc(nr, sizeof *rowsn);
    double *widths = calloc(3 * ncol, sizeof *widths);
    double pad = (table_compact(n) ? CELL_PAD_COMPACT : CELL_PAD) * s->size;
    int rc = rowsn && widths ? 0 : -1;
    const doc_node *sec = section_around(n);
    doc_iter it;
    doc_iter_init(&it, sec ? sec : s->d->root);
    doc_event ev;
    while (!rc && (ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        const doc_node *t = it.cur;
        if (ev != DOC_EV_ENTER || t->type != DOC_TABLE || section_around(t) != sec)
            continue;
        if (t != n && !same_structure(t, n))
            continue;
        size_t tc, tn = table_shape(t, NULL, &tc);
        const doc_node **tr = calloc(tn ? tn : 1, sizeof *tr);
        if (!tr) {
            rc = -1;
            break;
        }
        table_shape(t, tr, &tc);
        rc = measure_columns(s, tr, tn, ncol, pad, widths, widths + ncol);
        free(tr);
    }
    if (!rc) {
        table_shape(n, rowsn, &ncol);
        rc = table_rows(s, n, x, rowsn, nr, ncol, widths, widths + ncol, widths + 2 * ncol);
    }
    free(rowsn);
    free(widths);
    return rc;
}

static int heading(sheet *s, const doc_node *sec, const doc_node *h, int level)
{
    int li = level < 1 ? 0 : level > 3 ? 2 : level - 1;
    double size = s->size * s->t->h_scale[li];
    if (add_space(s, s->lead * s->t->h_before[li], 0, 0) != 0)
        return -1;
    const secnum *sn = section_of(s, sec);
    runs rs = {0};
    inl_style st = {LAY_FONT_HEADING, s->t->theme.accent};
    char num[48];
    /* the number and the title never part: an en space (U+2002) is not a break */
    snprintf(num, sizeof num, "%s\xE2\x80\x82", sn ? sn->num : "");
    int rc = text_run(&rs, LAY_FONT_HEADING, st.color, num, 1, NULL) || collect_inlines(s, h, &st, &rs);
    char *plain = rc ? NULL : doc_plain_text(h);
    char *title = NULL;
    if (plain) {
        size_t tl = strlen(plain) + 40;
        title = malloc(tl);
        if (title)
            snprintf(title, tl, "%s %s", sn ? sn->num : "", plain);
    }
    free(plain);
    if (!title)
        rc = -1;   /* out of memory: never a bookmark without its title */
    if (!rc)
        rc = add_anchor(s, sec->id, title, li);
    if (!rc) {
        para_opts o = body_opts(s, 0, 0);
        o.role = LAY_FONT_HEADING;
        o.size = size;
        o.lead = size * 1.2;
        o.justify = 0;
        o.hyph = 0;
        o.keep_last = 1;
        o.rule = li == 0;
        /* every line of a heading stays with the next */
        size_t first = s->nvl;
        rc = add_para(s, &rs, &o, h);
        for (size_t i = first; i < s->nvl; i++)
            s->vl[i].keep = 1;
    }
    runs_free(&rs);
    if (!rc)
        rc = add_space(s, s->lead * s->t->h_after[li], 0, 1);
    return rc;
}

static const doc_node *flow_title(const sheet *s, const char *flow)
{
    for (const doc_node *c = s->d->root->first; c && flow; c = c->next)
        if (c->type == DOC_FLOWTEXT && c->ref && strcmp(c->ref, flow) == 0)
            for (const doc_node *t = c->first; t; t = t->next)
                if (t->type == DOC_TITLE)
                    return t;
    return NULL;
}

static int block(sheet *s, const doc_node *n, double x, int frame_i, int depth)
{
    const lay_theme *th = &s->t->theme;
    switch (n->type) {
    case DOC_SECTION: {
        int level = 0;
        for (const doc_node *p = n; p; p = p->parent)
            if (p->type == DOC_SECTION)
                level++;
        const doc_node *h = n->first && n->first->type == DOC_HEADING ? n->first : NULL;
        if (h && heading(s, n, h, level) != 0)
            return -1;
        for (const doc_node *c = n->first; c; c = c->next)
            if (c != h && flows(c->type) && block(s, c, x, frame_i, depth) != 0)
                return -1;
        return 0;
    }
    case DOC_PARA: {
        if (add_space(s, s->lead * s->t->block_space, frame_i, 0) != 0)
            return -1;
        if (n->id && add_anchor(s, n->id, NULL, -1) != 0)
            return -1;
        para_opts o = body_opts(s, x, frame_i);
        /* a paragraph that introduces a list ("... sacchetto:") stays with it */
        o.keep_last = n->next && (n->next->type == DOC_LIST || n->next->type == DOC_STEPS);
        return inline_para(s, n, &o, NULL, NULL, th->text);
    }
    case DOC_LIST:
    case DOC_STEPS:
        if (add_space(s, s->lead * s->t->block_space, frame_i, 0) != 0)
            return -1;
        if (n->id && add_anchor(s, n->id, NULL, -1) != 0)
            return -1;
        return list_block(s, n, x, frame_i, depth + 1, n->type == DOC_STEPS);
    case DOC_CALLOUT: {
        const char *v = n->variant ? n->variant : "important";
        const char *label = strcmp(v, "tip") == 0 ? s->w->tip : strcmp(v, "example") == 0 ? s->w->example
                                                                                          : s->w->important;
        dl_color bg = strcmp(v, "tip") == 0 ? th->tip : strcmp(v, "example") == 0 ? th->example : th->important;
        return callout_block(s, n, x, depth, label, NULL, bg, th->accent);
    }
    case DOC_EXAMPLE:
        return callout_block(s, n, x, depth, s->w->example, NULL, th->example, th->accent);
    case DOC_GAP_BLOCK:
        return callout_block(s, n, x, depth, s->w->gap, n->reason ? n->reason : "?", (dl_color){1, 1, 1}, th->gap);
    case DOC_TABLE:
        return table_block(s, n, x);
    case DOC_FLOWREF: {
        /* The flowchart is its own output; here only a line that points to
         * it (a drawn placeholder would pretend to be the chart). */
        if (add_space(s, s->lead * s->t->block_space, frame_i, 0) != 0)
            return -1;
        if (n->id && add_anchor(s, n->id, NULL, -1) != 0)
            return -1;
        runs rs = {0};
        char buf[256];
        snprintf(buf, sizeof buf, "\xE2\x86\x92\xC2\xA0%s ", s->w->flowchart);
        int rc = text_run(&rs, LAY_FONT_BOLD, th->accent, buf, 1, NULL);
        const doc_node *title = flow_title(s, n->ref);
        if (!rc && title) {
            inl_style st = {LAY_FONT_ITALIC, th->text};
            rc = collect_inlines(s, title, &st, &rs);
        } else if (!rc) {
            rc = text_run(&rs, LAY_FONT_ITALIC, th->text, n->ref ? n->ref : "?", 1, NULL);
        }
        snprintf(buf, sizeof buf, " (%s)", s->w->own_sheet);
        if (!rc)
            rc = text_run(&rs, LAY_FONT_BODY, th->text, buf, 0, NULL);
        para_opts o = body_opts(s, x, frame_i);
        o.justify = 0;
        if (!rc)
            rc = add_para(s, &rs, &o, n);
        runs_free(&rs);
        return rc;
    }
    case DOC_ITEM:
    case DOC_STEP:
    case DOC_ROW:
    case DOC_TABLE_HEAD:
    case DOC_CELL:
    case DOC_HEADING:
        /* handled by their parents */
        return 0;
    default:
        return 0;   /* titles, flowtext, cardtext: not part of the sheet's flow */
    }
}

/* ---- numbering ------------------------------------------------------------ */

static int number_sections(sheet *s)
{
    int counters[16] = {0};
    doc_iter it;
    doc_iter_init(&it, s->d->root);
    doc_event ev;
    int depth = 0;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        const doc_node *n = it.cur;
        if (n->type != DOC_SECTION)
            continue;
        if (ev == DOC_EV_EXIT) {
            depth--;
            continue;
        }
        if (depth < 15) {
            counters[depth]++;
            for (int k = depth + 1; k < 16; k++)
                counters[k] = 0;
        }
        GROW(s->secs, s->nsecs, s->capsecs);
        secnum *sn = &s->secs[s->nsecs++];
        sn->sec = n;
        sn->level = depth + 1;
        sn->num[0] = '\0';
        for (int k = 0; k <= depth && k < 15; k++) {
            size_t l = strlen(sn->num);
            snprintf(sn->num + l, sizeof sn->num - l, "%s%d", k ? "." : "", counters[k]);
        }
        if (n->first)
            depth++;
    }
    return 0;
}

/* ---- columns and pages ---------------------------------------------------- */

static int join_lines(char *buf, size_t cap, const char *const *lines, const char *sep)
{
    size_t l = strlen(buf);
    for (size_t i = 0; lines && lines[i]; i++) {
        int w = snprintf(buf + l, cap - l, "%s%s", l ? sep : "", lines[i]);
        if (w < 0 || (size_t)w >= cap - l)
            return -1;
        l += (size_t)w;
    }
    return 0;
}

int lay_footer_line(char *buf, size_t cap, const char *const *credits, const char *const *licences,
                    const char *lang)
{
    const char *note[] = {words_for(lang)->print100, NULL};
    return join_lines(buf, cap, credits, " \xC2\xB7 ") | join_lines(buf, cap, licences, " \xC2\xB7 ") |
           join_lines(buf, cap, note, " \xC2\xB7 ");
}

const char *lay_word_flowchart(const char *lang)
{
    return words_for(lang)->flowchart;
}

const char *lay_word_unverified(const char *lang)
{
    return words_for(lang)->unverified;
}


/* Whether the first credit is the "not verified" mark cmd_build puts there. */
int lay_sheet_unverified_mark(const sheet *s)
{
    const char *const *c = s->meta->credits;
    return c && c[0] && strcmp(c[0], s->w->unverified) == 0;
}

static int make_furniture(sheet *s, furniture *fu)
{
    const lay_template *t = s->t;
    double fs = t->furniture_size;
    fu->foot = NULL;
    /* one line: the credits and licences are in the colophon */
    fu->footer_h = fs * 1.2 + fs * 1.2;
    fu->title_h = t->title_size * 1.25 + 11 * 1.3 + 10;
    fu->header_h = fs * 1.2 + 8;
    return 0;
}

/* Appends src to buf, bounded. The licences arrive in the sheet's words
 * (cmd_build localizes them with lay_localize_credit); credits are their
 * authors' words and are never rewritten. */
static void colophon_append(char *buf, size_t cap, const char *src)
{
    size_t l = strlen(buf);
    snprintf(buf + l, cap - l, "%s", src);
}

/* The colophon: credits, the licences of fonts and icons and the print
 * note, once, in small type at the end of the text, kept in one piece. */
static int colophon(sheet *s)
{
    char buf[4096] = "";
    const char *const *cr = s->meta->credits;
    size_t first = lay_sheet_unverified_mark(s) ? 1 : 0;
    if (cr && cr[first]) {
        snprintf(buf, sizeof buf, "%s: ", s->w->source);
        for (size_t i = first; cr[i]; i++) {
            if (i > first)
                colophon_append(buf, sizeof buf, "; ");
            colophon_append(buf, sizeof buf, cr[i]);
        }
        /* a credit that ends its own sentence ("… des Bogens.") */
        size_t bl = strlen(buf);
        colophon_append(buf, sizeof buf, bl && buf[bl - 1] == '.' ? " " : ". ");
    }
    for (size_t i = 0; s->meta->licences && s->meta->licences[i]; i++) {
        colophon_append(buf, sizeof buf, s->meta->licences[i]);
        colophon_append(buf, sizeof buf, ". ");
    }
    colophon_append(buf, sizeof buf, s->w->print100);
    colophon_append(buf, sizeof buf, ".");
    runs rs = {0};
    dl_color grey = {0.33, 0.33, 0.33};
    if (text_run(&rs, LAY_FONT_BODY, grey, buf, 0, NULL) != 0) {
        runs_free(&rs);
        return -1;
    }
    if (add_space(s, s->lead, 0, 0) != 0) {
        runs_free(&rs);
        return -1;
    }
    para_opts o = body_opts(s, 0, 0);
    o.size = s->t->furniture_size;
    o.lead = o.size * 1.25;
    o.justify = 0;
    o.hyph = 0;
    size_t from = s->nvl;
    int rc = add_para(s, &rs, &o, NULL);
    runs_free(&rs);
    for (size_t i = from; i + 1 < s->nvl; i++)
        s->vl[i].keep = 1;
    return rc;
}

static void sheet_reset(sheet *s)
{
    for (size_t i = 0; i < s->nparas; i++)
        lay_para_free(s->paras[i]);
    for (size_t i = 0; i < s->nrows; i++) {
        free(s->rows[i].cells);
        free(s->rows[i].cx);
    }
    for (size_t i = 0; i < s->nanchors; i++)
        free(s->anchors[i].title);
    s->nparas = s->nrows = s->nanchors = s->nvl = s->nframes = s->ntables = s->npages = 0;
    s->nspaces = 0;
}

static void sheet_free(sheet *s)
{
    sheet_reset(s);
    free(s->paras);
    free(s->rows);
    free(s->anchors);
    free(s->vl);
    free(s->frames);
    free(s->tables);
    free(s->pages);
    free(s->secs);
    free(s->vpage);
    free(s->vy);
    free(s->vxcol);
    free(s->gaps);
    free(s->spaces);
    doc_free(s->notes_doc);
    lay_hyph_free(s->hyph);
    lay_ink_memo_free(&s->ink);
}

/* Numbers the inline gaps in reading order and builds the box of notes:
 * "[n] what the source leaves open and what this sheet assumes", each in
 * the words of the gap's reason (the author writes it for players). */
static int number_gaps(sheet *s)
{
    doc_iter it;
    doc_iter_init(&it, s->d->root);
    doc_event ev;
    size_t cap = 0;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        if (ev != DOC_EV_ENTER || it.cur->type != DOC_GAP)
            continue;
        /* flowchart labels and card texts are printed elsewhere */
        int printed = 1;
        for (const doc_node *p = it.cur->parent; p; p = p->parent)
            if (p->type == DOC_FLOWTEXT || p->type == DOC_CARDTEXT)
                printed = 0;
        if (!printed)
            continue;
        GROW(s->gaps, s->ngaps, cap);
        s->gaps[s->ngaps++] = it.cur;
    }
    if (!s->ngaps)
        return 0;
    doc *nd = calloc(1, sizeof *nd);
    doc_node *root = nd ? doc_node_new(nd, DOC_SUMMARY) : NULL;
    doc_node *sec = doc_node_new(nd, DOC_SECTION), *box = doc_node_new(nd, DOC_CALLOUT);
    doc_node *list = doc_node_new(nd, DOC_LIST);
    if (nd)
        nd->root = root;
    s->notes_doc = nd;
    if (!root || !sec || !box || !list || doc_append(root, sec) || doc_append(sec, box) || doc_append(box, list)) {
        free(sec), free(box), free(list);
        return -1;
    }
    list->variant = strdup("plain");
    for (size_t g = 0; g < s->ngaps; g++) {
        doc_node *item = doc_node_new(nd, DOC_ITEM), *text = doc_node_new(nd, DOC_TEXT);
        char *t = NULL;
        const char *why = s->gaps[g]->reason ? s->gaps[g]->reason : "";
        size_t len = strlen(why) + 32;
        if (item && text && (t = malloc(len)))
            snprintf(t, len, "[%zu]\xC2\xA0%s", g + 1, why);
        text ? (void)(text->text = t) : free(t);
        if (!item || !text || !t || doc_append(item, text) || doc_append(list, item)) {
            free(item), free(text);
            return -1;
        }
    }
    s->notes = box;
    return 0;
}

/* One complete layout at the current size; fills the report. */
static int lay_out(sheet *s, furniture *fu)
{
    sheet_reset(s);
    memset(s->rep, 0, sizeof *s->rep);
    s->rep->body_size = s->size;
    s->rep->leading = s->lead;
    const lay_template *t = s->t;
    s->colw = (t->page_w - t->margin_inner - t->margin_outer - (t->columns - 1) * t->column_gap) / t->columns;
    if (s->dbg)
        s->colw -= s->dbg->column_width_delta;
    for (const doc_node *c = s->d->root->first; c; c = c->next)
        if (flows(c->type) && block(s, c, 0, 0, 0) != 0)
            return -1;
    if (s->notes && callout_block(s, s->notes, 0, 0, s->w->open_points, NULL, (dl_color){1, 1, 1},
                                  s->t->theme.gap) != 0)
        return -1;
    if (colophon(s) != 0)
        return -1;
    int overflow = 0;
    s->title_h = fu->title_h;
    s->header_h = fu->header_h;
    s->footer_h = fu->footer_h;
    if (lay_page_paginate(s, fu->title_h, fu->header_h, fu->footer_h, &overflow) != 0)
        return -1;
    s->rep->overflow = overflow;
    lay_page_measure(s);
    return 0;
}

/* Fill, not only shrink: the largest body size up to the template's
 * ceiling at which the sheet, on no more pages than it has now (or than
 * --pages asks), fills its last page to LAY_FILL_GOAL; failing that the
 * largest whose last page is not 70 % blank; failing that it stays. A size
 * with more flaws than the first is never taken. Without
 * --pages the body shrinks at most 1 pt below the template's size.
 *
 * The sizes are tried from the ceiling down in 0.25 pt steps, but not all
 * of them. The search assumes that a larger body never takes fewer pages,
 * nor, on as many pages, less of the last one (the text only grows with
 * it; keeps and column balancing could break that, and the tests compare
 * the search with trying every size to see that they do not). So the sizes above
 * the first that fits the pages are not laid out (a bisection finds it),
 * and once a size on p pages leaves the last page under the goal, the
 * smaller sizes still on p pages would too: the search bisects on to the
 * first size on fewer pages. A size short of the goal by its flaws only is
 * stepped past one by one, as before. Only when no size reaches the goal
 * are the sizes walked one by one for the fallback. In a build of
 * everything the searches lay out 78 sheets (67 trials, and 11 sheets again
 * at the size chosen) where they laid out 112, and pick the same sizes
 * (outputs byte-identical); dbg->fill_every_size tries every size as
 * before, and the tests compare the two. Every layout's report is kept by
 * its size; the sheet stays at the last size laid out, and the end lays it
 * out at the size chosen when that is another. */
typedef struct fill_search {
    sheet *s;
    furniture *fu;
    double top;             /* the largest size tried */
    int n;                  /* sizes from top down to the floor */
    lay_report *at;         /* each size's report, once laid out */
    unsigned char *done;
} fill_search;

static double fill_size(const fill_search *fs, int i)
{
    return fs->top - 0.25 * i;
}

/* Size i's report, laid out when it is not known yet; NULL on failure. */
static const lay_report *fill_try(fill_search *fs, int i)
{
    if (fs->done[i])
        return &fs->at[i];
    sheet *s = fs->s;
    s->size = fill_size(fs, i);
    s->lead = s->size * s->t->leading;
    s->quiet = 1;
    if (lay_out(s, fs->fu) != 0)
        return NULL;
    fs->at[i] = *s->rep;
    fs->done[i] = 1;
    return &fs->at[i];
}

/* The first size of [lo, hi) on at most pages pages, or hi (hi itself being
 * known to be so, or past the end); -2 on failure. */
static int fill_first_on(fill_search *fs, int lo, int hi, int pages)
{
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        const lay_report *r = fill_try(fs, mid);
        if (!r)
            return -2;
        if (r->pages <= pages)
            hi = mid;
        else
            lo = mid + 1;
    }
    return hi;
}

static int fill_pages(sheet *s, furniture *fu)
{
    const lay_template *t = s->t;
    lay_report *rep = s->rep;
    int asked = s->meta->pages > 0;
    if (!asked && rep->last_page_fill >= LAY_FILL_GOAL)
        return 0;
    int maxp = asked ? s->meta->pages : rep->pages, flaws = lay_report_flaws(rep);
    double was = s->size, lo = asked ? t->min_body_size : fmax(t->min_body_size, t->body_size - 1.0);
    fill_search fs = {s, fu, fmax(t->max_body_size, was), 0, NULL, NULL};
    while (fill_size(&fs, fs.n) >= lo - 1e-9)
        fs.n++;
    fs.at = calloc(fs.n ? (size_t)fs.n : 1, sizeof *fs.at);
    fs.done = calloc(fs.n ? (size_t)fs.n : 1, 1);
    if (!fs.at || !fs.done) {
        free(fs.at);
        free(fs.done);
        return -1;
    }
    /* the size the sheet has is laid out already, on no more than maxp
     * pages: its report is the first one known */
    int known = fs.n;
    for (int i = 0; i < fs.n; i++)
        if (fabs(fill_size(&fs, i) - was) < 1e-9) {
            fs.at[i] = *rep;
            fs.done[i] = 1;
            known = i;
        }
    int every = s->dbg && s->dbg->fill_every_size;
    int best = -1, fallback = -1, rc = 0;
    int first = every ? 0 : fill_first_on(&fs, 0, known, maxp), i = first;
    while (i >= 0 && i < fs.n) {
        const lay_report *r = fill_try(&fs, i);
        if (!r) {
            i = -2;
            break;
        }
        int fits = r->pages <= maxp && lay_report_flaws(r) <= flaws;   /* never a flaw the first size did not have */
        if (fits && r->last_page_fill >= LAY_FILL_GOAL) {
            best = i;
            break;
        }
        if (every || r->last_page_fill >= LAY_FILL_GOAL || r->pages <= 1)
            i++;
        else
            i = fill_first_on(&fs, i + 1, fs.n, r->pages - 1);
    }
    /* no size reaches the goal: the first from the top (on no more pages,
     * no more flaws) whose last page is at least 30 % full, all of them
     * from the first on no more pages laid out now */
    for (int k = first; i != -2 && best < 0 && fallback < 0 && k < fs.n; k++) {
        const lay_report *r = fill_try(&fs, k);
        if (!r)
            i = -2;
        else if (r->pages <= maxp && lay_report_flaws(r) <= flaws && (r->last_page_fill >= 0.3 || asked))
            fallback = k;
    }
    double z = best >= 0 ? fill_size(&fs, best) : fallback >= 0 ? fill_size(&fs, fallback) : was;
    if (i == -2)
        rc = -1;
    else if (fabs(z - s->size) >= 1e-9) {
        s->size = z;
        s->lead = z * t->leading;
        rc = lay_out(s, fu);
    }
    free(fs.at);
    free(fs.done);
    return rc;
}

int lay_sheet_build_dev(const doc *d, const lay_sheet_meta *meta, const lay_template *t, const lay_fonts *fonts,
                        const icon_set *icons, dev_device *dev, dl_list *fonts_list,
                        const lay_sheet_debug *dbg, lay_report *rep, diag_list *diags)
{
    lay_report dummy;
    if (!rep)
        rep = &dummy;
    memset(rep, 0, sizeof *rep);
    if (!d || !d->root || !meta || !t || !fonts || !dev)
        return -1;
    size_t errors_before = diags->errors;
    sheet s;
    memset(&s, 0, sizeof s);
    s.d = d;
    s.meta = meta;
    s.t = t;
    s.fonts = fonts;
    s.icons = icons;
    s.dbg = dbg;
    s.diags = diags;
    s.rep = rep;
    s.lang = meta->lang ? meta->lang : d->root->value;
    s.w = words_for(s.lang);
    s.hyph = lay_hyph_new(s.lang, meta->hyph_dir, diags);
    if (s.hyph) {
        char path[4096];
        const char *exc = meta->hyph_exceptions;
        if (!exc && t->dir) {
            snprintf(path, sizeof path, "%s/hyphenation.xml", t->dir);
            exc = path;
        }
        if (exc && lay_hyph_load_exceptions(s.hyph, exc, diags) < 0) {
            sheet_free(&s);
            return -1;
        }
    }
    /* the sheet's subtitle: from the meta, else the summary's own */
    lay_sheet_meta m = *meta;
    char *sub = NULL;
    int rc = 0;
    if (!m.subtitle)
        for (const doc_node *c = d->root->first; c; c = c->next)
            if (c->type == DOC_SUBTITLE) {
                rc = (sub = doc_plain_text(c)) ? 0 : -1;
                break;
            }
    if (sub)
        m.subtitle = sub;
    s.meta = &m;

    if (!rc)
        rc = number_sections(&s);
    if (!rc)
        rc = number_gaps(&s);
    furniture fu = {0};
    if (!rc)
        rc = make_furniture(&s, &fu);
    s.size = t->body_size;
    s.lead = t->body_size * t->leading;
    if (!rc)
        rc = lay_out(&s, &fu);
    /* fit to N pages: shrink size and leading together, down to the floor */
    while (!rc && meta->pages > 0 && rep->pages > meta->pages) {
        double next = s.size - 0.25;
        if (next < t->min_body_size - 1e-9) {
            diag_add(diags, DIAG_ERROR, d->path, 0, 0, "fit",
                     "the sheet needs %d page(s) even with the body at the %.2g pt floor; %d asked for "
                     "(shorten the text, or ask for more pages)",
                     rep->pages, t->min_body_size, meta->pages);
            rc = -1;
            break;
        }
        s.size = next;
        s.lead = next * t->leading;
        s.quiet = 1;   /* the same warnings were given at the first size */
        rc = lay_out(&s, &fu);
    }
    if (!rc && !(dbg && dbg->no_fill))
        rc = fill_pages(&s, &fu);
    /* the layout fails without a diagnostic only when an allocation failed:
     * lay_para_new, lay_shape, lay_break and the doc's text say so */
    if (rc && diags->errors == errors_before)
        diag_add(diags, DIAG_ERROR, d->path, 0, 0, "memory", "out of memory");
    /* every word is hyphenated by now: the dictionary's pages (5 MB for
     * German) need not stay resident beside the display list the drawing
     * fills, where a sheet's build had its peak */
    lay_hyph_release_pages();
    if (!rc) {
        const dl_font *fl[LAY_FONT_ROLE_COUNT] = {0};
        dl_font local[LAY_FONT_ROLE_COUNT];
        for (int r = 0; r < LAY_FONT_ROLE_COUNT && !rc; r++) {
            if (fonts_list) {
                fl[r] = lay_fonts_register(fonts, (lay_font_role)r, fonts_list);
                if (!fl[r])
                    rc = -1;
            } else {
                local[r] = (dl_font){r, (char *)(uintptr_t)lay_fonts_path(fonts, (lay_font_role)r), 0,
                                     (char *)(uintptr_t)lay_fonts_family(fonts, (lay_font_role)r)};
                fl[r] = &local[r];
            }
        }
        if (!rc && dev->begin_doc) {
            dl_doc_info info = {m.title, meta->author, m.subtitle, meta->keywords, "regelwerk", s.lang, meta->epoch};
            rc = dev->begin_doc(dev, &info);
        }
        if (!rc)
            rc = lay_page_draw(&s, dev, fl, &fu);
        /* the recording list (dl.c) refuses only for want of memory, as
         * do lay_shape and the font list */
        if (rc && fonts_list && dev == dl_list_device(fonts_list))
            diag_add(diags, DIAG_ERROR, d->path, 0, 0, "memory", "out of memory");
        else if (rc)
            diag_add(diags, DIAG_ERROR, d->path, 0, 0, "layout", "drawing the sheet failed");
    }
    lay_para_free(fu.foot);
    free(sub);
    sheet_free(&s);
    return rc ? -1 : 0;
}

int lay_sheet_build(const doc *d, const lay_sheet_meta *meta, const lay_template *t, const lay_fonts *fonts,
                    const icon_set *icons, dl_list *out, lay_report *rep, diag_list *diags)
{
    return lay_sheet_build_dev(d, meta, t, fonts, icons, dl_list_device(out), out, NULL, rep, diags);
}

int lay_report_flaws(const lay_report *r)
{
    return r->overfull + r->underfull + r->widows + r->orphans + r->hyphen_stacks + r->greedy_paras +
           r->split_hyphen + r->overflow + (r->column_imbalance > 2 * r->leading + 1e-6 ? 1 : 0) +
           (r->loose_share > LAY_LOOSE_MAX + 1e-9 ? 1 : 0) + (r->widest_space > LAY_WIDEST_MAX + 1e-9 ? 1 : 0);
}

void lay_report_print(const lay_report *r, FILE *fp)
{
    int f = lay_report_flaws(r);
    fprintf(fp,
            "%d page%s, body %.2f/%.2f pt, worst badness %.0f, spaces: loose %.1f %%, widest %.2fx, "
            "spread %.2f, overfull %d, underfull %d, widows %d, "
            "orphans %d, hyphen stacks %d, split hyphens %d, greedy %d, overflow %d, imbalance %.1f pt, "
            "last page %.0f %%: ",
            r->pages, r->pages == 1 ? "" : "s", r->body_size, r->leading, r->worst_badness, r->loose_share,
            r->widest_space, r->space_spread, r->overfull, r->underfull, r->widows, r->orphans, r->hyphen_stacks,
            r->split_hyphen, r->greedy_paras, r->overflow, r->column_imbalance, 100 * r->last_page_fill);
    if (f)
        fprintf(fp, "%d flaw%s\n", f, f == 1 ? "" : "s");
    else
        fputs("ok\n", fp);
}
