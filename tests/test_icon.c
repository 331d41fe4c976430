/* test_icon.c — SVG path data, the real Game Icons set, and game maps. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "icon.h"
#include "testutil.h"

#define ICONS "out/deps/node_modules/@iconify-json/game-icons/icons.json"

static int near(double a, double b)
{
    return fabs(a - b) < 1e-6;
}

static void test_path_commands(void)
{
    dl_path p;
    dl_path_init(&p);
    CU_ASSERT_EQUAL(icon_parse_svg_path("M10 20L30 40Z", 0.5, &p), 0);
    CU_ASSERT_EQUAL(p.n, 3);
    CU_ASSERT(p.el[0].op == DL_MOVE && near(p.el[0].pt[0], 5) && near(p.el[0].pt[1], 10));
    CU_ASSERT(p.el[1].op == DL_LINE && near(p.el[1].pt[0], 15) && near(p.el[1].pt[1], 20));
    CU_ASSERT(p.el[2].op == DL_CLOSE);
    dl_path_free(&p);

    /* implicit lineto after moveto; relative commands; H and V */
    CU_ASSERT_EQUAL(icon_parse_svg_path("m10 10 5 5h10v-3H0V0z", 1, &p), 0);
    CU_ASSERT_EQUAL(p.n, 7);
    CU_ASSERT(p.el[1].op == DL_LINE && near(p.el[1].pt[0], 15) && near(p.el[1].pt[1], 15));
    CU_ASSERT(near(p.el[2].pt[0], 25) && near(p.el[2].pt[1], 15));
    CU_ASSERT(near(p.el[3].pt[0], 25) && near(p.el[3].pt[1], 12));
    CU_ASSERT(near(p.el[4].pt[0], 0) && near(p.el[5].pt[1], 0));
    dl_path_free(&p);

    /* numbers that run together, as the set writes them */
    CU_ASSERT_EQUAL(icon_parse_svg_path("M2.536.005-1-2e1", 1, &p), 0);
    CU_ASSERT_EQUAL(p.n, 2);
    CU_ASSERT(near(p.el[0].pt[0], 2.536) && near(p.el[0].pt[1], 0.005));
    CU_ASSERT(near(p.el[1].pt[0], -1) && near(p.el[1].pt[1], -20));
    dl_path_free(&p);

    /* smooth curves reflect the last control point */
    CU_ASSERT_EQUAL(icon_parse_svg_path("M0 0C0 10 10 10 10 0S20 -10 20 0", 1, &p), 0);
    CU_ASSERT_EQUAL(p.n, 3);
    CU_ASSERT(near(p.el[2].pt[0], 10) && near(p.el[2].pt[1], -10));
    dl_path_free(&p);

    /* a quadratic becomes the cubic with the same curve: 2/3 of the way */
    CU_ASSERT_EQUAL(icon_parse_svg_path("M0 0Q15 30 30 0T60 0", 1, &p), 0);
    CU_ASSERT_EQUAL(p.n, 3);
    CU_ASSERT(near(p.el[1].pt[0], 10) && near(p.el[1].pt[1], 20));
    CU_ASSERT(near(p.el[2].pt[1], -20));   /* T reflects the control point */
    dl_path_free(&p);

    /* malformed data is refused */
    CU_ASSERT_EQUAL(icon_parse_svg_path("M10", 1, &p), -1);
    dl_path_free(&p);
    CU_ASSERT_EQUAL(icon_parse_svg_path("10 10", 1, &p), -1);
    dl_path_free(&p);
    CU_ASSERT_EQUAL(icon_parse_svg_path("M0 0X5", 1, &p), -1);
    dl_path_free(&p);
}

