/* cli_args.h — what the subcommands ask of their arguments: option values
 * that are there, game names that are names (never paths) of games that
 * exist, languages that some game has.
 *
 * Each function prints its own one-line complaint to stderr, prefixed
 * "regelwerk CMD: error: ", and returns CLI_USAGE (exit 2) for a usage error;
 * nothing is printed on success.
 */
#ifndef REGELWERK_CLI_ARGS_H
#define REGELWERK_CLI_ARGS_H

#include <getopt.h>
#include <stddef.h>

#include "cli.h"

/* 1 when name is a game name: 1..64 of [a-z0-9-], so that it can never
 * name a path ("../../etc", "/tmp", "a/b"); else 0. */
int cli_game_name_ok(const char *name);

/* Every one of games[0..n) must be a well-formed name of a game folder of
 * content_root (one holding game.xml). CLI_OK; CLI_USAGE naming the games
 * that exist; CLI_FAIL when the content folder cannot be read. */
int cli_games_known(const char *cmd, const char *content_root, const char *const *games, size_t n);

/* game_names(content_root), or NULL after printing why there is no list:
 * "cannot read the content folder" or "out of memory". */
char **cli_game_names(const char *content_root);
/* lang must be a language listed in the game.xml of at least one of
 * games[0..n): CLI_OK, else CLI_USAGE naming the languages there are. A
 * game.xml that does not parse is skipped here (loading the game reports
 * it); when none does, any lang passes. */
int cli_lang_known(const char *cmd, const cli_env *env, const char *const *games, size_t n, const char *lang);

/* A subcommand's arguments, parsed by getopt_long with GNU conventions:
 * --opt=value and --opt value, unique prefixes of long options, combined
 * short options (-qv), "--" to end the options, options and operands in any
 * order. shortopts and longopts are getopt_long's (without the leading ':',
 * which this adds; a leading '+' stops at the first operand, for main's
 * options before the command). on(ctx, val, optarg) is called for every option in
 * order and returns CLI_OK, CLI_DONE (e.g. after printing --help: stop,
 * exit 0) or CLI_USAGE/CLI_FAIL after printing its own complaint. An
 * unknown option or a missing value is a usage error printed here:
 *   regelwerk CMD: error: unknown option '--x'
 *   Try 'regelwerk CMD --help'
 * The operands, in their order, go to *operands (an array the caller
 * frees; NULL-terminated) and their count to *n. Returns CLI_OK, CLI_DONE,
 * CLI_USAGE or CLI_FAIL. */
int cli_getopt(const char *cmd, int argc, char **argv, const char *shortopts, const struct option *longopts,
               int (*on)(void *ctx, int opt, const char *arg), void *ctx, char ***operands, size_t *n);

/* Prints "regelwerk CMD: error: " + the message + "Try 'regelwerk CMD --help'" to
 * stderr and returns CLI_USAGE: the one form of every usage error. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
