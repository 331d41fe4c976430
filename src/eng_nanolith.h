/* eng_nanolith.h — the Nanolith engine (eng_nanolith.c) and its
 * measurements (eng_nanolith_facts.c).
 *
 * Everything is reached through eng_nanolith_game and the contract in eng.h.
 * The facts file sees only this header and eng.h: it supplies the facts and
 * the predicates, postconditions and enumerators of the AI procedures, and
 * takes the procedures themselves from the engine.
 */
#ifndef REGELWERK_ENG_NANOLITH_H
#define REGELWERK_ENG_NANOLITH_H

#include "eng.h"

extern const eng_game eng_nanolith_game;

/* The counts are part of the declarations, so that a definition with another
 * number of entries does not compile. */
#define ENG_NANOLITH_NFACTS 74
#define ENG_NANOLITH_NAIS 4
extern const eng_fact eng_nanolith_facts[ENG_NANOLITH_NFACTS];
extern const eng_ai eng_nanolith_ais[ENG_NANOLITH_NAIS];

/* The procedures of the flowcharts. Each marks its steps with eng_step.
 *  round:     one whole round, the characters ending their activations at once;
 *  nanoshock: character ai.who gains one stress (and perhaps its nanoshock);
 *  target:    enemy ai.enemy chooses its target;
 *  enemy:     enemy ai.enemy is activated (boss card, target, move, attack). */
int eng_nanolith_run_round(eng_state *st);
int eng_nanolith_run_nanoshock(eng_state *st);
int eng_nanolith_run_target(eng_state *st);
int eng_nanolith_run_enemy(eng_state *st);

#endif
