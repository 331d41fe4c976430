/* eng_nemesis.c — the Nemesis engine: the rules of the Italian one-page
 * summary (seed 002) as state and functions, measured by the checker.
 *
 * The ship is a model, not the printed board: 12 rooms in a ring (room 0 is
 * the starting room, room 11 the Nest). Every room has four corridors,
 * numbered 1..4 like the noise die: 1 to the next room of the ring, 2 to the
 * previous one, 3 across the ring (room r <-> r+6), 4 a technical corridor.
 * Decks and the intruder bag are face tables drawn through eng_rng; where the
 * source does not give a deck's contents (attack and event cards, face counts
 * of the dice) the engine's tables are stand-ins named after what matters
 * (an attack card "v4-light-retreat" has the number 4, one light wound and
 * the retreat arrow). No fact depends on those contents: probes force what
 * they draw.
 *
 * State keys (characters 1..5 as cN., intruders 1..24 as iN., rooms 0..11):
 *   players, first, current (characters), round, time (spaces to the red
 *   space), sd.active, sd (self-destruct spaces to red), over, end (reason:
 *   none|time|self-destruct|fire|malfunction), ship.intact, engines.damaged,
 *   coords.earth, eggs, doors.supply, fires, malfunctions, adults.board,
 *   bag, supply (token lists such as "adult3 larva1 blank"),
 *   bag.larva|creeper|adult|breeder|queen|blank (counts, read-only)
 *   cN.room hand deck discard light serious dead slime passed acts ammo
 *      contam infected heavy tools crafted hibernated evacuated objective won
 *      larva combat(read-only)
 *   iN.type (none|larva|creeper|adult|breeder|queen|egg) iN.room iN.damage
 *      iN.token (the number on its bag token)
 *   room.R.explored token(none|silence|danger|slime|fire|malfunction|door)
 *      fire malfunction corpses carcasses heavy noise.K door.K(open|closed|
 *      destroyed) characters intruders (read-only counts)
 * Actions (who= is the acting character, default 1; cost= 0..2 where an
 * action's printed cost applies, default 1):
 *   round-start; pass who discard; move who corridor; careful who corridor
 *   noise; flee who corridor; shoot who target; melee who target;
 *   pickup who what(object|corpse|carcass|egg); trade who with; craft who;
 *   card who cost; item who cost; room-action who cost; close-door who
 *   corridor; wound who kind; noise-roll who; encounter who; danger room;
 *   place-fire room; place-malfunction room; place-door room corridor;
 *   place-intruder type room token; intruder-attack intruder target;
 *   damage intruder amount; event-phase; bag-development; event-card;
 *   hibernate who; escape who; end-turn who (fire check only)
 */
#include "eng_nemesis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NM_MAXCH 5
#define NM_NROOMS 12
#define NM_NEST (NM_NROOMS - 1)
#define NM_NCORR (NM_NROOMS * 2 + NM_NROOMS / 2)
#define NM_MAXINT 24
#define NM_MAXTOK 40
#define NM_ADULT_MINIS 8     /* miniatures in the box: the retreat rule */
#define NM_MAXLOG 64

int eng_nemesis_fault = NM_FAULT_NONE;
#define FAULT(f) (eng_nemesis_fault == (f))

/* Intruder kinds; bag tokens use the same numbers, with 6 = blank token,
 * intruders with 6 = egg. */
enum { K_NONE, K_LARVA, K_CREEPER, K_ADULT, K_BREEDER, K_QUEEN, K_SIX };
enum { X_NONE, X_SILENCE, X_DANGER, X_SLIME, X_FIRE, X_MALFUNCTION, X_DOOR };
enum { D_OPEN, D_CLOSED, D_DESTROYED };
enum { E_NONE, E_TIME, E_SD, E_FIRE, E_MALFUNCTION };
/* what the engine logs, so that probes can measure the order of steps */
enum { L_TIME = 1, L_ATTACK, L_FIRE, L_CARD_MOVE, L_CARD_EFFECT, L_BAG,
       L_CHK_ENGINES, L_CHK_COORDS, L_CHK_CONTAM, L_CHK_OBJECTIVE };
/* which procedure writes its outcomes into the trace */
enum { T_NONE, T_EVENT, T_DAMAGE, T_TARGET, T_BAG };

static const char *const kind_names[] = {"none", "larva", "creeper", "adult", "breeder", "queen", "blank"};
static const char *const intruder_names[] = {"none", "larva", "creeper", "adult", "breeder", "queen", "egg"};
static const char *const token_names[] = {"none", "silence", "danger", "slime", "fire", "malfunction", "door"};
static const char *const door_names[] = {"open", "closed", "destroyed"};
static const char *const end_names[] = {"none", "time", "self-destruct", "fire", "malfunction"};

typedef struct nm_tok {
    int kind, num;
} nm_tok;

typedef struct nm_char {
    int room, hand, deck, discard, light, serious, dead, slime, passed, acts, ammo;
    int contam, infected, heavy, tools, crafted, hibernated, evacuated, objective, won, larva;
} nm_char;

typedef struct nm_intruder {
    int type, room, damage, token;
} nm_intruder;

typedef struct nm_room {
    int explored, token, fire, malfunction, corpses, carcasses, heavy;
} nm_room;

typedef struct nm_corr {
    int a, b;          /* rooms; b = -1 for a technical corridor */
    int noise, door;
} nm_corr;

typedef struct nm_state {
    eng_rng *rng;      /* borrowed */
    int players, first, current, round;
    int time, sd_active, sd, over, end, intact, engines_damaged, coords_earth;
    int eggs, doors_supply;
    nm_char ch[NM_MAXCH];
    nm_intruder in[NM_MAXINT];
    nm_room room[NM_NROOMS];
    nm_corr corr[NM_NCORR];
    nm_tok bag[NM_MAXTOK], supply[NM_MAXTOK];
    int nbag, nsupply;
    int log[NM_MAXLOG], nlog;
    int noise_rolls;   /* counts rolls of the noise die, for probes */
    int attack_draws;  /* counts attack cards drawn */
    int last_token;    /* number on the bag token drawn last */
    int last_attack;   /* number (sum) on the attack card(s) of the last damage */
    /* an AI's question about this state */
    int ai_room, ai_surprise, ai_intruder, ai_amount;
    int trace_kind;
    const char **trace;
    size_t ntrace, maxtrace;
} nm_state;

/* ---- dice and decks ---------------------------------------------------------- */

static const char *const faces_noise[] = {"n1", "n2", "n3", "n4", "danger", "silence"};
static const eng_die die_noise = {"noise", 6, faces_noise};
/* The five face kinds of the combat die, in the order of the source's lists. */
static const char *const faces_combat[] = {"blank", "larva-creeper", "adult", "hit", "double-hit"};
static const eng_die die_combat = {"combat", 5, faces_combat};
static const char *const faces_bag[] = {"larva", "creeper", "adult", "breeder", "queen", "blank"};
static const eng_die die_bag = {"bag", 6, faces_bag};
static const char *const faces_explore[] = {"silence", "danger", "slime", "fire", "malfunction", "door"};
static const eng_die die_explore = {"explore", 6, faces_explore};
static const char *const faces_contam[] = {"clean", "infected"};
static const eng_die die_contam = {"contamination", 2, faces_contam};
static const char *const faces_draw[] = {"action", "contamination"};
static const eng_die die_draw = {"draw", 2, faces_draw};

#define SYM(k) (1 << (k))
#define SYM_CARDS (SYM(K_CREEPER) | SYM(K_ADULT) | SYM(K_BREEDER) | SYM(K_QUEEN))
#define SYM_LARGE (SYM(K_BREEDER) | SYM(K_QUEEN))

typedef struct nm_attack_card {
    const char *id;
    int value, arrow, symbols, light, serious;
} nm_attack_card;

static const nm_attack_card attack_cards[] = {
    {"v2-light", 2, 0, SYM_CARDS, 1, 0},
    {"v3-serious", 3, 0, SYM_CARDS, 0, 1},
    {"v4-light-retreat", 4, 1, SYM_CARDS, 1, 0},
    {"v5-serious-large", 5, 0, SYM_LARGE, 0, 1},
    {"v6-retreat-large", 6, 1, SYM_LARGE, 1, 0},
};
#define NATTACK (int)(sizeof attack_cards / sizeof attack_cards[0])
static const char *const faces_attack[] = {"v2-light", "v3-serious", "v4-light-retreat",
                                           "v5-serious-large", "v6-retreat-large"};
static const eng_die die_attack = {"attack", NATTACK, faces_attack};

typedef struct nm_event_card {
    const char *id;
    int symbols, corridor;
} nm_event_card;

static const nm_event_card event_cards[] = {
    {"e1-adult", SYM(K_ADULT), 1},
    {"e2-adult", SYM(K_ADULT), 2},
    {"e3-adult", SYM(K_ADULT), 3},
    {"e4-adult", SYM(K_ADULT), 4},
    {"e1-small", SYM(K_LARVA) | SYM(K_CREEPER), 1},
    {"e2-large", SYM_LARGE, 2},
};
#define NEVENT (int)(sizeof event_cards / sizeof event_cards[0])
static const char *const faces_event[] = {"e1-adult", "e2-adult", "e3-adult", "e4-adult",
                                          "e1-small", "e2-large"};
static const eng_die die_event = {"event", NEVENT, faces_event};

static const eng_die *const nm_dice[] = {&die_noise, &die_combat, &die_bag, &die_explore, &die_contam,
                                         &die_draw, &die_attack, &die_event, NULL};

/* A forced roll is taken only by the die it was forced for: a scenario
 * forcing a bag token must not have it eaten by an attack card drawn first.
 * A forced roll left unused is reported by the checker. */
static int forced_for(const eng_rng *rng, const eng_die *die)
{
    return rng->next_forced < rng->nforced && rng->forced[rng->next_forced].die == die;
}

static int nm_roll(nm_state *st, const eng_die *die)
{
    if (forced_for(st->rng, die))
        return eng_roll(st->rng, die);
    return (int)eng_rng_below(st->rng, (uint32_t)die->nfaces);
}

/* Draws a face with weights (the contents of a bag or pile). A forced face
 * whose weight is 0 cannot be drawn: the rng is marked as mismatched and a
 * random face is drawn instead. Returns -1 when every weight is 0. */
static int nm_draw_weighted(nm_state *st, const eng_die *die, const int *w)
{
    int total = 0;
    for (int i = 0; i < die->nfaces; i++)
        total += w[i];
    if (total <= 0)
        return -1;
    if (forced_for(st->rng, die)) {
        int f = eng_roll(st->rng, die);
        if (w[f] > 0)
            return f;
        st->rng->mismatch = 1;
    }
    int r = (int)eng_rng_below(st->rng, (uint32_t)total);
    for (int i = 0; i < die->nfaces; i++) {
        if (r < w[i])
            return i;
        r -= w[i];
    }
    return -1;
}

static void nm_log(nm_state *st, int what)
{
    if (st->nlog < NM_MAXLOG)
        st->log[st->nlog++] = what;
}

static void nm_trace(nm_state *st, int kind, const char *outcome)
{
    if (st->trace_kind == kind && st->trace && st->ntrace < st->maxtrace)
        st->trace[st->ntrace++] = outcome;
}

/* ---- the map ------------------------------------------------------------------ */

static int slot_corr(int room, int k)
{
    switch (k) {
    case 1: return room;
    case 2: return (room + NM_NROOMS - 1) % NM_NROOMS;
    case 3: return NM_NROOMS + room % (NM_NROOMS / 2);
    case 4: return NM_NROOMS + NM_NROOMS / 2 + room;
    default: return -1;
    }
}

/* The room at the other end of corridor c seen from room r; -1 when the
 * corridor is technical. */
static int other_room(const nm_state *st, int c, int r)
{
    const nm_corr *k = &st->corr[c];
    if (k->b < 0)
        return -1;
    return k->a == r ? k->b : k->a;
}

static void nm_build_map(nm_state *st)
{
    for (int r = 0; r < NM_NROOMS; r++) {
        st->corr[r] = (nm_corr){r, (r + 1) % NM_NROOMS, 0, D_OPEN};
        st->corr[NM_NROOMS + NM_NROOMS / 2 + r] = (nm_corr){r, -1, 0, D_OPEN};
    }
    for (int r = 0; r < NM_NROOMS / 2; r++)
        st->corr[NM_NROOMS + r] = (nm_corr){r, r + NM_NROOMS / 2, 0, D_OPEN};
}

/* ---- who is where ----------------------------------------------------------------- */

static int in_play(const nm_char *c)
{
    return !c->dead && !c->hibernated && !c->evacuated;
}

static int chars_in_room(const nm_state *st, int r, int except)
{
    int n = 0;
    for (int i = 0; i < st->players; i++)
        if (i != except && in_play(&st->ch[i]) && st->ch[i].room == r)
            n++;
    return n;
}

/* Eggs are intruders that neither fight nor move. */
static int is_fighter(const nm_intruder *x)
{
    return x->type >= K_LARVA && x->type <= K_QUEEN;
}

static int intruders_in_room(const nm_state *st, int r)
{
    int n = 0;
    for (int i = 0; i < NM_MAXINT; i++)
        if (is_fighter(&st->in[i]) && st->in[i].room == r)
            n++;
    return n;
}

static int char_in_combat(const nm_state *st, int c)
{
    return in_play(&st->ch[c]) && intruders_in_room(st, st->ch[c].room) > 0;
}

static int intruder_in_combat(const nm_state *st, int i)
{
    return is_fighter(&st->in[i]) && chars_in_room(st, st->in[i].room, -1) > 0;
}

static int adults_on_board(const nm_state *st)
{
    int n = 0;
    for (int i = 0; i < NM_MAXINT; i++)
        n += st->in[i].type == K_ADULT;
    return n;
}

static int count_fires(const nm_state *st)
{
    int n = 0;
    for (int r = 0; r < NM_NROOMS; r++)
        n += st->room[r].fire;
    return n;
}

static int count_malfunctions(const nm_state *st)
{
    int n = 0;
    for (int r = 0; r < NM_NROOMS; r++)
        n += st->room[r].malfunction;
    return n;
}

/* ---- bag ------------------------------------------------------------------------ */

static void bag_put(nm_tok *list, int *n, int kind, int num)
{
    if (*n < NM_MAXTOK)
        list[(*n)++] = (nm_tok){kind, num};
}

static int take_kind(nm_tok *list, int *n, int kind, nm_tok *out)
{
    for (int i = 0; i < *n; i++) {
        if (list[i].kind == kind) {
            *out = list[i];
            memmove(&list[i], &list[i + 1], (size_t)(*n - i - 1) * sizeof *list);
            (*n)--;
            return 0;
        }
    }
    return -1;
}

/* Draws one token out of the bag; its kind is weighted by what the bag holds. */
static int bag_draw(nm_state *st, nm_tok *out)
{
    int w[6] = {0};
    for (int i = 0; i < st->nbag; i++)
        w[st->bag[i].kind - 1]++;
    int f = nm_draw_weighted(st, &die_bag, w);
    if (f < 0 || take_kind(st->bag, &st->nbag, f + 1, out) != 0)
        return -1;
    st->last_token = out->num;
    return 0;
}

/* Moves a token of kind from the supply into the bag; 0 if one was there. */
static int supply_to_bag(nm_state *st, int kind)
{
    nm_tok t;
    if (take_kind(st->supply, &st->nsupply, kind, &t) != 0)
        return -1;
    bag_put(st->bag, &st->nbag, t.kind, t.num);
    return 0;
}

/* ---- wounds -------------------------------------------------------------------------- */

static void nm_end(nm_state *st, int reason);

/* The last character in play leaving play (death, hibernation, escape pod)
 * ends the game by moving a marker to the red space. */
static void last_character_check(nm_state *st)
{
    if (st->over)
        return;
    for (int i = 0; i < st->players; i++)
        if (in_play(&st->ch[i]))
            return;
    if (st->sd_active) {
        st->sd = 0;
        nm_end(st, E_SD);
    } else {
        st->time = 0;
        nm_end(st, E_TIME);
    }
}

/* A character dies: the corpse stays in the room and the heavy objects drop. */
static void nm_die(nm_state *st, int c)
{
    nm_char *ch = &st->ch[c];
    if (ch->dead)
        return;
    ch->dead = 1;
    if (!ch->evacuated) {
        st->room[ch->room].corpses++;
        st->room[ch->room].heavy += ch->heavy;
        ch->heavy = 0;
    }
    last_character_check(st);
}

static void nm_serious(nm_state *st, int c)
{
    nm_char *ch = &st->ch[c];
    if (ch->dead)
        return;
    /* a wound of any kind after three serious ones kills */
    if (ch->serious >= 3) {
        nm_die(st, c);
        return;
    }
    ch->serious++;
}

