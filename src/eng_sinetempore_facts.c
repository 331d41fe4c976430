/* eng_sinetempore_facts.c — what the Sine Tempore summary states, measured
 * on the engine through its public interface only (eng.h): the facts, and
 * the AI procedures' predicates, postconditions and enumerated states.
 * Nothing here sees the engine's state: every probe sets keys, performs
 * actions, forces dice and reads keys back, as a scenario would. */

/* Equivalent mutants
 * ------------------
 * Since the eighth round the equivalent survivors of a whole run are named
 * one by one, with the reason, in tests/mutate/equivalent/sinetempore.txt,
 * which `make mutate` reads (a name no survivor matches any more is
 * reported as stale); mutants the compiler folds into the engine's own
 * object are found by the run itself. What follows is the reasoning by kind
 * as it was found, with the lines of the commits named.
 *
 * Mutants of src/eng_sinetempore.c (`make mutate GAMES=sinetempore`) that
 * cannot change what the engine does, with the reason; lines as of the
 * commit that added line of sight (the sample of seed 1, 300 mutants).
 *
 *   209 hero_on `h + 1` -> `h + 2`, 225 group_alive `return 1` -> 2: every
 *       caller reads them as true/false.
 *   244, 252 step_cost `return -1` -> -2, pick_square's -1: every caller
 *       tests < 0, == 0 or != 0.
 *   279 paths `bx + 1 + dx[k]` -> `-`, 375 los `+ mx[k]` -> `-`: the same
 *       four neighbours, the same four side middles, in another order.
 *   281 paths `c < 0` -> `c <= 0`, act_move `cost < 0` -> `<= 0`: a step
 *       costs at least 1 AP.
 *   329 crosses `b < t1` -> `<=`, 344 line_meets `ax < tx` -> `<=`, 411
 *       first_enemy_ahead `d < best` -> `<=`, 1193 the time shift's `need
 *       < he->ap` -> `<=`, 555 pool_roll `n > SX_POOL` -> `>=`: a minimum or
 *       bound of two equal values is either of them.
 *   392 model_sees' side 1 -> 2: line_meets tests side == 0 only.
 *   720 attack_resolve `w > 1` -> `>=`, 2456 run_attack `> 1` -> `> 0`: a
 *       weak attack's one wound is one either way.
 *   859 choose_target `best < 0 ? 0 : ...` -> -1: read only after `best < 0
 *       ||` chose.
 *   1259 advance's `return 0` -> -1: act_advance ignores the result.
 *   1283, 1285 may_act's `first > 0` -> `> -1`: first is never 0 there.
 *   1772 act_attack `if (ap > 0)` -> `> -1`: spending 0 AP moves no marker
 *       and passes no sector; 1777 chain_model `: 0` -> -1: it is only
 *       compared with a model's number + 1.
 *   2128 area_square `default: return 0` -> 1: the shape is an enum the
 *       checker bounds; 2179 act_area `w > 0 ? w : 0` -> `>=`: model_wounds
 *       does nothing with 0.
 *   951, 958 model_attacks' AP `+ slowed` -> `-`: the attack is the model's
 *       last use of AP in its activation; enemy_end zeroes them.
 *   Numbers in error texts (m + 1, h + 1, arg[0].v in "not engaged", "not
 *       on the battlefield", "out of range", "no open roll"): the text is not
 *       behaviour; only the result code is.
 *   (sta, lines < 1300 as of 84dd144, seeds 1 to 6:)
 *   185 shows `face >= 0` -> `>= -1`: every die shows a face 0..5 (a roll,
 *       a stacked name, select-side's face=).
 *   1040 the shooter's pick_square mode 3 -> 4: pick_square tells mode 2
 *       from the rest only, past mode 1.
 *   272 paths' `cost[i][j] < cost[bx][by]`, 286 `nc < cost[..]` -> `<=`:
 *       another square of the same cost first, the same cost written
 *       again; 276 `done = 1` -> 2: read as true/false.
 *   885 model_paths' side 1 -> 2: paths tests side == 0 only; 283 its
 *       hero_on(..., 1) -> 2: read as true/false; 357 line_meets' `return
 *       -1` -> -2 as 359's.
 *   225 group_alive, 826 choose_target's `any`, 1264 sector_busy `return
 *       1` -> 2, 954 model_attacks' `second` 1 -> 2, 358 line_meets'
 *       hero_on(..., 1) -> 2, 1007 enemy_turn's `bleed = 1` -> 2: read as
 *       true/false. 1027 the objective's pick_square(..., -1, 2, ...) hero
 *       -1 -> -2, 0: a move towards the objective asks about no hero.
 *   266 paths' cost -1, 269 its bx -1 (-> -2) and by -1 (-> -2, 0), 359
 *       line_meets `return -1` -> -2, 1066, 1072 enemy_end's wounds by
 *       hero -1 -> -2: tested < 0 or >= 0 only (by is read once bx is set);
 *       917 pick_square's bk and bc 0 -> +-1: read only once a square is
 *       found.
 *   316 crosses t0 0 -> -1, t1 1 -> 2: the line run on past its two ends
 *       leaves, through the two end squares, the rectangle between them,
 *       the only squares line_meets asks about.
 *   319 crosses `lo[k] + 2` -> 3 (and 319's `<=`/`>=`): a line along an
 *       axis runs on the target's middle, an odd half-square coordinate; a
 *       side is on an even one; 320 its `return 0` -> +-1: such a line runs
 *       down the one column (or row) the rectangle has, never beside it.
 *   324 `a > b`, 328 `a > t0` -> `>=`, 376 los `2 - r > best` -> `>=` or
 *       `3 - r` (best becomes 2 - r all the same), 344's `ay < ty`, 476
 *       tv_add `tv < 0` -> `<= 0`, `< 1`, 557 pool_roll `n < 0` -> `<= 0`,
 *       `< 1`, 599 immunity's loop `i <= p->n` (a die past the roll, never
 *       counted), 654 `hits > p->start` -> `>=`, 718 `w < 0` -> `<=`, 773
 *       `got < p->dmg` -> `<=`, 1202 the stunned hero's `ap < 2` -> `< 3`
 *       (2 either way), 1223 (the 1193 above): a bound or minimum of two
 *       equal values is either.
 *   497 hero_wounds `n <= 0` -> `<= -1`, `< 0`: 0 wounds change nothing (a hero
 *       at HE wounds is knocked out already); `|| he->ko` -> `&&`: every
 *       caller spares a knocked-out hero already (act_wound, the area and
 *       chain attacks, free attacks; hero_ko takes fire and bleed off).
 *   1138 oblivion_test's `p->mode = P_TEST` deleted: the test is
 *       resolved at once; no step and no key sees the mode before 1155
 *       sets it back.
 *   1118 brain_move's `dist(..., nx, ny) > 1` -> `>= 1`: one square
 *       from a square next to a model is 0 or 2 squares from it (1115's
 *       `left` = {0} -> {+-1} is overwritten).
 *   860 choose_target's nearest hero, TV tie `>` -> `>=`, 829 the
 *       highest TV's distance tie `<` -> `<=`: another of the heroes the
 *       players may choose among; 932 pick_square's `d * 1000 -
 *       c` -> `+ c` for a shooter that goes as far away as it gets (mode
 *       3): another of the farthest squares, which the players choose
 *       among (it attacks no more this activation); 932 pick_square's 1000 ->
 *       999, 1001: a square's cost in half AP (at most 2 x 20 + 1) never
 *       outweighs one square of distance.
 *
 * Survivors no content can kill (not equivalent, listed so that the score
 * reads right):
 *   - loops started at -1 or one past an array (215 model_on, 441
 *     adjacent_enemies, 1305 sector_busy `<=`; 544, 599 from -1; 374 los
 *     `k < 5` reads mx[4]; 1950 meditate's done(h - 1) and 2039 act_wound's
 *     h[-1] for hero 1): undefined behaviour rather than a rule;
 *   - a sustained symbol of -1 and pool_roll's clamp at 24 dice (556): no
 *     content rolls more than 24 dice (its clamp at 0 dice, 558, is killed
 *     since st7 by "gift-ohne-wuerfel", MI 0 and poisoned);
 *   - set_next/get_next's error and bound paths (1325, 1340, 1345, 1346),
 *     act_power's `m >= 0` check of a model not on the battlefield (1910):
 *     paths of a content error the checker reports before any scenario;
 *   - (sx_init's stand-in values of a fresh state are a data table since
 *     st6, sx_fresh, which the mutator does not mutate; act_condition's
 *     soul_by, written and never read, is gone.)
 *   - (sta) 756 defend_roll's and 1140 oblivion_test's `sustained = 0`
 *     -> -1: the sustained symbol of -1 above; loops one past an array or
 *     from -1: 215, 407, 465, 834, 842, 1084, 1262, 1298; 613, 634, 760,
 *     800, 1143, 1262 from -1; 569 pool_penalty's
 *     `h >= -1` (and 536 adjacent_enemies `<=`) and 647, 682 `p->n <= SX_POOL` (24 dice): every caller
 *     names a hero, no roll has 24 dice; 1297 next_due's `bra = -1` -> 0: no figure has RA
 *     0; 1275 advance's `k = 0` -> -1, a 13th sector when no figure at all
 *     is left to act: the game is over then. (advance answers nothing
 *     since sta: act_advance never read its result.)
 *   - (st7) Most of the loops above, one past the models, heroes or groups
 *     or over the dice from -1, are trapped by the bounds check since st7:
 *     model_alive, hero_due, in_control and group_due index the arrays
 *     (they read through a pointer before), and the pool's dice are no
 *     longer its last member (GCC takes a struct's last array for a
 *     possible flexible one and leaves it unchecked). Left: loops over the
 *     dice to `<= p->n` (a die past the roll, inside the array, never
 *     counted: 601, 637, 2400 as of 0b425cb) and advance's `k` (1279, as
 *     1275 above: it counts sectors and indexes nothing).
 *   - (st7) 432 threat's `g->obj_tv == 0` -> `== -1`: a hero's TV is never
 *     below 0 (tv_add stops there, as does the key), so without an
 *     objective `tv >= obj_tv` holds as `obj_tv == 0` does (equivalent).
 *
 * Not equivalent and not verified yet (rules the content could still
 * check), as of the eighth round's runs (lines as of its last commit):
 * 335 crosses' `t0 < t1` -> `<=` (a line that only touches a blocking
 * square's corner: los tries several lines, and no scenario has one whose
 * every line grazes a corner); 831, 862 choose_target's ties, 934
 * pick_square's `- c` -> `+ c` for the approach: another of the choices
 * the sheet's gaps leave to the players, the engine taking one; 1638
 * act_move's `cost < 0` -> `<= 0`: a move onto the hero's own square;
 * 2152 act_area's `|| other->ko` -> `&&`: a knocked-out hero inside an
 * area (the source does not say whether he is hit); 2382 run_attack's
 * sustained -1; 166 forced_for `<=`: a stale forced die past the list,
 * which no scenario leaves. Verified since (st7's three): what endurance
 * helps against (the endurance facts offer it against a psionic attack),
 * act_resolve's `p->model >= 0` (scenario kraft-schaden-ohne-ziel); the
 * penalty die taken once in the attack procedure is no survivor any more.
 * 1991 act_heal's `arg < wounds` -> `<=` is a minimum of two equal values
 * (equivalent). (st7: five questions the rulebook leaves open,
 * listed here before, are now the summary's printed gaps, each pinned by a
 * scenario: a lance or blow aimed at a diagonal main target goes along the
 * row (area_square's `abs(dx) >= abs(dy)`, "lanze-schraeg"); a model that
 * carries Acted does not react again (reactions' `acted ||`,
 * "reaktion-schon-gehandelt"); a knocked-out hero does not hinder a
 * model's line of sight (line_meets' hero_on(..., 1), "sichtlinie-ko-held");
 * a marker moved 13 or more sectors does not pass its own start sector
 * (hero_spend's `k < SX_SECTORS`, "reaktion-volle-runde"); of the
 * farthest squares a shooter takes one with the fewest AP (pick_square's
 * `d * 1000 - c`, "schuetze-kuerzester-weg").) (The threat tie among
 * three heroes at one distance, 875 choose_target's `top`, is checked by
 * the target flowchart since the AI board got two more spots 8 squares
 * away, and the attack procedure's poisoned hero, 2412, since the attack
 * flowchart's states vary poison.)
 *
 * Lines from 1300 on, as of the stb round (samples of seeds 1 to 4):
 *   1360 set_next's `tmp[SX_NEXT] = {0}` -> {-1}: next[] is read below
 *       nnext only, which the parse fills.
 *   1384 set_loot's `2` -> 3: set_square takes every which but 0 and 1 as
 *       loot.
 *   1720 act_disengage `dist(.., tx, ty) > 1` -> `> 0`, `>= 1`: dist is
 *       the four-neighbour distance and two neighbours of one square are 2
 *       apart, so an enemy next to the hero is never next to his new square.
 *   1711 act_disengage's step_cost(.., 0, 1): hindered 0 -> 1 or -1,
 *       `< 0` -> `<= 0` or `< 1`: only whether the square can be entered is
 *       read (a step costs at least 1 AP; the disengage costs its 1 AP
 *       whatever the step).
 *   1758 bare fists' least range 1 -> 0: no model stands on the hero's
 *       square.
 *   1640 act_activate `who > 0` -> `> -1`: who is never 0 there.
 *   1782 the chain's second attack `ap = 0` -> -1, 1784 act_attack `if (ap
 *       > 0)` (speed up) -> `>=`: an ap of -1 is read by `ap > 0` tests
 *       only; 1790 `if (ap > 0)` -> `>=` and 2407
 *       run_hero_end `plan > 0` -> `> -1`: hero_spend of 0 AP changes
 *       nothing.
 *   2132 area_square's signs of the direction, `(dx > 0)`, `(dx < 0)`,
 *       `(dy > 0)`, `(dy < 0)` -> `>=`, `<=`, or their 0 -> 1 or -1 where
 *       only 0 differs: the longer axis's coordinate is 0 only when both
 *       are, which act_area refuses ("the main target is another square"),
 *       and wave and aura do not use the direction; 2134 `across = rx * uy - ry *
 *       ux` -> `+`: across is read as abs(across) or == 0 only.
 *   (st6, the procedures sharing run_as since:) 2286 asked_model's and
 *       2294 asked_hero's `>= 0` -> `>= -1`, `&&` -> `||`, their -1 -> -2
 *       or 0; 2302 run_as `who < 0` -> `< -1` and its `return -1` -> -2 or
 *       0; 2372 run_hero_end's `h >= 0` -> `>= -1`; 2442 run_attack's
 *       `asked_model(st) < 0` -> `< -1` and its -1 -> -2 or 0: a question
 *       naming no model or no hero in play, which no enumerator asks
 *       (chk_flow.c takes any refusal as a flowchart's disagreement), and
 *       callers that test < 0 only.
 *   2307 run_as's `st->proc = PR_NONE` deleted: chk_flow.c runs every
 *       procedure on a fresh copy of an enumerated state, on which no
 *       procedure ran, and reads no step after the run.
 *   2390, 2391 run_attack's `p->hero = h`, `p->model = m` deleted: the
 *       procedure resolves the roll itself (pool_penalty, the effects and
 *       the wounds are told h and m); only the actions on an open roll read
 *       them, and the procedure leaves none open.
 *   693 attack_roll's and 2396 run_attack's `stat == S_PR` -> `!=`: a
 *       melee and a ranged attack are alike for the engine (cover and PD
 *       for both, the rulebook's cover rule names every attack but the
 *       psionic one); only K_PSIONIC is ever told apart.
 *   2361 run_hero_end `ai_plan < ap` -> `<=`: a minimum of two equal
 *       values; 2415 run_attack's reroll loop from -1 or to p->n (a die past
 *       the roll, never counted), 2426, 2427 `def > 0`, `w > 0` -> `>=`: 0
 *       either way; 2430 `last_wounds > 1` -> `>= 1`, `> 0`: one wound is
 *       one either way (as 720 above).
 *   164 forced_for `next_forced < nforced` -> `<=`: the slot past the
 *       forced rolls is empty (no die), never the die asked about.
 *   2116 act_token `*f[c] > cap` -> `>=`: at the cap it is set to the cap.
 *   2185 act_area `hits = -1` -> -2: only `hits < 0` (not rolled yet) is
 *       read. 2232 act_hit `w > 0 ? w : 0` -> `w > -1`: 0 either way.
 *   2510 sx_area `sizeof prefix - 1` -> `- 2` in the strncmp: no status
 *       starts "sinetempore.area" without the dot.
 *   2510 sx_area `!status || strncmp` -> `&&`: no status the content gives
 *       a card ends, past the prefix's length, in an area's name; 2511,
 *       2515 `return -1` -> -2: chk.c tests `>= 0` and `== 1`.
 *   1903 act_power, 2395 run_attack `p->sustained = 0` -> -1: a sustained
 *       symbol of -1 (as 652 above). 2395 deleted: the attack procedure's
 *       states are fresh, no key sets a roll's sustained symbol (1903
 *       deleted is killed by "anhaltend-dann-kraft").
 *   2058, 2247 `arg[1].v > 0` -> `>= 0`, `> -1`, 2223 act_hit `||` ->
 *       `&&`: paths of a content error (neither hero= nor model=, one
 *       model hitting itself or a dead one) no scenario takes.
 * (The attack procedure's kind and its hero with a single reroll marker,
 * listed here as not verified before, are: vary_attack gives PD and MD
 * different values and a poisoned hero one marker; both mutants die.)
 */
#include "eng_sinetempore.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEROES 4
#define MODELS 12
#define SIZE 12
#define NSYM 8
#define NFACES 6
static const char *const syms[NSYM] = {"stoss", "patrone", "verstand", "faust", "ausruestung", "blut",
                                       "explosion", "verteidigung"};
/* the faces of the action die, by name: which symbols each shows is read
 * from its name, not from the engine */
static const char *const faces[NFACES] = {"stoss-patrone-explosion", "stoss-verstand-blut", "stoss-faust-ausruestung",
                                          "patrone-verstand", "faust-blut", "ausruestung-verteidigung"};

