/* dev_haru.h — the libharu device: PDF only.
 *
 * libharu 2.3 has no kerning, no glyph-id text and no TJ call: the device
 * writes the text operators into libharu's page content itself, one TJ array
 * a run, each cluster where HarfBuzz put it (an adjustment in 1/1000 em when
 * libharu's rounded widths would put it elsewhere), so the layout's kerning
 * is kept. The fonts are made at close(): each face subset with hb-subset to
 * the code points shown with it, then loaded by libharu, which writes the
 * /W widths, the CIDToGIDMap and the glyphs only for those; the pages'
 * font names are bound then. Outlines and links are made at close(), when every page exists;
 * /Lang, ViewerPreferences and the page boxes come from pdf_post, which also
 * rewrites the file deterministically. libharu's ToUnicode CMap (which
 * poppler calls malformed) is replaced there by one we build from the text
 * we showed (see dev_haru.c).
 *
 * The file is written under a temporary name and renamed on a successful
 * close(); on failure nothing is left.
 */
#ifndef REGELWERK_DEV_HARU_H
#define REGELWERK_DEV_HARU_H

#include "diag.h"
#include "dl.h"

dev_device *dev_haru_new(const char *path, diag_list *diags);

/* The PDF's /ViewerPreferences /Duplex ("DuplexFlipLongEdge",
 * "DuplexFlipShortEdge"; a static string, or NULL for none). */
void dev_haru_set_duplex(dev_device *dev, const char *duplex);

#endif
