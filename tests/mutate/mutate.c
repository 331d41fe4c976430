/* mutate.c — source-level mutants of one C file, for `make mutate`.
 *
 *   mutate list [--sample N] [--seed S] FILE
 *       one line per mutant: ID FILE:LINE:COL OPERATOR ORIGINAL->REPLACEMENT
 *       (--sample: N of them, chosen with a seeded generator so that a run
 *       is reproducible; IDs stay those of the full list)
 *   mutate apply ID FILE [-o OUT]
 *       FILE with mutant ID applied, on stdout or into OUT
 *
 * Operators (only inside function bodies: file-scope tables, enums, struct
 * definitions and everything the preprocessor reads are left alone):
 *   int+1, int-1   an integer literal N becomes N+1, N-1 (not in the array
 *                  sizes of declarations)
 *   cmp            < <=, <= <, > >=, >= >
 *   eq             == !=, != ==
 *   logic          && ||, || &&
 *   arith          binary + -, - +
 *   stmt-del       an expression statement that calls or assigns becomes ";"
 *                  (declarations, return, break, continue, goto are kept)
 *
 * The tokeniser knows comments, string and character literals and
 * preprocessor lines, which is all a mutant needs: an operator inside a
 * string is not an operator. It does not parse C; where its guess about the
 * context is wrong the mutant does not compile and the driver counts it as
 * stillborn. A deleted statement keeps its newlines so that every other line
 * of the mutant keeps its number.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { T_IDENT, T_NUM, T_STR, T_CHAR, T_PUNCT } tkind;

typedef struct tok {
    tkind kind;
    size_t off, len;
    int line, col;
} tok;

typedef struct mutant {
    size_t off, len;      /* the source range replaced */
    int line, col;
    const char *op;
    char repl[32];        /* "" for stmt-del: built from the range */
    unsigned seq;         /* order found, for a stable sort */
} mutant;

static const char *src;
static size_t srclen;
static tok *toks;
static size_t ntoks, captoks;
static mutant *muts;
static size_t nmuts, capmuts;

static void *grow(void *p, size_t *cap, size_t size)
{
    *cap = *cap ? *cap * 2 : 256;
    p = realloc(p, *cap * size);
    if (!p) {
        fprintf(stderr, "mutate: out of memory\n");
        exit(2);
    }
    return p;
}

