/* eng_noxius_facts.c — what the Noxius engine is measured by: its facts
 * (each a probe that plays the rule through actions and reads the result
 * back), and the predicates, postconditions and enumerators of its AI
 * procedures. Only the public interface (eng.h) is used here: nothing in
 * this file can see or share the engine's internals. */

/* Equivalent mutants
 * ------------------
 * Mutants of src/eng_noxius.c (`make mutate GAMES=noxius`) that survive
 * `check noxius`, sorted in the nx6 round from the whole run of e596ddf
 * (every mutant, not a sample; lines as of that commit): 1737 killed, 91
 * survived of 1828 scored, 12 stillborn (95.0 %); 86 of the 91 are the
 * equivalents below, 5 the simulated round at the end (99.7 % of the
 * rest). nx6 killed or removed, of nx5's list: the reads one past an array
 * (the loops now index st->ch[c] and st->en[e], an op and a condition are
 * read as copies, no array ends its struct, so -fsanitize=bounds stops
 * them), the tests an invariant already decided (can_fight's c < players, pos_taken's
 * enemy, hit's position, need's lo > 0, gain_lp's lp > 0, cast_illegal's
 * k < 0, round_spawn's field >= 1, position_illegal's pos < 1, auto_turn's
 * ally < 0: removed), and the loops past a full ability (a scenario with four
 * effects and four results on a face).
 *
 * Equivalent: cannot change what the engine does.
 *   Narration (the text is not behaviour; `simulate` prints it, `check`
 *       reads none): 335 the plates left, 348 the condition's number, 459
 *       "LP"/"SP" of a sacrifice, 480 the plates an enemy appears with,
 *       714-721 the cast's ability name, shaded bonus and powers.
 *   Error returns -1 -> -2 (every caller tests != 0): 794, 802, 806, 817,
 *       821 parse_op, 943, 952, 955 parse_cond, 442 sacrifice_cond's
 *       "none" (tested >= 0), 1352 choose_place, 1466 auto_turn (tested == 0
 *       / != 0).
 *   Flags and "nobody" sentinels 1 -> 2 or -1 -> -2, only tested for 0 or
 *       below 0: 494 pos_taken's 1, 562 round_linked_reset's 1, 869 have_r,
 *       849 parse_op's and 924 format_op's effect flag, 325 linked_clear's
 *       -1 and 1594 act_wound's -1 for a field (no character is -1 or -2),
 *       622 ally_default's, 1328 best_enemy's, 1476 auto_turn's `best =
 *       -1`, 572 round_spawn's `: -1` (no enemy is -2), 1201 nx_measure's
 *       `: 0` -> 1 (the keys without an index never read the enemy),
 *       1337 choose_place's best_e -1 and best_p 0 (written with the first
 *       place found) and best_d 1 << 20 (any of 1 << 19 .. 2 << 20: a place
 *       weighs at most 99 * 16 + 4 + 1024).
 *   Equal gives the same minimum or cap: 224 lose's `amount < sp`, 228 its
 *       `lp < 0` (-> <= 0, < 1), 243 gain_lp's `lp > lpmax`, 1437 the heal's
 *       `gap < n`, 1442 `lpmax - lp < n` (-> <=).
 *   Invariants of the actions: 528 current's `pos >` -> >=: two characters
 *       who may cast never share a position; 1478 auto_turn's abilities to
 *       NX_NAB: cast_illegal refuses k >= NX_NAB (the cast action's range is
 *       1..9, so that a fifth ability is refused as a rule); 708
 *       cast_begin's `buff_round < round` -> <=: a character casts once a
 *       round, so no buff it granted this round exists when its turn begins;
 *       371 deal's `pass < 2` -> <= 2 or < 3: a third pass repeats the
 *       second's test; 476 spawn's `cur <= nplates`: the plate after the
 *       last is read only when every plate is for a larger group (no enemy
 *       the source describes), and then is the zeroed or earlier plate that
 *       stops the loop; 963 `last_minp = 99` -> 98 or 100 and 1001, 1002 the
 *       bounds of A/B (1 -> 0 or 2, 99 -> 98 or 100): a grey level is at
 *       most 4, and A > B >= 1 with A <= 99 keeps B within 1..98.
 *   Offsets every candidate shares (the values are only compared): 1346
 *       the focus's `? 0 :` -> 1 or -1, 1407 ability_value's `v = 0` -> 1 or
 *       -1; 1367 the insertion sort from i = 0: the inner loop does not run.
 *   The text readers' bounds: 1036, 1104 `u < len` -> <=, 1055, 1056, 1114
 *       `len - u` -> + u, 1111, 1113 `sizeof t - k` -> + k: the longest text
 *       (about 200 characters) fits every buffer it is read into.
 *   Scaffolding (not rules, not to be edited here): 1221, 1222 nx_getk's
 *       `idx[0] ? : 0` (keys without an index never read the pointer), 1225
 *       K_HURT's `enemy > 0 && pos > 0` (the invariant of hit), 1239
 *       nx_setk's error return.
 *
 * Not equivalent, not killed: the round of a simulated fight (sim_round's
 *     auto_round and its test of the result, sim_result's words) runs only
 *     under `regelwerk simulate`: no game ships a fight file (the source
 *     names no character or enemy, so any fight would be invented data), so
 *     `check` has none to play; tests/test_simulate.c and the simulator
 *     tests of tests/test_eng_noxius.c check them; fight_result, which they
 *     call, is verified through the key fight.result.
 */
#include "eng_noxius.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- facts --------------------------------------------------------------------------------------- */

#define PROBE(name) static int name(eng_probe *p, long *value)
#define GET(...) eng_probe_get(p, __VA_ARGS__)
#define SET(key, v) eng_probe_set(p, (v), "%s", (key))
#define DO(action, ...) eng_probe_do(p, (action), __VA_ARGS__)
#define OK(action, ...) (eng_probe_act(p, (action), __VA_ARGS__) == ENG_OK)
#define D6(face) eng_probe_force(p, "d6", (face))

/* A new mission of n players: enemy 1 on the field, character c at Pc of it. */
static void fresh(eng_probe *p, int players)
{
    eng_probe_reset(p, 11);
    DO("start", "players=%d", players);
    DO("spawn", "enemy=1");
    for (int c = 1; c <= players; c++)
        DO("position", "who=%d enemy=1 pos=%d", c, c);
}

/* The smallest (dir 1) or largest (dir -1) group a mission starts with. */
static int players_bound(eng_probe *p, long *value, int dir)
{
    for (int n = dir > 0 ? 0 : 9; n >= 0 && n <= 9; n += dir) {
        eng_probe_reset(p, 11);
        if (OK("start", "players=%d", n))
            return *value = n, 0;
    }
    return eng_probe_fail(p, "no group size from 0 to 9 may start a mission");
}

PROBE(probe_players_min) { return players_bound(p, value, 1); }
PROBE(probe_players_max) { return players_bound(p, value, -1); }

/* Roll the die 600 times: how many different results show. */
PROBE(probe_faces)
{
    int seen[64] = {0};
    long n = 0;
    eng_probe_reset(p, 3);
    for (int i = 0; i < 600; i++) {
        DO("roll", NULL);
        long r = GET("last.roll");
        if (r < 0 || r >= 64)
            return eng_probe_fail(p, "the die showed %ld", r);
        n += !seen[r];
        seen[r] = 1;
    }
    *value = n;
    return 0;
}

/* The highest position a character may take with n players. */
static int highest_position(eng_probe *p, long *value, int players)
{
    eng_probe_reset(p, 11);
    DO("start", "players=%d", players);
    DO("spawn", "enemy=1");
    eng_probe_save(p, 0);
    *value = 0;
    for (int pos = 1; pos <= 4; pos++) {
        eng_probe_restore(p, 0);
        if (OK("position", "who=1 enemy=1 pos=%d", pos))
            *value = pos;
    }
    return 0;
}

PROBE(probe_positions_two) { return highest_position(p, value, 2); }
PROBE(probe_positions_three) { return highest_position(p, value, 3); }
PROBE(probe_positions_four) { return highest_position(p, value, 4); }

/* P1 taken at one enemy cannot be taken at another; P2, given up, can. */
PROBE(probe_positions_exclusive)
{
    fresh(p, 3);
    DO("spawn", "enemy=2");
    int p1 = OK("position", "who=2 enemy=2 pos=1");
    int p2 = OK("position", "who=2 enemy=2 pos=2");
    *value = !p1 && p2;
    return 0;
}

/* Four characters at P1..P4 over two enemies: the positions in the order
 * the turns run. 0 when it is no run from one end to the other. */
static int turn_run(eng_probe *p, long *first, long *last)
{
    fresh(p, 4);
    DO("spawn", "enemy=2");
    DO("position", "who=1 enemy=2 pos=1");
    DO("position", "who=3 enemy=2 pos=3");
    SET("e1.plates", "99");
    SET("e2.plates", "99");
    long seq[4];
    for (int i = 0; i < 4; i++) {
        long c = GET("current");
        if (c <= 0)
            return eng_probe_fail(p, "no one on turn after %d casts", i);
        seq[i] = GET("c%ld.pos", c);
        D6("1");
        DO("cast", "who=%ld ability=1", c);
    }
    int down = 1, up = 1;
    for (int i = 1; i < 4; i++) {
        down &= seq[i] == seq[i - 1] - 1;
        up &= seq[i] == seq[i - 1] + 1;
    }
    *first = down || up ? seq[0] : 0;
    *last = down || up ? seq[3] : 0;
    return 0;
}

