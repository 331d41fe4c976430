/* eng_overmind_facts.c — what the Overmind engine is measured by: its facts
 * (each a probe that plays the rule through actions and reads the result
 * back), and the predicates, postconditions and enumerators of its
 * procedures. Only the public interface (eng.h) is used here. */
/* Equivalent mutants
 * ------------------
 * Mutants of src/eng_overmind.c (`make mutate GAMES=overmind`) that survive
 * `check overmind`, sorted in the om6 round from the whole run of 4479f43
 * (every mutant: 1694 of 1850, 91.6 %, 156 survivors) and re-tested one by
 * one on 4e34baa; lines as of 4e34baa. The rest of the 156 were killed by
 * scenarios, facts and flowchart states, or went with code that could not
 * fail (kill()'s killer >= 0, begin()'s third action, act_extract's done()).
 *
 * Equivalent: cannot change what the engine does.
 *   Truth values (read only as true or false): 114 in_melee's, 122
 *       unit_alive's, 433 hero_sees's, 444 free_field's, 587
 *       heroes_waiting's `return 1` -> 2; 515 sight's, 947 act_attack's and
 *       1497 run_move's `flip(..., 1)` -> 2 (flip reads `automatic` as a
 *       truth value); 1244 act_redraw's `redrawn = 1` -> 2.
 *   "None" returns and sentinels -1 -> -2 (tested < 0, >= 0 or != 0): 139
 *       leader, 337 friend_in_melee, 1118 behave's (Protect) `best`, 1479
 *       nearest_hero's `best`, 1494 and 1508 run_move's and 1611
 *       run_behaviour's `return -1` (their callers test != 0), 1539
 *       choose_target's, 1772 run_combat's (the flowchart check reads any
 *       negative return as an error).
 *   The same minimum or maximum when equal: 665 draw's `n < deck` (-> <=),
 *       696 the hand limit's `hand > 5` (-> >=: 0 discarded either way), 830
 *       act_recruit's `spent > points` (-> >=: 0 off the reinforcements),
 *       1418 and 1419 attack_strength's `>` (-> >=), 1426 unit_strength's
 *       `> best` (-> >=), 1533 choose_target's nearest model `<` (-> <=).
 *   Values never reached: 571 approach's `d < want` (-> <=: d == want left
 *       the loop the line before), 599 activate's `solo_cards = 0` (-> -1:
 *       only tested > 0), 744 end_mission's `options[] = {0, ...}` (-> 1,
 *       -1: options[0] is never read, missions count from 1), 1396
 *       act_agenda's `? 1` (-> 0: goals was raised to 1 at least the line
 *       before), 1619 run_behaviour's `kind <= 4` (-> <= 5: 1 << 5 is no
 *       behaviour, the flags end at 16), 1682 act_mission5's move to the
 *       marker with want 0 (-> -1: at the marker the step is 0 either way).
 *   Offsets every candidate shares: 1424 unit_strength's `best = 0` (-> -1:
 *       only a unit of no attack reads -1 instead of 0, the order is the
 *       same); 1454 run_order's `cost = 0` (-> -1: costs are 0 or more);
 *       1464 run_order's and 1558 choose_target's `att = -1` (-> -2, 0) and
 *       `pick = cand[0]` (-> cand[1]): the first candidate's strength (0 or
 *       more) beats -1 and sets pick; from 0 a strength of 0 keeps cand[0].
 *   Arguments the callee does not read: 1632 run_behaviour's `behave(...,
 *       h, 0, 0)` x and y (-> 1, -1: only Take Cover reads a field), 1645
 *       its `behave(..., 0, m->x, m->y)` target (-> 1, -1: Take Cover and
 *       Protect read no target).
 *   Names swapped alike: 941 act_attack's `kind == K_PSYCHO` (-> !=): the
 *       psycho attack and the attack trade their action numbers everywhere
 *       they are compared (no action twice), so no sequence changes.
 *   Models no rule reads: 498 flip's `j == l || !alive(m)` (-> &&): the
 *       leader is skipped anyway (its token flag was cleared the line
 *       before); a removed model of the unit would be given a field.
 *
 * Not equivalent, not killed (listed so that the score is read right):
 *   - Ties the source does not break (the engine takes the first; the
 *     sheet prints the gap and leaves the choice to the players, so any
 *     tied one is right and no content can tell them apart): 228
 *     wound_unit's lowest defence `<` (-> <=: the last of models with equal
 *     defence takes the damage first), 1121 behave's (Protect) nearest
 *     friendly unit, 1466 run_order's and 1560 choose_target's most attacks
 *     `> att` (-> >=), 1674 act_mission5's nearest unit to heal (-> <=).
 *   - 1115 behave (Rush) `alive(m) && dist(...) == 1` -> ||: the other
 *     models of the unit attack when the rushing model fell on the way next
 *     to its target. The source speaks of one model ("Gelangt das Modell in
 *     Nahkampfreichweite"), not of a unit's other models.
 *   - 1454 run_order `cost = 0` -> 1: differs only when every unit left
 *     costs 0; no alien unit does (decoys cost 0 but have no attack, so the
 *     attack rule keeps the first either way).
 *   - 1610 run_behaviour `l < 0` -> < -1 (model -1: undefined behaviour)
 *     and 1611, 1772 `return -1` -> 0: ai.unit naming no unit, or a combat
 *     procedure whose attack is refused, which no flowchart state sets up
 *     (the solo-move and mission5 actions refuse it, see solo-karte).
 *   - 1628 run_behaviour's Rush test `dist <= 6` (-> < 6) and `melee > 1`
 *     (-> > 0): the behaviour states meet neither edge in a way the
 *     postconditions tell apart (to widen).
 *   - 1689 act_mission5's attack modifier 0 -> 1: mission5-erster reads the
 *     health and the attacks, not the attack value (to add). */
#include "eng_overmind.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROBE(name) static int name(eng_probe *p, long *value)
#define GET(...) eng_probe_get(p, __VA_ARGS__)
#define SETL(v, ...) eng_probe_setl(p, (v), __VA_ARGS__)
#define SET(v, ...) eng_probe_set(p, (v), __VA_ARGS__)
#define DO(action, ...) eng_probe_do(p, (action), __VA_ARGS__)
#define OK(action, ...) (eng_probe_act(p, (action), __VA_ARGS__) == ENG_OK)
#define FACE(f) eng_probe_force(p, "combat", (f))

/* Model i: side, unit, field, health, melee, short range/attack, long
 * range/attack, move, defence. */
static void put_model(eng_probe *p, int i, const char *side, int unit, int x, int y, int hp, int melee, int sr,
                      int sa, int lr, int la, int move, int def)
{
    SET(side, "m%d.side", i);
    SETL(unit, "m%d.unit", i);
    SETL(x, "m%d.x", i);
    SETL(y, "m%d.y", i);
    SETL(hp, "m%d.health", i);
    SETL(hp, "m%d.health.max", i);
    SETL(melee, "m%d.melee", i);
    SETL(sr, "m%d.short.range", i);
    SETL(sa, "m%d.short.attack", i);
    SETL(lr, "m%d.long.range", i);
    SETL(la, "m%d.long.attack", i);
    SETL(move, "m%d.move", i);
    SETL(def, "m%d.defence", i);
}

/* A hero (model 1, unit 1) at (5,5) and an alien (model 2, unit 2) next to it. */
static void duel(eng_probe *p)
{
    eng_probe_reset(p, 7);
    put_model(p, 1, "hero", 1, 5, 5, 20, 3, 3, 3, 8, 2, 4, 2);
    put_model(p, 2, "alien", 2, 6, 5, 20, 3, 3, 3, 8, 2, 4, 2);
    SETL(4, "m2.cost");
    SETL(1, "m2.size");
}

/* The hero strikes the alien with value v (melee): faces as given. */
static void strike(eng_probe *p, int v, const char *kind)
{
    SETL(v, "m1.melee");
    SETL(v, "m1.short.attack");
    DO("strike", "who=1 target=2 kind=%s", kind);
}

/* ---- combat dice ---------------------------------------------------------------------------------- */

/* Each face forced once on attack and once on defence: how many faces
 * differ in what they do. */
PROBE(probe_faces)
{
    static const char *const faces[] = {"hit", "hit2", "crit", "def", "def2", "blank"};
    long seen[6];
    int n = 0;
    for (int f = 0; f < 6; f++) {
        duel(p);
        FACE(faces[f]);
        strike(p, 1, "melee");
        long a = GET("last.hits") * 10 + GET("last.crits");
        duel(p);
        FACE("hit2");
        FACE(faces[f]);
        SETL(1, "m2.defence");
        strike(p, 1, "melee");
        long code = a * 10 + GET("last.defence");
        int dup = 0;
        for (int k = 0; k < n; k++)
            dup |= seen[k] == code;
        if (!dup)
            seen[n++] = code;
    }
    *value = n;
    return 0;
}

static int face_hits(eng_probe *p, long *value, const char *face, int crit)
{
    duel(p);
    FACE(face);
    strike(p, 1, "melee");
    *value = crit ? GET("last.crits") : GET("last.hits");
    return 0;
}
PROBE(probe_face_hit) { return face_hits(p, value, "hit", 0); }
PROBE(probe_face_hit2) { return face_hits(p, value, "hit2", 0); }
PROBE(probe_face_crit) { return face_hits(p, value, "crit", 1); }
PROBE(probe_face_blank) { return face_hits(p, value, "blank", 0); }

static int face_saves(eng_probe *p, long *value, const char *face)
{
    duel(p);
    FACE("hit2");
    FACE(face);
    SETL(1, "m2.defence");
    strike(p, 1, "melee");
    *value = GET("last.defence");
    return 0;
}
PROBE(probe_face_def) { return face_saves(p, value, "def"); }
PROBE(probe_face_def2) { return face_saves(p, value, "def2"); }

/* The most dice an attack of 9 rolls. */
PROBE(probe_max_dice)
{
    duel(p);
    for (int i = 0; i < 9; i++)
        FACE("blank");
    strike(p, 9, "melee");
    *value = GET("last.dice");
    return 0;
}

/* An attack of 6 with five blanks: the point above 5 turns one into a hit. */
PROBE(probe_blank_per_point)
{
    duel(p);
    for (int i = 0; i < 5; i++)
        FACE("blank");
    strike(p, 6, "melee");
    *value = GET("last.hits");
    return 0;
}

/* A critical hit against a defence of five double defences still wounds. */
PROBE(probe_crit_ignores)
{
    duel(p);
    FACE("crit");
    SETL(5, "m2.defence");
    for (int i = 0; i < 5; i++)
        FACE("def2");
    strike(p, 1, "melee");
    *value = GET("last.damage") == 1 && GET("last.defence-dice") == 0;
    return 0;
}

/* A critical that kills the last model: no defence is rolled after it. */
PROBE(probe_crit_first)
{
    duel(p);
    SETL(1, "m2.health");
    FACE("crit");
    FACE("hit");
    SETL(3, "m2.defence");
    strike(p, 2, "melee");
    *value = GET("log.defence") == 0 && GET("m2.out") == 1;
    return 0;
}

/* Three hits against one defence: the damage. */
PROBE(probe_damage_minus)
{
    duel(p);
    FACE("hit2");
    FACE("hit");
    FACE("def");
    FACE("blank");
    SETL(2, "m2.defence");
    strike(p, 2, "melee");
    *value = GET("last.damage") == GET("last.hits") - GET("last.defence");
    return 0;
}

/* No hit at all: no defence roll. */
PROBE(probe_no_hit_no_defence)
{
    duel(p);
    FACE("hit2");
    FACE("def");
    FACE("def");
    strike(p, 1, "melee");
    FACE("blank");
    strike(p, 1, "melee");
    *value = GET("log.defence") == 1 && GET("last.defence") == 0 && GET("last.defence-dice") == 0 &&
             GET("last.damage") == 0;
    return 0;
}

/* A unit of defences 1 and 3: how many dice it defends with (lowest: 2). */
PROBE(probe_defence_lowest)
{
    duel(p);
    put_model(p, 3, "alien", 2, 7, 5, 20, 3, 0, 0, 0, 0, 4, 3);
    SETL(0, "m2.defence");
    FACE("hit");
    strike(p, 1, "melee");
    long d = GET("last.defence-dice");
    *value = d == 0 ? 2 : d == 3 ? 1 : 0;
    return 0;
}

static long defence_dice(eng_probe *p, const char *t2, const char *t3)
{
    duel(p);
    put_model(p, 3, "alien", 2, 7, 5, 20, 3, 0, 0, 0, 0, 4, 2);
    SET(t2, "m2.terrain");
    SET(t3, "m3.terrain");
    FACE("hit");
    strike(p, 1, "melee");
    return GET("last.defence-dice");
}
PROBE(probe_cover_bonus) { *value = defence_dice(p, "normal", "cover") - defence_dice(p, "normal", "normal"); return 0; }
PROBE(probe_open_malus) { *value = defence_dice(p, "open", "open") - defence_dice(p, "normal", "normal"); return 0; }
PROBE(probe_cover_one) { *value = defence_dice(p, "open", "cover") - defence_dice(p, "normal", "normal") == 1; return 0; }

/* Damage to a unit of defences 3 and 1 (health 2 each), 3 damage: the
 * defence-1 model goes first (lowest: 2), the third point carries over. */
static int allocation(eng_probe *p)
{
    duel(p);
    put_model(p, 3, "alien", 2, 7, 5, 2, 3, 0, 0, 0, 0, 4, 1);
    SETL(2, "m2.health");
    SETL(3, "m2.defence");
    FACE("crit");
    FACE("crit");
    FACE("crit");
    strike(p, 3, "melee");
    return 0;
}
PROBE(probe_alloc_lowest) { allocation(p); *value = GET("m3.out") && GET("m2.health") == 1 ? 2 : GET("m2.out") ? 1 : 0; return 0; }
PROBE(probe_alloc_carry) { allocation(p); *value = GET("m2.health") == 1; return 0; }

/* Building: an attack from outside at a model inside; and with the wall broken. */
static long building_dice(eng_probe *p, int inside, int broken)
{
    duel(p);
    SETL(inside, "m2.inside");
    SETL(broken, "wall.broken");
    for (int i = 0; i < 3; i++)
        FACE("blank");
    strike(p, 3, "melee");
    return GET("last.dice");
}
PROBE(probe_building) { *value = building_dice(p, 1, 0) - building_dice(p, 0, 0); return 0; }
PROBE(probe_wall_lifts) { *value = building_dice(p, 1, 1) == building_dice(p, 0, 0); return 0; }

/* A shot at short range uses the short-range attack, beyond it the long one. */
PROBE(probe_short_range)
{
    duel(p);
    SETL(8, "m2.x");
    SETL(1, "m1.short.attack");
    SETL(3, "m1.long.attack");
    for (int i = 0; i < 4; i++)
        FACE("blank");
    DO("strike", "who=1 target=2 kind=shot");
    long near = GET("last.dice");
    SETL(12, "m2.x");
    DO("strike", "who=1 target=2 kind=shot");
    long far = GET("last.dice");
    SETL(0, "m1.short.attack");
    SETL(8, "m2.x");
    DO("strike", "who=1 target=2 kind=shot");
    *value = near == 1 && far == 3 && GET("last.dice") == 3;
    return 0;
}

/* An alien unit's shot carries no weapon effect of its own. */
PROBE(probe_alien_shot)
{
    duel(p);
    SETL(9, "m2.x");
    DO("round", NULL);
    DO("activate", "who=1");
    FACE("hit");
    FACE("blank");
    DO("attack", "who=1 target=2 kind=shot");
    if (GET("m2.stunned"))
        return eng_probe_fail(p, "a hero's plain shot stunned");
    duel(p);
    SETL(9, "m2.x");
    SETL(1, "m1.acted");
    DO("activate", "who=2");
    FACE("hit");
    FACE("blank");
    DO("attack", "who=2 target=1 kind=shot");
    *value = GET("log.attack") == 1 && !GET("m1.stunned") && !GET("m1.down");
    return 0;
}

/* In melee a model cannot shoot. */
PROBE(probe_melee_no_shot)
{
    duel(p);
    put_model(p, 3, "hero", 3, 5, 6, 5, 1, 0, 0, 0, 0, 3, 1);
    int friend = OK("strike", "who=1 target=3 kind=melee");
    int shot = OK("strike", "who=1 target=2 kind=shot");
    SETL(1, "m2.out");
    *value = !friend && !shot && !OK("strike", "who=1 target=2 kind=melee");
    return 0;
}

/* Friendly fire: a shot at an alien in melee with another hero; each blank
 * is a critical hit on that hero. */
PROBE(probe_friendly_fire)
{
    duel(p);
    SETL(10, "m1.health");
    put_model(p, 3, "hero", 3, 10, 5, 10, 3, 3, 3, 8, 2, 4, 2);
    SETL(0, "m2.defence");
    FACE("blank");     /* the shot at 4 fields rolls the long attack's 2 dice */
    FACE("blank");
    DO("strike", "who=3 target=2 kind=shot");
    long ff = GET("last.friendly-fire"), hurt = 10 - GET("m1.health");
    SETL(6, "m1.x");
    SETL(7, "m1.y");
    FACE("blank");
    FACE("blank");
    DO("strike", "who=3 target=2 kind=shot");
    long beside = GET("last.friendly-fire") == 0 && GET("m3.health") == 10;
    SETL(6, "m1.y");
    FACE("blank");
    FACE("hit");
    DO("strike", "who=3 target=2 kind=shot");
    *value = hurt == 2 && ff == 2 && beside && GET("last.friendly-fire") == 1 ? 1 : 0;
    return 0;
}

