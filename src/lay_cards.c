/* lay_cards.c — status cards for a home printer (butted on a sheet, crop
 * marks, mirrored backs) or a print shop (one card per page with its page
 * boxes); see lay_cards.h.
 */
#include "lay_cards.h"

#include "lay_inline.h"

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "icon.h"
#include "lay_para.h"
#include "lay_sheet.h"
#include "lay_typo.h"
#include "lay_words.h"

/* the card's measures come from its template (templates/cards.xml) */
#define CARD_W (t->card_w)
#define CARD_H (t->card_h)
#define SAFE (t->card_safe)     /* text keeps inside the cut */
#define BLEED (t->card_bleed)
#define BAND_H (t->card_band)
#define ICON_SIZE (t->card_icon)
#define TEXT_MAX (t->card_text)
#define MM (72.0 / 25.4)
#define PAPER_EDGE (5 * MM)     /* what a home printer cannot print */
#define MARK_GAP (0.5 * MM)     /* between the art and a crop mark */
#define MARK_MIN (2 * MM)       /* the shortest crop mark */
#define MARK_MAX (6 * MM)

typedef lay_card_words card_words;

static const card_words *words_for(const char *lang)
{
    return &lay_words_for(lang)->cards;
}

static const char *cards_word(const char *lang)
{
    return words_for(lang)->cards;
}

/* ---- the card's text as runs -------------------------------------------- */

/* The card's runs are lay_inline's (lay_inline.h): the text of a card
 * is turned into runs as the sheet's is. */
typedef lay_runs runs;

static void runs_free(runs *rs)
{
    lay_runs_free(rs);
}

/* typeset: prose as print sets it (lay_typo.h); else as written */
static void add_text(runs *rs, const char *text, lay_font_role role, dl_color col, int nohyph, int typeset)
{
    if (!text || !*text)
        return;
    char *copy = typeset ? lay_typo_text(text) : NULL;
    if (typeset && !copy) {
        rs->failed = 1;
        return;
    }
    lay_runs_text(rs, role, col, copy ? copy : text, nohyph, NULL);
    free(copy);
}

/* Inline content as the sheet shows it (lay_inline_collect), without the
 * sheet's numbers: a gap shows as [?], a cross-reference as its words. */
static void collect(const doc_node *n, runs *rs, int bold, dl_color col, const icon_set *icons)
{
    if (!n)
        return;
    lay_inline_opts o = {bold ? LAY_FONT_BOLD : LAY_FONT_BODY, col, col, icons, NULL, NULL, NULL, NULL};
    if (lay_inline_collect(n, &o, rs) != 0)
        rs->failed = 1;
}

int lay_inline_runs(const doc_node *n, int bold, dl_color col, const icon_set *icons, lay_run **out,
                    size_t *nout)
{
    runs rs = {0};
    collect(n, &rs, bold, col, icons);
    if (rs.failed) {
        runs_free(&rs);
        return -1;
    }
    *out = rs.r;
    *nout = rs.n;
    return 0;
}

void lay_inline_runs_free(lay_run *r, size_t n)
{
    runs rs = {r, n, n, 0};
    runs_free(&rs);
}

static const doc_node *find_cardtext(const doc *d, const char *card)
{
    for (const doc_node *n = d->root->first; n; n = n->next)
        if (n->type == DOC_CARDTEXT && n->ref && strcmp(n->ref, card) == 0)
            return n;
    return NULL;
}

static const doc_node *child_of(const doc_node *n, doc_type t)
{
    for (const doc_node *c = n ? n->first : NULL; c; c = c->next)
        if (c->type == t)
            return c;
    return NULL;
}

/* ---- drawing -------------------------------------------------------------- */

static int fill(dev_device *dev, dl_path *p, dl_color c)
{
    int rc = dev->fill_path ? dev->fill_path(dev, p, c) : 0;
    dl_path_free(p);
    return rc;
}

