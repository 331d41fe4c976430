/* eng_noxius.c — the Noxius engine: the complete rules of the German rules
 * page (seed 003) as state and functions, measured by the checker and able to
 * play a whole fight.
 *
 * The source gives no official characters or enemies (they are downloads),
 * so every character, ability and enemy is data set through state keys; the
 * defaults are stand-ins that no fact depends on (probes set what they use).
 *
 * Readings of the engine where the source is silent (the German summary
 * marks each with a visible <gap>):
 *  - after a knock-out the rest of the roll does not happen (the source's
 *    example only names damage; a knocked-out character "kann keine
 *    Fähigkeiten mehr wirken");
 *  - damage runs on across several plates only through plates that are
 *    taken by damage (normal, not woundable); an exact or conditional plate
 *    stops it;
 *  - a buff lasts until its caster's next turn (one round of turns), at most
 *    to the end of the following round, and is used up by the next damage;
 *  - LP do not rise above the character's full LP; SP have no bound;
 *  - a damage roll meets at most one condition of a linked plate, the exact
 *    one first;
 *  - LP and SP chosen freely: the simulated players spend SP first unless a
 *    character says otherwise (cN.sp-first).
 *
 * Spec strings (keys cN.aK and eN.plates, used by scenarios and fight files):
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
 *
 * State keys: players, round, phase (position|turns), current (ro), over
 *   (none|failed), last.roll, last.damage, fight.over (ro: no enemy present)
 *   cN.name lp lpmax sp power tlow thigh ko dead enemy pos acted buff
 *     sp-first a1..a4 (specs), cN.free (ro: may take a new position)
 *   eN.name damage ("1 1 2 2", P1..P4) plates (spec) plate (1-based
 *     current, nplates+1 = skull) wounded present defeated left (ro)
 *     met (ro: conditions of a linked plate met this round, 0..2)
 * Actions (who= the character, 1-based):
 *   round-start; position who enemy pos; cast who ability [ally]; hit who;
 *   deal who amount; wound enemy; lose who amount kind=any|lp|sp; gain who
 *   kind=lp|sp amount; sacrifice who kind=lp|sp; spawn enemy; kill who;
 *   auto-position; auto-turn; auto-round
 */
#include "eng_noxius.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NX_MAXCH 4
#define NX_MAXEN 4
#define NX_MAXPL 16
#define NX_MAXOP 4
#define NX_NAB 4
#define NX_MAXLOG 64

int eng_noxius_fault = NX_FAULT_NONE;
#define FAULT(f) (eng_noxius_fault == (f))

enum { O_NONE, O_DMG, O_HIT, O_LP, O_SP, O_WOUND, O_BUFF, O_HEAL, O_SHIELD };
enum { P_NORMAL, P_EXACT, P_NOWOUND, P_LP, P_SP, P_WOUND, P_LINKED };
enum { C_ATLEAST, C_EXACT, C_LP, C_SP, C_WOUND };
enum { PH_POSITION, PH_TURNS };
enum { OV_NONE, OV_FAILED };
/* what the engine logs, so that probes can measure the order of steps */
enum { L_EFFECT = 1, L_POWER, L_THIT, L_ROLL, L_RESULT, L_DAMAGE, L_HIT, L_TURN };
/* which procedure writes its outcomes into the trace */
enum { T_NONE, T_ROUND, T_CAST };

static const char *const phase_names[] = {"position", "turns"};
static const char *const over_names[] = {"none", "failed"};

/* small types: states are copied by the thousand when the checker walks a
 * flowchart */
typedef struct nx_op {
    signed char kind, n;
} nx_op;

typedef struct nx_ability {
    char name[32];     /* for the trace; "" = "ability N" */
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

typedef struct nx_plate {
    signed char kind, hi, lo, minp;
    nx_cond cond[2];
} nx_plate;

typedef struct nx_enemy {
    char name[32];
    int dmg[4];
    nx_plate plate[NX_MAXPL];
    int nplates;
    int cur, wounded, present, defeated;
    int met[2], metby[2];
} nx_enemy;

typedef struct nx_char {
    char name[32];
    int lp, lpmax, sp, power, tlow, thigh, ko, dead;
    int enemy, pos, acted, free;    /* enemy 1-based, 0 none */
    int buff, buff_from, buff_round;
    int sp_first;
    nx_ability ab[NX_NAB];
} nx_char;

typedef struct nx_state {
    eng_rng *rng;      /* borrowed */
    int players, round, phase, over;
    nx_char ch[NX_MAXCH];
    nx_enemy en[NX_MAXEN];
    int last_roll, last_damage;
    int log[NX_MAXLOG], nlog;
    int turns_log[NX_MAXCH], nturns;  /* who cast, in order, this round */
    /* an AI's question about this state; gen numbers enumerated states so
     * that predicates may remember answers (0: do not remember) */
    int ai_char, ai_ability;
    unsigned long gen;
    int trace_kind;
    const char **trace;
    size_t ntrace, maxtrace;
    nx_narrator narrator;
    void *narrate_ctx;
} nx_state;

static const char *const faces_d6[] = {"1", "2", "3", "4", "5", "6"};
static const eng_die die_d6 = {"d6", 6, faces_d6};
static const eng_die *const nx_dice[] = {&die_d6, NULL};

/* ---- small helpers ------------------------------------------------------------------------ */

static void logstep(nx_state *st, int what)
{
    if (st->nlog < NX_MAXLOG)
        st->log[st->nlog++] = what;
}

static void trace(nx_state *st, int kind, const char *outcome)
{
    if (st->trace_kind == kind && st->trace && st->ntrace < st->maxtrace)
        st->trace[st->ntrace++] = outcome;
}

static void say_(nx_state *st, const char *kind, const char *actor, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Nothing is formatted unless someone listens (the checker plays states by
 * the thousand, silently). */
#define say(st, ...) do { if ((st)->narrator) say_((st), __VA_ARGS__); } while (0)

static void say_(nx_state *st, const char *kind, const char *actor, const char *fmt, ...)
{
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    nx_event ev = {st->round, kind, actor ? actor : "", text};
    st->narrator(st->narrate_ctx, &ev);
}

static const char *cname(const nx_state *st, int c)
{
    return st->ch[c].name;
}

static int alive(const nx_char *c)
{
    return !c->dead;
}

/* May cast: alive, not knocked out, at an enemy on the field. */
static int can_fight(const nx_state *st, int c)
{
    const nx_char *ch = &st->ch[c];
    return c < st->players && !ch->dead && !ch->ko && ch->enemy > 0 && st->en[ch->enemy - 1].present;
}

static int enemies_present(const nx_state *st)
{
    int n = 0;
    for (int e = 0; e < NX_MAXEN; e++)
        n += st->en[e].present;
    return n;
}

/* ---- characters: damage, healing, knock-out -------------------------------------------------- */

static void check_all_ko(nx_state *st)
{
    for (int c = 0; c < st->players; c++)
        if (alive(&st->ch[c]) && !st->ch[c].ko)
            return;
    if (st->over != OV_FAILED) {
        st->over = OV_FAILED;
        say(st, "failed", "", "every character is knocked out: the mission has failed");
    }
}

static void knock_out(nx_state *st, int c)
{
    nx_char *ch = &st->ch[c];
    ch->lp = 0;
    ch->ko = 1;
    if (!FAULT(NX_FAULT_KO_KEEPS_SP))
        ch->sp = 0;
    say(st, "ko", cname(st, c), "is knocked out (0 LP) and loses all SP");
    check_all_ko(st);
}

enum { K_ANY, K_LP, K_SP };

/* Loses amount points: kind K_ANY lets the player choose (SP first when the
 * character's policy says so), K_LP and K_SP are named by the rule. */
static void lose(nx_state *st, int c, int amount, int kind)
{
    nx_char *ch = &st->ch[c];
    if (ch->dead || amount <= 0)
        return;
    int from_sp = 0;
    if (kind == K_SP)
        from_sp = amount < ch->sp ? amount : ch->sp;
    else if (kind == K_ANY && ch->sp_first)
        from_sp = amount < ch->sp ? amount : ch->sp;
    ch->sp -= from_sp;
    int from_lp = kind == K_SP ? 0 : amount - from_sp;
    ch->lp -= from_lp;
    say(st, "loss", cname(st, c), "loses %d SP and %d LP (now %d LP, %d SP)", from_sp,
        from_lp < 0 ? 0 : from_lp, ch->lp < 0 ? 0 : ch->lp, ch->sp);
    if (ch->lp <= 0 && !ch->ko)
        knock_out(st, c);
    else if (ch->lp < 0)
        ch->lp = 0;
}

static void gain_lp(nx_state *st, int c, int n)
{
    nx_char *ch = &st->ch[c];
    if (ch->dead || n <= 0)
        return;
    ch->lp += n;
    if (ch->lp > ch->lpmax)
        ch->lp = ch->lpmax;
    say(st, "gain", cname(st, c), "gets %d LP (now %d LP)", n, ch->lp);
    if (ch->ko && ch->lp > 0) {
        ch->ko = 0;
        say(st, "revive", cname(st, c), "gets LP and fights again");
    }
}

static void gain_sp(nx_state *st, int c, int n)
{
    nx_char *ch = &st->ch[c];
    if (ch->dead || ch->ko || n <= 0)
        return;
    ch->sp += n;
    say(st, "gain", cname(st, c), "gets %d SP (now %d SP)", n, ch->sp);
}

/* A hit (T): the damage of the character's position at its enemy. */
static void hit(nx_state *st, int c)
{
    nx_char *ch = &st->ch[c];
    if (ch->enemy <= 0 || ch->pos < 1 || ch->pos > 4)
        return;
    const nx_enemy *en = &st->en[ch->enemy - 1];
    int d = en->dmg[ch->pos - 1];
    logstep(st, L_HIT);
    say(st, "hit", cname(st, c), "is hit at P%d of %s: %d damage", ch->pos, en->name, d);
    lose(st, c, d, K_ANY);
}

/* ---- enemies: plates ---------------------------------------------------------------------------- */

static int takes_damage(const nx_plate *p)
{
    return p->kind == P_NORMAL || p->kind == P_NOWOUND;
}

/* The damage that takes a damage plate now. */
static int need(const nx_enemy *en, const nx_plate *p)
{
    return p->kind == P_NORMAL && en->wounded && p->lo > 0 ? p->lo : p->hi;
}

static void fight_end(nx_state *st)
{
    say(st, "fight-over", "", "no enemy is left on the field: the fight is over");
    trace(st, T_ROUND, "noxius.round.recover");
    for (int c = 0; c < st->players; c++)
        if (st->ch[c].ko && !st->ch[c].dead) {
            gain_lp(st, c, 1);
            say(st, "recover", cname(st, c), "recovers with +1 LP");
        }
}

static void defeated(nx_state *st, int e)
{
    nx_enemy *en = &st->en[e];
    en->present = 0;
    en->defeated = 1;
    say(st, "defeated", en->name, "reaches the skull and is defeated");
    /* characters at it who have not yet cast may take a free position at
     * another enemy, in the middle of the round */
    for (int c = 0; c < st->players; c++)
        if (st->ch[c].enemy == e + 1) {
            st->ch[c].free = !st->ch[c].acted;
            st->ch[c].enemy = 0;
            st->ch[c].pos = 0;
        }
    if (!enemies_present(st))
        fight_end(st);
}

static void advance(nx_state *st, int e)
{
    nx_enemy *en = &st->en[e];
    en->cur++;
    en->wounded = 0;
    en->met[0] = en->met[1] = 0;
    en->metby[0] = en->metby[1] = -1;
    say(st, "plate", en->name, "loses a life plate (%d left)", en->nplates - en->cur);
    if (en->cur >= en->nplates)
        defeated(st, e);
}

/* A condition of a linked plate met by character c; takes the plate when
 * both are met, by two characters, in this round. */
static void meet(nx_state *st, int e, int k, int c)
{
    nx_enemy *en = &st->en[e];
    en->met[k] = 1;
    en->metby[k] = c;
    say(st, "linked", en->name, "condition %d of the linked plate is met", k + 1);
    if (en->met[0] && en->met[1])
        advance(st, e);
}

/* Can character c meet condition k of e's linked plate by this means? */
static int linked_open(const nx_enemy *en, int k, int c)
{
    return !en->met[k] && en->metby[1 - k] != c;
}

/* Damage dealt by character c (or by a field, c = -1) to enemy e. */
static void deal(nx_state *st, int c, int e, int amount)
{
    nx_enemy *en = &st->en[e];
    if (!en->present)
        return;
    st->last_damage = amount;
    logstep(st, L_DAMAGE);
    say(st, "damage", c >= 0 ? cname(st, c) : "", "deals %d damage to %s", amount, en->name);
    nx_plate *p = &en->plate[en->cur];
    if (p->kind == P_LINKED) {
        /* the exact condition first: it is the one a number can only meet once */
        for (int pass = 0; pass < 2; pass++)
            for (int k = 0; k < 2; k++) {
                const nx_cond *q = &p->cond[k];
                int ok = pass == 0 ? q->kind == C_EXACT && amount == q->n
                                   : q->kind == C_ATLEAST && amount >= q->n;
                if (ok && linked_open(en, k, c)) {
                    meet(st, e, k, c);
                    return;
                }
            }
        return;
    }
    if (p->kind == P_EXACT) {
        if (amount == p->hi)
            advance(st, e);
        return;
    }
    if (!takes_damage(p) || amount < need(en, p))
        return;
    int left = amount - need(en, p);
    advance(st, e);
    /* several plates at once when the damage reaches their sum */
    while (!FAULT(NX_FAULT_NO_MULTI) && en->present && takes_damage(&en->plate[en->cur]) &&
           left >= need(en, &en->plate[en->cur])) {
        left -= need(en, &en->plate[en->cur]);
        advance(st, e);
    }
}

static void wound(nx_state *st, int c, int e)
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
            say(st, "wound", en->name, "is wounded: %d damage now takes the plate", p->lo);
        }
        break;
    case P_WOUND:
        advance(st, e);     /* and the next plate starts unwounded */
        break;
    case P_LINKED:
        for (int k = 0; k < 2; k++)
            if (p->cond[k].kind == C_WOUND && linked_open(en, k, c)) {
                meet(st, e, k, c);
                break;
            }
        break;
    default:
        break;      /* exact, not woundable, sacrifices: no effect */
    }
}

