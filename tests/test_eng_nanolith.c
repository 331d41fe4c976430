/* test_eng_nanolith.c — the Nanolith engine through the public engine API
 * (eng.h): its facts, the rules as behaviour, its AI procedures checked by
 * their steps' postconditions, keys that round-trip. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eng_nanolith.h"

static const eng_game *G = &eng_nanolith_game;

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
    CU_ASSERT(actions > 0);
    return v;
}

static eng_state *fresh(int players)
{
    char err[128], args[32];
    eng_state *st = eng_state_new(G, 3);
    CU_ASSERT_PTR_NOT_NULL_FATAL(st);
    snprintf(args, sizeof args, "players=%d", players);
    CU_ASSERT_EQUAL(eng_act(st, "start", args, err, sizeof err), ENG_OK);
    return st;
}

static void set(eng_state *st, const char *key, const char *value)
{
    char err[256] = "";
    int rc = eng_set(st, key, value, err, sizeof err);
    if (rc)
        fprintf(stderr, "set %s=%s: %s\n", key, value, err);
    CU_ASSERT_EQUAL(rc, 0);
}

static long num(const eng_state *st, const char *key)
{
    long v = -999;
    char err[256];
    CU_ASSERT_EQUAL(eng_get_long(st, key, &v, err, sizeof err), 0);
    return v;
}

static int act(eng_state *st, const char *action, const char *args)
{
    char err[256];
    return eng_act(st, action, args, err, sizeof err);
}

static void force(eng_state *st, const char *faces)
{
    for (const char *q = faces; *q; q++) {
        char f[2] = {*q, 0};
        CU_ASSERT_EQUAL(eng_rng_force(eng_state_rng(st), eng_find_die(G, "d6"), f), 0);
    }
}

static void test_facts(void)
{
    static const struct { const char *id; long v; } want[] = {
        {"nanolith.players.min", 1}, {"nanolith.players.max", 4}, {"nanolith.round.phases", 4},
        {"nanolith.round.no-marker", 1}, {"nanolith.status.stress-drop", 2}, {"nanolith.status.stress-dir", 1},
        {"nanolith.stress.action-one", 1}, {"nanolith.shock.field", -1}, {"nanolith.shock.damage", 2},
        {"nanolith.shock.cube", 1}, {"nanolith.manipulate.low", 1}, {"nanolith.manipulate.high", 6},
        {"nanolith.cards.abilities", 3}, {"nanolith.cards.items", 4}, {"nanolith.range.ring-two", 16},
        {"nanolith.sidekick.programs", 4}, {"nanolith.activation.last-die", -1}, {"nanolith.out.last-damage", -1},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        long v = fact(want[i].id);
        if (v != want[i].v)
            fprintf(stderr, "%s = %ld, want %ld\n", want[i].id, v, want[i].v);
        CU_ASSERT_EQUAL(v, want[i].v);
    }
    for (size_t i = 0; i < G->nfacts; i++)
        (void)fact(G->facts[i].id);
}

/* The source's example: a printed triple 3 takes a triple 4, 5, 6. */
static void test_dice_pattern(void)
{
    for (int f = 1; f <= 6; f++) {
        eng_state *st = fresh(1);
        char faces[8];
        snprintf(faces, sizeof faces, "%d%d%d6", f, f, f);
        force(st, faces);
        CU_ASSERT_EQUAL(act(st, "roll", "who=1"), ENG_OK);
        CU_ASSERT_EQUAL(act(st, "use", "who=1 card=1 dice=123"), f >= 3 ? ENG_OK : ENG_ILLEGAL);
        eng_state_free(st);
    }
    /* a pair of 2 and a 5 printed: 4 4 and 5 pay it, 4 5 6 does not (no pair) */
    eng_state *st = fresh(1);
    set(st, "c1.ab1", "225");
    force(st, "4456");
    act(st, "roll", "who=1");
    CU_ASSERT_EQUAL(act(st, "use", "who=1 card=1 dice=234"), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(act(st, "use", "who=1 card=1 dice=123"), ENG_OK);
    eng_state_free(st);
}

static void test_nanoshock(void)
{
    eng_state *st = fresh(1);
    set(st, "c1.cube", "5");
    set(st, "c1.stress", "3");
    CU_ASSERT_EQUAL(act(st, "stress", "who=1 amount=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "c1.stress"), 0);
    CU_ASSERT_EQUAL(num(st, "c1.damage"), 2);
    CU_ASSERT_EQUAL(num(st, "c1.shock"), 1);
    CU_ASSERT_EQUAL(num(st, "c1.cube"), 4);
    /* the nanoshock action: no dice, the marker off */
    set(st, "e1.present", "1");
    set(st, "e1.x", "1");
    set(st, "e1.y", "1");
    force(st, "222");
    CU_ASSERT_EQUAL(act(st, "attack", "who=1 enemy=1 nanoshock=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "c1.shock"), 0);
    CU_ASSERT_EQUAL(act(st, "attack", "who=1 enemy=1 nanoshock=1"), ENG_ILLEGAL);
    eng_state_free(st);
}

static void test_activation(void)
{
    eng_state *st = fresh(2);
    force(st, "3333");
    act(st, "roll", "who=1");
    force(st, "3333");
    act(st, "roll", "who=2");
    CU_ASSERT_EQUAL(act(st, "move", "who=1 dice=1 x=1 y=4"), ENG_OK);
    CU_ASSERT_EQUAL(act(st, "move", "who=2 dice=1 x=2 y=1"), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(act(st, "move", "who=1 dice=2 x=2 y=1"), ENG_ILLEGAL);   /* 4 fields for a 3 */
    CU_ASSERT_EQUAL(act(st, "manipulate", "who=1 die=3 dir=down"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "c1.d3"), 2);
    CU_ASSERT_EQUAL(num(st, "c1.stress"), 1);
    CU_ASSERT_EQUAL(act(st, "end", "who=1"), ENG_OK);
    CU_ASSERT_EQUAL(act(st, "move", "who=1 dice=3 x=1 y=2"), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(act(st, "move", "who=2 dice=1 x=2 y=1"), ENG_OK);
    eng_state_free(st);
}

static void test_reinforcement(void)
{
    eng_state *st = fresh(1);
    for (int e = 1; e <= 4; e++) {
        char key[16];
        snprintf(key, sizeof key, "e%d.reserve", e);
        set(st, key, "1");
    }
    set(st, "x1.type", "1");
    set(st, "x1.cost", "3");
    set(st, "vp", "7");
    force(st, "6666");
    act(st, "status", "start=1");
    act(st, "end-actions", NULL);
    force(st, "12");
    CU_ASSERT_EQUAL(act(st, "reinforce", NULL), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "log.reinforce"), 2);
    CU_ASSERT_EQUAL(num(st, "c1.stress"), 1);
    CU_ASSERT_EQUAL(num(st, "vp"), 0);
    CU_ASSERT_EQUAL(num(st, "init1"), 1);
    CU_ASSERT_EQUAL(num(st, "init2"), 2);
    eng_state_free(st);
}

typedef struct ai_ctx {
    const eng_ai *ai;
    long runs, failed;
} ai_ctx;

static int visit(const eng_state *st, void *ctx)
{
    ai_ctx *c = ctx;
    eng_state *cp = eng_state_copy(st);
    eng_record rec;
    if (!cp)
        return 1;
    int rc = eng_record_run(c->ai, cp, &rec);
    c->runs++;
    if (rc != 0 || rec.failed || rec.unknown) {
        char d[512] = "";
        if (c->ai->describe)
            c->ai->describe(st, d, sizeof d);
        fprintf(stderr, "%s: %s failed on %s\n", c->ai->id, rec.failed ? rec.failed : "?", d);
        c->failed++;
    }
    eng_record_free(&rec);
    eng_state_free(cp);
    return 0;
}

static void test_ais(void)
{
    for (size_t i = 0; i < G->nais; i++) {
        ai_ctx c = {&G->ais[i], 0, 0};
        long n = G->ais[i].enumerate(G, 1, visit, &c);
        CU_ASSERT(n > 0);
        CU_ASSERT_EQUAL(c.failed, 0);
    }
}

/* A step that did not happen fails its outcome's postcondition. */
static void test_wrong_step(void)
{
    const eng_ai *ai = eng_find_ai(G, "nanolith.nanoshock");
    CU_ASSERT_PTR_NOT_NULL_FATAL(ai);
    const eng_outcome *cube = eng_find_outcome(ai, "nanolith.shock.cube");
    CU_ASSERT_PTR_NOT_NULL_FATAL(cube);
    eng_state *b = fresh(1), *a;
    set(b, "ai.who", "1");
    set(b, "c1.cube", "6");
    a = eng_state_copy(b);
    set(a, "c1.stress", "0");
    CU_ASSERT_EQUAL(cube->post(b, a), 0);      /* the cube stayed */
    set(a, "c1.cube", "5");
    CU_ASSERT_EQUAL(cube->post(b, a), 1);
    eng_state_free(a);
    eng_state_free(b);
}

static void test_keys(void)
{
    eng_state *st = fresh(2);
    static const char *const keys[][2] = {
        {"c2.ab3", "3356"}, {"c1.cost", "44"}, {"blk3.7", "1"}, {"mark8.8", "1"}, {"e8.kind", "hacking"},
        {"c2.border10", "1"}, {"c1.d8", "6"}, {"sp6.y", "2"}, {"x4.cost", "9"}, {"profile.cost", "66"},
        {"sidekick.cost", "5"}, {"c1.act", "done"}, {"phase", "enemies"},
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char buf[64], err[128];
        set(st, keys[i][0], keys[i][1]);
        CU_ASSERT_EQUAL(eng_get(st, keys[i][0], buf, sizeof buf, err, sizeof err), 0);
        CU_ASSERT_STRING_EQUAL(buf, keys[i][1]);
    }
    char err[128];
    CU_ASSERT_NOT_EQUAL(eng_set(st, "c1.ab1", "337", err, sizeof err), 0);
    CU_ASSERT_NOT_EQUAL(eng_set(st, "sight1.1", "1", err, sizeof err), 0);
    eng_state_free(st);
}

/* declared here for -Wmissing-prototypes; tests/main.c finds it by name */
/* A character beyond players= is an argument error, refused by eng_act
 * through the players key's bounds before the action runs (who= and by=),
 * and the state is left as it was. */
static void test_players_bound(void)
{
    eng_state *st = fresh(2);
    CU_ASSERT_EQUAL(act(st, "stress", "who=2 amount=1"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "c2.stress"), 1);
    CU_ASSERT_EQUAL(act(st, "stress", "who=3 amount=1"), ENG_ERROR);
    CU_ASSERT_EQUAL(num(st, "c3.stress"), 0);
    CU_ASSERT_EQUAL(act(st, "roll", "who=4"), ENG_ERROR);
    set(st, "c1.out", "1");
    CU_ASSERT_EQUAL(act(st, "revive", "who=1 by=3"), ENG_ERROR);
    CU_ASSERT_EQUAL(num(st, "c1.out"), 1);
    CU_ASSERT_EQUAL(act(st, "revive", "who=1 by=2"), ENG_OK);
    CU_ASSERT_EQUAL(num(st, "c1.out"), 0);
    eng_state_free(st);
}

void suite_eng_nanolith(void);
void suite_eng_nanolith(void)
{
    CU_pSuite s = CU_add_suite("eng_nanolith", NULL, NULL);
    CU_add_test(s, "every probe acts and measures the rule values", test_facts);
    CU_add_test(s, "dice patterns are minimum requirements", test_dice_pattern);
    CU_add_test(s, "the nanoshock and the nanoshock action", test_nanoshock);
    CU_add_test(s, "activation, manipulation, ending early", test_activation);
    CU_add_test(s, "extra reinforcement, leftover VP, initiative", test_reinforcement);
    CU_add_test(s, "AI procedures on every enumerated state", test_ais);
    CU_add_test(s, "a wrong step fails its postcondition", test_wrong_step);
    CU_add_test(s, "keys round-trip", test_keys);
    CU_add_test(s, "who= and by= are bounded by players=", test_players_bound);
}
