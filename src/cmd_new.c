/* cmd_new.c — `regelwerk new GAME --lang L`: a text-only game (engine="none")
 * that checks and builds at once, for an author to start writing before the
 * game's engine exists. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cli_args.h"
#include "out.h"

static void usage(FILE *fp)
{
    fputs("usage: regelwerk new GAME [--lang de|it] [--title TITLE]\n"
          "\n"
          "Creates content/GAME/ (or under --content) with a game.xml and a summary\n"
          "LANG.xml to fill in: a text-only game (engine=\"none\") that `check` validates\n"
          "and `build` renders at once, marked as not verified until an engine exists.\n",
          fp);
}

static int valid_name(const char *s)
{
    if (!*s || strlen(s) > 64)
        return 0;
    for (const char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || (*p == '-' && p != s)))
            return 0;
    return 1;
}

/* The text escaped for an XML attribute or element. */
static void xml_escape(char *out, size_t len, const char *in)
{
    size_t u = 0;
    for (; *in && u + 7 < len; in++) {
        const char *rep = *in == '<' ? "&lt;" : *in == '>' ? "&gt;" : *in == '&' ? "&amp;" : *in == '"' ? "&quot;" : NULL;
        if (rep) {
            memcpy(out + u, rep, strlen(rep));
            u += strlen(rep);
        } else {
            out[u++] = *in;
        }
    }
    out[u] = '\0';
}

typedef struct new_opts {
    const char *lang, *title;
} new_opts;

static int on_option(void *ctx, int c, const char *arg)
{
    new_opts *o = ctx;
    switch (c) {
    case 'h':
        usage(stdout);
        return CLI_DONE;
    case 'l':
        o->lang = arg;
        return CLI_OK;
    case 't':
        o->title = arg;
        return CLI_OK;
    default:
        return CLI_USAGE;
    }
}

int cmd_new(int argc, char **argv, const cli_env *env)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'}, {"lang", required_argument, NULL, 'l'},
        {"title", required_argument, NULL, 't'}, {NULL, 0, NULL, 0},
    };
    new_opts o = {"de", NULL};
    char **rest = NULL;
    size_t nrest = 0;
    int rc = cli_getopt("new", argc, argv, "h", longopts, on_option, &o, &rest, &nrest);
    if (rc == CLI_OK && nrest > 1)
        rc = cli_usage_error("new", "one game, not '%s'", rest[1]);
    const char *game = rc == CLI_OK && nrest ? rest[0] : NULL, *lang = o.lang, *title = o.title;
    free(rest);
    if (rc != CLI_OK)
        return rc == CLI_DONE ? CLI_OK : rc;
    if (!game || !valid_name(game)) {
        return cli_usage_error("new", "%s: a game name is lower-case letters, digits and '-'",
                               game ? game : "no game named");
    }
    if (strcmp(lang, "de") != 0 && strcmp(lang, "it") != 0) {
        return cli_usage_error("new", "--lang wants de or it, not '%s'", lang);
    }
    char dir[PATH_MAX + 80], path[PATH_MAX + 120], t[512];
    snprintf(dir, sizeof dir, "%s/%s", env->content, game);
    if (mkdir(env->content, 0777) != 0 && errno != EEXIST) {
        diag_tool("new", DIAG_ERROR, "%s: %s", env->content, strerror(errno));
        return CLI_FAIL;
    }
    if (mkdir(dir, 0777) != 0) {
        diag_tool("new", DIAG_ERROR, "%s: %s", dir, errno == EEXIST ? "already exists" : strerror(errno));
        return CLI_FAIL;
    }
    xml_escape(t, sizeof t, title ? title : game);
    /* editors validate as the author types (<?xml-model?>): the compact
     * schema beside the one the tool uses, by its absolute path */
    char rnc[PATH_MAX], model[PATH_MAX + 128];
    if (!realpath(env->schema, rnc))
        snprintf(rnc, sizeof rnc, "%s", env->schema);
    size_t rl = strlen(rnc);
    if (rl > 4 && strcmp(rnc + rl - 4, ".rng") == 0)
        rnc[rl - 1] = 'c';
    xml_escape(model, sizeof model, rnc);
    int de = !strcmp(lang, "de");
    char buf[16384];
    snprintf(buf, sizeof buf,
             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<?xml-model href=\"%s\" type=\"application/relax-ng-compact-syntax\"?>\n"
             "<game id=\"%s\" engine=\"none\" source-lang=\"%s\">\n"
             "  <title lang=\"%s\">%s</title>\n"
             "  <credits><credit role=\"source\" lang=\"%s\" version=\"1\">%s</credit></credits>\n"
             "  <languages><language code=\"%s\" file=\"%s.xml\"/></languages>\n"
             "  <outputs><sheet template=\"reference\" paper=\"a4\"/><sheet template=\"reference\" "
             "paper=\"letter\"/></outputs>\n"
             "</game>\n",
             model, game, lang, lang, t, lang, de ? "Wer die Zusammenfassung schreibt" : "Chi scrive il riassunto", lang,
             lang);
    snprintf(path, sizeof path, "%s/game.xml", dir);
    diag_list dl;
    diag_list_init(&dl);
    int bad = out_write_file(path, buf, strlen(buf), &dl) != 0;
    snprintf(buf, sizeof buf,
             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<?xml-model href=\"%s\" type=\"application/relax-ng-compact-syntax\"?>\n"
             "<summary game=\"%s\" lang=\"%s\" version=\"1\">\n"
             "  <title>%s</title>\n"
             "  <section id=\"ablauf\">\n"
             "    <h>%s</h>\n"
             "    <p id=\"ablauf-1\">%s</p>\n"
             "  </section>\n"
             "</summary>\n",
             model, game, lang, t, de ? "Spielablauf" : "Svolgimento",
             de ? "Hier steht die erste Regel. Zahlen, die Regeln nennen, werden später an die Engine gebunden."
                : "Qui va la prima regola. I numeri delle regole si legano al motore più avanti.");
    snprintf(path, sizeof path, "%s/%s.xml", dir, lang);
    bad = bad || out_write_file(path, buf, strlen(buf), &dl) != 0;
    diag_print(&dl, stderr);
    diag_list_free(&dl);
    if (bad)
        return CLI_FAIL;
    printf("%s: a text-only game; `regelwerk check %s` and `regelwerk build %s` work now\n", dir, game, game);
    return CLI_OK;
}
