/* lay_break.c — Knuth–Plass total-fit line breaking, greedy fallback. */
#include "lay_break.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

lay_break_params lay_break_defaults(void)
{
    lay_break_params p = {
        .tolerance = 200,
        .line_penalty = 10,
        .double_hyphen_demerits = 10000,
        .final_hyphen_demerits = 5000,
        .adj_demerits = 10000,
        .runt_width = 0,
        .runt_demerits = 0,
    };
    return p;
}

double lay_badness(double r)
{
    if (r < 0)
        r = -r;
    double b = 100.0 * r * r * r;
    return b > LAY_INF_BAD ? LAY_INF_BAD : b;
}

/* Running totals, so that a line's width is a difference of two sums. */
typedef struct sums {
    double w, y, z;
} sums;

/* A breakpoint considered: kept for the whole run so the chosen chain can
 * be walked back; `active` says whether it may still start a line. */
typedef struct bnode {
    size_t pos;
    size_t line;        /* lines ending at this break */
    int fitness;
    int hyphenated;
    double demerits;    /* total from the paragraph start */
    double ratio, natural;
    sums after;         /* totals after the break's discardable items */
    long prev;          /* index of the previous break, -1 at the start */
} bnode;

typedef struct kp {
    const lay_item *it;
    size_t n;
    const double *widths;
    size_t nwidths;
    const lay_break_params *p;
    double tolerance;
    double emergency;   /* extra stretch per line in the emergency pass */
    sums *sum;          /* sum[i]: totals of items [0, i) */
    bnode *nodes;
    size_t nn, cap;
    size_t *active;
    size_t na, acap;
} kp;

static double line_width(const kp *k, size_t line)
{
    return line < k->nwidths ? k->widths[line] : k->widths[k->nwidths - 1];
}

static int fitness_of(double r)
{
    if (r < -0.5)
        return 3;   /* tight */
    if (r <= 0.5)
        return 2;   /* decent */
    if (r <= 1)
        return 1;   /* loose */
    return 0;       /* very loose */
}

static long push_node(kp *k, const bnode *b)
{
    if (k->nn == k->cap) {
        size_t cap = k->cap ? k->cap * 2 : 64;
        bnode *nb = realloc(k->nodes, cap * sizeof *nb);
        if (!nb)
            return -1;
        k->nodes = nb;
        k->cap = cap;
    }
    k->nodes[k->nn] = *b;
    return (long)k->nn++;
}

static int push_active(kp *k, size_t idx)
{
    if (k->na == k->acap) {
        size_t cap = k->acap ? k->acap * 2 : 32;
        size_t *a = realloc(k->active, cap * sizeof *a);
        if (!a)
            return -1;
        k->active = a;
        k->acap = cap;
    }
    k->active[k->na++] = idx;
    return 0;
}

/* Totals after a break at b: the discardable glue and penalties that follow
 * it vanish at the start of the next line. */
static sums after_break(const kp *k, size_t b)
{
    sums s = k->sum[b];
    for (size_t i = b; i < k->n; i++) {
        if (k->it[i].type == LAY_BOX)
            break;
        if (k->it[i].type == LAY_PENALTY && k->it[i].penalty <= -LAY_INF && i > b)
            break;
        if (k->it[i].type == LAY_GLUE) {
            s.w += k->it[i].width;
            s.y += k->it[i].stretch;
            s.z += k->it[i].shrink;
        }
    }
    return s;
}

static int is_legal(const kp *k, size_t i)
{
    const lay_item *x = &k->it[i];
    if (x->type == LAY_PENALTY)
        return x->penalty < LAY_INF;
    if (x->type == LAY_GLUE)
        return i > 0 && k->it[i - 1].type == LAY_BOX;
    return 0;
}

/* One pass at k->tolerance. Returns the index of the best final node, -1
 * when no feasible set of breaks exists, -2 on allocation failure. */
