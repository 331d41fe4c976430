/* test_data_safe.c — the tool's own data read as safely as content
 * (hardening item 6): templates, themes, the font manifest, hyphenation
 * exceptions and icon maps go through doc_parse_data(), so a DOCTYPE is
 * refused before its entities are read. A 160 KB quadratic-entity file used
 * to take seconds and hundreds of MB (more with more references); now it is
 * refused at once, at its file:line. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diag.h"
#include "icon.h"
#include "lay_font.h"
#include "lay_hyph.h"
#include "lay_template.h"
#include "testutil.h"

#define ICONS "out/deps/node_modules/@iconify-json/game-icons/icons.json"

static char dir[] = "/tmp/regelwerk-data-XXXXXX";

/* A DOCTYPE declaring a 50 KB entity on line 2, then body with every
 * "@" replaced by 3000 references to it (the quadratic blow-up). */
static int write_bomb(const char *name, const char *body)
{
    size_t ent = 50000, refs = 3000;
    size_t cap = ent + refs * 3 + strlen(body) + 256;
    char *s = malloc(cap);
    if (!s)
        return -1;
    size_t n = (size_t)snprintf(s, cap, "<?xml version=\"1.0\"?>\n<!DOCTYPE x [\n<!ENTITY a \"");
    memset(s + n, 'x', ent);
    n += ent;
    n += (size_t)snprintf(s + n, cap - n, "\">\n]>\n");
    for (const char *p = body; *p; p++) {
        if (*p != '@') {
            s[n++] = *p;
            continue;
        }
        for (size_t i = 0; i < refs; i++) {
            memcpy(s + n, "&a;", 3);
            n += 3;
        }
    }
    s[n] = '\0';
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int rc = tu_write_file(path, s);
    free(s);
    return rc;
}

static int setup(void)
{
    if (!mkdtemp(dir))
        return -1;
    char out[64];
    if (tu_runf(out, sizeof out, "mkdir -p %s/templates/themes", dir) != 0)
        return -1;
    return write_bomb("templates/reference.xml",
                      "<template id=\"reference\" kind=\"sheet\">\n<page columns=\"2\"/>\n"
                      "<furniture size=\"6.5\" title-size=\"@\"/>\n</template>\n") ||
           write_bomb("manifest.xml", "<fonts>\n<font role=\"body\" file=\"@\" family=\"x\" licence=\"y\"/>\n</fonts>\n") ||
           write_bomb("hyphenation.xml", "<hyphenation>\n<word lang=\"de\">@</word>\n</hyphenation>\n") ||
           write_bomb("icons.xml", "<icons game=\"x\">\n<icon name=\"@\" glyph=\"footsteps\"/>\n</icons>\n");
}

