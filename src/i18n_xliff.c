/* i18n_xliff.c — catalogs as XLIFF 1.2: written with libxml2's text writer,
 * read with its parser (no network, no entity expansion). */
#include "i18n_xliff.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define XLIFF_NS "urn:oasis:names:tc:xliff:document:1.2"

/* ---- writing --------------------------------------------------------------------- */

#define X(s) ((const xmlChar *)(s))

/* A segment text as XLIFF inline content: text verbatim, placeholders as
 * native-code elements holding the placeholder itself. */
static int write_inline(xmlTextWriterPtr w, const char *text)
{
    const char *p = text;
    i18n_tok t;
    int rc = 0;
    while (rc >= 0 && i18n_seg_next(&p, &t)) {
        char ctype[40], code[64], id[24];
        snprintf(ctype, sizeof ctype, "x-regelwerk-%s", t.name);
        snprintf(code, sizeof code, "%.*s", (int)(t.len < 63 ? t.len : 63), t.text);
        snprintf(id, sizeof id, "%zu", t.k);
        const char *el = t.kind == I18N_TOK_OPEN ? "bpt" : t.kind == I18N_TOK_CLOSE ? "ept" : "ph";
        if (t.kind == I18N_TOK_TEXT) {
            char *s = strndup(t.text, t.len);
            rc = s ? xmlTextWriterWriteString(w, X(s)) : -1;
            free(s);
            continue;
        }
        rc = xmlTextWriterStartElement(w, X(el));
        if (rc >= 0)
            rc = xmlTextWriterWriteAttribute(w, X("id"), X(id));
        if (rc >= 0 && t.kind != I18N_TOK_CLOSE)
            rc = xmlTextWriterWriteAttribute(w, X("ctype"), X(ctype));
        if (rc >= 0)
            rc = xmlTextWriterWriteString(w, X(code));
        if (rc >= 0)
            rc = xmlTextWriterEndElement(w);
    }
    return rc < 0 ? -1 : 0;
}

#define NL(w, s) xmlTextWriterWriteString((w), X(s))

static int write_units(xmlTextWriterPtr w, const i18n_cat *c)
{
    int rc = 0;
    for (size_t i = 0; rc >= 0 && i < c->n; i++) {
        const i18n_entry *e = &c->e[i];
        if (e->obsolete)
            continue;
        int translated = e->msgstr && e->msgstr[0];
        rc = NL(w, "\n   ");
        if (rc >= 0)
            rc = xmlTextWriterStartElement(w, X("trans-unit"));
        if (rc >= 0)
            rc = xmlTextWriterWriteAttribute(w, X("id"), X(e->ctx));
        if (rc >= 0)
            rc = xmlTextWriterWriteAttribute(w, X("resname"), X(e->ctx));
        if (rc >= 0)
            rc = xmlTextWriterWriteAttribute(w, X("approved"), X(translated && !e->fuzzy ? "yes" : "no"));
        if (rc >= 0)
            rc = NL(w, "\n    ");
        if (rc >= 0)
            rc = xmlTextWriterStartElement(w, X("source"));
        if (rc >= 0)
            rc = write_inline(w, e->msgid);
        if (rc >= 0)
            rc = xmlTextWriterEndElement(w);
        if (rc >= 0)
            rc = NL(w, "\n    ");
        if (rc >= 0)
            rc = xmlTextWriterStartElement(w, X("target"));
        if (rc >= 0)
            rc = xmlTextWriterWriteAttribute(w, X("state"),
                                             X(!translated ? "new" : e->fuzzy ? "needs-review-translation" : "translated"));
        if (rc >= 0 && translated)
            rc = write_inline(w, e->msgstr);
        if (rc >= 0)
            rc = xmlTextWriterEndElement(w);
        if (rc >= 0 && e->notes && e->notes[0] && (rc = NL(w, "\n    ")) >= 0)
            rc = xmlTextWriterWriteElement(w, X("note"), X(e->notes));
        if (rc >= 0 && e->fuzzy && e->prev_msgid) {
            char *note = malloc(strlen(e->prev_msgid) + 64);
            if (note) {
                sprintf(note, "needs review: the source was \"%s\"", e->prev_msgid);
                rc = NL(w, "\n    ");
                if (rc >= 0)
                    rc = xmlTextWriterWriteElement(w, X("note"), X(note));
                free(note);
            }
        }
        if (rc >= 0)
            rc = NL(w, "\n   ");
        if (rc >= 0)
            rc = xmlTextWriterEndElement(w);
    }
    return rc >= 0 ? NL(w, "\n  ") : rc;
}

