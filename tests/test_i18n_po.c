/* test_i18n_po.c — the translation workflow end to end on a small game:
 * segments and placeholders, export/import/update/status, the checks of a
 * PO translation (each shown failing on a planted fault, at the PO's
 * line), XLIFF 1.2 validity, and the round trip through the tools
 * translators use (translate-toolkit, gettext). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "i18n_po.h"
#include "i18n_seg.h"
#include "testutil.h"

/* ---- segments, in process ------------------------------------------------------- */

static doc_node *add(doc *d, doc_node *parent, doc_type t, const char *text, const char *ref)
{
    doc_node *n = doc_node_new(d, t);
    n->text = text ? strdup(text) : NULL;
    n->ref = ref ? strdup(ref) : NULL;
    n->file = "x.xml";
    n->line = 7;
    CU_ASSERT_EQUAL_FATAL(doc_append(parent, n), 0);
    return n;
}

static void test_seg_roundtrip(void)
{
    doc *d = calloc(1, sizeof *d);
    d->root = doc_node_new(d, DOC_SUMMARY);
    doc_node *sec = add(d, d->root, DOC_SECTION, NULL, NULL);
    sec->id = strdup("s");
    doc_node *p = add(d, sec, DOC_PARA, NULL, NULL);
    p->id = strdup("p1");
    add(d, p, DOC_TEXT, "Pescate ", NULL);
    add(d, p, DOC_NUM, "una", "nemesis.x");
    add(d, p, DOC_TEXT, " ", NULL);
    doc_node *t = add(d, p, DOC_TERM, NULL, "carta");
    add(d, t, DOC_TEXT, "carta <Attacco>", NULL);
    add(d, p, DOC_ICON, NULL, "rumore");
    add(d, p, DOC_TEXT, ".\n   ", NULL);

    char *s = i18n_seg_serialize(p);
    CU_ASSERT_STRING_EQUAL(s, "Pescate <num1>una</num1> <term2>carta &lt;Attacco></term2><icon3/>.");
    free(s);

    doc *c = i18n_doc_clone(d, "de.po");
    CU_ASSERT_FATAL(c != NULL);
    doc_node *cp = c->root->first->first;
    char err[300];
    doc_node *made[8];
    /* translated: the placeholders keep the source's attributes */
    CU_ASSERT_EQUAL(i18n_seg_apply(cp, "Zieht <term2>Karte &lt;Angriff></term2> <num1>eine</num1><icon3/>.", made, 8,
                                   err, sizeof err), 0);
    s = i18n_seg_serialize(cp);
    CU_ASSERT_STRING_EQUAL(s, "Zieht <term1>Karte &lt;Angriff></term1> <num2>eine</num2><icon3/>.");
    free(s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(made[0]);
    CU_ASSERT_STRING_EQUAL(made[0]->ref, "nemesis.x");
    CU_ASSERT_STRING_EQUAL(made[0]->text, "eine");
    CU_ASSERT_STRING_EQUAL(made[1]->ref, "carta");
    CU_ASSERT_EQUAL(doc_check(c), 0);

    /* malformed: refused with a reason, the tree unchanged */
    const char *bad[] = {"<num1>eine", "<num1>eine</num1> <num1>x</num1>", "<num9>x</num9>",
                         "<num1>x</num1>", "a < b", "<icon3>x</icon3>", "<num1><b2>x</b2></num1>"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        int rc = i18n_seg_apply(cp, bad[i], made, 8, err, sizeof err);
        if (rc != -1)
            fprintf(stderr, "\naccepted: %s\n", bad[i]);
        CU_ASSERT_EQUAL(rc, -1);
        CU_ASSERT(err[0] != '\0');
    }
    s = i18n_seg_serialize(cp);
    CU_ASSERT_STRING_EQUAL(s, "Zieht <term1>Karte &lt;Angriff></term1> <num2>eine</num2><icon3/>.");
    free(s);
    char ph[200];
    CU_ASSERT_EQUAL(i18n_seg_placeholders("a <b2>x <num1>1</num1></b2> <icon3/>", ph, sizeof ph, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(ph, "num1 b2 icon3 ");
    doc_free(c);
    doc_free(d);
}

/* ---- the workflow on a small game -------------------------------------------------- */

static const char *game_xml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<game id=\"mini\" engine=\"none\" source-lang=\"it\">\n"
    "  <title lang=\"it\">Mini</title>\n"
    "  <credits><credit role=\"source\" lang=\"it\" version=\"1.0\">A. Author</credit></credits>\n"
    "  <languages><language code=\"it\" file=\"it.xml\"/></languages>\n"
    "  <outputs/>\n"
    "</game>\n";

static const char *it_xml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<summary game=\"mini\" lang=\"it\" version=\"1.0\">\n"
    "  <title>Mini</title>\n"
    "  <section id=\"turno\">\n"
    "    <h>Il turno</h>\n"
    "    <p id=\"pesca\">Ogni giocatore pesca <num fact=\"nemesis.player.hand-size\">cinque</num>\n"
    "      <term ref=\"carta\">carte Azione</term>.</p>\n"
    "    <p id=\"passa\">Il gettone passa al giocatore alla sua <word "
    "fact=\"nemesis.player.first-token-offset\">sinistra</word>.</p>\n"
    "    <p id=\"dubbio\" kind=\"advice\" reason=\"consiglio\">Il resto <gap reason=\"la fonte non dice chi "
    "comincia\">non è chiaro</gap>.</p>\n"
    "    <p id=\"ripeti\" kind=\"advice\" reason=\"c\">Pescate sempre <num fact=\"nemesis.player.hand-size\">5</num> "
    "carte.</p>\n"
    "    <p id=\"ripeti2\" kind=\"advice\" reason=\"c\">Pescate sempre <num fact=\"nemesis.player.hand-size\">5</num> "
    "carte.</p>\n"
    "  </section>\n"
    "</summary>\n";

static const char *glossary_xml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<glossary game=\"mini\">\n"
    "  <entry id=\"carta\"><form lang=\"it\">carta Azione</form><form lang=\"de\">Aktionskarte</form>"
    "<avoid lang=\"de\">Handlungskarte</avoid></entry>\n"
    "</glossary>\n";

/* What a translator sends back: every segment, short lines (no wrapping). */
static const char *translated_po =
    "msgid \"\"\n"
    "msgstr \"\"\n"
    "\"Language: de\\n\"\n"
    "\"MIME-Version: 1.0\\n\"\n"
    "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
    "\"Content-Transfer-Encoding: 8bit\\n\"\n"
    "\"X-Regelwerk-Game: mini\\n\"\n"
    "\"X-Regelwerk-Source-Lang: it\\n\"\n"
    "\"X-Regelwerk-Source-Version: 1.0\\n\"\n"
    "\n"
    "msgctxt \"title\"\nmsgid \"Mini\"\nmsgstr \"Mini\"\n\n"
    "msgctxt \"turno/h\"\nmsgid \"Il turno\"\nmsgstr \"Der Zug\"\n\n"
    "msgctxt \"pesca\"\n"
    "msgid \"Ogni giocatore pesca <num1>cinque</num1> <term2>carte Azione</term2>.\"\n"
    "msgstr \"Jeder zieht <num1>fünf</num1> <term2>Aktionskarten</term2>.\"\n\n"
    "msgctxt \"passa\"\n"
    "msgid \"Il gettone passa al giocatore alla sua <word1>sinistra</word1>.\"\n"
    "msgstr \"Der Marker geht an den Spieler <word1>links</word1> von ihm.\"\n\n"
    "msgctxt \"dubbio\"\nmsgid \"Il resto <gap1>non è chiaro</gap1>.\"\n"
    "msgstr \"Der Rest <gap1>ist unklar</gap1>.\"\n\n"
    "msgctxt \"dubbio/gap-1\"\nmsgid \"la fonte non dice chi comincia\"\n"
    "msgstr \"die Quelle sagt nicht, wer beginnt\"\n\n"
    "msgctxt \"ripeti\"\nmsgid \"Pescate sempre <num1>5</num1> carte.\"\n"
    "msgstr \"Zieht immer <num1>5</num1> Karten.\"\n\n"
    "msgctxt \"ripeti2\"\nmsgid \"Pescate sempre <num1>5</num1> carte.\"\n"
    "msgstr \"Zieht immer <num1>5</num1> Karten.\"\n";

static char root[] = "/tmp/regelwerk-i18n-XXXXXX";
static char gdir[600], po[700], out[65536];

static int run(const char *args)
{
    /* from the source tree (the tool finds its data there); $R is the
     * test's folder */
    return tu_runf(out, sizeof out, "R=%s; %s --content %s %s 2>&1", root, tu_bin(), root, args);
}

/* A fresh game with the translation imported and listed in game.xml. */
static void fresh(void)
{
    char path[800];
    tu_runf(out, sizeof out, "rm -rf %s/mini", root);
    snprintf(gdir, sizeof gdir, "%s/mini", root);
    snprintf(po, sizeof po, "%s/po/de.po", gdir);
    tu_runf(out, sizeof out, "mkdir -p %s", gdir);
    snprintf(path, sizeof path, "%s/game.xml", gdir);
    CU_ASSERT_EQUAL_FATAL(tu_write_file(path, game_xml), 0);
    snprintf(path, sizeof path, "%s/it.xml", gdir);
    CU_ASSERT_EQUAL_FATAL(tu_write_file(path, it_xml), 0);
    snprintf(path, sizeof path, "%s/glossary.xml", gdir);
    CU_ASSERT_EQUAL_FATAL(tu_write_file(path, glossary_xml), 0);
    snprintf(path, sizeof path, "%s/sent.po", root);
    CU_ASSERT_EQUAL_FATAL(tu_write_file(path, translated_po), 0);
    int rc = run("i18n import mini $R/sent.po");
    if (rc != 0)
        fprintf(stderr, "\n%s\n", out);
    CU_ASSERT_EQUAL_FATAL(rc, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "8 translations imported"));
    snprintf(path, sizeof path, "%s/game.xml", gdir);
    CU_ASSERT_EQUAL_FATAL(tu_replace_in_file(path, "<language code=\"it\" file=\"it.xml\"/>",
                                             "<language code=\"it\" file=\"it.xml\"/>\n"
                                             "    <language code=\"de\" po=\"po/de.po\" min-complete=\"100\"/>"),
                          0);
}

/* Replaces `from` by `to` in the msgstr of entry ctx of the PO. */
static void plant(const char *ctx, const char *from, const char *to)
{
    size_t len;
    char *text = tu_read_file(po, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    char key[200];
    snprintf(key, sizeof key, "msgctxt \"%s\"\n", ctx);
    char *e = strstr(text, key);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    char *ms = strstr(e, "\nmsgstr ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(ms);
    char *hit = strstr(ms, from);
    CU_ASSERT_PTR_NOT_NULL_FATAL(hit);
    char *res = malloc(len + strlen(to) + 1);
    size_t pre = (size_t)(hit - text);
    memcpy(res, text, pre);
    strcpy(res + pre, to);
    strcat(res, hit + strlen(from));
    CU_ASSERT_EQUAL(tu_write_file(po, res), 0);
    free(res);
    free(text);
}

/* The line of entry ctx's msgstr in the PO, as "de.po:N:". */
static void where(const char *ctx, char *buf, size_t len)
{
    size_t n;
    char *text = tu_read_file(po, &n);
    char key[200];
    snprintf(key, sizeof key, "msgctxt \"%s\"\n", ctx);
    int line = 1;
    char *e = text ? strstr(text, key) : NULL;
    char *ms = e ? strstr(e, "\nmsgstr ") : NULL;
    for (char *p = text; ms && p <= ms; p++)
        line += *p == '\n';
    snprintf(buf, len, "de.po:%d:", line);
    free(text);
}

static void test_clean(void)
{
    fresh();
    int rc = run("check mini");
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "0 failed"));
    if (rc)
        fprintf(stderr, "%s\n", out);
    CU_ASSERT_EQUAL(run("i18n status mini"), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "de: 8 translated, 0 fuzzy, 0 untranslated segments;"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "(100.0 %)"));
    CU_ASSERT_EQUAL(run("i18n status mini --format json"), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"translated\": 8"));
    /* gettext accepts our PO */
    if (access("/usr/bin/msgfmt", X_OK) == 0) {
        CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "msgfmt --check --statistics -o /dev/null %s 2>&1", po), 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "8 translated messages"));
    } else {
        printf("\n  (msgfmt not installed: gettext's check skipped)\n");
    }
}

