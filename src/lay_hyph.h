/* lay_hyph.h — hyphenation: libhyphen with the LibreOffice patterns, plus an
 * exception list for game terms the patterns split badly.
 *
 * German (hyph_de_DE.dic, ISO-8859-1: words are converted for it) and Italian
 * (hyph_it_IT.dic, UTF-8). Compound-aware: the German dictionary's first
 * level lists compound joints, which are reported as such so that the line
 * breaker can prefer them; explicit hyphens ("Nemesis-Regeln") and slashes
 * are break points that add no hyphen. Never hyphenated: words holding a
 * digit (numbers, "3°", "W6"), words with a capital after their first letter
 * (acronyms, CamelCase names), words the exception list spells without a
 * hyphen (names), and anything the caller marks as a name or an icon (it
 * simply does not ask).
 *
 * Ownership: a lay_hyph owns its dictionaries and exception list;
 * lay_hyph_free() releases them. Words are borrowed for the call.
 */
#ifndef REGELWERK_LAY_HYPH_H
#define REGELWERK_LAY_HYPH_H

#include <stddef.h>

#include "diag.h"

typedef struct lay_hyph lay_hyph;

/* Loads the patterns for lang ("de" or "it", a region suffix is ignored)
 * from dict_dir (NULL = /usr/share/hyphen). Errors go to d; NULL when the
 * language has no dictionary or it cannot be read. */
lay_hyph *lay_hyph_new(const char *lang, const char *dict_dir, diag_list *d);
void lay_hyph_free(lay_hyph *h);
/* Lets the pages of the mapped dictionaries that words walked leave the
 * process's memory (they fault back from the page cache when walked again):
 * a sheet calls it once its words are laid out, before it draws. */
void lay_hyph_release_pages(void);

/* The pattern files are loaded once per process (the German one takes about
 * two seconds) and shared; this releases them. Call it at exit, after every
 * lay_hyph is freed (as doc_loader_cleanup()). */
void lay_hyph_cleanup(void);
/* Loads every language's patterns from dict_dir into that cache, quietly
 * (a language that fails says so when a sheet asks for it): done before
 * `build` forks a process per game, each inherits them loaded and checked
 * instead of loading them again. */
void lay_hyph_preload(const char *dict_dir);

/* The installed folder of compiled dictionaries (read, never written but
 * through REGELWERK_HYPH_CACHE); the user's cache folder is used besides. */
void lay_hyph_set_data_dir(const char *dir);

/* Minimum characters before the first and after the last hyphen (defaults
 * 2 and 3, as good typesetting wants: no "Ak-tion-en"; 2 each at compound
 * joints). Words (parts between explicit hyphens) shorter than 6 letters
 * are never hyphenated. */
void lay_hyph_set_min(lay_hyph *h, int left, int right);

/* Adds one exception, hyphens marking the only allowed breaks:
 * "Geg-ner-ak-ti-vie-rung"; a word without hyphens is never hyphenated.
 * Matching ignores case. Returns 0, -1 on allocation failure. */
int lay_hyph_add_exception(lay_hyph *h, const char *spelled);

/* Reads templates/hyphenation.xml: <hyphenation><word lang="de">Geg-ner</word>…
 * and adds the words of h's language. Returns the number added, or -1 (with
 * a diagnostic) when the file cannot be read. */
int lay_hyph_load_exceptions(lay_hyph *h, const char *xml_path, diag_list *d);

typedef struct lay_hyph_point {
    size_t at;        /* byte offset in the word where the second part starts */
    int add_hyphen;   /* 1: show "-" at the break; 0: the word already has one */
    int compound;     /* 1: a compound joint or an explicit hyphen */
} lay_hyph_point;

/* The break points of one UTF-8 word (which may carry punctuation such as
 * „…“ or a trailing comma: it is never split off), in increasing order, at
 * most max of them. Returns how many were written. */
size_t lay_hyph_word(const lay_hyph *h, const char *word, size_t len, lay_hyph_point *pts, size_t max);

/* Convenience for tests and diagnostics: the word with "-" at every break,
 * e.g. "Geg-ner-ak-ti-vie-rung". Caller frees. NULL on allocation failure. */
char *lay_hyph_show(const lay_hyph *h, const char *word);

#endif
