/* test_lay_flow.c — flowchart pages as a user builds them: every verified
 * flow of every game renders with both devices into a PDF that passes the
 * PDF checks and carries its labels as text; a label missing from the
 * language fails the build and writes nothing; a flow too large to print
 * legibly on one page is split into continued pages. */
#include <CUnit/CUnit.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <unistd.h>

#include <graphviz/gvc.h>

#include "lay_flow.h"
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
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius-de-flow-wirken-a4.pdf: 15 nodes, 16 edges, 1 page, labels"));
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

/* The text of page `page` of pdf (1-based), spaces and line ends removed,
 * into buf. 0, or -1. */
static int page_text(const char *pdf, int page, char *buf)
{
    if (run(buf, "pdftotext -f %d -l %d '%s' - 2>/dev/null", page, page, pdf) != 0)
        return -1;
    char *w = buf;
    for (const char *r = buf; *r; r++)
        if (*r != ' ' && *r != '\n' && *r != '\f')
            *w++ = *r;
    *w = '\0';
    return 0;
}

static int count_of(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* A chain of thirty steps, with a question that sends the reader back to
 * the start, cannot be printed at a readable size on one page: it is split
 * into continued pages. Each step is drawn exactly once; every cut edge
 * leaves its page at a connector "-> X" and arrives at the one "X ->" on
 * another page; the labels print at 6.5 pt or more. */
static void test_large_split(void)
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
        if (i == 20) {
            u += (size_t)snprintf(chain + u, 4096,
                                  "<decision id=\"l20\" pred=\"noxius.round.linked-open\"><branch value=\"yes\" "
                                  "to=\"l21\"/><branch value=\"no\" to=\"l2\"/></decision>");
        } else {
            if (i < 30)
                snprintf(next, sizeof next, " next=\"l%d\"", i + 1);
            u += (size_t)snprintf(chain + u, 4096, "<action id=\"l%d\" outcome=\"noxius.round.next\"%s/>", i, next);
        }
        v += (size_t)snprintf(labels + v, 4096,
                              "<label node=\"l%d\">Schritt Q%02d einer sehr langen Kette von Schritten</label>", i, i);
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
    snprintf(args, sizeof args,
             "--content %s build noxius --lang de --only flow --strict --no-verify -o %s/large-out --dot %s/large-dot",
             content, dir, dir);
    int st = run(out, "%s %s 2>&1", tu_bin(), args);
    CU_ASSERT_EQUAL(st, 0);
    /* the report: the whole flow's nodes and edges, the pages, the size */
    char *ln = strstr(out, "noxius-de-flow-lang-a4.pdf: ");
    int nodes = 0, edges = 0, pages = 0;
    double pt = 0;
    CU_ASSERT_FATAL(ln != NULL);
    CU_ASSERT_EQUAL(sscanf(strchr(ln, ' ') + 1, "%d nodes, %d edges, %d pages, labels %lf pt", &nodes, &edges,
                           &pages, &pt), 4);
    CU_ASSERT_EQUAL(nodes, 31);
    CU_ASSERT_EQUAL(edges, 31);
    CU_ASSERT(pages > 1);
    CU_ASSERT(pt >= 6.5);
    snprintf(path, sizeof path, "%s/large-out/noxius/noxius-de-flow-lang-a4.pdf", dir);
    tu_pdf_ok(path, pages, NULL);

    /* read back page by page */
    char *text[8] = {NULL};
    CU_ASSERT_FATAL(pages <= 8);
    for (int p = 0; p < pages; p++) {
        text[p] = malloc(OUT);
        CU_ASSERT_FATAL(text[p] != NULL);
        CU_ASSERT_EQUAL(page_text(path, p + 1, text[p]), 0);
    }
    for (int i = 1; i <= 30; i++) {
        char q[16];
        snprintf(q, sizeof q, "Q%02d", i);
        int n = 0;
        for (int p = 0; p < pages; p++)
            n += count_of(text[p], q);
        CU_ASSERT_EQUAL(n, 1);
    }
    /* connectors: each letter once as "-> X" and once as "X ->", on
     * different pages; the back edge from Q20 to Q02 is cut too */
    int letters = 0;
    for (char x = 'A'; x <= 'Z'; x++) {
        char outc[8], inc[8];
        snprintf(outc, sizeof outc, "\xE2\x86\x92%c", x);
        snprintf(inc, sizeof inc, "%c\xE2\x86\x92", x);
        int po = -1, pi = -1, no = 0, ni = 0;
        for (int p = 0; p < pages; p++) {
            int a = count_of(text[p], outc), b = count_of(text[p], inc);
            no += a, ni += b;
            if (a)
                po = p;
            if (b)
                pi = p;
        }
        if (!no && !ni)
            break;
        letters++;
        CU_ASSERT_EQUAL(no, 1);
        CU_ASSERT_EQUAL(ni, 1);
        CU_ASSERT(po != pi);
    }
    CU_ASSERT(letters >= 2);
    /* the printed size read back: poppler's word box spans the font's
     * ascender to descender, more than 1.2 em for our faces */
    CU_ASSERT_EQUAL(run(out, "pdftotext -bbox '%s' - 2>/dev/null", path), 0);
    int words = 0;
    for (char *p = strstr(out, "<word "); p; p = strstr(p + 1, "<word ")) {
        double x0, y0, x1, y1;
        char w[8];
        if (sscanf(p, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\">%7[^<]", &x0, &y0, &x1, &y1, w) == 5 &&
            w[0] == 'Q' && strlen(w) == 3) {
            words++;
            CU_ASSERT(y1 - y0 >= 6.5 * 1.2);
        }
    }
    CU_ASSERT_EQUAL(words, 30);
    /* --dot: one graph a page, each with its part's connectors */
    snprintf(path, sizeof path, "%s/large-dot/noxius/noxius-de-flow-lang-a4.dot", dir);
    char *dot = tu_read_file(path, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
    CU_ASSERT_EQUAL(count_of(dot, "digraph flow {"), pages);
    CU_ASSERT_EQUAL(count_of(dot, "out-A"), count_of(dot, "in-A"));
    CU_ASSERT(count_of(dot, "out-A") >= 2);   /* declared, and an edge's head */
    free(dot);
    for (int p = 0; p < pages; p++)
        free(text[p]);
    free(out), free(chain), free(labels);
}


/* --dot writes the graph each chart page was laid out from, before layout:
 * dot's own attributes only as we set them (fixed node sizes, empty HTML
 * labels of our text's size), none of the layout's results (pos, bb), so
 * that Graphviz's `dot` lays out the very same graph; it changes nothing
 * in the PDF. --flow builds that one flow's chart, and names a flow the
 * game does not have. */
static void test_dot_export(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    for (int i = 0; i < 2; i++) {
        int st = run(out, "SOURCE_DATE_EPOCH=1700000000 %s build noxius --lang de --flow wirken -o %s/dot-%d%s%s%s 2>&1",
                     tu_bin(), dir, i, i ? " --dot " : "", i ? dir : "", i ? "/dot-graphs" : "");
        CU_ASSERT_EQUAL(st, 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius-de-flow-wirken-a4.pdf: 15 nodes, 16 edges, 1 page"));
        CU_ASSERT_PTR_NULL(strstr(out, "flow-runde"));   /* that flow only */
        CU_ASSERT_PTR_NULL(strstr(out, "-cards-"));
    }
    CU_ASSERT_EQUAL(run(out, "cmp %s/dot-0/noxius/noxius-de-flow-wirken-a4.pdf %s/dot-1/noxius/noxius-de-flow-wirken-a4.pdf",
                        dir, dir), 0);
    char path[700];
    snprintf(path, sizeof path, "%s/dot-graphs/noxius/noxius-de-flow-wirken-a4.dot", dir);
    char *text = tu_read_file(path, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    /* cgraph's getters take char * */
    char pos[] = "pos", bb[] = "bb", fixed[] = "fixedsize", width[] = "width", height[] = "height", label[] = "label";
    Agraph_t *g = agmemread(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_EQUAL(agnnodes(g), 15);
    CU_ASSERT_EQUAL(agnedges(g), 16);
    CU_ASSERT_PTR_NULL(agattr(g, AGNODE, pos, NULL));
    CU_ASSERT_PTR_NULL(agattr(g, AGRAPH, bb, NULL));
    int labels = 0;
    for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) {
        CU_ASSERT_STRING_EQUAL(agget(n, fixed), "true");
        CU_ASSERT(atof(agget(n, width)) > 0.5 && atof(agget(n, height)) > 0.2);
        CU_ASSERT_EQUAL(strncmp(agnameof(n), "w-", 2), 0);   /* the flow's own node ids */
        for (Agedge_t *e = agfstout(g, n); e; e = agnxtout(g, e)) {
            char *l = agget(e, label);
            labels += l && aghtmlstr(l) && strstr(l, "FIXEDSIZE=\"TRUE\" WIDTH=");
        }
    }
    CU_ASSERT_EQUAL(labels, 10);   /* the decisions' branches: yes and no */
    /* and libgvc lays it out as it is */
    GVC_t *gvc = gvContext();
    CU_ASSERT_EQUAL(gvLayout(gvc, g, "dot"), 0);
    CU_ASSERT(GD_bb(g).UR.x > 100 && GD_bb(g).UR.y > 100);
    gvFreeLayout(gvc, g);
    agclose(g);
    gvFreeContext(gvc);
    free(text);

    CU_ASSERT_EQUAL(run(out, "%s build noxius --flow nosuch -o %s/dot-x 2>&1", tu_bin(), dir), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius has no flow \"nosuch\""));
    CU_ASSERT_EQUAL(run(out, "%s build noxius --flow wirken --only sheet -o %s/dot-x 2>&1", tu_bin(), dir), 2);
    CU_ASSERT_EQUAL(run(out, "%s build noxius --flow wirken --dot '' -o %s/dot-x 2>&1", tu_bin(), dir), 2);
    free(out);
}

/* --flow checks, of the game's flows, the one it builds: a flow that
 * disagrees with the engine holds up its own chart and a build of all the
 * charts, not another chart built alone. */
static void test_flow_checks_its_flow(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    char content[600], path[700];
    snprintf(content, sizeof content, "%s/swapped-content", dir);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", content), 0);
    snprintf(path, sizeof path, "%s/noxius/flows.xml", content);
    /* round: recover when the field is NOT clear (the rule says when it is) */
    CU_ASSERT_EQUAL_FATAL(tu_replace_in_file(path, "<branch value=\"yes\" to=\"r-erholung\"/>\n      <branch value=\"no\" "
                                             "to=\"r-alle-ko\"/>", "<branch value=\"no\" to=\"r-erholung\"/>\n      "
                                             "<branch value=\"yes\" to=\"r-alle-ko\"/>"), 0);
    static const char *const how[] = {"--flow runde", "--only flow", "--flow wirken"};
    for (int i = 0; i < 3; i++) {
        int st = run(out, "%s --content %s build noxius --lang de %s -o %s/swapped-out-%d 2>&1", tu_bin(), content,
                     how[i], dir, i);
        CU_ASSERT_EQUAL(st, i < 2 ? 1 : 0);
        CU_ASSERT_EQUAL(strstr(out, "does not pass `regelwerk check`") != NULL, i < 2);
        CU_ASSERT_EQUAL(strstr(out, "noxius-de-flow-wirken-a4.pdf: 15 nodes") != NULL, i == 2);
    }
    free(out);
}

/* ---- the measured geometry ---------------------------------------------- */

static lay_flow_shape rect_shape(double x0, double y0, double x1, double y1, const char *name)
{
    lay_flow_shape s = {{x0, x1, x1, x0}, {y0, y0, y1, y1}, 4, name};
    return s;
}

/* A clean little chart measures clean; each planted fault is found and
 * named: a label on a label, a label on a node, an edge through a label, an
 * edge through a node it does not join, two edges crossing. */
static void test_measure_planted(void)
{
    lay_flow_shape nodes[3] = {rect_shape(0, 0, 100, 20, "a"), rect_shape(0, 100, 40, 120, "b"), rect_shape(60, 100, 100, 120, "c")};
    double ex1[2] = {20, 20}, ey1[2] = {20, 100}, ex2[2] = {80, 80}, ey2[2] = {20, 100};
    lay_flow_line edges[2] = {{ex1, ey1, 2, 0, 1, "a -> b"}, {ex2, ey2, 2, 0, 2, "a -> c"}};
    dl_rect labels[2] = {{24, 50, 44, 60}, {84, 50, 104, 60}};
    const char *names[2] = {"ja", "nein"};
    lay_flow_geom g = {nodes, 3, labels, names, 2, edges, 2};
    lay_flow_flaws fl;
    lay_flow_measure(&g, &fl);
    CU_ASSERT_EQUAL(lay_flow_overlaps(&fl), 0);
    CU_ASSERT_EQUAL(fl.crossings, 0);
    CU_ASSERT_STRING_EQUAL(fl.first, "");

    /* the second label moved onto the first */
    labels[1] = (dl_rect){40, 52, 60, 62};
    lay_flow_measure(&g, &fl);
    CU_ASSERT_EQUAL(fl.label_label, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(fl.first, "\"ja\" and \"nein\""));
    /* onto a node */
    labels[1] = (dl_rect){50, 95, 70, 105};
    lay_flow_measure(&g, &fl);
    CU_ASSERT_EQUAL(fl.label_label, 0);
    CU_ASSERT_EQUAL(fl.label_node, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(fl.first, "node \"c\""));
    /* across an edge (the other edge's label, struck through) */
    labels[1] = (dl_rect){8, 30, 28, 40};
    lay_flow_measure(&g, &fl);
    CU_ASSERT_EQUAL(fl.label_edge, 1);
    CU_ASSERT_EQUAL(lay_flow_overlaps(&fl), 1);
    /* an edge through a node it does not join, and a crossing */
    labels[1] = (dl_rect){84, 50, 104, 60};
    ex2[1] = 20;
    ey2[1] = 110;
    lay_flow_measure(&g, &fl);
    CU_ASSERT_EQUAL(fl.edge_node, 1);
    CU_ASSERT_EQUAL(fl.label_edge, 0);
    ex2[1] = 10;
    ey2[1] = 90;
    ex1[1] = 60;
    lay_flow_measure(&g, &fl);
    CU_ASSERT_EQUAL(fl.crossings, 1);
    /* edges that meet where they end do not cross */
    ex1[1] = 10;
    ey1[1] = 90;
    lay_flow_measure(&g, &fl);
    CU_ASSERT_EQUAL(fl.crossings, 0);
}

/* Each shipped chart prints without an overlap, its labels at 9 pt or
 * more, and the page turned the way that prints it larger. */
static void test_report_lines(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    int st = run(out, "%s build --only flow --strict -o %s/rep 2>/dev/null", tu_bin(), dir);
    CU_ASSERT_EQUAL(st, 0);
    int lines = 0;
    for (char *ln = out; ln && *ln; ln = strchr(ln, '\n') ? strchr(ln, '\n') + 1 : NULL) {
        double pt = 0;
        char *lab = strstr(ln, "labels ");
        char *eol = strchr(ln, '\n');
        if (!lab || (eol && lab > eol))
            continue;
        lines++;
        CU_ASSERT_EQUAL(sscanf(lab, "labels %lf pt", &pt), 1);
        /* never below the 6.5 pt floor (--strict refuses that), never above
         * the 12 pt ceiling */
        CU_ASSERT(pt >= 6.5 && pt <= 12.0 + 1e-9);
        CU_ASSERT_PTR_NOT_NULL(strstr(ln, " 0 overlaps"));
        CU_ASSERT_PTR_NOT_NULL(strstr(ln, ": ok"));
    }
    CU_ASSERT(lines >= 16);
    /* the wide chart prints larger across the page */
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "nemesis-it-flow-sviluppo-a4.pdf: 13 nodes, 17 edges"));
    char *sv = strstr(out, "nemesis-it-flow-sviluppo-a4.pdf");
    CU_ASSERT(sv && strstr(sv, "landscape") && strchr(sv, '\n') > strstr(sv, "landscape"));
    free(out);
}