/* The enemy enters the field at full life for the number of players. */
static void spawn(nx_state *st, int e)
{
    nx_enemy *en = &st->en[e];
    en->present = 1;
    en->defeated = 0;
    en->wounded = 0;
    en->met[0] = en->met[1] = 0;
    en->metby[0] = en->metby[1] = -1;
    en->cur = 0;
    while (en->cur < en->nplates && en->plate[en->cur].minp > st->players)
        en->cur++;
    say(st, "spawn", en->name, "appears with %d life plates", en->nplates - en->cur);
    if (en->cur >= en->nplates)
        defeated(st, e);
}

/* ---- positions and turn order ------------------------------------------------------------------- */

static int pos_taken(const nx_state *st, int pos, int except, int enemy)
{
    for (int c = 0; c < st->players; c++) {
        const nx_char *ch = &st->ch[c];
        if (c == except || ch->dead || ch->pos != pos || ch->enemy <= 0)
            continue;
        if (FAULT(NX_FAULT_POSITIONS_SHARED) && ch->enemy != enemy)
            continue;
        return 1;
    }
    return 0;
}

/* Why character c may not take position pos at enemy e (1-based), or NULL. */
static const char *position_illegal(const nx_state *st, int c, int e, int pos)
{
    if (st->ch[c].dead)
        return "a dead character has no position";
    if (e < 1 || e > NX_MAXEN || !st->en[e - 1].present)
        return "that enemy is not on the field";
    if (pos < 1 || pos > st->players)
        return "with this many players that position may not be used";
    if (pos_taken(st, pos, c, e))
        return "that position is taken (at this or another enemy)";
    if (st->phase != PH_POSITION && !st->ch[c].free)
        return "characters reposition at the start of a round, or when their enemy falls before their turn";
    return NULL;
}

static void place(nx_state *st, int c, int e, int pos)
{
    st->ch[c].enemy = e;
    st->ch[c].pos = pos;
    st->ch[c].free = 0;
    say(st, "position", cname(st, c), "takes P%d at %s", pos, st->en[e - 1].name);
}

/* The character whose turn it is: the highest occupied position that has
 * not cast yet this round; -1 when the round's turns are over. */
static int current(const nx_state *st)
{
    int best = -1;
    for (int c = 0; c < st->players; c++) {
        const nx_char *ch = &st->ch[c];
        if (ch->acted || !can_fight(st, c))
            continue;
        int better = best < 0 || (FAULT(NX_FAULT_ORDER_LOW) ? ch->pos < st->ch[best].pos
                                                             : ch->pos > st->ch[best].pos);
        if (better)
            best = c;
    }
    return best;
}