/* Fleeing: a hero between two aliens moves off; free attacks, -1 defence. */
static void flee_setup(eng_probe *p)
{
    duel(p);
    put_model(p, 3, "alien", 3, 4, 5, 20, 1, 0, 0, 0, 0, 4, 2);
    SETL(1, "m2.melee");
    SETL(2, "m1.defence");
    DO("round", NULL);
    DO("activate", "who=1");
}
PROBE(probe_flee_attacks)
{
    flee_setup(p);
    for (int i = 0; i < 6; i++)
        FACE("blank");
    DO("move", "who=1 x=5 y=9");
    *value = GET("log.free-attack");
    return 0;
}
PROBE(probe_flee_defence)
{
    flee_setup(p);
    SETL(1, "m3.out");
    FACE("hit");
    FACE("blank");
    FACE("blank");
    DO("move", "who=1 x=5 y=9");
    *value = GET("last.defence-dice") - 2;
    return 0;
}

/* Fear: one hit shakes the target; it moves its full move away. */
PROBE(probe_fear_hits)
{
    for (int n = 0; n <= 3; n++) {
        duel(p);
        SETL(0, "m2.defence");
        for (int i = 0; i < 3; i++)
            FACE(i < n ? "hit" : "blank");
        strike(p, 3, "fear");
        if (GET("m2.shaken") == 1)
            return *value = n, 0;
    }
    return eng_probe_fail(p, "three hits did not shake");
}
PROBE(probe_fear_no_damage)
{
    duel(p);
    SETL(0, "m2.defence");
    FACE("hit2");
    strike(p, 1, "melee");
    long before = GET("m2.health");
    FACE("hit2");
    strike(p, 1, "fear");
    *value = GET("m2.health") == before && GET("last.damage") == 0;
    return 0;
}
/* Shaken from (5,5): the target at (x,y) ends its full move away. */
static int shaken_to(eng_probe *p, int ax, int x, int y, int ex, int ey)
{
    duel(p);
    SETL(ax, "m1.x");
    SETL(x, "m2.x");
    SETL(y, "m2.y");
    FACE("hit");
    strike(p, 1, "fear");
    return GET("m2.x") == ex && GET("m2.y") == ey;
}
PROBE(probe_shaken_moves)
{
    int diagonal = shaken_to(p, 5, 6, 6, 10, 10), up = shaken_to(p, 5, 5, 2, 5, 0), left = shaken_to(p, 12, 11, 5, 7, 5);
    int edge = shaken_to(p, 5, 13, 5, 15, 5) && shaken_to(p, 2, 1, 5, 0, 5);
    duel(p);
    SETL(4, "m1.y");
    SETL(5, "m1.x");
    SETL(5, "m2.x");
    SETL(13, "m2.y");
    FACE("hit");
    strike(p, 1, "fear");
    edge = edge && GET("m2.y") == 15;
    *value = diagonal && up && left && edge;
    return 0;
}
PROBE(probe_shaken_no_attack)
{
    duel(p);
    FACE("hit");
    strike(p, 1, "fear");
    SETL(6, "m2.x");
    int blocked = !OK("strike", "who=2 target=1 kind=melee");
    DO("round", NULL);
    int later = OK("strike", "who=2 target=1 kind=melee");
    *value = blocked && later && GET("m2.shaken") == 0 && GET("m2.shaken.by") == 0;
    return 0;
}

/* Stun: one hit with a stun weapon; no defence against melee; recover first. */
PROBE(probe_stun_hits)
{
    duel(p);
    SETL(1, "m1.melee");
    put_model(p, 3, "alien", 3, 4, 5, 5, 1, 0, 0, 0, 0, 3, 1);
    FACE("blank");
    DO("strike", "who=1 target=2 kind=melee weapon=stun");
    long missed = GET("m2.stunned");
    FACE("crit");
    DO("strike", "who=1 target=2 kind=melee weapon=stun");
    *value = !missed && GET("m2.stunned") == 1 && !GET("m3.stunned");
    return 0;
}
PROBE(probe_stun_no_defence)
{
    duel(p);
    SETL(1, "m2.stunned");
    SETL(3, "m2.defence");
    FACE("hit");
    strike(p, 1, "melee");
    *value = GET("last.defence-dice") == 0 && GET("log.defence") == 1;
    return 0;
}
static int must_recover(eng_probe *p, long *value, const char *status)
{
    duel(p);
    SETL(1, "m1.%s", status);
    DO("round", NULL);
    DO("activate", "who=1");
    int moved = OK("move", "who=1 x=5 y=6");
    int rec = OK("recover", "who=1");
    *value = !moved && rec && GET("m1.%s", status) == 0 && GET("actions") == 1;
    return 0;
}
PROBE(probe_stun_recover) { return must_recover(p, value, "stunned"); }
PROBE(probe_down_recover) { return must_recover(p, value, "down"); }
PROBE(probe_down_no_attack)
{
    duel(p);
    FACE("hit");
    DO("strike", "who=2 target=1 kind=melee weapon=knockdown");
    *value = GET("m1.down") && !OK("strike", "who=1 target=2 kind=melee");
    return 0;
}

/* Push back: one field; blocked, the model is stunned. */
PROBE(probe_push_fields)
{
    duel(p);
    DO("push", "who=2");
    long moved = labs(GET("m2.y") - 5);
    SETL(0, "m2.y");
    DO("push", "who=2");
    long edge = GET("m2.y");
    DO("push", "who=2");
    *value = edge == 1 && GET("m2.y") == 0 ? moved : -1;
    return 0;
}
PROBE(probe_push_blocked)
{
    duel(p);
    DO("push", "who=2 blocked=1");
    *value = GET("m2.stunned");
    return 0;
}

/* XXL models take no status: fear, stun, knock-down, push. */
PROBE(probe_xxl_immune)
{
    duel(p);
    SETL(1, "m2.xxl");
    FACE("hit");
    FACE("hit");
    FACE("hit");
    strike(p, 1, "fear");
    DO("strike", "who=1 target=2 kind=melee weapon=stun");
    DO("strike", "who=1 target=2 kind=melee weapon=knockdown");
    DO("push", "who=2 blocked=1");
    *value = !GET("m2.shaken") && !GET("m2.stunned") && !GET("m2.down") && GET("m2.x") == 6;
    return 0;
}
PROBE(probe_xxl_wall)
{
    for (int n = 0; n <= 4; n++) {
        duel(p);
        SETL(n, "m2.wall");
        if (OK("break-wall", "who=2"))
            return eng_probe_fail(p, "a model that is not XXL broke a wall");
        SETL(1, "m2.xxl");
        if (OK("break-wall", "who=2"))
            return *value = GET("wall.broken") == 1 ? n : -1, 0;
    }
    return eng_probe_fail(p, "no wall broken");
}

/* ---- a hero's actions ---------------------------------------------------------------------------------- */

/* The duel with the hero's activation begun. */
static void activated(eng_probe *p)
{
    duel(p);
    SETL(12, "m2.x");
    DO("round", NULL);
    DO("activate", "who=1");
}

PROBE(probe_actions)
{
    activated(p);
    long n = 0;
    n += OK("move", "who=1 x=5 y=6");
    n += OK("overwatch", "who=1");
    n += OK("interact", "who=1 with=heal target=1");
    *value = n;
    return 0;
}
PROBE(probe_no_twice)
{
    activated(p);
    DO("move", "who=1 x=5 y=6");
    *value = !OK("move", "who=1 x=5 y=7");
    return 0;
}
/* Sprint with move 9: the farthest field reached. */
PROBE(probe_sprint)
{
    activated(p);
    SETL(9, "m1.move");
    SETL(0, "m1.y");
    eng_probe_save(p, 0);
    long best = 0;
    for (int d = 1; d <= 9; d++) {
        eng_probe_restore(p, 0);
        if (OK("move", "who=1 x=5 y=%d sprint=1", d))
            best = d;
    }
    *value = best;
    return 0;
}
PROBE(probe_move_full)
{
    activated(p);
    SETL(0, "m1.y");
    eng_probe_save(p, 0);
    long best = 0;
    for (int d = 1; d <= 9; d++) {
        eng_probe_restore(p, 0);
        if (OK("move", "who=1 x=5 y=%d", d))
            best = d;
    }
    *value = best == GET("m1.move");
    return 0;
}
PROBE(probe_diagonal)
{
    activated(p);
    *value = OK("move", "who=1 x=9 y=9");
    return 0;
}

/* Overwatch after moving: the shot at an alien walking into range. */
static long overwatch_dice(eng_probe *p, int moved)
{
    activated(p);
    SETL(15, "m2.x");
    SETL(15, "m2.y");
    if (moved)
        DO("move", "who=1 x=5 y=6");
    DO("overwatch", "who=1");
    if (!moved)
        DO("interact", "who=1 with=mission");
    DO("activate", "who=2");
    for (int i = 0; i < 3; i++)
        FACE("blank");
    DO("move", "who=2 x=11 y=11");
    return GET("last.dice");
}
PROBE(probe_overwatch_moved) { *value = overwatch_dice(p, 1) - overwatch_dice(p, 0); return 0; }
PROBE(probe_overwatch_auto) { overwatch_dice(p, 0); *value = GET("log.overwatch-shot") == 1 && GET("m1.overwatch") == 0; return 0; }

/* Overwatch fires at a blip the Overmind turns over in range. */
PROBE(probe_overwatch_flip)
{
    activated(p);
    SETL(9, "m2.x");
    SETL(1, "m2.blip");
    DO("overwatch", "who=1");
    DO("end", NULL);
    DO("activate", "who=2");
    FACE("blank");
    FACE("blank");
    DO("flip", "who=2");
    *value = GET("log.overwatch-shot");
    return 0;
}
/* Overwatch shoots at the model that moves into range, not at one standing
 * there, and not at a blip token; after moving, an attack of 1 is no shot. */
PROBE(probe_overwatch_target)
{
    activated(p);
    SETL(9, "m2.x");
    put_model(p, 3, "alien", 3, 15, 15, 10, 1, 0, 0, 0, 0, 4, 1);
    put_model(p, 4, "alien", 4, 14, 5, 10, 1, 0, 0, 0, 0, 4, 1);
    SETL(1, "m4.blip");
    SETL(1, "m4.hidden");
    DO("overwatch", "who=1");
    DO("end", NULL);
    DO("activate", "who=4");
    DO("move", "who=4 x=11 y=5");
    long at_blip = GET("log.overwatch-shot");
    DO("end", NULL);
    DO("activate", "who=3");
    FACE("hit2");
    FACE("hit2");
    DO("move", "who=3 x=11 y=11");
    long hit_mover = GET("m3.health") < 10 && GET("m2.health") == 20;
    activated(p);
    SETL(15, "m2.x");
    SETL(1, "m1.long.attack");
    DO("move", "who=1 x=5 y=6");
    DO("overwatch", "who=1");
    DO("activate", "who=2");
    DO("move", "who=2 x=11 y=5");
    *value = at_blip == 0 && hit_mover && GET("log.overwatch-shot") == 1 && GET("log.attack") == 0;
    return 0;
}
/* A move in an earlier round does not count against overwatch. */
PROBE(probe_overwatch_fresh)
{
    activated(p);
    DO("move", "who=1 x=5 y=6");
    DO("end", NULL);
    DO("round", NULL);
    DO("activate", "who=1");
    DO("overwatch", "who=1");
    *value = GET("m1.overwatch.moved") == 0;
    return 0;
}
/* A building counts as cover; a move onto open ground leaves it. */
PROBE(probe_building_cover)
{
    activated(p);
    DO("move", "who=1 x=5 y=6 terrain=building");
    long in = GET("m1.terrain") == 1 && GET("m1.inside") == 1;
    DO("move", "who=1 x=5 y=7 sprint=1 terrain=open");
    *value = in && GET("m1.terrain") == 2 && GET("m1.inside") == 0;
    return 0;
}
/* The solo AI: a shooter of range 6 three fields from a hero backs off, to
 * the edge of the board if need be. */
PROBE(probe_solo_range)
{
    eng_probe_reset(p, 7);
    put_model(p, 1, "hero", 1, 4, 7, 10, 1, 0, 0, 0, 0, 4, 2);
    put_model(p, 2, "alien", 2, 1, 7, 10, 1, 0, 0, 6, 2, 4, 1);
    SETL(2, "ai.unit");
    DO("solo-move", NULL);
    long left = GET("m2.x") == 0 && GET("m2.y") == 7;
    SETL(14, "m2.x");
    SETL(12, "m1.x");
    DO("solo-move", NULL);
    long right = GET("m2.x") == 15 && GET("m2.y") == 7;
    SETL(7, "m2.x");
    SETL(14, "m1.x");
    DO("solo-move", NULL);
    long middle = GET("m2.x") == 8 && GET("m2.y") == 7;
    SETL(7, "m2.x");
    SETL(1, "m2.y");
    SETL(7, "m1.x");
    SETL(3, "m1.y");
    DO("solo-move", NULL);
    long top = GET("m2.x") == 7 && GET("m2.y") == 0;
    SETL(14, "m2.y");
    SETL(12, "m1.y");
    DO("solo-move", NULL);
    *value = left && right && middle && top && GET("m2.x") == 7 && GET("m2.y") == 15;
    return 0;
}

PROBE(probe_psycho_los)
{
    duel(p);
    SETL(10, "m2.x");
    SETL(1, "m2.hidden");
    SETL(1, "m1.psychic");
    FACE("blank");
    FACE("blank");
    FACE("blank");
    int shot = OK("strike", "who=1 target=2 kind=shot");
    int psy = OK("strike", "who=1 target=2 kind=psycho");
    SETL(0, "m1.psychic");
    *value = !shot && psy && !OK("strike", "who=1 target=2 kind=psycho");
    return 0;
}
PROBE(probe_extract)
{
    activated(p);
    int board = OK("return", "who=1 x=4 y=6");
    int off = board || OK("extract", "who=1");
    SETL(1, "m1.deploy");
    int on = OK("extract", "who=1") && GET("m1.station") == 1;
    int early = OK("return", "who=1 x=5 y=5");
    DO("round", NULL);
    DO("return", "who=1 x=4 y=6");
    int twice = OK("return", "who=1 x=4 y=6") || GET("m1.x") != 4 || GET("m1.y") != 6;
    *value = !off && on && !early && !twice && GET("m1.station") == 0 && GET("m1.acted") == 1 &&
             GET("m1.deploy") == 1 && !OK("activate", "who=1");
    return 0;
}
PROBE(probe_heroes_first)
{
    duel(p);
    SETL(12, "m2.x");
    DO("round", NULL);
    if (OK("end", NULL))
        return eng_probe_fail(p, "ended an activation that was never begun");
    int early = OK("activate", "who=2");
    DO("activate", "who=1");
    if (OK("activate", "who=1"))
        return eng_probe_fail(p, "a second activation while one is under way");
    DO("end", NULL);
    *value = !early && OK("activate", "who=2");
    return 0;
}

/* ---- levels and experience ------------------------------------------------------------------------------- */

static long xp_to_level(eng_probe *p, int level)
{
    duel(p);
    if (level == 2)
        DO("xp", "who=1 n=5");
    for (long n = 1; n <= 20; n++) {
        DO("xp", "who=1 n=1");
        if (GET("m1.level") == level)
            return n;
    }
    return -1;
}
PROBE(probe_level1) { *value = xp_to_level(p, 1); return 0; }
PROBE(probe_level2) { *value = xp_to_level(p, 2); return 0; }
PROBE(probe_level_reset)
{
    duel(p);
    DO("xp", "who=1 n=6");
    *value = GET("m1.level") == 1 && GET("m1.xp") == 0;
    return 0;
}
PROBE(probe_level_max)
{
    duel(p);
    DO("xp", "who=1 n=5");
    DO("xp", "who=1 n=7");
    DO("xp", "who=1 n=50");
    *value = GET("m1.level");
    return 0;
}
/* Killing one model of a unit of 4 that costs 8. */
PROBE(probe_xp_share)
{
    duel(p);
    SETL(8, "m2.cost");
    SETL(4, "m2.size");
    SETL(1, "m2.health");
    FACE("crit");
    strike(p, 1, "melee");
    long shared = GET("m1.xp");
    duel(p);
    SETL(1, "m2.health");
    FACE("crit");
    strike(p, 1, "melee");
    *value = shared == 2 && GET("m1.xp") == 4;
    return 0;
}
PROBE(probe_xp_heal)
{
    activated(p);
    DO("interact", "who=1 with=exploration");
    long explore = GET("m1.xp") + GET("explorations");
    DO("end", NULL);
    DO("round", NULL);
    DO("activate", "who=1");
    SETL(10, "m1.health");
    DO("interact", "who=1 with=heal target=1");
    if (explore != 0 || GET("m1.health") != 11)
        return eng_probe_fail(p, "exploration gave XP or the heal did not heal");
    long xp = GET("m1.xp");
    DO("end", NULL);
    DO("round", NULL);
    DO("activate", "who=1");
    SETL(20, "m1.health");
    DO("interact", "who=1 with=heal target=1");
    *value = GET("m1.health") == 20 ? xp : -1;
    return 0;
}

