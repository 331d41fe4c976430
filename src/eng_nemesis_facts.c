/* eng_nemesis_facts.c — what the Nemesis summary states, measured on the
 * engine through its public interface only (eng.h): the facts, and the AI
 * procedures' predicates, postconditions and enumerated states. Nothing here
 * sees the engine's state: every probe sets keys, performs actions, forces
 * or stacks draws and reads keys back, as a scenario would. */

/* Equivalent mutants
 * ------------------
 * Mutants of src/eng_nemesis.c (`make mutate GAMES=nemesis`, the whole run)
 * that cannot change what the engine does, with the reason; lines as of the
 * commit that wrote this list (the nm5 round, after 19df5d2).
 *
 *   174, 1164 `return -1` -> -2 (pop_stacked, find_target), 1160
 *       find_target's and 1252 paying's `: -1` -> -2, 351 take_kind's,
 *       376 supply_to_bag's, 486 and 494 nm_place's `return -1` -> -2:
 *       every caller tests < 0, >= 0 or != 0.
 *   262 a technical corridor's `b = -1` -> -2: other_room hands it on and
 *       every caller tests it < 0.
 *   239 slot_corr's `default: return -1` (-> -2, -> 0): corridors are
 *       1..4 everywhere; the default stays so that a loop mutated to
 *       corridor 0 or 5 indexes corr[-1] and is trapped.
 *   212 `rng->mismatch = 1` -> 2: a flag. 619 intruder_through(..., 1) -> 2,
 *       766 contamination_draw's `return 1` -> 2, 1036 can_act's `return 1`
 *       -> 2, 1071 `int roll = 1` -> 2, 1689 attack(..., 1) -> 2 and 1691
 *       leave(..., 1) -> 2: flags read as truth.
 *   203 `total = 0` -> -1 and 204 its loop from 1: total is only the range
 *       of a random draw when nothing is stacked or forced; a walk in a
 *       smaller range still stops at a face with a weight. No check can
 *       tell a random draw from another.
 *   337 bag_put `*n < NM_MAXTOK` -> <=: only a bag of 40 tokens tells them
 *       apart (no rule fills it).
 *   529 nm_target's `here > 1` -> >= 1 or > 0: here == 1 is answered the
 *       line before.
 *   636 nm_danger `k <= 4` -> <= 3 or < 4: corridor 4 is technical, its
 *       room -1 holds no intruder.
 *   830 ev_attacks' nm_target(..., -1) -> -2 and 901 `int c = -1` -> -2 (the
 *       queen's Nest search): tested < 0 or >= 0.
 *   902 `k < st->players` -> <= (the Nest search in turn order) and 985
 *       round start's `k <= st->players` -> <: k = players is the first
 *       player again, already looked at; with nobody else in play the
 *       token stays either way.
 *   912 `i >= 0` -> >= -1: nm_place finds a free slot (24 of them).
 *   1501 run_as's `st->proc = T_NONE` deleted: the checker runs each
 *       procedure on a state of its own, not used after.
 *   1540 nm_measure `k->tag >= KT_SUPPLY` -> >: only the tag KT_SUPPLY + 0
 *       (kind "none") tells them apart, and no key has it.
 *   1582 get_list's blank `-1` -> -2 and 1581 `i < n` -> <=: no number is
 *       printed for either, and the face past the count is not printed
 *       (eng_faces_format prints n).
 *
 * Survivors no content can kill (not equivalent, listed so that the score
 * reads right):
 *   - 182 forced_for reading one past the forced rolls, 207 a stacked and a
 *     forced face for the same draw (`f < 0` -> <= 0, < 1) and 212 the
 *     mismatch flag deleted or -> 0: the mechanics of scenarios (a forced
 *     face the bag cannot give is a scenario error the checker reports; a
 *     scenario that checks clean cannot have one);
 *   - 359 and 360 bag_draw's empty bag (`nbag == 0` -> == -1, `return -1`
 *     -> 0 or -2): only a bag emptied by hand is empty (the blank token
 *     always goes back), so no scenario draws from one;
 *   - 343 take_kind from -1 and 1541 nm_measure's count from -1: read
 *     through a pointer, out of the bounds check's sight;
 *   - 488 nm_place's slot search one past the intruders and 494 its last
 *     `return -1` -> 0: only with all 24 slots taken (the model's size; no
 *     rule fills them);
 *   - 523 nm_target's tie count one past the players: the slot past the
 *     players is a fresh character in room 0 with 5 cards, and the
 *     procedure's enumerator asks about room 3 with hands 0..2;
 *   - 1425 type=none, 1437 target= beyond players=, 1473 reason=none
 *     (`arg[1]` -> arg[0]), 1512 and 1513 a damage question without an
 *     intruder: paths of an argument that the checker refuses as a
 *     content error before any scenario could expect a result;
 *     tests/test_eng_nemesis.c covers them;
 *   - 1560 next.attack.N.arrow one past the stacked cards: a probe key,
 *     read only within them;
 *   - 1589, 1590 and 1591 set_list's bad list (`n < 0` -> < -1, `return
 *     -1` -> 0 or -2) and its copy one past the count: a wrong list is a
 *     content error (the lists' parser and printer are eng.c's
 *     eng_faces_parse and eng_faces_format, tested in tests/test_eng.c).
 *
 * The nm5 round removed what was redundant rather than rules (other_room's
 * technical test, can_act's test of a pass, nm_enter's test of the game's
 * end, nm_damage's guards, contamination_draw's empty draw, the weighted
 * draw's empty total, remove_intruder's flag, chars_in_room's exception),
 * made a miss 0 damage so that a miss turned into a hit shows, and killed
 * the rest with scenarios: whole run 1193 of 1297 (92.0 %) before.
 *
 * The fresh game's stand-ins (time 15, self-destruct 10, 8 doors, the
 * default bag and supply, five cards in hand and deck) are a data table,
 * nm_fresh in eng_nemesis.c, which the mutator leaves alone: the source
 * states none of these numbers, and whatever compares one sets it.
 */
#include "eng_nemesis.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define NROOMS 12
#define NEST 11
#define MAXINT 24
#define MAXCH 5
/* intruder types (the key iN.type) and bag token kinds (next.bag.N) */
enum { T_NONE, T_LARVA, T_CREEPER, T_ADULT, T_BREEDER, T_QUEEN, T_EGG };
static const char *const kinds[] = {"none", "larva", "creeper", "adult", "breeder", "queen", "blank"};

/* ---- probe helpers ------------------------------------------------------------ */

static void fresh(eng_probe *p, int players)
{
    eng_probe_reset(p, 7);
    eng_probe_setl(p, players, "players");
}

/* Places an intruder miniature (token number 2). */
static void add(eng_probe *p, const char *type, int room)
{
    eng_probe_do(p, "place-intruder", "type=%s room=%d token=2", type, room);
}

static long markers(eng_probe *p, int room)
{
    long n = 0;
    for (int k = 1; k <= 4; k++)
        n += eng_probe_get(p, "room.%d.noise.%d", room, k);
    return n;
}

static long bag_total(eng_probe *p)
{
    long n = 0;
    for (int k = 1; k <= 6; k++)
        n += eng_probe_get(p, "bag.%s", kinds[k]);
    return n;
}

/* Explores room 1 from room 0 with its token tok. */
static void explore(eng_probe *p, const char *tok)
{
    fresh(p, 1);
    eng_probe_set(p, tok, "room.1.token");
    eng_probe_do(p, "move", "who=1 corridor=1");
}

/* The crew of the end-of-game probes: character 1 awake aboard, 2 in
 * hibernation, 3 gone in an escape pod. */
static void crew(eng_probe *p)
{
    fresh(p, 3);
    eng_probe_do(p, "hibernate", "who=2");
    eng_probe_do(p, "escape", "who=3");
}

/* The rank of event name among the first occurrences of names (1-based),
 * or -1 when it did not happen. */
static long rank(eng_probe *p, const char *name, const char *const *names)
{
    long own = eng_probe_get(p, "log.first.%s", name), r = 1;
    if (own == 0)
        return -1;
    for (const char *const *n = names; *n; n++) {
        long f = eng_probe_get(p, "log.first.%s", *n);
        r += f > 0 && f < own;
    }
    return r;
}

#define PROBE(name) static int name(eng_probe *p, long *value)

/* ---- wounds ----------------------------------------------------------------------- */

PROBE(probe_light_to_serious)
{
    long n = 0;
    fresh(p, 1);
    while (eng_probe_get(p, "c1.serious") == 0 && n < 100) {
        eng_probe_do(p, "wound", "who=1 kind=light");
        n++;
    }
    *value = n;
    return 0;
}

PROBE(probe_light_gives_serious)
{
    fresh(p, 1);
    eng_probe_setl(p, 2, "c1.light");
    eng_probe_do(p, "wound", "who=1 kind=light");
    *value = eng_probe_get(p, "c1.light") == 0 ? eng_probe_get(p, "c1.serious") : -1;
    return 0;
}

PROBE(probe_serious_survivable)
{
    long n = 0;
    fresh(p, 1);
    while (!eng_probe_get(p, "c1.dead") && n < 100) {
        eng_probe_do(p, "wound", "who=1 kind=serious");
        n++;
    }
    *value = n - 1;
    return 0;
}

/* Death by a light wound after three serious ones, too. */
PROBE(probe_light_kills_at_three)
{
    fresh(p, 2);
    eng_probe_setl(p, 3, "c1.serious");
    eng_probe_do(p, "wound", "who=1 kind=light");
    *value = eng_probe_get(p, "c1.dead");
    return 0;
}

PROBE(probe_corpse)
{
    fresh(p, 2);
    eng_probe_setl(p, 3, "c1.room");
    eng_probe_setl(p, 3, "c1.serious");
    eng_probe_setl(p, 2, "c1.heavy");
    eng_probe_do(p, "wound", "who=1 kind=serious");
    /* one corpse and both objects in the room, none left on the character */
    *value = eng_probe_get(p, "room.3.corpses") == 1 && eng_probe_get(p, "room.3.heavy") == 2 &&
             eng_probe_get(p, "c1.heavy") == 0;
    return 0;
}

/* ---- the player phase ------------------------------------------------------------- */

PROBE(probe_hand_size)
{
    fresh(p, 2);
    eng_probe_setl(p, 1, "c1.hand");
    eng_probe_setl(p, 20, "c1.deck");
    eng_probe_do(p, "round-start", NULL);
    *value = eng_probe_get(p, "c1.hand");
    return 0;
}

PROBE(probe_first_offset)
{
    fresh(p, 4);
    eng_probe_setl(p, 2, "first");
    eng_probe_do(p, "round-start", NULL);
    *value = (eng_probe_get(p, "first") - 2 + 4) % 4;
    return 0;
}

PROBE(probe_actions_per_turn)
{
    long n = 0;
    fresh(p, 2);
    eng_probe_setl(p, 20, "c1.hand");
    while (eng_probe_get(p, "current") == 1 && n < 10 &&
           eng_probe_act(p, "room-action", "who=1 cost=0") == ENG_OK)
        n++;
    *value = n;
    return 0;
}

/* One action taken: the turn stays with that player, who can only act again
 * or pass. */
PROBE(probe_one_action_pass)
{
    fresh(p, 2);
    int a = eng_probe_act(p, "room-action", "who=1 cost=0") == ENG_OK && eng_probe_get(p, "current") == 1;
    int b = eng_probe_act(p, "pass", "who=1") == ENG_OK && eng_probe_get(p, "current") == 2;
    int c = eng_probe_act(p, "room-action", "who=1 cost=0") == ENG_ILLEGAL;
    *value = a && b && c;
    return 0;
}

/* The lowest and the highest cost an action accepts (a room action with a
 * full hand, costs -2..5 tried). */
static long cost_bound(eng_probe *p, int highest)
{
    long lo = 99, hi = -99;
    for (int cost = -2; cost <= 5; cost++) {
        fresh(p, 1);
        eng_probe_setl(p, 9, "c1.hand");
        if (eng_probe_act(p, "room-action", "who=1 cost=%d", cost) == ENG_OK) {
            lo = cost < lo ? cost : lo;
            hi = cost > hi ? cost : hi;
        }
    }
    return highest ? hi : lo;
}

PROBE(probe_cost_min) { *value = cost_bound(p, 0); return 0; }
PROBE(probe_cost_max) { *value = cost_bound(p, 1); return 0; }

/* The most actions after which the player may still pass (after the last
 * allowed action the turn has moved on). */
PROBE(probe_pass_after)
{
    long most = -1;
    for (int n = 0; n <= 3; n++) {
        fresh(p, 2);
        int ok = 1;
        for (int k = 0; k < n && ok; k++)
            ok = eng_probe_act(p, "room-action", "who=1 cost=0") == ENG_OK;
        if (ok && eng_probe_act(p, "pass", "who=1") == ENG_OK && eng_probe_get(p, "c1.passed"))
            most = n;
    }
    *value = most;
    return 0;
}

PROBE(probe_cost_discards)
{
    fresh(p, 1);
    eng_probe_do(p, "room-action", "who=1 cost=2");
    *value = eng_probe_get(p, "c1.hand") == 3 && eng_probe_get(p, "c1.discard") == 2;
    return 0;
}

PROBE(probe_card_action)
{
    long ok = 1;
    for (int cost = 0; cost <= 2; cost++) {
        fresh(p, 1);
        ok &= eng_probe_act(p, "card", "who=1 cost=%d", cost) == ENG_OK &&
              eng_probe_get(p, "c1.hand") == 5 - 1 - cost;
    }
    *value = ok;
    return 0;
}

/* An item card's action: the cost is paid with action cards and the item
 * card stays (only the cost leaves the hand). */
PROBE(probe_item_cost_only)
{
    long ok = 1;
    for (int cost = 0; cost <= 2; cost++) {
        fresh(p, 1);
        eng_probe_setl(p, 1, "c1.tools");
        ok &= eng_probe_act(p, "item", "who=1 cost=%d", cost) == ENG_OK &&
              eng_probe_get(p, "c1.hand") == 5 - cost && eng_probe_get(p, "c1.discard") == cost &&
              eng_probe_get(p, "c1.tools") == 1;
    }
    *value = ok;
    return 0;
}

