/* chk_i18n.c — translations against their source: the same ids, the same
 * bound numbers, claims and example values, the same examples and flowcharts.
 * A translator who changes a number or drops a block is told where. */
#include "chk_int.h"
#include "i18n_vocab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The blocks of a summary that carry ids, in document order. */
typedef struct idlist {
    const doc_node **n;
    size_t count;
} idlist;

static void collect(const doc *d, idlist *out)
{
    out->n = NULL;
    out->count = 0;
    doc_iter it;
    doc_iter_init(&it, d->root);
    doc_event ev;
    size_t cap = 0;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        if (ev != DOC_EV_ENTER || !it.cur->id)
            continue;
        if (out->count == cap) {
            cap = cap ? cap * 2 : 128;
            const doc_node **p = realloc(out->n, cap * sizeof *p);
            if (!p)
                return;
            out->n = p;
        }
        out->n[out->count++] = it.cur;
    }
}

static const doc_node *find(const idlist *l, const char *id)
{
    for (size_t i = 0; i < l->count; i++)
        if (strcmp(l->n[i]->id, id) == 0)
            return l->n[i];
    return NULL;
}

/* One line per binding of a block (not of nested blocks with ids of their
 * own), e.g. "num nemesis.hand-size=5", so two blocks compare as text. */
static void signature(const doc_node *blk, const i18n_vocab *vocab, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    doc_iter it;
    doc_iter_init(&it, blk);
    doc_event ev;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        const doc_node *x = it.cur;
        if (ev != DOC_EV_ENTER || x == blk)
            continue;
        if (x->id) {
            if (x->first) {
                it.cur = x;
                it.ev = DOC_EV_EXIT;
            }
            continue;
        }
        char one[300] = "";
        long v;
        /* numbers compare by value, so "5" and "cinque" and "fünf" agree */
        if (x->type == DOC_NUM || x->type == DOC_VAL) {
            const char *tag = x->type == DOC_NUM ? "num" : "val";
            if (i18n_parse_number(vocab, x->text, &v) == 0)
                snprintf(one, sizeof one, "%s %s=%ld; ", tag, x->ref, v);
            else
                snprintf(one, sizeof one, "%s %s=%s; ", tag, x->ref, x->text);
        } else if (x->type == DOC_CLAIM) {
            snprintf(one, sizeof one, "claim %s=%s; ", x->ref, x->value);
        }
        size_t ol = strlen(one);
        if (used + ol + 1 < len) {
            memcpy(buf + used, one, ol + 1);
            used += ol;
        }
    }
    if (blk->ref && (blk->type == DOC_EXAMPLE || blk->type == DOC_FLOWREF)) {
        size_t ol = strlen(blk->ref);
        if (used + ol + 8 < len)
            snprintf(buf + used, len - used, "ref %s; ", blk->ref);
    }
}

static void compare(chk_ctx *c, const game_lang *src, const game_lang *tr)
{
    idlist a, b;
    collect(src->doc, &a);
    collect(tr->doc, &b);
    char needle[300];
    for (size_t i = 0; i < a.count; i++) {
        const doc_node *s = a.n[i];
        const doc_node *t = find(&b, s->id);
        if (!chk_result(c, t != NULL, tr->path, tr->doc->root->line, NULL, "translation-missing",
                        "%s: block \"%s\" of the %s source (%s:%d) is missing", tr->code, s->id,
                        src->code, s->file, s->line))
            continue;
        snprintf(needle, sizeof needle, "id=\"%s\"", t->id);
        if (!chk_result(c, s->type == t->type, t->file, t->line, needle, "translation-kind",
                        "%s: \"%s\" is a <%s> here but a <%s> in the source", tr->code, t->id,
                        doc_type_name(t->type), doc_type_name(s->type)))
            continue;
        char ss[2048], ts[2048];
        signature(s, src->vocab, ss, sizeof ss);
        signature(t, tr->vocab, ts, sizeof ts);
        chk_result(c, strcmp(ss, ts) == 0, t->file, t->line, needle, "translation-binding",
                   "%s: block \"%s\" binds [%s] but the %s source binds [%s]", tr->code, t->id, ts,
                   src->code, ss);
    }
    for (size_t i = 0; i < b.count; i++) {
        const doc_node *t = b.n[i];
        if (find(&a, t->id))
            continue;
        snprintf(needle, sizeof needle, "id=\"%s\"", t->id);
        chk_result(c, 0, t->file, t->line, needle, "translation-extra",
                   "%s: block \"%s\" is not in the %s source", tr->code, t->id, src->code);
    }
    free(a.n);
    free(b.n);
}

void chk_translations(chk_ctx *c)
{
    const game *g = c->g;
    const game_lang *src = game_find_lang(g, g->source_lang);
    if (!src || !src->doc)
        return;
    for (size_t i = 0; i < g->nlangs; i++) {
        const game_lang *l = &g->langs[i];
        if (l != src && l->doc)
            compare(c, src, l);
    }
}
