/* pdf_post.c — link annotations, /Lang, page boxes and viewer preferences
 * added with libqpdf's C API; the bytes print does not need taken out (font
 * hinting, digits, repeated ToUnicode maps), object streams. */
#include "pdf_post.h"

#include <qpdf/qpdf-c.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"

static qpdf_oh rect_array(qpdf_data q, double x0, double y0, double x1, double y1)
{
    qpdf_oh a = qpdf_oh_new_array(q);
    double v[4] = {x0, y0, x1, y1};
    for (int i = 0; i < 4; i++)
        qpdf_oh_append_item(q, a, qpdf_oh_new_real_from_double(q, v[i], 2));
    return a;
}

/* A dl_rect (top-left origin) as a PDF rectangle on a page of height h. */
static qpdf_oh page_rect(qpdf_data q, const dl_rect *r, double h)
{
    return rect_array(q, r->x0, h - r->y1, r->x1, h - r->y0);
}

static int report(qpdf_data q, const char *path, diag_list *diags)
{
    int failed = 0;
    while (qpdf_more_warnings(q)) {
        qpdf_error e = qpdf_next_warning(q);
        diag_add(diags, DIAG_WARNING, path, 0, 0, "pdf", "qpdf: %s", qpdf_get_error_full_text(q, e));
    }
    if (qpdf_has_error(q)) {
        qpdf_error e = qpdf_get_error(q);
        diag_add(diags, DIAG_ERROR, path, 0, 0, "pdf", "qpdf: %s", qpdf_get_error_full_text(q, e));
        failed = 1;
    }
    return failed;
}

/* ---- TrueType hinting, dropped from embedded subsets -------------------- */

/* The hinting of a TrueType font (the fpgm, prep and cvt programs and each
 * glyph's instructions) fits outlines to a screen's pixel grid at small
 * sizes; a print RIP and a viewer at print resolution draw the outlines as
 * they are (poppler and pdf.js ignore it), and it was a third of every font
 * subset cairo and libharu embed: 2.5 KB of programs copied into each of a
 * sheet's seven subsets, the smallest of which show one glyph. */

static unsigned rd16(const unsigned char *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static unsigned long rd32(const unsigned char *p)
{
    return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 | (unsigned long)p[2] << 8 | p[3];
}

static void wr16(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)(v >> 8);
    p[1] = (unsigned char)v;
}

