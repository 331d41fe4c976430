/* eng_nemesis.h — the Nemesis engine's one test hook.
 *
 * The engine itself is reached through eng_nemesis_game (eng.h). Tests must
 * show that each probe notices when the rule it measures changes; this flag
 * plants one such fault inside the engine. It is 0 (no fault) outside tests
 * and is not thread-safe: set it, measure, set it back to NM_FAULT_NONE.
 */
#ifndef REGELWERK_ENG_NEMESIS_H
#define REGELWERK_ENG_NEMESIS_H

#include "eng.h"

extern const eng_game eng_nemesis_game;

enum nm_fault {
    NM_FAULT_NONE,
    NM_FAULT_LIGHT_FOUR,       /* the 4th light wound, not the 3rd, turns serious */
    NM_FAULT_TOKEN_RIGHT,      /* the first-player token passes to the right */
    NM_FAULT_MELEE_NO_WOUND,   /* a melee miss costs nothing */
    NM_FAULT_TARGET_MOST,      /* intruders attack the character with most cards */
    NM_FAULT_ENGINES_THREE,    /* only 3 damaged engines blow the ship up */
    NM_FAULT_SURPRISE_EQUAL,   /* surprise also when the hand equals the number */
    NM_FAULT_FIRE_FIRST,       /* fire damage before the intruder attacks */
    NM_FAULT_DANGER_ROLLS,     /* a danger token still rolls for noise */
    NM_FAULT_CAREFUL_COMBAT    /* careful movement allowed in combat */
};

/* The fault planted now (enum nm_fault). */
extern int eng_nemesis_fault;

#endif
