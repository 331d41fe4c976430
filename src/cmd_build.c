/* cmd_build.c — `regelwerk build`: content → layout → display list → device.
 *
 * Layout runs once per sheet into a display list; the list is then replayed
 * into the chosen device, which writes a temporary file and renames it into
 * place on close, so a failed build leaves nothing half-written in out/.
 */
#include <errno.h>
#include <json-c/json.h>
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chk.h"
#include "chk_out.h"
#include "cli.h"
#include "cli_args.h"
#include "dev_cairo.h"
#include "dev_haru.h"
#include "dev_trace.h"
#include "dl.h"
#include "game.h"
#include "icon.h"
#include "lay_cards.h"
#include "lay_flow.h"
#include "lay_font.h"
#include "lay_hyph.h"
#include "lay_sheet.h"
#include "lay_words.h"
#include "lay_template.h"
#include "lay_typo.h"
#include "out.h"

static void usage(FILE *fp)
{
    fputs("usage: regelwerk build [GAME...] [--lang L] [--only sheet|cards|flow] [--device haru|cairo|trace]\n"
          "                       [--format pdf|png|svg] [--paper a4|letter] [--pages N]\n"
          "                       [--strict] [--no-verify] [-o DIR] [--flow FLOW] [--dot DIR]\n"
          "                       [--layout home|shop] [--card-size SIZE] [--duplex long|short]\n"
          "                       [--back-offset X,Y] [--alignment] [--corner-guides] [--dpi N]\n"
          "\n"
          "Checks each game (as `regelwerk check` does) and renders the outputs\n"
          "configured in its game.xml (all games when none\n"
          "is named) into DIR/GAME/ (default DIR: out): sheets as GAME-LANG-PAPER.pdf,\n"
          "flowcharts (laid out by Graphviz's dot with room for every branch label, one\n"
          "page each, scaled to fill it up to 12 pt labels, the paper turned whichever\n"
          "way prints larger; overlaps measured and reported) as\n"
          "GAME-LANG-flow-FLOW-PAPER.pdf, status cards (63 x 88 mm with 3 mm bleed, as\n"
          "many as fit a page with crop marks, full-bleed backs mirrored for long-edge\n"
          "duplex, a colophon with credits and licences) as GAME-LANG-cards-PAPER.pdf;\n"
          ".svg alike, .png one file per page (-N.png).\n"
          "\n"
          "  --lang L          only this language\n"
          "  --only KIND       sheet, cards or flow: only this kind of output\n"
          "  --flow FLOW       only the flowchart of this flow (flows.xml's id); of the\n"
          "                    game's flows only this one is checked\n"
          "  --dot DIR         also write each flowchart's graph, as given to Graphviz,\n"
          "                    to DIR/GAME/NAME.dot (one graph a page), for `dot -Tpdf`\n"
          "  --report json     on stdout: every file written with its figures and every\n"
          "                    diagnostic, as one JSON object (version 1)\n"
          "  --device D        haru (libharu), cairo (default), or trace: what would be\n"
          "                    painted, as text (NAME.trace), for reading and diffing\n"
          "  --format F        pdf (default), png or svg (png and svg need --device cairo)\n"
          "  --paper P         a4 or letter, overriding the configured papers\n"
          "  --pages N         fit each sheet on N pages, shrinking within the floor\n"
          "  --strict          any layout flaw (overfull line, widow, ..., a flowchart\n"
          "                    whose labels overlap or would print below 6.5 pt) is an error\n"
          "  --no-verify       build games that fail their checks too; every page then\n"
          "                    says \"nicht verifiziert\" / \"non verificato\"\n"
          "  -o DIR            output folder (default out)\n"
          "  --layout L        cards: home (sheets with crop marks, default) or shop (one\n"
          "                    card a page at trim plus bleed, TrimBox and BleedBox, front\n"
          "                    then back: GAME-LANG-cards-shop.pdf)\n"
          "  --card-size S     poker (63 x 88 mm, default), bridge (57 x 89), mini (44 x 67),\n"
          "                    tarot (70 x 120) or WxH in mm\n"
          "  --duplex D        long (default) or short: how the backs are mirrored, and\n"
          "                    the PDF's duplex hint\n"
          "  --back-offset X,Y move the backs X mm right, Y mm down (what --alignment shows)\n"
          "  --alignment       cards: a duplex alignment page pair first\n"
          "  --corner-guides   cards: the rounded corners as a thin line\n"
          "  --dpi N           PNG resolution (default 300 for cards, 150 else)\n"
          "\n"
          "A game that fails a check is not built: nothing is written. A text-only game\n"
          "(engine=\"none\") is built marked as not verified. A card whose text would\n"
          "print below 6.5 pt fails the build. Prints one quality line per sheet,\n"
          "flowchart and card file. Exit status: 0 ok, 1 a check or build failed, 2 usage.\n",
          fp);
}

typedef struct build_opts {
    const char *lang, *only, *device, *format, *paper, *outdir;
    const char *flow;         /* --flow: only this flow's chart */
    const char *dot_dir;      /* --dot: each chart's graph in DOT there too */
    int pages, strict;
    int no_verify;            /* build without checking first; pages say so */
    /* cards and PNG */
    int shop;                 /* --layout shop */
    const char *card_size;    /* poker, bridge, mini, tarot or WxH (mm), or NULL */
    double card_w, card_h;    /* mm, when card_size is set */
    int duplex_short;         /* --duplex short */
    double back_dx, back_dy;  /* --back-offset, mm */
    int alignment, corner_guides;
    double dpi;               /* --dpi, 0: 300 for cards, 150 else */
    int quiet;                /* -q: no line for each file written */
    json_object *report;      /* --report json: one object per file written, else NULL */
    long *written, *unwritten;/* files written, outputs that failed: the summary's counts */
} build_opts;

/* --report json: what was written, with its figures (version 1). */
static void report_file(const build_opts *bo, const char *kind, const game *g, const char *lang,
                        const char *paper, const char *path, json_object *figures)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "kind", json_object_new_string(kind));
    json_object_object_add(o, "game", json_object_new_string(g->id ? g->id : ""));
    json_object_object_add(o, "lang", json_object_new_string(lang ? lang : ""));
    json_object_object_add(o, "paper", paper ? json_object_new_string(paper) : NULL);
    json_object_object_add(o, "path", json_object_new_string(path));
    json_object_object_add(o, "figures", figures);
    json_object_array_add(bo->report, o);
}

static void fig_int(json_object *f, const char *k, long v)
{
    json_object_object_add(f, k, json_object_new_int64(v));
}

static void fig_num(json_object *f, const char *k, double v)
{
    json_object_object_add(f, k, json_object_new_double(round(v * 1000) / 1000));
}

/* The card sizes a player knows, in mm. */
static const struct card_size {
    const char *name;
    double w, h;
} card_sizes[] = {{"poker", 63, 88}, {"bridge", 57, 89}, {"mini", 44, 67}, {"tarot", 70, 120}};

/* Reads "A,B" or "AxB" (two numbers); 0, or -1. */
static int two_numbers(const char *s, char sep, double *a, double *b)
{
    char *end;
    *a = strtod(s, &end);
    if (end == s || *end != sep)
        return -1;
    const char *t = end + 1;
    *b = strtod(t, &end);
    return end == t || *end ? -1 : 0;
}

static int mkdirs(const char *path)
{
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return (mkdir(tmp, 0777) != 0 && errno != EEXIST) ? -1 : 0;
}

/* SOURCE_DATE_EPOCH when set (reproducible builds); else the newest change
 * among the game's files, so the same checkout gives the same bytes. */
