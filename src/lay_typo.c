/* lay_typo.c — apostrophes and thin spaces as print sets them (lay_typo.h). */
#include "lay_typo.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A letter for the apostrophe rule: ASCII letters and any byte of a UTF-8
 * sequence (è, ü, ß are letters; the rule only needs "not a space, digit
 * or ASCII mark"). */
static int letterish(unsigned char c)
{
    return isalpha(c) || c >= 0x80;
}

/* U+2019 for an apostrophe between two letters; 3 bytes for 1, so the
 * result is at most 3 × the text. */
static char *apostrophes(const char *text)
{
    size_t n = strlen(text);
    char *out = malloc(3 * n + 1), *o = out;
    if (!out)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '\'' && i && letterish((unsigned char)text[i - 1]) && letterish((unsigned char)text[i + 1])) {
            memcpy(o, "\xE2\x80\x99", 3);
            o += 3;
        } else {
            *o++ = text[i];
        }
    }
    *o = '\0';
    return out;
}

/* German abbreviations of two or three parts: each inner space becomes a
 * thin no-break space (1 byte → 3, so at most 3 × the text). */
static const char *const abbrevs[] = {"z. B.", "d. h.", "u. a.", "o. \xC3\x84.", "s. o.", "s. u.", "u. U.",
                                      "v. a.", "i. d. R.", "z. T.", "u. v. m.", NULL};

char *lay_typo_text(const char *text)
{
    const char *src = text ? text : "";
    /* most texts have no apostrophe and no abbreviation, whose inner
     * spaces each follow a period: copied as they are (every text of a
     * layout passes here, at every size a sheet tries) */
    if (!strchr(src, '\'') && !strstr(src, ". "))
        return strdup(src);
    char *t = apostrophes(src);
    if (!t)
        return NULL;
    size_t n = strlen(t);
    char *out = malloc(3 * n + 1), *o = out;
    if (!out) {
        free(t);
        return NULL;
    }
    for (size_t i = 0; i < n;) {
        size_t hit = 0;
        /* at a word's start only: "Uz. B." is no abbreviation */
        int at_word = i == 0 || !isalpha((unsigned char)t[i - 1]);
        /* the first letter compared first: every character of every text
         * passes here (7.6 million strncmp in a build of everything) */
        for (size_t k = 0; at_word && abbrevs[k] && !hit; k++)
            if (t[i] == abbrevs[k][0] && strncmp(t + i, abbrevs[k], strlen(abbrevs[k])) == 0)
                hit = strlen(abbrevs[k]);
        for (size_t j = 0; j < hit; j++) {
            if (t[i + j] == ' ') {
                memcpy(o, "\xE2\x80\xAF", 3);
                o += 3;
            } else {
                *o++ = t[i + j];
            }
        }
        if (!hit)
            *o++ = t[i++];
        i += hit;
    }
    *o = '\0';
    free(t);
    return out;
}

void lay_typo_info_free(dl_doc_info *info)
{
    free((char *)(uintptr_t)info->title);
    free((char *)(uintptr_t)info->author);
    free((char *)(uintptr_t)info->subject);
    free((char *)(uintptr_t)info->keywords);
    info->title = info->author = info->subject = info->keywords = NULL;
}

int lay_typo_info(const dl_doc_info *in, dl_doc_info *out)
{
    *out = *in;
    out->title = in->title ? lay_typo_text(in->title) : NULL;
    out->author = in->author ? lay_typo_text(in->author) : NULL;
    out->subject = in->subject ? lay_typo_text(in->subject) : NULL;
    out->keywords = in->keywords ? lay_typo_text(in->keywords) : NULL;
    if ((in->title && !out->title) || (in->author && !out->author) || (in->subject && !out->subject) ||
        (in->keywords && !out->keywords)) {
        lay_typo_info_free(out);
        return -1;
    }
    return 0;
}
