/* test_eng_sinetempore.c — the Sine Tempore engine through the public
 * engine API only (eng_state_new, eng_set, eng_get*, eng_act, eng_measure,
 * eng_record_run): the rules as behaviour, facts that act, keys that round-
 * trip, and procedures whose wrong step fails its postcondition. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eng_sinetempore.h"

static const eng_game *const ST = &eng_sinetempore_game;

/* ---- a small driver ------------------------------------------------------------ */

typedef struct table {
    eng_state *st;
    char err[256];
} table;

static void table_open(table *t, uint64_t seed)
{
    t->st = eng_state_new(ST, seed);
    t->err[0] = '\0';
    CU_ASSERT_PTR_NOT_NULL_FATAL(t->st);
}

static void table_close(table *t)
{
    eng_state_free(t->st);
    t->st = NULL;
}

/* Sets "key=value key=value" in one go. */
static void put(table *t, const char *pairs)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", pairs);
    for (char *save = NULL, *kv = strtok_r(buf, " ", &save); kv; kv = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(kv, '=');
        CU_ASSERT_PTR_NOT_NULL_FATAL(eq);
        *eq = '\0';
        int rc = eng_set(t->st, kv, eq + 1, t->err, sizeof t->err);
        if (rc != 0)
            fprintf(stderr, "set %s=%s: %s\n", kv, eq + 1, t->err);
        CU_ASSERT_EQUAL(rc, 0);
    }
}

static long val(table *t, const char *key)
{
    long v = -12345;
    int rc = eng_get_long(t->st, key, &v, t->err, sizeof t->err);
    if (rc != 0)
        fprintf(stderr, "get %s: %s\n", key, t->err);
    CU_ASSERT_EQUAL(rc, 0);
    return v;
}

static int play(table *t, const char *action, const char *args)
{
    return eng_act(t->st, action, args, t->err, sizeof t->err);
}

static void must(table *t, const char *action, const char *args)
{
    int rc = play(t, action, args);
    if (rc != ENG_OK)
        fprintf(stderr, "%s %s: %s\n", action, args ? args : "", t->err);
    CU_ASSERT_EQUAL(rc, ENG_OK);
}

static void dice(table *t, const char *face)
{
    const eng_die *d = eng_find_die(ST, "action");
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_EQUAL(eng_rng_force(eng_state_rng(t->st), d, face), 0);
}

/* hero 1 alone at 6,12, sector 1, the hand on sector 1 */
static void lone_hero(table *t, uint64_t seed)
{
    table_open(t, seed);
    put(t, "h1.in=1 h1.x=6 h1.y=12");
}

/* ---- facts and keys ---------------------------------------------------------------- */

static long measured(const char *id)
{
    const eng_fact *f = eng_find_fact(ST, id);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    long v = -999, n = 0;
    char why[512] = "";
    CU_ASSERT_EQUAL(eng_measure(ST, f, &v, &n, why, sizeof why), 0);
    return v;
}

static void test_facts_act(void)
{
    for (size_t i = 0; i < ST->nfacts; i++) {
        long v = 0, n = 0;
        char why[512] = "";
        int rc = eng_measure(ST, &ST->facts[i], &v, &n, why, sizeof why);
        if (rc != 0)
            fprintf(stderr, "%s: %s\n", ST->facts[i].id, why);
        CU_ASSERT_EQUAL(rc, 0);
        CU_ASSERT(n > 0);
    }
    static const struct { const char *id; long v; } rules[] = {
        {"sinetempore.momentum.sectors", 12}, {"sinetempore.momentum.cycle-at", 12},
        {"sinetempore.momentum.clockwise", 1}, {"sinetempore.hero.ap-ra", 6},
        {"sinetempore.timeshift.cap", 5}, {"sinetempore.move.rough", 2}, {"sinetempore.move.water", 2},
        {"sinetempore.move.runner", 2}, {"sinetempore.action.meditate-ap", 3}, {"sinetempore.action.exchange-ap", 0},
        {"sinetempore.die.stoss", 3}, {"sinetempore.die.explosion", 1}, {"sinetempore.penalty.from", 3},
        {"sinetempore.penalty.gone", 2}, {"sinetempore.reroll.max", 3}, {"sinetempore.attack.dice", 5},
        {"sinetempore.area.explosion", 8}, {"sinetempore.area.cross", 4}, {"sinetempore.area.lance", 3},
        {"sinetempore.area.blow", 3}, {"sinetempore.area.sweep", 2}, {"sinetempore.tv.start", 1},
        {"sinetempore.tv.ko", 2}, {"sinetempore.loot.big", 2}, {"sinetempore.loot.tiny", 0},
        {"sinetempore.cond.stunned-hero", 2}, {"sinetempore.cond.stunned-enemy", 2}, {"sinetempore.token.ap2", 2},
        {"sinetempore.ai.objective", 8}, {"sinetempore.ai.highest-tv", 1},
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        long v = measured(rules[i].id);
        if (v != rules[i].v)
            fprintf(stderr, "%s = %ld, rule %ld\n", rules[i].id, v, rules[i].v);
        CU_ASSERT_EQUAL(v, rules[i].v);
    }
}

