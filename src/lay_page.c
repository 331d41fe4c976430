/* lay_page.c — a sheet's vertical list into columns and pages, and the
 * pages drawn: page flow and page furniture (title block, running header,
 * footer), for lay_sheet.c (see lay_sheet_int.h). */
#include "lay_sheet_int.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Fills one column from vline i with at most height H. Returns the end. */
static size_t fill_column(sheet *s, size_t i, double H, colseg *cs, int *overflow)
{
    int ignore = s->dbg && s->dbg->ignore_keeps;
    while (i < s->nvl && s->vl[i].discard)
        i++;
    cs->from = i;
    cs->head = -1;
    double h = 0;
    if (i < s->nvl && s->vl[i].table && !s->vl[i].head) {
        long hv = s->tables[s->vl[i].table - 1];
        if (hv >= 0 && (size_t)hv + 1 != i) {
            cs->head = hv;
            h += s->vl[hv].h;
        }
    }
    size_t last_ok = (size_t)-1, j;
    for (j = i; j < s->nvl; j++) {
        if (h + s->vl[j].h > H + 1e-6) {
            if (j == i) {
                /* taller than a column: cut */
                (*overflow)++;
                h += s->vl[j].h;
                j++;
            } else if (last_ok != (size_t)-1) {
                j = last_ok + 1;
                h = 0;
                for (size_t k = i; k < j; k++)
                    h += s->vl[k].h;
                if (cs->head >= 0)
                    h += s->vl[cs->head].h;
            } else {
                (*overflow)++;   /* kept material taller than the column */
            }
            break;
        }
        h += s->vl[j].h;
        if (!s->vl[j].keep || ignore)
            last_ok = j;
    }
    cs->to = j;
    cs->h = h;
    return j;
}

static double col_height(const sheet *s, size_t page_i, double title_h, double header_h, double footer_h)
{
    const lay_template *t = s->t;
    return t->page_h - t->margin_top - t->margin_bottom - footer_h - (page_i == 0 ? title_h : header_h);
}

int lay_page_paginate(sheet *s, double title_h, double header_h, double footer_h, int *overflow)
{
    s->npages = 0;
    size_t i = 0;
    int cols = s->t->columns;
    while (i < s->nvl) {
        size_t before = i;
        GROW(s->pages, s->npages, s->cappages);
        page *pg = &s->pages[s->npages++];
        memset(pg, 0, sizeof *pg);
        double H = col_height(s, s->npages - 1, title_h, header_h, footer_h);
        for (int c = 0; c < cols; c++) {
            pg->col[c].head = -1;
            i = fill_column(s, i, H, &pg->col[c], overflow);
        }
        /* trailing discardable space only: nothing left to set */
        size_t k = i;
        while (k < s->nvl && s->vl[k].discard)
            k++;
        if (k == s->nvl)
            i = k;
        if (i == before)
            break;   /* cannot happen: fill_column always advances */
    }
    if (!s->npages) {
        GROW(s->pages, s->npages, s->cappages);
        memset(&s->pages[0], 0, sizeof s->pages[0]);
        for (int c = 0; c < 3; c++)
            s->pages[0].col[c].head = -1;
        s->npages = 1;
    }
    /* balance the last page: the smallest column height that still holds it */
    if (cols > 1 && !(s->dbg && s->dbg->no_balance)) {
        page *pg = &s->pages[s->npages - 1];
        size_t start = pg->col[0].from, end = pg->col[cols - 1].to;
        double hi = col_height(s, s->npages - 1, title_h, header_h, footer_h), lo = 0;
        for (size_t k = start; k < end; k++)
            if (s->vl[k].h > lo)
                lo = s->vl[k].h;
        for (int iter = 0; iter < 40 && hi - lo > 0.05; iter++) {
            double mid = (lo + hi) / 2;
            size_t p = start;
            int ov = 0;
            colseg tmp;
            for (int c = 0; c < cols; c++)
                p = fill_column(s, p, mid, &tmp, &ov);
            while (p < s->nvl && s->vl[p].discard)
                p++;
            if (p >= s->nvl && !ov)
                hi = mid;
            else
                lo = mid;
        }
        size_t p = start;
        int ov = 0;
        for (int c = 0; c < cols; c++)
            p = fill_column(s, p, hi, &pg->col[c], &ov);
    }
    return 0;
}