/* Each check fails on its planted fault, at the entry's line of the PO. */
static void expect_at(const char *ctx, const char *needle)
{
    char at[64];
    where(ctx, at, sizeof at);
    CU_ASSERT_NOT_EQUAL(run("check mini"), 0);
    char *hit = strstr(out, needle);
    CU_ASSERT_PTR_NOT_NULL(hit);
    /* the diagnostic's line is the entry's */
    char *bol = hit;
    while (hit && bol > out && bol[-1] != '\n')
        bol--;
    CU_ASSERT(hit && strstr(bol, at) && strstr(bol, at) < hit);
    if (!hit || !strstr(bol, at) || strstr(bol, at) > hit)
        fprintf(stderr, "\nwanted \"%s\" at %s in:\n%s\n", needle, at, out);
}

static void test_faults(void)
{
    fresh();
    plant("pesca", "fünf", "vier");
    expect_at("pesca", "pesca: the numbers are 4 but the source's are 5");

    fresh();
    plant("pesca", " <term2>Aktionskarten</term2>", " Aktionskarten");
    expect_at("pesca", "the placeholders are [num1 ] but the source has [num1 term2 ]");

    fresh();
    plant("pesca", "</num1>", "");
    expect_at("pesca", "pesca: <num1> holds text only and must close with </num1>");

    fresh();
    plant("pesca", "Aktionskarten", "Handlungskarten");
    expect_at("pesca", "\"Handlungskarte\" is not the de term for carta");
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "the de glossary form \"Aktionskarte\" is missing"));

    fresh();
    plant("passa", "links", "rechts");
    expect_at("passa", "binds [word nemesis.player.first-token-offset=right; ]");

    fresh();
    plant("ripeti", "Zieht immer <num1>5</num1> Karten.", "Pescate sempre <num1>5</num1> carte.");
    expect_at("ripeti", "ripeti is the it source text unchanged");

    fresh();
    plant("ripeti2", "Zieht immer", "Nehmt immer");
    CU_ASSERT_EQUAL(run("check mini"), 0);   /* a warning only */
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "ripeti2 translates \"Pescate sempre <num1>5</num1> carte.\""));

    /* the translation's own typography: «…» is not German */
    fresh();
    plant("ripeti2", "Zieht immer", "\xC2\xABZieht\xC2\xBB immer");
    expect_at("ripeti2", "the quotation mark \"\xC2\xAB\" is not this language's: write \xE2\x80\x9E\xE2\x80\xA6\xE2\x80\x9C");

    fresh();
    plant("passa", "Der Marker geht an den Spieler <word1>links</word1> von ihm.", "");
    expect_at("passa", "passa is untranslated");
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "game.xml asks for 100 %"));
}

