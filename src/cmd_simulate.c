/* cmd_simulate.c — `regelwerk simulate noxius FILE`: a fight file played
 * out by the Noxius engine, printed round by round.
 *
 * The file is parsed by the content loader (no network, no DTDs or
 * entities) and validated against fight.rng; what the schema cannot say
 * (the engine's notation of results and plates, a power inside its scale)
 * is checked by setting it into the engine, and reported at the element's
 * file:line. Then each round: the progress field is read (enemies whose
 * round it is appear), the characters take places, and every character
 * casts in turn, until the enemies are all defeated, every character is
 * knocked out, or the rounds run out.
 */
#include "cmd_simulate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "diag.h"
#include "doc.h"
#include "eng.h"
#include "eng_noxius.h"

#define MAX_ROUNDS_DEFAULT 30
#define MAX_EVENTS 4096

static void usage(FILE *fp)
{
    fputs("usage: regelwerk simulate noxius FILE [--seed N] [--rounds N] [--format text|json]\n"
          "\n"
          "Plays out the Noxius fight described in FILE (characters with their four\n"
          "abilities, enemies with their life plates and the round each appears in;\n"
          "see the fight schema, fight.rnc) and prints the trace round by round: who\n"
          "takes which position, what is cast and rolled, damage, plates, hits,\n"
          "knock-outs. The players are simulated: each round the weakest character\n"
          "takes the least dangerous free position at the enemy closest to falling,\n"
          "and each casts the castable ability worth most on average.\n"
          "\n"
          "  --seed N          the die's seed (default 1); same file and seed, same trace\n"
          "  --rounds N        rounds to play at most (default: the file's, else 30)\n"
          "  --format json     the trace as one JSON object\n"
          "\n"
          "Exit status: 0 the fight was played (won, lost or undecided), 1 a bad\n"
          "fight file, 2 usage error.\n",
          fp);
}

typedef struct sim_event {
    int round;
    char *kind, *actor, *text;
} sim_event;

typedef struct sim {
    int json;
    sim_event *ev;
    size_t nev;
} sim;

static char *dup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

static void on_event(void *ctx, const nx_event *e)
{
    sim *s = ctx;
    if (!s->json) {
        if (strcmp(e->kind, "round") == 0)
            printf("\nround %d\n", e->round);
        printf("  %-10s %s%s%s\n", e->kind, e->actor, *e->actor ? " " : "", e->text);
        return;
    }
    if (s->nev >= MAX_EVENTS)
        return;
    sim_event *v = &s->ev[s->nev];
    v->round = e->round;
    v->kind = dup(e->kind);
    v->actor = dup(e->actor);
    v->text = dup(e->text);
    if (v->kind && v->actor && v->text)
        s->nev++;
    else
        free(v->kind), free(v->actor), free(v->text);
}

static const char *attr(xmlNodePtr n, const char *name, char *buf, size_t len)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    if (!v)
        return NULL;
    snprintf(buf, len, "%s", (const char *)v);
    xmlFree(v);
    return buf;
}

/* Sets key=value in the engine; a refusal is the file's error at node. */
static int put(const eng_game *g, void *st, xmlNodePtr node, diag_list *dl, const char *key,
               const char *value)
{
    char err[256];
    if (g->state_set(st, key, value, err, sizeof err) == 0)
        return 0;
    diag_add(dl, DIAG_ERROR, doc_xml_file(node), doc_xml_line(node), 0, "fight", "%s", err);
    return -1;
}

typedef struct fight_enemy {
    int round;
    char name[64];
} fight_enemy;

typedef struct fight {
    int players, rounds, nenemies;
    fight_enemy en[4];
    char names[4][64];
} fight;

/* Reads the validated document into the state. Returns 0, or -1 with
 * errors in dl. */
