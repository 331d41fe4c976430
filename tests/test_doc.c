/* test_doc.c — the document tree and the safe loader. */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "testutil.h"

#define ROOT "tests/fixtures/doc/root"
#define SCHEMA "src/schema/regelwerk.rng"

static doc *load(const char *name, diag_list *dl)
{
    char path[512];
    snprintf(path, sizeof path, ROOT "/%s", name);
    doc_loader ld = {ROOT, SCHEMA};
    return doc_load(&ld, path, dl);
}

static void test_good_tree(void)
{
    diag_list dl;
    diag_list_init(&dl);
    doc *d = load("good.xml", &dl);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_EQUAL(dl.errors, 0);
    CU_ASSERT_EQUAL(doc_check(d), 0);
    CU_ASSERT_EQUAL(d->root->type, DOC_SUMMARY);
    CU_ASSERT_STRING_EQUAL(d->root->value, "it");
    const doc_node *p = doc_find_id(d->root, "p1");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_EQUAL(p->type, DOC_PARA);
    CU_ASSERT_EQUAL(p->line, 6);
    const doc_node *num = NULL;
    for (const doc_node *c = p->first; c; c = c->next)
        if (c->type == DOC_NUM)
            num = c;
    CU_ASSERT_PTR_NOT_NULL_FATAL(num);
    CU_ASSERT_STRING_EQUAL(num->ref, "nemesis.wounds.light-to-serious");
    CU_ASSERT_STRING_EQUAL(num->text, "terza");
    char *text = doc_plain_text(p);
    CU_ASSERT_STRING_EQUAL(text, "Alla terza ferita leggera.");
    free(text);
    const doc_node *item = doc_find_id(d->root, "i1");
    CU_ASSERT_PTR_NOT_NULL_FATAL(item);
    text = doc_plain_text(item);
    CU_ASSERT_STRING_EQUAL(text, "Fuoco – [fire] 1 danno.");
    free(text);
    doc_free(d);
    diag_list_free(&dl);
}

static void test_iterator_enter_exit(void)
{
    diag_list dl;
    diag_list_init(&dl);
    doc *d = load("good.xml", &dl);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    doc_iter it;
    doc_iter_init(&it, d->root);
    int enters = 0, exits = 0, depth = 0, maxdepth = 0;
    doc_event ev;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        if (ev == DOC_EV_ENTER) {
            enters++;
            if (it.cur->first)
                depth++;
        } else {
            exits++;
            depth--;
        }
        if (depth > maxdepth)
            maxdepth = depth;
    }
    /* every container entered is exited, and we end where we began */
    CU_ASSERT_EQUAL(depth, 0);
    CU_ASSERT(enters > exits);
    CU_ASSERT(maxdepth >= 4);   /* summary > section > list > item > lead */
    doc_free(d);
    diag_list_free(&dl);
}

static void test_illegal_nesting_refused(void)
{
    doc d = {0};
    doc_node *para = doc_node_new(&d, DOC_PARA);
    doc_node *sec = doc_node_new(&d, DOC_SECTION);
    doc_node *text = doc_node_new(&d, DOC_TEXT);
    CU_ASSERT_EQUAL(doc_append(para, sec), -1);   /* a section in a paragraph */
    CU_ASSERT_PTR_NULL(para->first);
    CU_ASSERT_EQUAL(doc_append(sec, text), -1);   /* bare text in a section */
    CU_ASSERT_EQUAL(doc_append(para, text), 0);
    CU_ASSERT_EQUAL(doc_append(para, text), -1);  /* already has a parent */
    free(text);
    free(para);
    free(sec);
}

static void test_deep_tree_frees_without_recursion(void)
{
    /* A chain far deeper than any C stack would take recursively. */
    doc *d = calloc(1, sizeof *d);
    d->root = doc_node_new(d, DOC_SUMMARY);
    doc_node *sec = doc_node_new(d, DOC_SECTION);
    doc_append(d->root, sec);
    doc_node *p = doc_node_new(d, DOC_PARA);
    doc_append(sec, p);
    doc_node *cur = p;
    for (int i = 0; i < 200000; i++) {
        doc_node *b = doc_node_new(d, DOC_BOLD);
        CU_ASSERT_EQUAL_FATAL(doc_append(cur, b), 0);
        cur = b;
    }
    CU_ASSERT_EQUAL(doc_check(d), 0);
    doc_free(d);   /* must not overflow the stack */
}

static void test_xinclude_files_and_lines(void)
{
    diag_list dl;
    diag_list_init(&dl);
    doc *d = load("inc_ok.xml", &dl);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    const doc_node *p = doc_find_id(d->root, "inc-p");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_PTR_NOT_NULL(strstr(p->file, "sub/okpart.xml"));
    CU_ASSERT_EQUAL(p->line, 5);
    const doc_node *after = doc_find_id(d->root, "after-p");
    CU_ASSERT_PTR_NOT_NULL_FATAL(after);
    CU_ASSERT_PTR_NOT_NULL(strstr(after->file, "inc_ok.xml"));
    CU_ASSERT_EQUAL(after->line, 7);
    doc_free(d);
    diag_list_free(&dl);
}

