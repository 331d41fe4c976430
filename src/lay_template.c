/* lay_template.c — page templates and themes. */
#include "lay_template.h"

#include "lay_font.h"

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MM 2.834645669   /* points per millimetre */

int lay_paper_size(const char *paper, double *w, double *h)
{
    if (paper && strcmp(paper, "a4") == 0) {
        *w = 210 * MM;
        *h = 297 * MM;
        return 1;
    }
    if (paper && strcmp(paper, "letter") == 0) {
        *w = 612;
        *h = 792;
        return 1;
    }
    return 0;
}

static dl_color rgb(unsigned v)
{
    dl_color c = {((v >> 16) & 0xFF) / 255.0, ((v >> 8) & 0xFF) / 255.0, (v & 0xFF) / 255.0};
    return c;
}

static void default_theme(lay_theme *t)
{
    t->accent = rgb(0x1F4E79);
    t->text = rgb(0x000000);
    t->rule = rgb(0x9A9A9A);
    t->table_head = rgb(0xE4EAF1);
    t->important = rgb(0xFBE9E5);
    t->tip = rgb(0xE7F2E4);
    t->example = rgb(0xEEEEEE);
    t->gap = rgb(0xC0392B);
}

static void apply_page(lay_template *t, int landscape, int columns)
{
    double w = 595.276, h = 841.89;
    lay_paper_size(t->paper, &w, &h);
    t->landscape = landscape;
    t->page_w = landscape ? h : w;
    t->page_h = landscape ? w : h;
    t->columns = columns;
}

lay_template *lay_template_default(const char *paper, int landscape, int columns)
{
    double w, h;
    if (!lay_paper_size(paper, &w, &h) || columns < 1 || columns > 3)
        return NULL;
    lay_template *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->id = strdup("reference");
    t->paper = strdup(paper);
    if (!t->id || !t->paper) {
        lay_template_free(t);
        return NULL;
    }
    apply_page(t, landscape, columns);
    t->margin_top = t->margin_bottom = 12 * MM;
    t->margin_inner = t->margin_outer = 13 * MM;
    t->column_gap = 6 * MM;
    t->body_size = 9;
    t->leading = 1.2;
    t->min_body_size = 7.5;
    t->max_body_size = 10.5;
    t->justify = 1;
    t->block_space = 0.45;
    static const double sc[3] = {1.45, 1.2, 1.05}, bf[3] = {1.0, 0.7, 0.5}, af[3] = {0.35, 0.25, 0.15};
    for (int i = 0; i < 3; i++) {
        t->h_scale[i] = sc[i];
        t->h_before[i] = bf[i];
        t->h_after[i] = af[i];
    }
    t->furniture_size = 6.5;
    t->title_size = 20;
    default_theme(&t->theme);
    /* poker cards, nine to a page; flowchart labels at 9 pt */
    t->kind = strdup("sheet");
    t->card_w = 63 * MM;
    t->card_h = 88 * MM;
    t->card_inset = 3 * MM;
    t->card_band = 24;
    t->card_icon = 60;
    t->card_text = 10.5;
    t->card_text_min = 6.5;
    t->card_cols = t->card_rows = 3;
    t->flow_label = 9;
    t->flow_label_w = 104;
    t->flow_min_label = 6.5;
    t->flow_nodesep = 0.25;
    t->flow_ranksep = 0.22;
    if (!t->kind) {
        lay_template_free(t);
        return NULL;
    }
    return t;
}

void lay_template_free(lay_template *t)
{
    if (!t)
        return;
    free(t->id);
    free(t->kind);
    free(t->dir);
    free(t->paper);
    free(t);
}

static int num_attr(xmlNode *n, const char *name, double *out)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    if (!v)
        return 0;
    *out = strtod((const char *)v, NULL);
    xmlFree(v);
    return 1;
}

static int str_is(xmlNode *n, const char *name, const char *value)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    int r = v && strcmp((const char *)v, value) == 0;
    xmlFree(v);
    return r;
}

static void page_attrs(xmlNode *n, lay_template *t, int *landscape, int *columns)
{
    double v;
    xmlChar *o = xmlGetProp(n, (const xmlChar *)"orientation");
    if (o) {
        *landscape = strcmp((const char *)o, "landscape") == 0;
        xmlFree(o);
    }
    if (num_attr(n, "columns", &v))
        *columns = (int)v;
    if (num_attr(n, "margin-top", &v))
        t->margin_top = v * MM;
    if (num_attr(n, "margin-bottom", &v))
        t->margin_bottom = v * MM;
    if (num_attr(n, "margin-inner", &v))
        t->margin_inner = v * MM;
    if (num_attr(n, "margin-outer", &v))
        t->margin_outer = v * MM;
    if (num_attr(n, "column-gap", &v))
        t->column_gap = v * MM;
}

/* The template schema sits beside the content schema: src/schema in the
 * source tree, DATADIR/schema when installed; both are ../ of templates/. */
