/* lay_flow.c — a flowchart page: our labels, Graphviz's positions, our
 * drawing (see lay_flow.h).
 *
 * Why this split: dot is the best layered-graph layout there is, but its
 * text measurement knows neither our fonts nor HarfBuzz, and its renderers
 * would bypass our display list. So every label is set first; node sizes
 * go to dot with fixedsize=true and empty labels, branch labels as empty
 * HTML tables of our labels' size (dot then keeps room for each and routes
 * the edge beside it), and only the coordinates come back.
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
#include "lay_typo.h"

/* label sizes come from the flowchart template (templates/flowchart.xml),
 * copied into the chart */
#define LABEL_SIZE (c->label)
#define PAD_X 7.0
#define PAD_Y 5.0
#define LABEL_PAD 3.0     /* room kept around a branch label, each side */
#define BEZ_STEPS 24      /* points per cubic when an edge is measured */

typedef enum { SHAPE_TERMINAL, SHAPE_BOX, SHAPE_DIAMOND, SHAPE_HEXAGON } fshape;

typedef struct fnode {
    const game_fnode *fn;
    char *text;               /* the label */
    lay_para *para;
    double tw, th;            /* the set label */
    double w, h;              /* the node's outline */
    fshape shape;
    int indeg;
    Agnode_t *gv;
} fnode;

typedef struct fedge {
    Agedge_t *gv;
    int from, to;
    lay_para *lp;             /* the branch label, or NULL */
    double lw, lh;
} fedge;

/* Branch labels and the legend in each language (the page's other words
 * are the sheet's: lay_word_flowchart, lay_footer_line). */
typedef struct flow_words {
    const char *lang, *yes, *no, *terminal, *action, *decision, *legend;
} flow_words;