static void wr32(unsigned char *p, unsigned long v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

static unsigned long tt_checksum(const unsigned char *p, size_t len)
{
    unsigned long sum = 0;
    for (size_t i = 0; i < len; i += 4) {
        unsigned char w[4] = {0, 0, 0, 0};
        memcpy(w, p + i, len - i < 4 ? len - i : 4);
        sum = (sum + rd32(w)) & 0xFFFFFFFFUL;
    }
    return sum;
}

typedef struct tt_table {
    unsigned char tag[4];
    const unsigned char *data;
    size_t len;
    unsigned char *own;     /* rewritten copy, or NULL */
} tt_table;

static tt_table *tt_find(tt_table *t, int n, const char *tag)
{
    for (int i = 0; i < n; i++)
        if (memcmp(t[i].tag, tag, 4) == 0)
            return &t[i];
    return NULL;
}

/* The length of the glyph at p (len bytes) without its instructions, written
 * to out (room for len bytes); 0 for an empty glyph, -1 when malformed. */
static long glyph_unhinted(const unsigned char *p, size_t len, unsigned char *out)
{
    if (len == 0)
        return 0;
    if (len < 10)
        return -1;
    int contours = (int)(short)rd16(p);
    size_t o = 10;
    if (contours >= 0) {
        o += 2 * (size_t)contours;
        if (o + 2 > len)
            return -1;
        size_t ilen = rd16(p + o);
        if (o + 2 + ilen > len)
            return -1;
        memcpy(out, p, o);
        wr16(out + o, 0);
        memcpy(out + o + 2, p + o + 2 + ilen, len - o - 2 - ilen);
        return (long)(len - ilen);
    }
    /* composite: its components, each flag told that no instructions follow */
    memcpy(out, p, len);
    unsigned flags;
    do {
        if (o + 4 > len)
            return -1;
        flags = rd16(p + o);
        wr16(out + o, flags & ~0x100u);   /* WE_HAVE_INSTRUCTIONS */
        o += 4 + (flags & 1 ? 4 : 2) + (flags & 8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
    } while (flags & 0x20);   /* MORE_COMPONENTS */
    return o <= len ? (long)o : -1;
}

/* ttf without its hinting, or NULL: *nomem tells an allocation that failed
 * from a font this does not read. */
static unsigned char *tt_unhint(const unsigned char *ttf, size_t len, size_t *outlen, int *nomem)
{
    enum { MAXT = 64 };
    if (len < 12 || (rd32(ttf) != 0x00010000UL && memcmp(ttf, "true", 4) != 0))
        return NULL;
    int n = (int)rd16(ttf + 4);
    if (n > MAXT || 12 + 16 * (size_t)n > len)
        return NULL;
    tt_table t[MAXT];
    int nt = 0;
    for (int i = 0; i < n; i++) {
        const unsigned char *r = ttf + 12 + 16 * i;
        unsigned long off = rd32(r + 8), l = rd32(r + 12);
        if (off > len || l > len - off)
            return NULL;
        /* the hinting programs and the tables computed from them */
        if (!memcmp(r, "fpgm", 4) || !memcmp(r, "prep", 4) || !memcmp(r, "cvt ", 4) ||
            !memcmp(r, "hdmx", 4) || !memcmp(r, "LTSH", 4) || !memcmp(r, "VDMX", 4))
            continue;
        memcpy(t[nt].tag, r, 4);
        t[nt].data = ttf + off;
        t[nt].len = l;
        t[nt].own = NULL;
        nt++;
    }
    tt_table *head = tt_find(t, nt, "head"), *maxp = tt_find(t, nt, "maxp");
    tt_table *loca = tt_find(t, nt, "loca"), *glyf = tt_find(t, nt, "glyf");
    if (!head || head->len < 54 || !maxp || maxp->len < 6 || !loca || !glyf)
        return NULL;
    int longloca = rd16(head->data + 50) == 1;
    size_t nglyphs = rd16(maxp->data + 4);
    if (loca->len < (nglyphs + 1) * (longloca ? 4 : 2))
        return NULL;
    unsigned char *ng = malloc(glyf->len + 4 * nglyphs + 4);
    unsigned char *nl = malloc((nglyphs + 1) * (longloca ? 4 : 2));
    unsigned char *nh = malloc(head->len);
    unsigned char *nm = malloc(maxp->len);
    unsigned char *out = NULL;
    if (!ng || !nl || !nh || !nm) {
        *nomem = 1;
        goto fail;
    }
    size_t go = 0;
    for (size_t g = 0; g <= nglyphs; g++) {
        if (longloca)
            wr32(nl + 4 * g, go);
        else
            wr16(nl + 2 * g, (unsigned)(go / 2));
        if (g == nglyphs)
            break;
        size_t a = longloca ? rd32(loca->data + 4 * g) : 2 * (size_t)rd16(loca->data + 2 * g);
        size_t b = longloca ? rd32(loca->data + 4 * g + 4) : 2 * (size_t)rd16(loca->data + 2 * g + 2);
        if (a > b || b > glyf->len)
            goto fail;
        long gl = glyph_unhinted(glyf->data + a, b - a, ng + go);
        if (gl < 0)
            goto fail;
        go += (size_t)gl;
        while (go % 4)   /* even offsets for a short loca; 4 as fonts do */
            ng[go++] = 0;
    }
    if (!longloca && go / 2 > 0xFFFF)
        goto fail;
    glyf->own = ng, glyf->len = go, ng = NULL;
    loca->own = nl, nl = NULL;
    memcpy(nm, maxp->data, maxp->len);
    if (maxp->len >= 32)   /* maxZones 1, no twilight, storage, functions, stack or instructions */
        for (size_t k = 14; k < 28; k += 2)
            wr16(nm + k, k == 14 ? 1 : 0);
    maxp->own = nm, nm = NULL;
    memcpy(nh, head->data, head->len);
    wr32(nh + 8, 0);   /* checkSumAdjustment, set below */
    head->own = nh, nh = NULL;

    size_t total = 12 + 16 * (size_t)nt;
    for (int i = 0; i < nt; i++)
        total += (t[i].len + 3) & ~(size_t)3;
    out = calloc(1, total);
    if (!out) {
        *nomem = 1;
        goto fail;
    }
    memcpy(out, ttf, 4);
    int es = 0;
    while ((2 << es) <= nt)
        es++;
    wr16(out + 4, (unsigned)nt);
    wr16(out + 6, (unsigned)(16 << es));
    wr16(out + 8, (unsigned)es);
    wr16(out + 10, (unsigned)(16 * nt - (16 << es)));
    size_t o = 12 + 16 * (size_t)nt;
    unsigned char *headout = NULL;
    for (int i = 0; i < nt; i++) {
        const unsigned char *src = t[i].own ? t[i].own : t[i].data;
        unsigned char *r = out + 12 + 16 * i;
        memcpy(r, t[i].tag, 4);
        memcpy(out + o, src, t[i].len);
        wr32(r + 4, tt_checksum(out + o, t[i].len));
        wr32(r + 8, o);
        wr32(r + 12, t[i].len);
        if (&t[i] == head)
            headout = out + o;
        o += (t[i].len + 3) & ~(size_t)3;
    }
    wr32(headout + 8, (0xB1B0AFBAUL - tt_checksum(out, total)) & 0xFFFFFFFFUL);
    *outlen = total;
fail:
    for (int i = 0; i < nt; i++)
        free(t[i].own);
    free(ng);
    free(nl);
    free(nh);
    free(nm);
    return out;
}

int pdf_post_unhint_ttf(const unsigned char *ttf, size_t len, unsigned char **out, size_t *outlen)
{
    int nomem = 0;
    *out = tt_unhint(ttf, len, outlen, &nomem);
    return *out ? 1 : nomem ? -1 : 0;
}

/* Stream st's decoded data put through fn (pdf_post_unhint_ttf,
 * pdf_post_round_content: 1 rewritten, 0 left alone, -1 out of memory) and
 * stored back, to be compressed when written. 1 rewritten (its new length in
 * *newlen), 0 left as it was, -1 out of memory. */
static int rewrite_stream(qpdf_data q, qpdf_oh st,
                          int (*fn)(const unsigned char *, size_t, unsigned char **, size_t *), size_t *newlen)
{
    unsigned char *data = NULL, *r = NULL;
    size_t len = 0;
    QPDF_BOOL filtered = QPDF_FALSE;
    int rc = 0;
    if (qpdf_oh_is_stream(q, st) &&
        !(qpdf_oh_get_stream_data(q, st, qpdf_dl_generalized, &filtered, &data, &len) & QPDF_ERRORS) && filtered &&
        (rc = fn(data, len, &r, newlen)) == 1)
        qpdf_oh_replace_stream_data(q, st, r, *newlen, qpdf_oh_new_null(q), qpdf_oh_new_null(q));
    free(r);
    free(data);
    return rc;
}

/* The font descriptor's TrueType font (FontFile2) without its hinting;
 * /Length1 is the font's own length. 0, or -1 out of memory. */
static int unhint_font(qpdf_data q, qpdf_oh fd)
{
    qpdf_oh ff = qpdf_oh_get_key(q, fd, "/FontFile2");
    size_t nlen = 0;
    int rc = rewrite_stream(q, ff, pdf_post_unhint_ttf, &nlen);
    if (rc == 1)
        qpdf_oh_replace_key(q, qpdf_oh_get_dict(q, ff), "/Length1", qpdf_oh_new_integer(q, (long long)nlen));
    return rc < 0 ? -1 : 0;
}

/* ---- content streams: numbers to the precision print needs ------------- */

/* cairo writes text matrices and colours with six decimals and path points
 * with three: 36.850394 where 36.85 puts the glyph within 0.005 pt (1.8 µm,
 * a tenth of a 2400 dpi device pixel). Each operator's operands keep the
 * decimals its unit needs: page coordinates two, text-space moves (em) and
 * line widths three, colours three (1/255 is 0.0039), matrix scales five
 * significant digits. Strings, names, arrays (TJ's kerning) and everything
 * else are copied as they are. */

typedef struct cs_tok {
    size_t at, len;
    char kind;          /* 'n' number, 'o' operator, 'x' anything else */
    signed char keep;   /* decimals to keep (numbers), -1: as it is, -2: significant */
} cs_tok;

static int cs_delim(unsigned char c)
{
    return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' ||
           c == '/' || c == '%';
}

static int cs_space(unsigned char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0';
}

/* The end of the token that starts at s[i] (not a space), or 0 when the
 * stream holds what this does not read (an inline image, an unclosed
 * string). */
static size_t cs_token_end(const unsigned char *s, size_t n, size_t i, char *kind)
{
    *kind = 'x';
    if (s[i] == '%') {
        while (i < n && s[i] != '\n' && s[i] != '\r')
            i++;
        return i;
    }
    if (s[i] == '(') {
        int depth = 0;
        for (; i < n; i++) {
            if (s[i] == '\\')
                i++;
            else if (s[i] == '(')
                depth++;
            else if (s[i] == ')' && --depth == 0)
                return i + 1;
        }
        return 0;
    }
    if (s[i] == '<' || s[i] == '>') {
        if (i + 1 < n && s[i + 1] == s[i])
            return i + 2;
        if (s[i] == '>')
            return 0;
        while (i < n && s[i] != '>')
            i++;
        return i < n ? i + 1 : 0;
    }
    if (cs_delim(s[i]) && s[i] != '/')
        return i + 1;
    size_t j = i + 1;
    while (j < n && !cs_space(s[j]) && !cs_delim(s[j]))
        j++;
    int num = 1, dots = 0;
    for (size_t k = i; k < j; k++) {
        if (s[k] == '.')
            dots++;
        else if (!((s[k] >= '0' && s[k] <= '9') || ((s[k] == '-' || s[k] == '+') && k == i)))
            num = 0;
    }
    if (s[i] != '/' && num && dots <= 1 && j - i > (size_t)dots + (s[i] == '-' || s[i] == '+'))
        *kind = 'n';
    else if (s[i] != '/') {
        *kind = 'o';
        if (j - i == 2 && (!memcmp(s + i, "BI", 2) || !memcmp(s + i, "ID", 2)))
            return 0;
    }
    return j;
}

/* The decimals operand k of nops kept by operator op (len bytes). */
static int cs_keep(const unsigned char *op, size_t len, int k, int nops)
{
    static const char *const page[] = {"m", "l", "c", "v", "y", "re"};
    static const char *const colour[] = {"rg", "RG", "g", "G", "k", "K", "sc", "SC", "scn", "SCN"};
    for (size_t i = 0; i < sizeof page / sizeof *page; i++)
        if (len == strlen(page[i]) && !memcmp(op, page[i], len))
            return 2;
    for (size_t i = 0; i < sizeof colour / sizeof *colour; i++)
        if (len == strlen(colour[i]) && !memcmp(op, colour[i], len))
            return 3;
    if (len == 2 && (!memcmp(op, "Tm", 2) || !memcmp(op, "cm", 2)) && nops == 6)
        return k < 4 ? -2 : 2;
    if (len == 2 && (!memcmp(op, "Td", 2) || !memcmp(op, "TD", 2)))
        return 3;
    if (len == 1 && op[0] == 'w')
        return 3;
    return -1;
}

/* A number token rounded to keep decimals (-2: five significant digits),
 * half away from zero, on its digits (no strtod and printf: a sheet has
 * 30 000 numbers), written to out; its length. Never longer than the
 * token. */
static size_t cs_round(const unsigned char *tok, size_t len, int keep, char *out)
{
    const unsigned char *dot = memchr(tok, '.', len);
    size_t sign = len && (tok[0] == '-' || tok[0] == '+');
    if (keep == -1 || !dot) {
        memcpy(out, tok, len);
        return len;
    }
    size_t ip = (size_t)(dot - tok) - sign, fp = len - (size_t)(dot - tok) - 1;   /* digits */
    const unsigned char *id = tok + sign, *fd = dot + 1;
    if (keep == -2) {
        size_t lead = 0;   /* significant integer digits */
        while (lead < ip && id[lead] == '0')
            lead++;
        keep = ip - lead == 0 ? 6 : ip - lead >= 5 ? 0 : 5 - (int)(ip - lead);
    }
    if (fp <= (size_t)keep) {
        memcpy(out, tok, len);
        return len;
    }
    /* the digits kept, one more place in front for a carry */
    char d[64];
    size_t nd = ip + (size_t)keep;
    if (nd + 1 >= sizeof d) {
        memcpy(out, tok, len);
        return len;
    }
    d[0] = '0';
    memcpy(d + 1, id, ip);
    memcpy(d + 1 + ip, fd, (size_t)keep);
    if (fd[keep] >= '5')
        for (size_t k = nd; k > 0; k--) {
            if (d[k] != '9') {
                d[k]++;
                break;
            }
            d[k] = '0';
            if (k == 1)
                d[0] = '1';
        }
    size_t first = d[0] == '1' ? 0 : 1, ilen = ip + 1 - first, flen = (size_t)keep;
    while (flen && d[1 + ip + flen - 1] == '0')
        flen--;
    if (ilen == 0)   /* .5: a zero in front */
        first = 0, ilen = 1;
    while (ilen > 1 && d[first] == '0')   /* 09.5 -> 9.5 */
        first++, ilen--;
    int zero = flen == 0 && ilen == 1 && d[first] == '0';
    size_t o = 0;
    if (sign && !zero && tok[0] == '-')
        out[o++] = '-';
    memcpy(out + o, d + first, ilen);
    o += ilen;
    if (flen) {
        out[o++] = '.';
        memcpy(out + o, d + 1 + ip, flen);
        o += flen;
    }
    return o;
}

/* A rounded number (at most two decimals) in hundredths, or 0 when it has
 * more or is too long. */
static int cs_hundredths(const char *p, size_t len, long long *v)
{
    long long a = 0;
    int neg = 0, dec = -1;
    for (size_t i = 0; i < len; i++) {
        if (i == 0 && (p[i] == '-' || p[i] == '+'))
            neg = p[i] == '-';
        else if (p[i] == '.' && dec < 0)
            dec = 0;
        else if (p[i] >= '0' && p[i] <= '9' && a < 100000000000LL && dec < 2) {
            a = a * 10 + (p[i] - '0');
            dec += dec >= 0;
        } else
            return 0;
    }
    for (int d = dec < 0 ? 0 : dec; d < 2; d++)
        a *= 10;
    *v = neg ? -a : a;
    return 1;
}

/* v hundredths as a PDF number, trailing zeros dropped; its length. */
static size_t cs_put_hundredths(long long v, char *out)
{
    char tmp[32];
    unsigned long long a = v < 0 ? (unsigned long long)-v : (unsigned long long)v;
    size_t n = sizeof tmp;
    unsigned frac = (unsigned)(a % 100);
    if (frac) {   /* the decimals, a trailing zero dropped */
        if (frac % 10)
            tmp[--n] = (char)('0' + frac % 10);
        tmp[--n] = (char)('0' + frac / 10);
        tmp[--n] = '.';
    }
    a /= 100;
    do
        tmp[--n] = (char)('0' + a % 10);
    while (a /= 10);
    if (v < 0 && (frac || tmp[n] != '0' || n < sizeof tmp - 1))
        tmp[--n] = '-';
    memcpy(out, tmp + n, sizeof tmp - n);
    return sizeof tmp - n;
}

static int cs_is(const unsigned char *s, const cs_tok *t, const char *op)
{
    return t->kind == 'o' && t->len == strlen(op) && memcmp(s + t->at, op, t->len) == 0;
}

/* A long path (an icon: 40 numbers and more) filled or stroked as it is
 * drawn, from token k: the index of its painting operator, or 0. */
static size_t cs_path_run(const unsigned char *s, const cs_tok *t, size_t nt, size_t k)
{
    static const char *const build[] = {"m", "l", "c", "v", "y", "h", "re"};
    static const char *const paint[] = {"f", "F", "f*", "B", "B*", "b", "b*", "S", "s"};
    if (k + 2 >= nt || t[k].kind != 'n' || t[k + 1].kind != 'n' || !cs_is(s, &t[k + 2], "m") ||
        (k > 0 && t[k - 1].kind == 'n'))
        return 0;
    size_t j = k, nums = 0;
    for (; j < nt; j++) {
        int ok = t[j].kind == 'n';
        nums += ok;
        for (size_t b = 0; !ok && b < sizeof build / sizeof *build; b++)
            ok = cs_is(s, &t[j], build[b]);
        if (!ok)
            break;
    }
    if (j == nt || nums < 40)
        return 0;
    for (size_t b = 0; b < sizeof paint / sizeof *paint; b++)
        if (cs_is(s, &t[j], paint[b]))
            return j;
    return 0;
}

/* Tokens k..end (a path and its painting operator) drawn from its first
 * point: "q 1 0 0 1 x y cm", the points less (x, y), one operator a line,
 * "Q" after. Written to out and its length when shorter than plen (the
 * tokens as rounded in place), else 0 (out untouched); SIZE_MAX out of
 * memory. */
static size_t cs_path_local(const unsigned char *s, const cs_tok *t, size_t k, size_t end, size_t plen,
                            unsigned char *out)
{
    char num[64];
    long long x0, y0, v;
    size_t l0 = cs_round(s + t[k].at, t[k].len, 2, num);
    if (!cs_hundredths(num, l0, &x0))
        return 0;
    size_t l1 = cs_round(s + t[k + 1].at, t[k + 1].len, 2, num);
    if (!cs_hundredths(num, l1, &y0))
        return 0;
    char *buf = malloc(plen + 96);
    if (!buf)
        return SIZE_MAX;
    size_t o = (size_t)snprintf(buf, 16, "q 1 0 0 1 ");
    o += cs_put_hundredths(x0, buf + o);
    buf[o++] = ' ';
    o += cs_put_hundredths(y0, buf + o);
    memcpy(buf + o, " cm\n", 4);
    o += 4;
    size_t first = k;   /* the first operand of the operator to come */
    for (size_t i = k; i <= end && o + 64 < plen + 32; i++) {
        if (t[i].kind == 'n')
            continue;   /* written with its operator, which tells x from y */
        int re = cs_is(s, &t[i], "re");
        for (size_t a = first; a < i; a++) {
            size_t l = cs_round(s + t[a].at, t[a].len, 2, num), j = a - first;
            int role = re ? (j < 2 ? (int)j : -1) : (int)(j % 2);
            if (role < 0 || !cs_hundredths(num, l, &v)) {
                memcpy(buf + o, num, l);
                o += l;
            } else {
                o += cs_put_hundredths(v - (role ? y0 : x0), buf + o);
            }
            buf[o++] = ' ';
        }
        memcpy(buf + o, s + t[i].at, t[i].len);
        o += t[i].len;
        buf[o++] = '\n';
        first = i + 1;
    }
    buf[o++] = 'Q';
    size_t r = 0;
    if (first == end + 1 && o < plen) {
        memcpy(out, buf, o);
        r = o;
    }
    free(buf);
    return r;
}

/* s rounded, or NULL: *nomem tells an allocation that failed from a stream
 * this does not read. */
static unsigned char *cs_round_all(const unsigned char *s, size_t n, size_t *outlen, int *nomem)
{
    size_t cap = 256, nt = 0;
    cs_tok *t = malloc(cap * sizeof *t);
    unsigned char *out = NULL;
    if (!t) {
        *nomem = 1;
        return NULL;
    }
    for (size_t i = 0; i < n;) {
        if (cs_space(s[i])) {
            i++;
            continue;
        }
        char kind;
        size_t e = cs_token_end(s, n, i, &kind);
        if (e == 0)
            goto done;
        if (nt == cap) {
            cs_tok *g = realloc(t, 2 * cap * sizeof *t);
            if (!g) {
                *nomem = 1;
                goto done;
            }
            t = g;
            cap *= 2;
        }
        t[nt++] = (cs_tok){i, e - i, kind, -1};
        if (kind == 'o') {   /* its operands: the numbers just before it */
            size_t k = nt - 1;
            while (k > 0 && t[k - 1].kind == 'n')
                k--;
            int nops = (int)(nt - 1 - k);
            for (size_t a = k; a < nt - 1; a++)
                t[a].keep = (signed char)cs_keep(s + i, e - i, (int)(a - k), nops);
        }
        i = e;
    }
    out = malloc(n + 1);
    if (!out) {
        *nomem = 1;
        goto done;
    }
    size_t o = 0, from = 0;
    for (size_t k = 0; k < nt; k++) {
        memcpy(out + o, s + from, t[k].at - from);   /* the spaces before it */
        o += t[k].at - from;
        size_t end = cs_path_run(s, t, nt, k);
        if (end) {   /* a long path: rounded in place, then from its first point if shorter */
            size_t start = o;
            for (size_t i = k; i <= end; i++) {
                if (i > k) {
                    memcpy(out + o, s + t[i - 1].at + t[i - 1].len, t[i].at - t[i - 1].at - t[i - 1].len);
                    o += t[i].at - t[i - 1].at - t[i - 1].len;
                }
                if (t[i].kind == 'n')
                    o += cs_round(s + t[i].at, t[i].len, t[i].keep, (char *)out + o);
                else {
                    memcpy(out + o, s + t[i].at, t[i].len);
                    o += t[i].len;
                }
            }
            size_t l = cs_path_local(s, t, k, end, o - start, out + start);
            if (l == SIZE_MAX) {
                *nomem = 1;
                free(out);
                out = NULL;
                goto done;
            }
            if (l)
                o = start + l;
            from = t[end].at + t[end].len;
            k = end;
            continue;
        }
        if (t[k].kind == 'n')
            o += cs_round(s + t[k].at, t[k].len, t[k].keep, (char *)out + o);
        else {
            memcpy(out + o, s + t[k].at, t[k].len);
            o += t[k].len;
        }
        from = t[k].at + t[k].len;
    }
    memcpy(out + o, s + from, n - from);
    *outlen = o + n - from;
done:
    free(t);
    return out;
}

int pdf_post_round_content(const unsigned char *s, size_t n, unsigned char **out, size_t *outlen)
{
    int nomem = 0;
    *out = cs_round_all(s, n, outlen, &nomem);
    return *out ? 1 : nomem ? -1 : 0;
}

/* A content stream with its numbers rounded. 0, or -1 out of memory. */
static int round_stream(qpdf_data q, qpdf_oh st)
{
    size_t rlen = 0;
    return rewrite_stream(q, st, pdf_post_round_content, &rlen) < 0 ? -1 : 0;
}

/* ---- ToUnicode maps that say what the encoding says -------------------- */

/* The Unicode value a reader gives code c of WinAnsiEncoding through its
 * glyph name (PDF 32000 annex D; 0xA0 is "space", 0xAD "hyphen"), or 0. */
static unsigned winansi_unicode(unsigned c)
{
    static const unsigned short x80[32] = {
        0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
        0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};
    if (c >= 0x20 && c < 0x7F)
        return c;
    if (c >= 0x80 && c < 0xA0)
        return x80[c - 0x80];
    if (c == 0xA0)
        return 0x20;
    if (c == 0xAD)
        return 0x2D;
    return c > 0xA0 && c <= 0xFF ? c : 0;
}

/* 1 when the ToUnicode CMap (n bytes at s) maps single-byte codes one by
 * one (bfchar) each to what WinAnsiEncoding gives it, and nothing else. */
static int tounicode_is_winansi(const unsigned char *s, size_t n)
{
    const char *m = "beginbfchar";
    size_t ml = strlen(m), pairs = 0;
    for (size_t i = 0; i + ml <= n; i++) {
        if (s[i] == 'b' && i + 12 <= n && !memcmp(s + i, "beginbfrange", 12))
            return 0;
        if (memcmp(s + i, m, ml) != 0)
            continue;
        i += ml;
        for (;;) {
            while (i < n && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r'))
                i++;
            unsigned code, uni;
            int used = 0;
            char tmp[24];
            size_t k = 0;
            while (i + k < n && k < sizeof tmp - 1 && s[i + k] != '\n' && s[i + k] != '\r')
                k++;
            memcpy(tmp, s + i, k);
            tmp[k] = '\0';
            if (sscanf(tmp, "<%2x> <%4x>%n", &code, &uni, &used) != 2 || used != 11 || tmp[used] != '\0')
                break;
            if (winansi_unicode(code) != uni)
                return 0;
            pairs++;
            i += k;
        }
        if (i + 9 > n || memcmp(s + i, "endbfchar", 9) != 0)
            return 0;
    }
    return pairs > 0;
}

/* The ToUnicode CMap of WinAnsiEncoding as winansi_unicode reads it. */
static char *winansi_cmap(size_t *len)
{
    size_t cap = 2048, o = 0;
    char *buf = malloc(cap);
    if (!buf)
        return NULL;
    o += (size_t)snprintf(buf + o, cap - o,
                          "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
                          "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
                          "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
                          "1 begincodespacerange\n<00> <ff>\nendcodespacerange\n"
                          "3 beginbfrange\n<20> <7e> <0020>\n<a1> <ac> <00a1>\n<ae> <ff> <00ae>\nendbfrange\n");
    unsigned n = 0;
    for (unsigned c = 0x80; c <= 0xAD; c++)
        n += winansi_unicode(c) && (c < 0xA1 || c == 0xAD);
    o += (size_t)snprintf(buf + o, cap - o, "%u beginbfchar\n", n);
    for (unsigned c = 0x80; c <= 0xAD; c++)
        if (winansi_unicode(c) && (c < 0xA1 || c == 0xAD))
            o += (size_t)snprintf(buf + o, cap - o, "<%02x> <%04x>\n", c, winansi_unicode(c));
    o += (size_t)snprintf(buf + o, cap - o,
                          "endbfchar\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    *len = o;
    return buf;
}

/* cairo writes a ToUnicode map for each of its latin subsets (a simple
 * TrueType font in WinAnsiEncoding), each listing the codes that font
 * shows; where a map says what the encoding says, the fonts share one map
 * of the whole encoding (*shared, made at the first) instead. Every font
 * keeps a Unicode map (a reader may not go through glyph names), and the
 * text extracts the same. */
static int share_tounicode(qpdf_data q, qpdf_oh f, qpdf_oh *shared)
{
    if (!qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, f, "/Subtype"), "/TrueType") ||
        !qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, f, "/Encoding"), "/WinAnsiEncoding"))
        return 0;
    int rc = 0;
    qpdf_oh tu = qpdf_oh_get_key(q, f, "/ToUnicode");
    unsigned char *cmap = NULL;
    size_t len = 0;
    QPDF_BOOL filtered = QPDF_FALSE;
    if (qpdf_oh_is_stream(q, tu) &&
        !(qpdf_oh_get_stream_data(q, tu, qpdf_dl_generalized, &filtered, &cmap, &len) & QPDF_ERRORS) && filtered &&
        tounicode_is_winansi(cmap, len)) {
        size_t wl = 0;
        char *w = *shared ? NULL : winansi_cmap(&wl);
        if (w) {
            qpdf_oh st = qpdf_oh_new_stream(q);
            qpdf_oh_replace_stream_data(q, st, (unsigned char const *)w, wl, qpdf_oh_new_null(q), qpdf_oh_new_null(q));
            *shared = qpdf_make_indirect_object(q, st);
            free(w);
        } else if (!*shared) {
            rc = -1;
        }
        if (*shared)
            qpdf_oh_replace_key(q, f, "/ToUnicode", *shared);
    }
    free(cmap);
    return rc;
}

