/* test_nemesis_content.c — the Nemesis summary against planted faults.
 *
 * The faults of the issue "Every statement a player reads is verified or
 * visibly marked": a rule number changed in running text (the serious wound
 * of the third light wound), in a card text (the fire card's "max 1"), in a
 * flowchart label ("Pescate 2 carte"), a rule word turned into its opposite
 * (the first-player token passing to the left), and a bound number left
 * bare. Each copies content/ to a temporary folder, plants one fault and
 * demands the diagnostic at the right file and line; the unmutated copy
 * must check clean first, with the statement and block coverage at the
 * game's target.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chk.h"
#include "eng.h"
#include "game.h"
#include "testutil.h"
#include "tu_content.h"

static tu_content tc;

static int setup(void)
{
    return tu_content_setup(&tc, "nemesis");
}

static int teardown(void)
{
    return tu_content_teardown(&tc);
}

/* The engine may be left out of the build (SKIP_GAMES=nemesis). */
static int have_engine(void)
{
    return tu_content_have(&tc, "nemesis");
}

static void plant(const char *file, const char *from, const char *to, const char *code)
{
    if (have_engine())
        tu_content_plant(&tc, file, from, to, code);
}

static void test_clean_at_target(void)
{
    if (!have_engine())
        return;
    tu_content_fresh(&tc);
    diag_list dl;
    diag_list_init(&dl);
    chk_report rep = {0};
    long failed = tu_content_check(&tc, &dl, &rep);
    if (failed)
        diag_print(&dl, stderr);
    CU_ASSERT_EQUAL(failed, 0);
    /* the source language's row (translations have rows of their own) */
    const chk_coverage *c = tu_content_row(&rep, "it");
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT(c->target >= 90);
    CU_ASSERT(c->stmt_total > 0 && c->total > 0);
    if (c->stmt_total > 0 && c->total > 0) {
        CU_ASSERT(100 * c->stmt_bound >= c->target * c->stmt_total);
        CU_ASSERT(100 * c->bound >= c->target * c->total);
    }
    chk_report_free(&rep);
    diag_list_free(&dl);
}

/* "assegnate 1 Ferita Grave" -> 2 */
static void test_third_light_wound(void)
{
    plant("it.xml", "<num fact=\"nemesis.wounds.light-gives-serious\">1</num> Ferita Grave (pescando",
          "<num fact=\"nemesis.wounds.light-gives-serious\">2</num> Ferita Grave (pescando", "num-mismatch");
}

/* the fire card: "(max 1)" -> 2 */
static void test_fire_card_max(void)
{
    plant("it.xml", "Un segnalino Fuoco nella stanza (max <num fact=\"nemesis.explore.fire-max\">1</num>)",
          "Un segnalino Fuoco nella stanza (max <num fact=\"nemesis.explore.fire-max\">2</num>)", "num-mismatch");
}

/* the flowchart label "Pescate 2 carte Attacco Intruso" -> 3 */
static void test_flow_label(void)
{
    plant("it.xml", "Pescate <num fact=\"nemesis.damage.cards-large\">2</num> carte",
          "Pescate <num fact=\"nemesis.damage.cards-large\">3</num> carte", "num-mismatch");
}

/* "alla sua sinistra" -> "destra" */
static void test_first_player_left(void)
{
    plant("it.xml", "<word fact=\"nemesis.player.first-token-offset\">sinistra</word>",
          "<word fact=\"nemesis.player.first-token-offset\">destra</word>", "word-mismatch");
}

/* the action cost range, once marked as unverified: "da 0 a 2" -> "a 3" */
static void test_cost_range(void)
{
    plant("it.xml", "<num fact=\"nemesis.player.cost-max\">2</num>", "<num fact=\"nemesis.player.cost-max\">3</num>",
          "num-mismatch");
}

/* the queen's egg, once marked as unverified: 1 -> 2 in the bag development */
static void test_queen_egg(void)
{
    plant("it.xml", "aggiungete <num fact=\"nemesis.bag.queen-eggs\">1</num> gettone Uova",
          "aggiungete <num fact=\"nemesis.bag.queen-eggs\">2</num> gettone Uova", "num-mismatch");
}

/* a bound number stripped of its binding is an unbound number */
static void test_bare_number(void)
{
    plant("it.xml", "ogni giocatore può effettuare <num fact=\"nemesis.player.actions-per-turn\">2</num> Azioni",
          "ogni giocatore può effettuare 2 Azioni", "unbound-number");
}

/* an assumption of a gap that the rules engine does not make */
static void test_gap_assumption(void)
{
    plant("it.xml", "<claim fact=\"nemesis.damage.lethal-beats-arrow\" value=\"yes\"/>",
          "<claim fact=\"nemesis.damage.lethal-beats-arrow\" value=\"no\"/>", "num-mismatch");
}

/* Italian typography: an ordinal with the degree sign, typewriter quotes,
 * "E'" for "È" (templates/lang/it.xml) */
static void test_typography(void)
{
    plant("it.xml", "<num fact=\"nemesis.end.fire-marker\">9º</num>", "<num fact=\"nemesis.end.fire-marker\">9°</num>",
          "typography");
    plant("it.xml", "</num> Ferita Leggera togliete", "</num> \"Ferita Leggera\" togliete", "typography");
    plant("it.xml", "\xC3\x88 un <term ref=\"incontro\">", "E' un <term ref=\"incontro\">", "typography");
}

void suite_nemesis_content(void);
void suite_nemesis_content(void)
{
    CU_pSuite s = CU_add_suite("nemesis_content", setup, teardown);
    CU_add_test(s, "the summary checks clean at its coverage target", test_clean_at_target);
    CU_add_test(s, "the third light wound's serious wound changed", test_third_light_wound);
    CU_add_test(s, "the fire card's max changed", test_fire_card_max);
    CU_add_test(s, "a flowchart label's number changed", test_flow_label);
    CU_add_test(s, "the first-player token passed to the right", test_first_player_left);
    CU_add_test(s, "the action cost range changed", test_cost_range);
    CU_add_test(s, "the queen's egg changed", test_queen_egg);
    CU_add_test(s, "a rule number left bare", test_bare_number);
    CU_add_test(s, "a gap's assumption contradicted", test_gap_assumption);
    CU_add_test(s, "Italian typography: 9°, straight quotes", test_typography);
}
