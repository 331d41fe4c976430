/* cmd_simulate.c — `regelwerk simulate GAME FILE`: a game (a fight, a
 * mission) played out by a game's engine through its simulator slot
 * (eng_sim), printed round by round.
 *
 * The file is parsed by the content loader (no network, no DTDs or
 * entities) and validated against the game's schema; what the schema cannot
 * say (the engine's notation, values inside a range the state decides) is
 * checked by handing each element to the engine, and reported at the
 * element's file:line. Then round after round until the engine says the game
 * is over or the rounds run out. The command knows nothing of any game.
 */
#include "cmd_simulate.h"

#include <glib.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "cli_args.h"
#include "diag.h"
#include "doc.h"
#include "eng.h"

#define MAX_ROUNDS_DEFAULT 30

static void usage(FILE *fp)
{
    fputs("usage: regelwerk simulate GAME FILE [--seed N] [--rounds N] [--format text|json]\n"
          "\n"
          "Plays out the game described in FILE with the engine's simulated players and\n"
          "prints the trace round by round. For Noxius, FILE is a fight (see fight.rnc):\n"
          "characters with their four abilities, enemies with their life plates and the\n"
          "round each appears in; each round the weakest character takes the least\n"
          "dangerous free position at the enemy closest to falling, and each casts the\n"
          "castable ability worth most on average.\n"
          "\n"
          "  --seed N          the dice's seed (default 1); same file and seed, same trace\n"
          "  --rounds N        rounds to play at most (default: the file's rounds=, else 30)\n"
          "  --format json     the trace as one JSON object\n"
          "\n"
          "Exit status: 0 the game was played (won, lost or undecided), 1 a bad file,\n"
          "2 usage error.\n",
          fp);
}

typedef struct sim_event {
    long round;
    char *kind, *actor, *text;
} sim_event;

/* Every event is kept (JSON) or printed (text): nothing is cut. */
typedef struct sim_log {
    int json, oom;
    sim_event *ev;
    size_t nev, cap;
} sim_log;

static char *dup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

static void on_event(void *ctx, const eng_event *e)
{
    sim_log *s = ctx;
    if (!s->json) {
        if (strcmp(e->kind, "round") == 0)
            printf("\nround %ld\n", e->round);
        printf("  %-10s %s%s%s\n", e->kind, e->actor, *e->actor ? " " : "", e->text);
        return;
    }
    if (s->nev == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 256;
        sim_event *p = realloc(s->ev, cap * sizeof *p);
        if (!p) {
            s->oom = 1;
            return;
        }
        s->ev = p;
        s->cap = cap;
    }
    sim_event *v = &s->ev[s->nev];
    v->round = e->round;
    v->kind = dup(e->kind);
    v->actor = dup(e->actor);
    v->text = dup(e->text);
    if (v->kind && v->actor && v->text)
        s->nev++;
    else
        free(v->kind), free(v->actor), free(v->text), s->oom = 1;
}

/* An element's number among the elements of its name before it under the
 * same parent, from 1. */
static int nth_of_name(xmlNodePtr n)
{
    int k = 1;
    for (xmlNodePtr p = n->prev; p; p = p->prev)
        if (p->type == XML_ELEMENT_NODE && xmlStrcmp(p->name, n->name) == 0)
            k++;
    return k;
}

/* Hands root and every element below it (document order) to the game's
 * setup (eng_sim_setup): a child of root as element N, its children as
 * element M of N. The root's attributes get "#NAME", how many NAME it holds.
 * Returns 0, or -1 with errors in dl. */
static int setup_from(eng_state *st, const eng_sim *sim, xmlNodePtr root, diag_list *dl)
{
    int bad = 0;
    xmlNodePtr n = root;
    while (n) {
        if (n->type == XML_ELEMENT_NODE) {
            int idx[2] = {0, 0};
            if (n->parent == root)
                idx[0] = nth_of_name(n);
            else if (n != root)
                idx[0] = nth_of_name(n->parent), idx[1] = nth_of_name(n);
            eng_kv kv[48];
            xmlChar *vals[32];
            struct { char key[72], val[12]; int n; } cnt[16];
            size_t na = 0, nv, nc = 0;
            for (xmlAttrPtr a = n->properties; a && na < 32; a = a->next) {
                vals[na] = xmlNodeGetContent((xmlNodePtr)a);
                kv[na].key = (const char *)a->name;
                kv[na].value = vals[na] ? (const char *)vals[na] : "";
                na++;
            }
            nv = na;
            for (xmlNodePtr c = n == root ? n->children : NULL; c; c = c->next) {
                size_t k = 0;
                if (c->type != XML_ELEMENT_NODE)
                    continue;
                while (k < nc && strcmp(cnt[k].key + 1, (const char *)c->name) != 0)
                    k++;
                if (k == nc && nc < 16)
                    snprintf(cnt[nc].key, sizeof cnt[0].key, "#%s", (const char *)c->name), cnt[nc++].n = 0;
                if (k < nc)
                    cnt[k].n++;
            }
            for (size_t k = 0; k < nc; k++) {
                snprintf(cnt[k].val, sizeof cnt[0].val, "%d", cnt[k].n);
                kv[na].key = cnt[k].key, kv[na++].value = cnt[k].val;
            }
            char err[512] = "";
            if (eng_sim_setup(st, sim, (const char *)n->name, idx, kv, na, err, sizeof err) != 0) {
                diag_add(dl, DIAG_ERROR, doc_xml_file(n), doc_xml_line(n), 0, "simulate", "%s",
                         err[0] ? err : "refused by the engine");
                bad = 1;
            }
            for (size_t i = 0; i < nv; i++)
                xmlFree(vals[i]);
        }
        /* depth first without recursion */
        if (n->children && n->type == XML_ELEMENT_NODE) {
            n = n->children;
            continue;
        }
        while (n && n != root && !n->next)
            n = n->parent;
        n = n && n != root ? n->next : NULL;
    }
    return bad ? -1 : 0;
}

