/* i18n_po.h — a translation catalog (one target language of one game), read
 * from and written to gettext PO files with libgettextpo, merged against the
 * source's segments msgmerge-style, and applied to the source summary to
 * make the translated one.
 *
 * Ownership: an i18n_cat owns all its strings; i18n_cat_free() releases it.
 * i18n_translate() returns a doc the caller frees with doc_free().
 */
#ifndef REGELWERK_I18N_PO_H
#define REGELWERK_I18N_PO_H

#include <stddef.h>

#include "diag.h"
#include "doc.h"
#include "i18n_seg.h"

typedef struct i18n_entry {
    char *ctx;          /* msgctxt: the segment key */
    char *msgid;        /* the source text it was translated from */
    char *msgstr;       /* the translation, "" when untranslated */
    char *prev_msgid;   /* fuzzy: the earlier source (#| msgid), or NULL */
    char *comments;     /* the translator's own comments (# …), kept */
    char *notes;        /* extracted comments (#.) written for the translator */
    char *src_file;     /* #: reference to the source summary, or NULL */
    int src_line;
    int fuzzy, obsolete;
    int line;           /* line of its msgstr in the file read, 0 unknown */
} i18n_entry;

typedef struct i18n_cat {
    char *path;             /* the file read, or NULL */
    char *lang;             /* target language (header Language) */
    char *game;             /* X-Regelwerk-Game */
    char *source_lang;      /* X-Regelwerk-Source-Lang */
    char *source_version;   /* X-Regelwerk-Source-Version */
    char *header;           /* the whole header, kept when rewriting */
    int header_line;
    i18n_entry *e;
    size_t n;
    /* i18n_cat_find's hash of the live keys, built when a file is read and
     * dropped when the entries change (sync); NULL: found by scan */
    struct i18n_cat_index *index;
} i18n_cat;

i18n_cat *i18n_cat_new(const char *lang, const char *game, const char *source_lang,
                       const char *source_version);
void i18n_cat_free(i18n_cat *c);
/* The live (not obsolete) entry with this key, or NULL. */
i18n_entry *i18n_cat_find(const i18n_cat *c, const char *ctx);

/* Reads a PO file with libgettextpo; entries' lines come from the file's
 * text. NULL with errors in diags (file:line) when it cannot be read or is
 * malformed. An entry without msgctxt takes its key from its first "#:"
 * reference (what translate-toolkit's xliff2po writes). */
i18n_cat *i18n_po_read(const char *path, diag_list *diags);

/* Writes c as a PO file with libgettextpo: to a temporary file beside path,
 * renamed into place, so that a failure leaves path as it was. 0, or -1 with
 * an error in diags. */
int i18n_po_write(const i18n_cat *c, const char *path, diag_list *diags);

typedef struct i18n_sync_stats {
    int added, changed, obsoleted, kept;
} i18n_sync_stats;

/* msgmerge: makes c follow segs, in their order. A new segment is added
 * untranslated; one whose source text changed keeps its translation, marked
 * fuzzy with the earlier source as prev_msgid; entries of segments that are
 * gone become obsolete (#~) when translated, else are dropped. notes(ctx)
 * supplies each entry's extracted comments (may be NULL). */
int i18n_cat_sync(i18n_cat *c, const i18n_segs *segs, char *(*notes)(void *ctx, const i18n_seg *s),
                  void *notes_ctx, i18n_sync_stats *st);

/* The translated summary: a copy of src whose segments carry the
 * catalog's translations (untranslated ones keep the source text), with
 * every node's file the catalog's path and line its entry's msgstr line.
 * Malformed translations are errors in diags at their line (the segment
 * keeps the source text). NULL when out of memory. */
doc *i18n_translate(const doc *src, const i18n_cat *c, const char *lang, diag_list *diags);

typedef struct i18n_stats {
    int translated, fuzzy, untranslated;       /* segments */
    long words_translated, words_total;        /* source words */
} i18n_stats;

/* Counts c against the current segments: a translated entry whose source
 * text changed counts as fuzzy. */
void i18n_cat_stats(const i18n_cat *c, const i18n_segs *segs, i18n_stats *st);

/* Words of a segment text (placeholder tags are not words). */
long i18n_words(const char *text);

/* Line of "msgstr" of every entry in the PO text at path, by msgctxt:
 * libgettextpo keeps no line numbers of messages. */
int i18n_po_lines(i18n_cat *c, const char *path);

#endif
