/* replay.c — runs a fuzz harness without libFuzzer: every file named on the
 * command line, and every file in every folder named, goes once through
 * LLVMFuzzerTestOneInput(). Part of `make check` (under ASan and UBSan with
 * SAN=1), so the seed corpora and every crash ever found stay regression
 * inputs. Prints how many inputs ran; exits 0 when the harness returned
 * (a crash is the sanitizer's or the signal's exit status). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return -1;
    size_t cap = 4096, len = 0;
    unsigned char *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + len, 1, cap - len, fp)) > 0) {
        len += r;
        if (len == cap) {
            unsigned char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(fp);
    if (!buf)
        return -1;
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    LLVMFuzzerInitialize(&argc, &argv);
    long n = 0, failed = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0)
            continue;   /* an empty crash folder may not exist */
        if (!S_ISDIR(st.st_mode)) {
            failed += run_file(argv[i]) != 0;
            n++;
            continue;
        }
        struct dirent **list;
        int k = scandir(argv[i], &list, NULL, alphasort);
        for (int j = 0; j < k; j++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], list[j]->d_name);
            if (list[j]->d_name[0] != '.' && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
                failed += run_file(path) != 0;
                n++;
            }
            free(list[j]);
        }
        free(list);
    }
    fprintf(stderr, "replay %s: %ld inputs, %ld unreadable\n", argv[0], n, failed);
    return failed ? 1 : 0;
}