static int draw_icon(dev_device *dev, const dl_path *icon, double x, double y, double size, dl_color c)
{
    dl_path p;
    dl_path_init(&p);
    for (size_t i = 0; i < icon->n; i++) {
        const dl_path_el *e = &icon->el[i];
        double q[6];
        for (int j = 0; j < 6; j += 2) {
            q[j] = x + e->pt[j] * size;
            q[j + 1] = y + e->pt[j + 1] * size;
        }
        switch (e->op) {
        case DL_MOVE: dl_path_move(&p, q[0], q[1]); break;
        case DL_LINE: dl_path_line(&p, q[0], q[1]); break;
        case DL_CURVE: dl_path_curve(&p, q[0], q[1], q[2], q[3], q[4], q[5]); break;
        default: dl_path_close(&p); break;
        }
    }
    return fill(dev, &p, c);
}

/* A paragraph of runs set to width at the largest size from max down to
 * the floor that fits height; *size gets it. NULL when nothing could be set. */
static lay_para *fit_text(const lay_fonts *fonts, const runs *rs, double width, double height, double max,
                          double floor, const char *lang, int justify, double *size)
{
    for (double s = max; s >= floor - 1e-9; s -= 0.25) {
        lay_para_style st = lay_para_style_default(s, width, lang, NULL);
        st.justify = justify;
        lay_para *p = lay_para_new(fonts, &st, rs->r, rs->n);
        if (!p)
            return NULL;
        double h = (double)lay_para_line_count(p) * st.leading;
        int over = 0;
        for (size_t i = 0; i < lay_para_line_count(p); i++)
            over |= lay_para_line(p, i)->overfull;
        if ((h <= height && !over) || s - 0.25 < floor - 1e-9) {
            *size = s;
            return p;
        }
        lay_para_free(p);
    }
    return NULL;
}

static int rect_fill(dev_device *dev, double x0, double y0, double x1, double y1, dl_color c)
{
    dl_path p;
    dl_path_init(&p);
    dl_path_rect(&p, x0, y0, x1 - x0, y1 - y0);
    return fill(dev, &p, c);
}

/* Draws the lines of p centred on cx from the first baseline base. */
static int draw_lines_centred(const lay_para *p, dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT],
                              double cx, double base)
{
    int rc = 0;
    double lead = lay_para_get_style(p)->leading;
    for (size_t i = 0; i < lay_para_line_count(p) && !rc; i++)
        rc = lay_para_draw(p, dev, fl, cx - lay_para_line(p, i)->natural / 2, base + (double)i * lead, i, 1, NULL,
                           NULL);
    return rc;
}

static int draw_para(dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts,
                     const char *text, lay_font_role role, double size, dl_color col, double x, double y,
                     double width, const char *lang, double *h);

/* ---- an area effect's grid ---------------------------------------------------- */

#define GRID_RULE 0.4           /* the thin rule between squares, pt */
#define LEGEND_SIZE 6.5         /* the legend's type, pt */
#define LEGEND_H (LEGEND_SIZE * 1.6)

static int grid_cols(const game_card *card)
{
    int cols = 0;
    for (size_t r = 0; r < card->nrows; r++) {
        int w = (int)strlen(card->rows[r].cells);
        cols = w > cols ? w : cols;
    }
    return cols;
}

/* A square of the grid at x, y as its letter says (game.h): the figure
 * using the effect in the text colour, an affected square in the accent,
 * the main target with a white dot as the rulebook marks it. */
static int grid_square(dev_device *dev, const lay_theme *th, char ch, double x, double y, double cell)
{
    dl_color white = {1, 1, 1};
    dl_color f = ch == 'A' ? th->text : ch == '#' || ch == 'T' ? th->accent : white;
    int rc = rect_fill(dev, x, y, x + cell, y + cell, f);
    if (!rc && ch == 'T') {
        dl_path p;
        dl_path_init(&p);
        double r = cell * 0.17;
        dl_path_round_rect(&p, x + cell / 2 - r, y + cell / 2 - r, x + cell / 2 + r, y + cell / 2 + r, r);
        rc = fill(dev, &p, white);
    }
    return rc;
}

/* The width of text as draw_para sets it on one line. */
static double text_width(const lay_fonts *fonts, const char *text, double size, const char *lang)
{
    runs rs = {0};
    add_text(&rs, text, LAY_FONT_BODY, (dl_color){0, 0, 0}, 1, 0);
    lay_para_style st = lay_para_style_default(size, 1000, lang, NULL);
    lay_para *p = rs.failed ? NULL : lay_para_new(fonts, &st, rs.r, rs.n);
    runs_free(&rs);
    double w = p && lay_para_line_count(p) ? lay_para_line(p, 0)->natural : 0;
    lay_para_free(p);
    return w;
}

