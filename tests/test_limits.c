/* test_limits.c — no fixed-size limit drops content without a word: tables
 * past 512 rows and 12 columns, words styled in more than 64 pieces, card
 * texts of more than 256 runs, more than 15 credits, and diagnostics longer
 * than any buffer (whole, and valid UTF-8 in JSON). */
#include <CUnit/CUnit.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "lay_hyph.h"
#include "lay_para.h"
#include "lay_sheet.h"
#include "lay_testdev.h"
#include "testutil.h"

static lay_fonts *fonts;

static int setup(void)
{
    diag_list d;
    diag_list_init(&d);
    fonts = lay_fonts_load("fonts/manifest.xml", &d);
    diag_print(&d, stderr);
    diag_list_free(&d);
    return fonts ? 0 : 1;
}

static int teardown(void)
{
    lay_fonts_free(fonts);
    lay_hyph_cleanup();
    return 0;
}

/* One word of 100 letters, each its own run, bold and plain by turns: all
 * 100 are shown (a word kept 64 pieces and dropped the rest). */
static void test_limits_word_segments(void)
{
    enum { N = 100 };
    lay_run runs[N];
    char letters[N][2], want[N + 1];
    for (int i = 0; i < N; i++) {
        letters[i][0] = (char)('a' + i % 26);
        letters[i][1] = '\0';
        want[i] = letters[i][0];
        runs[i] = (lay_run){LAY_RUN_TEXT, letters[i], i % 2 ? LAY_FONT_BOLD : LAY_FONT_BODY, {0, 0, 0}, 0, NULL, NULL};
    }
    want[N] = '\0';
    lay_para_style st = lay_para_style_default(9, 1000, "de", NULL);
    lay_para *p = lay_para_new(fonts, &st, runs, N);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    static const dl_font role_fonts[LAY_FONT_ROLE_COUNT];
    const dl_font *roles[LAY_FONT_ROLE_COUNT];
    for (int r = 0; r < LAY_FONT_ROLE_COUNT; r++)
        roles[r] = &role_fonts[r];
    lt_dev *d = lt_dev_new();
    CU_ASSERT_EQUAL(lay_para_draw(p, lt_dev_device(d), roles, 0, 10, 0, lay_para_line_count(p), NULL, NULL), 0);
    /* the pieces are drawn one run at a time: join them */
    const char *words = lt_dev_words(d);
    char joined[4 * N] = "";
    size_t j = 0;
    for (const char *c = words; *c && j + 1 < sizeof joined; c++)
        if (*c != ' ')
            joined[j++] = *c;
    joined[j] = '\0';
    CU_ASSERT_STRING_EQUAL(joined, want);
    lt_dev_free(d);
    lay_para_free(p);
}

static doc_node *add(doc *d, doc_node *parent, doc_type t, const char *text)
{
    doc_node *n = doc_node_new(d, t);
    CU_ASSERT_EQUAL(doc_append(parent, n), 0);
    if (text) {
        doc_node *tx = doc_node_new(d, DOC_TEXT);
        tx->text = strdup(text);
        CU_ASSERT_EQUAL(doc_append(n, tx), 0);
    }
    return n;
}

/* A table of rows x cols cells "rRcC", laid out into the test device;
 * returns the words shown (caller frees). */
static char *table_words(int rows, int cols)
{
    doc *d = calloc(1, sizeof *d);
    d->root = doc_node_new(d, DOC_SUMMARY);
    d->root->value = strdup("de");
    d->path = strdup("test.xml");
    doc_node *s = doc_node_new(d, DOC_SECTION);
    s->id = strdup("s");
    CU_ASSERT_EQUAL(doc_append(d->root, s), 0);
    add(d, s, DOC_HEADING, "Tabelle");
    doc_node *tb = add(d, s, DOC_TABLE, NULL);
    for (int r = 0; r < rows; r++) {
        doc_node *row = add(d, tb, r == 0 ? DOC_TABLE_HEAD : DOC_ROW, NULL);
        for (int c = 0; c < cols; c++) {
            char cell[32];
            snprintf(cell, sizeof cell, "r%dc%d", r, c);
            add(d, row, DOC_CELL, cell);
        }
    }
    lay_template *t = lay_template_default("a4", 0, 1);
    lay_sheet_meta m;
    memset(&m, 0, sizeof m);
    m.title = "Test";
    m.version = "1";
    m.date = "2024-01-01";
    m.lang = "de";
    lay_report rep;
    diag_list dg;
    diag_list_init(&dg);
    lt_dev *dev = lt_dev_new();
    int rc = lay_sheet_build_dev(d, &m, t, fonts, NULL, lt_dev_device(dev), NULL, NULL, &rep, &dg);
    CU_ASSERT_EQUAL(rc, 0);
    char *w = strdup(lt_dev_words(dev));
    lt_dev_free(dev);
    diag_list_free(&dg);
    lay_template_free(t);
    doc_free(d);
    return w;
}

