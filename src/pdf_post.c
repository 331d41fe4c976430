/* pdf_post.c — link annotations, /Lang, page boxes and viewer preferences
 * added with libqpdf's C API. */
#include "pdf_post.h"

#include <qpdf/qpdf-c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"

static qpdf_oh rect_array(qpdf_data q, double x0, double y0, double x1, double y1)
{
    qpdf_oh a = qpdf_oh_new_array(q);
    double v[4] = {x0, y0, x1, y1};
    for (int i = 0; i < 4; i++)
        qpdf_oh_append_item(q, a, qpdf_oh_new_real_from_double(q, v[i], 2));
    return a;
}

/* A dl_rect (top-left origin) as a PDF rectangle on a page of height h. */
static qpdf_oh page_rect(qpdf_data q, const dl_rect *r, double h)
{
    return rect_array(q, r->x0, h - r->y1, r->x1, h - r->y0);
}

static int report(qpdf_data q, const char *path, diag_list *diags)
{
    int failed = 0;
    while (qpdf_more_warnings(q)) {
        qpdf_error e = qpdf_next_warning(q);
        diag_add(diags, DIAG_WARNING, path, 0, 0, "pdf", "qpdf: %s", qpdf_get_error_full_text(q, e));
    }
    if (qpdf_has_error(q)) {
        qpdf_error e = qpdf_get_error(q);
        diag_add(diags, DIAG_ERROR, path, 0, 0, "pdf", "qpdf: %s", qpdf_get_error_full_text(q, e));
        failed = 1;
    }
    return failed;
}

/* A ToUnicode CMap for CID = code point, for the code points shown. */
static char *tounicode_cmap(const unsigned *cps, size_t n, size_t *len)
{
    size_t cap = 512 + n * 24 + (n / 100 + 1) * 32;
    char *buf = malloc(cap);
    if (!buf)
        return NULL;
    size_t o = 0;
    o += (size_t)snprintf(buf + o, cap - o,
                          "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
                          "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
                          "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
                          "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
    for (size_t i = 0; i < n; i += 100) {
        size_t k = n - i < 100 ? n - i : 100;
        o += (size_t)snprintf(buf + o, cap - o, "%zu beginbfchar\n", k);
        for (size_t j = i; j < i + k; j++)
            o += (size_t)snprintf(buf + o, cap - o, "<%04X> <%04X>\n", cps[j], cps[j]);
        o += (size_t)snprintf(buf + o, cap - o, "endbfchar\n");
    }
    o += (size_t)snprintf(buf + o, cap - o,
                          "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    *len = o;
    return buf;
}

static void fix_tounicode(qpdf_data q, const pdf_post_spec *spec)
{
    size_t len = 0;
    char *cmap = tounicode_cmap(spec->codepoints, spec->ncodepoints, &len);
    if (!cmap)
        return;
    qpdf_oh stream = qpdf_oh_new_stream(q);
    qpdf_oh_replace_stream_data(q, stream, (unsigned char const *)cmap, len, qpdf_oh_new_null(q),
                                qpdf_oh_new_null(q));
    free(cmap);
    stream = qpdf_make_indirect_object(q, stream);
    int npages = qpdf_get_num_pages(q);
    for (int p = 0; p < npages; p++) {
        qpdf_oh page = qpdf_get_page_n(q, (size_t)p);
        qpdf_oh res = qpdf_oh_get_key(q, page, "/Resources");
        qpdf_oh fonts = qpdf_oh_get_key(q, res, "/Font");
        if (!qpdf_oh_is_dictionary(q, fonts))
            continue;
        /* the key iterator is shared state: collect the keys first */
        char *keys[64];
        int nk = 0;
        qpdf_oh_begin_dict_key_iter(q, fonts);
        while (qpdf_oh_dict_more_keys(q) && nk < 64)
            keys[nk++] = strdup(qpdf_oh_dict_next_key(q));
        for (int k = 0; k < nk; k++) {
            qpdf_oh f = keys[k] ? qpdf_oh_get_key(q, fonts, keys[k]) : 0;
            if (f && qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, f, "/Subtype"), "/Type0") &&
                qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, f, "/Encoding"), "/Identity-H"))
                qpdf_oh_replace_key(q, f, "/ToUnicode", stream);
            free(keys[k]);
        }
    }
}

