/* test_cli.c — the command line as an unlucky user or an attacker meets it:
 * regressions for the hardening issue, each run against the real binary
 * (under ASan and UBSan in `make check SAN=1`). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* A copy of the real content in a temporary root, for planting faults. */
static int content_copy(char *root, size_t cap)
{
    char tmpl[] = "/tmp/regelwerk-cli-XXXXXX";
    if (!mkdtemp(tmpl))
        return -1;
    snprintf(root, cap, "%s", tmpl);
    char path[512];
    snprintf(path, sizeof path, "%s/content", root);
    return tu_copy_tree("content", path);
}

static int count_files(const char *dir)
{
    char out[64];
    if (tu_runf(out, sizeof out, "find %s -type f 2>/dev/null | wc -l", dir) != 0)
        return -1;
    return atoi(out);
}

/* build checks first: a number the engine contradicts stops the build and
 * nothing is written; --no-verify builds it, marked on every page. */
static void test_cli_build_verifies_first(void)
{
    char root[256], path[512], outdir[512];
    CU_ASSERT_FATAL(content_copy(root, sizeof root) == 0);
    snprintf(path, sizeof path, "%s/content/noxius/de.xml", root);
    /* a bound number the engine contradicts: six faces become seven */
    static char out[65536];
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<num fact=\"noxius.die.faces\">6</num>",
                                       "<num fact=\"noxius.die.faces\">7</num>") == 0);
    snprintf(outdir, sizeof outdir, "%s/out", root);
    int rc = tu_runf(out, sizeof out, "%s --content %s/content build noxius --only sheet -o %s 2>&1", tu_bin(),
                     root, outdir);
    CU_ASSERT_EQUAL(rc, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius.die.faces: the text says 7"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "nothing built"));
    CU_ASSERT_EQUAL(count_files(outdir), 0);

    rc = tu_runf(out, sizeof out, "%s --content %s/content build noxius --only sheet --paper a4 --no-verify -o %s 2>&1",
                 tu_bin(), root, outdir);
    CU_ASSERT_EQUAL(rc, 0);
    char pdf[600];
    snprintf(pdf, sizeof pdf, "%s/noxius/noxius-de-a4.pdf", outdir);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "pdftotext %s - | grep -c 'nicht verifiziert'", pdf), 0);
    CU_ASSERT(atoi(out) >= 1);
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

/* A text-only game (engine="none") checks as unverified and builds marked;
 * an unknown engine names those that exist. */
static void test_cli_engine_none(void)
{
    char root[256];
    CU_ASSERT_FATAL(many_games(root, sizeof root, 0) == 0);
    char path[512];
    snprintf(path, sizeof path, "%s/demo", root);
    static char out[65536];
    CU_ASSERT_FATAL(tu_runf(out, sizeof out, "mkdir -p %s", path) == 0);
    snprintf(path, sizeof path, "%s/demo/game.xml", root);
    CU_ASSERT_FATAL(tu_write_file(path,
        "<game id=\"demo\" engine=\"none\" source-lang=\"de\">\n"
        "  <title lang=\"de\">Demo</title>\n  <players min=\"1\" max=\"4\"/>\n"
        "  <credits><credit role=\"source\" lang=\"de\" version=\"1\">A. Autor</credit></credits>\n"
        "  <languages><language code=\"de\" file=\"de.xml\"/></languages>\n"
        "  <outputs><sheet template=\"reference\" paper=\"a4\"/></outputs>\n</game>\n") == 0);
    snprintf(path, sizeof path, "%s/demo/de.xml", root);
    CU_ASSERT_FATAL(tu_write_file(path,
        "<summary game=\"demo\" lang=\"de\" version=\"1\"><title>Demo</title>\n"
        "<section id=\"s\"><h>Runde</h><p id=\"p\">Jeder zieht 2 Karten.</p></section></summary>\n") == 0);
    int rc = tu_runf(out, sizeof out, "%s --content %s check demo 2>&1", tu_bin(), root);
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "not verified"));
    rc = tu_runf(out, sizeof out, "%s --content %s build demo -o %s/out 2>&1 && pdftotext %s/out/demo/demo-de-a4.pdf - 2>&1",
                 tu_bin(), root, root, root);
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "nicht verifiziert"));
    /* an engine that does not exist: the message lists those that do */
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "sed -i 's/engine=\"none\"/engine=\"nonesuch\"/' %s/demo/game.xml", root), 0);
    rc = tu_runf(out, sizeof out, "%s --content %s check demo 2>&1", tu_bin(), root);
    CU_ASSERT_EQUAL(rc, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "there are: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius"));
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