static void round_start(nx_state *st)
{
    st->round++;
    st->phase = PH_POSITION;
    st->nturns = 0;
    trace(st, T_ROUND, "noxius.round.field");
    say(st, "round", "", "round %d: the next progress field is read", st->round);
    int reset = 0;
    for (int e = 0; e < NX_MAXEN; e++) {
        nx_enemy *en = &st->en[e];
        if (en->present && en->plate[en->cur].kind == P_LINKED && (en->met[0] || en->met[1]) &&
            !FAULT(NX_FAULT_LINKED_KEPT)) {
            en->met[0] = en->met[1] = 0;
            en->metby[0] = en->metby[1] = -1;
            say(st, "linked", en->name, "the linked plate was not completed: it is reset");
            reset = 1;
        }
    }
    if (reset)
        trace(st, T_ROUND, "noxius.round.linked-reset");
    for (int c = 0; c < st->players; c++) {
        nx_char *ch = &st->ch[c];
        ch->acted = 0;
        ch->free = 0;
        if (ch->buff && ch->buff_round < st->round - 1)
            ch->buff = 0;
    }
    trace(st, T_ROUND, "noxius.round.reposition");
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
    if (k < 0 || k >= NX_NAB || !ch->ab[k].set)
        return "the character has no such ability";
    if (!can_fight(st, c))
        return "the character is at no enemy";
    if (ch->acted)
        return "the character has already cast this round";
    if (current(st) != c)
        return "it is not this character's turn (the highest position casts first)";
    int np = ch->power + ch->ab[k].delta;
    if ((np < ch->tlow || np > ch->thigh) && !FAULT(NX_FAULT_CROSS_ALLOWED))
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

static void op_effect(nx_state *st, int c, const nx_op *op, int ally, int bonus);

/* Damage by character c: its buff and the shaded bonus are added. */
static void char_deals(nx_state *st, int c, int amount, int bonus)
{
    nx_char *ch = &st->ch[c];
    if (ch->enemy <= 0)
        return;
    int total = amount + bonus;
    if (ch->buff) {
        total += ch->buff;
        say(st, "buff", cname(st, c), "uses a buff of +%d damage", ch->buff);
        ch->buff = 0;
    }
    deal(st, c, ch->enemy - 1, total);
}

static void op_effect(nx_state *st, int c, const nx_op *op, int ally, int bonus)
{
    nx_char *ch = &st->ch[c];
    switch (op->kind) {
    case O_DMG: char_deals(st, c, op->n, bonus); break;
    case O_HIT: hit(st, c); break;
    case O_LP: gain_lp(st, c, op->n); break;
    case O_SP: gain_sp(st, c, op->n); break;
    case O_WOUND:
        if (ch->enemy > 0)
            wound(st, c, ch->enemy - 1);
        break;
    case O_BUFF: {
        nx_char *a = &st->ch[ally];
        /* a buff cast again replaces the old one */
        a->buff = FAULT(NX_FAULT_BUFF_STACKS) ? a->buff + op->n : op->n;
        a->buff_from = c;
        a->buff_round = st->round;
        say(st, "buff", cname(st, ally), "gets a buff of +%d damage from %s", op->n, cname(st, c));
        break;
    }
    case O_HEAL: gain_lp(st, ally, op->n); break;
    case O_SHIELD: gain_sp(st, ally, op->n); break;
    default: break;
    }
}

static int enemy_gone(const nx_state *st, int c)
{
    int e = st->ch[c].enemy;
    return e <= 0 || !st->en[e - 1].present;
}

/* Casts ability k of character c (legality checked by the caller). */
static void cast(nx_state *st, int c, int k, int ally)
{
    nx_char *ch = &st->ch[c];
    const nx_ability *a = &ch->ab[k];
    st->phase = PH_TURNS;
    ch->acted = 1;
    ch->free = 0;
    if (st->nturns < NX_MAXCH)
        st->turns_log[st->nturns++] = c;
    logstep(st, L_TURN);
    /* buffs this character granted last round end with its new turn */
    for (int o = 0; o < st->players; o++)
        if (st->ch[o].buff && st->ch[o].buff_from == c && st->ch[o].buff_round < st->round)
            st->ch[o].buff = 0;
    /* shaded values count when held at casting, not when reached */
    int before = ch->power, np = ch->power + a->delta;
    int bonus = shade_bonus(a, FAULT(NX_FAULT_SHADE_REACHED) ? np : before);
    if (st->narrator) {
        char abname[40];
        if (a->name[0])
            snprintf(abname, sizeof abname, "%s", a->name);
        else
            snprintf(abname, sizeof abname, "ability %d", k + 1);
        char extra[40] = "";
        if (bonus)
            snprintf(extra, sizeof extra, ", shaded: %+d damage", bonus);
        say(st, "cast", cname(st, c), "casts %s (power %d -> %d%s)", abname, before, np, extra);
    }
    if (bonus)
        trace(st, T_CAST, "noxius.cast.shaded");
    if (FAULT(NX_FAULT_POWER_FIRST)) {
        logstep(st, L_POWER);
        ch->power = np;
    }
    trace(st, T_CAST, "noxius.cast.effect");
    logstep(st, L_EFFECT);
    for (int i = 0; i < a->neffect && !ch->ko && !st->over; i++)
        op_effect(st, c, &a->effect[i], ally, bonus);
    if (!FAULT(NX_FAULT_POWER_FIRST)) {
        logstep(st, L_POWER);
        ch->power = np;
    }
    trace(st, T_CAST, "noxius.cast.power");
    if ((np == ch->tlow || np == ch->thigh) && !ch->ko) {
        trace(st, T_CAST, "noxius.cast.power-hit");
        logstep(st, L_THIT);
        say(st, "power", cname(st, c), "lands on a T field of the power scale");
        hit(st, c);
    }
    if (ch->ko) {
        trace(st, T_CAST, "noxius.cast.stopped");
        return;
    }
    trace(st, T_CAST, "noxius.cast.roll");
    logstep(st, L_ROLL);
    int face = eng_roll(st->rng, &die_d6);
    st->last_roll = face + 1;
    say(st, "roll", cname(st, c), "rolls %d", face + 1);
    trace(st, T_CAST, "noxius.cast.results");
    int n = a->nres[face];
    for (int i = 0; i < n; i++) {
        /* left to right; a knock-out or a fallen enemy ends the roll */
        if (ch->ko || enemy_gone(st, c) || st->over)
            break;
        int j = FAULT(NX_FAULT_RIGHT_TO_LEFT) ? n - 1 - i : i;
        logstep(st, L_RESULT);
        op_effect(st, c, &a->res[face][j], ally, bonus);
    }
}

/* ---- specs ------------------------------------------------------------------------------------------ */

static int parse_op(const char *s, size_t len, nx_op *op, int effect)
{
    char w[24];
    if (len == 0 || len >= sizeof w)
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
    static const struct { const char *name; int kind, eff_only; } ops[] = {
        {"T", O_HIT, 0}, {"LP", O_LP, 0}, {"SP", O_SP, 0}, {"V", O_WOUND, 0}, {"-", O_NONE, 0},
        {"dmg", O_DMG, 1}, {"lp", O_LP, 1}, {"sp", O_SP, 1}, {"buff", O_BUFF, 1},
        {"heal", O_HEAL, 1}, {"shield", O_SHIELD, 1}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(w, ops[i].name) && (effect || !ops[i].eff_only)) {
            if (colon && !effect)
                return -1;
            *op = (nx_op){ops[i].kind, (int)n};
            return 0;
        }
    return -1;
}

static int parse_ability(const char *s, nx_ability *a, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    if (!*s)
        return 0;    /* empty: no ability */
    int have_r = 0;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        size_t len = strcspn(s, " ");
        char part[160];
        if (len >= sizeof part)
            return snprintf(err, errlen, "ability spec part too long"), -1;
        memcpy(part, s, len);
        part[len] = '\0';
        s += len;
        long v;
        if (!strncmp(part, "delta=", 6)) {
            if (eng_parse_long(part + 6 + (part[6] == '+'), &v) != 0 || v < -9 || v > 9)
                return snprintf(err, errlen, "bad %s (delta=-9..+9)", part), -1;
            a->delta = (int)v;
        } else if (!strncmp(part, "effect=", 7)) {
            const char *p = part + 7;
            while (*p) {
                size_t l = strcspn(p, ",");
                if (a->neffect >= NX_MAXOP || parse_op(p, l, &a->effect[a->neffect++], 1) != 0)
                    return snprintf(err, errlen, "bad effect in \"%s\" (buff:N heal:N shield:N dmg:N V lp:N sp:N)", part), -1;
                p += l + (p[l] == ',');
            }
        } else if (!strncmp(part, "r=", 2)) {
            const char *p = part + 2;
            for (int f = 0; f < 6; f++) {
                size_t l = strcspn(p, "|");
                const char *q = p, *end = p + l;
                while (q < end) {
                    size_t ol = strcspn(q, "/|");
                    if (ol > (size_t)(end - q))
                        ol = (size_t)(end - q);
                    if (a->nres[f] >= NX_MAXOP || parse_op(q, ol, &a->res[f][a->nres[f]++], 0) != 0)
                        return snprintf(err, errlen, "bad result on face %d in \"%s\" (N, T, LP, SP, V, - joined by /)", f + 1, part), -1;
                    q += ol + (q[ol] == '/');
                }
                if (a->nres[f] == 0 || (p[l] != '|' && f < 5) || (f == 5 && p[l]))
                    return snprintf(err, errlen, "r= needs six faces separated by | in \"%s\"", part), -1;
                p += l + 1;
            }
            have_r = 1;
        } else if (!strncmp(part, "shade=", 6)) {
            const char *p = part + 6;
            while (*p) {
                int at, bonus, used = 0;
                if (a->nshade >= 6 || sscanf(p, "%d:%d%n", &at, &bonus, &used) != 2)
                    return snprintf(err, errlen, "bad %s (shade=POWER:+N,...)", part), -1;
                a->shade_at[a->nshade] = at;
                a->shade_bonus[a->nshade++] = bonus;
                p += used;
                if (*p == ',')
                    p++;
                else if (*p)
                    return snprintf(err, errlen, "bad %s (shade=POWER:+N,...)", part), -1;
            }
        } else {
            return snprintf(err, errlen, "unknown ability part \"%s\" (delta= effect= r= shade=)", part), -1;
        }
    }
    if (!have_r)
        return snprintf(err, errlen, "an ability needs its six results (r=)"), -1;
    a->set = 1;
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

static void format_ability(const nx_ability *a, char *buf, size_t len)
{
    buf[0] = '\0';
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
    if (u >= len && len > 0)
        buf[len - 1] = '\0';
}

static int parse_cond(const char *s, size_t len, nx_cond *q)
{
    char w[16];
    if (len == 0 || len >= sizeof w)
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

static int parse_plates(const char *s, nx_enemy *en, char *err, size_t errlen)
{
    en->nplates = 0;
    int last_minp = 99;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        size_t len = strcspn(s, " ");
        if (en->nplates >= NX_MAXPL)
            return snprintf(err, errlen, "at most %d life plates", NX_MAXPL), -1;
        nx_plate *p = &en->plate[en->nplates];
        memset(p, 0, sizeof *p);
        p->minp = 2;
        const char *w = s, *end = s + len;
        if (len > 3 && w[1] == 'p' && w[2] == ':' && w[0] >= '2' && w[0] <= '4') {
            p->minp = w[0] - '0';
            w += 3;
        }
        /* grey plates (more players only) come first on the track */
        if (p->minp > last_minp)
            return snprintf(err, errlen, "plate %d: a plate for %dp and more after one for fewer players; "
                            "the extra plates of larger groups come first", en->nplates + 1, p->minp), -1;
        last_minp = p->minp;
        size_t wl = (size_t)(end - w);
        char tok[40];
        if (wl >= sizeof tok)
            return snprintf(err, errlen, "plate %d: too long", en->nplates + 1), -1;
        memcpy(tok, w, wl);
        tok[wl] = '\0';
        int a, b, used = 0;
        if (!strcmp(tok, "LP")) p->kind = P_LP;
        else if (!strcmp(tok, "SP")) p->kind = P_SP;
        else if (!strcmp(tok, "V")) p->kind = P_WOUND;
        else if (tok[0] == '[') {
            char *comma = strchr(tok, ',');
            size_t tl = strlen(tok);
            if (!comma || tok[tl - 1] != ']' ||
                parse_cond(tok + 1, (size_t)(comma - tok - 1), &p->cond[0]) != 0 ||
                parse_cond(comma + 1, (size_t)(tok + tl - 1 - comma - 1), &p->cond[1]) != 0)
                return snprintf(err, errlen, "plate %d: bad linked plate \"%s\" ([6+,LP]: N+ N! LP SP V)", en->nplates + 1, tok), -1;
            p->kind = P_LINKED;
        } else if (sscanf(tok, "%d/%d%n", &a, &b, &used) == 2 && !tok[used] && a > b && b > 0) {
            p->kind = P_NORMAL, p->hi = a, p->lo = b;
        } else if (sscanf(tok, "%d%n", &a, &used) == 1 && a > 0 && a < 100) {
            if (!tok[used]) p->kind = P_NORMAL, p->hi = a;
            else if (!strcmp(tok + used, "!")) p->kind = P_EXACT, p->hi = a;
            else if (!strcmp(tok + used, "*")) p->kind = P_NOWOUND, p->hi = a;
            else return snprintf(err, errlen, "plate %d: bad \"%s\"", en->nplates + 1, tok), -1;
        } else {
            return snprintf(err, errlen, "plate %d: bad \"%s\" (3/2, 3, 4!, 3*, LP, SP, V, [6+,LP])", en->nplates + 1, tok), -1;
        }
        en->nplates++;
        s = end;
    }
    if (en->nplates == 0)
        return snprintf(err, errlen, "an enemy needs at least one life plate"), -1;
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

static void format_plates(const nx_enemy *en, char *buf, size_t len)
{
    size_t u = 0;
    buf[0] = '\0';
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
        int w = p->minp > 2 ? snprintf(buf + u, len - u, "%s%dp:%s", i ? " " : "", p->minp, t)
                            : snprintf(buf + u, len - u, "%s%s", i ? " " : "", t);
        if (w < 0)
            break;
        u += (size_t)w;
    }
}

/* ---- state -------------------------------------------------------------------------------------------- */

/* Stand-in data: four characters with one plain ability each and a plain
 * enemy, so that a scenario needs to set only what it is about. */
static void nx_init(nx_state *st, eng_rng *rng)
{
    /* the stand-ins are parsed once: states are made by the thousand */
    static nx_ability ab0;
    static nx_enemy en0;
    static int ready;
    if (!ready) {
        char err[64];
        parse_ability("delta=+0 r=1|2|3|T|4|V", &ab0, err, sizeof err);
        parse_plates("3/2 3/2 3/2", &en0, err, sizeof err);
        ready = 1;
    }
    memset(st, 0, sizeof *st);
    st->rng = rng;
    st->players = 2;
    st->phase = PH_POSITION;
    for (int c = 0; c < NX_MAXCH; c++) {
        nx_char *ch = &st->ch[c];
        ch->name[0] = 'c', ch->name[1] = (char)('1' + c), ch->name[2] = '\0';
        ch->lp = ch->lpmax = 6;
        ch->sp = 0;
        ch->power = 1;          /* every character starts a mission with 1 power */
        /* the source's example (1 power cannot pay 2) puts the low T field at
         * 0; the high one is a stand-in */
        ch->tlow = 0;
        ch->thigh = 6;
        ch->sp_first = 1;
        ch->ab[0] = ab0;
    }
    for (int e = 0; e < NX_MAXEN; e++) {
        nx_enemy *en = &st->en[e];
        *en = en0;
        en->name[0] = 'e', en->name[1] = (char)('1' + e), en->name[2] = '\0';
        for (int k = 0; k < 4; k++)
            en->dmg[k] = 1;
        en->metby[0] = en->metby[1] = -1;
    }
}

static void *nx_new(eng_rng *rng)
{
    nx_state *st = malloc(sizeof *st);
    if (st)
        nx_init(st, rng);
    return st;
}

static void nx_free(void *p)
{
    free(p);
}

void eng_noxius_narrate(void *p, nx_narrator fn, void *ctx)
{
    nx_state *st = p;
    st->narrator = fn;
    st->narrate_ctx = ctx;
}

/* What a key names: an int field (with names for its values), a string, a
 * spec, or a value computed from the state (ro). */
typedef struct nx_ref {
    int *p;
    const char *const *names;
    int nnames;
    int ro, value, one_based;
    char *str;            /* a name */
    nx_ability *ab;       /* an ability spec */
    nx_enemy *plates;     /* a plate spec */
    nx_enemy *dmg;        /* position damages */
    int lo, hi;           /* bounds of an int field */
} nx_ref;

static int resolve(nx_state *st, const char *key, nx_ref *r)
{
    memset(r, 0, sizeof *r);
    r->lo = -99;
    r->hi = 99;
    int n, len = 0;
    char f[40];
#define INT(name, field, l, h) if (!strcmp(f, name)) { r->p = &(field); r->lo = (l); r->hi = (h); return 0; }
    if (sscanf(key, "c%d.%39s%n", &n, f, &len) == 2 && !key[len]) {
        if (n < 1 || n > NX_MAXCH)
            return -1;
        nx_char *c = &st->ch[n - 1];
        INT("lp", c->lp, 0, 99) INT("lpmax", c->lpmax, 1, 99) INT("sp", c->sp, 0, 99)
        INT("power", c->power, -20, 20) INT("tlow", c->tlow, -20, 20) INT("thigh", c->thigh, -20, 20)
        INT("ko", c->ko, 0, 1) INT("dead", c->dead, 0, 1) INT("enemy", c->enemy, 0, NX_MAXEN)
        INT("pos", c->pos, 0, 4) INT("acted", c->acted, 0, 1) INT("buff", c->buff, 0, 99)
        INT("sp-first", c->sp_first, 0, 1)
        if (!strcmp(f, "name")) return r->str = c->name, 0;
        if (f[0] == 'a' && f[1] >= '1' && f[1] <= '4' && !f[2]) return r->ab = &c->ab[f[1] - '1'], 0;
        if (f[0] == 'a' && f[1] >= '1' && f[1] <= '4' && !strcmp(f + 2, ".name"))
            return r->str = c->ab[f[1] - '1'].name, 0;
        if (!strcmp(f, "free")) return r->ro = 1, r->value = c->free, 0;
        return -1;
    }
    if (sscanf(key, "e%d.%39s%n", &n, f, &len) == 2 && !key[len]) {
        if (n < 1 || n > NX_MAXEN)
            return -1;
        nx_enemy *e = &st->en[n - 1];
        if (!strcmp(f, "name")) return r->str = e->name, 0;
        if (!strcmp(f, "plates")) return r->plates = e, 0;
        if (!strcmp(f, "damage")) return r->dmg = e, 0;
        if (!strcmp(f, "plate")) {
            r->p = &e->cur;
            r->one_based = 1;
            r->lo = 1;
            r->hi = e->nplates + 1;
            return 0;
        }
        INT("wounded", e->wounded, 0, 1) INT("present", e->present, 0, 1)
        r->ro = 1;
        if (!strcmp(f, "defeated")) return r->value = e->defeated, 0;
        if (!strcmp(f, "left")) return r->value = e->nplates - e->cur, 0;
        if (!strcmp(f, "met")) return r->value = e->met[0] + e->met[1], 0;
        return -1;
    }
    snprintf(f, sizeof f, "%s", key);
    INT("players", st->players, 2, 4) INT("round", st->round, 0, 999)
    if (!strcmp(key, "phase")) return r->p = &st->phase, r->names = phase_names, r->nnames = 2, 0;
    if (!strcmp(key, "over")) return r->p = &st->over, r->names = over_names, r->nnames = 2, 0;
    r->ro = 1;
    if (!strcmp(key, "current")) return r->value = current(st) + 1, 0;
    if (!strcmp(key, "last.roll")) return r->value = st->last_roll, 0;
    if (!strcmp(key, "last.damage")) return r->value = st->last_damage, 0;
    if (!strcmp(key, "fight.over")) return r->value = !enemies_present(st), 0;
#undef INT
    return -1;
}

static int nx_set(void *p, const char *key, const char *value, char *err, size_t errlen)
{
    nx_state *st = p;
    nx_ref r;
    if (resolve(st, key, &r) != 0 || r.ro) {
        snprintf(err, errlen, r.ro ? "\"%s\" is computed, not set" : "unknown key \"%s\"", key);
        return -1;
    }
    if (r.str) {
        snprintf(r.str, 32, "%s", value);
        return 0;
    }
    if (r.ab) {
        nx_ability a;
        if (parse_ability(value, &a, err, errlen) != 0)
            return -1;
        memcpy(a.name, r.ab->name, sizeof a.name);   /* the name is a key of its own */
        *r.ab = a;
        return 0;
    }
    if (r.plates) {
        nx_enemy tmp = *r.plates;
        if (parse_plates(value, &tmp, err, errlen) != 0)
            return -1;
        *r.plates = tmp;
        r.plates->cur = 0;
        return 0;
    }
    if (r.dmg) {
        int d[4], used = 0;
        if (sscanf(value, "%d %d %d %d%n", &d[0], &d[1], &d[2], &d[3], &used) != 4 || value[used])
            return snprintf(err, errlen, "damage is four numbers, P1..P4: \"%s\"", value), -1;
        memcpy(r.dmg->dmg, d, sizeof d);
        return 0;
    }
    long v;
    if (r.names && (v = eng_name_index(r.names, r.nnames, value)) >= 0) {
        *r.p = (int)v;
        return 0;
    }
    if (!strcmp(value, "yes"))
        v = 1;
    else if (!strcmp(value, "no"))
        v = 0;
    else if (eng_parse_long(value, &v) != 0 || r.names) {
        snprintf(err, errlen, "\"%s\" is not a value of %s", value, key);
        return -1;
    }
    if (v < r.lo || v > r.hi) {
        snprintf(err, errlen, "%s must be %d..%d", key, r.lo, r.hi);
        return -1;
    }
    *r.p = (int)v - r.one_based;
    return 0;
}

static int nx_get(const void *p, const char *key, char *buf, size_t buflen, char *err, size_t errlen)
{
    /* resolve() only takes the address of fields; nothing is written */
    nx_state *st = (nx_state *)(uintptr_t)p;
    nx_ref r;
    if (resolve(st, key, &r) != 0) {
        snprintf(err, errlen, "unknown key \"%s\"", key);
        return -1;
    }
    if (r.str)
        snprintf(buf, buflen, "%s", r.str);
    else if (r.ab)
        format_ability(r.ab, buf, buflen);
    else if (r.plates)
        format_plates(r.plates, buf, buflen);
    else if (r.dmg)
        snprintf(buf, buflen, "%d %d %d %d", r.dmg->dmg[0], r.dmg->dmg[1], r.dmg->dmg[2], r.dmg->dmg[3]);
    else if (r.ro)
        snprintf(buf, buflen, "%d", r.value);
    else if (r.names && *r.p >= 0 && *r.p < r.nnames)
        snprintf(buf, buflen, "%s", r.names[*r.p]);
    else
        snprintf(buf, buflen, "%d", *r.p + r.one_based);
    return 0;
}

/* ---- the simulated players ------------------------------------------------------------------------ */

/* Positions for the round: the weakest character first takes the free
 * position whose hit hurts least, at the enemy with the fewest plates left
 * (the group focuses its damage). Characters whose enemy fell mid-round use
 * the same rule for a new place. */
static int best_enemy(const nx_state *st)
{
    int best = -1;
    for (int e = 0; e < NX_MAXEN; e++) {
        const nx_enemy *en = &st->en[e];
        if (en->present && (best < 0 || en->nplates - en->cur < st->en[best].nplates - st->en[best].cur))
            best = e;
    }
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
            if (pos_taken(st, p, c, e + 1))
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

static void auto_position(nx_state *st)
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
            place(st, order[i], e, p);
    }
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
            const nx_op *op = &a->res[f][i];
            switch (op->kind) {
            case O_DMG: {
                int d = op->n + bonus;
                int ok = pl->kind == P_EXACT ? d == pl->hi
                       : takes_damage(pl) ? d >= need(en, pl)
                       : pl->kind == P_LINKED;
                v += ok ? 3 + d * 0.25 : d * 0.1;
                break;
            }
            case O_HIT: v -= hurt * (ch->lp + ch->sp <= hurt ? 4.0 : 1.0); break;
            case O_LP: v += ch->lp < ch->lpmax ? 1.2 : 0.1; break;
            case O_SP: v += 0.8; break;
            case O_WOUND: v += pl->kind == P_WOUND ? 3 : pl->kind == P_NORMAL && pl->lo && !en->wounded ? 1 : 0; break;
            default: break;
            }
        }
    }
    v /= 6;
    for (int i = 0; i < a->neffect; i++) {
        const nx_op *op = &a->effect[i];
        int ally = ally_default(st, c, op->kind);
        const nx_char *al = &st->ch[ally];
        switch (op->kind) {
        case O_DMG: v += op->n * 0.5; break;
        case O_HEAL: {
            int gap = al->lpmax - al->lp;
            v += ally == c ? 0 : (gap < op->n ? gap : op->n) * (al->ko ? 2.0 : 0.8);
            break;
        }
        case O_SHIELD: v += ally == c ? 0 : op->n * 0.5; break;
        case O_BUFF: v += ally == c ? 0 : op->n * (!al->acted ? 0.9 : 0.4); break;
        case O_LP: v += (ch->lpmax - ch->lp < op->n ? ch->lpmax - ch->lp : op->n) * 0.8; break;
        case O_SP: v += op->n * 0.5; break;
        case O_WOUND: v += pl->kind == P_WOUND ? 3 : pl->kind == P_NORMAL && pl->lo && !en->wounded ? 1 : 0; break;
        default: break;
        }
    }
    if (np == ch->tlow || np == ch->thigh)
        v -= hurt * (ch->lp + ch->sp <= hurt ? 4.0 : 1.0);
    /* keep the power away from the edges, so that every ability stays castable */
    v -= 0.05 * (np - (ch->tlow + ch->thigh) / 2.0) * (np - (ch->tlow + ch->thigh) / 2.0);
    return v;
}

