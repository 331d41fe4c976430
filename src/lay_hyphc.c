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
/* O_DIRECT (glibc declares it only for _GNU_SOURCE) */
#define _GNU_SOURCE
#include "lay_hyphc.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "RWHYPHC2"
#define MAX_LEVELS 4

typedef struct file_head {
    char magic[8];
    uint32_t abi;
    uint32_t levels;
    uint64_t src_size, src_hash;
    uint64_t base;        /* the address the state records' pointers assume */
} file_head;

typedef struct level_head {
    char lhmin, rhmin, clhmin, crhmin;
    int32_t nohyphenl, num_states, utf8;
    char cset[MAX_NAME];
    uint64_t nohyphen_len;
} level_head;

/* The state records are libhyphen's own HyphenState, their pointers
 * already made for a mapping at the file's preferred address (base): a load
 * that gets that address uses them in place, from the page cache, with no
 * copy (the copy was 11.7 MB of a German build's heap); one that does not
 * (the address taken, another dictionary there, a smaller address space)
 * relocates a copy as before. */
struct lay_hyphc {
    void *map;
    size_t len;
    int in_place;          /* mapped at its base: states point into the map */
    HyphenDict dicts[MAX_LEVELS];
};

/* Preferred addresses: 1 GiB slots from 232 GiB up, far from where Linux
 * puts executables, the heap and its own mappings, and within the 39-bit
 * address spaces of some 64-bit machines. The slot comes from the pattern
 * file's hash so that the German and the Italian dictionary usually get
 * different ones (when not, the second is relocated: slower, not wrong). */
#define BASE_FIRST 0x3a00000000ULL
#define BASE_SLOTS 64
#define SLOT_SIZE (1ULL << 30)

static uint64_t base_for(uint64_t src_hash)
{
    return sizeof(void *) == 8 ? BASE_FIRST + (src_hash % BASE_SLOTS) * SLOT_SIZE : 0;
}

/* A pointer into the file mapped at base (never NULL: offset 0 is the
 * header, no pool starts there). */
static void *at_base(uint64_t base, uint64_t off)
{
    return (void *)(uintptr_t)(base + off);
}

