/* icon.c — Game Icons: JSON set, game maps, SVG path data → dl_path. */
#include "icon.h"

#include "doc.h"

#include <ctype.h>
#include <errno.h>
#include <json-c/json.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct icon_entry {
    char *name;        /* content name or glyph name */
    char *glyph;       /* glyph in the set */
    dl_path path;
    int parsed;        /* 1 ok, -1 failed */
} icon_entry;

struct icon_set {
    json_object *root;
    json_object *icons;
    json_object *aliases;
    double canvas;
    icon_entry *map;   /* content name → glyph, and glyph-name lookups */
    size_t nmap, cap;
};

/* ---- SVG path data ----------------------------------------------------------- */

typedef struct parser {
    const char *p;
} parser;

static void skip_sep(parser *ps)
{
    while (*ps->p && (isspace((unsigned char)*ps->p) || *ps->p == ','))
        ps->p++;
}

/* Larger than any coordinate, radius or angle of a real icon: what is
 * beyond it is garbage, and would overflow the arithmetic of arcs. */
#define ICON_COORD_MAX 1e6

/* SVG numbers run together: "2.536.005" is 2.536 and .005; "1-2" is 1 and -2. */
static int number(parser *ps, double *out)
{
    skip_sep(ps);
    const char *s = ps->p, *q = s;
    if (*q == '-' || *q == '+')
        q++;
    int digits = 0, dot = 0;
    while (isdigit((unsigned char)*q) || (*q == '.' && !dot)) {
        if (*q == '.')
            dot = 1;
        else
            digits++;
        q++;
    }
    if (!digits)
        return -1;
    if (*q == 'e' || *q == 'E') {
        const char *e = q + 1;
        if (*e == '-' || *e == '+')
            e++;
        if (isdigit((unsigned char)*e)) {
            while (isdigit((unsigned char)*e))
                e++;
            q = e;
        }
    }
    char buf[64];
    size_t n = (size_t)(q - s);
    if (n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    /* the token was scanned above; strtod must take all of it, and the
     * value must be one an icon of a 512-unit canvas can mean */
    char *end;
    errno = 0;
    double v = strtod(buf, &end);
    if (*end || errno == ERANGE || !isfinite(v) || fabs(v) > ICON_COORD_MAX)
        return -1;
    *out = v;
    ps->p = q;
    return 0;
}

/* Arc flags are single characters "0" or "1" and may touch what follows. */
static int flag(parser *ps, int *out)
{
    skip_sep(ps);
    if (*ps->p != '0' && *ps->p != '1')
        return -1;
    *out = *ps->p == '1';
    ps->p++;
    return 0;
}

/* The endpoint arc of SVG as cubic Béziers (SVG 1.1, appendix F.6). */
static int arc_to(dl_path *out, double s, double x1, double y1, double rx, double ry, double phi_deg,
                  int large, int sweep, double x2, double y2)
{
    if (x1 == x2 && y1 == y2)
        return 0;
    rx = fabs(rx);
    ry = fabs(ry);
    if (rx == 0 || ry == 0)
        return dl_path_line(out, x2 * s, y2 * s);
    double phi = phi_deg * M_PI / 180.0, cp = cos(phi), sp = sin(phi);
    double dx = (x1 - x2) / 2, dy = (y1 - y2) / 2;
    double x1p = cp * dx + sp * dy, y1p = -sp * dx + cp * dy;
    double lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
    if (lambda > 1) {
        rx *= sqrt(lambda);
        ry *= sqrt(lambda);
    }
    double num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
    double den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
    double co = den > 0 ? sqrt(fmax(0, num / den)) : 0;
    if (large == sweep)
        co = -co;
    double cxp = co * rx * y1p / ry, cyp = -co * ry * x1p / rx;
    double cx = cp * cxp - sp * cyp + (x1 + x2) / 2, cy = sp * cxp + cp * cyp + (y1 + y2) / 2;
    double ux = (x1p - cxp) / rx, uy = (y1p - cyp) / ry;
    double vx = (-x1p - cxp) / rx, vy = (-y1p - cyp) / ry;
    double th1 = atan2(uy, ux);
    double dth = atan2(vy, vx) - th1;
    if (sweep && dth < 0)
        dth += 2 * M_PI;
    else if (!sweep && dth > 0)
        dth -= 2 * M_PI;
    int segs = (int)ceil(fabs(dth) / (M_PI / 2) - 1e-9);
    if (segs < 1)
        segs = 1;
    double delta = dth / segs, k = 4.0 / 3.0 * tan(delta / 4);
    for (int i = 0; i < segs; i++) {
        double a1 = th1 + i * delta, a2 = a1 + delta;
        double c1 = cos(a1), s1 = sin(a1), c2 = cos(a2), s2 = sin(a2);
        /* on the unit circle, then scaled, rotated and moved */
        double p[6] = {c1 - k * s1, s1 + k * c1, c2 + k * s2, s2 - k * c2, c2, s2};
        double q[6];
        for (int j = 0; j < 6; j += 2) {
            double ex = p[j] * rx, ey = p[j + 1] * ry;
            q[j] = (cp * ex - sp * ey + cx) * s;
            q[j + 1] = (sp * ex + cp * ey + cy) * s;
        }
        if (dl_path_curve(out, q[0], q[1], q[2], q[3], q[4], q[5]) != 0)
            return -1;
    }
    return 0;
}

int icon_parse_svg_path(const char *d, double s, dl_path *out)
{
    parser ps = {d};
    double cx = 0, cy = 0, sx = 0, sy = 0;   /* current point, subpath start */
    double lcx = 0, lcy = 0;                 /* last control point (S, T) */
    char last = 0, cmd = 0;
    for (;;) {
        skip_sep(&ps);
        if (!*ps.p)
            return 0;
        if (isalpha((unsigned char)*ps.p)) {
            cmd = *ps.p++;
        } else if (!cmd || cmd == 'Z' || cmd == 'z') {
            return -1;   /* numbers with no command */
        } else if (cmd == 'M') {
            cmd = 'L';   /* implicit lineto after moveto */
        } else if (cmd == 'm') {
            cmd = 'l';
        }
        int rel = islower((unsigned char)cmd);
        double ox = rel ? cx : 0, oy = rel ? cy : 0;
        double v[7];
        switch (toupper((unsigned char)cmd)) {
        case 'Z':
            if (dl_path_close(out) != 0)
                return -1;
            cx = sx;
            cy = sy;
            break;
        case 'M':
            if (number(&ps, &v[0]) || number(&ps, &v[1]))
                return -1;
            cx = sx = ox + v[0];
            cy = sy = oy + v[1];
            if (dl_path_move(out, cx * s, cy * s) != 0)
                return -1;
            break;
        case 'L':
            if (number(&ps, &v[0]) || number(&ps, &v[1]))
                return -1;
            cx = ox + v[0];
            cy = oy + v[1];
            if (dl_path_line(out, cx * s, cy * s) != 0)
                return -1;
            break;
        case 'H':
            if (number(&ps, &v[0]))
                return -1;
            cx = ox + v[0];
            if (dl_path_line(out, cx * s, cy * s) != 0)
                return -1;
            break;
        case 'V':
            if (number(&ps, &v[0]))
                return -1;
            cy = oy + v[0];
            if (dl_path_line(out, cx * s, cy * s) != 0)
                return -1;
            break;
        case 'C':
        case 'S': {
            double x1, y1;
            int n0 = 0;
            if (toupper((unsigned char)cmd) == 'C') {
                if (number(&ps, &v[0]) || number(&ps, &v[1]))
                    return -1;
                x1 = ox + v[0];
                y1 = oy + v[1];
            } else {
                int smooth = strchr("CcSs", last) != NULL;
                x1 = smooth ? 2 * cx - lcx : cx;
                y1 = smooth ? 2 * cy - lcy : cy;
            }
            for (int i = 0; i < 4; i++)
                if (number(&ps, &v[n0 + i]))
                    return -1;
            double x2 = ox + v[0], y2 = oy + v[1], x = ox + v[2], y = oy + v[3];
            if (dl_path_curve(out, x1 * s, y1 * s, x2 * s, y2 * s, x * s, y * s) != 0)
                return -1;
            lcx = x2;
            lcy = y2;
            cx = x;
            cy = y;
            break;
        }
        case 'Q':
        case 'T': {
            double qx, qy;
            if (toupper((unsigned char)cmd) == 'Q') {
                if (number(&ps, &v[0]) || number(&ps, &v[1]))
                    return -1;
                qx = ox + v[0];
                qy = oy + v[1];
            } else {
                int smooth = strchr("QqTt", last) != NULL;
                qx = smooth ? 2 * cx - lcx : cx;
                qy = smooth ? 2 * cy - lcy : cy;
            }
            if (number(&ps, &v[2]) || number(&ps, &v[3]))
                return -1;
            double x = ox + v[2], y = oy + v[3];
            /* the quadratic as the cubic with the same curve */
            double c1x = cx + 2.0 / 3 * (qx - cx), c1y = cy + 2.0 / 3 * (qy - cy);
            double c2x = x + 2.0 / 3 * (qx - x), c2y = y + 2.0 / 3 * (qy - y);
            if (dl_path_curve(out, c1x * s, c1y * s, c2x * s, c2y * s, x * s, y * s) != 0)
                return -1;
            lcx = qx;
            lcy = qy;
            cx = x;
            cy = y;
            break;
        }
        case 'A': {
            int large, sweep;
            if (number(&ps, &v[0]) || number(&ps, &v[1]) || number(&ps, &v[2]) || flag(&ps, &large) ||
                flag(&ps, &sweep) || number(&ps, &v[3]) || number(&ps, &v[4]))
                return -1;
            double x = ox + v[3], y = oy + v[4];
            if (arc_to(out, s, cx, cy, v[0], v[1], v[2], large, sweep, x, y) != 0)
                return -1;
            cx = x;
            cy = y;
            break;
        }
        default:
            return -1;
        }
        last = cmd;
    }
}

/* ---- the set ------------------------------------------------------------------- */

/* The set's JSON (6.4 MB) is parsed at most once per process and shared
 * by every game's icon_set (json-c counts the references); each game keeps
 * its own map. icon_cleanup() drops the process's reference. */
static char cached_path[4096];
static json_object *cached_root;

void icon_cleanup(void)
{
    json_object_put(cached_root);
    cached_root = NULL;
    cached_path[0] = '\0';
}

static json_object *shared_root(const char *json_path)
{
    if (cached_root && strcmp(cached_path, json_path) == 0)
        return json_object_get(cached_root);
    json_object *root = json_object_from_file(json_path);
    if (root && strlen(json_path) < sizeof cached_path) {
        icon_cleanup();
        cached_root = json_object_get(root);
        memcpy(cached_path, json_path, strlen(json_path) + 1);
    }
    return root;
}

icon_set *icon_set_load(const char *json_path, diag_list *diags)
{
    json_object *root = shared_root(json_path);
    json_object *icons = NULL, *w = NULL;
    if (!root || !json_object_object_get_ex(root, "icons", &icons) ||
        !json_object_is_type(icons, json_type_object)) {
        diag_add(diags, DIAG_ERROR, json_path, 0, 0, "icons", "not an iconify icon set: %s",
                 root ? "no \"icons\" object" : json_util_get_last_err());
        json_object_put(root);
        return NULL;
    }
    icon_set *set = calloc(1, sizeof *set);
    if (!set) {
        json_object_put(root);
        diag_add(diags, DIAG_ERROR, json_path, 0, 0, "memory", "out of memory");
        return NULL;
    }
    set->root = root;
    set->icons = icons;
    json_object_object_get_ex(root, "aliases", &set->aliases);
    set->canvas = 512;
    if (json_object_object_get_ex(root, "width", &w)) {
        /* a number from 1 to 100000, not a string or a fraction of a unit */
        double cw = json_object_is_type(w, json_type_int) || json_object_is_type(w, json_type_double)
                        ? json_object_get_double(w)
                        : -1;
        if (!isfinite(cw) || cw < 1 || cw > 100000) {
            diag_add(diags, DIAG_ERROR, json_path, 0, 0, "icons",
                     "the icon set's \"width\" is not a canvas size from 1 to 100000");
            json_object_put(root);
            free(set);
            return NULL;
        }
        set->canvas = cw;
    }
    return set;
}

void icon_set_free(icon_set *set)
{
    if (!set)
        return;
    for (size_t i = 0; i < set->nmap; i++) {
        free(set->map[i].name);
        free(set->map[i].glyph);
        dl_path_free(&set->map[i].path);
    }
    free(set->map);
    json_object_put(set->root);
    free(set);
}

static const char *glyph_body(const icon_set *set, const char *glyph)
{
    json_object *ic = NULL, *body = NULL, *al = NULL, *parent = NULL;
    for (int hop = 0; hop < 4; hop++) {
        if (json_object_object_get_ex(set->icons, glyph, &ic) && json_object_object_get_ex(ic, "body", &body))
            return json_object_get_string(body);
        if (!set->aliases || !json_object_object_get_ex(set->aliases, glyph, &al) ||
            !json_object_object_get_ex(al, "parent", &parent))
            return NULL;
        glyph = json_object_get_string(parent);
    }
    return NULL;
}

static icon_entry *add_entry(icon_set *set, const char *name, const char *glyph)
{
    for (size_t i = 0; i < set->nmap; i++)
        if (strcmp(set->map[i].name, name) == 0) {
            char *g = strdup(glyph);
            if (!g)
                return NULL;
            free(set->map[i].glyph);
            set->map[i].glyph = g;
            dl_path_free(&set->map[i].path);
            set->map[i].parsed = 0;
            return &set->map[i];
        }
    if (set->nmap == set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 32;
        icon_entry *m = realloc(set->map, cap * sizeof *m);
        if (!m)
            return NULL;
        set->map = m;
        set->cap = cap;
    }
    icon_entry *e = &set->map[set->nmap];
    memset(e, 0, sizeof *e);
    e->name = strdup(name);
    e->glyph = strdup(glyph);
    if (!e->name || !e->glyph) {
        free(e->name);
        free(e->glyph);
        return NULL;
    }
    dl_path_init(&e->path);
    set->nmap++;
    return e;
}

int icon_map_load(icon_set *set, const char *map_xml, diag_list *diags)
{
    /* read like content: no DTD, no entities, no network, file:line errors */
    size_t errors = diags->errors;
    xmlDocPtr x = doc_parse_data(map_xml, NULL, diags);
    if (!x) {
        if (diags->errors == errors)
            diag_add(diags, DIAG_ERROR, map_xml, 0, 0, "icons", "cannot read the icon map");
        return -1;
    }
    int rc = 0;
    xmlNodePtr root = xmlDocGetRootElement(x);
    for (xmlNodePtr n = root ? root->children : NULL; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE || strcmp((const char *)n->name, "icon") != 0)
            continue;
        int oom = 0;
        char *name = doc_xml_prop(n, "name", &oom);
        char *glyph = doc_xml_prop(n, "glyph", &oom);
        if (!oom && (!name || !glyph)) {
            diag_add(diags, DIAG_ERROR, map_xml, (int)xmlGetLineNo(n), 0, "icons",
                     "an <icon> needs name and glyph");
            rc = -1;
        } else if (!oom && !glyph_body(set, glyph)) {
            diag_add(diags, DIAG_ERROR, map_xml, (int)xmlGetLineNo(n), 0, "unknown-glyph",
                     "icon \"%s\": the Game Icons set has no glyph \"%s\"", name, glyph);
            rc = -1;
        } else if (oom || !add_entry(set, name, glyph)) {
            /* a copy failed: the icon would be missing from the sheets */
            diag_add(diags, DIAG_ERROR, map_xml, (int)xmlGetLineNo(n), 0, "memory", "out of memory");
            rc = -1;
        }
        free(name);
        free(glyph);
    }
    xmlFreeDoc(x);
    return rc;
}