/* The bytes pdf_post takes out, in one pass over the objects (each object
 * read once): fonts without hinting, latin subsets sharing one ToUnicode
 * map, the numbers of every page's and form's content rounded. 0, or -1
 * out of memory (the file would differ from the one written with memory). */
static int lighten(qpdf_data q)
{
    long long size = qpdf_oh_get_int_value(q, qpdf_oh_get_key(q, qpdf_get_trailer(q), "/Size"));
    unsigned char *done = calloc((size_t)(size > 0 ? size : 1), 1);   /* streams rounded */
    if (!done)
        return -1;
    int rc = 0;
    int npages = qpdf_get_num_pages(q);
    for (int p = 0; p < npages; p++) {
        qpdf_oh list = qpdf_oh_get_key(q, qpdf_get_page_n(q, (size_t)p), "/Contents");
        int one = qpdf_oh_is_stream(q, list);
        int count = one ? 1 : qpdf_oh_is_array(q, list) ? qpdf_oh_get_array_n_items(q, list) : 0;
        for (int k = 0; k < count; k++) {
            qpdf_oh st = one ? list : qpdf_oh_get_array_item(q, list, k);
            int sid = qpdf_oh_get_object_id(q, st);
            if (qpdf_oh_is_stream(q, st) && sid > 0 && sid < size && !done[sid]) {
                done[sid] = 1;
                rc |= round_stream(q, st);
            }
        }
    }
    qpdf_oh shared = 0;
    for (int id = 1; id < size; id++) {
        qpdf_oh o = qpdf_get_object_by_id(q, id, 0);
        if (qpdf_oh_is_dictionary(q, o)) {
            qpdf_oh type = qpdf_oh_get_key(q, o, "/Type");
            if (qpdf_oh_is_name_and_equals(q, type, "/FontDescriptor"))
                rc |= unhint_font(q, o);
            else if (qpdf_oh_is_name_and_equals(q, type, "/Font"))
                rc |= share_tounicode(q, o, &shared);
        } else if (qpdf_oh_is_stream(q, o) && !done[id]) {
            qpdf_oh dict = qpdf_oh_get_dict(q, o);
            qpdf_oh pt = qpdf_oh_get_key(q, dict, "/PatternType");
            if (qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, dict, "/Subtype"), "/Form") ||
                (qpdf_oh_is_integer(q, pt) && qpdf_oh_get_int_value(q, pt) == 1))
                rc |= round_stream(q, o);
        }
    }
    free(done);
    return rc ? -1 : 0;
}

