/* eng_noxius.h — the Noxius engine (eng_noxius.c) and its measurements
 * (eng_noxius_facts.c).
 *
 * Everything is reached through eng_noxius_game and the contract in eng.h:
 * scenarios, facts, flowcharts and `regelwerk simulate noxius FILE` drive
 * the same opaque state through its keys and actions. The facts file sees
 * only this header and eng.h; it supplies the facts and the AI procedures'
 * predicates, postconditions and enumerators, and takes the procedures
 * themselves from the engine.
 */
#ifndef REGELWERK_ENG_NOXIUS_H
#define REGELWERK_ENG_NOXIUS_H

#include "eng.h"

extern const eng_game eng_noxius_game;

/* The facts and the AI procedures, defined in eng_noxius_facts.c. The
 * counts are part of the declarations, so that a definition with another
 * number of entries does not compile. */
#define ENG_NOXIUS_NFACTS 80
#define ENG_NOXIUS_NAIS 2
extern const eng_fact eng_noxius_facts[ENG_NOXIUS_NFACTS];
extern const eng_ai eng_noxius_ais[ENG_NOXIUS_NAIS];

/* The procedures of the flowcharts "runde" (a round played by the
 * simulated players) and "wirken" (character ai.who casts ability
 * ai.ability, its effects on itself). Each marks its steps with eng_step. */
int eng_noxius_run_round(eng_state *st);
int eng_noxius_run_cast(eng_state *st);

#endif