static void nm_light(nm_state *st, int c)
{
    nm_char *ch = &st->ch[c];
    if (ch->dead)
        return;
    if (ch->serious >= 3) {
        nm_die(st, c);
        return;
    }
    /* the third light wound: the markers go, a serious wound comes */
    if (++ch->light >= (FAULT(NM_FAULT_LIGHT_FOUR) ? 4 : 3)) {
        ch->light = 0;
        nm_serious(st, c);
    }
}

static void draw_contamination(nm_state *st, int c)
{
    if (nm_roll(st, &die_contam) == 1)
        st->ch[c].infected++;
    else
        st->ch[c].contam++;
    st->ch[c].discard++;
}

/* ---- intruders ----------------------------------------------------------------------- */

static void remove_intruder(nm_state *st, int i, int to_bag)
{
    nm_intruder *x = &st->in[i];
    if (to_bag && x->type >= K_LARVA && x->type <= K_QUEEN)
        bag_put(st->bag, &st->nbag, x->type, x->token);
    *x = (nm_intruder){K_NONE, 0, 0, 0};
}

/* Puts a miniature on the board. An adult that finds all its miniatures on
 * the board makes the adults retreat first: every intruder not in combat
 * goes back to the bag, then the adult is placed in the encounter room.
 * Returns the intruder's index or -1. */
static int nm_place(nm_state *st, int type, int num, int room)
{
    if (type == K_ADULT && adults_on_board(st) >= NM_ADULT_MINIS) {
        for (int i = 0; i < NM_MAXINT; i++)
            if (is_fighter(&st->in[i]) && !intruder_in_combat(st, i))
                remove_intruder(st, i, 1);
        if (adults_on_board(st) >= NM_ADULT_MINIS)
            return -1;
    }
    for (int i = 0; i < NM_MAXINT; i++) {
        if (st->in[i].type == K_NONE) {
            st->in[i] = (nm_intruder){type, room, 0, num};
            return i;
        }
    }
    return -1;
}

/* Whom the intruders in room r attack: the one who caused a surprise
 * attack; else the only character there; else the one with fewest action
 * cards in hand; on a tie the first player, or the next in turn order. */
static int nm_target(nm_state *st, int r, int surprise)
{
    if (surprise >= 0) {
        nm_trace(st, T_TARGET, "nemesis.target.encounter-trigger");
        return surprise;
    }
    int n = chars_in_room(st, r, -1);
    if (n == 0)
        return -1;
    int fewest = -1, ties = 0;
    for (int i = 0; i < st->players; i++) {
        const nm_char *c = &st->ch[i];
        if (!in_play(c) || c->room != r)
            continue;
        int better = FAULT(NM_FAULT_TARGET_MOST) ? fewest >= 0 && c->hand > st->ch[fewest].hand
                                                 : fewest >= 0 && c->hand < st->ch[fewest].hand;
        if (fewest < 0 || better) {
            fewest = i;
            ties = 1;
        } else if (c->hand == st->ch[fewest].hand) {
            ties++;
        }
    }
    if (n == 1) {
        nm_trace(st, T_TARGET, "nemesis.target.only");
        return fewest;
    }
    if (ties == 1) {
        nm_trace(st, T_TARGET, "nemesis.target.fewest");
        return fewest;
    }
    int min = st->ch[fewest].hand;
    for (int k = 0; k < st->players; k++) {
        int i = (st->first + k) % st->players;
        const nm_char *c = &st->ch[i];
        if (in_play(c) && c->room == r && c->hand == min) {
            nm_trace(st, T_TARGET, k == 0 ? "nemesis.target.first-player" : "nemesis.target.turn-order");
            return i;
        }
    }
    return -1;
}

/* Intruder i attacks character c. A larva leaves the board for the
 * character's board and brings a contamination card; the others draw an
 * attack card that works only if it shows the attacker's symbol. */
static void nm_intruder_attack(nm_state *st, int i, int c)
{
    nm_intruder *x = &st->in[i];
    if (c < 0 || !is_fighter(x))
        return;
    if (x->type == K_LARVA) {
        remove_intruder(st, i, 0);
        st->ch[c].larva++;
        draw_contamination(st, c);
        return;
    }
    const nm_attack_card *card = &attack_cards[nm_roll(st, &die_attack)];
    st->attack_draws++;
    if (!(card->symbols & SYM(x->type)))
        return;
    for (int k = 0; k < card->light; k++)
        nm_light(st, c);
    for (int k = 0; k < card->serious; k++)
        nm_serious(st, c);
}

/* Moves intruder i through its room's corridor k (an event card's corridor).
 * A technical corridor takes it off the board and its token back to the
 * bag; a closed door is destroyed and stops it, unless ignore_doors. */
static void intruder_through(nm_state *st, int i, int k, int ignore_doors)
{
    nm_intruder *x = &st->in[i];
    int c = slot_corr(x->room, k);
    int to = other_room(st, c, x->room);
    if (to < 0) {
        remove_intruder(st, i, 1);
        return;
    }
    if (!ignore_doors && st->corr[c].door == D_CLOSED) {
        st->corr[c].door = D_DESTROYED;
        return;
    }
    x->room = to;
}

/* Damage to intruder i. Larvae and eggs die at 1 damage. Creepers and
 * adults draw one attack card, breeders and queens two: damage at least the
 * number (the sum) kills and leaves a carcass; otherwise the retreat arrow
 * makes it flee through the corridor of an event card. */
static void nm_damage(nm_state *st, int i, int amount)
{
    nm_intruder *x = &st->in[i];
    if (x->type == K_NONE || amount <= 0)
        return;
    x->damage += amount;
    if (x->type == K_LARVA || x->type == K_SIX) {
        nm_trace(st, T_DAMAGE, "nemesis.damage.dies");
        remove_intruder(st, i, 0);
        return;
    }
    int ncards = (x->type == K_BREEDER || x->type == K_QUEEN) ? 2 : 1;
    nm_trace(st, T_DAMAGE, ncards == 1 ? "nemesis.damage.draw-one" : "nemesis.damage.draw-two");
    int sum = 0, arrow = 0;
    for (int k = 0; k < ncards; k++) {
        const nm_attack_card *card = &attack_cards[nm_roll(st, &die_attack)];
        st->attack_draws++;
        sum += card->value;
        arrow |= card->arrow;
    }
    st->last_attack = sum;
    if (x->damage >= sum) {
        nm_trace(st, T_DAMAGE, "nemesis.damage.carcass");
        st->room[x->room].carcasses++;
        remove_intruder(st, i, 0);
    } else if (arrow) {
        nm_trace(st, T_DAMAGE, "nemesis.damage.flees");
        const nm_event_card *ev = &event_cards[nm_roll(st, &die_event)];
        intruder_through(st, i, ev->corridor, 1);
    } else {
        nm_trace(st, T_DAMAGE, "nemesis.damage.stays");
    }
}

/* ---- noise, danger, encounter -------------------------------------------------------- */

/* Danger in room r: intruders not in combat in adjacent rooms come in (a
 * closed door does not stop them); if there are none, a noise marker goes
 * into every corridor of the room that has none. */
static void nm_danger(nm_state *st, int r)
{
    int moved = 0;
    for (int k = 1; k <= 4; k++) {
        int adj = other_room(st, slot_corr(r, k), r);
        if (adj < 0)
            continue;
        for (int i = 0; i < NM_MAXINT; i++) {
            if (is_fighter(&st->in[i]) && st->in[i].room == adj && !intruder_in_combat(st, i)) {
                st->in[i].room = r;
                moved++;
            }
        }
    }
    if (moved)
        return;
    for (int k = 1; k <= 4; k++)
        st->corr[slot_corr(r, k)].noise = 1;
}

static void nm_encounter(nm_state *st, int c, int r);

/* Character c rolls the noise die in its room. */
static void nm_noise_roll(nm_state *st, int c)
{
    int r = st->ch[c].room;
    int f = nm_roll(st, &die_noise);
    st->noise_rolls++;
    if (f <= 3) {
        nm_corr *k = &st->corr[slot_corr(r, f + 1)];
        if (k->noise)
            nm_encounter(st, c, r);
        else
            k->noise = 1;
    } else if (f == 4 || st->ch[c].slime) {
        nm_danger(st, r);
    }
}

/* An intruder appears in room r where character c is. */
static void nm_encounter(nm_state *st, int c, int r)
{
    for (int k = 1; k <= 4; k++)
        st->corr[slot_corr(r, k)].noise = 0;
    nm_tok t;
    if (bag_draw(st, &t) != 0)
        return;
    if (t.kind == K_SIX) {
        for (int k = 1; k <= 4; k++)
            st->corr[slot_corr(r, k)].noise = 1;
        if (st->nbag == 0)
            supply_to_bag(st, K_ADULT);
        bag_put(st->bag, &st->nbag, t.kind, t.num);
        return;
    }
    int i = nm_place(st, t.kind, t.num, r);
    if (i < 0) {
        bag_put(st->bag, &st->nbag, t.kind, t.num);
        return;
    }
    if (st->ch[c].hand < t.num || (FAULT(NM_FAULT_SURPRISE_EQUAL) && st->ch[c].hand == t.num))
        nm_intruder_attack(st, i, nm_target(st, r, c));
}

/* ---- markers -------------------------------------------------------------------------- */

static void nm_place_fire(nm_state *st, int r)
{
    if (st->room[r].fire)
        return;                         /* at most one per room */
    if (count_fires(st) >= 8) {         /* the 9th cannot be placed */
        nm_end(st, E_FIRE);
        return;
    }
    st->room[r].fire = 1;
}

static void nm_place_malfunction(nm_state *st, int r)
{
    if (st->room[r].malfunction)
        return;
    if (count_malfunctions(st) >= 8) {
        nm_end(st, E_MALFUNCTION);
        return;
    }
    st->room[r].malfunction = 1;
}

/* A door in corridor c (one per corridor); with none left in the supply,
 * one is taken off the board. */
static void nm_place_door(nm_state *st, int c)
{
    if (st->corr[c].door != D_OPEN)
        return;
    if (st->doors_supply > 0) {
        st->doors_supply--;
    } else {
        int from = -1;
        for (int k = 0; k < NM_NCORR && from < 0; k++)
            if (k != c && st->corr[k].door != D_OPEN)
                from = k;
        if (from < 0)
            return;
        st->corr[from].door = D_OPEN;
    }
    st->corr[c].door = D_CLOSED;
}

/* ---- end of game ------------------------------------------------------------------------ */

static void kill_quietly(nm_state *st, int c)
{
    if (!st->ch[c].dead) {
        st->ch[c].dead = 1;
        if (!st->ch[c].evacuated)
            st->room[st->ch[c].room].corpses++;
    }
}

/* Draws 4 cards from the character's action and contamination cards
 * shuffled together: any contamination card drawn kills. */
static int contamination_draw(nm_state *st, int c, int ndraw)
{
    nm_char *ch = &st->ch[c];
    int w[2] = {ch->hand + ch->deck + ch->discard - ch->contam - ch->infected, ch->contam + ch->infected};
    if (w[0] < 0)
        w[0] = 0;
    for (int k = 0; k < ndraw; k++) {
        int f = nm_draw_weighted(st, &die_draw, w);
        if (f < 0)
            break;
        w[f]--;
        if (f == 1)
            return 1;
    }
    return 0;
}

static void nm_end(nm_state *st, int reason)
{
    if (st->over)
        return;
    st->over = 1;
    st->end = reason;
    for (int i = 0; i < st->players; i++) {
        nm_char *c = &st->ch[i];
        if (c->dead || c->evacuated)
            continue;
        /* the time running out kills those awake aboard; the ship lost
         * kills everyone aboard */
        if (reason == E_TIME ? !c->hibernated : 1)
            kill_quietly(st, i);
    }
    if (reason != E_TIME) {
        st->intact = 0;
        for (int i = 0; i < NM_MAXINT; i++)
            st->in[i].type = K_NONE;
    }
    /* the four checks, in order */
    nm_log(st, L_CHK_ENGINES);
    if (st->intact && st->engines_damaged >= (FAULT(NM_FAULT_ENGINES_THREE) ? 3 : 2)) {
        st->intact = 0;
        for (int i = 0; i < st->players; i++)
            if (!st->ch[i].evacuated)
                kill_quietly(st, i);
    }
    nm_log(st, L_CHK_COORDS);
    if (st->intact && !st->coords_earth)
        for (int i = 0; i < st->players; i++)
            if (st->ch[i].hibernated)
                kill_quietly(st, i);
    nm_log(st, L_CHK_CONTAM);
    for (int i = 0; i < st->players; i++)
        if (!st->ch[i].dead && st->ch[i].infected > 0 && contamination_draw(st, i, 4))
            kill_quietly(st, i);
    nm_log(st, L_CHK_OBJECTIVE);
    for (int i = 0; i < st->players; i++)
        st->ch[i].won = !st->ch[i].dead && st->ch[i].objective;
}

/* ---- event phase ------------------------------------------------------------------------ */

static void ev_attacks(nm_state *st)
{
    nm_log(st, L_ATTACK);
    int any = 0;
    for (int i = 0; i < NM_MAXINT; i++)
        any |= intruder_in_combat(st, i);
    if (!any)
        return;
    nm_trace(st, T_EVENT, "nemesis.event.attacks");
    for (int i = 0; i < NM_MAXINT && !st->over; i++)
        if (intruder_in_combat(st, i))
            nm_intruder_attack(st, i, nm_target(st, st->in[i].room, -1));
}

static void ev_fire(nm_state *st)
{
    nm_log(st, L_FIRE);
    int burning[NM_MAXINT], n = 0;
    for (int i = 0; i < NM_MAXINT; i++)
        if (st->in[i].type != K_NONE && st->room[st->in[i].room].fire)
            burning[n++] = i;
    if (n)
        nm_trace(st, T_EVENT, "nemesis.event.fire-damage");
    for (int k = 0; k < n; k++)
        nm_damage(st, burning[k], 1);
}

static void ev_card(nm_state *st)
{
    const nm_event_card *ev = &event_cards[nm_roll(st, &die_event)];
    nm_log(st, L_CARD_MOVE);
    nm_trace(st, T_EVENT, "nemesis.event.intruders-move");
    int movers[NM_MAXINT], n = 0;
    for (int i = 0; i < NM_MAXINT; i++)
        if (is_fighter(&st->in[i]) && (ev->symbols & SYM(st->in[i].type)) && !intruder_in_combat(st, i))
            movers[n++] = i;
    for (int k = 0; k < n; k++)
        intruder_through(st, movers[k], ev->corridor, 0);
    /* the effect printed on the card comes after all movement; the engine
     * models no card effects (the source lists none) */
    nm_log(st, L_CARD_EFFECT);
    nm_trace(st, T_EVENT, "nemesis.event.card-effect");
}

static void ev_bag(nm_state *st)
{
    nm_log(st, L_BAG);
    nm_tok t;
    if (bag_draw(st, &t) != 0)
        return;
    switch (t.kind) {
    case K_LARVA:
        nm_trace(st, T_BAG, "nemesis.bag.larva-to-adult");
        supply_to_bag(st, K_ADULT);
        return;                           /* the larva token stays out */
    case K_CREEPER:
        nm_trace(st, T_BAG, "nemesis.bag.creeper-to-breeder");
        supply_to_bag(st, K_BREEDER);
        return;
    case K_ADULT:
    case K_BREEDER: {
        int who[NM_MAXCH], n = 0;
        for (int k = 0; k < st->players; k++) {
            int c = (st->first + k) % st->players;
            if (in_play(&st->ch[c]) && !char_in_combat(st, c))
                who[n++] = c;
        }
        if (n)
            nm_trace(st, T_BAG, "nemesis.bag.noise-rolls");
        for (int k = 0; k < n && !st->over; k++)
            if (in_play(&st->ch[who[k]]))
                nm_noise_roll(st, who[k]);
        break;
    }
    case K_QUEEN: {
        int c = -1;
        for (int k = 0; k < st->players && c < 0; k++) {
            int i = (st->first + k) % st->players;
            if (in_play(&st->ch[i]) && st->ch[i].room == NM_NEST)
                c = i;
        }
        if (c >= 0 && st->room[NM_NEST].explored) {
            nm_trace(st, T_BAG, "nemesis.bag.queen-encounter");
            /* the drawn queen is the intruder of this encounter */
            for (int k = 1; k <= 4; k++)
                st->corr[slot_corr(NM_NEST, k)].noise = 0;
            int i = nm_place(st, K_QUEEN, t.num, NM_NEST);
            if (i >= 0 && st->ch[c].hand < t.num)
                nm_intruder_attack(st, i, nm_target(st, NM_NEST, c));
        } else {
            nm_trace(st, T_BAG, "nemesis.bag.egg");
            st->eggs++;
        }
        break;
    }
    case K_SIX:
        if (supply_to_bag(st, K_ADULT) == 0)
            nm_trace(st, T_BAG, "nemesis.bag.add-adult");
        else
            nm_trace(st, T_BAG, "nemesis.bag.no-adult");
        break;
    default:
        break;
    }
    nm_trace(st, T_BAG, "nemesis.bag.return");
    bag_put(st->bag, &st->nbag, t.kind, t.num);
}

