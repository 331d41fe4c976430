/* dev_haru.c — display list → libharu. */
#include "dev_haru.h"

#include <errno.h>
#include <glib.h>
#include <hb-subset.h>
#include <hb.h>
#include <hpdf.h>
#include <hpdf_pages.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "out.h"
#include "pdf_post.h"

/* Frees what a const pointer in a public struct points to when we own it. */
static void free_const(const void *p)
{
    free((void *)(uintptr_t)p);
}

/* A face as the layout used it. Its text is written by us (libharu 2.3 has
 * no TJ call) while the pages are drawn, and libharu loads the face only at
 * close, subset to the code points shown with it. */
typedef struct hfont {
    const dl_font *font;
    hb_face_t *face;        /* the whole face: widths now, the subset at close */
    hb_font_t *hb;          /* at the face's own scale (units per em) */
    unsigned upem;
    hb_set_t *shown;        /* code points shown with it */
    HPDF_Font hf;           /* made at close */
} hfont;

/* A face's first use on a page: the page's resource name /F<k> is given in
 * this order, by libharu at close (HPDF_Page_GetLocalFontName numbers a
 * page's fonts as they are asked for). */
typedef struct huse {
    size_t page, font;
} huse;

typedef struct houtline {
    int level, page;
    double y;
    char *title;
} houtline;

typedef struct hdev {
    dev_device dev;
    char *path;
    diag_list *diags;
    int failed;
    HPDF_Doc pdf;
    HPDF_Page page;
    HPDF_Page *pages;
    double *heights;
    size_t npages;
    hfont *fonts;
    size_t nfonts;
    huse *uses;
    size_t nuses;
    /* the page's state as our operators left it: a text object open, its
     * line start, the font, size, scale and fill colour in force */
    int in_text;
    double lx, ly;
    long cur_font;          /* index in fonts, -1 for none */
    double cur_size, cur_hs;
    int has_fill, has_stroke;
    dl_color fill, stroke;
    double line_width;
    out_buf ops;            /* the page's operators as they are built; a failed
                               append is reported when the page is written */
    pdf_post_link *links;
    size_t nlinks;
    houtline *outlines;
    size_t noutlines;
    pdf_post_page *boxes;
    char *lang;
    const char *duplex;         /* a static name, or NULL */
    int next_label;             /* the label the next page gets by continuing */
    unsigned char shown[0x10000];   /* BMP code points shown, for ToUnicode */
} hdev;

static void on_error(HPDF_STATUS err, HPDF_STATUS detail, void *data)
{
    hdev *d = data;
    d->failed = 1;
    diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "device", "libharu error 0x%04X (detail %u)", (unsigned)err,
             (unsigned)detail);
}

static HPDF_Date to_date(long long epoch)
{
    time_t t = (time_t)epoch;
    struct tm tm;
    gmtime_r(&t, &tm);
    HPDF_Date d;
    memset(&d, 0, sizeof d);
    d.year = tm.tm_year + 1900;
    d.month = tm.tm_mon + 1;
    d.day = tm.tm_mday;
    d.hour = tm.tm_hour;
    d.minutes = tm.tm_min;
    d.seconds = tm.tm_sec;
    d.ind = 'Z';
    return d;
}

static void ob_add(out_buf *o, const char *s)
{
    out_buf_append(o, s, strlen(s));
}

static void ob_addc(out_buf *o, char c)
{
    out_buf_append(o, &c, 1);
}

/* Ends our text object: a path may not be drawn inside BT/ET. */
static void end_text(hdev *d)
{
    if (d->in_text) {
        ob_add(&d->ops, "ET\n");
        d->in_text = 0;
    }
}

/* Writes the page's operators, all ours, to libharu's content stream of the
 * page (libharu 2.3 has no call for TJ; it compresses and writes the stream
 * as it would its own). */
static void finish_page(hdev *d)
{
    end_text(d);
    if (d->ops.failed) {
        diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "memory", "out of memory");
        d->failed = 1;
    }
    if (d->failed || !d->ops.len) {
        d->ops.len = 0;
        return;
    }
    HPDF_PageAttr pa = (HPDF_PageAttr)d->page->attr;
    if (HPDF_Stream_Write(pa->stream, d->ops.data, (HPDF_UINT)d->ops.len) != HPDF_OK)
        d->failed = 1;
    d->ops.len = 0;
}