static void test_path_arcs(void)
{
    dl_path p;
    dl_path_init(&p);
    /* a half circle from (0,0) to (20,0), clockwise on screen (y down):
     * two quarter arcs through the top point (10,-10) */
    CU_ASSERT_EQUAL(icon_parse_svg_path("M0 0A10 10 0 0 1 20 0", 1, &p), 0);
    CU_ASSERT_EQUAL(p.n, 3);
    CU_ASSERT(p.el[1].op == DL_CURVE && near(p.el[1].pt[4], 10) && near(p.el[1].pt[5], -10));
    CU_ASSERT(near(p.el[2].pt[4], 20) && near(p.el[2].pt[5], 0));
    dl_path_free(&p);
    /* compact flags, relative, the other sweep: through (10,10) */
    CU_ASSERT_EQUAL(icon_parse_svg_path("M0 0a10 10 0 0020 0", 1, &p), 0);
    CU_ASSERT_EQUAL(p.n, 3);
    CU_ASSERT(near(p.el[1].pt[4], 10) && near(p.el[1].pt[5], 10));
    dl_path_free(&p);
    /* radii too small are scaled up (SVG F.6.6): still ends at the point */
    CU_ASSERT_EQUAL(icon_parse_svg_path("M0 0A1 1 0 0 1 40 0", 1, &p), 0);
    CU_ASSERT(near(p.el[p.n - 1].pt[4], 40) && near(p.el[p.n - 1].pt[5], 0));
    dl_path_free(&p);
}

