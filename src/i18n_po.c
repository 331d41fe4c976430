/* i18n_po.c — translation catalogs: PO files through libgettextpo, the
 * msgmerge-style sync with the source's segments, and the translated
 * summary built from the source and the catalog. */
#include "i18n_po.h"

#include <glib.h>
#include <gettext-po.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* ---- the catalog ------------------------------------------------------------ */

i18n_cat *i18n_cat_new(const char *lang, const char *game, const char *source_lang,
                       const char *source_version)
{
    i18n_cat *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->lang = dup_or_null(lang);
    c->game = dup_or_null(game);
    c->source_lang = dup_or_null(source_lang);
    c->source_version = dup_or_null(source_version);
    c->header_line = 1;
    return c;
}

static void entry_free(i18n_entry *e)
{
    free(e->ctx), free(e->msgid), free(e->msgstr), free(e->prev_msgid);
    free(e->comments), free(e->notes), free(e->src_file);
    memset(e, 0, sizeof *e);
}

/* Keys hashed to their first live entry: a check looks up every segment
 * of every language, and a scan of the catalog made it quadratic (a tenth
 * of a check). Valid for the entries it was built over (e, n); sync, which
 * changes entries in place, drops it. */
struct i18n_cat_index {
    const i18n_entry *e;
    size_t n, cap;      /* cap a power of two */
    size_t *slot;       /* entry index + 1, 0 = empty */
};

static void cat_index_drop(i18n_cat *c)
{
    if (c->index)
        free(c->index->slot);
    free(c->index);
    c->index = NULL;
}

/* Builds c's index; without memory, lookups scan. */
static void cat_index_build(i18n_cat *c)
{
    cat_index_drop(c);
    struct i18n_cat_index *x = calloc(1, sizeof *x);
    if (!x)
        return;
    x->cap = 16;
    while (x->cap < 2 * c->n + 2)
        x->cap *= 2;
    if (!(x->slot = calloc(x->cap, sizeof *x->slot))) {
        free(x);
        return;
    }
    for (size_t i = 0; i < c->n; i++) {
        const i18n_entry *e = &c->e[i];
        if (e->obsolete || !e->ctx)
            continue;
        size_t h = g_str_hash(e->ctx) & (x->cap - 1);
        while (x->slot[h] && strcmp(c->e[x->slot[h] - 1].ctx, e->ctx) != 0)
            h = (h + 1) & (x->cap - 1);
        if (!x->slot[h])
            x->slot[h] = i + 1;   /* the first live entry of a key wins, as in a scan */
    }
    x->e = c->e;
    x->n = c->n;
    c->index = x;
}

void i18n_cat_free(i18n_cat *c)
{
    if (!c)
        return;
    cat_index_drop(c);
    for (size_t i = 0; i < c->n; i++)
        entry_free(&c->e[i]);
    free(c->e);
    free(c->path), free(c->lang), free(c->game), free(c->source_lang), free(c->source_version);
    free(c->header);
    free(c);
}

i18n_entry *i18n_cat_find(const i18n_cat *c, const char *ctx)
{
    const struct i18n_cat_index *x = c->index;
    if (ctx && x && x->e == c->e && x->n == c->n) {
        for (size_t h = g_str_hash(ctx) & (x->cap - 1); x->slot[h]; h = (h + 1) & (x->cap - 1))
            if (strcmp(c->e[x->slot[h] - 1].ctx, ctx) == 0)
                return &c->e[x->slot[h] - 1];
        return NULL;
    }
    for (size_t i = 0; ctx && i < c->n; i++)
        if (!c->e[i].obsolete && c->e[i].ctx && strcmp(c->e[i].ctx, ctx) == 0)
            return &c->e[i];
    return NULL;
}

static i18n_entry *cat_push(i18n_cat *c)
{
    i18n_entry *p = realloc(c->e, (c->n + 1) * sizeof *p);
    if (!p)
        return NULL;
    c->e = p;
    memset(&p[c->n], 0, sizeof *p);
    return &p[c->n++];
}

/* ---- libgettextpo's error handler ------------------------------------------ */

/* libgettextpo reports through a handler without a user pointer: the one
 * being read or written is kept here (single-threaded, one file at a time). */
static diag_list *po_diags;
static const char *po_path;
static int po_errors;

