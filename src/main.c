/* main.c — regelwerk: verified print-and-play rules references.
 *
 * Dispatches to one file per subcommand (cmd_*.c). Global options come
 * before the subcommand: --content DIR. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#include "cli.h"
#include "cli_args.h"
#include "cmd_simulate.h"
#include "doc.h"
#include "icon.h"

static void usage(FILE *fp)
{
    fputs("usage: regelwerk [--content DIR] COMMAND [ARGS]\n"
          "\n"
          "Verified print-and-play rules references: XML summaries checked against\n"
          "executable rules engines and typeset to PDF.\n"
          "\n"
          "commands:\n"
          "  list                 games, languages and outputs\n"
          "  check [GAME...]      validate the content and check it against the engines\n"
          "  build [GAME...]      render sheets into out/\n"
          "  simulate GAME FILE   play out a game described in FILE (Noxius: a fight)\n"
          "  facts GAME           every fact the engine measures, with its value\n"
          "  i18n VERB ...        translations: export, import, update, status\n"
          "  hyphenate WORD...    where the sheets may break each word\n"
          "  new GAME             start a text-only game that checks and builds at once\n"
          "\n"
          "options:\n"
          "  --content DIR        the content folder (default: content)\n"
          "  --color=WHEN         colour diagnostics: auto (a terminal, unless NO_COLOR\n"
          "                       is set), always or never\n"
          "  --version            print the version\n"
          "  -h, --help           this help; COMMAND --help for each command\n"
          "\n"
          "exit status: 0 ok, 1 a check or build failed, 2 usage error\n",
          fp);
}

int main(int argc, char **argv)
{
    const char *content = NULL;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--version") == 0) {
            printf("regelwerk %s\n", REGELWERK_VERSION);
            return CLI_OK;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return CLI_OK;
        } else if (strcmp(argv[i], "--content") == 0) {
            if (!(content = cli_option_value(NULL, argc, argv, &i)))
                return CLI_USAGE;
        } else if (strncmp(argv[i], "--color=", 8) == 0) {
            const char *m = argv[i] + 8;
            if (strcmp(m, "auto") && strcmp(m, "always") && strcmp(m, "never")) {
                fprintf(stderr, "regelwerk: --color wants auto, always or never\n"
                                "Try 'regelwerk --help'\n");
                return CLI_USAGE;
            }
            diag_set_color(!strcmp(m, "always") ? DIAG_COLOR_ALWAYS
                           : !strcmp(m, "never") ? DIAG_COLOR_NEVER : DIAG_COLOR_AUTO);
        } else {
            fprintf(stderr, "regelwerk: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return CLI_USAGE;
        }
    }
    if (i >= argc) {
        usage(stderr);
        return CLI_USAGE;
    }
    LIBXML_TEST_VERSION
    diag_set_source(doc_src_line);
    cli_env env;
    cli_env_init(&env, content);
    const char *cmd = argv[i];
    int sub_argc = argc - i;
    char **sub_argv = argv + i;
    int rc;
    if (strcmp(cmd, "list") == 0)
        rc = cmd_list(sub_argc, sub_argv, &env);
    else if (strcmp(cmd, "check") == 0)
        rc = cmd_check(sub_argc, sub_argv, &env);
    else if (strcmp(cmd, "build") == 0)
        rc = cmd_build(sub_argc, sub_argv, &env);
    else if (strcmp(cmd, "new") == 0)
        rc = cmd_new(sub_argc, sub_argv, &env);
    else if (strcmp(cmd, "hyphenate") == 0)
        rc = cmd_hyphenate(sub_argc, sub_argv, &env);
    else if (strcmp(cmd, "facts") == 0)
        rc = cmd_facts(sub_argc, sub_argv, &env);
    else if (strcmp(cmd, "i18n") == 0)
        rc = cmd_i18n(sub_argc, sub_argv, &env);
    else if (strcmp(cmd, "simulate") == 0)
        rc = cmd_simulate(sub_argc, sub_argv, &env);
    else {
        fprintf(stderr, "regelwerk: unknown command '%s'\n", cmd);
        usage(stderr);
        rc = CLI_USAGE;
    }
    doc_loader_cleanup();
    icon_cleanup();
    xmlCleanupParser();
    /* what we printed must have reached its reader: a full disk or a closed
     * pipe under `regelwerk check --format json > FILE` is a failure */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "regelwerk: cannot write the output: %s\n", strerror(errno));
        if (rc == CLI_OK)
            rc = CLI_FAIL;
    }
    return rc;
}
