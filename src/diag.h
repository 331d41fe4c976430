/* diag.h — diagnostics collected like a compiler's, never aborting on the first.
 *
 * Ownership: a diag_list owns copies of every string given to it; the caller
 * keeps ownership of its own arguments. diag_list_free() releases everything.
 *
 * Every error the tool reports to a user goes through here so that it has the
 * form `file:line:col: severity: message` and is counted for the closing line
 * and the exit code.
 */
#ifndef REGELWERK_DIAG_H
#define REGELWERK_DIAG_H

#include <stddef.h>
#include <stdio.h>

typedef enum { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR } diag_severity;

typedef struct diag {
    diag_severity sev;
    char *file;   /* may be NULL when no file is involved */
    int line;     /* >= 1 whenever file is set; 0 without a file */
    int col;      /* >= 1 whenever file is set; 0 without a file */
    int whole;    /* the file as a whole (I/O, a file refused): line 1,
                     column 1 stand for it, and no source line is shown */
    char *code;   /* short machine-readable kind, e.g. "num-mismatch"; may be NULL */
    char *msg;
} diag;

typedef struct diag_list {
    diag *items;
    size_t n, cap;
    size_t errors, warnings;
} diag_list;

void diag_list_init(diag_list *dl);
void diag_list_free(diag_list *dl);

/* Appends one diagnostic. On allocation failure the message is printed to
 * stderr instead and still counted, so an error is never lost.
 *
 * Always a line and a column, as a problem matcher wants them: a file given
 * with line 0 is a whole-file problem, placed at 1:1 as eslint and ruff do
 * (d->whole set); a line without a column gets the column of the line's
 * first character that is not blank (where its element starts), or 1 when
 * the line cannot be read. Better, where it can: the caller names the
 * element that caused it. */
void diag_add(diag_list *dl, diag_severity sev, const char *file, int line, int col,
              const char *code, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

/* Prints every diagnostic in insertion order as gcc does:
 * `file:line:col: sev: msg [code]`, then, for errors and warnings with a
 * column, the source line with a caret under the column. Colour on a
 * terminal unless NO_COLOR is set or diag_set_color() says otherwise. */
void diag_print(const diag_list *dl, FILE *fp);

typedef enum { DIAG_COLOR_AUTO, DIAG_COLOR_ALWAYS, DIAG_COLOR_NEVER } diag_color;
void diag_set_color(diag_color mode);
/* -q: diag_print leaves the notes out (errors and warnings only). */
void diag_set_quiet(int quiet);
/* Where diag_print() finds a file's lines (the loader's cache), or NULL. */
void diag_set_source(const char *(*fn)(const char *file, int line));

/* Moves the whole-file diagnostics [from, n) about the file or folder
 * `what` or a file under it (an output, a file that is not there: no line
 * of its own) to the content element that
 * asked for it, at file:line:col (col 0: the line's first character), each
 * message prefixed with the file it was about so that it still names it.
 * Out of memory: left where they were. */
void diag_relocate(diag_list *dl, size_t from, const char *what, const char *file, int line, int col);

/* A diagnostic that concerns no file (a usage error, out of memory before
 * any file is read), on stderr in the one form the shipped problem matcher
 * catches: "regelwerk[ CMD]: error: message". diag_tool_begin prints only
 * the prefix, for a message printed in parts; the caller ends the line. */
void diag_tool_begin(const char *cmd, diag_severity sev);
void diag_tool(const char *cmd, diag_severity sev, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Prints the diagnostics as a JSON array (for `--format json`). */
void diag_print_json(const diag_list *dl, FILE *fp);

/* Every command's last line, in one form:
 *   "N passed, N failed[, N skipped]; N errors, N warnings"
 * (done names what was counted: "passed" for checks, "written" for files). */
void diag_summary(FILE *fp, const char *done, long ndone, long nfailed, long nskipped, const diag_list *dl);

const char *diag_severity_name(diag_severity sev);


/* The candidate closest to word within a few edits, for "did you mean":
 * name(items, i) gives the i-th of n candidates (NULL to skip one).
 * NULL when none is close. */
const char *diag_suggest(const char *word, const char *(*name)(const void *items, size_t i), const void *items,
                         size_t n);

#endif
