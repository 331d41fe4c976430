/* lay_hyph.c — libhyphen, encoding conversion, compounds and exceptions. */
#include "lay_hyph.h"
#include "lay_hyphc.h"

#include "doc.h"
#include "lay_font.h"

#include <errno.h>
#include <glib.h>
#include <hyphen.h>
#include <unicode/ubrk.h>
#include <unicode/ustring.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define HYPH_MAX_WORD 96   /* characters; longer "words" are not hyphenated */

typedef struct hyph_exc {
    char *word;       /* lower-case UTF-8, hyphens removed */
    size_t nbreaks;
    int breaks[HYPH_MAX_WORD];   /* character index where a part starts */
} hyph_exc;

struct lay_hyph {
    HyphenDict *dict;
    int latin1;       /* the dictionary wants ISO-8859-1 */
    int left, right;
    int min_word;       /* shorter words (parts between explicit hyphens) stay whole */
    char lang[8];
    hyph_exc *exc;
    size_t nexc, cap;
    struct hyph_memo *memo;   /* words already hyphenated; a memo, never visible */
};

/* A sheet lays its paragraphs out again at every trial size, so each word
 * is hyphenated many times over (the patterns were 7 % of a build): the
 * points of each word are kept, per dictionary, until the minimums or the
 * exceptions change. */
#define HYPH_MEMO_FIRST 1024      /* slots at first; doubled when half full */
#define HYPH_MEMO_CAP 16384       /* at most; past half full it starts again */
typedef struct hyph_memo_entry {
    char *word;                   /* NULL: empty */
    size_t len, max, n;
    uint64_t hash;
    lay_hyph_point *pts;
} hyph_memo_entry;
/* The table grows with the words a build has (a sheet has 1,000-1,500): a
 * full-size one from the start had its 786 KB all touched, the slots being
 * hashed. */
typedef struct hyph_memo {
    hyph_memo_entry *slot;
    size_t cap, used;
} hyph_memo;

static void memo_clear(hyph_memo *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->cap; i++) {
        free(m->slot[i].word);
        free(m->slot[i].pts);
    }
    free(m->slot);
    memset(m, 0, sizeof *m);
}

static uint64_t memo_hash(const char *w, size_t len, size_t max)
{
    uint64_t h = 1469598103934665603ull ^ max;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)w[i]) * 1099511628211ull;
    return h;
}

/* The word's slot, or the empty one where it would go; m has slots. */
static hyph_memo_entry *memo_find(hyph_memo *m, const char *w, size_t len, size_t max, uint64_t h)
{
    size_t i = (size_t)h & (m->cap - 1);
    for (;; i = (i + 1) & (m->cap - 1)) {
        hyph_memo_entry *e = &m->slot[i];
        if (!e->word || (e->hash == h && e->len == len && e->max == max && memcmp(e->word, w, len) == 0))
            return e;
    }
}

/* Room for one more word: the table doubles up to HYPH_MEMO_CAP slots and
 * starts again when half full at that size. 0, or -1 (out of memory: the
 * word is only not remembered). */
static int memo_room(hyph_memo *m)
{
    if (m->slot && 2 * (m->used + 1) <= m->cap)
        return 0;
    if (m->cap >= HYPH_MEMO_CAP)
        memo_clear(m);
    size_t cap = m->cap ? m->cap * 2 : HYPH_MEMO_FIRST;
    hyph_memo_entry *slot = calloc(cap, sizeof *slot);
    if (!slot)
        return -1;
    hyph_memo grown = {slot, cap, m->used};
    for (size_t i = 0; i < m->cap; i++)
        if (m->slot[i].word)
            *memo_find(&grown, m->slot[i].word, m->slot[i].len, m->slot[i].max, m->slot[i].hash) = m->slot[i];
    free(m->slot);
    *m = grown;
    return 0;
}

/* ---- UTF-8 and letters: GLib's ----------------------------------------- */