/* regelwerk facts lists every fact with its value and its actions. */
static void test_cli_facts(void)
{
    static char out[262144];
    int rc = tu_runf(out, sizeof out, "%s facts noxius --format json", tu_bin());
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"version\": 1"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"id\": \"noxius."));
    CU_ASSERT_PTR_NULL(strstr(out, "\"actions\": 0,"));
    rc = tu_runf(out, sizeof out, "%s facts nonesuch 2>&1", tu_bin());
    CU_ASSERT_EQUAL(rc, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius"));
}

/* A scenario naming a key, action or argument the engine does not have is
 * refused when the file is loaded, at its line, even before it runs. */
static void test_cli_scenario_checked_at_load(void)
{
    char dir[] = "/tmp/regelwerk-scen-XXXXXX";
    CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
    char path[300];
    snprintf(path, sizeof path, "%s/house.xml", dir);
    CU_ASSERT_FATAL(tu_write_file(path,
        "<examples game=\"noxius\">\n"
        "  <scenario id=\"a\">\n"
        "    <given><set key=\"c1.lpp\" value=\"3\"/></given>\n"
        "    <actions><do action=\"hit\" args=\"who=1 strength=2\"/><value key=\"c1.lp\" value=\"3\"/></actions>\n"
        "    <expect><value key=\"c1.lp\" value=\"3\"/></expect>\n"
        "  </scenario>\n</examples>\n") == 0);
    static char out[65536];
    int rc = tu_runf(out, sizeof out, "%s check --examples %s 2>&1", tu_bin(), path);
    CU_ASSERT_EQUAL(rc, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "house.xml:3:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "unknown key \"c1.lpp\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "house.xml:4:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "strength"));
    tu_runf(out, sizeof out, "rm -rf %s", dir);
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
    /* each at the line that holds it */
    char want[200];
    snprintf(want, sizeof want, "noxius/game.xml:%d:", tu_line_of(path, "<players min=\"5\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "error: <players> min=\"5\" is more than max=\"4\""));
    snprintf(want, sizeof want, "noxius/game.xml:%d:", tu_line_of(path, "pages=\"4294967297\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "error: pages=\"4294967297\" on <sheet> wants a whole number from 1 to 99"));
    char o[64];
    tu_runf(o, sizeof o, "rm -rf %s", root);
}

/* Diagnostics as gcc prints them: file:line:col: error: message [id], the
 * source line and a caret under the column; colour only when asked or on a
 * terminal without NO_COLOR. */
