/* chk.c — checker driver: structure, numbers and claims, cards, coverage. */
#include "chk_int.h"
#include "i18n_typo.h"
#include "i18n_vocab.h"

#include <ctype.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int chk_result(chk_ctx *c, int ok, const char *file, int line, const char *needle,
               const char *code, const char *fmt, ...)
{
    if (ok) {
        c->rep->passed++;
        return 1;
    }
    c->rep->failed++;
    char msg[1536];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int col = needle ? doc_src_column(file, line, needle) : 0;
    diag_add(c->diags, DIAG_ERROR, file, line, col, code, "%s", msg);
    return 0;
}

/* ---- facts --------------------------------------------------------------- */

/* Probes run once per process: they are deterministic, and a content file
 * binds the same fact many times. */
typedef struct fact_cache {
    const eng_fact *f;
    int rc;
    long value;
    char why[512];
} fact_cache;

static fact_cache *cache;
static size_t ncache;

int chk_fact_value(chk_ctx *c, const eng_fact *f, long *out, char *why, size_t whylen)
{
    for (size_t i = 0; i < ncache; i++) {
        if (cache[i].f == f) {
            *out = cache[i].value;
            snprintf(why, whylen, "%s", cache[i].why);
            return cache[i].rc;
        }
    }
    fact_cache e = {f, 0, 0, ""};
    long actions = 0;
    /* eng_measure refuses a probe that performed no engine action */
    e.rc = eng_measure(c->g->engine, f, &e.value, &actions, e.why, sizeof e.why);
    fact_cache *p = realloc(cache, (ncache + 1) * sizeof *p);
    if (p) {
        cache = p;
        cache[ncache++] = e;
    }
    *out = e.value;
    snprintf(why, whylen, "%s", e.why);
    return e.rc;
}

/* ---- structure: ids and references ----------------------------------------- */

/* Does the subtree of n hold a binding, not counting nested rule blocks (they
 * are counted for themselves)? */
static int block_is_bound(const doc_node *n)
{
    if (n->type == DOC_EXAMPLE || n->type == DOC_FLOWREF || n->type == DOC_CARDTEXT)
        return 1;
    if (n->type == DOC_GAP_BLOCK)
        return 0;
    doc_iter it;
    doc_iter_init(&it, n);
    doc_event ev;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        const doc_node *x = it.cur;
        if (ev != DOC_EV_ENTER || x == n)
            continue;
        if (doc_is_rule_block(x->type)) {
            /* skip the nested block's subtree */
            if (x->first) {
                it.cur = x;
                it.ev = DOC_EV_EXIT;
            }
            continue;
        }
        if (x->type == DOC_NUM || x->type == DOC_CLAIM || x->type == DOC_VAL || x->type == DOC_WORD)
            return 1;
    }
    return 0;
}

/* The ids of one document: an open-addressing hash set (a summary has
 * hundreds of ids; comparing each with all the others was a tenth of
 * `check`'s time). */
typedef struct idset {
    const char **ids;
    const doc_node **nodes;
    size_t n, cap;          /* cap: a power of two, or 0 */
} idset;

