/* lay_font.c — font manifest, FreeType faces, HarfBuzz shaping. */
#include "lay_font.h"

#include "doc.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include <hb-ft.h>
#include <hb.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#include "lay_hyphc.h"

typedef struct lay_face {
    char *path, *family, *style, *package, *version, *licence;
    FT_Face ft;
    hb_font_t *hb;
    double upem64;      /* HarfBuzz units per em: ppem = upem, 26.6 fixed */
    double asc, desc, xh, caph;   /* per em */
} lay_face;

/* A shaped word in font units, as HarfBuzz returned it. The faces are
 * sized once at ppem = upem (open_face), so a word shapes the same at every
 * point size and the result only needs scaling: the layout shapes the same
 * few thousand words hundreds of thousands of times (each trial size of a
 * sheet, each paper, each language's repeated words), and HarfBuzz was a
 * third of a whole build. */
typedef struct shape_entry {
    uint64_t hash;
    char *key;              /* role, lang, '\0', text: keylen bytes */
    size_t keylen;
    unsigned n;             /* glyphs */
    int32_t *g;             /* per glyph: gid, cluster, x_offset, y_offset, x_advance */
} shape_entry;

typedef struct shape_cache {
    shape_entry *slot;      /* open addressing; key NULL: empty */
    size_t cap, used, bytes;
} shape_cache;

struct lay_fonts {
    FT_Library lib;
    lay_face face[LAY_FONT_ROLE_COUNT];
    char *credit;
    shape_cache *cache;     /* mutable behind a const lay_fonts: a memo, never visible */
};

static const char *const role_names[LAY_FONT_ROLE_COUNT] = {
    "body", "body-italic", "body-bold", "body-bold-italic", "heading",
};

int lay_font_role_from_name(const char *name)
{
    for (int i = 0; name && i < LAY_FONT_ROLE_COUNT; i++)
        if (strcmp(name, role_names[i]) == 0)
            return i;
    return -1;
}

const char *lay_font_role_name(lay_font_role r)
{
    return (r >= 0 && r < LAY_FONT_ROLE_COUNT) ? role_names[r] : "?";
}

lay_font_role lay_font_role_style(lay_font_role base, int bold, int italic)
{
    if (base == LAY_FONT_HEADING)
        return base;
    int b = bold || base == LAY_FONT_BOLD || base == LAY_FONT_BOLD_ITALIC;
    int i = italic || base == LAY_FONT_ITALIC || base == LAY_FONT_BOLD_ITALIC;
    return b ? (i ? LAY_FONT_BOLD_ITALIC : LAY_FONT_BOLD) : (i ? LAY_FONT_ITALIC : LAY_FONT_BODY);
}

struct _xmlDoc *lay_xml_read(const char *path)
{
    /* the content loader's safe parse; its diagnostics are dropped here */
    diag_list quiet;
    diag_list_init(&quiet);
    xmlDoc *x = doc_parse_data(path, NULL, &quiet);
    diag_list_free(&quiet);
    return x;
}

/* Relative file names are resolved against the manifest's folder, so an
 * installed manifest may sit next to copies of its fonts. */
static char *resolve(const char *manifest, const char *file)
{
    if (!file)
        return NULL;
    if (file[0] == '/')
        return strdup(file);
    const char *slash = strrchr(manifest, '/');
    size_t dirlen = slash ? (size_t)(slash - manifest) + 1 : 0;
    char *p = malloc(dirlen + strlen(file) + 1);
    if (!p)
        return NULL;
    memcpy(p, manifest, dirlen);
    strcpy(p + dirlen, file);
    return p;
}

/* The font files mapped: FreeType maps a file for each face it opens, and
 * the layout's face and cairo's of the same file then held their pages
 * twice; each mapped by page, only the pages read are resident (fonts were
 * 2.9 MB of a Sine Tempore build's peak). */
static struct font_file {
    char *path;
    void *map;
    size_t len;
} *font_files;
static size_t nfont_files;

const unsigned char *lay_font_file(const char *path, size_t *len)
{
    *len = 0;
    for (size_t i = 0; i < nfont_files; i++)
        if (strcmp(font_files[i].path, path) == 0) {
            *len = font_files[i].len;
            return font_files[i].map;
        }
    struct font_file *ff = realloc(font_files, (nfont_files + 1) * sizeof *ff);
    if (!ff)
        return NULL;
    font_files = ff;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return NULL;
    void *map = MAP_FAILED;
    if (fstat(fd, &st) == 0 && st.st_size > 0)
        map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return NULL;
    char *p = strdup(path);
    if (!p) {
        munmap(map, (size_t)st.st_size);
        return NULL;
    }
    long pg = sysconf(_SC_PAGESIZE);
    madvise(map, (size_t)st.st_size, MADV_RANDOM);
    lay_map_by_page(map, (size_t)st.st_size, pg > 0 ? (size_t)pg : 4096);
    font_files[nfont_files++] = (struct font_file){p, map, (size_t)st.st_size};
    *len = (size_t)st.st_size;
    return map;
}

