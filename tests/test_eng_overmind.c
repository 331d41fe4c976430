/* test_eng_overmind.c — the Overmind engine through its public interface
 * (eng.h): the rules played by actions, every fact acting and measuring,
 * keys that round-trip, the procedures' steps against their postconditions,
 * a wrong step failing its postcondition, and planted faults in a copy of
 * the content caught at their file and line. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chk.h"
#include "eng_overmind.h"
#include "game.h"
#include "testutil.h"

static const eng_game *G = &eng_overmind_game;

/* ---- helpers --------------------------------------------------------------------------- */

static eng_state *fresh(void)
{
    eng_state *st = eng_state_new(G, 3);
    CU_ASSERT_PTR_NOT_NULL_FATAL(st);
    return st;
}

static void set(eng_state *st, const char *key, const char *value)
{
    char err[256] = "";
    int rc = eng_set(st, key, value, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "set %s=%s: %s\n", key, value, err);
    CU_ASSERT_EQUAL(rc, 0);
}

static long num(const eng_state *st, const char *key)
{
    long v = -999;
    char err[256] = "";
    CU_ASSERT_EQUAL(eng_get_long(st, key, &v, err, sizeof err), 0);
    return v;
}

static int act(eng_state *st, const char *action, const char *args)
{
    char err[256] = "";
    return eng_act(st, action, args, err, sizeof err);
}

static void face(eng_state *st, const char *f)
{
    CU_ASSERT_EQUAL(eng_rng_force(eng_state_rng(st), eng_find_die(G, "combat"), f), 0);
}

/* Model i: "hero"/"alien", unit, field, health, melee, defence. */
static void model(eng_state *st, int i, const char *side, int unit, int x, int y, int hp, int melee, int def)
{
    char k[32], v[16];
#define PUT(field, val)                              \
    do {                                             \
        snprintf(k, sizeof k, "m%d." field, i);      \
        snprintf(v, sizeof v, "%d", (val));          \
        set(st, k, v);                               \
    } while (0)
    snprintf(k, sizeof k, "m%d.side", i);
    set(st, k, side);
    PUT("unit", unit);
    PUT("x", x);
    PUT("y", y);
    PUT("health", hp);
    PUT("health.max", hp);
    PUT("melee", melee);
    PUT("defence", def);
    PUT("move", 4);
#undef PUT
}

/* ---- the rules ------------------------------------------------------------------------- */

static void test_facts_act(void)
{
    for (size_t i = 0; i < G->nfacts; i++) {
        long v = 0, actions = 0;
        char why[512] = "";
        int rc = eng_measure(G, &G->facts[i], &v, &actions, why, sizeof why);
        if (rc != 0)
            fprintf(stderr, "%s: %s\n", G->facts[i].id, why);
        CU_ASSERT_EQUAL(rc, 0);
        CU_ASSERT(actions > 0);
    }
    static const struct { const char *id; long v; } want[] = {
        {"overmind.dice.max", 5}, {"overmind.level.one", 5}, {"overmind.level.two", 7},
        {"overmind.points.normal", 18}, {"overmind.points.alien", 22}, {"overmind.points.hero", 14},
        {"overmind.cards.first", 5}, {"overmind.cards.later", 2}, {"overmind.cards.deck", 20},
        {"overmind.unit.max", 4}, {"overmind.reinforcements", 4}, {"overmind.decoys", 2},
        {"overmind.node.cost", 5}, {"overmind.blip.move", 5}, {"overmind.conquest.rounds", 5},
        {"overmind.narrative.options4", 12}, {"overmind.solo.spawn-first", 3}, {"overmind.defence.lowest", 2},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        long v = -1, n = 0;
        char why[256];
        CU_ASSERT_EQUAL(eng_measure(G, eng_find_fact(G, want[i].id), &v, &n, why, sizeof why), 0);
        if (v != want[i].v)
            fprintf(stderr, "%s: %ld, want %ld\n", want[i].id, v, want[i].v);
        CU_ASSERT_EQUAL(v, want[i].v);
    }
}

