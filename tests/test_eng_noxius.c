/* test_eng_noxius.c — the Noxius engine: every rule through the public
 * engine API (eng.h), its facts, its AI procedures checked by their steps'
 * postconditions, the simulator slot, and whole fights played by the
 * simulated players. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eng_noxius.h"

static const eng_game *G = &eng_noxius_game;

/* ---- helpers ------------------------------------------------------------------ */

static long fact(const char *id)
{
    const eng_fact *f = eng_find_fact(G, id);
    long v = -999, actions = 0;
    char why[512] = "";
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    int rc = eng_measure(G, f, &v, &actions, why, sizeof why);
    if (rc != 0)
        fprintf(stderr, "%s: %s\n", id, why);
    CU_ASSERT_EQUAL(rc, 0);
    return v;
}

typedef struct game_run {
    eng_state *st;
} game_run;

static void start(game_run *g, int players)
{
    char err[128], n[12];
    g->st = eng_state_new(G, 5);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g->st);
    snprintf(n, sizeof n, "%d", players);
    CU_ASSERT_EQUAL(eng_set(g->st, "players", n, err, sizeof err), 0);
}

static void set(game_run *g, const char *key, const char *value)
{
    char err[256] = "";
    int rc = eng_set(g->st, key, value, err, sizeof err);
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
    int rc = eng_get(g->st, key, b, 256, err, sizeof err);
    CU_ASSERT_EQUAL(rc, 0);
    return rc == 0 ? b : "?";
}

static long num(game_run *g, const char *key)
{
    return strtol(get(g, key), NULL, 10);
}

static int act(game_run *g, const char *action, const char *args)
{
    char err[256] = "";
    return eng_act(g->st, action, args, err, sizeof err);
}

static void roll(game_run *g, const char *face)
{
    CU_ASSERT_EQUAL(eng_rng_force(eng_state_rng(g->st), eng_find_die(G, "d6"), face), 0);
}

static void finish(game_run *g)
{
    eng_state_free(g->st);
}

/* Two characters at P1 and P2 of enemy 1 with the given plates. */
static void duel(game_run *g, const char *plates, const char *damage)
{
    start(g, 2);
    set(g, "e1.plates", plates);
    set(g, "e1.damage", damage);
    CU_ASSERT_EQUAL(act(g, "spawn", "enemy=1"), ENG_OK);
    CU_ASSERT_EQUAL(act(g, "position", "who=1 enemy=1 pos=1"), ENG_OK);
    CU_ASSERT_EQUAL(act(g, "position", "who=2 enemy=1 pos=2"), ENG_OK);
}

/* ---- facts ------------------------------------------------------------------------ */

static void test_facts_measure(void)
{
    for (size_t i = 0; i < G->nfacts; i++) {
        long v = -999, actions = 0;
        char why[512] = "";
        int rc = eng_measure(G, &G->facts[i], &v, &actions, why, sizeof why);
        if (rc != 0)
            fprintf(stderr, "%s: %s\n", G->facts[i].id, why);
        CU_ASSERT_EQUAL(rc, 0);
        CU_ASSERT(actions > 0);     /* a measurement acts */
    }
    /* the numbers of the rules */
    CU_ASSERT_EQUAL(fact("noxius.players.min"), 2);
    CU_ASSERT_EQUAL(fact("noxius.players.max"), 4);
    CU_ASSERT_EQUAL(fact("noxius.die.faces"), 6);
    CU_ASSERT_EQUAL(fact("noxius.positions.two"), 2);
    CU_ASSERT_EQUAL(fact("noxius.positions.three"), 3);
    CU_ASSERT_EQUAL(fact("noxius.positions.four"), 4);
    CU_ASSERT_EQUAL(fact("noxius.round.casts"), 1);
    CU_ASSERT_EQUAL(fact("noxius.start.power"), 1);
    CU_ASSERT_EQUAL(fact("noxius.start.sp"), 0);
    CU_ASSERT_EQUAL(fact("noxius.abilities"), 4);
    CU_ASSERT_EQUAL(fact("noxius.ko.lp"), 0);
    CU_ASSERT_EQUAL(fact("noxius.ko.fight-end"), 1);
    CU_ASSERT_EQUAL(fact("noxius.buff.rounds"), 1);
    CU_ASSERT_EQUAL(fact("noxius.plate.multi"), 2);
    CU_ASSERT_EQUAL(fact("noxius.wound.numbers"), 2);
    CU_ASSERT_EQUAL(fact("noxius.power.cross"), 0);
    /* the new measurements: words, places, the progress track */
    CU_ASSERT_EQUAL(fact("noxius.order.from"), 1);       /* highest */
    CU_ASSERT_EQUAL(fact("noxius.order.to"), 2);         /* lowest */
    CU_ASSERT_EQUAL(fact("noxius.roll.from"), 1);        /* left */
    CU_ASSERT_EQUAL(fact("noxius.roll.to"), 2);          /* right */
    CU_ASSERT_EQUAL(fact("noxius.ko.recover-at"), -1);   /* last */
    CU_ASSERT_EQUAL(fact("noxius.cast.effect-at"), 1);
    CU_ASSERT_EQUAL(fact("noxius.cast.power-at"), 2);
    CU_ASSERT_EQUAL(fact("noxius.cast.roll-at"), 3);
    CU_ASSERT_EQUAL(fact("noxius.players.p2"), 2);
    CU_ASSERT_EQUAL(fact("noxius.players.p3"), 3);
    CU_ASSERT_EQUAL(fact("noxius.players.p4"), 4);
    CU_ASSERT_EQUAL(fact("noxius.power.t-fields"), 2);
    CU_ASSERT_EQUAL(fact("noxius.linked.players"), 2);
    CU_ASSERT_EQUAL(fact("noxius.field.per-round"), 1);
    CU_ASSERT_EQUAL(fact("noxius.field.rounds"), 1);
    CU_ASSERT_EQUAL(fact("noxius.field.pair-rounds"), 2);
    CU_ASSERT_EQUAL(fact("noxius.result.lp"), 1);
    CU_ASSERT_EQUAL(fact("noxius.result.sp"), 1);
    /* the sheet's assumptions where the source is silent (its gaps) */
    CU_ASSERT_EQUAL(fact("noxius.reposition.others"), 0);
    CU_ASSERT_EQUAL(fact("noxius.power.t-stay"), 0);
    CU_ASSERT_EQUAL(fact("noxius.roll.fallen-rest"), 0);
    CU_ASSERT_EQUAL(fact("noxius.roll.ko-rest"), 0);
    CU_ASSERT_EQUAL(fact("noxius.plate.runs-exact"), 0);
    CU_ASSERT_EQUAL(fact("noxius.sp.capped"), 0);
    /* and every yes/no rule holds */
    static const char *const yes[] = {
        "noxius.positions.exclusive", "noxius.reposition.round",
        "noxius.reposition.defeat", "noxius.start.lp-full",
        "noxius.roll.left-to-right", "noxius.roll.fallen-no-hit", "noxius.power.t-hit",
        "noxius.power.t-then-roll", "noxius.power.shade-held", "noxius.lpsp.free", "noxius.lpsp.named",
        "noxius.ko.sp-lost", "noxius.ko.no-cast", "noxius.ko.all-fail", "noxius.dead.no-heal",
        "noxius.buff.replaced", "noxius.buff.until-turn", "noxius.plate.threshold", "noxius.wound.inner",
        "noxius.plate.exact", "noxius.plate.no-wound", "noxius.plate.lp", "noxius.plate.sp",
        "noxius.plate.wound", "noxius.linked.any-order", "noxius.linked.reset",
        "noxius.enemy.life-players", "noxius.enemy.skull", "noxius.field.repeat", "noxius.field.spawn",
        "noxius.result.hit", "noxius.result.damage", "noxius.result.wound", "noxius.power.shade-each",
        "noxius.buff.other-replaces", "noxius.buff.used-once", "noxius.ko.position",
        "noxius.plate.sacrifice-extra", "noxius.lp.capped"};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
        long v = fact(yes[i]);
        if (v != 1)
            fprintf(stderr, "%s = %ld\n", yes[i], v);
        CU_ASSERT_EQUAL(v, 1);
    }
}

