/* lay_cards.c — status cards, nine to a page, fronts and mirrored backs
 * (see lay_cards.h).
 */
#include "lay_cards.h"

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "icon.h"
#include "lay_para.h"
#include "lay_sheet.h"

/* the card's measures come from its template (templates/cards.xml) */
#define CARD_W (t->card_w)
#define CARD_H (t->card_h)
#define INSET (t->card_inset)   /* the frame, inside the cut */
#define BAND_H (t->card_band)
#define ICON_SIZE (t->card_icon)
#define TEXT_MAX (t->card_text)
#define COLS (t->card_cols)
#define ROWS (t->card_rows)

typedef struct card_words {
    const char *lang, *cards;
} card_words;

static const card_words words[] = {{"de", "Karten"}, {"it", "Carte"}, {"en", "Cards"}};

static const char *cards_word(const char *lang)
{
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (lang && strncmp(lang, words[i].lang, 2) == 0)
            return words[i].cards;
    return "Cards";
}

/* ---- the card's text as runs -------------------------------------------- */

/* As many runs as the text has (256 once, and the rest of a card's text was
 * dropped); r[i].text is owned. failed: out of memory, the text is not whole. */
typedef struct runs {
    lay_run *r;
    size_t n, cap;
    int failed;
} runs;

static void runs_free(runs *rs)
{
    for (size_t i = 0; i < rs->n; i++)
        free((char *)(uintptr_t)rs->r[i].text);
    free(rs->r);
    memset(rs, 0, sizeof *rs);
}

static void add_run(runs *rs, lay_run r)
{
    if (rs->n == rs->cap) {
        size_t cap = rs->cap ? rs->cap * 2 : 32;
        lay_run *nr = realloc(rs->r, cap * sizeof *nr);
        if (!nr) {
            rs->failed = 1;
            free((char *)(uintptr_t)r.text);
            return;
        }
        rs->r = nr;
        rs->cap = cap;
    }
    rs->r[rs->n++] = r;
}

static void add_text(runs *rs, const char *text, lay_font_role role, dl_color col, int nohyph)
{
    if (!text || !*text)
        return;
    char *copy = strdup(text);
    if (!copy) {
        rs->failed = 1;
        return;
    }
    add_run(rs, (lay_run){LAY_RUN_TEXT, copy, role, col, nohyph, NULL, NULL});
}

/* Inline content as the sheet shows it: bold and italic, numbers and values
 * as written (never hyphenated), icons at text size; claims are invisible,
 * a gap in the source shows as [?]. */
