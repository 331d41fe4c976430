/* eng_nemesis.c — the Nemesis engine: the rules of the Italian one-page
 * summary (seed 002) as state and functions, measured by the checker
 * through the facts in eng_nemesis_facts.c.
 *
 * The ship is a model, not the printed board: 12 rooms in a ring (room 0 is
 * the starting room, room 11 the Nest). Every room has four corridors,
 * numbered 1..4 like the noise die: 1 to the next room of the ring, 2 to the
 * previous one, 3 across the ring (room r <-> r+6), 4 a technical corridor.
 * Decks and the intruder bag are face tables drawn through the state's
 * generator; where the source does not give a deck's contents (attack and
 * event cards, face counts of the dice) the engine's tables are stand-ins
 * named after what matters (an attack card "v4-light-retreat" has the number
 * 4, one light wound and the retreat arrow). No fact depends on those
 * contents: probes force or stack what they draw.
 *
 * The state keys and actions are the tables below (keys[], actions[]): each
 * entry's doc string is its documentation. Everything that is not rules
 * (key accessors, the key table, action wrappers, the action table, the
 * game, and the actions' plumbing and parameter names before the actions)
 * sits in regions that each open with a "==== scaffolding:" line and run to
 * the next "----" heading or the end of the file.
 */
#include "eng_nemesis.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NM_MAXCH 5
#define NM_NROOMS 12
#define NM_NEST (NM_NROOMS - 1)
#define NM_NCORR (NM_NROOMS * 2 + NM_NROOMS / 2)
#define NM_MAXINT 24
#define NM_MAXTOK 40
#define NM_MAXNEXT 4         /* cards or tokens stacked on top of a deck */
#define NM_ADULT_MINIS 8     /* miniatures in the box: the retreat rule */
#define NM_ENGINES 3         /* the ship's engines */

/* Intruder kinds; bag tokens use the same numbers, with 6 = blank token,
 * intruders with 6 = egg. */
enum { K_NONE, K_LARVA, K_CREEPER, K_ADULT, K_BREEDER, K_QUEEN, K_SIX };
enum { X_NONE, X_SILENCE, X_DANGER, X_SLIME, X_FIRE, X_MALFUNCTION, X_DOOR };
enum { D_OPEN, D_CLOSED, D_DESTROYED };
enum { E_NONE, E_TIME, E_SD, E_FIRE, E_MALFUNCTION };
/* which procedure is being recorded: only its steps are marked */
enum { T_NONE, T_EVENT, T_DAMAGE, T_TARGET, T_BAG };
/* the decks that can be stacked */
enum { DECK_ATTACK, DECK_EVENT, DECK_BAG, NDECKS };

/* Counted events (log.NAME, log.first.NAME, log.steps). */
enum {
    EV_SURPRISE, EV_NOISE, EV_ATTACK_CARD, EV_EVENT_CARD, EV_BAG_TOKEN, EV_INTRUDER_ATTACK,
    EV_ENCOUNTER, EV_DANGER, EV_EXPLORE, EV_CONTAM_CARD,
    EV_STEP_TIME, EV_STEP_ATTACK, EV_STEP_FIRE, EV_STEP_MOVE, EV_STEP_EFFECT, EV_STEP_BAG,
    EV_CHK_ENGINES, EV_CHK_COORDS, EV_CHK_CONTAM, EV_CHK_OBJECTIVE, EV_CHK_DRAW
};
static const char *const events[] = {
    "surprise-attack", "noise-roll", "attack-card", "event-card", "bag-token", "intruder-attack",
    "encounter", "danger", "explore", "contamination-card",
    "step.time", "step.attack", "step.fire", "step.move", "step.effect", "step.bag",
    "check.engines", "check.coordinates", "check.contamination", "check.objective", "check.draw", NULL};

static const char *const intruder_names[] = {"none", "larva", "creeper", "adult", "breeder", "queen", "egg", NULL};
static const char *const token_names[] = {"none", "silence", "danger", "slime", "fire", "malfunction", "door", NULL};
static const char *const door_names[] = {"open", "closed", "destroyed", NULL};
static const char *const end_names[] = {"none", "time", "self-destruct", "fire", "malfunction", NULL};

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
    int players, first, current, round;
    int time, sd_active, sd, over, end, intact, engines_damaged, coords_earth;
    int eggs, doors_supply;
    nm_char ch[NM_MAXCH];
    nm_intruder in[NM_MAXINT];
    nm_room room[NM_NROOMS];
    nm_corr corr[NM_NCORR];
    nm_tok bag[NM_MAXTOK], supply[NM_MAXTOK];
    int nbag, nsupply;
    int next[NDECKS][NM_MAXNEXT], nnext[NDECKS];   /* stacked faces, drawn first */
    int last_token, last_attack, last_target;
    /* a procedure's question: its room, surprise attack (character + 1),
     * intruder (index + 1) and damage */
    int ai_room, ai_surprise, ai_intruder, ai_amount;
    int proc;          /* T_*: the procedure whose steps are marked */
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
    int value, arrow, symbols, light, serious;
} nm_attack_card;

static const nm_attack_card attack_cards[] = {
    {2, 0, SYM_CARDS, 1, 0}, {3, 0, SYM_CARDS, 0, 1}, {4, 1, SYM_CARDS, 1, 0},
    {5, 0, SYM_LARGE, 0, 1}, {6, 1, SYM_LARGE, 1, 0},
};
#define NATTACK (int)(sizeof attack_cards / sizeof attack_cards[0])
static const char *const faces_attack[] = {"v2-light", "v3-serious", "v4-light-retreat",
                                           "v5-serious-large", "v6-retreat-large"};
static const eng_die die_attack = {"attack", NATTACK, faces_attack};

/* An event card: the intruders it moves, through which corridor, and its
 * effect. The source prints no card's effect; the one stand-in effect
 * (a noise marker in corridor 1 of every room with an adult) depends on
 * where the intruders stand, so that its order after the movement shows. */
typedef struct nm_event_card {
    int symbols, corridor, noise_at_adults;
} nm_event_card;

static const nm_event_card event_cards[] = {
    {SYM(K_ADULT), 1, 0}, {SYM(K_ADULT), 2, 0}, {SYM(K_ADULT), 3, 0}, {SYM(K_ADULT), 4, 0},
    {SYM(K_LARVA) | SYM(K_CREEPER), 1, 0}, {SYM_LARGE, 2, 0}, {SYM(K_ADULT), 1, 1},
};
#define NEVENT (int)(sizeof event_cards / sizeof event_cards[0])
static const char *const faces_event[] = {"e1-adult", "e2-adult", "e3-adult", "e4-adult",
                                          "e1-small", "e2-large", "e1-adult-noise"};
static const eng_die die_event = {"event", NEVENT, faces_event};

static const eng_die *const nm_dice[] = {&die_noise, &die_combat, &die_bag, &die_explore, &die_contam,
                                         &die_draw, &die_attack, &die_event, NULL};
static const eng_die *const deck_dice[NDECKS] = {&die_attack, &die_event, &die_bag};

/* Takes the face stacked on top of die's deck, or -1 (nothing stacked, or
 * a die without a deck). */
static int pop_stacked(nm_state *st, const eng_die *die)
{
    for (int d = 0; d < NDECKS; d++) {
        if (deck_dice[d] == die && st->nnext[d] > 0) {
            int f = st->next[d][0];
            memmove(&st->next[d][0], &st->next[d][1], (size_t)(--st->nnext[d]) * sizeof(int));
            return f;
        }
    }
    return -1;
}

/* A forced roll is taken only by the die it was forced for: a scenario
 * forcing a bag token must not have it eaten by an attack card drawn first.
 * A forced roll left unused is reported by the checker. */
static int forced_for(const eng_rng *rng, const eng_die *die)
{
    return rng->next_forced < rng->nforced && rng->forced[rng->next_forced].die == die;
}

static int nm_roll(eng_state *s, const eng_die *die)
{
    int f = pop_stacked(eng_data(s), die);
    if (f >= 0)
        return f;
    eng_rng *rng = eng_state_rng(s);
    if (forced_for(rng, die))
        return eng_roll(rng, die);
    return (int)eng_rng_below(rng, (uint32_t)die->nfaces);
}

/* Draws a face with weights (the contents of a bag or pile), at least one
 * of them not 0. A stacked or forced face whose weight is 0 cannot be
 * drawn: the rng is marked as mismatched and a random face is drawn
 * instead. */
