/* eng_overmind.c — the rules of the heroes-versus-Overmind miniatures game,
 * as the German player aid (seeds/001) states them: combat dice, units and
 * their defence, hero and alien actions, statuses, levels, the Overmind's
 * points, cards, blip tokens and markers, mission end, the campaign modes and
 * the solo AI.
 *
 * The board is a grid of 16 x 16 fields (4 x 4 tiles); distances count
 * fields orthogonally or diagonally (Chebyshev), as the rules move. Walls
 * are not drawn: a model's line of sight is a flag (hidden: no one sees it),
 * its terrain a field kind (normal, cover, open), a building a flag (inside).
 * Models 1..16 are heroes or aliens; aliens share a unit number, each hero
 * is a unit of its own.
 */
#include "eng_overmind.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OV_MAXM 16
#define OV_BOARD 16
#define OV_MAXDICE 5          /* never more dice than this */
#define OV_UNITMAX 4          /* models in a merged unit */
#define OV_DECK 20            /* cards in the mutation deck, always */
#define OV_HAND 5             /* hand limit */
#define OV_BLIPMOVE 5         /* fields a blip token moves */
#define OV_BEHAVEMOVE 5       /* fields of Take Cover and Rush */
#define OV_FAR 99             /* farther than any distance on the board */

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* Every model slot, in order; every field of the board, row by row. */
#define FOR_MODELS(j) for (int j = 0; j < OV_MAXM; j++)
#define FOR_FIELDS(x, y) for (int y = 0; y < OV_BOARD; y++) for (int x = 0; x < OV_BOARD; x++)

/* resolve(): an attack traced as the combat procedure's steps or not; the
 * defender fleeing or not. */
enum { QUIET, TRACED };
enum { STANDING, FLEEING };
/* place_next(): no least distance to the heroes (a flip by the Overmind). */
enum { ANY_DISTANCE };
/* shift_unit(): the models keep the terrain they had (a move names none). */
enum { KEEP_TERRAIN = -1 };

enum { S_NONE, S_HERO, S_ALIEN };
enum { T_NORMAL, T_COVER, T_OPEN };
enum { K_MELEE, K_SHOT, K_PSYCHO, K_FEAR };
enum { W_NONE, W_STUN, W_KNOCKDOWN };
enum { A_NONE, A_MOVE, A_SPRINT, A_ATTACK, A_PSYCHO, A_INTERACT, A_OVERWATCH, A_EXTRACT, A_FLIP, A_RECOVER };
enum { B_COVER = 1, B_QUICK = 2, B_RUSH = 4, B_PROTECT = 8, B_TERROR = 16 };
enum { MO_CONQUEST, MO_NARRATIVE, MO_QUICK, MO_SOLO };
enum { R_NORMAL, R_ALIEN, R_HERO };
enum { OVER_NO, OVER_HEROES, OVER_OVERMIND };
enum { F_HIT, F_HIT2, F_CRIT, F_DEF, F_DEF2, F_BLANK };

enum { EV_ATTACK, EV_DEFENCE, EV_KILL, EV_FLIP, EV_DECOY, EV_BEHAVIOUR, EV_FF, EV_LEVEL, EV_FREE, EV_OVERWATCH,
       EV_DRAW, EV_DISCARD, EV_INTERRUPT, EV_SPAWN, EV_ABDUCT, EV_SHAKEN, EV_STUN, EV_DOWN, EV_PUSH, EV_WALL,
       EV_HAZARD, EV_ACTIVATE, EV_MOVE, EV_HEAL, EV_NCOUNT };
static const char *const ov_events[] = {
    "attack", "defence", "kill", "flip", "decoy", "behaviour", "friendly-fire", "level", "free-attack",
    "overwatch-shot", "draw", "discard", "interrupt", "spawn", "abduct", "shaken", "stunned", "knocked-down",
    "pushed", "wall", "hazard-card", "activate", "move", "heal", NULL};

typedef struct ov_model {
    int side, unit, x, y;
    int hp, hpmax, melee, sr, sa, lr, la, move, def, cost, size;
    int psychic, xxl, blip, decoy, terrain, inside, hidden, deploy, wall;
    int shaken, shaken_by, stunned, down, acted, behav, ow, ow_moved, moved;
    int xp, level, neon, station, out, path;
} ov_model;

typedef struct ov_state {
    ov_model m[OV_MAXM];
    int mode, night, round, over, mission, options, camp_over;
    int active, nacts, prev, paused, paused_nacts, paused_prev, interrupted, redrawn, pending;
    int deck, hand, discard, ultimate, solo_cards, mutated;
    int region, points, spent, reinf, decoys, abduct, nodes, wrench, explore, items;
    int marker, mx, my, wall_broken, goals, shown, drawn, kept, hq, warehouse;
    int camp_round, reg_h, reg_o, vp_h, vp_o, fort_h, fort_o, turn, attacker, conquer;
    int spawn_cards, spawn_units, spawn_point, dp_hero, dp_alien, on_point[2], by_point[2], field_destroyed;
    int l_value, l_dice, l_hits, l_crits, l_blanks, l_conv, l_def, l_defdice, l_damage, l_ff;
    int ai_unit, ai_who, ai_target, ai_mode, ai_first, ai_second, ai_kind;
} ov_state;

static const char *const face_names[] = {"hit", "hit2", "crit", "def", "def2", "blank"};
static const eng_die die_combat = {"combat", 6, face_names};
static const eng_die *const ov_dice[] = {&die_combat, NULL};

/* ---- the board ------------------------------------------------------------------------------------ */

static int dist(const ov_model *a, const ov_model *b)
{
    return MAX(abs(a->x - b->x), abs(a->y - b->y));
}

/* On the board and in the mission: not removed, not at the space station. */
static int alive(const ov_model *m)
{
    return m->side != S_NONE && !m->out && !m->station;
}

static int enemies(const ov_model *a, const ov_model *b)
{
    return a->side != b->side && a->side != S_NONE && b->side != S_NONE;
}

/* A model in melee: an enemy model (not a blip token) stands next to it. */
static int in_melee(const ov_state *st, int i)
{
    FOR_MODELS(j)
        if (alive(&st->m[j]) && !st->m[j].blip && enemies(&st->m[i], &st->m[j]) && dist(&st->m[i], &st->m[j]) == 1)
            return 1;
    return 0;
}

static int unit_alive(const ov_state *st, int u)
{
    FOR_MODELS(j)
        if (alive(&st->m[j]) && st->m[j].unit == u)
            return 1;
    return 0;
}

static int unit_size(const ov_state *st, int u)
{
    int n = 0;
    FOR_MODELS(j)
        n += st->m[j].side != S_NONE && !st->m[j].out && st->m[j].unit == u;
    return n;
}

static int leader(const ov_state *st, int u)
{
    FOR_MODELS(j)
        if (alive(&st->m[j]) && st->m[j].unit == u)
            return j;
    return -1;
}

/* ---- the dice ------------------------------------------------------------------------------------- */

typedef struct ov_roll {
    int dice, hits, crits, blanks, conv;
} ov_roll;

/* Never more than 5 dice; each point of attack above 5 turns one blank
 * into a hit (7 attacks: 5 dice, 3 hits and a blank make 4 hits). */
static ov_roll roll_attack(eng_state *es, int value)
{
    static const ov_roll none;
    ov_roll r = none;
    r.dice = MIN(value, OV_MAXDICE);
    for (int i = 0; i < r.dice; i++) {
        int f = eng_roll(eng_state_rng(es), &die_combat);
        r.hits += f == F_HIT ? 1 : f == F_HIT2 ? 2 : 0;
        r.crits += f == F_CRIT;
        r.blanks += f == F_BLANK;
    }
    r.conv = MIN(value - r.dice, r.blanks);
    r.hits += r.conv;
    r.blanks -= r.conv;
    return r;
}

static int roll_defence(eng_state *es, int value, int *dice)
{
    int saved = 0;
    *dice = MIN(value, OV_MAXDICE);
    for (int i = 0; i < *dice; i++) {
        int f = eng_roll(eng_state_rng(es), &die_combat);
        saved += f == F_DEF ? 1 : f == F_DEF2 ? 2 : 0;
    }
    return saved;
}

/* ---- damage, kills, experience ------------------------------------------------------------------ */

static void check_mission_end(ov_state *st)
{
    int heroes = 0, aliens = 0;
    FOR_MODELS(j) {
        const ov_model *m = &st->m[j];
        heroes += m->side == S_HERO && !m->out;
        aliens += m->side == S_ALIEN && !m->out && !m->decoy;
    }
    if (st->over == OVER_NO && heroes == 0)
        st->over = OVER_OVERMIND;
    else if (st->over == OVER_NO && aliens == 0)
        st->over = OVER_HEROES;
}

static void gain_xp(eng_state *es, ov_model *h, int n)
{
    h->xp += n;
    /* level 1 needs 5 XP, level 2 another 7; the track is reset in between */
    while (h->level < 2 && h->xp >= (h->level == 0 ? 5 : 7)) {
        h->level++;
        h->xp = 0;
        eng_note(es, EV_LEVEL);
    }
}

/* killer: the model whose attack it was (every damage comes from one). */
static void kill(eng_state *es, ov_state *st, int v, int killer)
{
    ov_model *m = &st->m[v];
    m->out = 1;
    eng_note(es, EV_KILL);
    if (m->side == S_HERO) {
        m->station = 1;          /* to the HQ room: out of this mission */
        st->abduct += 2;
        eng_note(es, EV_ABDUCT);
    } else if (st->m[killer].side == S_HERO && m->size > 0) {
        gain_xp(es, &st->m[killer], m->cost / m->size);
    }
    check_mission_end(st);
}

/* Damage to a unit: the model with the lowest defence first, until it is
 * out; the rest goes on to the next. */
static void wound_unit(eng_state *es, ov_state *st, int u, int dmg, int killer)
{
    while (dmg > 0 && unit_alive(st, u)) {
        int v = leader(st, u);
        FOR_MODELS(j)
            if (alive(&st->m[j]) && st->m[j].unit == u && st->m[j].def < st->m[v].def)
                v = j;
        int take = MIN(dmg, st->m[v].hp);
        st->m[v].hp -= take;
        dmg -= take;
        if (st->m[v].hp == 0)
            kill(es, st, v, killer);
    }
}

/* The unit defends with its lowest value, +1 when one model is in cover,
 * -1 on open ground (no model in cover), -1 when it flees. */
static int defence_value(const ov_state *st, int u, int flee)
{
    int low = OV_FAR, cover = 0, open = 0;
    FOR_MODELS(j) {
        const ov_model *m = &st->m[j];
        if (!alive(m) || m->unit != u)
            continue;
        low = MIN(low, m->def);
        cover |= m->terrain == T_COVER;
        open |= m->terrain == T_OPEN;
    }
    int v = low + (cover ? 1 : open ? -1 : 0) - (flee ? 1 : 0);
    return MAX(v, 0);
}

