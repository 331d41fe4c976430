/* dev_cairo.c — display list → cairo (PDF, PNG, SVG). */
#include "dev_cairo.h"

#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lay_font.h"
#include "out.h"
#include "pdf_post.h"

/* Frees what a const pointer in a public struct points to when we own it. */
static void free_const(const void *p)
{
    free((void *)(uintptr_t)p);
}

#define MAX_OUTLINE_DEPTH 8

typedef struct face_cache {
    const dl_font *font;
    cairo_font_face_t *cf;      /* a reference to the process's face */
} face_cache;

typedef struct cdev {
    dev_device dev;
    char *path;              /* final name (PNG/SVG: page N is STEM-N.EXT) */
    out_buf buf;             /* the file being written (PNG/SVG: the page) */
    int format;
    double dpi;
    diag_list *diags;
    int failed;

    face_cache *faces;
    size_t nfaces;

    cairo_surface_t *surface;   /* PDF: the document; PNG/SVG: the page */
    cairo_t *cr;
    int page;                   /* pages begun */
    dl_page_info cur;

    /* what pdf_post adds */
    char *lang;
    const char *duplex;         /* a static name, or NULL */
    pdf_post_link *links;
    size_t nlinks;
    pdf_post_page *pages;
    size_t npages;

    /* Text runs of the same face, size, scale and colour that follow each
     * other (the words of a line) are drawn as one cairo text operation:
     * cairo analyses and emits every operation on its own at show_page,
     * and one per word was a sixth of a whole build. */
    struct {
        cairo_font_face_t *face;
        double xsize, size;
        dl_color color;
        cairo_glyph_t *glyphs;
        cairo_text_cluster_t *clusters;
        char *utf8;
        size_t nglyphs, nclusters, len, cap_glyphs, cap_clusters, cap_utf8;
    } run;

    int outline_parent[MAX_OUTLINE_DEPTH];
    /* PNG/SVG: the pages written so far, renamed into place on close */
    out_batch *batch;
} cdev;

/* One FreeType library for the process: cairo may keep a font face in its
 * cache after the device that made it is gone, and the face's FT_Face must
 * live as long (it is released by the font face's destroy callback). */
static FT_Library ft_lib;
static const cairo_user_data_key_t ft_key;

static void done_face(void *p)
{
    FT_Done_Face((FT_Face)p);
}

/* The process's faces, one per font file and index, shared by every device:
 * a face opened per device mapped the font file again for each of a build's
 * 80 outputs (cairo holds recent faces after their device is gone), and
 * cairo's glyph caches, kept per face, started empty each time. */
typedef struct proc_face {
    char *path;
    int index;
    cairo_font_face_t *cf;
} proc_face;
static proc_face *proc_faces;
static size_t nproc_faces;

void dev_cairo_cleanup(void)
{
    for (size_t i = 0; i < nproc_faces; i++) {
        cairo_font_face_destroy(proc_faces[i].cf);   /* the FT_Face goes with it */
        free(proc_faces[i].path);
    }
    free(proc_faces);
    proc_faces = NULL;
    nproc_faces = 0;
    cairo_debug_reset_static_data();
    if (ft_lib) {
        FT_Done_FreeType(ft_lib);
        ft_lib = NULL;
    }
}

static void fail(cdev *d, const char *what)
{
    d->failed = 1;
    diag_add(d->diags, DIAG_ERROR, d->path, 0, 0, "device", "cairo: %s", what);
}

/* An allocation of ours failed: said once, and the file is not written. */
static int oom(cdev *d)
{
    fail(d, "out of memory");
    return -1;
}

static int check_cr(cdev *d)
{
    if (d->cr && cairo_status(d->cr) != CAIRO_STATUS_SUCCESS) {
        fail(d, cairo_status_to_string(cairo_status(d->cr)));
        return -1;
    }
    return d->failed ? -1 : 0;
}

/* STEM-N.EXT for path STEM.EXT: the page number goes before the extension
 * (never through a format string: the path is the user's and may hold %). */
