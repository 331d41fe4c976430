/* test_lay_para.c — paragraphs: a golden trace, justification, hyphenated
 * line ends that copy out whole, icons glued to their words, links, and the
 * overfull measure catching a planted flaw. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lay_para.h"
#include "lay_testdev.h"

static lay_fonts *fonts;
static lay_hyph *de, *it;
static const dl_font *roles[LAY_FONT_ROLE_COUNT];
static dl_font role_fonts[LAY_FONT_ROLE_COUNT];

static int setup(void)
{
    diag_list d;
    diag_list_init(&d);
    fonts = lay_fonts_load("fonts/manifest.xml", &d);
    de = lay_hyph_new("de", NULL, &d);
    it = lay_hyph_new("it", NULL, &d);
    if (de)
        lay_hyph_load_exceptions(de, "templates/hyphenation.xml", &d);
    if (it)
        lay_hyph_load_exceptions(it, "templates/hyphenation.xml", &d);
    diag_print(&d, stderr);
    diag_list_free(&d);
    for (int r = 0; r < LAY_FONT_ROLE_COUNT; r++) {
        role_fonts[r].id = r;
        roles[r] = &role_fonts[r];
    }
    return fonts && de && it ? 0 : 1;
}

static int teardown(void)
{
    lay_hyph_free(de);
    lay_hyph_free(it);
    lay_hyph_cleanup();
    lay_fonts_free(fonts);
    return 0;
}

static lay_run text(const char *t, lay_font_role role)
{
    lay_run r = {LAY_RUN_TEXT, t, role, {0, 0, 0}, 0, NULL, NULL};
    return r;
}

static char *draw(const lay_para *p, lay_link_resolver res, void *ctx)
{
    lt_dev *d = lt_dev_new();
    CU_ASSERT_EQUAL(lay_para_draw(p, lt_dev_device(d), roles, 0, 10, 0, lay_para_line_count(p), res, ctx), 0);
    char *s = strdup(lt_dev_text(d));
    lt_dev_free(d);
    return s;
}

/* With font expansion (hs=) since the issue on justification: the first
 * line is set 2 % wide, the second 0.66 %. */
static const char *const golden_de =
    "text f0 9.00 0.00 10.00 'Zu' n=2 hs=1.0200\n"
    "text f0 9.00 12.72 10.00 'Beginn' n=6 hs=1.0200\n"
    "text f0 9.00 43.29 10.00 'jeder' n=5 hs=1.0200\n"
    "text f2 9.00 66.47 10.00 'Runde' n=5 hs=1.0200\n"
    "text f0 9.00 96.05 10.00 'f\xC3\xBChrt' n=5 hs=1.0200\n"
    "text f0 9.00 119.56 10.00 'jeder' n=5 hs=1.0200\n"
    "text f0 9.00 142.75 10.00 'Spieler' n=7 hs=1.0200\n"
    "text f0 9.00 173.52 10.00 'in' n=2 hs=1.0200\n"
    "text f0 9.00 184.13 10.00 'Zug-' actual='Zug\xC2\xAD' n=4 hs=1.0200\n"
    "text f0 9.00 0.00 20.80 'reihenfolge' n=11 hs=1.0066\n"
    "text f0 9.00 45.95 20.80 'seine' n=5 hs=1.0066\n"
    "text f0 9.00 67.99 20.80 'Aktionen' n=8 hs=1.0066\n"
    "text f0 9.00 105.18 20.80 'aus.' n=4 hs=1.0066\n"
    "text f0 9.00 122.47 20.80 '\xE2\x80\x9EGegneraktivierung\xE2\x80\x9C' n=19 hs=1.0066\n"
    "text f0 9.00 0.00 31.60 'folgt.' n=6\n";

/* A small German paragraph, traced: the golden text pins shaping (kerning
 * included), justification, the hyphenated line end and its actual text. */
static void test_golden(void)
{
    lay_run runs[] = {
        text("Zu Beginn jeder ", LAY_FONT_BODY),
        text("Runde", LAY_FONT_BOLD),
        text(" f\xC3\xBChrt jeder Spieler in Zugreihenfolge seine Aktionen aus. "
             "\xE2\x80\x9EGegneraktivierung\xE2\x80\x9C folgt.",
             LAY_FONT_BODY),
    };
    lay_para_style st = lay_para_style_default(9, 200, "de", de);
    lay_para *p = lay_para_new(fonts, &st, runs, 3);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    char *t = draw(p, NULL, NULL);
    if (strcmp(t, golden_de) != 0)
        fprintf(stderr, "\n--- got:\n%s--- want:\n%s", t, golden_de);
    CU_ASSERT_STRING_EQUAL(t, golden_de);
    free(t);
    lay_para_free(p);
}