/* Row 520 of a long table and column 14 of a wide one are on the sheet
 * (512 rows and 12 columns were kept, the rest dropped even under --strict). */
static void test_limits_table(void)
{
    char *w = table_words(520, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(w, "r511c0"));
    CU_ASSERT_PTR_NOT_NULL(strstr(w, "r519c0"));
    free(w);
    w = table_words(3, 14);
    CU_ASSERT_PTR_NOT_NULL(strstr(w, "r2c11"));
    CU_ASSERT_PTR_NOT_NULL(strstr(w, "r2c13"));
    free(w);
}

/* What print writes of dl, as a string the caller frees; *len its length. */
static char *printed(const diag_list *dl, void (*print)(const diag_list *, FILE *), size_t *len)
{
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, len);
    if (!fp)
        return NULL;
    print(dl, fp);
    fclose(fp);
    return buf;
}

static const char *fake_line(const char *file, int line)
{
    (void)file;
    return line == 3 ? "    <sheet paper=\"a4\"/>\n" : line == 4 ? "\n" : NULL;
}

/* Every diagnostic about a file has a line and a column (issue #21): a
 * whole-file one at 1:1, marked so that no source line is shown; a line
 * without a column at its first character that is not blank; none without
 * a file. diag_relocate moves the whole-file ones about an output to the
 * element that asked for it, naming the output; the JSON says null only
 * for what concerns no file. */
