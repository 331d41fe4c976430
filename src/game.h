/* game.h — a game folder of content/: game.xml, the summaries per language
 * and the language-neutral data (examples, flows, cards, glossary, icons).
 *
 * Ownership: a game owns everything it points to, including its loaded docs;
 * game_free() releases it all. File names are interned in the game (`files`)
 * so every record can carry file:line cheaply.
 */
#ifndef REGELWERK_GAME_H
#define REGELWERK_GAME_H

#include "diag.h"
#include "doc.h"
#include "eng.h"

typedef struct game_loc {
    const char *file;
    int line;
} game_loc;

/* EXPECT: a <value> between actions, asserted at that point of the run */
typedef enum { GAME_SET, GAME_ROLL, GAME_DO, GAME_EXPECT } game_step_kind;

typedef struct game_step {
    game_step_kind kind;
    char *a;            /* SET, EXPECT: key; ROLL: die; DO: action */
    char *b;            /* SET, EXPECT: value; ROLL: face; DO: args ("k=v k=v") or NULL */
    int expect_illegal; /* DO or SET with result="illegal" */
    char *because;      /* DO or SET: a text the refusal must contain, or NULL */
    game_loc loc;
} game_step;

typedef struct game_kv {
    char *key, *value;
    game_loc loc;
} game_kv;

typedef struct game_scenario {
    char *id;
    unsigned long long seed;   /* 1 when not given */
    game_step *given;
    size_t ngiven;
    game_step *actions;
    size_t nactions;
    game_kv *expect;
    size_t nexpect;
    game_loc loc;
} game_scenario;

typedef enum { GAME_FN_START, GAME_FN_DECISION, GAME_FN_ACTION, GAME_FN_END } game_fnode_kind;

typedef struct game_branch {
    char *value;        /* "yes", "no" or a number */
    char *to;
    game_loc loc;
} game_branch;

typedef struct game_fnode {
    game_fnode_kind kind;
    char *id;
    char *ref;          /* DECISION: predicate id; ACTION: outcome id */
    char *next;         /* START, ACTION: following node or NULL */
    char *phase;        /* the phase it belongs to (drawn in one frame), or NULL */
    game_branch *branches;
    size_t nbranches;
    game_loc loc;
} game_fnode;

typedef struct game_flow {
    char *id, *ai;
    game_fnode *nodes;
    size_t nnodes;
    game_loc loc;
} game_flow;

/* One row of a card's grid: a character per square, '.' untouched, '#'
 * affected, 'T' the main target (affected, drawn with a dot as the
 * rulebook's symbol has it), 'A' the square of the figure using the effect. */
typedef struct game_grid_row {
    char *cells;
    game_loc loc;
} game_grid_row;

typedef struct game_card {
    char *id, *status, *icon, *group;
    game_loc loc;
    /* the area-effect shape drawn on the card; nrows 0: none */
    game_grid_row *rows;
    size_t nrows;
    int grid_n;         /* the X of wave X and aura X the grid shows; 0 none */
    game_loc grid_loc;
} game_card;

typedef struct game_term {
    char *id;
    char **langs, **forms;
    size_t nforms;
    char **avoid_langs, **avoids;   /* renderings a translation must not use */
    size_t navoids;
    game_loc loc;
} game_term;

typedef struct game_icon {
    char *name, *glyph, *title;
    game_loc loc;
} game_icon;

typedef struct game_credit {
    char *role, *lang, *version, *url, *text;
} game_credit;

typedef struct game_lang {
    char *code;
    char *path;         /* content/GAME/it.xml, or the PO of a translation */
    doc *doc;           /* NULL when it failed to load; a translation's is
                           the source with the PO's texts, its nodes at
                           the PO's lines */
    struct i18n_vocab *vocab;   /* the language's number and rule words, or NULL */
    struct i18n_cat *cat;       /* po="…": the translation catalog, else NULL */
    int is_po;          /* listed with po= (cat may still be NULL: unreadable) */
    int min_complete;   /* percent of source words translated, -1 when not set */
    game_loc loc;
} game_lang;

typedef struct game_output {
    char *kind;         /* "sheet", "cards", "flowchart" */
    char *lang, *template_id, *paper, *flow;
    int pages;          /* 0 = as many as needed */
    game_loc loc;
} game_output;

typedef struct game {
    char *id, *engine_id, *source_lang;
    int coverage_target;      /* percent, -1 when not set */
    char *dir;                /* content/GAME */
    char *date;               /* game.xml's date="YYYY-MM-DD", or NULL */
    char *icons_path;         /* templates/icons/GAME.xml, NULL if absent */
    game_loc loc;
    const eng_game *engine;   /* NULL when engine_id names none (reported) */
    int unverified;           /* engine="none": a text-only summary, built marked
                                 as not verified, no engine facts demanded */
    int oom;                  /* an allocation failed while loading: game_load
                                 reports "out of memory" once, never a record
                                 quietly missing what could not be copied */

    char **title_langs, **titles;
    size_t ntitles;
    int players_min, players_max;
    game_credit *credits;
    size_t ncredits;
    game_lang *langs;
    size_t nlangs;
    game_output *outputs;
    size_t noutputs;

    game_scenario *scenarios;
    size_t nscenarios;
    game_flow *flows;
    size_t nflows;
    game_card *cards;
    size_t ncards;
    game_term *terms;
    size_t nterms;
    game_icon *icons;
    size_t nicons;

    char **files;             /* interned file names */
    size_t nfiles;
} game;

/* Loads content_root/name. Every problem is reported to diags; a game is
 * returned whenever game.xml itself could be read, so that one broken
 * language file does not hide the checks of the others. Returns NULL when
 * game.xml is missing or invalid. templates_dir may be NULL. */
game *game_load(const doc_loader *ld, const char *content_root, const char *name,
                const char *templates_dir, diag_list *diags);
/* The same, but a translation kept as a PO file is read only when it is
 * only_lang's (NULL: every language), for a command that checks and
 * builds that language alone (build --lang): the others' PO files are
 * not parsed, and their langs[] entries stay without doc and cat. */
game *game_load_lang(const doc_loader *ld, const char *content_root, const char *name,
                     const char *templates_dir, const char *only_lang, diag_list *diags);
void game_free(game *g);

/* Runs a scenario file that is not part of a game folder (check --examples). */
int game_load_scenarios(game *g, const doc_loader *ld, const char *path, diag_list *diags);

/* Names of the game folders under content_root (those with a game.xml),
 * sorted; NULL-terminated, free with game_names_free(). NULL when the folder
 * cannot be read, or out of memory (errno ENOMEM): never a partial list. */
char **game_names(const char *content_root);
void game_names_free(char **names);

const char *game_title(const game *g, const char *lang);
const game_lang *game_find_lang(const game *g, const char *code);
const game_scenario *game_find_scenario(const game *g, const char *id);
const game_flow *game_find_flow(const game *g, const char *id);
const game_card *game_find_card(const game *g, const char *id);
const game_term *game_find_term(const game *g, const char *id);
const game_icon *game_find_icon(const game *g, const char *name);
const game_fnode *game_flow_node(const game_flow *f, const char *id);

/* Does some node of f belong to phase id? */
int game_flow_has_phase(const game_flow *f, const char *id);

#endif