/* ---- rules one by one ---------------------------------------------------------------- */

static void test_positions(void)
{
    game_run g;
    for (int players = 2; players <= 4; players++) {
        start(&g, players);
        act(&g, "spawn", "enemy=1");
        char args[64];
        for (int pos = 1; pos <= 4; pos++) {
            snprintf(args, sizeof args, "who=1 enemy=1 pos=%d", pos);
            int rc = act(&g, "position", args);
            CU_ASSERT_EQUAL(rc, pos <= players ? ENG_OK : ENG_ILLEGAL);
        }
        finish(&g);
    }
    /* the two wolves: P1 and P2 taken at the grey wolf, the third takes P3 at the black one */
    start(&g, 3);
    set(&g, "e1.name", "Grauer Wolf");
    set(&g, "e2.name", "Schwarzer Wolf");
    act(&g, "spawn", "enemy=1");
    act(&g, "spawn", "enemy=2");
    CU_ASSERT_EQUAL(act(&g, "position", "who=1 enemy=1 pos=1"), ENG_OK);
    CU_ASSERT_EQUAL(act(&g, "position", "who=2 enemy=1 pos=2"), ENG_OK);
    CU_ASSERT_EQUAL(act(&g, "position", "who=3 enemy=2 pos=1"), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(act(&g, "position", "who=3 enemy=2 pos=2"), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(act(&g, "position", "who=3 enemy=2 pos=3"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "current"), 3);   /* P3 begins */
    finish(&g);
}

static void test_turn_order(void)
{
    game_run g;
    start(&g, 4);
    set(&g, "e1.plates", "99");
    set(&g, "e2.plates", "99");
    act(&g, "spawn", "enemy=1");
    act(&g, "spawn", "enemy=2");
    act(&g, "position", "who=1 enemy=2 pos=3");
    act(&g, "position", "who=2 enemy=1 pos=1");
    act(&g, "position", "who=3 enemy=1 pos=4");
    act(&g, "position", "who=4 enemy=2 pos=2");
    int expect[] = {3, 1, 4, 2};
    for (int i = 0; i < 4; i++) {
        CU_ASSERT_EQUAL(num(&g, "current"), expect[i]);
        char args[32];
        snprintf(args, sizeof args, "who=%d ability=1", expect[(i + 1) % 4]);
        if (i < 3)   /* out of turn: refused */
            CU_ASSERT_EQUAL(act(&g, "cast", args), ENG_ILLEGAL);
        snprintf(args, sizeof args, "who=%d ability=1", expect[i]);
        roll(&g, "1");
        CU_ASSERT_EQUAL(act(&g, "cast", args), ENG_OK);
    }
    CU_ASSERT_EQUAL(num(&g, "current"), 0);
    /* a new round: new places; the order follows them */
    act(&g, "round-start", "");
    CU_ASSERT_EQUAL(act(&g, "position", "who=2 enemy=1 pos=4"), ENG_ILLEGAL);   /* 3 holds P4 */
    CU_ASSERT_EQUAL(act(&g, "position", "who=2 enemy=2 pos=1"), ENG_OK);   /* the other enemy */
    CU_ASSERT_EQUAL(num(&g, "c2.enemy"), 2);
    CU_ASSERT_EQUAL(num(&g, "current"), 3);
    finish(&g);
}

static void test_power_scale(void)
{
    game_run g;
    duel(&g, "99", "1 2 1 1");
    set(&g, "c2.tlow", "0");
    set(&g, "c2.thigh", "3");
    set(&g, "c2.a1", "delta=-2 r=-|-|-|-|-|-");
    set(&g, "c2.a2", "delta=+2 r=T|T|T|T|T|T");
    CU_ASSERT_EQUAL(num(&g, "c2.power"), 1);
    CU_ASSERT_EQUAL(act(&g, "cast", "who=2 ability=1"), ENG_ILLEGAL);   /* 1 - 2 crosses 0 */
    roll(&g, "3");
    CU_ASSERT_EQUAL(act(&g, "cast", "who=2 ability=2"), ENG_OK);        /* 1 + 2 = 3: a T field */
    CU_ASSERT_EQUAL(num(&g, "c2.power"), 3);
    CU_ASSERT_EQUAL(num(&g, "c2.lp"), 6 - 2 - 2);                        /* T field, then the roll's T */
    CU_ASSERT_EQUAL(num(&g, "last.roll"), 3);
    act(&g, "round-start", "");
    CU_ASSERT_EQUAL(act(&g, "cast", "who=2 ability=2"), ENG_ILLEGAL);   /* 3 + 2 crosses 3 */
    finish(&g);
}

/* [T/2] and [4/T], as the rules' examples say. */
static void test_roll_examples(void)
{
    game_run g;
    duel(&g, "2 2", "1 3 1 1");
    set(&g, "c2.a1", "delta=+0 r=T/2|T/2|T/2|T/2|T/2|T/2");
    set(&g, "c2.lp", "4");
    roll(&g, "2");
    act(&g, "cast", "who=2 ability=1");
    CU_ASSERT_EQUAL(num(&g, "c2.lp"), 1);        /* hit first ... */
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 2);     /* ... then the 2 damage */
    finish(&g);

    duel(&g, "2 2", "1 3 1 1");
    set(&g, "c2.a1", "delta=+0 r=T/2|T/2|T/2|T/2|T/2|T/2");
    set(&g, "c2.lp", "3");
    roll(&g, "2");
    act(&g, "cast", "who=2 ability=1");
    CU_ASSERT_EQUAL(num(&g, "c2.ko"), 1);
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 1);     /* knocked out: no damage */
    finish(&g);

    duel(&g, "4", "1 3 1 1");
    set(&g, "c2.a1", "delta=+0 r=4/T|4/T|4/T|4/T|4/T|4/T");
    roll(&g, "5");
    act(&g, "cast", "who=2 ability=1");
    CU_ASSERT_EQUAL(num(&g, "e1.defeated"), 1);
    CU_ASSERT_EQUAL(num(&g, "c2.lp"), 6);        /* the enemy fell: no hit */
    finish(&g);
}

