/* test_lay_break.c — Knuth–Plass: optimal against exhaustive search, better
 * than greedy, TeX's hyphen demerits, the runt penalty, and the greedy
 * fallback flagged with its overfull lines. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lay_break.h"

/* ---- an exhaustive reference: every set of breaks, same demerits -------- */

typedef struct ref {
    const lay_item *it;
    size_t n;
    double width;
    lay_break_params p;
    double best;
} ref;

static double after_w(const ref *r, size_t a, double *y, double *z, int start)
{
    /* totals of items [0, first item of the next line) */
    double w = 0;
    *y = *z = 0;
    size_t end = a;
    if (!start) {
        while (end < r->n && r->it[end].type != LAY_BOX)
            end++;
    }
    for (size_t i = 0; i < end; i++) {
        if (r->it[i].type != LAY_PENALTY)
            w += r->it[i].width;
        if (r->it[i].type == LAY_GLUE) {
            *y += r->it[i].stretch;
            *z += r->it[i].shrink;
        }
    }
    return w;
}

static int legal(const ref *r, size_t i)
{
    if (r->it[i].type == LAY_PENALTY)
        return r->it[i].penalty < LAY_INF;
    return r->it[i].type == LAY_GLUE && i > 0 && r->it[i - 1].type == LAY_BOX;
}

static int fitness(double x)
{
    return x < -0.5 ? 3 : x <= 0.5 ? 2 : x <= 1 ? 1 : 0;
}

static void search(ref *r, size_t a, int start, int fit, int hyph, double dem)
{
    double ya, za, yb, zb;
    double wa = after_w(r, a, &ya, &za, start);
    for (size_t b = a + (start ? 0 : 1); b < r->n; b++) {
        if (!legal(r, b))
            continue;
        const lay_item *x = &r->it[b];
        double wb = after_w(r, b, &yb, &zb, 1);
        double extra = x->type == LAY_PENALTY ? x->width : 0;
        double nat = wb - wa + extra, y = yb - ya, z = zb - za;
        double ratio = nat < r->width ? (y > 0 ? (r->width - nat) / y : LAY_INF_BAD)
                       : nat > r->width ? (z > 0 ? (r->width - nat) / z : -LAY_INF_BAD) : 0;
        if (ratio < -1)
            break;   /* longer lines only get worse */
        double bad = ratio > 0 && y <= 0 ? LAY_INF_BAD : lay_badness(ratio);
        int forced = x->type == LAY_PENALTY && x->penalty <= -LAY_INF;
        if (bad <= r->p.tolerance) {
            double pen = x->type == LAY_PENALTY ? x->penalty : 0;
            double d = (r->p.line_penalty + bad) * (r->p.line_penalty + bad);
            if (pen >= 0)
                d += pen * pen;
            else if (pen > -LAY_INF)
                d -= pen * pen;
            int flagged = x->type == LAY_PENALTY && x->flagged;
            if (flagged && hyph)
                d += r->p.double_hyphen_demerits;
            if (forced && hyph)
                d += r->p.final_hyphen_demerits;
            int f = fitness(ratio);
            if (abs(f - fit) > 1)
                d += r->p.adj_demerits;
            if (forced) {
                if (dem + d < r->best)
                    r->best = dem + d;
            } else {
                search(r, b, 0, f, flagged, dem + d);
            }
        }
        if (forced)
            break;
    }
}

/* A paragraph of nwords random words, some with a hyphenation point. */
static size_t random_para(lay_item *it, unsigned *seed, int nwords)
{
    size_t n = 0;
    for (int w = 0; w < nwords; w++) {
        if (w)
            it[n++] = (lay_item){LAY_GLUE, 6, 3, 2, 0, 0};
        double len = 8 + (double)(rand_r(seed) % 40);
        if (rand_r(seed) % 3 == 0) {
            it[n++] = (lay_item){LAY_BOX, len / 2, 0, 0, 0, 0};
            it[n++] = (lay_item){LAY_PENALTY, 4, 0, 0, 50, 1};
            it[n++] = (lay_item){LAY_BOX, len / 2, 0, 0, 0, 0};
        } else {
            it[n++] = (lay_item){LAY_BOX, len, 0, 0, 0, 0};
        }
    }
    it[n++] = (lay_item){LAY_PENALTY, 0, 0, 0, LAY_INF, 0};
    it[n++] = (lay_item){LAY_GLUE, 0, LAY_FIL, 0, 0, 0};
    it[n++] = (lay_item){LAY_PENALTY, 0, 0, 0, -LAY_INF, 0};
    return n;
}

