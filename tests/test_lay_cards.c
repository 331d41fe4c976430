/* test_lay_cards.c — status cards as a user builds them: every game's cards
 * with both devices, PDF checks, names and texts as text, a page of backs
 * after each page of fronts; a card text too long to read fails --strict
 * and writes nothing. */
#include <CUnit/CUnit.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#define OUT (1 << 18)
static char dir[] = "/tmp/regelwerk-cards-XXXXXX";
static int ready;

/* every command's output fits in OUT */
#define run(out, ...) tu_runf((out), OUT, __VA_ARGS__)

static void ensure_dir(void)
{
    if (!ready)
        ready = mkdtemp(dir) != NULL;
    CU_ASSERT_FATAL(ready);
}

static void test_every_game(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    static const char *const devices[] = {"cairo", "haru"};
    static const char *const nox[] = {"Genauer Schaden", "Zusammenh\xC3\xA4ngend", "Wer am Zug ist, opfert",
                                      "Noxius", "game-icons.net", NULL};
    /* the colophon carries the credits and licences (the icons' CC BY) */
    static const char *const nem[] = {"Silenzio", "Ferita Grave", "Faccia 2 colpi", "Nemesis", "Game Icons (game-icons.net)", NULL};
    for (int d = 0; d < 2; d++) {
        int st = run(out, "%s build --only cards --strict --device %s -o %s/%s 2>&1", tu_bin(), devices[d], dir,
                     devices[d]);
        if (st != 0)
            fprintf(stderr, "%s\n", out);
        CU_ASSERT_EQUAL(st, 0);
        /* 13 cards: two pages of fronts, each with its page of backs, and
         * the colophon */
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius-de-cards-a4.pdf: 13 cards on 5 pages (3 x 3 a page"));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "nemesis-it-cards-a4.pdf: 20 cards on 7 pages"));
        char path[700];
        snprintf(path, sizeof path, "%s/%s/noxius/noxius-de-cards-a4.pdf", dir, devices[d]);
        tu_pdf_ok(path, 5, nox);
        snprintf(path, sizeof path, "%s/%s/nemesis/nemesis-it-cards-a4.pdf", dir, devices[d]);
        tu_pdf_ok(path, 7, nem);
    }
    /* US Letter, 2 cm shorter, keeps the full bleed with one row fewer */
    CU_ASSERT_EQUAL(run(out, "%s build noxius --only cards --strict --paper letter -o %s/letter 2>&1", tu_bin(), dir),
                    0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius-de-cards-letter.pdf: 13 cards on 7 pages (3 x 2 a page, 63 x 88 mm, bleed 3.0/3.0 mm"));
    free(out);
}

static void test_reproducible(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    for (int i = 0; i < 2; i++)
        CU_ASSERT_EQUAL(run(out, "SOURCE_DATE_EPOCH=1700000000 %s build noxius --only cards -o %s/r%d >/dev/null 2>&1",
                            tu_bin(), dir, i), 0);
    CU_ASSERT_EQUAL(run(out, "cmp %s/r0/noxius/noxius-de-cards-a4.pdf %s/r1/noxius/noxius-de-cards-a4.pdf", dir, dir),
                    0);
    free(out);
}

/* A card text far too long for its card: the build fails (with or without
 * --strict), names the card at its <cardtext>'s file:line, and writes
 * nothing. */
static void test_too_long_fails(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    char content[600], path[700];
    CU_ASSERT_FATAL(out != NULL);
    snprintf(content, sizeof content, "%s/long-content", dir);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", content), 0);
    snprintf(path, sizeof path, "%s/noxius/de.xml", content);
    char longtext[6000] = "<text><num fact=\"noxius.result.sp\">Ein</num> Schildpunkt.";
    for (int i = 0; i < 60; i++)
        strcat(longtext, " Ein sehr langer Kartentext, der nicht passt.");
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<text><num fact=\"noxius.result.sp\">Ein</num> Schildpunkt.",
                                       longtext) == 0);
    int st = run(out, "%s --content %s build noxius --only cards --no-verify -o %s/long-out 2>&1", tu_bin(), content,
                 dir);
    CU_ASSERT_EQUAL(st, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "card \"karte-sp\" fits its text only at"));
    char where[80];
    snprintf(where, sizeof where, "noxius/de.xml:%d:", tu_line_of(path, "card=\"karte-sp\""));
    const char *at = strstr(out, where);
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    at += strlen(where) + strspn(at + strlen(where), "0123456789");   /* the column */
    CU_ASSERT_EQUAL(strncmp(at, ": error: card \"karte-sp\"", 24), 0);
    snprintf(path, sizeof path, "%s/long-out/noxius/noxius-de-cards-a4.pdf", dir);
    CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0);
    free(out);
}

