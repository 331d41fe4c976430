/* cmd_list.c — `regelwerk list`: games, languages, outputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "game.h"

static int on_option(void *ctx, int c, const char *arg)
{
    (void)ctx, (void)arg;
    if (c != 'h')
        return CLI_USAGE;
    puts("usage: regelwerk list\n\nLists every game of the content folder with its engine,\n"
         "languages and configured outputs.");
    return CLI_DONE;
}

int cmd_list(int argc, char **argv, const cli_env *env)
{
    static const struct option longopts[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    char **rest = NULL;
    size_t nrest = 0;
    int rc = cli_getopt("list", argc, argv, "h", longopts, on_option, NULL, &rest, &nrest);
    if (rc == CLI_OK && nrest)
        rc = cli_usage_error("list", "unexpected argument '%s'", rest[0]);
    free(rest);
    if (rc != CLI_OK)
        return rc == CLI_DONE ? CLI_OK : rc;
    char **names = cli_game_names(env->content);
    if (!names)
        return CLI_FAIL;
    diag_list diags;
    diag_list_init(&diags);
    doc_loader ld = {env->content, env->schema};
    rc = CLI_OK;
    for (char **n = names; *n; n++) {
        game *g = game_load(&ld, env->content, *n, env->templates, &diags);
        if (!g) {
            rc = CLI_FAIL;
            continue;
        }
        printf("%s\t%s\tengine %s%s\n", g->id, game_title(g, g->source_lang), g->engine_id,
               g->engine ? "" : " (missing)");
        for (size_t i = 0; i < g->nlangs; i++)
            printf("  lang %s\t%s%s\n", g->langs[i].code, g->langs[i].path,
                   g->source_lang && strcmp(g->langs[i].code, g->source_lang) == 0 ? "\t(source)" : "");
        for (size_t i = 0; i < g->noutputs; i++) {
            const game_output *o = &g->outputs[i];
            printf("  output %s", o->kind);
            if (o->template_id)
                printf(" template=%s", o->template_id);
            if (o->paper)
                printf(" paper=%s", o->paper);
            if (o->lang)
                printf(" lang=%s", o->lang);
            if (o->flow)
                printf(" flow=%s", o->flow);
            putchar('\n');
        }
        printf("  data: %zu scenarios, %zu flows, %zu cards, %zu glossary entries, %zu icons\n",
               g->nscenarios, g->nflows, g->ncards, g->nterms, g->nicons);
        game_free(g);
    }
    game_names_free(names);
    if (diags.errors) {
        diag_print(&diags, stderr);
        rc = CLI_FAIL;
    }
    diag_list_free(&diags);
    return rc;
}
