/* i18n_typo.h — a language's typographic conventions, as `check` enforces
 * them on every text a player reads: which quotation marks the language
 * uses (Italian «…», German „…“), how ordinals are written (Italian 3º/3ª,
 * never the degree sign 3°), and spellings to avoid (Italian "E'" for "È").
 * The conventions are data: the <typography> section of
 * templates/lang/LANG.xml, read with the rest of the vocabulary
 * (i18n_vocab.c calls i18n_typo_parse).
 *
 * Ownership: i18n_typo_parse() returns conventions the caller frees with
 * i18n_typo_free(); the strings of a hit point into the conventions.
 */
#ifndef REGELWERK_I18N_TYPO_H
#define REGELWERK_I18N_TYPO_H

#include <stddef.h>
#include <libxml/tree.h>

#include "diag.h"

typedef struct i18n_typo i18n_typo;

/* Reads a <typography> element of path: <quotes>, <ordinals>, <avoid use=>.
 * NULL with an error in diags when it is malformed or memory ran out. */
i18n_typo *i18n_typo_parse(xmlNodePtr sec, const char *path, diag_list *diags);
void i18n_typo_free(i18n_typo *t);

typedef struct i18n_typo_hit {
    size_t off, len;      /* bytes of the text that are wrong */
    const char *what;     /* "quotes", "ordinal", "spelling" */
    const char *use;      /* what the language writes instead */
} i18n_typo_hit;

/* Every place where text breaks the conventions, in order; calls fn for
 * each and returns how many. t may be NULL (no conventions: no hits). */
size_t i18n_typo_scan(const i18n_typo *t, const char *text, void (*fn)(void *ctx, const i18n_typo_hit *h),
                      void *ctx);

#endif
