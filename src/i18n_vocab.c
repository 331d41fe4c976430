/* i18n_vocab.c — number words and rule words of a language, from its data
 * file (see i18n_vocab.h). */
#include "i18n_vocab.h"

#include <ctype.h>
#include <errno.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"

typedef struct vword {
    char *form;         /* lower-case */
    long value;
    int stem;           /* takes the endings */
    int ambiguous;      /* read in <num>, not searched for */
} vword;

typedef struct vphrase {
    char *text;         /* lower-case */
    char *concept;
    long value;
} vphrase;

struct i18n_vocab {
    char *lang;
    vword *words;
    size_t nwords;
    char **endings;
    size_t nendings;
    char **ambiguous;
    size_t nambiguous;
    vphrase *phrases;
    size_t nphrases;
};

void i18n_lower(const char *in, char *out, size_t outlen)
{
    size_t j = 0;
    if (!outlen)
        return;
    for (size_t i = 0; in[i] && j + 2 < outlen; i++) {
        unsigned char ch = (unsigned char)in[i];
        if (ch == 0xC3 && (unsigned char)in[i + 1] >= 0x80 && (unsigned char)in[i + 1] <= 0x9E &&
            (unsigned char)in[i + 1] != 0x97) {
            out[j++] = (char)0xC3;
            out[j++] = (char)((unsigned char)in[i + 1] + 0x20);
            i++;
        } else {
            out[j++] = (char)tolower(ch);
        }
    }
    out[j] = '\0';
}

static char *lowdup(const char *s)
{
    size_t n = strlen(s) * 2 + 3;
    char *p = malloc(n);
    if (p)
        i18n_lower(s, p, n);
    return p;
}

static int is_el(xmlNodePtr n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && xmlStrcmp(n->name, (const xmlChar *)name) == 0;
}

/* Splits a blank-separated list into lower-case words; -1 when out of
 * memory. */
static int split_list(const char *s, char ***out, size_t *n)
{
    char *copy = s ? lowdup(s) : NULL;
    if (!copy)
        return s ? -1 : 0;
    char *save = NULL;
    for (char *t = strtok_r(copy, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
        char **p = realloc(*out, (*n + 1) * sizeof *p);
        if (p)
            *out = p;
        if (!p || !(p[*n] = strdup(t))) {
            free(copy);
            return -1;
        }
        (*n)++;
    }
    free(copy);
    return 0;
}

static int parse_value(xmlNodePtr n, long *out, int *oom)
{
    char *v = doc_xml_prop(n, "value", oom);
    char *end = NULL;
    errno = 0;
    long x = v ? strtol(v, &end, 10) : 0;
    int ok = v && *v && end && !*end && !errno;
    free(v);
    *out = x;
    return ok ? 0 : -1;
}

i18n_vocab *i18n_vocab_load(const char *templates_dir, const char *lang, diag_list *diags)
{
    char path[4096];
    /* a regional variant ("de-CH", "it_CH") reads its language's words */
    snprintf(path, sizeof path, "%s/lang/%.*s.xml", templates_dir, (int)strcspn(lang, "-_"), lang);
    doc_loader ld = {templates_dir, NULL};
    xmlDocPtr x = doc_parse_xml(&ld, path, diags);
    if (!x)
        return NULL;
    i18n_vocab *v = calloc(1, sizeof *v);
    xmlNodePtr root = xmlDocGetRootElement(x);
    /* oom: an allocation failed, so the words are incomplete; that is
     * reported as such, never as a malformed word of the file */
    int oom = !v || !(v->lang = strdup(lang));
    int bad = oom || !root || !is_el(root, "vocabulary");
    for (xmlNodePtr sec = root ? root->children : NULL; !bad && sec; sec = sec->next) {
        if (is_el(sec, "numbers")) {
            char *e = doc_xml_prop(sec, "endings", &oom);
            oom |= split_list(e, &v->endings, &v->nendings) != 0;
            free(e);
            bad |= oom;
            for (xmlNodePtr w = sec->children; !bad && w; w = w->next) {
                if (is_el(w, "ambiguous")) {
                    char *t = doc_xml_content(w, &oom);
                    oom |= t && split_list(t, &v->ambiguous, &v->nambiguous) != 0;
                    free(t);
                    bad |= oom;
                    continue;
                }
                if (!is_el(w, "word") && !is_el(w, "stem"))
                    continue;
                vword *p = realloc(v->words, (v->nwords + 1) * sizeof *p);
                char *t = doc_xml_content(w, &oom);
                if (p)
                    v->words = p;
                if (!p || !t) {
                    free(t);
                    bad = oom = 1;
                    break;
                }
                vword *vw = &p[v->nwords];
                memset(vw, 0, sizeof *vw);
                vw->form = lowdup(t);
                vw->stem = is_el(w, "stem");
                free(t);
                int bad_value = parse_value(w, &vw->value, &oom) != 0;
                if (!vw->form || oom) {
                    free(vw->form);
                    bad = oom = 1;
                    break;
                }
                if (bad_value) {
                    diag_add(diags, DIAG_ERROR, path, doc_xml_line(w), 0, "vocabulary",
                             "a number word needs value=\"N\" and a form");
                    free(vw->form);
                    bad = 1;
                    break;
                }
                v->nwords++;
            }
        } else if (is_el(sec, "rulewords")) {
            for (xmlNodePtr w = sec->children; !bad && w; w = w->next) {
                if (!is_el(w, "phrase"))
                    continue;
                vphrase *p = realloc(v->phrases, (v->nphrases + 1) * sizeof *p);
                if (!p) {
                    bad = oom = 1;
                    break;
                }
                v->phrases = p;
                vphrase *ph = &p[v->nphrases];
                char *t = doc_xml_content(w, &oom);
                ph->text = t ? lowdup(t) : NULL;
                oom |= t && !ph->text;
                free(t);
                ph->concept = doc_xml_prop(w, "concept", &oom);
                int bad_value = parse_value(w, &ph->value, &oom) != 0;
                if (oom) {
                    free(ph->text);
                    free(ph->concept);
                    bad = 1;
                    break;
                }
                if (!ph->text || !ph->concept || bad_value) {
                    diag_add(diags, DIAG_ERROR, path, doc_xml_line(w), 0, "vocabulary",
                             "a rule word needs concept=, value= and its phrase");
                    free(ph->text);
                    free(ph->concept);
                    bad = 1;
                    break;
                }
                v->nphrases++;
            }
        }
    }
    if (!bad)
        for (size_t i = 0; i < v->nwords; i++)
            for (size_t k = 0; k < v->nambiguous; k++)
                if (strcmp(v->words[i].form, v->ambiguous[k]) == 0)
                    v->words[i].ambiguous = 1;
    if (oom)
        diag_add(diags, DIAG_ERROR, path, 0, 0, "memory", "out of memory");
    else if (bad && root && !is_el(root, "vocabulary"))
        diag_add(diags, DIAG_ERROR, path, doc_xml_line(root), 0, "vocabulary",
                 "expected <vocabulary> as the root element");
    xmlFreeDoc(x);
    if (bad) {
        i18n_vocab_free(v);
        return NULL;
    }
    return v;
}

void i18n_vocab_free(i18n_vocab *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->nwords; i++)
        free(v->words[i].form);
    for (size_t i = 0; i < v->nendings; i++)
        free(v->endings[i]);
    for (size_t i = 0; i < v->nambiguous; i++)
        free(v->ambiguous[i]);
    for (size_t i = 0; i < v->nphrases; i++) {
        free(v->phrases[i].text);
        free(v->phrases[i].concept);
    }
    free(v->words);
    free(v->endings);
    free(v->ambiguous);
    free(v->phrases);
    free(v->lang);
    free(v);
}