PROBE(probe_pass_discard)
{
    fresh(p, 2);
    *value = eng_probe_act(p, "pass", "who=1 discard=5") == ENG_OK && eng_probe_get(p, "c1.hand") == 0;
    return 0;
}

PROBE(probe_all_passed)
{
    fresh(p, 3);
    long t0 = eng_probe_get(p, "time");
    eng_probe_do(p, "pass", "who=1");
    eng_probe_do(p, "pass", "who=2");
    int before = eng_probe_get(p, "time") == t0;
    eng_probe_do(p, "pass", "who=3");
    *value = before && eng_probe_get(p, "time") == t0 - 1;
    return 0;
}

/* After the event phase a new round begins: hands refilled, token passed. */
PROBE(probe_new_round)
{
    fresh(p, 2);
    eng_probe_do(p, "pass", "who=1 discard=3");
    eng_probe_do(p, "pass", "who=2");
    *value = eng_probe_get(p, "round") == 2 && eng_probe_get(p, "c1.hand") == 5 &&
             eng_probe_get(p, "first") == 2 && !eng_probe_get(p, "c1.passed");
    return 0;
}

/* ---- movement and doors --------------------------------------------------------------- */

PROBE(probe_closed_door_blocks)
{
    fresh(p, 1);
    eng_probe_set(p, "closed", "room.0.door.1");
    int blocked = eng_probe_act(p, "move", "who=1 corridor=1") == ENG_ILLEGAL;
    eng_probe_set(p, "destroyed", "room.0.door.1");
    eng_probe_setl(p, 1, "room.1.explored");
    int open = eng_probe_act(p, "move", "who=1 corridor=1") == ENG_OK && eng_probe_get(p, "c1.room") == 1;
    *value = blocked && open;
    return 0;
}

/* A corridor with no door placed is open: movement passes, and a door can
 * be closed there. */
PROBE(probe_door_open)
{
    fresh(p, 1);
    eng_probe_setl(p, 1, "room.1.explored");
    int open = eng_probe_get(p, "room.0.door.1") == 0;
    int pass = eng_probe_act(p, "move", "who=1 corridor=1") == ENG_OK && eng_probe_get(p, "c1.room") == 1;
    fresh(p, 1);
    int close = eng_probe_act(p, "close-door", "who=1 corridor=1 cost=0") == ENG_OK &&
                eng_probe_get(p, "room.0.door.1") == 1;
    *value = open && pass && close;
    return 0;
}

PROBE(probe_destroyed_no_close)
{
    fresh(p, 1);
    eng_probe_set(p, "destroyed", "room.0.door.1");
    *value = eng_probe_act(p, "close-door", "who=1 corridor=1 cost=0") == ENG_ILLEGAL;
    return 0;
}

/* Moving into an empty room rolls the noise die; into a room where another
 * character is, it does not. */
PROBE(probe_noise_when_empty)
{
    fresh(p, 2);
    eng_probe_setl(p, 1, "room.1.explored");
    eng_probe_do(p, "move", "who=1 corridor=1");
    int empty = eng_probe_get(p, "log.noise-roll") == 1;
    fresh(p, 2);
    eng_probe_setl(p, 1, "room.1.explored");
    eng_probe_setl(p, 1, "c2.room");
    eng_probe_do(p, "move", "who=1 corridor=1");
    *value = empty && eng_probe_get(p, "log.noise-roll") == 0;
    return 0;
}

/* An intruder moved by an event card into a closed door destroys it and
 * stops; one pulled by danger passes. */
PROBE(probe_door_intruder)
{
    fresh(p, 1);
    eng_probe_setl(p, 5, "c1.room");
    add(p, "adult", 3);
    eng_probe_set(p, "closed", "room.3.door.1");
    eng_probe_set(p, "e1-adult", "next.event");
    eng_probe_do(p, "event-card", NULL);
    *value = eng_probe_get(p, "i1.room") == 3 && eng_probe_get(p, "room.3.door.1") == 2;
    return 0;
}

/* The danger face of a noise roll pulls an intruder through a closed door. */
PROBE(probe_door_danger_ignores)
{
    fresh(p, 1);
    eng_probe_setl(p, 1, "c1.room");
    add(p, "adult", 2);
    eng_probe_set(p, "closed", "room.2.door.2");   /* between rooms 1 and 2 */
    eng_probe_force(p, "noise", "danger");
    eng_probe_do(p, "noise-roll", "who=1");
    *value = eng_probe_get(p, "i1.room") == 1 && eng_probe_get(p, "room.2.door.2") == 1;
    return 0;
}

/* So does the danger of an exploration token. */
PROBE(probe_door_explore_danger)
{
    fresh(p, 1);
    eng_probe_set(p, "danger", "room.1.token");
    add(p, "adult", 2);
    eng_probe_set(p, "closed", "room.2.door.2");
    eng_probe_do(p, "move", "who=1 corridor=1");
    *value = eng_probe_get(p, "i1.room") == 1 && eng_probe_get(p, "room.2.door.2") == 1;
    return 0;
}

/* ---- exploration ------------------------------------------------------------------------- */

/* Entering an unexplored room turns it face up and resolves its token. */
PROBE(probe_reveals)
{
    explore(p, "slime");
    *value = eng_probe_get(p, "room.1.explored") && eng_probe_get(p, "c1.slime");
    return 0;
}

PROBE(probe_silence)
{
    fresh(p, 1);
    eng_probe_set(p, "silence", "room.1.token");
    eng_probe_force(p, "noise", "n2");
    eng_probe_do(p, "move", "who=1 corridor=1");
    int quiet = markers(p, 1) == 1;   /* only the noise roll's marker */
    fresh(p, 1);
    eng_probe_set(p, "silence", "room.1.token");
    eng_probe_setl(p, 1, "c1.slime");
    eng_probe_do(p, "move", "who=1 corridor=1");
    /* with slime: danger (a marker in all four corridors) and, as danger
     * says, no noise roll */
    *value = quiet && eng_probe_get(p, "log.danger") == 1 && eng_probe_get(p, "log.noise-roll") == 0 &&
             markers(p, 1) == 4;
    return 0;
}

PROBE(probe_danger_no_roll)
{
    explore(p, "danger");
    *value = eng_probe_get(p, "log.noise-roll") == 0;
    return 0;
}

/* Danger brings intruders not in combat from adjacent rooms; an intruder in
 * combat stays; with none to bring, noise markers go into the corridors. */
PROBE(probe_danger_pulls)
{
    fresh(p, 2);
    eng_probe_set(p, "danger", "room.1.token");
    add(p, "adult", 2);
    eng_probe_setl(p, 7, "c2.room");
    add(p, "adult", 7);   /* 7 is across from 1 */
    eng_probe_do(p, "move", "who=1 corridor=1");
    *value = eng_probe_get(p, "i1.room") == 1 && eng_probe_get(p, "i2.room") == 7 && markers(p, 1) == 0;
    return 0;
}

PROBE(probe_danger_noise)
{
    fresh(p, 1);
    eng_probe_set(p, "danger", "room.1.token");
    eng_probe_setl(p, 1, "room.1.noise.3");
    eng_probe_do(p, "move", "who=1 corridor=1");
    *value = markers(p, 1) == 4;
    return 0;
}

/* Two slime rooms explored: the markers on the character. */
PROBE(probe_slime_max)
{
    explore(p, "slime");
    long first = eng_probe_get(p, "c1.slime");
    eng_probe_set(p, "slime", "room.2.token");
    eng_probe_do(p, "move", "who=1 corridor=1");
    *value = first == 1 ? eng_probe_get(p, "c1.slime") : -1;
    return 0;
}

/* A fire room explored, then a second fire in it: the markers there. */
PROBE(probe_fire_max)
{
    explore(p, "fire");
    eng_probe_do(p, "place-fire", "room=1");
    *value = eng_probe_get(p, "room.1.fire");
    return 0;
}

PROBE(probe_fire_wound)
{
    fresh(p, 2);
    eng_probe_setl(p, 1, "room.0.fire");
    eng_probe_do(p, "room-action", "who=1 cost=0");
    long mid = eng_probe_get(p, "c1.light");
    eng_probe_do(p, "room-action", "who=1 cost=0");
    *value = mid == 0 ? eng_probe_get(p, "c1.light") : -1;
    return 0;
}

PROBE(probe_malfunction_max)
{
    explore(p, "malfunction");
    eng_probe_do(p, "place-malfunction", "room=1");
    *value = eng_probe_get(p, "room.1.malfunction");
    return 0;
}

PROBE(probe_malfunction_blocks)
{
    fresh(p, 1);
    int ok = eng_probe_act(p, "room-action", "who=1 cost=0") == ENG_OK;
    fresh(p, 1);
    eng_probe_setl(p, 1, "room.0.malfunction");
    *value = ok && eng_probe_act(p, "room-action", "who=1 cost=0") == ENG_ILLEGAL;
    return 0;
}

/* A door result twice for the same corridor: doors taken from the supply. */
PROBE(probe_door_max)
{
    fresh(p, 1);
    eng_probe_set(p, "door", "room.1.token");
    long supply = eng_probe_get(p, "doors.supply");
    eng_probe_do(p, "move", "who=1 corridor=1");
    eng_probe_do(p, "place-door", "room=0 corridor=1");
    *value = eng_probe_get(p, "room.0.door.1") == 1 ? supply - eng_probe_get(p, "doors.supply") : -1;
    return 0;
}

PROBE(probe_door_from_board)
{
    fresh(p, 1);
    eng_probe_setl(p, 0, "doors.supply");
    eng_probe_set(p, "closed", "room.5.door.1");
    eng_probe_set(p, "door", "room.1.token");
    eng_probe_do(p, "move", "who=1 corridor=1");
    *value = eng_probe_get(p, "room.0.door.1") == 1 && eng_probe_get(p, "room.5.door.1") == 0;
    return 0;
}

/* ---- noise ------------------------------------------------------------------------------- */

/* Each number face of the noise die puts a marker into a different corridor
 * of the room: counts the corridors reached by a single marker. */
PROBE(probe_noise_corridors)
{
    static const char *const faces[] = {"n1", "n2", "n3", "n4", "danger", "silence"};
    int seen[5] = {0};
    long n = 0;
    for (int f = 0; f < 6; f++) {
        fresh(p, 1);
        eng_probe_force(p, "noise", faces[f]);
        eng_probe_do(p, "noise-roll", "who=1");
        if (markers(p, 0) != 1)
            continue;
        for (int k = 1; k <= 4; k++)
            if (eng_probe_get(p, "room.0.noise.%d", k) && !seen[k]++)
                n++;
    }
    *value = n;
    return 0;
}

/* The lowest corridor number a number face of the noise die marks. */
PROBE(probe_noise_lowest)
{
    static const char *const faces[] = {"n1", "n2", "n3", "n4", "danger", "silence"};
    long low = 0;
    for (int f = 0; f < 6; f++) {
        fresh(p, 1);
        eng_probe_force(p, "noise", faces[f]);
        eng_probe_do(p, "noise-roll", "who=1");
        if (markers(p, 0) != 1)
            continue;
        for (int k = 1; k <= 4; k++)
            if (eng_probe_get(p, "room.0.noise.%d", k) && (low == 0 || k < low))
                low = k;
    }
    *value = low;
    return 0;
}

PROBE(probe_noise_encounter)
{
    fresh(p, 1);
    eng_probe_setl(p, 1, "room.0.noise.3");
    eng_probe_force(p, "noise", "n3");
    eng_probe_force(p, "bag", "adult");
    eng_probe_do(p, "noise-roll", "who=1");
    *value = eng_probe_get(p, "room.0.intruders") == 1 && markers(p, 0) == 0;
    return 0;
}

PROBE(probe_noise_danger)
{
    fresh(p, 1);
    add(p, "creeper", 1);
    eng_probe_force(p, "noise", "danger");
    eng_probe_do(p, "noise-roll", "who=1");
    int pulled = eng_probe_get(p, "i1.room") == 0;
    fresh(p, 1);
    eng_probe_force(p, "noise", "danger");
    eng_probe_do(p, "noise-roll", "who=1");
    *value = pulled && markers(p, 0) == 4;
    return 0;
}

PROBE(probe_noise_silence)
{
    fresh(p, 1);
    eng_probe_force(p, "noise", "silence");
    eng_probe_do(p, "noise-roll", "who=1");
    int quiet = markers(p, 0) == 0;
    fresh(p, 1);
    eng_probe_setl(p, 1, "c1.slime");
    eng_probe_force(p, "noise", "silence");
    eng_probe_do(p, "noise-roll", "who=1");
    *value = quiet && markers(p, 0) == 4;
    return 0;
}

PROBE(probe_careful_combat)
{
    fresh(p, 1);
    eng_probe_setl(p, 1, "room.1.explored");
    add(p, "adult", 0);
    *value = eng_probe_act(p, "careful", "who=1 corridor=1 noise=2") == ENG_OK;
    return 0;
}

PROBE(probe_careful_full)
{
    fresh(p, 1);
    eng_probe_setl(p, 1, "room.1.explored");
    for (int k = 1; k <= 4; k++)
        eng_probe_setl(p, 1, "room.1.noise.%d", k);
    *value = eng_probe_act(p, "careful", "who=1 corridor=1 noise=2") == ENG_OK;
    return 0;
}

PROBE(probe_careful_places)
{
    fresh(p, 1);
    eng_probe_setl(p, 1, "room.1.explored");
    int ok = eng_probe_act(p, "careful", "who=1 corridor=1 noise=3") == ENG_OK;
    *value = ok && eng_probe_get(p, "log.noise-roll") == 0 && eng_probe_get(p, "room.1.noise.3") &&
             markers(p, 1) == 1;
    return 0;
}