/* The words on a page, from pdftotext -bbox: x0 y0 x1 y1 each. */
static int page_words(const char *pdf, double (*w)[4], int cap)
{
    char *out = malloc(OUT);
    if (!out)
        return 0;
    int n = 0;
    if (run(out, "pdftotext -bbox '%s' - 2>/dev/null", pdf) == 0) {
        for (char *p = strstr(out, "<word "); p && n < cap; p = strstr(p + 1, "<word ")) {
            if (sscanf(p, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\"", &w[n][0], &w[n][1],
                       &w[n][2], &w[n][3]) == 4)
                n++;
        }
    }
    free(out);
    return n;
}

/* Read back from the PDFs: no word of a chart prints over another (node
 * labels, branch labels, title, legend), with either device. */
static void test_words_apart(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    double (*w)[4] = malloc(2000 * sizeof *w);
    CU_ASSERT_FATAL(out && w);
    static const char *const devices[] = {"cairo", "haru"};
    static const char *const files[] = {"nemesis/nemesis-it-flow-danni-a4.pdf", "nemesis/nemesis-it-flow-sviluppo-a4.pdf",
                                        "nemesis/nemesis-de-flow-sviluppo-a4.pdf", "nemesis/nemesis-it-flow-evento-a4.pdf",
                                        "noxius/noxius-de-flow-wirken-a4.pdf", "nanolith/nanolith-de-flow-gegner-a4.pdf",
                                        NULL};
    for (int d = 0; d < 2; d++) {
        CU_ASSERT_EQUAL(run(out, "%s build --only flow --device %s -o %s/apart-%s >/dev/null 2>&1", tu_bin(),
                            devices[d], dir, devices[d]), 0);
        for (int f = 0; files[f]; f++) {
            char path[800];
            snprintf(path, sizeof path, "%s/apart-%s/%s", dir, devices[d], files[f]);
            int n = page_words(path, w, 2000);
            CU_ASSERT(n > 20);
            int bad = 0;
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++) {
                    /* poppler's boxes run from the font's descender to its
                     * ascender: the inked middle of each is compared */
                    double hi = (w[i][3] - w[i][1]) * 0.25, hj = (w[j][3] - w[j][1]) * 0.25;
                    double ox = fmin(w[i][2], w[j][2]) - fmax(w[i][0], w[j][0]);
                    double oy = fmin(w[i][3] - hi, w[j][3] - hj) - fmax(w[i][1] + hi, w[j][1] + hj);
                    if (ox > 0.5 && oy > 0.5) {
                        if (!bad)
                            fprintf(stderr, "%s: words overlap at %.1f,%.1f\n", path, w[i][0], w[i][1]);
                        bad++;
                    }
                }
            CU_ASSERT_EQUAL(bad, 0);
        }
    }
    free(w);
    free(out);
}

