/* dl.h — the display list and the device interface.
 *
 * Layout happens once and records into a display list; devices only paint.
 * A device is a struct of function pointers (MuPDF's fitz design); a display
 * list is itself a device that records, and dl_replay() plays it into any
 * other device, optionally through a transform (cards imposed on a sheet).
 *
 * Coordinates are PDF points (1/72 in), origin at the top-left of the page,
 * y growing downwards. Devices that need PDF's bottom-up space flip it.
 *
 * Ownership: a dl_list copies everything it records (paths, strings, glyph
 * arrays); callers keep their own buffers. Fonts are registered once per list
 * with dl_font_add() and referred to by pointer, valid until dl_list_free().
 *
 * Close may fail; drop never does: dev->close() writes the output (to a
 * temporary file, then renames it into place) and returns non-zero on error;
 * dev->drop() only releases.
 */
#ifndef REGELWERK_DL_H
#define REGELWERK_DL_H

#include <stddef.h>
#include <stdint.h>

typedef struct dl_color {
    double r, g, b;   /* 0..1, DeviceRGB */
} dl_color;

/* x' = a*x + c ; y' = d*y + f (scale and translate; no rotation needed yet
 * except for mirrored card backs, which is a negative a). */
typedef struct dl_matrix {
    double a, d, c, f;
} dl_matrix;

typedef struct dl_rect {
    double x0, y0, x1, y1;
} dl_rect;

/* A font as the layout used it: devices load the same file themselves. */
typedef struct dl_font {
    int id;                 /* index in its list, stable */
    char *path;             /* TrueType file */
    int face_index;
    char *family;           /* for diagnostics and PDF names */
} dl_font;

typedef struct dl_doc_info {
    const char *title, *author, *subject, *keywords, *creator;
    const char *lang;       /* BCP 47, e.g. "it" */
    long long date;         /* seconds since the epoch (SOURCE_DATE_EPOCH) */
} dl_doc_info;

typedef struct dl_page_info {
    double width, height;   /* the MediaBox */
    int has_trim, has_bleed;
    dl_rect trim, bleed;    /* TrimBox and BleedBox, when set */
    const char *label;      /* page label, may be NULL */
} dl_page_info;

typedef enum { DL_MOVE, DL_LINE, DL_CURVE, DL_CLOSE } dl_path_op;

typedef struct dl_path_el {
    dl_path_op op;
    double pt[6];           /* MOVE/LINE: x,y; CURVE: x1,y1,x2,y2,x,y */
} dl_path_el;

typedef struct dl_path {
    dl_path_el *el;
    size_t n, cap;
} dl_path;

void dl_path_init(dl_path *p);
void dl_path_free(dl_path *p);
int dl_path_move(dl_path *p, double x, double y);
int dl_path_line(dl_path *p, double x, double y);
int dl_path_curve(dl_path *p, double x1, double y1, double x2, double y2, double x, double y);
int dl_path_close(dl_path *p);
int dl_path_rect(dl_path *p, double x, double y, double w, double h);
/* A rectangle from (x0, y0) to (x1, y1) with corners of radius r (quarter
 * circles as cubics). */
int dl_path_round_rect(dl_path *p, double x0, double y0, double x1, double y1, double r);

/* One glyph of a shaped run. x, y are offsets from the run origin. */
typedef struct dl_glyph {
    uint32_t gid;
    double x, y;
    uint32_t cluster;       /* byte offset into the run's utf8 where its text starts */
} dl_glyph;

/* A shaped run of text on one baseline, in one font and size.
 * utf8 is exactly the text the glyphs show (what copy-and-paste returns).
 * actual, when not NULL, replaces it for text extraction: a word hyphenated
 * at a line end shows "Geg-" but its actual text is "Geg\u00AD". */
typedef struct dl_text {
    const dl_font *font;
    double size;
    dl_color color;
    double x, y;            /* baseline origin */
    const char *utf8;
    size_t len;
    const dl_glyph *glyphs;
    size_t nglyphs;
    const char *actual;
    double hscale;          /* horizontal scale of the glyphs (font expansion,
                               microtype's "stretch"): 1 ± 0.02; 0 means 1.
                               The glyph offsets are already scaled. */
} dl_text;

typedef struct dl_link {
    dl_rect rect;
    const char *uri;        /* external link, or NULL */
    int page;               /* internal: 0-based target page, when uri is NULL */
    double y;               /* internal: target y on that page */
} dl_link;

typedef struct dev_device dev_device;

/* A NULL slot means "not supported"; the caller skips it. Every slot returns
 * 0 on success. */
struct dev_device {
    const char *name;
    int (*begin_doc)(dev_device *dev, const dl_doc_info *info);
    int (*begin_page)(dev_device *dev, const dl_page_info *page);
    int (*fill_path)(dev_device *dev, const dl_path *path, dl_color color);
    int (*stroke_path)(dev_device *dev, const dl_path *path, dl_color color, double width);
    int (*text)(dev_device *dev, const dl_text *text);
    int (*link)(dev_device *dev, const dl_link *link);
    /* An outline (bookmark) entry: level 0 is top. */
    int (*outline)(dev_device *dev, int level, const char *title, int page, double y);
    int (*end_page)(dev_device *dev);
    int (*close)(dev_device *dev);
    void (*drop)(dev_device *dev);
};

/* ---- the display list: a recording device ------------------------------- */

typedef struct dl_list dl_list;

dl_list *dl_list_new(void);
void dl_list_free(dl_list *list);
/* The recording device; owned by the list, do not drop it. */
dev_device *dl_list_device(dl_list *list);
/* Registers a font (deduplicated by path and face). NULL on failure. */
const dl_font *dl_font_add(dl_list *list, const char *path, int face_index, const char *family);
size_t dl_list_page_count(const dl_list *list);

/* Replays everything recorded into dev, through m (NULL = identity).
 * Returns 0, or the first non-zero a device slot returned. With first/count
 * a range of pages is replayed (count 0 = all from first). begin_doc and
 * close are not called: the caller owns the target device's life. */
int dl_replay(const dl_list *list, dev_device *dev, const dl_matrix *m);
int dl_replay_pages(const dl_list *list, dev_device *dev, const dl_matrix *m,
                    size_t first, size_t count, int with_page_frames);

/* Copies the doc info recorded by begin_doc (NULL if none). */
const dl_doc_info *dl_list_doc_info(const dl_list *list);

#endif
