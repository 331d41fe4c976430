/* test_dev_haru.c — the libharu device on display lists made by hand, read
 * back with poppler (pdftotext -bbox, pdffonts): each cluster where the list
 * put it, however far from the font's own advances, on any line of a page
 * (the text operators are ours, with relative moves and TJ adjustments);
 * each face embedded as a subset of what it showed (issue #20: libharu kept
 * ~150 KB of each face); a code point a face lacks shown without an error;
 * a page naming its faces in another order than the page before. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <hb.h>

#include "dev_haru.h"
#include "testutil.h"

#define REGULAR "/usr/share/fonts/truetype/gentiumplus/GentiumBookPlus-Regular.ttf"
#define BOLD "/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf"

static char dir[] = "/tmp/regelwerk-haru-XXXXXX";

static int setup(void)
{
    return mkdtemp(dir) ? 0 : 1;
}

static int teardown(void)
{
    char out[16];
    tu_runf(out, sizeof out, "rm -rf '%s'", dir);
    return 0;
}

/* A run of s in font f at 10 pt at (x, y), each character its own
 * cluster at the face's own advance plus a kern-like nudge of -0.25, 0 or
 * +0.25 pt (libharu's widths alone would not put it there) and gap pt more
 * before each space; the characters from raise_from on raised by raise pt.
 * The k-th character's place along the line is in at[k]. */
static void run(dev_device *rec, const dl_font *f, const char *s, double x, double y, double gap, double hscale,
                size_t raise_from, double raise, double *at)
{
    hb_blob_t *blob = hb_blob_create_from_file(f->path);
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);
    double scale = 10.0 / hb_face_get_upem(face) * hscale, pen = 0;
    dl_glyph g[64];
    size_t n = 0, len = strlen(s);
    for (const char *p = s; *p && n < 64; p += g_utf8_skip[(unsigned char)*p], n++) {
        if (*p == ' ')
            pen += gap;
        double nudge = 0.25 * (double)((int)(n % 3) - 1);
        g[n] = (dl_glyph){0, pen + nudge, n >= raise_from ? -raise : 0, (uint32_t)(p - s)};
        if (at)
            at[n] = x + pen + nudge;
        hb_codepoint_t gid = 0;
        hb_font_get_nominal_glyph(font, g_utf8_get_char(p), &gid);
        pen += hb_font_get_glyph_h_advance(font, gid) * scale;
    }
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    dl_text t = {f, 10, {0, 0, 0}, x, y, s, len, g, n, NULL, hscale};
    CU_ASSERT_EQUAL(rec->text(rec, &t), 0);
}

/* Writes list through libharu to name in dir; 0 when written without a
 * diagnostic. */
static int write_haru(const dl_list *list, const char *name, char *path, size_t cap)
{
    snprintf(path, cap, "%s/%s", dir, name);
    diag_list dg;
    diag_list_init(&dg);
    dev_device *dev = dev_haru_new(path, &dg);
    dl_doc_info info = {"Haru", "Test", NULL, NULL, NULL, "de", 1767225600};
    int rc = dev->begin_doc(dev, &info) || dl_replay(list, dev, NULL);
    rc |= dev->close(dev);
    dev->drop(dev);
    if (dg.n)
        diag_print(&dg, stderr);
    rc |= dg.n != 0;
    diag_list_free(&dg);
    return rc;
}

/* xMin and yMin of the first word w on poppler's page of path (-1 if none). */
static void word_at(const char *path, const char *w, double *x, double *y)
{
    static char out[1 << 17];
    *x = *y = -1;
    tu_runf(out, sizeof out, "pdftotext -bbox '%s' -", path);
    char key[80];
    snprintf(key, sizeof key, ">%s</word>", w);
    char *hit = strstr(out, key);
    if (!hit)
        return;
    char *open = hit;
    while (open > out && strncmp(open, "<word ", 6) != 0)
        open--;
    if (sscanf(open, "<word xMin=\"%lf\" yMin=\"%lf\"", x, y) != 2)
        *x = *y = -1;
}

