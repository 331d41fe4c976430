/* testutil.c — helpers shared by the suites. */
#include "testutil.h"

#include <CUnit/CUnit.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

const diag *tu_find_diag(const diag_list *dl, const char *needle, const char *file_suffix)
{
    for (size_t i = 0; i < dl->n; i++) {
        const diag *d = &dl->items[i];
        if (!strstr(d->msg, needle))
            continue;
        if (file_suffix) {
            if (!d->file)
                continue;
            size_t lf = strlen(d->file), ls = strlen(file_suffix);
            if (lf < ls || strcmp(d->file + lf - ls, file_suffix) != 0)
                continue;
        }
        return d;
    }
    return NULL;
}

int tu_run(const char *cmd, char *out, size_t cap)
{
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    size_t n = 0;
    if (out && cap) {
        size_t r;
        while (n + 1 < cap && (r = fread(out + n, 1, cap - 1 - n, p)) > 0)
            n += r;
        out[n] = '\0';
    }
    char sink[4096];
    while (fread(sink, 1, sizeof sink, p) > 0)
        ;
    int st = pclose(p);
    if (st == -1 || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

int tu_runf(char *out, size_t cap, const char *fmt, ...)
{
    char cmd[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof cmd)
        return -1;
    return tu_run(cmd, out, cap);
}

char *tu_read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    if (buf) {
        buf[n] = '\0';
        if (len)
            *len = (size_t)n;
    }
    return buf;
}

int tu_write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "wb");
    if (!fp)
        return -1;
    size_t n = strlen(text);
    int ok = fwrite(text, 1, n, fp) == n;
    return (fclose(fp) == 0 && ok) ? 0 : -1;
}

int tu_copy_tree(const char *from, const char *to)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s' && cp -R '%s'/. '%s'", to, to, from, to);
    return system(cmd) == 0 ? 0 : -1;
}

int tu_replace_in_file(const char *path, const char *from, const char *to)
{
    size_t len;
    char *s = tu_read_file(path, &len);
    if (!s)
        return -1;
    char *hit = strstr(s, from);
    if (!hit) {
        free(s);
        return -1;
    }
    size_t fl = strlen(from), tl = strlen(to);
    char *out = malloc(len - fl + tl + 1);
    if (!out) {
        free(s);
        return -1;
    }
    size_t pre = (size_t)(hit - s);
    memcpy(out, s, pre);
    memcpy(out + pre, to, tl);
    memcpy(out + pre + tl, hit + fl, len - pre - fl + 1);
    int rc = tu_write_file(path, out);
    free(out);
    free(s);
    return rc;
}

const char *tu_bin(void)
{
    const char *b = getenv("REGELWERK_BIN");
    return b ? b : "out/bin/regelwerk";
}

void tu_pdf_ok(const char *path, int pages, const char *const *texts)
{
    size_t cap = 1 << 18;
    char *out = malloc(cap);
    CU_ASSERT_FATAL(out != NULL);
    CU_ASSERT_EQUAL(tu_runf(out, cap, "qpdf --check '%s' 2>&1", path), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "No syntax or stream encoding errors"));
    CU_ASSERT_PTR_NULL(strstr(out, "WARNING"));
    /* poppler must read it without a single warning */
    CU_ASSERT_EQUAL(tu_runf(out, cap, "pdftotext '%s' /dev/null 2>&1", path), 0);
    CU_ASSERT_STRING_EQUAL(out, "");
    /* every font embedded, subset, with a Unicode map */
    CU_ASSERT_EQUAL(tu_runf(out, cap, "pdffonts '%s' | tail -n +3", path), 0);
    int fonts_seen = 0;
    char *save = NULL;
    for (char *line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        fonts_seen++;
        CU_ASSERT_PTR_NOT_NULL(strstr(line, " yes yes yes "));
    }
    CU_ASSERT(fonts_seen >= 2);
    if (pages > 0) {
        CU_ASSERT_EQUAL(tu_runf(out, cap, "pdfinfo '%s'", path), 0);
        const char *pg = strstr(out, "Pages:");
        CU_ASSERT(pg && atoi(pg + 6) == pages);
    }
    if (texts) {
        CU_ASSERT_EQUAL(tu_runf(out, cap, "pdftotext '%s' - 2>&1", path), 0);
        for (const char *const *t = texts; *t; t++) {
            if (!strstr(out, *t))
                fprintf(stderr, "\n%s: no \"%s\" in its text\n", path, *t);
            CU_ASSERT_PTR_NOT_NULL(strstr(out, *t));
        }
    }
    free(out);
}

int tu_line_of(const char *path, const char *needle)
{
    char *text = tu_read_file(path, NULL);
    int line = 0, n = 1;
    for (char *p = text; p && *p && !line; n++) {
        char *e = strchr(p, '\n');
        if (e)
            *e = '\0';
        if (strstr(p, needle))
            line = n;
        p = e ? e + 1 : p + strlen(p);
    }
    free(text);
    return line;
}

void tu_pdf_spelt(const char *path, const char *typeset, const char *typed, int thin, const char *title)
{
    size_t cap = 1 << 18;
    char *out = malloc(cap);
    CU_ASSERT_FATAL(out != NULL);
    CU_ASSERT_EQUAL(tu_runf(out, cap, "pdftotext '%s' - | tr -s ' \\n' ' '", path), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, typeset));
    CU_ASSERT_PTR_NULL(strstr(out, typed));
    if (thin) {
        CU_ASSERT_EQUAL(tu_runf(out, cap, "pdftotext '%s' - | grep -c 'z\\. B\\.'", path), 0);
        CU_ASSERT(atoi(out) >= 1);
        CU_ASSERT_EQUAL(tu_runf(out, cap, "qpdf --qdf --object-streams=disable '%s' - | grep -a -c -i '<202f>'", path),
                        0);
        CU_ASSERT(atoi(out) >= 1);
    }
    if (title) {
        CU_ASSERT_EQUAL(tu_runf(out, cap, "pdfinfo '%s'", path), 0);
        const char *t = strstr(out, "Title:");
        const char *eol = t ? strchr(t, '\n') : NULL;
        const char *hit = t ? strstr(t, title) : NULL;
        CU_ASSERT(hit && (!eol || hit < eol));
    }
    free(out);
}

int tu_content_edited(const char *dir, const char *name, const char *file, const char *const *edits, char *content,
                      size_t len)
{
    char path[1024];
    snprintf(content, len, "%s/%s-content", dir, name);
    if (tu_copy_tree("content", content) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/%s", content, file);
    for (size_t i = 0; edits[i] && edits[i + 1]; i += 2)
        if (tu_replace_in_file(path, edits[i], edits[i + 1]) != 0)
            return -1;
    return 0;
}
