/* icon.c — Game Icons: JSON set, game maps, SVG path data → dl_path. */
#include "icon.h"

#include "doc.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct icon_entry {
    char *name;        /* content name or glyph name */
    char *glyph;       /* glyph in the set */
    dl_path path;
    int parsed;        /* 1 ok, -1 failed */
} icon_entry;

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

/* The set's JSON (6.4 MB, 4,000 icons of which a game uses a few dozen) is
 * not parsed into a tree: it is mapped, checked and scanned once per process
 * into an index of names and the offsets of their values, and a glyph's body
 * is read from the file when a game asks for it. A json-c tree of the file
 * was 10 MiB of heap in every build, a quarter of the memory target. */

typedef struct json_member {
    const char *name;       /* in the index's name pool, unescaped */
    size_t at, len;         /* the value's offset in the file, and its length */
} json_member;

typedef struct icon_json {
    char path[4096];
    struct stat st;         /* the file indexed: a changed file is read again */
    const char *data;       /* the file, while it is scanned */
    size_t len;
    int fd;                 /* the file, open to read a value back */
    json_member *icons, *aliases;
    size_t nicons, naliases;
    char *pool;             /* the members' names */
    int width_kind;         /* 0 none, 1 a number, -1 not a number */
    double width;
    int refs;
} icon_json;

struct icon_set {
    icon_json *json;
    double canvas;
    icon_entry *map;   /* content name → glyph, and glyph-name lookups */
    size_t nmap, cap;
};

#define JSON_MAX_DEPTH 64

static const char *json_ws(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p;
}

/* p at an opening quote: just past the closing one, or NULL. The strings
 * are most of the set's 6.4 MB (each icon's SVG body), so the quote and
 * the escapes before it are found with memchr rather than byte by byte;
 * a raw control character, which JSON forbids, is refused where a string
 * is read (json_unescape), not where it is only skipped. */
static const char *json_str_end(const char *p, const char *e)
{
    for (p++; p < e;) {
        const char *q = memchr(p, '"', (size_t)(e - p));
        if (!q)
            return NULL;
        const char *bs = memchr(p, '\\', (size_t)(q - p));
        if (!bs)
            return q + 1;
        p = bs + 2; /* past the escaped character, which may be a quote */
    }
    return NULL;
}

/* Past one value (string, number, literal, object or array), or NULL. */
static const char *json_skip(const char *p, const char *e, int depth)
{
    p = json_ws(p, e);
    if (p == e || depth > JSON_MAX_DEPTH)
        return NULL;
    if (*p == '"')
        return json_str_end(p, e);
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        p = json_ws(p + 1, e);
        if (p < e && *p == close)
            return p + 1;
        for (;;) {
            if (close == '}') {
                if (p == e || *p != '"' || !(p = json_str_end(p, e)))
                    return NULL;
                p = json_ws(p, e);
                if (p == e || *p++ != ':')
                    return NULL;
            }
            if (!(p = json_skip(p, e, depth + 1)))
                return NULL;
            p = json_ws(p, e);
            if (p < e && *p == ',') {
                p = json_ws(p + 1, e);
                continue;
            }
            return p < e && *p == close ? p + 1 : NULL;
        }
    }
    const char *q = p;
    while (q < e && (isalnum((unsigned char)*q) || *q == '-' || *q == '+' || *q == '.'))
        q++;
    return q > p ? q : NULL;
}

/* The string from its opening quote p to just past its closing quote q,
 * unescaped (\uXXXX and surrogate pairs as UTF-8); caller frees. NULL with
 * *malformed set for a bad escape or a raw control character, NULL alone
 * when memory ran out (errno is no witness: not every allocator sets it). */
static char *json_unescape(const char *p, const char *q, int *malformed)
{
    char *out = malloc((size_t)(q - p) + 1), *o = out;
    *malformed = 0;
    if (!out)
        return NULL;
    for (p++, q--; p < q; p++) {
        if ((unsigned char)*p < 0x20) {
            free(out);
            *malformed = 1;
            return NULL;
        }
        if (*p != '\\') {
            *o++ = *p;
            continue;
        }
        char c = *++p;
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t", *k = strchr(from, c);
        if (c && k) {
            *o++ = to[k - from];
            continue;
        }
        unsigned long u = 0;
        if (c != 'u' || q - p < 5 || sscanf(p + 1, "%4lx", &u) != 1) {
            free(out);
            *malformed = 1;
            return NULL;
        }
        p += 4;
        unsigned long lo = 0;
        if (u >= 0xD800 && u < 0xDC00 && q - p >= 7 && p[1] == '\\' && p[2] == 'u' &&
            sscanf(p + 3, "%4lx", &lo) == 1 && lo >= 0xDC00 && lo < 0xE000) {
            u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
            p += 6;
        }
        if (u < 0x80) {
            *o++ = (char)u;
        } else if (u < 0x800) {
            *o++ = (char)(0xC0 | u >> 6);
            *o++ = (char)(0x80 | (u & 0x3F));
        } else if (u < 0x10000) {
            *o++ = (char)(0xE0 | u >> 12);
            *o++ = (char)(0x80 | (u >> 6 & 0x3F));
            *o++ = (char)(0x80 | (u & 0x3F));
        } else {
            *o++ = (char)(0xF0 | u >> 18);
            *o++ = (char)(0x80 | (u >> 12 & 0x3F));
            *o++ = (char)(0x80 | (u >> 6 & 0x3F));
            *o++ = (char)(0x80 | (u & 0x3F));
        }
    }
    *o = '\0';
    return out;
}

