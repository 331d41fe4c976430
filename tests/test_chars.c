/* test_chars.c — characters the sheets cannot print (hardening item 7):
 * noncharacters, unassigned and private-use code points and C1 controls are
 * refused by the content loader at their file:line:col, in text and in
 * attribute values, before a device ever sees them. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "testutil.h"

/* Loads body (a <summary>) from a temporary file without the schema; the
 * diagnostics land in dl. Returns the number of errors. */
static size_t load_errors(const char *body, diag_list *dl, char *path, size_t cap)
{
    char dir[] = "/tmp/regelwerk-chars-XXXXXX";
    if (!mkdtemp(dir))
        return (size_t)-1;
    snprintf(path, cap, "%s/de.xml", dir);
    if (tu_write_file(path, body) != 0)
        return (size_t)-1;
    doc_loader ld = {dir, NULL};
    doc *d = doc_load(&ld, path, dl);
    doc_free(d);
    char out[64];
    tu_runf(out, sizeof out, "rm -rf %s", dir);
    return dl->errors;
}

static void expect_refused(const char *body, const char *where, const char *what)
{
    diag_list dl;
    diag_list_init(&dl);
    char path[256];
    CU_ASSERT(load_errors(body, &dl, path, sizeof path) >= 1);
    const diag *d = tu_find_diag(&dl, what, NULL);
    CU_ASSERT_PTR_NOT_NULL(d);
    if (!d || d->line * 1000 + d->col != atoi(where) * 1000 + atoi(strchr(where, ':') + 1))
        diag_print(&dl, stderr);
    if (d) {
        char at[64];
        snprintf(at, sizeof at, "%d:%d", d->line, d->col);
        CU_ASSERT_STRING_EQUAL(at, where);
        CU_ASSERT_STRING_EQUAL(d->file, path);
    }
    diag_list_free(&dl);
}

#define HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<summary game=\"g\" lang=\"de\"><section id=\"s\">\n"
#define TAIL "</section></summary>\n"

static void test_chars_refused_at_their_line(void)
{
    expect_refused(HEAD "<p id=\"a\">gut &#x10FFFF; schlecht</p>" TAIL, "3:15", "U+10FFFF is a Unicode noncharacter");
    expect_refused(HEAD "<p id=\"a\">eins\nzwei &#xFDD0;</p>" TAIL, "4:6", "U+FDD0 is a Unicode noncharacter");
    expect_refused(HEAD "<p>\n\n&#x2FFFE;</p>" TAIL, "5:1", "U+2FFFE");
    expect_refused(HEAD "<p>&#x1FFFF;</p>" TAIL, "3:4", "U+1FFFF");
    expect_refused(HEAD "<p>a\xee\x80\x80z</p>" TAIL, "3:5", "U+E000 is a private-use character");
    expect_refused(HEAD "<p>&#xF0000;</p>" TAIL, "3:4", "U+F0000 is a private-use");
    expect_refused(HEAD "<p>&#x0378;</p>" TAIL, "3:4", "U+0378 is not an assigned Unicode character");
    expect_refused(HEAD "<p>&#x85;</p>" TAIL, "3:4", "U+0085 is a control character");
    expect_refused(HEAD "<p id=\"a\" reason=\"x&#xFDEF;\">t</p>" TAIL, "3:20", "U+FDEF in attribute reason");
    /* CDATA is text too */
    expect_refused(HEAD "<p><![CDATA[\xef\xb7\x90]]></p>" TAIL, "3:13", "U+FDD0");
}

static void test_chars_printable_pass(void)
{
    diag_list dl;
    diag_list_init(&dl);
    char path[256];
    /* umlauts, guillemets, a soft hyphen, the en dash, a die (U+2680),
     * a non-BMP assigned character and tabs/newlines: all fine */
    size_t errors = load_errors(HEAD "<p>\xc3\xa4\xc3\xb6 \xc2\xab\xe2\x80\x93\xc2\xbb Geg\xc2\xadner "
                                     "\xe2\x9a\x80 \xf0\x9f\x8e\xb2\t&#x1D11E;</p>" TAIL,
                                &dl, path, sizeof path);
    CU_ASSERT_EQUAL(errors, 0);
    if (errors)
        diag_print(&dl, stderr);
    diag_list_free(&dl);
}

/* The whole path: `check` refuses the character at its line (exit 1)
 * instead of passing and leaving the cairo build to fail on it. */
static void test_chars_check_refuses(void)
{
    char root[] = "/tmp/regelwerk-chars-XXXXXX";
    CU_ASSERT_FATAL(mkdtemp(root) != NULL);
    char content[300], file[400];
    snprintf(content, sizeof content, "%s/content", root);
    CU_ASSERT_FATAL(tu_copy_tree("content", content) == 0);
    snprintf(file, sizeof file, "%s/noxius/de.xml", content);
    int line = tu_line_of(file, "<h>Aufbau</h>");
    CU_ASSERT_FATAL(line > 0);
    CU_ASSERT_FATAL(tu_replace_in_file(file, "<h>Aufbau</h>", "<h>Aufbau &#x10FFFF;</h>") == 0);
    static char out[65536];
    int rc = tu_runf(out, sizeof out, "%s --content %s check noxius 2>&1", tu_bin(), content);
    CU_ASSERT_EQUAL(rc, 1);
    char want[600];
    snprintf(want, sizeof want, "%s:%d:15: error: U+10FFFF is a Unicode noncharacter", file, line);
    if (!strstr(out, want))
        fprintf(stderr, "\nwanted %s\n", want);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

void suite_chars(void);
void suite_chars(void)
{
    CU_pSuite s = CU_add_suite("chars", NULL, NULL);
    CU_add_test(s, "noncharacters, unassigned, private use, controls: refused at file:line:col",
                test_chars_refused_at_their_line);
    CU_add_test(s, "printable characters pass", test_chars_printable_pass);
    CU_add_test(s, "check refuses &#x10FFFF; at its line (exit 1)", test_chars_check_refuses);
}