static long kp_pass(kp *k)
{
    k->nn = 0;
    k->na = 0;
    bnode start = {0};
    start.prev = -1;
    start.fitness = 2;
    start.after = after_break(k, 0);
    start.pos = 0;
    long s0 = push_node(k, &start);
    if (s0 < 0 || push_active(k, (size_t)s0) != 0)
        return -2;
    /* the first break may not be at 0 itself: the start node is position 0
     * with totals 0 (leading glue is not discarded at a paragraph start) */
    k->nodes[s0].after = k->sum[0];

    const lay_break_params *p = k->p;
    for (size_t b = 0; b < k->n; b++) {
        if (!is_legal(k, b))
            continue;
        const lay_item *x = &k->it[b];
        double pen = x->type == LAY_PENALTY ? x->penalty : 0;
        int forced = x->type == LAY_PENALTY && pen <= -LAY_INF;
        int flagged = x->type == LAY_PENALTY && x->flagged;
        double extra = x->type == LAY_PENALTY ? x->width : 0;
        /* best candidate per fitness class */
        double best_d[4] = {INFINITY, INFINITY, INFINITY, INFINITY};
        long best_from[4] = {-1, -1, -1, -1};
        double best_r[4] = {0}, best_nat[4] = {0};
        size_t keep = 0;
        for (size_t ai = 0; ai < k->na; ai++) {
            size_t a = k->active[ai];
            const bnode *A = &k->nodes[a];
            double L = line_width(k, A->line);
            double nat = k->sum[b].w - A->after.w + extra - (p->protrude ? p->protrude[b] : 0);
            double y = k->sum[b].y - A->after.y + p->right_stretch + k->emergency,
                   z = k->sum[b].z - A->after.z;
            double r;
            if (nat < L)
                r = y > 0 ? (L - nat) / y : LAY_INF_BAD;
            else if (nat > L)
                r = z > 0 ? (L - nat) / z : -LAY_INF_BAD;
            else
                r = 0;
            int deactivate = r < -1 || forced;
            if (r >= -1) {
                double bad = r > 0 && y <= 0 ? LAY_INF_BAD : lay_badness(r);
                if (bad <= k->tolerance) {
                    double d = p->line_penalty + bad;
                    d *= d;
                    if (pen >= 0)
                        d += pen * pen;
                    else if (pen > -LAY_INF)
                        d -= pen * pen;
                    if (flagged && A->hyphenated)
                        d += p->double_hyphen_demerits;
                    if (forced && A->hyphenated)
                        d += p->final_hyphen_demerits;
                    int fit = fitness_of(r);
                    if (abs(fit - A->fitness) > 1)
                        d += p->adj_demerits;
                    /* the last line: a runt (one short word) looks unfinished */
                    if (forced && p->runt_width > 0 && nat < p->runt_width && A->line > 0)
                        d += p->runt_demerits;
                    if (p->loose_demerits > 0 && r > p->loose_ratio && !forced)
                        d += p->loose_demerits * (r - p->loose_ratio);
                    d += A->demerits;
                    if (d < best_d[fit]) {
                        best_d[fit] = d;
                        best_from[fit] = (long)a;
                        best_r[fit] = r;
                        best_nat[fit] = nat;
                    }
                }
            }
            if (!deactivate)
                k->active[keep++] = a;
        }
        k->na = keep;
        sums aft = after_break(k, b);
        for (int f = 0; f < 4; f++) {
            if (best_from[f] < 0)
                continue;
            bnode nb = {0};
            nb.pos = b;
            nb.line = k->nodes[best_from[f]].line + 1;
            nb.fitness = f;
            nb.hyphenated = flagged;
            nb.demerits = best_d[f];
            nb.ratio = best_r[f];
            nb.natural = best_nat[f];
            nb.after = aft;
            nb.prev = best_from[f];
            long idx = push_node(k, &nb);
            if (idx < 0 || push_active(k, (size_t)idx) != 0)
                return -2;
        }
        if (forced) {
            /* a forced break ends every line before it; only nodes at b remain */
            long best = -1;
            for (size_t ai = 0; ai < k->na; ai++) {
                const bnode *A = &k->nodes[k->active[ai]];
                if (A->pos == b && (best < 0 || A->demerits < k->nodes[best].demerits))
                    best = (long)k->active[ai];
            }
            if (b == k->n - 1 || best < 0)
                return best;
            /* a forced break inside the paragraph (a line break): continue
             * from the best node only */
            k->na = 0;
            if (push_active(k, (size_t)best) != 0)
                return -2;
        }
        if (k->na == 0)
            return -1;
    }
    return -1;
}

