/* test_lay_hyph.c — German and Italian hyphenation: patterns, the exception
 * list, compounds, explicit hyphens, and the places never to break. */
#include <CUnit/CUnit.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lay_hyph.h"

static lay_hyph *load(const char *lang, int exceptions)
{
    diag_list d;
    diag_list_init(&d);
    lay_hyph *h = lay_hyph_new(lang, NULL, &d);
    if (h && exceptions)
        CU_ASSERT(lay_hyph_load_exceptions(h, "templates/hyphenation.xml", &d) > 0);
    CU_ASSERT_EQUAL(d.errors, 0);
    diag_list_free(&d);
    return h;
}

static void check(const lay_hyph *h, const char *word, const char *want)
{
    char *got = lay_hyph_show(h, word);
    CU_ASSERT_PTR_NOT_NULL_FATAL(got);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\n  hyphenation of %s: got %s, want %s\n", word, got, want);
    CU_ASSERT_STRING_EQUAL(got, want);
    free(got);
}

static void test_german_patterns(void)
{
    lay_hyph *h = load("de", 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    /* the ISO-8859-1 dictionary with UTF-8 words: umlauts and ß */
    check(h, "Stra\xC3\x9F" "e", "Stra\xC3\x9F" "e");   /* shorter than 6 letters */
    check(h, "\xC3\x9C" "berraschungsangriff", "\xC3\x9C" "ber-ra-schungs-an-griff");
    check(h, "Angriffsw\xC3\xBCrfel", "An-griffs-w\xC3\xBCr-fel");
    check(h, "Bewegungsaktion", "Be-we-gungs-ak-tion");
    check(h, "Spielerphase", "Spie-ler-phase");
    /* punctuation stays attached: „…“ and a comma */
    check(h, "\xE2\x80\x9E" "Aktionspunkte\xE2\x80\x9C,", "\xE2\x80\x9E" "Ak-ti-ons-punkte\xE2\x80\x9C,");
    lay_hyph_free(h);
}

/* The exception list wins over the patterns, which split these badly. */
static void test_german_exceptions(void)
{
    lay_hyph *plain = load("de", 0), *h = load("de", 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(plain);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    check(plain, "Gegneraktivierung", "Geg-ne-rak-ti-vie-rung");
    check(h, "Gegneraktivierung", "Geg-ner-ak-ti-vie-rung");
    check(plain, "Zugreihenfolge", "Zu-grei-hen-folge");
    check(h, "Zugreihenfolge", "Zug-rei-hen-folge");
    /* case does not matter, punctuation around it neither */
    check(h, "GEGNERAKTIVIERUNG:", "GEG-NER-AK-TI-VIE-RUNG:");   /* a listed word, even in capitals */
    check(h, "(Gegneraktivierung)", "(Geg-ner-ak-ti-vie-rung)");
    /* an exception without hyphens: a name, never split */
    check(h, "Sidekick", "Sidekick");
    CU_ASSERT_EQUAL(lay_hyph_add_exception(h, "Stress-mar-ker"), 0);
    check(h, "Stressmarker", "Stress-mar-ker");
    /* a word hyphenated before is hyphenated again after a new exception
     * (words are remembered until the exceptions change) */
    check(h, "Spielerphase", "Spie-ler-phase");
    CU_ASSERT_EQUAL(lay_hyph_add_exception(h, "Spieler-phase"), 0);
    check(h, "Spielerphase", "Spieler-phase");
    /* and a word asked for with room for fewer points gets fewer */
    lay_hyph_point pts[8];
    CU_ASSERT_EQUAL(lay_hyph_word(h, "Bewegungsaktion", 15, pts, 8), 4);
    CU_ASSERT_EQUAL(lay_hyph_word(h, "Bewegungsaktion", 15, pts, 2), 2);
    CU_ASSERT_EQUAL(lay_hyph_word(h, "Bewegungsaktion", 15, pts, 8), 4);
    lay_hyph_free(plain);
    lay_hyph_free(h);
}

static void test_german_compounds(void)
{
    lay_hyph *h = load("de", 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    lay_hyph_point pts[32];
    const char *w = "Schadenspunkte";   /* Schadens|punkte */
    size_t n = lay_hyph_word(h, w, strlen(w), pts, 32);
    int joint = 0;
    for (size_t i = 0; i < n; i++)
        if (pts[i].compound)
            joint = (int)pts[i].at;
    CU_ASSERT_EQUAL(joint, 8);
    /* an explicit hyphen: a break after it, nothing added */
    w = "Nemesis-Regeln";
    n = lay_hyph_word(h, w, strlen(w), pts, 32);
    int found = 0;
    for (size_t i = 0; i < n; i++)
        if (pts[i].at == 8) {
            found = 1;
            CU_ASSERT_EQUAL(pts[i].add_hyphen, 0);
            CU_ASSERT_EQUAL(pts[i].compound, 1);
        }
    CU_ASSERT_TRUE(found);
    /* the other breaks inside a word are Unicode's (UAX #14): after a
     * slash or a dash, nothing added; never before one, never at a
     * symbol that binds its neighbours (the middle dot) */
    static const struct {
        const char *word;
        size_t at;
    } after[] = {{"Angriff\xE2\x80\x93Verteidigung", 10}, {"Nahkampf/Fernkampf", 9}, {"und/oder", 4}};
    for (size_t k = 0; k < sizeof after / sizeof after[0]; k++) {
        n = lay_hyph_word(h, after[k].word, strlen(after[k].word), pts, 32);
        found = 0;
        for (size_t i = 0; i < n; i++) {
            CU_ASSERT(pts[i].at != after[k].at - 1);   /* not before the slash or dash */
            if (pts[i].at == after[k].at)
                found = !pts[i].add_hyphen;
        }
        if (!found)
            fprintf(stderr, "\n  no line break after the dash or slash of %s\n", after[k].word);
        CU_ASSERT_TRUE(found);
    }
    w = "A\xC2\xB7" "B";
    CU_ASSERT_EQUAL(lay_hyph_word(h, w, strlen(w), pts, 32), 0);
    lay_hyph_free(h);
}

/* Never inside numbers, units with digits, acronyms or CamelCase names. */
static void test_never(void)
{
    lay_hyph *h = load("de", 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    static const char *const words[] = {"12345", "W6", "3\xC2\xB0", "1W6-Wurf", "NPC", "NeonRush", "x", ""};
    lay_hyph_point pts[16];
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        CU_ASSERT_EQUAL(lay_hyph_word(h, words[i], strlen(words[i]), pts, 16), 0);
    lay_hyph_free(h);
}

static void test_italian(void)
{
    lay_hyph *plain = load("it", 0), *h = load("it", 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(plain);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    check(h, "combattimento", "com-bat-ti-mento");
    check(h, "Personaggio", "Per-so-nag-gio");
    check(h, "perch\xC3\xA9", "per-ch\xC3\xA9");
    /* «…» stay attached; the pattern set misses "ri-ta", the exception not */
    check(plain, "\xC2\xAB" "Ferita\xC2\xBB", "\xC2\xAB" "Fe-rita\xC2\xBB");
    check(h, "\xC2\xAB" "Ferita\xC2\xBB", "\xC2\xAB" "Fe-rita\xC2\xBB");
    /* after an elision the word hyphenates as a word of its own, with its
     * own minimums; never a break at the apostrophe; a capital after one is
     * not CamelCase */
    check(h, "dell'azione", "dell'azione");   /* 3 letters after a break: "azio-ne" no more */
    check(h, "dell\xE2\x80\x99Intruso", "dell\xE2\x80\x99In-truso");
    check(h, "dell\xE2\x80\x99intruso", "dell\xE2\x80\x99in-truso");
    check(h, "quest\xE2\x80\x99ultimo", "quest\xE2\x80\x99ul-timo");
    check(h, "l\xE2\x80\x99" "attivazione", "l\xE2\x80\x99" "at-ti-va-zione");
    check(h, "un\xE2\x80\x99" "abilit\xC3\xA0", "un\xE2\x80\x99" "abi-lit\xC3\xA0");
    lay_hyph_free(plain);
    lay_hyph_free(h);
}

static void test_minimums(void)
{
    lay_hyph *h = load("it", 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    /* the defaults: 2 before, 3 after, no word under 6 letters */
    check(h, "casa", "casa");
    check(h, "intruso", "in-truso");
    lay_hyph_set_min(h, 2, 2);
    check(h, "intruso", "in-tru-so");
    check(h, "casa", "casa");
    lay_hyph_free(h);
}

/* The words' points are remembered in a table that grows and, full, starts
 * again: 20,000 different words (past both) give the same points when
 * asked again, and the same as a dictionary that never saw the others. */
static uint64_t sig(const lay_hyph *h, const char *w)
{
    lay_hyph_point pts[64];
    size_t n = lay_hyph_word(h, w, strlen(w), pts, 64);
    uint64_t x = n;
    for (size_t i = 0; i < n; i++)
        x = x * 1000003u + pts[i].at * 4u + (uint64_t)pts[i].add_hyphen * 2u + (uint64_t)pts[i].compound;
    return x;
}

static void word_of(size_t i, char *out, size_t cap)
{
    static const char *stem[] = {"Silbentrennung", "Verteidigungs", "Lebenspunkte", "Bewegungs", "Angriffswurf"};
    snprintf(out, cap, "%s%c%c%cung", stem[i % 5], 'a' + (int)(i / 5 % 26), 'a' + (int)(i / 130 % 26),
             'a' + (int)(i / 3380 % 26));
}

static void test_memo(void)
{
    enum { N = 20000 };
    lay_hyph *h = load("de", 1), *fresh = load("de", 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    CU_ASSERT_PTR_NOT_NULL_FATAL(fresh);
    uint64_t *first = malloc(N * sizeof *first);
    CU_ASSERT_PTR_NOT_NULL_FATAL(first);
    char w[64];
    size_t differ = 0, broken = 0;
    for (size_t i = 0; i < N; i++) {
        word_of(i, w, sizeof w);
        first[i] = sig(h, w);
        broken += first[i] > 1;   /* words with points: most of them */
        /* a word asked 300 words ago: remembered, mostly across a growth */
        if (i >= 300) {
            word_of(i - 300, w, sizeof w);
            differ += sig(h, w) != first[i - 300];
        }
    }
    for (size_t i = 0; i < N; i++) {
        word_of(i, w, sizeof w);
        differ += sig(h, w) != first[i];
        if (i % 97 == 0) {
            lay_hyph_free(fresh);
            fresh = load("de", 1);
            differ += sig(fresh, w) != first[i];
        }
    }
    CU_ASSERT(broken > N / 2);
    CU_ASSERT_EQUAL(differ, 0);
    free(first);
    lay_hyph_free(fresh);
    lay_hyph_free(h);
}

static void test_unknown_language(void)
{
    diag_list d;
    diag_list_init(&d);
    CU_ASSERT_PTR_NULL(lay_hyph_new("fr", NULL, &d));
    CU_ASSERT_EQUAL(d.warnings, 1);
    CU_ASSERT_PTR_NULL(lay_hyph_new("de", "/nonexistent", &d));
    CU_ASSERT_EQUAL(d.errors, 1);
    diag_list_free(&d);
}

void suite_lay_hyph(void);
void suite_lay_hyph(void)
{
    CU_pSuite s = CU_add_suite("lay_hyph", NULL, NULL);
    CU_add_test(s, "German patterns, umlauts, ß, quotes", test_german_patterns);
    CU_add_test(s, "German exceptions beat the patterns", test_german_exceptions);
    CU_add_test(s, "compound joints and explicit hyphens", test_german_compounds);
    CU_add_test(s, "never in numbers, acronyms, names", test_never);
    CU_add_test(s, "Italian, «…», apostrophes", test_italian);
    CU_add_test(s, "left and right minimums", test_minimums);
    CU_add_test(s, "unknown language, missing dictionary", test_unknown_language);
    CU_add_test(s, "remembered points: the same after the table grows and starts again", test_memo);
}