static int nm_draw_weighted(eng_state *s, const eng_die *die, const int *w)
{
    eng_rng *rng = eng_state_rng(s);
    int total = 0;
    for (int i = 0; i < die->nfaces; i++)
        total += w[i];
    int f = pop_stacked(eng_data(s), die);
    if (f < 0 && forced_for(rng, die))
        f = eng_roll(rng, die);
    if (f >= 0) {
        if (w[f] > 0)
            return f;
        rng->mismatch = 1;
    }
    /* r is below the total of the weights, so the walk stops at a face
     * whose weight is not 0, before the last face is passed */
    int r = (int)eng_rng_below(rng, (uint32_t)total), i = 0;
    while (r >= w[i])
        r -= w[i++];
    return i;
}

/* Marks the end of a step of procedure proc, when proc is the one recorded. */
static void step(eng_state *s, int proc, const char *outcome)
{
    const nm_state *st = eng_cdata(s);
    if (st->proc == proc)
        eng_step(s, outcome);
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
 * corridor is technical (its a is the room r itself, its b -1). */
static int other_room(const nm_state *st, int c, int r)
{
    const nm_corr *k = &st->corr[c];
    return k->a == r ? k->b : k->a;
}

/* Puts (1) or takes away (0) a noise marker in every corridor of room r. */
static void room_noise(nm_state *st, int r, int v)
{
    for (int k = 1; k <= 4; k++)
        st->corr[slot_corr(r, k)].noise = v;
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

static int chars_in_room(const nm_state *st, int r)
{
    int n = 0;
    for (int i = 0; i < st->players; i++)
        if (in_play(&st->ch[i]) && st->ch[i].room == r)
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
    return is_fighter(&st->in[i]) && chars_in_room(st, st->in[i].room) > 0;
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
            /* a bag has no order: the last token takes the place */
            *out = list[i];
            list[i] = list[--*n];
            return 0;
        }
    }
    return -1;
}

