/* dev_cairo.h — the cairo device: PDF, PNG previews and SVG.
 *
 * PDF: cairo's PDF surface with subset fonts, metadata, outlines and page
 * labels; links, /Lang and page boxes are added afterwards by pdf_post
 * (cairo 1.16's link tags produce files qpdf calls damaged, and cairo has no
 * page boxes). PNG and SVG: one file per page; path must then contain "%d",
 * replaced by the 1-based page number.
 *
 * Text is drawn with cairo_show_text_glyphs and the run's clusters, so a PDF
 * viewer extracts exactly the run's text; a run with actual text (a word
 * hyphenated at a line end) is one cluster whose text is the actual text.
 *
 * Every file is written under a temporary name and renamed on a successful
 * close(); on failure nothing is left. The device owns its FreeType faces.
 */
#ifndef REGELWERK_DEV_CAIRO_H
#define REGELWERK_DEV_CAIRO_H

#include "diag.h"
#include "dl.h"

enum { DEV_CAIRO_PDF, DEV_CAIRO_PNG, DEV_CAIRO_SVG };

/* dpi applies to PNG. diags receives errors (kept by the caller). */
dev_device *dev_cairo_new(const char *path, int format, double dpi, diag_list *diags);

/* The PDF's /ViewerPreferences /Duplex ("DuplexFlipLongEdge",
 * "DuplexFlipShortEdge"; a static string, or NULL for none). */
void dev_cairo_set_duplex(dev_device *dev, const char *duplex);

/* Releases cairo's and FreeType's process-wide caches; call once at exit
 * (keeps valgrind and LeakSanitizer quiet). No device may be alive. */
void dev_cairo_cleanup(void);

#endif
