/* lay_font.h — the font manifest, FreeType faces and HarfBuzz shaping.
 *
 * fonts/manifest.xml names one TrueType file per role (body, body-italic,
 * body-bold, body-bold-italic, heading) with its family, licence and the
 * Debian package it comes from. lay_fonts_load() opens every face once;
 * shaping then turns UTF-8 text into dl_glyph arrays with advances in points.
 *
 * Shaping: kerning on; ligatures (liga, clig, dlig) off, because the libharu
 * device draws text from its Unicode string and cannot show a ligature glyph
 * that has no code point of its own, and because German forbids ligatures
 * across compound joints, which a pattern cannot always see. One display
 * list must look the same in every device.
 *
 * Ownership: a lay_fonts owns its faces and strings; lay_fonts_free()
 * releases them. lay_shaped arrays belong to the caller (lay_shaped_free()).
 * dl_font pointers returned by lay_fonts_register() belong to the dl_list.
 */
#ifndef REGELWERK_LAY_FONT_H
#define REGELWERK_LAY_FONT_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "dl.h"

typedef enum {
    LAY_FONT_BODY,
    LAY_FONT_ITALIC,
    LAY_FONT_BOLD,
    LAY_FONT_BOLD_ITALIC,
    LAY_FONT_HEADING,
    LAY_FONT_ROLE_COUNT
} lay_font_role;

typedef struct lay_fonts lay_fonts;

/* Reads the manifest and opens every face. Every role must be present and
 * its file a TrueType face FreeType can open; otherwise errors go to d (with
 * the manifest's file:line) and NULL is returned. */
/* A font file's bytes, mapped once per process for every FreeType face
 * made of it (the layout's and the devices'), or NULL (*len then 0). Valid
 * until lay_font_files_cleanup(), which a command calls at its end, after
 * every face is done. */
const unsigned char *lay_font_file(const char *path, size_t *len);
void lay_font_files_cleanup(void);

lay_fonts *lay_fonts_load(const char *manifest_path, diag_list *d);
void lay_fonts_free(lay_fonts *f);

/* The role named in the manifest ("body-bold" → LAY_FONT_BOLD), or -1. */
int lay_font_role_from_name(const char *name);
const char *lay_font_role_name(lay_font_role r);

/* The role with bold and/or italic added to a body role (heading stays). */
lay_font_role lay_font_role_style(lay_font_role base, int bold, int italic);

const char *lay_fonts_path(const lay_fonts *f, lay_font_role r);
const char *lay_fonts_family(const lay_fonts *f, lay_font_role r);

/* One licence line naming every family, its licence and package, e.g.
 * "Fonts: Gentium Book Plus (SIL Open Font License 1.1), ...". Owned by f. */
const char *lay_fonts_credit(const lay_fonts *f);

/* Registers the role's file in list (dl_font_add; deduplicated there) and
 * returns the list's dl_font, or NULL on failure. */
const dl_font *lay_fonts_register(const lay_fonts *f, lay_font_role r, dl_list *list);

/* Vertical metrics at a size, in points: ascender > 0, descender < 0 (below
 * the baseline), x-height and cap height > 0. */
typedef struct lay_font_metrics {
    double ascender, descender, x_height, cap_height;
} lay_font_metrics;
lay_font_metrics lay_fonts_metrics(const lay_fonts *f, lay_font_role r, double size);

/* A shaped run: glyph offsets from the run origin in points, clusters as
 * byte offsets into the shaped text; width is the sum of advances. missing
 * counts characters the face has no glyph for (drawn as .notdef). */
typedef struct lay_shaped {
    dl_glyph *glyphs;
    double *advance;    /* per glyph, in points (kerning included); in the
                         * glyphs' block, freed with them */
    size_t n;
    double width;
    int missing;
} lay_shaped;

/* Shapes utf8[0..len) in role r at size (points). lang is a BCP 47 tag or
 * NULL. Returns 0, or -1 on allocation failure (out is then empty). */
int lay_shape(const lay_fonts *f, lay_font_role r, double size, const char *lang,
              const char *utf8, size_t len, lay_shaped *out);
void lay_shaped_free(lay_shaped *s);

/* The advance width of shaped text, in points (no glyphs kept); -1 when
 * out of memory (0 is a width: empty text). */
double lay_text_width(const lay_fonts *f, lay_font_role r, double size, const char *utf8, size_t len);

/* Reads a small XML data file through the content loader's safe parse
 * (doc_parse_data(): no network, no DTD or entities, XInclude only inside
 * the file's folder), dropping its diagnostics; the loaders of this tree
 * call doc_parse_data() themselves to report file:line. Caller frees with
 * xmlFreeDoc(); NULL when the file cannot be read or is refused. */
struct _xmlDoc *lay_xml_read(const char *path);

/* Whether the role's face has a glyph for the code point. */
int lay_fonts_has_char(const lay_fonts *f, lay_font_role r, uint32_t cp);

#endif
