/* cmd_build.c — `regelwerk build`: content → layout → display list → device.
 *
 * Layout runs once per sheet into a display list; the list is then replayed
 * into the chosen device, which writes a temporary file and renames it into
 * place on close, so a failed build leaves nothing half-written in out/.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "dev_cairo.h"
#include "dev_haru.h"
#include "dl.h"
#include "game.h"
#include "icon.h"
#include "lay_font.h"
#include "lay_hyph.h"
#include "lay_sheet.h"
#include "lay_template.h"

static void usage(FILE *fp)
{
    fputs("usage: regelwerk build [GAME...] [--lang L] [--only sheet] [--device haru|cairo]\n"
          "                       [--format pdf|png|svg] [--paper a4|letter] [--pages N]\n"
          "                       [--strict] [-o DIR]\n"
          "\n"
          "Renders the outputs configured in each game's game.xml (all games when none\n"
          "is named) into DIR/GAME/ (default DIR: out). Sheets are named\n"
          "GAME-LANG-PAPER.pdf (.svg; .png writes one file per page, -N.png).\n"
          "\n"
          "  --lang L          only this language\n"
          "  --only sheet      only this kind of output (sheets are the kind built today)\n"
          "  --device D        haru (libharu) or cairo (default)\n"
          "  --format F        pdf (default), png or svg (png and svg need --device cairo)\n"
          "  --paper P         a4 or letter, overriding the configured papers\n"
          "  --pages N         fit each sheet on N pages, shrinking within the floor\n"
          "  --strict          any layout flaw (overfull line, widow, ...) is an error\n"
          "  -o DIR            output folder (default out)\n"
          "\n"
          "Prints one quality line per sheet. Exit status: 0 ok, 1 a build failed, 2 usage.\n",
          fp);
}

typedef struct build_opts {
    const char *lang, *only, *device, *format, *paper, *outdir;
    int pages, strict;
} build_opts;

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
static long long build_date(const game *g)
{
    const char *sde = getenv("SOURCE_DATE_EPOCH");
    if (sde && *sde) {
        char *end;
        long long v = strtoll(sde, &end, 10);
        if (!*end && v >= 0)
            return v;
    }
    long long newest = 0;
    struct stat st;
    for (size_t i = 0; i < g->nfiles; i++)
        if (stat(g->files[i], &st) == 0 && (long long)st.st_mtime > newest)
            newest = (long long)st.st_mtime;
    for (size_t i = 0; i < g->nlangs; i++)
        if (stat(g->langs[i].path, &st) == 0 && (long long)st.st_mtime > newest)
            newest = (long long)st.st_mtime;
    return newest;
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
    char date[32];
    long long when = build_date(g);
    time_t t = (time_t)when;
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y-%m-%d", &tm);
    char *credit_lines[16];
    size_t ncredits = 0;
    for (size_t i = 0; i < g->ncredits && ncredits < 15; i++) {
        const game_credit *c = &g->credits[i];
        char line[512];
        snprintf(line, sizeof line, "%s%s%s%s%s", c->text ? c->text : "",
                 c->version ? ", v. " : "", c->version ? c->version : "", c->url ? " \xe2\x80\x93 " : "",
                 c->url ? c->url : "");
        credit_lines[ncredits++] = strdup(line);
    }
    credit_lines[ncredits] = NULL;
    const char *licences[8];
    size_t nlic = 0;
    const char *font_credit = lay_fonts_credit(fonts);
    if (font_credit)
        licences[nlic++] = font_credit;
    if (icons && icon_credit(icons))
        licences[nlic++] = icon_credit(icons);
    licences[nlic] = NULL;

    lay_sheet_meta meta = {0};
    char *title = doc_plain_text(l->doc->root->first && l->doc->root->first->type == DOC_TITLE
                                     ? l->doc->root->first : l->doc->root);
    meta.title = title ? title : game_title(g, l->code);
    meta.version = l->doc->root->variant;
    meta.date = date;
    meta.lang = l->code;
    meta.credits = (const char *const *)credit_lines;
    meta.licences = licences;
    meta.epoch = when;
    meta.pages = bo->pages ? bo->pages : o->pages;
    char keywords[256];
    snprintf(keywords, sizeof keywords, "%s, %s, rules reference, print and play, regelwerk", g->id, l->code);
    meta.keywords = keywords;

    int rc = -1;
    dl_list *list = dl_list_new();
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
        char dir[PATH_MAX], path[PATH_MAX + 256];
        snprintf(dir, sizeof dir, "%s/%s", bo->outdir, g->id);
        const char *ext = bo->format;
        if (mkdirs(dir) != 0) {
            diag_add(diags, DIAG_ERROR, dir, 0, 0, "io", "cannot create the folder: %s", strerror(errno));
        } else {
            if (strcmp(ext, "png") == 0 || strcmp(ext, "svg") == 0)
                snprintf(path, sizeof path, "%s/%s-%s-%s-%%d.%s", dir, g->id, l->code, paper, ext);
            else
                snprintf(path, sizeof path, "%s/%s-%s-%s.%s", dir, g->id, l->code, paper, ext);
            dev_device *dev = NULL;
            if (strcmp(bo->device, "haru") == 0)
                dev = dev_haru_new(path, diags);
            else
                dev = dev_cairo_new(path,
                                    strcmp(ext, "png") == 0   ? DEV_CAIRO_PNG
                                    : strcmp(ext, "svg") == 0 ? DEV_CAIRO_SVG
                                                              : DEV_CAIRO_PDF,
                                    150.0, diags);
            if (dev) {
                const dl_doc_info *info = dl_list_doc_info(list);
                int ok = (!dev->begin_doc || !info || dev->begin_doc(dev, info) == 0) &&
                         dl_replay(list, dev, NULL) == 0;
                /* close writes the temp file and renames it; on failure nothing is left */
                int closed = dev->close ? dev->close(dev) : 0;
                dev->drop(dev);
                if (ok && closed == 0)
                    rc = 0;
                else
                    diag_add(diags, DIAG_ERROR, path, 0, 0, "device", "the %s device could not write the file",
                             bo->device);
            }
            printf("%s: ", path);
            lay_report_print(&rep, stdout);
        }
    }
    dl_list_free(list);
    free(title);
    for (size_t i = 0; i < ncredits; i++)
        free(credit_lines[i]);
    lay_template_free(tpl);
    return rc;
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
        if (strcmp(o->kind, "sheet") != 0)
            continue;   /* cards and flowcharts are rendered by later work */
        if (bo->only && strcmp(bo->only, "sheet") != 0)
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
            if (render_sheet(env, bo, g, o, l, paper, icons, fonts, diags) != 0)
                failed++;
        }
    }
    icon_set_free(icons);
    if (!built && !failed)
        diag_add(diags, DIAG_WARNING, g->loc.file, g->loc.line, 0, "build",
                 "nothing to build for %s with these options", g->id);
    return failed ? -1 : 0;
}