/* The widest word space of any line but the last, and checks on each line. */
static double widest_space(lay_para *p, int *protruding)
{
    double widest = 0;
    size_t n = lay_para_line_count(p);
    for (size_t i = 0; i + 1 < n; i++) {
        double sp[64], hs;
        size_t k = lay_para_line_spaces(p, i, sp, 64, &hs);
        CU_ASSERT(hs >= 0.98 - 1e-9 && hs <= 1.02 + 1e-9);
        for (size_t j = 0; j < k && j < 64; j++)
            if (sp[j] > widest)
                widest = sp[j];
        const lay_line *l = lay_para_line(p, i);
        if (l->hyphenated && protruding)
            *protruding += l->protrude > 0;
    }
    return widest;
}

/* Font expansion (±2 %), letter spacing beyond the spaces' cap and margin
 * kerning set the same paragraph with spaces no wider than TeX's means
 * alone, and never wider than 1.5 x the natural space. */
static void test_expansion(void)
{
    const char *src =
        "Se il Personaggio ha gi\xC3\xA0 subito tre Ferite Gravi e deve subire un'altra Ferita, "
        "Leggera o Grave, muore subito: rimuovete la miniatura, piazzate un gettone Cadavere "
        "nella stanza e lasciate cadere nella stanza tutti i suoi Oggetti Pesanti.";
    double space = lay_text_width(fonts, LAY_FONT_BODY, 9, " ", 1);
    double on_max = 0, off_max = 0;
    int protruding = 0;
    for (double w = 140; w <= 260; w += 10) {
        lay_run r = text(src, LAY_FONT_BODY);
        lay_para_style st = lay_para_style_default(9, w, "it", it);
        lay_para *p = lay_para_new(fonts, &st, &r, 1);
        st.expansion = 0;
        st.tracking = 0;
        st.protrusion = 0;
        lay_para *q = lay_para_new(fonts, &st, &r, 1);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        CU_ASSERT_PTR_NOT_NULL_FATAL(q);
        double a = widest_space(p, &protruding), b = widest_space(q, NULL);
        CU_ASSERT(a <= 1.5 * space + 1e-6);
        if (a > on_max)
            on_max = a;
        if (b > off_max)
            off_max = b;
        lay_para_free(p);
        lay_para_free(q);
    }
    CU_ASSERT(on_max < off_max);
    CU_ASSERT(protruding > 0);
}

/* Every justified line but the last ends at the measure; copied text
 * rejoins the hyphenated words. */
static void test_justified_and_copy(void)
{
    const char *src =
        "Se il Personaggio ha gi\xC3\xA0 subito tre Ferite Gravi e deve subire un'altra Ferita, "
        "Leggera o Grave, muore subito: rimuovete la miniatura, piazzate un gettone Cadavere "
        "nella stanza e lasciate cadere nella stanza tutti i suoi Oggetti Pesanti.";
    for (double w = 140; w <= 260; w += 30) {
        lay_run r = text(src, LAY_FONT_BODY);
        lay_para_style st = lay_para_style_default(9, w, "it", it);
        /* exact edges: no font expansion, letter spacing or protrusion
         * (test_expansion covers them) */
        st.expansion = 0;
        st.tracking = 0;
        st.protrusion = 0;
        lay_para *p = lay_para_new(fonts, &st, &r, 1);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        size_t n = lay_para_line_count(p);
        CU_ASSERT(n >= 2);
        for (size_t i = 0; i + 1 < n; i++) {
            const lay_line *l = lay_para_line(p, i);
            CU_ASSERT(l->ratio >= -1 && !l->overfull);
        }
        lt_dev *d = lt_dev_new();
        CU_ASSERT_EQUAL(lay_para_draw(p, lt_dev_device(d), roles, 0, 10, 0, n, NULL, NULL), 0);
        /* the right edge of each line: its last text's x plus its width */
        const char *tr = lt_dev_text(d);
        double lasty = -1, lastx = 0, lastw = 0;
        int lines_at_edge = 0;
        for (const char *line = tr; *line;) {
            double x, y;
            char word[256] = "";
            const char *q = strchr(line, '\''), *e = q ? strstr(q + 1, "' ") : NULL;
            if (q && e && (size_t)(e - q - 1) < sizeof word) {
                memcpy(word, q + 1, (size_t)(e - q - 1));
                word[e - q - 1] = '\0';
            }
            if (sscanf(line, "text f%*d %*f %lf %lf", &x, &y) == 2 && *word) {
                if (lasty >= 0 && y != lasty && fabs(lastx + lastw - w) < 0.02)
                    lines_at_edge++;
                lasty = y;
                lastx = x;
                lastw = lay_text_width(fonts, LAY_FONT_BODY, 9, word, strlen(word));
            }
            const char *nl = strchr(line, '\n');
            line = nl ? nl + 1 : line + strlen(line);
        }
        CU_ASSERT_EQUAL(lines_at_edge, (int)n - 1);
        /* soft hyphens removed, the words equal the source's */
        const char *words = lt_dev_words(d);
        char joined[2048];
        size_t o = 0;
        for (const char *c = words; *c && o + 1 < sizeof joined; c++) {
            if ((unsigned char)c[0] == 0xC2 && (unsigned char)c[1] == 0xAD) {
                c++;
                continue;
            }
            joined[o++] = *c;
        }
        joined[o] = '\0';
        CU_ASSERT_STRING_EQUAL(joined, src);
        lt_dev_free(d);
        lay_para_free(p);
    }
}