static void test_stale_and_update(void)
{
    fresh();
    char path[800];
    snprintf(path, sizeof path, "%s/it.xml", gdir);
    CU_ASSERT_EQUAL(tu_replace_in_file(path, "Ogni giocatore pesca", "Ciascun giocatore pesca"), 0);
    expect_at("pesca", "the source changed since this was translated (run regelwerk i18n update mini --lang de)");
    /* a new block and a removed one */
    CU_ASSERT_EQUAL(tu_replace_in_file(path, "  </section>", "    <p id=\"nuovo\" kind=\"advice\" reason=\"c\">Nuovo.</p>\n  </section>"), 0);
    CU_ASSERT_EQUAL(tu_replace_in_file(path, "<p id=\"ripeti2\"", "<p id=\"ripeti3\""), 0);
    CU_ASSERT_EQUAL(run("i18n update mini"), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "2 new, 1 changed (fuzzy), 1 obsolete"));
    size_t len;
    char *text = tu_read_file(po, &len);
    /* the previous source kept as #| msgid (wrapped by gettext) */
    char *prev = strstr(text, "#, fuzzy\n#| msgid ");
    CU_ASSERT(prev && strstr(prev, "Ogni giocatore pesca") && strstr(prev, "Ogni giocatore pesca") < strstr(prev, "msgctxt \"pesca\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "#~ msgctxt \"ripeti2\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "msgctxt \"nuovo\"\nmsgid \"Nuovo.\"\nmsgstr \"\""));
    free(text);
    expect_at("pesca", "pesca needs review: the source changed from \"Ogni giocatore pesca");
    CU_ASSERT_EQUAL(run("i18n status mini"), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "de: 6 translated, 1 fuzzy, 2 untranslated segments"));
}

