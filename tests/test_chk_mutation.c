/* test_chk_mutation.c — the checker against planted faults in the real content.
 *
 * Each test copies content/ to a temporary folder, plants one fault (a number
 * changed, a number word changed, an example's expected value changed, an
 * example's prose drifting, a flowchart branch swapped, a card removed, a
 * translation block missing or renumbered) and demands the right diagnostic
 * at the right file and line. The unmutated content must check clean first,
 * so a fault is never "found" in content that was broken anyway.
 */
#include <CUnit/CUnit.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "chk.h"
#include "game.h"
#include "i18n_vocab.h"
#include "testutil.h"

#define SCHEMA "src/schema/regelwerk.rng"

static char tmproot[256];
static char content[512];

static int setup(void)
{
    snprintf(tmproot, sizeof tmproot, "/tmp/regelwerk-mut-XXXXXX");
    if (!mkdtemp(tmproot))
        return -1;
    snprintf(content, sizeof content, "%s/content", tmproot);
    return 0;
}

static int teardown(void)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmproot);
    return system(cmd) == 0 ? 0 : -1;
}

static void fresh_copy(void)
{
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", content), 0);
}

/* Loads and checks one game of the temporary content. */
static long run_check(const char *name, diag_list *dl)
{
    doc_loader ld = {content, SCHEMA};
    game *g = game_load(&ld, content, name, "templates", dl);
    if (!g)
        return -1;
    chk_report rep = {0};
    chk_options opt = {0, 0, NULL, NULL};
    chk_game(g, &opt, &rep, dl);
    long failed = rep.failed;
    chk_report_free(&rep);
    game_free(g);
    /* load errors (schema, parse) count as failures too */
    return failed + (long)dl->errors;
}

static const char *games[] = {"nemesis", "noxius", "nanolith", "sine-tempore"};
#define NGAMES (sizeof games / sizeof games[0])

static int game_present(const char *name)
{
    char p[256];
    snprintf(p, sizeof p, "content/%s/game.xml", name);
    return access(p, R_OK) == 0;
}

/* The source-language file of a game, found from game.xml. */
static void lang_file(const char *name, char *out, size_t len)
{
    char p[256];
    snprintf(p, sizeof p, "content/%s/game.xml", name);
    char *s = tu_read_file(p, NULL);
    out[0] = '\0';
    if (!s)
        return;
    char *f = strstr(s, "file=\"");
    if (f) {
        f += 6;
        char *e = strchr(f, '"');
        if (e)
            snprintf(out, len, "%s/%s/%.*s", content, name, (int)(e - f), f);
    }
    free(s);
}

/* Finds the first match of re in the file; returns the line of the match
 * start (or of group `grp`) and copies the groups. 0 when nothing matches. */
static int find_re(const char *path, const char *re, regmatch_t *m, size_t nm, char **text)
{
    regex_t rx;
    if (regcomp(&rx, re, REG_EXTENDED) != 0)
        return 0;
    *text = tu_read_file(path, NULL);
    int line = 0;
    if (*text && regexec(&rx, *text, nm, m, 0) == 0) {
        line = 1;
        for (regoff_t i = 0; i < m[0].rm_so; i++)
            if ((*text)[i] == '\n')
                line++;
    }
    regfree(&rx);
    return line;
}

/* Replaces bytes [so, eo) of path's text with rep and writes it back. */
static void splice(const char *path, char *text, regoff_t so, regoff_t eo, const char *rep)
{
    size_t len = strlen(text), rl = strlen(rep);
    char *out = malloc(len + rl + 1);
    memcpy(out, text, (size_t)so);
    memcpy(out + so, rep, rl);
    memcpy(out + so + rl, text + eo, len - (size_t)eo + 1);
    CU_ASSERT_EQUAL(tu_write_file(path, out), 0);
    free(out);
}

static const diag *find_code(const diag_list *dl, const char *code, const char *file_suffix)
{
    for (size_t i = 0; i < dl->n; i++) {
        const diag *d = &dl->items[i];
        if (d->sev != DIAG_ERROR || !d->code || strcmp(d->code, code) != 0)
            continue;
        if (file_suffix) {
            size_t lf = d->file ? strlen(d->file) : 0, ls = strlen(file_suffix);
            if (lf < ls || strcmp(d->file + lf - ls, file_suffix) != 0)
                continue;
        }
        return d;
    }
    return NULL;
}