static int collect(const kp *k, long last, lay_break_result *out)
{
    size_t count = 0;
    for (long i = last; i >= 0 && k->nodes[i].prev >= 0; i = k->nodes[i].prev)
        count++;
    out->lines = calloc(count ? count : 1, sizeof *out->lines);
    if (!out->lines)
        return -1;
    out->n = count;
    out->demerits = k->nodes[last].demerits;
    size_t li = count;
    for (long i = last; i >= 0 && k->nodes[i].prev >= 0; i = k->nodes[i].prev) {
        const bnode *B = &k->nodes[i], *A = &k->nodes[B->prev];
        lay_line *l = &out->lines[--li];
        l->end = B->pos;
        /* the line starts at the first item the previous break did not discard */
        size_t s = A->prev < 0 ? 0 : A->pos;
        if (A->prev >= 0) {
            while (s < k->n && k->it[s].type != LAY_BOX &&
                   !(k->it[s].type == LAY_PENALTY && k->it[s].penalty <= -LAY_INF && s > A->pos))
                s++;
        }
        l->start = s;
        l->ratio = B->ratio;
        l->natural = B->natural;
        l->width = line_width(k, A->line);
        double y = k->sum[B->pos].y - A->after.y + k->p->right_stretch;
        /* the emergency stretch only chose the breaks: the line is set, and
         * its badness measured, with the stretch it really has */
        if (k->emergency > 0 && l->natural < l->width)
            l->ratio = y > 0 ? (l->width - l->natural) / y : LAY_INF_BAD;
        l->badness = (l->ratio > 0 && y <= 0) ? LAY_INF_BAD : lay_badness(l->ratio);
        l->hyphenated = B->hyphenated;
        l->overfull = 0;
        l->protrude = k->p->protrude ? k->p->protrude[B->pos] : 0;
    }
    return 0;
}

static double worst_badness(const lay_break_result *r)
{
    double w = 0;
    for (size_t i = 0; i + 1 < r->n; i++)
        if (r->lines[i].badness > w)
            w = r->lines[i].badness;
    return w;
}

int lay_break(const lay_item *items, size_t n, const double *widths, size_t nwidths,
              const lay_break_params *p, lay_break_result *out)
{
    memset(out, 0, sizeof *out);
    if (!n || !nwidths || items[n - 1].type != LAY_PENALTY || items[n - 1].penalty > -LAY_INF)
        return -1;
    kp k = {.it = items, .n = n, .widths = widths, .nwidths = nwidths, .p = p};
    k.sum = malloc((n + 1) * sizeof *k.sum);
    if (!k.sum)
        return -1;
    k.sum[0] = (sums){0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        k.sum[i + 1] = k.sum[i];
        if (items[i].type != LAY_PENALTY) {
            k.sum[i + 1].w += items[i].width;
            k.sum[i + 1].y += items[i].stretch;
            k.sum[i + 1].z += items[i].shrink;
        }
    }
    int rc = -1;
    /* pass 1 within the tolerance; pass 2 the same with the emergency
     * stretch (TeX's third pass); pass 3 with any stretch (underfull lines
     * are then reported by the caller's measures) */
    /* The emergency pass optimises a pretended stretch, so it is not always
     * better in fact: when pass 1 fails, both later passes run and the one
     * whose loosest line (the last line aside) is tighter wins. */
    lay_break_result alt;
    memset(&alt, 0, sizeof alt);
    int oom = 0;
    for (int pass = 1; pass <= 3; pass++) {
        if (pass == 2 && p->emergency_stretch <= 0)
            continue;
        k.tolerance = pass == 3 ? LAY_INF_BAD : p->tolerance;
        k.emergency = pass == 2 ? p->emergency_stretch : 0;
        long last = kp_pass(&k);
        if (last == -2) {
            oom = 1;
            break;
        }
        if (last < 0)
            continue;
        lay_break_result *dst = rc == 0 ? &alt : out;
        if (collect(&k, last, dst) != 0) {
            oom = 1;
            break;
        }
        dst->pass = pass;
        if (pass == 1) {
            rc = 0;
            break;
        }
        if (rc == 0) {
            /* out holds the emergency result, alt the pass-3 one */
            if (worst_badness(&alt) < worst_badness(out)) {
                lay_break_result tmp = *out;
                *out = alt;
                alt = tmp;
            }
            lay_break_result_free(&alt);
            break;
        }
        rc = 0;
    }
    free(k.sum);
    free(k.nodes);
    free(k.active);
    if (oom) {
        /* never the greedy lines, nor a pass short of the one that would
         * have won, in place of the paragraph there was no memory for */
        lay_break_result_free(out);
        return -1;
    }
    if (rc == 0 || out->lines)
        return rc;
    /* no way without an overfull line: greedy, flagged */
    return lay_break_greedy(items, n, widths, nwidths, p->right_stretch, out);
}