static void test_import_refuses(void)
{
    fresh();
    size_t before_len, after_len;
    char *before = tu_read_file(po, &before_len);
    char path[800];
    snprintf(path, sizeof path, "%s/sent.po", root);
    struct {
        const char *from, *to, *msg;
    } cases[] = {
        {"X-Regelwerk-Game: mini", "X-Regelwerk-Game: nemesis", "translates the game \"nemesis\", not \"mini\""},
        {"Language: de", "Language: fr", "translation into \"fr\", not \"de\""},
        {"Source-Version: 1.0", "Source-Version: 0.9", "was made from version 0.9"},
        {"msgstr \"Der Zug\"", "msgstr \"Der <b1>Zug</b1>\"", "placeholder <b1> is not in the source text"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CU_ASSERT_EQUAL(tu_write_file(path, translated_po), 0);
        CU_ASSERT_EQUAL(tu_replace_in_file(path, cases[i].from, cases[i].to), 0);
        CU_ASSERT_EQUAL(run(i == 1 ? "i18n import mini $R/sent.po --lang de" : "i18n import mini $R/sent.po"), 1);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, cases[i].msg));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "sent.po"));
        char *after = tu_read_file(po, &after_len);
        CU_ASSERT(after && after_len == before_len && memcmp(before, after, before_len) == 0);
        free(after);
    }
    /* a file that mentions one entry changes that one and keeps the rest */
    CU_ASSERT_EQUAL(tu_write_file(path, "msgid \"\"\nmsgstr \"Language: de\\nX-Regelwerk-Game: mini\\n\"\n\n"
                                        "msgctxt \"turno/h\"\nmsgid \"Il turno\"\nmsgstr \"Die Runde\"\n"),
                    0);
    CU_ASSERT_EQUAL(run("i18n import mini $R/sent.po"), 0);
    char *after = tu_read_file(po, &after_len);
    CU_ASSERT_PTR_NOT_NULL(strstr(after, "msgstr \"Die Runde\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(after, "msgstr \"Jeder zieht <num1>fünf</num1> <term2>Aktionskarten</term2>.\""));
    free(after);
    free(before);
    CU_ASSERT_EQUAL(run("check mini"), 0);
}

