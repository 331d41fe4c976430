/* doc_load.c — the safe loader: libxml2 parse, XInclude inside the content
 * root, RelaxNG validation, and the conversion to the document tree.
 *
 * Safety: content files come from authors and translators, so a file must not
 * be able to read /etc/passwd or the network, or exhaust memory. We parse
 * with XML_PARSE_NONET and without NOENT/DTDLOAD (entities are not
 * substituted, no external DTD is read), keep libxml2's entity amplification
 * limits (no XML_PARSE_HUGE), refuse any DOCTYPE outright (content has no use
 * for one, and every entity attack needs one), and route every external load
 * through our entity loader, which allows only files below the one directory
 * the current operation may read (the content root, or the schema's folder).
 */
#include "doc.h"
#include "doc_schema.h"

#include <ctype.h>
#include <errno.h>
#include <glib.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/relaxng.h>
#include <libxml/uri.h>
#include <libxml/xinclude.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define XI_NS "http://www.w3.org/2001/XInclude"

/* ---- the external entity loader -------------------------------------- */

static char allowed_root[PATH_MAX];   /* "" = nothing may be loaded */
static xmlExternalEntityLoader default_loader;

static int path_under(const char *path, const char *root)
{
    char real[PATH_MAX];
    if (!realpath(path, real))
        return 0;
    size_t n = strlen(root);
    return strncmp(real, root, n) == 0 && (real[n] == '/' || real[n] == '\0');
}

/* A local path from a URL: plain paths and file:// only. */
static int url_to_path(const char *url, char *out, size_t outlen)
{
    if (strncmp(url, "file://", 7) == 0)
        url += 7;
    else if (strstr(url, "://"))
        return -1;
    char *unesc = xmlURIUnescapeString(url, 0, NULL);
    if (!unesc)
        return -1;
    int ok = snprintf(out, outlen, "%s", unesc) < (int)outlen;
    xmlFree(unesc);
    return ok ? 0 : -1;
}

static xmlParserInputPtr guarded_loader(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
    char path[PATH_MAX];
    if (url && allowed_root[0] && url_to_path(url, path, sizeof path) == 0 &&
        path_under(path, allowed_root))
        return default_loader(url, id, ctxt);
    /* Refused: libxml2 reports the failed load with file:line itself. */
    return NULL;
}

/* root_dir NULL puts libxml2's own loader back: the guard is ours for the
 * length of one load, and other code in the process (templates, fonts
 * manifest, the test suites) reads its files with plain xmlReadFile. */
static void loader_install(const char *root_dir)
{
    if (!default_loader)
        default_loader = xmlGetExternalEntityLoader();
    allowed_root[0] = '\0';
    if (!root_dir) {
        xmlSetExternalEntityLoader(default_loader);
        return;
    }
    xmlSetExternalEntityLoader(guarded_loader);
    {
        char real[PATH_MAX];
        if (realpath(root_dir, real))
            snprintf(allowed_root, sizeof allowed_root, "%s", real);
    }
}

/* ---- errors ------------------------------------------------------------ */

typedef struct err_ctx {
    diag_list *diags;
    const char *file;   /* fallback when libxml2 names none */
    int count;
} err_ctx;

static void on_xml_error(void *data, xmlErrorPtr err)
{
    err_ctx *ec = data;
    if (!err || err->level == XML_ERR_NONE)
        return;
    const char *file = err->file ? err->file : ec->file;
    int line = err->line;
    int col = err->int2;
    if (err->node && ((xmlNodePtr)err->node)->type == XML_ELEMENT_NODE) {
        xmlNodePtr node = err->node;
        const char *nf = doc_xml_file(node);
        if (nf)
            file = nf;
        line = doc_xml_line(node);
        col = doc_src_column(file, line, (const char *)node->name);
        if (col > 0)
            col--;   /* point at '<' */
    }
    char msg[1024];
    snprintf(msg, sizeof msg, "%s", err->message ? err->message : "XML error");
    size_t n = strlen(msg);
    while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        msg[--n] = '\0';
    diag_severity sev = err->level == XML_ERR_WARNING ? DIAG_WARNING : DIAG_ERROR;
    if (sev == DIAG_ERROR)
        ec->count++;
    diag_add(ec->diags, sev, file, line, col, err->domain == XML_FROM_RELAXNGV ? "schema" : "xml",
             "%s", msg);
}

/* ---- source columns ------------------------------------------------------ */

typedef struct src_file {
    char *name;
    char **lines;
    int nlines;
} src_file;

static src_file *src_cache;
static size_t src_ncache;

