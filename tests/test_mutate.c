/* test_mutate.c — the mutator of `make mutate` (tests/mutate/mutate.c) on a
 * small fixture: exactly the mutants we mean, none inside comments, strings,
 * character literals, directives, file-scope tables, array sizes or local
 * struct definitions (a local table's values are mutated), and an
 * applied mutant that changes its token and nothing else. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#define FIXTURE "tests/fixtures/mutate/sample.c"
#define OUT (64 * 1024)

/* The mutator under test (make check sets REGELWERK_MUTATE). */
static const char *mutator(void)
{
    const char *m = getenv("REGELWERK_MUTATE");
    return m && *m ? m : "out/build/tests/mutate";
}

static void test_list(void)
{
    static const char expected[] =
        "1 " FIXTURE ":12:14 arith +->-\n"
        "2 " FIXTURE ":18:13 int+1 2->3\n"
        "3 " FIXTURE ":18:13 int-1 2->1\n"
        "4 " FIXTURE ":22:11 cmp <-><=\n"
        "5 " FIXTURE ":22:15 logic &&->||\n"
        "6 " FIXTURE ":22:20 eq !=->==\n"
        "7 " FIXTURE ":22:23 int+1 0->1\n"
        "8 " FIXTURE ":22:23 int-1 0->(-1)\n"
        "9 " FIXTURE ":23:9 stmt-del x = twice(x) - 1;->;\n"
        "10 " FIXTURE ":23:22 arith -->+\n"
        "11 " FIXTURE ":23:24 int+1 1->2\n"
        "12 " FIXTURE ":23:24 int-1 1->0\n"
        "13 " FIXTURE ":24:5 stmt-del buf[0] = c;->;\n"
        "14 " FIXTURE ":24:9 int+1 0->1\n"
        "15 " FIXTURE ":24:9 int-1 0->(-1)\n"
        "16 " FIXTURE ":25:5 stmt-del printf(\"%s %d\\n\", s, buf[0]);->;\n"
        "17 " FIXTURE ":26:16 int+1 0->1\n"
        "18 " FIXTURE ":26:16 int-1 0->(-1)\n"
        "19 " FIXTURE ":27:14 cmp >=->>\n"
        "20 " FIXTURE ":27:17 int+1 0->1\n"
        "21 " FIXTURE ":27:17 int-1 0->(-1)\n"
        "22 " FIXTURE ":27:19 logic ||->&&\n"
        "23 " FIXTURE ":27:24 eq ==->!=\n"
        "24 " FIXTURE ":33:74 int+1 1->2\n"
        "25 " FIXTURE ":33:74 int-1 1->0\n"
        "26 " FIXTURE ":33:77 int+1 2->3\n"
        "27 " FIXTURE ":33:77 int-1 2->1\n"
        "28 " FIXTURE ":34:17 int+1 0->1\n"
        "29 " FIXTURE ":34:17 int-1 0->(-1)\n"
        "30 " FIXTURE ":34:22 int+1 1->2\n"
        "31 " FIXTURE ":34:22 int-1 1->0\n"
        "32 " FIXTURE ":34:25 arith +->-\n"
        "33 " FIXTURE ":34:27 int+1 1->2\n"
        "34 " FIXTURE ":34:27 int-1 1->0\n";
    static char out[OUT];
    CU_ASSERT_EQUAL_FATAL(tu_runf(out, sizeof out, "%s list %s", mutator(), FIXTURE), 0);
    CU_ASSERT_STRING_EQUAL(out, expected);
}

/* The offset of line:col (1-based) in text. */
static size_t offset_of(const char *text, int line, int col)
{
    size_t i = 0;
    for (int l = 1; l < line && text[i]; i++)
        if (text[i] == '\n')
            l++;
    return i + (size_t)col - 1;
}

static int count_lines(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

/* Applies mutant id and demands original[..off] + repl + original[off+len..]. */
static void check_apply(int id, int line, int col, size_t len, const char *repl)
{
    size_t n;
    char *orig = tu_read_file(FIXTURE, &n);
    CU_ASSERT_PTR_NOT_NULL_FATAL(orig);
    static char out[OUT];
    CU_ASSERT_EQUAL_FATAL(tu_runf(out, sizeof out, "%s apply %d %s", mutator(), id, FIXTURE), 0);
    size_t off = offset_of(orig, line, col);
    char *want = malloc(n + strlen(repl) + 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(want);
    sprintf(want, "%.*s%s%s", (int)off, orig, repl, orig + off + len);
    CU_ASSERT_STRING_EQUAL(out, want);
    CU_ASSERT_EQUAL(count_lines(out), count_lines(orig));
    free(want);
    free(orig);
}

static void test_apply_operator(void)
{
    check_apply(4, 22, 11, 1, "<=");      /* the < of "if (a < b" and only it */
    check_apply(8, 22, 23, 1, "(-1)");
    check_apply(19, 27, 14, 2, ">");
}

/* A deleted statement leaves ";" and its line breaks: the other lines keep
 * their numbers. */
static void test_apply_statement(void)
{
    check_apply(16, 25, 5, strlen("printf(\"%s %d\\n\", s,\n           buf[0]);"), ";\n");
}

static void test_apply_to_file(void)
{
    char out[256], path[64];
    snprintf(path, sizeof path, "/tmp/regelwerk-mutate-%ld.c", (long)getpid());
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s apply 5 %s -o %s", mutator(), FIXTURE, path), 0);
    char *text = tu_read_file(path, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "if (a < b || b != 0)"));
    free(text);
    remove(path);
}

/* A sample is the same on every run for a seed, and holds mutants of the
 * full list under their own IDs. */
static void test_sample(void)
{
    static char full[OUT], a[OUT], b[OUT];
    CU_ASSERT_EQUAL(tu_runf(full, sizeof full, "%s list %s", mutator(), FIXTURE), 0);
    CU_ASSERT_EQUAL(tu_runf(a, sizeof a, "%s list --sample 5 --seed 7 %s", mutator(), FIXTURE), 0);
    CU_ASSERT_EQUAL(tu_runf(b, sizeof b, "%s list --sample 5 --seed 7 %s", mutator(), FIXTURE), 0);
    CU_ASSERT_STRING_EQUAL(a, b);
    CU_ASSERT_EQUAL(count_lines(a), 5);
    for (char *line = strtok(a, "\n"); line; line = strtok(NULL, "\n"))
        CU_ASSERT_PTR_NOT_NULL(strstr(full, line));
}

static void test_errors(void)
{
    char out[256];
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s apply 35 %s 2>/dev/null", mutator(), FIXTURE), 2);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s apply 0 %s 2>/dev/null", mutator(), FIXTURE), 2);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s list /nonexistent.c 2>/dev/null", mutator()), 2);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s frobnicate %s 2>/dev/null", mutator(), FIXTURE), 2);
}