static const flow_words words[] = {
    {"de", "ja", "nein", "Anfang / Ende", "Aktion", "Entscheidung", "Legende"},
    {"it", "s\xC3\xAC", "no", "Inizio / fine", "Azione", "Decisione", "Legenda"},
    {"en", "yes", "no", "Start / end", "Action", "Decision", "Legend"},
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

/* Every word on a flowchart page is set here: labels, title, legend and
 * footer, spelt as the sheet spells them (lay_typo.h). */
static lay_para *set_text(const lay_fonts *fonts, const char *text, lay_font_role role, double size,
                          double width, const char *lang, dl_color color)
{
    char *typeset = lay_typo_text(text);
    if (!typeset)
        return NULL;
    lay_run run = {LAY_RUN_TEXT, typeset, role, color, 1, NULL, NULL};
    lay_para_style st = lay_para_style_default(size, width, lang, NULL);
    st.justify = 0;
    lay_para *p = lay_para_new(fonts, &st, &run, 1);
    free(typeset);
    return p;
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

static double para_height(const lay_para *p)
{
    return (double)lay_para_line_count(p) * lay_para_get_style(p)->leading;
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
    fedge *edges;
    size_t ne, ecap;
    Agraph_t *g;
    GVC_t *gvc;               /* borrowed */
    double bbw, bbh, bbx, bby;   /* dot's bounding box (y up) */
    double label, label_w;       /* the label size and this layout's measure */
    double nodesep, ranksep;     /* dot's gaps, inches */
    lay_flow_flaws flaws;
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

/* Is node i an end of the procedure (an end node, or an action after which
 * nothing follows)? */
static int is_end(const game_fnode *fn)
{
    return fn->kind == GAME_FN_END || (fn->kind == GAME_FN_ACTION && !fn->next);
}

/* The branch label of edge i -> j ("ja", "nein", the flowtext's label; two
 * branches to one node share an edge and join their labels). */
static void branch_text(const game_fnode *fn, const char *head, const doc_node *ft, const flow_words *w,
                        char *txt, size_t cap)
{
    txt[0] = '\0';
    for (size_t b = 0; b < fn->nbranches; b++) {
        if (strcmp(fn->branches[b].to, head) != 0)
            continue;
        char *lab = label_of(ft, fn->id, fn->branches[b].value);
        const char *one = lab ? lab
                        : strcmp(fn->branches[b].value, "yes") == 0 ? w->yes
                        : strcmp(fn->branches[b].value, "no") == 0  ? w->no
                                                                    : fn->branches[b].value;
        size_t used = strlen(txt);
        snprintf(txt + used, cap - used, "%s%s", used ? ", " : "", one);
        free(lab);
    }
}

static int add_edge(chart *c, int from, int to)
{
    if (c->ne == c->ecap) {
        size_t cap = c->ecap ? c->ecap * 2 : 16;
        fedge *ne = realloc(c->edges, cap * sizeof *ne);
        if (!ne)
            return -1;
        c->edges = ne;
        c->ecap = cap;
    }
    fedge *e = &c->edges[c->ne];
    memset(e, 0, sizeof *e);
    e->from = from;
    e->to = to;
    e->gv = agedge(c->g, c->nodes[from].gv, c->nodes[to].gv, NULL, 1);
    if (!e->gv)
        return -1;
    c->ne++;
    return 0;
}

/* An empty HTML table of w x h points: dot keeps exactly that room for the
 * label. */
static void set_label_box(chart *c, Agedge_t *e, double w, double h)
{
    char html[400];
    int iw = (int)ceil(w + 2 * LABEL_PAD), ih = (int)ceil(h + 2 * LABEL_PAD);
    snprintf(html, sizeof html,
             "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\" FIXEDSIZE=\"TRUE\" "
             "WIDTH=\"%d\" HEIGHT=\"%d\"><TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"%d\" HEIGHT=\"%d\"></TD></TR></TABLE>",
             iw, ih, iw, ih);
    char name[] = "label", empty[1] = "";
    Agsym_t *sym = agattr(c->g, AGEDGE, name, empty);
    agxset(e, sym, agstrdup_html(c->g, html));
}

/* Sets the labels, lays the graph out. 0, or -1 with diags. */
static int layout(chart *c, const game_flow *f, const doc_node *ft, const lay_fonts *fonts, const char *lang,
                  const lay_theme *th, diag_list *diags)
{
    const flow_words *w = words_for(lang);
    c->n = f->nnodes;
    c->nodes = calloc(c->n ? c->n : 1, sizeof *c->nodes);
    if (!c->nodes)
        return -1;
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
                     "node \"%s\" of flow \"%s\" has no label", fn->fn->id, f->id);
            return -1;
        }
        int term = fn->fn->kind == GAME_FN_START || is_end(fn->fn);
        int decision = fn->fn->kind == GAME_FN_DECISION;
        dl_color col = term ? (dl_color){1, 1, 1} : th->text;
        fn->para = set_text(fonts, fn->text, term ? LAY_FONT_BOLD : LAY_FONT_BODY, LABEL_SIZE,
                            decision ? c->label_w * 0.85 : c->label_w, lang, col);
        if (!fn->para)
            return -1;
        fn->tw = para_width(fn->para);
        fn->th = (double)lay_para_line_count(fn->para) * LABEL_SIZE * 1.2;
        double bw = fn->tw + 2 * PAD_X, bh = fn->th + 2 * PAD_Y;
        const char *gvshape = "box";
        if (decision && lay_para_line_count(fn->para) <= 2 && fn->tw <= c->label_w * 0.7) {
            /* a flat diamond around the text box: half-diagonals A:B = 4:1
             * with w/2A + h/2B = 1, so that a chain of questions stays short
             * enough to print at a readable size */
            double a = bw / 2 + 2 * bh;
            fn->w = 2 * a;
            fn->h = a / 2;
            fn->shape = SHAPE_DIAMOND;
            gvshape = "diamond";
        } else if (decision) {
            /* a long question: a hexagon, pointed ends outside the text */
            fn->shape = SHAPE_HEXAGON;
            fn->h = bh;
            fn->w = bw + fn->h;
        } else {
            fn->shape = term ? SHAPE_TERMINAL : SHAPE_BOX;
            fn->w = bw + (term ? bh * 0.5 : 0);
            if (fn->w < 60)
                fn->w = 60;
            fn->h = bh;
        }
        fn->gv = agnode(c->g, fn->fn->id, 1);
        gv_set(fn->gv, "shape", gvshape);
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
                if (j < 0 || agedge(c->g, c->nodes[i].gv, c->nodes[j].gv, NULL, 0))
                    continue;
                if (add_edge(c, (int)i, j) != 0)
                    return -1;
                fedge *e = &c->edges[c->ne - 1];
                char txt[256];
                branch_text(fn, fn->branches[b].to, ft, w, txt, sizeof txt);
                if (txt[0]) {
                    e->lp = set_text(fonts, txt, LAY_FONT_BOLD_ITALIC, LABEL_SIZE, c->label_w * 0.8, lang,
                                     th->accent);
                    if (!e->lp)
                        return -1;
                    e->lw = para_width(e->lp);
                    e->lh = para_height(e->lp);
                    set_label_box(c, e->gv, e->lw, e->lh);
                }
            }
        } else if (fn->next) {
            int j = node_index(f, fn->next);
            if (j >= 0 && add_edge(c, (int)i, j) != 0)
                return -1;
        }
    }
    /* edges into one node meet at one point: one arrowhead, not a pile */
    for (size_t k = 0; k < c->ne; k++)
        c->nodes[c->edges[k].to].indeg++;
    for (size_t k = 0; k < c->ne; k++)
        if (c->nodes[c->edges[k].to].indeg > 1)
            gv_set(c->edges[k].gv, "samehead", "in");
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
    for (size_t i = 0; i < c->ne; i++)
        lay_para_free(c->edges[i].lp);
    free(c->edges);
    if (c->g) {
        if (c->gvc)
            gvFreeLayout(c->gvc, c->g);
        agclose(c->g);
    }
    memset(c, 0, sizeof *c);
}

