/* eng_nanolith_facts.c — what the Nanolith engine is measured by: its facts
 * (each a probe that plays the rule through actions and reads the result
 * back), and the predicates, postconditions and enumerators of its AI
 * procedures. Only the public interface (eng.h) is used here: line of sight,
 * distances and the target rule are worked out anew, sharing nothing with
 * the engine. */
/* Equivalent mutants
 * ------------------
 * Mutants of src/eng_nanolith.c (`make mutate GAMES=nanolith`) that cannot
 * change what the engine does, with the reason; lines as of the commit that
 * wrote this list.
 *
 *   114 imin `a < b` -> <=, 115 imax `a > b` -> >=: a minimum, a maximum
 *       either way.
 *   219, 230, 263, 353, 359, 369, 383, 605, 738, 746 `return 1` -> 2
 *       (pays_groups, may_activate, along_wall, sight, candidate,
 *       boss_symbol, boss_paralysed): every caller reads a truth
 *       value. 206 `seen[d] = 1`, 228 `taken[...] = 1`, 625 `in[t] = 1`
 *       and 1265 `mind = 1` -> 2: flags.
 *   190 roll_action_dice `i < ndice` -> <= (the ones among the action
 *       dice): the die past the count is never rolled (0); no rule takes
 *       dice away.
 *   205 pick_dice `return -1` -> -2 or 0: every caller treats n <= 0 alike
 *       (no dice pay no pattern and no move).
 *   220 `v <= 6` -> <= 7, 242 `v = 1` -> 0 and `v <= 6` -> <= 7: no die
 *       shows 0 or 7, and a pattern holds the digits 1..6 only.
 *   278 spend `filled < slots` -> <=: no slot past the index is bordered.
 *   325 crosses `q[i] <= 0` -> <= 1: corners are whole numbers, so a line
 *       parallel to a side is never strictly inside a field (q0 + q1 = 1).
 *   330 `p[i] < 0` -> <= 0 or < 1 (p = 0 was dealt with above and p is
 *       whole), 331 `r > t0` -> >=, 333 `r < t1` -> <= (an equal value
 *       assigned again), 337 `t1 - t0 > 1e-9` -> >= (never exactly 1e-9).
 *   351, 357 along_wall `lo + 1` -> `lo + 0`: the extra pair of fields
 *       touches the line only at its end, a corner of the start or target
 *       field; the line from that field's other corner on the same side
 *       sees as the original does.
 *   378, 379 sight `x = 1`, `y = 1` -> 0: off the map nothing blocks.
 *   405 walk `memset(dist, -1, ...)` -> -2: every int is still negative
 *       (not yet reached). 414 walk `x + dx[k]` -> `x - dx[k]` or `y +
 *       dy[k]` -> `y - dy[k]`: the same four neighbours, in another order;
 *       a breadth-first distance does not depend on it.
 *   462 `stress > 2` -> >= 2 or > 1: from 1 or 2 both give 0. (461
 *       status_stress's and 532 end_actions's `c < players` -> <= run one
 *       past the characters with four players: the scenario
 *       phasenende-vier plays that, and the bounds check of mutants stops
 *       them.)
 *   546 place `tries < 100` -> <= 100, 99, 101 or from 1 or -1: a safety
 *       bound on rerolls that a map with a free placing field never reaches.
 *   618 choose_target_by `in[...] = {0}` -> {1} or {-1} (in[0] is never
 *       read); 620 `t <= NL_MAXCH + 1` -> + 2 (figure 6 is Sidekick again:
 *       the same distance); 621 `< best` -> <= (a minimum either way); the
 *       loops at 629, 636 and 641 `t = 1` -> 0 (they read in[0] first,
 *       which is never set).
 *   665 enemy_move `bsteps = 0` -> 1 or -1: the first field always beats
 *       INT_MIN and sets bsteps; 677 `-100 - reach` -> -99 or -101: any
 *       score below every in-range score (0..8) ranks the fields the same.
 *   772 initiative_before `a->init < b->init` -> <=: no two bosses share an
 *       initiative (each deck's back shows its own); 774 `a->type <
 *       b->type` -> <=: reached only when the types differ; 775 `a->num <
 *       b->num` -> <=: no two enemies of a type share a number.
 *   The numbers in error texts (inside snprintf of err): an illegal
 *       action is illegal whatever it says. (who= and by= beyond players
 *       are refused by eng_act through the players key's bounds, as in
 *       Nemesis; the engine's own test of them is gone.)
 *   1439 set_pattern `return ..., -1` -> -2: every caller of a key's
 *       setter (eng_set, eng_check_key) reads any non-zero as a refusal.
 *
 * Survivors no content can kill (not equivalent, listed so that the score
 * is read right):
 *   - loops or indices moved to -1 or one past an array (204 `d < 0` -> <
 *     -1, 222 `i = 0` -> -1, 296 on_map `>= 1` -> >= 0 (field 0 is read at
 *     index -1), 392, 430, 461, 467 and 532 `c = 0` -> -1, 394,
 *     433, 549, 568 and 781 `e < NL_MAXEN` -> <= or from -1, 404 `head = 0`
 *     or `tail = 0` -> -1, 408 `head < tail` -> <= (past the queue), 413
 *     and 439 `k = 0` -> -1 (439's `k < 4` -> `k < 5` reads dx[4] when all
 *     neighbours are taken: the scenario gross-verdraengt-kein-feld sets
 *     that up and the bounds check of mutants stops it), 571 `t = 0` -> -1 or
 *     `t <= NL_XTYPES`, 573 `e = 0` -> -1, 623 and 629 `t <= NL_MAXCH + 2`
 *     (in[6]), 620 and 623 `t = 1` -> 0 (candidate -1), 1428 `idx[0]` ->
 *     idx[1] in the initiative key, 1251 act_sk_hit `a[0]` -> a[-1]): they
 *     read or write outside the engine's arrays, which is undefined
 *     behaviour and no rule; what they do depends on the compiler. So is
 *     act_download's refusal without Cora deleted (1207, character -1); the
 *     scenario download-ohne-cora expects the refusal. Built with SAN=1
 *     (mutants compiled with ASan and UBSan, ASAN_OPTIONS=detect_leaks=0),
 *     a trial of 24 of them had all but one stopped by the sanitizers or
 *     failing the check.
 *   - 440 displace `x + dx[k]` -> `x - dx[k]` and 678 enemy_move `s <
 *     bsteps` -> <=: the order in which the engine takes free fields and
 *     equally good fields. The source leaves both to the players (gaps in
 *     de.xml); the scenarios check only what is forced.
 *   - 906, 914 act_move `a[4].given` -> a[5] (sx -> sy): the action's
 *     Sidekick field is given as sx and sy together; one without the other
 *     is no field.
 *   - 930 act_shift `walk(...) < 0` -> < 1: an integrated movement onto
 *     the field the character stands on, which no rule asks for.
 *   - 1438, 1439 set_pattern: the validation of a key's value (but 1439's
 *     -1 -> -2 above); a scenario cannot set a bad value (that is a setup
 *     error, not a rule).
 *
 * The nm4 round's samples (bounds check on, lines as of its last engine
 * commit): seed 1, 287 of 300 killed; its 13 survivors are 205, 330,
 * 337, 357, 379, 405, 414, 462, 546, 665, 738 (equivalent, above) and
 * 222 (a read past an array), 1412 (set_pattern's validation, the list's
 * 1438: the lines after who_ok moved up by 26). Seed 2, 284 of 300: 228, 230, 278, 330
 * (two), 351, 359, 546, 605, 618 (two), 665, 677, 746 equivalent; 440
 * (displace's order of the free fields) and 1412 not.
 *
 * The fresh state (fresh_state in eng_nanolith.c) is data: the source prints
 * no character or enemy cards, so its values (life 6, cube 10, four dice,
 * defence 4, enemies at 8,8 with speed 2, the placing fields on row 8 ...)
 * are invented settings that every scenario and probe depending on one
 * sets. */
#include "eng_nanolith.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROBE(name) static int name(eng_probe *p, long *value)
#define GET(...) eng_probe_get(p, __VA_ARGS__)
#define SET(key, v) eng_probe_set(p, (v), "%s", (key))
#define SETL(v, ...) eng_probe_setl(p, (v), __VA_ARGS__)
#define DO(action, ...) eng_probe_do(p, (action), __VA_ARGS__)
#define OK(action, ...) (eng_probe_act(p, (action), __VA_ARGS__) == ENG_OK)
#define D6(face) eng_probe_force(p, "d6", (face))

static long labs_(long v) { return v < 0 ? -v : v; }
static long manhattan(long ax, long ay, long bx, long by) { return labs_(ax - bx) + labs_(ay - by); }

/* blk[x-1][y-1]: field x,y is a sight blockade. */
static int blocked_field(const int blk[8][8], long x, long y, long bx, long by)
{
    return x >= 1 && x <= 8 && y >= 1 && y <= 8 && !(x == bx && y == by) && blk[x - 1][y - 1];
}

/* The fields the walk's point at step k of 1600 touches, from corner c to
 * corner d: f[0], f[1] the columns on either side of it, f[2], f[3] the
 * rows (floor: on the map's edge one of them is off the map and blocks
 * nothing). Each is monotonic in k: the point moves one way. */
static void touched(double cx, double cy, double dx, double dy, int k, long f[4])
{
    double t = k / 1600.0, px = cx + (dx - cx) * t, py = cy + (dy - cy) * t;
    f[0] = (long)floor(px - 1e-7) + 1, f[1] = (long)floor(px + 1e-7) + 1;
    f[2] = (long)floor(py - 1e-7) + 1, f[3] = (long)floor(py + 1e-7) + 1;
}

/* Line of sight worked out by walking along each corner-to-corner line in
 * small steps: a point blocks when every field it touches (one, two on an
 * edge, four at a corner) is a sight blockade other than the target. */
