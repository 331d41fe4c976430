/* dl.c — the display list: a device that records, and replay into others.
 *
 * Records are kept in one growing array of tagged items; everything an item
 * points to (paths, strings, glyphs) is copied into allocations the list owns,
 * so callers may reuse their buffers as soon as a device call returns.
 */
#include "dl.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Frees what a const pointer in a public struct points to when we own it. */
static void free_const(const void *p)
{
    free((void *)(uintptr_t)p);
}

/* ---- paths ----------------------------------------------------------------- */

void dl_path_init(dl_path *p)
{
    p->el = NULL;
    p->n = p->cap = 0;
}

void dl_path_free(dl_path *p)
{
    free(p->el);
    dl_path_init(p);
}

static int path_push(dl_path *p, dl_path_op op, const double *pt, int npt)
{
    if (p->n == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 16;
        dl_path_el *el = realloc(p->el, cap * sizeof *el);
        if (!el)
            return -1;
        p->el = el;
        p->cap = cap;
    }
    dl_path_el *e = &p->el[p->n++];
    memset(e, 0, sizeof *e);
    e->op = op;
    for (int i = 0; i < npt; i++)
        e->pt[i] = pt[i];
    return 0;
}

int dl_path_move(dl_path *p, double x, double y)
{
    double pt[2] = {x, y};
    return path_push(p, DL_MOVE, pt, 2);
}

int dl_path_line(dl_path *p, double x, double y)
{
    double pt[2] = {x, y};
    return path_push(p, DL_LINE, pt, 2);
}

int dl_path_curve(dl_path *p, double x1, double y1, double x2, double y2, double x, double y)
{
    double pt[6] = {x1, y1, x2, y2, x, y};
    return path_push(p, DL_CURVE, pt, 6);
}

int dl_path_close(dl_path *p)
{
    return path_push(p, DL_CLOSE, NULL, 0);
}

int dl_path_rect(dl_path *p, double x, double y, double w, double h)
{
    return dl_path_move(p, x, y) || dl_path_line(p, x + w, y) || dl_path_line(p, x + w, y + h) ||
                   dl_path_line(p, x, y + h) || dl_path_close(p)
               ? -1
               : 0;
}

int dl_path_round_rect(dl_path *p, double x0, double y0, double x1, double y1, double r)
{
    const double k = 0.5523 * r;   /* a quarter circle as one cubic */
    return dl_path_move(p, x0 + r, y0) || dl_path_line(p, x1 - r, y0) ||
           dl_path_curve(p, x1 - r + k, y0, x1, y0 + r - k, x1, y0 + r) || dl_path_line(p, x1, y1 - r) ||
           dl_path_curve(p, x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1) || dl_path_line(p, x0 + r, y1) ||
           dl_path_curve(p, x0 + r - k, y1, x0, y1 - r + k, x0, y1 - r) || dl_path_line(p, x0, y0 + r) ||
           dl_path_curve(p, x0, y0 + r - k, x0 + r - k, y0, x0 + r, y0) || dl_path_close(p);
}

/* ---- the recording ------------------------------------------------------------ */

typedef enum {
    IT_PAGE, IT_FILL, IT_STROKE, IT_TEXT, IT_LINK, IT_OUTLINE, IT_END_PAGE
} item_kind;

typedef struct item {
    item_kind kind;
    /* one kind's fields at a time: a sheet records thousands of items, and
     * all kinds' fields side by side made each 344 bytes (the largest block
     * of a build, 2.8 MB for Sine Tempore's sheet); overlaid, 112 */
    union {
        struct {
            dl_color color;
            double width;       /* STROKE */
            dl_path path;
        };                      /* FILL, STROKE */
        dl_text text;           /* TEXT: utf8, actual, glyphs owned */
        dl_link link;           /* LINK: uri owned */
        dl_page_info page;      /* PAGE: label owned */
        struct {
            int level, opage;
            double oy;
            char *title;
        };                      /* OUTLINE */
    };
} item;