/* make mutate's equivalence test (run.sh --same-code): in the fixture, x is
 * 2 or 3 whatever the branch does and only `x >= 0` reads it, so the
 * optimizer folds away every mutant of x, of the branch and of the dead
 * `a == -b`; a mutant that changes what sample() returns or prints, or what
 * twice() computes, is not the same object. */
static int same_code(int id)
{
    char out[4096];
    return tu_runf(out, sizeof out,
                   "MUTATE_TOOL=%s MUTATE_CC=cc MUTATE_CPPFLAGS= MUTATE_TCE_CFLAGS='-O2 -w' "
                   "sh tests/mutate/run.sh --same-code %d %s 2>&1",
                   mutator(), id, FIXTURE);
}

static void test_same_code(void)
{
    static const int same[] = {2, 4, 6, 10, 19, 20, 21, 23};
    static const int differs[] = {1, 16, 22};
    for (size_t i = 0; i < sizeof same / sizeof *same; i++)
        CU_ASSERT_EQUAL(same_code(same[i]), 0);
    for (size_t i = 0; i < sizeof differs / sizeof *differs; i++)
        CU_ASSERT_EQUAL(same_code(differs[i]), 1);
    CU_ASSERT_EQUAL(same_code(35), 2);
}

/* make mutate's named equivalents (tests/mutate/named.sh): a survivor that
 * the names file names (by function, mutation, column in the line and the
 * line's text) is marked with its reason and left out of the second score;
 * one it does not name stays a survivor; a name that matches no survivor is
 * reported as stale; --keys prints the survivors in the names' format. */
static void test_named(void)
{
    char dir[] = "/tmp/regelwerk-named-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char report[256], names[256];
    snprintf(report, sizeof report, "%s/report.txt", dir);
    snprintf(names, sizeof names, "%s/names.txt", dir);
    CU_ASSERT_EQUAL(tu_write_file(report,
                                  "mutate sample: 3 killed, 2 survived, 0 equivalent, 0 stillborn, 5 total (score 60.0 %)\n"
                                  "  0 of the killed timed out; 1 s\n" FIXTURE ":22:11: survived: cmp < -> <=\n" FIXTURE
                                  ":27:14: survived: cmp >= -> >\n"),
                    0);
    CU_ASSERT_EQUAL(tu_write_file(names, "# a comment\n"
                                         "sample\tcmp\t>= -> >\t9\treturn x >= 0 || a == -b;\tx is 2 or 3\n"
                                         "twice\tarith\t+ -> -\t9\treturn v + v;\tgone\n"),
                    0);
    static char out[OUT];
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "sh tests/mutate/named.sh %s %s %s", report, FIXTURE, names), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "(score 60.0 %; 1 named equivalent, 75.0 % without them)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, FIXTURE ":22:11: survived: cmp < -> <=\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, FIXTURE ":27:14: named equivalent: cmp >= -> > (x is 2 or 3)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "line 3 of the names: twice | arith | + -> - | 9 | return v + v;"));
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "sh tests/mutate/named.sh --keys %s %s", report, FIXTURE), 0);
    CU_ASSERT_STRING_EQUAL(out, "sample\tcmp\t< -> <=\t6\tif (a < b && b != 0)\t?\n"
                                "sample\tcmp\t>= -> >\t9\treturn x >= 0 || a == -b;\t?\n");
    /* a names line without its six fields is refused */
    CU_ASSERT_EQUAL(tu_write_file(names, "sample\tcmp\n"), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "sh tests/mutate/named.sh %s %s %s 2>/dev/null", report, FIXTURE, names),
                    2);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CU_ASSERT_EQUAL(system(cmd), 0);
}

void suite_mutate(void);
void suite_mutate(void)
{
    CU_pSuite s = CU_add_suite("mutate", NULL, NULL);
    CU_add_test(s, "list: each operator, nothing in comments, strings or directives", test_list);
    CU_add_test(s, "apply: one operator token changes", test_apply_operator);
    CU_add_test(s, "apply: a deleted statement keeps its lines", test_apply_statement);
    CU_add_test(s, "apply -o writes the file", test_apply_to_file);
    CU_add_test(s, "list --sample is reproducible", test_sample);
    CU_add_test(s, "errors exit 2", test_errors);
    CU_add_test(s, "run.sh --same-code: the compiler's equivalent mutants", test_same_code);
    CU_add_test(s, "named.sh: named equivalents marked, both scores, stale names", test_named);
}