static void test_cli_diagnostics_like_gcc(void)
{
    char root[256], path[512];
    CU_ASSERT_FATAL(content_copy(root, sizeof root) == 0);
    snprintf(path, sizeof path, "%s/content/noxius/de.xml", root);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<num fact=\"noxius.die.faces\">6</num>",
                                       "<num fact=\"noxius.die.faces\">7</num>") == 0);
    static char out[65536];
    int rc = tu_runf(out, sizeof out, "%s --content %s/content check noxius 2>&1", tu_bin(), root);
    CU_ASSERT_EQUAL(rc, 1);
    const char *e = strstr(out, "de.xml:10:");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_PTR_NOT_NULL(strstr(e, ": error: noxius.die.faces: the text says 7"));
    CU_ASSERT_PTR_NOT_NULL(strstr(e, "[num-mismatch]\n   10 | "));
    /* the caret stands under the column the first line names */
    int col = atoi(e + strlen("de.xml:10:"));
    const char *bar = strstr(e, "\n      | ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(bar);
    const char *caret = strchr(bar + 9, '^');
    CU_ASSERT_PTR_NOT_NULL_FATAL(caret);
    CU_ASSERT_EQUAL((int)(caret - (bar + 9)) + 1, col);
    CU_ASSERT_PTR_NULL(strstr(out, "\033["));   /* not a terminal: no colour */
    rc = tu_runf(out, sizeof out, "%s --content %s/content --color=always check noxius 2>&1", tu_bin(), root);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\033[1;31merror:"));
    /* on a terminal (script(1) gives it one): colour, unless NO_COLOR is
     * set or --color=never says otherwise; the same for what concerns no file */
#define ON_TTY "script -qec \"%s%s --content %s/content %s check noxius nosuch\" /dev/null 2>&1"
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, ON_TTY, "", tu_bin(), root, ""), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\033[1;31merror:\033[0m unknown game 'nosuch'"));
    tu_runf(out, sizeof out, ON_TTY, "", tu_bin(), root, "--color=never");
    CU_ASSERT_PTR_NOT_NULL(strstr(out, " error: unknown game 'nosuch'"));
    CU_ASSERT_PTR_NULL(strstr(out, "\033["));
    tu_runf(out, sizeof out, ON_TTY, "NO_COLOR=1 ", tu_bin(), root, "");
    CU_ASSERT_PTR_NOT_NULL(strstr(out, " error: unknown game 'nosuch'"));
    CU_ASSERT_PTR_NULL(strstr(out, "\033["));
    /* a file's diagnostic on a terminal, with NO_COLOR set: none */
    tu_runf(out, sizeof out, "NO_COLOR=1 script -qec \"%s --content %s/content check noxius\" /dev/null 2>&1",
            tu_bin(), root);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "error: noxius.die.faces"));
    CU_ASSERT_PTR_NULL(strstr(out, "\033["));
    tu_runf(out, sizeof out, "script -qec \"%s --content %s/content check noxius\" /dev/null 2>&1", tu_bin(), root);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\033[1;31merror:\033[0m noxius.die.faces"));
#undef ON_TTY
    rc = tu_runf(out, sizeof out, "%s --color=sometimes list 2>&1", tu_bin());
    CU_ASSERT_EQUAL(rc, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "Try 'regelwerk --help'"));
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

/* check's machine-readable formats: JSON (version 1, json-c), SARIF 2.1.0,
 * JUnit XML, each parsed back; and the GitHub problem matcher shipped in
 * templates/ci catches every error line of the text output. */
static void test_cli_check_formats(void)
{
    char root[256], path[512];
    CU_ASSERT_FATAL(content_copy(root, sizeof root) == 0);
    snprintf(path, sizeof path, "%s/content/noxius/de.xml", root);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<num fact=\"noxius.die.faces\">6</num>",
                                       "<num fact=\"noxius.die.faces\">7</num>") == 0);
    static char out[1 << 18];
    const char *py_json = "import json,sys; d=json.load(sys.stdin); "
                          "assert d['version']==1 and d['failed']>=1; "
                          "e=[x for x in d['diagnostics'] if x['id']=='num-mismatch'][0]; "
                          "assert e['line']==10 and e['column']>0 and e['severity']=='error'; print('ok')";
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s/content check noxius --format json 2>/dev/null | "
                            "python3 -c \"%s\"", tu_bin(), root, py_json), 0);
    CU_ASSERT_STRING_EQUAL(out, "ok\n");
    const char *py_sarif = "import json,sys; d=json.load(sys.stdin); assert d['version']=='2.1.0'; "
                           "r=d['runs'][0]['results'][0]; assert r['ruleId']=='num-mismatch'; "
                           "assert r['locations'][0]['physicalLocation']['region']['startLine']==10; print('ok')";
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s/content check noxius --format=sarif 2>/dev/null | "
                            "python3 -c \"%s\"", tu_bin(), root, py_sarif), 0);
    CU_ASSERT_STRING_EQUAL(out, "ok\n");
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s/content check noxius --format junit 2>/dev/null | "
                            "xmllint --xpath 'string(//testsuite/@failures)' -", tu_bin(), root), 0);
    CU_ASSERT(atoi(out) >= 1);
    /* every error line the text output prints is caught by one of the
     * matcher's two patterns (with and without a column) */
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out,
                            "%s --content %s/content check noxius 2>&1 >/dev/null | grep -E ': (error|warning): ' | "
                            "python3 -c \"import json,re,sys; m=json.load(open('templates/ci/regelwerk-problem-matcher.json')); "
                            "pats=[re.compile(p['pattern'][0]['regexp']) for p in m['problemMatcher']]; "
                            "lines=sys.stdin.read().splitlines(); "
                            "assert lines and all(any(p.match(l) for p in pats) for l in lines), lines; print(len(lines))\"",
                            tu_bin(), root), 0);
    CU_ASSERT(atoi(out) >= 1);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s check --format yaml 2>&1", tu_bin()), 2);
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

