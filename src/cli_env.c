/* cli_env.c — where regelwerk finds its schema, templates, fonts and icons. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static int exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

void cli_env_init(cli_env *env, const char *content_root)
{
    snprintf(env->content, sizeof env->content, "%s", content_root ? content_root : "content");
    const char *data = getenv("REGELWERK_DATADIR");
    if (!data && exists("src/schema/regelwerk.rng")) {
        /* Run from the source tree: the layout of the repository. */
        snprintf(env->schema, sizeof env->schema, "src/schema/regelwerk.rng");
        snprintf(env->templates, sizeof env->templates, "templates");
        snprintf(env->fonts, sizeof env->fonts, "fonts");
        snprintf(env->icons, sizeof env->icons,
                 "out/deps/node_modules/@iconify-json/game-icons/icons.json");
    } else {
        if (!data)
            data = REGELWERK_DATADIR;
        snprintf(env->schema, sizeof env->schema, "%s/schema/regelwerk.rng", data);
        snprintf(env->templates, sizeof env->templates, "%s/templates", data);
        snprintf(env->fonts, sizeof env->fonts, "%s/fonts", data);
        snprintf(env->icons, sizeof env->icons, "%s/icons/game-icons.json", data);
    }
    const char *icons = getenv("REGELWERK_ICONS");
    if (icons)
        snprintf(env->icons, sizeof env->icons, "%s", icons);
}
