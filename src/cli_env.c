/* cli_env.c — where regelwerk finds its schema, templates, fonts and icons.
 *
 * From the binary's own location, so that an installed tree can be moved
 * (a relocatable install, a package unpacked elsewhere) and the tool works
 * from any directory:
 *   REGELWERK_DATADIR when set;
 *   BIN/../share/regelwerk, when the binary is installed beside its data;
 *   the source tree, when the binary is a build in it (ROOT/out/bin or
 *   ROOT/out/build-san/bin, with ROOT/src/schema/regelwerk.rng);
 *   else the data directory compiled in (PREFIX/share/regelwerk).
 * The current directory plays no part, except as the default content folder.
 */
#include "cli.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lay_hyph.h"

static int exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

/* dst = a + b, or "" when it would not fit (then nothing is found there, and
 * the tool says which file it could not read). */
static void join(char *dst, size_t len, const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la + lb + 1 > len) {
        dst[0] = '\0';
        return;
    }
    memcpy(dst, a, la);
    memcpy(dst + la, b, lb + 1);
}

/* The folder of the running binary, or "" when it cannot be told. */
static void binary_dir(char *out, size_t len)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    out[0] = '\0';
    if (n <= 0)
        return;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash)
        *slash = '\0';
    snprintf(out, len, "%s", exe);
}

/* The source tree that holds the binary: ROOT of ROOT/out/.../bin. Writes
 * ROOT/ into root ("" when ROOT is the current directory, so that paths in
 * messages stay short). 0, or -1. */
static int source_root(const char *bindir, char *root, size_t len)
{
    char probe[PATH_MAX + 64], cand[PATH_MAX];
    snprintf(cand, sizeof cand, "%s", bindir);
    for (int up = 0; up < 8; up++) {
        char *slash = strrchr(cand, '/');
        if (!slash)
            return -1;
        *slash = '\0';
        snprintf(probe, sizeof probe, "%s/src/schema/regelwerk.rng", cand);
        if (exists(probe)) {
            char real_root[PATH_MAX], real_cwd[PATH_MAX];
            if (realpath(cand, real_root) && realpath(".", real_cwd) && strcmp(real_root, real_cwd) == 0)
                root[0] = '\0';
            else
                join(root, len, cand, "/");
            return 0;
        }
    }
    return -1;
}

void cli_env_init(cli_env *env, const char *content_root)
{
    snprintf(env->content, sizeof env->content, "%s", content_root ? content_root : "content");
    const char *data = getenv("REGELWERK_DATADIR");
    char bindir[PATH_MAX], installed[PATH_MAX], root[PATH_MAX];
    binary_dir(bindir, sizeof bindir);
    join(installed, sizeof installed, bindir, "/../share/regelwerk");
    char probe[PATH_MAX + 64];
    join(probe, sizeof probe, installed, "/schema/regelwerk.rng");
    if (!data && bindir[0] && exists(probe))
        data = installed;
    if (!data && bindir[0] && source_root(bindir, root, sizeof root) == 0) {
        /* a build inside the source tree: the layout of the repository */
        join(env->schema, sizeof env->schema, root, "src/schema/regelwerk.rng");
        join(env->templates, sizeof env->templates, root, "templates");
        join(env->fonts, sizeof env->fonts, root, "fonts");
        join(env->icons, sizeof env->icons, root, "out/deps/node_modules/@iconify-json/game-icons/icons.json");
    } else {
        if (!data)
            data = REGELWERK_DATADIR;
        join(env->schema, sizeof env->schema, data, "/schema/regelwerk.rng");
        join(env->templates, sizeof env->templates, data, "/templates");
        join(env->fonts, sizeof env->fonts, data, "/fonts");
        join(env->icons, sizeof env->icons, data, "/icons/game-icons.json");
        /* compiled hyphenation dictionaries installed beside the data */
        char hyph[PATH_MAX];
        join(hyph, sizeof hyph, data, "/hyph");
        lay_hyph_set_data_dir(hyph);
    }
    const char *icons = getenv("REGELWERK_ICONS");
    if (icons)
        snprintf(env->icons, sizeof env->icons, "%s", icons);
}