/* A chart built without verification says so under its title. */
static void test_unverified_mark(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    CU_ASSERT_EQUAL(run(out, "%s build noxius --lang de --only flow --no-verify -o %s/unv >/dev/null 2>&1",
                        tu_bin(), dir), 0);
    char path[700];
    snprintf(path, sizeof path, "%s/unv/noxius/noxius-de-flow-wirken-a4.pdf", dir);
    /* the top of the page, above the chart */
    CU_ASSERT_EQUAL(run(out, "pdftotext -l 1 -y 0 -H 90 -W 600 '%s' - 2>/dev/null", path), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "nicht verifiziert"));
    free(out);
}

/* The first word box of text w on the page (x0 y0 x1 y1), or 0. */
static int word_box(const char *bbox_out, const char *w, double b[4])
{
    char needle[128];
    snprintf(needle, sizeof needle, "\">%s</word>", w);
    const char *hit = strstr(bbox_out, needle);
    if (!hit)
        return 0;
    const char *p = hit;
    while (p > bbox_out && strncmp(p, "<word ", 6) != 0)
        p--;
    return sscanf(p, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\"", &b[0], &b[1], &b[2], &b[3]) == 4;
}

/* Nanolith's round marks each node's phase: the four phases print as
 * titled frames in the source's order, the status phase's title above and
 * left of its steps, the next phase's below them; a phase without a title
 * in the language fails the check at its flowtext. */
