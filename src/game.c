/* game.c — loading a game folder into the content model. */
#include "game.h"
#include "i18n_po.h"
#include "i18n_vocab.h"

#include <unicode/ucol.h>
#include <unicode/ustring.h>

#include <dirent.h>
#include <errno.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static const char *intern(game *g, const char *file)
{
    if (!file)
        return NULL;
    for (size_t i = 0; i < g->nfiles; i++)
        if (strcmp(g->files[i], file) == 0)
            return g->files[i];
    char **p = realloc(g->files, (g->nfiles + 1) * sizeof *p);
    if (!p)
        return NULL;
    g->files = p;
    if (!(g->files[g->nfiles] = strdup(file)))
        return NULL;
    return g->files[g->nfiles++];
}

static game_loc loc_of(game *g, xmlNodePtr n)
{
    const char *file = doc_xml_file(n);
    game_loc l = {intern(g, file), doc_xml_line(n)};
    if (file && !l.file)
        g->oom = 1;
    return l;
}

static char *prop(game *g, xmlNodePtr n, const char *name)
{
    return doc_xml_prop(n, name, &g->oom);
}

static int is(xmlNodePtr n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && xmlStrEqual(n->name, (const xmlChar *)name);
}

static char *content(game *g, xmlNodePtr n)
{
    char *s = doc_xml_content(n, &g->oom);
    if (!s)
        return NULL;
    /* trim */
    char *p = s;
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
        p++;
    memmove(s, p, strlen(p) + 1);
    size_t len = strlen(s);
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\n' || s[len - 1] == '\t' || s[len - 1] == '\r'))
        s[--len] = '\0';
    return s;
}

/* Grows an array by one element, zeroed; returns it, or NULL with g->oom
 * set. */
static void *push(game *g, void *arrp, size_t *n, size_t size)
{
    void **arr = arrp;
    char *p = realloc(*arr, (*n + 1) * size);
    if (!p)
        return g->oom = 1, NULL;
    *arr = p;
    memset(p + *n * size, 0, size);
    return p + (*n)++ * size;
}

static char *join(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = malloc(la + lb + 2);
    if (!s)
        return NULL;
    memcpy(s, a, la);
    s[la] = '/';
    memcpy(s + la + 1, b, lb + 1);
    return s;
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* ---- game.xml -------------------------------------------------------------- */

/* The integer attribute name of n, from min to max (dflt when absent).
 * Anything else (not a number, trailing text, out of range: "4294967297"
 * once wrapped to 1) is an error at its line, and dflt is returned. */
static int attr_int(game *g, xmlNodePtr n, const char *name, long min, long max, long dflt, diag_list *diags)
{
    char *v = prop(g, n, name);
    if (!v)
        return (int)dflt;
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || end == v || *end || x < min || x > max) {
        game_loc l = loc_of(g, n);
        diag_add(diags, DIAG_ERROR, l.file, l.line, 0, "number",
                 "%s=\"%s\" on <%s> wants a whole number from %ld to %ld", name, v, (const char *)n->name, min, max);
        x = dflt;
    }
    free(v);
    return (int)x;
}

static void read_game(game *g, xmlNodePtr root, diag_list *diags)
{
    g->id = prop(g, root, "id");
    g->engine_id = prop(g, root, "engine");
    g->date = prop(g, root, "date");
    g->source_lang = prop(g, root, "source-lang");
    g->coverage_target = attr_int(g, root, "coverage-target", 0, 100, -1, diags);
    g->loc = loc_of(g, root);
    for (xmlNodePtr n = root->children; n; n = n->next) {
        if (is(n, "title")) {
            size_t k = g->ntitles;
            char **l = realloc(g->title_langs, (k + 1) * sizeof *l);
            if (l)
                g->title_langs = l;
            char **t = realloc(g->titles, (k + 1) * sizeof *t);
            if (t)
                g->titles = t;
            if (l && t) {
                g->title_langs[k] = prop(g, n, "lang");
                g->titles[k] = content(g, n);
                g->ntitles++;
            } else {
                g->oom = 1;
            }
        } else if (is(n, "players")) {
            g->players_min = attr_int(g, n, "min", 1, 99, 0, diags);
            g->players_max = attr_int(g, n, "max", 1, 99, 0, diags);
            if (g->players_min && g->players_max && g->players_min > g->players_max)
                diag_add(diags, DIAG_ERROR, loc_of(g, n).file, loc_of(g, n).line, 0, "number",
                         "<players> min=\"%d\" is more than max=\"%d\"", g->players_min, g->players_max);
        } else if (is(n, "credits")) {
            for (xmlNodePtr c = n->children; c; c = c->next) {
                if (!is(c, "credit"))
                    continue;
                game_credit *cr = push(g, &g->credits, &g->ncredits, sizeof *cr);
                if (!cr)
                    continue;
                cr->role = prop(g, c, "role");
                cr->lang = prop(g, c, "lang");
                cr->version = prop(g, c, "version");
                cr->url = prop(g, c, "url");
                cr->text = content(g, c);
            }
        } else if (is(n, "languages")) {
            for (xmlNodePtr c = n->children; c; c = c->next) {
                if (!is(c, "language"))
                    continue;
                game_lang *l = push(g, &g->langs, &g->nlangs, sizeof *l);
                if (!l)
                    continue;
                l->code = prop(g, c, "code");
                char *file = prop(g, c, "file"), *po = prop(g, c, "po");
                l->is_po = !file && po;
                l->path = file ? join(g->dir, file) : po ? join(g->dir, po) : NULL;
                if ((file || po) && !l->path)
                    g->oom = 1;
                free(file);
                free(po);
                l->min_complete = attr_int(g, c, "min-complete", 0, 100, -1, diags);
                l->loc = loc_of(g, c);
            }
        } else if (is(n, "outputs")) {
            for (xmlNodePtr c = n->children; c; c = c->next) {
                if (c->type != XML_ELEMENT_NODE)
                    continue;
                game_output *o = push(g, &g->outputs, &g->noutputs, sizeof *o);
                if (o && !(o->kind = strdup((const char *)c->name)))
                    g->noutputs--;   /* dropped whole, never half-made */
                if (!o || !o->kind) {
                    diag_add(diags, DIAG_ERROR, doc_xml_file(c), doc_xml_line(c), 0, "memory", "out of memory");
                    continue;
                }
                o->lang = prop(g, c, "lang");
                o->template_id = prop(g, c, "template");
                o->paper = prop(g, c, "paper");
                o->flow = prop(g, c, "flow");
                /* the same range as build --pages */
                o->pages = attr_int(g, c, "pages", 1, 99, 0, diags);
                o->loc = loc_of(g, c);
            }
        }
    }
}

