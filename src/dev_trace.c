/* dev_trace.c — the trace device (see dev_trace.h). */
#include "dev_trace.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"

typedef struct trace_dev {
    dev_device base;   /* first: the device is the struct */
    char *path;
    out_buf buf;
    diag_list *diags;
} trace_dev;

static void put(trace_dev *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(trace_dev *t, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n > 0)
        out_buf_append(&t->buf, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

/* XML-escaped text of n bytes. */
static void put_text(trace_dev *t, const char *s, size_t n)
{
    for (size_t i = 0; s && i < n; i++) {
        const char *e = s[i] == '<' ? "&lt;" : s[i] == '>' ? "&gt;" : s[i] == '&' ? "&amp;" : s[i] == '"' ? "&quot;" : NULL;
        if (e)
            out_buf_append(&t->buf, e, strlen(e));
        else
            out_buf_append(&t->buf, s + i, 1);
    }
}

static void put_attr(trace_dev *t, const char *name, const char *value)
{
    if (!value)
        return;
    put(t, " %s=\"", name);
    put_text(t, value, strlen(value));
    put(t, "\"");
}

static void bounds(const dl_path *p, dl_rect *r)
{
    r->x0 = r->y0 = 1e9;
    r->x1 = r->y1 = -1e9;
    for (size_t i = 0; i < p->n; i++) {
        int k = p->el[i].op == DL_CURVE ? 6 : p->el[i].op == DL_CLOSE ? 0 : 2;
        for (int j = 0; j < k; j += 2) {
            double x = p->el[i].pt[j], y = p->el[i].pt[j + 1];
            r->x0 = x < r->x0 ? x : r->x0;
            r->y0 = y < r->y0 ? y : r->y0;
            r->x1 = x > r->x1 ? x : r->x1;
            r->y1 = y > r->y1 ? y : r->y1;
        }
    }
}

static int begin_doc(dev_device *dev, const dl_doc_info *i)
{
    trace_dev *t = (trace_dev *)dev;
    put(t, "<document");
    put_attr(t, "title", i->title);
    put_attr(t, "author", i->author);
    put_attr(t, "subject", i->subject);
    put_attr(t, "lang", i->lang);
    put(t, " date=\"%lld\">\n", i->date);
    return 0;
}

static int begin_page(dev_device *dev, const dl_page_info *p)
{
    trace_dev *t = (trace_dev *)dev;
    put(t, "<page width=\"%.2f\" height=\"%.2f\"", p->width, p->height);
    if (p->has_trim)
        put(t, " trim=\"%.2f %.2f %.2f %.2f\"", p->trim.x0, p->trim.y0, p->trim.x1, p->trim.y1);
    if (p->has_bleed)
        put(t, " bleed=\"%.2f %.2f %.2f %.2f\"", p->bleed.x0, p->bleed.y0, p->bleed.x1, p->bleed.y1);
    put_attr(t, "label", p->label);
    put(t, ">\n");
    return 0;
}

static int path_el(dev_device *dev, const char *kind, const dl_path *p, dl_color c, double width)
{
    trace_dev *t = (trace_dev *)dev;
    dl_rect r;
    bounds(p, &r);
    put(t, "  <%s bbox=\"%.2f %.2f %.2f %.2f\" elements=\"%zu\" rgb=\"%.3f %.3f %.3f\"", kind, r.x0, r.y0, r.x1, r.y1,
        p->n, c.r, c.g, c.b);
    if (width > 0)
        put(t, " width=\"%.2f\"", width);
    put(t, "/>\n");
    return 0;
}

static int fill_path(dev_device *dev, const dl_path *p, dl_color c)
{
    return path_el(dev, "fill_path", p, c, 0);
}

static int stroke_path(dev_device *dev, const dl_path *p, dl_color c, double w)
{
    return path_el(dev, "stroke_path", p, c, w);
}

static int text(dev_device *dev, const dl_text *x)
{
    trace_dev *t = (trace_dev *)dev;
    put(t, "  <text");
    put_attr(t, "font", x->font ? x->font->family : NULL);
    put(t, " size=\"%.2f\" x=\"%.2f\" y=\"%.2f\" glyphs=\"%zu\" rgb=\"%.3f %.3f %.3f\"", x->size, x->x, x->y,
        x->nglyphs, x->color.r, x->color.g, x->color.b);
    if (x->hscale > 0 && (x->hscale > 1.00005 || x->hscale < 0.99995))
        put(t, " hscale=\"%.4f\"", x->hscale);
    put_attr(t, "actual", x->actual);
    put(t, ">");
    put_text(t, x->utf8, x->len);
    put(t, "</text>\n");
    return 0;
}

static int link(dev_device *dev, const dl_link *l)
{
    trace_dev *t = (trace_dev *)dev;
    put(t, "  <link rect=\"%.2f %.2f %.2f %.2f\"", l->rect.x0, l->rect.y0, l->rect.x1, l->rect.y1);
    if (l->uri)
        put_attr(t, "uri", l->uri);
    else
        put(t, " page=\"%d\" y=\"%.2f\"", l->page, l->y);
    put(t, "/>\n");
    return 0;
}

static int outline(dev_device *dev, int level, const char *title, int page, double y)
{
    trace_dev *t = (trace_dev *)dev;
    put(t, "  <outline level=\"%d\" page=\"%d\" y=\"%.2f\"", level, page, y);
    put_attr(t, "title", title);
    put(t, "/>\n");
    return 0;
}

static int end_page(dev_device *dev)
{
    put((trace_dev *)dev, "</page>\n");
    return 0;
}

static int close_dev(dev_device *dev)
{
    trace_dev *t = (trace_dev *)dev;
    put(t, "</document>\n");
    if (t->buf.failed) {
        diag_add(t->diags, DIAG_ERROR, t->path, 0, 0, "out-of-memory", "out of memory");
        return -1;
    }
    return out_write_file(t->path, t->buf.data, t->buf.len, t->diags);
}

static void drop(dev_device *dev)
{
    trace_dev *t = (trace_dev *)dev;
    out_buf_free(&t->buf);
    free(t->path);
    free(t);
}

dev_device *dev_trace_new(const char *path, diag_list *diags)
{
    trace_dev *t = calloc(1, sizeof *t);
    if (!t || !(t->path = strdup(path))) {
        free(t);
        diag_add(diags, DIAG_ERROR, path, 0, 0, "out-of-memory", "out of memory");
        return NULL;
    }
    t->diags = diags;
    t->base.name = "trace";
    t->base.begin_doc = begin_doc;
    t->base.begin_page = begin_page;
    t->base.fill_path = fill_path;
    t->base.stroke_path = stroke_path;
    t->base.text = text;
    t->base.link = link;
    t->base.outline = outline;
    t->base.end_page = end_page;
    t->base.close = close_dev;
    t->base.drop = drop;
    return &t->base;
}
