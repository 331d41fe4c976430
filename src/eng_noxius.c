/* eng_noxius.c — the Noxius engine: the complete rules of the German rules
 * page (seed 003) as state and functions, measured by the checker (probes in
 * eng_noxius_facts.c) and able to play a whole fight (the simulator slot).
 *
 * The source gives no official characters or enemies (they are downloads),
 * so every character, ability and enemy is data set through state keys; the
 * defaults are stand-ins that no fact depends on (probes set what they use).
 *
 * Readings of the engine where the source is silent (the German summary
 * marks each with a visible <gap>, bound to the fact that measures it):
 *  - after a knock-out, or once the enemy has fallen, the rest of the roll
 *    does not happen (the source's examples only name damage and T);
 *  - an ability that leaves the power where it is does not "land" on a T:
 *    no new hit;
 *  - a shaded bonus is added to every damage number of the cast;
 *  - any new buff replaces the unused old one, whoever cast it;
 *  - when an enemy falls, only the characters at it who have not cast yet
 *    may take a new place (source line 81 can be read either way);
 *  - knocked-out characters take positions like the others;
 *  - sacrificing to a plate comes on top of the turn's ability;
 *  - damage runs on across several plates only through plates that are
 *    taken by damage (normal, not woundable); an exact or conditional plate
 *    stops it;
 *  - a buff lasts until its caster's next turn (one round of turns), at most
 *    to the end of the following round, and is used up by the next damage;
 *  - LP do not rise above the character's full LP; SP have no bound;
 *  - a damage roll meets at most one condition of a linked plate, the exact
 *    one first;
 *  - generic damage is paid as the player chooses (pay=lp|sp); the
 *    simulated players spend SP first unless a character says otherwise
 *    (cN.sp-first).
 *
 * Spec strings (keys cN.aM and eN.plates, used by scenarios and fight files):
 *  ability: "delta=+1 effect=buff:1 r=2|T/2|3|T|4/T|V shade=2:+1"
 *    r= six faces separated by |, each a /-separated left-to-right list of
 *    results: a number (damage), T (hit), LP, SP, V (wound), - (nothing);
 *    effect= ops separated by ,: buff:N (+N damage to an ally's next damage),
 *    heal:N (ally +N LP), shield:N (ally +N SP), dmg:N, V, lp:N, sp:N (self);
 *    shade= power values that add N damage when held at casting.
 *  plates, from full life to the skull: "3/2" normal (outer/wounded value),
 *    "3" normal with one number, "4!" exact, "3*" not woundable, "LP" and
 *    "SP" sacrifice, "V" must be wounded, "[6+,LP]" linked (conditions N+,
 *    N!, LP, SP, V); a prefix "3p:" puts the plate on the track only with at
 *    least 3 players (the grey levels of the life track).
 *  progress fields (key "fields"), one a round: "-" nothing, or ops joined
 *    by ",": "+N" enemy N appears, "dmg:N" N bonus damage to every
 *    character's damage this round, "until:N" the field is read again each
 *    round until enemy N is defeated. "dmg:1 dmg:1" is the source's two
 *    fields with the same property: the effect holds two rounds in a row.
 * The keys and actions are documented in their tables below.
 */
#include "eng_noxius.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NX_MAXCH 4
#define NX_MAXEN 4
#define NX_MAXPL 16
#define NX_MAXOP 4
#define NX_NAB 4
#define NX_MAXF 16

enum { O_NONE, O_DMG, O_HIT, O_LP, O_SP, O_WOUND, O_BUFF, O_HEAL, O_SHIELD };
enum { P_NORMAL, P_EXACT, P_NOWOUND, P_LP, P_SP, P_WOUND, P_LINKED, P_SKULL };
enum { C_ATLEAST, C_EXACT, C_LP, C_SP, C_WOUND };
enum { PH_POSITION, PH_TURNS };
enum { OV_NONE, OV_FAILED };
enum { K_ANY, K_LP, K_SP };
enum { PAY_POLICY, PAY_LP, PAY_SP };

/* what happened, counted (log.NAME) and in order (log.steps) */
enum {
    EV_TURN, EV_EFFECT, EV_POWER, EV_TFIELD, EV_ROLL, EV_RESULT, EV_DAMAGE, EV_HIT, EV_LOSS,
    EV_GAIN, EV_KO, EV_PLATE, EV_DEFEATED, EV_WOUND, EV_LINKED, EV_LINKED_RESET, EV_SPAWN,
    EV_SACRIFICE, EV_BUFF, EV_RECOVER, EV_FIGHT_OVER, EV_FAILED, EV_START
};
static const char *const nx_events[] = {
    "turn", "effect", "power", "t-field", "roll", "result", "damage", "hit", "loss",
    "gain", "ko", "plate", "defeated", "wound", "linked", "linked-reset", "spawn",
    "sacrifice", "buff", "recover", "fight-over", "failed", "start", NULL};

static const char *const phase_names[] = {"position", "turns", NULL};
static const char *const over_names[] = {"none", "failed", NULL};
static const char *const kind_names[] = {"normal", "exact", "no-wound", "lp", "sp", "wound", "linked", "skull", NULL};

/* small types: states are copied by the thousand when the checker walks a
 * flowchart; no pointers, so that a copy is a memcpy */
typedef struct nx_op {
    signed char kind, n;
} nx_op;

typedef struct nx_ability {
    char name[32];     /* for the narration; "" = "ability N" */
    int set;
    int delta;
    nx_op effect[NX_MAXOP];
    int neffect;
    nx_op res[6][NX_MAXOP];
    int nres[6];
    signed char shade_at[6], shade_bonus[6];
    int nshade;
} nx_ability;

typedef struct nx_cond {
    signed char kind, n;
} nx_cond;

/* cond comes first: an array that ends its struct may be a flexible one
 * to -fsanitize=bounds, which then does not check an index into it */
typedef struct nx_plate {
    nx_cond cond[2];
    signed char kind, hi, lo, minp;
} nx_plate;

typedef struct nx_enemy {
    char name[32];
    int dmg[4];
    nx_plate plate[NX_MAXPL];
    int nplates;
    int cur, first, wounded, present, defeated;
    int met[2], metby[2];
    int round;          /* the round whose progress field brings it, 0 none */
} nx_enemy;

typedef struct nx_char {
    char name[32];
    int lp, lpmax, sp, power, tlow, thigh, ko, dead;
    int enemy, pos, acted, free;    /* enemy 1-based, 0 none */
    int dealt;                      /* the last damage it dealt */
    int buff, buff_from, buff_round;
    nx_ability ab[NX_NAB];
    int sp_first;               /* after ab: see nx_plate */
} nx_char;

typedef struct nx_field {
    signed char spawn, bonus, until;    /* enemy 1-based / damage / enemy 1-based; 0 none */
} nx_field;

typedef struct nx_state {
    int players, round, phase, over;
    nx_field fld[NX_MAXF];
    int nfields, field, fbonus;         /* the progress track, the field read (1-based), its bonus */
    nx_char ch[NX_MAXCH];
    nx_enemy en[NX_MAXEN];
    int last_roll, last_damage;
    int bonus;                  /* the shaded bonus of the cast under way */
    int ai_who, ai_ability;     /* 1-based: what the cast procedure is asked about */
    int sim_enemies, sim_rounds;   /* a fight file being read */
} nx_state;

static const char *const faces_d6[] = {"1", "2", "3", "4", "5", "6"};
static const eng_die die_d6 = {"d6", 6, faces_d6};
static const eng_die *const nx_dice[] = {&die_d6, NULL};

#define CST(d) ((const nx_state *)(d))

/* ---- small helpers ------------------------------------------------------------------------ */

/* Loops over the characters and enemies read st->ch[c] and st->en[e]
 * themselves rather than through a pointer taken first: an index one past
 * the array is then stopped by -fsanitize=bounds (as every mutant is built),
 * while a pointer to one past the end is legal and reads what lies beyond. */

static const char *cname(const nx_state *st, int c)
{
    return st->ch[c].name;
}

/* May cast: alive, not knocked out, at an enemy on the field. (A character
 * outside the group is at none: position's who= is bounded by players.) */
static int can_fight(const nx_state *st, int c)
{
    const nx_char *ch = &st->ch[c];
    return !ch->dead && !ch->ko && ch->enemy > 0 && st->en[ch->enemy - 1].present;
}

static int enemies_present(const nx_state *st)
{
    int n = 0;
    for (int e = 0; e < NX_MAXEN; e++)
        n += st->en[e].present;
    return n;
}

/* ---- characters: damage, healing, knock-out -------------------------------------------------- */

static void check_all_ko(eng_state *es, nx_state *st)
{
    for (int c = 0; c < st->players; c++)
        if (!st->ch[c].dead && !st->ch[c].ko)
            return;
    if (st->over != OV_FAILED) {
        st->over = OV_FAILED;
        eng_note(es, EV_FAILED);
        eng_say(es, st->round, "failed", "", "every character is knocked out: the mission has failed");
    }
}

/* At 0 LP (lose() has stopped them there): out, and all SP lost. */
static void knock_out(eng_state *es, nx_state *st, int c)
{
    nx_char *ch = &st->ch[c];
    ch->ko = 1;
    ch->sp = 0;
    eng_note(es, EV_KO);
    eng_say(es, st->round, "ko", cname(st, c), "is knocked out (0 LP) and loses all SP");
    check_all_ko(es, st);
}

/* Loses amount points. kind is what the rule names (K_ANY: generic damage,
 * which the player pays as pay says: PAY_POLICY is the character's habit,
 * cN.sp-first); a named loss is paid in what it names. SP that do not cover
 * the damage leave the rest to LP. */
static void lose(eng_state *es, nx_state *st, int c, int amount, int kind, int pay)
{
    nx_char *ch = &st->ch[c];
    if (ch->dead || amount <= 0)
        return;
    int sp_first = kind == K_SP || (kind == K_ANY && (pay == PAY_SP || (pay == PAY_POLICY && ch->sp_first)));
    int from_sp = sp_first ? (amount < ch->sp ? amount : ch->sp) : 0;
    ch->sp -= from_sp;
    int from_lp = kind == K_SP ? 0 : amount - from_sp;     /* from_sp <= amount: never below 0 */
    ch->lp -= from_lp;
    if (ch->lp < 0)
        ch->lp = 0;     /* LP stop at 0 */
    eng_note(es, EV_LOSS);
    eng_say(es, st->round, "loss", cname(st, c), "loses %d SP and %d LP (now %d LP, %d SP)", from_sp,
        from_lp, ch->lp, ch->sp);
    if (ch->lp == 0 && !ch->ko)
        knock_out(es, st, c);
}

