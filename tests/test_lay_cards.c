/* test_lay_cards.c — status cards as a user builds them: every game's cards
 * with both devices, PDF checks, names and texts as text, a page of backs
 * after each page of fronts; a card text too long to read fails --strict
 * and writes nothing. */
#include <CUnit/CUnit.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#define OUT (1 << 18)
static char dir[] = "/tmp/regelwerk-cards-XXXXXX";
static int ready;

/* every command's output fits in OUT */
#define run(out, ...) tu_runf((out), OUT, __VA_ARGS__)

static void ensure_dir(void)
{
    if (!ready)
        ready = mkdtemp(dir) != NULL;
    CU_ASSERT_FATAL(ready);
}

static void test_every_game(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    static const char *const devices[] = {"cairo", "haru"};
    static const char *const nox[] = {"Genauer Schaden", "Zusammenh\xC3\xA4ngend", "Wer am Zug ist, opfert einen LP.",
                                      "Noxius", "game-icons.net", NULL};
    /* the backs carry the credits and licences (the icons' CC BY) */
    static const char *const nem[] = {"Silenzio", "Ferita Grave", "Faccia 2 colpi", "Nemesis", "Game Icons (game-icons.net)", NULL};
    for (int d = 0; d < 2; d++) {
        int st = run(out, "%s build --only cards --strict --device %s -o %s/%s 2>&1", tu_bin(), devices[d], dir,
                     devices[d]);
        if (st != 0)
            fprintf(stderr, "%s\n", out);
        CU_ASSERT_EQUAL(st, 0);
        /* 13 cards: two pages of fronts, each with its page of backs */
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius-de-cards-a4.pdf: 13 cards on 4 pages"));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "nemesis-it-cards-a4.pdf: 20 cards on 6 pages"));
        char path[700];
        snprintf(path, sizeof path, "%s/%s/noxius/noxius-de-cards-a4.pdf", dir, devices[d]);
        tu_pdf_ok(path, 4, nox);
        snprintf(path, sizeof path, "%s/%s/nemesis/nemesis-it-cards-a4.pdf", dir, devices[d]);
        tu_pdf_ok(path, 6, nem);
    }
    /* US Letter holds the same grid */
    CU_ASSERT_EQUAL(run(out, "%s build noxius --only cards --strict --paper letter -o %s/letter 2>&1", tu_bin(), dir),
                    0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "noxius-de-cards-letter.pdf: 13 cards"));
    free(out);
}

static void test_reproducible(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    CU_ASSERT_FATAL(out != NULL);
    for (int i = 0; i < 2; i++)
        CU_ASSERT_EQUAL(run(out, "SOURCE_DATE_EPOCH=1700000000 %s build noxius --only cards -o %s/r%d >/dev/null 2>&1",
                            tu_bin(), dir, i), 0);
    CU_ASSERT_EQUAL(run(out, "cmp %s/r0/noxius/noxius-de-cards-a4.pdf %s/r1/noxius/noxius-de-cards-a4.pdf", dir, dir),
                    0);
    free(out);
}

/* A card text far too long for its card: --strict refuses it, names the
 * card, and writes nothing. */
static void test_too_long_fails(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    char content[600], path[700];
    CU_ASSERT_FATAL(out != NULL);
    snprintf(content, sizeof content, "%s/long-content", dir);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", content), 0);
    snprintf(path, sizeof path, "%s/noxius/de.xml", content);
    char longtext[6000] = "<text><num fact=\"noxius.result.sp\">Ein</num> Schildpunkt.";
    for (int i = 0; i < 60; i++)
        strcat(longtext, " Ein sehr langer Kartentext, der nicht passt.");
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<text><num fact=\"noxius.result.sp\">Ein</num> Schildpunkt.",
                                       longtext) == 0);
    int st = run(out, "%s --content %s build noxius --only cards --strict --no-verify -o %s/long-out 2>&1", tu_bin(), content,
                 dir);
    CU_ASSERT_EQUAL(st, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "card \"karte-sp\" fits its text only at"));
    snprintf(path, sizeof path, "%s/long-out/noxius/noxius-de-cards-a4.pdf", dir);
    CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0);
    free(out);
}

/* The card template decides size and grid: tarot cards four to a page; a
 * sheet template named for cards is refused at its file. */
static void test_templates(void)
{
    ensure_dir();
    char *out = malloc(OUT);
    char content[600], path[700];
    CU_ASSERT_FATAL(out != NULL);
    snprintf(content, sizeof content, "%s/tarot-content", dir);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", content), 0);
    snprintf(path, sizeof path, "%s/noxius/game.xml", content);
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<cards/>", "<cards template=\"cards-tarot\"/>") == 0);
    int st = run(out, "%s --content %s build noxius --only cards --strict -o %s/tarot-out 2>&1", tu_bin(), content, dir);
    if (st != 0)
        fprintf(stderr, "%s\n", out);
    CU_ASSERT_EQUAL(st, 0);
    /* 13 cards, four to a page: four pages of fronts, each with its backs */
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "13 cards on 8 pages"));
    CU_ASSERT_FATAL(tu_replace_in_file(path, "<cards template=\"cards-tarot\"/>", "<cards template=\"reference\"/>") == 0);
    st = run(out, "%s --content %s build noxius --only cards -o %s/wrong-out 2>&1", tu_bin(), content, dir);
    CU_ASSERT_EQUAL(st, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "templates/reference.xml"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "is for sheet, not cards"));
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
void suite_lay_cards(void);
void suite_lay_cards(void)
{
    CU_pSuite s = CU_add_suite("lay_cards", NULL, cleanup);
    CU_add_test(s, "every game's cards, both devices, PDF checks", test_every_game);
    CU_add_test(s, "same input, same bytes", test_reproducible);
    CU_add_test(s, "a card text too long fails under --strict", test_too_long_fails);
    CU_add_test(s, "card templates: size, grid, kind", test_templates);
}
