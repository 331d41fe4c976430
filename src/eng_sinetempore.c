/* eng_sinetempore.c — the Sine Tempore engine: the rules of the German
 * rulebook (seed 004) as state and functions, measured by the checker
 * through the facts in eng_sinetempore_facts.c.
 *
 * The Momentum is a ring of 12 sectors with a phase hand (the active sector)
 * and a cycle hand. Heroes (up to 4) and enemy groups (up to 4, of up to 12
 * models in all) each have one activation marker on it. The battlefield is
 * a model of the tiles: 12 x 12 squares, each plain, rough, water, an
 * obstacle, a cover element or a ghost zone (off the board), with a height
 * level (containers). Distances are counted orthogonally, as the rulebook
 * counts range. Line of sight is geometry on that grid (los()).
 *
 * The action die: the rulebook lists its eight symbols and on how many sides
 * each appears (15 symbols on 6 sides), not which symbols share a side. The
 * six faces below are a stand-in with exactly those counts; every fact and
 * example that depends on a face forces it. The penalty die is taken to
 * show the same faces. The orientation card is lost too: the engine turns a
 * face into a direction (north, east, south, west) by its index.
 *
 * The state keys and actions are the tables below (keys[], actions[]): each
 * entry's doc string is its documentation.
 */
#include "eng_sinetempore.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SX_HEROES 4
#define SX_GROUPS 4
#define SX_MODELS 12
#define SX_SIZE 12          /* squares per side of the battlefield */
#define SX_SECTORS 12       /* sectors of the Momentum */
#define SX_POOL 24          /* dice in one roll */
#define SX_NEXT 24          /* faces stacked for the next rolls */

/* The eight symbols of the action die, in the rulebook's order. */
enum { SY_STOSS, SY_PATRONE, SY_VERSTAND, SY_FAUST, SY_AUSRUESTUNG, SY_BLUT, SY_EXPLOSION,
       SY_VERTEIDIGUNG, NSYM };
static const char *const sym_names[] = {"stoss", "patrone", "verstand", "faust", "ausruestung",
                                        "blut", "explosion", "verteidigung", NULL};
#define B(s) (1 << (s))
/* the stand-in faces: every symbol on as many sides as the rulebook says */
static const int face_syms[] = {
    B(SY_STOSS) | B(SY_PATRONE) | B(SY_EXPLOSION),
    B(SY_STOSS) | B(SY_VERSTAND) | B(SY_BLUT),
    B(SY_STOSS) | B(SY_FAUST) | B(SY_AUSRUESTUNG),
    B(SY_PATRONE) | B(SY_VERSTAND),
    B(SY_FAUST) | B(SY_BLUT),
    B(SY_AUSRUESTUNG) | B(SY_VERTEIDIGUNG),
};
#define NFACES 6
static const char *const faces[] = {"stoss-patrone-explosion", "stoss-verstand-blut", "stoss-faust-ausruestung",
                                    "patrone-verstand", "faust-blut", "ausruestung-verteidigung"};
static const eng_die die_action = {"action", NFACES, faces};
static const eng_die die_penalty = {"penalty", NFACES, faces};
static const eng_die *const sx_dice[] = {&die_action, &die_penalty, NULL};

/* Symbols the rules name where the rulebook lost the picture (see the gaps
 * of the summary): putting out fire, and the push/resilience symbol. */
#define SY_FIRE_OUT SY_VERTEIDIGUNG
#define SY_ARROW SY_STOSS

enum { K_MELEE, K_RANGED, K_PSIONIC };
static const char *const kind_names[] = {"melee", "ranged", "psionic", NULL};
/* blocked: an obstacle (no movement, no line of sight); cover: a cover
 * element (light or heavy cover), which no figure enters; ghost: a ghost
 * zone, outside the board */
enum { T_PLAIN, T_ROUGH, T_WATER, T_BLOCKED, T_COVER, T_GHOST };
static const char *const terrain_names[] = {"plain", "rough", "water", "blocked", "cover", "ghost", NULL};
enum { Z_TINY, Z_NORMAL, Z_BIG };
static const char *const size_names[] = {"tiny", "normal", "big", NULL};
enum { P_NONE, P_ATTACK, P_DEFEND, P_TEST, P_POWER };
static const char *const pool_names[] = {"none", "attack", "defend", "test", "power", NULL};
enum { G_NONE, G_OBJECTIVE, G_HERO };
static const char *const goal_names[] = {"none", "objective", "hero", NULL};
enum { A_EXPLOSION, A_CROSS, A_LANCE, A_BLOW, A_SWEEP, A_WAVE, A_AURA };
static const char *const area_names[] = {"explosion", "cross", "lance", "blow", "sweep", "wave", "aura", NULL};
static const char *const stat_names[] = {"ph", "pr", "mi", NULL};
enum { S_PH, S_PR, S_MI };

/* Counted events (log.NAME, log.first.NAME, log.steps). */
enum {
    EV_ACTIVATION, EV_REACTION, EV_SERIOUS, EV_CYCLE, EV_ENEMY_REROLL, EV_HERO_REROLL, EV_FREE_ATTACK,
    EV_ENEMY_ATTACK, EV_HERO_ATTACK, EV_OBLIVION_CARD, EV_LOOT, EV_REVIVE, EV_KO, EV_KILL, EV_TIME_SHIFT,
    EV_BRAIN_MOVE, EV_PENALTY, EV_WAIT, EV_RESOURCE
};
static const char *const events[] = {
    "activation", "reaction", "serious-wound", "cycle", "enemy-reroll", "hero-reroll", "free-attack",
    "enemy-attack", "hero-attack", "oblivion-card", "loot", "revive", "ko", "kill", "time-shift",
    "brain-move", "penalty", "wait", "resource-card", NULL};

/* A weapon card (or attack skill): the stat it rolls, its ATB, the DMG
 * symbol, AP, range, weak attack, pierce X, sustained attack (symbol + 1). */
typedef struct sx_weapon {
    int stat, atb, sym, ap, min, rng, weak, pierce, sustained;
} sx_weapon;

typedef struct sx_hero {
    sx_weapon w[2];
    int chain, chain_model;   /* AP of the chained pair (0: none); the chain's target + 1 */
    int in, ra, ph, pr, mi, he, wounds, tv, sector, ko, x, y;
    int ap, active, start, spent, focused, focus_used, focus_die, engaged, psionic;
    int oblivion, oblivion_gear, oblivion_cards, serious, rerolls, armour, immune_bleed, resources, order, stop;
    /* negative conditions */
    int brain, contagion, fire, hindered, nailed, poison, slowed, stunned, hemorrhage, bleed;
    /* positive conditions */
    int ap1, ap2, shell, speedup, impendurance, strength, endurance, concentration, selectside, resilience;
} sx_hero;

typedef struct sx_model {
    int grp, x, y, he, wounds, pd, md, ca, size, runner, shooter, climb, boss, acted;
    /* the first attack on its card, and the chained second one (c_ap 0: none) */
    int a_ap, a_min, a_rng, a_n, a_sym, a_kind, a_weak;
    int c_ap, b_min, b_rng, b_n, b_sym, b_kind, b_weak;
    /* abilities against the heroes' dice: a symbol + 1, 0 none */
    int resist, vicious, immune, dodge, anomaly;
    int fire, poison, stunned, soulbreaker, bleed, hindered, nailed, slowed, hemorrhage, contagion, brain;
    int ap;
} sx_model;

typedef struct sx_group {
    int ra, sector, combat, hunter, obj_tv, obj_x, obj_y, order, stop;
} sx_group;

typedef struct sx_die {
    int face, enemy, hero, gone;
} sx_die;

/* The dice come first: a struct's last array may be taken for a flexible
 * one, which the bounds check then leaves alone (a loop over d[] from -1). */
typedef struct sx_pool {
    sx_die d[SX_POOL];
    int mode, n, start, penalty, hero, model, sym, need, weak, pierce, sustained, kind, fixed, dmg;
} sx_pool;

typedef struct sx_state {
    int phase, cycle, stops, seq;
    sx_hero h[SX_HEROES];
    sx_group g[SX_GROUPS];
    sx_model m[SX_MODELS];
    int terrain[SX_SIZE][SX_SIZE], level[SX_SIZE][SX_SIZE], loot[SX_SIZE][SX_SIZE];
    sx_pool pool;
    int next[SX_NEXT], nnext;
    int last_hits, last_wounds, last_success, last_dice, last_cancelled, last_area, last_moved;
    int ai_model, ai_hero, ai_plan, ai_target, ai_goal;
    /* the attack procedure's question */
    int ai_stat, ai_atb, ai_sym, ai_weak, ai_pierce;
    int proc;   /* which procedure's steps are marked */
} sx_state;

enum { PR_NONE, PR_TARGET, PR_ENEMY, PR_ENEMY_ATTACK, PR_HERO, PR_HERO_OBLIVION, PR_HERO_END, PR_ATTACK };

static void step(eng_state *s, int proc, const char *outcome)
{
    const sx_state *st = eng_cdata(s);
    if (st->proc == proc)
        eng_step(s, outcome);
}

/* ---- dice ------------------------------------------------------------------------------ */

static int forced_for(const eng_rng *rng, const eng_die *die)
{
    return rng->next_forced < rng->nforced && rng->forced[rng->next_forced].die == die;
}

/* A roll: a forced face first (a scenario's), then a stacked one (next.dice),
 * then the generator. */
static int roll(eng_state *s, const eng_die *die)
{
    eng_rng *rng = eng_state_rng(s);
    if (forced_for(rng, die))
        return eng_roll(rng, die);
    sx_state *st = eng_data(s);
    if (st->nnext > 0) {
        int f = st->next[0];
        memmove(&st->next[0], &st->next[1], (size_t)(--st->nnext) * sizeof(int));
        return f;
    }
    return (int)eng_rng_below(rng, NFACES);
}

static int shows(int face, int sym)
{
    return face >= 0 && (face_syms[face] & B(sym)) != 0;
}

/* ---- the battlefield ------------------------------------------------------------------- */

static int on_board(int x, int y)
{
    return x >= 1 && x <= SX_SIZE && y >= 1 && y <= SX_SIZE;
}

static int dist(int x1, int y1, int x2, int y2)
{
    return abs(x1 - x2) + abs(y1 - y2);
}

/* Model m is on the battlefield. It takes the index, not a pointer, so that
 * the bounds check sees a loop that runs one model too far. */
static int model_alive(const sx_state *st, int m)
{
    return st->m[m].grp > 0 && st->m[m].wounds < st->m[m].he;
}

static int hero_on(const sx_state *st, int x, int y, int standing)
{
    for (int h = 0; h < SX_HEROES; h++)
        if (st->h[h].in && st->h[h].x == x && st->h[h].y == y && (!standing || !st->h[h].ko))
            return h + 1;
    return 0;
}

static int model_on(const sx_state *st, int x, int y)
{
    for (int i = 0; i < SX_MODELS; i++)
        if (model_alive(st, i) && st->m[i].x == x && st->m[i].y == y)
            return i + 1;
    return 0;
}

static int group_alive(const sx_state *st, int g)
{
    for (int i = 0; i < SX_MODELS; i++)
        if (st->m[i].grp == g + 1 && model_alive(st, i))
            return 1;
    return 0;
}

/* A square a figure may stand on: not an obstacle, a cover element or a
 * ghost zone. */
static int passable(const sx_state *st, int x, int y)
{
    return on_board(x, y) && st->terrain[x - 1][y - 1] < T_BLOCKED;
}

/* The cost in AP of one step from (x1,y1) to the adjacent (x2,y2), or -1:
 * 1 AP; entering rough terrain or leaving water 2 AP; a hindered figure
 * pays 2 AP a square; climbing costs 1 AP a level on top (a figure that
 * cannot climb cannot change level). A runner's steps cost half (counted
 * in half AP by the caller). */
static int step_cost(const sx_state *st, int x1, int y1, int x2, int y2, int hindered, int climb)
{
    if (!passable(st, x2, y2))
        return -1;
    int c = 1;
    if (st->terrain[x2 - 1][y2 - 1] == T_ROUGH || st->terrain[x1 - 1][y1 - 1] == T_WATER)
        c = 2;
    if (hindered)
        c = 2;
    int dl = abs(st->level[x2 - 1][y2 - 1] - st->level[x1 - 1][y1 - 1]);
    if (dl > climb)
        return -1;
    return c + dl;
}

/* Cheapest costs (in half AP when runner, else AP) from (x,y) to every
 * square, passing allies but not opponents; cost[][] = -1 unreachable.
 * side: 0 a hero moves (enemy models block), 1 a model moves (standing
 * heroes block). */
static void paths(const sx_state *st, int x, int y, int side, int hindered, int climb, int runner,
                  int cost[SX_SIZE][SX_SIZE])
{
    int done[SX_SIZE][SX_SIZE];
    for (int i = 0; i < SX_SIZE; i++)
        for (int j = 0; j < SX_SIZE; j++)
            cost[i][j] = -1, done[i][j] = 0;
    cost[x - 1][y - 1] = 0;
    for (;;) {
        int bx = -1, by = -1;
        for (int i = 0; i < SX_SIZE; i++)
            for (int j = 0; j < SX_SIZE; j++)
                if (!done[i][j] && cost[i][j] >= 0 && (bx < 0 || cost[i][j] < cost[bx][by]))
                    bx = i, by = j;
        if (bx < 0)
            return;
        done[bx][by] = 1;
        static const int dx[] = {0, 1, 0, -1}, dy[] = {-1, 0, 1, 0};
        for (int k = 0; k < 4; k++) {
            int nx = bx + 1 + dx[k], ny = by + 1 + dy[k];
            int c = step_cost(st, bx + 1, by + 1, nx, ny, hindered, climb);
            if (c < 0)
                continue;
            if (side == 0 ? model_on(st, nx, ny) != 0 : hero_on(st, nx, ny, 1) != 0)
                continue;
            int nc = cost[bx][by] + (runner ? c : 2 * c);
            if (cost[nx - 1][ny - 1] < 0 || nc < cost[nx - 1][ny - 1])
                cost[nx - 1][ny - 1] = nc;
        }
    }
}

/* AP of a path cost counted in half AP */
static int half_to_ap(int half)
{
    return (half + 1) / 2;
}

/* A square a figure may end its move on: free of every figure (a knocked
 * out hero too). */