static int have(const char *tool)
{
    char cmd[200];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", tool);
    return system(cmd) == 0;
}

/* The OASIS XLIFF 1.2 schema is not ours to ship and no Debian package
 * carries it: the tests take it from REGELWERK_XLIFF_SCHEMAS, or from the
 * shared schemas folder beside the source tree (xliff-core-1.2-transitional.xsd,
 * xml.xsd and a catalog.xml resolving the W3C import offline). NULL when
 * neither is there. */
static const char *xliff_schemas(char *buf, size_t size)
{
    const char *env = getenv("REGELWERK_XLIFF_SCHEMAS");
    char cwd[400];
    int n;
    if (env && *env)
        n = snprintf(buf, size, "%s", env);
    else if (getcwd(cwd, sizeof cwd))
        n = snprintf(buf, size, "%s/../shared/schemas", cwd);
    else
        return NULL;
    if (n < 0 || (size_t)n >= size)
        return NULL;
    char xsd[800];
    snprintf(xsd, sizeof xsd, "%s/xliff-core-1.2-transitional.xsd", buf);
    return access(xsd, R_OK) == 0 ? buf : NULL;
}

static void test_xliff(void)
{
    fresh();
    CU_ASSERT_EQUAL_FATAL(run("i18n export mini --to de --format xliff -o $R/mini-de.xlf"), 0);
    char dir[600];
    const char *schemas = xliff_schemas(dir, sizeof dir);
    if (!have("xmllint")) {
        printf("\n  (xmllint not installed: XLIFF schema validation skipped)\n");
    } else if (!schemas) {
        printf("\n  (no XLIFF 1.2 schema: set REGELWERK_XLIFF_SCHEMAS; validation skipped)\n");
    } else {
        int rc = tu_runf(out, sizeof out,
                         "XML_CATALOG_FILES=%s/catalog.xml xmllint --nonet --noout --schema "
                         "%s/xliff-core-1.2-transitional.xsd %s/mini-de.xlf 2>&1",
                         schemas, schemas, root);
        CU_ASSERT_EQUAL(rc, 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "validates"));
    }
    size_t len;
    char path[800];
    snprintf(path, sizeof path, "%s/mini-de.xlf", root);
    char *x = tu_read_file(path, &len);
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "<bpt id=\"1\" ctype=\"x-regelwerk-num\">&lt;num1&gt;</bpt>fünf"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "product-name=\"mini\" product-version=\"1.0\""));
    free(x);
    /* XLIFF import: an edited target lands in the PO */
    CU_ASSERT_EQUAL(tu_replace_in_file(path, ">Der Zug<", ">Die Runde<"), 0);
    CU_ASSERT_EQUAL(run("i18n import mini $R/mini-de.xlf"), 0);
    x = tu_read_file(po, &len);
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "msgstr \"Die Runde\""));
    free(x);
}

