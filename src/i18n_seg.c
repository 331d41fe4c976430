/* i18n_seg.c — cutting a summary into translation segments, serializing
 * inline content with numbered placeholders, and parsing a translation back
 * into the tree. */
#include "i18n_seg.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a growing string ------------------------------------------------------ */

typedef struct sbuf {
    char *s;
    size_t n, cap;
    int oom;
} sbuf;

static void sb_putn(sbuf *b, const char *s, size_t len)
{
    if (b->oom)
        return;
    if (b->n + len + 1 > b->cap) {
        size_t cap = (b->n + len + 1) * 2 + 64;
        char *p = realloc(b->s, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, len);
    b->n += len;
    b->s[b->n] = '\0';
}

static void sb_put(sbuf *b, const char *s)
{
    sb_putn(b, s, strlen(s));
}

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    sb_put(b, tmp);
}

static char *sb_take(sbuf *b)
{
    if (b->oom) {
        free(b->s);
        return NULL;
    }
    if (!b->s)
        return strdup("");
    return b->s;
}

/* ---- which nodes are segments -------------------------------------------- */

static int is_container(doc_type t)
{
    switch (t) {
    case DOC_TITLE: case DOC_SUBTITLE: case DOC_HEADING: case DOC_PARA: case DOC_ITEM:
    case DOC_STEP: case DOC_CALLOUT: case DOC_CELL: case DOC_EXAMPLE: case DOC_GAP_BLOCK:
    case DOC_LABEL: case DOC_CARDNAME: case DOC_CARDBODY:
        return 1;
    default:
        return 0;
    }
}

/* Elements whose content is one text (no children). */
static int takes_text(doc_type t)
{
    return t == DOC_NUM || t == DOC_VAL || t == DOC_XREF || t == DOC_MARK || t == DOC_WORD;
}

static const char *nearest_id(const doc_node *n)
{
    for (; n; n = n->parent)
        if (n->id)
            return n->id;
    return "doc";
}

static int index_among(const doc_node *n)
{
    int k = 1;
    for (const doc_node *p = n->prev; p; p = p->prev)
        if (p->type == n->type)
            k++;
    return k;
}

static char *ctx_of(const doc_node *n)
{
    char buf[600];
    const doc_node *p = n->parent;
    switch (n->type) {
    case DOC_TITLE:
        if (p && p->type == DOC_FLOWTEXT)
            snprintf(buf, sizeof buf, "flow:%s/title", p->ref ? p->ref : "?");
        else
            snprintf(buf, sizeof buf, "title");
        break;
    case DOC_SUBTITLE:
        snprintf(buf, sizeof buf, "subtitle");
        break;
    case DOC_HEADING:
        snprintf(buf, sizeof buf, "%s/h", nearest_id(p));
        break;
    case DOC_CELL:
        if (p && p->type == DOC_ROW && p->id)
            snprintf(buf, sizeof buf, "%s/c%d", p->id, index_among(n));
        else
            snprintf(buf, sizeof buf, "%s/head/c%d", nearest_id(p), index_among(n));
        break;
    case DOC_LABEL:
        snprintf(buf, sizeof buf, "flow:%s/%s%s%s", p && p->ref ? p->ref : "?", n->ref ? n->ref : "?",
                 n->value ? "/" : "", n->value ? n->value : "");
        break;
    case DOC_CARDNAME:
    case DOC_CARDBODY:
        snprintf(buf, sizeof buf, "%s/%s", nearest_id(p), n->type == DOC_CARDNAME ? "name" : "text");
        break;
    default:
        if (n->id)
            snprintf(buf, sizeof buf, "%s", n->id);
        else
            snprintf(buf, sizeof buf, "%s/%s%d", nearest_id(p), doc_type_name(n->type), index_among(n));
        break;
    }
    return strdup(buf);
}

/* "Ferite › Ferite leggere": the headings of the sections around n. */
static char *section_path(const doc_node *n)
{
    const doc_node *secs[32];
    size_t ns = 0;
    for (const doc_node *p = n->parent; p && ns < 32; p = p->parent)
        if (p->type == DOC_SECTION)
            secs[ns++] = p;
    sbuf b = {0};
    sb_put(&b, "");
    while (ns--) {
        const doc_node *h = secs[ns]->first;
        char *t = h && h->type == DOC_HEADING ? doc_plain_text(h) : NULL;
        if (b.n)
            sb_put(&b, " \xE2\x80\xBA ");
        sb_put(&b, t ? t : (secs[ns]->id ? secs[ns]->id : "?"));
        free(t);
    }
    /* the plain text of a heading keeps its XML white space */
    char *s = sb_take(&b);
    if (s) {
        size_t j = 0;
        for (size_t i = 0; s[i]; i++)
            if (!(s[i] == ' ' && (j == 0 || s[j - 1] == ' ')))
                s[j++] = s[i];
        while (j && s[j - 1] == ' ')
            j--;
        s[j] = '\0';
    }
    return s;
}