/* One turn of the current character; returns 0, or -1 when no one is left
 * to cast this round. */
static int auto_turn(nx_state *st)
{
    for (int c = 0; c < st->players; c++) {
        int e, p;
        if (st->ch[c].free && !st->ch[c].dead && choose_place(st, c, &e, &p) == 0)
            place(st, c, e, p);
    }
    int c = current(st);
    if (c < 0 || st->over)
        return -1;
    nx_char *ch = &st->ch[c];
    /* a sacrifice plate is overcome in the turn of the one who pays */
    nx_enemy *en = &st->en[ch->enemy - 1];
    const nx_plate *pl = &en->plate[en->cur];
    int want_lp = pl->kind == P_LP, want_sp = pl->kind == P_SP;
    for (int k = 0; pl->kind == P_LINKED && k < 2; k++)
        if (linked_open(en, k, c)) {
            want_lp |= pl->cond[k].kind == C_LP;
            want_sp |= pl->cond[k].kind == C_SP;
        }
    if (want_sp && ch->sp > 0) {
        say(st, "sacrifice", cname(st, c), "sacrifices 1 SP");
        lose(st, c, 1, K_SP);
        if (pl->kind == P_SP)
            advance(st, ch->enemy - 1);
        else
            for (int k = 0; k < 2; k++)
                if (pl->cond[k].kind == C_SP && linked_open(en, k, c)) {
                    meet(st, ch->enemy - 1, k, c);
                    break;
                }
    } else if (want_lp && ch->lp > 1) {
        say(st, "sacrifice", cname(st, c), "sacrifices 1 LP");
        lose(st, c, 1, K_LP);
        if (pl->kind == P_LP)
            advance(st, ch->enemy - 1);
        else
            for (int k = 0; k < 2; k++)
                if (pl->cond[k].kind == C_LP && linked_open(en, k, c)) {
                    meet(st, ch->enemy - 1, k, c);
                    break;
                }
    }
    if (!can_fight(st, c)) {
        /* its enemy fell to the sacrifice: it may find a new place */
        ch->free = !ch->dead && !ch->ko;
        return 0;
    }
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
        say(st, "pass", cname(st, c), "has no ability it may cast");
        return 0;
    }
    int ally = -1;
    for (int i = 0; i < ch->ab[best].neffect; i++) {
        int kind = ch->ab[best].effect[i].kind;
        if (kind == O_BUFF || kind == O_HEAL || kind == O_SHIELD)
            ally = ally_default(st, c, kind);
    }
    cast(st, c, best, ally < 0 ? c : ally);
    return 0;
}

static void auto_round(nx_state *st)
{
    round_start(st);
    auto_position(st);
    trace(st, T_ROUND, "noxius.round.turns");
    while (!st->over && auto_turn(st) == 0)
        ;
    trace(st, T_ROUND, st->over ? "noxius.round.mission-failed" : "noxius.round.next");
}

/* ---- actions --------------------------------------------------------------------------------------- */

typedef struct nx_args {
    const eng_kv *kv;
    size_t n;
    char *err;
    size_t errlen;
} nx_args;

static int arg_int(const nx_args *a, const char *key, long def, long lo, long hi, long *out)
{
    return eng_arg_long(a->kv, a->n, key, def, lo, hi, out, a->err, a->errlen);
}