/* XLIFF → xliff2po → po2xliff → import: nothing lost. */
static void test_toolchain(void)
{
    if (!have("xliff2po") || !have("po2xliff") || !have("pofilter")) {
        printf("\n  (translate-toolkit not installed: the tool-chain round trip is skipped)\n");
        return;
    }
    fresh();
    CU_ASSERT_EQUAL_FATAL(run("i18n export mini --to de --format xliff -o $R/rt.xlf"), 0);
    CU_ASSERT_EQUAL_FATAL(tu_runf(out, sizeof out, "cd %s && xliff2po -i rt.xlf -o rt.po 2>&1 && "
                                                   "po2xliff -i rt.po -o rt2.xlf 2>&1", root), 0);
    /* the translations went through as text with their placeholders */
    unlink(po);
    CU_ASSERT_EQUAL(run("i18n import mini $R/rt2.xlf --lang de"), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "8 translations imported"));
    CU_ASSERT_EQUAL(run("check mini"), 0);
    CU_ASSERT_EQUAL(run("i18n status mini"), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "de: 8 translated, 0 fuzzy, 0 untranslated"));

    /* pofilter's number test and ours agree on a planted wrong number */
    plant("ripeti", "<num1>5</num1>", "<num1>4</num1>");
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "cd %s && pofilter --test=numbers -i %s -o filtered.po 2>&1 && "
                                             "cat filtered.po", root, po), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "msgctxt \"ripeti\""));
    CU_ASSERT_PTR_NULL(strstr(out, "msgctxt \"ripeti2\""));
    expect_at("ripeti", "ripeti: the numbers are 4 but the source's are 5");
    CU_ASSERT_PTR_NULL(strstr(out, "ripeti2: the numbers"));
}

