/* test_out.c — output files as a full disk, a read-only folder, a planted
 * symlink and a killed build meet them: regressions for the hardening issue,
 * run against the real binary. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"

/* One small output: the Noxius sheet in German on A4. */
#define SHEET "noxius --lang de --only sheet --paper a4"

static char *scratch(void)
{
    static char dir[64];
    snprintf(dir, sizeof dir, "/tmp/regelwerk-out-XXXXXX");
    return mkdtemp(dir);
}

static void remove_tree(const char *dir)
{
    char o[16];
    tu_runf(o, sizeof o, "umount '%s' 2>/dev/null; rm -rf '%s'", dir, dir);
}

/* The names in dir/noxius, one per line, sorted (hidden ones too). */
static void listing(const char *dir, char *out, size_t cap)
{
    tu_runf(out, cap, "ls -A '%s/noxius' | sort", dir);
}

/* A build that cannot write its file (the per-file size limit of ulimit -f
 * acts like a full disk: every write past it fails with EFBIG) exits 1,
 * prints no "ok", keeps the previous file byte for byte and leaves no
 * temporary file. The qpdf rewrite used to report success on a truncated
 * file, and "ok" was printed for files that were not written. */
static void test_out_file_too_big(void)
{
    char *dir = scratch();
    CU_ASSERT_FATAL(dir != NULL);
    static char out[16384];
    const char *devices[] = {"cairo", "haru"};
    for (size_t d = 0; d < 2; d++) {
        CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s build %s --device %s -o %s", tu_bin(), SHEET, devices[d], dir),
                        0);
        CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "cp %s/noxius/noxius-de-a4.pdf %s/before.pdf", dir, dir), 0);
        /* 20 KiB: the library's own write fails; 83 KiB: the library's file
         * fits and the rewrite's does not */
        const int limits[] = {20, 83};
        for (size_t k = 0; k < 2; k++) {
            int rc = tu_runf(out, sizeof out, "trap '' XFSZ; ulimit -f %d; %s build %s --device %s -o %s 2>/dev/null",
                             limits[k], tu_bin(), SHEET, devices[d], dir);
            CU_ASSERT_EQUAL(rc, 1);
            CU_ASSERT_PTR_NULL(strstr(out, ": ok"));
            CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "cmp %s/noxius/noxius-de-a4.pdf %s/before.pdf", dir, dir), 0);
            listing(dir, out, sizeof out);
            CU_ASSERT_STRING_EQUAL(out, "noxius-de-a4.pdf\n");
        }
    }
    remove_tree(dir);
}

/* A really full file system (a tmpfs filled up to a gap smaller than the
 * file: the gap once held the library's output, and the qpdf rewrite then
 * wrote a truncated file and reported success) and a read-only one.
 * Mounting needs root: without it the test says so and checks nothing more. */
static void test_out_full_and_readonly_fs(void)
{
    char *dir = scratch();
    CU_ASSERT_FATAL(dir != NULL);
    static char out[16384];
    if (tu_runf(out, sizeof out, "mount -t tmpfs -o size=1m tmpfs '%s' 2>&1", dir) != 0) {
        fprintf(stderr, "\n  skipped: cannot mount a tmpfs (%s)\n", out);
        remove_tree(dir);
        return;
    }
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s build %s -o %s", tu_bin(), SHEET, dir), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "cp %s/noxius/noxius-de-a4.pdf /tmp/regelwerk-out-before.pdf", dir), 0);
    struct stat st;
    CU_ASSERT_FATAL(stat("/tmp/regelwerk-out-before.pdf", &st) == 0);
    long kib = (long)(st.st_size / 1024);
    const long gaps[] = {16, kib / 2, kib - 4};
    for (size_t k = 0; k < 3; k++) {
        tu_runf(out, sizeof out, "cat /dev/zero > %s/fill 2>/dev/null; truncate -s -%ldK %s/fill", dir, gaps[k],
                dir);
        int rc = tu_runf(out, sizeof out, "%s build %s -o %s 2>/dev/null", tu_bin(), SHEET, dir);
        CU_ASSERT_EQUAL(rc, 1);
        CU_ASSERT_PTR_NULL(strstr(out, ": ok"));
        CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "cmp %s/noxius/noxius-de-a4.pdf /tmp/regelwerk-out-before.pdf", dir),
                        0);
        listing(dir, out, sizeof out);
        CU_ASSERT_STRING_EQUAL(out, "noxius-de-a4.pdf\n");
        tu_runf(out, sizeof out, "rm -f %s/fill", dir);
    }
    /* read-only: the error names the file and the reason */
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "mount -o remount,ro '%s'", dir), 0);
    int rc = tu_runf(out, sizeof out, "%s build %s -o %s 2>&1", tu_bin(), SHEET, dir);
    CU_ASSERT_EQUAL(rc, 1);
    /* at game.xml's <sheet> that asks for the file, naming it:
     * GAME.XML:LINE:COL: error: DIR/noxius/noxius-de-a4.pdf: cannot … */
    const char *e = strstr(out, "/noxius/noxius-de-a4.pdf: cannot create a temporary file next to it: "
                                "Read-only file system [io]");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    const char *bol = e;
    while (bol > out && bol[-1] != '\n')
        bol--;
    int line = 0, col = 0, n = 0;
    const char *g = strstr(bol, "/noxius/game.xml:");
    CU_ASSERT(g && g < e && sscanf(g, "/noxius/game.xml:%d:%d: error: %n", &line, &col, &n) == 2 && n > 0 &&
              line > 1 && col > 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "cmp %s/noxius/noxius-de-a4.pdf /tmp/regelwerk-out-before.pdf", dir), 0);
    unlink("/tmp/regelwerk-out-before.pdf");
    remove_tree(dir);
}