/* The character at s (at most len bytes) and its length; an invalid or
 * cut sequence reads as U+FFFD, one byte long. */
static uint32_t u8_decode(const char *s, size_t len, size_t *adv)
{
    gunichar c = g_utf8_get_char_validated(s, (gssize)len);
    if (c == (gunichar)-1 || c == (gunichar)-2) {
        *adv = 1;
        return 0xFFFD;
    }
    *adv = (size_t)g_utf8_skip[(unsigned char)*s];
    return c;
}

static size_t u8_encode(uint32_t cp, char *out)
{
    return (size_t)g_unichar_to_utf8(cp, out);
}

static int is_letter(uint32_t c)
{
    return g_unichar_isalpha(c);
}

static int is_upper(uint32_t c)
{
    return g_unichar_isupper(c);
}

static uint32_t to_lower(uint32_t c)
{
    return g_unichar_tolower(c);
}

static int is_apostrophe(uint32_t c)
{
    return c == '\'' || c == 0x2019;
}

static int is_hyphen(uint32_t c)
{
    return c == '-' || c == 0x2010;
}

/* ---- set-up ------------------------------------------------------------- */

/* Loading hyph_de_DE.dic through libhyphen takes over a second (77,900
 * patterns), so a pattern file is compiled once (lay_hyphc) into a cache
 * folder and mapped on every later load; within a process the loaded
 * dictionaries are kept and shared by every lay_hyph, and
 * lay_hyph_cleanup() releases them. Not thread-safe. */
typedef struct dict_cache {
    char path[1024];
    HyphenDict *dict;
    lay_hyphc *compiled;    /* when dict came from the cache folder */
} dict_cache;
static dict_cache cache[4];

/* Words looked up in the dictionaries since their pages were last let go. */
static size_t walks_since_release;
#define WALKS_PER_RELEASE 500

/* The installed data folder's compiled dictionaries (cli_env sets it from
 * the binary's location). */
static char data_dir[1024];

void lay_hyph_set_data_dir(const char *dir)
{
    snprintf(data_dir, sizeof data_dir, "%s", dir ? dir : "");
}

/* The folders that may hold compiled dictionaries, most preferred first:
 * REGELWERK_HYPH_CACHE, the installed data folder, the user's cache. */
static size_t cache_dirs(char dirs[][1024], size_t max)
{
    size_t n = 0;
    const char *env = getenv("REGELWERK_HYPH_CACHE");
    if (env && *env && n < max)
        snprintf(dirs[n++], 1024, "%s", env);
    if (n < max && data_dir[0])
        snprintf(dirs[n++], 1024, "%s", data_dir);
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (xdg && *xdg && n < max)
        snprintf(dirs[n++], 1024, "%s/regelwerk", xdg);
    else if (home && *home && n < max)
        snprintf(dirs[n++], 1024, "%s/.cache/regelwerk", home);
    return n;
}