/* The y of the word w's line (its baseline) in trace t, or -1. */
static double baseline_of(const char *t, const char *w)
{
    const char *hit = strstr(t, w);
    if (!hit)
        return -1;
    while (hit > t && hit[-1] != '\n')
        hit--;
    double y = -1;
    return sscanf(hit, "text f%*d %*f %*f %lf", &y) == 1 ? y : -1;
}

/* Icons are trimmed to their ink (a square drawn in the middle half of its
 * box prints as a square, not a box with margins), their larger side 1.3 ×
 * the cap height, centred on half the cap height; a 0.3 pt outline of the
 * same colour keeps thin strokes in print; they never part from the words
 * on either side, whatever the measure. */
static void test_icon_glued(void)
{
    dl_path sq;
    dl_path_init(&sq);
    dl_path_rect(&sq, 0.25, 0.25, 0.75, 0.75);
    lay_run runs[] = {
        text("Jede Figur im Raum erleidet sofort 1 ", LAY_FONT_BODY),
        {LAY_RUN_ICON, NULL, LAY_FONT_BODY, {0, 0, 0}, 1, &sq, NULL},
        text(" Stress und verliert danach eine Aktion, sobald der Marker das Ende erreicht.", LAY_FONT_BODY),
    };
    double cap = lay_fonts_metrics(fonts, LAY_FONT_BODY, 9).cap_height;
    for (double w = 60; w <= 240; w += 7) {
        lay_para_style st = lay_para_style_default(9, w, "de", de);
        lay_para *p = lay_para_new(fonts, &st, runs, 3);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        char *t = draw(p, NULL, NULL);
        const char *f = strstr(t, "fill ");
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        double x0, y0, x1, y1, sw = 0;
        CU_ASSERT_EQUAL(sscanf(f, "fill %lf %lf %lf %lf", &x0, &y0, &x1, &y1), 4);
        CU_ASSERT_DOUBLE_EQUAL(y1 - y0, 1.3 * cap, 0.02);
        CU_ASSERT_DOUBLE_EQUAL(x1 - x0, 1.3 * cap, 0.02);
        const char *sk = strstr(f, "\nstroke ");
        CU_ASSERT(sk && sscanf(sk, "\nstroke %*f %*f %*f %*f w %lf", &sw) == 1 && fabs(sw - 0.3) < 1e-9);
        /* centred on half the cap height of the line of "1" and of "Stress" */
        double by = baseline_of(t, "'1'"), ay = baseline_of(t, "'Stress'");
        CU_ASSERT_DOUBLE_EQUAL((y0 + y1) / 2, by - cap / 2, 0.02);
        CU_ASSERT_DOUBLE_EQUAL((y0 + y1) / 2, ay - cap / 2, 0.02);
        free(t);
        lay_para_free(p);
    }
    dl_path_free(&sq);
}

/* "Azione ⚄." : the icon's ink stands a fixed 0.08 em from the word before
 * and from the period after, however much empty canvas its glyph has. */