/* ---- statuses ---------------------------------------------------------------------------------------- */

static void shake(eng_state *es, ov_state *st, int u, int by)
{
    const ov_model *a = &st->m[by];
    FOR_MODELS(j) {
        ov_model *m = &st->m[j];
        if (!alive(m) || m->unit != u || m->xxl)
            continue;
        /* its full move straight away from the attacker */
        int dx = m->x > a->x ? 1 : m->x < a->x ? -1 : 0, dy = m->y > a->y ? 1 : m->y < a->y ? -1 : 0;
        for (int k = 0; k < m->move; k++) {
            int nx = m->x + dx, ny = m->y + dy;
            if (nx < 0 || ny < 0 || nx >= OV_BOARD || ny >= OV_BOARD)
                break;
            m->x = nx, m->y = ny;
        }
        m->shaken = 1;
        m->shaken_by = by + 1;
        eng_note(es, EV_SHAKEN);
    }
}

static void status(eng_state *es, ov_state *st, int u, int weapon)
{
    FOR_MODELS(j) {
        ov_model *m = &st->m[j];
        if (!alive(m) || m->unit != u || m->xxl)
            continue;
        if (weapon == W_STUN)
            m->stunned = 1, eng_note(es, EV_STUN);
        else
            m->down = 1, eng_note(es, EV_DOWN);
    }
}

/* ---- an attack ------------------------------------------------------------------------------------------ */

/* The attack value of a against t, or NULL with *value; else why not. */
static const char *attack_value(const ov_state *st, int a, int t, int kind, int *value)
{
    const ov_model *am = &st->m[a], *tm = &st->m[t];
    int d = dist(am, tm);
    if (!alive(am) || !alive(tm) || !enemies(am, tm))
        return "attacker and target must be enemies on the board";
    if (am->down)
        return "a knocked-down model cannot attack";
    if (am->shaken && am->shaken_by == t + 1)
        return "a shaken model cannot attack the model that shook it this round";
    if (kind == K_MELEE || kind == K_FEAR) {
        if (kind == K_MELEE && d != 1)
            return "melee needs an adjacent target";
        if (kind == K_FEAR && tm->hidden)
            return "a fear attack needs line of sight";
        *value = am->melee;
    } else {
        if (kind == K_PSYCHO && !am->psychic)
            return "only psychic models make psycho attacks";
        if (kind == K_SHOT && in_melee(st, a))
            return "a model in melee cannot shoot";
        if (kind == K_SHOT && tm->hidden)
            return "a shot needs line of sight";
        if (d <= am->sr && am->sa > 0)
            *value = am->sa;
        else if (d <= am->lr && am->la > 0 && !st->night)
            *value = am->la;
        else
            return st->night && d <= am->lr ? "no long-range shots at night" : "target out of range";
    }
    if ((kind == K_MELEE || kind == K_SHOT) && tm->inside && !am->inside && !st->wall_broken)
        (*value)--;      /* into a building from outside */
    if (*value <= 0)
        return "an attack value of 0 cannot attack";
    return NULL;
}

/* A friendly model of the attacker in melee with the target, or -1. */
static int friend_in_melee(const ov_state *st, int a, int t)
{
    FOR_MODELS(j)
        if (j != a && alive(&st->m[j]) && st->m[j].side == st->m[a].side && dist(&st->m[j], &st->m[t]) == 1)
            return j;
    return -1;
}

static void resolve(eng_state *es, ov_state *st, int a, int t, int kind, int weapon, int value, int flee, int trace)
{
    int u = st->m[t].unit;
    ov_roll r = roll_attack(es, value);
    eng_note(es, EV_ATTACK);
    st->l_value = value, st->l_dice = r.dice, st->l_hits = r.hits, st->l_crits = r.crits;
    st->l_blanks = r.blanks, st->l_conv = r.conv, st->l_def = 0, st->l_defdice = 0, st->l_damage = 0, st->l_ff = 0;
    if (trace)
        eng_step(es, value > OV_MAXDICE ? "overmind.combat.convert" : "overmind.combat.roll");
    if (kind == K_SHOT && r.blanks > 0) {
        int f = friend_in_melee(st, a, t);
        if (f >= 0) {      /* friendly fire: each blank a critical hit on the friend */
            st->l_ff = r.blanks;
            eng_note(es, EV_FF);
            wound_unit(es, st, st->m[f].unit, r.blanks, a);
            if (trace)
                eng_step(es, "overmind.combat.friendly-fire");
        }
    }
    if (kind == K_FEAR) {
        if (r.hits + r.crits >= 1)
            shake(es, st, u, a);
        return;
    }
    if (weapon != W_NONE && r.hits + r.crits >= 1)
        status(es, st, u, weapon);
    int hp0 = 0;
    FOR_MODELS(j)
        hp0 += st->m[j].unit == u && alive(&st->m[j]) ? st->m[j].hp : 0;
    /* criticals first: they ignore defence */
    wound_unit(es, st, u, r.crits, a);
    if (trace && r.crits > 0)
        eng_step(es, "overmind.combat.crits");
    int defend = r.hits > 0 && unit_alive(st, u);
    if (defend) {
        int stunned = st->m[t].stunned && kind == K_MELEE;
        int dv = stunned ? 0 : defence_value(st, u, flee);
        st->l_def = roll_defence(es, dv, &st->l_defdice);
        eng_note(es, EV_DEFENCE);
        wound_unit(es, st, u, r.hits - st->l_def, a);
    }
    int hp1 = 0;
    FOR_MODELS(j)
        hp1 += st->m[j].unit == u && alive(&st->m[j]) ? st->m[j].hp : 0;
    st->l_damage = hp0 - hp1;
    if (trace)
        eng_step(es, defend ? "overmind.combat.damage" : "overmind.combat.no-defence");
}

/* The whole unit attacks (every model that can), at target t. */
static void unit_attack(eng_state *es, ov_state *st, int a, int t, int kind, int weapon, int mod)
{
    int u = st->m[a].unit;
    FOR_MODELS(j) {
        int value;
        if (!alive(&st->m[j]) || st->m[j].unit != u || !alive(&st->m[t]))
            continue;
        if (attack_value(st, j, t, kind, &value) != NULL)
            continue;
        value += mod;
        if (value <= 0)
            continue;
        resolve(es, st, j, t, kind, weapon, value, STANDING, QUIET);
    }
}

/* ---- overwatch and sight -------------------------------------------------------------------------- */

/* Model v moved or appeared: the first enemy on overwatch that has it in
 * range shoots (-1 when it had moved before). */
static void overwatch(eng_state *es, ov_state *st, int v)
{
    FOR_MODELS(j) {
        ov_model *o = &st->m[j];
        int value;
        if (!alive(&st->m[v]))
            break;
        if (!o->ow || !alive(o) || st->m[v].blip || attack_value(st, j, v, K_SHOT, &value) != NULL)
            continue;
        o->ow = 0;
        value -= o->ow_moved;
        eng_note(es, EV_OVERWATCH);
        if (value > 0)
            resolve(es, st, j, v, K_SHOT, W_NONE, value, STANDING, QUIET);
    }
}

static int hero_sees(const ov_state *st, int v)
{
    FOR_MODELS(j) {
        const ov_model *h = &st->m[j];
        int sight = MAX(h->lr, h->sr);
        if (alive(h) && h->side == S_HERO && !st->m[v].hidden && dist(h, &st->m[v]) <= sight)
            return 1;
    }
    return 0;
}

/* A field of the board no model stands on. */
static int free_field(const ov_state *st, int x, int y)
{
    FOR_MODELS(j)
        if (alive(&st->m[j]) && !st->m[j].blip && st->m[j].x == x && st->m[j].y == y)
            return 0;
    return 1;
}

static int nearest_hero_dist(const ov_state *st, int x, int y)
{
    int best = OV_FAR;
    FOR_MODELS(j) {
        const ov_model *h = &st->m[j];
        if (alive(h) && h->side == S_HERO) {
            int d = MAX(abs(h->x - x), abs(h->y - y));
            best = MIN(d, best);
        }
    }
    return best;
}

/* Model j of a unit being revealed: the first field next to a placed model
 * of its unit, free, at least 2 fields from every hero (1 field between) and
 * at least `near` from the nearest. */
static void place_next(ov_state *st, int j, int near)
{
    ov_model *m = &st->m[j];
    FOR_FIELDS(x, y) {
        int next = 0;
        FOR_MODELS(k) {
            const ov_model *o = &st->m[k];
            next |= k != j && alive(o) && o->unit == m->unit && !o->blip && abs(o->x - x) <= 1 && abs(o->y - y) <= 1;
        }
        int hd = nearest_hero_dist(st, x, y);
        if (next && free_field(st, x, y) && hd >= 2 && hd >= near) {
            m->x = x, m->y = y;
            return;
        }
    }
}

/* A blip token becomes its models: the first on the token's field, the
 * others next to the unit, at least 1 field from every enemy, and, when a
 * hero's sight revealed it, no nearer to the enemy than the token was. */
static void flip(eng_state *es, ov_state *st, int u, int automatic)
{
    int l = leader(st, u);
    eng_note(es, EV_FLIP);
    if (st->m[l].decoy) {
        FOR_MODELS(j)
            if (st->m[j].unit == u && alive(&st->m[j]))
                st->m[j].out = 1;
        eng_note(es, EV_DECOY);
        return;
    }
    int tx = st->m[l].x, ty = st->m[l].y, near = nearest_hero_dist(st, tx, ty);
    st->m[l].blip = 0;
    FOR_MODELS(j) {
        ov_model *m = &st->m[j];
        if (j == l || !alive(m) || m->unit != u || !m->blip)
            continue;
        m->blip = 0;
        place_next(st, j, automatic ? near : ANY_DISTANCE);
    }
    if (automatic)
        st->pending = u;
    FOR_MODELS(j)
        if (alive(&st->m[j]) && st->m[j].unit == u)
            overwatch(es, st, j);
}

/* After any move: blip tokens in a hero's line of sight and range turn over. */
static void sight(eng_state *es, ov_state *st)
{
    FOR_MODELS(j)
        if (alive(&st->m[j]) && st->m[j].blip && hero_sees(st, j))
            flip(es, st, st->m[j].unit, 1);
}

/* ---- moving ------------------------------------------------------------------------------------------- */

/* Model i leaves melee: every adjacent enemy has a free attack, and the
 * fleeing model defends at -1. */
