/* diag.c — diagnostics collected like a compiler's. */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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

void diag_add(diag_list *dl, diag_severity sev, const char *file, int line, int col,
              const char *code, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);

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
    return;
lost:
    /* Out of memory: still tell the user; the count above already has it. */
    fprintf(stderr, "%s:%d: %s: %s\n", file ? file : "regelwerk", line,
            diag_severity_name(sev), buf);
}

void diag_print(const diag_list *dl, FILE *fp)
{
    for (size_t i = 0; i < dl->n; i++) {
        const diag *d = &dl->items[i];
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
        fprintf(fp, "%s: %s\n", diag_severity_name(d->sev), d->msg);
    }
}

void diag_json_string(FILE *fp, const char *s)
{
    if (!s) {
        fputs("null", fp);
        return;
    }
    fputc('"', fp);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", fp); break;
        case '\\': fputs("\\\\", fp); break;
        case '\n': fputs("\\n", fp); break;
        case '\t': fputs("\\t", fp); break;
        case '\r': fputs("\\r", fp); break;
        default:
            if (*p < 0x20)
                fprintf(fp, "\\u%04x", *p);
            else
                fputc(*p, fp);
        }
    }
    fputc('"', fp);
}

void diag_print_json(const diag_list *dl, FILE *fp)
{
    fputs("[", fp);
    for (size_t i = 0; i < dl->n; i++) {
        const diag *d = &dl->items[i];
        fputs(i ? ",\n  {" : "\n  {", fp);
        fputs("\"file\": ", fp);
        diag_json_string(fp, d->file);
        fprintf(fp, ", \"line\": %d, \"column\": %d, \"severity\": \"%s\", \"code\": ",
                d->line, d->col, diag_severity_name(d->sev));
        diag_json_string(fp, d->code);
        fputs(", \"message\": ", fp);
        diag_json_string(fp, d->msg);
        fputs("}", fp);
    }
    fputs(dl->n ? "\n]" : "]", fp);
}