static size_t id_hash(const char *s)
{
    size_t h = 1469598103934665603u;   /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static int idset_grow(idset *s)
{
    size_t cap = s->cap ? s->cap * 2 : 256;
    const char **ids = calloc(cap, sizeof *ids);
    const doc_node **nodes = calloc(cap, sizeof *nodes);
    if (!ids || !nodes) {
        free(ids);
        free(nodes);
        return -1;
    }
    for (size_t i = 0; i < s->cap; i++) {
        if (!s->ids[i])
            continue;
        size_t k = id_hash(s->ids[i]) & (cap - 1);
        while (ids[k])
            k = (k + 1) & (cap - 1);
        ids[k] = s->ids[i];
        nodes[k] = s->nodes[i];
    }
    free(s->ids);
    free(s->nodes);
    s->ids = ids;
    s->nodes = nodes;
    s->cap = cap;
    return 0;
}

/* Adds id; returns the node that already had it, or NULL. */
static const doc_node *idset_add(idset *s, const char *id, const doc_node *node)
{
    if ((s->n + 1) * 2 > s->cap && idset_grow(s) != 0)
        return NULL;
    size_t k = id_hash(id) & (s->cap - 1);
    while (s->ids[k]) {
        if (strcmp(s->ids[k], id) == 0)
            return s->nodes[k];
        k = (k + 1) & (s->cap - 1);
    }
    s->ids[k] = id;
    s->nodes[k] = node;
    s->n++;
    return NULL;
}

static void idset_free(idset *s)
{
    free(s->ids);
    free(s->nodes);
}

static int claim_value(const char *v, long *out)
{
    if (!v)
        return -1;
    if (strcmp(v, "yes") == 0) {
        *out = 1;
        return 0;
    }
    if (strcmp(v, "no") == 0) {
        *out = 0;
        return 0;
    }
    return eng_parse_long(v, out);
}

/* ---- "did you mean": the closest known id to a misspelt one ------------------ */

static const char *fact_name(const void *items, size_t i) { return ((const eng_fact *)items)[i].id; }
static const char *term_name(const void *items, size_t i) { return ((const game_term *)items)[i].id; }
static const char *icon_name(const void *items, size_t i) { return ((const game_icon *)items)[i].name; }
static const char *scen_name(const void *items, size_t i) { return ((const game_scenario *)items)[i].id; }
static const char *flow_name(const void *items, size_t i) { return ((const game_flow *)items)[i].id; }

/* " (did you mean \"x\"?)" or "" — into buf */
static const char *did_you_mean(char *buf, size_t len, const char *best)
{
    if (!best)
        return "";
    snprintf(buf, len, " (did you mean \"%s\"?)", best);
    return buf;
}

static void check_binding(chk_ctx *c, const game_lang *l, const doc_node *n)
{
    const eng_game *e = c->g->engine;
    const eng_fact *f = e ? eng_find_fact(e, n->ref) : NULL;
    char needle[300];
    snprintf(needle, sizeof needle, "fact=\"%s\"", n->ref ? n->ref : "");
    char dym[300];
    if (!chk_result(c, f != NULL, n->file, n->line, needle, "unknown-fact", "the engine knows no fact \"%s\"%s",
                    n->ref ? n->ref : "",
                    did_you_mean(dym, sizeof dym, e && !f ? diag_suggest(n->ref, fact_name, e->facts, e->nfacts) : NULL)))
        return;
    long written;
    const char *concept = NULL;
    if (n->type == DOC_NUM) {
        if (!chk_result(c, i18n_parse_number(l->vocab, n->text, &written) == 0, n->file, n->line, needle,
                        "not-a-number", "\"%s\" is not a number (digits or a %s number word)",
                        n->text ? n->text : "", l->code ? l->code : ""))
            return;
    } else if (n->type == DOC_WORD) {
        if (!chk_result(c, l->vocab && i18n_rule_phrase(l->vocab, n->text ? n->text : "", &written, &concept) == 0,
                        n->file, n->line, needle, "not-a-rule-word",
                        "\"%s\" holds none of the rule words of templates/lang/%s.xml",
                        n->text ? n->text : "", l->code ? l->code : ""))
            return;
    } else if (!chk_result(c, claim_value(n->value, &written) == 0, n->file, n->line, needle,
                           "not-a-number", "claim value \"%s\" is not yes, no or a whole number",
                           n->value ? n->value : "")) {
        return;
    }
    long measured;
    char why[512] = "";
    if (!chk_result(c, chk_fact_value(c, f, &measured, why, sizeof why) == 0, n->file, n->line,
                    needle, "probe-failed", "the engine could not measure %s: %s", f->id, why))
        return;
    if (n->type == DOC_WORD)
        chk_result(c, measured == written, n->file, n->line, needle, "word-mismatch",
                   "%s: the text says \"%s\" (%s, %ld), the engine measures %ld", f->id, n->text, concept,
                   written, measured);
    else
        chk_result(c, measured == written, n->file, n->line, needle, "num-mismatch",
                   "%s: the text says %ld (\"%s\"), the engine measures %ld", f->id, written,
                   n->type == DOC_NUM ? n->text : n->value, measured);
}

/* ---- statements: every number and rule word a player reads -------------------- */

typedef struct stmt_ctx {
    chk_ctx *c;
    const doc_node *node;     /* the text node */
    const char *text;
    int line, byte;           /* the search cursor in the source */
    chk_coverage *cov;
} stmt_ctx;

static void on_hit(void *data, const i18n_hit *h)
{
    stmt_ctx *s = data;
    char tok[96];
    size_t len = h->len < sizeof tok - 1 ? h->len : sizeof tok - 1;
    memcpy(tok, s->text + h->off, len);
    tok[len] = '\0';
    /* the source line and column of this very token */
    int col = 0, line = s->line;
    const char *needle = tok;
    if ((tok[0] == '+' || tok[0] == '-') && tok[1])
        needle = tok + 1;
    else if (strncmp(tok, "\xe2\x88\x92", 3) == 0 && tok[3])
        needle = tok + 3;
    if (doc_src_find(s->node->file, &line, &s->byte, needle, &col) == 0)
        s->line = line;
    else
        line = s->node->line;
    s->cov->stmt_total++;
    if (h->kind == I18N_RULEWORD) {
        s->cov->words_unbound++;
        if (s->c->opt && s->c->opt->list_unbound)
            diag_add(s->c->diags, DIAG_NOTE, s->node->file, line, col, "unbound-word",
                     "rule word \"%s\" (%s) is not bound: <word fact=\"…\">%s</word>, or <n why=\"…\"> "
                     "if it states no rule", tok, h->concept, tok);
        return;
    }
    s->c->rep->failed++;
    diag_add(s->c->diags, DIAG_ERROR, s->node->file, line, col, "unbound-number",
             "the number \"%s\" is neither bound (<num fact=\"…\">) nor marked as no rule number "
             "(<n why=\"page\">)", tok);
}

/* Does the player read this text as rules (a rule block, a flowchart label,
 * a card)? Headings and titles are not statements. */
static int scanned(const doc_node *n)
{
    int in_rule = 0;
    for (const doc_node *p = n->parent; p; p = p->parent) {
        if (p->type == DOC_HEADING || p->type == DOC_TITLE || p->type == DOC_SUBTITLE)
            return 0;
        if (doc_is_rule_block(p->type) || p->type == DOC_LABEL)
            in_rule = 1;
    }
    return in_rule;
}

/* ---- typography: the language's quotes, ordinals and spellings ------------- */

typedef struct typo_ctx {
    chk_ctx *c;
    const doc_node *node;
} typo_ctx;

static void on_typo(void *data, const i18n_typo_hit *h)
{
    typo_ctx *t = data;
    const doc_node *n = t->node;
    char tok[64];
    size_t len = h->len < sizeof tok - 1 ? h->len : sizeof tok - 1;
    memcpy(tok, n->text + h->off, len);
    tok[len] = '\0';
    const char *use = h->use ? h->use : "";
    if (strcmp(h->what, "quotes") == 0)
        chk_result(t->c, 0, n->file, n->line, tok, "typography",
                   "the quotation mark \"%s\" is not this language's: write %s", tok, use);
    else if (strcmp(h->what, "ordinal") == 0)
        chk_result(t->c, 0, n->file, n->line, tok, "typography",
                   "\"%s\" is written with the degree sign: write the ordinal as %s", tok, use);
    else
        chk_result(t->c, 0, n->file, n->line, tok, "typography", "write %s, not \"%s\"", use, tok);
}

static void check_typography(chk_ctx *c, const game_lang *l, const doc_node *n)
{
    switch (n->type) {
    case DOC_TEXT:
    case DOC_NUM:
    case DOC_VAL:
    case DOC_MARK:
    case DOC_WORD:
        if (n->text && l->vocab) {
            typo_ctx t = {c, n};
            i18n_typo_scan(i18n_vocab_typo(l->vocab), n->text, on_typo, &t);
        }
        break;
    default:
        break;
    }
}

static void count_statement(chk_ctx *c, const game_lang *l, const doc_node *n, chk_coverage *cov)
{
    if (!scanned(n))
        return;
    switch (n->type) {
    case DOC_TEXT:
        if (l->vocab && n->text) {
            stmt_ctx s = {c, n, n->text, n->line, 0, cov};
            i18n_scan(l->vocab, n->text, on_hit, &s);
        }
        break;
    case DOC_NUM:
    case DOC_VAL:
    case DOC_WORD:
        cov->stmt_total++;
        cov->stmt_bound++;
        break;
    case DOC_CLAIM:
        cov->claims++;
        if (c->opt && c->opt->list_unbound)
            diag_add(c->diags, DIAG_NOTE, n->file, n->line, doc_src_column(n->file, n->line, "<claim"),
                     "invisible-claim", "%s = %s is verified by an invisible claim: no printed word carries it",
                     n->ref ? n->ref : "", n->value ? n->value : "");
        break;
    case DOC_MARK: {
        long v;
        char needle[300];
        snprintf(needle, sizeof needle, "why=\"%s\"", n->reason ? n->reason : "");
        chk_result(c, n->reason && *n->reason, n->file, n->line, "<n", "missing-reason",
                   "<n> needs why=\"…\": which kind of number this is, if not a rule's");
        /* a mark is for a number or rule words that state no rule ("in alto a
         * sinistra" of a card's corner); anything else inside it hides text */
        const char *concept;
        chk_result(c, i18n_parse_number(l->vocab, n->text, &v) == 0 ||
                          (l->vocab && i18n_rule_phrase(l->vocab, n->text ? n->text : "", &v, &concept) == 0),
                   n->file, n->line, needle, "not-a-number",
                   "<n> marks \"%s\", which is neither a number nor a rule word", n->text ? n->text : "");
        break;
    }
    default:
        break;
    }
}

static void check_doc(chk_ctx *c, const game_lang *l, chk_coverage *cov)
{
    const game *g = c->g;
    const doc *d = l->doc;
    idset ids = {0};
    doc_iter it;
    doc_iter_init(&it, d->root);
    doc_event ev;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        if (ev != DOC_EV_ENTER)
            continue;
        const doc_node *n = it.cur;
        char needle[300], dym[300];
        if (n->id) {
            snprintf(needle, sizeof needle, "id=\"%s\"", n->id);
            const doc_node *prev = idset_add(&ids, n->id, n);
            chk_result(c, prev == NULL, n->file, n->line, needle, "duplicate-id",
                       "id \"%s\" is used twice (first at %s:%d)", n->id,
                       prev ? prev->file : "", prev ? prev->line : 0);
        }
        if (doc_is_rule_block(n->type)) {
            if (!n->id)
                chk_result(c, 0, n->file, n->line, NULL, "missing-id",
                           "a <%s> rule block needs an id: translations align by it",
                           doc_type_name(n->type));
            int bound = block_is_bound(n);
            /* a <gap> is marked by nature: it says, with its reason, that the
             * source does not give the rule, so there is nothing to bind */
            int marked = n->kind != NULL || (n->type == DOC_GAP_BLOCK && n->reason && *n->reason);
            if (marked)
                chk_result(c, n->reason && *n->reason, n->file, n->line, "kind=", "missing-reason",
                           "kind=\"%s\" needs a reason", n->kind ? n->kind : "gap");
            if (n->kind) {
                /* a reviewer sees every block that claims to state no rule */
                cov->marked++;
                if (c->opt && c->opt->list_unbound)
                    diag_add(c->diags, DIAG_NOTE, n->file, n->line, doc_src_column(n->file, n->line, "kind="),
                             "not-mechanical", "\"%s\" is marked %s: %s", n->id ? n->id : "", n->kind,
                             n->reason ? n->reason : "(no reason)");
            }
            if (!marked || bound) {
                cov->total++;
                if (bound)
                    cov->bound++;
                else if (c->opt && c->opt->list_unbound)
                    diag_add(c->diags, DIAG_NOTE, n->file, n->line, 0, "unbound",
                             "unbound rule block \"%s\"", n->id ? n->id : "");
            }
        }
        /* a text-only summary (engine="none") has nothing to bind against */
        check_typography(c, l, n);
        if (g->engine)
            count_statement(c, l, n, cov);
        switch (n->type) {
        case DOC_NUM:
        case DOC_CLAIM:
        case DOC_WORD:
            if (g->engine)
                check_binding(c, l, n);
            break;
        case DOC_TERM:
            snprintf(needle, sizeof needle, "ref=\"%s\"", n->ref ? n->ref : "");
            chk_result(c, game_find_term(g, n->ref) != NULL, n->file, n->line, needle,
                       "unknown-term", "no glossary entry \"%s\"%s", n->ref ? n->ref : "",
                       did_you_mean(dym, sizeof dym, game_find_term(g, n->ref) ? NULL
                                    : diag_suggest(n->ref, term_name, g->terms, g->nterms)));
            break;
        case DOC_ICON:
            snprintf(needle, sizeof needle, "name=\"%s\"", n->ref ? n->ref : "");
            chk_result(c, game_find_icon(g, n->ref) != NULL, n->file, n->line, needle,
                       "unknown-icon", "no icon \"%s\" in the game's icon map%s%s%s",
                       n->ref ? n->ref : "",
                       did_you_mean(dym, sizeof dym, game_find_icon(g, n->ref) ? NULL
                                    : diag_suggest(n->ref, icon_name, g->icons, g->nicons)),
                       g->icons_path ? " " : "",
                       g->icons_path ? g->icons_path : " (templates/icons/GAME.xml is missing)");
            break;
        case DOC_XREF:
            snprintf(needle, sizeof needle, "to=\"%s\"", n->ref ? n->ref : "");
            chk_result(c, n->ref && doc_find_id(d->root, n->ref) != NULL, n->file, n->line, needle,
                       "unknown-ref", "cross-reference to \"%s\", which is no id of this summary",
                       n->ref ? n->ref : "");
            break;
        case DOC_EXAMPLE:
            snprintf(needle, sizeof needle, "ref=\"%s\"", n->ref ? n->ref : "");
            chk_result(c, game_find_scenario(g, n->ref) != NULL, n->file, n->line, needle,
                       "unknown-example", "no scenario \"%s\" in examples.xml%s", n->ref ? n->ref : "",
                       did_you_mean(dym, sizeof dym, game_find_scenario(g, n->ref) ? NULL
                                    : diag_suggest(n->ref, scen_name, g->scenarios, g->nscenarios)));
            break;
        case DOC_FLOWREF:
            snprintf(needle, sizeof needle, "ref=\"%s\"", n->ref ? n->ref : "");
            chk_result(c, game_find_flow(g, n->ref) != NULL, n->file, n->line, needle,
                       "unknown-flow", "no flow \"%s\" in flows.xml%s", n->ref ? n->ref : "",
                       did_you_mean(dym, sizeof dym, game_find_flow(g, n->ref) ? NULL
                                    : diag_suggest(n->ref, flow_name, g->flows, g->nflows)));
            break;
        case DOC_FLOWTEXT: {
            snprintf(needle, sizeof needle, "flow=\"%s\"", n->ref ? n->ref : "");
            const game_flow *f = game_find_flow(g, n->ref);
            if (!chk_result(c, f != NULL, n->file, n->line, needle, "unknown-flow",
                            "labels for \"%s\", which is no flow of flows.xml", n->ref ? n->ref : ""))
                break;
            for (const doc_node *lab = n->first; lab; lab = lab->next) {
                if (lab->type != DOC_LABEL)
                    continue;
                snprintf(needle, sizeof needle, "node=\"%s\"", lab->ref ? lab->ref : "");
                /* a label names a node, or a phase (its frame's title) */
                chk_result(c, game_flow_node(f, lab->ref) != NULL || game_flow_has_phase(f, lab->ref), lab->file,
                           lab->line, needle, "unknown-node", "flow \"%s\" has no node or phase \"%s\"", f->id,
                           lab->ref ? lab->ref : "");
            }
            /* every phase needs its frame's title in this language */
            for (size_t k = 0; k < f->nnodes; k++) {
                const char *ph = f->nodes[k].phase;
                int first = 1, found = 0;
                for (size_t m = 0; ph && m < k; m++)
                    if (f->nodes[m].phase && strcmp(f->nodes[m].phase, ph) == 0)
                        first = 0;
                if (!ph || !first)
                    continue;
                for (const doc_node *lab = n->first; lab; lab = lab->next)
                    if (lab->type == DOC_LABEL && !lab->value && lab->ref && strcmp(lab->ref, ph) == 0)
                        found = 1;
                chk_result(c, found, n->file, n->line, needle, "missing-label",
                           "flow \"%s\": phase \"%s\" has no %s label", f->id, ph, l->code);
            }
            /* every decision and action needs a label in this language */
            for (size_t k = 0; k < f->nnodes; k++) {
                const game_fnode *fn = &f->nodes[k];
                if (fn->kind != GAME_FN_DECISION && fn->kind != GAME_FN_ACTION)
                    continue;
                int found = 0;
                for (const doc_node *lab = n->first; lab; lab = lab->next)
                    if (lab->type == DOC_LABEL && !lab->value && lab->ref && fn->id &&
                        strcmp(lab->ref, fn->id) == 0)
                        found = 1;
                chk_result(c, found, n->file, n->line, needle, "missing-label",
                           "flow \"%s\": node \"%s\" has no %s label", f->id, fn->id ? fn->id : "",
                           l->code);
            }
            break;
        }
        case DOC_CARDTEXT:
            snprintf(needle, sizeof needle, "card=\"%s\"", n->ref ? n->ref : "");
            chk_result(c, game_find_card(g, n->ref) != NULL, n->file, n->line, needle,
                       "unknown-card", "text for card \"%s\", which cards.xml does not have",
                       n->ref ? n->ref : "");
            break;
        default:
            break;
        }
    }
    /* every flow has labels and every card has text in this language */
    for (size_t i = 0; i < g->nflows; i++) {
        int found = 0;
        for (const doc_node *x = d->root->first; x; x = x->next)
            if (x->type == DOC_FLOWTEXT && x->ref && strcmp(x->ref, g->flows[i].id) == 0)
                found = 1;
        chk_result(c, found, d->path, d->root->line, NULL, "missing-flowtext",
                   "flow \"%s\" has no <flowtext> in %s", g->flows[i].id, l->code);
    }
    for (size_t i = 0; i < g->ncards; i++) {
        int found = 0;
        for (const doc_node *x = d->root->first; x; x = x->next)
            if (x->type == DOC_CARDTEXT && x->ref && strcmp(x->ref, g->cards[i].id) == 0)
                found = 1;
        chk_result(c, found, g->cards[i].loc.file, g->cards[i].loc.line, NULL, "missing-cardtext",
                   "card \"%s\" has no <cardtext> in %s", g->cards[i].id, l->code);
    }
    idset_free(&ids);
}

