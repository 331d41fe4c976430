/* dev_haru.h — the libharu device: PDF only.
 *
 * libharu 2.3 has no kerning and no glyph-id text: every cluster of a shaped
 * run is shown at the position HarfBuzz gave it, so the layout's kerning is
 * kept. Outlines and links are made at close(), when every page exists;
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