/* ---- serializing ------------------------------------------------------------ */

static void put_escaped(sbuf *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            sb_put(b, "&lt;");
        else if (*s == '&')
            sb_put(b, "&amp;");
        else
            sb_putn(b, s, 1);
    }
}

/* Collapses runs of spaces and trims: the XML's line breaks are not text. */
static void squeeze(char *s)
{
    size_t j = 0;
    for (size_t i = 0; s[i]; i++) {
        char c = s[i] == '\n' || s[i] == '\t' || s[i] == '\r' ? ' ' : s[i];
        if (c == ' ' && (j == 0 || s[j - 1] == ' '))
            continue;
        s[j++] = c;
    }
    while (j && s[j - 1] == ' ')
        j--;
    s[j] = '\0';
}

typedef struct walk {
    const doc_node **elems;   /* pre-order inline elements */
    size_t n, cap;
    int oom;
} walk;

static void walk_add(walk *w, const doc_node *x)
{
    if (w->n == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 16;
        const doc_node **p = realloc(w->elems, cap * sizeof *p);
        if (!p) {
            w->oom = 1;
            return;
        }
        w->elems = p;
        w->cap = cap;
    }
    w->elems[w->n++] = x;
}

static size_t walk_index(const walk *w, const doc_node *x)
{
    for (size_t i = 0; i < w->n; i++)
        if (w->elems[i] == x)
            return i + 1;
    return 0;
}

/* Walks the inline prefix of container without recursion; with b, writes
 * the segment text; always collects the elements. */
static void walk_inline(const doc_node *container, walk *w, sbuf *b)
{
    for (const doc_node *top = container->first; top && doc_is_inline(top->type); top = top->next) {
        doc_iter it;
        doc_iter_init(&it, top);
        doc_event ev;
        while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
            const doc_node *x = it.cur;
            if (x->type == DOC_TEXT) {
                if (b && ev == DOC_EV_ENTER && x->text)
                    put_escaped(b, x->text);
                continue;
            }
            const char *name = doc_type_name(x->type);
            if (ev == DOC_EV_EXIT) {
                if (b)
                    sb_printf(b, "</%s%zu>", name, walk_index(w, x));
                continue;
            }
            walk_add(w, x);
            size_t k = w->n;
            if (!b)
                continue;
            if (x->first)
                sb_printf(b, "<%s%zu>", name, k);
            else if (takes_text(x->type) && x->text && x->text[0]) {
                sb_printf(b, "<%s%zu>", name, k);
                put_escaped(b, x->text);
                sb_printf(b, "</%s%zu>", name, k);
            } else
                sb_printf(b, "<%s%zu/>", name, k);
        }
    }
}

size_t i18n_seg_elems(const doc_node *container, const doc_node **out, size_t cap)
{
    walk w = {0};
    walk_inline(container, &w, NULL);
    for (size_t i = 0; i < w.n && i < cap; i++)
        out[i] = w.elems[i];
    size_t n = w.n;
    free(w.elems);
    return n;
}

char *i18n_seg_serialize(const doc_node *container)
{
    walk w = {0};
    sbuf b = {0};
    sb_put(&b, "");
    walk_inline(container, &w, &b);
    free(w.elems);
    if (w.oom)
        b.oom = 1;
    char *s = sb_take(&b);
    if (s)
        squeeze(s);
    return s;
}

/* ---- collecting ---------------------------------------------------------------- */