/* ---- examples.xml ------------------------------------------------------- */

static void read_step(game *g, game_step *s, xmlNodePtr n)
{
    s->loc = loc_of(g, n);
    if (is(n, "set") || is(n, "value")) {
        s->kind = is(n, "set") ? GAME_SET : GAME_EXPECT;
        s->a = prop(g, n, "key");
        s->b = prop(g, n, "value");
    } else if (is(n, "roll")) {
        s->kind = GAME_ROLL;
        s->a = prop(g, n, "die");
        s->b = prop(g, n, "face");
    } else {
        s->kind = GAME_DO;
        s->a = prop(g, n, "action");
        s->b = prop(g, n, "args");
    }
    if (s->kind == GAME_SET || s->kind == GAME_DO) {
        /* an action or a value the engine must refuse (a value: the bounds
         * and forms of a key's notation), and the reason it must give */
        char *r = prop(g, n, "result");
        s->expect_illegal = r && strcmp(r, "illegal") == 0;
        free(r);
        s->because = prop(g, n, "because");
    }
}

static void read_scenarios(game *g, xmlNodePtr root)
{
    for (xmlNodePtr n = root->children; n; n = n->next) {
        if (!is(n, "scenario"))
            continue;
        game_scenario *sc = push(g, &g->scenarios, &g->nscenarios, sizeof *sc);
        if (!sc)
            continue;
        sc->id = prop(g, n, "id");
        char *seed = prop(g, n, "seed");
        sc->seed = seed ? strtoull(seed, NULL, 10) : 1;
        free(seed);
        sc->loc = loc_of(g, n);
        for (xmlNodePtr part = n->children; part; part = part->next) {
            if (is(part, "given") || is(part, "actions")) {
                int given = is(part, "given");
                for (xmlNodePtr c = part->children; c; c = c->next) {
                    if (c->type != XML_ELEMENT_NODE)
                        continue;
                    game_step *s = given ? push(g, &sc->given, &sc->ngiven, sizeof *s)
                                         : push(g, &sc->actions, &sc->nactions, sizeof *s);
                    if (s)
                        read_step(g, s, c);
                }
            } else if (is(part, "expect")) {
                for (xmlNodePtr c = part->children; c; c = c->next) {
                    if (!is(c, "value"))
                        continue;
                    game_kv *kv = push(g, &sc->expect, &sc->nexpect, sizeof *kv);
                    if (!kv)
                        continue;
                    kv->key = prop(g, c, "key");
                    kv->value = prop(g, c, "value");
                    kv->loc = loc_of(g, c);
                }
            }
        }
    }
}

/* Every key, action, argument and die a scenario names is checked against
 * the engine's tables as the file is loaded, so that a misspelt key in a
 * scenario is an error at its line even if the scenario never runs. */
static void check_steps(const game *g, const game_step *s, size_t n, diag_list *diags)
{
    char err[512];
    for (size_t i = 0; i < n; i++, s++) {
        int rc = 0;
        const char *attr = "key=";
        err[0] = '\0';
        if (!s->a)
            continue;
        if (s->kind == GAME_SET) {
            /* a refused value is checked when the scenario runs: here only its key */
            rc = eng_check_key(g->engine, s->a, s->expect_illegal ? NULL : s->b ? s->b : "", err, sizeof err);
        } else if (s->kind == GAME_EXPECT) {
            rc = eng_check_key(g->engine, s->a, NULL, err, sizeof err);
        } else if (s->kind == GAME_ROLL) {
            const eng_die *d = eng_find_die(g->engine, s->a);
            attr = d ? "face=" : "die=";
            if (!d || eng_die_face(d, s->b ? s->b : "") < 0) {
                rc = -1;
                snprintf(err, sizeof err, d ? "the %s die has no face \"%s\"" : "%s: the engine has no die \"%s\"",
                         d ? s->a : g->engine->id, d ? (s->b ? s->b : "") : s->a);
            }
        } else {
            attr = "action=";
            rc = eng_check_action(g->engine, s->a, s->b, err, sizeof err);
        }
        if (rc != 0)
            diag_add(diags, DIAG_ERROR, s->loc.file, s->loc.line, doc_src_column(s->loc.file, s->loc.line, attr),
                     "scenario", "%s", err);
    }
}

