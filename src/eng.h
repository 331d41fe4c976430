/* eng.h — the engine contract: what a game's engine declares, and the one
 * generic implementation (eng.c) that parses, validates and dispatches it.
 *
 * An engine models a game's mechanics as state and functions. It never reads
 * the content XML: facts are *measured* by running the mechanics (deal light
 * wounds to a fresh character until one becomes serious), so a number in the
 * text can disagree with the engine and the checker will say so.
 *
 * A game's file declares, as data:
 *   - its state: a plain C struct (no pointers: states are copied with
 *     memcpy) and an init function;
 *   - its state keys (eng_key): a name or pattern ("cN.lp"), a type, a range
 *     or enumeration, and either the field it reads and writes or accessor
 *     functions;
 *   - its actions (eng_action): a name, typed parameters with ranges and
 *     defaults, and the function that performs it;
 *   - its facts (eng_fact), each measured by a probe that sees only the
 *     public interface (eng_probe_*): a probe that performs no action is not
 *     a measurement, and the checker refuses it;
 *   - its AI procedures (eng_ai): predicates and outcomes, each outcome with
 *     a postcondition over the state before and after its step;
 *   - optionally a simulator (eng_sim).
 * Everything else (key and argument parsing, range checks, dispatch, copies,
 * step logs and counters, probes, outcome checking) is eng.c's.
 *
 * Ownership: everything reachable from an eng_game is static and immutable.
 * An eng_state is created by eng_state_new()/eng_state_copy() and released by
 * eng_state_free(); it owns its generator, its log and its game data. No
 * function here keeps state between calls: states, probes and enumerations
 * are reentrant.
 */
#ifndef REGELWERK_ENG_H
#define REGELWERK_ENG_H

#include <stdarg.h>
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

#define ENG_RNG_MAX_FORCED 64

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
/* The next space-separated word of *s, for the notations text keys hold:
 * skips spaces, returns the word (its length in *len) and leaves *s just
 * after it; NULL at the end. */
const char *eng_word(const char **s, size_t *len);
/* A list of die's faces as a text key holds it ("v2-light v3-serious";
 * with numbers, when num is given, "adult3 blank": a face's lower-case
 * name and at most 3 digits, 0 when none), separated by spaces or commas:
 * parse writes at most max faces (indexes) and numbers and returns their
 * count, or -1 with err; format writes them back, a number only where
 * num[i] >= 0. */
int eng_faces_parse(const eng_die *die, const char *v, int max, int *face, int *num, char *err, size_t errlen);
void eng_faces_format(const eng_die *die, const int *face, const int *num, int n, char *buf, size_t len);

/* ---- result codes --------------------------------------------------------- */

enum {
    ENG_OK = 0,
    ENG_ILLEGAL = 1,   /* the rules forbid it (a scenario may expect this) */
    ENG_ERROR = -1     /* unknown action, key or argument, bad value: a content error */
};

typedef struct eng_game eng_game;
typedef struct eng_state eng_state;   /* opaque */

/* ---- state keys ------------------------------------------------------------ */

typedef enum eng_type {
    ENG_INT,     /* a whole number in [lo, hi]; "yes"/"no" read as 1/0 */
    ENG_ENUM,    /* one of names[] (NULL-terminated); stored as its index */
    ENG_TEXT     /* a string, through get_text/set_text */
} eng_type;

/* Index placeholders in key patterns: 'N' and 'M' stand for decimal
 * indexes ("cN.lp", "rN.kM"), 1-based unless the key's zero_based bit for
 * that index is set ("room.N.x" with rooms 0..11); every other character is
 * literal. A key's name never contains an upper-case letter otherwise. */
#define ENG_MAXIDX 2