static int push_seg(i18n_segs *out, size_t *cap, i18n_seg_kind kind, char *ctx, char *msgid,
                    const doc_node *node, const char *section)
{
    if (!ctx || !msgid) {
        free(ctx), free(msgid);
        return -1;
    }
    /* keys are unique: a second table head in one section becomes "…#2" */
    int dup = 1;
    while (i18n_segs_find(out, ctx)) {
        char *alt = malloc(strlen(ctx) + 16);
        if (!alt) {
            free(ctx), free(msgid);
            return -1;
        }
        size_t base = strcspn(ctx, "#");
        snprintf(alt, strlen(ctx) + 16, "%.*s#%d", (int)base, ctx, ++dup);
        free(ctx);
        ctx = alt;
    }
    if (out->n == *cap) {
        size_t nc = *cap ? *cap * 2 : 128;
        i18n_seg *p = realloc(out->v, nc * sizeof *p);
        if (!p) {
            free(ctx), free(msgid);
            return -1;
        }
        out->v = p;
        *cap = nc;
    }
    char *sec = strdup(section ? section : "");
    if (!sec) {
        free(ctx), free(msgid);
        return -1;
    }
    out->v[out->n++] = (i18n_seg){kind, ctx, msgid, node, sec};
    return 0;
}

static char *reason_text(const char *r)
{
    char *s = strdup(r ? r : "");
    if (s)
        squeeze(s);
    return s;
}

int i18n_segs_collect(const doc *d, i18n_segs *out)
{
    out->v = NULL;
    out->n = 0;
    size_t cap = 0;
    int rc = 0;
    doc_iter it;
    doc_iter_init(&it, d->root);
    doc_event ev;
    while (rc == 0 && (ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        const doc_node *n = it.cur;
        if (ev != DOC_EV_ENTER)
            continue;
        if (n->type == DOC_TABLE && n->variant && strcmp(n->variant, "termlist") == 0) {
            if (n->first) {
                it.cur = n;
                it.ev = DOC_EV_EXIT;
            }
            continue;
        }
        if (!is_container(n->type))
            continue;
        char *msgid = i18n_seg_serialize(n);
        char *sec = section_path(n);
        char *ctx = ctx_of(n);
        if (!sec || !ctx || !msgid) {
            free(sec), free(ctx), free(msgid);
            rc = -1;
            break;
        }
        const char *key = NULL;
        if (msgid[0]) {
            if (push_seg(out, &cap, I18N_SEG_INLINE, ctx, msgid, n, sec) != 0) {
                free(sec);
                rc = -1;
                break;
            }
            key = out->v[out->n - 1].ctx;
        } else {
            free(msgid);
        }
        /* the printed reasons: of a block gap, and of every inline gap by
         * its placeholder number */
        char buf[700];
        if (n->type == DOC_GAP_BLOCK && n->reason && n->reason[0]) {
            snprintf(buf, sizeof buf, "%s/reason", key ? key : ctx);
            rc = push_seg(out, &cap, I18N_SEG_REASON, strdup(buf), reason_text(n->reason), n, sec);
        }
        const doc_node *el[256];
        size_t ne = i18n_seg_elems(n, el, 256);
        for (size_t k = 0; rc == 0 && k < ne && k < 256; k++) {
            if (el[k]->type != DOC_GAP || !el[k]->reason || !el[k]->reason[0])
                continue;
            snprintf(buf, sizeof buf, "%s/gap-%zu", key ? key : ctx, k + 1);
            rc = push_seg(out, &cap, I18N_SEG_REASON, strdup(buf), reason_text(el[k]->reason), el[k], sec);
        }
        if (!key)
            free(ctx);
        free(sec);
    }
    if (rc != 0)
        i18n_segs_free(out);
    return rc;
}

void i18n_segs_free(i18n_segs *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->v[i].ctx);
        free(s->v[i].msgid);
        free(s->v[i].section);
    }
    free(s->v);
    s->v = NULL;
    s->n = 0;
}

const i18n_seg *i18n_segs_find(const i18n_segs *s, const char *ctx)
{
    for (size_t i = 0; ctx && i < s->n; i++)
        if (strcmp(s->v[i].ctx, ctx) == 0)
            return &s->v[i];
    return NULL;
}

/* ---- tokens of a segment text ------------------------------------------------ */

typedef enum { TOK_TEXT, TOK_OPEN, TOK_CLOSE, TOK_EMPTY, TOK_END, TOK_BAD } tok_kind;

typedef struct tok {
    tok_kind kind;
    char name[16];
    size_t k;
    const char *start;   /* TOK_TEXT: the raw text */
    size_t len;
} tok;

/* Reads one token at *p: text up to the next tag, or a tag "<nameK>",
 * "</nameK>", "<nameK/>". A "<" that starts no tag is TOK_BAD. */
