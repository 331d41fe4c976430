/* oom_wrap.c — allocation failure injection for regelwerk-oom, a build of
 * the tool linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,
 * --wrap=strdup,--wrap=strndup: every allocation our own code makes passes
 * through here (the libraries' own allocations do not: libxml2, cairo,
 * HarfBuzz and the rest allocate unwrapped).
 *
 *   REGELWERK_FAIL_ALLOC=N   the Nth allocation (from 1) returns NULL, once
 *   REGELWERK_COUNT_ALLOC=F  at exit, the number of allocations is written
 *                            to the file F
 *   REGELWERK_FAIL_TRACE=1   the failing allocation's call stack goes to
 *                            stderr (frames as binary(+offset): resolve
 *                            them with addr2line -f -e BINARY OFFSET), to
 *                            find the code behind a bad run
 *
 * tests/test_oom.c runs the tool over N = 1..count for a small check and
 * build and asserts each run ends cleanly. */
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

static void write_count(void)
{
    FILE *fp = fopen(count_file, "w");
    if (fp) {
        fprintf(fp, "%lu\n", calls);
        fclose(fp);
    }
}

/* 1 when this allocation is the one to fail. */
static int fail_now(void)
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
    if (++calls != fail_at)
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
    return fail_now() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    return fail_now() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    return fail_now() ? NULL : __real_realloc(p, n);
}

char *__wrap_strdup(const char *s)
{
    return fail_now() ? NULL : __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
    return fail_now() ? NULL : __real_strndup(s, n);
}
