/* pdf_post.h — finishing touches a PDF library cannot make, applied with
 * libqpdf after the library wrote the file.
 *
 * cairo 1.16 writes a damaged file as soon as a link tag is used and has no
 * API for page boxes; neither library writes /Lang or viewer preferences the
 * way a print shop and a home printer need. pdf_post rewrites the file once
 * with what is missing: link annotations, /Lang, TrimBox/BleedBox, and
 * /ViewerPreferences (PrintScaling /None, Duplex); and with fewer bytes:
 * embedded TrueType fonts lose their hinting, content-stream numbers keep
 * the decimals print resolves and long paths are drawn from their first
 * point, latin subsets share one ToUnicode map, and the dictionaries go into
 * object streams with a compressed xref (PDF 1.5). The rewrite is
 * deterministic (qpdf's content-derived /ID) and is the only copy written to
 * disk: the library's output stays in memory.
 *
 * Coordinates are the display list's: points, origin top-left, y down; the
 * page height converts them.
 *
 * Ownership: the caller owns the spec and everything it points to.
 */
#ifndef REGELWERK_PDF_POST_H
#define REGELWERK_PDF_POST_H

#include <stddef.h>

#include "diag.h"
#include "dl.h"

typedef struct pdf_post_link {
    int page;               /* 0-based page the link is on */
    dl_link link;           /* rect in page space; uri, or internal page + y */
} pdf_post_link;

typedef struct pdf_post_page {
    double height;          /* to flip y */
    int has_trim, has_bleed;
    dl_rect trim, bleed;
} pdf_post_page;

typedef struct pdf_post_spec {
    const char *lang;               /* /Lang, or NULL */
    const pdf_post_link *links;
    size_t nlinks;
    const pdf_post_page *pages;     /* one per page, or NULL */
    size_t npages;
    int print_scaling_none;         /* /ViewerPreferences /PrintScaling /None */
    const char *duplex;             /* "DuplexFlipLongEdge", ... or NULL */
    /* libharu's UTF-8 fonts use CID = Unicode code point, and write as
     * ToUnicode an Identity CMap in a syntax poppler rejects. With
     * fix_tounicode set, every Type0 font's ToUnicode is replaced by a
     * bfchar map of the code points the document shows (sorted, BMP). */
    int fix_tounicode;
    const unsigned *codepoints;
    size_t ncodepoints;
} pdf_post_spec;

/* Reads the PDF a library wrote into memory (len bytes at pdf), adds what
 * spec asks for and writes the result to path through out_write_file. 0, or
 * -1 with an error in diags (path is then left as it was). */
int pdf_post_write(const char *path, const unsigned char *pdf, size_t len, const pdf_post_spec *spec,
                   diag_list *diags);

/* A TrueType font (len bytes at ttf) without its hinting: no fpgm, prep,
 * cvt, hdmx, LTSH or VDMX table, no glyph instructions, maxp's hinting
 * limits zero, checksums recomputed; the outlines, metrics and every other
 * table as they were: 1 with a new buffer of *outlen bytes in *out (the
 * caller frees it); 0 and *out NULL when ttf is not a TrueType font this
 * reads (then nothing is changed); -1 out of memory. pdf_post_write applies
 * it to every embedded TrueType font. */
int pdf_post_unhint_ttf(const unsigned char *ttf, size_t len, unsigned char **out, size_t *outlen);

/* A content stream (n bytes at s) with the numbers of path, colour, line
 * width and text-positioning operators rounded to what print resolves
 * (page coordinates to 0.01 pt); strings, names, arrays and other operators
 * as they are: 1 with a new buffer of *outlen bytes in *out, never longer
 * than n; 0 and *out NULL when the stream holds what this does not read (an
 * inline image, an unclosed string: then it is kept as it is); -1 out of
 * memory. */
int pdf_post_round_content(const unsigned char *s, size_t n, unsigned char **out, size_t *outlen);

#endif
