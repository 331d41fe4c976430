/* lay_flow.c — a flowchart page: our labels, Graphviz's positions, our
 * drawing (see lay_flow.h).
 *
 * Why this split: dot is the best layered-graph layout there is, but its
 * text measurement knows neither our fonts nor HarfBuzz, and its renderers
 * would bypass our display list. So every label is set first, the node
 * sizes go to dot with fixedsize=true and empty labels, and only the
 * coordinates come back. Branch labels are not given to dot either (it
 * would measure them itself); they sit at the start of their edge, where a
 * reader looks for them.
 */
#include "lay_flow.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <graphviz/gvc.h>
#include <graphviz/types.h>

#include "lay_para.h"
#include "lay_sheet.h"

/* label sizes come from the flowchart template (templates/flowchart.xml),
 * copied into the chart */
#define LABEL_SIZE (c->label)
#define LABEL_MAX_W (c->label_w)   /* a box's text measure, points */
#define PAD_X 7.0
#define PAD_Y 5.0

typedef struct fnode {
    const game_fnode *fn;
    char *text;               /* the label */
    lay_para *para;
    double tw, th;            /* the set label */
    double w, h;              /* the node's outline */
    Agnode_t *gv;
    double x, y;              /* centre on the page, before scaling */
} fnode;

/* Branch labels in each language (the page's other words are the sheet's:
 * lay_word_flowchart, lay_footer_line). */
typedef struct flow_words {
    const char *lang, *yes, *no;
} flow_words;

static const flow_words words[] = {
    {"de", "ja", "nein"},
    {"it", "s\xC3\xAC", "no"},
    {"en", "yes", "no"},
};

static const flow_words *words_for(const char *lang)
{
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (lang && strncmp(lang, words[i].lang, 2) == 0)
            return &words[i];
    return &words[2];
}

static const doc_node *find_flowtext(const doc *d, const char *flow)
{
    for (const doc_node *n = d->root->first; n; n = n->next)
        if (n->type == DOC_FLOWTEXT && n->ref && strcmp(n->ref, flow) == 0)
            return n;
    return NULL;
}

/* The label of node id (branch NULL) or of one of its branches. */
static char *label_of(const doc_node *ft, const char *node, const char *branch)
{
    for (const doc_node *n = ft ? ft->first : NULL; n; n = n->next) {
        if (n->type != DOC_LABEL || !n->ref || strcmp(n->ref, node) != 0)
            continue;
        if ((branch == NULL) != (n->value == NULL))
            continue;
        if (branch && strcmp(branch, n->value) != 0)
            continue;
        return doc_plain_text(n);
    }
    return NULL;
}

static lay_para *set_text(const lay_fonts *fonts, const char *text, lay_font_role role, double size,
                          double width, const char *lang, dl_color color)
{
    lay_run run = {LAY_RUN_TEXT, text, role, color, 1, NULL, NULL};
    lay_para_style st = lay_para_style_default(size, width, lang, NULL);
    st.justify = 0;
    return lay_para_new(fonts, &st, &run, 1);
}

/* Width of the widest line of p. */
static double para_width(const lay_para *p)
{
    double w = 0;
    for (size_t i = 0; i < lay_para_line_count(p); i++) {
        const lay_line *ln = lay_para_line(p, i);
        if (ln->natural > w)
            w = ln->natural;
    }
    return w;
}

/* Draws p's lines centred on cx, the block's vertical centre at cy. */
static int draw_centred(const lay_para *p, dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT],
                        const lay_fonts *fonts, double cx, double cy)
{
    const lay_para_style *st = lay_para_get_style(p);
    size_t n = lay_para_line_count(p);
    lay_font_metrics fm = lay_fonts_metrics(fonts, LAY_FONT_BODY, st->size);
    /* the optical centre of a line lies between the x-height and the baseline */
    double block = (double)(n - 1) * st->leading;
    double base = cy - block / 2 + (fm.ascender + fm.descender) / 2;
    for (size_t i = 0; i < n; i++) {
        const lay_line *ln = lay_para_line(p, i);
        int rc = lay_para_draw(p, dev, fl, cx - ln->natural / 2, base + (double)i * st->leading, i, 1, NULL,
                               NULL);
        if (rc)
            return rc;
    }
    return 0;
}