static int arg_kind(const nx_args *a, int allow_any, int *kind)
{
    const char *s = eng_arg(a->kv, a->n, "kind");
    if (!s && allow_any)
        return *kind = K_ANY, 0;
    if (s && !strcmp(s, "lp")) return *kind = K_LP, 0;
    if (s && !strcmp(s, "sp")) return *kind = K_SP, 0;
    if (s && allow_any && !strcmp(s, "any")) return *kind = K_ANY, 0;
    return snprintf(a->err, a->errlen, "kind= must be %s", allow_any ? "any, lp or sp" : "lp or sp"), -1;
}

#define ILLEGAL(...) return (snprintf(a->err, a->errlen, __VA_ARGS__), ENG_ILLEGAL)

static int act_sacrifice(nx_state *st, int c, const nx_args *a)
{
    int kind;
    if (arg_kind(a, 0, &kind))
        return ENG_ERROR;
    nx_char *ch = &st->ch[c];
    if (current(st) != c)
        ILLEGAL("a sacrifice is made by the character whose turn it is");
    nx_enemy *en = &st->en[ch->enemy - 1];
    const nx_plate *pl = &en->plate[en->cur];
    int ck = kind == K_LP ? C_LP : C_SP, k = -1;
    if (pl->kind == P_LINKED) {
        for (int i = 0; i < 2; i++)
            if (pl->cond[i].kind == ck && linked_open(en, i, c))
                k = i;
        if (k < 0)
            ILLEGAL("the linked plate does not ask this character for that sacrifice");
    } else if (pl->kind != (kind == K_LP ? P_LP : P_SP)) {
        ILLEGAL("the current life plate does not ask for that sacrifice");
    }
    if (kind == K_SP && ch->sp < 1)
        ILLEGAL("the character has no SP to sacrifice");
    say(st, "sacrifice", cname(st, c), "sacrifices 1 %s", kind == K_LP ? "LP" : "SP");
    int e = ch->enemy - 1;
    lose(st, c, 1, kind);
    if (k >= 0)
        meet(st, e, k, c);
    else
        advance(st, e);
    return ENG_OK;
}

static int nx_act(void *p, const char *action, const eng_kv *kv, size_t nkv, char *err, size_t errlen)
{
    nx_state *st = p;
    nx_args args = {kv, nkv, err, errlen}, *a = &args;
    long w, v, e, pos;
    err[0] = '\0';
    if (arg_int(a, "who", 1, 1, NX_MAXCH, &w))
        return ENG_ERROR;
    int c = (int)w - 1;
    if (c >= st->players)
        return snprintf(err, errlen, "who=%ld but players=%d", w, st->players), ENG_ERROR;
    nx_char *ch = &st->ch[c];

    if (!strcmp(action, "round-start")) {
        round_start(st);
        return ENG_OK;
    }
    if (!strcmp(action, "position")) {
        if (arg_int(a, "enemy", 1, 1, NX_MAXEN, &e) || arg_int(a, "pos", 0, 1, 4, &pos))
            return ENG_ERROR;
        const char *why = position_illegal(st, c, (int)e, (int)pos);
        if (why)
            ILLEGAL("%s", why);
        place(st, c, (int)e, (int)pos);
        return ENG_OK;
    }
    if (!strcmp(action, "cast")) {
        long k, ally;
        if (arg_int(a, "ability", 1, 1, NX_NAB, &k) || arg_int(a, "ally", w, 1, st->players, &ally))
            return ENG_ERROR;
        const char *why = cast_illegal(st, c, (int)k - 1);
        if (why)
            ILLEGAL("%s", why);
        cast(st, c, (int)k - 1, (int)ally - 1);
        return ENG_OK;
    }
    if (!strcmp(action, "hit")) {
        hit(st, c);
        return ENG_OK;
    }
    if (!strcmp(action, "deal")) {
        if (arg_int(a, "amount", 0, 0, 99, &v))
            return ENG_ERROR;
        if (ch->enemy <= 0 || !st->en[ch->enemy - 1].present)
            ILLEGAL("the character is at no enemy");
        char_deals(st, c, (int)v, 0);
        return ENG_OK;
    }
    if (!strcmp(action, "wound")) {
        if (arg_int(a, "enemy", 0, 0, NX_MAXEN, &e))
            return ENG_ERROR;
        int target = e > 0 ? (int)e - 1 : ch->enemy - 1;
        if (target < 0 || !st->en[target].present)
            ILLEGAL("no enemy on the field to wound");
        wound(st, e > 0 ? -1 : c, target);
        return ENG_OK;
    }
    if (!strcmp(action, "lose")) {
        int kind;
        if (arg_int(a, "amount", 0, 0, 99, &v) || arg_kind(a, 1, &kind))
            return ENG_ERROR;
        lose(st, c, (int)v, kind);
        return ENG_OK;
    }
    if (!strcmp(action, "gain")) {
        int kind;
        if (arg_int(a, "amount", 1, 0, 99, &v) || arg_kind(a, 0, &kind))
            return ENG_ERROR;
        if (ch->dead)
            ILLEGAL("a dead character cannot be healed");
        if (kind == K_LP)
            gain_lp(st, c, (int)v);
        else if (ch->ko)
            ILLEGAL("a knocked-out character gets LP before anything else");
        else
            gain_sp(st, c, (int)v);
        return ENG_OK;
    }
    if (!strcmp(action, "sacrifice"))
        return act_sacrifice(st, c, a);
    if (!strcmp(action, "spawn")) {
        if (arg_int(a, "enemy", 0, 1, NX_MAXEN, &e))
            return ENG_ERROR;
        spawn(st, (int)e - 1);
        return ENG_OK;
    }
    if (!strcmp(action, "kill")) {
        ch->dead = 1;
        ch->lp = ch->sp = 0;
        ch->enemy = ch->pos = 0;
        say(st, "dead", cname(st, c), "dies and leaves the mission");
        check_all_ko(st);
        return ENG_OK;
    }
    if (!strcmp(action, "auto-position")) {
        auto_position(st);
        return ENG_OK;
    }
    if (!strcmp(action, "auto-turn"))
        return auto_turn(st) == 0 ? ENG_OK : (snprintf(err, errlen, "no one is left to cast"), ENG_ILLEGAL);
    if (!strcmp(action, "auto-round")) {
        auto_round(st);
        return ENG_OK;
    }
    snprintf(err, errlen, "unknown action \"%s\"", action);
    return ENG_ERROR;
}

/* ---- facts ---------------------------------------------------------------------------------------- */

typedef struct probe {
    eng_rng rng;
    nx_state st;
} probe;

/* A fresh state: n players, enemy 1 on the field, characters at P1..Pn of it. */
static nx_state *fresh(probe *p, int players)
{
    eng_rng_seed(&p->rng, 11);
    nx_init(&p->st, &p->rng);
    nx_state *st = &p->st;
    st->players = players;
    spawn(st, 0);
    for (int c = 0; c < players; c++)
        place(st, c, 1, c + 1);
    return st;
}

static int run(nx_state *st, const char *action, const char *args)
{
    char err[256];
    return eng_act_str(&eng_noxius_game, st, action, args, err, sizeof err);
}

static int set(nx_state *st, const char *key, const char *value)
{
    char err[256];
    return nx_set(st, key, value, err, sizeof err);
}

static void force(nx_state *st, int face)
{
    eng_rng_force(st->rng, &die_d6, faces_d6[face - 1]);
}

#define PROBE(name) static int name(long *value, char *why, size_t whylen)
#define UNUSED_WHY (void)why, (void)whylen

PROBE(probe_players_min)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    long n = 1;
    while (n < 9 && set(st, "players", (char[4]){(char)('0' + n), 0}) != 0)
        n++;
    *value = n;
    return 0;
}

PROBE(probe_players_max)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    long n = 9;
    while (n > 0 && set(st, "players", (char[4]){(char)('0' + n), 0}) != 0)
        n--;
    *value = n;
    return 0;
}

/* The highest position a character may take with n players. */
static long highest_position(int players)
{
    probe p;
    nx_state *st = fresh(&p, players);
    for (int c = 0; c < players; c++)
        st->ch[c].enemy = st->ch[c].pos = 0;
    long best = 0;
    for (int pos = 1; pos <= 4; pos++)
        if (!position_illegal(st, 0, 1, pos))
            best = pos;
    return best;
}

PROBE(probe_positions_two) { UNUSED_WHY; *value = highest_position(2); return 0; }
PROBE(probe_positions_three) { UNUSED_WHY; *value = highest_position(3); return 0; }
PROBE(probe_positions_four) { UNUSED_WHY; *value = highest_position(4); return 0; }

/* P1 taken at one enemy cannot be taken at another. */
PROBE(probe_positions_exclusive)
{
    probe p;
    nx_state *st = fresh(&p, 3);
    UNUSED_WHY;
    spawn(st, 1);
    st->ch[1].enemy = st->ch[1].pos = 0;
    *value = position_illegal(st, 1, 2, 1) != NULL && position_illegal(st, 1, 2, 2) == NULL;
    return 0;
}

/* Four characters at P1..P4 (two enemies): the turns run 4, 3, 2, 1. */
PROBE(probe_order_highest)
{
    probe p;
    nx_state *st = fresh(&p, 4);
    UNUSED_WHY;
    spawn(st, 1);
    st->ch[0].enemy = 2;       /* P1 at the second enemy */
    st->ch[2].enemy = 2;       /* P3 too */
    st->en[0].plate[0].hi = st->en[1].plate[0].hi = 99;   /* no one falls */
    st->phase = PH_TURNS;
    int ok = 1, want = 4;
    for (int t = 0; t < 4; t++) {
        int c = current(st);
        if (c < 0 || st->ch[c].pos != want--) {
            ok = 0;
            break;
        }
        force(st, 1);
        cast(st, c, 0, c);
    }
    *value = ok;
    return 0;
}

PROBE(probe_one_cast)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    st->en[0].plate[0].hi = 99;
    long n = 0;
    for (int i = 0; i < 5; i++) {
        force(st, 1);
        if (run(st, "cast", "who=2 ability=1") == ENG_OK)
            n++;
    }
    *value = n;
    return 0;
}

/* New places at the start of each round; not in the middle of one. */
PROBE(probe_reposition_round)
{
    probe p;
    nx_state *st = fresh(&p, 3);
    UNUSED_WHY;
    st->en[0].plate[0].hi = 99;
    force(st, 1);
    run(st, "cast", "who=3 ability=1");
    int mid = run(st, "position", "who=1 enemy=1 pos=3") == ENG_OK;   /* P3 is taken */
    int mid2 = run(st, "position", "who=2 enemy=1 pos=2") == ENG_OK;  /* own place, mid-round */
    run(st, "round-start", "");
    st->ch[0].pos = st->ch[0].enemy = 0;
    int next = run(st, "position", "who=2 enemy=1 pos=1") == ENG_OK;
    *value = !mid && !mid2 && next;
    return 0;
}

/* When an enemy falls, those at it who have not cast may take a free place
 * at another enemy; those who have cast may not. */
PROBE(probe_reposition_defeat)
{
    probe p;
    nx_state *st = fresh(&p, 3);
    UNUSED_WHY;
    spawn(st, 1);
    set(st, "e1.plates", "3");
    spawn(st, 0);
    place(st, 0, 1, 1), place(st, 1, 1, 2), place(st, 2, 2, 3);
    st->phase = PH_TURNS;
    set(st, "c3.a1", "delta=+0 r=1|1|1|1|1|1");
    st->en[1].plate[0].hi = 99;
    force(st, 1);
    run(st, "cast", "who=3 ability=1");       /* P3, at enemy 2 */
    set(st, "c2.a1", "delta=+0 r=5|5|5|5|5|5");
    force(st, 1);
    run(st, "cast", "who=2 ability=1");       /* P2 fells enemy 1 */
    int waiting = run(st, "position", "who=1 enemy=2 pos=2") == ENG_OK;
    int done = position_illegal(st, 1, 2, 1) == NULL;
    *value = waiting && !done;
    return 0;
}

