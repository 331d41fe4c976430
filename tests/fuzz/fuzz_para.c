/* fuzz_para.c — the paragraph layout: the input is split into runs (a NUL
 * byte ends a run, the byte after it picks the next run's role, icon or
 * no-hyphenation flag) and set by lay_para_new() at a width and size the
 * first two bytes choose, with German or Italian hyphenation, then drawn
 * into the text trace device. Invalid UTF-8 is part of the input space. */
#include "fuzz_util.h"

#include "dl.h"
#include "lay_para.h"
#include "lay_testdev.h"

static lay_fonts *fonts;
static lay_hyph *hyph[2];
static dl_path box;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    diag_list d;
    diag_list_init(&d);
    fonts = lay_fonts_load("fonts/manifest.xml", &d);
    hyph[0] = lay_hyph_new("de", NULL, &d);
    hyph[1] = lay_hyph_new("it", NULL, &d);
    for (int i = 0; i < 2; i++)
        if (hyph[i])
            lay_hyph_load_exceptions(hyph[i], "templates/hyphenation.xml", &d);
    diag_print(&d, stderr);
    diag_list_free(&d);
    dl_path_init(&box);
    if (dl_path_move(&box, 0, 0) || dl_path_line(&box, 1, 0) || dl_path_line(&box, 1, 1) || dl_path_close(&box))
        fprintf(stderr, "fuzz_para: no icon path\n");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!fonts)
        LLVMFuzzerInitialize(NULL, NULL);
    if (!fonts || size < 3 || size > 8192)
        return 0;
    /* width 20..275 pt, size 4..19.9 pt, language */
    double width = 20 + data[0];
    double pt = 4 + (data[1] % 160) / 10.0;
    int lang = data[2] & 1;
    char *buf = malloc(size - 2);
    if (!buf)
        return 0;
    memcpy(buf, data + 3, size - 3);
    buf[size - 3] = '\0';
    lay_run runs[64];
    size_t nruns = 0;
    unsigned char flags = data[2] >> 1;
    for (char *p = buf; p < buf + (size - 3) + 1 && nruns < 64;) {
        size_t len = strlen(p);
        lay_run r = {LAY_RUN_TEXT, p, (lay_font_role)(flags % LAY_FONT_ROLE_COUNT), {0, 0, 0}, (flags >> 3) & 1,
                     NULL, NULL};
        if ((flags >> 4 & 3) == 3) {
            r.kind = LAY_RUN_ICON;
            r.icon = (flags >> 6) & 1 ? &box : NULL;
        }
        runs[nruns++] = r;
        p += len + 1;
        if (p >= buf + (size - 3))
            break;
        flags = (unsigned char)*p++;
    }
    lay_para_style st = lay_para_style_default(pt, width, lang ? "it" : "de", hyph[lang]);
    st.justify = data[1] >= 128;
    lay_para *para = lay_para_new(fonts, &st, runs, nruns);
    if (para) {
        const dl_font *roles[LAY_FONT_ROLE_COUNT];
        dl_font role_fonts[LAY_FONT_ROLE_COUNT];
        for (int r = 0; r < LAY_FONT_ROLE_COUNT; r++) {
            memset(&role_fonts[r], 0, sizeof role_fonts[r]);
            role_fonts[r].id = r;
            roles[r] = &role_fonts[r];
        }
        lay_para_natural_width(para);
        lay_para_min_width(para);
        lt_dev *dev = lt_dev_new();
        if (dev) {
            lay_para_draw(para, lt_dev_device(dev), roles, 0, 10, 0, lay_para_line_count(para), NULL, NULL);
            lt_dev_free(dev);
        }
        lay_para_free(para);
    }
    free(buf);
    return 0;
}