/* The grid centred on cx from y, its longer side size, squares with a
 * thin rule; below it one line of legend for the squares the grid has
 * (the user's, the main target's) and the X of wave X / aura X it shows. */
static int draw_grid(dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts,
                     const game_card *card, const lay_theme *th, const lay_card_words *w, const char *lang,
                     double cx, double y, double size)
{
    int rows = (int)card->nrows, cols = grid_cols(card), has_a = 0, has_t = 0;
    double cell = size / (rows > cols ? rows : cols), x0 = cx - cols * cell / 2;
    dl_path rule;
    dl_path_init(&rule);
    int rc = 0;
    for (int r = 0; r < rows && !rc; r++)
        for (int c = 0; c < cols && !rc; c++) {
            const char *cells = card->rows[r].cells;
            char ch = c < (int)strlen(cells) ? cells[c] : '.';
            has_a |= ch == 'A', has_t |= ch == 'T';
            rc = grid_square(dev, th, ch, x0 + c * cell, y + r * cell, cell);
            dl_path_rect(&rule, x0 + c * cell, y + r * cell, cell, cell);
        }
    if (!rc && dev->stroke_path)
        rc = dev->stroke_path(dev, &rule, (dl_color){0.3, 0.3, 0.3}, GRID_RULE);
    dl_path_free(&rule);
    /* the legend: a small square of each kind, then its word */
    char xn[24] = "";
    if (card->grid_n > 0)
        snprintf(xn, sizeof xn, "X\xE2\x80\xAF=\xE2\x80\xAF%d", card->grid_n);   /* thin no-break spaces */
    const char *words[3] = {has_a ? w->grid_user : NULL, has_t ? w->grid_target : NULL, xn[0] ? xn : NULL};
    const char kinds[3] = {'A', 'T', 0};
    double sw = LEGEND_SIZE * 0.9, gap = LEGEND_SIZE * 0.4, sep = LEGEND_SIZE * 1.2, total = 0, wid[3] = {0};
    for (int i = 0; i < 3; i++)
        if (words[i]) {
            wid[i] = text_width(fonts, words[i], LEGEND_SIZE, lang);
            total += (total > 0 ? sep : 0) + (kinds[i] ? sw + gap : 0) + wid[i];
        }
    double lx = cx - total / 2, ly = y + rows * cell + LEGEND_SIZE * 0.5;
    for (int i = 0; i < 3 && !rc; i++) {
        if (!words[i])
            continue;
        if (kinds[i]) {
            rc = grid_square(dev, th, kinds[i], lx, ly, sw);
            lx += sw + gap;
        }
        if (!rc)
            rc = draw_para(dev, fl, fonts, words[i], LAY_FONT_BODY, LEGEND_SIZE, th->text, lx, ly + sw * 0.85,
                           wid[i] + 2, lang, NULL);
        lx += wid[i] + sep;
    }
    return rc;
}

/* The art of a card at x, y (its cut's top-left) runs past the cut by
 * ext[0..3] on the left, top, right and bottom: the bleed where nothing
 * butts, nothing where a neighbour does. */
