/* test_oom.c — allocation failure injection (hardening item): the tool
 * built with our allocations wrapped (tests/oom/oom_wrap.c, REGELWERK_OOM
 * set by make) runs a small `check` and a small `build` of
 * tests/fixtures/tiny once per allocation N, with the Nth failing. Every run
 * must end cleanly: exit 0, or exit 1 — never a crash or a sanitizer report
 * (with `make check SAN=1` LeakSanitizer checks for leaks on each run too).
 *
 * `check` is swept at every allocation; `build`, which makes about five
 * times as many, at every OOM_BUILD_STEP-th (figures printed). The runs that
 * fail without saying "out of memory" (an allocation failure read as a
 * missing attribute, say) are counted and the first few printed: the next
 * thing to fix, not yet a failure of this test. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#define OOM_BUILD_STEP 5

static const char *oom_bin(void)
{
    const char *b = getenv("REGELWERK_OOM");
    return b && *b ? b : NULL;
}

/* Runs `args` with allocation n failing (0: none). Returns the exit status;
 * out holds stdout and stderr. */
static int run_failing(unsigned long n, const char *args, char *out, size_t cap)
{
    return tu_runf(out, cap, "REGELWERK_FAIL_ALLOC=%lu %s --content tests/fixtures/tiny %s 2>&1", n, oom_bin(),
                   args);
}

static unsigned long count_allocs(const char *args)
{
    char out[4096], file[] = "/tmp/regelwerk-oom-count-XXXXXX";
    int fd = mkstemp(file);
    if (fd < 0)
        return 0;
    close(fd);
    tu_runf(out, sizeof out, "REGELWERK_COUNT_ALLOC=%s %s --content tests/fixtures/tiny %s >/dev/null 2>&1", file,
            oom_bin(), args);
    char *s = tu_read_file(file, NULL);
    unsigned long n = s ? strtoul(s, NULL, 10) : 0;
    free(s);
    unlink(file);
    return n;
}

static void sweep(const char *what, const char *args, unsigned long step)
{
    static char out[1 << 16];
    unsigned long total = count_allocs(args);
    CU_ASSERT_FATAL(total > 0);
    /* without a failure the run is clean */
    CU_ASSERT_EQUAL(run_failing(0, args, out, sizeof out), 0);
    unsigned long runs = 0, crashed = 0, oom_said = 0, unclear = 0, ok = 0;
    for (unsigned long n = 1; n <= total; n += step) {
        int rc = run_failing(n, args, out, sizeof out);
        runs++;
        int sanitizer = strstr(out, "Sanitizer") != NULL || strstr(out, "runtime error") != NULL;
        if (rc == 0 && !sanitizer) {
            ok++;
        } else if (rc == 1 && !sanitizer) {
            if (strstr(out, "out of memory"))
                oom_said++;
            else if (unclear++ < 3)
                fprintf(stderr, "\n  oom %s N=%lu: exit 1 without \"out of memory\": %.200s", what, n, out);
        } else {
            crashed++;
            if (crashed <= 5)
                fprintf(stderr, "\n  oom %s N=%lu: exit %d%s\n%.2000s", what, n, rc, sanitizer ? " (sanitizer)" : "",
                        out);
        }
    }
    fprintf(stderr, "\n  oom %s: %lu allocations, %lu runs (every %lu): %lu ok, %lu said out of memory, "
                    "%lu failed otherwise, %lu crashed ",
            what, total, runs, step, ok, oom_said, unclear, crashed);
    CU_ASSERT_EQUAL(crashed, 0);
}

static void test_oom_check(void)
{
    if (!oom_bin()) {
        fprintf(stderr, "(REGELWERK_OOM not set: run through make check) ");
        return;
    }
    sweep("check", "check", 1);
}

static void test_oom_build(void)
{
    if (!oom_bin()) {
        fprintf(stderr, "(REGELWERK_OOM not set: run through make check) ");
        return;
    }
    char dir[] = "/tmp/regelwerk-oom-XXXXXX";
    CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
    char args[128];
    snprintf(args, sizeof args, "build -o %s", dir);
    sweep("build", args, OOM_BUILD_STEP);
    char out[64];
    tu_runf(out, sizeof out, "rm -rf %s", dir);
}

void suite_oom(void);
void suite_oom(void)
{
    CU_pSuite s = CU_add_suite("oom", NULL, NULL);
    CU_add_test(s, "check with each allocation failing: exit 0 or 1, never a crash", test_oom_check);
    CU_add_test(s, "build with every 5th allocation failing: exit 0 or 1, never a crash", test_oom_build);
}
