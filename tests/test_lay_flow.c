/* test_lay_flow.c — flowchart pages as a user builds them: every verified
 * flow of every game renders with both devices into a PDF that passes the
 * PDF checks and carries its labels as text; a label missing from the
 * language, or a flow too large to print legibly, fails the build and
 * writes nothing. */
#include <CUnit/CUnit.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#define OUT (1 << 18)
static char dir[] = "/tmp/regelwerk-flow-XXXXXX";
static int ready;

/* every command's output fits in OUT */
#define run(out, ...) tu_runf((out), OUT, __VA_ARGS__)

static void ensure_dir(void)
{
    if (!ready)
        ready = mkdtemp(dir) != NULL;
    CU_ASSERT_FATAL(ready);
}

/* The shared PDF checks and one text the page must carry. */
static void pdf_ok(const char *path, const char *must_text)
{
    const char *texts[] = {must_text, NULL};
    tu_pdf_ok(path, 1, texts);
}

static void test_every_flow_renders(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    static const char *const devices[] = {"cairo", "haru"};
    for (int d = 0; d < 2; d++) {
        char args[600];
        snprintf(args, sizeof args, "--only flow --strict --device %s -o %s/%s", devices[d], dir, devices[d]);
        int st = run(out, "%s build %s 2>&1", tu_bin(), args);
        if (st != 0)
            fprintf(stderr, "%s\n", out);
        CU_ASSERT_EQUAL(st, 0);
        /* one line per flow: nodes, edges, label size */
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius-de-flow-wirken-a4.pdf: 15 nodes, 16 edges, labels"));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "nemesis-it-flow-sviluppo-a4.pdf: 13 nodes"));
        char path[700];
        snprintf(path, sizeof path, "%s/%s/noxius/noxius-de-flow-wirken-a4.pdf", dir, devices[d]);
        pdf_ok(path, "Auf einem T gelandet?");
        pdf_ok(path, "nein");
        snprintf(path, sizeof path, "%s/%s/noxius/noxius-de-flow-runde-a4.pdf", dir, devices[d]);
        pdf_ok(path, "Mission gescheitert");
        snprintf(path, sizeof path, "%s/%s/nemesis/nemesis-it-flow-bersaglio-a4.pdf", dir, devices[d]);
        pdf_ok(path, "Attacco a Sorpresa?");
        pdf_ok(path, "s\xC3\xAC");
        snprintf(path, sizeof path, "%s/%s/nemesis/nemesis-it-flow-sviluppo-a4.pdf", dir, devices[d]);
        pdf_ok(path, "Adulto, Nutrice");   /* two branches to one node share an edge */
    }
    free(out);
}

static void test_reproducible(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    for (int i = 0; i < 2; i++) {
        char args[600];
        snprintf(args, sizeof args, "noxius --only flow -o %s/r%d", dir, i);
        CU_ASSERT_EQUAL(run(out, "SOURCE_DATE_EPOCH=1700000000 %s build %s >/dev/null 2>&1", tu_bin(), args), 0);
    }
    char a[600], b[600];
    snprintf(a, sizeof a, "%s/r0/noxius/noxius-de-flow-runde-a4.pdf", dir);
    snprintf(b, sizeof b, "%s/r1/noxius/noxius-de-flow-runde-a4.pdf", dir);
    CU_ASSERT_EQUAL(run(out, "cmp '%s' '%s'", a, b), 0);
    free(out);
}

/* A copy of the content with one change, built with --strict. */
static int build_copy(const char *file, const char *from, const char *to, char *out, const char *name)
{
    char content[600], path[700], args[1400];
    snprintf(content, sizeof content, "%s/%s-content", dir, name);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", content), 0);
    snprintf(path, sizeof path, "%s/%s", content, file);
    CU_ASSERT_EQUAL_FATAL(tu_replace_in_file(path, from, to), 0);
    snprintf(args, sizeof args, "--content %s build noxius --only flow --strict -o %s/%s-out", content, dir, name);
    return run(out, "%s %s 2>&1", tu_bin(), args);
}

