/* tu_content.c — planted faults in a copy of the real content (see
 * tu_content.h). */
#include "tu_content.h"

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eng.h"
#include "game.h"
#include "testutil.h"

#define SCHEMA "src/schema/regelwerk.rng"

int tu_content_setup(tu_content *tc, const char *game_id)
{
    tc->game = game_id;
    snprintf(tc->root, sizeof tc->root, "/tmp/regelwerk-content-XXXXXX");
    if (!mkdtemp(tc->root))
        return -1;
    snprintf(tc->content, sizeof tc->content, "%s/content", tc->root);
    return 0;
}

int tu_content_teardown(tu_content *tc)
{
    char out[64];
    return tu_runf(out, sizeof out, "rm -rf '%s'", tc->root) == 0 ? 0 : -1;
}

int tu_content_have(const tu_content *tc, const char *engine)
{
    (void)tc;
    return eng_find(engine) != NULL;
}

void tu_content_fresh(tu_content *tc)
{
    char out[64];
    CU_ASSERT_EQUAL_FATAL(tu_runf(out, sizeof out, "rm -rf '%s'", tc->content), 0);
    CU_ASSERT_EQUAL_FATAL(tu_copy_tree("content", tc->content), 0);
}

long tu_content_check(tu_content *tc, diag_list *dl, chk_report *out)
{
    doc_loader ld = {tc->content, SCHEMA};
    game *g = game_load(&ld, tc->content, tc->game, "templates", dl);
    if (!g)
        return -1;
    chk_report rep = {0};
    /* no options (NULL), as bench.c calls it: every check, language and flow
     * (a NULL dereference of opt once crashed make bench only) */
    chk_game(g, NULL, &rep, dl);
    long failed = rep.failed + (long)dl->errors;
    if (out)
        *out = rep;
    else
        chk_report_free(&rep);
    game_free(g);
    return failed;
}

void tu_content_plant(tu_content *tc, const char *file, const char *from, const char *to, const char *code)
{
    tu_content_fresh(tc);
    char path[700];
    snprintf(path, sizeof path, "%s/%s/%s", tc->content, tc->game, file);
    int line = tu_line_of(path, from);
    CU_ASSERT_FATAL(line > 0);
    CU_ASSERT_EQUAL_FATAL(tu_replace_in_file(path, from, to), 0);
    diag_list dl;
    diag_list_init(&dl);
    CU_ASSERT(tu_content_check(tc, &dl, NULL) > 0);
    const diag *hit = NULL;
    for (size_t i = 0; i < dl.n && !hit; i++) {
        const diag *d = &dl.items[i];
        size_t lf = d->file ? strlen(d->file) : 0, ls = strlen(file);
        if (d->sev == DIAG_ERROR && d->code && strcmp(d->code, code) == 0 && lf >= ls &&
            strcmp(d->file + lf - ls, file) == 0 && d->line == line)
            hit = d;
    }
    CU_ASSERT_PTR_NOT_NULL(hit);
    if (!hit) {
        fprintf(stderr, "\nexpected %s at %s:%d after \"%s\" -> \"%s\", got:\n", code, path, line, from, to);
        diag_print(&dl, stderr);
    }
    diag_list_free(&dl);
}

const chk_coverage *tu_content_row(const chk_report *rep, const char *lang)
{
    for (size_t i = 0; i < rep->ncov; i++)
        if (strcmp(rep->cov[i].lang, lang) == 0)
            return &rep->cov[i];
    return NULL;
}