PROBE(probe_start_power) { probe p; UNUSED_WHY; *value = fresh(&p, 2)->ch[0].power; return 0; }
PROBE(probe_start_sp) { probe p; UNUSED_WHY; *value = fresh(&p, 2)->ch[0].sp; return 0; }
PROBE(probe_start_full)
{
    probe p;
    UNUSED_WHY;
    nx_state *st = fresh(&p, 2);
    *value = st->ch[0].lp == st->ch[0].lpmax;
    return 0;
}

PROBE(probe_abilities)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    long n = 0;
    char key[16];
    for (int k = 1; k <= 9; k++) {
        snprintf(key, sizeof key, "c1.a%d", k);
        if (set(st, key, "delta=+0 r=1|1|1|1|1|1") == 0)
            n++;
    }
    *value = n;
    return 0;
}

/* effect, then power, then the roll: the log of one cast */
PROBE(probe_cast_order)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "c2.a1", "delta=+1 effect=heal:1 r=1|1|1|1|1|1");
    force(st, 1);
    st->nlog = 0;
    run(st, "cast", "who=2 ability=1 ally=1");
    int seq[3], k = 0;
    for (int i = 0; i < st->nlog && k < 3; i++)
        if (st->log[i] == L_EFFECT || st->log[i] == L_POWER || st->log[i] == L_ROLL)
            seq[k++] = st->log[i];
    *value = k == 3 && seq[0] == L_EFFECT && seq[1] == L_POWER && seq[2] == L_ROLL;
    return 0;
}

/* [T/2] knocking the caster out: the 2 damage never comes. */
PROBE(probe_left_to_right)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "e1.plates", "2 2");
    set(st, "e1.damage", "1 3 1 1");
    set(st, "c2.a1", "delta=+0 r=T/2|T/2|T/2|T/2|T/2|T/2");
    st->ch[1].lp = 2;
    force(st, 1);
    run(st, "cast", "who=2 ability=1");
    *value = st->ch[1].ko && st->en[0].cur == 0;
    return 0;
}

/* [4/T] felling the enemy: the caster is not hit. */
PROBE(probe_fallen_no_hit)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "e1.plates", "4");
    spawn(st, 0);
    set(st, "c2.a1", "delta=+0 r=4/T|4/T|4/T|4/T|4/T|4/T");
    int lp = st->ch[1].lp;
    force(st, 1);
    run(st, "cast", "who=2 ability=1");
    *value = st->en[0].defeated && st->ch[1].lp == lp;
    return 0;
}

PROBE(probe_t_hit)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "e1.damage", "1 2 1 1");
    st->ch[1].tlow = 0;
    set(st, "c2.a1", "delta=-1 r=-|-|-|-|-|-");
    int lp = st->ch[1].lp;
    force(st, 1);
    run(st, "cast", "who=2 ability=1");     /* power 1 -> 0, a T field */
    *value = lp - st->ch[1].lp == 2;        /* the damage of P2 */
    return 0;
}

/* Power 1, an ability costing 2, the low T at 0: not castable. */
PROBE(probe_cross)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    st->ch[1].tlow = 0;
    set(st, "c2.a1", "delta=-2 r=1|1|1|1|1|1");
    force(st, 1);
    *value = run(st, "cast", "who=2 ability=1") == ENG_OK;
    return 0;
}

/* After the T field's hit the roll can still hit. */
PROBE(probe_t_then_roll)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    st->ch[1].thigh = 2;
    set(st, "c2.a1", "delta=+1 r=T|T|T|T|T|T");
    int lp = st->ch[1].lp;
    force(st, 1);
    run(st, "cast", "who=2 ability=1");
    *value = lp - st->ch[1].lp == 2;
    return 0;
}

/* A shaded value counts when held at casting, not when the ability reaches it. */
PROBE(probe_shade_held)
{
    probe p;
    UNUSED_WHY;
    int got[2];
    for (int held = 0; held < 2; held++) {
        nx_state *st = fresh(&p, 2);
        set(st, "e1.plates", "4! 4!");
        spawn(st, 0);
        set(st, "c2.a1", "delta=+1 r=3|3|3|3|3|3 shade=2:+1");
        st->ch[1].power = held ? 2 : 1;
        force(st, 1);
        run(st, "cast", "who=2 ability=1");
        got[held] = st->en[0].cur;     /* 4 exactly takes the plate */
    }
    *value = got[1] == 1 && got[0] == 0;
    return 0;
}

/* Generic damage: LP or SP by choice. */
PROBE(probe_free_choice)
{
    probe p;
    UNUSED_WHY;
    int sp_taken[2];
    for (int first = 0; first < 2; first++) {
        nx_state *st = fresh(&p, 2);
        st->ch[0].sp = 2;
        st->ch[0].sp_first = first;
        run(st, "hit", "who=1");
        sp_taken[first] = 2 - st->ch[0].sp;
    }
    *value = sp_taken[0] == 0 && sp_taken[1] == 1;
    return 0;
}

/* Named LP are LP, whatever SP the character has. */
PROBE(probe_named)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    st->ch[0].sp = 3;
    run(st, "lose", "who=1 amount=2 kind=lp");
    int lp_ok = st->ch[0].sp == 3 && st->ch[0].lp == 4;
    run(st, "lose", "who=1 amount=1 kind=sp");
    *value = lp_ok && st->ch[0].sp == 2 && st->ch[0].lp == 4;
    return 0;
}

PROBE(probe_ko_lp)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    while (!st->ch[0].ko && st->ch[0].lp > -5)
        run(st, "lose", "who=1 amount=1 kind=lp");
    *value = st->ch[0].lp;
    return 0;
}

PROBE(probe_ko_sp)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    st->ch[0].sp = 3;
    run(st, "lose", "who=1 amount=6 kind=lp");
    *value = st->ch[0].ko && st->ch[0].sp == 0;
    return 0;
}

PROBE(probe_ko_no_cast)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    run(st, "lose", "who=2 amount=6 kind=lp");
    force(st, 1);
    int cast_ko = run(st, "cast", "who=2 ability=1") == ENG_OK;
    run(st, "gain", "who=2 kind=lp amount=1");
    force(st, 1);
    int cast_back = run(st, "cast", "who=2 ability=1") == ENG_OK;
    *value = !cast_ko && cast_back;
    return 0;
}

/* Knocked out when the last enemy falls: +1 LP. */
PROBE(probe_fight_end)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "e1.plates", "1");
    spawn(st, 0);
    place(st, 0, 1, 1), place(st, 1, 1, 2);
    run(st, "lose", "who=1 amount=6 kind=lp");
    run(st, "deal", "who=2 amount=1");
    *value = st->ch[0].ko ? -1 : st->ch[0].lp;
    return 0;
}

PROBE(probe_all_ko)
{
    probe p;
    nx_state *st = fresh(&p, 3);
    UNUSED_WHY;
    run(st, "lose", "who=1 amount=6 kind=lp");
    run(st, "lose", "who=2 amount=6 kind=lp");
    int before = st->over;
    run(st, "lose", "who=3 amount=6 kind=lp");
    *value = before == OV_NONE && st->over == OV_FAILED;
    return 0;
}

PROBE(probe_dead_no_heal)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    run(st, "kill", "who=1");
    run(st, "gain", "who=1 kind=lp amount=3");
    *value = st->ch[0].dead && st->ch[0].lp == 0;
    return 0;
}

/* A buff cast again before use replaces the old one. */
PROBE(probe_buff_replaced)
{
    probe p;
    nx_state *st = fresh(&p, 3);
    UNUSED_WHY;
    st->en[0].plate[0].hi = 99;
    set(st, "c3.a1", "delta=+0 effect=buff:2 r=-|-|-|-|-|-");
    set(st, "c2.a1", "delta=+0 effect=buff:1 r=-|-|-|-|-|-");
    force(st, 1);
    run(st, "cast", "who=3 ability=1 ally=1");
    force(st, 1);
    run(st, "cast", "who=2 ability=1 ally=1");
    *value = st->ch[0].buff == 1;
    return 0;
}

/* Rounds a buff outlives: granted and not used, how many round starts it
 * survives while its caster does not cast again. */
PROBE(probe_buff_rounds)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    st->en[0].plate[0].hi = 99;
    set(st, "c2.a1", "delta=+0 effect=buff:1 r=-|-|-|-|-|-");
    force(st, 1);
    run(st, "cast", "who=2 ability=1 ally=1");
    long n = 0;
    while (st->ch[0].buff && n < 9) {
        run(st, "round-start", "");
        n += st->ch[0].buff != 0;
    }
    *value = n;
    return 0;
}

PROBE(probe_buff_until_turn)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    st->en[0].plate[0].hi = 99;
    set(st, "c2.a1", "delta=+0 effect=buff:1 r=-|-|-|-|-|-");
    set(st, "c2.a2", "delta=+0 r=-|-|-|-|-|-");
    force(st, 1);
    run(st, "cast", "who=2 ability=1 ally=1");
    run(st, "round-start", "");
    int kept = st->ch[0].buff == 1;
    force(st, 1);
    run(st, "cast", "who=2 ability=2");
    *value = kept && st->ch[0].buff == 0;
    return 0;
}

/* Damage equal to the sum of two plates takes both. */
PROBE(probe_multi)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "e1.plates", "3/2 3/2 3/2");
    spawn(st, 0);
    place(st, 0, 1, 1);
    run(st, "deal", "who=1 amount=6");
    *value = st->en[0].cur;
    return 0;
}

PROBE(probe_less_nothing)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "e1.plates", "3/2 3/2");
    run(st, "deal", "who=1 amount=2");
    int less = st->en[0].cur;
    run(st, "deal", "who=1 amount=3");
    int exact = st->en[0].cur;
    run(st, "deal", "who=1 amount=5");
    *value = less == 0 && exact == 1 && st->en[0].cur == 2;
    return 0;
}

/* Wounded, the smaller number takes the plate. */
PROBE(probe_wound_inner)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "e1.plates", "3/2 3/2");
    run(st, "wound", "who=1");
    run(st, "deal", "who=1 amount=2");
    *value = st->en[0].cur == 1 && !st->en[0].wounded;
    return 0;
}

/* How many numbers a plate needs to be woundable. */
PROBE(probe_wound_numbers)
{
    probe p;
    UNUSED_WHY;
    nx_state *st = fresh(&p, 2);
    set(st, "e1.plates", "3");
    run(st, "wound", "who=1");
    int one = st->en[0].wounded;
    set(st, "e1.plates", "3/2");
    run(st, "wound", "who=1");
    *value = !one && st->en[0].wounded ? 2 : one ? 1 : 0;
    return 0;
}

PROBE(probe_exact)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "e1.plates", "4! 3");
    run(st, "deal", "who=1 amount=5");
    run(st, "deal", "who=1 amount=3");
    int more_less = st->en[0].cur;
    run(st, "wound", "who=1");
    int wounded = st->en[0].wounded;
    run(st, "deal", "who=1 amount=4");
    *value = more_less == 0 && !wounded && st->en[0].cur == 1;
    return 0;
}

PROBE(probe_nowound)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "e1.plates", "3* 3");
    run(st, "wound", "who=1");
    run(st, "deal", "who=1 amount=2");
    int held = st->en[0].cur == 0 && !st->en[0].wounded;
    run(st, "deal", "who=1 amount=3");
    *value = held && st->en[0].cur == 1;
    return 0;
}

