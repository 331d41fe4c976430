/* test_eng.c — the engine contract (eng.c) on a toy game declared here:
 * keys and actions from tables, static validation, logs, copies, probes
 * that must measure, and procedures checked by their effect. */
#include <CUnit/CUnit.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "eng.h"

/* ---- the toy game ------------------------------------------------------------ */

typedef struct toy_char {
    int hp, guard;
    char name[16];
} toy_char;

typedef struct toy {
    int players, phase;
    toy_char ch[3];
    int slot[3];       /* slots 0..2: a zero-based key */
    int bag[2];        /* a family of keys with one accessor */
} toy;

enum { EV_HIT, EV_HEAL };
static const char *const toy_events[] = {"hit", "heal", NULL};
static const char *const phases[] = {"day", "night", NULL};
static const char *const kinds[] = {"blunt", "sharp", NULL};

static void toy_init(void *data)
{
    toy *t = data;
    t->players = 2;
    for (int i = 0; i < 3; i++)
        t->ch[i].hp = 5;
}

static long get_total(const void *data, const int *idx)
{
    (void)idx;
    const toy *t = data;
    long n = 0;
    for (int i = 0; i < t->players; i++)
        n += t->ch[i].hp;
    return n;
}

static void get_name(const void *data, const int *idx, char *buf, size_t len)
{
    snprintf(buf, len, "%s", ((const toy *)data)->ch[idx[0] - 1].name);
}

static int set_name(void *data, const int *idx, const char *v, char *err, size_t errlen)
{
    if (strlen(v) >= sizeof ((toy *)data)->ch[0].name)
        return snprintf(err, errlen, "a name has at most 15 bytes"), -1;
    snprintf(((toy *)data)->ch[idx[0] - 1].name, sizeof ((toy *)data)->ch[0].name, "%s", v);
    return 0;
}

/* one accessor for "bag.blunt" and "bag.sharp", told apart by the tag */
static long get_bag(const void *data, const eng_key *k, const int *idx)
{
    (void)idx;
    return ((const toy *)data)->bag[k->tag];
}

static int set_bag(void *data, const eng_key *k, const int *idx, long v, char *err, size_t errlen)
{
    (void)idx, (void)err, (void)errlen;
    ((toy *)data)->bag[k->tag] = (int)v;
    return 0;
}

static const eng_key toy_keys[] = {
    {.pattern = "slot.N", .type = ENG_INT, .doc = "slots 0..2", .nmax = {3}, .lo = 0, .hi = 9,
     .off = offsetof(toy, slot), .stride = {sizeof(int)}, .zero_based = 1},
    {.pattern = "bag.blunt", .type = ENG_INT, .doc = "blunt tokens", .lo = 0, .hi = 9, .getk = get_bag,
     .setk = set_bag, .tag = 0},
    {.pattern = "bag.sharp", .type = ENG_INT, .doc = "sharp tokens", .lo = 0, .hi = 9, .getk = get_bag,
     .setk = set_bag, .tag = 1},
    ENG_KEY_INT("players", toy, players, 1, 3, "how many play"),
    ENG_KEY_ENUM("phase", toy, phase, phases, "day or night"),
    ENG_KEY_INT1("cN.hp", 3, toy, ch[0].hp, sizeof(toy_char), 0, 9, "hit points"),
    ENG_KEY_INT1("cN.guard", 3, toy, ch[0].guard, sizeof(toy_char), 0, 1, "guarding"),
    ENG_KEY_RO("total", 0, 0, 99, get_total, "hit points of all players"),
    {.pattern = "phase.shown", .type = ENG_INT, .doc = "the phase counted from 1", .lo = 1, .hi = 2,
     .off = offsetof(toy, phase), .plus = 1},
    {.pattern = "cN.name", .type = ENG_TEXT, .doc = "name", .nmax = {3}, .get_text = get_name,
     .set_text = set_name},
};

static int act_hit(eng_state *st, void *data, const eng_arg *a, char *err, size_t errlen)
{
    toy *t = data;
    if (a[0].v > t->players)
        return snprintf(err, errlen, "who=%ld but players=%d", a[0].v, t->players), ENG_ERROR;
    toy_char *c = &t->ch[a[0].v - 1];
    if (c->guard)
        return snprintf(err, errlen, "a guarding character is not hit"), ENG_ILLEGAL;
    c->hp -= (int)a[1].v + (a[2].v == 1);
    if (c->hp < 0)
        c->hp = 0;
    eng_note(st, EV_HIT);
    return ENG_OK;
}

static int act_heal(eng_state *st, void *data, const eng_arg *a, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    toy *t = data;
    t->ch[a[0].v - 1].hp += (int)a[1].v;
    eng_note(st, EV_HEAL);
    return ENG_OK;
}

static const char *const noop_words[] = {"x", NULL};
static int act_noop(eng_state *st, void *data, const eng_arg *a, char *err, size_t errlen)
{
    (void)st, (void)data, (void)a, (void)err, (void)errlen;
    return ENG_OK;
}

static const eng_action toy_actions[] = {
    {"hit", "someone is hit",
     {{"who", ENG_INT, 1, 3, 0, 1, NULL}, {"amount", ENG_INT, 0, 9, 1, 0, NULL},
      {"kind", ENG_ENUM, 0, 0, 0, 0, kinds}},
     act_hit, &(const eng_more){.alias = "strike"}},
    {"heal", "someone is healed", {{"who", ENG_INT, 1, 3, 1, 0, NULL}, {"amount", ENG_INT, 1, 9, 1, 0, NULL}},
     act_heal, NULL},
    {"noop", "nothing", {{"word", ENG_ENUM, 0, 0, 0, 0, noop_words}}, act_noop, NULL},
};

/* facts: one honest, one that only reads, one that names a wrong argument */
static int probe_hit(eng_probe *p, long *value)
{
    long before = eng_probe_get(p, "c1.hp");
    eng_probe_do(p, "hit", "who=1 amount=2");
    *value = before - eng_probe_get(p, "c1.hp");
    return 0;
}

static int probe_reads_only(eng_probe *p, long *value)
{
    *value = eng_probe_get(p, "c1.hp");
    return 0;
}

static int probe_bad_arg(eng_probe *p, long *value)
{
    eng_probe_do(p, "hit", "who=1 strength=2");
    *value = 1;
    return 0;
}