static xmlRelaxNGPtr load_schema(const char *templates_dir)
{
    static const char *const rel[] = {"/../src/schema/template.rng", "/../schema/template.rng"};
    for (size_t i = 0; i < 2; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s%s", templates_dir, rel[i]);
        if (access(path, R_OK) != 0)
            continue;
        /* parsed from a document we read ourselves: see lay_xml_read() */
        xmlDoc *x = lay_xml_read(path);
        xmlRelaxNGParserCtxtPtr pc = x ? xmlRelaxNGNewDocParserCtxt(x) : NULL;
        xmlRelaxNGPtr s = pc ? xmlRelaxNGParse(pc) : NULL;
        xmlRelaxNGFreeParserCtxt(pc);
        xmlFreeDoc(x);
        return s;
    }
    return NULL;
}

typedef struct verr {
    diag_list *d;
    const char *file;
    int n;
} verr;

static void structured_err(void *ctx, const xmlError *e)
{
    verr *v = ctx;
    char msg[512];
    snprintf(msg, sizeof msg, "%s", e->message ? e->message : "invalid");
    size_t l = strlen(msg);
    while (l && msg[l - 1] == '\n')
        msg[--l] = '\0';
    diag_add(v->d, DIAG_ERROR, v->file, e->line, 0, "template", "%s", msg);
    v->n++;
}

static xmlDoc *read_valid(const char *path, xmlRelaxNGPtr schema, diag_list *d)
{
    xmlResetLastError();
    xmlDoc *x = lay_xml_read(path);
    if (!x) {
        /* the parser was told to keep quiet; its last error says where */
        const xmlError *e = xmlGetLastError();
        char msg[512] = "";
        if (e && e->message) {
            snprintf(msg, sizeof msg, ": %s", e->message);
            for (size_t l = strlen(msg); l && msg[l - 1] == '\n'; l--)
                msg[l - 1] = '\0';
        }
        diag_add(d, DIAG_ERROR, path, e ? e->line : 0, 0, "template", "cannot read or parse the file%s", msg);
        return NULL;
    }
    if (schema) {
        verr v = {d, path, 0};
        xmlRelaxNGValidCtxtPtr vc = xmlRelaxNGNewValidCtxt(schema);
        xmlRelaxNGSetValidStructuredErrors(vc, (xmlStructuredErrorFunc)structured_err, &v);
        int rc = xmlRelaxNGValidateDoc(vc, x);
        xmlRelaxNGFreeValidCtxt(vc);
        if (rc != 0) {
            if (!v.n)
                diag_add(d, DIAG_ERROR, path, 0, 0, "template", "does not match template.rng");
            xmlFreeDoc(x);
            return NULL;
        }
    }
    return x;
}

static int load_theme(const char *path, xmlRelaxNGPtr schema, lay_theme *th, diag_list *d)
{
    xmlDoc *x = read_valid(path, schema, d);
    if (!x)
        return -1;
    for (xmlNode *n = xmlDocGetRootElement(x)->children; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE || strcmp((const char *)n->name, "color") != 0)
            continue;
        xmlChar *role = xmlGetProp(n, (const xmlChar *)"role");
        xmlChar *val = xmlGetProp(n, (const xmlChar *)"value");
        if (role && val && val[0] == '#') {
            dl_color c = rgb((unsigned)strtoul((const char *)val + 1, NULL, 16));
            const char *r = (const char *)role;
            dl_color *slot = strcmp(r, "accent") == 0       ? &th->accent
                             : strcmp(r, "text") == 0       ? &th->text
                             : strcmp(r, "rule") == 0       ? &th->rule
                             : strcmp(r, "table-head") == 0 ? &th->table_head
                             : strcmp(r, "important") == 0  ? &th->important
                             : strcmp(r, "tip") == 0        ? &th->tip
                             : strcmp(r, "example") == 0    ? &th->example
                             : strcmp(r, "gap") == 0        ? &th->gap
                                                            : NULL;
            if (slot)
                *slot = c;
        }
        xmlFree(role);
        xmlFree(val);
    }
    xmlFreeDoc(x);
    return 0;
}

lay_template *lay_template_load(const char *templates_dir, const char *id, const char *paper,
                                const char *game, diag_list *d)
{
    return lay_template_load_kind(templates_dir, id, "sheet", paper, game, d);
}