/* ---- the event phase ------------------------------------------------------------------ */

/* The order of the event phase: the rank of a step among the five (the
 * card's effect belongs to the card's step). */
static long event_position(eng_probe *p, const char *step)
{
    static const char *const steps[] = {"step.time", "step.attack", "step.fire", "step.move", "step.bag", NULL};
    fresh(p, 1);
    eng_probe_do(p, "event-phase", NULL);
    return rank(p, step, steps);
}

PROBE(probe_ev_time) { *value = event_position(p, "step.time"); return 0; }
PROBE(probe_ev_attack) { *value = event_position(p, "step.attack"); return 0; }
PROBE(probe_ev_fire) { *value = event_position(p, "step.fire"); return 0; }
PROBE(probe_ev_card) { *value = event_position(p, "step.move"); return 0; }
PROBE(probe_ev_bag) { *value = event_position(p, "step.bag"); return 0; }

/* The five steps come in the order of the list: ranks 1..5. */
PROBE(probe_ev_in_order)
{
    static const char *const steps[] = {"step.time", "step.attack", "step.fire", "step.move", "step.bag", NULL};
    fresh(p, 1);
    eng_probe_do(p, "event-phase", NULL);
    long ok = 1;
    for (int k = 0; steps[k]; k++)
        ok &= rank(p, steps[k], steps) == k + 1;
    *value = ok;
    return 0;
}

/* The card's effect comes after the movement: a card that moves the adults
 * through corridor 1 and then puts a noise marker in corridor 1 of each
 * adult's room marks the room the adult moved into, not the one it left. */
PROBE(probe_ev_move_first)
{
    fresh(p, 1);
    eng_probe_setl(p, 8, "c1.room");
    add(p, "adult", 3);
    eng_probe_set(p, "e1-adult-noise", "next.event");
    eng_probe_do(p, "event-card", NULL);
    /* room 3's corridor 1 leads to room 4; room 4's corridor 1 to room 5 */
    *value = eng_probe_get(p, "i1.room") == 4 && eng_probe_get(p, "room.4.noise.1") == 1 &&
             eng_probe_get(p, "room.3.noise.1") == 0;
    return 0;
}

/* Which way the time marker moves on its track, whose red space is at the
 * right end: 2 (right) when the spaces left to the red one go down, 1
 * (left) when they go up. */
PROBE(probe_time_direction)
{
    fresh(p, 1);
    long t = eng_probe_get(p, "time");
    eng_probe_do(p, "event-phase", NULL);
    long d = eng_probe_get(p, "time") - t;
    *value = d < 0 ? 2 : d > 0 ? 1 : 0;
    return 0;
}

PROBE(probe_time_step)
{
    fresh(p, 1);
    eng_probe_setl(p, 1, "sd.active");
    long t = eng_probe_get(p, "time"), s = eng_probe_get(p, "sd");
    eng_probe_do(p, "event-phase", NULL);
    t -= eng_probe_get(p, "time");
    s -= eng_probe_get(p, "sd");
    *value = t == s ? t : -1;
    return 0;
}

PROBE(probe_ev_cards)
{
    fresh(p, 1);
    eng_probe_do(p, "event-phase", NULL);
    *value = eng_probe_get(p, "log.event-card");
    return 0;
}

PROBE(probe_ev_attacks)
{
    fresh(p, 1);
    add(p, "adult", 0);
    add(p, "creeper", 0);
    add(p, "adult", 4);   /* not in combat: no attack */
    eng_probe_do(p, "event-phase", NULL);
    *value = eng_probe_get(p, "log.intruder-attack") == 2;   /* the two in combat, not the third */
    return 0;
}

PROBE(probe_ev_fire_damage)
{
    fresh(p, 1);
    eng_probe_setl(p, 1, "room.4.fire");
    add(p, "adult", 4);
    eng_probe_set(p, "v3-serious", "next.attack");
    eng_probe_do(p, "fire-damage", NULL);
    *value = eng_probe_get(p, "i1.damage");
    return 0;
}

PROBE(probe_ev_technical)
{
    fresh(p, 1);
    add(p, "adult", 4);
    eng_probe_setl(p, 2, "i1.damage");
    long bag = bag_total(p);
    eng_probe_set(p, "e4-adult", "next.event");
    eng_probe_do(p, "event-card", NULL);
    *value = eng_probe_get(p, "i1.type") == T_NONE && bag_total(p) == bag + 1;
    return 0;
}

PROBE(probe_adult_minis)
{
    long most = 0;
    fresh(p, 1);
    for (int k = 0; k < 12; k++) {
        eng_probe_act(p, "place-intruder", "type=adult room=%d token=3", 2 + k % 8);
        long n = eng_probe_get(p, "adults.board");
        most = n > most ? n : most;
    }
    *value = most;
    return 0;
}

PROBE(probe_retreat)
{
    fresh(p, 1);
    eng_probe_setl(p, 2, "c1.room");
    for (int k = 0; k < 8; k++)
        eng_probe_do(p, "place-intruder", "type=adult room=%d token=3", k < 2 ? 2 : 5);  /* two in combat */
    long bag = bag_total(p);
    int placed = eng_probe_act(p, "place-intruder", "type=adult room=6 token=4") == ENG_OK;
    *value = placed && eng_probe_get(p, "adults.board") == 3 && bag_total(p) == bag + 6 &&
             eng_probe_get(p, "room.6.intruders") == 1 && eng_probe_get(p, "room.5.intruders") == 0;
    return 0;
}

/* All 8 adults in combat: none retreats, so an encounter drawing an adult
 * places nobody and its token goes back into the bag (the sheet's gap). */
PROBE(probe_adults_none_free)
{
    fresh(p, 1);
    eng_probe_setl(p, 2, "c1.room");
    for (int k = 0; k < 8; k++)
        add(p, "adult", 2);
    eng_probe_set(p, "adult5", "bag");
    eng_probe_do(p, "encounter", "who=1");
    *value = eng_probe_get(p, "log.encounter") == 1 && eng_probe_get(p, "room.2.intruders") == 8 &&
             eng_probe_get(p, "bag.adult") == 1;
    return 0;
}

/* ---- the bag development -------------------------------------------------------------- */

static void bag_with(eng_probe *p, const char *kind)
{
    fresh(p, 3);
    eng_probe_force(p, "bag", kind);
}

PROBE(probe_bag_tokens)
{
    bag_with(p, "larva");
    eng_probe_do(p, "bag-development", NULL);
    *value = eng_probe_get(p, "log.bag-token");
    return 0;
}

PROBE(probe_bag_larva)
{
    bag_with(p, "larva");
    long n = bag_total(p);
    eng_probe_do(p, "bag-development", NULL);
    *value = eng_probe_get(p, "bag.larva") == 0 && eng_probe_get(p, "bag.adult") == 4 && bag_total(p) == n;
    return 0;
}

PROBE(probe_bag_creeper)
{
    bag_with(p, "creeper");
    eng_probe_do(p, "bag-development", NULL);
    *value = eng_probe_get(p, "bag.creeper") == 0 && eng_probe_get(p, "bag.breeder") == 1;
    return 0;
}

/* Adult or breeder: the characters not in combat roll for noise (of 3, one
 * fights), and the token goes back. */
static long bag_noise(eng_probe *p, const char *kind)
{
    bag_with(p, kind);
    long n = bag_total(p);
    eng_probe_setl(p, 0, "c1.room");
    eng_probe_setl(p, 4, "c2.room");
    eng_probe_setl(p, 8, "c3.room");
    add(p, "adult", 4);
    eng_probe_do(p, "bag-development", NULL);
    return eng_probe_get(p, "log.noise-roll") == 2 && bag_total(p) == n;
}

PROBE(probe_bag_adult) { *value = bag_noise(p, "adult"); return 0; }

PROBE(probe_bag_breeder)
{
    fresh(p, 1);
    eng_probe_set(p, "adult3 breeder5", "bag");
    eng_probe_force(p, "bag", "breeder");
    eng_probe_do(p, "bag-development", NULL);
    int one = eng_probe_get(p, "log.noise-roll") == 1 && eng_probe_get(p, "bag.breeder") == 1;
    *value = one && bag_noise(p, "breeder");
    return 0;
}

static long queens_in(eng_probe *p, int room)
{
    long n = 0;
    for (int i = 1; i <= MAXINT; i++)
        n += eng_probe_get(p, "i%d.type", i) == T_QUEEN && eng_probe_get(p, "i%d.room", i) == room;
    return n;
}

PROBE(probe_bag_queen_nest)
{
    bag_with(p, "queen");
    eng_probe_setl(p, 1, "room.11.explored");
    eng_probe_setl(p, NEST, "c2.room");
    eng_probe_setl(p, 5, "c2.hand");
    eng_probe_do(p, "bag-development", NULL);
    *value = queens_in(p, NEST) == 1 && eng_probe_get(p, "eggs") == 0;
    return 0;
}

/* The queen drawn with a character in the nest is the intruder of the
 * encounter: no second token is drawn, and the surprise compares the hand
 * with the queen token's number (4 in the default bag). */
PROBE(probe_bag_queen_token)
{
    long r[2];
    for (int h = 0; h < 2; h++) {
        bag_with(p, "queen");
        eng_probe_set(p, "queen4 adult3", "bag");   /* a queen numbered 4: 3 cards are fewer, 4 not */
        eng_probe_setl(p, 1, "room.11.explored");
        eng_probe_setl(p, NEST, "c2.room");
        eng_probe_setl(p, 3 + h, "c2.hand");
        eng_probe_set(p, "v5-serious-large", "next.attack");
        eng_probe_do(p, "bag-development", NULL);
        r[h] = eng_probe_get(p, "log.bag-token") * 10 + eng_probe_get(p, "log.surprise-attack");
    }
    *value = r[0] == 11 && r[1] == 10;
    return 0;
}

/* Two characters in the nest: the encounter is the first's in turn order
 * from the first player (the sheet's gap). Character 1 holds 5 cards,
 * character 3 holds 3: only 3's encounter with the queen numbered 4 is a
 * surprise attack. */
PROBE(probe_bag_queen_first)
{
    long r[2];
    for (int f = 0; f < 2; f++) {
        bag_with(p, "queen");
        eng_probe_set(p, "queen4 adult3", "bag");
        eng_probe_setl(p, 1, "room.11.explored");
        eng_probe_setl(p, NEST, "c1.room");
        eng_probe_setl(p, NEST, "c3.room");
        eng_probe_setl(p, 3, "c3.hand");
        eng_probe_setl(p, f ? 3 : 1, "first");
        eng_probe_set(p, "v5-serious-large", "next.attack");
        eng_probe_do(p, "bag-development", NULL);
        r[f] = eng_probe_get(p, "log.surprise-attack");
    }
    *value = r[0] == 0 && r[1] == 1;
    return 0;
}

PROBE(probe_bag_queen_eggs)
{
    bag_with(p, "queen");
    eng_probe_setl(p, 1, "room.11.explored");
    long eggs = eng_probe_get(p, "eggs");
    eng_probe_do(p, "bag-development", NULL);
    *value = queens_in(p, NEST) == 0 ? eng_probe_get(p, "eggs") - eggs : -1;
    return 0;
}

PROBE(probe_bag_blank)
{
    bag_with(p, "blank");
    long n = bag_total(p);
    eng_probe_do(p, "bag-development", NULL);
    *value = eng_probe_get(p, "bag.adult") == 4 ? bag_total(p) - n : -1;
    return 0;
}

PROBE(probe_bag_blank_none)
{
    bag_with(p, "blank");
    eng_probe_set(p, "breeder4", "supply");
    long n = bag_total(p);
    eng_probe_do(p, "bag-development", NULL);
    *value = bag_total(p) == n;
    return 0;
}

/* ---- encounters -------------------------------------------------------------------------- */

PROBE(probe_enc_noise)
{
    fresh(p, 1);
    for (int k = 1; k <= 4; k++)
        eng_probe_setl(p, 1, "room.0.noise.%d", k);
    eng_probe_setl(p, 1, "room.1.noise.1");   /* not connected to room 0 */
    eng_probe_force(p, "bag", "adult");
    eng_probe_do(p, "encounter", "who=1");
    *value = markers(p, 0) == 0 && eng_probe_get(p, "room.1.noise.1") == 1;
    return 0;
}

PROBE(probe_enc_places)
{
    fresh(p, 1);
    eng_probe_force(p, "bag", "creeper");
    eng_probe_do(p, "encounter", "who=1");
    *value = eng_probe_get(p, "i1.type") == T_CREEPER && eng_probe_get(p, "i1.room") == 0 &&
             eng_probe_get(p, "room.0.intruders") == 1;
    return 0;
}

PROBE(probe_enc_blank)
{
    fresh(p, 1);
    long n = bag_total(p);
    eng_probe_force(p, "bag", "blank");
    eng_probe_do(p, "encounter", "who=1");
    *value = markers(p, 0) == 4 && eng_probe_get(p, "room.0.intruders") == 0 && bag_total(p) == n;
    return 0;
}

PROBE(probe_enc_blank_last)
{
    fresh(p, 1);
    eng_probe_set(p, "blank", "bag");
    eng_probe_do(p, "encounter", "who=1");
    *value = eng_probe_get(p, "bag.adult");
    return 0;
}

/* Which blank token brings an adult token into the bag: -1 (the last one)
 * when it happens with the blank as the only token and not with another
 * token still in the bag. */
PROBE(probe_enc_blank_which)
{
    fresh(p, 1);
    eng_probe_set(p, "blank", "bag");
    eng_probe_do(p, "encounter", "who=1");
    int last = eng_probe_get(p, "bag.adult") == 1;
    fresh(p, 1);
    eng_probe_set(p, "blank creeper1", "bag");
    eng_probe_force(p, "bag", "blank");
    eng_probe_do(p, "encounter", "who=1");
    int other = eng_probe_get(p, "bag.adult") == 0;
    *value = last && other ? -1 : 0;
    return 0;
}