/* A number as short as PDF allows, to 1/1000 pt (the positions are the
 * shaper's, in points: finer is invisible, 0.001 pt is 0.35 micrometre).
 * Written by hand: snprintf's %f was 4 % of a libharu build's instructions
 * (callgrind, Noxius). */
static void put_num(out_buf *o, double v)
{
    long long m = llround(v * 1000);
    unsigned long long u = (unsigned long long)(m < 0 ? -m : m);
    char b[32], *p = b + sizeof b;
    unsigned frac = (unsigned)(u % 1000);
    int digits = 3;
    for (; frac && frac % 10 == 0; frac /= 10)
        digits--;
    if (frac) {
        for (int i = 0; i < digits; i++, frac /= 10)
            *--p = (char)('0' + frac % 10);
        *--p = '.';
    }
    u /= 1000;
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (m < 0)
        *--p = '-';
    out_buf_append(o, p, (size_t)(b + sizeof b - p));
}

/* A font size or a scale, which every advance along the line multiplies:
 * to 1/1000000, where 1/1000 pt of a 13.4125 pt size would move the end of a
 * line by 0.01 pt. Few a page: snprintf will do. */
static void put_fine(out_buf *o, double v)
{
    char b[48];
    snprintf(b, sizeof b, "%.6f", v);
    char *e = b + strlen(b);
    while (e[-1] == '0')
        *--e = '\0';
    if (e[-1] == '.')
        *--e = '\0';
    ob_add(o, b);
}

static void put_rgb(out_buf *o, dl_color c, const char *op)
{
    put_num(o, c.r);
    ob_addc(o, ' ');
    put_num(o, c.g);
    ob_addc(o, ' ');
    put_num(o, c.b);
    ob_addc(o, ' ');
    ob_add(o, op);
    ob_addc(o, '\n');
}

static void put_fill(hdev *d, dl_color c)
{
    if (d->has_fill && d->fill.r == c.r && d->fill.g == c.g && d->fill.b == c.b)
        return;
    d->has_fill = 1;
    d->fill = c;
    put_rgb(&d->ops, c, "rg");
}

static int h_begin_doc(dev_device *dev, const dl_doc_info *info)
{
    hdev *d = (hdev *)dev;
    if (!info)
        return 0;
    /* libharu writes info strings in the current encoding: UTF-8 here */
    if (info->title)
        HPDF_SetInfoAttr(d->pdf, HPDF_INFO_TITLE, info->title);
    if (info->author)
        HPDF_SetInfoAttr(d->pdf, HPDF_INFO_AUTHOR, info->author);
    if (info->subject)
        HPDF_SetInfoAttr(d->pdf, HPDF_INFO_SUBJECT, info->subject);
    if (info->keywords)
        HPDF_SetInfoAttr(d->pdf, HPDF_INFO_KEYWORDS, info->keywords);
    HPDF_SetInfoAttr(d->pdf, HPDF_INFO_CREATOR, info->creator ? info->creator : "regelwerk");
    HPDF_SetInfoAttr(d->pdf, HPDF_INFO_PRODUCER, "regelwerk with libharu");
    HPDF_SetInfoDateAttr(d->pdf, HPDF_INFO_CREATION_DATE, to_date(info->date));
    HPDF_SetInfoDateAttr(d->pdf, HPDF_INFO_MOD_DATE, to_date(info->date));
    free(d->lang);
    d->lang = info->lang ? strdup(info->lang) : NULL;
    return d->failed ? -1 : 0;
}

