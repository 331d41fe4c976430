/* eng.c — the engine contract's one implementation: randomness, states,
 * the key and action tables (parsing, range checks, dispatch), step logs,
 * probes, recorded procedures and the registry look-ups. Games declare; this
 * file does the rest (see eng.h). */
#include "eng.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- rng ---------------------------------------------------------------- */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void eng_rng_seed(eng_rng *rng, uint64_t seed)
{
    /* the forced queue is read only below nforced: no need to clear it
     * (states are seeded by the thousand when flowcharts are checked) */
    rng->nforced = rng->next_forced = 0;
    rng->mismatch = 0;
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t eng_rng_next(eng_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t eng_rng_below(eng_rng *rng, uint32_t n)
{
    /* Lemire's multiply-shift with rejection: unbiased for every n. */
    uint64_t m = (uint64_t)(uint32_t)(eng_rng_next(rng) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(eng_rng_next(rng) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

int eng_die_face(const eng_die *die, const char *name)
{
    for (int i = 0; i < die->nfaces; i++)
        if (strcmp(die->faces[i], name) == 0)
            return i;
    return -1;
}

const char *eng_word(const char **s, size_t *len)
{
    const char *w = *s + strspn(*s, " ");
    if (!*w)
        return NULL;
    *len = strcspn(w, " ");
    *s = w + *len;
    return w;
}

int eng_faces_parse(const eng_die *die, const char *v, int max, int *face, int *num, char *err, size_t errlen)
{
    int n = 0;
    for (const char *w = v + strspn(v, " ,"); *w; w += strspn(w, " ,")) {
        size_t len = strcspn(w, " ,"), name = num ? strspn(w, "abcdefghijklmnopqrstuvwxyz") : len;
        char buf[32];
        snprintf(buf, sizeof buf, "%.*s", (int)name, w);
        if (n == max || (face[n] = eng_die_face(die, buf)) < 0 || len - name > 3 ||
            strspn(w + name, "0123456789") != len - name)
            return snprintf(err, errlen, "bad item \"%.*s\" in \"%s\": at most %d faces of the %s die%s", (int)len, w,
                            v, max, die->id, num ? ", each with its number" : ""), -1;
        /* at most 3 digits (checked above): no overflow */
        if (num)
            num[n] = len > name ? (int)strtol(w + name, NULL, 10) : 0;
        n++;
        w += len;
    }
    return n;
}

void eng_faces_format(const eng_die *die, const int *face, const int *num, int n, char *buf, size_t len)
{
    if (len)
        buf[0] = '\0';
    for (int i = 0, used = 0; i < n && used >= 0 && (size_t)used < len; i++)
        used += snprintf(buf + used, len - (size_t)used, num && num[i] >= 0 ? "%s%s%d" : "%s%s", i ? " " : "",
                         die->faces[face[i]], num ? num[i] : 0);
}

int eng_rng_force(eng_rng *rng, const eng_die *die, const char *face)
{
    int f = eng_die_face(die, face);
    if (f < 0 || rng->nforced >= ENG_RNG_MAX_FORCED)
        return -1;
    rng->forced[rng->nforced].die = die;
    rng->forced[rng->nforced].face = f;
    rng->nforced++;
    return 0;
}

int eng_roll(eng_rng *rng, const eng_die *die)
{
    if (rng->next_forced < rng->nforced) {
        int f = rng->forced[rng->next_forced].face;
        if (rng->forced[rng->next_forced].die != die) {
            /* A scenario forced a roll of another die: the scenario is wrong,
             * and silently rolling at random would hide it. */
            rng->mismatch = 1;
        }
        rng->next_forced++;
        if (f < die->nfaces)
            return f;
    }
    return (int)eng_rng_below(rng, (uint32_t)die->nfaces);
}

/* ---- states --------------------------------------------------------------- */

#define ENG_MAXEVENTS 64
#define ENG_MAXLOG 256

struct eng_state {
    const eng_game *g;
    eng_rng rng;
    long nactions;
    long counts[ENG_MAXEVENTS];
    unsigned char steps[ENG_MAXLOG];   /* event indexes, in order */
    int nsteps, steps_cut;
    /* not copied: who listens, and the record of a procedure being run */
    eng_listener listen;
    void *listen_ctx;
    eng_record *rec;
    _Alignas(max_align_t) unsigned char data[];
};

eng_state *eng_state_new(const eng_game *g, uint64_t seed)
{
    eng_state *st = calloc(1, sizeof *st + g->state_size);
    if (!st)
        return NULL;
    st->g = g;
    eng_rng_seed(&st->rng, seed);
    if (g->init)
        g->init(st->data);
    return st;
}

void eng_state_assign(eng_state *dst, const eng_state *src)
{
    assert(dst->g == src->g && "eng_state_assign: states of two games");
    eng_listener l = dst->listen;
    void *lc = dst->listen_ctx;
    eng_record *rec = dst->rec;
    memcpy(dst, src, sizeof *dst + src->g->state_size);
    dst->listen = l;
    dst->listen_ctx = lc;
    dst->rec = rec;
}

eng_state *eng_state_copy(const eng_state *src)
{
    eng_state *st = malloc(sizeof *st + src->g->state_size);
    if (!st)
        return NULL;
    memcpy(st, src, sizeof *st + src->g->state_size);
    st->listen = NULL;
    st->listen_ctx = NULL;
    st->rec = NULL;
    return st;
}

void eng_state_free(eng_state *st)
{
    free(st);
}

const eng_game *eng_state_game(const eng_state *st) { return st->g; }
void *eng_data(eng_state *st) { return st->data; }
const void *eng_cdata(const eng_state *st) { return st->data; }
eng_rng *eng_state_rng(eng_state *st) { return &st->rng; }
long eng_actions(const eng_state *st) { return st->nactions; }

static size_t nevents(const eng_game *g)
{
    size_t n = 0;
    while (g->events && g->events[n])
        n++;
    return n;
}

void eng_note(eng_state *st, int ev)
{
    assert(ev >= 0 && (size_t)ev < nevents(st->g) && ev < ENG_MAXEVENTS && "eng_note: undeclared event");
    st->counts[ev]++;
    if (st->nsteps < ENG_MAXLOG)
        st->steps[st->nsteps++] = (unsigned char)ev;
    else
        st->steps_cut = 1;
}

/* ---- narration ---------------------------------------------------------------- */

void eng_listen(eng_state *st, eng_listener fn, void *ctx)
{
    st->listen = fn;
    st->listen_ctx = ctx;
}

int eng_listening(const eng_state *st)
{
    return st->listen != NULL;
}

void eng_say(eng_state *st, long round, const char *kind, const char *actor, const char *fmt, ...)
{
    if (!st->listen)
        return;
    /* measured first, so that no narration is ever cut */
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (text)
        vsnprintf(text, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    eng_event ev = {round, kind, actor ? actor : "", text ? text : "(out of memory)"};
    st->listen(st->listen_ctx, &ev);
    free(text);
}

/* ---- keys ------------------------------------------------------------------------ */

/* A key resolved against the table: which entry, which indexes; or a
 * generic log key. */
typedef struct key_ref {
    const eng_key *k;
    int idx[ENG_MAXIDX];
    int nidx;
    enum { LOG_NONE, LOG_COUNT, LOG_FIRST, LOG_STEPS } log;
    int ev;
    int word;   /* a family's word (eng_key.words) */
} key_ref;

/* Word i of a family's words (separated by commas or blanks): its start,
 * its length in *len; NULL past the last. */
static const char *family_word(const char *words, int i, size_t *len)
{
    const char *p = words;
    for (;;) {
        p += strspn(p, ", ");
        if (!*p)
            return NULL;
        *len = strcspn(p, ", ");
        if (i-- == 0)
            return p;
        p += *len;
    }
}

/* The index of the word that is all of key, or -1. */
static int family_index(const char *words, const char *key)
{
    size_t len, n = strlen(key);
    const char *w;
    for (int i = 0; (w = family_word(words, i, &len)) != NULL; i++)
        if (len == n && memcmp(w, key, n) == 0)
            return i;
    return -1;
}

/* Matches key against pattern: 'N' and 'M' take a decimal index (no
 * leading zeros; "0" itself only where the key's indexes start at 0); a
 * family's closing '*' the rest of the key, one of words (its index in
 * *word). */
static int match(const char *pat, const char *key, int *idx, int *nidx, unsigned zero_based, const char *words,
                 int *word)
{
    int n = 0;
    while (*pat) {
        if (*pat == '*' && words && !pat[1]) {
            *nidx = n;
            return (*word = family_index(words, key)) >= 0;
        }
        if (*pat == 'N' || *pat == 'M') {
            int zero_ok = (zero_based >> n) & 1;
            if (*key == '0' && zero_ok && !(key[1] >= '0' && key[1] <= '9')) {
                key++;
                if (n < ENG_MAXIDX)
                    idx[n++] = 0;
                pat++;
                continue;
            }
            if (*key < '1' || *key > '9')
                return 0;
            long v = 0;
            while (*key >= '0' && *key <= '9') {
                v = v * 10 + (*key++ - '0');
                if (v > 100000)
                    return 0;
            }
            if (n < ENG_MAXIDX)
                idx[n++] = (int)v;
            pat++;
        } else if (*pat++ != *key++) {
            return 0;
        }
    }
    *nidx = n;
    return *key == '\0';
}

static int event_index(const eng_game *g, const char *name)
{
    for (int i = 0; g->events && g->events[i]; i++)
        if (strcmp(g->events[i], name) == 0)
            return i;
    return -1;
}

/* An index of a game's key patterns by shape: a key's digit runs become
 * the placeholders N, M in order, so "c12.lp" has the shape of "cN.lp".
 * Checks look up keys by the hundred thousand (every predicate of every
 * enumerated state), and a scan of sixty patterns was a fifth of a build.
 * Built once per game on first use; the tables it points into are static. */
#define KIDX_GAMES 16
static struct {
    const eng_game *g;
    const eng_key **slot;
    size_t cap;
} kidx[KIDX_GAMES];

static size_t shape_of(const char *key, char *out, size_t len)
{
    size_t o = 0;
    int n = 0;
    for (const char *p = key; *p && o + 1 < len; p++) {
        if (*p >= '0' && *p <= '9') {
            while (p[1] >= '0' && p[1] <= '9')
                p++;
            out[o++] = n++ ? 'M' : 'N';
        } else {
            out[o++] = *p;
        }
    }
    out[o] = '\0';
    return o;
}

static size_t shape_hash(const char *s)
{
    size_t h = 1469598103934665603u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static const eng_key *index_lookup(const eng_game *g, const char *key)
{
    int k = 0;
    while (k < KIDX_GAMES && kidx[k].g && kidx[k].g != g)
        k++;
    if (k == KIDX_GAMES)
        return NULL;
    if (!kidx[k].g) {
        size_t cap = 16;
        while (cap < 2 * g->nkeys + 2)
            cap *= 2;
        const eng_key **slot = calloc(cap, sizeof *slot);
        if (!slot)
            return NULL;
        for (size_t i = 0; i < g->nkeys; i++) {
            const char *p = g->keys[i].pattern;
            if (strpbrk(p, "0123456789*"))
                continue;   /* digits of its own or a family: found by scan */
            size_t h = shape_hash(p) & (cap - 1);
            while (slot[h] && strcmp(slot[h]->pattern, p) != 0)
                h = (h + 1) & (cap - 1);
            if (!slot[h])
                slot[h] = &g->keys[i];
        }
        kidx[k].g = g;
        kidx[k].slot = slot;
        kidx[k].cap = cap;
    }
    char shape[128];
    if (shape_of(key, shape, sizeof shape) >= sizeof shape - 1)
        return NULL;
    size_t h = shape_hash(shape) & (kidx[k].cap - 1);
    for (const eng_key *e; (e = kidx[k].slot[h]) != NULL; h = (h + 1) & (kidx[k].cap - 1))
        if (strcmp(e->pattern, shape) == 0)
            return e;
    return NULL;
}

/* Whole keys already resolved, per game: checks ask for the same few
 * hundred keys millions of times (every predicate of every enumerated
 * state), and even through the shape index a lookup was an eighth of a
 * build. Only keys that resolved, and only short ones, are kept; the
 * tables are static, so an entry stays true for the process. */
#define KMEMO_CAP 4096
#define KMEMO_KEY 24
typedef struct key_memo {
    char key[KMEMO_KEY];
    const eng_key *k;
    int idx[ENG_MAXIDX];
    int nidx, word;
} key_memo;
static struct {
    const eng_game *g;
    key_memo *slot;
    size_t used;
} kmemo[KIDX_GAMES];

/* The game's memo slot for key (its entry, or the empty slot where it
 * belongs), or NULL when the key is too long or the memo cannot be had. */
static key_memo *memo_slot(const eng_game *g, const char *key, size_t **used)
{
    size_t n = strlen(key);
    if (n >= KMEMO_KEY)
        return NULL;
    int m = 0;
    while (m < KIDX_GAMES && kmemo[m].g && kmemo[m].g != g)
        m++;
    if (m == KIDX_GAMES)
        return NULL;
    if (!kmemo[m].g) {
        if (!(kmemo[m].slot = calloc(KMEMO_CAP, sizeof *kmemo[m].slot)))
            return NULL;
        kmemo[m].g = g;
    }
    size_t h = shape_hash(key) & (KMEMO_CAP - 1);
    key_memo *e;
    while ((e = &kmemo[m].slot[h])->key[0] && strcmp(e->key, key) != 0)
        h = (h + 1) & (KMEMO_CAP - 1);
    /* a full memo (three quarters) learns nothing new */
    if (!e->key[0] && 4 * (kmemo[m].used + 1) > 3 * KMEMO_CAP)
        return NULL;
    *used = &kmemo[m].used;
    return e;
}

static int resolve_scan(const eng_game *g, const char *key, key_ref *r, char *err, size_t errlen);

static int resolve(const eng_game *g, const char *key, key_ref *r, char *err, size_t errlen)
{
    size_t *used = NULL;
    key_memo *e = strncmp(key, "log.", 4) == 0 ? NULL : memo_slot(g, key, &used);
    if (e && e->key[0]) {
        memset(r, 0, sizeof *r);
        r->k = e->k;
        r->nidx = e->nidx;
        r->word = e->word;
        memcpy(r->idx, e->idx, sizeof r->idx);
        return 0;
    }
    int rc = resolve_scan(g, key, r, err, errlen);
    if (rc == 0 && e && r->k && !r->log) {
        (*used)++;
        memcpy(e->key, key, strlen(key) + 1);
        e->k = r->k;
        e->nidx = r->nidx;
        e->word = r->word;
        memcpy(e->idx, r->idx, sizeof e->idx);
    }
    return rc;
}

static int resolve_scan(const eng_game *g, const char *key, key_ref *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (strncmp(key, "log.", 4) == 0 && g->events) {
        const char *name = key + 4;
        if (strcmp(name, "steps") == 0)
            return r->log = LOG_STEPS, 0;
        r->log = LOG_COUNT;
        if (strncmp(name, "first.", 6) == 0) {
            r->log = LOG_FIRST;
            name += 6;
        }
        if ((r->ev = event_index(g, name)) >= 0)
            return 0;
        return snprintf(err, errlen, "unknown key \"%s\": %s has no event \"%s\"", key, g->id, name), -1;
    }
    /* the key's shape looked up in the game's index; a pattern with digits
     * of its own, or a shape the index does not know, is matched by scan */
    const eng_key *hit = index_lookup(g, key);
    for (size_t i = 0; i < g->nkeys; i++) {
        const eng_key *k = hit ? hit : &g->keys[i];
        int idx[ENG_MAXIDX] = {0, 0}, n = 0, word = 0;
        if (!match(k->pattern, key, idx, &n, k->zero_based, k->words, &word)) {
            if (hit) {
                hit = NULL;
                i = (size_t)-1;   /* not this shape after all: scan from the start */
            }
            continue;
        }
        for (int j = 0; j < n; j++) {
            int lo = (k->zero_based >> j) & 1 ? 0 : 1;
            if (idx[j] < lo || idx[j] > k->nmax[j] - 1 + lo)
                return snprintf(err, errlen, "key \"%s\": index %d is not in %d..%d (%s)", key, idx[j], lo,
                                k->nmax[j] - 1 + lo, k->pattern), -1;
        }
        r->k = k;
        r->nidx = n;
        r->word = word;
        memcpy(r->idx, idx, sizeof idx);
        return 0;
    }
    return snprintf(err, errlen, "unknown key \"%s\" of %s", key, g->id), -1;
}

/* A plain field's bytes (a string's need no alignment) and as an int. */
static size_t field_off(const key_ref *r)
{
    size_t off = r->k->off + (size_t)r->word * sizeof(int);
    for (int j = 0; j < r->nidx; j++)
        off += (size_t)(r->idx[j] - ((r->k->zero_based >> j) & 1 ? 0 : 1)) * r->k->stride[j];
    return off;
}

static unsigned char *field_at(const eng_state *st, const key_ref *r)
{
    return (unsigned char *)(uintptr_t)(st->data + field_off(r));
}

static int *field(const eng_state *st, const key_ref *r)
{
    return (int *)(uintptr_t)field_at(st, r);
}

int eng_key_read_only(const eng_key *k)
{
    if (k->type == ENG_TEXT)
        return k->ro || (k->set_text == NULL && !k->die && !k->strsize);
    return k->ro || ((k->get || k->getk) && !k->set && !k->setk);
}

int eng_key_instance(const eng_key *k, int i, char *buf, size_t len)
{
    size_t o = 0, wlen = 0;
    const char *w = NULL;
    if (k->words ? !(w = family_word(k->words, i, &wlen)) : i != 0)
        return -1;
    for (const char *p = k->pattern; *p && o < len; p++) {
        int n;
        if (*p == 'N' || *p == 'M')
            n = snprintf(buf + o, len - o, "%d", (k->zero_based >> (*p == 'M')) & 1 ? 0 : 1);
        else if (*p == '*' && w && !p[1])
            n = snprintf(buf + o, len - o, "%.*s", (int)wlen, w);
        else
            n = snprintf(buf + o, len - o, "%c", *p);
        o += (size_t)n;
    }
    return o < len ? 0 : -1;
}

/* The int at a key's count_off: the length of its list or array. */
static int key_count(const eng_state *st, const eng_key *k)
{
    int n;
    memcpy(&n, st->data + k->count_off, sizeof n);
    return n;
}

/* A face list or string field (eng_key.die, strsize) from text. */
static int set_plain_text(eng_state *st, const key_ref *r, const char *value, char *err, size_t errlen)
{
    const eng_key *k = r->k;
    if (k->strsize) {
        snprintf((char *)field_at(st, r), k->strsize, "%s", value);
        return 0;
    }
    int face[ENG_MAXLIST] = {0}, max = k->maxn < ENG_MAXLIST ? k->maxn : ENG_MAXLIST;
    int n = eng_faces_parse(k->die, value, max, face, NULL, err, errlen);
    if (n < 0)
        return -1;
    memcpy(field(st, r), face, (size_t)max * sizeof *face);
    memcpy(st->data + k->count_off, &n, sizeof n);
    return 0;
}

/* Parses a value for an INT or ENUM key or parameter. */
static int parse_value(eng_type type, long lo, long hi, const char *const *names, const char *what,
                       const char *s, long *out, char *err, size_t errlen)
{
    if (type == ENG_ENUM) {
        for (long i = 0; names && names[i]; i++)
            if (strcmp(names[i], s) == 0)
                return *out = i, 0;
        int w = snprintf(err, errlen, "%s: \"%s\" is not one of", what, s);
        for (long i = 0; names && names[i] && w >= 0 && (size_t)w < errlen; i++)
            w += snprintf(err + w, errlen - (size_t)w, "%s %s", i ? "," : "", names[i]);
        return -1;
    }
    long v;
    if (strcmp(s, "yes") == 0)
        v = 1;
    else if (strcmp(s, "no") == 0)
        v = 0;
    else if (eng_parse_long(s, &v) != 0)
        return snprintf(err, errlen, "%s: \"%s\" is not a whole number", what, s), -1;
    if (v < lo || v > hi)
        return snprintf(err, errlen, "%s: %ld is not in %ld..%ld", what, v, lo, hi), -1;
    *out = v;
    return 0;
}

static int get_ref(const eng_state *st, const key_ref *r, long *num, char *buf, size_t len)
{
    if (r->log == LOG_COUNT)
        return *num = st->counts[r->ev], 0;
    if (r->log == LOG_FIRST) {
        *num = 0;
        for (int i = 0; i < st->nsteps && !*num; i++)
            if (st->steps[i] == r->ev)
                *num = i + 1;
        return 0;
    }
    if (r->log == LOG_STEPS) {
        size_t u = 0;
        if (len)
            buf[0] = '\0';
        for (int i = 0; i < st->nsteps && u < len; i++)
            u += (size_t)snprintf(buf + u, len - u, "%s%s", i ? " " : "", st->g->events[st->steps[i]]);
        if (st->steps_cut && u < len)
            snprintf(buf + u, len - u, " (log cut at %d steps)", ENG_MAXLOG);
        return 1;
    }
    const eng_key *k = r->k;
    if (k->type == ENG_TEXT) {
        if (len)
            buf[0] = '\0';
        if (k->get_text)
            k->get_text(st->data, r->idx, buf, len);
        else if (k->strsize)
            snprintf(buf, len, "%s", (const char *)field_at(st, r));
        else
            eng_faces_format(k->die, field(st, r), NULL, key_count(st, k), buf, len);
        return 1;
    }
    if (k->counted && r->idx[0] > key_count(st, k))
        return *num = k->lo, 0;
    *num = k->getk ? k->getk(st->data, k, r->idx) : k->get ? k->get(st->data, r->idx) : *field(st, r) + k->plus;
    return 0;
}

int eng_get(const eng_state *st, const char *key, char *buf, size_t len, char *err, size_t errlen)
{
    key_ref r;
    long v;
    if (resolve(st->g, key, &r, err, errlen) != 0)
        return -1;
    if (get_ref(st, &r, &v, buf, len))
        return 0;
    if (r.k && r.k->type == ENG_ENUM && r.k->names) {
        long n = 0;
        while (r.k->names[n])
            n++;
        if (v >= 0 && v < n)
            return snprintf(buf, len, "%s", r.k->names[v]), 0;
    }
    snprintf(buf, len, "%ld", v);
    return 0;
}

int eng_get_long(const eng_state *st, const char *key, long *out, char *err, size_t errlen)
{
    key_ref r;
    char buf[8];
    if (resolve(st->g, key, &r, err, errlen) != 0)
        return -1;
    if (get_ref(st, &r, out, buf, sizeof buf))
        return snprintf(err, errlen, "key \"%s\" is text, not a number", key), -1;
    return 0;
}

/* Key names as predicates write them ("e%d.defeated"): %d, %ld and %s,
 * formatted here because vsnprintf was a tenth of a whole build (checks read
 * keys by the hundred thousand). 0, or -1 for anything else (the caller
 * then uses vsnprintf). */
static int format_key(char *out, size_t len, const char *fmt, va_list ap)
{
    size_t o = 0;
    for (const char *p = fmt; *p; p++) {
        char num[24];
        const char *piece;
        long iv = 0;
        int is_num = 0;
        if (*p != '%') {
            if (o + 1 >= len)
                return -1;
            out[o++] = *p;
            continue;
        }
        if (p[1] == 'd') {
            iv = va_arg(ap, int);
            is_num = 1;
            p++;
        } else if (p[1] == 'l' && p[2] == 'd') {
            iv = va_arg(ap, long);
            is_num = 1;
            p += 2;
        } else if (p[1] == 's') {
            piece = va_arg(ap, const char *);
            p++;
        } else {
            return -1;
        }
        if (is_num) {
            /* decimal, by hand: the common case of a small index */
            unsigned long u = iv < 0 ? 0UL - (unsigned long)iv : (unsigned long)iv;
            char *e = num + sizeof num - 1;
            *e = '\0';
            do {
                *--e = (char)('0' + u % 10);
                u /= 10;
            } while (u);
            if (iv < 0)
                *--e = '-';
            piece = e;
        }
        size_t n = strlen(piece);
        if (o + n + 1 >= len)
            return -1;
        memcpy(out + o, piece, n);
        o += n;
    }
    out[o] = '\0';
    return 0;
}

/* eng_val's calls, memoised by call: a key format ("e%d.defeated") with
 * the same integer arguments always names the same key, so the formatted
 * key's resolution is kept under the format and the arguments. Predicates
 * read keys by the million (every enumerated state), and formatting,
 * hashing and comparing the key text was most of a check.
 *
 * Two direct-mapped tables (a collision replaces the older entry): the
 * formats, by address, each with its text (a buffer reused for another
 * key is not the same format), its integer conversions and a serial
 * number; and the resolved keys, by format serial and arguments. Only
 * formats of at most two %d or %ld are memoised. */
#define VFMT_CAP 1024
#define VFMT_TEXT 32
#define VMEMO_CAP 4096
typedef struct val_fmt {
    const char *fmt;
    unsigned serial;    /* 0: empty */
    int nconv;          /* -1: not memoised */
    unsigned char conv[ENG_MAXIDX];   /* 0: %d, 1: %ld */
    char text[VFMT_TEXT];
} val_fmt;
typedef struct val_memo {
    const eng_game *g;
    unsigned serial;
    long a[ENG_MAXIDX];
    key_ref r;
    long off;           /* a plain int field's offset in the data, or -1 */
} val_memo;
static struct {
    val_fmt *fmt;
    val_memo *memo;
    unsigned serial;
} vm;

/* The format's entry, filled when new; NULL when there are no tables. */
static const val_fmt *val_format(const char *fmt)
{
    if (!vm.fmt) {
        vm.fmt = calloc(VFMT_CAP, sizeof *vm.fmt);
        vm.memo = calloc(VMEMO_CAP, sizeof *vm.memo);
        if (!vm.fmt || !vm.memo) {
            free(vm.fmt);
            free(vm.memo);
            vm.fmt = NULL;
            vm.memo = NULL;
            return NULL;
        }
    }
    uint64_t h = (uint64_t)(uintptr_t)fmt * 0x9e3779b97f4a7c15u;
    val_fmt *e = &vm.fmt[(h >> 40) & (VFMT_CAP - 1)];
    if (e->serial && e->fmt == fmt && strcmp(e->text, fmt) == 0)
        return e;
    e->fmt = fmt;
    e->serial = ++vm.serial ? vm.serial : ++vm.serial;
    e->nconv = 0;
    size_t len = 0;
    for (const char *p = fmt; *p && e->nconv >= 0; p++, len++) {
        if (*p != '%')
            continue;
        if (e->nconv == ENG_MAXIDX) {
            e->nconv = -1;
        } else if (p[1] == 'd') {
            e->conv[e->nconv++] = 0;
            p++, len++;
        } else if (p[1] == 'l' && p[2] == 'd') {
            e->conv[e->nconv++] = 1;
            p += 2, len += 2;
        } else {
            e->nconv = -1;
        }
    }
    if (len >= VFMT_TEXT)
        e->nconv = -1;
    snprintf(e->text, sizeof e->text, "%s", e->nconv >= 0 ? fmt : "");
    return e;
}

static val_memo *val_slot(const eng_game *g, unsigned serial, const long *a)
{
    uint64_t h = (uint64_t)serial * 0x9e3779b97f4a7c15u;
    h ^= (uint64_t)(uintptr_t)g + (h >> 29);
    h = (h ^ (uint64_t)a[0]) * 0xbf58476d1ce4e5b9u;
    h = (h ^ (uint64_t)a[1]) * 0x94d049bb133111ebu;
    return &vm.memo[(h >> 32) & (VMEMO_CAP - 1)];
}

static long val_of(const eng_state *st, const key_ref *r)
{
    long v = 0;
    char buf[8];
    return get_ref(st, r, &v, buf, sizeof buf) ? 0 : v;
}

/* The key that keyfmt and ap name, resolved through the memo (its entry) or
 * into *own; NULL when it does not resolve. *off: a plain int field's offset
 * in the data, or -1. */
static const key_ref *val_key(const eng_game *g, const char *keyfmt, va_list ap, key_ref *own, long *off)
{
    char key[128], err[8];
    va_list ap2;
    long a[ENG_MAXIDX] = {0, 0};
    const val_fmt *vf = val_format(keyfmt);
    val_memo *e = NULL;
    if (vf && vf->nconv >= 0) {
        va_copy(ap2, ap);
        for (int i = 0; i < vf->nconv; i++)
            a[i] = vf->conv[i] ? va_arg(ap2, long) : va_arg(ap2, int);
        va_end(ap2);
        e = val_slot(g, vf->serial, a);
        if (e->g == g && e->serial == vf->serial && e->a[0] == a[0] && e->a[1] == a[1])
            return *off = e->off, &e->r;
    }
    va_copy(ap2, ap);
    if (!strchr(keyfmt, '%'))
        snprintf(key, sizeof key, "%s", keyfmt);
    else if (format_key(key, sizeof key, keyfmt, ap) != 0)
        vsnprintf(key, sizeof key, keyfmt, ap2);
    va_end(ap2);
    if (resolve(g, key, own, err, sizeof err) != 0)
        return NULL;
    *off = own->log || own->k->type == ENG_TEXT || own->k->get || own->k->getk || own->k->counted
               ? -1 : (long)field_off(own);
    if (e) {
        e->g = g;
        e->serial = vf->serial;
        memcpy(e->a, a, sizeof e->a);
        e->r = *own;
        e->off = *off;
    }
    return own;
}

long eng_val(const eng_state *st, const char *keyfmt, ...)
{
    va_list ap;
    key_ref own;
    long off;
    va_start(ap, keyfmt);
    const key_ref *r = val_key(st->g, keyfmt, ap, &own, &off);
    va_end(ap);
    if (!r)
        return 0;
    if (off >= 0) {
        int v;
        memcpy(&v, st->data + off, sizeof v);
        return v + r->k->plus;   /* as get_ref shows a plain field */
    }
    return val_of(st, r);
}

int eng_set_long(eng_state *st, long value, const char *keyfmt, ...)
{
    va_list ap, ap2;
    va_start(ap, keyfmt);
    key_ref own;
    long off;
    va_copy(ap2, ap);
    const key_ref *r = val_key(st->g, keyfmt, ap2, &own, &off);
    va_end(ap2);
    /* A whole number that eng_set would take as it is (an INT key that is
     * set, in range) is stored as eng_set stores it; anything else takes
     * eng_set's way with text, which refuses it with its reason. */
    if (r && !r->log && r->k->type == ENG_INT && !eng_key_read_only(r->k) && value >= r->k->lo &&
        value <= r->k->hi) {
        const eng_key *k = r->k;
        char err[128];
        va_end(ap);
        if (k->setk)
            return k->setk(st->data, k, r->idx, value, err, sizeof err);
        if (k->set)
            return k->set(st->data, r->idx, value, err, sizeof err);
        *field(st, r) = (int)(value - k->plus);
        return 0;
    }
    char key[128], text[24], err[128];
    vsnprintf(key, sizeof key, keyfmt, ap);
    va_end(ap);
    snprintf(text, sizeof text, "%ld", value);
    return eng_set(st, key, text, err, sizeof err);
}

/* Checks and converts value for r's key without storing it. */
static int check_value(const key_ref *r, const char *key, const char *value, long *v, char *err,
                       size_t errlen)
{
    if (r->log || eng_key_read_only(r->k))
        return snprintf(err, errlen, "\"%s\" is computed by the engine, not set", key), -1;
    if (r->k->type == ENG_TEXT)
        return 0;
    return parse_value(r->k->type, r->k->lo, r->k->hi, r->k->names, key, value, v, err, errlen);
}

int eng_set(eng_state *st, const char *key, const char *value, char *err, size_t errlen)
{
    key_ref r;
    long v = 0;
    if (resolve(st->g, key, &r, err, errlen) != 0 || check_value(&r, key, value, &v, err, errlen) != 0)
        return -1;
    const eng_key *k = r.k;
    if (k->type == ENG_TEXT)
        return k->set_text ? k->set_text(st->data, r.idx, value, err, errlen) : set_plain_text(st, &r, value, err, errlen);
    if (k->setk)
        return k->setk(st->data, k, r.idx, v, err, errlen);
    if (k->set)
        return k->set(st->data, r.idx, v, err, errlen);
    *field(st, &r) = (int)(v - k->plus);
    return 0;
}

int eng_check_key(const eng_game *g, const char *key, const char *value, char *err, size_t errlen)
{
    key_ref r;
    if (resolve(g, key, &r, err, errlen) != 0)
        return -1;
    if (!value)
        return 0;
    long v;
    if (check_value(&r, key, value, &v, err, errlen) != 0)
        return -1;
    if (r.k->type == ENG_TEXT || r.k->set || r.k->setk) {
        /* the game's own parser decides: try it on a scratch state */
        eng_state *st = eng_state_new(g, 1);
        if (!st)
            return snprintf(err, errlen, "out of memory"), -1;
        int rc = eng_set(st, key, value, err, errlen);
        eng_state_free(st);
        return rc;
    }
    return 0;
}

/* ---- simulator setup ------------------------------------------------------------- */

const char *eng_kv_get(const eng_kv *attrs, size_t nattrs, const char *key, const char *def)
{
    for (size_t i = 0; i < nattrs; i++)
        if (strcmp(attrs[i].key, key) == 0)
            return attrs[i].value;
    return def;
}

/* The key of pattern pat with its 'N' and 'M' replaced by idx[0] and idx[1],
 * in key (keylen). 0, or -1 with err. */
static int key_at(const char *pat, const int *idx, char *key, size_t keylen, char *err, size_t errlen)
{
    size_t u = 0;
    for (; *pat && u + 12 < keylen; pat++)
        if (*pat == 'N' || *pat == 'M')
            u += (size_t)snprintf(key + u, keylen - u, "%d", idx[*pat == 'M']);
        else
            key[u++] = *pat;
    key[u] = '\0';
    if (*pat)
        return snprintf(err, errlen, "key pattern too long: %s...", key), -1;
    return 0;
}

int eng_set_at(eng_state *st, const char *pat, const int *idx, const char *value, char *err, size_t errlen)
{
    char key[128];
    return key_at(pat, idx, key, sizeof key, err, errlen) != 0 ? -1 : eng_set(st, key, value, err, errlen);
}

/* The bounds of row t (above, below, upto) on the value the row set. */
static int sim_check(eng_state *st, const eng_sim_key *t, const int *idx, const char *v, char *err, size_t errlen)
{
    const char *bk[3] = {t->above, t->below, t->upto}, *how[3] = {"above", "below", "at most"};
    char key[128], bkey[128];
    long val, b;
    for (int j = 0; j < 3; j++) {
        if (!bk[j])
            continue;
        if (key_at(t->key, idx, key, sizeof key, err, errlen) != 0 || eng_get_long(st, key, &val, err, errlen) != 0 ||
            key_at(bk[j], idx, bkey, sizeof bkey, err, errlen) != 0 || eng_get_long(st, bkey, &b, err, errlen) != 0)
            return -1;
        if (j == 0 ? val <= b : j == 1 ? val >= b : val > b)
            return snprintf(err, errlen, "%s=\"%s\": %s must be %s %s (%ld)", t->attr, v, key, how[j], bkey, b), -1;
    }
    return 0;
}

int eng_sim_keys(eng_state *st, const eng_sim_key *t, size_t n, const char *elem, const int *idx,
                 const eng_kv *attrs, size_t nattrs, char *err, size_t errlen)
{
    char text[1024] = "", word[128], num[24];
    for (size_t i = 0; i < n; i++) {
        if (strcmp(t[i].elem, elem) != 0)
            continue;
        const char *v = t[i].attr ? eng_kv_get(attrs, nattrs, t[i].attr, t[i].def) : t[i].def, *raw = v;
        if (t[i].word) {
            const char *w = v;
            size_t len = 0;
            for (int k = 0; k < t[i].word && w; k++)
                w = eng_word(&v, &len);
            snprintf(word, sizeof word, "%.*s", w ? (int)len : 0, w ? w : "");
            v = word;
        }
        if (t[i].names) {
            int k = 0;
            while (t[i].names[k] && strcmp(t[i].names[k], v) != 0)
                k++;
            if (!t[i].names[k])
                return snprintf(err, errlen, "%s=\"%s\" is not one the file may give", t[i].attr, v), -1;
            snprintf(num, sizeof num, "%d", k);
            v = num;
        }
        if (t[i].part) {
            size_t u = strlen(text);
            if (*v && u < sizeof text)
                snprintf(text + u, sizeof text - u, "%s%s", t[i].part, v);
            if (i + 1 < n && t[i + 1].part && strcmp(t[i + 1].elem, elem) == 0 && strcmp(t[i + 1].key, t[i].key) == 0)
                continue;
            v = text;
        }
        for (int m = t[i].each ? 1 : idx[1]; m <= (t[i].each ? t[i].each : idx[1]); m++)
            if (eng_set_at(st, t[i].key, (const int[]){idx[0], m}, v, err, errlen) != 0)
                return -1;
        if (sim_check(st, &t[i], idx, raw, err, errlen) != 0)
            return -1;
        text[0] = '\0';
    }
    return 0;
}

int eng_sim_setup(eng_state *st, const eng_sim *sim, const char *elem, const int *idx, const eng_kv *attrs,
                  size_t nattrs, char *err, size_t errlen)
{
    size_t i = 0;
    while (i < sim->nkeys && strcmp(sim->keys[i].elem, elem) != 0)
        i++;
    if (i == sim->nkeys)
        return snprintf(err, errlen, "a <%s> file has no <%s>", sim->root, elem), -1;
    return eng_sim_keys(st, sim->keys, sim->nkeys, elem, idx, attrs, nattrs, err, errlen);
}

/* ---- actions ------------------------------------------------------------------- */

#define ENG_MAXARGTEXT 1024

static const eng_action *find_action(const eng_game *g, const char *name)
{
    for (size_t i = 0; i < g->nactions; i++)
        if (strcmp(g->actions[i].name, name) == 0 ||
            (g->actions[i].more && g->actions[i].more->alias && strcmp(g->actions[i].more->alias, name) == 0))
            return &g->actions[i];
    return NULL;
}

/* Parses "k=v k=v" (in buf, which it cuts up) into arg[] by a's params. */
static int parse_args(const eng_game *g, const eng_action *a, char *buf, eng_arg *arg, char *err,
                      size_t errlen)
{
    int np = 0;
    while (np < ENG_MAXPARAMS && a->params[np].name)
        np++;
    memset(arg, 0, sizeof *arg * ENG_MAXPARAMS);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq || eq == tok)
            return snprintf(err, errlen, "%s: \"%s\" is not key=value", a->name, tok), -1;
        *eq = '\0';
        int i = 0;
        while (i < np && strcmp(a->params[i].name, tok) != 0)
            i++;
        if (i == np) {
            int w = snprintf(err, errlen, "%s %s has no argument %s=; it takes", g->id, a->name, tok);
            for (int j = 0; j < np && w >= 0 && (size_t)w < errlen; j++)
                w += snprintf(err + w, errlen - (size_t)w, " %s=", a->params[j].name);
            if (np == 0 && w >= 0 && (size_t)w < errlen)
                snprintf(err + w, errlen - (size_t)w, " none");
            return -1;
        }
        if (arg[i].given)
            return snprintf(err, errlen, "%s: %s= is given twice", a->name, tok), -1;
        const eng_param *p = &a->params[i];
        arg[i].given = 1;
        arg[i].s = eq + 1;
        if (p->type != ENG_TEXT) {
            char what[96];
            snprintf(what, sizeof what, "%s %s=", a->name, p->name);
            if (parse_value(p->type, p->lo, p->hi, p->names, what, eq + 1, &arg[i].v, err, errlen) != 0)
                return -1;
        }
    }
    for (int i = 0; i < np; i++) {
        if (arg[i].given)
            continue;
        if (a->params[i].required)
            return snprintf(err, errlen, "%s needs %s=", a->name, a->params[i].name), -1;
        arg[i].v = a->params[i].def;
        arg[i].s = "";
    }
    return 0;
}

static int prepare(const eng_game *g, const char *action, const char *args, char *buf,
                   const eng_action **a, eng_arg *arg, char *err, size_t errlen)
{
    *a = find_action(g, action);
    if (!*a) {
        int w = snprintf(err, errlen, "unknown action \"%s\" of %s (", action, g->id);
        for (size_t i = 0; i < g->nactions && w >= 0 && (size_t)w < errlen; i++)
            w += snprintf(err + w, errlen - (size_t)w, "%s%s", i ? ", " : "", g->actions[i].name);
        if (w >= 0 && (size_t)w < errlen)
            snprintf(err + w, errlen - (size_t)w, ")");
        return -1;
    }
    size_t n = args ? strlen(args) : 0;
    if (n >= ENG_MAXARGTEXT)
        return snprintf(err, errlen, "%s: arguments longer than %d bytes", action, ENG_MAXARGTEXT - 1), -1;
    memcpy(buf, args ? args : "", n + 1);
    return parse_args(g, *a, buf, arg, err, errlen);
}

/* The arguments bounded by a key of the state (eng_key.bounds): "who=3 but
 * players=2" for one above the key's value. */
static int check_bounds(const eng_state *st, const eng_action *a, const eng_arg *arg, char *err, size_t errlen)
{
    for (size_t k = 0; k < st->g->nkeys; k++) {
        const eng_key *key = &st->g->keys[k];
        for (const char *const *b = key->bounds; b && *b; b++) {
            for (int i = 0; i < ENG_MAXPARAMS && a->params[i].name; i++) {
                long max;
                if (strcmp(a->params[i].name, *b) != 0)
                    continue;
                if (eng_get_long(st, key->pattern, &max, err, errlen) != 0)
                    return -1;
                if (arg[i].v > max)
                    return snprintf(err, errlen, "%s=%ld but %s=%ld", *b, arg[i].v, key->pattern, max), -1;
            }
        }
    }
    return 0;
}

int eng_act(eng_state *st, const char *action, const char *args, char *err, size_t errlen)
{
    char buf[ENG_MAXARGTEXT];
    const eng_action *a;
    eng_arg arg[ENG_MAXPARAMS];
    if (errlen)
        err[0] = '\0';
    if (prepare(st->g, action, args, buf, &a, arg, err, errlen) != 0 || check_bounds(st, a, arg, err, errlen) != 0)
        return ENG_ERROR;
    st->nactions++;
    const eng_more *m = a->more;
    if (m && m->run0)
        return m->run0(st), ENG_OK;
    if (m && m->run1)
        return m->run1(st, (int)(arg[m->arg].v - m->base)), ENG_OK;
    return a->fn(st, st->data, arg, err, errlen);
}

int eng_check_action(const eng_game *g, const char *action, const char *args, char *err, size_t errlen)
{
    char buf[ENG_MAXARGTEXT];
    const eng_action *a;
    eng_arg arg[ENG_MAXPARAMS];
    return prepare(g, action, args, buf, &a, arg, err, errlen);
}

/* ---- probes ---------------------------------------------------------------------- */

#define PROBE_SLOTS 4

struct eng_probe {
    const eng_game *g;
    eng_state *st;
    eng_state *saved[PROBE_SLOTS];
    long actions;       /* over every state the probe used */
    int failed;
    char why[512];
};

int eng_probe_fail(eng_probe *p, const char *fmt, ...)
{
    if (!p->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->why, sizeof p->why, fmt, ap);
        va_end(ap);
        p->failed = 1;
    }
    return -1;
}

void eng_probe_reset(eng_probe *p, uint64_t seed)
{
    if (p->st)
        p->actions += p->st->nactions;
    eng_state_free(p->st);
    p->st = eng_state_new(p->g, seed);
    if (!p->st)
        eng_probe_fail(p, "out of memory");
}

static int probe_vact(eng_probe *p, int must, const char *action, const char *argfmt, va_list ap)
{
    if (p->failed || !p->st)
        return ENG_ERROR;
    char args[ENG_MAXARGTEXT], err[512];
    vsnprintf(args, sizeof args, argfmt ? argfmt : "", ap);
    int rc = eng_act(p->st, action, args, err, sizeof err);
    if (rc == ENG_ERROR)
        eng_probe_fail(p, "action %s %s: %s", action, args, err);
    else if (rc == ENG_ILLEGAL && must)
        eng_probe_fail(p, "action %s %s was refused: %s", action, args, err);
    return rc;
}

int eng_probe_act(eng_probe *p, const char *action, const char *argfmt, ...)
{
    va_list ap;
    va_start(ap, argfmt);
    int rc = probe_vact(p, 0, action, argfmt, ap);
    va_end(ap);
    return rc;
}

void eng_probe_do(eng_probe *p, const char *action, const char *argfmt, ...)
{
    va_list ap;
    va_start(ap, argfmt);
    probe_vact(p, 1, action, argfmt, ap);
    va_end(ap);
}

static void probe_vset(eng_probe *p, const char *value, const char *keyfmt, va_list ap)
{
    if (p->failed || !p->st)
        return;
    char key[128], err[512];
    vsnprintf(key, sizeof key, keyfmt, ap);
    if (eng_set(p->st, key, value, err, sizeof err) != 0)
        eng_probe_fail(p, "set %s = %s: %s", key, value, err);
}

void eng_probe_set(eng_probe *p, const char *value, const char *keyfmt, ...)
{
    va_list ap;
    va_start(ap, keyfmt);
    probe_vset(p, value, keyfmt, ap);
    va_end(ap);
}

void eng_probe_setl(eng_probe *p, long value, const char *keyfmt, ...)
{
    char v[32];
    snprintf(v, sizeof v, "%ld", value);
    va_list ap;
    va_start(ap, keyfmt);
    probe_vset(p, v, keyfmt, ap);
    va_end(ap);
}

long eng_probe_get(eng_probe *p, const char *keyfmt, ...)
{
    if (p->failed || !p->st)
        return 0;
    char key[128], err[512];
    va_list ap;
    va_start(ap, keyfmt);
    vsnprintf(key, sizeof key, keyfmt, ap);
    va_end(ap);
    long v = 0;
    if (eng_get_long(p->st, key, &v, err, sizeof err) != 0)
        eng_probe_fail(p, "get %s: %s", key, err);
    return v;
}

void eng_probe_text(eng_probe *p, char *buf, size_t len, const char *keyfmt, ...)
{
    if (len)
        buf[0] = '\0';
    if (p->failed || !p->st)
        return;
    char key[128], err[512];
    va_list ap;
    va_start(ap, keyfmt);
    vsnprintf(key, sizeof key, keyfmt, ap);
    va_end(ap);
    if (eng_get(p->st, key, buf, len, err, sizeof err) != 0)
        eng_probe_fail(p, "get %s: %s", key, err);
}

void eng_probe_force(eng_probe *p, const char *die, const char *face)
{
    if (p->failed || !p->st)
        return;
    const eng_die *d = eng_find_die(p->g, die);
    if (!d)
        eng_probe_fail(p, "%s has no die \"%s\"", p->g->id, die);
    else if (eng_rng_force(&p->st->rng, d, face) != 0)
        eng_probe_fail(p, "cannot force %s to show \"%s\" (no such face, or too many forced rolls)", die, face);
}

void eng_probe_save(eng_probe *p, int slot)
{
    assert(slot >= 0 && slot < PROBE_SLOTS && "eng_probe_save: slot");
    if (p->failed || !p->st)
        return;
    eng_state_free(p->saved[slot]);
    p->saved[slot] = eng_state_copy(p->st);
    if (!p->saved[slot])
        eng_probe_fail(p, "out of memory");
}

void eng_probe_restore(eng_probe *p, int slot)
{
    assert(slot >= 0 && slot < PROBE_SLOTS && "eng_probe_restore: slot");
    if (p->failed || !p->st)
        return;
    if (!p->saved[slot]) {
        eng_probe_fail(p, "restore of slot %d, which was never saved", slot);
        return;
    }
    /* the actions that led here were performed: keep counting them */
    p->actions += p->st->nactions;
    eng_state_assign(p->st, p->saved[slot]);
    p->st->nactions = 0;
}

int eng_measure(const eng_game *g, const eng_fact *f, long *value, long *actions, char *why, size_t whylen)
{
    eng_probe p;
    memset(&p, 0, sizeof p);
    p.g = g;
    eng_probe_reset(&p, 1);
    long v = 0;
    int rc = p.failed ? -1 : f->probe(&p, &v);
    if (p.st)
        p.actions += p.st->nactions;
    *actions = p.actions;
    if (p.failed)
        snprintf(why, whylen, "%s", p.why);
    else if (rc != 0)
        snprintf(why, whylen, "the probe gave up without saying why");
    else if (p.actions == 0)
        snprintf(why, whylen, "measured without performing any engine action: not a measurement");
    eng_state_free(p.st);
    for (int i = 0; i < PROBE_SLOTS; i++)
        eng_state_free(p.saved[i]);
    if (p.failed || rc != 0 || p.actions == 0)
        return -1;
    *value = v;
    return 0;
}

/* ---- recorded procedures ------------------------------------------------------------ */

void eng_step(eng_state *st, const char *outcome)
{
    eng_record *rec = st->rec;
    if (!rec)
        return;
    const eng_outcome *o = eng_find_outcome(rec->ai, outcome);
    if (!o) {
        if (!rec->unknown)
            rec->unknown = outcome;
    } else if (o->post && !rec->failed && !o->post(rec->prev, st)) {
        rec->failed = o->id;
        rec->failed_at = rec->ntrace;
    }
    if (rec->ntrace < ENG_MAXTRACE) {
        if (rec->keep)
            rec->snap[rec->ntrace] = eng_state_copy(st);   /* NULL when out of memory: see below */
        rec->trace[rec->ntrace++] = o ? o->id : outcome;
    } else {
        rec->truncated = 1;
    }
    eng_state_assign(rec->prev, st);
}

static int record_run(const eng_ai *ai, eng_state *st, eng_record *rec, int keep)
{
    memset(rec, 0, sizeof *rec);
    rec->ai = ai;
    rec->keep = keep;
    rec->prev = eng_state_copy(st);
    if (!rec->prev)
        return -1;
    st->rec = rec;
    int rc = ai->run(st);
    st->rec = NULL;
    for (int i = 0; keep && i < rec->ntrace; i++)
        if (!rec->snap[i])
            rc = -1;   /* a copy failed: the run cannot be checked */
    return rc;
}

int eng_record_run(const eng_ai *ai, eng_state *st, eng_record *rec)
{
    return record_run(ai, st, rec, 0);
}

int eng_record_run_kept(const eng_ai *ai, eng_state *st, eng_record *rec)
{
    return record_run(ai, st, rec, 1);
}

void eng_record_free(eng_record *rec)
{
    eng_state_free(rec->prev);
    rec->prev = NULL;
    /* snapshots are taken only for a kept run (eng_step): a plain run, the
     * most common by far, has none to free */
    for (int i = 0; rec->keep && i < ENG_MAXTRACE; i++) {
        eng_state_free(rec->snap[i]);
        rec->snap[i] = NULL;
    }
}

/* ---- registry ------------------------------------------------------------------------ */

const eng_game *eng_find(const char *id)
{
    for (const eng_game *const *g = eng_games(); *g; g++)
        if (strcmp((*g)->id, id) == 0)
            return *g;
    return NULL;
}

const eng_fact *eng_find_fact(const eng_game *g, const char *id)
{
    for (size_t i = 0; i < g->nfacts; i++)
        if (strcmp(g->facts[i].id, id) == 0)
            return &g->facts[i];
    return NULL;
}

const eng_ai *eng_find_ai(const eng_game *g, const char *id)
{
    for (size_t i = 0; i < g->nais; i++)
        if (strcmp(g->ais[i].id, id) == 0)
            return &g->ais[i];
    return NULL;
}

const eng_pred *eng_find_pred(const eng_ai *ai, const char *id)
{
    for (size_t i = 0; i < ai->npreds; i++)
        if (strcmp(ai->preds[i].id, id) == 0)
            return &ai->preds[i];
    return NULL;
}

const eng_outcome *eng_find_outcome(const eng_ai *ai, const char *id)
{
    for (size_t i = 0; i < ai->noutcomes; i++)
        if (strcmp(ai->outcomes[i].id, id) == 0)
            return &ai->outcomes[i];
    return NULL;
}

const eng_die *eng_find_die(const eng_game *g, const char *id)
{
    for (const eng_die *const *d = g->dice; d && *d; d++)
        if (strcmp((*d)->id, id) == 0)
            return *d;
    return NULL;
}

const char *eng_status(const eng_game *g, size_t i, char *buf, size_t len)
{
    for (const char *const *s = g->statuses; s && *s; s++, i--)
        if (i == 0)
            return snprintf(buf, len, "%s", *s), buf;
    for (const eng_status_set *set = g->status_sets; set && set->kind; set++)
        for (const char *const *n = set->names; *n; n++, i--)
            if (i == 0)
                return snprintf(buf, len, "%s.%s.%s", g->id, set->kind, *n), buf;
    return NULL;
}

int eng_status_index(const eng_game *g, const char *kind, const char *status)
{
    size_t n = strlen(g->id), k = strlen(kind);
    if (!status || strncmp(status, g->id, n) != 0 || status[n] != '.' || strncmp(status + n + 1, kind, k) != 0 ||
        status[n + 1 + k] != '.')
        return -1;
    int i = 0;
    for (const eng_status_set *set = g->status_sets; set && set->kind; set++) {
        if (strcmp(set->kind, kind) != 0)
            continue;
        for (const char *const *name = set->names; *name; name++, i++)
            if (strcmp(status + n + k + 2, *name) == 0)
                return i;
    }
    return -1;
}

int eng_has_status(const eng_game *g, const char *id)
{
    char buf[128];
    for (size_t i = 0; eng_status(g, i, buf, sizeof buf); i++)
        if (strcmp(buf, id) == 0)
            return 1;
    return 0;
}

int eng_parse_int_prefix(const char *s, long lo, long hi, long *out, const char **end)
{
    if (!s || !(isdigit((unsigned char)s[0]) || ((s[0] == '-' || s[0] == '+') && isdigit((unsigned char)s[1]))))
        return -1;
    char *e;
    errno = 0;
    long v = strtol(s, &e, 10);
    if (errno || v < lo || v > hi)
        return -1;
    *out = v;
    *end = e;
    return 0;
}

int eng_parse_long(const char *s, long *out)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || end == s)
        return -1;
    *out = v;
    return 0;
}