static dl_color mix(dl_color a, dl_color b, double t)
{
    return (dl_color){a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

typedef struct chart {
    fnode *nodes;
    size_t n;
    Agraph_t *g;
    GVC_t *gvc;
    double bbw, bbh, bbx, bby;   /* dot's bounding box (y up) */
    double label, label_w;       /* the template's label size and measure */
    double nodesep, ranksep;     /* dot's gaps, inches */
} chart;

static int node_index(const game_flow *f, const char *id)
{
    for (size_t i = 0; id && i < f->nnodes; i++)
        if (f->nodes[i].id && strcmp(f->nodes[i].id, id) == 0)
            return (int)i;
    return -1;
}

/* cgraph's setters take char *: give them copies of our constants. */
static void gv_set(void *obj, const char *attr, const char *value)
{
    char a[32], v[64], empty[1] = "";
    snprintf(a, sizeof a, "%s", attr);
    snprintf(v, sizeof v, "%s", value);
    agsafeset(obj, a, v, empty);
}

static void set_inches(void *obj, const char *attr, double pt)
{
    char v[32];
    snprintf(v, sizeof v, "%.4f", pt / 72.0);
    gv_set(obj, attr, v);
}

/* Sets the labels, lays the graph out. 0, or -1 with diags. */
static int layout(chart *c, const game_flow *f, const doc *d, const lay_fonts *fonts, const char *lang,
                  const lay_theme *th, diag_list *diags)
{
    const doc_node *ft = find_flowtext(d, f->id);
    if (!ft) {
        diag_add(diags, DIAG_ERROR, d->path, 0, 0, "flowtext", "no <flowtext flow=\"%s\"> in this language", f->id);
        return -1;
    }
    c->n = f->nnodes;
    c->nodes = calloc(c->n ? c->n : 1, sizeof *c->nodes);
    if (!c->nodes)
        return -1;
    c->gvc = gvContext();
    char gname[] = "flow";
    c->g = agopen(gname, Agdirected, NULL);
    if (!c->gvc || !c->g)
        return -1;
    gv_set(c->g, "rankdir", "TB");
    char gap[32];
    snprintf(gap, sizeof gap, "%.3f", c->nodesep);
    gv_set(c->g, "nodesep", gap);
    snprintf(gap, sizeof gap, "%.3f", c->ranksep);
    gv_set(c->g, "ranksep", gap);
    gv_set(c->g, "splines", "spline");
    for (size_t i = 0; i < c->n; i++) {
        fnode *fn = &c->nodes[i];
        fn->fn = &f->nodes[i];
        fn->text = label_of(ft, fn->fn->id, NULL);
        if (!fn->text) {
            diag_add(diags, DIAG_ERROR, fn->fn->loc.file, fn->fn->loc.line, 0, "flowtext",
                     "node \"%s\" of flow \"%s\" has no label in %s", fn->fn->id, f->id, d->path);
            return -1;
        }
        int start = fn->fn->kind == GAME_FN_START || fn->fn->kind == GAME_FN_END;
        dl_color col = start ? (dl_color){1, 1, 1} : th->text;
        fn->para = set_text(fonts, fn->text, start ? LAY_FONT_BOLD : LAY_FONT_BODY, LABEL_SIZE,
                            fn->fn->kind == GAME_FN_DECISION ? LABEL_MAX_W * 0.85 : LABEL_MAX_W, lang, col);
        if (!fn->para)
            return -1;
        fn->tw = para_width(fn->para);
        fn->th = (double)lay_para_line_count(fn->para) * LABEL_SIZE * 1.2;
        double bw = fn->tw + 2 * PAD_X, bh = fn->th + 2 * PAD_Y;
        if (fn->fn->kind == GAME_FN_DECISION) {
            /* a flat diamond around the text box: half-diagonals A:B = 4:1
             * with w/2A + h/2B = 1, so that a chain of questions stays short
             * enough to print at a readable size */
            double a = bw / 2 + 2 * bh;
            fn->w = 2 * a;
            fn->h = a / 2;
        } else {
            fn->w = bw < 60 ? 60 : bw;
            fn->h = bh;
        }
        fn->gv = agnode(c->g, fn->fn->id, 1);
        gv_set(fn->gv, "shape", (fn->fn->kind == GAME_FN_DECISION ? "diamond" : "box"));
        gv_set(fn->gv, "fixedsize", "true");
        gv_set(fn->gv, "label", "");
        set_inches(fn->gv, "width", fn->w);
        set_inches(fn->gv, "height", fn->h);
    }
    for (size_t i = 0; i < c->n; i++) {
        const game_fnode *fn = c->nodes[i].fn;
        if (fn->kind == GAME_FN_DECISION) {
            /* branches to the same node share one edge (and one label) */
            for (size_t b = 0; b < fn->nbranches; b++) {
                int j = node_index(f, fn->branches[b].to);
                if (j >= 0 && !agedge(c->g, c->nodes[i].gv, c->nodes[j].gv, NULL, 0))
                    agedge(c->g, c->nodes[i].gv, c->nodes[j].gv, NULL, 1);
            }
        } else if (fn->next) {
            int j = node_index(f, fn->next);
            if (j >= 0)
                agedge(c->g, c->nodes[i].gv, c->nodes[j].gv, NULL, 1);
        }
    }
    if (gvLayout(c->gvc, c->g, "dot") != 0) {
        diag_add(diags, DIAG_ERROR, f->loc.file, f->loc.line, 0, "layout",
                 "Graphviz could not lay out flow \"%s\" (is the dot layout plugin installed?)", f->id);
        return -1;
    }
    boxf bb = GD_bb(c->g);
    c->bbx = bb.LL.x;
    c->bby = bb.LL.y;
    c->bbw = bb.UR.x - bb.LL.x;
    c->bbh = bb.UR.y - bb.LL.y;
    return 0;
}

static void chart_free(chart *c)
{
    for (size_t i = 0; i < c->n; i++) {
        free(c->nodes[i].text);
        lay_para_free(c->nodes[i].para);
    }
    free(c->nodes);
    if (c->g) {
        if (c->gvc)
            gvFreeLayout(c->gvc, c->g);
        agclose(c->g);
    }
    if (c->gvc)
        gvFreeContext(c->gvc);
}

/* From dot's space (points, y up) to the chart's (y down, origin top-left). */
#define CX(c, px) ((px) - (c)->bbx)
#define CY(c, py) ((c)->bbh - ((py) - (c)->bby))

/* A point and the direction on the first cubic of bz, at t in 0..1 (dot's
 * space). */
static void bezier_at(const bezier *bz, double t, double *x, double *y, double *dx, double *dy)
{
    if (bz->size < 4) {
        *x = bz->list[0].x, *y = bz->list[0].y, *dx = 0, *dy = -1;
        return;
    }
    const pointf *p = bz->list;
    double u = 1 - t;
    *x = u * u * u * p[0].x + 3 * u * u * t * p[1].x + 3 * u * t * t * p[2].x + t * t * t * p[3].x;
    *y = u * u * u * p[0].y + 3 * u * u * t * p[1].y + 3 * u * t * t * p[2].y + t * t * t * p[3].y;
    *dx = 3 * u * u * (p[1].x - p[0].x) + 6 * u * t * (p[2].x - p[1].x) + 3 * t * t * (p[3].x - p[2].x);
    *dy = 3 * u * u * (p[1].y - p[0].y) + 6 * u * t * (p[2].y - p[1].y) + 3 * t * t * (p[3].y - p[2].y);
}

static int draw_arrow(dev_device *dev, double fx, double fy, double tx, double ty, dl_color col)
{
    double dx = tx - fx, dy = ty - fy, len = sqrt(dx * dx + dy * dy);
    if (len < 1e-6)
        return 0;
    dx /= len, dy /= len;
    const double l = 7.0, w = 3.2;
    double bx = tx - dx * l, by = ty - dy * l;
    dl_path p;
    dl_path_init(&p);
    dl_path_move(&p, tx, ty);
    dl_path_line(&p, bx - dy * w, by + dx * w);
    dl_path_line(&p, bx + dy * w, by - dx * w);
    dl_path_close(&p);
    int rc = dev->fill_path ? dev->fill_path(dev, &p, col) : 0;
    dl_path_free(&p);
    return rc;
}

/* Draws the chart at its natural size, origin top-left, into dev. */
static int draw_chart(chart *c, const game_flow *f, const doc *d, dev_device *dev,
                      const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts, const char *lang,
                      const lay_theme *th, int *nedges)
{
    const flow_words *w = words_for(lang);
    const doc_node *ft = find_flowtext(d, f->id);
    dl_color edge = {0.25, 0.25, 0.25};
    dl_color white = {1, 1, 1};
    dl_color box_fill = mix(th->accent, white, 0.88), diamond_fill = mix(th->accent, white, 0.78);
    int rc = 0;
    *nedges = 0;
    /* edges first: nodes paint over their ends */
    for (size_t i = 0; i < c->n && !rc; i++) {
        for (Agedge_t *e = agfstout(c->g, c->nodes[i].gv); e && !rc; e = agnxtout(c->g, e)) {
            splines *sp = ED_spl(e);
            if (!sp || sp->size < 1)
                continue;
            (*nedges)++;
            bezier *bz = &sp->list[0];
            dl_path p;
            dl_path_init(&p);
            dl_path_move(&p, CX(c, bz->list[0].x), CY(c, bz->list[0].y));
            for (int k = 1; k + 2 < bz->size; k += 3)
                dl_path_curve(&p, CX(c, bz->list[k].x), CY(c, bz->list[k].y), CX(c, bz->list[k + 1].x),
                              CY(c, bz->list[k + 1].y), CX(c, bz->list[k + 2].x), CY(c, bz->list[k + 2].y));
            rc = dev->stroke_path ? dev->stroke_path(dev, &p, edge, 0.9) : 0;
            dl_path_free(&p);
            pointf last = bz->list[bz->size - 1];
            if (!rc && bz->eflag)
                rc = draw_arrow(dev, CX(c, last.x), CY(c, last.y), CX(c, bz->ep.x), CY(c, bz->ep.y), edge);
            /* the branch's label beside the edge's start */
            const game_fnode *fn = c->nodes[i].fn;
            if (rc || fn->kind != GAME_FN_DECISION)
                continue;
            const char *head = agnameof(aghead(e));
            char txt[256] = "";
            for (size_t b = 0; b < fn->nbranches; b++) {
                if (strcmp(fn->branches[b].to, head) != 0)
                    continue;
                char *lab = label_of(ft, fn->id, fn->branches[b].value);
                const char *one = lab ? lab
                                : strcmp(fn->branches[b].value, "yes") == 0 ? w->yes
                                : strcmp(fn->branches[b].value, "no") == 0  ? w->no
                                                                            : fn->branches[b].value;
                size_t used = strlen(txt);
                snprintf(txt + used, sizeof txt - used, "%s%s", used ? ", " : "", one);
                free(lab);
            }
            if (!txt[0])
                continue;
            lay_para *lp = set_text(fonts, txt, LAY_FONT_BOLD_ITALIC, LABEL_SIZE * 0.9, 200, lang, th->accent);
            if (lp) {
                /* beside the edge, a little along it; a fan of more than
                 * two branches spreads its labels halfway down the first
                 * segment, where the edges have parted */
                double tt = fn->nbranches > 2 ? 0.55 : 0.25;
                double px, py, dx, dy;
                bezier_at(bz, tt, &px, &py, &dx, &dy);
                px = CX(c, px), py = CY(c, py);
                double lw = para_width(lp);
                double lx = px + (dx >= 0 ? 4 : -4 - lw);
                double ly = py + LABEL_SIZE * 0.35;
                rc = lay_para_draw(lp, dev, fl, lx, ly, 0, 1, NULL, NULL);
                lay_para_free(lp);
            }
        }
    }
    for (size_t i = 0; i < c->n && !rc; i++) {
        fnode *fn = &c->nodes[i];
        pointf pt = ND_coord(fn->gv);
        double cx = CX(c, pt.x), cy = CY(c, pt.y);
        dl_path p;
        dl_path_init(&p);
        switch (fn->fn->kind) {
        case GAME_FN_DECISION:
            dl_path_move(&p, cx, cy - fn->h / 2);
            dl_path_line(&p, cx + fn->w / 2, cy);
            dl_path_line(&p, cx, cy + fn->h / 2);
            dl_path_line(&p, cx - fn->w / 2, cy);
            dl_path_close(&p);
            rc = dev->fill_path ? dev->fill_path(dev, &p, diamond_fill) : 0;
            if (!rc && dev->stroke_path)
                rc = dev->stroke_path(dev, &p, th->accent, 0.9);
            break;
        case GAME_FN_START:
        case GAME_FN_END:
            dl_path_round_rect(&p, cx - fn->w / 2, cy - fn->h / 2, cx + fn->w / 2, cy + fn->h / 2, fn->h / 2);
            rc = dev->fill_path ? dev->fill_path(dev, &p, th->accent) : 0;
            break;
        default: {
            dl_path_round_rect(&p, cx - fn->w / 2, cy - fn->h / 2, cx + fn->w / 2, cy + fn->h / 2, 3);
            rc = dev->fill_path ? dev->fill_path(dev, &p, box_fill) : 0;
            /* an action that ends the procedure gets the heavier frame */
            int terminal = fn->fn->next == NULL;
            if (!rc && dev->stroke_path)
                rc = dev->stroke_path(dev, &p, terminal ? th->accent : mix(th->accent, white, 0.4),
                                      terminal ? 1.6 : 0.7);
        }
        }
        dl_path_free(&p);
        if (!rc)
            rc = draw_centred(fn->para, dev, fl, fonts, cx, cy);
    }
    return rc;
}

static int draw_line(dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts,
                     const char *text, lay_font_role role, double size, dl_color col, double x, double y,
                     double width, const char *lang, double *height)
{
    lay_para *p = set_text(fonts, text, role, size, width, lang, col);
    if (!p)
        return -1;
    size_t n = lay_para_line_count(p);
    int rc = lay_para_draw(p, dev, fl, x, y, 0, n, NULL, NULL);
    if (height)
        *height = (double)n * lay_para_get_style(p)->leading;
    lay_para_free(p);
    return rc;
}

int lay_flow_build(const game_flow *f, const doc *d, const lay_flow_meta *meta, const lay_template *t,
                   const lay_fonts *fonts, dl_list *out, lay_flow_report *rep, diag_list *diags)
{
    memset(rep, 0, sizeof *rep);
    chart c;
    memset(&c, 0, sizeof c);
    c.label = t->flow_label;
    c.label_w = t->flow_label_w;
    c.nodesep = t->flow_nodesep;
    c.ranksep = t->flow_ranksep;
    const char *lang = meta->lang ? meta->lang : "en";
    int rc = layout(&c, f, d, fonts, lang, &t->theme, diags);
    dl_list *tmp = NULL;
    char *title = NULL;
    if (rc)
        goto done;
    const doc_node *ft = find_flowtext(d, f->id);
    for (const doc_node *n = ft->first; n; n = n->next)
        if (n->type == DOC_TITLE)
            title = doc_plain_text(n);
    const dl_font *fl[LAY_FONT_ROLE_COUNT];
    for (int r = 0; r < LAY_FONT_ROLE_COUNT; r++)
        if (!(fl[r] = lay_fonts_register(fonts, (lay_font_role)r, out))) {
            rc = -1;
            goto done;
        }

    /* the chart at natural size into a scratch list, then placed */
    tmp = dl_list_new();
    dev_device *td = tmp ? dl_list_device(tmp) : NULL;
    dl_page_info scratch = {c.bbw, c.bbh, 0, 0, {0, 0, 0, 0}, {0, 0, 0, 0}, NULL};
    int nedges = 0;
    if (!td || td->begin_page(td, &scratch) != 0 ||
        draw_chart(&c, f, d, td, fl, fonts, lang, &t->theme, &nedges) != 0 || td->end_page(td) != 0) {
        diag_add(diags, DIAG_ERROR, f->loc.file, f->loc.line, 0, "layout", "drawing flow \"%s\" failed", f->id);
        rc = -1;
        goto done;
    }

    /* the paper turned whichever way prints the chart larger: the space
     * between title and footer, estimated before the footer is set */
    double pw = t->page_w, ph = t->page_h;
    {
        double head = t->margin_top + t->title_size * 1.25 + 11 * 1.3 + 18, foot = t->margin_bottom + 40;
        double side = t->margin_inner + t->margin_outer;
        double kp = fmin(1.0, fmin((pw - side) / c.bbw, (ph - head - foot) / c.bbh));
        double kl = fmin(1.0, fmin((ph - side) / c.bbw, (pw - head - foot) / c.bbh));
        if (kl > kp + 0.01) {
            double sw = pw;
            pw = ph;
            ph = sw;
        }
    }
    dev_device *dev = dl_list_device(out);
    char full_title[512];
    snprintf(full_title, sizeof full_title, "%s \xE2\x80\x94 %s", meta->game_title ? meta->game_title : "",
             title ? title : f->id);
    const char *author = meta->credits && meta->credits[0] ? meta->credits[0] : NULL;
    dl_doc_info info = {full_title, author, lay_word_flowchart(lang), meta->keywords, "regelwerk", lang, meta->epoch};
    dl_page_info pi = {pw, ph, 0, 0, {0, 0, 0, 0}, {0, 0, 0, 0}, "1"};
    rc = (dev->begin_doc ? dev->begin_doc(dev, &info) : 0) || dev->begin_page(dev, &pi);
    if (rc)
        goto done;
    double left = t->margin_inner, right = pw - t->margin_outer, width = right - left;
    double y = t->margin_top + t->title_size;
    dl_color grey = {0.33, 0.33, 0.33};
    rc = draw_line(dev, fl, fonts, title ? title : f->id, LAY_FONT_HEADING, t->title_size, t->theme.accent,
                   left, y, width, lang, NULL);
    char sub[512];
    snprintf(sub, sizeof sub, "%s \xC2\xB7 %s%s%s%s%s", meta->game_title ? meta->game_title : "", lay_word_flowchart(lang),
             meta->version ? " \xC2\xB7 " : "", meta->version ? meta->version : "",
             meta->date ? " \xC2\xB7 " : "", meta->date ? meta->date : "");
    if (!rc)
        rc = draw_line(dev, fl, fonts, sub, LAY_FONT_ITALIC, 11, t->theme.text, left, y + 11 * 1.3, width, lang, NULL);
    if (!rc && dev->outline)
        rc = dev->outline(dev, 0, title ? title : f->id, 0, t->margin_top);
    double top = t->margin_top + t->title_size * 1.25 + 11 * 1.3 + 18;

    /* the footer: credits, licences, print at 100 % */
    char foot[4096] = "";
    lay_footer_line(foot, sizeof foot, meta->credits, meta->licences, lang);
    lay_para *fp = set_text(fonts, foot, LAY_FONT_BODY, t->furniture_size, width, lang, grey);
    if (!fp) {
        rc = -1;
        goto done;
    }
    double foot_h = (double)lay_para_line_count(fp) * lay_para_get_style(fp)->leading;
    double fy = ph - t->margin_bottom - foot_h;
    if (!rc)
        rc = lay_para_draw(fp, dev, fl, left, fy + t->furniture_size, 0, lay_para_line_count(fp), NULL, NULL);
    lay_para_free(fp);
    if (!rc && dev->stroke_path) {
        dl_path p;
        dl_path_init(&p);
        dl_path_move(&p, left, fy - 6);
        dl_path_line(&p, right, fy - 6);
        rc = dev->stroke_path(dev, &p, t->theme.rule, 0.4);
        dl_path_free(&p);
    }

    /* scaled down (never up) to fit between title and footer, centred */
    double avail_h = fy - 14 - top;
    double k = fmin(1.0, fmin(width / c.bbw, avail_h / c.bbh));
    dl_matrix m = {k, k, left + (width - c.bbw * k) / 2, top};
    if (!rc)
        rc = dl_replay_pages(tmp, dev, &m, 0, 1, 0);
    if (!rc)
        rc = dev->end_page(dev);
    rep->nodes = (int)c.n;
    rep->edges = nedges;
    rep->scale = k;
    rep->label_size = c.label * k;
    if (rc)
        diag_add(diags, DIAG_ERROR, f->loc.file, f->loc.line, 0, "layout", "drawing flow \"%s\" failed", f->id);
done:
    dl_list_free(tmp);
    free(title);
    chart_free(&c);
    return rc ? -1 : 0;
}
