/* test_noxius_content.c — the Noxius summary against planted faults.
 *
 * The faults of the issue "Every statement a player reads is verified or
 * visibly marked", for Noxius: the flowchart label "+1 LP" changed to +2, an
 * example's "−2 Macht" changed to −1, "höchsten … niedrigsten" swapped, a
 * rule block re-marked kind="reference" with its number inverted and left
 * bare, a bound number stripped of its binding, and a gap's assumption
 * contradicted; and a value a scenario expects the engine to refuse (<set
 * result="illegal">) made legal, or its key misspelt. Each copies content/ to a temporary folder, plants one fault
 * and demands the diagnostic at the right file and line; the unmutated copy
 * must check clean first, with statement and block coverage at the game's
 * target.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chk.h"
#include "eng.h"
#include "game.h"
#include "testutil.h"
#include "tu_content.h"

static tu_content tc;

static int setup(void)
{
    return tu_content_setup(&tc, "noxius");
}

static int teardown(void)
{
    return tu_content_teardown(&tc);
}

/* The engine may be left out of the build (SKIP_GAMES=noxius). */
static int have_engine(void)
{
    return tu_content_have(&tc, "noxius");
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
    const chk_coverage *c = tu_content_row(&rep, "de");
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_EQUAL(c->target, 100);
    CU_ASSERT(c->stmt_total > 0 && c->total > 0);
    CU_ASSERT_EQUAL(c->stmt_bound, c->stmt_total);
    CU_ASSERT_EQUAL(c->bound, c->total);
    chk_report_free(&rep);
    diag_list_free(&dl);
}

/* the flowchart label "Kampfunfähige +1 LP" -> +2 */
static void test_flow_label_lp(void)
{
    plant("de.xml", "Kampfunfähige <num fact=\"noxius.ko.fight-end\">+1</num> LP</label>",
          "Kampfunfähige <num fact=\"noxius.ko.fight-end\">+2</num> LP</label>", "num-mismatch");
}

/* the example "Kostet eine Fähigkeit −2 Macht" -> −1 */
static void test_example_power_cost(void)
{
    plant("de.xml", "<val key=\"c2.a1.delta\" when=\"given\">−2</val> Macht",
          "<val key=\"c2.a1.delta\" when=\"given\">−1</val> Macht", "val-mismatch");
}

/* "an der höchsten … bis zur niedrigsten" swapped */
static void test_turn_order_swapped(void)
{
    plant("de.xml",
          "<word fact=\"noxius.order.from\">höchsten</word> besetzten Position beginnt, dann geht es reihum bis "
          "zur <word fact=\"noxius.order.to\">niedrigsten</word>",
          "<word fact=\"noxius.order.from\">niedrigsten</word> besetzten Position beginnt, dann geht es reihum bis "
          "zur <word fact=\"noxius.order.to\">höchsten</word>",
          "word-mismatch");
}

/* a rule block re-marked as reference, its number inverted and left bare */
static void test_rule_marked_reference(void)
{
    plant("de.xml",
          "<item id=\"ko-erholen\">Endet ein Kampf – liegt kurz kein Gegner auf dem Feld –, erhalten Kampfunfähige "
          "automatisch <num fact=\"noxius.ko.fight-end\">+1</num> LP.",
          "<item id=\"ko-erholen\" kind=\"reference\" reason=\"nur ein Hinweis\">Endet ein Kampf – liegt kurz kein "
          "Gegner auf dem Feld –, erhalten Kampfunfähige automatisch −1 LP.",
          "unbound-number");
}

/* a bound number stripped of its binding */
static void test_bare_number(void)
{
    plant("de.xml", "durch <num fact=\"noxius.power.t-fields\">zwei</num> „T“ begrenzt",
          "durch zwei „T“ begrenzt", "unbound-number");
}

/* a gap's assumption the rules do not make: any character may move when an
 * enemy falls */
static void test_gap_assumption(void)
{
    plant("de.xml", "<claim fact=\"noxius.reposition.others\" value=\"no\"/>",
          "<claim fact=\"noxius.reposition.others\" value=\"yes\"/>", "num-mismatch");
}

/* the table's group size: "3 | P1–P3" -> "2 | P1–P3" */
static void test_table_players(void)
{
    plant("de.xml", "<num fact=\"noxius.players.p3\">3</num>", "<num fact=\"noxius.players.p3\">2</num>",
          "num-mismatch");
}

/* a refused value made a legal one: "delta=+10" -> "delta=+9" is taken */
static void test_refused_set_taken(void)
{
    plant("examples.xml", "<set key=\"c1.a1\" value=\"delta=+10 r=1|1|1|1|1|1\" result=\"illegal\"",
          "<set key=\"c1.a1\" value=\"delta=+9 r=1|1|1|1|1|1\" result=\"illegal\"", "example");
}

/* a refused value's key is still checked as the file loads */
static void test_refused_set_key(void)
{
    plant("examples.xml", "<set key=\"c1.a1\" value=\"delta=+10 r=1|1|1|1|1|1\" result=\"illegal\"",
          "<set key=\"c1.a9\" value=\"delta=+10 r=1|1|1|1|1|1\" result=\"illegal\"", "scenario");
}

/* an action still refused, but for another reason than the example shows
 * (because=): a position taken, asked of an enemy not in the fight */
static void test_refused_other_reason(void)
{
    plant("examples.xml", "<do action=\"position\" args=\"who=3 enemy=2 pos=1\" result=\"illegal\"",
          "<do action=\"position\" args=\"who=3 enemy=4 pos=1\" result=\"illegal\"", "example");
}

/* a value still refused, but for its seven faces, not for the delta the
 * example names */
static void test_refused_set_other_reason(void)
{
    plant("examples.xml", "<set key=\"c1.a1\" value=\"delta=+10 r=1|1|1|1|1|1\" result=\"illegal\"",
          "<set key=\"c1.a1\" value=\"delta=+1 r=1|1|1|1|1|1|1\" result=\"illegal\"", "example");
}

void suite_noxius_content(void);
void suite_noxius_content(void)
{
    CU_pSuite s = CU_add_suite("noxius_content", setup, teardown);
    CU_add_test(s, "the Noxius summary checks clean at its coverage target", test_clean_at_target);
    CU_add_test(s, "the label \"+1 LP\" changed to +2 fails at its line", test_flow_label_lp);
    CU_add_test(s, "an example's \"−2 Macht\" changed to −1 fails at its line", test_example_power_cost);
    CU_add_test(s, "\"höchsten … niedrigsten\" swapped fails at its line", test_turn_order_swapped);
    CU_add_test(s, "a rule block marked reference with a bare inverted number fails", test_rule_marked_reference);
    CU_add_test(s, "a bound number left bare fails at its line", test_bare_number);
    CU_add_test(s, "a gap's assumption the rules do not make fails", test_gap_assumption);
    CU_add_test(s, "a table's group size changed fails at its line", test_table_players);
    CU_add_test(s, "a value expected refused that the engine takes fails at its line", test_refused_set_taken);
    CU_add_test(s, "a refused value's misspelt key fails at its line", test_refused_set_key);
    CU_add_test(s, "an action refused for another reason than because= fails at its line", test_refused_other_reason);
    CU_add_test(s, "a value refused for another reason than because= fails at its line", test_refused_set_other_reason);
}
