/* test_numbers.c — every number of the tool's data parsed with full checks
 * (hardening item 5, templates, themes and icons): garbage, overflow and
 * out-of-range values are errors at their line, whether or not template.rng
 * is there to refuse them first (an installed data folder may lack it). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dl.h"
#include "icon.h"
#include "lay_template.h"
#include "testutil.h"

/* A templates folder with no schema beside it: the loader's own checks. */
static char dir[] = "/tmp/regelwerk-numbers-XXXXXX";

static int setup(void)
{
    if (!mkdtemp(dir))
        return -1;
    char out[64];
    return tu_runf(out, sizeof out, "mkdir -p %s/templates/themes", dir) == 0 ? 0 : -1;
}

static int teardown(void)
{
    char out[64];
    tu_runf(out, sizeof out, "rm -rf %s", dir);
    return 0;
}

/* Loads a sheet template whose line 3 is `line3`; expects it refused with
 * an error at line 3 containing want. */
static void expect_refused(const char *kind, const char *line3, const char *want)
{
    char path[300], tdir[256];
    snprintf(tdir, sizeof tdir, "%s/templates", dir);
    snprintf(path, sizeof path, "%s/t.xml", tdir);
    char body[1024];
    snprintf(body, sizeof body, "<?xml version=\"1.0\"?>\n<template id=\"t\" kind=\"%s\">\n%s\n</template>\n", kind,
             line3);
    CU_ASSERT_FATAL(tu_write_file(path, body) == 0);
    diag_list dg;
    diag_list_init(&dg);
    lay_template *t = lay_template_load_kind(tdir, "t", kind, "a4", NULL, &dg);
    CU_ASSERT_PTR_NULL(t);
    lay_template_free(t);
    const diag *d = tu_find_diag(&dg, want, "t.xml");
    CU_ASSERT_PTR_NOT_NULL(d);
    if (d)
        CU_ASSERT_EQUAL(d->line, 3);
    if (!d) {
        fprintf(stderr, "\n%s:\n", line3);
        diag_print(&dg, stderr);
    }
    diag_list_free(&dg);
}

static void test_numbers_template(void)
{
    expect_refused("sheet", "<page columns=\"2x\"/>", "columns=\"2x\">: wants a whole number from 1 to 3");
    expect_refused("sheet", "<page columns=\"2.5\"/>", "wants a whole number");
    expect_refused("sheet", "<page columns=\"4294967298\"/>", "wants a whole number");
    expect_refused("sheet", "<page margin-top=\"1e999\"/>", "margin-top=\"1e999\">: wants a number from 0 to 500");
    expect_refused("sheet", "<page margin-top=\"-3\"/>", "margin-top");
    expect_refused("sheet", "<page margin-inner=\"nan\"/>", "margin-inner");
    expect_refused("sheet", "<page column-gap=\"0x10\"/>", "column-gap");
    expect_refused("sheet", "<body size=\"\"/>", "size=\"\">");
    expect_refused("sheet", "<body size=\"9pt\"/>", "size=\"9pt\">: wants a number from 4 to 72");
    expect_refused("sheet", "<body leading=\"inf\"/>", "leading");
    expect_refused("sheet", "<heading level=\"0\" scale=\"1\"/>", "level=\"0\"");
    expect_refused("sheet", "<heading level=\"1\" scale=\"1e308\"/>", "scale");
    expect_refused("sheet", "<furniture size=\"3\" title-size=\"20\"/>", "size=\"3\"");
    expect_refused("cards", "<card width=\"63\" height=\"88\" text-size=\"10\" min-text-size=\"6\" columns=\"-1\" rows=\"3\"/>",
                   "columns=\"-1\"");
    expect_refused("cards", "<card width=\"63\" height=\"88\" text-size=\"10\" min-text-size=\"6\" columns=\"3\" rows=\"3\" icon=\"x\"/>",
                   "icon=\"x\"");
    expect_refused("flowchart", "<chart label-size=\"9\" min-label-size=\"6.5\" node-gap=\"1e9\"/>", "node-gap");
}

