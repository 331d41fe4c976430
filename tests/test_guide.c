/* test_guide.c — the authoring guide's complete small example must stay true.
 *
 * content/README.md shows a whole game (game.xml, it.xml, examples.xml,
 * flows.xml). This suite takes those code blocks out of the guide as they are,
 * adds the cards the Nemesis engine asks for (the guide says to), and runs
 * `regelwerk check` on them: clean, and failing when a number is planted. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Writes the ```xml block that follows "`NAME`" in guide into dir/NAME. */
static int extract(const char *guide, const char *name, const char *dir)
{
    char key[64];
    /* the file's caption starts a line of the guide: "`it.xml`:" */
    snprintf(key, sizeof key, "\n`%s`", name);
    const char *p = strstr(guide, key);
    if (!p)
        return -1;
    p = strstr(p, "```xml\n");
    if (!p)
        return -1;
    p += 7;
    const char *e = strstr(p, "```");
    if (!e)
        return -1;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *body = strndup(p, (size_t)(e - p));
    int rc = body ? tu_write_file(path, body) : -1;
    free(body);
    return rc;
}

/* The cards of content/nemesis and their Italian texts, into the demo. The
 * demo has no icon map (templates/icons/demo.xml), so the cards lose their
 * icons, which are optional. */
static int add_cards(const char *dir)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd,
             "sed -e 's/game=\"nemesis\"/game=\"demo\"/' -e 's/ icon=\"[^\"]*\"//' "
             "content/nemesis/cards.xml > %s/cards.xml && "
             "awk '/<cardtext /,/<\\/cardtext>/' content/nemesis/it.xml > %s/cardtexts && "
             "awk 'FNR==NR{c=c $0 \"\\n\"; next} /<\\/summary>/{printf \"%%s\", c} {print}' "
             "%s/cardtexts %s/it.xml > %s/it.new && mv %s/it.new %s/it.xml",
             dir, dir, dir, dir, dir, dir, dir);
    char out[256];
    return tu_run(cmd, out, sizeof out);
}

static char root[] = "/tmp/regelwerk-guide-XXXXXX";
static char dir[600];

static void guide_setup(void)
{
    CU_ASSERT_FATAL(mkdtemp(root) != NULL);
    snprintf(dir, sizeof dir, "%s/demo", root);
    char cmd[700], out[64];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
    CU_ASSERT_FATAL(tu_run(cmd, out, sizeof out) == 0);
    char *guide = tu_read_file("content/README.md", NULL);
    CU_ASSERT_FATAL(guide != NULL);
    const char *names[] = {"game.xml", "it.xml", "examples.xml", "flows.xml"};
    for (size_t i = 0; i < 4; i++)
        CU_ASSERT_FATAL(extract(guide, names[i], dir) == 0);
    free(guide);
    CU_ASSERT_FATAL(add_cards(dir) == 0);
}

static int run_check(char *out, size_t cap)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "%s --content %s check demo 2>&1", tu_bin(), root);
    return tu_run(cmd, out, cap);
}

static void test_guide_example_checks_clean(void)
{
    guide_setup();
    static char out[16384];
    int rc = run_check(out, sizeof out);
    if (rc != 0)
        fprintf(stderr, "\n%s\n", out);
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, " 0 failed"));
    /* the example scenario and the flowchart were really run */
    CU_ASSERT_PTR_NULL(strstr(out, " 0 passed"));
}

static void test_guide_example_planted_number_fails(void)
{
    char path[700];
    snprintf(path, sizeof path, "%s/it.xml", dir);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "light-to-serious\">terza", "light-to-serious\">quarta") == 0);
    static char out[16384];
    int rc = run_check(out, sizeof out);
    CU_ASSERT_EQUAL(rc, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "it.xml:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "quarta"));
    char cmd[700], o[64];
    snprintf(cmd, sizeof cmd, "rm -rf %s", root);
    tu_run(cmd, o, sizeof o);
}

void suite_guide(void);
void suite_guide(void)
{
    CU_pSuite s = CU_add_suite("guide", NULL, NULL);
    CU_add_test(s, "the guide's example checks clean", test_guide_example_checks_clean);
    CU_add_test(s, "a planted number in it fails", test_guide_example_planted_number_fails);
}
