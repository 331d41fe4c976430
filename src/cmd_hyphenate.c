/* cmd_hyphenate.c — `regelwerk hyphenate [--lang L] WORD...`: where a sheet
 * may break each word, as the layout sees it (patterns, the exception list
 * of templates/hyphenation.xml, compound joints), so that an author can
 * check a game term and add an exception. Also compiles the language's
 * patterns into the cache on first use (see lay_hyph.c), which `make
 * install` relies on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_args.h"
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

static int on_option(void *ctx, int c, const char *arg)
{
    if (c == 'h') {
        usage(stdout);
        return CLI_DONE;
    }
    if (c != 'l')
        return CLI_USAGE;
    *(const char **)ctx = arg;
    return CLI_OK;
}

int cmd_hyphenate(int argc, char **argv, const cli_env *env)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'}, {"lang", required_argument, NULL, 'l'}, {NULL, 0, NULL, 0}};
    const char *lang = "de";
    char **words = NULL;
    size_t nwords = 0;
    int rc = cli_getopt("hyphenate", argc, argv, "h", longopts, on_option, &lang, &words, &nwords);
    if (rc == CLI_OK && nwords == 0)
        rc = cli_usage_error("hyphenate", "no word to hyphenate");
    if (rc != CLI_OK) {
        free(words);
        return rc == CLI_DONE ? CLI_OK : rc;
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
        free(words);
        return CLI_USAGE;
    }
    for (size_t i = 0; i < nwords; i++) {
        const char *w = words[i];
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
    free(words);
    return CLI_OK;
}