static int draw_front(dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts,
                      const game_card *card, const doc_node *ct, const lay_template *t, const icon_set *icons,
                      const char *lang, double x, double y, const double ext[4], int guides, double *used_size)
{
    const lay_theme *th = &t->theme;
    dl_color white = {1, 1, 1};
    dl_color tint = {th->accent.r + (1 - th->accent.r) * 0.9, th->accent.g + (1 - th->accent.g) * 0.9,
                     th->accent.b + (1 - th->accent.b) * 0.9};
    int rc = rect_fill(dev, x - ext[0], y - ext[1], x + CARD_W + ext[2], y + CARD_H + ext[3], tint);
    /* the band runs from the top of the bleed to below the safe zone's top */
    double band_bottom = y + SAFE + BAND_H;
    if (!rc)
        rc = rect_fill(dev, x - ext[0], y - ext[1], x + CARD_W + ext[2], band_bottom, th->accent);
    double inner = CARD_W - 2 * SAFE;
    /* the name, as large as the band allows */
    runs rs = {0};
    collect(child_of(ct, DOC_CARDNAME), &rs, 1, white, icons);
    double ns = 0;
    if (rs.failed)
        rc = -1;
    double name_max = fmin(BAND_H * 0.55, 16);
    lay_para *name = fit_text(fonts, &rs, inner, BAND_H * 0.95, name_max, 7, lang, 0, &ns);
    runs_free(&rs);
    if (name && !rc) {
        double lead = lay_para_get_style(name)->leading;
        double block = (double)lay_para_line_count(name) * lead;
        double base = y + SAFE + (BAND_H - block) / 2 + ns * 0.95;
        rc = draw_lines_centred(name, dev, fl, x + CARD_W / 2, base);
    }
    lay_para_free(name);
    /* the icon and the text, as large as fills the safe zone below the band */
    double top = band_bottom + 0.6 * SAFE, bottom = y + CARD_H - SAFE;
    /* an area effect's grid takes the icon's place: the shape is its symbol */
    int gridded = card->nrows > 0;
    const dl_path *icon = icons && card->icon && !gridded ? icon_get(icons, card->icon) : NULL;
    double icon_size = icon || gridded ? ICON_SIZE : 0, gap = icon || gridded ? 0.5 * SAFE : 0;
    double legend = gridded ? LEGEND_H : 0;
    collect(child_of(ct, DOC_CARDBODY), &rs, 0, th->text, icons);
    double ts = 0;
    if (rs.failed)
        rc = -1;
    lay_para *body = fit_text(fonts, &rs, inner, bottom - top - icon_size - legend - gap, TEXT_MAX, t->card_text_min - 1.5,
                              lang, 0, &ts);
    runs_free(&rs);
    *used_size = body ? ts : 0;
    double text_h = body ? (double)lay_para_line_count(body) * lay_para_get_style(body)->leading : 0;
    /* room left over: a larger icon (up to half again), then the group centred */
    double spare = bottom - top - icon_size - legend - gap - text_h;
    if ((icon || gridded) && spare > 0) {
        double grow = fmin(spare * 0.6, icon_size * 0.5);
        icon_size += grow;
        spare -= grow;
    }
    double gy = top + (spare > 0 ? spare / 2 : 0);
    if (icon && !rc)
        rc = draw_icon(dev, icon, x + CARD_W / 2 - icon_size / 2, gy, icon_size, th->accent);
    if (gridded && !rc)
        rc = draw_grid(dev, fl, fonts, card, th, words_for(lang), lang, x + CARD_W / 2, gy, icon_size);
    gy += icon_size + legend + gap;
    if (body && !rc) {
        /* one line centred; more lines ragged from the safe zone's left */
        if (lay_para_line_count(body) == 1)
            rc = draw_lines_centred(body, dev, fl, x + CARD_W / 2, gy + ts);
        else
            rc = lay_para_draw(body, dev, fl, x + SAFE, gy + ts, 0, lay_para_line_count(body), NULL, NULL);
    }
    lay_para_free(body);
    if (!rc && guides && dev->stroke_path) {
        dl_path p;
        dl_path_init(&p);
        dl_path_round_rect(&p, x, y, x + CARD_W, y + CARD_H, 3 * MM);
        rc = dev->stroke_path(dev, &p, (dl_color){0.6, 0.6, 0.6}, 0.3);
        dl_path_free(&p);
    }
    return rc;
}

/* The back of one card: the game's colour past the cut as ext says, the
 * game's title in the middle; no small print. */
static int draw_back(dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts,
                     const lay_template *t, const char *title, const char *lang, double x, double y,
                     const double ext[4])
{
    dl_color white = {1, 1, 1};
    int rc = rect_fill(dev, x - ext[0], y - ext[1], x + CARD_W + ext[2], y + CARD_H + ext[3], t->theme.accent);
    runs rs = {0};
    add_text(&rs, title, LAY_FONT_HEADING, white, 1, 1);
    double s = 0;
    if (rs.failed)
        rc = -1;
    double maxs = fmin(CARD_W / 3.5, 22);
    lay_para *tp = fit_text(fonts, &rs, CARD_W - 2 * SAFE - 8, CARD_H / 2, maxs, 8, lang, 0, &s);
    runs_free(&rs);
    if (tp && !rc) {
        size_t n = lay_para_line_count(tp);
        double lead = lay_para_get_style(tp)->leading;
        rc = draw_lines_centred(tp, dev, fl, x + CARD_W / 2, y + CARD_H / 2 - (double)(n - 1) * lead / 2 + s * 0.35);
    }
    lay_para_free(tp);
    return rc;
}

