/* cmd_i18n.c — `regelwerk i18n export|import|update|status`: the
 * translation workflow. A translation lives in content/GAME/po/LANG.po (one
 * entry per segment of the source summary, see i18n_seg.h); translators
 * work on it, or on an exported XLIFF, in their own tools; `import` merges
 * what they send back, `update` follows a changed source msgmerge-style,
 * `status` counts what is done, and `check` checks the rest. */
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_args.h"
#include "game.h"
#include "i18n_po.h"
#include "i18n_seg.h"
#include "i18n_vocab.h"
#include "i18n_xliff.h"

static void usage(FILE *fp)
{
    fputs("usage: regelwerk i18n export GAME --to LANG [--format po|xliff] [-o FILE]\n"
          "       regelwerk i18n import GAME FILE [--lang LANG]\n"
          "       regelwerk i18n update GAME [--lang LANG]\n"
          "       regelwerk i18n status [GAME...] [--format text|json]\n"
          "\n"
          "Translations live in content/GAME/po/LANG.po, one entry per segment of the\n"
          "source summary (msgctxt = its ids, msgid = its text with numbered placeholders\n"
          "such as <num1>una</num1> and <icon2/>), named in game.xml as\n"
          "<language code=\"LANG\" po=\"po/LANG.po\" min-complete=\"100\"/>.\n"
          "\n"
          "  export   the segments with their translations so far, as PO or XLIFF 1.2\n"
          "           (to stdout without -o), for a translator's tool\n"
          "  import   merges a translated PO or XLIFF (told apart by content) into the\n"
          "           game's PO: refuses a file of another game, language or source\n"
          "           version; keeps every entry the file does not mention\n"
          "  update   follows the source: new segments untranslated, changed ones fuzzy\n"
          "           with the previous source (#| msgid), removed ones obsolete (#~)\n"
          "  status   translated, fuzzy and untranslated segments and words per language\n",
          fp);
}

/* ---- shared ----------------------------------------------------------------------- */

typedef struct ctx {
    const cli_env *env;
    game *g;
    const game_lang *src;
    diag_list diags;
} ctx;

static int load(ctx *c, const char *gid)
{
    diag_list_init(&c->diags);
    doc_loader ld = {c->env->content, c->env->schema};
    c->g = game_load(&ld, c->env->content, gid, c->env->templates, &c->diags);
    c->src = c->g ? game_find_lang(c->g, c->g->source_lang) : NULL;
    if (!c->src || !c->src->doc) {
        if (c->g && !c->src)
            diag_add(&c->diags, DIAG_ERROR, c->g->loc.file, c->g->loc.line, 0, "i18n",
                     "the source language is not among the game's languages");
        return -1;
    }
    return 0;
}

static void finish(ctx *c)
{
    diag_print(&c->diags, stderr);
    diag_list_free(&c->diags);
    game_free(c->g);
}

static const char *source_version(const ctx *c)
{
    const char *v = c->src->doc->root->variant;
    return v ? v : "";
}

static const char *form_in(const game_term *t, const char *lang)
{
    for (size_t i = 0; i < t->nforms; i++)
        if (t->langs[i] && lang && strcmp(t->langs[i], lang) == 0)
            return t->forms[i];
    return NULL;
}

typedef struct notes_ctx {
    const game *g;
    const game_lang *src;
    const char *lang;
} notes_ctx;

/* The extracted comments of a segment: where it stands, the glossary
 * terms in it with their target forms, and what every placeholder binds,
 * so that a translator sees what must stay true. */