static void test_content_checks_clean(void)
{
    int any = 0;
    for (size_t g = 0; g < NGAMES; g++) {
        if (!game_present(games[g]))
            continue;
        any = 1;
        fresh_copy();
        diag_list dl;
        diag_list_init(&dl);
        long failed = run_check(games[g], &dl);
        if (failed != 0 || dl.errors)
            diag_print(&dl, stderr);
        CU_ASSERT_EQUAL(failed, 0);
        CU_ASSERT_EQUAL(dl.errors, 0);
        diag_list_free(&dl);
    }
    CU_ASSERT(any);
}

/* Plants one fault found by re in the file named by `which` ("lang" or a
 * data file name) of every game that has a site for it; the replacement is
 * built by make_rep from the match. Expects `code` at that file and line. */
typedef void (*rep_fn)(const char *text, const regmatch_t *m, char *rep, size_t len,
                       regoff_t *so, regoff_t *eo);

static int plant_and_expect(const char *which, const char *re, rep_fn make_rep, const char *code,
                            int exact_line)
{
    int sites = 0;
    for (size_t g = 0; g < NGAMES; g++) {
        if (!game_present(games[g]))
            continue;
        fresh_copy();
        char path[600];
        if (strcmp(which, "lang") == 0)
            lang_file(games[g], path, sizeof path);
        else
            snprintf(path, sizeof path, "%s/%s/%s", content, games[g], which);
        regmatch_t m[4];
        char *text = NULL;
        int line = find_re(path, re, m, 4, &text);
        if (!line) {
            free(text);
            continue;
        }
        sites++;
        char rep[512];
        regoff_t so, eo;
        make_rep(text, m, rep, sizeof rep, &so, &eo);
        /* the line of the replaced part, not of the match start */
        line = 1;
        for (regoff_t i = 0; i < so; i++)
            if (text[i] == '\n')
                line++;
        splice(path, text, so, eo, rep);
        free(text);
        diag_list dl;
        diag_list_init(&dl);
        long failed = run_check(games[g], &dl);
        CU_ASSERT(failed > 0);
        const char *slash = strrchr(path, '/');
        const diag *d = find_code(&dl, code, slash);
        CU_ASSERT_PTR_NOT_NULL(d);
        if (d && exact_line)
            CU_ASSERT_EQUAL(d->line, line);
        if (!d || (exact_line && d->line != line)) {
            fprintf(stderr, "\n[%s] expected %s at %s:%d, got:\n", games[g], code, path, line);
            diag_print(&dl, stderr);
        }
        diag_list_free(&dl);
    }
    return sites;
}

static void rep_increment_group1(const char *text, const regmatch_t *m, char *rep, size_t len,
                                 regoff_t *so, regoff_t *eo)
{
    long v = strtol(text + m[1].rm_so, NULL, 10);
    snprintf(rep, len, "%ld", v + 1);
    *so = m[1].rm_so;
    *eo = m[1].rm_eo;
}

static void test_number_changed(void)
{
    CU_ASSERT(plant_and_expect("lang", "<num fact=\"[^\"]+\">([0-9]+)</num>", rep_increment_group1,
                               "num-mismatch", 1) > 0);
}

/* A word replaced by the cardinal word of the next number, in the game's language. */
static void rep_word(const char *text, const regmatch_t *m, char *rep, size_t len, regoff_t *so,
                     regoff_t *eo)
{
    static const char *const it[] = {"zero", "uno", "due", "tre", "quattro", "cinque", "sei",
                                     "sette", "otto", "nove", "dieci", "undici", "dodici"};
    static const char *const de[] = {"null", "eins", "zwei", "drei", "vier", "fünf", "sechs",
                                     "sieben", "acht", "neun", "zehn", "elf", "zwölf"};
    char word[64];
    snprintf(word, sizeof word, "%.*s", (int)(m[1].rm_eo - m[1].rm_so), text + m[1].rm_so);
    long v = 0;
    int german = strstr(text, "lang=\"de\"") != NULL;
    diag_list d;
    diag_list_init(&d);
    i18n_vocab *vocab = i18n_vocab_load("templates", german ? "de" : "it", &d);
    i18n_parse_number(vocab, word, &v);
    i18n_vocab_free(vocab);
    diag_list_free(&d);
    long w = (v + 1) % 12;
    snprintf(rep, len, "%s", german ? de[w] : it[w]);
    *so = m[1].rm_so;
    *eo = m[1].rm_eo;
}