struct dl_list {
    dev_device dev;         /* first: the recording device */
    item *items;
    size_t n, cap;
    dl_font **fonts;
    size_t nfonts;
    size_t pages;
    int has_info;
    dl_doc_info info;       /* strings owned */
};

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

static item *push(dl_list *l, item_kind kind)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        item *it = realloc(l->items, cap * sizeof *it);
        if (!it)
            return NULL;
        l->items = it;
        l->cap = cap;
    }
    item *it = &l->items[l->n++];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    return it;
}

static int copy_path(dl_path *to, const dl_path *from)
{
    dl_path_init(to);
    if (!from->n)
        return 0;
    to->el = malloc(from->n * sizeof *to->el);
    if (!to->el)
        return -1;
    memcpy(to->el, from->el, from->n * sizeof *to->el);
    to->n = to->cap = from->n;
    return 0;
}

static void free_info(dl_doc_info *i)
{
    free_const(i->title);
    free_const(i->author);
    free_const(i->subject);
    free_const(i->keywords);
    free_const(i->creator);
    free_const(i->lang);
    memset(i, 0, sizeof *i);
}

static int rec_begin_doc(dev_device *dev, const dl_doc_info *info)
{
    dl_list *l = (dl_list *)dev;
    free_info(&l->info);
    l->info.title = dup_or_null(info->title);
    l->info.author = dup_or_null(info->author);
    l->info.subject = dup_or_null(info->subject);
    l->info.keywords = dup_or_null(info->keywords);
    l->info.creator = dup_or_null(info->creator);
    l->info.lang = dup_or_null(info->lang);
    l->info.date = info->date;
    l->has_info = 1;
    /* a PDF without its title or language is not the same file */
    int lost = (info->title && !l->info.title) || (info->author && !l->info.author) ||
               (info->subject && !l->info.subject) || (info->keywords && !l->info.keywords) ||
               (info->creator && !l->info.creator) || (info->lang && !l->info.lang);
    return lost ? -1 : 0;
}

static int rec_begin_page(dev_device *dev, const dl_page_info *page)
{
    dl_list *l = (dl_list *)dev;
    item *it = push(l, IT_PAGE);
    if (!it)
        return -1;
    it->page = *page;
    it->page.label = dup_or_null(page->label);
    l->pages++;
    return page->label && !it->page.label ? -1 : 0;
}

static int rec_fill(dev_device *dev, const dl_path *path, dl_color color)
{
    item *it = push((dl_list *)dev, IT_FILL);
    if (!it)
        return -1;
    it->color = color;
    return copy_path(&it->path, path);
}

static int rec_stroke(dev_device *dev, const dl_path *path, dl_color color, double width)
{
    item *it = push((dl_list *)dev, IT_STROKE);
    if (!it)
        return -1;
    it->color = color;
    it->width = width;
    return copy_path(&it->path, path);
}

static int rec_text(dev_device *dev, const dl_text *t)
{
    item *it = push((dl_list *)dev, IT_TEXT);
    if (!it)
        return -1;
    it->text = *t;
    /* the glyphs, then the text and its actual text, in one block: a
     * sheet records thousands of runs, and three blocks each cost a
     * quarter more of the list's memory in allocator headers and rounding */
    size_t gbytes = (t->nglyphs ? t->nglyphs : 1) * sizeof(dl_glyph);
    size_t alen = t->actual ? strlen(t->actual) + 1 : 0;
    char *block = malloc(gbytes + t->len + 1 + alen);
    if (!block) {
        it->text.utf8 = NULL;
        it->text.glyphs = NULL;
        it->text.actual = NULL;
        return -1;
    }
    dl_glyph *g = (dl_glyph *)(void *)block;
    char *u = block + gbytes;
    if (t->nglyphs)
        memcpy(g, t->glyphs, t->nglyphs * sizeof *g);
    memcpy(u, t->utf8, t->len);
    u[t->len] = '\0';
    it->text.glyphs = g;
    it->text.utf8 = u;
    it->text.actual = NULL;
    if (t->actual) {
        char *a = u + t->len + 1;
        memcpy(a, t->actual, alen);
        it->text.actual = a;
    }
    return 0;
}

