/* chk_flow.c — flowcharts: well-formed, and agreeing with the engine.
 *
 * Structure: one start; unique ids; every target exists; every decision has
 * exactly one branch per value of its engine predicate; every action names an
 * outcome the engine's procedure knows; no node unreachable; no cycle; no
 * decision branch straight to an end (every path ends in an action).
 *
 * Behaviour: the engine enumerates concrete states (boundaries included);
 * for each, the flowchart is walked (decisions evaluate the engine's
 * predicates) and the outcomes it passes are compared, in order, with what
 * the engine's own procedure does. The first disagreement of each flow is
 * reported with the diverging node and the state.
 */
#include "chk_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TRACE ENG_MAXTRACE
#define MAX_PREDS 20          /* combinations tracked exactly up to 2^20 */

/* Node ids of one flow, hashed: a flow of 20,000 decisions is looked up
 * hundreds of thousands of times, and a linear search made the check
 * quadratic in its nodes. Built once per flow; duplicates keep the first. */
typedef struct node_map {
    const game_flow *f;
    int *slot;          /* node index + 1, 0 = empty */
    size_t cap;         /* a power of two */
} node_map;

static size_t hash_id(const char *s)
{
    size_t h = 1469598103934665603u;   /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static int map_build(node_map *m, const game_flow *f)
{
    m->f = f;
    m->cap = 16;
    while (m->cap < 2 * f->nnodes + 2)
        m->cap *= 2;
    m->slot = calloc(m->cap, sizeof *m->slot);
    if (!m->slot)
        return -1;
    for (size_t i = 0; i < f->nnodes; i++) {
        const char *id = f->nodes[i].id;
        if (!id)
            continue;
        size_t k = hash_id(id) & (m->cap - 1);
        while (m->slot[k] && strcmp(f->nodes[m->slot[k] - 1].id, id) != 0)
            k = (k + 1) & (m->cap - 1);
        if (!m->slot[k])
            m->slot[k] = (int)i + 1;
    }
    return 0;
}

static void map_free(node_map *m)
{
    free(m->slot);
    m->slot = NULL;
}

/* Index of the node with this id (its first one), or -1. */
static int node_index(const node_map *m, const char *id)
{
    if (!id || !m->slot)
        return -1;
    size_t k = hash_id(id) & (m->cap - 1);
    while (m->slot[k]) {
        if (strcmp(m->f->nodes[m->slot[k] - 1].id, id) == 0)
            return m->slot[k] - 1;
        k = (k + 1) & (m->cap - 1);
    }
    return -1;
}

static int branch_value(const char *v, long *out)
{
    if (strcmp(v, "yes") == 0) {
        *out = 1;
        return 0;
    }
    if (strcmp(v, "no") == 0) {
        *out = 0;
        return 0;
    }
    return eng_parse_long(v, out);
}

static int outcome_known(const eng_ai *ai, const char *id)
{
    return eng_find_outcome(ai, id) != NULL;
}

/* The successor of node i that comes after k of them, or -2 when there are
 * no more (-1: a target that does not exist). */
static int successor(const node_map *m, size_t i, size_t k)
{
    const game_fnode *fn = &m->f->nodes[i];
    if (fn->kind == GAME_FN_DECISION)
        return k < fn->nbranches ? node_index(m, fn->branches[k].to) : -2;
    return k == 0 && fn->next ? node_index(m, fn->next) : -2;
}

/* Returns 1 when the flow is well-formed enough to be walked. */
static int check_structure(chk_ctx *c, const game_flow *f, const eng_ai *ai)
{
    int ok = 1;
    int start = -1, nstarts = 0;
    char needle[300];
    node_map map;
    if (map_build(&map, f) != 0)
        return 0;
    for (size_t i = 0; i < f->nnodes; i++) {
        const game_fnode *fn = &f->nodes[i];
        snprintf(needle, sizeof needle, "id=\"%s\"", fn->id ? fn->id : "");
        if (fn->kind == GAME_FN_START) {
            nstarts++;
            start = (int)i;
        }
        if (fn->id && node_index(&map, fn->id) != (int)i)
            ok &= chk_result(c, 0, fn->loc.file, fn->loc.line, needle, "flow-duplicate",
                             "flow \"%s\": node id \"%s\" is used twice", f->id, fn->id);
        if (fn->next)
            ok &= chk_result(c, node_index(&map, fn->next) >= 0, fn->loc.file, fn->loc.line, "next=",
                             "flow-target", "flow \"%s\": node \"%s\" continues to \"%s\", which does not exist",
                             f->id, fn->id, fn->next);
        if (fn->kind == GAME_FN_ACTION)
            ok &= chk_result(c, outcome_known(ai, fn->ref), fn->loc.file, fn->loc.line, "outcome=",
                             "flow-outcome", "flow \"%s\": the engine's %s has no outcome \"%s\"",
                             f->id, ai->id, fn->ref);
        if (fn->kind != GAME_FN_DECISION)
            continue;
        const eng_pred *p = eng_find_pred(ai, fn->ref);
        if (!chk_result(c, p != NULL, fn->loc.file, fn->loc.line, "pred=", "flow-pred",
                        "flow \"%s\": the engine's %s has no predicate \"%s\"", f->id, ai->id, fn->ref)) {
            ok = 0;
            continue;
        }
        /* exactly one branch per predicate value */
        int seen[64] = {0};
        for (size_t b = 0; b < fn->nbranches; b++) {
            const game_branch *br = &fn->branches[b];
            long v;
            int valid = branch_value(br->value, &v) == 0 && v >= 0 && v < p->nvalues && v < 64;
            ok &= chk_result(c, valid, br->loc.file, br->loc.line, "value=", "flow-branch",
                             "flow \"%s\": decision \"%s\" has a branch \"%s\", but %s takes values 0..%d",
                             f->id, fn->id, br->value, p->id, p->nvalues - 1);
            if (!valid)
                continue;
            ok &= chk_result(c, !seen[v]++, br->loc.file, br->loc.line, "value=", "flow-branch",
                             "flow \"%s\": decision \"%s\" has two branches for \"%s\"", f->id, fn->id,
                             br->value);
            int to = node_index(&map, br->to);
            ok &= chk_result(c, to >= 0, br->loc.file, br->loc.line, "to=", "flow-target",
                             "flow \"%s\": branch to \"%s\", which does not exist", f->id, br->to ? br->to : "");
            if (to >= 0)
                ok &= chk_result(c, f->nodes[to].kind != GAME_FN_END, br->loc.file, br->loc.line, "to=",
                                 "flow-dead-end", "flow \"%s\": decision \"%s\" leads straight to an end; "
                                 "every path must end in an action", f->id, fn->id);
        }
        for (int v = 0; v < p->nvalues && v < 64; v++)
            ok &= chk_result(c, seen[v] > 0, fn->loc.file, fn->loc.line, needle, "flow-branch",
                             "flow \"%s\": decision \"%s\" has no branch for %s", f->id, fn->id,
                             p->nvalues == 2 ? (v ? "yes" : "no") : "a value");
    }
    ok &= chk_result(c, nstarts == 1, f->loc.file, f->loc.line, NULL, "flow-start",
                     "flow \"%s\" has %d start nodes; it needs exactly one", f->id, nstarts);
    if (!ok) {
        map_free(&map);
        return 0;
    }

    /* Reachability and cycles: an iterative depth-first search with colours. */
    size_t n = f->nnodes;
    unsigned char *colour = calloc(n, 1);   /* 0 white, 1 on stack, 2 done */
    int *stack = malloc(n * sizeof *stack);
    size_t *next_child = calloc(n, sizeof *next_child);
    if (!colour || !stack || !next_child) {
        free(colour); free(stack); free(next_child);
        map_free(&map);
        return 0;
    }
    size_t sp = 0;
    stack[sp++] = start;
    colour[start] = 1;
    int cycle_at = -1;
    while (sp) {
        int top = stack[sp - 1];
        int s = successor(&map, (size_t)top, next_child[top]);
        if (s != -2) {
            next_child[top]++;
            if (s < 0)
                continue;
            if (colour[s] == 1 && cycle_at < 0)
                cycle_at = s;
            if (colour[s] == 0) {
                colour[s] = 1;
                stack[sp++] = s;
            }
        } else {
            colour[top] = 2;
            sp--;
        }
    }
    if (cycle_at >= 0) {
        const game_fnode *fn = &f->nodes[cycle_at];
        ok &= chk_result(c, 0, fn->loc.file, fn->loc.line, NULL, "flow-cycle",
                         "flow \"%s\": node \"%s\" is reached again from itself; a flowchart here "
                         "draws one pass and must not loop", f->id, fn->id);
    }
    for (size_t i = 0; i < n; i++) {
        const game_fnode *fn = &f->nodes[i];
        snprintf(needle, sizeof needle, "id=\"%s\"", fn->id ? fn->id : "");
        ok &= chk_result(c, colour[i] != 0, fn->loc.file, fn->loc.line, needle, "flow-unreachable",
                         "flow \"%s\": node \"%s\" cannot be reached from the start", f->id, fn->id);
    }
    free(colour); free(stack); free(next_child);
    map_free(&map);
    return ok;
}

/* ---- behaviour ------------------------------------------------------------- */

typedef struct walk_ctx {
    chk_ctx *c;
    const game_flow *f;
    const eng_ai *ai;
    const eng_pred *preds[MAX_PREDS];   /* distinct predicates of the flow */
    int npreds;
    unsigned char *hit;                 /* combination bitmap, or NULL */
    long ncombos, nhit;
    long states;
    int reported;                       /* first disagreement only */
    int failed;
    /* taken[node][branch]: some state took this branch. A branch no state
     * takes is a part of the flowchart the engine never confirmed. */
    unsigned char **taken;
    /* the flow resolved once (tens of thousands of states walk it):
     * per node its predicate, its next node, its branches' values and
     * targets */
    const eng_pred **npred;
    int *npidx;                         /* index of npred[i] in preds, or -1 */
    const char **nout;
    int *nnext;
    long **bval;
    int **bto;
    int start;
    eng_state *scratch;                 /* the procedure runs on a copy */
    int at_node;                        /* a decision is evaluated where it stands */
} walk_ctx;

static int resolve_flow(walk_ctx *w)
{
    const game_flow *f = w->f;
    node_map map;
    if (map_build(&map, f) != 0)
        return -1;
    size_t n = f->nnodes ? f->nnodes : 1;
    w->npred = calloc(n, sizeof *w->npred);
    w->npidx = calloc(n, sizeof *w->npidx);
    w->nout = calloc(n, sizeof *w->nout);
    w->nnext = calloc(n, sizeof *w->nnext);
    w->bval = calloc(n, sizeof *w->bval);
    w->bto = calloc(n, sizeof *w->bto);
    if (!w->npred || !w->npidx || !w->nout || !w->nnext || !w->bval || !w->bto) {
        map_free(&map);
        return -1;
    }
    w->start = -1;
    for (size_t i = 0; i < f->nnodes; i++) {
        const game_fnode *fn = &f->nodes[i];
        if (fn->kind == GAME_FN_START && w->start < 0)
            w->start = (int)i;
        w->nnext[i] = fn->next ? node_index(&map, fn->next) : -1;
        if (fn->kind == GAME_FN_ACTION) {
            /* the engine's own string for the outcome, so that comparing a
             * walk with the engine's trace is mostly a pointer compare */
            const eng_outcome *o = fn->ref ? eng_find_outcome(w->ai, fn->ref) : NULL;
            w->nout[i] = o ? o->id : fn->ref;
        }
        if (fn->kind != GAME_FN_DECISION)
            continue;
        w->npred[i] = eng_find_pred(w->ai, fn->ref);
        w->npidx[i] = -1;
        for (int k = 0; k < w->npreds; k++)
            if (w->preds[k] == w->npred[i])
                w->npidx[i] = k;
        w->bval[i] = calloc(fn->nbranches ? fn->nbranches : 1, sizeof **w->bval);
        w->bto[i] = calloc(fn->nbranches ? fn->nbranches : 1, sizeof **w->bto);
        if (!w->bval[i] || !w->bto[i]) {
            map_free(&map);
            return -1;
        }
        for (size_t b = 0; b < fn->nbranches; b++) {
            if (branch_value(fn->branches[b].value, &w->bval[i][b]) != 0)
                w->bval[i][b] = -1;
            w->bto[i][b] = node_index(&map, fn->branches[b].to);
        }
    }
    map_free(&map);
    return 0;
}

static void release_flow(walk_ctx *w)
{
    for (size_t i = 0; i < w->f->nnodes; i++) {
        if (w->bval)
            free(w->bval[i]);
        if (w->bto)
            free(w->bto[i]);
    }
    free(w->npred);
    free(w->npidx);
    free(w->nout);
    free(w->nnext);
    free(w->bval);
    free(w->bto);
}

static int visit(const eng_state *st, void *data)
{
    walk_ctx *w = data;
    const game_flow *f = w->f;
    w->states++;

    /* The engine's procedure runs first, on a copy, and is recorded: every
     * step it takes must name an outcome of the procedure and pass that
     * outcome's postcondition, so a step that does the wrong thing under the
     * right name is caught, not only a wrong order of names. When the flow
     * has decisions evaluated where they stand (eval_at), the state after
     * each step is kept for them. */
    if (!w->scratch)
        w->scratch = eng_state_copy(st);
    else
        eng_state_assign(w->scratch, st);
    eng_record rec;
    memset(&rec, 0, sizeof rec);
    int rc = !w->scratch ? -1
             : w->at_node ? eng_record_run_kept(w->ai, w->scratch, &rec)
                          : eng_record_run(w->ai, w->scratch, &rec);

    /* the predicates of the starting state, once per state (some are
     * costly); those evaluated where they stand get their value on the walk */
    int vals[MAX_PREDS];
    for (int i = 0; i < w->npreds; i++)
        vals[i] = w->preds[i]->eval_at ? -1 : w->preds[i]->eval(st);

    const char *flow_trace[MAX_TRACE];
    int flow_nodes[MAX_TRACE];
    int nflow = 0;
    int cur = w->start;
    int end_node = cur;
    for (size_t guard = 0; cur >= 0 && guard <= f->nnodes; guard++) {
        const game_fnode *fn = &f->nodes[cur];
        end_node = cur;
        if (fn->kind == GAME_FN_END)
            break;
        if (fn->kind == GAME_FN_DECISION) {
            const eng_pred *p = w->npred[cur];
            int v;
            if (p->eval_at) {
                /* the state after the flowchart's actions so far, as the
                 * engine's run left it at the same step */
                const eng_state *now = nflow == 0 ? st : nflow <= rec.ntrace ? rec.snap[nflow - 1] : NULL;
                v = now ? p->eval_at(st, now) : -1;
                if (w->npidx[cur] >= 0 && vals[w->npidx[cur]] < 0)
                    vals[w->npidx[cur]] = v;
            } else {
                v = w->npidx[cur] >= 0 ? vals[w->npidx[cur]] : p->eval(st);
            }
            int to = -1;
            for (size_t b = 0; b < fn->nbranches; b++) {
                if (w->bval[cur][b] == v) {
                    to = w->bto[cur][b];
                    if (w->taken && w->taken[cur])
                        w->taken[cur][b] = 1;
                }
            }
            cur = to;
            continue;
        }
        if (fn->kind == GAME_FN_ACTION && nflow < MAX_TRACE) {
            flow_nodes[nflow] = cur;
            flow_trace[nflow++] = w->nout[cur];
        }
        cur = w->nnext[cur];
    }

    /* the combination of predicate values this state realised (a decision
     * the walk never reached counts as its first value) */
    long code = 0;
    for (int i = 0; i < w->npreds; i++) {
        int v = vals[i];
        if (v < 0 || v >= w->preds[i]->nvalues)
            v = 0;
        code = code * w->preds[i]->nvalues + v;
    }
    if (w->hit && !w->hit[code]) {
        w->hit[code] = 1;
        w->nhit++;
    }

    int neng = rc == 0 && !rec.truncated ? rec.ntrace : -1;
    int i = 0;
    while (neng >= 0 && i < nflow && i < neng &&
           (flow_trace[i] == rec.trace[i] || strcmp(flow_trace[i], rec.trace[i]) == 0))
        i++;
    int agree = neng >= 0 && i == nflow && i == neng && !rec.failed && !rec.unknown;
    if (agree || w->reported) {
        w->failed |= !agree;
        eng_record_free(&rec);
        return 0;
    }
    w->failed = 1;
    w->reported = 1;
    w->c->rep->failed++;   /* one failed check per flow; the first state is named */
    char desc[512] = "";
    if (w->ai->describe)
        w->ai->describe(st, desc, sizeof desc);
    if (neng >= 0 && i == nflow && i == neng && (rec.failed || rec.unknown)) {
        /* the names agree, the effects do not */
        int k = rec.failed ? rec.failed_at : 0;
        const game_fnode *at = &f->nodes[rec.failed && k < nflow ? flow_nodes[k] : end_node];
        char needle[300];
        snprintf(needle, sizeof needle, "id=\"%s\"", at->id ? at->id : "");
        if (rec.unknown)
            diag_add(w->c->diags, DIAG_ERROR, f->loc.file, f->loc.line, 0, "flow-outcome",
                     "flow \"%s\": the engine's %s takes a step \"%s\" it does not declare as an outcome; "
                     "state: %s", f->id, w->ai->id, rec.unknown, desc);
        else
            diag_add(w->c->diags, DIAG_ERROR, at->loc.file, at->loc.line,
                     doc_src_column(at->loc.file, at->loc.line, needle), "flow-effect",
                     "flow \"%s\": at node \"%s\" (step %d) the engine's %s says \"%s\" but the state "
                     "does not show that step's effect; state: %s",
                     f->id, at->id ? at->id : "", k + 1, w->ai->id, rec.failed, desc);
        eng_record_free(&rec);
        return 0;
    }
    const game_fnode *at = &f->nodes[i < nflow ? flow_nodes[i] : end_node];
    char needle[300];
    snprintf(needle, sizeof needle, "id=\"%s\"", at->id ? at->id : "");
    diag_add(w->c->diags, DIAG_ERROR, at->loc.file, at->loc.line,
             doc_src_column(at->loc.file, at->loc.line, needle), "flow-disagrees",
             "flow \"%s\" disagrees with the engine's %s at node \"%s\" (step %d): the flowchart %s%s, "
             "the engine %s%s; state: %s",
             f->id, w->ai->id, at->id ? at->id : "", i + 1, i < nflow ? "does " : "stops",
             i < nflow ? flow_trace[i] : "",
             rc != 0 ? "fails" : rec.truncated ? "takes too many steps" : i < neng ? "does " : "stops",
             neng >= 0 && i < neng ? rec.trace[i] : "", desc);
    eng_record_free(&rec);
    return 0;
}

static void check_behaviour(chk_ctx *c, const game_flow *f, const eng_ai *ai)
{
    walk_ctx w = {0};
    w.c = c;
    w.f = f;
    w.ai = ai;
    long combos = 1;
    for (size_t i = 0; i < f->nnodes; i++) {
        if (f->nodes[i].kind != GAME_FN_DECISION)
            continue;
        const eng_pred *p = eng_find_pred(ai, f->nodes[i].ref);
        int dup = 0;
        for (int k = 0; k < w.npreds; k++)
            dup |= w.preds[k] == p;
        if (!dup && w.npreds < MAX_PREDS) {
            w.preds[w.npreds++] = p;
            w.at_node |= p->eval_at != NULL;
            combos *= p->nvalues;
        }
    }
    /* Exact combination tracking below a million; above that the engine's
     * enumeration is a seeded sample, and the report says so. */
    if (combos <= (1L << 20))
        w.hit = calloc((size_t)combos, 1);
    w.ncombos = combos;
    w.taken = calloc(f->nnodes, sizeof *w.taken);
    for (size_t i = 0; w.taken && i < f->nnodes; i++)
        if (f->nodes[i].kind == GAME_FN_DECISION && f->nodes[i].nbranches)
            w.taken[i] = calloc(f->nodes[i].nbranches, 1);
    long n = resolve_flow(&w) == 0 ? ai->enumerate(c->g->engine, 1, visit, &w) : -1;
    release_flow(&w);
    eng_state_free(w.scratch);
    /* Not every combination of all predicates can occur (one character in
     * the room cannot also be tied for fewest cards), so the combination
     * count is reported, not required. Every branch, though, is a claim of
     * the flowchart, and some state must take it for the claim to be tested. */
    for (size_t i = 0; n > 0 && w.taken && i < f->nnodes; i++) {
        const game_fnode *fn = &f->nodes[i];
        for (size_t b = 0; w.taken[i] && b < fn->nbranches; b++) {
            const game_branch *br = &fn->branches[b];
            char needle[300];
            snprintf(needle, sizeof needle, "to=\"%s\"", br->to ? br->to : "");
            chk_result(c, w.taken[i][b], br->loc.file, br->loc.line, needle, "flow-untested",
                       "flow \"%s\": no state the engine enumerates takes branch \"%s\" of \"%s\" "
                       "(%s), so the engine never confirms it", f->id, br->value ? br->value : "",
                       fn->id ? fn->id : "", fn->ref ? fn->ref : "");
        }
    }
    for (size_t i = 0; w.taken && i < f->nnodes; i++)
        free(w.taken[i]);
    free(w.taken);
    chk_result(c, n > 0, f->loc.file, f->loc.line, NULL, "flow-enumerate",
               "flow \"%s\": the engine enumerated no states for %s", f->id, ai->id);
    if (n > 0 && !w.failed)
        c->rep->passed++;   /* the flow agrees on every enumerated state */
    c->rep->flow_states += w.states;
    c->rep->flow_combos_hit += w.nhit;
    c->rep->flow_combos_total += w.hit ? combos : 0;
    diag_add(c->diags, DIAG_NOTE, f->loc.file, f->loc.line, 0, "flow-coverage",
             "flow \"%s\": %ld states, %ld of %ld combinations of its %d predicates realised%s",
             f->id, w.states, w.nhit, combos, w.npreds, w.hit ? "" : " (sampled)");
    free(w.hit);
}

void chk_flows(chk_ctx *c)
{
    const game *g = c->g;
    for (size_t i = 0; i < g->nflows; i++) {
        const game_flow *f = &g->flows[i];
        if (c->opt && c->opt->flow && strcmp(c->opt->flow, f->id) != 0)
            continue;
        const eng_ai *ai = eng_find_ai(g->engine, f->ai);
        char needle[300];
        snprintf(needle, sizeof needle, "ai=\"%s\"", f->ai ? f->ai : "");
        if (!chk_result(c, ai != NULL, f->loc.file, f->loc.line, needle, "flow-ai",
                        "flow \"%s\": the engine has no procedure \"%s\"", f->id, f->ai))
            continue;
        if (check_structure(c, f, ai))
            check_behaviour(c, f, ai);
    }
}