static void check_scenarios(const game *g, size_t first, diag_list *diags)
{
    if (!g->engine)
        return;
    for (size_t i = first; i < g->nscenarios; i++) {
        const game_scenario *sc = &g->scenarios[i];
        check_steps(g, sc->given, sc->ngiven, diags);
        check_steps(g, sc->actions, sc->nactions, diags);
        for (size_t k = 0; k < sc->nexpect; k++) {
            char err[512];
            if (sc->expect[k].key && eng_check_key(g->engine, sc->expect[k].key, NULL, err, sizeof err) != 0)
                diag_add(diags, DIAG_ERROR, sc->expect[k].loc.file, sc->expect[k].loc.line,
                         doc_src_column(sc->expect[k].loc.file, sc->expect[k].loc.line, "key="), "scenario",
                         "%s", err);
        }
    }
}

/* ---- flows.xml ------------------------------------------------------------ */

static void read_flows(game *g, xmlNodePtr root)
{
    for (xmlNodePtr n = root->children; n; n = n->next) {
        if (!is(n, "flow"))
            continue;
        game_flow *f = push(g, &g->flows, &g->nflows, sizeof *f);
        if (!f)
            continue;
        f->id = prop(g, n, "id");
        f->ai = prop(g, n, "ai");
        f->loc = loc_of(g, n);
        for (xmlNodePtr c = n->children; c; c = c->next) {
            if (c->type != XML_ELEMENT_NODE)
                continue;
            game_fnode *fn = push(g, &f->nodes, &f->nnodes, sizeof *fn);
            if (!fn)
                continue;
            fn->id = prop(g, c, "id");
            fn->loc = loc_of(g, c);
            fn->next = prop(g, c, "next");
            fn->phase = prop(g, c, "phase");
            if (is(c, "start")) {
                fn->kind = GAME_FN_START;
            } else if (is(c, "decision")) {
                fn->kind = GAME_FN_DECISION;
                fn->ref = prop(g, c, "pred");
                for (xmlNodePtr b = c->children; b; b = b->next) {
                    if (!is(b, "branch"))
                        continue;
                    game_branch *br = push(g, &fn->branches, &fn->nbranches, sizeof *br);
                    if (!br)
                        continue;
                    br->value = prop(g, b, "value");
                    br->to = prop(g, b, "to");
                    br->loc = loc_of(g, b);
                }
            } else if (is(c, "action")) {
                fn->kind = GAME_FN_ACTION;
                fn->ref = prop(g, c, "outcome");
            } else {
                fn->kind = GAME_FN_END;
            }
        }
    }
}

/* ---- cards.xml, glossary.xml, icons ------------------------------------- */

static void read_cards(game *g, xmlNodePtr root)
{
    for (xmlNodePtr n = root->children; n; n = n->next) {
        if (!is(n, "card"))
            continue;
        game_card *c = push(g, &g->cards, &g->ncards, sizeof *c);
        if (!c)
            continue;
        c->id = prop(g, n, "id");
        c->status = prop(g, n, "status");
        c->icon = prop(g, n, "icon");
        c->group = prop(g, n, "group");
        c->loc = loc_of(g, n);
        for (xmlNodePtr gr = n->children; gr; gr = gr->next) {
            if (!is(gr, "grid"))
                continue;
            c->grid_loc = loc_of(g, gr);
            /* the X of wave X and aura X; the schema admits a positive whole
             * number, anything beyond 99 (a battlefield's reach) reads as none */
            char *nv = prop(g, gr, "n"), *end = NULL;
            errno = 0;
            long v = nv ? strtol(nv, &end, 10) : 0;
            c->grid_n = nv && end != nv && !*end && !errno && v > 0 && v <= 99 ? (int)v : 0;
            free(nv);
            for (xmlNodePtr r = gr->children; r; r = r->next) {
                if (!is(r, "row"))
                    continue;
                game_grid_row *row = push(g, &c->rows, &c->nrows, sizeof *row);
                if (!row)
                    continue;
                row->cells = content(g, r);
                row->loc = loc_of(g, r);
                if (!row->cells)
                    c->nrows--;   /* out of memory (g->oom): readers never meet a NULL row */
            }
        }
    }
}