static void nm_round_start(nm_state *st);

static void nm_event_phase(nm_state *st)
{
    nm_log(st, L_TIME);
    nm_trace(st, T_EVENT, "nemesis.event.time");
    st->time--;
    if (st->sd_active) {
        nm_trace(st, T_EVENT, "nemesis.event.self-destruct");
        st->sd--;
    }
    if (st->sd_active && st->sd <= 0)
        nm_end(st, E_SD);
    else if (st->time <= 0)
        nm_end(st, E_TIME);
    if (st->over) {
        nm_trace(st, T_EVENT, "nemesis.event.game-over");
        return;
    }
    if (FAULT(NM_FAULT_FIRE_FIRST))
        ev_fire(st);
    if (!st->over)
        ev_attacks(st);
    if (!st->over && !FAULT(NM_FAULT_FIRE_FIRST))
        ev_fire(st);
    if (!st->over)
        ev_card(st);
    if (!st->over) {
        /* drawn as a flowchart of its own (nemesis.bag-development) */
        nm_trace(st, T_EVENT, "nemesis.event.development");
        ev_bag(st);
    }
    if (!st->over)
        nm_round_start(st);
}

/* ---- player phase ----------------------------------------------------------------------- */

static void nm_round_start(nm_state *st)
{
    st->round++;
    for (int i = 0; i < st->players; i++) {
        nm_char *c = &st->ch[i];
        c->passed = 0;
        c->acts = 0;
        if (!in_play(c))
            continue;
        int want = 5 - c->hand;
        if (want > c->deck)
            want = c->deck;
        if (want > 0) {
            c->hand += want;
            c->deck -= want;
        }
    }
    /* the first-player token passes to the left: the next seat */
    int step = FAULT(NM_FAULT_TOKEN_RIGHT) ? st->players - 1 : 1;
    for (int k = 1; k <= st->players; k++) {
        int i = (st->first + k * step) % st->players;
        if (in_play(&st->ch[i])) {
            st->first = i;
            break;
        }
    }
    st->current = st->first;
}

/* The next player who has not passed, after c in turn order; when all have
 * passed, the event phase. */
static void next_turn(nm_state *st, int c)
{
    for (int k = 1; k <= st->players; k++) {
        int i = (c + k) % st->players;
        if (in_play(&st->ch[i]) && !st->ch[i].passed) {
            st->current = i;
            st->ch[i].acts = 0;
            return;
        }
    }
    nm_event_phase(st);
}

/* A turn ends: a character in a burning room takes a light wound. */
static void turn_end(nm_state *st, int c)
{
    if (in_play(&st->ch[c]) && st->room[st->ch[c].room].fire)
        nm_light(st, c);
}

static int can_act(const nm_state *st, int c, long cost, char *err, size_t errlen)
{
    const nm_char *ch = &st->ch[c];
    if (st->over)
        return snprintf(err, errlen, "the game is over"), 0;
    if (!in_play(ch))
        return snprintf(err, errlen, "character %d is not in play", c + 1), 0;
    if (c != st->current)
        return snprintf(err, errlen, "it is character %d's turn", st->current + 1), 0;
    if (ch->passed)
        return snprintf(err, errlen, "character %d has passed", c + 1), 0;
    if (ch->acts >= 2)
        return snprintf(err, errlen, "two actions already taken"), 0;
    if (cost < 0 || cost > 2)
        return snprintf(err, errlen, "an action costs 0 to 2 cards"), 0;
    if (ch->hand < cost)
        return snprintf(err, errlen, "%d cards in hand, the cost is %ld", ch->hand, cost), 0;
    return 1;
}

static void pay(nm_state *st, int c, long cards)
{
    st->ch[c].hand -= (int)cards;
    st->ch[c].discard += (int)cards;
}

/* After an action: the second one ends the turn. */
static void acted(nm_state *st, int c)
{
    if (st->over)
        return;
    st->ch[c].acts++;
    if (st->ch[c].acts >= 2 || !in_play(&st->ch[c])) {
        turn_end(st, c);
        if (!st->over)
            next_turn(st, c);
    }
}

/* Character c enters the room behind its corridor k: exploration when the
 * room is unexplored, then a noise roll when nobody else is there (no roll
 * after a danger token), or a noise marker of its choice when moving
 * carefully (careful_k). */
static void nm_enter(nm_state *st, int c, int k, int careful_k)
{
    nm_char *ch = &st->ch[c];
    int corr = slot_corr(ch->room, k);
    int to = other_room(st, corr, ch->room);
    ch->room = to;
    nm_room *r = &st->room[to];
    int roll = 1;
    if (!r->explored) {
        r->explored = 1;
        if (r->token == X_NONE)
            r->token = nm_roll(st, &die_explore) + 1;
        switch (r->token) {
        case X_SILENCE:
            if (ch->slime)
                nm_danger(st, to);
            break;
        case X_DANGER:
            roll = FAULT(NM_FAULT_DANGER_ROLLS);
            nm_danger(st, to);
            break;
        case X_SLIME:
            ch->slime = 1;
            break;
        case X_FIRE:
            nm_place_fire(st, to);
            break;
        case X_MALFUNCTION:
            nm_place_malfunction(st, to);
            break;
        case X_DOOR:
            nm_place_door(st, corr);
            break;
        default:
            break;
        }
    }
    if (st->over || !in_play(ch))
        return;
    if (careful_k > 0)
        st->corr[slot_corr(to, careful_k)].noise = 1;
    else if (roll && chars_in_room(st, to, c) == 0 && intruders_in_room(st, to) == 0)
        nm_noise_roll(st, c);
}

/* ---- state ------------------------------------------------------------------------------ */

static void nm_build(nm_state *st);

/* A fresh ship: built once, then copied (probes and enumerators make
 * thousands). */
static void nm_init(nm_state *st, eng_rng *rng)
{
    static nm_state proto;
    static int ready;
    if (!ready) {
        nm_build(&proto);
        ready = 1;
    }
    *st = proto;
    st->rng = rng;
}

static void nm_build(nm_state *st)
{
    memset(st, 0, sizeof *st);
    st->rng = NULL;
    st->players = 1;
    st->time = 15;
    st->sd = 10;
    st->intact = 1;
    st->coords_earth = 1;
    st->doors_supply = 8;
    st->round = 1;
    st->ai_surprise = -1;
    nm_build_map(st);
    st->room[0].explored = 1;
    for (int i = 0; i < NM_MAXCH; i++)
        st->ch[i].hand = st->ch[i].deck = 5;
    /* a default bag and supply: their setup is not in the source */
    static const nm_tok bag0[] = {{K_LARVA, 1}, {K_CREEPER, 1}, {K_ADULT, 2}, {K_ADULT, 3},
                                  {K_ADULT, 3}, {K_QUEEN, 4}, {K_SIX, 0}};
    static const nm_tok sup0[] = {{K_ADULT, 2}, {K_ADULT, 3}, {K_ADULT, 4}, {K_ADULT, 4},
                                  {K_BREEDER, 4}, {K_BREEDER, 5}};
    for (size_t i = 0; i < sizeof bag0 / sizeof bag0[0]; i++)
        st->bag[st->nbag++] = bag0[i];
    for (size_t i = 0; i < sizeof sup0 / sizeof sup0[0]; i++)
        st->supply[st->nsupply++] = sup0[i];
}

static void *nm_new(eng_rng *rng)
{
    nm_state *st = malloc(sizeof *st);
    if (st)
        nm_init(st, rng);
    return st;
}

static void nm_free(void *p)
{
    free(p);
}

static int parse_tokens(const char *s, nm_tok *out, int *n, char *err, size_t errlen)
{
    *n = 0;
    while (*s) {
        while (*s == ' ' || *s == ',')
            s++;
        if (!*s)
            break;
        char word[32];
        int len = 0;
        while (s[len] >= 'a' && s[len] <= 'z' && len < 31)
            len++;
        memcpy(word, s, (size_t)len);
        word[len] = '\0';
        int kind = eng_name_index(kind_names, 7, word);
        if (kind <= 0 || *n >= NM_MAXTOK)
            return snprintf(err, errlen, "bad token \"%s\" (larva, creeper, adult, breeder, queen, blank + number)", word), -1;
        s += len;
        int num = 0;
        while (*s >= '0' && *s <= '9')
            num = num * 10 + (*s++ - '0');
        out[(*n)++] = (nm_tok){kind, num};
        if (*s && *s != ' ' && *s != ',')
            return snprintf(err, errlen, "bad token list"), -1;
    }
    return 0;
}

static void format_tokens(const nm_tok *t, int n, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && used < len; i++) {
        int w = t[i].kind == K_SIX ? snprintf(buf + used, len - used, "%sblank", i ? " " : "")
                                   : snprintf(buf + used, len - used, "%s%s%d", i ? " " : "",
                                              kind_names[t[i].kind], t[i].num);
        if (w < 0)
            return;
        used += (size_t)w;
    }
}

/* What a key names: an int field (with an optional table of names for its
 * values), or a value computed from the state (ro). */
typedef struct nm_ref {
    int *p;
    const char *const *names;
    int nnames;
    int ro, value;
    int list;          /* 1 bag, 2 supply */
} nm_ref;

static int resolve(nm_state *st, const char *key, nm_ref *ref)
{
    memset(ref, 0, sizeof *ref);
    int n, k, len = 0;
    char f[40];
#define INT(name, field) if (!strcmp(f, name)) { ref->p = &(field); return 0; }
    if (sscanf(key, "c%d.%39s%n", &n, f, &len) == 2 && !key[len]) {
        if (n < 1 || n > NM_MAXCH)
            return -1;
        nm_char *c = &st->ch[n - 1];
        INT("room", c->room) INT("hand", c->hand) INT("deck", c->deck) INT("discard", c->discard)
        INT("light", c->light) INT("serious", c->serious) INT("dead", c->dead) INT("slime", c->slime)
        INT("passed", c->passed) INT("acts", c->acts) INT("ammo", c->ammo) INT("contam", c->contam)
        INT("infected", c->infected) INT("heavy", c->heavy) INT("tools", c->tools)
        INT("crafted", c->crafted) INT("hibernated", c->hibernated) INT("evacuated", c->evacuated)
        INT("objective", c->objective) INT("won", c->won) INT("larva", c->larva)
        if (!strcmp(f, "combat")) {
            ref->ro = 1;
            ref->value = char_in_combat(st, n - 1);
            return 0;
        }
        return -1;
    }
    if (sscanf(key, "i%d.%39s%n", &n, f, &len) == 2 && !key[len]) {
        if (n < 1 || n > NM_MAXINT)
            return -1;
        nm_intruder *x = &st->in[n - 1];
        if (!strcmp(f, "type")) {
            ref->p = &x->type;
            ref->names = intruder_names;
            ref->nnames = 7;
            return 0;
        }
        INT("room", x->room) INT("damage", x->damage) INT("token", x->token)
        return -1;
    }
    if (sscanf(key, "room.%d.noise.%d%n", &n, &k, &len) == 2 && !key[len]) {
        if (n < 0 || n >= NM_NROOMS || k < 1 || k > 4)
            return -1;
        ref->p = &st->corr[slot_corr(n, k)].noise;
        return 0;
    }
    if (sscanf(key, "room.%d.door.%d%n", &n, &k, &len) == 2 && !key[len]) {
        if (n < 0 || n >= NM_NROOMS || k < 1 || k > 4)
            return -1;
        ref->p = &st->corr[slot_corr(n, k)].door;
        ref->names = door_names;
        ref->nnames = 3;
        return 0;
    }
    if (sscanf(key, "room.%d.%39s%n", &n, f, &len) == 2 && !key[len]) {
        if (n < 0 || n >= NM_NROOMS)
            return -1;
        nm_room *r = &st->room[n];
        if (!strcmp(f, "token")) {
            ref->p = &r->token;
            ref->names = token_names;
            ref->nnames = 7;
            return 0;
        }
        INT("explored", r->explored) INT("fire", r->fire) INT("malfunction", r->malfunction)
        INT("corpses", r->corpses) INT("carcasses", r->carcasses) INT("heavy", r->heavy)
        ref->ro = 1;
        if (!strcmp(f, "characters")) return ref->value = chars_in_room(st, n, -1), 0;
        if (!strcmp(f, "intruders")) return ref->value = intruders_in_room(st, n), 0;
        return -1;
    }
    snprintf(f, sizeof f, "%s", key);
    if (!strcmp(key, "first")) { ref->p = &st->first; ref->value = 1; return 0; }
    if (!strcmp(key, "current")) { ref->p = &st->current; ref->value = 1; return 0; }
    INT("players", st->players) INT("round", st->round) INT("time", st->time)
    INT("sd.active", st->sd_active) INT("sd", st->sd) INT("over", st->over)
    INT("ship.intact", st->intact) INT("engines.damaged", st->engines_damaged)
    INT("coords.earth", st->coords_earth) INT("eggs", st->eggs) INT("doors.supply", st->doors_supply)
    if (!strcmp(key, "end")) {
        ref->p = &st->end;
        ref->names = end_names;
        ref->nnames = 5;
        return 0;
    }
    if (!strcmp(key, "bag")) return ref->list = 1, 0;
    if (!strcmp(key, "supply")) return ref->list = 2, 0;
    ref->ro = 1;
    if (!strcmp(key, "fires")) return ref->value = count_fires(st), 0;
    if (!strcmp(key, "last.token")) return ref->value = st->last_token, 0;
    if (!strcmp(key, "last.attack")) return ref->value = st->last_attack, 0;
    if (!strcmp(key, "malfunctions")) return ref->value = count_malfunctions(st), 0;
    if (!strcmp(key, "adults.board")) return ref->value = adults_on_board(st), 0;
    if (!strncmp(key, "bag.", 4)) {
        int kind = eng_name_index(kind_names, 7, key + 4);
        if (kind <= 0)
            return -1;
        for (int i = 0; i < st->nbag; i++)
            ref->value += st->bag[i].kind == kind;
        return 0;
    }
#undef INT
    return -1;
}

static int nm_set(void *p, const char *key, const char *value, char *err, size_t errlen)
{
    nm_state *st = p;
    nm_ref ref;
    if (resolve(st, key, &ref) != 0 || ref.ro) {
        snprintf(err, errlen, ref.ro ? "\"%s\" is computed, not set" : "unknown key \"%s\"", key);
        return -1;
    }
    if (ref.list)
        return ref.list == 1 ? parse_tokens(value, st->bag, &st->nbag, err, errlen)
                             : parse_tokens(value, st->supply, &st->nsupply, err, errlen);
    long v;
    if (ref.names && (v = eng_name_index(ref.names, ref.nnames, value)) >= 0) {
        *ref.p = (int)v;
        return 0;
    }
    if (!strcmp(value, "yes"))
        v = 1;
    else if (!strcmp(value, "no"))
        v = 0;
    else if (eng_parse_long(value, &v) != 0 || ref.names) {
        snprintf(err, errlen, "\"%s\" is not a value of %s", value, key);
        return -1;
    }
    if (ref.value)   /* 1-based in keys, 0-based inside */
        v--;
    if (!strcmp(key, "players") && (v < 1 || v > NM_MAXCH)) {
        snprintf(err, errlen, "players must be 1..%d", NM_MAXCH);
        return -1;
    }
    *ref.p = (int)v;
    return 0;
}

static int nm_get(const void *p, const char *key, char *buf, size_t buflen, char *err, size_t errlen)
{
    /* resolve() only takes the address of fields; nothing is written */
    nm_state *st = (nm_state *)(uintptr_t)p;
    nm_ref ref;
    if (resolve(st, key, &ref) != 0) {
        snprintf(err, errlen, "unknown key \"%s\"", key);
        return -1;
    }
    if (ref.list == 1)
        format_tokens(st->bag, st->nbag, buf, buflen);
    else if (ref.list == 2)
        format_tokens(st->supply, st->nsupply, buf, buflen);
    else if (ref.ro)
        snprintf(buf, buflen, "%d", ref.value);
    else if (ref.names && *ref.p >= 0 && *ref.p < ref.nnames)
        snprintf(buf, buflen, "%s", ref.names[*ref.p]);
    else
        snprintf(buf, buflen, "%d", *ref.p + ref.value);
    return 0;
}

/* ---- actions ------------------------------------------------------------------------------ */

typedef struct nm_args {
    const eng_kv *kv;
    size_t n;
    char *err;
    size_t errlen;
} nm_args;

/* Reads an integer argument in [lo, hi]; def when absent (def < lo makes it
 * required). Returns 0 or -1 with err set. */
