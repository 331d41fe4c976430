/* lay_para.c — words, boxes/glue/penalties, breaking and drawing of a paragraph. */
#include "lay_para.h"

#include <glib.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PARA_MAX_POINTS 64
#define LAST_WORD_PENALTY 150.0

/* A run's part of one word. */
typedef struct piece {
    size_t run;
    size_t b0, b1;          /* bytes of the run's text */
    lay_shaped sh;          /* text pieces */
    int icon;
    double ink[4];          /* icons: the outline's ink in its unit box (x0 y0 x1 y1) */
    double k;               /* icons: points per unit of the box */
} piece;

/* A box item: part of a piece between hyphenation points. */
typedef struct pbox {
    size_t piece;
    size_t g0, g1;          /* glyphs of the piece */
    size_t b0, b1;          /* bytes of the run's text */
} pbox;

struct lay_para {
    lay_para_style st;
    const lay_fonts *fonts;
    lay_run *runs;
    size_t nruns;
    piece *pieces;
    size_t npieces, cappieces;
    pbox *boxes;
    size_t nboxes, capboxes;
    lay_item *items;
    long *ref;              /* box index for boxes; piece before it for hyphen penalties */
    size_t nitems, capitems;
    double *protrude;       /* per item, for the breaker */
    lay_break_result br;
    lay_shaped hyphen[LAY_FONT_ROLE_COUNT];
    double space[LAY_FONT_ROLE_COUNT];   /* a word space in each role, once measured ... */
    unsigned char space_known[LAY_FONT_ROLE_COUNT];   /* ... (a paragraph has hundreds) */
    int missing;
    int failed;
};

/* ---- building ----------------------------------------------------------- */

lay_para_style lay_para_style_default(double size, double width, const char *lang, const lay_hyph *hyph)
{
    lay_para_style s;
    memset(&s, 0, sizeof s);
    s.size = size;
    s.leading = size * 1.2;
    s.width = width;
    s.justify = 1;
    s.lang = lang;
    s.hyph = hyph;
    s.hyphen_penalty = 50;
    s.compound_penalty = 30;
    s.brk = lay_break_defaults();
    s.brk.runt_width = 2.5 * size;
    s.brk.runt_demerits = 5000;
    s.brk.emergency_stretch = 1.0 * size;   /* narrow columns: see lay_break.h */
    s.expansion = 0.02;
    s.space_cap = 0.55;
    s.tracking = 0.02;
    s.brk.tolerance = 100;
    s.brk.loose_ratio = 0.7;
    s.brk.loose_demerits = 0;
    s.protrusion = 1;
    return s;
}

static int add_item(lay_para *p, lay_item it, long ref)
{
    if (p->nitems == p->capitems) {
        size_t cap = p->capitems ? p->capitems * 2 : 64;
        lay_item *ni = realloc(p->items, cap * sizeof *ni);
        if (!ni)
            return -1;
        p->items = ni;
        long *nr = realloc(p->ref, cap * sizeof *nr);
        if (!nr)
            return -1;
        p->ref = nr;
        p->capitems = cap;
    }
    p->items[p->nitems] = it;
    p->ref[p->nitems++] = ref;
    return 0;
}

/* Inline icons (issue 18, item 4). The Game Icons sit on a 512 canvas with
 * margins of their own, so an icon is trimmed to its ink and its larger side
 * set to ICON_CAP × the cap height (a solid silhouette looks as large as the
 * letters at a little more than their height), its ink centred on half the
 * cap height, with a fixed side bearing each way: "Azione ⚄." then reads
 * without a hole before the period. ICON_STROKE outlines the fill in its own
 * colour, so that the thinnest strokes of an icon still print at 9 pt. */
#define ICON_CAP 1.3
#define ICON_BEARING 0.08   /* em, each side */
#define ICON_STROKE 0.3     /* pt */

static void ink_point(double *ink, double x, double y)
{
    ink[0] = fmin(ink[0], x);
    ink[1] = fmin(ink[1], y);
    ink[2] = fmax(ink[2], x);
    ink[3] = fmax(ink[3], y);
}

void lay_ink_memo_free(lay_ink_memo *m)
{
    free(m->path);
    free(m->ink);
    memset(m, 0, sizeof *m);
}

/* The bounds path's ink had when measured before, or NULL. */
static const double *ink_known(const lay_ink_memo *m, const dl_path *path)
{
    for (size_t i = 0; m && i < m->n; i++)
        if (m->path[i] == path)
            return m->ink[i];
    return NULL;
}

