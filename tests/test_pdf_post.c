/* test_pdf_post.c — the bytes pdf_post takes out of a PDF: the hinting of
 * embedded TrueType fonts (on the sheet's own fonts, whose outlines and
 * metrics must come out unchanged), the decimals of content-stream numbers
 * that print does not resolve, and the object streams, on a real build. */
#include <CUnit/CUnit.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_TRUETYPE_TAGS_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdf_post.h"
#include "testutil.h"

/* The fonts of fonts/manifest.xml: composite glyphs, hdmx and LTSH tables,
 * long and short loca among them. */
static const char *const font_files[] = {
    "/usr/share/fonts/truetype/gentiumplus/GentiumBookPlus-Regular.ttf",
    "/usr/share/fonts/truetype/gentiumplus/GentiumBookPlus-Italic.ttf",
    "/usr/share/fonts/truetype/gentiumplus/GentiumBookPlus-Bold.ttf",
    "/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf",
};

/* A file's bytes (tu_read_file's, as unsigned bytes), or NULL. */
static unsigned char *slurp(const char *path, size_t *len)
{
    return (unsigned char *)tu_read_file(path, len);
}

static unsigned long be(const unsigned char *p, int n)
{
    unsigned long v = 0;
    for (int i = 0; i < n; i++)
        v = v << 8 | p[i];
    return v;
}

/* The offset of the sfnt table tag in font (len bytes), or 0; its length in
 * *tlen. */
static size_t table_at(const unsigned char *font, size_t len, const char *tag, size_t *tlen)
{
    size_t n = be(font + 4, 2);
    for (size_t i = 0; i < n && 12 + 16 * (i + 1) <= len; i++) {
        const unsigned char *r = font + 12 + 16 * i;
        if (memcmp(r, tag, 4) == 0 && be(r + 8, 4) + be(r + 12, 4) <= len) {
            *tlen = be(r + 12, 4);
            return be(r + 8, 4);
        }
    }
    return 0;
}

static const unsigned char *table(const unsigned char *font, size_t len, const char *tag, size_t *tlen)
{
    size_t at = table_at(font, len, tag, tlen);
    return at ? font + at : NULL;
}

/* Glyphs whose instructions are still there (a simple glyph with a
 * non-zero instruction length, a composite announcing instructions). */