PROBE(probe_enc_tokens)
{
    fresh(p, 1);
    eng_probe_force(p, "bag", "creeper");
    eng_probe_do(p, "encounter", "who=1");
    *value = eng_probe_get(p, "log.bag-token");
    return 0;
}

/* An intruder appearing where a character is makes an encounter: a noise
 * roll into a marked corridor puts the intruder in the character's room,
 * and the queen drawn with a character in the nest is an encounter too. */
PROBE(probe_enc_appears)
{
    fresh(p, 1);
    eng_probe_setl(p, 3, "c1.room");
    eng_probe_setl(p, 1, "room.3.noise.2");
    eng_probe_force(p, "noise", "n2");
    eng_probe_force(p, "bag", "adult");
    eng_probe_do(p, "noise-roll", "who=1");
    int noise = eng_probe_get(p, "log.encounter") == 1 && eng_probe_get(p, "room.3.intruders") == 1;
    fresh(p, 1);
    eng_probe_setl(p, NEST, "c1.room");
    eng_probe_setl(p, 1, "room.11.explored");
    eng_probe_setl(p, 5, "c1.hand");
    eng_probe_force(p, "bag", "queen");
    eng_probe_do(p, "bag-development", NULL);
    *value = noise && eng_probe_get(p, "log.encounter") == 1 && queens_in(p, NEST) == 1;
    return 0;
}

/* Surprise attack exactly when the hand holds fewer cards than the token's
 * number: measured at hand = number - 1 and hand = number. */
PROBE(probe_enc_surprise)
{
    long r[2];
    for (int h = 0; h < 2; h++) {
        fresh(p, 1);
        eng_probe_set(p, "adult4", "bag");
        eng_probe_setl(p, 3 + h, "c1.hand");
        eng_probe_set(p, "v3-serious", "next.attack");
        eng_probe_do(p, "encounter", "who=1");
        r[h] = eng_probe_get(p, "log.surprise-attack") + eng_probe_get(p, "log.attack-card");
    }
    *value = r[0] == 2 && r[1] == 0;
    return 0;
}

/* ---- combat ---------------------------------------------------------------------------------- */

/* A character is in combat when an intruder shares the room: then moving
 * out is fleeing (attacked) and attacking is possible; with the intruder
 * next door, neither. */
PROBE(probe_combat_same_room)
{
    fresh(p, 1);
    eng_probe_setl(p, 1, "room.1.explored");
    add(p, "adult", 0);
    eng_probe_set(p, "v2-light", "next.attack");
    int flee = eng_probe_act(p, "flee", "who=1 corridor=1") == ENG_OK && eng_probe_get(p, "log.intruder-attack") == 1;
    fresh(p, 1);
    add(p, "adult", 0);
    eng_probe_force(p, "contamination", "clean");
    eng_probe_force(p, "combat", "blank");
    int fight = eng_probe_act(p, "melee", "who=1") == ENG_OK;
    fresh(p, 1);
    add(p, "adult", 1);
    int no_flee = eng_probe_act(p, "flee", "who=1 corridor=2") == ENG_ILLEGAL;
    int no_fight = eng_probe_act(p, "melee", "who=1") == ENG_ILLEGAL;
    *value = flee && fight && no_flee && no_fight;
    return 0;
}

/* One shot: ammunition spent. */
PROBE(probe_shoot_ammo)
{
    fresh(p, 1);
    eng_probe_setl(p, 3, "c1.ammo");
    add(p, "adult", 0);
    eng_probe_force(p, "combat", "blank");
    eng_probe_do(p, "shoot", "who=1");
    *value = 3 - eng_probe_get(p, "c1.ammo");
    return 0;
}

/* The least ammunition that allows a shot. */
PROBE(probe_shoot_needs)
{
    for (int a = 0; a < 5; a++) {
        fresh(p, 1);
        eng_probe_setl(p, a, "c1.ammo");
        add(p, "adult", 0);
        eng_probe_force(p, "combat", "blank");
        if (eng_probe_act(p, "shoot", "who=1") == ENG_OK) {
            *value = a;
            return 0;
        }
    }
    return eng_probe_fail(p, "no ammunition count allows a shot");
}

/* Rolls one forced face against one intruder type: the damage placed (two
 * attack cards of value 5 keep it alive to count), or the serious wounds the
 * attacker took. */
static int face_result(eng_probe *p, long *value, int melee, const char *face, const char *type, int serious)
{
    fresh(p, 1);
    eng_probe_setl(p, 1, "c1.ammo");
    add(p, type, 0);
    eng_probe_set(p, "v5-serious-large v5-serious-large", "next.attack");
    if (melee)
        eng_probe_force(p, "contamination", "clean");
    eng_probe_force(p, "combat", face);
    eng_probe_do(p, melee ? "melee" : "shoot", "who=1");
    if (serious)
        *value = eng_probe_get(p, "c1.serious");
    else
        *value = eng_probe_get(p, "i1.type") == T_NONE ? -1 : eng_probe_get(p, "i1.damage");
    return 0;
}

PROBE(probe_s_blank_adult) { return face_result(p, value, 0, "blank", "adult", 0); }
PROBE(probe_s_lc_creeper) { return face_result(p, value, 0, "larva-creeper", "creeper", 0); }
PROBE(probe_s_lc_adult) { return face_result(p, value, 0, "larva-creeper", "adult", 0); }
PROBE(probe_s_ad_adult) { return face_result(p, value, 0, "adult", "adult", 0); }
PROBE(probe_s_ad_breeder) { return face_result(p, value, 0, "adult", "breeder", 0); }
PROBE(probe_s_hit_queen) { return face_result(p, value, 0, "hit", "queen", 0); }
PROBE(probe_s_hit2_queen) { return face_result(p, value, 0, "double-hit", "queen", 0); }
PROBE(probe_m_blank_serious) { return face_result(p, value, 1, "blank", "adult", 1); }
PROBE(probe_m_lc_creeper) { return face_result(p, value, 1, "larva-creeper", "creeper", 0); }
PROBE(probe_m_lc_adult_serious) { return face_result(p, value, 1, "larva-creeper", "adult", 1); }
PROBE(probe_m_ad_adult) { return face_result(p, value, 1, "adult", "adult", 0); }
PROBE(probe_m_ad_breeder_serious) { return face_result(p, value, 1, "adult", "breeder", 1); }
PROBE(probe_m_hit_queen) { return face_result(p, value, 1, "hit", "queen", 0); }
PROBE(probe_m_hit2_queen) { return face_result(p, value, 1, "double-hit", "queen", 0); }

PROBE(probe_melee_contam)
{
    fresh(p, 1);
    add(p, "adult", 0);
    eng_probe_set(p, "v5-serious-large", "next.attack");
    eng_probe_force(p, "contamination", "clean");
    eng_probe_force(p, "combat", "hit");
    eng_probe_do(p, "melee", "who=1");
    *value = eng_probe_get(p, "c1.contam") + eng_probe_get(p, "c1.infected");
    return 0;
}

/* Fleeing from two intruders: attacks suffered per intruder. */
PROBE(probe_flee_attacks)
{
    fresh(p, 1);
    eng_probe_setl(p, 1, "room.1.explored");
    add(p, "adult", 0);
    add(p, "creeper", 0);
    eng_probe_do(p, "flee", "who=1 corridor=1");
    *value = eng_probe_get(p, "log.intruder-attack") / 2;
    return 0;
}

PROBE(probe_flee_corpse)
{
    fresh(p, 1);
    eng_probe_setl(p, 3, "c1.serious");
    add(p, "adult", 0);
    eng_probe_set(p, "v2-light", "next.attack");
    eng_probe_do(p, "flee", "who=1 corridor=1");
    *value = eng_probe_get(p, "c1.dead") && eng_probe_get(p, "room.0.corpses") == 1;
    return 0;
}

PROBE(probe_flee_moves)
{
    fresh(p, 1);
    eng_probe_set(p, "slime", "room.1.token");
    add(p, "adult", 0);
    eng_probe_set(p, "v2-light", "next.attack");
    eng_probe_force(p, "noise", "n4");
    eng_probe_do(p, "flee", "who=1 corridor=1");
    *value = eng_probe_get(p, "c1.room") == 1 && eng_probe_get(p, "room.1.explored") &&
             eng_probe_get(p, "c1.slime") && eng_probe_get(p, "log.noise-roll") == 1;
    return 0;
}

/* ---- damage to intruders ------------------------------------------------------------------- */

/* The least damage that kills a larva (or an egg). */
static int dies_at(eng_probe *p, long *value, const char *type)
{
    for (int d = 1; d < 10; d++) {
        fresh(p, 1);
        add(p, type, 3);
        eng_probe_do(p, "damage", "intruder=1 amount=%d", d);
        if (eng_probe_get(p, "i1.type") == T_NONE)
            return *value = d, 0;
    }
    return eng_probe_fail(p, "no damage kills a %s", type);
}

PROBE(probe_larva_egg_dies)
{
    long larva, egg;
    if (dies_at(p, &larva, "larva") != 0 || dies_at(p, &egg, "egg") != 0)
        return -1;
    *value = larva == egg ? larva : -1;
    return 0;
}

/* Damage stays on the intruder as markers: two hits that do not kill leave
 * two markers. */
PROBE(probe_damage_markers)
{
    fresh(p, 1);
    add(p, "adult", 3);
    eng_probe_set(p, "v5-serious-large v5-serious-large", "next.attack");
    eng_probe_do(p, "damage", "intruder=1 amount=1");
    long one = eng_probe_get(p, "i1.damage");
    eng_probe_do(p, "damage", "intruder=1 amount=1");
    *value = one == 1 && eng_probe_get(p, "i1.damage") == 2;
    return 0;
}

/* A card with the arrow whose number the damage reaches: the intruder dies
 * (a carcass) and does not flee. */
PROBE(probe_lethal_beats_arrow)
{
    fresh(p, 1);
    add(p, "adult", 3);
    eng_probe_setl(p, 3, "i1.damage");
    eng_probe_set(p, "v4-light-retreat", "next.attack");
    eng_probe_set(p, "e1-adult", "next.event");
    eng_probe_do(p, "damage", "intruder=1 amount=1");
    *value = eng_probe_get(p, "i1.type") == T_NONE && eng_probe_get(p, "room.3.carcasses") == 1 &&
             eng_probe_get(p, "log.event-card") == 0;
    return 0;
}

static long cards_drawn(eng_probe *p, const char *type)
{
    fresh(p, 1);
    add(p, type, 3);
    eng_probe_do(p, "damage", "intruder=1 amount=1");
    return eng_probe_get(p, "log.attack-card");
}

PROBE(probe_cards_small)
{
    long a = cards_drawn(p, "creeper"), b = cards_drawn(p, "adult");
    *value = a == b ? a : -1;
    return 0;
}

PROBE(probe_cards_large)
{
    long a = cards_drawn(p, "breeder"), b = cards_drawn(p, "queen");
    *value = a == b ? a : -1;
    return 0;
}

/* Damage equal to the card's number kills (carcass), one less does not. */
PROBE(probe_dies_at_value)
{
    long ok = 1;
    for (int extra = -1; extra <= 0; extra++) {
        fresh(p, 1);
        add(p, "adult", 3);
        eng_probe_setl(p, 3 + extra - 1, "i1.damage");
        eng_probe_set(p, "v3-serious", "next.attack");
        eng_probe_do(p, "damage", "intruder=1 amount=1");
        int dead = eng_probe_get(p, "i1.type") == T_NONE && eng_probe_get(p, "room.3.carcasses") == 1;
        ok &= extra == 0 ? dead : !dead;
    }
    *value = ok;
    return 0;
}

PROBE(probe_damage_sum)
{
    fresh(p, 1);
    add(p, "breeder", 3);
    eng_probe_setl(p, 4, "i1.damage");   /* 5 after the hit: 2 + 3 = 5 kills */
    eng_probe_set(p, "v2-light v3-serious", "next.attack");
    eng_probe_do(p, "damage", "intruder=1 amount=1");
    int dead = eng_probe_get(p, "i1.type") == T_NONE;
    fresh(p, 1);
    add(p, "breeder", 3);
    eng_probe_setl(p, 4, "i1.damage");   /* 2 + 4 = 6: survives */
    eng_probe_set(p, "v2-light v4-light-retreat", "next.attack");
    eng_probe_set(p, "e1-adult", "next.event");
    eng_probe_do(p, "damage", "intruder=1 amount=1");
    *value = dead && eng_probe_get(p, "i1.type") == T_BREEDER;
    return 0;
}

/* An adult in room 3 takes 1 damage against a card with the retreat arrow
 * and flees by event card e1 (corridor 1, to room 4) with room 3's door of
 * corridor 1 open or closed: the room it ends in. */
static long flee_from_3(eng_probe *p, const char *door)
{
    fresh(p, 1);
    add(p, "adult", 3);
    eng_probe_set(p, door, "room.3.door.1");
    eng_probe_set(p, "v4-light-retreat", "next.attack");
    eng_probe_set(p, "e1-adult", "next.event");
    eng_probe_do(p, "damage", "intruder=1 amount=1");
    return eng_probe_get(p, "i1.room");
}

PROBE(probe_damage_arrow) { *value = flee_from_3(p, "open") == 4; return 0; }

/* A fleeing intruder is placed in the room behind the event card's
 * corridor even when its door is closed; the door stays closed (the
 * sheet's gap). */
PROBE(probe_damage_flee_door)
{
    *value = flee_from_3(p, "closed") == 4 && eng_probe_get(p, "room.3.door.1") == 1;
    return 0;
}

/* ---- intruder attacks ------------------------------------------------------------------------ */

/* Whom a creeper attacks, measured in a room of three (first: 1-based). */
static long target_of(eng_probe *p, int h1, int h2, int h3, int first)
{
    fresh(p, 3);
    eng_probe_setl(p, h1, "c1.hand");
    eng_probe_setl(p, h2, "c2.hand");
    eng_probe_setl(p, h3, "c3.hand");
    eng_probe_setl(p, first, "first");
    add(p, "creeper", 0);
    eng_probe_set(p, "v2-light", "next.attack");
    eng_probe_do(p, "intruder-attack", "intruder=1");
    return eng_probe_get(p, "last.target");
}