int i18n_xliff_write(const i18n_cat *c, const char *original, const char *path, diag_list *diags)
{
    size_t len = strlen(path) + 16;
    char *tmp = malloc(len);
    if (!tmp)
        return -1;
    snprintf(tmp, len, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        diag_add(diags, DIAG_ERROR, path, 0, 0, "xliff", "cannot write beside this file");
        free(tmp);
        return -1;
    }
    close(fd);
    xmlTextWriterPtr w = xmlNewTextWriterFilename(tmp, 0);
    int rc = w ? 0 : -1;
    /* no automatic indentation: it would add white space inside the
     * mixed content of <source> and <target>; line breaks are written
     * between elements by hand (NL) */
    if (rc >= 0)
        rc = xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL);
    if (rc >= 0)
        rc = xmlTextWriterStartElementNS(w, NULL, X("xliff"), X(XLIFF_NS));
    if (rc >= 0)
        rc = xmlTextWriterWriteAttribute(w, X("version"), X("1.2"));
    if (rc >= 0)
        rc = NL(w, "\n ");
    if (rc >= 0)
        rc = xmlTextWriterStartElement(w, X("file"));
    const char *attrs[][2] = {{"original", original},
                              {"source-language", c->source_lang},
                              {"target-language", c->lang},
                              {"datatype", "xml"},
                              {"product-name", c->game},
                              {"product-version", c->source_version}};
    for (size_t i = 0; rc >= 0 && i < sizeof attrs / sizeof attrs[0]; i++)
        if (attrs[i][1])
            rc = xmlTextWriterWriteAttribute(w, X(attrs[i][0]), X(attrs[i][1]));
    if (rc >= 0)
        rc = NL(w, "\n  ");
    if (rc >= 0)
        rc = xmlTextWriterStartElement(w, X("header"));
    if (rc >= 0)
        rc = xmlTextWriterStartElement(w, X("tool"));
    if (rc >= 0)
        rc = xmlTextWriterWriteAttribute(w, X("tool-id"), X("regelwerk"));
    if (rc >= 0)
        rc = xmlTextWriterWriteAttribute(w, X("tool-name"), X("regelwerk"));
    if (rc >= 0)
        rc = xmlTextWriterEndElement(w);
    if (rc >= 0)
        rc = xmlTextWriterEndElement(w);
    if (rc >= 0)
        rc = NL(w, "\n  ");
    if (rc >= 0)
        rc = xmlTextWriterStartElement(w, X("body"));
    if (rc >= 0)
        rc = write_units(w, c);
    if (rc >= 0)
        rc = xmlTextWriterEndDocument(w);
    if (w)
        xmlFreeTextWriter(w);   /* flushes and closes the file */
    if (rc < 0 || rename(tmp, path) != 0) {
        unlink(tmp);
        diag_add(diags, DIAG_ERROR, path, 0, 0, "xliff", "cannot write this file");
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

/* ---- reading ---------------------------------------------------------------------- */

static int named(xmlNodePtr n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && xmlStrEqual(n->name, X(name));
}

static char *attr(xmlNodePtr n, const char *name)
{
    xmlChar *v = xmlGetProp(n, X(name));
    if (!v)
        return NULL;
    char *s = strdup((const char *)v);
    xmlFree(v);
    return s;
}

typedef struct buf {
    char *s;
    size_t n, cap;
} buf;

static void put(buf *b, const char *s)
{
    size_t len = strlen(s);
    if (b->n + len + 1 > b->cap) {
        size_t cap = (b->n + len + 1) * 2;
        char *p = realloc(b->s, cap);
        if (!p)
            return;
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, len + 1);
    b->n += len;
}

/* The native segment text of a <source> or <target>: text verbatim, native
 * codes (bpt, ept, ph, it) by their content, <g>/<x> by their ctype.
 * Walks without recursion: inline nesting is the document's. */
static char *native(xmlNodePtr el)
{
    buf b = {0};
    put(&b, "");
    xmlNodePtr n = el->children;
    while (n) {
        int descend = 0;
        if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
            put(&b, (const char *)n->content);
        } else if (named(n, "bpt") || named(n, "ept") || named(n, "ph") || named(n, "it")) {
            xmlChar *c = xmlNodeGetContent(n);
            put(&b, c ? (const char *)c : "");
            xmlFree(c);
        } else if (named(n, "g") || named(n, "x")) {
            char *ct = attr(n, "ctype"), *id = attr(n, "id");
            const char *name = ct && strncmp(ct, "x-regelwerk-", 12) == 0 ? ct + 12 : NULL;
            char tag[96] = "";
            if (name && id)
                snprintf(tag, sizeof tag, named(n, "x") || !n->children ? "<%s%s/>" : "<%s%s>", name, id);
            put(&b, tag);
            if (named(n, "g") && n->children && name && id)
                descend = 1;
            free(ct);
            free(id);
        } else if (named(n, "mrk") && n->children) {
            descend = 1;
        }
        if (descend) {
            n = n->children;
            continue;
        }
        while (n && !n->next && n->parent != el) {
            n = n->parent;
            /* leaving a <g>: its closing placeholder */
            if (named(n, "g")) {
                char *ct = attr(n, "ctype"), *id = attr(n, "id");
                char tag[96] = "";
                if (ct && id && strncmp(ct, "x-regelwerk-", 12) == 0)
                    snprintf(tag, sizeof tag, "</%s%s>", ct + 12, id);
                put(&b, tag);
                free(ct);
                free(id);
            }
        }
        n = n ? n->next : NULL;
    }
    return b.s;
}

