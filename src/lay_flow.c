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

#include "lay_cards.h"
#include "lay_para.h"
#include "lay_sheet.h"
#include "lay_typo.h"
#include "lay_words.h"

/* label sizes come from the flowchart template (templates/flowchart.xml),
 * copied into the chart */
#define LABEL_SIZE (c->label)
#define PAD_X 7.0
#define PAD_Y 5.0
#define LABEL_PAD 3.0     /* room kept around a branch label, each side */
#define BEZ_STEPS 24      /* points per cubic when an edge is measured */

typedef enum { SHAPE_TERMINAL, SHAPE_BOX, SHAPE_DIAMOND, SHAPE_HEXAGON, SHAPE_CONNECTOR } fshape;

typedef struct fnode {
    const game_fnode *fn;     /* NULL for an off-page connector */
    const char *id;           /* the flow node's id, or the connector's text */
    char ctext[24];           /* a connector's text ("\xE2\x86\x92 A", "A \xE2\x86\x92") */
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

/* Branch labels and the legend in each language: lay_words.h */
typedef lay_flow_words flow_words;

static const flow_words *words_for(const char *lang)
{
    return &lay_words_for(lang)->flow;
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

/* The flowtext's label element of node id (not of a branch), or NULL. */
static const doc_node *label_elem(const doc_node *ft, const char *id)
{
    for (const doc_node *n = ft ? ft->first : NULL; n; n = n->next)
        if (n->type == DOC_LABEL && !n->value && n->ref && strcmp(n->ref, id) == 0)
            return n;
    return NULL;
}

static int has_icon(const doc_node *n)
{
    for (const doc_node *c = n ? n->first : NULL; c; c = c->next)
        if (c->type == DOC_ICON || has_icon(c))
            return 1;
    return 0;
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

/* A phase's frame: a Graphviz cluster around its nodes, titled. */
typedef struct fframe {
    const char *phase;        /* borrowed from the flow */
    Agraph_t *sg;
    Agnode_t *title;          /* a node that keeps the title's room */
    lay_para *lp;             /* the title */
    double lw, lh;
} fframe;

typedef struct chart {
    fnode *nodes;
    size_t n;
    fedge *edges;
    size_t ne, ecap;
    fframe *frames;
    size_t nframes;
    Agraph_t *g;
    GVC_t *gvc;               /* borrowed */
    double bbw, bbh, bbx, bby;   /* dot's bounding box (y up) */
    double label, label_w;       /* the label size and this layout's measure */
    double nodesep, ranksep;     /* dot's gaps, inches */
    const icon_set *icons;       /* borrowed; NULL: labels without icons */
    lay_flow_flaws flaws;
    int want_dot;                /* keep the graph as given to dot in dot[] */
    char *dot;
    size_t dot_len;
} chart;

/* An edge of the whole chart cut where the chart is split: on the page of
 * its tail it runs into a connector "-> A", on the page of its head it
 * starts from "A ->". */
typedef struct cut_edge {
    int from, to;             /* flow node indices */
    char letter[8];
} cut_edge;

/* One part of a split chart: the flow nodes whose part_of is part, and
 * connectors for the cut edges that leave or enter it. */
typedef struct split {
    const int *part_of;
    int part;
    const cut_edge *cuts;
    size_t ncuts;
} split;

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

/* Sets a node's outline around its set label and gives dot its size. */
static void size_node(chart *c, fnode *fn, int term, int decision)
{
    double bw = fn->tw + 2 * PAD_X, bh = fn->th + 2 * PAD_Y;
    const char *gvshape = "box";
    if (fn->shape == SHAPE_CONNECTOR) {
        /* a circle around the text's box */
        fn->w = fn->h = hypot(fn->tw, fn->th) + 4;
        gvshape = "circle";
    } else if (decision && lay_para_line_count(fn->para) <= 2 && fn->tw <= c->label_w * 0.7) {
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
    gv_set(fn->gv, "shape", gvshape);
    gv_set(fn->gv, "fixedsize", "true");
    gv_set(fn->gv, "label", "");
    set_inches(fn->gv, "width", fn->w);
    set_inches(fn->gv, "height", fn->h);
}

/* The off-page connector of cut k in this part (chart node n + k), made on
 * first use: "-> A" where the edge leaves the page, "A ->" where it comes
 * in. Its index, or -1. */
static int connector(chart *c, size_t nflow, const split *sp, size_t k, int out, const lay_fonts *fonts,
                     const char *lang, const lay_theme *th)
{
    fnode *fn = &c->nodes[nflow + k];
    if (fn->gv)
        return (int)(nflow + k);
    if (out)
        snprintf(fn->ctext, sizeof fn->ctext, "\xE2\x86\x92 %s", sp->cuts[k].letter);
    else
        snprintf(fn->ctext, sizeof fn->ctext, "%s \xE2\x86\x92", sp->cuts[k].letter);
    fn->id = fn->ctext;
    fn->shape = SHAPE_CONNECTOR;
    fn->para = set_text(fonts, fn->ctext, LAY_FONT_BOLD, LABEL_SIZE, c->label_w, lang, th->accent);
    if (!fn->para)
        return -1;
    fn->tw = para_width(fn->para);
    fn->th = LABEL_SIZE * 1.2;
    char name[32];
    snprintf(name, sizeof name, "%s%s", out ? "out-" : "in-", sp->cuts[k].letter);
    fn->gv = agnode(c->g, name, 1);
    if (!fn->gv)
        return -1;
    size_node(c, fn, 0, 0);
    return (int)(nflow + k);
}

/* The chart node edge i -> j (flow indices) runs to in this part: j, or
 * the connector of the cut it crosses; -1 when there is none. */
static int edge_head(chart *c, const game_flow *f, const split *sp, int i, int j, const lay_fonts *fonts,
                     const char *lang, const lay_theme *th)
{
    if (j < 0 || !sp || sp->part_of[j] == sp->part)
        return j;
    for (size_t k = 0; k < sp->ncuts; k++)
        if (sp->cuts[k].from == i && sp->cuts[k].to == j)
            return connector(c, f->nnodes, sp, k, 1, fonts, lang, th);
    return -1;
}

/* A new frame for phase ph, whose first node in this chart is first: its
 * title set, its cluster made. 0, or -1. */
static int add_frame(chart *c, const game_flow *f, const doc_node *ft, const char *ph, Agnode_t *first,
                     const lay_fonts *fonts, const char *lang, const lay_theme *th, diag_list *diags)
{
    fframe *nf = realloc(c->frames, (c->nframes + 1) * sizeof *nf);
    if (!nf)
        return -1;
    c->frames = nf;
    fframe *fr = &c->frames[c->nframes];
    memset(fr, 0, sizeof *fr);
    fr->phase = ph;
    char *text = label_of(ft, ph, NULL);
    if (!text) {
        diag_add(diags, DIAG_ERROR, f->loc.file, f->loc.line, 0, "flowtext", "phase \"%s\" of flow \"%s\" has no label",
                 ph, f->id);
        return -1;
    }
    fr->lp = set_text(fonts, text, LAY_FONT_BOLD, LABEL_SIZE, c->label_w * 1.5, lang, th->accent);
    free(text);
    c->nframes++;
    if (!fr->lp)
        return -1;
    fr->lw = para_width(fr->lp);
    fr->lh = para_height(fr->lp);
    char name[40];
    snprintf(name, sizeof name, "cluster_%zu", c->nframes);
    fr->sg = agsubg(c->g, name, 1);
    if (!fr->sg)
        return -1;
    /* the title is a node of the frame's top rank, left of the phase's
     * first node (a cluster's own label would sit where edges enter and
     * leave it; a node is one dot routes edges around) */
    snprintf(name, sizeof name, "title_%zu", c->nframes);
    fr->title = agnode(fr->sg, name, 1);
    if (!fr->title)
        return -1;
    gv_set(fr->title, "shape", "box");
    gv_set(fr->title, "fixedsize", "true");
    gv_set(fr->title, "label", "");
    set_inches(fr->title, "width", fr->lw + 2 * LABEL_PAD);
    set_inches(fr->title, "height", fr->lh + 2 * LABEL_PAD);
    snprintf(name, sizeof name, "top_%zu", c->nframes);
    Agraph_t *top = agsubg(fr->sg, name, 1);
    if (!top || !agsubnode(top, fr->title, 1) || !agsubnode(top, first, 1))
        return -1;
    gv_set(top, "rank", "same");
    Agedge_t *e = agedge(c->g, fr->title, first, NULL, 1);
    if (!e)
        return -1;
    gv_set(e, "style", "invis");
    return 0;
}

/* Sets the labels, lays the graph out (the whole flow, or the part sp).
 * 0, or -1 with diags. */
static int layout(chart *c, const game_flow *f, const doc_node *ft, const split *sp, const lay_fonts *fonts,
                  const char *lang, const lay_theme *th, diag_list *diags)
{
    const flow_words *w = words_for(lang);
    c->n = f->nnodes + (sp ? sp->ncuts : 0);
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
    for (size_t i = 0; i < f->nnodes; i++) {
        fnode *fn = &c->nodes[i];
        fn->fn = &f->nodes[i];
        fn->id = fn->fn->id;
        if (sp && sp->part_of[i] != sp->part)
            continue;   /* drawn on another page */
        fn->text = label_of(ft, fn->fn->id, NULL);
        if (!fn->text) {
            diag_add(diags, DIAG_ERROR, fn->fn->loc.file, fn->fn->loc.line, 0, "flowtext",
                     "node \"%s\" of flow \"%s\" has no label", fn->fn->id, f->id);
            return -1;
        }
        int term = fn->fn->kind == GAME_FN_START || is_end(fn->fn);
        int decision = fn->fn->kind == GAME_FN_DECISION;
        dl_color col = term ? (dl_color){1, 1, 1} : th->text;
        double measure_w = decision ? c->label_w * 0.85 : c->label_w;
        const doc_node *le = c->icons ? label_elem(ft, fn->fn->id) : NULL;
        if (le && has_icon(le)) {
            /* the game's icons inside the label, at the text's size, as
             * on the sheets */
            lay_run *r = NULL;
            size_t nr = 0;
            if (lay_inline_runs(le, term, col, c->icons, &r, &nr) != 0)
                return -1;
            lay_para_style st = lay_para_style_default(LABEL_SIZE, measure_w, lang, NULL);
            st.justify = 0;
            fn->para = lay_para_new(fonts, &st, r, nr);
            lay_inline_runs_free(r, nr);
        } else {
            fn->para = set_text(fonts, fn->text, term ? LAY_FONT_BOLD : LAY_FONT_BODY, LABEL_SIZE, measure_w, lang,
                                col);
        }
        if (!fn->para)
            return -1;
        fn->tw = para_width(fn->para);
        fn->th = (double)lay_para_line_count(fn->para) * LABEL_SIZE * 1.2;
        fn->gv = agnode(c->g, fn->fn->id, 1);
        if (!fn->gv)
            return -1;
        size_node(c, fn, term, decision);
    }
    /* the nodes of one phase inside one titled frame (a dot cluster, so
     * that dot keeps them together and keeps room for the title) */
    for (size_t i = 0; i < f->nnodes; i++) {
        const char *ph = f->nodes[i].phase;
        if (!ph || !c->nodes[i].gv)
            continue;
        size_t k = 0;
        while (k < c->nframes && strcmp(c->frames[k].phase, ph) != 0)
            k++;
        if (k == c->nframes && add_frame(c, f, ft, ph, c->nodes[i].gv, fonts, lang, th, diags) != 0)
            return -1;
        if (!agsubnode(c->frames[k].sg, c->nodes[i].gv, 1))
            return -1;
    }
    /* edges coming in from another page start at their connector */
    for (size_t k = 0; sp && k < sp->ncuts; k++) {
        const cut_edge *ce = &sp->cuts[k];
        if (sp->part_of[ce->to] != sp->part || sp->part_of[ce->from] == sp->part)
            continue;
        int from = connector(c, f->nnodes, sp, k, 0, fonts, lang, th);
        if (from < 0 || add_edge(c, from, ce->to) != 0)
            return -1;
    }
    for (size_t i = 0; i < f->nnodes; i++) {
        const game_fnode *fn = c->nodes[i].fn;
        if (!c->nodes[i].gv)
            continue;
        if (fn->kind == GAME_FN_DECISION) {
            /* branches to the same node share one edge (and one label) */
            for (size_t b = 0; b < fn->nbranches; b++) {
                int j = edge_head(c, f, sp, (int)i, node_index(f, fn->branches[b].to), fonts, lang, th);
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
            int j = edge_head(c, f, sp, (int)i, node_index(f, fn->next), fonts, lang, th);
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
    /* the graph as dot receives it, before the layout adds its own
     * attributes: Graphviz's `dot` reading it lays out the same graph */
    if (c->want_dot) {
        FILE *ms = open_memstream(&c->dot, &c->dot_len);
        int bad = !ms || agwrite(c->g, ms) != 0;
        if (ms && fclose(ms) != 0)
            bad = 1;
        if (bad)
            return -1;
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
    for (size_t i = 0; i < c->ne; i++)
        lay_para_free(c->edges[i].lp);
    free(c->edges);
    for (size_t i = 0; i < c->nframes; i++)
        lay_para_free(c->frames[i].lp);
    free(c->frames);
    free(c->dot);
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

/* The bounding box of n points. */
static dl_rect bbox_of(const double *x, const double *y, int n)
{
    dl_rect r = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int i = 0; i < n; i++) {
        r.x0 = fmin(r.x0, x[i]), r.x1 = fmax(r.x1, x[i]);
        r.y0 = fmin(r.y0, y[i]), r.y1 = fmax(r.y1, y[i]);
    }
    return r;
}

/* Are two boxes apart (not even touching)? Then the shapes inside them
 * share no point, and no test below could find an overlap or a crossing
 * between them: skipping it changes no result. */
static int apart(const dl_rect *a, const dl_rect *b)
{
    return a->x1 < b->x0 || b->x1 < a->x0 || a->y1 < b->y0 || b->y1 < a->y0;
}

/* Does the polyline e pass through the convex polygon (px, py, pn, its
 * bounding box pb) deeper than eps? Only the segments whose box meets pb
 * are tested. */
static int line_through(const lay_flow_line *e, const double *px, const double *py, int pn, const dl_rect *pb,
                        double eps)
{
    for (int p = 0; p + 1 < e->npts; p++) {
        dl_rect sb = bbox_of(e->x + p, e->y + p, 2);
        if (!apart(&sb, pb) && seg_poly(e->x[p], e->y[p], e->x[p + 1], e->y[p + 1], px, py, pn, eps))
            return 1;
    }
    return 0;
}

/* Do the polylines e and o cross away from their ends (4 pt)? */
static int lines_cross(const lay_flow_line *e, const lay_flow_line *o)
{
    for (int p = 0; p + 1 < e->npts; p++) {
        dl_rect eb = bbox_of(e->x + p, e->y + p, 2);
        for (int q = 0; q + 1 < o->npts; q++) {
            dl_rect ob = bbox_of(o->x + q, o->y + q, 2);
            double ix, iy;
            if (apart(&eb, &ob) || !seg_seg(e->x[p], e->y[p], e->x[p + 1], e->y[p + 1], o->x[q], o->y[q],
                                            o->x[q + 1], o->y[q + 1], &ix, &iy))
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
            if (!near_end)
                return 1;
        }
    }
    return 0;
}

void lay_flow_measure(const lay_flow_geom *g, lay_flow_flaws *fl)
{
    memset(fl, 0, sizeof *fl);
    const double eps = 0.5;
    double ax[4], ay[4], bx[4], by[4];
    char who[96];
    /* bounding boxes first: most pairs of a chart are far apart, and the
     * exact tests (each segment of each edge against each node, each
     * segment pair of two edges) were most of a flowchart's layout time */
    dl_rect *nb = malloc((g->nnodes + 1) * sizeof *nb), *eb = malloc((g->nedges + 1) * sizeof *eb);
    if (!nb || !eb) {
        /* without boxes: every box spans everything, nothing is skipped */
        free(nb), free(eb);
        nb = eb = NULL;
    }
    const dl_rect all = {-INFINITY, -INFINITY, INFINITY, INFINITY};
    for (size_t k = 0; nb && k < g->nnodes; k++)
        nb[k] = g->nodes[k].n ? bbox_of(g->nodes[k].x, g->nodes[k].y, g->nodes[k].n) : all;
    for (size_t k = 0; eb && k < g->nedges; k++)
        eb[k] = bbox_of(g->edges[k].x, g->edges[k].y, g->edges[k].npts);
    for (size_t i = 0; i < g->nlabels; i++) {
        rect_poly(&g->labels[i], ax, ay);
        const dl_rect *lb = &g->labels[i];
        const char *li = g->label_names ? g->label_names[i] : "label";
        for (size_t j = i + 1; j < g->nlabels; j++) {
            rect_poly(&g->labels[j], bx, by);
            if (convex_overlap(ax, ay, 4, bx, by, 4, eps)) {
                snprintf(who, sizeof who, "\"%s\"", g->label_names ? g->label_names[j] : "label");
                flaw(fl, &fl->label_label, "label", li, who);
            }
        }
        for (size_t k = 0; k < g->nnodes; k++)
            if (!(nb && apart(lb, &nb[k])) && convex_overlap(ax, ay, 4, g->nodes[k].x, g->nodes[k].y, g->nodes[k].n, eps)) {
                snprintf(who, sizeof who, "node \"%s\"", g->nodes[k].name ? g->nodes[k].name : "");
                flaw(fl, &fl->label_node, "label", li, who);
            }
        for (size_t k = 0; k < g->nedges; k++) {
            const lay_flow_line *e = &g->edges[k];
            if (!(eb && apart(lb, &eb[k])) && line_through(e, ax, ay, 4, lb, eps)) {
                snprintf(who, sizeof who, "edge %s", e->name ? e->name : "");
                flaw(fl, &fl->label_edge, "label", li, who);
            }
        }
    }
    for (size_t k = 0; k < g->nedges; k++) {
        const lay_flow_line *e = &g->edges[k];
        for (size_t n = 0; n < g->nnodes; n++) {
            if ((int)n == e->from || (int)n == e->to || (nb && eb && apart(&eb[k], &nb[n])))
                continue;
            if (line_through(e, g->nodes[n].x, g->nodes[n].y, g->nodes[n].n, nb ? &nb[n] : &all, eps)) {
                snprintf(who, sizeof who, "node \"%s\"", g->nodes[n].name ? g->nodes[n].name : "");
                flaw(fl, &fl->edge_node, "edge", e->name, who);
            }
        }
        /* crossings: a point shared by two edges away from their ends */
        for (size_t m = k + 1; m < g->nedges; m++)
            fl->crossings += !(eb && apart(&eb[k], &eb[m])) && lines_cross(e, &g->edges[m]);
    }
    free(nb), free(eb);
}

/* The outline of node fn centred at cx, cy, as a convex polygon. */
static void node_outline(const fnode *fn, double cx, double cy, lay_flow_shape *s)
{
    double w = fn->w / 2, h = fn->h / 2;
    s->name = fn->id ? fn->id : "";
    switch (fn->shape) {
    case SHAPE_CONNECTOR:
        /* the circle's circumscribed octagon: measured a little large */
        s->n = 8;
        for (int i = 0; i < 8; i++) {
            double a = (i + 0.5) * M_PI / 4, r = w / cos(M_PI / 8);
            s->x[i] = cx + r * cos(a), s->y[i] = cy + r * sin(a);
        }
        break;
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

/* A frame title's rectangle in the chart's space, without its room. */
static dl_rect frame_label_rect(const chart *c, const fframe *fr)
{
    pointf pt = ND_coord(fr->title);
    double x = CX(c, pt.x), y = CY(c, pt.y);
    return (dl_rect){x - fr->lw / 2, y - fr->lh / 2, x + fr->lw / 2, y + fr->lh / 2};
}

/* Measures the laid-out chart (in the chart's space) into c->flaws.
 * 0, or -1 out of memory. */
static int measure(chart *c)
{
    lay_flow_shape *shapes = calloc(c->n ? c->n : 1, sizeof *shapes);
    dl_rect *labels = calloc(c->ne + c->nframes + 1, sizeof *labels);
    const char **names = calloc(c->ne + c->nframes + 1, sizeof *names);
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
        if (!c->nodes[i].gv)
            continue;   /* on another page: an empty outline meets nothing */
        pointf pt = ND_coord(c->nodes[i].gv);
        node_outline(&c->nodes[i], CX(c, pt.x), CY(c, pt.y), &shapes[i]);
    }
    size_t nl = 0, ne = 0, used = 0;
    for (size_t k = 0; k < c->ne; k++) {
        const fedge *e = &c->edges[k];
        snprintf(enames[k], sizeof enames[k], "%s -> %s", c->nodes[e->from].id, c->nodes[e->to].id);
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
    /* a frame's title must stay clear of nodes, edges and labels too */
    for (size_t k = 0; k < c->nframes; k++) {
        labels[nl] = frame_label_rect(c, &c->frames[k]);
        names[nl++] = c->frames[k].phase;
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
    case SHAPE_CONNECTOR:
        dl_path_round_rect(p, cx - fn->w / 2, cy - fn->h / 2, cx + fn->w / 2, cy + fn->h / 2, fn->w / 2);
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
    } else if (fn->shape == SHAPE_CONNECTOR) {
        rc = dev->fill_path ? dev->fill_path(dev, &p, white) : 0;
        if (!rc && dev->stroke_path)
            rc = dev->stroke_path(dev, &p, th->accent, 1.4);
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

/* Draws p's lines centred in the rectangle r. */
static int draw_in_rect(const lay_para *p, dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT],
                        const lay_fonts *fonts, dl_rect r)
{
    double cx = (r.x0 + r.x1) / 2;
    const lay_para_style *st = lay_para_get_style(p);
    lay_font_metrics fm = lay_fonts_metrics(fonts, LAY_FONT_BODY, st->size);
    double base = r.y0 + (st->leading - (fm.ascender - fm.descender)) / 2 + fm.ascender;
    int rc = 0;
    for (size_t i = 0; i < lay_para_line_count(p) && !rc; i++) {
        const lay_line *ln = lay_para_line(p, i);
        rc = lay_para_draw(p, dev, fl, cx - ln->natural / 2, base + (double)i * st->leading, i, 1, NULL, NULL);
    }
    return rc;
}

/* The phases' frames: a tinted rounded box around dot's cluster, its
 * title at the top left where dot kept room for it. */
static int draw_frames(const chart *c, dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT],
                       const lay_fonts *fonts, const lay_theme *th)
{
    dl_color white = {1, 1, 1};
    int rc = 0;
    for (size_t k = 0; k < c->nframes && !rc; k++) {
        const fframe *fr = &c->frames[k];
        boxf bb = GD_bb(fr->sg);
        dl_path p;
        dl_path_init(&p);
        dl_path_round_rect(&p, CX(c, bb.LL.x), CY(c, bb.UR.y), CX(c, bb.UR.x), CY(c, bb.LL.y), 6);
        rc = dev->fill_path ? dev->fill_path(dev, &p, mix(th->accent, white, 0.94)) : 0;
        if (!rc && dev->stroke_path)
            rc = dev->stroke_path(dev, &p, mix(th->accent, white, 0.45), 0.8);
        dl_path_free(&p);
        if (!rc)
            rc = draw_in_rect(fr->lp, dev, fl, fonts, frame_label_rect(c, fr));
    }
    return rc;
}

/* Draws the chart at its natural size, origin top-left, into dev. */
static int draw_chart(chart *c, dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT],
                      const lay_fonts *fonts, const lay_theme *th, int *nedges)
{
    dl_color edge = {0.25, 0.25, 0.25};
    *nedges = 0;
    /* frames first: everything else sits in them */
    int rc = draw_frames(c, dev, fl, fonts, th);
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
        if (e->lp && ED_label(e->gv))
            rc = draw_in_rect(e->lp, dev, fl, fonts, label_rect(c, e));
    }
    for (size_t i = 0; i < c->n && !rc; i++) {
        fnode *fn = &c->nodes[i];
        if (!fn->gv)
            continue;
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
                       const lay_theme *th, const char *lang, double size, double x, double y, int with_conn,
                       double *width)
{
    const flow_words *w = words_for(lang);
    const char *names[4] = {w->terminal, w->action, w->decision, w->connector};
    fshape shapes[4] = {SHAPE_TERMINAL, SHAPE_BOX, SHAPE_DIAMOND, SHAPE_CONNECTOR};
    double cx = x;
    int rc = 0;
    for (int i = 0; i < (with_conn ? 4 : 3) && !rc; i++) {
        fnode fn;
        memset(&fn, 0, sizeof fn);
        fn.shape = shapes[i];
        fn.h = size * 1.3;
        fn.w = shapes[i] == SHAPE_DIAMOND ? size * 3.2 : shapes[i] == SHAPE_CONNECTOR ? fn.h : size * 2.8;
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

/* A chart laid out for one page: its scale and the way the paper turns. */
typedef struct fit {
    chart c;
    double k;
    int o;
} fit;

/* The page's furniture in both orientations, and what is left for the chart. */
typedef struct page_frame {
    lay_para *fps[2];         /* the footer, set for each orientation */
    double avail_w[2], avail_h[2], fy[2], head;
} page_frame;

/* The best layout of flow f, or of the part sp of it: each measure, each
 * way the paper can turn; the largest labels win, a layout without overlaps
 * before one with. 0, or -1 with diags. */
static int best_fit(const game_flow *f, const doc_node *ft, const split *sp, const lay_template *t,
                    const lay_fonts *fonts, const char *lang, const lay_flow_meta *meta, GVC_t *gvc,
                    const page_frame *pf, fit *best, diag_list *diags)
{
    double kmax = t->flow_max_label > 0 ? t->flow_max_label / t->flow_label : 1;
    double best_k = -1;
    int best_bad = 1 << 30;
    memset(best, 0, sizeof *best);
    for (size_t m = 0; m < NMEASURES; m++) {
        chart cand;
        memset(&cand, 0, sizeof cand);
        cand.gvc = gvc;
        cand.icons = meta->icons;
        cand.want_dot = meta->want_dot;
        cand.label = t->flow_label;
        cand.label_w = t->flow_label_w * measures[m];
        cand.nodesep = t->flow_nodesep;
        cand.ranksep = t->flow_ranksep;
        if (layout(&cand, f, ft, sp, fonts, lang, &t->theme, diags) != 0 || measure(&cand) != 0) {
            chart_free(&cand);
            chart_free(&best->c);
            return -1;
        }
        int bad = lay_flow_overlaps(&cand.flaws) * 100 + cand.flaws.crossings;
        for (int o = 0; o < 2; o++) {
            double k = fmin(kmax, fmin(pf->avail_w[o] / cand.bbw, pf->avail_h[o] / cand.bbh));
            /* a clearly larger print wins; else fewer flaws; else the
             * first (portrait, the template's measure) */
            int better = best_k < 0 || k > best_k * 1.04 || (k > best_k * 0.96 && bad < best_bad);
            if (better && best_k >= 0 && bad > best_bad && k < best_k * 1.15)
                better = 0;
            if (better) {
                if (best->c.g && best->c.g != cand.g)
                    chart_free(&best->c);
                best->c = cand;
                best->k = best_k = k;
                best->o = o;
                best_bad = bad;
            }
        }
        if (best->c.g != cand.g)
            chart_free(&cand);
        /* labels already at their largest (k is capped at kmax) with no
         * flaw: no other measure can be clearly larger or have fewer
         * flaws, so none could win; its layouts are not tried */
        if (best_k >= kmax && best_bad == 0)
            break;
    }
    return 0;
}

/* The parts a chart too large for one page is split into: its ranks (in
 * the whole chart's layout) cut into n runs of about equal count, so that
 * no edge is lost and the check still sees the whole graph. part_of gets
 * each node's part, cuts the edges that cross a cut (lettered A, B, ...).
 * Returns the number of cuts, or -1 when a part would be empty. */
static int split_ranks(const chart *whole, int nparts, int *part_of, cut_edge *cuts)
{
    int maxrank = 0;
    for (size_t i = 0; i < whole->n; i++)
        if (whole->nodes[i].gv && ND_rank(whole->nodes[i].gv) > maxrank)
            maxrank = ND_rank(whole->nodes[i].gv);
    int nranks = maxrank + 1;
    int *count = calloc((size_t)nparts, sizeof *count);
    if (!count)
        return -1;
    for (size_t i = 0; i < whole->n; i++) {
        part_of[i] = whole->nodes[i].gv ? ND_rank(whole->nodes[i].gv) * nparts / nranks : 0;
        count[part_of[i]]++;
    }
    int empty = 0;
    for (int p = 0; p < nparts; p++)
        empty |= count[p] == 0;
    free(count);
    if (empty)
        return -1;
    int n = 0;
    for (size_t k = 0; k < whole->ne; k++) {
        const fedge *e = &whole->edges[k];
        if (part_of[e->from] == part_of[e->to])
            continue;
        cuts[n].from = e->from;
        cuts[n].to = e->to;
        if (n < 26)
            snprintf(cuts[n].letter, sizeof cuts[n].letter, "%c", 'A' + n);
        else
            snprintf(cuts[n].letter, sizeof cuts[n].letter, "%c%c", 'A' + n / 26 - 1, 'A' + n % 26);
        n++;
    }
    return n;
}

/* Draws one page: title, subtitle (with the part, when split), footer,
 * legend, and page `page` of the chart list tmp scaled into the space
 * left. */
static int draw_page(dev_device *dev, const dl_font *const fl[LAY_FONT_ROLE_COUNT], const lay_fonts *fonts,
                     const lay_template *t, const lay_flow_meta *meta, const page_frame *pf, const char *title,
                     const fit *ft, const dl_list *tmp, size_t page, size_t npages, const char *lang)
{
    const flow_words *w = words_for(lang);
    int o = ft->o;
    double pw = o ? t->page_h : t->page_w, ph = o ? t->page_w : t->page_h;
    char label[16];
    snprintf(label, sizeof label, "%zu", page + 1);
    dl_page_info pi = {pw, ph, 0, 0, {0, 0, 0, 0}, {0, 0, 0, 0}, label};
    int rc = dev->begin_page(dev, &pi);
    if (rc)
        return rc;
    double left = t->margin_inner, right = pw - t->margin_outer, width = right - left;
    double y = t->margin_top + t->title_size;
    rc = draw_line(dev, fl, fonts, title, LAY_FONT_HEADING, t->title_size, t->theme.accent, left, y, width, lang,
                   NULL);
    char part[64] = "";
    if (npages > 1)
        snprintf(part, sizeof part, " \xC2\xB7 %s %zu/%zu", w->part, page + 1, npages);
    char sub[512];
    snprintf(sub, sizeof sub, "%s \xC2\xB7 %s%s%s%s%s%s", meta->game_title ? meta->game_title : "",
             lay_word_flowchart(lang), part, meta->version ? " \xC2\xB7 " : "", meta->version ? meta->version : "",
             meta->date ? " \xC2\xB7 " : "", meta->date ? meta->date : "");
    if (!rc)
        rc = draw_line(dev, fl, fonts, sub, LAY_FONT_ITALIC, 11, t->theme.text, left, y + 11 * 1.3, width, lang, NULL);
    /* an unverified chart says so where a reader looks first */
    if (!rc && meta->unverified)
        rc = draw_line(dev, fl, fonts, meta->unverified, LAY_FONT_BOLD, 11, (dl_color){0.75, 0.05, 0.05}, left,
                       y + 2 * 11 * 1.3, width, lang, NULL);
    if (!rc && dev->outline && page == 0)
        rc = dev->outline(dev, 0, title, 0, t->margin_top);

    /* the footer: credits, licences, print at 100 % */
    const lay_para *fp = pf->fps[o];
    if (!rc)
        rc = lay_para_draw(fp, dev, fl, left, pf->fy[o] + t->furniture_size, 0, lay_para_line_count(fp), NULL, NULL);
    if (!rc && dev->stroke_path) {
        dl_path p;
        dl_path_init(&p);
        dl_path_move(&p, left, pf->fy[o] - 6);
        dl_path_line(&p, right, pf->fy[o] - 6);
        rc = dev->stroke_path(dev, &p, t->theme.rule, 0.4);
        dl_path_free(&p);
    }
    /* the legend above the footer's rule, centred */
    double lw = 0;
    if (!rc)
        rc = draw_legend(NULL, fl, fonts, &t->theme, lang, 9, 0, 0, npages > 1, &lw);
    if (!rc)
        rc = draw_legend(dev, fl, fonts, &t->theme, lang, 9, left + (width - lw) / 2, pf->fy[o] - 14, npages > 1,
                         &lw);

    /* scaled to fill the space between title and legend, centred */
    double k = ft->k, ah = pf->avail_h[o], ch = ft->c.bbh * k;
    dl_matrix mtx = {k, k, left + (width - ft->c.bbw * k) / 2, pf->head + (ah - ch) / 3};
    if (!rc)
        rc = dl_replay_pages(tmp, dev, &mtx, page, 1, 0);
    if (!rc)
        rc = dev->end_page(dev);
    return rc;
}

static void fits_free(fit *fits, size_t n)
{
    for (size_t i = 0; fits && i < n; i++)
        chart_free(&fits[i].c);
    free(fits);
}

/* One Graphviz context for every chart of the process: making one reads
 * Graphviz's plugin configuration and loads the dot layout plugin (7.9 M
 * instructions, as much as the three trial layouts of a chart); each graph
 * is laid out and freed on its own, so the charts do not share state. */
static GVC_t *flow_gvc;

void lay_flow_preload(void)
{
    if (!flow_gvc)
        flow_gvc = gvContext();
}

void lay_flow_cleanup(void)
{
    if (flow_gvc)
        gvFreeContext(flow_gvc);
    flow_gvc = NULL;
}

int lay_flow_build(const game_flow *f, const doc *d, const lay_flow_meta *meta, const lay_template *t,
                   const lay_fonts *fonts, dl_list *out, lay_flow_report *rep, diag_list *diags)
{
    memset(rep, 0, sizeof *rep);
    const char *lang = meta->lang ? meta->lang : "en";
    dl_list *tmp = NULL;
    char *title = NULL;
    page_frame pf;
    memset(&pf, 0, sizeof pf);
    fit *fits = NULL;
    size_t nfits = 0;
    int *part_of = NULL;
    cut_edge *cuts = NULL;
    int ncut = 0;
    int rc = 0;
    GVC_t *gvc = flow_gvc ? flow_gvc : (flow_gvc = gvContext());
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
    pf.head = t->margin_top + t->title_size * 1.25 + 11 * 1.3 + 18 + (meta->unverified ? 11 * 1.3 : 0);
    double legend_h = 9 * 1.3 + 10;
    for (int o = 0; o < 2; o++) {
        double pw = o ? t->page_h : t->page_w, ph = o ? t->page_w : t->page_h;
        pf.avail_w[o] = pw - t->margin_inner - t->margin_outer;
        pf.fps[o] = set_text(fonts, foot, LAY_FONT_BODY, t->furniture_size, pf.avail_w[o], lang, grey);
        if (!pf.fps[o]) {
            rc = -1;
            goto done;
        }
        pf.fy[o] = ph - t->margin_bottom - para_height(pf.fps[o]);
        pf.avail_h[o] = pf.fy[o] - 14 - legend_h - pf.head;
    }

    /* the whole chart on one page, if its labels stay legible there */
    fits = calloc(1, sizeof *fits);
    if (!fits || best_fit(f, ft, NULL, t, fonts, lang, meta, gvc, &pf, &fits[0], diags) != 0) {
        rc = -1;
        goto done;
    }
    nfits = 1;
    /* else split at rank boundaries into as few parts as keep every part
     * at the floor or above (the first that works); when none does, the
     * one page stays, and the build reports it too small */
    double floor_pt = t->flow_min_label;
    if (floor_pt > 0 && fits[0].c.label * fits[0].k < floor_pt - 1e-9) {
        chart *whole = &fits[0].c;
        part_of = calloc(whole->n ? whole->n : 1, sizeof *part_of);
        cuts = calloc(whole->ne ? whole->ne : 1, sizeof *cuts);
        if (!part_of || !cuts) {
            rc = -1;
            goto done;
        }
        int maxrank = GD_maxrank(whole->g);
        for (int np = 2; np <= maxrank + 1; np++) {
            int ncuts = split_ranks(whole, np, part_of, cuts);
            if (ncuts < 0)
                continue;
            fit *parts = calloc((size_t)np, sizeof *parts);
            if (!parts) {
                rc = -1;
                goto done;
            }
            int ok = 1;
            for (int p = 0; p < np && ok; p++) {
                split sp = {part_of, p, cuts, (size_t)ncuts};
                if (best_fit(f, ft, &sp, t, fonts, lang, meta, gvc, &pf, &parts[p], diags) != 0) {
                    fits_free(parts, (size_t)np);
                    rc = -1;
                    goto done;
                }
                ok = parts[p].c.label * parts[p].k >= floor_pt - 1e-9;
            }
            if (!ok) {
                fits_free(parts, (size_t)np);
                continue;
            }
            fits_free(fits, nfits);
            fits = parts;
            nfits = (size_t)np;
            ncut = ncuts;
            break;
        }
    }

    const dl_font *fl[LAY_FONT_ROLE_COUNT];
    for (int r = 0; r < LAY_FONT_ROLE_COUNT; r++)
        if (!(fl[r] = lay_fonts_register(fonts, (lay_font_role)r, out))) {
            rc = -1;
            goto done;
        }

    /* each part at natural size into a scratch list, a page each */
    tmp = dl_list_new();
    dev_device *td = tmp ? dl_list_device(tmp) : NULL;
    rc = !td;
    for (size_t p = 0; p < nfits && !rc; p++) {
        dl_page_info scratch = {fits[p].c.bbw, fits[p].c.bbh, 0, 0, {0, 0, 0, 0}, {0, 0, 0, 0}, NULL};
        int ne = 0;
        rc = td->begin_page(td, &scratch) != 0 || draw_chart(&fits[p].c, td, fl, fonts, &t->theme, &ne) != 0 ||
             td->end_page(td) != 0;
        rep->edges += ne;
    }
    if (rc) {
        diag_add(diags, DIAG_ERROR, f->loc.file, f->loc.line, 0, "layout", "drawing flow \"%s\" failed", f->id);
        rc = -1;
        goto done;
    }

    dev_device *dev = dl_list_device(out);
    char full_title[512];
    snprintf(full_title, sizeof full_title, "%s \xE2\x80\x94 %s", meta->game_title ? meta->game_title : "",
             title ? title : f->id);
    const char *author = meta->credits && meta->credits[0] ? meta->credits[0] : NULL;
    dl_doc_info info = {full_title, author, lay_word_flowchart(lang), meta->keywords, "regelwerk", lang, meta->epoch};
    rc = dev->begin_doc ? dev->begin_doc(dev, &info) : 0;
    for (size_t p = 0; p < nfits && !rc; p++)
        rc = draw_page(dev, fl, fonts, t, meta, &pf, title ? title : f->id, &fits[p], tmp, p, nfits, lang);

    /* the report: the smallest labels of any page, the flaws of all */
    rep->nodes = (int)f->nnodes;
    rep->edges -= ncut;   /* a cut edge is drawn on both its pages */
    rep->pages = (int)nfits;
    rep->landscape = fits[0].o;
    for (size_t p = 0; p < nfits; p++) {
        const fit *fp = &fits[p];
        int o = fp->o;
        double width = (o ? t->page_h : t->page_w) - t->margin_inner - t->margin_outer;
        if (p == 0 || fp->k < rep->scale)
            rep->scale = fp->k;
        if (p == 0 || fp->c.label * fp->k < rep->label_size)
            rep->label_size = fp->c.label * fp->k;
        rep->fill += (fp->c.bbw * fp->k * fp->c.bbh * fp->k) / (width * pf.avail_h[o]) / (double)nfits;
        rep->flaws.label_label += fp->c.flaws.label_label;
        rep->flaws.label_node += fp->c.flaws.label_node;
        rep->flaws.label_edge += fp->c.flaws.label_edge;
        rep->flaws.edge_node += fp->c.flaws.edge_node;
        rep->flaws.crossings += fp->c.flaws.crossings;
        if (!rep->flaws.first[0])
            memcpy(rep->flaws.first, fp->c.flaws.first, sizeof rep->flaws.first);
    }
    /* each page's graph, in page order: one DOT file of one graph a page */
    for (size_t p = 0; p < nfits && !rc && meta->want_dot; p++) {
        char *nd = realloc(rep->dot, rep->dot_len + fits[p].c.dot_len + 1);
        if (!nd) {
            rc = -1;
            break;
        }
        rep->dot = nd;
        memcpy(rep->dot + rep->dot_len, fits[p].c.dot, fits[p].c.dot_len + 1);
        rep->dot_len += fits[p].c.dot_len;
    }
    if (rc)
        diag_add(diags, DIAG_ERROR, f->loc.file, f->loc.line, 0, "layout", "drawing flow \"%s\" failed", f->id);
done:
    if (rc) {
        free(rep->dot);
        rep->dot = NULL;
        rep->dot_len = 0;
    }
    dl_list_free(tmp);
    free(title);
    lay_para_free(pf.fps[0]);
    lay_para_free(pf.fps[1]);
    fits_free(fits, nfits);
    free(part_of);
    free(cuts);
    return rc ? -1 : 0;
}