/* Column (1-based, in characters) of needle on line `line` of path, or 0. */
static int col_of(const char *path, int line, const char *needle)
{
    char *text = tu_read_file(path, NULL);
    const char *l = text;
    for (int i = 1; l && i < line; i++)
        l = (l = strchr(l, '\n')) ? l + 1 : NULL;
    const char *end = l ? strchr(l, '\n') : NULL, *hit = l ? strstr(l, needle) : NULL;
    int col = 0;
    if (hit && (!end || hit < end))
        for (col = 1; l < hit; l++)
            col += ((unsigned char)*l & 0xC0) != 0x80;
    free(text);
    return col;
}

/* Every diagnostic that concerns a file has file:line:col, and every one
 * that concerns none has the form "regelwerk[ CMD]: error: message": the
 * commands that give each kind of file-level diagnostic (a file that cannot
 * be read, a file refused whole, missing files, outputs not written,
 * usage errors, stdout not written and, with REGELWERK_OOM, out of memory)
 * are run and all they print on stderr goes through the problem matcher
 * shipped in templates/ci, its expressions read from the file
 * (tests/problem_matcher.py): no line may escape it, and each kind must be
 * caught at its place. */
static void test_cli_problem_matcher_catches_all(void)
{
    char root[256];
    CU_ASSERT_FATAL(content_copy(root, sizeof root) == 0);
    char script[512], cwd[1024], o[64];
    CU_ASSERT_FATAL(getcwd(cwd, sizeof cwd) != NULL);
    snprintf(script, sizeof script, "%s/kinds.sh", root);
    CU_ASSERT_FATAL(tu_write_file(script,
        "B=$1; R=$2; OOM=$3; C=$R/content; E=$R/err; : >$E\n"
        "one() { \"$@\" 2>>$E >/dev/null; }\n"
        "# a file that cannot be read: a folder where the summary should be\n"
        "cp -r $C $R/c1; rm $R/c1/noxius/de.xml; mkdir $R/c1/noxius/de.xml\n"
        "one $B -q --content $R/c1 check noxius\n"
        "# a file refused whole: not well-formed\n"
        "cp -r $C $R/c2; printf '<summary>\\n<p>\\n' >$R/c2/noxius/de.xml\n"
        "one $B -q --content $R/c2 check noxius\n"
        "# files that are not there: the summary and the PO file game.xml names\n"
        "cp -r $C $R/c3; rm $R/c3/noxius/de.xml $R/c3/noxius/po/it.po\n"
        "one $B -q --content $R/c3 check noxius\n"
        "# a template game.xml names that is not there\n"
        "cp -r $C $R/c4; sed -i 's|<sheet template=\"reference\" paper=\"a4\"|<sheet template=\"nosuch\" paper=\"a4\"|' "
        "$R/c4/noxius/game.xml\n"
        "one $B -q --content $R/c4 build noxius --only sheet --lang de --paper a4 -o $R/o4\n"
        "# outputs not written: a file where their folder should be, a folder where the PDF should be\n"
        "one $B -q --content $C build noxius --only sheet --lang de --paper a4 -o /dev/null/x\n"
        "mkdir -p $R/o/noxius/noxius-de-a4.pdf\n"
        "one $B -q --content $C build noxius --only sheet --lang de --paper a4 -o $R/o\n"
        "# no file: usage errors, a content folder that is not there, stdout not written\n"
        "one $B -q --content $C check --frob\n"
        "one $B -q --content $C check nosuchgame\n"
        "one $B -q --content $R/none list\n"
        "$B -q --content $C list 2>>$E >/dev/full\n"
        "# out of memory, before any file and in one\n"
        "[ -n \"$OOM\" ] && for n in 1 2 5 10 30 100 200 300 500 1000; do\n"
        "  REGELWERK_FAIL_ALLOC=$n one $OOM -q --content tests/fixtures/tiny check; done\n"
        "python3 tests/problem_matcher.py templates/ci/regelwerk-problem-matcher.json <$E\n") == 0);
    const char *oom = getenv("REGELWERK_OOM");
    static char out[1 << 16];
    int rc = tu_runf(out, sizeof out, "cd %s && sh %s %s %s '%s' 2>&1", cwd, script, tu_bin(), root,
                     oom && *oom ? oom : "");
    if (rc != 0)
        fprintf(stderr, "\n%s\n", out);
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_PTR_NULL(strstr(out, "UNCAUGHT"));
    char want[1024], game_xml[512];
    /* each kind at its place: a whole-file problem at 1:1 */
    snprintf(want, sizeof want, "regelwerk\t%s/c1/noxius/de.xml\t1\t1\tio\tcannot open the file: Is a directory\n",
             root);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
    CU_ASSERT_PTR_NULL(strstr(out, "Document is empty"));   /* one error, not two */
    snprintf(want, sizeof want, "regelwerk\t%s/c2/noxius/de.xml\t3\t", root);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
    /* a missing file at the attribute that names it */
    snprintf(game_xml, sizeof game_xml, "%s/c3/noxius/game.xml", root);
    int l = tu_line_of(game_xml, "<language code=\"de\"");
    snprintf(want, sizeof want, "regelwerk\t%s\t%d\t%d\tlang\tde: no summary at ", game_xml, l,
             col_of(game_xml, l, "file="));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
    l = tu_line_of(game_xml, "<language code=\"it\"");
    snprintf(want, sizeof want, "regelwerk\t%s\t%d\t%d\tlang\tit: no translation at ", game_xml, l,
             col_of(game_xml, l, "po="));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
    snprintf(game_xml, sizeof game_xml, "%s/c4/noxius/game.xml", root);
    l = tu_line_of(game_xml, "<sheet template=\"nosuch\"");
    snprintf(want, sizeof want, "regelwerk\t%s\t%d\t%d\tio\ttemplates/nosuch.xml: cannot open the file", game_xml, l,
             col_of(game_xml, l, "template="));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
    /* an output not written at the <sheet> that asks for it, naming it */
    snprintf(game_xml, sizeof game_xml, "%s/content/noxius/game.xml", root);
    l = tu_line_of(game_xml, "<sheet template=\"reference\" paper=\"a4\"");
    snprintf(want, sizeof want, "regelwerk\t%s\t%d\t%d\tio\t/dev/null/x/noxius: cannot create the folder", game_xml, l,
             col_of(game_xml, l, "<sheet"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
    snprintf(want, sizeof want, "regelwerk\t%s\t%d\t%d\tdevice\t%s/o/noxius/noxius-de-a4.pdf: ", game_xml, l,
             col_of(game_xml, l, "<sheet"), root);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
    /* what concerns no file */
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "regelwerk-tool\t\t\t\t\tunknown option '--frob'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "regelwerk-tool\t\t\t\t\tunknown game 'nosuchgame'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "regelwerk-tool\t\t\t\t\tcannot read the content folder"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "regelwerk-tool\t\t\t\t\tcannot write the output"));
    if (oom && *oom) {
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "regelwerk-tool\t\t\t\t\tout of memory"));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "\tmemory\tout of memory"));
    }
    tu_runf(o, sizeof o, "rm -rf %s", root);
}

