/* chk_i18n.c — translations against their source: the same ids, the same
 * bound numbers, claims, rule words and example values, the same examples
 * and flowcharts. A translator who changes a number or drops a block is
 * told where.
 *
 * A translation kept as a PO file (game.xml po="…") is checked segment by
 * segment at its line of the PO: staleness (the source changed since it
 * was translated, or it is fuzzy), numbers (digits and number words of
 * each language, as multisets), placeholders intact, glossary terms in the
 * target form and no avoided rendering, segments untranslated or identical
 * to the source, one source text translated one way, and the minimum
 * completeness game.xml asks for. */
#include "chk_int.h"
#include "i18n_po.h"
#include "i18n_seg.h"
#include "i18n_vocab.h"

#include <stdio.h>
#include <glib.h>
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
        } else if (x->type == DOC_WORD) {
            /* rule words compare by concept: "sinistra" and "links" agree */
            const char *concept = NULL;
            if (i18n_rule_phrase(vocab, x->text, &v, &concept) == 0)
                snprintf(one, sizeof one, "word %s=%s; ", x->ref, concept);
            else
                snprintf(one, sizeof one, "word %s=\"%s\"; ", x->ref, x->text);
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

/* ---- translations kept as PO files ---------------------------------------------- */

typedef struct nums {
    long v[128];
    size_t n;
} nums;

static void add_num(nums *ns, long v)
{
    if (ns->n < 128)
        ns->v[ns->n++] = v;
}

static void on_hit(void *vctx, const i18n_hit *h)
{
    if (h->kind != I18N_RULEWORD)
        add_num(vctx, h->value);
}

/* Every number a reader sees in a segment: digits and number words in its
 * text, and the value of every <num>, <val> and <n>. */
static void segment_numbers(const doc_node *container, const char *reason, const i18n_vocab *v, nums *out)
{
    out->n = 0;
    if (!v)
        return;
    if (reason) {
        i18n_scan(v, reason, on_hit, out);
        return;
    }
    for (const doc_node *top = container->first; top && doc_is_inline(top->type); top = top->next) {
        doc_iter it;
        doc_iter_init(&it, top);
        doc_event ev;
        while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
            const doc_node *x = it.cur;
            long n;
            if (ev != DOC_EV_ENTER || !x->text)
                continue;
            if (x->type == DOC_NUM || x->type == DOC_VAL || x->type == DOC_MARK) {
                if (i18n_parse_number(v, x->text, &n) == 0)
                    add_num(out, n);
                else
                    i18n_scan(v, x->text, on_hit, out);
            } else if (x->type == DOC_TEXT || x->type == DOC_XREF) {
                i18n_scan(v, x->text, on_hit, out);
            }
        }
    }
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

static void nums_text(nums *ns, char *buf, size_t len)
{
    size_t u = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < ns->n && u < len; i++)
        u += (size_t)snprintf(buf + u, len - u, "%s%ld", i ? ", " : "", ns->v[i]);
    if (!ns->n)
        snprintf(buf, len, "none");
}

/* Steps back over one UTF-8 character. */
static size_t drop_last_char(const char *w, size_t len)
{
    if (!len)
        return 0;
    len--;
    while (len && ((unsigned char)w[len] & 0xC0) == 0x80)
        len--;
    return len;
}

/* Whether text holds form as a run of words, each word of the form allowed
 * to change its last letter or grow (inflection: "Intruso" → "Intrusi",
 * "Eindringling" → "Eindringlinge"). Case-insensitive. */
/* lt: the text already lowered (i18n_lower), once for all the terms a
 * segment is checked against; lowering it for each term was most of the
 * glossary check. */
