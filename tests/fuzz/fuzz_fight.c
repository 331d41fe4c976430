/* fuzz_fight.c — a fight file through `regelwerk simulate noxius FILE`:
 * the input is written to a file and cmd_simulate() (the library function
 * the command line calls) parses, validates and plays it, with its trace
 * sent to /dev/null. Rounds are capped at 30 to keep an execution short;
 * the seed comes from the input's length, so that it varies too. */
#include "fuzz_util.h"

#include <fcntl.h>
#include <unistd.h>

#include "cli.h"
#include "cmd_simulate.h"
#include "doc.h"

static char dir[128], fight[256];
static cli_env env;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (fuzz_tempdir(dir, sizeof dir) != 0)
        return 0;
    snprintf(fight, sizeof fight, "%s/fight.xml", dir);
    cli_env_init(&env, NULL);
    /* the trace is not what is tested: keep it off the terminal */
    int fd = open("/dev/null", O_WRONLY);
    if (fd >= 0) {
        dup2(fd, STDOUT_FILENO);
        close(fd);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0])
        LLVMFuzzerInitialize(NULL, NULL);
    if (fuzz_write(fight, data, size) != 0)
        return 0;
    char seed[32];
    snprintf(seed, sizeof seed, "%zu", size % 7 + 1);
    char *argv[] = {"simulate", "noxius", fight, "--rounds", "30", "--seed", seed, NULL};
    cmd_simulate(7, argv, &env);
    fflush(stdout);
    doc_loader_cleanup();
    return 0;
}