int lay_break_greedy(const lay_item *items, size_t n, const double *widths, size_t nwidths,
                     double right_stretch, lay_break_result *out)
{
    memset(out, 0, sizeof *out);
    if (!n || !nwidths)
        return -1;
    size_t cap = 16;
    out->lines = malloc(cap * sizeof *out->lines);
    if (!out->lines)
        return -1;
    out->pass = 4;
    out->greedy = 1;
    size_t start = 0;
    while (start < n) {
        double L = widths[out->n < nwidths ? out->n : nwidths - 1];
        double w = 0, y = right_stretch, z = 0;
        size_t last_ok = (size_t)-1;
        double lw = 0, ly = 0, lz = 0;
        size_t i;
        for (i = start; i < n; i++) {
            const lay_item *x = &items[i];
            int legal = (x->type == LAY_PENALTY && x->penalty < LAY_INF) ||
                        (x->type == LAY_GLUE && i > start && items[i - 1].type == LAY_BOX);
            if (legal) {
                double extra = x->type == LAY_PENALTY ? x->width : 0;
                if (w + extra - z <= L || last_ok == (size_t)-1) {
                    last_ok = i;
                    lw = w + extra;
                    ly = y;
                    lz = z;
                }
                if (w + extra - z > L)
                    break;
                if (x->type == LAY_PENALTY && x->penalty <= -LAY_INF)
                    break;
            }
            if (x->type != LAY_PENALTY) {
                w += x->width;
                y += x->stretch;
                z += x->shrink;
            }
        }
        if (last_ok == (size_t)-1)
            last_ok = n - 1;
        if (out->n == cap) {
            cap *= 2;
            lay_line *nl = realloc(out->lines, cap * sizeof *nl);
            if (!nl) {
                lay_break_result_free(out);
                return -1;
            }
            out->lines = nl;
        }
        lay_line *l = &out->lines[out->n++];
        l->start = start;
        l->end = last_ok;
        l->natural = lw;
        l->width = L;
        int final = items[last_ok].type == LAY_PENALTY && items[last_ok].penalty <= -LAY_INF;
        if (lw < L)
            l->ratio = ly > 0 ? (L - lw) / ly : (final ? 0 : LAY_INF_BAD);
        else if (lw > L)
            l->ratio = lz > 0 ? (L - lw) / lz : -LAY_INF_BAD;
        else
            l->ratio = 0;
        l->overfull = l->ratio < -1;
        if (l->overfull)
            l->ratio = -1;   /* set fully shrunk; the rest sticks out */
        l->badness = l->overfull ? LAY_INF_BAD : lay_badness(l->ratio);
        l->hyphenated = items[last_ok].type == LAY_PENALTY && items[last_ok].flagged;
        if (last_ok >= n - 1)
            break;
        /* skip what the break discards */
        start = last_ok + 1;
        while (start < n && items[start].type != LAY_BOX &&
               !(items[start].type == LAY_PENALTY && items[start].penalty <= -LAY_INF))
            start++;
        if (start >= n)
            break;
    }
    return 0;
}

void lay_break_result_free(lay_break_result *r)
{
    free(r->lines);
    memset(r, 0, sizeof *r);
}