static void test_keys(void)
{
    table t;
    table_open(&t, 3);
    char key[96], v[512];
    /* every key of every row (a family's row, eng_key.words, has one per
     * word), its indexes at 1 */
    for (size_t i = 0; i < ST->nkeys; i++) {
        const eng_key *k = &ST->keys[i];
        for (int w = 0; eng_key_instance(k, w, key, sizeof key) == 0; w++) {
            CU_ASSERT_EQUAL_FATAL(eng_get(t.st, key, v, sizeof v, t.err, sizeof t.err), 0);
            int readonly = eng_key_read_only(k);
            int rc = eng_set(t.st, key, v, t.err, sizeof t.err);
            if (rc != (readonly ? -1 : 0))
                fprintf(stderr, "key %s=%s: %s\n", key, v, t.err);
            CU_ASSERT_EQUAL(rc, readonly ? -1 : 0);
            if (!readonly) {
                char back[512];
                eng_get(t.st, key, back, sizeof back, t.err, sizeof t.err);
                CU_ASSERT_STRING_EQUAL(back, v);
            }
        }
    }
    CU_ASSERT_EQUAL(eng_set(t.st, "h5.ra", "3", t.err, sizeof t.err), -1);
    CU_ASSERT_EQUAL(eng_set(t.st, "next.dice", "no-such-face", t.err, sizeof t.err), -1);
    table_close(&t);
}

/* ---- the Momentum ---------------------------------------------------------------------- */

static void test_momentum(void)
{
    table t;
    lone_hero(&t, 1);
    put(&t, "h1.ra=6 h2.in=1 h2.ra=5 m1.grp=1 m1.x=1 m1.y=1 g1.ra=5 g1.sector=1 g1.combat=0");
    /* RA 6 first, then the enemy before the hero of equal RA */
    CU_ASSERT_EQUAL(val(&t, "next"), 1);
    CU_ASSERT_EQUAL(play(&t, "activate", "hero=2"), ENG_ILLEGAL);
    must(&t, "activate", NULL);
    CU_ASSERT_EQUAL(val(&t, "h1.ap"), 6);
    must(&t, "wait", "hero=1 ap=2");
    must(&t, "end", "hero=1");
    CU_ASSERT_EQUAL(val(&t, "h1.sector"), 3);
    CU_ASSERT_EQUAL(val(&t, "next"), -1);
    CU_ASSERT_EQUAL(play(&t, "advance", NULL), ENG_ILLEGAL);
    must(&t, "activate", NULL);
    CU_ASSERT_EQUAL(val(&t, "g1.sector"), 6);
    must(&t, "activate", "hero=2");
    must(&t, "end", "hero=2");
    /* hero 2 (start 1, enemy now in 6) was made to spend 5 */
    CU_ASSERT_EQUAL(val(&t, "h2.sector"), 6);
    must(&t, "advance", NULL);
    CU_ASSERT_EQUAL(val(&t, "phase"), 3);
    table_close(&t);
}

static void test_time_shift_and_reaction(void)
{
    table t;
    lone_hero(&t, 2);
    put(&t, "phase=12 h1.sector=12 m1.grp=1 m1.x=1 m1.y=1 m1.ca=0 g1.sector=5");
    must(&t, "activate", "hero=1");
    must(&t, "wait", "hero=1 ap=3");
    must(&t, "end", "hero=1");
    CU_ASSERT_EQUAL(val(&t, "h1.sector"), 5);
    CU_ASSERT_EQUAL(val(&t, "log.time-shift"), 1);
    table_close(&t);

    /* passing a sector whose model has the hero in its CA: it acts, gets
     * Acted, its marker stays; at its own activation it does nothing */
    lone_hero(&t, 3);
    put(&t, "h1.he=20 m1.grp=1 m1.x=6 m1.y=9 m1.ca=5 g1.sector=3");
    must(&t, "activate", "hero=1");
    must(&t, "wait", "hero=1 ap=4");
    CU_ASSERT_EQUAL(val(&t, "log.reaction"), 1);
    CU_ASSERT_EQUAL(val(&t, "m1.acted"), 1);
    CU_ASSERT_EQUAL(val(&t, "g1.sector"), 3);
    CU_ASSERT_EQUAL(val(&t, "m1.y"), 11);   /* it came to attack */
    CU_ASSERT_EQUAL(val(&t, "log.enemy-attack"), 1);
    table_close(&t);
}

