/* chk_example.c — worked examples: scenarios run in the engine, and the prose
 * of every language repeating the scenario's values. */
#include "chk_int.h"
#include "i18n_vocab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EXPECT 64

typedef struct run_result {
    char got[MAX_EXPECT][128];
    int ok;
} run_result;

static int same_value(const i18n_vocab *v, const char *a, const char *b);

/* A refusal the example expects must be the one it shows: with because=,
 * the engine's reason must contain that text (a value or action refused
 * for another reason, say a bound the scenario did not mean, would pass
 * as the rule the example is about). */
static int refused_because(chk_ctx *c, const game_scenario *sc, const game_step *s, const char *err, int report)
{
    if (!s->because || strstr(err, s->because))
        return 1;
    if (report)
        chk_result(c, 0, s->loc.file, s->loc.line, "because=", "example",
                   "scenario \"%s\": %s %s%s%s was refused, but not because \"%s\": %s", sc->id,
                   s->kind == GAME_SET ? "setting" : "action", s->a, s->kind == GAME_SET ? " = " : " ",
                   s->b ? s->b : "", s->because, err);
    return 0;
}

/* Runs a scenario once. Reports setup errors (unknown keys, illegal actions)
 * and wrong values between actions as failures when report is set; fills
 * res->got with the expected keys' values at the end. */
static void run_once(chk_ctx *c, const game_scenario *sc, run_result *res, int report)
{
    const eng_game *e = c->g->engine;
    eng_state *st = eng_state_new(e, sc->seed);
    res->ok = 0;
    if (!st) {
        if (report)
            chk_result(c, 0, sc->loc.file, sc->loc.line, NULL, "example", "scenario \"%s\": out of memory", sc->id);
        return;
    }
    eng_rng *rng = eng_state_rng(st);
    char err[512], got[256];
    int ok = 1;
    for (int phase = 0; phase < 2 && ok; phase++) {
        const game_step *steps = phase ? sc->actions : sc->given;
        size_t n = phase ? sc->nactions : sc->ngiven;
        for (size_t i = 0; i < n && ok; i++) {
            const game_step *s = &steps[i];
            err[0] = '\0';
            if (s->kind == GAME_SET) {
                int refused = eng_set(st, s->a, s->b, err, sizeof err) != 0;
                if (refused != s->expect_illegal) {
                    if (report && refused)
                        chk_result(c, 0, s->loc.file, s->loc.line, "key=", "example",
                                   "scenario \"%s\": cannot set %s = %s: %s", sc->id, s->a, s->b, err);
                    else if (report)
                        chk_result(c, 0, s->loc.file, s->loc.line, "value=", "example",
                                   "scenario \"%s\": %s = %s was expected to be refused, the engine takes it",
                                   sc->id, s->a, s->b);
                    ok = 0;
                } else if (refused && !refused_because(c, sc, s, err, report)) {
                    ok = 0;
                }
            } else if (s->kind == GAME_EXPECT) {
                /* an expectation between actions: checked at this point */
                if (eng_get(st, s->a, got, sizeof got, err, sizeof err) != 0 || !same_value(NULL, got, s->b)) {
                    if (report)
                        chk_result(c, 0, s->loc.file, s->loc.line, "value=", "example-mismatch",
                                   "scenario \"%s\": at this step %s is %s, not %s%s%s", sc->id, s->a,
                                   err[0] ? "unknown" : got, s->b, err[0] ? ": " : "", err);
                    ok = 0;
                }
            } else if (s->kind == GAME_ROLL) {
                const eng_die *die = eng_find_die(e, s->a);
                if (!die || eng_rng_force(rng, die, s->b) != 0) {
                    if (report)
                        chk_result(c, 0, s->loc.file, s->loc.line, "die=", "example",
                                   "scenario \"%s\": %s", sc->id,
                                   die ? "that face is not on the die (or too many forced rolls)"
                                       : "the engine has no such die");
                    ok = 0;
                }
            } else {
                int rc = eng_act(st, s->a, s->b, err, sizeof err);
                int want = s->expect_illegal ? ENG_ILLEGAL : ENG_OK;
                if (rc != want) {
                    if (report)
                        chk_result(c, 0, s->loc.file, s->loc.line, "action=", "example",
                                   "scenario \"%s\": action %s %s was expected to be %s, the engine says %s%s%s",
                                   sc->id, s->a, s->b ? s->b : "", want == ENG_OK ? "allowed" : "refused",
                                   rc == ENG_OK ? "allowed" : rc == ENG_ILLEGAL ? "refused" : "error",
                                   err[0] ? ": " : "", err);
                    ok = 0;
                } else if (rc == ENG_ILLEGAL && !refused_because(c, sc, s, err, report)) {
                    ok = 0;
                }
            }
        }
    }
    if (ok && rng->mismatch) {
        if (report)
            chk_result(c, 0, sc->loc.file, sc->loc.line, NULL, "example",
                       "scenario \"%s\": a forced roll was consumed by another die", sc->id);
        ok = 0;
    }
    if (ok && rng->next_forced < rng->nforced) {
        if (report)
            chk_result(c, 0, sc->loc.file, sc->loc.line, NULL, "example",
                       "scenario \"%s\": %zu forced roll(s) were never used", sc->id,
                       rng->nforced - rng->next_forced);
        ok = 0;
    }
    for (size_t k = 0; ok && k < sc->nexpect && k < MAX_EXPECT; k++) {
        err[0] = '\0';
        if (eng_get(st, sc->expect[k].key, res->got[k], sizeof res->got[k], err, sizeof err) != 0) {
            if (report)
                chk_result(c, 0, sc->expect[k].loc.file, sc->expect[k].loc.line, "key=", "example",
                           "scenario \"%s\": the engine has no value \"%s\": %s", sc->id,
                           sc->expect[k].key, err);
            ok = 0;
        }
    }
    eng_state_free(st);
    res->ok = ok;
}

