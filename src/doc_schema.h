/* doc_schema.h — schema errors an author can act on.
 *
 * libxml2's RELAX NG validator says "Did not expect element trem there" and
 * then, for the same mistake, "Element p has extra content: num" and
 * "Element summary failed to validate content". jing says
 * `element "trem" not allowed here`. This module rewrites the validator's
 * messages in that style, adds "did you mean" from the element and
 * attribute names the schema declares, and drops the cascade that follows a
 * precise error in the same file, so that one mistake is one error.
 *
 * Ownership: doc_schema_names_load() returns names that
 * doc_schema_names_free() releases; doc_schema_report() copies what it
 * reports into out.
 */
#ifndef REGELWERK_DOC_SCHEMA_H
#define REGELWERK_DOC_SCHEMA_H

#include "diag.h"

typedef struct doc_schema_names doc_schema_names;

/* The element and attribute names declared in the RELAX NG (XML syntax)
 * schema at path; NULL when it cannot be read (the messages then go
 * without suggestions). A schema with a DOCTYPE is not read. */
doc_schema_names *doc_schema_names_load(const char *path);
void doc_schema_names_free(doc_schema_names *n);

/* Reports the validator's raw diagnostics of one file into out: rewritten,
 * with suggestions from names (may be NULL), cascades dropped. Returns how
 * many errors it reported. */
size_t doc_schema_report(const diag_list *raw, const doc_schema_names *names, diag_list *out);

#endif
