/* doc_schema.c — schema errors an author can act on (see doc_schema.h). */
#include "doc_schema.h"

#include "doc.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

struct doc_schema_names {
    char **elements, **attributes;
    size_t nelements, nattributes;
};

static int add_name(char ***v, size_t *n, const char *name)
{
    for (size_t i = 0; i < *n; i++)
        if (strcmp((*v)[i], name) == 0)
            return 0;
    char **p = realloc(*v, (*n + 1) * sizeof *p);
    if (!p)
        return -1;
    *v = p;
    if (!(p[*n] = strdup(name)))
        return -1;
    (*n)++;
    return 0;
}

/* Every <element name="…"> and <attribute name="…"> below node. */
static int collect(xmlNodePtr node, doc_schema_names *n)
{
    for (xmlNodePtr c = node; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        int el = xmlStrcmp(c->name, (const xmlChar *)"element") == 0;
        int at = xmlStrcmp(c->name, (const xmlChar *)"attribute") == 0;
        if (el || at) {
            xmlChar *name = xmlGetNoNsProp(c, (const xmlChar *)"name");
            int rc = name ? (el ? add_name(&n->elements, &n->nelements, (const char *)name)
                                : add_name(&n->attributes, &n->nattributes, (const char *)name))
                          : 0;
            xmlFree(name);
            if (rc != 0)
                return -1;
        }
        if (collect(c->children, n) != 0)
            return -1;
    }
    return 0;
}

doc_schema_names *doc_schema_names_load(const char *path)
{
    /* the schema is install-time data next to the tool: no network, no
     * DTD (so no entities to expand), errors not printed */
    xmlDocPtr x = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!x)
        return NULL;
    doc_schema_names *n = NULL;
    if (!x->intSubset && !x->extSubset && (n = calloc(1, sizeof *n)) != NULL &&
        collect(xmlDocGetRootElement(x), n) != 0) {
        doc_schema_names_free(n);
        n = NULL;
    }
    xmlFreeDoc(x);
    return n;
}

void doc_schema_names_free(doc_schema_names *n)
{
    if (!n)
        return;
    for (size_t i = 0; i < n->nelements; i++)
        free(n->elements[i]);
    for (size_t i = 0; i < n->nattributes; i++)
        free(n->attributes[i]);
    free(n->elements);
    free(n->attributes);
    free(n);
}

static const char *name_at(const void *items, size_t i)
{
    return ((char *const *)items)[i];
}

/* " (did you mean \"x\"?)" into buf, or "" */
static const char *suggest(char *buf, size_t len, const char *word, char **names, size_t n)
{
    const char *best = names ? diag_suggest(word, name_at, names, n) : NULL;
    if (!best || strcmp(best, word) == 0)
        return "";
    snprintf(buf, len, " (did you mean \"%s\"?)", best);
    return buf;
}

/* Reads the two words of "PREFIX%sMIDDLE%s" (or one when middle is NULL)
 * from msg into a and b. 1 when msg has that shape. */
static int shape(const char *msg, const char *prefix, const char *middle, char *a, size_t alen, char *b,
                 size_t blen)
{
    size_t pl = strlen(prefix);
    if (strncmp(msg, prefix, pl) != 0)
        return 0;
    const char *s = msg + pl;
    const char *m = middle ? strstr(s, middle) : s + strlen(s);
    if (!m)
        return 0;
    snprintf(a, alen, "%.*s", (int)(m - s), s);
    if (middle)
        snprintf(b, blen, "%s", m + strlen(middle));
    /* libxml2 ends some messages with " there" */
    size_t al = strlen(a);
    if (al > 6 && strcmp(a + al - 6, " there") == 0)
        a[al - 6] = '\0';
    return 1;
}

/* The messages that follow from an error reported more precisely
 * elsewhere: the parent that "failed to validate", "has extra content". */
static int is_cascade(const char *msg)
{
    static const char *const tails[] = {" failed to validate content", " has extra content",
                                        "Invalid sequence in interleave",
                                        "Expecting an element , got nothing", "Extra element "};
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++)
        if (strstr(msg, tails[i]))
            return 1;
    return 0;
}