static int sees_map(const int blk[8][8], long ax, long ay, long bx, long by)
{
    if (ax == bx && ay == by)
        return 1;
    if (blk[ax - 1][ay - 1])
        return 0;
    for (int i = 0; i < 16; i++) {
        double cx = (double)(ax - 1 + (i & 1)), cy = (double)(ay - 1 + ((i >> 1) & 1));
        double dx = (double)(bx - 1 + ((i >> 2) & 1)), dy = (double)(by - 1 + ((i >> 3) & 1));
        if (cx == dx && cy == dy)
            continue;
        /* Every point of the walk lies between the two corners, so the
         * fields it touches lie in this box (the same rounding, at the
         * extremes): with no blockade in it the walk finds the line clear,
         * and need not take its 1600 steps (most of Nanolith's check). */
        long fx0 = (long)floor(fmin(cx, dx) - 1e-7) + 1, fx1 = (long)floor(fmax(cx, dx) + 1e-7) + 1;
        long fy0 = (long)floor(fmin(cy, dy) - 1e-7) + 1, fy1 = (long)floor(fmax(cy, dy) + 1e-7) + 1;
        int any = 0;
        for (long x = fx0; x <= fx1 && !any; x++)
            for (long y = fy0; y <= fy1 && !any; y++)
                any = blocked_field(blk, x, y, bx, by);
        if (!any)
            return 1;
        /* The steps 1..1599, a run of steps that touch the same fields at
         * a time: the fields are monotonic in the step, so a run ends where
         * a bisection finds them changed, and each run is tested once (a
         * line crosses a few dozen field borders, not 1600). */
        int clear = 1;
        for (int k = 1; k < 1600 && clear;) {
            long f[4], g[4];
            touched(cx, cy, dx, dy, k, f);
            clear = !(blocked_field(blk, f[0], f[2], bx, by) && blocked_field(blk, f[0], f[3], bx, by) &&
                      blocked_field(blk, f[1], f[2], bx, by) && blocked_field(blk, f[1], f[3], bx, by));
            int lo = k, hi = 1599;   /* step lo touches f */
            while (lo < hi) {
                int mid = lo + (hi - lo + 1) / 2;
                touched(cx, cy, dx, dy, mid, g);
                if (memcmp(f, g, sizeof f) == 0)
                    lo = mid;
                else
                    hi = mid - 1;
            }
            k = lo + 1;
        }
        if (clear)
            return 1;
    }
    return 0;
}

/* A scenario of n players, the status phase done with dice 6 6 6 6 each
 * (no stress from the roll). */
static void fresh(eng_probe *p, int players)
{
    eng_probe_reset(p, 7);
    DO("start", "players=%d", players);
    for (int i = 0; i < 4 * players; i++)
        D6("6");
    DO("status", "start=1");
}

/* Forces the action dice of character c to the faces of s ("3335"). */
static void dice(eng_probe *p, int c, const char *s)
{
    SETL((long)strlen(s), "c%d.ndice", c);
    for (const char *q = s; *q; q++) {
        char f[2] = {*q, 0};
        D6(f);
    }
    DO("roll", "who=%d", c);
}

static int players_bound(eng_probe *p, long *value, int dir)
{
    for (int n = dir > 0 ? 0 : 9; n >= 0 && n <= 9; n += dir) {
        eng_probe_reset(p, 1);
        if (OK("start", "players=%d", n))
            return *value = n, 0;
    }
    return eng_probe_fail(p, "no group size from 0 to 9 may start");
}

PROBE(probe_players_min) { return players_bound(p, value, 1); }
PROBE(probe_players_max) { return players_bound(p, value, -1); }

/* The phases a round runs through before the next round begins. */
PROBE(probe_phases)
{
    static const char *const steps[] = {"status", "end-actions", "reinforce", "enemies"};
    eng_probe_reset(p, 1);
    DO("start", "players=1");
    long n = 0;
    for (int i = 0; i < 8 && GET("round") == 1; i++) {
        long ph = GET("phase");
        n += OK(steps[i % 4], i == 0 ? "start=1" : NULL) && GET("phase") != ph;
    }
    *value = n;
    return 0;
}

static void play_round(eng_probe *p)
{
    for (int i = 0; i < 4; i++)
        D6("6");
    DO("status", "start=1");
    DO("end-actions", NULL);
    DO("reinforce", NULL);
    DO("enemies", NULL);
}

/* The round in which the round marker does not advance. */
PROBE(probe_no_marker)
{
    eng_probe_reset(p, 1);
    DO("start", "players=1");
    *value = 0;
    for (int r = 1; r <= 3; r++) {
        long m = GET("marker");
        play_round(p);
        if (GET("marker") == m) {
            if (*value)
                return eng_probe_fail(p, "the marker stays in rounds %ld and %d", *value, r);
            *value = r;
        }
    }
    return 0;
}

static int status_stress(eng_probe *p, long *drop)
{
    eng_probe_reset(p, 1);
    DO("start", "players=1");
    SET("c1.stress", "5");
    for (int i = 0; i < 4; i++)
        D6("6");
    DO("status", "start=1");
    *drop = 5 - GET("c1.stress");
    return 0;
}

PROBE(probe_stress_drop) { return status_stress(p, value); }
PROBE(probe_stress_drop_dir)
{
    long d;
    status_stress(p, &d);
    *value = d > 0 ? 1 : 2;
    return 0;
}

/* Stress for one rolled 1 among the action dice. */
PROBE(probe_stress_one)
{
    fresh(p, 1);
    long s = GET("c1.stress");
    dice(p, 1, "1666");
    *value = GET("c1.stress") - s;
    return 0;
}

/* An enemy on the character's field, defence 4. */
static void at_enemy(eng_probe *p)
{
    SET("e1.present", "1");
    SET("e1.x", "1");
    SET("e1.y", "1");
    SET("e1.life", "20");
}

/* Stress for one rolled 1 among the combat dice (melee, GAW 1 + WAW 2). */
PROBE(probe_stress_combat)
{
    fresh(p, 1);
    at_enemy(p);
    dice(p, 1, "6666");
    long s = GET("c1.stress");
    D6("1"), D6("5"), D6("5");
    DO("attack", "who=1 enemy=1 dice=1");
    *value = GET("c1.stress") - s;
    return 0;
}

/* A rolled 1 rerolled into a 5: its stress stays, the 5 counts. */
PROBE(probe_reroll_one)
{
    fresh(p, 1);
    at_enemy(p);
    dice(p, 1, "6666");
    long s = GET("c1.stress");
    D6("1"), D6("2"), D6("2");
    DO("attack", "who=1 enemy=1 dice=1");
    D6("5");
    DO("reroll", "who=1 die=1");
    *value = GET("c1.stress") - s == 1 && GET("attack.hits") == 1;
    return 0;
}

/* A success rerolled into a failure: only the new result counts. */
PROBE(probe_reroll_new)
{
    fresh(p, 1);
    at_enemy(p);
    dice(p, 1, "6666");
    D6("6"), D6("2"), D6("2");
    DO("attack", "who=1 enemy=1 dice=1");
    D6("3");
    DO("reroll", "who=1 die=1");
    *value = GET("attack.hits") == 0;
    return 0;
}

/* Stress for a die placed on a bordered slot (slot 2). */
PROBE(probe_stress_border)
{
    fresh(p, 1);
    SET("c1.border2", "1");
    dice(p, 1, "6666");
    long s = GET("c1.stress");
    DO("move", "who=1 dice=1 x=1 y=2");
    long s1 = GET("c1.stress");
    DO("move", "who=1 dice=2 x=1 y=3");
    *value = (GET("c1.stress") - s1) - (s1 - s);
    return 0;
}

/* Turning a die by one: the stress it costs, and the step. */
PROBE(probe_manip_stress)
{
    fresh(p, 1);
    dice(p, 1, "3666");
    long s = GET("c1.stress");
    DO("manipulate", "who=1 die=1 dir=up");
    *value = GET("c1.stress") - s;
    return 0;
}

PROBE(probe_manip_step)
{
    fresh(p, 1);
    dice(p, 1, "3666");
    DO("manipulate", "who=1 die=1 dir=down");
    *value = 3 - GET("c1.d1");
    return 0;
}

/* The face that can be turned no lower (dir down) or no higher (up). */
static int manip_end(eng_probe *p, long *value, const char *dir)
{
    *value = 0;
    for (int f = 1; f <= 6; f++) {
        char s[8];
        snprintf(s, sizeof s, "%d666", f);
        fresh(p, 1);
        dice(p, 1, s);
        if (!OK("manipulate", "who=1 die=1 dir=%s", dir)) {
            if (*value)
                return eng_probe_fail(p, "two faces cannot be turned %s", dir);
            *value = f;
        }
    }
    return 0;
}

PROBE(probe_manip_low) { return manip_end(p, value, "down"); }
PROBE(probe_manip_high) { return manip_end(p, value, "up"); }

/* Stress one by one with the nanoshock cube on field 8: the field (against
 * the cube's) on which the nanoshock comes. */
PROBE(probe_shock_field)
{
    fresh(p, 1);
    SET("c1.cube", "8");
    SET("c1.life", "20");
    for (int i = 0; i < 10; i++) {
        long before = GET("c1.stress");
        DO("stress", "who=1 amount=1");
        if (GET("c1.shock"))
            return *value = before + 1 - 8, 0;
    }
    return eng_probe_fail(p, "no nanoshock in 10 stress");
}

static void shock(eng_probe *p)
{
    fresh(p, 1);
    SET("c1.cube", "8");
    SET("c1.life", "20");
    SET("c1.stress", "6");
    DO("stress", "who=1 amount=1");
}

PROBE(probe_shock_stress) { shock(p); *value = GET("c1.stress"); return 0; }
PROBE(probe_shock_damage) { shock(p); *value = GET("c1.damage"); return 0; }
PROBE(probe_shock_marker) { shock(p); *value = GET("c1.shock"); return 0; }
PROBE(probe_shock_cube) { shock(p); *value = 8 - GET("c1.cube"); return 0; }
PROBE(probe_shock_cube_dir) { shock(p); *value = GET("c1.cube") < 8 ? 1 : 2; return 0; }

/* The stress cube never stands on the nanoshock cube or beyond it. */
PROBE(probe_shock_never_on)
{
    fresh(p, 1);
    SET("c1.life", "30");
    long worst = 0;
    for (int i = 0; i < 40; i++) {
        DO("stress", "who=1 amount=1");
        long d = GET("c1.stress") - GET("c1.cube");
        if (d >= 0)
            worst = 1;
    }
    *value = !worst;
    return 0;
}

/* The nanoshock action: action dice it costs, and the marker after it. */
static void shock_attack(eng_probe *p)
{
    shock(p);
    at_enemy(p);
    SET("c1.upgrades", "1");
    SET("e1.def.nanoshock", "2");
    SET("e1.def.melee", "7");
    dice(p, 1, "6666");
    DO("attack", "who=1 enemy=1 nanoshock=1");
}

