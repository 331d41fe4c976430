/* test_lay_sheet.c — whole sheets: a golden trace, outlines and links,
 * repeated table heads, fit-to-pages, templates, and every quality measure
 * shown to catch a flaw planted through the debug knobs. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "icon.h"
#include "lay_hyph.h"
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

/* ---- building small summaries ------------------------------------------ */

static doc *new_doc(const char *lang)
{
    doc *d = calloc(1, sizeof *d);
    d->root = doc_node_new(d, DOC_SUMMARY);
    d->root->value = strdup(lang);
    d->path = strdup("test.xml");
    return d;
}

static doc_node *add(doc *d, doc_node *parent, doc_type t, const char *id)
{
    doc_node *n = doc_node_new(d, t);
    if (id)
        n->id = strdup(id);
    CU_ASSERT_EQUAL(doc_append(parent, n), 0);
    return n;
}

static doc_node *add_text(doc *d, doc_node *parent, const char *text)
{
    doc_node *n = add(d, parent, DOC_TEXT, NULL);
    n->text = strdup(text);
    return n;
}

static doc_node *section(doc *d, doc_node *parent, const char *id, const char *title)
{
    doc_node *s = add(d, parent, DOC_SECTION, id);
    add_text(d, add(d, s, DOC_HEADING, NULL), title);
    return s;
}

static const char *const sentences[] = {
    "Zu Beginn jeder Runde f\xC3\xBChrt jeder Spieler in Zugreihenfolge seine Aktionen aus.",
    "Die Gegneraktivierung folgt danach: Jeder Gegner bewegt sich auf den n\xC3\xA4" "chsten Helden zu.",
    "Er greift an, wenn er in Reichweite ist, und w\xC3\xBCrfelt mit so vielen W\xC3\xBCrfeln, wie seine Karte zeigt.",
    "\xE2\x80\x9ENanoschock\xE2\x80\x9C tritt ein, sobald der Stressmarker das Ende der Leiste erreicht.",
    "Wer keine Aktionspunkte mehr hat, passt; die Runde endet, wenn alle gepasst haben.",
    "Schadenspunkte werden sofort abgetragen, Lebenspunkte k\xC3\xB6nnen nicht unter null fallen.",
};

/* A paragraph of k sentences, starting at sentence j. */
static void para(doc *d, doc_node *sec, int j, int k)
{
    doc_node *p = add(d, sec, DOC_PARA, NULL);
    char buf[4096] = "";
    for (int i = 0; i < k; i++) {
        strcat(buf, sentences[(j + i) % 6]);
        strcat(buf, " ");
    }
    add_text(d, p, buf);
}

/* n sections of m paragraphs of varied length. */
static doc *long_doc(int n, int m)
{
    doc *d = new_doc("de");
    for (int i = 0; i < n; i++) {
        char id[16], title[64];
        snprintf(id, sizeof id, "s%d", i);
        snprintf(title, sizeof title, "Abschnitt %d", i + 1);
        doc_node *s = section(d, d->root, id, title);
        for (int j = 0; j < m; j++)
            para(d, s, i + j, 2 + (i * 7 + j * 3) % 5);
    }
    return d;
}

static const char *const credits[] = {"Testquelle, v. 1.0", NULL};

static lay_sheet_meta meta(int pages)
{
    lay_sheet_meta m;
    memset(&m, 0, sizeof m);
    m.title = "Testspiel";
    m.version = "1.0";
    m.date = "2024-05-01";
    m.lang = "de";
    m.credits = credits;
    m.licences = NULL;
    m.pages = pages;
    m.hyph_exceptions = "templates/hyphenation.xml";
    return m;
}

/* Builds into the test device; returns the trace (caller frees). */
static char *build(const doc *d, const lay_sheet_meta *m, const lay_template *t, const lay_sheet_debug *dbg,
                   lay_report *rep, diag_list *diags, int *rc)
{
    lt_dev *dev = lt_dev_new();
    *rc = lay_sheet_build_dev(d, m, t, fonts, NULL, lt_dev_device(dev), NULL, dbg, rep, diags);
    char *s = strdup(lt_dev_text(dev));
    lt_dev_free(dev);
    return s;
}

