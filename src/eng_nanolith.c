/* eng_nanolith.c — the Nanolith engine: the core rules as the German player
 * aid of boardgamefan.de (seed 000) states them — the round's four phases,
 * stress and the nanoshock, activations paid with action dice, ability dice
 * patterns, attacks and hacking, reinforcement bought with VP, the enemies'
 * activation (initiative, target, movement, attack), Sidekick and Cora.
 *
 * The aid is OCR-damaged and cut in places. Where it is silent the engine
 * takes one reading, and the German summary marks each with a <gap>:
 *  - an enemy's target is the nearest character (fewest orthogonal fields),
 *    then the one with more damage, then the lowest defence against the
 *    enemy's kind of attack, then the players' choice (the first of them);
 *    unconscious characters are not chosen;
 *  - a ranged enemy ends on the field, within its speed, from which it sees
 *    its target at the greatest distance within its range; failing that it
 *    comes as near as it can; ties go to the fewest steps;
 *  - range counts orthogonally and diagonally (the rings of fields around a
 *    field), movement orthogonally only;
 *  - dice paid for actions fill the inactive index from its first free slot;
 *  - spending the last action die ends the activation;
 *  - forcing successes costs the symbol's damage for each failure turned;
 *  - a small base whose placing field is full or blocked by a large enemy
 *    rolls again; figures displaced by a large enemy go to the first free
 *    neighbouring field (up, right, down, left);
 *  - the unit limit (figures per field) is a setting, not stated.
 *
 * Map: 8 x 8 fields, x and y from 1; field (x, y) spans the corners
 * (x-1, y-1)..(x, y). A text "dice pattern" is the printed dice of a card as
 * digits ("333" a triple of three, "35" a three and a five).
 */
#include "eng_nanolith.h"

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NL_MAXCH 4
#define NL_MAXEN 8
#define NL_DICE 8
#define NL_SLOTS 10
#define NL_MAP 8
#define NL_PATLEN 11       /* digits of a printed dice pattern */
#define NL_PAT (NL_PATLEN + 1)
#define NL_ATK 24
#define NL_XTYPES 4
#define NL_PROGRAMS 4      /* what Sidekick can hold */
#define NL_ABILITIES 3     /* ability cards a character may hold */
#define NL_ITEMS 4         /* item cards a character may hold */
#define NL_IMMUNE 7        /* a defence of "X" */

enum { K_MELEE, K_RANGED, K_NANO, K_HACK };
enum { PH_STATUS, PH_ACTIONS, PH_REINFORCE, PH_ENEMIES };
enum { A_IDLE, A_ACTIVE, A_DONE };

enum {
    EV_MARKER, EV_STRESS, EV_ONE, EV_NANOSHOCK, EV_STATUS, EV_ROLL, EV_START, EV_ACTIVATE, EV_END,
    EV_MOVE, EV_ABILITY, EV_ATTACK, EV_HIT, EV_DEFEATED, EV_DAMAGE, EV_OUT, EV_VP, EV_REINFORCE,
    EV_PLACE, EV_REROLL, EV_DISPLACE, EV_SYMBOL, EV_SKIP, EV_ENEMY, EV_PROGRAM, EV_CUBE, EV_OPEN
};
static const char *const nl_events[] = {
    "marker", "stress", "one", "nanoshock", "status-effects", "action-roll", "start-player", "activate",
    "end", "move", "ability", "attack", "hit", "defeated", "damage", "unconscious", "vp", "reinforce",
    "place", "replace", "displace", "boss-symbol", "paralysis-skip", "enemy", "program", "cube", "opened",
    NULL};

static const char *const kind_names[] = {"melee", "ranged", "nanoshock", "hacking", NULL};
static const char *const phase_names[] = {"status", "actions", "reinforcement", "enemies", NULL};
static const char *const act_names[] = {"idle", "active", "done", NULL};

typedef struct nl_char {
    int x, y, life, damage, out;
    int stress, cube, shock;
    int ndice, die[NL_DICE], used[NL_DICE], rolled;
    int slots, border[NL_SLOTS], filled, act;
    int gaw, waw, upg, ghw, range, armour, def[4];
    int abilities, items;
    char ab[NL_ABILITIES][NL_PAT], wcost[NL_PAT];
} nl_char;

typedef struct nl_enemy {
    int present, reserve, autoin, type, num, boss, init, large, x, y;
    int speed, range, kind, dice, def[4], armour, life, hits;
    int symbol, paralysed, mind, target;
} nl_enemy;

typedef struct nl_state {
    int players, round, phase, marker, start, active, vp, limit;
    nl_char ch[NL_MAXCH];
    nl_enemy en[NL_MAXEN];
    int blk[NL_MAP][NL_MAP], mark[NL_MAP][NL_MAP];
    int spx[6], spy[6];
    int xtype[NL_XTYPES], xcost[NL_XTYPES];
    /* the attack under way: rolled, not yet marked (step 05) */
    int pa_who, pa_enemy, pa_n, pa_face[NL_ATK], pa_def, pa_armour;
    /* a hacking profile (a door, a terminal) */
    char pr_cost[NL_PAT];
    int pr_res, pr_size, pr_cubes, pr_open;
    /* Sidekick: Cora is character cora (0 none) */
    int cora, sk_in, sk_x, sk_y, sk_programs, sk_life, sk_damage, sk_def;
    char sk_wcost[NL_PAT];
    int ai_who, ai_enemy;
} nl_state;

static const char *const faces_d6[] = {"1", "2", "3", "4", "5", "6"};
static const eng_die die_d6 = {"d6", 6, faces_d6};
static const eng_die *const nl_dice[] = {&die_d6, NULL};

static int d6(eng_state *es)
{
    return eng_roll(eng_state_rng(es), &die_d6) + 1;
}

static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }

/* ---- stress and the nanoshock ----------------------------------------------------------------- */

static void suffer(eng_state *es, nl_state *st, int c, int n);

/* The stress cube climbs one field: is it on the last free field before
 * the nanoshock cube (never on it or beyond)? */
static int climb(eng_state *es, nl_char *ch)
{
    ch->stress++;
    eng_note(es, EV_STRESS);
    return ch->stress >= ch->cube - 1;
}

/* The nanoshock's four steps. */
static void shock_reset(nl_char *ch) { ch->stress = 0; }
static void shock_damage(eng_state *es, nl_state *st, int c) { suffer(es, st, c, 2); }
static void shock_marker(nl_char *ch) { ch->shock = 1; }
static void shock_cube(eng_state *es, nl_char *ch)
{
    if (ch->cube > 2)
        ch->cube--;
    eng_note(es, EV_NANOSHOCK);
}

static void stress_one(eng_state *es, nl_state *st, int c)
{
    nl_char *ch = &st->ch[c];
    if (!climb(es, ch))
        return;
    shock_reset(ch);
    shock_damage(es, st, c);
    shock_marker(ch);
    shock_cube(es, ch);
}

static void stress(eng_state *es, nl_state *st, int c, int n)
{
    while (n-- > 0)
        stress_one(es, st, c);
}

/* Damage to a character: the last point makes it unconscious. */
static void suffer(eng_state *es, nl_state *st, int c, int n)
{
    nl_char *ch = &st->ch[c];
    if (n <= 0 || ch->out)
        return;
    ch->damage += n;
    eng_note(es, EV_DAMAGE);
    if (ch->damage >= ch->life) {
        ch->damage = ch->life;
        ch->out = 1;
        eng_note(es, EV_OUT);
        if (st->active == c + 1)
            st->active = 0;
    }
}

/* ---- action dice ------------------------------------------------------------------------------- */

/* Rolls all of c's action dice: each 1 is a stress. The activation is idle
 * already: end_actions made every one so before the status phase, and a
 * character revived in the round it rolled does not roll again. */
static void roll_action_dice(eng_state *es, nl_state *st, int c)
{
    nl_char *ch = &st->ch[c];
    ch->filled = 0;
    ch->rolled = 1;
    for (int i = 0; i < ch->ndice; i++) {
        ch->die[i] = d6(es);
        ch->used[i] = 0;
        eng_note(es, EV_ROLL);
    }
    for (int i = 0; i < ch->ndice; i++)
        if (ch->die[i] == 1) {
            eng_note(es, EV_ONE);
            stress(es, st, c, 1);
        }
}