static int h_begin_page(dev_device *dev, const dl_page_info *pi)
{
    hdev *d = (hdev *)dev;
    HPDF_Page *pp = realloc(d->pages, (d->npages + 1) * sizeof *pp);
    if (pp)
        d->pages = pp;
    double *hh = realloc(d->heights, (d->npages + 1) * sizeof *hh);
    if (hh)
        d->heights = hh;
    pdf_post_page *bb = realloc(d->boxes, (d->npages + 1) * sizeof *bb);
    if (bb)
        d->boxes = bb;
    if (!pp || !hh || !bb)
        return -1;
    if (d->page)
        finish_page(d);
    d->page = HPDF_AddPage(d->pdf);
    if (!d->page)
        return -1;
    HPDF_Page_SetWidth(d->page, (HPDF_REAL)pi->width);
    HPDF_Page_SetHeight(d->page, (HPDF_REAL)pi->height);
    d->pages[d->npages] = d->page;
    /* a page's content starts from the default state */
    d->cur_font = -1;
    d->cur_size = 0;
    d->cur_hs = 1;
    d->has_fill = d->has_stroke = 0;
    d->heights[d->npages] = pi->height;
    pdf_post_page *b = &d->boxes[d->npages];
    memset(b, 0, sizeof *b);
    b->height = pi->height;
    b->has_trim = pi->has_trim;
    b->trim = pi->trim;
    b->has_bleed = pi->has_bleed;
    b->bleed = pi->bleed;
    if (pi->label) {
        char *end;
        long n = strtol(pi->label, &end, 10);
        if (*end == '\0' && n > 0) {
            if (n != d->next_label)
                HPDF_AddPageLabel(d->pdf, (HPDF_UINT)d->npages, HPDF_PAGE_NUM_STYLE_DECIMAL, (HPDF_UINT)n, NULL);
            d->next_label = (int)n + 1;
        } else {
            HPDF_AddPageLabel(d->pdf, (HPDF_UINT)d->npages, HPDF_PAGE_NUM_STYLE_DECIMAL, 1, pi->label);
            d->next_label = -1;
        }
    }
    d->npages++;
    return d->failed ? -1 : 0;
}

static double fy(const hdev *d, double y)
{
    return d->heights[d->npages - 1] - y;
}

/* Points as cairo writes them, to 1/1000 pt, one operator a line. */
static void put_pts(out_buf *o, const double *q, int n, const hdev *d, const char *op)
{
    for (int i = 0; i < n; i++) {
        put_num(o, q[2 * i]);
        ob_addc(o, ' ');
        put_num(o, fy(d, q[2 * i + 1]));
        ob_addc(o, ' ');
    }
    ob_add(o, op);
    ob_addc(o, '\n');
}

/* The path, ours like the text: libharu writes its numbers to 1/100000
 * pt, which the icons' many curves paid for in bytes and nothing else. */
static void put_path(hdev *d, const dl_path *p)
{
    for (size_t i = 0; i < p->n; i++) {
        const double *q = p->el[i].pt;
        switch (p->el[i].op) {
        case DL_MOVE: put_pts(&d->ops, q, 1, d, "m"); break;
        case DL_LINE: put_pts(&d->ops, q, 1, d, "l"); break;
        case DL_CURVE: put_pts(&d->ops, q, 3, d, "c"); break;
        case DL_CLOSE: ob_add(&d->ops, "h\n"); break;
        }
    }
}

static int h_fill(dev_device *dev, const dl_path *path, dl_color c)
{
    hdev *d = (hdev *)dev;
    if (!d->page || !path->n)
        return d->page ? 0 : -1;
    end_text(d);
    put_fill(d, c);
    put_path(d, path);
    ob_add(&d->ops, "f\n");
    return d->failed ? -1 : 0;
}

static int h_stroke(dev_device *dev, const dl_path *path, dl_color c, double width)
{
    hdev *d = (hdev *)dev;
    if (!d->page || !path->n)
        return d->page ? 0 : -1;
    end_text(d);
    if (!d->has_stroke || d->stroke.r != c.r || d->stroke.g != c.g || d->stroke.b != c.b)
        put_rgb(&d->ops, c, "RG");
    if (!d->has_stroke || d->line_width != width) {
        put_num(&d->ops, width);
        ob_add(&d->ops, " w\n");
    }
    d->has_stroke = 1;
    d->stroke = c;
    d->line_width = width;
    put_path(d, path);
    ob_add(&d->ops, "S\n");
    return d->failed ? -1 : 0;
}