/* A hero removed: abduction markers for the Overmind; the hero goes to the station. */
PROBE(probe_abduct_hero)
{
    duel(p);
    SETL(1, "m1.health");
    FACE("crit");
    DO("strike", "who=2 target=1 kind=melee");
    *value = GET("m1.station") == 1 ? GET("abduction") : -1;
    return 0;
}

/* ---- the Overmind -------------------------------------------------------------------------------------------- */

static long mission_points(eng_probe *p, const char *region)
{
    eng_probe_reset(p, 7);
    DO("mission", "region=%s", region);
    return GET("points");
}
PROBE(probe_points_normal) { *value = mission_points(p, "normal"); return 0; }
PROBE(probe_points_alien) { *value = mission_points(p, "alien-fortified"); return 0; }
PROBE(probe_points_hero) { *value = mission_points(p, "hero-fortified"); return 0; }
PROBE(probe_decoys) { mission_points(p, "normal"); *value = GET("decoys"); return 0; }
PROBE(probe_reinforcements) { mission_points(p, "normal"); *value = GET("reinforcements"); return 0; }
PROBE(probe_muster)
{
    mission_points(p, "normal");
    DO("recruit", "cost=10");
    DO("mission", "region=normal");
    DO("recruit", "cost=15");
    DO("muster", NULL);
    DO("muster", NULL);
    *value = GET("reinforcements") == 7;
    return 0;
}
PROBE(probe_overspend)
{
    mission_points(p, "normal");
    int over = OK("recruit", "cost=23");
    eng_probe_save(p, 1);
    if (!OK("recruit", "cost=22"))
        return eng_probe_fail(p, "the mission's points and all reinforcements refused");
    eng_probe_restore(p, 1);
    DO("recruit", "cost=20");
    int last = !OK("recruit", "cost=3") && OK("recruit", "cost=2") && GET("reinforcements") == 0;
    *value = !over && last;
    return 0;
}
PROBE(probe_reinforce_move)
{
    duel(p);
    DO("mission", "region=normal");
    SETL(1, "m1.acted");
    SETL(1, "m3.out");
    put_model(p, 3, "alien", 2, 8, 8, 3, 1, 0, 0, 0, 0, 3, 1);
    SETL(1, "m3.out");
    DO("activate", "who=2");
    if (OK("reinforce", "who=3 cost=5"))
        return eng_probe_fail(p, "a reinforcement over the points left");
    DO("reinforce", "who=3 cost=4");      /* every point left */
    *value = GET("m3.out") == 0 && GET("reinforcements") == 0 && !OK("move", "who=2 x=6 y=6");
    return 0;
}
PROBE(probe_decoy)
{
    duel(p);
    SETL(1, "m2.blip");
    SETL(1, "m2.decoy");
    SETL(1, "m1.acted");
    DO("activate", "who=2");
    DO("flip", "who=2");
    *value = GET("m2.out") && GET("log.decoy") == 1;
    return 0;
}
PROBE(probe_unit_max)
{
    *value = 0;
    for (int k = 1; k <= 5; k++) {
        eng_probe_reset(p, 7);
        for (int i = 1; i <= k + 1; i++)
            put_model(p, i, "alien", i <= k ? 1 : 2, i, 1, 1, 1, 0, 0, 0, 0, 3, 1);
        put_model(p, 9, "hero", 9, 9, 9, 1, 1, 0, 0, 0, 0, 3, 1);
        put_model(p, 10, "alien", 3, 10, 9, 1, 1, 0, 0, 0, 0, 3, 1);
        if (OK("merge", "from=2 to=1") && GET("m%d.unit", k + 1) == 1 && GET("m10.unit") == 3)
            *value = k + 1;
    }
    return 0;
}

/* Mutation cards: drawn in round 1 and round 2; the hand limit; the deck. */
PROBE(probe_draw_first) { duel(p); DO("mission", "region=normal"); DO("round", NULL); *value = GET("hand"); return 0; }
/* A second mission begins at round 1 again (5 cards) and is not over. */
PROBE(probe_draw_next_mission)
{
    duel(p);
    DO("mission", "region=normal");
    DO("round", NULL);
    DO("round", NULL);
    DO("end-mission", "winner=heroes");
    DO("mission", "region=normal");
    DO("round", NULL);
    int going = GET("over") == 0 && OK("activate", "who=1");
    *value = going && GET("round") == 1 ? GET("hand") : -1;
    return 0;
}
/* After the mission's end no one is activated and no round begins. */
PROBE(probe_mission_stops)
{
    duel(p);
    DO("mission", "region=normal");
    DO("round", NULL);
    DO("end-mission", "winner=heroes");
    *value = !OK("activate", "who=1") && !OK("round", NULL);
    return 0;
}
PROBE(probe_draw_later)
{
    duel(p);
    DO("mission", "region=normal");
    DO("round", NULL);
    DO("play", "n=5");
    DO("round", NULL);
    *value = GET("hand");
    return 0;
}
PROBE(probe_hand_limit)
{
    duel(p);
    DO("mission", "region=normal");
    DO("round", NULL);
    DO("round", NULL);
    *value = GET("discard") == 2 && GET("deck") == 13 ? GET("hand") : -1;
    return 0;
}
PROBE(probe_deck)
{
    duel(p);
    DO("mission", "region=normal");
    DO("round", NULL);
    DO("play", "n=3");
    DO("round", NULL);
    long total = GET("deck") + GET("hand") + GET("discard");
    DO("mission", "region=normal");
    *value = GET("deck") == 20 && GET("hand") == 0 ? total : -1;
    return 0;
}
PROBE(probe_supreme)
{
    duel(p);
    DO("mission", "region=normal");
    DO("round", NULL);
    DO("play", "n=2");
    if (OK("play", "n=4"))
        return eng_probe_fail(p, "played more cards than in hand");
    *value = 5 - GET("hand");
    return 0;
}
static void hero_active(eng_probe *p)
{
    duel(p);
    SETL(12, "m2.x");
    DO("mission", "region=normal");
    DO("round", NULL);
    DO("activate", "who=1");
}
PROBE(probe_interrupt_cost)
{
    hero_active(p);
    eng_probe_save(p, 0);
    DO("play", "n=4");
    if (OK("interrupt", "who=2"))
        return eng_probe_fail(p, "an interruption with 1 card");
    eng_probe_restore(p, 0);
    DO("play", "n=3");
    if (!OK("interrupt", "who=2"))
        return eng_probe_fail(p, "an interruption with 2 cards refused");
    eng_probe_restore(p, 0);
    put_model(p, 7, "hero", 7, 0, 15, 5, 1, 0, 0, 0, 0, 3, 1);
    if (OK("interrupt", "who=7"))
        return eng_probe_fail(p, "a hero interrupting");
    SETL(1, "m2.acted");
    if (OK("interrupt", "who=2"))
        return eng_probe_fail(p, "an activated unit interrupting");
    eng_probe_restore(p, 0);
    DO("end", NULL);
    if (OK("interrupt", "who=2"))
        return eng_probe_fail(p, "an interruption with no hero activated");
    eng_probe_restore(p, 0);
    DO("interrupt", "who=2");
    *value = 5 - GET("hand");
    return 0;
}
PROBE(probe_interrupt_once)
{
    hero_active(p);
    DO("interrupt", "who=2");
    DO("end", NULL);
    put_model(p, 3, "alien", 3, 14, 14, 3, 1, 0, 0, 0, 0, 3, 1);
    int twice = OK("interrupt", "who=3");
    DO("round", NULL);
    DO("activate", "who=1");
    *value = !twice && OK("interrupt", "who=3") ? 1 : 2;
    return 0;
}
PROBE(probe_interrupt_acted)
{
    hero_active(p);
    DO("interrupt", "who=2");
    DO("end", NULL);
    DO("end", NULL);
    *value = GET("m2.acted") == 1 && !OK("activate", "who=2") && GET("active") == 0;
    return 0;
}
PROBE(probe_interrupt_resume)
{
    hero_active(p);
    DO("move", "who=1 x=5 y=6");
    DO("interrupt", "who=2");
    DO("end", NULL);
    *value = GET("active") == 1 && GET("actions") == 1;
    return 0;
}
PROBE(probe_redraw)
{
    hero_active(p);
    DO("end", NULL);
    eng_probe_save(p, 0);
    long best = 0;
    for (int n = 1; n <= 4; n++) {
        eng_probe_restore(p, 0);
        if (OK("redraw", "n=%d", n) && GET("hand") == 5)
            best = n;
    }
    eng_probe_restore(p, 0);
    DO("play", "n=3");        /* a hand of 2 may be redrawn whole */
    if (!OK("redraw", "n=2") || GET("hand") != 2)
        best = -1;
    eng_probe_restore(p, 0);
    DO("redraw", "n=1");
    if (OK("redraw", "n=1"))
        return eng_probe_fail(p, "a second redraw in one phase");
    *value = best;
    return 0;
}
PROBE(probe_redraw_start)
{
    hero_active(p);
    DO("end", NULL);
    DO("activate", "who=2");
    DO("end", NULL);
    *value = !OK("redraw", "n=1");
    return 0;
}
PROBE(probe_reshuffle)
{
    duel(p);
    DO("mission", "region=normal");
    DO("round", NULL);
    DO("play", "n=4");
    DO("end-mission", "winner=heroes");
    *value = GET("discard") == 0 && GET("deck") == 19;
    return 0;
}
PROBE(probe_ultimate_cost)
{
    duel(p);
    if (OK("ultimate", "n=1"))
        return eng_probe_fail(p, "an ultimate card without a marker");
    SETL(3, "abduction");
    DO("ultimate", "n=3");
    *value = (3 - GET("abduction")) / GET("ultimate");
    return 0;
}
PROBE(probe_ultimate_deck)
{
    duel(p);
    DO("mission", "region=normal");
    SETL(30, "abduction");
    DO("ultimate", "n=4");
    eng_probe_save(p, 1);
    if (!OK("ultimate", "n=16"))
        return eng_probe_fail(p, "a deck of 20 ultimate cards refused");
    eng_probe_restore(p, 1);
    if (OK("ultimate", "n=17"))
        return eng_probe_fail(p, "more ultimate cards than the deck holds");
    *value = GET("deck") + GET("hand") + GET("discard");
    return 0;
}
PROBE(probe_node_cost)
{
    for (int n = 1; n <= 9; n++) {
        duel(p);
        SETL(n, "abduction");
        if (OK("node", NULL))
            return *value = GET("nodes") == 1 && GET("abduction") == 0 ? n : -1, 0;
    }
    return eng_probe_fail(p, "no node for 9 markers");
}
PROBE(probe_one_path)
{
    duel(p);
    int none = OK("upgrade", "unit=2 path=1");
    SETL(3, "nodes");
    DO("upgrade", "unit=2 path=1");
    int again = OK("upgrade", "unit=2 path=1");
    *value = !none && again && !OK("upgrade", "unit=2 path=2") && GET("nodes") == 1;
    return 0;
}

static void conquest_mission(eng_probe *p)
{
    eng_probe_reset(p, 7);
    for (int i = 1; i <= 6; i++)
        put_model(p, i, "hero", i, i, 0, 10, 2, 2, 2, 6, 1, 4, 2);
    DO("campaign", "mode=conquest");
    DO("mission", "region=normal");
}

/* Blip tokens: 5 fields; a flip as first action leaves a second. */
static void blip(eng_probe *p)
{
    duel(p);
    SETL(14, "m2.x");
    SETL(14, "m2.y");
    SETL(1, "m2.blip");
    SETL(1, "m2.hidden");
    SETL(1, "m1.acted");
    DO("activate", "who=2");
}
PROBE(probe_blip_move)
{
    blip(p);
    eng_probe_save(p, 0);
    long best = 0;
    for (int d = 1; d <= 9; d++) {
        eng_probe_restore(p, 0);
        if (OK("move", "who=2 x=%d y=14", 14 - d))
            best = d;
    }
    *value = best;
    return 0;
}
PROBE(probe_blip_actions)
{
    blip(p);
    int attack = OK("overwatch", "who=2");
    DO("flip", "who=2");
    *value = !attack && GET("actions") == 1 && GET("active") == 2 && GET("pending") == 0;
    return 0;
}
PROBE(probe_blip_spanner)
{
    blip(p);
    DO("interact", "who=2 with=spanner");
    DO("end-mission", "winner=overmind");
    *value = GET("spanners") == 0 ? GET("abduction") : -1;
    return 0;
}
PROBE(probe_blip_exploration)
{
    blip(p);
    DO("interact", "who=2 with=exploration");
    DO("end-mission", "winner=overmind");
    *value = GET("abduction");
    return 0;
}
PROBE(probe_auto_sight)
{
    blip(p);
    SETL(0, "m2.hidden");
    DO("move", "who=2 x=12 y=12");
    *value = GET("m2.blip") == 0 && GET("pending") == 2;
    return 0;
}
PROBE(probe_auto_damage)
{
    duel(p);
    SETL(1, "m2.blip");
    SETL(10, "m2.x");
    DO("round", NULL);
    DO("activate", "who=1");
    FACE("blank");
    FACE("blank");
    DO("attack", "who=1 target=2 kind=shot");
    *value = GET("m2.blip") == 0 && GET("pending") == 2;
    return 0;
}
/* A revealed unit: take cover (field 5 away), rush. */
static void revealed(eng_probe *p, int behaviour)
{
    duel(p);
    SETL(1, "m2.blip");
    SETL(12, "m2.x");
    SETL(behaviour, "m2.behaviour");
    SETL(1, "m1.acted");
    DO("activate", "who=2");
    DO("move", "who=2 x=11 y=5");
}
PROBE(probe_cover_fields)
{
    revealed(p, 2);
    if (OK("behave", "who=2 kind=cover x=11 y=6"))
        return eng_probe_fail(p, "a behaviour the card does not have");
    long best = 0;
    for (int d = 1; d <= 8; d++) {
        revealed(p, 1);
        if (OK("behave", "who=2 kind=cover x=11 y=%d", 5 + d) && GET("m2.terrain") == 1)
            best = d;
    }
    *value = best;
    return 0;
}
PROBE(probe_quick_shot)
{
    revealed(p, 2);
    FACE("blank");
    FACE("blank");
    DO("behave", "who=2 kind=quick target=1 x=9 y=9");
    *value = GET("last.dice") - GET("m2.long.attack");
    return 0;
}
PROBE(probe_rush)
{
    revealed(p, 4);
    FACE("blank");
    FACE("blank");
    DO("behave", "who=2 kind=rush target=1 x=9 y=9");
    *value = GET("m2.x") == 6 ? GET("last.dice") - GET("m2.melee") : 9;
    return 0;
}
PROBE(probe_rush_fields)
{
    revealed(p, 4);
    SETL(15, "m2.x");
    DO("behave", "who=2 kind=rush target=1");
    *value = 15 - GET("m2.x");
    return 0;
}
PROBE(probe_blip_kinds)
{
    static const char *const acts[] = {"move who=2 x=13 y=13", "move who=2 x=13 y=13 sprint=1", "flip who=2",
                                       "interact who=2 with=spanner", "overwatch who=2", "attack who=2 target=1 kind=shot",
                                       "extract who=2", "recover who=2"};
    long n = 0;
    for (int i = 0; i < 8; i++) {
        blip(p);
        SETL(1, "m2.deploy");
        const char *sp = strchr(acts[i], ' ');
        char name[16];
        snprintf(name, sizeof name, "%.*s", (int)(sp - acts[i]), acts[i]);
        n += OK(name, "%s", sp + 1);
    }
    *value = n;
    return 0;
}
PROBE(probe_agenda_drawn) { conquest_mission(p); DO("agenda-draw", NULL); *value = GET("agenda.drawn"); return 0; }
PROBE(probe_agenda_kept) { conquest_mission(p); DO("agenda-draw", NULL); *value = GET("agenda.kept"); return 0; }

/* The behaviour comes at once: any other action first, and it is gone. */
PROBE(probe_behaviour_now)
{
    duel(p);
    SETL(12, "m2.x");
    SETL(1, "m2.blip");
    SETL(1, "m2.behaviour");
    SETL(14, "m1.long.range");
    SETL(0, "m1.x");
    DO("round", NULL);
    DO("activate", "who=1");
    DO("move", "who=1 x=1 y=5");
    long pending = GET("pending");
    DO("overwatch", "who=1");
    *value = pending == 2 && GET("pending") == 0 && !OK("behave", "who=2 kind=cover x=12 y=6");
    return 0;
}
/* A blip of two turned over by the Overmind, a hero 2 fields from the
 * first free field: the second model goes there (1 field between). */
/* The Overmind flips a token of two models at (5,5), a hero at (hx,hy): the
 * second model goes next to the first, 2 or more fields from the hero. */
