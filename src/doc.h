/* doc.h — the document tree of a summary (<lang>.xml) and its safe loader.
 *
 * The tree follows cmark's: typed nodes with parent, first/last child and
 * next/prev links; insertion refuses illegal parent/child pairs; an
 * ENTER/EXIT iterator walks it without recursion; doc_free() splices children
 * into the sibling list instead of recursing, so deep input cannot overflow
 * the stack.
 *
 * Ownership: a doc owns every node and every string in it (file names are
 * interned in the doc). Nodes are valid until doc_free().
 */
#ifndef REGELWERK_DOC_H
#define REGELWERK_DOC_H

#include "diag.h"

typedef enum {
    DOC_NONE = 0,
    /* containers and blocks */
    DOC_SUMMARY,   /* root; ref = game id, value = lang, name = version */
    DOC_TITLE,     /* inline children */
    DOC_SUBTITLE,
    DOC_SECTION,   /* id; first child is DOC_HEADING */
    DOC_HEADING,   /* inline children */
    DOC_PARA,      /* rule block */
    DOC_LIST,      /* variant = "bullet" | "number" | "plain" */
    DOC_ITEM,      /* rule block; inline children, then nested blocks */
    DOC_STEPS,     /* numbered phase/step sequence */
    DOC_STEP,      /* rule block */
    DOC_CALLOUT,   /* rule block; variant = "important" | "tip" | "example" */
    DOC_TABLE,
    DOC_TABLE_HEAD,
    DOC_ROW,       /* rule block */
    DOC_CELL,      /* inline children */
    DOC_EXAMPLE,   /* id, ref = scenario id; inline children with DOC_VAL */
    DOC_FLOWREF,   /* id, ref = flow id */
    DOC_GAP_BLOCK, /* id, reason; a visible gap in the source */
    DOC_TERMLIST,  /* value = other languages ("en it") or NULL = all; the
                      game loader turns it into a DOC_TABLE of the glossary */
    DOC_FLOWTEXT,  /* ref = flow id; children DOC_TITLE, DOC_LABEL */
    DOC_LABEL,     /* ref = node id, value = branch or NULL; inline children */
    DOC_CARDTEXT,  /* ref = card id; children DOC_CARDNAME, DOC_CARDBODY */
    DOC_CARDNAME,
    DOC_CARDBODY,
    /* inlines */
    DOC_TEXT,      /* text */
    DOC_BOLD,
    DOC_ITALIC,
    DOC_LEAD,      /* run-in heading of a block */
    DOC_TERM,      /* ref = glossary entry id */
    DOC_ICON,      /* ref = icon name */
    DOC_NUM,       /* ref = fact id; text = the number as written */
    DOC_CLAIM,     /* ref = fact id, value = claimed value; invisible */
    DOC_VAL,       /* ref = scenario key, variant = "given" | "expect"; text */
    DOC_XREF,      /* ref = target id; text = optional label */
    DOC_GAP,       /* reason; inline children shown as a visible gap */
    DOC_MARK,      /* <n why="page">36</n>: a number that is not a rule;
                      reason = why; text */
    DOC_WORD,      /* <word fact="…">alla sua sinistra</word>: rule words
                      bound to a fact through the language's vocabulary;
                      ref = fact id; text */
    DOC_TYPE_COUNT
} doc_type;

typedef struct doc_node doc_node;
struct doc_node {
    doc_type type;
    doc_node *parent, *first, *last, *next, *prev;
    const char *file;   /* interned; the file this node came from (XInclude) */
    int line;
    char *id;           /* stable id across languages, or NULL */
    char *ref;          /* see the table above */
    char *value;
    char *variant;
    char *kind;         /* rule blocks: NULL (a rule) or advice|flavour|reference */
    char *reason;       /* why not mechanical, or why a gap */
    char *text;         /* DOC_TEXT, DOC_NUM, DOC_VAL, DOC_XREF */
};

typedef struct doc doc;
struct doc {
    doc_node *root;     /* DOC_SUMMARY */
    char *path;
    char **files;       /* interned file names */
    size_t nfiles;
};

/* ---- tree API ---------------------------------------------------------- */

const char *doc_type_name(doc_type t);
int doc_is_block(doc_type t);
/* Rule blocks are the units of coverage: para, item, step, callout, row,
 * example, flowref, gap block, cardtext. */
int doc_is_rule_block(doc_type t);
int doc_is_inline(doc_type t);

