/* dev_haru.c — display list → libharu. */
#include "dev_haru.h"

#include <glib.h>
#include <hpdf.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pdf_post.h"

/* Frees what a const pointer in a public struct points to when we own it. */
static void free_const(const void *p)
{
    free((void *)(uintptr_t)p);
}

typedef struct hfont {
    const dl_font *font;
    HPDF_Font hf;
} hfont;

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
    pdf_post_link *links;
    size_t nlinks;
    houtline *outlines;
    size_t noutlines;
    pdf_post_page *boxes;
    char *lang;
    const char *duplex;         /* a static name, or NULL */
    int next_label;
    unsigned char shown[0x10000];   /* BMP code points shown, for ToUnicode */        /* the label page i would get by continuing */
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
    d->page = HPDF_AddPage(d->pdf);
    if (!d->page)
        return -1;
    HPDF_Page_SetWidth(d->page, (HPDF_REAL)pi->width);
    HPDF_Page_SetHeight(d->page, (HPDF_REAL)pi->height);
    d->pages[d->npages] = d->page;
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

static void put_path(hdev *d, const dl_path *p)
{
    for (size_t i = 0; i < p->n; i++) {
        const double *q = p->el[i].pt;
        switch (p->el[i].op) {
        case DL_MOVE: HPDF_Page_MoveTo(d->page, (HPDF_REAL)q[0], (HPDF_REAL)fy(d, q[1])); break;
        case DL_LINE: HPDF_Page_LineTo(d->page, (HPDF_REAL)q[0], (HPDF_REAL)fy(d, q[1])); break;
        case DL_CURVE:
            HPDF_Page_CurveTo(d->page, (HPDF_REAL)q[0], (HPDF_REAL)fy(d, q[1]), (HPDF_REAL)q[2],
                              (HPDF_REAL)fy(d, q[3]), (HPDF_REAL)q[4], (HPDF_REAL)fy(d, q[5]));
            break;
        case DL_CLOSE: HPDF_Page_ClosePath(d->page); break;
        }
    }
}

static int h_fill(dev_device *dev, const dl_path *path, dl_color c)
{
    hdev *d = (hdev *)dev;
    if (!d->page || !path->n)
        return d->page ? 0 : -1;
    HPDF_Page_SetRGBFill(d->page, (HPDF_REAL)c.r, (HPDF_REAL)c.g, (HPDF_REAL)c.b);
    put_path(d, path);
    HPDF_Page_Fill(d->page);
    return d->failed ? -1 : 0;
}

static int h_stroke(dev_device *dev, const dl_path *path, dl_color c, double width)
{
    hdev *d = (hdev *)dev;
    if (!d->page || !path->n)
        return d->page ? 0 : -1;
    HPDF_Page_SetRGBStroke(d->page, (HPDF_REAL)c.r, (HPDF_REAL)c.g, (HPDF_REAL)c.b);
    HPDF_Page_SetLineWidth(d->page, (HPDF_REAL)width);
    put_path(d, path);
    HPDF_Page_Stroke(d->page);
    return d->failed ? -1 : 0;
}

/* Records the code points of s for the ToUnicode map pdf_post builds. */
static void note_shown(hdev *d, const char *s, size_t len)
{
    for (const char *p = s, *e = s + len; p < e;) {
        gunichar cp = g_utf8_get_char_validated(p, e - p);
        if (cp == (gunichar)-1 || cp == (gunichar)-2) {
            p++;
            continue;
        }
        if (cp < 0x10000)   /* outside the BMP libharu cannot show either */
            d->shown[cp] = 1;
        p += g_utf8_skip[(unsigned char)*p];
    }
}