/* Parses "134" (die numbers, 1-based) into idx; -1 for a bad, repeated or
 * spent die. */
static int pick_dice(const nl_char *ch, const char *s, int *idx)
{
    int n = 0, seen[NL_DICE] = {0};
    for (; s && *s; s++) {
        int d = *s - '1';
        if (d < 0 || d >= ch->ndice || seen[d] || ch->used[d])
            return -1;
        seen[d] = 1;
        idx[n++] = d;
    }
    return n;
}

/* Whether the character's dice idx[0..n) (n -1: a bad choice of dice) pay
 * the printed pattern: at least one die; every printed die is met by a die
 * at least as high, and printed dice of one value (a pair, a triple) by dice
 * of one value. */
static int pays_groups(const int *die, const int *idx, int n, const int *gv, const int *gk, int ng, int *taken)
{
    if (ng == 0)
        return 1;
    for (int v = gv[0]; v <= 6; v++) {
        int pick[NL_DICE], k = 0;
        for (int i = 0; i < n && k < gk[0]; i++)
            if (!taken[i] && die[idx[i]] == v)
                pick[k++] = i;
        if (k < gk[0])
            continue;
        for (int i = 0; i < k; i++)
            taken[pick[i]] = 1;
        if (pays_groups(die, idx, n, gv + 1, gk + 1, ng - 1, taken))
            return 1;
        for (int i = 0; i < k; i++)
            taken[pick[i]] = 0;
    }
    return 0;
}

/* The printed dice grouped by value; each group takes dice of its own, so
 * a pattern paid never takes more dice than were spent. */
static int pattern_paid(const char *pat, const nl_char *ch, const int *idx, int n)
{
    int gv[NL_PAT], gk[NL_PAT], ng = 0, taken[NL_DICE] = {0};
    for (int v = 1; v <= 6; v++) {
        int k = 0;
        for (const char *q = pat; *q; q++)
            k += *q - '0' == v;
        if (k) {
            gv[ng] = v;
            gk[ng++] = k;
        }
    }
    return n > 0 && pays_groups(ch->die, idx, n, gv, gk, ng, taken);
}

/* Whether c may spend dice now: conscious, not done, no one else active. */
static int may_activate(const nl_state *st, int c, char *err, size_t errlen)
{
    if (st->ch[c].out)
        return snprintf(err, errlen, "an unconscious character takes no actions"), 0;
    if (st->ch[c].act == A_DONE)
        return snprintf(err, errlen, "the character has ended its activation this round"), 0;
    if (st->active && st->active != c + 1)
        return snprintf(err, errlen, "another character is being activated"), 0;
    return 1;
}

/* Places the dice idx[0..n) into the inactive index: a bordered slot is a
 * stress. The last die ends the activation. */
static void spend(eng_state *es, nl_state *st, int c, const int *idx, int n)
{
    nl_char *ch = &st->ch[c];
    if (st->active != c + 1) {
        st->active = c + 1;
        ch->act = A_ACTIVE;
        eng_note(es, EV_ACTIVATE);
    }
    for (int i = 0; i < n; i++) {
        ch->used[idx[i]] = 1;
        if (ch->filled < ch->slots && ch->border[ch->filled])
            stress(es, st, c, 1);
        ch->filled++;
    }
    int left = 0;
    for (int i = 0; i < ch->ndice; i++)
        left += !ch->used[i];
    if (!left) {
        ch->act = A_DONE;
        st->active = 0;
        eng_note(es, EV_END);
    }
}

/* ---- the map ---------------------------------------------------------------------------------- */

static int on_map(int x, int y)
{
    return x >= 1 && x <= NL_MAP && y >= 1 && y <= NL_MAP;
}

static int blocker(const nl_state *st, int x, int y)
{
    return st->blk[x - 1][y - 1];
}

/* Range: orthogonal and diagonal. */
static int reach(int ax, int ay, int bx, int by)
{
    int dx = abs(ax - bx), dy = abs(ay - by);
    return imax(dx, dy);
}

static int steps(int ax, int ay, int bx, int by)
{
    return abs(ax - bx) + abs(ay - by);
}

/* Whether the segment from corner (ax, ay) to (bx, by) crosses the inside
 * of field (x, y). */
static int crosses(int ax, int ay, int bx, int by, int x, int y)
{
    double t0 = 0, t1 = 1;
    double p[4] = {-(double)(bx - ax), (double)(bx - ax), -(double)(by - ay), (double)(by - ay)};
    double q[4] = {(double)(ax - (x - 1)), (double)(x - ax), (double)(ay - (y - 1)), (double)(y - ay)};
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (q[i] <= 0)
                return 0;
            continue;
        }
        double r = q[i] / p[i];
        if (p[i] < 0) {
            if (r > t0)
                t0 = r;
        } else if (r < t1) {
            t1 = r;
        }
    }
    return t1 - t0 > 1e-9;
}

static int blocks(const nl_state *st, int x, int y, int bx, int by)
{
    return on_map(x, y) && blocker(st, x, y) && !(x == bx && y == by);
}

/* Whether an axis-parallel segment runs along an edge that two blocking
 * fields share (the inside of a wall of blockades). */
static int along_wall(const nl_state *st, int cx, int cy, int dx, int dy, int bx, int by)
{
    if (cx == dx) {
        int lo = imin(cy, dy), hi = imax(cy, dy);
        for (int y = lo + 1; y <= hi; y++)
            if (blocks(st, cx, y, bx, by) && blocks(st, cx + 1, y, bx, by))
                return 1;
    }
    if (cy == dy) {
        int lo = imin(cx, dx), hi = imax(cx, dx);
        for (int x = lo + 1; x <= hi; x++)
            if (blocks(st, x, cy, bx, by) && blocks(st, x, cy + 1, bx, by))
                return 1;
    }
    return 0;
}

/* Line of sight: some corner of the start field to some other corner of the
 * target field, through no sight blockade; none out of a sight blockade. */
static int sight(const nl_state *st, int ax, int ay, int bx, int by)
{
    if (ax == bx && ay == by)
        return 1;
    if (blocker(st, ax, ay))
        return 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            int cx = ax - 1 + i % 2, cy = ay - 1 + i / 2, dx = bx - 1 + j % 2, dy = by - 1 + j / 2;
            if (cx == dx && cy == dy)
                continue;
            int clear = !along_wall(st, cx, cy, dx, dy, bx, by);
            for (int x = 1; x <= NL_MAP && clear; x++)
                for (int y = 1; y <= NL_MAP && clear; y++)
                    if (blocks(st, x, y, bx, by) && crosses(cx, cy, dx, dy, x, y))
                        clear = 0;
            if (clear)
                return 1;
        }
    return 0;
}

/* Figures on a field. */
static int figures(const nl_state *st, int x, int y)
{
    int n = 0;
    for (int c = 0; c < st->players; c++)
        n += st->ch[c].x == x && st->ch[c].y == y;
    for (int e = 0; e < NL_MAXEN; e++)
        n += st->en[e].present && st->en[e].x == x && st->en[e].y == y;
    n += st->sk_in && st->sk_x == x && st->sk_y == y;
    return n;
}

/* Orthogonal steps a character needs from (ax, ay) to (bx, by): never into
 * or out of a sight blockade or a blocked marker; -1 when it cannot. */
static int walk(const nl_state *st, int ax, int ay, int bx, int by)
{
    int dist[NL_MAP][NL_MAP], qx[NL_MAP * NL_MAP], qy[NL_MAP * NL_MAP], head = 0, tail = 0;
    memset(dist, -1, sizeof dist);
    dist[ax - 1][ay - 1] = 0;
    qx[tail] = ax, qy[tail++] = ay;
    while (head < tail) {
        int x = qx[head], y = qy[head++];
        if (blocker(st, x, y))
            continue;
        static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
        for (int k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k];
            if (!on_map(nx, ny) || dist[nx - 1][ny - 1] >= 0 || blocker(st, nx, ny) || st->mark[nx - 1][ny - 1])
                continue;
            dist[nx - 1][ny - 1] = dist[x - 1][y - 1] + 1;
            qx[tail] = nx, qy[tail++] = ny;
        }
    }
    return dist[bx - 1][by - 1];
}

/* Moves every figure but the mover off (x, y), to the first free
 * neighbouring field: up, right, down, left. */
