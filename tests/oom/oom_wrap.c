/* oom_wrap.c — allocation failure injection for regelwerk-oom, a build of
 * the tool linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,
 * --wrap=strdup,--wrap=strndup: every allocation our own code makes passes
 * through here (the libraries' own allocations do not: libxml2, cairo,
 * HarfBuzz and the rest allocate unwrapped).
 *
 *   REGELWERK_FAIL_ALLOC=N   the Nth allocation (from 1) returns NULL, once
 *   REGELWERK_COUNT_ALLOC=F  at exit, the number of allocations is written
 *                            to the file F
 *
 * tests/test_oom.c runs the tool over N = 1..count for a small check and
 * build and asserts each run ends cleanly. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
static int inited;
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
        if (count_file)
            atexit(write_count);
    }
    return ++calls == fail_at;
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