static void begin_page(dev_device *rec)
{
    dl_page_info pi = {595.276, 841.89, 0, 0, {0, 0, 0, 0}, {0, 0, 0, 0}, NULL};
    CU_ASSERT_EQUAL(rec->begin_page(rec, &pi), 0);
}

/* Forty lines that alternate between two starts with fractional points
 * (each a relative Td rounded to 1/1000 pt), each character nudged off the
 * face's advance by up to 0.25 pt and 20 pt more at each space, one line at
 * 98 % expansion, a word raised 2 pt: every word is where the list put it,
 * on the last line too. */
static void test_clusters_where_the_list_put_them(void)
{
    dl_list *l = dl_list_new();
    const dl_font *f = dl_font_add(l, REGULAR, 0, "Gentium");
    dev_device *rec = dl_list_device(l);
    begin_page(rec);
    const double x0 = 36.850394, x1 = 300.123456, y0 = 60.25, dy = 11.3337;
    double at[40][16];
    for (int k = 0; k < 40; k++) {
        char s[64];
        snprintf(s, sizeof s, "Ab%02d Cd%02d Ef%02d", k, k, k);
        run(rec, f, s, k % 2 ? x1 : x0, y0 + dy * k, 20, k == 7 ? 0.98 : 1, k == 5 ? 10 : 99, 2, at[k]);
    }
    CU_ASSERT_EQUAL(rec->end_page(rec), 0);
    char path[300];
    CU_ASSERT_EQUAL_FATAL(write_haru(l, "where.pdf", path, sizeof path), 0);
    double x, y, top0;
    word_at(path, "Ab00", &x, &top0);
    for (int k = 0; k < 40; k++) {
        static const char *const words[] = {"Ab", "Cd", "Ef"};
        for (int w = 0; w < 3; w++) {
            char word[16];
            snprintf(word, sizeof word, "%s%02d", words[w], k);
            word_at(path, word, &x, &y);
            double top = top0 + dy * k - (k == 5 && w == 2 ? 2 : 0);
            /* a line's start to 1/1000 pt (Td); within it, to 1/1000 em
             * (cairo's tolerance for TJ), 0.01 pt at 10 pt */
            CU_ASSERT(fabs(x - at[k][5 * w]) < (w ? 0.0101 : 0.0011));
            CU_ASSERT(fabs(y - top) < 0.002);
        }
    }
    dl_list_free(l);
}

/* A face showing a few letters is embedded as those letters: the file is
 * a few KB where the whole face, its widths and its CIDToGIDMap were
 * 75 KB; a character the face lacks (中) is drawn as its .notdef, without
 * an error (the widths checked at close agree on it too). */
static void test_faces_subset(void)
{
    dl_list *l = dl_list_new();
    const dl_font *f = dl_font_add(l, REGULAR, 0, "Gentium");
    dev_device *rec = dl_list_device(l);
    begin_page(rec);
    run(rec, f, "Hallo Welt \xE4\xB8\xAD", 72, 100, 0, 1, 99, 0, NULL);
    CU_ASSERT_EQUAL(rec->end_page(rec), 0);
    char path[300];
    CU_ASSERT_EQUAL_FATAL(write_haru(l, "subset.pdf", path, sizeof path), 0);
    struct stat st;
    CU_ASSERT_EQUAL_FATAL(stat(path, &st), 0);
    CU_ASSERT(st.st_size < 12000);
    char out[4096];
    tu_runf(out, sizeof out, "pdffonts '%s' | tail -n +3 | awk '{print $(NF-4), $(NF-3)}'", path);
    CU_ASSERT_STRING_EQUAL(out, "yes yes\n");
    /* libharu deflates nothing (dev_haru_new): pdf_post's qpdf pass
     * compresses every stream once, none left bare (page contents, the
     * font file, its ToUnicode map) */
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out,
                            "qpdf --json=2 --json-stream-data=none '%s' | python3 -c 'import json,sys\n"
                            "o = json.load(sys.stdin)[\"qpdf\"][1]\n"
                            "s = [v[\"stream\"][\"dict\"] for v in o.values() if isinstance(v, dict) and \"stream\" in v]\n"
                            "print(len(s), sum(d.get(\"/Filter\") != \"/FlateDecode\" for d in s))'",
                            path),
                    0);
    int streams = -1, bare = -1;
    CU_ASSERT_EQUAL(sscanf(out, "%d %d", &streams, &bare), 2);
    CU_ASSERT(streams >= 3);
    CU_ASSERT_EQUAL(bare, 0);
    tu_runf(out, sizeof out, "pdftotext '%s' - | head -1", path);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "Hallo Welt"));
    dl_list_free(l);
}

