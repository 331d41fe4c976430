/* icon.h — the Game Icons set (game-icons.net, CC BY 3.0) as vector paths.
 *
 * The set comes from the npm package @iconify-json/game-icons, installed at
 * setup time (never committed): one JSON file, each icon one SVG <path> on a
 * 512×512 canvas. A game's map (templates/icons/GAME.xml) gives the names
 * its content uses (<icon name="silenzio"/>) a glyph of the set.
 *
 * Paths are parsed from SVG path data on first use (all commands, arcs as
 * cubic Béziers) and scaled into the unit box: x and y in 0..1, y down, so
 * the layout scales an icon to the text size.
 *
 * Ownership: the set owns its JSON, its map and every path it returned;
 * they live until icon_set_free().
 */
#ifndef REGELWERK_ICON_H
#define REGELWERK_ICON_H

#include "diag.h"
#include "dl.h"

typedef struct icon_set icon_set;

icon_set *icon_set_load(const char *json_path, diag_list *diags);
void icon_set_free(icon_set *set);

/* The set's JSON is parsed once per process and shared; this releases it.
 * Call at exit, after every icon_set is freed. */
void icon_cleanup(void);

/* Adds a game's map. Unknown glyphs are errors at file:line. Returns 0, or
 * -1 when the map could not be read or named glyphs the set lacks. */
int icon_map_load(icon_set *set, const char *map_xml, diag_list *diags);

/* The icon by content name (through the map) or by glyph name; NULL when
 * neither is known. */
const dl_path *icon_get(const icon_set *set, const char *name);

/* The credit line every sheet prints. */
const char *icon_credit(const icon_set *set);

/* Parses SVG path data into out, scaling by s (1/512 for the set). Returns
 * 0, or -1 at the first malformed command. Exposed for the tests. */
int icon_parse_svg_path(const char *d, double s, dl_path *out);

#endif
