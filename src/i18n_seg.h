/* i18n_seg.h — a summary cut into translation segments, and back.
 *
 * Every node that prints inline content is one segment (title, subtitle,
 * section heading, p, the inline part of item/step/callout, cell, example,
 * block gap, flowchart label and title, card name and text), and so is every
 * printed attribute (the reason of an inline or block gap). A segment's key
 * (gettext's msgctxt) is a path of stable ids: "SECTION/h", "BLOCK",
 * "ROW/c2", "flow:FLOW/NODE[/BRANCH]", "flow:FLOW/title", "card.ID/name",
 * "card.ID/text", "BLOCK/gap-K" (inline gap placeholder K), "BLOCK/reason"
 * (block gap), "title", "subtitle".
 *
 * Its text (the msgid) is the inline content with every inline element
 * replaced by a numbered placeholder in pre-order: "Pescate <num1>una</num1>
 * <term2>carta Attacco</term2> <icon3/>." Text-bearing elements keep their
 * text inside (it is translatable); attributes never appear (a translation
 * takes them from the source element with the same number). A literal "<"
 * or "&" of the text is written "&lt;" / "&amp;".
 *
 * Ownership: i18n_segs owns its strings; seg->node points into the doc
 * segmented, valid while that doc is unchanged.
 */
#ifndef REGELWERK_I18N_SEG_H
#define REGELWERK_I18N_SEG_H

#include <stddef.h>

#include "doc.h"

typedef enum { I18N_SEG_INLINE, I18N_SEG_REASON } i18n_seg_kind;

typedef struct i18n_seg {
    i18n_seg_kind kind;
    char *ctx;              /* the key */
    char *msgid;            /* the text with placeholders (REASON: plain) */
    const doc_node *node;   /* INLINE: the container; REASON: the gap */
    char *section;          /* "Ferite › Ferite leggere", or "" */
} i18n_seg;

typedef struct i18n_segs {
    i18n_seg *v;
    size_t n;
} i18n_segs;

/* Cuts d into segments in document order. 0, or -1 (out of memory; out is
 * emptied). Tables made from a <termlist> are skipped (they come from the
 * glossary). */
int i18n_segs_collect(const doc *d, i18n_segs *out);
void i18n_segs_free(i18n_segs *s);
const i18n_seg *i18n_segs_find(const i18n_segs *s, const char *ctx);

/* The inline elements of a segment's container in pre-order: placeholder K
 * is out[K-1]. Returns how many there are (may exceed cap). */
size_t i18n_seg_elems(const doc_node *container, const doc_node **out, size_t cap);

/* The segment text of a container (see above). Caller frees; NULL when out
 * of memory. */
char *i18n_seg_serialize(const doc_node *container);

/* Replaces the inline content of container (its inline children before the
 * first block child) by the parse of text: placeholder K becomes a copy of
 * the container's own inline element K (type and attributes) holding the
 * translated text or children. made[K-1] receives the new node of
 * placeholder K (NULL when the text leaves it out), for K <= nmade. New
 * nodes get container's file and line. On a malformed text (an unknown or
 * repeated placeholder, a wrong type, unbalanced tags) returns -1 with a
 * message in err and the container unchanged. */
int i18n_seg_apply(doc_node *container, const char *text, doc_node **made, size_t nmade, char *err,
                   size_t errlen);

/* The placeholders of a segment text as "num1 term2 icon3 " (sorted by
 * number), for comparing two texts; -1 with err when it is malformed. */
int i18n_seg_placeholders(const char *text, char *out, size_t outlen, char *err, size_t errlen);

/* One token of a segment text: plain text (raw, "&lt;" not decoded), or a
 * placeholder tag <nameK>, </nameK>, <nameK/>. */
typedef enum { I18N_TOK_TEXT, I18N_TOK_OPEN, I18N_TOK_CLOSE, I18N_TOK_EMPTY } i18n_tok_kind;
typedef struct i18n_tok {
    i18n_tok_kind kind;
    char name[16];
    size_t k;
    const char *text;   /* TEXT: the raw text; tags: the tag itself */
    size_t len;
} i18n_tok;

/* Reads the token at *p and advances it: 1, or 0 at the end; a "<" that
 * starts no placeholder is returned as text. */
int i18n_seg_next(const char **p, i18n_tok *t);

/* The text with every placeholder tag removed (their content kept), "&lt;"
 * and "&amp;" decoded: what a reader sees. Caller frees. */
char *i18n_seg_plain(const char *text);

/* A deep copy of d whose nodes all name file (interned in the copy) and
 * line 0. NULL when out of memory. Caller frees with doc_free(). */
doc *i18n_doc_clone(const doc *d, const char *file);

#endif
