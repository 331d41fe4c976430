/* test_man.c — the man page cannot drift from --help: every command that
 * `regelwerk --help` lists, and every option each command's --help names,
 * stands in regelwerk.1. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* regelwerk.1 with roff escapes undone: "\-" -> "-", fonts dropped. */
static char *man_text(void)
{
    char *raw = tu_read_file("regelwerk.1", NULL);
    if (!raw)
        return NULL;
    char *out = malloc(strlen(raw) + 1), *o = out;
    for (const char *p = raw; out && *p; p++) {
        if (p[0] == '\\' && p[1] == '-') {
            *o++ = '-';
            p++;
        } else if (p[0] == '\\' && p[1] == 'f' && p[2]) {
            p += 2;
        } else {
            *o++ = *p;
        }
    }
    if (out)
        *o = '\0';
    free(raw);
    return out;
}

static void test_man_matches_help(void)
{
    char *man = man_text();
    CU_ASSERT_PTR_NOT_NULL_FATAL(man);
    static char help[16384], sub[16384];
    CU_ASSERT_EQUAL_FATAL(tu_runf(help, sizeof help, "%s --help", tu_bin()), 0);
    /* the commands: the lines after "commands:" up to the blank line */
    char *p = strstr(help, "commands:\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    int commands = 0;
    for (p = strchr(p, '\n') + 1; *p == ' '; p = strchr(p, '\n') + 1) {
        char cmd[32];
        size_t n = 0;
        const char *q = p;
        while (*q == ' ')
            q++;
        while (q[n] && q[n] != ' ' && n < sizeof cmd - 1)
            n++;
        memcpy(cmd, q, n);
        cmd[n] = '\0';
        commands++;
        char want[64];
        snprintf(want, sizeof want, "\n.B %s\n", cmd);
        char want2[64];
        snprintf(want2, sizeof want2, "\n%s", cmd);
        int found = strstr(man, want) || strstr(man, want2);
        if (!found)
            fprintf(stderr, "\nregelwerk.1 lacks the command %s\n", cmd);
        CU_ASSERT(found);
        /* every option its --help names */
        if (tu_runf(sub, sizeof sub, "%s %s --help", tu_bin(), cmd) != 0)
            continue;
        for (char *o = strstr(sub, "--"); o; o = strstr(o + 2, "--")) {
            if (o > sub && o[-1] != ' ' && o[-1] != '[' && o[-1] != '|' && o[-1] != '(')
                continue;
            char opt[48];
            size_t k = 0;
            while ((o[k] == '-' || (o[k] >= 'a' && o[k] <= 'z')) && k < sizeof opt - 1)
                k++;
            memcpy(opt, o, k);
            opt[k] = '\0';
            if (k <= 2 || !strcmp(opt, "--help"))
                continue;
            int has = strstr(man, opt) != NULL;
            if (!has)
                fprintf(stderr, "\nregelwerk.1 lacks %s of %s\n", opt, cmd);
            CU_ASSERT(has);
        }
    }
    CU_ASSERT(commands >= 8);
    /* the global options, short and long */
    p = strstr(help, "options:\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    for (char *o = strchr(p, '-'); o; o = strchr(o + 1, '-')) {
        if (o[-1] != ' ' && o[-1] != ',')
            continue;
        char opt[48];
        size_t k = 0;
        while ((o[k] == '-' || (o[k] >= 'a' && o[k] <= 'z') || (o[k] >= 'A' && o[k] <= 'Z')) && k < sizeof opt - 1)
            k++;
        memcpy(opt, o, k);
        opt[k] = '\0';
        if (k < 2)
            continue;
        int has = strstr(man, opt) != NULL;
        if (!has)
            fprintf(stderr, "\nregelwerk.1 lacks the global option %s\n", opt);
        CU_ASSERT(has);
        o += k - 1;
    }
    /* the environment the tool reads is documented */
    const char *env[] = {"SOURCE_DATE_EPOCH", "REGELWERK_DATADIR", "REGELWERK_ICONS", "REGELWERK_HYPH_CACHE",
                         "REGELWERK_JOBS", "NO_COLOR", ".SH EXAMPLES"};
    for (size_t i = 0; i < sizeof env / sizeof env[0]; i++)
        CU_ASSERT_PTR_NOT_NULL(strstr(man, env[i]));
    free(man);
}

void suite_man(void);
void suite_man(void)
{
    CU_pSuite s = CU_add_suite("man", NULL, NULL);
    CU_add_test(s, "the man page names every command and option of --help", test_man_matches_help);
}