static void po_report(int severity, const char *filename, size_t lineno, size_t column,
                      const char *text)
{
    /* the closing "found N fatal errors" repeats what was reported */
    if (severity == PO_SEVERITY_FATAL_ERROR && po_errors > 0)
        return;
    if (severity != PO_SEVERITY_WARNING)
        po_errors++;
    if (po_diags)
        diag_add(po_diags, severity == PO_SEVERITY_WARNING ? DIAG_WARNING : DIAG_ERROR,
                 filename ? filename : po_path, lineno == (size_t)-1 ? 0 : (int)lineno,
                 column == (size_t)-1 ? 0 : (int)column + 1, "po", "%s", text);
}

static void on_xerror(int severity, po_message_t message, const char *filename, size_t lineno,
                      size_t column, int multiline_p, const char *message_text)
{
    (void)message, (void)multiline_p;
    po_report(severity, filename, lineno, column, message_text);
}

static void on_xerror2(int severity, po_message_t message1, const char *filename1, size_t lineno1,
                       size_t column1, int multiline_p1, const char *message_text1,
                       po_message_t message2, const char *filename2, size_t lineno2, size_t column2,
                       int multiline_p2, const char *message_text2)
{
    (void)message1, (void)multiline_p1, (void)message2, (void)multiline_p2;
    po_report(severity, filename1, lineno1, column1, message_text1);
    po_report(PO_SEVERITY_WARNING, filename2, lineno2, column2, message_text2);
}

static const struct po_xerror_handler handler = {on_xerror, on_xerror2};

/* ---- reading --------------------------------------------------------------------- */

/* Decodes the C string starting after the opening quote at s into b. */
static void unquote(const char *s, char *out, size_t outlen)
{
    size_t j = strlen(out);
    for (; *s && *s != '"' && j + 1 < outlen; s++) {
        if (*s == '\\' && s[1]) {
            s++;
            out[j++] = *s == 'n' ? '\n' : *s == 't' ? '\t' : *s;
        } else {
            out[j++] = *s;
        }
    }
    out[j] = '\0';
}

int i18n_po_lines(i18n_cat *c, const char *path)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return -1;
    char line[4096], ctx[1024] = "", ref[1024] = "";
    int lineno = 0, in_ctx = 0, have_ctx = 0;
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        if (strncmp(line, "#~", 2) == 0)
            continue;
        if (strncmp(line, "#: ", 3) == 0 && !ref[0]) {
            size_t len = strcspn(line + 3, " \n");
            snprintf(ref, sizeof ref, "%.*s", (int)len, line + 3);
        }
        if (strncmp(line, "msgctxt \"", 9) == 0) {
            ctx[0] = '\0';
            unquote(line + 9, ctx, sizeof ctx);
            in_ctx = have_ctx = 1;
            continue;
        }
        if (in_ctx && line[0] == '"') {
            unquote(line + 1, ctx, sizeof ctx);
            continue;
        }
        in_ctx = 0;
        if (strncmp(line, "msgstr", 6) == 0) {
            const char *key = have_ctx ? ctx : ref;
            i18n_entry *e = key[0] ? i18n_cat_find(c, key) : NULL;
            if (e && !e->line)
                e->line = lineno;
            else if (!have_ctx && c->header_line <= 1 && !e && lineno < 30)
                c->header_line = lineno;
            ctx[0] = ref[0] = '\0';
            have_ctx = 0;
        }
    }
    fclose(fp);
    return 0;
}

static char *header_field(const char *header, const char *name)
{
    return header ? po_header_field(header, name) : NULL;
}