/* Ids of one kind of record (at id_off, with its game_loc at loc_off) must be
 * unique; the records are the game's arrays of structs. */
static void check_unique(chk_ctx *c, const void *base, size_t n, size_t stride, size_t id_off,
                         size_t loc_off, const char *what)
{
    const char *p = base;
    for (size_t i = 0; i < n; i++) {
        const char *id = *(char *const *)(p + i * stride + id_off);
        const game_loc *loc = (const game_loc *)(p + i * stride + loc_off);
        for (size_t j = 0; id && j < i; j++) {
            const char *other = *(char *const *)(p + j * stride + id_off);
            if (other && strcmp(id, other) == 0) {
                char needle[300];
                snprintf(needle, sizeof needle, "\"%s\"", id);
                chk_result(c, 0, loc->file, loc->line, needle, "duplicate-id",
                           "%s \"%s\" is defined twice", what, id);
                break;
            }
        }
    }
}

static void check_data_ids(chk_ctx *c)
{
    const game *g = c->g;
    check_unique(c, g->scenarios, g->nscenarios, sizeof *g->scenarios,
                 offsetof(game_scenario, id), offsetof(game_scenario, loc), "scenario");
    check_unique(c, g->flows, g->nflows, sizeof *g->flows, offsetof(game_flow, id),
                 offsetof(game_flow, loc), "flow");
    check_unique(c, g->cards, g->ncards, sizeof *g->cards, offsetof(game_card, id),
                 offsetof(game_card, loc), "card");
    check_unique(c, g->terms, g->nterms, sizeof *g->terms, offsetof(game_term, id),
                 offsetof(game_term, loc), "glossary entry");
    check_unique(c, g->icons, g->nicons, sizeof *g->icons, offsetof(game_icon, name),
                 offsetof(game_icon, loc), "icon");
    for (size_t i = 0; i < g->noutputs; i++) {
        const game_output *o = &g->outputs[i];
        if (o->lang)
            chk_result(c, game_find_lang(g, o->lang) != NULL, o->loc.file, o->loc.line, "lang=",
                       "unknown-lang", "output in language \"%s\", which the game does not have",
                       o->lang);
        if (o->flow)
            chk_result(c, game_find_flow(g, o->flow) != NULL, o->loc.file, o->loc.line, "flow=",
                       "unknown-flow", "output of flow \"%s\", which flows.xml does not have", o->flow);
    }
    chk_result(c, g->source_lang && game_find_lang(g, g->source_lang) != NULL, g->loc.file,
               g->loc.line, "source-lang=", "unknown-lang",
               "source language \"%s\" is not among the game's languages",
               g->source_lang ? g->source_lang : "");
}