static xmlNodePtr child(xmlNodePtr n, const char *name)
{
    for (xmlNodePtr c = n ? n->children : NULL; c; c = c->next)
        if (named(c, name))
            return c;
    return NULL;
}

/* po2xliff keeps a PO's "#:" reference as a po-reference context. */
static char *po_reference(xmlNodePtr unit)
{
    for (xmlNodePtr g = unit->children; g; g = g->next) {
        if (!named(g, "context-group"))
            continue;
        for (xmlNodePtr c = g->children; c; c = c->next)
            if (named(c, "context")) {
                char *type = attr(c, "context-type");
                int src = type && strcmp(type, "sourcefile") == 0;
                free(type);
                if (src) {
                    xmlChar *v = xmlNodeGetContent(c);
                    char *s = v ? strdup((const char *)v) : NULL;
                    xmlFree(v);
                    return s;
                }
            }
    }
    return NULL;
}

static void read_unit(i18n_cat *c, xmlNodePtr u)
{
    char *restype = attr(u, "restype");
    int header = restype && strcmp(restype, "x-gettext-domain-header") == 0;
    free(restype);
    if (header)
        return;
    char *key = attr(u, "resname");
    if (!key)
        key = po_reference(u);
    if (!key)
        key = attr(u, "id");
    xmlNodePtr src = child(u, "source"), tgt = child(u, "target");
    if (!key || !src) {
        free(key);
        return;
    }
    i18n_entry *e = realloc(c->e, (c->n + 1) * sizeof *e);
    if (!e) {
        free(key);
        return;
    }
    c->e = e;
    e = &c->e[c->n++];
    memset(e, 0, sizeof *e);
    e->ctx = key;
    e->msgid = native(src);
    e->msgstr = tgt ? native(tgt) : strdup("");
    e->line = (int)xmlGetLineNo(tgt ? tgt : u);
    char *state = tgt ? attr(tgt, "state") : NULL, *approved = attr(u, "approved");
    if (e->msgstr && e->msgstr[0]) {
        if (state)
            e->fuzzy = strncmp(state, "needs-", 6) == 0 || strcmp(state, "new") == 0;
        else
            e->fuzzy = approved && strcmp(approved, "no") == 0;
    }
    free(state);
    free(approved);
}

i18n_cat *i18n_xliff_read(const char *path, diag_list *diags)
{
    xmlDocPtr x = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!x) {
        const xmlError *err = xmlGetLastError();
        diag_add(diags, DIAG_ERROR, path, err ? err->line : 0, 0, "xliff", "not well-formed XML: %s",
                 err && err->message ? err->message : "unreadable");
        return NULL;
    }
    xmlNodePtr root = xmlDocGetRootElement(x);
    xmlNodePtr file = named(root, "xliff") ? child(root, "file") : NULL;
    if (!file) {
        diag_add(diags, DIAG_ERROR, path, root ? (int)xmlGetLineNo(root) : 0, 0, "xliff",
                 "not an XLIFF file (no <xliff><file>)");
        xmlFreeDoc(x);
        return NULL;
    }
    i18n_cat *c = i18n_cat_new(NULL, NULL, NULL, NULL);
    if (!c) {
        xmlFreeDoc(x);
        return NULL;
    }
    c->path = strdup(path);
    c->lang = attr(file, "target-language");
    c->source_lang = attr(file, "source-language");
    c->game = attr(file, "product-name");
    c->source_version = attr(file, "product-version");
    /* every trans-unit of every file and group, in document order */
    for (xmlNodePtr f = file; f; f = f->next) {
        if (!named(f, "file"))
            continue;
        xmlNodePtr n = child(f, "body");
        n = n ? n->children : NULL;
        while (n) {
            if (named(n, "trans-unit"))
                read_unit(c, n);
            else if (named(n, "group") && n->children) {
                n = n->children;
                continue;
            }
            while (n && !n->next && !named(n->parent, "body"))
                n = n->parent;
            n = n ? n->next : NULL;
        }
    }
    xmlFreeDoc(x);
    return c;
}