PROBE(probe_target_fewest)
{
    *value = target_of(p, 4, 2, 3, 1) == 2 && target_of(p, 1, 5, 5, 3) == 1;
    return 0;
}
PROBE(probe_target_tie_first)
{
    *value = target_of(p, 2, 2, 2, 2) == 2;
    return 0;
}
PROBE(probe_target_tie_order)
{
    *value = target_of(p, 2, 4, 2, 2) == 3 && target_of(p, 3, 1, 1, 1) == 2;
    return 0;
}

PROBE(probe_target_surprise)
{
    fresh(p, 2);
    eng_probe_setl(p, 1, "c1.hand");
    eng_probe_setl(p, 4, "c2.hand");
    add(p, "creeper", 0);
    eng_probe_do(p, "intruder-attack", "intruder=1 target=2");
    *value = eng_probe_get(p, "last.target") == 2;
    return 0;
}

PROBE(probe_larva_attack)
{
    fresh(p, 1);
    add(p, "larva", 0);
    eng_probe_do(p, "intruder-attack", "intruder=1");
    *value = eng_probe_get(p, "i1.type") == T_NONE && eng_probe_get(p, "c1.larva") == 1
                 ? eng_probe_get(p, "c1.contam") + eng_probe_get(p, "c1.infected")
                 : -1;
    return 0;
}

PROBE(probe_attack_cards)
{
    fresh(p, 1);
    add(p, "adult", 0);
    eng_probe_set(p, "v2-light", "next.attack");
    eng_probe_do(p, "intruder-attack", "intruder=1");
    *value = eng_probe_get(p, "log.attack-card");
    return 0;
}

/* When the hand sizes choose the target: 1 (more) when they do with more
 * characters than one in the room (the one with fewer cards is attacked,
 * not the first player), 2 (fewer) otherwise. */
PROBE(probe_target_more)
{
    *value = target_of(p, 5, 1, 5, 1) == 2 ? 1 : 2;
    return 0;
}

/* A larva's attack draws no attack card. */
PROBE(probe_larva_no_card)
{
    fresh(p, 1);
    add(p, "larva", 0);
    eng_probe_do(p, "intruder-attack", "intruder=1");
    *value = eng_probe_get(p, "c1.larva") == 1 && eng_probe_get(p, "log.attack-card") == 0;
    return 0;
}

PROBE(probe_attack_symbol)
{
    fresh(p, 1);
    add(p, "adult", 0);
    eng_probe_set(p, "v5-serious-large v3-serious", "next.attack");
    eng_probe_do(p, "intruder-attack", "intruder=1");
    int failed = eng_probe_get(p, "c1.serious") == 0;
    eng_probe_do(p, "intruder-attack", "intruder=1");
    *value = failed && eng_probe_get(p, "c1.serious") == 1;
    return 0;
}

/* ---- end of the game -------------------------------------------------------------------------- */

/* The number of the fire (or malfunction) marker whose placing ends the game. */
static int ending_marker(eng_probe *p, long *value, const char *what)
{
    fresh(p, 1);
    for (int r = 0; r < NROOMS; r++) {
        eng_probe_do(p, what, "room=%d", r);
        if (eng_probe_get(p, "over"))
            return *value = r + 1, 0;
    }
    return eng_probe_fail(p, "%s never ends the game", what);
}

PROBE(probe_end_fire) { return ending_marker(p, value, "place-fire"); }
PROBE(probe_end_malfunction) { return ending_marker(p, value, "place-malfunction"); }

PROBE(probe_end_time)
{
    crew(p);
    add(p, "adult", 5);
    eng_probe_setl(p, 1, "time");
    eng_probe_do(p, "event-phase", NULL);
    *value = eng_probe_get(p, "over") && eng_probe_get(p, "end") == 1 && eng_probe_get(p, "c1.dead") &&
             !eng_probe_get(p, "c2.dead") && !eng_probe_get(p, "c3.dead") && eng_probe_get(p, "adults.board") == 1;
    return 0;
}

PROBE(probe_end_sd)
{
    crew(p);
    add(p, "adult", 5);
    eng_probe_setl(p, 1, "sd.active");
    eng_probe_setl(p, 1, "sd");
    eng_probe_do(p, "event-phase", NULL);
    *value = eng_probe_get(p, "over") && eng_probe_get(p, "end") == 2 && eng_probe_get(p, "c1.dead") &&
             eng_probe_get(p, "c2.dead") && !eng_probe_get(p, "c3.dead") && eng_probe_get(p, "adults.board") == 0;
    return 0;
}

PROBE(probe_end_ship_lost)
{
    crew(p);
    for (int r = 0; r < 9; r++)
        eng_probe_do(p, "place-fire", "room=%d", r);
    *value = eng_probe_get(p, "over") && !eng_probe_get(p, "ship.intact") && eng_probe_get(p, "c1.dead") &&
             eng_probe_get(p, "c2.dead") && !eng_probe_get(p, "c3.dead");
    return 0;
}

PROBE(probe_end_last)
{
    fresh(p, 2);
    eng_probe_setl(p, 1, "c2.dead");
    eng_probe_do(p, "hibernate", "who=1");
    int time_red = eng_probe_get(p, "over") && eng_probe_get(p, "end") == 1 && eng_probe_get(p, "time") == 0;
    fresh(p, 2);
    eng_probe_do(p, "escape", "who=2");
    eng_probe_setl(p, 1, "sd.active");
    eng_probe_setl(p, 3, "c1.serious");
    eng_probe_do(p, "wound", "who=1 kind=serious");
    *value = time_red && eng_probe_get(p, "over") && eng_probe_get(p, "end") == 2 && eng_probe_get(p, "sd") == 0;
    return 0;
}

/* Which character leaving play ends the game: -1 (the last one) when the
 * game goes on after the first of two hibernates and ends, the time marker
 * on the red space, when the second does. */
PROBE(probe_end_which)
{
    fresh(p, 2);
    eng_probe_do(p, "hibernate", "who=1");
    int on = !eng_probe_get(p, "over");
    eng_probe_do(p, "hibernate", "who=2");
    *value = on && eng_probe_get(p, "over") && eng_probe_get(p, "time") == 0 ? -1 : 0;
    return 0;
}

/* The four checks come after the end, in the order of the list. */
PROBE(probe_checks_in_order)
{
    static const char *const checks[] = {"check.engines", "check.coordinates", "check.contamination",
                                         "check.objective", NULL};
    fresh(p, 1);
    long before = eng_probe_get(p, "log.check.engines");
    eng_probe_do(p, "end-game", "reason=time");
    long ok = before == 0;
    for (int k = 0; checks[k]; k++)
        ok &= rank(p, checks[k], checks) == k + 1;
    *value = ok;
    return 0;
}

static long check_position(eng_probe *p, const char *check)
{
    static const char *const checks[] = {"check.engines", "check.coordinates", "check.contamination",
                                         "check.objective", NULL};
    fresh(p, 1);
    eng_probe_do(p, "end-game", "reason=time");
    return rank(p, check, checks);
}

PROBE(probe_chk_engines) { *value = check_position(p, "check.engines"); return 0; }
PROBE(probe_chk_coords) { *value = check_position(p, "check.coordinates"); return 0; }
PROBE(probe_chk_contam) { *value = check_position(p, "check.contamination"); return 0; }
PROBE(probe_chk_objective) { *value = check_position(p, "check.objective"); return 0; }

/* Ends the game on time with d engines damaged: 1 when the ship blew up
 * (the hibernated character dies with it). */
static int blows_up(eng_probe *p, int d)
{
    crew(p);
    for (int k = 0; k < d; k++)
        eng_probe_do(p, "damage-engine", NULL);
    add(p, "adult", 5);
    eng_probe_do(p, "end-game", "reason=time");
    /* whoever is aboard dies: the hibernated character and the intruder */
    return !eng_probe_get(p, "ship.intact") && eng_probe_get(p, "c2.dead") && !eng_probe_get(p, "c3.dead") &&
           eng_probe_get(p, "adults.board") == 0;
}

PROBE(probe_engines_min)
{
    for (int d = 0; d < 10; d++)
        if (blows_up(p, d))
            return *value = d, 0;
    return eng_probe_fail(p, "no number of damaged engines blows the ship up");
}

/* Every engine damaged (the ship refuses one more): the ship blows up. */
PROBE(probe_engines_max)
{
    long n = 0;
    crew(p);
    while (n < 10 && eng_probe_act(p, "damage-engine", NULL) == ENG_OK)
        n++;
    add(p, "adult", 5);
    eng_probe_do(p, "end-game", "reason=time");
    *value = !eng_probe_get(p, "ship.intact") && eng_probe_get(p, "c2.dead") && eng_probe_get(p, "adults.board") == 0
                 ? n
                 : -1;
    return 0;
}

PROBE(probe_coordinates)
{
    crew(p);
    eng_probe_setl(p, 0, "coords.earth");
    add(p, "adult", 5);
    eng_probe_do(p, "end-game", "reason=time");
    *value = eng_probe_get(p, "c2.dead") && !eng_probe_get(p, "c3.dead") && eng_probe_get(p, "adults.board") == 1;
    return 0;
}

/* Cards drawn in the contamination check: none of them contamination, so
 * the count is the rule's own. */
PROBE(probe_contam_draw)
{
    crew(p);
    eng_probe_setl(p, 1, "c2.infected");
    eng_probe_setl(p, 1, "c2.discard");
    eng_probe_setl(p, 20, "c2.deck");
    for (int k = 0; k < 10; k++)
        eng_probe_force(p, "draw", "action");
    eng_probe_do(p, "end-game", "reason=time");
    *value = eng_probe_get(p, "c2.dead") ? -1 : eng_probe_get(p, "log.check.draw");
    return 0;
}

PROBE(probe_contam_infected)
{
    crew(p);
    eng_probe_setl(p, 3, "c2.contam");   /* contamination, none infected: no draw */
    eng_probe_setl(p, 3, "c2.discard");
    for (int k = 0; k < 4; k++)
        eng_probe_force(p, "draw", "contamination");
    eng_probe_do(p, "end-game", "reason=time");
    int spared = !eng_probe_get(p, "c2.dead") && eng_probe_get(p, "log.check.draw") == 0;
    crew(p);
    eng_probe_setl(p, 1, "c3.infected");   /* one infected card: the draw of 4 */
    eng_probe_setl(p, 1, "c3.discard");
    eng_probe_force(p, "draw", "action");
    eng_probe_force(p, "draw", "contamination");
    eng_probe_do(p, "end-game", "reason=time");
    *value = spared && eng_probe_get(p, "c3.dead");
    return 0;
}

PROBE(probe_objective)
{
    crew(p);
    eng_probe_setl(p, 1, "c2.objective");
    eng_probe_do(p, "end-game", "reason=time");
    *value = eng_probe_get(p, "c2.won") && !eng_probe_get(p, "c3.won") && !eng_probe_get(p, "c1.won");
    return 0;
}

/* ---- other actions ------------------------------------------------------------------------------ */

PROBE(probe_craft_tools)
{
    for (int t = 0; t < 6; t++) {
        fresh(p, 1);
        eng_probe_setl(p, t, "c1.tools");
        if (eng_probe_act(p, "craft", "who=1 cost=0") == ENG_OK) {
            *value = t - eng_probe_get(p, "c1.tools") == t ? t : -1;
            return 0;
        }
    }
    return eng_probe_fail(p, "crafting never succeeds");
}

PROBE(probe_trade_room)
{
    fresh(p, 2);
    int same = eng_probe_act(p, "trade", "who=1 with=2 cost=0") == ENG_OK;
    fresh(p, 2);
    eng_probe_setl(p, 4, "c2.room");
    *value = same && eng_probe_act(p, "trade", "who=1 with=2 cost=0") == ENG_ILLEGAL;
    return 0;
}

PROBE(probe_pickup)
{
    fresh(p, 1);
    eng_probe_setl(p, 10, "c1.hand");
    eng_probe_setl(p, 1, "room.0.corpses");
    eng_probe_setl(p, 1, "room.0.carcasses");
    add(p, "egg", 0);
    int a = eng_probe_act(p, "pickup", "who=1 what=corpse cost=0") == ENG_OK;
    int b = eng_probe_act(p, "pickup", "who=1 what=carcass cost=0") == ENG_OK;
    eng_probe_setl(p, 1, "current");
    eng_probe_setl(p, 0, "c1.acts");
    int c = eng_probe_act(p, "pickup", "who=1 what=egg cost=0") == ENG_OK;
    *value = a && b && c && eng_probe_get(p, "c1.heavy") == 3;
    return 0;
}

