/* cli.h — what the subcommands share: where the data lives, option parsing
 * helpers, and the exit codes.
 *
 * Exit codes: 0 ok; 1 a check or build failed; 2 usage error.
 */
#ifndef REGELWERK_CLI_H
#define REGELWERK_CLI_H

#include <limits.h>

enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };
/* Not an exit code: an option handler's "done, exit 0" (after --help). */
enum { CLI_DONE = -1 };

typedef struct cli_env {
    char content[PATH_MAX];    /* the content root: content/ or --content DIR */
    char schema[PATH_MAX];     /* regelwerk.rng */
    char templates[PATH_MAX];  /* templates/ */
    char fonts[PATH_MAX];      /* fonts/ (the manifest) */
    char icons[PATH_MAX];      /* the Game Icons JSON */
    int quiet;                 /* -q: errors only, no progress or summary lines */
} cli_env;

/* Fills env: REGELWERK_DATADIR, else the source tree when run from it, else
 * the installed data directory. content_root NULL = "content". */
void cli_env_init(cli_env *env, const char *content_root);

int cmd_list(int argc, char **argv, const cli_env *env);
int cmd_check(int argc, char **argv, const cli_env *env);
int cmd_build(int argc, char **argv, const cli_env *env);
int cmd_facts(int argc, char **argv, const cli_env *env);
/* i18n export|import|update|status: the translation workflow (cmd_i18n.c) */
int cmd_i18n(int argc, char **argv, const cli_env *env);
int cmd_hyphenate(int argc, char **argv, const cli_env *env);
int cmd_new(int argc, char **argv, const cli_env *env);

#endif