PROBE(probe_shock_dice) { shock_attack(p); *value = GET("c1.filled"); return 0; }
PROBE(probe_shock_off) { shock_attack(p); *value = GET("c1.shock") == 0; return 0; }
/* GAW 1 + WAW 2 + an upgrade of 1: four dice, free. */
PROBE(probe_shock_full) { shock_attack(p); *value = GET("attack.dice") == 4; return 0; }
/* Its defence: nanoshock 2 (melee X): every die of 2 or more hits. */
PROBE(probe_shock_def)
{
    shock(p);
    at_enemy(p);
    SET("e1.def.nanoshock", "2");
    SET("e1.def.melee", "7");
    D6("2"), D6("2"), D6("2");
    DO("attack", "who=1 enemy=1 nanoshock=1");
    *value = GET("attack.hits") == 3;
    return 0;
}

/* While character 1 is activated, character 2 may not act. */
PROBE(probe_one_at_a_time)
{
    fresh(p, 2);
    dice(p, 1, "6666");
    dice(p, 2, "6666");
    DO("move", "who=1 dice=1 x=1 y=2");
    int blocked = !OK("move", "who=2 dice=1 x=2 y=1");
    DO("end", "who=1");
    *value = blocked && OK("move", "who=2 dice=1 x=2 y=1");
    return 0;
}

/* After ending its activation a character acts no more this round. */
PROBE(probe_end_early)
{
    fresh(p, 1);
    dice(p, 1, "6666");
    DO("move", "who=1 dice=1 x=1 y=2");
    DO("end", "who=1");
    *value = !OK("move", "who=1 dice=2 x=1 y=3");
    return 0;
}

/* Which die ends the activation: the last one (-1 from the end). */
PROBE(probe_last_die)
{
    fresh(p, 1);
    dice(p, 1, "1111");
    SET("c1.life", "20");
    for (int d = 1; d <= 4; d++) {
        DO("move", "who=1 dice=%d x=1 y=%d", d, d % 2 + 1);
        if (GET("c1.act") == 2)
            return *value = d - 4 - 1, 0;
    }
    return eng_probe_fail(p, "the activation did not end");
}

/* Movement with two dice of 2: four fields. */
PROBE(probe_multi_dice)
{
    fresh(p, 1);
    dice(p, 1, "2266");
    *value = OK("move", "who=1 dice=12 x=1 y=5");
    return 0;
}

/* Whether dice v[0..n) pay the printed dice q (digits), worked out anew by
 * trying every way of laying the dice on the printed ones: each printed die
 * gets a die of its own at least as high, printed dice of one value get
 * dice of one value; at least one die is spent, extra dice are allowed. */
static int pays_anew(const char *q, const int *v, int n)
{
    int m = (int)strlen(q), total = 1;
    if (n <= 0 || n < m)
        return 0;
    for (int i = 0; i < m; i++)
        total *= n;
    for (int code = 0; code < total; code++) {
        int a[8], c = code, ok = 1;
        for (int i = 0; i < m; i++, c /= n)
            a[i] = c % n;
        for (int i = 0; i < m && ok; i++) {
            ok = v[a[i]] >= q[i] - '0';
            for (int j = 0; j < i && ok; j++)
                ok = a[j] != a[i] && (q[j] != q[i] || v[a[j]] == v[a[i]]);
        }
        if (ok)
            return 1;
    }
    return 0;
}

/* A triple 3 printed: it is paid with a triple 3..6, not 1 or 2 (the
 * source's example); and for printed patterns of singles, pairs, triples,
 * mixed and the highest face, and for none (an action without dice
 * symbols), no dice or every one, two or three dice pay them exactly when
 * the rule worked out anew says so. */
PROBE(probe_pattern)
{
    long mask = 0;
    for (int f = 1; f <= 6; f++) {
        char s[8];
        snprintf(s, sizeof s, "%d%d%d6", f, f, f);
        fresh(p, 1);
        SET("c1.life", "30");
        dice(p, 1, s);
        mask |= (long)OK("use", "who=1 card=1 dice=123") << (f - 1);
    }
    if (mask != 0x3c)
        return *value = 0, 0;
    static const char *const printed[] = {"", "1", "3", "6", "12", "35", "55", "66", "113", "246", "333", "355", "2233"};
    for (size_t k = 0; k < sizeof printed / sizeof printed[0]; k++)
        for (int n = 0; n <= 3; n++)
            for (int code = 0; code < 216; code++) {
                int v[3] = {1 + code % 6, 1 + code / 6 % 6, 1 + code / 36};
                if ((n < 3 && code >= 36) || (n < 2 && code >= 6) || (n < 1 && code >= 1))
                    break;
                char s[4] = {0}, use[4] = {0};
                for (int i = 0; i < n; i++)
                    s[i] = (char)('0' + v[i]), use[i] = (char)('1' + i);
                eng_probe_reset(p, 7);
                SET("c1.life", "30");
                SET("c1.ab1", printed[k]);
                dice(p, 1, s);
                if (OK("use", "who=1 card=1 dice=%s", use) != pays_anew(printed[k], v, n))
                    return eng_probe_fail(p, "printed %s, dice %s: the engine and the rule differ", printed[k], s);
            }
    *value = 1;
    return 0;
}

static int take_max(eng_probe *p, long *value, const char *card)
{
    fresh(p, 1);
    SET("c1.abilities", "0");
    long n = 0;
    while (n < 20 && OK("take", "who=1 card=%s", card))
        n++;
    *value = n;
    return 0;
}

PROBE(probe_abilities) { return take_max(p, value, "ability"); }
PROBE(probe_items) { return take_max(p, value, "item"); }

PROBE(probe_swap_vp)
{
    fresh(p, 1);
    DO("swap", "who=1");
    *value = GET("vp");
    return 0;
}

/* Attack dice: GAW 2 + WAW 3 armed, GAW alone unarmed. */
PROBE(probe_aw)
{
    fresh(p, 1);
    at_enemy(p);
    SET("c1.gaw", "2");
    SET("c1.waw", "3");
    dice(p, 1, "6666");
    DO("attack", "who=1 enemy=1 dice=1");
    long armed = GET("attack.dice");
    DO("attack", "who=1 enemy=1 dice=2 weapon=0");
    *value = armed == 5 && GET("attack.dice") == 2;
    return 0;
}

/* Dice showing exactly the defence hit. */
PROBE(probe_hit_at_least)
{
    fresh(p, 1);
    at_enemy(p);
    dice(p, 1, "6666");
    D6("4"), D6("3"), D6("3");
    DO("attack", "who=1 enemy=1 dice=1");
    *value = GET("attack.hits") == 1;
    return 0;
}

/* Three hits against armour 1 and life 3: hits marked, then a hit more. */
PROBE(probe_armour)
{
    fresh(p, 1);
    at_enemy(p);
    SET("e1.armour", "1");
    dice(p, 1, "6666");
    D6("6"), D6("6"), D6("6");
    DO("attack", "who=1 enemy=1 dice=1");
    DO("mark", NULL);
    *value = GET("e1.hits");
    return 0;
}

/* Life 3: the enemy leaves the map on its third hit. */
PROBE(probe_defeat)
{
    fresh(p, 1);
    at_enemy(p);
    SET("e1.life", "3");
    SET("c1.waw", "0");
    SET("c1.gaw", "1");
    dice(p, 1, "6666");
    long n = 0;
    for (int i = 1; i <= 4 && GET("e1.present"); i++) {
        D6("6");
        DO("attack", "who=1 enemy=1 dice=%d", i);
        DO("mark", NULL);
        n++;
    }
    *value = n;
    return 0;
}

/* An X (immune) takes no hit from sixes. */
PROBE(probe_immune)
{
    fresh(p, 1);
    at_enemy(p);
    SET("e1.def.melee", "7");
    dice(p, 1, "6666");
    D6("6"), D6("6"), D6("6");
    DO("attack", "who=1 enemy=1 dice=1");
    *value = GET("attack.hits") == 0;
    return 0;
}

/* Forcing: two failures turned at 1 damage each. */
PROBE(probe_force)
{
    fresh(p, 1);
    at_enemy(p);
    SET("c1.life", "20");
    dice(p, 1, "6666");
    D6("6"), D6("2"), D6("3");
    DO("attack", "who=1 enemy=1 dice=1");
    DO("force", "who=1 n=2 amount=1");
    *value = GET("attack.hits") == 3 && GET("c1.damage") == 2;
    return 0;
}

/* Hacking a profile of resistance 4 and 3 fields: one cube per success;
 * done when full. */
PROBE(probe_hack_cube)
{
    fresh(p, 1);
    SET("c1.ghw", "3");
    dice(p, 1, "6666");
    D6("5"), D6("2"), D6("3");
    DO("hack", "who=1 dice=1");
    *value = GET("profile.cubes");
    return 0;
}

PROBE(probe_hack_done)
{
    fresh(p, 1);
    SET("c1.ghw", "3");
    dice(p, 1, "6666");
    D6("5"), D6("6"), D6("3");
    DO("hack", "who=1 dice=1");
    int before = GET("profile.done") == 0;
    D6("4"), D6("3"), D6("3");
    DO("hack", "who=1 dice=2");
    *value = before && GET("profile.done") == 1;
    return 0;
}

/* Reinforcement with VP: type 1 costs 3, type 2 costs 2; 8 VP in play. */
static void reinforcement(eng_probe *p, int vp)
{
    fresh(p, 1);
    for (int e = 1; e <= 6; e++) {
        SETL(1, "e%d.reserve", e);
        SETL(e <= 3 ? 1 : 2, "e%d.type", e);
    }
    SET("x1.type", "1");
    SET("x1.cost", "3");
    SET("x2.type", "2");
    SET("x2.cost", "2");
    SETL(vp, "vp");
    DO("end-actions", NULL);
    for (int i = 0; i < 12; i++)
        D6("1");
    DO("reinforce", NULL);
}

/* 8 VP: two of the first (6 VP) before one of the second (2 VP). */
PROBE(probe_first_listed)
{
    reinforcement(p, 8);
    *value = GET("e1.present") && GET("e2.present") && !GET("e3.present") && GET("e4.present") &&
             !GET("e5.present");
    return 0;
}

/* 4 VP: one of the first (3), 1 left over: stress for the start player. */
PROBE(probe_leftover)
{
    long s;
    reinforcement(p, 4);
    s = GET("c1.stress");
    *value = s;
    return 0;
}

PROBE(probe_vp_spent) { reinforcement(p, 9); *value = GET("vp"); return 0; }

/* A small base on a full placing field rolls again. */
PROBE(probe_small_reroll)
{
    fresh(p, 1);
    SET("limit", "1");
    SET("sp1.x", "1");
    SET("sp1.y", "1");            /* character 1 stands there */
    SET("sp2.x", "4");
    SET("sp2.y", "4");
    SET("e1.reserve", "1");
    D6("1"), D6("2");
    DO("place", "enemy=1");
    *value = GET("e1.x") == 4 && GET("log.replace") == 1;
    return 0;
}