const eng_fact eng_nemesis_facts[] = {
    {"nemesis.wounds.light-to-serious", "light wounds dealt to a fresh character until a serious one appears", probe_light_to_serious},
    {"nemesis.wounds.serious-survivable", "serious wounds survived: one less than the wound that kills", probe_serious_survivable},
    {"nemesis.wounds.light-gives-serious", "serious wounds the third light wound brings (its markers gone)", probe_light_gives_serious},
    {"nemesis.wounds.any-kills", "1 if a light wound after three serious ones kills", probe_light_kills_at_three},
    {"nemesis.wounds.corpse", "1 if death leaves one corpse and drops the heavy objects in the room", probe_corpse},
    {"nemesis.player.hand-size", "hand after the draw at the start of a round, from 1 card", probe_hand_size},
    {"nemesis.player.first-token-offset", "seats the first-player token moves at the round start (1 = left)", probe_first_offset},
    {"nemesis.player.actions-per-turn", "actions a player takes before the turn passes on", probe_actions_per_turn},
    {"nemesis.player.one-action-pass", "1 if after one action the turn stays until a second action or a pass, and a pass ends the round for that player", probe_one_action_pass},
    {"nemesis.player.cost-min", "lowest cost an action accepts (costs -2..5 tried)", probe_cost_min},
    {"nemesis.player.cost-max", "highest cost an action accepts (costs -2..5 tried)", probe_cost_max},
    {"nemesis.player.pass-after", "most actions after which the player may still pass", probe_pass_after},
    {"nemesis.item.cost-only", "1 if an item card's action takes its cost in action cards and the item stays", probe_item_cost_only},
    {"nemesis.player.cost-discards", "1 if a cost of 2 moves 2 cards from hand to discard", probe_cost_discards},
    {"nemesis.player.card-action", "1 if a card action discards the card plus its cost in cards", probe_card_action},
    {"nemesis.player.pass-discard", "1 if a pass may discard the whole hand", probe_pass_discard},
    {"nemesis.player.all-passed", "1 if the event phase comes after the last pass, not before", probe_all_passed},
    {"nemesis.move.doors", "1 if a closed door blocks movement and a destroyed one does not", probe_closed_door_blocks},
    {"nemesis.move.noise-when-empty", "1 if entering an empty room rolls for noise and an occupied one does not", probe_noise_when_empty},
    {"nemesis.door.open", "1 if a corridor with no door placed lets a character through and can be closed", probe_door_open},
    {"nemesis.door.destroyed-stays-open", "1 if a destroyed door cannot be closed", probe_destroyed_no_close},
    {"nemesis.door.intruder-breaks", "1 if an intruder moving into a closed door destroys it and stops", probe_door_intruder},
    {"nemesis.door.danger-ignores", "1 if an intruder pulled by a noise roll's danger passes a closed door", probe_door_danger_ignores},
    {"nemesis.door.explore-danger-ignores", "1 if an intruder pulled by an exploration token's danger passes a closed door", probe_door_explore_danger},
    {"nemesis.explore.reveals", "1 if entering an unexplored room reveals and resolves its token", probe_reveals},
    {"nemesis.explore.silence", "1 if silence does nothing, but with slime danger (and so no noise roll)", probe_silence},
    {"nemesis.explore.danger-no-roll", "1 if a danger token skips the noise roll", probe_danger_no_roll},
    {"nemesis.explore.danger-pulls", "1 if danger pulls intruders not in combat from adjacent rooms", probe_danger_pulls},
    {"nemesis.explore.danger-noise", "markers in the room's corridors after danger with no intruder near", probe_danger_noise},
    {"nemesis.explore.slime-max", "slime markers on a character after exploring two slime rooms", probe_slime_max},
    {"nemesis.explore.fire-max", "fire markers in a room explored with fire, after a second fire there", probe_fire_max},
    {"nemesis.explore.fire-wound", "light wounds for ending a turn in a burning room", probe_fire_wound},
    {"nemesis.explore.malfunction-max", "malfunction markers in a room explored with one, after a second there", probe_malfunction_max},
    {"nemesis.explore.malfunction-blocks", "1 if a malfunction forbids the room action", probe_malfunction_blocks},
    {"nemesis.explore.door-max", "doors taken from the supply by two door results for one corridor", probe_door_max},
    {"nemesis.explore.door-from-board", "1 if with no door left one moves from the board", probe_door_from_board},
    {"nemesis.noise.corridors", "corridors the number faces of the noise die reach", probe_noise_corridors},
    {"nemesis.noise.lowest", "lowest corridor number a number face of the noise die marks", probe_noise_lowest},
    {"nemesis.noise.encounter", "1 if a second marker in a corridor is an encounter instead", probe_noise_encounter},
    {"nemesis.noise.danger", "1 if the danger face pulls intruders, else places markers", probe_noise_danger},
    {"nemesis.noise.silence", "1 if the silence face does nothing, but danger with slime", probe_noise_silence},
    {"nemesis.careful.in-combat", "1 if careful movement is allowed in combat", probe_careful_combat},
    {"nemesis.careful.all-noise", "1 if careful movement is allowed into a room whose corridors all have noise", probe_careful_full},
    {"nemesis.careful.marker", "1 if careful movement places one chosen marker and rolls nothing", probe_careful_places},
    {"nemesis.event.step.time", "position of the time track in the event phase (counted steps)", probe_ev_time},
    {"nemesis.event.step.attack", "position of the intruder attacks", probe_ev_attack},
    {"nemesis.event.step.fire", "position of the fire damage", probe_ev_fire},
    {"nemesis.event.step.card", "position of the event card", probe_ev_card},
    {"nemesis.event.step.bag", "position of the bag development", probe_ev_bag},
    {"nemesis.event.in-order", "1 if the five steps of the event phase come in the listed order", probe_ev_in_order},
    {"nemesis.event.move-then-effect", "1 if the card's effect finds the intruders where the movement left them", probe_ev_move_first},
    {"nemesis.event.time-direction", "way the time marker moves on its track: 2 right (toward the red space), 1 left", probe_time_direction},
    {"nemesis.event.time-step", "spaces the time (and an active self-destruct) marker moves", probe_time_step},
    {"nemesis.event.cards", "event cards drawn in an event phase with no intruder on the board", probe_ev_cards},
    {"nemesis.event.attacks", "1 if each intruder in combat attacks once (two attacks for two, none for one alone)", probe_ev_attacks},
    {"nemesis.event.fire-damage", "damage an intruder in a burning room takes", probe_ev_fire_damage},
    {"nemesis.event.technical", "1 if a technical corridor returns the intruder to the bag", probe_ev_technical},
    {"nemesis.adults.miniatures", "most adults on the board while placing twelve", probe_adult_minis},
    {"nemesis.adults.retreat", "1 if the ninth adult makes those not in combat retreat", probe_retreat},
    {"nemesis.adults.none-free", "1 if an adult drawn with all 8 in combat places nobody and goes back into the bag", probe_adults_none_free},
    {"nemesis.bag.tokens", "tokens drawn by a bag development (a larva token: no noise roll follows)", probe_bag_tokens},
    {"nemesis.bag.larva", "1 if a larva token becomes an adult token", probe_bag_larva},
    {"nemesis.bag.creeper", "1 if a creeper token becomes a breeder token", probe_bag_creeper},
    {"nemesis.bag.adult", "1 if an adult token makes those not in combat roll for noise and returns", probe_bag_adult},
    {"nemesis.bag.breeder", "1 if a breeder token does the same", probe_bag_breeder},
    {"nemesis.bag.queen-nest", "1 if the queen enters a nest with characters", probe_bag_queen_nest},
    {"nemesis.bag.queen-token", "1 if the queen's encounter draws no other token and compares with the queen's number", probe_bag_queen_token},
    {"nemesis.bag.queen-first-in-turn", "1 if of several characters in the nest the first in turn order meets the queen", probe_bag_queen_first},
    {"nemesis.bag.queen-eggs", "egg tokens added when the queen finds nobody in the nest", probe_bag_queen_eggs},
    {"nemesis.bag.blank", "tokens the blank token adds to the bag (an adult one)", probe_bag_blank},
    {"nemesis.bag.blank-none", "1 if a blank with no adult token left changes nothing", probe_bag_blank_none},
    {"nemesis.encounter.noise", "1 if an encounter clears the noise of the room's corridors", probe_enc_noise},
    {"nemesis.encounter.places", "1 if the token's intruder is placed in the room", probe_enc_places},
    {"nemesis.event.new-round", "1 if a new round (draw, token) follows the event phase", probe_new_round},
    {"nemesis.encounter.blank", "1 if a blank token places noise, no intruder, and returns", probe_enc_blank},
    {"nemesis.encounter.blank-last", "adult tokens added when the blank was the last token", probe_enc_blank_last},
    {"nemesis.encounter.blank-which", "which blank token adds an adult: -1 the last one in the bag", probe_enc_blank_which},
    {"nemesis.encounter.tokens", "bag tokens drawn in an encounter", probe_enc_tokens},
    {"nemesis.encounter.appears", "1 if an intruder appearing in a character's room (noise, queen) is an encounter", probe_enc_appears},
    {"nemesis.combat.same-room", "1 if sharing a room with an intruder allows fleeing and attacking, and the next room does not", probe_combat_same_room},
    {"nemesis.encounter.surprise", "1 if surprise comes with fewer cards than the token's number, not with as many", probe_enc_surprise},
    {"nemesis.shoot.ammo", "ammunition one shot spends", probe_shoot_ammo},
    {"nemesis.shoot.needs", "least ammunition that allows a shot", probe_shoot_needs},
    {"nemesis.shoot.blank.adult", "damage of a blank face", probe_s_blank_adult},
    {"nemesis.shoot.larva-creeper.creeper", "damage of the larva/creeper face on a creeper", probe_s_lc_creeper},
    {"nemesis.shoot.larva-creeper.adult", "damage of the larva/creeper face on an adult", probe_s_lc_adult},
    {"nemesis.shoot.adult.adult", "damage of the adult face on an adult", probe_s_ad_adult},
    {"nemesis.shoot.adult.breeder", "damage of the adult face on a breeder", probe_s_ad_breeder},
    {"nemesis.shoot.hit.queen", "damage of the hit face on a queen", probe_s_hit_queen},
    {"nemesis.shoot.double-hit.queen", "damage of the double-hit face on a queen", probe_s_hit2_queen},
    {"nemesis.melee.contamination", "contamination cards one melee attack draws", probe_melee_contam},
    {"nemesis.melee.blank.serious", "serious wounds of a melee blank", probe_m_blank_serious},
    {"nemesis.melee.larva-creeper.creeper", "melee damage of the larva/creeper face on a creeper", probe_m_lc_creeper},
    {"nemesis.melee.larva-creeper.adult-serious", "serious wounds of that face against an adult", probe_m_lc_adult_serious},
    {"nemesis.melee.adult.adult", "melee damage of the adult face on an adult", probe_m_ad_adult},
    {"nemesis.melee.adult.breeder-serious", "serious wounds of that face against a breeder", probe_m_ad_breeder_serious},
    {"nemesis.melee.hit.queen", "melee damage of the hit face", probe_m_hit_queen},
    {"nemesis.melee.double-hit.queen", "melee damage of the double-hit face", probe_m_hit2_queen},
    {"nemesis.flee.attacks", "attacks suffered per intruder when fleeing", probe_flee_attacks},
    {"nemesis.flee.corpse", "1 if a character killed fleeing lies in the room it fled", probe_flee_corpse},
    {"nemesis.flee.enter", "1 if the survivor moves, explores, and rolls for noise", probe_flee_moves},
    {"nemesis.damage.larva-egg", "least damage that kills a larva, and an egg (the same)", probe_larva_egg_dies},
    {"nemesis.damage.markers", "1 if damage stays on a surviving intruder as markers", probe_damage_markers},
    {"nemesis.damage.lethal-beats-arrow", "1 if an arrow card whose number the damage reaches kills, no flight", probe_lethal_beats_arrow},
    {"nemesis.damage.cards-small", "attack cards drawn for a damaged creeper or adult", probe_cards_small},
    {"nemesis.damage.cards-large", "attack cards drawn for a damaged breeder or queen", probe_cards_large},
    {"nemesis.damage.at-value", "1 if damage equal to the card's number kills and one less does not", probe_dies_at_value},
    {"nemesis.damage.sum", "1 if breeders and queens compare with the sum of two cards", probe_damage_sum},
    {"nemesis.damage.arrow", "1 if the retreat arrow moves the intruder by an event card", probe_damage_arrow},
    {"nemesis.damage.flee-ignores-door", "1 if a fleeing intruder is placed behind a closed door, which stays closed", probe_damage_flee_door},
    {"nemesis.target.fewest", "1 if the intruder attacks the character with fewest cards", probe_target_fewest},
    {"nemesis.target.tie-first", "1 if a tie goes to the first player", probe_target_tie_first},
    {"nemesis.target.tie-order", "1 if otherwise to the next tied player in turn order", probe_target_tie_order},
    {"nemesis.target.surprise", "1 if a surprise attack hits who caused the encounter", probe_target_surprise},
    {"nemesis.attack.larva", "contamination cards from a larva's attack (the larva moves to the board)", probe_larva_attack},
    {"nemesis.attack.larva-no-card", "1 if a larva's attack draws no attack card", probe_larva_no_card},
    {"nemesis.attack.cards", "attack cards an adult's attack draws", probe_attack_cards},
    {"nemesis.target.more-than-one", "when hand sizes choose the target: 1 more characters than one", probe_target_more},
    {"nemesis.attack.symbol", "1 if an attack card without the attacker's symbol fails", probe_attack_symbol},
    {"nemesis.end.fire-marker", "the fire marker whose placing ends the game", probe_end_fire},
    {"nemesis.end.malfunction-marker", "the malfunction marker whose placing ends the game", probe_end_malfunction},
    {"nemesis.end.time", "1 if the time's end kills those awake aboard only", probe_end_time},
    {"nemesis.end.self-destruct", "1 if the explosion kills everyone aboard", probe_end_sd},
    {"nemesis.end.ship-lost", "1 if the 9th fire kills everyone aboard", probe_end_ship_lost},
    {"nemesis.end.last-character", "1 if the last character leaving play moves time or self-destruct to red", probe_end_last},
    {"nemesis.end.which-leaves", "which character leaving play ends the game: -1 the last", probe_end_which},
    {"nemesis.end.checks-in-order", "1 if the four checks follow the end, in the listed order", probe_checks_in_order},
    {"nemesis.end.check.engines", "position of the engines check among the four", probe_chk_engines},
    {"nemesis.end.check.coordinates", "position of the coordinates check", probe_chk_coords},
    {"nemesis.end.check.contamination", "position of the contamination check", probe_chk_contam},
    {"nemesis.end.check.objective", "position of the objective check", probe_chk_objective},
    {"nemesis.end.engines-min", "fewest damaged engines that blow the ship up", probe_engines_min},
    {"nemesis.end.engines-max", "engines damaged when the ship refuses another, if that blows it up", probe_engines_max},
    {"nemesis.end.coordinates", "1 if a wrong course kills the hibernated only", probe_coordinates},
    {"nemesis.end.contamination-draw", "cards drawn in the contamination check", probe_contam_draw},
    {"nemesis.end.contamination-infected", "1 if only an infected card starts the draw, and a contamination card drawn kills", probe_contam_infected},
    {"nemesis.end.objective", "1 if the living who meet their objective win", probe_objective},
    {"nemesis.craft.tools", "item cards crafting needs", probe_craft_tools},
    {"nemesis.trade.same-room", "1 if trading needs the other character in the room", probe_trade_room},
    {"nemesis.pickup.heavy", "1 if corpses, carcasses and eggs can be picked up", probe_pickup},
};

