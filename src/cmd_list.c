/* cmd_list.c — `regelwerk list`: games, languages, outputs. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "game.h"

int cmd_list(int argc, char **argv, const cli_env *env)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            puts("usage: regelwerk list\n\nLists every game of the content folder with its engine,\n"
                 "languages and configured outputs.");
            return CLI_OK;
        }
        fprintf(stderr, "regelwerk list: unexpected argument '%s'\n", argv[i]);
        return CLI_USAGE;
    }
    char **names = cli_game_names(env->content);
    if (!names)
        return CLI_FAIL;
    diag_list diags;
    diag_list_init(&diags);
    doc_loader ld = {env->content, env->schema};
    int rc = CLI_OK;
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
