/* test_i18n.c — the languages' number words and rule words
 * (templates/lang/LANG.xml) and the scanner that finds them in rule text. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "i18n_typo.h"
#include "i18n_vocab.h"

static i18n_vocab *de, *it;
static diag_list diags;

static int setup(void)
{
    diag_list_init(&diags);
    de = i18n_vocab_load("templates", "de", &diags);
    it = i18n_vocab_load("templates", "it", &diags);
    return de && it ? 0 : 1;
}

static int teardown(void)
{
    i18n_vocab_free(de);
    i18n_vocab_free(it);
    diag_list_free(&diags);
    return 0;
}

typedef struct hits {
    char text[512];
} hits;

/* Writes every hit as "kind:token=value" into h->text. */
static void collect(void *ctx, const i18n_hit *x)
{
    static const char *const kinds[] = {"d", "w", "r"};
    struct {
        hits *h;
        const char *src;
    } *c = ctx;
    size_t u = strlen(c->h->text);
    snprintf(c->h->text + u, sizeof c->h->text - u, "%s%s:%.*s=%ld", u ? " " : "", kinds[x->kind],
             (int)x->len, c->src + x->off, x->value);
}

static const char *scan(const i18n_vocab *v, const char *text, hits *h)
{
    h->text[0] = '\0';
    struct {
        hits *h;
        const char *src;
    } c = {h, text};
    i18n_scan(v, text, collect, &c);
    return h->text;
}

static void test_parse(void)
{
    long v;
    CU_ASSERT_EQUAL(i18n_parse_number(de, "dritten", &v), 0);
    CU_ASSERT_EQUAL(v, 3);
    CU_ASSERT_EQUAL(i18n_parse_number(de, "Fünf", &v), 0);
    CU_ASSERT_EQUAL(v, 5);
    CU_ASSERT_EQUAL(i18n_parse_number(it, "terza", &v), 0);
    CU_ASSERT_EQUAL(v, 3);
    CU_ASSERT_EQUAL(i18n_parse_number(it, "una", &v), 0);   /* ambiguous forms are read in <num> */
    CU_ASSERT_EQUAL(v, 1);
    CU_ASSERT_EQUAL(i18n_parse_number(it, "3\xc2\xaa", &v), 0);
    CU_ASSERT_EQUAL(v, 3);
    CU_ASSERT_EQUAL(i18n_parse_number(it, "\xe2\x88\x92" "2", &v), 0);
    CU_ASSERT_EQUAL(v, -2);
    /* a German word is not an Italian number, nor the other way round */
    CU_ASSERT_EQUAL(i18n_parse_number(it, "drei", &v), -1);
    CU_ASSERT_EQUAL(i18n_parse_number(de, "cinque", &v), -1);
    /* "dreizehn" is not "drei" with an ending: it is 13, from ICU's German
     * spell-out rules, as are the forms the table does not list */
    CU_ASSERT_EQUAL(i18n_parse_number(de, "dreizehn", &v), 0);
    CU_ASSERT_EQUAL(v, 13);
    CU_ASSERT_EQUAL(i18n_parse_number(de, "einundzwanzigste", &v), 0);
    CU_ASSERT_EQUAL(v, 21);
    CU_ASSERT_EQUAL(i18n_parse_number(de, "Vierzigsten", &v), 0);
    CU_ASSERT_EQUAL(v, 40);
    CU_ASSERT_EQUAL(i18n_parse_number(it, "diciassette", &v), 0);
    CU_ASSERT_EQUAL(v, 17);
    CU_ASSERT_EQUAL(i18n_parse_number(it, "ventunesima", &v), 0);
    CU_ASSERT_EQUAL(v, 21);
    CU_ASSERT_EQUAL(i18n_parse_number(it, "quarantotto", &v), 0);
    CU_ASSERT_EQUAL(v, 48);
    CU_ASSERT_EQUAL(i18n_parse_number(it, "dreizehn", &v), -1);
    CU_ASSERT_EQUAL(i18n_parse_number(de, "99999999999999999999", &v), -1);
}

static void test_scan(void)
{
    hits h;
    CU_ASSERT_STRING_EQUAL(scan(it, "Pescate 2 carte e assegnate una Ferita, poi altre tre.", &h),
                           "d:2=2 w:tre=3");
    CU_ASSERT_STRING_EQUAL(scan(de, "Erhält +1 LP und verliert \xe2\x88\x92" "2 Macht; P1 und P2 zählen nicht.", &h),
                           "d:+1=1 d:\xe2\x88\x92" "2=2");
    CU_ASSERT_STRING_EQUAL(scan(de, "Der Spieler links von dir beginnt, dann im Uhrzeigersinn.", &h),
                           "r:links=1 r:im Uhrzeigersinn=1");
    /* ICU's forms are found in running text too: dreizehn is a number,
     * Zweihandwaffe is not */
    CU_ASSERT_STRING_EQUAL(scan(de, "Zweimal, dreizehn, Zweihandwaffe, die dritte Runde", &h),
                           "w:Zweimal=2 w:dreizehn=13 w:dritte=3");
    CU_ASSERT_STRING_EQUAL(scan(it, "Pescate diciassette carte", &h), "w:diciassette=17");
    CU_ASSERT_STRING_EQUAL(scan(it, "Il giocatore alla sua sinistra ha il valore pi\xc3\xb9 alto.", &h),
                           "r:sinistra=1 r:pi\xc3\xb9 alto=1");
    CU_ASSERT_STRING_EQUAL(scan(de, "gegen den Uhrzeigersinn", &h), "r:gegen den Uhrzeigersinn=2");
}