static char *page_path(const cdev *d, int page)
{
    size_t n = strlen(d->path) + 16;
    char *p = malloc(n);
    if (!p)
        return NULL;
    const char *slash = strrchr(d->path, '/');
    const char *dot = strrchr(slash ? slash : d->path, '.');
    int stem = dot ? (int)(dot - d->path) : (int)strlen(d->path);
    snprintf(p, n, "%.*s-%d%s", stem, d->path, page, dot ? dot : "");
    return p;
}

/* cairo writes every file into memory; out.c puts it on the disk. A buffer
 * that could not grow keeps buf.failed, which c_close and c_end_page report
 * as "out of memory"; cairo is told all is well, because cairo 1.16's PDF
 * surface, given a write error while showing a page, crashes in
 * cairo_surface_finish (found by tests/test_oom.c). */
static cairo_status_t to_buf(void *closure, const unsigned char *data, unsigned int len)
{
    out_buf_append(closure, data, len);
    return CAIRO_STATUS_SUCCESS;
}

static void iso_date(long long epoch, char *buf, size_t len)
{
    time_t t = (time_t)epoch;
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int c_begin_doc(dev_device *dev, const dl_doc_info *info)
{
    cdev *d = (cdev *)dev;
    if (d->format != DEV_CAIRO_PDF)
        return 0;
    /* cairo's streams uncompressed: pdf_post reads every content stream and
     * font (rounding, hinting) and qpdf compresses each stream it writes, so
     * cairo's own deflate was undone and done again (a sixth of a build's
     * instructions). cairo 1.16 has no call for it, only this variable, read
     * when the surface is made; one set by the user is left alone. */
    int set_debug = getenv("CAIRO_DEBUG_PDF") == NULL && setenv("CAIRO_DEBUG_PDF", "1", 0) == 0;
    d->surface = cairo_pdf_surface_create_for_stream(to_buf, &d->buf, 595.276, 841.89);
    if (set_debug)
        unsetenv("CAIRO_DEBUG_PDF");
    if (cairo_surface_status(d->surface) != CAIRO_STATUS_SUCCESS) {
        fail(d, cairo_status_to_string(cairo_surface_status(d->surface)));
        return -1;
    }
    cairo_pdf_surface_restrict_to_version(d->surface, CAIRO_PDF_VERSION_1_5);
    if (info) {
        if (info->title)
            cairo_pdf_surface_set_metadata(d->surface, CAIRO_PDF_METADATA_TITLE, info->title);
        if (info->author)
            cairo_pdf_surface_set_metadata(d->surface, CAIRO_PDF_METADATA_AUTHOR, info->author);
        if (info->subject)
            cairo_pdf_surface_set_metadata(d->surface, CAIRO_PDF_METADATA_SUBJECT, info->subject);
        if (info->keywords)
            cairo_pdf_surface_set_metadata(d->surface, CAIRO_PDF_METADATA_KEYWORDS, info->keywords);
        cairo_pdf_surface_set_metadata(d->surface, CAIRO_PDF_METADATA_CREATOR,
                                       info->creator ? info->creator : "regelwerk");
        /* never the current time: the same input gives the same bytes */
        char date[32];
        iso_date(info->date, date, sizeof date);
        cairo_pdf_surface_set_metadata(d->surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
        cairo_pdf_surface_set_metadata(d->surface, CAIRO_PDF_METADATA_MOD_DATE, date);
        if (info->lang && !(d->lang = strdup(info->lang)))
            return oom(d);
    }
    d->cr = cairo_create(d->surface);
    return check_cr(d);
}

static int c_begin_page(dev_device *dev, const dl_page_info *page)
{
    cdev *d = (cdev *)dev;
    d->page++;
    d->cur = *page;
    d->cur.label = NULL;
    if (d->format == DEV_CAIRO_PDF) {
        if (!d->surface && c_begin_doc(dev, NULL) != 0)
            return -1;
        cairo_pdf_surface_set_size(d->surface, page->width, page->height);
        if (page->label)
            cairo_pdf_surface_set_page_label(d->surface, page->label);
        pdf_post_page *pp = realloc(d->pages, (d->npages + 1) * sizeof *pp);
        if (!pp)
            return oom(d);
        d->pages = pp;
        pdf_post_page *p = &d->pages[d->npages++];
        memset(p, 0, sizeof *p);
        p->height = page->height;
        p->has_trim = page->has_trim;
        p->trim = page->trim;
        p->has_bleed = page->has_bleed;
        p->bleed = page->bleed;
    } else {
        out_buf_free(&d->buf);
        if (d->format == DEV_CAIRO_SVG) {
            d->surface = cairo_svg_surface_create_for_stream(to_buf, &d->buf, page->width, page->height);
        } else {
            double s = d->dpi / 72.0;
            d->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)(page->width * s + 0.5),
                                                    (int)(page->height * s + 0.5));
        }
        if (cairo_surface_status(d->surface) != CAIRO_STATUS_SUCCESS) {
            fail(d, cairo_status_to_string(cairo_surface_status(d->surface)));
            return -1;
        }
        d->cr = cairo_create(d->surface);
        if (d->format == DEV_CAIRO_PNG) {
            cairo_scale(d->cr, d->dpi / 72.0, d->dpi / 72.0);
            cairo_set_source_rgb(d->cr, 1, 1, 1);
            cairo_paint(d->cr);
        }
    }
    return check_cr(d);
}