static int teardown(void)
{
    char out[64];
    tu_runf(out, sizeof out, "rm -rf %s", dir);
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The refusal: one DOCTYPE error at name's line 2, in well under a second. */
static void expect_doctype(const diag_list *dg, const char *name, double secs)
{
    const diag *d = tu_find_diag(dg, "DOCTYPE is not allowed", name);
    CU_ASSERT_PTR_NOT_NULL(d);
    if (d)
        CU_ASSERT_EQUAL(d->line, 2);
    if (!d)
        diag_print(dg, stderr);
    CU_ASSERT(secs < 1.0);
}

static void test_data_safe_template(void)
{
    diag_list dg;
    diag_list_init(&dg);
    char tdir[256];
    snprintf(tdir, sizeof tdir, "%s/templates", dir);
    double t0 = now();
    CU_ASSERT_PTR_NULL(lay_template_load(tdir, "reference", "a4", NULL, &dg));
    expect_doctype(&dg, "templates/reference.xml", now() - t0);
    diag_list_free(&dg);

    /* a theme: the real template, a planted theme */
    diag_list_init(&dg);
    char out[512];
    CU_ASSERT_EQUAL_FATAL(tu_runf(out, sizeof out, "cp templates/reference.xml %s/templates/ok.xml && "
                                  "cp %s/hyphenation.xml %s/templates/themes/g.xml", dir, dir, dir), 0);
    t0 = now();
    CU_ASSERT_PTR_NULL(lay_template_load(tdir, "ok", "a4", "g", &dg));
    expect_doctype(&dg, "themes/g.xml", now() - t0);
    diag_list_free(&dg);
}

static void test_data_safe_manifest(void)
{
    diag_list dg;
    diag_list_init(&dg);
    char path[256];
    snprintf(path, sizeof path, "%s/manifest.xml", dir);
    double t0 = now();
    lay_fonts *f = lay_fonts_load(path, &dg);
    CU_ASSERT_PTR_NULL(f);
    lay_fonts_free(f);
    expect_doctype(&dg, "manifest.xml", now() - t0);
    diag_list_free(&dg);
}

static void test_data_safe_hyphenation(void)
{
    diag_list dg;
    diag_list_init(&dg);
    char path[256];
    snprintf(path, sizeof path, "%s/hyphenation.xml", dir);
    lay_hyph *h = lay_hyph_new("de", NULL, &dg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    double t0 = now();
    CU_ASSERT_EQUAL(lay_hyph_load_exceptions(h, path, &dg), -1);
    expect_doctype(&dg, "hyphenation.xml", now() - t0);
    lay_hyph_free(h);
    diag_list_free(&dg);
}

static void test_data_safe_icons(void)
{
    diag_list dg;
    diag_list_init(&dg);
    icon_set *set = icon_set_load(ICONS, &dg);
    if (!set) {
        fprintf(stderr, "(no icon set installed: icon map not tried) ");
        diag_list_free(&dg);
        return;
    }
    char path[256];
    snprintf(path, sizeof path, "%s/icons.xml", dir);
    double t0 = now();
    CU_ASSERT_EQUAL(icon_map_load(set, path, &dg), -1);
    expect_doctype(&dg, "icons.xml", now() - t0);
    icon_set_free(set);
    diag_list_free(&dg);
}

/* An external DTD or an XInclude out of the folder: refused too. */
static void test_data_safe_external(void)
{
    diag_list dg;
    diag_list_init(&dg);
    char tdir[256], path[300];
    snprintf(tdir, sizeof tdir, "%s/templates", dir);
    snprintf(path, sizeof path, "%s/ext.xml", tdir);
    CU_ASSERT_FATAL(tu_write_file(path, "<?xml version=\"1.0\"?>\n<!DOCTYPE template SYSTEM \"/etc/passwd\">\n"
                                        "<template id=\"ext\" kind=\"sheet\"/>\n") == 0);
    CU_ASSERT_PTR_NULL(lay_template_load(tdir, "ext", "a4", NULL, &dg));
    expect_doctype(&dg, "ext.xml", 0);
    snprintf(path, sizeof path, "%s/xi.xml", tdir);
    CU_ASSERT_FATAL(tu_write_file(path, "<?xml version=\"1.0\"?>\n<template id=\"xi\" kind=\"sheet\" "
                                        "xmlns:xi=\"http://www.w3.org/2001/XInclude\">\n"
                                        "<xi:include href=\"/etc/passwd\" parse=\"xml\"/>\n</template>\n") == 0);
    CU_ASSERT_PTR_NULL(lay_template_load(tdir, "xi", "a4", NULL, &dg));
    const diag *d = tu_find_diag(&dg, "leaves the content folder", "xi.xml");
    CU_ASSERT_PTR_NOT_NULL(d);
    if (d)
        CU_ASSERT_EQUAL(d->line, 3);
    diag_list_free(&dg);
}

void suite_data_safe(void);
void suite_data_safe(void)
{
    CU_pSuite s = CU_add_suite("data_safe", setup, teardown);
    CU_add_test(s, "a quadratic-entity template and theme: refused fast at file:line", test_data_safe_template);
    CU_add_test(s, "a quadratic-entity font manifest: refused fast at file:line", test_data_safe_manifest);
    CU_add_test(s, "quadratic-entity hyphenation exceptions: refused fast", test_data_safe_hyphenation);
    CU_add_test(s, "a quadratic-entity icon map: refused fast", test_data_safe_icons);
    CU_add_test(s, "an external DTD or an XInclude leaving the folder: refused", test_data_safe_external);
}