static void test_ko_and_revive(void)
{
    table t;
    lone_hero(&t, 4);
    put(&t, "h2.in=1 h2.he=2 h2.tv=3 h2.sector=4 h2.poison=1 h2.oblivion=1");
    must(&t, "wound", "hero=2 n=2");
    CU_ASSERT_EQUAL(val(&t, "h2.ko"), 1);
    CU_ASSERT_EQUAL(val(&t, "h2.tv"), 1);
    CU_ASSERT_EQUAL(val(&t, "h2.poison"), 0);
    CU_ASSERT_EQUAL(val(&t, "h2.oblivion"), 1);
    CU_ASSERT_EQUAL(play(&t, "wound", "hero=2 n=1"), ENG_ILLEGAL);
    /* the hand passes sector 4: a serious wound card */
    must(&t, "activate", "hero=1");
    must(&t, "wait", "hero=1 ap=5");
    must(&t, "advance", NULL);
    CU_ASSERT_EQUAL(val(&t, "h2.serious"), 1);
    CU_ASSERT_EQUAL(val(&t, "phase"), 6);
    must(&t, "heal", "hero=2 by=1 amount=1");
    CU_ASSERT_EQUAL(val(&t, "h2.ko"), 0);
    CU_ASSERT_EQUAL(val(&t, "h2.sector"), 7);
    CU_ASSERT_EQUAL(val(&t, "h1.tv"), 2);
    table_close(&t);
}

/* ---- line of sight ---------------------------------------------------------------------------- */

/* Diagonal sight: every line from hero 1 on 1,1 to the middle of 3,3
 * crosses 2,2, not all cross 2,1; sight is not symmetric next to an
 * obstacle; cover is the target's only when it stands next to it. */
static void test_line_of_sight(void)
{
    table t;
    table_open(&t, 3);
    put(&t, "h1.in=1 h1.x=1 h1.y=1 m1.grp=1 m1.x=3 m1.y=3 sq.2.2.terrain=blocked");
    CU_ASSERT_EQUAL(val(&t, "h1.sees.m1"), 0);
    CU_ASSERT_EQUAL(val(&t, "m1.sees.h1"), 0);
    put(&t, "sq.2.2.terrain=plain sq.2.1.terrain=blocked");
    CU_ASSERT_EQUAL(val(&t, "h1.sees.m1"), 2);
    put(&t, "sq.2.1.terrain=plain sq.1.3.terrain=cover m1.x=1 m1.y=4");
    CU_ASSERT_EQUAL(val(&t, "h1.sees.m1"), 1);   /* every line crosses 1,3, next to 1,4 */
    CU_ASSERT_EQUAL(val(&t, "m1.sees.h1"), 2);   /* the cover is not next to the hero */
    /* a model on 6,5 behind a stone on 5,5 sees a hero on 1,3; he does not see it */
    put(&t, "sq.1.3.terrain=plain m1.x=6 m1.y=5 h1.y=3 sq.5.5.terrain=blocked");
    CU_ASSERT_EQUAL(val(&t, "m1.sees.h1"), 2);
    CU_ASSERT_EQUAL(val(&t, "h1.sees.m1"), 0);
    /* a hero who takes no part, or a model gone, is seen by nobody */
    put(&t, "sq.5.5.terrain=plain h1.in=0");
    CU_ASSERT_EQUAL(val(&t, "m1.sees.h1"), 0);
    CU_ASSERT_EQUAL(val(&t, "h1.sees.m1"), 0);
    table_close(&t);
}

/* ---- actions, dice and attacks ---------------------------------------------------------- */

static void test_movement(void)
{
    table t;
    lone_hero(&t, 5);
    put(&t, "h1.ra=12 sq.6.11.terrain=rough sq.6.9.terrain=water");
    must(&t, "activate", "hero=1");
    must(&t, "move", "hero=1 x=6 y=11");
    CU_ASSERT_EQUAL(val(&t, "h1.spent"), 2);
    must(&t, "move", "hero=1 x=6 y=9");
    CU_ASSERT_EQUAL(val(&t, "h1.spent"), 4);
    must(&t, "move", "hero=1 x=6 y=8");   /* leaving water */
    CU_ASSERT_EQUAL(val(&t, "h1.spent"), 6);
    CU_ASSERT_EQUAL(play(&t, "move", "hero=1 x=1 y=1"), ENG_ILLEGAL);   /* 12 AP needed, 6 left */
    must(&t, "focus", "hero=1");
    CU_ASSERT_EQUAL(play(&t, "focus", "hero=1"), ENG_ILLEGAL);
    table_close(&t);
}