static src_file *src_get(const char *name)
{
    for (size_t i = 0; i < src_ncache; i++)
        if (strcmp(src_cache[i].name, name) == 0)
            return &src_cache[i];
    FILE *fp = fopen(name, "rb");
    if (!fp)
        return NULL;
    src_file sf = {strdup(name), NULL, 0};
    size_t cap = 0;
    char *line = NULL;
    size_t linecap = 0;
    ssize_t len;
    while ((len = getline(&line, &linecap, fp)) >= 0) {
        if ((size_t)sf.nlines == cap) {
            cap = cap ? cap * 2 : 256;
            char **p = realloc(sf.lines, cap * sizeof *p);
            if (!p)
                break;
            sf.lines = p;
        }
        sf.lines[sf.nlines++] = strdup(line);
    }
    free(line);
    fclose(fp);
    src_file *p = realloc(src_cache, (src_ncache + 1) * sizeof *p);
    if (!p) {
        for (int i = 0; i < sf.nlines; i++)
            free(sf.lines[i]);
        free(sf.lines);
        free(sf.name);
        return NULL;
    }
    src_cache = p;
    src_cache[src_ncache] = sf;
    return &src_cache[src_ncache++];
}

int doc_src_column(const char *file, int line, const char *needle)
{
    if (!file || line <= 0 || !needle)
        return 0;
    src_file *sf = src_get(file);
    if (!sf || line > sf->nlines || !sf->lines[line - 1])
        return 0;
    const char *l = sf->lines[line - 1];
    const char *hit = strstr(l, needle);
    if (!hit)
        return 0;
    /* Columns count characters, not bytes: skip UTF-8 continuation bytes. */
    int col = 1;
    for (const char *p = l; p < hit; p++)
        if (((unsigned char)*p & 0xC0) != 0x80)
            col++;
    return col;
}

static int word_byte(unsigned char c)
{
    return isalnum(c) || c >= 0x80;
}

int doc_src_find(const char *file, int *line, int *byte, const char *needle, int *col)
{
    if (!file || *line <= 0 || !needle || !*needle)
        return -1;
    src_file *sf = src_get(file);
    size_t nl = strlen(needle);
    /* a text node's tokens lie on its line or the few after it */
    for (int ln = *line; sf && ln <= sf->nlines && ln < *line + 400; ln++) {
        const char *l = sf->lines[ln - 1];
        if (!l)
            continue;
        size_t from = ln == *line ? (size_t)*byte : 0;
        if (from > strlen(l))
            continue;
        for (const char *hit = strstr(l + from, needle); hit; hit = strstr(hit + 1, needle)) {
            /* whole tokens only: "2" is not the 2 of "c2" or of "12" */
            if ((hit > l && word_byte((unsigned char)hit[-1]) && word_byte((unsigned char)needle[0])) ||
                (word_byte((unsigned char)hit[nl]) && word_byte((unsigned char)needle[nl - 1])))
                continue;
            int c = 1;
            for (const char *p = l; p < hit; p++)
                if (((unsigned char)*p & 0xC0) != 0x80)
                    c++;
            *line = ln;
            *byte = (int)(hit - l + (long)nl);
            *col = c;
            return 0;
        }
    }
    return -1;
}

const char *doc_src_line(const char *file, int line)
{
    src_file *sf = file && line > 0 ? src_get(file) : NULL;
    return sf && line <= sf->nlines ? sf->lines[line - 1] : NULL;
}

/* First line of file holding needle, or 0. */
static int src_find_line(const char *file, const char *needle)
{
    src_file *sf = src_get(file);
    for (int i = 0; sf && i < sf->nlines; i++)
        if (sf->lines[i] && strstr(sf->lines[i], needle))
            return i + 1;
    return 0;
}

/* ---- schema cache ---------------------------------------------------------- */

typedef struct schema_entry {
    char *path;
    xmlRelaxNGPtr rng;
    doc_schema_names *names;   /* for "did you mean"; NULL when unread */
} schema_entry;

static schema_entry *schemas;
static size_t nschemas;

static xmlRelaxNGPtr schema_get(const char *path, diag_list *diags, const doc_schema_names **names)
{
    for (size_t i = 0; i < nschemas; i++)
        if (strcmp(schemas[i].path, path) == 0) {
            *names = schemas[i].names;
            return schemas[i].rng;
        }
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    loader_install(dir);
    err_ctx ec = {diags, path, 0};
    xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewParserCtxt(path);
    if (!pc) {
        diag_add(diags, DIAG_ERROR, path, 0, 0, "schema", "cannot read the schema");
        return NULL;
    }
    xmlRelaxNGSetParserStructuredErrors(pc, on_xml_error, &ec);
    xmlRelaxNGPtr rng = xmlRelaxNGParse(pc);
    xmlRelaxNGFreeParserCtxt(pc);
    loader_install(NULL);
    if (!rng) {
        if (!ec.count)
            diag_add(diags, DIAG_ERROR, path, 0, 0, "schema", "the schema does not compile");
        return NULL;
    }
    schema_entry *p = realloc(schemas, (nschemas + 1) * sizeof *p);
    if (!p) {
        xmlRelaxNGFree(rng);
        diag_add(diags, DIAG_ERROR, path, 0, 0, "memory", "out of memory");
        return NULL;
    }
    schemas = p;
    /* not cached when its name cannot be kept: compiled again next time */
    if (!(schemas[nschemas].path = strdup(path))) {
        xmlRelaxNGFree(rng);
        diag_add(diags, DIAG_ERROR, path, 0, 0, "memory", "out of memory");
        return NULL;
    }
    schemas[nschemas].rng = rng;
    *names = schemas[nschemas].names = doc_schema_names_load(path);
    nschemas++;
    return rng;
}

