/* test_trace.c — the trace device (src/dev_trace.c) and the golden test of a
 * whole sheet: tests/fixtures/tiny built with --device trace must give
 * tests/golden/tiny-de-a4.trace exactly. A change of layout shows as a diff
 * of readable lines; when it is intended, REGELWERK_GOLDEN_UPDATE=1 writes
 * the new golden file (review the diff before committing it). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define GOLDEN "tests/golden/tiny-de-a4.trace"

/* Builds the tiny fixture (from content dir) as a trace into dir; the
 * trace's text (caller frees), or NULL. */
static char *build_trace(const char *content, const char *dir)
{
    static char out[8192];
    if (tu_runf(out, sizeof out,
                "SOURCE_DATE_EPOCH=1700000000 %s -q --content %s build tiny --device trace -o %s 2>&1", tu_bin(),
                content, dir) != 0) {
        fprintf(stderr, "\n%s\n", out);
        return NULL;
    }
    char path[512];
    snprintf(path, sizeof path, "%s/tiny/tiny-de-a4.trace", dir);
    return tu_read_file(path, NULL);
}

static void test_golden_sheet(void)
{
    char dir[] = "/tmp/regelwerk-trace-XXXXXX";
    CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
    char *got = build_trace("tests/fixtures/tiny", dir);
    CU_ASSERT_PTR_NOT_NULL_FATAL(got);
    /* the trace is a document of pages with the words of the sheet */
    CU_ASSERT_PTR_NOT_NULL(strstr(got, "<document title=\"Tiny\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(got, "<page width=\"595.28\" height=\"841.89\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(got, ">Ablauf</text>"));
    if (getenv("REGELWERK_GOLDEN_UPDATE")) {
        CU_ASSERT_EQUAL(tu_write_file(GOLDEN, got), 0);
        printf("\n  (wrote %s)\n", GOLDEN);
    }
    char *want = tu_read_file(GOLDEN, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(want);
    int same = strcmp(got, want) == 0;
    if (!same) {
        static char diff[16384];
        char path[512];
        snprintf(path, sizeof path, "%s/tiny/tiny-de-a4.trace", dir);
        tu_runf(diff, sizeof diff, "diff -u %s %s | head -40", GOLDEN, path);
        fprintf(stderr, "\n  the sheet's layout changed (REGELWERK_GOLDEN_UPDATE=1 if intended):\n%s\n", diff);
    }
    CU_ASSERT_TRUE(same);
    free(want);
    /* the same input, the same trace */
    char *again = build_trace("tests/fixtures/tiny", dir);
    CU_ASSERT_PTR_NOT_NULL_FATAL(again);
    CU_ASSERT_STRING_EQUAL(again, got);
    free(again);
    free(got);
    static char out[256];
    tu_runf(out, sizeof out, "rm -rf %s", dir);
}

/* The golden test is not blind: one changed word of the content moves the
 * lines after it, and the comparison says so. */
static void test_golden_catches_a_change(void)
{
    char root[] = "/tmp/regelwerk-trace-XXXXXX";
    CU_ASSERT_FATAL(mkdtemp(root) != NULL);
    char content[300], file[400], dir[400];
    snprintf(content, sizeof content, "%s/content", root);
    snprintf(dir, sizeof dir, "%s/out", root);
    CU_ASSERT_FATAL(tu_copy_tree("tests/fixtures/tiny", content) == 0);
    snprintf(file, sizeof file, "%s/tiny/de.xml", content);
    CU_ASSERT_FATAL(tu_replace_in_file(file, "Ein Punkt der Liste.", "Ein etwas l\xC3\xA4ngerer Punkt der Liste.") == 0);
    char *got = build_trace(content, dir);
    char *want = tu_read_file(GOLDEN, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(got);
    CU_ASSERT_PTR_NOT_NULL_FATAL(want);
    CU_ASSERT(strcmp(got, want) != 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(got, ">l\xC3\xA4ngerer</text>"));
    free(got);
    free(want);
    static char out[256];
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

/* Text is escaped; every run has its font, size and position. */
static void test_trace_escapes(void)
{
    char *t = tu_read_file(GOLDEN, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    for (char *p = strstr(t, "<text "); p; p = strstr(p + 1, "<text ")) {
        CU_ASSERT(strstr(p, " size=\"") && strstr(p, " x=\"") && strstr(p, " font=\""));
        char *close = strstr(p, "</text>");
        CU_ASSERT_PTR_NOT_NULL_FATAL(close);
        char *gt = strchr(p, '>');
        for (char *c = gt + 1; c < close; c++)
            CU_ASSERT(*c != '<');
    }
    free(t);
}

void suite_trace(void);
void suite_trace(void)
{
    CU_pSuite s = CU_add_suite("trace", NULL, NULL);
    CU_add_test(s, "a whole sheet against its golden trace, reproducibly", test_golden_sheet);
    CU_add_test(s, "the golden comparison catches a changed word", test_golden_catches_a_change);
    CU_add_test(s, "the trace is well-formed text runs", test_trace_escapes);
}