static int arg_int(const nm_args *a, const char *key, long def, long lo, long hi, long *out)
{
    return eng_arg_long(a->kv, a->n, key, def, lo, hi, out, a->err, a->errlen);
}

#define ILLEGAL(...) return (snprintf(a->err, a->errlen, __VA_ARGS__), ENG_ILLEGAL)

static int find_target(const nm_state *st, int c, long t)
{
    if (t > 0)
        return st->in[t - 1].type != K_NONE && st->in[t - 1].room == st->ch[c].room ? (int)t - 1 : -1;
    for (int i = 0; i < NM_MAXINT; i++)
        if (is_fighter(&st->in[i]) && st->in[i].room == st->ch[c].room)
            return i;
    return -1;
}

/* The combat die's damage against an intruder type; -1 is a miss (which
 * costs a serious wound in melee). */
static int die_damage(int face, int type, int melee)
{
    int small = type == K_LARVA || type == K_CREEPER;
    switch (face) {
    case 1: return small ? 1 : -1;
    case 2: return small || type == K_ADULT ? 1 : -1;
    case 3: return 1;
    case 4: return melee ? 1 : 2;
    default: return -1;
    }
}

static int act_move(nm_state *st, int c, const char *action, const nm_args *a)
{
    long k, cost, noise = 0;
    if (arg_int(a, "corridor", 0, 1, 4, &k) || arg_int(a, "cost", 1, -9, 9, &cost))
        return ENG_ERROR;
    int careful = !strcmp(action, "careful");
    if (careful && arg_int(a, "noise", 0, 1, 4, &noise))
        return ENG_ERROR;
    if (!can_act(st, c, cost, a->err, a->errlen))
        return ENG_ILLEGAL;
    nm_char *ch = &st->ch[c];
    int corr = slot_corr(ch->room, k);
    int to = other_room(st, corr, ch->room);
    if (to < 0)
        ILLEGAL("corridor %ld is technical", k);
    if (st->corr[corr].door == D_CLOSED)
        ILLEGAL("a closed door blocks corridor %ld", k);
    int combat = char_in_combat(st, c);
    if (!strcmp(action, "flee") && !combat)
        ILLEGAL("fleeing needs an intruder in the room");
    if (careful) {
        if (combat && !FAULT(NM_FAULT_CAREFUL_COMBAT))
            ILLEGAL("careful movement is not allowed in combat");
        int free = 0;
        for (int j = 1; j <= 4; j++)
            free += !st->corr[slot_corr(to, j)].noise;
        if (!free)
            ILLEGAL("every corridor of room %d already has a noise marker", to);
        if (st->corr[slot_corr(to, noise)].noise)
            ILLEGAL("corridor %ld of room %d already has a noise marker", noise, to);
    }
    pay(st, c, cost);
    if (combat) {
        /* moving out of combat is fleeing: every intruder there attacks */
        for (int i = 0; i < NM_MAXINT && in_play(ch); i++)
            if (is_fighter(&st->in[i]) && st->in[i].room == ch->room)
                nm_intruder_attack(st, i, c);
        if (!in_play(ch)) {
            acted(st, c);
            return ENG_OK;
        }
    }
    nm_enter(st, c, (int)k, (int)noise);
    acted(st, c);
    return ENG_OK;
}

static int act_attack(nm_state *st, int c, int melee, const nm_args *a)
{
    long t, cost;
    if (arg_int(a, "target", 0, 0, NM_MAXINT, &t) || arg_int(a, "cost", 1, -9, 9, &cost))
        return ENG_ERROR;
    if (!can_act(st, c, cost, a->err, a->errlen))
        return ENG_ILLEGAL;
    int i = find_target(st, c, t);
    if (i < 0)
        ILLEGAL("no such intruder in the room");
    if (!melee && st->ch[c].ammo < 1)
        ILLEGAL("no ammunition");
    pay(st, c, cost);
    if (melee)
        draw_contamination(st, c);
    else
        st->ch[c].ammo--;
    int d = die_damage(nm_roll(st, &die_combat), st->in[i].type, melee);
    if (d > 0)
        nm_damage(st, i, d);
    else if (melee && !FAULT(NM_FAULT_MELEE_NO_WOUND))
        nm_serious(st, c);
    acted(st, c);
    return ENG_OK;
}

static int act_simple(nm_state *st, int c, const char *action, const nm_args *a)
{
    long cost;
    if (arg_int(a, "cost", 1, -9, 9, &cost))
        return ENG_ERROR;
    if (!can_act(st, c, cost, a->err, a->errlen))
        return ENG_ILLEGAL;
    nm_char *ch = &st->ch[c];
    nm_room *r = &st->room[ch->room];
    if (!strcmp(action, "card")) {
        /* the card itself and as many more as its cost */
        if (ch->hand < cost + 1)
            ILLEGAL("the card and %ld more are needed", cost);
        pay(st, c, cost + 1);
    } else if (!strcmp(action, "room-action")) {
        if (r->malfunction)
            ILLEGAL("the room has a malfunction marker");
        pay(st, c, cost);
    } else if (!strcmp(action, "item")) {
        pay(st, c, cost);
    } else if (!strcmp(action, "craft")) {
        if (ch->tools < 2)
            ILLEGAL("crafting needs 2 item cards");
        pay(st, c, cost);
        ch->tools -= 2;
        ch->crafted++;
    } else if (!strcmp(action, "trade")) {
        long w;
        if (arg_int(a, "with", 0, 1, st->players, &w))
            return ENG_ERROR;
        if (w - 1 == c || !in_play(&st->ch[w - 1]) || st->ch[w - 1].room != ch->room)
            ILLEGAL("character %ld is not in the room", w);
        pay(st, c, cost);
    } else if (!strcmp(action, "close-door")) {
        long k;
        if (arg_int(a, "corridor", 0, 1, 4, &k))
            return ENG_ERROR;
        nm_corr *cr = &st->corr[slot_corr(ch->room, k)];
        if (cr->door == D_DESTROYED)
            ILLEGAL("a destroyed door cannot be closed");
        if (cr->door == D_CLOSED)
            ILLEGAL("the door is closed already");
        pay(st, c, cost);
        nm_place_door(st, slot_corr(ch->room, k));
    } else {   /* pickup */
        const char *what = eng_arg(a->kv, a->n, "what");
        if (!what)
            what = "object";
        int ok = 0;
        if (!strcmp(what, "object") && r->heavy > 0)
            r->heavy--, ok = 1;
        else if (!strcmp(what, "corpse") && r->corpses > 0)
            r->corpses--, ok = 1;
        else if (!strcmp(what, "carcass") && r->carcasses > 0)
            r->carcasses--, ok = 1;
        else if (!strcmp(what, "egg")) {
            for (int i = 0; i < NM_MAXINT && !ok; i++)
                if (st->in[i].type == K_SIX && st->in[i].room == ch->room)
                    remove_intruder(st, i, 0), ok = 1;
        }
        if (!ok)
            ILLEGAL("no %s to pick up here", what);
        pay(st, c, cost);
        ch->heavy++;
    }
    acted(st, c);
    return ENG_OK;
}

static int nm_act(void *p, const char *action, const eng_kv *kv, size_t nkv, char *err, size_t errlen)
{
    nm_state *st = p;
    nm_args args = {kv, nkv, err, errlen}, *a = &args;
    long w, v, r;
    err[0] = '\0';
    if (arg_int(a, "who", 1, 1, NM_MAXCH, &w))
        return ENG_ERROR;
    int c = (int)w - 1;
    if (c >= st->players)
        return snprintf(err, errlen, "who=%ld but players=%d", w, st->players), ENG_ERROR;

    if (!strcmp(action, "move") || !strcmp(action, "careful") || !strcmp(action, "flee"))
        return act_move(st, c, action, a);
    if (!strcmp(action, "shoot") || !strcmp(action, "melee"))
        return act_attack(st, c, !strcmp(action, "melee"), a);
    if (!strcmp(action, "card") || !strcmp(action, "room-action") || !strcmp(action, "item") ||
        !strcmp(action, "craft") || !strcmp(action, "trade") || !strcmp(action, "pickup") ||
        !strcmp(action, "close-door"))
        return act_simple(st, c, action, a);
    if (!strcmp(action, "pass")) {
        if (arg_int(a, "discard", 0, 0, 99, &v))
            return ENG_ERROR;
        if (!can_act(st, c, 0, err, errlen))
            return ENG_ILLEGAL;
        if (v > st->ch[c].hand)
            ILLEGAL("only %d cards in hand", st->ch[c].hand);
        pay(st, c, v);
        st->ch[c].passed = 1;
        turn_end(st, c);
        if (!st->over)
            next_turn(st, c);
        return ENG_OK;
    }
    if (!strcmp(action, "round-start")) {
        nm_round_start(st);
        return ENG_OK;
    }
    if (!strcmp(action, "event-phase")) {
        nm_event_phase(st);
        return ENG_OK;
    }
    if (!strcmp(action, "wound")) {
        const char *k = eng_arg(kv, nkv, "kind");
        if (st->ch[c].dead)
            ILLEGAL("character %d is dead", c + 1);
        if (k && !strcmp(k, "light"))
            nm_light(st, c);
        else if (k && !strcmp(k, "serious"))
            nm_serious(st, c);
        else
            return snprintf(err, errlen, "kind must be light or serious"), ENG_ERROR;
        return ENG_OK;
    }
    if (!strcmp(action, "end-turn")) {
        turn_end(st, c);
        return ENG_OK;
    }
    if (!strcmp(action, "noise-roll")) {
        nm_noise_roll(st, c);
        return ENG_OK;
    }
    if (!strcmp(action, "encounter")) {
        nm_encounter(st, c, st->ch[c].room);
        return ENG_OK;
    }
    if (!strcmp(action, "hibernate") || !strcmp(action, "escape")) {
        if (!in_play(&st->ch[c]))
            ILLEGAL("character %d is not in play", c + 1);
        if (action[0] == 'h')
            st->ch[c].hibernated = 1;
        else
            st->ch[c].evacuated = 1;
        last_character_check(st);
        return ENG_OK;
    }
    if (!strcmp(action, "bag-development")) {
        ev_bag(st);
        return ENG_OK;
    }
    if (!strcmp(action, "event-card")) {
        ev_card(st);
        return ENG_OK;
    }
    if (!strcmp(action, "danger") || !strcmp(action, "place-fire") || !strcmp(action, "place-malfunction")) {
        if (arg_int(a, "room", 0, 0, NM_NROOMS - 1, &r))
            return ENG_ERROR;
        if (action[0] == 'd')
            nm_danger(st, (int)r);
        else if (action[6] == 'f')
            nm_place_fire(st, (int)r);
        else
            nm_place_malfunction(st, (int)r);
        return ENG_OK;
    }
    if (!strcmp(action, "place-door")) {
        long k;
        if (arg_int(a, "room", 0, 0, NM_NROOMS - 1, &r) || arg_int(a, "corridor", 0, 1, 4, &k))
            return ENG_ERROR;
        nm_place_door(st, slot_corr((int)r, (int)k));
        return ENG_OK;
    }
    if (!strcmp(action, "place-intruder")) {
        const char *t = eng_arg(kv, nkv, "type");
        int type = t ? eng_name_index(intruder_names, 7, t) : -1;
        long num;
        if (type <= 0)
            return snprintf(err, errlen, "type= must name an intruder"), ENG_ERROR;
        if (arg_int(a, "room", 0, 0, NM_NROOMS - 1, &r) || arg_int(a, "token", 0, 0, 99, &num))
            return ENG_ERROR;
        if (nm_place(st, type, (int)num, (int)r) < 0)
            ILLEGAL("no miniature can be placed");
        return ENG_OK;
    }
    if (!strcmp(action, "intruder-attack") || !strcmp(action, "damage")) {
        long i, t;
        if (arg_int(a, "intruder", 0, 1, NM_MAXINT, &i))
            return ENG_ERROR;
        if (st->in[i - 1].type == K_NONE)
            ILLEGAL("intruder %ld is not on the board", i);
        if (action[0] == 'd') {
            if (arg_int(a, "amount", 1, 1, 9, &v))
                return ENG_ERROR;
            nm_damage(st, (int)i - 1, (int)v);
            return ENG_OK;
        }
        if (arg_int(a, "target", 0, 0, NM_MAXCH, &t))
            return ENG_ERROR;
        int room = st->in[i - 1].room;
        int target = nm_target(st, room, t > 0 ? (int)t - 1 : -1);
        if (target < 0)
            ILLEGAL("nobody to attack in room %d", room);
        nm_intruder_attack(st, (int)i - 1, target);
        return ENG_OK;
    }
    snprintf(err, errlen, "unknown action \"%s\"", action);
    return ENG_ERROR;
}

/* ---- probes --------------------------------------------------------------------------------- */

/* A probe's workspace: a fresh state on its own rng. */
typedef struct probe {
    eng_rng rng;
    nm_state st;
} probe;

static nm_state *fresh(probe *p, int players)
{
    eng_rng_seed(&p->rng, 7);
    nm_init(&p->st, &p->rng);
    p->st.players = players;
    return &p->st;
}

static int run(nm_state *st, const char *action, const char *args)
{
    char err[256];
    return eng_act_str(&eng_nemesis_game, st, action, args, err, sizeof err);
}

static void force(nm_state *st, const eng_die *die, const char *face)
{
    eng_rng_force(st->rng, die, face);
}

static int add_intruder(nm_state *st, int type, int room)
{
    return nm_place(st, type, 2, room);
}

#define PROBE(name) static int name(long *value, char *why, size_t whylen)
#define UNUSED_WHY (void)why, (void)whylen

PROBE(probe_light_to_serious)
{
    probe p;
    nm_state *st = fresh(&p, 1);
    long n = 0;
    UNUSED_WHY;
    while (st->ch[0].serious == 0 && n < 100) {
        nm_light(st, 0);
        n++;
    }
    *value = n;
    return 0;
}

PROBE(probe_serious_survivable)
{
    probe p;
    nm_state *st = fresh(&p, 1);
    long n = 0;
    UNUSED_WHY;
    while (!st->ch[0].dead && n < 100) {
        nm_serious(st, 0);
        n++;
    }
    *value = n - 1;
    return 0;
}

/* Death by a light wound after three serious ones, too. */
PROBE(probe_light_kills_at_three)
{
    probe p;
    nm_state *st = fresh(&p, 2);
    UNUSED_WHY;
    st->ch[0].serious = 3;
    nm_light(st, 0);
    *value = st->ch[0].dead;
    return 0;
}

PROBE(probe_corpse)
{
    probe p;
    nm_state *st = fresh(&p, 2);
    UNUSED_WHY;
    st->ch[0].room = 3;
    st->ch[0].serious = 3;
    st->ch[0].heavy = 2;
    nm_serious(st, 0);
    /* one corpse and both objects in the room, none left on the character */
    *value = st->room[3].corpses == 1 && st->room[3].heavy == 2 && st->ch[0].heavy == 0;
    return 0;
}

PROBE(probe_hand_size)
{
    probe p;
    nm_state *st = fresh(&p, 2);
    UNUSED_WHY;
    st->ch[0].hand = 1;
    st->ch[0].deck = 20;
    nm_round_start(st);
    *value = st->ch[0].hand;
    return 0;
}

PROBE(probe_first_offset)
{
    probe p;
    nm_state *st = fresh(&p, 4);
    UNUSED_WHY;
    st->first = 1;
    nm_round_start(st);
    *value = (st->first - 1 + st->players) % st->players;
    return 0;
}

PROBE(probe_actions_per_turn)
{
    probe p;
    nm_state *st = fresh(&p, 2);
    long n = 0;
    UNUSED_WHY;
    st->ch[0].hand = 20;
    while (st->current == 0 && n < 10 && run(st, "room-action", "who=1 cost=0") == ENG_OK)
        n++;
    *value = n;
    return 0;
}

/* One action taken: the turn stays with that player, who can only act again
 * or pass. */
PROBE(probe_one_action_pass)
{
    probe p;
    nm_state *st = fresh(&p, 2);
    UNUSED_WHY;
    int a = run(st, "room-action", "who=1 cost=0") == ENG_OK && st->current == 0;
    int b = run(st, "pass", "who=1") == ENG_OK && st->current == 1;
    int c = run(st, "room-action", "who=1 cost=0") == ENG_ILLEGAL;
    *value = a && b && c;
    return 0;
}

static long cost_limit(int lowest)
{
    for (long k = lowest ? -3 : 6; lowest ? k <= 6 : k >= -3; k += lowest ? 1 : -1) {
        probe p;
        nm_state *st = fresh(&p, 1);
        char args[64];
        st->ch[0].hand = 10;
        snprintf(args, sizeof args, "who=1 cost=%ld", k);
        if (run(st, "room-action", args) == ENG_OK)
            return k;
    }
    return -99;
}