static long font_for(hdev *d, const dl_font *f)
{
    for (size_t i = 0; i < d->nfonts; i++)
        if (d->fonts[i].font == f)
            return (long)i;
    hfont *nf = realloc(d->fonts, (d->nfonts + 1) * sizeof *nf);
    if (!nf)
        return -1;
    d->fonts = nf;
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(f->path);
    hb_face_t *face = blob ? hb_face_create(blob, (unsigned)f->face_index) : NULL;
    hb_blob_destroy(blob);
    unsigned upem = face ? hb_face_get_upem(face) : 0;
    if (!face || !hb_face_get_glyph_count(face) || !upem) {
        hb_face_destroy(face);
        diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "device", "libharu cannot use the font %s", f->path);
        return -1;
    }
    hfont *h = &d->fonts[d->nfonts++];
    memset(h, 0, sizeof *h);
    h->font = f;
    h->face = face;
    h->hb = hb_font_create(face);
    h->upem = upem;
    h->shown = hb_set_create();
    return (long)(d->nfonts - 1);
}

/* A code point's advance as libharu writes it in the font's /W array:
 * the face's advance in 1/1000 em, truncated (HPDF_TTFontDef_GetGidWidth);
 * not in the face, .notdef's (the /DW libharu gives such CIDs). */
static int cp_width(const hfont *h, hb_codepoint_t cp)
{
    hb_codepoint_t gid = 0;
    if (!hb_font_get_nominal_glyph(h->hb, cp, &gid))
        gid = 0;
    return (int)((unsigned)hb_font_get_glyph_h_advance(h->hb, gid) * 1000u / h->upem);
}

/* The page's name for font fi, /F<k>: the k-th face the page uses; 0 when
 * out of memory. */
static long page_name(hdev *d, size_t fi)
{
    size_t page = d->npages - 1, from = d->nuses;
    while (from > 0 && d->uses[from - 1].page == page)
        from--;
    for (size_t i = from; i < d->nuses; i++)
        if (d->uses[i].font == fi)
            return (long)(i - from + 1);
    huse *u = realloc(d->uses, (d->nuses + 1) * sizeof *u);
    if (!u)
        return 0;
    d->uses = u;
    d->uses[d->nuses++] = (huse){page, fi};
    return (long)(d->nuses - from);
}

/* One glyph's code as a 2-byte CID in a literal string: libharu's UTF-8
 * fonts are Identity-H with the CID the code point (its CIDToGIDMap maps
 * it to the glyph). */
static void put_cid(out_buf *o, hb_codepoint_t cp)
{
    unsigned char b[2] = {(unsigned char)(cp >> 8), (unsigned char)cp};
    for (int i = 0; i < 2; i++) {
        if (b[i] == '(' || b[i] == ')' || b[i] == '\\')
            ob_addc(o, '\\');
        if (b[i] == '\r')   /* a bare CR in a string reads as LF */
            ob_add(o, "\\r");
        else
            ob_addc(o, (char)b[i]);
    }
}

/* A text run being written as TJ: the pen is where the next glyph would
 * go by the widths in the font's /W, in page space. */
typedef struct trun {
    hdev *d;
    const hfont *h;
    double unit;        /* points per 1/1000 em along the line: size × scale / 1000 */
    double pen;
    int open;           /* a string is open inside the array */
    int in_array;
    int adjusted;       /* the array has a number: TJ, else Tj */
    size_t start;       /* where the array begins in ops */
} trun;

static void run_close(trun *r)
{
    out_buf *o = &r->d->ops;
    if (!r->in_array)
        return;
    if (r->open)
        ob_addc(o, ')');
    if (r->adjusted) {
        ob_add(o, "]TJ\n");
    } else {
        /* one string and no number: Tj, without the brackets */
        if (!o->failed) {
            memmove(o->data + r->start, o->data + r->start + 1, o->len - r->start - 1);
            o->len--;
        }
        ob_add(o, "Tj\n");
    }
    r->open = r->in_array = r->adjusted = 0;
}

/* Shows the code points of s[from, to) with the first at (x, y) (page
 * space): a move of the line start when y changes, else a TJ adjustment
 * when libharu's widths have put the pen elsewhere than the shaper did. */
