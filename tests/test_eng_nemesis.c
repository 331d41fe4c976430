/* test_eng_nemesis.c — the Nemesis engine: its mechanics through the public
 * engine API, its probes against planted faults, and its AI procedures. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eng_nemesis.h"

static const eng_game *G = &eng_nemesis_game;

/* ---- helpers ------------------------------------------------------------------ */

static long fact(const char *id)
{
    const eng_fact *f = eng_find_fact(G, id);
    long v = -999;
    char why[256];
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(f->probe(&v, why, sizeof why), 0);
    return v;
}

/* A fact measured with one fault planted. */
static long fact_with(int fault, const char *id)
{
    eng_nemesis_fault = fault;
    long v = fact(id);
    eng_nemesis_fault = NM_FAULT_NONE;
    return v;
}

typedef struct game_run {
    eng_rng rng;
    void *st;
} game_run;

static void start(game_run *g, uint64_t seed)
{
    eng_rng_seed(&g->rng, seed);
    g->st = G->state_new(&g->rng);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g->st);
}

static void set(game_run *g, const char *key, const char *value)
{
    char err[256] = "";
    int rc = G->state_set(g->st, key, value, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "set %s=%s: %s\n", key, value, err);
    CU_ASSERT_EQUAL(rc, 0);
}

static const char *get(game_run *g, const char *key)
{
    static char buf[8][256];
    static int next;
    char err[256] = "";
    char *b = buf[next++ % 8];
    int rc = G->state_get(g->st, key, b, 256, err, sizeof err);
    CU_ASSERT_EQUAL(rc, 0);
    return rc == 0 ? b : "?";
}

static long num(game_run *g, const char *key)
{
    return strtol(get(g, key), NULL, 10);
}

/* Runs an action written as "k=v k=v". */
static int act(game_run *g, const char *action, const char *args)
{
    char err[256] = "";
    return eng_act_str(G, g->st, action, args, err, sizeof err);
}

static void force(game_run *g, const char *die, const char *face)
{
    for (const eng_die *const *d = G->dice; *d; d++)
        if (strcmp((*d)->id, die) == 0) {
            CU_ASSERT_EQUAL(eng_rng_force(&g->rng, *d, face), 0);
            return;
        }
    CU_FAIL("no such die");
}

static void finish(game_run *g)
{
    G->state_free(g->st);
}

/* ---- every probe measures, and the rule values come out ----------------------- */