/* A sacrifice plate: only in the turn of the one who pays. */
static long sacrifice_plate(const char *plate, const char *kind)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    set(st, "e1.plates", plate);
    st->ch[0].sp = st->ch[1].sp = 1;
    char args[40];
    snprintf(args, sizeof args, "who=1 kind=%s", kind);
    int off_turn = run(st, "sacrifice", args) == ENG_OK;     /* P2 is on turn */
    snprintf(args, sizeof args, "who=2 kind=%s", kind);
    int on_turn = run(st, "sacrifice", args) == ENG_OK;
    return !off_turn && on_turn && st->en[0].cur == 1;
}

PROBE(probe_plate_lp) { UNUSED_WHY; *value = sacrifice_plate("LP 3", "lp"); return 0; }
PROBE(probe_plate_sp) { UNUSED_WHY; *value = sacrifice_plate("SP 3", "sp"); return 0; }

PROBE(probe_plate_wound)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "e1.plates", "V 3/2");
    run(st, "deal", "who=1 amount=9");
    int dmg = st->en[0].cur;
    run(st, "wound", "who=1");
    *value = dmg == 0 && st->en[0].cur == 1 && !st->en[0].wounded;
    return 0;
}

/* Linked [6+,LP]: met in one round, in either order, by two characters. */
PROBE(probe_linked)
{
    probe p;
    UNUSED_WHY;
    int ok = 1;
    for (int order = 0; order < 2; order++) {
        nx_state *st = fresh(&p, 2);
        set(st, "e1.plates", "[6+,LP] 3");
        set(st, "c1.a1", "delta=+0 r=6|6|6|6|6|6");
        set(st, "c2.a1", "delta=+0 r=6|6|6|6|6|6");
        /* P2 goes first: it either sacrifices then P1 hits, or hits and P1 sacrifices */
        if (order == 0) {
            run(st, "sacrifice", "who=2 kind=lp");
            force(st, 1);
            run(st, "cast", "who=2 ability=1");
            force(st, 1);
            run(st, "cast", "who=1 ability=1");
        } else {
            force(st, 1);
            run(st, "cast", "who=2 ability=1");
            run(st, "sacrifice", "who=1 kind=lp");
        }
        ok &= st->en[0].cur == 1;
    }
    *value = ok;
    return 0;
}

PROBE(probe_linked_one_player)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "e1.plates", "[6+,LP] 3");
    set(st, "c2.a1", "delta=+0 r=6|6|6|6|6|6");
    run(st, "sacrifice", "who=2 kind=lp");
    force(st, 1);
    run(st, "cast", "who=2 ability=1");
    *value = st->en[0].cur == 0;   /* one character alone does not take it */
    return 0;
}

/* Half met and the round ends: at the next round's start it is reset. */
PROBE(probe_linked_reset)
{
    probe p;
    nx_state *st = fresh(&p, 2);
    UNUSED_WHY;
    set(st, "e1.plates", "[3+,4!] 3");
    run(st, "deal", "who=2 amount=3");
    int half = st->en[0].met[0] + st->en[0].met[1];
    run(st, "round-start", "");
    run(st, "deal", "who=1 amount=4");
    *value = half == 1 && st->en[0].cur == 0;
    return 0;
}

/* More players, more life: the grey plates of the track. */
PROBE(probe_life_players)
{
    probe p;
    UNUSED_WHY;
    int left[5] = {0};
    for (int n = 2; n <= 4; n++) {
        nx_state *st = fresh(&p, n);
        set(st, "e1.plates", "4p:3 3p:3 3 3");
        spawn(st, 0);
        left[n] = st->en[0].nplates - st->en[0].cur;
    }
    *value = left[2] < left[3] && left[3] < left[4];
    return 0;
}

PROBE(probe_faces)
{
    UNUSED_WHY;
    *value = die_d6.nfaces;
    return 0;
}

static const eng_fact nx_facts[] = {
    {"noxius.players.min", "smallest group the engine accepts", probe_players_min},
    {"noxius.players.max", "largest group the engine accepts", probe_players_max},
    {"noxius.die.faces", "faces of the one die", probe_faces},
    {"noxius.positions.two", "highest position a character may take with 2 players", probe_positions_two},
    {"noxius.positions.three", "highest position a character may take with 3 players", probe_positions_three},
    {"noxius.positions.four", "highest position a character may take with 4 players", probe_positions_four},
    {"noxius.positions.exclusive", "1 if a position taken at one enemy is closed at every other", probe_positions_exclusive},
    {"noxius.order.highest-first", "1 if turns run from the highest occupied position down, across enemies", probe_order_highest},
    {"noxius.round.casts", "abilities one character casts in a round", probe_one_cast},
    {"noxius.reposition.round", "1 if places change at a round's start and not mid-round", probe_reposition_round},
    {"noxius.reposition.defeat", "1 if those at a fallen enemy who have not cast may take a free place", probe_reposition_defeat},
    {"noxius.start.power", "power of a fresh character", probe_start_power},
    {"noxius.start.sp", "shield points of a fresh character", probe_start_sp},
    {"noxius.start.lp-full", "1 if a fresh character has full LP", probe_start_full},
    {"noxius.abilities", "ability slots of a character", probe_abilities},
    {"noxius.cast.order", "1 if a cast logs effect, then power, then the roll", probe_cast_order},
    {"noxius.roll.left-to-right", "1 if [T/2] knocking the caster out deals no damage", probe_left_to_right},
    {"noxius.roll.fallen-no-hit", "1 if [4/T] felling the enemy spares the caster", probe_fallen_no_hit},
    {"noxius.power.t-hit", "1 if landing on a T field costs the damage of the position", probe_t_hit},
    {"noxius.power.cross", "1 if power 1 may pay 2 with the low T field at 0", probe_cross},
    {"noxius.power.t-then-roll", "1 if after a T field's hit the roll can hit too", probe_t_then_roll},
    {"noxius.power.shade-held", "1 if a shaded value counts when held at casting, not when reached", probe_shade_held},
    {"noxius.lpsp.free", "1 if generic damage takes LP or SP as the player chooses", probe_free_choice},
    {"noxius.lpsp.named", "1 if named LP or SP losses take exactly that", probe_named},
    {"noxius.ko.lp", "LP at which a character is knocked out", probe_ko_lp},
    {"noxius.ko.sp-lost", "1 if the knock-out takes all SP", probe_ko_sp},
    {"noxius.ko.no-cast", "1 if a knocked-out character cannot cast until it gets LP", probe_ko_no_cast},
    {"noxius.ko.fight-end", "LP of a knocked-out character after the last enemy falls", probe_fight_end},
    {"noxius.ko.all-fail", "1 if the mission fails when the last character is knocked out", probe_all_ko},
    {"noxius.dead.no-heal", "1 if a dead character cannot be healed", probe_dead_no_heal},
    {"noxius.buff.replaced", "1 if a recast buff replaces the unused old one", probe_buff_replaced},
    {"noxius.buff.rounds", "round starts an unused buff survives while its caster does not cast", probe_buff_rounds},
    {"noxius.buff.until-turn", "1 if a buff ends when its caster's next turn begins", probe_buff_until_turn},
    {"noxius.plate.multi", "plates taken by 6 damage on 3/2 3/2 3/2", probe_multi},
    {"noxius.plate.threshold", "1 if less than the outer number does nothing and as much or more takes the plate", probe_less_nothing},
    {"noxius.wound.inner", "1 if a wounded plate falls to its smaller number, and the wound goes with it", probe_wound_inner},
    {"noxius.wound.numbers", "numbers a plate needs to be woundable", probe_wound_numbers},
    {"noxius.plate.exact", "1 if an exact plate takes exactly its number and ignores wounds", probe_exact},
    {"noxius.plate.no-wound", "1 if a not-woundable plate ignores wounds and needs its number", probe_nowound},
    {"noxius.plate.lp", "1 if an LP plate falls to an LP sacrificed in one's own turn only", probe_plate_lp},
    {"noxius.plate.sp", "1 if an SP plate falls to an SP sacrificed in one's own turn only", probe_plate_sp},
    {"noxius.plate.wound", "1 if a wound plate falls to a wound only, and the next is unwounded", probe_plate_wound},
    {"noxius.linked.any-order", "1 if a linked plate falls to both conditions in one round, either order", probe_linked},
    {"noxius.linked.two", "1 if one character alone cannot meet both conditions", probe_linked_one_player},
    {"noxius.linked.reset", "1 if a half-met linked plate is reset at the next round's start", probe_linked_reset},
    {"noxius.enemy.life-players", "1 if an enemy starts with more plates for more players", probe_life_players},
};

static unsigned long enum_gen;

/* ---- AI: a round, and casting an ability ------------------------------------------------------- */

/* Runs body on a copy of the state (with a copy of its dice), tracing. */
static int run_traced(const void *p, int kind, const char **tr, size_t max, void (*body)(nx_state *))
{
    nx_state st = *(const nx_state *)p;
    eng_rng rng = *st.rng;
    st.rng = &rng;
    st.narrator = NULL;
    st.trace_kind = kind;
    st.trace = tr;
    st.ntrace = 0;
    st.maxtrace = max;
    body(&st);
    return (int)st.ntrace;
}

/* The state after body ran on a copy, for predicates about the outcome. */
static void play_copy(const void *p, void (*body)(nx_state *), nx_state *out, eng_rng *rng)
{
    *out = *(const nx_state *)p;
    *rng = *out->rng;
    out->rng = rng;
    out->narrator = NULL;
    out->trace_kind = T_NONE;
    body(out);
}

static int pred_r_linked(const void *p)
{
    const nx_state *st = p;
    for (int e = 0; e < NX_MAXEN; e++) {
        const nx_enemy *en = &st->en[e];
        if (en->present && en->plate[en->cur].kind == P_LINKED && (en->met[0] || en->met[1]))
            return 1;
    }
    return 0;
}

/* How this state's round goes, played once on a copy (with its trace) and
 * remembered for the state's generation: the checker asks each question,
 * and for the trace, more than once. */
typedef struct round_memo {
    const void *st;
    unsigned long gen;
    int failed, clear;
    const char *trace[32];
    size_t ntrace;
} round_memo;

static const round_memo *round_outcome(const void *p)
{
    static round_memo memo;
    const nx_state *st = p;
    if (!st->gen || memo.st != p || memo.gen != st->gen) {
        nx_state out = *st;
        eng_rng rng = *out.rng;
        out.rng = &rng;
        out.narrator = NULL;
        out.trace_kind = T_ROUND;
        out.trace = memo.trace;
        out.ntrace = 0;
        out.maxtrace = 32;
        auto_round(&out);
        memo.st = p;
        memo.gen = st->gen;
        memo.failed = out.over == OV_FAILED;
        memo.clear = enemies_present(st) > 0 && !enemies_present(&out);
        memo.ntrace = out.ntrace;
    }
    return &memo;
}

static int pred_r_failed(const void *p)
{
    return round_outcome(p)->failed;
}

static int pred_r_clear(const void *p)
{
    return round_outcome(p)->clear;
}

static int run_round(const void *p, const char **tr, size_t max)
{
    const round_memo *m = round_outcome(p);
    size_t n = m->ntrace < max ? m->ntrace : max;
    memcpy(tr, m->trace, n * sizeof *tr);
    return (int)n;
}

/* 2, 3 and 4 players; enemies with plain plates, one plate of 2 (falls at
 * once), a half-met linked plate; 1 or 3 LP and hits of 1 or 3; and the
 * die showing, for each character, one of the four kinds of result of the
 * ability T|2|3|T/2|4/T|V that differ for a round: a hit (1), plain damage
 * (3), hit then damage (4), damage then hit (5). Every combination for 2
 * players, of the first, second and fourth kind for 3, the same face for
 * all with 4. */