static void test_icon_bearing(void)
{
    dl_path lean, wide;
    dl_path_init(&lean);
    dl_path_init(&wide);
    dl_path_rect(&lean, 0.4, 0.1, 0.6, 0.9);   /* a narrow glyph, wide margins */
    dl_path_rect(&wide, 0.0, 0.3, 1.0, 0.7);   /* a wide one, none */
    const dl_path *icons[] = {&lean, &wide};
    for (int i = 0; i < 2; i++) {
        lay_run runs[] = {
            text("Azione ", LAY_FONT_BODY),
            {LAY_RUN_ICON, NULL, LAY_FONT_BODY, {0, 0, 0}, 1, icons[i], NULL},
            text(".", LAY_FONT_BODY),
        };
        lay_para_style st = lay_para_style_default(9, 200, "it", it);
        st.justify = 0;
        lay_para *p = lay_para_new(fonts, &st, runs, 3);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        char *t = draw(p, NULL, NULL);
        double x0, y0, x1, y1, px = -1;
        const char *f = strstr(t, "fill ");
        CU_ASSERT_FATAL(f && sscanf(f, "fill %lf %lf %lf %lf", &x0, &y0, &x1, &y1) == 4);
        const char *dot = strstr(t, "'.'");
        CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
        while (dot > t && dot[-1] != '\n')
            dot--;
        CU_ASSERT_EQUAL(sscanf(dot, "text f%*d %*f %lf", &px), 1);
        CU_ASSERT_DOUBLE_EQUAL(px - x1, 0.08 * 9, 0.02);
        free(t);
        lay_para_free(p);
    }
    dl_path_free(&lean);
    dl_path_free(&wide);
}

/* The icons' bounds kept in a memo across paragraphs and sizes (a sheet's
 * trial sizes): each outline measured once, and every paragraph drawn as
 * without the memo. */
static void test_icon_memo(void)
{
    dl_path lean, wide;
    dl_path_init(&lean);
    dl_path_init(&wide);
    dl_path_rect(&lean, 0.4, 0.1, 0.6, 0.9);
    dl_path_curve(&lean, 0.7, 0.95, 0.3, 0.99, 0.4, 0.1);   /* a curve's ink too */
    dl_path_rect(&wide, 0.0, 0.3, 1.0, 0.7);
    const dl_path *icons[] = {&lean, &wide};
    lay_ink_memo memo = {0};
    int same = 0, tries = 0;
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 2; i++)
            for (double size = 9; size <= 11; size += 2) {
                lay_run runs[] = {
                    text("Azione ", LAY_FONT_BODY),
                    {LAY_RUN_ICON, NULL, LAY_FONT_BODY, {0, 0, 0}, 1, icons[i], NULL},
                    text(" Ferite.", LAY_FONT_BODY),
                };
                lay_para_style st = lay_para_style_default(size, 200, "it", it);
                lay_para *plain = lay_para_new(fonts, &st, runs, 3);
                st.ink_memo = &memo;
                lay_para *kept = lay_para_new(fonts, &st, runs, 3);
                CU_ASSERT_PTR_NOT_NULL_FATAL(plain);
                CU_ASSERT_PTR_NOT_NULL_FATAL(kept);
                char *a = draw(plain, NULL, NULL), *b = draw(kept, NULL, NULL);
                same += strcmp(a, b) == 0;
                tries++;
                free(a);
                free(b);
                lay_para_free(plain);
                lay_para_free(kept);
            }
    CU_ASSERT_EQUAL(same, tries);
    CU_ASSERT_EQUAL(memo.n, 2);   /* each outline measured once */
    lay_ink_memo_free(&memo);
    dl_path_free(&lean);
    dl_path_free(&wide);
}

/* Each word space is as wide as a space of its own run's font (measured
 * once a paragraph per font): a paragraph of Gentium and Open Sans words,
 * on one line, is exactly its words and their spaces. */
static void test_space_per_font(void)
{
    lay_run runs[] = {text("Aa Bb ", LAY_FONT_BODY), text("Cc Dd Ee", LAY_FONT_HEADING),
                      text(" Ff", LAY_FONT_BODY)};
    lay_para_style st = lay_para_style_default(10, 1000, "de", NULL);
    st.justify = 0;
    lay_para *p = lay_para_new(fonts, &st, runs, 3);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    double body = lay_text_width(fonts, LAY_FONT_BODY, 10, " ", 1);
    double head = lay_text_width(fonts, LAY_FONT_HEADING, 10, " ", 1);
    CU_ASSERT(fabs(body - head) > 0.1);   /* the two fonts' spaces differ */
    const char *words[] = {"Aa", "Bb", "Cc", "Dd", "Ee", "Ff"};
    const lay_font_role role[] = {LAY_FONT_BODY, LAY_FONT_BODY, LAY_FONT_HEADING, LAY_FONT_HEADING,
                                  LAY_FONT_HEADING, LAY_FONT_BODY};
    double want = 2 * body + 2 * head + body;
    for (int i = 0; i < 6; i++)
        want += lay_text_width(fonts, role[i], 10, words[i], 2);
    CU_ASSERT_DOUBLE_EQUAL(lay_para_natural_width(p), want, 1e-9);
    lay_para_free(p);
}