/* The date on a sheet never comes from file times: touching every file of
 * the content changes no byte; game.xml's date= is printed when given. */
static void test_cli_date_not_mtime(void)
{
    char root[256], path[512];
    CU_ASSERT_FATAL(content_copy(root, sizeof root) == 0);
    static char out[65536];
#define BUILD_DATED "env -u SOURCE_DATE_EPOCH %s --content %s/content build noxius --only sheet " \
                    "--paper a4 -o %s/%s >/dev/null 2>&1"
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, BUILD_DATED, tu_bin(), root, root, "a"), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "find %s/content -type f -exec touch -d '2031-05-06' {} +", root), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, BUILD_DATED, tu_bin(), root, root, "b"), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "cmp %s/a/noxius/noxius-de-a4.pdf %s/b/noxius/noxius-de-a4.pdf", root, root), 0);
    snprintf(path, sizeof path, "%s/content/noxius/game.xml", root);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<game id=\"noxius\"", "<game date=\"2025-01-02\" id=\"noxius\"") == 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, BUILD_DATED, tu_bin(), root, root, "c"), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "pdftotext %s/c/noxius/noxius-de-a4.pdf - | grep -c 2025-01-02", root), 0);
    CU_ASSERT_PTR_NULL(strstr(out, "2031"));
    tu_runf(out, sizeof out, "rm -rf %s", root);