static void gain_lp(eng_state *es, nx_state *st, int c, int n)
{
    nx_char *ch = &st->ch[c];
    if (ch->dead || n <= 0)
        return;
    ch->lp += n;
    if (ch->lp > ch->lpmax)
        ch->lp = ch->lpmax;
    eng_note(es, EV_GAIN);
    eng_say(es, st->round, "gain", cname(st, c), "gets %d LP (now %d LP)", n, ch->lp);
    if (ch->ko) {       /* LP have risen by n >= 1 from 0 or more, to lpmax >= 1 at most */
        ch->ko = 0;
        eng_say(es, st->round, "revive", cname(st, c), "gets LP and fights again");
    }
}

static void gain_sp(eng_state *es, nx_state *st, int c, int n)
{
    nx_char *ch = &st->ch[c];
    if (ch->dead || ch->ko || n <= 0)
        return;
    ch->sp += n;
    eng_note(es, EV_GAIN);
    eng_say(es, st->round, "gain", cname(st, c), "gets %d SP (now %d SP)", n, ch->sp);
}

/* A hit (T): the damage of the character's position at its enemy. */
static void hit(eng_state *es, nx_state *st, int c, int pay)
{
    nx_char *ch = &st->ch[c];
    if (ch->enemy <= 0)     /* (at an enemy, a position: place() sets the two together) */
        return;
    const nx_enemy *en = &st->en[ch->enemy - 1];
    int d = en->dmg[ch->pos - 1];
    eng_note(es, EV_HIT);
    eng_say(es, st->round, "hit", cname(st, c), "is hit at P%d of %s: %d damage", ch->pos, en->name, d);
    lose(es, st, c, d, K_ANY, pay);
}

/* ---- enemies: plates ---------------------------------------------------------------------------- */

static int takes_damage(const nx_plate *p)
{
    return p->kind == P_NORMAL || p->kind == P_NOWOUND;
}

/* The damage that takes a damage plate now. */
static int need(const nx_enemy *en, const nx_plate *p)
{
    /* (wound() wounds only a plate with a smaller number) */
    return p->kind == P_NORMAL && en->wounded ? p->lo : p->hi;
}

static void fight_end(eng_state *es, nx_state *st)
{
    eng_note(es, EV_FIGHT_OVER);
    eng_say(es, st->round, "fight-over", "", "no enemy is left on the field: the fight is over");
    for (int c = 0; c < st->players; c++)
        if (st->ch[c].ko && !st->ch[c].dead) {
            gain_lp(es, st, c, 1);
            eng_note(es, EV_RECOVER);
            eng_say(es, st->round, "recover", cname(st, c), "recovers with +1 LP");
        }
}

static void defeated(eng_state *es, nx_state *st, int e)
{
    nx_enemy *en = &st->en[e];
    en->present = 0;
    en->defeated = 1;
    eng_note(es, EV_DEFEATED);
    eng_say(es, st->round, "defeated", en->name, "reaches the skull and is defeated");
    /* characters at it who have not yet cast may take a free position at
     * another enemy, in the middle of the round */
    for (int c = 0; c < st->players; c++)
        if (st->ch[c].enemy == e + 1) {
            st->ch[c].free = !st->ch[c].acted;
            st->ch[c].enemy = 0;
            st->ch[c].pos = 0;
        }
    if (!enemies_present(st))
        fight_end(es, st);
}

/* A linked plate met by no one (-1: no character). */
static void linked_clear(nx_enemy *en)
{
    en->met[0] = en->met[1] = 0;
    en->metby[0] = en->metby[1] = -1;
}

static void advance(eng_state *es, nx_state *st, int e)
{
    nx_enemy *en = &st->en[e];
    en->cur++;
    en->wounded = 0;
    linked_clear(en);
    eng_note(es, EV_PLATE);
    eng_say(es, st->round, "plate", en->name, "loses a life plate (%d left)", en->nplates - en->cur);
    if (en->cur >= en->nplates)
        defeated(es, st, e);
}

/* A condition of a linked plate met by character c; takes the plate when
 * both are met, by two characters, in this round. */
static void meet(eng_state *es, nx_state *st, int e, int k, int c)
{
    nx_enemy *en = &st->en[e];
    en->met[k] = 1;
    en->metby[k] = c;
    eng_note(es, EV_LINKED);
    eng_say(es, st->round, "linked", en->name, "condition %d of the linked plate is met", k + 1);
    if (en->met[0] && en->met[1])
        advance(es, st, e);
}

/* Can character c meet condition k of e's linked plate? */
static int linked_open(const nx_enemy *en, int k, int c)
{
    return !en->met[k] && en->metby[1 - k] != c;
}

/* Damage dealt by character c to enemy e (a field's bonus comes with a character's damage). */
static void deal(eng_state *es, nx_state *st, int c, int e, int amount)
{
    nx_enemy *en = &st->en[e];
    if (!en->present)
        return;
    st->last_damage = amount;
    eng_note(es, EV_DAMAGE);
    eng_say(es, st->round, "damage", cname(st, c), "deals %d damage to %s", amount, en->name);
    nx_plate *p = &en->plate[en->cur];
    if (p->kind == P_LINKED) {
        /* the exact condition first: it is the one a number can only meet once */
        for (int pass = 0; pass < 2; pass++)
            for (int k = 0; k < 2; k++) {
                const nx_cond q = p->cond[k];     /* (a copy: the index is checked) */
                int ok = pass == 0 ? q.kind == C_EXACT && amount == q.n
                                   : q.kind == C_ATLEAST && amount >= q.n;
                if (ok && linked_open(en, k, c)) {
                    meet(es, st, e, k, c);
                    return;
                }
            }
        return;
    }
    if (p->kind == P_EXACT) {
        if (amount == p->hi)
            advance(es, st, e);
        return;
    }
    if (!takes_damage(p) || amount < need(en, p))
        return;
    int left = amount - need(en, p);
    advance(es, st, e);
    /* several plates at once when the damage reaches their sum */
    while (en->present && takes_damage(&en->plate[en->cur]) && left >= need(en, &en->plate[en->cur])) {
        left -= need(en, &en->plate[en->cur]);
        advance(es, st, e);
    }
}

static void wound(eng_state *es, nx_state *st, int c, int e)
{
    nx_enemy *en = &st->en[e];
    if (!en->present)
        return;
    nx_plate *p = &en->plate[en->cur];
    switch (p->kind) {
    case P_NORMAL:
        /* only a plate with two numbers can be wounded */
        if (p->lo > 0 && !en->wounded) {
            en->wounded = 1;
            eng_note(es, EV_WOUND);
            eng_say(es, st->round, "wound", en->name, "is wounded: %d damage now takes the plate", p->lo);
        }
        break;
    case P_WOUND:
        eng_note(es, EV_WOUND);
        advance(es, st, e);     /* and the next plate starts unwounded */
        break;
    case P_LINKED:
        /* players meet a linked plate's conditions ("zwei Spieler"): a
         * field's wound (c = -1) meets none */
        for (int k = 0; k < 2 && c >= 0; k++)
            if (p->cond[k].kind == C_WOUND && linked_open(en, k, c)) {
                eng_note(es, EV_WOUND);
                meet(es, st, e, k, c);
                break;
            }
        break;
    default:
        break;      /* exact, not woundable, sacrifices: no effect */
    }
}

/* The condition of c's enemy's linked plate that asks c for a sacrifice of
 * kind (K_LP, K_SP) and that c may meet, or -1 (no such plate or condition). */
static int sacrifice_cond(const nx_state *st, int c, int kind)
{
    const nx_enemy *en = &st->en[st->ch[c].enemy - 1];
    const nx_plate *pl = &en->plate[en->cur];
    for (int k = 0; pl->kind == P_LINKED && k < 2; k++)
        if (pl->cond[k].kind == (kind == K_LP ? C_LP : C_SP) && linked_open(en, k, c))
            return k;
    return -1;
}

/* Does the current plate of c's enemy ask c for that sacrifice: a plate of
 * that kind, or a linked condition of it c may meet? */
static int asks(const nx_state *st, int c, int kind)
{
    const nx_enemy *en = &st->en[st->ch[c].enemy - 1];
    return en->plate[en->cur].kind == (kind == K_LP ? P_LP : P_SP) || sacrifice_cond(st, c, kind) >= 0;
}

/* c pays 1 LP or SP to the plate that asks for it (the caller has checked
 * that it does): a sacrifice plate falls, a linked condition is met. */
static void sacrifice(eng_state *es, nx_state *st, int c, int kind)
{
    int e = st->ch[c].enemy - 1, k = sacrifice_cond(st, c, kind);
    eng_note(es, EV_SACRIFICE);
    eng_say(es, st->round, "sacrifice", cname(st, c), "sacrifices 1 %s", kind == K_LP ? "LP" : "SP");
    lose(es, st, c, 1, kind, PAY_POLICY);
    if (k >= 0)
        meet(es, st, e, k, c);
    else
        advance(es, st, e);
}

/* The enemy enters the field at full life for the number of players. */
static void spawn(eng_state *es, nx_state *st, int e)
{
    nx_enemy *en = &st->en[e];
    en->present = 1;
    en->defeated = 0;
    en->wounded = 0;
    linked_clear(en);
    en->cur = 0;
    while (en->cur < en->nplates && en->plate[en->cur].minp > st->players)
        en->cur++;
    en->first = en->cur;
    eng_note(es, EV_SPAWN);
    eng_say(es, st->round, "spawn", en->name, "appears with %d life plates", en->nplates - en->cur);
    if (en->cur >= en->nplates)
        defeated(es, st, e);
}

/* ---- positions and turn order ------------------------------------------------------------------- */

/* Positions are one set for the whole field: P1 taken at one enemy is taken
 * at every other. (pos >= 1, and a character holds a position only at an
 * enemy: place, defeated, kill and start set or clear the two together.) */
static int pos_taken(const nx_state *st, int pos, int except)
{
    for (int c = 0; c < st->players; c++)
        if (c != except && !st->ch[c].dead && st->ch[c].pos == pos)
            return 1;
    return 0;
}

/* Why character c may not take position pos at enemy e (1-based), or NULL. */
static const char *position_illegal(const nx_state *st, int c, int e, int pos)
{
    if (st->ch[c].dead)
        return "a dead character has no position";
    if (!st->en[e - 1].present)     /* e is 1..4: the action's range */
        return "that enemy is not on the field";
    if (pos > st->players)      /* pos >= 1: the action's range */
        return "with this many players that position may not be used";
    if (pos_taken(st, pos, c))
        return "that position is taken (at this or another enemy)";
    if (st->phase != PH_POSITION && !st->ch[c].free)
        return "characters reposition at the start of a round, or when their enemy falls before their turn";
    return NULL;
}