typedef struct eng_key {
    const char *pattern;          /* "players", "cN.lp", "eN.plates" */
    eng_type type;
    const char *doc;              /* one line, English: what it is */
    int nmax[ENG_MAXIDX];         /* each index runs 1..nmax[i] */
    long lo, hi;                  /* ENG_INT range (for set and get) */
    const char *const *names;     /* ENG_ENUM values */
    /* A plain int field: its offset in the game's state struct and the
     * stride of each index (offsetof(st, ch[0].lp), sizeof(ch[0])). Used
     * when get is NULL. */
    size_t off;
    size_t stride[ENG_MAXIDX];
    /* A computed or checked value. get NULL = the field. set NULL with get
     * set = read-only (computed); set NULL with get NULL = the field. set
     * receives a value already range-checked against lo..hi. */
    long (*get)(const void *data, const int *idx);
    int (*set)(void *data, const int *idx, long v, char *err, size_t errlen);
    /* ENG_TEXT: write the value into buf; parse and store it (0, or -1 with
     * err). set_text NULL = read-only. */
    void (*get_text)(const void *data, const int *idx, char *buf, size_t len);
    int (*set_text)(void *data, const int *idx, const char *v, char *err, size_t errlen);
    /* As get and set, with the key itself: one function serves a family of
     * keys, told apart by their tag ("bag.KIND" for every kind). Used in
     * place of get/set when given. */
    long (*getk)(const void *data, const struct eng_key *k, const int *idx);
    int (*setk)(void *data, const struct eng_key *k, const int *idx, long v, char *err, size_t errlen);
    long tag;
    unsigned zero_based;          /* bit i: index i runs 0..nmax[i]-1 */
    /* The action parameters this key's value bounds, in every action that
     * has them (NULL-terminated; the key has no index): above it eng_act
     * says ENG_ERROR ("who=3 but players=2"). */
    const char *const *bounds;
    /* A plain field's key (no get, set, getk or setk): shown as the field
     * plus this (1 for an index kept from 0 and shown from 1), and
     * read-only when ro is set. */
    int plus;
    unsigned ro;
    /* More plain fields, so that an engine writes no accessor for them:
     *  - counted (ENG_INT): the field is an array of which only the first
     *    n exist, n the int at count_off; an index (1-based) beyond n reads as lo
     *    ("pool.N.face" of a roll of n dice);
     *  - die (ENG_TEXT): an int array of die's face indexes, at most maxn
     *    (<= ENG_MAXLIST), its length the int at count_off, as text the way
     *    eng_faces_format and eng_faces_parse write and read it; setting it
     *    clears the entries past the new length;
     *  - strsize (ENG_TEXT): a char[strsize] string (cut to fit when set).
     * Read-only when ro is set. */
    unsigned counted;
    size_t count_off;
    const eng_die *die;
    int maxn;
    size_t strsize;
    /* A family of plain int fields declared by one row (ENG_INT, no
     * accessor): the pattern ends in '*', which stands for each word of
     * words (separated by commas or blanks); word i is the int i places
     * after the field at off, so the struct declares those fields one after
     * the other in the words' order ("hN.*" with "fire, poison" is hN.fire
     * and hN.poison, the fields fire and poison). Write it with
     * ENG_KEY_RUN, which checks that the fields are consecutive ints. */
    const char *words;
} eng_key;

#define ENG_MAXLIST 64

/* 1 when key k cannot be set: computed, a text without a setter, or ro. */
int eng_key_read_only(const eng_key *k);
/* The name of key row k's instance i (0, 1, ...), every index at its first
 * value: a family's (words) i-th word, any other row's only name for i 0.
 * 0, or -1 when k has no instance i or buf is too short. For tests that
 * read and write every key of a table. */
int eng_key_instance(const eng_key *k, int i, char *buf, size_t len);

/* Table helpers. T is the game's state struct. */
/* How many elements an array (a table) has: .nkeys = ENG_COUNT(keys). */
#define ENG_COUNT(a) (sizeof (a) / sizeof (a)[0])
#define ENG_KEY_INT(pat, T, field, l, h, d) \
    {.pattern = (pat), .type = ENG_INT, .doc = (d), .lo = (l), .hi = (h), .off = offsetof(T, field)}
#define ENG_KEY_INT1(pat, n, T, field, stride0, l, h, d)                                       \
    {.pattern = (pat), .type = ENG_INT, .doc = (d), .nmax = {(n)}, .lo = (l), .hi = (h),     \
     .off = offsetof(T, field), .stride = {(stride0)}}
#define ENG_KEY_ENUM(pat, T, field, nm, d) \
    {.pattern = (pat), .type = ENG_ENUM, .doc = (d), .names = (nm), .off = offsetof(T, field)}
/* An ENUM field of an array of structs (stride0 the size of an element), and
 * int and ENUM fields of an array in an array (rN.kM: strides s0 and s1). */