/* From dot's space (points, y up) to the chart's (y down, origin top-left). */
#define CX(c, px) ((px) - (c)->bbx)
#define CY(c, py) ((c)->bbh - ((py) - (c)->bby))

/* ---- geometry: what overlaps what ---------------------------------------- */

/* Do the convex polygons a and b overlap by more than eps (separating axes)? */
static int convex_overlap(const double *ax, const double *ay, int an, const double *bx, const double *by, int bn,
                          double eps)
{
    for (int pass = 0; pass < 2; pass++) {
        const double *px = pass ? bx : ax, *py = pass ? by : ay;
        int pn = pass ? bn : an;
        for (int i = 0; i < pn; i++) {
            int j = (i + 1) % pn;
            double nx = py[j] - py[i], ny = px[i] - px[j];
            double len = sqrt(nx * nx + ny * ny);
            if (len < 1e-9)
                continue;
            nx /= len, ny /= len;
            double amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
            for (int k = 0; k < an; k++) {
                double v = ax[k] * nx + ay[k] * ny;
                amin = fmin(amin, v), amax = fmax(amax, v);
            }
            for (int k = 0; k < bn; k++) {
                double v = bx[k] * nx + by[k] * ny;
                bmin = fmin(bmin, v), bmax = fmax(bmax, v);
            }
            if (amax <= bmin + eps || bmax <= amin + eps)
                return 0;
        }
    }
    return 1;
}

static void rect_poly(const dl_rect *r, double *x, double *y)
{
    x[0] = r->x0, y[0] = r->y0, x[1] = r->x1, y[1] = r->y0;
    x[2] = r->x1, y[2] = r->y1, x[3] = r->x0, y[3] = r->y1;
}

/* Does segment a-b pass through the convex polygon (deeper than eps)? The
 * segment is a thin polygon of its own. */
static int seg_poly(double ax, double ay, double bx, double by, const double *px, const double *py, int pn,
                    double eps)
{
    double sx[2] = {ax, bx}, sy[2] = {ay, by};
    return convex_overlap(sx, sy, 2, px, py, pn, eps);
}

static int seg_seg(double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy,
                   double *ix, double *iy)
{
    double r1 = bx - ax, r2 = by - ay, s1 = dx - cx, s2 = dy - cy;
    double den = r1 * s2 - r2 * s1;
    if (fabs(den) < 1e-12)
        return 0;
    double t = ((cx - ax) * s2 - (cy - ay) * s1) / den;
    double u = ((cx - ax) * r2 - (cy - ay) * r1) / den;
    if (t < 0 || t > 1 || u < 0 || u > 1)
        return 0;
    *ix = ax + t * r1, *iy = ay + t * r2;
    return 1;
}

static void flaw(lay_flow_flaws *fl, int *counter, const char *what, const char *a, const char *b)
{
    (*counter)++;
    if (!fl->first[0])
        snprintf(fl->first, sizeof fl->first, "%s %s%s%s%s%s", what, a ? "\"" : "", a ? a : "", a ? "\"" : "",
                 b ? " and " : "", b ? b : "");
}

int lay_flow_overlaps(const lay_flow_flaws *fl)
{
    return fl->label_label + fl->label_node + fl->label_edge + fl->edge_node;
}

