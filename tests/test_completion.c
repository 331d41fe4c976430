/* test_completion.c — the bash and zsh completions (completions/): bash's
 * answers asked for as the shell would ask, and zsh's script parsed and
 * held to every option each command's --help names, so that neither can
 * drift from the tool. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

/* COMPREPLY for the words typed (the last one is the word completed). */
static const char *bash_complete(const char *words)
{
    static char out[4096];
    int n = 0;
    for (const char *p = words; *p; p++)
        n += *p == ' ';
    /* words[0] is the binary under test, as an installed one would be */
    if (tu_runf(out, sizeof out,
                "bash -c 'source completions/regelwerk.bash; COMP_WORDS=(%s %s); COMP_CWORD=%d; "
                "_regelwerk; echo \"${COMPREPLY[*]}\"' 2>&1",
                tu_bin(), words, n + 1) != 0)
        return "(bash failed)";
    out[strcspn(out, "\n")] = '\0';
    return out;
}

static void test_bash(void)
{
    CU_ASSERT_STRING_EQUAL(bash_complete("ch"), "check");
    CU_ASSERT_STRING_EQUAL(bash_complete("check nox"), "noxius");
    CU_ASSERT_STRING_EQUAL(bash_complete("build --strict --paper le"), "letter");
    CU_ASSERT_STRING_EQUAL(bash_complete("build --str"), "--strict");
    CU_ASSERT_STRING_EQUAL(bash_complete("check --format s"), "sarif");
    CU_ASSERT_STRING_EQUAL(bash_complete("i18n ''"), "export import update status");
    CU_ASSERT_STRING_EQUAL(bash_complete("--co"), "--color --content");
    /* languages from the content: every game's, once */
    CU_ASSERT_STRING_EQUAL(bash_complete("check --lang ''"), "de it");
    /* games after the i18n verb */
    CU_ASSERT_PTR_NOT_NULL(strstr(bash_complete("i18n export ''"), "nemesis noxius"));
}

static void test_zsh(void)
{
    static char out[16384];
    if (access("/usr/bin/zsh", X_OK) != 0 && access("/bin/zsh", X_OK) != 0) {
        printf("\n  (zsh not installed: its completion is not parsed)\n");
    } else {
        CU_ASSERT_EQUAL(tu_runf(out, sizeof out, "zsh -n completions/_regelwerk 2>&1"), 0);
    }
    /* every long option of every command's --help is offered */
    char *z = tu_read_file("completions/_regelwerk", NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(z);
    static const char *const cmds[] = {"check", "build", "facts", "simulate", "i18n", "hyphenate", "new"};
    for (size_t c = 0; c < sizeof cmds / sizeof *cmds; c++) {
        CU_ASSERT_EQUAL_FATAL(tu_runf(out, sizeof out, "%s %s --help", tu_bin(), cmds[c]), 0);
        for (char *o = strstr(out, "--"); o; o = strstr(o + 2, "--")) {
            if (o > out && o[-1] != ' ' && o[-1] != '[' && o[-1] != '|' && o[-1] != ',')
                continue;
            char opt[48];
            size_t k = 2;
            while (((o[k] >= 'a' && o[k] <= 'z') || o[k] == '-') && k < sizeof opt - 1)
                k++;
            if (k <= 2 || !strncmp(o, "--help", 6))
                continue;
            memcpy(opt, o, k);
            opt[k] = '\0';
            /* as an _arguments spec: --opt=, --opt[ or {-x,--opt} */
            int has = 0;
            for (const char *end = "=[}"; *end && !has; end++) {
                char want[64];
                snprintf(want, sizeof want, "%s%c", opt, *end);
                has = strstr(z, want) != NULL;
            }
            if (!has)
                fprintf(stderr, "\ncompletions/_regelwerk lacks %s of %s\n", opt, cmds[c]);
            CU_ASSERT(has);
        }
    }
    free(z);
}

void suite_completion(void);
void suite_completion(void)
{
    CU_pSuite s = CU_add_suite("completion", NULL, NULL);
    CU_add_test(s, "bash: commands, options, values, games, languages", test_bash);
    CU_add_test(s, "zsh: parses, and offers every option of every --help", test_zsh);
}
