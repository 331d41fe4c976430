/* eng_registry.c — the list of engines built into regelwerk.
 * A new game's engine adds its eng_game here (see content/README.md).
 * REGELWERK_SKIP_<game> (make SKIP_GAMES=<game>) leaves one out. */
#include "eng.h"

extern const eng_game eng_nemesis_game;
extern const eng_game eng_noxius_game;
extern const eng_game eng_nanolith_game;
extern const eng_game eng_sinetempore_game;
extern const eng_game eng_overmind_game;

static const eng_game *const games[] = {
#ifndef REGELWERK_SKIP_nemesis
    &eng_nemesis_game,
#endif
#ifndef REGELWERK_SKIP_noxius
    &eng_noxius_game,
#endif
#ifndef REGELWERK_SKIP_nanolith
    &eng_nanolith_game,
#endif
#ifndef REGELWERK_SKIP_sinetempore
    &eng_sinetempore_game,
#endif
#ifndef REGELWERK_SKIP_overmind
    &eng_overmind_game,
#endif
    NULL,
};

const eng_game *const *eng_games(void)
{
    return games;
}