/* Keeps the bounds; on a failed allocation they are only not kept. */
static void ink_keep(lay_ink_memo *m, const dl_path *path, const double *ink)
{
    if (!m)
        return;
    if (m->n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 16;
        const dl_path **np = realloc(m->path, cap * sizeof *np);
        if (np)
            m->path = np;
        double(*ni)[4] = np ? realloc(m->ink, cap * sizeof *ni) : NULL;
        if (!ni)
            return;
        m->ink = ni;
        m->cap = cap;
    }
    m->path[m->n] = path;
    memcpy(m->ink[m->n++], ink, 4 * sizeof *ink);
}

/* The ink's bounds of path (curves sampled, not their control points,
 * which lie outside the ink) into ink. */
static void ink_measure(const dl_path *path, double *ink)
{
    double cx = 0, cy = 0;
    ink[0] = ink[1] = 1e9;
    ink[2] = ink[3] = -1e9;
    for (size_t i = 0; path && i < path->n; i++) {
        const dl_path_el *e = &path->el[i];
        if (e->op == DL_CURVE) {
            for (int j = 1; j <= 16; j++) {
                double t = j / 16.0, u = 1 - t;
                double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
                ink_point(ink, a * cx + b * e->pt[0] + c * e->pt[2] + d * e->pt[4],
                          a * cy + b * e->pt[1] + c * e->pt[3] + d * e->pt[5]);
            }
            cx = e->pt[4], cy = e->pt[5];
        } else if (e->op == DL_MOVE || e->op == DL_LINE) {
            ink_point(ink, e->pt[0], e->pt[1]);
            cx = e->pt[0], cy = e->pt[1];
        }
    }
    if (ink[2] <= ink[0] || ink[3] <= ink[1]) {
        /* nothing to measure: the whole box */
        ink[0] = ink[1] = 0;
        ink[2] = ink[3] = 1;
    }
}

/* The ink's bounds of path (from the memo when measured before) and the
 * scale for the paragraph's size. */
static void icon_fit(const lay_para *p, const dl_path *path, piece *pc)
{
    const double *known = ink_known(p->st.ink_memo, path);
    if (known) {
        memcpy(pc->ink, known, sizeof pc->ink);
    } else {
        ink_measure(path, pc->ink);
        ink_keep(p->st.ink_memo, path, pc->ink);
    }
    const double *ink = pc->ink;
    double cap = lay_fonts_metrics(p->fonts, LAY_FONT_BODY, p->st.size).cap_height;
    pc->k = ICON_CAP * cap / fmax(ink[2] - ink[0], ink[3] - ink[1]);
}

static double icon_width(const lay_para *p, const piece *pc)
{
    return (pc->ink[2] - pc->ink[0]) * pc->k + 2 * ICON_BEARING * p->st.size;
}

static long add_piece(lay_para *p, size_t run, size_t b0, size_t b1, int icon)
{
    if (p->npieces == p->cappieces) {
        size_t cap = p->cappieces ? p->cappieces * 2 : 32;
        piece *np = realloc(p->pieces, cap * sizeof *np);
        if (!np)
            return -1;
        p->pieces = np;
        p->cappieces = cap;
    }
    piece *pc = &p->pieces[p->npieces];
    memset(pc, 0, sizeof *pc);
    pc->run = run;
    pc->b0 = b0;
    pc->b1 = b1;
    pc->icon = icon;
    if (icon)
        icon_fit(p, p->runs[run].icon, pc);
    if (!icon) {
        const lay_run *r = &p->runs[run];
        if (lay_shape(p->fonts, r->role, p->st.size, p->st.lang, r->text + b0, b1 - b0, &pc->sh) != 0)
            return -1;
        p->missing += pc->sh.missing;
    }
    return (long)p->npieces++;
}

static int add_box(lay_para *p, size_t piece_i, size_t g0, size_t g1, size_t b0, size_t b1)
{
    if (p->nboxes == p->capboxes) {
        size_t cap = p->capboxes ? p->capboxes * 2 : 64;
        pbox *nb = realloc(p->boxes, cap * sizeof *nb);
        if (!nb)
            return -1;
        p->boxes = nb;
        p->capboxes = cap;
    }
    const piece *pc = &p->pieces[piece_i];
    double w = 0;
    if (pc->icon)
        w = icon_width(p, pc);
    else
        for (size_t g = g0; g < g1; g++)
            w += pc->sh.advance[g];
    p->boxes[p->nboxes] = (pbox){piece_i, g0, g1, b0, b1};
    double ex = !pc->icon && p->st.justify ? p->st.expansion * w : 0;
    lay_item it = {LAY_BOX, w, ex, ex, 0, 0};
    return add_item(p, it, (long)p->nboxes++);
}