/* A ToUnicode CMap for CID = code point, for the code points shown. */
static char *tounicode_cmap(const unsigned *cps, size_t n, size_t *len)
{
    size_t cap = 512 + n * 24 + (n / 100 + 1) * 32;
    char *buf = malloc(cap);
    if (!buf)
        return NULL;
    size_t o = 0;
    o += (size_t)snprintf(buf + o, cap - o,
                          "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
                          "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
                          "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
                          "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
    for (size_t i = 0; i < n; i += 100) {
        size_t k = n - i < 100 ? n - i : 100;
        o += (size_t)snprintf(buf + o, cap - o, "%zu beginbfchar\n", k);
        for (size_t j = i; j < i + k; j++)
            o += (size_t)snprintf(buf + o, cap - o, "<%04X> <%04X>\n", cps[j], cps[j]);
        o += (size_t)snprintf(buf + o, cap - o, "endbfchar\n");
    }
    o += (size_t)snprintf(buf + o, cap - o,
                          "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    *len = o;
    return buf;
}

static void fix_tounicode(qpdf_data q, const pdf_post_spec *spec)
{
    size_t len = 0;
    char *cmap = tounicode_cmap(spec->codepoints, spec->ncodepoints, &len);
    if (!cmap)
        return;
    qpdf_oh stream = qpdf_oh_new_stream(q);
    qpdf_oh_replace_stream_data(q, stream, (unsigned char const *)cmap, len, qpdf_oh_new_null(q),
                                qpdf_oh_new_null(q));
    free(cmap);
    stream = qpdf_make_indirect_object(q, stream);
    int npages = qpdf_get_num_pages(q);
    for (int p = 0; p < npages; p++) {
        qpdf_oh page = qpdf_get_page_n(q, (size_t)p);
        qpdf_oh res = qpdf_oh_get_key(q, page, "/Resources");
        qpdf_oh fonts = qpdf_oh_get_key(q, res, "/Font");
        if (!qpdf_oh_is_dictionary(q, fonts))
            continue;
        /* the key iterator is shared state: collect the keys first */
        char *keys[64];
        int nk = 0;
        qpdf_oh_begin_dict_key_iter(q, fonts);
        while (qpdf_oh_dict_more_keys(q) && nk < 64)
            keys[nk++] = strdup(qpdf_oh_dict_next_key(q));
        for (int k = 0; k < nk; k++) {
            qpdf_oh f = keys[k] ? qpdf_oh_get_key(q, fonts, keys[k]) : 0;
            if (f && qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, f, "/Subtype"), "/Type0") &&
                qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, f, "/Encoding"), "/Identity-H"))
                qpdf_oh_replace_key(q, f, "/ToUnicode", stream);
            free(keys[k]);
        }
    }
}

