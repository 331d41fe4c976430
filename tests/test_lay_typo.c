/* test_lay_typo.c — the one spelling of every surface (lay_typo.h): which
 * apostrophes become U+2019, which spaces U+202F, and the PDF metadata copy. */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "lay_typo.h"

static void check(const char *in, const char *want)
{
    char *got = lay_typo_text(in);
    CU_ASSERT_PTR_NOT_NULL_FATAL(got);
    CU_ASSERT_STRING_EQUAL(got, want);
    free(got);
}

static void test_apostrophes(void)
{
    check("l'arma", "l\xE2\x80\x99" "arma");
    check("geht's, dell'Intruso", "geht\xE2\x80\x99s, dell\xE2\x80\x99Intruso");
    check("c'\xC3\xA8", "c\xE2\x80\x99\xC3\xA8");          /* before è */
    check("Pi\xC3\xB9'l", "Pi\xC3\xB9\xE2\x80\x99l");      /* after ù */
    /* not between two letters: a quote, a foot sign, a closing mark */
    check("'quoted'", "'quoted'");
    check("Noxius' Karten", "Noxius' Karten");
    check("6' 2", "6' 2");
    check("'", "'");
    check("", "");
    check(NULL, "");
}

static void test_thin_spaces(void)
{
    check("z. B. zwei", "z.\xE2\x80\xAF" "B. zwei");
    check("also d. h. nie", "also d.\xE2\x80\xAF" "h. nie");
    check("i. d. R.", "i.\xE2\x80\xAF" "d.\xE2\x80\xAF" "R.");
    check("o. \xC3\x84.", "o.\xE2\x80\xAF\xC3\x84.");
    /* only at a word's start: "Uz. B." is no abbreviation */
    check("Uz. B.", "Uz. B.");
    /* both at once, a longer result than the text */
    check("z. B. geht's", "z.\xE2\x80\xAF" "B. geht\xE2\x80\x99s");
}

static void test_info(void)
{
    dl_doc_info in = {"Chi attacca l'Intruso?", "O'Brien", NULL, "z. B., tests", "regelwerk", "it", 42};
    dl_doc_info out;
    CU_ASSERT_EQUAL_FATAL(lay_typo_info(&in, &out), 0);
    CU_ASSERT_STRING_EQUAL(out.title, "Chi attacca l\xE2\x80\x99Intruso?");
    CU_ASSERT_STRING_EQUAL(out.author, "O\xE2\x80\x99" "Brien");
    CU_ASSERT_PTR_NULL(out.subject);
    CU_ASSERT_STRING_EQUAL(out.keywords, "z.\xE2\x80\xAF" "B., tests");
    CU_ASSERT_PTR_EQUAL(out.creator, in.creator);
    CU_ASSERT_EQUAL(out.date, 42);
    lay_typo_info_free(&out);
    CU_ASSERT_PTR_NULL(out.title);
}

void suite_lay_typo(void);
void suite_lay_typo(void)
{
    CU_pSuite s = CU_add_suite("lay_typo", NULL, NULL);
    CU_add_test(s, "apostrophes between letters only", test_apostrophes);
    CU_add_test(s, "thin no-break spaces in German abbreviations", test_thin_spaces);
    CU_add_test(s, "PDF metadata spelt like the page", test_info);
}
