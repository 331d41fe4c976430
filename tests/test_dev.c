/* test_dev.c — both devices on real output: the Nemesis sheet and a small
 * German sheet, rendered by cairo and libharu, then checked by the tools a
 * user would use: qpdf --check, pdftotext, pdffonts, pdfinfo, pdftoppm.
 * The two devices' pages must rasterise to the same picture within a small
 * tolerance, and a planted shift must break that. */
#include <CUnit/CUnit.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dev_cairo.h"
#include "dev_haru.h"
#include "game.h"
#include "icon.h"
#include "lay_hyph.h"
#include "lay_sheet.h"
#include "testutil.h"

#define ICONS "out/deps/node_modules/@iconify-json/game-icons/icons.json"

static char dir[] = "/tmp/regelwerk-dev-XXXXXX";
static lay_fonts *fonts;
static icon_set *icons;
static dl_list *nemesis;   /* the Italian A4 sheet, laid out once */
static dl_list *german;

static const char *const de_text =
    "Zu Beginn jeder Runde f\xC3\xBChrt jeder Spieler seine Aktionen aus. Die Gegneraktivierung folgt: "
    "\xE2\x80\x9ENanoschock\xE2\x80\x9C tritt ein, sobald der Stressmarker das Ende der Leiste erreicht. "
    "Gro\xC3\x9F" "e Schadenspunkte werden sofort abgetragen; Lebenspunkte k\xC3\xB6nnen nicht unter null "
    "fallen. \xC2\xAB" "Citazione\xC2\xBB: \xC3\xA0 \xC3\xA8 \xC3\xA9 \xC3\xAC \xC3\xB2 \xC3\xB9.";

static doc_node *child(doc *d, doc_node *parent, doc_type t, const char *text)
{
    doc_node *n = doc_node_new(d, t);
    doc_append(parent, n);
    if (text) {
        doc_node *x = doc_node_new(d, DOC_TEXT);
        x->text = strdup(text);
        doc_append(n, x);
    }
    return n;
}

static dl_list *layout(const doc *d, const char *lang, const char *paper)
{
    diag_list dg;
    diag_list_init(&dg);
    lay_template *t = lay_template_load("templates", "reference", paper, NULL, &dg);
    static const char *const credits[] = {"Test", NULL};
    lay_sheet_meta m = {0};
    m.title = "Test";
    m.version = "1.0";
    m.date = "2026-01-01";
    m.lang = lang;
    m.credits = credits;
    m.epoch = 1767225600;
    m.hyph_exceptions = "templates/hyphenation.xml";
    dl_list *l = dl_list_new();
    lay_report rep;
    /* the template's own size: these sheets test devices, not the fill */
    lay_template pinned;
    if (t) {
        pinned = *t;
        pinned.max_body_size = pinned.min_body_size = pinned.body_size;
    }
    int rc = t ? lay_sheet_build(d, &m, &pinned, fonts, icons, l, &rep, &dg) : -1;
    if (rc != 0)
        diag_print(&dg, stderr);
    lay_template_free(t);
    diag_list_free(&dg);
    if (rc != 0) {
        dl_list_free(l);
        return NULL;
    }
    return l;
}

static int setup(void)
{
    if (!mkdtemp(dir))
        return 1;
    diag_list dg;
    diag_list_init(&dg);
    fonts = lay_fonts_load("fonts/manifest.xml", &dg);
    icons = icon_set_load(ICONS, &dg);
    if (icons)
        icon_map_load(icons, "templates/icons/nemesis.xml", &dg);
    doc_loader ld = {"content", "src/schema/regelwerk.rng"};
    game *g = game_load(&ld, "content", "nemesis", "templates", &dg);
    const game_lang *it = g ? game_find_lang(g, "it") : NULL;
    nemesis = it && it->doc ? layout(it->doc, "it", "a4") : NULL;
    game_free(g);

    doc *d = calloc(1, sizeof *d);
    d->root = doc_node_new(d, DOC_SUMMARY);
    d->root->value = strdup("de");
    d->path = strdup("test.xml");
    doc_node *s = doc_node_new(d, DOC_SECTION);
    s->id = strdup("s");
    doc_append(d->root, s);
    child(d, s, DOC_HEADING, "Runde \xC3\xBC" "ber Runde");
    for (int i = 0; i < 6; i++)
        child(d, s, DOC_PARA, de_text);
    german = layout(d, "de", "a4");
    doc_free(d);
    diag_print(&dg, stderr);
    diag_list_free(&dg);
    return fonts && nemesis && german ? 0 : 1;
}

