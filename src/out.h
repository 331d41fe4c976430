/* out.h — every file regelwerk writes goes through here.
 *
 * A file is first written whole to a fresh temporary name in its own folder
 * (".NAME.tmp-PID-XXXXXX", created by mkstemp: O_EXCL, so a planted file or
 * symlink is never followed or reused), every write, fsync and close is
 * checked, and only then is it renamed over NAME. A full disk, a read-only
 * folder or any other failure leaves the previous NAME untouched, removes
 * the temporary file and reports the system's reason with the file's name.
 *
 * A batch writes several files (the pages of a PNG or SVG build) all or
 * none: each is staged under its temporary name, and commit renames them
 * only when every one was written.
 *
 * Ownership: out_buf owns its bytes (out_buf_free). A batch owns its
 * temporary names and removes whatever it did not commit when freed. The
 * caller keeps its paths and data; diags receives the errors.
 */
#ifndef REGELWERK_OUT_H
#define REGELWERK_OUT_H

#include <stddef.h>

#include "diag.h"

/* A growing byte buffer that the libraries write their output into. */
typedef struct out_buf {
    unsigned char *data;
    size_t len, cap;
    int failed;          /* an append ran out of memory */
} out_buf;

/* Appends n bytes; 0, or -1 (and failed set) when out of memory. */
int out_buf_append(out_buf *b, const void *p, size_t n);
void out_buf_free(out_buf *b);

typedef struct out_batch out_batch;

out_batch *out_batch_new(diag_list *diags);

/* Writes data to a temporary file next to path. 0, or -1 with an error in
 * diags (the batch then commits nothing). */
int out_batch_add(out_batch *b, const char *path, const void *data, size_t len);

/* Renames every staged file into place, unless an add failed. 0, or -1
 * with an error in diags. */
int out_batch_commit(out_batch *b);

/* Removes every temporary file not committed and releases the batch. */
void out_batch_free(out_batch *b);

/* A batch of one: writes data to path through a temporary file. 0 or -1. */
int out_write_file(const char *path, const void *data, size_t len, diag_list *diags);

/* Removes the temporary files that builds killed before they could clean
 * up left in dir (those whose process no longer runs). Never fails. */
void out_clean_stale(const char *dir);

#endif
