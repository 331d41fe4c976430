/* test_oom.c — allocation failure injection (hardening, issue #12): the
 * tool built with our allocations wrapped (tests/oom/oom_wrap.c,
 * REGELWERK_OOM set by make) runs a small `check` and a small `build` of
 * tests/fixtures/tiny once per allocation N, with the Nth failing. Every
 * run must end in one of two ways:
 *
 *   - exit 0 with exactly what the clean run gives (the same output, and
 *     for a build the same files byte for byte): the failure was absorbed
 *     (a cache not kept, say) and nothing was lost;
 *   - exit 1 saying "out of memory".
 *
 * Anything else fails the suite: exit 0 with a different output (something
 * quietly dropped), exit 1 without "out of memory" (a failed copy read as a
 * missing attribute, say), a crash, another exit status, or a sanitizer
 * report (with `make check SAN=1` LeakSanitizer checks each run for leaks).
 *
 * `check` is swept at every allocation; `build`, which makes twenty times
 * as many, at every OOM_BUILD_STEP-th and at the first allocation of every
 * allocation site (call instruction) the clean run reaches, so that no site
 * goes untried (figures printed). REGELWERK_OOM_STEP=1 sweeps the build at
 * every allocation (about ten minutes).
 *
 * Not covered, by design of the harness: the libraries' own allocations
 * (libxml2, cairo, HarfBuzz, FreeType, ICU, libharu, Graphviz, glib) are
 * not wrapped. Where a library reports its failure (xmlGetProp's NULL for
 * an attribute that is there, cairo's CAIRO_STATUS_NO_MEMORY,
 * FT_Err_Out_Of_Memory) our code turns it into "out of memory"; glib's
 * g_malloc aborts by design and cannot be reported at all. The fixture has
 * no flows and no cards: lay_flow.c and lay_cards.c are not swept. */
#include <CUnit/CUnit.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"

#define OOM_BUILD_STEP 5

static const char *oom_bin(void)
{
    const char *b = getenv("REGELWERK_OOM");
    return b && *b ? b : NULL;
}

/* ---- the classifier ------------------------------------------------------ */

typedef enum {
    OOM_CLEAN,     /* exit 0, the clean run's output */
    OOM_SAID,      /* exit 1, "out of memory" said */
    OOM_SILENT,    /* exit 0, but not the clean run's output: something lost */
    OOM_UNCLEAR,   /* exit 1 without "out of memory" */
    OOM_CRASH,     /* a signal, another exit status, or a sanitizer report */
    OOM_KINDS
} oom_outcome;

static const char *const outcome_name[OOM_KINDS] = {"clean", "said out of memory", "SILENT LOSS",
                                                    "UNCLEAR", "CRASH"};

/* One run's outcome from its exit status, its stdout and stderr, and
 * whether it gave the clean run's output (and files). */
static oom_outcome classify(int rc, const char *out, int same_as_clean)
{
    if (strstr(out, "Sanitizer") || strstr(out, "runtime error"))
        return OOM_CRASH;
    if (rc == 0)
        return same_as_clean ? OOM_CLEAN : OOM_SILENT;
    if (rc == 1)
        return strstr(out, "out of memory") ? OOM_SAID : OOM_UNCLEAR;
    return OOM_CRASH;
}

typedef struct tally {
    unsigned long runs, n[OOM_KINDS];
} tally;

/* Counts one run; prints the first few bad ones, with how to find them. */
static void tally_add(tally *t, oom_outcome o, const char *what, unsigned long n, int rc, const char *out)
{
    t->runs++;
    t->n[o]++;
    if (o >= OOM_SILENT && t->n[OOM_SILENT] + t->n[OOM_UNCLEAR] + t->n[OOM_CRASH] <= 5)
        fprintf(stderr, "\n  oom %s N=%lu: %s, exit %d (REGELWERK_FAIL_TRACE=1 REGELWERK_FAIL_ALLOC=%lu shows where)"
                        ":\n%.600s",
                what, n, outcome_name[o], rc, n, out);
}

/* The suite's verdict: no run lost, muddled or crashed. */
static int tally_ok(const tally *t)
{
    return t->runs > 0 && t->n[OOM_SILENT] == 0 && t->n[OOM_UNCLEAR] == 0 && t->n[OOM_CRASH] == 0;
}