static void test_attack_and_defence(void)
{
    table t;
    lone_hero(&t, 6);
    put(&t, "h1.ph=3 h1.w1.atb=2 m1.grp=1 m1.x=6 m1.y=11 m1.he=3 m1.pd=1 g1.sector=7");
    for (int i = 0; i < 3; i++)
        dice(&t, "faust-blut");
    dice(&t, "patrone-verstand");
    dice(&t, "patrone-verstand");
    must(&t, "activate", "hero=1");
    must(&t, "attack", "hero=1 model=1");
    CU_ASSERT_EQUAL(val(&t, "pool.n"), 5);
    CU_ASSERT_EQUAL(val(&t, "h1.engaged"), 1);
    must(&t, "resolve", NULL);
    CU_ASSERT_EQUAL(val(&t, "last.wounds"), 2);
    CU_ASSERT_EQUAL(val(&t, "m1.wounds"), 2);
    CU_ASSERT_EQUAL(val(&t, "h1.tv"), 2);
    table_close(&t);

    /* a weak psionic-free defence: 2 symbols, 1 cancelled */
    lone_hero(&t, 7);
    put(&t, "h1.ph=2 m1.grp=1 m1.x=6 m1.y=11 m1.a_n=2 m1.a_weak=1");
    dice(&t, "patrone-verstand");
    dice(&t, "patrone-verstand");
    must(&t, "enemy-attack", "model=1 hero=1");
    must(&t, "resolve", NULL);
    CU_ASSERT_EQUAL(val(&t, "h1.wounds"), 1);
    table_close(&t);
}

static void test_conditions(void)
{
    table t;
    lone_hero(&t, 8);
    must(&t, "condition", "hero=1 name=fire");
    must(&t, "condition", "hero=1 name=slowed");
    must(&t, "token", "hero=1 name=ap1");
    must(&t, "activate", "hero=1");
    CU_ASSERT_EQUAL(val(&t, "h1.ap"), 6);
    must(&t, "wait", "hero=1 ap=1");
    CU_ASSERT_EQUAL(val(&t, "h1.spent"), 2);
    must(&t, "end", "hero=1");
    CU_ASSERT_EQUAL(val(&t, "h1.wounds"), 1);
    CU_ASSERT_EQUAL(val(&t, "h1.fire"), 1);
    CU_ASSERT_EQUAL(val(&t, "h1.slowed"), 0);
    CU_ASSERT_EQUAL(val(&t, "h1.ap1"), 0);
    table_close(&t);
}

/* ---- procedures --------------------------------------------------------------------------- */

typedef struct run_ctx {
    const eng_ai *ai;
} run_ctx;

static int every_state_ok(const eng_state *s, void *ctx)
{
    const eng_ai *ai = ((run_ctx *)ctx)->ai;
    eng_state *copy = eng_state_copy(s);
    eng_record rec;
    memset(&rec, 0, sizeof rec);
    CU_ASSERT_EQUAL(eng_record_run(ai, copy, &rec), 0);
    if (rec.failed || rec.unknown)
        fprintf(stderr, "%s: step %s failed\n", ai->id, rec.failed ? rec.failed : rec.unknown);
    CU_ASSERT_PTR_NULL(rec.failed);
    CU_ASSERT_PTR_NULL(rec.unknown);
    eng_record_free(&rec);
    eng_state_free(copy);
    return rec.failed != NULL;
}

static void test_procedures(void)
{
    for (size_t i = 0; i < ST->nais; i++) {
        run_ctx c = {&ST->ais[i]};
        CU_ASSERT(ST->ais[i].enumerate(ST, 1, every_state_ok, &c) > 0);
    }
}

/* A procedure that names the right outcome but does the wrong thing: the
 * enemy "attacks" without attacking. */
static int fake_run(eng_state *st)
{
    eng_step(st, "sinetempore.enemy.attack");
    return 0;
}

/* The area shapes the cards' grids are checked against (eng_game.area) are
 * the squares the area action hits: a model alone on each square of the
 * board, hero 1 at 6,8 aiming at 6,7 (to the side, 7,8, for a second
 * direction), counted by last.area. A wave around the hero (n=2) too; an
 * aura is no attack, and no status outside the area effects has a shape. */