/* ---- cards ------------------------------------------------------------------ */

/* A card's grid against the engine's area (eng_game.area): every square of
 * the grid drawn as affected or not exactly as the engine computes it for
 * a figure on the grid's "A" (when the grid has none: below the grid,
 * under the main target, as the rulebook's symbols leave it out) aiming at
 * "T", and no affected square outside the grid. The first wrong square
 * fails at its row's line. */
static void check_grid(chk_ctx *c, const eng_game *e, const game_card *cd)
{
    int rows = (int)cd->nrows, cols = 0, ax = -1, ay = -1, tx = -1, ty = -1, bad = 0;
    for (int y = 0; y < rows; y++) {
        const char *r = cd->rows[y].cells;
        int w = (int)strlen(r);
        bad |= y > 0 && w != cols;
        cols = w > cols ? w : cols;
        for (int x = 0; x < w; x++) {
            if (r[x] == 'A')
                bad |= ax >= 0, ax = x, ay = y;
            if (r[x] == 'T')
                bad |= tx >= 0, tx = x, ty = y;
        }
    }
    if (!chk_result(c, !bad && (ax >= 0 || tx >= 0), cd->grid_loc.file, cd->grid_loc.line, "<grid", "grid-shape",
                    "card \"%s\": a grid's rows are of one length, with at most one \"A\" and one \"T\" and "
                    "at least one of them", cd->id))
        return;
    if (ax < 0)
        ax = tx, ay = rows + 1;
    if (tx < 0)
        tx = ax, ty = ay;
    if (!chk_result(c, e->area && e->area(cd->status, cd->grid_n, ax, ay, tx, ty, tx, ty) >= 0,
                    cd->grid_loc.file, cd->grid_loc.line, "<grid", "grid-engine",
                    "card \"%s\" has a grid, but the engine computes no area effect for \"%s\"", cd->id,
                    cd->status))
        return;
    /* the engine's squares over the grid and a margin past it as wide as
     * the grid, where nothing may be hit */
    for (int y = -rows; y < 2 * rows; y++)
        for (int x = -cols; x < 2 * cols; x++) {
            int in = y >= 0 && y < rows && x >= 0 && x < cols;
            char ch = in && x < (int)strlen(cd->rows[y].cells) ? cd->rows[y].cells[x] : '.';
            int drawn = ch == '#' || ch == 'T', hit = e->area(cd->status, cd->grid_n, ax, ay, tx, ty, x, y) == 1;
            if (drawn == hit)
                continue;
            if (in)
                chk_result(c, 0, cd->rows[y].loc.file, cd->rows[y].loc.line, "<row", "grid-square",
                           "card \"%s\": the square in row %d, column %d is drawn %s, but the engine's %s %s it",
                           cd->id, y + 1, x + 1, drawn ? "affected" : "untouched", cd->status,
                           hit ? "hits" : "does not hit");
            else
                chk_result(c, 0, cd->grid_loc.file, cd->grid_loc.line, "<grid", "grid-square",
                           "card \"%s\": the engine's %s hits a square outside the grid (row %d, column %d)",
                           cd->id, cd->status, y + 1, x + 1);
            return;
        }
    chk_result(c, 1, cd->grid_loc.file, cd->grid_loc.line, "<grid", "grid-square", "card \"%s\"", cd->id);
}