static char *notes_for(void *vctx, const i18n_seg *s)
{
    const notes_ctx *n = vctx;
    size_t cap = 4096, u = 0;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    out[0] = '\0';
#define ADD(...) (u += u < cap ? (size_t)snprintf(out + u, cap - u, __VA_ARGS__) : 0)
    if (s->section[0])
        ADD("section: %s\n", s->section);
    if (s->kind == I18N_SEG_REASON) {
        ADD("the reason printed for a gap in the source (open points)\n");
        if (u && out[u - 1] == '\n')
            out[--u] = '\0';
        return out;
    }
    const doc_node *el[256];
    size_t ne = i18n_seg_elems(s->node, el, 256);
    for (size_t k = 0; k < ne && k < 256 && u < cap; k++) {
        const doc_node *x = el[k];
        long v;
        long wv;
        const char *concept = NULL;
        switch (x->type) {
        case DOC_TERM: {
            const game_term *t = game_find_term(n->g, x->ref);
            const char *to = t ? form_in(t, n->lang) : NULL;
            ADD("term%zu %s: %s \xE2\x86\x92 %s: %s", k + 1, x->ref ? x->ref : "?",
                t && form_in(t, n->src->code) ? form_in(t, n->src->code) : "?", n->lang,
                to ? to : "(no form in glossary.xml yet)");
            for (size_t a = 0; t && a < t->navoids; a++)
                if (t->avoid_langs[a] && strcmp(t->avoid_langs[a], n->lang) == 0)
                    ADD(", not \"%s\"", t->avoids[a]);
            ADD("\n");
            break;
        }
        case DOC_NUM:
            if (n->src->vocab && i18n_parse_number(n->src->vocab, x->text, &v) == 0)
                ADD("num%zu %s = %ld\n", k + 1, x->ref ? x->ref : "?", v);
            else
                ADD("num%zu %s = %s\n", k + 1, x->ref ? x->ref : "?", x->text ? x->text : "");
            break;
        case DOC_VAL:
            ADD("val%zu %s = %s%s\n", k + 1, x->ref ? x->ref : "?", x->text ? x->text : "",
                x->variant && strcmp(x->variant, "given") == 0 ? " (given)" : "");
            break;
        case DOC_WORD:
            if (n->src->vocab && i18n_rule_phrase(n->src->vocab, x->text, &wv, &concept) == 0)
                ADD("word%zu %s: %s\n", k + 1, x->ref ? x->ref : "?", concept);
            else
                ADD("word%zu %s\n", k + 1, x->ref ? x->ref : "?");
            break;
        case DOC_CLAIM:
            ADD("claim%zu %s = %s (not printed)\n", k + 1, x->ref ? x->ref : "?", x->value ? x->value : "?");
            break;
        case DOC_ICON:
            ADD("icon%zu: %s\n", k + 1, x->ref ? x->ref : "?");
            break;
        case DOC_XREF:
            ADD("ref%zu \xE2\x86\x92 %s\n", k + 1, x->ref ? x->ref : "?");
            break;
        case DOC_MARK:
            ADD("n%zu: not a rule (%s)\n", k + 1, x->reason ? x->reason : "?");
            break;
        case DOC_GAP:
            ADD("gap%zu: its reason is the entry %s/gap-%zu\n", k + 1, s->ctx, k + 1);
            break;
        default:
            break;
        }
    }
    if (ne)
        ADD("keep every placeholder <...N>; translate the words inside them\n");
#undef ADD
    if (u >= cap)
        u = cap - 1;
    out[u] = '\0';
    if (u && out[u - 1] == '\n')
        out[--u] = '\0';
    return out;
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The PO of lang: its path (game.xml's po=, else po/LANG.po) and its
 * catalog, read or new, carrying the current source's identity. NULL with
 * a diagnostic when an existing PO cannot be read. */
static i18n_cat *target_cat(ctx *c, const char *lang, char *path, size_t pathlen)
{
    game_lang *l = NULL;
    for (size_t i = 0; i < c->g->nlangs; i++)
        if (c->g->langs[i].code && strcmp(c->g->langs[i].code, lang) == 0)
            l = &c->g->langs[i];
    i18n_cat *cat = NULL;
    if (l && l->is_po) {
        snprintf(path, pathlen, "%s", l->path);
        cat = l->cat;
        l->cat = NULL;
    } else {
        snprintf(path, pathlen, "%s/po/%s.po", c->g->dir, lang);
    }
    if (!cat && exists(path))
        cat = i18n_po_read(path, &c->diags);
    else if (!cat)
        cat = i18n_cat_new(lang, NULL, NULL, NULL);
    if (!cat)
        return NULL;
    char **fields[] = {&cat->lang, &cat->game, &cat->source_lang, &cat->source_version};
    const char *values[] = {lang, c->g->id, c->g->source_lang, source_version(c)};
    for (size_t i = 0; i < 4; i++) {
        free(*fields[i]);
        *fields[i] = values[i] ? strdup(values[i]) : NULL;
    }
    return cat;
}

static int sync_cat(ctx *c, i18n_cat *cat, const char *lang, i18n_sync_stats *st)
{
    i18n_segs segs;
    if (i18n_segs_collect(c->src->doc, &segs) != 0)
        return -1;
    notes_ctx nc = {c->g, c->src, lang};
    int rc = i18n_cat_sync(cat, &segs, notes_for, &nc, st);
    i18n_segs_free(&segs);
    return rc;
}

static int copy_out(const char *tmp)
{
    FILE *fp = fopen(tmp, "rb");
    if (!fp)
        return -1;
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
        fwrite(buf, 1, n, stdout);
    fclose(fp);
    return 0;
}

/* ---- export --------------------------------------------------------------------------- */

static int do_export(ctx *c, const char *lang, int xliff, const char *out)
{
    if (c->g->source_lang && strcmp(lang, c->g->source_lang) == 0) {
        diag_tool("i18n export", DIAG_ERROR, "%s is the source language of %s", lang, c->g->id);
        return CLI_USAGE;
    }
    char path[4096];
    i18n_cat *cat = target_cat(c, lang, path, sizeof path);
    i18n_sync_stats st;
    if (!cat || sync_cat(c, cat, lang, &st) != 0) {
        i18n_cat_free(cat);
        return CLI_FAIL;
    }
    char tmp[] = "/tmp/regelwerk-export-XXXXXX";
    const char *dest = out;
    if (!dest) {
        int fd = mkstemp(tmp);
        if (fd < 0) {
            i18n_cat_free(cat);
            return CLI_FAIL;
        }
        close(fd);
        dest = tmp;
    }
    int rc;
    if (xliff)
        rc = i18n_xliff_write(cat, c->src->path, dest, &c->diags);
    else
        rc = i18n_po_write(cat, dest, &c->diags);
    if (!out) {
        if (rc == 0)
            copy_out(tmp);
        unlink(tmp);
    }
    i18n_cat_free(cat);
    return rc == 0 ? CLI_OK : CLI_FAIL;
}

/* ---- import ----------------------------------------------------------------------------- */

static int is_xliff(const char *file)
{
    FILE *fp = fopen(file, "rb");
    if (!fp)
        return 0;
    char head[1024];
    size_t n = fread(head, 1, sizeof head - 1, fp);
    fclose(fp);
    head[n] = '\0';
    return strstr(head, "<xliff") != NULL;
}

static int mkdir_for(const char *path)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

static int do_import(ctx *c, const char *file, const char *lang_opt)
{
    int xliff = is_xliff(file);
    i18n_cat *in = xliff ? i18n_xliff_read(file, &c->diags) : i18n_po_read(file, &c->diags);
    if (!in)
        return CLI_FAIL;
    const char *lang = lang_opt ? lang_opt : in->lang;
    const char *src_version = source_version(c);
    int refused = 0;
    int hl = xliff ? 0 : in->header_line;
    if (!lang || !lang[0]) {
        diag_add(&c->diags, DIAG_ERROR, file, hl, 0, "i18n",
                 "this file does not say its target language: pass --lang LANG");
        refused = 1;
    } else if (in->lang && in->lang[0] && strcmp(in->lang, lang) != 0) {
        diag_add(&c->diags, DIAG_ERROR, file, hl, 0, "i18n",
                 "this file is a translation into \"%s\", not \"%s\"", in->lang, lang);
        refused = 1;
    } else if (c->g->source_lang && strcmp(lang, c->g->source_lang) == 0) {
        diag_add(&c->diags, DIAG_ERROR, file, hl, 0, "i18n", "%s is the source language of %s", lang, c->g->id);
        refused = 1;
    }
    if (in->game && in->game[0] && strcmp(in->game, c->g->id) != 0) {
        diag_add(&c->diags, DIAG_ERROR, file, hl, 0, "i18n", "this file translates the game \"%s\", not \"%s\"",
                 in->game, c->g->id);
        refused = 1;
    }
    /* a file that does not name the game was rewritten by another tool
     * (po2xliff writes source-language="en-US" whatever the source): its
     * source language is not ours to trust, its units still match by key
     * and source text */
    int ours = in->game && in->game[0];
    if (in->source_lang && in->source_lang[0] && c->g->source_lang && strcmp(in->source_lang, c->g->source_lang) != 0) {
        diag_add(&c->diags, ours ? DIAG_ERROR : DIAG_WARNING, file, hl, 0, "i18n",
                 "this file translates from \"%s\", but %s's source language is \"%s\"", in->source_lang, c->g->id,
                 c->g->source_lang);
        refused |= ours;
    }
    if (in->source_version && in->source_version[0] && strcmp(in->source_version, src_version) != 0) {
        diag_add(&c->diags, DIAG_ERROR, file, hl, 0, "i18n",
                 "this file was made from version %s of %s, which is now version %s: export again and "
                 "carry the translations over",
                 in->source_version, c->src->path, src_version);
        refused = 1;
    }
    if (refused) {
        i18n_cat_free(in);
        return CLI_FAIL;
    }
    char path[4096];
    i18n_cat *cat = target_cat(c, lang, path, sizeof path);
    i18n_sync_stats st;
    if (!cat || sync_cat(c, cat, lang, &st) != 0) {
        i18n_cat_free(cat);
        i18n_cat_free(in);
        return CLI_FAIL;
    }
    /* every unit is checked before anything is written: a file with one
     * broken unit is refused whole */
    int errors = 0, merged = 0, review = 0, ignored = 0;
    for (size_t i = 0; i < in->n; i++) {
        const i18n_entry *x = &in->e[i];
        if (x->obsolete || !x->msgstr[0])
            continue;
        i18n_entry *e = i18n_cat_find(cat, x->ctx);
        if (!e) {
            diag_add(&c->diags, DIAG_WARNING, file, x->line, 0, "i18n",
                     "\"%s\" is no segment of the %s source: ignored", x->ctx, c->g->source_lang);
            ignored++;
            continue;
        }
        char want[1024], got[1024], err[300];
        if (i18n_seg_placeholders(x->msgstr, got, sizeof got, err, sizeof err) != 0) {
            diag_add(&c->diags, DIAG_ERROR, file, x->line, 0, "i18n", "%s: %s", x->ctx, err);
            errors++;
            continue;
        }
        want[0] = ' ';
        if (i18n_seg_placeholders(e->msgid, want + 1, sizeof want - 1, err, sizeof err) == 0) {
            /* every placeholder of the translation is one of the source's */
            for (char *save = NULL, *tok = strtok_r(got, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
                char needle[64];
                snprintf(needle, sizeof needle, " %s ", tok);
                if (!strstr(want, needle)) {
                    diag_add(&c->diags, DIAG_ERROR, file, x->line, 0, "i18n",
                             "%s: placeholder <%s> is not in the source text \"%s\"", x->ctx, tok, e->msgid);
                    errors++;
                }
            }
        }
    }
    if (errors) {
        diag_add(&c->diags, DIAG_ERROR, file, 0, 0, "i18n", "%d broken unit%s: nothing imported", errors,
                 errors == 1 ? "" : "s");
        i18n_cat_free(cat);
        i18n_cat_free(in);
        return CLI_FAIL;
    }
    for (size_t i = 0; i < in->n; i++) {
        const i18n_entry *x = &in->e[i];
        i18n_entry *e = x->obsolete || !x->msgstr[0] ? NULL : i18n_cat_find(cat, x->ctx);
        if (!e)
            continue;
        char *s = strdup(x->msgstr);
        if (!s)
            continue;
        free(e->msgstr);
        e->msgstr = s;
        free(e->prev_msgid);
        e->prev_msgid = NULL;
        /* translated from another source text than today's: needs review */
        if (strcmp(x->msgid, e->msgid) != 0) {
            e->fuzzy = 1;
            e->prev_msgid = strdup(x->msgid);
        } else {
            e->fuzzy = x->fuzzy;
            if (x->fuzzy && x->prev_msgid)
                e->prev_msgid = strdup(x->prev_msgid);
        }
        if (x->comments) {
            free(e->comments);
            e->comments = strdup(x->comments);
        }
        merged++;
        review += e->fuzzy;
    }
    int rc = CLI_FAIL;
    if (mkdir_for(path) != 0)
        diag_add(&c->diags, DIAG_ERROR, path, 0, 0, "i18n", "cannot create its folder");
    else if (i18n_po_write(cat, path, &c->diags) == 0) {
        rc = CLI_OK;
        printf("%s: %d translation%s imported from %s (%d to review), %d unit%s ignored\n", path, merged,
               merged == 1 ? "" : "s", file, review, ignored, ignored == 1 ? "" : "s");
        const game_lang *l = game_find_lang(c->g, lang);
        if (!l || !l->is_po)
            printf("add it to %s/game.xml: <language code=\"%s\" po=\"po/%s.po\" min-complete=\"100\"/>\n",
                   c->g->dir, lang, lang);
    }
    i18n_cat_free(cat);
    i18n_cat_free(in);
    return rc;
}

/* ---- update ---------------------------------------------------------------------------- */

static int do_update(ctx *c, const char *only)
{
    int rc = CLI_OK, any = 0;
    for (size_t i = 0; i < c->g->nlangs; i++) {
        game_lang *l = &c->g->langs[i];
        if (!l->is_po || (only && strcmp(only, l->code) != 0))
            continue;
        any = 1;
        if (!l->cat) {
            rc = CLI_FAIL;   /* unreadable or missing: reported by the loader */
            continue;
        }
        char path[4096];
        i18n_cat *cat = target_cat(c, l->code, path, sizeof path);
        i18n_sync_stats st;
        if (!cat || sync_cat(c, cat, l->code, &st) != 0 || i18n_po_write(cat, path, &c->diags) != 0)
            rc = CLI_FAIL;
        else
            printf("%s: %d new, %d changed (fuzzy), %d obsolete, %d unchanged\n", path, st.added, st.changed,
                   st.obsoleted, st.kept);
        i18n_cat_free(cat);
    }
    if (!any) {
        diag_tool("i18n update", DIAG_ERROR, "%s has no translation kept as PO%s%s", c->g->id,
                only ? " for " : "", only ? only : "");
        return CLI_FAIL;
    }
    return rc;
}

/* ---- status ----------------------------------------------------------------------------- */

static void thousands(long v, char *out, size_t len)
{
    char raw[32];
    snprintf(raw, sizeof raw, "%ld", v);
    size_t n = strlen(raw), j = 0;
    for (size_t i = 0; i < n && j + 2 < len; i++) {
        if (i && (n - i) % 3 == 0)
            out[j++] = ',';
        out[j++] = raw[i];
    }
    out[j] = '\0';
}

static int do_status(const cli_env *env, char **games, int json)
{
    char **all = NULL;
    if ((!games || !games[0]) && !(games = all = cli_game_names(env->content)))
        return CLI_FAIL;
    json_object *root = json ? json_object_new_object() : NULL, *arr = json ? json_object_new_array() : NULL;
    int rc = CLI_OK;
    for (char **gid = games; gid && *gid; gid++) {
        ctx c = {env, NULL, NULL, {0}};
        if (load(&c, *gid) != 0) {
            rc = CLI_FAIL;
            finish(&c);
            continue;
        }
        i18n_segs segs;
        if (i18n_segs_collect(c.src->doc, &segs) != 0) {
            finish(&c);
            rc = CLI_FAIL;
            continue;
        }
        if (!json)
            printf("%s (source %s, %zu segments)\n", c.g->id, c.g->source_lang, segs.n);
        for (size_t i = 0; i < c.g->nlangs; i++) {
            const game_lang *l = &c.g->langs[i];
            if (!l->is_po)
                continue;
            i18n_stats st;
            i18n_cat_stats(l->cat, &segs, &st);
            double pct = st.words_total ? 100.0 * (double)st.words_translated / (double)st.words_total : 100.0;
            if (json) {
                json_object *o = json_object_new_object();
                json_object_object_add(o, "game", json_object_new_string(c.g->id));
                json_object_object_add(o, "lang", json_object_new_string(l->code));
                json_object_object_add(o, "translated", json_object_new_int(st.translated));
                json_object_object_add(o, "fuzzy", json_object_new_int(st.fuzzy));
                json_object_object_add(o, "untranslated", json_object_new_int(st.untranslated));
                json_object_object_add(o, "words_translated", json_object_new_int64(st.words_translated));
                json_object_object_add(o, "words_total", json_object_new_int64(st.words_total));
                json_object_object_add(o, "percent", json_object_new_double((double)(long)(pct * 10 + 0.5) / 10));
                json_object_object_add(o, "min_complete", json_object_new_int(l->min_complete));
                json_object_array_add(arr, o);
            } else {
                char a[32], b[32];
                thousands(st.words_translated, a, sizeof a);
                thousands(st.words_total, b, sizeof b);
                printf("  %s: %d translated, %d fuzzy, %d untranslated segments; %s/%s words (%.1f %%)%s\n",
                       l->code, st.translated, st.fuzzy, st.untranslated, a, b, pct,
                       l->cat ? "" : " (no readable PO)");
            }
        }
        i18n_segs_free(&segs);
        finish(&c);
    }
    if (json) {
        json_object_object_add(root, "version", json_object_new_int(1));
        json_object_object_add(root, "languages", arr);
        puts(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED));
        json_object_put(root);
    }
    game_names_free(all);
    return rc;
}

/* ---- the subcommand --------------------------------------------------------------------- */

/* One verb with its operands (pos[0..npos), NULL after them) and options. */
static int cmd_i18n_verb(const cli_env *env, const char *verb, char **pos, int npos, const char *to,
                         const char *lang, const char *out, const char *format)
{
    if (!strcmp(verb, "status")) {
        if (format && strcmp(format, "json") && strcmp(format, "text")) {
            diag_tool("i18n status", DIAG_ERROR, "--format wants text or json");
            return CLI_USAGE;
        }
        return do_status(env, pos, format && !strcmp(format, "json"));
    }
    int want = !strcmp(verb, "import") ? 2 : 1;
    if ((strcmp(verb, "export") && strcmp(verb, "import") && strcmp(verb, "update")) || npos != want ||
        (!strcmp(verb, "export") && !to))
        return cli_usage_error("i18n", "%s: wants %s", verb,
                               !strcmp(verb, "import") ? "GAME FILE" : !strcmp(verb, "export") ? "GAME --to LANG"
                               : !strcmp(verb, "update") ? "GAME" : "export, import, update or status");
    if (format && strcmp(format, "po") && strcmp(format, "xliff")) {
        return cli_usage_error("i18n", "export: --format wants po or xliff, not '%s'", format);
    }
    ctx c = {env, NULL, NULL, {0}};
    int rc;
    if (load(&c, pos[0]) != 0)
        rc = CLI_FAIL;
    else if (!strcmp(verb, "export"))
        rc = do_export(&c, to, format && !strcmp(format, "xliff"), out);
    else if (!strcmp(verb, "import"))
        rc = do_import(&c, pos[1], lang);
    else
        rc = do_update(&c, lang);
    /* the loader's findings about the translations being replaced are not
     * this command's business; errors that stop it are */
    finish(&c);
    return rc;
}

typedef struct i18n_opts {
    const char *to, *lang, *out, *format;
} i18n_opts;

static int on_option(void *data, int c, const char *arg)
{
    i18n_opts *o = data;
    switch (c) {
    case 'h':
        usage(stdout);
        return CLI_DONE;
    case 't': o->to = arg; return CLI_OK;
    case 'l': o->lang = arg; return CLI_OK;
    case 'o': o->out = arg; return CLI_OK;
    case 'f': o->format = arg; return CLI_OK;
    default: return CLI_USAGE;
    }
}

int cmd_i18n(int argc, char **argv, const cli_env *env)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},         {"to", required_argument, NULL, 't'},
        {"lang", required_argument, NULL, 'l'},   {"output", required_argument, NULL, 'o'},
        {"format", required_argument, NULL, 'f'}, {NULL, 0, NULL, 0},
    };
    i18n_opts o = {NULL, NULL, NULL, NULL};
    char **rest = NULL;
    size_t nrest = 0;
    int prc = cli_getopt("i18n", argc, argv, "ho:", longopts, on_option, &o, &rest, &nrest);
    if (prc == CLI_OK && nrest == 0)
        prc = cli_usage_error("i18n", "a verb is missing (export, import, update, status)");
    if (prc != CLI_OK) {
        free(rest);
        return prc == CLI_DONE ? CLI_OK : prc;
    }
    /* the verb, then its operands (NULL-terminated, as do_status wants) */
    const char *verb = rest[0];
    char **pos = rest + 1;
    int npos = (int)nrest - 1;
    const char *to = o.to, *lang = o.lang, *out = o.out, *format = o.format;
    int rc = cmd_i18n_verb(env, verb, pos, npos, to, lang, out, format);
    free(rest);
    return rc;
}