static void read_glossary(game *g, xmlNodePtr root)
{
    for (xmlNodePtr n = root->children; n; n = n->next) {
        if (!is(n, "entry"))
            continue;
        game_term *t = push(g, &g->terms, &g->nterms, sizeof *t);
        if (!t)
            continue;
        t->id = prop(g, n, "id");
        t->loc = loc_of(g, n);
        for (xmlNodePtr f = n->children; f; f = f->next) {
            if (is(f, "avoid")) {
                char **l = realloc(t->avoid_langs, (t->navoids + 1) * sizeof *l);
                if (l)
                    t->avoid_langs = l;
                char **a = realloc(t->avoids, (t->navoids + 1) * sizeof *a);
                if (a)
                    t->avoids = a;
                if (l && a) {
                    t->avoid_langs[t->navoids] = prop(g, f, "lang");
                    t->avoids[t->navoids] = content(g, f);
                    t->navoids++;
                } else {
                    g->oom = 1;
                }
                continue;
            }
            if (!is(f, "form"))
                continue;
            char **l = realloc(t->langs, (t->nforms + 1) * sizeof *l);
            if (l)
                t->langs = l;
            char **fo = realloc(t->forms, (t->nforms + 1) * sizeof *fo);
            if (fo)
                t->forms = fo;
            if (l && fo) {
                t->langs[t->nforms] = prop(g, f, "lang");
                t->forms[t->nforms] = content(g, f);
                t->nforms++;
            } else {
                g->oom = 1;
            }
        }
    }
}

static void read_icons(game *g, xmlNodePtr root, diag_list *diags)
{
    if (!is(root, "icons")) {
        diag_add(diags, DIAG_ERROR, doc_xml_file(root), doc_xml_line(root), 0, "icons",
                 "expected <icons> as the root of an icon map");
        return;
    }
    for (xmlNodePtr n = root->children; n; n = n->next) {
        if (!is(n, "icon"))
            continue;
        game_icon *ic = push(g, &g->icons, &g->nicons, sizeof *ic);
        if (!ic)
            continue;
        ic->name = prop(g, n, "name");
        ic->glyph = prop(g, n, "glyph");
        ic->title = prop(g, n, "title");
        ic->loc = loc_of(g, n);
        if (!ic->name || !ic->glyph)
            diag_add(diags, DIAG_ERROR, ic->loc.file, ic->loc.line, 0, "icons",
                     "an <icon> needs name and glyph");
    }
}

/* Parses an optional data file of the game folder with the content schema
 * and hands its root to reader. Absent files are not an error. */
static void read_data(game *g, const doc_loader *ld, const char *name, const char *root_name,
                      void (*reader)(game *, xmlNodePtr), diag_list *diags)
{
    char *path = join(g->dir, name);
    if (!path || !exists(path)) {
        if (!path)
            g->oom = 1;
        free(path);
        return;
    }
    xmlDocPtr x = doc_parse_xml(ld, path, diags);
    if (x) {
        xmlNodePtr root = xmlDocGetRootElement(x);
        if (root && is(root, root_name)) {
            char *gid = prop(g, root, "game");
            if (gid && g->id && strcmp(gid, g->id) != 0)
                diag_add(diags, DIAG_ERROR, path, doc_xml_line(root), 0, "game",
                         "this file says game=\"%s\" but lies in the folder of \"%s\"", gid, g->id);
            free(gid);
            reader(g, root);
        } else {
            diag_add(diags, DIAG_ERROR, path, root ? doc_xml_line(root) : 0, 0, "game",
                     "expected <%s> as the root element", root_name);
        }
        xmlFreeDoc(x);
    }
    free(path);
}

/* ---- termlists: the glossary as a table in a summary ------------------- */

static const char *endonym(const char *code)
{
    static const struct { const char *code, *name; } names[] = {
        {"de", "Deutsch"}, {"en", "English"}, {"it", "Italiano"}, {"fr", "Fran\xC3\xA7" "ais"},
        {"es", "Espa\xC3\xB1ol"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i].code, code) == 0)
            return names[i].name;
    return code;
}

static const char *term_form(const game_term *t, const char *lang)
{
    for (size_t i = 0; i < t->nforms; i++)
        if (t->langs[i] && strcmp(t->langs[i], lang) == 0)
            return t->forms[i];
    return NULL;
}

/* A term with its sort key in the summary's language: ICU's collation
 * (German "Ärger" among the A, Italian "È" among the E), not the bytes'
 * order that put every umlaut after "Ziel". */
typedef struct sorted_term {
    const game_term *t;
    uint8_t *key;       /* NULL: no form in this language (sorted last) */
    int32_t keylen;
} sorted_term;

static int sorted_cmp(const void *a, const void *b)
{
    const sorted_term *x = a, *y = b;
    if (!x->key || !y->key)
        return x->key ? -1 : y->key ? 1 : strcmp(x->t->id, y->t->id);
    int32_t n = x->keylen < y->keylen ? x->keylen : y->keylen;
    int c = memcmp(x->key, y->key, (size_t)n);
    if (c || x->keylen != y->keylen)
        return c ? c : x->keylen < y->keylen ? -1 : 1;
    return strcmp(x->t->id, y->t->id);
}

/* The sort key of a UTF-8 string under coll, or NULL (with *oom set when
 * for want of memory). Caller frees. */
static uint8_t *sort_key(UCollator *coll, const char *s, int32_t *len, int *oom)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t n16 = 0;
    u_strFromUTF8(NULL, 0, &n16, s, -1, &e);
    if (e != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(e))
        return NULL;
    UChar *u = malloc(((size_t)n16 + 1) * sizeof *u);
    if (!u)
        return *oom = 1, NULL;
    e = U_ZERO_ERROR;
    u_strFromUTF8(u, n16 + 1, NULL, s, -1, &e);
    uint8_t *key = NULL;
    if (U_SUCCESS(e)) {
        int32_t need = ucol_getSortKey(coll, u, n16, NULL, 0);
        key = need > 0 ? malloc((size_t)need) : NULL;
        if (key)
            *len = ucol_getSortKey(coll, u, n16, key, need);
        else if (need > 0)
            *oom = 1;
    }
    free(u);
    return key;
}

