/* cmd_build.c — `regelwerk build`: content → layout → display list → device.
 *
 * Layout runs once per sheet into a display list; the list is then replayed
 * into the chosen device, which writes a temporary file and renames it into
 * place on close, so a failed build leaves nothing half-written in out/.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "chk.h"
#include "cli.h"
#include "cli_args.h"
#include "dev_cairo.h"
#include "dev_haru.h"
#include "dl.h"
#include "game.h"
#include "icon.h"
#include "lay_cards.h"
#include "lay_flow.h"
#include "lay_font.h"
#include "lay_hyph.h"
#include "lay_sheet.h"
#include "lay_template.h"
#include "out.h"

static void usage(FILE *fp)
{
    fputs("usage: regelwerk build [GAME...] [--lang L] [--only sheet|cards|flow] [--device haru|cairo]\n"
          "                       [--format pdf|png|svg] [--paper a4|letter] [--pages N]\n"
          "                       [--strict] [--no-verify] [-o DIR]\n"
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
          "  --device D        haru (libharu) or cairo (default)\n"
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
} build_opts;

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
    char **credits;           /* NULL-terminated, every credit of game.xml */
    const char *licences[8];  /* NULL-terminated, borrowed */
} furniture;

static void furniture_free(furniture *fu)
{
    for (size_t i = 0; fu->credits && fu->credits[i]; i++)
        free(fu->credits[i]);
    free(fu->credits);
}

/* unverified_lang: the language in which every page says that this build was
 * not verified, or NULL. 0, or -1 with an error in diags when out of memory
 * (fu then holds nothing). */
static int furniture_make(furniture *fu, const game *g, const lay_fonts *fonts, const icon_set *icons,
                          const char *unverified_lang, diag_list *diags)
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
    if (font_credit)
        fu->licences[nl++] = font_credit;
    if (icons && icon_credit(icons))
        fu->licences[nl++] = icon_credit(icons);
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
static int write_list(const build_opts *bo, const game *g, const dl_list *list, const char *name, char *path,
                      size_t pathlen, double dpi, const char *duplex, diag_list *diags)
{
    char dir[PATH_MAX];
    const char *ext = bo->format;
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
    if (strcmp(bo->device, "haru") == 0)
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
    else if (duplex)
        dev_cairo_set_duplex(dev, duplex);
    const dl_doc_info *info = dl_list_doc_info(list);
    int ok = (!dev->begin_doc || !info || dev->begin_doc(dev, info) == 0) && dl_replay(list, dev, NULL) == 0;
    /* close writes the temp file and renames it; on failure nothing is left */
    int closed = dev->close ? dev->close(dev) : 0;
    dev->drop(dev);
    if (ok && closed == 0) {
        /* png and svg: the status line names the files written */
        size_t n = dl_list_page_count(list);
        if (strcmp(ext, "pdf") != 0) {
            if (n <= 1)
                snprintf(path, pathlen, "%s/%s-1.%s", dir, name, ext);
            else
                snprintf(path, pathlen, "%s/%s-1.%s \xE2\x80\xA6 %s-%zu.%s", dir, name, ext, name, n, ext);
        }
        return 0;
    }
    diag_add(diags, DIAG_ERROR, path, 0, 0, "device", "the %s device could not write the file", bo->device);
    return -1;
}