PROBE(probe_cost_min) { UNUSED_WHY; *value = cost_limit(1); return 0; }
PROBE(probe_cost_max) { UNUSED_WHY; *value = cost_limit(0); return 0; }

PROBE(probe_cost_discards)
{
    probe p;
    nm_state *st = fresh(&p, 1);
    UNUSED_WHY;
    run(st, "room-action", "who=1 cost=2");
    *value = st->ch[0].hand == 3 && st->ch[0].discard == 2;
    return 0;
}

PROBE(probe_card_action)
{
    long ok = 1;
    UNUSED_WHY;
    for (int cost = 0; cost <= 2; cost++) {
        probe p;
        nm_state *st = fresh(&p, 1);
        char args[64];
        snprintf(args, sizeof args, "who=1 cost=%d", cost);
        ok &= run(st, "card", args) == ENG_OK && st->ch[0].hand == 5 - 1 - cost;
    }
    *value = ok;
    return 0;
}

PROBE(probe_pass_discard)
{
    probe p;
    nm_state *st = fresh(&p, 2);
    UNUSED_WHY;
    *value = run(st, "pass", "who=1 discard=5") == ENG_OK && st->ch[0].hand == 0;
    return 0;
}

PROBE(probe_all_passed)
{
    probe p;
    nm_state *st = fresh(&p, 3);
    UNUSED_WHY;
    int t0 = st->time;
    run(st, "pass", "who=1");
    run(st, "pass", "who=2");
    int before = st->time == t0;
    run(st, "pass", "who=3");
    *value = before && st->time == t0 - 1;
    return 0;
}

PROBE(probe_closed_door_blocks)
{
    probe p;
    nm_state *st = fresh(&p, 1);
    UNUSED_WHY;
    st->corr[slot_corr(0, 1)].door = D_CLOSED;
    int blocked = run(st, "move", "who=1 corridor=1") == ENG_ILLEGAL;
    st->corr[slot_corr(0, 1)].door = D_DESTROYED;
    st->room[1].explored = 1;
    int destroyed_open = run(st, "move", "who=1 corridor=1") == ENG_OK && st->ch[0].room == 1;
    *value = blocked && destroyed_open;
    return 0;
}

PROBE(probe_destroyed_no_close)
{
    probe p;
    nm_state *st = fresh(&p, 1);
    UNUSED_WHY;
    st->corr[slot_corr(0, 1)].door = D_DESTROYED;
    *value = run(st, "close-door", "who=1 corridor=1 cost=0") == ENG_ILLEGAL;
    return 0;
}

/* Moving into an empty room rolls the noise die; into a room where another
 * character is, it does not. */
PROBE(probe_noise_when_empty)
{
    probe p;
    nm_state *st = fresh(&p, 2);
    UNUSED_WHY;
    st->room[1].explored = 1;
    run(st, "move", "who=1 corridor=1");
    int empty = st->noise_rolls == 1;
    nm_state *s2 = fresh(&p, 2);
    s2->room[1].explored = 1;
    s2->ch[1].room = 1;
    run(s2, "move", "who=1 corridor=1");
    *value = empty && s2->noise_rolls == 0;
    return 0;
}

/* Explores room 1 from room 0 with token tok. */
static nm_state *explore(probe *p, int tok, int slime)
{
    nm_state *st = fresh(p, 1);
    st->room[1].token = tok;
    st->ch[0].slime = slime;
    run(st, "move", "who=1 corridor=1");
    return st;
}

static int noise_markers(const nm_state *st, int r)
{
    int n = 0;
    for (int k = 1; k <= 4; k++)
        n += st->corr[slot_corr(r, k)].noise;
    return n;
}

/* Entering an unexplored room turns it face up and resolves its token. */
PROBE(probe_reveals)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = explore(&p, X_SLIME, 0);
    *value = st->room[1].explored && st->ch[0].slime;
    return 0;
}

PROBE(probe_silence)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->room[1].token = X_SILENCE;
    force(st, &die_noise, "n2");
    run(st, "move", "who=1 corridor=1");
    int quiet = noise_markers(st, 1) == 1;  /* only the noise roll's marker */
    st = fresh(&p, 1);
    st->room[1].token = X_SILENCE;
    st->ch[0].slime = 1;
    force(st, &die_noise, "n2");
    run(st, "move", "who=1 corridor=1");
    /* danger put a marker in all four corridors, then the roll found one */
    *value = quiet && st->noise_rolls == 1 && noise_markers(st, 1) == 0 && st->nbag == 6;
    return 0;
}

PROBE(probe_danger_no_roll)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = explore(&p, X_DANGER, 0);
    *value = st->noise_rolls == 0;
    return 0;
}

/* Danger brings intruders not in combat from adjacent rooms; an intruder in
 * combat stays; with none to bring, noise markers go into the corridors. */
PROBE(probe_danger_pulls)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 2);
    st->room[1].token = X_DANGER;
    int free_one = add_intruder(st, K_ADULT, 2);
    st->ch[1].room = 7;
    int fighting = add_intruder(st, K_ADULT, 7);   /* 7 is across from 1 */
    run(st, "move", "who=1 corridor=1");
    *value = st->in[free_one].room == 1 && st->in[fighting].room == 7 && noise_markers(st, 1) == 0;
    return 0;
}

PROBE(probe_danger_noise)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->room[1].token = X_DANGER;
    st->corr[slot_corr(1, 3)].noise = 1;
    run(st, "move", "who=1 corridor=1");
    *value = noise_markers(st, 1) == 4;
    return 0;
}

PROBE(probe_slime_max)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = explore(&p, X_SLIME, 0);
    int first = st->ch[0].slime;
    st->room[2].token = X_SLIME;
    st->ch[0].acts = 0;
    st->current = 0;
    run(st, "move", "who=1 corridor=1");
    *value = first == 1 ? st->ch[0].slime : -1;
    return 0;
}

PROBE(probe_fire_max)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = explore(&p, X_FIRE, 0);
    nm_place_fire(st, 1);
    *value = st->room[1].fire;
    return 0;
}

PROBE(probe_fire_wound)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 2);
    st->room[0].fire = 1;
    run(st, "room-action", "who=1 cost=0");
    int mid = st->ch[0].light;
    run(st, "room-action", "who=1 cost=0");
    *value = mid == 0 ? st->ch[0].light : -1;
    return 0;
}

PROBE(probe_malfunction_max)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = explore(&p, X_MALFUNCTION, 0);
    nm_place_malfunction(st, 1);
    *value = st->room[1].malfunction;
    return 0;
}

PROBE(probe_malfunction_blocks)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    int ok = run(st, "room-action", "who=1 cost=0") == ENG_OK;
    st = fresh(&p, 1);
    st->room[0].malfunction = 1;
    *value = ok && run(st, "room-action", "who=1 cost=0") == ENG_ILLEGAL;
    return 0;
}

PROBE(probe_door_max)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = explore(&p, X_DOOR, 0);
    int supply = st->doors_supply;
    nm_place_door(st, slot_corr(0, 1));
    int n = 0;
    for (int k = 0; k < NM_NCORR; k++)
        n += st->corr[k].door != D_OPEN;
    *value = st->doors_supply == supply ? n : -1;
    return 0;
}

PROBE(probe_door_from_board)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->doors_supply = 0;
    st->corr[slot_corr(5, 1)].door = D_CLOSED;
    st->room[1].token = X_DOOR;
    run(st, "move", "who=1 corridor=1");
    *value = st->corr[slot_corr(0, 1)].door == D_CLOSED && st->corr[slot_corr(5, 1)].door == D_OPEN;
    return 0;
}

/* An intruder moved by an event card into a closed door destroys it and
 * stops; one pulled by danger passes. */
PROBE(probe_door_intruder)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->ch[0].room = 5;
    int i = add_intruder(st, K_ADULT, 3);
    st->corr[slot_corr(3, 1)].door = D_CLOSED;
    force(st, &die_event, "e1-adult");
    ev_card(st);
    *value = st->in[i].room == 3 && st->corr[slot_corr(3, 1)].door == D_DESTROYED;
    return 0;
}

PROBE(probe_door_noise_ignores)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    int i = add_intruder(st, K_ADULT, 2);
    st->corr[slot_corr(2, 2)].door = D_CLOSED;  /* between rooms 1 and 2 */
    nm_danger(st, 1);
    *value = st->in[i].room == 1 && st->corr[slot_corr(2, 2)].door == D_CLOSED;
    return 0;
}

/* Each number face of the noise die puts a marker into a different corridor
 * of the room: counts the corridors reached. */
PROBE(probe_noise_corridors)
{
    int seen[NM_NCORR] = {0}, n = 0;
    UNUSED_WHY;
    for (int f = 0; f < die_noise.nfaces; f++) {
        probe p;
        nm_state *st = fresh(&p, 1);
        force(st, &die_noise, die_noise.faces[f]);
        nm_noise_roll(st, 0);
        int placed = 0;
        for (int k = 0; k < NM_NCORR; k++)
            placed += st->corr[k].noise;
        if (placed != 1)
            continue;
        for (int k = 0; k < NM_NCORR; k++)
            if (st->corr[k].noise && !seen[k]++)
                n++;
    }
    *value = n;
    return 0;
}

PROBE(probe_noise_encounter)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->corr[slot_corr(0, 3)].noise = 1;
    force(st, &die_noise, "n3");
    force(st, &die_bag, "adult");
    nm_noise_roll(st, 0);
    *value = intruders_in_room(st, 0) == 1 && noise_markers(st, 0) == 0;
    return 0;
}

PROBE(probe_noise_danger)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    int i = add_intruder(st, K_CREEPER, 1);
    force(st, &die_noise, "danger");
    nm_noise_roll(st, 0);
    int pulled = st->in[i].room == 0;
    st = fresh(&p, 1);
    force(st, &die_noise, "danger");
    nm_noise_roll(st, 0);
    *value = pulled && noise_markers(st, 0) == 4;
    return 0;
}

PROBE(probe_noise_silence)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    force(st, &die_noise, "silence");
    nm_noise_roll(st, 0);
    int quiet = noise_markers(st, 0) == 0;
    st = fresh(&p, 1);
    st->ch[0].slime = 1;
    force(st, &die_noise, "silence");
    nm_noise_roll(st, 0);
    *value = quiet && noise_markers(st, 0) == 4;
    return 0;
}

PROBE(probe_careful_combat)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->room[1].explored = 1;
    add_intruder(st, K_ADULT, 0);
    *value = run(st, "careful", "who=1 corridor=1 noise=2") == ENG_OK;
    return 0;
}

PROBE(probe_careful_full)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->room[1].explored = 1;
    for (int k = 1; k <= 4; k++)
        st->corr[slot_corr(1, k)].noise = 1;
    *value = run(st, "careful", "who=1 corridor=1 noise=2") == ENG_OK;
    return 0;
}

PROBE(probe_careful_places)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->room[1].explored = 1;
    int ok = run(st, "careful", "who=1 corridor=1 noise=3") == ENG_OK;
    *value = ok && st->noise_rolls == 0 && st->corr[slot_corr(1, 3)].noise && noise_markers(st, 1) == 1;
    return 0;
}

/* The order of the event phase, as the position of one step in the log (the
 * event card's effect is part of the card's step). */
static long event_position(int step)
{
    probe p;
    nm_state *st = fresh(&p, 1);
    nm_event_phase(st);
    long pos = 0;
    for (int i = 0; i < st->nlog; i++) {
        pos += st->log[i] != L_CARD_EFFECT;
        if (st->log[i] == step)
            return pos;
    }
    return -1;
}

PROBE(probe_ev_time) { UNUSED_WHY; *value = event_position(L_TIME); return 0; }
PROBE(probe_ev_attack) { UNUSED_WHY; *value = event_position(L_ATTACK); return 0; }
PROBE(probe_ev_fire) { UNUSED_WHY; *value = event_position(L_FIRE); return 0; }
PROBE(probe_ev_card) { UNUSED_WHY; *value = event_position(L_CARD_MOVE); return 0; }
PROBE(probe_ev_bag) { UNUSED_WHY; *value = event_position(L_BAG); return 0; }

PROBE(probe_ev_move_first)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    nm_event_phase(st);
    int move = -1, effect = -1;
    for (int i = 0; i < st->nlog; i++) {
        if (st->log[i] == L_CARD_MOVE)
            move = i;
        if (st->log[i] == L_CARD_EFFECT)
            effect = i;
    }
    *value = move >= 0 && effect == move + 1;
    return 0;
}

PROBE(probe_time_step)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->sd_active = 1;
    int t = st->time, s = st->sd;
    nm_event_phase(st);
    *value = t - st->time == s - st->sd ? t - st->time : -1;
    return 0;
}

PROBE(probe_ev_attacks)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    add_intruder(st, K_ADULT, 0);
    add_intruder(st, K_CREEPER, 0);
    add_intruder(st, K_ADULT, 4);   /* not in combat: no attack */
    nm_event_phase(st);
    *value = st->attack_draws == 2;   /* the two in combat, not the third */
    return 0;
}

PROBE(probe_ev_fire_damage)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->room[4].fire = 1;
    int i = add_intruder(st, K_ADULT, 4);
    force(st, &die_attack, "v3-serious");
    ev_fire(st);
    *value = st->in[i].damage;
    return 0;
}

PROBE(probe_ev_technical)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    int i = add_intruder(st, K_ADULT, 4);
    st->in[i].damage = 2;
    int bag = st->nbag;
    force(st, &die_event, "e4-adult");
    ev_card(st);
    *value = st->in[i].type == K_NONE && st->nbag == bag + 1;
    return 0;
}

PROBE(probe_adult_minis)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    long most = 0;
    for (int k = 0; k < 12; k++) {
        nm_place(st, K_ADULT, 3, 2 + k % 8);
        if (adults_on_board(st) > most)
            most = adults_on_board(st);
    }
    *value = most;
    return 0;
}

PROBE(probe_retreat)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->ch[0].room = 2;
    for (int k = 0; k < 8; k++)
        nm_place(st, K_ADULT, 3, k < 2 ? 2 : 5);  /* two in combat */
    int bag = st->nbag;
    int i = nm_place(st, K_ADULT, 4, 6);
    *value = i >= 0 && adults_on_board(st) == 3 && st->nbag == bag + 6 && st->in[i].room == 6 &&
             intruders_in_room(st, 5) == 0;
    return 0;
}

static nm_state *bag_with(probe *p, int kind)
{
    nm_state *st = fresh(p, 3);
    force(st, &die_bag, faces_bag[kind - 1]);
    return st;
}

PROBE(probe_bag_larva)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = bag_with(&p, K_LARVA);
    int adults = 0, larvae = 0, n = st->nbag;
    ev_bag(st);
    for (int i = 0; i < st->nbag; i++)
        adults += st->bag[i].kind == K_ADULT, larvae += st->bag[i].kind == K_LARVA;
    *value = larvae == 0 && adults == 4 && st->nbag == n;
    return 0;
}

PROBE(probe_bag_creeper)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = bag_with(&p, K_CREEPER);
    int breeders = 0, creepers = 0;
    ev_bag(st);
    for (int i = 0; i < st->nbag; i++)
        breeders += st->bag[i].kind == K_BREEDER, creepers += st->bag[i].kind == K_CREEPER;
    *value = creepers == 0 && breeders == 1;
    return 0;
}

/* Adult or breeder: the characters not in combat roll for noise (of 3, one
 * fights), and the token goes back. */
static long bag_noise(int kind)
{
    probe p;
    nm_state *st = bag_with(&p, kind);
    int n = st->nbag;
    st->ch[0].room = 0;
    st->ch[1].room = 4;
    st->ch[2].room = 8;
    add_intruder(st, K_ADULT, 4);
    ev_bag(st);
    return st->noise_rolls == 2 && st->nbag == n;
}

PROBE(probe_bag_adult) { UNUSED_WHY; *value = bag_noise(K_ADULT); return 0; }

PROBE(probe_bag_breeder)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    bag_put(st->bag, &st->nbag, K_BREEDER, 5);
    force(st, &die_bag, "breeder");
    ev_bag(st);
    *value = st->noise_rolls == 1 && bag_noise(K_ADULT);
    return 0;
}

PROBE(probe_bag_queen_nest)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = bag_with(&p, K_QUEEN);
    st->room[NM_NEST].explored = 1;
    st->ch[1].room = NM_NEST;
    st->ch[1].hand = 5;
    ev_bag(st);
    int queen = 0;
    for (int i = 0; i < NM_MAXINT; i++)
        queen += st->in[i].type == K_QUEEN && st->in[i].room == NM_NEST;
    *value = queen == 1 && st->eggs == 0;
    return 0;
}

PROBE(probe_bag_queen_egg)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = bag_with(&p, K_QUEEN);
    int n = st->nbag;
    ev_bag(st);
    *value = st->nbag == n ? st->eggs : -1;
    return 0;
}

