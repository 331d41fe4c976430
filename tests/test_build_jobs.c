/* test_build_jobs.c — games built in parallel child processes give the same
 * files, the same printed lines and the same diagnostics, in the same order,
 * and the same exit status as one process, a failing game included. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

static char root[] = "/tmp/regelwerk-jobs-XXXXXX";
static char bin[4096];   /* the binary's absolute path: the builds run in root */

/* Builds everything in root/content into root/outN with REGELWERK_JOBS=jobs;
 * stdout into out (the output folder's name replaced by OUT), stderr into a
 * file whose text is returned (caller frees). The exit status in *rc. */
static char *build(int jobs, char *out, size_t cap, int *rc)
{
    char err[300];
    snprintf(err, sizeof err, "%s/err%d", root, jobs);
    *rc = tu_runf(out, cap, "cd %s && REGELWERK_JOBS=%d %s --content content build -o out%d 2>%s | sed 's#out%d/#OUT/#'",
                  root, jobs, bin, jobs, err, jobs);
    return tu_read_file(err, NULL);
}

static void test_jobs_same_as_one(void)
{
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(root));
    CU_ASSERT_PTR_NOT_NULL_FATAL(realpath(tu_bin(), bin));
    char out[4096];
    /* three text-only games; the second does not load */
    for (const char *const *g = (const char *const[]){"alpha", "beta", "gamma", NULL}; *g; g++)
        CU_ASSERT_EQUAL_FATAL(tu_runf(out, sizeof out, "%s --content %s/content new %s --lang it >/dev/null 2>&1",
                                      tu_bin(), root, *g), 0);
    char path[400];
    snprintf(path, sizeof path, "%s/content/beta/game.xml", root);
    CU_ASSERT_EQUAL_FATAL(tu_replace_in_file(path, "<game", "<gaem"), 0);
    static char out1[16384], out2[16384];
    int rc1, rc2;
    char *err1 = build(1, out1, sizeof out1, &rc1);
    char *err2 = build(2, out2, sizeof out2, &rc2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err2);
    /* the pipe through sed: the status is sed's, so the failure shows on stderr */
    CU_ASSERT_EQUAL(rc1, rc2);
    CU_ASSERT_STRING_EQUAL(out1, out2);
    CU_ASSERT_STRING_EQUAL(err1, err2);
    CU_ASSERT_PTR_NOT_NULL(strstr(err1, "beta"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out1, "OUT/alpha/"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out1, "OUT/gamma/"));
    CU_ASSERT(strstr(out1, "OUT/alpha/") < strstr(out1, "OUT/gamma/"));
    /* the exit status itself, without the pipe */
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "cd %s && REGELWERK_JOBS=2 %s -q --content content build -o out3 "
                                             ">/dev/null 2>&1", root, bin), 1);
    /* every file the same, byte for byte */
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "cd %s && diff -r out1 out2 && diff -r out1 out3 && "
                                             "find out1 -name '*.pdf' | wc -l", root), 0);
    CU_ASSERT(atoi(out) >= 2);
    free(err1);
    free(err2);
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

void suite_build_jobs(void);
void suite_build_jobs(void)
{
    CU_pSuite s = CU_add_suite("build_jobs", NULL, NULL);
    CU_add_test(s, "games in parallel: the same files, lines, diagnostics and status as one process",
                test_jobs_same_as_one);
}