static int resolver(void *ctx, const char *target, int *page, double *y)
{
    (void)ctx;
    if (strcmp(target, "ferite") != 0)
        return -1;
    *page = 2;
    *y = 100;
    return 0;
}

static void test_links_and_nohyph(void)
{
    lay_run runs[] = {
        text("Vedi ", LAY_FONT_BODY),
        {LAY_RUN_TEXT, "\xE2\x86\x92\xC2\xA0" "6.2", LAY_FONT_BODY, {0, 0, 0}, 1, NULL, "ferite"},
        text(" e ", LAY_FONT_BODY),
        {LAY_RUN_TEXT, "\xE2\x86\x92\xC2\xA0" "9", LAY_FONT_BODY, {0, 0, 0}, 1, NULL, "ignota"},
        text(" per il resto.", LAY_FONT_BODY),
    };
    lay_para_style st = lay_para_style_default(9, 200, "it", it);
    lay_para *p = lay_para_new(fonts, &st, runs, 5);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    char *t = draw(p, resolver, NULL);
    /* one link, to the resolved target; the unknown one stays text */
    CU_ASSERT_PTR_NOT_NULL(strstr(t, "-> page 2 y 100.00"));
    const char *l = strstr(t, "link ");
    CU_ASSERT_PTR_NOT_NULL(l);
    CU_ASSERT_PTR_NULL(l ? strstr(l + 1, "link ") : NULL);
    free(t);
    lay_para_free(p);

    /* a run marked nohyph (a name) is never hyphenated, even when narrow */
    lay_run name = {LAY_RUN_TEXT, "Gegneraktivierung Gegneraktivierung", LAY_FONT_BODY, {0, 0, 0}, 1, NULL, NULL};
    st = lay_para_style_default(9, 60, "de", de);
    p = lay_para_new(fonts, &st, &name, 1);
    for (size_t i = 0; i < lay_para_line_count(p); i++)
        CU_ASSERT_FALSE(lay_para_line(p, i)->hyphenated);
    lay_para_free(p);
}

/* The overfull measure: a word wider than the measure is an overfull line,
 * set by the greedy fallback, both reported. */
static void test_overfull_planted(void)
{
    lay_run r = text("Ein Donaudampfschifffahrtsgesellschaftskapit\xC3\xA4nswitwe kommt.", LAY_FONT_BODY);
    lay_para_style st = lay_para_style_default(9, 200, "de", NULL);   /* no hyphenation */
    lay_para *p = lay_para_new(fonts, &st, &r, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    int over = 0;
    for (size_t i = 0; i < lay_para_line_count(p); i++)
        over += lay_para_line(p, i)->overfull;
    CU_ASSERT_EQUAL(over, 0);
    CU_ASSERT_FALSE(lay_para_greedy(p));
    lay_para_free(p);
    st.width = 60;
    p = lay_para_new(fonts, &st, &r, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    over = 0;
    for (size_t i = 0; i < lay_para_line_count(p); i++)
        over += lay_para_line(p, i)->overfull;
    CU_ASSERT_EQUAL(over, 1);
    CU_ASSERT_TRUE(lay_para_greedy(p));
    CU_ASSERT(lay_para_min_width(p) > 60);
    lay_para_free(p);
}

void suite_lay_para(void);
void suite_lay_para(void)
{
    CU_pSuite s = CU_add_suite("lay_para", setup, teardown);
    CU_add_test(s, "golden trace of a German paragraph", test_golden);
    CU_add_test(s, "justified edges; hyphenated words copy out whole", test_justified_and_copy);
    CU_add_test(s, "font expansion, letter spacing, protrusion: tighter spaces", test_expansion);
    CU_add_test(s, "icons trimmed, sized to the cap height, outlined, glued", test_icon_glued);
    CU_add_test(s, "an icon's fixed side bearing: no hole before the period", test_icon_bearing);
    CU_add_test(s, "icons' bounds kept across sizes, drawn the same", test_icon_memo);
    CU_add_test(s, "word spaces in their own run's font", test_space_per_font);
    CU_add_test(s, "links resolved; names not hyphenated", test_links_and_nohyph);
    CU_add_test(s, "overfull line planted and caught", test_overfull_planted);
}
