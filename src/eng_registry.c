/* eng_registry.c — the list of engines built into regelwerk.
 * A new game's engine adds its eng_game here (see content/README.md). */
#include "eng.h"

extern const eng_game eng_nemesis_game;
extern const eng_game eng_noxius_game;

static const eng_game *const games[] = {
    &eng_nemesis_game,
    &eng_noxius_game,
    NULL,
};

const eng_game *const *eng_games(void)
{
    return games;
}
