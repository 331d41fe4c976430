/* test_simulate.c — `regelwerk simulate noxius FILE` as a user runs it:
 * reproducible traces, fights that end, JSON, and clear errors for bad
 * fight files. The fixtures are invented test data (see their comments). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define FIX "tests/fixtures/noxius/"
#define OUT (1 << 20)

static int sim(const char *args, char *out)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s simulate %s 2>&1", tu_bin(), args);
    return tu_run(cmd, out, OUT);
}

static void test_reproducible(void)
{
    char *a = malloc(OUT), *b = malloc(OUT), *c = malloc(OUT);
    CU_ASSERT_FATAL(a && b && c);
    CU_ASSERT_EQUAL(sim("noxius " FIX "wolves.xml --seed 1", a), 0);
    CU_ASSERT_EQUAL(sim("noxius " FIX "wolves.xml --seed 1", b), 0);
    CU_ASSERT_STRING_EQUAL(a, b);
    /* the trace says what happened, round by round */
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "round 1\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "Grauer Wolf appears"));
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "takes P3"));
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "casts "));
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "rolls "));
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "Rudelführer appears"));
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "\nresult: "));
    /* another seed, another fight */
    CU_ASSERT_EQUAL(sim("noxius " FIX "wolves.xml --seed 2", c), 0);
    CU_ASSERT_STRING_NOT_EQUAL(a, c);
    free(a), free(b), free(c);
}

static void test_fights_end(void)
{
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    for (int seed = 1; seed <= 5; seed++) {
        char args[256];
        snprintf(args, sizeof args, "noxius " FIX "duel.xml --seed %d", seed);
        CU_ASSERT_EQUAL(sim(args, out), 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "result: won"));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "the fight is over"));
        snprintf(args, sizeof args, "noxius " FIX "doomed.xml --seed %d", seed);
        CU_ASSERT_EQUAL(sim(args, out), 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "result: mission failed"));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "every character is knocked out"));
    }
    /* the larger fixture is won with seed 1, within its 30 rounds */
    CU_ASSERT_EQUAL(sim("noxius " FIX "wolves.xml --seed 1", out), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "result: won"));
    /* --rounds cuts a fight short */
    CU_ASSERT_EQUAL(sim("noxius " FIX "wolves.xml --seed 1 --rounds 2", out), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "result: undecided after 2 rounds"));
    free(out);
}

static void test_json(void)
{
    char *a = malloc(OUT), *b = malloc(OUT);
    CU_ASSERT_FATAL(a && b);
    CU_ASSERT_EQUAL(sim("noxius " FIX "duel.xml --format json", a), 0);
    CU_ASSERT_EQUAL(sim("noxius " FIX "duel.xml --format json", b), 0);
    CU_ASSERT_STRING_EQUAL(a, b);
    CU_ASSERT_EQUAL(strncmp(a, "{\"game\":\"noxius\"", 16), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "\"result\":\"won\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "\"kind\":\"cast\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "\"name\":\"Aria\""));
    /* one object: valid JSON by python, when it is there */
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "command -v python3 >/dev/null || exit 0; %s simulate noxius " FIX
             "wolves.xml --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); "
             "sys.exit(0 if d[\"events\"] and d[\"result\"] in (\"won\",\"failed\",\"undecided\") else 1)'",
             tu_bin());
    CU_ASSERT_EQUAL(tu_run(cmd, NULL, 0), 0);
    free(a), free(b);
}

static void test_bad_files(void)
{
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    CU_ASSERT_EQUAL(sim("noxius " FIX "bad-results.xml", out), 1);
    /* at its line, the column where its element starts (5 spaces in) */
    CU_ASSERT_PTR_NOT_NULL(strstr(out, FIX "bad-results.xml:5:5: error: bad result on face 3"));
    CU_ASSERT_EQUAL(sim("noxius " FIX "bad-schema.xml", out), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, FIX "bad-schema.xml:10:"));
    CU_ASSERT_EQUAL(sim("noxius " FIX "missing.xml", out), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "missing.xml"));
    /* an entity is never expanded, a DOCTYPE refused */
    const char *evil = "/tmp/regelwerk-evil-fight.xml";
    CU_ASSERT_EQUAL_FATAL(tu_write_file(evil,
        "<?xml version=\"1.0\"?>\n<!DOCTYPE fight [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
        "<fight game=\"noxius\"><character name=\"&x;\" lp=\"6\" scale=\"0 6\">"
        "<ability name=\"a\" power=\"+1\" results=\"1|2|3|4|5|6\"/></character>"
        "<character name=\"b\" lp=\"6\" scale=\"0 6\"><ability name=\"a\" power=\"+1\" "
        "results=\"1|2|3|4|5|6\"/></character><enemy name=\"r\" round=\"1\" damage=\"1 1 1 1\" "
        "plates=\"3\"/></fight>\n"), 0);
    char args[256];
    snprintf(args, sizeof args, "noxius %s", evil);
    CU_ASSERT_EQUAL(sim(args, out), 1);
    CU_ASSERT_PTR_NULL(strstr(out, "root:"));
    remove(evil);
    /* a power outside its scale */
    const char *pw = "/tmp/regelwerk-power-fight.xml";
    CU_ASSERT_EQUAL_FATAL(tu_write_file(pw,
        "<?xml version=\"1.0\"?>\n<fight game=\"noxius\">\n"
        "<character name=\"a\" lp=\"6\" scale=\"0 3\" power=\"5\"><ability name=\"a\" power=\"+1\" "
        "results=\"1|2|3|4|5|6\"/></character>\n"
        "<character name=\"b\" lp=\"6\" scale=\"0 6\"><ability name=\"a\" power=\"+1\" "
        "results=\"1|2|3|4|5|6\"/></character><enemy name=\"r\" round=\"1\" damage=\"1 1 1 1\" "
        "plates=\"3\"/></fight>\n"), 0);
    snprintf(args, sizeof args, "noxius %s", pw);
    CU_ASSERT_EQUAL(sim(args, out), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "regelwerk-power-fight.xml:3:1: error: power=\"5\": c1.power must be below c1.thigh (3)"));
    remove(pw);
    free(out);
}

static void test_usage(void)
{
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    CU_ASSERT_EQUAL(sim("--help", out), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "usage: regelwerk simulate GAME FILE"));
    CU_ASSERT_EQUAL(sim("", out), 2);
    CU_ASSERT_EQUAL(sim("nemesis " FIX "duel.xml", out), 2);
    CU_ASSERT_EQUAL(sim("noxius " FIX "duel.xml --format xml", out), 2);
    CU_ASSERT_EQUAL(sim("noxius " FIX "duel.xml --seed x", out), 2);
    CU_ASSERT_EQUAL(sim("noxius " FIX "duel.xml --bogus", out), 2);
    free(out);
}

/* declared here for -Wmissing-prototypes; tests/main.c finds it by name */
void suite_simulate(void);
void suite_simulate(void)
{
    CU_pSuite s = CU_add_suite("simulate", NULL, NULL);
    CU_add_test(s, "same file and seed, same trace", test_reproducible);
    CU_add_test(s, "fights end in a win or a failed mission", test_fights_end);
    CU_add_test(s, "JSON trace", test_json);
    CU_add_test(s, "bad fight files: file:line, exit 1", test_bad_files);
    CU_add_test(s, "usage and help", test_usage);
}