PROBE(probe_bag_blank)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = bag_with(&p, K_SIX);
    int n = st->nbag;
    ev_bag(st);
    *value = st->nbag - n;
    return 0;
}

PROBE(probe_bag_blank_none)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = bag_with(&p, K_SIX);
    st->nsupply = 0;
    int n = st->nbag;
    ev_bag(st);
    *value = st->nbag == n;
    return 0;
}

PROBE(probe_enc_noise)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    for (int k = 1; k <= 4; k++)
        st->corr[slot_corr(0, k)].noise = 1;
    st->corr[slot_corr(1, 1)].noise = 1;   /* not connected to room 0 */
    force(st, &die_bag, "adult");
    nm_encounter(st, 0, 0);
    *value = noise_markers(st, 0) == 0 && st->corr[slot_corr(1, 1)].noise == 1;
    return 0;
}

PROBE(probe_enc_places)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    force(st, &die_bag, "creeper");
    nm_encounter(st, 0, 0);
    *value = st->in[0].type == K_CREEPER && st->in[0].room == 0 && intruders_in_room(st, 0) == 1;
    return 0;
}

/* After the event phase a new round begins: hands refilled, token passed. */
PROBE(probe_new_round)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 2);
    run(st, "pass", "who=1 discard=3");
    run(st, "pass", "who=2");
    *value = st->round == 2 && st->ch[0].hand == 5 && st->first == 1 && !st->ch[0].passed;
    return 0;
}

PROBE(probe_enc_blank)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    int n = st->nbag;
    force(st, &die_bag, "blank");
    nm_encounter(st, 0, 0);
    *value = noise_markers(st, 0) == 4 && intruders_in_room(st, 0) == 0 && st->nbag == n;
    return 0;
}

PROBE(probe_enc_blank_last)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->nbag = 0;
    bag_put(st->bag, &st->nbag, K_SIX, 0);
    nm_encounter(st, 0, 0);
    *value = st->nbag - 1;
    return 0;
}

/* Surprise attack exactly when the hand holds fewer cards than the token's
 * number: measured at hand = number - 1 and hand = number. */
PROBE(probe_enc_surprise)
{
    long r[2];
    UNUSED_WHY;
    for (int h = 0; h < 2; h++) {
        probe p;
        nm_state *st = fresh(&p, 1);
        st->nbag = 0;
        bag_put(st->bag, &st->nbag, K_ADULT, 4);
        st->ch[0].hand = 3 + h;
        force(st, &die_attack, "v3-serious");
        nm_encounter(st, 0, 0);
        r[h] = st->attack_draws;
    }
    *value = r[0] == 1 && r[1] == 0;
    return 0;
}

/* One shot: ammunition spent, and the least ammunition that allows it. */
PROBE(probe_shoot_ammo)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->ch[0].ammo = 3;
    add_intruder(st, K_ADULT, 0);
    force(st, &die_combat, "blank");
    run(st, "shoot", "who=1");
    *value = 3 - st->ch[0].ammo;
    return 0;
}

PROBE(probe_shoot_needs)
{
    UNUSED_WHY;
    for (int a = 0; a < 5; a++) {
        probe p;
        nm_state *st = fresh(&p, 1);
        st->ch[0].ammo = a;
        add_intruder(st, K_ADULT, 0);
        force(st, &die_combat, "blank");
        if (run(st, "shoot", "who=1") == ENG_OK) {
            *value = a;
            return 0;
        }
    }
    return snprintf(why, whylen, "no ammunition count allows a shot"), -1;
}

typedef struct face_case {
    int melee;
    const char *face;
    int type;
    int serious;   /* measure the attacker's serious wounds, not the damage */
} face_case;

/* Rolls one forced face against one intruder type: the damage placed (an
 * attack card without the retreat arrow and with a value of 6 keeps it
 * alive to count), or the serious wounds the attacker took. */
static long face_result(const face_case *fc)
{
    probe p;
    nm_state *st = fresh(&p, 1);
    st->ch[0].ammo = 1;
    int i = add_intruder(st, fc->type, 0);
    force(st, &die_combat, fc->face);
    force(st, &die_attack, "v5-serious-large");
    force(st, &die_attack, "v5-serious-large");
    force(st, &die_contam, "clean");
    run(st, fc->melee ? "melee" : "shoot", "who=1");
    if (fc->serious)
        return st->ch[0].serious;
    if (st->in[i].type == K_NONE)
        return -1;
    return st->in[i].damage;
}

#define FACE_PROBE(name, melee, face, type, serious)                     \
    PROBE(name)                                                          \
    {                                                                    \
        static const face_case fc = {melee, face, type, serious};        \
        UNUSED_WHY;                                                      \
        *value = face_result(&fc);                                       \
        return 0;                                                        \
    }

FACE_PROBE(probe_s_blank_adult, 0, "blank", K_ADULT, 0)
FACE_PROBE(probe_s_lc_creeper, 0, "larva-creeper", K_CREEPER, 0)
FACE_PROBE(probe_s_lc_adult, 0, "larva-creeper", K_ADULT, 0)
FACE_PROBE(probe_s_ad_adult, 0, "adult", K_ADULT, 0)
FACE_PROBE(probe_s_ad_breeder, 0, "adult", K_BREEDER, 0)
FACE_PROBE(probe_s_hit_queen, 0, "hit", K_QUEEN, 0)
FACE_PROBE(probe_s_hit2_queen, 0, "double-hit", K_QUEEN, 0)
FACE_PROBE(probe_m_blank_serious, 1, "blank", K_ADULT, 1)
FACE_PROBE(probe_m_lc_creeper, 1, "larva-creeper", K_CREEPER, 0)
FACE_PROBE(probe_m_lc_adult_serious, 1, "larva-creeper", K_ADULT, 1)
FACE_PROBE(probe_m_ad_adult, 1, "adult", K_ADULT, 0)
FACE_PROBE(probe_m_ad_breeder_serious, 1, "adult", K_BREEDER, 1)
FACE_PROBE(probe_m_hit_queen, 1, "hit", K_QUEEN, 0)
FACE_PROBE(probe_m_hit2_queen, 1, "double-hit", K_QUEEN, 0)

PROBE(probe_melee_contam)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    add_intruder(st, K_ADULT, 0);
    force(st, &die_combat, "hit");
    run(st, "melee", "who=1");
    *value = st->ch[0].contam + st->ch[0].infected;
    return 0;
}

/* Fleeing from two intruders: attacks suffered per intruder. */
PROBE(probe_flee_attacks)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->room[1].explored = 1;
    add_intruder(st, K_ADULT, 0);
    add_intruder(st, K_CREEPER, 0);
    run(st, "flee", "who=1 corridor=1");
    *value = st->attack_draws / 2;
    return 0;
}

PROBE(probe_flee_corpse)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->ch[0].serious = 3;
    add_intruder(st, K_ADULT, 0);
    force(st, &die_attack, "v2-light");
    run(st, "flee", "who=1 corridor=1");
    *value = st->ch[0].dead && st->room[0].corpses == 1;
    return 0;
}

PROBE(probe_flee_moves)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->room[1].token = X_SLIME;
    add_intruder(st, K_ADULT, 0);
    force(st, &die_attack, "v2-light");
    force(st, &die_noise, "n4");
    run(st, "flee", "who=1 corridor=1");
    *value = st->ch[0].room == 1 && st->room[1].explored && st->ch[0].slime && st->noise_rolls == 1;
    return 0;
}

/* The least damage that kills a larva (or an egg). */
static long dies_at(int type)
{
    for (int d = 1; d < 10; d++) {
        probe p;
        nm_state *st = fresh(&p, 1);
        int i = add_intruder(st, type, 3);
        nm_damage(st, i, d);
        if (st->in[i].type == K_NONE)
            return d;
    }
    return -1;
}

PROBE(probe_larva_dies) { UNUSED_WHY; *value = dies_at(K_LARVA); return 0; }
PROBE(probe_egg_dies) { UNUSED_WHY; *value = dies_at(K_SIX); return 0; }

static long cards_drawn(int type)
{
    probe p;
    nm_state *st = fresh(&p, 1);
    int i = add_intruder(st, type, 3);
    nm_damage(st, i, 1);
    return st->attack_draws;
}

PROBE(probe_cards_small)
{
    UNUSED_WHY;
    *value = cards_drawn(K_CREEPER) == cards_drawn(K_ADULT) ? cards_drawn(K_ADULT) : -1;
    return 0;
}

PROBE(probe_cards_large)
{
    UNUSED_WHY;
    *value = cards_drawn(K_BREEDER) == cards_drawn(K_QUEEN) ? cards_drawn(K_QUEEN) : -1;
    return 0;
}

/* Damage equal to the card's number kills (carcass), one less does not. */
PROBE(probe_dies_at_value)
{
    long ok = 1;
    UNUSED_WHY;
    for (int extra = -1; extra <= 0; extra++) {
        probe p;
        nm_state *st = fresh(&p, 1);
        int i = add_intruder(st, K_ADULT, 3);
        st->in[i].damage = 3 + extra - 1;
        force(st, &die_attack, "v3-serious");
        nm_damage(st, i, 1);
        int dead = st->in[i].type == K_NONE && st->room[3].carcasses == 1;
        ok &= extra == 0 ? dead : !dead;
    }
    *value = ok;
    return 0;
}

PROBE(probe_damage_sum)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    int i = add_intruder(st, K_BREEDER, 3);
    st->in[i].damage = 4;     /* 5 after the hit: 2 + 3 = 5 kills */
    force(st, &die_attack, "v2-light");
    force(st, &die_attack, "v3-serious");
    nm_damage(st, i, 1);
    int dead = st->in[i].type == K_NONE;
    st = fresh(&p, 1);
    i = add_intruder(st, K_BREEDER, 3);
    st->in[i].damage = 4;     /* 2 + 4 = 6: survives */
    force(st, &die_attack, "v2-light");
    force(st, &die_attack, "v4-light-retreat");
    nm_damage(st, i, 1);
    *value = dead && st->in[i].type == K_BREEDER;
    return 0;
}

PROBE(probe_damage_arrow)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    int i = add_intruder(st, K_ADULT, 3);
    force(st, &die_attack, "v4-light-retreat");
    force(st, &die_event, "e1-adult");
    nm_damage(st, i, 1);
    *value = st->in[i].room == 4;
    return 0;
}

/* Whom the intruder attacks, measured in a room of three. */
static int target_of(int h0, int h1, int h2, int first)
{
    probe p;
    nm_state *st = fresh(&p, 3);
    st->ch[0].hand = h0;
    st->ch[1].hand = h1;
    st->ch[2].hand = h2;
    st->first = first;
    return nm_target(st, 0, -1);
}

PROBE(probe_target_fewest) { UNUSED_WHY; *value = target_of(4, 2, 3, 0) == 1 && target_of(1, 5, 5, 2) == 0; return 0; }
PROBE(probe_target_tie_first) { UNUSED_WHY; *value = target_of(2, 2, 2, 1) == 1; return 0; }
PROBE(probe_target_tie_order) { UNUSED_WHY; *value = target_of(2, 4, 2, 1) == 2 && target_of(3, 1, 1, 0) == 1; return 0; }

PROBE(probe_target_surprise)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 2);
    st->ch[0].hand = 1;
    st->ch[1].hand = 4;
    *value = nm_target(st, 0, 1) == 1;
    return 0;
}

PROBE(probe_larva_attack)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    int i = add_intruder(st, K_LARVA, 0);
    nm_intruder_attack(st, i, 0);
    *value = st->in[i].type == K_NONE && st->ch[0].larva == 1 ? st->ch[0].contam + st->ch[0].infected : -1;
    return 0;
}

PROBE(probe_attack_symbol)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    int i = add_intruder(st, K_ADULT, 0);
    force(st, &die_attack, "v5-serious-large");
    nm_intruder_attack(st, i, 0);
    int failed = st->ch[0].serious == 0;
    force(st, &die_attack, "v3-serious");
    nm_intruder_attack(st, i, 0);
    *value = failed && st->ch[0].serious == 1;
    return 0;
}

/* The number of the fire (or malfunction) marker whose placing ends the game. */
static long ending_marker(int fire)
{
    probe p;
    nm_state *st = fresh(&p, 1);
    for (int r = 0; r < NM_NROOMS; r++) {
        if (fire)
            nm_place_fire(st, r);
        else
            nm_place_malfunction(st, r);
        if (st->over)
            return r + 1;
    }
    return -1;
}

PROBE(probe_end_fire) { UNUSED_WHY; *value = ending_marker(1); return 0; }
PROBE(probe_end_malfunction) { UNUSED_WHY; *value = ending_marker(0); return 0; }

static nm_state *crew(probe *p)
{
    nm_state *st = fresh(p, 3);
    st->ch[1].hibernated = 1;
    st->ch[2].evacuated = 1;
    return st;
}

PROBE(probe_end_time)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = crew(&p);
    add_intruder(st, K_ADULT, 5);
    st->time = 1;
    nm_event_phase(st);
    *value = st->over && st->end == E_TIME && st->ch[0].dead && !st->ch[1].dead && !st->ch[2].dead &&
             adults_on_board(st) == 1;
    return 0;
}

PROBE(probe_end_sd)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = crew(&p);
    add_intruder(st, K_ADULT, 5);
    st->sd_active = 1;
    st->sd = 1;
    nm_event_phase(st);
    *value = st->over && st->end == E_SD && st->ch[0].dead && st->ch[1].dead && !st->ch[2].dead &&
             adults_on_board(st) == 0;
    return 0;
}

PROBE(probe_end_ship_lost)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = crew(&p);
    for (int r = 0; r < 9; r++)
        nm_place_fire(st, r);
    *value = st->over && !st->intact && st->ch[0].dead && st->ch[1].dead && !st->ch[2].dead;
    return 0;
}

PROBE(probe_end_last)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 2);
    st->ch[1].dead = 1;
    run(st, "hibernate", "who=1");
    int time_red = st->over && st->end == E_TIME && st->time == 0;
    st = fresh(&p, 2);
    st->ch[1].evacuated = 1;
    st->sd_active = 1;
    st->ch[0].serious = 3;
    nm_serious(st, 0);
    *value = time_red && st->over && st->end == E_SD && st->sd == 0;
    return 0;
}

static long check_position(int step)
{
    probe p;
    nm_state *st = fresh(&p, 1);
    nm_end(st, E_TIME);
    for (int i = 0; i < st->nlog; i++)
        if (st->log[i] == step)
            return i - (st->log[0] == L_CHK_ENGINES ? 0 : 1) + 1;
    return -1;
}

PROBE(probe_chk_engines) { UNUSED_WHY; *value = check_position(L_CHK_ENGINES); return 0; }
PROBE(probe_chk_coords) { UNUSED_WHY; *value = check_position(L_CHK_COORDS); return 0; }
PROBE(probe_chk_contam) { UNUSED_WHY; *value = check_position(L_CHK_CONTAM); return 0; }
PROBE(probe_chk_objective) { UNUSED_WHY; *value = check_position(L_CHK_OBJECTIVE); return 0; }

/* Which counts of damaged engines blow the intact ship up: the least and the
 * most of 0..3. */
static long engines_explode(int lowest)
{
    long lo = -1, hi = -1;
    for (int d = 0; d <= 3; d++) {
        probe p;
        nm_state *st = crew(&p);
        st->engines_damaged = d;
        nm_end(st, E_TIME);
        if (!st->intact && st->ch[1].dead) {
            if (lo < 0)
                lo = d;
            hi = d;
        }
    }
    return lowest ? lo : hi;
}

PROBE(probe_engines_min) { UNUSED_WHY; *value = engines_explode(1); return 0; }
PROBE(probe_engines_max) { UNUSED_WHY; *value = engines_explode(0); return 0; }

PROBE(probe_coordinates)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = crew(&p);
    st->coords_earth = 0;
    add_intruder(st, K_ADULT, 5);
    nm_end(st, E_TIME);
    *value = st->ch[1].dead && !st->ch[2].dead && adults_on_board(st) == 1;
    return 0;
}

/* Cards drawn in the contamination check: none of them contamination until
 * the pile runs dry of action cards, so the count is the rule's own. */
PROBE(probe_contam_draw)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = crew(&p);
    st->ch[1].infected = 1;
    st->ch[1].discard = 1;
    st->ch[1].deck = 20;
    int before = st->rng->nforced;
    for (int k = 0; k < 10; k++)
        force(st, &die_draw, "action");
    nm_end(st, E_TIME);
    *value = (long)st->rng->next_forced - before;
    return 0;
}