/* The file's rounds= (range-checked like --rounds), 0 when absent. */
static int file_rounds(xmlNodePtr root, long max, long *out, diag_list *dl)
{
    xmlChar *v = xmlGetProp(root, (const xmlChar *)"rounds");
    *out = 0;
    if (!v)
        return 0;
    int rc = eng_parse_long((const char *)v, out) != 0 || *out < 1 || *out > max ? -1 : 0;
    if (rc)
        diag_add(dl, DIAG_ERROR, doc_xml_file(root), doc_xml_line(root), 0, "simulate",
                 "rounds=\"%s\" is not a number from 1 to %ld", (const char *)v, max);
    xmlFree(v);
    return rc;
}

/* A string for JSON: invalid UTF-8 (a file name in another encoding)
 * becomes U+FFFD, so that the output is always valid. */
static json_object *json_str(const char *s)
{
    char *v = g_utf8_make_valid(s ? s : "", -1);
    json_object *o = json_object_new_string(v);
    g_free(v);
    return o;
}

/* The party's state at the end: text lines, or into the JSON array party. */
static void print_party(const eng_sim *sim, const eng_state *st, json_object *party)
{
    if (!sim->party_count || !sim->party_keys || !sim->party_keys[0])
        return;
    long n = eng_val(st, "%s", sim->party_count);
    for (long m = 1; m <= n; m++) {
        json_object *member = party ? json_object_new_object() : NULL;
        for (size_t k = 0; sim->party_keys[k]; k++) {
            char key[128], val[256], err[256];
            const char *pat = sim->party_keys[k];
            const char *at = strchr(pat, 'N');
            if (!at)
                continue;
            snprintf(key, sizeof key, "%.*s%ld%s", (int)(at - pat), pat, m, at + 1);
            if (eng_get(st, key, val, sizeof val, err, sizeof err) != 0)
                snprintf(val, sizeof val, "?");
            const char *field = strchr(key, '.') ? strchr(key, '.') + 1 : key;
            if (member)
                json_object_object_add(member, field, json_str(val));
            else if (k == 0)
                printf("  %s:", val);
            else
                printf("%s %s %s", k > 1 ? "," : "", field, val);
        }
        if (member)
            json_object_array_add(party, member);
        else
            printf("\n");
    }
}

typedef struct sim_opts {
    long seed, rounds;
    int json;
} sim_opts;

static int on_option(void *ctx, int c, const char *arg)
{
    sim_opts *o = ctx;
    switch (c) {
    case 'h':
        usage(stdout);
        return CLI_DONE;
    case 's':
        if (eng_parse_long(arg, &o->seed) != 0 || o->seed < 0)
            return cli_usage_error("simulate", "--seed wants a number, not '%s'", arg);
        return CLI_OK;
    case 'r':
        if (eng_parse_long(arg, &o->rounds) != 0 || o->rounds < 1 || o->rounds > 999)
            return cli_usage_error("simulate", "--rounds wants 1..999, not '%s'", arg);
        return CLI_OK;
    case 'f':
        if (strcmp(arg, "text") && strcmp(arg, "json"))
            return cli_usage_error("simulate", "--format is text or json, not '%s'", arg);
        o->json = !strcmp(arg, "json");
        return CLI_OK;
    default:
        return CLI_USAGE;
    }
}