/* Which end the turns start from: 1 the highest position, 2 the lowest. */
PROBE(probe_order_from)
{
    long first, last;
    if (turn_run(p, &first, &last) != 0)
        return -1;
    *value = first == 4 ? 1 : first == 1 ? 2 : 0;
    return 0;
}

/* Which end the turns run to: 2 the lowest position, 1 the highest. */
PROBE(probe_order_to)
{
    long first, last;
    if (turn_run(p, &first, &last) != 0)
        return -1;
    *value = last == 1 ? 2 : last == 4 ? 1 : 0;
    return 0;
}

PROBE(probe_one_cast)
{
    fresh(p, 2);
    SET("e1.plates", "99");
    long n = 0;
    for (int i = 0; i < 5; i++) {
        D6("1");
        n += OK("cast", "who=2 ability=1");
    }
    *value = n;
    return 0;
}

/* The same move refused mid-round is allowed when the next round begins. */
PROBE(probe_reposition_round)
{
    fresh(p, 3);
    SET("e1.plates", "99");
    D6("1");
    DO("cast", "who=3 ability=1");
    int taken = OK("position", "who=1 enemy=1 pos=3");   /* P3 is taken anyway */
    int mid = OK("position", "who=2 enemy=1 pos=2");     /* its own place, mid-round */
    DO("round-start", NULL);
    int next = OK("position", "who=2 enemy=1 pos=2");
    *value = !taken && !mid && next;
    return 0;
}

/* When an enemy falls, those at it who have not cast may take a free place
 * at another enemy; those who have cast may not. */
PROBE(probe_reposition_defeat)
{
    eng_probe_reset(p, 11);
    DO("start", "players=3");
    SET("e1.plates", "3");
    SET("e2.plates", "99");
    DO("spawn", "enemy=1");
    DO("spawn", "enemy=2");
    DO("position", "who=1 enemy=1 pos=1");
    DO("position", "who=2 enemy=1 pos=2");
    DO("position", "who=3 enemy=2 pos=3");
    SET("c3.a1", "delta=+0 r=1|1|1|1|1|1");
    SET("c2.a1", "delta=+0 r=5|5|5|5|5|5");
    D6("1");
    DO("cast", "who=3 ability=1");
    D6("1");
    DO("cast", "who=2 ability=1");       /* P2 fells enemy 1 */
    int waiting = OK("position", "who=1 enemy=2 pos=2");
    int done = OK("position", "who=2 enemy=2 pos=1");
    *value = waiting && !done;
    return 0;
}

/* A character far from the start (power 4, 3 SP, 2 of 7 LP), then a new
 * mission: what it starts with. */
static void worn_then_start(eng_probe *p)
{
    eng_probe_reset(p, 11);
    SET("c1.lpmax", "7");
    SET("c1.lp", "2");
    SET("c1.sp", "3");
    SET("c1.power", "4");
    DO("start", "players=2");
}

PROBE(probe_start_power) { worn_then_start(p); *value = GET("c1.power"); return 0; }
PROBE(probe_start_sp) { worn_then_start(p); *value = GET("c1.sp"); return 0; }
PROBE(probe_start_full)
{
    worn_then_start(p);
    *value = GET("c1.lp") == GET("c1.lpmax") && GET("c1.lpmax") == 7;
    return 0;
}

/* A fresh character casts ability 1, 2, ... in successive rounds: how many
 * of its sheet exist. */
PROBE(probe_abilities)
{
    fresh(p, 2);
    SET("e1.plates", "99");
    long n = 0;
    for (int k = 1; k <= 9; k++) {
        DO("round-start", NULL);
        D6("1");
        n += OK("cast", "who=2 ability=%d", k);
    }
    *value = n;
    return 0;
}

/* The position of the first occurrence of word in a log.steps text after
 * skip words, or -1. */
static int step_at(const char *steps, const char *word, int skip)
{
    int i = 0;
    size_t wl = strlen(word);
    for (const char *s = steps; *s; i++) {
        size_t l = strcspn(s, " ");
        if (i >= skip && l == wl && strncmp(s, word, l) == 0)
            return i;
        s += l + (s[l] == ' ');
    }
    return -1;
}

static int count_words(const char *s)
{
    int n = 0;
    for (; *s; n++)
        s += strcspn(s, " ") + (s[strcspn(s, " ")] == ' ');
    return n;
}

/* The place (1st, 2nd, 3rd) of a cast's effect, power change and roll, read
 * from the log; the shield of the effect must already take the hit of the
 * T field that the new power lands on. */
static int cast_rank(eng_probe *p, long *value, const char *which)
{
    char steps[2048];
    fresh(p, 2);
    SET("c2.thigh", "2");
    SET("c2.a1", "delta=+1 effect=sp:1 r=-|-|-|-|-|-");
    eng_probe_text(p, steps, sizeof steps, "log.steps");
    int skip = count_words(steps);
    D6("1");
    DO("cast", "who=2 ability=1");
    eng_probe_text(p, steps, sizeof steps, "log.steps");
    static const char *const names[] = {"effect", "power", "roll"};
    int at[3], mine = -1;
    for (int i = 0; i < 3; i++) {
        at[i] = step_at(steps, names[i], skip);
        if (at[i] < 0)
            return eng_probe_fail(p, "the cast logged no %s", names[i]);
        if (!strcmp(names[i], which))
            mine = i;
    }
    if (GET("c2.lp") != 6 || GET("c2.sp") != 0)
        return eng_probe_fail(p, "the effect's shield did not take the T field's hit");
    *value = 1;
    for (int i = 0; i < 3; i++)
        *value += at[i] < at[mine];
    return 0;
}

PROBE(probe_effect_at) { return cast_rank(p, value, "effect"); }
PROBE(probe_power_at) { return cast_rank(p, value, "power"); }
PROBE(probe_roll_at) { return cast_rank(p, value, "roll"); }

/* A result [T/3]: which of its two entries happens first (1 the left, 2 the
 * right) and which last. */
static int result_sides(eng_probe *p, long *first, long *last)
{
    char steps[2048];
    fresh(p, 2);
    SET("e1.plates", "99");
    SET("c2.a1", "delta=+0 r=T/3|T/3|T/3|T/3|T/3|T/3");
    eng_probe_text(p, steps, sizeof steps, "log.steps");
    int skip = count_words(steps);
    D6("1");
    DO("cast", "who=2 ability=1");
    eng_probe_text(p, steps, sizeof steps, "log.steps");
    int t = step_at(steps, "hit", skip), d = step_at(steps, "damage", skip);
    if (t < 0 || d < 0)
        return eng_probe_fail(p, "[T/3] did not both hit and deal damage");
    *first = t < d ? 1 : 2;
    *last = t < d ? 2 : 1;
    return 0;
}

PROBE(probe_roll_from) { long l; return result_sides(p, value, &l); }
PROBE(probe_roll_to) { long f; return result_sides(p, &f, value); }

/* [T/2] knocking the caster out: the 2 damage never comes. */
PROBE(probe_left_to_right)
{
    fresh(p, 2);
    SET("e1.plates", "2 2");
    SET("e1.damage", "1 3 1 1");
    SET("c2.a1", "delta=+0 r=T/2|T/2|T/2|T/2|T/2|T/2");
    SET("c2.lp", "2");
    D6("1");
    DO("cast", "who=2 ability=1");
    *value = GET("c2.ko") && GET("e1.plate") == 1;
    return 0;
}

/* [4/T] felling the enemy: the caster is not hit. */
PROBE(probe_fallen_no_hit)
{
    fresh(p, 2);
    SET("e1.plates", "4");
    SET("c2.a1", "delta=+0 r=4/T|4/T|4/T|4/T|4/T|4/T");
    long lp = GET("c2.lp");
    D6("1");
    DO("cast", "who=2 ability=1");
    *value = GET("e1.defeated") && GET("c2.lp") == lp;
    return 0;
}

PROBE(probe_t_hit)
{
    fresh(p, 2);
    SET("e1.damage", "1 2 1 1");
    SET("c2.tlow", "0");
    SET("c2.a1", "delta=-1 r=-|-|-|-|-|-");
    long lp = GET("c2.lp");
    D6("1");
    DO("cast", "who=2 ability=1");     /* power 1 -> 0, a T field */
    *value = lp - GET("c2.lp") == 2;   /* the damage of P2 */
    return 0;
}

/* Power 1, an ability costing 2, the low T at 0: castable? */
PROBE(probe_cross)
{
    fresh(p, 2);
    SET("c2.tlow", "0");
    SET("c2.a1", "delta=-2 r=1|1|1|1|1|1");
    D6("1");
    *value = OK("cast", "who=2 ability=1");
    return 0;
}

/* After the T field's hit the roll can still hit. */
PROBE(probe_t_then_roll)
{
    fresh(p, 2);
    SET("c2.thigh", "2");
    SET("c2.a1", "delta=+1 r=T|T|T|T|T|T");
    long lp = GET("c2.lp");
    D6("1");
    DO("cast", "who=2 ability=1");
    *value = lp - GET("c2.lp") == 2;
    return 0;
}

/* A shaded value counts when held at casting, not when the ability reaches it. */
PROBE(probe_shade_held)
{
    long got[2];
    for (int held = 0; held < 2; held++) {
        fresh(p, 2);
        SET("e1.plates", "4! 4!");
        SET("c2.a1", "delta=+1 r=3|3|3|3|3|3 shade=2:+1");
        SET("c2.power", held ? "2" : "1");
        D6("1");
        DO("cast", "who=2 ability=1");
        got[held] = GET("e1.plate") - 1;     /* 4 exactly takes the plate */
    }
    *value = got[1] == 1 && got[0] == 0;
    return 0;
}