static int free_square(const sx_state *st, int x, int y)
{
    return passable(st, x, y) && !hero_on(st, x, y, 0) &&
           !model_on(st, x, y);
}

/* ---- line of sight --------------------------------------------------------------------------- */

/* Does the segment from p to q (half-square units: square x spans 2x-2 to
 * 2x) pass through the inside of square (sx,sy)? A line that only touches
 * its side or corner does not. The parameters t where the line is inside
 * on each axis are ratios of small integers, exact enough as doubles to
 * compare. */
static int crosses(int px, int py, int qx, int qy, int sx, int sy)
{
    const int p[2] = {px, py}, dl[2] = {qx - px, qy - py}, lo[2] = {2 * sx - 2, 2 * sy - 2};
    double t0 = 0, t1 = 1;
    for (int k = 0; k < 2; k++) {
        if (dl[k] == 0) {
            if (p[k] <= lo[k] || p[k] >= lo[k] + 2)
                return 0;
            continue;
        }
        double a = (double)(lo[k] - p[k]) / dl[k], b = (double)(lo[k] + 2 - p[k]) / dl[k];
        if (a > b) {
            double t = a;
            a = b, b = t;
        }
        t0 = a > t0 ? a : t0;
        t1 = b < t1 ? b : t1;
    }
    return t0 < t1;
}

/* What one line from point (px,py) to the middle of the target's square
 * meets between the two squares: 0 nothing, 1 a cover element next to the
 * target, -1 something that breaks it (an obstacle, a ghost zone, an
 * opponent's figure at least as big as the target). side 0: a hero looks
 * (enemy models are his opponents), 1: a model looks at a hero (standing
 * heroes are its opponents; heroes are all of normal size, as big as the
 * target, so each of them breaks the line). */
static int line_meets(const sx_state *st, int px, int py, int ax, int ay, int tx, int ty, int side, int tsize)
{
    int qx = 2 * tx - 1, qy = 2 * ty - 1, cover = 0;
    int x0 = ax < tx ? ax : tx, x1 = ax < tx ? tx : ax, y0 = ay < ty ? ay : ty, y1 = ay < ty ? ty : ay;
    for (int x = x0; x <= x1; x++)
        for (int y = y0; y <= y1; y++) {
            if ((x == ax && y == ay) || (x == tx && y == ty) || !crosses(px, py, qx, qy, x, y))
                continue;
            int t = st->terrain[x - 1][y - 1];
            if (t == T_BLOCKED || t == T_GHOST)
                return -1;
            if (t == T_COVER && dist(x, y, tx, ty) == 1)
                cover = 1;
            if (side == 0) {
                int m = model_on(st, x, y);
                if (m && st->m[m - 1].size >= tsize)
                    return -1;
            } else if (hero_on(st, x, y, 1)) {
                return -1;
            }
        }
    return cover;
}

/* Line of sight from square (ax,ay) to the target on (tx,ty): a line from
 * the middle of one of the four sides of the attacker's square to the
 * middle of the target's square that nothing breaks. 0 none, 1 only
 * through cover next to the target (the target is in cover), 2 a clear
 * line: the attacker draws the line that serves him best. */
static int los(const sx_state *st, int ax, int ay, int tx, int ty, int side, int tsize)
{
    static const int mx[] = {0, 1, 0, -1}, my[] = {-1, 0, 1, 0};
    int best = 0;
    for (int k = 0; k < 4; k++) {
        int r = line_meets(st, 2 * ax - 1 + mx[k], 2 * ay - 1 + my[k], ax, ay, tx, ty, side, tsize);
        if (r >= 0 && 2 - r > best)
            best = 2 - r;
    }
    return best;
}

/* A hero's line of sight to model m, and a model's on (x,y) to hero h */
static int hero_sees(const sx_state *st, int h, int m)
{
    const sx_hero *he = &st->h[h];
    const sx_model *mo = &st->m[m];
    return los(st, he->x, he->y, mo->x, mo->y, 0, mo->size);
}

static int model_sees(const sx_state *st, int h, int x, int y)
{
    return los(st, x, y, st->h[h].x, st->h[h].y, 1, Z_NORMAL);
}

/* ---- the Momentum ------------------------------------------------------------------------ */

static int fwd(int sector, int k)
{
    return ((sector - 1 + k) % SX_SECTORS + SX_SECTORS) % SX_SECTORS + 1;
}

/* Sectors from s to the first sector holding an enemy marker, counting s
 * itself as 0 (a marker there is reached already); -1 none. */
static int first_enemy_ahead(const sx_state *st, int s)
{
    int best = -1;
    for (int g = 0; g < SX_GROUPS; g++) {
        int d = ((st->g[g].sector - s) % SX_SECTORS + SX_SECTORS) % SX_SECTORS;
        if (group_alive(st, g) && (best < 0 || d < best))
            best = d;
    }
    return best;
}

static void enemy_turn(eng_state *s, int m);
static void hero_wounds(eng_state *s, int h, int n);

/* A hero is within the control area of a model and a threat to it: no
 * mission objective, or his TV at least the objective's. */
static int in_control(const sx_state *st, int m, int h)
{
    /* st->h[h] indexed, as in hero_due */
    const sx_model *mo = &st->m[m];
    return st->h[h].in && !st->h[h].ko && dist(mo->x, mo->y, st->h[h].x, st->h[h].y) <= mo->ca;
}

static int threat(const sx_state *st, int m, int h)
{
    const sx_group *g = &st->g[st->m[m].grp - 1];
    return in_control(st, m, h) && (g->obj_tv == 0 || st->h[h].tv >= g->obj_tv);
}

/* The hero's marker passed the sector of group g: every model of it that
 * has the hero in its control area (and takes him for a threat) reacts at
 * once, gets the "Acted" marker; the group's marker stays. */
static void reactions(eng_state *s, int g, int h)
{
    sx_state *st = eng_data(s);
    for (int i = 0; i < SX_MODELS; i++) {
        if (st->m[i].grp != g + 1 || !model_alive(st, i) || st->m[i].acted || !threat(st, i, h))
            continue;
        st->g[g].combat = 1;
        eng_note(s, EV_REACTION);
        enemy_turn(s, i);
        st->m[i].acted = 1;
    }
}

static void hero_end(eng_state *s, int h);

/* The hero spends ap: his marker moves as many sectors clockwise; a sector
 * of enemies he passes (not the one he lands on) makes them react. */
static void hero_spend(eng_state *s, int h, int ap)
{
    sx_state *st = eng_data(s);
    sx_hero *he = &st->h[h];
    int from = he->sector;
    he->sector = fwd(from, ap);
    he->ap -= ap;
    he->spent += ap;
    for (int k = 1; k < ap && k < SX_SECTORS; k++) {
        int sec = fwd(from, k);
        for (int g = 0; g < SX_GROUPS; g++)
            if (st->g[g].sector == sec && group_alive(st, g))
                reactions(s, g, h);
    }
}

/* ---- threat value and wounds -------------------------------------------------------------- */

static void tv_add(sx_state *st, int h, int d)
{
    st->h[h].tv += d;
    if (st->h[h].tv < 0)
        st->h[h].tv = 0;
}

static void hero_ko(eng_state *s, int h)
{
    sx_state *st = eng_data(s);
    sx_hero *he = &st->h[h];
    he->ko = 1;
    he->active = 0;
    eng_note(s, EV_KO);
    tv_add(st, h, -2);
    /* every negative condition goes, but oblivion and serious wounds */
    he->brain = he->contagion = he->fire = he->hindered = he->nailed = he->poison = 0;
    he->slowed = he->stunned = he->hemorrhage = he->bleed = he->engaged = 0;
}

static void hero_wounds(eng_state *s, int h, int n)
{
    sx_state *st = eng_data(s);
    sx_hero *he = &st->h[h];
    if (n <= 0 || he->ko)
        return;
    he->wounds += n;
    if (he->wounds >= he->he) {
        he->wounds = he->he;
        hero_ko(s, h);
    }
}

static void update_engaged(sx_state *st);

/* Wounds n to model m by hero h (h < 0: no hero): a non-tiny enemy
 * raises the TV by 1 for being wounded and 1 more for being killed; a
 * killed model leaves loot (two for a big one, none for a tiny one). */
static void model_wounds(eng_state *s, int m, int n, int h)
{
    sx_state *st = eng_data(s);
    sx_model *mo = &st->m[m];
    if (n <= 0 || !model_alive(st, m))
        return;
    mo->wounds += n;
    if (h >= 0 && mo->size != Z_TINY)
        tv_add(st, h, 1);
    if (mo->wounds >= mo->he) {
        mo->wounds = mo->he;
        eng_note(s, EV_KILL);
        if (h >= 0 && mo->size != Z_TINY)
            tv_add(st, h, 1);
        int loot = mo->size == Z_BIG ? 2 : mo->size == Z_NORMAL ? 1 : 0;
        st->loot[mo->x - 1][mo->y - 1] += loot;
        for (int k = 0; k < loot; k++)
            eng_note(s, EV_LOOT);
        update_engaged(st);
    }
}

static int adjacent_enemies(const sx_state *st, int h)
{
    int n = 0;
    for (int i = 0; i < SX_MODELS; i++)
        n += model_alive(st, i) && dist(st->m[i].x, st->m[i].y, st->h[h].x, st->h[h].y) == 1;
    return n;
}

/* The engaged marker goes as soon as no enemy is adjacent. */
static void update_engaged(sx_state *st)
{
    for (int h = 0; h < SX_HEROES; h++)
        if (st->h[h].engaged && adjacent_enemies(st, h) == 0)
            st->h[h].engaged = 0;
}

/* ---- rolls ---------------------------------------------------------------------------------- */

static void pool_roll(eng_state *s, int n)
{
    sx_state *st = eng_data(s);
    sx_pool *p = &st->pool;
    if (n > SX_POOL)
        n = SX_POOL;
    if (n < 0)
        n = 0;
    p->n = p->start = n;
    for (int i = 0; i < n; i++)
        p->d[i] = (sx_die){roll(s, &die_action), 0, 0, 0};
    p->penalty = -1;
}

/* The penalty die of a hero with 3 or more wounds. */
static void pool_penalty(eng_state *s, int h)
{
    sx_state *st = eng_data(s);
    if (h >= 0 && st->h[h].wounds >= 3) {
        st->pool.penalty = roll(s, &die_penalty);
        eng_note(s, EV_PENALTY);
    }
}

static int successes(const sx_pool *p, int i)
{
    return !p->d[i].gone && shows(p->d[i].face, p->sym);
}

/* An enemy effect rerolls die i (before any hero effect). */
static void enemy_reroll(eng_state *s, int i)
{
    sx_state *st = eng_data(s);
    st->pool.d[i].face = roll(s, &die_action);
    st->pool.d[i].enemy = 1;
    eng_note(s, EV_ENEMY_REROLL);
}

/* The enemy effects on a hero's attack roll against model m: immunity
 * removes the dice showing its symbol, resistance rerolls every success
 * showing its symbol, dodge rerolls one success, and so does cover (a
 * success no enemy effect rerolled yet). */
static void enemy_effects_attack(eng_state *s, int m, int cover)
{
    sx_state *st = eng_data(s);
    sx_pool *p = &st->pool;
    const sx_model *mo = &st->m[m];
    if (mo->immune)
        for (int i = 0; i < p->n; i++)
            if (shows(p->d[i].face, mo->immune - 1))
                p->d[i].gone = 1;
    if (mo->resist)
        for (int i = 0; i < p->n; i++)
            if (successes(p, i) && shows(p->d[i].face, mo->resist - 1))
                enemy_reroll(s, i);
    if (mo->dodge)
        for (int i = 0; i < p->n; i++)
            if (successes(p, i)) {
                enemy_reroll(s, i);
                break;
            }
    if (cover)
        for (int i = 0; i < p->n; i++)
            if (successes(p, i) && !p->d[i].enemy) {
                enemy_reroll(s, i);
                break;
            }
}

/* Model m is in cover from hero h's attack of this kind: psionic powers
 * ignore cover. */
static int target_in_cover(const sx_state *st, int h, int m, int kind)
{
    return kind != K_PSIONIC && hero_sees(st, h, m) == 1;
}

/* Counts what a pool shows: the penalty die takes away one die with its
 * face; a sustained symbol adds a die for every die that shows it, as long
 * as the new ones show it too. */
static int pool_count(eng_state *s)
{
    sx_state *st = eng_data(s);
    sx_pool *p = &st->pool;
    if (p->penalty >= 0)
        for (int i = 0; i < p->n; i++)
            if (!p->d[i].gone && p->d[i].face == p->penalty) {
                p->d[i].gone = 1;
                break;
            }
    int hits = 0;
    for (int i = 0; i < p->n; i++)
        hits += successes(p, i);
    if (p->sustained) {
        int todo = 0;
        for (int i = 0; i < p->n; i++)
            todo += !p->d[i].gone && shows(p->d[i].face, p->sustained - 1);
        while (todo > 0 && p->n < SX_POOL) {
            int f = roll(s, &die_action);
            p->d[p->n++] = (sx_die){f, 0, 0, 0};
            todo--;
            hits += shows(f, p->sym);
            todo += shows(f, p->sustained - 1);
        }
        if (hits > p->start)
            hits = p->start;
    }
    st->last_hits = hits;
    return hits;
}

/* ---- hero attacks ------------------------------------------------------------------------------ */

static int stat_of(const sx_hero *he, int stat)
{
    return stat == S_PH ? he->ph : stat == S_PR ? he->pr : he->mi;
}

/* Starts a hero's attack roll on model m: the dice are the stat plus the
 * weapon's ATB (one less when poisoned, one more against a big enemy, two
 * more with the strength marker in melee, plus a kept focus die); the
 * enemy effects follow at once. */
static void attack_roll(eng_state *s, int h, int m, int stat, int atb, int sym, int weak, int pierce,
                        int sustained, int strength, int focus)
{
    sx_state *st = eng_data(s);
    sx_hero *he = &st->h[h];
    sx_model *mo = &st->m[m];
    int n = stat_of(he, stat) + atb - (he->poison ? 1 : 0) + (mo->size == Z_BIG ? 1 : 0) +
            (strength ? 2 : 0);
    pool_roll(s, n);
    sx_pool *p = &st->pool;
    if (focus && he->focus_die && p->n < SX_POOL) {
        p->d[p->n++] = (sx_die){he->focus_die - 1, 0, 0, 0};
        he->focus_die = 0;
    }
    p->mode = P_ATTACK;
    p->hero = h;
    p->model = m;
    p->sym = sym;
    p->weak = weak;
    p->pierce = pierce;
    p->sustained = sustained;
    p->kind = stat == S_MI ? K_PSIONIC : stat == S_PR ? K_RANGED : K_MELEE;
    pool_penalty(s, h);
    eng_note(s, EV_HERO_ATTACK);
    enemy_effects_attack(s, m, target_in_cover(st, h, m, p->kind));
    st->g[mo->grp - 1].combat = 1;
}