/* ---- output folders ------------------------------------------------------- */

static int is_dir(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Empties dir, keeping it: a run must never find the last run's files. */
static void empty_dir(const char *dir)
{
    struct dirent **ents = NULL;
    int n = scandir(dir, &ents, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        if (strcmp(ents[i]->d_name, ".") != 0 && strcmp(ents[i]->d_name, "..") != 0) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dir, ents[i]->d_name);
            if (is_dir(path)) {
                empty_dir(path);
                rmdir(path);
            } else {
                unlink(path);
            }
        }
        free(ents[i]);
    }
    free(ents);
}

/* Appends to *acc every file under dir (relative name, size, FNV-1a of the
 * bytes) in name order: two folders with the same digest hold the same
 * files. */
static void digest_dir(const char *dir, const char *rel, char **acc, size_t *len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s%s%s", dir, *rel ? "/" : "", rel);
    struct dirent **ents = NULL;
    int n = scandir(path, &ents, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        const char *name = ents[i]->d_name;
        char sub[4096], line[4400];
        snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "", name);
        if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0) {
            char full[8200];
            snprintf(full, sizeof full, "%s/%s", dir, sub);
            size_t flen = 0;
            int folder = is_dir(full);
            unsigned char *data = folder ? NULL : (unsigned char *)tu_read_file(full, &flen);
            if (data) {
                uint64_t h = 1469598103934665603ull;
                for (size_t k = 0; k < flen; k++)
                    h = (h ^ data[k]) * 1099511628211ull;
                snprintf(line, sizeof line, "%s %zu %016llx\n", sub, flen, (unsigned long long)h);
                free(data);
            } else {
                snprintf(line, sizeof line, "%s%s\n", sub, folder ? "/" : " unreadable");
            }
            size_t l = strlen(line);
            char *p = realloc(*acc, *len + l + 1);
            if (p) {
                memcpy(p + *len, line, l + 1);
                *acc = p;
                *len += l;
            }
            if (folder)
                digest_dir(dir, sub, acc, len);
        }
        free(ents[i]);
    }
    free(ents);
}

static char *dir_digest(const char *dir)
{
    char *acc = calloc(1, 1);
    size_t len = 0;
    if (acc)
        digest_dir(dir, "", &acc, &len);
    return acc;
}

/* ---- the sweep ------------------------------------------------------------ */

static char out_buf[1 << 16];

/* Runs `args` with allocation n failing (0: none). Returns the exit status;
 * out_buf holds stdout and stderr. */
static int run_failing(unsigned long n, const char *args)
{
    const char *bin = oom_bin();
    if (!bin)
        return -1;
    return tu_runf(out_buf, sizeof out_buf, "REGELWERK_FAIL_ALLOC=%lu %s --content tests/fixtures/tiny %s 2>&1", n,
                   bin, args);
}

/* The number of allocations of a clean run of args, and in *first the
 * first allocation of each site it reaches (*nfirst of them; caller frees). */
static unsigned long count_allocs(const char *args, unsigned long **first, size_t *nfirst)
{
    char out[4096], file[] = "/tmp/regelwerk-oom-count-XXXXXX";
    *first = NULL;
    *nfirst = 0;
    const char *bin = oom_bin();
    int fd = bin ? mkstemp(file) : -1;
    if (fd < 0)
        return 0;
    close(fd);
    tu_runf(out, sizeof out, "REGELWERK_COUNT_ALLOC=%s %s --content tests/fixtures/tiny %s >/dev/null 2>&1", file,
            bin, args);
    char *s = tu_read_file(file, NULL);
    unlink(file);
    if (!s)
        return 0;
    char *p = s, *end;
    unsigned long total = strtoul(p, &end, 10);
    size_t cap = 0;
    for (p = end;; p = end) {
        unsigned long v = strtoul(p, &end, 10);
        if (end == p)
            break;
        if (*nfirst == cap) {
            cap = cap ? cap * 2 : 256;
            unsigned long *q = realloc(*first, cap * sizeof *q);
            if (!q)
                break;
            *first = q;
        }
        (*first)[(*nfirst)++] = v;
    }
    free(s);
    return total;
}