static void displace(eng_state *es, nl_state *st, int x, int y, int keep_enemy)
{
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    int *px[NL_MAXCH + NL_MAXEN + 1], *py[NL_MAXCH + NL_MAXEN + 1], n = 0;
    for (int c = 0; c < st->players; c++)
        if (st->ch[c].x == x && st->ch[c].y == y)
            px[n] = &st->ch[c].x, py[n++] = &st->ch[c].y;
    for (int e = 0; e < NL_MAXEN; e++)
        if (e != keep_enemy && st->en[e].present && st->en[e].x == x && st->en[e].y == y)
            px[n] = &st->en[e].x, py[n++] = &st->en[e].y;
    if (st->sk_in && st->sk_x == x && st->sk_y == y)
        px[n] = &st->sk_x, py[n++] = &st->sk_y;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k];
            if (on_map(nx, ny) && figures(st, nx, ny) < st->limit) {
                *px[i] = nx, *py[i] = ny;
                eng_note(es, EV_DISPLACE);
                break;
            }
        }
}

/* ---- phase I: status ----------------------------------------------------------------------------- */

static void status_marker(eng_state *es, nl_state *st)
{
    if (st->round > 1) {
        st->marker++;
        eng_note(es, EV_MARKER);
    }
}

static void status_stress(nl_state *st)
{
    for (int c = 0; c < st->players; c++)
        st->ch[c].stress = st->ch[c].stress > 2 ? st->ch[c].stress - 2 : 0;
}

static void status_roll(eng_state *es, nl_state *st)
{
    for (int c = 0; c < st->players; c++)
        if (!st->ch[c].out)
            roll_action_dice(es, st, c);
}

static void status_start(eng_state *es, nl_state *st, int who)
{
    st->start = who;
    st->phase = PH_ACTIONS;
    eng_note(es, EV_START);
}

/* ---- attacks -------------------------------------------------------------------------------------- */

/* The successes of the attack under way as they stand (before armour). */
static int pa_hits(const nl_state *st)
{
    int n = 0;
    for (int i = 0; i < st->pa_n; i++)
        n += st->pa_face[i] >= st->pa_def;
    return n;
}

/* Marks the attack under way (step 05): hits at least the defence, less the
 * armour; defeated at its life. */
static void mark_attack(eng_state *es, nl_state *st)
{
    if (!st->pa_who)
        return;
    nl_enemy *en = &st->en[st->pa_enemy];
    int hits = pa_hits(st) - st->pa_armour;
    if (hits > 0) {
        en->hits += hits;
        eng_note(es, EV_HIT);
        if (en->hits >= en->life) {
            en->present = 0;
            eng_note(es, EV_DEFEATED);
        }
    }
    st->pa_who = 0;
}

/* Rolls n attack dice of character c against enemy e's defence def: each 1
 * is a stress. The result waits for rerolls and forced successes. */
static void roll_attack(eng_state *es, nl_state *st, int c, int e, int n, int def)
{
    st->pa_who = c + 1;
    st->pa_enemy = e;
    st->pa_n = imin(n, NL_ATK);
    st->pa_def = def;
    st->pa_armour = st->en[e].armour;
    for (int i = 0; i < st->pa_n; i++)
        st->pa_face[i] = d6(es);
    for (int i = 0; i < st->pa_n; i++)
        if (st->pa_face[i] == 1) {
            eng_note(es, EV_ONE);
            stress(es, st, c, 1);
        }
    eng_note(es, EV_ATTACK);
}

/* ---- phase II ends: every character may be activated again next round ---------------------------------- */

static void end_actions(nl_state *st)
{
    for (int c = 0; c < st->players; c++)
        st->ch[c].act = A_IDLE, st->ch[c].rolled = 0;
    st->active = 0;
    st->phase = PH_REINFORCE;
}

/* ---- phase III: reinforcement ---------------------------------------------------------------------- */

/* Places enemy e by a d6 on the placing fields: a small base rolls again
 * while the field is full or held by a large enemy, a large base displaces
 * the figures there. */
static void place(eng_state *es, nl_state *st, int e)
{
    nl_enemy *en = &st->en[e];
    for (int tries = 0; tries < 100; tries++) {
        int f = d6(es) - 1, x = st->spx[f], y = st->spy[f];
        int large_there = 0;
        for (int o = 0; o < NL_MAXEN; o++)
            large_there |= st->en[o].present && st->en[o].large && st->en[o].x == x && st->en[o].y == y;
        if (!en->large && (figures(st, x, y) >= st->limit || large_there)) {
            eng_note(es, EV_REROLL);
            continue;
        }
        en->x = x, en->y = y;
        en->present = 1;
        en->reserve = 0;
        en->hits = 0;
        if (en->large)
            displace(es, st, x, y, e);
        eng_note(es, EV_PLACE);
        return;
    }
}

static void reinforce(eng_state *es, nl_state *st)
{
    for (int e = 0; e < NL_MAXEN; e++)
        if (st->en[e].reserve && st->en[e].autoin)
            place(es, st, e);
    for (int t = 0; t < NL_XTYPES; t++) {
        while (st->vp >= st->xcost[t]) {
            int e = 0;
            while (e < NL_MAXEN && !(st->en[e].reserve && !st->en[e].autoin && st->en[e].type == st->xtype[t]))
                e++;
            if (e == NL_MAXEN)
                break;
            st->vp -= st->xcost[t];
            eng_note(es, EV_REINFORCE);
            place(es, st, e);
        }
    }
    if (st->start)
        stress(es, st, st->start - 1, st->vp);
    st->vp = 0;
    st->phase = PH_ENEMIES;
}

/* ---- phase IV: the enemies --------------------------------------------------------------------------- */

static int target_ok(const nl_state *st, int c)
{
    return c < st->players && !st->ch[c].out;
}

/* Who enemy e may choose: figure t (1..4 a character, 5 Sidekick) at
 * (x, y) with damage and its defence against e's kind of attack. */
static int candidate(const nl_state *st, int e, int t, int *x, int *y, int *dmg, int *def)
{
    if (t <= NL_MAXCH) {
        if (!target_ok(st, t - 1))
            return 0;
        const nl_char *ch = &st->ch[t - 1];
        *x = ch->x, *y = ch->y, *dmg = ch->damage, *def = ch->def[st->en[e].kind];
        return 1;
    }
    *x = st->sk_x, *y = st->sk_y, *dmg = st->sk_damage, *def = st->sk_def;
    return st->sk_in;
}

enum { R_NONE, R_NEAREST, R_DAMAGE, R_DEFENCE, R_FREE };

/* The target of enemy e (0 none), and the rule that decided (R_*): the
 * nearest; among them the one with more damage; then the lowest defence;
 * then the players' choice (the first). */
static int choose_target_by(const nl_state *st, int e, int *rule)
{
    int in[NL_MAXCH + 2] = {0}, x, y, dmg, def, n = 0;
    int best = INT_MAX, bd = INT_MIN, bdef = INT_MAX;   /* no candidate yet */
    for (int t = 1; t <= NL_MAXCH + 1; t++)
        if (candidate(st, e, t, &x, &y, &dmg, &def) && steps(st->en[e].x, st->en[e].y, x, y) < best)
            best = steps(st->en[e].x, st->en[e].y, x, y);
    for (int t = 1; t <= NL_MAXCH + 1; t++)
        if (candidate(st, e, t, &x, &y, &dmg, &def) && steps(st->en[e].x, st->en[e].y, x, y) == best)
            in[t] = 1, n++, bd = imax(dmg, bd);
    *rule = n == 0 ? R_NONE : R_NEAREST;
    if (n > 1) {
        n = 0;
        for (int t = 1; t <= NL_MAXCH + 1; t++)
            if (in[t] && candidate(st, e, t, &x, &y, &dmg, &def) && (in[t] = dmg == bd))
                n++, bdef = imin(def, bdef);
        *rule = R_DAMAGE;
    }
    if (n > 1) {
        n = 0;
        for (int t = 1; t <= NL_MAXCH + 1; t++)
            if (in[t] && candidate(st, e, t, &x, &y, &dmg, &def) && (in[t] = def == bdef))
                n++;
        *rule = n > 1 ? R_FREE : R_DEFENCE;
    }
    for (int t = 1; t <= NL_MAXCH + 1; t++)
        if (in[t])
            return t;
    return 0;
}

