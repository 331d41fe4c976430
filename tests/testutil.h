/* testutil.h — small helpers the CUnit suites share. */
#ifndef REGELWERK_TESTUTIL_H
#define REGELWERK_TESTUTIL_H

#include <stddef.h>

#include "diag.h"

/* The first diagnostic whose message contains needle (and, when file_suffix
 * is not NULL, whose file ends with it), or NULL. */
const diag *tu_find_diag(const diag_list *dl, const char *needle, const char *file_suffix);

/* Runs a shell command, captures its stdout (up to cap bytes) and returns its
 * exit status (-1 when it could not run). */
int tu_run(const char *cmd, char *out, size_t cap);

/* tu_run with a printf-style command (up to 2 KiB); out holds up to cap bytes. */
int tu_runf(char *out, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Reads a whole file; caller frees. NULL on error. */
char *tu_read_file(const char *path, size_t *len);

/* Writes text to path; 0 on success. */
int tu_write_file(const char *path, const char *text);

/* Copies a directory tree (cp -R); 0 on success. */
int tu_copy_tree(const char *from, const char *to);

/* Replaces the first occurrence of `from` with `to` in the file; 0 on success,
 * -1 when `from` is not in it. */
int tu_replace_in_file(const char *path, const char *from, const char *to);

/* A copy of content/ at dir/name-content (its path into content, len
 * bytes) with file (inside it) edited: edits holds from, to pairs, NULL-
 * ended. 0, or -1 when the copy fails or a from is not there. */
int tu_content_edited(const char *dir, const char *name, const char *file, const char *const *edits, char *content,
                      size_t len);

/* What every PDF of ours must pass, whichever device wrote it (CUnit
 * assertions): qpdf --check without a warning, poppler reading it without
 * a word on stderr, at least two fonts and each embedded, subset and with a
 * Unicode map, pages pages when pages > 0, and each of texts (NULL-ended,
 * may be NULL) in its extracted text. */
void tu_pdf_ok(const char *path, int pages, const char *const *texts);

/* Spelling as print sets it, read back from the PDF at path (CUnit
 * assertions): its text (lines joined) holds typeset and not typed; with
 * thin, a German abbreviation ("z. B.") on one line and U+202F in a font's
 * Unicode map (pdftotext prints U+202F as a plain space); title, when not
 * NULL, within the file's Title. */
void tu_pdf_spelt(const char *path, const char *typeset, const char *typed, int thin, const char *title);

/* The 1-based line of the first line of path holding needle, or 0. */
int tu_line_of(const char *path, const char *needle);

/* The path of the regelwerk binary under test (REGELWERK_BIN, set by make). */
const char *tu_bin(void);

#endif