static void run_cluster(trun *r, const char *s, size_t from, size_t to, double x, double y)
{
    hdev *d = r->d;
    out_buf *o = &d->ops;
    /* Td moves are relative and written to 1/1000 pt: the line start is
     * kept where the rounded moves put it, or a page's lines would drift */
    double dy = round(1000 * (y - d->ly)) / 1000;
    if (!r->in_array || dy != 0) {
        run_close(r);
        double dx = round(1000 * (x - d->lx)) / 1000;
        put_num(o, dx);
        ob_addc(o, ' ');
        put_num(o, dy);
        ob_add(o, " Td\n");
        d->lx += dx;
        d->ly += dy;
        r->pen = d->lx;
        r->start = o->len;
        ob_addc(o, '[');
        r->in_array = 1;
    }
    /* in thousandths of an em, rounded, once the pen is more than one
     * from the shaper's place (cairo's GLYPH_POSITION_TOLERANCE): it then
     * never drifts further, however long the line */
    double drift = (r->pen - x) / r->unit;
    long adj = fabs(drift) > 1 ? lround(drift) : 0;
    if (adj) {
        if (r->open)
            ob_addc(o, ')');
        r->open = 0;
        put_num(o, (double)adj);
        r->adjusted = 1;
        r->pen -= (double)adj * r->unit;
    }
    for (const char *p = s + from, *e = s + to; p < e;) {
        gunichar cp = g_utf8_get_char_validated(p, e - p);
        if (cp == (gunichar)-1 || cp == (gunichar)-2) {
            p++;
            continue;
        }
        p += g_utf8_skip[(unsigned char)*p];
        if (cp >= 0x10000)   /* outside the BMP: no 2-byte CID for it */
            continue;
        d->shown[cp] = 1;
        hb_set_add(r->h->shown, cp);
        if (!r->open)
            ob_addc(o, '(');
        r->open = 1;
        put_cid(o, cp);
        r->pen += cp_width(r->h, cp) * r->unit;
    }
}

/* Each cluster goes where the shaper put its first glyph: libharu's widths
 * alone would set the run without its kerning. */
static int h_text(dev_device *dev, const dl_text *t)
{
    hdev *d = (hdev *)dev;
    if (!d->page)
        return -1;
    if (!t->nglyphs || !t->len)
        return 0;
    long fi = font_for(d, t->font);
    if (fi < 0)
        return -1;
    long name = page_name(d, (size_t)fi);
    if (!name)
        return -1;
    out_buf *o = &d->ops;
    if (!d->in_text) {
        ob_add(o, "BT\n");
        d->in_text = 1;
        d->lx = d->ly = 0;   /* BT sets the line matrix to the identity */
    }
    if (d->cur_font != fi || d->cur_size != t->size) {
        ob_add(o, "/F");
        put_num(o, (double)name);
        ob_addc(o, ' ');
        put_fine(o, t->size);
        ob_add(o, " Tf\n");
        d->cur_font = fi;
        d->cur_size = t->size;
    }
    /* font expansion: Tz is text state, kept until changed */
    double hs = t->hscale > 0 ? t->hscale : 1;
    if (d->cur_hs != hs) {
        put_fine(o, 100 * hs);
        ob_add(o, " Tz\n");
        d->cur_hs = hs;
    }
    put_fill(d, t->color);
    /* A run with actual text (a hyphenated line end: "Geg-" / "Geg\u00AD")
     * is shown as its actual text: the fonts draw U+00AD as a hyphen, and
     * text extraction then returns the soft hyphen, never a hard one. */
    const char *s = t->actual ? t->actual : t->utf8;
    size_t len = t->actual ? strlen(t->actual) : t->len;
    int by_cluster = !t->actual;
    for (size_t i = 1; by_cluster && i < t->nglyphs; i++)
        if (t->glyphs[i].cluster < t->glyphs[i - 1].cluster)
            by_cluster = 0;
    trun r = {d, &d->fonts[fi], t->size * hs / 1000, 0, 0, 0, 0, 0};
    double x0 = t->x, y0 = fy(d, t->y);
    if (!by_cluster) {
        run_cluster(&r, s, 0, len, x0, y0);
    } else {
        size_t i = 0;
        while (i < t->nglyphs) {
            size_t j = i;
            while (j < t->nglyphs && t->glyphs[j].cluster == t->glyphs[i].cluster)
                j++;
            size_t from = t->glyphs[i].cluster, to = j < t->nglyphs ? t->glyphs[j].cluster : len;
            if (to > len)
                to = len;
            if (to > from)
                run_cluster(&r, s, from, to, x0 + t->glyphs[i].x, fy(d, t->y + t->glyphs[i].y));
            i = j;
        }
    }
    run_close(&r);
    return d->failed ? -1 : 0;
}

