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

/* stdout and stderr together */
static int run_all(char *out, size_t cap, const char *args)
{
    return tu_runf(out, cap, "%s %s 2>&1", tu_bin(), args);
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
        CU_ASSERT_PTR_NULL(strstr(out, "did you mean"));   /* nothing close to "nosuch" */
        /* a slip of the keyboard is answered */
        snprintf(args, sizeof args, "%s nemsis", cmds[c]);
        CU_ASSERT_EQUAL(run_err(out, sizeof out, args), 2);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "unknown game 'nemsis' (did you mean 'nemesis'?)"));
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
        {"--content", "option '--content' needs a value"},
        {"check --format", "option '--format' needs a value"},
        {"check --examples", "option '--examples' needs a value"},
        {"build --lang", "option '--lang' needs a value"},
        {"build --only", "option '--only' needs a value"},
        {"build --device", "option '--device' needs a value"},
        {"build --format", "option '--format' needs a value"},
        {"build --paper", "option '--paper' needs a value"},
        {"build --pages", "option '--pages' needs a value"},
        {"build -o", "option '-o' needs a value"},
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

/* getopt_long's conventions in every command: --opt=value, unique
 * prefixes, combined short options, "--", and one form of usage error */
static void test_cli_args_getopt(void)
{
    static char out[8192];
    /* --opt=value and a unique prefix */
    CU_ASSERT_EQUAL(run_all(out, sizeof out, "hyphenate --lang=it -- dell\xE2\x80\x99Intruso"), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "dell\xE2\x80\x99In-truso"));
    CU_ASSERT_EQUAL(run_all(out, sizeof out, "hyphenate --la it intruso"), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "in-truso"));
    /* after "--" an operand may start with a dash */
    CU_ASSERT_EQUAL(run_all(out, sizeof out, "hyphenate -- -x"), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "-x"));
    /* -q and -V, combined; -q silences the summary, not the exit status */
    CU_ASSERT_EQUAL(run_all(out, sizeof out, "-qV"), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "regelwerk 0."));
    CU_ASSERT_EQUAL(run_all(out, sizeof out, "-q check noxius"), 0);
    CU_ASSERT_PTR_NULL(strstr(out, "passed"));
    CU_ASSERT_PTR_NULL(strstr(out, "coverage"));
    CU_ASSERT_EQUAL(run_all(out, sizeof out, "check noxius"), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, " passed, 0 failed"));
    /* a usage error: one line naming it, then "Try", exit 2, in every command */
    static const char *const bad[][2] = {
        {"check --frob", "regelwerk check: error: unknown option '--frob'\nTry 'regelwerk check --help'\n"},
        {"build -z", "regelwerk build: error: unknown option '-z'\nTry 'regelwerk build --help'\n"},
        {"build --strict=yes", "regelwerk build: error: option '--strict' takes no value\nTry 'regelwerk build --help'\n"},
        {"list --frob", "regelwerk list: error: unknown option '--frob'\nTry 'regelwerk list --help'\n"},
        {"facts --frob", "regelwerk facts: error: unknown option '--frob'\nTry 'regelwerk facts --help'\n"},
        {"new --frob", "regelwerk new: error: unknown option '--frob'\nTry 'regelwerk new --help'\n"},
        {"i18n --frob", "regelwerk i18n: error: unknown option '--frob'\nTry 'regelwerk i18n --help'\n"},
        {"simulate --frob", "regelwerk simulate: error: unknown option '--frob'\nTry 'regelwerk simulate --help'\n"},
        {"hyphenate --frob", "regelwerk hyphenate: error: unknown option '--frob'\nTry 'regelwerk hyphenate --help'\n"},
        {"--frob", "regelwerk: error: unknown option '--frob'\nTry 'regelwerk --help'\n"},
        {"frob", "regelwerk: error: unknown command 'frob'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CU_ASSERT_EQUAL(run_err(out, sizeof out, bad[i][0]), 2);
        if (strcmp(out, bad[i][1]) != 0 && !strstr(out, bad[i][1]))
            fprintf(stderr, "\n%s: got \"%s\"\n", bad[i][0], out);
        CU_ASSERT(strcmp(out, bad[i][1]) == 0 || strstr(out, bad[i][1]) != NULL);
    }
    /* --help of every command goes to stdout with exit 0 */
    static const char *const cmds[] = {"list", "check", "build", "facts", "new", "i18n", "simulate", "hyphenate"};
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
        char args[64];
        snprintf(args, sizeof args, "%s --help", cmds[i]);
        CU_ASSERT_EQUAL(run_all(out, sizeof out, args), 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "usage: regelwerk"));
    }
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
    CU_ASSERT_EQUAL(run_all(out, sizeof out, args), 1);
    /* at the attribute */
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "x.xml:1:11: error: game=\"../../etc\" is not a game name"));
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
    CU_add_test(s, "getopt_long's conventions and one usage-error form everywhere", test_cli_args_getopt);
}