/* The card template decides size and grid: tarot cards four to a page; a
 * sheet template named for cards is refused at its file. */
static void test_templates(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    char content[600], path[700];
    CU_ASSERT_FATAL(out != NULL);
    snprintf(content, sizeof content, "%s/tarot-content", dir);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", content), 0);
    snprintf(path, sizeof path, "%s/noxius/game.xml", content);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<cards/>", "<cards template=\"cards-tarot\"/>") == 0);
    int st = run(out, "%s --content %s build noxius --only cards --strict -o %s/tarot-out 2>&1", tu_bin(), content, dir);
    if (st != 0)
        fprintf(stderr, "%s\n", out);
    CU_ASSERT_EQUAL(st, 0);
    /* 13 cards, four to a page: four pages of fronts, each with its backs,
     * and the colophon */
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "13 cards on 9 pages (2 x 2 a page, 70 x 120 mm"));
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<cards template=\"cards-tarot\"/>", "<cards template=\"reference\"/>") == 0);
    st = run(out, "%s --content %s build noxius --only cards -o %s/wrong-out 2>&1", tu_bin(), content, dir);
    CU_ASSERT_EQUAL(st, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "templates/reference.xml"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "is for sheet, not cards"));
    free(out);
}


/* ---- read back: boxes, viewer preferences, pixels -------------------------- */

#define MM (72.0 / 25.4)

/* Page page of pdf rasterised at 72 dpi (one pixel a point): RGB bytes,
 * *w x *h; caller frees. NULL on failure. */
static unsigned char *raster(const char *pdf, int page, int *w, int *h)
{
    char stem[700], cmd[1600];
    snprintf(stem, sizeof stem, "%s/raster", dir);
    snprintf(cmd, sizeof cmd, "pdftoppm -r 72 -f %d -l %d -singlefile '%s' '%s'", page, page, pdf, stem);
    if (tu_run(cmd, NULL, 0) != 0)
        return NULL;
    char ppm[720];
    snprintf(ppm, sizeof ppm, "%s.ppm", stem);
    size_t len = 0;
    char *data = tu_read_file(ppm, &len);
    if (!data)
        return NULL;
    int maxv = 0, off = 0;
    unsigned char *px = NULL;
    if (sscanf(data, "P6 %d %d %d%n", w, h, &maxv, &off) == 3 && maxv == 255 &&
        (size_t)off + 1 + (size_t)(*w) * (size_t)(*h) * 3 <= len) {
        px = malloc((size_t)(*w) * (size_t)(*h) * 3);
        if (px)
            memcpy(px, data + off + 1, (size_t)(*w) * (size_t)(*h) * 3);
    }
    free(data);
    return px;
}

/* Is the pixel at x, y points (nearly) white? */
static int white_at(const unsigned char *px, int w, int h, double x, double y)
{
    int ix = (int)x, iy = (int)y;
    if (ix < 0 || iy < 0 || ix >= w || iy >= h)
        return 1;
    const unsigned char *p = px + ((size_t)iy * (size_t)w + (size_t)ix) * 3;
    return p[0] > 235 && p[1] > 235 && p[2] > 235;
}

/* Fronts: the art runs into the bleed at the grid's edge and stops short
 * of the crop marks; backs: one piece of art across the grid and past it
 * (a duplex offset of 1.5 mm shows no white), mirrored left to right. */
