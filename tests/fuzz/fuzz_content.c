/* fuzz_content.c — a content file body through the loader and the checker:
 * the input is written as the summary de.xml of a game "noxius" (its
 * game.xml, glossary and cards from content/noxius; no flows or examples, to
 * keep an execution in milliseconds), loaded with the schema (game_load) and
 * checked against the Noxius engine (chk_game). */
#include "fuzz_util.h"

#include "chk.h"
#include "doc.h"
#include "game.h"

static char root[128], summary[256];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char cmd[512];
    if (fuzz_tempdir(root, sizeof root) != 0)
        return 0;
    snprintf(cmd, sizeof cmd, "mkdir -p %s/noxius && cp content/noxius/game.xml content/noxius/glossary.xml "
                              "content/noxius/cards.xml %s/noxius/", root, root);
    if (system(cmd) != 0)
        fprintf(stderr, "fuzz_content: cannot copy content/noxius (run from the source tree)\n");
    snprintf(summary, sizeof summary, "%s/noxius/de.xml", root);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!root[0])
        LLVMFuzzerInitialize(NULL, NULL);
    if (fuzz_write(summary, data, size) != 0)
        return 0;
    diag_list diags;
    diag_list_init(&diags);
    doc_loader ld = {root, "src/schema/regelwerk.rng"};
    game *g = game_load(&ld, root, "noxius", "templates", &diags);
    if (g) {
        chk_report rep = {0};
        chk_options opt = {1, 0, NULL, NULL};
        chk_game(g, &opt, &rep, &diags);
        chk_report_free(&rep);
        game_free(g);
    }
    /* the diagnostics are printed as the tool prints them */
    FILE *null = fopen("/dev/null", "w");
    if (null) {
        diag_print(&diags, null);
        diag_print_json(&diags, null);
        fclose(null);
    }
    diag_list_free(&diags);
    /* the source-line cache is keyed by file name: each input is new */
    doc_loader_cleanup();
    return 0;
}
