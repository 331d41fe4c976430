/* test_chk_number.c — numbers as the rules write them. */
#include <CUnit/CUnit.h>

#include "i18n_vocab.h"

static i18n_vocab *vocab_de, *vocab_it, *lang;
static diag_list diags;

static int setup(void)
{
    diag_list_init(&diags);
    vocab_de = i18n_vocab_load("templates", "de", &diags);
    vocab_it = i18n_vocab_load("templates", "it", &diags);
    lang = vocab_it;
    return vocab_de && vocab_it ? 0 : 1;
}

static int teardown(void)
{
    i18n_vocab_free(vocab_de);
    i18n_vocab_free(vocab_it);
    diag_list_free(&diags);
    return 0;
}

/* A number in the current language (lang). */
static long parse(const char *s)
{
    long v = -999;
    if (i18n_parse_number(lang, s, &v) != 0)
        return -999;
    return v;
}

static void test_digits(void)
{
    CU_ASSERT_EQUAL(parse("5"), 5);
    CU_ASSERT_EQUAL(parse(" 12 "), 12);
    CU_ASSERT_EQUAL(parse("+1"), 1);
    CU_ASSERT_EQUAL(parse("-2"), -2);
    CU_ASSERT_EQUAL(parse("\xe2\x88\x92" "3"), -3);     /* U+2212 minus */
    CU_ASSERT_EQUAL(parse("3\xc2\xb0"), 3);             /* 3° */
    CU_ASSERT_EQUAL(parse("9\xc2\xb0"), 9);
    CU_ASSERT_EQUAL(parse("3\xc2\xaa"), 3);             /* 3ª */
    CU_ASSERT_EQUAL(parse("3."), 3);
    CU_ASSERT_EQUAL(parse("3x"), -999);
    CU_ASSERT_EQUAL(parse(""), -999);
    CU_ASSERT_EQUAL(parse("3.5"), -999);
}

static void test_italian(void)
{
    lang = vocab_it;
    CU_ASSERT_EQUAL(parse("cinque"), 5);
    CU_ASSERT_EQUAL(parse("Cinque"), 5);
    CU_ASSERT_EQUAL(parse("una"), 1);
    CU_ASSERT_EQUAL(parse("un"), 1);
    CU_ASSERT_EQUAL(parse("due"), 2);
    CU_ASSERT_EQUAL(parse("tre"), 3);
    CU_ASSERT_EQUAL(parse("terza"), 3);
    CU_ASSERT_EQUAL(parse("terzo"), 3);
    CU_ASSERT_EQUAL(parse("quarta"), 4);
    CU_ASSERT_EQUAL(parse("nona"), 9);
    CU_ASSERT_EQUAL(parse("otto"), 8);
    CU_ASSERT_EQUAL(parse("dodici"), 12);
    CU_ASSERT_EQUAL(parse("seconda"), 2);
    CU_ASSERT_EQUAL(parse("prima"), 1);
    /* words that merely start like a number are not numbers ("trentanove"
     * is ICU's 39, not "tre" with an ending) */
    CU_ASSERT_EQUAL(parse("trenta"), 30);
    CU_ASSERT_EQUAL(parse("trentanove"), 39);
    CU_ASSERT_EQUAL(parse("trentaquattro"), 34);
    CU_ASSERT_EQUAL(parse("settembre"), -999);
    CU_ASSERT_EQUAL(parse("trecce"), -999);
    CU_ASSERT_EQUAL(parse("nonno"), -999);
    CU_ASSERT_EQUAL(parse("non"), -999);   /* the negation, not "nono" */
    CU_ASSERT_EQUAL(parse("drei"), -999);  /* German is not Italian */
}

static void test_german(void)
{
    lang = vocab_de;
    CU_ASSERT_EQUAL(parse("fünf"), 5);
    CU_ASSERT_EQUAL(parse("Fünf"), 5);
    CU_ASSERT_EQUAL(parse("FÜNF"), 5);
    CU_ASSERT_EQUAL(parse("eine"), 1);
    CU_ASSERT_EQUAL(parse("einen"), 1);
    CU_ASSERT_EQUAL(parse("keine"), 0);     /* "keine SP": none is a number too */
    CU_ASSERT_EQUAL(parse("kein"), 0);
    CU_ASSERT_EQUAL(parse("keiner"), 0);
    CU_ASSERT_EQUAL(parse("keines"), -999);
    CU_ASSERT_EQUAL(parse("cinque"), -999);   /* Italian is not German */
    CU_ASSERT_EQUAL(parse("erste"), 1);
    CU_ASSERT_EQUAL(parse("ersten"), 1);
    CU_ASSERT_EQUAL(parse("zwei"), 2);
    CU_ASSERT_EQUAL(parse("zweiten"), 2);
    CU_ASSERT_EQUAL(parse("drei"), 3);
    CU_ASSERT_EQUAL(parse("dritte"), 3);
    CU_ASSERT_EQUAL(parse("dritten"), 3);
    CU_ASSERT_EQUAL(parse("vierte"), 4);
    CU_ASSERT_EQUAL(parse("sieben"), 7);
    CU_ASSERT_EQUAL(parse("siebte"), 7);
    CU_ASSERT_EQUAL(parse("zwölf"), 12);
    CU_ASSERT_EQUAL(parse("zwanzig"), 20);
    CU_ASSERT_EQUAL(parse("dreizehn"), 13);   /* ICU's spell-out rules, never "drei" + ending */
    CU_ASSERT_EQUAL(parse("Dreizehnte"), 13);
    CU_ASSERT_EQUAL(parse("dreist"), -999);
    CU_ASSERT_EQUAL(parse("Einheit"), -999);
    CU_ASSERT_EQUAL(parse("achtung"), -999);
}

void suite_chk_number(void);
void suite_chk_number(void)
{
    CU_pSuite s = CU_add_suite("chk_number", setup, teardown);
    CU_add_test(s, "digits and ordinal marks", test_digits);
    CU_add_test(s, "Italian cardinals and ordinals", test_italian);
    CU_add_test(s, "German cardinals and ordinals", test_german);
}