PROBE(probe_contam_infected)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = crew(&p);
    st->ch[1].contam = 3;        /* contamination, none infected: no draw */
    st->ch[1].discard = 3;
    for (int k = 0; k < 4; k++)
        force(st, &die_draw, "contamination");
    nm_end(st, E_TIME);
    int spared = !st->ch[1].dead && st->rng->next_forced == 0;
    st = crew(&p);
    st->ch[2].infected = 1;      /* one infected card: the draw of 4 */
    st->ch[2].discard = 1;
    force(st, &die_draw, "action");
    force(st, &die_draw, "contamination");
    nm_end(st, E_TIME);
    *value = spared && st->ch[2].dead ? 1 : 0;
    return 0;
}

PROBE(probe_objective)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = crew(&p);
    st->ch[1].objective = 1;
    st->ch[2].objective = 0;
    nm_end(st, E_TIME);
    *value = st->ch[1].won && !st->ch[2].won && !st->ch[0].won;
    return 0;
}

PROBE(probe_craft_tools)
{
    UNUSED_WHY;
    for (int t = 0; t < 6; t++) {
        probe p;
        nm_state *st = fresh(&p, 1);
        st->ch[0].tools = t;
        if (run(st, "craft", "who=1 cost=0") == ENG_OK) {
            *value = t - st->ch[0].tools == t ? t : -1;
            return 0;
        }
    }
    return snprintf(why, whylen, "crafting never succeeds"), -1;
}

PROBE(probe_trade_room)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 2);
    int same = run(st, "trade", "who=1 with=2 cost=0") == ENG_OK;
    st = fresh(&p, 2);
    st->ch[1].room = 4;
    *value = same && run(st, "trade", "who=1 with=2 cost=0") == ENG_ILLEGAL;
    return 0;
}

PROBE(probe_pickup)
{
    probe p;
    UNUSED_WHY;
    nm_state *st = fresh(&p, 1);
    st->ch[0].hand = 10;
    st->room[0].corpses = 1;
    st->room[0].carcasses = 1;
    st->in[0] = (nm_intruder){K_SIX, 0, 0, 0};
    int a = run(st, "pickup", "who=1 what=corpse cost=0") == ENG_OK;
    int b = run(st, "pickup", "who=1 what=carcass cost=0") == ENG_OK;
    st->current = 0, st->ch[0].acts = 0;
    int c = run(st, "pickup", "who=1 what=egg cost=0") == ENG_OK;
    *value = a && b && c && st->ch[0].heavy == 3;
    return 0;
}

static const eng_fact nm_facts[] = {
    {"nemesis.wounds.light-to-serious", "light wounds dealt to a fresh character until a serious one appears", probe_light_to_serious},
    {"nemesis.wounds.serious-survivable", "serious wounds survived: one less than the wound that kills", probe_serious_survivable},
    {"nemesis.wounds.any-kills", "1 if a light wound after three serious ones kills", probe_light_kills_at_three},
    {"nemesis.wounds.corpse", "1 if death leaves one corpse and drops the heavy objects in the room", probe_corpse},
    {"nemesis.player.hand-size", "hand after the draw at the start of a round, from 1 card", probe_hand_size},
    {"nemesis.player.first-token-offset", "seats the first-player token moves at the round start (1 = left)", probe_first_offset},
    {"nemesis.player.actions-per-turn", "actions a player takes before the turn passes on", probe_actions_per_turn},
    {"nemesis.player.one-action-pass", "1 if after one action the turn stays until a second action or a pass, and a pass ends the round for that player", probe_one_action_pass},
    {"nemesis.player.cost-min", "lowest action cost accepted", probe_cost_min},
    {"nemesis.player.cost-max", "highest action cost accepted", probe_cost_max},
    {"nemesis.player.cost-discards", "1 if a cost of 2 moves 2 cards from hand to discard", probe_cost_discards},
    {"nemesis.player.card-action", "1 if a card action discards the card plus its cost in cards", probe_card_action},
    {"nemesis.player.pass-discard", "1 if a pass may discard the whole hand", probe_pass_discard},
    {"nemesis.player.all-passed", "1 if the event phase comes after the last pass, not before", probe_all_passed},
    {"nemesis.move.doors", "1 if a closed door blocks movement and a destroyed one does not", probe_closed_door_blocks},
    {"nemesis.move.noise-when-empty", "1 if entering an empty room rolls for noise and an occupied one does not", probe_noise_when_empty},
    {"nemesis.door.destroyed-stays-open", "1 if a destroyed door cannot be closed", probe_destroyed_no_close},
    {"nemesis.door.intruder-breaks", "1 if an intruder moving into a closed door destroys it and stops", probe_door_intruder},
    {"nemesis.door.danger-ignores", "1 if an intruder pulled by danger passes a closed door", probe_door_noise_ignores},
    {"nemesis.explore.reveals", "1 if entering an unexplored room reveals and resolves its token", probe_reveals},
    {"nemesis.explore.silence", "1 if silence does nothing, but danger with slime", probe_silence},
    {"nemesis.explore.danger-no-roll", "1 if a danger token skips the noise roll", probe_danger_no_roll},
    {"nemesis.explore.danger-pulls", "1 if danger pulls intruders not in combat from adjacent rooms", probe_danger_pulls},
    {"nemesis.explore.danger-noise", "markers in the room's corridors after danger with no intruder near", probe_danger_noise},
    {"nemesis.explore.slime-max", "slime markers after exploring two slime rooms", probe_slime_max},
    {"nemesis.explore.fire-max", "fire markers in a room after two fires", probe_fire_max},
    {"nemesis.explore.fire-wound", "light wounds for ending a turn in a burning room", probe_fire_wound},
    {"nemesis.explore.malfunction-max", "malfunction markers in a room after two", probe_malfunction_max},
    {"nemesis.explore.malfunction-blocks", "1 if a malfunction forbids the room action", probe_malfunction_blocks},
    {"nemesis.explore.door-max", "doors in a corridor after two door results", probe_door_max},
    {"nemesis.explore.door-from-board", "1 if with no door left one moves from the board", probe_door_from_board},
    {"nemesis.noise.corridors", "corridors the number faces of the noise die reach", probe_noise_corridors},
    {"nemesis.noise.encounter", "1 if a second marker in a corridor is an encounter instead", probe_noise_encounter},
    {"nemesis.noise.danger", "1 if the danger face pulls intruders, else places markers", probe_noise_danger},
    {"nemesis.noise.silence", "1 if the silence face does nothing, but danger with slime", probe_noise_silence},
    {"nemesis.careful.in-combat", "1 if careful movement is allowed in combat", probe_careful_combat},
    {"nemesis.careful.all-noise", "1 if careful movement is allowed into a room whose corridors all have noise", probe_careful_full},
    {"nemesis.careful.marker", "1 if careful movement places one chosen marker and rolls nothing", probe_careful_places},
    {"nemesis.event.step.time", "position of the time track in the event phase", probe_ev_time},
    {"nemesis.event.step.attack", "position of the intruder attacks", probe_ev_attack},
    {"nemesis.event.step.fire", "position of the fire damage", probe_ev_fire},
    {"nemesis.event.step.card", "position of the event card", probe_ev_card},
    {"nemesis.event.step.bag", "position of the bag development", probe_ev_bag},
    {"nemesis.event.move-then-effect", "1 if the event card's effect follows the movement", probe_ev_move_first},
    {"nemesis.event.time-step", "spaces the time (and an active self-destruct) marker moves", probe_time_step},
    {"nemesis.event.attacks", "1 if each intruder in combat attacks once (two attack cards for two, none for one alone)", probe_ev_attacks},
    {"nemesis.event.fire-damage", "damage an intruder in a burning room takes", probe_ev_fire_damage},
    {"nemesis.event.technical", "1 if a technical corridor returns the intruder to the bag", probe_ev_technical},
    {"nemesis.adults.miniatures", "most adults on the board while placing twelve", probe_adult_minis},
    {"nemesis.adults.retreat", "1 if the ninth adult makes those not in combat retreat", probe_retreat},
    {"nemesis.bag.larva", "1 if a larva token becomes an adult token", probe_bag_larva},
    {"nemesis.bag.creeper", "1 if a creeper token becomes a breeder token", probe_bag_creeper},
    {"nemesis.bag.adult", "1 if an adult token makes those not in combat roll for noise and returns", probe_bag_adult},
    {"nemesis.bag.breeder", "1 if a breeder token does the same", probe_bag_breeder},
    {"nemesis.bag.queen-nest", "1 if the queen enters a nest with characters", probe_bag_queen_nest},
    {"nemesis.bag.queen-egg", "eggs added when nobody is in the nest", probe_bag_queen_egg},
    {"nemesis.bag.blank", "adult tokens the blank token adds to the bag", probe_bag_blank},
    {"nemesis.bag.blank-none", "1 if a blank with no adult token left changes nothing", probe_bag_blank_none},
    {"nemesis.encounter.noise", "1 if an encounter clears the noise of the room's corridors", probe_enc_noise},
    {"nemesis.encounter.places", "1 if the token's intruder is placed in the room", probe_enc_places},
    {"nemesis.event.new-round", "1 if a new round (draw, token) follows the event phase", probe_new_round},
    {"nemesis.encounter.blank", "1 if a blank token places noise, no intruder, and returns", probe_enc_blank},
    {"nemesis.encounter.blank-last", "adult tokens added when the blank was the last token", probe_enc_blank_last},
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
    {"nemesis.damage.larva", "least damage that kills a larva", probe_larva_dies},
    {"nemesis.damage.egg", "least damage that kills an egg", probe_egg_dies},
    {"nemesis.damage.cards-small", "attack cards drawn for a damaged creeper or adult", probe_cards_small},
    {"nemesis.damage.cards-large", "attack cards drawn for a damaged breeder or queen", probe_cards_large},
    {"nemesis.damage.at-value", "1 if damage equal to the card's number kills and one less does not", probe_dies_at_value},
    {"nemesis.damage.sum", "1 if breeders and queens compare with the sum of two cards", probe_damage_sum},
    {"nemesis.damage.arrow", "1 if the retreat arrow moves the intruder by an event card", probe_damage_arrow},
    {"nemesis.target.fewest", "1 if the intruder attacks the character with fewest cards", probe_target_fewest},
    {"nemesis.target.tie-first", "1 if a tie goes to the first player", probe_target_tie_first},
    {"nemesis.target.tie-order", "1 if otherwise to the next tied player in turn order", probe_target_tie_order},
    {"nemesis.target.surprise", "1 if a surprise attack hits who caused the encounter", probe_target_surprise},
    {"nemesis.attack.larva", "contamination cards from a larva's attack (the larva moves to the board)", probe_larva_attack},
    {"nemesis.attack.symbol", "1 if an attack card without the attacker's symbol fails", probe_attack_symbol},
    {"nemesis.end.fire-marker", "the fire marker whose placing ends the game", probe_end_fire},
    {"nemesis.end.malfunction-marker", "the malfunction marker whose placing ends the game", probe_end_malfunction},
    {"nemesis.end.time", "1 if the time's end kills those awake aboard only", probe_end_time},
    {"nemesis.end.self-destruct", "1 if the explosion kills everyone aboard", probe_end_sd},
    {"nemesis.end.ship-lost", "1 if the 9th fire kills everyone aboard", probe_end_ship_lost},
    {"nemesis.end.last-character", "1 if the last character leaving play moves time or self-destruct to red", probe_end_last},
    {"nemesis.end.check.engines", "position of the engines check", probe_chk_engines},
    {"nemesis.end.check.coordinates", "position of the coordinates check", probe_chk_coords},
    {"nemesis.end.check.contamination", "position of the contamination check", probe_chk_contam},
    {"nemesis.end.check.objective", "position of the objective check", probe_chk_objective},
    {"nemesis.end.engines-min", "fewest damaged engines that blow the ship up", probe_engines_min},
    {"nemesis.end.engines-max", "most damaged engines (of 3) that blow the ship up", probe_engines_max},
    {"nemesis.end.coordinates", "1 if a wrong course kills the hibernated only", probe_coordinates},
    {"nemesis.end.contamination-draw", "cards drawn in the contamination check", probe_contam_draw},
    {"nemesis.end.contamination-infected", "1 if only an infected card starts the draw, and a contamination card drawn kills", probe_contam_infected},
    {"nemesis.end.objective", "1 if the living who meet their objective win", probe_objective},
    {"nemesis.craft.tools", "item cards crafting needs", probe_craft_tools},
    {"nemesis.trade.same-room", "1 if trading needs the other character in the room", probe_trade_room},
    {"nemesis.pickup.heavy", "1 if corpses, carcasses and eggs can be picked up", probe_pickup},
};

/* ---- AI: whom an intruder attacks -------------------------------------------------------- */

static int run_traced(const void *p, int kind, const char **trace, size_t max, void (*body)(nm_state *))
{
    nm_state st = *(const nm_state *)p;
    eng_rng rng = *st.rng;     /* the state keeps its dice: a copy runs */
    st.rng = &rng;
    st.trace_kind = kind;
    st.trace = trace;
    st.ntrace = 0;
    st.maxtrace = max;
    body(&st);
    return (int)st.ntrace;
}

static int pred_t_surprise(const void *p)
{
    return ((const nm_state *)p)->ai_surprise >= 0;
}

static int pred_t_single(const void *p)
{
    const nm_state *st = p;
    return chars_in_room(st, st->ai_room, -1) == 1;
}

static int fewest_hand(const nm_state *st, int *ties)
{
    int min = 1 << 30;
    *ties = 0;
    for (int i = 0; i < st->players; i++) {
        const nm_char *c = &st->ch[i];
        if (!in_play(c) || c->room != st->ai_room)
            continue;
        if (c->hand < min)
            min = c->hand, *ties = 1;
        else if (c->hand == min)
            (*ties)++;
    }
    return min;
}

static int pred_t_unique(const void *p)
{
    int ties;
    fewest_hand(p, &ties);
    return ties == 1;
}

static int pred_t_first(const void *p)
{
    const nm_state *st = p;
    int ties, min = fewest_hand(st, &ties);
    const nm_char *f = &st->ch[st->first];
    return in_play(f) && f->room == st->ai_room && f->hand == min;
}

static void body_target(nm_state *st)
{
    nm_target(st, st->ai_room, st->ai_surprise);
}

/* nm_target only reads the state and writes the trace fields, so the
 * state is not copied (the checker runs this on thousands of states): the
 * trace fields are set for the call and put back. */
static int run_target(const void *p, const char **trace, size_t max)
{
    nm_state *st = (nm_state *)(uintptr_t)p;
    int kind = st->trace_kind;
    const char **tr = st->trace;
    size_t n = st->ntrace, m = st->maxtrace;
    st->trace_kind = T_TARGET;
    st->trace = trace;
    st->ntrace = 0;
    st->maxtrace = max;
    body_target(st);
    int got = (int)st->ntrace;
    st->trace_kind = kind;
    st->trace = tr;
    st->ntrace = n;
    st->maxtrace = m;
    return got;
}

/* Every seating of 1..4 characters in the room, every first player, and
 * every hand of 0..2 cards for those in the room, with and without a
 * surprise attack (on the first of them in the room): three values make every tie, every unique fewest and every
 * first player inside or outside a tie. Those outside the room hold 0
 * cards, fewer than anyone inside: a procedure that looked beyond the room
 * would pick them. */
static long enum_target(uint64_t seed, int (*visit)(const void *, void *), void *ctx)
{
    /* each state is a copy of one initialised base (nm_init builds the
     * whole ship) with its seating changed */
    static probe base, p;
    long n = 0;
    eng_rng_seed(&base.rng, seed);
    nm_init(&base.st, &base.rng);
    /* the procedure runs on a copy: the state itself only needs its
     * seating reset from one visit to the next */
    p.st = base.st;
    p.st.rng = &p.rng;
    for (int players = 1; players <= 4; players++)
        for (int mask = 1; mask < (1 << players); mask++) {
            int inroom = 0, combos = 1;
            for (int i = 0; i < players; i++)
                if (mask & (1 << i))
                    inroom++, combos *= 3;
            (void)inroom;
            for (int hands = 0; hands < combos; hands++)
                for (int first = 0; first < players; first++)
                    for (int surprise = -1; surprise < players; surprise++) {
                        if (surprise >= 0 && !(mask & (1 << surprise)))
                            continue;
                        /* a surprise attack hits its trigger whoever that
                         * is: the lowest-numbered one in the room stands
                         * for all (the other questions keep every value) */
                        if (surprise >= 0 && (mask & ((1 << surprise) - 1)))
                            continue;
                        p.rng = base.rng;
                        nm_state *st = &p.st;
                        st->players = players;
                        st->first = first;
                        st->ai_room = 3;
                        st->ai_surprise = surprise;
                        for (int i = players; i < NM_MAXCH; i++)
                            st->ch[i] = base.st.ch[i];
                        int h = hands;
                        for (int i = 0; i < players; i++) {
                            int in = (mask & (1 << i)) != 0;
                            st->ch[i].room = in ? 3 : 0;
                            st->ch[i].hand = in ? h % 3 : 0;
                            if (in)
                                h /= 3;
                        }
                        n++;
                        if (visit(st, ctx))
                            return n;
                    }
        }
    return n;
}