static void flee(eng_state *es, ov_state *st, int i)
{
    FOR_MODELS(j) {
        int value;
        if (!alive(&st->m[i]))
            break;
        if (alive(&st->m[j]) && !st->m[j].blip && enemies(&st->m[i], &st->m[j]) && dist(&st->m[i], &st->m[j]) == 1 &&
            attack_value(st, j, i, K_MELEE, &value) == NULL) {
            eng_note(es, EV_FREE);
            resolve(es, st, j, i, K_MELEE, W_NONE, value, FLEEING, QUIET);
        }
    }
}

/* The unit of model i moves by (dx, dy), every model alike. */
static void shift_unit(eng_state *es, ov_state *st, int i, int dx, int dy, int terrain)
{
    int u = st->m[i].unit;
    if (dx || dy)            /* standing still is not fleeing */
        FOR_MODELS(j)
            if (alive(&st->m[j]) && st->m[j].unit == u && in_melee(st, j) && !st->m[j].blip)
                flee(es, st, j);
    FOR_MODELS(j) {
        ov_model *m = &st->m[j];
        if (!alive(m) || m->unit != u)
            continue;
        m->x += dx, m->y += dy;
        if (terrain != KEEP_TERRAIN)
            m->terrain = terrain == 3 ? T_COVER : terrain, m->inside = terrain == 3;
        m->moved = 1;
    }
    eng_note(es, EV_MOVE);
    FOR_MODELS(j)
        if (alive(&st->m[j]) && st->m[j].unit == u)
            overwatch(es, st, j);
    sight(es, st);
}

/* Steps of one field toward (tx, ty) until the distance is want or the
 * allowance is spent; away from it when nearer than want. */
static void approach(eng_state *es, ov_state *st, int i, int tx, int ty, int want, int allow)
{
    ov_model *m = &st->m[i];
    int x = m->x, y = m->y;
    for (int k = 0; k < allow; k++) {
        int d = MAX(abs(tx - x), abs(ty - y));
        int sx = tx > x ? 1 : tx < x ? -1 : 0, sy = ty > y ? 1 : ty < y ? -1 : 0;
        if (d == want)
            break;
        if (d < want)
            sx = -sx, sy = -sy;
        if (x + sx < 0 || x + sx >= OV_BOARD || y + sy < 0 || y + sy >= OV_BOARD)
            break;
        x += sx, y += sy;
    }
    if (x != m->x || y != m->y)
        shift_unit(es, st, i, x - m->x, y - m->y, KEEP_TERRAIN);
}

/* ---- activations ------------------------------------------------------------------------------------------ */

static int heroes_waiting(const ov_state *st)
{
    FOR_MODELS(j)
        if (alive(&st->m[j]) && st->m[j].side == S_HERO && !st->m[j].acted)
            return 1;
    return 0;
}

static void activate(eng_state *es, ov_state *st, int i)
{
    st->active = i + 1, st->nacts = 0, st->prev = A_NONE;
    FOR_MODELS(j)
        if (st->m[j].unit == st->m[i].unit)
            st->m[j].moved = 0;
    if (st->mode == MO_SOLO && st->m[i].side == S_ALIEN && st->solo_cards > 0) {
        st->mutated = st->m[i].unit;     /* the round's cards act on the first unit */
        st->solo_cards = 0;
    }
    eng_note(es, EV_ACTIVATE);
}

static int refuse(const char *why, char *err, size_t errlen)
{
    if (!why)
        return ENG_OK;
    snprintf(err, errlen, "%s", why);
    return ENG_ILLEGAL;
}

static const char *begin(const ov_state *st, int i, int act)
{
    const ov_model *m = &st->m[i];
    if (st->over)
        return "the mission is over";
    if (!alive(m) || !st->active || st->m[st->active - 1].unit != m->unit)
        return "the model is not activated";
    /* (a third action needs no test: done() ends the activation at the
     * second, so begin() then finds none under way) */
    if (st->nacts == 1 && st->prev == act)
        return "no action twice in one activation";
    if ((m->stunned || m->down) && act != A_RECOVER)
        return "a stunned or knocked-down model must first recover";
    if (m->blip && act != A_MOVE && act != A_FLIP && act != A_INTERACT)
        return "a blip token only moves, flips or interacts";
    if (act == A_EXTRACT && m->side != S_HERO)
        return "only heroes extract";
    return NULL;
}

/* An action begins: a behaviour not taken at once is gone. */
static int start(ov_state *st, int i, int act, char *err, size_t errlen)
{
    int r = refuse(begin(st, i, act), err, errlen);
    if (r == ENG_OK)
        st->pending = 0;
    return r;
}

static void finish(ov_state *st, int i)
{
    FOR_MODELS(j)
        if (st->m[j].unit == st->m[i].unit)
            st->m[j].acted = 1;
    st->active = 0;
    if (st->paused) {          /* the interrupted hero goes on */
        st->active = st->paused, st->nacts = st->paused_nacts, st->prev = st->paused_prev;
        st->paused = 0;
    }
}

static void done(ov_state *st, int i, int act)
{
    st->nacts++;
    st->prev = act;
    if (st->nacts >= 2 && st->active && st->m[st->active - 1].unit == st->m[i].unit)
        finish(st, i);
}

/* ---- the round, the cards, the Overmind ------------------------------------------------------------ */

static void draw(eng_state *es, ov_state *st, int n)
{
    int k = n < st->deck ? n : st->deck;
    st->deck -= k;
    st->hand += k;
    for (int i = 0; i < k; i++)
        eng_note(es, EV_DRAW);
}

static void spawn(eng_state *es, ov_state *st, int units)
{
    st->spawn_units += units;
    for (int i = 0; i < units; i++)
        eng_note(es, EV_SPAWN);
}

static void new_round(eng_state *es, ov_state *st)
{
    st->round++;
    st->active = st->paused = st->interrupted = st->redrawn = st->pending = 0;
    FOR_MODELS(j) {
        ov_model *m = &st->m[j];
        m->acted = 0;
        m->shaken = m->shaken_by = 0;
    }
    if (st->mode == MO_SOLO) {
        /* up to 2 cards, on the first unit activated; spawn cards 3, then 1 */
        int before = st->hand;
        draw(es, st, 2);
        st->solo_cards = st->hand - before;
        st->spawn_cards += st->round == 1 ? 3 : 1;
    } else {
        draw(es, st, st->round == 1 ? 5 : 2);
        if (st->hand > OV_HAND) {
            st->discard += st->hand - OV_HAND;
            st->hand = OV_HAND;
        }
    }
    if (st->mode != MO_CONQUEST && st->mission == 4) {
        /* mission 4: 2 units at each of the 2 lower spawn points, then at the
         * 2 upper ones, then 1 unit a round, the points taken clockwise */
        if (st->round <= 2) {
            spawn(es, st, 4);
        } else {                 /* from round 3: points 1, 2, 3, 4, 1, ... */
            spawn(es, st, 1);
            st->spawn_point = (st->round - 3) % 4 + 1;
        }
    }
}

static void end_mission(eng_state *es, ov_state *st, int winner)
{
    (void)es;
    if (winner == OVER_HEROES)
        st->items += 3;
    FOR_MODELS(j) {
        ov_model *m = &st->m[j];
        if (m->side == S_HERO && m->hp < m->hpmax)
            m->hp++;
        if (m->side == S_HERO)
            m->out = m->station = 0;
    }
    st->abduct += st->wrench + 2 * st->explore;
    st->wrench = st->explore = 0;
    st->deck += st->discard;
    st->discard = 0;
    st->over = winner;
    if (st->mode == MO_CONQUEST) {
        int att_won = (st->attacker == 0) == (winner == OVER_HEROES);
        if (att_won && st->conquer) {
            if (st->attacker == 0)
                st->reg_h++, st->reg_o--, st->vp_h++;
            else
                st->reg_o++, st->reg_h--, st->vp_o++;
        }
        st->abduct += st->reg_o;      /* 1 a region the Overmind holds */
        st->camp_round++;
        st->turn = !st->turn;
        if (st->camp_round >= 5)
            st->camp_over = st->vp_h > st->vp_o ? OVER_HEROES : st->vp_o > st->vp_h ? OVER_OVERMIND : 3;
    } else {
        static const int options[] = {0, 4, 8, 12, 5};
        if (st->mission >= 5)
            st->camp_over = winner;
        else
            st->options = options[st->mission];
        st->mission++;
    }
}

/* ---- scaffolding: action plumbing ---------------------------------------------------------------------------- */

#define ACTION(name) static int name(eng_state *es, void *data, const eng_arg *arg, char *err, size_t errlen)
#define REFUSE(...) return snprintf(err, errlen, __VA_ARGS__), ENG_ILLEGAL
#define ST ov_state *st = data; (void)err, (void)errlen
#define MODEL(k) (int)(arg[k].v - 1)

/* ---- actions ------------------------------------------------------------------------------------------------ */

/* A campaign: 6 heroes with 6 Neon-Rush tokens each; in conquest each team
 * takes regions in turn until it holds 3. */
ACTION(act_campaign)
{
    ST;
    int heroes = 0;
    (void)es;
    FOR_MODELS(j)
        heroes += st->m[j].side == S_HERO;
    if (heroes != 6)
        REFUSE("6 heroes are chosen (%d given)", heroes);
    st->mode = (int)arg[0].v;
    FOR_MODELS(j)
        if (st->m[j].side == S_HERO)
            st->m[j].neon = 6;
    st->camp_round = st->vp_h = st->vp_o = st->camp_over = st->turn = 0;
    st->reg_h = st->reg_o = st->fort_h = st->fort_o = 0;
    st->mission = 1;
    if (st->mode == MO_CONQUEST)
        for (int t = 0; st->reg_o < 3; t = !t)
            *(t ? &st->reg_o : &st->reg_h) += 1;
    return ENG_OK;
}

/* A mission: the Overmind's points (conquest and quick game by region), 2
 * decoys, 4 reinforcement points, a full deck; the space station's rooms. */
ACTION(act_mission)
{
    ST;
    (void)es;
    st->region = (int)arg[0].v;
    if (st->mode == MO_CONQUEST || st->mode == MO_QUICK)
        st->points = st->region == R_ALIEN ? 22 : st->region == R_HERO ? 14 : 18;
    else
        st->points = (int)arg[1].v;
    st->decoys = 2;
    st->reinf = 4;
    st->spent = 0;
    st->deck = OV_DECK;
    st->hand = st->discard = 0;
    st->round = st->over = st->goals = st->shown = 0;
    st->hq = 1;
    st->warehouse = st->mode != MO_CONQUEST;
    st->night = 0;
    st->dp_hero = st->dp_alien = 0;
    st->on_point[0] = st->on_point[1] = st->by_point[0] = st->by_point[1] = 0;
    return ENG_OK;
}