static void place(eng_state *es, nx_state *st, int c, int e, int pos)
{
    st->ch[c].enemy = e;
    st->ch[c].pos = pos;
    st->ch[c].free = 0;
    eng_say(es, st->round, "position", cname(st, c), "takes P%d at %s", pos, st->en[e - 1].name);
}

/* The character whose turn it is: the highest occupied position that has
 * not cast yet this round; -1 when the round's turns are over. */
static int current(const nx_state *st)
{
    int best = -1;
    for (int c = 0; c < st->players; c++)
        if (!st->ch[c].acted && can_fight(st, c) && (best < 0 || st->ch[c].pos > st->ch[best].pos))
            best = c;
    return best;
}

/* A round begins: the next progress field is read. */
static void round_field(eng_state *es, nx_state *st)
{
    st->round++;
    st->phase = PH_POSITION;
    /* a field repeated until its enemy falls is read again; else the next */
    const nx_field *f = st->field >= 1 && st->field <= st->nfields ? &st->fld[st->field - 1] : NULL;
    if (!f || !f->until || st->en[f->until - 1].defeated)
        st->field++;
    f = st->field <= st->nfields ? &st->fld[st->field - 1] : NULL;
    st->fbonus = f ? f->bonus : 0;
    eng_say(es, st->round, "round", "", "round %d: progress field %d is read", st->round, st->field);
    for (int c = 0; c < st->players; c++) {
        st->ch[c].acted = st->ch[c].free = 0;
        if (st->ch[c].buff && st->ch[c].buff_round < st->round - 1)
            st->ch[c].buff = 0;
    }
}

/* A linked plate met only halfway last round starts over. */
static int round_linked_reset(eng_state *es, nx_state *st)
{
    int reset = 0;
    for (int e = 0; e < NX_MAXEN; e++) {
        nx_enemy *en = &st->en[e];
        if (st->en[e].present && en->plate[en->cur].kind == P_LINKED && (en->met[0] || en->met[1])) {
            linked_clear(en);
            eng_note(es, EV_LINKED_RESET);
            eng_say(es, st->round, "linked", en->name, "the linked plate was not completed: it is reset");
            reset = 1;
        }
    }
    return reset;
}

/* "+ name" on the progress field: the enemies of this round appear. */
static void round_spawn(eng_state *es, nx_state *st)
{
    /* (round_field has just moved to field 1 at least) */
    int fe = st->field <= st->nfields ? st->fld[st->field - 1].spawn - 1 : -1;
    for (int e = 0; e < NX_MAXEN; e++)
        if ((st->en[e].round == st->round || e == fe) && !st->en[e].present && !st->en[e].defeated)
            spawn(es, st, e);
}

static void round_start(eng_state *es, nx_state *st)
{
    round_field(es, st);
    round_linked_reset(es, st);
    round_spawn(es, st);
}

/* ---- casting -------------------------------------------------------------------------------------- */

/* Why c may not cast ability k now, or NULL. */
static const char *cast_illegal(const nx_state *st, int c, int k)
{
    const nx_char *ch = &st->ch[c];
    if (ch->dead)
        return "a dead character does not cast";
    if (ch->ko)
        return "a knocked-out character cannot cast";
    if (k >= NX_NAB || !ch->ab[k].set)     /* k >= 0: every caller counts from 0 */
        return "the character has no such ability";
    if (!can_fight(st, c))
        return "the character is at no enemy";
    if (ch->acted)
        return "the character has already cast this round";
    if (current(st) != c)
        return "it is not this character's turn (the highest position casts first)";
    int np = ch->power + ch->ab[k].delta;
    if (np < ch->tlow || np > ch->thigh)
        return "the ability would cross a T field of the power scale";
    return NULL;
}

static int shade_bonus(const nx_ability *a, int power)
{
    for (int i = 0; i < a->nshade; i++)
        if (a->shade_at[i] == power)
            return a->shade_bonus[i];
    return 0;
}

static int ally_default(const nx_state *st, int c, int kind)
{
    /* heal the most hurt other character, shield the weakest, buff the next
     * to cast (else the strongest position for the next round); never the
     * caster itself: buffs are for the others */
    int best = -1;
    for (int o = 0; o < st->players; o++) {
        const nx_char *ch = &st->ch[o];
        if (o == c || ch->dead)
            continue;
        if (kind == O_BUFF) {
            if (ch->ko)
                continue;
            int waiting = !ch->acted && ch->enemy > 0, bwait = best >= 0 && !st->ch[best].acted;
            if (best < 0 || (waiting && !bwait) || (waiting == bwait && ch->pos > st->ch[best].pos))
                best = o;
        } else if (kind == O_HEAL) {
            if (best < 0 || ch->lpmax - ch->lp > st->ch[best].lpmax - st->ch[best].lp)
                best = o;
        } else if (best < 0 || ch->lp + ch->sp < st->ch[best].lp + st->ch[best].sp) {
            best = o;
        }
    }
    return best < 0 ? c : best;
}

/* Damage by character c: its buff and the shaded bonus are added. */
static void char_deals(eng_state *es, nx_state *st, int c, int amount, int bonus)
{
    nx_char *ch = &st->ch[c];
    if (ch->enemy <= 0)
        return;
    int total = amount + bonus + st->fbonus;
    if (ch->buff) {
        total += ch->buff;
        eng_say(es, st->round, "buff", cname(st, c), "uses a buff of +%d damage", ch->buff);
        ch->buff = 0;
    }
    ch->dealt = total;
    deal(es, st, c, ch->enemy - 1, total);
}

/* op by value: the caller's index into effect[] or res[] is read there, where
 * -fsanitize=bounds sees it */
static void op_effect(eng_state *es, nx_state *st, int c, nx_op op, int ally, int bonus)
{
    nx_char *ch = &st->ch[c];
    switch (op.kind) {
    case O_DMG: char_deals(es, st, c, op.n, bonus); break;
    case O_HIT: hit(es, st, c, PAY_POLICY); break;
    case O_LP: gain_lp(es, st, c, op.n); break;
    case O_SP: gain_sp(es, st, c, op.n); break;
    case O_WOUND:
        if (ch->enemy > 0)
            wound(es, st, c, ch->enemy - 1);
        break;
    case O_BUFF: {
        nx_char *a = &st->ch[ally];
        a->buff = op.n;      /* a buff cast again replaces the old one */
        a->buff_from = c;
        a->buff_round = st->round;
        eng_note(es, EV_BUFF);
        eng_say(es, st->round, "buff", cname(st, ally), "gets a buff of +%d damage from %s", op.n, cname(st, c));
        break;
    }
    case O_HEAL: gain_lp(es, st, ally, op.n); break;
    case O_SHIELD: gain_sp(es, st, ally, op.n); break;
    default: break;
    }
}

static int enemy_gone(const nx_state *st, int c)
{
    int e = st->ch[c].enemy;
    return e <= 0 || !st->en[e - 1].present;
}

/* The steps of casting ability k of character c (legality checked by the
 * caller), in the order of the rules: the turn begins (with the bonus of a
 * shaded power held now), the effect, the power, a T field's hit, the roll
 * and its results. cast() runs them; the cast procedure runs them with a
 * step mark after each. */
static int cast_begin(eng_state *es, nx_state *st, int c, int k)
{
    nx_char *ch = &st->ch[c];
    const nx_ability *a = &ch->ab[k];
    st->phase = PH_TURNS;
    ch->acted = 1;      /* (free is 0 already: a freed character has no enemy until place()) */
    eng_note(es, EV_TURN);
    /* buffs this character granted last round end with its new turn */
    for (int o = 0; o < st->players; o++)
        if (st->ch[o].buff && st->ch[o].buff_from == c && st->ch[o].buff_round < st->round)
            st->ch[o].buff = 0;
    /* shaded values count when held at casting, not when reached */
    st->bonus = shade_bonus(a, ch->power);
    if (eng_listening(es)) {
        char abname[40], extra[40] = "";
        if (a->name[0])
            snprintf(abname, sizeof abname, "%s", a->name);
        else
            snprintf(abname, sizeof abname, "ability %d", k + 1);
        if (st->bonus)
            snprintf(extra, sizeof extra, ", shaded: %+d damage", st->bonus);
        eng_say(es, st->round, "cast", cname(st, c), "casts %s (power %d -> %d%s)", abname, ch->power,
            ch->power + a->delta, extra);
    }
    return st->bonus != 0;
}

static void cast_effect(eng_state *es, nx_state *st, int c, int k, int ally)
{
    const nx_ability *a = &st->ch[c].ab[k];
    eng_note(es, EV_EFFECT);
    for (int i = 0; i < a->neffect && !st->ch[c].ko && !st->over; i++)
        op_effect(es, st, c, a->effect[i], ally, st->bonus);
}

/* Returns 1 when the new power is a T field. */
static int cast_power(eng_state *es, nx_state *st, int c, int k)
{
    nx_char *ch = &st->ch[c];
    eng_note(es, EV_POWER);
    ch->power += ch->ab[k].delta;
    /* one lands on a T by moving onto it: a change of 0 lands nowhere */
    return ch->ab[k].delta != 0 && (ch->power == ch->tlow || ch->power == ch->thigh) && !ch->ko;
}

static void cast_t_field(eng_state *es, nx_state *st, int c)
{
    eng_note(es, EV_TFIELD);
    eng_say(es, st->round, "power", cname(st, c), "lands on a T field of the power scale");
    hit(es, st, c, PAY_POLICY);
}

static int cast_roll(eng_state *es, nx_state *st, int c)
{
    eng_note(es, EV_ROLL);
    int face = eng_roll(eng_state_rng(es), &die_d6);
    st->last_roll = face + 1;
    eng_say(es, st->round, "roll", cname(st, c), "rolls %d", st->last_roll);
    return face;
}

static void cast_results(eng_state *es, nx_state *st, int c, int k, int ally, int face)
{
    const nx_ability *a = &st->ch[c].ab[k];
    for (int i = 0; i < a->nres[face]; i++) {
        /* left to right; a knock-out or a fallen enemy ends the roll */
        if (st->ch[c].ko || enemy_gone(st, c) || st->over)
            break;
        eng_note(es, EV_RESULT);
        op_effect(es, st, c, a->res[face][i], ally, st->bonus);
    }
    st->bonus = 0;
}

static void cast(eng_state *es, nx_state *st, int c, int k, int ally)
{
    cast_begin(es, st, c, k);
    cast_effect(es, st, c, k, ally);
    if (cast_power(es, st, c, k))
        cast_t_field(es, st, c);
    if (st->ch[c].ko) {
        st->bonus = 0;
        return;
    }
    cast_results(es, st, c, k, ally, cast_roll(es, st, c));
}
/* ---- specs ------------------------------------------------------------------------------------------ */