static int placed_apart(eng_probe *p, int hx, int hy)
{
    eng_probe_reset(p, 7);
    put_model(p, 1, "hero", 1, hx, hy, 10, 1, 0, 0, 0, 0, 4, 2);
    put_model(p, 2, "alien", 2, 5, 5, 3, 1, 0, 0, 0, 0, 3, 1);
    put_model(p, 3, "alien", 2, 5, 5, 3, 1, 0, 0, 0, 0, 3, 1);
    SETL(1, "m2.blip");
    SETL(1, "m3.blip");
    SETL(1, "m1.acted");
    DO("activate", "who=2");
    DO("flip", "who=2");
    long dx = labs(GET("m3.x") - hx), dy = labs(GET("m3.y") - hy);
    long nx = labs(GET("m3.x") - 5), ny = labs(GET("m3.y") - 5);
    return (dx > dy ? dx : dy) >= 2 && nx <= 1 && ny <= 1 && nx + ny > 0;
}
PROBE(probe_place_distance)
{
    int first = placed_apart(p, 6, 3);
    long x = GET("m3.x"), y = GET("m3.y");
    *value = first && x == 4 && y == 4 && placed_apart(p, 4, 3);
    return 0;
}

/* Protect: to the nearest friendly unit; Terrifying Presence: every hero in sight. */
PROBE(probe_protect)
{
    revealed(p, 8);
    put_model(p, 3, "alien", 3, 11, 12, 5, 1, 0, 0, 0, 0, 3, 1);
    put_model(p, 4, "alien", 4, 11, 10, 5, 1, 0, 0, 0, 0, 3, 1);
    SETL(6, "m2.move");
    SETL(11, "m1.x");
    SETL(7, "m1.y");
    DO("behave", "who=2 kind=protect");
    int first = GET("m2.x") == 11 && GET("m2.y") == 9;
    /* the nearest friendly unit is model 1 (4 fields), model 4 is 5 off */
    eng_probe_reset(p, 7);
    put_model(p, 1, "alien", 1, 11, 9, 5, 1, 0, 0, 0, 0, 3, 1);
    put_model(p, 2, "alien", 2, 12, 5, 5, 1, 0, 0, 0, 0, 6, 1);
    put_model(p, 3, "hero", 3, 5, 5, 20, 3, 3, 3, 8, 2, 4, 2);
    put_model(p, 4, "alien", 4, 11, 0, 5, 1, 0, 0, 0, 0, 3, 1);
    SETL(1, "m2.blip");
    SETL(8, "m2.behaviour");
    SETL(1, "m3.acted");
    DO("activate", "who=2");
    DO("move", "who=2 x=11 y=5");
    DO("behave", "who=2 kind=protect");
    long dx = labs(GET("m2.x") - 11), dy = labs(GET("m2.y") - 9);
    *value = first && (dx > dy ? dx : dy) == 1;
    return 0;
}
PROBE(probe_terror)
{
    revealed(p, 16);
    put_model(p, 3, "hero", 3, 11, 9, 5, 1, 0, 0, 0, 0, 3, 1);
    put_model(p, 4, "hero", 4, 14, 14, 5, 1, 0, 0, 0, 0, 3, 1);
    SETL(1, "m4.hidden");
    for (int i = 0; i < 9; i++)
        FACE("hit");
    DO("behave", "who=2 kind=terror");
    *value = GET("m1.shaken") && GET("m3.shaken") && !GET("m4.shaken");
    return 0;
}
/* A model may split off into a unit of its own, not into another. */
PROBE(probe_split)
{
    eng_probe_reset(p, 7);
    for (int i = 1; i <= 3; i++)
        put_model(p, i, "alien", i < 3 ? 1 : 2, i, 1, 1, 1, 0, 0, 0, 0, 3, 1);
    int into = OK("split", "who=1 to=2");
    DO("split", "who=1 to=5");
    *value = !into && GET("m1.unit") == 5 && GET("m2.unit") == 1;
    return 0;
}
/* A hero's spanner: an item; attacking a decoy removes it, the action spent. */
PROBE(probe_hero_spanner)
{
    activated(p);
    DO("interact", "who=1 with=spanner");
    *value = GET("items");
    return 0;
}
PROBE(probe_decoy_attacked)
{
    activated(p);
    SETL(8, "m2.x");
    SETL(1, "m2.blip");
    SETL(1, "m2.decoy");
    DO("attack", "who=1 target=2 kind=shot");
    *value = GET("m2.out") == 1 && GET("actions") == 1 && GET("log.attack") == 0;
    return 0;
}

PROBE(probe_flip_no_behaviour)
{
    blip(p);
    DO("flip", "who=2");
    SETL(1, "m2.behaviour");
    *value = !OK("behave", "who=2 kind=cover x=14 y=13");
    return 0;
}

/* ---- fields, deployment, night ------------------------------------------------------------------------------- */

/* The fewest hits, and the fewest criticals, that destroy a field. */
static long field_needs(eng_probe *p, const char *kind, const char *face)
{
    for (int n = 1; n <= 5; n++) {
        eng_probe_reset(p, 7);
        for (int i = 0; i < n; i++)
            FACE(face);
        DO("hit-field", "kind=%s attack=%d", kind, n);
        if (GET("field.destroyed"))
            return n;
    }
    return 0;
}
PROBE(probe_field_hits) { *value = field_needs(p, "hazard", "hit"); return 0; }
PROBE(probe_field_crits) { *value = field_needs(p, "deployment", "crit"); return 0; }
PROBE(probe_field_hero) { *value = field_needs(p, "hero-deployment", "crit") == 0; return 0; }
PROBE(probe_hazard_card) { field_needs(p, "hazard", "hit2"); *value = GET("log.hazard-card"); return 0; }

static void six_heroes(eng_probe *p, int n)
{
    eng_probe_reset(p, 7);
    for (int i = 1; i <= n; i++)
        put_model(p, i, "hero", i, i, 0, 10, 2, 2, 2, 6, 1, 4, 2);
}
PROBE(probe_heroes)
{
    for (int n = 1; n <= 8; n++) {
        six_heroes(p, n);
        if (OK("campaign", "mode=narrative"))
            return *value = n, 0;
    }
    return eng_probe_fail(p, "no number of heroes starts a campaign");
}
PROBE(probe_neon)
{
    six_heroes(p, 6);
    DO("campaign", "mode=narrative");
    long n = 0;
    while (n < 20 && OK("neon", "who=1"))
        n++;
    *value = n;
    return 0;
}
PROBE(probe_deploy_points)
{
    eng_probe_reset(p, 7);
    DO("deploy-point", "side=heroes");
    DO("mission", "region=normal");
    long n = 0;
    while (n < 5 && OK("deploy-point", "side=heroes"))
        n++;
    *value = n;
    return 0;
}
static long deployed(eng_probe *p, int dist)
{
    six_heroes(p, 6);
    DO("deploy-point", "side=heroes");
    DO("deploy-point", "side=heroes");
    DO("deploy", "who=6 point=1 dist=%d", dist);
    DO("deploy", "who=5 point=2 dist=%d", dist);
    DO("mission", "region=normal");
    DO("deploy-point", "side=heroes");
    DO("deploy-point", "side=heroes");
    long n1 = 0, n2 = 0;
    for (int i = 2; i <= 4; i++)
        n1 += OK("deploy", "who=%d point=1 dist=%d", i, dist);
    for (int i = 4; i <= 6; i++)
        n2 += OK("deploy", "who=%d point=2 dist=%d", i, dist);
    if (GET("m2.deploy") != (dist == 0) || GET("m1.deploy") || n1 != n2)
        return -1;
    return n1;
}
PROBE(probe_deploy_on) { *value = deployed(p, 0); return 0; }
/* One point chosen: a hero neither at the other point nor 2 fields off. */
static int beside_only(eng_probe *p)
{
    six_heroes(p, 6);
    DO("deploy-point", "side=heroes");
    int refused = !OK("deploy", "who=1 point=2 dist=0") && !OK("deploy", "who=1 point=1 dist=2");
    return refused && OK("deploy", "who=1 point=1 dist=1");
}
PROBE(probe_deploy_next) { *value = beside_only(p) ? deployed(p, 1) : -1; return 0; }
PROBE(probe_deploy_tiles)
{
    for (int t = 0; t <= 5; t++) {
        eng_probe_reset(p, 7);
        if (OK("deploy-point", "side=overmind tiles=%d", t))
            return *value = t, 0;
    }
    return eng_probe_fail(p, "no distance allowed");
}
PROBE(probe_deploy_blips)
{
    eng_probe_reset(p, 7);
    put_model(p, 1, "alien", 1, 1, 1, 3, 1, 0, 0, 0, 0, 3, 1);
    DO("deploy-point", "side=overmind tiles=3");
    if (OK("deploy", "who=1 point=2 dist=0"))
        return eng_probe_fail(p, "a blip at a point not chosen");
    *value = 0;
    for (int d = 0; d <= 5; d++)
        if (OK("deploy", "who=1 point=1 dist=%d", d))
            *value = d;
    return 0;
}
PROBE(probe_night_missions)
{
    six_heroes(p, 6);
    DO("campaign", "mode=narrative");
    *value = 0;
    for (int m = 1; m <= 5; m++) {
        SETL(m, "mission");
        if (OK("night-roll", NULL))
            *value = m;
    }
    return 0;
}
PROBE(probe_night_day)
{
    static const char *const faces[] = {"hit", "hit2", "crit", "def", "def2", "blank"};
    long days = 0;
    for (int f = 0; f < 6; f++) {
        six_heroes(p, 6);
        DO("campaign", "mode=narrative");
        FACE(faces[f]);
        DO("night-roll", NULL);
        days += GET("night") == 0;
    }
    *value = days;
    return 0;
}
PROBE(probe_night_long)
{
    duel(p);
    SETL(10, "m2.x");
    FACE("blank");
    FACE("blank");
    int day = OK("strike", "who=1 target=2 kind=shot");
    SETL(1, "night");
    DO("mission", "region=normal");
    day = day && GET("night") == 0;
    SETL(1, "night");
    int night = OK("strike", "who=1 target=2 kind=shot");
    SETL(7, "m2.x");
    int shortshot = OK("strike", "who=1 target=2 kind=shot");
    *value = day && !night && shortshot;
    return 0;
}
PROBE(probe_station)
{
    six_heroes(p, 6);
    DO("campaign", "mode=conquest");
    DO("mission", "region=normal");
    long conquest = GET("station.warehouse");
    DO("campaign", "mode=narrative");
    DO("mission", "points=20");
    *value = GET("station.hq") && !conquest && GET("station.warehouse") && GET("points") == 20;
    return 0;
}

/* ---- mission end ------------------------------------------------------------------------------------------- */

static void ended(eng_probe *p, const char *winner)
{
    six_heroes(p, 6);
    DO("campaign", "mode=narrative");
    DO("mission", "points=20");
    SETL(5, "m1.health");
    SETL(0, "m2.health");
    SETL(1, "m4.station");
    SETL(1, "m5.out");
    put_model(p, 7, "alien", 7, 9, 9, 3, 1, 0, 0, 0, 0, 3, 1);
    SETL(1, "m7.out");
    SETL(1, "m7.health");
    DO("end-mission", "winner=%s", winner);
}
PROBE(probe_items_win)
{
    ended(p, "heroes");
    *value = GET("over") == 1 && !OK("round", NULL) ? GET("items") : -1;
    return 0;
}
PROBE(probe_items_loss) { ended(p, "overmind"); *value = GET("items"); return 0; }
PROBE(probe_heal)
{
    ended(p, "overmind");
    int back = GET("m4.station") == 0 && GET("m5.out") == 0 && GET("m7.out") == 1 && GET("m7.health") == 1;
    *value = GET("m3.health") == 10 && back ? GET("m1.health") - 5 : -1;
    return 0;
}
/* A new round, model `who` activated (the heroes done when it is an
 * alien): the moves `no` and `no2` are refused, then `yes` is made. */
static int acts_only(eng_probe *p, int who, const char *no, const char *no2, const char *yes)
{
    DO("round", NULL);
    for (int j = 1; j <= 3 && who == 2; j++)
        if (GET("m%d.side", j) == 1)
            SETL(1, "m%d.acted", j);
    DO("activate", "who=%d", who);
    int refused = !OK("move", "%s", no) && !OK("move", "%s", no2);
    return refused && OK("move", "%s", yes);
}
/* A removed model of the active unit takes no action; its partner does. */
PROBE(probe_removed_no_action)
{
    duel(p);
    put_model(p, 3, "alien", 2, 4, 5, 1, 1, 0, 0, 0, 0, 3, 1);
    FACE("crit");
    DO("strike", "who=1 target=3 kind=melee");
    long gone = GET("m3.out");
    SETL(0, "m1.x");
    *value = gone && acts_only(p, 2, "who=3 x=4 y=7", "who=3 x=4 y=8", "who=2 x=9 y=5");
    return 0;
}
/* Hero 1 activated: hero 3 and the alien wait; hero 1 acts. */
PROBE(probe_active_only)
{
    duel(p);
    put_model(p, 3, "hero", 3, 1, 1, 10, 1, 0, 0, 0, 0, 3, 1);
    SETL(9, "m2.x");
    *value = acts_only(p, 1, "who=3 x=2 y=2", "who=2 x=10 y=5", "who=1 x=5 y=6");
    return 0;
}
PROBE(probe_all_out)
{
    duel(p);
    put_model(p, 3, "alien", 3, 4, 5, 1, 1, 0, 0, 0, 0, 3, 1);
    put_model(p, 4, "hero", 4, 4, 6, 1, 1, 0, 0, 0, 0, 3, 1);
    SETL(1, "m2.health");
    FACE("crit");
    strike(p, 1, "melee");
    long going = GET("over");
    FACE("crit");
    DO("strike", "who=3 target=4 kind=melee");
    going += GET("over");
    FACE("crit");
    DO("strike", "who=1 target=3 kind=melee");
    long heroes_won = GET("over") == 1;
    duel(p);
    SETL(1, "m1.health");
    FACE("crit");
    DO("strike", "who=2 target=1 kind=melee");
    *value = going == 0 && heroes_won && GET("over") == 2;
    return 0;
}

/* ---- the campaigns ------------------------------------------------------------------------------------------ */

static void conquest(eng_probe *p)
{
    six_heroes(p, 6);
    DO("campaign", "mode=conquest");
}
PROBE(probe_regions)
{
    conquest(p);
    DO("global-op", "team=heroes fortify=1");
    DO("mission", "region=normal");
    DO("end-mission", "winner=heroes");
    DO("campaign", "mode=conquest");
    int fresh = GET("vp.heroes") == 0 && GET("fortified.heroes") == 0 && GET("campaign.round") == 0 && GET("turn") == 0;
    *value = fresh && GET("regions.heroes") == GET("regions.overmind") ? GET("regions.heroes") : -1;
    return 0;
}
PROBE(probe_heroes_begin) { conquest(p); *value = !OK("global-op", "team=overmind") && OK("global-op", "team=heroes"); return 0; }
PROBE(probe_campaign_rounds)
{
    conquest(p);
    long n = 0;
    while (n < 9 && GET("campaign.winner") == 0) {
        DO("global-op", "team=%s", n % 2 ? "overmind" : "heroes");
        DO("mission", "region=normal");
        DO("end-mission", "winner=%s", n % 2 ? "overmind" : "heroes");
        n++;
    }
    *value = n;
    return 0;
}
PROBE(probe_vp)
{
    conquest(p);
    DO("global-op", "team=heroes op=liberate");
    DO("mission", "region=normal");
    DO("end-mission", "winner=heroes");
    long liberated = GET("vp.heroes");
    DO("global-op", "team=overmind op=conquer");
    DO("mission", "region=normal");
    DO("end-mission", "winner=overmind");
    long overmind = GET("vp.overmind") == 1 && GET("regions.overmind") == 4 && GET("regions.heroes") == 2;
    DO("global-op", "team=heroes op=conquer");
    DO("mission", "region=normal");
    DO("end-mission", "winner=heroes");
    *value = liberated == 0 && overmind ? GET("vp.heroes") : -1;
    return 0;
}
/* Five conquest rounds, the heroes attacking first; winners[n] wins round n. */
static void five_rounds(eng_probe *p, const char *const winners[5])
{
    conquest(p);
    for (int n = 0; n < 5; n++) {
        DO("global-op", "team=%s", n % 2 ? "overmind" : "heroes");
        DO("mission", "region=normal");
        DO("end-mission", "winner=%s", winners[n]);
    }
}
PROBE(probe_vp_most)
{
    static const char *const heroes[5] = {"heroes", "heroes", "heroes", "heroes", "heroes"};
    five_rounds(p, heroes);
    *value = GET("campaign.winner") == 1 && GET("vp.heroes") > GET("vp.overmind") ? 1 : 0;
    return 0;
}
/* Each attacker wins but the heroes lose their last attack: 2 to 2. */
PROBE(probe_vp_tie)
{
    static const char *const even[5] = {"heroes", "overmind", "heroes", "overmind", "overmind"};
    five_rounds(p, even);
    long tied = GET("vp.heroes") == 2 && GET("vp.overmind") == 2;
    *value = tied && GET("campaign.winner") == 3 ? 1 : 0;
    return 0;
}
PROBE(probe_fortify)
{
    conquest(p);
    DO("global-op", "team=heroes fortify=1");
    DO("mission", "region=normal");
    DO("end-mission", "winner=overmind");
    DO("global-op", "team=overmind fortify=1");
    DO("mission", "region=normal");
    DO("end-mission", "winner=overmind");
    DO("global-op", "team=heroes fortify=1");
    *value = GET("fortified.heroes");
    return 0;
}
PROBE(probe_region_abduct)
{
    conquest(p);
    DO("global-op", "team=heroes");
    DO("mission", "region=normal");
    DO("end-mission", "winner=heroes");
    *value = GET("abduction") / GET("regions.overmind");
    return 0;
}
PROBE(probe_hold_rounds)
{
    conquest(p);
    DO("global-op", "team=heroes");
    DO("mission", "region=normal");
    long n = 0;
    while (n < 9 && !OK("hold", "attacker=3 defender=1")) {
        DO("round", NULL);
        n++;
    }
    *value = n;
    return 0;
}
PROBE(probe_hold_more)
{
    conquest(p);
    DO("global-op", "team=heroes");
    DO("mission", "region=normal");
    for (int i = 0; i < 5; i++)
        DO("round", NULL);
    eng_probe_save(p, 0);
    DO("hold", "attacker=2 defender=2");
    long tie = GET("over");
    eng_probe_restore(p, 0);
    DO("hold", "attacker=3 defender=2");
    long heroes = GET("over");
    eng_probe_restore(p, 0);
    SET("overmind", "turn");
    DO("global-op", "team=overmind");
    DO("hold", "attacker=3 defender=2");
    *value = tie == 2 && heroes == 1 && GET("over") == 2 ? 1 : 0;
    return 0;
}
static long agenda_goals(eng_probe *p, const char *region)
{
    conquest(p);
    DO("mission", "region=%s", region);
    long n = 0;
    while (n < 5 && GET("over") == 0) {
        DO("agenda", NULL);
        n++;
    }
    return n;
}
PROBE(probe_agenda) { *value = agenda_goals(p, "normal"); return 0; }
PROBE(probe_agenda_fort) { *value = agenda_goals(p, "alien-fortified"); return 0; }
PROBE(probe_agenda_shown) { conquest(p); DO("mission", "region=normal"); DO("agenda", NULL); *value = GET("agenda.shown") == 1 && !GET("over"); return 0; }

