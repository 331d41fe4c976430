/* cmd_check.c — `regelwerk check`: the content against the engines. */
#include <libgen.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chk.h"
#include "chk_out.h"
#include "cli.h"
#include "cli_args.h"
#include "game.h"

static void usage(FILE *fp)
{
    fputs("usage: regelwerk check [GAME...] [--lang L] [--coverage] [--format text|json|sarif|junit]\n"
          "                       [--examples FILE]... [-v]\n"
          "\n"
          "Validates every file of each game (all games when none is named) against the\n"
          "schema and checks it against the game's engine: ids and references, every\n"
          "bound number and claim, every worked example (run twice), every flowchart\n"
          "(against the engine's procedure on every enumerated state), cards against\n"
          "the engine's statuses, translations against their source, and coverage.\n"
          "\n"
          "  --lang L          check only language L (and the source it is checked against)\n"
          "  --coverage        print bound/total rule blocks per game and language and\n"
          "                    list the unbound mechanical blocks\n"
          "  --format F        text (default); json: one object on stdout, version 1;\n"
          "                    sarif: SARIF 2.1.0 (GitHub code scanning); junit: JUnit XML\n"
          "  --examples FILE   also run the scenarios of FILE (same format as a game's\n"
          "                    examples.xml; its game attribute names the engine)\n"
          "  -v, --verbose     print notes too (flowchart combinations realised)\n"
          "\n"
          "The last line reads `N passed, N failed; N errors, N warnings` (build's,\n"
          "`N written, N failed; …`). Exit status: 0 all passed, 1 any check failed,\n"
          "2 usage error.\n",
          fp);
}

/* Reads the game attribute of a scenario file without validating it yet. */
static char *scenario_game(const char *path, diag_list *diags)
{
    doc_loader ld = {NULL, NULL};
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    ld.content_root = dirname(dir);
    xmlDocPtr x = doc_parse_xml(&ld, path, diags);
    if (!x)
        return NULL;
    xmlNodePtr root = xmlDocGetRootElement(x);
    xmlChar *g = root ? xmlGetProp(root, (const xmlChar *)"game") : NULL;
    char *res = g ? strdup((const char *)g) : NULL;
    if (!res)
        diag_add(diags, DIAG_ERROR, path, root ? (int)xmlGetLineNo(root) : 0, 0, "examples",
                 "a scenario file needs <examples game=\"GAME\">");
    else if (!cli_game_name_ok(res)) {
        /* the attribute becomes a folder name: never a path */
        diag_add(diags, DIAG_ERROR, path, (int)xmlGetLineNo(root),
                 doc_src_column(path, (int)xmlGetLineNo(root), "game="), "examples",
                 "game=\"%s\" is not a game name (lower-case letters, digits and '-')", res);
        free(res);
        res = NULL;
    }
    xmlFree(g);
    xmlFreeDoc(x);
    return res;
}

typedef struct check_opts {
    chk_options opt;
    int format;              /* 0 text, 1 json, 2 sarif, 3 junit */
    int verbose;
    const char **extra;      /* --examples FILE, in order */
    size_t nextra;
} check_opts;

static int on_option(void *ctx, int c, const char *arg)
{
    check_opts *o = ctx;
    static const char *const formats[] = {"text", "json", "sarif", "junit"};
    switch (c) {
    case 'h':
        usage(stdout);
        return CLI_DONE;
    case 'l':
        o->opt.lang = arg;
        return CLI_OK;
    case 'c':
        o->opt.list_unbound = 1;
        return CLI_OK;
    case 'v':
        o->verbose = 1;
        return CLI_OK;
    case 'f':
        for (int k = 0; k < 4; k++)
            if (strcmp(arg, formats[k]) == 0)
                return o->format = k, CLI_OK;
        return cli_usage_error("check", "--format wants text, json, sarif or junit, not '%s'", arg);
    case 'e':
        o->extra[o->nextra++] = arg;
        return CLI_OK;
    default:
        return CLI_USAGE;
    }
}