/* What the pages show about themselves: widows, orphans, split hyphens,
 * the last page's imbalance. */
void lay_page_measure(sheet *s)
{
    lay_report *r = s->rep;
    int cols = s->t->columns;
    for (size_t p = 0; p < s->npages; p++)
        for (int c = 0; c < cols; c++) {
            const colseg *cs = &s->pages[p].col[c];
            if (cs->to <= cs->from || cs->to >= s->nvl)
                continue;
            /* the last line of the column and the next one set */
            size_t a = cs->to - 1, b = cs->to;
            while (b < s->nvl && s->vl[b].discard)
                b++;
            if (b >= s->nvl || s->vl[a].kind != VL_LINE || s->vl[b].kind != VL_LINE ||
                s->vl[a].para != s->vl[b].para)
                continue;
            const lay_para *para = s->vl[a].para;
            size_t n = lay_para_line_count(para);
            if (s->vl[a].line == 0)
                r->orphans++;
            if (s->vl[b].line + 1 == n)
                r->widows++;
            if (lay_para_line(para, s->vl[a].line)->hyphenated)
                r->split_hyphen++;
        }
    /* imbalance: how much taller the tallest column of the last page is than
     * an even split of what it holds */
    const page *last = &s->pages[s->npages - 1];
    double mx = 0, sum = 0;
    for (int c = 0; c < cols; c++) {
        /* trailing spaces do not count as content */
        double h = last->col[c].h;
        for (size_t k = last->col[c].to; k > last->col[c].from && s->vl[k - 1].kind == VL_SPACE; k--)
            h -= s->vl[k - 1].h;
        if (h > mx)
            mx = h;
        sum += h;
    }
    r->column_imbalance = cols > 1 ? mx - sum / cols : 0;
    r->pages = (int)s->npages;
    double H = col_height(s, s->npages - 1, s->title_h, s->header_h, s->footer_h);
    r->last_page_fill = H > 0 ? fmin(1, sum / (cols * H)) : 1;
    lay_sheet_measure_spaces(s);
}

/* ---- drawing ------------------------------------------------------------------ */

typedef struct drawer {
    sheet *s;
    dev_device *dev;
    const dl_font *fonts[LAY_FONT_ROLE_COUNT];
    int rc;
} drawer;

static void draw_string(drawer *dr, lay_font_role role, double size, dl_color c, double x, double y,
                        const char *utf8, int right_align)
{
    if (dr->rc || !dr->dev->text || !utf8 || !*utf8)
        return;
    lay_shaped sh;
    size_t len = strlen(utf8);
    if (lay_shape(dr->s->fonts, role, size, dr->s->lang, utf8, len, &sh) != 0) {
        dr->rc = -1;
        return;
    }
    dl_text t = {dr->fonts[role], size, c, right_align ? x - sh.width : x, y, utf8, len, sh.glyphs, sh.n, NULL, 1};
    dr->rc = dr->dev->text(dr->dev, &t);
    lay_shaped_free(&sh);
}

static void fill_rect(drawer *dr, double x, double y, double w, double h, dl_color c)
{
    if (dr->rc || !dr->dev->fill_path || w <= 0 || h <= 0)
        return;
    dl_path p;
    dl_path_init(&p);
    if (dl_path_rect(&p, x, y, w, h) == 0)
        dr->rc = dr->dev->fill_path(dr->dev, &p, c);
    else
        dr->rc = -1;
    dl_path_free(&p);
}

static void hline(drawer *dr, double x0, double x1, double y, dl_color c, double width)
{
    if (dr->rc || !dr->dev->stroke_path)
        return;
    dl_path p;
    dl_path_init(&p);
    if (dl_path_move(&p, x0, y) == 0 && dl_path_line(&p, x1, y) == 0)
        dr->rc = dr->dev->stroke_path(dr->dev, &p, c, width);
    else
        dr->rc = -1;
    dl_path_free(&p);
}

static int resolve_link(void *ctx, const char *target, int *page_i, double *y)
{
    const sheet *s = ctx;
    for (size_t i = 0; i < s->nanchors; i++)
        if (s->anchors[i].id && strcmp(s->anchors[i].id, target) == 0) {
            *page_i = s->anchors[i].page;
            *y = s->anchors[i].y;
            return 0;
        }
    return -1;
}