static int rec_link(dev_device *dev, const dl_link *link)
{
    item *it = push((dl_list *)dev, IT_LINK);
    if (!it)
        return -1;
    it->link = *link;
    it->link.uri = dup_or_null(link->uri);
    return link->uri && !it->link.uri ? -1 : 0;
}

static int rec_outline(dev_device *dev, int level, const char *title, int page, double y)
{
    item *it = push((dl_list *)dev, IT_OUTLINE);
    if (!it)
        return -1;
    it->level = level;
    it->opage = page;
    it->oy = y;
    it->title = dup_or_null(title);
    return title && !it->title ? -1 : 0;   /* out of memory: replay skips it */
}

static int rec_end_page(dev_device *dev)
{
    return push((dl_list *)dev, IT_END_PAGE) ? 0 : -1;
}

dl_list *dl_list_new(void)
{
    dl_list *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    dev_device *d = &l->dev;
    d->name = "display-list";
    d->begin_doc = rec_begin_doc;
    d->begin_page = rec_begin_page;
    d->fill_path = rec_fill;
    d->stroke_path = rec_stroke;
    d->text = rec_text;
    d->link = rec_link;
    d->outline = rec_outline;
    d->end_page = rec_end_page;
    d->close = NULL;
    d->drop = NULL;   /* owned by the list */
    return l;
}

void dl_list_free(dl_list *l)
{
    if (!l)
        return;
    for (size_t i = 0; i < l->n; i++) {
        item *it = &l->items[i];
        switch (it->kind) {
        case IT_FILL:
        case IT_STROKE:
            dl_path_free(&it->path);
            break;
        case IT_TEXT:
            free_const(it->text.glyphs);   /* the block of the text's copies */
            break;
        case IT_LINK:
            free_const(it->link.uri);
            break;
        case IT_PAGE:
            free_const(it->page.label);
            break;
        case IT_OUTLINE:
            free(it->title);
            break;
        case IT_END_PAGE:
            break;
        }
    }
    free(l->items);
    for (size_t i = 0; i < l->nfonts; i++) {
        free(l->fonts[i]->path);
        free(l->fonts[i]->family);
        free(l->fonts[i]);
    }
    free(l->fonts);
    free_info(&l->info);
    free(l);
}

dev_device *dl_list_device(dl_list *l)
{
    return &l->dev;
}

const dl_font *dl_font_add(dl_list *l, const char *path, int face_index, const char *family)
{
    for (size_t i = 0; i < l->nfonts; i++)
        if (l->fonts[i]->face_index == face_index && strcmp(l->fonts[i]->path, path) == 0)
            return l->fonts[i];
    dl_font **fs = realloc(l->fonts, (l->nfonts + 1) * sizeof *fs);
    if (!fs)
        return NULL;
    l->fonts = fs;
    dl_font *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->id = (int)l->nfonts;
    f->path = strdup(path);
    f->face_index = face_index;
    f->family = strdup(family ? family : "");
    if (!f->path || !f->family) {
        free(f->path);
        free(f->family);
        free(f);
        return NULL;
    }
    l->fonts[l->nfonts++] = f;
    return f;
}

size_t dl_list_page_count(const dl_list *l)
{
    return l->pages;
}

const dl_doc_info *dl_list_doc_info(const dl_list *l)
{
    return l->has_info ? &l->info : NULL;
}

/* ---- replay ------------------------------------------------------------------------ */

static double tx(const dl_matrix *m, double x)
{
    return m ? m->a * x + m->c : x;
}

static double ty(const dl_matrix *m, double y)
{
    return m ? m->d * y + m->f : y;
}