static void test_real_set_and_map(void)
{
    diag_list dg;
    diag_list_init(&dg);
    icon_set *set = icon_set_load(ICONS, &dg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(set);
    CU_ASSERT_EQUAL(icon_map_load(set, "templates/icons/nemesis.xml", &dg), 0);
    CU_ASSERT_EQUAL(dg.errors, 0);
    /* every icon of the map resolves to a path inside the unit box */
    char *map = tu_read_file("templates/icons/nemesis.xml", NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(map);
    int n = 0;
    for (const char *q = strstr(map, "name=\""); q; q = strstr(q + 1, "name=\"")) {
        char name[64];
        if (sscanf(q + 6, "%63[^\"]", name) != 1)
            continue;
        const dl_path *p = icon_get(set, name);
        CU_ASSERT_PTR_NOT_NULL(p);
        if (!p)
            continue;
        n++;
        double lo = 1e9, hi = -1e9;
        /* on-curve points (control points may lie outside) */
        for (size_t i = 0; i < p->n; i++) {
            if (p->el[i].op == DL_CLOSE)
                continue;
            int k0 = p->el[i].op == DL_CURVE ? 4 : 0;
            for (int k = k0; k < k0 + 2; k++) {
                lo = fmin(lo, p->el[i].pt[k]);
                hi = fmax(hi, p->el[i].pt[k]);
            }
        }
        if (!(lo >= -0.01 && hi <= 1.01 && hi - lo > 0.3))
            fprintf(stderr, "\n  icon %s spans %.3f..%.3f\n", name, lo, hi);
        CU_ASSERT(lo >= -0.01 && hi <= 1.01 && hi - lo > 0.3);
    }
    CU_ASSERT(n > 20);
    free(map);
    /* glyph names work directly too; unknown names give NULL */
    CU_ASSERT_PTR_NOT_NULL(icon_get(set, "footsteps"));
    CU_ASSERT_PTR_NULL(icon_get(set, "no-such-icon-anywhere"));
    CU_ASSERT_PTR_NOT_NULL(strstr(icon_credit(set), "CC BY 3.0"));
    CU_ASSERT_PTR_NOT_NULL(strstr(icon_credit(set), "game-icons.net"));

    /* a map naming a glyph the set lacks: an error at its line */
    char path[] = "/tmp/regelwerk-icons-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    tu_write_file(path, "<?xml version=\"1.0\"?>\n<icons game=\"x\">\n"
                        "  <icon name=\"a\" glyph=\"footsteps\"/>\n"
                        "  <icon name=\"b\" glyph=\"footstepz\"/>\n</icons>\n");
    diag_list_free(&dg);
    diag_list_init(&dg);
    CU_ASSERT_EQUAL(icon_map_load(set, path, &dg), -1);
    const diag *d = tu_find_diag(&dg, "footstepz", NULL);
    CU_ASSERT_PTR_NOT_NULL(d);
    if (d)
        CU_ASSERT_EQUAL(d->line, 4);
    unlink(path);
    diag_list_free(&dg);
    icon_set_free(set);
}


/* A small set through the scanner that replaced json-c: escaped keys and
 * bodies, aliases (a loop ends), a file rewritten in place read again, and
 * malformed files refused with the reason. */
static void test_small_set(void)
{
    char dirp[] = "/tmp/regelwerk-iconset-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dirp));
    char path[300];
    snprintf(path, sizeof path, "%s/set.json", dirp);
    CU_ASSERT_FATAL(tu_write_file(path,
                                  "{\"prefix\": \"x\", \"info\": {\"n\": [1, 2.5e1, true, null, {\"a\": []}]},\n"
                                  " \"icons\": {\"sq\": {\"body\": \"<path d=\\\"M0 0H512V512H0z\\\"/>\"},\n"
                                  "   \"esc\\u0061\": {\"width\": 512, \"body\": \"<g><path fill=\\\"#000\\\" "
                                  "d=\\\"M0 0L256 256\\\"\\/><\\/g>\"},\n"
                                  /* a raw control character: skipped while indexing, refused when read;
                                   * an escaped backslash before a closing quote */
                                  "   \"ctl\": {\"body\": \"<path d=\\\"M0 0H512\x01\\\"/>\"},"
                                  " \"bs\": {\"x\": \"\\\\\"}},\n"
                                  " \"aliases\": {\"box\": {\"parent\": \"sq\"}, \"loop\": {\"parent\": \"loop\"}},\n"
                                  " \"width\": 512, \"height\": 512}\n") == 0);
    diag_list dg;
    diag_list_init(&dg);
    icon_set *set = icon_set_load(path, &dg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(set);
    const dl_path *sq = icon_get(set, "sq"), *box = icon_get(set, "box"), *esc = icon_get(set, "esca");
    CU_ASSERT_PTR_NOT_NULL_FATAL(sq);
    CU_ASSERT_PTR_NOT_NULL_FATAL(box);
    CU_ASSERT_PTR_NOT_NULL_FATAL(esc);
    CU_ASSERT(near(sq->el[1].pt[0], 1) && near(box->el[2].pt[1], 1));
    CU_ASSERT(esc->n == 2 && near(esc->el[1].pt[0], 0.5));
    CU_ASSERT_PTR_NULL(icon_get(set, "loop"));
    CU_ASSERT_PTR_NULL(icon_get(set, "info"));
    CU_ASSERT_PTR_NULL(icon_get(set, "ctl"));
    icon_set_free(set);
    /* the same path rewritten with another canvas: read again, not the old index */
    CU_ASSERT_FATAL(tu_write_file(path, "{\"icons\": {\"sq\": {\"body\": \"<path d=\\\"M0 0H512V512H0z\\\"/>\"}}, "
                                        "\"width\": 1024}") == 0);
    set = icon_set_load(path, &dg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(set);
    sq = icon_get(set, "sq");
    CU_ASSERT(sq && near(sq->el[1].pt[0], 0.5));
    icon_set_free(set);
    CU_ASSERT_EQUAL(dg.errors, 0);
    const char *bad[] = {"{\"icons\": {\"sq\": {\"body\": \"<path/>\"}", "[1, 2]", "{\"prefix\": \"x\"}",
                         "{\"icons\": {}} trailing", "{\"icons\": {\"a\": {\"body\": \"x\"}, }}",
                         "{\"icons\": {}, \"icons\": {}}", "{\"icons\": []}", "",
                         "{\"icons\": {}, \"aliases\": [1]}", "{\"icons\": {\"a\": {\"body\": \"x\"}}, \"icons\": 1}",
                         "{\"icons\": {\"a\x01\": {\"body\": \"x\"}}}"};
    const char *why[] = {"not a JSON object", "not a JSON object", "no \"icons\" object", "not a JSON object",
                         "not a JSON object", "given twice", "no \"icons\" object", "cannot read",
                         "malformed \"aliases\"", "given twice", "not a JSON object"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CU_ASSERT_FATAL(tu_write_file(path, bad[i]) == 0);
        diag_list bd;
        diag_list_init(&bd);
        CU_ASSERT_PTR_NULL(icon_set_load(path, &bd));
        CU_ASSERT_PTR_NOT_NULL(tu_find_diag(&bd, why[i], "set.json"));
        diag_list_free(&bd);
    }
    diag_list_free(&dg);
    unlink(path);
    rmdir(dirp);
}

void suite_icon(void);
void suite_icon(void)
{
    CU_pSuite s = CU_add_suite("icon", NULL, NULL);
    CU_add_test(s, "SVG path commands, numbers and errors", test_path_commands);
    CU_add_test(s, "SVG arcs as Beziers", test_path_arcs);
    CU_add_test(s, "the real set, a game's map, an unknown glyph", test_real_set_and_map);
    CU_add_test(s, "a small set: escapes, aliases, a rewritten file, malformed files", test_small_set);
}