static void test_number_word_changed(void)
{
    CU_ASSERT(plant_and_expect("lang", "<num fact=\"[^\"]+\">([^<0-9 ][^< ]*)</num>", rep_word,
                               "num-mismatch", 1) > 0);
}

static void test_example_expected_changed(void)
{
    CU_ASSERT(plant_and_expect("examples.xml", "<value key=\"[^\"]+\" value=\"([0-9]+)\"",
                               rep_increment_group1, "example-mismatch", 1) > 0);
}

static void rep_increment_group2(const char *text, const regmatch_t *m, char *rep, size_t len,
                                 regoff_t *so, regoff_t *eo)
{
    long v = strtol(text + m[2].rm_so, NULL, 10);
    snprintf(rep, len, "%ld", v + 1);
    *so = m[2].rm_so;
    *eo = m[2].rm_eo;
}

static void test_example_prose_drift_digits(void)
{
    CU_ASSERT(plant_and_expect("lang", "<val key=\"[^\"]+\"( when=\"[a-z]+\")?>([0-9]+)</val>",
                               rep_increment_group2, "val-mismatch", 1) > 0);
}

/* Swaps the targets of the first yes/no pair of branches. */
static void rep_swap(const char *text, const regmatch_t *m, char *rep, size_t len, regoff_t *so,
                     regoff_t *eo)
{
    char a[128], b[128], between[256];
    snprintf(a, sizeof a, "%.*s", (int)(m[1].rm_eo - m[1].rm_so), text + m[1].rm_so);
    snprintf(between, sizeof between, "%.*s", (int)(m[2].rm_eo - m[2].rm_so), text + m[2].rm_so);
    snprintf(b, sizeof b, "%.*s", (int)(m[3].rm_eo - m[3].rm_so), text + m[3].rm_so);
    snprintf(rep, len, "<branch value=\"yes\" to=\"%s\"/>%s<branch value=\"no\" to=\"%s\"/>", b,
             between, a);
    *so = m[0].rm_so;
    *eo = m[0].rm_eo;
}

static void test_flow_branch_swapped(void)
{
    CU_ASSERT(plant_and_expect("flows.xml",
                               "<branch value=\"yes\" to=\"([^\"]+)\"/>([[:space:]]*)"
                               "<branch value=\"no\" to=\"([^\"]+)\"/>",
                               rep_swap, "flow-disagrees", 0) > 0);
}

/* A decision that asks again what an earlier one settled: on its path the
 * answer is fixed, so one of its branches is never taken and the flowchart
 * claims something no state confirms. */
static void test_flow_branch_untested(void)
{
    fresh_copy();
    char path[700];
    snprintf(path, sizeof path, "%s/nemesis/flows.xml", content);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "pred=\"nemesis.target.first-tied\"",
                                       "pred=\"nemesis.target.is-surprise\"") == 0);
    diag_list dl;
    diag_list_init(&dl);
    CU_ASSERT(run_check("nemesis", &dl) > 0);
    const diag *d = find_code(&dl, "flow-untested", "flows.xml");
    CU_ASSERT_PTR_NOT_NULL(d);
    if (d) {
        /* the line of the branch no state takes: b-primo's "yes" */
        char *text = tu_read_file(path, NULL);
        const char *at = text ? strstr(text, "<branch value=\"yes\" to=\"b-primo-giocatore\"") : NULL;
        int line = 1;
        for (const char *q = text; at && q < at; q++)
            line += *q == '\n';
        CU_ASSERT_EQUAL(d->line, line);
        free(text);
    }
    diag_list_free(&dl);
}

static void rep_delete(const char *text, const regmatch_t *m, char *rep, size_t len, regoff_t *so,
                       regoff_t *eo)
{
    (void)text;
    (void)len;
    rep[0] = '\0';
    *so = m[0].rm_so;
    *eo = m[0].rm_eo;
}

static void test_card_removed(void)
{
    CU_ASSERT(plant_and_expect("cards.xml", "<card [^>]*/>", rep_delete, "missing-card", 0) > 0);
}

