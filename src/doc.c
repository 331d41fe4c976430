/* doc.c — the document tree: nodes, legal nesting, iterator, free. */
#include "doc.h"

#include <stdlib.h>
#include <string.h>

static const char *const type_names[DOC_TYPE_COUNT] = {
    [DOC_NONE] = "none",         [DOC_SUMMARY] = "summary",   [DOC_TITLE] = "title",
    [DOC_SUBTITLE] = "subtitle", [DOC_SECTION] = "section",   [DOC_HEADING] = "h",
    [DOC_PARA] = "p",            [DOC_LIST] = "list",         [DOC_ITEM] = "item",
    [DOC_STEPS] = "steps",       [DOC_STEP] = "step",         [DOC_CALLOUT] = "callout",
    [DOC_TABLE] = "table",       [DOC_TABLE_HEAD] = "head",   [DOC_ROW] = "row",
    [DOC_CELL] = "cell",         [DOC_EXAMPLE] = "example",   [DOC_FLOWREF] = "flowchart",
    [DOC_GAP_BLOCK] = "gap",     [DOC_TERMLIST] = "termlist", [DOC_FLOWTEXT] = "flowtext", [DOC_LABEL] = "label",
    [DOC_CARDTEXT] = "cardtext", [DOC_CARDNAME] = "name",     [DOC_CARDBODY] = "text",
    [DOC_TEXT] = "#text",        [DOC_BOLD] = "b",            [DOC_ITALIC] = "i",
    [DOC_LEAD] = "lead",         [DOC_TERM] = "term",         [DOC_ICON] = "icon",
    [DOC_NUM] = "num",           [DOC_CLAIM] = "claim",       [DOC_VAL] = "val",
    [DOC_XREF] = "ref",          [DOC_GAP] = "gap",           [DOC_MARK] = "n",
    [DOC_WORD] = "word",
};

const char *doc_type_name(doc_type t)
{
    return (t > DOC_NONE && t < DOC_TYPE_COUNT) ? type_names[t] : "none";
}

int doc_is_inline(doc_type t)
{
    return t >= DOC_TEXT && t < DOC_TYPE_COUNT;
}

int doc_is_block(doc_type t)
{
    switch (t) {
    case DOC_PARA: case DOC_LIST: case DOC_STEPS: case DOC_CALLOUT: case DOC_TABLE:
    case DOC_EXAMPLE: case DOC_FLOWREF: case DOC_GAP_BLOCK: case DOC_TERMLIST:
        return 1;
    default:
        return 0;
    }
}

int doc_is_rule_block(doc_type t)
{
    switch (t) {
    case DOC_PARA: case DOC_ITEM: case DOC_STEP: case DOC_CALLOUT: case DOC_ROW:
    case DOC_EXAMPLE: case DOC_FLOWREF: case DOC_GAP_BLOCK: case DOC_CARDTEXT:
        return 1;
    default:
        return 0;
    }
}

/* Which children a node type may hold; the schema says the same, this keeps
 * trees built in code (tests, layout) from going wrong. */
static int can_contain(doc_type parent, doc_type child)
{
    int inl = doc_is_inline(child);
    switch (parent) {
    case DOC_SUMMARY:
        return child == DOC_TITLE || child == DOC_SUBTITLE || child == DOC_SECTION ||
               child == DOC_FLOWTEXT || child == DOC_CARDTEXT;
    case DOC_SECTION:
        return child == DOC_HEADING || child == DOC_SECTION || doc_is_block(child);
    case DOC_LIST:
        return child == DOC_ITEM;
    case DOC_STEPS:
        return child == DOC_STEP;
    case DOC_ITEM:
        return inl || child == DOC_LIST || child == DOC_PARA || child == DOC_CALLOUT;
    case DOC_STEP:
        return inl || child == DOC_LIST || child == DOC_PARA || child == DOC_CALLOUT ||
               child == DOC_TABLE;
    case DOC_CALLOUT:
        return inl || child == DOC_LIST;
    case DOC_TABLE:
        return child == DOC_TABLE_HEAD || child == DOC_ROW;
    case DOC_TABLE_HEAD:
    case DOC_ROW:
        return child == DOC_CELL;
    case DOC_FLOWTEXT:
        return child == DOC_TITLE || child == DOC_LABEL;
    case DOC_CARDTEXT:
        return child == DOC_CARDNAME || child == DOC_CARDBODY;
    case DOC_TITLE: case DOC_SUBTITLE: case DOC_HEADING: case DOC_PARA: case DOC_CELL:
    case DOC_EXAMPLE: case DOC_GAP_BLOCK: case DOC_LABEL: case DOC_CARDNAME:
    case DOC_CARDBODY: case DOC_BOLD: case DOC_ITALIC: case DOC_LEAD: case DOC_TERM:
    case DOC_GAP:
        return inl;
    default:
        return 0;   /* leaves: text, icon, num, claim, val, ref, flowref */
    }
}

