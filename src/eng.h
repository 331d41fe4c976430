/* eng.h — the engine core: seeded randomness, dice as face tables, and the
 * registry through which each game's engine shows the checker what it does.
 *
 * An engine models a game's mechanics as state and functions. It never reads
 * the content XML: facts are *measured* by running the mechanics (deal light
 * wounds to a fresh character until one becomes serious), so a number in the
 * text can disagree with the engine and the checker will say so.
 *
 * Ownership: everything reachable from an eng_game is static and immutable.
 * States are created by state_new() and released by state_free(); the rng
 * passed to state_new() is borrowed and must outlive the state.
 */
#ifndef REGELWERK_ENG_H
#define REGELWERK_ENG_H

#include <stddef.h>
#include <stdint.h>

/* ---- randomness -------------------------------------------------------- */

/* A die is a table of faces; faces are named so that scenarios and cards can
 * refer to them ("blank", "hit2"). The same name may appear on several faces. */
typedef struct eng_die {
    const char *id;            /* "combat", "d6" */
    int nfaces;
    const char *const *faces;  /* nfaces face ids */
} eng_die;

#define ENG_RNG_MAX_FORCED 32

/* xoshiro256** seeded by splitmix64: reproducible on every platform.
 * Forced rolls let a scenario say exactly what the dice show: they are
 * consumed in order before any random roll. */
typedef struct eng_rng {
    uint64_t s[4];
    struct { const eng_die *die; int face; } forced[ENG_RNG_MAX_FORCED];
    size_t nforced, next_forced;
    int mismatch;   /* set when a forced roll was for another die than rolled */
} eng_rng;

void eng_rng_seed(eng_rng *rng, uint64_t seed);
uint64_t eng_rng_next(eng_rng *rng);
/* Uniform integer in [0, n). n must be > 0. */
uint32_t eng_rng_below(eng_rng *rng, uint32_t n);
/* Queues a forced result. Returns 0, or -1 when the queue is full or the
 * face name is not on the die. */
int eng_rng_force(eng_rng *rng, const eng_die *die, const char *face);
/* Rolls: returns a face index of die (a forced one first, if queued). */
int eng_roll(eng_rng *rng, const eng_die *die);
/* Face index of name on die, or -1. */
int eng_die_face(const eng_die *die, const char *name);

/* ---- what an engine exposes --------------------------------------------- */

/* A fact is a number the rules state, measured from behaviour.
 * probe() returns 0 and sets *value, or returns -1 and explains in why. */
typedef struct eng_fact {
    const char *id;    /* "nemesis.wounds.light-to-serious" */
    const char *doc;   /* what is measured and how, in English */
    int (*probe)(long *value, char *why, size_t whylen);
} eng_fact;

typedef struct eng_kv {
    const char *key;
    const char *value;
} eng_kv;

/* Result codes of eng_game.act(). */
enum {
    ENG_OK = 0,
    ENG_ILLEGAL = 1,   /* the rules forbid it (a scenario may expect this) */
    ENG_ERROR = -1     /* unknown action, bad arguments: a content error */
};

/* A decision predicate of an AI, as used by flowchart decision nodes.
 * eval() returns the branch value: 0/1 for yes/no, or a small index for a
 * multi-way decision. */
typedef struct eng_pred {
    const char *id;
    const char *doc;
    int nvalues;                /* 2 for yes/no */
    int (*eval)(const void *st);
} eng_pred;

/* An AI procedure (or any procedure a flowchart draws): the engine's own
 * implementation, written from the rules text, plus a generator of concrete
 * states on which the checker runs both it and the flowchart. */
typedef struct eng_ai {
    const char *id;                 /* "nemesis.intruder-target" */
    const char *doc;
    const eng_pred *preds;
    size_t npreds;
    const char *const *outcomes;    /* NULL-terminated step/outcome ids */
    /* Runs the procedure on st; writes the outcome ids it performs, in order,
     * into trace (at most max) and returns how many, or -1 on error. */
    int (*run)(const void *st, const char **trace, size_t max);
    /* Builds concrete states that cover the procedure's situations, boundary
     * states included (ties, equal counts, empty rooms). Calls visit() for
     * each; stops early when visit() returns non-zero. Returns the number of
     * states visited, or -1. Deterministic for a given seed. */
    long (*enumerate)(uint64_t seed, int (*visit)(const void *st, void *ctx), void *ctx);
    /* One-line description of a state, for diagnostics. */
    void (*describe)(const void *st, char *buf, size_t len);
} eng_ai;

typedef struct eng_game {
    const char *id;                  /* "nemesis": prefix of all its ids */
    const char *name;
    const eng_fact *facts;
    size_t nfacts;
    const eng_die *const *dice;      /* NULL-terminated */

    /* Scenarios: given -> actions -> expected. Keys and values are strings;
     * numbers are written in decimal. */
    void *(*state_new)(eng_rng *rng);
    void (*state_free)(void *st);
    /* 0, or -1 with err filled (unknown key, bad value). */
    int (*state_set)(void *st, const char *key, const char *value, char *err, size_t errlen);
    int (*state_get)(const void *st, const char *key, char *buf, size_t buflen,
                     char *err, size_t errlen);
    /* ENG_OK, ENG_ILLEGAL (err says which rule) or ENG_ERROR. */
    int (*act)(void *st, const char *action, const eng_kv *args, size_t nargs,
               char *err, size_t errlen);
    const char *const *state_keys;   /* NULL-terminated, for state diffs */

    const eng_ai *ais;
    size_t nais;

    /* Every status, token and effect the engine knows; cards must match. */
    const char *const *statuses;     /* NULL-terminated */
} eng_game;

/* ---- registry ----------------------------------------------------------- */

/* NULL-terminated list of every engine built in. */
const eng_game *const *eng_games(void);
const eng_game *eng_find(const char *id);
const eng_fact *eng_find_fact(const eng_game *g, const char *id);
const eng_ai *eng_find_ai(const eng_game *g, const char *id);
const eng_pred *eng_find_pred(const eng_ai *ai, const char *id);
int eng_has_status(const eng_game *g, const char *id);

/* Small helpers engines share for argument parsing. */
const char *eng_arg(const eng_kv *args, size_t nargs, const char *key);
/* Parses a decimal long; 0 on success, -1 otherwise. */
int eng_parse_long(const char *s, long *out);
/* The integer argument key in [lo, hi]; def when absent (def < lo makes it
 * required). 0, or -1 with err set. */
int eng_arg_long(const eng_kv *args, size_t nargs, const char *key, long def, long lo, long hi, long *out,
                 char *err, size_t errlen);
/* Index of s in names[0..n), or -1. */
int eng_name_index(const char *const *names, int n, const char *s);
/* Splits "k=v k=v" (blanks between) in place into at most max pairs that
 * point into buf. Returns their number, or -1 for a word without "=" or
 * more than max pairs. */
int eng_split_args(char *buf, eng_kv *kv, int max);
/* g->act with its arguments written as "k=v k=v" (at most 16, 511 bytes);
 * ENG_ERROR with err set when they do not split. */
int eng_act_str(const eng_game *g, void *st, const char *action, const char *args, char *err, size_t errlen);

#endif