/* Ends a hero's attack: matching symbols are wounds, less the target's
 * defence (PD, or MD for a psionic attack) less pierce; a weak attack
 * deals at most 1 wound. keep: a focused hero sets die keep-1 aside. */
static void attack_resolve(eng_state *s, int keep)
{
    sx_state *st = eng_data(s);
    sx_pool *p = &st->pool;
    sx_hero *he = &st->h[p->hero];
    if (keep > 0) {
        he->focus_die = p->d[keep - 1].face + 1;
        p->d[keep - 1].gone = 1;
    }
    int hits = pool_count(s);
    const sx_model *mo = &st->m[p->model];
    int def = (p->kind == K_PSIONIC ? mo->md : mo->pd) - p->pierce;
    if (def < 0)
        def = 0;
    int w = hits - def;
    if (w < 0)
        w = 0;
    if (p->weak && w > 1)
        w = 1;
    st->last_wounds = w;
    st->last_dice = p->start;
    p->mode = P_NONE;
    model_wounds(s, p->model, w, p->hero);
}

/* ---- enemy attacks and the heroes' defence ---------------------------------------------------- */

/* A hero's defence dice against an attack of this kind: PH (MI against a
 * psionic attack) plus armour (physical) or psionic shell (mental), one
 * less when poisoned. */
static int defence_dice(const sx_hero *he, int kind)
{
    return (kind == K_PSIONIC ? he->mi + (he->shell ? 2 : 0) : he->ph + he->armour) - (he->poison ? 1 : 0);
}

/* Model m attacks hero h with its first (second = 0) or chained second
 * attack: the hero rolls his defence dice and bonus; vicious strike
 * rerolls his successes with its symbol. */
static void defend_roll(eng_state *s, int m, int h, int second, int bonus)
{
    sx_state *st = eng_data(s);
    sx_hero *he = &st->h[h];
    const sx_model *mo = &st->m[m];
    int kind = second ? mo->b_kind : mo->a_kind;
    pool_roll(s, defence_dice(he, kind) + bonus);
    sx_pool *p = &st->pool;
    p->mode = P_DEFEND;
    p->hero = h;
    p->model = m;
    p->sym = second ? mo->b_sym : mo->a_sym;
    p->dmg = second ? mo->b_n : mo->a_n;
    p->weak = second ? mo->b_weak : mo->a_weak;
    p->kind = kind;
    p->sustained = 0;
    pool_penalty(s, h);
    eng_note(s, EV_ENEMY_ATTACK);
    if (mo->vicious)
        for (int i = 0; i < p->n; i++)
            if (successes(p, i) && shows(p->d[i].face, mo->vicious - 1))
                enemy_reroll(s, i);
}

/* Each die matching the attack's symbol cancels one of its symbols; the
 * rest are wounds (a weak attack at most 1). An adjacent attacker engages
 * the hero. */
static void defend_resolve(eng_state *s)
{
    sx_state *st = eng_data(s);
    sx_pool *p = &st->pool;
    int got = pool_count(s);
    int cancel = got < p->dmg ? got : p->dmg;
    int w = p->dmg - cancel;
    if (p->weak && w > 1)
        w = 1;
    st->last_cancelled = cancel;
    st->last_wounds = w;
    st->last_dice = p->start;
    p->mode = P_NONE;
    sx_hero *he = &st->h[p->hero];
    const sx_model *mo = &st->m[p->model];
    if (dist(mo->x, mo->y, he->x, he->y) == 1 && !he->ko)
        he->engaged = 1;
    if (w > 0 && p->sym == SY_BLUT && !he->immune_bleed)
        he->bleed = 1;
    hero_wounds(s, p->hero, w);
}

/* An attack of model m on hero h resolved at once (the AI's attacks and
 * free attacks): the one hero effect played is cover's, a hero in cover
 * from a physical attack rerolling his first die that fails. */
static void enemy_attack(eng_state *s, int m, int h, int second)
{
    sx_state *st = eng_data(s);
    defend_roll(s, m, h, second, 0);
    sx_pool *p = &st->pool;
    const sx_model *mo = &st->m[m];
    if (p->kind != K_PSIONIC && model_sees(st, h, mo->x, mo->y) == 1)
        for (int i = 0; i < p->n; i++)
            if (!p->d[i].gone && !successes(p, i)) {
                p->d[i].face = roll(s, &die_action);
                p->d[i].hero = 1;
                eng_note(s, EV_HERO_REROLL);
                break;
            }
    defend_resolve(s);
}

/* ---- the enemy AI ---------------------------------------------------------------------------------- */

/* Whom model m goes for: the mission objective, unless a hero in its
 * control area has a TV at least the objective's; among such heroes the
 * highest TV, then the nearest, then the players' choice (the first). With
 * no objective and nobody in the control area, the nearest hero, then the
 * highest TV, then the players' choice. */
static void choose_target(eng_state *s, int m)
{
    sx_state *st = eng_data(s);
    const sx_model *mo = &st->m[m];
    const sx_group *g = &st->g[mo->grp - 1];
    int best = -1, any = 0;
    for (int h = 0; h < SX_HEROES; h++) {
        if (!threat(st, m, h))
            continue;
        any = 1;
        if (best < 0 || st->h[h].tv > st->h[best].tv ||
            (st->h[h].tv == st->h[best].tv &&
             dist(mo->x, mo->y, st->h[h].x, st->h[h].y) < dist(mo->x, mo->y, st->h[best].x, st->h[best].y)))
            best = h;
    }
    if (any) {
        int tied = 0;
        for (int h = 0; h < SX_HEROES; h++)
            tied += threat(st, m, h) && st->h[h].tv == st->h[best].tv;
        st->ai_goal = G_HERO;
        st->ai_target = best + 1;
        if (tied == 1)
            step(s, PR_TARGET, "sinetempore.target.highest-tv");
        else {
            int near = 0, d = dist(mo->x, mo->y, st->h[best].x, st->h[best].y);
            for (int h = 0; h < SX_HEROES; h++)
                near += threat(st, m, h) && st->h[h].tv == st->h[best].tv &&
                        dist(mo->x, mo->y, st->h[h].x, st->h[h].y) == d;
            step(s, PR_TARGET, near == 1 ? "sinetempore.target.nearest-threat" : "sinetempore.target.threat-choice");
        }
        return;
    }
    if (g->obj_tv > 0) {
        st->ai_goal = G_OBJECTIVE;
        st->ai_target = 0;
        step(s, PR_TARGET, "sinetempore.target.objective");
        return;
    }
    for (int h = 0; h < SX_HEROES; h++) {
        if (!st->h[h].in || st->h[h].ko)
            continue;
        int d = dist(mo->x, mo->y, st->h[h].x, st->h[h].y);
        int bd = best < 0 ? 0 : dist(mo->x, mo->y, st->h[best].x, st->h[best].y);
        if (best < 0 || d < bd || (d == bd && st->h[h].tv > st->h[best].tv))
            best = h;
    }
    if (best < 0) {
        st->ai_goal = G_NONE;
        st->ai_target = 0;
        step(s, PR_TARGET, "sinetempore.target.none");
        return;
    }
    st->ai_goal = G_HERO;
    st->ai_target = best + 1;
    int bd = dist(mo->x, mo->y, st->h[best].x, st->h[best].y), near = 0, top = 0;
    for (int h = 0; h < SX_HEROES; h++)
        if (st->h[h].in && !st->h[h].ko && dist(mo->x, mo->y, st->h[h].x, st->h[h].y) == bd) {
            near++;
            top += st->h[h].tv == st->h[best].tv;
        }
    step(s, PR_TARGET, near == 1   ? "sinetempore.target.nearest"
                       : top == 1 ? "sinetempore.target.nearest-highest-tv"
                                  : "sinetempore.target.nearest-choice");
}

static void model_paths(const sx_state *st, int m, int cost[SX_SIZE][SX_SIZE])
{
    const sx_model *mo = &st->m[m];
    paths(st, mo->x, mo->y, 1, mo->hindered, mo->climb, mo->runner, cost);
}

static void model_move(eng_state *s, int m, int x, int y, int half)
{
    sx_state *st = eng_data(s);
    sx_model *mo = &st->m[m];
    int ap = half_to_ap(half) + (mo->slowed && (x != mo->x || y != mo->y) ? 1 : 0);
    mo->ap -= ap;
    st->last_moved += dist(mo->x, mo->y, x, y);
    mo->x = x;
    mo->y = y;
    update_engaged(st);
}

static int in_range(int d, int lo, int hi)
{
    return d >= lo && d <= hi;
}

/* The square model m ends on, chosen from the squares it can reach:
 * mode 0, the fewest AP to have hero h (on tx,ty) a valid target (in
 * range and line of sight) with AP left for an attack; mode 1 (shooter),
 * the farthest from h where he is a valid target with AP left for an
 * attack; mode 2, as close to (tx,ty) as it gets; mode 3, as far from
 * (tx,ty) as it gets. A slowed model pays 1 AP more for the move and for
 * the attack. *half receives the path's cost. 0, or -1 none. */
static int pick_square(const sx_state *st, int m, int h, int mode, int tx, int ty, int *bx, int *by, int *half)
{
    const sx_model *mo = &st->m[m];
    int cost[SX_SIZE][SX_SIZE];
    model_paths(st, m, cost);
    int found = 0, bk = 0, bc = 0;
    for (int x = 1; x <= SX_SIZE; x++)
        for (int y = 1; y <= SX_SIZE; y++) {
            int c = cost[x - 1][y - 1];
            if (c < 0 || (!(x == mo->x && y == mo->y) && !free_square(st, x, y)))
                continue;
            int ap = half_to_ap(c) + (mo->slowed && c > 0 ? 1 : 0);
            int d = dist(x, y, tx, ty);
            int key, ok;
            if (mode <= 1) {
                ok = ap + mo->a_ap + mo->slowed <= mo->ap && in_range(d, mo->a_min, mo->a_rng) &&
                     model_sees(st, h, x, y) > 0;
                key = mode == 0 ? -c : d * 1000 - c;
            } else {
                ok = ap <= mo->ap;
                key = mode == 2 ? -d * 1000 - c : d * 1000 - c;
            }
            if (ok && (!found || key > bk)) {
                found = 1, bk = key, bc = c, *bx = x, *by = y;
            }
        }
    *half = bc;
    return found ? 0 : -1;
}

/* One attack, or the chain of both when the AP suffice and the target is
 * in range of both. */
static void model_attacks(eng_state *s, int m, int h)
{
    sx_state *st = eng_data(s);
    sx_model *mo = &st->m[m];
    const sx_hero *he = &st->h[h];
    int d = dist(mo->x, mo->y, he->x, he->y);
    if (mo->c_ap > 0 && mo->ap >= mo->c_ap + mo->slowed && in_range(d, mo->a_min, mo->a_rng) && in_range(d, mo->b_min, mo->b_rng)) {
        mo->ap -= mo->c_ap + mo->slowed;
        enemy_attack(s, m, h, 0);
        if (!st->h[h].ko)
            enemy_attack(s, m, h, 1);
        step(s, PR_ENEMY_ATTACK, "sinetempore.enemy.chain-attack");
        return;
    }
    mo->ap -= mo->a_ap + mo->slowed;
    enemy_attack(s, m, h, 0);
    step(s, PR_ENEMY_ATTACK, "sinetempore.enemy.attack");
}

static void enemy_end(eng_state *s, int m);

/* The square a figure with brain damage on (x,y) is to move to: one step
 * in a random direction (the orientation card is lost: the action die's
 * face index stands in for it). */
static void brain_square(eng_state *s, int x, int y, int *nx, int *ny)
{
    static const int dir_x[] = {0, 1, 0, -1}, dir_y[] = {-1, 0, 1, 0};
    int f = roll(s, &die_action) % 4;
    *nx = x + dir_x[f], *ny = y + dir_y[f];
    eng_note(s, EV_BRAIN_MOVE);
}

/* Brain damage on an enemy, in its marker phase: the step, or a wound
 * when the square is taken; the marker goes. */
static void model_brain(eng_state *s, int m)
{
    sx_state *st = eng_data(s);
    sx_model *mo = &st->m[m];
    int nx, ny;
    brain_square(s, mo->x, mo->y, &nx, &ny);
    mo->brain = 0;
    if (!free_square(st, nx, ny)) {
        model_wounds(s, m, 1, -1);
        return;
    }
    st->last_moved++;
    mo->x = nx, mo->y = ny;
    update_engaged(st);
}

/* The activation of one enemy model: marker phase, target, movement and
 * attack, end of its activation. */