/* Draws the pending text run, if any. */
static int flush_text(cdev *d)
{
    if (!d->run.nglyphs)
        return 0;
    cairo_set_font_face(d->cr, d->run.face);
    cairo_matrix_t fm;
    cairo_matrix_init_scale(&fm, d->run.xsize, d->run.size);
    cairo_set_font_matrix(d->cr, &fm);
    cairo_set_source_rgb(d->cr, d->run.color.r, d->run.color.g, d->run.color.b);
    cairo_show_text_glyphs(d->cr, d->run.utf8, (int)d->run.len, d->run.glyphs, (int)d->run.nglyphs,
                           d->run.clusters, (int)d->run.nclusters, 0);
    d->run.nglyphs = d->run.nclusters = d->run.len = 0;
    return check_cr(d);
}

/* Room for n more items of size sz in *p (capacity *cap): 0, or -1. */
static int reserve(void **p, size_t *cap, size_t used, size_t n, size_t sz)
{
    if (used + n <= *cap)
        return 0;
    size_t ncap = *cap ? *cap : 64;
    while (ncap < used + n)
        ncap *= 2;
    void *q = realloc(*p, ncap * sz);
    if (!q)
        return -1;
    *p = q;
    *cap = ncap;
    return 0;
}

static void set_path(cairo_t *cr, const dl_path *p)
{
    cairo_new_path(cr);
    for (size_t i = 0; i < p->n; i++) {
        const double *q = p->el[i].pt;
        switch (p->el[i].op) {
        case DL_MOVE: cairo_move_to(cr, q[0], q[1]); break;
        case DL_LINE: cairo_line_to(cr, q[0], q[1]); break;
        case DL_CURVE: cairo_curve_to(cr, q[0], q[1], q[2], q[3], q[4], q[5]); break;
        case DL_CLOSE: cairo_close_path(cr); break;
        }
    }
}

static int c_fill(dev_device *dev, const dl_path *path, dl_color c)
{
    cdev *d = (cdev *)dev;
    if (!d->cr || flush_text(d) != 0)
        return -1;
    set_path(d->cr, path);
    cairo_set_fill_rule(d->cr, CAIRO_FILL_RULE_WINDING);
    cairo_set_source_rgb(d->cr, c.r, c.g, c.b);
    cairo_fill(d->cr);
    return check_cr(d);
}

static int c_stroke(dev_device *dev, const dl_path *path, dl_color c, double width)
{
    cdev *d = (cdev *)dev;
    if (!d->cr || flush_text(d) != 0)
        return -1;
    set_path(d->cr, path);
    cairo_set_source_rgb(d->cr, c.r, c.g, c.b);
    cairo_set_line_width(d->cr, width);
    cairo_stroke(d->cr);
    return check_cr(d);
}