doc_node *doc_node_new(doc *d, doc_type type)
{
    (void)d;
    doc_node *n = calloc(1, sizeof *n);
    if (n)
        n->type = type;
    return n;
}

int doc_append(doc_node *parent, doc_node *child)
{
    if (!parent || !child || child->parent || !can_contain(parent->type, child->type))
        return -1;
    child->parent = parent;
    child->prev = parent->last;
    child->next = NULL;
    if (parent->last)
        parent->last->next = child;
    else
        parent->first = child;
    parent->last = child;
    return 0;
}

int doc_check(const doc *d)
{
    int broken = 0;
    if (!d || !d->root)
        return 0;
    doc_iter it;
    doc_iter_init(&it, d->root);
    doc_event ev;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        if (ev != DOC_EV_ENTER)
            continue;
        const doc_node *n = it.cur;
        const doc_node *prev = NULL;
        for (const doc_node *c = n->first; c; c = c->next) {
            if (c->parent != n || c->prev != prev || !can_contain(n->type, c->type))
                broken++;
            prev = c;
        }
        if (n->last != prev)
            broken++;
    }
    return broken;
}

void doc_iter_init(doc_iter *it, const doc_node *root)
{
    it->root = root;
    it->cur = NULL;
    it->ev = DOC_EV_NONE;
}

doc_event doc_iter_next(doc_iter *it)
{
    if (!it->root || it->ev == DOC_EV_DONE)
        return it->ev = DOC_EV_DONE;
    if (it->ev == DOC_EV_NONE) {
        it->cur = it->root;
        return it->ev = DOC_EV_ENTER;
    }
    const doc_node *cur = it->cur;
    if (it->ev == DOC_EV_ENTER && cur->first) {
        it->cur = cur->first;
        return it->ev = DOC_EV_ENTER;
    }
    /* cur is finished: a leaf that was entered, or a container exited. */
    if (cur == it->root)
        return it->ev = DOC_EV_DONE;
    if (cur->next) {
        it->cur = cur->next;
        return it->ev = DOC_EV_ENTER;
    }
    it->cur = cur->parent;
    return it->ev = DOC_EV_EXIT;
}

static void node_free_fields(doc_node *n)
{
    free(n->id);
    free(n->ref);
    free(n->value);
    free(n->variant);
    free(n->kind);
    free(n->reason);
    free(n->text);
    free(n);
}

/* Frees a subtree without recursion: children are spliced into the list of
 * nodes still to free (cmark's trick), so nesting depth costs nothing. */
static void free_subtree(doc_node *n)
{
    doc_node *todo = n;
    n->next = NULL;
    while (todo) {
        doc_node *cur = todo;
        todo = todo->next;
        if (cur->first) {
            cur->last->next = todo;
            todo = cur->first;
        }
        node_free_fields(cur);
    }
}

void doc_free(doc *d)
{
    if (!d)
        return;
    if (d->root)
        free_subtree(d->root);
    for (size_t i = 0; i < d->nfiles; i++)
        free(d->files[i]);
    free(d->files);
    free(d->path);
    free(d);
}

const doc_node *doc_find_id(const doc_node *root, const char *id)
{
    doc_iter it;
    doc_iter_init(&it, root);
    doc_event ev;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE)
        if (ev == DOC_EV_ENTER && it.cur->id && strcmp(it.cur->id, id) == 0)
            return it.cur;
    return NULL;
}

typedef struct sbuf {
    char *s;
    size_t n, cap;
    int oom;
} sbuf;

static void sbuf_put(sbuf *b, const char *s)
{
    size_t len = strlen(s);
    if (b->oom)
        return;
    if (b->n + len + 1 > b->cap) {
        size_t cap = (b->n + len + 1) * 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, len + 1);
    b->n += len;
}

char *doc_plain_text(const doc_node *node)
{
    sbuf b = {0};
    sbuf_put(&b, "");
    doc_iter it;
    doc_iter_init(&it, node);
    doc_event ev;
    while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
        if (ev != DOC_EV_ENTER)
            continue;
        const doc_node *n = it.cur;
        if (n->text)
            sbuf_put(&b, n->text);
        else if (n->type == DOC_ICON && n->ref) {
            sbuf_put(&b, "[");
            sbuf_put(&b, n->ref);
            sbuf_put(&b, "]");
        }
    }
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}