static tok next_tok(const char **p)
{
    tok t = {0};
    const char *s = *p;
    if (!*s) {
        t.kind = TOK_END;
        return t;
    }
    if (*s != '<') {
        const char *e = strchr(s, '<');
        if (!e)
            e = s + strlen(s);
        t.kind = TOK_TEXT;
        t.start = s;
        t.len = (size_t)(e - s);
        *p = e;
        return t;
    }
    const char *q = s + 1;
    int closing = *q == '/';
    if (closing)
        q++;
    size_t nl = 0;
    while (*q >= 'a' && *q <= 'z' && nl < sizeof t.name - 1)
        t.name[nl++] = *q++;
    t.name[nl] = '\0';
    size_t k = 0, nd = 0;
    while (*q >= '0' && *q <= '9' && nd < 6) {
        k = k * 10 + (size_t)(*q++ - '0');
        nd++;
    }
    int empty = !closing && *q == '/';
    if (empty)
        q++;
    if (!nl || !nd || k == 0 || *q != '>') {
        t.kind = TOK_BAD;
        t.start = s;
        t.len = strcspn(s + 1, "<") + 1;
        return t;
    }
    t.kind = closing ? TOK_CLOSE : empty ? TOK_EMPTY : TOK_OPEN;
    t.k = k;
    *p = q + 1;
    return t;
}

int i18n_seg_next(const char **p, i18n_tok *out)
{
    const char *start = *p;
    tok t = next_tok(p);
    if (t.kind == TOK_END)
        return 0;
    memset(out, 0, sizeof *out);
    if (t.kind == TOK_TEXT || t.kind == TOK_BAD) {
        out->kind = I18N_TOK_TEXT;
        out->text = t.start;
        out->len = t.kind == TOK_BAD ? 1 : t.len;
        *p = out->text + out->len;
        return 1;
    }
    out->kind = t.kind == TOK_OPEN ? I18N_TOK_OPEN : t.kind == TOK_CLOSE ? I18N_TOK_CLOSE : I18N_TOK_EMPTY;
    memcpy(out->name, t.name, sizeof out->name);
    out->k = t.k;
    out->text = start;
    out->len = (size_t)(*p - start);
    return 1;
}

static void decode_into(sbuf *b, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '&' && len - i >= 4 && strncmp(s + i, "&lt;", 4) == 0) {
            sb_put(b, "<");
            i += 3;
        } else if (s[i] == '&' && len - i >= 5 && strncmp(s + i, "&amp;", 5) == 0) {
            sb_put(b, "&");
            i += 4;
        } else {
            sb_putn(b, s + i, 1);
        }
    }
}