/* mkdir -p */
static int make_dirs(const char *path)
{
    char tmp[4096];
    if (strlen(path) >= sizeof tmp)
        return -1;
    memcpy(tmp, path, strlen(path) + 1);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(tmp, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

/* The format's version is in the name as well as in the file: builds of
 * different versions sharing a cache folder then keep a file each instead
 * of replacing each other's on every run. */
static void compiled_name(char *out, size_t len, const char *dir, const char *src)
{
    const char *base = strrchr(src, '/');
    snprintf(out, len, "%s/%s.rwh2", dir, base ? base + 1 : src);
}

/* A compiled dictionary from the first folder that has a fresh one; else
 * libhyphen's load, compiled into the first writable folder that takes it
 * (a cache: failing to write it only costs the next run the slow load
 * again). The installed data folder is only read: `make install` fills it. */
static HyphenDict *load_dict(const char *path, lay_hyphc **compiled)
{
    char dirs[3][1024], file[4200];
    size_t n = cache_dirs(dirs, 3);
    *compiled = NULL;
    for (size_t i = 0; i < n; i++) {
        compiled_name(file, sizeof file, dirs[i], path);
        if ((*compiled = lay_hyphc_load(file, path)) == NULL)
            continue;
        /* REGELWERK_HYPH_CACHE asks for a copy there (make install fills the
         * data folder so): found elsewhere, it is written there too */
        if (i > 0 && getenv("REGELWERK_HYPH_CACHE") && make_dirs(dirs[0]) == 0) {
            compiled_name(file, sizeof file, dirs[0], path);
            lay_hyphc_write(lay_hyphc_dict(*compiled), path, file);
        }
        return lay_hyphc_dict(*compiled);
    }
    HyphenDict *d = hnj_hyphen_load(path);
    if (!d)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (data_dir[0] && strcmp(dirs[i], data_dir) == 0 && !getenv("REGELWERK_HYPH_CACHE"))
            continue;
        if (make_dirs(dirs[i]) != 0)
            continue;
        compiled_name(file, sizeof file, dirs[i], path);
        if (lay_hyphc_write(d, path, file) == 0)
            break;
    }
    return d;
}

static void drop(dict_cache *c)
{
    if (c->compiled)
        lay_hyphc_free(c->compiled);
    else if (c->dict)
        hnj_hyphen_free(c->dict);
    c->dict = NULL;
    c->compiled = NULL;
}

static HyphenDict *cached_dict(const char *path)
{
    for (size_t i = 0; i < sizeof cache / sizeof cache[0]; i++)
        if (cache[i].dict && strcmp(cache[i].path, path) == 0)
            return cache[i].dict;
    lay_hyphc *compiled;
    HyphenDict *d = load_dict(path, &compiled);
    if (!d)
        return NULL;
    size_t k = 0;
    while (k < sizeof cache / sizeof cache[0] - 1 && cache[k].dict)
        k++;
    /* the cache is full (more than four dictionaries): replace the last */
    drop(&cache[k]);
    snprintf(cache[k].path, sizeof cache[k].path, "%s", path);
    cache[k].dict = d;
    cache[k].compiled = compiled;
    return d;
}

void lay_hyph_cleanup(void)
{
    for (size_t i = 0; i < sizeof cache / sizeof cache[0]; i++)
        drop(&cache[i]);
}

/* The languages with patterns, and their files. */
static const struct {
    const char *lang, *file;
} dict_files[] = {{"de", "hyph_de_DE.dic"}, {"it", "hyph_it_IT.dic"}};

lay_hyph *lay_hyph_new(const char *lang, const char *dict_dir, diag_list *d)
{
    if (!lang)
        return NULL;
    const char *file = NULL;
    for (size_t i = 0; i < sizeof dict_files / sizeof dict_files[0] && !file; i++)
        if (strncmp(lang, dict_files[i].lang, 2) == 0)
            file = dict_files[i].file;
    if (!file) {
        diag_add(d, DIAG_WARNING, NULL, 0, 0, "hyphenation",
                 "no hyphenation patterns for language '%s': words will not be hyphenated", lang);
        return NULL;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dict_dir ? dict_dir : "/usr/share/hyphen", file);
    lay_hyph *h = calloc(1, sizeof *h);
    if (!h) {
        diag_add(d, DIAG_ERROR, NULL, 0, 0, "memory", "out of memory");
        return NULL;
    }
    h->dict = cached_dict(path);
    if (!h->dict) {
        diag_add(d, DIAG_ERROR, path, 0, 0, "hyphenation", "cannot read the hyphenation patterns");
        free(h);
        return NULL;
    }
    h->latin1 = !h->dict->utf8;
    h->left = 2;
    h->right = 3;
    h->min_word = 6;
    snprintf(h->lang, sizeof h->lang, "%.2s", lang);
    return h;
}

void lay_hyph_preload(const char *dict_dir)
{
    for (size_t i = 0; i < sizeof dict_files / sizeof dict_files[0]; i++) {
        diag_list quiet;
        diag_list_init(&quiet);
        lay_hyph_free(lay_hyph_new(dict_files[i].lang, dict_dir, &quiet));
        diag_list_free(&quiet);
    }
}

void lay_hyph_free(lay_hyph *h)
{
    if (!h)
        return;
    for (size_t i = 0; i < h->nexc; i++)
        free(h->exc[i].word);
    free(h->exc);
    memo_clear(h->memo);
    free(h->memo);
    free(h);
    /* a sheet done: the pages of the mapped dictionaries its words walked
     * need not stay resident through the cards, flowcharts and sheets of
     * other languages that follow (the peak of a build was often there);
     * the next sheet's words fault them back from the page cache */
    lay_hyph_release_pages();
}

void lay_hyph_release_pages(void)
{
    /* no word walked since: nothing came in (and a release walks each of
     * the mapping's thousands of one-page parts) */
    if (!walks_since_release)
        return;
    walks_since_release = 0;
    for (size_t i = 0; i < sizeof cache / sizeof cache[0]; i++)
        lay_hyphc_release(cache[i].compiled);
}

void lay_hyph_set_min(lay_hyph *h, int left, int right)
{
    memo_clear(h->memo);
    h->left = left > 1 ? left : 1;
    h->right = right > 1 ? right : 1;
}

int lay_hyph_add_exception(lay_hyph *h, const char *spelled)
{
    memo_clear(h->memo);
    if (h->nexc == h->cap) {
        size_t cap = h->cap ? h->cap * 2 : 32;
        hyph_exc *e = realloc(h->exc, cap * sizeof *e);
        if (!e)
            return -1;
        h->exc = e;
        h->cap = cap;
    }
    hyph_exc *e = &h->exc[h->nexc];
    memset(e, 0, sizeof *e);
    size_t len = strlen(spelled);
    e->word = malloc(len + 1);
    if (!e->word)
        return -1;
    size_t o = 0, adv;
    int chars = 0;
    for (size_t i = 0; i < len; i += adv) {
        uint32_t c = u8_decode(spelled + i, len - i, &adv);
        if (is_hyphen(c)) {
            if (chars > 0 && e->nbreaks < HYPH_MAX_WORD)
                e->breaks[e->nbreaks++] = chars;
            continue;
        }
        o += u8_encode(to_lower(c), e->word + o);
        chars++;
    }
    e->word[o] = '\0';
    h->nexc++;
    return 0;
}

int lay_hyph_load_exceptions(lay_hyph *h, const char *xml_path, diag_list *d)
{
    /* read like content: no DTD, no entities, no network, file:line errors */
    size_t errors = d->errors;
    xmlDoc *x = doc_parse_data(xml_path, NULL, d);
    xmlNode *root = x ? xmlDocGetRootElement(x) : NULL;
    if (!root || strcmp((const char *)root->name, "hyphenation") != 0) {
        if (x || d->errors == errors)
            diag_add(d, DIAG_ERROR, xml_path, 0, 0, "hyphenation",
                     x ? "the root element must be <hyphenation>" : "cannot read the hyphenation exceptions");
        xmlFreeDoc(x);
        return -1;
    }
    int added = 0, oom = 0;
    for (xmlNode *n = root->children; n && !oom; n = n->next) {
        if (n->type != XML_ELEMENT_NODE || strcmp((const char *)n->name, "word") != 0)
            continue;
        char *lang = doc_xml_prop(n, "lang", &oom);
        char *text = doc_xml_content(n, &oom);
        if (lang && text && strncmp(lang, h->lang, 2) == 0) {
            /* trim surrounding white space */
            char *s = text;
            while (*s == ' ' || *s == '\n' || *s == '\t')
                s++;
            size_t l = strlen(s);
            while (l && (s[l - 1] == ' ' || s[l - 1] == '\n' || s[l - 1] == '\t'))
                s[--l] = '\0';
            if (*s) {
                oom |= lay_hyph_add_exception(h, s) != 0;
                added++;
            }
        }
        free(lang);
        free(text);
    }
    xmlFreeDoc(x);
    if (oom) {
        /* a word missing from the exceptions would be broken wrongly */
        diag_add(d, DIAG_ERROR, xml_path, 0, 0, "memory", "out of memory");
        return -1;
    }
    return added;
}

/* ---- one word ----------------------------------------------------------- */

/* A part of a word between explicit hyphens: chars and their byte offsets. */
typedef struct hyph_part {
    uint32_t cp[HYPH_MAX_WORD];
    size_t off[HYPH_MAX_WORD + 1];   /* byte offset of each char in the word */
    int n;
} hyph_part;

static void add_point(lay_hyph_point *pts, size_t *np, size_t max, size_t at, int add_hyphen, int compound)
{
    if (*np < max) {
        pts[*np].at = at;
        pts[*np].add_hyphen = add_hyphen;
        pts[*np].compound = compound;
        (*np)++;
    }
}

static const hyph_exc *find_exception(const lay_hyph *h, const hyph_part *p)
{
    char low[HYPH_MAX_WORD * 3 + 1];
    size_t o = 0;
    for (int i = 0; i < p->n; i++)
        o += u8_encode(to_lower(p->cp[i]), low + o);
    low[o] = '\0';
    for (size_t i = 0; i < h->nexc; i++)
        if (strcmp(h->exc[i].word, low) == 0)
            return &h->exc[i];
    return NULL;
}

/* Runs the dictionary (or its first level only) over the part; odd values in
 * the result mark a break after that character. */
static int run_dict(const lay_hyph *h, HyphenDict *dict, const hyph_part *p, char *hy)
{
    char enc[HYPH_MAX_WORD * 3 + 1];
    int map[HYPH_MAX_WORD * 3 + 1];   /* encoded byte → char index */
    size_t o = 0;
    for (int i = 0; i < p->n; i++) {
        uint32_t c = to_lower(p->cp[i]);
        if (c == 0x2019)
            c = '\'';
        if (h->latin1) {
            if (c > 0xFF)
                return -1;
            map[o] = i;
            enc[o++] = (char)c;
        } else {
            size_t k = u8_encode(c, enc + o);
            for (size_t j = 0; j < k; j++)
                map[o + j] = i;
            o += k;
        }
    }
    enc[o] = '\0';
    char hyphens[HYPH_MAX_WORD * 3 + 5];
    char **rep = NULL;
    int *pos = NULL, *cut = NULL;
    int rc = hnj_hyphen_hyphenate3(dict, enc, (int)o, hyphens, NULL, &rep, &pos, &cut, h->left, h->right, 2, 2);
    memset(hy, 0, (size_t)p->n);
    if (rc == 0) {
        for (size_t b = 0; b < o; b++) {
            /* Non-standard breaks (old-orthography "Schiff-fahrt") change
             * letters; they are skipped rather than half-applied. */
            if ((hyphens[b] & 1) && !(rep && rep[b]) && (b + 1 == o || map[b + 1] != map[b]))
                hy[map[b]] = 1;
        }
    }
    if (rep) {
        for (size_t b = 0; b < o; b++)
            free(rep[b]);
        free(rep);
    }
    free(pos);
    free(cut);
    return rc;
}

static void hyph_part_points(const lay_hyph *h, const hyph_part *p, lay_hyph_point *pts, size_t *np,
                             size_t max)
{
    if (p->n < h->left + h->right || p->n < h->min_word)
        return;
    const hyph_exc *e = find_exception(h, p);
    if (e) {
        for (size_t i = 0; i < e->nbreaks; i++)
            if (e->breaks[i] >= h->left && e->breaks[i] <= p->n - h->right)   /* the minimums hold here too */
                add_point(pts, np, max, p->off[e->breaks[i]], 1, 0);
        return;
    }
    /* acronyms and CamelCase names: a capital after the first letter */
    for (int i = 1; i < p->n; i++)
        if (is_upper(p->cp[i]))
            return;
    char hy[HYPH_MAX_WORD], top[HYPH_MAX_WORD];
    if (run_dict(h, h->dict, p, hy) != 0)
        return;
    memset(top, 0, sizeof top);
    if (h->dict->nextlevel) {
        /* the first level alone: compound joints (a shallow copy, so the
         * shared dictionary is never modified) */
        HyphenDict first = *h->dict;
        first.nextlevel = NULL;
        if (run_dict(h, &first, p, top) != 0)
            memset(top, 0, sizeof top);
    }
    for (int i = 0; i + 1 < p->n; i++) {
        /* character minimums, counted in characters, not bytes */
        int right = top[i] && h->right > 2 ? 2 : h->right;   /* a compound's joint: 2 */
        if (!hy[i] || i + 1 < h->left || p->n - (i + 1) < right)
            continue;
        add_point(pts, np, max, p->off[i + 1], 1, top[i] ? 1 : 0);
    }
}

/* The line-break opportunities of UAX #14 inside s[0..len), as byte
 * offsets after which a line may end (0 and len excluded), ascending. */
static size_t uax14_breaks(const char *s, size_t len, size_t *out, size_t max)
{
    UChar u[HYPH_MAX_WORD * 2 + 2];
    int32_t ul = 0;
    UErrorCode st = U_ZERO_ERROR;
    u_strFromUTF8(u, (int32_t)(sizeof u / sizeof u[0]), &ul, s, (int32_t)len, &st);
    if (U_FAILURE(st))
        return 0;
    UBreakIterator *bi = ubrk_open(UBRK_LINE, "", u, ul, &st);
    if (U_FAILURE(st))
        return 0;
    size_t n = 0;
    for (int32_t b = ubrk_next(bi); b != UBRK_DONE && b < ul && n < max; b = ubrk_next(bi)) {
        /* UTF-16 units to UTF-8 bytes */
        int32_t bytes = 0;
        UErrorCode e = U_ZERO_ERROR;
        u_strToUTF8(NULL, 0, &bytes, u, b, &e);
        out[n++] = (size_t)bytes;
    }
    ubrk_close(bi);
    return n;
}

static size_t hyph_word(const lay_hyph *h, const char *word, size_t len, lay_hyph_point *pts, size_t max);

size_t lay_hyph_word(const lay_hyph *h, const char *word, size_t len, lay_hyph_point *pts, size_t max)
{
    if (!h || !len)
        return 0;
    lay_hyph *mh = (lay_hyph *)(uintptr_t)h;
    if (!mh->memo)
        mh->memo = calloc(1, sizeof *mh->memo);
    uint64_t hash = memo_hash(word, len, max);
    hyph_memo_entry *e = mh->memo && mh->memo->slot ? memo_find(mh->memo, word, len, max, hash) : NULL;
    if (e && e->word) {
        memcpy(pts, e->pts, e->n * sizeof *pts);
        return e->n;
    }
    size_t n = hyph_word(h, word, len, pts, max);
    /* the pages the words walk pile up in a long sheet (3.5 MB of the
     * German dictionary's by its end, beside the sheet's paragraphs, at
     * the peak of its build): let them go every so many words, those
     * walked again fault back from the page cache (a few ms a sheet) */
    if (++walks_since_release >= WALKS_PER_RELEASE)
        lay_hyph_release_pages();
    e = mh->memo && memo_room(mh->memo) == 0 ? memo_find(mh->memo, word, len, max, hash) : NULL;
    /* a failed allocation only means the word is not remembered */
    char *w = e ? malloc(len) : NULL;
    lay_hyph_point *p = w ? malloc((n ? n : 1) * sizeof *p) : NULL;
    if (p) {
        memcpy(w, word, len);
        memcpy(p, pts, n * sizeof *p);
        *e = (hyph_memo_entry){w, len, max, n, hash, p};
        mh->memo->used++;
    } else {
        free(w);
    }
    return n;
}

static size_t hyph_word(const lay_hyph *h, const char *word, size_t len, lay_hyph_point *pts, size_t max)
{
    /* the core: from the first to the last letter; punctuation outside it
     * („…“, «…», commas) stays attached and is never a break */
    size_t start = len, end = 0, adv;
    for (size_t i = 0; i < len; i += adv) {
        uint32_t c = u8_decode(word + i, len - i, &adv);
        if (c >= '0' && c <= '9')
            return 0;   /* never inside numbers */
        if (is_letter(c)) {
            if (start == len)
                start = i;
            end = i + adv;
        }
    }
    if (start >= end)
        return 0;
    /* Where a line may break inside the word is Unicode's to say (UAX #14,
     * through ICU): after a hyphen, a slash, a dash ("Angriff–Verteidigung"),
     * never before one. Asked only of words with such a character. */
    size_t brk[HYPH_MAX_WORD];
    size_t nbrk = 0;
    int plain = 1;
    for (size_t i = start; i < end && plain; i += adv)
        plain = is_letter(u8_decode(word + i, end - i, &adv)) || is_apostrophe(u8_decode(word + i, end - i, &adv));
    if (!plain)
        nbrk = uax14_breaks(word + start, end - start, brk, HYPH_MAX_WORD);
    size_t np = 0, k = 0;
    hyph_part p;
    p.n = 0;
    for (size_t i = start; i <= end; i += adv) {
        uint32_t c = i < end ? u8_decode(word + i, end - i, &adv) : 0;
        if (i == end)
            adv = 1;
        /* An apostrophe ends a part too: after an elision (dell’Intruso,
         * quest’ultimo) the patterns and the minimums apply to the word
         * that follows as to a word of its own ("dell’In-truso"), which is
         * how Italian hyphenates; no break is ever made at the apostrophe. */
        int elision = i < end && is_apostrophe(c);
        int breaks_after = 0;
        if (i < end && !elision && !is_letter(c)) {
            while (k < nbrk && brk[k] < i + adv - start)
                k++;
            breaks_after = k < nbrk && brk[k] == i + adv - start;
            if (!breaks_after && !is_hyphen(c) && c != '/')
                return 0;   /* a symbol inside that holds its neighbours: not a word we may split */
        }
        int sep = i == end || elision || (i < end && !is_letter(c));
        if (!sep) {
            if (p.n == HYPH_MAX_WORD)
                return 0;
            p.off[p.n] = i;
            p.cp[p.n++] = c;
            continue;
        }
        if (p.n) {
            p.off[p.n] = i;
            hyph_part_points(h, &p, pts, &np, max);
        }
        p.n = 0;
        /* a break after the hyphen, slash or dash, with nothing added, when
         * letters follow */
        if (breaks_after && i + adv < end)
            add_point(pts, &np, max, i + adv, 0, 1);
    }
    return np;
}

char *lay_hyph_show(const lay_hyph *h, const char *word)
{
    size_t len = strlen(word);
    lay_hyph_point pts[HYPH_MAX_WORD];
    size_t n = lay_hyph_word(h, word, len, pts, HYPH_MAX_WORD);
    char *out = malloc(len + n + 1);
    if (!out)
        return NULL;
    size_t o = 0, k = 0;
    for (size_t i = 0; i <= len; i++) {
        if (k < n && pts[k].at == i) {
            if (pts[k].add_hyphen)
                out[o++] = '-';
            k++;
        }
        if (i < len)
            out[o++] = word[i];
    }
    out[o] = '\0';
    return out;
}