/* Night fight: narrative missions 1 to 3; a hit on the die is day. */
ACTION(act_night_roll)
{
    ST;
    (void)arg;
    if (st->mode == MO_CONQUEST || st->mission > 3)
        REFUSE("night fight is for missions 1, 2 and 3 of the narrative mode");
    st->night = eng_roll(eng_state_rng(es), &die_combat) != F_HIT;
    return ENG_OK;
}

ACTION(act_recruit)
{
    ST;
    (void)es;
    int cost = (int)arg[0].v;
    if (st->spent + cost > st->points + st->reinf)
        REFUSE("over the mission's points and the reinforcement markers left");
    st->spent += cost;
    if (st->spent > st->points) {   /* the excess comes off the reinforcements */
        st->reinf -= st->spent - st->points;
        st->spent = st->points;
    }
    return ENG_OK;
}

/* Points not spent on units at the start may go to reinforcements. */
ACTION(act_muster)
{
    ST;
    (void)es, (void)arg;
    st->reinf += st->points - st->spent;
    st->spent = st->points;
    return ENG_OK;
}

/* Deployment: heroes at 2 points, 1 on each point and 2 next to it; the
 * Overmind's 2 points at least 2 tiles from the heroes, its blips within 2
 * fields of them. */
ACTION(act_deploy_point)
{
    ST;
    (void)es;
    int overmind = (int)arg[0].v, tiles = (int)arg[1].v;
    if ((overmind ? st->dp_alien : st->dp_hero) >= 2)
        REFUSE("each side chooses 2 deployment points");
    if (overmind && tiles < 2)
        REFUSE("the Overmind's points lie at least 2 tiles from the heroes");
    *(overmind ? &st->dp_alien : &st->dp_hero) += 1;
    return ENG_OK;
}

ACTION(act_deploy)
{
    ST;
    (void)es;
    int i = MODEL(0), p = (int)arg[1].v - 1, d = (int)arg[2].v;
    if (st->m[i].side == S_ALIEN) {
        if (p >= st->dp_alien || d > 2)
            REFUSE("blip tokens go within 2 fields of an Overmind deployment point");
        return ENG_OK;
    }
    if (p >= st->dp_hero || d > 1)
        REFUSE("heroes stand on a deployment point or next to it");
    if (d == 0 ? st->on_point[p] >= 1 : st->by_point[p] >= 2)
        REFUSE("1 hero on each point and 2 next to it");
    *(d == 0 ? &st->on_point[p] : &st->by_point[p]) += 1;
    st->m[i].deploy = d == 0;
    return ENG_OK;
}

ACTION(act_round)
{
    ST;
    (void)arg;
    if (st->over)
        REFUSE("the mission is over");
    new_round(es, st);
    return ENG_OK;
}

ACTION(act_activate)
{
    ST;
    int i = MODEL(0);
    ov_model *m = &st->m[i];
    if (st->over)
        REFUSE("the mission is over");
    if (!alive(m) || m->acted)
        REFUSE("the model is not on the board or has been activated this round");
    if (st->active)
        REFUSE("another activation is under way");
    if (m->side == S_ALIEN && heroes_waiting(st))
        REFUSE("the Overmind's turn comes when every hero has been activated");
    activate(es, st, i);
    return ENG_OK;
}

/* Ends an activation early (fewer than 2 actions). */
ACTION(act_end)
{
    ST;
    (void)es, (void)arg;
    if (!st->active)
        REFUSE("no activation under way");
    finish(st, st->active - 1);
    return ENG_OK;
}

ACTION(act_move)
{
    ST;
    int i = MODEL(0), sprint = (int)arg[3].v, act = sprint ? A_SPRINT : A_MOVE;
    ov_model *m = &st->m[i];
    int r = start(st, i, act, err, errlen);
    if (r)
        return r;
    int d = MAX(abs((int)arg[1].v - m->x), abs((int)arg[2].v - m->y));
    int allow = m->blip ? OV_BLIPMOVE : sprint ? m->move / 2 : m->move;
    if (d > allow)
        REFUSE("%d fields, %d allowed", d, allow);
    shift_unit(es, st, i, (int)arg[1].v - m->x, (int)arg[2].v - m->y, (int)arg[4].v - 1);
    done(st, i, act);
    return ENG_OK;
}

ACTION(act_attack)
{
    ST;
    int i = MODEL(0), t = MODEL(1), kind = (int)arg[2].v, value;
    int act = kind == K_PSYCHO ? A_PSYCHO : A_ATTACK;
    int r = start(st, i, act, err, errlen);
    if (r)
        return r;
    if (st->m[t].blip && alive(&st->m[t])) {
        /* a blip token that takes damage turns over */
        flip(es, st, st->m[t].unit, 1);
        if (!alive(&st->m[t]))
            return done(st, i, act), ENG_OK;
    }
    r = refuse(attack_value(st, i, t, kind, &value), err, errlen);
    if (r)
        return r;
    if (st->m[i].side == S_ALIEN)
        unit_attack(es, st, i, t, kind, (int)arg[3].v, 0);
    else
        resolve(es, st, i, t, kind, (int)arg[3].v, value, STANDING, QUIET);
    done(st, i, act);
    return ENG_OK;
}

/* Interact: a spanner marker (the Overmind's blip: 1 abduction marker at the
 * end, a hero: an item), an exploration token (2 for the Overmind), healing
 * (a hero: 1 health, and XP), a mission marker. */
ACTION(act_interact)
{
    ST;
    int i = MODEL(0), what = (int)arg[1].v;
    int r = start(st, i, A_INTERACT, err, errlen);
    if (r)
        return r;
    ov_model *m = &st->m[i];
    if (what == 0)
        *(m->side == S_ALIEN ? &st->wrench : &st->items) += 1;
    else if (what == 1 && m->side == S_ALIEN)
        st->explore++;
    else if (what == 2 && m->side == S_HERO) {
        ov_model *h = &st->m[MODEL(2)];
        if (h->hp < h->hpmax)
            h->hp++;
        eng_note(es, EV_HEAL);
        gain_xp(es, m, 1);
    }
    done(st, i, A_INTERACT);
    return ENG_OK;
}

ACTION(act_overwatch)
{
    ST;
    (void)es;
    int i = MODEL(0);
    int r = start(st, i, A_OVERWATCH, err, errlen);
    if (r)
        return r;
    st->m[i].ow = 1;
    st->m[i].ow_moved = st->m[i].moved;
    done(st, i, A_OVERWATCH);
    return ENG_OK;
}

ACTION(act_extract)
{
    ST;
    (void)es;
    int i = MODEL(0);
    int r = start(st, i, A_EXTRACT, err, errlen);
    if (r)
        return r;
    if (!st->m[i].deploy)
        REFUSE("only from a deployment point");
    /* off the board: the hero's activation ends here, whichever action
     * this was (start() found the hero's own activation under way) */
    st->m[i].station = 1;
    finish(st, i);
    return ENG_OK;
}

/* Back from the space station onto a heroes' deployment point: this ends
 * the hero's activation for the round. */
ACTION(act_return)
{
    ST;
    (void)es;
    ov_model *h = &st->m[MODEL(0)];
    if (h->side != S_HERO || !h->station || h->out || h->acted)
        REFUSE("a hero at the space station, not yet activated this round");
    h->station = 0;
    h->deploy = 1;
    h->x = (int)arg[1].v, h->y = (int)arg[2].v;
    h->acted = 1;
    return ENG_OK;
}

ACTION(act_flip)
{
    ST;
    int i = MODEL(0);
    int r = start(st, i, A_FLIP, err, errlen);
    if (r)
        return r;
    if (!st->m[i].blip)
        REFUSE("not a blip token");
    flip(es, st, st->m[i].unit, 0);
    if (alive(&st->m[i]))
        done(st, i, A_FLIP);
    else
        finish(st, i);
    return ENG_OK;
}

ACTION(act_recover)
{
    ST;
    (void)es;
    int i = MODEL(0);
    int r = start(st, i, A_RECOVER, err, errlen);
    if (r)
        return r;
    if (!st->m[i].stunned && !st->m[i].down)
        REFUSE("neither stunned nor knocked down");
    st->m[i].stunned = st->m[i].down = 0;
    done(st, i, A_RECOVER);
    return ENG_OK;
}

ACTION(act_push)
{
    ST;
    int i = MODEL(0);
    ov_model *m = &st->m[i];
    if (!alive(m) || m->xxl)
        return ENG_OK;              /* XXL models take no statuses */
    if (arg[1].v) {
        m->stunned = 1;             /* it cannot go back: stunned */
        eng_note(es, EV_STUN);
    } else {
        m->y = m->y > 0 ? m->y - 1 : m->y + 1;
        eng_note(es, EV_PUSH);
    }
    return ENG_OK;
}

/* A blow with a stun or knock-down weapon, or a fear attack, outside an
 * activation: the attack as rolled, for the statuses. */
ACTION(act_strike)
{
    ST;
    int i = MODEL(0), t = MODEL(1), kind = (int)arg[2].v, value;
    int r = refuse(attack_value(st, i, t, kind, &value), err, errlen);
    if (r)
        return r;
    resolve(es, st, i, t, kind, (int)arg[3].v, value, STANDING, QUIET);
    return ENG_OK;
}

/* A behaviour of the unit of model i (kind: take cover, quick shot, rush,
 * protect, terrifying presence) at model t or to field (x, y). */
static const char *behave(eng_state *es, ov_state *st, int i, int kind, int t, int x, int y)
{
    ov_model *m = &st->m[i];
    int value;
    st->pending = 0;
    eng_note(es, EV_BEHAVIOUR);
    if (kind == 0) {                /* take cover: up to 5 fields into cover */
        if (MAX(abs(x - m->x), abs(y - m->y)) > OV_BEHAVEMOVE)
            return "take cover: up to 5 fields";
        shift_unit(es, st, i, x - m->x, y - m->y, 3);
    } else if (kind == 1) {         /* quick shot: one die fewer */
        if (attack_value(st, i, t, K_SHOT, &value) == NULL)
            unit_attack(es, st, i, t, K_SHOT, W_NONE, -1);
    } else if (kind == 2) {         /* rush: up to 5 fields at a visible enemy, melee -1 */
        if (!st->m[t].hidden && enemies(m, &st->m[t]))
            approach(es, st, i, st->m[t].x, st->m[t].y, 1, OV_BEHAVEMOVE);
        if (alive(m) && dist(m, &st->m[t]) == 1)
            unit_attack(es, st, i, t, K_MELEE, W_NONE, -1);
    } else if (kind == 3) {         /* protect: to the nearest friendly unit */
        int best = -1;
        FOR_MODELS(j)
            if (alive(&st->m[j]) && st->m[j].side == m->side && st->m[j].unit != m->unit &&
                (best < 0 || dist(m, &st->m[j]) < dist(m, &st->m[best])))
                best = j;
        if (best >= 0)
            approach(es, st, i, st->m[best].x, st->m[best].y, 1, m->move);
    } else {                        /* terrifying presence: fear at every enemy in sight */
        FOR_MODELS(j)
            if (alive(m) && alive(&st->m[j]) && enemies(m, &st->m[j]) &&
                attack_value(st, i, j, K_FEAR, &value) == NULL)
                resolve(es, st, i, j, K_FEAR, W_NONE, value, STANDING, QUIET);
    }
    return NULL;
}