i18n_cat *i18n_po_read(const char *path, diag_list *diags)
{
    if (access(path, R_OK) != 0) {
        diag_add(diags, DIAG_ERROR, path, 0, 0, "po", "cannot read this PO file");
        return NULL;
    }
    po_diags = diags;
    po_path = path;
    po_errors = 0;
    po_file_t f = po_file_read(path, &handler);
    int errors = po_errors;
    po_diags = NULL;
    if (!f || errors) {
        if (f)
            po_file_free(f);
        if (!errors)
            diag_add(diags, DIAG_ERROR, path, 0, 0, "po", "cannot read this PO file");
        return NULL;
    }
    i18n_cat *c = i18n_cat_new(NULL, NULL, NULL, NULL);
    if (!c || !(c->path = strdup(path))) {
        i18n_cat_free(c);
        po_file_free(f);
        return NULL;
    }
    /* po_file_domain_header() returns a copy the caller frees */
    char *hdr = (char *)(uintptr_t)po_file_domain_header(f, NULL);
    c->header = hdr;
    c->lang = header_field(hdr, "Language");
    c->game = header_field(hdr, "X-Regelwerk-Game");
    c->source_lang = header_field(hdr, "X-Regelwerk-Source-Lang");
    c->source_version = header_field(hdr, "X-Regelwerk-Source-Version");
    po_message_iterator_t it = po_message_iterator(f, NULL);
    po_message_t m;
    while ((m = po_next_message(it))) {
        const char *ctx = po_message_msgctxt(m), *id = po_message_msgid(m);
        if (!ctx && id[0] == '\0')
            continue;   /* the header */
        if (!ctx) {
            po_filepos_t fp = po_message_filepos(m, 0);
            ctx = fp ? po_filepos_file(fp) : NULL;
        }
        if (!ctx) {
            diag_add(diags, DIAG_WARNING, path, 0, 0, "po",
                     "an entry without msgctxt or #: reference is not a segment (\"%.40s\"): ignored", id);
            continue;
        }
        i18n_entry *e = cat_push(c);
        if (!e)
            break;
        e->ctx = strdup(ctx);
        e->msgid = strdup(id);
        e->msgstr = strdup(po_message_msgstr(m) ? po_message_msgstr(m) : "");
        e->prev_msgid = dup_or_null(po_message_prev_msgid(m));
        const char *cm = po_message_comments(m);
        e->comments = cm && cm[0] ? strdup(cm) : NULL;
        e->fuzzy = po_message_is_fuzzy(m);
        e->obsolete = po_message_is_obsolete(m);
    }
    po_message_iterator_free(it);
    po_file_free(f);
    i18n_po_lines(c, path);
    cat_index_build(c);
    return c;
}

/* ---- writing ------------------------------------------------------------------------ */

static char *set_field(char *header, const char *name, const char *value)
{
    if (!value)
        return header;
    char *h = po_header_set_field(header, name, value);
    if (!h)
        return header;
    free(header);
    return h;
}

static char *make_header(const i18n_cat *c)
{
    char *h = strdup(c->header ? c->header : "");
    if (!h)
        return NULL;
    char pid[256];
    snprintf(pid, sizeof pid, "regelwerk %s %s", c->game ? c->game : "", c->source_version ? c->source_version : "");
    if (!c->header || !strstr(c->header, "Project-Id-Version:"))
        h = set_field(h, "Project-Id-Version", pid);
    if (!c->header) {
        h = set_field(h, "Report-Msgid-Bugs-To", "");
        h = set_field(h, "PO-Revision-Date", "1970-01-01 00:00+0000");
        h = set_field(h, "Last-Translator", "none");
        h = set_field(h, "Language-Team", "none");
    }
    h = set_field(h, "Language", c->lang);
    h = set_field(h, "MIME-Version", "1.0");
    h = set_field(h, "Content-Type", "text/plain; charset=UTF-8");
    h = set_field(h, "Content-Transfer-Encoding", "8bit");
    h = set_field(h, "X-Regelwerk-Game", c->game);
    h = set_field(h, "X-Regelwerk-Source-Lang", c->source_lang);
    h = set_field(h, "X-Regelwerk-Source-Version", c->source_version);
    return h;
}