static int probe_refused(eng_probe *p, long *value)
{
    eng_probe_set(p, "1", "c1.guard");
    eng_probe_do(p, "hit", "who=1");
    *value = 1;
    return 0;
}

static int probe_saves(eng_probe *p, long *value)
{
    eng_probe_do(p, "hit", "who=2 amount=3");
    eng_probe_save(p, 0);
    eng_probe_do(p, "hit", "who=2 amount=1");
    eng_probe_restore(p, 0);
    *value = eng_probe_get(p, "c2.hp");
    return 0;
}

static const eng_fact toy_facts[] = {
    {"toy.hit", "hit points a hit of 2 takes", probe_hit},
    {"toy.reads", "reads a key and acts never", probe_reads_only},
    {"toy.bad", "names an argument hit does not take", probe_bad_arg},
    {"toy.refused", "needs a hit the rules refuse", probe_refused},
    {"toy.saves", "hit points after a hit, a saved state and a hit undone", probe_saves},
};

/* A procedure: the weaker of c1 and c2 is healed, else c1 is hit. */
static int post_heal(const eng_state *b, const eng_state *a)
{
    return eng_val(a, "total") > eng_val(b, "total") && eng_val(a, "log.heal") == eng_val(b, "log.heal") + 1;
}

static int post_hit(const eng_state *b, const eng_state *a)
{
    return eng_val(a, "total") < eng_val(b, "total");
}

static const eng_outcome toy_outcomes[] = {
    {"toy.heal", "the weaker is healed", post_heal},
    {"toy.hit", "c1 is hit", post_hit},
};

static int pred_weaker(const eng_state *st)
{
    return eng_val(st, "c1.hp") != eng_val(st, "c2.hp");
}

static const eng_pred toy_preds[] = {{"toy.unequal", "hit points differ", 2, pred_weaker, NULL}};

static int run_right(eng_state *st)
{
    char err[128];
    if (eng_val(st, "c1.hp") != eng_val(st, "c2.hp")) {
        eng_act(st, "heal", eng_val(st, "c1.hp") < eng_val(st, "c2.hp") ? "who=1" : "who=2", err, sizeof err);
        eng_step(st, "toy.heal");
    } else {
        eng_act(st, "hit", "who=1", err, sizeof err);
        eng_step(st, "toy.hit");
    }
    return 0;
}

/* the wrong step under the right name: hits, and says it healed */
static int run_wrong(eng_state *st)
{
    char err[128];
    eng_act(st, "hit", "who=1", err, sizeof err);
    eng_step(st, "toy.heal");
    return 0;
}

static int run_undeclared(eng_state *st)
{
    eng_step(st, "toy.dance");
    return 0;
}

static const eng_ai toy_ais[] = {
    {"toy.turn", "heal the weaker, else hit", toy_preds, 1, toy_outcomes, 2, run_right, NULL, NULL},
    {"toy.wrong", "", toy_preds, 1, toy_outcomes, 2, run_wrong, NULL, NULL},
    {"toy.undeclared", "", toy_preds, 1, toy_outcomes, 2, run_undeclared, NULL, NULL},
};

static const eng_die *const no_dice[] = {NULL};

static const eng_game toy_game = {
    .id = "toy",
    .name = "Toy",
    .state_size = sizeof(toy),
    .init = toy_init,
    .keys = toy_keys,
    .nkeys = sizeof toy_keys / sizeof toy_keys[0],
    .actions = toy_actions,
    .nactions = sizeof toy_actions / sizeof toy_actions[0],
    .events = toy_events,
    .dice = no_dice,
    .facts = toy_facts,
    .nfacts = sizeof toy_facts / sizeof toy_facts[0],
    .ais = toy_ais,
    .nais = sizeof toy_ais / sizeof toy_ais[0],
};

/* ---- tests ------------------------------------------------------------------------ */

static char err[512], buf[256];