void lay_font_files_cleanup(void)
{
    for (size_t i = 0; i < nfont_files; i++) {
        munmap(font_files[i].map, font_files[i].len);
        free(font_files[i].path);
    }
    free(font_files);
    font_files = NULL;
    nfont_files = 0;
}

static int open_face(lay_fonts *f, lay_face *fc, const char *manifest, int line, diag_list *d)
{
    size_t flen;
    const unsigned char *fbytes = lay_font_file(fc->path, &flen);
    FT_Error err = fbytes ? FT_New_Memory_Face(f->lib, fbytes, (FT_Long)flen, 0, &fc->ft)
                          : FT_New_Face(f->lib, fc->path, 0, &fc->ft);
    if (err != 0) {
        diag_add(d, DIAG_ERROR, manifest, line, 0, err == FT_Err_Out_Of_Memory ? "memory" : "font",
                 err == FT_Err_Out_Of_Memory ? "%s: out of memory" : "cannot open the font file %s", fc->path);
        fc->ft = NULL;
        return -1;
    }
    /* TrueType outlines only: libharu cannot embed CFF. */
    FT_ULong glyf_len = 0;
    if (!FT_IS_SFNT(fc->ft) || !FT_Get_Sfnt_Table(fc->ft, FT_SFNT_HEAD) ||
        FT_Load_Sfnt_Table(fc->ft, FT_MAKE_TAG('g', 'l', 'y', 'f'), 0, NULL, &glyf_len) != 0 || !glyf_len) {
        diag_add(d, DIAG_ERROR, manifest, line, 0, "font",
                 "%s has no TrueType outlines (glyf table); libharu needs them", fc->path);
        return -1;
    }
    FT_UShort upem = fc->ft->units_per_EM;
    /* ppem = upem: HarfBuzz then works in font units × 64 and unhinted. */
    if (FT_Set_Char_Size(fc->ft, (FT_F26Dot6)upem * 64, (FT_F26Dot6)upem * 64, 72, 72) != 0) {
        diag_add(d, DIAG_ERROR, manifest, line, 0, "font", "cannot size the font %s", fc->path);
        return -1;
    }
    fc->hb = hb_ft_font_create_referenced(fc->ft);
    hb_ft_font_set_load_flags(fc->hb, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
    int xs, ys;
    hb_font_get_scale(fc->hb, &xs, &ys);
    fc->upem64 = xs > 0 ? (double)xs : (double)upem * 64.0;
    fc->asc = (double)fc->ft->ascender / upem;
    fc->desc = (double)fc->ft->descender / upem;
    TT_OS2 *os2 = FT_Get_Sfnt_Table(fc->ft, FT_SFNT_OS2);
    fc->xh = (os2 && os2->version >= 2 && os2->sxHeight) ? (double)os2->sxHeight / upem : 0.45;
    fc->caph = (os2 && os2->version >= 2 && os2->sCapHeight) ? (double)os2->sCapHeight / upem : 0.68;
    return 0;
}

static int build_credit(lay_fonts *f)
{
    /* "Fonts: A (licence, package version); B (...)" listing each family once */
    size_t cap = 64;
    for (int i = 0; i < LAY_FONT_ROLE_COUNT; i++)
        cap += strlen(f->face[i].family) + strlen(f->face[i].licence) + 8 +
               (f->face[i].package ? strlen(f->face[i].package) : 0);
    f->credit = malloc(cap);
    if (!f->credit)
        return -1;
    strcpy(f->credit, "Fonts: ");
    int first = 1;
    for (int i = 0; i < LAY_FONT_ROLE_COUNT; i++) {
        int seen = 0;
        for (int j = 0; j < i; j++)
            if (strcmp(f->face[j].family, f->face[i].family) == 0)
                seen = 1;
        if (seen)
            continue;
        size_t l = strlen(f->credit);
        snprintf(f->credit + l, cap - l, "%s%s (%s)", first ? "" : "; ", f->face[i].family, f->face[i].licence);
        first = 0;
    }
    return 0;
}


/* ---- shape cache ----------------------------------------------------------- */

/* Past this the cache starts again: the words of one game's outputs fit many
 * times over, and a long run never holds more than this. */
#define SHAPE_CACHE_MAX_BYTES (4u << 20)

static void shape_cache_clear(shape_cache *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->cap; i++) {
        free(c->slot[i].key);
        free(c->slot[i].g);
    }
    free(c->slot);
    memset(c, 0, sizeof *c);
}