const char *i18n_vocab_lang(const i18n_vocab *v)
{
    return v->lang;
}

/* The value of a lower-case word, or -1. Ambiguous forms only when any. */
static long word_value(const i18n_vocab *v, const char *w, int any)
{
    if (!any)
        for (size_t k = 0; k < v->nambiguous; k++)
            if (strcmp(w, v->ambiguous[k]) == 0)
                return -1;
    long best = -1;
    size_t bestlen = 0;
    for (size_t i = 0; i < v->nwords; i++) {
        const vword *vw = &v->words[i];
        size_t sl = strlen(vw->form);
        if (strncmp(w, vw->form, sl) != 0)
            continue;
        int ok = w[sl] == '\0';
        for (size_t e = 0; !ok && vw->stem && e < v->nendings; e++)
            ok = strcmp(w + sl, v->endings[e]) == 0;
        if (ok && sl > bestlen) {
            best = vw->value;
            bestlen = sl;
        }
    }
    return best;
}

int i18n_parse_number(const i18n_vocab *v, const char *text, long *out)
{
    if (!text)
        return -1;
    char buf[128];
    while (*text == ' ')
        text++;
    i18n_lower(text, buf, sizeof buf);
    size_t len = strlen(buf);
    while (len && buf[len - 1] == ' ')
        buf[--len] = '\0';
    if (!len)
        return -1;
    const char *p = buf;
    int neg = 0;
    if (*p == '+') {
        p++;
    } else if (*p == '-') {
        neg = 1;
        p++;
    } else if (strncmp(p, "\xe2\x88\x92", 3) == 0) {   /* U+2212 minus */
        neg = 1;
        p += 3;
    }
    if (isdigit((unsigned char)*p)) {
        char *end;
        errno = 0;
        long x = strtol(p, &end, 10);
        if (errno)
            return -1;
        /* ordinal marks: 3°, 3ª, 3º, 3. */
        if (*end == '.' && end[1] == '\0')
            end++;
        else if (strcmp(end, "\xc2\xb0") == 0 || strcmp(end, "\xc2\xaa") == 0 || strcmp(end, "\xc2\xba") == 0)
            end += 2;
        if (*end)
            return -1;
        *out = neg ? -x : x;
        return 0;
    }
    if (neg || !v)
        return -1;
    long x = word_value(v, p, 1);
    if (x < 0)
        return -1;
    *out = x;
    return 0;
}