#undef BUILD_DATED
}

/* Credits and licences in the output's language: an Italian card sheet
 * says "Caratteri"/"Icone", not "Fonts"/"Icons"; a credit with lang= is
 * printed in its language, another language's only when its role has none
 * there; a credit ending its sentence gets no second period. */
static void test_cli_credits_by_language(void)
{
    char root[256];
    CU_ASSERT_FATAL(content_copy(root, sizeof root) == 0);
    static char out[65536];
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s -q --content %s/content build noxius --paper a4 -o %s/o 2>&1",
                            tu_bin(), root, root), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "pdftotext %s/o/noxius/noxius-it-cards-a4.pdf - 2>&1", root), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "Caratteri: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "Icone: "));
    CU_ASSERT_PTR_NULL(strstr(out, "Fonts: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "sito dell\xE2\x80\x99" "editore"));    /* the Italian credit */
    CU_ASSERT_PTR_NULL(strstr(out, "Webseite des Verlags"));                    /* not the German one */
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "pdftotext %s/o/noxius/noxius-de-a4.pdf - 2>&1", root), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "Webseite des Verlags"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "Schriften: "));
    CU_ASSERT_PTR_NULL(strstr(out, "sito dell"));
    /* without an Italian credit the German one stands on the Italian pages */
    char path[512];
    snprintf(path, sizeof path, "%s/content/noxius/game.xml", root);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<credit role=\"source\" lang=\"it\">", "<credit role=\"publisher\" lang=\"it\">") == 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s -q --content %s/content build noxius --lang it --only sheet --paper a4 "
                            "-o %s/p 2>&1 && pdftotext %s/p/noxius/noxius-it-a4.pdf - 2>&1", tu_bin(), root, root, root), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "Webseite des Verlags"));
    CU_ASSERT_PTR_NULL(strstr(out, ".."));
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

/* build --report json: every file written with its figures and every
 * diagnostic, read back; a game that fails its check writes nothing and
 * says so (ok false, the error in the report, no file listed). */
static void test_cli_build_report(void)
{
    char root[256], path[512];
    CU_ASSERT_FATAL(content_copy(root, sizeof root) == 0);
    static char out[1 << 18];
    const char *py = "import json,os,sys; d=json.load(sys.stdin); assert d['version']==1 and d['ok']; "
                     "k=sorted(set(f['kind'] for f in d['files'])); assert k==['cards','flowchart','sheet'], k; "
                     "assert all(os.path.exists(f['path']) for f in d['files']); "
                     "s=[f for f in d['files'] if f['kind']=='sheet'][0]['figures']; "
                     "assert s['pages']>=1 and s['flaws']==0 and 'loose_percent' in s; print(len(d['files']))";
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s/content build noxius --report json -o %s/o 2>/dev/null | "
                            "python3 -c \"%s\"", tu_bin(), root, root, py), 0);
    CU_ASSERT_EQUAL(atoi(out), 10);
    /* two games are built in parallel processes: the report and the
     * summary still count every file, in the games' order */
    const char *two = "import json,sys; d=json.load(sys.stdin); g=[f['game'] for f in d['files']]; "
                      "assert g==sorted(g, key=['noxius','nanolith'].index), g; print(len(g))";
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "REGELWERK_JOBS=2 %s --content %s/content build noxius nanolith "
                            "--report json -o %s/q 2>/dev/null | python3 -c \"%s\"", tu_bin(), root, root, two), 0);
    int both = atoi(out);
    CU_ASSERT(both > 10);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "REGELWERK_JOBS=2 %s --content %s/content build noxius nanolith "
                            "-o %s/q 2>/dev/null | tail -1", tu_bin(), root, root), 0);
    char want[64];
    snprintf(want, sizeof want, "%d written, 0 failed", both);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
    snprintf(path, sizeof path, "%s/content/noxius/de.xml", root);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<num fact=\"noxius.die.faces\">6</num>",
                                       "<num fact=\"noxius.die.faces\">7</num>") == 0);
    const char *bad = "import json,sys; d=json.load(sys.stdin); assert not d['ok'] and not d['files']; "
                      "assert any(x['id']=='num-mismatch' for x in d['diagnostics']); print('ok')";
    tu_runf(out, sizeof out, "%s --content %s/content build noxius --report json -o %s/p 2>/dev/null | "
            "python3 -c \"%s\"", tu_bin(), root, root, bad);
    CU_ASSERT_STRING_EQUAL(out, "ok\n");
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