/* Generic damage (a hit): the player may pay it in LP or in SP. */
PROBE(probe_free_choice)
{
    fresh(p, 2);
    SET("c1.sp", "2");
    eng_probe_save(p, 0);
    DO("hit", "who=1 pay=lp");
    int lp = GET("c1.lp") == 5 && GET("c1.sp") == 2;
    eng_probe_restore(p, 0);
    DO("hit", "who=1 pay=sp");
    int sp = GET("c1.lp") == 6 && GET("c1.sp") == 1;
    *value = lp && sp;
    return 0;
}

/* Named LP are LP, whatever SP the character has, and cannot be paid in SP. */
PROBE(probe_named)
{
    fresh(p, 2);
    SET("c1.sp", "3");
    DO("lose", "who=1 amount=2 kind=lp");
    int lp_ok = GET("c1.sp") == 3 && GET("c1.lp") == 4;
    DO("lose", "who=1 amount=1 kind=sp");
    int sp_ok = GET("c1.sp") == 2 && GET("c1.lp") == 4;
    int refused = !OK("lose", "who=1 amount=1 kind=lp pay=sp") && !OK("lose", "who=1 amount=1 kind=sp pay=lp");
    *value = lp_ok && sp_ok && refused && GET("c1.sp") == 2 && GET("c1.lp") == 4;
    return 0;
}

PROBE(probe_ko_lp)
{
    fresh(p, 2);
    for (int i = 0; i < 100 && !GET("c1.ko"); i++)
        DO("lose", "who=1 amount=1 kind=lp");
    if (!GET("c1.ko"))
        return eng_probe_fail(p, "100 LP lost and still not knocked out");
    *value = GET("c1.lp");
    return 0;
}

PROBE(probe_ko_sp)
{
    fresh(p, 2);
    SET("c1.sp", "3");
    DO("lose", "who=1 amount=6 kind=lp");
    *value = GET("c1.ko") && GET("c1.sp") == 0;
    return 0;
}

/* A shield cast on a knocked-out ally: does it give SP before LP? */
PROBE(probe_ko_no_sp)
{
    fresh(p, 2);
    SET("c2.a1", "delta=+0 effect=shield:2 r=-|-|-|-|-|-");
    DO("lose", "who=1 amount=6 kind=lp");
    D6("1");
    if (!OK("cast", "who=2 ability=1 ally=1"))
        return eng_probe_fail(p, "character 2 could not cast its shield");
    *value = GET("c1.ko") && GET("c1.sp") == 0;
    return 0;
}

PROBE(probe_ko_no_cast)
{
    fresh(p, 2);
    DO("lose", "who=2 amount=6 kind=lp");
    D6("1");
    int cast_ko = OK("cast", "who=2 ability=1");
    DO("gain", "who=2 kind=lp amount=1");
    D6("1");
    int cast_back = OK("cast", "who=2 ability=1");
    *value = !cast_ko && cast_back;
    return 0;
}

/* Knocked out when the last enemy falls: the LP after. */
PROBE(probe_fight_end)
{
    fresh(p, 2);
    SET("e1.plates", "1");
    DO("lose", "who=1 amount=6 kind=lp");
    DO("deal", "who=2 amount=1");
    *value = GET("c1.ko") ? -1 : GET("c1.lp");
    return 0;
}

PROBE(probe_all_ko)
{
    fresh(p, 3);
    DO("lose", "who=1 amount=6 kind=lp");
    DO("lose", "who=2 amount=6 kind=lp");
    long before = GET("over");
    DO("lose", "who=3 amount=6 kind=lp");
    *value = before == 0 && GET("over") == 1;
    return 0;
}

PROBE(probe_dead_no_heal)
{
    fresh(p, 2);
    DO("kill", "who=1");
    eng_probe_act(p, "gain", "who=1 kind=lp amount=3");
    *value = GET("c1.dead") && GET("c1.lp") == 0;
    return 0;
}

/* A buff cast again before use replaces the old one: the same character
 * buffs character 1 with +2, and next round, still unused, with +1. */
PROBE(probe_buff_replaced)
{
    fresh(p, 2);
    SET("e1.plates", "99");
    SET("c2.a1", "delta=+0 effect=buff:2 r=-|-|-|-|-|-");
    SET("c2.a2", "delta=+0 effect=buff:1 r=-|-|-|-|-|-");
    D6("1");
    DO("cast", "who=2 ability=1 ally=1");
    DO("round-start", NULL);
    long kept = GET("c1.buff");
    D6("1");
    DO("cast", "who=2 ability=2 ally=1");
    *value = kept == 2 && GET("c1.buff") == 1;
    return 0;
}

/* Round starts an unused buff survives while its caster does not cast. */
PROBE(probe_buff_rounds)
{
    fresh(p, 2);
    SET("e1.plates", "99");
    SET("c2.a1", "delta=+0 effect=buff:1 r=-|-|-|-|-|-");
    D6("1");
    DO("cast", "who=2 ability=1 ally=1");
    long n = 0;
    while (GET("c1.buff") && n < 9) {
        DO("round-start", NULL);
        n += GET("c1.buff") != 0;
    }
    *value = n;
    return 0;
}

PROBE(probe_buff_until_turn)
{
    fresh(p, 2);
    SET("e1.plates", "99");
    SET("c2.a1", "delta=+0 effect=buff:1 r=-|-|-|-|-|-");
    SET("c2.a2", "delta=+0 r=-|-|-|-|-|-");
    D6("1");
    DO("cast", "who=2 ability=1 ally=1");
    DO("round-start", NULL);
    int kept = GET("c1.buff") == 1;
    D6("1");
    DO("cast", "who=2 ability=2");
    *value = kept && GET("c1.buff") == 0;
    return 0;
}

/* Damage equal to the sum of two plates takes both. */
PROBE(probe_multi)
{
    fresh(p, 2);
    SET("e1.plates", "3/2 3/2 3/2");
    DO("deal", "who=1 amount=6");
    *value = GET("e1.plate") - 1;
    return 0;
}

PROBE(probe_less_nothing)
{
    fresh(p, 2);
    SET("e1.plates", "3/2 3/2");
    DO("deal", "who=1 amount=2");
    long less = GET("e1.plate") - 1;
    DO("deal", "who=1 amount=3");
    long exact = GET("e1.plate") - 1;
    DO("deal", "who=1 amount=5");
    *value = less == 0 && exact == 1 && GET("e1.plate") - 1 == 2;
    return 0;
}

/* Wounded, the smaller number takes the plate. */
PROBE(probe_wound_inner)
{
    fresh(p, 2);
    SET("e1.plates", "3/2 3/2");
    DO("wound", "who=1");
    DO("deal", "who=1 amount=2");
    *value = GET("e1.plate") == 2 && !GET("e1.wounded");
    return 0;
}

/* The fewest numbers on a plate (n+1/n/.../2) with which a wound takes. */
PROBE(probe_wound_numbers)
{
    for (int n = 1; n <= 2; n++) {
        char spec[32] = "";
        for (int k = n + 1; k >= 2; k--)
            snprintf(spec + strlen(spec), sizeof spec - strlen(spec), "%s%d", k == n + 1 ? "" : "/", k);
        fresh(p, 2);
        SET("e1.plates", spec);
        DO("wound", "who=1");
        if (GET("e1.wounded"))
            return *value = n, 0;
    }
    return eng_probe_fail(p, "no plate of one or two numbers can be wounded");
}

PROBE(probe_exact)
{
    fresh(p, 2);
    SET("e1.plates", "4! 3");
    DO("deal", "who=1 amount=5");
    DO("deal", "who=1 amount=3");
    long more_less = GET("e1.plate") - 1;
    DO("wound", "who=1");
    long wounded = GET("e1.wounded");
    DO("deal", "who=1 amount=4");
    *value = more_less == 0 && !wounded && GET("e1.plate") == 2;
    return 0;
}

PROBE(probe_nowound)
{
    fresh(p, 2);
    SET("e1.plates", "3* 3");
    DO("wound", "who=1");
    DO("deal", "who=1 amount=2");
    int held = GET("e1.plate") == 1 && !GET("e1.wounded");
    DO("deal", "who=1 amount=3");
    *value = held && GET("e1.plate") == 2;
    return 0;
}

/* A sacrifice plate: only in the turn of the one who pays. */
static int sacrifice_plate(eng_probe *p, long *value, const char *plate, const char *kind)
{
    fresh(p, 2);
    SET("e1.plates", plate);
    SET("c1.sp", "1");
    SET("c2.sp", "1");
    int off_turn = OK("sacrifice", "who=1 kind=%s", kind);     /* P2 is on turn */
    int on_turn = OK("sacrifice", "who=2 kind=%s", kind);
    *value = !off_turn && on_turn && GET("e1.plate") == 2;
    return 0;
}

PROBE(probe_plate_lp) { return sacrifice_plate(p, value, "LP 3", "lp"); }
PROBE(probe_plate_sp) { return sacrifice_plate(p, value, "SP 3", "sp"); }

PROBE(probe_plate_wound)
{
    fresh(p, 2);
    SET("e1.plates", "V 3/2");
    DO("deal", "who=1 amount=9");
    long dmg = GET("e1.plate") - 1;
    DO("wound", "who=1");
    *value = dmg == 0 && GET("e1.plate") == 2 && !GET("e1.wounded");
    return 0;
}

