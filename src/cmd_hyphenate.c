/* cmd_hyphenate.c — `regelwerk hyphenate [--lang L] WORD...`: where a sheet
 * may break each word, as the layout sees it (patterns, the exception list
 * of templates/hyphenation.xml, compound joints), so that an author can
 * check a game term and add an exception. Also compiles the language's
 * patterns into the cache on first use (see lay_hyph.c), which `make
 * install` relies on. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "lay_hyph.h"

static void usage(FILE *fp)
{
    fputs("usage: regelwerk hyphenate [--lang de|it] WORD...\n"
          "\n"
          "Prints each WORD with its break points as the sheets use them: \"-\" where a\n"
          "hyphen would be added, \"|\" at a compound joint or an explicit hyphen.\n"
          "Default language: de.\n",
          fp);
}

int cmd_hyphenate(int argc, char **argv, const cli_env *env)
{
    const char *lang = "de";
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (!strcmp(argv[first], "-h") || !strcmp(argv[first], "--help")) {
            usage(stdout);
            return CLI_OK;
        } else if (!strcmp(argv[first], "--lang") && first + 1 < argc) {
            lang = argv[++first];
        } else if (!strncmp(argv[first], "--lang=", 7)) {
            lang = argv[first] + 7;
        } else if (!strcmp(argv[first], "--")) {
            first++;
            break;
        } else {
            fprintf(stderr, "regelwerk hyphenate: unknown option or missing value '%s'\n"
                            "Try 'regelwerk hyphenate --help'\n", argv[first]);
            return CLI_USAGE;
        }
    }
    if (first >= argc) {
        usage(stderr);
        return CLI_USAGE;
    }
    diag_list d;
    diag_list_init(&d);
    lay_hyph *h = lay_hyph_new(lang, NULL, &d);
    char exc[PATH_MAX + 32];
    snprintf(exc, sizeof exc, "%s/hyphenation.xml", env->templates);
    if (h && lay_hyph_load_exceptions(h, exc, &d) < 0) {
        lay_hyph_free(h);
        h = NULL;
    }
    if (!h) {
        diag_print(&d, stderr);
        diag_list_free(&d);
        lay_hyph_cleanup();
        return CLI_USAGE;
    }
    for (int i = first; i < argc; i++) {
        const char *w = argv[i];
        lay_hyph_point pts[64];
        size_t n = lay_hyph_word(h, w, strlen(w), pts, 64), k = 0;
        for (size_t b = 0; w[b]; b++) {
            if (k < n && pts[k].at == b) {
                if (pts[k].add_hyphen)
                    putchar(pts[k].compound ? '|' : '-');
                else if (pts[k].compound && b > 0 && w[b - 1] != '-')
                    putchar('|');
                k++;
            }
            putchar(w[b]);
        }
        putchar('\n');
    }
    lay_hyph_free(h);
    lay_hyph_cleanup();
    diag_list_free(&d);
    return CLI_OK;
}