/* A spec refused: the reason into err, and -1 (every caller tests != 0). */
#define REFUSE(...) (snprintf(err, errlen, __VA_ARGS__), -1)

static int parse_op(const char *s, size_t len, nx_op *op, int effect)
{
    char w[24];
    if (len >= sizeof w)        /* an empty word matches nothing below */
        return -1;
    memcpy(w, s, len);
    w[len] = '\0';
    char *colon = strchr(w, ':');
    long n = 1;
    if (colon) {
        *colon = '\0';
        if (eng_parse_long(colon + 1, &n) != 0 || n < 0 || n > 99)
            return -1;
    }
    if (!effect && !colon && w[0] >= '0' && w[0] <= '9') {
        if (eng_parse_long(w, &n) != 0 || n > 99)
            return -1;
        *op = (nx_op){O_DMG, (int)n};
        return 0;
    }
    /* the first five words are results (and effects), the rest effects only */
    static const struct { const char *name; int kind; } ops[] = {
        {"T", O_HIT}, {"LP", O_LP}, {"SP", O_SP}, {"V", O_WOUND}, {"-", O_NONE},
        {"dmg", O_DMG}, {"lp", O_LP}, {"sp", O_SP}, {"buff", O_BUFF}, {"heal", O_HEAL}, {"shield", O_SHIELD}};
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (!strcmp(w, ops[i].name) && (effect || i < 5)) {
            if (colon && !effect)
                return -1;
            *op = (nx_op){ops[i].kind, (int)n};
            return 0;
        }
    return -1;
}

/* cN.aM: an ability from its spec; empty: none. The name is a key of its own. */
static int set_ability(void *d, const int *idx, const char *s, char *err, size_t errlen)
{
    nx_ability *dst = &((nx_state *)d)->ch[idx[0] - 1].ab[idx[1] - 1], tmp, *a = &tmp;
    memset(a, 0, sizeof *a);
    int have_r = 0, empty = !*s;
    if (strlen(s) > 400)
        return REFUSE("ability spec longer than 400 characters");
    const char *w;
    size_t len;
    while ((w = eng_word(&s, &len))) {
        char part[160];
        if (len >= sizeof part)
            return REFUSE("ability spec part too long");
        memcpy(part, w, len);
        part[len] = '\0';
        long v;
        if (!strncmp(part, "delta=", 6)) {
            if (eng_parse_long(part + 6, &v) != 0 || v < -9 || v > 9)
                return REFUSE("bad %s (delta=-9..+9)", part);
            a->delta = (int)v;
        } else if (!strncmp(part, "effect=", 7)) {
            const char *p = part + 7;
            while (*p) {
                size_t l = strcspn(p, ",");
                if (a->neffect >= NX_MAXOP || parse_op(p, l, &a->effect[a->neffect++], 1) != 0)
                    return REFUSE("bad effect in \"%s\" (buff:N heal:N shield:N dmg:N V lp:N sp:N)", part);
                p += l + (p[l] == ',');
            }
        } else if (!strncmp(part, "r=", 2)) {
            const char *p = part + 2;
            for (int f = 0; f < 6; f++) {
                size_t l = strcspn(p, "|");
                const char *q = p, *end = p + l;
                while (q < end) {
                    /* end is the face's '|' (or the spec's end): no op runs past it */
                    size_t ol = strcspn(q, "/|");
                    if (a->nres[f] >= NX_MAXOP || parse_op(q, ol, &a->res[f][a->nres[f]++], 0) != 0)
                        return REFUSE("bad result on face %d in \"%s\" (N, T, LP, SP, V, - joined by /)", f + 1, part);
                    q += ol + (q[ol] == '/');
                }
                if (a->nres[f] == 0 || (p[l] != '|' && f < 5) || (f == 5 && p[l]))
                    return REFUSE("r= needs six faces separated by | in \"%s\"", part);
                p += l + 1;
            }
            have_r = 1;
        } else if (!strncmp(part, "shade=", 6)) {
            const char *p = part + 6;
            while (*p) {
                long at, bonus;
                const char *q;
                if (a->nshade >= 6 || eng_parse_int_prefix(p, -20, 20, &at, &q) != 0 || *q != ':' ||
                    eng_parse_int_prefix(q + 1, -20, 99, &bonus, &q) != 0)
                    return REFUSE("bad %s (shade=POWER:+N,...)", part);
                a->shade_at[a->nshade] = (int)at;
                a->shade_bonus[a->nshade++] = (int)bonus;
                p = q;
                if (*p == ',')
                    p++;
                else if (*p)
                    return REFUSE("bad %s (shade=POWER:+N,...)", part);
            }
        } else {
            return REFUSE("unknown ability part \"%s\" (delta= effect= r= shade=)", part);
        }
    }
    if (!have_r && !empty)
        return REFUSE("an ability needs its six results (r=)");
    a->set = have_r;
    memcpy(a->name, dst->name, sizeof a->name);
    *dst = tmp;
    return 0;
}

static void format_op(const nx_op *op, int effect, char *buf, size_t len)
{
    static const char *const names[] = {"-", "dmg", "T", "LP", "SP", "V", "buff", "heal", "shield"};
    if (!effect && op->kind == O_DMG)
        snprintf(buf, len, "%d", op->n);
    else if (effect && op->kind != O_HIT && op->kind != O_WOUND && op->kind != O_NONE)
        snprintf(buf, len, "%s:%d", op->kind == O_LP ? "lp" : op->kind == O_SP ? "sp" : names[op->kind], op->n);
    else
        snprintf(buf, len, "%s", names[op->kind]);
}

/* The text keys' readers write into a buffer eng.c has cleared (get_ref);
 * snprintf ends every write, a truncated one too, with a '\0'. */
static void get_ability(const void *d, const int *idx, char *buf, size_t len)
{
    const nx_ability *a = &CST(d)->ch[idx[0] - 1].ab[idx[1] - 1];
    if (!a->set)
        return;
    size_t u = 0;
    char o[24];
#define PUT(...) do { int w_ = snprintf(buf + u, u < len ? len - u : 0, __VA_ARGS__); \
                      if (w_ > 0) u += (size_t)w_; } while (0)
    PUT("delta=%+d", a->delta);
    if (a->neffect) {
        PUT(" effect=");
        for (int i = 0; i < a->neffect; i++) {
            format_op(&a->effect[i], 1, o, sizeof o);
            PUT("%s%s", i ? "," : "", o);
        }
    }
    PUT(" r=");
    for (int f = 0; f < 6; f++)
        for (int i = 0; i < a->nres[f]; i++) {
            format_op(&a->res[f][i], 0, o, sizeof o);
            PUT("%s%s", i ? "/" : f ? "|" : "", o);
        }
    for (int i = 0; i < a->nshade; i++)
        PUT("%s%d:%+d", i ? "," : " shade=", a->shade_at[i], a->shade_bonus[i]);
#undef PUT
}

static int parse_cond(const char *s, size_t len, nx_cond *q)
{
    char w[16];
    if (len >= sizeof w)        /* an empty word matches nothing below */
        return -1;
    memcpy(w, s, len);
    w[len] = '\0';
    if (!strcmp(w, "LP")) return *q = (nx_cond){C_LP, 0}, 0;
    if (!strcmp(w, "SP")) return *q = (nx_cond){C_SP, 0}, 0;
    if (!strcmp(w, "V")) return *q = (nx_cond){C_WOUND, 0}, 0;
    char *end;
    long n = strtol(w, &end, 10);
    if (end == w || n < 1 || n > 99)
        return -1;
    if (!strcmp(end, "+")) return *q = (nx_cond){C_ATLEAST, (int)n}, 0;
    if (!strcmp(end, "!")) return *q = (nx_cond){C_EXACT, (int)n}, 0;
    return -1;
}

/* eN.plates: the life plates from their spec; the enemy is back at its first plate. */
static int set_plates(void *d, const int *idx, const char *s, char *err, size_t errlen)
{
    nx_enemy *dst = &((nx_state *)d)->en[idx[0] - 1], tmp = *dst, *en = &tmp;
    en->nplates = 0;
    int last_minp = 99;
    const char *word;
    size_t len;
    while ((word = eng_word(&s, &len))) {
        if (en->nplates >= NX_MAXPL)
            return REFUSE("at most %d life plates", NX_MAXPL);
        nx_plate *p = &en->plate[en->nplates];
        memset(p, 0, sizeof *p);
        p->minp = 2;
        const char *w = word, *end = word + len;
        if (len > 3 && w[1] == 'p' && w[2] == ':' && w[0] >= '2' && w[0] <= '4') {
            p->minp = w[0] - '0';
            w += 3;
        }
        /* grey plates (more players only) come first on the track */
        if (p->minp > last_minp)
            return REFUSE("plate %d: a plate for %dp and more after one for fewer players; "
                          "the extra plates of larger groups come first", en->nplates + 1, p->minp);
        last_minp = p->minp;
        size_t wl = (size_t)(end - w);
        char tok[40];
        if (wl >= sizeof tok)
            return REFUSE("plate %d: too long", en->nplates + 1);
        memcpy(tok, w, wl);
        tok[wl] = '\0';
        long a, b;
        const char *rest;
        if (!strcmp(tok, "LP")) p->kind = P_LP;
        else if (!strcmp(tok, "SP")) p->kind = P_SP;
        else if (!strcmp(tok, "V")) p->kind = P_WOUND;
        else if (tok[0] == '[') {
            char *comma = strchr(tok, ',');
            size_t tl = strlen(tok);
            if (!comma || tok[tl - 1] != ']' ||
                parse_cond(tok + 1, (size_t)(comma - tok - 1), &p->cond[0]) != 0 ||
                parse_cond(comma + 1, (size_t)(tok + tl - 1 - comma - 1), &p->cond[1]) != 0)
                return REFUSE("plate %d: bad linked plate \"%s\" ([6+,LP]: N+ N! LP SP V)", en->nplates + 1, tok);
            p->kind = P_LINKED;
        } else if (eng_parse_int_prefix(tok, 1, 99, &a, &rest) == 0 && *rest == '/' &&
                   eng_parse_int_prefix(rest + 1, 1, 99, &b, &rest) == 0 && !*rest && a > b) {
            p->kind = P_NORMAL, p->hi = (int)a, p->lo = (int)b;
        } else if (eng_parse_int_prefix(tok, 1, 99, &a, &rest) == 0 && *rest != '/') {
            if (!*rest) p->kind = P_NORMAL, p->hi = (int)a;
            else if (!strcmp(rest, "!")) p->kind = P_EXACT, p->hi = (int)a;
            else if (!strcmp(rest, "*")) p->kind = P_NOWOUND, p->hi = (int)a;
            else return REFUSE("plate %d: bad \"%s\"", en->nplates + 1, tok);
        } else {
            return REFUSE("plate %d: bad \"%s\" (3/2, 3, 4!, 3*, LP, SP, V, [6+,LP])", en->nplates + 1, tok);
        }
        en->nplates++;
    }
    if (en->nplates == 0)
        return REFUSE("an enemy needs at least one life plate");
    en->cur = en->first = 0;
    *dst = tmp;
    return 0;
}

