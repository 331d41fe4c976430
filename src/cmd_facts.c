/* cmd_facts.c — `regelwerk facts GAME`: every fact an engine measures, with
 * its description, the value it measures and how many engine actions the
 * measurement performed, so that authors find fact ids without reading C. */
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
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

int cmd_facts(int argc, char **argv, const cli_env *env)
{
    (void)env;
    const char *game = NULL;
    int json = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return CLI_OK;
        } else if (!strcmp(a, "--format") || !strncmp(a, "--format=", 9)) {
            const char *f = a[8] == '=' ? a + 9 : i + 1 < argc ? argv[++i] : NULL;
            if (!f || (strcmp(f, "json") && strcmp(f, "text"))) {
                fprintf(stderr, "regelwerk facts: --format wants text or json\n");
                return CLI_USAGE;
            }
            json = !strcmp(f, "json");
        } else if (a[0] == '-') {
            fprintf(stderr, "regelwerk facts: unknown option '%s'\nTry 'regelwerk facts --help'\n", a);
            return CLI_USAGE;
        } else if (!game) {
            game = a;
        } else {
            fprintf(stderr, "regelwerk facts: one game, not '%s'\n", a);
            return CLI_USAGE;
        }
    }
    const eng_game *g = game ? eng_find(game) : NULL;
    if (!g) {
        fprintf(stderr, "regelwerk facts: %s%s%s; engines:", game ? "no engine '" : "name a game",
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
        int rc = eng_measure(g, f, &v, &actions, why, sizeof why);
        failed |= rc != 0;
        if (json) {
            json_object *o = json_object_new_object();
            json_object_object_add(o, "id", json_object_new_string(f->id));
            json_object_object_add(o, "doc", json_object_new_string(f->doc ? f->doc : ""));
            json_object_object_add(o, "value", rc == 0 ? json_object_new_int64(v) : NULL);
            json_object_object_add(o, "actions", json_object_new_int64(actions));
            json_object_object_add(o, "error", rc == 0 ? NULL : json_object_new_string(why));
            json_object_array_add(list, o);
        } else if (rc == 0) {
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