/* ---- AI procedures: helpers over keys ---------------------------------------------------------- */

static int playing(const eng_state *st, int c)
{
    return c <= eng_val(st, "players") && !eng_val(st, "c%d.dead", c) && !eng_val(st, "c%d.hibernated", c) &&
           !eng_val(st, "c%d.evacuated", c);
}

static int fighter(long type)
{
    return type >= T_LARVA && type <= T_QUEEN;
}

static long in_combat_count(const eng_state *st)
{
    long n = 0;
    for (int i = 1; i <= MAXINT; i++)
        n += fighter(eng_val(st, "i%d.type", i)) && eng_val(st, "room.%ld.characters", eng_val(st, "i%d.room", i)) > 0;
    return n;
}

static long total(const eng_state *st, const char *list)
{
    long n = 0;
    for (int k = 1; k <= 6; k++)
        n += eng_val(st, "%s.%s", list, kinds[k]);
    return n;
}

static long queens_at(const eng_state *st, int room)
{
    long n = 0;
    for (int i = 1; i <= MAXINT; i++)
        n += eng_val(st, "i%d.type", i) == T_QUEEN && eng_val(st, "i%d.room", i) == room;
    return n;
}

#define DIFF(key) (eng_val(after, "%s", key) - eng_val(before, "%s", key))

/* ---- AI: whom an intruder attacks ------------------------------------------------------------------ */

/* The fewest cards in hand among the characters in play in ai.room, and how
 * many hold that many. */
static long fewest(const eng_state *st, int *ties)
{
    long room = eng_val(st, "ai.room"), min = 1L << 30;
    *ties = 0;
    for (int c = 1; c <= MAXCH; c++) {
        if (!playing(st, c) || eng_val(st, "c%d.room", c) != room)
            continue;
        long h = eng_val(st, "c%d.hand", c);
        if (h < min)
            min = h, *ties = 1;
        else if (h == min)
            (*ties)++;
    }
    return min;
}

static int tied(const eng_state *st, int c)
{
    int ties;
    return playing(st, c) && eng_val(st, "c%d.room", c) == eng_val(st, "ai.room") &&
           eng_val(st, "c%d.hand", c) == fewest(st, &ties);
}

static int pred_t_surprise(const eng_state *st) { return eng_val(st, "ai.surprise") > 0; }
static int pred_t_single(const eng_state *st) { return eng_val(st, "room.%ld.characters", eng_val(st, "ai.room")) == 1; }
static int pred_t_unique(const eng_state *st)
{
    int ties;
    fewest(st, &ties);
    return ties == 1;
}
static int pred_t_first(const eng_state *st) { return tied(st, (int)eng_val(st, "first")); }

static int post_t_trigger(const eng_state *before, const eng_state *after)
{
    (void)before;
    return eng_val(after, "ai.surprise") > 0 && eng_val(after, "last.target") == eng_val(after, "ai.surprise");
}
static int post_t_only(const eng_state *before, const eng_state *after)
{
    (void)before;
    int ties;
    fewest(after, &ties);
    return ties == 1 && pred_t_single(after) && tied(after, (int)eng_val(after, "last.target"));
}
static int post_t_fewest(const eng_state *before, const eng_state *after)
{
    (void)before;
    return pred_t_unique(after) && tied(after, (int)eng_val(after, "last.target"));
}
static int post_t_first(const eng_state *before, const eng_state *after)
{
    (void)before;
    return eng_val(after, "last.target") == eng_val(after, "first") && tied(after, (int)eng_val(after, "first"));
}
/* the first of the tied, counting seats from the first player on */
static int post_t_order(const eng_state *before, const eng_state *after)
{
    (void)before;
    long n = eng_val(after, "players"), first = eng_val(after, "first");
    for (long k = 0; k < n; k++) {
        int c = (int)((first - 1 + k) % n) + 1;
        if (tied(after, c))
            return k > 0 && eng_val(after, "last.target") == c;
    }
    return 0;
}

/* Every seating of 1..4 characters in room 3, every first player, and every
 * hand of 0..2 cards for those in the room, with and without a surprise
 * attack (on the first of them in the room). Those outside the room hold 0
 * cards, fewer than anyone inside: a procedure that looked beyond the room
 * would pick them. */
static long enum_target(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    eng_state *base = eng_state_new(g, seed), *st = base ? eng_state_copy(base) : NULL;
    long n = 0;
    if (!st) {
        eng_state_free(base);
        return -1;
    }
    for (int players = 1; players <= 4; players++)
        for (int mask = 1; mask < (1 << players); mask++) {
            int combos = 1;
            for (int i = 0; i < players; i++)
                combos *= mask & (1 << i) ? 3 : 1;
            for (int hands = 0; hands < combos; hands++)
                for (int first = 1; first <= players; first++)
                    for (int surprise = 0; surprise <= players; surprise++) {
                        /* a surprise attack hits its trigger whoever that is:
                         * the lowest-numbered one in the room stands for all */
                        if (surprise > 0 && (!(mask & (1 << (surprise - 1))) || (mask & ((1 << (surprise - 1)) - 1))))
                            continue;
                        eng_state_assign(st, base);
                        eng_set_long(st, players, "players");
                        eng_set_long(st, first, "first");
                        eng_set_long(st, 3, "ai.room");
                        eng_set_long(st, surprise, "ai.surprise");
                        int h = hands;
                        for (int i = 0; i < players; i++) {
                            int in = (mask & (1 << i)) != 0;
                            eng_set_long(st, in ? 3 : 0, "c%d.room", i + 1);
                            eng_set_long(st, in ? h % 3 : 0, "c%d.hand", i + 1);
                            h /= in ? 3 : 1;
                        }
                        n++;
                        if (visit(st, ctx))
                            goto done;
                    }
        }
done:
    eng_state_free(st);
    eng_state_free(base);
    return n;
}

static void describe(const eng_state *st, char *buf, size_t len)
{
    static const char *const keys[] = {"players", "first", "ai.room", "ai.surprise", "ai.intruder", "ai.amount",
                                       "time", "sd.active", "sd", "next.attack", "next.event", "next.bag", "bag",
                                       "supply", NULL};
    size_t used = 0;
    char v[160], err[64];
    for (const char *const *k = keys; *k && used < len; k++)
        if (eng_get(st, *k, v, sizeof v, err, sizeof err) == 0)
            used += (size_t)snprintf(buf + used, len - used, "%s%s=%s", used ? " " : "", *k, v);
    for (int c = 1; c <= eng_val(st, "players") && used < len; c++)
        used += (size_t)snprintf(buf + used, len - used, " c%d(room %ld, hand %ld%s)", c, eng_val(st, "c%d.room", c),
                                 eng_val(st, "c%d.hand", c), playing(st, c) ? "" : ", out");
    for (int i = 1; i <= MAXINT && used < len; i++) {
        long t = eng_val(st, "i%d.type", i);
        if (t != T_NONE)
            used += (size_t)snprintf(buf + used, len - used, " i%d(type %ld, room %ld, damage %ld)", i, t,
                                     eng_val(st, "i%d.room", i), eng_val(st, "i%d.damage", i));
    }
}

static const eng_pred target_preds[] = {
    {"nemesis.target.is-surprise", "a surprise attack", 2, pred_t_surprise, NULL},
    {"nemesis.target.single", "exactly one character in the room", 2, pred_t_single, NULL},
    {"nemesis.target.unique-fewest", "one character alone has the fewest action cards", 2, pred_t_unique, NULL},
    {"nemesis.target.first-tied", "the first player is among those tied with the fewest", 2, pred_t_first, NULL},
};
static const eng_outcome target_outcomes[] = {
    {"nemesis.target.encounter-trigger", "the target is who caused the surprise attack", post_t_trigger},
    {"nemesis.target.only", "the target is the one character in the room", post_t_only},
    {"nemesis.target.fewest", "the target alone holds the fewest cards", post_t_fewest},
    {"nemesis.target.first-player", "the target is the first player, tied for the fewest", post_t_first},
    {"nemesis.target.turn-order", "the target is the first tied in turn order after the first player", post_t_order},
};

/* ---- AI: damage to an intruder ---------------------------------------------------------------------- */

static long subject(const eng_state *st, const char *field)
{
    return eng_val(st, "i%ld.%s", eng_val(st, "ai.intruder"), field);
}

static int pred_d_kind(const eng_state *st)
{
    long t = subject(st, "type");
    return (t == T_LARVA || t == T_EGG) ? 0 : (t == T_CREEPER || t == T_ADULT) ? 1 : 2;
}

/* the cards stacked for this damage: one, or two for large intruders */
static int pred_d_lethal(const eng_state *st)
{
    long sum = eng_val(st, "next.attack.1.value") + (pred_d_kind(st) == 2 ? eng_val(st, "next.attack.2.value") : 0);
    return subject(st, "damage") + eng_val(st, "ai.amount") >= sum;
}

static int pred_d_arrow(const eng_state *st)
{
    return eng_val(st, "next.attack.1.arrow") || (pred_d_kind(st) == 2 && eng_val(st, "next.attack.2.arrow"));
}

static int post_d_dies(const eng_state *before, const eng_state *after)
{
    long t = subject(before, "type"), room = subject(before, "room");
    return (t == T_LARVA || t == T_EGG) && subject(after, "type") == T_NONE &&
           eng_val(after, "room.%ld.carcasses", room) == eng_val(before, "room.%ld.carcasses", room);
}

static int drew(const eng_state *before, const eng_state *after, long cards)
{
    return DIFF("log.attack-card") == cards && subject(after, "type") == subject(before, "type") &&
           subject(after, "room") == subject(before, "room") &&
           subject(after, "damage") == subject(before, "damage") + eng_val(after, "ai.amount");
}
static int post_d_one(const eng_state *b, const eng_state *a) { return drew(b, a, 1); }
static int post_d_two(const eng_state *b, const eng_state *a) { return drew(b, a, 2); }

static int post_d_carcass(const eng_state *before, const eng_state *after)
{
    long room = subject(before, "room");
    return subject(after, "type") == T_NONE &&
           eng_val(after, "room.%ld.carcasses", room) == eng_val(before, "room.%ld.carcasses", room) + 1;
}

static int post_d_flees(const eng_state *before, const eng_state *after)
{
    int gone = subject(after, "type") == T_NONE && total(after, "bag") == total(before, "bag") + 1;
    int moved = subject(after, "type") == subject(before, "type") && subject(after, "room") != subject(before, "room");
    return DIFF("log.event-card") == 1 && (gone || moved);
}

static int post_d_stays(const eng_state *before, const eng_state *after)
{
    return DIFF("log.event-card") == 0 && subject(after, "type") == subject(before, "type") &&
           subject(after, "room") == subject(before, "room") && subject(after, "damage") == subject(before, "damage");
}

/* Every intruder kind, damage already on it 0..6, hits of 1 and 2, and every
 * card (pair of cards) of the attack deck. */
static long enum_damage(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    static const char *const types[] = {"none", "larva", "creeper", "adult", "breeder", "queen", "egg"};
    static const char *const cards[] = {"v2-light", "v3-serious", "v4-light-retreat", "v5-serious-large",
                                        "v6-retreat-large"};
    eng_state *base = eng_state_new(g, seed), *st = base ? eng_state_copy(base) : NULL;
    char err[128], next[64];
    long n = 0;
    if (!st) {
        eng_state_free(base);
        return -1;
    }
    eng_set(base, "c1.room", "3", err, sizeof err);
    eng_set(base, "ai.intruder", "1", err, sizeof err);
    eng_set(base, "i1.room", "3", err, sizeof err);
    eng_set(base, "next.event", "e2-adult", err, sizeof err);
    for (int type = T_LARVA; type <= T_EGG; type++)
        for (int dmg = 0; dmg <= 6; dmg++)
            for (int amount = 1; amount <= 2; amount++)
                for (int c1 = 0; c1 < 5; c1++)
                    for (int c2 = 0; c2 < 5; c2++) {
                        int two = type == T_BREEDER || type == T_QUEEN, none = type == T_LARVA || type == T_EGG;
                        if ((!two && c2 > 0) || (none && c1 > 0))
                            continue;
                        eng_state_assign(st, base);
                        eng_set(st, "i1.type", types[type], err, sizeof err);
                        eng_set_long(st, dmg, "i1.damage");
                        eng_set_long(st, amount, "ai.amount");
                        snprintf(next, sizeof next, "%s %s", none ? "" : cards[c1], two ? cards[c2] : "");
                        eng_set(st, "next.attack", next, err, sizeof err);
                        n++;
                        if (visit(st, ctx))
                            goto done;
                    }
done:
    eng_state_free(st);
    eng_state_free(base);
    return n;
}

static const eng_pred damage_preds[] = {
    {"nemesis.damage.kind", "0 larva or egg, 1 creeper or adult, 2 breeder or queen", 3, pred_d_kind, NULL},
    {"nemesis.damage.lethal", "the damage reaches the number (sum) of the card(s) drawn", 2, pred_d_lethal, NULL},
    {"nemesis.damage.has-arrow", "a card drawn shows the retreat arrow", 2, pred_d_arrow, NULL},
};
static const eng_outcome damage_outcomes[] = {
    {"nemesis.damage.dies", "a larva or egg is gone, no carcass", post_d_dies},
    {"nemesis.damage.draw-one", "the damage is on it and one attack card was drawn", post_d_one},
    {"nemesis.damage.draw-two", "the damage is on it and two attack cards were drawn", post_d_two},
    {"nemesis.damage.carcass", "the intruder is gone and a carcass lies in its room", post_d_carcass},
    {"nemesis.damage.flees", "an event card was drawn and the intruder left its room", post_d_flees},
    {"nemesis.damage.stays", "nothing more happened: no card, same room and damage", post_d_stays},
};