/* build() on the default A4 two-column template at the template's size;
 * the page width in *page_w when given. */
static char *build_a4(const doc *d, const lay_sheet_debug *dbg, lay_report *rep, double *page_w)
{
    lay_template *t = lay_template_default("a4", 0, 2);
    lay_sheet_meta m = meta(0);
    diag_list dg;
    diag_list_init(&dg);
    int rc;
    char *tr = build(d, &m, t, dbg, rep, &dg, &rc);
    CU_ASSERT_EQUAL(rc, 0);
    if (page_w)
        *page_w = t->page_w;
    diag_list_free(&dg);
    lay_template_free(t);
    return tr;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

/* ---- tests --------------------------------------------------------------- */

static void test_golden_tiny(void)
{
    doc *d = new_doc("de");
    doc_node *s = section(d, d->root, "runde", "Rundenablauf");
    add_text(d, add(d, s, DOC_PARA, "p1"), "Jeder Spieler f\xC3\xBChrt zwei Aktionen aus.");
    lay_template *t = lay_template_default("a4", 0, 2);
    lay_sheet_meta m = meta(0);
    lay_report rep;
    diag_list dg;
    diag_list_init(&dg);
    int rc;
    char *tr = build(d, &m, t, NULL, &rep, &dg, &rc);
    CU_ASSERT_EQUAL(rc, 0);
    static const char *const want =
        "doc title='Testspiel' lang=de\n"
        "page 595.28 841.89 label=1\n"
        "text f4 20.00 36.85 54.02 'Testspiel' n=9\n"
        "text f0 6.50 494.75 68.32 'Version 1.0 \xC2\xB7 2024-05-01' n=24\n"
        "stroke 36.85 77.32 558.43 77.32 w 1.00 rgb 0.12 0.31 0.47\n"
        "stroke 36.85 794.87 558.43 794.87 w 0.40 rgb 0.60 0.60 0.60\n"
        "text f0 6.50 36.85 805.27 'Testspiel \xC2\xB7 Version 1.0 \xC2\xB7 2024-05-01' n=36\n"
        "text f0 6.50 524.40 805.27 'Seite 1 von 1' n=13\n";
    /* the furniture's head is pinned; the rest is checked by content */
    if (strncmp(tr, want, strlen(want)) != 0)
        fprintf(stderr, "\n--- got:\n%.*s--- want:\n%s", (int)strlen(want) + 200, tr, want);
    CU_ASSERT_NSTRING_EQUAL(tr, want, strlen(want));
    CU_ASSERT_PTR_NOT_NULL(strstr(tr, "'1\xE2\x80\x82'"));       /* the section number */
    CU_ASSERT_PTR_NOT_NULL(strstr(tr, "'Rundenablauf'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(tr, "'Seite 1 von 1'"));
    /* credits and licences once, in the colophon, in the sheet's language */
    CU_ASSERT_PTR_NOT_NULL(strstr(tr, "'Quelle:'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(tr, "'Testquelle,'"));
    CU_ASSERT_EQUAL(count(tr, "'Testquelle,'"), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(tr, "outline 0 '1 Rundenablauf' page 0"));
    CU_ASSERT_EQUAL(count(tr, "endpage"), 1);
    CU_ASSERT_EQUAL(rep.pages, 1);
    CU_ASSERT_EQUAL(lay_report_flaws(&rep), 0);
    free(tr);
    diag_list_free(&dg);
    lay_template_free(t);
    doc_free(d);
}

/* A cross-reference becomes "→ 2" and a link to the section's page and y;
 * an unknown target is a warning, not a crash. */
static void test_xref_outline(void)
{
    doc *d = long_doc(3, 6);
    doc_node *p = add(d, d->root->first, DOC_PARA, "verweis");
    add_text(d, p, "Siehe ");
    doc_node *x = add(d, p, DOC_XREF, NULL);
    x->ref = strdup("s2");
    add_text(d, p, " und ");
    x = add(d, p, DOC_XREF, NULL);
    x->ref = strdup("fehlt");
    lay_template *t = lay_template_default("a4", 0, 2);
    lay_sheet_meta m = meta(0);
    lay_report rep;
    diag_list dg;
    diag_list_init(&dg);
    int rc;
    char *tr = build(d, &m, t, NULL, &rep, &dg, &rc);
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(tr, "'\xE2\x86\x92\xC2\xA0" "3'"));
    CU_ASSERT_PTR_NOT_NULL(tu_find_diag(&dg, "unknown id 'fehlt'", NULL));
    /* the link points where the outline entry of section 3 points */
    const char *o = strstr(tr, "outline 0 '3 Abschnitt 3' page ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    int opage;
    double oy;
    CU_ASSERT_EQUAL(sscanf(o, "outline 0 '3 Abschnitt 3' page %d y %lf", &opage, &oy), 2);
    char want[64];
    snprintf(want, sizeof want, "-> page %d y %.2f", opage, oy);
    CU_ASSERT_PTR_NOT_NULL(strstr(tr, want));
    CU_ASSERT_EQUAL(count(tr, "link "), 1);
    CU_ASSERT_EQUAL(count(tr, "outline "), 3);
    free(tr);
    diag_list_free(&dg);
    lay_template_free(t);
    doc_free(d);
}

/* A long table repeats its head at the top of every column it continues in. */
static void test_table_head_repeats(void)
{
    doc *d = new_doc("it");
    doc_node *s = section(d, d->root, "combattimento", "Combattimento");
    doc_node *tb = add(d, s, DOC_TABLE, NULL);
    doc_node *h = add(d, tb, DOC_TABLE_HEAD, NULL);
    add_text(d, add(d, h, DOC_CELL, NULL), "Faccia");
    add_text(d, add(d, h, DOC_CELL, NULL), "Risultato");
    for (int i = 0; i < 90; i++) {
        doc_node *r = add(d, tb, DOC_ROW, NULL);
        char buf[64];
        snprintf(buf, sizeof buf, "Faccia %d", i + 1);
        add_text(d, add(d, r, DOC_CELL, NULL), buf);
        add_text(d, add(d, r, DOC_CELL, NULL), "Bersaglio mancato e il Personaggio subisce 1 Ferita Grave.");
    }
    lay_template *t = lay_template_default("a4", 0, 2);
    lay_sheet_meta m = meta(0);
    m.lang = "it";
    lay_report rep;
    diag_list dg;
    diag_list_init(&dg);
    int rc;
    char *tr = build(d, &m, t, NULL, &rep, &dg, &rc);
    CU_ASSERT_EQUAL(rc, 0);
    int cols = 0;
    for (int p = 0; p < rep.pages; p++)
        cols += 2;
    int heads = count(tr, "'Risultato'");
    CU_ASSERT(rep.pages >= 2);
    /* one head per column the table occupies (the last may be short) */
    CU_ASSERT(heads >= cols - 1 && heads <= cols);
    free(tr);
    diag_list_free(&dg);
    lay_template_free(t);
    doc_free(d);
}

/* Where the word 'w' (quoted as the trace quotes it) is drawn: its x, y
 * and page (0-based); 0 when it is not in the trace. */
static int word_at(const char *tr, const char *w, double *x, double *y, int *page)
{
    char q[64];
    snprintf(q, sizeof q, " '%s' ", w);
    const char *hit = strstr(tr, q);
    if (!hit)
        return 0;
    const char *line = hit;
    while (line > tr && line[-1] != '\n')
        line--;
    *page = -1;
    for (const char *p = tr; p < line; p = strchr(p, '\n') + 1)
        if (strncmp(p, "page ", 5) == 0)
            (*page)++;
    double size;
    int f;
    return sscanf(line, "text f%d %lf %lf %lf", &f, &size, x, y) == 4;
}

/* A table of rows rows (cells "Q1" … and a wider second one), head h1 h2. */
static doc_node *table(doc *d, doc_node *parent, const char *h1, const char *h2, const char *prefix, int rows,
                       const char *first)
{
    doc_node *tb = add(d, parent, DOC_TABLE, NULL);
    doc_node *h = add(d, tb, DOC_TABLE_HEAD, NULL);
    add_text(d, add(d, h, DOC_CELL, NULL), h1);
    add_text(d, add(d, h, DOC_CELL, NULL), h2);
    for (int i = 0; i < rows; i++) {
        doc_node *r = add(d, tb, DOC_ROW, NULL);
        char a[64], b[64];
        snprintf(a, sizeof a, "%s%s%d", first ? first : "", prefix, i + 1);
        snprintf(b, sizeof b, "%sW%d wirkt sofort.", prefix, i + 1);
        add_text(d, add(d, r, DOC_CELL, NULL), a);
        add_text(d, add(d, r, DOC_CELL, NULL), b);
    }
    return tb;
}

/* The columns a table's rows land in: the number of distinct (page, x
 * half) places of its first cells, 0 when a row is missing. */
static int table_places(const char *tr, const char *prefix, int rows, double page_w)
{
    int places = 0, last = -1;
    for (int i = 0; i < rows; i++) {
        char w[32];
        snprintf(w, sizeof w, "%s%d", prefix, i + 1);
        double x, y;
        int pg;
        if (!word_at(tr, w, &x, &y, &pg))
            return 0;
        int place = pg * 2 + (x > page_w / 2);
        if (place != last)
            places++;
        last = place;
    }
    return places;
}

/* A table of up to 8 rows is never split between columns or pages, wherever
 * the text before it ends; the same table with keeps ignored is split at
 * some length of that text (so the measure can fail); a table taller than
 * a column is still split, its head repeated. */
static void test_short_table_whole(void)
{
    int split_without_keeps = 0;
    lay_report rep;
    double pw;
    for (int k = 0; k < 28; k++) {
        doc *d = new_doc("de");
        doc_node *s = section(d, d->root, "s", "Abschnitt");
        for (int j = 0; j < k; j++)
            para(d, s, j, 2);
        table(d, s, "Wurf", "Wirkung", "Q", 8, NULL);
        char *tr = build_a4(d, NULL, &rep, &pw);
        CU_ASSERT_EQUAL(table_places(tr, "Q", 8, pw), 1);
        free(tr);
        lay_sheet_debug dbg = {0};
        dbg.ignore_keeps = 1;
        tr = build_a4(d, &dbg, &rep, &pw);
        split_without_keeps += table_places(tr, "Q", 8, pw) > 1;
        free(tr);
        doc_free(d);
    }
    CU_ASSERT(split_without_keeps > 0);
    /* 60 rows, taller than a column: split, the head repeated */
    doc *d = new_doc("de");
    doc_node *s = section(d, d->root, "s", "Abschnitt");
    for (int j = 0; j < 20; j++)
        para(d, s, j, 2);
    table(d, s, "Wurf", "Wirkung", "Q", 60, NULL);
    char *tr = build_a4(d, NULL, &rep, &pw);
    int split = table_places(tr, "Q", 60, pw);
    CU_ASSERT(split > 1);
    CU_ASSERT_EQUAL(count(tr, "'Wirkung'"), split);
    free(tr);
    doc_free(d);
}

/* Tables of the same structure (columns and head) in one section, its
 * subsections included, share column widths: the second column starts as
 * far from the first though their first cells differ in width; a table
 * with another head, or in another section, keeps its own widths. */
static void test_tables_share_widths(void)
{
    doc *d = new_doc("de");
    doc_node *s = section(d, d->root, "s", "Abschnitt");
    table(d, s, "Wurf", "Wirkung", "A", 2, NULL);
    doc_node *sub = section(d, s, "s1", "Unterabschnitt");
    table(d, sub, "Wurf", "Wirkung", "B", 2, "Doppelsechserpasch");
    table(d, s, "Feld", "Wirkung", "C", 2, NULL);
    doc_node *s2 = section(d, d->root, "s2", "Anderswo");
    table(d, s2, "Wurf", "Wirkung", "D", 2, NULL);
    lay_report rep;
    char *tr = build_a4(d, NULL, &rep, NULL);
    /* the second column's offset from the first, per table (the tables
     * may stand in different columns of the page) */
    double off[4];
    const char *const firsts[] = {"A1", "Doppelsechserpasch" "B1", "C1", "D1"};
    const char *const seconds[] = {"AW1", "BW1", "CW1", "DW1"};
    for (int i = 0; i < 4; i++) {
        double x1, x2, y;
        int p1, p2;
        CU_ASSERT_FATAL(word_at(tr, firsts[i], &x1, &y, &p1) && word_at(tr, seconds[i], &x2, &y, &p2));
        off[i] = x2 - x1;
    }
    CU_ASSERT_DOUBLE_EQUAL(off[0], off[1], 0.01);
    CU_ASSERT(off[2] < off[1] - 20);
    CU_ASSERT(off[3] < off[1] - 20);
    free(tr);
    doc_free(d);
}

/* A glossary (a termlist's table) packs tighter than a table of the same
 * rows: a smaller row pitch, never below the leading. */
static void test_glossary_compact(void)
{
    doc *d = new_doc("de");
    doc_node *s = section(d, d->root, "s", "Abschnitt");
    table(d, s, "Deutsch", "English", "G", 3, NULL)->variant = strdup("termlist");
    doc_node *s2 = section(d, d->root, "s2", "Anderswo");
    table(d, s2, "Deutsch", "English", "T", 3, NULL);
    lay_report rep;
    char *tr = build_a4(d, NULL, &rep, NULL);
    double x, g1, g2, t1, t2;
    int p;
    CU_ASSERT_FATAL(word_at(tr, "G1", &x, &g1, &p) && word_at(tr, "G2", &x, &g2, &p) &&
                    word_at(tr, "T1", &x, &t1, &p) && word_at(tr, "T2", &x, &t2, &p));
    CU_ASSERT(g2 - g1 < t2 - t1 - 0.2 * rep.body_size);
    CU_ASSERT(g2 - g1 >= rep.leading - 0.01);
    free(tr);
    doc_free(d);
}

/* An icon at the head of a bulleted item is its marker: that item has no
 * bullet, the next (text first) has one; a numbered list keeps its numbers. */
static void test_icon_replaces_bullet(void)
{
    diag_list dg;
    diag_list_init(&dg);
    icon_set *icons = icon_set_load("out/deps/node_modules/@iconify-json/game-icons/icons.json", &dg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(icons);
    CU_ASSERT_EQUAL_FATAL(icon_map_load(icons, "templates/icons/nemesis.xml", &dg), 0);
    doc *d = new_doc("it");
    doc_node *s = section(d, d->root, "s", "Fine");
    doc_node *bullets = add(d, s, DOC_LIST, NULL);
    bullets->variant = strdup("bullet");
    doc_node *numbers = add(d, s, DOC_LIST, NULL);
    numbers->variant = strdup("number");
    doc_node *lists[] = {bullets, numbers};
    for (int l = 0; l < 2; l++) {
        doc_node *i1 = add(d, lists[l], DOC_ITEM, NULL);
        add_text(d, i1, " ");
        add(d, i1, DOC_ICON, NULL)->ref = strdup("carcassa");
        add_text(d, i1, " Il segnalino Tempo arriva sullo spazio rosso.");
        add_text(d, add(d, lists[l], DOC_ITEM, NULL), "L\xE2\x80\x99ultimo Personaggio muore.");
    }
    lay_template *t = lay_template_default("a4", 0, 2);
    lay_sheet_meta m = meta(0);
    m.lang = "it";
    lay_report rep;
    lt_dev *dev = lt_dev_new();
    int rc = lay_sheet_build_dev(d, &m, t, fonts, icons, lt_dev_device(dev), NULL, NULL, &rep, &dg);
    CU_ASSERT_EQUAL(rc, 0);
    const char *tr = lt_dev_text(dev);
    CU_ASSERT_EQUAL(count(tr, "'\xE2\x80\xA2'"), 1);
    CU_ASSERT_EQUAL(count(tr, "'1.'"), 1);
    CU_ASSERT_EQUAL(count(tr, "'2.'"), 1);
    lt_dev_free(dev);
    lay_template_free(t);
    doc_free(d);
    icon_set_free(icons);
    diag_list_free(&dg);
}

/* Fit to N pages: shrink within the floor, or fail and say why. */
static void test_fit_pages(void)
{
    lay_template *t = lay_template_default("a4", 0, 2);
    doc *d = long_doc(5, 5);
    lay_sheet_meta m = meta(0);
    lay_report rep;
    diag_list dg;
    diag_list_init(&dg);
    int rc;
    char *tr = build(d, &m, t, NULL, &rep, &dg, &rc);
    free(tr);
    CU_ASSERT_EQUAL(rc, 0);
    int natural = rep.pages;
    CU_ASSERT_EQUAL(natural, 2);
    m.pages = 1;
    tr = build(d, &m, t, NULL, &rep, &dg, &rc);
    free(tr);
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_EQUAL(rep.pages, 1);
    CU_ASSERT(rep.body_size < 9 && rep.body_size >= 7.5);
    CU_ASSERT_DOUBLE_EQUAL(rep.leading, rep.body_size * 1.2, 1e-9);
    doc_free(d);

    d = long_doc(12, 6);
    tr = build(d, &m, t, NULL, &rep, &dg, &rc);
    free(tr);
    CU_ASSERT_EQUAL(rc, -1);
    CU_ASSERT_PTR_NOT_NULL(tu_find_diag(&dg, "floor", NULL));
    CU_ASSERT(rep.body_size >= 7.5);
    doc_free(d);
    diag_list_free(&dg);
    lay_template_free(t);
}

/* One sheet of n sections of m paragraphs (pages asked, or 0) built with
 * the fill search and with every size tried: 1 when they differ. */
static int fill_differs(const lay_template *t, int n, int m, int pages, int *moved)
{
    doc *d = long_doc(n, m);
    lay_sheet_meta sm = meta(pages);
    lay_report fast, every;
    diag_list dg;
    diag_list_init(&dg);
    int rc1, rc2;
    char *a = build(d, &sm, t, NULL, &fast, &dg, &rc1);
    lay_sheet_debug dbg = {0};
    dbg.fill_every_size = 1;
    char *b = build(d, &sm, t, &dbg, &every, &dg, &rc2);
    CU_ASSERT_EQUAL(rc1, rc2);
    int differ = fast.body_size != every.body_size || strcmp(a, b) != 0;
    if (differ)
        fprintf(stderr, "fill search: %d columns, %d sections of %d paragraphs, %d pages asked: %.2f pt, every size %.2f pt\n",
                t->columns, n, m, pages, fast.body_size, every.body_size);
    *moved += fabs(every.body_size - t->body_size) > 1e-9;
    free(a);
    free(b);
    diag_list_free(&dg);
    doc_free(d);
    return differ;
}

/* The fill search skips sizes (a larger body never takes fewer pages, nor
 * less of the last one): on sheets of many lengths, on two and three
 * columns, free and fitted to pages, it picks the size that trying every
 * size picks, and the sheets are the same to the last glyph. */
static void test_fill_search_as_every_size(void)
{
    int differ = 0, moved = 0, cases = 0;
    for (int cols = 2; cols <= 3; cols++) {
        lay_template *t = lay_template_default("a4", 0, cols);
        for (int n = 2; n <= 14; n++)
            for (int pages = 0; pages <= 1; pages++, cases++)
                differ += fill_differs(t, n, 3 + n % 4, pages ? (n + 3) / 4 : 0, &moved);
        if (cols == 2) {
            /* two sheets whose size is found just past a skip to fewer pages */
            differ += fill_differs(t, 5, 3, 2, &moved);
            differ += fill_differs(t, 10, 3, 3, &moved);
            cases += 2;
        }
        lay_template_free(t);
    }
    CU_ASSERT_EQUAL(differ, 0);
    /* the search was exercised: sizes other than the template's were picked */
    CU_ASSERT(moved > cases / 4);
}

/* Widows, orphans and hyphens across columns: none with the keeps on;
 * planted by switching the keeps off, the measures see them. */
static void test_widows_orphans_planted(void)
{
    lay_template *t = lay_template_default("a4", 0, 3);
    int planted = 0, clean = 0;
    for (int v = 0; v < 8; v++) {
        doc *d = long_doc(6 + v, 5);
        lay_sheet_meta m = meta(0);
        lay_report rep;
        diag_list dg;
        diag_list_init(&dg);
        int rc;
        char *tr = build(d, &m, t, NULL, &rep, &dg, &rc);
        free(tr);
        clean += rep.widows + rep.orphans + rep.split_hyphen;
        lay_sheet_debug dbg = {0};
        dbg.ignore_keeps = 1;
        tr = build(d, &m, t, &dbg, &rep, &dg, &rc);
        free(tr);
        planted += rep.widows + rep.orphans + rep.split_hyphen;
        if (rep.widows + rep.orphans)
            CU_ASSERT(lay_report_flaws(&rep) > 0);
        diag_list_free(&dg);
        doc_free(d);
    }
    CU_ASSERT_EQUAL(clean, 0);
    CU_ASSERT(planted > 0);
    lay_template_free(t);
}

/* The last page's columns: balanced within two lines; unbalanced when the
 * balancing is switched off, and the measure says so. */
static void test_balance_planted(void)
{
    lay_template *t = lay_template_default("a4", 0, 2);
    doc *d = long_doc(6, 6);   /* a second page part full */
    lay_sheet_meta m = meta(0);
    lay_report rep;
    diag_list dg;
    diag_list_init(&dg);
    int rc;
    char *tr = build(d, &m, t, NULL, &rep, &dg, &rc);
    free(tr);
    CU_ASSERT(rep.pages >= 2);
    CU_ASSERT(rep.column_imbalance <= 2 * rep.leading);
    lay_sheet_debug dbg = {0};
    dbg.no_balance = 1;
    tr = build(d, &m, t, &dbg, &rep, &dg, &rc);
    free(tr);
    CU_ASSERT(rep.column_imbalance > 2 * rep.leading);
    CU_ASSERT(lay_report_flaws(&rep) > 0);
    diag_list_free(&dg);
    doc_free(d);
    lay_template_free(t);
}

/* Hyphen stacks, overfull and underfull lines, the greedy fallback: each
 * planted and caught, none in the plain build. */
static void test_line_measures_planted(void)
{
    lay_template *t = lay_template_default("a4", 0, 2);
    doc *d = long_doc(4, 5);
    lay_sheet_meta m = meta(0);
    lay_report rep;
    diag_list dg;
    diag_list_init(&dg);
    int rc;
    char *tr = build(d, &m, t, NULL, &rep, &dg, &rc);
    free(tr);
    CU_ASSERT_EQUAL(rep.hyphen_stacks, 0);
    CU_ASSERT_EQUAL(rep.overfull, 0);
    CU_ASSERT_EQUAL(rep.underfull, 0);
    CU_ASSERT_EQUAL(rep.greedy_paras, 0);
    CU_ASSERT(rep.worst_badness <= 1000);

    lay_sheet_debug dbg = {0};
    dbg.hyphen_penalty = -2000;   /* every hyphen welcome */
    dbg.override_dhd = 1;         /* and no cost for stacking them */
    dbg.no_fill = 1;              /* at the template's size */
    tr = build(d, &m, t, &dbg, &rep, &dg, &rc);
    free(tr);
    CU_ASSERT(rep.hyphen_stacks > 0);

    memset(&dbg, 0, sizeof dbg);
    dbg.column_width_delta = 190;   /* a measure of about 60 pt */
    tr = build(d, &m, t, &dbg, &rep, &dg, &rc);
    free(tr);
    CU_ASSERT(rep.underfull > 0);
    CU_ASSERT(rep.worst_badness > 1000);
    doc_free(d);

    /* a word no measure can hold (digits: never hyphenated) */
    d = new_doc("de");
    doc_node *s = section(d, d->root, "x", "Zahlen");
    add_text(d, add(d, s, DOC_PARA, NULL), "Die Seriennummer 12345678901234567890123456789012345678901234567890 "
                                             "steht auf der Schachtel.");
    dbg.column_width_delta = 150;
    tr = build(d, &m, t, &dbg, &rep, &dg, &rc);
    free(tr);
    CU_ASSERT(rep.overfull > 0);
    CU_ASSERT(rep.greedy_paras > 0);
    CU_ASSERT(lay_report_flaws(&rep) > 0);
    char line[512];
    FILE *fp = fmemopen(line, sizeof line, "w");
    lay_report_print(&rep, fp);
    fclose(fp);
    CU_ASSERT_PTR_NOT_NULL(strstr(line, "overfull 1"));
    CU_ASSERT_PTR_NOT_NULL(strstr(line, "flaw"));
    diag_list_free(&dg);
    doc_free(d);
    lay_template_free(t);
}

static void test_templates(void)
{
    diag_list dg;
    diag_list_init(&dg);
    lay_template *a4 = lay_template_load("templates", "reference", "a4", "nemesis", &dg);
    lay_template *lt = lay_template_load("templates", "reference", "letter", "nosuchgame", &dg);
    lay_template *ls = lay_template_load("templates", "reference-landscape", "a4", NULL, &dg);
    diag_print(&dg, stderr);
    CU_ASSERT_EQUAL(dg.errors, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a4);
    CU_ASSERT_PTR_NOT_NULL_FATAL(lt);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ls);
    CU_ASSERT_DOUBLE_EQUAL(a4->page_w, 595.28, 0.01);
    CU_ASSERT_DOUBLE_EQUAL(lt->page_h, 792, 0.01);
    CU_ASSERT_EQUAL(a4->columns, 2);
    CU_ASSERT_EQUAL(ls->columns, 3);
    CU_ASSERT_TRUE(ls->landscape);
    CU_ASSERT(ls->page_w > ls->page_h);
    CU_ASSERT(a4->min_body_size >= 7.5);
    /* the Nemesis theme's red, the default blue elsewhere */
    CU_ASSERT(a4->theme.accent.r > 0.5);
    CU_ASSERT(lt->theme.accent.r < 0.2);
    lay_template_free(a4);
    lay_template_free(lt);
    lay_template_free(ls);

    /* a template the schema refuses */
    CU_ASSERT_EQUAL(system("mkdir -p out/test-lay/templates"), 0);
    CU_ASSERT_EQUAL(tu_write_file("out/test-lay/templates/bad.xml",
                                  "<template id='bad' kind='sheet'><page columns='5'/>"
                                  "<body size='9' leading='1.2' min-size='7.5'/></template>"),
                    0);
    lay_template *bad = lay_template_load("out/test-lay/templates", "bad", "a4", NULL, &dg);
    CU_ASSERT_PTR_NULL(bad);
    CU_ASSERT(dg.errors > 0);
    CU_ASSERT_PTR_NULL(lay_template_load("templates", "reference", "a3", NULL, &dg));
    /* a template that does not parse: the parser's line and reason */
    CU_ASSERT_EQUAL(tu_write_file("out/test-lay/templates/broken.xml",
                                  "<template id='broken' kind='sheet'>\n<page columns='2'>\n</template>\n"), 0);
    CU_ASSERT_PTR_NULL(lay_template_load("out/test-lay/templates", "broken", "a4", NULL, &dg));
    const diag *pe = tu_find_diag(&dg, "", "broken.xml");
    CU_ASSERT_PTR_NOT_NULL(pe);
    if (pe)
        CU_ASSERT(pe->line >= 2);
    diag_list_free(&dg);
}

void suite_lay_sheet(void);
void suite_lay_sheet(void)
{
    CU_pSuite s = CU_add_suite("lay_sheet", setup, teardown);
    CU_add_test(s, "golden trace of a tiny sheet", test_golden_tiny);
    CU_add_test(s, "cross-references link to their section", test_xref_outline);
    CU_add_test(s, "table heads repeat per column", test_table_head_repeats);
    CU_add_test(s, "a table of up to 8 rows is never split", test_short_table_whole);
    CU_add_test(s, "tables of one structure in a section share widths", test_tables_share_widths);
    CU_add_test(s, "a glossary table is compact", test_glossary_compact);
    CU_add_test(s, "an icon heading a bulleted item replaces the bullet", test_icon_replaces_bullet);
    CU_add_test(s, "fit to pages within the floor, or fail", test_fit_pages);
    CU_add_test(s, "the fill search picks the size every size's trial picks", test_fill_search_as_every_size);
    CU_add_test(s, "widows and orphans planted and caught", test_widows_orphans_planted);
    CU_add_test(s, "column balance planted and caught", test_balance_planted);
    CU_add_test(s, "hyphen stacks, underfull, overfull, greedy planted and caught", test_line_measures_planted);
    CU_add_test(s, "templates and themes", test_templates);
}
