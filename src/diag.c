/* diag.c — diagnostics collected like a compiler's. */
#include "diag.h"

#include <stdarg.h>
#include <glib.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void diag_list_init(diag_list *dl)
{
    memset(dl, 0, sizeof *dl);
}

void diag_list_free(diag_list *dl)
{
    for (size_t i = 0; i < dl->n; i++) {
        free(dl->items[i].file);
        free(dl->items[i].code);
        free(dl->items[i].msg);
    }
    free(dl->items);
    memset(dl, 0, sizeof *dl);
}

const char *diag_severity_name(diag_severity sev)
{
    switch (sev) {
    case DIAG_NOTE: return "note";
    case DIAG_WARNING: return "warning";
    case DIAG_ERROR: return "error";
    }
    return "error";
}

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* Where diag_print() finds a file's lines (set once by main). */
static const char *(*source_line)(const char *file, int line);

/* Always a line and a column: a whole-file problem at 1:1, a line without
 * a column at its first character that is not blank. */
static void locate(const char *file, int *line, int *col, int *whole)
{
    if (*line <= 0) {
        *line = *col = 1;
        *whole = 1;
        return;
    }
    if (*col > 0)
        return;
    const char *text = source_line ? source_line(file, *line) : NULL;
    int c = 1;
    for (const char *p = text; p && (*p == ' ' || *p == '\t'); p++)
        c++;
    *col = text && (text[c - 1] == '\0' || text[c - 1] == '\n' || text[c - 1] == '\r') ? 1 : c;
}

void diag_add(diag_list *dl, diag_severity sev, const char *file, int line, int col,
              const char *code, const char *fmt, ...)
{
    /* the whole message, however long: a fixed buffer cut names and
     * quotes mid-character, and the JSON output was no longer UTF-8 */
    char small[512];
    char *buf = small;
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (need < 0) {
        snprintf(small, sizeof small, "(unprintable message)");
    } else if ((size_t)need >= sizeof small) {
        char *big = malloc((size_t)need + 1);
        if (big) {
            va_start(ap, fmt);
            vsnprintf(big, (size_t)need + 1, fmt, ap);
            va_end(ap);
            buf = big;
        }
    }

    int whole = 0;
    if (file)
        locate(file, &line, &col, &whole);
    else
        line = col = 0;

    if (sev == DIAG_ERROR)
        dl->errors++;
    else if (sev == DIAG_WARNING)
        dl->warnings++;

    if (dl->n == dl->cap) {
        size_t cap = dl->cap ? dl->cap * 2 : 16;
        diag *items = realloc(dl->items, cap * sizeof *items);
        if (!items)
            goto lost;
        dl->items = items;
        dl->cap = cap;
    }
    diag *d = &dl->items[dl->n];
    d->sev = sev;
    d->line = line;
    d->col = col;
    d->whole = whole;
    d->file = dup_or_null(file);
    d->code = dup_or_null(code);
    d->msg = strdup(buf);
    if ((file && !d->file) || (code && !d->code) || !d->msg) {
        free(d->file);
        free(d->code);
        free(d->msg);
        goto lost;
    }
    dl->n++;
    if (buf != small)
        free(buf);
    return;
lost:
    /* Out of memory: still tell the user; the count above already has it. */
    if (file)
        fprintf(stderr, "%s:%d:%d: ", file, line, col);
    else
        fputs("regelwerk: ", stderr);
    fprintf(stderr, "%s: %s", diag_severity_name(sev), buf);
    if (code)
        fprintf(stderr, " [%s]", code);
    fputc('\n', stderr);
    if (buf != small)
        free(buf);
}

/* How diagnostics are printed: set once by the command line. */
static diag_color color_mode = DIAG_COLOR_AUTO;
static int quiet_notes;   /* -q: set once by main, before any output */

void diag_set_quiet(int quiet)
{
    quiet_notes = quiet;
}
void diag_set_color(diag_color mode)
{
    color_mode = mode;
}

void diag_set_source(const char *(*fn)(const char *file, int line))
{
    source_line = fn;
}

/* note, warning, error as gcc colours them */
static const char *const sev_color[] = {"\033[1;36m", "\033[1;35m", "\033[1;31m"};

/* Colour as gcc does, on a terminal, unless NO_COLOR is set (no-color.org). */
static int use_color(FILE *fp)
{
    if (color_mode != DIAG_COLOR_AUTO)
        return color_mode == DIAG_COLOR_ALWAYS;
    const char *nc = getenv("NO_COLOR");
    return !(nc && *nc) && isatty(fileno(fp));
}

/* The source line and a caret under the column, as gcc prints them:
 *    42 |     <num fact="x">5</num>
 *       |     ^
 * Tabs are kept so that the caret lines up in any tab setting. */
static void print_excerpt(const diag *d, FILE *fp, int color)
{
    const char *text = source_line && d->file && d->line > 0 ? source_line(d->file, d->line) : NULL;
    if (!text)
        return;
    int len = (int)strcspn(text, "\r\n");
    fprintf(fp, "%5d | %.*s\n      | ", d->line, len, text);
    int col = 1;
    for (const char *p = text; p < text + len && col < d->col; p++) {
        if (((unsigned char)*p & 0xC0) == 0x80)
            continue;   /* columns count characters */
        fputc(*p == '\t' ? '\t' : ' ', fp);
        col++;
    }
    fprintf(fp, "%s^%s\n", color ? "\033[1;32m" : "", color ? "\033[0m" : "");
}

