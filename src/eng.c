/* eng.c — engine core: seeded rng, dice, registry look-ups. */
#include "eng.h"

#include <errno.h>
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

/* ---- registry ----------------------------------------------------------- */

const eng_game *eng_find(const char *id)
{
    for (const eng_game *const *g = eng_games(); *g; g++)
        if (strcmp((*g)->id, id) == 0)
            return *g;
    return NULL;
}

static int fact_cmp(const void *a, const void *b)
{
    return strcmp((*(const eng_fact *const *)a)->id, (*(const eng_fact *const *)b)->id);
}

/* Facts are looked up once per bound number: a sorted index per engine,
 * built on first use (engines are static; the index lives as long as the
 * process). Falls back to a linear search when it cannot be built. */
const eng_fact *eng_find_fact(const eng_game *g, const char *id)
{
    static struct {
        const eng_game *g;
        const eng_fact **sorted;
    } index[8];
    const eng_fact **sorted = NULL;
    for (size_t k = 0; k < 8 && !sorted; k++) {
        if (index[k].g == g) {
            sorted = index[k].sorted;
        } else if (!index[k].g) {
            sorted = malloc((g->nfacts ? g->nfacts : 1) * sizeof *sorted);
            if (!sorted)
                break;
            for (size_t i = 0; i < g->nfacts; i++)
                sorted[i] = &g->facts[i];
            qsort(sorted, g->nfacts, sizeof *sorted, fact_cmp);
            index[k].g = g;
            index[k].sorted = sorted;
        }
    }
    if (sorted) {
        eng_fact key = {id, NULL, NULL};
        const eng_fact *kp = &key;
        const eng_fact *const *hit = bsearch(&kp, sorted, g->nfacts, sizeof *sorted, fact_cmp);
        return hit ? *hit : NULL;
    }
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

int eng_has_status(const eng_game *g, const char *id)
{
    if (!g->statuses)
        return 0;
    for (const char *const *s = g->statuses; *s; s++)
        if (strcmp(*s, id) == 0)
            return 1;
    return 0;
}

const char *eng_arg(const eng_kv *args, size_t nargs, const char *key)
{
    for (size_t i = 0; i < nargs; i++)
        if (strcmp(args[i].key, key) == 0)
            return args[i].value;
    return NULL;
}

int eng_parse_long(const char *s, long *out)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

int eng_arg_long(const eng_kv *args, size_t nargs, const char *key, long def, long lo, long hi, long *out,
                 char *err, size_t errlen)
{
    const char *s = eng_arg(args, nargs, key);
    if (!s) {
        if (def < lo)
            return snprintf(err, errlen, "missing %s=", key), -1;
        *out = def;
        return 0;
    }
    if (eng_parse_long(s, out) != 0 || *out < lo || *out > hi)
        return snprintf(err, errlen, "%s=%s is not in %ld..%ld", key, s, lo, hi), -1;
    return 0;
}

int eng_name_index(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

int eng_split_args(char *buf, eng_kv *kv, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq || eq == tok || n == max)
            return -1;
        *eq = '\0';
        kv[n].key = tok;
        kv[n].value = eq + 1;
        n++;
    }
    return n;
}

int eng_act_str(const eng_game *g, void *st, const char *action, const char *args, char *err, size_t errlen)
{
    char buf[512];
    eng_kv kv[16];
    int len = snprintf(buf, sizeof buf, "%s", args ? args : "");
    int n = len >= 0 && (size_t)len < sizeof buf ? eng_split_args(buf, kv, 16) : -1;
    if (n < 0)
        return snprintf(err, errlen, "bad arguments \"%s\" (k=v k=v)", args), ENG_ERROR;
    return g->act(st, action, kv, (size_t)n, err, errlen);
}
