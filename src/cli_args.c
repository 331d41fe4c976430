/* cli_args.c — checked option values, game names and languages. */
#include "cli_args.h"

#include <errno.h>
#include <libxml/tree.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "game.h"

int cli_game_name_ok(const char *name)
{
    size_t n = 0;
    for (const char *p = name; *p; p++, n++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
            return 0;
    return n >= 1 && n <= 64;
}

char **cli_game_names(const char *content_root)
{
    errno = 0;
    char **all = game_names(content_root);
    if (!all && errno == ENOMEM)
        diag_tool(NULL, DIAG_ERROR, "out of memory");
    else if (!all)
        diag_tool(NULL, DIAG_ERROR, "cannot read the content folder '%s'", content_root);
    return all;
}

/* "a, b, c" to stderr, or what stands for nothing. */
static void print_list(const char *const *items, size_t n, const char *none)
{
    if (!n)
        fputs(none, stderr);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "%s%s", i ? ", " : "", items[i]);
}

static const char *game_name_at(const void *items, size_t i)
{
    return ((char *const *)items)[i];
}

int cli_games_known(const char *cmd, const char *content_root, const char *const *games, size_t n)
{
    char **all = NULL;
    int rc = CLI_OK;
    for (size_t i = 0; i < n && rc == CLI_OK; i++) {
        if (!cli_game_name_ok(games[i])) {
            /* a name, never a path: nothing outside the content folder */
            diag_tool(cmd, DIAG_ERROR, "'%s' is not a game name (lower-case letters, digits and '-')", games[i]);
            rc = CLI_USAGE;
            break;
        }
        if (!all && !(all = cli_game_names(content_root)))
            return CLI_FAIL;
        int found = 0;
        for (char **a = all; *a && !found; a++)
            found = strcmp(*a, games[i]) == 0;
        if (!found) {
            size_t na = 0;
            while (all[na])
                na++;
            const char *best = diag_suggest(games[i], game_name_at, all, na);
            diag_tool_begin(cmd, DIAG_ERROR);
            fprintf(stderr, "unknown game '%s'", games[i]);
            if (best)
                fprintf(stderr, " (did you mean '%s'?)", best);
            fprintf(stderr, "; games in %s: ", content_root);
            print_list((const char *const *)all, na, "none");
            fputs("\n", stderr);
            rc = CLI_USAGE;
        }
    }
    game_names_free(all);
    return rc;
}

/* Appends the codes of game.xml's <languages> to *langs (deduplicated);
 * 0, or -1 when the file does not parse or memory ran out. */
static int game_langs(const cli_env *env, const char *name, char ***langs, size_t *n)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/%s/game.xml", env->content, name) >= (int)sizeof path)
        return -1;
    diag_list quiet;
    diag_list_init(&quiet);
    doc_loader ld = {env->content, NULL};
    xmlDocPtr x = doc_parse_xml(&ld, path, &quiet);
    diag_list_free(&quiet);
    if (!x)
        return -1;
    int rc = 0;
    xmlNodePtr root = xmlDocGetRootElement(x);
    for (xmlNodePtr s = root ? root->children : NULL; s; s = s->next) {
        if (s->type != XML_ELEMENT_NODE || !xmlStrEqual(s->name, (const xmlChar *)"languages"))
            continue;
        for (xmlNodePtr l = s->children; l && rc == 0; l = l->next) {
            if (l->type != XML_ELEMENT_NODE || !xmlStrEqual(l->name, (const xmlChar *)"language"))
                continue;
            xmlChar *code = xmlGetProp(l, (const xmlChar *)"code");
            int seen = !code;
            for (size_t i = 0; !seen && i < *n; i++)
                seen = strcmp((*langs)[i], (const char *)code) == 0;
            if (!seen) {
                char **p = realloc(*langs, (*n + 1) * sizeof *p);
                char *c = strdup((const char *)code);
                if (p)
                    *langs = p;
                if (!p || !c) {
                    free(c);
                    rc = -1;
                } else {
                    (*langs)[(*n)++] = c;
                }
            }
            xmlFree(code);
        }
    }
    xmlFreeDoc(x);
    return rc;
}

int cli_lang_known(const char *cmd, const cli_env *env, const char *const *games, size_t n, const char *lang)
{
    char **langs = NULL;
    size_t nl = 0;
    int parsed = 0;
    for (size_t i = 0; i < n; i++)
        parsed += game_langs(env, games[i], &langs, &nl) == 0;
    int found = !parsed;
    for (size_t i = 0; i < nl && !found; i++)
        found = strcmp(langs[i], lang) == 0;
    if (!found) {
        diag_tool_begin(cmd, DIAG_ERROR);
        fprintf(stderr, "none of the games has the language '%s' (languages: ", lang);
        print_list((const char *const *)langs, nl, "none");
        fputs(")\n", stderr);
    }
    for (size_t i = 0; i < nl; i++)
        free(langs[i]);
    free(langs);
    return found ? CLI_OK : CLI_USAGE;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    diag_tool_begin(cmd, DIAG_ERROR);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'regelwerk%s%s --help'\n", cmd ? " " : "", cmd ? cmd : "");
    return CLI_USAGE;
}

/* Whether the long option name[0..len) exists and takes no value. */
static int takes_no_value(const struct option *o, const char *name, size_t len)
{
    for (; o && o->name; o++)
        if (strlen(o->name) >= len && strncmp(o->name, name, len) == 0)
            return o->has_arg == no_argument;
    return 0;
}

int cli_getopt(const char *cmd, int argc, char **argv, const char *shortopts, const struct option *longopts,
               int (*on)(void *ctx, int opt, const char *arg), void *ctx, char ***operands, size_t *n)
{
    /* ':' first (after a '+', which stops at the first operand): getopt
     * then reports a missing value as ':' and prints nothing itself */
    char spec[128];
    int plus = shortopts[0] == '+';
    if (snprintf(spec, sizeof spec, "%s:%s", plus ? "+" : "", shortopts + plus) >= (int)sizeof spec)
        return CLI_FAIL;
    char **ops = calloc((size_t)argc + 1, sizeof *ops);
    if (!ops) {
        diag_tool(cmd, DIAG_ERROR, "out of memory");
        return CLI_FAIL;
    }
    *operands = ops;
    *n = 0;
    /* getopt keeps its state in globals: 0 starts it afresh (GNU), for
     * this subcommand after main's own options */
    optind = 0;
    opterr = 0;
    int c, rc = CLI_OK;
    while (rc == CLI_OK && (c = getopt_long(argc, argv, spec, longopts, NULL)) != -1) {
        if (c == '?') {
            const char *a = argv[optind - 1];
            size_t len = strcspn(a, "=");
            if (strncmp(a, "--", 2) != 0)
                rc = cli_usage_error(cmd, "unknown option '-%c'", optopt);
            else if (a[len] == '=' && takes_no_value(longopts, a + 2, len - 2))
                rc = cli_usage_error(cmd, "option '%.*s' takes no value", (int)len, a);
            else
                rc = cli_usage_error(cmd, "unknown option '%s'", a);
        } else if (c == ':') {
            rc = cli_usage_error(cmd, "option '%s' needs a value", argv[optind - 1]);
        } else {
            rc = on(ctx, c, optarg);
        }
    }
    /* GNU getopt has moved the operands behind the options */
    for (int i = optind; rc == CLI_OK && i < argc; i++)
        ops[(*n)++] = argv[i];
    return rc;
}