/* Linked [6+,LP]: met in one round, in either order, by two characters. */
PROBE(probe_linked)
{
    int ok = 1;
    for (int order = 0; order < 2; order++) {
        fresh(p, 2);
        SET("e1.plates", "[6+,LP] 3");
        SET("c1.a1", "delta=+0 r=6|6|6|6|6|6");
        SET("c2.a1", "delta=+0 r=6|6|6|6|6|6");
        /* P2 goes first: it either sacrifices then P1 hits, or hits and P1 sacrifices */
        if (order == 0) {
            DO("sacrifice", "who=2 kind=lp");
            D6("1");
            DO("cast", "who=2 ability=1");
            D6("1");
            DO("cast", "who=1 ability=1");
        } else {
            D6("1");
            DO("cast", "who=2 ability=1");
            DO("sacrifice", "who=1 kind=lp");
        }
        ok &= GET("e1.plate") == 2;
    }
    *value = ok;
    return 0;
}

/* Half met and the round ends: at the next round's start it is reset. */
PROBE(probe_linked_reset)
{
    fresh(p, 2);
    SET("e1.plates", "[3+,4!] 3");
    DO("deal", "who=2 amount=3");
    long half = GET("e1.met");
    DO("round-start", NULL);
    DO("deal", "who=1 amount=4");
    *value = half == 1 && GET("e1.plate") == 1;
    return 0;
}

/* More players, more life: the grey plates of the track. */
PROBE(probe_life_players)
{
    long left[5] = {0};
    for (int n = 2; n <= 4; n++) {
        eng_probe_reset(p, 11);
        DO("start", "players=%d", n);
        SET("e1.plates", "4p:3 3p:3 3 3");
        DO("spawn", "enemy=1");
        left[n] = GET("e1.left");
    }
    *value = left[2] < left[3] && left[3] < left[4];
    return 0;
}

/* Two enemies, a knocked-out character: which enemy's fall brings it back
 * (1 the first, -1 the last, 0 none). */
PROBE(probe_recover_at)
{
    eng_probe_reset(p, 11);
    DO("start", "players=3");
    SET("e1.plates", "1");
    SET("e2.plates", "1");
    DO("spawn", "enemy=1");
    DO("spawn", "enemy=2");
    DO("position", "who=1 enemy=1 pos=1");
    DO("position", "who=2 enemy=1 pos=2");
    DO("position", "who=3 enemy=2 pos=3");
    DO("lose", "who=1 amount=6 kind=lp");
    DO("deal", "who=2 amount=1");
    if (!GET("c1.ko"))
        return *value = 1, 0;
    DO("deal", "who=3 amount=1");
    *value = GET("c1.ko") ? 0 : -1;
    return 0;
}

/* The fewest characters that take a linked plate [6+,LP] in one round. */
PROBE(probe_linked_players)
{
    fresh(p, 2);
    SET("e1.plates", "[6+,LP] 3");
    SET("c2.a1", "delta=+0 r=6|6|6|6|6|6");
    DO("sacrifice", "who=2 kind=lp");
    D6("1");
    DO("cast", "who=2 ability=1");
    if (GET("e1.taken"))
        return *value = 1, 0;
    fresh(p, 2);
    SET("e1.plates", "[6+,LP] 3");
    SET("c1.a1", "delta=+0 r=6|6|6|6|6|6");
    DO("sacrifice", "who=2 kind=lp");
    D6("1");
    DO("cast", "who=2 ability=1");
    D6("1");
    DO("cast", "who=1 ability=1");
    if (GET("e1.taken"))
        return *value = 2, 0;
    return eng_probe_fail(p, "two characters could not take [6+,LP] either");
}

/* The smallest group in which a character may take position pos. */
static int players_for(eng_probe *p, long *value, int pos)
{
    for (int n = 2; n <= 4; n++) {
        eng_probe_reset(p, 11);
        DO("start", "players=%d", n);
        DO("spawn", "enemy=1");
        if (OK("position", "who=1 enemy=1 pos=%d", pos))
            return *value = n, 0;
    }
    return eng_probe_fail(p, "no group of 2 to 4 may take P%d", pos);
}

PROBE(probe_players_p2) { return players_for(p, value, 2); }
PROBE(probe_players_p3) { return players_for(p, value, 3); }
PROBE(probe_players_p4) { return players_for(p, value, 4); }

/* The power values on which landing is a hit: from either side, with a
 * change of one, over the whole range of the keys. */
PROBE(probe_t_fields)
{
    long n = 0;
    for (int v = -19; v <= 19; v++) {
        int hit = 0;
        for (int side = -1; side <= 1 && !hit; side += 2) {
            fresh(p, 2);
            SET("e1.plates", "99");
            eng_probe_setl(p, v + side, "c2.power");
            eng_probe_setl(p, -side, "c2.a1.delta");
            long lp = GET("c2.lp");
            D6("1");
            if (OK("cast", "who=2 ability=1"))
                hit = GET("c2.lp") < lp;
        }
        n += hit;
    }
    *value = n;
    return 0;
}

/* ---- progress fields ---- */

static void with_fields(eng_probe *p, const char *fields)
{
    eng_probe_reset(p, 11);
    SET("e1.plates", "99");
    SET("fields", fields);
    DO("start", "players=2");
    DO("spawn", "enemy=1");
    DO("position", "who=1 enemy=1 pos=1");
    DO("position", "who=2 enemy=1 pos=2");
}

/* How many fields one round start moves the track on. */
PROBE(probe_field_per_round)
{
    with_fields(p, "- - - -");
    DO("round-start", NULL);
    long a = GET("field");
    DO("round-start", NULL);
    *value = GET("field") - a;
    return 0;
}

/* The longest run of rounds in which 1 damage becomes 2 (the field's bonus). */
static int bonus_run(eng_probe *p, long *value, const char *fields)
{
    with_fields(p, fields);
    long run = 0, best = 0;
    for (int r = 0; r < 6; r++) {
        DO("round-start", NULL);
        DO("deal", "who=1 amount=1");
        run = GET("c1.dealt") == 2 ? run + 1 : 0;
        if (run > best)
            best = run;
    }
    *value = best;
    return 0;
}

PROBE(probe_field_rounds) { return bonus_run(p, value, "- dmg:1 - - - -"); }
PROBE(probe_field_pair) { return bonus_run(p, value, "- dmg:1 dmg:1 - - -"); }

/* A field "until enemy 1 falls" is read again while it stands, and the
 * next one follows once it has fallen. */
PROBE(probe_field_repeat)
{
    eng_probe_reset(p, 11);
    SET("e1.plates", "3");
    SET("fields", "+1,until:1 - -");
    DO("start", "players=2");
    DO("round-start", NULL);
    long f1 = GET("field"), present = GET("e1.present");
    DO("round-start", NULL);
    long f2 = GET("field");
    DO("position", "who=1 enemy=1 pos=1");
    DO("deal", "who=1 amount=3");
    DO("round-start", NULL);
    *value = present && f1 == 1 && f2 == 1 && GET("field") == 2;
    return 0;
}

/* "+ Gegnername" on a field: the enemy appears when that field is read. */
PROBE(probe_field_spawn)
{
    eng_probe_reset(p, 11);
    SET("fields", "- +1 -");
    DO("start", "players=2");
    DO("round-start", NULL);
    long before = GET("e1.present");
    DO("round-start", NULL);
    *value = !before && GET("e1.present") && GET("e1.left") == GET("e1.count");
    return 0;
}

/* Defeated when the life reaches the skull: not a plate earlier. */
PROBE(probe_skull)
{
    fresh(p, 2);
    SET("e1.plates", "3 3");
    DO("deal", "who=1 amount=3");
    int standing = !GET("e1.defeated") && GET("e1.left") == 1;
    DO("deal", "who=1 amount=3");
    *value = standing && GET("e1.defeated") && GET("e1.left") == 0;
    return 0;
}

/* ---- the results of a roll ---- */

/* Character 2 casts an ability whose every face shows res; c2 has 3 of 6 LP. */
static void cast_result(eng_probe *p, const char *res, const char *plates)
{
    char spec[96];
    fresh(p, 2);
    SET("e1.plates", plates);
    SET("e1.damage", "1 2 1 1");
    SET("c2.lp", "3");
    snprintf(spec, sizeof spec, "delta=+0 r=%s|%s|%s|%s|%s|%s", res, res, res, res, res, res);
    SET("c2.a1", spec);
    D6("1");
    DO("cast", "who=2 ability=1");
}

PROBE(probe_result_lp) { cast_result(p, "LP", "99"); *value = GET("c2.lp") - 3; return 0; }
PROBE(probe_result_sp) { cast_result(p, "SP", "99"); *value = GET("c2.sp"); return 0; }
PROBE(probe_result_hit) { cast_result(p, "T", "99"); *value = 3 - GET("c2.lp") == GET("c2.hurt"); return 0; }
PROBE(probe_result_damage)
{
    cast_result(p, "5", "99");
    *value = GET("last.damage") == 5 && GET("c2.dealt") == 5;
    return 0;
}
PROBE(probe_result_wound) { cast_result(p, "V", "3/2 3/2"); *value = GET("e1.wounded"); return 0; }

/* ---- what the sheet assumes where the source is silent ---- */

/* [4/LP] felling the enemy: does the LP still come? */
PROBE(probe_fallen_rest) { cast_result(p, "4/LP", "4"); *value = GET("e1.defeated") && GET("c2.lp") > 3; return 0; }

/* [T/LP] whose T knocks the caster out: does the LP still come (and revive)? */
PROBE(probe_ko_rest)
{
    fresh(p, 2);
    SET("e1.plates", "99");
    SET("e1.damage", "1 3 1 1");
    SET("c2.lp", "3");
    SET("c2.a1", "delta=+0 r=T/LP|T/LP|T/LP|T/LP|T/LP|T/LP");
    D6("1");
    DO("cast", "who=2 ability=1");
    *value = GET("c2.lp") > 0;
    return 0;
}