static int choose_target(const nl_state *st, int e)
{
    int rule;
    return choose_target_by(st, e, &rule);
}

static void target_xy(const nl_state *st, int t, int *x, int *y)
{
    if (t <= NL_MAXCH)
        *x = st->ch[t - 1].x, *y = st->ch[t - 1].y;
    else
        *x = st->sk_x, *y = st->sk_y;
}

/* Moves enemy e towards its target by its speed. */
static void enemy_move(eng_state *es, nl_state *st, int e)
{
    nl_enemy *en = &st->en[e];
    int tx, ty, bx = en->x, by = en->y, bscore = INT_MIN, bsteps = 0;
    target_xy(st, en->target, &tx, &ty);
    for (int x = 1; x <= NL_MAP; x++)
        for (int y = 1; y <= NL_MAP; y++) {
            int s = steps(en->x, en->y, x, y), score;
            if (s > en->speed)
                continue;
            if (en->kind == K_MELEE)
                score = -steps(x, y, tx, ty);
            else if (reach(x, y, tx, ty) <= en->range && sight(st, x, y, tx, ty))
                score = reach(x, y, tx, ty);
            else
                score = -100 - reach(x, y, tx, ty);
            if (score > bscore || (score == bscore && s < bsteps))
                bscore = score, bsteps = s, bx = x, by = y;
        }
    if (bx != en->x || by != en->y) {
        en->x = bx, en->y = by;
        eng_note(es, EV_MOVE);
    }
}

/* A large enemy's move ends: the other figures on its field are displaced
 * (its melee target always). */
static void enemy_settle(eng_state *es, nl_state *st, int e)
{
    if (st->en[e].large)
        displace(es, st, st->en[e].x, st->en[e].y, e);
}

/* Enemy e attacks its target if it can: each die at least the target's
 * defence is a success, 1 damage each less the armour; each 1 is a VP. */
static void enemy_attack(eng_state *es, nl_state *st, int e)
{
    nl_enemy *en = &st->en[e];
    int tx, ty;
    target_xy(st, en->target, &tx, &ty);
    int in_range = en->kind == K_MELEE ? en->x == tx && en->y == ty
                                       : reach(en->x, en->y, tx, ty) <= en->range && sight(st, en->x, en->y, tx, ty);
    if (!in_range)
        return;
    int def = en->target <= NL_MAXCH ? st->ch[en->target - 1].def[en->kind] : st->sk_def;
    int armour = en->target <= NL_MAXCH ? st->ch[en->target - 1].armour : 0;
    int succ = 0;
    for (int i = 0; i < en->dice; i++) {
        int f = d6(es);
        succ += f >= def;
        if (f == 1) {
            st->vp++;
            eng_note(es, EV_VP);
        }
    }
    eng_note(es, EV_ATTACK);
    int dmg = succ - armour;
    if (dmg <= 0)
        return;
    if (en->target <= NL_MAXCH) {
        suffer(es, st, en->target - 1, dmg);
    } else {
        st->sk_damage += dmg;
        eng_note(es, EV_DAMAGE);
        if (st->sk_damage >= st->sk_life)
            st->sk_in = 0, st->sk_damage = 0;
    }
}

/* A boss card: its special symbol first (a mind-controlled enemy has no
 * special abilities), then its activation unless the card shows paralysis. */
static int boss_symbol(eng_state *es, const nl_enemy *en)
{
    if (!en->symbol || en->mind)
        return 0;
    eng_note(es, EV_SYMBOL);
    return 1;
}

static int boss_paralysed(eng_state *es, const nl_enemy *en)
{
    if (!en->paralysed)
        return 0;
    eng_note(es, EV_SKIP);
    return 1;
}

static void activate_enemy(eng_state *es, nl_state *st, int e)
{
    if (st->en[e].boss) {
        boss_symbol(es, &st->en[e]);
        if (boss_paralysed(es, &st->en[e]))
            return;
    }
    eng_note(es, EV_ENEMY);
    st->en[e].target = choose_target(st, e);
    if (!st->en[e].target)
        return;
    enemy_move(es, st, e);
    enemy_attack(es, st, e);
    enemy_settle(es, st, e);
}

/* Initiative: bosses (by their deck's initiative), then the normal types in
 * the order of their cards, within a type by ascending number. */
static int initiative_before(const nl_enemy *a, const nl_enemy *b)
{
    if (a->boss != b->boss)
        return a->boss;
    if (a->boss)
        return a->init < b->init;
    if (a->type != b->type)
        return a->type < b->type;
    return a->num < b->num;
}

static int initiative(const nl_state *st, int *order)
{
    int n = 0;
    for (int e = 0; e < NL_MAXEN; e++)
        if (st->en[e].present) {
            int i = n++;
            while (i > 0 && initiative_before(&st->en[e], &st->en[order[i - 1]])) {
                order[i] = order[i - 1];
                i--;
            }
            order[i] = e;
        }
    return n;
}

static void enemy_phase(eng_state *es, nl_state *st)
{
    int order[NL_MAXEN], n = initiative(st, order);
    for (int i = 0; i < n; i++)
        if (st->en[order[i]].present)
            activate_enemy(es, st, order[i]);
    st->round++;
    st->phase = PH_STATUS;
}

/* ---- scaffolding: action plumbing ------------------------------------------------------------------------ */

#define ACT(name) static int name(eng_state *es, void *data, const eng_arg *a, char *err, size_t errlen)
#define ST nl_state *st = data
#define WHO (int)(a[0].v - 1)
#define ILLEGAL(...) return snprintf(err, errlen, __VA_ARGS__), ENG_ILLEGAL

/* ---- actions -------------------------------------------------------------------------------------------- */

/* A fresh state: one player in round 1, every character and enemy with
 * settings of its own. The source prints no character or enemy cards, so
 * these are invented (life 6, nanoshock cube on field 10, four action dice,
 * eight slots, GAW 1, WAW 2, defence 4 ...); every scenario and probe that
 * depends on one sets it. They are data, kept apart from the rules. */
#define FRESH_CH                                                                                                 \
    {.x = 1, .y = 1, .life = 6, .cube = 10, .ndice = 4, .slots = 8, .gaw = 1, .waw = 2, .ghw = 2, .range = 3,   \
     .def = {4, 4, 4, 4}, .abilities = 1, .ab = {"333"}, .wcost = "1"}
#define FRESH_EN(n) \
    {.type = 1, .num = (n), .x = 8, .y = 8, .speed = 2, .range = 3, .dice = 3, .life = 3, .def = {4, 4, 4, 4}}
static const nl_state fresh_state = {
    .players = 1, .round = 1, .limit = 4,
    .ch = {FRESH_CH, FRESH_CH, FRESH_CH, FRESH_CH},
    .en = {FRESH_EN(1), FRESH_EN(2), FRESH_EN(3), FRESH_EN(4), FRESH_EN(5), FRESH_EN(6), FRESH_EN(7), FRESH_EN(8)},
    .spx = {1, 2, 3, 4, 5, 6}, .spy = {8, 8, 8, 8, 8, 8},   /* the placing fields: row 8 */
    .pr_cost = "1", .pr_res = 4, .pr_size = 3,
    .sk_life = 3, .sk_def = 4, .sk_wcost = "1",
};

static void nl_init(void *data)
{
    memcpy(data, &fresh_state, sizeof fresh_state);
}

ACT(act_start)
{
    ST;
    (void)es;
    if (a[0].v < 1 || a[0].v > NL_MAXCH)
        ILLEGAL("Nanolith is played by 1 to 4 players");
    st->players = (int)a[0].v;
    st->round = 1;
    st->phase = PH_STATUS;
    return ENG_OK;
}

ACT(act_status)
{
    ST;
    if (st->phase != PH_STATUS)
        ILLEGAL("the status phase comes first in a round");
    if (a[0].v > st->players)
        ILLEGAL("the start player must be a player");
    status_marker(es, st);
    status_stress(st);
    eng_note(es, EV_STATUS);
    status_roll(es, st);
    status_start(es, st, (int)a[0].v);
    return ENG_OK;
}