/* The content's last commit, when it lives in a git checkout: the same
 * checkout gives the same date on every machine, as file times do not (a
 * fresh clone touches every file). 0 when unknown. */
static long long commit_date(const char *dir)
{
    /* asked once per game folder, not once per output (git costs a fork) */
    static char last_dir[PATH_MAX];
    static long long last_date;
    if (dir && last_dir[0] && strcmp(dir, last_dir) == 0)
        return last_date;
    char cmd[PATH_MAX + 96];
    /* the folder is quoted for the shell; a quote in it is not supported */
    if (!dir || strchr(dir, '\''))
        return 0;
    snprintf(cmd, sizeof cmd, "git -C '%s' log -1 --format=%%ct -- . 2>/dev/null", dir);
    FILE *p = popen(cmd, "r");
    if (!p)
        return 0;
    char buf[64] = "";
    long long v = 0;
    if (fgets(buf, sizeof buf, p)) {
        char *end;
        v = strtoll(buf, &end, 10);
        if (end == buf || (*end && *end != '\n') || v < 0)
            v = 0;
    }
    pclose(p);
    snprintf(last_dir, sizeof last_dir, "%s", dir);
    last_date = v;
    return v;
}

/* The date of a build, never a file's modification time: SOURCE_DATE_EPOCH,
 * else game.xml's date="YYYY-MM-DD", else the content's last commit, else 0
 * (1970-01-01: still the same bytes everywhere). */
static long long build_date(const game *g)
{
    const char *sde = getenv("SOURCE_DATE_EPOCH");
    if (sde && *sde) {
        char *end;
        long long v = strtoll(sde, &end, 10);
        if (!*end && v >= 0)
            return v;
    }
    if (g->date) {
        /* YYYY-MM-DD (the schema checked it is a date) */
        char *end;
        long y = strtol(g->date, &end, 10);
        long m = *end == '-' ? strtol(end + 1, &end, 10) : 0;
        long d = *end == '-' ? strtol(end + 1, &end, 10) : 0;
        if (y >= 1970 && y < 10000 && m >= 1 && m <= 12 && d >= 1 && d <= 31) {
            struct tm tm;
            memset(&tm, 0, sizeof tm);
            tm.tm_year = (int)y - 1900;
            tm.tm_mon = (int)m - 1;
            tm.tm_mday = (int)d;
            return (long long)timegm(&tm);
        }
    }
    return commit_date(g->dir);
}

/* What every page of a game carries: the date, credits and licences. */
typedef struct furniture {
    char date[32];
    long long when;
    char **credits;           /* NULL-terminated, the credits of game.xml for this language */
    char *licences[8];        /* NULL-terminated: fonts' and icons', in the language's words */
} furniture;

static void furniture_free(furniture *fu)
{
    for (size_t i = 0; fu->credits && fu->credits[i]; i++)
        free(fu->credits[i]);
    free(fu->credits);
    for (size_t i = 0; fu->licences[i]; i++)
        free(fu->licences[i]);
}

/* Whether credit i is for language lang: one without lang= is for every
 * language; one with lang= for its own, and for the others only when its
 * role has no credit in theirs (so that the source is always cited, in
 * the source's own words when nobody translated the citation). */
static int credit_for(const game *g, size_t i, const char *lang)
{
    const game_credit *c = &g->credits[i];
    if (!c->lang || !lang || strcmp(c->lang, lang) == 0)
        return 1;
    for (size_t k = 0; k < g->ncredits; k++) {
        const game_credit *o = &g->credits[k];
        if (o->lang && strcmp(o->lang, lang) == 0 && strcmp(o->role ? o->role : "", c->role ? c->role : "") == 0)
            return 0;
    }
    return 1;
}

/* unverified_lang: the language in which every page says that this build was
 * not verified, or NULL. 0, or -1 with an error in diags when out of memory
 * (fu then holds nothing). */
static int furniture_make(furniture *fu, const game *g, const char *lang, const lay_fonts *fonts,
                          const icon_set *icons, const char *unverified_lang, diag_list *diags)
{
    memset(fu, 0, sizeof *fu);
    fu->when = build_date(g);
    time_t t = (time_t)fu->when;
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(fu->date, sizeof fu->date, "%Y-%m-%d", &tm);
    /* every credit, whole: a licence may require each one on the page */
    size_t n = 0;
    fu->credits = calloc(g->ncredits + 2, sizeof *fu->credits);
    if (!fu->credits)
        goto oom;
    if (unverified_lang && !(fu->credits[n++] = strdup(lay_word_unverified(unverified_lang))))
        goto oom;
    for (size_t i = 0; i < g->ncredits; i++) {
        const game_credit *c = &g->credits[i];
        if (!credit_for(g, i, lang))
            continue;
        const char *parts[5] = {c->text ? c->text : "", c->version ? ", v. " : "", c->version ? c->version : "",
                                c->url ? " \xe2\x80\x93 " : "", c->url ? c->url : ""};
        size_t len = 1;
        for (int k = 0; k < 5; k++)
            len += strlen(parts[k]);
        char *line = malloc(len);
        if (!line)
            goto oom;
        line[0] = '\0';
        for (int k = 0; k < 5; k++)
            strcat(line, parts[k]);
        fu->credits[n++] = line;
    }
    size_t nl = 0;
    const char *font_credit = lay_fonts_credit(fonts);
    if (font_credit && !(fu->licences[nl++] = lay_localize_credit(lang, font_credit)))
        goto oom;
    if (icons && icon_credit(icons) && !(fu->licences[nl++] = lay_localize_credit(lang, icon_credit(icons))))
        goto oom;
    return 0;
oom:
    furniture_free(fu);
    memset(fu, 0, sizeof *fu);
    diag_add(diags, DIAG_ERROR, g->loc.file, 0, 0, "memory", "out of memory");
    return -1;
}


/* A new display list, or NULL with an error. */
static dl_list *new_list(const game_lang *l, diag_list *diags)
{
    dl_list *list = dl_list_new();
    if (!list)
        diag_add(diags, DIAG_ERROR, l->path, 0, 0, "memory", "out of memory");
    return list;
}

/* The summary's own title (caller frees), or its whole text when it has
 * none. NULL with an error when out of memory: never the game's title in
 * its stead. */
static char *summary_title(const game_lang *l, diag_list *diags)
{
    const doc_node *first = l->doc->root->first;
    char *t = doc_plain_text(first && first->type == DOC_TITLE ? first : l->doc->root);
    if (!t)
        diag_add(diags, DIAG_ERROR, l->path, 0, 0, "memory", "out of memory");
    return t;
}

/* Writes a laid-out list into DIR/GAME/NAME.EXT through the chosen device
 * (png and svg: one file per page, NAME-N.EXT). path receives the file name
 * ("" when the folder could not be made). The device writes through out.c
 * (a temporary file renamed on success): a failure leaves the previous file
 * as it was. Temporary files of killed builds are removed first. */
static int write_list_at(const build_opts *bo, const game *g, const dl_list *list, const char *name, char *path,
                         size_t pathlen, double dpi, const char *duplex, diag_list *diags);

/* write_list_at, its failures (a folder not made, a device's error, memory)
 * placed at the content element that asks for the file, <sheet>, <cards>
 * or <flowchart> in game.xml's <outputs> (else at <game>): the output has
 * no line of its own for an editor or a problem matcher to point at. */