/* On a T already, an ability with a change of 0: hit again? */
PROBE(probe_t_stay)
{
    fresh(p, 2);
    SET("c2.power", "0");
    SET("c2.tlow", "0");
    SET("c2.a1", "delta=+0 r=-|-|-|-|-|-");
    long lp = GET("c2.lp");
    D6("1");
    DO("cast", "who=2 ability=1");
    *value = GET("c2.lp") < lp;
    return 0;
}

/* A shaded +1 and the result [1/1] on exact plates of 2: does each number get it? */
PROBE(probe_shade_each)
{
    fresh(p, 2);
    SET("e1.plates", "2! 2! 2!");
    SET("c2.a1", "delta=+0 r=1/1|1/1|1/1|1/1|1/1|1/1 shade=1:+1");
    D6("1");
    DO("cast", "who=2 ability=1");
    *value = GET("e1.taken") == 2;
    return 0;
}

/* Characters 2 and 3 buff character 1 in one round: does the second replace the first? */
PROBE(probe_buff_other)
{
    fresh(p, 3);
    SET("e1.plates", "99");
    SET("c3.a1", "delta=+0 effect=buff:2 r=-|-|-|-|-|-");
    SET("c2.a1", "delta=+0 effect=buff:1 r=-|-|-|-|-|-");
    D6("1");
    DO("cast", "who=3 ability=1 ally=1");
    D6("1");
    DO("cast", "who=2 ability=1 ally=1");
    *value = GET("c1.buff") == 1;
    return 0;
}

/* A buffed character deals damage twice: only the first gets the buff. */
PROBE(probe_buff_once)
{
    fresh(p, 2);
    SET("e1.plates", "99");
    SET("c2.a1", "delta=+0 effect=buff:1 r=-|-|-|-|-|-");
    D6("1");
    DO("cast", "who=2 ability=1 ally=1");
    DO("deal", "who=1 amount=1");
    long first = GET("c1.dealt");
    DO("deal", "who=1 amount=1");
    *value = first == 2 && GET("c1.dealt") == 1;
    return 0;
}

/* A knocked-out character takes a position at a round's start. */
PROBE(probe_ko_position)
{
    eng_probe_reset(p, 11);
    DO("start", "players=2");
    DO("spawn", "enemy=1");
    DO("lose", "who=1 amount=6 kind=lp");
    DO("round-start", NULL);
    *value = GET("c1.ko") && OK("position", "who=1 enemy=1 pos=1");
    return 0;
}

/* When an enemy falls, may a character at another enemy who has not cast
 * yet change places too? */
PROBE(probe_reposition_others)
{
    eng_probe_reset(p, 11);
    DO("start", "players=4");
    SET("e1.plates", "3");
    SET("e2.plates", "99");
    SET("c4.a1", "delta=+0 r=5|5|5|5|5|5");
    DO("spawn", "enemy=1");
    DO("spawn", "enemy=2");
    DO("position", "who=4 enemy=1 pos=4");
    DO("position", "who=1 enemy=1 pos=1");
    DO("position", "who=2 enemy=2 pos=2");
    DO("position", "who=3 enemy=2 pos=3");
    D6("1");
    DO("cast", "who=4 ability=1");      /* enemy 1 falls; P4 is free */
    if (!GET("e1.defeated"))
        return eng_probe_fail(p, "enemy 1 did not fall");
    *value = OK("position", "who=3 enemy=2 pos=4");
    return 0;
}

/* 7 damage against 3, 4!, 3: does what is left after the first plate go on
 * into the exact plate? */
PROBE(probe_runs_exact)
{
    fresh(p, 2);
    SET("e1.plates", "3 4! 3");
    DO("deal", "who=1 amount=7");
    *value = GET("e1.taken") == 2;
    return 0;
}

/* A sacrifice to a plate, then the ability of the same turn. */
PROBE(probe_sacrifice_extra)
{
    fresh(p, 2);
    SET("e1.plates", "LP 99");
    DO("sacrifice", "who=2 kind=lp");
    D6("1");
    *value = OK("cast", "who=2 ability=1");
    return 0;
}

/* LP at full, +2: above full? SP 9, +1: held back? */
PROBE(probe_lp_capped)
{
    fresh(p, 2);
    long full = GET("c1.lpmax");
    DO("gain", "who=1 kind=lp amount=2");
    *value = GET("c1.lp") == full;
    return 0;
}

PROBE(probe_sp_capped)
{
    fresh(p, 2);
    SET("c1.sp", "9");
    DO("gain", "who=1 kind=sp amount=1");
    *value = GET("c1.sp") == 9;
    return 0;
}

const eng_fact eng_noxius_facts[] = {
    {"noxius.players.min", "smallest group with which a mission starts (start players=0..9)", probe_players_min},
    {"noxius.players.max", "largest group with which a mission starts (start players=9..0)", probe_players_max},
    {"noxius.die.faces", "different results of 600 rolls of the die", probe_faces},
    {"noxius.positions.two", "highest position a character may take with 2 players", probe_positions_two},
    {"noxius.positions.three", "highest position a character may take with 3 players", probe_positions_three},
    {"noxius.positions.four", "highest position a character may take with 4 players", probe_positions_four},
    {"noxius.positions.exclusive", "1 if a position taken at one enemy is closed at every other", probe_positions_exclusive},
    {"noxius.order.from", "the end the turns start from, across enemies: 1 the highest position, 2 the lowest", probe_order_from},
    {"noxius.order.to", "the end the turns run to, across enemies: 2 the lowest position, 1 the highest", probe_order_to},
    {"noxius.players.p2", "smallest group in which P2 may be taken", probe_players_p2},
    {"noxius.players.p3", "smallest group in which P3 may be taken", probe_players_p3},
    {"noxius.players.p4", "smallest group in which P4 may be taken", probe_players_p4},
    {"noxius.round.casts", "abilities one character casts in a round", probe_one_cast},
    {"noxius.reposition.round", "1 if places change at a round's start and not mid-round", probe_reposition_round},
    {"noxius.reposition.defeat", "1 if those at a fallen enemy who have not cast may take a free place", probe_reposition_defeat},
    {"noxius.start.power", "power of a character after a new mission starts (4 before)", probe_start_power},
    {"noxius.start.sp", "shield points after a new mission starts (3 before)", probe_start_sp},
    {"noxius.start.lp-full", "1 if a character has full LP after a new mission starts (2 of 7 before)", probe_start_full},
    {"noxius.abilities", "abilities a fresh character can cast, one per round, trying 1..9", probe_abilities},
    {"noxius.cast.effect-at", "place (1st, 2nd, 3rd) of the effect in a cast (its shield takes the T field's hit)", probe_effect_at},
    {"noxius.cast.power-at", "place of the power change in a cast", probe_power_at},
    {"noxius.cast.roll-at", "place of the roll in a cast", probe_roll_at},
    {"noxius.roll.from", "the entry of [T/3] that happens first: 1 the left, 2 the right", probe_roll_from},
    {"noxius.roll.to", "the entry of [T/3] that happens last: 2 the right, 1 the left", probe_roll_to},
    {"noxius.roll.left-to-right", "1 if [T/2] knocking the caster out deals no damage", probe_left_to_right},
    {"noxius.roll.fallen-no-hit", "1 if [4/T] felling the enemy spares the caster", probe_fallen_no_hit},
    {"noxius.power.t-hit", "1 if landing on a T field costs the damage of the position", probe_t_hit},
    {"noxius.power.cross", "1 if power 1 may pay 2 with the low T field at 0", probe_cross},
    {"noxius.power.t-then-roll", "1 if after a T field's hit the roll can hit too", probe_t_then_roll},
    {"noxius.power.shade-held", "1 if a shaded value counts when held at casting, not when reached", probe_shade_held},
    {"noxius.lpsp.free", "1 if a hit may be paid in LP or in SP, as the player chooses", probe_free_choice},
    {"noxius.lpsp.named", "1 if named LP or SP losses take exactly that and cannot be paid otherwise", probe_named},
    {"noxius.ko.lp", "LP at which a character is knocked out", probe_ko_lp},
    {"noxius.ko.sp-lost", "1 if the knock-out takes all SP", probe_ko_sp},
    {"noxius.ko.no-cast", "1 if a knocked-out character cannot cast until it gets LP", probe_ko_no_cast},
    {"noxius.ko.no-sp", "1 if a knocked-out character gets no SP (a shield) until it has LP again", probe_ko_no_sp},
    {"noxius.ko.fight-end", "LP of a knocked-out character after the last enemy falls", probe_fight_end},
    {"noxius.ko.all-fail", "1 if the mission fails when the last character is knocked out", probe_all_ko},
    {"noxius.dead.no-heal", "1 if a dead character cannot be healed", probe_dead_no_heal},
    {"noxius.buff.replaced", "1 if a recast buff replaces the unused old one", probe_buff_replaced},
    {"noxius.buff.rounds", "round starts an unused buff survives while its caster does not cast", probe_buff_rounds},
    {"noxius.buff.until-turn", "1 if a buff ends when its caster's next turn begins", probe_buff_until_turn},
    {"noxius.plate.multi", "plates taken by 6 damage on 3/2 3/2 3/2", probe_multi},
    {"noxius.plate.threshold", "1 if less than the outer number does nothing and as much or more takes the plate", probe_less_nothing},
    {"noxius.wound.inner", "1 if a wounded plate falls to its smaller number, and the wound goes with it", probe_wound_inner},
    {"noxius.wound.numbers", "fewest numbers on a plate with which a wound takes (plates 2, 3/2)", probe_wound_numbers},
    {"noxius.plate.exact", "1 if an exact plate takes exactly its number and ignores wounds", probe_exact},
    {"noxius.plate.no-wound", "1 if a not-woundable plate ignores wounds and needs its number", probe_nowound},
    {"noxius.plate.lp", "1 if an LP plate falls to an LP sacrificed in one's own turn only", probe_plate_lp},
    {"noxius.plate.sp", "1 if an SP plate falls to an SP sacrificed in one's own turn only", probe_plate_sp},
    {"noxius.plate.wound", "1 if a wound plate falls to a wound only, and the next is unwounded", probe_plate_wound},
    {"noxius.linked.any-order", "1 if a linked plate falls to both conditions in one round, either order", probe_linked},
    {"noxius.linked.players", "fewest characters that take a linked plate [6+,LP] in one round", probe_linked_players},
    {"noxius.linked.reset", "1 if a half-met linked plate is reset at the next round's start", probe_linked_reset},
    {"noxius.enemy.life-players", "1 if an enemy starts with more plates for more players", probe_life_players},
    {"noxius.enemy.skull", "1 if an enemy is defeated when its last plate is taken, not earlier", probe_skull},
    {"noxius.ko.recover-at", "which enemy's fall brings the knocked-out back: 1 the first, -1 the last", probe_recover_at},
    {"noxius.power.t-fields", "power values on which landing is a hit (-19..19, changes of one)", probe_t_fields},
    {"noxius.field.per-round", "progress fields one round start moves the track on", probe_field_per_round},
    {"noxius.field.rounds", "rounds in a row a field's bonus damage holds", probe_field_rounds},
    {"noxius.field.pair-rounds", "rounds in a row a bonus holds when two successive fields show it", probe_field_pair},
    {"noxius.field.repeat", "1 if a field is read again until its enemy falls, then the next", probe_field_repeat},
    {"noxius.field.spawn", "1 if an enemy named on a field appears at full life when it is read", probe_field_spawn},
    {"noxius.result.lp", "LP a result LP gives", probe_result_lp},
    {"noxius.result.sp", "SP a result SP gives", probe_result_sp},
    {"noxius.result.hit", "1 if a result T costs the damage of the caster's position", probe_result_hit},
    {"noxius.result.damage", "1 if a result 5 deals 5 damage to the caster's enemy", probe_result_damage},
    {"noxius.result.wound", "1 if a result V wounds the caster's enemy", probe_result_wound},
    {"noxius.roll.fallen-rest", "1 if [4/LP] felling the enemy still gives the LP", probe_fallen_rest},
    {"noxius.roll.ko-rest", "1 if [T/LP] knocking the caster out still gives the LP", probe_ko_rest},
    {"noxius.power.t-stay", "1 if an ability with a change of 0 on a T hits again", probe_t_stay},
    {"noxius.power.shade-each", "1 if a shaded bonus is added to each damage number of [1/1]", probe_shade_each},
    {"noxius.buff.other-replaces", "1 if a buff from another character replaces the unused one", probe_buff_other},
    {"noxius.buff.used-once", "1 if the next damage uses a buff up", probe_buff_once},
    {"noxius.ko.position", "1 if a knocked-out character takes a position at a round's start", probe_ko_position},
    {"noxius.reposition.others", "1 if, when an enemy falls, a character at another enemy who has not cast may move", probe_reposition_others},
    {"noxius.plate.runs-exact", "1 if 7 damage against 3, 4!, 3 takes the exact plate too", probe_runs_exact},
    {"noxius.plate.sacrifice-extra", "1 if the character who sacrificed to a plate still casts in that turn", probe_sacrifice_extra},
    {"noxius.lp.capped", "1 if LP do not rise above full", probe_lp_capped},
    {"noxius.sp.capped", "1 if SP stop at 9", probe_sp_capped},
};