lay_template *lay_template_load_kind(const char *templates_dir, const char *id, const char *want_kind,
                                     const char *paper, const char *game, diag_list *d)
{
    double pw, ph;
    if (!lay_paper_size(paper, &pw, &ph)) {
        diag_add(d, DIAG_ERROR, NULL, 0, 0, "template", "unknown paper '%s' (a4 or letter)", paper ? paper : "");
        return NULL;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.xml", templates_dir, id);
    xmlRelaxNGPtr schema = load_schema(templates_dir);
    xmlDoc *x = read_valid(path, schema, d);
    if (!x) {
        xmlRelaxNGFree(schema);
        return NULL;
    }
    lay_template *t = lay_template_default(paper, 0, 2);
    if (!t) {
        xmlFreeDoc(x);
        xmlRelaxNGFree(schema);
        return NULL;
    }
    free(t->id);
    t->id = strdup(id);
    t->dir = strdup(templates_dir);
    int landscape = 0, columns = 2;
    xmlNode *root = xmlDocGetRootElement(x);
    int errors = 0;
    if (!root || strcmp((const char *)root->name, "template") != 0) {
        diag_add(d, DIAG_ERROR, path, 0, 0, "template", "the root element must be <template>");
        errors++;
    } else {
        xmlChar *k = xmlGetProp(root, (const xmlChar *)"kind");
        if (k) {
            free(t->kind);
            t->kind = strdup((const char *)k);
            xmlFree(k);
        }
        if (want_kind && t->kind && strcmp(t->kind, want_kind) != 0) {
            diag_add(d, DIAG_ERROR, path, root->line, 0, "template", "template \"%s\" is for %s, not %s", id,
                     t->kind, want_kind);
            errors++;
        }
    }
    for (xmlNode *n = root ? root->children : NULL; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        const char *name = (const char *)n->name;
        double v;
        if (strcmp(name, "page") == 0) {
            page_attrs(n, t, &landscape, &columns);
        } else if (strcmp(name, "paper") == 0) {
            if (str_is(n, "name", paper))
                page_attrs(n, t, &landscape, &columns);
        } else if (strcmp(name, "body") == 0) {
            if (num_attr(n, "size", &v))
                t->body_size = v;
            if (num_attr(n, "leading", &v))
                t->leading = v;
            if (num_attr(n, "min-size", &v))
                t->min_body_size = v;
            if (num_attr(n, "max-size", &v))
                t->max_body_size = v;
            if (num_attr(n, "block-space", &v))
                t->block_space = v;
            if (str_is(n, "justify", "no"))
                t->justify = 0;
        } else if (strcmp(name, "heading") == 0) {
            double lv = 0;
            num_attr(n, "level", &lv);
            int i = (int)lv - 1;
            if (i >= 0 && i < 3) {
                num_attr(n, "scale", &t->h_scale[i]);
                num_attr(n, "space-before", &t->h_before[i]);
                num_attr(n, "space-after", &t->h_after[i]);
            }
        } else if (strcmp(name, "furniture") == 0) {
            num_attr(n, "size", &t->furniture_size);
            num_attr(n, "title-size", &t->title_size);
        } else if (strcmp(name, "card") == 0) {
            if (num_attr(n, "width", &v))
                t->card_w = v * MM;
            if (num_attr(n, "height", &v))
                t->card_h = v * MM;
            if (num_attr(n, "inset", &v))
                t->card_inset = v * MM;
            num_attr(n, "band", &t->card_band);
            num_attr(n, "icon", &t->card_icon);
            num_attr(n, "text-size", &t->card_text);
            num_attr(n, "min-text-size", &t->card_text_min);
            if (num_attr(n, "columns", &v))
                t->card_cols = (int)v;
            if (num_attr(n, "rows", &v))
                t->card_rows = (int)v;
        } else if (strcmp(name, "chart") == 0) {
            num_attr(n, "label-size", &t->flow_label);
            if (num_attr(n, "label-width", &v))
                t->flow_label_w = v * MM;
            num_attr(n, "min-label-size", &t->flow_min_label);
            if (num_attr(n, "node-gap", &v))
                t->flow_nodesep = v / 25.4;
            if (num_attr(n, "rank-gap", &v))
                t->flow_ranksep = v / 25.4;
        }
    }
    xmlFreeDoc(x);
    /* the floor is a promise to players: never below 7.5 pt */
    if (t->min_body_size < 7.5)
        t->min_body_size = 7.5;
    if (columns < 1 || columns > 3) {
        diag_add(d, DIAG_ERROR, path, 0, 0, "template", "columns must be 1, 2 or 3");
        errors++;
    }
    apply_page(t, landscape, columns);
    if (t->kind && strcmp(t->kind, "cards") == 0 &&
        (t->card_cols * t->card_w > t->page_w || t->card_rows * t->card_h > t->page_h)) {
        diag_add(d, DIAG_ERROR, path, 0, 0, "template", "%d x %d cards of %.0f x %.0f mm do not fit %s paper",
                 t->card_cols, t->card_rows, t->card_w / MM, t->card_h / MM, paper);
        errors++;
    }
    if (game && !errors) {
        snprintf(path, sizeof path, "%s/themes/%s.xml", templates_dir, game);
        if (access(path, R_OK) == 0 && load_theme(path, schema, &t->theme, d) != 0)
            errors++;
    }
    xmlRelaxNGFree(schema);
    if (errors || !t->id || !t->dir) {
        lay_template_free(t);
        return NULL;
    }
    return t;
}