static int face_shows(int face, int sym)
{
    if (face < 0 || face >= NFACES)
        return 0;
    const char *f = faces[face], *w = syms[sym];
    size_t l = strlen(w);
    for (const char *p = f; (p = strstr(p, w)) != NULL; p += l)
        if ((p == f || p[-1] == '-') && (p[l] == '\0' || p[l] == '-'))
            return 1;
    return 0;
}

/* ---- probe helpers ------------------------------------------------------------------------ */

/* A fresh battlefield: hero 1 (RA 5) in sector 1 at 6,12, the phase hand
 * on sector 1; no enemies unless added. */
static void fresh(eng_probe *p)
{
    eng_probe_reset(p, 11);
    eng_probe_setl(p, 1, "h1.in");
    eng_probe_setl(p, 6, "h1.x");
    eng_probe_setl(p, 12, "h1.y");
}

/* Adds model m of group g at x,y (the group in sector sec). */
static void enemy(eng_probe *p, int m, int g, int x, int y, int sec)
{
    eng_probe_setl(p, g, "m%d.grp", m);
    eng_probe_setl(p, x, "m%d.x", m);
    eng_probe_setl(p, y, "m%d.y", m);
    eng_probe_setl(p, sec, "g%d.sector", g);
}

/* Activates hero 1 in his sector 1 (the hand is there). */
static void go(eng_probe *p)
{
    eng_probe_do(p, "activate", "hero=1");
}

#define PROBE(name) static int name(eng_probe *p, long *value)

/* ---- the Momentum --------------------------------------------------------------------------- */

/* Stops of the phase hand until it is back where it started, with one
 * hero who waits 1 AP each time. */
PROBE(probe_sectors)
{
    fresh(p);
    long n = 0;
    do {
        go(p);
        eng_probe_do(p, "wait", "hero=1 ap=1");
        eng_probe_do(p, "end", "hero=1");
        eng_probe_do(p, "advance", "%s", "");
        n++;
    } while (eng_probe_get(p, "phase") != 1 && n < 50);
    *value = n;
    return 0;
}

/* The sector at which the cycle hand moves on. */
PROBE(probe_cycle_at)
{
    fresh(p);
    long c0 = eng_probe_get(p, "cycle");
    for (int n = 0; n < 30; n++) {
        go(p);
        eng_probe_do(p, "wait", "hero=1 ap=1");
        eng_probe_do(p, "end", "hero=1");
        eng_probe_do(p, "advance", "%s", "");
        if (eng_probe_get(p, "cycle") != c0) {
            *value = eng_probe_get(p, "phase");
            return 0;
        }
    }
    return eng_probe_fail(p, "the cycle hand never moved");
}

/* Steps the cycle hand moves when the phase hand passes sector 12. */
PROBE(probe_cycle_step)
{
    fresh(p);
    eng_probe_setl(p, 11, "phase");
    eng_probe_setl(p, 11, "h1.sector");
    long c0 = eng_probe_get(p, "cycle");
    go(p);
    eng_probe_do(p, "wait", "hero=1 ap=2");
    eng_probe_do(p, "end", "hero=1");
    eng_probe_do(p, "advance", "%s", "");
    *value = eng_probe_get(p, "cycle") - c0;
    return 0;
}

/* Sectors the marker moves for 3 AP, divided by 3. */
PROBE(probe_sector_per_ap)
{
    fresh(p);
    go(p);
    eng_probe_do(p, "wait", "hero=1 ap=3");
    *value = (eng_probe_get(p, "h1.sector") - 1) / 3;
    return 0;
}

/* 1 clockwise (sector numbers rise), 2 counterclockwise. */
PROBE(probe_clockwise)
{
    fresh(p);
    eng_probe_setl(p, 11, "h1.sector");
    eng_probe_setl(p, 11, "phase");
    go(p);
    eng_probe_do(p, "wait", "hero=1 ap=2");
    *value = eng_probe_get(p, "h1.sector") == 1 ? 1 : 2;
    return 0;
}

/* AP of a hero with RA 6 at his activation. */
PROBE(probe_ap_ra)
{
    fresh(p);
    eng_probe_setl(p, 6, "h1.ra");
    go(p);
    *value = eng_probe_get(p, "h1.ap");
    return 0;
}

/* Unspent AP are lost: AP left after the activation ends. */
PROBE(probe_ap_lost)
{
    fresh(p);
    go(p);
    eng_probe_do(p, "wait", "hero=1 ap=1");
    eng_probe_do(p, "end", "hero=1");
    *value = eng_probe_get(p, "h1.ap");
    return 0;
}

/* Two heroes in the active sector, RA 5 and 6: 1 if the highest acts
 * first, 2 if the lowest. */
PROBE(probe_order_ra)
{
    fresh(p);
    eng_probe_setl(p, 1, "h2.in");
    eng_probe_setl(p, 6, "h2.ra");
    eng_probe_do(p, "activate", "%s", "");
    *value = eng_probe_get(p, "h2.active") ? 1 : 2;
    return 0;
}

/* An enemy group and a hero of equal RA: 1 if the enemy acts first. */
PROBE(probe_order_tie)
{
    fresh(p);
    enemy(p, 1, 1, 1, 1, 1);
    eng_probe_setl(p, 5, "g1.ra");
    *value = eng_probe_get(p, "next") == -1;
    eng_probe_do(p, "activate", "%s", "");
    *value = *value && eng_probe_get(p, "g1.sector") == 6;
    return 0;
}

/* A group's marker moves as many sectors as its RA (RA 4). */
PROBE(probe_group_moves_ra)
{
    fresh(p);
    enemy(p, 1, 1, 1, 1, 1);
    eng_probe_setl(p, 4, "g1.ra");
    eng_probe_setl(p, 9, "g1.ra");
    eng_probe_setl(p, 4, "g1.ra");
    eng_probe_setl(p, 0, "h1.in");
    eng_probe_do(p, "activate", "group=1");
    *value = eng_probe_get(p, "g1.sector") - 1 == 4;
    return 0;
}

/* Time shift: with the first enemy marker 4 sectors ahead, a hero who
 * spends 1 AP and ends spends how many sectors in all. */
PROBE(probe_time_shift)
{
    fresh(p);
    enemy(p, 1, 1, 1, 1, 5);
    go(p);
    eng_probe_do(p, "wait", "hero=1 ap=1");
    eng_probe_do(p, "end", "hero=1");
    *value = eng_probe_get(p, "h1.sector") == 5 && eng_probe_get(p, "log.time-shift") == 1;
    return 0;
}

/* Time shift never beyond his AP: the first enemy 9 sectors ahead, RA 5. */
PROBE(probe_time_shift_cap)
{
    fresh(p);
    enemy(p, 1, 1, 1, 1, 10);
    go(p);
    eng_probe_do(p, "end", "hero=1");
    *value = eng_probe_get(p, "h1.sector") - 1;
    return 0;
}

/* A reaction: the hero passes the sector of an enemy that has him in its
 * control area: 1 if the model acts at once, carries the Acted marker and
 * its group's marker stays. */
PROBE(probe_reaction)
{
    fresh(p);
    enemy(p, 1, 1, 6, 8, 3);
    eng_probe_setl(p, 5, "m1.ca");
    go(p);
    eng_probe_do(p, "wait", "hero=1 ap=4");
    *value = eng_probe_get(p, "log.reaction") == 1 && eng_probe_get(p, "m1.acted") == 1 &&
             eng_probe_get(p, "g1.sector") == 3;
    return 0;
}

/* No reaction when the marker lands on the enemy's sector, or when the hero
 * is outside the control area: reactions counted in both (0). */
PROBE(probe_no_reaction)
{
    fresh(p);
    enemy(p, 1, 1, 6, 8, 3);
    eng_probe_setl(p, 5, "m1.ca");
    go(p);
    eng_probe_do(p, "wait", "hero=1 ap=2");
    long n = eng_probe_get(p, "log.reaction");
    fresh(p);
    enemy(p, 1, 1, 6, 1, 3);
    eng_probe_setl(p, 5, "m1.ca");
    go(p);
    eng_probe_do(p, "wait", "hero=1 ap=4");
    *value = n + eng_probe_get(p, "log.reaction");
    return 0;
}

/* At its group's next activation a model with the Acted marker drops it
 * and does nothing: 1 if it did not move though a hero was in reach. */
PROBE(probe_acted)
{
    fresh(p);
    eng_probe_setl(p, 0, "h1.in");
    eng_probe_setl(p, 1, "h2.in");
    eng_probe_setl(p, 6, "h2.x");
    eng_probe_setl(p, 5, "h2.y");
    eng_probe_setl(p, 2, "h2.sector");
    enemy(p, 1, 1, 6, 1, 1);
    eng_probe_setl(p, 1, "m1.acted");
    eng_probe_do(p, "activate", "group=1");
    *value = eng_probe_get(p, "m1.acted") == 0 && eng_probe_get(p, "m1.y") == 1 && eng_probe_get(p, "g1.sector") == 6;
    return 0;
}

/* A knocked-out hero: serious wound cards drawn when the phase hand has
 * gone round once past his sector. */
PROBE(probe_ko_serious)
{
    fresh(p);
    eng_probe_setl(p, 1, "h2.in");
    eng_probe_setl(p, 3, "h2.sector");
    eng_probe_setl(p, 2, "h2.he");
    eng_probe_do(p, "wound", "hero=2 n=2");
    for (int k = 0; k < 12; k++) {
        go(p);
        eng_probe_do(p, "wait", "hero=1 ap=1");
        eng_probe_do(p, "end", "hero=1");
        eng_probe_do(p, "advance", "%s", "");
    }
    *value = eng_probe_get(p, "h2.serious");
    return 0;
}

/* Sectors after the active one where a revived hero's marker goes. */
PROBE(probe_revive_sector)
{
    fresh(p);
    eng_probe_setl(p, 1, "h2.in");
    eng_probe_setl(p, 2, "h2.he");
    eng_probe_setl(p, 9, "h2.sector");
    eng_probe_do(p, "wound", "hero=2 n=2");
    eng_probe_setl(p, 4, "phase");
    eng_probe_setl(p, 4, "h1.sector");
    eng_probe_do(p, "heal", "hero=2 by=1 amount=1");
    *value = eng_probe_get(p, "h2.ko") == 0 ? eng_probe_get(p, "h2.sector") - 4 : -1;
    return 0;
}

/* ---- actions and movement ---------------------------------------------------------------- */

/* AP a move of k squares costs, divided by k (4 squares). */
PROBE(probe_move_ap)
{
    fresh(p);
    go(p);
    eng_probe_do(p, "move", "hero=1 x=6 y=8");
    *value = eng_probe_get(p, "h1.spent") / 4;
    return 0;
}

/* AP to reach the diagonal neighbour: 2 (two orthogonal steps), so no
 * diagonal step. 1 if so. */
PROBE(probe_no_diagonal)
{
    fresh(p);
    go(p);
    eng_probe_do(p, "move", "hero=1 x=7 y=11");
    *value = eng_probe_get(p, "h1.spent") == 2;
    return 0;
}

/* 1 if a hero may pass a square of an ally but not of an enemy, and may
 * not end on an occupied square. */
PROBE(probe_pass_allies)
{
    fresh(p);
    eng_probe_setl(p, 1, "h2.in");
    eng_probe_setl(p, 6, "h2.x");
    eng_probe_setl(p, 11, "h2.y");
    go(p);
    eng_probe_do(p, "move", "hero=1 x=6 y=10");
    int ally = eng_probe_get(p, "h1.spent") == 2;
    int stop = eng_probe_act(p, "move", "hero=1 x=6 y=11") == ENG_ILLEGAL;
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 0, "m1.ca");
    eng_probe_setl(p, 0, "g1.combat");
    go(p);
    eng_probe_do(p, "move", "hero=1 x=6 y=10");
    int foe = eng_probe_get(p, "h1.spent") == 4;
    *value = ally && stop && foe;
    return 0;
}

static long step_cost(eng_probe *p, const char *sqkey, const char *terrain, int tx, int ty)
{
    fresh(p);
    eng_probe_set(p, terrain, "%s", sqkey);
    go(p);
    eng_probe_do(p, "move", "hero=1 x=%d y=%d", tx, ty);
    return eng_probe_get(p, "h1.spent");
}

PROBE(probe_rough) { *value = step_cost(p, "sq.6.11.terrain", "rough", 6, 11); return 0; }
PROBE(probe_water) { *value = step_cost(p, "sq.6.12.terrain", "water", 6, 11); return 0; }

/* AP to climb a square two levels up (one level a step is what a hero's
 * climbing allows: up a level, 1 + 1 AP). AP per level climbed. */
PROBE(probe_climb)
{
    fresh(p);
    eng_probe_setl(p, 1, "sq.6.11.level");
    go(p);
    eng_probe_do(p, "move", "hero=1 x=6 y=11");
    *value = eng_probe_get(p, "h1.spent") - 1;
    return 0;
}

/* 1 if two levels in one step cannot be climbed by a hero. */
PROBE(probe_climb_grade)
{
    fresh(p);
    eng_probe_setl(p, 2, "sq.6.11.level");
    for (int x = 1; x <= SIZE; x++)
        eng_probe_setl(p, 2, "sq.%d.11.level", x);
    go(p);
    *value = eng_probe_act(p, "move", "hero=1 x=6 y=11") == ENG_ILLEGAL;
    return 0;
}

/* Squares a runner moves per AP: a runner 4 squares from a hero, RA 2,
 * melee attack 0 AP... measured as the squares moved with 1 AP. */
PROBE(probe_runner)
{
    fresh(p);
    eng_probe_setl(p, 6, "h1.y");
    enemy(p, 1, 1, 6, 1, 1);
    eng_probe_setl(p, 1, "m1.runner");
    eng_probe_setl(p, 1, "g1.ra");
    eng_probe_setl(p, 9, "m1.ca");
    eng_probe_setl(p, 2, "h1.sector");
    eng_probe_do(p, "activate", "group=1");
    *value = eng_probe_get(p, "last.moved");
    return 0;
}

static long one_action_cost(eng_probe *p, const char *action, const char *args)
{
    go(p);
    eng_probe_do(p, action, "%s", args);
    return eng_probe_get(p, "h1.spent");
}

PROBE(probe_focus_ap) { fresh(p); *value = one_action_cost(p, "focus", "hero=1"); return 0; }

/* 1 if a second focus in one activation is refused. */
PROBE(probe_focus_once)
{
    fresh(p);
    go(p);
    eng_probe_do(p, "focus", "hero=1");
    *value = eng_probe_act(p, "focus", "hero=1") == ENG_ILLEGAL ? 1 : 2;
    return 0;
}

PROBE(probe_pickup_ap)
{
    fresh(p);
    eng_probe_setl(p, 1, "sq.6.11.loot");
    *value = one_action_cost(p, "pickup", "hero=1 x=6 y=11");
    *value = eng_probe_get(p, "h1.resources") == 1 ? *value : -1;
    return 0;
}

/* (the markers given after his marker phase, whose oblivion test would
 * take them first) */
PROBE(probe_meditate_ap)
{
    fresh(p);
    eng_probe_setl(p, 1, "h1.psionic");
    go(p);
    eng_probe_setl(p, 3, "h1.oblivion");
    eng_probe_setl(p, 2, "h1.oblivion_gear");
    eng_probe_do(p, "meditate", "hero=1");
    *value = eng_probe_get(p, "h1.spent");
    *value = eng_probe_get(p, "h1.oblivion") == 0 && eng_probe_get(p, "h1.oblivion_gear") == 2 ? *value : -1;
    return 0;
}

PROBE(probe_exchange_ap)
{
    fresh(p);
    eng_probe_setl(p, 1, "h2.in");
    eng_probe_setl(p, 7, "h2.x");
    eng_probe_setl(p, 1, "h1.resources");
    *value = one_action_cost(p, "exchange", "hero=1 to=2");
    *value = eng_probe_get(p, "h2.resources") == 1 ? *value : -1;
    return 0;
}

PROBE(probe_interact_ap)
{
    fresh(p);
    *value = one_action_cost(p, "interact", "hero=1 ap=2 x=6 y=11") == 2;
    return 0;
}

/* Engage: AP the model pays (1), and the hero is engaged. */
PROBE(probe_engage_ap)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 3, "m1.ap");
    eng_probe_do(p, "engage", "model=1 hero=1");
    *value = eng_probe_get(p, "h1.engaged") ? 3 - eng_probe_get(p, "m1.ap") : -1;
    return 0;
}

/* Disengage between two enemies: its AP, and free attacks. */
static void two_engaging(eng_probe *p)
{
    fresh(p);
    eng_probe_setl(p, 6, "h1.y");
    enemy(p, 1, 1, 5, 6, 12);
    enemy(p, 2, 1, 7, 6, 12);
    eng_probe_setl(p, 1, "h1.engaged");
    eng_probe_setl(p, 20, "h1.he");
    go(p);
    eng_probe_do(p, "disengage", "hero=1 x=6 y=7");
}

PROBE(probe_disengage_ap) { two_engaging(p); *value = eng_probe_get(p, "h1.spent"); return 0; }
PROBE(probe_disengage_attacks)
{
    two_engaging(p);
    *value = eng_probe_get(p, "log.free-attack") == 2 && eng_probe_get(p, "h1.engaged") == 0;
    return 0;
}

/* 1 if an engaged hero cannot simply move away. */
PROBE(probe_engaged_no_move)
{
    fresh(p);
    enemy(p, 1, 1, 5, 12, 12);
    eng_probe_setl(p, 1, "h1.engaged");
    go(p);
    *value = eng_probe_act(p, "move", "hero=1 x=6 y=10") == ENG_ILLEGAL;
    return 0;
}

/* 1 if the engaged marker goes when no enemy is adjacent any more. */
PROBE(probe_engaged_drops)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 1, "m1.he");
    eng_probe_setl(p, 1, "h1.engaged");
    eng_probe_do(p, "wound", "model=1 n=1 by=1");
    *value = eng_probe_get(p, "h1.engaged") == 0;
    return 0;
}

/* Bare fists: AP and range. */
static void fists(eng_probe *p)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 9, "m1.he");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1 weapon=0");
}
PROBE(probe_fists_ap) { fists(p); *value = eng_probe_get(p, "h1.spent"); return 0; }