/* ---- reading specs, independently of the engine's parser ------------------------------------------- */

/* The value after "name=" in an ability spec, into buf ("" when absent). */
static void spec_part(const eng_state *st, long c, long k, const char *name, char *buf, size_t len)
{
    char spec[512], err[128];
    buf[0] = '\0';
    if (eng_get(st, (snprintf(err, sizeof err, "c%ld.a%ld", c, k), err), spec, sizeof spec, err, sizeof err) != 0)
        return;
    size_t nl = strlen(name);
    for (const char *s = spec; *s; s += strcspn(s, " "), s += *s == ' ') {
        if (strncmp(s, name, nl) == 0 && s[nl] == '=') {
            size_t l = strcspn(s + nl + 1, " ");
            snprintf(buf, len, "%.*s", (int)l, s + nl + 1);
            return;
        }
    }
}

static long spec_delta(const eng_state *st, long c, long k)
{
    char d[16];
    spec_part(st, c, k, "delta", d, sizeof d);
    return strtol(d, NULL, 10);
}

/* The shaded bonus the spec gives at power, 0 none. */
static long spec_shade(const eng_state *st, long c, long k, long power)
{
    char s[128];
    spec_part(st, c, k, "shade", s, sizeof s);
    for (char *q = s; *q;) {
        char *end;
        long at = strtol(q, &end, 10);
        if (*end != ':')
            break;
        long bonus = strtol(end + 1, &end, 10);
        if (at == power)
            return bonus;
        q = end + (*end == ',');
    }
    return 0;
}

/* The sum of the N of every "name:N" op of an effect's text. */
static long effect_sum(const char *s, const char *name)
{
    long sum = 0;
    size_t nl = strlen(name);
    for (const char *q = s; *q; q += strcspn(q, ","), q += *q == ',')
        if (strncmp(q, name, nl) == 0 && q[nl] == ':')
            sum += strtol(q + nl + 1, NULL, 10);
    return sum;
}


/* The damage of a hit at character c's position. */
static long position_damage(const eng_state *st, long c)
{
    char d[64], err[64], key[32];
    long e = eng_val(st, "c%ld.enemy", c), pos = eng_val(st, "c%ld.pos", c);
    snprintf(key, sizeof key, "e%ld.damage", e);
    if (e < 1 || pos < 1 || eng_get(st, key, d, sizeof d, err, sizeof err) != 0)
        return 0;
    const char *q = d;
    long v = 0;
    for (long i = 0; i < pos; i++) {
        char *end;
        v = strtol(q, &end, 10);
        q = end;
    }
    return v;
}

/* ---- AI: a round ------------------------------------------------------------------------------------- */

static int pred_r_linked(const eng_state *st)
{
    for (int e = 1; e <= 4; e++)
        if (eng_val(st, "e%d.present", e) && eng_val(st, "e%d.kind", e) == 6 && eng_val(st, "e%d.met", e))
            return 1;
    return 0;
}

/* The round's last two decisions stand after the turns: they are taken
 * where they stand (eng_pred.eval_at), on the state the turns left, and
 * read it through keys alone. */
static long defeated(const eng_state *st)
{
    long n = 0;
    for (int e = 1; e <= 4; e++)
        n += eng_val(st, "e%d.defeated", e);
    return n;
}

/* every character knocked out (or dead) by the end of the turns */
static int pred_r_failed_at(const eng_state *start, const eng_state *now)
{
    (void)start;
    return eng_val(now, "over") == 1;
}

/* the field is clear now, and an enemy fell in this round */
static int pred_r_clear_at(const eng_state *start, const eng_state *now)
{
    return eng_val(now, "fight.over") == 1 && defeated(now) > defeated(start);
}

static int post_field(const eng_state *b, const eng_state *a)
{
    int ok = eng_val(a, "round") == eng_val(b, "round") + 1 && eng_val(a, "phase") == 0;
    for (long c = 1; c <= eng_val(a, "players"); c++)
        ok &= eng_val(a, "c%ld.acted", c) == 0;
    return ok;
}

static int post_linked_reset(const eng_state *b, const eng_state *a)
{
    for (int e = 1; e <= 4; e++)
        if (eng_val(a, "e%d.present", e) && eng_val(a, "e%d.met", e))
            return 0;
    return pred_r_linked(b) && eng_val(a, "log.linked-reset") > eng_val(b, "log.linked-reset");
}

/* Every living character has its own position at an enemy on the field. */
static int post_reposition(const eng_state *b, const eng_state *a)
{
    long n = eng_val(a, "players"), used = 0;
    (void)b;
    /* the enemies this round brings have appeared (or fell as they came) */
    for (long e = 1; e <= 4; e++)
        if (eng_val(a, "e%ld.round", e) == eng_val(a, "round") && !eng_val(a, "e%ld.present", e) &&
            !eng_val(a, "e%ld.defeated", e))
            return 0;
    if (eng_val(a, "fight.over"))
        return 1;
    for (long c = 1; c <= n; c++) {
        long pos = eng_val(a, "c%ld.pos", c), e = eng_val(a, "c%ld.enemy", c);
        if (eng_val(a, "c%ld.dead", c))
            continue;
        if (pos < 1 || pos > n || e < 1 || !eng_val(a, "e%ld.present", e) || (used & (1L << pos)) ||
            eng_val(a, "c%ld.acted", c))
            return 0;
        used |= 1L << pos;
    }
    return 1;
}

/* No one is left to cast, and whoever was on turn has cast. */
static int post_turns(const eng_state *b, const eng_state *a)
{
    return (eng_val(a, "current") == 0 || eng_val(a, "over") == 1) &&
           eng_val(a, "log.turn") >= eng_val(b, "log.turn") + (eng_val(b, "current") > 0);
}

static int post_recover(const eng_state *b, const eng_state *a)
{
    (void)b;
    if (!eng_val(a, "fight.over"))
        return 0;
    for (long c = 1; c <= eng_val(a, "players"); c++)
        if (!eng_val(a, "c%ld.dead", c) && eng_val(a, "c%ld.ko", c))
            return 0;
    return 1;
}