static int write_list(const build_opts *bo, const game *g, const game_output *o, const dl_list *list,
                      const char *name, char *path, size_t pathlen, double dpi, const char *duplex, diag_list *diags)
{
    size_t from = diags->n;
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/%s", bo->outdir, g->id);
    int rc = write_list_at(bo, g, list, name, path, pathlen, dpi, duplex, diags);
    const game_loc *at = o && o->loc.file ? &o->loc : &g->loc;
    diag_relocate(diags, from, dir, at->file, at->line, 0);
    return rc;
}

static int write_list_at(const build_opts *bo, const game *g, const dl_list *list, const char *name, char *path,
                         size_t pathlen, double dpi, const char *duplex, diag_list *diags)
{
    char dir[PATH_MAX];
    int trace = strcmp(bo->device, "trace") == 0;
    const char *ext = trace ? "trace" : bo->format;
    path[0] = '\0';
    snprintf(dir, sizeof dir, "%s/%s", bo->outdir, g->id);
    if (mkdirs(dir) != 0) {
        diag_add(diags, DIAG_ERROR, dir, 0, 0, "io", "cannot create the folder: %s", strerror(errno));
        return -1;
    }
    out_clean_stale(dir);
    /* png and svg: the device numbers the pages NAME-N.EXT */
    snprintf(path, pathlen, "%s/%s.%s", dir, name, ext);
    dev_device *dev = NULL;
    if (trace)
        dev = dev_trace_new(path, diags);
    else if (strcmp(bo->device, "haru") == 0)
        dev = dev_haru_new(path, diags);
    else
        dev = dev_cairo_new(path,
                            strcmp(ext, "png") == 0   ? DEV_CAIRO_PNG
                            : strcmp(ext, "svg") == 0 ? DEV_CAIRO_SVG
                                                      : DEV_CAIRO_PDF,
                            dpi, diags);
    if (!dev)
        return -1;
    if (duplex && strcmp(bo->device, "haru") == 0)
        dev_haru_set_duplex(dev, duplex);
    else if (duplex && !trace)
        dev_cairo_set_duplex(dev, duplex);
    /* the file's title and subject are spelt as its pages are (l’Intruso) */
    const dl_doc_info *raw = dl_list_doc_info(list);
    dl_doc_info info;
    int have_info = raw && lay_typo_info(raw, &info) == 0;
    if (raw && !have_info)
        diag_add(diags, DIAG_ERROR, path, 0, 0, "memory", "out of memory");
    int ok = (!raw || have_info) && (!dev->begin_doc || !raw || dev->begin_doc(dev, &info) == 0) &&
             dl_replay(list, dev, NULL) == 0;
    if (have_info)
        lay_typo_info_free(&info);
    /* close writes the temp file and renames it; on failure nothing is left */
    int closed = dev->close ? dev->close(dev) : 0;
    dev->drop(dev);
    if (ok && closed == 0) {
        (*bo->written)++;
        /* png and svg: the status line names the files written */
        size_t n = dl_list_page_count(list);
        if (strcmp(ext, "png") == 0 || strcmp(ext, "svg") == 0) {
            if (n <= 1)
                snprintf(path, pathlen, "%s/%s-1.%s", dir, name, ext);
            else
                snprintf(path, pathlen, "%s/%s-1.%s \xE2\x80\xA6 %s-%zu.%s", dir, name, ext, name, n, ext);
        }
        return 0;
    }
    (*bo->unwritten)++;
    diag_add(diags, DIAG_ERROR, path, 0, 0, "device", "the %s device could not write the file", bo->device);
    return -1;
}

/* The template an output names (template="…", else dflt) for its kind; one
 * that is not there is reported at that template= of game.xml, which an
 * author can correct, not at a file of the templates folder that does not
 * exist. */
static lay_template *output_template(const cli_env *env, const game_output *o, const char *dflt, const char *kind,
                                     const char *paper, const game *g, diag_list *diags)
{
    size_t from = diags->n;
    const char *id = o->template_id ? o->template_id : dflt;
    lay_template *tpl = lay_template_load_kind(env->templates, id, kind, paper, g->id, diags);
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s.xml", env->templates, id);
    if (!tpl && o->template_id && o->loc.file && access(path, F_OK) != 0)
        diag_relocate(diags, from, path, o->loc.file, o->loc.line,
                      doc_src_column(o->loc.file, o->loc.line, "template="));
    return tpl;
}

static int render_sheet(const cli_env *env, const build_opts *bo, const game *g,
                        const game_output *o, const game_lang *l, const char *paper,
                        const icon_set *icons, lay_fonts *fonts, diag_list *diags)
{
    lay_template *tpl = output_template(env, o, "reference", "sheet", paper, g, diags);
    if (!tpl)
        return -1;

    /* the sheet's furniture, from game.xml */
    furniture fu;
    if (furniture_make(&fu, g, l->code, fonts, icons, bo->no_verify || g->unverified ? l->code : NULL, diags) != 0) {
        lay_template_free(tpl);
        return -1;
    }
    char *const *credit_lines = fu.credits;
    const char *const *licences = (const char *const *)fu.licences;
    const char *date = fu.date;
    long long when = fu.when;

    lay_sheet_meta meta = {0};
    char *title = summary_title(l, diags);
    if (!title) {
        furniture_free(&fu);
        lay_template_free(tpl);
        return -1;
    }
    meta.title = title;
    meta.version = l->doc->root->variant;
    meta.date = date;
    meta.lang = l->code;
    meta.credits = (const char *const *)credit_lines;
    meta.licences = licences;
    /* PDF Author: who wrote the summary (an author credit, else the source
     * it follows), its name only: never a version or a URL */
    for (int pass = 0; pass < 2 && !meta.author; pass++)
        for (size_t i = 0; i < g->ncredits && !meta.author; i++)
            if (g->credits[i].role && strcmp(g->credits[i].role, pass ? "source" : "author") == 0)
                meta.author = g->credits[i].text;
    meta.epoch = when;
    meta.pages = bo->pages ? bo->pages : o->pages;
    char keywords[256];
    snprintf(keywords, sizeof keywords, "%s, %s, rules reference, print and play, regelwerk", g->id, l->code);
    meta.keywords = keywords;

    int rc = -1;
    dl_list *list = new_list(l, diags);
    lay_report rep;
    memset(&rep, 0, sizeof rep);
    int built = list && lay_sheet_build(l->doc, &meta, tpl, fonts, icons, list, &rep, diags) == 0;
    /* --strict: a sheet with flaws is a failed build, and a failed build
     * writes nothing (the notes above say where the flaws are) */
    if (built && bo->strict && lay_report_flaws(&rep) > 0) {
        diag_add(diags, DIAG_ERROR, l->doc->root->file ? l->doc->root->file : l->path, l->doc->root->line, 0, "strict",
                 "--strict: the %s sheet has %d layout flaw(s); nothing written", paper, lay_report_flaws(&rep));
        printf("%s/%s: ", bo->outdir, g->id);
        lay_report_print(&rep, stdout);
        built = 0;
    }
    if (built) {
        char name[PATH_MAX];
        snprintf(name, sizeof name, "%s-%s-%s", g->id, l->code, paper);
        char path[PATH_MAX + 300];
        rc = write_list(bo, g, o, list, name, path, sizeof path, bo->dpi > 0 ? bo->dpi : 150, NULL, diags);
        /* "ok" only for a file that is on the disk */
        if (rc == 0 && bo->report) {
            json_object *f = json_object_new_object();
            fig_int(f, "pages", rep.pages);
            fig_num(f, "body_size", rep.body_size);
            fig_num(f, "leading", rep.leading);
            fig_num(f, "worst_badness", rep.worst_badness);
            fig_int(f, "justified_lines", rep.justified_lines);
            fig_num(f, "loose_percent", rep.loose_share);
            fig_num(f, "widest_space", rep.widest_space);
            fig_num(f, "space_spread", rep.space_spread);
            fig_int(f, "overfull", rep.overfull);
            fig_int(f, "underfull", rep.underfull);
            fig_int(f, "widows", rep.widows);
            fig_int(f, "orphans", rep.orphans);
            fig_int(f, "hyphen_stacks", rep.hyphen_stacks);
            fig_int(f, "split_hyphens", rep.split_hyphen);
            fig_int(f, "overflow", rep.overflow);
            fig_num(f, "column_imbalance", rep.column_imbalance);
            fig_num(f, "last_page_fill", rep.last_page_fill);
            fig_int(f, "flaws", lay_report_flaws(&rep));
            report_file(bo, "sheet", g, l->code, paper, path, f);
        } else if (rc == 0 && !bo->quiet) {
            printf("%s: ", path);
            lay_report_print(&rep, stdout);
        }
    }
    dl_list_free(list);
    free(title);
    furniture_free(&fu);
    lay_template_free(tpl);
    return rc;
}