static double hyphen_width(lay_para *p, lay_font_role r)
{
    if (!p->hyphen[r].glyphs && lay_shape(p->fonts, r, p->st.size, p->st.lang, "-", 1, &p->hyphen[r]) != 0)
        return 0;
    return p->hyphen[r].width;
}

/* A segment of the word being collected. */
typedef struct seg {
    size_t run, b0, b1;
    int icon;
} seg;

/* The segments of one word, as many as it has (a fixed 64 once dropped the
 * rest of a word styled letter by letter). */
typedef struct word {
    seg *s;
    size_t *start;   /* byte offset of each segment in the word's text */
    size_t n, cap;
} word;

static int word_add(word *w, seg sg)
{
    if (w->n == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 16;
        seg *ns = realloc(w->s, cap * sizeof *ns);
        if (!ns)
            return -1;
        w->s = ns;
        size_t *st = realloc(w->start, cap * sizeof *st);
        if (!st)
            return -1;
        w->start = st;
        w->cap = cap;
    }
    w->s[w->n++] = sg;
    return 0;
}

static int space_glue(lay_para *p, size_t run, int nobreak)
{
    const lay_run *r = &p->runs[run];
    lay_font_role role = r->kind == LAY_RUN_ICON ? LAY_FONT_BODY : r->role;
    double sp = p->space_known[role] ? p->space[role] : lay_text_width(p->fonts, role, p->st.size, " ", 1);
    if (sp < 0)
        return -1;   /* out of memory */
    p->space[role] = sp;
    p->space_known[role] = 1;
    if (sp == 0)
        sp = p->st.size / 4;
    if (nobreak && add_item(p, (lay_item){LAY_PENALTY, 0, 0, 0, LAY_INF, 0}, -1) != 0)
        return -1;
    /* ragged right keeps its spaces fixed; the line end stretches instead */
    lay_item g = {LAY_GLUE, sp, p->st.justify ? sp / 2 : 0, p->st.justify ? sp / 3 : 0, 0, 0};
    return add_item(p, g, -1);
}

static int emit_word(lay_para *p, word *w)
{
    /* hyphenation points over the whole word's text, unless it holds an
     * icon or a run marked as a name/number */
    lay_hyph_point pts[PARA_MAX_POINTS];
    size_t npts = 0;
    size_t *segstart = w->start;
    int may = p->st.hyph != NULL;
    for (size_t i = 0; i < w->n; i++)
        if (w->s[i].icon || p->runs[w->s[i].run].nohyph)
            may = 0;
    char buf[512];
    size_t blen = 0;
    for (size_t i = 0; i < w->n; i++) {
        segstart[i] = blen;
        if (w->s[i].icon)
            continue;
        size_t l = w->s[i].b1 - w->s[i].b0;
        if (blen + l >= sizeof buf) {
            may = 0;
            continue;
        }
        memcpy(buf + blen, p->runs[w->s[i].run].text + w->s[i].b0, l);
        blen += l;
    }
    if (may)
        npts = lay_hyph_word(p->st.hyph, buf, blen, pts, PARA_MAX_POINTS);

    size_t k = 0;   /* next hyphenation point */
    long last_piece = -1;
    for (size_t i = 0; i < w->n; i++) {
        const seg *s = &w->s[i];
        size_t ws = segstart[i], we = ws + (s->icon ? 0 : s->b1 - s->b0);
        /* a point exactly at a run boundary falls between two pieces */
        while (k < npts && pts[k].at <= ws) {
            if (pts[k].at == ws && i > 0 && last_piece >= 0) {
                lay_font_role role = p->runs[p->pieces[last_piece].run].role;
                lay_item pen = {LAY_PENALTY, pts[k].add_hyphen ? hyphen_width(p, role) : 0, 0, 0,
                                pts[k].compound ? p->st.compound_penalty : p->st.hyphen_penalty, 1};
                if (add_item(p, pen, last_piece) != 0)
                    return -1;
            }
            k++;
        }
        long pi = add_piece(p, s->run, s->b0, s->b1, s->icon);
        if (pi < 0)
            return -1;
        last_piece = pi;
        if (s->icon) {
            if (add_box(p, (size_t)pi, 0, 0, 0, 0) != 0)
                return -1;
            continue;
        }
        const piece *pc = &p->pieces[pi];
        size_t g = 0, b = s->b0;
        while (1) {
            size_t cut = we;
            int at_point = k < npts && pts[k].at < we;
            if (at_point)
                cut = pts[k].at;
            size_t rel = cut - ws;   /* byte offset inside the piece */
            size_t g1 = g;
            while (g1 < pc->sh.n && pc->sh.glyphs[g1].cluster < rel)
                g1++;
            if (add_box(p, (size_t)pi, g, g1, b, s->b0 + rel) != 0)
                return -1;
            /* add_box may move p->pieces: take pc again */
            pc = &p->pieces[pi];
            if (!at_point)
                break;
            lay_font_role role = p->runs[s->run].role;
            lay_item pen = {LAY_PENALTY, pts[k].add_hyphen ? hyphen_width(p, role) : 0, 0, 0,
                            pts[k].compound ? p->st.compound_penalty : p->st.hyphen_penalty, 1};
            if (add_item(p, pen, pi) != 0)
                return -1;
            g = g1;
            b = s->b0 + rel;
            k++;
        }
    }
    return 0;
}

