/* lay_inline.c — inline content as runs (see lay_inline.h). */
#include "lay_inline.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lay_typo.h"

void lay_runs_free(lay_runs *rs)
{
    for (size_t i = 0; i < rs->n; i++)
        free((char *)(uintptr_t)rs->r[i].text);
    free(rs->r);
    memset(rs, 0, sizeof *rs);
}

int lay_runs_add(lay_runs *rs, const lay_run *r, const char *text)
{
    if (rs->n == rs->cap) {
        size_t cap = rs->cap ? rs->cap * 2 : 16;
        lay_run *nr = realloc(rs->r, cap * sizeof *nr);
        if (!nr) {
            rs->failed = 1;
            return -1;
        }
        rs->r = nr;
        rs->cap = cap;
    }
    char *copy = NULL;
    if (text && !(copy = strdup(text))) {
        rs->failed = 1;
        return -1;
    }
    rs->r[rs->n] = *r;
    rs->r[rs->n++].text = copy;
    return 0;
}

int lay_runs_text(lay_runs *rs, lay_font_role role, dl_color color, const char *text, int nohyph,
                  const char *link)
{
    lay_run r = {LAY_RUN_TEXT, NULL, role, color, nohyph, NULL, link};
    return lay_runs_add(rs, &r, text ? text : "");
}

/* Prose as print sets it (lay_typo: l’Intruso, z. B.). */
static int typeset_run(lay_runs *rs, lay_font_role role, dl_color color, const char *text)
{
    char *t = lay_typo_text(text ? text : "");
    int rc = t ? lay_runs_text(rs, role, color, t, 0, NULL) : -1;
    free(t);
    if (!t)
        rs->failed = 1;
    return rc;
}

/* Parentheses open before the end of the runs so far. */
static int open_parens(const lay_runs *rs)
{
    int depth = 0;
    for (size_t k = 0; k < rs->n; k++)
        for (const char *q = rs->r[k].text; q && *q; q++)
            depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
    return depth;
}

static int xref_runs(const doc_node *n, const lay_inline_opts *o, lay_font_role role, dl_color col, lay_runs *rs)
{
    if (!o->xref_number)   /* a surface without section numbers: the words only */
        return n->text && *n->text ? lay_runs_text(rs, role, col, n->text, 1, NULL) : 0;
    const char *num = o->xref_number(o->data, n);
    if (!num && o->diags)
        diag_add(o->diags, DIAG_WARNING, n->file, n->line, 0, "xref", "cross-reference to unknown id '%s'",
                 n->ref ? n->ref : "");
    char label[64];
    /* "→ 6.2": the arrow never parts from the number (U+00A0) */
    snprintf(label, sizeof label, "\xE2\x86\x92\xC2\xA0%s", num ? num : "?");
    if (!n->text || !*n->text)
        return lay_runs_text(rs, role, col, label, 1, n->ref);
    /* inside parentheses already: "(siehe Positionen → 4)", never
     * "(siehe Positionen (→ 4))" */
    char buf[96];
    snprintf(buf, sizeof buf, open_parens(rs) > 0 ? " %s" : " (%s)", label);
    return lay_runs_text(rs, role, col, n->text, 0, n->ref) || lay_runs_text(rs, role, col, buf, 1, n->ref);
}

static int icon_run(const doc_node *n, const lay_inline_opts *o, lay_font_role role, dl_color col, lay_runs *rs)
{
    const dl_path *path = o->icons && n->ref ? icon_get(o->icons, n->ref) : NULL;
    if (path) {
        lay_run r = {LAY_RUN_ICON, NULL, role, col, 1, path, NULL};
        return lay_runs_add(rs, &r, NULL);
    }
    /* no picture for it: name it, so nothing vanishes silently */
    if (o->diags)
        diag_add(o->diags, DIAG_WARNING, n->file, n->line, 0, "icon", "no icon '%s'%s", n->ref ? n->ref : "",
                 o->icons ? "" : " (no icon set loaded)");
    char buf[128];
    snprintf(buf, sizeof buf, "[%s]", n->ref ? n->ref : "?");
    return lay_runs_text(rs, role, col, buf, 1, NULL);
}

int lay_inline_collect(const doc_node *node, const lay_inline_opts *o, lay_runs *rs)
{
    for (const doc_node *c = node->first; c; c = c->next) {
        if (!doc_is_inline(c->type))
            continue;
        doc_iter it;
        doc_iter_init(&it, c);
        int bold = 0, italic = 0, gap = 0;
        doc_event ev;
        while ((ev = doc_iter_next(&it)) != DOC_EV_DONE) {
            const doc_node *n = it.cur;
            int container = n->first != NULL;
            int delta = ev == DOC_EV_ENTER ? 1 : -1;
            if ((ev == DOC_EV_EXIT || (ev == DOC_EV_ENTER && !n->first)) && n->type == DOC_GAP) {
                /* a discreet mark after the gap's words; its note stands in
                 * the sheet's open-points box */
                int k = o->gap_number ? o->gap_number(o->data, n) : 0;
                char mark[32] = "[?]";
                if (k > 0)
                    snprintf(mark, sizeof mark, "[%d]", k);
                if (lay_runs_text(rs, LAY_FONT_BOLD, o->gap_color, mark, 1, NULL) != 0)
                    return -1;
            }
            if (container && (n->type == DOC_BOLD || n->type == DOC_LEAD))
                bold += delta;
            if (container && n->type == DOC_ITALIC)
                italic += delta;
            if (container && n->type == DOC_GAP)
                gap += delta;
            if (ev != DOC_EV_ENTER)
                continue;
            lay_font_role role = lay_font_role_style(o->role, bold > 0, italic > 0 || gap > 0);
            dl_color col = gap > 0 ? o->gap_color : o->color;
            int rc = 0;
            switch (n->type) {
            case DOC_TEXT:
            case DOC_WORD:   /* a phrase: it breaks between its words like any text */
                rc = typeset_run(rs, role, col, n->text);
                break;
            case DOC_NUM:
            case DOC_VAL:
            case DOC_MARK:   /* as written, never hyphenated */
                rc = lay_runs_text(rs, role, col, n->text, 1, NULL);
                break;
            case DOC_XREF:
                rc = xref_runs(n, o, role, col, rs);
                break;
            case DOC_ICON:
                rc = icon_run(n, o, role, col, rs);
                break;
            default:
                break;   /* containers (b, i, lead, term, gap) and invisible claims */
            }
            if (rc)
                return -1;
        }
    }
    return rs->failed ? -1 : 0;
}
