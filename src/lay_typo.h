/* lay_typo.h — the typesetter's spelling of an author's text, one function
 * for every surface that sets text (sheets, cards, flowchart labels, the PDF
 * metadata), so that they never differ.
 *
 * Authors type what a keyboard has: the typewriter apostrophe (l'arma,
 * geht's) and a plain space inside "z. B.". Print sets U+2019 between two
 * letters (a quote mark or a foot sign elsewhere stays as written) and a
 * thin no-break space (U+202F) inside German two-part abbreviations, which
 * then never part at a line end and read as one word. Quotes and ordinals
 * are not rewritten here: `check` refuses the wrong ones in the source
 * (i18n_typo.c), so that the summary itself is right.
 *
 * Ownership: results are malloc'd, the caller frees them. */
#ifndef REGELWERK_LAY_TYPO_H
#define REGELWERK_LAY_TYPO_H

#include "dl.h"

/* text as print sets it; NULL only when out of memory (text NULL: ""). */
char *lay_typo_text(const char *text);

/* out: a copy of in whose words (title, author, subject, keywords) are set
 * as lay_typo_text sets page text; the other fields are shared with in.
 * 0, or -1 out of memory (out then holds nothing to free). */
int lay_typo_info(const dl_doc_info *in, dl_doc_info *out);
/* Frees the words of a lay_typo_info copy. */
void lay_typo_info_free(dl_doc_info *info);

#endif