static uint64_t fnv1a(const char *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* The slot holding key, or the empty slot where it belongs (cap > used). */
static shape_entry *shape_slot(const shape_cache *c, const char *key, size_t keylen, uint64_t h)
{
    size_t mask = c->cap - 1;
    for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
        shape_entry *e = &c->slot[i];
        if (!e->key || (e->hash == h && e->keylen == keylen && memcmp(e->key, key, keylen) == 0))
            return e;
    }
}

/* Keeps a copy of a shaping result; on any failure the cache simply does not
 * learn it (the caller already has its result). */
static void shape_cache_put(lay_fonts *f, const char *key, size_t keylen, uint64_t h, const int32_t *glyphs,
                            unsigned n)
{
    if (!f->cache && !(f->cache = calloc(1, sizeof *f->cache)))
        return;
    shape_cache *c = f->cache;
    if (c->bytes > SHAPE_CACHE_MAX_BYTES)
        shape_cache_clear(c);
    if (2 * (c->used + 1) > c->cap) {
        size_t ncap = c->cap ? 2 * c->cap : 1024;
        shape_entry *ns = calloc(ncap, sizeof *ns);
        if (!ns)
            return;
        shape_cache old = *c;
        c->slot = ns;
        c->cap = ncap;
        for (size_t i = 0; i < old.cap; i++)
            if (old.slot[i].key)
                *shape_slot(c, old.slot[i].key, old.slot[i].keylen, old.slot[i].hash) = old.slot[i];
        free(old.slot);
    }
    char *k = malloc(keylen);
    int32_t *g = malloc((n ? n : 1) * 5 * sizeof *g);
    if (!k || !g) {
        free(k);
        free(g);
        return;
    }
    memcpy(k, key, keylen);
    memcpy(g, glyphs, (size_t)n * 5 * sizeof *g);
    shape_entry *e = shape_slot(c, key, keylen, h);
    *e = (shape_entry){h, k, keylen, n, g};
    c->used++;
    c->bytes += keylen + (size_t)n * 5 * sizeof *g + 2 * sizeof *e;
}

/* Fills out from glyphs in font units, scaled to size exactly as from
 * HarfBuzz's own arrays. The glyphs and their advances are one block (the
 * glyphs first): two million results in a build of everything, allocated
 * and freed twice each, were a tenth of the layout's time. 0, or -1 on
 * allocation failure. */
static int shaped_fill(lay_shaped *out, const int32_t *g, unsigned n, double k, int width_only)
{
    _Static_assert(sizeof(dl_glyph) % _Alignof(double) == 0, "advances follow the glyphs aligned");
    if (width_only) {
        double x = 0;
        for (unsigned i = 0; i < n; i++)
            x += g[5 * i + 4] * k;
        out->width = x;
        return 0;
    }
    if (n) {
        if (!(out->glyphs = malloc(n * (sizeof *out->glyphs + sizeof *out->advance))))
            return -1;
        out->advance = (double *)(void *)(out->glyphs + n);
    }
    double x = 0;
    for (unsigned i = 0; i < n; i++) {
        const int32_t *q = g + 5 * i;
        out->glyphs[i].gid = (uint32_t)q[0];
        out->glyphs[i].x = x + q[2] * k;
        out->glyphs[i].y = -q[3] * k;   /* y grows downwards */
        out->glyphs[i].cluster = (uint32_t)q[1];
        if (q[0] == 0)
            out->missing++;
        out->advance[i] = q[4] * k;
        x += out->advance[i];
    }
    out->n = n;
    out->width = x;
    return 0;
}

