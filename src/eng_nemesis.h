/* eng_nemesis.h — the Nemesis engine (eng_nemesis.c) and its measurements
 * (eng_nemesis_facts.c), which see the engine only through eng.h.
 *
 * The game is reached through eng_nemesis_game. The state stays private to
 * eng_nemesis.c; the two files share only what is declared here: the
 * procedures that the AI table runs, and the tables of facts and AI
 * procedures that the game declares.
 */
#ifndef REGELWERK_ENG_NEMESIS_H
#define REGELWERK_ENG_NEMESIS_H

#include "eng.h"

extern const eng_game eng_nemesis_game;

/* The AI procedures (eng_ai.run), in eng_nemesis.c: each performs its
 * procedure on st, marking its steps with eng_step. The question is in the
 * state's keys: ai.room and ai.surprise (whom an intruder attacks),
 * ai.intruder and ai.amount (damage to an intruder). 0, or -1 when the
 * question names no intruder. */
int eng_nemesis_run_target(eng_state *st);
int eng_nemesis_run_damage(eng_state *st);
int eng_nemesis_run_event(eng_state *st);
int eng_nemesis_run_bag(eng_state *st);

/* In eng_nemesis_facts.c: the facts and the AI procedures (predicates,
 * outcomes with their postconditions, enumerators). */
#define ENG_NEMESIS_NFACTS 140
#define ENG_NEMESIS_NAIS 4
extern const eng_fact eng_nemesis_facts[ENG_NEMESIS_NFACTS];
extern const eng_ai eng_nemesis_ais[ENG_NEMESIS_NAIS];

#endif
