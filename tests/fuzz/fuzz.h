/* fuzz.h — what the libFuzzer harnesses and their plain replay runner share.
 *
 * Each tests/fuzz/fuzz_NAME.c defines LLVMFuzzerTestOneInput() (and may
 * define LLVMFuzzerInitialize()). `make fuzz` links each with libFuzzer;
 * tests/fuzz/replay.c links the same file into a plain program that feeds
 * it every file of the corpus and crash folders, so `make check` (and
 * `make check SAN=1`) replays them through the same entry point. Harnesses
 * run from the top of the source tree (they read src/schema, templates/,
 * fonts/). */
#ifndef REGELWERK_FUZZ_H
#define REGELWERK_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Writes size bytes to path; 0 on success. */
int fuzz_write(const char *path, const uint8_t *data, size_t size);

/* A fresh temporary folder (mkdtemp of /tmp/regelwerk-fuzz-XXXXXX) into
 * out, removed at exit. 0 on success. */
int fuzz_tempdir(char *out, size_t cap);

#endif