void lay_flow_measure(const lay_flow_geom *g, lay_flow_flaws *fl)
{
    memset(fl, 0, sizeof *fl);
    const double eps = 0.5;
    double ax[4], ay[4], bx[4], by[4];
    char who[96];
    for (size_t i = 0; i < g->nlabels; i++) {
        rect_poly(&g->labels[i], ax, ay);
        const char *li = g->label_names ? g->label_names[i] : "label";
        for (size_t j = i + 1; j < g->nlabels; j++) {
            rect_poly(&g->labels[j], bx, by);
            if (convex_overlap(ax, ay, 4, bx, by, 4, eps)) {
                snprintf(who, sizeof who, "\"%s\"", g->label_names ? g->label_names[j] : "label");
                flaw(fl, &fl->label_label, "label", li, who);
            }
        }
        for (size_t k = 0; k < g->nnodes; k++)
            if (convex_overlap(ax, ay, 4, g->nodes[k].x, g->nodes[k].y, g->nodes[k].n, eps)) {
                snprintf(who, sizeof who, "node \"%s\"", g->nodes[k].name ? g->nodes[k].name : "");
                flaw(fl, &fl->label_node, "label", li, who);
            }
        for (size_t k = 0; k < g->nedges; k++) {
            const lay_flow_line *e = &g->edges[k];
            for (int p = 0; p + 1 < e->npts; p++)
                if (seg_poly(e->x[p], e->y[p], e->x[p + 1], e->y[p + 1], ax, ay, 4, eps)) {
                    snprintf(who, sizeof who, "edge %s", e->name ? e->name : "");
                    flaw(fl, &fl->label_edge, "label", li, who);
                    break;
                }
        }
    }
    for (size_t k = 0; k < g->nedges; k++) {
        const lay_flow_line *e = &g->edges[k];
        for (size_t n = 0; n < g->nnodes; n++) {
            if ((int)n == e->from || (int)n == e->to)
                continue;
            for (int p = 0; p + 1 < e->npts; p++)
                if (seg_poly(e->x[p], e->y[p], e->x[p + 1], e->y[p + 1], g->nodes[n].x, g->nodes[n].y,
                             g->nodes[n].n, eps)) {
                    snprintf(who, sizeof who, "node \"%s\"", g->nodes[n].name ? g->nodes[n].name : "");
                    flaw(fl, &fl->edge_node, "edge", e->name, who);
                    break;
                }
        }
        /* crossings: a point shared by two edges away from their ends */
        for (size_t m = k + 1; m < g->nedges; m++) {
            const lay_flow_line *o = &g->edges[m];
            int crossed = 0;
            for (int p = 0; p + 1 < e->npts && !crossed; p++)
                for (int q = 0; q + 1 < o->npts && !crossed; q++) {
                    double ix, iy;
                    if (!seg_seg(e->x[p], e->y[p], e->x[p + 1], e->y[p + 1], o->x[q], o->y[q], o->x[q + 1],
                                 o->y[q + 1], &ix, &iy))
                        continue;
                    const lay_flow_line *ends[2] = {e, o};
                    int near_end = 0;
                    for (int s = 0; s < 2; s++) {
                        const lay_flow_line *l = ends[s];
                        double d0 = hypot(ix - l->x[0], iy - l->y[0]);
                        double d1 = hypot(ix - l->x[l->npts - 1], iy - l->y[l->npts - 1]);
                        if (d0 < 4 || d1 < 4)
                            near_end = 1;
                    }
                    crossed = !near_end;
                }
            fl->crossings += crossed;
        }
    }
}

/* The outline of node fn centred at cx, cy, as a convex polygon. */
static void node_outline(const fnode *fn, double cx, double cy, lay_flow_shape *s)
{
    double w = fn->w / 2, h = fn->h / 2;
    s->name = fn->fn ? fn->fn->id : "";
    switch (fn->shape) {
    case SHAPE_DIAMOND:
        s->n = 4;
        s->x[0] = cx, s->y[0] = cy - h, s->x[1] = cx + w, s->y[1] = cy;
        s->x[2] = cx, s->y[2] = cy + h, s->x[3] = cx - w, s->y[3] = cy;
        break;
    case SHAPE_HEXAGON: {
        double in = fn->h / 2;
        s->n = 6;
        s->x[0] = cx - w + in, s->y[0] = cy - h, s->x[1] = cx + w - in, s->y[1] = cy - h;
        s->x[2] = cx + w, s->y[2] = cy, s->x[3] = cx + w - in, s->y[3] = cy + h;
        s->x[4] = cx - w + in, s->y[4] = cy + h, s->x[5] = cx - w, s->y[5] = cy;
        break;
    }
    default:
        s->n = 4;
        s->x[0] = cx - w, s->y[0] = cy - h, s->x[1] = cx + w, s->y[1] = cy - h;
        s->x[2] = cx + w, s->y[2] = cy + h, s->x[3] = cx - w, s->y[3] = cy + h;
        break;
    }
}

/* A point on the cubic p[0..3] at t (dot's space). */
static void cubic_at(const pointf *p, double t, double *x, double *y)
{
    double u = 1 - t;
    *x = u * u * u * p[0].x + 3 * u * u * t * p[1].x + 3 * u * t * t * p[2].x + t * t * t * p[3].x;
    *y = u * u * u * p[0].y + 3 * u * u * t * p[1].y + 3 * u * t * t * p[2].y + t * t * t * p[3].y;
}