/* --dot: the chart's graph as libgvc received it, DIR/GAME/NAME.dot. */
static int write_dot(const build_opts *bo, const game *g, const char *name, const lay_flow_report *rep,
                     diag_list *diags)
{
    char dir[PATH_MAX], path[2 * PATH_MAX + 8];
    snprintf(dir, sizeof dir, "%s/%s", bo->dot_dir, g->id);
    if (mkdirs(dir) != 0) {
        diag_add(diags, DIAG_ERROR, dir, 0, 0, "io", "cannot create the folder: %s", strerror(errno));
        return -1;
    }
    snprintf(path, sizeof path, "%s/%s.dot", dir, name);
    if (!rep->dot) {
        diag_add(diags, DIAG_ERROR, path, 0, 0, "memory", "out of memory");
        return -1;
    }
    return out_write_file(path, rep->dot, rep->dot_len, diags);
}

/* One flowchart page per flow (all the game's flows, or the output's one). */
static int render_flows(const cli_env *env, const build_opts *bo, const game *g, const game_output *o,
                        const game_lang *l, const char *paper, const icon_set *icons, lay_fonts *fonts,
                        diag_list *diags)
{
    lay_template *tpl = lay_template_load_kind(env->templates, "flowchart", "flowchart", paper, g->id, diags);
    if (!tpl)
        return -1;
    furniture fu;
    if (furniture_make(&fu, g, l->code, fonts, icons, bo->no_verify || g->unverified ? l->code : NULL, diags) != 0) {
        lay_template_free(tpl);
        return -1;
    }
    char *title = summary_title(l, diags);
    if (!title) {
        furniture_free(&fu);
        lay_template_free(tpl);
        return -1;
    }
    char keywords[256];
    snprintf(keywords, sizeof keywords, "%s, %s, flowchart, print and play, regelwerk", g->id, l->code);
    lay_flow_meta meta = {title, l->doc->root->variant, fu.date, l->code,
                          keywords, (const char *const *)fu.credits, (const char *const *)fu.licences, fu.when,
                          bo->no_verify || g->unverified ? lay_word_unverified(l->code) : NULL, icons,
                          bo->dot_dir != NULL};
    int failed = 0;
    for (size_t i = 0; i < g->nflows; i++) {
        const game_flow *f = &g->flows[i];
        if ((o->flow && strcmp(o->flow, f->id) != 0) || (bo->flow && strcmp(bo->flow, f->id) != 0))
            continue;
        dl_list *list = new_list(l, diags);
        lay_flow_report rep;
        int ok = list && lay_flow_build(f, l->doc, &meta, tpl, fonts, list, &rep, diags) == 0;
        int small = ok && rep.label_size < tpl->flow_min_label - 1e-9;
        int overlaps = ok ? lay_flow_overlaps(&rep.flaws) : 0;
        if (small)
            diag_add(diags, bo->strict ? DIAG_ERROR : DIAG_WARNING, f->loc.file, f->loc.line, 0, "flow-small",
                     "flow \"%s\" fits the page only with labels at %.1f pt (below %.1f), even split into "
                     "continued pages: shorten its labels or use another paper%s", f->id, rep.label_size, tpl->flow_min_label,
                     bo->strict ? "; --strict: nothing written" : "");
        if (overlaps)
            diag_add(diags, bo->strict ? DIAG_ERROR : DIAG_WARNING, f->loc.file, f->loc.line, 0, "flow-overlap",
                     "flow \"%s\" (%s): %d overlap(s) (%d label/label, %d label/node, %d edge through a label, "
                     "%d edge through a node), first: %s%s", f->id, l->code, overlaps, rep.flaws.label_label,
                     rep.flaws.label_node, rep.flaws.label_edge, rep.flaws.edge_node, rep.flaws.first,
                     bo->strict ? "; --strict: nothing written" : "");
        int flaw = small || overlaps;
        if (ok && !(flaw && bo->strict)) {
            char name[PATH_MAX], path[PATH_MAX + 300];
            snprintf(name, sizeof name, "%s-%s-flow-%s-%s", g->id, l->code, f->id, paper);
            ok = write_list(bo, g, o, list, name, path, sizeof path, bo->dpi > 0 ? bo->dpi : 150, NULL, diags) == 0;
            if (ok && bo->dot_dir)
                ok = write_dot(bo, g, name, &rep, diags) == 0;
            if (ok && bo->report) {
                json_object *fg = json_object_new_object();
                json_object_object_add(fg, "flow", json_object_new_string(f->id));
                fig_int(fg, "nodes", rep.nodes);
                fig_int(fg, "edges", rep.edges);
                fig_int(fg, "pages", rep.pages);
                fig_num(fg, "label_size", rep.label_size);
                fig_num(fg, "scale", rep.scale);
                json_object_object_add(fg, "orientation", json_object_new_string(rep.landscape ? "landscape" : "portrait"));
                fig_num(fg, "fill", rep.fill);
                fig_int(fg, "overlaps", overlaps);
                fig_int(fg, "crossings", rep.flaws.crossings);
                report_file(bo, "flowchart", g, l->code, paper, path, fg);
            } else if (ok && !bo->quiet)
                printf("%s: %d nodes, %d edges, %d page%s, labels %.2f pt (scale %.2f), %s, %d%% of the page, "
                       "%d overlaps, %d crossings: %s\n",
                       path, rep.nodes, rep.edges, rep.pages, rep.pages == 1 ? "" : "s", rep.label_size, rep.scale,
                       rep.landscape ? "landscape" : "portrait", (int)(rep.fill * 100 + 0.5), overlaps,
                       rep.flaws.crossings, small ? "too small" : overlaps ? "overlaps" : "ok");
        } else {
            ok = 0;
        }
        failed += !ok;
        free(rep.dot);
        dl_list_free(list);
    }
    free(title);
    furniture_free(&fu);
    lay_template_free(tpl);
    return failed ? -1 : 0;
}