/* "Element p failed to validate attributes" names no attribute: the
 * element's tag on its source line is read for an attribute the schema
 * never declares (a slip: "idd" for "id"); else the message says what
 * can be wrong. */
static void attribute_error(const diag *d, const char *el, char **at, size_t nat, diag_list *out)
{
    const char *src = d->file && d->line > 0 ? doc_src_line(d->file, d->line) : NULL;
    char open[300];
    snprintf(open, sizeof open, "<%s", el);
    const char *p = src ? strstr(src, open) : NULL;
    while (p && p[strlen(open)] != ' ' && p[strlen(open)] != '\t')
        p = strstr(p + 1, open);
    for (p = p ? p + strlen(open) : NULL; p && *p && *p != '>' && at;) {
        while (*p == ' ' || *p == '\t')
            p++;
        size_t n = strcspn(p, "= \t>");
        if (!n || p[n] != '=')
            break;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)n, p);
        int known = 0;
        for (size_t i = 0; i < nat && !known; i++)
            known = strcmp(at[i], name) == 0;
        if (!known) {
            char dym[300];
            diag_add(out, d->sev, d->file, d->line, d->col, d->code, "attribute \"%s\" is not allowed on <%s>%s",
                     name, el, suggest(dym, sizeof dym, name, at, nat));
            return;
        }
        /* past the value, in either kind of quotes */
        const char *q = p + n + 1;
        char quote = *q;
        const char *end = quote == '"' || quote == '\'' ? strchr(q + 1, quote) : NULL;
        p = end ? end + 1 : NULL;
    }
    diag_add(out, d->sev, d->file, d->line, d->col, d->code,
             "<%s> lacks an attribute it needs, or one of its values is not one the schema allows", el);
}

size_t doc_schema_report(const diag_list *raw, const doc_schema_names *names, diag_list *out)
{
    /* a precise error in the file makes the cascade noise */
    int precise = 0;
    for (size_t i = 0; i < raw->n; i++)
        if (raw->items[i].sev == DIAG_ERROR && !is_cascade(raw->items[i].msg))
            precise = 1;
    size_t reported = 0;
    char **el = names ? names->elements : NULL, **at = names ? names->attributes : NULL;
    size_t nel = names ? names->nelements : 0, nat = names ? names->nattributes : 0;
    for (size_t i = 0; i < raw->n; i++) {
        const diag *d = &raw->items[i];
        const char *msg = d->msg ? d->msg : "";
        if (d->sev == DIAG_ERROR && precise && is_cascade(msg))
            continue;
        char a[256], b[256], dym[300];
        if (shape(msg, "Did not expect element ", NULL, a, sizeof a, b, sizeof b))
            diag_add(out, d->sev, d->file, d->line, d->col, d->code, "element \"%s\" is not allowed here%s", a,
                     suggest(dym, sizeof dym, a, el, nel));
        else if (shape(msg, "Expecting element ", ", got ", a, sizeof a, b, sizeof b))
            diag_add(out, d->sev, d->file, d->line, d->col, d->code,
                     "element \"%s\" is not allowed here; expected \"%s\"", b, a);
        else if (shape(msg, "Invalid attribute ", " for element ", a, sizeof a, b, sizeof b))
            diag_add(out, d->sev, d->file, d->line, d->col, d->code, "attribute \"%s\" is not allowed on <%s>%s", a,
                     b, suggest(dym, sizeof dym, a, at, nat));
        else if (shape(msg, "Element ", " failed to validate attributes", a, sizeof a, b, sizeof b))
            attribute_error(d, a, at, nat, out);
        else if (shape(msg, "Element ", " has extra content: ", a, sizeof a, b, sizeof b))
            diag_add(out, d->sev, d->file, d->line, d->col, d->code,
                     "<%s> holds \"%s\" where the schema allows nothing more", a, b);
        else
            diag_add(out, d->sev, d->file, d->line, d->col, d->code, "%s", msg);
        reported += d->sev == DIAG_ERROR;
    }
    return reported;
}