static void test_rule_phrase(void)
{
    long v;
    const char *concept;
    CU_ASSERT_EQUAL(i18n_rule_phrase(it, "alla sua sinistra", &v, &concept), 0);
    CU_ASSERT_EQUAL(v, 1);
    CU_ASSERT_STRING_EQUAL(concept, "left");
    CU_ASSERT_EQUAL(i18n_rule_phrase(it, "alla sua destra", &v, &concept), 0);
    CU_ASSERT_EQUAL(v, 2);
    CU_ASSERT_EQUAL(i18n_rule_phrase(de, "von der niedrigsten", &v, &concept), 0);
    CU_ASSERT_STRING_EQUAL(concept, "lowest");
    CU_ASSERT_EQUAL(i18n_rule_phrase(de, "irgendwo", &v, &concept), -1);
}

static void test_missing_language(void)
{
    diag_list d;
    diag_list_init(&d);
    CU_ASSERT_PTR_NULL(i18n_vocab_load("templates", "xx", &d));
    CU_ASSERT(d.errors > 0);
    diag_list_free(&d);
}

/* Writes every typography hit as "what:token" into the buffer. */
static void typo_collect(void *ctx, const i18n_typo_hit *h)
{
    struct {
        char *out;
        const char *src;
    } *c = ctx;
    size_t u = strlen(c->out);
    snprintf(c->out + u, 256 - u, "%s%s:%.*s", u ? " " : "", h->what, (int)h->len, c->src + h->off);
}

static const char *typo(const i18n_vocab *v, const char *text)
{
    static char out[256];
    out[0] = '\0';
    struct {
        char *out;
        const char *src;
    } c = {out, text};
    i18n_typo_scan(i18n_vocab_typo(v), text, typo_collect, &c);
    return out;
}

static void test_typography(void)
{
    /* Italian: «…» and “…” are its own; "…", „…“ are not; 3° is not an
     * ordinal; "E'" is not "È" (but "E’un" is no word start of it) */
    CU_ASSERT_STRING_EQUAL(typo(it, "la \xC2\xAB" "Ferita\xC2\xBB, il \xE2\x80\x9Cmarker\xE2\x80\x9D"), "");
    CU_ASSERT_STRING_EQUAL(typo(it, "la \"Ferita\""), "quotes:\" quotes:\"");
    CU_ASSERT_STRING_EQUAL(typo(it, "\xE2\x80\x9E" "Ferita\xE2\x80\x9C"), "quotes:\xE2\x80\x9E");
    CU_ASSERT_STRING_EQUAL(typo(it, "alla 3\xC2\xB0 Ferita, la 3\xC2\xAA, il 9\xC2\xBA, 20 \xC2\xB0" "C"),
                           "ordinal:3\xC2\xB0");
    CU_ASSERT_STRING_EQUAL(typo(it, "E' un Incontro. \xC3\x88 un Incontro. Dell'Intruso"), "spelling:E'");
    CU_ASSERT_STRING_EQUAL(typo(it, "(E\xE2\x80\x99 vero)"), "spelling:E\xE2\x80\x99");
    /* German: „…“ and ‚…‘ are the sheets'; «…» (Italian, Swiss) and "…" are
     * not; no ordinal rule (3. is German) */
    CU_ASSERT_STRING_EQUAL(typo(de, "\xE2\x80\x9ET\xE2\x80\x9C und \xE2\x80\x9AT\xE2\x80\x98, 3\xC2\xB0"), "");
    CU_ASSERT_STRING_EQUAL(typo(de, "\xC2\xABT\xC2\xBB"), "quotes:\xC2\xAB quotes:\xC2\xBB");
    /* no conventions, no hits */
    CU_ASSERT_EQUAL(i18n_typo_scan(NULL, "\"x\"", NULL, NULL), 0);
}

void suite_i18n(void);
void suite_i18n(void)
{
    CU_pSuite s = CU_add_suite("i18n", setup, teardown);
    CU_add_test(s, "numbers in each language's words only", test_parse);
    CU_add_test(s, "numbers and rule words found in running text", test_scan);
    CU_add_test(s, "the rule word inside a <word> phrase", test_rule_phrase);
    CU_add_test(s, "a language without a vocabulary is an error", test_missing_language);
    CU_add_test(s, "typography: quotes, ordinals, spellings per language", test_typography);
}