ACT(act_manipulate)
{
    ST;
    int c = WHO, d = (int)a[1].v - 1, dir = a[2].v ? -1 : 1;
    mark_attack(es, st);
    nl_char *ch = &st->ch[c];
    if (d >= ch->ndice || ch->used[d])
        ILLEGAL("only an unused action die can be turned");
    if (ch->die[d] + dir < 1 || ch->die[d] + dir > 6)
        ILLEGAL("a die is never turned from 1 to 6 or from 6 to 1");
    ch->die[d] += dir;
    stress(es, st, c, 1);
    return ENG_OK;
}

ACT(act_move)
{
    ST;
    int c = WHO, idx[NL_DICE];
    mark_attack(es, st);
    nl_char *ch = &st->ch[c];
    int n = pick_dice(ch, a[1].s, idx);
    if (n <= 0)
        ILLEGAL("movement costs at least one unused action die");
    if (!may_activate(st, c, err, errlen))
        return ENG_ILLEGAL;
    int fields = 0;
    for (int i = 0; i < n; i++)
        fields += ch->die[idx[i]];
    int x = (int)a[2].v, y = (int)a[3].v, w = walk(st, ch->x, ch->y, x, y);
    if (w < 0 || w > fields)
        ILLEGAL("the field is not reachable with %d orthogonal fields", fields);
    if (figures(st, x, y) >= st->limit && !(x == ch->x && y == ch->y))
        ILLEGAL("the unit limit of the field is reached");
    if (a[4].given) {
        if (st->cora != c + 1 || !st->sk_in)
            ILLEGAL("only Cora moves Sidekick along");
        if (steps(st->sk_x, st->sk_y, (int)a[4].v, (int)a[5].v) > fields)
            ILLEGAL("Sidekick moves at most as many fields as Cora's dice");
    }
    spend(es, st, c, idx, n);
    ch->x = x, ch->y = y;
    if (a[4].given)
        st->sk_x = (int)a[4].v, st->sk_y = (int)a[5].v;
    eng_note(es, EV_MOVE);
    return ENG_OK;
}

/* Integrated movement (an item's, an ability's): may end on a full field;
 * a blocked marker still stops it. */
ACT(act_shift)
{
    ST;
    (void)es;
    int c = WHO;
    int x = (int)a[1].v, y = (int)a[2].v;
    if (walk(st, st->ch[c].x, st->ch[c].y, x, y) < 0)
        ILLEGAL("a blocked marker or a sight blockade is in the way");
    st->ch[c].x = x, st->ch[c].y = y;
    return ENG_OK;
}

ACT(act_end)
{
    ST;
    (void)err, (void)errlen;
    mark_attack(es, st);
    st->ch[WHO].act = A_DONE;
    if (st->active == WHO + 1)
        st->active = 0;
    eng_note(es, EV_END);
    return ENG_OK;
}

ACT(act_use)
{
    ST;
    int c = WHO, k = (int)a[1].v - 1, idx[NL_DICE];
    mark_attack(es, st);
    nl_char *ch = &st->ch[c];
    if (k >= ch->abilities)
        ILLEGAL("the character holds no such ability card");
    int n = pick_dice(ch, a[2].s, idx);
    if (!pattern_paid(ch->ab[k], ch, idx, n))
        ILLEGAL("the dice do not meet the printed pattern %s", ch->ab[k]);
    if (!may_activate(st, c, err, errlen))
        return ENG_ILLEGAL;
    spend(es, st, c, idx, n);
    eng_note(es, EV_ABILITY);
    return ENG_OK;
}

ACT(act_attack)
{
    ST;
    int c = WHO, e = (int)a[1].v - 1, kind = (int)a[3].v, idx[NL_DICE];
    mark_attack(es, st);
    nl_char *ch = &st->ch[c];
    nl_enemy *en = &st->en[e];
    if (!en->present)
        ILLEGAL("the enemy is not on the map");
    if (!may_activate(st, c, err, errlen))
        return ENG_ILLEGAL;
    if (kind == K_MELEE ? !(ch->x == en->x && ch->y == en->y)
                        : reach(ch->x, ch->y, en->x, en->y) > ch->range || !sight(st, ch->x, ch->y, en->x, en->y))
        ILLEGAL("the enemy is out of range or sight");
    int dice;
    if (a[5].v) {
        if (!ch->shock)
            ILLEGAL("the nanoshock marker is not active");
        ch->shock = 0;
        kind = K_NANO;
        dice = ch->gaw + ch->waw + ch->upg;
    } else {
        if (kind == K_NANO)
            ILLEGAL("a nanoshock attack is the nanoshock action");
        int n = pick_dice(ch, a[2].s, idx);
        if (!pattern_paid(ch->wcost, ch, idx, n))
            ILLEGAL("the dice do not pay the minimum cost %s", ch->wcost);
        spend(es, st, c, idx, n);
        dice = kind == K_HACK ? ch->ghw : ch->gaw + (a[4].v ? ch->waw : 0);
    }
    int def = en->def[kind];
    roll_attack(es, st, c, e, dice, def);
    return ENG_OK;
}

ACT(act_reroll)
{
    ST;
    int i = (int)a[1].v - 1;
    if (st->pa_who != a[0].v || i >= st->pa_n)
        ILLEGAL("no such die in the character's attack under way");
    st->pa_face[i] = d6(es);
    if (st->pa_face[i] == 1) {
        eng_note(es, EV_ONE);
        stress(es, st, WHO, 1);
    }
    return ENG_OK;
}

ACT(act_force)
{
    ST;
    if (st->pa_who != a[0].v)
        ILLEGAL("the character has no attack under way");
    int n = (int)a[1].v;
    for (int i = 0; i < st->pa_n && n > 0; i++)
        if (st->pa_face[i] < st->pa_def) {
            st->pa_face[i] = st->pa_def;
            suffer(es, st, WHO, (int)a[2].v);
            n--;
        }
    return ENG_OK;
}

ACT(act_mark)
{
    ST;
    (void)a;
    if (!st->pa_who)
        ILLEGAL("no attack is under way");
    (void)err, (void)errlen;
    mark_attack(es, st);
    return ENG_OK;
}

ACT(act_hack)
{
    ST;
    int c = WHO, idx[NL_DICE];
    mark_attack(es, st);
    nl_char *ch = &st->ch[c];
    if (st->pr_open)
        ILLEGAL("the profile is already done");
    int n = pick_dice(ch, a[1].s, idx);
    if (!pattern_paid(st->pr_cost, ch, idx, n))
        ILLEGAL("the dice do not pay the profile's cost %s", st->pr_cost);
    if (!may_activate(st, c, err, errlen))
        return ENG_ILLEGAL;
    spend(es, st, c, idx, n);
    int ones = 0;
    for (int i = 0; i < ch->ghw; i++) {
        int f = d6(es);
        ones += f == 1;
        if (f >= st->pr_res && st->pr_cubes < st->pr_size) {
            st->pr_cubes++;
            eng_note(es, EV_CUBE);
        }
    }
    stress(es, st, c, ones);
    if (st->pr_cubes >= st->pr_size) {
        st->pr_open = 1;
        eng_note(es, EV_OPEN);
    }
    return ENG_OK;
}

ACT(act_swap)
{
    ST;
    (void)es, (void)a, (void)err, (void)errlen;
    st->vp++;
    return ENG_OK;
}

ACT(act_card)
{
    ST;
    (void)es;
    nl_char *ch = &st->ch[WHO];
    if (a[1].v == 0) {
        if (ch->abilities >= NL_ABILITIES)
            ILLEGAL("at most %d ability cards", NL_ABILITIES);
        ch->abilities++;
    } else {
        if (ch->items >= NL_ITEMS)
            ILLEGAL("at most %d item cards", NL_ITEMS);
        ch->items++;
    }
    return ENG_OK;
}

ACT(act_revive)
{
    ST;
    int c = WHO, by = (int)a[1].v - 1;
    mark_attack(es, st);
    if (!st->ch[c].out)
        ILLEGAL("the character is not unconscious");
    /* the character revived is unconscious: a conscious reviver is another */
    if (st->ch[by].out)
        ILLEGAL("another, conscious character revives with a nanophoenix");
    st->ch[c].out = 0;
    st->ch[c].damage = 0;
    if (!st->ch[c].rolled)
        roll_action_dice(es, st, c);
    return ENG_OK;
}

ACT(act_end_actions)
{
    ST;
    (void)a, (void)es;
    if (st->phase != PH_ACTIONS)
        ILLEGAL("not in the character action phase");
    (void)err, (void)errlen;
    mark_attack(es, st);
    end_actions(st);
    return ENG_OK;
}