/* A large base on a field with a character, an enemy and Sidekick, the
 * unit limit 1: each moves off to a free neighbouring field of its own. */
PROBE(probe_large_displace)
{
    static const char *const who[] = {"c1", "e2", "sidekick"};
    fresh(p, 1);
    SET("limit", "1");
    SET("sp1.x", "3");
    SET("sp1.y", "3");
    SET("c1.x", "3");
    SET("c1.y", "3");
    SET("e2.present", "1");
    SET("e2.x", "3");
    SET("e2.y", "3");
    SET("sidekick.in", "1");
    SET("sidekick.x", "3");
    SET("sidekick.y", "3");
    SET("e1.reserve", "1");
    SET("e1.large", "1");
    D6("1");
    DO("place", "enemy=1");
    long ok = GET("e1.x") == 3 && GET("e1.y") == 3, at[3];
    for (int i = 0; i < 3; i++) {
        long x = GET("%s.x", who[i]), y = GET("%s.y", who[i]);
        at[i] = x * 10 + y;
        ok &= manhattan(x, y, 3, 3) == 1;
    }
    *value = ok && at[0] != at[1] && at[0] != at[2] && at[1] != at[2];
    return 0;
}

/* An enemy attack of 4 dice (6 6 1 3) against defence 4: damage and VP. */
static void enemy_attack(eng_probe *p)
{
    fresh(p, 1);
    SET("c1.life", "20");
    at_enemy(p);
    SET("e1.dice", "4");
    D6("6"), D6("6"), D6("1"), D6("3");
    DO("activate-enemy", "enemy=1");
}

PROBE(probe_enemy_damage) { enemy_attack(p); *value = GET("c1.damage") / 2; return 0; }
PROBE(probe_enemy_vp) { enemy_attack(p); *value = GET("vp"); return 0; }

/* Three enemies: a boss, type 1 number 2 and number 1, type 2 number 1 in
 * slots that hide the order. */
PROBE(probe_initiative)
{
    fresh(p, 1);
    static const char *const setup[][3] = {{"2", "1", "0"}, {"1", "2", "0"}, {"1", "1", "0"}, {"1", "5", "1"}};
    for (int e = 0; e < 4; e++) {
        SETL(1, "e%d.present", e + 1);
        eng_probe_set(p, setup[e][0], "e%d.type", e + 1);
        eng_probe_set(p, setup[e][1], "e%d.num", e + 1);
        eng_probe_set(p, setup[e][2], "e%d.boss", e + 1);
    }
    DO("end-actions", NULL);
    *value = GET("init1") == 4 && GET("init2") == 3 && GET("init3") == 2 && GET("init4") == 1 && GET("init5") == 0;
    return 0;
}

/* A melee enemy 2 fields away, speed 2: it ends on its target's field. */
PROBE(probe_melee_move)
{
    fresh(p, 1);
    SET("c1.life", "20");
    SET("e1.present", "1");
    SET("e1.x", "2");
    SET("e1.y", "2");
    DO("activate-enemy", "enemy=1");
    *value = GET("e1.x") == 1 && GET("e1.y") == 1;
    return 0;
}

/* A ranged enemy (range 3, speed 2) at 1,2 with its target at 1,1: it
 * steps back to the greatest distance it can shoot from. */
PROBE(probe_ranged_move)
{
    fresh(p, 1);
    SET("c1.life", "20");
    SET("e1.present", "1");
    SET("e1.kind", "ranged");
    SET("e1.x", "1");
    SET("e1.y", "2");
    DO("activate-enemy", "enemy=1");
    long r = GET("reach%ld.%ld", GET("e1.x"), GET("e1.y"));
    *value = r == 3;
    return 0;
}

/* A sight blockade at 1,2: the enemy may stand on it, a character may not
 * enter it. */
PROBE(probe_blockade_enter)
{
    fresh(p, 1);
    SET("blk1.2", "1");
    dice(p, 1, "6666");
    int ch = OK("move", "who=1 dice=1 x=1 y=2");
    SET("e1.present", "1");
    SET("e1.x", "1");
    SET("e1.y", "3");
    SET("e1.speed", "1");
    SET("c1.life", "20");
    DO("activate-enemy", "enemy=1");
    *value = !ch && GET("e1.y") == 2;
    return 0;
}

/* Line of sight: a wall of three blockades between blocks; a line past
 * its end does not. */
PROBE(probe_sight_blocked)
{
    fresh(p, 1);
    SET("c1.x", "1");
    SET("c1.y", "4");
    SET("blk3.3", "1");
    SET("blk3.4", "1");
    SET("blk3.5", "1");
    *value = !GET("sight5.4") && GET("sight5.1");
    return 0;
}

/* Out of a sight blockade there is no sight, into it there is. */
PROBE(probe_sight_out)
{
    fresh(p, 1);
    SET("blk1.1", "1");
    int out = GET("sight3.3");
    SET("blk1.1", "0");
    SET("blk3.3", "1");
    *value = !out && GET("sight3.3");
    return 0;
}

/* Maps of sight blockades ('#', rows y = 1..8, columns x = 1..8) and the
 * fields ('C') character 1 looks from: walls, corridors, thick blocks,
 * blockades on the map's edges, corners touching. */
static const char *const sight_maps[][8] = {
    {"..C.....", "###.....", "...C#...", "...##...", "C.......", "#######.", ".......C", "......#."},
    {"C#......", "##..#C#.", "....#.#.", "....###.", ".C......", "..##..##", "..##..#C", "......#."},
    {".......#", ".C.....#", "#......#", "#...C..C", "#......#", ".##.##..", "C#....#.", ".#....#C"},
    {"C.#.#.#.", ".#.#.#.#", "#.#C#.#.", ".#.#.#.#", "#.#.#.#.", ".#.#.#C#", "#.#.#.#.", "C#.#.#.#"},
};

/* Character 1 on map m at cx,cy: the fields it sees by the engine against
 * the corner rule worked out anew. */
static int sight_agrees(eng_probe *p, const int blk[8][8], long cx, long cy)
{
    SETL(cx, "c1.x");
    SETL(cy, "c1.y");
    for (long x = 1; x <= 8; x++)
        for (long y = 1; y <= 8; y++)
            if (GET("sight%ld.%ld", x, y) != sees_map(blk, cx, cy, x, y))
                return eng_probe_fail(p, "from %ld,%ld the sight of %ld,%ld is not the corner rule's", cx, cy, x, y);
    return 0;
}

/* The corner rule itself: two blockades touching at a corner only let a
 * diagonal line through that corner pass (corners of start and target, not
 * the same corner); and character 1 sees exactly the fields that the rule
 * worked out anew says, on the maps above and on maps of blockades
 * scattered by a fixed rule (a quarter of the fields). */
PROBE(probe_sight_corner)
{
    fresh(p, 1);
    SET("blk2.1", "1");
    SET("blk1.2", "1");
    if (GET("sight2.2") != 1)
        return *value = 0, 0;
    int blk[8][8];
    for (size_t m = 0; m < sizeof sight_maps / sizeof sight_maps[0]; m++) {
        eng_probe_reset(p, 7);
        for (int x = 1; x <= 8; x++)
            for (int y = 1; y <= 8; y++) {
                blk[x - 1][y - 1] = sight_maps[m][y - 1][x - 1] == '#';
                SETL(blk[x - 1][y - 1], "blk%d.%d", x, y);
            }
        for (int x = 1; x <= 8; x++)
            for (int y = 1; y <= 8; y++)
                if (sight_maps[m][y - 1][x - 1] == 'C' && sight_agrees(p, blk, x, y) != 0)
                    return -1;
    }
    for (int m = 0; m < 12; m++) {
        eng_probe_reset(p, 7);
        for (int x = 1; x <= 8; x++)
            for (int y = 1; y <= 8; y++) {
                blk[x - 1][y - 1] = (x * 7 + y * 13 + m * 5 + (x * y) % (m + 2)) % 4 == 0;
                SETL(blk[x - 1][y - 1], "blk%d.%d", x, y);
            }
        long cx = 1 + (m * 3) % 8, cy = 1 + (m * 5 + 2) % 8;
        blk[cx - 1][cy - 1] = 0;
        SETL(0, "blk%ld.%ld", cx, cy);
        if (sight_agrees(p, blk, cx, cy) != 0)
            return -1;
    }
    *value = 1;
    return 0;
}

/* Fields at range exactly 2 around a field in the middle of the map: those
 * the engine puts at range 2 that are on the second ring around 4,4 (a
 * field elsewhere at range 2 would not count). */
PROBE(probe_ring_two)
{
    fresh(p, 1);
    SET("c1.x", "4");
    SET("c1.y", "4");
    long n = 0;
    for (long x = 1; x <= 8; x++)
        for (long y = 1; y <= 8; y++)
            n += GET("reach%ld.%ld", x, y) == 2 && (labs_(x - 4) == 2 || labs_(y - 4) == 2) &&
                 labs_(x - 4) <= 2 && labs_(y - 4) <= 2;
    *value = n;
    return 0;
}

/* Movement never goes diagonally: from 4,4 a diagonal neighbour needs two fields. */
PROBE(probe_orthogonal)
{
    fresh(p, 1);
    SET("c1.x", "4");
    SET("c1.y", "4");
    dice(p, 1, "1266");
    int diagonal = 0;
    for (int k = 0; k < 4; k++)
        diagonal |= OK("move", "who=1 dice=1 x=%d y=%d", k % 2 ? 5 : 3, k / 2 ? 5 : 3);
    *value = !diagonal && OK("move", "who=1 dice=2 x=5 y=5");
    return 0;
}

/* The unit limit (1 here): a character cannot move onto a full field;
 * integrated movement may end there, but not on a blocked marker. */
PROBE(probe_limit)
{
    fresh(p, 1);
    SET("limit", "1");
    SET("e1.present", "1");
    SET("e1.x", "1");
    SET("e1.y", "2");
    SET("e2.present", "1");
    SET("e2.x", "2");
    SET("e2.y", "1");
    dice(p, 1, "6666");
    *value = !OK("move", "who=1 dice=1 x=1 y=2") && !OK("move", "who=1 dice=1 x=2 y=1");
    return 0;
}

PROBE(probe_integrated)
{
    fresh(p, 1);
    SET("limit", "1");
    SET("e1.present", "1");
    SET("e1.x", "1");
    SET("e1.y", "2");
    SET("mark2.1", "1");
    *value = OK("shift", "who=1 x=1 y=2") && GET("c1.x") == 1 && GET("c1.y") == 2 && !OK("shift", "who=1 x=2 y=1");
    return 0;
}

