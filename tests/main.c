/* main.c — the CUnit runner: registers every suite_NAME() found in the tests.
 *
 * CU_basic_run_tests() reports success even when assertions fail, so the exit
 * code comes from CU_get_number_of_failures(). */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>

#define SUITE(name) void name(void);
#include "suites.h"
#undef SUITE

int main(int argc, char **argv)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
#define SUITE(name) name();
#include "suites.h"
#undef SUITE
    if (CU_get_error() != CUE_SUCCESS) {
        fprintf(stderr, "run-tests: registering suites failed: %s\n", CU_get_error_msg());
        CU_cleanup_registry();
        return 2;
    }
    /* run-tests SUITE runs one suite only, for debugging. */
    CU_basic_set_mode(CU_BRM_NORMAL);
    if (argc > 1) {
        CU_pSuite s = CU_get_suite(argv[1]);
        if (!s) {
            fprintf(stderr, "run-tests: no suite '%s'\n", argv[1]);
            CU_cleanup_registry();
            return 2;
        }
        CU_basic_run_suite(s);
    } else {
        CU_basic_run_tests();
    }
    unsigned failures = CU_get_number_of_failures();
    unsigned run = CU_get_number_of_tests_run();
    unsigned failed_tests = CU_get_number_of_tests_failed();
    printf("\n%u passed, %u failed\n", run - failed_tests, failed_tests);
    CU_cleanup_registry();
    return (failures == 0 && run > 0) ? 0 : 1;
}