static void format_cond(const nx_cond *q, char *buf, size_t len)
{
    switch (q->kind) {
    case C_ATLEAST: snprintf(buf, len, "%d+", q->n); break;
    case C_EXACT: snprintf(buf, len, "%d!", q->n); break;
    case C_LP: snprintf(buf, len, "LP"); break;
    case C_SP: snprintf(buf, len, "SP"); break;
    default: snprintf(buf, len, "V"); break;
    }
}

static void get_plates(const void *d, const int *idx, char *buf, size_t len)
{
    const nx_enemy *en = &CST(d)->en[idx[0] - 1];
    size_t u = 0;
    for (int i = 0; i < en->nplates && u < len; i++) {
        const nx_plate *p = &en->plate[i];
        char t[40], a[12], b[12];
        switch (p->kind) {
        case P_NORMAL:
            if (p->lo) snprintf(t, sizeof t, "%d/%d", p->hi, p->lo);
            else snprintf(t, sizeof t, "%d", p->hi);
            break;
        case P_EXACT: snprintf(t, sizeof t, "%d!", p->hi); break;
        case P_NOWOUND: snprintf(t, sizeof t, "%d*", p->hi); break;
        case P_LP: snprintf(t, sizeof t, "LP"); break;
        case P_SP: snprintf(t, sizeof t, "SP"); break;
        case P_WOUND: snprintf(t, sizeof t, "V"); break;
        default:
            format_cond(&p->cond[0], a, sizeof a);
            format_cond(&p->cond[1], b, sizeof b);
            snprintf(t, sizeof t, "[%s,%s]", a, b);
        }
        /* plain %s and %d: snprintf cannot fail, it returns the length */
        u += (size_t)(p->minp > 2 ? snprintf(buf + u, len - u, "%s%dp:%s", i ? " " : "", p->minp, t)
                                  : snprintf(buf + u, len - u, "%s%s", i ? " " : "", t));
    }
}


/* The progress track: "+1 dmg:1 -" (see the head of this file). */
static int set_fields(void *d, const int *idx, const char *s, char *err, size_t errlen)
{
    nx_state *st = d;
    (void)idx;
    nx_field f[NX_MAXF];
    int n = 0;
    const char *w;
    size_t len;
    while ((w = eng_word(&s, &len))) {
        if (n >= NX_MAXF)
            return REFUSE("at most %d progress fields", NX_MAXF);
        char tok[48];
        if (len >= sizeof tok)
            return REFUSE("progress field %d: too long", n + 1);
        memcpy(tok, w, len);
        tok[len] = '\0';
        memset(&f[n], 0, sizeof f[n]);
        for (char *op = strtok(tok, ","); op && strcmp(op, "-"); op = strtok(NULL, ",")) {
            long v;
            const char *rest;
            if (op[0] == '+' && eng_parse_int_prefix(op, 1, NX_MAXEN, &v, &rest) == 0 && !*rest)   /* +N: its sign */
                f[n].spawn = (signed char)v;
            else if (!strncmp(op, "dmg:", 4) && eng_parse_int_prefix(op + 4, 0, 99, &v, &rest) == 0 && !*rest)
                f[n].bonus = (signed char)v;
            else if (!strncmp(op, "until:", 6) && eng_parse_int_prefix(op + 6, 1, NX_MAXEN, &v, &rest) == 0 && !*rest)
                f[n].until = (signed char)v;
            else
                return REFUSE("progress field %d: bad \"%s\" (-, +N, dmg:N, until:N)", n + 1, op);
        }
        n++;
    }
    memcpy(st->fld, f, sizeof *f * (size_t)n);
    st->nfields = n;
    st->field = 0;
    return 0;
}

static void get_fields(const void *d, const int *idx, char *buf, size_t len)
{
    const nx_state *st = d;
    (void)idx;
    size_t u = 0;
    for (int i = 0; i < st->nfields && u < len; i++) {
        const nx_field *f = &st->fld[i];
        char t[48] = "";
        size_t k = 0;
        if (f->spawn)
            k = (size_t)snprintf(t, sizeof t, "+%d", f->spawn);     /* the first part */
        if (f->bonus)
            k += (size_t)snprintf(t + k, sizeof t - k, "%sdmg:%d", k ? "," : "", f->bonus);
        if (f->until)
            k += (size_t)snprintf(t + k, sizeof t - k, "%suntil:%d", k ? "," : "", f->until);
        u += (size_t)snprintf(buf + u, len - u, "%s%s", i ? " " : "", k ? t : "-");
    }
}

/* eN.damage: the hits at P1 P2 P3 P4. */
static void get_damage(const void *d, const int *idx, char *buf, size_t len)
{
    const int *m = CST(d)->en[idx[0] - 1].dmg;
    snprintf(buf, len, "%d %d %d %d", m[0], m[1], m[2], m[3]);
}
static int set_damage(void *d, const int *idx, const char *v, char *err, size_t errlen)
{
    int m[4], k = 0;
    char *end = NULL;
    for (const char *p = v; k < 4 && strspn(v, "0123456789 ") == strlen(v); k++, p = end) {
        long n = strtol(p, &end, 10);
        if (end == p || n > 99)
            break;
        m[k] = (int)n;
    }
    if (k < 4 || end[strspn(end, " ")])
        return REFUSE("damage is four numbers 0..99, P1..P4: \"%s\"", v);
    memcpy(((nx_state *)d)->en[idx[0] - 1].dmg, m, sizeof m);
    return 0;
}

/* ---- state ------------------------------------------------------------------------------------------- */

/* Stand-in data: four characters with four plain abilities each and a plain
 * enemy, so that a scenario needs to set only what it is about. */
static void nx_init(void *data)
{
    nx_state *st = data;
    char err[64];
    set_ability(st, (const int[]){1, 1}, "delta=+0 r=1|2|3|T|4|V", err, sizeof err);
    set_plates(st, (const int[]){1}, "3/2 3/2 3/2", err, sizeof err);
    const nx_ability ab0 = st->ch[0].ab[0];
    const nx_enemy en0 = st->en[0];
    /* the state comes zeroed (eng_state_new): phase position, round 0, no
     * one knocked out, placed or buffed */
    st->players = 2;
    st->ai_who = st->ai_ability = 1;
    for (int c = 0; c < NX_MAXCH; c++) {
        snprintf(st->ch[c].name, sizeof st->ch[c].name, "c%d", c + 1);
        st->ch[c].lp = st->ch[c].lpmax = 6;
        st->ch[c].power = 1;          /* every character starts a mission with 1 power */
        /* the source's example (1 power cannot pay 2) puts the low T field at
         * 0, as the state comes; the high one is a stand-in */
        st->ch[c].thigh = 6;
        st->ch[c].sp_first = 1;
        for (int k = 0; k < NX_NAB; k++)    /* a full sheet: four abilities */
            st->ch[c].ab[k] = ab0;
    }
    for (int e = 0; e < NX_MAXEN; e++) {
        nx_enemy *en = &st->en[e];
        *en = en0;
        snprintf(en->name, sizeof en->name, "e%d", e + 1);
        for (int k = 0; k < 4; k++)
            en->dmg[k] = 1;
        linked_clear(en);
    }
}

/* A simulated fight is won when every enemy of the file fell. */
enum { R_UNDECIDED, R_WON, R_FAILED };
static const char *const result_names[] = {"undecided", "won", "failed", NULL};

static int fight_result(const nx_state *st)
{
    if (st->over == OV_FAILED)
        return R_FAILED;
    int won = st->sim_enemies > 0;
    for (int e = 0; e < st->sim_enemies; e++)
        won &= st->en[e].defeated;
    return won ? R_WON : R_UNDECIDED;
}

/* ---- measurements: derived keys ------------------------------------------------------------------------ */

/* Keys whose value the rules define and the engine computes (issue #10: a
 * measurement, not scaffolding), told apart by their tag; the key table's
 * MEASURED rows point here. */
enum { K_CURRENT, K_FIGHT_OVER, K_RESULT, K_TAKEN, K_COUNT, K_LEFT, K_MET };

static long nx_measure(const void *d, const eng_key *k, const int *idx)
{
    const nx_state *st = d;
    const nx_enemy *en = &st->en[idx[0] ? idx[0] - 1 : 0];
    switch (k->tag) {
    case K_CURRENT: return current(st) + 1;                   /* turn order: the highest position not yet cast */
    case K_FIGHT_OVER: return !enemies_present(st);           /* the fight ends when no enemy is on the field */
    case K_RESULT: return fight_result(st);                   /* won when every enemy of the fight fell */
    case K_TAKEN: return en->cur - en->first;                 /* life plates taken since the enemy appeared */
    case K_COUNT: return en->nplates - en->first;             /* its plates for the number of players */
    case K_LEFT: return en->nplates - en->cur;                /* life plates left before the skull */
    }
    return en->met[0] + en->met[1];   /* K_MET: a linked plate's conditions met this round */
}

/* ---- scaffolding: key accessors and the key table ------------------------------------------------------ */

/* Keys that index a field, told apart by their tag (RO_INT is a plain int field that may not be set). */
enum { K_HURT = K_MET + 1, K_OUTER, K_INNER, K_COND1, K_COND2, K_PLATE, K_KIND, K_FIELD };

static long nx_getk(const void *d, const eng_key *k, const int *idx)
{
    const nx_state *st = d;
    const nx_char *ch = &st->ch[idx[0] ? idx[0] - 1 : 0];
    const nx_enemy *en = &st->en[idx[0] ? idx[0] - 1 : 0];
    const nx_plate *p = en->cur < en->nplates ? &en->plate[en->cur] : NULL;
    switch (k->tag) {
    case K_HURT: return ch->enemy > 0 && ch->pos > 0 ? st->en[ch->enemy - 1].dmg[ch->pos - 1] : 0;
    case K_OUTER: return p ? p->hi : 0;
    case K_INNER: return p ? p->lo : 0;
    case K_COND1: case K_COND2: return p && p->kind == P_LINKED ? p->cond[k->tag - K_COND1].n : 0;
    case K_PLATE: return en->cur + 1;
    }
    return p ? p->kind : P_SKULL;   /* K_KIND */
}