/* Calls fn for each member of the object at p: its key (from its opening
 * quote to past its closing one) and its value's start; fn reads or skips
 * the value and returns the end of it, or NULL to stop. (fn reads the value
 * itself so that the icons object, most of the set's 6.4 MB, is walked once
 * while it is indexed, not once skipped and again indexed.) Past the object,
 * or NULL when it is not a well-formed object or fn stopped. */
typedef const char *json_member_fn(void *ctx, const char *k, const char *kend, const char *v, const char *e);

static const char *json_members(const char *p, const char *e, json_member_fn *fn, void *ctx)
{
    p = json_ws(p, e);
    if (p == e || *p != '{')
        return NULL;
    p = json_ws(p + 1, e);
    if (p < e && *p == '}')
        return p + 1;
    for (;;) {
        const char *k = p, *kend;
        if (p == e || *p != '"' || !(kend = json_str_end(p, e)))
            return NULL;
        p = json_ws(kend, e);
        if (p == e || *p++ != ':')
            return NULL;
        if (!(p = fn(ctx, k, kend, json_ws(p, e), e)))
            return NULL;
        p = json_ws(p, e);
        if (p < e && *p == ',') {
            p = json_ws(p + 1, e);
            continue;
        }
        return p < e && *p == '}' ? p + 1 : NULL;
    }
}

static int key_is(const char *k, const char *kend, const char *name)
{
    size_t n = strlen(name);
    return (size_t)(kend - k) == n + 2 && memcmp(k + 1, name, n) == 0;
}

/* The member lists being filled while the file is scanned. */
typedef struct json_scan {
    icon_json *j;
    json_member *list;
    size_t n, cap;
    char **names;           /* unescaped names, pooled afterwards */
    int oom;                /* stopped for memory, not for the JSON */
} json_scan;

static const char *add_member(void *ctx, const char *k, const char *kend, const char *v, const char *e)
{
    json_scan *sc = ctx;
    const char *vend = json_skip(v, e, 1);
    if (!vend)
        return NULL;
    if (sc->n == sc->cap) {
        size_t cap = sc->cap ? 2 * sc->cap : 1024;
        json_member *l = realloc(sc->list, cap * sizeof *l);
        char **nm = realloc(sc->names, cap * sizeof *nm);
        if (l)
            sc->list = l;
        if (nm)
            sc->names = nm;
        if (!l || !nm)
            return sc->oom = 1, NULL;
        sc->cap = cap;
    }
    int malformed;
    char *name = json_unescape(k, kend, &malformed);
    if (!name)
        return sc->oom = !malformed, NULL;
    sc->names[sc->n] = name;
    sc->list[sc->n++] = (json_member){NULL, (size_t)(v - sc->j->data), (size_t)(vend - v)};
    return vend;
}

static int member_cmp(const void *a, const void *b)
{
    return strcmp(((const json_member *)a)->name, ((const json_member *)b)->name);
}

/* The members of the object at v, with their names pooled into *pool
 * (appended; sorted once the pool stops moving): past the object, or NULL,
 * with *oom set when memory ran out. */
static const char *index_object(icon_json *j, const char *v, json_member **out, size_t *n, char **pool,
                                size_t *poollen, int *oom)
{
    json_scan sc = {.j = j};
    const char *end = json_members(v, j->data + j->len, add_member, &sc);
    int rc = end ? 0 : -1;
    size_t need = 0;
    for (size_t i = 0; i < sc.n; i++)
        need += strlen(sc.names[i]) + 1;
    char *np = rc == 0 ? realloc(*pool, *poollen + need + 1) : NULL;
    if (np) {
        /* names point into the pool by offset until the pool stops moving */
        *pool = np;
        for (size_t i = 0; i < sc.n; i++) {
            size_t l = strlen(sc.names[i]) + 1;
            memcpy(np + *poollen, sc.names[i], l);
            sc.list[i].name = (const char *)(uintptr_t)*poollen;
            *poollen += l;
        }
    } else if (rc == 0) {
        rc = -1;
        sc.oom = 1;
    }
    *oom |= sc.oom;
    for (size_t i = 0; i < sc.n; i++)
        free(sc.names[i]);
    free(sc.names);
    if (rc != 0) {
        free(sc.list);
        return NULL;
    }
    *out = sc.list;
    *n = sc.n;
    return end;
}