int doc_schema_preload(const char *path)
{
    /* its diagnostics are dropped: a schema that does not compile is not
     * kept, so the first parse that needs it compiles it again and reports */
    diag_list scratch;
    diag_list_init(&scratch);
    const doc_schema_names *names = NULL;
    xmlSetStructuredErrorFunc(NULL, NULL);
    int rc = schema_get(path, &scratch, &names) ? 0 : -1;
    diag_list_free(&scratch);
    return rc;
}

void doc_loader_cleanup(void)
{
    for (size_t i = 0; i < nschemas; i++) {
        xmlRelaxNGFree(schemas[i].rng);
        free(schemas[i].path);
        doc_schema_names_free(schemas[i].names);
    }
    free(schemas);
    schemas = NULL;
    nschemas = 0;
    for (size_t i = 0; i < src_ncache; i++) {
        for (int j = 0; j < src_cache[i].nlines; j++)
            free(src_cache[i].lines[j]);
        free(src_cache[i].lines);
        free(src_cache[i].name);
    }
    free(src_cache);
    src_cache = NULL;
    src_ncache = 0;
}

/* ---- file attribution ------------------------------------------------------ */

const char *doc_xml_file(const struct _xmlNode *node)
{
    return node ? (const char *)node->_private : NULL;
}

int doc_xml_line(const struct _xmlNode *node)
{
    return node ? (int)xmlGetLineNo(node) : 0;
}

char *doc_xml_prop(const struct _xmlNode *node, const char *name, int *oom)
{
    xmlChar *v = xmlGetProp(node, (const xmlChar *)name);
    if (!v) {
        /* xmlGetProp() says NULL both for an absent attribute and when its
         * copy failed; xmlHasProp() allocates nothing and tells them apart */
        if (xmlHasProp(node, (const xmlChar *)name))
            *oom = 1;
        return NULL;
    }
    char *s = strdup((const char *)v);
    xmlFree(v);
    if (!s)
        *oom = 1;
    return s;
}

char *doc_xml_content(const struct _xmlNode *node, int *oom)
{
    xmlChar *c = xmlNodeGetContent(node);
    /* an element's content is a fresh buffer even when empty, so NULL from
     * one (or from a text node that has text) is libxml2 out of memory */
    if (!c && (node->type == XML_ELEMENT_NODE || node->content)) {
        *oom = 1;
        return NULL;
    }
    char *s = strdup(c ? (const char *)c : "");
    xmlFree(c);
    if (!s)
        *oom = 1;
    return s;
}

/* Resolves href against the file that contains the include. */
static char *resolve_href(const char *href, const char *base_file)
{
    xmlChar *u = xmlBuildURI((const xmlChar *)href, (const xmlChar *)base_file);
    if (!u)
        return NULL;
    char path[PATH_MAX];
    char *res = NULL;
    if (url_to_path((const char *)u, path, sizeof path) == 0)
        res = strdup(path);
    xmlFree(u);
    return res;
}

/* Walks the document in order without recursion, tagging every node with the
 * file it came from: XInclude leaves XINCLUDE_START/END markers around what it
 * inserted, and the START marker keeps the include's href. */
static int tag_files(xmlDocPtr xdoc, const char *main_file)
{
    enum { MAXDEPTH = 64 };
    const char *stack[MAXDEPTH];
    int top = 0;
    stack[0] = (const char *)xmlDictLookup(xdoc->dict, (const xmlChar *)main_file, -1);
    if (!stack[0])
        return -1;
    xmlNodePtr n = xdoc->children;
    while (n) {
        if (n->type == XML_XINCLUDE_START) {
            /* xmlGetProp() ignores non-element nodes: read the attribute
             * list of the marker directly. */
            const char *href = NULL;
            for (xmlAttrPtr a = n->properties; a; a = a->next)
                if (xmlStrEqual(a->name, (const xmlChar *)"href") && a->children)
                    href = (const char *)a->children->content;
            char *path = href ? resolve_href(href, stack[top]) : NULL;
            const char *name = path ? (const char *)xmlDictLookup(xdoc->dict, (const xmlChar *)path, -1)
                                    : stack[top];
            free(path);
            if (top + 1 < MAXDEPTH) {
                stack[top + 1] = name ? name : stack[top];
                top++;
            }
        } else if (n->type == XML_XINCLUDE_END) {
            if (top > 0)
                top--;
        }
        n->_private = (void *)(uintptr_t)stack[top];  /* owned by the doc's dict */
        if (n->type == XML_ELEMENT_NODE && n->children) {
            n = n->children;
            continue;
        }
        while (n && !n->next) {
            n = n->parent;
            if (n && n->type == XML_DOCUMENT_NODE)
                n = NULL;
        }
        if (n)
            n = n->next;
    }
    return 0;
}

