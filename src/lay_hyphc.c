/* lay_hyphc.c — compiled hyphenation dictionaries (see lay_hyphc.h).
 *
 * File layout (native byte order and sizes; the header says which, and a
 * file from another ABI is simply not used):
 *   header: magic "RWHYPHC1", abi word, pattern file size and FNV-1a hash,
 *           number of levels
 *   per level: lhmin rhmin clhmin crhmin, nohyphenl, num_states, utf8,
 *           cset[MAX_NAME], nohyphen length, then the nohyphen bytes
 *   per level: num_states state records (offsets instead of pointers)
 *   the string pool and the transition pool (HyphenTrans as libhyphen lays
 *   it out), referenced by offset from the file's start
 */
#include "lay_hyphc.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "RWHYPHC1"
#define MAX_LEVELS 4
#define NONE UINT64_MAX

typedef struct file_head {
    char magic[8];
    uint32_t abi;
    uint32_t levels;
    uint64_t src_size, src_hash;
} file_head;

typedef struct level_head {
    char lhmin, rhmin, clhmin, crhmin;
    int32_t nohyphenl, num_states, utf8;
    char cset[MAX_NAME];
    uint64_t nohyphen_len;
} level_head;

typedef struct state_rec {
    uint64_t match, repl, trans;   /* offsets, NONE for NULL */
    int32_t fallback_state, num_trans;
    signed char replindex, replcut;
} state_rec;

struct lay_hyphc {
    void *map;
    size_t len;
    HyphenDict dicts[MAX_LEVELS];
};

static uint32_t abi_word(void)
{
    /* sizes that the layout depends on, and the byte order */
    union { uint16_t u; unsigned char c[2]; } e = {0x0102};
    return (uint32_t)(sizeof(HyphenTrans) | sizeof(state_rec) << 6 | sizeof(level_head) << 14 |
                      (uint32_t)e.c[0] << 24);
}

/* Size and FNV-1a hash of a file's bytes: a compiled dictionary belongs to
 * exactly one version of its patterns. */
static int key_of(const char *path, uint64_t *size, uint64_t *hash)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    uint64_t h = 14695981039346656037ULL, n = 0;
    unsigned char buf[65536];
    size_t r;
    while ((r = fread(buf, 1, sizeof buf, f)) > 0) {
        for (size_t i = 0; i < r; i++)
            h = (h ^ buf[i]) * 1099511628211ULL;
        n += r;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad)
        return -1;
    *size = n;
    *hash = h;
    return 0;
}

/* ---- writing ------------------------------------------------------------ */

typedef struct out_buf {
    unsigned char *p;
    size_t n, cap;
    int oom;
} out_buf;

static uint64_t put(out_buf *b, const void *data, size_t n)
{
    if (b->oom)
        return 0;
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 1 << 20;
        while (cap < b->n + n)
            cap *= 2;
        unsigned char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return 0;
        }
        b->p = p;
        b->cap = cap;
    }
    uint64_t at = b->n;
    memcpy(b->p + b->n, data, n);
    b->n += n;
    return at;
}

/* libhyphen counts the commas of its NOHYPHEN list in nohyphenl and reads
 * nohyphenl + 1 strings (hnj_hyphen_hyphenate3 loops to <= nohyphenl). */
static size_t nohyphen_len(const HyphenDict *d)
{
    size_t len = 0;
    const char *p = d->nohyphen;
    for (int i = 0; p && i <= d->nohyphenl; i++) {
        size_t l = strlen(p + len) + 1;
        len += l;
    }
    return len;
}