/* A table cell of text, or NULL with g->oom set. */
static doc_node *text_cell(game *g, doc *d, const char *text, int bold)
{
    doc_node *cell = doc_node_new(d, DOC_CELL), *b = bold ? doc_node_new(d, DOC_BOLD) : NULL;
    doc_node *t = doc_node_new(d, DOC_TEXT);
    if (t)
        t->text = strdup(text ? text : "\xE2\x80\x94");
    if (!cell || !t || !t->text || (bold && !b)) {
        if (t)
            free(t->text);
        free(cell), free(b), free(t);
        g->oom = 1;
        return NULL;
    }
    if (bold) {
        doc_append(b, t);
        doc_append(cell, b);
    } else {
        doc_append(cell, t);
    }
    return cell;
}

/* Turns each <termlist> of the summary into a table: a head with the
 * languages' names, then a row per glossary entry that has a form in the
 * summary's language (rows are reference material: kind="reference"). The
 * rows' ids follow the entries, so translations align. */
static void expand_termlists(game *g, game_lang *l, diag_list *diags)
{
    doc_iter it;
    doc_iter_init(&it, l->doc->root);
    doc_event ev;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        doc_node *n = (doc_node *)(uintptr_t)it.cur;
        if (ev != DOC_EV_ENTER || n->type != DOC_TERMLIST || n->first)
            continue;
        /* the other languages: the attribute's, else every one the glossary has */
        const char *others[8];
        size_t no = 0;
        char buf[128] = "";
        if (n->value) {
            snprintf(buf, sizeof buf, "%s", n->value);
            for (char *save = NULL, *t = strtok_r(buf, " ", &save); t && no < 8; t = strtok_r(NULL, " ", &save))
                if (strcmp(t, l->code) != 0)
                    others[no++] = t;
        } else {
            for (size_t i = 0; i < g->nterms; i++)
                for (size_t f = 0; f < g->terms[i].nforms; f++) {
                    const char *lg = g->terms[i].langs[f];
                    int seen = !lg || strcmp(lg, l->code) == 0;
                    for (size_t k = 0; k < no && !seen; k++)
                        seen = strcmp(others[k], lg) == 0;
                    if (!seen && no < 8)
                        others[no++] = lg;
                }
        }
        if (no == 0) {
            diag_add(diags, DIAG_ERROR, n->file, n->line, 0, "termlist",
                     "the glossary has no other language than %s to list", l->code);
            continue;
        }
        n->type = DOC_TABLE;
        /* the glossary's table is not translated text (i18n_seg skips it) */
        n->variant = strdup("termlist");
        doc_node *head = doc_node_new(l->doc, DOC_TABLE_HEAD);
        if (!n->variant || !head || doc_append(n, head) != 0) {
            free(head);
            g->oom = 1;
            continue;
        }
        doc_append(head, text_cell(g, l->doc, endonym(l->code), 0));
        for (size_t k = 0; k < no; k++)
            doc_append(head, text_cell(g, l->doc, endonym(others[k]), 0));
        /* in the alphabetical order of this language's forms */
        sorted_term *order = calloc(g->nterms ? g->nterms : 1, sizeof *order);
        size_t nord = 0;
        if (!order)
            g->oom = 1;
        UErrorCode ue = U_ZERO_ERROR;
        UCollator *coll = ucol_open(l->code ? l->code : "", &ue);
        if (U_FAILURE(ue))
            coll = NULL;
        /* every entry, so that the rows of translations align by id; an
         * entry without a form in this language shows a dash, last */
        for (size_t i = 0; order && i < g->nterms; i++) {
            if (!g->terms[i].id)
                continue;
            const char *form = term_form(&g->terms[i], l->code);
            order[nord].t = &g->terms[i];
            order[nord].key = form && coll ? sort_key(coll, form, &order[nord].keylen, &g->oom) : NULL;
            if (form && !order[nord].key && !g->oom) {
                /* no collator: the bytes themselves are the key */
                order[nord].key = (uint8_t *)strdup(form);
                order[nord].keylen = order[nord].key ? (int32_t)strlen(form) : 0;
                if (!order[nord].key)
                    g->oom = 1;
            }
            nord++;
        }
        if (coll)
            ucol_close(coll);
        if (order)
            qsort(order, nord, sizeof *order, sorted_cmp);
        for (size_t i = 0; i < nord; i++) {
            const game_term *t = order[i].t;
            const char *mine = term_form(t, l->code);
            doc_node *row = doc_node_new(l->doc, DOC_ROW);
            if (!row) {
                g->oom = 1;
                continue;
            }
            char id[300];
            snprintf(id, sizeof id, "%s-%s", n->id ? n->id : "glossary", t->id);
            row->id = strdup(id);
            row->kind = strdup("reference");
            row->reason = strdup("glossary");
            row->file = n->file;
            row->line = n->line;
            if (!row->id || !row->kind || !row->reason)
                g->oom = 1;
            if (doc_append(n, row) != 0) {
                free(row->id), free(row->kind), free(row->reason), free(row);
                continue;
            }
            doc_append(row, text_cell(g, l->doc, mine, 1));
            for (size_t k = 0; k < no; k++)
                doc_append(row, text_cell(g, l->doc, term_form(t, others[k]), 0));
        }
        for (size_t i = 0; i < nord; i++)
            free(order[i].key);
        free(order);
    }
}