int i18n_po_write(const i18n_cat *c, const char *path, diag_list *diags)
{
    char *header = make_header(c);
    po_file_t f = po_file_create();
    if (!header || !f) {
        free(header);
        if (f)
            po_file_free(f);
        diag_add(diags, DIAG_ERROR, path, 0, 0, "po", "out of memory");
        return -1;
    }
    po_message_iterator_t it = po_message_iterator(f, NULL);
    po_message_t m = po_message_create();
    po_message_set_msgid(m, "");
    po_message_set_msgstr(m, header);
    po_message_insert(it, m);
    free(header);
    for (size_t i = 0; i < c->n; i++) {
        const i18n_entry *e = &c->e[i];
        m = po_message_create();
        po_message_set_msgctxt(m, e->ctx);
        po_message_set_msgid(m, e->msgid);
        po_message_set_msgstr(m, e->msgstr ? e->msgstr : "");
        if (e->comments)
            po_message_set_comments(m, e->comments);
        if (e->notes)
            po_message_set_extracted_comments(m, e->notes);
        if (e->src_file && !e->obsolete)
            po_message_add_filepos(m, e->src_file, (size_t)e->src_line);
        if (e->fuzzy && e->msgstr && e->msgstr[0]) {
            po_message_set_fuzzy(m, 1);
            if (e->prev_msgid)
                po_message_set_prev_msgid(m, e->prev_msgid);
        }
        if (e->obsolete)
            po_message_set_obsolete(m, 1);
        po_message_insert(it, m);
    }
    po_message_iterator_free(it);

    /* a temporary file beside the target, renamed into place */
    size_t len = strlen(path) + 16;
    char *tmp = malloc(len);
    if (!tmp) {
        po_file_free(f);
        return -1;
    }
    snprintf(tmp, len, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        diag_add(diags, DIAG_ERROR, path, 0, 0, "po", "cannot write beside this file");
        free(tmp);
        po_file_free(f);
        return -1;
    }
    close(fd);
    po_diags = diags;
    po_path = path;
    po_errors = 0;
    po_file_t w = po_file_write(f, tmp, &handler);
    int errors = po_errors;
    po_diags = NULL;
    po_file_free(f);
    if (!w || errors || rename(tmp, path) != 0) {
        unlink(tmp);
        if (!errors)
            diag_add(diags, DIAG_ERROR, path, 0, 0, "po", "cannot write this file");
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

/* ---- sync (msgmerge) ----------------------------------------------------------------- */

int i18n_cat_sync(i18n_cat *c, const i18n_segs *segs, char *(*notes)(void *ctx, const i18n_seg *s),
                  void *notes_ctx, i18n_sync_stats *st)
{
    i18n_sync_stats zero = {0};
    *st = zero;
    cat_index_drop(c);
    i18n_entry *out = calloc(segs->n + c->n + 1, sizeof *out);
    unsigned char *used = calloc(c->n + 1, 1);
    if (!out || !used) {
        free(out), free(used);
        return -1;
    }
    size_t n = 0;
    for (size_t i = 0; i < segs->n; i++) {
        const i18n_seg *s = &segs->v[i];
        i18n_entry *e = &out[n++];
        size_t k;
        /* the live entry with this key, else an obsolete one coming back */
        for (k = 0; k < c->n; k++)
            if (!used[k] && !c->e[k].obsolete && strcmp(c->e[k].ctx, s->ctx) == 0)
                break;
        if (k == c->n)
            for (k = 0; k < c->n; k++)
                if (!used[k] && c->e[k].obsolete && strcmp(c->e[k].ctx, s->ctx) == 0)
                    break;
        if (k < c->n) {
            used[k] = 1;
            *e = c->e[k];
            memset(&c->e[k], 0, sizeof c->e[k]);
            e->obsolete = 0;
            if (strcmp(e->msgid, s->msgid) != 0) {
                if (e->msgstr && e->msgstr[0]) {
                    /* the earliest source it was translated from stays */
                    if (!e->fuzzy || !e->prev_msgid) {
                        free(e->prev_msgid);
                        e->prev_msgid = e->msgid;
                    } else {
                        free(e->msgid);
                    }
                    e->msgid = NULL;
                    e->fuzzy = 1;
                    st->changed++;
                } else {
                    free(e->msgid);
                    e->msgid = NULL;
                    st->added++;
                }
                e->msgid = strdup(s->msgid);
            } else {
                st->kept++;
            }
        } else {
            e->ctx = strdup(s->ctx);
            e->msgid = strdup(s->msgid);
            e->msgstr = strdup("");
            st->added++;
        }
        free(e->notes);
        e->notes = notes ? notes(notes_ctx, s) : NULL;
        free(e->src_file);
        e->src_file = dup_or_null(s->node->file);
        e->src_line = s->node->line;
        e->line = 0;
    }
    for (size_t k = 0; k < c->n; k++) {
        if (used[k])
            continue;
        i18n_entry *e = &c->e[k];
        if (e->msgstr && e->msgstr[0]) {
            if (!e->obsolete)
                st->obsoleted++;
            out[n] = *e;
            out[n].obsolete = 1;
            free(out[n].notes);
            out[n].notes = NULL;
            n++;
            memset(e, 0, sizeof *e);
        } else {
            entry_free(e);
        }
    }
    free(used);
    free(c->e);
    c->e = out;
    c->n = n;
    for (size_t i = 0; i < n; i++)
        if (!out[i].ctx || !out[i].msgid || !out[i].msgstr)
            return -1;
    return 0;
}

/* ---- the translated summary ------------------------------------------------------------ */

static void set_lines(doc_node *container, int line)
{
    container->line = line;
    for (doc_node *top = container->first; top && doc_is_inline(top->type); top = top->next) {
        doc_iter it;
        doc_iter_init(&it, top);
        doc_event ev;
        while ((ev = doc_iter_next(&it)) != DOC_EV_DONE)
            if (ev == DOC_EV_ENTER)
                ((doc_node *)(uintptr_t)it.cur)->line = line;
    }
}

static void replace_reason(doc_node *n, const i18n_cat *c, const char *key)
{
    i18n_entry *e = i18n_cat_find(c, key);
    if (!e || !e->msgstr[0])
        return;
    char *r = strdup(e->msgstr);
    if (r) {
        free(n->reason);
        n->reason = r;
    }
}

/* Nodes outside segments (sections, lists, tables) take the line of their
 * first segment, else their parent's: every check can point into the PO. */
static void fill_lines(doc *d, int fallback)
{
    doc_iter it;
    doc_iter_init(&it, d->root);
    doc_event ev;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        doc_node *n = (doc_node *)(uintptr_t)it.cur;
        if (ev == DOC_EV_EXIT && !n->line)
            for (doc_node *ch = n->first; ch && !n->line; ch = ch->next)
                n->line = ch->line;
    }
    doc_iter_init(&it, d->root);
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        doc_node *n = (doc_node *)(uintptr_t)it.cur;
        if (ev == DOC_EV_ENTER && !n->line)
            n->line = n->parent && n->parent->line ? n->parent->line : fallback;
    }
    d->root->line = fallback;
}