static void test_phase_frames(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    CU_ASSERT_EQUAL(run(out, "%s build nanolith --only flow --strict -o %s/frames 2>&1", tu_bin(), dir), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "nanolith-de-flow-runde-a4.pdf: 10 nodes, 10 edges, 1 page"));
    char path[700];
    snprintf(path, sizeof path, "%s/frames/nanolith/nanolith-de-flow-runde-a4.pdf", dir);
    CU_ASSERT_EQUAL(run(out, "pdftotext -bbox '%s' - 2>/dev/null", path), 0);
    double st[4], stress[4], start[4], ch[4], gegner[4];
    CU_ASSERT_FATAL(word_box(out, "Statusphase", st) && word_box(out, "Stresscube", stress) &&
                    word_box(out, "Startspielermarker", start) && word_box(out, "Charakteraktionsphase", ch) &&
                    word_box(out, "Gegneraktionsphase", gegner));
    CU_ASSERT(st[3] < stress[1] && st[0] < stress[0]);
    CU_ASSERT(ch[1] > start[3]);
    CU_ASSERT(gegner[1] > ch[3]);
    /* the title is a text of the language, checked like every label */
    char content[600];
    snprintf(content, sizeof content, "%s/frames-content", dir);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", content), 0);
    snprintf(path, sizeof path, "%s/nanolith/de.xml", content);
    CU_ASSERT_EQUAL_FATAL(tu_replace_in_file(path, "<label node=\"p-status\">I. Statusphase (Charakterzug)</label>", ""),
                          0);
    CU_ASSERT_NOT_EQUAL(run(out, "%s --content %s check nanolith 2>&1", tu_bin(), content), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "phase \"p-status\" has no de label"));
    free(out);
}