static int render_sheet(const cli_env *env, const build_opts *bo, const game *g,
                        const game_output *o, const game_lang *l, const char *paper,
                        const icon_set *icons, lay_fonts *fonts, diag_list *diags)
{
    lay_template *tpl = lay_template_load(env->templates, o->template_id ? o->template_id : "reference",
                                          paper, g->id, diags);
    if (!tpl)
        return -1;

    /* the sheet's furniture, from game.xml */
    furniture fu;
    if (furniture_make(&fu, g, fonts, icons, bo->no_verify || g->unverified ? l->code : NULL, diags) != 0) {
        lay_template_free(tpl);
        return -1;
    }
    char *const *credit_lines = fu.credits;
    const char *const *licences = fu.licences;
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
        diag_add(diags, DIAG_ERROR, l->path, 0, 0, "strict",
                 "--strict: the %s sheet has %d layout flaw(s); nothing written", paper, lay_report_flaws(&rep));
        printf("%s/%s: ", bo->outdir, g->id);
        lay_report_print(&rep, stdout);
        built = 0;
    }
    if (built) {
        char name[PATH_MAX];
        snprintf(name, sizeof name, "%s-%s-%s", g->id, l->code, paper);
        char path[PATH_MAX + 300];
        rc = write_list(bo, g, list, name, path, sizeof path, bo->dpi > 0 ? bo->dpi : 150, NULL, diags);
        /* "ok" only for a file that is on the disk */
        if (rc == 0) {
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

/* One flowchart page per flow (all the game's flows, or the output's one). */
static int render_flows(const cli_env *env, const build_opts *bo, const game *g, const game_output *o,
                        const game_lang *l, const char *paper, const icon_set *icons, lay_fonts *fonts,
                        diag_list *diags)
{
    lay_template *tpl = lay_template_load_kind(env->templates, "flowchart", "flowchart", paper, g->id, diags);
    if (!tpl)
        return -1;
    furniture fu;
    if (furniture_make(&fu, g, fonts, icons, bo->no_verify || g->unverified ? l->code : NULL, diags) != 0) {
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
                          keywords, (const char *const *)fu.credits, fu.licences, fu.when,
                          bo->no_verify || g->unverified ? lay_word_unverified(l->code) : NULL};
    int failed = 0;
    for (size_t i = 0; i < g->nflows; i++) {
        const game_flow *f = &g->flows[i];
        if (o->flow && strcmp(o->flow, f->id) != 0)
            continue;
        dl_list *list = new_list(l, diags);
        lay_flow_report rep;
        int ok = list && lay_flow_build(f, l->doc, &meta, tpl, fonts, list, &rep, diags) == 0;
        int small = ok && rep.label_size < tpl->flow_min_label - 1e-9;
        int overlaps = ok ? lay_flow_overlaps(&rep.flaws) : 0;
        if (small)
            diag_add(diags, bo->strict ? DIAG_ERROR : DIAG_WARNING, f->loc.file, f->loc.line, 0, "flow-small",
                     "flow \"%s\" fits the page only with labels at %.1f pt (below %.1f): split it or use "
                     "another paper%s", f->id, rep.label_size, tpl->flow_min_label,
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
            ok = write_list(bo, g, list, name, path, sizeof path, bo->dpi > 0 ? bo->dpi : 150, NULL, diags) == 0;
            if (ok)
                printf("%s: %d nodes, %d edges, labels %.2f pt (scale %.2f), %s, %d%% of the page, "
                       "%d overlaps, %d crossings: %s\n",
                       path, rep.nodes, rep.edges, rep.label_size, rep.scale,
                       rep.landscape ? "landscape" : "portrait", (int)(rep.fill * 100 + 0.5), overlaps,
                       rep.flaws.crossings, small ? "too small" : overlaps ? "overlaps" : "ok");
        } else {
            ok = 0;
        }
        failed += !ok;
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
    lay_template *tpl = lay_template_load_kind(env->templates, o->template_id ? o->template_id : "cards", "cards",
                                               paper, g->id, diags);
    if (!tpl)
        return -1;
    furniture fu;
    if (furniture_make(&fu, g, fonts, icons, bo->no_verify || g->unverified ? l->code : NULL, diags) != 0) {
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
                           (const char *const *)fu.credits, fu.licences, bo->shop, bo->duplex_short,
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
        ok = write_list(bo, g, list, name, path, sizeof path, bo->dpi > 0 ? bo->dpi : 300, duplex, diags) == 0;
        if (ok) {
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
        }
    }
    icon_set_free(icons);
    if (!built && !failed)
        diag_add(diags, DIAG_WARNING, g->loc.file, g->loc.line, 0, "build",
                 "nothing to build for %s with these options", g->id);
    return failed ? -1 : 0;
}

/* The cards' and PNG's options that take a value: CLI_OK, or CLI_USAGE
 * with the reason on stderr. */
static int card_option(build_opts *bo, const char *a, const char *v)
{
    if (strcmp(a, "--layout") == 0) {
        if (strcmp(v, "shop") == 0 || strcmp(v, "home") == 0) {
            bo->shop = strcmp(v, "shop") == 0;
            return CLI_OK;
        }
        fprintf(stderr, "regelwerk build: --layout wants home or shop, not '%s'\n", v);
    } else if (strcmp(a, "--card-size") == 0) {
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
        fprintf(stderr, "regelwerk build: --card-size wants poker, bridge, mini, tarot or WxH in mm "
                        "(25 to 200 x 280), not '%s'\n", v);
    } else if (strcmp(a, "--duplex") == 0) {
        if (strcmp(v, "long") == 0 || strcmp(v, "short") == 0) {
            bo->duplex_short = strcmp(v, "short") == 0;
            return CLI_OK;
        }
        fprintf(stderr, "regelwerk build: --duplex wants long or short, not '%s'\n", v);
    } else if (strcmp(a, "--back-offset") == 0) {
        if (two_numbers(v, ',', &bo->back_dx, &bo->back_dy) == 0 && fabs(bo->back_dx) <= 10 &&
            fabs(bo->back_dy) <= 10)
            return CLI_OK;
        fprintf(stderr, "regelwerk build: --back-offset wants X,Y in mm (each -10 to 10), not '%s'\n", v);
    } else {
        char *end;
        long n = strtol(v, &end, 10);
        if (*v && !*end && n >= 36 && n <= 1200) {
            bo->dpi = (double)n;
            return CLI_OK;
        }
        fprintf(stderr, "regelwerk build: --dpi wants a number from 36 to 1200, not '%s'\n", v);
    }
    return CLI_USAGE;
}

int cmd_build(int argc, char **argv, const cli_env *env)
{
    build_opts bo = {0};
    bo.device = "cairo";
    bo.format = "pdf";
    bo.outdir = "out";
    const char **games = calloc((size_t)argc + 1, sizeof *games);
    size_t ngames = 0;
    if (!games) {
        fputs("regelwerk: out of memory\n", stderr);
        return CLI_FAIL;
    }
    int rc = CLI_OK;
    for (int i = 1; i < argc && rc == CLI_OK; i++) {
        const char *a = argv[i];
        /* the options that take a value, and where each goes */
        static const char *const valued[] = {"--lang",   "--only",      "--device", "--format",      "--paper",
                                             "--pages",  "-o",          "--layout", "--card-size",   "--duplex",
                                             "--back-offset", "--dpi"};
        const char **slot[] = {&bo.lang, &bo.only, &bo.device, &bo.format, &bo.paper, NULL,
                               &bo.outdir, NULL,     NULL,       NULL,        NULL,      NULL};
        size_t v = 0;
        while (v < sizeof valued / sizeof *valued && strcmp(a, valued[v]) != 0)
            v++;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            free(games);
            return CLI_OK;
        } else if (strcmp(a, "--strict") == 0) {
            bo.strict = 1;
        } else if (strcmp(a, "--no-verify") == 0) {
            bo.no_verify = 1;
        } else if (strcmp(a, "--alignment") == 0) {
            bo.alignment = 1;
        } else if (strcmp(a, "--corner-guides") == 0) {
            bo.corner_guides = 1;
        } else if (v < sizeof valued / sizeof *valued) {
            const char *val = cli_option_value("build", argc, argv, &i);
            if (!val) {
                rc = CLI_USAGE;
            } else if (slot[v]) {
                *slot[v] = val;
            } else if (strcmp(a, "--pages") != 0) {
                rc = card_option(&bo, a, val);
            } else {
                char *end;
                long n = strtol(val, &end, 10);
                if (!*val || *end || n < 1 || n > 99) {
                    fprintf(stderr, "regelwerk build: --pages wants a number from 1 to 99, not '%s'\n", val);
                    rc = CLI_USAGE;
                }
                bo.pages = (int)n;
            }
        } else if (a[0] == '-') {
            fprintf(stderr, "regelwerk build: unknown option '%s'\n", a);
            rc = CLI_USAGE;
        } else {
            games[ngames++] = a;
        }
    }
    if (rc == CLI_OK && !*bo.outdir) {
        fprintf(stderr, "regelwerk build: -o wants a folder, not an empty name\n");
        rc = CLI_USAGE;
    }
    if (rc == CLI_OK && strcmp(bo.device, "haru") != 0 && strcmp(bo.device, "cairo") != 0) {
        fprintf(stderr, "regelwerk build: unknown device '%s' (haru or cairo)\n", bo.device);
        rc = CLI_USAGE;
    }
    if (rc == CLI_OK && strcmp(bo.format, "pdf") != 0 && strcmp(bo.format, "png") != 0 &&
        strcmp(bo.format, "svg") != 0) {
        fprintf(stderr, "regelwerk build: unknown format '%s' (pdf, png or svg)\n", bo.format);
        rc = CLI_USAGE;
    }
    if (rc == CLI_OK && strcmp(bo.format, "pdf") != 0 && strcmp(bo.device, "haru") == 0) {
        fprintf(stderr, "regelwerk build: libharu writes PDF only; use --device cairo for %s\n", bo.format);
        rc = CLI_USAGE;
    }
    if (rc == CLI_OK && bo.only && strcmp(bo.only, "sheet") != 0 && strcmp(bo.only, "flow") != 0 &&
        strcmp(bo.only, "cards") != 0) {
        fprintf(stderr, "regelwerk build: --only wants sheet, cards or flow\n");
        rc = CLI_USAGE;
    }
    if (rc == CLI_OK && bo.paper && strcmp(bo.paper, "a4") != 0 && strcmp(bo.paper, "letter") != 0) {
        fprintf(stderr, "regelwerk build: --paper wants a4 or letter\n");
        rc = CLI_USAGE;
    }
    if (rc != CLI_OK) {
        usage(stderr);
        free(games);
        return rc;
    }
    /* names, never paths, of games that exist; a language one of them has */
    if ((rc = cli_games_known("build", env->content, games, ngames)) != CLI_OK) {
        free(games);
        return rc;
    }

    diag_list diags;
    diag_list_init(&diags);
    doc_loader ld = {env->content, env->schema};
    char **all = NULL;
    /* games[] was sized for the command line; the content folder's games are
     * read from their own list, never appended to it. */
    const char *const *list = games;
    if (ngames == 0) {
        all = cli_game_names(env->content);
        if (!all) {
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
        free(games);
        return rc;
    }
    char manifest[PATH_MAX + 16];
    snprintf(manifest, sizeof manifest, "%s/manifest.xml", env->fonts);
    lay_fonts *fonts = lay_fonts_load(manifest, &diags);
    int failed = fonts ? 0 : 1;
    for (size_t i = 0; fonts && i < ngames; i++) {
        size_t errors = diags.errors;
        game *g = game_load(&ld, env->content, list[i], env->templates, &diags);
        if (!g || diags.errors > errors) {
            /* a game that does not load or validate is not typeset */
            failed++;
            game_free(g);
            continue;
        }
        /* What is printed must agree with the engine: a game that fails its
         * checks is not built (nothing is written) unless --no-verify says
         * to build it anyway, marked as not verified on every page. */
        if (!bo.no_verify && !g->unverified) {
            chk_report rep = {0};
            chk_options opt = {0, 0, bo.lang};
            int bad = chk_game(g, &opt, &rep, &diags);
            chk_report_free(&rep);
            if (bad) {
                diag_add(&diags, DIAG_ERROR, g->loc.file, g->loc.line, 0, "build-unverified",
                         "%s does not pass `regelwerk check`: nothing built (--no-verify builds it "
                         "marked as not verified)", g->id);
                failed++;
                game_free(g);
                continue;
            }
        }
        if (build_game(env, &bo, g, NULL, fonts, &diags) != 0)
            failed++;
        game_free(g);
    }
    lay_fonts_free(fonts);
    lay_hyph_cleanup();
    dev_cairo_cleanup();
    diag_print(&diags, stderr);
    if (diags.errors || diags.warnings)
        fprintf(stderr, "%zu error(s), %zu warning(s)\n", diags.errors, diags.warnings);
    if (failed || diags.errors)
        rc = CLI_FAIL;
    diag_list_free(&diags);
    game_names_free(all);
    free(games);
    return rc;
}