/* Most wounds of a weak attack (bare fists) with 2 hits forced. */
PROBE(probe_weak)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 9, "m1.he");
    eng_probe_setl(p, 2, "h1.ph");
    for (int k = 0; k < 2; k++)
        eng_probe_force(p, "action", "faust-blut");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1 weapon=0");
    eng_probe_do(p, "resolve", "%s", "");
    *value = eng_probe_get(p, "last.hits") == 2 ? eng_probe_get(p, "last.wounds") : -1;
    return 0;
}

/* ---- the dice ---------------------------------------------------------------------------------- */

/* Sides showing symbol k: a one-die roll forced to each face, counted. */
static long sides(eng_probe *p, int k)
{
    long n = 0;
    for (int f = 0; f < NFACES; f++) {
        fresh(p);
        enemy(p, 1, 1, 6, 11, 12);
        eng_probe_setl(p, 9, "m1.he");
        eng_probe_setl(p, 1, "h1.ph");
        eng_probe_setl(p, 0, "h1.w1.atb");
        eng_probe_set(p, syms[k], "h1.w1.sym");
        eng_probe_force(p, "action", faces[f]);
        go(p);
        eng_probe_do(p, "attack", "hero=1 model=1");
        eng_probe_do(p, "resolve", "%s", "");
        n += eng_probe_get(p, "last.hits");
    }
    return n;
}
#define SIDES(fn, k) PROBE(fn) { *value = sides(p, k); return 0; }
SIDES(probe_sides_stoss, 0)
SIDES(probe_sides_patrone, 1)
SIDES(probe_sides_verstand, 2)
SIDES(probe_sides_faust, 3)
SIDES(probe_sides_ausruestung, 4)
SIDES(probe_sides_blut, 5)
SIDES(probe_sides_explosion, 6)
SIDES(probe_sides_verteidigung, 7)

/* Wounds from which a hero rolls the penalty die. */
PROBE(probe_penalty_from)
{
    for (int w = 0; w <= 8; w++) {
        fresh(p);
        enemy(p, 1, 1, 6, 11, 12);
        eng_probe_setl(p, w, "h1.wounds");
        go(p);
        eng_probe_do(p, "attack", "hero=1 model=1");
        if (eng_probe_get(p, "pool.penalty") >= 0) {
            *value = w;
            return 0;
        }
    }
    return eng_probe_fail(p, "no penalty die up to 8 wounds");
}

/* The most wounds at which a healed hero is rid of the penalty die. */
PROBE(probe_penalty_gone)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 4, "h1.wounds");
    long w = 4;
    while (w > 0) {
        eng_probe_do(p, "heal", "hero=1 by=0 amount=1");
        w = eng_probe_get(p, "h1.wounds");
        eng_probe_save(p, 0);
        go(p);
        eng_probe_do(p, "attack", "hero=1 model=1");
        long pen = eng_probe_get(p, "pool.penalty");
        eng_probe_restore(p, 0);
        if (pen < 0) {
            *value = w;
            return 0;
        }
    }
    return eng_probe_fail(p, "the penalty die never went");
}

/* The penalty die takes away one die showing its face: hits of three
 * dice faust-blut with a penalty die faust-blut. */
PROBE(probe_penalty_takes)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 9, "m1.he");
    eng_probe_setl(p, 3, "h1.wounds");
    eng_probe_setl(p, 3, "h1.ph");
    eng_probe_setl(p, 0, "h1.w1.atb");
    for (int k = 0; k < 3; k++)
        eng_probe_force(p, "action", "faust-blut");
    eng_probe_force(p, "penalty", "faust-blut");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1");
    eng_probe_do(p, "resolve", "%s", "");
    *value = 3 - eng_probe_get(p, "last.hits");
    return 0;
}

/* Reroll markers a hero may hold (5 given). */
PROBE(probe_reroll_max)
{
    fresh(p);
    eng_probe_do(p, "token", "hero=1 name=reroll n=5");
    *value = eng_probe_get(p, "h1.rerolls");
    return 0;
}

/* Times a hero may reroll one die with his markers (2 markers, the same
 * die twice: the second is refused). */
PROBE(probe_reroll_once)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_do(p, "token", "hero=1 name=reroll n=2");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1");
    eng_probe_do(p, "reroll", "hero=1 die=1");
    *value = eng_probe_act(p, "reroll", "hero=1 die=1") == ENG_ILLEGAL ? 1 : 2;
    return 0;
}

/* 1 if the enemy's rerolls come before the hero's: a dodging enemy, the
 * hero rerolls afterwards; the enemy's is logged first. */
PROBE(probe_enemy_first)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 1, "m1.dodge");
    eng_probe_setl(p, 9, "m1.he");
    eng_probe_do(p, "token", "hero=1 name=reroll n=1");
    eng_probe_force(p, "action", "faust-blut");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1");
    eng_probe_do(p, "reroll", "hero=1 die=2");
    long e = eng_probe_get(p, "log.first.enemy-reroll"), h = eng_probe_get(p, "log.first.hero-reroll");
    *value = e > 0 && h > e;
    return 0;
}

/* ---- attacks and defence ----------------------------------------------------------------------- */

/* Dice of an attack with PH 3 and ATB 2 (no poison, normal target). */
PROBE(probe_attack_dice)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 3, "h1.ph");
    eng_probe_setl(p, 2, "h1.w1.atb");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1");
    *value = eng_probe_get(p, "pool.n");
    return 0;
}

/* Extra dice against a big enemy. */
PROBE(probe_big_bonus)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_set(p, "big", "m1.size");
    eng_probe_setl(p, 3, "h1.ph");
    eng_probe_setl(p, 2, "h1.w1.atb");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1");
    *value = eng_probe_get(p, "pool.n") - 5;
    return 0;
}

/* Wounds of an attack with 4 hits on PD 1, and with pierce 1. */
static long hits_on(eng_probe *p, int pd, int pierce, const char *kind)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 9, "m1.he");
    eng_probe_setl(p, pd, "m1.pd");
    eng_probe_setl(p, 2, "m1.md");
    eng_probe_set(p, kind, "h1.w1.stat");
    eng_probe_setl(p, 4, "h1.ph");
    eng_probe_setl(p, 4, "h1.mi");
    eng_probe_setl(p, 0, "h1.w1.atb");
    eng_probe_setl(p, pierce, "h1.w1.pierce");
    for (int k = 0; k < 4; k++)
        eng_probe_force(p, "action", "faust-blut");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1");
    eng_probe_do(p, "resolve", "%s", "");
    return eng_probe_get(p, "last.wounds");
}
PROBE(probe_pd) { *value = hits_on(p, 1, 0, "ph") == 3; return 0; }
PROBE(probe_pierce) { *value = hits_on(p, 2, 1, "ph") - hits_on(p, 2, 0, "ph"); return 0; }
PROBE(probe_md) { *value = hits_on(p, 0, 0, "mi") == 2; return 0; }

/* Sustained attack: wounds can never exceed the dice at the start (2 dice,
 * every die and every added die showing the symbol). */
PROBE(probe_sustained_cap)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 9, "m1.he");
    eng_probe_setl(p, 2, "h1.ph");
    eng_probe_setl(p, 0, "h1.w1.atb");
    eng_probe_setl(p, 4, "h1.w1.sustained");
    eng_probe_set(p, "faust-blut faust-blut faust-blut faust-blut faust-blut patrone-verstand", "next.dice");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1");
    eng_probe_do(p, "resolve", "%s", "");
    *value = eng_probe_get(p, "last.wounds") == 2 && eng_probe_get(p, "pool.n") > 2;
    return 0;
}

/* Defence: an enemy attack of 3 symbols, the hero rolls 2 matching:
 * wounds 1; 1 if each matching die cancels one. */
PROBE(probe_defence_cancels)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 3, "m1.a_n");
    eng_probe_setl(p, 3, "h1.ph");
    eng_probe_force(p, "action", "faust-blut");
    eng_probe_force(p, "action", "faust-blut");
    eng_probe_force(p, "action", "patrone-verstand");
    eng_probe_do(p, "enemy-attack", "model=1 hero=1");
    eng_probe_do(p, "resolve", "%s", "");
    *value = eng_probe_get(p, "last.cancelled") == 2 && eng_probe_get(p, "h1.wounds") == 1;
    return 0;
}

/* Defence dice of a hero with PH 3 and armour 2 against a physical attack,
 * and against a psionic one (MI 3): the armour difference. */
PROBE(probe_armour_physical)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 2, "h1.armour");
    eng_probe_do(p, "enemy-attack", "model=1 hero=1");
    long phys = eng_probe_get(p, "pool.n");
    eng_probe_do(p, "resolve", "%s", "");
    eng_probe_set(p, "psionic", "m1.a_kind");
    eng_probe_do(p, "enemy-attack", "model=1 hero=1");
    *value = phys - eng_probe_get(p, "pool.n");
    return 0;
}

/* Engaged: 1 if an adjacent enemy's attack engages the hero, and a hero's
 * attack on an adjacent enemy too. */
PROBE(probe_engaged_by_attack)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 20, "h1.he");
    eng_probe_do(p, "enemy-attack", "model=1 hero=1");
    eng_probe_do(p, "resolve", "%s", "");
    int a = (int)eng_probe_get(p, "h1.engaged");
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 9, "m1.he");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1");
    *value = a && eng_probe_get(p, "h1.engaged");
    return 0;
}

/* Chain attack of a hero: the AP of the pair paid once, both attacks on the
 * same target. 1 if the second goes to another target refused. */
PROBE(probe_chain_same)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    enemy(p, 2, 1, 7, 12, 12);
    eng_probe_setl(p, 9, "m1.he");
    eng_probe_setl(p, 9, "m2.he");
    eng_probe_setl(p, 4, "h1.chain");
    eng_probe_setl(p, 6, "h1.ra");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1 weapon=1 chain=1");
    eng_probe_do(p, "resolve", "%s", "");
    int other = eng_probe_act(p, "attack", "hero=1 model=2 weapon=2 chain=1") == ENG_ILLEGAL;
    eng_probe_do(p, "attack", "hero=1 model=1 weapon=2 chain=1");
    *value = other && eng_probe_get(p, "h1.spent") == 4;
    return 0;
}

/* Attack rolls a chain attack makes. */
PROBE(probe_chain_attacks)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 9, "m1.he");
    eng_probe_setl(p, 4, "h1.chain");
    eng_probe_setl(p, 6, "h1.ra");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1 weapon=1 chain=1");
    eng_probe_do(p, "resolve", "%s", "");
    eng_probe_do(p, "attack", "hero=1 model=1 weapon=2 chain=1");
    eng_probe_do(p, "resolve", "%s", "");
    *value = eng_probe_get(p, "log.hero-attack");
    return 0;
}

/* The fewest wounds an attack with a condition must deal to give it: an
 * enemy's blood attack, all cancelled, then one wound through. */
PROBE(probe_condition_wounds)
{
    for (int w = 0; w <= 2; w++) {
        fresh(p);
        enemy(p, 1, 1, 6, 11, 12);
        eng_probe_set(p, "blut", "m1.a_sym");
        eng_probe_setl(p, 2, "m1.a_n");
        eng_probe_setl(p, 2, "h1.ph");
        for (int k = 0; k < 2; k++)
            eng_probe_force(p, "action", k < 2 - w ? "faust-blut" : "patrone-verstand");
        eng_probe_do(p, "enemy-attack", "model=1 hero=1");
        eng_probe_do(p, "resolve", "%s", "");
        if (eng_probe_get(p, "h1.bleed")) {
            *value = eng_probe_get(p, "h1.wounds");
            return 0;
        }
    }
    return eng_probe_fail(p, "no bleed marker");
}

/* Oblivion markers from which the test is rolled (a failing roll forced). */
PROBE(probe_oblivion_from)
{
    for (int n = 0; n <= 3; n++) {
        fresh(p);
        eng_probe_setl(p, 1, "h1.psionic");
        eng_probe_setl(p, n, "h1.oblivion");
        eng_probe_set(p, "faust-blut faust-blut faust-blut", "next.dice");
        go(p);
        if (eng_probe_get(p, "h1.oblivion_cards") > 0) {
            *value = n;
            return 0;
        }
    }
    return eng_probe_fail(p, "no oblivion test");
}

/* A psionic power: 1 if its effect comes only with a successful test, and
 * the oblivion markers come either way. */
PROBE(probe_power)
{
    fresh(p);
    enemy(p, 1, 1, 6, 8, 12);
    eng_probe_setl(p, 9, "m1.he");
    eng_probe_setl(p, 1, "h1.psionic");
    eng_probe_setl(p, 2, "h1.mi");
    eng_probe_force(p, "action", "faust-blut");
    eng_probe_force(p, "action", "faust-blut");
    go(p);
    eng_probe_do(p, "power", "hero=1 ap=2 oblivion=1 need=1 model=1 damage=3");
    eng_probe_do(p, "resolve", "%s", "");
    *value = eng_probe_get(p, "m1.wounds") == 0 && eng_probe_get(p, "h1.oblivion") == 1;
    return 0;
}

/* ---- area effects: figures hit around a target in the middle of a crowd --------------------------- */

/* (dx,dy) turned r quarter turns about the origin */
static void turn(int r, int *dx, int *dy)
{
    for (int k = 0; k < r; k++) {
        int t = *dx;
        *dx = -*dy, *dy = t;
    }
}

/* Figures an area attack of hero 1 (RA 12, range 5) hits in a crowd of
 * 12 models: the 3x3 block around the main target 6,7, two more squares
 * beyond it away from the hero on 6,9, and one two squares beside the
 * sweep's main target 6,8 (adjacent to the hero); the whole picture
 * turned r quarter turns about 6,7. */
static long area_hits(eng_probe *p, const char *shape, int n, int r)
{
    static const int pos[12][2] = {{6, 7}, {5, 6}, {6, 6}, {7, 6}, {5, 7}, {7, 7}, {5, 8}, {6, 8}, {7, 8},
                                   {6, 5}, {6, 4}, {4, 8}};
    int hx = 0, hy = 2, tx = 0, ty = strcmp(shape, "sweep") == 0 ? 1 : 0;
    fresh(p);
    turn(r, &hx, &hy);
    turn(r, &tx, &ty);
    eng_probe_setl(p, 6 + hx, "h1.x");
    eng_probe_setl(p, 7 + hy, "h1.y");
    eng_probe_setl(p, 12, "h1.ra");
    for (int m = 0; m < 12; m++) {
        int dx = pos[m][0] - 6, dy = pos[m][1] - 7;
        turn(r, &dx, &dy);
        enemy(p, m + 1, 1, 6 + dx, 7 + dy, 12);
        eng_probe_setl(p, 9, "m%d.he", m + 1);
    }
    eng_probe_setl(p, 5, "h1.w1.rng");
    go(p);
    eng_probe_do(p, "area", "hero=1 shape=%s x=%d y=%d n=%d", shape, 6 + tx, 7 + ty, n);
    return eng_probe_get(p, "last.area");
}

/* The same whichever way the hero faces (the shape turns with him): the
 * count of the four quarter turns, or a failure when they differ. */
static int area_all(eng_probe *p, const char *shape, int n, long *value)
{
    long first = area_hits(p, shape, n, 0);
    for (int r = 1; r < 4; r++) {
        long k = area_hits(p, shape, n, r);
        if (k != first)
            return eng_probe_fail(p, "%s hits %ld figures facing north, %ld after %d quarter turns", shape, first,
                                  k, r);
    }
    *value = first;
    return 0;
}
/* the figures besides the main target */
static int besides(eng_probe *p, const char *shape, long *value)
{
    if (area_all(p, shape, 0, value))
        return -1;
    *value -= 1;
    return 0;
}
PROBE(probe_explosion) { return besides(p, "explosion", value); }
PROBE(probe_cross) { return besides(p, "cross", value); }
PROBE(probe_lance) { return besides(p, "lance", value); }
PROBE(probe_blow) { return besides(p, "blow", value); }
PROBE(probe_sweep) { return besides(p, "sweep", value); }
/* wave 2 around the hero: the figures within 2 squares */
PROBE(probe_wave)
{
    if (area_all(p, "wave", 2, value))
        return -1;
    *value = *value == 4;
    return 0;
}
PROBE(probe_aura_no_attack)
{
    fresh(p);
    go(p);
    *value = eng_probe_act(p, "area", "hero=1 shape=aura n=2") == ENG_ILLEGAL ? 0 : 1;
    return 0;
}

/* ---- line of sight, cover, collateral damage ---------------------------------------------------------- */

/* Hero 1 (RA 12) with a ranged weapon 1 (PR 3 + ATB 2, range 12, the
 * cartridge symbol) at 6,12; model 1 (HE 20) at 6,8. */
static void shooter(eng_probe *p)
{
    fresh(p);
    eng_probe_setl(p, 12, "h1.ra");
    eng_probe_set(p, "pr", "h1.w1.stat");
    eng_probe_set(p, "patrone", "h1.w1.sym");
    eng_probe_setl(p, 12, "h1.w1.rng");
    enemy(p, 1, 1, 6, 8, 7);
    eng_probe_setl(p, 20, "m1.he");
}

/* May hero 1 shoot model m (a valid target)? The roll is closed again. */
static int can_shoot(eng_probe *p, int m)
{
    if (eng_probe_act(p, "attack", "hero=1 model=%d", m) != ENG_OK)
        return 0;
    eng_probe_do(p, "resolve", "%s", "");
    return 1;
}

/* 1 if an obstacle between the squares breaks the line of sight. */
PROBE(probe_los_obstacle)
{
    shooter(p);
    go(p);
    int a = can_shoot(p, 1);
    eng_probe_set(p, "blocked", "sq.6.10.terrain");
    *value = a && !can_shoot(p, 1);
    return 0;
}

/* 1 if an enemy figure between breaks the line to a figure of its size,
 * a tiny one does not, and a normal one does not hide a big one. */
PROBE(probe_los_size)
{
    shooter(p);
    enemy(p, 2, 1, 6, 10, 7);
    go(p);
    int a = !can_shoot(p, 1);
    eng_probe_set(p, "tiny", "m2.size");
    int b = can_shoot(p, 1);
    eng_probe_set(p, "normal", "m2.size");
    eng_probe_set(p, "big", "m1.size");
    *value = a && b && can_shoot(p, 1);
    return 0;
}