/* A translation named by po="…": the source summary with the PO's texts
 * (i18n_translate), each node at its entry's line of the PO. */
static void load_po_lang(game *g, game_lang *l, const char *templates_dir, diag_list *diags)
{
    const game_lang *src = game_find_lang(g, g->source_lang);
    if (l->code && templates_dir)
        l->vocab = i18n_vocab_load(templates_dir, l->code, diags);
    if (!exists(l->path)) {
        diag_add(diags, DIAG_ERROR, l->loc.file, l->loc.line, doc_src_column(l->loc.file, l->loc.line, "po="),
                 "lang", "%s: no translation at %s yet (regelwerk i18n export %s --to %s, then i18n import)",
                 l->code ? l->code : "?", l->path, g->id ? g->id : "GAME", l->code ? l->code : "LANG");
        return;
    }
    /* a source that did not load, or is not there, has said why at its
     * own lines or at game.xml's file=: the translation is not checked,
     * and not reported again */
    if (src && !src->doc && !src->is_po && src->path)
        return;
    if (!src || !src->doc || src->is_po) {
        diag_add(diags, DIAG_ERROR, l->loc.file, l->loc.line, 0, "lang",
                 "%s: a translation needs the source language (%s) as a summary file of its own",
                 l->code ? l->code : "?", g->source_lang ? g->source_lang : "?");
        return;
    }
    l->cat = i18n_po_read(l->path, diags);
    if (!l->cat)
        return;
    const i18n_cat *c = l->cat;
    if (c->lang && l->code && strcmp(c->lang, l->code) != 0)
        diag_add(diags, DIAG_ERROR, l->path, c->header_line, 0, "lang",
                 "this PO says Language: %s but game.xml lists it as \"%s\"", c->lang, l->code);
    if (c->game && g->id && strcmp(c->game, g->id) != 0)
        diag_add(diags, DIAG_ERROR, l->path, c->header_line, 0, "game",
                 "this PO says X-Regelwerk-Game: %s but lies in the folder of \"%s\"", c->game, g->id);
    l->doc = i18n_translate(src->doc, c, l->code, diags);
}

game *game_load(const doc_loader *ld, const char *content_root, const char *name,
                const char *templates_dir, diag_list *diags)
{
    return game_load_lang(ld, content_root, name, templates_dir, NULL, diags);
}