static void test_bleed_and_mirror(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards -o %s/bleed 2>/dev/null", tu_bin(), dir), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "bleed 3.0/3.0 mm"));
    char pdf[700];
    snprintf(pdf, sizeof pdf, "%s/bleed/noxius/noxius-de-cards-a4.pdf", dir);
    int w = 0, h = 0;
    double pw = 595.28, ph = 841.89, cw = 63 * MM, ch = 88 * MM;
    double gx = (pw - 3 * cw) / 2, gy = (ph - 3 * ch) / 2;
    unsigned char *px = raster(pdf, 1, &w, &h);
    CU_ASSERT_FATAL(px != NULL);
    /* 2 mm past the cut: art (left of the band, above it, below the grid) */
    CU_ASSERT_FALSE(white_at(px, w, h, gx - 2 * MM, gy + 10));
    CU_ASSERT_FALSE(white_at(px, w, h, gx + cw / 2, gy - 2 * MM));
    CU_ASSERT_FALSE(white_at(px, w, h, gx + cw / 2, gy + 3 * ch + 2 * MM));
    /* 4 mm past the cut, between two marks: paper */
    CU_ASSERT_TRUE(white_at(px, w, h, gx + cw / 2, gy - 4 * MM));
    free(px);
    px = raster(pdf, 2, &w, &h);
    CU_ASSERT_FATAL(px != NULL);
    for (double off = -1.5; off <= 1.5; off += 3) {
        CU_ASSERT_FALSE(white_at(px, w, h, gx + off * MM + 1, gy + ch / 2));
        CU_ASSERT_FALSE(white_at(px, w, h, gx + 3 * cw - off * MM - 1, gy + ch / 2));
        CU_ASSERT_FALSE(white_at(px, w, h, gx + cw / 2, gy + off * MM + 1));
    }
    free(px);
    /* the second sheet holds four cards: the fourth sits left on the
     * fronts, right on the mirrored backs */
    px = raster(pdf, 3, &w, &h);
    CU_ASSERT_FATAL(px != NULL);
    CU_ASSERT_FALSE(white_at(px, w, h, gx + cw / 2, gy + ch * 1.5));
    CU_ASSERT_TRUE(white_at(px, w, h, gx + cw * 2.5, gy + ch * 1.5));
    free(px);
    px = raster(pdf, 4, &w, &h);
    CU_ASSERT_FATAL(px != NULL);
    CU_ASSERT_TRUE(white_at(px, w, h, gx + cw / 2, gy + ch * 1.25));
    CU_ASSERT_FALSE(white_at(px, w, h, gx + cw * 2.5, gy + ch * 1.25));
    free(px);
    free(out);
}

/* On US Letter nothing prints within 5 mm of the paper's edge (crop marks
 * included), on every page; the fronts' art still runs the full 3 mm past
 * the grid's top and bottom cut (read back from the raster). */
static void test_printable_area(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards --paper letter -o %s/letter5 2>/dev/null",
                        tu_bin(), dir), 0);
    char pdf[700];
    snprintf(pdf, sizeof pdf, "%s/letter5/noxius/noxius-de-cards-letter.pdf", dir);
    for (int page = 1; page <= 7; page++) {
        int w = 0, h = 0, inked = 0, marks = 0;
        unsigned char *px = raster(pdf, page, &w, &h);
        CU_ASSERT_FATAL(px != NULL);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int edge = x < 5 * MM - 1 || y < 5 * MM - 1 || x >= w - 5 * MM + 1 || y >= h - 5 * MM + 1;
                int margin = x < 8 * MM || y < 7 * MM || x >= w - 8 * MM || y >= h - 7 * MM;
                if (edge && !white_at(px, w, h, x, y))
                    inked++;
                if (!edge && margin && !white_at(px, w, h, x, y))
                    marks++;
            }
        CU_ASSERT_EQUAL(inked, 0);
        if (page == 1) {
            CU_ASSERT(marks > 20);   /* the crop marks are there */
            /* a 3 x 2 grid centred: the bleed's last row of art 2.5 mm
             * past the cut, white 4 mm past it (mid-column: no mark) */
            double top = (h - 2 * 88 * MM) / 2, bottom = top + 2 * 88 * MM;
            int x = w / 2;
            CU_ASSERT(!white_at(px, w, h, x, (int)(top - 2.5 * MM)));
            CU_ASSERT(!white_at(px, w, h, x, (int)(bottom + 2.5 * MM)));
            CU_ASSERT(white_at(px, w, h, x, (int)(top - 4 * MM)));
            CU_ASSERT(white_at(px, w, h, x, (int)(bottom + 4 * MM)));
        }
        free(px);
    }
    free(out);
}

/* A print shop's file: every page the card plus 3 mm bleed, TrimBox 3 mm
 * inside, BleedBox the page, fonts embedded, front then back; both
 * devices. Home files: PrintScaling None and the duplex mode. */