/* Every xi:include must point at an XML file inside the content root; the
 * entity loader enforces the same for nested includes, this check only gives
 * the author the include's own line. */
static int check_includes(xmlDocPtr xdoc, const char *file, diag_list *diags)
{
    int bad = 0;
    xmlNodePtr n = xmlDocGetRootElement(xdoc);
    while (n) {
        if (n->type == XML_ELEMENT_NODE && n->ns && xmlStrEqual(n->ns->href, (const xmlChar *)XI_NS) &&
            xmlStrEqual(n->name, (const xmlChar *)"include")) {
            xmlChar *href = xmlGetProp(n, (const xmlChar *)"href");
            xmlChar *parse = xmlGetProp(n, (const xmlChar *)"parse");
            int line = (int)xmlGetLineNo(n);
            int col = doc_src_column(file, line, "include");
            char *path = href ? resolve_href((const char *)href, file) : NULL;
            if (parse && !xmlStrEqual(parse, (const xmlChar *)"xml")) {
                diag_add(diags, DIAG_ERROR, file, line, col, "xinclude",
                         "only parse=\"xml\" includes are allowed");
                bad++;
            } else if (!path || !allowed_root[0] || !path_under(path, allowed_root)) {
                diag_add(diags, DIAG_ERROR, file, line, col, "xinclude",
                         "include of \"%s\" leaves the content folder or does not exist",
                         href ? (const char *)href : "");
                bad++;
            }
            free(path);
            xmlFree(href);
            xmlFree(parse);
        }
        if (n->type == XML_ELEMENT_NODE && n->children) {
            n = n->children;
            continue;
        }
        while (n && !n->next) {
            n = n->parent;
            if (n && n->type == XML_DOCUMENT_NODE)
                n = NULL;
        }
        if (n)
            n = n->next;
    }
    return bad;
}

/* ---- characters ------------------------------------------------------------ */

/* Why cp may not appear in content, or NULL: noncharacters (U+FDD0..U+FDEF
 * and U+xFFFE/U+xFFFF of every plane) are never text; unassigned and
 * private-use code points have no glyph in any font of ours, and control
 * characters other than tab and newlines print nothing. A sheet that cannot
 * print a character must be refused by check, at its line, rather than by
 * the device at build time. GLib's Unicode tables say which is which. */