static void set_err(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

typedef struct ph {
    char name[16];
    size_t k;
} ph;

static int ph_cmp(const void *a, const void *b)
{
    size_t x = ((const ph *)a)->k, y = ((const ph *)b)->k;
    return x < y ? -1 : x > y;
}

int i18n_seg_placeholders(const char *text, char *out, size_t outlen, char *err, size_t errlen)
{
    ph seen[256], open[64];
    size_t ns = 0, no = 0;
    const char *p = text;
    out[0] = '\0';
    for (;;) {
        tok t = next_tok(&p);
        if (t.kind == TOK_END)
            break;
        if (t.kind == TOK_TEXT)
            continue;
        if (t.kind == TOK_BAD) {
            set_err(err, errlen, "\"%.*s\" is no placeholder (a literal \"<\" is written &lt;)", (int)(t.len > 20 ? 20 : t.len),
                    t.start);
            return -1;
        }
        if (t.kind == TOK_CLOSE) {
            if (!no || open[no - 1].k != t.k || strcmp(open[no - 1].name, t.name) != 0) {
                set_err(err, errlen, "</%s%zu> closes nothing open", t.name, t.k);
                return -1;
            }
            no--;
            continue;
        }
        for (size_t i = 0; i < ns; i++)
            if (seen[i].k == t.k) {
                set_err(err, errlen, "placeholder %zu appears twice", t.k);
                return -1;
            }
        if (ns < 256) {
            snprintf(seen[ns].name, sizeof seen[ns].name, "%s", t.name);
            seen[ns++].k = t.k;
        }
        if (t.kind == TOK_OPEN && no < 64)
            open[no++] = seen[ns - 1];
    }
    if (no) {
        set_err(err, errlen, "<%s%zu> is never closed", open[no - 1].name, open[no - 1].k);
        return -1;
    }
    qsort(seen, ns, sizeof *seen, ph_cmp);
    size_t u = 0;
    for (size_t i = 0; i < ns && u < outlen; i++)
        u += (size_t)snprintf(out + u, outlen - u, "%s%zu ", seen[i].name, seen[i].k);
    return 0;
}

char *i18n_seg_plain(const char *text)
{
    sbuf b = {0};
    sb_put(&b, "");
    const char *p = text;
    for (;;) {
        tok t = next_tok(&p);
        if (t.kind == TOK_END)
            break;
        if (t.kind == TOK_TEXT)
            decode_into(&b, t.start, t.len);
        else if (t.kind == TOK_BAD) {
            decode_into(&b, t.start, t.len);
            p = t.start + t.len;
        }
    }
    return sb_take(&b);
}

/* ---- parsing a translation back --------------------------------------------- */

/* Frees a sibling list and everything under it, without recursion (doc.c's
 * splice: children join the list still to free). */
static void free_list(doc_node *first)
{
    doc_node *todo = first;
    while (todo) {
        doc_node *cur = todo;
        todo = todo->next;
        if (cur->first) {
            cur->last->next = todo;
            todo = cur->first;
        }
        free(cur->id), free(cur->ref), free(cur->value), free(cur->variant);
        free(cur->kind), free(cur->reason), free(cur->text);
        free(cur);
    }
}

static void free_nodes(doc_node *n)
{
    if (n)
        n->next = NULL;
    free_list(n);
}

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

static doc_node *copy_node(const doc_node *src)
{
    doc_node *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    n->type = src->type;
    n->file = src->file;
    n->line = src->line;
    n->id = dup_or_null(src->id);
    n->ref = dup_or_null(src->ref);
    n->value = dup_or_null(src->value);
    n->variant = dup_or_null(src->variant);
    n->kind = dup_or_null(src->kind);
    n->reason = dup_or_null(src->reason);
    n->text = dup_or_null(src->text);
    return n;
}

static doc_node *text_node(const doc_node *container, const char *s, size_t len)
{
    sbuf b = {0};
    sb_put(&b, "");
    decode_into(&b, s, len);
    char *t = sb_take(&b);
    doc_node *n = t ? calloc(1, sizeof *n) : NULL;
    if (!n) {
        free(t);
        return NULL;
    }
    n->type = DOC_TEXT;
    n->text = t;
    n->file = container->file;
    n->line = container->line;
    return n;
}

int i18n_seg_apply(doc_node *container, const char *text, doc_node **made, size_t nmade, char *err,
                   size_t errlen)
{
    const doc_node *el[256];
    size_t ne = i18n_seg_elems(container, el, 256);
    if (ne > 256) {
        set_err(err, errlen, "more than 256 inline elements");
        return -1;
    }
    for (size_t i = 0; i < nmade; i++)
        made[i] = NULL;
    unsigned char used[256] = {0};
    doc_node holder = {0};
    holder.type = DOC_PARA;
    doc_node *cur = &holder;
    size_t kstack[64], depth = 0;   /* the numbers of the open placeholders */
    const char *p = text;
    int rc = 0;
    while (rc == 0) {
        tok t = next_tok(&p);
        if (t.kind == TOK_END)
            break;
        if (t.kind == TOK_BAD) {
            set_err(err, errlen, "\"%.*s\" is no placeholder (a literal \"<\" is written &lt;)",
                    (int)(t.len > 20 ? 20 : t.len), t.start);
            rc = -1;
            break;
        }
        if (t.kind == TOK_TEXT) {
            doc_node *tn = text_node(container, t.start, t.len);
            if (!tn || doc_append(cur, tn) != 0) {
                free_nodes(tn);
                set_err(err, errlen, "out of memory");
                rc = -1;
            }
            continue;
        }
        if (t.kind == TOK_CLOSE) {
            if (!depth || kstack[depth - 1] != t.k || strcmp(doc_type_name(cur->type), t.name) != 0) {
                set_err(err, errlen, "</%s%zu> closes nothing open", t.name, t.k);
                rc = -1;
                break;
            }
            cur = cur->parent;
            depth--;
            continue;
        }
        /* an opening or empty placeholder: a copy of the source's element K */
        if (t.k > ne) {
            set_err(err, errlen, "<%s%zu%s> is not in the source (it has %zu placeholder%s)", t.name, t.k,
                    t.kind == TOK_EMPTY ? "/" : "", ne, ne == 1 ? "" : "s");
            rc = -1;
            break;
        }
        const doc_node *src = el[t.k - 1];
        if (strcmp(doc_type_name(src->type), t.name) != 0) {
            set_err(err, errlen, "placeholder %zu is <%s%zu> in the source, not <%s%zu>", t.k,
                    doc_type_name(src->type), t.k, t.name, t.k);
            rc = -1;
            break;
        }
        if (used[t.k - 1]) {
            set_err(err, errlen, "<%s%zu> appears twice", t.name, t.k);
            rc = -1;
            break;
        }
        used[t.k - 1] = 1;
        doc_node *n = copy_node(src);
        if (!n) {
            set_err(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        n->first = n->last = NULL;
        free(n->text);
        n->text = NULL;
        n->file = container->file;
        n->line = container->line;
        if (doc_append(cur, n) != 0) {
            set_err(err, errlen, "<%s%zu> cannot stand inside <%s>", t.name, t.k, doc_type_name(cur->type));
            free_nodes(n);
            rc = -1;
            break;
        }
        if (t.k <= nmade)
            made[t.k - 1] = n;
        if (t.kind == TOK_EMPTY) {
            if (takes_text(n->type) && src->text && src->text[0]) {
                set_err(err, errlen, "<%s%zu/> lost its text \"%s\"", t.name, t.k, src->text);
                rc = -1;
            }
            continue;
        }
        if (n->type == DOC_ICON || n->type == DOC_CLAIM) {
            set_err(err, errlen, "<%s%zu> holds no text: write <%s%zu/>", t.name, t.k, t.name, t.k);
            rc = -1;
            break;
        }
        if (takes_text(n->type)) {
            /* its text runs to the matching close tag, with no tag inside */
            tok body = next_tok(&p);
            sbuf b = {0};
            sb_put(&b, "");
            if (body.kind == TOK_TEXT) {
                decode_into(&b, body.start, body.len);
                body = next_tok(&p);
            }
            n->text = sb_take(&b);
            if (body.kind != TOK_CLOSE || body.k != t.k || strcmp(body.name, t.name) != 0) {
                set_err(err, errlen, "<%s%zu> holds text only and must close with </%s%zu>", t.name, t.k,
                        t.name, t.k);
                rc = -1;
            }
            continue;
        }
        if (depth == 64) {
            set_err(err, errlen, "placeholders nested too deep");
            rc = -1;
            break;
        }
        kstack[depth++] = t.k;
        cur = n;
    }
    if (rc == 0 && cur != &holder) {
        set_err(err, errlen, "<%s> is never closed", doc_type_name(cur->type));
        rc = -1;
    }
    if (rc != 0) {
        free_list(holder.first);
        for (size_t i = 0; i < nmade; i++)
            made[i] = NULL;
        return -1;
    }
    /* unlink the old inline prefix and free it */
    doc_node *old = container->first, *stop = old;
    while (stop && doc_is_inline(stop->type))
        stop = stop->next;
    if (old && old != stop) {
        doc_node *last_old = stop ? stop->prev : container->last;
        last_old->next = NULL;
        container->first = stop;
        if (stop)
            stop->prev = NULL;
        else
            container->last = NULL;
        free_list(old);
    }
    /* splice the new nodes in front */
    if (holder.first) {
        for (doc_node *c = holder.first; c; c = c->next)
            c->parent = container;
        holder.last->next = container->first;
        if (container->first)
            container->first->prev = holder.last;
        else
            container->last = holder.last;
        container->first = holder.first;
    }
    return 0;
}

/* ---- cloning ---------------------------------------------------------------------- */

doc *i18n_doc_clone(const doc *d, const char *file)
{
    doc *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->path = strdup(file);
    c->files = malloc(sizeof *c->files);
    if (!c->path || !c->files || !(c->files[0] = strdup(file))) {
        free(c->files);
        c->files = NULL;
        doc_free(c);
        return NULL;
    }
    c->nfiles = 1;
    doc_node *parent = NULL;
    doc_iter it;
    doc_iter_init(&it, d->root);
    doc_event ev;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        if (ev == DOC_EV_EXIT) {
            parent = parent->parent;
            continue;
        }
        doc_node *n = copy_node(it.cur);
        if (!n) {
            doc_free(c);
            return NULL;
        }
        n->file = c->files[0];
        n->line = 0;
        if (!parent)
            c->root = n;
        else if (doc_append(parent, n) != 0) {
            free_nodes(n);
            doc_free(c);
            return NULL;
        }
        if (it.cur->first)
            parent = n;
    }
    return c;
}