/* The d="..." of the body's <path>. */
static char *path_data(const char *body)
{
    const char *d = strstr(body, " d=\"");
    if (!d)
        return NULL;
    d += 4;
    const char *e = strchr(d, '"');
    return e ? strndup(d, (size_t)(e - d)) : NULL;
}

const dl_path *icon_get(const icon_set *cset, const char *name)
{
    if (!cset || !name)
        return NULL;
    /* lookups fill a cache in the set: logically const */
    icon_set *set = (icon_set *)(uintptr_t)cset;
    icon_entry *e = NULL;
    for (size_t i = 0; i < set->nmap && !e; i++)
        if (strcmp(set->map[i].name, name) == 0)
            e = &set->map[i];
    if (!e) {
        if (!glyph_body(set, name))
            return NULL;
        e = add_entry(set, name, name);
        if (!e)
            return NULL;
    }
    if (!e->parsed) {
        const char *body = glyph_body(set, e->glyph);
        char *d = body ? path_data(body) : NULL;
        e->parsed = d && icon_parse_svg_path(d, 1.0 / set->canvas, &e->path) == 0 ? 1 : -1;
        free(d);
    }
    return e->parsed == 1 ? &e->path : NULL;
}

const char *icon_credit(const icon_set *set)
{
    (void)set;
    return "Icons: Game Icons (game-icons.net) by Lorc, Delapouite and contributors, CC BY 3.0";
}