static const char *char_refused(gunichar cp)
{
    if ((cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE)
        return "a Unicode noncharacter";
    if (cp == '\t' || cp == '\n' || cp == '\r')
        return NULL;
    switch (g_unichar_type(cp)) {
    case G_UNICODE_UNASSIGNED: return "not an assigned Unicode character";
    case G_UNICODE_PRIVATE_USE: return "a private-use character no font of ours has";
    case G_UNICODE_CONTROL: return "a control character";
    case G_UNICODE_SURROGATE: return "a surrogate";
    default: return NULL;
    }
}

/* Where a refused character stands in the source: libxml2 keeps no
 * columns, and a text node's line is where its first chunk ended, not where
 * it began. So the character is looked for in the source, written as itself
 * or as a character reference, from a cursor (line, byte) that starts at
 * the line of the node's element and moves past each hit. */
typedef struct char_cursor {
    const char *file;
    int line, byte;
} char_cursor;

/* Moves cur just past the first of needles (n of them) at or after it
 * within 400 lines; 1-based *line and *col of the hit, or 0 when none. */
static int src_find_any(char_cursor *cur, char needles[][16], int n, int *line, int *col)
{
    src_file *sf = src_get(cur->file);
    for (int ln = cur->line; sf && ln >= 1 && ln <= sf->nlines && ln < cur->line + 400; ln++) {
        const char *l = sf->lines[ln - 1];
        size_t from = ln == cur->line ? (size_t)cur->byte : 0;
        if (!l || from > strlen(l))
            continue;
        const char *best = NULL;
        size_t blen = 0;
        for (int i = 0; i < n; i++) {
            const char *hit = strstr(l + from, needles[i]);
            if (hit && (!best || hit < best)) {
                best = hit;
                blen = strlen(needles[i]);
            }
        }
        if (!best)
            continue;
        int c = 1;
        for (const char *p = l; p < best; p++)
            if (((unsigned char)*p & 0xC0) != 0x80)
                c++;
        cur->line = ln;
        cur->byte = (int)(best - l + (long)blen);
        *line = ln;
        *col = c;
        return 1;
    }
    return 0;
}

static void char_locate(char_cursor *cur, gunichar cp, int *line, int *col)
{
    char needles[6][16];
    int len = g_unichar_to_utf8(cp, needles[0]);
    needles[0][len] = '\0';
    /* &#x10FFFF;, &#x10ffff;, zero-padded and decimal */
    snprintf(needles[1], sizeof needles[1], "&#x%X;", (unsigned)cp);
    snprintf(needles[2], sizeof needles[2], "&#x%x;", (unsigned)cp);
    snprintf(needles[3], sizeof needles[3], "&#x%04X;", (unsigned)cp);
    snprintf(needles[4], sizeof needles[4], "&#x%04x;", (unsigned)cp);
    snprintf(needles[5], sizeof needles[5], "&#%u;", (unsigned)cp);
    if (!src_find_any(cur, needles, 6, line, col))
        *col = 0;
}

/* Reports each refused character of s (a text, or the value of attribute
 * attr); line is the best guess at where s begins. Returns the number
 * refused; at most *budget of them are reported. */
static int check_chars(const char *s, char_cursor *cur, int line, const char *attr, int *budget,
                       diag_list *diags)
{
    int bad = 0;
    for (const char *p = s; *p;) {
        gunichar cp = g_utf8_get_char_validated(p, -1);
        /* libxml2 hands over UTF-8; anything else is refused, not skipped */
        int invalid = cp == (gunichar)-1 || cp == (gunichar)-2;
        const char *why = invalid ? "not UTF-8" : char_refused(cp);
        if (why) {
            if ((*budget)-- > 0) {
                int at = line, col = 0;
                if (!invalid)
                    char_locate(cur, cp, &at, &col);
                if (attr)
                    diag_add(diags, DIAG_ERROR, cur->file, at, col, "character",
                             "U+%04X in attribute %s is %s: the sheets cannot print it", (unsigned)cp, attr, why);
                else
                    diag_add(diags, DIAG_ERROR, cur->file, at, col, "character",
                             "U+%04X is %s: the sheets cannot print it", (unsigned)cp, why);
            }
            bad++;
        }
        if (*p == '\n')
            line++;
        p += invalid ? 1 : g_utf8_skip[*(const unsigned char *)p];
    }
    return bad;
}

/* Every text and attribute value of the document (XIncluded parts
 * included), walked without recursion. 0, or the number refused. */
static int check_doc_chars(xmlDocPtr xdoc, const char *main_file, diag_list *diags)
{
    int bad = 0, budget = 50;
    xmlNodePtr n = xmlDocGetRootElement(xdoc);
    while (n) {
        const char *file = doc_xml_file(n) ? doc_xml_file(n) : main_file;
        if (n->type == XML_ELEMENT_NODE) {
            for (xmlAttrPtr a = n->properties; a; a = a->next)
                for (xmlNodePtr t = a->children; t; t = t->next)
                    if (t->content) {
                        char_cursor cur = {file, doc_xml_line(n), 0};
                        bad += check_chars((const char *)t->content, &cur, doc_xml_line(n),
                                           (const char *)a->name, &budget, diags);
                    }
        } else if ((n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) && n->content) {
            /* the search starts at the element holding the text */
            int from = n->parent ? doc_xml_line(n->parent) : doc_xml_line(n);
            char_cursor cur = {file, from > 0 ? from : 1, 0};
            bad += check_chars((const char *)n->content, &cur, doc_xml_line(n), NULL, &budget, diags);
        }
        if (n->type == XML_ELEMENT_NODE && n->children) {
            n = n->children;
            continue;
        }
        while (n && !n->next) {
            n = n->parent;
            if (n && n->type == XML_DOCUMENT_NODE)
                n = NULL;
        }
        if (n)
            n = n->next;
    }
    if (budget < 0)
        diag_add(diags, DIAG_ERROR, main_file, 0, 0, "character", "%d more characters the sheets cannot print",
                 -budget);
    return bad;
}

/* The parser meets "<!DOCTYPE": stop before the internal subset is read.
 * Refusing the document afterwards is too late: a quadratic entity file
 * (a 50 KB entity referenced 3000 times, 160 KB on disk) costs seconds and
 * hundreds of MB while it is parsed and its values expanded. */
static void refuse_doctype(void *ctx, const xmlChar *name, const xmlChar *external_id, const xmlChar *system_id)
{
    (void)name;
    (void)external_id;
    (void)system_id;
    xmlParserCtxtPtr ctxt = ctx;
    err_ctx *ec = ctxt->_private;
    int line = ctxt->input ? ctxt->input->line : 0;
    diag_add(ec->diags, DIAG_ERROR, ec->file, line, line ? doc_src_column(ec->file, line, "<!DOCTYPE") : 0,
             "doctype", "a DOCTYPE is not allowed (no DTDs, no entities)");
    ec->count++;
    xmlStopParser(ctxt);
}

struct _xmlDoc *doc_parse_xml(const doc_loader *ld, const char *path, diag_list *diags)
{
    err_ctx ec = {diags, path, 0};
    loader_install(ld->content_root ? ld->content_root : ".");
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        diag_add(diags, DIAG_ERROR, path, 0, 0, "xml", "out of memory");
        return NULL;
    }
    xmlSetStructuredErrorFunc(&ec, on_xml_error);
    ctxt->_private = &ec;
    ctxt->sax->internalSubset = refuse_doctype;
    /* No NOENT, no DTDLOAD, no HUGE: see the banner. */
    int opts = XML_PARSE_NONET | XML_PARSE_NOBASEFIX | XML_PARSE_BIG_LINES;
    xmlDocPtr xdoc = NULL;
    /* one error for a file that cannot be read, saying why (a folder in
     * its place opens but reads nothing: libxml2 said "Is a directory",
     * then "Document is empty") */
    FILE *probe = fopen(path, "rb");
    struct stat st;
    int why = !probe ? errno : fstat(fileno(probe), &st) == 0 && S_ISDIR(st.st_mode) ? EISDIR : 0;
    if (probe)
        fclose(probe);
    if (why) {
        diag_add(diags, DIAG_ERROR, path, 0, 0, "io", "cannot open the file: %s", strerror(why));
        goto done;
    }
    xdoc = xmlCtxtReadFile(ctxt, path, NULL, opts);
    if (!xdoc || ec.count) {
        if (!ec.count)
            diag_add(diags, DIAG_ERROR, path, 0, 0, "xml", "cannot parse the file");
        goto fail;
    }
    if (xdoc->intSubset || xdoc->extSubset) {
        /* refuse_doctype() stops the parser first; this is the backstop */
        int line = src_find_line(path, "<!DOCTYPE");
        diag_add(diags, DIAG_ERROR, path, line, line ? doc_src_column(path, line, "<!DOCTYPE") : 0,
                 "doctype", "a DOCTYPE is not allowed (no DTDs, no entities)");
        goto fail;
    }
    if (check_includes(xdoc, path, diags))
        goto fail;
    if (xmlXIncludeProcessFlags(xdoc, opts) < 0 || ec.count) {
        if (!ec.count)
            diag_add(diags, DIAG_ERROR, path, 0, 0, "xinclude", "XInclude processing failed");
        goto fail;
    }
    if (tag_files(xdoc, path) < 0) {
        diag_add(diags, DIAG_ERROR, path, 0, 0, "xml", "out of memory");
        goto fail;
    }
    if (check_doc_chars(xdoc, path, diags))
        goto fail;
    if (ld->schema_path) {
        xmlSetStructuredErrorFunc(NULL, NULL);
        const doc_schema_names *names = NULL;
        xmlRelaxNGPtr rng = schema_get(ld->schema_path, diags, &names);
        xmlSetStructuredErrorFunc(&ec, on_xml_error);
        if (!rng)
            goto fail;
        xmlRelaxNGValidCtxtPtr vc = xmlRelaxNGNewValidCtxt(rng);
        if (!vc)
            goto fail;
        /* the validator's own words are collected, then reported as an
         * author can act on them (doc_schema.c) */
        diag_list raw;
        diag_list_init(&raw);
        err_ctx vec = {&raw, path, 0};
        xmlRelaxNGSetValidStructuredErrors(vc, on_xml_error, &vec);
        int rc = xmlRelaxNGValidateDoc(vc, xdoc);
        xmlRelaxNGFreeValidCtxt(vc);
        size_t reported = doc_schema_report(&raw, names, diags);
        diag_list_free(&raw);
        if (rc != 0) {
            if (!reported)
                diag_add(diags, DIAG_ERROR, path, 0, 0, "schema", "the file does not match the schema");
            goto fail;
        }
    }
    goto done;
fail:
    if (xdoc)
        xmlFreeDoc(xdoc);
    xdoc = NULL;
done:
    xmlSetStructuredErrorFunc(NULL, NULL);
    xmlFreeParserCtxt(ctxt);
    loader_install(NULL);
    return xdoc;
}