static void enemy_turn(eng_state *s, int m)
{
    sx_state *st = eng_data(s);
    sx_model *mo = &st->m[m];
    mo->ap = st->g[mo->grp - 1].ra;
    if (mo->stunned) {
        mo->stunned = 0;
        mo->ap -= 2;
        step(s, PR_ENEMY, "sinetempore.enemy.stunned");
    }
    if (mo->hemorrhage)
        mo->bleed = 1;
    if (mo->contagion) {
        mo->contagion = 0;
        mo->poison = 1;
    }
    if (mo->brain)
        model_brain(s, m);
    if (!model_alive(st, m))
        return;
    if (mo->soulbreaker) {
        mo->soulbreaker = 0;
        step(s, PR_ENEMY, "sinetempore.enemy.soul-broken");
        enemy_end(s, m);
        return;
    }
    choose_target(s, m);
    step(s, PR_ENEMY, "sinetempore.enemy.target");
    int bx, by, half;
    if (st->ai_goal == G_OBJECTIVE) {
        const sx_group *g = &st->g[mo->grp - 1];
        if (pick_square(st, m, -1, 2, g->obj_x, g->obj_y, &bx, &by, &half) == 0)
            model_move(s, m, bx, by, half);
        step(s, PR_ENEMY, "sinetempore.enemy.objective");
    } else if (st->ai_goal == G_HERO) {
        int h = st->ai_target - 1;
        const sx_hero *he = &st->h[h];
        step(s, PR_ENEMY, "sinetempore.enemy.goes-hero");
        if (mo->shooter) {
            if (pick_square(st, m, h, 1, he->x, he->y, &bx, &by, &half) == 0) {
                model_move(s, m, bx, by, half);
                step(s, PR_ENEMY_ATTACK, "sinetempore.enemy.shooter-back");
                model_attacks(s, m, h);
            } else {
                if (pick_square(st, m, h, 3, he->x, he->y, &bx, &by, &half) == 0)
                    model_move(s, m, bx, by, half);
                step(s, PR_ENEMY_ATTACK, "sinetempore.enemy.shooter-away");
            }
        } else if (pick_square(st, m, h, 0, he->x, he->y, &bx, &by, &half) == 0) {
            model_move(s, m, bx, by, half);
            step(s, PR_ENEMY_ATTACK, "sinetempore.enemy.approach-attack");
            model_attacks(s, m, h);
        } else {
            if (pick_square(st, m, h, 2, he->x, he->y, &bx, &by, &half) == 0)
                model_move(s, m, bx, by, half);
            step(s, PR_ENEMY_ATTACK, "sinetempore.enemy.approach");
        }
    } else {
        step(s, PR_ENEMY, "sinetempore.enemy.idle");
    }
    enemy_end(s, m);
}

/* End of an enemy's activation: fire wounds (a roll may put it out),
 * bleeding wounds and goes, the one-activation markers go. */
static void enemy_end(eng_state *s, int m)
{
    sx_state *st = eng_data(s);
    sx_model *mo = &st->m[m];
    if (mo->fire) {
        model_wounds(s, m, 1, -1);
        if (shows(roll(s, &die_action), SY_FIRE_OUT))
            mo->fire = 0;
    }
    if (mo->bleed) {
        mo->bleed = 0;
        model_wounds(s, m, 1, -1);
    }
    mo->hindered = mo->nailed = mo->slowed = 0;
    mo->ap = 0;
}

/* A group's activation: each model in turn (one that carries the Acted
 * marker drops it and does nothing; a waiting group does nothing), then
 * the group's marker moves as many sectors as its RA. */
static void group_activation(eng_state *s, int g)
{
    sx_state *st = eng_data(s);
    for (int i = 0; i < SX_MODELS; i++) {
        sx_model *mo = &st->m[i];
        if (!model_alive(st, i) || mo->grp != g + 1)
            continue;
        if (mo->acted) {
            mo->acted = 0;
            continue;
        }
        if (!st->g[g].combat && !st->g[g].hunter)
            continue;
        enemy_turn(s, i);
    }
    st->g[g].sector = fwd(st->g[g].sector, st->g[g].ra);
}

/* ---- the heroes' activation ----------------------------------------------------------------------- */

/* Brain damage: one square in a random direction (the orientation card:
 * the face's index), then the marker goes; a blocked square costs a
 * wound; leaving an engaging enemy is a disengage (a free attack). */
static void brain_move(eng_state *s, int h)
{
    sx_state *st = eng_data(s);
    sx_hero *he = &st->h[h];
    int nx, ny;
    brain_square(s, he->x, he->y, &nx, &ny);
    he->brain = 0;
    if (!free_square(st, nx, ny)) {
        hero_wounds(s, h, 1);
        return;
    }
    int left[SX_MODELS] = {0};
    for (int i = 0; i < SX_MODELS; i++)
        left[i] = he->engaged && model_alive(st, i) && dist(st->m[i].x, st->m[i].y, he->x, he->y) == 1 &&
                  dist(st->m[i].x, st->m[i].y, nx, ny) > 1;
    he->x = nx;
    he->y = ny;
    for (int i = 0; i < SX_MODELS; i++)
        if (left[i] && !he->ko) {
            eng_note(s, EV_FREE_ATTACK);
            enemy_attack(s, i, h, 0);
        }
    update_engaged(st);
}

/* The oblivion test: MI dice, at least as many mind symbols as oblivion
 * markers; the concentration marker rerolls one failed die. A failure
 * drops every marker and draws an oblivion card. */
static int oblivion_test(eng_state *s, int h)
{
    sx_state *st = eng_data(s);
    sx_hero *he = &st->h[h];
    pool_roll(s, he->mi - (he->poison ? 1 : 0));
    sx_pool *p = &st->pool;
    p->mode = P_TEST;
    p->sym = SY_VERSTAND;
    p->sustained = 0;
    pool_penalty(s, h);
    int got = 0;
    for (int i = 0; i < p->n; i++)
        got += successes(p, i);
    if (got < he->oblivion && he->concentration)
        for (int i = 0; i < p->n; i++)
            if (!successes(p, i)) {
                he->concentration = 0;
                p->d[i].face = roll(s, &die_action);
                p->d[i].hero = 1;
                eng_note(s, EV_HERO_REROLL);
                break;
            }
    got = pool_count(s);
    p->mode = P_NONE;
    st->last_success = got >= he->oblivion;
    if (!st->last_success) {
        he->oblivion = 0;
        he->oblivion_cards++;
        eng_note(s, EV_OBLIVION_CARD);
    }
    return st->last_success;
}

/* The marker phase and the AP of a hero's activation. */
static void hero_activation(eng_state *s, int h)
{
    sx_state *st = eng_data(s);
    sx_hero *he = &st->h[h];
    he->active = 1;
    he->start = he->sector;
    he->spent = 0;
    he->focus_used = he->focused = 0;
    he->ap = he->ra + (he->ap1 ? 1 : 0) + (he->ap2 ? 2 : 0);
    if (he->brain) {
        brain_move(s, h);
        step(s, PR_HERO, "sinetempore.hero.brain-damage");
    }
    if (he->contagion) {
        he->contagion = 0;
        he->poison = 1;
        step(s, PR_HERO, "sinetempore.hero.contagion");
    }
    if (he->hemorrhage) {
        he->bleed = 1;
        step(s, PR_HERO, "sinetempore.hero.hemorrhage");
    }
    if (he->resilience) {
        if (he->wounds > 0)
            he->wounds--;
        if (shows(roll(s, &die_action), SY_ARROW))
            he->resilience = 0;
        step(s, PR_HERO, "sinetempore.hero.resilience");
    }
    step(s, PR_HERO, "sinetempore.hero.conditions-done");
    if (he->oblivion > 0) {
        int ok = oblivion_test(s, h);
        step(s, PR_HERO_OBLIVION, ok ? "sinetempore.hero.oblivion-passed" : "sinetempore.hero.oblivion-card");
    }
    if (he->stunned && !he->ko) {
        he->stunned = 0;
        int k = he->ap < 2 ? he->ap : 2;
        hero_spend(s, h, k);
        step(s, PR_HERO_OBLIVION, "sinetempore.hero.stunned");
    }
    /* a knock-out on the way ended the activation already (hero_ko) */
    if (!he->ko)
        step(s, PR_HERO_OBLIVION, "sinetempore.hero.ap");
}

/* Time shift: a hero whose marker has not reached or passed the first
 * sector ahead of his start holding an enemy marker spends more AP, up to
 * what he has left. Then the end of the activation: fire and bleeding
 * wound, the one-activation markers go. */
static void hero_end(eng_state *s, int h)
{
    sx_state *st = eng_data(s);
    sx_hero *he = &st->h[h];
    if (!he->active)
        return;
    int need = first_enemy_ahead(st, he->start) - he->spent;
    if (need > 0 && he->ap > 0) {
        hero_spend(s, h, need < he->ap ? need : he->ap);
        eng_note(s, EV_TIME_SHIFT);
        step(s, PR_HERO_END, "sinetempore.hero.time-shift");
    }
    he->active = 0;
    if (he->fire) {
        hero_wounds(s, h, 1);
        step(s, PR_HERO_END, "sinetempore.hero.fire");
    }
    if (he->bleed && !he->ko) {
        he->bleed = 0;
        hero_wounds(s, h, 1);
        step(s, PR_HERO_END, "sinetempore.hero.bleed");
    }
    he->hindered = he->nailed = he->slowed = he->speedup = he->ap1 = he->ap2 = 0;
    he->ap = 0;
    step(s, PR_HERO_END, "sinetempore.hero.end");
}

/* ---- the phase hand ------------------------------------------------------------------------------ */

/* Figures still to act in the active sector: heroes standing, groups
 * alive, not yet activated at this stop of the hand. */
static int hero_due(const sx_state *st, int h)
{
    /* indexed, not through a pointer, so that the bounds check sees a loop
     * that runs one hero too far (as model_alive) */
    return st->h[h].in && !st->h[h].ko && st->h[h].sector == st->phase && st->h[h].stop != st->stops;
}

static int group_due(const sx_state *st, int g)
{
    /* st->g[g] read first, so that the bounds check sees a loop past the
     * groups (group_alive only compares numbers) */
    return st->g[g].sector == st->phase && st->g[g].stop != st->stops && group_alive(st, g);
}

static int sector_busy(const sx_state *st)
{
    for (int h = 0; h < SX_HEROES; h++)
        if (hero_due(st, h) || st->h[h].active)
            return 1;
    for (int g = 0; g < SX_GROUPS; g++)
        if (group_due(st, g))
            return 1;
    return 0;
}

/* The phase hand moves on to the next sector holding a marker: passing
 * sector 12 moves the cycle hand; reaching the sector of a knocked-out
 * hero's marker gives him a serious wound card. With nobody left to act
 * it stops back where it started, after one round. */
static void advance(eng_state *s)
{
    sx_state *st = eng_data(s);
    st->stops++;
    for (int k = 0; k < SX_SECTORS; k++) {
        st->phase = fwd(st->phase, 1);
        if (st->phase == SX_SECTORS) {
            st->cycle++;
            eng_note(s, EV_CYCLE);
        }
        for (int h = 0; h < SX_HEROES; h++)
            if (st->h[h].in && st->h[h].ko && st->h[h].sector == st->phase) {
                st->h[h].serious++;
                eng_note(s, EV_SERIOUS);
            }
        if (sector_busy(st))
            return;
    }
}

/* The figure whose turn it is in the active sector: the highest RA, an
 * enemy before a hero on equal RA; among equals the lowest number (the
 * players' choice). Returns hero h+1, group -(g+1), or 0 nobody. */
static int next_due(const sx_state *st)
{
    int best = 0, bra = -1;
    for (int g = 0; g < SX_GROUPS; g++)
        if (group_due(st, g) && st->g[g].ra > bra)
            best = -(g + 1), bra = st->g[g].ra;
    for (int h = 0; h < SX_HEROES; h++)
        if (hero_due(st, h) && st->h[h].ra > bra)
            best = h + 1, bra = st->h[h].ra;
    return best;
}

/* May figure (hero h+1 or group -(g+1)) act now: nobody before it. */
static int may_act(const sx_state *st, int who)
{
    int first = next_due(st);
    if (first == 0)
        return 0;
    int ra_first = first > 0 ? st->h[first - 1].ra : st->g[-first - 1].ra;
    if (who > 0)
        return hero_due(st, who - 1) && st->h[who - 1].ra == ra_first && first > 0;
    return group_due(st, -who - 1) && st->g[-who - 1].ra == ra_first;
}

/* ---- init ------------------------------------------------------------------------------------------- */

/* A fresh game: stand-ins for the values the cards and the mission's setup
 * give each figure, which every scenario and probe that compares one sets
 * itself; data kept apart from the rules (as nemesis keeps nm_fresh), not
 * code to mutate. The game begins in cycle 1 at
 * phase 1 of the Momentum; stops 1 because figures remember the stop they
 * acted at and 0 means never; no penalty die in the pool (-1). Heroes stand
 * in sector 1 on row 12, the enemy groups in sector 7, models on row 1. */
#define FRESH_WEAPON {.stat = S_PH, .atb = 2, .sym = SY_FAUST, .ap = 3, .min = 1, .rng = 1}
#define FRESH_HERO(X)                                                                           \
    {.ra = 5, .ph = 3, .pr = 3, .mi = 3, .he = 8, .tv = 1, .sector = 1, .x = (X), .y = 12,   \
     .w = {FRESH_WEAPON, FRESH_WEAPON}}
#define FRESH_GROUP {.ra = 5, .sector = 7, .combat = 1}
#define FRESH_MODEL(X)                                                                          \
    {.x = (X), .y = 1, .he = 3, .ca = 5, .size = Z_NORMAL, .climb = 1, .a_ap = 3, .a_min = 1,   \
     .a_rng = 1, .a_n = 2, .a_sym = SY_FAUST, .b_min = 1, .b_rng = 1, .b_n = 1, .b_sym = SY_FAUST}
static const sx_state sx_fresh = {
    .phase = 1, .cycle = 1, .stops = 1,
    .h = {FRESH_HERO(1), FRESH_HERO(2), FRESH_HERO(3), FRESH_HERO(4)},
    .g = {FRESH_GROUP, FRESH_GROUP, FRESH_GROUP, FRESH_GROUP},
    .m = {FRESH_MODEL(1), FRESH_MODEL(2), FRESH_MODEL(3), FRESH_MODEL(4),
          FRESH_MODEL(5), FRESH_MODEL(6), FRESH_MODEL(7), FRESH_MODEL(8),
          FRESH_MODEL(9), FRESH_MODEL(10), FRESH_MODEL(11), FRESH_MODEL(12)},
    .pool = {.penalty = -1},
};
_Static_assert(SX_HEROES == 4 && SX_GROUPS == 4 && SX_MODELS == 12, "sx_fresh lists every figure");

static void sx_init(void *data)
{
    memcpy(data, &sx_fresh, sizeof sx_fresh);
}

/* ---- measurements: derived keys ------------------------------------------------------------------------ */

/* Keys whose value the rules define and the engine computes (issue #10: a
 * measurement, not scaffolding): each getter below names the rule it measures. */