static int teardown(void)
{
    dl_list_free(nemesis);
    dl_list_free(german);
    icon_set_free(icons);
    lay_fonts_free(fonts);
    lay_hyph_cleanup();
    dev_cairo_cleanup();
    char cmd[300], out[16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    tu_run(cmd, out, sizeof out);
    return 0;
}

/* Replays list into a new device of the kind (m may plant a shift). */
static int render(const dl_list *list, const char *kind, const char *path, const dl_matrix *m)
{
    diag_list dg;
    diag_list_init(&dg);
    dev_device *dev = strcmp(kind, "haru") == 0  ? dev_haru_new(path, &dg)
                      : strcmp(kind, "png") == 0 ? dev_cairo_new(path, DEV_CAIRO_PNG, 50, &dg)
                      : strcmp(kind, "svg") == 0 ? dev_cairo_new(path, DEV_CAIRO_SVG, 72, &dg)
                                                 : dev_cairo_new(path, DEV_CAIRO_PDF, 72, &dg);
    const dl_doc_info *info = dl_list_doc_info(list);
    int rc = (info ? dev->begin_doc(dev, info) : 0) || dl_replay(list, dev, m);
    int closed = dev->close(dev);
    dev->drop(dev);
    diag_list_free(&dg);
    return rc || closed ? -1 : 0;
}

/* Runs "PRE 'path' POST" and returns its output. */
static char *run2(const char *pre, const char *path, const char *post, int *status)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "%s '%s' %s", pre, path, post);
    char *out = calloc(1, 1 << 18);
    *status = tu_run(cmd, out, 1 << 18);
    return out;
}

/* What every PDF of ours must pass, whichever device wrote it. */
static void pdf_checks(const char *path, int pages)
{
    int st;
    tu_pdf_ok(path, pages, NULL);
    char *out = run2("pdfinfo", path, "", &st);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "CreationDate:"));
    free(out);
    /* outlines, links, language, print scaling: in the file's objects */
    out = run2("qpdf --qdf --object-streams=disable", path, "- | grep -a -c -E '/Outlines|/Subtype /Link|/Lang|/PrintScaling'", &st);
    CU_ASSERT(atoi(out) >= 4);
    free(out);
}

static void test_nemesis_cairo_and_haru(void)
{
    const char *kinds[] = {"cairo", "haru"};
    for (int k = 0; k < 2; k++) {
        char path[300];
        snprintf(path, sizeof path, "%s/nemesis-%s.pdf", dir, kinds[k]);
        CU_ASSERT_EQUAL_FATAL(render(nemesis, kinds[k], path, NULL), 0);
        pdf_checks(path, (int)dl_list_page_count(nemesis));
        int st;
        char *text = run2("pdftotext", path, "-", &st);
        CU_ASSERT_PTR_NOT_NULL(strstr(text, "Fase Giocatori"));
        CU_ASSERT_PTR_NOT_NULL(strstr(text, "pu\xC3\xB2 effettuare"));
        CU_ASSERT_PTR_NOT_NULL(strstr(text, "finch\xC3\xA9"));
        /* the typewriter apostrophe of the source is set as U+2019 */
        CU_ASSERT_PTR_NOT_NULL(strstr(text, "l\xE2\x80\x99" "arma"));
        CU_ASSERT_PTR_NULL(strstr(text, "l'arma"));
        free(text);
    }
}