doc *i18n_translate(const doc *src, const i18n_cat *c, const char *lang, diag_list *diags)
{
    const char *file = c->path ? c->path : "(translation)";
    doc *t = i18n_doc_clone(src, file);
    if (!t)
        return NULL;
    free(t->root->value);
    t->root->value = dup_or_null(lang);
    i18n_segs segs;
    if (i18n_segs_collect(t, &segs) != 0) {
        doc_free(t);
        return NULL;
    }
    char key[800], err[300];
    for (size_t i = 0; i < segs.n; i++) {
        const i18n_seg *s = &segs.v[i];
        size_t klen = strlen(s->ctx);
        if (s->kind == I18N_SEG_REASON) {
            /* inline gaps are handled with their segment (their nodes are
             * replaced); a block gap's reason is its own */
            if (klen > 7 && strcmp(s->ctx + klen - 7, "/reason") == 0) {
                doc_node *g = (doc_node *)(uintptr_t)s->node;
                replace_reason(g, c, s->ctx);
            }
            continue;
        }
        doc_node *node = (doc_node *)(uintptr_t)s->node;
        i18n_entry *e = i18n_cat_find(c, s->ctx);
        int line = e && e->line ? e->line : c->header_line;
        doc_node *made[256];
        int applied = 0;
        if (e && e->msgstr[0]) {
            if (i18n_seg_apply(node, e->msgstr, made, 256, err, sizeof err) == 0)
                applied = 1;
            else
                diag_add(diags, DIAG_ERROR, file, line, 0, "translation-markup",
                         "%s: %s; the source text is printed instead", s->ctx, err);
        }
        /* the gaps by placeholder number: the new nodes when the
         * translation was applied, else the source's own */
        const doc_node *el[256] = {0};
        size_t ne = 256;
        if (applied)
            for (size_t k = 0; k < 256; k++)
                el[k] = made[k];
        else
            ne = i18n_seg_elems(node, el, 256);
        for (size_t k = 0; k < ne && k < 256; k++)
            if (el[k] && el[k]->type == DOC_GAP) {
                snprintf(key, sizeof key, "%s/gap-%zu", s->ctx, k + 1);
                replace_reason((doc_node *)(uintptr_t)el[k], c, key);
            }
        set_lines(node, line);
    }
    i18n_segs_free(&segs);
    fill_lines(t, c->header_line);
    return t;
}

/* ---- statistics ------------------------------------------------------------------------- */

long i18n_words(const char *text)
{
    char *plain = i18n_seg_plain(text);
    if (!plain)
        return 0;
    long words = 0;
    int in = 0, letters = 0;
    for (const unsigned char *p = (const unsigned char *)plain;; p++) {
        if (*p == ' ' || *p == '\0') {
            if (in && letters)
                words++;
            in = letters = 0;
            if (!*p)
                break;
            continue;
        }
        in = 1;
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p >= 0x80)
            letters = 1;
    }
    free(plain);
    return words;
}

void i18n_cat_stats(const i18n_cat *c, const i18n_segs *segs, i18n_stats *st)
{
    i18n_stats zero = {0};
    *st = zero;
    for (size_t i = 0; i < segs->n; i++) {
        const i18n_seg *s = &segs->v[i];
        long w = i18n_words(s->msgid);
        st->words_total += w;
        const i18n_entry *e = c ? i18n_cat_find(c, s->ctx) : NULL;
        if (!e || !e->msgstr[0])
            st->untranslated++;
        else if (e->fuzzy || strcmp(e->msgid, s->msgid) != 0)
            st->fuzzy++;
        else {
            st->translated++;
            st->words_translated += w;
        }
    }
}
