/*
 * atomic.c - output files that appear whole or not at all.
 *
 * A tool writes into PATH.tmp.XXXXXX in the target's folder (same file
 * system, so rename() is atomic), fsyncs, and renames.  Temporary paths
 * are remembered in a small table that a signal handler can walk: the
 * handler only calls unlink(), signal() and raise(), which are
 * async-signal-safe, so an interrupted tool leaves nothing behind.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csr_internal.h"

/* A tool has a handful of outputs open at once at most. */
#define ATOMIC_SLOTS 16
static char *volatile pending[ATOMIC_SLOTS];

static void remember(char *tmp)
{
    for (int i = 0; i < ATOMIC_SLOTS; i++)
        if (!pending[i]) {
            pending[i] = tmp;
            return;
        }
    /* Table full: the file still works, only signal cleanup misses it. */
}

static void forget(const char *tmp)
{
    for (int i = 0; i < ATOMIC_SLOTS; i++)
        if (pending[i] == tmp)
            pending[i] = NULL;
}

static void atomic_cleanup_on_signal(int sig)
{
    for (int i = 0; i < ATOMIC_SLOTS; i++) {
        char *tmp = pending[i];
        if (tmp)
            unlink(tmp);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void emogi_atomic_install_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = atomic_cleanup_on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaddset(&sa.sa_mask, sigs[i]);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
    signal(SIGXFSZ, SIG_IGN);
}

/* A file-size limit must surface as EFBIG from write(), not kill us mid-file. */
static void ignore_sigxfsz_if_default(void)
{
    struct sigaction old;
    if (sigaction(SIGXFSZ, NULL, &old) == 0 && old.sa_handler == SIG_DFL)
        signal(SIGXFSZ, SIG_IGN);
}

/* mkstemp creates 0600; a finished output gets the mode open(2) would give. */
static void apply_umask(int fd)
{
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
}

int emogi_atomic_open(struct emogi_atomic *a, const char *path, emogi_error *err)
{
    size_t len = strlen(path);
    a->fd = -1;
    a->path = strdup(path);
    a->tmp_path = malloc(len + sizeof ".tmp.XXXXXX");
    if (!a->path || !a->tmp_path) {
        free(a->path);
        free(a->tmp_path);
        a->path = a->tmp_path = NULL;
        return emogi_fail(err, "%s: out of memory", path);
    }
    memcpy(a->tmp_path, path, len);
    memcpy(a->tmp_path + len, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
    ignore_sigxfsz_if_default();
    a->fd = mkstemp(a->tmp_path);
    if (a->fd < 0) {
        int e = errno;
        free(a->path);
        free(a->tmp_path);
        a->path = a->tmp_path = NULL;
        return emogi_fail(err, "%s: cannot create a temporary file beside it: %s", path, strerror(e));
    }
    remember(a->tmp_path);
    apply_umask(a->fd);
    return 0;
}

static void release(struct emogi_atomic *a)
{
    forget(a->tmp_path);
    free(a->tmp_path);
    free(a->path);
    a->tmp_path = a->path = NULL;
    a->fd = -1;
}

void emogi_atomic_abort(struct emogi_atomic *a)
{
    if (!a->tmp_path)
        return;
    if (a->fd >= 0)
        close(a->fd);
    unlink(a->tmp_path);
    release(a);
}

/* Make the rename itself durable; failure here loses nothing already written. */
static void sync_parent_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
    if (!dir)
        return;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

int emogi_atomic_commit(struct emogi_atomic *a, emogi_error *err)
{
    const char *what = NULL;
    int e = 0;
    if (fsync(a->fd) < 0 && errno != EINVAL) /* EINVAL: a file that cannot sync, e.g. /dev/null */
        what = "fsync", e = errno;
    if (close(a->fd) < 0 && !what)
        what = "close", e = errno;
    a->fd = -1;
    if (!what && rename(a->tmp_path, a->path) < 0)
        what = "rename", e = errno;
    if (what) {
        emogi_fail(err, "%s: %s failed: %s", a->path, what, strerror(e));
        emogi_atomic_abort(a);
        return -1;
    }
    sync_parent_dir(a->path);
    release(a);
    return 0;
}

int emogi_write_all(struct emogi_atomic *a, const void *buf, size_t len, emogi_error *err)
{
    const char *p = buf;
    while (len > 0) {
        /* Linux moves at most ~2 GiB per write(); ask for 1 GiB at a time. */
        size_t n = len > ((size_t)1 << 30) ? ((size_t)1 << 30) : len;
        ssize_t w = write(a->fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return emogi_fail(err, "%s: write failed: %s", a->path, strerror(errno));
        }
        if (w == 0)
            return emogi_fail(err, "%s: write failed: no progress", a->path);
        p += w;
        len -= (size_t)w;
    }
    return 0;
}