ACT(act_reinforce)
{
    ST;
    (void)a;
    if (st->phase != PH_REINFORCE)
        ILLEGAL("not in the reinforcement phase");
    (void)err, (void)errlen;
    reinforce(es, st);
    return ENG_OK;
}

ACT(act_enemies)
{
    ST;
    (void)a;
    if (st->phase != PH_ENEMIES)
        ILLEGAL("not in the enemy action phase");
    (void)err, (void)errlen;
    enemy_phase(es, st);
    return ENG_OK;
}

ACT(act_activate_enemy)
{
    ST;
    int e = (int)a[0].v - 1;
    if (!st->en[e].present)
        ILLEGAL("the enemy is not on the map");
    (void)err, (void)errlen;
    activate_enemy(es, st, e);
    return ENG_OK;
}

ACT(act_place)
{
    ST;
    int e = (int)a[0].v - 1;
    (void)err, (void)errlen;
    if (st->en[e].present)
        ILLEGAL("the enemy is on the map already");
    place(es, st, e);
    return ENG_OK;
}

/* Sidekick comes in through Cora's "Auf Sie!". */
ACT(act_sidekick)
{
    ST;
    (void)es;
    if (!st->cora || st->ch[st->cora - 1].out)
        ILLEGAL("only a conscious Cora brings Sidekick in");
    if (st->sk_in)
        ILLEGAL("Sidekick is on the map already");
    (void)err, (void)errlen;
    st->sk_in = 1;
    st->sk_damage = 0;
    st->sk_x = (int)a[0].v, st->sk_y = (int)a[1].v;
    return ENG_OK;
}

/* Downloading a program: Cora's hacking attack on the program's profile
 * (the enemy's hacking defence), paid by Sidekick's weapon card; at least 1
 * damage stores the program. */
ACT(act_download)
{
    ST;
    int e = (int)a[0].v - 1, idx[NL_DICE];
    if (!st->cora)
        ILLEGAL("no Cora in the game");
    int c = st->cora - 1;
    nl_char *ch = &st->ch[c];
    if (!may_activate(st, c, err, errlen))
        return ENG_ILLEGAL;
    if (st->sk_programs >= NL_PROGRAMS)
        ILLEGAL("Sidekick holds at most %d programs", NL_PROGRAMS);
    int n = pick_dice(ch, a[1].s, idx);
    if (!pattern_paid(st->sk_wcost, ch, idx, n))
        ILLEGAL("Sidekick's weapon card is paid with Cora's dice");
    spend(es, st, c, idx, n);
    int hits = 0, ones = 0;
    for (int i = 0; i < ch->ghw; i++) {
        int f = d6(es);
        hits += f >= st->en[e].def[K_HACK];
        ones += f == 1;
    }
    stress(es, st, c, ones);
    if (hits - st->en[e].armour >= 1) {
        st->sk_programs++;
        eng_note(es, EV_PROGRAM);
    }
    return ENG_OK;
}

ACT(act_program)
{
    ST;
    (void)es, (void)a;
    if (!st->sk_in)
        ILLEGAL("Cora uses programs only while Sidekick is on the map");
    if (!st->sk_programs)
        ILLEGAL("Sidekick holds no program");
    (void)err, (void)errlen;
    return ENG_OK;
}

ACT(act_sk_hit)
{
    ST;
    (void)es;
    if (!st->sk_in)
        ILLEGAL("Sidekick is not on the map");
    (void)err, (void)errlen;
    st->sk_damage += (int)a[0].v;
    if (st->sk_damage >= st->sk_life)
        st->sk_in = 0, st->sk_damage = 0;
    return ENG_OK;
}

/* A status effect on a figure: Sidekick is immune to all of them. */
ACT(act_afflict)
{
    ST;
    (void)es;
    (void)err, (void)errlen;
    if (a[0].v == 0)
        ILLEGAL("Sidekick is immune to all status effects");
    st->en[a[0].v - 1].mind = 1;
    return ENG_OK;
}

/* ---- the procedures of the flowcharts ------------------------------------------------------------------- */

/* A round (flow "runde"); the characters end their activations at once and
 * the start player marker goes to player 1. */
int eng_nanolith_run_round(eng_state *es)
{
    nl_state *st = eng_data(es);
    if (st->round > 1) {
        status_marker(es, st);
        eng_step(es, "nanolith.round.marker");
    }
    status_stress(st);
    eng_step(es, "nanolith.round.stress");
    eng_note(es, EV_STATUS);
    eng_step(es, "nanolith.round.effects");
    status_roll(es, st);
    eng_step(es, "nanolith.round.roll");
    status_start(es, st, 1);
    eng_step(es, "nanolith.round.start-player");
    end_actions(st);
    eng_step(es, "nanolith.round.actions");
    reinforce(es, st);
    eng_step(es, "nanolith.round.reinforce");
    enemy_phase(es, st);
    eng_step(es, "nanolith.round.enemies");
    return 0;
}

/* One stress for character ai.who (flow "nanoshock"). */
int eng_nanolith_run_nanoshock(eng_state *es)
{
    nl_state *st = eng_data(es);
    int c = st->ai_who - 1;
    nl_char *ch = &st->ch[c];
    if (!climb(es, ch)) {
        eng_step(es, "nanolith.shock.none");
        return 0;
    }
    shock_reset(ch);
    eng_step(es, "nanolith.shock.reset");
    shock_damage(es, st, c);
    eng_step(es, "nanolith.shock.damage");
    shock_marker(ch);
    eng_step(es, "nanolith.shock.marker");
    shock_cube(es, ch);
    eng_step(es, "nanolith.shock.cube");
    return 0;
}

/* Enemy ai.enemy chooses its target (flow "ziel"); the steps name the rule
 * that decided. */
int eng_nanolith_run_target(eng_state *es)
{
    nl_state *st = eng_data(es);
    static const char *const why[] = {"nanolith.target.none", "nanolith.target.nearest",
                                      "nanolith.target.damage", "nanolith.target.defence",
                                      "nanolith.target.free"};
    int e = st->ai_enemy - 1, rule;
    st->en[e].target = choose_target_by(st, e, &rule);
    eng_step(es, why[rule]);
    return 0;
}

/* Enemy ai.enemy is activated (flow "gegner"). */
int eng_nanolith_run_enemy(eng_state *es)
{
    nl_state *st = eng_data(es);
    int e = st->ai_enemy - 1;
    nl_enemy *en = &st->en[e];
    if (en->boss) {
        if (boss_symbol(es, en))
            eng_step(es, "nanolith.enemy.symbol");
        if (boss_paralysed(es, en)) {
            eng_step(es, "nanolith.enemy.skipped");
            return 0;
        }
    }
    eng_note(es, EV_ENEMY);
    en->target = choose_target(st, e);
    if (!en->target) {
        eng_step(es, "nanolith.enemy.none");
        return 0;
    }
    eng_step(es, "nanolith.enemy.target");
    enemy_move(es, st, e);
    eng_step(es, en->kind == K_MELEE ? "nanolith.enemy.move-melee" : "nanolith.enemy.move-ranged");
    enemy_attack(es, st, e);
    enemy_settle(es, st, e);
    eng_step(es, "nanolith.enemy.attack");
    return 0;
}


/* ---- scaffolding: action wrappers and the action table ------------------------------------------------- */

ACT(act_stress) { return (void)err, (void)errlen, stress(es, data, WHO, (int)a[1].v), ENG_OK; }
ACT(act_damage) { return (void)err, (void)errlen, suffer(es, data, WHO, (int)a[1].v), ENG_OK; }
ACT(act_roll) { return (void)err, (void)errlen, roll_action_dice(es, data, WHO), ENG_OK; }

#define P_INT(n, l, h, d, req) {(n), ENG_INT, (l), (h), (d), (req), NULL}
#define P_ENUM(n, nm) {(n), ENG_ENUM, 0, 0, 0, 0, (nm)}
#define P_WHO P_INT("who", 1, NL_MAXCH, 1, 1)
#define P_DICE {"dice", ENG_TEXT, 0, 0, 0, 0, NULL}
#define P_XY(n) P_INT((n), 1, NL_MAP, 1, 1)
#define P_ENEMY P_INT("enemy", 1, NL_MAXEN, 1, 1)
#define A(n, fn, d, ...) {(n), (d), {__VA_ARGS__}, (fn), NULL}