game *game_load_lang(const doc_loader *ld, const char *content_root, const char *name,
                     const char *templates_dir, const char *only_lang, diag_list *diags)
{
    game *g = calloc(1, sizeof *g);
    if (!g) {
        diag_add(diags, DIAG_ERROR, NULL, 0, 0, "memory", "out of memory");
        return NULL;
    }
    g->coverage_target = -1;
    g->dir = join(content_root, name);
    char *path = g->dir ? join(g->dir, "game.xml") : NULL;
    if (!path) {
        game_free(g);
        diag_add(diags, DIAG_ERROR, NULL, 0, 0, "memory", "out of memory");
        return NULL;
    }
    if (!exists(path)) {
        diag_add(diags, DIAG_ERROR, path, 0, 0, "game", "no game.xml: \"%s\" is not a game folder", name);
        free(path);
        game_free(g);
        return NULL;
    }
    xmlDocPtr x = doc_parse_xml(ld, path, diags);
    if (!x) {
        free(path);
        game_free(g);
        return NULL;
    }
    xmlNodePtr root = xmlDocGetRootElement(x);
    if (!root || !is(root, "game")) {
        diag_add(diags, DIAG_ERROR, path, root ? doc_xml_line(root) : 0, 0, "game",
                 "expected <game> as the root element");
        xmlFreeDoc(x);
        free(path);
        game_free(g);
        return NULL;
    }
    read_game(g, root, diags);
    xmlFreeDoc(x);
    if (g->id && strcmp(g->id, name) != 0)
        diag_add(diags, DIAG_ERROR, path, g->loc.line, doc_src_column(path, g->loc.line, "id="), "game",
                 "game id \"%s\" differs from its folder name \"%s\"", g->id, name);
    g->engine = g->engine_id ? eng_find(g->engine_id) : NULL;
    g->unverified = g->engine_id && strcmp(g->engine_id, "none") == 0;
    if (!g->engine && !g->unverified) {
        char names[256] = "";
        size_t u = 0;
        for (const eng_game *const *e = eng_games(); *e && u < sizeof names; e++)
            u += (size_t)snprintf(names + u, sizeof names - u, "%s%s", u ? ", " : "", (*e)->id);
        diag_add(diags, DIAG_ERROR, path, g->loc.line, doc_src_column(path, g->loc.line, "engine="),
                 "engine", "no engine \"%s\" is built in (there are: %s; or engine=\"none\" for a text-only summary)", g->engine_id ? g->engine_id : "",
                 names);
    }
    free(path);

    for (size_t i = 0; i < g->nlangs; i++) {
        game_lang *l = &g->langs[i];
        if (!l->path || l->is_po)
            continue;
        /* a summary that is not there: at the attribute that names it */
        if (!exists(l->path)) {
            diag_add(diags, DIAG_ERROR, l->loc.file, l->loc.line, doc_src_column(l->loc.file, l->loc.line, "file="),
                     "lang", "%s: no summary at %s (named by file=)", l->code ? l->code : "?", l->path);
            continue;
        }
        l->doc = doc_load(ld, l->path, diags);
        /* every summary is read with its own language's words: an Italian
         * sheet does not accept "drei" */
        if (l->code && templates_dir)
            l->vocab = i18n_vocab_load(templates_dir, l->code, diags);
        if (l->doc) {
            const doc_node *r = l->doc->root;
            if (r->value && l->code && strcmp(r->value, l->code) != 0)
                diag_add(diags, DIAG_ERROR, l->path, r->line, 0, "lang",
                         "the summary says lang=\"%s\" but game.xml lists it as \"%s\"", r->value, l->code);
            if (r->ref && g->id && strcmp(r->ref, g->id) != 0)
                diag_add(diags, DIAG_ERROR, l->path, r->line, 0, "game",
                         "the summary says game=\"%s\" but belongs to \"%s\"", r->ref, g->id);
        }
    }
    /* translations kept as PO files, made from the loaded source; with
     * only_lang, another language's PO is not read (a third of loading a
     * game: gettext's parser, the translation, its vocabulary), since
     * nothing is checked or built in it. The source stays: a translation
     * is made from it and checked against it. */
    for (size_t i = 0; i < g->nlangs; i++) {
        const game_lang *l = &g->langs[i];
        if (only_lang && l->code && strcmp(l->code, only_lang) != 0)
            continue;
        if (l->is_po && l->path)
            load_po_lang(g, &g->langs[i], templates_dir, diags);
    }
    read_data(g, ld, "examples.xml", "examples", read_scenarios, diags);
    check_scenarios(g, 0, diags);
    read_data(g, ld, "flows.xml", "flows", read_flows, diags);
    read_data(g, ld, "cards.xml", "cards", read_cards, diags);
    read_data(g, ld, "glossary.xml", "glossary", read_glossary, diags);
    for (size_t i = 0; i < g->nlangs; i++)
        if (g->langs[i].doc)
            expand_termlists(g, &g->langs[i], diags);

    if (templates_dir && g->id) {
        char file[512];
        snprintf(file, sizeof file, "icons/%s.xml", g->id);
        char *ipath = join(templates_dir, file);
        if (ipath && exists(ipath)) {
            doc_loader raw = {templates_dir, NULL};
            xmlDocPtr ix = doc_parse_xml(&raw, ipath, diags);
            if (ix) {
                read_icons(g, xmlDocGetRootElement(ix), diags);
                xmlFreeDoc(ix);
            }
            g->icons_path = ipath;
        } else {
            if (!ipath)
                g->oom = 1;
            free(ipath);
        }
    }
    if (g->oom)
        diag_add(diags, DIAG_ERROR, g->dir, 0, 0, "memory", "out of memory");
    return g;
}

int game_load_scenarios(game *g, const doc_loader *ld, const char *path, diag_list *diags)
{
    size_t before = diags->errors;
    xmlDocPtr x = doc_parse_xml(ld, path, diags);
    if (!x)
        return -1;
    xmlNodePtr root = xmlDocGetRootElement(x);
    if (root && is(root, "examples")) {
        size_t first = g->nscenarios;
        int was_oom = g->oom;
        read_scenarios(g, root);
        check_scenarios(g, first, diags);
        if (g->oom && !was_oom)
            diag_add(diags, DIAG_ERROR, path, 0, 0, "memory", "out of memory");
    } else
        diag_add(diags, DIAG_ERROR, path, root ? doc_xml_line(root) : 0, 0, "game",
                 "expected <examples> as the root element");
    xmlFreeDoc(x);
    return diags->errors == before ? 0 : -1;
}

/* ---- free ------------------------------------------------------------------- */

static void free_steps(game_step *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(s[i].a);
        free(s[i].b);
        free(s[i].because);
    }
    free(s);
}

