/* i18n_typo.c — a language's typographic conventions (see i18n_typo.h).
 *
 * A translator's keyboard types "…" and 3°; Italian print wants «…» and
 * 3º/3ª, German „…“. These are not matters of taste on a reference sheet: a
 * straight quote or a degree sign among the rules reads as a mistake, and a
 * translation carried over from another language brings its quotes with
 * it. So `check` refuses them at their line, and the rules are data, one
 * section per language file, so that a new language brings its own.
 */
#include "i18n_typo.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"

typedef struct typo_avoid {
    char *text;   /* as written, e.g. "E'" */
    char *use;    /* e.g. "È" */
} typo_avoid;

struct i18n_typo {
    char *quotes;     /* the language's own quotation marks (UTF-8); NULL: not checked */
    char *quote_use;  /* how the message names them: "«…»" */
    char *ordinals;   /* the ordinal indicators ("ºª"); NULL: not checked */
    char *ord_use;    /* "3º or 3ª" */
    typo_avoid *avoid;
    size_t navoid;
};

/* Every code point that is a quotation mark in some European language. The
 * apostrophe ’ (U+2019) and the typewriter ' are not here: they are
 * apostrophes far more often than quotes. */
static const gunichar quote_marks[] = {0x22, 0xAB, 0xBB, 0x2018, 0x201A, 0x201C, 0x201D, 0x201E, 0x201F,
                                       0x2039, 0x203A};

static int is_quote_mark(gunichar c)
{
    for (size_t i = 0; i < sizeof quote_marks / sizeof quote_marks[0]; i++)
        if (quote_marks[i] == c)
            return 1;
    return 0;
}

static char *content(xmlNodePtr n, int *oom)
{
    xmlChar *t = xmlNodeGetContent(n);
    char *s = t ? strdup((const char *)t) : NULL;
    if (t && !s)
        *oom = 1;
    xmlFree(t);
    return s;
}

static char *prop(xmlNodePtr n, const char *name, int *oom)
{
    xmlChar *t = xmlGetProp(n, (const xmlChar *)name);
    char *s = t ? strdup((const char *)t) : NULL;
    if (t && !s)
        *oom = 1;
    xmlFree(t);
    return s;
}

static int is_el(xmlNodePtr n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && xmlStrcmp(n->name, (const xmlChar *)name) == 0;
}

i18n_typo *i18n_typo_parse(xmlNodePtr sec, const char *path, diag_list *diags)
{
    i18n_typo *t = calloc(1, sizeof *t);
    if (!t) {
        diag_add(diags, DIAG_ERROR, path, doc_xml_line(sec), 0, "out-of-memory", "out of memory");
        return NULL;
    }
    int oom = 0, bad = 0;
    for (xmlNodePtr e = sec->children; e && !oom && !bad; e = e->next) {
        char **text = NULL, **use = NULL;
        if (is_el(e, "quotes")) {
            text = &t->quotes;
            use = &t->quote_use;
        } else if (is_el(e, "ordinals")) {
            text = &t->ordinals;
            use = &t->ord_use;
        } else if (is_el(e, "avoid")) {
            typo_avoid *p = realloc(t->avoid, (t->navoid + 1) * sizeof *p);
            if (!p) {
                oom = 1;
                break;
            }
            t->avoid = p;
            typo_avoid *a = &p[t->navoid++];
            a->text = content(e, &oom);
            a->use = prop(e, "use", &oom);
            bad = !oom && (!a->text || !*a->text || !a->use);
            continue;
        } else {
            continue;
        }
        free(*text);
        free(*use);
        *text = content(e, &oom);
        *use = prop(e, "use", &oom);
        bad = !oom && (!*text || !*text[0] || !g_utf8_validate(*text, -1, NULL) || !*use);
    }
    if (oom || bad) {
        diag_add(diags, DIAG_ERROR, path, doc_xml_line(sec), 0, oom ? "out-of-memory" : "vocabulary",
                 oom ? "out of memory"
                     : "<typography>: <quotes>, <ordinals> and <avoid> need their characters and use=\"…\"");
        i18n_typo_free(t);
        return NULL;
    }
    return t;
}

void i18n_typo_free(i18n_typo *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->navoid; i++) {
        free(t->avoid[i].text);
        free(t->avoid[i].use);
    }
    free(t->avoid);
    free(t->quotes);
    free(t->quote_use);
    free(t->ordinals);
    free(t->ord_use);
    free(t);
}

/* g_utf8_next_char() casts const away, which this build refuses */
static const char *next_char(const char *p)
{
    return p + g_utf8_skip[(unsigned char)*p];
}

static int in_set(const char *set, gunichar c)
{
    for (const char *p = set; *p; p = next_char(p))
        if (g_utf8_get_char(p) == c)
            return 1;
    return 0;
}

static int is_letter_at(const char *text, size_t off)
{
    return g_unichar_isalpha(g_utf8_get_char(text + off));
}

size_t i18n_typo_scan(const i18n_typo *t, const char *text, void (*fn)(void *ctx, const i18n_typo_hit *h),
                      void *ctx)
{
    if (!t || !text || !g_utf8_validate(text, -1, NULL))
        return 0;
    size_t hits = 0;
    gunichar prev = 0;
    for (const char *p = text; *p; p = next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        size_t off = (size_t)(p - text), len = (size_t)(next_char(p) - p);
        i18n_typo_hit h = {off, len, NULL, NULL};
        if (t->quotes && is_quote_mark(c) && !in_set(t->quotes, c)) {
            h.what = "quotes";
            h.use = t->quote_use;
        } else if (t->ordinals && c == 0xB0 && prev >= '0' && prev <= '9') {
            /* the degree sign after a number: 3° is a temperature, not "third" */
            h.off--;
            h.len++;
            h.what = "ordinal";
            h.use = t->ord_use;
        } else {
            /* spellings to avoid, at the start of a word and as a whole word */
            int word_start = off == 0 || !g_unichar_isalpha(prev);
            for (size_t i = 0; word_start && i < t->navoid; i++) {
                size_t n = strlen(t->avoid[i].text);
                if (strncmp(p, t->avoid[i].text, n) == 0 && !is_letter_at(text, off + n)) {
                    h.len = n;
                    h.what = "spelling";
                    h.use = t->avoid[i].use;
                    break;
                }
            }
        }
        if (h.what) {
            hits++;
            if (fn)
                fn(ctx, &h);
        }
        prev = c;
    }
    return hits;
}