static const char *const dirs[] = {"up", "down", NULL};
static const char *const cards[] = {"ability", "item", NULL};

static const eng_action nl_actions[] = {
    A("start", act_start, "a new scenario of players= 1..4, round 1", P_INT("players", 0, 9, 1, 1)),
    A("status", act_status, "phase I: round marker, stress down, status effects, action dice, start player start=",
      P_INT("start", 1, NL_MAXCH, 1, 0)),
    A("stress", act_stress, "who gains amount stress", P_WHO, P_INT("amount", 0, 99, 1, 0)),
    A("damage", act_damage, "who suffers amount damage", P_WHO, P_INT("amount", 0, 99, 1, 0)),
    A("roll", act_roll, "who rolls all action dice", P_WHO),
    A("manipulate", act_manipulate, "who turns unused action die by one, up or down, for a stress", P_WHO,
      P_INT("die", 1, NL_DICE, 1, 1), P_ENUM("dir", dirs)),
    A("move", act_move, "who moves to x,y with dice (\"12\": dice 1 and 2); Cora takes Sidekick to sx,sy", P_WHO,
      P_DICE, P_XY("x"), P_XY("y"), P_INT("sx", 1, NL_MAP, 1, 0), P_INT("sy", 1, NL_MAP, 1, 0)),
    A("shift", act_shift, "integrated movement of who to x,y", P_WHO, P_XY("x"), P_XY("y")),
    A("end", act_end, "who ends the activation", P_WHO),
    A("use", act_use, "who uses ability card with dice", P_WHO, P_INT("card", 1, NL_ABILITIES, 1, 0), P_DICE),
    A("attack", act_attack, "who attacks enemy with dice; kind=; weapon=0 unarmed; nanoshock=1 the nanoshock action",
      P_WHO, P_ENEMY, P_DICE, P_ENUM("kind", kind_names), P_INT("weapon", 0, 1, 1, 0), P_INT("nanoshock", 0, 1, 0, 0)),
    A("reroll", act_reroll, "who rerolls die of the attack under way", P_WHO, P_INT("die", 1, NL_ATK, 1, 1)),
    A("force", act_force, "who turns up to n failures into successes, amount damage each", P_WHO,
      P_INT("n", 0, NL_ATK, 1, 0), P_INT("amount", 0, 9, 1, 0)),
    A("mark", act_mark, "the attack under way is marked (hits, armour, defeat)", {NULL}),
    A("hack", act_hack, "who hacks the profile with dice", P_WHO, P_DICE),
    A("swap", act_swap, "who swaps an ability card for an inactive one", P_WHO),
    A("take", act_card, "who takes a card", P_WHO, P_ENUM("card", cards)),
    A("revive", act_revive, "by revives who with a nanophoenix", P_WHO, P_INT("by", 1, NL_MAXCH, 1, 1)),
    A("end-actions", act_end_actions, "phase II ends", {NULL}),
    A("reinforce", act_reinforce, "phase III: automatic and extra reinforcement, placed", {NULL}),
    A("enemies", act_enemies, "phase IV: every enemy in initiative order; the round ends", {NULL}),
    A("activate-enemy", act_activate_enemy, "enemy is activated", P_ENEMY),
    A("place", act_place, "enemy is placed by a d6", P_ENEMY),
    A("sidekick", act_sidekick, "Cora brings Sidekick in at x,y", P_XY("x"), P_XY("y")),
    A("download", act_download, "Cora downloads enemy's program with dice for Sidekick's weapon card", P_ENEMY, P_DICE),
    A("program", act_program, "Cora uses one of Sidekick's programs", {NULL}),
    A("sidekick-hit", act_sk_hit, "Sidekick suffers amount damage", P_INT("amount", 0, 9, 1, 0)),
    A("afflict", act_afflict, "a status effect (mind control) on enemy=; 0 Sidekick",
      P_INT("enemy", 0, NL_MAXEN, 1, 0)),
};

/* ---- measurements: derived keys ------------------------------------------------------------------------ */

/* Keys whose value the rules define and the engine computes (issue #10: a
 * measurement, not scaffolding), told apart by their tag: the attack's
 * successes (pa_hits), the Nth enemy in the initiative order (initiative),
 * character 1's line of sight to a field (sight) and range to it (reach). */
enum { KT_HITS, KT_INIT, KT_SIGHT, KT_REACH };

static long getk(const void *data, const eng_key *k, const int *idx)
{
    const nl_state *st = data;
    int order[NL_MAXEN], n = initiative(st, order);
    switch (k->tag) {
    case KT_HITS: return pa_hits(st);
    case KT_INIT: return idx[0] <= n ? order[idx[0] - 1] + 1 : 0;
    case KT_SIGHT: return sight(st, st->ch[0].x, st->ch[0].y, idx[0], idx[1]);
    }
    return reach(st->ch[0].x, st->ch[0].y, idx[0], idx[1]);
}

/* ---- scaffolding: key accessors ------------------------------------------------------------------------ */

/* The dice patterns, text keys: each NAME has get_NAME and set_NAME on the
 * field that expression F names. */
static int set_pattern(char *to, const char *v, char *err, size_t errlen)
{
    if (strlen(v) > NL_PATLEN || strspn(v, "123456") != strlen(v))
        return snprintf(err, errlen, "a dice pattern is up to %d digits 1..6", NL_PATLEN), -1;
    return strcpy(to, v), 0;
}
#define PATTERN_KEY(name, F)                                                                                     \
    static void get_##name(const void *d, const int *idx, char *buf, size_t len)                                 \
    { const nl_state *st = d; (void)idx, snprintf(buf, len, "%s", F); }                                          \
    static int set_##name(void *d, const int *idx, const char *v, char *err, size_t errlen)                      \
    { nl_state *st = d; return (void)idx, set_pattern(F, v, err, errlen); }
PATTERN_KEY(ab, st->ch[idx[0] - 1].ab[idx[1] - 1]) PATTERN_KEY(cost, st->ch[idx[0] - 1].wcost)
PATTERN_KEY(prcost, st->pr_cost) PATTERN_KEY(skcost, st->sk_wcost)

/* ---- scaffolding: the key table ------------------------------------------------------------------------- */

#define G(p, f, l, h, d) ENG_KEY_INT(p, nl_state, f, l, h, d)
#define G1(p, n, f, l, h, d) ENG_KEY_INT1(p, n, nl_state, f[0], sizeof(int), l, h, d)
#define CH(p, f, l, h, d) ENG_KEY_INT1("cN." p, NL_MAXCH, nl_state, ch[0].f, sizeof(nl_char), l, h, d)
#define EN(p, f, l, h, d) ENG_KEY_INT1("eN." p, NL_MAXEN, nl_state, en[0].f, sizeof(nl_enemy), l, h, d)
#define CH2(p, f, n, l, h, d) {.pattern = "cN." p, .type = ENG_INT, .doc = d, .nmax = {NL_MAXCH, n}, .lo = l, .hi = h, \
     .off = offsetof(nl_state, ch[0].f[0]), .stride = {sizeof(nl_char), sizeof(int)}}
#define MAP(p, f, d) {.pattern = p, .type = ENG_INT, .doc = d, .nmax = {NL_MAP, NL_MAP}, .hi = 1, \
     .off = offsetof(nl_state, f[0][0]), .stride = {sizeof(int[NL_MAP]), sizeof(int)}}
#define RO(p, n0, n1, t, h, d) \
    {.pattern = p, .type = ENG_INT, .doc = d, .nmax = {n0, n1}, .hi = h, .getk = getk, .tag = t}
#define TEXT(p, name, n0, n1, d) {.pattern = p, .type = ENG_TEXT, .doc = d, .nmax = {n0, n1}, \
     .get_text = get_##name, .set_text = set_##name}
#define DEF(who, k, kind) who("def." #kind, def[k], 1, NL_IMMUNE, "defence against " #kind " (7 = X)")