/* Right-margin protrusion of a character, as a share of its width
 * (microtype's defaults for the right side, rounded). */
static double protrusion_of(uint32_t c)
{
    switch (c) {
    case '.': case ',': case '-': case 0x2019: case '\'': case 0x00AD:
        return 0.7;
    case ':': case ';': case 0x201D: case 0x201C: case '"': case 0x00BB: case 0x00AB:
        return 0.5;
    case 0x2013:
        return 0.3;
    case '!': case '?': case 0x2014:
        return 0.2;
    case ')': case ']':
        return 0.05;
    default:
        return 0;
    }
}

/* The last code point of s[0..n) (UTF-8), 0 if none or broken. */
static uint32_t last_cp(const char *s, size_t n)
{
    if (!n)
        return 0;
    const char *last = g_utf8_find_prev_char(s, s + n);
    if (!last)
        return 0;
    gunichar c = g_utf8_get_char_validated(last, (gssize)(s + n - last));
    return c == (gunichar)-1 || c == (gunichar)-2 ? 0 : c;
}

/* How far a line ending at each legal break may hang into the margin. */
static int compute_protrusion(lay_para *p)
{
    p->protrude = calloc(p->nitems ? p->nitems : 1, sizeof *p->protrude);
    if (!p->protrude)
        return -1;
    if (!p->st.protrusion || !p->st.justify)
        return 0;
    for (size_t i = 1; i < p->nitems; i++) {
        const lay_item *it = &p->items[i], *prev = &p->items[i - 1];
        if (prev->type != LAY_BOX || it->type == LAY_BOX)
            continue;
        if (it->type == LAY_PENALTY && it->penalty >= LAY_INF)
            continue;
        if (it->type == LAY_PENALTY && it->width > 0) {
            p->protrude[i] = protrusion_of('-') * it->width;   /* the shown hyphen */
            continue;
        }
        const pbox *bx = &p->boxes[p->ref[i - 1]];
        const piece *pc = &p->pieces[bx->piece];
        if (pc->icon || bx->g1 <= bx->g0)
            continue;
        const char *t = p->runs[pc->run].text;
        p->protrude[i] = protrusion_of(last_cp(t + bx->b0, bx->b1 - bx->b0)) * pc->sh.advance[bx->g1 - 1];
    }
    return 0;
}

/* A word of digits (and a range's dash or a multiplication sign: "2–4",
 * "3×"): the space after it is a tie, so "1 Ferita" and "2 Azioni" stay on
 * one line. */
static int is_number_word(const lay_para *p, const word *w)
{
    int digits = 0;
    for (size_t i = 0; i < w->n; i++) {
        if (w->s[i].icon)
            return 0;
        const char *t = p->runs[w->s[i].run].text;
        for (size_t b = w->s[i].b0; b < w->s[i].b1; b++) {
            unsigned char c = (unsigned char)t[b];
            if (c >= '0' && c <= '9')
                digits++;
            else if (c == '-' || c == 0xE2 || c == 0x80 || c == 0x93 || c == 0xC3 || c == 0x97)
                continue;   /* "-", U+2013, U+00D7 bytes */
            else
                return 0;
        }
    }
    return digits > 0;
}