static int hinted_glyphs(const unsigned char *font, size_t len)
{
    size_t hl, ml, ll, gl;
    const unsigned char *head = table(font, len, "head", &hl), *maxp = table(font, len, "maxp", &ml);
    const unsigned char *loca = table(font, len, "loca", &ll), *glyf = table(font, len, "glyf", &gl);
    if (!head || !maxp || !loca || !glyf)
        return -1;
    int lng = be(head + 50, 2) == 1;
    size_t ng = be(maxp + 4, 2), hinted = 0;
    for (size_t g = 0; g < ng; g++) {
        size_t a = lng ? be(loca + 4 * g, 4) : 2 * be(loca + 2 * g, 2);
        size_t b = lng ? be(loca + 4 * g + 4, 4) : 2 * be(loca + 2 * g + 2, 2);
        if (b <= a)
            continue;
        const unsigned char *p = glyf + a;
        long contours = (long)(short)be(p, 2);
        if (contours >= 0) {
            hinted += be(p + 10 + 2 * (size_t)contours, 2) != 0;
            continue;
        }
        size_t o = 10;
        unsigned long flags;
        do {
            flags = be(p + o, 2);
            hinted += (flags & 0x100) != 0;
            o += 4 + (flags & 1 ? 4 : 2) + (flags & 8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
        } while (flags & 0x20);
    }
    return (int)hinted;
}

static unsigned long file_checksum(const unsigned char *p, size_t len)
{
    unsigned long sum = 0;
    for (size_t i = 0; i < len; i += 4) {
        unsigned char w[4] = {0, 0, 0, 0};
        memcpy(w, p + i, len - i < 4 ? len - i : 4);
        sum = (sum + be(w, 4)) & 0xFFFFFFFFUL;
    }
    return sum;
}

/* Every glyph's outline (font units, unhinted) and advance in a and b. */
static int same_glyphs(FT_Face a, FT_Face b)
{
    if (a->num_glyphs != b->num_glyphs)
        return 0;
    for (FT_Long g = 0; g < a->num_glyphs; g++) {
        if (FT_Load_Glyph(a, (FT_UInt)g, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING) != 0)
            return 0;
        FT_Outline oa = a->glyph->outline;
        FT_Pos adv = a->glyph->metrics.horiAdvance;
        short *contours = malloc(sizeof(short) * (size_t)(oa.n_contours + 1));
        FT_Vector *pts = malloc(sizeof(FT_Vector) * (size_t)(oa.n_points + 1));
        char *tags = malloc((size_t)oa.n_points + 1);
        int ok = contours && pts && tags;
        if (ok) {
            memcpy(contours, oa.contours, sizeof(short) * (size_t)oa.n_contours);
            memcpy(pts, oa.points, sizeof(FT_Vector) * (size_t)oa.n_points);
            memcpy(tags, oa.tags, (size_t)oa.n_points);
        }
        ok = ok && FT_Load_Glyph(b, (FT_UInt)g, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING) == 0;
        FT_Outline ob = b->glyph->outline;
        ok = ok && ob.n_points == oa.n_points && ob.n_contours == oa.n_contours &&
             b->glyph->metrics.horiAdvance == adv &&
             memcmp(ob.contours, contours, sizeof(short) * (size_t)oa.n_contours) == 0 &&
             memcmp(ob.points, pts, sizeof(FT_Vector) * (size_t)oa.n_points) == 0 &&
             memcmp(ob.tags, tags, (size_t)oa.n_points) == 0;
        free(contours);
        free(pts);
        free(tags);
        if (!ok)
            return 0;
    }
    return 1;
}

/* The sheet's fonts lose their hinting and nothing else: the programs and
 * tables gone, no glyph with instructions, the same outlines and advances
 * for every glyph, valid checksums. */
static void test_unhint_keeps_the_outlines(void)
{
    FT_Library lib;
    CU_ASSERT_FATAL(FT_Init_FreeType(&lib) == 0);
    for (size_t i = 0; i < sizeof font_files / sizeof *font_files; i++) {
        size_t len, nlen = 0, tl;
        unsigned char *ttf = slurp(font_files[i], &len);
        CU_ASSERT_PTR_NOT_NULL_FATAL(ttf);
        CU_ASSERT(hinted_glyphs(ttf, len) > 0);   /* the fonts are hinted: this tests something */
        CU_ASSERT_PTR_NOT_NULL(table(ttf, len, "fpgm", &tl));
        unsigned char *bare = NULL;
        CU_ASSERT_EQUAL(pdf_post_unhint_ttf(ttf, len, &bare, &nlen), 1);
        CU_ASSERT_PTR_NOT_NULL_FATAL(bare);
        CU_ASSERT(nlen < len);
        CU_ASSERT_EQUAL(hinted_glyphs(bare, nlen), 0);
        static const char *const gone[] = {"fpgm", "prep", "cvt ", "hdmx", "LTSH", "VDMX"};
        for (size_t k = 0; k < sizeof gone / sizeof *gone; k++)
            CU_ASSERT_PTR_NULL(table(bare, nlen, gone[k], &tl));
        const unsigned char *maxp = table(bare, nlen, "maxp", &tl);
        CU_ASSERT(maxp && tl >= 32 && be(maxp + 26, 2) == 0);   /* maxSizeOfInstructions */
        CU_ASSERT(table(bare, nlen, "GSUB", &tl) && table(bare, nlen, "name", &tl));
        CU_ASSERT_EQUAL(file_checksum(bare, nlen), 0xB1B0AFBAUL);
        FT_Face fa, fb;
        CU_ASSERT_FATAL(FT_New_Memory_Face(lib, ttf, (FT_Long)len, 0, &fa) == 0);
        CU_ASSERT_FATAL(FT_New_Memory_Face(lib, bare, (FT_Long)nlen, 0, &fb) == 0);
        CU_ASSERT(same_glyphs(fa, fb));
        FT_Done_Face(fa);
        FT_Done_Face(fb);
        free(bare);
        free(ttf);
    }
    FT_Done_FreeType(lib);
}

/* What is not a whole TrueType font is left alone (NULL), never read past
 * its end: every truncation of a font, a glyph pointing past glyf. */
static void test_unhint_refuses_damage(void)
{
    size_t len, nlen, tl;
    unsigned char *ttf = slurp(font_files[3], &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ttf);
    int refused = 0, tried = 0;
    for (size_t cut = 0; cut < len; cut += len / 97 + 1, tried++) {
        unsigned char *part = malloc(cut + 1);   /* exactly cut bytes for valgrind and ASan */
        memcpy(part, ttf, cut);
        unsigned char *bare = NULL;
        refused += pdf_post_unhint_ttf(part, cut, &bare, &nlen) == 0 && bare == NULL;
        free(bare);
        free(part);
    }
    CU_ASSERT_EQUAL(refused, tried);
    size_t head = table_at(ttf, len, "head", &tl), maxp = table_at(ttf, len, "maxp", &tl);
    size_t loca = table_at(ttf, len, "loca", &tl);
    CU_ASSERT_FATAL(head && maxp && loca);
    size_t ng = be(ttf + maxp + 4, 2);
    if (be(ttf + head + 50, 2) == 1)
        memset(ttf + loca + 4 * ng, 0x7F, 4);
    else
        memset(ttf + loca + 2 * ng, 0x7F, 2);
    unsigned char *bare = NULL;
    CU_ASSERT_EQUAL(pdf_post_unhint_ttf(ttf, len, &bare, &nlen), 0);
    CU_ASSERT_PTR_NULL(bare);
    unsigned char cff[16] = "OTTO";
    CU_ASSERT_EQUAL(pdf_post_unhint_ttf(cff, sizeof cff, &bare, &nlen), 0);
    free(ttf);
}

/* cs rounded by pdf_post_round_content, as a string (NULL when refused). */
static char *rounded(const char *cs)
{
    size_t n = 0;
    unsigned char *r = NULL;
    CU_ASSERT(pdf_post_round_content((const unsigned char *)cs, strlen(cs), &r, &n) == (r ? 1 : 0));
    char *z = r ? malloc(n + 1) : NULL;
    if (z) {
        memcpy(z, r, n);
        z[n] = '\0';
    }
    free(r);
    return z;
}

/* Each operator's operands to its precision; strings, names, arrays and
 * other operators' numbers untouched; what cannot be read is refused. */
static void test_round_content(void)
{
    static const char *const cases[][2] = {
        {"1 0 0 -1 0 841.889764 cm\n0.180392 0.419608 0.227451 rg /a0 gs\n",
         "1 0 0 -1 0 841.89 cm\n0.18 0.42 0.227 rg /a0 gs\n"},
        {"BT\n8.763363 0 0 -8.75 274.794977 228.007594 Tm\n/f-2-0 1 Tf\n[(a 1.23456)-3(x)]TJ\n(0.123456)Tj\n"
         "-4.505084 -1.74 Td\nET\n",
         "BT\n8.7634 0 0 -8.75 274.79 228.01 Tm\n/f-2-0 1 Tf\n[(a 1.23456)-3(x)]TJ\n(0.123456)Tj\n"
         "-4.505 -1.74 Td\nET\n"},
        {"248.852 109.336 m 248.746\n 109.336 248.645 109.359 248.562 109.406 c h\n-0.001 2.999 l 0.3 w B\n",
         "248.85 109.34 m 248.75\n 109.34 248.65 109.36 248.56 109.41 c h\n0 3 l 0.3 w B\n"},
        {"0.0123456 0 0 0.0123456 10.5 20.25 cm /x5 Do\n[1.23456 2] 0.123456 d 10.123456 M\n",
         "0.012346 0 0 0.012346 10.5 20.25 cm /x5 Do\n[1.23456 2] 0.123456 d 10.123456 M\n"},
        {"9.996 0.0049 l -99.995 .125 m -.004 +1.005 l 12345.678 0 0 -0.98765432 0 0 cm\n",
         "10 0 l -100 0.13 m 0 1.01 l 12346 0 0 -0.987654 0 0 cm\n"},
        {"/Span << /ActualText (\\(x\\) 1.23456) /MCID 3 >> BDC 1.23456 2.34567 EMC % 1.23456 m\n1.2345 2 m",
         "/Span << /ActualText (\\(x\\) 1.23456) /MCID 3 >> BDC 1.23456 2.34567 EMC % 1.23456 m\n1.23 2 m"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *r = rounded(cases[i][0]);
        CU_ASSERT_PTR_NOT_NULL(r);
        CU_ASSERT_STRING_EQUAL(r ? r : "", cases[i][1]);
        free(r);
    }
    /* a long path (an icon) from its first point when that is shorter; a
     * clipping path never (q and Q would undo the clip) */
    char path[1024], local[1024], clip[1100];
    int o = snprintf(path, sizeof path, "0 0 0 rg 248.852 109.336 m ");
    int lo = snprintf(local, sizeof local, "0 0 0 rg q 1 0 0 1 248.85 109.34 cm\n0 0 m\n");
    for (int i = 0; i < 19; i++) {
        o += snprintf(path + o, sizeof path - (size_t)o, "%d.85 110.34 l ", 249 + i % 3);
        lo += snprintf(local + lo, sizeof local - (size_t)lo, "%d 1 l\n", 1 + i % 3);
    }
    snprintf(clip, sizeof clip, "%sW n", path);
    snprintf(path + o, sizeof path - (size_t)o, "B\n");
    snprintf(local + lo, sizeof local - (size_t)lo, "B\nQ\n");
    char *lr = rounded(path);
    CU_ASSERT_STRING_EQUAL(lr ? lr : "", local);
    free(lr);
    lr = rounded(clip);
    CU_ASSERT(lr && !strstr(lr, " cm") && strstr(lr, "250.85 110.34 l"));
    free(lr);
    CU_ASSERT_PTR_NULL(rounded("q 10 0 0 10 0 0 cm BI /W 1 /H 1 /BPC 8 /CS /G ID \x80 EI Q"));
    CU_ASSERT_PTR_NULL(rounded("BT (never closed 1.23456 m ET"));
    /* every prefix of a stream: read or refused, never longer */
    const char *cs = cases[1][0];
    for (size_t cut = 0; cut <= strlen(cs); cut++) {
        size_t n = 0;
        unsigned char *part = malloc(cut + 1);
        memcpy(part, cs, cut);
        unsigned char *r = NULL;
        CU_ASSERT(pdf_post_round_content(part, cut, &r, &n) >= 0);
        CU_ASSERT(!r || n <= cut);
        free(r);
        free(part);
    }
}

/* A sheet as `build` writes it: its fonts carry no hinting program (qdf
 * shows the font files decoded, table tags in clear), its latin subsets
 * share one ToUnicode map, its paths are rounded and its objects are in
 * object streams. */
static void test_built_sheet(void)
{
    char dir[] = "/tmp/regelwerk-pdfpost-XXXXXX", out[4096];
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    CU_ASSERT_EQUAL_FATAL(tu_runf(out, sizeof out, "'%s' -q build noxius --lang de --only sheet --paper a4 -o '%s'",
                                  tu_bin(), dir), 0);
    char pdf[200];
    snprintf(pdf, sizeof pdf, "%s/noxius/noxius-de-a4.pdf", dir);
    static const char *const words[] = {"\xC3\x9C" "berblick", "gew\xC3\xB6hnlicher", NULL};
    tu_pdf_ok(pdf, 2, words);   /* every font with a Unicode map, the text extracts */
    /* the latin subsets share one map of WinAnsiEncoding (cairo writes
     * bfchar lists, the shared map bfranges) */
    tu_runf(out, sizeof out, "qpdf --qdf --object-streams=disable '%s' - | grep -a -c beginbfrange", pdf);
    CU_ASSERT_EQUAL(atoi(out), 1);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "qpdf --qdf --object-streams=disable '%s' - | grep -a -c FontFile2", pdf), 0);
    CU_ASSERT(atoi(out) >= 4);
    tu_runf(out, sizeof out, "qpdf --qdf --object-streams=disable '%s' - | grep -a -c -E 'fpgm|prep'", pdf);
    CU_ASSERT_EQUAL(atoi(out), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "qpdf --show-xref '%s' | grep -c ': compressed'", pdf), 0);
    CU_ASSERT(atoi(out) >= 10);
    /* icons drawn from their first point */
    tu_runf(out, sizeof out, "qpdf --qdf --object-streams=disable '%s' - | grep -a -c '^0 0 m$'", pdf);
    CU_ASSERT(atoi(out) >= 10);
    /* no path point with more than two decimals */
    tu_runf(out, sizeof out, "qpdf --qdf --object-streams=disable '%s' - | grep -a -c -E '[0-9][.][0-9]{3,} -?[0-9.]+ [ml]$'", pdf);
    CU_ASSERT_EQUAL(atoi(out), 0);
    tu_runf(out, sizeof out, "rm -rf '%s'", dir);
}

void suite_pdf_post(void);
void suite_pdf_post(void)
{
    CU_pSuite s = CU_add_suite("pdf_post", NULL, NULL);
    CU_add_test(s, "TrueType hinting goes, outlines and metrics stay", test_unhint_keeps_the_outlines);
    CU_add_test(s, "a damaged or other font is left as it is", test_unhint_refuses_damage);
    CU_add_test(s, "content numbers rounded to their operator's precision", test_round_content);
    CU_add_test(s, "a built sheet: fonts without hinting, object streams, rounded paths", test_built_sheet);
}