lay_fonts *lay_fonts_load(const char *manifest_path, diag_list *d)
{
    lay_fonts *f = calloc(1, sizeof *f);
    if (!f) {
        diag_add(d, DIAG_ERROR, manifest_path, 0, 0, "memory", "out of memory");
        return NULL;
    }
    if (FT_Init_FreeType(&f->lib) != 0) {
        free(f);
        diag_add(d, DIAG_ERROR, manifest_path, 0, 0, "font", "FreeType could not start");
        return NULL;
    }
    /* read like content: no DTD, no entities, no network, file:line errors */
    size_t before = d->errors;
    xmlDoc *x = doc_parse_data(manifest_path, NULL, d);
    int errors = 0;
    /* an attribute there but not copied: "out of memory", not "missing" */
    int oom = 0;
    xmlNode *root = x ? xmlDocGetRootElement(x) : NULL;
    if (!root || strcmp((const char *)root->name, "fonts") != 0) {
        if (x || d->errors == before)
            diag_add(d, DIAG_ERROR, manifest_path, 0, 0, "font",
                     x ? "the font manifest's root element must be <fonts>" : "cannot read the font manifest");
        errors++;
    }
    for (xmlNode *n = root ? root->children : NULL; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        int line = (int)xmlGetLineNo(n);
        if (strcmp((const char *)n->name, "font") != 0) {
            diag_add(d, DIAG_ERROR, manifest_path, line, 0, "font", "unexpected <%s> in the font manifest",
                     (const char *)n->name);
            errors++;
            continue;
        }
        char *role = doc_xml_prop(n, "role", &oom);
        if (oom) {
            errors++;
            break;
        }
        int r = lay_font_role_from_name(role);
        if (r < 0 || f->face[r].path) {
            diag_add(d, DIAG_ERROR, manifest_path, line, 0, "font", "%s font role '%s'",
                     r < 0 ? "unknown" : "duplicate", role ? role : "");
            free(role);
            errors++;
            continue;
        }
        free(role);
        lay_face *fc = &f->face[r];
        char *file = doc_xml_prop(n, "file", &oom);
        fc->path = resolve(manifest_path, file);
        oom |= file && !fc->path;
        free(file);
        fc->family = doc_xml_prop(n, "family", &oom);
        fc->style = doc_xml_prop(n, "style", &oom);
        fc->package = doc_xml_prop(n, "package", &oom);
        fc->version = doc_xml_prop(n, "version", &oom);
        fc->licence = doc_xml_prop(n, "licence", &oom);
        if (oom) {
            errors++;
            break;
        }
        if (!fc->path || !fc->family || !fc->licence) {
            diag_add(d, DIAG_ERROR, manifest_path, line, 0, "font",
                     "a <font> needs file, family and licence attributes");
            errors++;
            continue;
        }
        if (open_face(f, fc, manifest_path, line, d) != 0)
            errors++;
    }
    for (int r = 0; root && !oom && r < LAY_FONT_ROLE_COUNT; r++)
        if (!f->face[r].path) {
            diag_add(d, DIAG_ERROR, manifest_path, 0, 0, "font", "the font manifest has no '%s' font",
                     role_names[r]);
            errors++;
        }
    xmlFreeDoc(x);
    if (!errors && build_credit(f) != 0)
        oom = 1;
    if (oom)
        diag_add(d, DIAG_ERROR, manifest_path, 0, 0, "memory", "out of memory");
    if (errors || oom) {
        lay_fonts_free(f);
        return NULL;
    }
    return f;
}

void lay_fonts_free(lay_fonts *f)
{
    if (!f)
        return;
    for (int i = 0; i < LAY_FONT_ROLE_COUNT; i++) {
        lay_face *fc = &f->face[i];
        if (fc->hb)
            hb_font_destroy(fc->hb);   /* drops its own reference to the face */
        if (fc->ft)
            FT_Done_Face(fc->ft);
        free(fc->path);
        free(fc->family);
        free(fc->style);
        free(fc->package);
        free(fc->version);
        free(fc->licence);
    }
    FT_Done_FreeType(f->lib);
    free(f->credit);
    shape_cache_clear(f->cache);
    free(f->cache);
    free(f);
}

const char *lay_fonts_path(const lay_fonts *f, lay_font_role r)
{
    return f->face[r].path;
}

const char *lay_fonts_family(const lay_fonts *f, lay_font_role r)
{
    return f->face[r].family;
}

const char *lay_fonts_credit(const lay_fonts *f)
{
    return f ? f->credit : NULL;
}

const dl_font *lay_fonts_register(const lay_fonts *f, lay_font_role r, dl_list *list)
{
    const lay_face *fc = &f->face[r];
    char name[256];
    snprintf(name, sizeof name, "%s%s%s", fc->family, fc->style ? " " : "", fc->style ? fc->style : "");
    return dl_font_add(list, fc->path, 0, name);
}

