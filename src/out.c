/* out.c — files written whole under a temporary name, then renamed. */
#include "out.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int out_buf_append(out_buf *b, const void *p, size_t n)
{
    if (b->failed)
        return -1;
    if (n > b->cap - b->len) {
        size_t cap = b->cap ? b->cap : 65536;
        while (cap - b->len < n) {
            if (cap > ((size_t)-1) / 2) {
                b->failed = 1;
                return -1;
            }
            cap *= 2;
        }
        unsigned char *d = realloc(b->data, cap);
        if (!d) {
            b->failed = 1;
            return -1;
        }
        b->data = d;
        b->cap = cap;
    }
    if (n)
        memcpy(b->data + b->len, p, n);
    b->len += n;
    return 0;
}

void out_buf_free(out_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

typedef struct staged {
    char *path, *tmp;
} staged;

struct out_batch {
    diag_list *diags;
    staged *files;
    size_t n;
    int failed;
};

out_batch *out_batch_new(diag_list *diags)
{
    out_batch *b = calloc(1, sizeof *b);
    if (b)
        b->diags = diags;
    return b;
}

/* "DIR/.BASE.tmp-PID-XXXXXX" for "DIR/BASE": hidden, in the same folder
 * (rename is atomic only within one file system), and carrying the pid so
 * that out_clean_stale can tell a killed build's file from a running one's. */
static char *tmp_template(const char *path)
{
    const char *slash = strrchr(path, '/');
    int dirlen = slash ? (int)(slash - path + 1) : 0;
    const char *base = slash ? slash + 1 : path;
    size_t n = strlen(path) + 48;
    char *t = malloc(n);
    if (t)
        snprintf(t, n, "%.*s.%s.tmp-%ld-XXXXXX", dirlen, path, base, (long)getpid());
    return t;
}

static int write_all(int fd, const unsigned char *p, size_t len)
{
    while (len > 0) {
        ssize_t w = write(fd, p, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = ENOSPC;
            return -1;
        }
        p += w;
        len -= (size_t)w;
    }
    return 0;
}

int out_batch_add(out_batch *b, const char *path, const void *data, size_t len)
{
    if (b->failed)
        return -1;
    staged *f = realloc(b->files, (b->n + 1) * sizeof *f);
    char *tmp = tmp_template(path);
    char *dup = strdup(path);
    if (f)
        b->files = f;
    if (!f || !tmp || !dup) {
        free(tmp);
        free(dup);
        b->failed = 1;
        diag_add(b->diags, DIAG_ERROR, path, 0, 0, "io", "out of memory");
        return -1;
    }
    /* mkstemp opens with O_CREAT|O_EXCL: it never follows or reuses an
     * existing name, planted or not */
    int fd = mkstemp(tmp);
    if (fd < 0) {
        diag_add(b->diags, DIAG_ERROR, path, 0, 0, "io", "cannot create a temporary file next to it: %s",
                 strerror(errno));
        free(tmp);
        free(dup);
        b->failed = 1;
        return -1;
    }
    b->files[b->n].path = dup;
    b->files[b->n].tmp = tmp;
    b->n++;
    /* mkstemp makes the file private; an output is an ordinary file */
    mode_t um = umask(0);
    umask(um);
    int rc = fchmod(fd, 0666 & ~um);
    if (rc == 0)
        rc = write_all(fd, data, len);
    /* fsync and close report what a write could not yet know (a full disk
     * on a delayed allocation, NFS) */
    if (rc == 0)
        rc = fsync(fd) != 0 && errno != EINVAL && errno != EROFS ? -1 : 0;
    int err = errno;
    if (close(fd) != 0 && rc == 0) {
        rc = -1;
        err = errno;
    }
    if (rc != 0) {
        diag_add(b->diags, DIAG_ERROR, path, 0, 0, "io", "cannot write the file: %s; the previous file is kept",
                 strerror(err));
        b->failed = 1;
    }
    return rc;
}

int out_batch_commit(out_batch *b)
{
    if (b->failed)
        return -1;
    for (size_t i = 0; i < b->n; i++) {
        if (rename(b->files[i].tmp, b->files[i].path) != 0) {
            diag_add(b->diags, DIAG_ERROR, b->files[i].path, 0, 0, "io", "cannot rename the file into place: %s",
                     strerror(errno));
            b->failed = 1;
            return -1;
        }
        free(b->files[i].tmp);
        b->files[i].tmp = NULL;
    }
    return 0;
}

void out_batch_free(out_batch *b)
{
    if (!b)
        return;
    for (size_t i = 0; i < b->n; i++) {
        if (b->files[i].tmp)
            unlink(b->files[i].tmp);
        free(b->files[i].tmp);
        free(b->files[i].path);
    }
    free(b->files);
    free(b);
}

int out_write_file(const char *path, const void *data, size_t len, diag_list *diags)
{
    out_batch *b = out_batch_new(diags);
    if (!b) {
        diag_add(diags, DIAG_ERROR, path, 0, 0, "io", "out of memory");
        return -1;
    }
    int rc = out_batch_add(b, path, data, len) == 0 && out_batch_commit(b) == 0 ? 0 : -1;
    out_batch_free(b);
    return rc;
}

/* The pid in ".BASE.tmp-PID-XXXXXX" (ours) or "BASE.tmp-PID" (what builds
 * before out.c left behind), or 0 when name is no temporary file. */
static long tmp_owner(const char *name)
{
    const char *t = strstr(name, ".tmp-");
    if (!t)
        return 0;
    while (strstr(t + 1, ".tmp-"))
        t = strstr(t + 1, ".tmp-");
    char *end;
    errno = 0;
    long pid = strtol(t + 5, &end, 10);
    if (errno || pid <= 0 || end == t + 5)
        return 0;
    if (*end == '\0')
        return pid;
    if (name[0] == '.' && end[0] == '-' && strlen(end + 1) == 6)
        return pid;
    return 0;
}

void out_clean_stale(const char *dir)
{
    DIR *dh = opendir(dir);
    if (!dh)
        return;
    long self = (long)getpid();
    struct dirent *e;
    while ((e = readdir(dh))) {
        long pid = tmp_owner(e->d_name);
        if (pid <= 0 || pid == self)
            continue;
        /* a running build's file stays; one whose process is gone goes */
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        struct stat st;
        if (fstatat(dirfd(dh), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)))
            unlinkat(dirfd(dh), e->d_name, 0);
    }
    closedir(dh);
}