static int term_matches(const char *lt, const char *form)
{
    char lf[512];
    i18n_lower(form, lf, sizeof lf);
    for (const char *start = lt; *start; start++) {
        if (start != lt && (unsigned char)start[-1] > ' ' && start[-1] != '(' && start[-1] != '\'' &&
            (unsigned char)start[-1] < 0x80 && start[-1] != '"')
            continue;
        const char *t = start, *f = lf;
        int ok = 1;
        while (*f && ok) {
            size_t wl = strcspn(f, " ");
            size_t stem = wl > 4 ? drop_last_char(f, wl) : wl;
            if (strncmp(t, f, stem) != 0) {
                ok = 0;
                break;
            }
            t += stem;
            while (*t && *t != ' ' && *t != ',' && *t != '.' && *t != ';' && *t != ':' && *t != ')')
                t++;
            f += wl;
            if (*f == ' ') {
                f++;
                if (*t != ' ') {
                    ok = 0;
                    break;
                }
                t++;
            }
        }
        if (ok)
            return 1;
    }
    return 0;
}

/* text lowered into buf, the first time only (*done) */
static const char *lowered(const char *text, char *buf, size_t len, int *done)
{
    if (!*done)
        i18n_lower(text, buf, len);
    *done = 1;
    return buf;
}

static const char *form_in(const game_term *t, const char *lang)
{
    for (size_t i = 0; i < t->nforms; i++)
        if (t->langs[i] && strcmp(t->langs[i], lang) == 0)
            return t->forms[i];
    return NULL;
}

/* Words with letters in a segment text (placeholder tags removed). */
/* The words of a segment that a translator would translate: those with a
 * lower-case letter. "X", "TV", "−2" and "W6" are symbols, abbreviations
 * and numbers, the same in every language. */
static int letter_words(const char *text)
{
    char *plain = i18n_seg_plain(text);
    int words = 0, lower = 0;
    const char *p = plain && g_utf8_validate(plain, -1, NULL) ? plain : "";
    for (;; p += g_utf8_skip[(unsigned char)*p]) {
        gunichar ch = g_utf8_get_char(p);
        if (!ch || g_unichar_isspace(ch)) {
            words += lower;
            lower = 0;
            if (!ch)
                break;
        } else if (g_unichar_islower(ch)) {
            lower = 1;
        }
    }
    free(plain);
    return words;
}

/* Whether the glossary says that text stays as it is: a term whose form in
 * the translation's language is the same as in the source's (a name such
 * as "Nanoshock" or "Oblivion"). */
static int glossary_keeps(const game *g, const char *src_lang, const char *lang, const char *text)
{
    for (size_t i = 0; i < g->nterms; i++) {
        const char *a = form_in(&g->terms[i], src_lang), *b = form_in(&g->terms[i], lang);
        if (a && b && strcmp(a, b) == 0 && strcmp(a, text) == 0)
            return 1;
    }
    return 0;
}

static void check_terms(chk_ctx *c, const game_lang *tr, const i18n_seg *s, const i18n_entry *e,
                        const char *plain, unsigned char *reported)
{
    const game *g = c->g;
    const char *po = tr->cat->path;
    char lower[4096];
    int low = 0;   /* lowered on the first term that needs it */
    if (s->kind == I18N_SEG_INLINE) {
        const doc_node *el[256];
        size_t ne = i18n_seg_elems(s->node, el, 256);
        for (size_t k = 0; k < ne && k < 256; k++) {
            if (el[k]->type != DOC_TERM)
                continue;
            const game_term *t = game_find_term(g, el[k]->ref);
            if (!t)
                continue;   /* an unknown term is the source's error */
            const char *form = form_in(t, tr->code);
            size_t ti = (size_t)(t - g->terms);
            if (!form) {
                if (!reported[ti])
                    chk_result(c, 0, t->loc.file, t->loc.line, NULL, "i18n-glossary",
                               "%s: the glossary has no %s form of \"%s\" (add <form lang=\"%s\">)", tr->code,
                               tr->code, t->id, tr->code);
                reported[ti] = 1;
                continue;
            }
            const char *lt = lowered(plain, lower, sizeof lower, &low);
            chk_result(c, term_matches(lt, form), po, e->line, NULL, "i18n-glossary",
                       "%s: %s: the source says \"%s\" (term %s); the %s glossary form \"%s\" is missing", tr->code,
                       s->ctx, form_in(t, g->source_lang) ? form_in(t, g->source_lang) : t->id, t->id, tr->code,
                       form);
        }
    }
    for (size_t i = 0; i < g->nterms; i++) {
        const game_term *t = &g->terms[i];
        for (size_t a = 0; a < t->navoids; a++)
            if (t->avoid_langs[a] && strcmp(t->avoid_langs[a], tr->code) == 0 &&
                term_matches(lowered(plain, lower, sizeof lower, &low), t->avoids[a]))
                chk_result(c, 0, po, e->line, NULL, "i18n-glossary",
                           "%s: %s: \"%s\" is not the %s term for %s: write \"%s\"", tr->code, s->ctx, t->avoids[a],
                           tr->code, t->id, form_in(t, tr->code) ? form_in(t, tr->code) : "?");
    }
}