/* Nanolith's round lowers the stress cube, whose icon the source prints
 * beside it: the icon is drawn in the label at the text's size, in the room
 * between "Stresscube" and "um" (not "[stress]"), with either device. */
static void test_label_icons(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    static const char *const devices[] = {"cairo", "haru"};
    for (int d = 0; d < 2; d++) {
        CU_ASSERT_EQUAL(run(out, "%s build nanolith --only flow --strict --device %s -o %s/icons-%s 2>&1",
                            tu_bin(), devices[d], dir, devices[d]), 0);
        char path[700];
        snprintf(path, sizeof path, "%s/icons-%s/nanolith/nanolith-de-flow-runde-a4.pdf", dir, devices[d]);
        CU_ASSERT_EQUAL(run(out, "pdftotext '%s' - 2>/dev/null", path), 0);
        CU_ASSERT_PTR_NULL(strstr(out, "[stress]"));
        CU_ASSERT_EQUAL(run(out, "pdftotext -bbox '%s' - 2>/dev/null", path), 0);
        double a[4], b[4], two[4];
        CU_ASSERT_FATAL(word_box(out, "Stresscube", a) && word_box(out, "um", b) && word_box(out, "2", two));
        double h = a[3] - a[1], gap = b[0] - a[2], space = two[0] - b[2];
        CU_ASSERT(fabs(b[1] - a[1]) < 0.5);         /* one line */
        CU_ASSERT(gap > space + 0.5 * h);          /* room for the icon */
        CU_ASSERT(gap < 2 * space + 1.2 * h);      /* at the text's size */
        /* ink in that room: the icon is drawn, not only spaced for */
        CU_ASSERT_EQUAL(run(out, "pdftoppm -r 72 -gray -x %d -y %d -W %d -H %d '%s' | tail -c %d | od -An -tu1 -v",
                            (int)(a[2] + space), (int)a[1], (int)(gap - 2 * space), (int)h, path,
                            (int)(gap - 2 * space) * (int)h), 0);
        int dark = 0, v;
        for (char *p = out; sscanf(p, "%d", &v) == 1;) {
            dark += v < 128;
            while (*p == ' ' || *p == '\n')
                p++;
            while (*p && *p != ' ' && *p != '\n')
                p++;
        }
        CU_ASSERT(dark >= 5);
    }
    free(out);
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
/* A flowchart is spelt as the sheet is (item 7 of issue 18): the title,
 * a label and the file's Title get U+2019 for the typewriter apostrophe and
 * a thin no-break space in "z. B.", read back from the PDF. */
static void test_typography(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    static const char *const edits[] = {"<title>Eine Runde</title>", "<title>Eine Runde: wie geht's weiter?</title>",
                                        "<label node=\"r-start\">Neue Runde</label>",
                                        "<label node=\"r-start\">Neue Runde, z. B. beim Start</label>", NULL};
    char content[600], path[700];
    CU_ASSERT_EQUAL_FATAL(tu_content_edited(dir, "typo", "noxius/de.xml", edits, content, sizeof content), 0);
    int st = run(out, "%s --content %s build noxius --only flow --no-verify -o %s/typo-out 2>&1", tu_bin(), content,
                 dir);
    CU_ASSERT_EQUAL_FATAL(st, 0);
    snprintf(path, sizeof path, "%s/typo-out/noxius/noxius-de-flow-runde-a4.pdf", dir);
    tu_pdf_spelt(path, "geht\xE2\x80\x99s weiter?", "geht's", 1,
                 "Noxius \xE2\x80\x94 Eine Runde: wie geht\xE2\x80\x99s weiter?");
    /* the real Italian charts: "C'è la freccia?" in the source */
    CU_ASSERT_EQUAL(run(out, "%s build nemesis --only flow -o %s/typo-nem 2>&1", tu_bin(), dir), 0);
    snprintf(path, sizeof path, "%s/typo-nem/nemesis/nemesis-it-flow-danni-a4.pdf", dir);
    tu_pdf_spelt(path, "C\xE2\x80\x99\xC3\xA8 la freccia?", "C'\xC3\xA8", 0, NULL);
    free(out);
}

void suite_lay_flow(void);
void suite_lay_flow(void)
{
    CU_pSuite s = CU_add_suite("lay_flow", NULL, cleanup);
    CU_add_test(s, "every flow, both devices, PDF checks", test_every_flow_renders);
    CU_add_test(s, "same input, same bytes", test_reproducible);
    CU_add_test(s, "a missing label fails at file:line", test_missing_label_fails);
    CU_add_test(s, "a chart too large for a page is split, connectors paired", test_large_split);
    CU_add_test(s, "--dot: the graph as laid out, one a page; --flow: one chart", test_dot_export);
    CU_add_test(s, "--flow checks that flow, not the flows it does not build", test_flow_checks_its_flow);
    CU_add_test(s, "measured overlaps: a planted label overlap is found", test_measure_planted);
    CU_add_test(s, "every chart: labels 9-12 pt, no overlaps, orientation", test_report_lines);
    CU_add_test(s, "read back: no word prints over another", test_words_apart);
    CU_add_test(s, "an unverified chart says so under its title", test_unverified_mark);
    CU_add_test(s, "labels, title and file title: apostrophes, thin spaces", test_typography);
    CU_add_test(s, "a phase is drawn as a titled frame", test_phase_frames);
    CU_add_test(s, "an icon in a label is drawn at the text's size", test_label_icons);
}