static void test_error_in_included_file(void)
{
    diag_list dl;
    diag_list_init(&dl);
    doc *d = load("inc_main.xml", &dl);
    CU_ASSERT_PTR_NULL(d);
    const diag *e = tu_find_diag(&dl, "bogus", "sub/part.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(e->line, 5);
    CU_ASSERT_EQUAL(e->sev, DIAG_ERROR);
    diag_list_free(&dl);
}

static void test_schema_failure_line(void)
{
    diag_list dl;
    diag_list_init(&dl);
    doc *d = load("bad_schema.xml", &dl);
    CU_ASSERT_PTR_NULL(d);
    CU_ASSERT(dl.errors > 0);
    const diag *e = tu_find_diag(&dl, "wrong", "bad_schema.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(e->line, 6);
    CU_ASSERT_EQUAL(e->col, 22);   /* the '<' of <wrong> */
    diag_list_free(&dl);
}

static void test_malformed_line(void)
{
    diag_list dl;
    diag_list_init(&dl);
    doc *d = load("malformed.xml", &dl);
    CU_ASSERT_PTR_NULL(d);
    CU_ASSERT(dl.errors > 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(dl.items[0].file, "malformed.xml"));
    CU_ASSERT(dl.items[0].line >= 5 && dl.items[0].line <= 6);
    diag_list_free(&dl);
}

static void test_xxe_refused(void)
{
    diag_list dl;
    diag_list_init(&dl);
    doc *d = load("xxe.xml", &dl);
    CU_ASSERT_PTR_NULL(d);
    const diag *e = tu_find_diag(&dl, "DOCTYPE", "xxe.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(e->line, 2);
    /* nothing of /etc/passwd may reach any message */
    for (size_t i = 0; i < dl.n; i++)
        CU_ASSERT_PTR_NULL(strstr(dl.items[i].msg, "root:"));
    diag_list_free(&dl);
}

static void test_billion_laughs_refused(void)
{
    diag_list dl;
    diag_list_init(&dl);
    doc *d = load("laughs.xml", &dl);
    CU_ASSERT_PTR_NULL(d);
    CU_ASSERT(dl.errors > 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(dl.items[0].file, "laughs.xml"));
    diag_list_free(&dl);
}

static void test_xinclude_escape_refused(void)
{
    const char *files[] = {"escape.xml", "escape_text.xml", "escape_nested.xml"};
    for (size_t i = 0; i < 3; i++) {
        diag_list dl;
        diag_list_init(&dl);
        doc *d = load(files[i], &dl);
        CU_ASSERT_PTR_NULL(d);
        CU_ASSERT(dl.errors > 0);
        for (size_t k = 0; k < dl.n; k++)
            CU_ASSERT_PTR_NULL(strstr(dl.items[k].msg, "must never be read"));
        diag_list_free(&dl);
    }
    /* the direct escape names the include's own line */
    diag_list dl;
    diag_list_init(&dl);
    doc *d = load("escape.xml", &dl);
    CU_ASSERT_PTR_NULL(d);
    const diag *e = tu_find_diag(&dl, "leaves the content folder", "escape.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(e->line, 4);
    diag_list_free(&dl);
}

static void test_missing_file(void)
{
    diag_list dl;
    diag_list_init(&dl);
    doc *d = load("does-not-exist.xml", &dl);
    CU_ASSERT_PTR_NULL(d);
    CU_ASSERT_PTR_NOT_NULL(tu_find_diag(&dl, "cannot open", "does-not-exist.xml"));
    diag_list_free(&dl);
}

static void test_src_column(void)
{
    CU_ASSERT_EQUAL(doc_src_column(ROOT "/good.xml", 6, "<num"), 21);
    CU_ASSERT_EQUAL(doc_src_column(ROOT "/good.xml", 6, "nothing-here"), 0);
    /* characters, not bytes: the en dash before <icon> is three bytes */
    CU_ASSERT_EQUAL(doc_src_column(ROOT "/good.xml", 8, "<icon"), 42);
}

void suite_doc(void);
void suite_doc(void)
{
    CU_pSuite s = CU_add_suite("doc", NULL, NULL);
    CU_add_test(s, "a valid summary builds a typed tree", test_good_tree);
    CU_add_test(s, "the iterator enters and exits every container", test_iterator_enter_exit);
    CU_add_test(s, "illegal parent/child pairs are refused", test_illegal_nesting_refused);
    CU_add_test(s, "a 200000-deep tree frees without recursion", test_deep_tree_frees_without_recursion);
    CU_add_test(s, "XInclude keeps each node's file and line", test_xinclude_files_and_lines);
    CU_add_test(s, "an error in an included file names that file", test_error_in_included_file);
    CU_add_test(s, "schema failures point at file:line:col", test_schema_failure_line);
    CU_add_test(s, "malformed XML points at its line", test_malformed_line);
    CU_add_test(s, "an external entity reading /etc/passwd is refused", test_xxe_refused);
    CU_add_test(s, "a billion-laughs document is refused", test_billion_laughs_refused);
    CU_add_test(s, "XIncludes leaving the content root are refused", test_xinclude_escape_refused);
    CU_add_test(s, "a missing file is a clear error", test_missing_file);
    CU_add_test(s, "columns are found in the source line", test_src_column);
}