static int h_link(dev_device *dev, const dl_link *link)
{
    hdev *d = (hdev *)dev;
    pdf_post_link *l = realloc(d->links, (d->nlinks + 1) * sizeof *l);
    if (!l)
        return -1;
    d->links = l;
    d->links[d->nlinks].page = (int)d->npages - 1;
    d->links[d->nlinks].link = *link;
    d->links[d->nlinks].link.uri = link->uri ? strdup(link->uri) : NULL;
    d->nlinks++;
    return 0;
}

static int h_outline(dev_device *dev, int level, const char *title, int page, double y)
{
    hdev *d = (hdev *)dev;
    houtline *o = realloc(d->outlines, (d->noutlines + 1) * sizeof *o);
    if (!o)
        return -1;
    d->outlines = o;
    d->outlines[d->noutlines++] = (houtline){level, page, y, strdup(title ? title : "")};
    return 0;
}

static int h_end_page(dev_device *dev)
{
    hdev *d = (hdev *)dev;
    if (d->page)
        finish_page(d);
    return d->failed ? -1 : 0;
}

/* Outlines and links point at pages that may come after them: made now. */
static void finish_nav(hdev *d)
{
    HPDF_Encoder enc = HPDF_GetEncoder(d->pdf, "UTF-8");
    HPDF_Outline parents[8] = {0};
    for (size_t i = 0; i < d->noutlines; i++) {
        const houtline *o = &d->outlines[i];
        if (o->page < 0 || (size_t)o->page >= d->npages)
            continue;
        int lv = o->level < 0 ? 0 : o->level > 7 ? 7 : o->level;
        HPDF_Outline parent = lv ? parents[lv - 1] : NULL;
        HPDF_Outline ol = HPDF_CreateOutline(d->pdf, parent, o->title, enc);
        if (!ol)
            continue;
        HPDF_Destination dst = HPDF_Page_CreateDestination(d->pages[o->page]);
        HPDF_Destination_SetFitH(dst, (HPDF_REAL)(d->heights[o->page] - o->y));
        HPDF_Outline_SetDestination(ol, dst);
        HPDF_Outline_SetOpened(ol, lv == 0);
        for (int k = lv; k < 8; k++)
            parents[k] = ol;
    }
    for (size_t i = 0; i < d->nlinks; i++) {
        const pdf_post_link *l = &d->links[i];
        if (l->page < 0 || (size_t)l->page >= d->npages)
            continue;
        double h = d->heights[l->page];
        HPDF_Rect r = {(HPDF_REAL)l->link.rect.x0, (HPDF_REAL)(h - l->link.rect.y1), (HPDF_REAL)l->link.rect.x1,
                       (HPDF_REAL)(h - l->link.rect.y0)};
        HPDF_Annotation a = NULL;
        if (l->link.uri) {
            a = HPDF_Page_CreateURILinkAnnot(d->pages[l->page], r, l->link.uri);
        } else if (l->link.page >= 0 && (size_t)l->link.page < d->npages) {
            HPDF_Destination dst = HPDF_Page_CreateDestination(d->pages[l->link.page]);
            HPDF_Destination_SetFitH(dst, (HPDF_REAL)(d->heights[l->link.page] - l->link.y));
            a = HPDF_Page_CreateLinkAnnot(d->pages[l->page], r, dst);
        }
        if (a)
            HPDF_LinkAnnot_SetBorderStyle(a, 0, 0, 0);
    }
}