/* The top level, read in one pass: "icons" and "aliases" are indexed where
 * they stand, "width" read, anything else skipped. */
typedef struct json_top {
    icon_json *j;
    char *pool;
    size_t poollen;
    int icons, aliases;     /* 1 indexed, -1 given but not an object */
    int twice;              /* either given twice */
    int oom;                /* indexing one ran out of memory */
} json_top;

static const char *top_member(void *ctx, const char *k, const char *kend, const char *v, const char *e)
{
    json_top *t = ctx;
    icon_json *j = t->j;
    int *seen = key_is(k, kend, "icons") ? &t->icons : key_is(k, kend, "aliases") ? &t->aliases : NULL;
    if (seen) {
        t->twice |= *seen != 0;
        if (!*seen && *v == '{') {
            int icons = seen == &t->icons;
            const char *end = index_object(j, v, icons ? &j->icons : &j->aliases,
                                           icons ? &j->nicons : &j->naliases, &t->pool, &t->poollen, &t->oom);
            *seen = 1;
            return end;
        }
        *seen = *seen ? *seen : -1;
    }
    const char *q = json_skip(v, e, 1);
    if (q && key_is(k, kend, "width")) {
        char *end;
        char num[64];
        j->width_kind = -1;
        if ((*v == '-' || isdigit((unsigned char)*v)) && (size_t)(q - v) < sizeof num) {
            memcpy(num, v, (size_t)(q - v));
            num[q - v] = '\0';
            j->width = strtod(num, &end);
            if (!*end)
                j->width_kind = 1;
        }
    }
    return q;
}

static void json_release(icon_json *j)
{
    if (!j || --j->refs > 0)
        return;
    if (j->data)
        munmap((void *)(uintptr_t)j->data, j->len);
    if (j->fd >= 0)
        close(j->fd);
    free(j->icons);
    free(j->aliases);
    free(j->pool);
    free(j);
}

/* Maps and indexes the set; NULL with the reason in *why. */
static icon_json *json_open(const char *path, const struct stat *st, const char **why)
{
    icon_json *j = calloc(1, sizeof *j);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    *why = j ? "cannot read the file" : "out of memory";
    if (!j || fd < 0 || st->st_size <= 0) {
        if (fd >= 0)
            close(fd);
        free(j);
        return NULL;
    }
    j->refs = 1;
    j->fd = fd;
    j->st = *st;
    snprintf(j->path, sizeof j->path, "%s", path);
    j->len = (size_t)st->st_size;
    void *m = mmap(NULL, j->len, PROT_READ, MAP_PRIVATE, fd, 0);
    if (m == MAP_FAILED) {
        close(fd);
        free(j);
        return NULL;
    }
    j->data = m;
    json_top top = {.j = j};
    const char *e = j->data + j->len, *end = json_members(j->data, e, top_member, &top);
    j->pool = top.pool;
    if (top.oom) {
        *why = "out of memory";
    } else if (!end || json_ws(end, e) != e) {
        *why = "not a JSON object";
    } else if (top.twice) {
        *why = "\"icons\" or \"aliases\" given twice";
    } else if (top.icons <= 0) {
        *why = "no \"icons\" object";
    } else if (top.aliases < 0) {
        *why = "a malformed \"aliases\" object";
    } else {
        for (size_t i = 0; i < j->nicons; i++)
            j->icons[i].name = j->pool + (uintptr_t)j->icons[i].name;
        for (size_t i = 0; i < j->naliases; i++)
            j->aliases[i].name = j->pool + (uintptr_t)j->aliases[i].name;
        /* qsort wants a real array even for none */
        if (j->nicons)
            qsort(j->icons, j->nicons, sizeof *j->icons, member_cmp);
        if (j->naliases)
            qsort(j->aliases, j->naliases, sizeof *j->aliases, member_cmp);
        /* the scan read every page; a build reads back a few dozen bodies
         * with pread (a mapping would keep whole cached folios resident) */
        munmap(m, j->len);
        j->data = NULL;
        return j;
    }
    json_release(j);
    return NULL;
}