/* 1 when allocation n is to be failed: every step-th, and each site's
 * first. */
static int sampled(unsigned long n, unsigned long step, const unsigned long *first, size_t nfirst)
{
    if ((n - 1) % step == 0)
        return 1;
    for (size_t i = 0; i < nfirst; i++)
        if (first[i] == n)
            return 1;
    return 0;
}

/* Sweeps args; outdir, when not NULL, is the build's output folder, whose
 * files are compared with the clean run's too. */
static void sweep(const char *what, const char *args, const char *outdir, unsigned long step)
{
    unsigned long *first = NULL;
    size_t nfirst = 0;
    unsigned long total = count_allocs(args, &first, &nfirst);
    CU_ASSERT_FATAL(total > 0);
    /* the clean run: exit 0, and the output every absorbed failure must match */
    if (outdir)
        empty_dir(outdir);
    CU_ASSERT_EQUAL(run_failing(0, args), 0);
    char *clean_out = strdup(out_buf), *clean_files = outdir ? dir_digest(outdir) : NULL;
    CU_ASSERT_FATAL(clean_out != NULL);
    tally t = {0};
    /* every "out of memory" said, for the problem matcher below */
    char said[] = "/tmp/regelwerk-oom-said-XXXXXX";
    int said_fd = mkstemp(said);
    FILE *said_fp = said_fd >= 0 ? fdopen(said_fd, "w") : NULL;
    CU_ASSERT_FATAL(said_fp != NULL);
    unsigned long nsaid = 0;
    for (unsigned long n = 1; n <= total; n++) {
        if (!sampled(n, step, first, nfirst))
            continue;
        if (outdir)
            empty_dir(outdir);
        int rc = run_failing(n, args);
        int same = strcmp(out_buf, clean_out) == 0;
        if (same && outdir) {
            char *files = dir_digest(outdir);
            same = files && clean_files && strcmp(files, clean_files) == 0;
            free(files);
        }
        oom_outcome oc = classify(rc, out_buf, same);
        tally_add(&t, oc, what, n, rc, out_buf);
        for (const char *l = out_buf; oc == OOM_SAID && *l;) {
            char line[1024];
            size_t len = strcspn(l, "\n");
            snprintf(line, sizeof line, "%.*s", (int)len, l);
            if (strstr(line, "out of memory") && !strstr(line, " | ")) {
                fprintf(said_fp, "%s\n", line);
                nsaid++;
            }
            l += len + (l[len] == '\n');
        }
    }
    /* each of them in a form the shipped GitHub problem matcher catches:
     * file:line:col, or "regelwerk[ CMD]: error:" before any file */
    fclose(said_fp);
    char res[4096];
    int mrc = tu_runf(res, sizeof res, "python3 tests/problem_matcher.py templates/ci/regelwerk-problem-matcher.json "
                      "<%s 2>&1 | grep -v '^regelwerk' | head -5; exit $(python3 tests/problem_matcher.py "
                      "templates/ci/regelwerk-problem-matcher.json <%s >/dev/null 2>&1; echo $?)", said, said);
    if (mrc != 0)
        fprintf(stderr, "\n  oom %s: lines the problem matcher misses:\n%s", what, res);
    CU_ASSERT(mrc == 0);
    CU_ASSERT(nsaid > 0 && nsaid >= t.n[OOM_SAID]);
    unlink(said);
    fprintf(stderr, "\n  oom %s: %lu allocations at %zu sites, %lu runs (every %lu and each site's first): "
                    "%lu clean, %lu said out of memory, %lu silent, %lu unclear, %lu crashed ",
            what, total, nfirst, t.runs, step, t.n[OOM_CLEAN], t.n[OOM_SAID], t.n[OOM_SILENT], t.n[OOM_UNCLEAR],
            t.n[OOM_CRASH]);
    CU_ASSERT(tally_ok(&t));
    free(clean_out);
    free(clean_files);
    free(first);
}

static void test_oom_check(void)
{
    if (!oom_bin()) {
        fprintf(stderr, "(REGELWERK_OOM not set: run through make check) ");
        return;
    }
    /* every allocation, unless REGELWERK_OOM_CHECK_STEP says every Nth (and
     * each site's first): the sanitizer run, see the Makefile */
    const char *s = getenv("REGELWERK_OOM_CHECK_STEP");
    unsigned long step = s && strtoul(s, NULL, 10) > 0 ? strtoul(s, NULL, 10) : 1;
    sweep("check", "check", NULL, step);
}