static const eng_key nl_keys[] = {
    /* who= and by= beyond players are refused by eng_act itself (an
     * argument error), before any action runs */
    {.pattern = "players", .type = ENG_INT, .doc = "players (characters) in the game", .lo = 1, .hi = NL_MAXCH,
     .off = offsetof(nl_state, players), .bounds = (const char *const[]){"who", "by", NULL}},
    G("round", round, 1, 99, "the round"),
    ENG_KEY_ENUM("phase", nl_state, phase, phase_names, "the phase"),
    G("marker", marker, 0, 99, "fields the round marker has advanced"),
    G("start-player", start, 0, NL_MAXCH, "who holds the start player marker (0 none)"),
    G("active", active, 0, NL_MAXCH, "the character being activated (0 none)"), G("vp", vp, 0, 99, "VP in play"),
    G("limit", limit, 1, 9, "the unit limit: figures per field"),
    G("cora", cora, 0, NL_MAXCH, "the character who is Cora (0 none)"),
    G("ai.who", ai_who, 1, NL_MAXCH, "the character the nanoshock procedure is asked about"),
    G("ai.enemy", ai_enemy, 1, NL_MAXEN, "the enemy the enemy procedures are asked about"),
    CH("x", x, 1, NL_MAP, "column"), CH("y", y, 1, NL_MAP, "row"),
    CH("life", life, 1, 30, "life: damage that makes the character unconscious"),
    CH("damage", damage, 0, 30, "damage suffered"), CH("out", out, 0, 1, "unconscious"),
    CH("stress", stress, 0, 30, "the stress cube's field (0 the first)"),
    CH("cube", cube, 2, 30, "the nanoshock cube's field"),
    CH("shock", shock, 0, 1, "the nanoshock marker is on its active side"),
    CH("ndice", ndice, 0, NL_DICE, "action dice"), CH2("dM", die, NL_DICE, 0, 6, "action die M's face (0 not rolled)"),
    CH2("usedM", used, NL_DICE, 0, 1, "action die M is in the inactive index"),
    CH("rolled", rolled, 0, 1, "has rolled its action dice this round"),
    CH("slots", slots, 0, NL_SLOTS, "slots of the inactive index"),
    CH2("borderM", border, NL_SLOTS, 0, 1, "slot M of the inactive index is bordered"),
    CH("filled", filled, 0, 99, "dice in the inactive index"),
    {.pattern = "cN.act", .type = ENG_ENUM, .doc = "activation", .nmax = {NL_MAXCH}, .names = act_names,
     .off = offsetof(nl_state, ch[0].act), .stride = {sizeof(nl_char)}},
    CH("gaw", gaw, 0, 9, "base attack value (GAW)"), CH("waw", waw, 0, 9, "weapon attack value (WAW)"),
    CH("upgrades", upg, 0, 9, "dice of the weapon's upgrades"),
    CH("ghw", ghw, 0, 9, "base hacking value"), CH("range", range, 0, 9, "ranged weapon's range"),
    CH("armour", armour, 0, 9, "armour"), DEF(CH, K_MELEE, melee), DEF(CH, K_RANGED, ranged),
    DEF(CH, K_NANO, nanoshock), DEF(CH, K_HACK, hacking),
    CH("abilities", abilities, 0, NL_ABILITIES, "ability cards held"),
    CH("items", items, 0, NL_ITEMS, "item cards held"),
    TEXT("cN.abM", ab, NL_MAXCH, NL_ABILITIES, "ability card M's dice pattern"),
    TEXT("cN.cost", cost, NL_MAXCH, 0, "the weapon's minimum cost (dice pattern)"),
    EN("present", present, 0, 1, "on the map"), EN("reserve", reserve, 0, 1, "in the supply"),
    EN("auto", autoin, 0, 1, "comes as automatic reinforcement"),
    EN("type", type, 1, 9, "enemy type: its card's place in the order"),
    EN("num", num, 1, 99, "its number"), EN("boss", boss, 0, 1, "a boss"),
    EN("init", init, 0, 9, "a boss's initiative (its deck's back)"), EN("large", large, 0, 1, "a large base"),
    EN("x", x, 1, NL_MAP, "column"), EN("y", y, 1, NL_MAP, "row"),
    EN("speed", speed, 0, 9, "speed"), EN("range", range, 0, 9, "range"),
    {.pattern = "eN.kind", .type = ENG_ENUM, .doc = "kind of attack", .nmax = {NL_MAXEN}, .names = kind_names,
     .off = offsetof(nl_state, en[0].kind), .stride = {sizeof(nl_enemy)}},
    EN("dice", dice, 0, 9, "attack dice"), DEF(EN, K_MELEE, melee), DEF(EN, K_RANGED, ranged),
    DEF(EN, K_NANO, nanoshock), DEF(EN, K_HACK, hacking),
    EN("armour", armour, 0, 9, "armour"), EN("life", life, 1, 30, "life"), EN("hits", hits, 0, 30, "hits"),
    EN("symbol", symbol, 0, 1, "the boss card shows a special ability symbol"),
    EN("paralysis", paralysed, 0, 1, "the boss card shows paralysis"), EN("mind", mind, 0, 1, "under mind control"),
    EN("target", target, 0, NL_MAXCH + 1, "its target (5 Sidekick, 0 none)"),
    MAP("blkN.M", blk, "field N,M is a sight blockade"), MAP("markN.M", mark, "a blocked marker on field N,M"),
    RO("sightN.M", NL_MAP, NL_MAP, KT_SIGHT, 1, "character 1 sees field N,M"),
    RO("reachN.M", NL_MAP, NL_MAP, KT_REACH, NL_MAP, "range from character 1 to field N,M"),
    G1("spN.x", 6, spx, 1, NL_MAP, "placing field N (a d6): column"),
    G1("spN.y", 6, spy, 1, NL_MAP, "placing field N: row"),
    G1("xN.type", NL_XTYPES, xtype, 0, 9, "extra reinforcement N: enemy type"),
    G1("xN.cost", NL_XTYPES, xcost, 0, 99, "extra reinforcement N: VP"),
    RO("initN", NL_MAXEN, 0, KT_INIT, NL_MAXEN, "the enemy Nth in initiative (0 none)"),
    RO("attack.hits", 0, 0, KT_HITS, NL_ATK, "successes of the attack under way"),
    G("attack.dice", pa_n, 0, NL_ATK, "dice of the attack under way"),
    G("attack.who", pa_who, 0, NL_MAXCH, "who attacks (0 none under way)"),
    G1("attack.dieN", NL_ATK, pa_face, 0, 6, "attack die N's face"),
    TEXT("profile.cost", prcost, 0, 0, "the hacking profile's action cost"),
    G("profile.resistance", pr_res, 1, NL_IMMUNE, "its resistance"),
    G("profile.size", pr_size, 1, 9, "fields of its target index"),
    G("profile.cubes", pr_cubes, 0, 9, "cubes on its target index"),
    G("profile.done", pr_open, 0, 1, "the door is removed / the effect happened"),
    G("sidekick.in", sk_in, 0, 1, "Sidekick on the map"), G("sidekick.x", sk_x, 0, NL_MAP, "column"),
    G("sidekick.y", sk_y, 0, NL_MAP, "row"), G("sidekick.programs", sk_programs, 0, NL_PROGRAMS, "programs"),
    G("sidekick.life", sk_life, 1, 9, "life"), G("sidekick.def", sk_def, 1, NL_IMMUNE, "defence"),
    G("sidekick.damage", sk_damage, 0, 9, "damage"),
    TEXT("sidekick.cost", skcost, 0, 0, "Sidekick's weapon card's cost"),
};

/* ---- scaffolding: the game declaration ------------------------------------------------------------------ */

static const char *const nl_statuses[] = {
    "nanolith.stress", "nanolith.nanoshock", "nanolith.unconscious", "nanolith.paralysis",
    "nanolith.mind-control", "nanolith.blocked", "nanolith.round.summary", NULL};

const eng_game eng_nanolith_game = {
    .id = "nanolith", .name = "Nanolith", .state_size = sizeof(nl_state), .init = nl_init,
    .keys = nl_keys, .nkeys = sizeof nl_keys / sizeof nl_keys[0],
    .actions = nl_actions, .nactions = sizeof nl_actions / sizeof nl_actions[0], .events = nl_events, .dice = nl_dice,
    .facts = eng_nanolith_facts, .nfacts = ENG_NANOLITH_NFACTS, .ais = eng_nanolith_ais, .nais = ENG_NANOLITH_NAIS,
    .statuses = nl_statuses,
};