int lay_hyphc_write(const HyphenDict *d, const char *src_path, const char *out_path)
{
    file_head fh;
    memset(&fh, 0, sizeof fh);
    memcpy(fh.magic, MAGIC, 8);
    fh.abi = abi_word();
    if (key_of(src_path, &fh.src_size, &fh.src_hash) != 0)
        return -1;
    const HyphenDict *lv[MAX_LEVELS];
    for (const HyphenDict *x = d; x && fh.levels < MAX_LEVELS; x = x->nextlevel)
        lv[fh.levels++] = x;
    if (!fh.levels)
        return -1;
    /* two passes over the pools: first the fixed part with placeholder
     * offsets, then the pools; the state records are patched at the end */
    out_buf b = {0};
    put(&b, &fh, sizeof fh);
    uint64_t rec_at[MAX_LEVELS];
    for (uint32_t l = 0; l < fh.levels; l++) {
        level_head lh;
        memset(&lh, 0, sizeof lh);
        lh.lhmin = lv[l]->lhmin;
        lh.rhmin = lv[l]->rhmin;
        lh.clhmin = lv[l]->clhmin;
        lh.crhmin = lv[l]->crhmin;
        lh.nohyphenl = lv[l]->nohyphenl;
        lh.num_states = lv[l]->num_states;
        lh.utf8 = lv[l]->utf8;
        memcpy(lh.cset, lv[l]->cset, MAX_NAME);
        lh.nohyphen_len = nohyphen_len(lv[l]);
        put(&b, &lh, sizeof lh);
        if (lh.nohyphen_len)
            put(&b, lv[l]->nohyphen, lh.nohyphen_len);
    }
    for (uint32_t l = 0; l < fh.levels; l++) {
        state_rec zero;
        memset(&zero, 0, sizeof zero);
        rec_at[l] = b.n;
        for (int i = 0; i < lv[l]->num_states; i++)
            put(&b, &zero, sizeof zero);
    }
    for (uint32_t l = 0; l < fh.levels && !b.oom; l++) {
        for (int i = 0; i < lv[l]->num_states && !b.oom; i++) {
            const HyphenState *s = &lv[l]->states[i];
            state_rec r;
            memset(&r, 0, sizeof r);
            r.match = s->match ? put(&b, s->match, strlen(s->match) + 1) : NONE;
            r.repl = s->repl ? put(&b, s->repl, strlen(s->repl) + 1) : NONE;
            /* keep HyphenTrans aligned for direct use from the mapping */
            while (!b.oom && b.n % sizeof(int))
                put(&b, "", 1);
            r.trans = s->num_trans ? put(&b, s->trans, (size_t)s->num_trans * sizeof(HyphenTrans)) : NONE;
            r.fallback_state = s->fallback_state;
            r.num_trans = s->num_trans;
            r.replindex = s->replindex;
            r.replcut = s->replcut;
            if (!b.oom)
                memcpy(b.p + rec_at[l] + (uint64_t)i * sizeof r, &r, sizeof r);
        }
    }
    if (b.oom) {
        free(b.p);
        return -1;
    }
    /* temp + rename: a reader never maps half a file */
    size_t pl = strlen(out_path);
    char *tmp = malloc(pl + 16);
    int fd = -1, rc = -1;
    if (tmp) {
        snprintf(tmp, pl + 16, "%s.XXXXXX", out_path);
        fd = mkstemp(tmp);
    }
    if (fd >= 0) {
        size_t done = 0;
        while (done < b.n) {
            ssize_t w = write(fd, b.p + done, b.n - done);
            if (w <= 0)
                break;
            done += (size_t)w;
        }
        /* readable by everyone, like the pattern file it comes from */
        rc = done == b.n && fchmod(fd, 0644) == 0 && fsync(fd) == 0 ? 0 : -1;
        if (close(fd) != 0)
            rc = -1;
        if (rc == 0 && rename(tmp, out_path) != 0)
            rc = -1;
        if (rc != 0)
            unlink(tmp);
    }
    free(tmp);
    free(b.p);
    return rc;
}

/* Drops the whole pages of map between from and to (bytes already read),
 * which are file-backed and come back from the file if touched again;
 * returns where the next drop starts. */
static size_t drop_read(void *map, size_t from, size_t to, size_t page)
{
    size_t a = (from + page - 1) / page * page, b = to / page * page;
    if (b > a)
        madvise((char *)map + a, b - a, MADV_DONTNEED);
    return b > a ? b : from;
}

/* ---- reading -------------------------------------------------------------- */