static void test_missing_label_fails(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    int st = build_copy("noxius/de.xml", "<label node=\"w-wurf\">W\xC3\xBC" "rfeln</label>", "", out, "label");
    CU_ASSERT_EQUAL(st, 1);
    /* build checks first: the check names the summary that lacks the label */
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "de.xml:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "node \"w-wurf\" has no de label"));
    char path[700];
    snprintf(path, sizeof path, "%s/label-out/noxius/noxius-de-flow-wirken-a4.pdf", dir);
    CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0);   /* nothing written for it */
    free(out);
}

/* A chain of thirty steps cannot be printed at a readable size on one page:
 * --strict refuses it and writes nothing. */
static void test_too_large_fails(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    char *chain = malloc(1 << 16), *labels = malloc(1 << 16);
    CU_ASSERT_FATAL(out && chain && labels);
    size_t u = 0, v = 0;
    u += (size_t)snprintf(chain + u, 4096, "<flow id=\"lang\" ai=\"noxius.round\"><start id=\"l0\" next=\"l1\"/>");
    v += (size_t)snprintf(labels + v, 4096, "<flowtext flow=\"lang\"><title>Lang</title><label node=\"l0\">Anfang</label>");
    for (int i = 1; i <= 30; i++) {
        char next[32] = "";
        if (i < 30)
            snprintf(next, sizeof next, " next=\"l%d\"", i + 1);
        u += (size_t)snprintf(chain + u, 4096, "<action id=\"l%d\" outcome=\"noxius.round.next\"%s/>", i, next);
        v += (size_t)snprintf(labels + v, 4096,
                              "<label node=\"l%d\">Schritt %d einer sehr langen Kette von Schritten</label>", i, i);
    }
    snprintf(chain + u, 4096, "</flow>\n</flows>");
    snprintf(labels + v, 4096, "</flowtext>\n  <flowtext flow=\"runde\">");
    char content[600], path[700], args[1400];
    snprintf(content, sizeof content, "%s/large-content", dir);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", content), 0);
    snprintf(path, sizeof path, "%s/noxius/flows.xml", content);
    CU_ASSERT_EQUAL_FATAL(tu_replace_in_file(path, "</flows>", chain), 0);
    snprintf(path, sizeof path, "%s/noxius/de.xml", content);
    CU_ASSERT_EQUAL_FATAL(tu_replace_in_file(path, "<flowtext flow=\"runde\">", labels), 0);
    /* the chain is no rule the engine plays: this tests the layout alone */
    snprintf(args, sizeof args, "--content %s build noxius --only flow --strict --no-verify -o %s/large-out",
             content, dir);
    int st = run(out, "%s %s 2>&1", tu_bin(), args);
    CU_ASSERT_EQUAL(st, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "flow \"lang\" fits the page only with labels at"));
    snprintf(path, sizeof path, "%s/large-out/noxius/noxius-de-flow-lang-a4.pdf", dir);
    CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0);
    /* the others are still built */
    snprintf(path, sizeof path, "%s/large-out/noxius/noxius-de-flow-runde-a4.pdf", dir);
    CU_ASSERT_EQUAL(access(path, F_OK), 0);
    free(out), free(chain), free(labels);
}

static int cleanup(void)
{
    if (ready) {
        char cmd[300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        tu_run(cmd, NULL, 0);
    }
    return 0;
}

/* declared here for -Wmissing-prototypes; tests/main.c finds it by name */
void suite_lay_flow(void);
void suite_lay_flow(void)
{
    CU_pSuite s = CU_add_suite("lay_flow", NULL, cleanup);
    CU_add_test(s, "every flow, both devices, PDF checks", test_every_flow_renders);
    CU_add_test(s, "same input, same bytes", test_reproducible);
    CU_add_test(s, "a missing label fails at file:line", test_missing_label_fails);
    CU_add_test(s, "a flow too large to read fails under --strict", test_too_large_fails);
}