/* 1 if an allied figure between never breaks it: hero 2 between hero 1
 * and model 1, then model 2 between model 1 and hero 1 (the model's own
 * line, which hero 2 there breaks). */
PROBE(probe_los_ally)
{
    shooter(p);
    eng_probe_setl(p, 1, "h2.in");
    eng_probe_do(p, "place", "hero=2 x=6 y=10");
    go(p);
    int hero = can_shoot(p, 1), opponent = eng_probe_get(p, "m1.sees.h1") == 0;
    eng_probe_do(p, "place", "hero=2 x=1 y=1");
    enemy(p, 2, 1, 6, 10, 7);
    eng_probe_set(p, "big", "m2.size");
    *value = hero && opponent && eng_probe_get(p, "m1.sees.h1") == 2;
    return 0;
}

/* 1 if a ghost zone between breaks it, and no figure enters one. */
PROBE(probe_los_ghost)
{
    shooter(p);
    eng_probe_set(p, "ghost", "sq.6.10.terrain");
    go(p);
    *value = !can_shoot(p, 1) && eng_probe_act(p, "move", "hero=1 x=6 y=10") == ENG_ILLEGAL;
    return 0;
}

/* Successes the attacker rerolls (an enemy effect) against model 1 with
 * cover on square 6,y between them, in an attack of the given stat (five
 * successes rolled). */
static long cover_rerolls(eng_probe *p, int y, const char *stat, const char *sym)
{
    shooter(p);
    eng_probe_set(p, stat, "h1.w1.stat");
    eng_probe_set(p, sym, "h1.w1.sym");
    eng_probe_set(p, "cover", "sq.6.%d.terrain", y);
    go(p);
    eng_probe_set(p, "patrone-verstand patrone-verstand patrone-verstand patrone-verstand patrone-verstand faust-blut",
                  "next.dice");
    eng_probe_do(p, "attack", "hero=1 model=1");
    return eng_probe_get(p, "log.enemy-reroll");
}
PROBE(probe_cover_attack) { *value = cover_rerolls(p, 9, "pr", "patrone"); return 0; }
/* 1 if cover counts only next to the target: none from cover two squares off */
PROBE(probe_cover_adjacent)
{
    *value = cover_rerolls(p, 10, "pr", "patrone") == 0 && cover_rerolls(p, 9, "pr", "patrone") == 1;
    return 0;
}
/* 1 if psionic attacks ignore cover */
PROBE(probe_cover_psionic) { *value = cover_rerolls(p, 9, "mi", "verstand") == 0; return 0; }

/* Defence dice hero 1 rerolls against a ranged attack with cover next to
 * him (the enemy shoots from 6,8 in its activation; every defence die
 * fails first). */
PROBE(probe_cover_defence)
{
    fresh(p);
    enemy(p, 1, 1, 6, 8, 1);
    eng_probe_setl(p, 6, "g1.ra");
    eng_probe_set(p, "ranged", "m1.a_kind");
    eng_probe_setl(p, 6, "m1.a_rng");
    eng_probe_set(p, "cover", "sq.6.11.terrain");
    eng_probe_set(p, "patrone-verstand patrone-verstand patrone-verstand faust-blut", "next.dice");
    eng_probe_do(p, "activate", "group=1");
    *value = eng_probe_get(p, "log.enemy-attack") == 1 ? eng_probe_get(p, "log.hero-reroll") : -1;
    return 0;
}

/* 1 if a hero in an ally's area attack defends with the value that
 * attack needs (MI 2 against a psionic one, not PH 5), each defence
 * symbol cancelling one of its 3 wounds. */
PROBE(probe_collateral_hero)
{
    fresh(p);
    eng_probe_setl(p, 12, "h1.ra");
    eng_probe_set(p, "mi", "h1.w1.stat");
    eng_probe_setl(p, 0, "h1.w1.atb");
    eng_probe_set(p, "verstand", "h1.w1.sym");
    eng_probe_setl(p, 1, "h2.in");
    eng_probe_setl(p, 2, "h2.mi");
    eng_probe_setl(p, 5, "h2.ph");
    eng_probe_do(p, "place", "hero=2 x=6 y=9");
    go(p);
    eng_probe_set(p, "patrone-verstand patrone-verstand patrone-verstand ausruestung-verteidigung faust-blut",
                  "next.dice");
    eng_probe_do(p, "area", "hero=1 shape=cross x=6 y=9 weapon=1");
    *value = eng_probe_get(p, "pool.n") == 2 && eng_probe_get(p, "h2.wounds") == 2;
    return 0;
}

/* 1 if an enemy hit by another loses the attack's DMG symbols less its
 * PD (3 - 1), nothing cancelled, and no hero's TV changes. */
PROBE(probe_collateral_enemy)
{
    fresh(p);
    enemy(p, 1, 1, 6, 8, 7);
    enemy(p, 2, 1, 6, 9, 7);
    eng_probe_setl(p, 3, "m1.a_n");
    eng_probe_setl(p, 1, "m2.pd");
    eng_probe_setl(p, 9, "m2.he");
    eng_probe_do(p, "hit", "model=1 target=2");
    *value = eng_probe_get(p, "m2.wounds") == 2 && eng_probe_get(p, "h1.tv") == 1;
    return 0;
}

/* ---- threat value -------------------------------------------------------------------------------- */

PROBE(probe_tv_start)
{
    fresh(p);
    go(p);
    *value = eng_probe_get(p, "h1.tv");
    return 0;
}

static long tv_change(eng_probe *p, const char *size, int he, int n)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_set(p, size, "m1.size");
    eng_probe_setl(p, he, "m1.he");
    eng_probe_do(p, "wound", "model=1 n=%d by=1", n);
    return eng_probe_get(p, "h1.tv") - 1;
}
PROBE(probe_tv_wound) { *value = tv_change(p, "normal", 5, 1); return 0; }
PROBE(probe_tv_kill) { *value = tv_change(p, "normal", 1, 1) - tv_change(p, "normal", 5, 1); return 0; }
PROBE(probe_tv_tiny) { *value = tv_change(p, "tiny", 1, 1) + tv_change(p, "tiny", 5, 1); return 0; }
PROBE(probe_tv_heal)
{
    fresh(p);
    eng_probe_setl(p, 1, "h2.in");
    eng_probe_setl(p, 2, "h2.wounds");
    eng_probe_do(p, "heal", "hero=2 by=1 amount=2");
    *value = eng_probe_get(p, "h1.tv") - 1;
    return 0;
}
PROBE(probe_tv_ko)
{
    fresh(p);
    eng_probe_setl(p, 5, "h1.tv");
    eng_probe_setl(p, 2, "h1.he");
    eng_probe_do(p, "wound", "hero=1 n=2");
    *value = 5 - eng_probe_get(p, "h1.tv");
    return 0;
}

static long loot_of(eng_probe *p, const char *size)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_set(p, size, "m1.size");
    eng_probe_setl(p, 1, "m1.he");
    eng_probe_do(p, "wound", "model=1 n=1 by=1");
    return eng_probe_get(p, "sq.6.11.loot");
}
PROBE(probe_loot_big) { *value = loot_of(p, "big"); return 0; }
PROBE(probe_loot_normal) { *value = loot_of(p, "normal"); return 0; }
PROBE(probe_loot_tiny) { *value = loot_of(p, "tiny"); return 0; }

/* ---- KO ---------------------------------------------------------------------------------------- */

/* 1 if a knocked-out hero loses his negative conditions but keeps oblivion
 * markers and serious wound cards. */
PROBE(probe_ko_keeps)
{
    fresh(p);
    eng_probe_setl(p, 2, "h1.he");
    eng_probe_setl(p, 1, "h1.poison");
    eng_probe_setl(p, 1, "h1.fire");
    eng_probe_setl(p, 1, "h1.slowed");
    eng_probe_setl(p, 2, "h1.oblivion");
    eng_probe_setl(p, 1, "h1.serious");
    eng_probe_do(p, "wound", "hero=1 n=2");
    *value = eng_probe_get(p, "h1.poison") == 0 && eng_probe_get(p, "h1.fire") == 0 &&
             eng_probe_get(p, "h1.slowed") == 0 && eng_probe_get(p, "h1.oblivion") == 2 &&
             eng_probe_get(p, "h1.serious") == 1;
    return 0;
}

/* 1 if a knocked-out hero cannot be attacked. */
PROBE(probe_ko_no_attack)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_setl(p, 1, "h1.ko");
    *value = eng_probe_act(p, "enemy-attack", "model=1 hero=1") == ENG_ILLEGAL;
    return 0;
}

/* Wounds healed that bring a knocked-out hero back. */
PROBE(probe_revive_heal)
{
    fresh(p);
    eng_probe_setl(p, 3, "h1.he");
    eng_probe_do(p, "wound", "hero=1 n=3");
    eng_probe_do(p, "heal", "hero=1 by=0 amount=1");
    *value = eng_probe_get(p, "h1.ko") == 0 ? 1 : -1;
    return 0;
}

/* ---- conditions ------------------------------------------------------------------------------------ */

/* Wounds at the end of an activation with marker name. */
static long end_wounds(eng_probe *p, const char *name)
{
    fresh(p);
    eng_probe_do(p, "condition", "hero=1 name=%s", name);
    go(p);
    eng_probe_do(p, "end", "hero=1");
    return eng_probe_get(p, "h1.wounds");
}
PROBE(probe_fire_wound) { *value = end_wounds(p, "fire"); return 0; }
PROBE(probe_bleed_wound) { *value = end_wounds(p, "bleed") == 1 && eng_probe_get(p, "h1.bleed") == 0; return 0; }
PROBE(probe_fire_stays) { end_wounds(p, "fire"); *value = eng_probe_get(p, "h1.fire"); return 0; }

/* AP to try to put fire out; 1 if the defence symbol puts it out. */
PROBE(probe_extinguish_ap)
{
    fresh(p);
    eng_probe_do(p, "condition", "hero=1 name=fire");
    eng_probe_force(p, "action", "faust-blut");
    go(p);
    eng_probe_do(p, "extinguish", "hero=1");
    *value = eng_probe_get(p, "h1.fire") == 1 ? eng_probe_get(p, "h1.spent") : -1;
    return 0;
}
PROBE(probe_extinguish)
{
    fresh(p);
    eng_probe_do(p, "condition", "hero=1 name=fire");
    eng_probe_force(p, "action", "faust-blut");
    eng_probe_force(p, "action", "ausruestung-verteidigung");
    go(p);
    eng_probe_do(p, "extinguish", "hero=1");
    eng_probe_do(p, "extinguish", "hero=1");
    *value = eng_probe_get(p, "h1.fire") == 0;
    return 0;
}

/* Enemy on fire: a wound at the end of its activation; the defence symbol
 * puts it out. */
PROBE(probe_enemy_fire)
{
    fresh(p);
    eng_probe_setl(p, 0, "h1.in");
    enemy(p, 1, 1, 6, 1, 1);
    eng_probe_setl(p, 5, "m1.he");
    eng_probe_do(p, "condition", "model=1 name=fire");
    eng_probe_force(p, "action", "ausruestung-verteidigung");
    eng_probe_do(p, "activate", "group=1");
    *value = eng_probe_get(p, "m1.wounds") == 1 && eng_probe_get(p, "m1.fire") == 0;
    return 0;
}

/* AP a hindered hero pays for one square. */
PROBE(probe_hindered)
{
    fresh(p);
    eng_probe_do(p, "condition", "hero=1 name=hindered");
    *value = one_action_cost(p, "move", "hero=1 x=6 y=11");
    return 0;
}

/* 1 if a nailed-down hero cannot move but can attack; the marker goes at
 * the end of the activation. */
PROBE(probe_nailed)
{
    fresh(p);
    enemy(p, 1, 1, 6, 10, 12);
    eng_probe_setl(p, 9, "m1.he");
    eng_probe_setl(p, 2, "h1.w1.rng");
    eng_probe_do(p, "condition", "hero=1 name=nailed");
    go(p);
    int no = eng_probe_act(p, "move", "hero=1 x=7 y=12") == ENG_ILLEGAL;
    eng_probe_do(p, "attack", "hero=1 model=1");
    eng_probe_do(p, "resolve", "%s", "");
    eng_probe_do(p, "end", "hero=1");
    *value = no && eng_probe_get(p, "h1.nailed") == 0;
    return 0;
}

/* Extra AP a slowed hero pays for an action (wait 1). */
PROBE(probe_slowed)
{
    fresh(p);
    eng_probe_do(p, "condition", "hero=1 name=slowed");
    *value = one_action_cost(p, "wait", "hero=1 ap=1") - 1;
    return 0;
}

/* Dice a poisoned hero rolls fewer. */
PROBE(probe_poison)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_do(p, "condition", "hero=1 name=poison");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1");
    *value = 5 - eng_probe_get(p, "pool.n");
    return 0;
}

/* 1 if poison stays after an activation (only a skill takes it away). */
PROBE(probe_poison_stays)
{
    fresh(p);
    eng_probe_do(p, "condition", "hero=1 name=poison");
    go(p);
    eng_probe_do(p, "end", "hero=1");
    *value = eng_probe_get(p, "h1.poison");
    return 0;
}

/* Sectors a stunned hero's marker moves in his marker phase. */
PROBE(probe_stunned_hero)
{
    fresh(p);
    eng_probe_do(p, "condition", "hero=1 name=stunned");
    go(p);
    *value = eng_probe_get(p, "h1.sector") - 1;
    return 0;
}

/* AP a stunned enemy loses: RA 5, a hero 6 squares off. */
PROBE(probe_stunned_enemy)
{
    fresh(p);
    eng_probe_setl(p, 2, "h1.sector");
    eng_probe_setl(p, 9, "h1.y");
    enemy(p, 1, 1, 6, 1, 1);
    eng_probe_setl(p, 9, "m1.ca");
    eng_probe_do(p, "condition", "model=1 name=stunned");
    eng_probe_do(p, "activate", "group=1");
    *value = 5 - eng_probe_get(p, "last.moved");
    return 0;
}

/* 1 if a boss is immune to stun. */
PROBE(probe_boss_stun)
{
    fresh(p);
    enemy(p, 1, 1, 6, 1, 1);
    eng_probe_setl(p, 1, "m1.boss");
    *value = eng_probe_act(p, "condition", "model=1 name=stunned") == ENG_ILLEGAL;
    return 0;
}

/* Bleed markers hemorrhage gives in the marker phase. */
PROBE(probe_hemorrhage)
{
    fresh(p);
    eng_probe_do(p, "condition", "hero=1 name=hemorrhage");
    go(p);
    *value = eng_probe_get(p, "h1.bleed") && eng_probe_get(p, "h1.hemorrhage");
    return 0;
}

/* 1 if contagion turns into poison at the next marker phase. */
PROBE(probe_contagion)
{
    fresh(p);
    eng_probe_do(p, "condition", "hero=1 name=contagion");
    go(p);
    *value = eng_probe_get(p, "h1.contagion") == 0 && eng_probe_get(p, "h1.poison") == 1;
    return 0;
}

/* Brain damage: squares moved; wounds when the square is blocked. */
/* Squares brain damage moves the hero on 6,6 (the marker gone), the same
 * whichever face the die shows; each of the four directions comes up. */
PROBE(probe_brain_move)
{
    int seen = 0;
    long moved = -1;
    for (int f = 0; f < NFACES; f++) {
        fresh(p);
        eng_probe_setl(p, 6, "h1.y");
        eng_probe_do(p, "condition", "hero=1 name=brain");
        eng_probe_force(p, "action", faces[f]);
        go(p);
        long dx = eng_probe_get(p, "h1.x") - 6, dy = eng_probe_get(p, "h1.y") - 6;
        long d = (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
        if (eng_probe_get(p, "h1.brain") != 0 || (moved >= 0 && d != moved))
            return eng_probe_fail(p, "face %s moves him %ld squares, or leaves the marker", faces[f], d);
        moved = d;
        seen |= 1 << ((dx > 0) + 2 * (dx < 0) + 3 * (dy > 0));
    }
    if (seen != 0xf)
        return eng_probe_fail(p, "not every direction comes up (0x%x)", (unsigned)seen);
    *value = moved;
    return 0;
}
PROBE(probe_brain_blocked)
{
    fresh(p);
    eng_probe_setl(p, 1, "h2.in");
    eng_probe_setl(p, 6, "h2.x");
    eng_probe_setl(p, 11, "h2.y");
    eng_probe_do(p, "condition", "hero=1 name=brain");
    eng_probe_force(p, "action", "stoss-patrone-explosion");
    go(p);
    *value = eng_probe_get(p, "h1.y") == 12 ? eng_probe_get(p, "h1.wounds") : -1;
    return 0;
}

/* Soul breaker: 1 if the enemy drops it and is not activated normally. */
PROBE(probe_soulbreaker)
{
    fresh(p);
    eng_probe_setl(p, 2, "h1.sector");
    eng_probe_setl(p, 9, "h1.y");
    enemy(p, 1, 1, 6, 1, 1);
    eng_probe_setl(p, 9, "m1.ca");
    eng_probe_do(p, "condition", "model=1 name=soulbreaker by=1");
    eng_probe_do(p, "activate", "group=1");
    *value = eng_probe_get(p, "m1.soulbreaker") == 0 && eng_probe_get(p, "last.moved") == 0;
    return 0;
}

/* Positive markers: AP they add, dice they add, AP they save. */
static long token_ap(eng_probe *p, const char *name)
{
    fresh(p);
    eng_probe_do(p, "token", "hero=1 name=%s n=1", name);
    go(p);
    return eng_probe_get(p, "h1.ap") - 5;
}
PROBE(probe_ap1) { *value = token_ap(p, "ap1"); return 0; }
PROBE(probe_ap2) { *value = token_ap(p, "ap2"); return 0; }
PROBE(probe_ap_tokens_go)
{
    token_ap(p, "ap2");
    eng_probe_do(p, "end", "hero=1");
    *value = eng_probe_get(p, "h1.ap2");
    return 0;
}

static long defence_dice(eng_probe *p, const char *token, int use, const char *kind)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_set(p, kind, "m1.a_kind");
    if (*token)
        eng_probe_do(p, "token", "hero=1 name=%s n=1", token);
    eng_probe_do(p, "enemy-attack", "model=1 hero=1 use=%d", use);
    return eng_probe_get(p, "pool.n") - 3;
}
PROBE(probe_shell) { *value = defence_dice(p, "shell", 0, "psionic"); return 0; }