/* The game's status cards: fronts and mirrored backs, nine to a page. */
static int render_cards(const cli_env *env, const build_opts *bo, const game *g, const game_output *o,
                        const game_lang *l, const char *paper, const icon_set *icons, lay_fonts *fonts,
                        diag_list *diags)
{
    lay_template *tpl = output_template(env, o, "cards", "cards", paper, g, diags);
    if (!tpl)
        return -1;
    furniture fu;
    if (furniture_make(&fu, g, l->code, fonts, icons, bo->no_verify || g->unverified ? l->code : NULL, diags) != 0) {
        lay_template_free(tpl);
        return -1;
    }
    char *title = summary_title(l, diags);
    if (!title) {
        furniture_free(&fu);
        lay_template_free(tpl);
        return -1;
    }
    char keywords[256];
    snprintf(keywords, sizeof keywords, "%s, %s, status cards, print and play, regelwerk", g->id, l->code);
    lay_cards_meta meta = {title, l->code, keywords, fu.when,
                           (const char *const *)fu.credits, (const char *const *)fu.licences, bo->shop, bo->duplex_short,
                           bo->back_dx * 72 / 25.4, bo->back_dy * 72 / 25.4, bo->corner_guides, bo->alignment};
    /* another card size: the band, icon and text ceiling scale with it */
    if (bo->card_size) {
        double f = fmin(bo->card_w * 72 / 25.4 / tpl->card_w, bo->card_h * 72 / 25.4 / tpl->card_h);
        tpl->card_w = bo->card_w * 72 / 25.4;
        tpl->card_h = bo->card_h * 72 / 25.4;
        tpl->card_band *= f;
        tpl->card_icon *= f;
        tpl->card_text = fmax(tpl->card_text * f, tpl->card_text_min);
        tpl->card_safe = fmin(tpl->card_safe, fmin(tpl->card_w, tpl->card_h) / 8);
        tpl->card_cols = tpl->card_rows = 6;
    }
    dl_list *list = new_list(l, diags);
    lay_cards_report rep;
    int ok = list && lay_cards_build(g, l->doc, &meta, tpl, fonts, icons, list, &rep, diags) == 0;
    /* past the floor a card cannot be read: the build fails, at the card */
    int flaw = ok && rep.smallest < tpl->card_text_min - 1e-9;
    if (flaw)
        diag_add(diags, DIAG_ERROR, rep.smallest_file ? rep.smallest_file : g->loc.file,
                 rep.smallest_file ? rep.smallest_line : g->loc.line, 0, "card-small",
                 "card \"%s\" fits its text only at %.2f pt (below %.1f): shorten it; nothing written",
                 rep.smallest_id ? rep.smallest_id : "", rep.smallest, tpl->card_text_min);
    if (ok && !flaw) {
        char name[PATH_MAX], path[PATH_MAX + 300], size[48] = "";
        if (bo->card_size && strcmp(bo->card_size, "poker") != 0)
            snprintf(size, sizeof size, "-%s", bo->card_size);
        if (bo->shop)
            snprintf(name, sizeof name, "%s-%s-cards%s-shop", g->id, l->code, size);
        else
            snprintf(name, sizeof name, "%s-%s-cards%s-%s", g->id, l->code, size, paper);
        const char *duplex = bo->shop ? NULL : bo->duplex_short ? "DuplexFlipShortEdge" : "DuplexFlipLongEdge";
        ok = write_list(bo, g, o, list, name, path, sizeof path, bo->dpi > 0 ? bo->dpi : 300, duplex, diags) == 0;
        if (ok && bo->report) {
            json_object *fc = json_object_new_object();
            fig_int(fc, "cards", rep.cards);
            fig_int(fc, "pages", rep.pages);
            json_object_object_add(fc, "layout", json_object_new_string(bo->shop ? "shop" : "home"));
            fig_int(fc, "columns", rep.cols);
            fig_int(fc, "rows", rep.rows);
            fig_num(fc, "card_width_mm", tpl->card_w * 25.4 / 72);
            fig_num(fc, "card_height_mm", tpl->card_h * 25.4 / 72);
            fig_num(fc, "bleed_x_mm", (bo->shop ? tpl->card_bleed : rep.bleed_x) * 25.4 / 72);
            fig_num(fc, "bleed_y_mm", (bo->shop ? tpl->card_bleed : rep.bleed_y) * 25.4 / 72);
            fig_num(fc, "smallest_text", rep.smallest);
            report_file(bo, "cards", g, l->code, bo->shop ? NULL : paper, path, fc);
        } else if (ok && !bo->quiet) {
            if (bo->shop)
                printf("%s: %d cards on %d pages (print shop: one card a page, %.0f x %.0f mm + %.1f mm bleed, "
                       "front then back), text at least %.2f pt: ok\n",
                       path, rep.cards, rep.pages, tpl->card_w * 25.4 / 72, tpl->card_h * 25.4 / 72,
                       tpl->card_bleed * 25.4 / 72, rep.smallest);
            else
                printf("%s: %d cards on %d pages (%d x %d a page, %.0f x %.0f mm, bleed %.1f/%.1f mm, %s-edge "
                       "duplex), text at least %.2f pt: ok\n",
                       path, rep.cards, rep.pages, rep.cols, rep.rows, tpl->card_w * 25.4 / 72,
                       tpl->card_h * 25.4 / 72, rep.bleed_x * 25.4 / 72, rep.bleed_y * 25.4 / 72,
                       bo->duplex_short ? "short" : "long", rep.smallest);
        }
    } else {
        ok = 0;
    }
    dl_list_free(list);
    free(title);
    furniture_free(&fu);
    lay_template_free(tpl);
    return ok ? 0 : -1;
}

static int build_game(const cli_env *env, const build_opts *bo, const game *g, const icon_set *base_icons,
                      lay_fonts *fonts, diag_list *diags)
{
    int failed = 0, built = 0;
    icon_set *icons = NULL;
    (void)base_icons;
    /* --flow: a game without that flow is a mistake, not nothing to do */
    size_t nf = 0;
    while (bo->flow && nf < g->nflows && strcmp(g->flows[nf].id, bo->flow) != 0)
        nf++;
    if (bo->flow && nf == g->nflows) {
        diag_add(diags, DIAG_ERROR, g->loc.file, g->loc.line, 0, "build", "%s has no flow \"%s\"", g->id, bo->flow);
        return -1;
    }
    /* Each game maps its own icon names onto the set, so each game gets its
     * own copy of the map; the set itself is small to reload (< 10 ms). */
    if (access(env->icons, R_OK) == 0) {
        icons = icon_set_load(env->icons, diags);
        if (icons && g->icons_path && icon_map_load(icons, g->icons_path, diags) != 0)
            failed++;
    } else {
        diag_add(diags, DIAG_WARNING, env->icons, 0, 0, "icons",
                 "the Game Icons set is not installed (run .ci/setup); icons are named in brackets");
    }
    for (size_t i = 0; i < g->noutputs; i++) {
        const game_output *o = &g->outputs[i];
        int is_flow = strcmp(o->kind, "flowchart") == 0, is_cards = strcmp(o->kind, "cards") == 0;
        if (bo->only && strcmp(bo->only, is_flow ? "flow" : is_cards ? "cards" : "sheet") != 0)
            continue;
        const char *paper = bo->paper ? bo->paper : (o->paper ? o->paper : "a4");
        if (bo->paper && o->paper && strcmp(bo->paper, o->paper) != 0) {
            /* one sheet per paper asked for: skip the other configured paper */
            int other_has = 0;
            for (size_t k = 0; k < g->noutputs; k++)
                if (k != i && g->outputs[k].paper && strcmp(g->outputs[k].paper, bo->paper) == 0)
                    other_has = 1;
            if (other_has)
                continue;
        }
        for (size_t k = 0; k < g->nlangs; k++) {
            const game_lang *l = &g->langs[k];
            if (!l->doc)
                continue;
            if (o->lang && strcmp(o->lang, l->code) != 0)
                continue;
            if (bo->lang && strcmp(bo->lang, l->code) != 0)
                continue;
            built++;
            if ((is_flow    ? render_flows(env, bo, g, o, l, paper, icons, fonts, diags)
                 : is_cards ? render_cards(env, bo, g, o, l, paper, icons, fonts, diags)
                            : render_sheet(env, bo, g, o, l, paper, icons, fonts, diags)) != 0)
                failed++;
            /* the output's display list, paragraphs and PDF buffers are
             * freed: whole free pages inside the heap go back too (glibc
             * returns only its top by itself), before the next output's
             * layout fills the heap again (Sine Tempore: 1 MB less at the
             * peak, a few ms) */
            malloc_trim(0);
        }
    }
    icon_set_free(icons);
    if (!built && !failed)
        diag_add(diags, DIAG_WARNING, g->loc.file, g->loc.line, 0, "build",
                 "nothing to build for %s with these options", g->id);
    return failed ? -1 : 0;
}