/* The home grid on the paper. */
typedef struct grid {
    int cols, rows;
    double gx, gy;          /* the grid's cut, top-left */
    double bx, by;          /* the outer bleed, left/right and top/bottom */
} grid;

static int grid_make(const lay_template *t, grid *g)
{
    double room = PAPER_EDGE + MARK_GAP + MARK_MIN;
    /* as many cards as fit with their full bleed and crop marks outside it
     * (A4: 3 x 3 poker cards; US Letter, 2 cm shorter: 3 x 2) */
    g->cols = (int)floor((t->page_w - 2 * (room + BLEED)) / CARD_W + 1e-9);
    g->rows = (int)floor((t->page_h - 2 * (room + BLEED)) / CARD_H + 1e-9);
    /* a card too large for that: the outer bleed shrinks instead */
    if (g->cols < 1)
        g->cols = (int)floor((t->page_w - 2 * (PAPER_EDGE + MARK_MIN)) / CARD_W + 1e-9);
    if (g->rows < 1)
        g->rows = (int)floor((t->page_h - 2 * (PAPER_EDGE + MARK_MIN)) / CARD_H + 1e-9);
    if (g->cols > t->card_cols)
        g->cols = t->card_cols;
    if (g->rows > t->card_rows)
        g->rows = t->card_rows;
    if (g->cols < 1 || g->rows < 1)
        return -1;
    g->gx = (t->page_w - g->cols * CARD_W) / 2;
    g->gy = (t->page_h - g->rows * CARD_H) / 2;
    g->bx = fmax(0, fmin(BLEED, g->gx - room));
    g->by = fmax(0, fmin(BLEED, g->gy - room));
    return 0;
}

/* Crop marks at every cut, outside the art, 5 mm or more from the paper's
 * edge. */
static int crop_marks(dev_device *dev, const lay_template *t, const grid *g)
{
    dl_color black = {0, 0, 0};
    double gw = g->cols * CARD_W, gh = g->rows * CARD_H;
    double x_in = g->gx - g->bx - MARK_GAP, x_out = fmax(PAPER_EDGE, x_in - MARK_MAX);
    double y_in = g->gy - g->by - MARK_GAP, y_out = fmax(PAPER_EDGE, y_in - MARK_MAX);
    dl_path p;
    dl_path_init(&p);
    for (int c = 0; c <= g->cols; c++) {
        double x = g->gx + c * CARD_W;
        dl_path_move(&p, x, y_in);
        dl_path_line(&p, x, y_out);
        dl_path_move(&p, x, t->page_h - y_in);
        dl_path_line(&p, x, t->page_h - y_out);
    }
    for (int r = 0; r <= g->rows; r++) {
        double y = g->gy + r * CARD_H;
        dl_path_move(&p, x_in, y);
        dl_path_line(&p, x_out, y);
        dl_path_move(&p, t->page_w - x_in, y);
        dl_path_line(&p, t->page_w - x_out, y);
    }
    (void)gw, (void)gh;
    int rc = dev->stroke_path ? dev->stroke_path(dev, &p, black, 0.25) : 0;
    dl_path_free(&p);
    return rc;
}

/* A paragraph of plain text set at size in width, drawn from x, y (first
 * baseline); *h gets its height. */
static int draw_para(dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts,
                     const char *text, lay_font_role role, double size, dl_color col, double x, double y,
                     double width, const char *lang, double *h)
{
    runs rs = {0};
    add_text(&rs, text, role, col, 0, 1);
    lay_para_style st = lay_para_style_default(size, width, lang, NULL);
    st.justify = 0;
    lay_para *p = rs.failed ? NULL : lay_para_new(fonts, &st, rs.r, rs.n);
    runs_free(&rs);
    if (!p)
        return -1;
    int rc = lay_para_draw(p, dev, fl, x, y, 0, lay_para_line_count(p), NULL, NULL);
    if (h)
        *h = (double)lay_para_line_count(p) * st.leading;
    lay_para_free(p);
    return rc;
}