/* Endurance and improved endurance help "against a physical attack" only:
 * offered against a psionic one (the defence on MI) they add no die and
 * the marker stays; the value is what they add against a melee (endurance)
 * or a ranged (improved) attack, which spends the marker. */
static int endurance_dice(eng_probe *p, const char *token, int use, const char *kind, long *value)
{
    long plain = defence_dice(p, token, 0, "psionic");
    long offered = defence_dice(p, token, use, "psionic");
    long left = eng_probe_get(p, "h1.%s", token);
    if (offered != plain || left != 1)
        return eng_probe_fail(p, "%s used against a psionic attack: %ld dice instead of %ld, %ld left", token,
                              offered + 3, plain + 3, left);
    *value = defence_dice(p, token, use, kind);
    if (eng_probe_get(p, "h1.%s", token) != 0)
        return eng_probe_fail(p, "%s kept after a %s attack it helped against", token, kind);
    return 0;
}
PROBE(probe_endurance) { return endurance_dice(p, "endurance", 1, "melee", value); }
PROBE(probe_impendurance) { return endurance_dice(p, "impendurance", 2, "ranged", value); }

PROBE(probe_strength)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_do(p, "token", "hero=1 name=strength n=1");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1 strength=1");
    *value = eng_probe_get(p, "pool.n") - 5;
    return 0;
}

PROBE(probe_speedup)
{
    fresh(p);
    enemy(p, 1, 1, 6, 11, 12);
    eng_probe_do(p, "token", "hero=1 name=speedup n=1");
    go(p);
    eng_probe_do(p, "attack", "hero=1 model=1");
    *value = 3 - eng_probe_get(p, "h1.spent");
    return 0;
}

/* Positive markers of one kind a hero may hold (the shell, given 3). */
PROBE(probe_one_marker)
{
    fresh(p);
    eng_probe_do(p, "token", "hero=1 name=shell n=3");
    *value = eng_probe_get(p, "h1.shell");
    return 0;
}

/* Resilience heals this many wounds in the marker phase. */
PROBE(probe_resilience)
{
    fresh(p);
    eng_probe_setl(p, 2, "h1.wounds");
    eng_probe_do(p, "token", "hero=1 name=resilience n=1");
    eng_probe_force(p, "action", "faust-blut");
    go(p);
    *value = 2 - eng_probe_get(p, "h1.wounds");
    return 0;
}

/* The oblivion test: with 2 markers and MI 3, two mind symbols pass (1),
 * one fails and the markers go (an oblivion card drawn). */
PROBE(probe_oblivion)
{
    fresh(p);
    eng_probe_setl(p, 1, "h1.psionic");
    eng_probe_setl(p, 2, "h1.oblivion");
    eng_probe_set(p, "patrone-verstand stoss-verstand-blut faust-blut", "next.dice");
    go(p);
    int pass = eng_probe_get(p, "h1.oblivion") == 2 && eng_probe_get(p, "h1.oblivion_cards") == 0;
    fresh(p);
    eng_probe_setl(p, 1, "h1.psionic");
    eng_probe_setl(p, 2, "h1.oblivion");
    eng_probe_set(p, "patrone-verstand faust-blut faust-blut", "next.dice");
    go(p);
    *value = pass && eng_probe_get(p, "h1.oblivion") == 0 && eng_probe_get(p, "h1.oblivion_cards") == 1;
    return 0;
}

/* ---- the enemy AI ------------------------------------------------------------------------------------- */

/* The hero an enemy attacks: model 1 (CA 5) at 6,1 with heroes 1 (TV 3)
 * at 6,4 and 2 (TV 8) at 6,6, mission objective TV obj. */
static long target_with(eng_probe *p, int obj)
{
    fresh(p);
    eng_probe_setl(p, 4, "h1.y");
    eng_probe_setl(p, 3, "h1.tv");
    eng_probe_setl(p, 1, "h2.in");
    eng_probe_setl(p, 6, "h2.x");
    eng_probe_setl(p, 6, "h2.y");
    eng_probe_setl(p, 8, "h2.tv");
    enemy(p, 1, 1, 6, 1, 1);
    eng_probe_setl(p, obj, "g1.obj_tv");
    eng_probe_setl(p, 2, "h1.sector");
    eng_probe_setl(p, 2, "h2.sector");
    eng_probe_do(p, "activate", "group=1");
    return eng_probe_get(p, "ai.goal") == 2 ? eng_probe_get(p, "ai.target") : 0;
}
/* 1 if the highest TV goes first (hero 2), 2 if the lowest */
PROBE(probe_target_highest) { *value = target_with(p, 0) == 2 ? 1 : 2; return 0; }
/* the objective's TV up to which hero 2 (TV 8) is still attacked */
PROBE(probe_target_objective)
{
    long n = 0;
    while (n < 20 && target_with(p, (int)n + 1) == 2)
        n++;
    *value = n;
    return 0;
}

/* Nearest hero when nobody is in the control area (CA 1): hero 1 at
 * distance 3 (TV 1) against hero 2 at distance 5 (TV 9); 1 if the
 * nearest. */
PROBE(probe_target_nearest)
{
    fresh(p);
    eng_probe_setl(p, 4, "h1.y");
    eng_probe_setl(p, 1, "h2.in");
    eng_probe_setl(p, 6, "h2.x");
    eng_probe_setl(p, 6, "h2.y");
    eng_probe_setl(p, 9, "h2.tv");
    enemy(p, 1, 1, 6, 1, 1);
    eng_probe_setl(p, 1, "m1.ca");
    eng_probe_setl(p, 3, "h1.sector");
    eng_probe_setl(p, 3, "h2.sector");
    eng_probe_setl(p, 20, "h1.he");
    eng_probe_do(p, "activate", "group=1");
    *value = eng_probe_get(p, "h1.engaged") == 1 && eng_probe_get(p, "h2.engaged") == 0;
    return 0;
}

/* Squares an enemy moves to attack a hero 4 squares away (melee, RA 6):
 * the least it needs. */
PROBE(probe_min_move)
{
    fresh(p);
    eng_probe_setl(p, 5, "h1.y");
    eng_probe_setl(p, 2, "h1.sector");
    eng_probe_setl(p, 20, "h1.he");
    enemy(p, 1, 1, 6, 1, 1);
    eng_probe_setl(p, 6, "g1.ra");
    eng_probe_do(p, "activate", "group=1");
    *value = eng_probe_get(p, "last.moved") == 3 && eng_probe_get(p, "log.enemy-attack") == 1;
    return 0;
}

/* 1 if an enemy with a chain attack uses it when the AP suffice. */
PROBE(probe_enemy_chain)
{
    fresh(p);
    eng_probe_setl(p, 11, "h1.y");
    eng_probe_setl(p, 2, "h1.sector");
    eng_probe_setl(p, 20, "h1.he");
    enemy(p, 1, 1, 6, 10, 1);
    eng_probe_setl(p, 4, "m1.c_ap");
    eng_probe_do(p, "activate", "group=1");
    *value = eng_probe_get(p, "log.enemy-attack") == 2;
    return 0;
}

/* Shooter: 1 if a shooter next to its target backs off and still shoots. */
PROBE(probe_shooter)
{
    fresh(p);
    eng_probe_setl(p, 2, "h1.y");
    eng_probe_setl(p, 2, "h1.sector");
    eng_probe_setl(p, 20, "h1.he");
    enemy(p, 1, 1, 6, 1, 1);
    eng_probe_setl(p, 1, "m1.shooter");
    eng_probe_setl(p, 2, "m1.a_min");
    eng_probe_setl(p, 8, "m1.a_rng");
    eng_probe_do(p, "activate", "group=1");
    *value = eng_probe_get(p, "last.moved") == 2 && eng_probe_get(p, "log.enemy-attack") == 1;
    return 0;
}

/* 1 if a waiting group's marker moves without any action. */
PROBE(probe_waiting)
{
    fresh(p);
    eng_probe_setl(p, 2, "h1.sector");
    eng_probe_setl(p, 3, "h1.y");
    enemy(p, 1, 1, 6, 1, 1);
    eng_probe_setl(p, 0, "g1.combat");
    eng_probe_do(p, "activate", "group=1");
    *value = eng_probe_get(p, "last.moved") == 0 && eng_probe_get(p, "g1.sector") == 6;
    return 0;
}

/* 1 if a hero entering the control area brings the group into combat. */
PROBE(probe_enter_combat)
{
    fresh(p);
    enemy(p, 1, 1, 6, 1, 12);
    eng_probe_setl(p, 0, "g1.combat");
    eng_probe_setl(p, 5, "m1.ca");
    eng_probe_setl(p, 12, "h1.ra");
    go(p);
    eng_probe_do(p, "move", "hero=1 x=6 y=7");
    long a = eng_probe_get(p, "g1.combat");
    eng_probe_do(p, "move", "hero=1 x=6 y=6");
    *value = a == 0 && eng_probe_get(p, "g1.combat") == 1;
    return 0;
}

#define F(id, doc, fn) {"sinetempore." id, doc, fn}

const eng_fact eng_sinetempore_facts[ENG_SINETEMPORE_NFACTS] = {
    F("momentum.sectors", "stops of the phase hand until it is back (one hero waiting 1 AP each time)", probe_sectors),
    F("momentum.cycle-at", "the sector at which the cycle hand moved", probe_cycle_at),
    F("momentum.cycle-step", "steps the cycle hand moves as the phase hand reaches sector 12", probe_cycle_step),
    F("attack.chain-attacks", "attack rolls of one chain attack", probe_chain_attacks),
    F("cond.attack-min-wounds", "wounds an attack must deal for its condition to be given", probe_condition_wounds),
    F("oblivion.from", "oblivion markers from which the test is rolled", probe_oblivion_from),
    F("momentum.sector-per-ap", "sectors the marker moves per AP spent", probe_sector_per_ap),
    F("momentum.clockwise", "1 if the marker moves clockwise (sector numbers rise), 2 counterclockwise", probe_clockwise),
    F("hero.ap-ra", "AP of a hero with RA 6 at his activation", probe_ap_ra),
    F("hero.ap-lost", "AP left after the activation ends with AP unspent", probe_ap_lost),
    F("order.highest-ra", "1 if the highest RA in the sector acts first, 2 the lowest", probe_order_ra),
    F("order.enemy-tie", "1 if an enemy acts before a hero of equal RA", probe_order_tie),
    F("enemy.group-moves-ra", "1 if a group's marker moves as many sectors as its RA", probe_group_moves_ra),
    F("timeshift.reach", "1 if a hero who ends early spends AP until he reaches the first enemy sector", probe_time_shift),
    F("timeshift.cap", "sectors a RA-5 hero moves when the first enemy is 9 sectors ahead", probe_time_shift_cap),
    F("reaction.passed", "1 if passing an enemy sector with the hero in its CA makes it act, Acted, marker staying", probe_reaction),
    F("reaction.none", "reactions when landing on the sector or out of the CA", probe_no_reaction),
    F("reaction.acted-skips", "1 if a model with the Acted marker drops it and does nothing", probe_acted),
    F("ko.serious-per-pass", "serious wound cards after the hand has gone round once", probe_ko_serious),
    F("ko.revive-sector", "sectors after the active one where a revived hero's marker goes", probe_revive_sector),
    F("ko.keeps", "1 if KO removes negative conditions but not oblivion markers and serious wounds", probe_ko_keeps),
    F("ko.no-attack", "1 if a knocked-out hero cannot be attacked", probe_ko_no_attack),
    F("ko.revive-heal", "wounds healed that bring a knocked-out hero back", probe_revive_heal),
    F("move.ap", "AP per square moved", probe_move_ap),
    F("move.no-diagonal", "1 if the diagonal neighbour costs 2 AP (two orthogonal steps)", probe_no_diagonal),
    F("move.pass-allies", "1 if allies may be passed, enemies not, and no move ends on a figure", probe_pass_allies),
    F("move.rough", "AP to enter rough terrain", probe_rough),
    F("move.water", "AP to leave a water square", probe_water),
    F("move.climb", "AP per level climbed", probe_climb),
    F("move.climb-grade", "1 if a hero cannot climb two levels in one step", probe_climb_grade),
    F("move.runner", "squares a runner moves for 1 AP", probe_runner),
    F("action.focus-ap", "AP of focus", probe_focus_ap),
    F("action.focus-once", "1 if focus is once per activation, 2 if more", probe_focus_once),
    F("action.pickup-ap", "AP to pick up loot", probe_pickup_ap),
    F("action.meditate-ap", "AP to meditate (sheet markers gone, equipment ones stay)", probe_meditate_ap),
    F("action.exchange-ap", "AP to give a resource card", probe_exchange_ap),
    F("action.interact", "1 if an interaction costs what the mission says (2)", probe_interact_ap),
    F("action.engage-ap", "AP an enemy pays to engage", probe_engage_ap),
    F("action.disengage-ap", "AP to disengage", probe_disengage_ap),
    F("action.disengage-attacks", "1 if each enemy left behind attacks and Engaged goes", probe_disengage_attacks),
    F("action.engaged-no-move", "1 if an engaged hero cannot simply move", probe_engaged_no_move),
    F("action.engaged-drops", "1 if Engaged goes when no enemy is adjacent", probe_engaged_drops),
    F("action.fists-ap", "AP of a bare-fist attack", probe_fists_ap),
    F("attack.weak", "most wounds of a weak attack (2 hits)", probe_weak),
    F("die.stoss", "sides of the action die with Stoß", probe_sides_stoss),
    F("die.patrone", "sides with Patrone", probe_sides_patrone),
    F("die.verstand", "sides with Verstand", probe_sides_verstand),
    F("die.faust", "sides with Faust", probe_sides_faust),
    F("die.ausruestung", "sides with Ausrüstung", probe_sides_ausruestung),
    F("die.blut", "sides with Blut", probe_sides_blut),
    F("die.explosion", "sides with Explosion", probe_sides_explosion),
    F("die.verteidigung", "sides with Verteidigung", probe_sides_verteidigung),
    F("penalty.from", "wounds from which the penalty die is rolled", probe_penalty_from),
    F("penalty.gone", "most wounds at which a healed hero no longer rolls it", probe_penalty_gone),
    F("penalty.takes", "dice the penalty die takes away (three alike)", probe_penalty_takes),
    F("reroll.max", "reroll markers a hero may hold", probe_reroll_max),
    F("reroll.once", "1 if a die is rerolled at most once by the hero, 2 if more", probe_reroll_once),
    F("reroll.enemy-first", "1 if enemy rerolls come before the hero's", probe_enemy_first),
    F("attack.dice", "dice of an attack with PH 3 and ATB 2", probe_attack_dice),
    F("attack.big", "extra dice against a big enemy", probe_big_bonus),
    F("attack.pd", "1 if PD 1 takes one of 4 hits", probe_pd),
    F("attack.pierce", "wounds pierce 1 adds against PD 2", probe_pierce),
    F("attack.md", "1 if a psionic attack's 4 hits lose MD 2", probe_md),
    F("attack.sustained-cap", "1 if a sustained attack deals at most its starting dice", probe_sustained_cap),
    F("attack.chain", "1 if a chain pays its AP once and goes to one target", probe_chain_same),
    F("attack.engaged", "1 if attacks between adjacent figures engage the hero", probe_engaged_by_attack),
    F("defence.cancels", "1 if each matching defence die cancels one symbol", probe_defence_cancels),
    F("defence.armour", "armour dice against physical attacks only (difference)", probe_armour_physical),
    F("power.test", "1 if a power works only on a successful test and its oblivion comes always", probe_power),
    F("area.explosion", "figures besides the main target an explosion hits in a crowd, alike facing each of four ways", probe_explosion),
    F("area.cross", "the same, cross", probe_cross),
    F("area.lance", "the same, lance", probe_lance),
    F("area.blow", "the same, blow", probe_blow),
    F("area.sweep", "the same, sweep", probe_sweep),
    F("area.wave", "1 if a wave 2 hits the figures within 2 squares", probe_wave),
    F("area.aura-attack", "1 if an aura may be an attack", probe_aura_no_attack),
    F("los.obstacle", "1 if an obstacle between breaks the line of sight", probe_los_obstacle),
    F("los.size", "1 if an enemy between hides figures of its size, not bigger ones; a tiny one hides no normal one", probe_los_size),
    F("los.ally", "1 if an allied figure between never breaks the line", probe_los_ally),
    F("los.ghost", "1 if a ghost zone breaks the line and no figure enters it", probe_los_ghost),
    F("cover.attack", "successes an attacker rerolls against a target in cover", probe_cover_attack),
    F("cover.adjacent", "1 if cover counts only when the target is next to it", probe_cover_adjacent),
    F("cover.psionic", "1 if psionic attacks ignore cover", probe_cover_psionic),
    F("cover.defence", "defence dice a hero in cover rerolls", probe_cover_defence),
    F("collateral.hero", "1 if a hero in an ally's area defends with the value the attack needs, each symbol one wound off", probe_collateral_hero),
    F("collateral.enemy", "1 if an enemy hit by another loses DMG less its defence, nothing cancelled", probe_collateral_enemy),
    F("tv.start", "a hero's TV at the start", probe_tv_start),
    F("tv.wound", "TV a hero gains for wounding a normal enemy", probe_tv_wound),
    F("tv.kill", "TV gained for killing (beyond the wound)", probe_tv_kill),
    F("tv.tiny", "TV gained for wounding and killing tiny enemies", probe_tv_tiny),
    F("tv.heal", "TV gained for healing a hero", probe_tv_heal),
    F("tv.ko", "TV a knocked-out hero loses", probe_tv_ko),
    F("loot.big", "loot markers a killed big enemy leaves", probe_loot_big),
    F("loot.normal", "loot markers a killed normal enemy leaves", probe_loot_normal),
    F("loot.tiny", "loot markers a killed tiny enemy leaves", probe_loot_tiny),
    F("cond.fire-wound", "wounds of fire at the end of the activation", probe_fire_wound),
    F("cond.fire-stays", "1 if fire stays after the activation", probe_fire_stays),
    F("cond.extinguish-ap", "AP of an attempt to put out fire", probe_extinguish_ap),
    F("cond.extinguish", "1 if a second attempt may put it out", probe_extinguish),
    F("cond.enemy-fire", "1 if an enemy on fire takes a wound and may lose the marker", probe_enemy_fire),
    F("cond.bleed", "1 if bleeding wounds once and goes", probe_bleed_wound),
    F("cond.hindered", "AP a hindered hero pays for one square", probe_hindered),
    F("cond.nailed", "1 if nailed down forbids moving, not attacking, and goes at the end", probe_nailed),
    F("cond.slowed", "extra AP per action when slowed", probe_slowed),
    F("cond.poison", "dice fewer when poisoned", probe_poison),
    F("cond.poison-stays", "1 if poison stays", probe_poison_stays),
    F("cond.stunned-hero", "sectors a stunned hero's marker moves", probe_stunned_hero),
    F("cond.stunned-enemy", "AP a stunned enemy loses", probe_stunned_enemy),
    F("cond.boss-stun", "1 if a boss is immune to stun", probe_boss_stun),
    F("cond.hemorrhage", "1 if hemorrhage gives bleed and stays", probe_hemorrhage),
    F("cond.contagion", "1 if contagion becomes poison at the marker phase", probe_contagion),
    F("cond.brain-move", "squares brain damage moves the hero, whichever way the die sends him", probe_brain_move),
    F("cond.brain-blocked", "wounds when that square is taken", probe_brain_blocked),
    F("cond.soulbreaker", "1 if soul breaker drops and the enemy does not act", probe_soulbreaker),
    F("token.ap1", "AP the +1 marker adds", probe_ap1),
    F("token.ap2", "AP the +2 marker adds", probe_ap2),
    F("token.ap-gone", "+2 markers left after the activation", probe_ap_tokens_go),
    F("token.shell", "dice the psionic shell adds against mental attacks", probe_shell),
    F("token.endurance", "dice endurance adds against a physical attack", probe_endurance),
    F("token.impendurance", "dice improved endurance adds against a physical attack", probe_impendurance),
    F("token.strength", "dice strength adds to a melee attack", probe_strength),
    F("token.speedup", "AP speed up saves on an attack", probe_speedup),
    F("token.one", "markers of one kind (psionic shell) a hero holds at most", probe_one_marker),
    F("token.resilience", "wounds resilience heals in the marker phase", probe_resilience),
    F("oblivion.test", "1 if the test needs as many mind symbols as markers and a failure draws a card", probe_oblivion),
    F("ai.highest-tv", "1 if the enemy goes for the highest TV, 2 the lowest", probe_target_highest),
    F("ai.objective", "objective TV up to which a TV-8 hero in the CA is attacked", probe_target_objective),
    F("ai.nearest", "1 if with nobody in the CA the nearest hero is attacked", probe_target_nearest),
    F("ai.min-move", "1 if an enemy moves only as far as it needs to attack", probe_min_move),
    F("ai.chain", "1 if an enemy uses its chain attack when its AP suffice", probe_enemy_chain),
    F("ai.shooter", "1 if a shooter next to its target backs off and shoots", probe_shooter),
    F("ai.waiting", "1 if a waiting group only moves its marker", probe_waiting),
    F("ai.enter-combat", "1 if a hero entering the CA brings the group into combat", probe_enter_combat),
};