int pdf_post_write(const char *path, const unsigned char *pdf, size_t len, const pdf_post_spec *spec,
                   diag_list *diags)
{
    qpdf_data q = qpdf_init();
    qpdf_silence_errors(q);
    if (qpdf_read_memory(q, path, (const char *)pdf, (unsigned long long)len, NULL) & QPDF_ERRORS) {
        report(q, path, diags);
        qpdf_cleanup(&q);
        return -1;
    }
    qpdf_oh root = qpdf_get_root(q);
    if (spec->lang)
        qpdf_oh_replace_key(q, root, "/Lang", qpdf_oh_new_unicode_string(q, spec->lang));
    if (spec->print_scaling_none || spec->duplex) {
        qpdf_oh vp = qpdf_oh_new_dictionary(q);
        if (spec->print_scaling_none)
            qpdf_oh_replace_key(q, vp, "/PrintScaling", qpdf_oh_new_name(q, "/None"));
        if (spec->duplex) {
            char name[64];
            snprintf(name, sizeof name, "/%s", spec->duplex);
            qpdf_oh_replace_key(q, vp, "/Duplex", qpdf_oh_new_name(q, name));
        }
        qpdf_oh_replace_key(q, root, "/ViewerPreferences", vp);
    }
    if (spec->fix_tounicode && spec->ncodepoints)
        fix_tounicode(q, spec);
    if (lighten(q) != 0) {
        diag_add(diags, DIAG_ERROR, path, 0, 0, "memory", "out of memory");
        qpdf_cleanup(&q);
        return -1;
    }
    int npages = qpdf_get_num_pages(q);
    for (size_t i = 0; spec->pages && i < spec->npages && (int)i < npages; i++) {
        const pdf_post_page *pp = &spec->pages[i];
        qpdf_oh page = qpdf_get_page_n(q, i);
        if (pp->has_trim)
            qpdf_oh_replace_key(q, page, "/TrimBox", page_rect(q, &pp->trim, pp->height));
        if (pp->has_bleed)
            qpdf_oh_replace_key(q, page, "/BleedBox", page_rect(q, &pp->bleed, pp->height));
    }
    for (size_t i = 0; i < spec->nlinks; i++) {
        const pdf_post_link *pl = &spec->links[i];
        if (pl->page < 0 || pl->page >= npages)
            continue;
        double h = spec->pages && (size_t)pl->page < spec->npages ? spec->pages[pl->page].height : 842;
        qpdf_oh page = qpdf_get_page_n(q, (size_t)pl->page);
        qpdf_oh annot = qpdf_oh_new_dictionary(q);
        qpdf_oh_replace_key(q, annot, "/Type", qpdf_oh_new_name(q, "/Annot"));
        qpdf_oh_replace_key(q, annot, "/Subtype", qpdf_oh_new_name(q, "/Link"));
        qpdf_oh_replace_key(q, annot, "/Rect", page_rect(q, &pl->link.rect, h));
        qpdf_oh border = qpdf_oh_new_array(q);
        for (int k = 0; k < 3; k++)
            qpdf_oh_append_item(q, border, qpdf_oh_new_integer(q, 0));
        qpdf_oh_replace_key(q, annot, "/Border", border);
        if (pl->link.uri) {
            qpdf_oh act = qpdf_oh_new_dictionary(q);
            qpdf_oh_replace_key(q, act, "/S", qpdf_oh_new_name(q, "/URI"));
            qpdf_oh_replace_key(q, act, "/URI", qpdf_oh_new_unicode_string(q, pl->link.uri));
            qpdf_oh_replace_key(q, annot, "/A", act);
        } else if (pl->link.page >= 0 && pl->link.page < npages) {
            double th = spec->pages && (size_t)pl->link.page < spec->npages ? spec->pages[pl->link.page].height
                                                                             : 842;
            qpdf_oh dest = qpdf_oh_new_array(q);
            qpdf_oh_append_item(q, dest, qpdf_get_page_n(q, (size_t)pl->link.page));
            qpdf_oh_append_item(q, dest, qpdf_oh_new_name(q, "/XYZ"));
            qpdf_oh_append_item(q, dest, qpdf_oh_new_null(q));
            qpdf_oh_append_item(q, dest, qpdf_oh_new_real_from_double(q, th - pl->link.y, 2));
            qpdf_oh_append_item(q, dest, qpdf_oh_new_null(q));
            qpdf_oh_replace_key(q, annot, "/Dest", dest);
        } else {
            continue;
        }
        qpdf_oh ind = qpdf_make_indirect_object(q, annot);
        qpdf_oh annots = qpdf_oh_get_key(q, page, "/Annots");
        if (!qpdf_oh_is_array(q, annots)) {
            annots = qpdf_oh_new_array(q);
            qpdf_oh_replace_key(q, page, "/Annots", annots);
        }
        qpdf_oh_append_item(q, annots, ind);
    }

    /* qpdf writes to memory and out_write_file to the disk: qpdf's own file
     * output does not notice a failed flush on close (a full disk gave a
     * truncated file and success) */
    int rc = -1;
    if (!(qpdf_init_write_memory(q) & QPDF_ERRORS)) {
        qpdf_set_deterministic_ID(q, QPDF_TRUE);
        /* the dictionaries (fonts, pages, annotations) in object streams and
         * the xref as a compressed stream: PDF 1.5, which every current viewer
         * and print RIP reads; a tenth of a sheet's bytes */
        qpdf_set_object_stream_mode(q, qpdf_o_generate);
        qpdf_set_compress_streams(q, QPDF_TRUE);
        if (!(qpdf_write(q) & QPDF_ERRORS))
            rc = 0;
    }
    if (report(q, path, diags))
        rc = -1;
    if (rc == 0)
        rc = out_write_file(path, qpdf_get_buffer(q), (size_t)qpdf_get_buffer_length(q), diags);
    qpdf_cleanup(&q);
    return rc;
}