/* A new reference to the process's face for the file, or NULL. */
static cairo_font_face_t *shared_face(cdev *d, const dl_font *font)
{
    for (size_t i = 0; i < nproc_faces; i++)
        if (proc_faces[i].index == font->face_index && strcmp(proc_faces[i].path, font->path) == 0)
            return cairo_font_face_reference(proc_faces[i].cf);
    if (!ft_lib && FT_Init_FreeType(&ft_lib) != 0) {
        fail(d, "cannot start FreeType");
        return NULL;
    }
    proc_face *pf = realloc(proc_faces, (nproc_faces + 1) * sizeof *pf);
    if (!pf) {
        oom(d);
        return NULL;
    }
    proc_faces = pf;
    char *path = strdup(font->path);
    FT_Face ft;
    size_t flen;
    const unsigned char *fbytes = path ? lay_font_file(font->path, &flen) : NULL;
    FT_Error fe = !path   ? FT_Err_Out_Of_Memory
                  : fbytes ? FT_New_Memory_Face(ft_lib, fbytes, (FT_Long)flen, font->face_index, &ft)
                           : FT_New_Face(ft_lib, font->path, font->face_index, &ft);
    if (fe != 0) {
        /* FreeType's own allocations fail as ours do: said as such */
        char msg[600];
        snprintf(msg, sizeof msg, "cannot open the font %s", font->path);
        if (fe == FT_Err_Out_Of_Memory)
            oom(d);
        else
            fail(d, msg);
        free(path);
        return NULL;
    }
    cairo_font_face_t *cf = cairo_ft_font_face_create_for_ft_face(ft, 0);
    if (cairo_font_face_set_user_data(cf, &ft_key, ft, done_face) != CAIRO_STATUS_SUCCESS) {
        cairo_font_face_destroy(cf);
        FT_Done_Face(ft);
        free(path);
        fail(d, "cannot attach the font to cairo");
        return NULL;
    }
    proc_faces[nproc_faces++] = (proc_face){path, font->face_index, cf};
    return cairo_font_face_reference(cf);
}

static cairo_font_face_t *face_for(cdev *d, const dl_font *font)
{
    for (size_t i = 0; i < d->nfaces; i++)
        if (d->faces[i].font == font)
            return d->faces[i].cf;
    face_cache *fc = realloc(d->faces, (d->nfaces + 1) * sizeof *fc);
    if (!fc) {
        oom(d);
        return NULL;
    }
    d->faces = fc;
    cairo_font_face_t *cf = shared_face(d, font);
    if (!cf)
        return NULL;
    d->faces[d->nfaces++] = (face_cache){font, cf};
    return cf;
}

static int c_text(dev_device *dev, const dl_text *t)
{
    cdev *d = (cdev *)dev;
    if (!d->cr || !t->nglyphs)
        return d->cr ? 0 : -1;
    cairo_font_face_t *cf = face_for(d, t->font);
    if (!cf)
        return -1;
    double xsize = t->size * (t->hscale > 0 ? t->hscale : 1);
    if (d->run.nglyphs && (d->run.face != cf || d->run.xsize != xsize || d->run.size != t->size ||
                           memcmp(&d->run.color, &t->color, sizeof t->color) != 0) &&
        flush_text(d) != 0)
        return -1;
    const char *utf8 = t->actual ? t->actual : t->utf8;
    size_t len = t->actual ? strlen(t->actual) : t->len;
    if (reserve((void **)&d->run.glyphs, &d->run.cap_glyphs, d->run.nglyphs, t->nglyphs, sizeof *d->run.glyphs) ||
        reserve((void **)&d->run.clusters, &d->run.cap_clusters, d->run.nclusters, t->nglyphs,
                sizeof *d->run.clusters) ||
        reserve((void **)&d->run.utf8, &d->run.cap_utf8, d->run.len, len + 1, 1)) {
        return oom(d);
    }
    d->run.face = cf;
    d->run.xsize = xsize;
    d->run.size = t->size;
    d->run.color = t->color;
    cairo_glyph_t *g = d->run.glyphs + d->run.nglyphs;
    for (size_t i = 0; i < t->nglyphs; i++) {
        g[i].index = t->glyphs[i].gid;
        g[i].x = t->x + t->glyphs[i].x;
        g[i].y = t->y + t->glyphs[i].y;
    }
    cairo_text_cluster_t *cl = d->run.clusters + d->run.nclusters;
    int ncl = 0;
    /* Clusters in logical order from the shaper's byte offsets; anything
     * unusual (no actual text to map, non-monotonic clusters) becomes one
     * cluster for the whole run, which still extracts as the run's text. */
    int simple = !t->actual;
    for (size_t i = 1; simple && i < t->nglyphs; i++)
        if (t->glyphs[i].cluster < t->glyphs[i - 1].cluster)
            simple = 0;
    if (simple && t->glyphs[0].cluster != 0)
        simple = 0;
    if (simple) {
        size_t i = 0;
        while (i < t->nglyphs) {
            size_t j = i;
            while (j < t->nglyphs && t->glyphs[j].cluster == t->glyphs[i].cluster)
                j++;
            uint32_t end = j < t->nglyphs ? t->glyphs[j].cluster : (uint32_t)len;
            cl[ncl].num_bytes = (int)(end - t->glyphs[i].cluster);
            cl[ncl].num_glyphs = (int)(j - i);
            ncl++;
            i = j;
        }
    } else {
        cl[0].num_bytes = (int)len;
        cl[0].num_glyphs = (int)t->nglyphs;
        ncl = 1;
    }
    memcpy(d->run.utf8 + d->run.len, utf8, len);
    d->run.len += len;
    d->run.nglyphs += t->nglyphs;
    d->run.nclusters += (size_t)ncl;
    return 0;
}

