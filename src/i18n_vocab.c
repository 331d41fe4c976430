/* i18n_vocab.c — number words and rule words of a language, from its data
 * file (see i18n_vocab.h). */
#include "i18n_vocab.h"

#include <ctype.h>
#include <glib.h>
#include <errno.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>

#include "doc.h"
#include "i18n_typo.h"

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
    i18n_typo *typo;   /* the <typography> section; NULL when there is none */
    /* word_value's index: form -> 1 + the first word of that form; the
     * stems apart (they match with an ending) */
    GHashTable *exact;
    size_t *stems, nstems;
};

void i18n_lower(const char *in, char *out, size_t outlen)
{
    /* GLib's lower case, character by character; a character whose lower
     * case is longer in UTF-8 stays as it is, so that offsets into the
     * lowered text are offsets into the original */
    size_t j = 0;
    if (!outlen)
        return;
    for (const char *p = in; *p && j + 4 < outlen;) {
        gunichar c = g_utf8_get_char_validated(p, -1);
        size_t n = c == (gunichar)-1 || c == (gunichar)-2 ? 1 : (size_t)g_utf8_skip[(unsigned char)*p];
        char low[8];
        size_t m = c == (gunichar)-1 || c == (gunichar)-2 ? 0 : (size_t)g_unichar_to_utf8(g_unichar_tolower(c), low);
        if (m == n)
            memcpy(out + j, low, m);
        else
            memcpy(out + j, p, n);
        j += n;
        p += n;
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

/* The number words of ICU's rule-based spell-out rules (CLDR's, for every
 * cardinal and ordinal rule set of the language, 0 to ICU_MAX) join the
 * table: "dreizehn", "einundzwanzigste", "ventunesima" need no entry of
 * ours. The table stays for what ICU lacks (a regional form, an ordinal
 * stem with our endings) and says which forms are ambiguous. 0, or -1 when
 * memory ran out; a language ICU does not know just adds nothing. */
enum { ICU_MAX = 100 };

/* ICU's forms of one language, made once per process: formatting every
 * number with every rule set costs milliseconds, and each game loads the
 * vocabulary of each of its languages. */
typedef struct icu_forms {
    char lang[16];
    char **forms;
    long *values;
    size_t n;
} icu_forms;

static icu_forms *icu_cache;
static size_t icu_ncache;

void i18n_vocab_cleanup(void)
{
    for (size_t i = 0; i < icu_ncache; i++) {
        for (size_t k = 0; k < icu_cache[i].n; k++)
            free(icu_cache[i].forms[k]);
        free(icu_cache[i].forms);
        free(icu_cache[i].values);
    }
    free(icu_cache);
    icu_cache = NULL;
    icu_ncache = 0;
}

static int icu_push(icu_forms *c, const char *form, long value)
{
    char **f = realloc(c->forms, (c->n + 1) * sizeof *f);
    if (f)
        c->forms = f;
    long *v = realloc(c->values, (c->n + 1) * sizeof *v);
    if (v)
        c->values = v;
    if (!f || !v || !(c->forms[c->n] = strdup(form)))
        return -1;
    c->values[c->n++] = value;
    return 0;
}

/* Every form of every public rule set but the years', 0..ICU_MAX. */
static int icu_make(icu_forms *c, const char *loc)
{
    UErrorCode st = U_ZERO_ERROR;
    UNumberFormat *f = unum_open(UNUM_SPELLOUT, NULL, 0, loc, NULL, &st);
    if (U_FAILURE(st) || !f)
        return 0;   /* a language ICU does not know: the table alone */
    UChar sets[2048];
    int32_t ns = unum_getTextAttribute(f, UNUM_PUBLIC_RULESETS, sets, 2047, &st);
    int rc = 0;
    for (int32_t a = 0; U_SUCCESS(st) && rc == 0 && a < ns;) {
        int32_t b = a;
        while (b < ns && sets[b] != ';')
            b++;
        UChar name[128];
        int32_t len = b - a < 127 ? b - a : 127;
        u_memcpy(name, sets + a, len);
        name[len] = 0;
        a = b + 1;
        /* years ("neunzehnhundert") are no rule numbers */
        static const UChar year[] = {'y', 'e', 'a', 'r', 0};
        if (u_strstr(name, year))
            continue;
        UErrorCode e = U_ZERO_ERROR;
        unum_setTextAttribute(f, UNUM_DEFAULT_RULESET, name, len, &e);
        for (long n = 0; U_SUCCESS(e) && rc == 0 && n <= ICU_MAX; n++) {
            UChar buf[128];
            char utf8[384], low[400];
            int32_t l = unum_formatInt64(f, n, buf, 128, NULL, &e);
            /* the soft hyphens ICU puts into compounds ("ein\u00ADund…") */
            int32_t k = 0;
            for (int32_t i = 0; i < l; i++)
                if (buf[i] != 0xAD)
                    buf[k++] = buf[i];
            u_strToUTF8(utf8, sizeof utf8, NULL, buf, k, &e);
            if (U_FAILURE(e) || strchr(utf8, ' '))
                continue;
            i18n_lower(utf8, low, sizeof low);
            rc = icu_push(c, low, n);
        }
    }
    unum_close(f);
    return rc;
}

static const icu_forms *icu_get(const char *loc)
{
    for (size_t i = 0; i < icu_ncache; i++)
        if (strcmp(icu_cache[i].lang, loc) == 0)
            return &icu_cache[i];
    icu_forms *p = realloc(icu_cache, (icu_ncache + 1) * sizeof *p);
    if (!p)
        return NULL;
    icu_cache = p;
    icu_forms *c = &p[icu_ncache];
    memset(c, 0, sizeof *c);
    snprintf(c->lang, sizeof c->lang, "%s", loc);
    if (icu_make(c, loc) != 0) {
        for (size_t k = 0; k < c->n; k++)
            free(c->forms[k]);
        free(c->forms);
        free(c->values);
        return NULL;
    }
    icu_ncache++;
    return c;
}

/* Builds word_value's index of the table's words (add_icu_forms adds to
 * it); 0, or -1 when memory ran out. */
static int index_words(i18n_vocab *v)
{
    v->exact = g_hash_table_new(g_str_hash, g_str_equal);
    v->stems = malloc((v->nwords + 1) * sizeof *v->stems);
    if (!v->stems)
        return -1;
    for (size_t i = 0; i < v->nwords; i++) {
        if (!g_hash_table_contains(v->exact, v->words[i].form))
            g_hash_table_insert(v->exact, v->words[i].form, GSIZE_TO_POINTER(i + 1));
        if (v->words[i].stem)
            v->stems[v->nstems++] = i;
    }
    return 0;
}

static int add_icu_forms(i18n_vocab *v, const char *lang)
{
    char loc[16];
    snprintf(loc, sizeof loc, "%.*s", (int)strcspn(lang, "-_"), lang);
    const icu_forms *c = icu_get(loc);
    if (!c)
        return -1;
    /* the table's own forms win (and say which are ambiguous): word_value's
     * index, built from the table first, tells which ICU forms are new */
    int rc = 0;
    for (size_t k = 0; k < c->n && rc == 0; k++) {
        if (g_hash_table_contains(v->exact, c->forms[k]))
            continue;
        vword *p = realloc(v->words, (v->nwords + 1) * sizeof *p);
        if (!p) {
            rc = -1;
            break;
        }
        v->words = p;
        vword *w = &p[v->nwords];
        memset(w, 0, sizeof *w);
        w->value = c->values[k];
        if (!(w->form = strdup(c->forms[k]))) {
            rc = -1;
            break;
        }
        g_hash_table_insert(v->exact, w->form, GSIZE_TO_POINTER(v->nwords + 1));
        v->nwords++;
    }
    return rc;
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
        } else if (is_el(sec, "typography")) {
            i18n_typo_free(v->typo);
            bad |= (v->typo = i18n_typo_parse(sec, path, diags)) == NULL;
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
        bad = index_words(v) != 0 || add_icu_forms(v, lang) != 0;
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
    i18n_typo_free(v->typo);
    if (v->exact)
        g_hash_table_destroy(v->exact);
    free(v->stems);
    free(v);
}

const i18n_typo *i18n_vocab_typo(const i18n_vocab *v)
{
    return v ? v->typo : NULL;
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
    /* the whole word is the longest match there can be */
    size_t at = GPOINTER_TO_SIZE(g_hash_table_lookup(v->exact, w));
    if (at)
        return v->words[at - 1].value;
    long best = -1;
    size_t bestlen = 0;
    for (size_t s = 0; s < v->nstems; s++) {
        const vword *vw = &v->words[v->stems[s]];
        size_t sl = strlen(vw->form);
        if (sl <= bestlen || strncmp(w, vw->form, sl) != 0)
            continue;
        for (size_t e = 0; e < v->nendings; e++)
            if (strcmp(w + sl, v->endings[e]) == 0) {
                best = vw->value;
                bestlen = sl;
                break;
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

/* The UTF-8 character at s (GLib); its length in *len, 1 for a broken one. */
static unsigned long decode(const char *s, size_t *len)
{
    gunichar c = g_utf8_get_char_validated(s, -1);
    if (c == (gunichar)-1 || c == (gunichar)-2) {
        *len = 1;
        return 0xFFFD;
    }
    *len = (size_t)g_utf8_skip[(unsigned char)*s];
    return c;
}

/* Letters of words (GLib's Unicode letters): arrows, quotes, the minus
 * sign and no-break spaces are not. */
static int letter_cp(unsigned long cp)
{
    return g_unichar_isalpha((gunichar)cp);
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