static int begin(dev_device *dev, double w, double h, const char *label, double bleed_in)
{
    dl_page_info pi = {w, h, 0, 0, {0, 0, 0, 0}, {0, 0, 0, 0}, label};
    if (bleed_in > 0) {
        pi.has_trim = pi.has_bleed = 1;
        pi.trim = (dl_rect){bleed_in, bleed_in, w - bleed_in, h - bleed_in};
        pi.bleed = (dl_rect){0, 0, w, h};
    }
    return dev->begin_page(dev, &pi);
}

/* The alignment pair: a scale on the front, a red cross on the back
 * (mirrored and moved as the backs are). */
static int alignment_pages(dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts,
                           const lay_template *t, const lay_cards_meta *meta, const char *lang)
{
    const card_words *w = words_for(lang);
    double cx = t->page_w / 2, cy = t->page_h / 2;
    dl_color black = {0, 0, 0}, red = {0.85, 0, 0};
    int rc = begin(dev, t->page_w, t->page_h, "A", 0);
    double left = 20 * MM, width = t->page_w - 40 * MM;
    if (!rc)
        rc = draw_para(dev, fl, fonts, w->align_title, LAY_FONT_HEADING, 16, t->theme.accent, left, 25 * MM, width,
                       lang, NULL);
    if (!rc)
        rc = draw_para(dev, fl, fonts, w->align_how, LAY_FONT_BODY, 10, t->theme.text, left, 25 * MM + 22, width,
                       lang, NULL);
    dl_path p;
    dl_path_init(&p);
    for (int i = -15; i <= 15; i++) {
        double len = i % 5 == 0 ? 4 * MM : 2 * MM;
        dl_path_move(&p, cx + i * MM, cy - len);
        dl_path_line(&p, cx + i * MM, cy + len);
        dl_path_move(&p, cx - len, cy + i * MM);
        dl_path_line(&p, cx + len, cy + i * MM);
    }
    dl_path_move(&p, cx - 15 * MM, cy);
    dl_path_line(&p, cx + 15 * MM, cy);
    dl_path_move(&p, cx, cy - 15 * MM);
    dl_path_line(&p, cx, cy + 15 * MM);
    if (!rc && dev->stroke_path)
        rc = dev->stroke_path(dev, &p, black, 0.3);
    dl_path_free(&p);
    for (int i = -15; i <= 15 && !rc; i += 5) {
        char num[8];
        snprintf(num, sizeof num, "%d", i);
        if (i == 0)
            continue;
        rc = draw_para(dev, fl, fonts, num, LAY_FONT_BODY, 6, black, cx + i * MM - 3, cy + 4 * MM + 7, 20, lang,
                       NULL);
        if (!rc)
            rc = draw_para(dev, fl, fonts, num, LAY_FONT_BODY, 6, black, cx + 4 * MM + 2, cy + i * MM + 2, 20,
                           lang, NULL);
    }
    if (!rc)
        rc = dev->end_page(dev);
    /* the back: the centre is where mirroring keeps it; the offset moves it */
    if (!rc)
        rc = begin(dev, t->page_w, t->page_h, "Ab", 0);
    dl_path_init(&p);
    double bx = cx + meta->back_dx, by = cy + meta->back_dy;
    dl_path_move(&p, bx - 20 * MM, by);
    dl_path_line(&p, bx + 20 * MM, by);
    dl_path_move(&p, bx, by - 20 * MM);
    dl_path_line(&p, bx, by + 20 * MM);
    if (!rc && dev->stroke_path)
        rc = dev->stroke_path(dev, &p, red, 0.4);
    dl_path_free(&p);
    if (!rc)
        rc = dev->end_page(dev);
    return rc;
}