/* -o under a regular file (root ignores permissions, so this is the
 * folder no one can create) fails with exit 1 and says why. */
static void test_out_parent_is_file(void)
{
    char *dir = scratch();
    CU_ASSERT_FATAL(dir != NULL);
    char path[128], out[4096];
    snprintf(path, sizeof path, "%s/file", dir);
    CU_ASSERT_EQUAL_FATAL(tu_write_file(path, "x"), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s build %s -o %s/sub 2>&1", tu_bin(), SHEET, path), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "cannot create the folder: Not a directory"));
    CU_ASSERT_PTR_NULL(strstr(out, ": ok"));
    remove_tree(dir);
}

/* The temporary name used to be PATH.tmp-PID, opened without O_EXCL: a
 * symlink planted under it made the build write through it. The shell
 * plants it under its own pid and then becomes the build (exec). */
static void test_out_planted_symlink(void)
{
    char *dir = scratch();
    CU_ASSERT_FATAL(dir != NULL);
    char victim[128], out[4096];
    snprintf(victim, sizeof victim, "%s/victim", dir);
    CU_ASSERT_EQUAL_FATAL(tu_write_file(victim, "precious\n"), 0);
    int rc = tu_runf(out, sizeof out,
                     "mkdir -p %s/noxius && sh -c 'ln -s %s %s/noxius/noxius-de-a4.pdf.tmp-$$ && "
                     "exec %s build " SHEET " -o %s' >/dev/null 2>&1",
                     dir, victim, dir, tu_bin(), dir);
    CU_ASSERT_EQUAL(rc, 0);
    size_t len = 0;
    char *v = tu_read_file(victim, &len);
    CU_ASSERT(v && strcmp(v, "precious\n") == 0);
    free(v);
    remove_tree(dir);
}

/* Temporary files of a killed build (whose process is gone) are removed by
 * the next build into the folder; a running build's are not. */
static void test_out_stale_temp_removed(void)
{
    char *dir = scratch();
    CU_ASSERT_FATAL(dir != NULL);
    char out[4096];
    /* a pid that certainly ran and ended */
    CU_ASSERT_EQUAL_FATAL(tu_runf(out, sizeof out, "sh -c 'echo $$'"), 0);
    long dead = atol(out);
    CU_ASSERT_FATAL(dead > 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out,
                            "mkdir -p %s/noxius && cd %s/noxius && touch .noxius-de-a4.pdf.tmp-%ld-Ab12Cd "
                            "noxius-de-a4.pdf.tmp-%ld .noxius-de-a4.pdf.tmp-%ld-Zz99Yy",
                            dir, dir, dead, dead, (long)getpid()),
                    0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s build %s -o %s", tu_bin(), SHEET, dir), 0);
    listing(dir, out, sizeof out);
    char want[256];
    snprintf(want, sizeof want, ".noxius-de-a4.pdf.tmp-%ld-Zz99Yy\nnoxius-de-a4.pdf\n", (long)getpid());
    CU_ASSERT_STRING_EQUAL(out, want);
    remove_tree(dir);
}

/* A rebuild with fewer PNG pages removes the old later pages; a % in the
 * output folder is part of its name, not a format. */
static void test_out_png_pages_and_percent(void)
{
    char *dir = scratch();
    CU_ASSERT_FATAL(dir != NULL);
    char out[4096];
    /* pages 1 to 9 of an older, longer build: the sheet has fewer now */
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "mkdir -p '%s/50%%d/noxius' && for p in 1 2 3 4 5 6 7 8 9; do "
                            "touch \"%s/50%%d/noxius/noxius-de-a4-$p.png\"; done", dir, dir), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s build %s --format png -o '%s/50%%d'", tu_bin(), SHEET, dir), 0);
    const char *q = strstr(out, ".png: ");
    int pages = q ? atoi(q + 6) : 0;
    CU_ASSERT(pages >= 1 && pages < 8);
    /* exactly the pages of this build, named without a format string */
    char want[512] = "";
    for (int p = 1; p <= pages && p < 8; p++) {
        size_t u = strlen(want);
        snprintf(want + u, sizeof want - u, "./50%%d/noxius/noxius-de-a4-%d.png\n", p);
    }
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "cd '%s' && find . -type f | sort", dir), 0);
    CU_ASSERT_STRING_EQUAL(out, want);
    remove_tree(dir);
}

/* -o '' is a usage error (it used to build into /GAME). */
static void test_out_empty_name(void)
{
    char out[4096];
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s build %s -o '' 2>&1", tu_bin(), SHEET), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "-o wants a folder"));
}

/* What the tool prints must arrive: stdout on a full device is a failure. */
static void test_out_stdout_full(void)
{
    char out[4096];
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s list 2>&1 >/dev/full", tu_bin()), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "cannot write the output: No space left on device"));
}

void suite_out(void);
void suite_out(void)
{
    CU_pSuite s = CU_add_suite("out", NULL, NULL);
    CU_add_test(s, "a file too big to write: exit 1, no ok, previous file kept", test_out_file_too_big);
    CU_add_test(s, "full and read-only file systems (tmpfs, root only)", test_out_full_and_readonly_fs);
    CU_add_test(s, "-o under a regular file: exit 1 with the reason", test_out_parent_is_file);
    CU_add_test(s, "a symlink planted at the temporary name is not followed", test_out_planted_symlink);
    CU_add_test(s, "temporary files of killed builds are removed", test_out_stale_temp_removed);
    CU_add_test(s, "fewer PNG pages remove the old ones; % in -o is a name", test_out_png_pages_and_percent);
    CU_add_test(s, "-o '' is a usage error", test_out_empty_name);
    CU_add_test(s, "stdout on a full device: exit 1", test_out_stdout_full);
}