/* build's long options without a short form (getopt_long's values) */
enum { OPT_STRICT = 256, OPT_NO_VERIFY, OPT_ALIGNMENT, OPT_CORNER, OPT_LANG, OPT_ONLY, OPT_DEVICE, OPT_FORMAT,
       OPT_PAPER, OPT_PAGES, OPT_LAYOUT, OPT_CARD_SIZE, OPT_DUPLEX, OPT_BACK_OFFSET, OPT_DPI, OPT_REPORT, OPT_FLOW,
       OPT_DOT };

/* The cards' and PNG's options that take a value: CLI_OK, or CLI_USAGE
 * with the reason and the "Try" line on stderr. */
static int card_option(build_opts *bo, int opt, const char *v)
{
    if (opt == OPT_LAYOUT) {
        if (strcmp(v, "shop") == 0 || strcmp(v, "home") == 0) {
            bo->shop = strcmp(v, "shop") == 0;
            return CLI_OK;
        }
        return cli_usage_error("build", "--layout wants home or shop, not '%s'", v);
    } else if (opt == OPT_CARD_SIZE) {
        bo->card_size = v;
        for (size_t k = 0; k < sizeof card_sizes / sizeof card_sizes[0]; k++)
            if (strcmp(v, card_sizes[k].name) == 0) {
                bo->card_w = card_sizes[k].w;
                bo->card_h = card_sizes[k].h;
                return CLI_OK;
            }
        if (two_numbers(v, 'x', &bo->card_w, &bo->card_h) == 0 && bo->card_w >= 25 && bo->card_h >= 25 &&
            bo->card_w <= 200 && bo->card_h <= 280)
            return CLI_OK;
        return cli_usage_error("build", "--card-size wants poker, bridge, mini, tarot or WxH in mm "
                        "(25 to 200 x 280), not '%s'", v);
    } else if (opt == OPT_DUPLEX) {
        if (strcmp(v, "long") == 0 || strcmp(v, "short") == 0) {
            bo->duplex_short = strcmp(v, "short") == 0;
            return CLI_OK;
        }
        return cli_usage_error("build", "--duplex wants long or short, not '%s'", v);
    } else if (opt == OPT_BACK_OFFSET) {
        if (two_numbers(v, ',', &bo->back_dx, &bo->back_dy) == 0 && fabs(bo->back_dx) <= 10 &&
            fabs(bo->back_dy) <= 10)
            return CLI_OK;
        return cli_usage_error("build", "--back-offset wants X,Y in mm (each -10 to 10), not '%s'", v);
    } else {
        char *end;
        long n = strtol(v, &end, 10);
        if (*v && !*end && n >= 36 && n <= 1200) {
            bo->dpi = (double)n;
            return CLI_OK;
        }
    }
    return cli_usage_error("build", "--dpi wants a number from 36 to 1200, not '%s'", v);
}

static const struct option build_longopts[] = {
    {"help", no_argument, NULL, 'h'},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"no-verify", no_argument, NULL, OPT_NO_VERIFY},
    {"alignment", no_argument, NULL, OPT_ALIGNMENT},
    {"corner-guides", no_argument, NULL, OPT_CORNER},
    {"lang", required_argument, NULL, OPT_LANG},
    {"only", required_argument, NULL, OPT_ONLY},
    {"device", required_argument, NULL, OPT_DEVICE},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"paper", required_argument, NULL, OPT_PAPER},
    {"pages", required_argument, NULL, OPT_PAGES},
    {"output", required_argument, NULL, 'o'},
    {"layout", required_argument, NULL, OPT_LAYOUT},
    {"card-size", required_argument, NULL, OPT_CARD_SIZE},
    {"duplex", required_argument, NULL, OPT_DUPLEX},
    {"back-offset", required_argument, NULL, OPT_BACK_OFFSET},
    {"dpi", required_argument, NULL, OPT_DPI},
    {"report", required_argument, NULL, OPT_REPORT},
    {"flow", required_argument, NULL, OPT_FLOW},
    {"dot", required_argument, NULL, OPT_DOT},
    {NULL, 0, NULL, 0},
};

static int on_option(void *ctx, int c, const char *arg)
{
    build_opts *bo = ctx;
    switch (c) {
    case 'h':
        usage(stdout);
        return CLI_DONE;
    case OPT_STRICT: bo->strict = 1; return CLI_OK;
    case OPT_NO_VERIFY: bo->no_verify = 1; return CLI_OK;
    case OPT_ALIGNMENT: bo->alignment = 1; return CLI_OK;
    case OPT_CORNER: bo->corner_guides = 1; return CLI_OK;
    case OPT_LANG: bo->lang = arg; return CLI_OK;
    case OPT_ONLY: bo->only = arg; return CLI_OK;
    case OPT_FLOW: bo->flow = arg; return CLI_OK;
    case OPT_DOT: bo->dot_dir = arg; return CLI_OK;
    case OPT_DEVICE: bo->device = arg; return CLI_OK;
    case OPT_FORMAT: bo->format = arg; return CLI_OK;
    case OPT_PAPER: bo->paper = arg; return CLI_OK;
    case 'o': bo->outdir = arg; return CLI_OK;
    case OPT_PAGES: {
        char *end;
        long n = strtol(arg, &end, 10);
        if (!*arg || *end || n < 1 || n > 99)
            return cli_usage_error("build", "--pages wants a number from 1 to 99, not '%s'", arg);
        bo->pages = (int)n;
        return CLI_OK;
    }
    case OPT_LAYOUT:
    case OPT_CARD_SIZE:
    case OPT_DUPLEX:
    case OPT_BACK_OFFSET:
    case OPT_DPI: return card_option(bo, c, arg);
    case OPT_REPORT:
        if (strcmp(arg, "json") != 0 && strcmp(arg, "text") != 0)
            return cli_usage_error("build", "--report wants text or json, not '%s'", arg);
        if (!strcmp(arg, "json") && !bo->report && !(bo->report = json_object_new_array()))
            return CLI_FAIL;
        return CLI_OK;
    default:
        return CLI_USAGE;
    }
}

/* Loads, checks and builds one game: 0, or 1 when it failed. */
static int build_one(const cli_env *env, const build_opts *bo, doc_loader *ld, const char *name, lay_fonts *fonts,
                     diag_list *diags)
{
    size_t errors = diags->errors;
    game *g = game_load_lang(ld, env->content, name, env->templates, bo->lang, diags);
    if (!g || diags->errors > errors) {
        /* a game that does not load or validate is not typeset */
        game_free(g);
        return 1;
    }
    /* What is printed must agree with the engine: a game that fails its
     * checks is not built (nothing is written) unless --no-verify says
     * to build it anyway, marked as not verified on every page. */
    if (!bo->no_verify && !g->unverified) {
        chk_report rep = {0};
        chk_options opt = {0, 0, bo->lang, bo->flow};
        int bad = chk_game(g, &opt, &rep, diags);
        chk_report_free(&rep);
        if (bad) {
            diag_add(diags, DIAG_ERROR, g->loc.file, g->loc.line, 0, "build-unverified",
                     "%s does not pass `regelwerk check`: nothing built (--no-verify builds it "
                     "marked as not verified)", g->id);
            game_free(g);
            return 1;
        }
    }
    int rc = build_game(env, bo, g, NULL, fonts, diags) != 0;
    game_free(g);
    return rc;
}

