/* test_cli.c — the command line as an unlucky user or an attacker meets it:
 * regressions for the hardening issue, each run against the real binary
 * (under ASan and UBSan in `make check SAN=1`). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* A content root holding n game folders whose game.xml is not a game: each
 * is listed (it has a game.xml) and each fails to load with a diagnostic. */
static int many_games(char *root, size_t cap, int n)
{
    char tmpl[] = "/tmp/regelwerk-cli-XXXXXX";
    if (!mkdtemp(tmpl))
        return -1;
    snprintf(root, cap, "%s", tmpl);
    for (int i = 0; i < n; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/g%02d", root, i);
        char out[64];
        if (tu_runf(out, sizeof out, "mkdir -p %s", path) != 0)
            return -1;
        snprintf(path, sizeof path, "%s/g%02d/game.xml", root, i);
        if (tu_write_file(path, "<notagame/>\n") != 0)
            return -1;
    }
    return 0;
}

/* `check` and `build` with no game named used to size their list from argc
 * and append every game folder to it: a heap overflow with two games, heap
 * corruption with many. Every folder must be reported, and the run must end
 * with exit 1 (content failed), not a crash. */
static void test_cli_all_games_no_overflow(void)
{
    char root[256];
    CU_ASSERT_FATAL(many_games(root, sizeof root, 40) == 0);
    static char out[65536];
    const char *cmds[] = {"check", "build -o /dev/null/none"};
    for (size_t c = 0; c < 2; c++) {
        int rc = tu_runf(out, sizeof out, "%s --content %s %s 2>&1", tu_bin(), root, cmds[c]);
        CU_ASSERT_EQUAL(rc, 1);
        /* the first and the last of the forty were each looked at */
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "g00/game.xml"));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "g39/game.xml"));
        CU_ASSERT_PTR_NULL(strstr(out, "AddressSanitizer"));
        CU_ASSERT_PTR_NULL(strstr(out, "double free"));
    }
    char o[64];
    tu_runf(o, sizeof o, "rm -rf %s", root);
}

/* Numbers in game.xml are read with range checks: pages="4294967297"
 * (atoi wrapped it to 1) and players min > max are errors at their line. */
static void test_cli_numbers_checked(void)
{
    char root[] = "/tmp/regelwerk-cli-XXXXXX";
    CU_ASSERT_FATAL(mkdtemp(root) != NULL);
    char path[300];
    snprintf(path, sizeof path, "%s/noxius", root);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content/noxius", path), 0);
    snprintf(path, sizeof path, "%s/noxius/game.xml", root);
    CU_ASSERT_EQUAL(tu_replace_in_file(path, "<players min=\"2\" max=\"4\"/>", "<players min=\"5\" max=\"4\"/>"), 0);
    CU_ASSERT_EQUAL(tu_replace_in_file(path, "<sheet template=\"reference\" paper=\"a4\"/>",
                                       "<sheet template=\"reference\" paper=\"a4\" pages=\"4294967297\"/>"),
                    0);
    static char out[1 << 16];
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s check noxius 2>&1", tu_bin(), root), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius/game.xml:4: error: <players> min=\"5\" is more than max=\"4\""));
    CU_ASSERT_PTR_NOT_NULL(
        strstr(out, "noxius/game.xml:12: error: pages=\"4294967297\" on <sheet> wants a whole number from 1 to 99"));
    char o[64];
    tu_runf(o, sizeof o, "rm -rf %s", root);
}

void suite_cli(void);
void suite_cli(void)
{
    CU_pSuite s = CU_add_suite("cli", NULL, NULL);
    CU_add_test(s, "check/build of every game: no overflow, every game reported",
                test_cli_all_games_no_overflow);
    CU_add_test(s, "numbers in game.xml: range checked, errors at their line", test_cli_numbers_checked);
}