#define ENG_KEY_ENUM1(pat, n, T, field, stride0, nm, d)                                                   \
    {.pattern = (pat), .type = ENG_ENUM, .doc = (d), .nmax = {(n)}, .names = (nm), .off = offsetof(T, field), \
     .stride = {(stride0)}}
#define ENG_KEY_INT2(pat, n0, n1, T, field, s0, s1, l, h, d)                                                \
    {.pattern = (pat), .type = ENG_INT, .doc = (d), .nmax = {(n0), (n1)}, .lo = (l), .hi = (h),             \
     .off = offsetof(T, field), .stride = {(s0), (s1)}}
#define ENG_KEY_ENUM2(pat, n0, n1, T, field, s0, s1, nm, d)                                                 \
    {.pattern = (pat), .type = ENG_ENUM, .doc = (d), .nmax = {(n0), (n1)}, .names = (nm),                  \
     .off = offsetof(T, field), .stride = {(s0), (s1)}}
#define ENG_KEY_RO(pat, n0, l, h, fn, d) \
    {.pattern = (pat), .type = ENG_INT, .doc = (d), .nmax = {(n0)}, .lo = (l), .hi = (h), .get = (fn)}
/* A list of die faces (see die above), field and count fields of T. */
#define ENG_KEY_FACES(pat, T, field, count, dieptr, d)                                                  \
    {.pattern = (pat), .type = ENG_TEXT, .doc = (d), .off = offsetof(T, field), .count_off = offsetof(T, count), \
     .die = (dieptr), .maxn = (int)(sizeof ((T *)0)->field / sizeof ((T *)0)->field[0])}
/* A string field: a char array of T (index 1..n0, stride the size of an
 * element; n0 0 for none). */
#define ENG_KEY_STR(pat, n0, T, field, stride0, d)                                                         \
    {.pattern = (pat), .type = ENG_TEXT, .doc = (d), .nmax = {(n0)}, .off = offsetof(T, field),              \
     .stride = {(stride0)}, .strsize = sizeof ((T *)0)->field}
/* A read-only int field of an array of which the first count exist (see
 * counted above): index 1..n0, stride the size of an element. */
#define ENG_KEY_COUNTED(pat, n0, T, field, stride0, count, l, h, d)                                     \
    {.pattern = (pat), .type = ENG_INT, .doc = (d), .nmax = {(n0)}, .lo = (l), .hi = (h),                     \
     .off = offsetof(T, field), .stride = {(stride0)}, .ro = 1, .counted = 1, .count_off = offsetof(T, count)}

/* A plain INT or ENUM field of a two-dimensional array of T ("sq.N.M.x" of
 * int x[12][12]): both indexes and strides from the array's type. */
#define ENG_KEY_GRID(pat, T, field, ty, nm, l, h, d)                                                           \
    {.pattern = (pat), .type = (ty), .doc = (d), .lo = (l), .hi = (h), .names = (nm), .off = offsetof(T, field), \
     .nmax = {sizeof ((T *)0)->field / sizeof ((T *)0)->field[0],                                                \
              sizeof ((T *)0)->field[0] / sizeof ((T *)0)->field[0][0]},                                         \
     .stride = {sizeof ((T *)0)->field[0], sizeof ((T *)0)->field[0][0]}}
/* A plain INT or ENUM field of an array in an array of structs of T
 * ("hN.wM.atb": field atb of w[M] of h[N]): both indexes and strides from
 * the arrays' types. */
#define ENG_KEY_SUB(pat, T, outer, inner, field, ty, nm, l, h, d)                                                 \
    {.pattern = (pat), .type = (ty), .doc = (d), .lo = (l), .hi = (h), .names = (nm),                            \
     .off = offsetof(T, outer[0].inner[0].field),                                                                \
     .nmax = {ENG_COUNT(((T *)0)->outer), ENG_COUNT(((T *)0)->outer[0].inner)},                                  \
     .stride = {sizeof ((T *)0)->outer[0], sizeof ((T *)0)->outer[0].inner[0]}}
/* A family of keys (see words above): the int fields f, ... (up to 12) of
 * element N of an array of structs of T, each one key in l..h named by pat
 * with its '*' replaced by the field's name ("hN.*"); elem is the element
 * ("h[0]"), n0 how many. The fields must follow one another as ints in the
 * order given, or the table does not compile (a negative array size). */