lay_font_metrics lay_fonts_metrics(const lay_fonts *f, lay_font_role r, double size)
{
    const lay_face *fc = &f->face[r];
    lay_font_metrics m = {fc->asc * size, fc->desc * size, fc->xh * size, fc->caph * size};
    return m;
}

int lay_fonts_has_char(const lay_fonts *f, lay_font_role r, uint32_t cp)
{
    return FT_Get_Char_Index(f->face[r].ft, cp) != 0;
}

/* lay_shape, or with width_only only out->width (no glyphs, no
 * allocation: lay_text_width measures a million words a build). */
static int shape(const lay_fonts *f, lay_font_role r, double size, const char *lang, const char *utf8,
                 size_t len, lay_shaped *out, int width_only)
{
    memset(out, 0, sizeof *out);
    const lay_face *fc = &f->face[r];
    double k = size / fc->upem64;
    /* the cache key: role, language, NUL, text */
    char stack[256];
    size_t langlen = lang ? strlen(lang) : 0, keylen = 2 + langlen + len;
    char *key = keylen <= sizeof stack ? stack : malloc(keylen);
    uint64_t h = 0;
    if (key) {
        key[0] = (char)('A' + r);
        if (langlen)
            memcpy(key + 1, lang, langlen);
        key[1 + langlen] = '\0';
        memcpy(key + 2 + langlen, utf8, len);
        h = fnv1a(key, keylen);
        if (f->cache && f->cache->cap) {
            const shape_entry *e = shape_slot(f->cache, key, keylen, h);
            if (e->key) {
                if (key != stack)
                    free(key);
                return shaped_fill(out, e->g, e->n, k, width_only);
            }
        }
    }
    hb_buffer_t *buf = hb_buffer_create();
    if (!hb_buffer_allocation_successful(buf)) {
        hb_buffer_destroy(buf);
        if (key != stack)
            free(key);
        return -1;
    }
    hb_buffer_add_utf8(buf, utf8, (int)len, 0, (int)len);
    hb_buffer_set_direction(buf, HB_DIRECTION_LTR);
    hb_buffer_set_script(buf, HB_SCRIPT_LATIN);
    if (lang)
        hb_buffer_set_language(buf, hb_language_from_string(lang, -1));
    hb_buffer_set_cluster_level(buf, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
    /* Ligatures off (see the header): a ligature glyph has no code point the
     * libharu device could draw, and German bars them across compound joints.
     * Kerning stays on. */
    static const hb_feature_t feats[] = {
        {HB_TAG('l', 'i', 'g', 'a'), 0, 0, (unsigned)-1},
        {HB_TAG('c', 'l', 'i', 'g'), 0, 0, (unsigned)-1},
        {HB_TAG('d', 'l', 'i', 'g'), 0, 0, (unsigned)-1},
        {HB_TAG('k', 'e', 'r', 'n'), 1, 0, (unsigned)-1},
    };
    hb_shape(fc->hb, buf, feats, sizeof feats / sizeof feats[0]);
    unsigned n = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buf, &n);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buf, &n);
    /* the result comes from the same integers as a cached one would */
    int32_t *g = malloc((n ? n : 1) * 5 * sizeof *g);
    if (!g) {
        hb_buffer_destroy(buf);
        if (key != stack)
            free(key);
        return -1;
    }
    for (unsigned i = 0; i < n; i++) {
        g[5 * i] = (int32_t)info[i].codepoint;
        g[5 * i + 1] = (int32_t)info[i].cluster;
        g[5 * i + 2] = pos[i].x_offset;
        g[5 * i + 3] = pos[i].y_offset;
        g[5 * i + 4] = pos[i].x_advance;
    }
    hb_buffer_destroy(buf);
    if (key)
        shape_cache_put((lay_fonts *)(uintptr_t)f, key, keylen, h, g, n);
    if (key != stack)
        free(key);
    int rc = shaped_fill(out, g, n, k, width_only);
    free(g);
    return rc;
}

int lay_shape(const lay_fonts *f, lay_font_role r, double size, const char *lang, const char *utf8,
              size_t len, lay_shaped *out)
{
    return shape(f, r, size, lang, utf8, len, out, 0);
}

void lay_shaped_free(lay_shaped *s)
{
    free(s->glyphs);   /* the advances with them */
    memset(s, 0, sizeof *s);
}

double lay_text_width(const lay_fonts *f, lay_font_role r, double size, const char *utf8, size_t len)
{
    lay_shaped s;
    if (shape(f, r, size, NULL, utf8, len, &s, 1) != 0)
        return -1;
    return s.width;
}