/* The colophon: credits, licences and how to print, once. */
static int colophon(dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts,
                    const lay_template *t, const lay_cards_meta *meta, const char *title, const char *lang,
                    double pw, double ph, double bleed_in)
{
    const card_words *w = words_for(lang);
    char foot[4096] = "";
    lay_footer_line(foot, sizeof foot, meta->credits, meta->licences, lang);
    int rc = begin(dev, pw, ph, "C", bleed_in);
    double m = bleed_in + (meta->shop ? SAFE : 20 * MM);
    double width = pw - 2 * m, y = m + 14, h = 0;
    double big = meta->shop ? 9 : 16, small = meta->shop ? 6.5 : 10;
    if (!rc)
        rc = draw_para(dev, fl, fonts, title, LAY_FONT_HEADING, big, t->theme.accent, m, y, width, lang, &h);
    y += h + big * 0.5;
    if (!rc)
        rc = draw_para(dev, fl, fonts, w->colophon, LAY_FONT_BOLD, small, t->theme.text, m, y, width, lang, &h);
    y += h;
    if (!rc)
        rc = draw_para(dev, fl, fonts, foot, LAY_FONT_BODY, small, t->theme.text, m, y, width, lang, &h);
    y += h + small;
    const char *how = meta->shop ? w->shop : meta->duplex_short ? w->home_short : w->home_long;
    if (!rc)
        rc = draw_para(dev, fl, fonts, how, LAY_FONT_ITALIC, small, t->theme.text, m, y, width, lang, &h);
    if (!rc)
        rc = dev->end_page(dev);
    return rc;
}