int cmd_simulate(int argc, char **argv, const cli_env *env)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},         {"seed", required_argument, NULL, 's'},
        {"rounds", required_argument, NULL, 'r'}, {"format", required_argument, NULL, 'f'},
        {NULL, 0, NULL, 0},
    };
    sim_opts o = {1, 0, 0};
    char **rest = NULL;
    size_t nrest = 0;
    int rc = cli_getopt("simulate", argc, argv, "h", longopts, on_option, &o, &rest, &nrest);
    if (rc == CLI_OK && nrest != 2)
        rc = nrest > 2 ? cli_usage_error("simulate", "one game and one file, not '%s'", rest[2])
                       : cli_usage_error("simulate", "a game and a fight file are needed");
    const char *pos[2] = {rc == CLI_OK ? rest[0] : NULL, rc == CLI_OK ? rest[1] : NULL};
    long seed = o.seed, rounds = o.rounds;
    int json = o.json;
    free(rest);
    if (rc != CLI_OK)
        return rc == CLI_DONE ? CLI_OK : rc;
    const eng_game *g = eng_find(pos[0]);
    if (!g || !g->sim) {
        diag_tool_begin("simulate", DIAG_ERROR);
        fprintf(stderr, "%s '%s'; games that can be simulated:", g ? "no simulator for" : "no game",
                pos[0]);
        for (const eng_game *const *e = eng_games(); *e; e++)
            if ((*e)->sim)
                fprintf(stderr, " %s", (*e)->id);
        fputc('\n', stderr);
        return CLI_USAGE;
    }
    const eng_sim *sim = g->sim;
    if (rounds > sim->max_rounds) {
        diag_tool("simulate", DIAG_ERROR, "--rounds wants 1..%ld for %s", sim->max_rounds, g->id);
        return CLI_USAGE;
    }

    /* the game's schema sits beside the content schema */
    char schema[PATH_MAX + 64], dir[PATH_MAX];
    snprintf(schema, sizeof schema, "%s", env->schema);
    char *slash = strrchr(schema, '/');
    snprintf(slash ? slash + 1 : schema, sizeof schema - (size_t)(slash ? slash + 1 - schema : 0), "%s", sim->schema);
    snprintf(dir, sizeof dir, "%s", pos[1]);
    slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");

    diag_list dl;
    diag_list_init(&dl);
    doc_loader ld = {dir, schema};
    xmlDocPtr xdoc = doc_parse_xml(&ld, pos[1], &dl);
    xmlNodePtr root = xdoc ? xmlDocGetRootElement(xdoc) : NULL;
    eng_state *st = root ? eng_state_new(g, (uint64_t)seed) : NULL;
    long frounds = 0;
    if (root && strcmp((const char *)root->name, sim->root) != 0)
        diag_add(&dl, DIAG_ERROR, doc_xml_file(root), doc_xml_line(root), 0, "simulate",
                 "expected <%s> as the root element", sim->root);
    else if (xdoc && !st)
        diag_add(&dl, DIAG_ERROR, pos[1], 0, 0, "memory", "out of memory");
    if (!st || dl.errors || file_rounds(root, sim->max_rounds, &frounds, &dl) != 0 ||
        setup_from(st, sim, root, &dl) != 0) {
        diag_print(&dl, stderr);
        /* the one summary line of every command, on stdout as theirs
         * (stderr holds diagnostics only), never inside the JSON */
        if (!json && !env->quiet)
            diag_summary(stdout, "played", 0, 1, 0, &dl);
        eng_state_free(st);
        if (xdoc)
            xmlFreeDoc(xdoc);
        diag_list_free(&dl);
        return CLI_FAIL;
    }
    xmlFreeDoc(xdoc);
    diag_list_free(&dl);
    if (!rounds)
        rounds = frounds ? frounds : MAX_ROUNDS_DEFAULT;

    sim_log s = {json, 0, NULL, 0, 0};
    if (!json)
        printf("%s: %s, seed %ld, at most %ld rounds\n", g->name, pos[1], seed, rounds);
    eng_listen(st, on_event, &s);
    long r;
    int over = 0;
    for (r = 1; r <= rounds && !over; r++)
        over = sim->round(st);
    r--;
    char result[128] = "";
    sim->result(st, result, sizeof result);

    if (json) {
        /* one object, written by json-c */
        json_object *obj = json_object_new_object(), *events = json_object_new_array(),
                    *party = json_object_new_array();
        json_object_object_add(obj, "game", json_str(g->id));
        json_object_object_add(obj, "file", json_str(pos[1]));
        json_object_object_add(obj, "seed", json_object_new_int64(seed));
        json_object_object_add(obj, "result", json_str(result));
        json_object_object_add(obj, "rounds", json_object_new_int64(r));
        for (size_t i = 0; i < s.nev; i++) {
            json_object *e = json_object_new_object();
            json_object_object_add(e, "round", json_object_new_int64(s.ev[i].round));
            json_object_object_add(e, "kind", json_str(s.ev[i].kind));
            json_object_object_add(e, "actor", json_str(s.ev[i].actor));
            json_object_object_add(e, "text", json_str(s.ev[i].text));
            json_object_array_add(events, e);
            free(s.ev[i].kind), free(s.ev[i].actor), free(s.ev[i].text);
        }
        json_object_object_add(obj, "events", events);
        print_party(sim, st, party);
        if (json_object_array_length(party))
            json_object_object_add(obj, "party", party);
        else
            json_object_put(party);
        puts(json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
        json_object_put(obj);
    } else {
        printf("\nresult: %s after %ld round%s\n", result, r, r == 1 ? "" : "s");
        print_party(sim, st, NULL);
    }
    free(s.ev);
    eng_state_free(st);
    if (s.oom) {
        diag_tool("simulate", DIAG_ERROR, "out of memory: the trace above is incomplete");
        return CLI_FAIL;
    }
    return CLI_OK;
}