/* Gives libharu the face subset to the code points shown with it (HarfBuzz's
 * hb-subset: whole, libharu keeps every table it embeds but glyf in full,
 * and a /W entry and CIDToGIDMap entry for every code point the face maps).
 * libharu 2.3 loads fonts from files only: the subset is written to a
 * private temporary file, removed once loaded (libharu keeps it open and
 * reads the glyphs when it saves). Each code point is then measured through
 * libharu, which marks its glyph for embedding, and its width checked
 * against the one our TJ adjustments assumed. */
static int load_font(hdev *d, hfont *h)
{
    const char *path = h->font->path;
    hb_subset_input_t *in = hb_subset_input_create_or_fail();
    hb_face_t *sub = NULL;
    if (in) {
        hb_set_union(hb_subset_input_unicode_set(in), h->shown);
        /* libharu measures the descriptor's /XHeight on the x */
        hb_set_add(hb_subset_input_unicode_set(in), 'x');
        sub = hb_subset_or_fail(h->face, in);
        hb_subset_input_destroy(in);
    }
    hb_blob_t *blob = sub ? hb_face_reference_blob(sub) : NULL;
    hb_face_destroy(sub);
    unsigned len = 0;
    const char *data = blob ? hb_blob_get_data(blob, &len) : NULL;
    if (!len) {
        hb_blob_destroy(blob);
        diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "device", "cannot subset the font %s", path);
        return -1;
    }
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/regelwerk-font-XXXXXX", g_get_tmp_dir());
    int fd = mkstemp(tmp), err = fd < 0 ? errno : 0;
    for (size_t off = 0; !err && off < len;) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            err = w < 0 ? errno : EIO;
        else
            off += (size_t)w;
    }
    if (fd >= 0 && close(fd) != 0 && !err)
        err = errno;
    hb_blob_destroy(blob);
    const char *name = err ? NULL : HPDF_LoadTTFontFromFile(d->pdf, tmp, HPDF_TRUE);
    if (fd >= 0)
        unlink(tmp);
    if (err) {
        diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "io", "cannot write a font subset to %s: %s", tmp,
                 strerror(err));
        return -1;
    }
    h->hf = name ? HPDF_GetFont(d->pdf, name, "UTF-8") : NULL;
    if (!h->hf) {
        diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "device", "libharu cannot use the font %s", path);
        return -1;
    }
    hb_codepoint_t cp = HB_SET_VALUE_INVALID;
    while (hb_set_next(h->shown, &cp)) {
        char u[8];
        int n = g_unichar_to_utf8(cp, u);
        HPDF_TextWidth tw = HPDF_Font_TextWidth(h->hf, (const HPDF_BYTE *)u, (HPDF_UINT)n);
        if ((int)tw.width != cp_width(h, cp)) {
            diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "device",
                     "libharu gives U+%04X of %s the width %u, the text was set with %d", (unsigned)cp, path,
                     (unsigned)tw.width, cp_width(h, cp));
            return -1;
        }
    }
    return 0;
}

/* Puts the fonts in each page's resources under the names its text used:
 * libharu names a page's fonts F1, F2, ... as they are asked for, and they
 * are asked for in the order the page first used them. */
static void name_fonts(hdev *d)
{
    size_t k = 0;
    for (size_t i = 0; i < d->nuses; i++) {
        k = i > 0 && d->uses[i - 1].page == d->uses[i].page ? k + 1 : 1;
        const char *got = HPDF_Page_GetLocalFontName(d->pages[d->uses[i].page], d->fonts[d->uses[i].font].hf);
        char want[32];
        snprintf(want, sizeof want, "F%zu", k);
        if (!got || strcmp(got, want) != 0) {
            diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "device",
                     "libharu names a font of page %zu %s, its text says /%s", d->uses[i].page + 1,
                     got ? got : "(none)", want);
            d->failed = 1;
            return;
        }
    }
}