/* The family poppler reads for the first text word on page of path, into
 * fam ("" if none). */
static void face_of(const char *path, int page, const char *word, char *fam, size_t cap)
{
    static char out[1 << 15];
    fam[0] = '\0';
    tu_runf(out, sizeof out, "pdftohtml -xml -i -stdout -f %d -l %d '%s'", page, page, path);
    char key[80];
    snprintf(key, sizeof key, ">%s<", word);
    char *hit = strstr(out, key);
    char *text = hit;
    while (text && text > out && strncmp(text, "<text ", 6) != 0)
        text--;
    char *font = text ? strstr(text, "font=\"") : NULL;
    int id;
    if (!font || font > hit || sscanf(font, "font=\"%d\"", &id) != 1)
        return;
    char spec[64];
    snprintf(spec, sizeof spec, "<fontspec id=\"%d\"", id);
    char *sp = strstr(out, spec), *f = sp ? strstr(sp, "family=\"") : NULL;
    if (f && sscanf(f, "family=\"%63[^\"]\"", fam) != 1)
        fam[0] = '\0';
    (void)cap;
}

/* Page 2 names its faces the other way round from page 1 (/F1 is the face
 * a page uses first) and goes back to each: each word still comes out in
 * its own face. */
static void test_faces_named_per_page(void)
{
    dl_list *l = dl_list_new();
    const dl_font *r = dl_font_add(l, REGULAR, 0, "Gentium");
    const dl_font *b = dl_font_add(l, BOLD, 0, "Open Sans");
    dev_device *rec = dl_list_device(l);
    begin_page(rec);
    run(rec, r, "leicht", 72, 100, 0, 1, 99, 0, NULL);
    run(rec, b, "fett", 72, 120, 0, 1, 99, 0, NULL);
    CU_ASSERT_EQUAL(rec->end_page(rec), 0);
    begin_page(rec);
    run(rec, b, "FETT", 72, 100, 0, 1, 99, 0, NULL);
    run(rec, r, "LEICHT", 72, 120, 0, 1, 99, 0, NULL);
    run(rec, b, "DICK", 72, 140, 0, 1, 99, 0, NULL);
    run(rec, r, "NOCHMAL", 72, 160, 0, 1, 99, 0, NULL);
    CU_ASSERT_EQUAL(rec->end_page(rec), 0);
    char path[300];
    CU_ASSERT_EQUAL_FATAL(write_haru(l, "names.pdf", path, sizeof path), 0);
    static const struct {
        int page;
        const char *word, *family;
    } want[] = {{1, "leicht", "GentiumBookPlus"}, {1, "fett", "OpenSans"},
                {2, "FETT", "OpenSans"},      {2, "LEICHT", "GentiumBookPlus"},
                {2, "DICK", "OpenSans"},      {2, "NOCHMAL", "GentiumBookPlus"}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char fam[64];
        face_of(path, want[i].page, want[i].word, fam, sizeof fam);
        CU_ASSERT_PTR_NOT_NULL(strstr(fam, want[i].family));
    }
    dl_list_free(l);
}

void suite_dev_haru(void);
void suite_dev_haru(void)
{
    CU_pSuite s = CU_add_suite("dev_haru", setup, teardown);
    CU_add_test(s, "each cluster where the display list put it, on every line", test_clusters_where_the_list_put_them);
    CU_add_test(s, "each face embedded as the subset it showed; every stream compressed", test_faces_subset);
    CU_add_test(s, "a page names its faces in its own order", test_faces_named_per_page);
}