static void test_its_rules(void)
{
    size_t len;
    char *its = tu_read_file("templates/its/regelwerk-its.xml", &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(its);
    CU_ASSERT_PTR_NOT_NULL(strstr(its, "its:withinTextRule"));
    free(its);
    if (!have("itstool")) {
        printf("\n  (itstool not installed: ITS extraction skipped)\n");
        return;
    }
    fresh();
    /* itstool merges identical texts (ripeti, ripeti2) into one msgid, and
     * keeps the reason of an inline gap inside its block's segment, as the
     * markup of a within-text element: six msgids, the reason among them */
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "itstool -i templates/its/regelwerk-its.xml -o %s/its.pot %s/it.xml 2>&1 && "
                                             "grep -c '^msgid \"[^\"]' %s/its.pot", root, gdir, root), 0);
    CU_ASSERT_EQUAL(atoi(out), 6);
    CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "grep -c 'la fonte non dice chi comincia' %s/its.pot", root), 0);
}

/* A catalog's keys are hashed when it is read: the live entry of a key is
 * found, an obsolete one and an unknown key are not, and entries added
 * later are still found (the hash is of what was read). */
static void test_cat_find(void)
{
    char path[300];
    snprintf(path, sizeof path, "%s/find.po", root);
    CU_ASSERT_EQUAL_FATAL(tu_write_file(path, "msgid \"\"\nmsgstr \"Language: it\\n\"\n\n"
                                              "msgctxt \"s.p1\"\nmsgid \"one\"\nmsgstr \"uno\"\n\n"
                                              "msgctxt \"s.p2\"\nmsgid \"two\"\nmsgstr \"due\"\n\n"
                                              "#~ msgctxt \"s.old\"\n#~ msgid \"gone\"\n#~ msgstr \"via\"\n"), 0);
    diag_list dl;
    diag_list_init(&dl);
    i18n_cat *c = i18n_po_read(path, &dl);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_EQUAL(c->n, 3);
    const i18n_entry *e = i18n_cat_find(c, "s.p2");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_STRING_EQUAL(e->msgstr, "due");
    CU_ASSERT_PTR_NOT_NULL_FATAL(i18n_cat_find(c, "s.p1"));
    CU_ASSERT_STRING_EQUAL(i18n_cat_find(c, "s.p1")->msgstr, "uno");
    CU_ASSERT_PTR_NULL(i18n_cat_find(c, "s.old"));
    CU_ASSERT_PTR_NULL(i18n_cat_find(c, "s.p3"));
    CU_ASSERT_PTR_NULL(i18n_cat_find(c, NULL));
    /* an entry pushed after reading */
    i18n_entry *v = realloc(c->e, (c->n + 1) * sizeof *v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    c->e = v;
    memset(&v[c->n], 0, sizeof *v);
    v[c->n].ctx = strdup("s.p3");
    v[c->n].msgstr = strdup("tre");
    c->n++;
    CU_ASSERT_PTR_NOT_NULL_FATAL(i18n_cat_find(c, "s.p3"));
    CU_ASSERT_STRING_EQUAL(i18n_cat_find(c, "s.p3")->msgstr, "tre");
    CU_ASSERT_STRING_EQUAL(i18n_cat_find(c, "s.p2")->msgstr, "due");
    i18n_cat_free(c);
    diag_list_free(&dl);
}

static int setup(void)
{
    return mkdtemp(root) ? 0 : 1;
}

static int teardown(void)
{
    char o[64];
    tu_runf(o, sizeof o, "rm -rf %s", root);
    return 0;
}

void suite_i18n_po(void);
void suite_i18n_po(void)
{
    CU_pSuite s = CU_add_suite("i18n_po", setup, teardown);
    CU_add_test(s, "segments: placeholders out and back", test_seg_roundtrip);
    CU_add_test(s, "catalog look-ups: live keys only, hashed when read", test_cat_find);
    CU_add_test(s, "a clean translation checks clean; status; msgfmt", test_clean);
    CU_add_test(s, "each translation check fails on its planted fault", test_faults);
    CU_add_test(s, "a changed source: stale, update, fuzzy", test_stale_and_update);
    CU_add_test(s, "import refuses another game, language, version", test_import_refuses);
    CU_add_test(s, "XLIFF 1.2: valid, imported", test_xliff);
    CU_add_test(s, "translate-toolkit round trip; pofilter agrees", test_toolchain);
    CU_add_test(s, "ITS rules", test_its_rules);
}