/* Each number in range, together impossible: refused, not laid out. */
static void test_numbers_template_together(void)
{
    char tdir[256], path[300];
    snprintf(tdir, sizeof tdir, "%s/templates", dir);
    snprintf(path, sizeof path, "%s/m.xml", tdir);
    CU_ASSERT_FATAL(tu_write_file(path, "<template id=\"m\" kind=\"sheet\">\n"
                                        "<page margin-inner=\"120\" margin-outer=\"120\"/>\n</template>\n") == 0);
    diag_list dg;
    diag_list_init(&dg);
    CU_ASSERT_PTR_NULL(lay_template_load(tdir, "m", "a4", NULL, &dg));
    CU_ASSERT_PTR_NOT_NULL(tu_find_diag(&dg, "less than 36 mm", "m.xml"));
    snprintf(path, sizeof path, "%s/c.xml", tdir);
    CU_ASSERT_FATAL(tu_write_file(path, "<template id=\"c\" kind=\"cards\">\n<card width=\"63\" height=\"88\" "
                                        "inset=\"40\" text-size=\"10\" min-text-size=\"6\" columns=\"3\" rows=\"3\"/>\n"
                                        "</template>\n") == 0);
    CU_ASSERT_PTR_NULL(lay_template_load_kind(tdir, "c", "cards", "a4", NULL, &dg));
    CU_ASSERT_PTR_NOT_NULL(tu_find_diag(&dg, "inset leaves no room", "c.xml"));
    diag_list_free(&dg);
}

static void test_numbers_theme(void)
{
    char tdir[256], path[300], out[512];
    snprintf(tdir, sizeof tdir, "%s/templates", dir);
    CU_ASSERT_FATAL(tu_runf(out, sizeof out, "cp templates/reference.xml %s/", tdir) == 0);
    snprintf(path, sizeof path, "%s/themes/g.xml", tdir);
    CU_ASSERT_FATAL(tu_write_file(path, "<theme game=\"g\">\n<color role=\"accent\" value=\"#12345\"/>\n"
                                        "<color role=\"text\" value=\"#1234567\"/>\n"
                                        "<color role=\"tip\" value=\"#12345g\"/>\n"
                                        "<color role=\"gap\" value=\"#-12345\"/>\n"
                                        "<color role=\"rule\" value=\"#00ff00\"/>\n</theme>\n") == 0);
    diag_list dg;
    diag_list_init(&dg);
    CU_ASSERT_PTR_NULL(lay_template_load(tdir, "reference", "a4", "g", &dg));
    for (int line = 2; line <= 5; line++) {
        int found = 0;
        for (size_t i = 0; i < dg.n; i++)
            found |= dg.items[i].line == line && strstr(dg.items[i].msg, "wants #RRGGBB") != NULL;
        CU_ASSERT(found);
    }
    CU_ASSERT_EQUAL(dg.errors, 4);
    diag_list_free(&dg);
}

static void test_numbers_svg_path(void)
{
    dl_path p;
    dl_path_init(&p);
    CU_ASSERT_EQUAL(icon_parse_svg_path("M0 0L1e999 0", 1, &p), -1);
    dl_path_free(&p);
    dl_path_init(&p);
    CU_ASSERT_EQUAL(icon_parse_svg_path("M0 0L1e7 0", 1, &p), -1);
    dl_path_free(&p);
    dl_path_init(&p);
    CU_ASSERT_EQUAL(icon_parse_svg_path("M0 0A1e300 1e300 0 1 1 5 5", 1, &p), -1);
    dl_path_free(&p);
    dl_path_init(&p);
    CU_ASSERT_EQUAL(icon_parse_svg_path("M0 0L512 512.5e-1", 1, &p), 0);
    dl_path_free(&p);
}

static void test_numbers_icon_canvas(void)
{
    const char *bad[] = {"\"512\"", "0", "-5", "1e300", "0.5"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char path[300], body[256];
        snprintf(path, sizeof path, "%s/set.json", dir);
        snprintf(body, sizeof body, "{\"prefix\": \"x\", \"width\": %s, \"icons\": {}}", bad[i]);
        CU_ASSERT_FATAL(tu_write_file(path, body) == 0);
        diag_list dg;
        diag_list_init(&dg);
        icon_set *set = icon_set_load(path, &dg);
        CU_ASSERT_PTR_NULL(set);
        icon_set_free(set);
        CU_ASSERT_PTR_NOT_NULL(tu_find_diag(&dg, "\"width\"", "set.json"));
        diag_list_free(&dg);
    }
}

void suite_numbers(void);
void suite_numbers(void)
{
    CU_pSuite s = CU_add_suite("numbers", setup, teardown);
    CU_add_test(s, "template numbers: garbage, overflow, range refused at their line", test_numbers_template);
    CU_add_test(s, "template numbers that cannot fit together refused", test_numbers_template_together);
    CU_add_test(s, "theme colours: #RRGGBB or an error at the line", test_numbers_theme);
    CU_add_test(s, "SVG path numbers: overflow and garbage refused", test_numbers_svg_path);
    CU_add_test(s, "the icon set's canvas width checked", test_numbers_icon_canvas);
}
