/* fuzz_template.c — the template loader: the input is a page template
 * (templates/t.xml of a temporary folder, no schema beside it, so that the
 * loader's own checks are what stands) loaded for A4 or Letter as a sheet,
 * card or flowchart template; when its first byte is odd the same bytes are
 * also the game's theme (themes/g.xml) of the real reference template. */
#include "fuzz_util.h"

#include "lay_template.h"

static char dir[128], tdir[256], tpl[300], theme[300];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (fuzz_tempdir(dir, sizeof dir) != 0)
        return 0;
    snprintf(tdir, sizeof tdir, "%s/templates", dir);
    snprintf(tpl, sizeof tpl, "%s/t.xml", tdir);
    snprintf(theme, sizeof theme, "%s/themes/g.xml", tdir);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "mkdir -p %s/themes && cp templates/reference.xml %s/", tdir, tdir);
    if (system(cmd) != 0)
        fprintf(stderr, "fuzz_template: cannot copy templates/reference.xml\n");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0])
        LLVMFuzzerInitialize(NULL, NULL);
    if (fuzz_write(tpl, data, size) != 0)
        return 0;
    static const char *const kinds[] = {NULL, "sheet", "cards", "flowchart"};
    unsigned char b = size ? data[0] : 0;
    diag_list d;
    diag_list_init(&d);
    lay_template *t = lay_template_load_kind(tdir, "t", kinds[(b >> 1) & 3], b & 8 ? "letter" : "a4", NULL, &d);
    lay_template_free(t);
    if (b & 1) {
        remove(theme);
        if (fuzz_write(theme, data, size) == 0) {
            t = lay_template_load(tdir, "reference", "a4", "g", &d);
            lay_template_free(t);
        }
        remove(theme);
    }
    diag_list_free(&d);
    return 0;
}