/* Draws one token out of the bag; its kind is weighted by what the bag holds. */
static int bag_draw(eng_state *s, nm_tok *out)
{
    nm_state *st = eng_data(s);
    /* only a bag emptied by hand (bag=): the blank token always goes back */
    if (st->nbag == 0)
        return -1;
    int w[6] = {0};
    for (int i = 0; i < st->nbag; i++)
        w[st->bag[i].kind - 1]++;
    /* the kind drawn has a weight, so a token of it is there to take */
    take_kind(st->bag, &st->nbag, nm_draw_weighted(s, &die_bag, w) + 1, out);
    eng_note(s, EV_BAG_TOKEN);
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

static void nm_end(eng_state *s, int reason);

/* The last character in play leaving play (death, hibernation, escape pod)
 * ends the game by moving a marker to the red space. */
static void last_character_check(eng_state *s)
{
    nm_state *st = eng_data(s);
    if (st->over)
        return;
    for (int i = 0; i < st->players; i++)
        if (in_play(&st->ch[i]))
            return;
    if (st->sd_active) {
        st->sd = 0;
        nm_end(s, E_SD);
    } else {
        st->time = 0;
        nm_end(s, E_TIME);
    }
}

/* A character dies: the corpse stays in the room and the heavy objects drop. */
static void nm_die(eng_state *s, int c)
{
    nm_state *st = eng_data(s);
    nm_char *ch = &st->ch[c];
    if (ch->dead)
        return;
    ch->dead = 1;
    if (!ch->evacuated) {
        st->room[ch->room].corpses++;
        st->room[ch->room].heavy += ch->heavy;
        ch->heavy = 0;
    }
    last_character_check(s);
}

static void nm_serious(eng_state *s, int c)
{
    nm_char *ch = &((nm_state *)eng_data(s))->ch[c];
    if (ch->dead)
        return;
    /* a wound of any kind after three serious ones kills */
    if (ch->serious >= 3) {
        nm_die(s, c);
        return;
    }
    ch->serious++;
}

static void nm_light(eng_state *s, int c)
{
    nm_char *ch = &((nm_state *)eng_data(s))->ch[c];
    if (ch->dead)
        return;
    if (ch->serious >= 3) {
        nm_die(s, c);
        return;
    }
    /* the third light wound: the markers go, a serious wound comes */
    if (++ch->light >= 3) {
        ch->light = 0;
        nm_serious(s, c);
    }
}

static void draw_contamination(eng_state *s, int c)
{
    nm_char *ch = &((nm_state *)eng_data(s))->ch[c];
    if (nm_roll(s, &die_contam) == 1)
        ch->infected++;
    else
        ch->contam++;
    ch->discard++;
    eng_note(s, EV_CONTAM_CARD);
}

/* ---- intruders ----------------------------------------------------------------------- */

static void remove_intruder(nm_state *st, int i)
{
    st->in[i] = (nm_intruder){.type = K_NONE};   /* a free slot: nothing else is read */
}

/* An intruder (larva .. queen: eggs never move) leaves the board and its
 * token goes back into the bag. */
static void back_to_bag(nm_state *st, int i)
{
    bag_put(st->bag, &st->nbag, st->in[i].type, st->in[i].token);
    remove_intruder(st, i);
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
                back_to_bag(st, i);
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
 * cards in hand; on a tie the first player, or the next in turn order.
 * The choice is kept in last_target (-1 nobody). */
static int nm_target(eng_state *s, int r, int surprise)
{
    nm_state *st = eng_data(s);
    const char *why = NULL;
    int who = -1;
    if (surprise >= 0) {
        who = surprise;
        why = "nemesis.target.encounter-trigger";
    } else {
        /* in turn order from the first player: the first found with the
         * fewest cards is the one a tie goes to */
        int here = 0, ties = 0;
        for (int k = 0; k < st->players; k++) {
            int i = (st->first + k) % st->players;
            const nm_char *c = &st->ch[i];
            if (!in_play(c) || c->room != r)
                continue;
            here++;
            if (who < 0 || c->hand < st->ch[who].hand)
                who = i;
        }
        /* who has as few cards (only when somebody is here: who >= 0) */
        for (int i = 0; i < st->players; i++)
            ties += in_play(&st->ch[i]) && st->ch[i].room == r && st->ch[i].hand == st->ch[who].hand;
        if (here == 1)
            why = "nemesis.target.only";
        else if (ties == 1)
            why = "nemesis.target.fewest";
        else if (here > 1)
            why = who == st->first ? "nemesis.target.first-player" : "nemesis.target.turn-order";
    }
    st->last_target = who;
    if (why)
        step(s, T_TARGET, why);
    return who;
}

/* Intruder i attacks character c. A larva leaves the board for the
 * character's board and brings a contamination card; the others draw an
 * attack card that works only if it shows the attacker's symbol. */
static void nm_intruder_attack(eng_state *s, int i, int c)
{
    nm_state *st = eng_data(s);
    nm_intruder *x = &st->in[i];
    if (!is_fighter(x))   /* c: every caller found someone to attack */
        return;
    eng_note(s, EV_INTRUDER_ATTACK);
    if (x->type == K_LARVA) {
        remove_intruder(st, i);
        st->ch[c].larva++;
        draw_contamination(s, c);
        return;
    }
    const nm_attack_card *card = &attack_cards[nm_roll(s, &die_attack)];
    eng_note(s, EV_ATTACK_CARD);
    if (!(card->symbols & SYM(x->type)))
        return;
    for (int k = 0; k < card->light; k++)
        nm_light(s, c);
    for (int k = 0; k < card->serious; k++)
        nm_serious(s, c);
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
        back_to_bag(st, i);
        return;
    }
    if (!ignore_doors && st->corr[c].door == D_CLOSED) {
        st->corr[c].door = D_DESTROYED;
        return;
    }
    x->room = to;
}

static const nm_event_card *draw_event(eng_state *s)
{
    eng_note(s, EV_EVENT_CARD);
    return &event_cards[nm_roll(s, &die_event)];
}

/* Damage to intruder i. Larvae and eggs die at 1 damage. Creepers and
 * adults draw one attack card, breeders and queens two: damage at least the
 * number (the sum) kills and leaves a carcass; otherwise the retreat arrow
 * makes it flee through the corridor of an event card. */
static void nm_damage(eng_state *s, int i, int amount)
{
    nm_state *st = eng_data(s);
    nm_intruder *x = &st->in[i];
    /* every caller names an intruder on the board and a damage from 1 */
    x->damage += amount;
    if (x->type == K_LARVA || x->type == K_SIX) {
        remove_intruder(st, i);
        step(s, T_DAMAGE, "nemesis.damage.dies");
        return;
    }
    int ncards = (x->type == K_BREEDER || x->type == K_QUEEN) ? 2 : 1;
    int sum = 0, arrow = 0;
    for (int k = 0; k < ncards; k++) {
        const nm_attack_card *card = &attack_cards[nm_roll(s, &die_attack)];
        eng_note(s, EV_ATTACK_CARD);
        sum += card->value;
        arrow |= card->arrow;
    }
    st->last_attack = sum;
    step(s, T_DAMAGE, ncards == 1 ? "nemesis.damage.draw-one" : "nemesis.damage.draw-two");
    if (x->damage >= sum) {
        st->room[x->room].carcasses++;
        remove_intruder(st, i);
        step(s, T_DAMAGE, "nemesis.damage.carcass");
    } else if (arrow) {
        intruder_through(st, i, draw_event(s)->corridor, 1);
        step(s, T_DAMAGE, "nemesis.damage.flees");
    } else {
        step(s, T_DAMAGE, "nemesis.damage.stays");
    }
}

/* ---- noise, danger, encounter -------------------------------------------------------- */

/* Danger in room r: intruders not in combat in adjacent rooms come in (a
 * closed door does not stop them); if there are none, a noise marker goes
 * into every corridor of the room that has none. */
static void nm_danger(eng_state *s, int r)
{
    nm_state *st = eng_data(s);
    int moved = 0;
    eng_note(s, EV_DANGER);
    for (int k = 1; k <= 4; k++) {
        /* a technical corridor leads to room -1, where no intruder stands */
        int adj = other_room(st, slot_corr(r, k), r);
        for (int i = 0; i < NM_MAXINT; i++) {
            if (is_fighter(&st->in[i]) && st->in[i].room == adj && !intruder_in_combat(st, i)) {
                st->in[i].room = r;
                moved++;
            }
        }
    }
    if (!moved)
        room_noise(st, r, 1);
}

static void nm_encounter(eng_state *s, int c, int r);

/* Character c rolls the noise die in its room. */
static void nm_noise_roll(eng_state *s, int c)
{
    nm_state *st = eng_data(s);
    int r = st->ch[c].room;
    int f = nm_roll(s, &die_noise);
    eng_note(s, EV_NOISE);
    if (f <= 3) {
        nm_corr *k = &st->corr[slot_corr(r, f + 1)];
        if (k->noise)
            nm_encounter(s, c, r);
        else
            k->noise = 1;
    } else if (f == 4 || st->ch[c].slime) {
        nm_danger(s, r);
    }
}

/* An intruder appears in room r where character c is. */
static void nm_encounter(eng_state *s, int c, int r)
{
    nm_state *st = eng_data(s);
    eng_note(s, EV_ENCOUNTER);
    room_noise(st, r, 0);
    nm_tok t;
    if (bag_draw(s, &t) != 0)
        return;
    if (t.kind == K_SIX) {
        room_noise(st, r, 1);
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
    if (st->ch[c].hand < t.num) {
        eng_note(s, EV_SURPRISE);
        nm_intruder_attack(s, i, nm_target(s, r, c));
    }
}

/* ---- markers -------------------------------------------------------------------------- */

static void nm_place_fire(eng_state *s, int r)
{
    nm_state *st = eng_data(s);
    if (st->room[r].fire >= 1)
        return;                         /* at most one per room */
    if (count_fires(st) >= 8) {         /* the 9th cannot be placed */
        nm_end(s, E_FIRE);
        return;
    }
    st->room[r].fire++;
}

static void nm_place_malfunction(eng_state *s, int r)
{
    nm_state *st = eng_data(s);
    if (st->room[r].malfunction >= 1)
        return;
    if (count_malfunctions(st) >= 8) {
        nm_end(s, E_MALFUNCTION);
        return;
    }
    st->room[r].malfunction++;
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
        int from = 0;
        while (from < NM_NCORR && (from == c || st->corr[from].door == D_OPEN))
            from++;
        if (from == NM_NCORR)
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

/* Draws ndraw cards from the character's action and contamination cards
 * shuffled together: any contamination card drawn kills. */
static int contamination_draw(eng_state *s, int c, int ndraw)
{
    nm_char *ch = &((nm_state *)eng_data(s))->ch[c];
    /* the contamination cards are among hand, deck and discard pile */
    int w[2] = {ch->hand + ch->deck + ch->discard - ch->contam - ch->infected, ch->contam + ch->infected};
    for (int k = 0; k < ndraw; k++) {
        /* infected > 0: a contamination card is left to draw until one is drawn */
        int f = nm_draw_weighted(s, &die_draw, w);
        eng_note(s, EV_CHK_DRAW);
        w[f]--;
        if (f == 1)
            return 1;
    }
    return 0;
}

static void nm_end(eng_state *s, int reason)
{
    nm_state *st = eng_data(s);
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
        if (reason != E_TIME || !c->hibernated)
            kill_quietly(st, i);
    }
    if (reason != E_TIME) {
        st->intact = 0;
        for (int i = 0; i < NM_MAXINT; i++)
            st->in[i].type = K_NONE;
    }
    /* the four checks, in order */
    eng_note(s, EV_CHK_ENGINES);
    if (st->intact && st->engines_damaged >= 2) {
        /* the ship explodes: whoever is aboard dies, intruders too */
        st->intact = 0;
        for (int i = 0; i < st->players; i++)
            if (!st->ch[i].evacuated)
                kill_quietly(st, i);
        for (int i = 0; i < NM_MAXINT; i++)
            st->in[i].type = K_NONE;
    }
    eng_note(s, EV_CHK_COORDS);
    if (st->intact && !st->coords_earth)
        for (int i = 0; i < st->players; i++)
            if (st->ch[i].hibernated)
                kill_quietly(st, i);
    eng_note(s, EV_CHK_CONTAM);
    for (int i = 0; i < st->players; i++)
        if (!st->ch[i].dead && st->ch[i].infected > 0 && contamination_draw(s, i, 4))
            kill_quietly(st, i);
    eng_note(s, EV_CHK_OBJECTIVE);
    for (int i = 0; i < st->players; i++)
        st->ch[i].won = !st->ch[i].dead && st->ch[i].objective;
}

/* ---- event phase ------------------------------------------------------------------------ */

static void ev_attacks(eng_state *s)
{
    nm_state *st = eng_data(s);
    eng_note(s, EV_STEP_ATTACK);
    int any = 0;
    for (int i = 0; i < NM_MAXINT; i++)
        any |= intruder_in_combat(st, i);
    if (!any)
        return;
    for (int i = 0; i < NM_MAXINT && !st->over; i++)
        if (intruder_in_combat(st, i))
            nm_intruder_attack(s, i, nm_target(s, st->in[i].room, -1));
    step(s, T_EVENT, "nemesis.event.attacks");
}

static void ev_fire(eng_state *s)
{
    nm_state *st = eng_data(s);
    eng_note(s, EV_STEP_FIRE);
    int burning[NM_MAXINT], n = 0;
    for (int i = 0; i < NM_MAXINT; i++)
        if (st->in[i].type != K_NONE && st->room[st->in[i].room].fire)
            burning[n++] = i;
    for (int k = 0; k < n; k++)
        nm_damage(s, burning[k], 1);
    if (n)
        step(s, T_EVENT, "nemesis.event.fire-damage");
}

static void ev_card(eng_state *s)
{
    nm_state *st = eng_data(s);
    const nm_event_card *ev = draw_event(s);
    eng_note(s, EV_STEP_MOVE);
    int movers[NM_MAXINT], n = 0;
    for (int i = 0; i < NM_MAXINT; i++)
        if (is_fighter(&st->in[i]) && (ev->symbols & SYM(st->in[i].type)) && !intruder_in_combat(st, i))
            movers[n++] = i;
    for (int k = 0; k < n; k++)
        intruder_through(st, movers[k], ev->corridor, 0);
    step(s, T_EVENT, "nemesis.event.intruders-move");
    /* the effect printed on the card comes after all movement */
    if (ev->noise_at_adults)
        for (int i = 0; i < NM_MAXINT; i++)
            if (st->in[i].type == K_ADULT)
                st->corr[slot_corr(st->in[i].room, 1)].noise = 1;
    eng_note(s, EV_STEP_EFFECT);
    step(s, T_EVENT, "nemesis.event.card-effect");
}

static void ev_bag(eng_state *s)
{
    nm_state *st = eng_data(s);
    eng_note(s, EV_STEP_BAG);
    nm_tok t;
    if (bag_draw(s, &t) != 0)
        return;
    switch (t.kind) {
    case K_LARVA:
        supply_to_bag(st, K_ADULT);
        step(s, T_BAG, "nemesis.bag.larva-to-adult");
        return;                           /* the larva token stays out */
    case K_CREEPER:
        supply_to_bag(st, K_BREEDER);
        step(s, T_BAG, "nemesis.bag.creeper-to-breeder");
        return;
    case K_ADULT:
    case K_BREEDER: {
        int who[NM_MAXCH], n = 0;
        for (int k = 0; k < st->players; k++) {
            int c = (st->first + k) % st->players;
            if (in_play(&st->ch[c]) && !char_in_combat(st, c))
                who[n++] = c;
        }
        for (int k = 0; k < n && !st->over; k++)
            if (in_play(&st->ch[who[k]]))
                nm_noise_roll(s, who[k]);
        if (n)
            step(s, T_BAG, "nemesis.bag.noise-rolls");
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
            /* the drawn queen is the intruder of this encounter */
            eng_note(s, EV_ENCOUNTER);
            room_noise(st, NM_NEST, 0);
            int i = nm_place(st, K_QUEEN, t.num, NM_NEST);
            if (i >= 0 && st->ch[c].hand < t.num) {
                eng_note(s, EV_SURPRISE);
                nm_intruder_attack(s, i, nm_target(s, NM_NEST, c));
            }
            step(s, T_BAG, "nemesis.bag.queen-encounter");
        } else {
            st->eggs++;
            step(s, T_BAG, "nemesis.bag.egg");
        }
        break;
    }
    case K_SIX:
        if (supply_to_bag(st, K_ADULT) == 0)
            step(s, T_BAG, "nemesis.bag.add-adult");
        else
            step(s, T_BAG, "nemesis.bag.no-adult");
        break;
    default:
        break;
    }
    bag_put(st->bag, &st->nbag, t.kind, t.num);
    step(s, T_BAG, "nemesis.bag.return");
}

static void nm_round_start(nm_state *st);

static void nm_event_phase(eng_state *s)
{
    nm_state *st = eng_data(s);
    eng_note(s, EV_STEP_TIME);
    st->time--;
    step(s, T_EVENT, "nemesis.event.time");
    if (st->sd_active) {
        st->sd--;
        step(s, T_EVENT, "nemesis.event.self-destruct");
    }
    if (st->sd_active && st->sd <= 0)
        nm_end(s, E_SD);
    else if (st->time <= 0)
        nm_end(s, E_TIME);
    if (st->over) {
        step(s, T_EVENT, "nemesis.event.game-over");
        return;
    }
    ev_attacks(s);
    if (!st->over)
        ev_fire(s);
    if (!st->over)
        ev_card(s);
    if (!st->over) {
        /* drawn as a flowchart of its own (nemesis.bag-development) */
        ev_bag(s);
        step(s, T_EVENT, "nemesis.event.development");
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
        while (c->hand < 5 && c->deck > 0)
            c->hand++, c->deck--;
    }
    /* the first-player token passes to the left: the next seat */
    for (int k = 1; k <= st->players; k++) {
        int i = (st->first + k) % st->players;
        if (in_play(&st->ch[i])) {
            st->first = i;
            break;
        }
    }
    st->current = st->first;
}

/* The next player who has not passed, after c in turn order; when all have
 * passed, the event phase. */
static void next_turn(eng_state *s, int c)
{
    nm_state *st = eng_data(s);
    for (int k = 1; k <= st->players; k++) {
        int i = (c + k) % st->players;
        if (in_play(&st->ch[i]) && !st->ch[i].passed) {
            st->current = i;
            st->ch[i].acts = 0;
            return;
        }
    }
    nm_event_phase(s);
}

/* A turn ends: a character in a burning room takes a light wound. */
static void turn_end(eng_state *s, int c)
{
    nm_state *st = eng_data(s);
    if (in_play(&st->ch[c]) && st->room[st->ch[c].room].fire)
        nm_light(s, c);
}

static int can_act(const nm_state *st, int c, long cost, char *err, size_t errlen)
{
    const nm_char *ch = &st->ch[c];
    /* no test of the game's end: it leaves nobody in play (the time kills
     * those awake aboard, the other ends everyone aboard) */
    if (!in_play(ch))
        return snprintf(err, errlen, "the character is not in play"), 0;
    /* nor of a pass: a player who passed never holds the turn (next_turn
     * skips them until the round starts again) */
    if (c != st->current)
        return snprintf(err, errlen, "it is another character's turn"), 0;
    if (ch->acts >= 2)
        return snprintf(err, errlen, "two actions already taken"), 0;
    if (cost < 0 || cost > 2)
        return snprintf(err, errlen, "an action costs 0 to 2 cards"), 0;
    if (ch->hand < cost)
        return snprintf(err, errlen, "cards in hand: %d, the cost is %ld", ch->hand, cost), 0;
    return 1;
}

static void pay(nm_state *st, int c, long cards)
{
    st->ch[c].hand -= (int)cards;
    st->ch[c].discard += (int)cards;
}

/* After an action: the second one ends the turn. */
static void acted(eng_state *s, int c)
{
    nm_state *st = eng_data(s);
    if (st->over)
        return;
    st->ch[c].acts++;
    if (st->ch[c].acts >= 2 || !in_play(&st->ch[c])) {
        turn_end(s, c);
        if (!st->over)
            next_turn(s, c);
    }
}

/* Character c enters the room behind its corridor k: exploration when the
 * room is unexplored, then a noise roll when nobody else is there (no roll
 * after a danger token), or a noise marker of its choice when moving
 * carefully (careful_k). */
static void nm_enter(eng_state *s, int c, int k, int careful_k)
{
    nm_state *st = eng_data(s);
    nm_char *ch = &st->ch[c];
    int corr = slot_corr(ch->room, k);
    int to = other_room(st, corr, ch->room);
    ch->room = to;
    nm_room *r = &st->room[to];
    int roll = 1;
    if (!r->explored) {
        r->explored = 1;
        eng_note(s, EV_EXPLORE);
        if (r->token == X_NONE)
            r->token = nm_roll(s, &die_explore) + 1;
        switch (r->token) {
        case X_SILENCE:
            /* with slime, silence is danger, and danger rolls no noise */
            if (ch->slime) {
                roll = 0;
                nm_danger(s, to);
            }
            break;
        case X_DANGER:
            roll = 0;
            nm_danger(s, to);
            break;
        case X_SLIME:
            if (ch->slime < 1)          /* at most one marker */
                ch->slime++;
            break;
        case X_FIRE:
            nm_place_fire(s, to);
            break;
        case X_MALFUNCTION:
            nm_place_malfunction(s, to);
            break;
        case X_DOOR:
            nm_place_door(st, corr);
            break;
        default:
            break;
        }
    }
    /* the game's end leaves nobody in play */
    if (!in_play(ch))
        return;
    if (careful_k != 0)
        st->corr[slot_corr(to, careful_k)].noise = 1;
    else if (roll && chars_in_room(st, to) == 1 && intruders_in_room(st, to) == 0)
        nm_noise_roll(s, c);
}

/* ---- a fresh game ---------------------------------------------------------------------- */

/* A fresh game's stand-ins: the source gives no number for the time and
 * self-destruct tracks, the doors in the supply or the setup of the bag and
 * supply (nor the numbers on the tokens: 0 here), so these are settings
 * that every scenario and probe comparing one sets itself; data, kept
 * apart from the rules. Everyone starts in room 0, explored, with five
 * cards in hand and five in the deck. */
#define FRESH_CH {.hand = 5, .deck = 5}
static const nm_state nm_fresh = {
    .players = 1, .round = 1, .time = 15, .sd = 10, .intact = 1, .coords_earth = 1, .doors_supply = 8,
    .last_target = -1,
    .ch = {FRESH_CH, FRESH_CH, FRESH_CH, FRESH_CH, FRESH_CH},
    .room = {{.explored = 1}},
    .bag = {{.kind = K_LARVA}, {.kind = K_CREEPER}, {.kind = K_ADULT}, {.kind = K_ADULT}, {.kind = K_ADULT},
            {.kind = K_QUEEN}, {.kind = K_SIX}},
    .nbag = 7,
    .supply = {{.kind = K_ADULT}, {.kind = K_ADULT}, {.kind = K_ADULT}, {.kind = K_ADULT}, {.kind = K_BREEDER},
               {.kind = K_BREEDER}},
    .nsupply = 6,
};

static void nm_init(void *data)
{
    memcpy(data, &nm_fresh, sizeof nm_fresh);
    nm_build_map(data);
}


/* ==== scaffolding: action plumbing and parameter names ==== */

static const char *const wound_names[] = {"light", "serious", NULL};
static const char *const pickup_names[] = {"object", "corpse", "carcass", "egg", NULL};

#define ILLEGAL(...) return (snprintf(err, errlen, __VA_ARGS__), ENG_ILLEGAL)

/* The acting character (who=, always the first parameter, at most
 * players: eng_act checks it): its index. */
#define WHO(arg) ((int)(arg)[0].v - 1)

/* ---- actions: what each checks and does ---------------------------------------------------- */

static int find_target(const nm_state *st, int c, long t)
{
    if (t > 0)
        return st->in[t - 1].type != K_NONE && st->in[t - 1].room == st->ch[c].room ? (int)t - 1 : -1;
    for (int i = 0; i < NM_MAXINT; i++)
        if (is_fighter(&st->in[i]) && st->in[i].room == st->ch[c].room)
            return i;
    return -1;
}

/* The combat die's damage against an intruder type; 0 is a miss (which
 * costs a serious wound in melee). */
static int die_damage(int face, int type, int melee)
{
    int small = type == K_LARVA || type == K_CREEPER;
    switch (face) {
    case 1: return small ? 1 : 0;
    case 2: return small || type == K_ADULT ? 1 : 0;
    case 3: return 1;
    case 4: return melee ? 1 : 2;
    default: return 0;
    }
}

enum { MOVE_PLAIN, MOVE_CAREFUL, MOVE_FLEE };

/* arg: who, corridor, cost[, noise] */
static int move(eng_state *s, nm_state *st, int how, const eng_arg *arg, char *err, size_t errlen)
{
    int c = WHO(arg);
    long k = arg[1].v, cost = arg[2].v, noise = how == MOVE_CAREFUL ? arg[3].v : 0;
    if (!can_act(st, c, cost, err, errlen))
        return ENG_ILLEGAL;
    nm_char *ch = &st->ch[c];
    int corr = slot_corr(ch->room, (int)k);
    int to = other_room(st, corr, ch->room);
    if (to < 0)
        ILLEGAL("corridor %ld is technical", k);
    if (st->corr[corr].door == D_CLOSED)
        ILLEGAL("a closed door blocks corridor %ld", k);
    int combat = char_in_combat(st, c);
    if (how == MOVE_FLEE && !combat)
        ILLEGAL("fleeing needs an intruder in the room");
    if (how == MOVE_CAREFUL) {
        if (combat)
            ILLEGAL("careful movement is not allowed in combat");
        /* the chosen corridor must be free: so when every corridor has a
         * marker, careful movement is not possible */
        if (st->corr[slot_corr(to, (int)noise)].noise)
            ILLEGAL("that corridor already has a noise marker");
    }
    pay(st, c, cost);
    if (combat) {
        /* moving out of combat is fleeing: every intruder there attacks */
        for (int i = 0; i < NM_MAXINT && in_play(ch); i++)
            if (is_fighter(&st->in[i]) && st->in[i].room == ch->room)
                nm_intruder_attack(s, i, c);
    }
    if (in_play(ch))
        nm_enter(s, c, (int)k, (int)noise);
    acted(s, c);
    return ENG_OK;
}


/* arg: who, target, cost */
static int attack(eng_state *s, nm_state *st, int melee, const eng_arg *arg, char *err, size_t errlen)
{
    int c = WHO(arg);
    if (!can_act(st, c, arg[2].v, err, errlen))
        return ENG_ILLEGAL;
    int i = find_target(st, c, arg[1].v);
    if (i < 0)
        ILLEGAL("no such intruder in the room");
    if (!melee && st->ch[c].ammo < 1)
        ILLEGAL("no ammunition");
    pay(st, c, arg[2].v);
    if (melee)
        draw_contamination(s, c);
    else
        st->ch[c].ammo--;
    int dmg = die_damage(nm_roll(s, &die_combat), st->in[i].type, melee);
    if (dmg != 0)
        nm_damage(s, i, dmg);
    else if (melee)
        nm_serious(s, c);
    acted(s, c);
    return ENG_OK;
}


/* The actions with nothing but a cost to check first: arg who, cost, then
 * the action's own. Returns the character or -1 when it cannot act. */
static int paying(nm_state *st, const eng_arg *arg, char *err, size_t errlen)
{
    return can_act(st, WHO(arg), arg[1].v, err, errlen) ? WHO(arg) : -1;
}

static int act_card(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    nm_state *st = d;
    int c = paying(st, arg, err, errlen);
    if (c < 0)
        return ENG_ILLEGAL;
    /* the card itself and as many more as its cost */
    if (st->ch[c].hand < arg[1].v + 1)
        ILLEGAL("the card and as many more as its cost are needed");
    pay(st, c, arg[1].v + 1);
    acted(s, c);
    return ENG_OK;
}

static int act_room(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    nm_state *st = d;
    int c = paying(st, arg, err, errlen);
    if (c < 0)
        return ENG_ILLEGAL;
    if (st->room[st->ch[c].room].malfunction)
        ILLEGAL("the room has a malfunction marker");
    pay(st, c, arg[1].v);
    acted(s, c);
    return ENG_OK;
}

static int act_item(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    nm_state *st = d;
    int c = paying(st, arg, err, errlen);
    if (c < 0)
        return ENG_ILLEGAL;
    pay(st, c, arg[1].v);
    acted(s, c);
    return ENG_OK;
}

static int act_craft(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    nm_state *st = d;
    int c = paying(st, arg, err, errlen);
    if (c < 0)
        return ENG_ILLEGAL;
    if (st->ch[c].tools < 2)
        ILLEGAL("crafting needs 2 item cards");
    pay(st, c, arg[1].v);
    st->ch[c].tools -= 2;
    st->ch[c].crafted++;
    acted(s, c);
    return ENG_OK;
}

/* arg: who, cost, with */
static int act_trade(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    nm_state *st = d;
    int c = paying(st, arg, err, errlen);
    if (c < 0)
        return ENG_ILLEGAL;
    int w = (int)arg[2].v - 1;
    if (w == c || !in_play(&st->ch[w]) || st->ch[w].room != st->ch[c].room)
        ILLEGAL("the other character is not in the room");
    pay(st, c, arg[1].v);
    acted(s, c);
    return ENG_OK;
}

/* arg: who, cost, corridor */
static int act_close_door(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    nm_state *st = d;
    int c = paying(st, arg, err, errlen);
    if (c < 0)
        return ENG_ILLEGAL;
    int corr = slot_corr(st->ch[c].room, (int)arg[2].v);
    if (st->corr[corr].door == D_DESTROYED)
        ILLEGAL("a destroyed door cannot be closed");
    if (st->corr[corr].door == D_CLOSED)
        ILLEGAL("the door is closed already");
    pay(st, c, arg[1].v);
    nm_place_door(st, corr);
    acted(s, c);
    return ENG_OK;
}

/* arg: who, cost, what */
static int act_pickup(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    nm_state *st = d;
    int c = paying(st, arg, err, errlen);
    if (c < 0)
        return ENG_ILLEGAL;
    nm_room *r = &st->room[st->ch[c].room];
    /* objects, corpses and carcasses lie counted in the room (what= 0..2);
     * an egg is an intruder slot */
    int *piles[] = {&r->heavy, &r->corpses, &r->carcasses};
    if (arg[2].v < 3) {
        if (*piles[arg[2].v] == 0)
            ILLEGAL("nothing of that kind to pick up here");
        (*piles[arg[2].v])--;
    } else {
        int i = 0;
        while (i < NM_MAXINT && !(st->in[i].type == K_SIX && st->in[i].room == st->ch[c].room))
            i++;
        if (i == NM_MAXINT)
            ILLEGAL("nothing of that kind to pick up here");
        remove_intruder(st, i);
    }
    pay(st, c, arg[1].v);
    st->ch[c].heavy++;
    acted(s, c);
    return ENG_OK;
}

/* arg: who, discard */
static int act_pass(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    nm_state *st = d;
    int c = WHO(arg);
    if (!can_act(st, c, 0, err, errlen))
        return ENG_ILLEGAL;
    if (arg[1].v > st->ch[c].hand)
        ILLEGAL("cards in hand: only %d", st->ch[c].hand);
    pay(st, c, arg[1].v);
    st->ch[c].passed = 1;
    turn_end(s, c);
    if (!st->over)
        next_turn(s, c);
    return ENG_OK;
}

/* arg: who, kind */
static int act_wound(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    nm_state *st = d;
    int c = WHO(arg);
    if (st->ch[c].dead)
        ILLEGAL("the character is dead");
    if (arg[1].v == 0)
        nm_light(s, c);
    else
        nm_serious(s, c);
    return ENG_OK;
}

static void do_encounter(eng_state *s, int c)
{
    nm_encounter(s, c, ((nm_state *)eng_data(s))->ch[c].room);
}

/* hibernate and escape: the character leaves play (arg: who). */
static int leave(eng_state *s, nm_state *st, int pod, const eng_arg *arg, char *err, size_t errlen)
{
    int c = WHO(arg);
    if (!in_play(&st->ch[c]))
        ILLEGAL("the character is not in play");
    if (pod)
        st->ch[c].evacuated = 1;
    else
        st->ch[c].hibernated = 1;
    last_character_check(s);
    return ENG_OK;
}


/* arg: who, type, room, token */
static int act_place_intruder(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    (void)s;
    if (arg[1].v == K_NONE)
        return snprintf(err, errlen, "type= must name an intruder"), ENG_ERROR;
    if (nm_place(d, (int)arg[1].v, (int)arg[3].v, (int)arg[2].v) < 0)
        ILLEGAL("no miniature can be placed");
    return ENG_OK;
}

/* arg: who, intruder, target */
static int act_intruder_attack(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    nm_state *st = d;
    int i = (int)arg[1].v - 1, t = (int)arg[2].v - 1;
    if (t >= st->players)
        return snprintf(err, errlen, "target= is beyond players="), ENG_ERROR;
    if (st->in[i].type == K_NONE)
        ILLEGAL("the intruder is not on the board");
    int target = nm_target(s, st->in[i].room, t);
    if (target < 0)
        ILLEGAL("nobody to attack in the intruder's room");
    nm_intruder_attack(s, i, target);
    return ENG_OK;
}

/* arg: who, intruder, amount */
static int act_damage(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    nm_state *st = d;
    int i = (int)arg[1].v - 1;
    if (st->in[i].type == K_NONE)
        ILLEGAL("the intruder is not on the board");
    nm_damage(s, i, (int)arg[2].v);
    return ENG_OK;
}

static int act_damage_engine(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    (void)s, (void)arg;
    nm_state *st = d;
    if (st->engines_damaged >= NM_ENGINES)
        ILLEGAL("all %d engines are damaged", NM_ENGINES);
    st->engines_damaged++;
    return ENG_OK;
}

/* arg: who, reason */
static int act_end_game(eng_state *s, void *d, const eng_arg *arg, char *err, size_t errlen)
{
    nm_state *st = d;
    if (arg[1].v == E_NONE)
        return snprintf(err, errlen, "reason= must say why the game ends"), ENG_ERROR;
    if (st->over)
        ILLEGAL("the game is over already");
    nm_end(s, (int)arg[1].v);
    return ENG_OK;
}


/* ---- AI procedures: run on a state, their steps marked (eng_nemesis.h) ---------------------- */

static void body_target(eng_state *s)
{
    const nm_state *st = eng_cdata(s);
    nm_target(s, st->ai_room, st->ai_surprise - 1);
}

static void body_damage(eng_state *s)
{
    const nm_state *st = eng_cdata(s);
    nm_damage(s, st->ai_intruder - 1, st->ai_amount);
}

static int run_as(eng_state *s, int proc, void (*body)(eng_state *))
{
    nm_state *st = eng_data(s);
    st->proc = proc;
    body(s);
    st->proc = T_NONE;
    return 0;
}

int eng_nemesis_run_target(eng_state *st) { return run_as(st, T_TARGET, body_target); }
int eng_nemesis_run_event(eng_state *st) { return run_as(st, T_EVENT, nm_event_phase); }
int eng_nemesis_run_bag(eng_state *st) { return run_as(st, T_BAG, ev_bag); }

int eng_nemesis_run_damage(eng_state *st)
{
    const nm_state *d = eng_cdata(st);
    if (d->ai_intruder < 1 || d->in[d->ai_intruder - 1].type == K_NONE)
        return -1;
    return run_as(st, T_DAMAGE, body_damage);
}


/* ==== measurements: derived keys ==== */

/* Keys whose value the rules define and the engine computes (issue #10: a
 * measurement, not scaffolding), told apart by their tag: the fire and
 * malfunction markers and the adults on the board, a character in combat
 * (sharing a room with an intruder), the characters and intruders in a room,
 * the tokens of a kind in the bag (KT_BAG + kind) or the supply. */
enum { KT_FIRES, KT_MALFUNCTIONS, KT_ADULTS, KT_COMBAT, KT_ROOM_CHARS, KT_ROOM_INTRUDERS, KT_BAG,
       KT_SUPPLY = KT_BAG + 8 };

static long nm_measure(const void *d, const eng_key *k, const int *idx)
{
    const nm_state *st = d;
    int n = idx[0] - 1, count = 0;
    switch (k->tag) {
    case KT_FIRES: return count_fires(st);
    case KT_MALFUNCTIONS: return count_malfunctions(st);
    case KT_ADULTS: return adults_on_board(st);
    case KT_COMBAT: return char_in_combat(st, n);
    case KT_ROOM_CHARS: return chars_in_room(st, idx[0]);
    case KT_ROOM_INTRUDERS: return intruders_in_room(st, idx[0]);
    }
    int supply = k->tag >= KT_SUPPLY;
    for (int i = 0; i < (supply ? st->nsupply : st->nbag); i++)
        count += (supply ? st->supply : st->bag)[i].kind == k->tag - (supply ? KT_SUPPLY : KT_BAG);
    return count;
}

/* ==== scaffolding: key accessors ==== */

/* What a key that indexes a field shows (its tag): a room's corridor, the Nth
 * stacked card or token. */
enum { KT_NOISE = KT_SUPPLY + 8, KT_DOOR, KT_NEXT_VALUE, KT_NEXT_ARROW, KT_NEXT_BAG };

static long getk(const void *d, const eng_key *k, const int *idx)
{
    const nm_state *st = d;
    int n = idx[0] - 1, stacked = st->nnext[k->tag == KT_NEXT_BAG ? DECK_BAG : DECK_ATTACK];
    switch (k->tag) {
    case KT_NOISE: return st->corr[slot_corr(idx[0], idx[1])].noise;
    case KT_DOOR: return st->corr[slot_corr(idx[0], idx[1])].door;
    case KT_NEXT_VALUE: return n < stacked ? attack_cards[st->next[DECK_ATTACK][n]].value : 0;
    case KT_NEXT_ARROW: return n < stacked ? attack_cards[st->next[DECK_ATTACK][n]].arrow : 0;
    }
    return n < stacked ? st->next[DECK_BAG][n] + 1 : 0;   /* KT_NEXT_BAG */
}

static int setk(void *d, const eng_key *k, const int *idx, long v, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    nm_corr *c = &((nm_state *)d)->corr[slot_corr(idx[0], idx[1])];
    *(k->tag == KT_NOISE ? &c->noise : &c->door) = (int)v;
    return 0;
}

/* The text keys of the bag's or the supply's tokens (a bag die face and its
 * number: "adult3 blank"); the stacked decks' faces are plain face lists. */
enum { L_BAG, L_SUPPLY };

static void get_list(const nm_state *st, int list, char *buf, size_t len)
{
    const nm_tok *t = list == L_BAG ? st->bag : st->supply;
    int n = list == L_BAG ? st->nbag : st->nsupply, face[NM_MAXTOK], num[NM_MAXTOK];
    for (int i = 0; i < n; i++)   /* a blank token shows no number */
        face[i] = t[i].kind - 1, num[i] = t[i].kind == K_SIX ? -1 : t[i].num;
    eng_faces_format(&die_bag, face, num, n, buf, len);
}

static int set_list(nm_state *st, int list, const char *v, char *err, size_t errlen)
{
    int face[NM_MAXTOK], num[NM_MAXTOK], n = eng_faces_parse(&die_bag, v, NM_MAXTOK, face, num, err, errlen);
    if (n < 0)
        return -1;
    for (int i = 0; i < n; i++)
        (list == L_BAG ? st->bag : st->supply)[i] = (nm_tok){face[i] + 1, num[i]};
    return *(list == L_BAG ? &st->nbag : &st->nsupply) = n, 0;
}

/* get_NAME and set_NAME of a text key */
#define TEXT_KEY(name, list)                                                                                          \
    static void get_##name(const void *d, const int *idx, char *buf, size_t len) { (void)idx, get_list(d, list, buf, len); } \
    static int set_##name(void *d, const int *idx, const char *v, char *err, size_t errlen) { return (void)idx, set_list(d, list, v, err, errlen); }
TEXT_KEY(bag, L_BAG) TEXT_KEY(supply, L_SUPPLY)

/* ==== scaffolding: the key table ==== */

#define INT(p, f, l, h, d) ENG_KEY_INT(p, nm_state, f, l, h, d)
#define CH(f, l, h, d) ENG_KEY_INT1("cN." #f, NM_MAXCH, nm_state, ch[0].f, sizeof(nm_char), l, h, d)
#define IN(f, l, h, d) ENG_KEY_INT1("iN." #f, NM_MAXINT, nm_state, in[0].f, sizeof(nm_intruder), l, h, d)
#define ROOM(f, t, h, nm, d)                                                                                     \
    {.pattern = "room.N." #f, .type = t, .doc = d, .nmax = {NM_NROOMS}, .hi = h, .names = nm, .zero_based = 1, \
     .off = offsetof(nm_state, room[0].f), .stride = {sizeof(nm_room)}}
/* computed by nm_measure or getk (tag t), read-only */
#define GETK(t) ((int)(t) >= KT_NOISE ? getk : nm_measure)
#define RO(p, n, t, h, d) {.pattern = p, .type = ENG_INT, .doc = d, .nmax = {n}, .hi = h, .getk = GETK(t), .tag = t}
/* a field shown plus 1 (an index from 0: pl = 1), read-only or not */
#define FIELD(p, f, pl, l, h, r, d) {.pattern = p, .type = ENG_INT, .doc = d, .lo = l, .hi = h, .off = offsetof(nm_state, f), .plus = pl, .ro = r}
#define ROOM_KEY(p, t, h, d) {.pattern = p, .type = ENG_INT, .doc = d, .nmax = {NM_NROOMS, 4}, .hi = h, .getk = GETK(t), \
     .setk = (int)(t) >= KT_NOISE ? setk : NULL, .tag = t, .zero_based = 1}