static long enum_round(uint64_t seed, int (*visit)(const void *, void *), void *ctx)
{
    static const char *const plates[] = {"3/2 3/2", "2", "[3+,4!] 3"};
    static probe base, p;   /* one base state per setting, copied per roll */
    long n = 0;
    for (int players = 2; players <= 4; players++) {
        static const int faces[] = {1, 3, 5, 4};
        /* three players: hit, damage, damage-then-hit for each (27) */
        int nf = players == 3 ? 3 : 4;
        int ncomb = players == 4 ? 4 : players == 3 ? 27 : 16;
        for (int cfg = 0; cfg < 3; cfg++)
            for (int lp = 1; lp <= 3; lp += 2)
                for (int dmg = 1; dmg <= 3; dmg += 2) {
                    eng_rng_seed(&base.rng, seed);
                    nx_init(&base.st, &base.rng);
                    nx_state *b = &base.st;
                    b->players = players;
                    char d[32];
                    snprintf(d, sizeof d, "%d %d %d %d", dmg, dmg, dmg, dmg);
                    set(b, "e1.damage", d);
                    set(b, "e1.plates", plates[cfg]);
                    spawn(b, 0);
                    if (cfg == 2) {       /* met last round by c1 */
                        b->en[0].met[0] = 1;
                        b->en[0].metby[0] = 0;
                    }
                    for (int c = 0; c < players; c++) {
                        b->ch[c].lp = lp;
                        set(b, (const char *[]){"c1.a1", "c2.a1", "c3.a1", "c4.a1"}[c], "delta=+0 r=T|2|3|T/2|4/T|V");
                        place(b, c, 1, c + 1);
                    }
                    /* the visits play copies: the state itself stays as set */
                    p.st = base.st;
                    p.st.rng = &p.rng;
                    for (int comb = 0; comb < ncomb; comb++) {
                        p.rng = base.rng;
                        p.st.gen = ++enum_gen;
                        for (int c = 0; c < players; c++) {
                            int digit = players == 4 ? comb : (comb / (c == 0 ? 1 : c == 1 ? nf : nf * nf)) % nf;
                            force(&p.st, faces[digit]);
                        }
                        n++;
                        if (visit(&p.st, ctx))
                            return n;
                    }
                }
    }
    return n;
}

static int pred_c_ko(const void *p)
{
    const nx_state *st = p;
    return st->ch[st->ai_char].ko;
}

static int pred_c_crosses(const void *p)
{
    const nx_state *st = p;
    const nx_char *ch = &st->ch[st->ai_char];
    int np = ch->power + ch->ab[st->ai_ability].delta;
    return np < ch->tlow || np > ch->thigh;
}

static int pred_c_shaded(const void *p)
{
    const nx_state *st = p;
    const nx_char *ch = &st->ch[st->ai_char];
    return shade_bonus(&ch->ab[st->ai_ability], ch->power) != 0;
}

static int pred_c_on_t(const void *p)
{
    const nx_state *st = p;
    const nx_char *ch = &st->ch[st->ai_char];
    int np = ch->power + ch->ab[st->ai_ability].delta;
    return np == ch->tlow || np == ch->thigh;
}

/* The hit of a T field comes after the ability's effect, which may have
 * given shield points: the question is asked of the state after it. */
static void body_hit(nx_state *st)
{
    int c = st->ai_char;
    const nx_ability *a = &st->ch[c].ab[st->ai_ability];
    for (int i = 0; i < a->neffect; i++)
        op_effect(st, c, &a->effect[i], c, 0);
    hit(st, c);
}

static int pred_c_t_ko(const void *p)
{
    nx_state out;
    eng_rng rng;
    play_copy(p, body_hit, &out, &rng);
    return out.ch[out.ai_char].ko;
}

static void body_cast(nx_state *st)
{
    int c = st->ai_char, k = st->ai_ability;
    if (st->ch[c].ko) {
        trace(st, T_CAST, "noxius.cast.ko");
        return;
    }
    if (cast_illegal(st, c, k)) {
        trace(st, T_CAST, "noxius.cast.blocked");
        return;
    }
    cast(st, c, k, c);
}

static int run_cast(const void *p, const char **tr, size_t max)
{
    return run_traced(p, T_CAST, tr, max, body_cast);
}

/* Character 2 on turn: knocked out or not, every power on a scale with T
 * fields at 0 and 4, abilities costing -2..+2, shaded or not, 1 or 3 LP,
 * 0 or 1 SP, position damage 1 or 3 (so a hit exactly as large as the LP
 * is among them, with and without a shield point to take it). */
static long enum_cast(uint64_t seed, int (*visit)(const void *, void *), void *ctx)
{
    static probe base, p;
    long n = 0;
    nx_ability proto;
    char err[128];
    /* parsed and set up once; each state is a copy with its cost, shaded
     * value, power, points and position damage changed */
    parse_ability("delta=+0 effect=sp:1 r=2/T|2/T|2/T|2/T|2/T|2/T shade=0:+1", &proto, err, sizeof err);
    fresh(&base, 2);
    eng_rng_seed(&base.rng, seed);
    base.st.ch[1].tlow = 0;
    base.st.ch[1].thigh = 4;
    base.st.ch[1].ab[0] = proto;
    base.st.ai_char = 1;
    base.st.ai_ability = 0;
    p.st = base.st;
    p.st.rng = &p.rng;
    for (int ko = 0; ko < 2; ko++)
        for (int power = 0; power <= 4; power++)
            for (int delta = -2; delta <= 2; delta++)
                for (int shaded = 0; shaded < 2; shaded++)
                    for (int lp = 1; lp <= 3; lp += 2)
                        for (int sp = 0; sp < 2; sp++)
                            for (int dmg = 1; dmg <= 3; dmg += 2) {
                                /* the visits play copies: only what varies is reset */
                                p.rng = base.rng;
                                nx_state *st = &p.st;
                                st->ch[1].ko = 0;
                                st->ch[1].power = power;
                                st->ch[1].lp = lp;
                                st->ch[1].sp = sp;
                                st->ch[1].ab[0].delta = delta;
                                st->ch[1].ab[0].shade_at[0] = shaded ? power : power + 9;
                                st->en[0].dmg[1] = dmg;
                                if (ko)
                                    lose(st, 1, lp + sp, K_LP);
                                st->gen = ++enum_gen;
                                force(st, 1);
                                n++;
                                if (visit(st, ctx))
                                    return n;
                            }
    return n;
}

static void describe(const void *p, char *buf, size_t len)
{
    const nx_state *st = p;
    size_t u = 0;
    int w = snprintf(buf, len, "%d players, round %d;", st->players, st->round);
    for (int c = 0; c < st->players && w > 0 && (u += (size_t)w) < len; c++) {
        const nx_char *ch = &st->ch[c];
        char ab[160];
        format_ability(&ch->ab[st->ai_ability], ab, sizeof ab);
        w = snprintf(buf + u, len - u, " c%d(LP %d, SP %d, power %d in %d..%d, P%d at e%d%s%s; %s)", c + 1,
                     ch->lp, ch->sp, ch->power, ch->tlow, ch->thigh, ch->pos, ch->enemy,
                     ch->ko ? ", knocked out" : "", ch->acted ? ", has cast" : "", ab);
    }
    u = strlen(buf);
    for (int e = 0; e < NX_MAXEN && u < len; e++) {
        const nx_enemy *en = &st->en[e];
        if (!en->present)
            continue;
        char pl[160];
        format_plates(en, pl, sizeof pl);
        w = snprintf(buf + u, len - u, " e%d(plates %s, at plate %d%s%s, hits %d %d %d %d)", e + 1, pl,
                     en->cur + 1, en->wounded ? ", wounded" : "", en->met[0] || en->met[1] ? ", linked half met" : "",
                     en->dmg[0], en->dmg[1], en->dmg[2], en->dmg[3]);
        if (w < 0)
            break;
        u += (size_t)w;
    }
    const eng_rng *r = st->rng;
    for (size_t k = r->next_forced; k < r->nforced && u < len; k++) {
        w = snprintf(buf + u, len - u, " [d6:%s]", r->forced[k].die->faces[r->forced[k].face]);
        if (w < 0)
            break;
        u += (size_t)w;
    }
}

static const eng_pred round_preds[] = {
    {"noxius.round.linked-open", "a linked plate was half met in the last round", 2, pred_r_linked},
    {"noxius.round.fails", "every character is knocked out by the end of the turns", 2, pred_r_failed},
    {"noxius.round.field-clear", "the last enemy on the field falls this round", 2, pred_r_clear},
};
static const char *const round_outcomes[] = {
    "noxius.round.field", "noxius.round.linked-reset", "noxius.round.reposition", "noxius.round.turns",
    "noxius.round.recover", "noxius.round.mission-failed", "noxius.round.next", NULL};

static const eng_pred cast_preds[] = {
    {"noxius.cast.is-ko", "the character is knocked out", 2, pred_c_ko},
    {"noxius.cast.crosses", "the ability would cross a T field", 2, pred_c_crosses},
    {"noxius.cast.is-shaded", "the power held now is shaded for this ability", 2, pred_c_shaded},
    {"noxius.cast.on-t", "the new power is a T field", 2, pred_c_on_t},
    {"noxius.cast.t-knocks-out", "the hit of the position knocks the character out", 2, pred_c_t_ko},
};
static const char *const cast_outcomes[] = {
    "noxius.cast.ko", "noxius.cast.blocked", "noxius.cast.shaded", "noxius.cast.effect",
    "noxius.cast.power", "noxius.cast.power-hit", "noxius.cast.stopped", "noxius.cast.roll",
    "noxius.cast.results", NULL};

static const eng_ai nx_ais[] = {
    {"noxius.round", "a round", round_preds, sizeof round_preds / sizeof round_preds[0], round_outcomes,
     run_round, enum_round, describe},
    {"noxius.cast", "casting an ability", cast_preds, sizeof cast_preds / sizeof cast_preds[0],
     cast_outcomes, run_cast, enum_cast, describe},
};

/* ---- the game ------------------------------------------------------------------------------------ */

static const char *const nx_keys[] = {
    "players", "round", "phase", "over", "current", "last.roll", "last.damage", "fight.over",
    "c1.lp", "c1.sp", "c1.power", "c1.ko", "c1.dead", "c1.enemy", "c1.pos", "c1.buff",
    "c2.lp", "c2.sp", "c2.power", "c2.ko", "c2.enemy", "c2.pos", "c2.buff",
    "c3.lp", "c3.sp", "c3.ko", "c3.enemy", "c3.pos", "c4.lp", "c4.ko", "c4.pos",
    "e1.plate", "e1.left", "e1.wounded", "e1.present", "e1.defeated", "e1.met",
    "e2.plate", "e2.left", "e2.present", "e2.defeated", NULL};

static const char *const nx_statuses[] = {
    "noxius.plate.normal", "noxius.plate.exact", "noxius.plate.no-wound", "noxius.plate.lp",
    "noxius.plate.sp", "noxius.plate.wound", "noxius.plate.linked",
    "noxius.result.damage", "noxius.result.hit", "noxius.result.lp", "noxius.result.sp",
    "noxius.result.wound", "noxius.round.summary", NULL};

const eng_game eng_noxius_game = {
    .id = "noxius",
    .name = "Noxius",
    .facts = nx_facts,
    .nfacts = sizeof nx_facts / sizeof nx_facts[0],
    .dice = nx_dice,
    .state_new = nx_new,
    .state_free = nx_free,
    .state_set = nx_set,
    .state_get = nx_get,
    .act = nx_act,
    .state_keys = nx_keys,
    .ais = nx_ais,
    .nais = sizeof nx_ais / sizeof nx_ais[0],
    .statuses = nx_statuses,
};