/* Every content file names its schema for editors (<?xml-model?>), by a
 * path that resolves from the file's own folder. */
static void test_cli_xml_model(void)
{
    static char out[65536];
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out,
                            "n=0; for f in content/*/*.xml; do n=$((n+1)); "
                            "h=$(sed -n 2p \"$f\" | sed -n 's/.*xml-model href=\"\\([^\"]*\\)\".*/\\1/p'); "
                            "[ -n \"$h\" ] && [ -f \"$(dirname \"$f\")/$h\" ] || echo \"missing: $f\"; done; echo \"$n files\""),
                    0);
    CU_ASSERT_PTR_NULL(strstr(out, "missing:"));
    CU_ASSERT_PTR_NULL(strstr(out, "\n0 files"));
    if (strstr(out, "missing:"))
        fprintf(stderr, "\n%s\n", out);
}

/* A misspelt fact, term or icon is answered with the closest known one. */
static void test_cli_did_you_mean(void)
{
    char root[256], path[512];
    CU_ASSERT_FATAL(content_copy(root, sizeof root) == 0);
    snprintf(path, sizeof path, "%s/content/noxius/de.xml", root);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<num fact=\"noxius.die.faces\">", "<num fact=\"noxius.die.face\">") == 0);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<term ref=\"mission\">", "<term ref=\"misson\">") == 0);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<icon name=\"wuerfel\"", "<icon name=\"wuerfl\"") == 0);
    static char out[65536];
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s/content check noxius 2>&1", tu_bin(), root), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "no fact \"noxius.die.face\" (did you mean \"noxius.die.faces\"?)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "no glossary entry \"misson\" (did you mean \"mission\"?)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "no icon \"wuerfl\" in the game's icon map (did you mean \"wuerfel\"?)"));
    /* misspelt elements and attributes, as jing would say it, and one
     * mistake is one error: no "extra content" cascade, no complaint of
     * the translation whose source did not load */
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<term ref=\"charakter\">Charakter</term>",
                                       "<trem ref=\"charakter\">Charakter</trem>") == 0);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<p id=\"ue-spieler\">", "<p idd=\"ue-spieler\">") == 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s/content check noxius 2>&1", tu_bin(), root), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "error: element \"trem\" is not allowed here (did you mean \"term\"?) [schema]"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "error: attribute \"idd\" is not allowed on <p> (did you mean \"id\"?) [schema]"));
    CU_ASSERT_PTR_NULL(strstr(out, "extra content"));
    CU_ASSERT_PTR_NULL(strstr(out, "as a summary file of its own"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, " 2 failed"));
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

/* regelwerk new: a text-only game that checks and builds at once; an
 * existing game is not overwritten; a bad name is a usage error. */
static void test_cli_new_game(void)
{
    char root[256];
    CU_ASSERT_FATAL(many_games(root, sizeof root, 0) == 0);
    static char out[65536];
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s new demo --lang it 2>&1", tu_bin(), root), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s check demo 2>&1", tu_bin(), root), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "not verified"));
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s build demo -o %s/out 2>&1", tu_bin(), root, root), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "pdftotext %s/out/demo/demo-it-a4.pdf - | grep -c 'non verificato'", root), 0);
    /* editors find the schema */
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "grep -o 'xml-model href=\"[^\"]*\"' %s/demo/it.xml", root), 0);
    char *q = strchr(out, '"');
    if (q) {
        char *e = strchr(q + 1, '"');
        if (e)
            *e = '\0';
        CU_ASSERT_EQUAL(access(q + 1, R_OK), 0);
    }
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s new demo 2>&1", tu_bin(), root), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "already exists"));
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s new ../up 2>&1", tu_bin(), root), 2);
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

/* A changed German sentence makes the Italian translation stale: check
 * says so at the PO's line; building German goes on, building Italian (or
 * everything) waits for the translator. */
/* A copy of the content whose Noxius file (de.xml, po/it.po) has one
 * text replaced; the check of both languages must then fail at it.po. */
