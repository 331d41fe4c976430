/* eng_noxius.h — the Noxius engine's hooks beyond eng.h: planted faults for
 * tests, and a narrator through which `regelwerk simulate` prints a fight.
 *
 * The engine itself is reached through eng_noxius_game (eng.h): scenarios,
 * facts, AIs and simulation all drive the same state through state_set() and
 * act(). The fault flag is 0 outside tests and not thread-safe.
 */
#ifndef REGELWERK_ENG_NOXIUS_H
#define REGELWERK_ENG_NOXIUS_H

#include "eng.h"

extern const eng_game eng_noxius_game;

enum nx_fault {
    NX_FAULT_NONE,
    NX_FAULT_ORDER_LOW,        /* turns from the lowest position up */
    NX_FAULT_POWER_FIRST,      /* power is adjusted before the effect */
    NX_FAULT_RIGHT_TO_LEFT,    /* a roll's results are read right to left */
    NX_FAULT_CROSS_ALLOWED,    /* an ability may cross a T field */
    NX_FAULT_SHADE_REACHED,    /* shaded values count when reached, not held */
    NX_FAULT_KO_KEEPS_SP,      /* a knocked-out character keeps its shield points */
    NX_FAULT_NO_MULTI,         /* damage never takes more than one plate */
    NX_FAULT_LINKED_KEPT,      /* a half-met linked plate is not reset */
    NX_FAULT_BUFF_STACKS,      /* a recast buff adds to the old one */
    NX_FAULT_POSITIONS_SHARED  /* a position may be taken at two enemies */
};

extern int eng_noxius_fault;

/* One line of a fight's trace. kind is a short English word ("round",
 * "position", "cast", "roll", "damage", "plate", "hit", "ko", "defeated",
 * "fight-over", "failed"); actor is a character or enemy name or "". */
typedef struct nx_event {
    int round;
    const char *kind;
    const char *actor;
    const char *text;
} nx_event;

typedef void (*nx_narrator)(void *ctx, const nx_event *ev);

/* Sends every event of st (a state of eng_noxius_game) to fn from now on;
 * fn NULL stops. */
void eng_noxius_narrate(void *st, nx_narrator fn, void *ctx);

#endif