/* The label's rectangle in the chart's space (y down), without its room. */
static dl_rect label_rect(const chart *c, const fedge *e)
{
    textlabel_t *tl = ED_label(e->gv);
    double x = CX(c, tl->pos.x), y = CY(c, tl->pos.y);
    return (dl_rect){x - e->lw / 2, y - e->lh / 2, x + e->lw / 2, y + e->lh / 2};
}

/* Measures the laid-out chart (in the chart's space) into c->flaws.
 * 0, or -1 out of memory. */
static int measure(chart *c)
{
    lay_flow_shape *shapes = calloc(c->n ? c->n : 1, sizeof *shapes);
    dl_rect *labels = calloc(c->ne ? c->ne : 1, sizeof *labels);
    const char **names = calloc(c->ne ? c->ne : 1, sizeof *names);
    lay_flow_line *lines = calloc(c->ne ? c->ne : 1, sizeof *lines);
    double *pts = NULL;
    size_t npts = 0;
    for (size_t k = 0; k < c->ne; k++) {
        splines *sp = ED_spl(c->edges[k].gv);
        if (sp && sp->size > 0)
            npts += (size_t)(sp->list[0].size / 3) * BEZ_STEPS + 1;
    }
    pts = malloc((npts ? npts : 1) * 2 * sizeof *pts);
    char (*enames)[80] = calloc(c->ne ? c->ne : 1, sizeof *enames);
    if (!shapes || !labels || !names || !lines || !pts || !enames) {
        free(shapes), free(labels), free(names), free(lines), free(pts), free(enames);
        return -1;
    }
    for (size_t i = 0; i < c->n; i++) {
        pointf pt = ND_coord(c->nodes[i].gv);
        node_outline(&c->nodes[i], CX(c, pt.x), CY(c, pt.y), &shapes[i]);
    }
    size_t nl = 0, ne = 0, used = 0;
    for (size_t k = 0; k < c->ne; k++) {
        const fedge *e = &c->edges[k];
        snprintf(enames[k], sizeof enames[k], "%s -> %s", c->nodes[e->from].fn->id, c->nodes[e->to].fn->id);
        if (e->lp && ED_label(e->gv)) {
            labels[nl] = label_rect(c, e);
            const lay_line *ln = lay_para_line(e->lp, 0);
            (void)ln;
            names[nl++] = enames[k];
        }
        splines *sp = ED_spl(e->gv);
        if (!sp || sp->size < 1)
            continue;
        bezier *bz = &sp->list[0];
        lay_flow_line *l = &lines[ne++];
        l->x = pts + used;
        l->y = pts + npts + used;
        l->from = e->from;
        l->to = e->to;
        l->name = enames[k];
        int n = 0;
        for (int q = 0; q + 3 < bz->size; q += 3)
            for (int s = (q == 0 ? 0 : 1); s <= BEZ_STEPS; s++) {
                double x, y;
                cubic_at(&bz->list[q], (double)s / BEZ_STEPS, &x, &y);
                pts[used + (size_t)n] = CX(c, x);
                pts[npts + used + (size_t)n] = CY(c, y);
                n++;
            }
        l->npts = n;
        used += (size_t)n;
    }
    lay_flow_geom g = {shapes, c->n, labels, names, nl, lines, ne};
    lay_flow_measure(&g, &c->flaws);
    free(shapes), free(labels), free(names), free(lines), free(pts), free(enames);
    return 0;
}

/* ---- drawing --------------------------------------------------------------- */