int pdf_post_write(const char *path, const unsigned char *pdf, size_t len, const pdf_post_spec *spec,
                   diag_list *diags)
{
    qpdf_data q = qpdf_init();
    qpdf_silence_errors(q);
    if (qpdf_read_memory(q, path, (const char *)pdf, (unsigned long long)len, NULL) & QPDF_ERRORS) {
        report(q, path, diags);
        qpdf_cleanup(&q);
        return -1;
    }
    qpdf_oh root = qpdf_get_root(q);
    if (spec->lang)
        qpdf_oh_replace_key(q, root, "/Lang", qpdf_oh_new_unicode_string(q, spec->lang));
    if (spec->print_scaling_none || spec->duplex) {
        qpdf_oh vp = qpdf_oh_new_dictionary(q);
        if (spec->print_scaling_none)
            qpdf_oh_replace_key(q, vp, "/PrintScaling", qpdf_oh_new_name(q, "/None"));
        if (spec->duplex) {
            char name[64];
            snprintf(name, sizeof name, "/%s", spec->duplex);
            qpdf_oh_replace_key(q, vp, "/Duplex", qpdf_oh_new_name(q, name));
        }
        qpdf_oh_replace_key(q, root, "/ViewerPreferences", vp);
    }
    if (spec->fix_tounicode && spec->ncodepoints)
        fix_tounicode(q, spec);
    int npages = qpdf_get_num_pages(q);
    for (size_t i = 0; spec->pages && i < spec->npages && (int)i < npages; i++) {
        const pdf_post_page *pp = &spec->pages[i];
        qpdf_oh page = qpdf_get_page_n(q, i);
        if (pp->has_trim)
            qpdf_oh_replace_key(q, page, "/TrimBox", page_rect(q, &pp->trim, pp->height));
        if (pp->has_bleed)
            qpdf_oh_replace_key(q, page, "/BleedBox", page_rect(q, &pp->bleed, pp->height));
    }
    for (size_t i = 0; i < spec->nlinks; i++) {
        const pdf_post_link *pl = &spec->links[i];
        if (pl->page < 0 || pl->page >= npages)
            continue;
        double h = spec->pages && (size_t)pl->page < spec->npages ? spec->pages[pl->page].height : 842;
        qpdf_oh page = qpdf_get_page_n(q, (size_t)pl->page);
        qpdf_oh annot = qpdf_oh_new_dictionary(q);
        qpdf_oh_replace_key(q, annot, "/Type", qpdf_oh_new_name(q, "/Annot"));
        qpdf_oh_replace_key(q, annot, "/Subtype", qpdf_oh_new_name(q, "/Link"));
        qpdf_oh_replace_key(q, annot, "/Rect", page_rect(q, &pl->link.rect, h));
        qpdf_oh border = qpdf_oh_new_array(q);
        for (int k = 0; k < 3; k++)
            qpdf_oh_append_item(q, border, qpdf_oh_new_integer(q, 0));
        qpdf_oh_replace_key(q, annot, "/Border", border);
        if (pl->link.uri) {
            qpdf_oh act = qpdf_oh_new_dictionary(q);
            qpdf_oh_replace_key(q, act, "/S", qpdf_oh_new_name(q, "/URI"));
            qpdf_oh_replace_key(q, act, "/URI", qpdf_oh_new_unicode_string(q, pl->link.uri));
            qpdf_oh_replace_key(q, annot, "/A", act);
        } else if (pl->link.page >= 0 && pl->link.page < npages) {
            double th = spec->pages && (size_t)pl->link.page < spec->npages ? spec->pages[pl->link.page].height
                                                                             : 842;
            qpdf_oh dest = qpdf_oh_new_array(q);
            qpdf_oh_append_item(q, dest, qpdf_get_page_n(q, (size_t)pl->link.page));
            qpdf_oh_append_item(q, dest, qpdf_oh_new_name(q, "/XYZ"));
            qpdf_oh_append_item(q, dest, qpdf_oh_new_null(q));
            qpdf_oh_append_item(q, dest, qpdf_oh_new_real_from_double(q, th - pl->link.y, 2));
            qpdf_oh_append_item(q, dest, qpdf_oh_new_null(q));
            qpdf_oh_replace_key(q, annot, "/Dest", dest);
        } else {
            continue;
        }
        qpdf_oh ind = qpdf_make_indirect_object(q, annot);
        qpdf_oh annots = qpdf_oh_get_key(q, page, "/Annots");
        if (!qpdf_oh_is_array(q, annots)) {
            annots = qpdf_oh_new_array(q);
            qpdf_oh_replace_key(q, page, "/Annots", annots);
        }
        qpdf_oh_append_item(q, annots, ind);
    }

    /* qpdf writes to memory and out_write_file to the disk: qpdf's own file
     * output does not notice a failed flush on close (a full disk gave a
     * truncated file and success) */
    int rc = -1;
    if (!(qpdf_init_write_memory(q) & QPDF_ERRORS)) {
        qpdf_set_deterministic_ID(q, QPDF_TRUE);
        qpdf_set_object_stream_mode(q, qpdf_o_preserve);
        qpdf_set_compress_streams(q, QPDF_TRUE);
        if (!(qpdf_write(q) & QPDF_ERRORS))
            rc = 0;
    }
    if (report(q, path, diags))
        rc = -1;
    if (rc == 0)
        rc = out_write_file(path, qpdf_get_buffer(q), (size_t)qpdf_get_buffer_length(q), diags);
    qpdf_cleanup(&q);
    return rc;
}