/* The damage that makes a character of life 5 unconscious: the last. */
PROBE(probe_last_damage)
{
    fresh(p, 1);
    SET("c1.life", "5");
    for (int d = 1; d <= 6; d++) {
        DO("damage", "who=1 amount=1");
        if (GET("c1.out"))
            return *value = d - 5 - 1, 0;
    }
    return eng_probe_fail(p, "never unconscious");
}

PROBE(probe_out_no_action)
{
    fresh(p, 1);
    dice(p, 1, "6666");
    SET("c1.life", "2");
    DO("damage", "who=1 amount=2");
    *value = !OK("move", "who=1 dice=1 x=1 y=2");
    return 0;
}

/* Revived by another: damage after, and dice rolled if not yet. */
PROBE(probe_revive)
{
    eng_probe_reset(p, 7);
    DO("start", "players=2");
    SET("c1.life", "2");
    DO("damage", "who=1 amount=2");
    int self = OK("revive", "who=1 by=1");
    DO("revive", "who=1 by=2");
    *value = !self && GET("c1.out") == 0 && GET("c1.damage") == 0 && GET("c1.rolled") == 1;
    return 0;
}

/* A large melee enemy hits: its target leaves the field. */
PROBE(probe_large_melee)
{
    fresh(p, 1);
    SET("c1.life", "20");
    SET("e1.present", "1");
    SET("e1.large", "1");
    SET("e1.x", "1");
    SET("e1.y", "2");
    DO("activate-enemy", "enemy=1");
    *value = GET("e1.x") == 1 && GET("e1.y") == 1 && !(GET("c1.x") == 1 && GET("c1.y") == 1);
    return 0;
}

/* A boss card with paralysis and a special symbol: the symbol, no action. */
PROBE(probe_paralysis)
{
    fresh(p, 1);
    SET("e1.present", "1");
    SET("e1.boss", "1");
    SET("e1.symbol", "1");
    SET("e1.paralysis", "1");
    DO("activate-enemy", "enemy=1");
    *value = GET("log.boss-symbol") == 1 && GET("log.enemy") == 0;
    return 0;
}

/* Under mind control the boss's special symbol does nothing. */
PROBE(probe_mind)
{
    fresh(p, 1);
    SET("e1.present", "1");
    SET("e1.boss", "1");
    SET("e1.symbol", "1");
    DO("afflict", "enemy=1");
    DO("activate-enemy", "enemy=1");
    *value = GET("log.boss-symbol") == 0 && GET("log.enemy") == 1;
    return 0;
}

/* Sidekick: Cora is character 1. */
static void cora(eng_probe *p)
{
    fresh(p, 1);
    SET("cora", "1");
    SET("c1.ghw", "3");
    SET("c1.life", "20");
    SET("e1.present", "1");
    dice(p, 1, "66666666");
}

PROBE(probe_programs_max)
{
    cora(p);
    long n = 0;
    for (int i = 1; i <= 6; i++) {
        D6("6"), D6("6"), D6("6");
        n += OK("download", "enemy=1 dice=%d", i) && GET("sidekick.programs") == n + 1;
    }
    *value = n;
    return 0;
}

/* The least damage that stores a program (armour 1: 1 success is none). */
PROBE(probe_download_min)
{
    cora(p);
    SET("e1.armour", "1");
    D6("6"), D6("2"), D6("2");
    DO("download", "enemy=1 dice=1");
    long one_success = GET("sidekick.programs");
    D6("6"), D6("6"), D6("2");
    DO("download", "enemy=1 dice=2");
    *value = one_success == 0 && GET("sidekick.programs") == 1 ? 1 : 0;
    return 0;
}

/* The download costs only the weapon card's dice (pattern "1": one die). */
PROBE(probe_download_dice)
{
    cora(p);
    D6("6"), D6("6"), D6("6");
    DO("download", "enemy=1 dice=1");
    *value = GET("c1.filled") - 1;
    return 0;
}

/* Programs: downloaded off the map, used only on it; kept when Sidekick is
 * eliminated and brought back. */
PROBE(probe_programs_use)
{
    cora(p);
    D6("6"), D6("6"), D6("6");
    DO("download", "enemy=1 dice=1");
    int off = !OK("program", NULL);
    DO("sidekick", "x=2 y=2");
    int on = OK("program", NULL);
    DO("sidekick-hit", "amount=9");
    int gone = !GET("sidekick.in");
    DO("sidekick", "x=2 y=2");
    *value = off && on && gone && GET("sidekick.programs") == 1;
    return 0;
}

/* Cora's move takes Sidekick along, as far as her dice. */
PROBE(probe_sidekick_move)
{
    cora(p);
    DO("sidekick", "x=1 y=1");
    dice(p, 1, "2666");
    int far = OK("move", "who=1 dice=1 x=1 y=3 sx=4 sy=1");
    *value = !far && OK("move", "who=1 dice=1 x=1 y=3 sx=3 sy=1") && GET("c1.filled") == 1;
    return 0;
}

PROBE(probe_sidekick_immune)
{
    cora(p);
    DO("sidekick", "x=1 y=1");
    *value = !OK("afflict", "enemy=0");
    return 0;
}

/* An enemy may choose Sidekick as its target. */
PROBE(probe_sidekick_target)
{
    cora(p);
    DO("sidekick", "x=6 y=6");
    SET("e1.x", "7");
    SET("e1.y", "7");
    DO("activate-enemy", "enemy=1");
    *value = GET("e1.target") == 5;
    return 0;
}

/* The minimum cost of a weapon: a printed 4 is not paid with a 3. */
PROBE(probe_weapon_cost)
{
    fresh(p, 1);
    at_enemy(p);
    SET("c1.cost", "4");
    dice(p, 1, "3566");
    *value = !OK("attack", "who=1 enemy=1 dice=1") && OK("attack", "who=1 enemy=1 dice=2");
    return 0;
}

#define F(id, doc, fn) {"nanolith." id, doc, fn}

const eng_fact eng_nanolith_facts[] = {
    F("players.min", "the fewest players a scenario starts with", probe_players_min),
    F("players.max", "the most players a scenario starts with", probe_players_max),
    F("round.phases", "phases a round passes through", probe_phases),
    F("round.no-marker", "the round in which the round marker stays", probe_no_marker),
    F("status.stress-drop", "fields the stress cube goes down in the status phase", probe_stress_drop),
    F("status.stress-dir", "direction it goes: left 1", probe_stress_drop_dir),
    F("stress.action-one", "stress for a rolled 1 of the action dice", probe_stress_one),
    F("stress.combat-one", "stress for a rolled 1 of the combat dice", probe_stress_combat),
    F("stress.reroll-one", "a rerolled 1 keeps its stress, the new result counts", probe_reroll_one),
    F("attack.reroll-new", "after a reroll only the new result counts", probe_reroll_new),
    F("stress.bordered", "stress for a die on a bordered slot, more than on a plain one", probe_stress_border),
    F("stress.manipulate", "stress for turning a die", probe_manip_stress),
    F("manipulate.step", "how far a die is turned", probe_manip_step),
    F("manipulate.low", "the face that cannot be turned lower", probe_manip_low),
    F("manipulate.high", "the face that cannot be turned higher", probe_manip_high),
    F("shock.field", "the field of the nanoshock against the cube's: the last before it", probe_shock_field),
    F("shock.stress", "the stress after the nanoshock", probe_shock_stress),
    F("shock.damage", "damage of the nanoshock", probe_shock_damage),
    F("shock.marker", "the marker after the nanoshock is active", probe_shock_marker),
    F("shock.cube", "fields the nanoshock cube moves", probe_shock_cube),
    F("shock.cube-dir", "its direction: left 1", probe_shock_cube_dir),
    F("shock.never-on", "the stress cube never on or past the nanoshock cube", probe_shock_never_on),
    F("shock.action-dice", "action dice the nanoshock action costs", probe_shock_dice),
    F("shock.action-off", "the nanoshock action turns the marker off", probe_shock_off),
    F("shock.full-aw", "a nanoshock attack rolls GAW + WAW + upgrades, free", probe_shock_full),
    F("shock.defence", "a nanoshock attack meets the nanoshock defence", probe_shock_def),
    F("activation.one", "one character activated at a time", probe_one_at_a_time),
    F("activation.end", "an ended activation is not taken up again", probe_end_early),
    F("activation.last-die", "the die that ends the activation: the last", probe_last_die),
    F("activation.multi-dice", "movement paid with several dice adds them", probe_multi_dice),
    F("ability.minimum", "a printed triple 3 is paid with triple 3..6, not 1 or 2", probe_pattern),
    F("cards.abilities", "ability cards a character may hold", probe_abilities),
    F("cards.items", "item cards a character may hold", probe_items),
    F("ability.swap-vp", "VP for swapping an ability card", probe_swap_vp),
    F("attack.aw", "armed: GAW + WAW dice; unarmed: GAW", probe_aw),
    F("attack.at-least", "a die showing the defence hits", probe_hit_at_least),
    F("attack.armour", "hits marked: three less armour one", probe_armour),
    F("attack.defeat", "hits that defeat an enemy of life 3", probe_defeat),
    F("attack.immune", "an X takes no hit", probe_immune),
    F("attack.force", "forcing turns each failure for the symbol's damage", probe_force),
    F("hack.cube", "cubes for one success of three dice", probe_hack_cube),
    F("hack.done", "a full target index opens the door", probe_hack_done),
    F("reinforce.first", "the first listed enemy as often as possible, then the next", probe_first_listed),
    F("reinforce.leftover", "stress for the start player from one VP left", probe_leftover),
    F("reinforce.vp-left", "VP left after the reinforcement phase", probe_vp_spent),
    F("place.small-reroll", "a small base rolls again on a full field", probe_small_reroll),
    F("place.large-displace", "a large base displaces the figures", probe_large_displace),
    F("enemy.damage-per-success", "damage per success of an enemy", probe_enemy_damage),
    F("enemy.vp-per-one", "VP from an enemy's rolled 1", probe_enemy_vp),
    F("enemy.initiative", "boss, then card order, then ascending number", probe_initiative),
    F("enemy.melee-move", "a melee enemy moves into its target's field", probe_melee_move),
    F("enemy.ranged-move", "a ranged enemy moves to its greatest range in sight", probe_ranged_move),
    F("map.blockade-enter", "enemies enter sight blockades, characters do not", probe_blockade_enter),
    F("sight.blocked", "a blockade between blocks the line", probe_sight_blocked),
    F("sight.out", "no sight out of a blockade, but into it", probe_sight_out),
    F("sight.corner", "a line may pass between blockades touching at a corner", probe_sight_corner),
    F("range.ring-two", "fields at range 2 around a field", probe_ring_two),
    F("move.orthogonal", "movement is orthogonal only", probe_orthogonal),
    F("move.limit", "no move onto a field at the unit limit", probe_limit),
    F("move.integrated", "integrated movement ends on full fields, not on blocked markers", probe_integrated),
    F("out.last-damage", "the damage that makes unconscious: the last", probe_last_damage),
    F("out.no-actions", "an unconscious character takes no actions", probe_out_no_action),
    F("out.revive", "revived by another: no damage, dice rolled", probe_revive),
    F("enemy.large-melee", "a large melee enemy displaces its target", probe_large_melee),
    F("boss.paralysis", "paralysis skips the card, its symbol still happens", probe_paralysis),
    F("status.mind-control", "a mind-controlled boss's symbol does nothing", probe_mind),
    F("sidekick.programs", "programs Sidekick can hold", probe_programs_max),
    F("sidekick.download-min", "damage a download needs", probe_download_min),
    F("sidekick.download-dice", "action dice of a download beyond the weapon card", probe_download_dice),
    F("sidekick.programs-use", "programs used only on the map, kept when eliminated", probe_programs_use),
    F("sidekick.move", "Cora's move takes Sidekick as far as her dice", probe_sidekick_move),
    F("sidekick.immune", "Sidekick is immune to status effects", probe_sidekick_immune),
    F("sidekick.target", "enemies may choose Sidekick", probe_sidekick_target),
    F("attack.min-cost", "the minimum cost of a weapon", probe_weapon_cost),
};