static int replay_path(const dl_path *in, const dl_matrix *m, dl_path *out)
{
    if (!m)
        return copy_path(out, in) == 0 ? 0 : -1;
    if (copy_path(out, in) != 0)
        return -1;
    for (size_t i = 0; i < out->n; i++)
        for (int k = 0; k < 6; k += 2) {
            out->el[i].pt[k] = tx(m, out->el[i].pt[k]);
            out->el[i].pt[k + 1] = ty(m, out->el[i].pt[k + 1]);
        }
    return 0;
}

static int replay_item(const item *it, dev_device *dev, const dl_matrix *m, int frames)
{
    switch (it->kind) {
    case IT_PAGE:
        return frames && dev->begin_page ? dev->begin_page(dev, &it->page) : 0;
    case IT_END_PAGE:
        return frames && dev->end_page ? dev->end_page(dev) : 0;
    case IT_FILL:
    case IT_STROKE: {
        if (it->kind == IT_FILL ? !dev->fill_path : !dev->stroke_path)
            return 0;
        if (!m)
            return it->kind == IT_FILL ? dev->fill_path(dev, &it->path, it->color)
                                       : dev->stroke_path(dev, &it->path, it->color, it->width);
        dl_path p;
        if (replay_path(&it->path, m, &p) != 0)
            return -1;
        int rc = it->kind == IT_FILL ? dev->fill_path(dev, &p, it->color)
                                     : dev->stroke_path(dev, &p, it->color, it->width * fabs(m->a));
        dl_path_free(&p);
        return rc;
    }
    case IT_TEXT: {
        if (!dev->text)
            return 0;
        if (!m)
            return dev->text(dev, &it->text);
        dl_text t = it->text;
        dl_glyph *g = malloc((t.nglyphs ? t.nglyphs : 1) * sizeof *g);
        if (!g)
            return -1;
        /* glyph offsets are relative to the origin: scale only */
        for (size_t i = 0; i < t.nglyphs; i++) {
            g[i] = it->text.glyphs[i];
            g[i].x *= fabs(m->a);
            g[i].y *= fabs(m->d);
        }
        t.glyphs = g;
        t.x = tx(m, t.x);
        t.y = ty(m, t.y);
        t.size *= fabs(m->a);
        int rc = dev->text(dev, &t);
        free(g);
        return rc;
    }
    case IT_LINK: {
        if (!dev->link)
            return 0;
        dl_link k = it->link;
        double x0 = tx(m, k.rect.x0), x1 = tx(m, k.rect.x1);
        double y0 = ty(m, k.rect.y0), y1 = ty(m, k.rect.y1);
        k.rect.x0 = fmin(x0, x1);
        k.rect.x1 = fmax(x0, x1);
        k.rect.y0 = fmin(y0, y1);
        k.rect.y1 = fmax(y0, y1);
        if (!k.uri)
            k.y = ty(m, k.y);
        return dev->link(dev, &k);
    }
    case IT_OUTLINE:
        return dev->outline && it->title ? dev->outline(dev, it->level, it->title, it->opage, ty(m, it->oy)) : 0;
    }
    return 0;
}

int dl_replay_pages(const dl_list *l, dev_device *dev, const dl_matrix *m, size_t first, size_t count,
                    int with_page_frames)
{
    size_t page = 0;     /* pages begun so far */
    int in_range = 0;
    for (size_t i = 0; i < l->n; i++) {
        const item *it = &l->items[i];
        if (it->kind == IT_PAGE) {
            page++;
            in_range = page - 1 >= first && (count == 0 || page - 1 < first + count);
        }
        /* outlines are document-wide, recorded where the layout made them */
        if (!in_range && it->kind != IT_OUTLINE)
            continue;
        if (it->kind == IT_OUTLINE &&
            !((size_t)it->opage >= first && (count == 0 || (size_t)it->opage < first + count)))
            continue;
        int rc = replay_item(it, dev, m, with_page_frames);
        if (rc != 0)
            return rc;
    }
    return 0;
}

int dl_replay(const dl_list *l, dev_device *dev, const dl_matrix *m)
{
    return dl_replay_pages(l, dev, m, 0, 0, 1);
}