/* the roll's successes: the dice that show the roll's symbol (successes) */
static long get_pool_hits(const void *d, const int *idx)
{
    (void)idx;
    const sx_state *st = d;
    int n = 0;
    for (int i = 0; i < st->pool.n; i++)
        n += successes(&st->pool, i);
    return n;
}
/* turn order in the active sector: the highest RA acts first, an enemy before a hero (next_due) */
static long get_next_due(const void *d, const int *idx)
{
    (void)idx;
    return next_due(d);
}
/* the phase hand's reach: sectors from the hero's marker to the first enemy marker (first_enemy_ahead) */
static long get_first_enemy(const void *d, const int *idx)
{
    const sx_state *st = d;
    return first_enemy_ahead(st, st->h[idx[0] - 1].sector);
}
/* engagement: the enemy models adjacent to the hero (adjacent_enemies) */
static long get_engaged_adj(const void *d, const int *idx)
{
    return adjacent_enemies(d, idx[0] - 1);
}
/* a model is on the battlefield while its wounds are below its HE and its slot holds a group (model_alive) */
static long get_alive(const void *d, const int *idx)
{
    const sx_state *st = d;
    return model_alive(st, idx[0] - 1);
}
/* line of sight, hero N to model M and model N to hero M: 0 none, 1 the
 * target is in cover, 2 in clear sight */
static long get_hero_sees(const void *d, const int *idx)
{
    const sx_state *st = d;
    int h = idx[0] - 1, m = idx[1] - 1;
    return st->h[h].in && model_alive(st, m) ? hero_sees(st, h, m) : 0;
}
static long get_model_sees(const void *d, const int *idx)
{
    const sx_state *st = d;
    int m = idx[0] - 1, h = idx[1] - 1;
    return st->h[h].in && model_alive(st, m) ? model_sees(st, h, st->m[m].x, st->m[m].y) : 0;
}
/* enemy models on the battlefield (model_alive, counted) */
static long get_models(const void *d, const int *idx)
{
    const sx_state *st = d;
    (void)idx;
    int n = 0;
    for (int i = 0; i < SX_MODELS; i++)
        n += model_alive(st, i);
    return n;
}

/* ---- scaffolding: key accessors and the key table ------------------------------------------------------- */

#define HK(f, lo, hi, d) ENG_KEY_INT1("hN." #f, SX_HEROES, sx_state, h[0].f, sizeof(sx_hero), lo, hi, d)
#define GK(f, lo, hi, d) ENG_KEY_INT1("gN." #f, SX_GROUPS, sx_state, g[0].f, sizeof(sx_group), lo, hi, d)
#define MK(f, lo, hi, d) ENG_KEY_INT1("mN." #f, SX_MODELS, sx_state, m[0].f, sizeof(sx_model), lo, hi, d)
#define ME(f, nm, d) ENG_KEY_ENUM1("mN." #f, SX_MODELS, sx_state, m[0].f, sizeof(sx_model), nm, d)
/* die N of the roll in progress: beyond pool.n, lo */
#define DIE(f, l, h, doc) ENG_KEY_COUNTED("pool.N." #f, SX_POOL, sx_state, pool.d[0].f, sizeof(sx_die), pool.n, l, h, doc)
/* weapon M (1, 2) of hero N */
#define WK(f, lo_, hi_, d) ENG_KEY_SUB("hN.wM." #f, sx_state, h, w, f, ENG_INT, NULL, lo_, hi_, d)
#define WE(f, nm, d) ENG_KEY_SUB("hN.wM." #f, sx_state, h, w, f, ENG_ENUM, nm, 0, 0, d)

static const eng_key keys[] = {
    ENG_KEY_INT("phase", sx_state, phase, 1, SX_SECTORS, "the sector the phase hand (minutes) points at: the active sector"),
    ENG_KEY_INT("cycle", sx_state, cycle, 0, 99, "the cycle hand (hours)"),
    ENG_KEY_RO("next", 0, -SX_GROUPS, SX_HEROES, get_next_due, "who acts next in the active sector: hero N, group -N, 0 nobody"),
    ENG_KEY_FACES("next.dice", sx_state, next, nnext, &die_action, "action-die faces stacked for the next rolls, drawn after forced ones"),
    ENG_KEY_INT("last.hits", sx_state, last_hits, 0, 99, "symbols the last roll counted (after penalty, immunity, sustained)"),
    ENG_KEY_INT("last.wounds", sx_state, last_wounds, 0, 99, "wounds the last attack dealt"),
    ENG_KEY_INT("last.success", sx_state, last_success, 0, 1, "the last test or psionic power succeeded"),
    ENG_KEY_INT("last.dice", sx_state, last_dice, 0, 99, "dice the last attack or defence rolled at its start"),
    ENG_KEY_INT("last.cancelled", sx_state, last_cancelled, 0, 99, "symbols of the last enemy attack the defence cancelled"),
    ENG_KEY_INT("last.area", sx_state, last_area, 0, 99, "figures the last area effect hit"),
    ENG_KEY_INT("last.moved", sx_state, last_moved, 0, 999, "squares enemy models have moved (a counter)"),
    ENG_KEY_RO("models", 0, 0, SX_MODELS, get_models, "enemy models alive"),
    {.pattern = "pool.mode", .type = ENG_ENUM, .doc = "the roll in progress", .names = pool_names, .off = offsetof(sx_state, pool.mode)},
    ENG_KEY_INT("pool.n", sx_state, pool.n, 0, SX_POOL, "dice in the roll in progress"),
    DIE(face, -1, NFACES - 1, "the face index of die N of the roll (-1 none)"),
    ENG_KEY_RO("pool.hits", 0, 0, SX_POOL, get_pool_hits, "dice of the roll in progress showing its symbol"),
    {.pattern = "pool.penalty", .type = ENG_INT, .doc = "the face index of the roll's penalty die (-1 none)", .lo = -1,
     .hi = NFACES - 1, .off = offsetof(sx_state, pool.penalty), .ro = 1},
    DIE(gone, 0, 1, "die N no longer counts (penalty, immunity, kept)"),
    DIE(enemy, 0, 1, "die N was rerolled by an enemy effect"),
    DIE(hero, 0, 1, "die N was rerolled by the hero"),
    ENG_KEY_INT("ai.model", sx_state, ai_model, 0, SX_MODELS, "enemy procedures: the model"),
    ENG_KEY_INT("ai.hero", sx_state, ai_hero, 0, SX_HEROES, "hero and attack procedures: the hero"),
    ENG_KEY_INT("ai.plan", sx_state, ai_plan, 0, 12, "hero procedure: AP the hero spends waiting before he ends"),
    ENG_KEY_INT("ai.target", sx_state, ai_target, 0, SX_HEROES, "the hero an enemy chose (0 none)"),
    ENG_KEY_ENUM("ai.goal", sx_state, ai_goal, goal_names, "what an enemy goes for"),
    ENG_KEY_ENUM("ai.stat", sx_state, ai_stat, stat_names, "attack procedure: the stat rolled"),
    ENG_KEY_INT("ai.atb", sx_state, ai_atb, 0, 9, "attack procedure: the weapon's ATB"),
    ENG_KEY_ENUM("ai.sym", sx_state, ai_sym, sym_names, "attack procedure: the weapon's DMG symbol"),
    ENG_KEY_INT("ai.weak", sx_state, ai_weak, 0, 1, "attack procedure: a weak attack"),
    ENG_KEY_INT("ai.pierce", sx_state, ai_pierce, 0, 9, "attack procedure: pierce X"),
    ENG_KEY_GRID("sq.N.M.terrain", sx_state, terrain, ENG_ENUM, terrain_names, 0, 0, "the square's terrain"),
    ENG_KEY_GRID("sq.N.M.level", sx_state, level, ENG_INT, NULL, 0, 3, "the square's height level"),
    ENG_KEY_GRID("sq.N.M.loot", sx_state, loot, ENG_INT, NULL, 0, 9, "loot markers on the square"),
    HK(in, 0, 1, "the hero takes part"),
    WE(stat, stat_names, "weapon M: the stat it rolls (ph melee, pr ranged, mi psionic)"),
    WK(atb, 0, 9, "weapon M: ATB"), WE(sym, sym_names, "weapon M: DMG symbol"), WK(ap, 0, 12, "weapon M: AP"),
    WK(min, 0, 24, "weapon M: least range"), WK(rng, 0, 24, "weapon M: range"), WK(weak, 0, 1, "weapon M: weak attack"),
    WK(pierce, 0, 9, "weapon M: pierce X"), WK(sustained, 0, NSYM, "weapon M: sustained attack, symbol index + 1"),
    HK(chain, 0, 12, "AP of the chain of weapon 1 and 2 (0: no chain)"),
    HK(ra, 0, 12, "RA (speed): AP per activation and order"),
    HK(ph, 0, 9, "PH (strength)"), HK(pr, 0, 9, "PR (precision)"), HK(mi, 0, 9, "MI (willpower)"),
    HK(he, 1, 20, "HE (health): wounds that knock him out"),
    HK(wounds, 0, 20, "wound markers"),
    HK(tv, 0, 99, "threat value on his Perilum"),
    HK(sector, 1, SX_SECTORS, "the sector of his activation marker"),
    HK(ko, 0, 1, "knocked out"),
    HK(x, 1, SX_SIZE, "square, column"), HK(y, 1, SX_SIZE, "square, row"),
    HK(ap, 0, 20, "AP left in his activation"),
    HK(active, 0, 1, "his activation is going on"),
    HK(spent, 0, 20, "AP spent in this activation"),
    HK(focus_die, 0, NFACES, "the focus die kept on his weapon card (face index + 1, 0 none)"),
    HK(focused, 0, 1, "he has focused for his next attack"),
    HK(engaged, 0, 1, "the Engaged marker"),
    HK(psionic, 0, 1, "a psionic"),
    HK(oblivion, 0, 20, "oblivion markers on his hero sheet"),
    HK(oblivion_gear, 0, 20, "oblivion markers stored on equipment"),
    HK(oblivion_cards, 0, 20, "oblivion cards drawn"),
    HK(serious, 0, 20, "serious wound cards"),
    HK(rerolls, 0, 9, "reroll markers on his sheet"),
    HK(armour, 0, 9, "armour: defence dice against physical attacks"),
    HK(immune_bleed, 0, 1, "immune to bleeding"),
    HK(resources, 0, 99, "resource cards"),
    HK(order, 0, 999, "the activation (counted over the run) in which he last acted"),
    ENG_KEY_RUN("hN.*", SX_HEROES, sx_state, h[0], 0, 1, "his negative conditions (brain damage, nailed down, slowed down)",
                brain, contagion, fire, hindered, nailed, poison, slowed, stunned, hemorrhage, bleed),
    ENG_KEY_RUN("hN.*", SX_HEROES, sx_state, h[0], 0, 1, "his positive markers (+1 AP, +2 AP, psionic shell, select the side)",
                ap1, ap2, shell, speedup, impendurance, strength, endurance, concentration, selectside, resilience),
    {.pattern = "hN.sees.mM", .type = ENG_INT, .nmax = {SX_HEROES, SX_MODELS}, .lo = 0, .hi = 2, .get = get_hero_sees,
     .doc = "the hero's line of sight to model M: 0 none, 1 the model is in cover, 2 clear"},
    {.pattern = "mN.sees.hM", .type = ENG_INT, .nmax = {SX_MODELS, SX_HEROES}, .lo = 0, .hi = 2, .get = get_model_sees,
     .doc = "the model's line of sight to hero M: 0 none, 1 the hero is in cover, 2 clear"},
    ENG_KEY_RO("hN.adjacent", SX_HEROES, 0, SX_MODELS, get_engaged_adj, "enemy models adjacent to the hero"),
    ENG_KEY_RO("hN.first-enemy", SX_HEROES, -1, SX_SECTORS, get_first_enemy, "sectors from his marker to the first enemy marker (0 his own sector, -1 none)"),
    GK(ra, 1, 12, "the group's RA"),
    GK(sector, 1, SX_SECTORS, "the sector of the group's activation marker"),
    GK(combat, 0, 1, "the group is in combat (else waiting)"),
    GK(hunter, 0, 1, "predator: always in combat"),
    GK(obj_tv, 0, 99, "TV of the group's mission objective (0: none)"),
    GK(obj_x, 0, SX_SIZE, "the objective's square, column (0: none)"), GK(obj_y, 0, SX_SIZE, "the objective's square, row (0: none)"),
    GK(order, 0, 999, "the activation (counted over the run) in which it last acted"),
    MK(grp, 0, SX_GROUPS, "the model's group (0: the slot is empty)"),
    ENG_KEY_RO("mN.alive", SX_MODELS, 0, 1, get_alive, "the model is on the battlefield"),
    MK(x, 1, SX_SIZE, "square, column"), MK(y, 1, SX_SIZE, "square, row"),
    MK(he, 1, 30, "HE"), MK(wounds, 0, 30, "wound markers"), MK(pd, 0, 9, "PD"), MK(md, 0, 9, "MD"),
    MK(ca, 0, 24, "control area"),
    ME(size, size_names, "tiny, normal or big"),
    MK(runner, 0, 1, "runner"), MK(shooter, 0, 1, "shooter"), MK(climb, 0, 3, "climb X"),
    MK(boss, 0, 1, "boss or monster: immune to stun and to being moved"),
    MK(acted, 0, 1, "the Acted marker"),
    MK(a_ap, 0, 9, "first attack: AP"), MK(a_min, 0, 24, "first attack: least range"),
    MK(a_rng, 0, 24, "first attack: range"), MK(a_n, 0, 9, "first attack: DMG symbols"),
    ME(a_sym, sym_names, "first attack: DMG symbol"), ME(a_kind, kind_names, "first attack: melee, ranged, psionic"),
    MK(a_weak, 0, 1, "first attack: weak"),
    MK(c_ap, 0, 12, "chain attack: AP of both (0: no chain)"), MK(b_min, 0, 24, "second attack: least range"),
    MK(b_rng, 0, 24, "second attack: range"), MK(b_n, 0, 9, "second attack: DMG symbols"),
    ME(b_sym, sym_names, "second attack: DMG symbol"), ME(b_kind, kind_names, "second attack: kind"),
    MK(b_weak, 0, 1, "second attack: weak"),
    MK(resist, 0, NSYM, "resistance: symbol index + 1"), MK(vicious, 0, NSYM, "vicious strike: symbol index + 1"),
    MK(immune, 0, NSYM, "immunity to a symbol: index + 1"), MK(dodge, 0, 1, "dodge: the attacker rerolls one success"),
    MK(anomaly, 0, 1, "psionic anomaly"),
    ENG_KEY_RUN("mN.*", SX_MODELS, sx_state, m[0], 0, 1, "its negative conditions (soul breaker, nailed down, slowed down)",
                fire, poison, stunned, soulbreaker, bleed, hindered, nailed, slowed, hemorrhage, contagion, brain),
    MK(ap, 0, 20, "AP left in its activation"),
};