static long narrative_options(eng_probe *p, int after)
{
    six_heroes(p, 6);
    DO("campaign", "mode=narrative");
    for (int m = 1; m <= after; m++) {
        DO("mission", "points=20");
        DO("end-mission", "winner=heroes");
    }
    return GET("options");
}
PROBE(probe_options2) { *value = narrative_options(p, 1); return 0; }
PROBE(probe_options3) { *value = narrative_options(p, 2); return 0; }
PROBE(probe_options4) { *value = narrative_options(p, 3); return 0; }
PROBE(probe_options5) { *value = narrative_options(p, 4); return 0; }
PROBE(probe_missions)
{
    six_heroes(p, 6);
    DO("campaign", "mode=narrative");
    long n = 0;
    while (n < 9 && GET("campaign.winner") == 0) {
        DO("mission", "points=20");
        DO("end-mission", "winner=%s", n == 4 ? "overmind" : "heroes");
        n++;
    }
    *value = GET("campaign.winner") == 2 ? n : -1;
    return 0;
}

/* ---- solo and mission 4 ---------------------------------------------------------------------------------------- */

static void solo(eng_probe *p)
{
    six_heroes(p, 6);
    DO("campaign", "mode=solo");
    DO("mission", "points=20");
}
PROBE(probe_spawn_first) { solo(p); DO("round", NULL); *value = GET("spawn.cards"); return 0; }
PROBE(probe_spawn_later) { solo(p); DO("round", NULL); DO("round", NULL); *value = GET("spawn.cards") - 3; return 0; }
PROBE(probe_solo_cards) { solo(p); DO("round", NULL); *value = GET("hand"); return 0; }
PROBE(probe_solo_first_unit)
{
    solo(p);
    put_model(p, 7, "alien", 7, 14, 14, 3, 1, 0, 0, 0, 0, 3, 1);
    put_model(p, 8, "alien", 8, 14, 12, 3, 1, 0, 0, 0, 0, 3, 1);
    DO("round", NULL);
    for (int i = 1; i <= 6; i++)
        SETL(1, "m%d.acted", i);
    DO("activate", "who=8");
    DO("end", NULL);
    DO("activate", "who=7");
    *value = GET("mutated") == 8;
    return 0;
}
static long mission4(eng_probe *p, int rounds, const char *key)
{
    six_heroes(p, 6);
    DO("campaign", "mode=narrative");
    SETL(4, "mission");
    DO("mission", "points=20");
    long before = 0;
    for (int r = 1; r <= rounds; r++) {
        before = GET("%s", key);
        DO("round", NULL);
    }
    return GET("%s", key) - before;
}
PROBE(probe_m4_first)
{
    long n = mission4(p, 1, "spawn.units");
    *value = GET("log.spawn") == n ? n : -1;
    return 0;
}
PROBE(probe_m4_second) { *value = mission4(p, 2, "spawn.units"); return 0; }
PROBE(probe_m4_later) { *value = mission4(p, 3, "spawn.units"); return 0; }
PROBE(probe_m4_clockwise)
{
    int ok = 1;
    for (int r = 3; r <= 7; r++) {
        mission4(p, r, "spawn.point");
        ok &= GET("spawn.point") == (r - 3) % 4 + 1;
    }
    *value = ok ? 1 : 0;
    return 0;
}

/* Mission 5: a unit of full health 10 at h; the highest h that heals, as a share. */
static void control_room(eng_probe *p, int hp)
{
    eng_probe_reset(p, 7);
    put_model(p, 1, "hero", 1, 1, 1, 10, 1, 0, 0, 0, 0, 4, 2);
    put_model(p, 2, "alien", 2, 10, 10, 10, 1, 0, 0, 0, 0, 3, 1);
    put_model(p, 3, "alien", 2, 10, 11, 10, 1, 0, 0, 0, 0, 3, 1);
    put_model(p, 4, "alien", 4, 14, 14, 5, 1, 0, 0, 0, 0, 3, 1);
    SETL(4, "m4.health");
    SETL(hp, "m2.health");
    SETL(hp, "m3.health");
    SETL(2, "ai.unit");
}
PROBE(probe_m5_heal)
{
    *value = 0;
    for (int hp = 1; hp <= 10; hp++) {
        control_room(p, hp);
        DO("mission5", NULL);
        if (GET("m4.health") == 5)
            *value = (hp + 1) * 10;
    }
    control_room(p, 5);      /* 9 of 19 (47 %) heals too */
    SETL(4, "m3.health");
    SETL(9, "m3.health.max");
    DO("mission5", NULL);
    if (GET("m4.health") != 5)
        *value = -1;
    return 0;
}
PROBE(probe_m5_fewest)
{
    control_room(p, 2);
    SETL(2, "m4.health");
    DO("mission5", NULL);
    int fewest = GET("m4.health") == 3 && GET("m2.health") == 2;
    /* two units of one model: the nearer (model 5, 3 fields) is healed */
    control_room(p, 2);
    SETL(2, "m4.health");
    put_model(p, 5, "alien", 5, 10, 13, 5, 1, 0, 0, 0, 0, 3, 1);
    SETL(2, "m5.health");
    DO("mission5", NULL);
    *value = fewest && GET("m5.health") == 3 && GET("m4.health") == 2;
    return 0;
}
PROBE(probe_m5_move)
{
    control_room(p, 10);
    SETL(1, "marker");
    SETL(10, "marker.x");
    SETL(8, "marker.y");
    DO("mission5", NULL);
    long stay = GET("m2.y");
    SET("open", "m2.terrain");
    DO("mission5", NULL);
    *value = stay == 10 && GET("m2.y") == 8;
    return 0;
}
PROBE(probe_m5_spawn) { control_room(p, 10); DO("mission5", NULL); *value = GET("spawn.units"); return 0; }
PROBE(probe_m5_attack)
{
    control_room(p, 10);
    SETL(10, "m1.x");
    SETL(9, "m1.y");
    DO("mission5", NULL);
    long melee = GET("log.attack");
    control_room(p, 10);       /* no hero next to it: the unit shoots */
    SETL(10, "m1.x");
    SETL(5, "m1.y");
    SETL(8, "m2.long.range");
    SETL(2, "m2.long.attack");
    DO("mission5", NULL);
    *value = melee > 0 && GET("log.attack") > 0;
    return 0;
}

/* The solo AI's rule words, played: of two units as near the centre, the
 * one costing 5 or 3 goes first (highest 1, lowest 2); of two adjacent
 * heroes, the one with defence 1 or 3, then attack 3 or 1. */
PROBE(probe_order_cost)
{
    eng_probe_reset(p, 7);
    put_model(p, 1, "hero", 1, 0, 0, 10, 1, 0, 0, 0, 0, 4, 2);
    SETL(1, "m1.acted");
    put_model(p, 2, "alien", 2, 7, 7, 3, 1, 0, 0, 0, 0, 3, 1);
    put_model(p, 3, "alien", 3, 8, 8, 3, 1, 0, 0, 0, 0, 3, 1);
    SETL(3, "m2.cost");
    SETL(5, "m3.cost");
    DO("solo-order", NULL);
    long c = GET("m%ld.cost", GET("ai.unit"));
    *value = c == 5 ? 1 : c == 3 ? 2 : 0;
    return 0;
}
static long chosen_hero(eng_probe *p, int def1, int def2, int att1, int att2)
{
    eng_probe_reset(p, 7);
    put_model(p, 1, "hero", 1, 6, 7, 10, att1, 0, 0, 0, 0, 4, def1);
    put_model(p, 2, "hero", 2, 8, 7, 10, att2, 0, 0, 0, 0, 4, def2);
    put_model(p, 3, "alien", 3, 7, 7, 9, 1, 0, 0, 0, 0, 3, 1);
    SETL(3, "ai.unit");
    FACE("blank");
    DO("solo-target", NULL);
    return GET("ai.target");
}
PROBE(probe_target_defence)
{
    long t = chosen_hero(p, 3, 1, 1, 1);
    *value = t == 2 ? 2 : t == 1 ? 1 : 0;
    return 0;
}
PROBE(probe_target_attack)
{
    long t = chosen_hero(p, 2, 2, 1, 3);
    *value = t == 2 ? 1 : t == 1 ? 2 : 0;
    return 0;
}
/* Never more than 5 dice (more 1): an attack of 6 to 9 rolls 5. */
PROBE(probe_dice_more)
{
    *value = 1;
    for (int v = 6; v <= 9; v++) {
        duel(p);
        for (int i = 0; i < 5; i++)
            FACE("blank");
        strike(p, v, "melee");
        if (GET("last.dice") != 5)
            *value = 0;
    }
    return 0;
}
/* Mission 5 heals below half (fewer 2): at 4 of 10, not at 5. */
PROBE(probe_m5_fewer)
{
    control_room(p, 4);
    SETL(2, "m4.health");
    DO("mission5", NULL);
    long below = GET("m4.health") == 3;
    control_room(p, 5);
    SETL(2, "m4.health");
    DO("mission5", NULL);
    *value = below && GET("m4.health") == 2 ? 2 : 0;
    return 0;
}

/* ---- the procedures: reading the state -------------------------------------------------------------------- */

#define NM 16
#define V(st, ...) eng_val((st), __VA_ARGS__)

static int on_board(const eng_state *st, int j)
{
    return V(st, "m%d.side", j) != 0 && !V(st, "m%d.out", j) && !V(st, "m%d.station", j);
}
static int is_hero(const eng_state *st, int j) { return on_board(st, j) && V(st, "m%d.side", j) == 1; }
static long cheb(const eng_state *st, int a, int b)
{
    long dx = labs(V(st, "m%d.x", a) - V(st, "m%d.x", b)), dy = labs(V(st, "m%d.y", a) - V(st, "m%d.y", b));
    return dx > dy ? dx : dy;
}
static long cheb_xy(const eng_state *st, int a, long x, long y)
{
    long dx = labs(V(st, "m%d.x", a) - x), dy = labs(V(st, "m%d.y", a) - y);
    return dx > dy ? dx : dy;
}
static int first_of(const eng_state *st, long u)
{
    for (int j = 1; j <= NM; j++)
        if (on_board(st, j) && V(st, "m%d.unit", j) == u)
            return j;
    return 0;
}
static long strength(const eng_state *st, int j)
{
    long a = V(st, "m%d.melee", j), s = V(st, "m%d.short.attack", j), l = V(st, "m%d.long.attack", j);
    a = s > a ? s : a;
    return l > a ? l : a;
}
static long unit_health(const eng_state *st, long u)
{
    long n = 0;
    for (int j = 1; j <= NM; j++)
        if (on_board(st, j) && V(st, "m%d.unit", j) == u)
            n += V(st, "m%d.health", j);
    return n;
}

/* ---- activation order -------------------------------------------------------------------------------- */

typedef struct unit_info {
    long unit, centre, cost, strength;
} unit_info;

static int waiting_units(const eng_state *st, unit_info *u)
{
    int n = 0;
    for (int j = 1; j <= NM; j++) {
        if (!on_board(st, j) || V(st, "m%d.side", j) != 2 || V(st, "m%d.acted", j))
            continue;
        long unit = V(st, "m%d.unit", j), c = labs(2 * V(st, "m%d.x", j) - 15), cy = labs(2 * V(st, "m%d.y", j) - 15);
        c = cy > c ? cy : c;
        int k = 0;
        while (k < n && u[k].unit != unit)
            k++;
        if (k == n) {
            u[n].unit = unit, u[n].centre = c, u[n].cost = V(st, "m%d.cost", j), u[n].strength = strength(st, j);
            n++;
        } else {
            u[k].centre = c < u[k].centre ? c : u[k].centre;
            u[k].strength = strength(st, j) > u[k].strength ? strength(st, j) : u[k].strength;
        }
    }
    return n;
}
/* The candidates left after the first `rules` rules (1 centre, 2 cost). */
static int order_left(const eng_state *st, int rules, unit_info *u)
{
    int n = waiting_units(st, u);
    for (int r = 1; r <= rules; r++) {
        long best = r == 1 ? 999 : -1;
        for (int i = 0; i < n; i++)
            best = r == 1 ? (u[i].centre < best ? u[i].centre : best) : (u[i].cost > best ? u[i].cost : best);
        int k = 0;
        for (int i = 0; i < n; i++)
            if ((r == 1 ? u[i].centre : u[i].cost) == best)
                u[k++] = u[i];
        n = k;
    }
    return n;
}
static int pred_o_any(const eng_state *st) { unit_info u[NM]; return waiting_units(st, u) > 0; }
static int pred_o_nearest(const eng_state *st) { unit_info u[NM]; return order_left(st, 1, u) == 1; }
static int pred_o_cost(const eng_state *st) { unit_info u[NM]; return order_left(st, 2, u) == 1; }

static int activated_one_of(const eng_state *b, const eng_state *a, int rules)
{
    unit_info u[NM];
    int n = order_left(b, rules, u);
    long best = -1;
    for (int i = 0; i < n && rules == 2; i++)
        best = u[i].strength > best ? u[i].strength : best;
    long act = V(a, "active");
    if (act == 0 || V(a, "m%ld.unit", act) != V(a, "ai.unit"))
        return 0;
    for (int i = 0; i < n; i++)
        if (u[i].unit == V(a, "ai.unit") && (rules < 2 || u[i].strength == best))
            return 1;
    return 0;
}
static int post_o_nearest(const eng_state *b, const eng_state *a) { return activated_one_of(b, a, 1); }
static int post_o_cost(const eng_state *b, const eng_state *a) { return activated_one_of(b, a, 2); }
static int post_o_attacks(const eng_state *b, const eng_state *a) { return activated_one_of(b, a, 2); }
static int post_o_none(const eng_state *b, const eng_state *a) { (void)b; return V(a, "active") == 0; }

/* ---- a small generator of states ------------------------------------------------------------------------ */