/* A translation made from the source by copying it, then damaged. */
static int make_translation(const char *name, char *tr_path, size_t len)
{
    char src[600];
    lang_file(name, src, sizeof src);
    char *text = tu_read_file(src, NULL);
    if (!text)
        return -1;
    /* a regional edition of the source's language (Swiss German, Swiss
     * Italian): a copy is then a translation whose words are right */
    int german = strstr(text, "lang=\"de\"") != NULL;
    const char *code = german ? "de-CH" : "it-CH";
    char from[32], to[32];
    snprintf(from, sizeof from, "lang=\"%s\"", german ? "de" : "it");
    snprintf(to, sizeof to, "lang=\"%s\"", code);
    snprintf(tr_path, len, "%s/%s/%s-test.xml", content, name, code);
    int rc = tu_write_file(tr_path, text);
    free(text);
    if (rc || tu_replace_in_file(tr_path, from, to))
        return -1;
    char gx[600], line[200];
    snprintf(gx, sizeof gx, "%s/%s/game.xml", content, name);
    snprintf(line, sizeof line, "<language code=\"%s\" file=\"%s-test.xml\"/>\n    </languages>", code, code);
    return tu_replace_in_file(gx, "</languages>", line);
}

static void test_translation_block_missing(void)
{
    int sites = 0;
    for (size_t g = 0; g < NGAMES; g++) {
        if (!game_present(games[g]))
            continue;
        fresh_copy();
        char tr[600];
        CU_ASSERT_EQUAL_FATAL(make_translation(games[g], tr, sizeof tr), 0);
        /* the untouched translation agrees with its source */
        diag_list dl;
        diag_list_init(&dl);
        CU_ASSERT_EQUAL(run_check(games[g], &dl), 0);
        diag_list_free(&dl);
        regmatch_t m[4];
        char *text = NULL;
        if (!find_re(tr, "<p id=\"[^\"]+\"[^>]*>[^\n]*</p>", m, 4, &text)) {
            free(text);
            continue;
        }
        sites++;
        splice(tr, text, m[0].rm_so, m[0].rm_eo, "");
        free(text);
        diag_list_init(&dl);
        CU_ASSERT(run_check(games[g], &dl) > 0);
        CU_ASSERT_PTR_NOT_NULL(find_code(&dl, "translation-missing", "-test.xml"));
        diag_list_free(&dl);
    }
    CU_ASSERT(sites > 0);
}

static void test_translation_number_changed(void)
{
    int sites = 0;
    for (size_t g = 0; g < NGAMES; g++) {
        if (!game_present(games[g]))
            continue;
        fresh_copy();
        char tr[600];
        CU_ASSERT_EQUAL_FATAL(make_translation(games[g], tr, sizeof tr), 0);
        regmatch_t m[4];
        char *text = NULL;
        int line = find_re(tr, "<num fact=\"[^\"]+\">([0-9]+)</num>", m, 4, &text);
        if (!line) {
            free(text);
            continue;
        }
        sites++;
        char rep[32];
        snprintf(rep, sizeof rep, "%ld", strtol(text + m[1].rm_so, NULL, 10) + 1);
        splice(tr, text, m[1].rm_so, m[1].rm_eo, rep);
        free(text);
        diag_list dl;
        diag_list_init(&dl);
        CU_ASSERT(run_check(games[g], &dl) > 0);
        /* told both that it contradicts the engine and that it drifted from its source */
        const diag *num = find_code(&dl, "num-mismatch", "-test.xml");
        CU_ASSERT_PTR_NOT_NULL(num);
        if (num)
            CU_ASSERT_EQUAL(num->line, line);
        CU_ASSERT_PTR_NOT_NULL(find_code(&dl, "translation-binding", "-test.xml"));
        diag_list_free(&dl);
    }
    CU_ASSERT(sites > 0);
}

/* A <termlist> becomes a table of the glossary, sorted in the summary's
 * language, its rows reference material with ids that follow the entries;
 * a termlist with no other language to show is an error at its line. */