/* ---- helpers for the procedures ------------------------------------------------------------------------ */

static int put(eng_state *st, const char *value, const char *keyfmt, ...) __attribute__((format(printf, 3, 4)));
static int put(eng_state *st, const char *value, const char *keyfmt, ...)
{
    char key[48], err[256];
    va_list ap;
    va_start(ap, keyfmt);
    vsnprintf(key, sizeof key, keyfmt, ap);
    va_end(ap);
    return eng_set(st, key, value, err, sizeof err);
}

static int putl(eng_state *st, long v, const char *key)
{
    char b[24];
    snprintf(b, sizeof b, "%ld", v);
    return put(st, b, "%s", key);
}

static int run(eng_state *st, const char *action, const char *args)
{
    char err[256];
    return eng_act(st, action, args, err, sizeof err);
}

static long ring(long ax, long ay, long bx, long by)
{
    long dx = labs_(ax - bx), dy = labs_(ay - by);
    return dx > dy ? dx : dy;
}

/* Line of sight for a state: its map of blockades, read once. */
static int sees(const eng_state *st, long ax, long ay, long bx, long by)
{
    int blk[8][8];
    for (int x = 1; x <= 8; x++)
        for (int y = 1; y <= 8; y++)
            blk[x - 1][y - 1] = eng_val(st, "blk%d.%d", x, y) != 0;
    return sees_map(blk, ax, ay, bx, by);
}

/* ---- AI: a round ------------------------------------------------------------------------------------------- */

static int pred_first(const eng_state *st) { return eng_val(st, "round") == 1; }

static int post_marker(const eng_state *b, const eng_state *a) { return eng_val(a, "marker") == eng_val(b, "marker") + 1; }

static int post_stress(const eng_state *b, const eng_state *a)
{
    for (long c = 1; c <= eng_val(a, "players"); c++) {
        long s = eng_val(b, "c%ld.stress", c) - 2;
        if (eng_val(a, "c%ld.stress", c) != (s > 0 ? s : 0))
            return 0;
    }
    return eng_val(a, "marker") == eng_val(b, "marker");
}

static int post_effects(const eng_state *b, const eng_state *a)
{
    return eng_val(a, "log.status-effects") == eng_val(b, "log.status-effects") + 1;
}

/* Every conscious character's dice are rolled and free; stress rose by at
 * least one for each 1 (a nanoshock resets it). */
static int post_roll(const eng_state *b, const eng_state *a)
{
    for (long c = 1; c <= eng_val(a, "players"); c++) {
        if (eng_val(a, "c%ld.out", c))
            continue;
        long ones = 0;
        for (long d = 1; d <= eng_val(a, "c%ld.ndice", c); d++) {
            long f = eng_val(a, "c%ld.d%ld", c, d);
            if (f < 1 || f > 6 || eng_val(a, "c%ld.used%ld", c, d))
                return 0;
            ones += f == 1;
        }
        if (!eng_val(a, "c%ld.shock", c) && eng_val(a, "c%ld.stress", c) != eng_val(b, "c%ld.stress", c) + ones)
            return 0;
    }
    return eng_val(a, "log.action-roll") > eng_val(b, "log.action-roll");
}

static int post_start(const eng_state *b, const eng_state *a)
{
    (void)b;
    return eng_val(a, "start-player") == 1 && eng_val(a, "phase") == 1;
}

static int post_actions(const eng_state *b, const eng_state *a)
{
    (void)b;
    return eng_val(a, "phase") == 2 && eng_val(a, "active") == 0;
}

static int post_reinforce(const eng_state *b, const eng_state *a)
{
    (void)b;
    return eng_val(a, "vp") == 0 && eng_val(a, "phase") == 3;
}

/* Every enemy on the map is activated once (a boss card with paralysis is
 * skipped); then the next round. */
static int post_enemies(const eng_state *b, const eng_state *a)
{
    long acting = 0;
    for (long e = 1; e <= 8; e++)
        acting += eng_val(b, "e%ld.present", e) && !(eng_val(b, "e%ld.boss", e) && eng_val(b, "e%ld.paralysis", e));
    return eng_val(a, "log.enemy") == eng_val(b, "log.enemy") + acting && eng_val(a, "round") == eng_val(b, "round") + 1 &&
           eng_val(a, "phase") == 0;
}

/* Rounds 1..3, one or two characters with stress 0..3 or 8, VP 0, 2 or 5 with an
 * extra reinforcement of cost 2, an enemy on the map or not. */
static long enum_round(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    long n = 0;
    for (int players = 1; players <= 2; players++)
        for (int round = 1; round <= 3; round++)
            for (int stress = 0; stress <= 4; stress++)
                for (int vp = 0; vp <= 5; vp += vp == 0 ? 2 : 3)
                    for (int enemy = 0; enemy <= 1; enemy++) {
                        eng_state *st = eng_state_new(g, seed + (uint64_t)n);
                        if (!st)
                            return -1;
                        char b[16];
                        snprintf(b, sizeof b, "players=%d", players);
                        run(st, "start", b);
                        putl(st, round, "round");
                        for (int c = 1; c <= players; c++)
                            put(st, stress == 4 ? "8" : stress == 3 ? "3" : stress == 2 ? "2" : stress ? "1" : "0", "c%d.stress", c);
                        putl(st, vp, "vp");
                        put(st, "1", "x1.type");
                        put(st, "2", "x1.cost");
                        put(st, "1", "e2.reserve");
                        put(st, "1", "e3.reserve");
                        if (enemy) {
                            put(st, "1", "e1.present");
                            put(st, "3", "e1.x");
                            put(st, "1", "e1.y");
                        }
                        n++;
                        int stop = visit(st, ctx);
                        eng_state_free(st);
                        if (stop)
                            return n;
                    }
    return n;
}

static void describe_round(const eng_state *st, char *buf, size_t len)
{
    snprintf(buf, len, "round %ld, %ld players, stress %ld/%ld, vp %ld", eng_val(st, "round"),
             eng_val(st, "players"), eng_val(st, "c1.stress"), eng_val(st, "c2.stress"), eng_val(st, "vp"));
}

static const eng_pred round_preds[] = {
    {"nanolith.round.first", "the first round of the scenario", 2, pred_first, NULL},
};
static const eng_outcome round_outcomes[] = {
    {"nanolith.round.marker", "the round marker advanced one field", post_marker},
    {"nanolith.round.stress", "every stress cube two fields down, at least 0", post_stress},
    {"nanolith.round.effects", "status effects handled", post_effects},
    {"nanolith.round.roll", "action dice rolled, a stress for each 1", post_roll},
    {"nanolith.round.start-player", "the start player marker is passed; actions phase", post_start},
    {"nanolith.round.actions", "the characters' activations are over", post_actions},
    {"nanolith.round.reinforce", "every VP spent; enemy phase", post_reinforce},
    {"nanolith.round.enemies", "the enemies acted; the next round", post_enemies},
};

/* ---- AI: the nanoshock ------------------------------------------------------------------------------------- */

#define CW(st, f) eng_val((st), "c%ld." f, eng_val((st), "ai.who"))

static int pred_due(const eng_state *st) { return CW(st, "stress") + 1 >= CW(st, "cube") - 1; }

static int post_none(const eng_state *b, const eng_state *a)
{
    return CW(a, "stress") == CW(b, "stress") + 1 && CW(a, "shock") == CW(b, "shock") && CW(a, "cube") == CW(b, "cube");
}

static int post_reset(const eng_state *b, const eng_state *a)
{
    return CW(a, "stress") == 0 && CW(a, "damage") == CW(b, "damage");
}

static int post_damage(const eng_state *b, const eng_state *a)
{
    long d = CW(b, "damage") + 2, life = CW(a, "life");
    return CW(a, "damage") == (d < life ? d : life) && CW(a, "out") == (d >= life);
}

static int post_shock_marker(const eng_state *b, const eng_state *a)
{
    (void)b;
    return CW(a, "shock") == 1;
}

static int post_cube(const eng_state *b, const eng_state *a)
{
    long c = CW(b, "cube");
    return CW(a, "cube") == (c > 2 ? c - 1 : c) && CW(a, "stress") == 0;
}

/* The cube on fields 2..7 (on 2 it moves no further), the stress on every
 * field below it, damage 0 or 4 of life 5, the marker on or off. */
static long enum_shock(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    long n = 0;
    for (int cube = 2; cube <= 7; cube++)
        for (int stress = 0; stress < cube - 1; stress++)
            for (int dmg = 0; dmg <= 4; dmg += 4)
                for (int shock = 0; shock <= 1; shock++) {
                    eng_state *st = eng_state_new(g, seed);
                    if (!st)
                        return -1;
                    run(st, "start", "players=2");
                    put(st, "2", "ai.who");
                    put(st, "5", "c2.life");
                    putl(st, cube, "c2.cube");
                    putl(st, stress, "c2.stress");
                    putl(st, dmg, "c2.damage");
                    putl(st, shock, "c2.shock");
                    n++;
                    int stop = visit(st, ctx);
                    eng_state_free(st);
                    if (stop)
                        return n;
                }
    return n;
}