static void test_boxes_and_prefs(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    static const char *const devices[] = {"cairo", "haru"};
    for (int d = 0; d < 2; d++) {
        CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards --layout shop --device %s -o %s/shop-%s "
                                 "2>/dev/null", tu_bin(), devices[d], dir, devices[d]), 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius-de-cards-shop.pdf: 13 cards on 27 pages"));
        char pdf[700];
        snprintf(pdf, sizeof pdf, "%s/shop-%s/noxius/noxius-de-cards-shop.pdf", dir, devices[d]);
        const char *const texts[] = {"Genauer Schaden", "game-icons.net", NULL};
        tu_pdf_ok(pdf, 27, texts);
        CU_ASSERT_EQUAL(run(out, "pdfinfo -box -f 1 -l 27 '%s'", pdf), 0);
        int trims = 0, bleeds = 0;
        for (char *p = strstr(out, "TrimBox:"); p; p = strstr(p + 1, "TrimBox:")) {
            double x0, y0, x1, y1;
            CU_ASSERT_EQUAL_FATAL(sscanf(p, "TrimBox: %lf %lf %lf %lf", &x0, &y0, &x1, &y1), 4);
            CU_ASSERT_DOUBLE_EQUAL(x0, 3 * MM, 0.02);
            CU_ASSERT_DOUBLE_EQUAL(y0, 3 * MM, 0.02);
            CU_ASSERT_DOUBLE_EQUAL(x1 - x0, 63 * MM, 0.02);
            CU_ASSERT_DOUBLE_EQUAL(y1 - y0, 88 * MM, 0.02);
            trims++;
        }
        for (char *p = strstr(out, "BleedBox:"); p; p = strstr(p + 1, "BleedBox:")) {
            double x0, y0, x1, y1;
            CU_ASSERT_EQUAL_FATAL(sscanf(p, "BleedBox: %lf %lf %lf %lf", &x0, &y0, &x1, &y1), 4);
            CU_ASSERT_DOUBLE_EQUAL(x1 - x0, 69 * MM, 0.02);
            CU_ASSERT_DOUBLE_EQUAL(y1 - y0, 94 * MM, 0.02);
            bleeds++;
        }
        CU_ASSERT_EQUAL(trims, 27);
        CU_ASSERT_EQUAL(bleeds, 27);
        /* front then back: page 2 is the back of card 1 */
        CU_ASSERT_EQUAL(run(out, "pdftotext -f 2 -l 2 '%s' -", pdf), 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "Noxius"));
        CU_ASSERT_PTR_NULL(strstr(out, "Schaden"));
        /* home: the viewer preferences */
        CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards --device %s --duplex short -o %s/vp-%s "
                                 "2>/dev/null", tu_bin(), devices[d], dir, devices[d]), 0);
        snprintf(pdf, sizeof pdf, "%s/vp-%s/noxius/noxius-de-cards-a4.pdf", dir, devices[d]);
        CU_ASSERT_EQUAL(run(out, "qpdf --qdf --object-streams=disable '%s' - | grep -a -A3 /ViewerPreferences", pdf), 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "/Duplex /DuplexFlipShortEdge"));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "/PrintScaling /None"));
    }
    char pdf[700];
    CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards -o %s/vp-long 2>/dev/null", tu_bin(), dir), 0);
    snprintf(pdf, sizeof pdf, "%s/vp-long/noxius/noxius-de-cards-a4.pdf", dir);
    CU_ASSERT_EQUAL(run(out, "qpdf --qdf --object-streams=disable '%s' - | grep -a -A3 /ViewerPreferences", pdf), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "/Duplex /DuplexFlipLongEdge"));
    free(out);
}

/* No small print on a card: the backs show the title alone, the fronts no
 * credit; credits, licences and the printing note are on the colophon. */