#define KIND(k, name) RO("bag." name, 0, KT_BAG + k, NM_MAXTOK, "tokens of this kind in the intruder bag"), \
    RO("supply." name, 0, KT_SUPPLY + k, NM_MAXTOK, "tokens of this kind left outside the bag")
#define TEXT(p, name, d) {.pattern = p, .type = ENG_TEXT, .doc = d, .get_text = get_##name, .set_text = set_##name}
#define DECK(p, deck, die, d) ENG_KEY_FACES(p, nm_state, next[deck], nnext[deck], &die, d)

static const eng_key keys[] = {
    {.pattern = "players", .type = ENG_INT, .doc = "characters in the game", .lo = 1, .hi = NM_MAXCH,
     .off = offsetof(nm_state, players), .bounds = (const char *const[]){"who", "with", NULL}},
    FIELD("first", first, 1, 1, NM_MAXCH, 0, "the first player (character number)"),
    FIELD("current", current, 1, 1, NM_MAXCH, 0, "the character whose turn it is"),
    INT("round", round, 1, 999, "the round, from 1"), INT("time", time, 0, 99, "spaces of the time track left to the red space"),
    INT("sd.active", sd_active, 0, 1, "the self-destruct is active"), INT("sd", sd, 0, 99, "self-destruct spaces left to the red space"),
    INT("over", over, 0, 1, "the game is over"), ENG_KEY_ENUM("end", nm_state, end, end_names, "why the game ended"),
    INT("ship.intact", intact, 0, 1, "the ship is still in one piece"),
    INT("engines.damaged", engines_damaged, 0, NM_ENGINES, "damaged engines, of 3"),
    INT("coords.earth", coords_earth, 0, 1, "the ship is set on course for Earth"),
    INT("eggs", eggs, 0, 99, "egg tokens on the intruder board"), INT("doors.supply", doors_supply, 0, 99, "doors not on the board"),
    RO("fires", 0, KT_FIRES, NM_NROOMS, "fire markers on the board"),
    RO("malfunctions", 0, KT_MALFUNCTIONS, NM_NROOMS, "malfunction markers on the board"),
    RO("adults.board", 0, KT_ADULTS, NM_MAXINT, "adult miniatures on the board"),
    TEXT("bag", bag, "the intruder bag: tokens such as \"adult3 larva1 blank\""),
    TEXT("supply", supply, "intruder tokens outside the bag, the same way"),
    KIND(K_LARVA, "larva"), KIND(K_CREEPER, "creeper"), KIND(K_ADULT, "adult"),
    KIND(K_BREEDER, "breeder"), KIND(K_QUEEN, "queen"), KIND(K_SIX, "blank"),
    FIELD("last.token", last_token, 0, 0, 99, 1, "the number on the bag token drawn last"),
    FIELD("last.attack", last_attack, 0, 0, 99, 1, "the number (sum) of the attack cards of the last damage"),
    FIELD("last.target", last_target, 1, 0, NM_MAXCH, 1, "the character an intruder chose last (0 none)"),
    DECK("next.attack", DECK_ATTACK, die_attack, "attack cards stacked on the deck, drawn first"),
    DECK("next.event", DECK_EVENT, die_event, "event cards stacked on the deck, drawn first"),
    DECK("next.bag", DECK_BAG, die_bag, "bag tokens (kinds) to be drawn next, when in the bag"),
    RO("next.attack.N.value", NM_MAXNEXT, KT_NEXT_VALUE, 9, "the number of the Nth stacked attack card (0 none)"),
    RO("next.attack.N.arrow", NM_MAXNEXT, KT_NEXT_ARROW, 1, "the Nth stacked attack card shows the retreat arrow"),
    RO("next.bag.N", NM_MAXNEXT, KT_NEXT_BAG, 6, "the Nth stacked bag token: 0 none, 1 larva .. 5 queen, 6 blank"),
    INT("ai.room", ai_room, 0, NM_NROOMS - 1, "intruder target procedure: the room"),
    INT("ai.surprise", ai_surprise, 0, NM_MAXCH, "intruder target procedure: who caused a surprise attack (0 none)"),
    INT("ai.intruder", ai_intruder, 0, NM_MAXINT, "intruder damage procedure: the intruder"),
    INT("ai.amount", ai_amount, 0, 9, "intruder damage procedure: the damage"),
    CH(room, 0, NM_NROOMS - 1, "the character's room"), CH(hand, 0, 99, "action cards in hand"),
    CH(deck, 0, 99, "action cards in the deck"), CH(discard, 0, 99, "cards in the discard pile"),
    CH(light, 0, 99, "light wound markers"), CH(serious, 0, 99, "serious wounds"), CH(dead, 0, 1, "the character is dead"),
    CH(slime, 0, 9, "slime markers"), CH(passed, 0, 1, "the character has passed this round"),
    CH(acts, 0, 99, "actions taken this turn"), CH(ammo, 0, 99, "ammunition of the weapon in hand"),
    CH(contam, 0, 99, "contamination cards (not infected) owned"), CH(infected, 0, 99, "infected contamination cards owned"),
    CH(heavy, 0, 99, "heavy objects carried"), CH(tools, 0, 99, "item cards usable for crafting"),
    CH(crafted, 0, 99, "crafted items"), CH(hibernated, 0, 1, "the character is in hibernation"),
    CH(evacuated, 0, 1, "the character left in an escape pod"), CH(objective, 0, 1, "the character's objective is met"),
    CH(won, 0, 1, "the character won (set by the end of the game)"), CH(larva, 0, 99, "larvae on the character's board"),
    RO("cN.combat", NM_MAXCH, KT_COMBAT, 1, "the character shares a room with an intruder"),
    {.pattern = "iN.type", .type = ENG_ENUM, .doc = "the intruder miniature (none: the slot is free)", .nmax = {NM_MAXINT},
     .names = intruder_names, .off = offsetof(nm_state, in[0].type), .stride = {sizeof(nm_intruder)}},
    IN(room, 0, NM_NROOMS - 1, "the intruder's room"), IN(damage, 0, 99, "damage markers on the intruder"),
    IN(token, 0, 99, "the number on the intruder's bag token"),
    ROOM(explored, ENG_INT, 1, NULL, "the room is explored"),
    ROOM(token, ENG_ENUM, 0, token_names, "the room's exploration token (none: drawn when explored)"),
    ROOM(fire, ENG_INT, 9, NULL, "fire markers in the room"), ROOM(malfunction, ENG_INT, 9, NULL, "malfunction markers in the room"),
    ROOM(corpses, ENG_INT, 99, NULL, "character corpses in the room"), ROOM(carcasses, ENG_INT, 99, NULL, "intruder carcasses in the room"),
    ROOM(heavy, ENG_INT, 99, NULL, "heavy objects lying in the room"),
    ROOM_KEY("room.N.characters", KT_ROOM_CHARS, NM_MAXINT, "characters in play in the room"),
    ROOM_KEY("room.N.intruders", KT_ROOM_INTRUDERS, NM_MAXINT, "intruders (not eggs) in the room"),
    ROOM_KEY("room.N.noise.M", KT_NOISE, 1, "a noise marker in the room's corridor 1..4"),
    {.pattern = "room.N.door.M", .type = ENG_ENUM, .doc = "the door of the room's corridor 1..4", .nmax = {NM_NROOMS, 4},
     .names = door_names, .getk = getk, .setk = setk, .tag = KT_DOOR, .zero_based = 1},
};