static int is_space(uint32_t c)
{
    return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

/* a (n elements of size bytes) cut to its length; a itself when realloc
 * will not (it still holds n) */
static void *fit(void *a, size_t n, size_t size)
{
    void *s = n ? realloc(a, n * size) : NULL;
    return s ? s : a;
}

/* A sheet keeps every paragraph of the trial sizes it lays out alive at
 * once: the growth slack of their arrays (a quarter on average, doubling)
 * is given back when a paragraph is complete. */
static void fit_arrays(lay_para *p)
{
    p->items = fit(p->items, p->nitems, sizeof *p->items);
    p->ref = fit(p->ref, p->nitems, sizeof *p->ref);
    p->capitems = p->nitems ? p->nitems : p->capitems;
    p->pieces = fit(p->pieces, p->npieces, sizeof *p->pieces);
    p->cappieces = p->npieces ? p->npieces : p->cappieces;
    p->boxes = fit(p->boxes, p->nboxes, sizeof *p->boxes);
    p->capboxes = p->nboxes ? p->nboxes : p->capboxes;
}

lay_para *lay_para_new(const lay_fonts *fonts, const lay_para_style *st, const lay_run *runs, size_t nruns)
{
    word w = {0};   /* before any goto fail, which frees it */
    lay_para *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->st = *st;
    p->fonts = fonts;
    p->runs = calloc(nruns ? nruns : 1, sizeof *p->runs);
    if (!p->runs)
        goto fail;
    p->nruns = nruns;
    for (size_t i = 0; i < nruns; i++) {
        p->runs[i] = runs[i];
        p->runs[i].text = NULL;
        if (runs[i].kind == LAY_RUN_TEXT && !(p->runs[i].text = strdup(runs[i].text ? runs[i].text : "")))
            goto fail;
    }

    long pending_space = -1;   /* run of a space waiting for the next word */
    int prev_icon_end = 0, prev_number = 0;
    int any_word = 0;
    for (size_t r = 0; r <= nruns; r++) {
        int flush_all = r == nruns;
        if (!flush_all && runs[r].kind == LAY_RUN_ICON) {
            if (word_add(&w, (seg){r, 0, 0, 1}) != 0)
                goto fail;
            continue;
        }
        const char *t = flush_all ? "" : p->runs[r].text;
        size_t len = strlen(t), i = 0, open = (size_t)-1;
        while (1) {
            int end = i >= len;
            int sp = !end && is_space((unsigned char)t[i]);
            if ((end || sp) && open != (size_t)-1) {
                if (word_add(&w, (seg){r, open, i, 0}) != 0)
                    goto fail;
                open = (size_t)-1;
            }
            if (end && !flush_all)
                break;
            if (sp || flush_all) {
                if (w.n) {
                    if (pending_space >= 0 && any_word &&
                        space_glue(p, (size_t)pending_space, prev_icon_end || prev_number || w.s[0].icon) != 0)
                        goto fail;
                    if (emit_word(p, &w) != 0)
                        goto fail;
                    prev_icon_end = w.s[w.n - 1].icon;
                    prev_number = is_number_word(p, &w);
                    any_word = 1;
                    w.n = 0;
                    pending_space = -1;
                }
                if (flush_all)
                    break;
                if (any_word)
                    pending_space = (long)r;
                i++;
                continue;
            }
            if (open == (size_t)-1)
                open = i;
            i++;
        }
    }
    /* the last word of a paragraph is not hyphenated (its tail alone on the
     * last line looks like a mistake) unless the only other way is a line
     * looser than the tolerance: a penalty that costs as much as a line of
     * badness 140 */
    for (size_t i = p->nitems; i > 0 && p->items[i - 1].type != LAY_GLUE; i--)
        if (p->items[i - 1].type == LAY_PENALTY && p->items[i - 1].flagged)
            p->items[i - 1].penalty = LAST_WORD_PENALTY;
    /* the paragraph end: no break before the fill, then a forced break */
    if (add_item(p, (lay_item){LAY_PENALTY, 0, 0, 0, LAY_INF, 0}, -1) != 0 ||
        add_item(p, (lay_item){LAY_GLUE, 0, LAY_FIL, 0, 0, 0}, -1) != 0 ||
        add_item(p, (lay_item){LAY_PENALTY, 0, 0, 0, -LAY_INF, 0}, -1) != 0)
        goto fail;
    double widths[2] = {st->width - st->indent, st->width};
    if (compute_protrusion(p) != 0)
        goto fail;
    lay_break_params bp = st->brk;
    bp.protrude = p->protrude;
    if (!st->justify && bp.right_stretch <= 0)
        bp.right_stretch = 3 * st->size;   /* TeX's \raggedright uses 2em; 3em rags less */
    if (lay_break(p->items, p->nitems, widths, 2, &bp, &p->br) != 0)
        goto fail;
    free(w.s);
    free(w.start);
    fit_arrays(p);
    return p;
fail:
    free(w.s);
    free(w.start);
    lay_para_free(p);
    return NULL;
}

void lay_para_free(lay_para *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->nruns; i++)
        free((char *)(uintptr_t)p->runs[i].text);
    free(p->runs);
    for (size_t i = 0; i < p->npieces; i++)
        lay_shaped_free(&p->pieces[i].sh);
    free(p->pieces);
    free(p->boxes);
    free(p->items);
    free(p->ref);
    free(p->protrude);
    for (int r = 0; r < LAY_FONT_ROLE_COUNT; r++)
        lay_shaped_free(&p->hyphen[r]);
    lay_break_result_free(&p->br);
    free(p);
}