typedef struct gen {
    uint64_t s;
} gen;
static long pick(gen *g, long n)
{
    g->s = g->s * 6364136223846793005u + 1442695040888963407u;
    return (long)((g->s >> 33) % (uint64_t)n);
}
static void put_text(eng_state *st, const char *v, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void put_text(eng_state *st, const char *v, const char *fmt, ...)
{
    char key[48], err[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(key, sizeof key, fmt, ap);
    va_end(ap);
    eng_set(st, key, v, err, sizeof err);
}
static void place(eng_state *st, int j, const char *side, long unit, long x, long y, long hp, long melee, long sa,
                  long lr, long la, long move, long def)
{
    put_text(st, side, "m%d.side", j);
    eng_set_long(st, unit, "m%d.unit", j);
    eng_set_long(st, x, "m%d.x", j);
    eng_set_long(st, y, "m%d.y", j);
    eng_set_long(st, hp, "m%d.health", j);
    eng_set_long(st, hp, "m%d.health.max", j);
    eng_set_long(st, melee, "m%d.melee", j);
    eng_set_long(st, sa ? 2 : 0, "m%d.short.range", j);
    eng_set_long(st, sa, "m%d.short.attack", j);
    eng_set_long(st, lr, "m%d.long.range", j);
    eng_set_long(st, la, "m%d.long.attack", j);
    eng_set_long(st, move, "m%d.move", j);
    eng_set_long(st, def, "m%d.defence", j);
    eng_set_long(st, 1, "m%d.size", j);
}
static void force(eng_state *st, const char *face)
{
    const eng_die *d = eng_find_die(eng_state_game(st), "combat");
    if (d)
        eng_rng_force(eng_state_rng(st), d, face);
}
static void force_random(eng_state *st, gen *g, int n)
{
    static const char *const faces[] = {"hit", "hit2", "crit", "def", "def2", "blank"};
    for (int i = 0; i < n; i++)
        force(st, faces[pick(g, 6)]);
}

typedef void (*builder)(eng_state *st, gen *g, int k);

static long enumerate(const eng_game *gm, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx,
                      builder build, int count)
{
    gen g = {seed * 2654435761u + 12345};
    long n = 0;
    for (int k = 0; k < count; k++) {
        eng_state *st = eng_state_new(gm, seed + (uint64_t)k);
        if (!st)
            return -1;
        build(st, &g, k);
        n++;
        int stop = visit(st, ctx);
        eng_state_free(st);
        if (stop)
            break;
    }
    return n;
}

/* Two heroes (activated) and 1 to 4 alien units near the centre, with ties. */
static void build_order(eng_state *st, gen *g, int k)
{
    static const long spots[] = {7, 8, 6, 9, 4, 11};
    place(st, 1, "hero", 1, 0, 0, 10, 2, 2, 6, 1, 4, 2);
    place(st, 2, "hero", 2, 15, 0, 10, 2, 2, 6, 1, 4, 2);
    eng_set_long(st, 1, "m1.acted");
    eng_set_long(st, 1, "m2.acted");
    int units = k % 7 == 0 ? 0 : 1 + (int)pick(g, 4);
    for (int u = 0; u < units; u++) {
        int j = 3 + u;
        place(st, j, "alien", 3 + u, spots[pick(g, k % 3 == 0 ? 2 : 6)], spots[pick(g, 2)], 3, 1 + pick(g, 3), 0, 0, 0, 3,
              1);
        eng_set_long(st, 3 + pick(g, 2), "m%d.cost", j);
        if (pick(g, 5) == 0)
            eng_set_long(st, 1, "m%d.acted", j);
    }
}
static long enum_order(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return enumerate(g, seed, visit, ctx, build_order, 300);
}

static void describe(const eng_state *st, char *buf, size_t len)
{
    size_t u = 0;
    for (int j = 1; j <= NM && u < len; j++) {
        if (!V(st, "m%d.side", j))
            continue;
        int w = snprintf(buf + u, len - u, "m%d(%s u%ld @%ld,%ld hp%ld m%ld s%ld/%ld l%ld/%ld d%ld%s%s) ", j,
                         V(st, "m%d.side", j) == 1 ? "hero" : "alien", V(st, "m%d.unit", j), V(st, "m%d.x", j),
                         V(st, "m%d.y", j), V(st, "m%d.health", j), V(st, "m%d.melee", j),
                         V(st, "m%d.short.range", j), V(st, "m%d.short.attack", j), V(st, "m%d.long.range", j),
                         V(st, "m%d.long.attack", j), V(st, "m%d.defence", j), V(st, "m%d.blip", j) ? " blip" : "",
                         V(st, "m%d.acted", j) ? " acted" : "");
        if (w < 0)
            break;
        u += (size_t)w;
    }
    if (u < len)
        snprintf(buf + u, len - u, "ai.unit %ld ai.who %ld ai.target %ld", V(st, "ai.unit"), V(st, "ai.who"),
                 V(st, "ai.target"));
}

/* ---- movement ------------------------------------------------------------------------------------------------ */

static int sees(const eng_state *st, int v)
{
    for (int j = 1; j <= NM; j++) {
        long sight = V(st, "m%d.long.range", j) > V(st, "m%d.short.range", j) ? V(st, "m%d.long.range", j)
                                                                               : V(st, "m%d.short.range", j);
        if (is_hero(st, j) && !V(st, "m%d.hidden", v) && cheb(st, j, v) <= sight)
            return 1;
    }
    return 0;
}
static int lead(const eng_state *st) { return first_of(st, V(st, "ai.unit")); }
static int pred_m_seen(const eng_state *st) { int l = lead(st); return l && V(st, "m%d.blip", l) && sees(st, l); }
static int pred_m_marker(const eng_state *st) { return V(st, "marker") == 1; }
static int pred_m_ranged(const eng_state *st) { int l = lead(st); return l && V(st, "m%d.long.range", l) > 0; }

static int target_xy(const eng_state *st, int l, long *x, long *y)
{
    if (V(st, "marker"))
        return *x = V(st, "marker.x"), *y = V(st, "marker.y"), 1;
    int best = 0;
    for (int j = 1; j <= NM; j++)
        if (is_hero(st, j) && (!best || cheb(st, l, j) < cheb(st, l, best)))
            best = j;
    if (!best)
        return 0;
    *x = V(st, "m%d.x", best), *y = V(st, "m%d.y", best);
    return 1;
}
static int still(const eng_state *b, const eng_state *a)
{
    for (int j = 1; j <= NM; j++)
        if (V(a, "m%d.x", j) != V(b, "m%d.x", j) || V(a, "m%d.y", j) != V(b, "m%d.y", j))
            return 0;
    return 1;
}
static int post_m_flip(const eng_state *b, const eng_state *a)
{
    int l = lead(b);
    return l && V(a, "m%d.blip", l) == 0 && (V(a, "pending") == V(b, "ai.unit") || V(a, "m%d.out", l));
}
static int post_m_marker(const eng_state *b, const eng_state *a) { return V(a, "marker") == 1 && still(b, a); }
static int post_m_hero(const eng_state *b, const eng_state *a) { return V(a, "marker") == 0 && still(b, a); }
static int moved_to(const eng_state *b, const eng_state *a, long want)
{
    int l = lead(b);
    long x, y;
    if (!l || !target_xy(b, l, &x, &y))
        return 0;
    long allow = V(b, "m%d.blip", l) ? 5 : V(b, "m%d.move", l);
    long d0 = cheb_xy(b, l, x, y), d1 = cheb_xy(a, l, x, y);
    if (d0 > want)
        return d1 == (d0 - allow > want ? d0 - allow : want);
    return d1 >= d0 && d1 <= want;
}
static int post_m_range(const eng_state *b, const eng_state *a) { int l = lead(b); return moved_to(b, a, V(b, "m%d.long.range", l)); }
static int post_m_close(const eng_state *b, const eng_state *a) { return moved_to(b, a, 1); }

/* One hero or two, a unit of 1 or 2 models: blip or not, hidden or seen,
 * ranged or melee, a mission marker or none. */
static void build_move(eng_state *st, gen *g, int k)
{
    place(st, 1, "hero", 1, 2 + pick(g, 4), 2 + pick(g, 4), 20, 2, 2, 4 + pick(g, 5), 1, 4, 2);
    if (k % 2)
        place(st, 2, "hero", 2, 8 + pick(g, 6), 1 + pick(g, 3), 20, 2, 2, 5, 1, 4, 2);
    long ranged = pick(g, 2);
    long x = 4 + pick(g, 10), y = 4 + pick(g, 10);
    place(st, 3, "alien", 5, x, y, 20, 2, 0, ranged ? 1 + pick(g, 7) : 0, ranged ? 2 : 0, 2 + pick(g, 4), 1);
    if (pick(g, 2))
        place(st, 4, "alien", 5, x, y, 20, 2, 0, 0, 0, 4, 1);
    eng_set_long(st, pick(g, 2), "m3.blip");
    eng_set_long(st, V(st, "m3.blip"), "m4.blip");
    eng_set_long(st, pick(g, 3) == 0, "m3.hidden");
    if (pick(g, 3) == 0) {
        eng_set_long(st, 1, "marker");
        eng_set_long(st, pick(g, 16), "marker.x");
        eng_set_long(st, pick(g, 16), "marker.y");
    }
    eng_set_long(st, 5, "ai.unit");
}
static long enum_move(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return enumerate(g, seed, visit, ctx, build_move, 300);
}

/* ---- combat target -------------------------------------------------------------------------------------------- */

/* What the combat rules read of every model, read once per question: they
 * pair every alien of the unit with every hero (and every other hero), and
 * reading the same keys again for each pair was most of Overmind's check. */
typedef struct model_view {
    int board, hero;
    long unit, blip, down, shaken, shaken_by, hidden, x, y, melee, s_range, s_attack, l_range, l_attack;
} model_view;
typedef struct board_view {
    model_view m[NM + 1];
    long night;
} board_view;

/* The last view read, with the state data it was read from: the
 * predicates and postconditions of one state ask for it several times over
 * (mode_of, candidates, target_left, chose), and comparing the data is much
 * cheaper than reading the sixteen models' keys again. The view is a
 * function of the data alone (no log keys). */
static struct {
    const eng_game *g;
    unsigned char *data;
    board_view v;
} last_view;

static void read_board(const eng_state *st, board_view *v);

static void view_board(const eng_state *st, board_view *v)
{
    const eng_game *g = eng_state_game(st);
    const void *data = eng_cdata(st);
    if (last_view.g == g && last_view.data && memcmp(last_view.data, data, g->state_size) == 0) {
        *v = last_view.v;
        return;
    }
    read_board(st, v);
    unsigned char *keep = last_view.g == g ? last_view.data : NULL;
    if (!keep) {
        free(last_view.data);
        last_view.g = NULL;
        last_view.data = keep = malloc(g->state_size);
    }
    if (keep) {   /* without memory, views are read every time */
        memcpy(keep, data, g->state_size);
        last_view.g = g;
        last_view.v = *v;
    }
}

static void read_board(const eng_state *st, board_view *v)
{
    /* model 0 is no key: what eng_val gives for one (a lead of 0 asks) */
    memset(&v->m[0], 0, sizeof v->m[0]);
    for (int j = 1; j <= NM; j++) {
        model_view *m = &v->m[j];
        m->board = on_board(st, j);
        m->hero = is_hero(st, j);
        m->unit = V(st, "m%d.unit", j), m->blip = V(st, "m%d.blip", j), m->down = V(st, "m%d.down", j);
        m->shaken = V(st, "m%d.shaken", j), m->shaken_by = V(st, "m%d.shaken.by", j);
        m->hidden = V(st, "m%d.hidden", j);
        m->x = V(st, "m%d.x", j), m->y = V(st, "m%d.y", j), m->melee = V(st, "m%d.melee", j);
        m->s_range = V(st, "m%d.short.range", j), m->s_attack = V(st, "m%d.short.attack", j);
        m->l_range = V(st, "m%d.long.range", j), m->l_attack = V(st, "m%d.long.attack", j);
    }
    v->night = V(st, "night");
}

/* cheb() on the view */
static long cheb_v(const board_view *v, int a, int b)
{
    long dx = labs(v->m[a].x - v->m[b].x), dy = labs(v->m[a].y - v->m[b].y);
    return dx > dy ? dx : dy;
}

/* Can alien j attack hero h: 1 melee, 2 shot. */
static int can_hit(const board_view *v, int j, int h, int kind)
{
    const model_view *a = &v->m[j];
    if (!a->board || a->blip || a->down || !v->m[h].hero)
        return 0;
    if (a->shaken && a->shaken_by == h)
        return 0;
    long d = cheb_v(v, j, h);
    if (kind == 1)
        return d == 1 && a->melee > 0;
    for (int o = 1; o <= NM; o++)
        if (v->m[o].hero && cheb_v(v, j, o) == 1)
            return 0;
    if (v->m[h].hidden)
        return 0;
    return (d <= a->s_range && a->s_attack > 0) || (d <= a->l_range && a->l_attack > 0 && !v->night);
}
/* Heroes the unit can attack in mode kind, with their distance. */
static int candidates_v(const eng_state *st, const board_view *v, int kind, int *c, long *d)
{
    long u = V(st, "ai.unit");
    int n = 0;
    for (int h = 1; h <= NM; h++) {
        int ok = 0;
        long best = 99;
        for (int j = 1; j <= NM; j++)
            if (v->m[j].board && v->m[j].unit == u && !v->m[j].blip) {
                ok |= can_hit(v, j, h, kind);
                best = cheb_v(v, j, h) < best ? cheb_v(v, j, h) : best;
            }
        if (ok)
            c[n] = h, d[n++] = best;
    }
    return n;
}
static int candidates(const eng_state *st, int kind, int *c, long *d)
{
    board_view v;
    view_board(st, &v);
    return candidates_v(st, &v, kind, c, d);
}
static int mode_of(const eng_state *st)
{
    int c[NM];
    long d[NM];
    board_view v;
    view_board(st, &v);
    return candidates_v(st, &v, 1, c, d) ? 1 : candidates_v(st, &v, 2, c, d) ? 2 : 0;
}
/* The candidates left after rule 1 (nearest) or 2 (lowest defence). */
static int target_left(const eng_state *st, int kind, int rules, int *c)
{
    long d[NM];
    int n = candidates(st, kind, c, d);
    for (int r = 1; r <= rules; r++) {
        long best = 999;
        for (int i = 0; i < n; i++) {
            long v = r == 1 ? d[i] : V(st, "m%d.defence", c[i]);
            best = v < best ? v : best;
        }
        int k = 0;
        for (int i = 0; i < n; i++)
            if ((r == 1 ? d[i] : V(st, "m%d.defence", c[i])) == best)
                d[k] = d[i], c[k++] = c[i];
        n = k;
    }
    return n;
}
static int pred_t_melee(const eng_state *st) { return mode_of(st) == 1; }
static int pred_t_shoot(const eng_state *st) { int c[NM]; long d[NM]; return candidates(st, 2, c, d) > 0; }
static int pred_t_nearest(const eng_state *st) { int c[NM]; return target_left(st, mode_of(st), 1, c) == 1; }
static int pred_t_defence(const eng_state *st) { int c[NM]; return target_left(st, mode_of(st), 2, c) == 1; }

static int post_t_melee(const eng_state *b, const eng_state *a) { (void)b; return V(a, "ai.mode") == 1; }
static int post_t_ranged(const eng_state *b, const eng_state *a) { (void)b; return V(a, "ai.mode") == 2; }
/* The unit's models on overwatch, every other model as it was. */
static int post_t_overwatch(const eng_state *b, const eng_state *a)
{
    for (int j = 1; j <= NM; j++) {
        int ours = V(a, "m%d.unit", j) == V(b, "ai.unit");
        if (on_board(a, j) && ours && V(a, "m%d.overwatch", j) != 1)
            return 0;
        if (!ours && V(a, "m%d.overwatch", j) != V(b, "m%d.overwatch", j))
            return 0;
    }
    return 1;
}
static int chose(const eng_state *b, const eng_state *a, int rules)
{
    int c[NM];
    int n = target_left(b, (int)V(a, "ai.mode"), rules, c);
    long best = -1;
    for (int i = 0; i < n; i++)
        best = strength(b, c[i]) > best ? strength(b, c[i]) : best;
    for (int i = 0; i < n; i++)
        if (c[i] == V(a, "ai.target") && (rules < 2 || strength(b, c[i]) == best))
            return 1;
    return 0;
}
static int post_t_nearest(const eng_state *b, const eng_state *a) { return chose(b, a, 1); }
static int post_t_defence(const eng_state *b, const eng_state *a) { return chose(b, a, 2); }
static int post_t_strongest(const eng_state *b, const eng_state *a) { return chose(b, a, 2); }
/* At least one attack, and no more than the unit has models. */
static int post_t_attack(const eng_state *b, const eng_state *a)
{
    long n = 0;
    for (int j = 1; j <= NM; j++)
        n += on_board(b, j) && V(b, "m%d.unit", j) == V(b, "ai.unit");
    long made = V(a, "log.attack") - V(b, "log.attack");
    return made >= 1 && made <= n;
}

/* Two to four heroes around a unit of 1 or 2 aliens: adjacent, in range, out
 * of reach; defences and attacks with ties. */
static void build_target(eng_state *st, gen *g, int k)
{
    long x = 7, y = 7;
    int heroes = 2 + (int)pick(g, 3);
    static const long dx[] = {1, -1, 0, 3, -4, 6, 0, 9};
    static const long dy[] = {0, 1, -1, 2, 0, -5, 8, 0};
    for (int h = 1; h <= heroes; h++) {
        int s = (int)pick(g, k % 4 == 0 ? 8 : 6) + (k % 4 == 1 ? 3 : 0);
        s = s > 7 ? 7 : s;
        place(st, h, "hero", h, x + dx[s], y + dy[s], 1 + pick(g, 3), 1 + pick(g, 3), 1, 0, 0, 4, 1 + pick(g, 2));
        if (h > 1 && V(st, "m%d.x", h) == V(st, "m%d.x", h - 1) && V(st, "m%d.y", h) == V(st, "m%d.y", h - 1))
            eng_set_long(st, V(st, "m%d.x", h) + 1, "m%d.x", h);
    }
    long ranged = pick(g, 3);
    place(st, 9, "alien", 9, x, y, 5, 1 + pick(g, 3), 0, ranged ? 3 + pick(g, 5) : 0, ranged ? 2 : 0, 3, 1);
    if (pick(g, 2))
        place(st, 10, "alien", 9, x, y + 1 == V(st, "m1.y") && V(st, "m1.x") == x ? y - 1 : y, 5, 2, 0, 0, 0, 3, 1);
    if (pick(g, 2))     /* another unit next to the first hero: it does not join in */
        place(st, 12, "alien", 12, V(st, "m1.x"), V(st, "m1.y") + 1, 5, 2, 0, 0, 0, 3, 1);
    for (int i = 0; i < 40; i++)
        force(st, pick(g, 2) ? "blank" : "def");
    eng_set_long(st, 9, "ai.unit");
}
static long enum_target(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return enumerate(g, seed, visit, ctx, build_target, 400);
}

/* ---- behaviour ------------------------------------------------------------------------------------------------ */

static int pred_b_wall(const eng_state *st) { int l = lead(st); return l && V(st, "m%d.xxl", l) && V(st, "m%d.wall", l) >= 2; }
static int pred_b_attack(const eng_state *st)
{
    int l = lead(st);
    long b = V(st, "m%d.behaviour", l);
    board_view v;
    view_board(st, &v);
    for (int h = 1; h <= NM; h++) {
        if (!is_hero(st, h))
            continue;
        long d = cheb(st, l, h);
        long shot = d <= V(st, "m%d.short.range", l) && V(st, "m%d.short.attack", l) > 0 ? V(st, "m%d.short.attack", l)
                                                                                         : V(st, "m%d.long.attack", l);
        if ((b & 2) && can_hit(&v, l, h, 2) && shot > 1)
            return 1;
        if ((b & 4) && !V(st, "m%d.hidden", h) && d <= 6 && V(st, "m%d.melee", l) > 1)
            return 1;
        if ((b & 16) && !V(st, "m%d.hidden", h) && V(st, "m%d.melee", l) > 0)
            return 1;
    }
    return 0;
}
static int pred_b_interact(const eng_state *st)
{
    int l = lead(st);
    return V(st, "marker") && labs(V(st, "marker.x") - V(st, "m%d.x", l)) <= 1 && labs(V(st, "marker.y") - V(st, "m%d.y", l)) <= 1;
}
static int pred_b_move(const eng_state *st) { int l = lead(st); return (V(st, "m%d.behaviour", l) & 9) != 0; }

static int post_b_wall(const eng_state *b, const eng_state *a)
{
    return V(a, "wall.broken") == 1 && V(a, "log.wall") == V(b, "log.wall") + 1;
}
static int post_b_attack(const eng_state *b, const eng_state *a)
{
    return V(a, "log.attack") > V(b, "log.attack") && V(a, "log.behaviour") == V(b, "log.behaviour") + 1;
}
static int post_b_interact(const eng_state *b, const eng_state *a)
{
    return V(a, "marker") == 0 && V(a, "spanners") == V(b, "spanners") + 1;
}
static int post_b_move(const eng_state *b, const eng_state *a)
{
    return V(a, "log.behaviour") == V(b, "log.behaviour") + 1 && V(a, "log.attack") == V(b, "log.attack") && V(a, "pending") == 0;
}
static int post_b_none(const eng_state *b, const eng_state *a)
{
    return V(a, "pending") == 0 && still(b, a) && V(a, "log.behaviour") == V(b, "log.behaviour");
}

static void build_behaviour(eng_state *st, gen *g, int k, int xxl)
{
    /* every fourth state the unit in the first slot, the hero in the second:
     * the procedure must find its unit wherever it stands */
    int hs = k % 4 == 3 ? 2 : 1, as = 3 - hs;
    long x = 4 + pick(g, 8), y = 4 + pick(g, 8);
    place(st, hs, "hero", hs, pick(g, 16), pick(g, 16), 20, 2, 2, 5, 1, 4, 2);
    eng_set_long(st, pick(g, 4) == 0, "m%d.hidden", hs);
    if (V(st, "m%d.x", hs) == x && V(st, "m%d.y", hs) == y)
        eng_set_long(st, (x + 5) % 16, "m%d.x", hs);
    /* every fifth a long attack of 1: a quick shot at long range would roll no die */
    place(st, as, "alien", 3, x, y, 20, pick(g, 3), 2 + pick(g, 2), 2 + pick(g, 6), k % 5 ? 2 : 1, 3, 1);
    eng_set_long(st, xxl, "m%d.xxl", as);
    if (xxl)
        eng_set_long(st, pick(g, 4), "m%d.wall", as);
    static const long mix[] = {0, 1, 2, 4, 8, 16, 9, 3, 20, 18};
    eng_set_long(st, mix[pick(g, 10)], "m%d.behaviour", as);
    if (pick(g, 2)) {
        eng_set_long(st, 1, "marker");
        eng_set_long(st, x + pick(g, 3) - 1 + (k % 3 == 0 ? 3 : 0), "marker.x");
        /* every seventh two rows off: not next to the unit */
        eng_set_long(st, y + pick(g, 3) - 1 + (k % 7 == 0 ? 2 : 0), "marker.y");
    }
    eng_set_long(st, 3, "ai.unit");
    eng_set_long(st, 3, "pending");
    for (int i = 0; i < 20; i++)
        force(st, "hit");
}
static void build_plain(eng_state *st, gen *g, int k) { build_behaviour(st, g, k, 0); }
static void build_xxl(eng_state *st, gen *g, int k) { build_behaviour(st, g, k, 1); }
static long enum_behaviour(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return enumerate(g, seed, visit, ctx, build_plain, 300);
}
static long enum_xxl(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return enumerate(g, seed, visit, ctx, build_xxl, 300);
}

/* ---- a hero's activation -------------------------------------------------------------------------------------- */

#define WHO(st) V((st), "ai.who")
static int pred_h_status(const eng_state *st) { return V(st, "m%ld.stunned", WHO(st)) || V(st, "m%ld.down", WHO(st)); }
static long first_act(const eng_state *st) { return pred_h_status(st) ? 9 : V(st, "ai.first"); }
static int pred_h_repeat(const eng_state *st) { return V(st, "ai.second") == first_act(st); }
static int pred_h_ow_moved(const eng_state *st)
{
    long f = first_act(st);
    return V(st, "ai.second") == 6 && (f == 1 || f == 2);
}
static int post_h_recover(const eng_state *b, const eng_state *a)
{
    (void)b;
    return !V(a, "m%ld.stunned", WHO(a)) && !V(a, "m%ld.down", WHO(a)) && V(a, "actions") == 1 && V(a, "active") == WHO(a);
}
/* One action taken; a move or sprint brought the hero its allowance nearer
 * the target, up to the next field; an attack was made at it with the value
 * its distance gives (every target of the states is in long range). */
static int post_h_first(const eng_state *b, const eng_state *a)
{
    long f = V(b, "ai.first"), t = V(b, "ai.target"), who = WHO(b);
    if (V(a, "actions") != 1 || V(a, "active") != who)
        return 0;
    if (f == 5) {      /* a heal: 1 health up to the full, and 1 XP */
        long hp = V(b, "m%ld.health", who), full = V(b, "m%ld.health.max", who);
        return (V(a, "m%ld.xp", who) == V(b, "m%ld.xp", who) + 1 || V(a, "m%ld.level", who) > V(b, "m%ld.level", who)) &&
               V(a, "m%ld.health", who) == (hp < full ? hp + 1 : full) && V(a, "log.heal") == V(b, "log.heal") + 1;
    }
    if (f == 3) {      /* next to it in melee, else a shot at short or long range */
        long d = cheb(b, (int)who, (int)t), sr = V(b, "m%ld.short.range", who);
        long v = V(b, d == 1 ? "m%ld.melee" : d <= sr ? "m%ld.short.attack" : "m%ld.long.attack", who);
        return V(a, "log.attack") == V(b, "log.attack") + 1 && V(a, "last.value") == v;
    }
    if (f != 1 && f != 2)
        return 1;
    long allow = f == 2 ? V(b, "m%ld.move", who) / 2 : V(b, "m%ld.move", who);
    long d0 = cheb(b, (int)who, (int)t), d1 = cheb(a, (int)who, (int)t);
    return d1 == (d0 - allow > 1 ? d0 - allow : (d0 < 1 ? d0 : 1));
}
static int post_h_repeat(const eng_state *b, const eng_state *a)
{
    return V(a, "active") == 0 && V(a, "m%ld.acted", WHO(a)) && still(b, a) && V(a, "log.attack") == V(b, "log.attack");
}
static int post_h_ow_moved(const eng_state *b, const eng_state *a)
{
    (void)b;
    return V(a, "m%ld.overwatch", WHO(a)) == 1 && V(a, "m%ld.overwatch.moved", WHO(a)) == 1 && V(a, "active") == 0;
}
static int post_h_second(const eng_state *b, const eng_state *a)
{
    (void)b;
    return V(a, "active") == 0 && V(a, "m%ld.acted", WHO(a)) && !V(a, "m%ld.overwatch.moved", WHO(a));
}
static void build_hero(eng_state *st, gen *g, int k)
{
    static const char *const acts[] = {"move", "sprint", "attack", "interact", "overwatch"};
    (void)k;
    place(st, 1, "hero", 1, 5, 5, 6, 2, 2, 6, 1, 4, 2);
    eng_set_long(st, 6 - pick(g, 2), "m1.health");      /* full or 1 below: a heal may be capped */
    place(st, 2, "alien", 2, 5 + 1 + pick(g, 6), 5 + pick(g, 3), 20, 1, 0, 0, 0, 3, 1);
    eng_set_long(st, 1, "m2.acted");
    if (pick(g, 3) == 0)
        eng_set_long(st, 1, pick(g, 2) ? "m1.stunned" : "m1.down");
    put_text(st, acts[pick(g, 5)], "ai.first");
    put_text(st, acts[pick(g, 5)], "ai.second");
    eng_set_long(st, 1, "ai.who");
    eng_set_long(st, 2, "ai.target");
    force_random(st, g, 20);
}
static long enum_hero(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return enumerate(g, seed, visit, ctx, build_hero, 300);
}

/* ---- the combat sequence -------------------------------------------------------------------------------------- */

static long attack_of(const eng_state *st)
{
    long a = WHO(st), t = V(st, "ai.target"), d = cheb(st, (int)a, (int)t), v;
    if (V(st, "ai.kind") == 0)
        v = V(st, "m%ld.melee", a);
    else
        v = d <= V(st, "m%ld.short.range", a) && V(st, "m%ld.short.attack", a) > 0 ? V(st, "m%ld.short.attack", a)
                                                                                  : V(st, "m%ld.long.attack", a);
    return v - (V(st, "m%ld.inside", t) && !V(st, "m%ld.inside", a) && !V(st, "wall.broken"));
}
/* What the attack rolls, played on a copy. */
static long rehearse(const eng_state *st, const char *key)
{
    eng_state *cp = eng_state_copy(st);
    char err[128], args[96];
    if (!cp)
        return 0;
    long before = V(cp, "log.defence");
    snprintf(args, sizeof args, "who=%ld target=%ld kind=%s", WHO(st), V(st, "ai.target"),
             V(st, "ai.kind") ? "shot" : "melee");
    eng_act(cp, "strike", args, err, sizeof err);
    long v = strcmp(key, "defended") == 0 ? V(cp, "log.defence") - before : V(cp, "%s", key);
    eng_state_free(cp);
    return v;
}
static int pred_c_over(const eng_state *st) { return attack_of(st) > 5; }
static int pred_c_ff(const eng_state *st) { return rehearse(st, "last.friendly-fire") > 0; }
static int pred_c_crits(const eng_state *st) { return rehearse(st, "last.crits") > 0; }
static int pred_c_defends(const eng_state *st) { return rehearse(st, "defended") > 0; }

static int post_c_convert(const eng_state *b, const eng_state *a)
{
    long over = attack_of(b) - 5;
    return V(a, "last.dice") == 5 && V(a, "last.converted") == (over < V(a, "last.converted") + V(a, "last.blanks") ? over : V(a, "last.converted") + V(a, "last.blanks"));
}
static int post_c_roll(const eng_state *b, const eng_state *a) { return V(a, "last.dice") == attack_of(b) && V(a, "last.converted") == 0; }
static int post_c_ff(const eng_state *b, const eng_state *a)
{
    long lost = 0;
    for (int j = 1; j <= NM; j++)
        if (V(b, "m%d.side", j) == V(b, "m%ld.side", WHO(b)))
            lost += V(b, "m%d.health", j) - V(a, "m%d.health", j);
    return lost > 0;
}
static int post_c_crits(const eng_state *b, const eng_state *a)
{
    long u = V(b, "m%ld.unit", V(b, "ai.target")), h0 = unit_health(b, u), c = V(a, "last.crits");
    return unit_health(a, u) == (h0 > c ? h0 - c : 0) && V(a, "log.defence") == V(b, "log.defence");
}
static int post_c_damage(const eng_state *b, const eng_state *a)
{
    long u = V(b, "m%ld.unit", V(b, "ai.target")), h0 = unit_health(b, u);
    long dmg = V(a, "last.hits") - V(a, "last.defence");
    dmg = dmg > 0 ? dmg : 0;
    return V(a, "log.defence") == V(b, "log.defence") + 1 && unit_health(a, u) == (h0 > dmg ? h0 - dmg : 0);
}
static int post_c_none(const eng_state *b, const eng_state *a)
{
    return V(a, "log.defence") == V(b, "log.defence") && unit_health(a, V(b, "m%ld.unit", V(b, "ai.target"))) ==
                                                             unit_health(b, V(b, "m%ld.unit", V(b, "ai.target")));
}
static void build_combat(eng_state *st, gen *g, int k)
{
    long shot = k % 2;
    place(st, 1, "hero", 1, shot ? 2 : 6, 5, 10, 1 + pick(g, 7), 1 + pick(g, 7), 8, 1 + pick(g, 7), 4, 2);
    place(st, 2, "alien", 2, 7, 5, 1 + pick(g, 4), 2, 0, 0, 0, 3, pick(g, 3));
    if (pick(g, 2))
        place(st, 3, "alien", 2, 8, 5, 1 + pick(g, 4), 2, 0, 0, 0, 3, pick(g, 3));
    if (shot && pick(g, 2))
        place(st, 4, "hero", 4, 7, 6, 10, 2, 0, 0, 0, 4, 2);
    put_text(st, pick(g, 3) == 0 ? "cover" : pick(g, 2) ? "open" : "normal", "m2.terrain");
    eng_set_long(st, 1, "ai.who");
    eng_set_long(st, 2, "ai.target");
    put_text(st, shot ? "shot" : "melee", "ai.kind");
    force_random(st, g, 10);
}
static long enum_combat(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return enumerate(g, seed, visit, ctx, build_combat, 400);
}

/* ---- the tables ---------------------------------------------------------------------------------------------------- */

#define F(id, doc, fn) {"overmind." id, doc, fn}

const eng_fact eng_overmind_facts[ENG_OVERMIND_NFACTS] = {
    F("dice.faces", "faces of the combat die that act differently, each forced on attack and defence", probe_faces),
    F("face.hit", "hits of one hit face", probe_face_hit),
    F("face.hit2", "hits of one double-hit face", probe_face_hit2),
    F("face.crit", "critical hits of one critical face", probe_face_crit),
    F("face.blank", "hits of one blank", probe_face_blank),
    F("face.def", "hits one defence face negates", probe_face_def),
    F("face.def2", "hits one double-defence face negates", probe_face_def2),
    F("dice.max", "dice an attack of 9 rolls", probe_max_dice),
    F("dice.blank-per-point", "blanks an attack of 6 turns into hits", probe_blank_per_point),
    F("combat.crit-ignores-defence", "a critical wounds through five double defences", probe_crit_ignores),
    F("combat.crit-first", "a critical that kills leaves no defence roll", probe_crit_first),
    F("combat.damage", "damage equals hits minus defence", probe_damage_minus),
    F("combat.no-hit-no-defence", "no hit, no defence roll", probe_no_hit_no_defence),
    F("defence.lowest", "a unit of defences 1 and 3 rolls the lowest (2) or highest (1)", probe_defence_lowest),
    F("defence.cover", "defence dice gained when one model is in cover", probe_cover_bonus),
    F("defence.open", "defence dice on open ground", probe_open_malus),
    F("defence.cover-one", "one model in cover is enough", probe_cover_one),
    F("damage.lowest-first", "damage goes to the lowest (2) defence first", probe_alloc_lowest),
    F("damage.carry", "excess damage carries over to the next model", probe_alloc_carry),
    F("building.attack", "attack dice from outside into a building", probe_building),
    F("building.wall", "a broken wall lifts the building malus", probe_wall_lifts),
    F("range.short", "short range uses the short-range attack, beyond it the long one", probe_short_range),
    F("attack.plain", "an alien unit's shot stuns no one", probe_alien_shot),
    F("melee.no-shot", "a model in melee cannot shoot", probe_melee_no_shot),
    F("melee.friendly-fire", "two blanks of a shot into melee: two criticals on the friend; one blank, one", probe_friendly_fire),
    F("flee.attacks", "free attacks on a hero leaving two adjacent aliens", probe_flee_attacks),
    F("flee.defence", "defence dice of a fleeing model against its defence", probe_flee_defence),
    F("fear.hits", "hits a fear attack needs to shake", probe_fear_hits),
    F("fear.no-damage", "a fear attack deals no damage", probe_fear_no_damage),
    F("shaken.moves", "a shaken model moves its full move away", probe_shaken_moves),
    F("shaken.no-attack", "a shaken model cannot attack its attacker this round", probe_shaken_no_attack),
    F("stun.hits", "a stun weapon's hit stuns", probe_stun_hits),
    F("stun.no-defence", "a stunned model rolls no defence against melee", probe_stun_no_defence),
    F("stun.recover", "a stunned model's next action is recovering", probe_stun_recover),
    F("down.recover", "a knocked-down model's next action is standing up", probe_down_recover),
    F("down.no-attack", "a knocked-down model cannot attack", probe_down_no_attack),
    F("push.fields", "fields a pushed model goes back", probe_push_fields),
    F("push.blocked", "a model that cannot go back is stunned", probe_push_blocked),
    F("xxl.immune", "XXL models take no status", probe_xxl_immune),
    F("xxl.wall-fields", "fields an XXL model needs against a wall to break it", probe_xxl_wall),
    F("hero.actions", "actions a hero takes in an activation", probe_actions),
    F("hero.no-twice", "no action twice in one activation", probe_no_twice),
    F("hero.sprint", "fields a sprint covers with move 9", probe_sprint),
    F("hero.move", "a move covers the movement value", probe_move_full),
    F("hero.diagonal", "moves go diagonally", probe_diagonal),
    F("overwatch.moved", "overwatch dice after moving against without", probe_overwatch_moved),
    F("overwatch.auto", "overwatch fires at the first target on its own, once", probe_overwatch_auto),
    F("overwatch.flip", "overwatch shots at a blip turned over in range", probe_overwatch_flip),
    F("overwatch.fresh", "a move in an earlier round does not count against overwatch", probe_overwatch_fresh),
    F("terrain.building", "a building counts as cover", probe_building_cover),
    F("solo.range", "a shooter keeps its farthest shot distance, backing off to the edge", probe_solo_range),
    F("psycho.los", "psycho attacks ignore line of sight, only psychic models", probe_psycho_los),
    F("hero.extract", "extraction only from a deployment point", probe_extract),
    F("round.heroes-first", "the Overmind activates after every hero", probe_heroes_first),
    F("level.one", "XP for level 1", probe_level1),
    F("level.two", "XP for level 2 after level 1", probe_level2),
    F("level.reset", "the track is reset at a level", probe_level_reset),
    F("level.max", "the highest level", probe_level_max),
    F("xp.share", "XP for one model of a unit of 4 costing 8 is 2", probe_xp_share),
    F("xp.heal", "XP for a heal", probe_xp_heal),
    F("abduction.hero", "abduction markers for a hero removed", probe_abduct_hero),
    F("points.normal", "unit points in a normal region", probe_points_normal),
    F("points.alien", "unit points in a region the aliens fortified", probe_points_alien),
    F("points.hero", "unit points in a region the heroes fortified", probe_points_hero),
    F("decoys", "decoy tokens a mission", probe_decoys),
    F("reinforcements", "reinforcement points a mission", probe_reinforcements),
    F("reinforcements.unspent", "unspent unit points go to reinforcements", probe_muster),
    F("reinforcements.excess", "points over the mission's come off the reinforcements", probe_overspend),
    F("reinforcements.move", "placing a reinforcement is its move action", probe_reinforce_move),
    F("decoy.removed", "a decoy revealed leaves the game", probe_decoy),
    F("unit.max", "models in a merged unit", probe_unit_max),
    F("cards.first", "mutation cards drawn in round 1", probe_draw_first),
    F("cards.later", "mutation cards drawn in a later round", probe_draw_later),
    F("cards.first-mission", "mutation cards drawn in round 1 of the next mission", probe_draw_next_mission),
    F("cards.hand", "the hand limit", probe_hand_limit),
    F("cards.deck", "cards in the mutation deck", probe_deck),
    F("cards.supreme", "cards the supreme option discards", probe_supreme),
    F("cards.interrupt", "cards an interruption costs", probe_interrupt_cost),
    F("cards.interrupt-once", "interruptions a round", probe_interrupt_once),
    F("cards.interrupt-acted", "the interrupting unit counts as activated", probe_interrupt_acted),
    F("cards.interrupt-resume", "the interrupted hero goes on", probe_interrupt_resume),
    F("cards.redraw", "cards discarded and redrawn at most", probe_redraw),
    F("cards.redraw-start", "only at the start of the Overmind's phase", probe_redraw_start),
    F("cards.reshuffle", "the discard goes back into the deck after a mission", probe_reshuffle),
    F("cards.ultimate", "abduction markers an ultimate card costs", probe_ultimate_cost),
    F("cards.ultimate-deck", "the deck stays at its size with ultimate cards", probe_ultimate_deck),
    F("node.cost", "abduction markers an upgrade node costs", probe_node_cost),
    F("upgrade.one-path", "one upgrade path a unit", probe_one_path),
    F("blip.move", "fields a blip token moves", probe_blip_move),
    F("blip.actions", "a blip flips as first action and keeps a second; no other action", probe_blip_actions),
    F("blip.spanner", "abduction markers for a spanner a blip took", probe_blip_spanner),
    F("blip.exploration", "abduction markers for an exploration token a blip took", probe_blip_exploration),
    F("blip.sight", "a blip in a hero's sight turns over, with its behaviour", probe_auto_sight),
    F("blip.damage", "a blip that takes damage turns over, with its behaviour", probe_auto_damage),
    F("blip.action-kinds", "actions a blip token may take", probe_blip_kinds),
    F("agenda.drawn", "hidden agenda cards drawn", probe_agenda_drawn),
    F("agenda.kept", "hidden agenda cards kept", probe_agenda_kept),
    F("blip.behaviour-now", "a behaviour not taken at once is gone", probe_behaviour_now),
    F("blip.place-distance", "revealed models keep 1 field between them and the heroes", probe_place_distance),
    F("overwatch.target", "overwatch shoots at the model that moves into range, not at blips; a 0 attack no shot", probe_overwatch_target),
    F("behaviour.protect", "Protect moves next to the nearest friendly unit", probe_protect),
    F("behaviour.terror", "Terrifying Presence shakes every enemy in sight", probe_terror),
    F("unit.split", "a model splits off into a unit of its own", probe_split),
    F("interact.hero-spanner", "items for a hero's spanner", probe_hero_spanner),
    F("decoy.attacked", "an attacked decoy leaves; the action is spent", probe_decoy_attacked),
    F("blip.flip-no-behaviour", "a blip the Overmind flips takes no behaviour", probe_flip_no_behaviour),
    F("behaviour.cover", "fields Take Cover moves", probe_cover_fields),
    F("behaviour.quick", "Quick Shot dice against the normal attack", probe_quick_shot),
    F("behaviour.rush", "Rush melee dice against the normal attack", probe_rush),
    F("behaviour.rush-fields", "fields Rush moves", probe_rush_fields),
    F("field.hits", "hits that destroy a hazard field", probe_field_hits),
    F("field.crits", "criticals that destroy a deployment field", probe_field_crits),
    F("field.hero", "the heroes' deployment cannot be destroyed", probe_field_hero),
    F("field.hazard-card", "a destroyed hazard field draws a hazard card", probe_hazard_card),
    F("heroes", "heroes a campaign needs", probe_heroes),
    F("neon", "Neon-Rush tokens a hero starts with", probe_neon),
    F("deploy.points", "deployment points a side", probe_deploy_points),
    F("deploy.on", "heroes on one deployment point", probe_deploy_on),
    F("deploy.next", "heroes next to one deployment point", probe_deploy_next),
    F("deploy.tiles", "tiles between the Overmind's points and the heroes", probe_deploy_tiles),
    F("deploy.blips", "fields blips may lie from an Overmind point", probe_deploy_blips),
    F("night.missions", "the last narrative mission with a night fight", probe_night_missions),
    F("night.day", "die faces that make it day", probe_night_day),
    F("night.no-long", "no long-range shot at night", probe_night_long),
    F("station.rooms", "HQ at the start; the warehouse only in the narrative mode", probe_station),
    F("end.items", "items for a heroes' win", probe_items_win),
    F("end.items-loss", "items for a heroes' loss", probe_items_loss),
    F("end.heal", "damage each hero heals after a mission", probe_heal),
    F("end.all-out", "a side with no model left loses at once", probe_all_out),
    F("end.removed", "a removed model of the active unit takes no action", probe_removed_no_action),
    F("end.stops", "after the mission's end no activation and no round", probe_mission_stops),
    F("hero.active-only", "only the activated model acts", probe_active_only),
    F("conquest.regions", "regions each team starts with", probe_regions),
    F("conquest.heroes-begin", "the heroes choose first", probe_heroes_begin),
    F("conquest.rounds", "campaign rounds of the conquest mode", probe_campaign_rounds),
    F("conquest.vp", "victory points for a region conquered", probe_vp),
    F("conquest.most", "the team with more victory points wins", probe_vp_most),
    F("conquest.tie", "equal victory points after the last round: a draw", probe_vp_tie),
    F("conquest.fortify", "fortified regions a team", probe_fortify),
    F("conquest.region-abduction", "abduction markers a region the Overmind holds", probe_region_abduct),
    F("conquest.hold-rounds", "rounds before the building is counted", probe_hold_rounds),
    F("conquest.hold-more", "the attacker needs more models (1)", probe_hold_more),
    F("agenda.goals", "hidden agenda objectives to win", probe_agenda),
    F("agenda.fortified", "objectives in a region the Overmind fortified", probe_agenda_fort),
    F("agenda.shown", "the card is shown after the first objective", probe_agenda_shown),
    F("narrative.options2", "missions to choose after mission 1", probe_options2),
    F("narrative.options3", "missions to choose after mission 2", probe_options3),
    F("narrative.options4", "missions to choose after mission 3", probe_options4),
    F("narrative.options5", "missions to choose after mission 4", probe_options5),
    F("narrative.missions", "missions of a campaign; the last one's winner wins", probe_missions),
    F("solo.spawn-first", "spawn cards at the start of round 1", probe_spawn_first),
    F("solo.spawn-later", "spawn cards in each later round", probe_spawn_later),
    F("solo.cards", "mutation cards drawn in a solo round", probe_solo_cards),
    F("solo.first-unit", "the cards act on the first unit activated", probe_solo_first_unit),
    F("mission4.first", "units spawned in round 1 of mission 4", probe_m4_first),
    F("mission4.second", "units spawned in round 2 of mission 4", probe_m4_second),
    F("mission4.later", "units spawned in later rounds of mission 4", probe_m4_later),
    F("mission5.heal-below", "health share (%) below which the mission 5 AI heals", probe_m5_heal),
    F("mission5.fewest", "the mission 5 AI heals the unit with the fewest models", probe_m5_fewest),
    F("mission5.move-red", "the mission 5 AI moves only from a red field, to the tractor beam", probe_m5_move),
    F("mission5.spawn", "units the mission 5 AI spawns an activation", probe_m5_spawn),
    F("mission5.attack", "the mission 5 AI attacks", probe_m5_attack),
    F("solo.order-cost", "the solo AI activates the highest (1) cost first among the nearest", probe_order_cost),
    F("solo.target-defence", "the solo AI attacks the lowest (2) defence among the nearest", probe_target_defence),
    F("solo.target-attack", "then the highest (1) attack", probe_target_attack),
    F("dice.never-more", "never more (1) than 5 dice", probe_dice_more),
    F("mission5.fewer", "mission 5 heals with fewer (2) than half the health", probe_m5_fewer),
    F("mission4.clockwise", "the spawn points go clockwise (1)", probe_m4_clockwise),
};
_Static_assert(sizeof eng_overmind_facts / sizeof eng_overmind_facts[0] == ENG_OVERMIND_NFACTS, "fact count");

#define O(id, doc, fn) {"overmind." id, doc, fn}
#define P(id, doc, n, fn) {"overmind." id, doc, n, fn, NULL}

static const eng_pred order_preds[] = {
    P("order.any", "an alien unit waits for its activation", 2, pred_o_any),
    P("order.unique-nearest", "one waiting unit is nearest the centre", 2, pred_o_nearest),
    P("order.unique-cost", "of the nearest, one costs most", 2, pred_o_cost),
};
static const eng_outcome order_outcomes[] = {
    O("order.none", "no activation", post_o_none),
    O("order.nearest", "the unit nearest the centre is activated", post_o_nearest),
    O("order.cost", "the costliest of the nearest is activated", post_o_cost),
    O("order.attacks", "of those, the one with the most attacks is activated", post_o_attacks),
};
static const eng_pred move_preds[] = {
    P("move.blip-seen", "the unit is a blip in a hero's sight", 2, pred_m_seen),
    P("move.has-marker", "a mission marker or VIP is on the board", 2, pred_m_marker),
    P("move.ranged", "the unit shoots (range above 0)", 2, pred_m_ranged),
};
static const eng_outcome move_outcomes[] = {
    O("move.flip", "the blip turned over", post_m_flip),
    O("move.marker", "the marker is the goal", post_m_marker),
    O("move.hero", "the nearest hero is the goal", post_m_hero),
    O("move.range", "the unit stands at its farthest shot distance, or as near as it got", post_m_range),
    O("move.close", "the unit stands next to the goal, or as near as it got", post_m_close),
};
static const eng_pred target_preds[] = {
    P("target.can-melee", "a hero is in reach of a melee attack", 2, pred_t_melee),
    P("target.can-shoot", "a hero is in shot range and sight", 2, pred_t_shoot),
    P("target.unique-nearest", "one candidate is nearest", 2, pred_t_nearest),
    P("target.unique-defence", "of the nearest, one has the lowest defence", 2, pred_t_defence),
};
static const eng_outcome target_outcomes[] = {
    O("target.overwatch", "the unit is on overwatch", post_t_overwatch),
    O("target.melee", "melee is chosen", post_t_melee),
    O("target.ranged", "a shot is chosen", post_t_ranged),
    O("target.nearest", "the nearest hero is the target", post_t_nearest),
    O("target.defence", "the nearest with the lowest defence is the target", post_t_defence),
    O("target.strongest", "of those, the highest attack is the target", post_t_strongest),
    O("target.attack", "the unit attacked", post_t_attack),
};
static const eng_pred behaviour_preds[] = {
    P("behaviour.can-attack", "an attacking behaviour finds a hero", 2, pred_b_attack),
    P("behaviour.can-interact", "a marker lies next to the unit", 2, pred_b_interact),
    P("behaviour.can-move", "the card has Take Cover or Protect", 2, pred_b_move),
};
static const eng_pred xxl_preds[] = {
    P("behaviour.wall", "an XXL model with 2 fields at a wall", 2, pred_b_wall),
    P("behaviour.can-attack", "an attacking behaviour finds a hero", 2, pred_b_attack),
    P("behaviour.can-interact", "a marker lies next to the unit", 2, pred_b_interact),
    P("behaviour.can-move", "the card has Take Cover or Protect", 2, pred_b_move),
};
static const eng_outcome behaviour_outcomes[] = {
    O("behaviour.wall", "the wall is broken", post_b_wall),
    O("behaviour.attack", "the behaviour attacked", post_b_attack),
    O("behaviour.interact", "the marker was taken", post_b_interact),
    O("behaviour.move", "the behaviour moved the unit, no attack", post_b_move),
    O("behaviour.none", "no behaviour", post_b_none),
};
static const eng_pred hero_preds[] = {
    P("hero.status", "the hero is stunned or knocked down", 2, pred_h_status),
    P("hero.repeat", "the second action is the first again", 2, pred_h_repeat),
    P("hero.overwatch-moved", "overwatch after moving", 2, pred_h_ow_moved),
};
static const eng_outcome hero_outcomes[] = {
    O("hero.recover", "the status is ended; one action spent", post_h_recover),
    O("hero.first", "the first action is done", post_h_first),
    O("hero.repeat", "no second action; the activation ends", post_h_repeat),
    O("hero.overwatch-moved", "on overwatch at -1", post_h_ow_moved),
    O("hero.second", "the second action is done; the activation ends", post_h_second),
};
static const eng_pred combat_preds[] = {
    P("combat.over-five", "the attack is above 5", 2, pred_c_over),
    P("combat.friendly-fire", "a shot into melee rolls blanks", 2, pred_c_ff),
    P("combat.has-crits", "the attack rolls criticals", 2, pred_c_crits),
    P("combat.defends", "hits are left against a unit still standing", 2, pred_c_defends),
};
static const eng_outcome combat_outcomes[] = {
    O("combat.convert", "5 dice, a blank a hit for each point above 5", post_c_convert),
    O("combat.roll", "as many dice as the attack", post_c_roll),
    O("combat.friendly-fire", "the friend in melee took the blanks as criticals", post_c_ff),
    O("combat.crits", "criticals wounded first, before any defence", post_c_crits),
    O("combat.damage", "defence rolled; damage = hits - defence, lowest defence first", post_c_damage),
    O("combat.no-defence", "no defence roll, no more damage", post_c_none),
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])
#define AI(id, doc, p, o, run, en) {"overmind." id, doc, p, COUNT(p), o, COUNT(o), run, en, describe}

const eng_ai eng_overmind_ais[ENG_OVERMIND_NAIS] = {
    AI("solo.order", "solo: which alien unit activates", order_preds, order_outcomes, eng_overmind_run_order, enum_order),
    AI("solo.move", "solo: how an alien unit moves", move_preds, move_outcomes, eng_overmind_run_move, enum_move),
    AI("solo.target", "solo: whom an alien unit attacks", target_preds, target_outcomes, eng_overmind_run_target, enum_target),
    AI("solo.behaviour", "solo: a revealed unit's behaviour", behaviour_preds, behaviour_outcomes, eng_overmind_run_behaviour, enum_behaviour),
    AI("solo.xxl", "solo: a revealed XXL unit's behaviour", xxl_preds, behaviour_outcomes, eng_overmind_run_behaviour, enum_xxl),
    AI("hero", "a hero's activation", hero_preds, hero_outcomes, eng_overmind_run_hero, enum_hero),
    AI("combat", "an attack and its defence", combat_preds, combat_outcomes, eng_overmind_run_combat, enum_combat),
};