ACTION(act_behave)
{
    ST;
    int i = MODEL(0), kind = (int)arg[1].v;
    ov_model *m = &st->m[i];
    if (st->pending != m->unit || st->pending == 0)
        REFUSE("a behaviour follows only a blip turned over by damage or a hero's sight");
    if (!(m->behav & (1 << kind)))
        REFUSE("the unit's card does not have that behaviour");
    return refuse(behave(es, st, i, kind, MODEL(2), (int)arg[3].v, (int)arg[4].v), err, errlen);
}

/* XXL: break a wall with at least 2 of its fields against it. */
ACTION(act_break_wall)
{
    ST;
    int i = MODEL(0);
    if (!st->m[i].xxl)
        REFUSE("only XXL models break walls");
    if (st->m[i].wall < 2)
        REFUSE("at least 2 of the model's fields must touch the wall");
    st->wall_broken = 1;
    eng_note(es, EV_WALL);
    return ENG_OK;
}

/* A hazard or deployment field under attack: destroyed by 2 damage or 1
 * critical; the heroes' deployment zone cannot be destroyed. */
ACTION(act_hit_field)
{
    ST;
    int kind = (int)arg[0].v;
    ov_roll r = roll_attack(es, (int)arg[1].v);
    if (kind != 2 && (r.hits >= 2 || r.crits >= 1)) {
        st->field_destroyed = 1;
        if (kind == 0)
            eng_note(es, EV_HAZARD);
    }
    return ENG_OK;
}

ACTION(act_xp)
{
    ST;
    gain_xp(es, &st->m[MODEL(0)], (int)arg[1].v);
    return ENG_OK;
}

ACTION(act_neon)
{
    ST;
    (void)es;
    ov_model *h = &st->m[MODEL(0)];
    if (h->neon < 1)
        REFUSE("no Neon-Rush token left");
    h->neon--;
    return ENG_OK;
}

/* ---- the Overmind's cards and resources ------------------------------------------------------------ */

ACTION(act_play)
{
    ST;
    (void)es;
    int n = (int)arg[0].v;
    if (st->hand < n)
        REFUSE("not enough cards in hand");
    st->hand -= n;
    st->discard += n;
    return ENG_OK;
}

/* Interrupt: once a round, 2 cards to cut into a hero's activation with a
 * unit of the Overmind, which then counts as activated this round. */
ACTION(act_interrupt)
{
    ST;
    int i = MODEL(0);
    if (st->interrupted)
        REFUSE("one interruption a round");
    if (!st->active || st->m[st->active - 1].side != S_HERO)
        REFUSE("only a hero's activation is interrupted");
    if (st->hand < 2)
        REFUSE("2 cards are discarded");
    if (!alive(&st->m[i]) || st->m[i].side != S_ALIEN || st->m[i].acted)
        REFUSE("a unit of the Overmind not yet activated");
    st->hand -= 2;
    st->discard += 2;
    st->interrupted = 1;
    st->paused = st->active, st->paused_nacts = st->nacts, st->paused_prev = st->prev;
    eng_note(es, EV_INTERRUPT);
    activate(es, st, i);
    return ENG_OK;
}

/* At the start of the Overmind's activations: up to 2 cards away, as many new. */
ACTION(act_redraw)
{
    ST;
    int n = (int)arg[0].v;
    if (heroes_waiting(st) || st->redrawn)
        REFUSE("only at the start of the Overmind's activation phase");
    FOR_MODELS(j)
        if (st->m[j].side == S_ALIEN && st->m[j].acted)
            REFUSE("only at the start of the Overmind's activation phase");
    if (n > 2 || n > st->hand)
        REFUSE("up to 2 cards from the hand");
    st->hand -= n;
    st->discard += n;
    st->redrawn = 1;
    eng_note(es, EV_DISCARD);
    draw(es, st, n);
    return ENG_OK;
}

/* One ultimate mutation card for each abduction marker; it takes the place
 * of a forced card: the deck stays at 20. */
ACTION(act_ultimate)
{
    ST;
    (void)es;
    int n = (int)arg[0].v;
    if (st->abduct < n)
        REFUSE("one abduction marker a card");
    if (st->ultimate + n > OV_DECK)
        REFUSE("the deck holds 20 cards");
    st->abduct -= n;
    st->ultimate += n;
    return ENG_OK;
}

ACTION(act_node)
{
    ST;
    (void)es, (void)arg;
    if (st->abduct < 5)
        REFUSE("an upgrade node costs 5 abduction markers");
    st->abduct -= 5;
    st->nodes++;
    return ENG_OK;
}

/* An upgrade of a unit: one of its two paths, the other stays closed. */
ACTION(act_upgrade)
{
    ST;
    (void)es;
    int u = (int)arg[0].v, path = (int)arg[1].v;
    if (st->nodes < 1)
        REFUSE("an upgrade costs an upgrade node");
    FOR_MODELS(j)
        if (st->m[j].unit == u && st->m[j].path && st->m[j].path != path)
            REFUSE("one path a unit");
    st->nodes--;
    FOR_MODELS(j)
        if (st->m[j].unit == u)
            st->m[j].path = path;
    return ENG_OK;
}

ACTION(act_merge)
{
    ST;
    (void)es;
    int from = (int)arg[0].v, to = (int)arg[1].v;
    if (unit_size(st, from) + unit_size(st, to) > OV_UNITMAX)
        REFUSE("a unit has at most 4 models");
    FOR_MODELS(j)
        if (st->m[j].side == S_ALIEN && st->m[j].unit == from)
            st->m[j].unit = to;
    return ENG_OK;
}

ACTION(act_split)
{
    ST;
    (void)es;
    int i = MODEL(0), to = (int)arg[1].v;
    if (unit_size(st, to) > 0)
        REFUSE("a split model forms a unit of its own");
    st->m[i].unit = to;
    return ENG_OK;
}

/* Reinforcement: a model onto an alien deployment field, for its cost in
 * reinforcement points; the placing is its move action. */
ACTION(act_reinforce)
{
    ST;
    int i = MODEL(0), cost = (int)arg[1].v;
    ov_model *m = &st->m[i];
    if (st->reinf < cost)
        REFUSE("not enough reinforcement points");
    m->out = 0;
    int r = start(st, i, A_MOVE, err, errlen);
    if (r)
        return m->out = 1, r;
    st->reinf -= cost;
    m->hp = m->hpmax;
    eng_note(es, EV_MOVE);
    done(st, i, A_MOVE);
    return ENG_OK;
}

/* ---- mission end, campaign ------------------------------------------------------------------------------- */

ACTION(act_end_mission)
{
    ST;
    end_mission(es, st, (int)arg[0].v + 1);
    return ENG_OK;
}

/* Global operations: the teams take turns, the heroes first; one region
 * conquered or liberated, then one fortified (one marker a team). */
ACTION(act_global_op)
{
    ST;
    (void)es;
    int team = (int)arg[0].v;
    if (team != st->turn)
        REFUSE("the teams take turns, the heroes first");
    st->attacker = team;
    st->conquer = arg[1].v == 0;
    if (arg[2].v)
        *(team ? &st->fort_o : &st->fort_h) = 1;
    return ENG_OK;
}

/* A conquest mission: after 5 rounds the attacker needs more models in the
 * chosen building than the defender. */
ACTION(act_hold)
{
    ST;
    (void)es;
    if (st->round < 5)
        REFUSE("the building is counted after 5 rounds");
    int att_wins = arg[0].v > arg[1].v;
    st->over = att_wins == (st->attacker == 0) ? OVER_HEROES : OVER_OVERMIND;
    return ENG_OK;
}

/* Hidden agenda: two cards drawn, one kept. */
ACTION(act_agenda_draw)
{
    ST;
    (void)es, (void)arg;
    if (st->mode != MO_CONQUEST)
        REFUSE("hidden agendas belong to the conquest mode");
    st->drawn = 2;
    st->kept = 1;
    return ENG_OK;
}

/* Hidden agenda: two objectives; in a region he fortified, the first wins. */
ACTION(act_agenda)
{
    ST;
    (void)es, (void)arg;
    st->goals++;
    st->shown = 1;
    if (st->goals >= (st->region == R_ALIEN ? 1 : 2))
        st->over = OVER_OVERMIND;
    return ENG_OK;
}

/* ---- the solo AI (section 10) -------------------------------------------------------------------------- */

static int centre_dist(const ov_state *st, int u)
{
    int best = OV_FAR;
    FOR_MODELS(j) {
        const ov_model *m = &st->m[j];
        if (!alive(m) || m->unit != u)
            continue;
        int d = MAX(abs(2 * m->x - (OV_BOARD - 1)), abs(2 * m->y - (OV_BOARD - 1)));
        best = MIN(d, best);
    }
    return best;
}

static int attack_strength(const ov_model *m)
{
    int a = m->melee > m->sa ? m->melee : m->sa;
    return a > m->la ? a : m->la;
}

static int unit_strength(const ov_state *st, int u)
{
    int best = 0;
    FOR_MODELS(j)
        if (alive(&st->m[j]) && st->m[j].unit == u && attack_strength(&st->m[j]) > best)
            best = attack_strength(&st->m[j]);
    return best;
}

/* Activation order: nearest the centre of the board, then the highest unit
 * cost, then the most attacks. */
int eng_overmind_run_order(eng_state *es)
{
    ov_state *st = eng_data(es);
    int cand[OV_MAXM], n = 0;
    FOR_MODELS(j) {
        const ov_model *m = &st->m[j];
        if (alive(m) && m->side == S_ALIEN && !m->acted && leader(st, m->unit) == j)
            cand[n++] = j;
    }
    if (n == 0) {
        eng_step(es, "overmind.order.none");
        return 0;
    }
    int best = OV_FAR, k = 0;
    for (int i = 0; i < n; i++)
        best = MIN(centre_dist(st, st->m[cand[i]].unit), best);
    for (int i = 0; i < n; i++)
        if (centre_dist(st, st->m[cand[i]].unit) == best)
            cand[k++] = cand[i];
    const char *why = "overmind.order.nearest";
    if (k > 1) {
        int cost = 0, c = 0;
        for (int i = 0; i < k; i++)
            cost = MAX(st->m[cand[i]].cost, cost);
        for (int i = 0; i < k; i++)
            if (st->m[cand[i]].cost == cost)
                cand[c++] = cand[i];
        k = c;
        why = "overmind.order.cost";
    }
    if (k > 1) {
        int att = -1, pick = cand[0];
        for (int i = 0; i < k; i++)
            if (unit_strength(st, st->m[cand[i]].unit) > att)
                att = unit_strength(st, st->m[cand[i]].unit), pick = cand[i];
        cand[0] = pick;
        why = "overmind.order.attacks";
    }
    st->ai_unit = st->m[cand[0]].unit;
    activate(es, st, cand[0]);
    eng_step(es, why);
    return 0;
}