static int c_link(dev_device *dev, const dl_link *link)
{
    cdev *d = (cdev *)dev;
    if (d->format != DEV_CAIRO_PDF)
        return 0;
    pdf_post_link *l = realloc(d->links, (d->nlinks + 1) * sizeof *l);
    if (!l)
        return oom(d);
    d->links = l;
    pdf_post_link *pl = &d->links[d->nlinks++];
    pl->page = d->page - 1;
    pl->link = *link;
    pl->link.uri = link->uri ? strdup(link->uri) : NULL;
    return link->uri && !pl->link.uri ? oom(d) : 0;
}

static int c_outline(dev_device *dev, int level, const char *title, int page, double y)
{
    cdev *d = (cdev *)dev;
    if (d->format != DEV_CAIRO_PDF || !d->surface)
        return 0;
    if (level < 0)
        level = 0;
    if (level >= MAX_OUTLINE_DEPTH)
        level = MAX_OUTLINE_DEPTH - 1;
    int parent = level == 0 ? CAIRO_PDF_OUTLINE_ROOT : d->outline_parent[level - 1];
    char dest[64];
    snprintf(dest, sizeof dest, "page=%d pos=[0 %.2f]", page + 1, y);
    int id = cairo_pdf_surface_add_outline(d->surface, parent, title, dest,
                                           level == 0 ? CAIRO_PDF_OUTLINE_FLAG_OPEN : 0);
    d->outline_parent[level] = id;
    for (int k = level + 1; k < MAX_OUTLINE_DEPTH; k++)
        d->outline_parent[k] = id;
    return check_cr(d);
}

static int c_end_page(dev_device *dev)
{
    cdev *d = (cdev *)dev;
    if (!d->cr || flush_text(d) != 0)
        return -1;
    if (d->format == DEV_CAIRO_PDF) {
        cairo_show_page(d->cr);
        return check_cr(d);
    }
    int rc = check_cr(d);
    if (d->format == DEV_CAIRO_PNG && rc == 0 &&
        cairo_surface_write_to_png_stream(d->surface, to_buf, &d->buf) != CAIRO_STATUS_SUCCESS) {
        fail(d, "cannot write the PNG file");
        rc = -1;
    }
    cairo_destroy(d->cr);
    d->cr = NULL;
    cairo_surface_finish(d->surface);
    if (rc == 0 && cairo_surface_status(d->surface) != CAIRO_STATUS_SUCCESS) {
        fail(d, cairo_status_to_string(cairo_surface_status(d->surface)));
        rc = -1;
    }
    cairo_surface_destroy(d->surface);
    d->surface = NULL;
    if (rc == 0 && d->buf.failed)
        rc = oom(d);
    /* stage the page under a temporary name; close() renames all or none */
    if (rc == 0) {
        char *final = page_path(d, d->page);
        if (!d->batch)
            d->batch = out_batch_new(d->diags);
        if (!final || !d->batch)
            rc = oom(d);
        else if (out_batch_add(d->batch, final, d->buf.data, d->buf.len) != 0) {
            d->failed = 1;
            rc = -1;
        }
        free(final);
    }
    out_buf_free(&d->buf);
    return rc;
}