/* ==== scaffolding: action wrappers and the action table ==== */

/* The rules function of an action that needs its mode, its data or two arguments unpacked
 * (one that needs the state and who= or room= alone is its row's run0 or run1). */
ENG_ACTION_FN(act_move) { return move(s, d, MOVE_PLAIN, arg, err, errlen); }
ENG_ACTION_FN(act_careful) { return move(s, d, MOVE_CAREFUL, arg, err, errlen); }
ENG_ACTION_FN(act_flee) { return move(s, d, MOVE_FLEE, arg, err, errlen); }
ENG_ACTION_FN(act_shoot) { return attack(s, d, 0, arg, err, errlen); }
ENG_ACTION_FN(act_melee) { return attack(s, d, 1, arg, err, errlen); }
ENG_ACTION_FN(act_hibernate) { return leave(s, d, 0, arg, err, errlen); }
ENG_ACTION_FN(act_escape) { return leave(s, d, 1, arg, err, errlen); }
ENG_ACTION_FN(act_round_start) { return nm_round_start(d), ENG_OK; }
ENG_ACTION_FN(act_place_door) { return nm_place_door(d, slot_corr((int)arg[1].v, (int)arg[2].v)), ENG_OK; }

/* Parameters that most actions share. */
#define P_WHO {"who", ENG_INT, 1, NM_MAXCH, 1, 0, NULL}
#define P_COST {"cost", ENG_INT, -9, 9, 1, 0, NULL}
#define P_CORRIDOR {"corridor", ENG_INT, 1, 4, 0, 1, NULL}
#define P_ROOM {"room", ENG_INT, 0, NM_NROOMS - 1, 0, 1, NULL}
#define P_TARGET {"target", ENG_INT, 0, NM_MAXINT, 0, 0, NULL}
#define P_INTRUDER {"intruder", ENG_INT, 1, NM_MAXINT, 0, 1, NULL}
#define ACTION(n, fn, d, ...) {n, d, {P_WHO, __VA_ARGS__}, fn, NULL}
/* run0(st), run1(st, who - 1) or run1(st, room) */
#define RUN0(n, run, d) {n, d, {P_WHO}, NULL, &(const eng_more){.run0 = run}}
#define RUN_WHO(n, run, d) {n, d, {P_WHO}, NULL, &(const eng_more){.run1 = run, .arg = 0, .base = 1}}
#define RUN_ROOM(n, run, d) {n, d, {P_WHO, P_ROOM}, NULL, &(const eng_more){.run1 = run, .arg = 1}}