/* ---- scaffolding: action plumbing and parameters ------------------------------------------------------ */

#define ILLEGAL(...) return (snprintf(err, errlen, __VA_ARGS__), ENG_ILLEGAL)
#define P_HERO {"hero", ENG_INT, 1, SX_HEROES, 1, 0, NULL}
#define P_MODEL {"model", ENG_INT, 1, SX_MODELS, 1, 0, NULL}
#define P_XY {"x", ENG_INT, 1, SX_SIZE, 1, 1, NULL}, {"y", ENG_INT, 1, SX_SIZE, 1, 1, NULL}

/* ---- actions ------------------------------------------------------------------------------------------ */

/* The acting hero: in his activation, with the AP; the cost is raised by
 * one when slowed. Fills *cost. */
static int hero_can(sx_state *st, const eng_arg *arg, int *cost, char *err, size_t errlen)
{
    sx_hero *he = &st->h[arg[0].v - 1];
    if (!he->in)
        ILLEGAL("hero %ld takes no part", arg[0].v);
    if (!he->active)
        ILLEGAL("hero %ld is not activated", arg[0].v);
    if (he->slowed)
        (*cost)++;
    if (*cost > he->ap)
        ILLEGAL("hero %ld has %d AP, the action costs %d", arg[0].v, he->ap, *cost);
    return ENG_OK;
}

/* After an action: the activation ends when the last AP is spent. */
static int done(eng_state *s, int h)
{
    sx_state *st = eng_data(s);
    if (st->h[h].active && st->h[h].ap == 0)
        hero_end(s, h);
    return ENG_OK;
}

static int act_advance(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    (void)arg;
    if (sector_busy(d))
        ILLEGAL("the active sector still has figures to act");
    advance(s);
    return ENG_OK;
}

static int act_activate(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    for (int h = 0; h < SX_HEROES; h++)
        if (st->h[h].active)
            ILLEGAL("hero %d is still active", h + 1);
    int who = arg[0].given ? (int)arg[0].v : arg[1].given ? -(int)arg[1].v : next_due(st);
    if (who == 0 || !may_act(st, who))
        ILLEGAL("%s may not act now", who > 0 ? "that hero" : "that group");
    st->seq++;
    eng_note(s, EV_ACTIVATION);
    if (who > 0) {
        st->h[who - 1].stop = st->stops;
        st->h[who - 1].order = st->seq;
        hero_activation(s, who - 1);
        return done(s, who - 1);
    }
    st->g[-who - 1].stop = st->stops;
    st->g[-who - 1].order = st->seq;
    group_activation(s, -who - 1);
    return ENG_OK;
}

static int act_end(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    if (!st->h[arg[0].v - 1].active)
        ILLEGAL("hero %ld is not activated", arg[0].v);
    hero_end(s, (int)arg[0].v - 1);
    return ENG_OK;
}

static int act_wait(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    int cost = (int)arg[1].v, rc = hero_can(d, arg, &cost, err, errlen);
    if (rc != ENG_OK)
        return rc;
    eng_note(s, EV_WAIT);
    hero_spend(s, (int)arg[0].v - 1, cost);
    return done(s, (int)arg[0].v - 1);
}

static int act_move(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    int h = (int)arg[0].v - 1;
    sx_hero *he = &st->h[h];
    if (he->nailed)
        ILLEGAL("nailed down: no movement this activation");
    if (he->engaged)
        ILLEGAL("engaged: only a disengage moves him");
    int tx = (int)arg[1].v, ty = (int)arg[2].v;
    if (!free_square(st, tx, ty))
        ILLEGAL("square %d,%d is not free", tx, ty);
    int cost[SX_SIZE][SX_SIZE];
    paths(st, he->x, he->y, 0, he->hindered, 1, 0, cost);
    if (cost[tx - 1][ty - 1] < 0)
        ILLEGAL("square %d,%d cannot be reached", tx, ty);
    int ap = half_to_ap(cost[tx - 1][ty - 1]), rc = hero_can(st, arg, &ap, err, errlen);
    if (rc != ENG_OK)
        return rc;
    hero_spend(s, h, ap);
    if (he->ko)
        return ENG_OK;
    he->x = tx;
    he->y = ty;
    /* entering a control area brings the group into combat */
    for (int i = 0; i < SX_MODELS; i++)
        if (model_alive(st, i) && in_control(st, i, h))
            st->g[st->m[i].grp - 1].combat = 1;
    return done(s, h);
}

static int act_disengage(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    int h = (int)arg[0].v - 1;
    sx_hero *he = &st->h[h];
    if (!he->engaged)
        ILLEGAL("hero %d is not engaged", h + 1);
    int tx = (int)arg[1].v, ty = (int)arg[2].v;
    if (dist(he->x, he->y, tx, ty) != 1 || !free_square(st, tx, ty) ||
        step_cost(st, he->x, he->y, tx, ty, 0, 1) < 0)
        ILLEGAL("a disengage moves one square to a free adjacent square");
    int ap = 1, rc = hero_can(st, arg, &ap, err, errlen);
    if (rc != ENG_OK)
        return rc;
    hero_spend(s, h, ap);
    int left[SX_MODELS];
    for (int i = 0; i < SX_MODELS; i++)
        left[i] = model_alive(st, i) && dist(st->m[i].x, st->m[i].y, he->x, he->y) == 1 &&
                  dist(st->m[i].x, st->m[i].y, tx, ty) > 1;
    for (int i = 0; i < SX_MODELS; i++)
        if (left[i] && !he->ko) {
            eng_note(s, EV_FREE_ATTACK);
            enemy_attack(s, i, h, 0);
        }
    if (!he->ko) {
        he->x = tx;
        he->y = ty;
    }
    he->engaged = 0;
    return done(s, h);
}

static int act_focus(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    sx_hero *he = &st->h[arg[0].v - 1];
    if (he->focus_used)
        ILLEGAL("focus only once per activation");
    int ap = 1, rc = hero_can(st, arg, &ap, err, errlen);
    if (rc != ENG_OK)
        return rc;
    he->focus_used = he->focused = 1;
    hero_spend(s, (int)arg[0].v - 1, ap);
    return done(s, (int)arg[0].v - 1);
}

/* attack hero= model= weapon= chain= strength= focus=: the hero attacks
 * with weapon 1 or 2; chain=1 with weapon 1 pays the chain's AP, and the
 * second attack then follows with chain=1 on the same target at no cost. */
static int act_attack(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    int h = (int)arg[0].v - 1, m = (int)arg[1].v - 1, wi = (int)arg[2].v - 1, chain = (int)arg[3].v;
    sx_hero *he = &st->h[h];
    sx_model *mo = &st->m[m];
    /* weapon 0: bare fists, a weak PH attack for 3 AP at range 1 */
    const sx_weapon fists = {S_PH, 0, SY_FAUST, 3, 1, 1, 1, 0, 0};
    const sx_weapon *w = wi < 0 ? &fists : &he->w[wi];
    if (!model_alive(st, m))
        ILLEGAL("model %d is not on the battlefield", m + 1);
    if (st->pool.mode != P_NONE)
        ILLEGAL("a roll is still open: resolve it first");
    int dd = dist(he->x, he->y, mo->x, mo->y);
    if (dd < w->min || dd > w->rng)
        ILLEGAL("model %d is %d squares away, out of range %d-%d", m + 1, dd, w->min, w->rng);
    if (hero_sees(st, h, m) == 0)
        ILLEGAL("hero %d has no line of sight to model %d", h + 1, m + 1);
    if (arg[4].v && (he->strength == 0 || w->stat != S_PH))
        ILLEGAL("no strength marker, or not a melee attack");
    int ap = w->ap;
    if (chain && (he->chain == 0 || wi < 0))
        ILLEGAL("the weapon has no chain attack");
    if (chain && wi == 0) {
        ap = he->chain;
        if (dd < he->w[1].min || dd > he->w[1].rng)
            ILLEGAL("a chain attack needs a target valid for both attacks");
    }
    if (chain && wi == 1) {
        if (he->chain_model != m + 1)
            ILLEGAL("the chain's second attack goes to the first one's target");
        ap = 0;
    }
    if (ap > 0)
        ap -= he->speedup ? 1 : 0;
    int rc = ap > 0 ? hero_can(st, arg, &ap, err, errlen) : ENG_OK;
    if (rc != ENG_OK)
        return rc;
    he->chain_model = chain && wi == 0 ? m + 1 : 0;
    if (ap > 0)
        hero_spend(s, h, ap);
    if (he->ko || !model_alive(st, m))
        return done(s, h);
    if (arg[4].v)
        he->strength = 0;
    attack_roll(s, h, m, w->stat, w->atb, w->sym, w->weak, w->pierce, w->sustained, (int)arg[4].v,
                (int)arg[5].v);
    if (dd == 1)
        he->engaged = 1;
    return ENG_OK;
}

/* Hero effects on the open roll: die= rerolled with a reroll marker (or
 * free=1: the weapon's or a poisoned target's reroll), each die once. */
static int act_reroll(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    sx_pool *p = &st->pool;
    int i = (int)arg[1].v - 1;
    if (p->mode == P_NONE || p->hero != arg[0].v - 1)
        ILLEGAL("no open roll of hero %ld", arg[0].v);
    if (i >= p->n)
        ILLEGAL("the roll has %d dice", p->n);
    if (p->d[i].hero)
        ILLEGAL("die %d was rerolled by the hero already", i + 1);
    /* immunity: "Würfel mit diesem Symbol fallen aus dem Angriffswurf" — a
     * die out of the roll is no die to reroll (the attack procedure skips
     * it too) */
    if (p->d[i].gone)
        ILLEGAL("die %d fell out of the roll", i + 1);
    sx_hero *he = &st->h[p->hero];
    if (!arg[2].v) {
        if (he->rerolls == 0)
            ILLEGAL("no reroll marker");
        he->rerolls--;
    }
    p->d[i].face = roll(s, &die_action);
    p->d[i].hero = 1;
    eng_note(s, EV_HERO_REROLL);
    return ENG_OK;
}

static int act_select_side(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    (void)s;
    sx_state *st = d;
    sx_pool *p = &st->pool;
    int i = (int)arg[1].v - 1;
    sx_hero *he = &st->h[arg[0].v - 1];
    if (p->mode == P_NONE || p->hero != arg[0].v - 1 || i >= p->n || !he->selectside)
        ILLEGAL("no open roll, no such die or no select-the-side marker");
    he->selectside = 0;
    p->d[i].face = (int)arg[2].v;
    return ENG_OK;
}

static int act_resolve(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    sx_pool *p = &st->pool;
    if (p->mode == P_NONE)
        ILLEGAL("no open roll");
    int h = p->hero;
    if (arg[0].v && (p->mode != P_ATTACK || !st->h[h].focused || st->h[h].focus_die || arg[0].v > p->n))
        ILLEGAL("keep= needs a focused attack, a die of the roll and a free weapon card");
    if (p->mode == P_ATTACK) {
        st->h[h].focused = 0;
        attack_resolve(s, (int)arg[0].v);
    } else if (p->mode == P_DEFEND) {
        defend_resolve(s);
    } else {
        int got = pool_count(s);
        st->last_success = got >= p->need;
        if (p->mode == P_POWER && st->last_success && p->model >= 0 && p->fixed > 0) {
            int w = p->fixed - st->m[p->model].md;
            st->last_wounds = w > 0 ? w : 0;
            model_wounds(s, p->model, st->last_wounds, h);
        }
        p->mode = P_NONE;
    }
    return done(s, h);
}

/* enemy-attack model= hero= second= bonus=: the hero's defence roll is left
 * open for his effects; resolve ends it. */
static int act_enemy_attack(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    int m = (int)arg[0].v - 1, h = (int)arg[1].v - 1;
    if (!model_alive(st, m) || !st->h[h].in)
        ILLEGAL("model %d is not on the battlefield or hero %d takes no part", m + 1, h + 1);
    if (st->h[h].ko)
        ILLEGAL("a knocked-out hero cannot be attacked");
    if (st->pool.mode != P_NONE)
        ILLEGAL("a roll is still open");
    if (arg[2].v && st->m[m].c_ap == 0)
        ILLEGAL("model %d has no chained second attack", m + 1);
    int bonus = (int)arg[3].v;
    sx_hero *he = &st->h[h];
    int physical = (arg[2].v ? st->m[m].b_kind : st->m[m].a_kind) != K_PSIONIC;
    if (arg[4].v == 1 && physical && he->endurance)
        he->endurance = 0, bonus += 1;
    if (arg[4].v == 2 && physical && he->impendurance)
        he->impendurance = 0, bonus += 2;
    defend_roll(s, m, h, (int)arg[2].v, bonus);
    return ENG_OK;
}

static int act_engage(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    (void)s;
    sx_state *st = d;
    sx_model *mo = &st->m[arg[0].v - 1];
    sx_hero *he = &st->h[arg[1].v - 1];
    if (!model_alive(st, (int)arg[0].v - 1) || dist(mo->x, mo->y, he->x, he->y) != 1 || he->ko)
        ILLEGAL("only an adjacent enemy engages a standing hero");
    if (mo->ap < 1)
        ILLEGAL("model %ld has no AP", arg[0].v);
    mo->ap--;
    he->engaged = 1;
    return ENG_OK;
}

/* power hero= ap= oblivion= need= model= damage=: a psionic power: pay the
 * AP, take the oblivion markers, roll MI for need mind symbols (psionic
 * anomaly within 5 squares rerolls every success); resolve applies it. */
