/* oom_wrap.c — allocation failure injection for regelwerk-oom, a build of
 * the tool linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,
 * --wrap=strdup,--wrap=strndup: every allocation our own code makes passes
 * through here (the libraries' own allocations do not: libxml2, cairo,
 * HarfBuzz and the rest allocate unwrapped, see tests/test_oom.c).
 *
 *   REGELWERK_FAIL_ALLOC=N   the Nth allocation (from 1) returns NULL, once
 *   REGELWERK_COUNT_ALLOC=F  at exit, the file F gets the number of
 *                            allocations on its first line, then one line
 *                            per allocation site (the call instruction that
 *                            asked): the number of the site's first
 *                            allocation, so that a sampling sweep can still
 *                            fail every site at least once
 *   REGELWERK_FAIL_TRACE=1   the failing allocation's call stack goes to
 *                            stderr (frames as binary(+offset): resolve
 *                            them with addr2line -f -i -e BINARY OFFSET), to
 *                            find the code behind a bad run
 *
 * tests/test_oom.c runs the tool over N for a small check and build and
 * asserts each run ends cleanly. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <execinfo.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);

static unsigned long calls, fail_at;
static int inited, trace;
static const char *count_file;

/* The sites seen while counting: an open-addressed table of call
 * addresses (static: counting must not allocate through itself). A run
 * with more sites than slots lists the first MAX_SITES. */
#define MAX_SITES 8192
static uintptr_t site_addr[MAX_SITES];
static unsigned long site_first[MAX_SITES];

static void note_site(uintptr_t ra)
{
    size_t h = (size_t)(ra >> 2) % MAX_SITES;
    for (size_t probe = 0; probe < MAX_SITES; probe++, h = (h + 1) % MAX_SITES) {
        if (site_addr[h] == ra)
            return;
        if (!site_addr[h]) {
            site_addr[h] = ra;
            site_first[h] = calls;
            return;
        }
    }
}

static void write_count(void)
{
    FILE *fp = fopen(count_file, "w");
    if (!fp)
        return;
    fprintf(fp, "%lu\n", calls);
    for (size_t i = 0; i < MAX_SITES; i++)
        if (site_addr[i])
            fprintf(fp, "%lu\n", site_first[i]);
    fclose(fp);
}

/* 1 when this allocation, asked for at the return address ra, is the one
 * to fail. */
static int fail_now(void *ra)
{
    if (!inited) {
        inited = 1;
        const char *f = getenv("REGELWERK_FAIL_ALLOC");
        fail_at = f ? strtoul(f, NULL, 10) : 0;
        count_file = getenv("REGELWERK_COUNT_ALLOC");
        trace = getenv("REGELWERK_FAIL_TRACE") != NULL;
        if (count_file)
            atexit(write_count);
    }
    ++calls;
    if (count_file)
        note_site((uintptr_t)ra);
    if (calls != fail_at)
        return 0;
    if (trace) {
        void *frames[32];
        int n = backtrace(frames, 32);
        fprintf(stderr, "oom_wrap: allocation %lu fails here:\n", calls);
        backtrace_symbols_fd(frames, n, 2);
    }
    return 1;
}

void *__wrap_malloc(size_t n)
{
    return fail_now(__builtin_return_address(0)) ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    return fail_now(__builtin_return_address(0)) ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    return fail_now(__builtin_return_address(0)) ? NULL : __real_realloc(p, n);
}

char *__wrap_strdup(const char *s)
{
    return fail_now(__builtin_return_address(0)) ? NULL : __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
    return fail_now(__builtin_return_address(0)) ? NULL : __real_strndup(s, n);
}
