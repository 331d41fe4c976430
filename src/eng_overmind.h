/* eng_overmind.h — the engine of the heroes-versus-Overmind miniatures game
 * (eng_overmind.c) and its measurements (eng_overmind_facts.c).
 *
 * Everything is reached through eng_overmind_game and the contract in eng.h.
 * The facts file sees only this header and eng.h: it supplies the facts and
 * the predicates, postconditions and enumerators of the procedures, and
 * takes the procedures themselves from the engine.
 */
#ifndef REGELWERK_ENG_OVERMIND_H
#define REGELWERK_ENG_OVERMIND_H

#include "eng.h"

extern const eng_game eng_overmind_game;

/* The counts are part of the declarations, so that a definition with another
 * number of entries does not compile. */
#define ENG_OVERMIND_NFACTS 168
#define ENG_OVERMIND_NAIS 7
extern const eng_fact eng_overmind_facts[ENG_OVERMIND_NFACTS];
extern const eng_ai eng_overmind_ais[ENG_OVERMIND_NAIS];

/* The procedures of the flowcharts, each marking its steps with eng_step:
 *   order     the solo AI picks the next alien unit to activate (ai.unit);
 *   move      the solo AI moves unit ai.unit;
 *   target    the solo AI attacks with unit ai.unit, or sets it on overwatch;
 *   behaviour the solo AI's behaviour of the unit ai.unit just revealed
 *             (the same procedure serves XXL units, which break walls first);
 *   hero      hero ai.who performs its activation: ai.first, then ai.second;
 *   combat    model ai.who attacks model ai.target (ai.kind), dice forced. */
int eng_overmind_run_order(eng_state *st);
int eng_overmind_run_move(eng_state *st);
int eng_overmind_run_target(eng_state *st);
int eng_overmind_run_behaviour(eng_state *st);
int eng_overmind_run_hero(eng_state *st);
int eng_overmind_run_combat(eng_state *st);

#endif