static const eng_action actions[] = {
    ACTION("move", act_move, "who moves through its room's corridor (cost)", P_CORRIDOR, P_COST),
    ACTION("careful", act_careful, "careful movement: noise= is the corridor of the new room that gets the marker",
           P_CORRIDOR, P_COST, {"noise", ENG_INT, 1, 4, 0, 1, NULL}),
    ACTION("flee", act_flee, "leaves a room with intruders through a corridor, attacked by each", P_CORRIDOR, P_COST),
    ACTION("shoot", act_shoot, "shoots intruder target= (0: the first in the room)", P_TARGET, P_COST),
    ACTION("melee", act_melee, "attacks intruder target= bare-handed (0: the first in the room)", P_TARGET, P_COST),
    ACTION("card", act_card, "plays an action card: the card and cost= more cards", P_COST),
    ACTION("room-action", act_room, "the room's action, paying cost=", P_COST),
    ACTION("item", act_item, "an item card's action, paying cost=", P_COST),
    ACTION("craft", act_craft, "crafts an item from 2 item cards", P_COST),
    ACTION("trade", act_trade, "trades with character with= in the same room", P_COST, {"with", ENG_INT, 1, NM_MAXCH, 0, 1, NULL}),
    ACTION("close-door", act_close_door, "closes the door of the room's corridor", P_COST, P_CORRIDOR),
    ACTION("pickup", act_pickup, "picks up a heavy object, corpse, carcass or egg in the room", P_COST,
           {"what", ENG_ENUM, 0, 0, 0, 0, pickup_names}),
    ACTION("pass", act_pass, "passes, discarding discard= cards", {"discard", ENG_INT, 0, 99, 0, 0, NULL}),
    ACTION("wound", act_wound, "deals a light or serious wound", {"kind", ENG_ENUM, 0, 0, 0, 1, wound_names}),
    RUN_WHO("end-turn", turn_end, "ends who's turn: the fire check only"),
    RUN_WHO("noise-roll", nm_noise_roll, "who rolls the noise die in its room"),
    RUN_WHO("encounter", do_encounter, "an encounter in who's room"),
    ACTION("hibernate", act_hibernate, "who enters hibernation", {NULL}), ACTION("escape", act_escape, "who leaves in an escape pod", {NULL}),
    ACTION("round-start", act_round_start, "a new round: hands drawn, first-player token passed", {NULL}),
    RUN0("event-phase", nm_event_phase, "the whole event phase"),
    RUN0("bag-development", ev_bag, "the event phase's bag development alone"),
    RUN0("event-card", ev_card, "the event phase's event card alone (movement, effect)"),
    RUN0("fire-damage", ev_fire, "the event phase's fire damage alone"),
    RUN_ROOM("danger", nm_danger, "resolves danger in room="),
    RUN_ROOM("place-fire", nm_place_fire, "places a fire marker in room="),
    RUN_ROOM("place-malfunction", nm_place_malfunction, "places a malfunction marker in room="),
    ACTION("place-door", act_place_door, "places a door in corridor= of room=", P_ROOM, P_CORRIDOR),
    ACTION("place-intruder", act_place_intruder, "puts an intruder miniature type= in room= (its token= number)",
           {"type", ENG_ENUM, 0, 0, 0, 1, intruder_names}, P_ROOM, {"token", ENG_INT, 0, 99, 0, 0, NULL}),
    ACTION("intruder-attack", act_intruder_attack, "intruder= attacks (target=: the character who caused a surprise attack)",
           P_INTRUDER, {"target", ENG_INT, 0, NM_MAXCH, 0, 0, NULL}),
    ACTION("damage", act_damage, "deals amount= damage to intruder=", P_INTRUDER, {"amount", ENG_INT, 1, 9, 1, 0, NULL}),
    ACTION("damage-engine", act_damage_engine, "damages one more of the ship's engines", {NULL}),
    ACTION("end-game", act_end_game, "ends the game now for reason= (time, self-destruct, fire, malfunction)",
           {"reason", ENG_ENUM, 0, 0, 0, 1, end_names}),
};

