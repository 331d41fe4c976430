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
          "The last line reads `N passed, N failed`. Exit status: 0 all passed, 1 any\n"
          "check failed, 2 usage error.\n",
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
        diag_add(diags, DIAG_ERROR, path, (int)xmlGetLineNo(root), 0, "examples",
                 "game=\"%s\" is not a game name (lower-case letters, digits and '-')", res);
        free(res);
        res = NULL;
    }
    xmlFree(g);
    xmlFreeDoc(x);
    return res;
}

int cmd_check(int argc, char **argv, const cli_env *env)
{
    int json = 0, verbose = 0;
    chk_options opt = {0, 0, NULL};
    const char **games = calloc((size_t)argc, sizeof *games);
    const char **extra = calloc((size_t)argc, sizeof *extra);
    size_t ngames = 0, nextra = 0;
    int rc = CLI_OK;
    if (!games || !extra) {
        free(games);
        free(extra);
        fputs("regelwerk: out of memory\n", stderr);
        return CLI_FAIL;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            goto out;
        } else if ((strcmp(a, "--lang") == 0 && i + 1 < argc) || strncmp(a, "--lang=", 7) == 0) {
            opt.lang = a[6] == '=' ? a + 7 : argv[++i];
        } else if (strcmp(a, "--coverage") == 0) {
            opt.list_unbound = 1;
        } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
            verbose = 1;
        } else if (strcmp(a, "--format") == 0 || strncmp(a, "--format=", 9) == 0) {
            const char *f = a[8] == '=' ? a + 9 : cli_option_value("check", argc, argv, &i);
            if (!f) {
                rc = CLI_USAGE;
                goto out;
            }
            static const char *const formats[] = {"text", "json", "sarif", "junit"};
            json = -1;
            for (int k = 0; k < 4; k++)
                if (strcmp(f, formats[k]) == 0)
                    json = k;
            if (json < 0) {
                fprintf(stderr, "regelwerk check: --format wants text, json, sarif or junit, not '%s'\n"
                                "Try 'regelwerk check --help'\n", f);
                rc = CLI_USAGE;
                goto out;
            }
        } else if (strcmp(a, "--examples") == 0) {
            if (!(extra[nextra++] = cli_option_value("check", argc, argv, &i))) {
                rc = CLI_USAGE;
                goto out;
            }
        } else if (a[0] == '-') {
            fprintf(stderr, "regelwerk check: unknown option '%s'\n", a);
            usage(stderr);
            rc = CLI_USAGE;
            goto out;
        } else {
            games[ngames++] = a;
        }
    }
    /* names, never paths, of games that exist: a typo is a usage error */
    if ((rc = cli_games_known("check", env->content, games, ngames)) != CLI_OK)
        goto out;

    diag_list diags;
    diag_list_init(&diags);
    chk_report rep = {0};
    doc_loader ld = {env->content, env->schema};
    char **all = NULL;
    /* games[] was sized for the command line; the content folder's games are
     * read from their own list, never appended to it. */
    const char *const *list = games;
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
        for (size_t i = 0; i < rep.ncov; i++) {
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
        if (rep.flow_states)
            printf("flowcharts: %ld states checked, %ld of %ld predicate combinations realised\n",
                   rep.flow_states, rep.flow_combos_hit, rep.flow_combos_total);
        printf("%ld passed, %ld failed", rep.passed, rep.failed);
        if (rep.skipped)
            printf(", %ld skipped", rep.skipped);
        putchar('\n');
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