/* Decodes the UTF-8 character at s (at most 4 bytes); its length in *len. */
static unsigned long decode(const char *s, size_t *len)
{
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] < 0x80 || (u[0] & 0xC0) == 0x80) {
        *len = 1;
        return u[0];
    }
    int n = u[0] >= 0xF0 ? 4 : u[0] >= 0xE0 ? 3 : 2;
    unsigned long cp = u[0] & (0x7F >> n);
    for (int k = 1; k < n; k++) {
        if ((u[k] & 0xC0) != 0x80) {
            *len = (size_t)k;
            return 0xFFFD;
        }
        cp = (cp << 6) | (u[k] & 0x3F);
    }
    *len = (size_t)n;
    return cp;
}

/* Letters of German and Italian words: ASCII and Latin-1/Extended-A
 * letters. Arrows, quotes, the minus sign, no-break spaces are not. */
static int letter_cp(unsigned long cp)
{
    return (cp < 0x80 && isalpha((int)cp)) ||
           (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7);
}

static int letter_at(const char *s, size_t i, size_t *len)
{
    return letter_cp(decode(s + i, len));
}

/* Is the character that ends just before byte i a letter? */
static int letter_before(const char *s, size_t i)
{
    if (i == 0)
        return 0;
    size_t k = i - 1, len;
    while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80 && i - k < 4)
        k--;
    return letter_at(s, k, &len);
}

/* The longest rule phrase starting at text[i] on word boundaries: its
 * index, or -1; *len its length in bytes. */
static long phrase_at(const i18n_vocab *v, const char *low, size_t i, size_t *len)
{
    long best = -1;
    *len = 0;
    if (letter_before(low, i))
        return -1;
    for (size_t k = 0; k < v->nphrases; k++) {
        size_t pl = strlen(v->phrases[k].text);
        size_t cl;
        if (pl > *len && strncmp(low + i, v->phrases[k].text, pl) == 0 && !letter_at(low, i + pl, &cl)) {
            best = (long)k;
            *len = pl;
        }
    }
    return best;
}

size_t i18n_scan(const i18n_vocab *v, const char *text, void (*fn)(void *ctx, const i18n_hit *h), void *ctx)
{
    size_t n = strlen(text), count = 0;
    /* lower-casing keeps byte offsets: the letters it folds keep their size */
    char *low = malloc(n * 2 + 3);
    if (!low)
        return 0;
    i18n_lower(text, low, n * 2 + 3);
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)low[i];
        size_t plen;
        long ph = phrase_at(v, low, i, &plen);
        if (ph >= 0) {
            i18n_hit h = {I18N_RULEWORD, i, plen, v->phrases[ph].value, v->phrases[ph].concept};
            fn(ctx, &h);
            count++;
            i += plen;
            continue;
        }
        if (isdigit(c)) {
            size_t s = i;
            while (i < n && isdigit((unsigned char)low[i]))
                i++;
            /* "P1", "c2": a digit glued to a letter names something */
            if (letter_before(low, s))
                continue;
            /* a sign belongs to the number: "+1", "−2" */
            size_t start = s;
            if (s > 0 && (low[s - 1] == '+' || low[s - 1] == '-'))
                start = s - 1;
            else if (s >= 3 && strncmp(low + s - 3, "\xe2\x88\x92", 3) == 0)
                start = s - 3;
            errno = 0;
            long x = strtol(low + s, NULL, 10);
            i18n_hit h = {I18N_DIGITS, start, i - start, errno ? -1 : x, NULL};
            fn(ctx, &h);
            count++;
            continue;
        }
        size_t cl;
        if (letter_at(low, i, &cl) && !letter_before(low, i)) {
            size_t s = i;
            while (i < n && letter_at(low, i, &cl))
                i += cl;
            char w[64];
            if (i - s < sizeof w) {
                memcpy(w, low + s, i - s);
                w[i - s] = '\0';
                long x = word_value(v, w, 0);
                if (x >= 0) {
                    i18n_hit h = {I18N_NUMWORD, s, i - s, x, NULL};
                    fn(ctx, &h);
                    count++;
                }
            }
            continue;
        }
        decode(low + i, &cl);
        i += cl;
    }
    free(low);
    return count;
}

int i18n_rule_phrase(const i18n_vocab *v, const char *phrase, long *value, const char **concept)
{
    size_t n = strlen(phrase);
    char *low = malloc(n * 2 + 3);
    if (!low)
        return -1;
    i18n_lower(phrase, low, n * 2 + 3);
    long best = -1;
    size_t bestlen = 0;
    for (size_t i = 0; low[i]; i++) {
        size_t len;
        long k = phrase_at(v, low, i, &len);
        if (k >= 0 && len > bestlen) {
            best = k;
            bestlen = len;
        }
    }
    free(low);
    if (best < 0)
        return -1;
    *value = v->phrases[best].value;
    *concept = v->phrases[best].concept;
    return 0;
}