/* ==== scaffolding: the game ==== */

static const char *const nm_statuses[] = {
    "nemesis.token.silence", "nemesis.token.danger", "nemesis.token.slime", "nemesis.token.fire", "nemesis.token.malfunction",
    "nemesis.token.door", "nemesis.bag.larva-token", "nemesis.bag.creeper-token", "nemesis.bag.adult-token",
    "nemesis.bag.breeder-token", "nemesis.bag.queen-token", "nemesis.bag.blank-token", "nemesis.wound.light",
    "nemesis.wound.serious", "nemesis.contamination", "nemesis.die.blank", "nemesis.die.larva-creeper", "nemesis.die.adult",
    "nemesis.die.hit", "nemesis.die.double-hit", NULL};

const eng_game eng_nemesis_game = {
    .id = "nemesis", .name = "Nemesis", .state_size = sizeof(nm_state), .init = nm_init,
    .keys = keys, .nkeys = sizeof keys / sizeof keys[0], .actions = actions, .nactions = sizeof actions / sizeof actions[0],
    .events = events, .dice = nm_dice, .statuses = nm_statuses,
    .facts = eng_nemesis_facts, .nfacts = ENG_NEMESIS_NFACTS, .ais = eng_nemesis_ais, .nais = ENG_NEMESIS_NAIS,
};