static void collect(const doc_node *n, runs *rs, int bold, int italic, dl_color col, const icon_set *icons)
{
    for (const doc_node *c = n->first; c; c = c->next) {
        lay_font_role role = lay_font_role_style(LAY_FONT_BODY, bold, italic);
        switch (c->type) {
        case DOC_TEXT: add_text(rs, c->text, role, col, 0); break;
        case DOC_NUM: case DOC_VAL: case DOC_XREF: case DOC_MARK: add_text(rs, c->text, role, col, 1); break;
        case DOC_WORD: add_text(rs, c->text, role, col, 0); break;
        case DOC_BOLD: case DOC_LEAD: collect(c, rs, 1, italic, col, icons); break;
        case DOC_ITALIC: collect(c, rs, bold, 1, col, icons); break;
        case DOC_TERM: collect(c, rs, bold, italic, col, icons); break;
        case DOC_GAP: add_text(rs, "[?]", LAY_FONT_BOLD, col, 1); break;
        case DOC_ICON: {
            const dl_path *p = icons && c->ref ? icon_get(icons, c->ref) : NULL;
            if (p)
                add_run(rs, (lay_run){LAY_RUN_ICON, NULL, LAY_FONT_BODY, col, 1, p, NULL});
            break;
        }
        default: break;
        }
    }
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

static int draw_front(dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts,
                      const game_card *card, const doc_node *ct, const lay_template *t, const icon_set *icons,
                      const char *lang, double x, double y, double *used_size)
{
    const lay_theme *th = &t->theme;
    dl_color white = {1, 1, 1};
    dl_path p;
    int rc = 0;
    /* the frame: a thin line at the inset, the band in the game's colour */
    dl_path_init(&p);
    dl_path_round_rect(&p, x + INSET, y + INSET, x + CARD_W - INSET, y + CARD_H - INSET, 6);
    if (dev->stroke_path)
        rc = dev->stroke_path(dev, &p, th->accent, 1.0);
    dl_path_free(&p);
    dl_path_init(&p);
    dl_path_round_rect(&p, x + INSET, y + INSET, x + CARD_W - INSET, y + INSET + BAND_H, 6);
    if (!rc)
        rc = fill(dev, &p, th->accent);
    else
        dl_path_free(&p);
    double inner = CARD_W - 2 * INSET - 12;
    /* the name, one line, shrunk to the band's width */
    runs rs = {0};
    collect(child_of(ct, DOC_CARDNAME), &rs, 1, 0, white, icons);
    double ns = 0;
    if (rs.failed)
        rc = -1;
    lay_para *name = fit_text(fonts, &rs, inner, BAND_H * 0.9 / 1.2 + 0.1, 12, 7, lang, 0, &ns);
    runs_free(&rs);
    if (name && !rc) {
        const lay_line *ln = lay_para_line(name, 0);
        double base = y + INSET + BAND_H / 2 + ns * 0.35 - (double)(lay_para_line_count(name) - 1) * ns * 0.6;
        rc = lay_para_draw(name, dev, fl, x + CARD_W / 2 - ln->natural / 2, base, 0, lay_para_line_count(name),
                           NULL, NULL);
    }
    lay_para_free(name);
    /* the icon */
    double ty = y + INSET + BAND_H + 10;
    const dl_path *icon = icons && card->icon ? icon_get(icons, card->icon) : NULL;
    if (icon && !rc) {
        rc = draw_icon(dev, icon, x + CARD_W / 2 - ICON_SIZE / 2, ty, ICON_SIZE, th->accent);
        ty += ICON_SIZE + 10;
    }
    /* the text, as large as fits */
    collect(child_of(ct, DOC_CARDBODY), &rs, 0, 0, th->text, icons);
    double avail = y + CARD_H - INSET - 10 - ty;
    double ts = 0;
    if (rs.failed)
        rc = -1;
    lay_para *body = fit_text(fonts, &rs, inner, avail, TEXT_MAX, t->card_text_min - 1.5, lang, 0, &ts);
    runs_free(&rs);
    *used_size = body ? ts : 0;
    if (body && !rc) {
        const lay_para_style *st = lay_para_get_style(body);
        rc = lay_para_draw(body, dev, fl, x + INSET + 6, ty + st->size, 0, lay_para_line_count(body), NULL, NULL);
    }
    lay_para_free(body);
    return rc;
}

/* The back: the game's title on its colour and, small at the foot, the
 * credits and licences every page carries (the icons' licence asks for
 * them on the printed card). */
static int draw_back(dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts,
                     const lay_template *t, const char *title, const char *footer, const char *lang, double x,
                     double y)
{
    dl_color white = {1, 1, 1};
    dl_path p;
    dl_path_init(&p);
    dl_path_round_rect(&p, x + INSET, y + INSET, x + CARD_W - INSET, y + CARD_H - INSET, 6);
    int rc = fill(dev, &p, t->theme.accent);
    runs rs = {0};
    add_text(&rs, title, LAY_FONT_HEADING, white, 1);
    double s = 0;
    if (rs.failed)
        rc = -1;
    lay_para *tp = fit_text(fonts, &rs, CARD_W - 2 * INSET - 16, 60, 18, 9, lang, 0, &s);
    runs_free(&rs);
    if (tp && !rc) {
        size_t n = lay_para_line_count(tp);
        double lead = lay_para_get_style(tp)->leading;
        double base = y + CARD_H / 2 - (double)(n - 1) * lead / 2 + s * 0.35;
        for (size_t i = 0; i < n && !rc; i++)
            rc = lay_para_draw(tp, dev, fl, x + CARD_W / 2 - lay_para_line(tp, i)->natural / 2,
                               base + (double)i * lead, i, 1, NULL, NULL);
    }
    lay_para_free(tp);
    add_text(&rs, footer, LAY_FONT_BODY, white, 0);
    double fs = 0, fw = CARD_W - 2 * INSET - 12, fh = CARD_H / 2 - 50;
    if (rs.failed)
        rc = -1;
    lay_para *fp = rs.n ? fit_text(fonts, &rs, fw, fh, 5, 4, lang, 0, &fs) : NULL;
    runs_free(&rs);
    if (fp && !rc) {
        size_t n = lay_para_line_count(fp);
        double lead = lay_para_get_style(fp)->leading;
        double base = y + CARD_H - INSET - 6 - (double)(n - 1) * lead;
        for (size_t i = 0; i < n && !rc; i++)
            rc = lay_para_draw(fp, dev, fl, x + CARD_W / 2 - lay_para_line(fp, i)->natural / 2,
                               base + (double)i * lead, i, 1, NULL, NULL);
    }
    lay_para_free(fp);
    return rc;
}

/* Crop marks outside the grid at every cut line. */
static int crop_marks(dev_device *dev, const lay_template *t, double gx, double gy, int cols, int rows)
{
    const double gap = 3, len = 12;
    dl_color black = {0, 0, 0};
    dl_path p;
    dl_path_init(&p);
    for (int c = 0; c <= cols; c++) {
        double x = gx + c * CARD_W;
        dl_path_move(&p, x, gy - gap);
        dl_path_line(&p, x, gy - gap - len);
        dl_path_move(&p, x, gy + rows * CARD_H + gap);
        dl_path_line(&p, x, gy + rows * CARD_H + gap + len);
    }
    for (int r = 0; r <= rows; r++) {
        double y = gy + r * CARD_H;
        dl_path_move(&p, gx - gap, y);
        dl_path_line(&p, gx - gap - len, y);
        dl_path_move(&p, gx + cols * CARD_W + gap, y);
        dl_path_line(&p, gx + cols * CARD_W + gap + len, y);
    }
    int rc = dev->stroke_path ? dev->stroke_path(dev, &p, black, 0.3) : 0;
    dl_path_free(&p);
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
    const dl_font *fl[LAY_FONT_ROLE_COUNT];
    for (int r = 0; r < LAY_FONT_ROLE_COUNT; r++)
        if (!(fl[r] = lay_fonts_register(fonts, (lay_font_role)r, out)))
            return -1;
    dev_device *dev = dl_list_device(out);
    char title[512];
    snprintf(title, sizeof title, "%s \xE2\x80\x94 %s", meta->game_title ? meta->game_title : g->id,
             cards_word(lang));
    const char *author = meta->credits && meta->credits[0] ? meta->credits[0] : NULL;
    dl_doc_info info = {title, author, cards_word(lang), meta->keywords, "regelwerk", lang, meta->epoch};
    int rc = dev->begin_doc ? dev->begin_doc(dev, &info) : 0;
    char footer[4096] = "";
    lay_footer_line(footer, sizeof footer, meta->credits, meta->licences, lang);
    double gx = (t->page_w - COLS * CARD_W) / 2, gy = (t->page_h - ROWS * CARD_H) / 2;
    size_t per = (size_t)(COLS * ROWS), npages = (g->ncards + per - 1) / per;
    for (size_t pg = 0; pg < npages && !rc; pg++) {
        for (int side = 0; side < 2 && !rc; side++) {
            char label[32];
            snprintf(label, sizeof label, "%zu%s", pg + 1, side ? "b" : "");
            dl_page_info pi = {t->page_w, t->page_h, 0, 0, {0, 0, 0, 0}, {0, 0, 0, 0}, label};
            rc = dev->begin_page(dev, &pi);
            if (!rc && side == 0 && pg == 0 && dev->outline)
                rc = dev->outline(dev, 0, title, 0, 0);
            for (size_t k = 0; k < per && !rc; k++) {
                size_t i = pg * per + k;
                if (i >= g->ncards)
                    break;
                int col = (int)(k % COLS), row = (int)(k / COLS);
                /* backs mirrored left to right: long-edge duplex */
                double x = gx + (side ? COLS - 1 - col : col) * CARD_W, y = gy + row * CARD_H;
                if (side) {
                    rc = draw_back(dev, fl, fonts, t, meta->game_title ? meta->game_title : g->id, footer, lang,
                                   x, y);
                } else {
                    double used = 0;
                    rc = draw_front(dev, fl, fonts, &g->cards[i], find_cardtext(d, g->cards[i].id), t, icons,
                                    lang, x, y, &used);
                    if (used < rep->smallest) {
                        rep->smallest = used;
                        rep->smallest_id = g->cards[i].id;
                    }
                    rep->cards++;
                }
            }
            if (!rc)
                rc = crop_marks(dev, t, gx, gy, COLS, ROWS);
            if (!rc)
                rc = dev->end_page(dev);
            rep->pages++;
        }
    }
    if (rc)
        diag_add(diags, DIAG_ERROR, g->loc.file, g->loc.line, 0, "layout", "drawing the cards failed");
    return rc ? -1 : 0;
}