static int act_power(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    int h = (int)arg[0].v - 1, m = (int)arg[4].v - 1;
    sx_hero *he = &st->h[h];
    if (!he->psionic)
        ILLEGAL("hero %d is not a psionic", h + 1);
    if (st->pool.mode != P_NONE)
        ILLEGAL("a roll is still open");
    if (m >= 0 && !model_alive(st, m))
        ILLEGAL("model %d is not on the battlefield", m + 1);
    int ap = (int)arg[1].v, rc = hero_can(st, arg, &ap, err, errlen);
    if (rc != ENG_OK)
        return rc;
    hero_spend(s, h, ap);
    if (he->ko)
        return done(s, h);
    he->oblivion += (int)arg[2].v;
    pool_roll(s, he->mi - (he->poison ? 1 : 0));
    sx_pool *p = &st->pool;
    p->mode = P_POWER;
    p->hero = h;
    p->model = m;
    p->sym = SY_VERSTAND;
    p->need = (int)arg[3].v;
    p->fixed = (int)arg[5].v;
    p->sustained = 0;
    pool_penalty(s, h);
    for (int i = 0; i < SX_MODELS; i++)
        if (st->m[i].anomaly && model_alive(st, i) && dist(st->m[i].x, st->m[i].y, he->x, he->y) <= 5) {
            for (int k = 0; k < p->n; k++)
                if (successes(p, k))
                    enemy_reroll(s, k);
            break;
        }
    return ENG_OK;
}

static int act_meditate(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    sx_hero *he = &st->h[arg[0].v - 1];
    if (!he->psionic)
        ILLEGAL("only a psionic meditates");
    int ap = 3, rc = hero_can(st, arg, &ap, err, errlen);
    if (rc != ENG_OK)
        return rc;
    hero_spend(s, (int)arg[0].v - 1, ap);
    he->oblivion = 0;
    return done(s, (int)arg[0].v - 1);
}

static int act_pickup(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    int h = (int)arg[0].v - 1, x = (int)arg[1].v, y = (int)arg[2].v;
    sx_hero *he = &st->h[h];
    int dd = dist(he->x, he->y, x, y);
    if (dd > 1 || (dd == 1 && !free_square(st, x, y)) || st->loot[x - 1][y - 1] == 0)
        ILLEGAL("no loot on his own or a free adjacent square");
    int ap = 1, rc = hero_can(st, arg, &ap, err, errlen);
    if (rc != ENG_OK)
        return rc;
    hero_spend(s, h, ap);
    st->loot[x - 1][y - 1]--;
    he->resources++;
    eng_note(s, EV_RESOURCE);
    return done(s, h);
}

static int act_interact(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    int h = (int)arg[0].v - 1, x = (int)arg[2].v, y = (int)arg[3].v;
    sx_hero *he = &st->h[h];
    if (dist(he->x, he->y, x, y) != 1 || !free_square(st, x, y))
        ILLEGAL("the object must be on a free adjacent square");
    int ap = (int)arg[1].v, rc = hero_can(st, arg, &ap, err, errlen);
    if (rc != ENG_OK)
        return rc;
    hero_spend(s, h, ap);
    return done(s, h);
}

static int act_exchange(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    (void)s;
    sx_state *st = d;
    sx_hero *a = &st->h[arg[0].v - 1], *b = &st->h[arg[1].v - 1];
    if (!a->active || a->resources == 0 || dist(a->x, a->y, b->x, b->y) != 1 || !b->in)
        ILLEGAL("a resource card goes to an adjacent hero during the giver's activation");
    a->resources--;
    b->resources++;
    return ENG_OK;
}

static int act_extinguish(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    sx_hero *he = &st->h[arg[0].v - 1];
    if (!he->fire)
        ILLEGAL("hero %ld is not on fire", arg[0].v);
    int ap = 1, rc = hero_can(st, arg, &ap, err, errlen);
    if (rc != ENG_OK)
        return rc;
    hero_spend(s, (int)arg[0].v - 1, ap);
    if (shows(roll(s, &die_action), SY_FIRE_OUT))
        he->fire = 0;
    return done(s, (int)arg[0].v - 1);
}

/* heal hero= by= amount=: a healed hero loses wound markers (the healer's
 * TV rises by 1); a knocked-out one comes back, his marker in the sector
 * after the active one. */
static int act_heal(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    int h = (int)arg[0].v - 1, by = (int)arg[1].v - 1;
    sx_hero *he = &st->h[h];
    if (he->wounds == 0)
        ILLEGAL("hero %d has no wounds", h + 1);
    int n = (int)arg[2].v < he->wounds ? (int)arg[2].v : he->wounds;
    he->wounds -= n;
    if (by >= 0)
        tv_add(st, by, 1);
    if (he->ko) {
        he->ko = 0;
        he->sector = fwd(st->phase, 1);
        eng_note(s, EV_REVIVE);
    }
    return ENG_OK;
}

/* wound hero= n= / wound model= n= by=: wounds from outside an attack */
static int act_wound(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    if (arg[0].v > 0) {
        if (st->h[arg[0].v - 1].ko)
            ILLEGAL("hero %ld is knocked out", arg[0].v);
        hero_wounds(s, (int)arg[0].v - 1, (int)arg[2].v);
    } else if (arg[1].v > 0) {
        if (!model_alive(st, (int)arg[1].v - 1))
            ILLEGAL("model %ld is not on the battlefield", arg[1].v);
        model_wounds(s, (int)arg[1].v - 1, (int)arg[2].v, (int)arg[3].v - 1);
    } else {
        return (snprintf(err, errlen, "wound: hero= or model="), ENG_ERROR);
    }
    return ENG_OK;
}

/* condition hero=|model= name=: gives a condition marker (once per figure;
 * a boss or monster is immune to stun). */
static const char *const cond_names[] = {"brain", "contagion", "fire", "hindered", "nailed", "poison", "slowed",
                                         "stunned", "hemorrhage", "bleed", "soulbreaker", NULL};
static int act_condition(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    (void)s;
    sx_state *st = d;
    int c = (int)arg[2].v;
    if (arg[0].v > 0) {
        sx_hero *he = &st->h[arg[0].v - 1];
        int *f[] = {&he->brain, &he->contagion, &he->fire, &he->hindered, &he->nailed, &he->poison,
                    &he->slowed, &he->stunned, &he->hemorrhage, &he->bleed, NULL};
        if (!f[c] || he->ko)
            ILLEGAL("a hero cannot get that marker now");
        if (c == 9 && he->immune_bleed)
            ILLEGAL("immune to bleeding");
        *f[c] = 1;
        return ENG_OK;
    }
    if (arg[1].v > 0) {
        sx_model *mo = &st->m[arg[1].v - 1];
        int *f[] = {&mo->brain, &mo->contagion, &mo->fire, &mo->hindered, &mo->nailed, &mo->poison,
                    &mo->slowed, &mo->stunned, &mo->hemorrhage, &mo->bleed, &mo->soulbreaker};
        if (c == 7 && mo->boss)
            ILLEGAL("bosses and monsters are immune to stun");
        /* by= (the hero who broke its soul) is not kept: he alone plays the
         * broken enemy's special activation, which this engine does not
         * (the summary's gap), and nothing else asks who it was */
        *f[c] = 1;
        return ENG_OK;
    }
    return (snprintf(err, errlen, "condition: hero= or model="), ENG_ERROR);
}

/* token hero= name= n=: gives positive markers, each kept within its limit
 * (reroll markers at most 3, the others at most 1). */
static const char *const token_names[] = {"reroll", "ap1", "ap2", "shell", "speedup", "impendurance",
                                          "strength", "endurance", "concentration", "selectside",
                                          "resilience", NULL};
static int act_token(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    (void)s, (void)err, (void)errlen;
    sx_state *st = d;
    sx_hero *he = &st->h[arg[0].v - 1];
    int *f[] = {&he->rerolls, &he->ap1, &he->ap2, &he->shell, &he->speedup, &he->impendurance,
                &he->strength, &he->endurance, &he->concentration, &he->selectside, &he->resilience};
    int c = (int)arg[1].v, cap = c == 0 ? 3 : 1;
    *f[c] += (int)arg[2].v;
    if (*f[c] > cap)
        *f[c] = cap;
    return ENG_OK;
}

/* area hero= shape= x= y= n= stat= atb= sym= ap=: an area attack of the
 * hero with its main target square x,y: one roll, its hits less each
 * enemy's PD (MD against a psionic weapon) on every enemy in the squares
 * (a wave: one roll per enemy); another hero in the squares takes
 * collateral damage: he rolls his defence dice against that kind of
 * attack, each defence symbol cancelling a wound. An aura is never an
 * attack. */
static int area_square(const sx_state *st, int shape, int ox, int oy, int tx, int ty, int n, int x, int y)
{
    int dx = tx - ox, dy = ty - oy;
    /* the direction from the user to the target, on its longer axis */
    int ux = abs(dx) >= abs(dy) ? (dx > 0) - (dx < 0) : 0, uy = ux ? 0 : (dy > 0) - (dy < 0);
    int rx = x - tx, ry = y - ty;
    int along = rx * ux + ry * uy, across = rx * uy - ry * ux;
    (void)st;
    switch (shape) {
    case A_EXPLOSION: return abs(rx) <= 1 && abs(ry) <= 1;
    case A_CROSS: return abs(rx) + abs(ry) <= 1;
    case A_LANCE: return across == 0 && along >= 0 && along <= 3;
    case A_BLOW: return (rx == 0 && ry == 0) || (along == 1 && abs(across) <= 1);
    case A_SWEEP: return along == 0 && abs(across) <= 1;
    case A_WAVE:
    case A_AURA: return dist(x, y, ox, oy) <= n && !(x == ox && y == oy);
    default: return 0;
    }
}

/* The attack roll of hero h's area attack with weapon wp: its hits. */
static int area_roll(eng_state *s, int h, const sx_weapon *wp)
{
    sx_state *st = eng_data(s);
    const sx_hero *he = &st->h[h];
    pool_roll(s, stat_of(he, wp->stat) + wp->atb - (he->poison ? 1 : 0));
    st->pool.sym = wp->sym;
    st->pool.sustained = 0;
    pool_penalty(s, h);
    return pool_count(s);
}

static int act_area(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    int h = (int)arg[0].v - 1, shape = (int)arg[1].v;
    sx_hero *he = &st->h[h];
    int tx = (int)arg[2].v, ty = (int)arg[3].v, n = (int)arg[4].v;
    if (shape == A_AURA)
        ILLEGAL("an aura is never an attack");
    /* a wave spreads from the attacker: area_square reads no main target */
    if (shape != A_WAVE && tx == he->x && ty == he->y)
        ILLEGAL("the main target is another square");
    if (shape == A_SWEEP && dist(he->x, he->y, tx, ty) != 1)
        ILLEGAL("a sweep's main target is adjacent to the attacker");
    if (arg[5].v == 0)
        ILLEGAL("bare fists have no area effect");
    const sx_weapon *wp = &he->w[arg[5].v - 1];
    int ap = wp->ap, rc = hero_can(st, arg, &ap, err, errlen);
    if (rc != ENG_OK)
        return rc;
    if (st->pool.mode != P_NONE)
        ILLEGAL("a roll is still open");
    hero_spend(s, h, ap);
    if (he->ko)
        return done(s, h);
    int hits = -1, kind = wp->stat == S_MI ? K_PSIONIC : K_MELEE;
    st->last_area = 0;
    for (int i = 0; i < SX_MODELS; i++) {
        sx_model *mo = &st->m[i];
        if (!model_alive(st, i) || !area_square(st, shape, he->x, he->y, tx, ty, n, mo->x, mo->y))
            continue;
        st->last_area++;
        if (hits < 0 || shape == A_WAVE)
            hits = area_roll(s, h, wp);
        int w = hits - (kind == K_PSIONIC ? mo->md : mo->pd);
        model_wounds(s, i, w > 0 ? w : 0, h);
    }
    for (int o = 0; o < SX_HEROES; o++) {
        sx_hero *other = &st->h[o];
        if (o == h || !st->h[o].in || other->ko || !area_square(st, shape, he->x, he->y, tx, ty, n, other->x, other->y))
            continue;
        st->last_area++;
        if (hits < 0)
            hits = area_roll(s, h, wp);
        pool_roll(s, defence_dice(other, kind));
        st->pool.sym = SY_VERTEIDIGUNG;
        int saved = pool_count(s), w = hits - saved;
        hero_wounds(s, o, w > 0 ? w : 0);
    }
    /* no roll is left open: the action began with none, and pool_roll
     * leaves the mode alone */
    return done(s, h);
}

/* hit model= target= second=: model's attack (its first, or second=1 its
 * chained one) hits another enemy model (collateral damage, a forced
 * attack): nothing cancels its DMG symbols, the target's PD (MD against a
 * psionic attack) is taken off as usual; no hero's TV changes. */
static int act_hit(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    sx_state *st = d;
    int m = (int)arg[0].v - 1, t = (int)arg[1].v - 1, second = (int)arg[2].v;
    const sx_model *mo = &st->m[m];
    sx_model *to = &st->m[t];
    if (!model_alive(st, m) || !model_alive(st, t) || m == t)
        ILLEGAL("hit: two different models on the battlefield");
    if (second && mo->c_ap == 0)
        ILLEGAL("model %d has no chained second attack", m + 1);
    int dd = dist(mo->x, mo->y, to->x, to->y);
    if (!in_range(dd, second ? mo->b_min : mo->a_min, second ? mo->b_rng : mo->a_rng))
        ILLEGAL("model %d is out of the attack's range", t + 1);
    int kind = second ? mo->b_kind : mo->a_kind, n = second ? mo->b_n : mo->a_n;
    int w = n - (kind == K_PSIONIC ? to->md : to->pd);
    st->last_wounds = w > 0 ? w : 0;
    model_wounds(s, t, st->last_wounds, -1);
    return ENG_OK;
}

/* place hero= x= y= / place model= x= y=: puts a figure on a square. */
static int act_place(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    (void)s;
    sx_state *st = d;
    int x = (int)arg[2].v, y = (int)arg[3].v;
    if (!free_square(st, x, y))
        ILLEGAL("square %d,%d is taken", x, y);
    if (arg[0].v > 0) {
        st->h[arg[0].v - 1].x = x, st->h[arg[0].v - 1].y = y;
    } else if (arg[1].v > 0) {
        st->m[arg[1].v - 1].x = x, st->m[arg[1].v - 1].y = y;
    } else {
        return (snprintf(err, errlen, "place: hero= or model="), ENG_ERROR);
    }
    update_engaged(st);
    return ENG_OK;
}

/* ---- scaffolding: the action table ------------------------------------------------------------------- */