doc_node *doc_node_new(doc *d, doc_type type);
/* Appends child to parent. Returns 0, or -1 (tree unchanged) when the pair
 * is illegal (e.g. a section inside a paragraph). */
int doc_append(doc_node *parent, doc_node *child);
/* Checks every link of the tree; returns the number of broken links. */
int doc_check(const doc *d);

typedef enum { DOC_EV_NONE, DOC_EV_ENTER, DOC_EV_EXIT, DOC_EV_DONE } doc_event;
typedef struct doc_iter {
    const doc_node *root, *cur;
    doc_event ev;
} doc_iter;

/* Walks root's subtree: every node with children is entered and exited;
 * leaves are only entered. */
void doc_iter_init(doc_iter *it, const doc_node *root);
doc_event doc_iter_next(doc_iter *it);

/* Concatenates the visible text of node's subtree into a new string
 * (icons as "[name]"). Caller frees. */
char *doc_plain_text(const doc_node *node);

/* First node with this id in the subtree, or NULL. */
const doc_node *doc_find_id(const doc_node *root, const char *id);

void doc_free(doc *d);

/* ---- loading ------------------------------------------------------------ */

typedef struct doc_loader {
    const char *content_root;   /* XInclude may not leave this directory */
    const char *schema_path;    /* regelwerk.rng; NULL = no validation */
} doc_loader;

/* Parses path safely (no network, no external entities or DTDs, entity
 * expansion limits on), resolves XIncludes inside content_root, validates
 * against the schema, and builds the tree. Errors go to diags with
 * file:line. Returns NULL when the file could not be read or parsed, or is
 * invalid. */
doc *doc_load(const doc_loader *ld, const char *path, diag_list *diags);

/* The same safe parse, returning the raw libxml2 document of any content
 * file (game.xml, examples.xml, …) after XInclude and validation; for the
 * game loader. Caller frees with xmlFreeDoc(). */
struct _xmlDoc;
struct _xmlDoc *doc_parse_xml(const doc_loader *ld, const char *path, diag_list *diags);

/* The same safe parse for the tool's own data (templates, themes, icon
 * maps, the font manifest, hyphenation exceptions): XInclude confined to
 * the file's own folder, validated against schema_path unless NULL. A file
 * installed with the tool is read as carefully as content: an edited or
 * planted one must not reach the network or expand entities. */
struct _xmlDoc *doc_parse_data(const char *path, const char *schema_path, diag_list *diags);

/* The file an element of a doc_parse_xml() document came from (XInclude
 * aware), and its line. Strings are owned by the xmlDoc. */
struct _xmlNode;
const char *doc_xml_file(const struct _xmlNode *node);
int doc_xml_line(const struct _xmlNode *node);

/* Attribute name of an element as a copy the caller frees, or NULL. NULL is
 * either "absent" or "present but not copied for want of memory" (libxml2's
 * copy or ours); in the second case *oom is set to 1, so that a reader
 * reports "out of memory" instead of a missing attribute. *oom is never
 * cleared: one flag can collect a whole file's failures. */
char *doc_xml_prop(const struct _xmlNode *node, const char *name, int *oom);

/* The text content of an element as a copy the caller frees; NULL (and *oom
 * set) only when out of memory: an element without text gives "". */
char *doc_xml_content(const struct _xmlNode *node, int *oom);

/* 1-based column of the first occurrence of needle on line `line` of file,
 * or 0 when unknown; libxml2 keeps no columns for nodes, so diagnostics find
 * them in the source text (cached per file). */
int doc_src_column(const char *file, int line, const char *needle);

/* Finds needle as a whole token in file from *line (byte offset *byte of
 * it) onwards, for diagnostics about words inside a text node that spans
 * lines. 0 with *line, *col (1-based characters) and *byte just past the
 * hit, so that the next search continues there; -1 when not found. */
int doc_src_find(const char *file, int *line, int *byte, const char *needle, int *col);

/* Line `line` of file without its newline (cached), or NULL; for
 * diagnostics that show the source line. */
const char *doc_src_line(const char *file, int line);

/* Compiles the schema at path into the loader's cache, as the first parse
 * validated against it would, so that processes forked afterwards inherit
 * it instead of each compiling it again. Quiet: 0, or -1 when it did not
 * compile (then nothing is kept and that first parse reports why). */
int doc_schema_preload(const char *path);

/* Releases the loader's caches (compiled schemas, source lines). */
void doc_loader_cleanup(void);

#endif
