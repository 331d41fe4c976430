/* test_eng_nemesis.c — the Nemesis engine through the public engine API
 * only: its facts measure by acting, its keys resolve and round-trip, its
 * mechanics follow the rules, and its AI procedures are checked by their
 * effects (a wrong step under a right outcome id fails). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eng_nemesis.h"

static const eng_game *G = &eng_nemesis_game;

/* ---- helpers ------------------------------------------------------------------ */

static eng_state *start(uint64_t seed)
{
    eng_state *st = eng_state_new(G, seed);
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

static const char *get(const eng_state *st, const char *key)
{
    static char buf[8][256];
    static int next;
    char err[256] = "";
    char *b = buf[next++ % 8];
    int rc = eng_get(st, key, b, 256, err, sizeof err);
    CU_ASSERT_EQUAL(rc, 0);
    return rc == 0 ? b : "?";
}

static long num(const eng_state *st, const char *key)
{
    return strtol(get(st, key), NULL, 10);
}

static int act(eng_state *st, const char *action, const char *args)
{
    char err[256] = "";
    return eng_act(st, action, args, err, sizeof err);
}

static void force(eng_state *st, const char *die, const char *face)
{
    const eng_die *d = eng_find_die(G, die);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_EQUAL(eng_rng_force(eng_state_rng(st), d, face), 0);
}

static long fact(const char *id)
{
    const eng_fact *f = eng_find_fact(G, id);
    long v = -999, actions = 0;
    char why[512] = "";
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(eng_measure(G, f, &v, &actions, why, sizeof why), 0);
    return v;
}

/* ---- facts and keys ----------------------------------------------------------------- */

/* Every fact is measured by performing engine actions, and the rule values
 * come out. */
static void test_facts_measure(void)
{
    for (size_t i = 0; i < G->nfacts; i++) {
        long v = -999, actions = 0;
        char why[512] = "";
        int rc = eng_measure(G, &G->facts[i], &v, &actions, why, sizeof why);
        if (rc != 0)
            fprintf(stderr, "%s: %s\n", G->facts[i].id, why);
        CU_ASSERT_EQUAL(rc, 0);
        CU_ASSERT(actions > 0);
        /* the probes' own "could not measure", except where -1 is the rule
         * word "last" (ultimo) */
        if (!strstr(G->facts[i].doc, "-1 the last"))
            CU_ASSERT_NOT_EQUAL(v, -1);
    }
    CU_ASSERT_EQUAL(fact("nemesis.wounds.light-to-serious"), 3);
    CU_ASSERT_EQUAL(fact("nemesis.wounds.serious-survivable"), 3);
    CU_ASSERT_EQUAL(fact("nemesis.player.hand-size"), 5);
    CU_ASSERT_EQUAL(fact("nemesis.player.first-token-offset"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.player.actions-per-turn"), 2);
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
    CU_ASSERT_EQUAL(fact("nemesis.event.step.card"), 4);
    CU_ASSERT_EQUAL(fact("nemesis.event.step.bag"), 5);
    CU_ASSERT_EQUAL(fact("nemesis.end.check.objective"), 4);
    CU_ASSERT_EQUAL(fact("nemesis.explore.slime-max"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.explore.fire-max"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.explore.malfunction-max"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.explore.door-max"), 1);
    /* the action cost range: costs outside 0..2 are refused */
    CU_ASSERT_EQUAL(fact("nemesis.player.cost-min"), 0);
    CU_ASSERT_EQUAL(fact("nemesis.player.cost-max"), 2);
    CU_ASSERT_EQUAL(fact("nemesis.player.pass-after"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.bag.queen-eggs"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.wounds.light-gives-serious"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.noise.lowest"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.encounter.tokens"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.attack.cards"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.damage.larva-egg"), 1);
    /* rule words: left 1, right 2, more 1, last -1 */
    CU_ASSERT_EQUAL(fact("nemesis.event.time-direction"), 2);
    CU_ASSERT_EQUAL(fact("nemesis.target.more-than-one"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.encounter.blank-which"), -1);
    CU_ASSERT_EQUAL(fact("nemesis.end.which-leaves"), -1);
    /* the fixes: danger (also silence with slime) rolls no noise; the
     * engines' explosion kills intruders too; the card's effect after the
     * movement; an arrow does not save an intruder the damage kills */
    CU_ASSERT_EQUAL(fact("nemesis.explore.silence"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.event.move-then-effect"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.damage.lethal-beats-arrow"), 1);
    CU_ASSERT_EQUAL(fact("nemesis.item.cost-only"), 1);
    for (const char *const *id = (const char *const[]){"nemesis.door.open", "nemesis.event.in-order",
                                                       "nemesis.end.checks-in-order", "nemesis.combat.same-room",
                                                       "nemesis.encounter.appears", "nemesis.damage.markers", NULL};
         *id; id++)
        CU_ASSERT_EQUAL(fact(*id), 1);
}

/* A concrete key of a pattern: every index 1. */
static void instance(const char *pattern, char *out, size_t len)
{
    size_t n = 0;
    for (const char *p = pattern; *p && n + 1 < len; p++)
        out[n++] = (*p == 'N' || *p == 'M') ? '1' : *p;
    out[n] = '\0';
}

/* Every key of the table resolves, and every writable one takes back the
 * value it gives. */
static void test_keys_round_trip(void)
{
    eng_state *st = start(1);
    char key[96], v[512], again[512], err[256];
    for (size_t i = 0; i < G->nkeys; i++) {
        const eng_key *k = &G->keys[i];
        CU_ASSERT_PTR_NOT_NULL(k->doc);
        instance(k->pattern, key, sizeof key);
        int rc = eng_get(st, key, v, sizeof v, err, sizeof err);
        if (rc != 0)
            fprintf(stderr, "get %s: %s\n", key, err);
        CU_ASSERT_EQUAL_FATAL(rc, 0);
        int ro = eng_key_read_only(k);
        if (ro) {
            CU_ASSERT_EQUAL(eng_set(st, key, v, err, sizeof err), -1);
            continue;
        }
        rc = eng_set(st, key, v, err, sizeof err);
        if (rc != 0)
            fprintf(stderr, "set %s=%s: %s\n", key, v, err);
        CU_ASSERT_EQUAL(rc, 0);
        CU_ASSERT_EQUAL(eng_get(st, key, again, sizeof again, err, sizeof err), 0);
        CU_ASSERT_STRING_EQUAL(v, again);
    }
    /* the room keys of room 0 and of rooms 1..11 */
    set(st, "room.0.noise.1", "1");
    CU_ASSERT_EQUAL(num(st, "room.1.noise.2"), 1);   /* the same corridor */
    set(st, "room.11.door.1", "closed");
    CU_ASSERT_STRING_EQUAL(get(st, "room.0.door.2"), "closed");
    eng_state_free(st);
}

/* ---- mechanics through the public API ------------------------------------------------ */

static void test_wounds(void)
{
    eng_state *g = start(1);
    set(g, "c1.room", "3");
    set(g, "c1.heavy", "2");
    for (int i = 0; i < 2; i++)
        CU_ASSERT_EQUAL(act(g, "wound", "who=1 kind=light"), ENG_OK);
    CU_ASSERT_EQUAL(num(g, "c1.light"), 2);
    CU_ASSERT_EQUAL(num(g, "c1.serious"), 0);
    act(g, "wound", "who=1 kind=light");
    CU_ASSERT_EQUAL(num(g, "c1.light"), 0);
    CU_ASSERT_EQUAL(num(g, "c1.serious"), 1);
    act(g, "wound", "who=1 kind=serious");
    act(g, "wound", "who=1 kind=serious");
    CU_ASSERT_EQUAL(num(g, "c1.dead"), 0);
    act(g, "wound", "who=1 kind=light");
    CU_ASSERT_EQUAL(num(g, "c1.dead"), 1);
    CU_ASSERT_EQUAL(num(g, "room.3.corpses"), 1);
    CU_ASSERT_EQUAL(num(g, "room.3.heavy"), 2);
    CU_ASSERT_EQUAL(act(g, "wound", "who=1 kind=light"), ENG_ILLEGAL);
    /* the last character gone: the time marker goes to the red space */
    CU_ASSERT_STRING_EQUAL(get(g, "end"), "time");
    CU_ASSERT_EQUAL(act(g, "wound", "who=1 kind=deep"), ENG_ERROR);
    eng_state_free(g);
}

static void test_round(void)
{
    eng_state *g = start(1);
    set(g, "players", "3");
    CU_ASSERT_EQUAL(act(g, "room-action", "who=2 cost=0"), ENG_ILLEGAL);   /* not its turn */
    CU_ASSERT_EQUAL(act(g, "room-action", "who=1 cost=3"), ENG_ILLEGAL);   /* cost above 2 */
    CU_ASSERT_EQUAL(act(g, "room-action", "who=1 cost=2"), ENG_OK);
    CU_ASSERT_EQUAL(num(g, "c1.hand"), 3);
    CU_ASSERT_EQUAL(num(g, "current"), 1);
    CU_ASSERT_EQUAL(act(g, "card", "who=1 cost=2"), ENG_OK);   /* card + 2 */
    CU_ASSERT_EQUAL(num(g, "c1.hand"), 0);
    CU_ASSERT_EQUAL(num(g, "current"), 2);
    CU_ASSERT_EQUAL(act(g, "pass", "who=2 discard=5"), ENG_OK);
    CU_ASSERT_EQUAL(num(g, "c2.hand"), 0);
    CU_ASSERT_EQUAL(act(g, "pass", "who=3"), ENG_OK);
    CU_ASSERT_EQUAL(num(g, "current"), 1);
    CU_ASSERT_EQUAL(num(g, "time"), 15);
    CU_ASSERT_EQUAL(act(g, "pass", "who=1"), ENG_OK);
    /* all passed: the event phase, then a new round with the token passed on */
    CU_ASSERT_EQUAL(num(g, "time"), 14);
    CU_ASSERT_EQUAL(num(g, "round"), 2);
    CU_ASSERT_EQUAL(num(g, "first"), 2);
    CU_ASSERT_EQUAL(num(g, "current"), 2);
    CU_ASSERT_EQUAL(num(g, "c1.hand"), 5);
    CU_ASSERT_EQUAL(num(g, "c2.hand"), 5);
    /* the event phase's steps, in order */
    CU_ASSERT_EQUAL(num(g, "log.first.step.time") < num(g, "log.first.step.attack"), 1);
    CU_ASSERT_EQUAL(num(g, "log.step.bag"), 1);
    eng_state_free(g);
}

static void test_movement(void)
{
    eng_state *g = start(1);
    set(g, "room.1.token", "slime");
    force(g, "noise", "n2");
    CU_ASSERT_EQUAL(act(g, "move", "who=1 corridor=4"), ENG_ILLEGAL);   /* technical */
    CU_ASSERT_EQUAL(act(g, "move", "who=1 corridor=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(g, "c1.room"), 1);
    CU_ASSERT_EQUAL(num(g, "room.1.explored"), 1);
    CU_ASSERT_EQUAL(num(g, "c1.slime"), 1);
    CU_ASSERT_EQUAL(num(g, "room.1.noise.2"), 1);
    CU_ASSERT_EQUAL(num(g, "log.noise-roll"), 1);
    /* room 0's corridor 1 and room 1's corridor 2 are the same corridor */
    CU_ASSERT_EQUAL(num(g, "room.0.noise.1"), 1);
    eng_state_free(g);

    g = start(1);
    set(g, "room.1.explored", "yes");
    set(g, "room.1.noise.3", "1");
    CU_ASSERT_EQUAL(act(g, "careful", "who=1 corridor=1 noise=3"), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(act(g, "careful", "who=1 corridor=1 noise=4"), ENG_OK);
    CU_ASSERT_EQUAL(num(g, "room.1.noise.4"), 1);
    CU_ASSERT_EQUAL(num(g, "log.noise-roll"), 0);   /* this did not happen */
    eng_state_free(g);
}

static void test_encounter_and_combat(void)
{
    eng_state *g = start(1);
    set(g, "c1.hand", "2");
    set(g, "c1.ammo", "1");
    set(g, "bag", "adult4 blank");
    force(g, "bag", "adult");
    force(g, "attack", "v2-light");
    CU_ASSERT_EQUAL(act(g, "encounter", "who=1"), ENG_OK);
    CU_ASSERT_STRING_EQUAL(get(g, "i1.type"), "adult");
    CU_ASSERT_EQUAL(num(g, "c1.light"), 1);    /* surprise attack: 2 < 4 */
    CU_ASSERT_EQUAL(num(g, "log.surprise-attack"), 1);
    CU_ASSERT_EQUAL(num(g, "log.attack-card"), 1);
    CU_ASSERT_STRING_EQUAL(get(g, "bag"), "blank");
    CU_ASSERT_EQUAL(num(g, "c1.combat"), 1);
    force(g, "combat", "double-hit");
    force(g, "attack", "v2-light");
    CU_ASSERT_EQUAL(act(g, "shoot", "who=1 target=1 cost=0"), ENG_OK);
    CU_ASSERT_STRING_EQUAL(get(g, "i1.type"), "none");   /* 2 damage >= 2 */
    CU_ASSERT_EQUAL(num(g, "room.0.carcasses"), 1);
    CU_ASSERT_EQUAL(num(g, "c1.ammo"), 0);
    CU_ASSERT_EQUAL(act(g, "shoot", "who=1"), ENG_ILLEGAL);   /* nobody left, no ammo */
    eng_state_free(g);

    /* as many cards as the number: no surprise attack, no attack card */
    g = start(1);
    set(g, "c1.hand", "4");
    set(g, "bag", "adult4");
    CU_ASSERT_EQUAL(act(g, "encounter", "who=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(g, "log.surprise-attack"), 0);
    CU_ASSERT_EQUAL(num(g, "log.attack-card"), 0);
    CU_ASSERT_EQUAL(num(g, "log.first.encounter"), 1);
    eng_state_free(g);
}

static void test_event_phase(void)
{
    eng_state *g = start(1);
    set(g, "i1.type", "adult");
    set(g, "i1.room", "4");
    set(g, "room.4.fire", "1");
    set(g, "bag", "blank");
    set(g, "supply", "adult2");
    force(g, "attack", "v6-retreat-large");   /* the fire's damage: value 6, arrow */
    force(g, "event", "e4-adult");            /* the arrow's event card: technical */
    force(g, "event", "e1-adult");            /* the phase's own event card */
    force(g, "bag", "blank");
    CU_ASSERT_EQUAL(act(g, "event-phase", ""), ENG_OK);
    /* fled into the technical corridor: back in the bag, then the blank
     * token added the supply's adult */
    CU_ASSERT_STRING_EQUAL(get(g, "i1.type"), "none");
    CU_ASSERT_EQUAL(num(g, "bag.adult"), 2);
    CU_ASSERT_EQUAL(num(g, "bag.blank"), 1);
    CU_ASSERT_EQUAL(num(g, "time"), 14);
    CU_ASSERT_EQUAL(num(g, "log.event-card"), 2);
    eng_state_free(g);
}

static void test_end_of_game(void)
{
    eng_state *g = start(1);
    set(g, "players", "2");
    set(g, "c2.infected", "1");
    set(g, "c2.discard", "1");
    set(g, "c2.objective", "yes");
    set(g, "c1.objective", "yes");
    CU_ASSERT_EQUAL(act(g, "escape", "who=2"), ENG_OK);
    for (int i = 0; i < 4; i++)
        force(g, "draw", "action");
    CU_ASSERT_EQUAL(act(g, "hibernate", "who=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(g, "over"), 1);
    CU_ASSERT_STRING_EQUAL(get(g, "end"), "time");
    CU_ASSERT_EQUAL(num(g, "c1.won"), 1);     /* hibernated, ship on course */
    CU_ASSERT_EQUAL(num(g, "c2.won"), 1);     /* infected, but drew no contamination */
    CU_ASSERT_EQUAL(num(g, "log.check.draw"), 4);
    CU_ASSERT_EQUAL(act(g, "room-action", "who=1 cost=0"), ENG_ILLEGAL);
    eng_state_free(g);

    /* the ship has three engines; two damaged blow it up */
    g = start(1);
    for (int i = 0; i < 3; i++)
        CU_ASSERT_EQUAL(act(g, "damage-engine", NULL), ENG_OK);
    CU_ASSERT_EQUAL(act(g, "damage-engine", NULL), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(act(g, "end-game", "reason=time"), ENG_OK);
    CU_ASSERT_EQUAL(num(g, "ship.intact"), 0);
    CU_ASSERT_EQUAL(act(g, "end-game", "reason=fire"), ENG_ILLEGAL);
    eng_state_free(g);
}

static void test_api_errors(void)
{
    eng_state *g = start(1);
    char err[256], buf[64];
    CU_ASSERT_EQUAL(eng_set(g, "c9.light", "1", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_set(g, "c1.light", "many", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_set(g, "i1.type", "dragon", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_set(g, "fires", "2", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_set(g, "bag", "adult3 ghost", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_set(g, "next.attack", "v9-nothing", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_get(g, "nothing", buf, sizeof buf, err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_get(g, "room.12.fire", buf, sizeof buf, err, sizeof err), -1);
    CU_ASSERT_EQUAL(act(g, "teleport", "who=1"), ENG_ERROR);
    CU_ASSERT_EQUAL(act(g, "move", "who=1 corridor=7"), ENG_ERROR);
    CU_ASSERT_EQUAL(act(g, "move", "who=9 corridor=1"), ENG_ERROR);
    CU_ASSERT_EQUAL(act(g, "move", "who=2 corridor=1"), ENG_ERROR);   /* players=1 */
    /* a field shown from 1, and a read-only field */
    CU_ASSERT_EQUAL(eng_set(g, "first", "1", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_val(g, "first"), 1);
    CU_ASSERT_EQUAL(eng_val(g, "last.target"), 0);   /* nobody chosen: -1 kept */
    CU_ASSERT_EQUAL(eng_set(g, "last.token", "3", err, sizeof err), -1);
    /* who= and with= are bounded by players (the players key's bounds) in every action */
    CU_ASSERT_EQUAL(eng_act(g, "danger", "who=2 room=1", err, sizeof err), ENG_ERROR);
    CU_ASSERT_STRING_EQUAL(err, "who=2 but players=1");
    set(g, "players", "2");
    CU_ASSERT_EQUAL(eng_act(g, "trade", "who=1 with=3", err, sizeof err), ENG_ERROR);
    CU_ASSERT_STRING_EQUAL(err, "with=3 but players=2");
    CU_ASSERT_EQUAL(act(g, "place-intruder", "type=none room=1"), ENG_ERROR);
    eng_state_free(g);
}

/* The same seed and forced rolls give the same game; a copy goes on alike. */
static void test_deterministic(void)
{
    char a[256], b[256];
    for (int pass = 0; pass < 2; pass++) {
        eng_state *g = start(42);
        set(g, "players", "2");
        for (int r = 0; r < 6; r++) {
            act(g, "move", "who=1 corridor=1");
            act(g, "move", "who=1 corridor=1");
            act(g, "pass", "who=2");
            act(g, "pass", "who=1");
        }
        snprintf(pass ? b : a, 256, "%s|%s|%s|%s|%s", get(g, "c1.room"), get(g, "c1.light"), get(g, "bag"),
                 get(g, "time"), get(g, "adults.board"));
        eng_state_free(g);
    }
    CU_ASSERT_STRING_EQUAL(a, b);
}

/* A tie resolved in turn order: character 1, not 2 (the first player, 3, has more). */
static void test_target_order(void)
{
    eng_state *g = start(1);
    set(g, "players", "3");
    set(g, "first", "3");
    set(g, "c1.hand", "2");
    set(g, "c2.hand", "2");
    set(g, "c3.hand", "4");
    set(g, "i1.type", "creeper");
    set(g, "i1.room", "0");
    force(g, "attack", "v3-serious");
    CU_ASSERT_EQUAL(act(g, "intruder-attack", "intruder=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(g, "c1.serious"), 1);
    CU_ASSERT_EQUAL(num(g, "c2.serious"), 0);
    CU_ASSERT_EQUAL(num(g, "last.target"), 1);
    eng_state_free(g);
}

/* ---- AI procedures ----------------------------------------------------------------- */

typedef struct ai_ctx {
    const eng_ai *ai;
    long bad, states;
    int seen[16];   /* outcomes reached */
} ai_ctx;

static int visit(const eng_state *st, void *data)
{
    ai_ctx *c = data;
    c->states++;
    for (size_t p = 0; p < c->ai->npreds; p++) {
        int v = c->ai->preds[p].eval(st);
        if (v < 0 || v >= c->ai->preds[p].nvalues)
            c->bad++;
    }
    eng_state *run = eng_state_copy(st);
    eng_record rec;
    if (!run || eng_record_run(c->ai, run, &rec) != 0 || rec.failed || rec.unknown || rec.ntrace == 0) {
        if (c->bad++ == 0 && run)
            fprintf(stderr, "%s: failed %s, unknown %s\n", c->ai->id, rec.failed ? rec.failed : "-",
                    rec.unknown ? rec.unknown : "-");
    }
    for (int i = 0; i < rec.ntrace; i++)
        for (size_t k = 0; k < c->ai->noutcomes; k++)
            if (strcmp(c->ai->outcomes[k].id, rec.trace[i]) == 0)
                c->seen[k] = 1;
    eng_record_free(&rec);
    eng_state_free(run);
    return 0;
}

static void test_ais(void)
{
    CU_ASSERT_EQUAL(G->nais, 4);
    for (size_t a = 0; a < G->nais; a++) {
        ai_ctx c = {&G->ais[a], 0, 0, {0}};
        long n = G->ais[a].enumerate(G, 1, visit, &c);
        CU_ASSERT(n > 0);
        CU_ASSERT_EQUAL(n, c.states);
        CU_ASSERT_EQUAL(c.bad, 0);
        /* every outcome of the procedure happens in some enumerated state */
        for (size_t k = 0; k < G->ais[a].noutcomes; k++) {
            if (!c.seen[k])
                fprintf(stderr, "%s: outcome %s never reached\n", G->ais[a].id, G->ais[a].outcomes[k].id);
            CU_ASSERT(c.seen[k]);
        }
    }
}

/* The review's example: a blank token that adds a breeder, marked as
 * "add-adult". The token is drawn, a breeder goes from the supply into the
 * bag, the step is marked. */
static int wrong_blank(eng_state *st)
{
    char err[128];
    set(st, "bag", "larva1 adult3 breeder4");   /* the blank drawn, a breeder added */
    set(st, "supply", "adult2");
    (void)err;
    eng_step(st, "nemesis.bag.add-adult");
    return 0;
}

/* Damage that removes the intruder without a carcass, marked "carcass". */
static int wrong_carcass(eng_state *st)
{
    set(st, "i1.type", "none");
    eng_step(st, "nemesis.damage.carcass");
    return 0;
}

static void test_wrong_step_fails(void)
{
    const eng_ai *bag = eng_find_ai(G, "nemesis.bag-development");
    const eng_ai *dmg = eng_find_ai(G, "nemesis.intruder-damage");
    CU_ASSERT_PTR_NOT_NULL_FATAL(bag);
    CU_ASSERT_PTR_NOT_NULL_FATAL(dmg);

    eng_ai fake = *bag;
    fake.run = wrong_blank;
    eng_state *st = start(1);
    set(st, "bag", "larva1 adult3 blank");
    set(st, "supply", "adult2 breeder4");
    eng_record rec;
    CU_ASSERT_EQUAL(eng_record_run(&fake, st, &rec), 0);
    CU_ASSERT_PTR_NOT_NULL(rec.failed);
    if (rec.failed)
        CU_ASSERT_STRING_EQUAL(rec.failed, "nemesis.bag.add-adult");
    eng_record_free(&rec);
    eng_state_free(st);

    /* the engine's own procedure on the same state passes */
    st = start(1);
    set(st, "bag", "larva1 adult3 blank");
    set(st, "supply", "adult2 breeder4");
    set(st, "next.bag", "blank");
    CU_ASSERT_EQUAL(eng_record_run(bag, st, &rec), 0);
    CU_ASSERT_PTR_NULL(rec.failed);
    CU_ASSERT_EQUAL(rec.ntrace, 2);
    if (rec.ntrace == 2)
        CU_ASSERT_STRING_EQUAL(rec.trace[0], "nemesis.bag.add-adult");
    CU_ASSERT_EQUAL(num(st, "bag.breeder"), 0);
    eng_record_free(&rec);
    eng_state_free(st);

    fake = *dmg;
    fake.run = wrong_carcass;
    st = start(1);
    set(st, "i1.type", "adult");
    set(st, "i1.room", "5");
    set(st, "ai.intruder", "1");
    set(st, "ai.amount", "1");
    CU_ASSERT_EQUAL(eng_record_run(&fake, st, &rec), 0);
    CU_ASSERT_PTR_NOT_NULL(rec.failed);
    if (rec.failed)
        CU_ASSERT_STRING_EQUAL(rec.failed, "nemesis.damage.carcass");
    eng_record_free(&rec);
    eng_state_free(st);
}

/* declared here for -Wmissing-prototypes; tests/main.c finds it by name */
void suite_eng_nemesis(void);
void suite_eng_nemesis(void)
{
    CU_pSuite s = CU_add_suite("eng_nemesis", NULL, NULL);
    CU_add_test(s, "every fact measures by acting, with the rule values", test_facts_measure);
    CU_add_test(s, "every key resolves and round-trips", test_keys_round_trip);
    CU_add_test(s, "wounds, death, corpse", test_wounds);
    CU_add_test(s, "player round and event phase trigger", test_round);
    CU_add_test(s, "movement, exploration, careful movement", test_movement);
    CU_add_test(s, "encounter, surprise attack, shooting", test_encounter_and_combat);
    CU_add_test(s, "event phase with fire, retreat arrow, bag", test_event_phase);
    CU_add_test(s, "end of game, checks, engines", test_end_of_game);
    CU_add_test(s, "API errors", test_api_errors);
    CU_add_test(s, "same seed, same game", test_deterministic);
    CU_add_test(s, "AI procedures pass their postconditions on every enumerated state", test_ais);
    CU_add_test(s, "a wrong step fails its postcondition", test_wrong_step_fails);
    CU_add_test(s, "intruder target in turn order", test_target_order);
}
