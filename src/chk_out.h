/* chk_out.h — `check`'s result in the formats tools read: JSON (our own,
 * versioned), SARIF 2.1.0 (GitHub code scanning and other SARIF viewers) and
 * JUnit XML (CI test reports). All written with libraries (json-c, libxml2),
 * so every string is escaped as its format wants.
 *
 * The JSON shape, version 1:
 *   {"version": 1, "passed": N, "failed": N, "skipped": N,
 *    "coverage": [{"game", "lang", "verified", "statements", "statements_bound",
 *                  "blocks", "blocks_bound", "claims", "marked", "target"|null}],
 *    "flowcharts": {"states", "combinations_realised", "combinations"},
 *    "diagnostics": [{"file"|null, "line"|null, "column"|null, "severity",
 *                     "id"|null, "message"}]}
 * null stands for an unknown value (no file, no line, no target).
 */
#ifndef REGELWERK_CHK_OUT_H
#define REGELWERK_CHK_OUT_H

#include <stdio.h>

#include "chk.h"

/* 0, or -1 when out of memory or the stream failed. */
int chk_out_json(FILE *fp, const chk_report *rep, const diag_list *diags);
int chk_out_sarif(FILE *fp, const chk_report *rep, const diag_list *diags);
int chk_out_junit(FILE *fp, const chk_report *rep, const diag_list *diags);

/* The "diagnostics" array of the JSON shape above, for other commands'
 * reports (build --report json); the caller owns it (json_object_put). */
struct json_object;
struct json_object *chk_out_diag_json(const diag_list *diags);

#endif