#define P_AP(def) {"ap", ENG_INT, 0, 12, def, 0, NULL}
#define P_WEAPON {"weapon", ENG_INT, 0, 2, 1, 0, NULL}
/* hero= or model=, of the actions that take either */
#define P_EITHER {"hero", ENG_INT, 0, SX_HEROES, 0, 0, NULL}, {"model", ENG_INT, 0, SX_MODELS, 0, 0, NULL}
static const eng_action actions[] = {
    {"advance", "the phase hand moves on to the next sector holding a marker", {{NULL}}, act_advance, NULL},
    {"activate", "activates who is due in the active sector: hero= or group= (default: the first in order)",
     {{"hero", ENG_INT, 1, SX_HEROES, 0, 0, NULL}, {"group", ENG_INT, 1, SX_GROUPS, 0, 0, NULL}}, act_activate, NULL},
    {"end", "the hero ends his activation (time shift, end effects)", {P_HERO}, act_end, NULL},
    {"wait", "the hero waits ap= AP", {P_HERO, {"ap", ENG_INT, 1, 12, 1, 0, NULL}}, act_wait, NULL},
    {"move", "the hero moves to square x,y by the cheapest path", {P_HERO, P_XY}, act_move, NULL},
    {"disengage", "the engaged hero steps to the adjacent square x,y", {P_HERO, P_XY}, act_disengage, NULL},
    {"focus", "the hero focuses (1 AP, once per activation)", {P_HERO}, act_focus, NULL},
    {"attack", "the hero attacks model= with weapon= (chain=1: the chain attack; strength=1, focus=1: use them)",
     {P_HERO, P_MODEL, P_WEAPON, ENG_FLAG("chain"), ENG_FLAG("strength"), ENG_FLAG("focus")}, act_attack, NULL},
    {"reroll", "the hero rerolls die= of his open roll with a reroll marker (free=1: an ability's)",
     {P_HERO, {"die", ENG_INT, 1, SX_POOL, 1, 1, NULL}, ENG_FLAG("free")}, act_reroll, NULL},
    {"select-side", "the select-the-side marker turns die= to face= (index)",
     {P_HERO, {"die", ENG_INT, 1, SX_POOL, 1, 1, NULL}, {"face", ENG_INT, 0, NFACES - 1, 0, 1, NULL}},
     act_select_side, NULL},
    {"resolve", "ends the open roll (keep=N: a focused hero keeps die N on his weapon card)",
     {{"keep", ENG_INT, 0, SX_POOL, 0, 0, NULL}}, act_resolve, NULL},
    {"enemy-attack", "model= attacks hero= (second=1: its chained attack); bonus= defence dice; use=1 endurance, 2 improved endurance",
     {P_MODEL, P_HERO, ENG_FLAG("second"), {"bonus", ENG_INT, 0, 9, 0, 0, NULL}, {"use", ENG_INT, 0, 2, 0, 0, NULL}},
     act_enemy_attack, NULL},
    {"engage", "model= spends 1 AP to engage the adjacent hero=", {P_MODEL, P_HERO}, act_engage, NULL},
    {"power", "the psionic hero uses a power: ap= oblivion= need= (mind symbols) model= damage=",
     {P_HERO, P_AP(2), {"oblivion", ENG_INT, 0, 9, 1, 0, NULL}, {"need", ENG_INT, 0, 9, 1, 0, NULL},
      {"model", ENG_INT, 0, SX_MODELS, 0, 0, NULL}, {"damage", ENG_INT, 0, 9, 0, 0, NULL}},
     act_power, NULL},
    {"meditate", "the psionic meditates (3 AP): his oblivion markers go", {P_HERO}, act_meditate, NULL},
    {"pickup", "the hero picks up loot on square x,y", {P_HERO, P_XY}, act_pickup, NULL},
    {"interact", "the hero interacts (ap=) with an object on the adjacent square x,y", {P_HERO, P_AP(1), P_XY}, act_interact, NULL},
    {"exchange", "the active hero gives a resource card to the adjacent hero to=",
     {P_HERO, {"to", ENG_INT, 1, SX_HEROES, 1, 1, NULL}}, act_exchange, NULL},
    {"extinguish", "the hero on fire spends 1 AP and rolls to put it out", {P_HERO}, act_extinguish, NULL},
    {"heal", "hero= loses amount= wounds, healed by hero by= (0 none)",
     {P_HERO, {"by", ENG_INT, 0, SX_HEROES, 0, 0, NULL}, {"amount", ENG_INT, 1, 9, 1, 0, NULL}}, act_heal, NULL},
    {"wound", "n= wounds to hero= or model= (by=: the hero who dealt them)",
     {P_EITHER, {"n", ENG_INT, 1, 20, 1, 0, NULL}, {"by", ENG_INT, 0, SX_HEROES, 0, 0, NULL}}, act_wound, NULL},
    {"condition", "gives hero= or model= the negative condition name= (by=: accepted for older scenarios, not kept: the hero's activation of a broken enemy is a gap of the summary)",
     {P_EITHER, {"name", ENG_ENUM, 0, 0, 0, 1, cond_names}, {"by", ENG_INT, 0, SX_HEROES, 0, 0, NULL}},
     act_condition, NULL},
    {"token", "gives hero= n= positive markers name=",
     {P_HERO, {"name", ENG_ENUM, 0, 0, 0, 1, token_names}, {"n", ENG_INT, 1, 9, 1, 0, NULL}}, act_token, NULL},
    {"area", "the hero's area attack with weapon=: shape= x= y= (main target) n= (wave X)",
     {P_HERO, {"shape", ENG_ENUM, 0, 0, 0, 1, area_names}, {"x", ENG_INT, 1, SX_SIZE, 1, 0, NULL},
      {"y", ENG_INT, 1, SX_SIZE, 1, 0, NULL}, {"n", ENG_INT, 0, 12, 1, 0, NULL}, P_WEAPON},
     act_area, NULL},
    {"hit", "model= hits the enemy model target= with its attack (second=1: its chained one): collateral damage",
     {P_MODEL, {"target", ENG_INT, 1, SX_MODELS, 1, 1, NULL}, ENG_FLAG("second")}, act_hit, NULL},
    {"place", "puts hero= or model= on square x,y", {P_EITHER, P_XY}, act_place, NULL},
};

/* ---- procedures: run on a state, their steps marked (eng_sinetempore.h) ----------------------------- */

/* The enemy model (index) the procedure's question names, ai.model, or -1
 * when it names none on the battlefield. */
static int asked_model(const sx_state *st)
{
    int m = st->ai_model - 1;
    return m >= 0 && model_alive(st, m) ? m : -1;
}

/* The hero (index) the question names, ai.hero, or -1 when it names none in
 * play: not in the game, or knocked out (who acts no more). */
static int asked_hero(const sx_state *st)
{
    int h = st->ai_hero - 1;
    return h >= 0 && st->h[h].in && !st->h[h].ko ? h : -1;
}

/* Plays body for who (a model or a hero, as the question names it) with
 * the steps of procedure proc marked; -1 when the question names nobody. As
 * nemesis's run_as: the guard and the marking once for every procedure. */
static int run_as(eng_state *s, int proc, int who, void (*body)(eng_state *, int))
{
    if (who < 0)
        return -1;
    sx_state *st = eng_data(s);
    st->proc = proc;
    body(s, who);
    st->proc = PR_NONE;
    return 0;
}

int eng_sinetempore_run_target(eng_state *s)
{
    return run_as(s, PR_TARGET, asked_model(eng_cdata(s)), choose_target);
}

/* One model's activation, as its group's activation plays it. */
static void body_enemy(eng_state *s, int m)
{
    sx_state *st = eng_data(s);
    sx_model *mo = &st->m[m];
    if (mo->acted) {
        mo->acted = 0;
        step(s, PR_ENEMY, "sinetempore.enemy.acted");
    } else if (!st->g[mo->grp - 1].combat && !st->g[mo->grp - 1].hunter) {
        step(s, PR_ENEMY, "sinetempore.enemy.waiting");
    } else {
        enemy_turn(s, m);
    }
}

int eng_sinetempore_run_enemy(eng_state *s)
{
    return run_as(s, PR_ENEMY, asked_model(eng_cdata(s)), body_enemy);
}

/* How a model that goes for a hero moves and attacks (its activation
 * played, only those steps marked). */
int eng_sinetempore_run_enemy_attack(eng_state *s)
{
    return run_as(s, PR_ENEMY_ATTACK, asked_model(eng_cdata(s)), enemy_turn);
}

/* A hero's marker phase and his AP. */
int eng_sinetempore_run_hero(eng_state *s)
{
    return run_as(s, PR_HERO, asked_hero(eng_cdata(s)), hero_activation);
}

/* The end of a hero's marker phase: oblivion test, stun, his AP. */
int eng_sinetempore_run_hero_oblivion(eng_state *s)
{
    return run_as(s, PR_HERO_OBLIVION, asked_hero(eng_cdata(s)), hero_activation);
}

/* The rest of a hero's activation, once his marker phase is played: ai.plan
 * AP spent waiting, time shift, the end. */
static void body_hero_end(eng_state *s, int h)
{
    sx_state *st = eng_data(s);
    if (st->h[h].active) {
        int plan = st->ai_plan < st->h[h].ap ? st->ai_plan : st->h[h].ap;
        if (plan > 0)
            hero_spend(s, h, plan);
        step(s, PR_HERO_END, "sinetempore.hero.actions");
        hero_end(s, h);
    }
}

int eng_sinetempore_run_hero_end(eng_state *s)
{
    int h = asked_hero(eng_cdata(s));
    if (h >= 0)
        hero_activation(s, h);   /* the marker phase: not this procedure's steps */
    return run_as(s, PR_HERO_END, h, body_hero_end);
}

/* A hero's attack step by step: ai.hero attacks ai.model with ai.stat,
 * ai.atb, ai.sym (ai.weak, ai.pierce); the hero spends his reroll markers
 * on dice that fail. */
static void body_attack(eng_state *s, int h)
{
    sx_state *st = eng_data(s);
    int m = st->ai_model - 1;
    sx_hero *he = &st->h[h];
    sx_model *mo = &st->m[m];
    int n = stat_of(he, st->ai_stat) + st->ai_atb - (he->poison ? 1 : 0) + (mo->size == Z_BIG ? 1 : 0);
    pool_roll(s, n);
    sx_pool *p = &st->pool;
    p->mode = P_ATTACK;
    p->hero = h;
    p->model = m;
    p->sym = st->ai_sym;
    p->weak = st->ai_weak;
    p->pierce = st->ai_pierce;
    p->sustained = 0;
    p->kind = st->ai_stat == S_MI ? K_PSIONIC : st->ai_stat == S_PR ? K_RANGED : K_MELEE;
    pool_penalty(s, h);
    step(s, PR_ATTACK, "sinetempore.attack.dice");
    int cover = target_in_cover(st, h, m, p->kind);
    if (mo->immune || mo->resist || mo->dodge || cover) {
        enemy_effects_attack(s, m, cover);
        step(s, PR_ATTACK, "sinetempore.attack.enemy-effects");
    }
    if (he->rerolls > 0) {
        for (int i = 0; i < p->n && he->rerolls > 0; i++)
            if (!p->d[i].gone && !successes(p, i) && !p->d[i].hero) {
                he->rerolls--;
                p->d[i].face = roll(s, &die_action);
                p->d[i].hero = 1;
                eng_note(s, EV_HERO_REROLL);
            }
        step(s, PR_ATTACK, "sinetempore.attack.hero-rerolls");
    }
    if (p->penalty >= 0) {
        for (int i = 0; i < p->n; i++)
            if (!p->d[i].gone && p->d[i].face == p->penalty) {
                p->d[i].gone = 1;
                break;
            }
        p->penalty = -1;
        step(s, PR_ATTACK, "sinetempore.attack.penalty");
    }
    pool_count(s);
    step(s, PR_ATTACK, "sinetempore.attack.compare");
    int def = (p->kind == K_PSIONIC ? mo->md : mo->pd) - p->pierce;
    int w = st->last_hits - (def > 0 ? def : 0);
    st->last_wounds = w > 0 ? w : 0;
    step(s, PR_ATTACK, "sinetempore.attack.defence");
    if (p->weak) {
        if (st->last_wounds > 1)
            st->last_wounds = 1;
        step(s, PR_ATTACK, "sinetempore.attack.weak");
    }
    p->mode = P_NONE;
    model_wounds(s, m, st->last_wounds, h);
    step(s, PR_ATTACK, "sinetempore.attack.wounds");
}

int eng_sinetempore_run_attack(eng_state *s)
{
    const sx_state *st = eng_cdata(s);
    return run_as(s, PR_ATTACK, asked_model(st) < 0 ? -1 : asked_hero(st), body_attack);
}

/* ---- scaffolding: the game declaration ---------------------------------------------------------------- */

/* The statuses of the cards, by their ids: sinetempore.KIND.NAME */
static const char *const sx_status_names[] = {
    "brain-damage", "contagion", "fire", "hindered", "nailed-down", "poison", "slowed", "soul-breaker", "stunned",
    "hemorrhage", "ap-1", "ap-2", "psionic-shell", "speed-up", "improved-endurance", "strength", "endurance",
    "concentration", "select-side", "resilience", NULL};
static const char *const sx_marker_names[] = {"bleed", "wound-1", "wound-3", "engaged", "loot", "oblivion", "acted",
                                              "objective", "reroll", NULL};
static const eng_status_set sx_statuses[] = {{"status", sx_status_names}, {"marker", sx_marker_names},
                                             {"area", area_names}, {"die", sym_names},
                                             {"die", (const char *const[]){"penalty", NULL}}, {NULL, NULL}};


/* The shapes of act_area for the cards' grids: the same area_square, so a
 * drawn grid is checked against what the attack hits. */
static int sx_area(const char *status, int n, int ox, int oy, int tx, int ty, int x, int y)
{
    int shape = eng_status_index(&eng_sinetempore_game, "area", status);
    return shape < 0 ? -1 : area_square(NULL, shape, ox, oy, tx, ty, n, x, y);
}

const eng_game eng_sinetempore_game = {
    .id = "sinetempore", .name = "Sine Tempore",
    .state_size = sizeof(sx_state), .init = sx_init,
    .keys = keys, .nkeys = ENG_COUNT(keys), .actions = actions, .nactions = ENG_COUNT(actions),
    .events = events, .dice = sx_dice, .status_sets = sx_statuses,
    .facts = eng_sinetempore_facts, .nfacts = ENG_SINETEMPORE_NFACTS, .ais = eng_sinetempore_ais,
    .nais = ENG_SINETEMPORE_NAIS, .sim = NULL, .area = sx_area,
};