static int post_failed(const eng_state *b, const eng_state *a) { (void)b; return eng_val(a, "over") == 1; }
static int post_next(const eng_state *b, const eng_state *a) { (void)b; return eng_val(a, "over") == 0; }

static void force(eng_state *st, const char *face)
{
    const eng_die *d6 = eng_find_die(eng_state_game(st), "d6");
    if (d6)
        eng_rng_force(eng_state_rng(st), d6, face);
}

static int put(eng_state *st, const char *value, const char *keyfmt, ...) __attribute__((format(printf, 3, 4)));
static int put(eng_state *st, const char *value, const char *keyfmt, ...)
{
    char key[32], err[256];
    va_list ap;
    va_start(ap, keyfmt);
    vsnprintf(key, sizeof key, keyfmt, ap);
    va_end(ap);
    return eng_set(st, key, value, err, sizeof err);
}

static int run(eng_state *st, const char *action, const char *args)
{
    char err[256];
    return eng_act(st, action, args, err, sizeof err);
}

/* 2, 3 and 4 players at P1..Pn of one enemy; plain plates, one plate of 2
 * (falls at once), a linked plate half met last round; 1 or 3 LP and hits
 * of 1 or 3; and the die showing, for each character, one of the four
 * kinds of result of the ability T|2|3|T/2|4/T|V that differ for a round:
 * a hit (1), plain damage (3), hit then damage (4), damage then hit (5).
 * Every combination for 2 players, of the first, second and fourth kind for
 * 3, the same face for all with 4; and a round with no enemy at all. */
static long enum_round(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    static const char *const plates[] = {"3/2 3/2", "2", "[3+,4!] 3"};
    static const char *const faces[] = {"1", "3", "5", "4"};
    long n = 0;
    eng_state *base = eng_state_new(g, seed), *st = eng_state_new(g, seed);
    if (!base || !st) {
        eng_state_free(base), eng_state_free(st);
        return -1;
    }
    for (int players = 2; players <= 4; players++) {
        int nf = players == 3 ? 3 : 4;
        int ncomb = players == 4 ? 4 : players == 3 ? 27 : 16;
        for (int cfg = 0; cfg < 3; cfg++)
            for (int lp = 1; lp <= 3; lp += 2)
                for (int dmg = 1; dmg <= 3; dmg += 2) {
                    char buf[64];
                    eng_state_free(base);
                    base = eng_state_new(g, seed);
                    if (!base)
                        break;
                    snprintf(buf, sizeof buf, "players=%d", players);
                    run(base, "start", buf);
                    snprintf(buf, sizeof buf, "%d %d %d %d", dmg, dmg, dmg, dmg);
                    put(base, buf, "e1.damage");
                    put(base, plates[cfg], "e1.plates");
                    run(base, "spawn", "enemy=1");
                    snprintf(buf, sizeof buf, "%d", lp);
                    for (long c = 1; c <= players; c++) {
                        put(base, buf, "c%ld.lp", c);
                        put(base, "delta=+0 r=T|2|3|T/2|4/T|V", "c%ld.a1", c);
                        for (long k = 2; k <= 4; k++)
                            put(base, "", "c%ld.a%ld", c, k);
                        char args[48];
                        snprintf(args, sizeof args, "who=%ld enemy=1 pos=%ld", c, c);
                        run(base, "position", args);
                    }
                    if (cfg == 2)        /* met last round by character 1 */
                        run(base, "deal", "who=1 amount=3");
                    for (int comb = 0; comb < ncomb; comb++) {
                        eng_state_assign(st, base);
                        for (int c = 0; c < players; c++) {
                            int digit = players == 4 ? comb : (comb / (c == 0 ? 1 : c == 1 ? nf : nf * nf)) % nf;
                            force(st, faces[digit]);
                        }
                        n++;
                        if (visit(st, ctx))
                            goto done;
                    }
                }
    }
    /* a round with no enemy on the field (its progress field brings none),
     * with and without a knocked-out character: nothing to recover from;
     * and a round whose field brings enemy 1 to characters with no place
     * yet: it appears, and they take places before the turns */
    for (int ko = 0; ko <= 2 && base; ko++) {
        eng_state_free(base);
        base = eng_state_new(g, seed);
        if (!base || run(base, "start", "players=2") != ENG_OK ||
            (ko == 1 && run(base, "lose", "who=1 amount=9 kind=lp") != ENG_OK) ||
            (ko == 2 && put(base, "1", "e1.round") != 0))
            break;
        n++;
        if (visit(base, ctx))
            goto done;
    }
done:
    eng_state_free(base);
    eng_state_free(st);
    return n;
}

static void describe(const eng_state *st, char *buf, size_t len)
{
    size_t u = 0;
    char text[256], err[64], key[32];
#define PUTS(...) do { int w_ = snprintf(buf + u, u < len ? len - u : 0, __VA_ARGS__); \
                       if (w_ > 0) u += (size_t)w_; } while (0)
    PUTS("%ld players, round %ld;", eng_val(st, "players"), eng_val(st, "round"));
    for (long c = 1; c <= eng_val(st, "players"); c++) {
        snprintf(key, sizeof key, "c%ld.a%ld", c, eng_val(st, "ai.ability"));
        if (eng_get(st, key, text, sizeof text, err, sizeof err) != 0)
            text[0] = '\0';
        PUTS(" c%ld(LP %ld, SP %ld, power %ld in %ld..%ld, P%ld at e%ld%s%s; %s)", c, eng_val(st, "c%ld.lp", c),
             eng_val(st, "c%ld.sp", c), eng_val(st, "c%ld.power", c), eng_val(st, "c%ld.tlow", c),
             eng_val(st, "c%ld.thigh", c), eng_val(st, "c%ld.pos", c), eng_val(st, "c%ld.enemy", c),
             eng_val(st, "c%ld.ko", c) ? ", knocked out" : "", eng_val(st, "c%ld.acted", c) ? ", has cast" : "", text);
    }
    for (long e = 1; e <= 4; e++) {
        if (!eng_val(st, "e%ld.present", e))
            continue;
        snprintf(key, sizeof key, "e%ld.plates", e);
        if (eng_get(st, key, text, sizeof text, err, sizeof err) != 0)
            text[0] = '\0';
        char dmg[64];
        snprintf(key, sizeof key, "e%ld.damage", e);
        if (eng_get(st, key, dmg, sizeof dmg, err, sizeof err) != 0)
            dmg[0] = '\0';
        PUTS(" e%ld(plates %s, at plate %ld%s%s, hits %s)", e, text, eng_val(st, "e%ld.plate", e),
             eng_val(st, "e%ld.wounded", e) ? ", wounded" : "", eng_val(st, "e%ld.met", e) ? ", linked half met" : "",
             dmg);
    }
#undef PUTS
    if (u >= len && len > 0)
        buf[len - 1] = '\0';
}

static const eng_pred round_preds[] = {
    {"noxius.round.linked-open", "a linked plate was half met in the last round", 2, pred_r_linked, NULL},
    {"noxius.round.fails", "every character is knocked out by the end of the turns", 2, NULL, pred_r_failed_at},
    {"noxius.round.field-clear", "the last enemy on the field falls this round", 2, NULL, pred_r_clear_at},
};
static const eng_outcome round_outcomes[] = {
    {"noxius.round.field", "the round count rises; no one has cast yet", post_field},
    {"noxius.round.linked-reset", "every half-met linked plate is met no more", post_linked_reset},
    {"noxius.round.reposition", "the round's enemies have appeared; every living character holds its own position at an enemy", post_reposition},
    {"noxius.round.turns", "every character who could cast has cast", post_turns},
    {"noxius.round.recover", "no enemy is left and no living character is knocked out", post_recover},
    {"noxius.round.mission-failed", "the mission has failed", post_failed},
    {"noxius.round.next", "the mission goes on", post_next},
};

/* ---- AI: casting an ability ------------------------------------------------------------------------- */

#define WHO(st) eng_val((st), "ai.who")
#define ABILITY(st) eng_val((st), "ai.ability")
#define CV(st, f) eng_val((st), "c%ld." f, WHO(st))
#define LOGV(st, ev) eng_val((st), "log." ev)

static int pred_c_ko(const eng_state *st) { return CV(st, "ko") != 0; }

static long new_power(const eng_state *st)
{
    return CV(st, "power") + spec_delta(st, WHO(st), ABILITY(st));
}

static int pred_c_crosses(const eng_state *st)
{
    long np = new_power(st);
    return np < CV(st, "tlow") || np > CV(st, "thigh");
}

static int pred_c_shaded(const eng_state *st)
{
    return spec_shade(st, WHO(st), ABILITY(st), CV(st, "power")) != 0;
}

/* Landing needs a move: a change of 0 lands nowhere. */
static int pred_c_on_t(const eng_state *st)
{
    /* the delta read once: new_power's own, as it adds it to the power */
    long delta = spec_delta(st, WHO(st), ABILITY(st)), np = CV(st, "power") + delta;
    return delta != 0 && (np == CV(st, "tlow") || np == CV(st, "thigh"));
}

/* The effect (on the caster itself) and then the hit of the position. */
static int pred_c_t_ko(const eng_state *st)
{
    long c = WHO(st), k = ABILITY(st);
    long lp = CV(st, "lp"), sp = CV(st, "sp"), full = CV(st, "lpmax");
    /* the effect's text read once for its four sums (each read formats the
     * whole ability) */
    char e[128];
    spec_part(st, c, k, "effect", e, sizeof e);
    lp += effect_sum(e, "lp") + effect_sum(e, "heal");
    if (lp > full)
        lp = full;
    sp += effect_sum(e, "sp") + effect_sum(e, "shield");
    long d = position_damage(st, c);
    long from_sp = CV(st, "sp-first") ? (d < sp ? d : sp) : 0;
    return lp - (d - from_sp) <= 0;
}