static int load_fight(const eng_game *g, void *st, xmlDocPtr xdoc, fight *f, diag_list *dl)
{
    xmlNodePtr root = xmlDocGetRootElement(xdoc);
    char buf[512], key[32], spec[700];
    int bad = 0;
    memset(f, 0, sizeof *f);
    f->rounds = attr(root, "rounds", buf, sizeof buf) ? atoi(buf) : 0;
    for (xmlNodePtr n = root->children; n; n = n->next)
        if (n->type == XML_ELEMENT_NODE && !xmlStrcmp(n->name, (const xmlChar *)"character"))
            f->players++;
    snprintf(buf, sizeof buf, "%d", f->players);
    bad |= put(g, st, root, dl, "players", buf);
    int c = 0, e = 0;
    for (xmlNodePtr n = root->children; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        if (!xmlStrcmp(n->name, (const xmlChar *)"character")) {
            c++;
            char lp[16], scale[64], power[16] = "1", pays[16] = "sp-first";
            attr(n, "name", f->names[c - 1], sizeof f->names[c - 1]);
            attr(n, "lp", lp, sizeof lp);
            attr(n, "scale", scale, sizeof scale);
            attr(n, "power", power, sizeof power);
            attr(n, "pays", pays, sizeof pays);
            int lo = 0, hi = 0, pw = atoi(power);
            if (sscanf(scale, "%d %d", &lo, &hi) != 2 || lo >= hi) {
                diag_add(dl, DIAG_ERROR, doc_xml_file(n), doc_xml_line(n), 0, "fight",
                         "scale=\"%s\": the low T field must be below the high one", scale);
                bad = -1;
            } else if (pw <= lo || pw >= hi) {
                diag_add(dl, DIAG_ERROR, doc_xml_file(n), doc_xml_line(n), 0, "fight",
                         "power %d is not between the T fields %d and %d", pw, lo, hi);
                bad = -1;
            }
#define PUT(field, value) do { snprintf(key, sizeof key, "c%d.%s", c, field); \
                               bad |= put(g, st, n, dl, key, value); } while (0)
            PUT("name", f->names[c - 1]);
            PUT("lpmax", lp);
            PUT("lp", lp);
            snprintf(buf, sizeof buf, "%d", lo);
            PUT("tlow", buf);
            snprintf(buf, sizeof buf, "%d", hi);
            PUT("thigh", buf);
            PUT("power", power);
            PUT("sp-first", strcmp(pays, "sp-first") == 0 ? "1" : "0");
            int k = 0;
            for (xmlNodePtr a = n->children; a; a = a->next) {
                if (a->type != XML_ELEMENT_NODE)
                    continue;
                k++;
                char name[64], delta[8], effect[200] = "", results[200], shaded[100] = "";
                attr(a, "name", name, sizeof name);
                attr(a, "power", delta, sizeof delta);
                attr(a, "effect", effect, sizeof effect);
                attr(a, "results", results, sizeof results);
                attr(a, "shaded", shaded, sizeof shaded);
                snprintf(spec, sizeof spec, "delta=%s%s%s%s r=%s%s%s",
                         delta[0] == '+' || delta[0] == '-' ? "" : "+", delta,
                         *effect ? " effect=" : "", effect, results, *shaded ? " shade=" : "", shaded);
                snprintf(key, sizeof key, "c%d.a%d", c, k);
                bad |= put(g, st, a, dl, key, spec);
                snprintf(key, sizeof key, "c%d.a%d.name", c, k);
                bad |= put(g, st, a, dl, key, name);
            }
            /* the engine's stand-in first ability goes when the file has its own */
            for (; k < 4; k++) {
                snprintf(key, sizeof key, "c%d.a%d", c, k + 1);
                bad |= put(g, st, n, dl, key, "");
            }
#undef PUT
        } else if (!xmlStrcmp(n->name, (const xmlChar *)"enemy")) {
            fight_enemy *fe = &f->en[e++];
            char rnd[16], dmg[64], plates[400];
            attr(n, "name", fe->name, sizeof fe->name);
            attr(n, "round", rnd, sizeof rnd);
            attr(n, "damage", dmg, sizeof dmg);
            attr(n, "plates", plates, sizeof plates);
            fe->round = atoi(rnd);
            snprintf(key, sizeof key, "e%d.name", e);
            bad |= put(g, st, n, dl, key, fe->name);
            snprintf(key, sizeof key, "e%d.damage", e);
            bad |= put(g, st, n, dl, key, dmg);
            snprintf(key, sizeof key, "e%d.plates", e);
            bad |= put(g, st, n, dl, key, plates);
            if (f->rounds && fe->round > f->rounds) {
                diag_add(dl, DIAG_ERROR, doc_xml_file(n), doc_xml_line(n), 0, "fight",
                         "%s appears in round %d, but the fight lasts %d rounds", fe->name,
                         fe->round, f->rounds);
                bad = -1;
            }
        }
    }
    f->nenemies = e;
    return bad ? -1 : 0;
}