static void test_no_small_print(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards -o %s/small 2>/dev/null", tu_bin(), dir), 0);
    char pdf[700];
    snprintf(pdf, sizeof pdf, "%s/small/noxius/noxius-de-cards-a4.pdf", dir);
    CU_ASSERT_EQUAL(run(out, "pdftotext -f 2 -l 2 '%s' - | tr -s ' \\n' ' '", pdf), 0);
    CU_ASSERT_STRING_EQUAL(out, "Noxius Noxius Noxius Noxius Noxius Noxius Noxius Noxius Noxius \f");
    CU_ASSERT_EQUAL(run(out, "pdftotext -f 1 -l 4 '%s' -", pdf), 0);
    CU_ASSERT_PTR_NULL(strstr(out, "game-icons"));
    CU_ASSERT_PTR_NULL(strstr(out, "100 %"));
    CU_ASSERT_EQUAL(run(out, "pdftotext -f 5 -l 5 '%s' -", pdf), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "game-icons.net"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "100 %"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "langen Kante"));
    free(out);
}

/* Card sizes: the most that fit the paper; a size that fits none is a
 * usage error. */
static void test_card_sizes(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards --card-size mini -o %s/sz 2>/dev/null", tu_bin(),
                        dir), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius-de-cards-mini-a4.pdf: 13 cards on 3 pages (4 x 4 a page, 44 x 67 mm"));
    CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards --card-size bridge --paper letter -o %s/sz "
                             "2>/dev/null", tu_bin(), dir), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius-de-cards-bridge-letter.pdf: 13 cards on 7 pages (3 x 2 a page, 57 x 89"));
    CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards --card-size tarot -o %s/sz 2>/dev/null", tu_bin(),
                        dir), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "(2 x 2 a page, 70 x 120 mm"));
    CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards --card-size 60x90 -o %s/sz 2>/dev/null",
                        tu_bin(), dir), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius-de-cards-60x90-a4.pdf: 13 cards on 5 pages (3 x 3 a page, 60 x 90 mm"));
    CU_ASSERT_EQUAL(run(out, "%s build noxius --only cards --card-size 10x10 -o %s/sz 2>&1", tu_bin(), dir), 2);
    free(out);
}

/* PNG at the resolution asked for, and the status line names the files. */
static void test_png_dpi(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards --format png --dpi 100 -o %s/png 2>/dev/null",
                        tu_bin(), dir), 0);
    char first[700];
    snprintf(first, sizeof first, "%s/png/noxius/noxius-de-cards-a4-1.png \xE2\x80\xA6 noxius-de-cards-a4-5.png: 13 cards",
             dir);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, first));
    CU_ASSERT_PTR_NULL(strstr(out, "%d"));
    snprintf(first, sizeof first, "%s/png/noxius/noxius-de-cards-a4-1.png", dir);
    size_t len = 0;
    char *png = tu_read_file(first, &len);
    CU_ASSERT_FATAL(png != NULL && len > 24);
    unsigned wpx = ((unsigned)(unsigned char)png[16] << 24) | ((unsigned)(unsigned char)png[17] << 16) |
                   ((unsigned)(unsigned char)png[18] << 8) | (unsigned)(unsigned char)png[19];
    CU_ASSERT_EQUAL(wpx, 827);   /* 210 mm at 100 dpi */
    free(png);
    /* cards default to 300 dpi */
    CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards --format png -o %s/png300 2>/dev/null", tu_bin(),
                        dir), 0);
    snprintf(first, sizeof first, "%s/png300/noxius/noxius-de-cards-a4-1.png", dir);
    png = tu_read_file(first, &len);
    CU_ASSERT_FATAL(png != NULL && len > 24);
    wpx = ((unsigned)(unsigned char)png[18] << 8) | (unsigned)(unsigned char)png[19];
    CU_ASSERT_EQUAL(wpx, 2480);
    free(png);
    free(out);
}