static void draw_row(drawer *dr, const row *rw, double x, double y, double h)
{
    const sheet *s = dr->s;
    if (rw->head)
        fill_rect(dr, x, y, rw->w, h, s->t->theme.table_head);
    for (size_t k = 0; k < rw->n && !dr->rc; k++) {
        const lay_para *p = rw->cells[k];
        if (!p)
            continue;
        lay_font_metrics fm = lay_fonts_metrics(s->fonts, LAY_FONT_BODY, s->size);
        double base = y + rw->pad + (s->lead - (fm.ascender - fm.descender)) / 2 + fm.ascender;
        dr->rc = lay_para_draw(p, dr->dev, dr->fonts, x + rw->cx[k] + rw->pad, base, 0, lay_para_line_count(p),
                               resolve_link, dr->s);
    }
    hline(dr, x, x + rw->w, y + h, s->t->theme.rule, rw->head ? 0.6 : 0.3);
}

static void draw_column(drawer *dr, const colseg *cs, double x0, double y0)
{
    sheet *s = dr->s;
    double y = y0;
    /* frame backgrounds first, one rectangle per frame and column */
    double fy = y0;
    if (cs->head >= 0)
        fy += s->vl[cs->head].h;
    for (size_t i = cs->from; i < cs->to;) {
        int f = s->vl[i].frame;
        double top = fy, hh = 0;
        size_t j = i;
        while (j < cs->to && s->vl[j].frame == f) {
            hh += s->vl[j].h;
            j++;
        }
        if (f) {
            const frame *fr = &s->frames[f - 1];
            fill_rect(dr, x0 + fr->x, top, s->colw - fr->x, hh, fr->bg);
            fill_rect(dr, x0 + fr->x, top, 1.6, hh, fr->bar);
        }
        fy += hh;
        i = j;
    }
    if (cs->head >= 0) {
        const vline *hv = &s->vl[cs->head];
        draw_row(dr, &s->rows[hv->row], x0 + hv->x, y, hv->h);
        y += hv->h;
    }
    for (size_t i = cs->from; i < cs->to && !dr->rc; i++) {
        const vline *v = &s->vl[i];
        if (v->kind == VL_LINE) {
            dr->rc = lay_para_draw(v->para, dr->dev, dr->fonts, x0 + v->x, y + v->base, v->line, 1, resolve_link,
                                   s);
            if (!dr->rc && v->label)
                dr->rc = lay_para_draw(v->label, dr->dev, dr->fonts, x0 + v->label_x, y + v->base, 0, 1, NULL, NULL);
            if (v->rule)
                hline(dr, x0 + v->x, x0 + s->colw, y + v->h - 0.15 * s->lead, s->t->theme.accent, 0.6);
        } else if (v->kind == VL_ROW) {
            draw_row(dr, &s->rows[v->row], x0 + v->x, y, v->h);
        }
        y += v->h;
    }
}

static void draw_furniture(drawer *dr, const furniture *fu, size_t page_i)
{
    sheet *s = dr->s;
    const lay_template *t = s->t;
    double left = t->margin_inner, right = t->page_w - t->margin_outer, fs = t->furniture_size;
    dl_color grey = {0.33, 0.33, 0.33};
    const char *title = s->meta->title ? s->meta->title : "";
    char vd[256];
    snprintf(vd, sizeof vd, "%s%s%s%s%s", s->meta->version ? s->w->version : "",
             s->meta->version ? " " : "", s->meta->version ? s->meta->version : "",
             s->meta->version && s->meta->date ? " \xC2\xB7 " : "", s->meta->date ? s->meta->date : "");
    if (page_i == 0) {
        double y = t->margin_top + t->title_size;
        draw_string(dr, LAY_FONT_HEADING, t->title_size, t->theme.accent, left, y, title, 0);
        if (s->meta->subtitle)
            draw_string(dr, LAY_FONT_ITALIC, 11, t->theme.text, left, y + 11 * 1.3, s->meta->subtitle, 0);
        draw_string(dr, LAY_FONT_BODY, fs, grey, right, y + 11 * 1.3, vd, 1);
        hline(dr, left, right, t->margin_top + fu->title_h - 6, t->theme.accent, 1.0);
    } else {
        char head[512];
        snprintf(head, sizeof head, "%s%s%s", title, s->meta->subtitle ? " \xE2\x80\x94 " : "",
                 s->meta->subtitle ? s->meta->subtitle : "");
        double y = t->margin_top + fs;
        draw_string(dr, LAY_FONT_BODY, fs, grey, left, y, head, 0);
        draw_string(dr, LAY_FONT_BODY, fs, grey, right, y, vd, 1);
        hline(dr, left, right, y + 3, t->theme.rule, 0.4);
    }
    /* the footer: title · version · date (· not verified), page x of y */
    double fy = t->page_h - t->margin_bottom - fu->footer_h;
    hline(dr, left, right, fy + fs * 0.4, t->theme.rule, 0.4);
    double base = fy + fs * 1.2 + fs * 0.8;
    char foot[600];
    snprintf(foot, sizeof foot, "%s%s%s%s%s", title, *vd ? " \xC2\xB7 " : "", vd,
             lay_sheet_unverified_mark(s) ? " \xC2\xB7 " : "", lay_sheet_unverified_mark(s) ? s->w->unverified : "");
    draw_string(dr, LAY_FONT_BODY, fs, grey, left, base, foot, 0);
    char pg[64];
    snprintf(pg, sizeof pg, "%s %d %s %d", s->w->page, (int)page_i + 1, s->w->of, (int)s->npages);
    draw_string(dr, LAY_FONT_BODY, fs, grey, right, base, pg, 1);
}