static void test_keys(void)
{
    eng_state *st = eng_state_new(&toy_game, 1);
    CU_ASSERT_FATAL(st != NULL);
    CU_ASSERT_EQUAL(eng_set(st, "c3.hp", "7", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_get(st, "c3.hp", buf, sizeof buf, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(buf, "7");
    CU_ASSERT_EQUAL(eng_set(st, "c2.guard", "yes", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_val(st, "c2.guard"), 1);
    /* range, index, unknown, read-only, enum, text */
    CU_ASSERT_EQUAL(eng_set(st, "c3.hp", "10", err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "0..9"));
    CU_ASSERT_EQUAL(eng_set(st, "c3.hp", "99999999999999999999", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_set(st, "c4.hp", "1", err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "1..3"));
    CU_ASSERT_EQUAL(eng_set(st, "c1.hq", "1", err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "unknown key \"c1.hq\""));
    CU_ASSERT_EQUAL(eng_set(st, "total", "3", err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "computed"));
    CU_ASSERT_EQUAL(eng_set(st, "phase", "night", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_get(st, "phase", buf, sizeof buf, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(buf, "night");
    CU_ASSERT_EQUAL(eng_set(st, "phase", "dusk", err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "day, night"));
    CU_ASSERT_EQUAL(eng_set(st, "c2.name", "Aria", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_get(st, "c2.name", buf, sizeof buf, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(buf, "Aria");
    CU_ASSERT_EQUAL(eng_set(st, "c2.name", "a name far too long", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_val(st, "total"), 5 + 5);
    /* keys written as predicates write them */
    CU_ASSERT_EQUAL(eng_val(st, "c%d.hp", 3), 7);
    CU_ASSERT_EQUAL(eng_val(st, "c%ld.%s", 3L, "hp"), 7);
    CU_ASSERT_EQUAL(eng_val(st, "%s", "total"), 10);
    /* a field shown plus one, read twice: the second read comes from the memo */
    CU_ASSERT_EQUAL(eng_val(st, "phase.shown"), eng_val(st, "phase") + 1);
    CU_ASSERT_EQUAL(eng_val(st, "phase.shown"), eng_val(st, "phase") + 1);
    CU_ASSERT_EQUAL(eng_val(st, "c%x.hp", 3), 7);   /* other conversions: vsnprintf */
    CU_ASSERT_EQUAL(eng_val(st, "c%d.hp", -1), 0);   /* no such key: 0 */
    /* eng_val memoises a format with its arguments: the same call sees
     * values change, other arguments name other keys, and a buffer given
     * as the format with another text is another key */
    for (int round = 0; round < 2; round++)
        for (int i = 1; i <= 3; i++)
            CU_ASSERT_EQUAL(eng_val(st, "c%d.hp", i), i == 3 ? 7 : 5);
    CU_ASSERT_EQUAL(eng_set(st, "c1.hp", "2", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_val(st, "c%d.hp", 1), 2);
    CU_ASSERT_EQUAL(eng_set(st, "c1.hp", "5", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_val(st, "c%d.hp", 4), 0);   /* out of range, every time */
    CU_ASSERT_EQUAL(eng_val(st, "c%d.hp", 4), 0);
    {
        char fmt[16];
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
        snprintf(fmt, sizeof fmt, "c3.hp");
        CU_ASSERT_EQUAL(eng_val(st, fmt), 7);
        snprintf(fmt, sizeof fmt, "total");
        CU_ASSERT_EQUAL(eng_val(st, fmt), 10);
        snprintf(fmt, sizeof fmt, "c%%d.guard");
        CU_ASSERT_EQUAL(eng_val(st, fmt, 2), 1);
        snprintf(fmt, sizeof fmt, "c%%d.hp");
        CU_ASSERT_EQUAL(eng_val(st, fmt, 3), 7);
#pragma GCC diagnostic pop
    }
    /* no leading zeros; 0 only where a key's indexes start at 0 */
    CU_ASSERT_EQUAL(eng_set(st, "c01.hp", "1", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_set(st, "c0.hp", "1", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_set(st, "slot.0", "4", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_set(st, "slot.2", "6", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_set(st, "slot.3", "6", err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "0..2"));
    CU_ASSERT_EQUAL(eng_val(st, "slot.0"), 4);
    CU_ASSERT_EQUAL(eng_val(st, "slot.1"), 0);
    CU_ASSERT_EQUAL(eng_val(st, "slot.2"), 6);
    /* a family of keys, one accessor */
    CU_ASSERT_EQUAL(eng_set(st, "bag.sharp", "3", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_val(st, "bag.sharp"), 3);
    CU_ASSERT_EQUAL(eng_val(st, "bag.blunt"), 0);
    CU_ASSERT_EQUAL(eng_set(st, "bag.blunt", "10", err, sizeof err), -1);
    /* resolved keys are remembered (the key, never its value): a value
     * written later is read, and near misses of a known key stay refused */
    for (int i = 0; i < 3; i++) {
        CU_ASSERT_EQUAL(eng_set(st, "c1.hp", i ? "2" : "1", err, sizeof err), 0);
        CU_ASSERT_EQUAL(eng_val(st, "c1.hp"), i ? 2 : 1);
        CU_ASSERT_EQUAL(eng_set(st, "c01.hp", "1", err, sizeof err), -1);
        CU_ASSERT_EQUAL(eng_set(st, "c4.hp", "1", err, sizeof err), -1);
        CU_ASSERT_PTR_NOT_NULL(strstr(err, "1..3"));
        CU_ASSERT_EQUAL(eng_set(st, "c1.hp.", "1", err, sizeof err), -1);
    }
    eng_state_free(st);
}

static void test_actions(void)
{
    eng_state *st = eng_state_new(&toy_game, 1);
    CU_ASSERT_EQUAL(eng_act(st, "hit", "who=1 amount=2 kind=sharp", err, sizeof err), ENG_OK);
    CU_ASSERT_EQUAL(eng_val(st, "c1.hp"), 2);
    CU_ASSERT_EQUAL(eng_act(st, "strike", "who=2", err, sizeof err), ENG_OK);   /* alias, default amount */
    CU_ASSERT_EQUAL(eng_val(st, "c2.hp"), 4);
    CU_ASSERT_EQUAL(eng_act(st, "kick", "who=2", err, sizeof err), ENG_ERROR);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "hit, heal, noop"));
    CU_ASSERT_EQUAL(eng_act(st, "hit", "who=2 strength=3", err, sizeof err), ENG_ERROR);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "it takes who= amount= kind="));
    CU_ASSERT_EQUAL(eng_act(st, "hit", "amount=3", err, sizeof err), ENG_ERROR);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "needs who="));
    CU_ASSERT_EQUAL(eng_act(st, "hit", "who=1 who=2", err, sizeof err), ENG_ERROR);
    CU_ASSERT_EQUAL(eng_act(st, "hit", "who=4", err, sizeof err), ENG_ERROR);
    CU_ASSERT_EQUAL(eng_act(st, "hit", "who=3", err, sizeof err), ENG_ERROR);   /* 2 players */
    CU_ASSERT_EQUAL(eng_act(st, "hit", "who=1 kind=soft", err, sizeof err), ENG_ERROR);
    CU_ASSERT_EQUAL(eng_act(st, "hit", "who", err, sizeof err), ENG_ERROR);
    CU_ASSERT_EQUAL(eng_set(st, "c1.guard", "1", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_act(st, "hit", "who=1", err, sizeof err), ENG_ILLEGAL);
    CU_ASSERT_EQUAL(eng_actions(st), 4);   /* every dispatched action counts, refused ones too */
    eng_state_free(st);
}

static void test_static_checks(void)
{
    CU_ASSERT_EQUAL(eng_check_key(&toy_game, "c2.hp", "3", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_check_key(&toy_game, "c2.hp", "30", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_check_key(&toy_game, "total", NULL, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_check_key(&toy_game, "total", "3", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_check_key(&toy_game, "c1.name", "far far too long a name", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_check_key(&toy_game, "log.hit", NULL, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_check_key(&toy_game, "log.miss", NULL, err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_check_action(&toy_game, "heal", "who=2 amount=3", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_check_action(&toy_game, "heal", "who=2 amount=0", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_check_action(&toy_game, "hael", NULL, err, sizeof err), -1);
}

static void test_log_and_copy(void)
{
    eng_state *st = eng_state_new(&toy_game, 1);
    eng_act(st, "heal", "who=1", err, sizeof err);
    eng_act(st, "hit", "who=2", err, sizeof err);
    eng_act(st, "hit", "who=1", err, sizeof err);
    CU_ASSERT_EQUAL(eng_val(st, "log.hit"), 2);
    CU_ASSERT_EQUAL(eng_val(st, "log.heal"), 1);
    CU_ASSERT_EQUAL(eng_val(st, "log.first.hit"), 2);
    CU_ASSERT_EQUAL(eng_val(st, "log.first.heal"), 1);
    CU_ASSERT_EQUAL(eng_get(st, "log.steps", buf, sizeof buf, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(buf, "heal hit hit");
    eng_state *cp = eng_state_copy(st);
    CU_ASSERT_FATAL(cp != NULL);
    eng_act(cp, "hit", "who=1 amount=5", err, sizeof err);
    CU_ASSERT_EQUAL(eng_val(cp, "c1.hp"), 0);
    CU_ASSERT_EQUAL(eng_val(st, "c1.hp"), 5);
    CU_ASSERT_EQUAL(eng_val(cp, "log.hit"), 3);
    CU_ASSERT_EQUAL(eng_val(st, "log.hit"), 2);
    eng_state_assign(cp, st);
    CU_ASSERT_EQUAL(eng_val(cp, "c1.hp"), 5);
    eng_state_free(cp);
    eng_state_free(st);
}

static void test_probes(void)
{
    long v, n;
    char why[512];
    CU_ASSERT_EQUAL(eng_measure(&toy_game, &toy_facts[0], &v, &n, why, sizeof why), 0);
    CU_ASSERT_EQUAL(v, 2);
    CU_ASSERT_EQUAL(n, 1);
    /* reading a value is not measuring a rule */
    CU_ASSERT_EQUAL(eng_measure(&toy_game, &toy_facts[1], &v, &n, why, sizeof why), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "without performing any engine action"));
    /* a wrong call fails the probe loudly, naming the call */
    CU_ASSERT_EQUAL(eng_measure(&toy_game, &toy_facts[2], &v, &n, why, sizeof why), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "strength"));
    CU_ASSERT_EQUAL(eng_measure(&toy_game, &toy_facts[3], &v, &n, why, sizeof why), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "refused: a guarding character"));
    CU_ASSERT_EQUAL(eng_measure(&toy_game, &toy_facts[4], &v, &n, why, sizeof why), 0);
    CU_ASSERT_EQUAL(v, 2);
    CU_ASSERT_EQUAL(n, 2);
}

static void test_procedures(void)
{
    eng_record rec;
    eng_state *st = eng_state_new(&toy_game, 1);
    eng_set(st, "c2.hp", "3", err, sizeof err);
    CU_ASSERT_EQUAL(eng_record_run(&toy_ais[0], st, &rec), 0);
    CU_ASSERT_EQUAL(rec.ntrace, 1);
    CU_ASSERT_STRING_EQUAL(rec.trace[0], "toy.heal");
    CU_ASSERT_PTR_NULL(rec.failed);
    CU_ASSERT_PTR_NULL(rec.unknown);
    eng_record_free(&rec);
    CU_ASSERT_EQUAL(eng_val(st, "c2.hp"), 4);

    /* the right name on the wrong step fails its postcondition */
    CU_ASSERT_EQUAL(eng_record_run(&toy_ais[1], st, &rec), 0);
    CU_ASSERT_EQUAL(rec.ntrace, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rec.failed);
    CU_ASSERT_STRING_EQUAL(rec.failed, "toy.heal");
    CU_ASSERT_EQUAL(rec.failed_at, 0);
    eng_record_free(&rec);

    CU_ASSERT_EQUAL(eng_record_run(&toy_ais[2], st, &rec), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rec.unknown);
    CU_ASSERT_STRING_EQUAL(rec.unknown, "toy.dance");
    eng_record_free(&rec);

    /* kept: the state after every step, for decisions taken where they stand */
    eng_set(st, "c2.hp", "1", err, sizeof err);
    CU_ASSERT_EQUAL(eng_record_run_kept(&toy_ais[0], st, &rec), 0);
    CU_ASSERT_EQUAL(rec.ntrace, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rec.snap[0]);
    CU_ASSERT_EQUAL(eng_val(rec.snap[0], "c2.hp"), 2);
    CU_ASSERT_PTR_NULL(rec.snap[1]);
    eng_record_free(&rec);

    /* eng_step outside a recording does nothing */
    eng_step(st, "toy.heal");
    eng_state_free(st);
}

static void test_parse_long(void)
{
    long v;
    CU_ASSERT_EQUAL(eng_parse_long("42", &v), 0);
    CU_ASSERT_EQUAL(v, 42);
    CU_ASSERT_EQUAL(eng_parse_long("4294967297x", &v), -1);
    CU_ASSERT_EQUAL(eng_parse_long("99999999999999999999", &v), -1);
    CU_ASSERT_EQUAL(eng_parse_long("", &v), -1);
}

/* Lists of die faces as text keys hold them, with and without numbers. */
/* Plain fields that need no accessor (eng_key.counted, die, strsize): a
 * list of faces, an array of which only the first n count, a string. */
typedef struct plain {
    int stack[3], nstack;
    int roll[4], nroll;
    char motto[6];
    int rested[3];
} plain;

static const char *const plain_faces[] = {"hit", "miss", "blank"};
static const eng_die plain_die = {"d3", 3, plain_faces};
static const eng_key plain_keys[] = {
    ENG_KEY_FACES("stack", plain, stack, nstack, &plain_die, "faces stacked"),
    ENG_KEY_COUNTED("rollN", 4, plain, roll[0], sizeof(int), nroll, -1, 9, "die N of the roll, -1 beyond it"),
    {.pattern = "motto", .type = ENG_TEXT, .doc = "a motto", .off = offsetof(plain, motto), .strsize = 6},
    {.pattern = "nroll", .type = ENG_INT, .doc = "dice rolled", .hi = 4, .off = offsetof(plain, nroll)},
};
static void plain_init(void *data) { ((plain *)data)->roll[2] = 7; }
/* rules functions that the table runs without a wrapper (eng_more) */
static void plain_rest(eng_state *st, int who) { ((plain *)eng_data(st))->rested[who]++; }
static void plain_clear(eng_state *st) { ((plain *)eng_data(st))->nstack = 0; }
static const eng_action plain_actions[] = {
    {"rest", "who rests", {{"who", ENG_INT, 1, 3, 1, 0, NULL}}, NULL, &(const eng_more){.run1 = plain_rest, .base = 1}},
    {"pick", "the second argument", {{"a", ENG_INT, 0, 2, 0, 0, NULL}, {"b", ENG_INT, 0, 2, 0, 0, NULL}}, NULL,
     &(const eng_more){.run1 = plain_rest, .arg = 1}},
    {"clear", "the stack goes", {{NULL}}, NULL, &(const eng_more){.run0 = plain_clear}},
};
static const eng_game plain_game = {.id = "plain", .name = "Plain", .state_size = sizeof(plain), .init = plain_init,
                                    .keys = plain_keys, .nkeys = 4, .actions = plain_actions, .nactions = 3,
                                    .dice = no_dice};

static void test_plain_fields(void)
{
    eng_state *st = eng_state_new(&plain_game, 1);
    char v[64];
    CU_ASSERT_EQUAL(eng_set(st, "stack", "miss blank", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_get(st, "stack", v, sizeof v, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(v, "miss blank");
    const plain *p = eng_cdata(st);
    CU_ASSERT(p->nstack == 2 && p->stack[0] == 1 && p->stack[1] == 2);
    CU_ASSERT_EQUAL(eng_set(st, "stack", "hit", err, sizeof err), 0);   /* shorter: the rest cleared */
    CU_ASSERT(p->nstack == 1 && p->stack[0] == 0 && p->stack[1] == 0);
    CU_ASSERT_EQUAL(eng_set(st, "stack", "hit hit hit hit", err, sizeof err), -1);   /* 3 at most */
    CU_ASSERT_EQUAL(eng_set(st, "stack", "ghost", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_check_key(&plain_game, "stack", "ghost", err, sizeof err), -1);
    CU_ASSERT_EQUAL(p->nstack, 1);   /* a refused value changes nothing */
    /* die 3 shows 7, but counts only once 3 dice are rolled */
    CU_ASSERT_EQUAL(eng_val(st, "roll%d", 3), -1);
    CU_ASSERT_EQUAL(eng_set(st, "nroll", "3", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_val(st, "roll%d", 3), 7);
    CU_ASSERT_EQUAL(eng_val(st, "roll%d", 4), -1);
    CU_ASSERT_EQUAL(eng_set(st, "roll1", "1", err, sizeof err), -1);   /* read-only */
    CU_ASSERT_EQUAL(eng_set(st, "motto", "carpe diem", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_get(st, "motto", v, sizeof v, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(v, "carpe");   /* cut to the field */
    for (int i = 0; i < 4; i++)
        CU_ASSERT_EQUAL(eng_key_read_only(&plain_keys[i]), i == 1);
    /* actions run by the rules function alone, with who= less 1 or b= as it is */
    CU_ASSERT_EQUAL(eng_act(st, "rest", "who=3", err, sizeof err), ENG_OK);
    CU_ASSERT_EQUAL(eng_act(st, "pick", "a=0 b=1", err, sizeof err), ENG_OK);
    CU_ASSERT(p->rested[0] == 0 && p->rested[1] == 1 && p->rested[2] == 1);
    CU_ASSERT_EQUAL(eng_act(st, "rest", "who=4", err, sizeof err), ENG_ERROR);   /* the params still checked */
    CU_ASSERT_EQUAL(eng_act(st, "clear", NULL, err, sizeof err), ENG_OK);
    CU_ASSERT_EQUAL(p->nstack, 0);
    CU_ASSERT_EQUAL(eng_actions(st), 3);
    eng_state_free(st);
}

/* ---- families of keys and statuses from tables ------------------------------------------------ */

typedef struct fam_unit {
    int x, fire, poison, stun, y;
    struct {
        int atb, sym;
    } w[2];
} fam_unit;
typedef struct fam {
    fam_unit u[3];
    int grid[2][3];
} fam;
static const eng_key fam_keys[] = {
    ENG_KEY_INT1("uN.x", 3, fam, u[0].x, sizeof(fam_unit), 0, 9, "the field before the family"),
    ENG_KEY_RUN("uN.*", 3, fam, u[0], 0, 1, "the unit's conditions", fire, poison, stun),
    ENG_KEY_INT1("uN.y", 3, fam, u[0].y, sizeof(fam_unit), 0, 9, "the field after it"),
    ENG_KEY_GRID("gN.M", fam, grid, ENG_ENUM, kinds, 0, 0, "a square of a 2 x 3 grid"),
    ENG_KEY_SUB("uN.wM.sym", fam, u, w, sym, ENG_INT, NULL, 0, 9, "weapon M of unit N: its symbol"),
};
static const char *const fam_conds[] = {"on-fire", "poisoned", NULL};
static const eng_status_set fam_sets[] = {{"status", fam_conds}, {"die", (const char *const[]){"penalty", NULL}},
                                          {"status", (const char *const[]){"stunned", NULL}}, {NULL, NULL}};
static const char *const fam_statuses[] = {"fam.marker.loot", NULL};
/* unit 1's x: the flag's value, plus 2 when it was given */
static int fam_mark(eng_state *st, void *d, const eng_arg *arg, char *why, size_t whylen)
{
    (void)st, (void)why, (void)whylen;
    ((fam *)d)->u[0].x = (int)(arg[0].v + 2 * arg[0].given);
    return ENG_OK;
}
static const eng_action fam_actions[] = {{"mark", "a switch", {ENG_FLAG("on")}, fam_mark, NULL}};
static const eng_game fam_game = {.id = "fam", .name = "Fam", .state_size = sizeof(fam), .keys = fam_keys,
                                  .actions = fam_actions, .nactions = ENG_COUNT(fam_actions),
                                  .nkeys = ENG_COUNT(fam_keys), .dice = no_dice, .statuses = fam_statuses, .status_sets = fam_sets};

static void test_families(void)
{
    eng_state *st = eng_state_new(&fam_game, 1);
    const fam *f = eng_cdata(st);
    char v[64];
    /* each word its own field, in the struct's order, of the unit N */
    CU_ASSERT_EQUAL(eng_set(st, "u2.poison", "1", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_set(st, "u3.stun", "yes", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_set(st, "u1.fire", "1", err, sizeof err), 0);
    CU_ASSERT(f->u[1].poison == 1 && f->u[1].fire == 0 && f->u[1].stun == 0 && f->u[1].x == 0 && f->u[1].y == 0);
    CU_ASSERT(f->u[2].stun == 1 && f->u[2].poison == 0 && f->u[2].y == 0);
    CU_ASSERT(f->u[0].fire == 1 && f->u[0].x == 0 && f->u[0].poison == 0);
    /* read back twice: the second time from the memo of resolved keys */
    for (int i = 0; i < 2; i++) {
        CU_ASSERT_EQUAL(eng_val(st, "u2.poison"), 1);
        CU_ASSERT_EQUAL(eng_val(st, "u2.stun"), 0);
        CU_ASSERT_EQUAL(eng_val(st, "u3.stun"), 1);
        CU_ASSERT_EQUAL(eng_val(st, "u1.fire"), 1);
    }
    CU_ASSERT_EQUAL(eng_set(st, "u1.x", "4", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_get(st, "u1.x", v, sizeof v, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(v, "4");
    CU_ASSERT_EQUAL(f->u[0].fire, 1);
    /* the range, the index and the words are checked */
    CU_ASSERT_EQUAL(eng_set(st, "u1.fire", "2", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_set(st, "u4.fire", "1", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_get(st, "u1.burn", v, sizeof v, err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_get(st, "u1.*", v, sizeof v, err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_get(st, "u1.fir", v, sizeof v, err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_get(st, "u1.poisonx", v, sizeof v, err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_check_key(&fam_game, "u3.poison", "1", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_check_key(&fam_game, "u3.poison", "3", err, sizeof err), -1);
    /* the instances of a row: one per word, or the row's only key */
    char key[16];
    CU_ASSERT(eng_key_instance(&fam_keys[1], 0, key, sizeof key) == 0 && strcmp(key, "u1.fire") == 0);
    CU_ASSERT(eng_key_instance(&fam_keys[1], 2, key, sizeof key) == 0 && strcmp(key, "u1.stun") == 0);
    CU_ASSERT_EQUAL(eng_key_instance(&fam_keys[1], 3, key, sizeof key), -1);
    CU_ASSERT(eng_key_instance(&fam_keys[2], 0, key, sizeof key) == 0 && strcmp(key, "u1.y") == 0);
    CU_ASSERT_EQUAL(eng_key_instance(&fam_keys[2], 1, key, sizeof key), -1);
    CU_ASSERT_EQUAL(eng_key_instance(&fam_keys[1], 1, key, 9), -1);   /* "u1.poison" needs 10 bytes */
    CU_ASSERT_EQUAL(eng_key_instance(&fam_keys[1], 1, key, 10), 0);
    /* statuses: the list, then each set's names under the game's id */
    const char *want[] = {"fam.marker.loot", "fam.status.on-fire", "fam.status.poisoned", "fam.die.penalty",
                          "fam.status.stunned"};
    char sb[64];
    for (size_t i = 0; i < 5; i++) {
        CU_ASSERT_PTR_NOT_NULL_FATAL(eng_status(&fam_game, i, sb, sizeof sb));
        CU_ASSERT_STRING_EQUAL(sb, want[i]);
        CU_ASSERT(eng_has_status(&fam_game, want[i]));
    }
    CU_ASSERT_PTR_NULL(eng_status(&fam_game, 5, sb, sizeof sb));
    CU_ASSERT(!eng_has_status(&fam_game, "fam.status.loot"));
    CU_ASSERT(!eng_has_status(&fam_game, "fam.status.on-fir"));
    /* a status's index in its set */
    CU_ASSERT_EQUAL(eng_status_index(&fam_game, "status", "fam.status.poisoned"), 1);
    CU_ASSERT_EQUAL(eng_status_index(&fam_game, "status", "fam.status.on-fire"), 0);
    CU_ASSERT_EQUAL(eng_status_index(&fam_game, "die", "fam.die.penalty"), 0);
    CU_ASSERT_EQUAL(eng_status_index(&fam_game, "status", "fam.status.stunned"), 2);   /* counted over the sets */
    CU_ASSERT_EQUAL(eng_status_index(&fam_game, "die", "fam.status.poisoned"), -1);
    CU_ASSERT_EQUAL(eng_status_index(&fam_game, "status", "fam.statusx.poisoned"), -1);
    CU_ASSERT_EQUAL(eng_status_index(&fam_game, "status", "famx.status.poisoned"), -1);
    CU_ASSERT_EQUAL(eng_status_index(&fam_game, "status", "fam.status.poison"), -1);
    CU_ASSERT_EQUAL(eng_status_index(&fam_game, "marker", "fam.marker.loot"), -1);   /* no such set */
    CU_ASSERT_EQUAL(eng_status_index(&fam_game, "status", NULL), -1);
    /* a grid: both indexes and strides from the array */
    CU_ASSERT_EQUAL(eng_set(st, "g2.3", "sharp", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_set(st, "g1.2", "sharp", err, sizeof err), 0);
    CU_ASSERT(f->grid[1][2] == 1 && f->grid[0][1] == 1 && f->grid[0][2] == 0 && f->grid[1][1] == 0);
    CU_ASSERT_EQUAL(eng_set(st, "g3.1", "sharp", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_set(st, "g1.4", "sharp", err, sizeof err), -1);
    /* an array in an array of structs: counts and strides from the types */
    CU_ASSERT_EQUAL(eng_set(st, "u3.w2.sym", "7", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_set(st, "u1.w1.sym", "5", err, sizeof err), 0);
    CU_ASSERT(f->u[2].w[1].sym == 7 && f->u[2].w[1].atb == 0 && f->u[2].w[0].sym == 0 && f->u[0].w[0].sym == 5);
    CU_ASSERT_EQUAL(eng_val(st, "u3.w2.sym"), 7);
    CU_ASSERT_EQUAL(eng_set(st, "u3.w3.sym", "1", err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_set(st, "u4.w1.sym", "1", err, sizeof err), -1);
    CU_ASSERT_EQUAL(ENG_COUNT(fam_keys), 5);
    /* a flag: 0 when absent, 1 when switched on, nothing else */
    CU_ASSERT_EQUAL(eng_act(st, "mark", NULL, err, sizeof err), ENG_OK);
    CU_ASSERT_EQUAL(f->u[0].x, 0);
    CU_ASSERT_EQUAL(eng_act(st, "mark", "on=1", err, sizeof err), ENG_OK);
    CU_ASSERT_EQUAL(f->u[0].x, 3);
    CU_ASSERT_EQUAL(eng_act(st, "mark", "on=0", err, sizeof err), ENG_OK);
    CU_ASSERT_EQUAL(f->u[0].x, 2);
    CU_ASSERT_EQUAL(eng_act(st, "mark", "on=2", err, sizeof err), ENG_ERROR);
    CU_ASSERT_EQUAL(eng_act(st, "mark", "on=-1", err, sizeof err), ENG_ERROR);
    eng_state_free(st);
}

/* eng_set_long does what eng_set does with the number in decimal, the
 * same refusals included, the first time (resolving the key) and again
 * (from the memo): each pair is set on two fresh states, one each way. */
static void test_set_long(void)
{
    static const struct {
        const char *key;
        long value;
    } cases[] = {{"c3.hp", 7},  {"c3.hp", 0},    {"c3.hp", 9},  {"c3.hp", 10}, {"c3.hp", -1}, {"c1.hp", 4},
                 {"c4.hp", 1},  {"c1.hq", 1},    {"total", 3},  {"phase", 1},  {"phase", 2},  {"c2.guard", 1},
                 {"c2.guard", 5}, {"c2.name", 3}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        eng_state *a = eng_state_new(&toy_game, 1), *b = eng_state_new(&toy_game, 1);
        CU_ASSERT_FATAL(a != NULL && b != NULL);
        char text[32];
        snprintf(text, sizeof text, "%ld", cases[i].value);
        for (int round = 0; round < 2; round++) {
            int ra = eng_set(a, cases[i].key, text, err, sizeof err);
            int rb = eng_set_long(b, cases[i].value, "%s", cases[i].key);
            CU_ASSERT_EQUAL(ra, rb);
            CU_ASSERT_EQUAL(eng_val(a, "%s", cases[i].key), eng_val(b, "%s", cases[i].key));
        }
        eng_state_free(a);
        eng_state_free(b);
    }
    /* a key built from its format's arguments */
    eng_state *st = eng_state_new(&toy_game, 1);
    CU_ASSERT_EQUAL(eng_set_long(st, 6, "c%d.%s", 2, "hp"), 0);
    CU_ASSERT_EQUAL(eng_val(st, "c2.hp"), 6);
    CU_ASSERT_EQUAL(eng_set_long(st, 12, "c%d.%s", 2, "hp"), -1);
    CU_ASSERT_EQUAL(eng_val(st, "c2.hp"), 6);
    eng_state_free(st);
}

static void test_faces(void)
{
    static const char *const names[] = {"larva", "adult", "blank"};
    static const eng_die bag = {"bag", 3, names};
    int face[4], num[4];
    char text[64], why[160];
    CU_ASSERT_EQUAL(eng_faces_parse(&bag, " adult3, blank larva12", 4, face, num, why, sizeof why), 3);
    CU_ASSERT(face[0] == 1 && face[1] == 2 && face[2] == 0);
    CU_ASSERT(num[0] == 3 && num[1] == 0 && num[2] == 12);
    num[1] = -1;   /* shown without its number */
    eng_faces_format(&bag, face, num, 3, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "adult3 blank larva12");
    eng_faces_format(&bag, face, NULL, 2, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "adult blank");
    eng_faces_format(&bag, face, num, 3, text, 8);   /* cut at the buffer */
    CU_ASSERT_STRING_EQUAL(text, "adult3 ");
    CU_ASSERT_EQUAL(eng_faces_parse(&bag, "", 4, face, num, why, sizeof why), 0);
    CU_ASSERT_EQUAL(eng_faces_parse(&bag, "adult3", 4, face, NULL, why, sizeof why), -1);   /* no numbers here */
    CU_ASSERT_EQUAL(eng_faces_parse(&bag, "adult1234", 4, face, num, why, sizeof why), -1);
    CU_ASSERT_EQUAL(eng_faces_parse(&bag, "adult3x", 4, face, num, why, sizeof why), -1);
    CU_ASSERT_EQUAL(eng_faces_parse(&bag, "ghost", 4, face, num, why, sizeof why), -1);
    CU_ASSERT_EQUAL(eng_faces_parse(&bag, "larva adult blank larva adult", 4, face, num, why, sizeof why), -1);
    CU_ASSERT_STRING_EQUAL(why, "bad item \"adult\" in \"larva adult blank larva adult\": at most 4 faces of the bag "
                                "die, each with its number");
}

/* Words of a notation, spaces skipped before and after. */
static void test_word(void)
{
    const char *s = "  ab  c ", *w;
    size_t len = 0;
    w = eng_word(&s, &len);
    CU_ASSERT(w && len == 2 && strncmp(w, "ab", 2) == 0);
    CU_ASSERT_STRING_EQUAL(s, "  c ");   /* just after the word */
    w = eng_word(&s, &len);
    CU_ASSERT(w && len == 1 && *w == 'c');
    CU_ASSERT_PTR_NULL(eng_word(&s, &len));
    s = "";
    CU_ASSERT_PTR_NULL(eng_word(&s, &len));
}

/* A simulator's setup helpers: attributes by name, keys by pattern, and the
 * table that maps attributes to keys. */
static void test_sim_setup(void)
{
    static const eng_kv kv[] = {{"hp", "7"}, {"name", "Ada"}, {"hp", "8"}};
    CU_ASSERT_STRING_EQUAL(eng_kv_get(kv, 3, "hp", "1"), "7");     /* the first of two */
    CU_ASSERT_STRING_EQUAL(eng_kv_get(kv, 3, "name", ""), "Ada");
    CU_ASSERT_STRING_EQUAL(eng_kv_get(kv, 3, "guard", "1"), "1");  /* absent: the default */
    CU_ASSERT_STRING_EQUAL(eng_kv_get(kv, 1, "name", "-"), "-");   /* only the first n count */

    eng_state *st = eng_state_new(&toy_game, 1);
    CU_ASSERT_EQUAL(eng_set_at(st, "cN.hp", (const int[]){2, 0}, "6", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_val(st, "c2.hp"), 6);
    CU_ASSERT_EQUAL(eng_val(st, "c1.hp"), 5);
    CU_ASSERT_EQUAL(eng_set_at(st, "slot.M", (const int[]){3, 1}, "4", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_val(st, "slot.1"), 4);
    CU_ASSERT_EQUAL(eng_set_at(st, "cN.hp", (const int[]){4, 0}, "6", err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "c4.hp"));
    char longpat[200];
    memset(longpat, 'x', sizeof longpat - 1);
    longpat[sizeof longpat - 1] = '\0';
    CU_ASSERT_EQUAL(eng_set_at(st, longpat, (const int[]){1, 1}, "1", err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "too long"));

    static const eng_sim_key t[] = {
        ENG_SIM("hero", "hp", "cN.hp", "3"),
        ENG_SIM("hero", "guard", "cN.guard", "1"),
        ENG_SIM("hero", "name", "cN.name", ""),
        ENG_SIM("villain", "hp", "slot.N", "0"),
    };
    CU_ASSERT_EQUAL(eng_sim_keys(st, t, 4, "hero", (const int[]){1, 0}, kv, 2, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_val(st, "c1.hp"), 7);
    CU_ASSERT_EQUAL(eng_val(st, "c1.guard"), 1);     /* absent: the row's default */
    CU_ASSERT_EQUAL(eng_val(st, "slot.1"), 4);       /* another element's row: untouched */
    eng_get(st, "c1.name", buf, sizeof buf, err, sizeof err);
    CU_ASSERT_STRING_EQUAL(buf, "Ada");
    CU_ASSERT_EQUAL(eng_sim_keys(st, t, 4, "villain", (const int[]){2, 0}, kv, 3, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_val(st, "slot.2"), 7);
    /* a refused key stops the table there, with the key's error */
    static const eng_kv bad[] = {{"hp", "12"}, {"name", "Bo"}};
    CU_ASSERT_EQUAL(eng_sim_keys(st, t, 4, "hero", (const int[]){3, 0}, bad, 2, err, sizeof err), -1);
    CU_ASSERT_EQUAL(eng_val(st, "c3.guard"), 0);
    eng_get(st, "c3.name", buf, sizeof buf, err, sizeof err);
    CU_ASSERT_STRING_EQUAL(buf, "");

    /* the optional fields: a word of the value, a name's index, a text in
     * parts, a list cleared, bounds by other keys */
    static const char *const sides[] = {"left", "right", NULL};
    static const eng_sim_key u[] = {
        ENG_SIM("pair", "hp", "cN.hp", "", .word = 2),
        ENG_SIM("pair", "hp", "slot.M", "", .word = 1, .upto = "cN.hp"),
        ENG_SIM("pair", "side", "cN.guard", "left", .names = sides),
        ENG_SIM("pair", "first", "cN.name", "", .part = "<"),
        ENG_SIM("pair", "second", "cN.name", "", .part = "-"),
        ENG_SIM("pair", NULL, "slot.M", "1", .each = 2),
        ENG_SIM("low", "hp", "cN.hp", "", .above = "slot.N", .below = "players"),
    };
    static const eng_kv pair[] = {{"hp", "2 5"}, {"side", "right"}, {"second", "b"}};
    CU_ASSERT_EQUAL(eng_sim_keys(st, u, 6, "pair", (const int[]){1, 2}, pair, 3, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_val(st, "c1.hp"), 5);
    CU_ASSERT_EQUAL(eng_val(st, "c1.guard"), 1);
    eng_get(st, "c1.name", buf, sizeof buf, err, sizeof err);
    CU_ASSERT_STRING_EQUAL(buf, "-b");                /* an empty part adds nothing */
    CU_ASSERT_EQUAL(eng_val(st, "slot.1") * 10 + eng_val(st, "slot.2"), 11);  /* each: M from 1 to 2 */
    static const eng_kv high[] = {{"hp", "6 5"}};
    CU_ASSERT_EQUAL(eng_sim_keys(st, u, 2, "pair", (const int[]){1, 2}, high, 1, err, sizeof err), -1);
    CU_ASSERT_STRING_EQUAL(err, "hp=\"6 5\": slot.2 must be at most c1.hp (5)");   /* the value as given */
    static const eng_kv side[] = {{"hp", "2 5"}, {"side", "up"}};
    CU_ASSERT_EQUAL(eng_sim_keys(st, u, 3, "pair", (const int[]){1, 2}, side, 2, err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "side=\"up\""));
    static const eng_kv low[] = {{"hp", "1"}};
    CU_ASSERT_EQUAL(eng_set(st, "players", "3", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_set(st, "slot.2", "1", err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_sim_keys(st, u, 7, "low", (const int[]){2, 0}, low, 1, err, sizeof err), -1);
    CU_ASSERT_STRING_EQUAL(err, "hp=\"1\": c2.hp must be above slot.2 (1)");
    static const eng_kv mid[] = {{"hp", "2"}}, top[] = {{"hp", "3"}};
    CU_ASSERT_EQUAL(eng_sim_keys(st, u, 7, "low", (const int[]){2, 0}, mid, 1, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_sim_keys(st, u, 7, "low", (const int[]){2, 0}, top, 1, err, sizeof err), -1);
    CU_ASSERT_STRING_EQUAL(err, "hp=\"3\": c2.hp must be below players (3)");
    /* eng_sim_setup refuses an element without a row */
    static const eng_sim sim = {.root = "duel", .keys = u, .nkeys = 7};
    CU_ASSERT_EQUAL(eng_sim_setup(st, &sim, "low", (const int[]){2, 0}, mid, 1, err, sizeof err), 0);
    CU_ASSERT_EQUAL(eng_sim_setup(st, &sim, "ghost", (const int[]){1, 0}, mid, 1, err, sizeof err), -1);
    CU_ASSERT_STRING_EQUAL(err, "a <duel> file has no <ghost>");
    eng_state_free(st);
}

void suite_eng(void);
void suite_eng(void)
{
    CU_pSuite s = CU_add_suite("eng", NULL, NULL);
    CU_add_test(s, "keys from the table: ranges, indexes, enums, text, read-only", test_keys);
    CU_add_test(s, "actions from the table: arguments, defaults, aliases, errors", test_actions);
    CU_add_test(s, "content checked statically against the tables", test_static_checks);
    CU_add_test(s, "counted events, their order, and copies", test_log_and_copy);
    CU_add_test(s, "probes measure through actions or fail", test_probes);
    CU_add_test(s, "procedures are checked by their effect", test_procedures);
    CU_add_test(s, "numbers parsed whole, with range checks", test_parse_long);
    CU_add_test(s, "eng_set_long sets and refuses as eng_set does", test_set_long);
    CU_add_test(s, "lists of die faces, with and without numbers", test_faces);
    CU_add_test(s, "plain fields and actions without accessors or wrappers: face lists, counted arrays, strings, run0/run1",
                test_plain_fields);
    CU_add_test(s, "a simulator's setup: attributes, keys by pattern, tables", test_sim_setup);
    CU_add_test(s, "the words of a notation", test_word);
    CU_add_test(s, "families of keys over consecutive fields (ENG_KEY_RUN); statuses from tables of names", test_families);
}