size_t lay_para_line_count(const lay_para *p)
{
    return p->br.n;
}

const lay_line *lay_para_line(const lay_para *p, size_t i)
{
    return i < p->br.n ? &p->br.lines[i] : NULL;
}

int lay_para_greedy(const lay_para *p)
{
    return p->br.greedy;
}

const lay_para_style *lay_para_get_style(const lay_para *p)
{
    return &p->st;
}

int lay_para_missing_glyphs(const lay_para *p)
{
    return p->missing;
}

double lay_para_natural_width(const lay_para *p)
{
    double w = 0;
    for (size_t i = 0; i < p->nitems; i++)
        if (p->items[i].type != LAY_PENALTY && p->items[i].stretch < LAY_FIL)
            w += p->items[i].width;
    return w + p->st.indent;
}

double lay_para_min_width(const lay_para *p)
{
    /* the widest unbreakable stretch of boxes (with the hyphen it may end in) */
    double best = 0, cur = 0;
    for (size_t i = 0; i < p->nitems; i++) {
        const lay_item *it = &p->items[i];
        if (it->type == LAY_BOX) {
            cur += it->width;
        } else if (it->type == LAY_PENALTY && it->penalty < LAY_INF) {
            if (cur + it->width > best)
                best = cur + it->width;
            cur = 0;
        } else if (it->type == LAY_GLUE) {
            if (i > 0 && p->items[i - 1].type == LAY_PENALTY && p->items[i - 1].penalty >= LAY_INF)
                cur += it->width;   /* a tie: the space does not break */
            else {
                if (cur > best)
                    best = cur;
                cur = 0;
            }
        }
    }
    return cur > best ? cur : best;
}

/* ---- drawing ------------------------------------------------------------ */

typedef struct draw_ctx {
    const lay_para *p;
    dev_device *dev;
    const dl_font *const *fonts;
    int rc;
    /* the text group being collected */
    long gpiece;
    size_t gg0, gg1, gb0, gb1;
    double gx, gy;
    /* the link rectangle being collected */
    const char *link;
    dl_rect lrect;
    lay_link_resolver resolve;
    void *rctx;
    double hs;              /* the line's font expansion, 1 ± e */
    double ls;              /* the line's letter spacing, points per glyph */
} draw_ctx;

/* How line ln is set: rb, the boxes' adjustment ratio (font expansion,
 * never beyond their whole stretch or shrink), and rg, the glue's, which
 * takes what the boxes cannot. Without expansion both are the line's ratio
 * (ragged lines: their glue has no stretch, rg changes nothing). */
static void line_set(const lay_para *p, const lay_line *ln, double *rb, double *rg, double *ls)
{
    *rb = 0;
    *rg = ln->ratio;
    *ls = 0;
    if (p->st.expansion <= 0 || !p->st.justify)
        return;
    double yb = 0, zb = 0, yg = 0, zg = 0;
    int fill = 0;
    size_t glyphs = 0;
    for (size_t i = ln->start; i < ln->end; i++) {
        const lay_item *it = &p->items[i];
        if (it->type == LAY_BOX) {
            yb += it->stretch;
            zb += it->shrink;
            glyphs += p->boxes[p->ref[i]].g1 - p->boxes[p->ref[i]].g0;
        } else if (it->type == LAY_GLUE) {
            if (it->stretch >= LAY_FIL)
                fill = 1;
            else {
                yg += it->stretch;
                zg += it->shrink;
            }
        }
    }
    if (ln->overfull) {
        *rb = -1;
        *rg = -1;
        return;
    }
    double diff = ln->width - ln->natural;
    if (diff >= 0) {
        if (fill) {
            *rg = 0;   /* the last line: natural spaces, no expansion */
            return;
        }
        double r = yb + yg > 0 ? diff / (yb + yg) : 0;
        *rb = r < 1 ? r : 1;
        *rg = yg > 0 ? (diff - *rb * yb) / yg : 0;
        /* spaces beyond their cap: the letters take what they can */
        if (p->st.tracking > 0 && yg > 0 && glyphs > 1 && *rg > p->st.space_cap) {
            double excess = (*rg - p->st.space_cap) * yg, most = p->st.tracking * p->st.size * (double)glyphs;
            double take = excess < most ? excess : most;
            *ls = take / (double)glyphs;
            *rg = (diff - *rb * yb - take) / yg;
        }
    } else {
        double r = zb + zg > 0 ? diff / (zb + zg) : 0;
        *rb = r > -1 ? r : -1;
        *rg = zg > 0 ? (diff - *rb * zb) / zg : 0;
    }
}