static void test_german_text_extracts(void)
{
    const char *kinds[] = {"cairo", "haru"};
    for (int k = 0; k < 2; k++) {
        char path[300];
        snprintf(path, sizeof path, "%s/de-%s.pdf", dir, kinds[k]);
        CU_ASSERT_EQUAL_FATAL(render(german, kinds[k], path, NULL), 0);
        pdf_checks(path, (int)dl_list_page_count(german));
        int st;
        char *text = run2("pdftotext", path, "-", &st);
        CU_ASSERT_PTR_NOT_NULL(strstr(text, "\xE2\x80\x9ENanoschock\xE2\x80\x9C"));
        CU_ASSERT_PTR_NOT_NULL(strstr(text, "Gro\xC3\x9F" "e"));
        /* a word hyphenated at a line end rejoins without its soft hyphen */
        char *joined = strdup(text);
        CU_ASSERT_PTR_NOT_NULL_FATAL(joined);
        char *o = joined;
        for (const char *c = text; *c; c++) {
            if ((unsigned char)c[0] == 0xC2 && (unsigned char)c[1] == 0xAD && c[2] == '\n') {
                c += 2;
                continue;
            }
            *o++ = *c;
        }
        *o = '\0';
        CU_ASSERT_PTR_NOT_NULL(strstr(joined, "\xC2\xAB" "Citazione\xC2\xBB"));
        free(joined);
        CU_ASSERT_PTR_NOT_NULL(strstr(text, "\xC3\xA0 \xC3\xA8 \xC3\xA9 \xC3\xAC \xC3\xB2 \xC3\xB9"));
        /* hyphenated words come back with a soft hyphen, never a hard one:
         * the text itself has no hyphen at all */
        CU_ASSERT_PTR_NULL(strstr(text, "-\n"));
        CU_ASSERT_PTR_NOT_NULL(strstr(text, "\xC2\xAD\n"));
        free(text);
    }
}

static void test_reproducible_bytes(void)
{
    const char *kinds[] = {"cairo", "haru"};
    for (int k = 0; k < 2; k++) {
        char a[300], b[300];
        snprintf(a, sizeof a, "%s/rep-a-%s.pdf", dir, kinds[k]);
        snprintf(b, sizeof b, "%s/rep-b-%s.pdf", dir, kinds[k]);
        CU_ASSERT_EQUAL(render(german, kinds[k], a, NULL), 0);
        CU_ASSERT_EQUAL(render(german, kinds[k], b, NULL), 0);
        size_t la = 0, lb = 0;
        char *x = tu_read_file(a, &la), *y = tu_read_file(b, &lb);
        CU_ASSERT(x && y && la == lb && memcmp(x, y, la) == 0);
        free(x);
        free(y);
    }
}

static void test_failed_write_leaves_nothing(void)
{
    char bad[400], sub[300];
    snprintf(sub, sizeof sub, "%s/ro", dir);
    mkdir(sub, 0555);
    snprintf(bad, sizeof bad, "%s/missing-folder/x.pdf", dir);
    CU_ASSERT_NOT_EQUAL(render(german, "cairo", bad, NULL), 0);
    CU_ASSERT_NOT_EQUAL(render(german, "haru", bad, NULL), 0);
    if (geteuid() != 0) {   /* root writes anywhere: only the missing folder then */
        snprintf(bad, sizeof bad, "%s/x.pdf", sub);
        CU_ASSERT_NOT_EQUAL(render(german, "haru", bad, NULL), 0);
    }
    DIR *dh = opendir(sub);
    int entries = 0;
    struct dirent *e;
    while (dh && (e = readdir(dh)))
        entries += e->d_name[0] != '.';
    if (dh)
        closedir(dh);
    CU_ASSERT_EQUAL(entries, 0);
}

static void test_png_and_svg(void)
{
    char path[300];
    snprintf(path, sizeof path, "%s/nem.png", dir);
    CU_ASSERT_EQUAL(render(nemesis, "png", path, NULL), 0);
    snprintf(path, sizeof path, "%s/nem.svg", dir);
    CU_ASSERT_EQUAL(render(nemesis, "svg", path, NULL), 0);
    for (size_t p = 1; p <= dl_list_page_count(nemesis); p++) {
        char f[300];
        size_t len = 0;
        snprintf(f, sizeof f, "%s/nem-%zu.png", dir, p);
        char *png = tu_read_file(f, &len);
        CU_ASSERT(png && len > 1000 && memcmp(png, "\x89PNG", 4) == 0);
        free(png);
        snprintf(f, sizeof f, "%s/nem-%zu.svg", dir, p);
        char *svg = tu_read_file(f, &len);
        CU_ASSERT(svg && strstr(svg, "<svg") != NULL);
        free(svg);
    }
}