static void test_termlist(void)
{
    fresh_copy();
    diag_list dl;
    diag_list_init(&dl);
    doc_loader ld = {content, SCHEMA};
    game *g = game_load(&ld, content, "nemesis", "templates", &dl);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    const doc *d = g->langs[0].doc;
    const doc_node *t = doc_find_id(d->root, "gl");
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    CU_ASSERT_EQUAL(t->type, DOC_TABLE);
    CU_ASSERT_EQUAL_FATAL(t->first->type, DOC_TABLE_HEAD);
    char *h = doc_plain_text(t->first);
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "Italiano"));
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "English"));
    free(h);
    const doc_node *row = doc_find_id(d->root, "gl-intruso");
    CU_ASSERT_PTR_NOT_NULL_FATAL(row);
    CU_ASSERT_STRING_EQUAL(row->kind, "reference");
    char *r = doc_plain_text(row);
    CU_ASSERT_PTR_NOT_NULL(strstr(r, "Intruso"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r, "Intruder"));
    free(r);
    /* alphabetical by the Italian form */
    char prev[128] = "";
    int rows = 0, sorted = 1;
    for (const doc_node *n = t->first->next; n; n = n->next) {
        char *first = doc_plain_text(n->first);
        if (prev[0] && strcasecmp(prev, first) > 0)
            sorted = 0;
        snprintf(prev, sizeof prev, "%s", first);
        free(first);
        rows++;
    }
    CU_ASSERT(sorted);
    CU_ASSERT(rows > 40);
    /* the German edition's table in German order: "Überraschungsangriff"
     * among the U, before "Ziel" (bytes would put it after) */
    const game_lang *de = game_find_lang(g, "de");
    if (de && de->doc) {
        const doc_node *tde = doc_find_id(de->doc->root, "gl");
        int at_u = -1, at_z = -1, k = 0;
        for (const doc_node *n = tde ? tde->first->next : NULL; n; n = n->next, k++) {
            char *first = doc_plain_text(n->first);
            if (first && strncmp(first, "\xC3\x9C" "berraschungsangriff", 20) == 0)
                at_u = k;
            if (first && strcmp(first, "Ziel") == 0)
                at_z = k;
            free(first);
        }
        CU_ASSERT(at_u >= 0 && at_z >= 0 && at_u < at_z);
    }
    game_free(g);
    diag_list_free(&dl);

    /* a glossary in one language only: nothing to list beside it */
    if (game_present("noxius")) {
        char path[700], o[256];
        tu_runf(o, sizeof o, "sed -i -E 's|<form lang=\"it\">[^<]*</form>||g; s|<avoid lang=\"it\">[^<]*</avoid>||g' "
                "%s/noxius/glossary.xml", content);
        snprintf(path, sizeof path, "%s/noxius/game.xml", content);
        tu_runf(o, sizeof o, "sed -i -E 's|<language code=\"it\"[^>]*/>||' %s", path);
        snprintf(path, sizeof path, "%s/noxius/de.xml", content);
        CU_ASSERT_FATAL(tu_replace_in_file(path, "<section id=\"quelle\">",
                                           "<section id=\"woerter\"><h>W\xC3\xB6rter</h><termlist id=\"wl\"/></section>\n"
                                           "  <section id=\"quelle\">") == 0);
        diag_list_init(&dl);
        CU_ASSERT(run_check("noxius", &dl) > 0);
        const diag *e = find_code(&dl, "termlist", "de.xml");
        CU_ASSERT_PTR_NOT_NULL(e);
        if (e)
            CU_ASSERT(e->line > 0);
        diag_list_free(&dl);
    }
}

void suite_chk_mutation(void);
void suite_chk_mutation(void)
{
    CU_pSuite s = CU_add_suite("chk_mutation", setup, teardown);
    CU_add_test(s, "the real content checks clean", test_content_checks_clean);
    CU_add_test(s, "a changed number is caught at its line", test_number_changed);
    CU_add_test(s, "a changed number word is caught at its line", test_number_word_changed);
    CU_add_test(s, "a changed expected value of an example is caught", test_example_expected_changed);
    CU_add_test(s, "prose drifting from its scenario is caught", test_example_prose_drift_digits);
    CU_add_test(s, "a swapped flowchart branch is caught", test_flow_branch_swapped);
    CU_add_test(s, "a flowchart branch no state takes is caught", test_flow_branch_untested);
    CU_add_test(s, "a removed card is caught", test_card_removed);
    CU_add_test(s, "a missing translation block is caught", test_translation_block_missing);
    CU_add_test(s, "a changed number in a translation is caught", test_translation_number_changed);
    CU_add_test(s, "a termlist is the glossary as a table", test_termlist);
}
