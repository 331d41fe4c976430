/* chk.h — the consistency checker: the printed rules against the engine.
 *
 * Per game and language it checks structure (ids, references), every bound
 * number and claim against the engine's measured facts, every worked example
 * (scenario run twice, prose values equal to the scenario), every flowchart
 * (well-formed, and agreeing with the engine's procedure on every enumerated
 * state), cards against the engine's statuses, translations against their
 * source, and rules coverage.
 *
 * Every check counts as passed or failed; each failure is an error in diags
 * with file:line:col. Ownership: chk_report owns its coverage rows;
 * chk_report_free() releases them.
 */
#ifndef REGELWERK_CHK_H
#define REGELWERK_CHK_H

#include "diag.h"
#include "game.h"

typedef struct chk_coverage {
    char *game, *lang;
    int bound, total;     /* rule blocks: bound / mechanical */
    /* statements: numbers and rule words a player reads; bound ones are in
     * <num>, <val> or <word>; unbound numbers are errors, unbound rule words
     * lower the figure */
    int stmt_bound, stmt_total, words_unbound;
    int claims;           /* invisible <claim>s */
    int marked;           /* rule blocks marked advice/flavour/reference */
    int target;           /* percent, -1 when none */
    int unverified;       /* engine="none": no figures */
} chk_coverage;

typedef struct chk_report {
    long passed, failed, skipped;
    chk_coverage *cov;
    size_t ncov;
    /* flowchart combinations realised by the enumerated states */
    long flow_states, flow_combos_hit, flow_combos_total;
} chk_report;

typedef struct chk_options {
    int list_unbound;     /* --coverage: list unbound mechanical blocks as notes */
    int only_extra;       /* run only the extra scenarios (check --examples) */
    const char *lang;     /* check only this language (and its source), or NULL:
                             building German is not held up by an Italian
                             translation that has gone stale */
    const char *flow;     /* check only this flow of the game's flows, or NULL:
                             a build of that one chart (build --flow) is not
                             held up by, nor waits for, the flows it does not
                             print (Sine Tempore's seven took 83 % of one
                             chart's build) */
} chk_options;

/* Runs every check of g (opt NULL: every check, every language and flow).
 * Returns 0 when nothing failed. */
int chk_game(const game *g, const chk_options *opt, chk_report *rep, diag_list *diags);

/* Runs the scenarios [first, g->nscenarios) only (extra scenario files). */
int chk_scenarios(const game *g, size_t first, chk_report *rep, diag_list *diags);

void chk_report_free(chk_report *rep);

#endif