/* ---- AI procedures: predicates and postconditions from the keys ---------------------------------------- */

#define V(...) eng_val(st, __VA_ARGS__)
#define A(...) eng_val(after, __VA_ARGS__)
#define BF(...) eng_val(before, __VA_ARGS__)

static int absd(long a) { return (int)(a < 0 ? -a : a); }

static int standing(const eng_state *st, int h)
{
    return V("h%d.in", h) && !V("h%d.ko", h);
}

/* What the target rules read of model m and the heroes, read once: the
 * rules compare the same few keys many times over (rule by rule, hero by
 * hero), and reading them was most of the target predicates' cost.
 * threat[h]: a standing hero in the model's control area whom it takes for
 * a threat (a TV at least the objective's); tv and dist are read for
 * standing heroes only, the only ones the rules compare. */
typedef struct target_view {
    int up[HEROES + 1], threat[HEROES + 1], threats;
    long tv[HEROES + 1], dist[HEROES + 1];
} target_view;

static void view_targets(const eng_state *st, int m, target_view *t)
{
    long obj = V("g%ld.obj_tv", V("m%d.grp", m)), ca = V("m%d.ca", m), mx = V("m%d.x", m), my = V("m%d.y", m);
    t->threats = 0;
    for (int h = 1; h <= HEROES; h++) {
        t->up[h] = standing(st, h);
        t->tv[h] = t->up[h] ? V("h%d.tv", h) : 0;
        t->dist[h] = t->up[h] ? absd(mx - V("h%d.x", h)) + absd(my - V("h%d.y", h)) : 0;
        t->threat[h] = t->up[h] && t->dist[h] <= ca && (obj == 0 || t->tv[h] >= obj);
        t->threats |= t->threat[h];
    }
}

static int model_q(const eng_state *st) { return (int)V("ai.model"); }

static int any_threat(const eng_state *st)
{
    target_view t;
    view_targets(st, model_q(st), &t);
    return t.threats;
}

/* The candidates of a target rule, by the rulebook's order: among the
 * threats the highest TV, of those the nearest; without threats the nearest
 * standing hero, of those the highest TV. Fills cand[] (1 = still in) and
 * returns how many are left after `stage` filters (1 or 2). */
static int candidates(const eng_state *st, int stage, int cand[HEROES + 1])
{
    target_view t;
    view_targets(st, model_q(st), &t);
    int threats = t.threats, n = 0;
    for (int h = 1; h <= HEROES; h++)
        cand[h] = threats ? t.threat[h] : t.up[h];
    for (int s = 1; s <= stage; s++) {
        /* threats: first TV (highest), then distance; others: distance first */
        int by_tv = threats ? s == 1 : s == 2;
        long best = 0;
        int have = 0;
        for (int h = 1; h <= HEROES; h++) {
            if (!cand[h])
                continue;
            long k = by_tv ? t.tv[h] : -t.dist[h];
            if (!have || k > best)
                best = k, have = 1;
        }
        for (int h = 1; h <= HEROES; h++)
            if (cand[h] && (by_tv ? t.tv[h] : -t.dist[h]) != best)
                cand[h] = 0;
    }
    for (int h = 1; h <= HEROES; h++)
        n += cand[h];
    return n;
}

static int p_threat(const eng_state *st) { return any_threat(st); }
static int p_objective(const eng_state *st) { return V("g%ld.obj_tv", V("m%d.grp", model_q(st))) > 0; }
static int p_any_hero(const eng_state *st)
{
    for (int h = 1; h <= HEROES; h++)
        if (standing(st, h))
            return 1;
    return 0;
}
static int p_unique1(const eng_state *st)
{
    int c[HEROES + 1];
    return candidates(st, 1, c) == 1;
}
static int p_unique2(const eng_state *st)
{
    int c[HEROES + 1];
    return candidates(st, 2, c) == 1;
}

/* the target chosen is among the candidates left after stage, and the goal
 * is to attack */
static int chose(const eng_state *before, const eng_state *after, int stage, int unique)
{
    int c[HEROES + 1];
    int n = candidates(before, stage, c);
    long t = A("ai.target");
    return A("ai.goal") == 2 && t >= 1 && t <= HEROES && c[t] && (unique ? n == 1 : n > 1);
}
static int o_highest(const eng_state *b, const eng_state *a) { return any_threat(b) && chose(b, a, 1, 1); }
static int o_nearest_threat(const eng_state *b, const eng_state *a) { return any_threat(b) && chose(b, a, 2, 1); }
static int o_threat_choice(const eng_state *b, const eng_state *a) { return any_threat(b) && chose(b, a, 2, 0); }
static int o_nearest(const eng_state *b, const eng_state *a) { return !any_threat(b) && chose(b, a, 1, 1); }
static int o_nearest_high(const eng_state *b, const eng_state *a) { return !any_threat(b) && chose(b, a, 2, 1); }
static int o_nearest_choice(const eng_state *b, const eng_state *a) { return !any_threat(b) && chose(b, a, 2, 0); }
static int o_objective(const eng_state *b, const eng_state *after)
{
    return !any_threat(b) && p_objective(b) && A("ai.goal") == 1 && A("ai.target") == 0;
}
static int o_none(const eng_state *b, const eng_state *after)
{
    return !p_any_hero(b) && A("ai.goal") == 0 && A("ai.target") == 0;
}

/* The board of the AI questions: model 1 of group 1 at 6,2, CA 4;
 * heroes 1..3 placed by pos (0: absent), TVs by tv. The last two spots lie
 * 8 squares from the model, as spot 5 does: three heroes tied on distance
 * outside the control area, so that the TV decides among three. */
static const int spots[][2] = {{0, 0}, {6, 5}, {8, 4}, {4, 4}, {6, 9}, {10, 6}, {2, 7}, {6, 3}, {2, 6}, {6, 10}};
#define NSPOTS (int)(sizeof spots / sizeof spots[0])

static void seat(eng_state *st, int h, int spot, int tv)
{
    eng_set_long(st, spot > 0, "h%d.in", h);
    if (spot > 0) {
        eng_set_long(st, spots[spot][0], "h%d.x", h);
        eng_set_long(st, spots[spot][1], "h%d.y", h);
    } else {
        eng_set_long(st, 12, "h%d.x", h);
        eng_set_long(st, 12, "h%d.y", h);
    }
    eng_set_long(st, tv, "h%d.tv", h);
    eng_set_long(st, 20, "h%d.he", h);
    eng_set_long(st, 5, "h%d.sector", h);
}

/* The enumerators' one loop: a base state set up by prepare, and count
 * variants of it made by vary (which returns 0 to leave a variant out). */
typedef int (*vary_fn)(eng_state *st, long k);
static long sweep(const eng_game *g, uint64_t seed, void (*prepare)(eng_state *), vary_fn vary, long count,
                  int (*visit)(const eng_state *, void *), void *ctx)
{
    eng_state *base = eng_state_new(g, seed), *st = NULL;
    if (base) {
        prepare(base);
        st = eng_state_copy(base);
    }
    long n = st ? 0 : -1;
    for (long k = 0; st && k < count; k++) {
        eng_state_assign(st, base);
        if (!vary(st, k))
            continue;
        n++;
        if (visit(st, ctx))
            break;
    }
    eng_state_free(st);
    eng_state_free(base);
    return n;
}

/* model 1 of group 1 at 6,2 (CA 4, HE 9), the question on it; the answer
 * to an earlier question (hero 3) still in the keys */
static void prepare_model(eng_state *st)
{
    eng_set_long(st, 1, "m1.grp");
    eng_set_long(st, 6, "m1.x");
    eng_set_long(st, 2, "m1.y");
    eng_set_long(st, 4, "m1.ca");
    eng_set_long(st, 9, "m1.he");
    eng_set_long(st, 1, "g1.sector");
    eng_set_long(st, 1, "ai.model");
    char err[64];
    eng_set(st, "ai.goal", "hero", err, sizeof err);
    eng_set_long(st, 3, "ai.target");
}

/* Every seating of heroes 1..3 on distinct spots (or absent; hero 3 on
 * spot 5, 6 or 7: with 7, next to the model, three threats of one TV at
 * three distances), TVs from {1, 3}, objective TV 0, 2 or 3. */
static int vary_target(eng_state *st, long k)
{
    static const int objs[] = {0, 2, 3}, third[] = {0, 5, 6, 7};
    int o = (int)(k % 3), tv = (int)(k / 3 % 8), c = third[k / 24 % 4], b = (int)(k / 96 % NSPOTS),
        a = (int)(k / 96 / NSPOTS);
    if ((a && a == b) || (c && (c == a || c == b)))
        return 0;
    seat(st, 1, a, tv & 1 ? 3 : 1);
    seat(st, 2, b, tv & 2 ? 3 : 1);
    seat(st, 3, c, tv & 4 ? 3 : 1);
    eng_set_long(st, objs[o], "g1.obj_tv");
    return 1;
}

static long enum_target(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return sweep(g, seed, prepare_model, vary_target, 96L * NSPOTS * NSPOTS, visit, ctx);
}

static void describe(const eng_state *st, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "model %ld at %ld,%ld (CA %ld, RA %ld, acted %ld, combat %ld, obj TV %ld, shooter %ld, chain %ld, stunned %ld)",
                                   V("ai.model"), V("m1.x"), V("m1.y"), V("m1.ca"), V("g1.ra"), V("m1.acted"),
                                   V("g1.combat"), V("g1.obj_tv"), V("m1.shooter"), V("m1.c_ap"), V("m1.stunned"));
    for (int h = 1; h <= HEROES && used < len; h++)
        if (V("h%d.in", h))
            used += (size_t)snprintf(buf + used, len - used, " h%d(%ld,%ld TV %ld wounds %ld)", h, V("h%d.x", h),
                                     V("h%d.y", h), V("h%d.tv", h), V("h%d.wounds", h));
}

static const eng_pred target_preds[] = {
    {"sinetempore.target.threat", "a hero in the control area with a TV at least the objective's", 2, p_threat, NULL},
    {"sinetempore.target.has-objective", "the group has a mission objective", 2, p_objective, NULL},
    {"sinetempore.target.any-hero", "a hero stands on the battlefield", 2, p_any_hero, NULL},
    {"sinetempore.target.unique-first", "one candidate alone is left by the first rule (highest TV / nearest)", 2, p_unique1, NULL},
    {"sinetempore.target.unique-second", "one alone is left after the second rule too", 2, p_unique2, NULL},
};
static const eng_outcome target_outcomes[] = {
    {"sinetempore.target.highest-tv", "the threat with the highest TV", o_highest},
    {"sinetempore.target.nearest-threat", "the nearest of the threats with the highest TV", o_nearest_threat},
    {"sinetempore.target.threat-choice", "one of the tied threats (the players' choice)", o_threat_choice},
    {"sinetempore.target.objective", "the mission objective", o_objective},
    {"sinetempore.target.none", "no hero to go for", o_none},
    {"sinetempore.target.nearest", "the nearest hero", o_nearest},
    {"sinetempore.target.nearest-highest-tv", "the highest TV of the nearest heroes", o_nearest_high},
    {"sinetempore.target.nearest-choice", "one of the tied nearest heroes (the players' choice)", o_nearest_choice},
};

/* ---- AI: one enemy model's activation ---------------------------------------------------------------- */

/* Reachable squares of model 1 by a breadth-first walk over the plain board
 * of the enumerated states: standing heroes block, the rest is free; the
 * cost of a square in AP into cost[][] (-1: not reached). */
static void reach(const eng_state *st, int m, int cost[SIZE + 1][SIZE + 1])
{
    int qx[SIZE * SIZE], qy[SIZE * SIZE], head = 0, tail = 0;
    for (int x = 0; x <= SIZE; x++)
        for (int y = 0; y <= SIZE; y++)
            cost[x][y] = -1;
    int sx = (int)V("m%d.x", m), sy = (int)V("m%d.y", m);
    /* the heroes read once, not at every square the walk tries: the state
     * does not change during the walk (12 squares by 4 neighbours by 4
     * heroes was most of the enemy flows' predicates) */
    long hx[HEROES + 1], hy[HEROES + 1];
    int up[HEROES + 1];
    for (int h = 1; h <= HEROES; h++) {
        up[h] = standing(st, h);
        hx[h] = V("h%d.x", h);
        hy[h] = V("h%d.y", h);
    }
    cost[sx][sy] = 0;
    qx[tail] = sx, qy[tail++] = sy;
    while (head < tail) {
        int x = qx[head], y = qy[head++];
        static const int dx[] = {1, -1, 0, 0}, dy[] = {0, 0, 1, -1};
        for (int k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k], blocked = 0;
            if (nx < 1 || ny < 1 || nx > SIZE || ny > SIZE || cost[nx][ny] >= 0)
                continue;
            for (int h = 1; h <= HEROES; h++)
                blocked |= up[h] && hx[h] == nx && hy[h] == ny;
            if (blocked)
                continue;
            cost[nx][ny] = cost[x][y] + 1;
            qx[tail] = nx, qy[tail++] = ny;
        }
    }
}

/* The target the facts side picks: the first of the candidates. */
static int chosen(const eng_state *st)
{
    int c[HEROES + 1];
    if (candidates(st, 2, c) == 0)
        return 0;
    for (int h = 1; h <= HEROES; h++)
        if (c[h])
            return h;
    return 0;
}

/* AP of model 1: in a recorded run its AP left, before it the group's RA
 * less a stun's 2 */
static long model_ap(const eng_state *st)
{
    long ap = V("m1.ap");
    return ap > 0 ? ap : V("g1.ra") - (V("m1.stunned") ? 2 : 0);
}

/* The least AP to a square with hero h in range of the first attack and
 * AP left for it, or -1 (shooter: the farthest such square's AP). */
static int attack_square(const eng_state *st, int h, int farthest, int *fx, int *fy)
{
    int cost[SIZE + 1][SIZE + 1];
    reach(st, 1, cost);
    long ap = model_ap(st), best = -1, bk = 0;
    /* read once for the 144 squares (the state is not changed here) */
    long a_ap = V("m1.a_ap"), tx = V("h%d.x", h), ty = V("h%d.y", h), a_min = V("m1.a_min"), a_rng = V("m1.a_rng");
    for (int x = 1; x <= SIZE; x++)
        for (int y = 1; y <= SIZE; y++) {
            int c = cost[x][y];
            if (c < 0 || c + a_ap > ap)
                continue;
            int d = absd(x - tx) + absd(y - ty);
            if (d < a_min || d > a_rng)
                continue;
            long key = farthest ? d * 1000L - c : -c;
            if (best < 0 || key > bk)
                best = c, bk = key, *fx = x, *fy = y;
        }
    return (int)best;
}