int lay_cards_build(const game *g, const doc *d, const lay_cards_meta *meta, const lay_template *t,
                    const lay_fonts *fonts, const icon_set *icons, dl_list *out, lay_cards_report *rep,
                    diag_list *diags)
{
    memset(rep, 0, sizeof *rep);
    rep->smallest = TEXT_MAX;
    const char *lang = meta->lang ? meta->lang : "en";
    for (size_t i = 0; i < g->ncards; i++)
        if (!find_cardtext(d, g->cards[i].id)) {
            diag_add(diags, DIAG_ERROR, g->cards[i].loc.file, g->cards[i].loc.line, 0, "cardtext",
                     "card \"%s\" has no <cardtext> in %s", g->cards[i].id, d->path);
            return -1;
        }
    if (g->ncards == 0) {
        diag_add(diags, DIAG_ERROR, g->loc.file, g->loc.line, 0, "cards", "the game has no cards");
        return -1;
    }
    grid gr = {1, 1, BLEED, BLEED, BLEED, BLEED};
    if (!meta->shop && grid_make(t, &gr) != 0) {
        diag_add(diags, DIAG_ERROR, g->loc.file, g->loc.line, 0, "cards",
                 "a card of %.0f x %.0f mm does not fit %s paper with its crop marks", CARD_W / MM, CARD_H / MM,
                 t->paper ? t->paper : "this");
        return -1;
    }
    rep->cols = gr.cols;
    rep->rows = gr.rows;
    rep->bleed_x = gr.bx;
    rep->bleed_y = gr.by;
    const dl_font *fl[LAY_FONT_ROLE_COUNT];
    for (int r = 0; r < LAY_FONT_ROLE_COUNT; r++)
        if (!(fl[r] = lay_fonts_register(fonts, (lay_font_role)r, out)))
            return -1;
    dev_device *dev = dl_list_device(out);
    char title[512];
    const char *game_name = meta->game_title ? meta->game_title : g->id;
    snprintf(title, sizeof title, "%s \xE2\x80\x94 %s", game_name, cards_word(lang));
    const char *author = meta->credits && meta->credits[0] ? meta->credits[0] : NULL;
    dl_doc_info info = {title, author, cards_word(lang), meta->keywords, "regelwerk", lang, meta->epoch};
    int rc = dev->begin_doc ? dev->begin_doc(dev, &info) : 0;
    int outlined = 0;
    if (!rc && meta->alignment && !meta->shop) {
        rc = alignment_pages(dev, fl, fonts, t, meta, lang);
        rep->pages += 2;
    }
    if (meta->shop) {
        /* one card per page: front, then back, each at trim plus bleed */
        double pw = CARD_W + 2 * BLEED, ph = CARD_H + 2 * BLEED;
        const double ext[4] = {BLEED, BLEED, BLEED, BLEED};
        for (size_t i = 0; i < g->ncards && !rc; i++) {
            const doc_node *ct = find_cardtext(d, g->cards[i].id);
            for (int side = 0; side < 2 && !rc; side++) {
                char label[32];
                snprintf(label, sizeof label, "%zu%s", i + 1, side ? "b" : "");
                rc = begin(dev, pw, ph, label, BLEED);
                if (!rc && !outlined && dev->outline) {
                    rc = dev->outline(dev, 0, title, 0, 0);
                    outlined = 1;
                }
                double used = 0;
                if (!rc && side == 0) {
                    rc = draw_front(dev, fl, fonts, &g->cards[i], ct, t, icons, lang, BLEED, BLEED, ext,
                                    meta->corner_guides, &used);
                    if (used < rep->smallest) {
                        rep->smallest = used;
                        rep->smallest_id = g->cards[i].id;
                        rep->smallest_file = ct->file ? ct->file : d->path;
                        rep->smallest_line = ct->line;
                    }
                    rep->cards++;
                } else if (!rc) {
                    rc = draw_back(dev, fl, fonts, t, game_name, lang, BLEED, BLEED, ext);
                }
                if (!rc)
                    rc = dev->end_page(dev);
                rep->pages++;
            }
        }
        if (!rc)
            rc = colophon(dev, fl, fonts, t, meta, title, lang, pw, ph, BLEED);
        rep->pages++;
    } else {
        size_t per = (size_t)(gr.cols * gr.rows), npages = (g->ncards + per - 1) / per;
        for (size_t pg = 0; pg < npages && !rc; pg++) {
            for (int side = 0; side < 2 && !rc; side++) {
                char label[32];
                snprintf(label, sizeof label, "%zu%s", pg + 1, side ? "b" : "");
                rc = begin(dev, t->page_w, t->page_h, label, 0);
                if (!rc && !outlined && dev->outline) {
                    rc = dev->outline(dev, 0, title, 0, 0);
                    outlined = 1;
                }
                for (size_t k = 0; k < per && !rc; k++) {
                    size_t i = pg * per + k;
                    if (i >= g->ncards)
                        break;
                    int col = (int)(k % (size_t)gr.cols), row = (int)(k / (size_t)gr.cols);
                    /* the bleed where no card butts */
                    int last = i + 1 == g->ncards;
                    double ext[4] = {col == 0 ? gr.bx : 0, row == 0 ? gr.by : 0,
                                     col == gr.cols - 1 || last ? gr.bx : 0,
                                     row == gr.rows - 1 || i + (size_t)gr.cols >= g->ncards ? gr.by : 0};
                    if (side == 0) {
                        double used = 0;
                        const doc_node *ct = find_cardtext(d, g->cards[i].id);
                        rc = draw_front(dev, fl, fonts, &g->cards[i], ct, t, icons, lang, gr.gx + col * CARD_W,
                                        gr.gy + row * CARD_H, ext, meta->corner_guides, &used);
                        if (used < rep->smallest) {
                            rep->smallest = used;
                            rep->smallest_id = g->cards[i].id;
                            rep->smallest_file = ct->file ? ct->file : d->path;
                            rep->smallest_line = ct->line;
                        }
                        rep->cards++;
                    } else {
                        /* mirrored for the duplex flip, moved by the offset */
                        int bc = meta->duplex_short ? col : gr.cols - 1 - col;
                        int br = meta->duplex_short ? gr.rows - 1 - row : row;
                        double be[4] = {ext[0], ext[1], ext[2], ext[3]};
                        if (!meta->duplex_short)
                            be[0] = ext[2], be[2] = ext[0];
                        else
                            be[1] = ext[3], be[3] = ext[1];
                        rc = draw_back(dev, fl, fonts, t, game_name, lang,
                                       gr.gx + bc * CARD_W + meta->back_dx, gr.gy + br * CARD_H + meta->back_dy, be);
                    }
                }
                /* the backs are cut from the front: no marks on them */
                if (!rc && side == 0)
                    rc = crop_marks(dev, t, &gr);
                if (!rc)
                    rc = dev->end_page(dev);
                rep->pages++;
            }
        }
        if (!rc)
            rc = colophon(dev, fl, fonts, t, meta, title, lang, t->page_w, t->page_h, 0);
        rep->pages++;
    }
    if (rc)
        diag_add(diags, DIAG_ERROR, g->loc.file, g->loc.line, 0, "layout", "drawing the cards failed");
    return rc ? -1 : 0;
}