/* Numbers compare as numbers (so "05" or a word in prose matches), other
 * values as strings. */
static int same_value(const i18n_vocab *v, const char *a, const char *b)
{
    long x, y;
    if (i18n_parse_number(v, a, &x) == 0 && i18n_parse_number(v, b, &y) == 0)
        return x == y;
    return strcmp(a, b) == 0;
}

static void run_scenario(chk_ctx *c, const game_scenario *sc)
{
    static run_result first, second;
    if (sc->nexpect > MAX_EXPECT) {
        chk_result(c, 0, sc->loc.file, sc->loc.line, NULL, "example",
                   "scenario \"%s\" expects more than %d values", sc->id, MAX_EXPECT);
        return;
    }
    run_once(c, sc, &first, 1);
    if (!first.ok)
        return;
    c->rep->passed++;   /* it ran */
    int all = 1;
    char diff[1024] = "";
    size_t used = 0;
    for (size_t k = 0; k < sc->nexpect; k++) {
        if (same_value(NULL, first.got[k], sc->expect[k].value))
            continue;
        all = 0;
        int w = snprintf(diff + used, sizeof diff - used, "\n    - %s: %s\n    + %s: %s",
                         sc->expect[k].key, sc->expect[k].value, sc->expect[k].key, first.got[k]);
        if (w > 0 && (size_t)w < sizeof diff - used)
            used += (size_t)w;
    }
    if (!all) {
        /* point at the first wrong expectation */
        const game_kv *kv = NULL;
        for (size_t k = 0; k < sc->nexpect && !kv; k++)
            if (!same_value(NULL, first.got[k], sc->expect[k].value))
                kv = &sc->expect[k];
        chk_result(c, 0, kv->loc.file, kv->loc.line, "value=", "example-mismatch",
                   "scenario \"%s\" does not end as written (- expected, + engine):%s", sc->id, diff);
    } else {
        c->rep->passed++;
    }
    /* Run it again: the same seed and forced rolls must give the same end. */
    run_once(c, sc, &second, 0);
    int same = second.ok;
    for (size_t k = 0; same && k < sc->nexpect; k++)
        same = strcmp(first.got[k], second.got[k]) == 0;
    chk_result(c, same, sc->loc.file, sc->loc.line, NULL, "example-nondeterministic",
               "scenario \"%s\" ends differently when run twice with the same seed", sc->id);
}

/* Prose: every <val> of every <example> equals its scenario's value. */
static void check_prose(chk_ctx *c, const game_lang *l)
{
    const game *g = c->g;
    doc_iter it;
    doc_iter_init(&it, l->doc->root);
    doc_event ev;
    const game_scenario *sc = NULL;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        const doc_node *n = it.cur;
        if (n->type == DOC_EXAMPLE) {
            sc = ev == DOC_EV_ENTER ? game_find_scenario(g, n->ref) : NULL;
            if (ev == DOC_EV_ENTER) {
                int nvals = 0;
                for (const doc_node *x = n->first; x; x = x->next)
                    if (x->type == DOC_VAL)
                        nvals++;
                char needle[300];
                snprintf(needle, sizeof needle, "id=\"%s\"", n->id ? n->id : "");
                chk_result(c, nvals > 0 || !n->first, n->file, n->line, needle, "example-unbound",
                           "example \"%s\" repeats none of its scenario's values through <val>",
                           n->id ? n->id : "");
            }
            continue;
        }
        if (ev == DOC_EV_ENTER && doc_is_rule_block(n->type))
            sc = NULL;   /* a <val> belongs to the example around it */
        if (ev != DOC_EV_ENTER || n->type != DOC_VAL)
            continue;
        char needle[300];
        snprintf(needle, sizeof needle, "key=\"%s\"", n->ref ? n->ref : "");
        if (!chk_result(c, sc != NULL, n->file, n->line, needle, "val-outside-example",
                        "<val> outside an <example> whose scenario exists"))
            continue;
        int given = n->variant && strcmp(n->variant, "given") == 0;
        const char *want = NULL;
        if (given) {
            for (size_t i = 0; i < sc->ngiven; i++)
                if (sc->given[i].kind == GAME_SET && !sc->given[i].expect_illegal &&
                    strcmp(sc->given[i].a, n->ref) == 0)
                    want = sc->given[i].b;
        } else {
            for (size_t i = 0; i < sc->nexpect; i++)
                if (strcmp(sc->expect[i].key, n->ref) == 0)
                    want = sc->expect[i].value;
        }
        if (!chk_result(c, want != NULL, n->file, n->line, needle, "val-unknown-key",
                        "scenario \"%s\" has no %s value \"%s\"", sc->id, given ? "given" : "expected",
                        n->ref))
            continue;
        chk_result(c, same_value(l->vocab, n->text ? n->text : "", want), n->file, n->line, needle,
                   "val-mismatch", "example prose says %s = \"%s\", scenario \"%s\" has %s",
                   n->ref, n->text ? n->text : "", sc->id, want);
    }
}

void chk_examples(chk_ctx *c, size_t first)
{
    const game *g = c->g;
    for (size_t i = first; i < g->nscenarios; i++)
        run_scenario(c, &g->scenarios[i]);
    if (c->opt && c->opt->only_extra)
        return;
    for (size_t i = 0; i < g->nlangs; i++)
        if (g->langs[i].doc && (!c->opt || !c->opt->lang || !g->langs[i].code ||
                                strcmp(g->langs[i].code, c->opt->lang) == 0 ||
                                (g->source_lang && strcmp(g->langs[i].code, g->source_lang) == 0)))
            check_prose(c, &g->langs[i]);
}