static double set_width(const lay_item *it, double r)
{
    return it->width + (r > 0 ? r * it->stretch : r * it->shrink);
}

size_t lay_para_line_spaces(const lay_para *p, size_t li, double *out, size_t max, double *hscale)
{
    if (hscale)
        *hscale = 1;
    if (li >= p->br.n)
        return 0;
    const lay_line *ln = &p->br.lines[li];
    double rb, rg, ls;
    line_set(p, ln, &rb, &rg, &ls);
    if (hscale)
        *hscale = 1 + rb * p->st.expansion;
    size_t n = 0;
    for (size_t i = ln->start; i < ln->end; i++) {
        const lay_item *it = &p->items[i];
        if (it->type != LAY_GLUE || it->stretch >= LAY_FIL)
            continue;
        if (n < max)
            out[n] = set_width(it, rg);
        n++;
    }
    return n;
}

static void flush_text(draw_ctx *c, int hyphen)
{
    if (c->gpiece < 0)
        return;
    const lay_para *p = c->p;
    const piece *pc = &p->pieces[c->gpiece];
    const lay_run *r = &p->runs[pc->run];
    size_t tlen = c->gb1 - c->gb0;
    const lay_shaped *hy = hyphen ? &p->hyphen[r->role] : NULL;
    size_t ng = c->gg1 - c->gg0 + (hy ? hy->n : 0);
    char *utf8 = malloc(tlen + 2), *actual = NULL;
    dl_glyph *gl = malloc((ng ? ng : 1) * sizeof *gl);
    if (!utf8 || !gl) {
        free(utf8);
        free(gl);
        c->rc = -1;
        c->gpiece = -1;
        return;
    }
    memcpy(utf8, r->text + c->gb0, tlen);
    double x0 = 0;
    for (size_t g = 0; g < c->gg0; g++)
        x0 += pc->sh.advance[g];
    double w = 0;
    size_t n = 0;
    double hs = c->hs > 0 ? c->hs : 1;
    for (size_t g = c->gg0; g < c->gg1; g++, n++) {
        gl[n] = pc->sh.glyphs[g];
        gl[n].x = (gl[n].x - x0) * hs + c->ls * (double)(g - c->gg0);
        gl[n].cluster -= (uint32_t)(c->gb0 - pc->b0);
        w += pc->sh.advance[g];
    }
    size_t ulen = tlen;
    if (hy) {
        /* the hyphen is shown, the soft hyphen is the actual text */
        for (size_t g = 0; g < hy->n; g++, n++) {
            gl[n] = hy->glyphs[g];
            gl[n].x = (gl[n].x + w) * hs + c->ls * (double)(c->gg1 - c->gg0 + g);
            gl[n].cluster = (uint32_t)tlen;
        }
        utf8[ulen++] = '-';
        actual = malloc(tlen + 3);
        if (actual) {
            memcpy(actual, r->text + c->gb0, tlen);
            memcpy(actual + tlen, "\xC2\xAD", 3);
        } else {
            c->rc = -1;   /* out of memory: never a hyphen the text extraction keeps */
        }
    }
    utf8[ulen] = '\0';
    if (c->dev->text && c->rc == 0) {
        dl_text t = {c->fonts[r->role], p->st.size, r->color, c->gx, c->gy, utf8, ulen, gl, n, actual, hs};
        c->rc = c->dev->text(c->dev, &t);
    }
    free(utf8);
    free(actual);
    free(gl);
    c->gpiece = -1;
}

static void flush_link(draw_ctx *c)
{
    if (!c->link)
        return;
    int page;
    double y;
    if (c->dev->link && c->rc == 0 && c->resolve && c->resolve(c->rctx, c->link, &page, &y) == 0) {
        dl_link l = {c->lrect, NULL, page, y};
        c->rc = c->dev->link(c->dev, &l);
    }
    c->link = NULL;
}