static int p_acted(const eng_state *st) { return V("m1.acted") != 0; }
static int p_waiting(const eng_state *st) { return !V("g1.combat") && !V("g1.hunter"); }
static int p_stunned(const eng_state *st) { return V("m1.stunned") != 0; }
static int p_soul(const eng_state *st) { return V("m1.soulbreaker") != 0; }
static int p_goal_objective(const eng_state *st) { return !any_threat(st) && p_objective(st); }
static int p_goal_none(const eng_state *st) { return !p_goal_objective(st) && !p_any_hero(st); }
static int p_shooter(const eng_state *st) { return V("m1.shooter") != 0; }
static int p_can_attack(const eng_state *st)
{
    int x, y, h = chosen(st);
    return h > 0 && attack_square(st, h, (int)V("m1.shooter"), &x, &y) >= 0;
}
static int p_chain(const eng_state *st)
{
    int x, y, h = chosen(st);
    if (h == 0 || V("m1.c_ap") == 0)
        return 0;
    int c = attack_square(st, h, (int)V("m1.shooter"), &x, &y);
    int d = absd(x - V("h%d.x", h)) + absd(y - V("h%d.y", h));
    return c >= 0 && model_ap(st) - c >= V("m1.c_ap") && d >= V("m1.b_min") && d <= V("m1.b_rng");
}

static long hero_hits(const eng_state *st)
{
    return eng_val(st, "log.enemy-attack");
}

static int e_acted(const eng_state *before, const eng_state *after)
{
    return BF("m1.acted") == 1 && A("m1.acted") == 0 && A("m1.x") == BF("m1.x") && A("m1.y") == BF("m1.y") &&
           hero_hits(after) == hero_hits(before);
}
static int e_waiting(const eng_state *before, const eng_state *after)
{
    return A("m1.x") == BF("m1.x") && A("m1.y") == BF("m1.y") && hero_hits(after) == hero_hits(before);
}
static int e_stunned(const eng_state *before, const eng_state *after)
{
    return BF("m1.stunned") == 1 && A("m1.stunned") == 0 && A("m1.ap") == BF("g1.ra") - 2;
}
static int e_soul(const eng_state *before, const eng_state *after)
{
    return BF("m1.soulbreaker") == 1 && A("m1.soulbreaker") == 0 && A("m1.x") == BF("m1.x") && A("m1.y") == BF("m1.y");
}
static int e_target(const eng_state *before, const eng_state *after)
{
    if (p_goal_objective(before))
        return A("ai.goal") == 1 && A("ai.target") == 0;
    if (!p_any_hero(before))
        return A("ai.goal") == 0 && A("ai.target") == 0;
    int c[HEROES + 1];
    candidates(before, 2, c);
    long t = A("ai.target");
    return A("ai.goal") == 2 && t >= 1 && t <= HEROES && c[t];
}
/* moved towards the objective: no farther than before, no attack */
static int e_objective(const eng_state *before, const eng_state *after)
{
    long ox = A("g1.obj_x"), oy = A("g1.obj_y");
    long d0 = absd(BF("m1.x") - ox) + absd(BF("m1.y") - oy), d1 = absd(A("m1.x") - ox) + absd(A("m1.y") - oy);
    return d1 <= d0 && hero_hits(after) == hero_hits(before);
}
static int e_idle(const eng_state *before, const eng_state *after)
{
    return A("m1.x") == BF("m1.x") && A("m1.y") == BF("m1.y");
}
/* on the square the least AP away with the target in range */
static int e_approach_attack(const eng_state *before, const eng_state *after)
{
    int x, y, h = (int)A("ai.target");
    int c = h > 0 ? attack_square(before, h, 0, &x, &y) : -1;
    int moved = absd(A("m1.x") - BF("m1.x")) + absd(A("m1.y") - BF("m1.y"));
    int d = h > 0 ? absd(A("m1.x") - A("h%d.x", h)) + absd(A("m1.y") - A("h%d.y", h)) : -1;
    return c >= 0 && moved == c && d >= A("m1.a_min") && d <= A("m1.a_rng");
}
static int e_shooter_back(const eng_state *before, const eng_state *after)
{
    int x, y, h = (int)A("ai.target");
    int c = h > 0 ? attack_square(before, h, 1, &x, &y) : -1;
    int d = h > 0 ? absd(A("m1.x") - A("h%d.x", h)) + absd(A("m1.y") - A("h%d.y", h)) : -1;
    int best = c >= 0 ? absd(x - A("h%d.x", h)) + absd(y - A("h%d.y", h)) : -1;
    return c >= 0 && d == best && d <= A("m1.a_rng");
}
/* closer to the target than before, and no attack */
static int e_approach(const eng_state *before, const eng_state *after)
{
    int h = (int)A("ai.target");
    long d0 = absd(BF("m1.x") - BF("h%d.x", h)) + absd(BF("m1.y") - BF("h%d.y", h));
    long d1 = absd(A("m1.x") - A("h%d.x", h)) + absd(A("m1.y") - A("h%d.y", h));
    return h > 0 && d1 <= d0 && hero_hits(after) == hero_hits(before);
}
static int e_shooter_away(const eng_state *before, const eng_state *after)
{
    int h = (int)A("ai.target");
    long d0 = absd(BF("m1.x") - BF("h%d.x", h)) + absd(BF("m1.y") - BF("h%d.y", h));
    long d1 = absd(A("m1.x") - A("h%d.x", h)) + absd(A("m1.y") - A("h%d.y", h));
    return h > 0 && d1 >= d0 && hero_hits(after) == hero_hits(before);
}
static int e_goes_hero(const eng_state *before, const eng_state *after)
{
    (void)before;
    return A("ai.goal") == 2 && A("ai.target") >= 1;
}
static int e_attack(const eng_state *before, const eng_state *after)
{
    return hero_hits(after) == hero_hits(before) + 1 && A("m1.ap") == BF("m1.ap") - A("m1.a_ap");
}
static int e_chain(const eng_state *before, const eng_state *after)
{
    int h = (int)A("ai.target");
    long n = hero_hits(after) - hero_hits(before);
    return (n == 2 || (n == 1 && A("h%d.ko", h))) && A("m1.ap") == BF("m1.ap") - A("m1.c_ap");
}

/* The enemy states: the target board with a second layer of flags: a kind
 * (plain, acted, waiting, stunned, soul breaker, shooter, chain, stunned
 * shooter with a chain, a predator out of combat), RA 4 or 6, objective
 * TV 0, 2 or 5. */
#define ENEMY_FLAGS 108
static int vary_enemy(eng_state *st, long k)
{
    int f = (int)(k % ENEMY_FLAGS), b = (int)(k / ENEMY_FLAGS % 3), a = (int)(k / (3 * ENEMY_FLAGS));
    seat(st, 1, a, 3);
    seat(st, 2, b ? b + 4 : 0, f & 1 ? 3 : 1);
    int kind = f / 2 % 9, ra = f / 18 % 2 ? 6 : 4, obj = f / 36;
    eng_set_long(st, ra, "g1.ra");
    eng_set_long(st, obj == 1 ? 2 : obj == 2 ? 5 : 0, "g1.obj_tv");
    eng_set_long(st, 11, "g1.obj_x");
    eng_set_long(st, 1, "g1.obj_y");
    switch (kind) {
    case 1: eng_set_long(st, 1, "m1.acted"); break;
    case 2: eng_set_long(st, 0, "g1.combat"); break;
    case 3: eng_set_long(st, 1, "m1.stunned"); break;
    case 4: eng_set_long(st, 1, "m1.soulbreaker"); break;
    case 5:
        eng_set_long(st, 1, "m1.shooter");
        eng_set_long(st, 2, "m1.a_min");
        eng_set_long(st, 4, "m1.a_rng");
        eng_set_long(st, 2, "m1.a_ap");
        break;
    case 6: eng_set_long(st, 4, "m1.c_ap"); break;
    case 7:
        eng_set_long(st, 1, "m1.shooter");
        eng_set_long(st, 3, "m1.a_rng");
        eng_set_long(st, 3, "m1.b_rng");
        eng_set_long(st, 4, "m1.c_ap");
        eng_set_long(st, 1, "m1.stunned");
        break;
    case 8:
        eng_set_long(st, 0, "g1.combat");
        eng_set_long(st, 1, "g1.hunter");
        break;
    default: break;
    }
    return 1;
}

static long enum_enemy(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return sweep(g, seed, prepare_model, vary_enemy, 3L * ENEMY_FLAGS * NSPOTS, visit, ctx);
}

/* The same states, those whose model goes for a hero. */
static int vary_enemy_attack(eng_state *st, long k)
{
    vary_enemy(st, k);
    return !p_acted(st) && !p_waiting(st) && !p_soul(st) && !p_goal_objective(st) && !p_goal_none(st);
}

static long enum_enemy_attack(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return sweep(g, seed, prepare_model, vary_enemy_attack, 3L * ENEMY_FLAGS * NSPOTS, visit, ctx);
}

static const eng_pred enemy_preds[] = {
    {"sinetempore.enemy.is-acted", "the model carries the Acted marker", 2, p_acted, NULL},
    {"sinetempore.enemy.is-waiting", "its group is waiting (not in combat, no predator)", 2, p_waiting, NULL},
    {"sinetempore.enemy.is-stunned", "the model is stunned", 2, p_stunned, NULL},
    {"sinetempore.enemy.is-soul-broken", "the model carries soul breaker", 2, p_soul, NULL},
    {"sinetempore.enemy.goes-objective", "its goal is the mission objective", 2, p_goal_objective, NULL},
    {"sinetempore.enemy.no-hero", "no hero to go for", 2, p_goal_none, NULL},
};
static const eng_outcome enemy_outcomes[] = {
    {"sinetempore.enemy.acted", "drops the Acted marker and does nothing", e_acted},
    {"sinetempore.enemy.waiting", "a waiting model does nothing", e_waiting},
    {"sinetempore.enemy.stunned", "drops the stun marker, 2 AP less", e_stunned},
    {"sinetempore.enemy.soul-broken", "drops soul breaker and is not activated", e_soul},
    {"sinetempore.enemy.target", "its goal and target as the target rules say", e_target},
    {"sinetempore.enemy.objective", "moves towards the objective", e_objective},
    {"sinetempore.enemy.idle", "stays", e_idle},
    {"sinetempore.enemy.goes-hero", "goes for a hero (movement and attack: the next procedure)", e_goes_hero},
};
static const eng_pred enemy_attack_preds[] = {
    {"sinetempore.enemy.is-shooter", "the model is a shooter", 2, p_shooter, NULL},
    {"sinetempore.enemy.can-attack", "a square with the target in range and AP left for the attack is in reach", 2, p_can_attack, NULL},
    {"sinetempore.enemy.can-chain", "there its AP suffice for the chain attack", 2, p_chain, NULL},
};
static const eng_outcome enemy_attack_outcomes[] = {
    {"sinetempore.enemy.approach-attack", "moves the least it needs to attack", e_approach_attack},
    {"sinetempore.enemy.approach", "moves as close as it can, no attack", e_approach},
    {"sinetempore.enemy.shooter-back", "backs off as far as it can with the target in range and AP for the attack", e_shooter_back},
    {"sinetempore.enemy.shooter-away", "spends its AP moving away", e_shooter_away},
    {"sinetempore.enemy.attack", "one attack, its first", e_attack},
    {"sinetempore.enemy.chain-attack", "the chain of both attacks", e_chain},
};

/* ---- AI: a hero's activation ---------------------------------------------------------------------- */

/* The stacked faces the marker phase reads, in order: brain damage (1),
 * resilience (1), the oblivion test (MI dice). */
static int face_at(const eng_state *st, int k)
{
    char buf[512], err[64];
    if (eng_get(st, "next.dice", buf, sizeof buf, err, sizeof err) != 0)
        return -1;
    char *s = buf;
    for (int i = 0; i < k && s; i++) {
        s = strchr(s, ' ');
        if (s)
            s++;
    }
    if (!s || !*s)
        return -1;
    size_t l = strcspn(s, " ");
    for (int f = 0; f < NFACES; f++)
        if (strlen(faces[f]) == l && strncmp(faces[f], s, l) == 0)
            return f;
    return -1;
}

static int hq(const eng_state *st) { return (int)V("ai.hero"); }
#define HV(f) V("h%d." f, hq(st))

static int p_h_brain(const eng_state *st) { return HV("brain") != 0; }
static int p_h_contagion(const eng_state *st) { return HV("contagion") != 0; }
static int p_h_hemorrhage(const eng_state *st) { return HV("hemorrhage") != 0; }
static int p_h_resilience(const eng_state *st) { return HV("resilience") != 0; }
static int p_h_oblivion(const eng_state *st) { return HV("oblivion") > 0; }
static int p_h_oblivion_fails(const eng_state *st)
{
    int k = (HV("brain") ? 1 : 0) + (HV("resilience") ? 1 : 0), got = 0;
    long dice = HV("mi") - (HV("poison") || HV("contagion") ? 1 : 0);
    for (int i = 0; i < dice; i++)
        got += face_shows(face_at(st, k + i), 2);
    return got < HV("oblivion");
}
static int p_h_stunned(const eng_state *st) { return HV("stunned") != 0; }
static long h_ap(const eng_state *st) { return HV("ra") + HV("ap1") + 2 * HV("ap2"); }
/* AP spent before the end: the stun's 2 (at most his AP), then the plan */
static long h_spent(const eng_state *st)
{
    long ap = h_ap(st), stun = HV("stunned") ? (ap < 2 ? ap : 2) : 0;
    long plan = V("ai.plan") < ap - stun ? V("ai.plan") : ap - stun;
    return stun + plan;
}
static long h_first_enemy(const eng_state *st)
{
    long s = HV("sector"), best = -1;
    for (int g = 1; g <= 4; g++) {
        int alive = 0;
        for (int m = 1; m <= MODELS; m++)
            alive |= V("m%d.grp", m) == g && V("m%d.alive", m);
        if (!alive)
            continue;
        long d = ((V("g%d.sector", g) - s) % 12 + 12) % 12;
        if (best < 0 || d < best)
            best = d;
    }
    return best;
}
static int p_h_shift(const eng_state *st) { return h_first_enemy(st) > h_spent(st) && h_ap(st) > h_spent(st); }
static int p_h_fire(const eng_state *st) { return HV("fire") != 0; }
static int p_h_bleed(const eng_state *st) { return HV("bleed") || HV("hemorrhage"); }

#define HA(f) A("h%ld." f, A("ai.hero"))
#define HB(f) BF("h%ld." f, BF("ai.hero"))
static int h_brain(const eng_state *before, const eng_state *after)
{
    int moved = absd(HA("x") - HB("x")) + absd(HA("y") - HB("y"));
    return HA("brain") == 0 && (moved == 1 || (moved == 0 && HA("wounds") == HB("wounds") + 1));
}
static int h_contagion(const eng_state *before, const eng_state *after)
{
    (void)before;
    return HA("contagion") == 0 && HA("poison") == 1;
}
static int h_hemorrhage(const eng_state *before, const eng_state *after)
{
    (void)before;
    return HA("hemorrhage") == 1 && HA("bleed") == 1;
}
static int h_resilience(const eng_state *before, const eng_state *after)
{
    return HA("wounds") == (HB("wounds") > 0 ? HB("wounds") - 1 : 0);
}
static int h_obl_pass(const eng_state *before, const eng_state *after)
{
    return HA("oblivion") == HB("oblivion") && HA("oblivion_cards") == HB("oblivion_cards");
}
static int h_obl_card(const eng_state *before, const eng_state *after)
{
    return HA("oblivion") == 0 && HA("oblivion_cards") == HB("oblivion_cards") + 1;
}
static int h_stunned(const eng_state *before, const eng_state *after)
{
    const eng_state *st = before;
    long have = HB("active") ? HB("ap") : h_ap(st), k = have < 2 ? have : 2;
    return HA("stunned") == 0 && HA("ap") == have - k && (HA("sector") - HB("sector") + 12) % 12 == k;
}
static int h_actions(const eng_state *before, const eng_state *after)
{
    const eng_state *st = before;
    long have = HB("active") ? HB("ap") : h_ap(st);
    long plan = A("ai.plan") < have ? A("ai.plan") : have;
    return HA("spent") == HB("spent") + plan && HA("active") == 1;
}
/* the marker reached the first enemy sector, or every AP is gone */
static int h_shift(const eng_state *before, const eng_state *after)
{
    long spent = HA("spent"), first = -1;
    (void)before;
    {
        const eng_state *st = after;
        long s = (HA("sector") - spent + 120) % 12;
        s = s == 0 ? 12 : s;
        for (int g = 1; g <= 4; g++) {
            int alive = 0;
            for (int m = 1; m <= MODELS; m++)
                alive |= V("m%d.grp", m) == g && V("m%d.alive", m);
            if (!alive)
                continue;
            long d = ((V("g%d.sector", g) - s) % 12 + 12) % 12;
            if (first < 0 || d < first)
                first = d;
        }
    }
    return spent == first || (spent < first && HA("ap") == 0);
}
static int h_fire(const eng_state *before, const eng_state *after)
{
    return HA("wounds") == HB("wounds") + 1 && HA("fire") == 1;
}
static int h_bleed(const eng_state *before, const eng_state *after)
{
    return HA("wounds") == HB("wounds") + 1 && HA("bleed") == 0;
}
/* the first conditions are dealt with: the hero is active with his AP */
static int h_conditions_done(const eng_state *before, const eng_state *after)
{
    (void)before;
    return HA("active") == 1 && HA("brain") == 0 && HA("contagion") == 0;
}
static int h_ap_step(const eng_state *before, const eng_state *after)
{
    (void)before;
    return HA("active") == 1 && HA("ap") + HA("spent") == HA("ra") + HA("ap1") + 2 * HA("ap2");
}
static int h_end(const eng_state *before, const eng_state *after)
{
    (void)before;
    return HA("active") == 0 && HA("ap") == 0 && HA("hindered") == 0 && HA("nailed") == 0 && HA("slowed") == 0 &&
           HA("speedup") == 0 && HA("ap1") == 0 && HA("ap2") == 0;
}

/* Hero 1 (RA 5, sector 1, at 6,10, MI 2, one wound); the enemy far away. */
static void prepare_hero(eng_state *st)
{
    eng_set_long(st, 1, "h1.in");
    eng_set_long(st, 6, "h1.x");
    eng_set_long(st, 10, "h1.y");
    eng_set_long(st, 2, "h1.mi");
    eng_set_long(st, 1, "h1.wounds");
    eng_set_long(st, 1, "ai.hero");
    eng_set_long(st, 1, "m1.x");
    eng_set_long(st, 1, "m1.y");
    eng_set_long(st, 0, "m1.ca");
}