static void test_limits_diag_always_located(void)
{
    diag_list dl;
    diag_list_init(&dl);
    diag_set_source(fake_line);
    diag_add(&dl, DIAG_ERROR, "a.xml", 0, 0, "io", "cannot open the file");
    diag_add(&dl, DIAG_ERROR, "g.xml", 3, 0, "x", "at the element");
    diag_add(&dl, DIAG_ERROR, "g.xml", 4, 0, "x", "a blank line");
    diag_add(&dl, DIAG_ERROR, NULL, 5, 7, "memory", "out of memory");
    diag_add(&dl, DIAG_ERROR, "out/noxius/n.pdf", 0, 0, "device", "not written");
    diag_add(&dl, DIAG_ERROR, "out/noxius-other.pdf", 0, 0, "device", "not under out/noxius");
    diag_add(&dl, DIAG_ERROR, "out/noxius/t.xml", 2, 3, "x", "has a line of its own");
    CU_ASSERT_FATAL(dl.n == 7);
    CU_ASSERT(dl.items[0].line == 1 && dl.items[0].col == 1 && dl.items[0].whole);
    CU_ASSERT(dl.items[1].line == 3 && dl.items[1].col == 5 && !dl.items[1].whole);
    CU_ASSERT(dl.items[2].line == 4 && dl.items[2].col == 1);
    CU_ASSERT(dl.items[3].line == 0 && dl.items[3].col == 0);
    diag_relocate(&dl, 4, "out/noxius", "g.xml", 3, 0);
    CU_ASSERT(strcmp(dl.items[4].file, "g.xml") == 0 && dl.items[4].line == 3 && dl.items[4].col == 5 &&
              !dl.items[4].whole);
    CU_ASSERT_STRING_EQUAL(dl.items[4].msg, "out/noxius/n.pdf: not written");
    CU_ASSERT_STRING_EQUAL(dl.items[5].file, "out/noxius-other.pdf");
    CU_ASSERT_STRING_EQUAL(dl.items[6].file, "out/noxius/t.xml");
    size_t len = 0;
    char *buf = printed(&dl, diag_print, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "a.xml:1:1: error: cannot open the file [io]\ng.xml:3:5: error: at the"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "g.xml:3:5: error: at the element [x]\n    3 |     <sheet"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\nregelwerk: error: out of memory [memory]\n"));
    free(buf);
    buf = printed(&dl, diag_print_json, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
    json_object *o = json_tokener_parse(buf), *col = NULL, *line = NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT(json_object_object_get_ex(json_object_array_get_idx(o, 3), "column", &col) && col == NULL);
    CU_ASSERT(json_object_object_get_ex(json_object_array_get_idx(o, 0), "line", &line) &&
              json_object_get_int(line) == 1);
    json_object_put(o);
    free(buf);
    diag_set_source(NULL);
    diag_list_free(&dl);
}

/* A diagnostic longer than any buffer is kept whole, and the JSON output
 * is valid UTF-8 even for a file name that is not. */
static void test_limits_diag_whole_utf8(void)
{
    char msg[6001];
    for (int i = 0; i < 3000; i++)
        memcpy(msg + 2 * i, "\xC3\xA4", 2);   /* ä */
    msg[6000] = '\0';
    diag_list dl;
    diag_list_init(&dl);
    diag_add(&dl, DIAG_ERROR, "bad-\xFF.xml", 1, 1, "x", "x%s", msg);
    CU_ASSERT_EQUAL(dl.n, 1);
    CU_ASSERT_EQUAL(strlen(dl.items[0].msg), 6001);
    size_t len = 0;
    char *buf = printed(&dl, diag_print_json, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
    json_tokener *tok = json_tokener_new();
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
    json_object *o = json_tokener_parse_ex(tok, buf, (int)len);
    CU_ASSERT_PTR_NOT_NULL(o);
    CU_ASSERT_EQUAL(json_tokener_get_error(tok), json_tokener_success);
    if (o) {
        json_object *first = json_object_array_get_idx(o, 0), *m = NULL, *f = NULL;
        CU_ASSERT(json_object_object_get_ex(first, "message", &m) && strlen(json_object_get_string(m)) == 6001);
        CU_ASSERT(json_object_object_get_ex(first, "file", &f) &&
                  strcmp(json_object_get_string(f), "bad-\xEF\xBF\xBD.xml") == 0);
    }
    json_object_put(o);
    json_tokener_free(tok);
    free(buf);
    diag_list_free(&dl);
}

/* Noxius with 18 credits and a card text of 280 runs ending in "ENDE": the
 * sheet shows every credit and the card its whole text (15 credits and 256
 * runs were kept, the rest dropped without a word). */
static void test_limits_credits_and_card_runs(void)
{
    char root[] = "/tmp/regelwerk-limits-XXXXXX";
    CU_ASSERT_FATAL(mkdtemp(root) != NULL);
    static char out[1 << 16];
    char path[256];
    snprintf(path, sizeof path, "%s/noxius", root);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content/noxius", path), 0);
    char credits[2048] = "";
    for (int i = 1; i <= 17; i++) {
        char c[80];
        snprintf(c, sizeof c, "    <credit role=\"source\" lang=\"de\">Q%02d</credit>\n", i);
        strcat(credits, c);
    }
    strcat(credits, "  </credits>");
    snprintf(path, sizeof path, "%s/noxius/game.xml", root);
    CU_ASSERT_EQUAL(tu_replace_in_file(path, "  </credits>", credits), 0);
    /* the German source alone: its translations would go stale below */
    char o[64];
    tu_runf(o, sizeof o, "sed -i -E 's|<language code=\"[a-z]+\" po=[^>]*/>||' %s", path);
    char text[2048] = "<text>";
    for (int i = 0; i < 140; i++)
        strcat(text, "<b>k</b> ");
    strcat(text, "ENDE Nur genau diese Zahl");
    snprintf(path, sizeof path, "%s/noxius/de.xml", root);
    CU_ASSERT_EQUAL(tu_replace_in_file(path, "<text>Nur genau diese Zahl", text), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "%s --content %s build noxius --lang de --paper a4 --only sheet --no-verify -o %s/out "
                            "&& %s --content %s build noxius --only cards --no-verify -o %s/out 2>&1",
                            tu_bin(), root, root, tu_bin(), root, root), 0);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "pdftotext %s/out/noxius/noxius-de-a4.pdf -", root), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "Q15"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "Q17"));
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "pdftotext %s/out/noxius/noxius-de-cards-a4.pdf -", root), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "ENDE"));
    tu_runf(out, sizeof out, "rm -rf %s", root);
}

void suite_limits(void);
void suite_limits(void)
{
    CU_pSuite s = CU_add_suite("limits", setup, teardown);
    CU_add_test(s, "a word of 100 styled pieces is shown whole", test_limits_word_segments);
    CU_add_test(s, "tables past 512 rows and 12 columns are shown whole", test_limits_table);
    CU_add_test(s, "every credit on the sheet, a card's 280 runs on the card", test_limits_credits_and_card_runs);
    CU_add_test(s, "long diagnostics whole, JSON valid UTF-8", test_limits_diag_whole_utf8);
    CU_add_test(s, "every diagnostic about a file at line and column; relocated outputs", test_limits_diag_always_located);
}