static void check_cards(chk_ctx *c)
{
    const game *g = c->g;
    const eng_game *e = g->engine;
    if (!e)
        return;
    char needle[300];
    for (size_t i = 0; i < g->ncards; i++) {
        const game_card *cd = &g->cards[i];
        snprintf(needle, sizeof needle, "status=\"%s\"", cd->status ? cd->status : "");
        chk_result(c, cd->status && eng_has_status(e, cd->status), cd->loc.file, cd->loc.line, needle,
                   "unknown-status", "card \"%s\" names status \"%s\", which the engine does not know",
                   cd->id, cd->status ? cd->status : "");
        if (cd->icon) {
            snprintf(needle, sizeof needle, "icon=\"%s\"", cd->icon);
            chk_result(c, game_find_icon(g, cd->icon) != NULL, cd->loc.file, cd->loc.line, needle,
                       "unknown-icon", "card \"%s\": no icon \"%s\" in the icon map", cd->id, cd->icon);
        }
        if (cd->nrows)
            check_grid(c, e, cd);
    }
    char sbuf[128];
    const char *s;
    /* the statuses the engine lists and those it makes from its tables */
    for (size_t k = 0; (s = eng_status(e, k, sbuf, sizeof sbuf)) != NULL; k++) {
        size_t count = 0;
        for (size_t i = 0; i < g->ncards; i++)
            if (g->cards[i].status && strcmp(g->cards[i].status, s) == 0)
                count++;
        const char *file = g->ncards ? g->cards[0].loc.file : g->loc.file;
        int line = g->ncards ? g->cards[0].loc.line : g->loc.line;
        if (count == 0)
            chk_result(c, 0, file, line, NULL, "missing-card",
                       "the engine's status \"%s\" has no card", s);
        else
            chk_result(c, count == 1, file, line, NULL, "duplicate-card",
                       "status \"%s\" has %zu cards; it needs exactly one", s, count);
    }
}