/* Each combination of his marker-phase conditions (stunned and +2 AP
 * apart), plans of 0..5 AP, the enemy's marker 3 or 7 sectors ahead, two
 * stacks of dice (one passes the oblivion test, one fails it). */
static int vary_hero(eng_state *st, long k)
{
    static const char *const stacks[] = {"patrone-verstand stoss-verstand-blut patrone-verstand faust-blut",
                                         "faust-blut faust-blut faust-blut faust-blut"};
    int far = (int)(k % 2), plan = (int)(k / 2 % 6), flags = (int)(k / 12);
    if ((flags & 0x81) == 0x81)
        return 0;
    eng_set_long(st, 1, "m1.grp");
    eng_set_long(st, flags & 1, "h1.brain");
    eng_set_long(st, (flags >> 1) & 1, "h1.contagion");
    eng_set_long(st, (flags >> 2) & 1, "h1.hemorrhage");
    eng_set_long(st, (flags >> 3) & 1, "h1.resilience");
    eng_set_long(st, (flags >> 4) & 1 ? 2 : 0, "h1.oblivion");
    eng_set_long(st, (flags >> 5) & 1, "h1.stunned");
    eng_set_long(st, (flags >> 6) & 1, "h1.fire");
    eng_set_long(st, (flags >> 7) & 1, "h1.ap2");
    eng_set_long(st, plan, "ai.plan");
    eng_set_long(st, far ? 8 : 4, "g1.sector");
    char err[64];
    eng_set(st, "next.dice", stacks[(flags + plan) & 1], err, sizeof err);
    return 1;
}

static long enum_hero(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return sweep(g, seed, prepare_hero, vary_hero, 12L * 256, visit, ctx);
}

/* The end of an activation: fire, hemorrhage (a bleed), +2 AP, plans of
 * 0..7 AP, the enemy marker 0, 3 or 6 sectors ahead, or no enemy. */
static int vary_hero_end(eng_state *st, long k)
{
    int far = (int)(k % 4), plan = (int)(k / 4 % 8), flags = (int)(k / 32);
    eng_set_long(st, 0, "h1.wounds");
    eng_set_long(st, 5, "h1.mi");
    eng_set_long(st, flags & 1, "h1.fire");
    eng_set_long(st, (flags >> 1) & 1, "h1.hemorrhage");
    eng_set_long(st, (flags >> 2) & 1, "h1.ap2");
    eng_set_long(st, plan, "ai.plan");
    eng_set_long(st, far < 3, "m1.grp");
    eng_set_long(st, 1 + 3 * far, "g1.sector");
    return 1;
}

static long enum_hero_end(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return sweep(g, seed, prepare_hero, vary_hero_end, 32L * 8, visit, ctx);
}

static void describe_hero(const eng_state *st, char *buf, size_t len)
{
    char dice[256] = "", err[64];
    eng_get(st, "next.dice", dice, sizeof dice, err, sizeof err);
    snprintf(buf, len, "hero %ld: brain %ld contagion %ld hemorrhage %ld resilience %ld oblivion %ld stunned %ld fire %ld ap2 %ld plan %ld enemy sector %ld dice %s",
             V("ai.hero"), HV("brain"), HV("contagion"), HV("hemorrhage"), HV("resilience"), HV("oblivion"),
             HV("stunned"), HV("fire"), HV("ap2"), V("ai.plan"), V("g1.sector"), dice);
}

static const eng_pred hero_preds[] = {
    {"sinetempore.hero.has-brain-damage", "brain damage", 2, p_h_brain, NULL},
    {"sinetempore.hero.has-contagion", "contagion", 2, p_h_contagion, NULL},
    {"sinetempore.hero.has-hemorrhage", "hemorrhage", 2, p_h_hemorrhage, NULL},
    {"sinetempore.hero.has-resilience", "resilience", 2, p_h_resilience, NULL},
};
static const eng_outcome hero_outcomes[] = {
    {"sinetempore.hero.brain-damage", "one square in a random direction (or a wound), marker gone", h_brain},
    {"sinetempore.hero.contagion", "contagion gone, poison got", h_contagion},
    {"sinetempore.hero.hemorrhage", "a bleed marker", h_hemorrhage},
    {"sinetempore.hero.resilience", "a wound healed", h_resilience},
    {"sinetempore.hero.conditions-done", "these conditions dealt with", h_conditions_done},
};
static const eng_pred hero_obl_preds[] = {
    {"sinetempore.hero.has-oblivion", "oblivion markers on his sheet", 2, p_h_oblivion, NULL},
    {"sinetempore.hero.oblivion-fails", "the oblivion test will fail", 2, p_h_oblivion_fails, NULL},
    {"sinetempore.hero.is-stunned", "stunned", 2, p_h_stunned, NULL},
};
static const eng_outcome hero_obl_outcomes[] = {
    {"sinetempore.hero.oblivion-passed", "the test passed: nothing happens", h_obl_pass},
    {"sinetempore.hero.oblivion-card", "the markers gone, an oblivion card drawn", h_obl_card},
    {"sinetempore.hero.stunned", "the marker 2 sectors on, 2 AP gone", h_stunned},
    {"sinetempore.hero.ap", "his AP: RA and AP markers (less what the stun took)", h_ap_step},
};
static const eng_pred hero_end_preds[] = {
    {"sinetempore.hero.short", "after his actions the marker has not reached the first enemy sector and AP are left", 2, p_h_shift, NULL},
    {"sinetempore.hero.on-fire", "on fire", 2, p_h_fire, NULL},
    {"sinetempore.hero.bleeding", "bleeding at the end", 2, p_h_bleed, NULL},
};
static const eng_outcome hero_end_outcomes[] = {
    {"sinetempore.hero.actions", "his actions: the planned AP spent", h_actions},
    {"sinetempore.hero.time-shift", "AP spent until the first enemy sector or none left", h_shift},
    {"sinetempore.hero.fire", "a wound, the fire stays", h_fire},
    {"sinetempore.hero.bleed", "a wound, the bleed marker gone", h_bleed},
    {"sinetempore.hero.end", "the activation over, its markers gone", h_end},
};

/* ---- AI: a hero's attack step by step --------------------------------------------------------------- */

static int p_a_enemy(const eng_state *st) { return V("m1.immune") || V("m1.resist") || V("m1.dodge"); }
static int p_a_rerolls(const eng_state *st) { return V("h1.rerolls") > 0; }
static int p_a_penalty(const eng_state *st) { return V("h1.wounds") >= 3; }
static int p_a_weak(const eng_state *st) { return V("ai.weak") != 0; }

static int count_gone(const eng_state *st)
{
    int n = 0;
    for (int i = 1; i <= V("pool.n"); i++)
        n += (int)V("pool.%d.gone", i);
    return n;
}
static int a_dice(const eng_state *before, const eng_state *after)
{
    static const char *const stat[] = {"ph", "pr", "mi"};
    long s = BF("ai.stat");
    long n = BF("h1.%s", stat[s < 0 || s > 2 ? 0 : s]) + BF("ai.atb") - (BF("h1.poison") ? 1 : 0) +
             (BF("m1.size") == 2 ? 1 : 0);
    /* pool.mode 1: an attack roll in progress */
    return A("pool.n") == n && (A("pool.penalty") >= 0) == (BF("h1.wounds") >= 3) && A("pool.mode") == 1;
}
/* immune symbols gone; every die showing the resisted symbol rerolled */
static int a_enemy(const eng_state *before, const eng_state *after)
{
    long imm = A("m1.immune");
    int rerolled = 0;
    for (int i = 1; i <= A("pool.n"); i++) {
        if (imm && !A("pool.%d.gone", i) && face_shows((int)A("pool.%d.face", i), (int)imm - 1) && !A("pool.%d.enemy", i))
            return 0;
        rerolled += (int)A("pool.%d.enemy", i);
    }
    return eng_val(after, "log.enemy-reroll") - eng_val(before, "log.enemy-reroll") == rerolled;
}
/* faces left on the stack (next.dice) */
static int stacked(const eng_state *st)
{
    int n = 0;
    while (face_at(st, n) >= 0)
        n++;
    return n;
}

/* failed dice rerolled, each once, one marker each, as many as he has
 * markers or failures, each a new roll (a stacked face taken while there
 * are any) */
static int a_rerolls(const eng_state *before, const eng_state *after)
{
    long sym = BF("ai.sym");
    int n = 0, failed = 0;
    for (int i = 1; i <= BF("pool.n"); i++)
        failed += !BF("pool.%d.gone", i) && !BF("pool.%d.hero", i) && !face_shows((int)BF("pool.%d.face", i), (int)sym);
    for (int i = 1; i <= A("pool.n"); i++) {
        if (A("pool.%d.hero", i) == BF("pool.%d.hero", i))
            continue;
        if (A("pool.%d.hero", i) != 1 || BF("pool.%d.gone", i) || face_shows((int)BF("pool.%d.face", i), (int)sym))
            return 0;
        n++;
    }
    int had = stacked(before), left = had > n ? had - n : 0;
    long want = BF("h1.rerolls") < failed ? BF("h1.rerolls") : failed;
    return n == want && A("h1.rerolls") == BF("h1.rerolls") - n && stacked(after) == left &&
           eng_val(after, "log.hero-reroll") - eng_val(before, "log.hero-reroll") == n;
}
static int a_penalty(const eng_state *before, const eng_state *after)
{
    long pf = BF("pool.penalty");
    int had = 0;
    for (int i = 1; i <= BF("pool.n"); i++)
        had |= !BF("pool.%d.gone", i) && BF("pool.%d.face", i) == pf;
    return count_gone(after) == count_gone(before) + (had ? 1 : 0) && A("pool.penalty") == -1;
}
static int a_compare(const eng_state *before, const eng_state *after)
{
    (void)before;
    long sym = A("ai.sym"), n = 0;
    for (int i = 1; i <= A("pool.n"); i++)
        n += !A("pool.%d.gone", i) && face_shows((int)A("pool.%d.face", i), (int)sym);
    return A("last.hits") == n;
}
static int a_defence(const eng_state *before, const eng_state *after)
{
    (void)before;
    long def = (A("ai.stat") == 2 ? A("m1.md") : A("m1.pd")) - A("ai.pierce");
    long w = A("last.hits") - (def > 0 ? def : 0);
    return A("last.wounds") == (w > 0 ? w : 0);
}
static int a_weak(const eng_state *before, const eng_state *after)
{
    return A("last.wounds") == (BF("last.wounds") > 1 ? 1 : BF("last.wounds"));
}
static int a_wounds(const eng_state *before, const eng_state *after)
{
    long w = A("last.wounds"), he = BF("m1.he"), was = BF("m1.wounds");
    long now = was + w > he ? he : was + w;
    int tiny = BF("m1.size") == 0, killed = now >= he;
    long tv = BF("h1.tv") + (!tiny && w > 0 ? 1 : 0) + (!tiny && w > 0 && killed ? 1 : 0);
    /* pool.mode 0: the roll is over */
    return A("m1.wounds") == now && A("h1.tv") == tv && A("pool.mode") == 0;
}

/* Hero 1 (PH 3) at 6,10 attacks model 1 (HE 4) at 6,9 with the fist. */
static void prepare_attack(eng_state *st)
{
    eng_set_long(st, 1, "h1.in");
    eng_set_long(st, 6, "h1.x");
    eng_set_long(st, 10, "h1.y");
    eng_set_long(st, 1, "m1.grp");
    eng_set_long(st, 6, "m1.x");
    eng_set_long(st, 9, "m1.y");
    eng_set_long(st, 4, "m1.he");
    eng_set_long(st, 1, "ai.hero");
    eng_set_long(st, 1, "ai.model");
    /* an enumerated key takes its name: setl's number would be refused */
    char err[64];
    eng_set(st, "ai.sym", "faust", err, sizeof err);
}

/* Every combination of the enemy's immunity/resistance/dodge, rerolls (2,
 * or 1 for a poisoned hero), 3 wounds, weak, pierce, PD (MD the other of
 * 0 and 1), size, ATB 1..2, a poisoned hero (one die fewer) and a melee or
 * psionic attack, with two stacks of faces. */
static int vary_attack(eng_state *st, long f)
{
    static const char *const stacks[] = {
        "faust-blut stoss-faust-ausruestung patrone-verstand faust-blut stoss-verstand-blut faust-blut faust-blut patrone-verstand",
        "patrone-verstand faust-blut ausruestung-verteidigung faust-blut faust-blut stoss-patrone-explosion faust-blut faust-blut"};
    int ab = (int)(f % 4);
    eng_set_long(st, ab == 1 ? 4 : 0, "m1.immune");   /* faust */
    eng_set_long(st, ab == 2 ? 4 : 0, "m1.resist");
    eng_set_long(st, ab == 3, "m1.dodge");
    eng_set_long(st, (f >> 2) & 1 ? ((f >> 9) & 1 ? 1 : 2) : 0, "h1.rerolls");
    eng_set_long(st, (f >> 3) & 1 ? 3 : 0, "h1.wounds");
    eng_set_long(st, (f >> 4) & 1, "ai.weak");
    eng_set_long(st, (f >> 5) & 1, "ai.pierce");
    eng_set_long(st, (f >> 6) & 1, "m1.pd");
    eng_set_long(st, !((f >> 6) & 1), "m1.md");
    char err[64];
    eng_set(st, "m1.size", (f >> 7) & 1 ? "big" : "normal", err, sizeof err);
    eng_set_long(st, (f >> 8) & 1 ? 2 : 1, "ai.atb");
    eng_set_long(st, (f >> 9) & 1, "h1.poison");
    eng_set(st, "ai.stat", (f >> 10) & 1 ? "mi" : "ph", err, sizeof err);
    /* the stack: not tied to the enemy effects (bit 0), so that an immune
     * enemy meets both */
    eng_set(st, "next.dice", stacks[(f ^ (f >> 2)) & 1], err, sizeof err);
    return 1;
}

static long enum_attack(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return sweep(g, seed, prepare_attack, vary_attack, 2048, visit, ctx);
}

static void describe_attack(const eng_state *st, char *buf, size_t len)
{
    char dice[256] = "", err[64];
    eng_get(st, "next.dice", dice, sizeof dice, err, sizeof err);
    int mi = V("ai.stat") == 2;
    snprintf(buf, len, "%s %ld ATB %ld weak %ld pierce %ld; rerolls %ld wounds %ld poison %ld; model PD %ld MD %ld size %ld immune %ld resist %ld dodge %ld; dice %s",
             mi ? "MI" : "PH", mi ? V("h1.mi") : V("h1.ph"), V("ai.atb"), V("ai.weak"), V("ai.pierce"), V("h1.rerolls"), V("h1.wounds"),
             V("h1.poison"), V("m1.pd"), V("m1.md"), V("m1.size"), V("m1.immune"), V("m1.resist"), V("m1.dodge"), dice);
}

static const eng_pred attack_preds[] = {
    {"sinetempore.attack.has-enemy-effects", "the target has immunity, resistance or dodge", 2, p_a_enemy, NULL},
    {"sinetempore.attack.has-rerolls", "the hero has reroll markers", 2, p_a_rerolls, NULL},
    {"sinetempore.attack.has-penalty", "the hero has 3 or more wounds", 2, p_a_penalty, NULL},
    {"sinetempore.attack.is-weak", "a weak attack", 2, p_a_weak, NULL},
};
static const eng_outcome attack_outcomes[] = {
    {"sinetempore.attack.dice", "stat + ATB dice rolled (penalty die with 3+ wounds), the attack roll open", a_dice},
    {"sinetempore.attack.enemy-effects", "immune dice gone, the enemy's rerolls done", a_enemy},
    {"sinetempore.attack.hero-rerolls", "failed dice rerolled with his markers", a_rerolls},
    {"sinetempore.attack.penalty", "the penalty die took away one die with its face, and is spent", a_penalty},
    {"sinetempore.attack.compare", "matching symbols counted", a_compare},
    {"sinetempore.attack.defence", "PD (MD) less pierce taken off", a_defence},
    {"sinetempore.attack.weak", "at most 1 wound", a_weak},
    {"sinetempore.attack.wounds", "the wounds on the target, TV raised, the roll over", a_wounds},
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

const eng_ai eng_sinetempore_ais[ENG_SINETEMPORE_NAIS] = {
    {"sinetempore.enemy-target", "whom an enemy goes for", target_preds, N(target_preds), target_outcomes,
     N(target_outcomes), eng_sinetempore_run_target, enum_target, describe},
    {"sinetempore.enemy-activation", "one enemy model's activation", enemy_preds, N(enemy_preds), enemy_outcomes,
     N(enemy_outcomes), eng_sinetempore_run_enemy, enum_enemy, describe},
    {"sinetempore.enemy-attack", "how a model that goes for a hero moves and attacks", enemy_attack_preds,
     N(enemy_attack_preds), enemy_attack_outcomes, N(enemy_attack_outcomes), eng_sinetempore_run_enemy_attack,
     enum_enemy_attack, describe},
    {"sinetempore.hero-activation", "a hero's marker phase: the conditions", hero_preds, N(hero_preds), hero_outcomes,
     N(hero_outcomes), eng_sinetempore_run_hero, enum_hero, describe_hero},
    {"sinetempore.hero-oblivion", "a hero's marker phase: oblivion, stun, AP", hero_obl_preds, N(hero_obl_preds),
     hero_obl_outcomes, N(hero_obl_outcomes), eng_sinetempore_run_hero_oblivion, enum_hero, describe_hero},
    {"sinetempore.hero-end", "a hero's actions, time shift and end of activation", hero_end_preds, N(hero_end_preds),
     hero_end_outcomes, N(hero_end_outcomes), eng_sinetempore_run_hero_end, enum_hero_end, describe_hero},
    {"sinetempore.attack", "a hero's attack step by step", attack_preds, N(attack_preds), attack_outcomes,
     N(attack_outcomes), eng_sinetempore_run_attack, enum_attack, describe_attack},
};