static int nearest_hero(const ov_state *st, int i)
{
    int best = -1;
    FOR_MODELS(j)
        if (alive(&st->m[j]) && st->m[j].side == S_HERO && (best < 0 || dist(&st->m[i], &st->m[j]) < dist(&st->m[i], &st->m[best])))
            best = j;
    return best;
}

/* Movement: a blip in a hero's sight turns over; else at the mission marker,
 * else at the nearest hero; ranged models to their farthest shot distance,
 * melee models as close as they can. */
int eng_overmind_run_move(eng_state *es)
{
    ov_state *st = eng_data(es);
    int l = leader(st, st->ai_unit);
    if (l < 0)
        return -1;
    ov_model *m = &st->m[l];
    if (m->blip && hero_sees(st, l)) {
        flip(es, st, m->unit, 1);
        eng_step(es, "overmind.move.flip");
        return 0;
    }
    int tx, ty;
    if (st->marker) {
        tx = st->mx, ty = st->my;
        eng_step(es, "overmind.move.marker");
    } else {
        int h = nearest_hero(st, l);
        if (h < 0)
            return -1;
        tx = st->m[h].x, ty = st->m[h].y;
        eng_step(es, "overmind.move.hero");
    }
    int allow = m->blip ? OV_BLIPMOVE : m->move;
    if (m->lr > 0) {
        approach(es, st, l, tx, ty, m->lr, allow);
        eng_step(es, "overmind.move.range");
    } else {
        approach(es, st, l, tx, ty, 1, allow);
        eng_step(es, "overmind.move.close");
    }
    return 0;
}

/* The hero the unit attacks in mode kind: the nearest, then the lowest
 * defence, then the highest attack. *why: which rule decided. */
static int choose_target(const ov_state *st, int u, int kind, const char **why)
{
    int cand[OV_MAXM], dd[OV_MAXM], n = 0, value;
    FOR_MODELS(h) {
        int ok = 0, d = OV_FAR;
        FOR_MODELS(j)
            if (alive(&st->m[j]) && st->m[j].unit == u && !st->m[j].blip && alive(&st->m[h]) && st->m[h].side == S_HERO) {
                ok |= attack_value(st, j, h, kind, &value) == NULL;
                d = dist(&st->m[j], &st->m[h]) < d ? dist(&st->m[j], &st->m[h]) : d;
            }
        if (ok)
            dd[n] = d, cand[n++] = h;
    }
    if (n == 0)
        return -1;
    int best = OV_FAR, k = 0;
    for (int i = 0; i < n; i++)
        best = MIN(dd[i], best);
    for (int i = 0; i < n; i++)
        if (dd[i] == best)
            cand[k++] = cand[i];
    *why = "overmind.target.nearest";
    if (k > 1) {
        int low = OV_FAR, c = 0;
        for (int i = 0; i < k; i++)
            low = MIN(st->m[cand[i]].def, low);
        for (int i = 0; i < k; i++)
            if (st->m[cand[i]].def == low)
                cand[c++] = cand[i];
        k = c;
        *why = "overmind.target.defence";
    }
    if (k > 1) {
        int att = -1, pick = cand[0];
        for (int i = 0; i < k; i++)
            if (attack_strength(&st->m[cand[i]]) > att)
                att = attack_strength(&st->m[cand[i]]), pick = cand[i];
        cand[0] = pick;
        *why = "overmind.target.strongest";
    }
    return cand[0];
}

/* Combat: melee before ranged; every model at the same hero, a new one when
 * it falls; a unit that cannot attack goes on overwatch. */
int eng_overmind_run_target(eng_state *es)
{
    ov_state *st = eng_data(es);
    int u = st->ai_unit, kind = K_MELEE;
    const char *why = NULL;
    int t = choose_target(st, u, K_MELEE, &why);
    if (t < 0) {
        kind = K_SHOT;
        t = choose_target(st, u, K_SHOT, &why);
    }
    if (t < 0) {
        FOR_MODELS(j)
            if (alive(&st->m[j]) && st->m[j].unit == u)
                st->m[j].ow = 1, st->m[j].ow_moved = st->m[j].moved;
        eng_step(es, "overmind.target.overwatch");
        return 0;
    }
    st->ai_mode = kind == K_MELEE ? 1 : 2;
    eng_step(es, kind == K_MELEE ? "overmind.target.melee" : "overmind.target.ranged");
    st->ai_target = t + 1;
    eng_step(es, why);
    FOR_MODELS(j) {
        int value;
        if (!alive(&st->m[j]) || st->m[j].unit != u || st->m[j].blip)
            continue;
        if (!alive(&st->m[t]))
            t = choose_target(st, u, kind, &why);
        if (t >= 0 && attack_value(st, j, t, kind, &value) == NULL)
            resolve(es, st, j, t, kind, W_NONE, value, STANDING, QUIET);
    }
    eng_step(es, "overmind.target.attack");
    return 0;
}

/* Behaviour in solo play: attack, then interact, then move; an XXL model
 * breaks a wall before all of them. */
int eng_overmind_run_behaviour(eng_state *es)
{
    ov_state *st = eng_data(es);
    int l = leader(st, st->ai_unit), value;
    if (l < 0)
        return -1;
    ov_model *m = &st->m[l];
    if (m->xxl && m->wall >= 2) {
        st->wall_broken = 1;
        eng_note(es, EV_WALL);
        eng_step(es, "overmind.behaviour.wall");
        return 0;
    }
    for (int kind = 1; kind <= 4; kind++) {
        if (kind == 3 || !(m->behav & (1 << kind)))
            continue;
        FOR_MODELS(h) {
            int ok = alive(&st->m[h]) && enemies(m, &st->m[h]);
            /* quick shot and rush roll one die fewer: a value of 1 cannot */
            if (ok && kind == 1)
                ok = attack_value(st, l, h, K_SHOT, &value) == NULL && value > 1;
            if (ok && kind == 2)
                ok = !st->m[h].hidden && dist(m, &st->m[h]) <= OV_BEHAVEMOVE + 1 && m->melee > 1;
            if (ok && kind == 4)
                ok = attack_value(st, l, h, K_FEAR, &value) == NULL;
            if (ok) {
                behave(es, st, l, kind, h, 0, 0);
                eng_step(es, "overmind.behaviour.attack");
                return 0;
            }
        }
    }
    if (st->marker && abs(st->mx - m->x) <= 1 && abs(st->my - m->y) <= 1) {
        st->marker = 0;
        st->wrench++;
        eng_step(es, "overmind.behaviour.interact");
        return 0;
    }
    if (m->behav & (B_COVER | B_PROTECT)) {
        behave(es, st, l, m->behav & B_COVER ? 0 : 3, 0, m->x, m->y);
        eng_step(es, "overmind.behaviour.move");
        return 0;
    }
    st->pending = 0;
    eng_step(es, "overmind.behaviour.none");
    return 0;
}

/* Mission 5 (the control room): one activation of unit ai.unit works the
 * priorities in order: heal when below 50 % health (the unit with the
 * fewest models, the nearest on a tie), move only from a red field (to the
 * nearest occupied tractor beam, the marker), spawn 1 unit, attack. */
ACTION(act_mission5)
{
    ST;
    (void)arg;
    int u = st->ai_unit, l = leader(st, u), hp = 0, full = 0;
    if (l < 0)
        REFUSE("the unit is not on the board");
    FOR_MODELS(j)
        if (alive(&st->m[j]) && st->m[j].unit == u)
            hp += st->m[j].hp, full += st->m[j].hpmax;
    if (2 * hp < full) {
        int best = l;
        FOR_MODELS(j)
            if (alive(&st->m[j]) && st->m[j].side == S_ALIEN &&
                (unit_size(st, st->m[j].unit) < unit_size(st, st->m[best].unit) ||
                 (unit_size(st, st->m[j].unit) == unit_size(st, st->m[best].unit) &&
                  dist(&st->m[l], &st->m[j]) < dist(&st->m[l], &st->m[best]))))
                best = j;
        FOR_MODELS(j)
            if (alive(&st->m[j]) && st->m[j].unit == st->m[best].unit)
                st->m[j].hp = MIN(st->m[j].hp + 1, st->m[j].hpmax);
        eng_note(es, EV_HEAL);
    }
    if (st->m[l].terrain == T_OPEN && st->marker)
        approach(es, st, l, st->mx, st->my, 0, st->m[l].move);
    spawn(es, st, 1);
    const char *why;
    int t = choose_target(st, u, K_MELEE, &why), kind = K_MELEE;
    if (t < 0)
        t = choose_target(st, u, K_SHOT, &why), kind = K_SHOT;
    if (t >= 0)
        unit_attack(es, st, leader(st, u), t, kind, W_NONE, 0);
    return ENG_OK;
}

ACTION(act_solo_order)
{
    (void)data, (void)arg, (void)err, (void)errlen;
    return eng_overmind_run_order(es) == 0 ? ENG_OK : ENG_ERROR;
}

ACTION(act_solo_target)
{
    (void)data, (void)arg, (void)err, (void)errlen;
    return eng_overmind_run_target(es) == 0 ? ENG_OK : ENG_ERROR;
}

ACTION(act_solo_move)
{
    (void)data, (void)arg;
    if (eng_overmind_run_move(es) != 0)
        REFUSE("no unit to move or no goal");
    return ENG_OK;
}

/* ---- a hero's activation and the combat sequence, as procedures ------------------------------------- */

static void hero_action(eng_state *es, ov_state *st, int i, int act)
{
    ov_model *h = &st->m[i];
    int t = st->ai_target - 1, value;
    if (act == A_MOVE || act == A_SPRINT) {
        approach(es, st, i, st->m[t].x, st->m[t].y, 1, act == A_SPRINT ? h->move / 2 : h->move);
        h->moved = 1;
    } else if (act == A_ATTACK) {
        int kind = dist(h, &st->m[t]) == 1 ? K_MELEE : K_SHOT;
        if (attack_value(st, i, t, kind, &value) == NULL)
            resolve(es, st, i, t, kind, W_NONE, value, STANDING, QUIET);
    } else if (act == A_INTERACT) {
        if (h->hp < h->hpmax)
            h->hp++;
        eng_note(es, EV_HEAL);
        gain_xp(es, h, 1);
    } else if (act == A_OVERWATCH) {
        h->ow = 1;
        h->ow_moved = h->moved;
    }
    done(st, i, act);
}