static int nx_setk(void *d, const eng_key *k, const int *idx, long v, char *err, size_t errlen)
{
    nx_state *st = d;
    int max = k->tag == K_PLATE ? st->en[idx[0] - 1].nplates + 1 : st->nfields + 1;
    if (v > max)
        return snprintf(err, errlen, "%s must be %ld..%d", k->pattern, k->lo, max), -1;
    *(k->tag == K_PLATE ? &st->en[idx[0] - 1].cur : &st->field) = (int)v - (k->tag == K_PLATE);
    return 0;
}

#define RO_INT(pat, n, f, l, h, d) {.pattern = (pat), .type = ENG_INT, .doc = (d), .nmax = {(n)}, .lo = (l), .hi = (h), \
                                    .off = offsetof(nx_state, f), .stride = {n ? sizeof(nx_char) : 0}, .ro = 1}
#define COMPUTED(pat, n0, n1, t, l, h, d) {.pattern = (pat), .type = ENG_INT, .doc = (d), .nmax = {(n0), (n1)}, \
                                           .lo = (l), .hi = (h), .getk = nx_getk, .tag = (t)}
#define MEASURED(pat, n0, t, l, h, d) {.pattern = (pat), .type = ENG_INT, .doc = (d), .nmax = {(n0)}, .lo = (l), .hi = (h), \
                                       .getk = nx_measure, .tag = (t)}
#define CH_INT(pat, f, l, h, d) ENG_KEY_INT1(pat, NX_MAXCH, nx_state, ch[0].f, sizeof(nx_char), l, h, d)
#define EN_INT(pat, f, l, h, d) ENG_KEY_INT1(pat, NX_MAXEN, nx_state, en[0].f, sizeof(nx_enemy), l, h, d)
#define TEXT(pat, n0, n1, g, s, d) \
    {.pattern = (pat), .type = ENG_TEXT, .doc = (d), .nmax = {(n0), (n1)}, .get_text = (g), .set_text = (s)}

static const eng_key nx_keys[] = {
    {.pattern = "players", .type = ENG_INT, .doc = "characters in the mission (2..4)", .lo = 2, .hi = 4,
     .off = offsetof(nx_state, players), .bounds = (const char *const[]){"who", "ally", NULL}},
    ENG_KEY_INT("round", nx_state, round, 0, 999, "rounds begun (progress fields read)"),
    ENG_KEY_ENUM("phase", nx_state, phase, phase_names, "position: places may be taken; turns: abilities are cast"),
    ENG_KEY_ENUM("over", nx_state, over, over_names, "failed once every character is knocked out at the same time"),
    MEASURED("current", 0, K_CURRENT, 0, NX_MAXCH, "the character on turn (highest position not yet cast), 0 none"),
    RO_INT("last.roll", 0, last_roll, 0, 6, "the die's last result, 0 before the first roll"),
    RO_INT("last.damage", 0, last_damage, 0, 999, "the last damage dealt to an enemy, buffs and bonuses included"),
    MEASURED("fight.over", 0, K_FIGHT_OVER, 0, 1, "1 when no enemy is on the field"),
    {.pattern = "fight.result", .type = ENG_ENUM, .doc = "a simulated fight: won when every enemy of the file fell",
     .names = result_names, .getk = nx_measure, .tag = K_RESULT},
    RO_INT("cast.bonus", 0, bonus, -99, 99, "the bonus of a shaded power held by the cast under way"),
    TEXT("fields", 0, 0, get_fields, set_fields, "the mission's progress fields, one a round (spec); sets field 0"),
    {.pattern = "field", .type = ENG_INT, .doc = "the progress field read this round, 1-based (0: none yet)",
     .lo = 0, .hi = NX_MAXF + 1, .off = offsetof(nx_state, field), .setk = nx_setk, .tag = K_FIELD},
    RO_INT("field.bonus", 0, fbonus, 0, 99, "bonus damage of the progress field of this round"),
    ENG_KEY_INT("fight.rounds", nx_state, sim_rounds, 0, 999, "the rounds of a simulated fight's file (its enemies come by then)"),
    ENG_KEY_INT("fight.enemies", nx_state, sim_enemies, 0, NX_MAXEN, "the enemies of a simulated fight's file (fight.result counts them)"),
    ENG_KEY_INT("ai.who", nx_state, ai_who, 1, NX_MAXCH, "the character the cast procedure is asked about"),
    ENG_KEY_INT("ai.ability", nx_state, ai_ability, 1, NX_NAB, "the ability the cast procedure is asked about"),
    ENG_KEY_STR("cN.name", NX_MAXCH, nx_state, ch[0].name, sizeof(nx_char), "a character's name (narration)"),
    CH_INT("cN.lp", lp, 0, 99, "life points"),
    CH_INT("cN.lpmax", lpmax, 1, 99, "full life points (LP never rise above)"),
    CH_INT("cN.sp", sp, 0, 99, "shield points"),
    CH_INT("cN.power", power, -20, 20, "power (the marker on the power scale)"),
    CH_INT("cN.tlow", tlow, -20, 20, "the low T field of the power scale"),
    CH_INT("cN.thigh", thigh, -20, 20, "the high T field of the power scale"),
    CH_INT("cN.ko", ko, 0, 1, "1 when knocked out (0 LP)"),
    CH_INT("cN.dead", dead, 0, 1, "1 when dead: out of the mission"),
    CH_INT("cN.enemy", enemy, 0, NX_MAXEN, "the enemy the character stands at, 0 none"),
    CH_INT("cN.pos", pos, 0, 4, "the position taken (P1..P4), 0 none"),
    CH_INT("cN.acted", acted, 0, 1, "1 when the character has cast this round"),
    CH_INT("cN.buff", buff, 0, 99, "damage a buff adds to the character's next damage"),
    CH_INT("cN.sp-first", sp_first, 0, 1, "how the player pays generic damage unless told: 1 SP first, 0 LP"),
    RO_INT("cN.free", NX_MAXCH, ch[0].free, 0, 1, "1 when the character may take a new place mid-round (its enemy fell)"),
    RO_INT("cN.dealt", NX_MAXCH, ch[0].dealt, 0, 999, "the last damage the character dealt, bonuses included"),
    COMPUTED("cN.hurt", NX_MAXCH, 0, K_HURT, 0, 99, "the damage of a hit at the character's position, 0 at none"),
    {.pattern = "cN.aM.delta", .type = ENG_INT, .doc = "an ability's change of power", .nmax = {NX_MAXCH, NX_NAB},
     .lo = -9, .hi = 9, .off = offsetof(nx_state, ch[0].ab[0].delta), .stride = {sizeof(nx_char), sizeof(nx_ability)}},
    TEXT("cN.aM", NX_MAXCH, NX_NAB, get_ability, set_ability, "an ability (spec: delta= effect= r= shade=; empty: none)"),
    {.pattern = "cN.aM.name", .type = ENG_TEXT, .doc = "an ability's name (narration)", .nmax = {NX_MAXCH, NX_NAB},
     .off = offsetof(nx_state, ch[0].ab[0].name), .stride = {sizeof(nx_char), sizeof(nx_ability)}, .strsize = sizeof ((nx_ability *)0)->name},
    ENG_KEY_STR("eN.name", NX_MAXEN, nx_state, en[0].name, sizeof(nx_enemy), "an enemy's name (narration)"),
    TEXT("eN.plates", NX_MAXEN, 0, get_plates, set_plates, "an enemy's life plates, full life first (spec); sets plate 1"),
    TEXT("eN.damage", NX_MAXEN, 0, get_damage, set_damage, "the damage of a hit at P1 P2 P3 P4 (0..99 each)"),
    {.pattern = "eN.plate", .type = ENG_INT, .doc = "the current life plate, 1-based (plates + 1: the skull)",
     .nmax = {NX_MAXEN}, .lo = 1, .hi = NX_MAXPL + 1, .getk = nx_getk, .setk = nx_setk, .tag = K_PLATE},
    {.pattern = "eN.kind", .type = ENG_ENUM, .doc = "the kind of the current life plate", .nmax = {NX_MAXEN},
     .names = kind_names, .getk = nx_getk, .tag = K_KIND},
    EN_INT("eN.wounded", wounded, 0, 1, "1 when wounded (for the current plate only)"),
    EN_INT("eN.present", present, 0, 1, "1 when on the field"),
    EN_INT("eN.round", round, 0, 999, "the round whose progress field brings the enemy, 0 none"),
    {.pattern = "eN.defeated", .type = ENG_INT, .doc = "1 when its life reached the skull", .nmax = {NX_MAXEN}, .lo = 0,
     .hi = 1, .off = offsetof(nx_state, en[0].defeated), .stride = {sizeof(nx_enemy)}, .ro = 1},
    MEASURED("eN.left", NX_MAXEN, K_LEFT, 0, NX_MAXPL, "life plates left"),
    MEASURED("eN.taken", NX_MAXEN, K_TAKEN, 0, NX_MAXPL, "life plates taken since it appeared"),
    MEASURED("eN.count", NX_MAXEN, K_COUNT, 0, NX_MAXPL, "life plates it appeared with (for this group)"),
    COMPUTED("eN.outer", NX_MAXEN, 0, K_OUTER, 0, 99, "the outer (or only) number of the current plate, 0 none"),
    COMPUTED("eN.inner", NX_MAXEN, 0, K_INNER, 0, 99, "the smaller number of the current plate, 0 none"),
    COMPUTED("eN.cond1", NX_MAXEN, 0, K_COND1, 0, 99, "the number of the first condition of a linked plate, 0 none"),
    COMPUTED("eN.cond2", NX_MAXEN, 0, K_COND2, 0, 99, "the number of the second condition of a linked plate, 0 none"),
    MEASURED("eN.met", NX_MAXEN, K_MET, 0, 2, "conditions of the current linked plate met this round"),
};

/* ---- the simulated players ------------------------------------------------------------------------ */

/* Positions for the round: the weakest character first takes the free
 * position whose hit hurts least, at the enemy with the fewest plates left
 * (the group focuses its damage). Characters whose enemy fell mid-round use
 * the same rule for a new place. */
static int best_enemy(const nx_state *st)
{
    int best = -1;
    for (int e = 0; e < NX_MAXEN; e++)
        if (st->en[e].present && (best < 0 || st->en[e].nplates - st->en[e].cur < st->en[best].nplates - st->en[best].cur))
            best = e;
    return best;
}

static int choose_place(const nx_state *st, int c, int *enemy, int *pos)
{
    int best_e = -1, best_p = 0, best_d = 1 << 20;
    int focus = best_enemy(st);
    for (int e = 0; e < NX_MAXEN; e++) {
        if (!st->en[e].present)
            continue;
        for (int p = 1; p <= st->players; p++) {
            if (pos_taken(st, p, c))
                continue;
            /* focus first, then the lightest hit, then the lowest number */
            int d = st->en[e].dmg[p - 1] * 16 + p + (e == focus ? 0 : 1 << 10);
            if (d < best_d)
                best_d = d, best_e = e, best_p = p;
        }
    }
    if (best_e < 0)
        return -1;
    *enemy = best_e + 1;
    *pos = best_p;
    return 0;
}

