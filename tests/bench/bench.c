/* bench.c — `make bench`: speed and memory figures, printed, never asserted.
 *
 * Machines are shared and noisy, so every figure that matters is a ratio of
 * two measurements taken in the same run, each the best of several rounds:
 *
 *  1. check: `regelwerk check` of each game (load + validate + every check)
 *     against what libxml2 alone needs to parse, XInclude and RelaxNG-validate
 *     the same files, the two measured in turns, best of 15 each. Target
 *     (issue #3): the checks add less than the parse.
 *  2. build: each game's sheets through each device, in a child process
 *     (`regelwerk build`), for wall time, peak memory (the child's maxrss),
 *     pages per second and file sizes, and libharu's bytes against cairo's
 *     for each file both build. Target (issue #20): within 1.5x.
 *
 * Run from the source tree: it reads content/ and runs out/bin/regelwerk.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xinclude.h>

#include "chk.h"
#include "cli.h"
#include "doc.h"
#include "game.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void quiet(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

/* libxml2 alone: parse, XInclude, validate every file game_load reads (the
 * icon map parsed only, as the loader does). */
static double parse_only(const game *g, xmlRelaxNGPtr schema, int rounds)
{
    double best = 1e9;
    for (int r = 0; r < rounds; r++) {
        double t0 = now();
        for (size_t i = 0; i < g->nfiles + g->nlangs; i++) {
            /* the data files, then the summaries */
            const char *f = i < g->nfiles ? g->files[i] : g->langs[i - g->nfiles].path;
            size_t n = strlen(f);
            if (n < 4 || strcmp(f + n - 4, ".xml") != 0)
                continue;
            xmlDocPtr x = xmlReadFile(f, NULL, XML_PARSE_NONET | XML_PARSE_NOBASEFIX);
            if (!x)
                continue;
            /* the game's icon map is read too, as the loader reads it: it
             * has no content schema to validate against */
            if (strstr(f, "templates/")) {
                xmlFreeDoc(x);
                continue;
            }
            xmlXIncludeProcessFlags(x, XML_PARSE_NONET | XML_PARSE_NOBASEFIX);
            xmlRelaxNGValidCtxtPtr v = xmlRelaxNGNewValidCtxt(schema);
            xmlRelaxNGSetValidErrors(v, quiet, quiet, NULL);
            xmlRelaxNGValidateDoc(v, x);
            xmlRelaxNGFreeValidCtxt(v);
            xmlFreeDoc(x);
        }
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    return best;
}

static double check_full(const cli_env *env, const char *name, int rounds, long *checks)
{
    double best = 1e9;
    doc_loader ld = {env->content, env->schema};
    for (int r = 0; r < rounds; r++) {
        diag_list diags;
        diag_list_init(&diags);
        chk_report rep = {0};
        double t0 = now();
        game *g = game_load(&ld, env->content, name, env->templates, &diags);
        if (g)
            chk_game(g, NULL, &rep, &diags);
        double t = now() - t0;
        *checks = rep.passed + rep.failed;
        game_free(g);
        chk_report_free(&rep);
        diag_list_free(&diags);
        if (t < best)
            best = t;
    }
    return best;
}

static void bench_check(const cli_env *env, char **names)
{
    const int rounds = 15;
    xmlSetGenericErrorFunc(NULL, quiet);
    xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewParserCtxt(env->schema);
    xmlRelaxNGPtr schema = xmlRelaxNGParse(pc);
    xmlRelaxNGFreeParserCtxt(pc);
    if (!schema) {
        fprintf(stderr, "bench: cannot read the schema %s\n", env->schema);
        return;
    }
    printf("check (best of %d)       parse+validate   check (all)   checks added   added/parse   checks\n",
           rounds);
    doc_loader ld = {env->content, env->schema};
    double tp = 0, tc = 0;
    for (char **n = names; *n; n++) {
        diag_list diags;
        diag_list_init(&diags);
        game *g = game_load(&ld, env->content, *n, env->templates, &diags);
        diag_list_free(&diags);
        if (!g)
            continue;
        /* interleaved, one round of each at a time, so that both see the
         * same machine: the best of each is compared */
        double p = 1e9, c = 1e9;
        long checks = 0;
        for (int r = 0; r < rounds; r++) {
            double pr = parse_only(g, schema, 1), cr = check_full(env, *n, 1, &checks);
            p = pr < p ? pr : p;
            c = cr < c ? cr : c;
        }
        game_free(g);
        tp += p;
        tc += c;
        printf("  %-22s %10.2f ms %12.2f ms %12.2f ms %12.2f %9ld\n", *n, p * 1e3, c * 1e3, (c - p) * 1e3,
               (c - p) / p, checks);
    }
    printf("  %-22s %10.2f ms %12.2f ms %12.2f ms %12.2f   (target < 1.00: %s)\n", "all", tp * 1e3, tc * 1e3,
           (tc - tp) * 1e3, (tc - tp) / tp, (tc - tp) < tp ? "met" : "NOT met");
    xmlRelaxNGFree(schema);
}

/* A file one device wrote, with its size: libharu's are set against
 * cairo's of the same name (issue #20: within 1.5x). */
typedef struct bfile {
    char name[256];
    long long size;
} bfile;

/* libharu's bytes against cairo's, file by file, for one game; the worst
 * ratio so far in *worst. */
static void print_haru_ratios(const bfile *cairo, size_t nc, const bfile *haru, size_t nh, double *worst)
{
    printf("  %-22s haru/cairo bytes (target <= 1.50):", "");
    for (size_t i = 0; i < nh; i++)
        for (size_t j = 0; j < nc; j++)
            if (strcmp(haru[i].name, cairo[j].name) == 0 && cairo[j].size > 0) {
                double r = (double)haru[i].size / (double)cairo[j].size;
                printf(" %s %.2f", haru[i].name, r);
                if (r > *worst)
                    *worst = r;
            }
    printf("\n");
}

/* Runs `regelwerk build NAME --device DEV -o DIR` and reads its figures. */
static void bench_build(const char *bin, char **names)
{
    const char *devices[] = {"cairo", "haru"};
    char dir[] = "/tmp/regelwerk-bench-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("bench: mkdtemp");
        return;
    }
    printf("\nbuild (best of 3)        device   time       peak RSS   pages  pages/s   bytes (each file)\n");
    double worst = 0;
    for (char **n = names; *n; n++) {
        bfile files[2][128];
        size_t nfiles[2] = {0, 0};
        for (size_t d = 0; d < 2; d++) {
            double best = 1e9;
            long rss = 0;
            int pages = 0, ok = 1;
            for (int r = 0; r < 3 && ok; r++) {
                char log[PATH_MAX];
                snprintf(log, sizeof log, "%s/log", dir);
                fflush(stdout);   /* or the child's freopen repeats our buffer */
                double t0 = now();
                pid_t pid = fork();
                if (pid == 0) {
                    if (!freopen(log, "w", stdout) || !freopen("/dev/null", "w", stderr))
                        _exit(127);
                    execl(bin, bin, "build", *n, "--device", devices[d], "-o", dir, (char *)NULL);
                    _exit(127);
                }
                int status;
                struct rusage ru;
                if (pid < 0 || wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
                    ok = 0;
                    break;
                }
                double t = now() - t0;
                if (t < best)
                    best = t;
                rss = ru.ru_maxrss;
                /* the quality lines: "PATH: N pages, ..." for a sheet,
                 * "PATH: N nodes, ..." for a flowchart (one page) */
                FILE *fp = fopen(log, "r");
                char line[1024];
                pages = 0;
                while (fp && fgets(line, sizeof line, fp)) {
                    const char *c = strstr(line, ": ");
                    int np, used = 0;
                    if (!c || sscanf(c + 2, "%d %n", &np, &used) != 1)
                        continue;
                    int npg;
                    if (strncmp(c + 2 + used, "page", 4) == 0)
                        pages += np;
                    else if (strncmp(c + 2 + used, "nodes", 5) == 0)
                        pages += 1;
                    else if (sscanf(c + 2 + used, "cards on %d page", &npg) == 1)
                        pages += npg;
                }
                if (fp)
                    fclose(fp);
            }
            if (!ok) {
                printf("  %-22s %-6s   build failed\n", *n, devices[d]);
                continue;
            }
            printf("  %-22s %-6s %7.1f ms %7ld KiB %6d %8.1f  ", *n, devices[d], best * 1e3, rss, pages,
                   best > 0 ? pages / best : 0.0);
            char gdir[PATH_MAX];
            snprintf(gdir, sizeof gdir, "%s/%s", dir, *n);
            DIR *dh = opendir(gdir);
            struct dirent *e;
            while (dh && (e = readdir(dh))) {
                if (e->d_name[0] == '.')
                    continue;
                char p[PATH_MAX + 256];
                struct stat st;
                snprintf(p, sizeof p, "%s/%s", gdir, e->d_name);
                if (stat(p, &st) == 0) {
                    printf(" %s %lld", e->d_name, (long long)st.st_size);
                    if (nfiles[d] < sizeof files[d] / sizeof files[d][0]) {
                        bfile *b = &files[d][nfiles[d]++];
                        snprintf(b->name, sizeof b->name, "%s", e->d_name);
                        b->size = (long long)st.st_size;
                    }
                    unlink(p);
                }
            }
            if (dh)
                closedir(dh);
            printf("\n");
            rmdir(gdir);
        }
        if (nfiles[0] && nfiles[1])
            print_haru_ratios(files[0], nfiles[0], files[1], nfiles[1], &worst);
    }
    if (worst > 0)
        printf("  %-22s haru/cairo bytes, worst file %.2f   (target <= 1.50: %s)\n", "all", worst,
               worst <= 1.5 ? "met" : "NOT met");
    char log[PATH_MAX];
    snprintf(log, sizeof log, "%s/log", dir);
    unlink(log);
    rmdir(dir);
}

int main(int argc, char **argv)
{
    const char *bin = argc > 1 ? argv[1] : "out/bin/regelwerk";
    cli_env env;
    cli_env_init(&env, NULL);
    char **names = game_names(env.content);
    if (!names) {
        fprintf(stderr, "bench: no content folder at %s\n", env.content);
        return 1;
    }
    bench_check(&env, names);
    bench_build(bin, names);
    game_names_free(names);
    doc_loader_cleanup();
    xmlCleanupParser();
    return 0;
}