static void test_optimal_against_exhaustive(void)
{
    unsigned seed = 7;
    int compared = 0;
    for (int trial = 0; trial < 60; trial++) {
        lay_item it[128];
        size_t n = random_para(it, &seed, 10 + trial % 8);
        double width = 110 + (trial % 5) * 15;
        lay_break_params p = lay_break_defaults();
        p.tolerance = 2000;   /* wide enough that most trials have a solution */
        ref r = {it, n, width, p, INFINITY};
        search(&r, 0, 1, 2, 0, 0);
        lay_break_result res;
        CU_ASSERT_EQUAL_FATAL(lay_break(it, n, &width, 1, &p, &res), 0);
        if (isfinite(r.best)) {
            CU_ASSERT_EQUAL(res.pass, 1);
            CU_ASSERT_DOUBLE_EQUAL(res.demerits, r.best, 1e-6 * r.best + 1e-6);
            compared++;
        }
        /* lines cover the paragraph in order, each ends where the next starts */
        CU_ASSERT_EQUAL(res.lines[res.n - 1].end, n - 1);
        for (size_t i = 1; i < res.n; i++)
            CU_ASSERT(res.lines[i].start > res.lines[i - 1].end);
        lay_break_result_free(&res);
    }
    CU_ASSERT(compared >= 40);
}

/* The classic case: first-fit fills the first line and leaves the second
 * very loose; total fit shares the space. */
static void test_better_than_greedy(void)
{
    unsigned seed = 3;
    int better = 0;
    for (int trial = 0; trial < 30; trial++) {
        lay_item it[128];
        size_t n = random_para(it, &seed, 16);
        double width = 140;
        lay_break_params p = lay_break_defaults();
        lay_break_result kp, gr;
        CU_ASSERT_EQUAL_FATAL(lay_break(it, n, &width, 1, &p, &kp), 0);
        CU_ASSERT_EQUAL_FATAL(lay_break_greedy(it, n, &width, 1, 0, &gr), 0);
        CU_ASSERT_FALSE(kp.greedy);
        CU_ASSERT_TRUE(gr.greedy);
        double wk = 0, wg = 0;
        for (size_t i = 0; i + 1 < kp.n; i++)
            wk = fmax(wk, kp.lines[i].badness);
        for (size_t i = 0; i + 1 < gr.n; i++)
            wg = fmax(wg, gr.lines[i].badness);
        CU_ASSERT(wk <= wg + 1e-9);
        if (wk < wg)
            better++;
        lay_break_result_free(&kp);
        lay_break_result_free(&gr);
    }
    CU_ASSERT(better > 5);
}

/* Longest run of hyphenated line ends. */
static int hyphen_run(const lay_break_result *r)
{
    int run = 0, worst = 0;
    for (size_t i = 0; i < r->n; i++) {
        run = r->lines[i].hyphenated ? run + 1 : 0;
        worst = run > worst ? run : worst;
    }
    return worst;
}

/* Words of two 30 pt halves with a hyphenation point between them. */
static size_t hyphen_para(lay_item *it, int words, double hyphen_penalty)
{
    size_t n = 0;
    for (int w = 0; w < words; w++) {
        if (w)
            it[n++] = (lay_item){LAY_GLUE, 6, 3, 2, 0, 0};
        it[n++] = (lay_item){LAY_BOX, 30, 0, 0, 0, 0};
        it[n++] = (lay_item){LAY_PENALTY, 4, 0, 0, hyphen_penalty, 1};
        it[n++] = (lay_item){LAY_BOX, 30, 0, 0, 0, 0};
    }
    it[n++] = (lay_item){LAY_PENALTY, 0, 0, 0, LAY_INF, 0};
    it[n++] = (lay_item){LAY_GLUE, 0, LAY_FIL, 0, 0, 0};
    it[n++] = (lay_item){LAY_PENALTY, 0, 0, 0, -LAY_INF, 0};
    return n;
}

/* Two hyphenated lines in a row cost double_hyphen_demerits. Planted (a
 * measure where every line wants a hyphen, no double-hyphen cost) the lines
 * stack hyphens; TeX's 10000 never gives more stacked hyphens than none. */
static void test_double_hyphen(void)
{
    lay_item it[64];
    size_t n = hyphen_para(it, 8, -500);
    double width = 70;   /* half + space + half + hyphen: exactly a line */
    lay_break_params p = lay_break_defaults();
    p.tolerance = 10000;
    p.double_hyphen_demerits = 0;
    lay_break_result r;
    CU_ASSERT_EQUAL_FATAL(lay_break(it, n, &width, 1, &p, &r), 0);
    CU_ASSERT(hyphen_run(&r) >= 3);
    lay_break_result_free(&r);

    for (double w = 90; w <= 150; w += 10) {
        n = hyphen_para(it, 8, 50);
        lay_break_params q = lay_break_defaults();
        q.tolerance = 10000;
        lay_break_result with, without;
        CU_ASSERT_EQUAL_FATAL(lay_break(it, n, &w, 1, &q, &with), 0);
        q.double_hyphen_demerits = 0;
        CU_ASSERT_EQUAL_FATAL(lay_break(it, n, &w, 1, &q, &without), 0);
        CU_ASSERT(hyphen_run(&with) <= hyphen_run(&without));
        lay_break_result_free(&with);
        lay_break_result_free(&without);
    }
}