static void auto_position(eng_state *es, nx_state *st)
{
    int order[NX_MAXCH], n = 0;
    for (int c = 0; c < st->players; c++) {
        if (st->ch[c].dead)
            continue;
        st->ch[c].enemy = st->ch[c].pos = 0;
        order[n++] = c;
    }
    for (int i = 1; i < n; i++)      /* by LP + SP, lowest first; stable */
        for (int j = i; j > 0; j--) {
            const nx_char *a = &st->ch[order[j - 1]], *b = &st->ch[order[j]];
            if (a->lp + a->sp <= b->lp + b->sp)
                break;
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (int i = 0; i < n; i++) {
        int e, p;
        if (choose_place(st, order[i], &e, &p) == 0)
            place(es, st, order[i], e, p);
    }
}

/* What a hit of hurt costs c: four times as much when it knocks c out. */
static double hit_harm(const nx_char *ch, int hurt)
{
    return hurt * (ch->lp + ch->sp <= hurt ? 4.0 : 1.0);
}

/* What a wound is worth: a V plate falls to it, a plate with a smaller
 * number becomes easier; else nothing. */
static double wound_worth(const nx_enemy *en, const nx_plate *pl)
{
    return pl->kind == P_WOUND ? 3 : pl->kind == P_NORMAL && pl->lo && !en->wounded ? 1 : 0;
}

/* How much an ability is worth now to character c: expected damage that
 * takes plates, healing and shields, minus expected harm. */
static double ability_value(const nx_state *st, int c, int k)
{
    const nx_char *ch = &st->ch[c];
    const nx_ability *a = &ch->ab[k];
    const nx_enemy *en = &st->en[ch->enemy - 1];
    const nx_plate *pl = &en->plate[en->cur];
    int hurt = en->dmg[ch->pos - 1];
    int np = ch->power + a->delta;
    int bonus = shade_bonus(a, ch->power) + ch->buff;
    double v = 0;
    for (int f = 0; f < 6; f++) {
        for (int i = 0; i < a->nres[f]; i++) {
            const nx_op op = a->res[f][i];
            switch (op.kind) {
            case O_DMG: {
                int d = op.n + bonus;
                int ok = pl->kind == P_EXACT ? d == pl->hi
                       : takes_damage(pl) ? d >= need(en, pl)
                       : pl->kind == P_LINKED;
                v += ok ? 3 + d * 0.25 : d * 0.1;
                break;
            }
            case O_HIT: v -= hit_harm(ch, hurt); break;
            case O_LP: v += ch->lp < ch->lpmax ? 1.2 : 0.1; break;
            case O_SP: v += 0.8; break;
            case O_WOUND: v += wound_worth(en, pl); break;
            default: break;
            }
        }
    }
    v /= 6;
    for (int i = 0; i < a->neffect; i++) {
        const nx_op op = a->effect[i];
        int ally = ally_default(st, c, op.kind);
        const nx_char *al = &st->ch[ally];
        switch (op.kind) {
        case O_DMG: v += op.n * 0.5; break;
        case O_HEAL: {
            int gap = al->lpmax - al->lp;
            v += ally == c ? 0 : (gap < op.n ? gap : op.n) * (al->ko ? 2.0 : 0.8);
            break;
        }
        case O_SHIELD: v += ally == c ? 0 : op.n * 0.5; break;
        case O_BUFF: v += ally == c ? 0 : op.n * (!al->acted ? 0.9 : 0.4); break;
        case O_LP: v += (ch->lpmax - ch->lp < op.n ? ch->lpmax - ch->lp : op.n) * 0.8; break;
        case O_SP: v += op.n * 0.5; break;
        case O_WOUND: v += wound_worth(en, pl); break;
        default: break;
        }
    }
    if (a->delta && (np == ch->tlow || np == ch->thigh))
        v -= hit_harm(ch, hurt);
    /* keep the power away from the edges, so that every ability stays castable */
    v -= 0.05 * (np - (ch->tlow + ch->thigh) / 2.0) * (np - (ch->tlow + ch->thigh) / 2.0);
    return v;
}

/* One turn of the current character; returns 0, or -1 when no one is left
 * to cast this round. */
static int auto_turn(eng_state *es, nx_state *st)
{
    for (int c = 0; c < st->players; c++) {
        int e, p;
        if (st->ch[c].free && !st->ch[c].dead && choose_place(st, c, &e, &p) == 0)
            place(es, st, c, e, p);
    }
    int c = current(st);
    if (c < 0 || st->over)
        return -1;
    nx_char *ch = &st->ch[c];
    /* a sacrifice plate is overcome in the turn of the one who pays; SP
     * first, and never the last LP */
    if (asks(st, c, K_SP) && ch->sp > 0)
        sacrifice(es, st, c, K_SP);
    else if (asks(st, c, K_LP) && ch->lp > 1)
        sacrifice(es, st, c, K_LP);
    if (!can_fight(st, c))
        return 0;       /* its enemy fell to the sacrifice: defeated() freed it for a new place */
    int best = -1;
    double bv = -1e9;
    for (int k = 0; k < NX_NAB; k++) {
        if (cast_illegal(st, c, k))
            continue;
        double v = ability_value(st, c, k);
        if (v > bv)
            bv = v, best = k;
    }
    if (best < 0) {
        ch->acted = 1;
        eng_say(es, st->round, "pass", cname(st, c), "has no ability it may cast");
        return 0;
    }
    int ally = c;       /* no buff, heal or shield: no one else receives anything */
    for (int i = 0; i < ch->ab[best].neffect; i++) {
        int kind = ch->ab[best].effect[i].kind;
        if (kind == O_BUFF || kind == O_HEAL || kind == O_SHIELD)
            ally = ally_default(st, c, kind);
    }
    cast(es, st, c, best, ally);
    return 0;
}

static void auto_round(eng_state *es, nx_state *st)
{
    round_start(es, st);
    auto_position(es, st);
    while (!st->over && auto_turn(es, st) == 0)
        ;
}
/* ---- scaffolding: action plumbing and wrappers ------------------------------------------------------ */

#define ILLEGAL(...) return (snprintf(err, errlen, __VA_ARGS__), ENG_ILLEGAL)

/* The 0-based character of a who= argument (the key players bounds it). */
#define WHO(i) int c = (int)arg[i].v - 1
#define FN(name) static int name(eng_state *es, void *data, const eng_arg *arg, char *err, size_t errlen)
#define DATA nx_state *st = data; (void)es, (void)arg, (void)err, (void)errlen

FN(act_round_start) { DATA; round_start(es, st); return ENG_OK; }
FN(act_roll) { DATA; st->last_roll = eng_roll(eng_state_rng(es), &die_d6) + 1; eng_note(es, EV_ROLL); return ENG_OK; }
FN(act_hit) { DATA; WHO(0); hit(es, st, c, (int)arg[1].v); return ENG_OK; }
FN(act_spawn) { DATA; spawn(es, st, (int)arg[0].v - 1); return ENG_OK; }
FN(act_auto_position) { DATA; auto_position(es, st); return ENG_OK; }
FN(act_auto_turn) { DATA; if (auto_turn(es, st) != 0) ILLEGAL("no one is left to cast"); return ENG_OK; }
FN(act_auto_round) { DATA; auto_round(es, st); return ENG_OK; }

/* ---- actions that check rules ----------------------------------------------------------------------- */

/* A new mission: every character full LP, no SP, power 1, no place. */
FN(act_start)
{
    DATA;
    if (arg[0].given && (arg[0].v < 2 || arg[0].v > NX_MAXCH))    /* positions P1..P4 */
        ILLEGAL("Noxius is played by 2 to %d players", NX_MAXCH);
    if (arg[0].given)
        st->players = (int)arg[0].v;
    st->round = 0;
    st->phase = PH_POSITION;
    st->over = OV_NONE;
    st->last_roll = st->last_damage = st->bonus = st->field = st->fbonus = 0;
    for (int c = 0; c < NX_MAXCH; c++) {
        st->ch[c].lp = st->ch[c].lpmax;
        st->ch[c].sp = st->ch[c].ko = st->ch[c].dead = st->ch[c].enemy = st->ch[c].pos = 0;
        st->ch[c].acted = st->ch[c].free = st->ch[c].buff = st->ch[c].dealt = 0;
        st->ch[c].power = 1;
    }
    for (int e = 0; e < NX_MAXEN; e++) {
        st->en[e].present = st->en[e].defeated = st->en[e].wounded = st->en[e].cur = st->en[e].first = 0;
        linked_clear(&st->en[e]);
    }
    eng_note(es, EV_START);
    return ENG_OK;
}

FN(act_position)
{
    DATA;
    WHO(0);
    const char *why = position_illegal(st, c, (int)arg[1].v, (int)arg[2].v);
    if (why)
        ILLEGAL("%s", why);
    place(es, st, c, (int)arg[1].v, (int)arg[2].v);
    return ENG_OK;
}

FN(act_cast)
{
    DATA;
    WHO(0);
    long ally = arg[2].given ? arg[2].v : arg[0].v;
    if (ally > st->players)
        return snprintf(err, errlen, "ally=%ld but players=%d", ally, st->players), ENG_ERROR;
    const char *why = cast_illegal(st, c, (int)arg[1].v - 1);
    if (why)
        ILLEGAL("%s", why);
    cast(es, st, c, (int)arg[1].v - 1, (int)ally - 1);
    return ENG_OK;
}

FN(act_deal)
{
    DATA;
    WHO(0);
    if (st->ch[c].enemy <= 0 || !st->en[st->ch[c].enemy - 1].present)
        ILLEGAL("the character is at no enemy");
    char_deals(es, st, c, (int)arg[1].v, 0);
    return ENG_OK;
}

FN(act_wound)
{
    DATA;
    WHO(0);
    int target = arg[1].v > 0 ? (int)arg[1].v - 1 : st->ch[c].enemy - 1;
    if (target < 0 || !st->en[target].present)
        ILLEGAL("no enemy on the field to wound");
    wound(es, st, arg[1].v > 0 ? -1 : c, target);
    return ENG_OK;
}

FN(act_lose)
{
    DATA;
    WHO(0);
    int kind = (int)arg[2].v, pay = (int)arg[3].v;
    if (kind == K_LP && pay == PAY_SP)
        ILLEGAL("the loss names LP: it is paid in LP, not SP");
    if (kind == K_SP && pay == PAY_LP)
        ILLEGAL("the loss names SP: it is paid in SP, not LP");
    lose(es, st, c, (int)arg[1].v, kind, pay);
    return ENG_OK;
}

FN(act_gain)
{
    DATA;
    WHO(0);
    if (st->ch[c].dead)
        ILLEGAL("a dead character cannot be healed");
    if (arg[1].v == 0)
        gain_lp(es, st, c, (int)arg[2].v);
    else if (st->ch[c].ko)
        ILLEGAL("a knocked-out character gets LP before anything else");
    else
        gain_sp(es, st, c, (int)arg[2].v);
    return ENG_OK;
}

FN(act_sacrifice)
{
    DATA;
    WHO(0);
    int kind = arg[1].v == 0 ? K_LP : K_SP;
    nx_char *ch = &st->ch[c];
    if (current(st) != c)
        ILLEGAL("a sacrifice is made by the character whose turn it is");
    const nx_enemy *en = &st->en[ch->enemy - 1];
    if (!asks(st, c, kind))
        ILLEGAL("%s", en->plate[en->cur].kind == P_LINKED ? "the linked plate does not ask this character for that sacrifice"
                                                          : "the current life plate does not ask for that sacrifice");
    if (kind == K_SP && ch->sp < 1)
        ILLEGAL("the character has no SP to sacrifice");
    sacrifice(es, st, c, kind);
    return ENG_OK;
}

FN(act_kill)
{
    DATA;
    WHO(0);
    nx_char *ch = &st->ch[c];
    ch->dead = 1;
    ch->lp = ch->sp = 0;
    ch->enemy = ch->pos = 0;
    eng_say(es, st->round, "dead", cname(st, c), "dies and leaves the mission");
    check_all_ko(es, st);
    return ENG_OK;
}

/* ---- scaffolding: the action table ------------------------------------------------------------------ */

static const char *const kinds_any[] = {"any", "lp", "sp", NULL};
static const char *const kinds_named[] = {"lp", "sp", NULL};
static const char *const pays[] = {"policy", "lp", "sp", NULL};

#define P_WHO {"who", ENG_INT, 1, NX_MAXCH, 1, 0, NULL}
#define P_ENEMY(def, req) {"enemy", ENG_INT, (def), NX_MAXEN, (def), (req), NULL}
#define P_AMOUNT(def) {"amount", ENG_INT, 0, 99, (def), 0, NULL}
#define P_PAY {"pay", ENG_ENUM, 0, 0, PAY_POLICY, 0, pays}

static const eng_action nx_actions[] = {
    {"start", "a new mission: every character full LP, no SP, power 1, no place; players= 2..4",
     {{"players", ENG_INT, 0, 9, 0, 0, NULL}}, act_start, NULL},
    {"round-start", "a round begins: the progress field is read (linked plates half met are reset, "
     "enemies of the round appear); places may be taken", {{NULL}}, act_round_start, NULL},
    {"roll", "rolls the die once (last.roll)", {{NULL}}, act_roll, NULL},
    {"position", "who takes position pos at enemy", {P_WHO, P_ENEMY(1, 0), {"pos", ENG_INT, 1, 4, 0, 1, NULL}},
     act_position, NULL},
    {"cast", "who casts ability (1..4) at their enemy; ally= receives buffs, heals and shields (default: who)",
     {P_WHO, {"ability", ENG_INT, 1, 9, 1, 0, NULL}, {"ally", ENG_INT, 1, NX_MAXCH, 0, 0, NULL}}, act_cast, NULL},
    {"hit", "who is hit at their position; pay= lp or sp as the player chooses (default: cN.sp-first)",
     {P_WHO, P_PAY}, act_hit, NULL},
    {"deal", "who deals amount damage to their enemy (their buff added)", {P_WHO, P_AMOUNT(0)}, act_deal, NULL},
    {"wound", "who wounds their enemy, or a field wounds enemy=", {P_WHO, P_ENEMY(0, 0)}, act_wound, NULL},
    {"lose", "who loses amount points: kind=any generic damage (paid as pay= says), lp or sp named",
     {P_WHO, P_AMOUNT(0), {"kind", ENG_ENUM, 0, 0, K_ANY, 0, kinds_any}, P_PAY}, act_lose, NULL},
    {"gain", "who gains amount LP or SP", {P_WHO, {"kind", ENG_ENUM, 0, 0, 0, 1, kinds_named}, P_AMOUNT(1)},
     act_gain, NULL},
    {"sacrifice", "who, on turn, sacrifices 1 LP or SP to the current plate",
     {P_WHO, {"kind", ENG_ENUM, 0, 0, 0, 1, kinds_named}}, act_sacrifice, NULL},
    {"spawn", "enemy appears at full life for the number of players", {P_ENEMY(1, 1)}, act_spawn, NULL},
    {"kill", "who dies (a progress field or an enemy's trait)", {P_WHO}, act_kill, NULL},
    {"auto-position", "the simulated players take places", {{NULL}}, act_auto_position, NULL},
    {"auto-turn", "the character on turn casts as a simulated player", {{NULL}}, act_auto_turn, NULL},
    {"auto-round", "a whole round played by the simulated players", {{NULL}}, act_auto_round, NULL},
};

/* ---- the procedures of the flowcharts -------------------------------------------------------------- */

/* A round (flow "runde"), played by the simulated players. */
int eng_noxius_run_round(eng_state *es)
{
    nx_state *st = eng_data(es);
    round_field(es, st);
    eng_step(es, "noxius.round.field");
    if (round_linked_reset(es, st))
        eng_step(es, "noxius.round.linked-reset");
    round_spawn(es, st);
    auto_position(es, st);
    eng_step(es, "noxius.round.reposition");
    int had_enemies = enemies_present(st) > 0;
    while (!st->over && auto_turn(es, st) == 0)
        ;
    eng_step(es, "noxius.round.turns");
    /* the knocked-out recovered when the last enemy fell (fight_end) */
    if (had_enemies && !enemies_present(st))
        eng_step(es, "noxius.round.recover");
    eng_step(es, st->over ? "noxius.round.mission-failed" : "noxius.round.next");
    return 0;
}

/* Casting ability ai.ability of character ai.who (flow "wirken"); an ally's
 * effects go to the caster itself. */
int eng_noxius_run_cast(eng_state *es)
{
    nx_state *st = eng_data(es);
    int c = st->ai_who - 1, k = st->ai_ability - 1;
    if (st->ch[c].ko) {
        eng_step(es, "noxius.cast.ko");
        return 0;
    }
    if (cast_illegal(st, c, k)) {
        eng_step(es, "noxius.cast.blocked");
        return 0;
    }
    if (cast_begin(es, st, c, k))
        eng_step(es, "noxius.cast.shaded");
    cast_effect(es, st, c, k, c);
    eng_step(es, "noxius.cast.effect");
    int on_t = cast_power(es, st, c, k);
    eng_step(es, "noxius.cast.power");
    if (on_t) {
        cast_t_field(es, st, c);
        eng_step(es, "noxius.cast.power-hit");
    }
    if (st->ch[c].ko) {
        st->bonus = 0;
        eng_step(es, "noxius.cast.stopped");
        return 0;
    }
    int face = cast_roll(es, st, c);
    eng_step(es, "noxius.cast.roll");
    cast_results(es, st, c, k, c, face);
    eng_step(es, "noxius.cast.results");
    return 0;
}
/* ---- scaffolding: simulator setup --------------------------------------------------------------------- */

static const char *const pays_names[] = {"lp-first", "sp-first", NULL};

/* What a fight file's attributes set, in order: N the character or enemy, M the ability. */
static const eng_sim_key sim_keys[] = {
    ENG_SIM("fight", "rounds", "fight.rounds", "999"),
    ENG_SIM("fight", "#character", "players", "0"),
    ENG_SIM("fight", "#enemy", "fight.enemies", "0"),
    ENG_SIM("character", "name", "cN.name", ""),
    ENG_SIM("character", "lp", "cN.lpmax", ""),
    ENG_SIM("character", "lp", "cN.lp", ""),
    ENG_SIM("character", "scale", "cN.tlow", "", .word = 1),
    ENG_SIM("character", "scale", "cN.thigh", "", .word = 2, .above = "cN.tlow"),
    ENG_SIM("character", "power", "cN.power", "1", .above = "cN.tlow", .below = "cN.thigh"),
    ENG_SIM("character", "pays", "cN.sp-first", "sp-first", .names = pays_names),
    /* the engine's stand-in abilities go: the file gives the character's own */
    ENG_SIM("character", NULL, "cN.aM", "", .each = NX_NAB),
    ENG_SIM("ability", "power", "cN.aM", "0", .part = "delta="),
    ENG_SIM("ability", "effect", "cN.aM", "", .part = " effect="),
    ENG_SIM("ability", "results", "cN.aM", "", .part = " r="),
    ENG_SIM("ability", "shaded", "cN.aM", "", .part = " shade="),
    ENG_SIM("ability", "name", "cN.aM.name", ""),
    ENG_SIM("enemy", "name", "eN.name", ""),
    ENG_SIM("enemy", "damage", "eN.damage", ""),
    ENG_SIM("enemy", "plates", "eN.plates", ""),
    ENG_SIM("enemy", "round", "eN.round", "1", .upto = "fight.rounds"),
};

static int sim_round(eng_state *es)
{
    auto_round(es, eng_data(es));
    return fight_result(eng_cdata(es)) != R_UNDECIDED;
}

static void sim_result(const eng_state *es, char *buf, size_t len)
{
    int r = fight_result(eng_cdata(es));
    snprintf(buf, len, "%s", r == R_WON ? "won" : r == R_FAILED ? "mission failed" : "undecided");
}

static const char *const party_keys[] = {"cN.name", "cN.lp", "cN.sp", "cN.ko", "cN.dead", NULL};
static const eng_sim nx_sim = {"fight.rng", "fight", 999, sim_keys, ENG_COUNT(sim_keys), sim_round, sim_result, "players",
                               party_keys};

/* ---- scaffolding: the game declaration ---------------------------------------------------------------- */

static const char *const nx_statuses[] = {
    "noxius.plate.normal", "noxius.plate.exact", "noxius.plate.no-wound", "noxius.plate.lp",
    "noxius.plate.sp", "noxius.plate.wound", "noxius.plate.linked",
    "noxius.result.damage", "noxius.result.hit", "noxius.result.lp", "noxius.result.sp",
    "noxius.result.wound", "noxius.round.summary", NULL};

const eng_game eng_noxius_game = {
    "noxius", "Noxius", sizeof(nx_state), nx_init, nx_keys, ENG_COUNT(nx_keys), nx_actions, ENG_COUNT(nx_actions),
    nx_events, nx_dice, eng_noxius_facts, ENG_NOXIUS_NFACTS, eng_noxius_ais, ENG_NOXIUS_NAIS, nx_statuses, &nx_sim, NULL, NULL,
};