/* The source's example: 7 attacks, 5 dice, 3 hits and a blank make 4 hits. */
static void test_seven_attacks(void)
{
    eng_state *st = fresh();
    model(st, 1, "hero", 1, 5, 5, 10, 7, 2);
    model(st, 2, "alien", 2, 6, 5, 10, 1, 0);
    const char *f[] = {"hit", "hit", "hit", "blank", "def"};
    for (int i = 0; i < 5; i++)
        face(st, f[i]);
    CU_ASSERT_EQUAL(act(st, "strike", "who=1 target=2 kind=melee"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "last.dice"), 5);
    CU_ASSERT_EQUAL(num(st, "last.hits"), 4);
    CU_ASSERT_EQUAL(num(st, "last.converted"), 1);
    CU_ASSERT_EQUAL(num(st, "m2.health"), 6);   /* defence 0: no roll needed beyond 0 dice */
    eng_state_free(st);
}

/* Criticals first, then hits against the defence; lowest defence first. */
static void test_damage(void)
{
    eng_state *st = fresh();
    model(st, 1, "hero", 1, 5, 5, 10, 3, 2);
    model(st, 2, "alien", 2, 6, 5, 2, 1, 3);
    model(st, 3, "alien", 2, 7, 5, 2, 1, 1);
    face(st, "crit");
    face(st, "hit2");
    face(st, "hit");
    face(st, "def");      /* defence 1 (lowest of 3 and 1): one die */
    CU_ASSERT_EQUAL(act(st, "strike", "who=1 target=2 kind=melee"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "last.crits"), 1);
    CU_ASSERT_EQUAL(num(st, "last.defence-dice"), 1);
    CU_ASSERT_EQUAL(num(st, "last.damage"), 3);      /* 1 crit + (3 hits - 1) */
    CU_ASSERT_EQUAL(num(st, "m3.out"), 1);
    CU_ASSERT_EQUAL(num(st, "m2.health"), 1);
    eng_state_free(st);
}