static void noxius_planted(char *root, size_t cap, const char *file, const char *from, const char *to)
{
    char path[512];
    CU_ASSERT_FATAL(content_copy(root, cap) == 0);
    snprintf(path, sizeof path, "%s/content/noxius/%s", root, file);
    CU_ASSERT_FATAL(tu_replace_in_file(path, from, to) == 0);
    static char out[65536];
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s/content check noxius 2>&1", tu_bin(), root), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "po/it.po:"));
}

static void test_cli_stale_translation(void)
{
    char root[256], path[512];
    noxius_planted(root, sizeof root, "de.xml", "Gespielt wird kooperativ", "Man spielt kooperativ");
    static char out[65536];
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s/content check noxius --lang de 2>&1", tu_bin(), root), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s/content build noxius --lang de --only sheet "
                            "--paper a4 -o %s/out 2>&1", tu_bin(), root, root), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s/content build noxius --lang it --only sheet "
                            "--paper a4 -o %s/out 2>&1", tu_bin(), root, root), 1);
    snprintf(path, sizeof path, "%s/out/noxius/noxius-it-a4.pdf", root);
    CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0);
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

/* build --lang L reads no other language's PO (build_one's game_load_lang):
 * a Noxius whose Italian PO does not even parse still builds its German
 * sheet, while a check of both languages stops at the PO's line. */
static void test_cli_lang_reads_no_other_po(void)
{
    char root[256], path[512];
    noxius_planted(root, sizeof root, "po/it.po", "msgid \"\"", "msgid \"\" \"unterminated");
    static char out[65536];
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s/content build noxius --lang de --only sheet "
                            "--paper a4 -o %s/out 2>&1", tu_bin(), root, root), 0);
    CU_ASSERT_PTR_NULL(strstr(out, "it.po"));
    snprintf(path, sizeof path, "%s/out/noxius/noxius-de-a4.pdf", root);
    CU_ASSERT_EQUAL(access(path, F_OK), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s/content build noxius --lang it --only sheet "
                            "--paper a4 -o %s/out 2>&1", tu_bin(), root, root), 1);
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

void suite_cli(void);
void suite_cli(void)
{
    CU_pSuite s = CU_add_suite("cli", NULL, NULL);
    CU_add_test(s, "check/build of every game: no overflow, every game reported",
                test_cli_all_games_no_overflow);
    CU_add_test(s, "build refuses a planted fault, writes nothing; --no-verify marks the pages",
                test_cli_build_verifies_first);
    CU_add_test(s, "engine=\"none\" checks unverified and builds marked; unknown engines listed",
                test_cli_engine_none);
    CU_add_test(s, "regelwerk facts: every fact, its value and its actions", test_cli_facts);
    CU_add_test(s, "scenario keys, actions and arguments checked when loaded", test_cli_scenario_checked_at_load);
    CU_add_test(s, "numbers in game.xml: range checked, errors at their line", test_cli_numbers_checked);
    CU_add_test(s, "diagnostics like gcc's: [id], source line, caret, colour on request",
                test_cli_diagnostics_like_gcc);
    CU_add_test(s, "check --format json|sarif|junit parse back; the problem matcher catches every error",
                test_cli_check_formats);
    CU_add_test(s, "every diagnostic caught by the shipped problem matcher: file:line:col, or regelwerk: error:",
                test_cli_problem_matcher_catches_all);
    CU_add_test(s, "the sheet's date: SOURCE_DATE_EPOCH, game.xml's date, the last commit, never file times",
                test_cli_date_not_mtime);
    CU_add_test(s, "misspelt facts, terms, icons, elements and attributes: did you mean", test_cli_did_you_mean);
    CU_add_test(s, "credits and licences in the output's language", test_cli_credits_by_language);
    CU_add_test(s, "every content file names its schema (<?xml-model?>)", test_cli_xml_model);
    CU_add_test(s, "build --report json: files, figures, diagnostics", test_cli_build_report);
    CU_add_test(s, "regelwerk new: a text-only game that checks and builds at once", test_cli_new_game);
    CU_add_test(s, "a stale translation stops its own build, not its source's", test_cli_stale_translation);
    CU_add_test(s, "build --lang reads no other language's PO file", test_cli_lang_reads_no_other_po);
}
