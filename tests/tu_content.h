/* tu_content.h — planted faults in a copy of the real content: the harness
 * the games' content suites share (copy, check one game, plant one fault and
 * demand its diagnostic at the right file and line). */
#ifndef REGELWERK_TU_CONTENT_H
#define REGELWERK_TU_CONTENT_H

#include "chk.h"

typedef struct tu_content {
    const char *game;          /* "noxius" */
    char root[256];            /* a temporary folder */
    char content[512];         /* root/content: the copy */
} tu_content;

/* Makes the temporary folder (0, or -1); frees it (0, or -1). */
int tu_content_setup(tu_content *tc, const char *game_id);
int tu_content_teardown(tu_content *tc);
/* Whether the game's engine is built in (SKIP_GAMES may leave it out). */
int tu_content_have(const tu_content *tc, const char *engine);
/* A fresh copy of content/ (CUnit assertions). */
void tu_content_fresh(tu_content *tc);
/* Checks the copied game: failures (load errors included); the report into
 * out when not NULL (the caller frees it). */
long tu_content_check(tu_content *tc, diag_list *dl, chk_report *out);
/* Plants from -> to in the game's file of a fresh copy, checks, and asserts
 * an error with code at the line where from was. */
void tu_content_plant(tu_content *tc, const char *file, const char *from, const char *to, const char *code);
/* The coverage row of lang, or NULL. */
const chk_coverage *tu_content_row(const chk_report *rep, const char *lang);

#endif