/* Two different actions; a stunned or knocked-down hero spends the first on
 * recovering; overwatch after moving shoots at -1. */
int eng_overmind_run_hero(eng_state *es)
{
    ov_state *st = eng_data(es);
    int i = st->ai_who - 1;
    ov_model *h = &st->m[i];
    activate(es, st, i);
    if (h->stunned || h->down) {
        h->stunned = h->down = 0;
        done(st, i, A_RECOVER);
        eng_step(es, "overmind.hero.recover");
    } else {
        hero_action(es, st, i, st->ai_first);
        eng_step(es, "overmind.hero.first");
    }
    if (st->ai_second == st->prev) {
        finish(st, i);
        eng_step(es, "overmind.hero.repeat");
    } else if (st->ai_second == A_OVERWATCH && h->moved) {
        hero_action(es, st, i, A_OVERWATCH);
        eng_step(es, "overmind.hero.overwatch-moved");
    } else {
        hero_action(es, st, i, st->ai_second);
        eng_step(es, "overmind.hero.second");
    }
    return 0;
}

int eng_overmind_run_combat(eng_state *es)
{
    ov_state *st = eng_data(es);
    int a = st->ai_who - 1, t = st->ai_target - 1, value;
    if (attack_value(st, a, t, st->ai_kind, &value) != NULL)
        return -1;
    resolve(es, st, a, t, st->ai_kind, W_NONE, value, STANDING, TRACED);
    return 0;
}

/* ---- scaffolding: the key table --------------------------------------------------------------------------------------- */

static const char *const side_names[] = {"none", "hero", "alien", NULL};
static const char *const terrain_names[] = {"normal", "cover", "open", NULL};
static const char *const mode_names[] = {"conquest", "narrative", "quick", "solo", NULL};
static const char *const region_names[] = {"normal", "alien-fortified", "hero-fortified", NULL};
static const char *const over_names[] = {"none", "heroes", "overmind", "draw", NULL};
static const char *const act_names[] = {"none", "move", "sprint", "attack", "psycho", "interact", "overwatch",
                                        "extract", "flip", "recover", NULL};
static const char *const kind_names[] = {"melee", "shot", "psycho", "fear", NULL};
static const char *const team_names[] = {"heroes", "overmind", NULL};

#define M_INT(pat, f, l, h, d) ENG_KEY_INT1(pat, OV_MAXM, ov_state, m[0].f, sizeof(ov_model), l, h, d)
#define G_INT(pat, f, l, h, d) ENG_KEY_INT(pat, ov_state, f, l, h, d)

static const eng_key ov_keys[] = {
    ENG_KEY_ENUM("mode", ov_state, mode, mode_names, "the game mode"),
    G_INT("night", night, 0, 1, "1 in a night fight: no long-range shots"),
    G_INT("round", round, 0, 99, "rounds of the mission begun"),
    ENG_KEY_ENUM("over", ov_state, over, over_names, "who won the mission, none while it runs"),
    G_INT("mission", mission, 0, 6, "the narrative campaign's mission (1..5)"),
    G_INT("options", options, 0, 20, "missions to choose from for the next one (narrative)"),
    ENG_KEY_ENUM("campaign.winner", ov_state, camp_over, over_names, "who won the campaign, none while it runs"),
    G_INT("active", active, 0, OV_MAXM, "the model whose activation is under way, 0 none"),
    G_INT("actions", nacts, 0, 2, "actions taken in the activation under way"),
    G_INT("interrupted", interrupted, 0, 1, "1 once the Overmind interrupted this round"),
    G_INT("pending", pending, 0, OV_MAXM, "the unit that may take its behaviour now, 0 none"),
    G_INT("deck", deck, 0, 40, "mutation cards in the draw pile"),
    G_INT("hand", hand, 0, 40, "mutation cards in the Overmind's hand"),
    G_INT("discard", discard, 0, 40, "mutation cards discarded"),
    G_INT("ultimate", ultimate, 0, 20, "ultimate mutation cards in the deck"),
    G_INT("mutated", mutated, 0, OV_MAXM, "solo: the unit the round's cards act on, 0 none yet"),
    ENG_KEY_ENUM("region", ov_state, region, region_names, "the region of the mission"),
    G_INT("points", points, 0, 99, "unit points of the mission"),
    G_INT("spent", spent, 0, 99, "unit points spent"),
    G_INT("reinforcements", reinf, 0, 99, "reinforcement points left"),
    G_INT("decoys", decoys, 0, 9, "decoy tokens of the mission"),
    G_INT("abduction", abduct, 0, 999, "the Overmind's abduction markers"),
    G_INT("nodes", nodes, 0, 99, "the Overmind's upgrade nodes"),
    G_INT("spanners", wrench, 0, 99, "spanner markers the Overmind's blips took this mission"),
    G_INT("explorations", explore, 0, 99, "exploration tokens the Overmind's blips took this mission"),
    G_INT("items", items, 0, 999, "the heroes' items"),
    G_INT("marker", marker, 0, 1, "1 when a mission marker or VIP is on the board"),
    G_INT("marker.x", mx, 0, OV_BOARD - 1, "its column"),
    G_INT("marker.y", my, 0, OV_BOARD - 1, "its row"),
    G_INT("wall.broken", wall_broken, 0, 1, "1 when the building's wall is broken"),
    G_INT("agenda.goals", goals, 0, 2, "hidden agenda objectives reached"),
    G_INT("agenda.shown", shown, 0, 1, "1 once the hidden agenda card is shown"),
    G_INT("agenda.drawn", drawn, 0, 9, "hidden agenda cards drawn"),
    G_INT("agenda.kept", kept, 0, 9, "hidden agenda cards kept"),
    G_INT("station.hq", hq, 0, 1, "the space station's headquarters"),
    G_INT("station.warehouse", warehouse, 0, 1, "the space station's warehouse"),
    G_INT("campaign.round", camp_round, 0, 9, "conquest: campaign rounds played"),
    G_INT("regions.heroes", reg_h, 0, 20, "conquest: regions of the heroes"),
    G_INT("regions.overmind", reg_o, 0, 20, "conquest: regions of the Overmind"),
    G_INT("vp.heroes", vp_h, 0, 20, "conquest: victory points of the heroes"),
    G_INT("vp.overmind", vp_o, 0, 20, "conquest: victory points of the Overmind"),
    G_INT("fortified.heroes", fort_h, 0, 9, "conquest: fortified regions of the heroes"),
    G_INT("fortified.overmind", fort_o, 0, 9, "conquest: fortified regions of the Overmind"),
    ENG_KEY_ENUM("turn", ov_state, turn, team_names, "conquest: the team choosing in the global operations"),
    G_INT("spawn.cards", spawn_cards, 0, 99, "solo: spawn cards drawn"),
    G_INT("spawn.units", spawn_units, 0, 99, "mission 4: units spawned"),
    G_INT("spawn.point", spawn_point, 0, 4, "mission 4: the spawn point used from round 3, clockwise 1..4"),
    G_INT("field.destroyed", field_destroyed, 0, 1, "1 when the attacked field is destroyed"),
    G_INT("last.value", l_value, 0, 99, "the last attack's value"),
    G_INT("last.dice", l_dice, 0, 99, "attack dice rolled"),
    G_INT("last.hits", l_hits, 0, 99, "hits of the last attack (double hits count 2, converted blanks 1)"),
    G_INT("last.crits", l_crits, 0, 99, "critical hits of the last attack"),
    G_INT("last.blanks", l_blanks, 0, 99, "blanks left of the last attack"),
    G_INT("last.converted", l_conv, 0, 99, "blanks counted as hits (attack above 5)"),
    G_INT("last.defence", l_def, 0, 99, "hits the defence negated"),
    G_INT("last.defence-dice", l_defdice, 0, 99, "defence dice rolled"),
    G_INT("last.damage", l_damage, 0, 99, "health the target unit lost"),
    G_INT("last.friendly-fire", l_ff, 0, 99, "critical hits on the friendly model"),
    G_INT("ai.unit", ai_unit, 0, OV_MAXM, "the unit the solo AI acts with"),
    G_INT("ai.who", ai_who, 1, OV_MAXM, "the hero or attacker of a procedure"),
    G_INT("ai.target", ai_target, 0, OV_MAXM, "the target model of a procedure, 0 none"),
    G_INT("ai.mode", ai_mode, 0, 2, "solo combat: 1 melee, 2 ranged, 0 none"),
    ENG_KEY_ENUM("ai.first", ov_state, ai_first, act_names, "the hero's first action"),
    ENG_KEY_ENUM("ai.second", ov_state, ai_second, act_names, "the hero's second action"),
    ENG_KEY_ENUM("ai.kind", ov_state, ai_kind, kind_names, "the attack of the combat procedure"),
    ENG_KEY_ENUM1("mN.side", OV_MAXM, ov_state, m[0].side, sizeof(ov_model), side_names, "hero, alien or none"),
    M_INT("mN.unit", unit, 0, OV_MAXM, "the unit"),
    M_INT("mN.x", x, 0, OV_BOARD - 1, "column"),
    M_INT("mN.y", y, 0, OV_BOARD - 1, "row"),
    M_INT("mN.health", hp, 0, 99, "health left"),
    M_INT("mN.health.max", hpmax, 0, 99, "full health"),
    M_INT("mN.melee", melee, 0, 20, "melee attack"),
    M_INT("mN.short.range", sr, 0, 20, "short range"),
    M_INT("mN.short.attack", sa, 0, 20, "short-range attack"),
    M_INT("mN.long.range", lr, 0, 20, "long range"),
    M_INT("mN.long.attack", la, 0, 20, "long-range attack"),
    M_INT("mN.move", move, 0, 20, "movement"),
    M_INT("mN.defence", def, 0, 20, "defence"),
    M_INT("mN.cost", cost, 0, 99, "the unit's cost"),
    M_INT("mN.size", size, 0, 9, "models of the unit on its card"),
    M_INT("mN.psychic", psychic, 0, 1, "1 with psychic powers"),
    M_INT("mN.xxl", xxl, 0, 1, "1 for an XXL model"),
    M_INT("mN.blip", blip, 0, 1, "1 while under its blip token"),
    M_INT("mN.decoy", decoy, 0, 1, "1 for a decoy token"),
    ENG_KEY_ENUM1("mN.terrain", OV_MAXM, ov_state, m[0].terrain, sizeof(ov_model), terrain_names, "the field's terrain"),
    M_INT("mN.inside", inside, 0, 1, "1 inside a building"),
    M_INT("mN.hidden", hidden, 0, 1, "1 when no enemy has line of sight to it"),
    M_INT("mN.deploy", deploy, 0, 1, "1 on a deployment point"),
    M_INT("mN.wall", wall, 0, 4, "XXL: its fields touching a wall"),
    M_INT("mN.shaken", shaken, 0, 1, "shaken this round"),
    M_INT("mN.shaken.by", shaken_by, 0, OV_MAXM, "the model that shook it"),
    M_INT("mN.stunned", stunned, 0, 1, "stunned"),
    M_INT("mN.down", down, 0, 1, "knocked down"),
    M_INT("mN.acted", acted, 0, 1, "activated this round"),
    M_INT("mN.behaviour", behav, 0, 31, "behaviours: 1 cover, 2 quick shot, 4 rush, 8 protect, 16 terror"),
    M_INT("mN.overwatch", ow, 0, 1, "on overwatch"),
    M_INT("mN.overwatch.moved", ow_moved, 0, 1, "went on overwatch after moving (-1)"),
    M_INT("mN.moved", moved, 0, 1, "moved in its activation"),
    M_INT("mN.xp", xp, 0, 99, "experience points on the level track"),
    M_INT("mN.level", level, 0, 2, "level"),
    M_INT("mN.neon", neon, 0, 99, "Neon-Rush tokens"),
    M_INT("mN.station", station, 0, 1, "at the space station"),
    M_INT("mN.out", out, 0, 1, "removed from the mission"),
    M_INT("mN.path", path, 0, 2, "the unit's upgrade path, 0 none"),
};