struct _xmlDoc *doc_parse_data(const char *path, const char *schema_path, diag_list *diags)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, "%s", slash ? "/" : ".");
    doc_loader ld = {dir, schema_path};
    return doc_parse_xml(&ld, path, diags);
}

/* ---- conversion to the document tree -------------------------------------- */

static const char *intern(doc *d, const char *file)
{
    if (!file)
        file = d->path;
    for (size_t i = 0; i < d->nfiles; i++)
        if (strcmp(d->files[i], file) == 0)
            return d->files[i];
    char **p = realloc(d->files, (d->nfiles + 1) * sizeof *p);
    if (!p)
        return NULL;
    d->files = p;
    d->files[d->nfiles] = strdup(file);
    return d->files[d->nfiles] ? d->files[d->nfiles++] : NULL;
}

static int is(xmlNodePtr n, const char *name)
{
    return xmlStrEqual(n->name, (const xmlChar *)name);
}

static doc_type map_element(xmlNodePtr n, doc_type parent)
{
    if (is(n, "summary")) return DOC_SUMMARY;
    if (is(n, "title")) return DOC_TITLE;
    if (is(n, "subtitle")) return DOC_SUBTITLE;
    if (is(n, "section")) return DOC_SECTION;
    if (is(n, "h")) return DOC_HEADING;
    if (is(n, "p")) return DOC_PARA;
    if (is(n, "list")) return DOC_LIST;
    if (is(n, "item")) return DOC_ITEM;
    if (is(n, "steps")) return DOC_STEPS;
    if (is(n, "step")) return DOC_STEP;
    if (is(n, "callout")) return DOC_CALLOUT;
    if (is(n, "table")) return DOC_TABLE;
    if (is(n, "head")) return DOC_TABLE_HEAD;
    if (is(n, "row")) return DOC_ROW;
    if (is(n, "cell")) return DOC_CELL;
    if (is(n, "example")) return DOC_EXAMPLE;
    if (is(n, "flowchart")) return DOC_FLOWREF;
    if (is(n, "termlist")) return DOC_TERMLIST;
    if (is(n, "gap")) return parent == DOC_SECTION ? DOC_GAP_BLOCK : DOC_GAP;
    if (is(n, "flowtext")) return DOC_FLOWTEXT;
    if (is(n, "label")) return DOC_LABEL;
    if (is(n, "cardtext")) return DOC_CARDTEXT;
    if (is(n, "name")) return DOC_CARDNAME;
    if (is(n, "text")) return DOC_CARDBODY;
    if (is(n, "b")) return DOC_BOLD;
    if (is(n, "i")) return DOC_ITALIC;
    if (is(n, "lead")) return DOC_LEAD;
    if (is(n, "term")) return DOC_TERM;
    if (is(n, "icon")) return DOC_ICON;
    if (is(n, "num")) return DOC_NUM;
    if (is(n, "claim")) return DOC_CLAIM;
    if (is(n, "val")) return DOC_VAL;
    if (is(n, "ref")) return DOC_XREF;
    if (is(n, "n")) return DOC_MARK;
    if (is(n, "word")) return DOC_WORD;
    return DOC_NONE;
}