/* The alignment pair: the back's red cross moves with --back-offset. */
static void test_alignment_offset(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only cards --alignment --back-offset 3,-2 -o %s/al "
                             "2>/dev/null", tu_bin(), dir), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "13 cards on 7 pages"));
    char pdf[700];
    snprintf(pdf, sizeof pdf, "%s/al/noxius/noxius-de-cards-a4.pdf", dir);
    int w = 0, h = 0;
    unsigned char *px = raster(pdf, 2, &w, &h);
    CU_ASSERT_FATAL(px != NULL);
    /* the vertical stroke, searched along a row 10 mm below the centre */
    int y = (int)(h / 2.0 - 2 * MM + 10 * MM), found = -1;
    for (int x = 0; x < w; x++) {
        const unsigned char *p = px + ((size_t)y * (size_t)w + (size_t)x) * 3;
        if (p[0] > 150 && p[1] < 150 && found < 0)
            found = x;
    }
    CU_ASSERT(found >= 0 && fabs(found - (w / 2.0 + 3 * MM)) < 2);
    free(px);
    /* the cards' backs move too: the art's left edge on the first back */
    px = raster(pdf, 4, &w, &h);
    CU_ASSERT_FATAL(px != NULL);
    double gx = (595.28 - 3 * 63 * MM) / 2;
    CU_ASSERT_FALSE(white_at(px, w, h, gx + 3 * MM - 2 * MM + 1, h / 2.0));
    CU_ASSERT_TRUE(white_at(px, w, h, gx + 3 * MM - 2.5 * MM - 2, h / 2.0));
    free(px);
    free(out);
}

