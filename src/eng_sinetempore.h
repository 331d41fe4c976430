/* eng_sinetempore.h — the Sine Tempore engine (eng_sinetempore.c) and its
 * measurements (eng_sinetempore_facts.c), which see the engine only through
 * eng.h.
 *
 * The game is reached through eng_sinetempore_game. The state stays private
 * to eng_sinetempore.c; the two files share only what is declared here: the
 * procedures that the AI table runs, and the tables of facts and AI
 * procedures that the game declares.
 */
#ifndef REGELWERK_ENG_SINETEMPORE_H
#define REGELWERK_ENG_SINETEMPORE_H

#include "eng.h"

extern const eng_game eng_sinetempore_game;

/* The procedures (eng_ai.run), in eng_sinetempore.c. Each performs its
 * procedure on st, marking its steps with eng_step. The question is in the
 * state's keys: ai.model (the enemy model whose target is chosen, or which
 * is activated), ai.hero and ai.plan (the hero activated and the AP he
 * wants to spend waiting), and the attack set up by the keys ai.* of the
 * attack procedure. 0, or -1 when the question names nobody. */
int eng_sinetempore_run_target(eng_state *st);
int eng_sinetempore_run_enemy(eng_state *st);
int eng_sinetempore_run_enemy_attack(eng_state *st);
int eng_sinetempore_run_hero(eng_state *st);
int eng_sinetempore_run_hero_oblivion(eng_state *st);
int eng_sinetempore_run_hero_end(eng_state *st);
int eng_sinetempore_run_attack(eng_state *st);

/* In eng_sinetempore_facts.c: the facts and the AI procedures (predicates,
 * outcomes with their postconditions, enumerators). */
#define ENG_SINETEMPORE_NFACTS 133
extern const eng_fact eng_sinetempore_facts[ENG_SINETEMPORE_NFACTS];
#define ENG_SINETEMPORE_NAIS 7
extern const eng_ai eng_sinetempore_ais[ENG_SINETEMPORE_NAIS];

#endif