static void test_facts_measure(void)
{
    for (size_t i = 0; i < G->nfacts; i++) {
        long v = -999;
        char why[256] = "";
        int rc = G->facts[i].probe(&v, why, sizeof why);
        if (rc != 0)
            fprintf(stderr, "%s: %s\n", G->facts[i].id, why);
        CU_ASSERT_EQUAL(rc, 0);
        CU_ASSERT_NOT_EQUAL(v, -1);   /* the probes' own "could not measure" */
    }
    CU_ASSERT_EQUAL(fact("nemesis.wounds.light-to-serious"), 3);
    CU_ASSERT_EQUAL(fact("nemesis.wounds.serious-survivable"), 3);
    CU_ASSERT_EQUAL(fact("nemesis.player.hand-size"), 5);
    CU_ASSERT_EQUAL(fact("nemesis.player.first-token-offset"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.player.actions-per-turn"), 2);
    CU_ASSERT_EQUAL(fact("nemesis.player.cost-min"), 0);
    CU_ASSERT_EQUAL(fact("nemesis.player.cost-max"), 2);
    CU_ASSERT_EQUAL(fact("nemesis.noise.corridors"), 4);
    CU_ASSERT_EQUAL(fact("nemesis.adults.miniatures"), 8);
    CU_ASSERT_EQUAL(fact("nemesis.end.fire-marker"), 9);
    CU_ASSERT_EQUAL(fact("nemesis.end.malfunction-marker"), 9);
    CU_ASSERT_EQUAL(fact("nemesis.end.engines-min"), 2);
    CU_ASSERT_EQUAL(fact("nemesis.end.engines-max"), 3);
    CU_ASSERT_EQUAL(fact("nemesis.end.contamination-draw"), 4);
    CU_ASSERT_EQUAL(fact("nemesis.damage.cards-small"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.damage.cards-large"), 2);
    CU_ASSERT_EQUAL(fact("nemesis.shoot.double-hit.queen"), 2);
    CU_ASSERT_EQUAL(fact("nemesis.melee.double-hit.queen"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.careful.in-combat"), 0);
    CU_ASSERT_EQUAL(fact("nemesis.event.step.time"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.event.step.attack"), 2);
    CU_ASSERT_EQUAL(fact("nemesis.event.step.fire"), 3);
    CU_ASSERT_EQUAL(fact("nemesis.event.step.bag"), 5);
    CU_ASSERT_EQUAL(fact("nemesis.end.check.objective"), 4);
}

/* Each planted fault changes what its probe measures: the probes run the
 * mechanics instead of returning the printed number. */
static void test_probes_catch_faults(void)
{
    CU_ASSERT_EQUAL(fact_with(NM_FAULT_LIGHT_FOUR, "nemesis.wounds.light-to-serious"), 4);
    CU_ASSERT_NOT_EQUAL(fact_with(NM_FAULT_TOKEN_RIGHT, "nemesis.player.first-token-offset"), 1);
    CU_ASSERT_EQUAL(fact_with(NM_FAULT_MELEE_NO_WOUND, "nemesis.melee.blank.serious"), 0);
    CU_ASSERT_EQUAL(fact_with(NM_FAULT_MELEE_NO_WOUND, "nemesis.melee.larva-creeper.adult-serious"), 0);
    CU_ASSERT_EQUAL(fact_with(NM_FAULT_TARGET_MOST, "nemesis.target.fewest"), 0);
    CU_ASSERT_EQUAL(fact_with(NM_FAULT_ENGINES_THREE, "nemesis.end.engines-min"), 3);
    CU_ASSERT_EQUAL(fact_with(NM_FAULT_SURPRISE_EQUAL, "nemesis.encounter.surprise"), 0);
    CU_ASSERT_EQUAL(fact_with(NM_FAULT_FIRE_FIRST, "nemesis.event.step.attack"), 3);
    CU_ASSERT_EQUAL(fact_with(NM_FAULT_FIRE_FIRST, "nemesis.event.step.fire"), 2);
    CU_ASSERT_EQUAL(fact_with(NM_FAULT_DANGER_ROLLS, "nemesis.explore.danger-no-roll"), 0);
    CU_ASSERT_EQUAL(fact_with(NM_FAULT_CAREFUL_COMBAT, "nemesis.careful.in-combat"), 1);
    /* and nothing else is disturbed once the fault is gone */
    CU_ASSERT_EQUAL(fact("nemesis.wounds.light-to-serious"), 3);
}

/* ---- mechanics through the scenario API ------------------------------------------- */

static void test_wounds(void)
{
    game_run g;
    start(&g, 1);
    set(&g, "c1.room", "3");
    set(&g, "c1.heavy", "2");
    for (int i = 0; i < 2; i++)
        CU_ASSERT_EQUAL(act(&g, "wound", "who=1 kind=light"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "c1.light"), 2);
    CU_ASSERT_EQUAL(num(&g, "c1.serious"), 0);
    act(&g, "wound", "who=1 kind=light");
    CU_ASSERT_EQUAL(num(&g, "c1.light"), 0);
    CU_ASSERT_EQUAL(num(&g, "c1.serious"), 1);
    act(&g, "wound", "who=1 kind=serious");
    act(&g, "wound", "who=1 kind=serious");
    CU_ASSERT_EQUAL(num(&g, "c1.dead"), 0);
    act(&g, "wound", "who=1 kind=light");
    CU_ASSERT_EQUAL(num(&g, "c1.dead"), 1);
    CU_ASSERT_EQUAL(num(&g, "room.3.corpses"), 1);
    CU_ASSERT_EQUAL(num(&g, "room.3.heavy"), 2);
    CU_ASSERT_EQUAL(act(&g, "wound", "who=1 kind=light"), ENG_ILLEGAL);
    /* the last character gone: the time marker goes to the red space */
    CU_ASSERT_STRING_EQUAL(get(&g, "end"), "time");
    CU_ASSERT_EQUAL(act(&g, "wound", "who=1 kind=deep"), ENG_ILLEGAL);
    finish(&g);
}

static void test_round(void)
{
    game_run g;
    start(&g, 1);
    set(&g, "players", "3");
    CU_ASSERT_EQUAL(act(&g, "room-action", "who=2 cost=0"), ENG_ILLEGAL);   /* not its turn */
    CU_ASSERT_EQUAL(act(&g, "room-action", "who=1 cost=3"), ENG_ILLEGAL);   /* cost above 2 */
    CU_ASSERT_EQUAL(act(&g, "room-action", "who=1 cost=2"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "c1.hand"), 3);
    CU_ASSERT_EQUAL(num(&g, "current"), 1);
    CU_ASSERT_EQUAL(act(&g, "card", "who=1 cost=2"), ENG_OK);   /* card + 2 */
    CU_ASSERT_EQUAL(num(&g, "c1.hand"), 0);
    CU_ASSERT_EQUAL(num(&g, "current"), 2);
    CU_ASSERT_EQUAL(act(&g, "pass", "who=2 discard=5"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "c2.hand"), 0);
    CU_ASSERT_EQUAL(act(&g, "pass", "who=3"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "current"), 1);
    CU_ASSERT_EQUAL(num(&g, "time"), 15);
    CU_ASSERT_EQUAL(act(&g, "pass", "who=1"), ENG_OK);
    /* all passed: the event phase, then a new round with the token passed on */
    CU_ASSERT_EQUAL(num(&g, "time"), 14);
    CU_ASSERT_EQUAL(num(&g, "round"), 2);
    CU_ASSERT_EQUAL(num(&g, "first"), 2);
    CU_ASSERT_EQUAL(num(&g, "current"), 2);
    CU_ASSERT_EQUAL(num(&g, "c1.hand"), 5);
    CU_ASSERT_EQUAL(num(&g, "c2.hand"), 5);
    finish(&g);
}

static void test_movement(void)
{
    game_run g;
    start(&g, 1);
    set(&g, "room.1.token", "slime");
    force(&g, "noise", "n2");
    CU_ASSERT_EQUAL(act(&g, "move", "who=1 corridor=4"), ENG_ILLEGAL);   /* technical */
    CU_ASSERT_EQUAL(act(&g, "move", "who=1 corridor=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "c1.room"), 1);
    CU_ASSERT_EQUAL(num(&g, "room.1.explored"), 1);
    CU_ASSERT_EQUAL(num(&g, "c1.slime"), 1);
    CU_ASSERT_EQUAL(num(&g, "room.1.noise.2"), 1);
    /* room 0's corridor 1 and room 1's corridor 2 are the same corridor */
    CU_ASSERT_EQUAL(num(&g, "room.0.noise.1"), 1);
    finish(&g);

    start(&g, 1);
    set(&g, "room.1.explored", "yes");
    set(&g, "room.1.noise.3", "1");
    CU_ASSERT_EQUAL(act(&g, "careful", "who=1 corridor=1 noise=3"), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(act(&g, "careful", "who=1 corridor=1 noise=4"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "room.1.noise.4"), 1);
    finish(&g);
}

static void test_encounter_and_combat(void)
{
    game_run g;
    start(&g, 1);
    set(&g, "c1.hand", "2");
    set(&g, "c1.ammo", "1");
    set(&g, "bag", "adult4 blank");
    force(&g, "bag", "adult");
    force(&g, "attack", "v2-light");
    CU_ASSERT_EQUAL(act(&g, "encounter", "who=1"), ENG_OK);
    CU_ASSERT_STRING_EQUAL(get(&g, "i1.type"), "adult");
    CU_ASSERT_EQUAL(num(&g, "c1.light"), 1);    /* surprise attack: 2 < 4 */
    CU_ASSERT_STRING_EQUAL(get(&g, "bag"), "blank");
    CU_ASSERT_EQUAL(num(&g, "c1.combat"), 1);
    force(&g, "combat", "double-hit");
    force(&g, "attack", "v2-light");
    CU_ASSERT_EQUAL(act(&g, "shoot", "who=1 target=1 cost=0"), ENG_OK);
    CU_ASSERT_STRING_EQUAL(get(&g, "i1.type"), "none");   /* 2 damage >= 2 */
    CU_ASSERT_EQUAL(num(&g, "room.0.carcasses"), 1);
    CU_ASSERT_EQUAL(num(&g, "c1.ammo"), 0);
    CU_ASSERT_EQUAL(act(&g, "shoot", "who=1"), ENG_ILLEGAL);   /* nobody left, no ammo */
    finish(&g);
}

static void test_event_phase(void)
{
    game_run g;
    start(&g, 1);
    set(&g, "i1.type", "adult");
    set(&g, "i1.room", "4");
    set(&g, "room.4.fire", "1");
    set(&g, "bag", "blank");
    set(&g, "supply", "adult2");
    force(&g, "attack", "v6-retreat-large");   /* the fire's damage: value 6, arrow */
    force(&g, "event", "e4-adult");            /* the arrow's event card: technical */
    force(&g, "event", "e1-adult");            /* the phase's own event card */
    force(&g, "bag", "blank");
    CU_ASSERT_EQUAL(act(&g, "event-phase", ""), ENG_OK);
    /* fled into the technical corridor: back in the bag, then the blank
     * token added the supply's adult */
    CU_ASSERT_STRING_EQUAL(get(&g, "i1.type"), "none");
    CU_ASSERT_EQUAL(num(&g, "bag.adult"), 2);
    CU_ASSERT_EQUAL(num(&g, "bag.blank"), 1);
    CU_ASSERT_EQUAL(num(&g, "time"), 14);
    finish(&g);
}

static void test_end_of_game(void)
{
    game_run g;
    start(&g, 1);
    set(&g, "players", "2");
    set(&g, "c2.infected", "1");
    set(&g, "c2.discard", "1");
    set(&g, "c2.objective", "yes");
    set(&g, "c1.objective", "yes");
    CU_ASSERT_EQUAL(act(&g, "escape", "who=2"), ENG_OK);
    force(&g, "draw", "action");
    force(&g, "draw", "action");
    force(&g, "draw", "action");
    force(&g, "draw", "action");
    CU_ASSERT_EQUAL(act(&g, "hibernate", "who=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "over"), 1);
    CU_ASSERT_STRING_EQUAL(get(&g, "end"), "time");
    CU_ASSERT_EQUAL(num(&g, "c1.won"), 1);     /* hibernated, ship on course */
    CU_ASSERT_EQUAL(num(&g, "c2.won"), 1);     /* infected, but drew no contamination */
    CU_ASSERT_EQUAL(g.rng.next_forced, 4);
    CU_ASSERT_EQUAL(act(&g, "room-action", "who=1 cost=0"), ENG_ILLEGAL);
    finish(&g);
}

static void test_api_errors(void)
{
    game_run g;
    char err[256], buf[64];
    start(&g, 1);
    CU_ASSERT_EQUAL(G->state_set(g.st, "c9.light", "1", err, sizeof err), -1);
    CU_ASSERT_EQUAL(G->state_set(g.st, "c1.light", "many", err, sizeof err), -1);
    CU_ASSERT_EQUAL(G->state_set(g.st, "i1.type", "dragon", err, sizeof err), -1);
    CU_ASSERT_EQUAL(G->state_set(g.st, "fires", "2", err, sizeof err), -1);
    CU_ASSERT_EQUAL(G->state_set(g.st, "bag", "adult3 ghost", err, sizeof err), -1);
    CU_ASSERT_EQUAL(G->state_get(g.st, "nothing", buf, sizeof buf, err, sizeof err), -1);
    CU_ASSERT_EQUAL(act(&g, "teleport", "who=1"), ENG_ERROR);
    CU_ASSERT_EQUAL(act(&g, "move", "who=1 corridor=7"), ENG_ERROR);
    CU_ASSERT_EQUAL(act(&g, "move", "who=9 corridor=1"), ENG_ERROR);
    for (const char *const *k = G->state_keys; *k; k++)
        CU_ASSERT_EQUAL(G->state_get(g.st, *k, buf, sizeof buf, err, sizeof err), 0);
    finish(&g);
}

/* The same seed and forced rolls give the same game. */
static void test_deterministic(void)
{
    char a[256], b[256];
    for (int pass = 0; pass < 2; pass++) {
        game_run g;
        start(&g, 42);
        set(&g, "players", "2");
        for (int r = 0; r < 6; r++) {
            act(&g, "move", "who=1 corridor=1");
            act(&g, "move", "who=1 corridor=1");
            act(&g, "pass", "who=2");
            act(&g, "pass", "who=1");
        }
        snprintf(pass ? b : a, 256, "%s|%s|%s|%s|%s", get(&g, "c1.room"), get(&g, "c1.light"),
                 get(&g, "bag"), get(&g, "time"), get(&g, "adults.board"));
        finish(&g);
    }
    CU_ASSERT_STRING_EQUAL(a, b);
}

/* ---- AI procedures ----------------------------------------------------------------- */

typedef struct ai_ctx {
    const eng_ai *ai;
    long bad, states;
    int seen[16];   /* outcomes reached */
} ai_ctx;

static int visit(const void *st, void *data)
{
    ai_ctx *c = data;
    const char *trace[64];
    c->states++;
    for (size_t p = 0; p < c->ai->npreds; p++) {
        int v = c->ai->preds[p].eval(st);
        if (v < 0 || v >= c->ai->preds[p].nvalues)
            c->bad++;
    }
    int n = c->ai->run(st, trace, 64);
    if (n <= 0)
        c->bad++;
    for (int i = 0; i < n; i++) {
        int k = 0, found = 0;
        for (const char *const *o = c->ai->outcomes; *o; o++, k++)
            if (strcmp(*o, trace[i]) == 0)
                found = 1, c->seen[k] = 1;
        if (!found)
            c->bad++;
    }
    return 0;
}

static void test_ais(void)
{
    CU_ASSERT_EQUAL(G->nais, 4);
    for (size_t a = 0; a < G->nais; a++) {
        ai_ctx c = {&G->ais[a], 0, 0, {0}};
        long n = G->ais[a].enumerate(1, visit, &c);
        CU_ASSERT(n > 0);
        CU_ASSERT_EQUAL(n, c.states);
        CU_ASSERT_EQUAL(c.bad, 0);
        /* every outcome of the procedure happens in some enumerated state */
        int k = 0;
        for (const char *const *o = G->ais[a].outcomes; *o; o++, k++) {
            if (!c.seen[k])
                fprintf(stderr, "%s: outcome %s never reached\n", G->ais[a].id, *o);
            CU_ASSERT(c.seen[k]);
        }
    }
}

/* A tie resolved in turn order: character 2, not 1 (the first player has more). */
static void test_target_order(void)
{
    game_run g;
    start(&g, 1);
    set(&g, "players", "3");
    set(&g, "first", "3");
    set(&g, "c1.hand", "2");
    set(&g, "c2.hand", "2");
    set(&g, "c3.hand", "4");
    set(&g, "i1.type", "creeper");
    set(&g, "i1.room", "0");
    force(&g, "attack", "v3-serious");
    CU_ASSERT_EQUAL(act(&g, "intruder-attack", "intruder=1"), ENG_OK);
    /* from the first player (3) on in turn order: 1 before 2 */
    CU_ASSERT_EQUAL(num(&g, "c1.serious"), 1);
    CU_ASSERT_EQUAL(num(&g, "c2.serious"), 0);
    finish(&g);
}

/* declared here for -Wmissing-prototypes; tests/main.c finds it by name */
void suite_eng_nemesis(void);
void suite_eng_nemesis(void)
{
    CU_pSuite s = CU_add_suite("eng_nemesis", NULL, NULL);
    CU_add_test(s, "every probe measures the rule values", test_facts_measure);
    CU_add_test(s, "planted faults change the probes", test_probes_catch_faults);
    CU_add_test(s, "wounds, death, corpse", test_wounds);
    CU_add_test(s, "player round and event phase trigger", test_round);
    CU_add_test(s, "movement, exploration, careful movement", test_movement);
    CU_add_test(s, "encounter, surprise attack, shooting", test_encounter_and_combat);
    CU_add_test(s, "event phase with fire, retreat arrow, bag", test_event_phase);
    CU_add_test(s, "end of game and checks", test_end_of_game);
    CU_add_test(s, "API errors", test_api_errors);
    CU_add_test(s, "same seed, same game", test_deterministic);
    CU_add_test(s, "AI procedures run on every enumerated state", test_ais);
    CU_add_test(s, "intruder target in turn order", test_target_order);
}
