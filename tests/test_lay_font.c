/* test_lay_font.c — shaping: the word cache returns exactly what HarfBuzz
 * returns for a fresh set of faces, at every size, and keeps roles and
 * languages apart. */
#include <CUnit/CUnit.h>
#include <string.h>

#include "lay_font.h"

static lay_fonts *load(void)
{
    diag_list d;
    diag_list_init(&d);
    lay_fonts *f = lay_fonts_load("fonts/manifest.xml", &d);
    diag_print(&d, stderr);
    diag_list_free(&d);
    return f;
}

/* Bit-for-bit equal: the cache must not change a single output byte. */
static int same(const lay_shaped *a, const lay_shaped *b)
{
    if (a->n != b->n || a->width != b->width || a->missing != b->missing)
        return 0;
    for (size_t i = 0; i < a->n; i++)
        if (a->glyphs[i].gid != b->glyphs[i].gid || a->glyphs[i].x != b->glyphs[i].x ||
            a->glyphs[i].y != b->glyphs[i].y || a->glyphs[i].cluster != b->glyphs[i].cluster ||
            a->advance[i] != b->advance[i])
            return 0;
    return 1;
}

static void test_cache_same_as_fresh(void)
{
    static const char *const words[] = {"Schadensw\xc3\xbcrfel", "AVATAR", "Tabelle,", "T\xc3\xbcr", "f\xc3\xbcnf",
                                        "Wirkungsbereich", "\xc2\xab" "Ciao\xc2\xbb", "-", " "};
    static const double sizes[] = {9, 8.75, 12.5, 6.5};
    static const char *const langs[] = {"de", "it", NULL};
    lay_fonts *warm = load(), *cold = NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(warm);
    /* warm the cache at one size, in every role and language */
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
        for (int r = 0; r < LAY_FONT_ROLE_COUNT; r++)
            for (size_t l = 0; l < 3; l++) {
                lay_shaped s;
                CU_ASSERT_EQUAL(lay_shape(warm, r, 10, langs[l], words[w], strlen(words[w]), &s), 0);
                lay_shaped_free(&s);
            }
    int checked = 0, differ_by_role = 0;
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
        for (int r = 0; r < LAY_FONT_ROLE_COUNT; r++)
            for (size_t l = 0; l < 3; l++)
                for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
                    /* a fresh set of faces each time: nothing cached */
                    cold = load();
                    CU_ASSERT_PTR_NOT_NULL_FATAL(cold);
                    lay_shaped a, b;
                    size_t len = strlen(words[w]);
                    CU_ASSERT_EQUAL(lay_shape(warm, r, sizes[z], langs[l], words[w], len, &a), 0);
                    CU_ASSERT_EQUAL(lay_shape(cold, r, sizes[z], langs[l], words[w], len, &b), 0);
                    CU_ASSERT_TRUE(same(&a, &b));
                    checked++;
                    if (r != LAY_FONT_BODY) {
                        lay_shaped c;
                        CU_ASSERT_EQUAL(lay_shape(warm, LAY_FONT_BODY, sizes[z], langs[l], words[w], len, &c), 0);
                        differ_by_role += !same(&a, &c);
                        lay_shaped_free(&c);
                    }
                    lay_shaped_free(&a);
                    lay_shaped_free(&b);
                    lay_fonts_free(cold);
                }
    CU_ASSERT_EQUAL(checked, 9 * LAY_FONT_ROLE_COUNT * 3 * 4);
    /* the roles are different faces: a cache that mixed them up would show */
    CU_ASSERT(differ_by_role > 0);
    /* a prefix of a cached word is its own entry, not the word's glyphs */
    lay_shaped whole, part;
    CU_ASSERT_EQUAL(lay_shape(warm, LAY_FONT_BODY, 9, "de", "Wirkungsbereich", 15, &whole), 0);
    CU_ASSERT_EQUAL(lay_shape(warm, LAY_FONT_BODY, 9, "de", "Wirkungsbereich", 7, &part), 0);
    CU_ASSERT_EQUAL(whole.n, 15);
    CU_ASSERT_EQUAL(part.n, 7);
    CU_ASSERT(part.width < whole.width);
    lay_shaped_free(&whole);
    lay_shaped_free(&part);
    lay_fonts_free(warm);
}

void suite_lay_font(void);
void suite_lay_font(void)
{
    CU_pSuite s = CU_add_suite("lay_font", NULL, NULL);
    CU_add_test(s, "cached shaping equals fresh shaping at every size, role and language",
                test_cache_same_as_fresh);
}