static HPDF_Font font_for(hdev *d, const dl_font *f)
{
    for (size_t i = 0; i < d->nfonts; i++)
        if (d->fonts[i].font == f)
            return d->fonts[i].hf;
    const char *name = HPDF_LoadTTFontFromFile(d->pdf, f->path, HPDF_TRUE);
    HPDF_Font hf = name ? HPDF_GetFont(d->pdf, name, "UTF-8") : NULL;
    if (!hf) {
        diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "device", "libharu cannot use the font %s", f->path);
        return NULL;
    }
    hfont *nf = realloc(d->fonts, (d->nfonts + 1) * sizeof *nf);
    if (!nf)
        return NULL;
    d->fonts = nf;
    d->fonts[d->nfonts++] = (hfont){f, hf};
    return hf;
}

/* Shows each cluster at the position the shaper gave its first glyph:
 * libharu would otherwise set the run with its own unkerned advances. */
static int h_text(dev_device *dev, const dl_text *t)
{
    hdev *d = (hdev *)dev;
    if (!d->page)
        return -1;
    if (!t->nglyphs || !t->len)
        return 0;
    HPDF_Font hf = font_for(d, t->font);
    if (!hf)
        return -1;
    HPDF_Page_BeginText(d->page);
    HPDF_Page_SetFontAndSize(d->page, hf, (HPDF_REAL)t->size);
    /* font expansion: Tz is text state, which outlives the text object,
     * so it is set back after an expanded run */
    double hs = t->hscale > 0 ? t->hscale : 1;
    if (hs != 1)
        HPDF_Page_SetHorizontalScalling(d->page, (HPDF_REAL)(100 * hs));
    HPDF_Page_SetRGBFill(d->page, (HPDF_REAL)t->color.r, (HPDF_REAL)t->color.g, (HPDF_REAL)t->color.b);
    /* A run with actual text (a hyphenated line end: "Geg-" / "Geg\u00AD")
     * is shown as its actual text: the fonts draw U+00AD as a hyphen, and
     * text extraction then returns the soft hyphen, never a hard one. */
    const char *s = t->actual ? t->actual : t->utf8;
    size_t len = t->actual ? strlen(t->actual) : t->len;
    note_shown(d, s, len);
    int by_cluster = !t->actual;
    for (size_t i = 1; by_cluster && i < t->nglyphs; i++)
        if (t->glyphs[i].cluster < t->glyphs[i - 1].cluster)
            by_cluster = 0;
    char buf[256];
    if (!by_cluster) {
        char *one = strndup(s, len);
        if (one)
            HPDF_Page_TextOut(d->page, (HPDF_REAL)t->x, (HPDF_REAL)fy(d, t->y), one);
        free(one);
    } else {
        size_t i = 0;
        while (i < t->nglyphs) {
            size_t j = i;
            while (j < t->nglyphs && t->glyphs[j].cluster == t->glyphs[i].cluster)
                j++;
            size_t from = t->glyphs[i].cluster, to = j < t->nglyphs ? t->glyphs[j].cluster : len;
            if (to > len)
                to = len;
            if (to > from && to - from < sizeof buf) {
                memcpy(buf, s + from, to - from);
                buf[to - from] = '\0';
                HPDF_Page_TextOut(d->page, (HPDF_REAL)(t->x + t->glyphs[i].x),
                                  (HPDF_REAL)fy(d, t->y + t->glyphs[i].y), buf);
            }
            i = j;
        }
    }
    if (hs != 1)
        HPDF_Page_SetHorizontalScalling(d->page, 100);
    HPDF_Page_EndText(d->page);
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

static int h_close(dev_device *dev)
{
    hdev *d = (hdev *)dev;
    if (!d->npages) {
        diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "device", "nothing was drawn");
        return -1;
    }
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
    free(d->fonts);
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
    d->pdf = HPDF_New(on_error, d);
    if (!d->path || !d->pdf) {
        free(d->path);
        if (d->pdf)
            HPDF_Free(d->pdf);
        free(d);
        return NULL;
    }
    HPDF_SetCompressionMode(d->pdf, HPDF_COMP_ALL);
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