static int h_close(dev_device *dev)
{
    hdev *d = (hdev *)dev;
    if (!d->npages) {
        diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "device", "nothing was drawn");
        return -1;
    }
    finish_page(d);
    for (size_t i = 0; i < d->nfonts && !d->failed; i++)
        if (load_font(d, &d->fonts[i]) != 0)
            d->failed = 1;
    if (!d->failed)
        name_fonts(d);
    finish_nav(d);
    int rc = d->failed ? -1 : 0;
    /* libharu writes into memory; pdf_post writes the finished file */
    unsigned char *pdf = NULL;
    HPDF_UINT32 len = 0;
    if (rc == 0 && HPDF_SaveToStream(d->pdf) != HPDF_OK)
        rc = -1;
    if (rc == 0) {
        len = HPDF_GetStreamSize(d->pdf);
        pdf = malloc(len ? len : 1);
        if (!pdf || HPDF_ReadFromStream(d->pdf, pdf, &len) != HPDF_OK) {
            if (pdf)
                diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "device", "libharu cannot read back its output");
            rc = -1;
        }
    }
    unsigned *cps = NULL;
    size_t ncps = 0;
    if (rc == 0) {
        cps = malloc(0x10000 * sizeof *cps);
        for (unsigned cp = 0x20; cps && cp < 0x10000; cp++)
            if (d->shown[cp])
                cps[ncps++] = cp;
    }
    if (rc == 0) {
        pdf_post_spec spec = {0};
        spec.codepoints = cps;
        spec.ncodepoints = ncps;
        spec.lang = d->lang;
        spec.pages = d->boxes;
        spec.npages = d->npages;
        spec.print_scaling_none = 1;
        spec.duplex = d->duplex;
        spec.fix_tounicode = 1;
        if (pdf_post_write(d->path, pdf, len, &spec, d->diags) != 0)
            rc = -1;
    }
    free(cps);
    free(pdf);
    return rc;
}

static void h_drop(dev_device *dev)
{
    hdev *d = (hdev *)dev;
    if (d->pdf)
        HPDF_Free(d->pdf);
    for (size_t i = 0; i < d->nlinks; i++)
        free_const(d->links[i].link.uri);
    for (size_t i = 0; i < d->noutlines; i++)
        free(d->outlines[i].title);
    free(d->links);
    free(d->outlines);
    free(d->pages);
    free(d->heights);
    free(d->boxes);
    for (size_t i = 0; i < d->nfonts; i++) {
        hb_font_destroy(d->fonts[i].hb);
        hb_face_destroy(d->fonts[i].face);
        hb_set_destroy(d->fonts[i].shown);
    }
    free(d->fonts);
    free(d->uses);
    out_buf_free(&d->ops);
    free(d->lang);
    free(d->path);
    free(d);
}

void dev_haru_set_duplex(dev_device *dev, const char *duplex)
{
    ((hdev *)dev)->duplex = duplex;
}

dev_device *dev_haru_new(const char *path, diag_list *diags)
{
    hdev *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->path = strdup(path);
    d->diags = diags;
    d->next_label = 1;
    d->cur_font = -1;
    d->cur_hs = 1;
    d->pdf = HPDF_New(on_error, d);
    if (!d->path || !d->pdf) {
        free(d->path);
        if (d->pdf)
            HPDF_Free(d->pdf);
        free(d);
        return NULL;
    }
    /* Nothing deflated here: every PDF this device writes goes through
     * pdf_post, whose qpdf pass inflated libharu's streams and deflated them
     * again (a sixth of a haru build's instructions); it compresses every
     * stream it writes (qpdf_set_compress_streams), an uncompressed one as
     * well, so the files are the same bytes. */
    HPDF_SetCompressionMode(d->pdf, HPDF_COMP_NONE);
    HPDF_UseUTFEncodings(d->pdf);
    HPDF_SetCurrentEncoder(d->pdf, "UTF-8");
    dev_device *v = &d->dev;
    v->name = "haru";
    v->begin_doc = h_begin_doc;
    v->begin_page = h_begin_page;
    v->fill_path = h_fill;
    v->stroke_path = h_stroke;
    v->text = h_text;
    v->link = h_link;
    v->outline = h_outline;
    v->end_page = h_end_page;
    v->close = h_close;
    v->drop = h_drop;
    return v;
}