/* ---- driver ------------------------------------------------------------------ */

int chk_game(const game *g, const chk_options *opt, chk_report *rep, diag_list *diags)
{
    chk_ctx c = {g, opt, rep, diags};
    long failed_before = rep->failed;
    size_t errors_before = diags->errors;
    if (opt && opt->only_extra)
        return 0;
    check_data_ids(&c);
    for (size_t i = 0; i < g->nlangs; i++) {
        const game_lang *l = &g->langs[i];
        if (!l->doc)
            continue;
        /* one language asked for: it, and the source it is checked against */
        if (opt && opt->lang && l->code && strcmp(l->code, opt->lang) != 0 &&
            !(g->source_lang && strcmp(l->code, g->source_lang) == 0))
            continue;
        chk_coverage *p = realloc(rep->cov, (rep->ncov + 1) * sizeof *p);
        if (!p) {
            chk_result(&c, 0, l->path, 0, NULL, "memory", "out of memory");
            continue;
        }
        rep->cov = p;
        chk_coverage *cov = &rep->cov[rep->ncov++];
        memset(cov, 0, sizeof *cov);
        cov->game = strdup(g->id ? g->id : "");
        cov->lang = strdup(l->code ? l->code : "");
        if (!cov->game || !cov->lang)
            chk_result(&c, 0, l->path, 0, NULL, "memory", "out of memory");
        cov->target = g->coverage_target;
        cov->unverified = g->unverified;
        check_doc(&c, l, cov);
        if (cov->target >= 0 && g->engine) {
            chk_result(&c, (long)cov->bound * 100 >= (long)cov->target * cov->total, l->path,
                       l->doc->root->line, NULL, "coverage",
                       "rules coverage %d/%d blocks (%.1f %%) is below the game's target of %d %%",
                       cov->bound, cov->total, cov->total ? 100.0 * cov->bound / cov->total : 0.0,
                       cov->target);
            chk_result(&c, (long)cov->stmt_bound * 100 >= (long)cov->target * cov->stmt_total, l->path,
                       l->doc->root->line, NULL, "coverage",
                       "statement coverage %d/%d (%.1f %%) is below the game's target of %d %%: "
                       "check --coverage lists the unbound rule words",
                       cov->stmt_bound, cov->stmt_total,
                       cov->stmt_total ? 100.0 * cov->stmt_bound / cov->stmt_total : 0.0, cov->target);
        }
    }
    if (g->engine) {
        chk_examples(&c, 0);
        chk_flows(&c);
        check_cards(&c);
    }
    chk_translations(&c);
    return (rep->failed > failed_before || diags->errors > errors_before) ? 1 : 0;
}

int chk_scenarios(const game *g, size_t first, chk_report *rep, diag_list *diags)
{
    chk_options opt = {0, 1, NULL, NULL};
    chk_ctx c = {g, &opt, rep, diags};
    long failed_before = rep->failed;
    if (g->engine)
        chk_examples(&c, first);
    return rep->failed > failed_before ? 1 : 0;
}

void chk_report_free(chk_report *rep)
{
    for (size_t i = 0; i < rep->ncov; i++) {
        free(rep->cov[i].game);
        free(rep->cov[i].lang);
    }
    free(rep->cov);
    free(cache);
    cache = NULL;
    ncache = 0;
    memset(rep, 0, sizeof *rep);
}