/* Collapses runs of XML white space into one space. */
static char *collapse_ws(const char *s)
{
    size_t len = strlen(s);
    char *out = malloc(len + 1);
    if (!out)
        return NULL;
    size_t j = 0;
    int ws = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            ws = 1;
            continue;
        }
        if (ws && j > 0)
            out[j++] = ' ';
        else if (ws && j == 0)
            out[j++] = ' ';
        ws = 0;
        out[j++] = c;
    }
    if (ws)
        out[j++] = ' ';
    out[j] = '\0';
    return out;
}

static int takes_text(doc_type t)
{
    return t == DOC_NUM || t == DOC_VAL || t == DOC_XREF || t == DOC_MARK || t == DOC_WORD;
}

static int holds_inline(doc_type t)
{
    doc_node probe = {0};
    probe.type = DOC_TEXT;
    doc_node parent = {0};
    parent.type = t;
    return doc_append(&parent, &probe) == 0;
}

/* A node's attributes; *oom set when one present could not be copied. */
static void fill_attrs(doc_node *dn, xmlNodePtr n, int *oom)
{
#define prop(n, name) doc_xml_prop(n, name, oom)
    dn->id = prop(n, "id");
    dn->kind = prop(n, "kind");
    dn->reason = prop(n, "reason");
    switch (dn->type) {
    case DOC_SUMMARY:
        dn->ref = prop(n, "game");
        dn->value = prop(n, "lang");
        dn->variant = prop(n, "version");
        break;
    case DOC_LIST: dn->variant = prop(n, "style"); break;
    case DOC_CALLOUT: dn->variant = prop(n, "type"); break;
    case DOC_EXAMPLE: case DOC_FLOWREF: case DOC_TERM: dn->ref = prop(n, "ref"); break;
    case DOC_ICON: dn->ref = prop(n, "name"); break;
    case DOC_NUM: case DOC_WORD: dn->ref = prop(n, "fact"); break;
    case DOC_MARK: free(dn->reason); dn->reason = prop(n, "why"); break;
    case DOC_CLAIM:
        dn->ref = prop(n, "fact");
        dn->value = prop(n, "value");
        break;
    case DOC_VAL:
        dn->ref = prop(n, "key");
        dn->variant = prop(n, "when");
        break;
    case DOC_XREF: dn->ref = prop(n, "to"); break;
    case DOC_TERMLIST: dn->value = prop(n, "langs"); break;
    case DOC_FLOWTEXT: dn->ref = prop(n, "flow"); break;
    case DOC_LABEL:
        dn->ref = prop(n, "node");
        dn->value = prop(n, "branch");
        break;
    case DOC_CARDTEXT:
        dn->ref = prop(n, "card");
        /* A card's text is identified by its card: translations align on
         * "card.ID" without the author repeating the id. */
        if (!dn->id && dn->ref) {
            size_t len = strlen(dn->ref) + 6;
            dn->id = malloc(len);
            if (dn->id)
                snprintf(dn->id, len, "card.%s", dn->ref);
            else
                *oom = 1;
        }
        break;
    default: break;
    }
#undef prop
}