static long num(const eng_game *g, void *st, const char *key)
{
    char buf[64], err[128];
    if (g->state_get(st, key, buf, sizeof buf, err, sizeof err) != 0)
        return -1;
    return strtol(buf, NULL, 10);
}

static int act(const eng_game *g, void *st, const char *action, const char *k, const char *v)
{
    char err[256];
    eng_kv kv = {k, v};
    return g->act(st, action, k ? &kv : NULL, k ? 1 : 0, err, sizeof err);
}

int cmd_simulate(int argc, char **argv, const cli_env *env)
{
    const char *pos[2] = {NULL, NULL};
    int npos = 0, json = 0;
    long seed = 1, rounds = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return CLI_OK;
        } else if (!strcmp(a, "--seed") && i + 1 < argc) {
            if (eng_parse_long(argv[++i], &seed) != 0 || seed < 0) {
                fprintf(stderr, "regelwerk simulate: --seed wants a number, not '%s'\n", argv[i]);
                return CLI_USAGE;
            }
        } else if (!strcmp(a, "--rounds") && i + 1 < argc) {
            if (eng_parse_long(argv[++i], &rounds) != 0 || rounds < 1 || rounds > 999) {
                fprintf(stderr, "regelwerk simulate: --rounds wants 1..999, not '%s'\n", argv[i]);
                return CLI_USAGE;
            }
        } else if (!strcmp(a, "--format") && i + 1 < argc) {
            const char *f = argv[++i];
            if (strcmp(f, "text") && strcmp(f, "json")) {
                fprintf(stderr, "regelwerk simulate: --format is text or json, not '%s'\n", f);
                return CLI_USAGE;
            }
            json = !strcmp(f, "json");
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "regelwerk simulate: unknown option '%s'\n", a);
            usage(stderr);
            return CLI_USAGE;
        } else if (npos < 2) {
            pos[npos++] = a;
        } else {
            fprintf(stderr, "regelwerk simulate: one game and one file, not '%s'\n", a);
            return CLI_USAGE;
        }
    }
    if (npos != 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    if (strcmp(pos[0], "noxius") != 0) {
        fprintf(stderr, "regelwerk simulate: only Noxius fights can be simulated, not '%s'\n", pos[0]);
        return CLI_USAGE;
    }
    const eng_game *g = eng_find("noxius");
    if (!g) {
        fprintf(stderr, "regelwerk simulate: the Noxius engine is not built in\n");
        return CLI_FAIL;
    }

    /* the fight schema sits beside the content schema */
    char schema[PATH_MAX + 16], dir[PATH_MAX];
    snprintf(schema, sizeof schema, "%s", env->schema);
    char *slash = strrchr(schema, '/');
    snprintf(slash ? slash + 1 : schema, sizeof schema - (size_t)(slash ? slash + 1 - schema : 0), "fight.rng");
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
    eng_rng rng;
    eng_rng_seed(&rng, (uint64_t)seed);
    void *st = xdoc ? g->state_new(&rng) : NULL;
    fight f;
    if (!xdoc || !st || load_fight(g, st, xdoc, &f, &dl) != 0) {
        if (xdoc && !st)
            diag_add(&dl, DIAG_ERROR, pos[1], 0, 0, "memory", "out of memory");
        diag_print(&dl, stderr);
        fprintf(stderr, "%zu error%s\n", dl.errors, dl.errors == 1 ? "" : "s");
        if (st)
            g->state_free(st);
        if (xdoc)
            xmlFreeDoc(xdoc);
        diag_list_free(&dl);
        return CLI_FAIL;
    }
    xmlFreeDoc(xdoc);
    diag_list_free(&dl);
    if (!rounds)
        rounds = f.rounds ? f.rounds : MAX_ROUNDS_DEFAULT;

    sim s = {json, NULL, 0};
    if (json && !(s.ev = calloc(MAX_EVENTS, sizeof *s.ev))) {
        fprintf(stderr, "regelwerk simulate: out of memory\n");
        g->state_free(st);
        return CLI_FAIL;
    }
    if (!json)
        printf("Noxius fight %s: %d characters, %d enemies, seed %ld, at most %ld rounds\n", pos[1],
               f.players, f.nenemies, seed, rounds);
    eng_noxius_narrate(st, on_event, &s);

    const char *result = "undecided";
    long r;
    for (r = 1; r <= rounds; r++) {
        act(g, st, "round-start", NULL, NULL);
        char e[16];
        for (int i = 0; i < f.nenemies; i++)
            if (f.en[i].round == r) {
                snprintf(e, sizeof e, "%d", i + 1);
                act(g, st, "spawn", "enemy", e);
            }
        act(g, st, "auto-position", NULL, NULL);
        while (act(g, st, "auto-turn", NULL, NULL) == ENG_OK)
            ;
        char over[16], err[64];
        g->state_get(st, "over", over, sizeof over, err, sizeof err);
        if (!strcmp(over, "failed")) {
            result = "failed";
            break;
        }
        int all = 1;
        char key[32];
        for (int i = 0; i < f.nenemies; i++) {
            snprintf(key, sizeof key, "e%d.defeated", i + 1);
            all &= num(g, st, key) == 1;
        }
        if (all) {
            result = "won";
            break;
        }
    }
    if (r > rounds)
        r = rounds;

    if (json) {
        printf("{\"game\":\"noxius\",\"file\":");
        diag_json_string(stdout, pos[1]);
        printf(",\"seed\":%ld,\"players\":%d,\"result\":\"%s\",\"rounds\":%ld,\"events\":[", seed,
               f.players, result, r);
        for (size_t i = 0; i < s.nev; i++) {
            printf("%s{\"round\":%d,\"kind\":", i ? "," : "", s.ev[i].round);
            diag_json_string(stdout, s.ev[i].kind);
            printf(",\"actor\":");
            diag_json_string(stdout, s.ev[i].actor);
            printf(",\"text\":");
            diag_json_string(stdout, s.ev[i].text);
            printf("}");
            free(s.ev[i].kind), free(s.ev[i].actor), free(s.ev[i].text);
        }
        printf("],\"characters\":[");
    } else {
        printf("\nresult: %s after %ld round%s\n", !strcmp(result, "won") ? "won" :
               !strcmp(result, "failed") ? "mission failed" : "undecided", r, r == 1 ? "" : "s");
    }
    for (int c = 1; c <= f.players; c++) {
        char key[32];
        long v[4];
        static const char *const fields[] = {"lp", "sp", "ko", "dead"};
        for (int k = 0; k < 4; k++) {
            snprintf(key, sizeof key, "c%d.%s", c, fields[k]);
            v[k] = num(g, st, key);
        }
        if (json) {
            printf("%s{\"name\":", c > 1 ? "," : "");
            diag_json_string(stdout, f.names[c - 1]);
            printf(",\"lp\":%ld,\"sp\":%ld,\"ko\":%s,\"dead\":%s}", v[0], v[1], v[2] ? "true" : "false",
                   v[3] ? "true" : "false");
        } else {
            printf("  %s: %ld LP, %ld SP%s\n", f.names[c - 1], v[0], v[1],
                   v[3] ? ", dead" : v[2] ? ", knocked out" : "");
        }
    }
    if (json)
        printf("]}\n");
    free(s.ev);
    g->state_free(st);
    return CLI_OK;
}