static void test_actions_and_statuses(void)
{
    eng_state *st = fresh();
    model(st, 1, "hero", 1, 5, 5, 10, 1, 2);
    model(st, 2, "alien", 2, 12, 5, 10, 1, 1);
    CU_ASSERT_EQUAL(act(st, "round", NULL), ENG_OK);
    CU_ASSERT_EQUAL(act(st, "activate", "who=2"), ENG_ILLEGAL);   /* heroes first */
    CU_ASSERT_EQUAL(act(st, "activate", "who=1"), ENG_OK);
    CU_ASSERT_EQUAL(act(st, "move", "who=1 x=5 y=9"), ENG_OK);
    CU_ASSERT_EQUAL(act(st, "move", "who=1 x=5 y=8"), ENG_ILLEGAL); /* not twice */
    CU_ASSERT_EQUAL(act(st, "move", "who=1 x=5 y=7 sprint=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "active"), 0);
    CU_ASSERT_EQUAL(num(st, "m1.acted"), 1);
    /* a stunned model recovers first */
    set(st, "m2.stunned", "1");
    CU_ASSERT_EQUAL(act(st, "activate", "who=2"), ENG_OK);
    CU_ASSERT_EQUAL(act(st, "move", "who=2 x=11 y=5"), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(act(st, "recover", "who=2"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "m2.stunned"), 0);
    /* XXL models take no push */
    set(st, "m2.xxl", "1");
    CU_ASSERT_EQUAL(act(st, "push", "who=2 blocked=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "m2.stunned"), 0);
    eng_state_free(st);
}

static void test_levels(void)
{
    eng_state *st = fresh();
    model(st, 1, "hero", 1, 5, 5, 10, 1, 2);
    CU_ASSERT_EQUAL(act(st, "xp", "who=1 n=4"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "m1.level"), 0);
    CU_ASSERT_EQUAL(act(st, "xp", "who=1 n=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "m1.level"), 1);
    CU_ASSERT_EQUAL(num(st, "m1.xp"), 0);
    CU_ASSERT_EQUAL(act(st, "xp", "who=1 n=6"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "m1.level"), 1);
    CU_ASSERT_EQUAL(act(st, "xp", "who=1 n=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "m1.level"), 2);
    eng_state_free(st);
}

static void test_cards_and_blips(void)
{
    eng_state *st = fresh();
    model(st, 1, "hero", 1, 1, 1, 10, 1, 2);
    model(st, 2, "alien", 2, 14, 14, 3, 1, 1);
    set(st, "m2.blip", "1");
    set(st, "m2.decoy", "1");
    CU_ASSERT_EQUAL(act(st, "mission", "region=alien-fortified"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "points"), 22);
    CU_ASSERT_EQUAL(act(st, "round", NULL), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "hand"), 5);
    CU_ASSERT_EQUAL(act(st, "play", "n=2"), ENG_OK);
    CU_ASSERT_EQUAL(act(st, "round", NULL), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "hand"), 5);
    CU_ASSERT_EQUAL(num(st, "deck") + num(st, "hand") + num(st, "discard"), 20);
    set(st, "m1.acted", "1");
    CU_ASSERT_EQUAL(act(st, "activate", "who=2"), ENG_OK);
    CU_ASSERT_EQUAL(act(st, "overwatch", "who=2"), ENG_ILLEGAL);  /* a blip: move, flip, interact */
    CU_ASSERT_EQUAL(act(st, "flip", "who=2"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "m2.out"), 1);                         /* the decoy leaves */
    CU_ASSERT_EQUAL(act(st, "end-mission", "winner=overmind"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "discard"), 0);
    eng_state_free(st);
}

static void test_keys_round_trip(void)
{
    eng_state *st = fresh();
    char err[256], buf[64];
    int n = 0;
    for (size_t i = 0; i < G->nkeys; i++) {
        const eng_key *k = &G->keys[i];
        char key[64];
        size_t w = 0;
        for (const char *c = k->pattern; *c && w + 2 < sizeof key; c++)
            key[w++] = (*c == 'N' || *c == 'M') ? '2' : *c;
        key[w] = '\0';
        if (k->type == ENG_ENUM) {
            const char *v = k->names[1] ? k->names[1] : k->names[0];
            CU_ASSERT_EQUAL(eng_set(st, key, v, err, sizeof err), 0);
            CU_ASSERT_EQUAL(eng_get(st, key, buf, sizeof buf, err, sizeof err), 0);
            CU_ASSERT_STRING_EQUAL(buf, v);
        } else if (!k->get || k->set) {
            char v[24];
            snprintf(v, sizeof v, "%ld", k->hi);
            CU_ASSERT_EQUAL(eng_set(st, key, v, err, sizeof err), 0);
            CU_ASSERT_EQUAL(eng_get(st, key, buf, sizeof buf, err, sizeof err), 0);
            CU_ASSERT_STRING_EQUAL(buf, v);
            snprintf(v, sizeof v, "%ld", k->hi + 1);
            CU_ASSERT_NOT_EQUAL(eng_set(st, key, v, err, sizeof err), 0);
        }
        n++;
    }
    CU_ASSERT(n > 100);
    CU_ASSERT_NOT_EQUAL(eng_set(st, "m17.x", "1", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_act(st, "no-such-action", NULL, err, sizeof err), ENG_ERROR);
    eng_state_free(st);
}

/* ---- the procedures ---------------------------------------------------------------------- */

typedef struct ai_ctx {
    const eng_ai *ai;
    long states, failed;
} ai_ctx;

static int run_one(const eng_state *st, void *data)
{
    ai_ctx *c = data;
    eng_state *cp = eng_state_copy(st);
    eng_record rec;
    c->states++;
    if (eng_record_run(c->ai, cp, &rec) != 0 || rec.failed || rec.unknown || rec.ntrace == 0) {
        if (c->failed++ == 0)
            fprintf(stderr, "%s: step %s failed\n", c->ai->id, rec.failed ? rec.failed : "?");
    }
    eng_record_free(&rec);
    eng_state_free(cp);
    return 0;
}

static void test_procedures(void)
{
    for (size_t i = 0; i < G->nais; i++) {
        ai_ctx c = {&G->ais[i], 0, 0};
        long n = G->ais[i].enumerate(G, 1, run_one, &c);
        CU_ASSERT(n > 100);
        CU_ASSERT_EQUAL(c.failed, 0);
    }
}

/* A step that did not happen fails its outcome: the state unchanged after
 * "the unit attacked", "damage dealt", "the hero recovered". */
static void test_wrong_step_fails(void)
{
    eng_state *st = fresh();
    model(st, 1, "hero", 1, 5, 5, 10, 1, 2);
    model(st, 2, "alien", 2, 6, 5, 3, 1, 1);
    set(st, "m1.stunned", "1");
    set(st, "ai.unit", "2");
    const eng_ai *target = eng_find_ai(G, "overmind.solo.target");
    const eng_ai *combat = eng_find_ai(G, "overmind.combat");
    const eng_ai *hero = eng_find_ai(G, "overmind.hero");
    CU_ASSERT_PTR_NOT_NULL_FATAL(target);
    CU_ASSERT_PTR_NOT_NULL_FATAL(combat);
    CU_ASSERT_PTR_NOT_NULL_FATAL(hero);
    CU_ASSERT_FALSE(eng_find_outcome(target, "overmind.target.attack")->post(st, st));
    CU_ASSERT_FALSE(eng_find_outcome(combat, "overmind.combat.damage")->post(st, st));
    CU_ASSERT_FALSE(eng_find_outcome(hero, "overmind.hero.recover")->post(st, st));
    /* and the right step passes: the unit attacks */
    eng_state *after = eng_state_copy(st);
    set(after, "m1.acted", "1");
    face(after, "hit");
    CU_ASSERT_EQUAL(act(after, "activate", "who=2"), ENG_OK);
    CU_ASSERT_EQUAL(act(after, "attack", "who=2 target=1 kind=melee"), ENG_OK);
    CU_ASSERT_TRUE(eng_find_outcome(target, "overmind.target.attack")->post(st, after));
    eng_state_free(after);
    eng_state_free(st);
}

/* ---- planted faults in a copy of the content ------------------------------------------- */

static char root[256], content[512];

static const diag *find_code(const diag_list *dl, const char *code, const char *file)
{
    for (size_t i = 0; i < dl->n; i++) {
        const diag *d = &dl->items[i];
        size_t lf = d->file ? strlen(d->file) : 0, ls = strlen(file);
        if (d->sev == DIAG_ERROR && d->code && strcmp(d->code, code) == 0 && lf >= ls &&
            strcmp(d->file + lf - ls, file) == 0)
            return d;
    }
    return NULL;
}

static long check_copy(diag_list *dl)
{
    doc_loader ld = {content, "src/schema/regelwerk.rng"};
    game *g = game_load(&ld, content, "overmind", "templates", dl);
    if (!g)
        return -1;
    chk_report rep = {0};
    chk_options opt = {0, 0, NULL, NULL};
    chk_game(g, &opt, &rep, dl);
    long failed = rep.failed + (long)dl->errors;
    chk_report_free(&rep);
    game_free(g);
    return failed;
}

static int line_of(const char *path, const char *needle)
{
    char *text = tu_read_file(path, NULL);
    const char *at = text ? strstr(text, needle) : NULL;
    int line = at ? 1 : 0;
    for (const char *q = text; at && q < at; q++)
        line += *q == '\n';
    free(text);
    return line;
}

/* Plants `to` for `from` in file and expects `code` at the line of `to`. */
static void plant(const char *file, const char *from, const char *to, const char *code, int exact)
{
    char path[700], cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", content);
    CU_ASSERT_EQUAL(system(cmd), 0);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", content), 0);
    snprintf(path, sizeof path, "%s/overmind/%s", content, file);
    CU_ASSERT_EQUAL_FATAL(tu_replace_in_file(path, from, to), 0);
    int line = line_of(path, to);
    diag_list dl;
    diag_list_init(&dl);
    CU_ASSERT(check_copy(&dl) > 0);
    const diag *d = find_code(&dl, code, file);
    CU_ASSERT_PTR_NOT_NULL(d);
    if (d && exact)
        CU_ASSERT_EQUAL(d->line, line);
    if (!d || (exact && d->line != line)) {
        fprintf(stderr, "expected %s at %s:%d\n", code, file, line);
        diag_print(&dl, stderr);
    }
    diag_list_free(&dl);
}

static void test_planted_faults(void)
{
    if (access("content/overmind/game.xml", R_OK) != 0)
        return;
    snprintf(root, sizeof root, "/tmp/regelwerk-ov-XXXXXX");
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(root));
    snprintf(content, sizeof content, "%s/content", root);

    /* the copy checks clean first */
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", content), 0);
    diag_list dl;
    diag_list_init(&dl);
    CU_ASSERT_EQUAL(check_copy(&dl), 0);
    diag_list_free(&dl);

    /* a changed number: 5 cards in round 1 become 6 */
    plant("de.xml", "<num fact=\"overmind.cards.first\">5</num>", "<num fact=\"overmind.cards.first\">6</num>",
          "num-mismatch", 1);
    /* a changed number word: "drei" regions become "vier" */
    plant("de.xml", "<num fact=\"overmind.conquest.regions\">drei</num>",
          "<num fact=\"overmind.conquest.regions\">vier</num>", "num-mismatch", 1);
    /* a broken example: the 7-attack example expects 5 hits */
    plant("examples.xml", "<value key=\"last.hits\" value=\"4\"/>", "<value key=\"last.hits\" value=\"5\"/>",
          "example-mismatch", 1);
    /* prose drifting from its scenario */
    plant("de.xml", "<val key=\"last.hits\">4</val>", "<val key=\"last.hits\">5</val>", "val-mismatch", 1);
    /* a changed flowchart branch: melee and ranged swapped */
    plant("flows.xml", "<branch value=\"yes\" to=\"z-nahkampf\"/><branch value=\"no\" to=\"z-fern\"/>",
          "<branch value=\"yes\" to=\"z-fern\"/><branch value=\"no\" to=\"z-nahkampf\"/>", "flow-disagrees", 0);

    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    CU_ASSERT_EQUAL(system(cmd), 0);
}

void suite_eng_overmind(void);
void suite_eng_overmind(void)
{
    CU_pSuite s = CU_add_suite("eng_overmind", NULL, NULL);
    CU_add_test(s, "every fact acts and measures the rule values", test_facts_act);
    CU_add_test(s, "7 attacks: 5 dice, a blank turned into a hit", test_seven_attacks);
    CU_add_test(s, "criticals first, lowest defence first, carry-over", test_damage);
    CU_add_test(s, "two different actions, heroes first, statuses", test_actions_and_statuses);
    CU_add_test(s, "levels at 5 and 7 XP, the track reset", test_levels);
    CU_add_test(s, "mutation cards, blips and decoys", test_cards_and_blips);
    CU_add_test(s, "every key resolves and round-trips", test_keys_round_trip);
    CU_add_test(s, "procedures on every enumerated state pass their postconditions", test_procedures);
    CU_add_test(s, "a step that did not happen fails its postcondition", test_wrong_step_fails);
    CU_add_test(s, "planted faults in a copy of the content, caught at their line", test_planted_faults);
}