/* Indexed at most once per process for the same file. */
static icon_json *cached_json;

void icon_cleanup(void)
{
    json_release(cached_json);
    cached_json = NULL;
}

static icon_json *shared_json(const char *path, const char **why)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        *why = strerror(errno);
        return NULL;
    }
    icon_json *j = cached_json;
    if (j && strcmp(j->path, path) == 0 && j->st.st_dev == st.st_dev && j->st.st_ino == st.st_ino &&
        j->st.st_size == st.st_size && j->st.st_mtim.tv_sec == st.st_mtim.tv_sec &&
        j->st.st_mtim.tv_nsec == st.st_mtim.tv_nsec) {
        j->refs++;
        return j;
    }
    if (!(j = json_open(path, &st, why)))
        return NULL;
    if (strlen(path) < sizeof j->path) {
        icon_cleanup();
        cached_json = j;
        j->refs++;
    }
    return j;
}

icon_set *icon_set_load(const char *json_path, diag_list *diags)
{
    const char *why = NULL;
    icon_json *j = shared_json(json_path, &why);
    if (!j) {
        diag_add(diags, DIAG_ERROR, json_path, 0, 0, "icons", "not an iconify icon set: %s", why);
        return NULL;
    }
    icon_set *set = calloc(1, sizeof *set);
    if (!set) {
        json_release(j);
        diag_add(diags, DIAG_ERROR, json_path, 0, 0, "memory", "out of memory");
        return NULL;
    }
    set->json = j;
    set->canvas = 512;
    if (j->width_kind) {
        /* a number from 1 to 100000, not a string or a fraction of a unit */
        double cw = j->width_kind > 0 ? j->width : -1;
        if (!isfinite(cw) || cw < 1 || cw > 100000) {
            diag_add(diags, DIAG_ERROR, json_path, 0, 0, "icons",
                     "the icon set's \"width\" is not a canvas size from 1 to 100000");
            json_release(j);
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
    json_release(set->json);
    free(set);
}

/* The string member key of the object at v, unescaped (caller frees), or NULL. */
typedef struct find_ctx {
    const char *key, *e;
    char *value;
} find_ctx;

static const char *find_member(void *ctx, const char *k, const char *kend, const char *v, const char *e)
{
    find_ctx *f = ctx;
    const char *q = json_skip(v, e, 1);
    if (q && !f->value && key_is(k, kend, f->key) && *v == '"')
        f->value = json_unescape(v, q, &(int){0});
    return q;
}

static char *member_string(const icon_json *j, const json_member *list, size_t n, const char *name, const char *key)
{
    json_member probe = {name, 0, 0};
    const json_member *m = name ? bsearch(&probe, list, n, sizeof *list, member_cmp) : NULL;
    if (!m)
        return NULL;
    char *buf = malloc(m->len ? m->len : 1);
    if (!buf || pread(j->fd, buf, m->len, (off_t)m->at) != (ssize_t)m->len) {
        free(buf);
        return NULL;
    }
    find_ctx f = {key, buf + m->len, NULL};
    if (!json_members(buf, f.e, find_member, &f)) {
        free(f.value);
        f.value = NULL;
    }
    free(buf);
    return f.value;
}

/* The glyph's SVG body, following aliases (caller frees), or NULL. */
static char *glyph_body(const icon_set *set, const char *glyph)
{
    char *name = glyph ? strdup(glyph) : NULL;
    for (int hop = 0; name && hop < 4; hop++) {
        char *body = member_string(set->json, set->json->icons, set->json->nicons, name, "body");
        if (body) {
            free(name);
            return body;
        }
        char *parent = member_string(set->json, set->json->aliases, set->json->naliases, name, "parent");
        free(name);
        name = parent;
    }
    free(name);
    return NULL;
}

static int glyph_known(const icon_set *set, const char *glyph)
{
    char *body = glyph_body(set, glyph);
    free(body);
    return body != NULL;
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
        } else if (!oom && !glyph_known(set, glyph)) {
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
        if (!glyph_known(set, name))
            return NULL;
        e = add_entry(set, name, name);
        if (!e)
            return NULL;
    }
    if (!e->parsed) {
        char *body = glyph_body(set, e->glyph);
        char *d = body ? path_data(body) : NULL;
        e->parsed = d && icon_parse_svg_path(d, 1.0 / set->canvas, &e->path) == 0 ? 1 : -1;
        free(d);
        free(body);
    }
    return e->parsed == 1 ? &e->path : NULL;
}

const char *icon_credit(const icon_set *set)
{
    (void)set;
    return "Icons: Game Icons (game-icons.net) by Lorc, Delapouite and contributors, CC BY 3.0";
}