/* ---- games in parallel ------------------------------------------------------------ */

/* Independent games are built in child processes, as many at once as there
 * are processors (REGELWERK_JOBS overrides; 1 builds in this process). Each
 * child writes its printed lines and its diagnostics into files of its own,
 * which are replayed here in the games' order: the output is the same as
 * one process's, only sooner. */
static long build_jobs(size_t ngames)
{
    const char *e = getenv("REGELWERK_JOBS");
    long n = e && *e ? strtol(e, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 1;
    return (size_t)n > ngames ? (long)ngames : n;
}

/* Whether a game is named twice: the same folder must not be written by
 * two processes at once. */
static int named_twice(const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t k = i + 1; k < n; k++)
            if (strcmp(list[i], list[k]) == 0)
                return 1;
    return 0;
}

/* One diagnostic a record: severity, line, column, then file, code and
 * message each ending in NUL (an empty file or code: none). */
static void diags_write(const diag_list *dl, size_t from, FILE *fp)
{
    for (size_t i = from; i < dl->n; i++) {
        const diag *d = &dl->items[i];
        /* a whole-file problem as it was given (line 0), placed again
         * by diag_add in the parent */
        fprintf(fp, "%d %d %d ", (int)d->sev, d->whole ? 0 : d->line, d->whole ? 0 : d->col);
        fputs(d->file ? d->file : "", fp);
        fputc('\0', fp);
        fputs(d->code ? d->code : "", fp);
        fputc('\0', fp);
        fputs(d->msg ? d->msg : "", fp);
        fputc('\0', fp);
    }
}

static char *read_nul(FILE *fp)
{
    size_t cap = 128, n = 0;
    char *s = malloc(cap);
    int c;
    while (s && (c = getc(fp)) != EOF && c != '\0') {
        if (n + 1 == cap) {
            char *t = realloc(s, cap *= 2);
            if (!t) {
                free(s);
                return NULL;
            }
            s = t;
        }
        s[n++] = (char)c;
    }
    if (s)
        s[n] = '\0';
    return s;
}

static void diags_read(FILE *fp, diag_list *dl)
{
    int sev, line, col;
    while (fscanf(fp, "%d %d %d ", &sev, &line, &col) == 3) {
        char *file = read_nul(fp), *code = read_nul(fp), *msg = read_nul(fp);
        if (file && code && msg)
            diag_add(dl, (diag_severity)sev, *file ? file : NULL, line, col, *code ? code : NULL, "%s", msg);
        free(file);
        free(code);
        free(msg);
    }
}

typedef struct child {
    pid_t pid;
    FILE *out, *dg;     /* its stdout and its diagnostics */
    FILE *meta;         /* its counts of files written and failed, and its --report json entries */
    int done, failed;
} child;

/* In the child: what the summary and --report json need of its game, the
 * files written and failed and the report entries added since from. */
static void meta_write(const build_opts *bo, long written, long unwritten, size_t from, FILE *fp)
{
    fprintf(fp, "%ld %ld\n", *bo->written - written, *bo->unwritten - unwritten);
    if (!bo->report)
        return;
    json_object *mine = json_object_new_array();
    for (size_t i = from; mine && i < json_object_array_length(bo->report); i++)
        json_object_array_add(mine, json_object_get(json_object_array_get_idx(bo->report, i)));
    fputs(mine ? json_object_to_json_string_ext(mine, JSON_C_TO_STRING_PLAIN) : "[]", fp);
    json_object_put(mine);
}

static void meta_read(const build_opts *bo, FILE *fp)
{
    long w = 0, u = 0;
    if (fscanf(fp, "%ld %ld\n", &w, &u) == 2) {
        *bo->written += w;
        *bo->unwritten += u;
    }
    if (!bo->report)
        return;
    char buf[4096];
    size_t n;
    out_buf b = {0};
    while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
        out_buf_append(&b, buf, n);
    out_buf_append(&b, "", 1);
    json_object *mine = b.data && !b.failed ? json_tokener_parse((const char *)b.data) : NULL;
    for (size_t i = 0; mine && i < json_object_array_length(mine); i++)
        json_object_array_add(bo->report, json_object_get(json_object_array_get_idx(mine, i)));
    json_object_put(mine);
    out_buf_free(&b);
}

static void child_replay(const build_opts *bo, child *c, diag_list *diags)
{
    char buf[4096];
    size_t n;
    rewind(c->out);
    while ((n = fread(buf, 1, sizeof buf, c->out)) > 0)
        fwrite(buf, 1, n, stdout);
    rewind(c->dg);
    diags_read(c->dg, diags);
    rewind(c->meta);
    meta_read(bo, c->meta);
    fclose(c->out);
    fclose(c->dg);
    fclose(c->meta);
}

/* The number of games that failed. */
static int build_games(const cli_env *env, const build_opts *bo, doc_loader *ld, const char *const *list,
                       size_t ngames, lay_fonts *fonts, diag_list *diags)
{
    long jobs = build_jobs(ngames);
    int failed = 0;
    child *ch = jobs > 1 && !named_twice(list, ngames) ? calloc(ngames, sizeof *ch) : NULL;
    if (!ch) {
        for (size_t i = 0; i < ngames; i++)
            failed += build_one(env, bo, ld, list[i], fonts, diags);
        return failed;
    }
    /* The icon set's index (6.4 MB of JSON scanned, 9 M instructions since
     * the scan takes one pass; 134 M when this was written) is
     * made here once and inherited by every child, which would each make
     * the same one (icon.c keeps it per file). Its diagnostics, if any, are
     * the children's to give, once per game as before. */
    if (access(env->icons, R_OK) == 0) {
        diag_list scratch;
        diag_list_init(&scratch);
        icon_set_free(icon_set_load(env->icons, &scratch));
        diag_list_free(&scratch);
    }
    /* and the compiled RELAX NG schemas of the summaries and of the
     * templates (8 M and 3 M instructions a process: xmlRelaxNGParse and
     * the schema's names) */
    if (ld->schema_path)
        doc_schema_preload(ld->schema_path);
    lay_template_preload(env->templates);
    /* and Graphviz's context, when charts are built (7.9 M instructions a
     * process: its plugin configuration and the dot layout plugin) */
    if (!bo->only || strcmp(bo->only, "flow") == 0)
        lay_flow_preload();
    /* so are the hyphenation patterns (28 M instructions a process), which
     * every game's sheets of both languages load (a sheet gives no folder:
     * lay_sheet_meta's default) */
    lay_hyph_preload(NULL);
    size_t next = 0, printed = 0;
    long running = 0;
    fflush(stdout);
    fflush(stderr);
    while (printed < ngames) {
        while (running < jobs && next < ngames) {
            child *c = &ch[next];
            c->out = tmpfile();
            c->dg = tmpfile();
            c->meta = tmpfile();
            fflush(stdout);   /* or the child would print our buffer again */
            c->pid = c->out && c->dg && c->meta ? fork() : -1;
            if (c->pid == 0) {
                /* the child: one game, its lines, diagnostics and counts into the files */
                if (dup2(fileno(c->out), STDOUT_FILENO) < 0)
                    _exit(2);
                size_t from = diags->n, rfrom = bo->report ? json_object_array_length(bo->report) : 0;
                long written = *bo->written, unwritten = *bo->unwritten;
                int f = build_one(env, bo, ld, list[next], fonts, diags);
                fflush(stdout);
                diags_write(diags, from, c->dg);
                meta_write(bo, written, unwritten, rfrom, c->meta);
                _exit(fflush(c->dg) == 0 && fflush(c->meta) == 0 ? f : 2);
            }
            if (c->pid < 0) {
                /* no child: this game in this process */
                if (c->out)
                    fclose(c->out);
                if (c->dg)
                    fclose(c->dg);
                if (c->meta)
                    fclose(c->meta);
                c->out = c->dg = c->meta = NULL;
                c->failed = build_one(env, bo, ld, list[next], fonts, diags);
                c->done = 1;
            } else {
                running++;
            }
            next++;
        }
        while (printed < ngames && ch[printed].done) {
            if (ch[printed].out)
                child_replay(bo, &ch[printed], diags);
            failed += ch[printed].failed != 0;
            printed++;
        }
        if (printed == ngames || !running)
            continue;
        int status;
        pid_t pid = wait(&status);
        if (pid < 0)
            break;
        for (size_t i = 0; i < next; i++)
            if (ch[i].pid == pid && !ch[i].done) {
                ch[i].done = 1;
                ch[i].failed = !WIFEXITED(status) || WEXITSTATUS(status) != 0;
                if (!WIFEXITED(status) || WEXITSTATUS(status) > 1) {
                    /* at the game's game.xml (a file an annotation can
                     * point at), not at its bare name */
                    char gx[PATH_MAX + 80];
                    snprintf(gx, sizeof gx, "%s/%s/game.xml", env->content, list[i]);
                    diag_add(diags, DIAG_ERROR, gx, 0, 0, "build", "the build of %s stopped", list[i]);
                }
                running--;
            }
    }
    free(ch);
    return failed;
}

