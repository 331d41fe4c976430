/* cmd_facts.c — `regelwerk facts GAME`: every fact an engine measures, with
 * its description, the value it measures and how many engine actions the
 * measurement performed, so that authors find fact ids without reading C. */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"
#include "diag.h"
#include "eng.h"

static void usage(FILE *fp)
{
    fputs("usage: regelwerk facts GAME [--format text|json]\n"
          "\n"
          "Lists every fact the game's engine measures: its id (for <num fact=\"...\">),\n"
          "what it measures, the value measured now and the number of engine actions the\n"
          "measurement performed. A fact that cannot be measured is listed with the\n"
          "reason, and the exit status is 1.\n"
          "\n"
          "  --format json     one JSON object: {\"version\": 1, \"game\", \"facts\": [...]}\n",
          fp);
}

static int on_option(void *ctx, int c, const char *arg)
{
    int *json = ctx;
    if (c == 'h') {
        usage(stdout);
        return CLI_DONE;
    }
    if (c != 'f')
        return CLI_USAGE;
    if (strcmp(arg, "json") && strcmp(arg, "text"))
        return cli_usage_error("facts", "--format wants text or json, not '%s'", arg);
    *json = !strcmp(arg, "json");
    return CLI_OK;
}

int cmd_facts(int argc, char **argv, const cli_env *env)
{
    (void)env;
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'}, {"format", required_argument, NULL, 'f'}, {NULL, 0, NULL, 0}};
    int json = 0;
    char **rest = NULL;
    size_t nrest = 0;
    int rc = cli_getopt("facts", argc, argv, "h", longopts, on_option, &json, &rest, &nrest);
    if (rc == CLI_OK && nrest > 1)
        rc = cli_usage_error("facts", "one game, not '%s'", rest[1]);
    const char *game = rc == CLI_OK && nrest ? rest[0] : NULL;
    free(rest);
    if (rc != CLI_OK)
        return rc == CLI_DONE ? CLI_OK : rc;
    const eng_game *g = game ? eng_find(game) : NULL;
    if (!g) {
        diag_tool_begin("facts", DIAG_ERROR);
        fprintf(stderr, "%s%s%s; engines:", game ? "no engine '" : "name a game",
                game ? game : "", game ? "'" : "");
        for (const eng_game *const *e = eng_games(); *e; e++)
            fprintf(stderr, " %s", (*e)->id);
        fputc('\n', stderr);
        return CLI_USAGE;
    }
    int failed = 0;
    json_object *list = json ? json_object_new_array() : NULL;
    for (size_t i = 0; i < g->nfacts; i++) {
        const eng_fact *f = &g->facts[i];
        long v = 0, actions = 0;
        char why[512] = "";
        int mrc = eng_measure(g, f, &v, &actions, why, sizeof why);
        failed |= mrc != 0;
        if (json) {
            json_object *o = json_object_new_object();
            json_object_object_add(o, "id", json_object_new_string(f->id));
            json_object_object_add(o, "doc", json_object_new_string(f->doc ? f->doc : ""));
            json_object_object_add(o, "value", mrc == 0 ? json_object_new_int64(v) : NULL);
            json_object_object_add(o, "actions", json_object_new_int64(actions));
            json_object_object_add(o, "error", mrc == 0 ? NULL : json_object_new_string(why));
            json_object_array_add(list, o);
        } else if (mrc == 0) {
            printf("%-44s %6ld  (%ld action%s)\n    %s\n", f->id, v, actions, actions == 1 ? "" : "s",
                   f->doc ? f->doc : "");
        } else {
            printf("%-44s  error  %s\n    %s\n", f->id, why, f->doc ? f->doc : "");
        }
    }
    if (json) {
        json_object *root = json_object_new_object();
        json_object_object_add(root, "version", json_object_new_int(1));
        json_object_object_add(root, "game", json_object_new_string(g->id));
        json_object_object_add(root, "facts", list);
        puts(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE));
        json_object_put(root);
    } else {
        printf("%zu facts of %s%s\n", g->nfacts, g->id, failed ? ", some could not be measured" : "");
    }
    return failed ? CLI_FAIL : CLI_OK;
}