/* Converts without recursion: libxml2 caps nesting at 256 anyway, but the
 * walk mirrors the iterator so both sides stay flat. */
static int convert_tree(doc *d, xmlNodePtr root, diag_list *diags, int *oom)
{
    doc_node *droot = doc_node_new(d, DOC_SUMMARY);
    if (!droot)
        return *oom = 1, -1;
    droot->file = intern(d, doc_xml_file(root));
    droot->line = doc_xml_line(root);
    fill_attrs(droot, root, oom);
    d->root = droot;
    if (!droot->file)
        *oom = 1;

    xmlNodePtr n = root->children;
    doc_node *parent = droot;
    while (n) {
        doc_node *made = NULL;
        if (n->type == XML_ELEMENT_NODE) {
            doc_type t = map_element(n, parent->type);
            if (t == DOC_NONE) {
                diag_add(diags, DIAG_ERROR, doc_xml_file(n), doc_xml_line(n), 0, "tree",
                         "unexpected element <%s>", (const char *)n->name);
                return -1;
            }
            if (!(made = doc_node_new(d, t)))
                return *oom = 1, -1;
            made->file = intern(d, doc_xml_file(n));
            made->line = doc_xml_line(n);
            fill_attrs(made, n, oom);
            if (takes_text(t)) {
                xmlChar *c = xmlNodeGetContent(n);
                made->text = c ? collapse_ws((const char *)c) : NULL;
                xmlFree(c);
            }
            if (!made->file || (takes_text(t) && !made->text))
                *oom = 1;
            if (doc_append(parent, made) != 0) {
                diag_add(diags, DIAG_ERROR, made->file, made->line, 0, "tree",
                         "<%s> is not allowed inside <%s>", doc_type_name(t),
                         doc_type_name(parent->type));
                free(made->id); free(made->ref); free(made->value); free(made->variant);
                free(made->kind); free(made->reason); free(made->text); free(made);
                return -1;
            }
        } else if ((n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) &&
                   holds_inline(parent->type)) {
            doc_node *t = doc_node_new(d, DOC_TEXT);
            if (!t)
                return *oom = 1, -1;
            t->text = collapse_ws((const char *)n->content);
            t->file = parent->file;
            t->line = doc_xml_line(n);
            doc_append(parent, t);
            if (!t->text)
                *oom = 1;
        }
        /* Descend into elements whose children are part of the tree. */
        if (made && n->children && !takes_text(made->type)) {
            parent = made;
            n = n->children;
            continue;
        }
        while (n && !n->next) {
            n = n->parent;
            if (!n || n == root)
                return 0;
            /* Leaving an element: its doc node's parent becomes current. */
            if (n->type == XML_ELEMENT_NODE && parent != droot)
                parent = parent->parent;
        }
        if (n)
            n = n->next;
    }
    return 0;
}

/* The tree of root into d; -1 with an error in diags when the tree is
 * wrong or incomplete: a node or a string that could not be allocated is
 * an error, never a node quietly missing its attribute. */
static int convert(doc *d, xmlNodePtr root, diag_list *diags)
{
    int oom = 0;
    int rc = convert_tree(d, root, diags, &oom);
    if (oom) {
        diag_add(diags, DIAG_ERROR, d->path, 0, 0, "memory", "out of memory");
        return -1;
    }
    return rc;
}

doc *doc_load(const doc_loader *ld, const char *path, diag_list *diags)
{
    xmlDocPtr xdoc = doc_parse_xml(ld, path, diags);
    if (!xdoc)
        return NULL;
    doc *d = calloc(1, sizeof *d);
    if (!d || !(d->path = strdup(path))) {
        free(d);
        xmlFreeDoc(xdoc);
        diag_add(diags, DIAG_ERROR, path, 0, 0, "memory", "out of memory");
        return NULL;
    }
    xmlNodePtr root = xmlDocGetRootElement(xdoc);
    if (!root || !is(root, "summary")) {
        diag_add(diags, DIAG_ERROR, path, root ? doc_xml_line(root) : 0, 0, "tree",
                 "expected a <summary> document");
        xmlFreeDoc(xdoc);
        doc_free(d);
        return NULL;
    }
    int rc = convert(d, root, diags);
    xmlFreeDoc(xdoc);
    if (rc != 0) {
        doc_free(d);
        return NULL;
    }
    return d;
}