/* ---- the two devices paint the same picture --------------------------- */

static unsigned char *read_pgm(const char *path, int *w, int *h)
{
    size_t len = 0;
    char *d = tu_read_file(path, &len);
    int maxv, off = 0;
    if (!d || sscanf(d, "P5 %d %d %d%n", w, h, &maxv, &off) != 3 || (size_t)(off + 1 + *w * *h) > len) {
        free(d);
        return NULL;
    }
    unsigned char *px = malloc((size_t)(*w * *h));
    memcpy(px, d + off + 1, (size_t)(*w * *h));
    free(d);
    return px;
}

/* Mean absolute grey difference of page 1 of two PDFs at 50 dpi, and the
 * share of pixels that differ by more than a quarter of the range. */
static int compare(const char *a, const char *b, double *mean, double *share)
{
    char cmd[900], out[64];
    snprintf(cmd, sizeof cmd, "pdftoppm -r 50 -gray -f 1 -l 1 -singlefile '%s' '%s/ra' && "
             "pdftoppm -r 50 -gray -f 1 -l 1 -singlefile '%s' '%s/rb'", a, dir, b, dir);
    if (tu_run(cmd, out, sizeof out) != 0)
        return -1;
    char pa[300], pb[300];
    snprintf(pa, sizeof pa, "%s/ra.pgm", dir);
    snprintf(pb, sizeof pb, "%s/rb.pgm", dir);
    int wa, ha, wb, hb;
    unsigned char *x = read_pgm(pa, &wa, &ha), *y = read_pgm(pb, &wb, &hb);
    int rc = -1;
    if (x && y && wa == wb && ha == hb) {
        double sum = 0;
        long big = 0, n = (long)wa * ha;
        for (long i = 0; i < n; i++) {
            int dd = abs(x[i] - y[i]);
            sum += dd;
            big += dd > 64;
        }
        *mean = sum / (double)n;
        *share = (double)big / (double)n;
        rc = 0;
    }
    free(x);
    free(y);
    return rc;
}

static void test_devices_paint_the_same(void)
{
    char c[300], h[300], shifted[300];
    snprintf(c, sizeof c, "%s/cmp-cairo.pdf", dir);
    snprintf(h, sizeof h, "%s/cmp-haru.pdf", dir);
    snprintf(shifted, sizeof shifted, "%s/cmp-shifted.pdf", dir);
    CU_ASSERT_EQUAL_FATAL(render(nemesis, "cairo", c, NULL), 0);
    CU_ASSERT_EQUAL_FATAL(render(nemesis, "haru", h, NULL), 0);
    double mean = 0, share = 0;
    CU_ASSERT_EQUAL_FATAL(compare(c, h, &mean, &share), 0);
    printf("\n  cairo vs haru: mean difference %.2f of 255, %.3f %% of pixels differ\n", mean, share * 100);
    CU_ASSERT(mean < 3.0);
    CU_ASSERT(share < 0.01);
    /* planted: the same page moved by 3 pt must be caught */
    dl_matrix m = {1, 1, 3, 0};
    CU_ASSERT_EQUAL_FATAL(render(nemesis, "haru", shifted, &m), 0);
    CU_ASSERT_EQUAL_FATAL(compare(c, shifted, &mean, &share), 0);
    CU_ASSERT(mean >= 3.0 || share >= 0.01);
}

void suite_dev(void);
void suite_dev(void)
{
    CU_pSuite s = CU_add_suite("dev", setup, teardown);
    CU_add_test(s, "the Nemesis sheet through cairo and libharu passes the PDF checks",
                test_nemesis_cairo_and_haru);
    CU_add_test(s, "German and Italian text extracts exactly, hyphens soft", test_german_text_extracts);
    CU_add_test(s, "the same input gives the same bytes", test_reproducible_bytes);
    CU_add_test(s, "a failed write leaves nothing", test_failed_write_leaves_nothing);
    CU_add_test(s, "PNG previews and SVG pages", test_png_and_svg);
    CU_add_test(s, "cairo and libharu paint the same picture; a planted shift is caught",
                test_devices_paint_the_same);
}