/* A rebuild with fewer pages must not leave the old build's later pages
 * beside the new ones: STEM-(N+1).EXT on are removed while they exist. */
static void remove_old_pages(const cdev *d)
{
    for (int p = d->page + 1;; p++) {
        char *old = page_path(d, p);
        int gone = !old || unlink(old) != 0;
        free(old);
        if (gone)
            break;
    }
}

static int c_close(dev_device *dev)
{
    cdev *d = (cdev *)dev;
    int rc = d->failed ? -1 : 0;
    if (d->format == DEV_CAIRO_PDF) {
        if (d->cr) {
            cairo_destroy(d->cr);
            d->cr = NULL;
        }
        if (d->surface) {
            cairo_surface_finish(d->surface);
            if (cairo_surface_status(d->surface) != CAIRO_STATUS_SUCCESS) {
                fail(d, cairo_status_to_string(cairo_surface_status(d->surface)));
                rc = -1;
            }
            cairo_surface_destroy(d->surface);
            d->surface = NULL;
        } else {
            fail(d, "nothing was drawn");
            rc = -1;
        }
        if (rc == 0 && d->buf.failed) {
            fail(d, "out of memory");
            rc = -1;
        }
        if (rc == 0) {
            pdf_post_spec spec = {0};
            spec.lang = d->lang;
            spec.links = d->links;
            spec.nlinks = d->nlinks;
            spec.pages = d->pages;
            spec.npages = d->npages;
            spec.print_scaling_none = 1;
            spec.duplex = d->duplex;
            if (pdf_post_write(d->path, d->buf.data, d->buf.len, &spec, d->diags) != 0)
                rc = -1;
        }
        out_buf_free(&d->buf);
        return rc;
    }
    if (d->cr) {   /* a page never ended */
        fail(d, "a page was not finished");
        rc = -1;
    }
    if (!d->batch) {
        fail(d, "nothing was drawn");
        rc = -1;
    }
    if (rc == 0 && out_batch_commit(d->batch) != 0)
        rc = -1;
    if (rc == 0)
        remove_old_pages(d);
    return rc;
}

static void c_drop(dev_device *dev)
{
    cdev *d = (cdev *)dev;
    if (d->cr)
        cairo_destroy(d->cr);
    if (d->surface) {
        cairo_surface_finish(d->surface);
        cairo_surface_destroy(d->surface);
    }
    for (size_t i = 0; i < d->nfaces; i++)
        cairo_font_face_destroy(d->faces[i].cf);   /* the device's reference */
    free(d->faces);
    for (size_t i = 0; i < d->nlinks; i++)
        free_const(d->links[i].link.uri);
    free(d->links);
    free(d->pages);
    free(d->run.glyphs);
    free(d->run.clusters);
    free(d->run.utf8);
    out_batch_free(d->batch);   /* removes the pages not committed */
    out_buf_free(&d->buf);
    free(d->lang);
    free(d->path);
    free(d);
}

void dev_cairo_set_duplex(dev_device *dev, const char *duplex)
{
    ((cdev *)dev)->duplex = duplex;
}

dev_device *dev_cairo_new(const char *path, int format, double dpi, diag_list *diags)
{
    cdev *d = calloc(1, sizeof *d);
    if (!d || !(d->path = strdup(path))) {
        free(d);
        diag_add(diags, DIAG_ERROR, path, 0, 0, "memory", "out of memory");
        return NULL;
    }
    d->format = format;
    d->dpi = dpi > 0 ? dpi : 150;
    d->diags = diags;
    dev_device *v = &d->dev;
    v->name = format == DEV_CAIRO_PDF ? "cairo-pdf" : format == DEV_CAIRO_PNG ? "cairo-png" : "cairo-svg";
    v->begin_doc = c_begin_doc;
    v->begin_page = c_begin_page;
    v->fill_path = c_fill;
    v->stroke_path = c_stroke;
    v->text = c_text;
    v->link = c_link;
    v->outline = c_outline;
    v->end_page = c_end_page;
    v->close = c_close;
    v->drop = c_drop;
    return v;
}