/* ---- AI: the event phase ------------------------------------------------------------------------- */

static int pred_e_sd(const eng_state *st) { return eng_val(st, "sd.active") != 0; }
static int pred_e_red(const eng_state *st)
{
    return eng_val(st, "time") <= 1 || (eng_val(st, "sd.active") && eng_val(st, "sd") <= 1);
}
static int pred_e_combat(const eng_state *st) { return in_combat_count(st) > 0; }

static int burning(const eng_state *st, int i)
{
    return eng_val(st, "i%d.type", i) != T_NONE && eng_val(st, "room.%ld.fire", eng_val(st, "i%d.room", i)) > 0;
}

static int pred_e_fire(const eng_state *st)
{
    for (int i = 1; i <= MAXINT; i++)
        if (burning(st, i))
            return 1;
    return 0;
}

static int post_e_time(const eng_state *before, const eng_state *after)
{
    return DIFF("time") == -1 && DIFF("sd") == 0;
}
static int post_e_sd(const eng_state *before, const eng_state *after)
{
    return DIFF("sd") == -1 && DIFF("time") == 0;
}
static int post_e_over(const eng_state *before, const eng_state *after)
{
    return !eng_val(before, "over") && eng_val(after, "over");
}
/* each intruder in combat attacked once */
static int post_e_attacks(const eng_state *before, const eng_state *after)
{
    long n = in_combat_count(before);
    return n > 0 && DIFF("log.intruder-attack") == n;
}
/* each intruder in a burning room took 1 damage (or died of it); no other */
static int post_e_fire(const eng_state *before, const eng_state *after)
{
    int any = 0;
    for (int i = 1; i <= MAXINT; i++) {
        long t = eng_val(after, "i%d.type", i), d = eng_val(after, "i%d.damage", i) - eng_val(before, "i%d.damage", i);
        if (burning(before, i))
            any = 1;
        if (burning(before, i) ? !(t == T_NONE || d == 1) : (t != T_NONE && d != 0))
            return 0;
    }
    return any;
}
/* an event card drawn; the intruders in combat stayed */
static int post_e_move(const eng_state *before, const eng_state *after)
{
    if (DIFF("log.event-card") != 1 || DIFF("log.step.move") != 1)
        return 0;
    for (int i = 1; i <= MAXINT; i++) {
        long t = eng_val(before, "i%d.type", i), r = eng_val(before, "i%d.room", i);
        if (fighter(t) && eng_val(before, "room.%ld.characters", r) > 0 && eng_val(after, "i%d.room", i) != r)
            return 0;
    }
    return 1;
}
/* the card's effect, after every movement: nobody moved any more */
static int post_e_effect(const eng_state *before, const eng_state *after)
{
    if (DIFF("log.step.effect") != 1)
        return 0;
    for (int i = 1; i <= MAXINT; i++)
        if (eng_val(after, "i%d.type", i) != eng_val(before, "i%d.type", i) ||
            eng_val(after, "i%d.room", i) != eng_val(before, "i%d.room", i))
            return 0;
    return 1;
}
static int post_e_development(const eng_state *before, const eng_state *after)
{
    return DIFF("log.step.bag") == 1 && DIFF("log.bag-token") >= 1;
}

/* ---- AI: the bag development ---------------------------------------------------------------------- */

static int pred_b_token(const eng_state *st)
{
    long k = eng_val(st, "next.bag.1");
    return k > 0 ? (int)k - 1 : 0;
}
static int pred_b_nest(const eng_state *st)
{
    return eng_val(st, "room.11.explored") && eng_val(st, "room.11.characters") > 0;
}
static int pred_b_supply(const eng_state *st) { return eng_val(st, "supply.adult") > 0; }
static int pred_b_free(const eng_state *st)
{
    for (int c = 1; c <= eng_val(st, "players"); c++)
        if (playing(st, c) && !eng_val(st, "c%d.combat", c))
            return 1;
    return 0;
}

/* A drawn token of kind from stays out and one of kind to came from the
 * supply into the bag (when the supply had one). */
static int replaced(const eng_state *before, const eng_state *after, const char *from, const char *to)
{
    char key[32], sup[32];
    snprintf(key, sizeof key, "bag.%s", to);
    snprintf(sup, sizeof sup, "supply.%s", to);
    long had = eng_val(before, "%s", sup) > 0;
    return eng_val(after, "bag.%s", from) == eng_val(before, "bag.%s", from) - 1 && DIFF(key) == had &&
           DIFF(sup) == -had;
}
static int post_b_larva(const eng_state *b, const eng_state *a) { return replaced(b, a, "larva", "adult"); }
static int post_b_creeper(const eng_state *b, const eng_state *a) { return replaced(b, a, "creeper", "breeder"); }

/* every character in play and out of combat rolled the noise die once */
static int post_b_noise(const eng_state *before, const eng_state *after)
{
    long n = 0;
    for (int c = 1; c <= eng_val(before, "players"); c++)
        n += playing(before, c) && !eng_val(before, "c%d.combat", c);
    return n > 0 && (DIFF("log.noise-roll") == n || eng_val(after, "over"));
}
static int post_b_queen(const eng_state *before, const eng_state *after)
{
    return queens_at(after, NEST) == queens_at(before, NEST) + 1 && DIFF("eggs") == 0;
}
static int post_b_egg(const eng_state *before, const eng_state *after)
{
    return DIFF("eggs") == 1 && queens_at(after, NEST) == queens_at(before, NEST);
}
/* an adult token, and nothing else, moved from the supply into the bag */
static int post_b_add_adult(const eng_state *before, const eng_state *after)
{
    return DIFF("bag.adult") == 1 && DIFF("supply.adult") == -1 && DIFF("bag.breeder") == 0 &&
           DIFF("supply.breeder") == 0 && total(after, "supply") == total(before, "supply") - 1;
}
static int post_b_no_adult(const eng_state *before, const eng_state *after)
{
    return eng_val(before, "supply.adult") == 0 && DIFF("bag.adult") == 0 &&
           total(after, "supply") == total(before, "supply");
}
/* (the token was drawn in this step when no step came between) */
static int post_b_return(const eng_state *before, const eng_state *after)
{
    return total(after, "bag") - total(before, "bag") == 1 - DIFF("log.bag-token");
}

/* Event-phase situations: self-destruct off/on, time (and self-destruct)
 * running out or not, intruders in combat or not, an intruder in a burning
 * room or not, every bag token, the nest occupied or not, adult tokens left
 * in the supply or not, a character out of combat or not. The cards that
 * could change a later question are stacked: attack cards without the
 * retreat arrow, and an event card whose symbol no free intruder has.
 * bag_only: the self-destruct, the time and the fire do not reach the bag
 * development, so they stay off. */
static long enum_states(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx,
                        int bag_only)
{
    static const char *const faces[] = {"larva", "creeper", "adult", "breeder", "queen", "blank"};
    eng_state *base = eng_state_new(g, seed), *st = base ? eng_state_copy(base) : NULL;
    char err[128], bag[256], v[300];
    long n = 0;
    if (!st) {
        eng_state_free(base);
        return -1;
    }
    eng_set(base, "players", "3", err, sizeof err);
    eng_set(base, "room.11.explored", "1", err, sizeof err);
    eng_set(base, "next.event", "e2-large", err, sizeof err);
    eng_get(base, "bag", bag, sizeof bag, err, sizeof err);
    for (int code = 0; code < (1 << 7) * 6; code++) {
        int token = code % 6, bits = code / 6;
        int sd = bits & 1, red = (bits >> 1) & 1, combat = (bits >> 2) & 1, fire = (bits >> 3) & 1;
        int nest = (bits >> 4) & 1, supply = (bits >> 5) & 1, free_char = (bits >> 6) & 1;
        if (!combat && !free_char && !nest)
            continue;   /* somebody must be somewhere */
        if (bag_only && (sd || red || fire))
            continue;
        eng_state_assign(st, base);
        eng_rng_seed(eng_state_rng(st), seed + (uint64_t)code);
        eng_set_long(st, sd, "sd.active");
        eng_set_long(st, red && !sd ? 1 : 8, "time");
        eng_set_long(st, red && sd ? 1 : 5, "sd");
        if (!supply)
            eng_set(st, "supply", "", err, sizeof err);
        /* character 1: fighting an adult in room 2, or out of play */
        eng_set_long(st, 2, "c1.room");
        eng_set_long(st, !combat, "c1.dead");
        if (combat)
            eng_act(st, "place-intruder", "type=adult room=2 token=3", err, sizeof err);
        /* character 2: free in room 4, or out of play */
        eng_set_long(st, 4, "c2.room");
        eng_set_long(st, !free_char, "c2.dead");
        /* character 3: in the nest with a creeper, or out of play */
        eng_set_long(st, NEST, "c3.room");
        eng_set_long(st, 5, "c3.hand");
        eng_set_long(st, !nest, "c3.dead");
        if (nest)
            eng_act(st, "place-intruder", "type=creeper room=11 token=1", err, sizeof err);
        if (fire) {
            eng_set_long(st, 1, "room.8.fire");
            eng_set_long(st, 1, "room.8.explored");
            eng_act(st, "place-intruder", "type=adult room=8 token=2", err, sizeof err);
        }
        snprintf(v, sizeof v, "%s%s%s", combat ? "v2-light " : "", nest ? "v2-light " : "", fire ? "v3-serious" : "");
        eng_set(st, "next.attack", v, err, sizeof err);
        eng_set(st, "next.bag", faces[token], err, sizeof err);
        /* the bag must hold the stacked token */
        snprintf(v, sizeof v, "%s %s%s", bag, faces[token], token == 5 ? "" : "4");
        eng_set(st, "bag", v, err, sizeof err);
        n++;
        if (visit(st, ctx))
            break;
    }
    eng_state_free(st);
    eng_state_free(base);
    return n;
}

static long enum_event(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return enum_states(g, seed, visit, ctx, 0);
}

static long enum_bag(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *, void *), void *ctx)
{
    return enum_states(g, seed, visit, ctx, 1);
}

static const eng_pred event_preds[] = {
    {"nemesis.event.sd-active", "the self-destruct is active", 2, pred_e_sd, NULL},
    {"nemesis.event.reaches-red", "the time or self-destruct marker reaches the red space", 2, pred_e_red, NULL},
    {"nemesis.event.any-combat", "an intruder shares a room with a character", 2, pred_e_combat, NULL},
    {"nemesis.event.any-burning", "an intruder is in a room with fire", 2, pred_e_fire, NULL},
};
static const eng_outcome event_outcomes[] = {
    {"nemesis.event.time", "the time marker moved one space, the self-destruct did not", post_e_time},
    {"nemesis.event.self-destruct", "the self-destruct marker moved one space, the time did not", post_e_sd},
    {"nemesis.event.game-over", "the game is over", post_e_over},
    {"nemesis.event.attacks", "each intruder in combat attacked once", post_e_attacks},
    {"nemesis.event.fire-damage", "each intruder in a burning room took 1 damage, no other", post_e_fire},
    {"nemesis.event.intruders-move", "an event card drawn; no intruder in combat moved", post_e_move},
    {"nemesis.event.card-effect", "the card's effect, after the movement: no intruder moved", post_e_effect},
    {"nemesis.event.development", "a bag token was drawn for the bag development", post_e_development},
};

static const eng_pred bag_preds[] = {
    {"nemesis.bag.token", "the bag token: 0 larva, 1 creeper, 2 adult, 3 breeder, 4 queen, 5 blank", 6, pred_b_token, NULL},
    {"nemesis.bag.nest-occupied", "a character is in the discovered nest", 2, pred_b_nest, NULL},
    {"nemesis.bag.adult-left", "an adult token is left outside the bag", 2, pred_b_supply, NULL},
    {"nemesis.bag.someone-free", "a character in play is not in combat", 2, pred_b_free, NULL},
};
static const eng_outcome bag_outcomes[] = {
    {"nemesis.bag.larva-to-adult", "the larva token is out, an adult token from the supply in", post_b_larva},
    {"nemesis.bag.creeper-to-breeder", "the creeper token is out, a breeder token from the supply in", post_b_creeper},
    {"nemesis.bag.noise-rolls", "each character in play out of combat rolled for noise", post_b_noise},
    {"nemesis.bag.queen-encounter", "a queen stands in the nest", post_b_queen},
    {"nemesis.bag.egg", "one more egg token, no queen placed", post_b_egg},
    {"nemesis.bag.add-adult", "an adult token, and nothing else, went from the supply into the bag", post_b_add_adult},
    {"nemesis.bag.no-adult", "no adult token was left: bag and supply unchanged", post_b_no_adult},
    {"nemesis.bag.return", "the drawn token is back in the bag", post_b_return},
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

const eng_ai eng_nemesis_ais[] = {
    {"nemesis.intruder-target", "whom an intruder attacks", target_preds, N(target_preds), target_outcomes,
     N(target_outcomes), eng_nemesis_run_target, enum_target, describe},
    {"nemesis.intruder-damage", "what damage does to an intruder", damage_preds, N(damage_preds), damage_outcomes,
     N(damage_outcomes), eng_nemesis_run_damage, enum_damage, describe},
    {"nemesis.event-phase", "the event phase", event_preds, N(event_preds), event_outcomes, N(event_outcomes),
     eng_nemesis_run_event, enum_event, describe},
    {"nemesis.bag-development", "the development of the intruder bag", bag_preds, N(bag_preds), bag_outcomes,
     N(bag_outcomes), eng_nemesis_run_bag, enum_bag, describe},
};