static void describe(const void *p, char *buf, size_t len)
{
    const nm_state *st = p;
    size_t used = 0;
    char who[32] = "no surprise attack";
    if (st->ai_surprise >= 0)
        snprintf(who, sizeof who, "surprise attack on c%d", st->ai_surprise + 1);
    int w = snprintf(buf, len, "room %d, first player c%d, %s, time %d, self-destruct %s; characters",
                     st->ai_room, st->first + 1, who, st->time, st->sd_active ? "on" : "off");
    for (int i = 0; i < st->players && w > 0 && (used += (size_t)w) < len; i++)
        w = snprintf(buf + used, len - used, " c%d(room %d, hand %d%s)", i + 1, st->ch[i].room,
                     st->ch[i].hand, in_play(&st->ch[i]) ? "" : ", out");
    used = strlen(buf);
    for (int i = 0; i < NM_MAXINT && used < len; i++) {
        if (st->in[i].type == K_NONE)
            continue;
        w = snprintf(buf + used, len - used, " i%d(%s, room %d, damage %d)", i + 1,
                     intruder_names[st->in[i].type], st->in[i].room, st->in[i].damage);
        if (w < 0)
            break;
        used += (size_t)w;
    }
    if (used < len) {
        const eng_rng *r = st->rng;
        for (size_t k = r->next_forced; k < r->nforced && used < len; k++) {
            w = snprintf(buf + used, len - used, " [%s:%s]", r->forced[k].die->id,
                         r->forced[k].die->faces[r->forced[k].face]);
            if (w < 0)
                break;
            used += (size_t)w;
        }
    }
}

static const eng_pred target_preds[] = {
    {"nemesis.target.is-surprise", "a surprise attack", 2, pred_t_surprise},
    {"nemesis.target.single", "exactly one character in the room", 2, pred_t_single},
    {"nemesis.target.unique-fewest", "one character alone has the fewest action cards", 2, pred_t_unique},
    {"nemesis.target.first-tied", "the first player is among those tied with the fewest", 2, pred_t_first},
};
static const char *const target_outcomes[] = {
    "nemesis.target.encounter-trigger", "nemesis.target.only", "nemesis.target.fewest",
    "nemesis.target.first-player", "nemesis.target.turn-order", NULL};

/* ---- AI: damage to an intruder -------------------------------------------------------------- */

/* The cards this state's damage will draw (forced on its rng). */
static void drawn_cards(const nm_state *st, int *sum, int *arrow)
{
    const nm_intruder *x = &st->in[st->ai_intruder];
    int need = (x->type == K_BREEDER || x->type == K_QUEEN) ? 2 : 1;
    *sum = *arrow = 0;
    const eng_rng *r = st->rng;
    for (size_t k = r->next_forced; k < r->nforced && need > 0; k++) {
        if (r->forced[k].die != &die_attack)
            continue;
        *sum += attack_cards[r->forced[k].face].value;
        *arrow |= attack_cards[r->forced[k].face].arrow;
        need--;
    }
}

static int pred_d_kind(const void *p)
{
    const nm_state *st = p;
    int t = st->in[st->ai_intruder].type;
    return (t == K_LARVA || t == K_SIX) ? 0 : (t == K_CREEPER || t == K_ADULT) ? 1 : 2;
}

static int pred_d_lethal(const void *p)
{
    const nm_state *st = p;
    int sum, arrow;
    drawn_cards(st, &sum, &arrow);
    return st->in[st->ai_intruder].damage + st->ai_amount >= sum;
}

static int pred_d_arrow(const void *p)
{
    int sum, arrow;
    drawn_cards(p, &sum, &arrow);
    return arrow;
}

static void body_damage(nm_state *st)
{
    nm_damage(st, st->ai_intruder, st->ai_amount);
}

static int run_damage(const void *p, const char **trace, size_t max)
{
    return run_traced(p, T_DAMAGE, trace, max, body_damage);
}

/* Every intruder kind, damage already on it 0..6, hits of 1 and 2, and every
 * card (pair of cards) of the attack deck. */
static long enum_damage(uint64_t seed, int (*visit)(const void *, void *), void *ctx)
{
    static eng_rng rng;   /* the state points at it while visited */
    static nm_state st, base;
    static int ready;
    long n = 0;
    if (!ready) {         /* nm_init builds the whole ship: once, then copies */
        nm_init(&base, &rng);
        ready = 1;
    }
    for (int type = K_LARVA; type <= K_SIX; type++)
        for (int dmg = 0; dmg <= 6; dmg++)
            for (int amount = 1; amount <= 2; amount++)
                for (int c1 = 0; c1 < NATTACK; c1++)
                    for (int c2 = 0; c2 < NATTACK; c2++) {
                        int two = type == K_BREEDER || type == K_QUEEN;
                        if ((!two && c2 > 0) || (type == K_LARVA || type == K_SIX ? c1 > 0 : 0))
                            continue;
                        eng_rng_seed(&rng, seed);
                        st = base;
                        st.rng = &rng;
                        st.ch[0].room = 3;
                        st.ai_intruder = nm_place(&st, type, 3, 3);
                        st.in[st.ai_intruder].damage = dmg;
                        st.ai_amount = amount;
                        if (type != K_LARVA && type != K_SIX) {
                            eng_rng_force(&rng, &die_attack, faces_attack[c1]);
                            if (two)
                                eng_rng_force(&rng, &die_attack, faces_attack[c2]);
                            eng_rng_force(&rng, &die_event, "e2-adult");
                        }
                        n++;
                        if (visit(&st, ctx))
                            return n;
                    }
    return n;
}

static const eng_pred damage_preds[] = {
    {"nemesis.damage.kind", "0 larva or egg, 1 creeper or adult, 2 breeder or queen", 3, pred_d_kind},
    {"nemesis.damage.lethal", "the damage reaches the number (sum) of the card(s) drawn", 2, pred_d_lethal},
    {"nemesis.damage.has-arrow", "a card drawn shows the retreat arrow", 2, pred_d_arrow},
};
static const char *const damage_outcomes[] = {
    "nemesis.damage.dies", "nemesis.damage.draw-one", "nemesis.damage.draw-two",
    "nemesis.damage.carcass", "nemesis.damage.flees", "nemesis.damage.stays", NULL};

/* ---- AI: the event phase -------------------------------------------------------------------- */

static int pred_e_sd(const void *p)
{
    return ((const nm_state *)p)->sd_active;
}

static int pred_e_red(const void *p)
{
    const nm_state *st = p;
    return st->time <= 1 || (st->sd_active && st->sd <= 1);
}

static int pred_e_combat(const void *p)
{
    const nm_state *st = p;
    for (int i = 0; i < NM_MAXINT; i++)
        if (intruder_in_combat(st, i))
            return 1;
    return 0;
}

static int pred_e_fire(const void *p)
{
    const nm_state *st = p;
    for (int i = 0; i < NM_MAXINT; i++)
        if (st->in[i].type != K_NONE && st->room[st->in[i].room].fire)
            return 1;
    return 0;
}

/* The token this state's bag development draws: the forced bag roll. */
static int pred_e_token(const void *p)
{
    const eng_rng *r = ((const nm_state *)p)->rng;
    for (size_t k = r->next_forced; k < r->nforced; k++)
        if (r->forced[k].die == &die_bag)
            return r->forced[k].face;
    return 0;
}

static int pred_e_nest(const void *p)
{
    const nm_state *st = p;
    return st->room[NM_NEST].explored && chars_in_room(st, NM_NEST, -1) > 0;
}

static int pred_e_supply(const void *p)
{
    const nm_state *st = p;
    for (int i = 0; i < st->nsupply; i++)
        if (st->supply[i].kind == K_ADULT)
            return 1;
    return 0;
}

static int pred_e_free(const void *p)
{
    const nm_state *st = p;
    for (int i = 0; i < st->players; i++)
        if (in_play(&st->ch[i]) && !char_in_combat(st, i))
            return 1;
    return 0;
}

static int run_event(const void *p, const char **trace, size_t max)
{
    return run_traced(p, T_EVENT, trace, max, nm_event_phase);
}

static int run_bag(const void *p, const char **trace, size_t max)
{
    return run_traced(p, T_BAG, trace, max, ev_bag);
}

/* Event-phase situations: self-destruct off/on, time (and self-destruct)
 * running out or not, intruders in combat or not, an intruder in a burning
 * room or not, every bag token, the nest occupied or not, adult tokens left
 * in the supply or not, a character out of combat or not. The dice that
 * could change a later question are forced: attack cards without the
 * retreat arrow, and an event card whose symbol no free intruder has. */
static long enum_states(uint64_t seed, int (*visit)(const void *, void *), void *ctx, int bag_only);

static long enum_event(uint64_t seed, int (*visit)(const void *, void *), void *ctx)
{
    return enum_states(seed, visit, ctx, 0);
}

/* bag_only: the self-destruct, the time and the fire (bits 0, 1, 3) do not
 * reach the bag development, so they stay off. */
static long enum_states(uint64_t seed, int (*visit)(const void *, void *), void *ctx, int bag_only)
{
    static eng_rng rng;
    static nm_state st, base;
    static int ready;
    long n = 0;
    if (!ready) {       /* nm_init builds the whole ship: once, then copies */
        nm_init(&base, &rng);
        ready = 1;
    }
    for (int code = 0; code < (1 << 7) * 6; code++) {
        int token = code % 6, bits = code / 6;
        int sd = bits & 1, red = (bits >> 1) & 1, combat = (bits >> 2) & 1, fire = (bits >> 3) & 1;
        int nest = (bits >> 4) & 1, supply = (bits >> 5) & 1, free_char = (bits >> 6) & 1;
        if (!combat && !free_char && !nest)
            continue;   /* somebody must be somewhere */
        if (bag_only && (sd || red || fire))
            continue;
        eng_rng_seed(&rng, seed + (uint64_t)code);
        st = base;
        st.rng = &rng;
        st.players = 3;
        st.sd_active = sd;
        st.time = red && !sd ? 1 : 8;
        st.sd = red && sd ? 1 : 5;
        st.room[NM_NEST].explored = 1;
        if (!supply)
            st.nsupply = 0;
        /* character 1: fighting in room 2, or out of play */
        int draws = 0;
        if (combat) {
            st.ch[0].room = 2;
            nm_place(&st, K_ADULT, 3, 2);
            draws++;
        } else {
            st.ch[0].dead = 1;
        }
        /* character 2: free in room 4, or out of play */
        if (free_char)
            st.ch[1].room = 4;
        else
            st.ch[1].dead = 1;
        /* character 3: in the nest with a queen fighting, or out of play */
        if (nest) {
            st.ch[2].room = NM_NEST;
            st.ch[2].hand = 5;
            nm_place(&st, K_CREEPER, 1, NM_NEST);
            draws++;
        } else {
            st.ch[2].dead = 1;
        }
        if (fire) {
            st.room[8].fire = 1;
            st.room[8].explored = 1;
            nm_place(&st, K_ADULT, 2, 8);
        }
        for (int k = 0; k < draws; k++)
            eng_rng_force(&rng, &die_attack, "v2-light");
        if (fire)
            eng_rng_force(&rng, &die_attack, "v3-serious");
        eng_rng_force(&rng, &die_event, "e2-large");
        eng_rng_force(&rng, &die_bag, faces_bag[token]);
        /* the bag must hold the forced token */
        bag_put(st.bag, &st.nbag, token + 1, 4);
        n++;
        if (visit(&st, ctx))
            return n;
    }
    return n;
}

/* The bag development on its own: the event phase's states, with the dice
 * that the steps before it would have used taken off the queue, so that
 * the forced bag token is the next thing drawn. */
typedef struct bag_visit_ctx {
    int (*visit)(const void *, void *);
    void *ctx;
} bag_visit_ctx;

static int bag_visit(const void *p, void *data)
{
    const bag_visit_ctx *b = data;
    eng_rng *r = ((const nm_state *)p)->rng;
    while (r->next_forced < r->nforced && r->forced[r->next_forced].die != &die_bag)
        r->next_forced++;
    return b->visit(p, b->ctx);
}

static long enum_bag(uint64_t seed, int (*visit)(const void *, void *), void *ctx)
{
    bag_visit_ctx b = {visit, ctx};
    return enum_states(seed, bag_visit, &b, 1);
}

static const eng_pred event_preds[] = {
    {"nemesis.event.sd-active", "the self-destruct is active", 2, pred_e_sd},
    {"nemesis.event.reaches-red", "the time or self-destruct marker reaches the red space", 2, pred_e_red},
    {"nemesis.event.any-combat", "an intruder shares a room with a character", 2, pred_e_combat},
    {"nemesis.event.any-burning", "an intruder is in a room with fire", 2, pred_e_fire},
};
static const char *const event_outcomes[] = {
    "nemesis.event.time", "nemesis.event.self-destruct", "nemesis.event.game-over",
    "nemesis.event.attacks", "nemesis.event.fire-damage", "nemesis.event.intruders-move",
    "nemesis.event.card-effect", "nemesis.event.development", NULL};

static const eng_pred bag_preds[] = {
    {"nemesis.bag.token", "the bag token: 0 larva, 1 creeper, 2 adult, 3 breeder, 4 queen, 5 blank", 6, pred_e_token},
    {"nemesis.bag.nest-occupied", "a character is in the discovered nest", 2, pred_e_nest},
    {"nemesis.bag.adult-left", "an adult token is left outside the bag", 2, pred_e_supply},
    {"nemesis.bag.someone-free", "a character in play is not in combat", 2, pred_e_free},
};
static const char *const bag_outcomes[] = {
    "nemesis.bag.larva-to-adult", "nemesis.bag.creeper-to-breeder",
    "nemesis.bag.noise-rolls", "nemesis.bag.queen-encounter", "nemesis.bag.egg",
    "nemesis.bag.add-adult", "nemesis.bag.no-adult", "nemesis.bag.return", NULL};

static const eng_ai nm_ais[] = {
    {"nemesis.intruder-target", "whom an intruder attacks", target_preds,
     sizeof target_preds / sizeof target_preds[0], target_outcomes, run_target, enum_target, describe},
    {"nemesis.intruder-damage", "what damage does to an intruder", damage_preds,
     sizeof damage_preds / sizeof damage_preds[0], damage_outcomes, run_damage, enum_damage, describe},
    {"nemesis.event-phase", "the event phase", event_preds, sizeof event_preds / sizeof event_preds[0],
     event_outcomes, run_event, enum_event, describe},
    {"nemesis.bag-development", "the development of the intruder bag", bag_preds,
     sizeof bag_preds / sizeof bag_preds[0], bag_outcomes, run_bag, enum_bag, describe},
};

/* ---- the game ---------------------------------------------------------------------------------- */

static const char *const nm_keys[] = {
    "players", "first", "current", "round", "time", "sd.active", "sd", "over", "end", "ship.intact",
    "engines.damaged", "coords.earth", "eggs", "fires", "malfunctions", "adults.board", "bag", "supply",
    "last.token", "last.attack",
    "c1.room", "c1.hand", "c1.discard", "c1.light", "c1.serious", "c1.dead", "c1.ammo", "c1.contam",
    "c1.infected", "c1.larva", "c1.won", "c2.hand", "c2.light", "c2.serious", "c2.dead",
    "i1.type", "i1.room", "i1.damage", "i2.type", "i2.room", "i2.damage", NULL};

static const char *const nm_statuses[] = {
    "nemesis.token.silence", "nemesis.token.danger", "nemesis.token.slime", "nemesis.token.fire",
    "nemesis.token.malfunction", "nemesis.token.door",
    "nemesis.bag.larva-token", "nemesis.bag.creeper-token", "nemesis.bag.adult-token",
    "nemesis.bag.breeder-token", "nemesis.bag.queen-token", "nemesis.bag.blank-token",
    "nemesis.wound.light", "nemesis.wound.serious", "nemesis.contamination",
    "nemesis.die.blank", "nemesis.die.larva-creeper", "nemesis.die.adult", "nemesis.die.hit",
    "nemesis.die.double-hit", NULL};

const eng_game eng_nemesis_game = {
    .id = "nemesis",
    .name = "Nemesis",
    .facts = nm_facts,
    .nfacts = sizeof nm_facts / sizeof nm_facts[0],
    .dice = nm_dice,
    .state_new = nm_new,
    .state_free = nm_free,
    .state_set = nm_set,
    .state_get = nm_get,
    .act = nm_act,
    .state_keys = nm_keys,
    .ais = nm_ais,
    .nais = sizeof nm_ais / sizeof nm_ais[0],
    .statuses = nm_statuses,
};