#define ENG_KEY_RUN(pat, n0, T, elem, l, h, d, ...)                                                            \
    {.pattern = (pat), .type = ENG_INT, .doc = (d), .nmax = {(n0)}, .lo = (l), .hi = (h),                       \
     .off = offsetof(T, elem.ENG_FIRST_(__VA_ARGS__, _)) + 0 * sizeof(char[ENG_RUN_(T, elem, __VA_ARGS__) ? 1 : -1]), \
     .stride = {sizeof ((T *)0)->elem}, .words = #__VA_ARGS__}
#define ENG_FIRST_(a, ...) a
/* 1 when field y is the int right after int field x (of elem of T). */
#define ENG_NEXT_(T, e, x, y) \
    (offsetof(T, e.y) == offsetof(T, e.x) + sizeof(int) && sizeof ((T *)0)->e.x == sizeof(int))
#define ENG_RUN1_(T, e, x) (sizeof ((T *)0)->e.x == sizeof(int))
#define ENG_RUN2_(T, e, x, y) ENG_NEXT_(T, e, x, y)
#define ENG_RUN3_(T, e, x, y, ...) (ENG_NEXT_(T, e, x, y) && ENG_RUN2_(T, e, y, __VA_ARGS__))
#define ENG_RUN4_(T, e, x, y, ...) (ENG_NEXT_(T, e, x, y) && ENG_RUN3_(T, e, y, __VA_ARGS__))
#define ENG_RUN5_(T, e, x, y, ...) (ENG_NEXT_(T, e, x, y) && ENG_RUN4_(T, e, y, __VA_ARGS__))
#define ENG_RUN6_(T, e, x, y, ...) (ENG_NEXT_(T, e, x, y) && ENG_RUN5_(T, e, y, __VA_ARGS__))
#define ENG_RUN7_(T, e, x, y, ...) (ENG_NEXT_(T, e, x, y) && ENG_RUN6_(T, e, y, __VA_ARGS__))
#define ENG_RUN8_(T, e, x, y, ...) (ENG_NEXT_(T, e, x, y) && ENG_RUN7_(T, e, y, __VA_ARGS__))
#define ENG_RUN9_(T, e, x, y, ...) (ENG_NEXT_(T, e, x, y) && ENG_RUN8_(T, e, y, __VA_ARGS__))
#define ENG_RUN10_(T, e, x, y, ...) (ENG_NEXT_(T, e, x, y) && ENG_RUN9_(T, e, y, __VA_ARGS__))
#define ENG_RUN11_(T, e, x, y, ...) (ENG_NEXT_(T, e, x, y) && ENG_RUN10_(T, e, y, __VA_ARGS__))
#define ENG_RUN12_(T, e, x, y, ...) (ENG_NEXT_(T, e, x, y) && ENG_RUN11_(T, e, y, __VA_ARGS__))
#define ENG_PICK_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, m, ...) m
#define ENG_RUN_(T, e, ...)                                                                                     \
    ENG_PICK_(__VA_ARGS__, ENG_RUN12_, ENG_RUN11_, ENG_RUN10_, ENG_RUN9_, ENG_RUN8_, ENG_RUN7_, ENG_RUN6_,       \
              ENG_RUN5_, ENG_RUN4_, ENG_RUN3_, ENG_RUN2_, ENG_RUN1_, _)(T, e, __VA_ARGS__)

/* ---- actions ------------------------------------------------------------------ */

#define ENG_MAXPARAMS 8

typedef struct eng_param {
    const char *name;             /* NULL ends the list */
    eng_type type;                /* ENG_INT, ENG_ENUM or ENG_TEXT */
    long lo, hi;                  /* ENG_INT range */
    long def;                     /* the value when absent (ENG_ENUM: an index) */
    int required;                 /* absent is an error */
    const char *const *names;     /* ENG_ENUM values */
} eng_param;

/* A parameter that switches something on: name=1, 0 when absent. */
#define ENG_FLAG(name) {(name), ENG_INT, 0, 1, 0, 0, NULL}

/* An argument as the action function receives it, in the order of the
 * action's params: v the number (or enum index), s the text, given whether
 * the caller wrote it. */
typedef struct eng_arg {
    long v;
    const char *s;
    int given;
} eng_arg;

/* What an action's row may add (eng_action.more, NULL for nothing): an
 * older name that still works, or, in place of fn (then NULL), the rules
 * function of a step the rules never refuse that needs no more than the
 * state and one number, so that the game writes no wrapper for it: run0(st),
 * or run1(st, n) with n the argument number arg (0-based, in the order of
 * params) less base (1 for a who= that the rules count from 0). Either is
 * ENG_OK. */
typedef struct eng_more {
    const char *alias;
    void (*run0)(eng_state *st);
    void (*run1)(eng_state *st, int n);
    int arg, base;
} eng_more;

/* An action function of the standard shape (eng_action.fn), for a game's
 * wrappers: s, d, arg, err and errlen, each of which it may leave unused. */
#define ENG_ACTION_FN(name)                                                                                  \
    static int name(eng_state *s __attribute__((unused)), void *d __attribute__((unused)),                    \
                    const eng_arg *arg __attribute__((unused)), char *err __attribute__((unused)),             \
                    size_t errlen __attribute__((unused)))

typedef struct eng_action {
    const char *name;
    const char *doc;
    eng_param params[ENG_MAXPARAMS];
    /* Performs the action on the game's data. ENG_OK, ENG_ILLEGAL with err
     * saying which rule forbids it, or ENG_ERROR for an argument that is
     * in range but wrong for this state (who=5 with 4 players). */
    int (*fn)(eng_state *st, void *data, const eng_arg *arg, char *err, size_t errlen);
    const eng_more *more;         /* an alias or a rules function (above), or NULL */
} eng_action;

/* ---- facts and probes ---------------------------------------------------------- */

typedef struct eng_probe eng_probe;   /* opaque: a state plus a failure record */

/* A fact is a number the rules state, measured from behaviour. probe()
 * drives a fresh state through the public interface below and sets *value;
 * a failed call inside it fails the measurement (with the call and the
 * reason), so probes need not check every call. Returns 0, or -1 after
 * eng_probe_fail(). */
typedef struct eng_fact {
    const char *id;    /* "nemesis.wounds.light-to-serious" */
    const char *doc;   /* what is measured and how, in English */
    int (*probe)(eng_probe *p, long *value);
} eng_fact;

/* Starts over from a fresh state (seeded with seed). */
void eng_probe_reset(eng_probe *p, uint64_t seed);
/* Performs an action with "k=v k=v" arguments (printf-style). Returns ENG_OK
 * or ENG_ILLEGAL; an unknown action or a bad argument fails the probe and
 * returns ENG_ERROR. */
int eng_probe_act(eng_probe *p, const char *action, const char *argfmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same, but an ENG_ILLEGAL result fails the probe too: for steps that
 * the measurement needs to happen. */
void eng_probe_do(eng_probe *p, const char *action, const char *argfmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Sets a key (the key is printf-style; the value is the last argument's
 * text). Failure fails the probe. */
void eng_probe_set(eng_probe *p, const char *value, const char *keyfmt, ...)
    __attribute__((format(printf, 3, 4)));
void eng_probe_setl(eng_probe *p, long value, const char *keyfmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A key's number (an ENUM's index); failure fails the probe and gives 0. */
long eng_probe_get(eng_probe *p, const char *keyfmt, ...) __attribute__((format(printf, 2, 3)));
/* A key's text into buf. */
void eng_probe_text(eng_probe *p, char *buf, size_t len, const char *keyfmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Queues a forced roll of die (by id) showing face (by name). */
void eng_probe_force(eng_probe *p, const char *die, const char *face);
/* Fails the measurement with a reason; returns -1 for `return eng_probe_fail(...)`. */
int eng_probe_fail(eng_probe *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Saves the probe's state into slot (0..3) / restores it: for measurements
 * that try several things from one prepared position. */
void eng_probe_save(eng_probe *p, int slot);
void eng_probe_restore(eng_probe *p, int slot);

/* Runs a fact's probe. Returns 0 with *value, or -1 with why filled (the
 * probe failed, a call inside it failed, or it performed no action).
 * *actions receives the number of actions performed. */
int eng_measure(const eng_game *g, const eng_fact *f, long *value, long *actions, char *why,
                size_t whylen);

/* ---- AI procedures ---------------------------------------------------------- */

/* A decision predicate, as used by flowchart decision nodes. eval() returns
 * the branch value: 0/1 for no/yes, or a small index for a multi-way
 * decision. It reads the state through eng_get*: it shares no code with the
 * procedure it describes. */
typedef struct eng_pred {
    const char *id;
    const char *doc;
    int nvalues;                /* 2 for yes/no */
    int (*eval)(const eng_state *st);
    /* A decision taken in the middle of a procedure, evaluated where it
     * stands: on the state the procedure started from and the state after
     * the flowchart's preceding steps ("did the last enemy fall in the
     * turns just played?"). When set, it is used instead of eval. */
    int (*eval_at)(const eng_state *start, const eng_state *now);
} eng_pred;

/* A step of a procedure, with what it must have changed: post(before, after)
 * returns 1 when the state after the step shows the step happened. */
typedef struct eng_outcome {
    const char *id;
    const char *doc;
    int (*post)(const eng_state *before, const eng_state *after);
} eng_outcome;

typedef struct eng_ai {
    const char *id;                 /* "nemesis.intruder-target" */
    const char *doc;
    const eng_pred *preds;
    size_t npreds;
    const eng_outcome *outcomes;
    size_t noutcomes;
    /* Performs the procedure on st, calling eng_step(st, OUTCOME) right
     * after each step. Returns 0, or -1 on error. */
    int (*run)(eng_state *st);
    /* Builds concrete states that cover the procedure's situations, boundary
     * states included. Calls visit() for each; stops early when visit()
     * returns non-zero. Returns the number of states visited, or -1.
     * Deterministic for a given seed. */
    long (*enumerate)(const eng_game *g, uint64_t seed, int (*visit)(const eng_state *st, void *ctx),
                      void *ctx);
    /* One-line description of a state, for diagnostics (may be NULL). */
    void (*describe)(const eng_state *st, char *buf, size_t len);
} eng_ai;

/* Marks the end of a procedure's step. When the state is being recorded
 * (eng_record_begin), checks the outcome's postcondition against the state
 * at the previous step and appends the outcome to the record. */
void eng_step(eng_state *st, const char *outcome);

/* What a recorded run did. */
#define ENG_MAXTRACE 64
typedef struct eng_record {
    const eng_ai *ai;
    const char *trace[ENG_MAXTRACE];
    int ntrace;
    int truncated;                 /* more steps than ENG_MAXTRACE */
    const char *failed;            /* the first outcome whose postcondition failed, or NULL */
    const char *unknown;           /* the first outcome id the ai does not declare, or NULL */
    int failed_at;                 /* its step, 0-based */
    eng_state *prev;               /* owned: the state after the last step */
    /* with eng_record_run_kept: the state after each step (owned) */
    int keep;
    eng_state *snap[ENG_MAXTRACE];
} eng_record;

/* Runs ai on st (which it changes) and records its steps. 0, or -1 when the
 * procedure returned an error or a copy could not be made. */
int eng_record_run(const eng_ai *ai, eng_state *st, eng_record *rec);
/* The same, keeping a copy of the state after every step (rec->snap), for
 * decisions evaluated where they stand (eng_pred.eval_at). */
int eng_record_run_kept(const eng_ai *ai, eng_state *st, eng_record *rec);
void eng_record_free(eng_record *rec);

/* ---- simulation -------------------------------------------------------------- */

/* A fight or game played out by simulated players: `regelwerk simulate
 * GAME FILE`. The file is validated against schema (a file name in the
 * schema folder); each element below its root is handed to setup() with its
 * attributes, in document order, index counting elements of that name. */
typedef struct eng_kv {
    const char *key;
    const char *value;
} eng_kv;

typedef struct eng_sim {
    const char *schema;            /* "fight.rng" */
    const char *root;              /* the root element, "fight" */
    long max_rounds;               /* the cap of --rounds and of the file's rounds= */
    /* What the file's attributes set (eng_sim_setup reads them): the root's
     * first, then each element in document order. */
    const struct eng_sim_key *keys;
    size_t nkeys;
    /* Plays one round: 0 the game goes on, 1 it is over. */
    int (*round)(eng_state *st);
    /* The result in a word or two: "won", "mission failed", "undecided". */
    void (*result)(const eng_state *st, char *buf, size_t len);
    /* The party reported at the end: party_count (a key: how many), and per
     * member N the keys party_keys[] with N substituted for 'N' ("cN.lp"). */
    const char *party_count;
    const char *const *party_keys;   /* NULL-terminated; the first names the member */
} eng_sim;

/* For a simulator's setup: the value of attribute key among attrs, or def
 * when it is absent. */
const char *eng_kv_get(const eng_kv *attrs, size_t nattrs, const char *key, const char *def);
/* Sets the key of pattern pat ("cN.aM") with its 'N' and 'M' replaced by
 * idx[0] and idx[1], as eng_set. 0, or -1 with err. */
int eng_set_at(eng_state *st, const char *pat, const int *idx, const char *value, char *err, size_t errlen);
/* A fight file's attribute that sets a key: attribute attr of element elem
 * sets key (a pattern for eng_set_at), to def when the attribute is absent
 * (attr NULL: always def). The root element also has an attribute "#NAME"
 * for each kind of element it holds: how many NAME it holds. The optional
 * fields:
 *   word     1, 2, ...: only that blank-separated word of the value ("" if none);
 *   names    the value must be one of these; the key is set to its index;
 *   part     a text key is set in parts: consecutive rows for one key each
 *            add part and the value (a value "" adds nothing), set at the last;
 *   each     the key's M runs from 1 to each (a row that clears a list);
 *   above, below, upto
 *            keys (patterns, as key) that bound the value once set: it must
 *            be greater than above, less than below, at most upto. */
typedef struct eng_sim_key {
    const char *elem, *attr, *key, *def;
    int word;
    const char *const *names;
    const char *part;
    int each;
    const char *above, *below, *upto;
} eng_sim_key;
/* A row of eng_sim_key: ENG_SIM("enemy", "round", "eN.round", "1", .upto = "fight.rounds"). */
#define ENG_SIM(e, a, k, d, ...) {.elem = (e), .attr = (a), .key = (k), .def = (d), __VA_ARGS__}
/* Sets the keys of every row of t (n rows) for element elem, in the
 * table's order, from attrs; idx holds N and M (element N, its child M).
 * 0, or -1 with err at the first key refused. */
int eng_sim_keys(eng_state *st, const eng_sim_key *t, size_t n, const char *elem, const int *idx,
                 const eng_kv *attrs, size_t nattrs, char *err, size_t errlen);
/* A simulator's setup of one element of its file: the rows of sim->keys for
 * it; an element without a row is refused. */
int eng_sim_setup(eng_state *st, const eng_sim *sim, const char *elem, const int *idx, const eng_kv *attrs,
                  size_t nattrs, char *err, size_t errlen);

/* What a simulation (or any run) narrates, when someone listens. */
typedef struct eng_event {
    long round;
    const char *kind;      /* a short English word: "position", "cast", "roll" */
    const char *actor;     /* a character or enemy name, or "" */
    const char *text;
} eng_event;
typedef void (*eng_listener)(void *ctx, const eng_event *ev);

void eng_listen(eng_state *st, eng_listener fn, void *ctx);
int eng_listening(const eng_state *st);
/* Narrates an event (printf-style text) when someone listens. */
void eng_say(eng_state *st, long round, const char *kind, const char *actor, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* ---- the game ------------------------------------------------------------------ */

struct eng_game {
    const char *id;                  /* "nemesis": prefix of all its ids */
    const char *name;

    size_t state_size;               /* sizeof the game's state struct */
    void (*init)(void *data);        /* a fresh game: data is zeroed first */

    const eng_key *keys;
    size_t nkeys;
    const eng_action *actions;
    size_t nactions;
    /* Events counted in the log: keys log.NAME (how often), log.first.NAME
     * (the 1-based step of its first occurrence, 0 none) and log.steps (the
     * names in order) are generic. */
    const char *const *events;       /* NULL-terminated */

    const eng_die *const *dice;      /* NULL-terminated */
    const eng_fact *facts;
    size_t nfacts;
    const eng_ai *ais;
    size_t nais;
    /* Every status, token and effect the engine knows; cards must match. */
    const char *const *statuses;     /* NULL-terminated */
    const eng_sim *sim;              /* NULL: not simulated */
    /* Area effects as the engine computes them, for the grids drawn on
     * cards: does the effect named by status (a card's status id), used
     * from square ox,oy with its main target at tx,ty and range n (wave X,
     * aura X), cover square x,y? 1 yes, 0 no, -1 status is no area effect.
     * NULL: the game has no area effects. */
    int (*area)(const char *status, int n, int ox, int oy, int tx, int ty, int x, int y);
    /* More statuses (after those of statuses), from tables of names the
     * engine has: "ID.KIND.NAME" (ID the game's id) for each name of each
     * set; a set with kind NULL ends the list. NULL: none. */
    const struct eng_status_set *status_sets;
};

typedef struct eng_status_set {
    const char *kind;                /* "status", "area" */
    const char *const *names;        /* NULL-terminated */
} eng_status_set;

/* ---- states -------------------------------------------------------------------- */

/* A fresh state of g, its generator seeded with seed. NULL when out of memory. */
eng_state *eng_state_new(const eng_game *g, uint64_t seed);
/* A copy with its own generator, log and data. NULL when out of memory. */
eng_state *eng_state_copy(const eng_state *st);
/* Copies src into dst (same game). */
void eng_state_assign(eng_state *dst, const eng_state *src);
void eng_state_free(eng_state *st);
const eng_game *eng_state_game(const eng_state *st);

/* For the game's own file only: its data, and the generator. */
void *eng_data(eng_state *st);
const void *eng_cdata(const eng_state *st);
eng_rng *eng_state_rng(eng_state *st);
/* Counts event ev (an index into g->events) and appends it to the step log. */
void eng_note(eng_state *st, int ev);

/* Sets a key from text. 0, or -1 with err (unknown key, read-only key, bad or
 * out-of-range value). */
int eng_set(eng_state *st, const char *key, const char *value, char *err, size_t errlen);
/* A key's value as text (numbers in decimal, enums by name). */
int eng_get(const eng_state *st, const char *key, char *buf, size_t len, char *err, size_t errlen);
/* A key's value as a number (an enum's index); -1 with err for a text key. */
int eng_get_long(const eng_state *st, const char *key, long *out, char *err, size_t errlen);
/* A key's number, printf-style key; 0 when the key does not resolve (for
 * predicates and postconditions, whose keys the tests prove). */
long eng_val(const eng_state *st, const char *keyfmt, ...) __attribute__((format(printf, 2, 3)));
/* Sets a key to a number, printf-style key: what eng_set does with the
 * number in decimal (the same refusals), without formatting and parsing
 * both when the key was resolved before (enumerators set keys by the
 * hundred thousand). 0, or -1. */
int eng_set_long(eng_state *st, long value, const char *keyfmt, ...) __attribute__((format(printf, 3, 4)));

/* Performs action with arguments (NULL or "k=v k=v"). ENG_OK, ENG_ILLEGAL or
 * ENG_ERROR, with err. */
int eng_act(eng_state *st, const char *action, const char *args, char *err, size_t errlen);
/* Actions performed on st so far. */
long eng_actions(const eng_state *st);

/* Static validation, for content as it is loaded: 0, or -1 with err. A key
 * with value NULL is checked for reading only. */
int eng_check_key(const eng_game *g, const char *key, const char *value, char *err, size_t errlen);
int eng_check_action(const eng_game *g, const char *action, const char *args, char *err, size_t errlen);

/* ---- registry ------------------------------------------------------------------- */

/* NULL-terminated list of every engine built in. */
const eng_game *const *eng_games(void);
const eng_game *eng_find(const char *id);
const eng_fact *eng_find_fact(const eng_game *g, const char *id);
const eng_ai *eng_find_ai(const eng_game *g, const char *id);
const eng_pred *eng_find_pred(const eng_ai *ai, const char *id);
const eng_outcome *eng_find_outcome(const eng_ai *ai, const char *id);
const eng_die *eng_find_die(const eng_game *g, const char *id);
int eng_has_status(const eng_game *g, const char *id);
/* The game's status i (0, 1, ...: statuses, then status_sets) written into
 * buf; buf, or NULL past the last one. */
const char *eng_status(const eng_game *g, size_t i, char *buf, size_t len);
/* The index of status ("ID.KIND.NAME") among the names of g's status sets
 * of kind, counted over them in order: which of the engine's shapes or
 * symbols a card names; -1 when it is none of them (or NULL). */
int eng_status_index(const eng_game *g, const char *kind, const char *status);

/* Parses a whole decimal long with range check; 0, or -1. */
int eng_parse_long(const char *s, long *out);
/* A whole number at the start of s ("-3:", "12/4"): an optional sign and
 * digits, within lo..hi, no overflow. 0 with *out and *end past it, or -1.
 * The notations' parsers use it instead of sscanf("%d"), whose overflow is
 * undefined. */
int eng_parse_int_prefix(const char *s, long lo, long hi, long *out, const char **end);

#endif