int cmd_check(int argc, char **argv, const cli_env *env)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},          {"lang", required_argument, NULL, 'l'},
        {"coverage", no_argument, NULL, 'c'},      {"verbose", no_argument, NULL, 'v'},
        {"format", required_argument, NULL, 'f'},  {"examples", required_argument, NULL, 'e'},
        {NULL, 0, NULL, 0},
    };
    check_opts o = {{0, 0, NULL, NULL}, 0, 0, calloc((size_t)argc, sizeof(const char *)), 0};
    char **games = NULL;
    size_t ngames = 0;
    int rc = o.extra ? cli_getopt("check", argc, argv, "hv", longopts, on_option, &o, &games, &ngames)
                     : (diag_tool("check", DIAG_ERROR, "out of memory"), CLI_FAIL);
    chk_options opt = o.opt;
    int json = o.format, verbose = o.verbose;
    const char **extra = o.extra;
    size_t nextra = o.nextra;
    if (rc != CLI_OK) {
        rc = rc == CLI_DONE ? CLI_OK : rc;
        goto out;
    }
    /* names, never paths, of games that exist: a typo is a usage error */
    if ((rc = cli_games_known("check", env->content, (const char *const *)games, ngames)) != CLI_OK)
        goto out;

    diag_list diags;
    diag_list_init(&diags);
    chk_report rep = {0};
    doc_loader ld = {env->content, env->schema};
    char **all = NULL;
    /* games[] was sized for the command line; the content folder's games are
     * read from their own list, never appended to it. */
    const char *const *list = (const char *const *)games;
    if (ngames == 0 && nextra == 0) {
        all = cli_game_names(env->content);
        if (!all) {
            rc = CLI_FAIL;
            goto out;
        }
        list = (const char *const *)all;
        while (all[ngames])
            ngames++;
    }
    for (size_t i = 0; i < ngames; i++) {
        size_t errors = diags.errors;
        game *g = game_load(&ld, env->content, list[i], env->templates, &diags);
        if (!g) {
            rep.failed++;
            continue;
        }
        /* Load failures (schema, parse) count as failed checks too. */
        if (diags.errors > errors)
            rep.failed += (long)(diags.errors - errors);
        chk_game(g, &opt, &rep, &diags);
        game_free(g);
    }
    for (size_t i = 0; i < nextra; i++) {
        size_t errors = diags.errors;
        char *gid = scenario_game(extra[i], &diags);
        game *g = gid ? game_load(&ld, env->content, gid, env->templates, &diags) : NULL;
        if (g) {
            size_t first = g->nscenarios;
            char dir[PATH_MAX];
            snprintf(dir, sizeof dir, "%s", extra[i]);
            doc_loader xl = {dirname(dir), env->schema};
            if (game_load_scenarios(g, &xl, extra[i], &diags) == 0)
                chk_scenarios(g, first, &rep, &diags);
        }
        if (diags.errors > errors && rep.failed == 0)
            rep.failed++;
        game_free(g);
        free(gid);
    }

    if (json) {
        /* machine-readable: JSON (version 1), SARIF 2.1.0 or JUnit XML */
        int (*const out[])(FILE *, const chk_report *, const diag_list *) = {NULL, chk_out_json, chk_out_sarif,
                                                                             chk_out_junit};
        if (out[json](stdout, &rep, &diags) != 0)
            rc = CLI_FAIL;
    } else {
        for (size_t i = 0; i < diags.n; i++) {
            if (diags.items[i].sev == DIAG_NOTE && !verbose && !opt.list_unbound)
                continue;
            diag_list one = {&diags.items[i], 1, 1, 0, 0};
            diag_print(&one, stderr);
        }
        /* -q: the diagnostics above and the exit status say it all */
        for (size_t i = 0; i < rep.ncov && !env->quiet; i++) {
            const chk_coverage *c = &rep.cov[i];
            if (c->unverified) {
                printf("coverage %s/%s: n/a, not verified (engine=\"none\")\n", c->game, c->lang);
                continue;
            }
            printf("coverage %s/%s: %d of %d statements bound (%.1f %%), %d of %d rule blocks (%.1f %%)",
                   c->game, c->lang, c->stmt_bound, c->stmt_total,
                   c->stmt_total ? 100.0 * c->stmt_bound / c->stmt_total : 100.0, c->bound, c->total,
                   c->total ? 100.0 * c->bound / c->total : 100.0);
            if (c->target >= 0)
                printf(", target %d %%", c->target);
            printf("; %d invisible claim%s, %d block%s marked not mechanical\n", c->claims,
                   c->claims == 1 ? "" : "s", c->marked, c->marked == 1 ? "" : "s");
        }
        if (rep.flow_states && !env->quiet)
            printf("flowcharts: %ld states checked, %ld of %ld predicate combinations realised\n",
                   rep.flow_states, rep.flow_combos_hit, rep.flow_combos_total);
        if (!env->quiet)
            diag_summary(stdout, "passed", rep.passed, rep.failed, rep.skipped, &diags);
    }
    if (rep.failed || diags.errors)
        rc = CLI_FAIL;
    chk_report_free(&rep);
    diag_list_free(&diags);
    game_names_free(all);
out:
    free(games);
    free(extra);
    return rc;
}