lay_hyphc *lay_hyphc_load(const char *compiled_path, const char *src_path)
{
    int fd = open(compiled_path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size < (off_t)sizeof(file_head)) {
        close(fd);
        return NULL;
    }
    size_t len = (size_t)st.st_size;
    void *map = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return NULL;
    const unsigned char *base = map;
    file_head fh;
    memcpy(&fh, base, sizeof fh);
    uint64_t size, hash;
    lay_hyphc *c = NULL;
    if (memcmp(fh.magic, MAGIC, 8) != 0 || fh.abi != abi_word() || fh.levels < 1 || fh.levels > MAX_LEVELS ||
        key_of(src_path, &size, &hash) != 0 || size != fh.src_size || hash != fh.src_hash ||
        !(c = calloc(1, sizeof *c)))
        goto fail;
    c->map = map;
    c->len = len;
    size_t at = sizeof fh;
    level_head lh[MAX_LEVELS];
    for (uint32_t l = 0; l < fh.levels; l++) {
        if (at + sizeof lh[l] > len)
            goto fail;
        memcpy(&lh[l], base + at, sizeof lh[l]);
        at += sizeof lh[l];
        HyphenDict *d = &c->dicts[l];
        d->lhmin = lh[l].lhmin;
        d->rhmin = lh[l].rhmin;
        d->clhmin = lh[l].clhmin;
        d->crhmin = lh[l].crhmin;
        d->nohyphenl = lh[l].nohyphenl;
        d->num_states = lh[l].num_states;
        d->utf8 = lh[l].utf8;
        memcpy(d->cset, lh[l].cset, MAX_NAME);
        d->cset[MAX_NAME - 1] = '\0';
        if (lh[l].nohyphen_len > len - at || lh[l].num_states < 0)
            goto fail;
        /* libhyphen's structs hold char *, never written through */
        d->nohyphen = lh[l].nohyphen_len ? (char *)(uintptr_t)(base + at) : NULL;
        at += lh[l].nohyphen_len;
        d->nextlevel = l + 1 < fh.levels ? &c->dicts[l + 1] : NULL;
    }
    /* the state records are read once into libhyphen's structs: their
     * pages (9 MB for German) need not stay resident, and are dropped as
     * they are read, a megabyte at a time, so that the records and the
     * structs are never resident together (the peak of a build) */
    long page = sysconf(_SC_PAGESIZE);
    size_t dropped = at, chunk = page > 0 ? (size_t)page * 256 : 0;
    for (uint32_t l = 0; l < fh.levels; l++) {
        HyphenDict *d = &c->dicts[l];
        size_t n = (size_t)d->num_states;
        if (n > (len - at) / sizeof(state_rec) || !(d->states = calloc(n ? n : 1, sizeof *d->states)))
            goto fail;
        for (size_t i = 0; i < n; i++, at += sizeof(state_rec)) {
            state_rec r;
            memcpy(&r, base + at, sizeof r);
            HyphenState *s = &d->states[i];
            if ((r.match != NONE && r.match >= len) || (r.repl != NONE && r.repl >= len) ||
                (r.trans != NONE && (r.num_trans < 0 || r.trans + (uint64_t)r.num_trans * sizeof(HyphenTrans) > len)) ||
                r.fallback_state < -1 || r.fallback_state >= d->num_states)
                goto fail;
            s->match = r.match == NONE ? NULL : (char *)(uintptr_t)(base + r.match);
            s->repl = r.repl == NONE ? NULL : (char *)(uintptr_t)(base + r.repl);
            s->trans = r.trans == NONE ? NULL : (HyphenTrans *)(uintptr_t)(base + r.trans);
            s->fallback_state = r.fallback_state;
            s->num_trans = r.num_trans;
            s->replindex = r.replindex;
            s->replcut = r.replcut;
            if (chunk && at + sizeof r - dropped >= chunk + (size_t)page)
                dropped = drop_read(map, dropped, at + sizeof r, (size_t)page);
        }
    }
    if (chunk)
        drop_read(map, dropped, at, (size_t)page);
    /* the patterns are walked a few transitions a word, all over the file:
     * reading around each page touched would make most of it resident */
    madvise(map, len, MADV_RANDOM);
    return c;
fail:
    if (c) {
        for (int l = 0; l < MAX_LEVELS; l++)
            free(c->dicts[l].states);
        free(c);
    }
    munmap(map, len);
    return NULL;
}

HyphenDict *lay_hyphc_dict(lay_hyphc *c)
{
    return &c->dicts[0];
}

void lay_hyphc_free(lay_hyphc *c)
{
    if (!c)
        return;
    for (int l = 0; l < MAX_LEVELS; l++)
        free(c->dicts[l].states);
    munmap(c->map, c->len);
    free(c);
}