static void check_po(chk_ctx *c, const game_lang *src, const game_lang *tr)
{
    const i18n_cat *cat = tr->cat;
    const char *po = cat->path;
    i18n_segs ss, ts;
    if (i18n_segs_collect(src->doc, &ss) != 0)
        return;
    if (i18n_segs_collect(tr->doc, &ts) != 0) {
        i18n_segs_free(&ss);
        return;
    }
    unsigned char *reported = calloc(c->g->nterms + 1, 1);
    char a[600], b[600], err[300];
    for (size_t i = 0; i < ss.n; i++) {
        const i18n_seg *s = &ss.v[i];
        const i18n_entry *e = i18n_cat_find(cat, s->ctx);
        if (!chk_result(c, e != NULL, po, cat->header_line, NULL, "i18n-missing",
                        "%s: segment \"%s\" of the source (%s:%d) is not in this PO (run regelwerk i18n update %s "
                        "--lang %s)",
                        tr->code, s->ctx, s->node->file, s->node->line, c->g->id, tr->code))
            continue;
        if (!e->msgstr[0]) {
            diag_add(c->diags, DIAG_WARNING, po, e->line, 0, "i18n-untranslated",
                     "%s: %s is untranslated: the %s source text is printed", tr->code, s->ctx, src->code);
            continue;
        }
        if (!chk_result(c, !e->fuzzy, po, e->line, NULL, "i18n-fuzzy",
                        "%s: %s needs review: the source changed%s%s%s (then fix the translation and remove the "
                        "fuzzy flag)",
                        tr->code, s->ctx, e->prev_msgid ? " from \"" : "", e->prev_msgid ? e->prev_msgid : "",
                        e->prev_msgid ? "\"" : ""))
            continue;
        if (!chk_result(c, strcmp(e->msgid, s->msgid) == 0, po, e->line, NULL, "i18n-stale",
                        "%s: %s: the source changed since this was translated (run regelwerk i18n update %s --lang "
                        "%s); it now reads \"%s\"",
                        tr->code, s->ctx, c->g->id, tr->code, s->msgid))
            continue;
        /* markup: the same placeholders, each once */
        if (!chk_result(c, i18n_seg_placeholders(e->msgstr, b, sizeof b, err, sizeof err) == 0, po, e->line, NULL,
                        "i18n-markup", "%s: %s: %s", tr->code, s->ctx, err))
            continue;
        i18n_seg_placeholders(s->msgid, a, sizeof a, err, sizeof err);
        chk_result(c, strcmp(a, b) == 0, po, e->line, NULL, "i18n-markup",
                   "%s: %s: the placeholders are [%s] but the source has [%s]", tr->code, s->ctx, b, a);
        /* the same numbers, in digits or in either language's words */
        const i18n_seg *t = i18n_segs_find(&ts, s->ctx);
        nums ns, nt;
        segment_numbers(s->node, s->kind == I18N_SEG_REASON ? s->msgid : NULL, src->vocab, &ns);
        if (t && t->kind == s->kind)
            segment_numbers(t->node, t->kind == I18N_SEG_REASON ? e->msgstr : NULL, tr->vocab, &nt);
        else
            nt.n = 0;
        qsort(ns.v, ns.n, sizeof ns.v[0], cmp_long);
        qsort(nt.v, nt.n, sizeof nt.v[0], cmp_long);
        nums_text(&ns, a, sizeof a);
        nums_text(&nt, b, sizeof b);
        chk_result(c, strcmp(a, b) == 0, po, e->line, NULL, "i18n-numbers",
                   "%s: %s: the numbers are %s but the source's are %s", tr->code, s->ctx, b, a);
        /* identical to the source: forgotten, unless it is a name; the
         * summary's title is the game's name, which stays as published */
        int words = letter_words(s->msgid);
        if (s->node && s->node->type == DOC_TITLE)
            words = 0;
        char *plain_src = words ? i18n_seg_plain(e->msgid) : NULL;
        if (plain_src && glossary_keeps(c->g, src->code, tr->code, plain_src))
            words = 0;
        free(plain_src);
        if (strcmp(e->msgstr, e->msgid) == 0 && words > 2)
            chk_result(c, 0, po, e->line, NULL, "i18n-identical",
                       "%s: %s is the %s source text unchanged", tr->code, s->ctx, src->code);
        else if (strcmp(e->msgstr, e->msgid) == 0 && words > 0)
            diag_add(c->diags, DIAG_WARNING, po, e->line, 0, "i18n-identical",
                     "%s: %s is the source text unchanged; fine for a name, else translate it", tr->code, s->ctx);
        char *plain = i18n_seg_plain(e->msgstr);
        if (plain)
            check_terms(c, tr, s, e, plain, reported);
        free(plain);
        /* one source text, one translation */
        for (size_t j = 0; j < i; j++) {
            const i18n_entry *o = i18n_cat_find(cat, ss.v[j].ctx);
            if (o && o->msgstr[0] && !o->fuzzy && strcmp(ss.v[j].msgid, s->msgid) == 0 &&
                strcmp(o->msgstr, e->msgstr) != 0) {
                diag_add(c->diags, DIAG_WARNING, po, e->line, 0, "i18n-consistency",
                         "%s: %s translates \"%s\" as \"%s\", but %s (line %d) as \"%s\"", tr->code, s->ctx,
                         s->msgid, e->msgstr, ss.v[j].ctx, o->line, o->msgstr);
                break;
            }
        }
    }
    if (tr->min_complete >= 0) {
        i18n_stats st;
        i18n_cat_stats(cat, &ss, &st);
        double pct = st.words_total ? 100.0 * (double)st.words_translated / (double)st.words_total : 100.0;
        chk_result(c, st.words_translated * 100 >= (long)tr->min_complete * st.words_total, tr->loc.file,
                   tr->loc.line, "min-complete=", "i18n-complete",
                   "%s: %.1f %% of the source's words are translated (%d fuzzy, %d untranslated segments); "
                   "game.xml asks for %d %%",
                   tr->code, pct, st.fuzzy, st.untranslated, tr->min_complete);
    }
    free(reported);
    i18n_segs_free(&ss);
    i18n_segs_free(&ts);
}

void chk_translations(chk_ctx *c)
{
    const game *g = c->g;
    const game_lang *src = game_find_lang(g, g->source_lang);
    if (!src || !src->doc)
        return;
    for (size_t i = 0; i < g->nlangs; i++) {
        const game_lang *l = &g->langs[i];
        if (c->opt && c->opt->lang && l->code && strcmp(l->code, c->opt->lang) != 0)
            continue;
        if (l != src && l->doc)
            compare(c, src, l);
        if (l != src && l->cat && l->doc)
            check_po(c, src, l);
    }
}