void diag_print(const diag_list *dl, FILE *fp)
{
    int color = use_color(fp);
    for (size_t i = 0; i < dl->n; i++) {
        const diag *d = &dl->items[i];
        if (quiet_notes && d->sev == DIAG_NOTE)
            continue;
        if (color)
            fputs("\033[1m", fp);
        if (d->file) {
            fputs(d->file, fp);
            if (d->line > 0) {
                fprintf(fp, ":%d", d->line);
                if (d->col > 0)
                    fprintf(fp, ":%d", d->col);
            }
            fputs(": ", fp);
        } else {
            fputs("regelwerk: ", fp);
        }
        if (color)
            fprintf(fp, "\033[0m%s", sev_color[d->sev]);
        fprintf(fp, "%s:%s %s", diag_severity_name(d->sev), color ? "\033[0m" : "", d->msg);
        if (d->code)
            fprintf(fp, " [%s]", d->code);
        fputc('\n', fp);
        /* the line itself for errors and warnings that point into a file */
        if (d->sev != DIAG_NOTE && !d->whole && d->col > 0)
            print_excerpt(d, fp, color);
    }
}

void diag_relocate(diag_list *dl, size_t from, const char *what, const char *file, int line, int col)
{
    if (!what || !file)
        return;
    int whole = 0;
    locate(file, &line, &col, &whole);
    for (size_t i = from; i < dl->n; i++) {
        diag *d = &dl->items[i];
        size_t len = strlen(what);
        if (!d->whole || !d->file || strncmp(d->file, what, len) != 0 ||
            (d->file[len] != '\0' && d->file[len] != '/'))
            continue;
        char *f = strdup(file), *m = malloc(strlen(d->file) + strlen(d->msg) + 3);
        if (!f || !m) {
            free(f);
            free(m);
            continue;
        }
        sprintf(m, "%s: %s", d->file, d->msg);
        free(d->file);
        free(d->msg);
        d->file = f;
        d->msg = m;
        d->line = line;
        d->col = col;
        d->whole = whole;
    }
}

void diag_tool_begin(const char *cmd, diag_severity sev)
{
    int color = use_color(stderr);
    fprintf(stderr, "%sregelwerk%s%s:%s %s%s:%s ", color ? "\033[1m" : "", cmd ? " " : "", cmd ? cmd : "",
            color ? "\033[0m" : "", color ? sev_color[sev] : "", diag_severity_name(sev), color ? "\033[0m" : "");
}

void diag_tool(const char *cmd, diag_severity sev, const char *fmt, ...)
{
    diag_tool_begin(cmd, sev);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void diag_print_json(const diag_list *dl, FILE *fp)
{
    /* json-c writes it; the strings are made valid UTF-8 first (a byte that
     * starts no character, as in a file name in another encoding, becomes
     * U+FFFD), so that the output is always JSON */
    json_object *arr = json_object_new_array();
    for (size_t i = 0; i < dl->n; i++) {
        const diag *d = &dl->items[i];
        json_object *o = json_object_new_object();
        const char *strs[3] = {d->file, d->code, d->msg};
        const char *keys[3] = {"file", "code", "message"};
        for (int k = 0; k < 3; k++) {
            char *v = strs[k] ? g_utf8_make_valid(strs[k], -1) : NULL;
            json_object_object_add(o, keys[k], v ? json_object_new_string(v) : NULL);
            g_free(v);
            if (k == 0) {
                json_object_object_add(o, "line", d->line > 0 ? json_object_new_int(d->line) : NULL);
                json_object_object_add(o, "column", d->col > 0 ? json_object_new_int(d->col) : NULL);
                json_object_object_add(o, "severity", json_object_new_string(diag_severity_name(d->sev)));
            }
        }
        json_object_array_add(arr, o);
    }
    fputs(json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
                                                  JSON_C_TO_STRING_NOSLASHESCAPE),
          fp);
    json_object_put(arr);
}

/* Levenshtein distance, bounded: stops counting past limit. */
/* Optimal string alignment distance: insertions, deletions, substitutions
 * and swaps of two neighbours ("trem" for "term" is one slip, not two). */
static size_t edit_distance(const char *a, const char *b, size_t limit)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return limit + 1;
    size_t d[65][65];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++) {
        for (size_t j = 1; j <= lb; j++) {
            size_t sub = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            size_t del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
            size_t v = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    }
    return d[la][lb];
}

const char *diag_suggest(const char *word, const char *(*name)(const void *items, size_t i), const void *items,
                         size_t n)
{
    if (!word || !*word)
        return NULL;
    /* close enough to be a slip of the keyboard: a third of the word, at
     * least one edit, at most three */
    size_t len = strlen(word), limit = len / 3 < 1 ? 1 : len / 3 > 3 ? 3 : len / 3;
    const char *best = NULL;
    size_t best_d = limit + 1;
    for (size_t i = 0; i < n; i++) {
        const char *c = name(items, i);
        if (!c)
            continue;
        size_t d = edit_distance(word, c, limit);
        if (d < best_d) {
            best_d = d;
            best = c;
        }
    }
    return best;
}

void diag_summary(FILE *fp, const char *done, long ndone, long nfailed, long nskipped, const diag_list *dl)
{
    fprintf(fp, "%ld %s, %ld failed", ndone, done, nfailed);
    if (nskipped)
        fprintf(fp, ", %ld skipped", nskipped);
    fprintf(fp, "; %zu error%s, %zu warning%s\n", dl->errors, dl->errors == 1 ? "" : "s", dl->warnings,
            dl->warnings == 1 ? "" : "s");
}
