/* lay_testdev.c — the layout suites' recording device. */
#include "lay_testdev.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lt_dev {
    dev_device base;    /* first: the device is the struct */
    char *buf, *words;
    size_t len, cap, wlen, wcap;
};

static void append(char **b, size_t *len, size_t *cap, const char *s, size_t n)
{
    if (*len + n + 1 > *cap) {
        size_t nc = (*cap ? *cap : 256);
        while (nc < *len + n + 1)
            nc *= 2;
        char *nb = realloc(*b, nc);
        if (!nb)
            return;
        *b = nb;
        *cap = nc;
    }
    memcpy(*b + *len, s, n);
    *len += n;
    (*b)[*len] = '\0';
}

static void out(lt_dev *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(lt_dev *d, const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n > 0)
        append(&d->buf, &d->len, &d->cap, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

static void bbox(const dl_path *p, double *x0, double *y0, double *x1, double *y1)
{
    *x0 = *y0 = 1e9;
    *x1 = *y1 = -1e9;
    for (size_t i = 0; i < p->n; i++) {
        int k = p->el[i].op == DL_CURVE ? 6 : p->el[i].op == DL_CLOSE ? 0 : 2;
        for (int j = 0; j < k; j += 2) {
            double x = p->el[i].pt[j], y = p->el[i].pt[j + 1];
            if (x < *x0) *x0 = x;
            if (y < *y0) *y0 = y;
            if (x > *x1) *x1 = x;
            if (y > *y1) *y1 = y;
        }
    }
}

static int begin_page(dev_device *dev, const dl_page_info *p)
{
    out((lt_dev *)dev, "page %.2f %.2f label=%s\n", p->width, p->height, p->label ? p->label : "");
    return 0;
}

static int fill_path(dev_device *dev, const dl_path *p, dl_color c)
{
    double x0, y0, x1, y1;
    bbox(p, &x0, &y0, &x1, &y1);
    out((lt_dev *)dev, "fill %.2f %.2f %.2f %.2f rgb %.2f %.2f %.2f\n", x0, y0, x1, y1, c.r, c.g, c.b);
    return 0;
}

static int stroke_path(dev_device *dev, const dl_path *p, dl_color c, double w)
{
    double x0, y0, x1, y1;
    bbox(p, &x0, &y0, &x1, &y1);
    out((lt_dev *)dev, "stroke %.2f %.2f %.2f %.2f w %.2f rgb %.2f %.2f %.2f\n", x0, y0, x1, y1, w, c.r, c.g, c.b);
    return 0;
}

static int text(dev_device *dev, const dl_text *t)
{
    lt_dev *d = (lt_dev *)dev;
    char hs[32] = "";
    if (t->hscale > 0 && (t->hscale > 1.00005 || t->hscale < 0.99995))
        snprintf(hs, sizeof hs, " hs=%.4f", t->hscale);
    out(d, "text f%d %.2f %.2f %.2f '%.*s'%s%s%s n=%zu%s\n", t->font ? t->font->id : -1, t->size, t->x, t->y,
        (int)t->len, t->utf8, t->actual ? " actual='" : "", t->actual ? t->actual : "", t->actual ? "'" : "",
        t->nglyphs, hs);
    const char *s = t->actual ? t->actual : t->utf8;
    size_t n = t->actual ? strlen(t->actual) : t->len;
    if (d->wlen && !(d->wlen >= 2 && (unsigned char)d->words[d->wlen - 2] == 0xC2 &&
                     (unsigned char)d->words[d->wlen - 1] == 0xAD))
        append(&d->words, &d->wlen, &d->wcap, " ", 1);
    append(&d->words, &d->wlen, &d->wcap, s, n);
    return 0;
}

static int link(dev_device *dev, const dl_link *l)
{
    out((lt_dev *)dev, "link %.2f %.2f %.2f %.2f -> page %d y %.2f\n", l->rect.x0, l->rect.y0, l->rect.x1,
        l->rect.y1, l->page, l->y);
    return 0;
}

static int outline(dev_device *dev, int level, const char *title, int page, double y)
{
    out((lt_dev *)dev, "outline %d '%s' page %d y %.2f\n", level, title, page, y);
    return 0;
}

static int begin_doc(dev_device *dev, const dl_doc_info *i)
{
    out((lt_dev *)dev, "doc title='%s' lang=%s\n", i->title ? i->title : "", i->lang ? i->lang : "");
    return 0;
}

static int end_page(dev_device *dev)
{
    out((lt_dev *)dev, "endpage\n");
    return 0;
}

lt_dev *lt_dev_new(void)
{
    lt_dev *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->base.name = "lay-test";
    d->base.begin_doc = begin_doc;
    d->base.begin_page = begin_page;
    d->base.fill_path = fill_path;
    d->base.stroke_path = stroke_path;
    d->base.text = text;
    d->base.link = link;
    d->base.outline = outline;
    d->base.end_page = end_page;
    append(&d->buf, &d->len, &d->cap, "", 0);
    append(&d->words, &d->wlen, &d->wcap, "", 0);
    return d;
}

dev_device *lt_dev_device(lt_dev *d)
{
    return &d->base;
}

const char *lt_dev_text(const lt_dev *d)
{
    return d->buf ? d->buf : "";
}

const char *lt_dev_words(lt_dev *d)
{
    return d->words ? d->words : "";
}

void lt_dev_free(lt_dev *d)
{
    if (!d)
        return;
    free(d->buf);
    free(d->words);
    free(d);
}