static void draw_icon(draw_ctx *c, const piece *pc, double x, double y)
{
    const lay_run *r = &c->p->runs[pc->run];
    if (!r->icon || !c->dev->fill_path || c->rc)
        return;
    const lay_para *p = c->p;
    double k = pc->k, cap = lay_fonts_metrics(p->fonts, LAY_FONT_BODY, p->st.size).cap_height;
    /* ink from the bearing on, its middle at half the cap height */
    double x0 = x + ICON_BEARING * p->st.size - pc->ink[0] * k;
    double y0 = y - cap / 2 - (pc->ink[1] + pc->ink[3]) / 2 * k;
    dl_path path;
    dl_path_init(&path);
    for (size_t i = 0; i < r->icon->n; i++) {
        const dl_path_el *e = &r->icon->el[i];
        double q[6];
        for (int j = 0; j < 6; j += 2) {
            q[j] = x0 + e->pt[j] * k;
            q[j + 1] = y0 + e->pt[j + 1] * k;
        }
        int rc = 0;
        switch (e->op) {
        case DL_MOVE: rc = dl_path_move(&path, q[0], q[1]); break;
        case DL_LINE: rc = dl_path_line(&path, q[0], q[1]); break;
        case DL_CURVE: rc = dl_path_curve(&path, q[0], q[1], q[2], q[3], q[4], q[5]); break;
        case DL_CLOSE: rc = dl_path_close(&path); break;
        }
        if (rc) {
            c->rc = -1;
            break;
        }
    }
    if (!c->rc)
        c->rc = c->dev->fill_path(c->dev, &path, r->color);
    if (!c->rc && c->dev->stroke_path)
        c->rc = c->dev->stroke_path(c->dev, &path, r->color, ICON_STROKE);
    dl_path_free(&path);
}

int lay_para_draw(const lay_para *p, dev_device *dev, const dl_font *const fonts[LAY_FONT_ROLE_COUNT],
                  double x, double y, size_t first, size_t count, lay_link_resolver resolve, void *ctx)
{
    draw_ctx c = {.p = p, .dev = dev, .fonts = fonts, .gpiece = -1, .resolve = resolve, .rctx = ctx};
    lay_font_metrics fm = lay_fonts_metrics(p->fonts, LAY_FONT_BODY, p->st.size);
    for (size_t li = first; li < first + count && li < p->br.n && c.rc == 0; li++) {
        const lay_line *ln = &p->br.lines[li];
        double base = y + (double)(li - first) * p->st.leading;
        double cx = x + (li == 0 ? p->st.indent : 0);
        double rb, rg;
        line_set(p, ln, &rb, &rg, &c.ls);
        c.hs = 1 + rb * p->st.expansion;
        for (size_t i = ln->start; i < ln->end; i++) {
            const lay_item *it = &p->items[i];
            if (it->type == LAY_GLUE) {
                flush_text(&c, 0);
                /* the fill glue never stretches visible space */
                cx += it->stretch >= LAY_FIL ? it->width : set_width(it, rg);
                continue;
            }
            if (it->type != LAY_BOX)
                continue;
            const pbox *bx = &p->boxes[p->ref[i]];
            const piece *pc = &p->pieces[bx->piece];
            const lay_run *r = &p->runs[pc->run];
            if (r->link != c.link)
                flush_link(&c);
            if (r->link) {
                if (!c.link) {
                    c.link = r->link;
                    c.lrect = (dl_rect){cx, base - fm.ascender, cx, base - fm.descender};
                }
                c.lrect.x1 = cx + set_width(it, rb) + c.ls * (double)(bx->g1 - bx->g0);
            }
            if (pc->icon) {
                flush_text(&c, 0);
                draw_icon(&c, pc, cx, base);
            } else if (c.gpiece == (long)bx->piece && c.gb1 == bx->b0) {
                c.gg1 = bx->g1;
                c.gb1 = bx->b1;
            } else {
                flush_text(&c, 0);
                c.gpiece = (long)bx->piece;
                c.gg0 = bx->g0;
                c.gg1 = bx->g1;
                c.gb0 = bx->b0;
                c.gb1 = bx->b1;
                c.gx = cx;
                c.gy = base;
            }
            cx += set_width(it, rb) + c.ls * (double)(bx->g1 - bx->g0);
        }
        const lay_item *bi = &p->items[ln->end];
        int hy = bi->type == LAY_PENALTY && bi->flagged && bi->width > 0;
        if (hy && c.gpiece >= 0 && c.link)
            c.lrect.x1 += bi->width * c.hs;
        flush_text(&c, hy);
        flush_link(&c);
    }
    return c.rc;
}