static void describe_shock(const eng_state *st, char *buf, size_t len)
{
    snprintf(buf, len, "stress %ld, cube %ld, damage %ld of %ld, marker %ld", CW(st, "stress"), CW(st, "cube"),
             CW(st, "damage"), CW(st, "life"), CW(st, "shock"));
}

static const eng_pred shock_preds[] = {
    {"nanolith.shock.due", "one stress more puts the cube on the last free field before the nanoshock cube", 2,
     pred_due, NULL},
};
static const eng_outcome shock_outcomes[] = {
    {"nanolith.shock.none", "the stress cube one field up, nothing else", post_none},
    {"nanolith.shock.reset", "the stress back to 0", post_reset},
    {"nanolith.shock.damage", "2 damage (unconscious at the life)", post_damage},
    {"nanolith.shock.marker", "the nanoshock marker on its active side", post_shock_marker},
    {"nanolith.shock.cube", "the nanoshock cube one field left", post_cube},
};

/* ---- AI: an enemy's target ------------------------------------------------------------------------------------ */

#define EV(st, f) eng_val((st), "e%ld." f, eng_val((st), "ai.enemy"))

/* The figures enemy ai.enemy may choose (1..4 characters, 5 Sidekick) and
 * the tie sets of the rule: level 1 the nearest, 2 of them the most
 * damage, 3 of them the lowest defence. Returns how many are in set lvl. */
static int tied(const eng_state *st, int lvl, int *in)
{
    static const char *const defkey[] = {"melee", "ranged", "nanoshock", "hacking"};
    long ex = EV(st, "x"), ey = EV(st, "y"), kind = EV(st, "kind");
    long d[6], dmg[6], def[6];
    int n = 0;
    for (int t = 1; t <= 5; t++) {
        in[t] = 0;
        if (t <= 4) {
            if (t > eng_val(st, "players") || eng_val(st, "c%d.out", t))
                continue;
            d[t] = manhattan(ex, ey, eng_val(st, "c%d.x", t), eng_val(st, "c%d.y", t));
            dmg[t] = eng_val(st, "c%d.damage", t);
            def[t] = eng_val(st, "c%d.def.%s", t, defkey[kind]);
        } else {
            if (!eng_val(st, "sidekick.in"))
                continue;
            d[t] = manhattan(ex, ey, eng_val(st, "sidekick.x"), eng_val(st, "sidekick.y"));
            dmg[t] = eng_val(st, "sidekick.damage");
            def[t] = eng_val(st, "sidekick.def");
        }
        in[t] = 1;
    }
    for (int level = 1; level <= lvl; level++) {
        long best = level == 2 ? -1 : 1000;
        for (int t = 1; t <= 5; t++) {
            if (!in[t])
                continue;
            long v = level == 1 ? d[t] : level == 2 ? dmg[t] : def[t];
            if (level == 2 ? v > best : v < best)
                best = v;
        }
        for (int t = 1; t <= 5; t++)
            if (in[t])
                in[t] = (level == 1 ? d[t] : level == 2 ? dmg[t] : def[t]) == best;
    }
    for (int t = 1; t <= 5; t++)
        n += in[t];
    return n;
}

static int pred_any(const eng_state *st) { int in[6]; return tied(st, 0, in) > 0; }
static int pred_one_near(const eng_state *st) { int in[6]; return tied(st, 1, in) == 1; }
static int pred_one_dmg(const eng_state *st) { int in[6]; return tied(st, 2, in) == 1; }
static int pred_one_def(const eng_state *st) { int in[6]; return tied(st, 3, in) == 1; }

static int chosen_in(const eng_state *b, const eng_state *a, int lvl)
{
    int in[6];
    tied(b, lvl, in);
    long t = EV(a, "target");
    return t >= 1 && t <= 5 && in[t];
}

static int post_t_none(const eng_state *b, const eng_state *a) { (void)b; return EV(a, "target") == 0; }
static int post_t_near(const eng_state *b, const eng_state *a) { return chosen_in(b, a, 1); }
static int post_t_dmg(const eng_state *b, const eng_state *a) { return chosen_in(b, a, 2); }
static int post_t_def(const eng_state *b, const eng_state *a) { return chosen_in(b, a, 3); }

/* Enemy 1 at 4,4 (melee or ranged); two or three characters around it at
 * distances 1..3 with damage 0 or 2 and defence 3 or 5; Sidekick on the
 * map or not; sometimes one character unconscious. */
static long enum_target(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    static const int pos[][2] = {{4, 5}, {5, 4}, {4, 6}, {2, 4}, {7, 4}};
    long n = 0;
    for (int players = 2; players <= 3; players++)
        for (int cfg = 0; cfg < 64; cfg++)
            for (int kind = 0; kind <= 1; kind++) {
                eng_state *st = eng_state_new(g, seed);
                if (!st)
                    return -1;
                char b[16];
                snprintf(b, sizeof b, "players=%d", players);
                run(st, "start", b);
                put(st, "1", "ai.enemy");
                put(st, "1", "e1.present");
                put(st, "4", "e1.x");
                put(st, "4", "e1.y");
                put(st, kind ? "ranged" : "melee", "e1.kind");
                for (int c = 1; c <= players; c++) {
                    int pi = (cfg >> (c - 1)) & 1 ? c - 1 : c + 1;
                    putl(st, pos[pi % 5][0], c == 1 ? "c1.x" : c == 2 ? "c2.x" : "c3.x");
                    putl(st, pos[pi % 5][1], c == 1 ? "c1.y" : c == 2 ? "c2.y" : "c3.y");
                    put(st, (cfg >> 2) & 1 && c == 2 ? "2" : "0", "c%d.damage", c);
                    put(st, (cfg >> 3) & 1 && c == 1 ? "3" : "5", "c%d.def.%s", c, kind ? "ranged" : "melee");
                }
                if ((cfg >> 4) & 1) {
                    put(st, "1", "sidekick.in");
                    put(st, "4", "sidekick.x");
                    put(st, "3", "sidekick.y");
                    put(st, (cfg >> 5) & 1 ? "3" : "6", "sidekick.def");
                } else if ((cfg >> 5) & 1) {   /* the third character with more damage */
                    put(st, "4", "c%d.damage", players);
                }
                if (cfg == 31 || cfg == 15)
                    put(st, "1", "c1.out");
                n++;
                int stop = visit(st, ctx);
                eng_state_free(st);
                if (stop)
                    return n;
            }
    /* no one to choose */
    eng_state *st = eng_state_new(g, seed);
    if (!st)
        return -1;
    run(st, "start", "players=1");
    put(st, "1", "ai.enemy");
    put(st, "1", "e1.present");
    put(st, "1", "c1.out");
    n++;
    visit(st, ctx);
    eng_state_free(st);
    return n;
}

static void describe_enemy(const eng_state *st, char *buf, size_t len)
{
    snprintf(buf, len, "enemy %ld at %ld,%ld kind %ld speed %ld range %ld boss %ld; c1 %ld,%ld dmg %ld; c2 %ld,%ld dmg %ld; sidekick %ld",
             eng_val(st, "ai.enemy"), EV(st, "x"), EV(st, "y"), EV(st, "kind"), EV(st, "speed"), EV(st, "range"),
             EV(st, "boss"), eng_val(st, "c1.x"), eng_val(st, "c1.y"), eng_val(st, "c1.damage"), eng_val(st, "c2.x"),
             eng_val(st, "c2.y"), eng_val(st, "c2.damage"), eng_val(st, "sidekick.in"));
}

static const eng_pred target_preds[] = {
    {"nanolith.target.any", "some character (or Sidekick) can be chosen", 2, pred_any, NULL},
    {"nanolith.target.one-nearest", "one figure alone is nearest", 2, pred_one_near, NULL},
    {"nanolith.target.one-damage", "among the nearest, one alone has the most damage", 2, pred_one_dmg, NULL},
    {"nanolith.target.one-defence", "among those, one alone has the lowest defence", 2, pred_one_def, NULL},
};
static const eng_outcome target_outcomes[] = {
    {"nanolith.target.none", "no target", post_t_none},
    {"nanolith.target.nearest", "the nearest is the target", post_t_near},
    {"nanolith.target.damage", "the nearest with the most damage", post_t_dmg},
    {"nanolith.target.defence", "then the lowest defence", post_t_def},
    {"nanolith.target.free", "one of those left, as the players choose", post_t_def},
};

/* ---- AI: an enemy's activation --------------------------------------------------------------------------------- */

static int pred_boss(const eng_state *st) { return EV(st, "boss") != 0; }
static int pred_symbol(const eng_state *st) { return EV(st, "symbol") && !EV(st, "mind"); }
static int pred_paralysis(const eng_state *st) { return EV(st, "paralysis") != 0; }
static int pred_melee(const eng_state *st) { return EV(st, "kind") == 0; }

static void target_at(const eng_state *st, long *x, long *y)
{
    long t = EV(st, "target");
    *x = t == 5 ? eng_val(st, "sidekick.x") : eng_val(st, "c%ld.x", t);
    *y = t == 5 ? eng_val(st, "sidekick.y") : eng_val(st, "c%ld.y", t);
}

static int post_symbol(const eng_state *b, const eng_state *a)
{
    return eng_val(a, "log.boss-symbol") == eng_val(b, "log.boss-symbol") + 1;
}

static int post_skipped(const eng_state *b, const eng_state *a)
{
    return EV(a, "x") == EV(b, "x") && EV(a, "y") == EV(b, "y") && eng_val(a, "log.enemy") == eng_val(b, "log.enemy") &&
           eng_val(a, "vp") == eng_val(b, "vp") &&
           eng_val(a, "log.paralysis-skip") == eng_val(b, "log.paralysis-skip") + 1;
}

/* The enemy's activation counts once, whether it finds a target or not. */
static int activated(const eng_state *b, const eng_state *a)
{
    return eng_val(a, "log.enemy") == eng_val(b, "log.enemy") + 1;
}

static int post_e_target(const eng_state *b, const eng_state *a)
{
    return activated(b, a) && chosen_in(b, a, 3) && EV(a, "x") == EV(b, "x") && EV(a, "y") == EV(b, "y");
}