int lay_page_draw(sheet *s, dev_device *dev, const dl_font *const fonts[LAY_FONT_ROLE_COUNT], const furniture *fu)
{
    const lay_template *t = s->t;
    drawer dr = {s, dev, {0}, 0};
    memcpy(dr.fonts, fonts, sizeof dr.fonts);
    int cols = t->columns;
    /* first, where everything lands: links may point forward */
    free(s->vpage);
    free(s->vy);
    free(s->vxcol);
    s->vpage = calloc(s->nvl + 1, sizeof *s->vpage);
    s->vy = calloc(s->nvl + 1, sizeof *s->vy);
    s->vxcol = calloc(s->nvl + 1, sizeof *s->vxcol);
    if (!s->vpage || !s->vy || !s->vxcol)
        return -1;
    for (size_t p = 0; p < s->npages; p++)
        for (int c = 0; c < cols; c++) {
            const colseg *cs = &s->pages[p].col[c];
            double y = t->margin_top + (p == 0 ? fu->title_h : fu->header_h);
            if (cs->head >= 0)
                y += s->vl[cs->head].h;
            for (size_t i = cs->from; i < cs->to; i++) {
                s->vpage[i] = (int)p;
                s->vy[i] = y;
                y += s->vl[i].h;
            }
        }
    for (size_t a = 0; a < s->nanchors; a++) {
        size_t v = s->anchors[a].vl;
        /* an anchor on a discarded space belongs to what follows it */
        while (v < s->nvl && s->vl[v].discard && v + 1 < s->nvl)
            v++;
        if (v >= s->nvl)
            v = s->nvl ? s->nvl - 1 : 0;
        s->anchors[a].page = s->nvl ? s->vpage[v] : 0;
        s->anchors[a].y = s->nvl ? s->vy[v] : 0;
    }
    for (size_t p = 0; p < s->npages && !dr.rc; p++) {
        char label[16];
        snprintf(label, sizeof label, "%d", (int)p + 1);
        dl_page_info pi = {t->page_w, t->page_h, 0, 0, {0, 0, 0, 0}, {0, 0, 0, 0}, label};
        if (dev->begin_page && (dr.rc = dev->begin_page(dev, &pi)) != 0)
            break;
        draw_furniture(&dr, fu, p);
        for (int c = 0; c < cols && !dr.rc; c++) {
            double x0 = t->margin_inner + c * (s->colw + t->column_gap);
            double y0 = t->margin_top + (p == 0 ? fu->title_h : fu->header_h);
            draw_column(&dr, &s->pages[p].col[c], x0, y0);
        }
        for (size_t a = 0; a < s->nanchors && !dr.rc; a++)
            if (s->anchors[a].title && s->anchors[a].page == (int)p && dev->outline)
                dr.rc = dev->outline(dev, s->anchors[a].level, s->anchors[a].title, (int)p, s->anchors[a].y);
        if (!dr.rc && dev->end_page)
            dr.rc = dev->end_page(dev);
    }
    return dr.rc;
}

/* ---- the driver --------------------------------------------------------------- */