/* A last line of one short word is avoided when runts cost demerits. */
static void test_runt(void)
{
    lay_item it[64];
    size_t n = 0;
    for (int w = 0; w < 10; w++) {
        if (w)
            it[n++] = (lay_item){LAY_GLUE, 6, 3, 2, 0, 0};
        it[n++] = (lay_item){LAY_BOX, 20, 0, 0, 0, 0};
    }
    it[n++] = (lay_item){LAY_PENALTY, 0, 0, 0, LAY_INF, 0};
    it[n++] = (lay_item){LAY_GLUE, 0, LAY_FIL, 0, 0, 0};
    it[n++] = (lay_item){LAY_PENALTY, 0, 0, 0, -LAY_INF, 0};
    double width = 72;   /* three words and two spaces fill a line exactly */
    lay_break_params p = lay_break_defaults();
    p.tolerance = 10000;
    lay_break_result r;
    CU_ASSERT_EQUAL_FATAL(lay_break(it, n, &width, 1, &p, &r), 0);
    CU_ASSERT(r.lines[r.n - 1].natural < 30);   /* without: the runt */
    lay_break_result_free(&r);
    p.runt_width = 30;
    p.runt_demerits = 1e9;
    CU_ASSERT_EQUAL_FATAL(lay_break(it, n, &width, 1, &p, &r), 0);
    CU_ASSERT(r.lines[r.n - 1].natural >= 30);  /* with: a fuller last line */
    lay_break_result_free(&r);
}

/* A box wider than the measure: no total-fit solution; the greedy fallback
 * is used, flagged, and the overfull line is marked. */
static void test_overfull_fallback(void)
{
    lay_item it[] = {
        {LAY_BOX, 20, 0, 0, 0, 0},  {LAY_GLUE, 6, 3, 2, 0, 0}, {LAY_BOX, 150, 0, 0, 0, 0},
        {LAY_GLUE, 6, 3, 2, 0, 0},  {LAY_BOX, 20, 0, 0, 0, 0}, {LAY_PENALTY, 0, 0, 0, LAY_INF, 0},
        {LAY_GLUE, 0, LAY_FIL, 0, 0, 0}, {LAY_PENALTY, 0, 0, 0, -LAY_INF, 0},
    };
    double width = 100;
    lay_break_params p = lay_break_defaults();
    lay_break_result r;
    CU_ASSERT_EQUAL_FATAL(lay_break(it, sizeof it / sizeof it[0], &width, 1, &p, &r), 0);
    CU_ASSERT_TRUE(r.greedy);
    CU_ASSERT_EQUAL(r.pass, 4);
    int over = 0;
    for (size_t i = 0; i < r.n; i++)
        over += r.lines[i].overfull;
    CU_ASSERT_EQUAL(over, 1);
    lay_break_result_free(&r);
}

/* Ragged right: spaces keep their width, the line end takes the slack. */
static void test_ragged(void)
{
    unsigned seed = 11;
    lay_item it[128];
    size_t n = random_para(it, &seed, 14);
    for (size_t i = 0; i < n; i++)
        if (it[i].type == LAY_GLUE && it[i].stretch < LAY_FIL)
            it[i].stretch = it[i].shrink = 0;
    double width = 130;
    lay_break_params p = lay_break_defaults();
    p.right_stretch = 30;
    lay_break_result r;
    CU_ASSERT_EQUAL_FATAL(lay_break(it, n, &width, 1, &p, &r), 0);
    CU_ASSERT_FALSE(r.greedy);
    for (size_t i = 0; i < r.n; i++)
        CU_ASSERT(r.lines[i].natural <= width + 1e-9);
    lay_break_result_free(&r);
}

static void test_malformed(void)
{
    lay_item it[] = {{LAY_BOX, 20, 0, 0, 0, 0}};
    double width = 100;
    lay_break_params p = lay_break_defaults();
    lay_break_result r;
    CU_ASSERT_EQUAL(lay_break(it, 1, &width, 1, &p, &r), -1);   /* no final forced break */
    CU_ASSERT_EQUAL(r.n, 0);
    CU_ASSERT_DOUBLE_EQUAL(lay_badness(1), 100, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(lay_badness(-0.5), 12.5, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(lay_badness(10), LAY_INF_BAD, 1e-9);
}

void suite_lay_break(void);
void suite_lay_break(void)
{
    CU_pSuite s = CU_add_suite("lay_break", NULL, NULL);
    CU_add_test(s, "total fit equals the exhaustive optimum", test_optimal_against_exhaustive);
    CU_add_test(s, "total fit is never worse than greedy", test_better_than_greedy);
    CU_add_test(s, "double-hyphen demerits prevent stacks; planted, they appear", test_double_hyphen);
    CU_add_test(s, "runt penalty", test_runt);
    CU_add_test(s, "overfull box: greedy fallback flagged", test_overfull_fallback);
    CU_add_test(s, "ragged right", test_ragged);
    CU_add_test(s, "malformed input and badness", test_malformed);
}