/* Into the target's field if the speed reaches, else the speed nearer. */
static int post_move_melee(const eng_state *b, const eng_state *a)
{
    long tx, ty;
    target_at(b, &tx, &ty);
    long before = manhattan(EV(b, "x"), EV(b, "y"), tx, ty), speed = EV(a, "speed");
    long want = before > speed ? before - speed : 0;
    return manhattan(EV(a, "x"), EV(a, "y"), tx, ty) == want;
}

/* Within its speed; on a field that sees the target at the greatest
 * distance within range, when there is one. */
static int post_move_ranged(const eng_state *b, const eng_state *a)
{
    long tx, ty, bx = EV(b, "x"), by = EV(b, "y"), speed = EV(a, "speed"), range = EV(a, "range");
    long ax = EV(a, "x"), ay = EV(a, "y"), best = -1;
    target_at(b, &tx, &ty);
    if (manhattan(ax, ay, bx, by) > speed)
        return 0;
    for (long x = 1; x <= 8; x++)
        for (long y = 1; y <= 8; y++)
            if (manhattan(x, y, bx, by) <= speed && ring(x, y, tx, ty) <= range && ring(x, y, tx, ty) > best &&
                sees(a, x, y, tx, ty))
                best = ring(x, y, tx, ty);
    if (best < 0) {   /* none in range and sight: as near as it can come */
        long nearest = 99;
        for (long x = 1; x <= 8; x++)
            for (long y = 1; y <= 8; y++)
                if (manhattan(x, y, bx, by) <= speed && ring(x, y, tx, ty) < nearest)
                    nearest = ring(x, y, tx, ty);
        return ring(ax, ay, tx, ty) == nearest && (ring(ax, ay, tx, ty) > range || !sees(a, ax, ay, tx, ty));
    }
    return ring(ax, ay, tx, ty) == best && sees(a, ax, ay, tx, ty);
}

/* Whether a figure other than the enemy stands on (x, y): a character of
 * the game, Sidekick or another enemy on the map. */
static int others_on(const eng_state *st, long x, long y)
{
    for (long c = 1; c <= eng_val(st, "players"); c++)
        if (eng_val(st, "c%ld.x", c) == x && eng_val(st, "c%ld.y", c) == y)
            return 1;
    for (long e = 1; e <= 8; e++)
        if (e != eng_val(st, "ai.enemy") && eng_val(st, "e%ld.present", e) && eng_val(st, "e%ld.x", e) == x &&
            eng_val(st, "e%ld.y", e) == y)
            return 1;
    return eng_val(st, "sidekick.in") && eng_val(st, "sidekick.x") == x && eng_val(st, "sidekick.y") == y;
}

/* The enemy rolls when its target is in its field (melee) or in range and
 * sight, and only then: no damage and no VP otherwise. It does not move;
 * a large enemy ends alone on its field (the figures are displaced, its
 * melee target always). */
static int post_attack(const eng_state *b, const eng_state *a)
{
    long t = EV(a, "target"), tx, ty, ex = EV(b, "x"), ey = EV(b, "y");
    target_at(b, &tx, &ty);
    int in_range = EV(b, "kind") == 0 ? ex == tx && ey == ty : ring(ex, ey, tx, ty) <= EV(b, "range") && sees(b, ex, ey, tx, ty);
    long rolled = eng_val(a, "log.attack") - eng_val(b, "log.attack");
    long dmg_b = t == 5 ? eng_val(b, "sidekick.damage") : eng_val(b, "c%ld.damage", t);
    long dmg_a = t == 5 ? eng_val(a, "sidekick.damage") : eng_val(a, "c%ld.damage", t);
    if (rolled != in_range || (!in_range && (dmg_a != dmg_b || eng_val(a, "vp") != eng_val(b, "vp"))))
        return 0;
    if (EV(a, "large") && others_on(a, EV(a, "x"), EV(a, "y")))
        return 0;
    return eng_val(a, "vp") >= eng_val(b, "vp") && (dmg_a >= dmg_b || (t == 5 && !eng_val(a, "sidekick.in"))) &&
           EV(a, "x") == ex && EV(a, "y") == ey;
}

static int post_e_none(const eng_state *b, const eng_state *a)
{
    return activated(b, a) && EV(a, "target") == 0;
}

/* Enemy 1 at field pos: the characters at 3,3 and 6,5 (life 20). */
static eng_state *enemy_state(const eng_game *g, uint64_t seed, int x, int y, int kind)
{
    eng_state *st = eng_state_new(g, seed);
    if (!st)
        return NULL;
    run(st, "start", "players=2");
    put(st, "1", "ai.enemy");
    put(st, "1", "e1.present");
    putl(st, x, "e1.x");
    putl(st, y, "e1.y");
    put(st, kind ? "ranged" : "melee", "e1.kind");
    put(st, "20", "c1.life");
    put(st, "20", "c2.life");
    put(st, "3", "c1.x");
    put(st, "3", "c1.y");
    put(st, "6", "c2.x");
    put(st, "5", "c2.y");
    return st;
}

/* Two families of states. The map: enemy 1 of each kind at several fields,
 * speed 1 or 3, range 1 or 3, a wall of sight blockades or not, against one
 * or two characters or Sidekick. The cards: every combination of boss,
 * special symbol, paralysis and mind control (a normal enemy's card shows
 * none of them, but the flowchart must not look), melee or ranged, large or
 * small, with a target or none. */
static long enum_enemy(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    static const int epos[][2] = {{1, 1}, {4, 4}, {8, 2}, {3, 7}};
    long n = 0;
    for (int kind = 0; kind <= 1; kind++)
        for (int ep = 0; ep < 4; ep++)
            for (int speed = 1; speed <= 3; speed += 2)
                for (int wall = 0; wall <= 2; wall++) {
                    eng_state *st = enemy_state(g, seed + (uint64_t)n, epos[ep][0], epos[ep][1], kind);
                    if (!st)
                        return -1;
                    putl(st, speed, "e1.speed");
                    putl(st, speed, "e1.range");
                    if (ep == 3)
                        put(st, "1", "c2.out");
                    if (wall == 1) {
                        put(st, "1", "blk3.4");
                        put(st, "1", "blk4.3");
                        put(st, "1", "blk5.5");
                    }
                    if (wall == 2) {   /* Sidekick nearest, one hit from elimination */
                        put(st, "1", "sidekick.in");
                        putl(st, epos[ep][0] < 8 ? epos[ep][0] + 1 : 7, "sidekick.x");
                        putl(st, epos[ep][1], "sidekick.y");
                        put(st, "2", "sidekick.damage");
                        put(st, "6", "e1.dice");
                    }
                    n++;
                    int stop = visit(st, ctx);
                    eng_state_free(st);
                    if (stop)
                        return n;
                }
    for (int k = 0; k < 96; k++) {   /* ranged, among blockades scattered by a fixed rule */
        eng_state *st = enemy_state(g, seed + (uint64_t)n, 1 + (k * 5) % 8, 1 + (k * 3) % 8, 1);
        if (!st)
            return -1;
        putl(st, 1 + k % 4, "e1.speed");
        putl(st, 2 + k % 3, "e1.range");
        put(st, "8", "c2.x");
        put(st, k % 2 ? "8" : "1", "c2.y");
        for (int b = 0; b < 10; b++) {
            int x = 1 + (k * 7 + b * 13) % 8, y = 1 + (k * 11 + b * 5) % 8;
            if (!(x == 3 && y == 3) && !(x == 8 && (y == 8 || y == 1)))
                put(st, "1", "blk%d.%d", x, y);
        }
        n++;
        int stop = visit(st, ctx);
        eng_state_free(st);
        if (stop)
            return n;
    }
    for (int card = 0; card < 128; card++) {
        int boss = card & 1, kind = (card >> 5) & 1, target = !((card >> 4) & 1);
        eng_state *st = enemy_state(g, seed + (uint64_t)n, 4, 4, kind);
        if (!st)
            return -1;
        putl(st, boss, "e1.boss");
        putl(st, (card >> 1) & 1, "e1.symbol");
        putl(st, (card >> 2) & 1, "e1.paralysis");
        putl(st, (card >> 3) & 1, "e1.mind");
        putl(st, (card >> 6) & 1, "e1.large");
        if (!target) {
            put(st, "1", "c1.out");
            put(st, "1", "c2.out");
        }
        n++;
        int stop = visit(st, ctx);
        eng_state_free(st);
        if (stop)
            return n;
    }
    return n;
}

static const eng_pred enemy_preds[] = {
    {"nanolith.enemy.boss", "the enemy is a boss", 2, pred_boss, NULL},
    {"nanolith.enemy.symbol", "its card shows a special ability symbol (and it is not mind-controlled)", 2,
     pred_symbol, NULL},
    {"nanolith.enemy.paralysis", "its card shows paralysis", 2, pred_paralysis, NULL},
    {"nanolith.enemy.has-target", "some figure can be chosen", 2, pred_any, NULL},
    {"nanolith.enemy.melee", "it attacks in melee", 2, pred_melee, NULL},
};
static const eng_outcome enemy_outcomes[] = {
    {"nanolith.enemy.symbol", "the special ability's rule is carried out", post_symbol},
    {"nanolith.enemy.skipped", "the card is skipped: no move, no attack", post_skipped},
    {"nanolith.enemy.none", "no target: nothing happens", post_e_none},
    {"nanolith.enemy.target", "the target by the rule of the target flowchart", post_e_target},
    {"nanolith.enemy.move-melee", "into the target's field, or the speed nearer", post_move_melee},
    {"nanolith.enemy.move-ranged", "to the greatest distance in range and sight, else as near as it can",
     post_move_ranged},
    {"nanolith.enemy.attack", "the attack dice: damage to the target, VP for 1s", post_attack},
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

const eng_ai eng_nanolith_ais[] = {
    {"nanolith.round", "a round", round_preds, COUNT(round_preds), round_outcomes, COUNT(round_outcomes),
     eng_nanolith_run_round, enum_round, describe_round},
    {"nanolith.nanoshock", "one stress, and perhaps the nanoshock", shock_preds, COUNT(shock_preds), shock_outcomes,
     COUNT(shock_outcomes), eng_nanolith_run_nanoshock, enum_shock, describe_shock},
    {"nanolith.target", "an enemy chooses its target", target_preds, COUNT(target_preds), target_outcomes,
     COUNT(target_outcomes), eng_nanolith_run_target, enum_target, describe_enemy},
    {"nanolith.enemy", "an enemy is activated", enemy_preds, COUNT(enemy_preds), enemy_outcomes,
     COUNT(enemy_outcomes), eng_nanolith_run_enemy, enum_enemy, describe_enemy},
};