static void test_area_hook(void)
{
    static const char *const shapes[] = {"explosion", "cross", "lance", "blow", "sweep", "wave"};
    static const int aims[][2] = {{6, 7}, {7, 8}};
    CU_ASSERT_PTR_NOT_NULL_FATAL(ST->area);
    CU_ASSERT_EQUAL(ST->area("sinetempore.status.fire", 0, 6, 8, 6, 7, 6, 7), -1);
    CU_ASSERT_EQUAL(ST->area("sinetempore.area.none", 0, 6, 8, 6, 7, 6, 7), -1);
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (int a = 0; a < 2; a++) {
            char status[64], args[128];
            snprintf(status, sizeof status, "sinetempore.area.%s", shapes[k]);
            snprintf(args, sizeof args, "hero=1 shape=%s x=%d y=%d n=2 weapon=1", shapes[k], aims[a][0], aims[a][1]);
            int hits = 0, agree = 0;
            for (int x = 1; x <= 12; x++)
                for (int y = 1; y <= 12; y++) {
                    if (x == 6 && y == 8)
                        continue;
                    table t;
                    table_open(&t, 1);
                    char pos[160];
                    snprintf(pos, sizeof pos, "h1.in=1 h1.ra=12 h1.x=6 h1.y=8 m1.grp=1 m1.he=9 m1.x=%d m1.y=%d "
                             "g1.sector=7", x, y);
                    put(&t, pos);
                    must(&t, "activate", "hero=1");
                    must(&t, "area", args);
                    int want = ST->area(status, 2, 6, 8, aims[a][0], aims[a][1], x, y);
                    hits += want == 1;
                    agree += val(&t, "last.area") == want;
                    table_close(&t);
                }
            CU_ASSERT_EQUAL(agree, 143);
            /* the rulebook's sizes: 9, 5, 4, 4, 3 squares, less the hero's
             * own square, which an explosion or a cross aimed next to him
             * covers; a wave of 2: 12 */
            static const int size[] = {8, 4, 4, 4, 3, 12};
            if (hits != size[k])
                fprintf(stderr, "%s aimed at %d,%d: %d squares\n", shapes[k], aims[a][0], aims[a][1], hits);
            CU_ASSERT_EQUAL(hits, size[k]);
        }
    CU_ASSERT_EQUAL(ST->area("sinetempore.area.aura", 1, 6, 8, 6, 8, 6, 7), 1);
    CU_ASSERT_EQUAL(ST->area("sinetempore.area.aura", 1, 6, 8, 6, 8, 6, 8), 0);
}

static void test_wrong_step_fails(void)
{
    const eng_ai *real = eng_find_ai(ST, "sinetempore.enemy-attack");
    CU_ASSERT_PTR_NOT_NULL_FATAL(real);
    eng_ai fake = *real;
    fake.run = fake_run;
    table t;
    table_open(&t, 9);
    put(&t, "h1.in=1 h1.x=6 h1.y=3 m1.grp=1 m1.x=6 m1.y=2 ai.model=1");
    eng_record rec;
    memset(&rec, 0, sizeof rec);
    CU_ASSERT_EQUAL(eng_record_run(&fake, t.st, &rec), 0);
    CU_ASSERT_PTR_NOT_NULL(rec.failed);
    if (rec.failed)
        CU_ASSERT_STRING_EQUAL(rec.failed, "sinetempore.enemy.attack");
    eng_record_free(&rec);
    table_close(&t);
}

/* declared here for -Wmissing-prototypes; tests/main.c finds it by name */
void suite_eng_sinetempore(void);
void suite_eng_sinetempore(void)
{
    CU_pSuite s = CU_add_suite("eng_sinetempore", NULL, NULL);
    CU_add_test(s, "every fact measures by acting, with the rule values", test_facts_act);
    CU_add_test(s, "keys resolve and round-trip", test_keys);
    CU_add_test(s, "Momentum: order, enemies first on ties, time shift, hand", test_momentum);
    CU_add_test(s, "time shift and reactions", test_time_shift_and_reaction);
    CU_add_test(s, "knock-out, serious wounds, revival", test_ko_and_revive);
    CU_add_test(s, "line of sight and cover on the grid", test_line_of_sight);
    CU_add_test(s, "movement costs and focus", test_movement);
    CU_add_test(s, "attack and defence", test_attack_and_defence);
    CU_add_test(s, "conditions at the end of an activation", test_conditions);
    CU_add_test(s, "procedures pass their postconditions on every enumerated state", test_procedures);
    CU_add_test(s, "a wrong step fails its postcondition", test_wrong_step_fails);
    CU_add_test(s, "the cards' area shapes are the squares the area action hits", test_area_hook);
}
