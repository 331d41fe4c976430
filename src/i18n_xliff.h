/* i18n_xliff.h — translation catalogs as XLIFF 1.2 files, for translation
 * tools that do not read PO (OmegaT, Okapi, memoQ, Trados).
 *
 * A catalog is one <file original="content/GAME/SRC.xml"
 * source-language target-language datatype="xml" product-name="GAME"
 * product-version="SOURCE VERSION">; each entry a <trans-unit id=KEY
 * resname=KEY> with <source>, <target state="translated |
 * needs-review-translation | new"> and <note>s. Placeholders are XLIFF
 * native-code inline elements: <bpt id="K" ctype="x-regelwerk-num">&lt;num1&gt;</bpt>
 * … <ept id="K">&lt;/num1&gt;</ept>, and <ph id="K" ctype="x-regelwerk-icon">&lt;icon2/&gt;</ph>,
 * because they carry the code itself: translate-toolkit's xliff2po keeps
 * them (it drops <g>/<x>), and every XLIFF tool shows them as tags.
 *
 * Reading accepts those, <g>/<x> with an x-regelwerk- ctype, and plain text
 * holding the placeholders (po2xliff's output); XLIFF 1.1 and 1.2.
 *
 * Ownership: i18n_xliff_read() returns a catalog the caller frees with
 * i18n_cat_free().
 */
#ifndef REGELWERK_I18N_XLIFF_H
#define REGELWERK_I18N_XLIFF_H

#include "diag.h"
#include "i18n_po.h"

/* Writes the live entries of c to path (temporary file, renamed into
 * place). original names the source summary. 0, or -1 with an error. */
int i18n_xliff_write(const i18n_cat *c, const char *original, const char *path, diag_list *diags);

/* Reads an XLIFF file (no network, no entities): its first <file>'s
 * languages and product, and its units keyed by resname, else their
 * po-reference context, else id. NULL with an error at file:line. */
i18n_cat *i18n_xliff_read(const char *path, diag_list *diags);

#endif
