/* test_cli_args.c — exit codes and names (hardening item 8): an unknown game
 * or language is a usage error (exit 2) that names what exists, an option
 * without its value says so, and a game name is never a path. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"
#include "testutil.h"

static void test_cli_args_game_names(void)
{
    CU_ASSERT_TRUE(cli_game_name_ok("noxius"));
    CU_ASSERT_TRUE(cli_game_name_ok("sine-tempore-2"));
    CU_ASSERT_FALSE(cli_game_name_ok(""));
    CU_ASSERT_FALSE(cli_game_name_ok("../../etc"));
    CU_ASSERT_FALSE(cli_game_name_ok("/etc"));
    CU_ASSERT_FALSE(cli_game_name_ok("a/b"));
    CU_ASSERT_FALSE(cli_game_name_ok("Noxius"));
    CU_ASSERT_FALSE(cli_game_name_ok("nox ius"));
    CU_ASSERT_FALSE(cli_game_name_ok("x\xc3\xa4"));
    char longname[80];
    memset(longname, 'a', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    CU_ASSERT_FALSE(cli_game_name_ok(longname));
}

/* Runs the binary; rc and stderr (stdout discarded). */
static int run_err(char *out, size_t cap, const char *args)
{
    return tu_runf(out, cap, "%s %s 2>&1 >/dev/null", tu_bin(), args);
}

static void test_cli_args_unknown_game(void)
{
    static char out[8192];
    const char *cmds[] = {"check", "build -o /dev/null/none"};
    for (size_t c = 0; c < 2; c++) {
        char args[128];
        snprintf(args, sizeof args, "%s nosuch", cmds[c]);
        CU_ASSERT_EQUAL(run_err(out, sizeof out, args), 2);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "unknown game 'nosuch'"));
        /* the games that exist are named */
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius"));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "nemesis"));
        /* a name, not a path: refused before anything is read */
        snprintf(args, sizeof args, "%s ../../etc", cmds[c]);
        CU_ASSERT_EQUAL(run_err(out, sizeof out, args), 2);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "'../../etc' is not a game name"));
        CU_ASSERT_PTR_NULL(strstr(out, "game.xml"));
        snprintf(args, sizeof args, "%s /tmp", cmds[c]);
        CU_ASSERT_EQUAL(run_err(out, sizeof out, args), 2);
    }
}

static void test_cli_args_unknown_lang(void)
{
    static char out[8192];
    CU_ASSERT_EQUAL(run_err(out, sizeof out, "build --lang fr -o /dev/null/none"), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "'fr'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "de"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "it"));
    /* Noxius has German and Italian, not English */
    CU_ASSERT_EQUAL(run_err(out, sizeof out, "build noxius --lang en -o /dev/null/none"), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "(languages: de, it)"));
}

static void test_cli_args_missing_values(void)
{
    static char out[8192];
    static const char *const cases[][2] = {
        {"--content", "--content needs a value"},
        {"check --format", "--format needs a value"},
        {"check --examples", "--examples needs a value"},
        {"build --lang", "--lang needs a value"},
        {"build --only", "--only needs a value"},
        {"build --device", "--device needs a value"},
        {"build --format", "--format needs a value"},
        {"build --paper", "--paper needs a value"},
        {"build --pages", "--pages needs a value"},
        {"build -o", "-o needs a value"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        CU_ASSERT_EQUAL(run_err(out, sizeof out, cases[i][0]), 2);
        if (!strstr(out, cases[i][1]))
            fprintf(stderr, "\n%s: %s\n", cases[i][0], out);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, cases[i][1]));
    }
    CU_ASSERT_EQUAL(run_err(out, sizeof out, "build --pages 3x"), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "not '3x'"));
}

/* the game attribute of an --examples file becomes a folder name too */
static void test_cli_args_examples_game(void)
{
    static char out[8192];
    char dir[] = "/tmp/regelwerk-args-XXXXXX";
    CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
    char path[256];
    snprintf(path, sizeof path, "%s/x.xml", dir);
    CU_ASSERT_FATAL(tu_write_file(path, "<examples game=\"../../etc\"/>\n") == 0);
    char args[512];
    snprintf(args, sizeof args, "check --examples %s", path);
    CU_ASSERT_EQUAL(run_err(out, sizeof out, args), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "x.xml:1: error: game=\"../../etc\" is not a game name"));
    tu_runf(out, sizeof out, "rm -rf %s", dir);
}

void suite_cli_args(void);
void suite_cli_args(void)
{
    CU_pSuite s = CU_add_suite("cli_args", NULL, NULL);
    CU_add_test(s, "game names are [a-z0-9-]+, never paths", test_cli_args_game_names);
    CU_add_test(s, "an unknown or path-like game: exit 2, the games named", test_cli_args_unknown_game);
    CU_add_test(s, "an unknown --lang: exit 2, the languages named", test_cli_args_unknown_lang);
    CU_add_test(s, "an option without its value says so: exit 2", test_cli_args_missing_values);
    CU_add_test(s, "an --examples file's game must be a game name", test_cli_args_examples_game);
}
