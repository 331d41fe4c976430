/* i18n_vocab.h — what `check` knows of a language's words: number words
 * (cardinal and ordinal, with their inflections) and rule words (left/right,
 * highest/lowest, …), read from templates/lang/LANG.xml, one data file per
 * language.
 *
 * Ownership: i18n_vocab_load() returns a vocabulary the caller frees with
 * i18n_vocab_free(); strings in hits point into the vocabulary.
 */
#ifndef REGELWERK_I18N_VOCAB_H
#define REGELWERK_I18N_VOCAB_H

#include <stddef.h>

#include "diag.h"

typedef struct i18n_vocab i18n_vocab;

/* Loads templates_dir/lang/LANG.xml. NULL with an error in diags when the
 * file is missing or malformed. */
i18n_vocab *i18n_vocab_load(const char *templates_dir, const char *lang, diag_list *diags);
void i18n_vocab_free(i18n_vocab *v);
/* Frees what the first loads of each language kept for the others (the
 * number words made from ICU's spell-out rules); at exit. */
void i18n_vocab_cleanup(void);
const char *i18n_vocab_lang(const i18n_vocab *v);

/* A number as the rules write it in this language: digits ("5", "+1",
 * "−2", "3°", "3ª", "3.") or one of the language's number words, ambiguous
 * forms included ("una"). 0 and *out, or -1. */
int i18n_parse_number(const i18n_vocab *v, const char *text, long *out);

/* Lower-cases UTF-8 text (ASCII and the Latin-1 letters) into out. */
void i18n_lower(const char *in, char *out, size_t outlen);

typedef enum { I18N_DIGITS, I18N_NUMWORD, I18N_RULEWORD } i18n_hit_kind;

typedef struct i18n_hit {
    i18n_hit_kind kind;
    size_t off, len;        /* bytes of the text */
    long value;
    const char *concept;    /* rule words: "left", "highest", … */
} i18n_hit;

/* Every number (digits not glued to a letter, unambiguous number words)
 * and every rule word in text, in order. Calls fn for each; returns how
 * many. */
size_t i18n_scan(const i18n_vocab *v, const char *text, void (*fn)(void *ctx, const i18n_hit *h),
                 void *ctx);

/* The rule word inside a <word> phrase (the longest one); 0 with *value and
 * *concept, or -1 when the phrase holds none of the language's rule words. */
int i18n_rule_phrase(const i18n_vocab *v, const char *phrase, long *value, const char **concept);

/* The language's typographic conventions (i18n_typo.h); NULL when its
 * file has no <typography> section. */
struct i18n_typo;
const struct i18n_typo *i18n_vocab_typo(const i18n_vocab *v);

#endif