static int cleanup(void)
{
    if (ready) {
        char cmd[300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        tu_run(cmd, NULL, 0);
    }
    return 0;
}

/* declared here for -Wmissing-prototypes; tests/main.c finds it by name */
/* Cards are spelt as the sheet is (item 7 of issue 18): U+2019 for the
 * typewriter apostrophe, a thin no-break space in "z. B.", on the card and in
 * the file's Title, read back from the PDF. */
static void test_typography(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    static const char *const edits[] = {"<title>Noxius</title>", "<title>Noxius: wie geht's?</title>",
                                        "Wer am Zug ist, opfert einen SP.",
                                        "Wer am Zug ist, opfert z. B. einen SP, wenn's sein muss.", NULL};
    char content[600], path[700];
    CU_ASSERT_EQUAL_FATAL(tu_content_edited(dir, "typo", "noxius/de.xml", edits, content, sizeof content), 0);
    int st = run(out, "%s --content %s build noxius --only cards --no-verify -o %s/typo-out 2>&1", tu_bin(), content,
                 dir);
    CU_ASSERT_EQUAL_FATAL(st, 0);
    snprintf(path, sizeof path, "%s/typo-out/noxius/noxius-de-cards-a4.pdf", dir);
    tu_pdf_spelt(path, "wenn\xE2\x80\x99s sein muss", "wenn's", 1, NULL);
    /* the backs carry the summary's title, and so does the file's Title */
    tu_pdf_spelt(path, "wie geht\xE2\x80\x99s?", "geht's", 0, "Noxius: wie geht\xE2\x80\x99s? \xE2\x80\x94 Karten");
    /* the real Italian cards: "come l'Adulto" in the source */
    CU_ASSERT_EQUAL(run(out, "%s build nemesis --only cards -o %s/typo-nem 2>&1", tu_bin(), dir), 0);
    snprintf(path, sizeof path, "%s/typo-nem/nemesis/nemesis-it-cards-a4.pdf", dir);
    tu_pdf_spelt(path, "come l\xE2\x80\x99" "Adulto", "l'Adulto", 0, NULL);
    tu_pdf_spelt(path, "c\xE2\x80\x99\xC3\xA8 un Incontro", "c'\xC3\xA8", 0, NULL);
    free(out);
}

/* An area effect's grid: a square drawn wrong fails check at its row's
 * file:line, a square the engine hits beyond the grid fails at the grid,
 * a grid on a card that is no area effect fails; the correct grids are
 * drawn with their legend in both devices. */
/* needle's line plus plus: where the fault is reported */
static void grid_fails(const char *content, const char *from, const char *to, const char *needle, int plus,
                       const char *what)
{
    char path[700], where[200];
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    snprintf(path, sizeof path, "%s/sine-tempore/cards.xml", content);
    CU_ASSERT_FATAL(tu_replace_in_file(path, from, to) == 0);
    int st = run(out, "%s --content %s check sine-tempore 2>&1", tu_bin(), content);
    CU_ASSERT_NOT_EQUAL(st, 0);
    snprintf(where, sizeof where, "sine-tempore/cards.xml:%d:", tu_line_of(path, needle) + plus);
    char *at = strstr(out, where);
    CU_ASSERT_PTR_NOT_NULL(at);
    if (!at || !strstr(at, what))
        fprintf(stderr, "%s\nwanted at %s: %s\n", out, where, what);
    CU_ASSERT_PTR_NOT_NULL(at ? strstr(at, what) : NULL);
    /* back as it was: each case plants one fault */
    CU_ASSERT_FATAL(tu_replace_in_file(path, to, from) == 0);
    free(out);
}

static void test_area_grids(void)
{
    ensure_dir();
    char content[600], path[700];
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    snprintf(content, sizeof content, "%s/grid-content", dir);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", content), 0);
    /* as shipped, every grid agrees with the engine */
    CU_ASSERT_EQUAL(run(out, "%s --content %s check sine-tempore 2>&1", tu_bin(), content), 0);
    CU_ASSERT_PTR_NULL(strstr(out, "[grid-"));
    /* a blow ("T" shape) with a square beside the main target */
    grid_fails(content, "<row>.T.</row>", "<row>.T#</row>", "<row>.T#</row>", 0,
               "card \"k-hieb\": the square in row 2, column 3 is drawn affected, but the engine's "
               "sinetempore.area.blow does not hit it [grid-square]");
    /* an explosion missing a corner */
    grid_fails(content, "<row>###</row>\n      <row>#T#</row>", "<row>##.</row>\n      <row>#T#</row>",
               "<row>##.</row>", 0, "card \"k-explosion\": the square in row 1, column 3 is drawn untouched");
    /* a lance one square short: the engine's fourth square lies above it */
    grid_fails(content, "<row>#</row>\n      <row>#</row>\n      <row>#</row>\n      <row>T</row>",
               "<row>#</row>\n      <row>#</row>\n      <row>T</row>", "id=\"k-lanze\"", 1,
               "card \"k-lanze\": the engine's sinetempore.area.lance hits a square outside the grid");
    /* a grid on fire, which is no area effect */
    grid_fails(content, "icon=\"feuer\" group=\"negativ\"/>",
               "icon=\"feuer\" group=\"negativ\"><grid><row>T</row></grid></card>", "<grid><row>T</row>", 0,
               "card \"k-feuer\" has a grid, but the engine computes no area effect");
    /* drawn in both devices, with the legend's words in each language
     * ("X = 2" has thin spaces, too narrow for pdftotext to show) */
    static const char *const devices[] = {"cairo", "haru"};
    static const char *const de[] = {"Anwender", "Hauptziel", "X=2", NULL};
    static const char *const it[] = {"utilizzatore", "bersaglio principale", "X=2", NULL};
    for (int d = 0; d < 2; d++) {
        CU_ASSERT_EQUAL(run(out, "%s build sine-tempore --only cards --strict --device %s -o %s/g-%s 2>&1", tu_bin(),
                            devices[d], dir, devices[d]), 0);
        snprintf(path, sizeof path, "%s/g-%s/sine-tempore/sine-tempore-de-cards-a4.pdf", dir, devices[d]);
        tu_pdf_ok(path, 11, de);
        snprintf(path, sizeof path, "%s/g-%s/sine-tempore/sine-tempore-it-cards-a4.pdf", dir, devices[d]);
        tu_pdf_ok(path, 11, it);
    }
    free(out);
}

void suite_lay_cards(void);
void suite_lay_cards(void)
{
    CU_pSuite s = CU_add_suite("lay_cards", NULL, cleanup);
    CU_add_test(s, "every game's cards, both devices, PDF checks", test_every_game);
    CU_add_test(s, "same input, same bytes", test_reproducible);
    CU_add_test(s, "a card text too long fails under --strict", test_too_long_fails);
    CU_add_test(s, "card templates: size, grid, kind", test_templates);
    CU_add_test(s, "raster: bleed on fronts, full-bleed mirrored backs", test_bleed_and_mirror);
    CU_add_test(s, "raster: US Letter, nothing within 5 mm of the edge", test_printable_area);
    CU_add_test(s, "print shop boxes, fonts, order; viewer preferences", test_boxes_and_prefs);
    CU_add_test(s, "no small print on cards, a colophon", test_no_small_print);
    CU_add_test(s, "card sizes: the most that fit", test_card_sizes);
    CU_add_test(s, "PNG at --dpi, real file names", test_png_dpi);
    CU_add_test(s, "alignment pair and --back-offset", test_alignment_offset);
    CU_add_test(s, "card text and file title: apostrophes, thin spaces", test_typography);
    CU_add_test(s, "area-effect grids: checked against the engine, drawn with a legend", test_area_grids);
}