int cmd_build(int argc, char **argv, const cli_env *env)
{
    build_opts bo = {0};
    bo.device = "cairo";
    bo.format = "pdf";
    bo.outdir = "out";
    const char **games = calloc((size_t)argc + 1, sizeof *games);
    size_t ngames = 0;
    if (!games)
        return CLI_FAIL;
    int rc = CLI_OK;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            free(games);
            return CLI_OK;
        } else if (strcmp(a, "--strict") == 0) {
            bo.strict = 1;
        } else if (next && strcmp(a, "--lang") == 0) {
            bo.lang = argv[++i];
        } else if (next && strcmp(a, "--only") == 0) {
            bo.only = argv[++i];
        } else if (next && strcmp(a, "--device") == 0) {
            bo.device = argv[++i];
        } else if (next && strcmp(a, "--format") == 0) {
            bo.format = argv[++i];
        } else if (next && strcmp(a, "--paper") == 0) {
            bo.paper = argv[++i];
        } else if (next && strcmp(a, "--pages") == 0) {
            char *end;
            long n = strtol(argv[++i], &end, 10);
            if (*end || n < 1 || n > 99) {
                fprintf(stderr, "regelwerk build: --pages wants a number from 1 to 99\n");
                rc = CLI_USAGE;
            }
            bo.pages = (int)n;
        } else if (next && strcmp(a, "-o") == 0) {
            bo.outdir = argv[++i];
        } else if (a[0] == '-') {
            fprintf(stderr, "regelwerk build: unknown option or missing value '%s'\n", a);
            rc = CLI_USAGE;
        } else {
            games[ngames++] = a;
        }
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
    if (rc == CLI_OK && bo.only && strcmp(bo.only, "sheet") != 0 && strcmp(bo.only, "cards") != 0 &&
        strcmp(bo.only, "flow") != 0) {
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

    diag_list diags;
    diag_list_init(&diags);
    doc_loader ld = {env->content, env->schema};
    char **all = NULL;
    if (ngames == 0) {
        all = game_names(env->content);
        if (!all) {
            fprintf(stderr, "regelwerk: cannot read the content folder '%s'\n", env->content);
            free(games);
            return CLI_FAIL;
        }
        for (char **n = all; *n; n++)
            games[ngames++] = *n;
    }
    char manifest[PATH_MAX + 16];
    snprintf(manifest, sizeof manifest, "%s/manifest.xml", env->fonts);
    lay_fonts *fonts = lay_fonts_load(manifest, &diags);
    int failed = fonts ? 0 : 1;
    for (size_t i = 0; fonts && i < ngames; i++) {
        size_t errors = diags.errors;
        game *g = game_load(&ld, env->content, games[i], env->templates, &diags);
        if (!g || diags.errors > errors) {
            /* a game that does not load or validate is not typeset */
            failed++;
            game_free(g);
            continue;
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