static uint32_t abi_word(void)
{
    /* sizes that the layout depends on, and the byte order */
    union { uint16_t u; unsigned char c[2]; } e = {0x0102};
    return (uint32_t)(sizeof(HyphenTrans) | sizeof(HyphenState) << 6 | sizeof(level_head) << 14 |
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

/* The states renumbered breadth first from the start state (which stays
 * state 0), as order[new] = old and rank[old] = new; states no transition
 * reaches follow in their old order. libhyphen walks the same automaton
 * whatever the numbers, but a word's walk now stays among the short
 * prefixes at the front of the file most of the time: in a German sheet
 * it touches far fewer pages, and the kernel maps whole runs of pages
 * around each one touched. 0, or -1 (out of memory). */
static int bfs_order(const HyphenDict *d, int **order_out, int **rank_out)
{
    int n = d->num_states;
    int *order = malloc((size_t)(n ? n : 1) * sizeof *order), *rank = malloc((size_t)(n ? n : 1) * sizeof *rank);
    if (!order || !rank) {
        free(order);
        free(rank);
        return -1;
    }
    for (int i = 0; i < n; i++)
        rank[i] = -1;
    int len = 0;
    if (n > 0) {
        order[len++] = 0;
        rank[0] = 0;
    }
    for (int head = 0; head < len; head++) {
        const HyphenState *s = &d->states[order[head]];
        for (int t = 0; t < s->num_trans; t++) {
            int to = s->trans[t].new_state;
            if (to >= 0 && to < n && rank[to] < 0) {
                rank[to] = len;
                order[len++] = to;
            }
        }
    }
    for (int i = 0; i < n; i++)
        if (rank[i] < 0) {
            rank[i] = len;
            order[len++] = i;
        }
    *order_out = order;
    *rank_out = rank;
    return 0;
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
    fh.base = base_for(fh.src_hash);
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
    while (b.n % sizeof(void *))
        put(&b, "", 1);
    for (uint32_t l = 0; l < fh.levels; l++) {
        HyphenState zero;
        memset(&zero, 0, sizeof zero);
        rec_at[l] = b.n;
        for (int i = 0; i < lv[l]->num_states; i++)
            put(&b, &zero, sizeof zero);
    }
    for (uint32_t l = 0; l < fh.levels && !b.oom; l++) {
        int n = lv[l]->num_states, *order = NULL, *rank = NULL;
        if (bfs_order(lv[l], &order, &rank) != 0) {
            b.oom = 1;
            break;
        }
        for (int k = 0; k < n && !b.oom; k++) {
            const HyphenState *s = &lv[l]->states[order[k]];
            HyphenState r;
            memset(&r, 0, sizeof r);
            r.match = s->match ? at_base(fh.base, put(&b, s->match, strlen(s->match) + 1)) : NULL;
            r.repl = s->repl ? at_base(fh.base, put(&b, s->repl, strlen(s->repl) + 1)) : NULL;
            /* keep HyphenTrans aligned for direct use from the mapping */
            while (!b.oom && b.n % sizeof(int))
                put(&b, "", 1);
            if (s->num_trans) {
                uint64_t at = put(&b, s->trans, (size_t)s->num_trans * sizeof(HyphenTrans));
                r.trans = at_base(fh.base, at);
                for (int t = 0; t < s->num_trans && !b.oom; t++) {
                    HyphenTrans *x = (HyphenTrans *)(void *)(b.p + at) + t;
                    x->new_state = x->new_state >= 0 && x->new_state < n ? rank[x->new_state] : x->new_state;
                }
            }
            r.fallback_state = s->fallback_state >= 0 && s->fallback_state < n ? rank[s->fallback_state]
                                                                                : s->fallback_state;
            r.num_trans = s->num_trans;
            r.replindex = s->replindex;
            r.replcut = s->replcut;
            if (!b.oom)
                memcpy(b.p + rec_at[l] + (uint64_t)k * sizeof r, &r, sizeof r);
        }
        free(order);
        free(rank);
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
        /* out of the page cache: written, the file sits there in large
         * folios, and a fault on one maps all of it (a German sheet then
         * had the whole 14 MB resident); read back through the mapping at
         * random (below), it comes in page by page */
        if (rc == 0)
            posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
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

/* Whether a record read from a file mapped len bytes long, whose pointers
 * assume the address fbase, points only into that file and at a state. */
static int rec_ok(const HyphenState *r, uint64_t fbase, size_t len, int num_states)
{
    uint64_t m = (uintptr_t)r->match - fbase, p = (uintptr_t)r->repl - fbase, t = (uintptr_t)r->trans - fbase;
    return (!r->match || m < len) && (!r->repl || p < len) &&
           (!r->trans ? r->num_trans == 0
                      : r->num_trans > 0 && t < len && (uint64_t)r->num_trans <= (len - t) / sizeof(HyphenTrans)) &&
           r->fallback_state >= -1 && r->fallback_state < num_states;
}

/* ptr (made for the file at fbase) for the file where it is mapped now */
static void *moved(const void *ptr, uint64_t fbase, const unsigned char *base)
{
    return ptr ? (void *)(uintptr_t)(base + ((uintptr_t)ptr - fbase)) : NULL;
}

/* The records read for their check without going through the page cache
 * (O_DIRECT), a megabyte at a time: read through the mapping (or read()),
 * all 11 MB of German records would sit in the cache, and the kernel maps
 * up to 16 cached pages around each page a word touches, which made twice
 * the pages resident that the words need. Where O_DIRECT is refused (tmpfs,
 * some file systems) or a read fails, the mapping is read instead. */
#define DIRECT_CHUNK (1u << 20)
typedef struct rec_reader {
    const unsigned char *base;   /* the mapping: the fallback */
    int fd;                      /* O_DIRECT, or -1 */
    size_t page;
    unsigned char *buf;          /* DIRECT_CHUNK bytes, page-aligned */
    size_t from, got;            /* file offset and length of buf's bytes */
    HyphenState one;             /* a record copied out of buf (aligned) */
} rec_reader;

static int open_direct(const char *path)
{
#ifdef O_DIRECT
    return open(path, O_RDONLY | O_CLOEXEC | O_DIRECT);
#else
    (void)path;
    return -1;
#endif
}

static void rec_reader_end(rec_reader *r)
{
    if (r->fd >= 0)
        close(r->fd);
    r->fd = -1;
    free(r->buf);
    r->buf = NULL;
}

/* The record at file offset off (checked by the caller to lie within the
 * file), valid until the next call. */
static const HyphenState *rec_at(rec_reader *r, size_t off)
{
    if (r->fd >= 0 && (off < r->from || off + sizeof(HyphenState) > r->from + r->got)) {
        if (!r->buf && posix_memalign((void **)&r->buf, r->page > 4096 ? r->page : 4096, DIRECT_CHUNK) != 0)
            r->buf = NULL;
        ssize_t n = -1;
        r->from = off / r->page * r->page;
        if (r->buf)
            n = pread(r->fd, r->buf, DIRECT_CHUNK, (off_t)r->from);
        if (n < 0 || (size_t)n < off - r->from + sizeof(HyphenState)) {
            rec_reader_end(r);   /* the mapping from here on */
        } else {
            r->got = (size_t)n;
        }
    }
    if (r->fd < 0)
        return (const HyphenState *)(const void *)(r->base + off);
    memcpy(&r->one, r->buf + (off - r->from), sizeof r->one);
    return &r->one;
}

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0   /* the address is then a hint, checked below */
#endif

/* The file mapped at its base when that address is free, else anywhere. */
static void *map_file(int fd, size_t len, uint64_t fbase, size_t page, int *in_place)
{
    *in_place = 0;
    if (fbase && fbase % page == 0 && fbase + len > fbase && fbase + len <= UINTPTR_MAX) {
        void *m = mmap((void *)(uintptr_t)fbase, len, PROT_READ, MAP_PRIVATE | MAP_FIXED_NOREPLACE, fd, 0);
        if (m != MAP_FAILED && (uintptr_t)m == fbase) {
            *in_place = 1;
            return m;
        }
        if (m != MAP_FAILED)   /* a kernel that took the address as a hint */
            munmap(m, len);
    }
    return mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
}

void lay_map_by_page(void *map, size_t len, size_t page)
{
    for (size_t off = page; off < len; off += 2 * page)
        madvise((char *)map + off, page, MADV_DONTDUMP);
}

lay_hyphc *lay_hyphc_load(const char *compiled_path, const char *src_path)
{
    return lay_hyphc_load_via(compiled_path, src_path, 1);
}

lay_hyphc *lay_hyphc_load_via(const char *compiled_path, const char *src_path, int direct)
{
    int fd = open(compiled_path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    file_head fh;
    uint64_t size, hash;
    long pg = sysconf(_SC_PAGESIZE);
    size_t page = pg > 0 ? (size_t)pg : 4096;
    if (fstat(fd, &st) != 0 || st.st_size < (off_t)sizeof(file_head) ||
        pread(fd, &fh, sizeof fh, 0) != (ssize_t)sizeof fh || memcmp(fh.magic, MAGIC, 8) != 0 ||
        fh.abi != abi_word() || fh.levels < 1 || fh.levels > MAX_LEVELS || key_of(src_path, &size, &hash) != 0 ||
        size != fh.src_size || hash != fh.src_hash) {
        close(fd);
        return NULL;
    }
    size_t len = (size_t)st.st_size;
    int in_place;
    void *map = map_file(fd, len, fh.base, page, &in_place);
    close(fd);
    if (map == MAP_FAILED)
        return NULL;
    /* before the first read: no read-ahead, so that the page cache holds
     * the file page by page and a fault maps only what libhyphen touches */
    madvise(map, len, MADV_RANDOM);
    /* the pages a sheet's words walk are cached, and so are those of every
     * other build's words: mapped whole, each fault mapped the cached pages
     * around it too (a German sheet had 5.0 MB resident, 3.1 MB this way) */
    lay_map_by_page(map, len, page);
    const unsigned char *base = map;
    lay_hyphc *c = calloc(1, sizeof *c);
    if (!c)
        goto fail;
    c->map = map;
    c->len = len;
    c->in_place = in_place;
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
    at = (at + sizeof(void *) - 1) / sizeof(void *) * sizeof(void *);
    /* every record is checked once (a damaged file is not used), read
     * past the page cache where the file system allows (see rec_reader);
     * else through the mapping, whose pages are dropped as they are read,
     * a megabyte at a time. In place, a word then brings in only the pages
     * of the states it walks; relocated, the copies are what is used. */
    rec_reader rd = {.base = base, .fd = direct ? open_direct(compiled_path) : -1, .page = page};
    size_t dropped = at, chunk = page * 256;
    for (uint32_t l = 0; l < fh.levels; l++) {
        HyphenDict *d = &c->dicts[l];
        size_t n = (size_t)d->num_states;
        if (at > len || n > (len - at) / sizeof(HyphenState))
            goto fail_rd;
        if (in_place)
            d->states = (HyphenState *)(uintptr_t)(base + at);
        else if (!(d->states = calloc(n ? n : 1, sizeof *d->states)))
            goto fail_rd;
        for (size_t i = 0; i < n; i++, at += sizeof(HyphenState)) {
            const HyphenState *r = rec_at(&rd, at);
            if (!r || !rec_ok(r, fh.base, len, d->num_states))
                goto fail_rd;
            if (!in_place) {
                HyphenState *s = &d->states[i];
                *s = *r;
                s->match = moved(r->match, fh.base, base);
                s->repl = moved(r->repl, fh.base, base);
                s->trans = moved(r->trans, fh.base, base);
            }
            if (rd.fd < 0 && at + sizeof(HyphenState) - dropped >= chunk + page)
                dropped = drop_read(map, dropped, at + sizeof(HyphenState), page);
        }
    }
    rec_reader_end(&rd);
    drop_read(map, dropped, at, page);
    return c;
fail_rd:
    rec_reader_end(&rd);
fail:
    if (c && !in_place)
        for (int l = 0; l < MAX_LEVELS; l++)
            free(c->dicts[l].states);
    free(c);
    munmap(map, len);
    return NULL;
}

HyphenDict *lay_hyphc_dict(lay_hyphc *c)
{
    return &c->dicts[0];
}

void lay_hyphc_release(lay_hyphc *c)
{
    if (c && c->in_place)
        madvise(c->map, c->len, MADV_DONTNEED);
}

int lay_hyphc_in_place(const lay_hyphc *c)
{
    return c->in_place;
}

void lay_hyphc_free(lay_hyphc *c)
{
    if (!c)
        return;
    if (!c->in_place)
        for (int l = 0; l < MAX_LEVELS; l++)
            free(c->dicts[l].states);
    munmap(c->map, c->len);
    free(c);
}
