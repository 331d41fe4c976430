/* lay_template.c — page templates and themes. */
#include "lay_template.h"

#include "doc.h"
#include "lay_font.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
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
    t->card_bleed = 3 * MM;
    t->card_safe = 4 * MM;
    t->card_cols = t->card_rows = 6;
    t->flow_label = 9;
    t->flow_label_w = 104;
    t->flow_min_label = 6.5;
    t->flow_max_label = 12;
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

/* Where a template's numbers are read: errors name the file and line. */
typedef struct tpl_ctx {
    const char *path;
    diag_list *d;
    int errors;
    int oom;   /* an attribute there could not be read: never its default */
} tpl_ctx;

/* Attribute name of n as a number in [min, max] (a whole number when
 * integer): 1 with *out set; 0 when the attribute is absent; -1 after an
 * error at n's line when it is not such a number (*out untouched). The
 * whole value must be the number: "9pt", "1e999", "nan", "0x10" and "" are
 * refused, whether or not template.rng was there to say so first. */
static int num_attr(tpl_ctx *c, xmlNode *n, const char *name, double min, double max, int integer, double *out)
{
    char *v = doc_xml_prop(n, name, &c->oom);
    if (!v)
        return 0;
    const char *s = v;
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    /* plain decimals only (xsd:decimal): no hex, exponents, inf or nan */
    int ok = *s != '\0';
    for (const char *p = s; *p && ok; p++)
        ok = (*p >= '0' && *p <= '9') || *p == '.' || *p == '-' || *p == '+' || *p == ' ' || *p == '\t' ||
             *p == '\n' || *p == '\r';
    char *end = NULL;
    errno = 0;
    double x = ok ? strtod(s, &end) : 0;
    if (ok) {
        while (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')
            end++;
        ok = end != s && *end == '\0' && errno == 0 && isfinite(x) && x >= min && x <= max &&
             (!integer || x == floor(x));
    }
    if (!ok) {
        if (integer)
            diag_add(c->d, DIAG_ERROR, c->path, (int)xmlGetLineNo(n), 0, "template",
                     "<%s %s=\"%s\">: wants a whole number from %g to %g", (const char *)n->name, name,
                     (const char *)v, min, max);
        else
            diag_add(c->d, DIAG_ERROR, c->path, (int)xmlGetLineNo(n), 0, "template",
                     "<%s %s=\"%s\">: wants a number from %g to %g", (const char *)n->name, name,
                     v, min, max);
        c->errors++;
        free(v);
        return -1;
    }
    *out = x;
    free(v);
    return 1;
}

/* The ranges of template.rng: lengths in mm, font sizes in pt. */
#define MM_MAX 500.0
#define PT_MIN 4.0
#define PT_MAX 72.0

static int str_is(tpl_ctx *c, xmlNode *n, const char *name, const char *value)
{
    char *v = doc_xml_prop(n, name, &c->oom);
    int r = v && strcmp(v, value) == 0;
    free(v);
    return r;
}

static void page_attrs(tpl_ctx *c, xmlNode *n, lay_template *t, int *landscape, int *columns)
{
    double v;
    char *o = doc_xml_prop(n, "orientation", &c->oom);
    if (o) {
        *landscape = strcmp(o, "landscape") == 0;
        free(o);
    }
    if (num_attr(c, n, "columns", 1, 3, 1, &v) == 1)
        *columns = (int)v;
    if (num_attr(c, n, "margin-top", 0, MM_MAX, 0, &v) == 1)
        t->margin_top = v * MM;
    if (num_attr(c, n, "margin-bottom", 0, MM_MAX, 0, &v) == 1)
        t->margin_bottom = v * MM;
    if (num_attr(c, n, "margin-inner", 0, MM_MAX, 0, &v) == 1)
        t->margin_inner = v * MM;
    if (num_attr(c, n, "margin-outer", 0, MM_MAX, 0, &v) == 1)
        t->margin_outer = v * MM;
    if (num_attr(c, n, "column-gap", 0, MM_MAX, 0, &v) == 1)
        t->column_gap = v * MM;
}

/* The template schema sits beside the content schema: src/schema in the
 * source tree, DATADIR/schema when installed; both are ../ of templates/.
 * Its path into out (PATH_MAX), or "" when there is none. */
static void find_schema(const char *templates_dir, char *out, size_t cap)
{
    static const char *const rel[] = {"/../src/schema/template.rng", "/../schema/template.rng"};
    out[0] = '\0';
    for (size_t i = 0; i < 2; i++) {
        snprintf(out, cap, "%s%s", templates_dir, rel[i]);
        if (access(out, R_OK) == 0)
            return;
    }
    out[0] = '\0';
}

void lay_template_preload(const char *templates_dir)
{
    char schema[PATH_MAX];
    find_schema(templates_dir, schema, sizeof schema);
    if (schema[0])
        doc_schema_preload(schema);
}

/* Templates and themes are read like content (doc_parse_data: no DTD, no
 * entities, no network, errors at file:line) and validated against
 * template.rng when it is there. */
static xmlDoc *read_valid(const char *path, const char *schema, diag_list *d)
{
    size_t errors = d->errors;
    xmlDoc *x = doc_parse_data(path, schema[0] ? schema : NULL, d);
    if (!x && d->errors == errors)
        diag_add(d, DIAG_ERROR, path, 0, 0, "template", "cannot read or parse the file");
    return x;
}

/* "#RRGGBB" exactly: 1 with *out set, else 0. */
static int parse_color(const char *s, unsigned *out)
{
    if (!s || s[0] != '#' || strlen(s) != 7)
        return 0;
    unsigned v = 0;
    for (int i = 1; i < 7; i++) {
        char ch = s[i];
        int dgt = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                : ch >= 'A' && ch <= 'F'                                     ? ch - 'A' + 10
                                                                             : -1;
        if (dgt < 0)
            return 0;
        v = v * 16 + (unsigned)dgt;
    }
    *out = v;
    return 1;
}

static int load_theme(const char *path, const char *schema, lay_theme *th, diag_list *d)
{
    xmlDoc *x = read_valid(path, schema, d);
    if (!x)
        return -1;
    int errors = 0, oom = 0;
    for (xmlNode *n = xmlDocGetRootElement(x)->children; n && !oom; n = n->next) {
        if (n->type != XML_ELEMENT_NODE || strcmp((const char *)n->name, "color") != 0)
            continue;
        char *role = doc_xml_prop(n, "role", &oom);
        char *val = doc_xml_prop(n, "value", &oom);
        const char *r = role ? role : "";
        dl_color *slot = strcmp(r, "accent") == 0       ? &th->accent
                         : strcmp(r, "text") == 0       ? &th->text
                         : strcmp(r, "rule") == 0       ? &th->rule
                         : strcmp(r, "table-head") == 0 ? &th->table_head
                         : strcmp(r, "important") == 0  ? &th->important
                         : strcmp(r, "tip") == 0        ? &th->tip
                         : strcmp(r, "example") == 0    ? &th->example
                         : strcmp(r, "gap") == 0        ? &th->gap
                                                        : NULL;
        unsigned rgbv = 0;
        if (oom) {
            diag_add(d, DIAG_ERROR, path, 0, 0, "memory", "out of memory");
            errors++;
        } else if (!slot) {
            diag_add(d, DIAG_ERROR, path, (int)xmlGetLineNo(n), 0, "template", "unknown colour role \"%s\"", r);
            errors++;
        } else if (!parse_color(val, &rgbv)) {
            diag_add(d, DIAG_ERROR, path, (int)xmlGetLineNo(n), 0, "template",
                     "colour \"%s\": wants #RRGGBB (six hex digits), not \"%s\"", r, val ? val : "");
            errors++;
        } else {
            *slot = rgb(rgbv);
        }
        free(role);
        free(val);
    }
    xmlFreeDoc(x);
    return errors ? -1 : 0;
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
    char schema[PATH_MAX];
    find_schema(templates_dir, schema, sizeof schema);
    xmlDoc *x = read_valid(path, schema, d);
    if (!x)
        return NULL;
    /* the paper is known (above): NULL is out of memory */
    lay_template *t = lay_template_default(paper, 0, 2);
    if (!t) {
        xmlFreeDoc(x);
        diag_add(d, DIAG_ERROR, path, 0, 0, "memory", "out of memory");
        return NULL;
    }
    free(t->id);
    t->id = strdup(id);
    t->dir = strdup(templates_dir);
    tpl_ctx c = {path, d, 0, !t->id || !t->dir};
    int landscape = 0, columns = 2;
    xmlNode *root = xmlDocGetRootElement(x);
    int errors = 0;
    if (!root || strcmp((const char *)root->name, "template") != 0) {
        diag_add(d, DIAG_ERROR, path, 0, 0, "template", "the root element must be <template>");
        errors++;
    } else {
        char *k = doc_xml_prop(root, "kind", &c.oom);
        if (k) {
            free(t->kind);
            t->kind = k;
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
            page_attrs(&c, n, t, &landscape, &columns);
        } else if (strcmp(name, "paper") == 0) {
            if (str_is(&c, n, "name", paper))
                page_attrs(&c, n, t, &landscape, &columns);
        } else if (strcmp(name, "body") == 0) {
            num_attr(&c, n, "size", PT_MIN, PT_MAX, 0, &t->body_size);
            num_attr(&c, n, "leading", 1, 2, 0, &t->leading);
            num_attr(&c, n, "min-size", 7.5, PT_MAX, 0, &t->min_body_size);
            num_attr(&c, n, "max-size", PT_MIN, PT_MAX, 0, &t->max_body_size);
            num_attr(&c, n, "block-space", 0, 3, 0, &t->block_space);
            if (str_is(&c, n, "justify", "no"))
                t->justify = 0;
        } else if (strcmp(name, "heading") == 0) {
            double lv = 0;
            if (num_attr(&c, n, "level", 1, 3, 1, &lv) == 1) {
                int i = (int)lv - 1;
                num_attr(&c, n, "scale", 0.8, 3, 0, &t->h_scale[i]);
                num_attr(&c, n, "space-before", 0, 4, 0, &t->h_before[i]);
                num_attr(&c, n, "space-after", 0, 4, 0, &t->h_after[i]);
            }
        } else if (strcmp(name, "furniture") == 0) {
            num_attr(&c, n, "size", PT_MIN, PT_MAX, 0, &t->furniture_size);
            num_attr(&c, n, "title-size", PT_MIN, PT_MAX, 0, &t->title_size);
        } else if (strcmp(name, "card") == 0) {
            if (num_attr(&c, n, "width", 1, MM_MAX, 0, &v) == 1)
                t->card_w = v * MM;
            if (num_attr(&c, n, "height", 1, MM_MAX, 0, &v) == 1)
                t->card_h = v * MM;
            if (num_attr(&c, n, "inset", 0, MM_MAX, 0, &v) == 1)
                t->card_inset = v * MM;
            if (num_attr(&c, n, "bleed", 0, MM_MAX, 0, &v) == 1)
                t->card_bleed = v * MM;
            if (num_attr(&c, n, "safe", 0, MM_MAX, 0, &v) == 1)
                t->card_safe = v * MM;
            num_attr(&c, n, "band", PT_MIN, PT_MAX, 0, &t->card_band);
            num_attr(&c, n, "icon", 8, 200, 0, &t->card_icon);
            num_attr(&c, n, "text-size", PT_MIN, PT_MAX, 0, &t->card_text);
            num_attr(&c, n, "min-text-size", PT_MIN, PT_MAX, 0, &t->card_text_min);
            if (num_attr(&c, n, "columns", 1, 6, 1, &v) == 1)
                t->card_cols = (int)v;
            if (num_attr(&c, n, "rows", 1, 6, 1, &v) == 1)
                t->card_rows = (int)v;
        } else if (strcmp(name, "chart") == 0) {
            num_attr(&c, n, "label-size", PT_MIN, PT_MAX, 0, &t->flow_label);
            if (num_attr(&c, n, "label-width", 1, MM_MAX, 0, &v) == 1)
                t->flow_label_w = v * MM;
            num_attr(&c, n, "min-label-size", PT_MIN, PT_MAX, 0, &t->flow_min_label);
            num_attr(&c, n, "max-label-size", PT_MIN, PT_MAX, 0, &t->flow_max_label);
            if (num_attr(&c, n, "node-gap", 0, MM_MAX, 0, &v) == 1)
                t->flow_nodesep = v / 25.4;
            if (num_attr(&c, n, "rank-gap", 0, MM_MAX, 0, &v) == 1)
                t->flow_ranksep = v / 25.4;
        }
    }
    errors += c.errors;
    xmlFreeDoc(x);
    if (c.oom) {
        diag_add(d, DIAG_ERROR, path, 0, 0, "memory", "out of memory");
        errors++;
    }
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
    /* numbers each in range can still not fit together */
    double text_w = t->page_w - t->margin_inner - t->margin_outer - (t->columns - 1) * t->column_gap;
    if (!errors && (text_w < 36 * MM || t->page_h - t->margin_top - t->margin_bottom < 36 * MM)) {
        diag_add(d, DIAG_ERROR, path, 0, 0, "template",
                 "the margins and column gaps leave less than 36 mm of text on %s paper", paper);
        errors++;
    }
    if (!errors && 2 * t->card_inset >= (t->card_w < t->card_h ? t->card_w : t->card_h)) {
        diag_add(d, DIAG_ERROR, path, 0, 0, "template", "the card inset leaves no room inside the card");
        errors++;
    }
    if (!errors && (t->card_text_min > t->card_text || t->flow_min_label > t->flow_label)) {
        diag_add(d, DIAG_ERROR, path, 0, 0, "template", "a minimum text size is above its size");
        errors++;
    }
    if (game && !errors) {
        snprintf(path, sizeof path, "%s/themes/%s.xml", templates_dir, game);
        if (access(path, R_OK) == 0 && load_theme(path, schema, &t->theme, d) != 0)
            errors++;
    }
    if (errors) {
        lay_template_free(t);
        return NULL;
    }
    return t;
}