/* ---- scaffolding: the action table ------------------------------------------------------------------------------------ */

#define P_MODEL(nm) {nm, ENG_INT, 1, OV_MAXM, 1, 1, NULL}
#define P_OPT(nm) {nm, ENG_INT, 1, OV_MAXM, 1, 0, NULL}
#define P_INT(nm, l, h, d) {nm, ENG_INT, l, h, d, 0, NULL}
#define P_ENUM(nm, names, d) {nm, ENG_ENUM, 0, 0, d, 0, names}

static const char *const behave_names[] = {"cover", "quick", "rush", "protect", "terror", NULL};
static const char *const move_terrain[] = {"keep", "normal", "cover", "open", "building", NULL};
static const char *const weapon_names[] = {"none", "stun", "knockdown", NULL};
static const char *const interact_names[] = {"spanner", "exploration", "heal", "mission", NULL};
static const char *const field_names[] = {"hazard", "deployment", "hero-deployment", NULL};
static const char *const op_names[] = {"conquer", "liberate", NULL};

static const eng_action ov_actions[] = {
    {"campaign", "a campaign of the mode with 6 heroes (mM.side=hero)", {P_ENUM("mode", mode_names, 0)}, act_campaign, NULL},
    {"mission", "a mission: region (conquest, quick game) or points", {P_ENUM("region", region_names, 0), P_INT("points", 0, 99, 18)}, act_mission, NULL},
    {"night-roll", "roll for day or night", {{NULL, 0, 0, 0, 0, 0, NULL}}, act_night_roll, NULL},
    {"recruit", "the Overmind takes units worth cost", {P_INT("cost", 0, 99, 0)}, act_recruit, NULL},
    {"muster", "unspent points go to the reinforcements", {{NULL, 0, 0, 0, 0, 0, NULL}}, act_muster, NULL},
    {"deploy-point", "a deployment point", {P_ENUM("side", team_names, 0), P_INT("tiles", 0, 9, 2)}, act_deploy_point, NULL},
    {"deploy", "a model placed at point, dist fields from it", {P_MODEL("who"), P_INT("point", 1, 2, 1), P_INT("dist", 0, 9, 0)}, act_deploy, NULL},
    {"round", "a new round: cards drawn, activations reset", {{NULL, 0, 0, 0, 0, 0, NULL}}, act_round, NULL},
    {"activate", "begin a model's (unit's) activation", {P_MODEL("who")}, act_activate, NULL},
    {"end", "end the activation under way", {{NULL, 0, 0, 0, 0, 0, NULL}}, act_end, NULL},
    {"move", "move (sprint=1: sprint) to x y", {P_MODEL("who"), P_INT("x", 0, OV_BOARD - 1, 0), P_INT("y", 0, OV_BOARD - 1, 0), P_INT("sprint", 0, 1, 0), P_ENUM("terrain", move_terrain, 0)}, act_move, NULL},
    {"attack", "attack a model", {P_MODEL("who"), P_MODEL("target"), P_ENUM("kind", kind_names, 0), P_ENUM("weapon", weapon_names, 0)}, act_attack, NULL},
    {"interact", "interact", {P_MODEL("who"), P_ENUM("with", interact_names, 0), P_OPT("target")}, act_interact, NULL},
    {"overwatch", "go on overwatch", {P_MODEL("who")}, act_overwatch, NULL},
    {"extract", "to the space station from a deployment point", {P_MODEL("who")}, act_extract, NULL},
    {"return", "a hero back from the station to a deployment point at x y", {P_MODEL("who"), P_INT("x", 0, OV_BOARD - 1, 0), P_INT("y", 0, OV_BOARD - 1, 0)}, act_return, NULL},
    {"flip", "turn a blip token over (no behaviour)", {P_MODEL("who")}, act_flip, NULL},
    {"recover", "end stunned or knocked down", {P_MODEL("who")}, act_recover, NULL},
    {"push", "push back (blocked=1: it cannot go back)", {P_MODEL("who"), P_INT("blocked", 0, 1, 0)}, act_push, NULL},
    {"strike", "an attack outside an activation (with a weapon)", {P_MODEL("who"), P_MODEL("target"), P_ENUM("kind", kind_names, 0), P_ENUM("weapon", weapon_names, 0)}, act_strike, NULL},
    {"behave", "the behaviour of a revealed unit", {P_MODEL("who"), P_ENUM("kind", behave_names, 0), P_OPT("target"), P_INT("x", 0, OV_BOARD - 1, 0), P_INT("y", 0, OV_BOARD - 1, 0)}, act_behave, NULL},
    {"break-wall", "an XXL model breaks a wall", {P_MODEL("who")}, act_break_wall, NULL},
    {"hit-field", "attack a hazard or deployment field", {P_ENUM("kind", field_names, 0), P_INT("attack", 0, 20, 1)}, act_hit_field, NULL},
    {"xp", "a hero gains XP", {P_MODEL("who"), P_INT("n", 0, 99, 1)}, act_xp, NULL},
    {"neon", "spend a Neon-Rush token for a re-roll", {P_MODEL("who")}, act_neon, NULL},
    {"play", "play (or discard) n mutation cards; supreme option: 2", {P_INT("n", 0, 9, 1)}, act_play, NULL},
    {"interrupt", "interrupt a hero's activation with unit of model who", {P_MODEL("who")}, act_interrupt, NULL},
    {"redraw", "discard n cards and draw as many", {P_INT("n", 0, 9, 1)}, act_redraw, NULL},
    {"ultimate", "buy n ultimate mutation cards", {P_INT("n", 0, 20, 1)}, act_ultimate, NULL},
    {"node", "buy an upgrade node", {{NULL, 0, 0, 0, 0, 0, NULL}}, act_node, NULL},
    {"upgrade", "upgrade a unit along a path", {P_INT("unit", 1, OV_MAXM, 1), P_INT("path", 1, 2, 1)}, act_upgrade, NULL},
    {"merge", "merge unit from into unit to", {P_INT("from", 1, OV_MAXM, 1), P_INT("to", 1, OV_MAXM, 1)}, act_merge, NULL},
    {"split", "model who leaves for unit to", {P_MODEL("who"), P_INT("to", 1, OV_MAXM, 1)}, act_split, NULL},
    {"reinforce", "a reinforcement of cost onto a deployment field", {P_MODEL("who"), P_INT("cost", 0, 99, 0)}, act_reinforce, NULL},
    {"end-mission", "the mission ends with a winner", {P_ENUM("winner", team_names, 0)}, act_end_mission, NULL},
    {"global-op", "conquest: a team picks a region", {P_ENUM("team", team_names, 0), P_ENUM("op", op_names, 0), P_INT("fortify", 0, 1, 0)}, act_global_op, NULL},
    {"hold", "conquest mission: models in the building after 5 rounds", {P_INT("attacker", 0, 20, 0), P_INT("defender", 0, 20, 0)}, act_hold, NULL},
 {"solo-order", "the solo AI activates the next alien unit (ai.unit)", {{NULL, 0, 0, 0, 0, 0, NULL}}, act_solo_order, NULL},
    {"solo-target", "the solo AI attacks with unit ai.unit", {{NULL, 0, 0, 0, 0, 0, NULL}}, act_solo_target, NULL},
    {"solo-move", "the solo AI moves unit ai.unit", {{NULL, 0, 0, 0, 0, 0, NULL}}, act_solo_move, NULL},
    {"mission5", "mission 5: one activation of unit ai.unit by the AI's priorities", {{NULL, 0, 0, 0, 0, 0, NULL}}, act_mission5, NULL},
    {"agenda-draw", "the Overmind draws his hidden agenda cards", {{NULL, 0, 0, 0, 0, 0, NULL}}, act_agenda_draw, NULL},
    {"agenda", "the Overmind reaches a hidden agenda objective", {{NULL, 0, 0, 0, 0, 0, NULL}}, act_agenda, NULL},
};

/* ---- a fresh game ----------------------------------------------------------------------------------------------------------- */

static void ov_init(void *data)
{
    ov_state *st = data;
    st->mode = MO_QUICK;
    st->mission = 1;
    st->deck = OV_DECK;
    st->ai_who = 1;
}

/* ---- scaffolding: the game declaration ------------------------------------------------------------------------------------- */

static const char *const ov_statuses[] = {
    "overmind.status.shaken", "overmind.status.stunned", "overmind.status.down", "overmind.status.pushed",
    "overmind.blip.cover", "overmind.blip.quick", "overmind.blip.rush", "overmind.blip.protect", "overmind.blip.terror",
    "overmind.face.hit", "overmind.face.hit2", "overmind.face.crit", "overmind.face.def", "overmind.face.def2",
    "overmind.face.blank",
    "overmind.terrain.open", "overmind.terrain.cover", "overmind.terrain.building", "overmind.terrain.hazard",
    "overmind.terrain.deployment", NULL};

const eng_game eng_overmind_game = {
    "overmind", "Helden gegen den Overmind", sizeof(ov_state), ov_init, ov_keys, ENG_COUNT(ov_keys), ov_actions,
    ENG_COUNT(ov_actions), ov_events, ov_dice, eng_overmind_facts, ENG_OVERMIND_NFACTS, eng_overmind_ais,
    ENG_OVERMIND_NAIS, ov_statuses, NULL, NULL, NULL,
};
