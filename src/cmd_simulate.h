/* cmd_simulate.h — `regelwerk simulate noxius FILE`: play out a fight.
 *
 * The fight file (schema src/schema/fight.rnc) names the characters with
 * their abilities and the enemies with their life plates and the round in
 * which each appears. The Noxius engine plays it with its simulated players
 * (eng_noxius.c) and a seeded die; the trace is printed round by round, as
 * text or JSON. Same file and seed, same trace.
 */
#ifndef REGELWERK_CMD_SIMULATE_H
#define REGELWERK_CMD_SIMULATE_H

#include "cli.h"

int cmd_simulate(int argc, char **argv, const cli_env *env);

#endif