static int draw_arrow(dev_device *dev, double tx, double ty, double dx, double dy, dl_color col)
{
    double len = sqrt(dx * dx + dy * dy);
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

static void shape_path(const fnode *fn, double cx, double cy, dl_path *p)
{
    lay_flow_shape s;
    switch (fn->shape) {
    case SHAPE_TERMINAL:
        dl_path_round_rect(p, cx - fn->w / 2, cy - fn->h / 2, cx + fn->w / 2, cy + fn->h / 2, fn->h / 2);
        break;
    case SHAPE_BOX:
        dl_path_round_rect(p, cx - fn->w / 2, cy - fn->h / 2, cx + fn->w / 2, cy + fn->h / 2, 2);
        break;
    default:
        node_outline(fn, cx, cy, &s);
        dl_path_move(p, s.x[0], s.y[0]);
        for (int i = 1; i < s.n; i++)
            dl_path_line(p, s.x[i], s.y[i]);
        dl_path_close(p);
        break;
    }
}

/* A node's shape filled and framed as the chart and the legend draw it. */
static int draw_shape(dev_device *dev, const fnode *fn, double cx, double cy, const lay_theme *th)
{
    dl_color white = {1, 1, 1};
    dl_path p;
    dl_path_init(&p);
    shape_path(fn, cx, cy, &p);
    int rc = 0;
    if (fn->shape == SHAPE_TERMINAL) {
        rc = dev->fill_path ? dev->fill_path(dev, &p, th->accent) : 0;
    } else {
        dl_color fill = mix(th->accent, white, fn->shape == SHAPE_BOX ? 0.88 : 0.78);
        rc = dev->fill_path ? dev->fill_path(dev, &p, fill) : 0;
        if (!rc && dev->stroke_path)
            rc = dev->stroke_path(dev, &p, fn->shape == SHAPE_BOX ? mix(th->accent, white, 0.4) : th->accent,
                                  fn->shape == SHAPE_BOX ? 0.7 : 0.9);
    }
    dl_path_free(&p);
    return rc;
}

/* Draws the chart at its natural size, origin top-left, into dev. */
static int draw_chart(chart *c, dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT],
                      const lay_fonts *fonts, const lay_theme *th, int *nedges)
{
    dl_color edge = {0.25, 0.25, 0.25};
    int rc = 0;
    *nedges = 0;
    /* edges first: nodes paint over their ends */
    for (size_t k = 0; k < c->ne && !rc; k++) {
        splines *sp = ED_spl(c->edges[k].gv);
        if (!sp || sp->size < 1)
            continue;
        (*nedges)++;
        bezier *bz = &sp->list[0];
        dl_path p;
        dl_path_init(&p);
        dl_path_move(&p, CX(c, bz->list[0].x), CY(c, bz->list[0].y));
        for (int q = 1; q + 2 < bz->size; q += 3)
            dl_path_curve(&p, CX(c, bz->list[q].x), CY(c, bz->list[q].y), CX(c, bz->list[q + 1].x),
                          CY(c, bz->list[q + 1].y), CX(c, bz->list[q + 2].x), CY(c, bz->list[q + 2].y));
        /* the edge runs on to its arrowhead's base */
        if (bz->eflag)
            dl_path_line(&p, CX(c, bz->ep.x), CY(c, bz->ep.y));
        rc = dev->stroke_path ? dev->stroke_path(dev, &p, edge, 0.9) : 0;
        dl_path_free(&p);
    }
    /* arrowheads: one per point where edges arrive, pointing the mean way
     * of the edges that arrive there */
    for (size_t k = 0; k < c->ne && !rc; k++) {
        splines *sp = ED_spl(c->edges[k].gv);
        if (!sp || sp->size < 1 || !sp->list[0].eflag)
            continue;
        pointf tip = sp->list[0].ep;
        int first = 1;
        double dx = 0, dy = 0;
        for (size_t m = 0; m < c->ne; m++) {
            splines *o = ED_spl(c->edges[m].gv);
            if (!o || o->size < 1 || !o->list[0].eflag || hypot(o->list[0].ep.x - tip.x, o->list[0].ep.y - tip.y) > 1)
                continue;
            if (m < k)
                first = 0;
            const bezier *ob = &o->list[0];
            pointf last = ob->list[ob->size - 1];
            double ex = ob->ep.x - last.x, ey = ob->ep.y - last.y, el = hypot(ex, ey);
            if (el > 1e-6)
                dx += ex / el, dy += ey / el;
        }
        if (first)
            rc = draw_arrow(dev, CX(c, tip.x), CY(c, tip.y), dx, -dy, edge);
    }
    /* branch labels where dot kept room for them */
    for (size_t k = 0; k < c->ne && !rc; k++) {
        const fedge *e = &c->edges[k];
        if (!e->lp || !ED_label(e->gv))
            continue;
        dl_rect r = label_rect(c, e);
        double cx = (r.x0 + r.x1) / 2;
        const lay_para_style *st = lay_para_get_style(e->lp);
        lay_font_metrics fm = lay_fonts_metrics(fonts, LAY_FONT_BODY, st->size);
        double base = r.y0 + (st->leading - (fm.ascender - fm.descender)) / 2 + fm.ascender;
        for (size_t i = 0; i < lay_para_line_count(e->lp) && !rc; i++) {
            const lay_line *ln = lay_para_line(e->lp, i);
            rc = lay_para_draw(e->lp, dev, fl, cx - ln->natural / 2, base + (double)i * st->leading, i, 1, NULL,
                               NULL);
        }
    }
    for (size_t i = 0; i < c->n && !rc; i++) {
        fnode *fn = &c->nodes[i];
        pointf pt = ND_coord(fn->gv);
        double cx = CX(c, pt.x), cy = CY(c, pt.y);
        rc = draw_shape(dev, fn, cx, cy, th);
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

/* The legend: one small shape of each kind and its name, in a row from x
 * on the baseline y; size is the labels' printed size. *width gets the
 * row's width (draw with dev NULL to measure). */
static int draw_legend(dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts,
                       const lay_theme *th, const char *lang, double size, double x, double y, double *width)
{
    const flow_words *w = words_for(lang);
    const char *names[3] = {w->terminal, w->action, w->decision};
    fshape shapes[3] = {SHAPE_TERMINAL, SHAPE_BOX, SHAPE_DIAMOND};
    double cx = x;
    int rc = 0;
    for (int i = 0; i < 3 && !rc; i++) {
        fnode fn;
        memset(&fn, 0, sizeof fn);
        fn.shape = shapes[i];
        fn.h = size * 1.3;
        fn.w = shapes[i] == SHAPE_DIAMOND ? size * 3.2 : size * 2.8;
        if (dev)
            rc = draw_shape(dev, &fn, cx + fn.w / 2, y - size * 0.35, th);
        cx += fn.w + size * 0.5;
        lay_para *p = set_text(fonts, names[i], LAY_FONT_BODY, size, 400, lang, th->text);
        if (!p)
            return -1;
        if (dev && !rc)
            rc = lay_para_draw(p, dev, fl, cx, y, 0, 1, NULL, NULL);
        cx += para_width(p) + size * 1.6;
        lay_para_free(p);
    }
    *width = cx - x - size * 1.6;
    return rc;
}

/* The measures tried for a chart's labels, as multiples of the template's:
 * narrower boxes make a wide chart narrower and taller. */
static const double measures[] = {1.0, 0.72, 1.4};
#define NMEASURES (sizeof measures / sizeof measures[0])

int lay_flow_build(const game_flow *f, const doc *d, const lay_flow_meta *meta, const lay_template *t,
                   const lay_fonts *fonts, dl_list *out, lay_flow_report *rep, diag_list *diags)
{
    memset(rep, 0, sizeof *rep);
    chart c;
    memset(&c, 0, sizeof c);
    const char *lang = meta->lang ? meta->lang : "en";
    dl_list *tmp = NULL;
    char *title = NULL;
    lay_para *fps[2] = {NULL, NULL};
    int rc = 0;
    GVC_t *gvc = gvContext();
    const doc_node *ft = find_flowtext(d, f->id);
    if (!ft) {
        diag_add(diags, DIAG_ERROR, d->path, 0, 0, "flowtext", "no <flowtext flow=\"%s\"> in this language", f->id);
        rc = -1;
        goto done;
    }
    if (!gvc) {
        rc = -1;
        goto done;
    }
    for (const doc_node *n = ft->first; n; n = n->next)
        if (n->type == DOC_TITLE && !title)
            title = doc_plain_text(n);

    /* the page's furniture in both orientations: what is left is the chart's */
    dl_color grey = {0.33, 0.33, 0.33};
    char foot[4096] = "";
    lay_footer_line(foot, sizeof foot, meta->credits, meta->licences, lang);
    double head = t->margin_top + t->title_size * 1.25 + 11 * 1.3 + 18 + (meta->unverified ? 11 * 1.3 : 0);
    double legend_h = 9 * 1.3 + 10;
    double avail_w[2], avail_h[2], fy[2];
    for (int o = 0; o < 2; o++) {
        double pw = o ? t->page_h : t->page_w, ph = o ? t->page_w : t->page_h;
        avail_w[o] = pw - t->margin_inner - t->margin_outer;
        fps[o] = set_text(fonts, foot, LAY_FONT_BODY, t->furniture_size, avail_w[o], lang, grey);
        if (!fps[o]) {
            rc = -1;
            goto done;
        }
        fy[o] = ph - t->margin_bottom - para_height(fps[o]);
        avail_h[o] = fy[o] - 14 - legend_h - head;
    }

    /* the layout at each measure, each way the paper can turn: the largest
     * labels win, a layout without overlaps before one with */
    double kmax = t->flow_max_label > 0 ? t->flow_max_label / t->flow_label : 1;
    double best_k = -1;
    int best_o = 0, best_bad = 1 << 30;
    for (size_t m = 0; m < NMEASURES; m++) {
        chart cand;
        memset(&cand, 0, sizeof cand);
        cand.gvc = gvc;
        cand.label = t->flow_label;
        cand.label_w = t->flow_label_w * measures[m];
        cand.nodesep = t->flow_nodesep;
        cand.ranksep = t->flow_ranksep;
        if (layout(&cand, f, ft, fonts, lang, &t->theme, diags) != 0 || measure(&cand) != 0) {
            chart_free(&cand);
            rc = -1;
            goto done;
        }
        int bad = lay_flow_overlaps(&cand.flaws) * 100 + cand.flaws.crossings;
        for (int o = 0; o < 2; o++) {
            double k = fmin(kmax, fmin(avail_w[o] / cand.bbw, avail_h[o] / cand.bbh));
            /* a clearly larger print wins; else fewer flaws; else the
             * first (portrait, the template's measure) */
            int better = best_k < 0 || k > best_k * 1.04 || (k > best_k * 0.96 && bad < best_bad);
            if (better && best_k >= 0 && bad > best_bad && k < best_k * 1.15)
                better = 0;
            if (better) {
                if (c.g && c.g != cand.g)
                    chart_free(&c);
                c = cand;
                best_k = k;
                best_o = o;
                best_bad = bad;
            }
        }
        if (c.g != cand.g)
            chart_free(&cand);
    }

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
    if (!td || td->begin_page(td, &scratch) != 0 || draw_chart(&c, td, fl, fonts, &t->theme, &nedges) != 0 ||
        td->end_page(td) != 0) {
        diag_add(diags, DIAG_ERROR, f->loc.file, f->loc.line, 0, "layout", "drawing flow \"%s\" failed", f->id);
        rc = -1;
        goto done;
    }

    double pw = best_o ? t->page_h : t->page_w, ph = best_o ? t->page_w : t->page_h;
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
    rc = draw_line(dev, fl, fonts, title ? title : f->id, LAY_FONT_HEADING, t->title_size, t->theme.accent,
                   left, y, width, lang, NULL);
    char sub[512];
    snprintf(sub, sizeof sub, "%s \xC2\xB7 %s%s%s%s%s", meta->game_title ? meta->game_title : "", lay_word_flowchart(lang),
             meta->version ? " \xC2\xB7 " : "", meta->version ? meta->version : "",
             meta->date ? " \xC2\xB7 " : "", meta->date ? meta->date : "");
    if (!rc)
        rc = draw_line(dev, fl, fonts, sub, LAY_FONT_ITALIC, 11, t->theme.text, left, y + 11 * 1.3, width, lang, NULL);
    /* an unverified chart says so where a reader looks first */
    if (!rc && meta->unverified)
        rc = draw_line(dev, fl, fonts, meta->unverified, LAY_FONT_BOLD, 11, (dl_color){0.75, 0.05, 0.05}, left,
                       y + 2 * 11 * 1.3, width, lang, NULL);
    if (!rc && dev->outline)
        rc = dev->outline(dev, 0, title ? title : f->id, 0, t->margin_top);
    double top = head;

    /* the footer: credits, licences, print at 100 % */
    lay_para *fp = fps[best_o];
    if (!rc)
        rc = lay_para_draw(fp, dev, fl, left, fy[best_o] + t->furniture_size, 0, lay_para_line_count(fp), NULL,
                           NULL);
    if (!rc && dev->stroke_path) {
        dl_path p;
        dl_path_init(&p);
        dl_path_move(&p, left, fy[best_o] - 6);
        dl_path_line(&p, right, fy[best_o] - 6);
        rc = dev->stroke_path(dev, &p, t->theme.rule, 0.4);
        dl_path_free(&p);
    }
    /* the legend above the footer's rule, centred */
    double lw = 0;
    if (!rc)
        rc = draw_legend(NULL, fl, fonts, &t->theme, lang, 9, 0, 0, &lw);
    if (!rc)
        rc = draw_legend(dev, fl, fonts, &t->theme, lang, 9, left + (width - lw) / 2, fy[best_o] - 14, &lw);

    /* scaled to fill the space between title and legend, centred */
    double k = best_k;
    double ah = avail_h[best_o];
    double ch = c.bbh * k;
    dl_matrix mtx = {k, k, left + (width - c.bbw * k) / 2, top + (ah - ch) / 3};
    if (!rc)
        rc = dl_replay_pages(tmp, dev, &mtx, 0, 1, 0);
    if (!rc)
        rc = dev->end_page(dev);
    rep->nodes = (int)c.n;
    rep->edges = nedges;
    rep->scale = k;
    rep->label_size = c.label * k;
    rep->landscape = best_o;
    rep->fill = (c.bbw * k * ch) / (width * ah);
    rep->flaws = c.flaws;
    if (rc)
        diag_add(diags, DIAG_ERROR, f->loc.file, f->loc.line, 0, "layout", "drawing flow \"%s\" failed", f->id);
done:
    dl_list_free(tmp);
    free(title);
    lay_para_free(fps[0]);
    lay_para_free(fps[1]);
    chart_free(&c);
    if (gvc)
        gvFreeContext(gvc);
    return rc ? -1 : 0;
}
