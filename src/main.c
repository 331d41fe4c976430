/* main.c — regelwerk: verified print-and-play rules references.
 *
 * Dispatches to one file per subcommand (cmd_*.c). Global options come
 * before the subcommand (--content DIR, --color, -q, -V), parsed with
 * getopt_long like every subcommand's (cli_getopt). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#include "cli.h"
#include "cli_args.h"
#include "cmd_simulate.h"
#include "doc.h"
#include "i18n_vocab.h"
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
          "  -q, --quiet          errors and warnings only: no progress, coverage or\n"
          "                       summary lines\n"
          "  -V, --version        print the version\n"
          "  -h, --help           this help; COMMAND --help for each command\n"
          "\n"
          "exit status: 0 ok, 1 a check or build failed, 2 usage error\n",
          fp);
}

typedef struct main_opts {
    const char *content;
    int quiet;
} main_opts;

static int on_option(void *ctx, int c, const char *arg)
{
    main_opts *o = ctx;
    switch (c) {
    case 'V':
        printf("regelwerk %s\n", REGELWERK_VERSION);
        return CLI_DONE;
    case 'h':
        usage(stdout);
        return CLI_DONE;
    case 'q':
        o->quiet = 1;
        diag_set_quiet(1);
        return CLI_OK;
    case 'C':
        o->content = arg;
        return CLI_OK;
    case 'c':
        if (!arg || !strcmp(arg, "always"))
            diag_set_color(DIAG_COLOR_ALWAYS);
        else if (!strcmp(arg, "never"))
            diag_set_color(DIAG_COLOR_NEVER);
        else if (!strcmp(arg, "auto"))
            diag_set_color(DIAG_COLOR_AUTO);
        else
            return cli_usage_error(NULL, "--color wants auto, always or never, not '%s'", arg);
        return CLI_OK;
    default:
        return CLI_USAGE;
    }
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"content", required_argument, NULL, 'C'}, {"color", optional_argument, NULL, 'c'},
        {"quiet", no_argument, NULL, 'q'},         {"version", no_argument, NULL, 'V'},
        {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0},
    };
    main_opts o = {NULL, 0};
    char **rest = NULL;
    size_t nrest = 0;
    int rc = cli_getopt(NULL, argc, argv, "+qVh", longopts, on_option, &o, &rest, &nrest);
    if (rc != CLI_OK || nrest == 0) {
        free(rest);
        if (rc == CLI_DONE)
            return CLI_OK;
        if (rc == CLI_OK)
            return cli_usage_error(NULL, "a command is missing (list, check, build, …)");
        return rc;
    }
    LIBXML_TEST_VERSION
    diag_set_source(doc_src_line);
    cli_env env;
    cli_env_init(&env, o.content);
    env.quiet = o.quiet;
    const char *cmd = rest[0];
    int sub_argc = (int)nrest;
    char **sub_argv = rest;
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
    else
        rc = cli_usage_error(NULL, "unknown command '%s' (list, check, build, simulate, facts, i18n, hyphenate, new)",
                             cmd);
    free(rest);
    doc_loader_cleanup();
    icon_cleanup();
    i18n_vocab_cleanup();
    xmlCleanupParser();
    /* what we printed must have reached its reader: a full disk or a closed
     * pipe under `regelwerk check --format json > FILE` is a failure */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        diag_tool(NULL, DIAG_ERROR, "cannot write the output: %s", strerror(errno));
        if (rc == CLI_OK)
            rc = CLI_FAIL;
    }
    return rc;
}