void game_free(game *g)
{
    if (!g)
        return;
    free(g->id);
    free(g->engine_id);
    free(g->date);
    free(g->source_lang);
    free(g->dir);
    free(g->icons_path);
    for (size_t i = 0; i < g->ntitles; i++) {
        free(g->title_langs[i]);
        free(g->titles[i]);
    }
    free(g->title_langs);
    free(g->titles);
    for (size_t i = 0; i < g->ncredits; i++) {
        game_credit *c = &g->credits[i];
        free(c->role); free(c->lang); free(c->version); free(c->url); free(c->text);
    }
    free(g->credits);
    for (size_t i = 0; i < g->nlangs; i++) {
        free(g->langs[i].code);
        free(g->langs[i].path);
        doc_free(g->langs[i].doc);
        i18n_vocab_free(g->langs[i].vocab);
        i18n_cat_free(g->langs[i].cat);
    }
    free(g->langs);
    for (size_t i = 0; i < g->noutputs; i++) {
        game_output *o = &g->outputs[i];
        free(o->kind); free(o->lang); free(o->template_id); free(o->paper); free(o->flow);
    }
    free(g->outputs);
    for (size_t i = 0; i < g->nscenarios; i++) {
        game_scenario *s = &g->scenarios[i];
        free(s->id);
        free_steps(s->given, s->ngiven);
        free_steps(s->actions, s->nactions);
        for (size_t k = 0; k < s->nexpect; k++) {
            free(s->expect[k].key);
            free(s->expect[k].value);
        }
        free(s->expect);
    }
    free(g->scenarios);
    for (size_t i = 0; i < g->nflows; i++) {
        game_flow *f = &g->flows[i];
        for (size_t k = 0; k < f->nnodes; k++) {
            game_fnode *n = &f->nodes[k];
            free(n->id); free(n->ref); free(n->next); free(n->phase);
            for (size_t b = 0; b < n->nbranches; b++) {
                free(n->branches[b].value);
                free(n->branches[b].to);
            }
            free(n->branches);
        }
        free(f->nodes);
        free(f->id);
        free(f->ai);
    }
    free(g->flows);
    for (size_t i = 0; i < g->ncards; i++) {
        game_card *c = &g->cards[i];
        free(c->id); free(c->status); free(c->icon); free(c->group);
        for (size_t k = 0; k < c->nrows; k++)
            free(c->rows[k].cells);
        free(c->rows);
    }
    free(g->cards);
    for (size_t i = 0; i < g->nterms; i++) {
        game_term *t = &g->terms[i];
        for (size_t k = 0; k < t->nforms; k++) {
            free(t->langs[k]);
            free(t->forms[k]);
        }
        for (size_t k = 0; k < t->navoids; k++) {
            free(t->avoid_langs[k]);
            free(t->avoids[k]);
        }
        free(t->avoid_langs); free(t->avoids);
        free(t->langs); free(t->forms); free(t->id);
    }
    free(g->terms);
    for (size_t i = 0; i < g->nicons; i++) {
        free(g->icons[i].name); free(g->icons[i].glyph); free(g->icons[i].title);
    }
    free(g->icons);
    for (size_t i = 0; i < g->nfiles; i++)
        free(g->files[i]);
    free(g->files);
    free(g);
}

/* ---- look-ups --------------------------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

char **game_names(const char *content_root)
{
    DIR *dir = opendir(content_root);
    if (!dir)
        return NULL;
    char **names = calloc(1, sizeof *names);
    size_t n = 0;
    int oom = !names;
    struct dirent *e;
    while (!oom && (e = readdir(dir))) {
        if (e->d_name[0] == '.')
            continue;
        char *sub = join(content_root, e->d_name);
        char *gx = sub ? join(sub, "game.xml") : NULL;
        if (!gx) {
            oom = 1;
        } else if (exists(gx)) {
            char **p = realloc(names, (n + 2) * sizeof *p);
            if (p)
                names = p;
            if (!p || !(names[n] = strdup(e->d_name)))
                oom = 1;
            else
                names[++n] = NULL;
        }
        free(gx);
        free(sub);
    }
    closedir(dir);
    if (oom) {
        /* a list missing a game would check or build fewer, and say ok */
        game_names_free(names);
        errno = ENOMEM;
        return NULL;
    }
    qsort(names, n, sizeof *names, cmp_str);
    return names;
}

void game_names_free(char **names)
{
    if (!names)
        return;
    for (char **p = names; *p; p++)
        free(*p);
    free(names);
}

const char *game_title(const game *g, const char *lang)
{
    for (size_t i = 0; i < g->ntitles; i++)
        if (lang && g->title_langs[i] && strcmp(g->title_langs[i], lang) == 0)
            return g->titles[i];
    return g->ntitles ? g->titles[0] : g->id;
}

#define FIND(fn, type, arr, count, field)                       \
    const type *fn(const game *g, const char *key)              \
    {                                                           \
        for (size_t i = 0; key && i < g->count; i++)            \
            if (g->arr[i].field && strcmp(g->arr[i].field, key) == 0) \
                return &g->arr[i];                              \
        return NULL;                                            \
    }

FIND(game_find_lang, game_lang, langs, nlangs, code)
FIND(game_find_scenario, game_scenario, scenarios, nscenarios, id)
FIND(game_find_flow, game_flow, flows, nflows, id)
FIND(game_find_card, game_card, cards, ncards, id)
FIND(game_find_term, game_term, terms, nterms, id)
FIND(game_find_icon, game_icon, icons, nicons, name)

const game_fnode *game_flow_node(const game_flow *f, const char *id)
{
    for (size_t i = 0; id && i < f->nnodes; i++)
        if (f->nodes[i].id && strcmp(f->nodes[i].id, id) == 0)
            return &f->nodes[i];
    return NULL;
}

int game_flow_has_phase(const game_flow *f, const char *id)
{
    for (size_t i = 0; id && i < f->nnodes; i++)
        if (f->nodes[i].phase && strcmp(f->nodes[i].phase, id) == 0)
            return 1;
    return 0;
}
