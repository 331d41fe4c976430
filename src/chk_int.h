/* chk_int.h — what the checker's files share; not part of the public API. */
#ifndef REGELWERK_CHK_INT_H
#define REGELWERK_CHK_INT_H

#include "chk.h"

typedef struct chk_ctx {
    const game *g;
    const chk_options *opt;
    chk_report *rep;
    diag_list *diags;
} chk_ctx;

/* Records one check: passed when ok, else an error at file:line(:col found
 * from needle in the source line). Returns ok. */
int chk_result(chk_ctx *c, int ok, const char *file, int line, const char *needle,
               const char *code, const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* Measured value of a fact (cached per run). 0, or -1 with a diagnostic. */
int chk_fact_value(chk_ctx *c, const eng_fact *f, long *out, char *why, size_t whylen);

void chk_flows(chk_ctx *c);
void chk_examples(chk_ctx *c, size_t first);
void chk_translations(chk_ctx *c);

#endif