static void test_oom_build(void)
{
    if (!oom_bin()) {
        fprintf(stderr, "(REGELWERK_OOM not set: run through make check) ");
        return;
    }
    const char *s = getenv("REGELWERK_OOM_STEP");
    unsigned long step = s && strtoul(s, NULL, 10) > 0 ? strtoul(s, NULL, 10) : OOM_BUILD_STEP;
    char dir[] = "/tmp/regelwerk-oom-XXXXXX";
    CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
    char args[128];
    snprintf(args, sizeof args, "build -o %s", dir);
    sweep("build", args, dir, step);
    empty_dir(dir);
    rmdir(dir);
}

/* The verdict cannot pass vacuously: outcomes recorded before the fixes
 * (issue #12) each fail it, and only the two good endings pass. */
static void test_oom_classifier(void)
{
    const char *clean = "coverage tiny/de: n/a, not verified (engine=\"none\")\n6 passed, 0 failed\n";
    CU_ASSERT_EQUAL(classify(0, clean, 1), OOM_CLEAN);
    CU_ASSERT_EQUAL(classify(1, "tests/fixtures/tiny/tiny/game.xml:12: error: out of memory [memory]\n", 0),
                    OOM_SAID);
    /* check, N=3: the game list lost its only game, and all was "ok" */
    CU_ASSERT_EQUAL(classify(0, "0 passed, 0 failed\n", 0), OOM_SILENT);
    /* build, N=16: a failed strdup read as a missing attribute */
    const char *font = "fonts/manifest.xml:20: error: a <font> needs file, family and licence attributes [font]\n"
                       "2 error(s), 0 warning(s)\n";
    CU_ASSERT_EQUAL(classify(1, font, 0), OOM_UNCLEAR);
    CU_ASSERT_EQUAL(classify(1, "", 0), OOM_UNCLEAR);   /* build: exit 1 in silence */
    CU_ASSERT_EQUAL(classify(139, "", 0), OOM_CRASH);  /* build N=7457: cairo's segfault */
    CU_ASSERT_EQUAL(classify(2, "usage", 0), OOM_CRASH);
    CU_ASSERT_EQUAL(classify(1, "out of memory\n==1==ERROR: LeakSanitizer: detected memory leaks\n", 0), OOM_CRASH);
    CU_ASSERT_EQUAL(classify(0, "src/x.c:1:2: runtime error: null pointer", 1), OOM_CRASH);

    /* a sweep with one bad run among good ones fails; none at all fails too */
    static const struct { int rc; const char *out; int same; } runs[] = {
        {0, "", 1}, {1, "out of memory", 0}, {0, "0 passed, 0 failed\n", 0}};
    for (size_t bad = 2; bad <= 3; bad++) {
        tally t = {0};
        for (size_t i = 0; i < bad; i++) {
            t.runs++;
            t.n[classify(runs[i].rc, runs[i].out, runs[i].same)]++;
        }
        CU_ASSERT_EQUAL(tally_ok(&t), bad == 2);
    }
    tally none = {0};
    CU_ASSERT_FALSE(tally_ok(&none));
    tally each = {0};
    for (int k = OOM_SILENT; k < OOM_KINDS; k++) {
        each.runs = 2, each.n[OOM_CLEAN] = 1, each.n[OOM_SILENT] = each.n[OOM_UNCLEAR] = each.n[OOM_CRASH] = 0;
        each.n[k] = 1;
        CU_ASSERT_FALSE(tally_ok(&each));
    }
}

void suite_oom(void);
void suite_oom(void)
{
    CU_pSuite s = CU_add_suite("oom", NULL, NULL);
    CU_add_test(s, "the verdict fails on recorded bad outcomes (silent, unclear, crash)", test_oom_classifier);
    CU_add_test(s, "check with each allocation failing: the clean output, or 'out of memory'", test_oom_check);
    CU_add_test(s, "build with every 5th allocation and each site's first failing: the same files, or 'out of "
                   "memory'",
                test_oom_build);
}
