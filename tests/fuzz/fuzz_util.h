/* fuzz_util.h — the helpers of fuzz.h, included once by each harness (a
 * harness is one file linked alone with libFuzzer or the replay runner). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int fuzz_write(const char *path, const uint8_t *data, size_t size)
{
    FILE *fp = fopen(path, "wb");
    if (!fp)
        return -1;
    int ok = fwrite(data, 1, size, fp) == size;
    return fclose(fp) == 0 && ok ? 0 : -1;
}

static char fuzz_dir[64];

static void fuzz_rmdir(void)
{
    if (fuzz_dir[0]) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", fuzz_dir);
        if (system(cmd) != 0)
            fprintf(stderr, "fuzz: could not remove %s\n", fuzz_dir);
    }
}

int fuzz_tempdir(char *out, size_t cap)
{
    snprintf(fuzz_dir, sizeof fuzz_dir, "/tmp/regelwerk-fuzz-XXXXXX");
    if (!mkdtemp(fuzz_dir))
        return -1;
    atexit(fuzz_rmdir);
    snprintf(out, cap, "%s", fuzz_dir);
    return 0;
}