static void test_effect_and_shade(void)
{
    game_run g;
    duel(&g, "4! 4!", "1 1 1 1");
    set(&g, "c2.a1", "delta=+1 effect=heal:2 r=3|3|3|3|3|3 shade=2:+1");
    set(&g, "c1.lp", "2");
    set(&g, "c2.power", "2");
    roll(&g, "1");
    CU_ASSERT_EQUAL(act(&g, "cast", "who=2 ability=1 ally=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "c1.lp"), 4);        /* the effect */
    CU_ASSERT_EQUAL(num(&g, "c2.power"), 3);
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 2);     /* 3 + 1 shaded = exactly 4 */
    CU_ASSERT_EQUAL(num(&g, "last.damage"), 4);
    finish(&g);
}

static void test_lp_sp_ko(void)
{
    game_run g;
    duel(&g, "99", "2 2 2 2");
    set(&g, "c1.sp", "3");
    act(&g, "hit", "who=1");                     /* free choice: SP first */
    CU_ASSERT_EQUAL(num(&g, "c1.sp"), 1);
    CU_ASSERT_EQUAL(num(&g, "c1.lp"), 6);
    set(&g, "c1.sp-first", "0");
    act(&g, "hit", "who=1");                     /* or LP */
    CU_ASSERT_EQUAL(num(&g, "c1.lp"), 4);
    act(&g, "lose", "who=1 amount=4 kind=lp");   /* named LP: the SP do not help */
    CU_ASSERT_EQUAL(num(&g, "c1.ko"), 1);
    CU_ASSERT_EQUAL(num(&g, "c1.sp"), 0);        /* all SP lost */
    CU_ASSERT_EQUAL(num(&g, "c1.lp"), 0);
    CU_ASSERT_EQUAL(act(&g, "gain", "who=1 kind=sp amount=1"), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(num(&g, "current"), 2);      /* the knocked-out one has no turn */
    act(&g, "gain", "who=1 kind=lp amount=9");
    CU_ASSERT_EQUAL(num(&g, "c1.ko"), 0);
    CU_ASSERT_EQUAL(num(&g, "c1.lp"), 6);        /* not above full */
    CU_ASSERT_STRING_EQUAL(get(&g, "over"), "none");
    act(&g, "lose", "who=1 amount=9");
    act(&g, "lose", "who=2 amount=9");
    CU_ASSERT_STRING_EQUAL(get(&g, "over"), "failed");
    finish(&g);
}

static void test_buffs(void)
{
    game_run g;
    start(&g, 3);
    set(&g, "e1.plates", "5! 5!");
    act(&g, "spawn", "enemy=1");
    for (int c = 1; c <= 3; c++) {
        char args[48];
        snprintf(args, sizeof args, "who=%d enemy=1 pos=%d", c, c);
        act(&g, "position", args);
    }
    set(&g, "c3.a1", "delta=+0 effect=buff:2 r=-|-|-|-|-|-");
    set(&g, "c2.a1", "delta=+0 effect=buff:1 r=-|-|-|-|-|-");
    set(&g, "c1.a1", "delta=+0 r=4|4|4|4|4|4");
    roll(&g, "1");
    act(&g, "cast", "who=3 ability=1 ally=1");
    CU_ASSERT_EQUAL(num(&g, "c1.buff"), 2);
    roll(&g, "1");
    act(&g, "cast", "who=2 ability=1 ally=1");
    CU_ASSERT_EQUAL(num(&g, "c1.buff"), 1);      /* replaced, not 3 */
    roll(&g, "1");
    act(&g, "cast", "who=1 ability=1");
    CU_ASSERT_EQUAL(num(&g, "last.damage"), 5);  /* 4 + 1 */
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 2);
    CU_ASSERT_EQUAL(num(&g, "c1.buff"), 0);      /* used up */
    finish(&g);
}

static void test_plates(void)
{
    game_run g;
    /* normal: 3 or more, wounded 2 or more; several at once by their sum */
    duel(&g, "3/2 3/2 3/2 3/2", "1 1 1 1");
    act(&g, "deal", "who=1 amount=2");
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 1);
    act(&g, "wound", "who=1");
    CU_ASSERT_EQUAL(num(&g, "e1.wounded"), 1);
    act(&g, "deal", "who=1 amount=2");
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 2);
    CU_ASSERT_EQUAL(num(&g, "e1.wounded"), 0);   /* only for that plate */
    act(&g, "deal", "who=1 amount=6");
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 4);
    act(&g, "deal", "who=1 amount=3");
    CU_ASSERT_EQUAL(num(&g, "e1.defeated"), 1);
    CU_ASSERT_EQUAL(num(&g, "fight.over"), 1);
    finish(&g);
    /* exact, not woundable, sacrifices, must be wounded */
    duel(&g, "4! 3* LP SP V 2", "1 1 1 1");
    set(&g, "c2.sp", "1");
    act(&g, "wound", "who=2");
    act(&g, "deal", "who=2 amount=5");
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 1);
    act(&g, "deal", "who=2 amount=4");
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 2);
    act(&g, "wound", "who=2");
    act(&g, "deal", "who=2 amount=2");
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 2);
    act(&g, "deal", "who=2 amount=3");
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 3);
    CU_ASSERT_EQUAL(act(&g, "sacrifice", "who=1 kind=lp"), ENG_ILLEGAL);   /* not its turn */
    CU_ASSERT_EQUAL(act(&g, "sacrifice", "who=2 kind=sp"), ENG_ILLEGAL);   /* the plate wants LP */
    CU_ASSERT_EQUAL(act(&g, "sacrifice", "who=2 kind=lp"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "c2.lp"), 5);
    CU_ASSERT_EQUAL(act(&g, "sacrifice", "who=2 kind=sp"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "c2.sp"), 0);
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 5);
    act(&g, "deal", "who=2 amount=9");
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 5);
    act(&g, "wound", "who=2");
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 6);
    CU_ASSERT_EQUAL(num(&g, "e1.wounded"), 0);
    finish(&g);
}