int cmd_build(int argc, char **argv, const cli_env *env)
{
    /* glibc raises its mmap threshold each time a mapped block is freed,
     * after which a build's large arrays (paragraphs, display lists, PDF
     * buffers) come from the heap and their pages stay with the process
     * after free; fixed, they are mapped and given back when freed (peak
     * RSS 0.6-1.6 MB lower, no CPU cost measurable) */
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    build_opts bo = {0};
    bo.device = "cairo";
    bo.format = "pdf";
    bo.outdir = "out";
    bo.quiet = env->quiet;
    long written = 0, unwritten = 0;
    bo.written = &written;
    bo.unwritten = &unwritten;
    char **games = NULL;
    size_t ngames = 0;
    int rc = cli_getopt("build", argc, argv, "ho:", build_longopts, on_option, &bo, &games, &ngames);
    if (rc == CLI_DONE) {
        json_object_put(bo.report);
        free(games);
        return CLI_OK;
    }
    if (rc == CLI_OK && !*bo.outdir)
        rc = cli_usage_error("build", "-o wants a folder, not an empty name");
    if (rc == CLI_OK && strcmp(bo.device, "haru") != 0 && strcmp(bo.device, "cairo") != 0 &&
        strcmp(bo.device, "trace") != 0)
        rc = cli_usage_error("build", "unknown device '%s' (haru, cairo or trace)", bo.device);
    if (rc == CLI_OK && strcmp(bo.format, "pdf") != 0 && strcmp(bo.format, "png") != 0 &&
        strcmp(bo.format, "svg") != 0)
        rc = cli_usage_error("build", "unknown format '%s' (pdf, png or svg)", bo.format);
    if (rc == CLI_OK && strcmp(bo.format, "pdf") != 0 && strcmp(bo.device, "haru") == 0) {
        rc = cli_usage_error("build", "libharu writes PDF only; use --device cairo for %s", bo.format);
    }
    if (rc == CLI_OK && bo.only && strcmp(bo.only, "sheet") != 0 && strcmp(bo.only, "flow") != 0 &&
        strcmp(bo.only, "cards") != 0)
        rc = cli_usage_error("build", "--only wants sheet, cards or flow");
    /* --flow names a flowchart: no other kind of output */
    if (rc == CLI_OK && bo.flow && bo.only && strcmp(bo.only, "flow") != 0)
        rc = cli_usage_error("build", "--flow builds a flowchart only, not with --only %s", bo.only);
    if (rc == CLI_OK && bo.flow)
        bo.only = "flow";
    if (rc == CLI_OK && bo.dot_dir && !*bo.dot_dir)
        rc = cli_usage_error("build", "--dot wants a folder, not an empty name");
    if (rc == CLI_OK && bo.paper && strcmp(bo.paper, "a4") != 0 && strcmp(bo.paper, "letter") != 0)
        rc = cli_usage_error("build", "--paper wants a4 or letter");
    if (rc != CLI_OK) {
        json_object_put(bo.report);
        free(games);
        return rc;
    }
    /* names, never paths, of games that exist; a language one of them has */
    if ((rc = cli_games_known("build", env->content, (const char *const *)games, ngames)) != CLI_OK) {
        json_object_put(bo.report);
        free(games);
        return rc;
    }

    diag_list diags;
    diag_list_init(&diags);
    doc_loader ld = {env->content, env->schema};
    char **all = NULL;
    /* games[] was sized for the command line; the content folder's games are
     * read from their own list, never appended to it. */
    const char *const *list = (const char *const *)games;
    if (ngames == 0) {
        all = cli_game_names(env->content);
        if (!all) {
            json_object_put(bo.report);
            free(games);
            return CLI_FAIL;
        }
        list = (const char *const *)all;
        while (all[ngames])
            ngames++;
    }
    if (bo.lang && (rc = cli_lang_known("build", env, list, ngames, bo.lang)) != CLI_OK) {
        game_names_free(all);
        diag_list_free(&diags);
        json_object_put(bo.report);
        free(games);
        return rc;
    }
    char manifest[PATH_MAX + 16];
    snprintf(manifest, sizeof manifest, "%s/manifest.xml", env->fonts);
    lay_fonts *fonts = lay_fonts_load(manifest, &diags);
    int failed = fonts ? 0 : 1;
    if (fonts)
        failed += build_games(env, &bo, &ld, list, ngames, fonts, &diags);
    lay_fonts_free(fonts);
    lay_hyph_cleanup();
    lay_flow_cleanup();
    dev_cairo_cleanup();
    lay_font_files_cleanup();   /* after every face made of them */
    diag_print(&diags, stderr);
    if (failed || diags.errors)
        rc = CLI_FAIL;
    if (!bo.report && !env->quiet)
        diag_summary(stdout, "written", written, (long)failed + unwritten, 0, &diags);
    if (bo.report) {
        /* --report json: every file written with its figures, and every
         * diagnostic, on stdout (version 1) */
        json_object *root = json_object_new_object();
        json_object_object_add(root, "version", json_object_new_int(1));
        json_object_object_add(root, "ok", json_object_new_boolean(rc == CLI_OK));
        json_object_object_add(root, "files", json_object_get(bo.report));
        json_object_object_add(root, "errors", json_object_new_int64((int64_t)diags.errors));
        json_object_object_add(root, "warnings", json_object_new_int64((int64_t)diags.warnings));
        json_object_object_add(root, "diagnostics", chk_out_diag_json(&diags));
        const char *js = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
                                                                  JSON_C_TO_STRING_NOSLASHESCAPE);
        if (!js || puts(js) < 0)
            rc = CLI_FAIL;
        json_object_put(root);
    }
    json_object_put(bo.report);
    diag_list_free(&diags);
    game_names_free(all);
    free(games);
    return rc;
}