static char *read_all(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    size_t cap = 1 << 16, n = 0, r;
    char *buf = malloc(cap + 1);
    while (buf && (r = fread(buf + n, 1, cap - n, fp)) > 0) {
        n += r;
        if (n == cap) {
            cap *= 2;
            char *nb = realloc(buf, cap + 1);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    int bad = ferror(fp);
    fclose(fp);
    if (!buf || bad) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* ---- tokens -------------------------------------------------------------------------------- */

static const char *const puncts[] = {
    "...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
    "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", NULL};

static int is_ident_start(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static int is_ident_char(int c)
{
    return is_ident_start(c) || is_digit(c);
}

/* A position in the source; every step keeps line and column right. */
typedef struct cursor {
    size_t i;
    int line, col;
} cursor;

static void adv(cursor *c)
{
    if (src[c->i] == '\n') {
        c->line++;
        c->col = 1;
    } else {
        c->col++;
    }
    c->i++;
}

static int at_str(const cursor *c, const char *s)
{
    return !strncmp(src + c->i, s, strlen(s));
}

/* Skips a comment at c, if there is one; 1 when it did. */
static int skip_comment(cursor *c)
{
    if (at_str(c, "/*")) {
        adv(c);
        adv(c);
        while (c->i < srclen && !at_str(c, "*/"))
            adv(c);
        if (c->i < srclen) {
            adv(c);
            adv(c);
        }
        return 1;
    }
    if (at_str(c, "//")) {
        while (c->i < srclen && src[c->i] != '\n')
            adv(c);
        return 1;
    }
    return 0;
}

/* Skips a string or character literal starting at c (its quote). */
static void skip_quoted(cursor *c)
{
    char q = src[c->i];
    adv(c);
    while (c->i < srclen && src[c->i] != q && src[c->i] != '\n') {
        if (src[c->i] == '\\' && c->i + 1 < srclen)
            adv(c);
        adv(c);
    }
    if (c->i < srclen && src[c->i] == q)
        adv(c);
}

static void tokenise(void)
{
    cursor c = {0, 1, 1};
    int line_start = 1;     /* only blanks so far on this line: a # starts a directive */
    while (c.i < srclen) {
        char ch = src[c.i];
        if (ch == '\n') {
            adv(&c);
            line_start = 1;
            continue;
        }
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') {
            adv(&c);
            continue;
        }
        if (at_str(&c, "\\\n")) {
            adv(&c);
            adv(&c);
            continue;
        }
        if (skip_comment(&c))
            continue;
        if (ch == '#' && line_start) {
            /* a directive runs to the end of its line, through backslash
             * continuations and comments that span lines */
            while (c.i < srclen && src[c.i] != '\n') {
                if (at_str(&c, "\\\n")) {
                    adv(&c);
                    adv(&c);
                } else if (skip_comment(&c)) {
                    continue;
                } else if (src[c.i] == '"' || src[c.i] == '\'') {
                    skip_quoted(&c);
                } else {
                    adv(&c);
                }
            }
            continue;
        }
        line_start = 0;
        if (ntoks == captoks)
            toks = grow(toks, &captoks, sizeof *toks);
        tok *t = &toks[ntoks++];
        t->off = c.i;
        t->line = c.line;
        t->col = c.col;
        if (ch == '"' || ch == '\'') {
            t->kind = ch == '"' ? T_STR : T_CHAR;
            skip_quoted(&c);
        } else if (is_digit(ch) || (ch == '.' && is_digit(src[c.i + 1]))) {
            /* a preprocessing number: digits, letters, dots, signed exponents */
            t->kind = T_NUM;
            while (c.i < srclen) {
                char d = src[c.i];
                if ((d == '+' || d == '-') && strchr("eEpP", src[c.i - 1]))
                    adv(&c);
                else if (is_ident_char(d) || d == '.')
                    adv(&c);
                else
                    break;
            }
        } else if (is_ident_start(ch)) {
            t->kind = T_IDENT;
            while (c.i < srclen && is_ident_char(src[c.i]))
                adv(&c);
        } else {
            t->kind = T_PUNCT;
            size_t n = 1;
            for (const char *const *p = puncts; *p; p++)
                if (at_str(&c, *p)) {
                    n = strlen(*p);
                    break;
                }
            while (n--)
                adv(&c);
        }
        t->len = c.i - t->off;
    }
}

static int is(const tok *t, const char *s)
{
    return t && t->len == strlen(s) && !strncmp(src + t->off, s, t->len);
}

static int is_any(const tok *t, const char *const *set)
{
    for (; *set; set++)
        if (is(t, *set))
            return 1;
    return 0;
}

static const char *const type_words[] = {
    "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool",
    "const", "volatile", "static", "extern", "register", "struct", "union", "enum", "typedef",
    "auto", "inline", "_Atomic", "_Thread_local", "_Alignas", "_Static_assert", NULL};
static const char *const stmt_words[] = {
    "if", "else", "for", "while", "do", "switch", "case", "default", "return", "break",
    "continue", "goto", "sizeof", "_Alignof", "_Generic", NULL};

static int is_keyword(const tok *t)
{
    return t->kind == T_IDENT && (is_any(t, type_words) || is_any(t, stmt_words));
}

static int is_plain_ident(const tok *t)
{
    return t->kind == T_IDENT && !is_keyword(t);
}

static const tok *at(size_t i)
{
    return i < ntoks ? &toks[i] : NULL;
}

/* Does the statement starting at token i declare something? "T x", "T *x =",
 * or a type keyword first: a guess that holds for the code we mutate. */
static int is_declaration(size_t i)
{
    const tok *t = at(i);
    if (t->kind != T_IDENT)
        return 0;
    if (is_any(t, type_words))
        return 1;
    if (is_keyword(t))
        return 0;
    size_t j = i + 1;
    if (at(j) && is_plain_ident(at(j)))
        return 1;
    while (at(j) && is(at(j), "*"))
        j++;
    if (j == i + 1 || !at(j) || !is_plain_ident(at(j)))
        return 0;
    const tok *after = at(j + 1);
    return is(after, "=") || is(after, ";") || is(after, ",") || is(after, "[");
}

/* ---- mutants ------------------------------------------------------------------------------- */

static mutant *add(size_t off, size_t len, int line, int col, const char *op, const char *repl)
{
    if (nmuts == capmuts)
        muts = grow(muts, &capmuts, sizeof *muts);
    mutant *m = &muts[nmuts];
    m->off = off;
    m->len = len;
    m->line = line;
    m->col = col;
    m->op = op;
    snprintf(m->repl, sizeof m->repl, "%s", repl);
    m->seq = (unsigned)nmuts++;
    return m;
}

static void add_tok(const tok *t, const char *op, const char *repl)
{
    add(t->off, t->len, t->line, t->col, op, repl);
}

/* N+1 and N-1 of an integer literal, in its own base and with its suffix. */
static void mutate_number(const tok *t)
{
    char text[64];
    if (t->len >= sizeof text)
        return;
    memcpy(text, src + t->off, t->len);
    text[t->len] = '\0';
    size_t n = t->len;
    while (n > 0 && strchr("uUlL", text[n - 1]))
        n--;
    const char *suffix = src + t->off + n;
    int sufflen = (int)(t->len - n);
    text[n] = '\0';
    int hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    int oct = !hex && text[0] == '0' && text[1] != '\0';
    const char *digits = hex ? text + 2 : text;
    for (const char *p = digits; *p; p++)
        if (hex ? !strchr("0123456789abcdefABCDEF", *p) : !is_digit(*p))
            return;     /* a floating constant, or no number we know */
    char *end;
    unsigned long long v = strtoull(text, &end, hex ? 16 : oct ? 8 : 10);
    if (*end || v == ULLONG_MAX)
        return;
    int is_unsigned = memchr(suffix, 'u', (size_t)sufflen) || memchr(suffix, 'U', (size_t)sufflen);
    char repl[32];
    for (int d = 1; d >= -1; d -= 2) {
        if (d < 0 && v == 0) {
            if (is_unsigned)
                continue;
            /* in parentheses: "x-0" must not become "x--1" */
            snprintf(repl, sizeof repl, "(-1%.*s)", sufflen, suffix);
        } else {
            unsigned long long w = d > 0 ? v + 1 : v - 1;
            if (hex)
                snprintf(repl, sizeof repl, "0x%llx%.*s", w, sufflen, suffix);
            else if (oct)
                snprintf(repl, sizeof repl, "0%llo%.*s", w, sufflen, suffix);
            else
                snprintf(repl, sizeof repl, "%llu%.*s", w, sufflen, suffix);
        }
        add_tok(t, d > 0 ? "int+1" : "int-1", repl);
    }
}

/* Does the expression statement toks[first..last] call or assign? */
static int has_effect(size_t first, size_t last)
{
    static const char *const assign[] = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
                                         "<<=", ">>=", "++", "--", NULL};
    for (size_t i = first; i <= last; i++) {
        if (is_any(&toks[i], assign))
            return 1;
        if (is_plain_ident(&toks[i]) && i + 1 <= last && is(&toks[i + 1], "("))
            return 1;
    }
    return 0;
}

/* what a brace opens: a function body, a block, an initializer or compound
 * literal (part of an expression), a struct/union/enum definition inside a
 * function (part of a declaration, nothing to mutate), anything else at file
 * scope */
enum { B_BODY, B_BLOCK, B_INIT, B_TYPE, B_OTHER };
#define MAXNEST 256

static void find_mutants(void)
{
    int braces[MAXNEST], nbraces = 0, in_func = 0, in_type = 0;
    int ctrl[MAXNEST], nparens = 0;      /* per open parenthesis: a control head's? */
    int pending_ctrl = 0;                /* if/while/for/switch seen, its ( comes next */
    int last_close_ctrl = 0;             /* the last ")" closed a control head: a "{"
                                          * after it opens a block, not a literal */
    int expect = 0;                      /* the next token starts a statement */
    long first = -1;                     /* the current statement's first token */
    int decl = 0, decl_init = 0, skip_brackets = 0, questions = 0;
    int stmt_parens = 0;                 /* parentheses open since the statement began */

    for (size_t i = 0; i < ntoks; i++) {
        const tok *t = &toks[i];
        const tok *prev = i ? &toks[i - 1] : NULL;
        int top = nbraces ? braces[nbraces - 1] : -1;
        int in_expr = top == B_INIT || top == B_TYPE;   /* no statements here */

        if (in_func && expect && !in_expr) {
            expect = 0;
            first = -1;
            if (is(t, "else") || is(t, "do")) {
                expect = 1;
            } else if (!is(t, ";") && !is(t, "{") && !is(t, "}")) {
                first = (long)i;
                decl = is_declaration(i);
                decl_init = skip_brackets = questions = stmt_parens = 0;
            }
        }

        if (t->kind == T_PUNCT && is(t, "{")) {
            int kind;
            if (!in_func)
                kind = is(prev, ")") && nparens == 0 ? B_BODY : B_OTHER;
            else if (is(prev, "struct") || is(prev, "union") || is(prev, "enum") ||
                     (i >= 2 && (is(&toks[i - 2], "struct") || is(&toks[i - 2], "union") ||
                                 is(&toks[i - 2], "enum"))))
                kind = B_TYPE;
            else if (top == B_INIT || is(prev, "="))
                kind = B_INIT;
            else if (is(prev, ")") && !last_close_ctrl)
                kind = B_INIT;      /* a compound literal */
            else
                kind = B_BLOCK;
            if (nbraces == MAXNEST) {
                fprintf(stderr, "mutate: braces nested too deep\n");
                exit(2);
            }
            braces[nbraces++] = kind;
            in_type += kind == B_TYPE;
            if (kind == B_BODY)
                in_func = 1;
            if (kind == B_BODY || kind == B_BLOCK) {
                expect = 1;
                first = -1;
            }
            continue;
        }
        if (t->kind == T_PUNCT && is(t, "}")) {
            int kind = nbraces ? braces[--nbraces] : B_OTHER;
            in_type -= kind == B_TYPE;
            if (kind == B_BODY)
                in_func = 0;
            if (in_func && (kind == B_BLOCK))
                expect = 1;
            if (kind != B_INIT && kind != B_TYPE)
                first = -1;
            continue;
        }
        if (!in_func)
            continue;

        /* parentheses, and which of them close a control head */
        if (is(t, "(")) {
            if (nparens + 1 >= MAXNEST) {
                fprintf(stderr, "mutate: parentheses nested too deep\n");
                exit(2);
            }
            ctrl[++nparens] = pending_ctrl;
            pending_ctrl = 0;
            stmt_parens++;
        } else if (is(t, ")")) {
            int was_ctrl = nparens > 0 && ctrl[nparens] == 1;
            if (nparens > 0)
                nparens--;
            stmt_parens--;
            last_close_ctrl = was_ctrl;
            if (was_ctrl) {
                expect = 1;
                first = -1;
            }
        } else if (t->kind == T_IDENT && (is(t, "if") || is(t, "while") || is(t, "for") ||
                                          is(t, "switch"))) {
            pending_ctrl = 1;
            first = -1;
        }

        int array_size = 0;
        if (first >= 0 && decl && stmt_parens == 0 && !in_expr) {
            if (is(t, "="))
                decl_init = 1;
            else if (is(t, ","))
                decl_init = 0;
        }
        if (first >= 0 && decl && !decl_init && stmt_parens == 0 && !in_expr && is(t, "["))
            skip_brackets++;
        else if (skip_brackets && is(t, "["))
            skip_brackets++;
        else if (skip_brackets && is(t, "]"))
            skip_brackets--;
        array_size = skip_brackets > 0;

        if (first >= 0 && !in_expr && nparens == 0) {
            if (is(t, "?"))
                questions++;
            else if (is(t, ":") && questions > 0)
                questions--;
            else if (is(t, ":")) {
                /* a case label or a label: a statement follows */
                expect = 1;
                first = -1;
            }
        }

        if (!array_size && !in_type) {
            if (t->kind == T_NUM) {
                mutate_number(t);
            } else if (t->kind == T_PUNCT) {
                static const char *const swaps[][3] = {
                    {"<", "<=", "cmp"},  {"<=", "<", "cmp"},  {">", ">=", "cmp"},
                    {">=", ">", "cmp"},  {"==", "!=", "eq"},  {"!=", "==", "eq"},
                    {"&&", "||", "logic"}, {"||", "&&", "logic"}};
                for (size_t k = 0; k < sizeof swaps / sizeof swaps[0]; k++)
                    if (is(t, swaps[k][0]))
                        add_tok(t, swaps[k][2], swaps[k][1]);
                /* binary only: after an operand; a unary sign is left alone */
                if ((is(t, "+") || is(t, "-")) && prev &&
                    ((prev->kind != T_PUNCT && !is_keyword(prev)) || is(prev, ")") || is(prev, "]")))
                    add_tok(t, "arith", is(t, "+") ? "-" : "+");
            }
        }

        if (is(t, ";") && nparens == 0 && !in_expr) {
            /* narration (eng_say) only speaks to a listener: deleting it can
             * change nothing a check can see, so it is no mutant */
            int narration = first >= 0 && toks[first].kind == T_IDENT && toks[first].len == 7 &&
                            strncmp(src + toks[first].off, "eng_say", 7) == 0;
            if (first >= 0 && !decl && !narration && !is_keyword(&toks[first]) && has_effect((size_t)first, i)) {
                const tok *f = &toks[first];
                add(f->off, t->off + t->len - f->off, f->line, f->col, "stmt-del", "");
            }
            expect = 1;
            first = -1;
        }
    }
}

static int by_position(const void *a, const void *b)
{
    const mutant *x = a, *y = b;
    if (x->off != y->off)
        return x->off < y->off ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* ---- output -------------------------------------------------------------------------------- */

/* The original text of a mutant on one line: blanks squeezed, long
 * statements cut. */
static void print_original(FILE *fp, const mutant *m)
{
    size_t n = 0;
    int blank = 0;
    for (size_t i = m->off; i < m->off + m->len; i++) {
        char c = src[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            blank = 1;
            continue;
        }
        if (n >= 60) {
            fputs("...", fp);
            return;
        }
        if (blank && n > 0) {
            fputc(' ', fp);
            n++;
        }
        blank = 0;
        fputc(c, fp);
        n++;
    }
}

static void print_mutant(FILE *fp, const char *file, size_t id, const mutant *m)
{
    fprintf(fp, "%zu %s:%d:%d %s ", id, file, m->line, m->col, m->op);
    print_original(fp, m);
    fprintf(fp, "->%s\n", m->repl[0] ? m->repl : ";");
}

static int write_mutant(FILE *fp, const mutant *m)
{
    fwrite(src, 1, m->off, fp);
    if (m->repl[0]) {
        fputs(m->repl, fp);
    } else {
        /* a deleted statement keeps its line breaks */
        fputc(';', fp);
        for (size_t i = m->off; i < m->off + m->len; i++)
            if (src[i] == '\n')
                fputc('\n', fp);
    }
    fwrite(src + m->off + m->len, 1, srclen - m->off - m->len, fp);
    return ferror(fp) ? -1 : 0;
}

/* xorshift64*: the sample is the same on every machine for the same seed */
static uint64_t rng_state;

static uint64_t rng_next(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

static int usage(void)
{
    fprintf(stderr, "usage: mutate list [--sample N] [--seed S] FILE\n"
                    "       mutate apply ID FILE [-o OUT]\n");
    return 2;
}

static int parse_count(const char *s, unsigned long long *v)
{
    char *end;
    if (!*s || *s == '-')
        return -1;
    *v = strtoull(s, &end, 10);
    return *end ? -1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return usage();
    const char *mode = argv[1], *file = NULL, *out = NULL;
    unsigned long long sample = 0, seed = 1, id = 0;
    int listing = !strcmp(mode, "list");
    if (!listing && strcmp(mode, "apply"))
        return usage();
    int a = 2;
    if (!listing && parse_count(argv[a++], &id) != 0)
        return usage();
    for (; a < argc; a++) {
        if (listing && !strcmp(argv[a], "--sample") && a + 1 < argc) {
            if (parse_count(argv[++a], &sample) != 0)
                return usage();
        } else if (listing && !strcmp(argv[a], "--seed") && a + 1 < argc) {
            if (parse_count(argv[++a], &seed) != 0)
                return usage();
        } else if (!listing && !strcmp(argv[a], "-o") && a + 1 < argc) {
            out = argv[++a];
        } else if (!file && argv[a][0] != '-') {
            file = argv[a];
        } else {
            return usage();
        }
    }
    if (!file)
        return usage();
    char *text = read_all(file, &srclen);
    if (!text) {
        perror(file);
        return 2;
    }
    src = text;
    tokenise();
    find_mutants();
    qsort(muts, nmuts, sizeof *muts, by_position);

    int rc = 0;
    if (listing) {
        if (sample == 0 || sample >= nmuts) {
            for (size_t k = 0; k < nmuts; k++)
                print_mutant(stdout, file, k + 1, &muts[k]);
        } else {
            /* a partial Fisher-Yates shuffle picks the sample, printed in
             * source order */
            size_t *ix = malloc(nmuts * sizeof *ix);
            if (!ix)
                return 2;
            for (size_t k = 0; k < nmuts; k++)
                ix[k] = k;
            rng_state = seed ? seed : 1;
            for (size_t k = 0; k < sample; k++) {
                size_t j = k + (size_t)(rng_next() % (nmuts - k));
                size_t tmp = ix[k];
                ix[k] = ix[j];
                ix[j] = tmp;
            }
            qsort(ix, sample, sizeof *ix, cmp_size);
            for (size_t k = 0; k < sample; k++)
                print_mutant(stdout, file, ix[k] + 1, &muts[ix[k]]);
            free(ix);
        }
        if (fflush(stdout) != 0)
            rc = 2;
    } else if (id < 1 || id > nmuts) {
        fprintf(stderr, "mutate: %s has %zu mutants, no %llu\n", file, nmuts, id);
        rc = 2;
    } else {
        FILE *fp = out ? fopen(out, "wb") : stdout;
        if (!fp) {
            perror(out);
            rc = 2;
        } else {
            if (write_mutant(fp, &muts[id - 1]) != 0)
                rc = 2;
            if (out ? fclose(fp) != 0 : fflush(fp) != 0)
                rc = 2;
            if (rc)
                fprintf(stderr, "mutate: cannot write %s\n", out ? out : "stdout");
        }
    }
    free(text);
    free(toks);
    free(muts);
    return rc;
}