/* The rules' two linked-plate examples, in both orders, and the reset. */
static void test_linked(void)
{
    game_run g;
    duel(&g, "[6+,LP] 3", "1 1 1 1");
    set(&g, "c1.a1", "delta=+0 r=6|6|6|6|6|6");
    CU_ASSERT_EQUAL(act(&g, "sacrifice", "who=2 kind=lp"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "e1.met"), 1);
    roll(&g, "4");
    set(&g, "c2.a1", "delta=+0 r=-|-|-|-|-|-");
    act(&g, "cast", "who=2 ability=1");
    roll(&g, "4");
    act(&g, "cast", "who=1 ability=1");
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 2);
    finish(&g);

    duel(&g, "[3+,4!] 3", "1 1 1 1");
    act(&g, "deal", "who=1 amount=4");           /* the exact 4 */
    act(&g, "deal", "who=2 amount=5");           /* at least 3 */
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 2);
    finish(&g);

    duel(&g, "[3+,4!] 3", "1 1 1 1");
    act(&g, "deal", "who=1 amount=3");
    CU_ASSERT_EQUAL(num(&g, "e1.met"), 1);
    act(&g, "round-start", "");
    CU_ASSERT_EQUAL(num(&g, "e1.met"), 0);       /* reset */
    act(&g, "deal", "who=2 amount=4");
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 1);
    finish(&g);
}

static void test_life_by_players(void)
{
    game_run g;
    long left[5];
    for (int n = 2; n <= 4; n++) {
        start(&g, n);
        set(&g, "e1.plates", "4p:3/2 3p:3/2 3/2 3/2");
        act(&g, "spawn", "enemy=1");
        left[n] = num(&g, "e1.left");
        finish(&g);
    }
    CU_ASSERT_EQUAL(left[2], 2);
    CU_ASSERT_EQUAL(left[3], 3);
    CU_ASSERT_EQUAL(left[4], 4);
    start(&g, 2);
    char err[256];
    CU_ASSERT_NOT_EQUAL(eng_set(g.st, "e1.plates", "3/2 4p:3/2", err, sizeof err), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "come first"));
    finish(&g);
}