static int unchanged_turn(const eng_state *b, const eng_state *a)
{
    return LOGV(a, "turn") == LOGV(b, "turn") && CV(a, "acted") == CV(b, "acted") &&
           CV(a, "power") == CV(b, "power") && LOGV(a, "roll") == LOGV(b, "roll");
}

static int post_c_ko(const eng_state *b, const eng_state *a) { return CV(a, "ko") && unchanged_turn(b, a); }
static int post_c_blocked(const eng_state *b, const eng_state *a) { return unchanged_turn(b, a); }

/* The bonus of the power held is on the cast; nothing else happened yet. */
static int post_c_shaded(const eng_state *b, const eng_state *a)
{
    long bonus = spec_shade(b, WHO(b), ABILITY(b), CV(b, "power"));
    return bonus && eng_val(a, "cast.bonus") == bonus && CV(a, "power") == CV(b, "power") &&
           LOGV(a, "effect") == LOGV(b, "effect");
}

/* The effect happened; the power is still the one before the cast, and
 * nothing was rolled. */
static int post_c_effect(const eng_state *b, const eng_state *a)
{
    return CV(a, "acted") && LOGV(a, "effect") == LOGV(b, "effect") + 1 && CV(a, "power") == CV(b, "power") &&
           LOGV(a, "power") == LOGV(b, "power") && LOGV(a, "roll") == LOGV(b, "roll");
}

/* The power moved by the ability's delta; the roll has not happened. */
static int post_c_power(const eng_state *b, const eng_state *a)
{
    return CV(a, "power") == CV(b, "power") + spec_delta(b, WHO(b), ABILITY(b)) &&
           LOGV(a, "power") == LOGV(b, "power") + 1 && LOGV(a, "effect") == LOGV(b, "effect") &&
           LOGV(a, "roll") == LOGV(b, "roll");
}

/* On a T field the position's damage was taken, before any roll. */
static int post_c_power_hit(const eng_state *b, const eng_state *a)
{
    long d = position_damage(b, WHO(b));
    long lost = CV(b, "lp") + CV(b, "sp") - CV(a, "lp") - CV(a, "sp");
    int on_t = CV(a, "power") == CV(a, "tlow") || CV(a, "power") == CV(a, "thigh");
    return on_t && LOGV(a, "hit") == LOGV(b, "hit") + 1 && (lost == d || CV(a, "ko")) &&
           LOGV(a, "roll") == LOGV(b, "roll");
}

static int post_c_stopped(const eng_state *b, const eng_state *a)
{
    return CV(a, "ko") && LOGV(a, "roll") == LOGV(b, "roll") && eng_val(a, "cast.bonus") == 0;
}

static int post_c_roll(const eng_state *b, const eng_state *a)
{
    long r = eng_val(a, "last.roll");
    return LOGV(a, "roll") == LOGV(b, "roll") + 1 && r >= 1 && r <= 6 && LOGV(a, "result") == LOGV(b, "result");
}

/* The results under the rolled face, left to right: the events after each
 * "result" of the log must be those of its result, and none may follow a
 * knock-out or a fallen enemy. */
static int post_c_results(const eng_state *b, const eng_state *a)
{
    char r[256], res[64], before[2048], after[2048], err[64];
    spec_part(a, WHO(a), ABILITY(a), "r", r, sizeof r);
    const char *face = r;
    for (long f = 1; f < eng_val(a, "last.roll") && *face; f++)
        face += strcspn(face, "|") + (face[strcspn(face, "|")] == '|');
    snprintf(res, sizeof res, "%.*s", (int)strcspn(face, "|"), face);
    if (eng_get(b, "log.steps", before, sizeof before, err, sizeof err) != 0 ||
        eng_get(a, "log.steps", after, sizeof after, err, sizeof err) != 0)
        return 0;
    const char *s = after;
    for (int skip = count_words(before); skip > 0 && *s; skip--)
        s += strcspn(s, " ") + (s[strcspn(s, " ")] == ' ');
    const char *op = res;
    int ended = 0;
    while (*s) {
        size_t l = strcspn(s, " ");
        if (l != 6 || strncmp(s, "result", 6) != 0 || ended || !*op)
            return 0;    /* something before a result, or a result too many */
        s += l + (s[l] == ' ');
        /* this result's events, up to the next "result" */
        int hit = 0, damage = 0;
        while (*s && strncmp(s, "result", 6) != 0) {
            l = strcspn(s, " ");
            hit |= l == 3 && strncmp(s, "hit", 3) == 0;
            damage |= l == 6 && strncmp(s, "damage", 6) == 0;
            ended |= (l == 2 && strncmp(s, "ko", 2) == 0) || (l == 8 && strncmp(s, "defeated", 8) == 0);
            s += l + (s[l] == ' ');
        }
        size_t ol = strcspn(op, "/");
        int want_hit = ol == 1 && op[0] == 'T', want_damage = op[0] >= '0' && op[0] <= '9';
        if (hit != want_hit || damage != want_damage)
            return 0;
        op += ol + (op[ol] == '/');
    }
    return !*op || ended;
}

/* Character 2 on turn: knocked out or not, every power on a scale with T
 * fields at 0 and 4, abilities costing -2..+2, shaded or not, 1 or 3 LP,
 * 0 or 1 SP, position damage 1 or 3 (so a hit exactly as large as the LP
 * is among them, with and without a shield point to take it). */
static long enum_cast(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    long n = 0;
    eng_state *base = eng_state_new(g, seed), *st = eng_state_new(g, seed);
    if (!base || !st) {
        eng_state_free(base), eng_state_free(st);
        return -1;
    }
    run(base, "start", "players=2");
    run(base, "spawn", "enemy=1");
    run(base, "position", "who=1 enemy=1 pos=1");
    run(base, "position", "who=2 enemy=1 pos=2");
    put(base, "0", "c2.tlow");
    put(base, "4", "c2.thigh");
    put(base, "2", "ai.who");
    for (int ko = 0; ko < 2; ko++)
        for (int power = 0; power <= 4; power++)
            for (int delta = -2; delta <= 2; delta++)
                for (int shaded = 0; shaded < 2; shaded++)
                    for (int lp = 1; lp <= 3; lp += 2)
                        for (int sp = 0; sp < 2; sp++)
                            for (int dmg = 1; dmg <= 3; dmg += 2) {
                                char buf[160];
                                eng_state_assign(st, base);
                                snprintf(buf, sizeof buf,
                                         "delta=%+d effect=sp:1 r=2/T|2/T|2/T|2/T|2/T|2/T shade=%d:+1", delta,
                                         shaded ? power : power + 9);
                                put(st, buf, "c2.a1");
                                snprintf(buf, sizeof buf, "%d", power);
                                put(st, buf, "c2.power");
                                snprintf(buf, sizeof buf, "%d", lp);
                                put(st, buf, "c2.lp");
                                snprintf(buf, sizeof buf, "%d", sp);
                                put(st, buf, "c2.sp");
                                snprintf(buf, sizeof buf, "1 %d 1 1", dmg);
                                put(st, buf, "e1.damage");
                                if (ko) {
                                    snprintf(buf, sizeof buf, "who=2 amount=%d kind=lp", lp + sp);
                                    run(st, "lose", buf);
                                }
                                force(st, "1");
                                n++;
                                if (visit(st, ctx))
                                    goto done;
                            }
done:
    eng_state_free(base);
    eng_state_free(st);
    return n;
}

static const eng_pred cast_preds[] = {
    {"noxius.cast.is-ko", "the character is knocked out", 2, pred_c_ko, NULL},
    {"noxius.cast.crosses", "the ability would cross a T field", 2, pred_c_crosses, NULL},
    {"noxius.cast.is-shaded", "the power held now is shaded for this ability", 2, pred_c_shaded, NULL},
    {"noxius.cast.on-t", "the new power is a T field", 2, pred_c_on_t, NULL},
    {"noxius.cast.t-knocks-out", "the hit of the position, after the effect, knocks the character out", 2, pred_c_t_ko, NULL},
};
static const eng_outcome cast_outcomes[] = {
    {"noxius.cast.ko", "nothing is cast; the character is knocked out", post_c_ko},
    {"noxius.cast.blocked", "nothing is cast", post_c_blocked},
    {"noxius.cast.shaded", "the shaded bonus of the power held is on the cast; no effect yet", post_c_shaded},
    {"noxius.cast.effect", "the effect happened; power as before the cast; no roll", post_c_effect},
    {"noxius.cast.power", "the power moved by the ability's delta; no roll", post_c_power},
    {"noxius.cast.power-hit", "the T field's hit took the position's damage; no roll", post_c_power_hit},
    {"noxius.cast.stopped", "knocked out: no roll", post_c_stopped},
    {"noxius.cast.roll", "the die was rolled once; no result yet", post_c_roll},
    {"noxius.cast.results", "the rolled face's results, left to right, up to a knock-out or a fallen enemy",
     post_c_results},
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

const eng_ai eng_noxius_ais[] = {
    {"noxius.round", "a round", round_preds, COUNT(round_preds), round_outcomes, COUNT(round_outcomes),
     eng_noxius_run_round, enum_round, describe},
    {"noxius.cast", "casting an ability", cast_preds, COUNT(cast_preds), cast_outcomes, COUNT(cast_outcomes),
     eng_noxius_run_cast, enum_cast, describe},
};