/* After an enemy falls, a character who has not cast takes a new place. */
static void test_reposition_after_defeat(void)
{
    game_run g;
    start(&g, 3);
    set(&g, "e1.plates", "3");
    set(&g, "e2.plates", "99");
    act(&g, "spawn", "enemy=1");
    act(&g, "spawn", "enemy=2");
    act(&g, "position", "who=1 enemy=1 pos=3");
    act(&g, "position", "who=2 enemy=1 pos=1");
    act(&g, "position", "who=3 enemy=2 pos=2");
    set(&g, "c1.a1", "delta=+0 r=3|3|3|3|3|3");
    roll(&g, "1");
    act(&g, "cast", "who=1 ability=1");
    CU_ASSERT_EQUAL(num(&g, "e1.defeated"), 1);
    CU_ASSERT_EQUAL(num(&g, "c2.free"), 1);
    CU_ASSERT_EQUAL(num(&g, "c1.free"), 0);
    CU_ASSERT_EQUAL(act(&g, "position", "who=1 enemy=2 pos=1"), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(act(&g, "position", "who=2 enemy=2 pos=3"), ENG_OK);
    CU_ASSERT_EQUAL(num(&g, "current"), 2);      /* P3 now, before P2 */
    finish(&g);
}

static void test_specs_round_trip(void)
{
    game_run g;
    start(&g, 2);
    set(&g, "c1.a2", "delta=-1 effect=buff:1,heal:2 r=2|T/2|3|T|4/T|V/LP shade=2:+1,3:+2");
    CU_ASSERT_STRING_EQUAL(get(&g, "c1.a2"), "delta=-1 effect=buff:1,heal:2 r=2|T/2|3|T|4/T|V/LP shade=2:+1,3:+2");
    set(&g, "e1.plates", "3p:3/2 4! 3* LP SP V [6+,LP] [3+,4!] 2");
    CU_ASSERT_STRING_EQUAL(get(&g, "e1.plates"), "3p:3/2 4! 3* LP SP V [6+,LP] [3+,4!] 2");
    char err[256];
    static const char *const bad[] = {"r=1|2|3", "delta=+1", "r=1|2|3|4|5|X", "r=1|2|3|4|5|6 bogus=1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CU_ASSERT_NOT_EQUAL(eng_set(g.st, "c1.a1", bad[i], err, sizeof err), 0);
    CU_ASSERT_NOT_EQUAL(eng_set(g.st, "e1.plates", "3/4", err, sizeof err), 0);
    CU_ASSERT_NOT_EQUAL(eng_set(g.st, "e1.plates", "[6+]", err, sizeof err), 0);
    CU_ASSERT_NOT_EQUAL(eng_set(g.st, "players", "5", err, sizeof err), 0);
    finish(&g);
}

/* The notation's refusals, each at the edge of what is accepted: no scenario
 * can expect a refusal (a bad set fails it as a content error), so the
 * mutants of these bounds are killed here, not by `check`. */
static void test_notation_refusals(void)
{
    game_run g;
    start(&g, 2);
    char err[256], long_spec[420];
    memset(long_spec, ' ', 401);    /* 401 characters, the ability at the end */
    snprintf(long_spec + 401 - 13, sizeof long_spec - (401 - 13), "r=1|1|1|1|1|1");
    static const struct { const char *key, *ok, *bad; } edges[] = {
        {"c1.a1", "effect=heal:99 r=1|1|1|1|1|1", "effect=heal:100 r=1|1|1|1|1|1"},
        {"c1.a1", "effect=heal:0 r=1|1|1|1|1|1", "effect=heal:-1 r=1|1|1|1|1|1"},
        {"c1.a1", "r=99|1|1|1|1|1", "r=100|1|1|1|1|1"},
        {"c1.a1", "r=LP|1|1|1|1|1", "r=lp|1|1|1|1|1"},
        {"c1.a1", "r=SP|1|1|1|1|1", "r=sp|1|1|1|1|1"},
        {"c1.a1", "effect=dmg:1 r=1|1|1|1|1|1", "r=dmg:1|1|1|1|1|1"},
        {"c1.a1", "effect=buff:1 r=1|1|1|1|1|1", "r=buff:1|1|1|1|1|1"},
        {"c1.a1", "effect=heal:1 r=1|1|1|1|1|1", "r=heal:1|1|1|1|1|1"},
        {"c1.a1", "effect=shield:1 r=1|1|1|1|1|1", "r=shield:1|1|1|1|1|1"},
        {"c1.a1", "r=T|1|1|1|1|1", "r=T:1|1|1|1|1|1"},
        {"c1.a1", "r=1|1|1|1|1|1", "rx=1|1|1|1|1|1"},
        {"c1.a1", "r=1|1|1|1|1|1 shade=2:+1", "r=1|1|1|1|1|1 shade=2:+1x"},
        {"c1.a1", "r=1|1|1|1|1|1 shade=-20:99", "r=1|1|1|1|1|1 shade=-21:1"},
        {"e1.plates", "[1+,LP]", "[0+,LP]"},
        {"e1.plates", "[99!,LP]", "[100!,LP]"},
        {"e1.plates", "2p:3", "1p:3"},
        {"e1.plates", "3/1", "3/0"},
        {"e1.plates", "1", "0"},
        {"e1.plates", "99", "100"},
        {"e1.plates", "99*", "100*"},
        {"e1.plates", "000000000000000000000000000000000000003", "0000000000000000000000000000000000000003"},
        /* numbers past int: refused, never wrapped (sscanf's overflow was undefined) */
        {"e1.plates", "3/1", "4294967299/1"},
        {"e1.plates", "3/1", "3/4294967297"},
        {"e1.plates", "99!", "99999999999999999999!"},
        {"c1.a1", "r=1|1|1|1|1|1 shade=2:+1", "r=1|1|1|1|1|1 shade=4294967298:+1"},
        {"c1.a1", "r=1|1|1|1|1|1 shade=2:+1", "r=1|1|1|1|1|1 shade=2:+4294967297"},
        {"fields", "dmg:2", "dmg:4294967298"},
        {"fields", "+1", "+4294967297"},
        {"fields", "until:1 until:4", "until:0"},
        {"fields", "until:4", "until:5"},
        {"fields", "+1 +4", "+5"},
        {"fields", "dmg:99", "dmg:100"},
    };
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        CU_ASSERT_EQUAL(eng_set(g.st, edges[i].key, edges[i].ok, err, sizeof err), 0);
        CU_ASSERT_NOT_EQUAL(eng_set(g.st, edges[i].key, edges[i].bad, err, sizeof err), 0);
    }
    CU_ASSERT_NOT_EQUAL(eng_set(g.st, "c1.a1", long_spec, err, sizeof err), 0);
    memset(long_spec, ' ', 400);
    snprintf(long_spec + 400 - 13, sizeof long_spec - (400 - 13), "r=1|1|1|1|1|1");
    CU_ASSERT_EQUAL(eng_set(g.st, "c1.a1", long_spec, err, sizeof err), 0);
    finish(&g);
}

/* ---- AI procedures and whole fights -------------------------------------------------- */

typedef struct ai_ctx {
    const eng_ai *ai;
    long states;
    int bad, failed;
    int seen[32];
    int values[8][4];
} ai_ctx;

static int visit(const eng_state *st, void *data)
{
    ai_ctx *c = data;
    c->states++;
    eng_state *cp = eng_state_copy(st);
    eng_record rec;
    if (!cp || eng_record_run(c->ai, cp, &rec) != 0 || rec.ntrace <= 0 || rec.unknown)
        c->bad++;
    /* decisions taken where they stand see the state the run ended in */
    for (size_t p = 0; p < c->ai->npreds; p++) {
        const eng_pred *pr = &c->ai->preds[p];
        int v = pr->eval_at ? (rec.prev ? pr->eval_at(st, rec.prev) : -1) : pr->eval(st);
        if (v < 0 || v >= pr->nvalues)
            c->bad++;
        else
            c->values[p][v] = 1;
    }
    if (rec.failed && c->failed++ == 0)
        fprintf(stderr, "%s: step %s failed its postcondition\n", c->ai->id, rec.failed);
    for (int i = 0; i < rec.ntrace; i++)
        for (size_t k = 0; k < c->ai->noutcomes; k++)
            if (strcmp(c->ai->outcomes[k].id, rec.trace[i]) == 0)
                c->seen[k] = 1;
    eng_record_free(&rec);
    eng_state_free(cp);
    return 0;
}

static void test_ais(void)
{
    CU_ASSERT_EQUAL(G->nais, 2);
    for (size_t a = 0; a < G->nais; a++) {
        ai_ctx c;
        memset(&c, 0, sizeof c);
        c.ai = &G->ais[a];
        long n = G->ais[a].enumerate(G, 1, visit, &c);
        CU_ASSERT(n > 0);
        CU_ASSERT_EQUAL(n, c.states);
        CU_ASSERT_EQUAL(c.bad, 0);
        CU_ASSERT_EQUAL(c.failed, 0);
        for (size_t k = 0; k < G->ais[a].noutcomes; k++) {
            if (!c.seen[k])
                fprintf(stderr, "%s: outcome %s never reached\n", G->ais[a].id, G->ais[a].outcomes[k].id);
            CU_ASSERT(c.seen[k]);
        }
        for (size_t p = 0; p < G->ais[a].npreds; p++) {   /* every predicate both ways */
            if (!c.values[p][0] || !c.values[p][1])
                fprintf(stderr, "%s: predicate %s one-sided\n", G->ais[a].id, G->ais[a].preds[p].id);
            CU_ASSERT(c.values[p][0] && c.values[p][1]);
        }
    }
}

/* Wrong procedures under the right outcome ids: their steps fail. */
static int wrong_power_first(eng_state *st)
{
    char err[128];
    /* the power is adjusted by hand before "the effect": a cast whose
     * effect step shows the power already moved */
    eng_set(st, "c2.power", "2", err, sizeof err);
    eng_step(st, "noxius.cast.effect");
    return 0;
}

static int wrong_ko_goes_on(eng_state *st)
{
    char err[128];
    /* T/2 with 1 LP: knocked out by the T, and the 2 is dealt all the same */
    eng_rng_force(eng_state_rng(st), eng_find_die(G, "d6"), "1");
    eng_act(st, "roll", NULL, err, sizeof err);
    eng_step(st, "noxius.cast.roll");
    eng_act(st, "hit", "who=2", err, sizeof err);
    eng_act(st, "lose", "who=2 amount=9 kind=lp", err, sizeof err);
    eng_set(st, "c2.ko", "1", err, sizeof err);
    eng_act(st, "deal", "who=1 amount=2", err, sizeof err);
    eng_step(st, "noxius.cast.results");
    return 0;
}

static void test_wrong_steps_fail(void)
{
    const eng_ai *cast = eng_find_ai(G, "noxius.cast");
    CU_ASSERT_PTR_NOT_NULL_FATAL(cast);
    eng_ai wrong = *cast;
    game_run g;
    duel(&g, "3/2 3/2", "1 1 1 1");
    set(&g, "ai.who", "2");
    set(&g, "c2.a1", "delta=+1 effect=sp:1 r=T/2|T/2|T/2|T/2|T/2|T/2");
    eng_record rec;
    wrong.run = wrong_power_first;
    CU_ASSERT_EQUAL(eng_record_run(&wrong, g.st, &rec), 0);
    CU_ASSERT_PTR_NOT_NULL(rec.failed);
    if (rec.failed)
        CU_ASSERT_STRING_EQUAL(rec.failed, "noxius.cast.effect");
    eng_record_free(&rec);
    finish(&g);

    duel(&g, "3/2 3/2", "1 1 1 1");
    set(&g, "ai.who", "2");
    set(&g, "c2.a1", "delta=+0 r=T/2|T/2|T/2|T/2|T/2|T/2");
    set(&g, "c2.lp", "1");
    wrong.run = wrong_ko_goes_on;
    CU_ASSERT_EQUAL(eng_record_run(&wrong, g.st, &rec), 0);
    CU_ASSERT_PTR_NOT_NULL(rec.failed);
    if (rec.failed)
        CU_ASSERT_STRING_EQUAL(rec.failed, "noxius.cast.results");
    eng_record_free(&rec);
    finish(&g);

    /* and the engine's own procedure passes on the same state */
    duel(&g, "3/2 3/2", "1 1 1 1");
    set(&g, "ai.who", "2");
    set(&g, "c2.a1", "delta=+0 r=T/2|T/2|T/2|T/2|T/2|T/2");
    set(&g, "c2.lp", "1");
    roll(&g, "1");
    CU_ASSERT_EQUAL(eng_record_run(cast, g.st, &rec), 0);
    CU_ASSERT_PTR_NULL(rec.failed);
    CU_ASSERT_EQUAL(num(&g, "c2.ko"), 1);
    CU_ASSERT_EQUAL(num(&g, "e1.plate"), 1);
    eng_record_free(&rec);
    finish(&g);
}

static void count_event(void *ctx, const eng_event *ev)
{
    (void)ev;
    (*(int *)ctx)++;
}

/* The simulated players play fights to their end, the same way each time. */
static void test_auto_fight(void)
{
    long rounds[2] = {0, 0};
    int events[2] = {0, 0};
    for (int run = 0; run < 2; run++) {
        game_run g;
        start(&g, 3);
        for (int c = 1; c <= 3; c++) {
            char key[16];
            snprintf(key, sizeof key, "c%d.a1", c);
            set(&g, key, "delta=+1 r=2|3|T/2|4/T|T|V");
            snprintf(key, sizeof key, "c%d.a2", c);
            set(&g, key, "delta=-1 r=1|LP|SP|2|3|T/3");
        }
        set(&g, "e1.plates", "4p:3/2 3/2 4! [4+,LP] 3/2");
        set(&g, "e1.damage", "1 1 2 2");
        set(&g, "e2.plates", "3* V 3/2");
        set(&g, "e2.damage", "1 2 2 3");
        act(&g, "spawn", "enemy=1");
        act(&g, "spawn", "enemy=2");
        eng_listen(g.st, count_event, &events[run]);
        long r = 0;
        while (r < 60 && !num(&g, "fight.over") && strcmp(get(&g, "over"), "none") == 0) {
            CU_ASSERT_EQUAL(act(&g, "auto-round", ""), ENG_OK);
            r++;
        }
        CU_ASSERT(r < 60);
        CU_ASSERT(num(&g, "fight.over") == 1 || strcmp(get(&g, "over"), "failed") == 0);
        CU_ASSERT(num(&g, "log.turn") > 0);
        rounds[run] = r;
        finish(&g);
    }
    CU_ASSERT_EQUAL(rounds[0], rounds[1]);
    CU_ASSERT_EQUAL(events[0], events[1]);
    CU_ASSERT(events[0] > 10);
}

/* The simulator slot: a fight as the file's elements give it. */
static void test_sim_slot(void)
{
    const eng_sim *sim = G->sim;
    CU_ASSERT_PTR_NOT_NULL_FATAL(sim);
    game_run g;
    g.st = eng_state_new(G, 1);
    char err[256] = "";
    eng_kv root[] = {{"game", "noxius"}, {"rounds", "10"}, {"#character", "2"}, {"#enemy", "2"}};
    eng_kv aria[] = {{"name", "Aria"}, {"lp", "6"}, {"scale", "0 6"}};
    eng_kv hieb[] = {{"name", "Hieb"}, {"power", "0"}, {"results", "3|3|3|3|3|3"}};
    eng_kv bren[] = {{"name", "Bren"}, {"lp", "5"}, {"scale", "0 5"}, {"pays", "lp-first"}};
    eng_kv ratte[] = {{"name", "Ratte"}, {"round", "1"}, {"damage", "1 1 1 1"}, {"plates", "3/2 3/2"}};
    eng_kv ratte2[] = {{"name", "Ratte"}, {"round", "2"}, {"damage", "1 1 1 1"}, {"plates", "3/2"}};
    CU_ASSERT_EQUAL(eng_sim_setup(g.st, sim, "fight", (const int[]){0, 0}, root, 4, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_sim_setup(g.st, sim, "character", (const int[]){1, 0}, aria, 3, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_sim_setup(g.st, sim, "ability", (const int[]){1, 1}, hieb, 3, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_sim_setup(g.st, sim, "character", (const int[]){2, 0}, bren, 4, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_sim_setup(g.st, sim, "ability", (const int[]){2, 1}, hieb, 3, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_sim_setup(g.st, sim, "enemy", (const int[]){1, 0}, ratte, 4, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_sim_setup(g.st, sim, "enemy", (const int[]){2, 0}, ratte2, 4, err, sizeof err), 0);
    CU_ASSERT_EQUAL(num(&g, "players"), 2);
    CU_ASSERT_STRING_EQUAL(get(&g, "c2.name"), "Bren");
    CU_ASSERT_EQUAL(num(&g, "c2.sp-first"), 0);
    CU_ASSERT_STRING_EQUAL(get(&g, "c1.a2"), "");          /* the stand-ins went */
    CU_ASSERT_STRING_EQUAL(get(&g, "c1.a1.name"), "Hieb");
    CU_ASSERT_EQUAL(num(&g, "e2.round"), 2);
    CU_ASSERT_EQUAL(num(&g, "e2.present"), 0);
    CU_ASSERT_EQUAL(sim->round(g.st), 0);
    CU_ASSERT_EQUAL(num(&g, "e1.defeated"), 1);             /* two 3s: both plates */
    CU_ASSERT_EQUAL(num(&g, "e2.present"), 0);
    char res[64];
    sim->result(g.st, res, sizeof res);
    CU_ASSERT_STRING_EQUAL(res, "undecided");
    CU_ASSERT_EQUAL(sim->round(g.st), 1);                   /* the second rat appears and falls */
    sim->result(g.st, res, sizeof res);
    CU_ASSERT_STRING_EQUAL(res, "won");
    CU_ASSERT_STRING_EQUAL(get(&g, "fight.result"), "won");
    /* the file's mistakes, as the old command reported them */
    eng_kv bad_scale[] = {{"name", "X"}, {"lp", "6"}, {"scale", "3 1"}};
    CU_ASSERT_NOT_EQUAL(eng_sim_setup(g.st, sim, "character", (const int[]){1, 0}, bad_scale, 3, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(err, "scale=\"3 1\": c1.thigh must be above c1.tlow (3)");
    eng_kv bad_power[] = {{"name", "X"}, {"lp", "6"}, {"scale", "0 3"}, {"power", "5"}};
    CU_ASSERT_NOT_EQUAL(eng_sim_setup(g.st, sim, "character", (const int[]){1, 0}, bad_power, 4, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(err, "power=\"5\": c1.power must be below c1.thigh (3)");
    eng_kv late[] = {{"name", "Wolf"}, {"round", "11"}, {"damage", "1 1 1 1"}, {"plates", "3"}};
    CU_ASSERT_NOT_EQUAL(eng_sim_setup(g.st, sim, "enemy", (const int[]){1, 0}, late, 4, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(err, "round=\"11\": e1.round must be at most fight.rounds (10)");
    /* damage values are bounded: no overflow in the players' choice of place */
    eng_kv huge[] = {{"name", "Wolf"}, {"round", "1"}, {"damage", "134217728 0 0 0"}, {"plates", "3"}};
    CU_ASSERT_NOT_EQUAL(eng_sim_setup(g.st, sim, "enemy", (const int[]){1, 0}, huge, 4, err, sizeof err), 0);
    CU_ASSERT_NOT_EQUAL(eng_set(g.st, "e1.damage", "1 1 1 100", err, sizeof err), 0);
    CU_ASSERT_NOT_EQUAL(eng_set(g.st, "e1.damage", "1 1 1 -1", err, sizeof err), 0);
    CU_ASSERT_NOT_EQUAL(eng_set(g.st, "e1.plates", "2147483647/2", err, sizeof err), 0);
    finish(&g);
}

/* Every key of the table resolves for every index, reads, and writes back
 * what it read. */
static void test_keys_round_trip(void)
{
    game_run g;
    start(&g, 4);
    for (size_t i = 0; i < G->nkeys; i++) {
        const eng_key *k = &G->keys[i];
        int n0 = k->nmax[0] ? k->nmax[0] : 1, n1 = k->nmax[1] ? k->nmax[1] : 1;
        for (int a = 1; a <= n0; a++)
            for (int b = 1; b <= n1; b++) {
                char key[64], v[512], err[256], back[512];
                size_t u = 0;
                int idx = 0;
                for (const char *p = k->pattern; *p && u < sizeof key - 4; p++)
                    if (*p == 'N' || *p == 'M')
                        u += (size_t)snprintf(key + u, sizeof key - u, "%d", idx++ ? b : a);
                    else
                        key[u++] = *p;
                key[u] = '\0';
                int rc = eng_get(g.st, key, v, sizeof v, err, sizeof err);
                if (rc != 0)
                    fprintf(stderr, "%s: %s\n", key, err);
                CU_ASSERT_EQUAL(rc, 0);
                int ro = eng_key_read_only(k);
                if (ro) {
                    CU_ASSERT_NOT_EQUAL(eng_set(g.st, key, v, err, sizeof err), 0);
                    continue;
                }
                rc = eng_set(g.st, key, v, err, sizeof err);
                if (rc != 0)
                    fprintf(stderr, "%s = %s: %s\n", key, v, err);
                CU_ASSERT_EQUAL(rc, 0);
                CU_ASSERT_EQUAL(eng_get(g.st, key, back, sizeof back, err, sizeof err), 0);
                CU_ASSERT_STRING_EQUAL(back, v);
            }
    }
    /* the counted events are keys too */
    CU_ASSERT_EQUAL(num(&g, "log.hit"), 0);
    CU_ASSERT_EQUAL(num(&g, "log.first.roll"), 0);
    finish(&g);
}

static void test_api_errors(void)
{
    game_run g;
    start(&g, 2);
    char err[256];
    CU_ASSERT_EQUAL(act(&g, "fly", ""), ENG_ERROR);
    CU_ASSERT_EQUAL(act(&g, "cast", "who=3 ability=1"), ENG_ERROR);
    CU_ASSERT_EQUAL(act(&g, "spawn", ""), ENG_ERROR);
    CU_ASSERT_EQUAL(act(&g, "start", "players=5"), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(act(&g, "cast", "who=2 ability=5"), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(act(&g, "lose", "who=1 amount=1 kind=lp pay=sp"), ENG_ILLEGAL);
    CU_ASSERT_NOT_EQUAL(eng_set(g.st, "c9.lp", "1", err, sizeof err), 0);
    CU_ASSERT_NOT_EQUAL(eng_set(g.st, "e1.left", "1", err, sizeof err), 0);
    CU_ASSERT_NOT_EQUAL(eng_get(g.st, "bogus", err, sizeof err, err, sizeof err), 0);
    finish(&g);
}

/* declared here for -Wmissing-prototypes; tests/main.c finds it by name */
void suite_eng_noxius(void);
void suite_eng_noxius(void)
{
    CU_pSuite s = CU_add_suite("eng_noxius", NULL, NULL);
    CU_add_test(s, "every probe acts and measures the rule values", test_facts_measure);
    CU_add_test(s, "positions per player count, exclusive, the two wolves", test_positions);
    CU_add_test(s, "turn order from the highest position", test_turn_order);
    CU_add_test(s, "power scale: T fields, crossing", test_power_scale);
    CU_add_test(s, "[T/2] and [4/T]", test_roll_examples);
    CU_add_test(s, "effect first, shaded power held", test_effect_and_shade);
    CU_add_test(s, "LP, SP, knock-out, mission failed", test_lp_sp_ko);
    CU_add_test(s, "buffs replaced and used up", test_buffs);
    CU_add_test(s, "every kind of life plate", test_plates);
    CU_add_test(s, "linked plates", test_linked);
    CU_add_test(s, "enemy life by player count", test_life_by_players);
    CU_add_test(s, "new place after an enemy falls", test_reposition_after_defeat);
    CU_add_test(s, "ability and plate specs", test_specs_round_trip);
    CU_add_test(s, "notation refusals", test_notation_refusals);
    CU_add_test(s, "AI procedures on every enumerated state, every step's postcondition", test_ais);
    CU_add_test(s, "a wrong step under the right outcome fails", test_wrong_steps_fail);
    CU_add_test(s, "whole fights, reproducible", test_auto_fight);
    CU_add_test(s, "the simulator slot", test_sim_slot);
    CU_add_test(s, "every key resolves and round-trips", test_keys_round_trip);
    CU_add_test(s, "API errors", test_api_errors);
}
