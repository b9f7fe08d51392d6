/*
 * atomic.c - output files that appear whole or not at all.
 *
 * A regular file (or a name not there yet) is written into a temporary in
 * the target's folder (same file system, so rename() is atomic), synced,
 * and renamed over the target; a symbolic link is followed to that target
 * first, so the link stays a link.  The temporary is unnamed where the
 * file system can (O_TMPFILE): a killed process then leaves nothing, and
 * the finished file gets a name (TARGET.tmp.XXXXXX) only for the instant
 * between linkat() and rename().  Elsewhere it is mkstemp()'s named file.
 *
 * Anything else that can be opened for writing - standard output ("-" or
 * any name for the same file), a character or block device, a FIFO - is
 * written straight into, in place: renaming over /dev/null would replace
 * the device with a regular file.
 *
 * A run with several outputs can hold their commits and rename them all
 * at the end (emogi_atomic_hold(), emogi_atomic_commit_held()), so that a
 * failure in a later one leaves the earlier ones' old files in place.
 *
 * Named temporaries are remembered in a small table that a signal handler
 * can walk: the handler only calls unlink(), signal() and raise(), which
 * are async-signal-safe, so an interrupted tool leaves nothing behind.
 */
#define _GNU_SOURCE /* O_TMPFILE, AT_EMPTY_PATH */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "csr_internal.h"

/* A tool has a handful of outputs open at once at most. */
#define ATOMIC_SLOTS 16
static char *volatile pending[ATOMIC_SLOTS];

#define TMP_SUFFIX ".tmp.XXXXXX"

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

/* The signals whose default action would kill us with a temporary named. */
static const int handled[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

void emogi_atomic_install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = atomic_cleanup_on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++)
        sigaddset(&sa.sa_mask, handled[i]);
    for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++)
        sigaction(handled[i], &sa, NULL);
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

static int fail_open(struct emogi_atomic *a, emogi_error *err, const char *fmt, int e)
{
    emogi_fail(err, fmt, a->path, strerror(e));
    free(a->path);
    free(a->target);
    free(a->tmp_path);
    memset(a, 0, sizeof *a);
    a->fd = -1;
    return -1;
}

/* "-" or another name for standard output: its descriptor, which the
 * caller set up, is written at its own position. */
static int open_stdout(struct emogi_atomic *a, emogi_error *err)
{
    a->direct = 1;
    if ((a->fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)) < 0)
        return fail_open(a, err, "%s: %s", errno);
    return 0;
}

/* A device or FIFO: opened for writing as any program would (a FIFO waits
 * for its reader), never created, truncated or renamed over.  1: it turned
 * out to be a regular file after all (replaced meanwhile). */
static int open_direct(struct emogi_atomic *a, emogi_error *err)
{
    struct stat st;
    a->direct = 1;
    if ((a->fd = open(a->path, O_WRONLY | O_CLOEXEC | O_NOCTTY)) < 0)
        return fail_open(a, err, errno == ENXIO ? "%s: cannot be opened for writing (a socket "
                                                  "or a device with no driver): %s"
                                                : "%s: %s",
                         errno);
    if (fstat(a->fd, &st) == 0 && S_ISREG(st.st_mode)) {
        close(a->fd);
        a->fd = -1;
        a->direct = 0;
        return 1;
    }
    return 0;
}

/* TARGET.tmp.XXXXXX with a fresh suffix (the linkat name for O_TMPFILE). */
static void fresh_suffix(char *tmp)
{
    static const char digits[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    static unsigned long counter;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    unsigned long long x = (unsigned long long)ts.tv_nsec ^ ((unsigned long long)getpid() << 20) ^
                           (unsigned long long)ts.tv_sec * 2654435761u ^ ++counter * 40503u;
    char *p = tmp + strlen(tmp) - 6;
    for (int i = 0; i < 6; i++, x /= 62)
        p[i] = digits[x % 62];
}

/* An unnamed file in the target's folder, or -1 where the file system (or
 * a missing /proc, which linkat needs) cannot give one.  EMOGI_NO_TMPFILE
 * in the environment forces the named fallback, so tests can reach it. */
static int open_unnamed(const char *target)
{
#ifdef O_TMPFILE
    const char *no = getenv("EMOGI_NO_TMPFILE");
    if (no && *no) {
        errno = EOPNOTSUPP;
        return -1;
    }
    char *dir = emogi_folder_of(target);
    if (!dir)
        return -1;
    int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    int e = errno;
    free(dir);
    if (fd < 0) {
        errno = e;
        return -1;
    }
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    if (access(proc, F_OK) != 0) {
        close(fd);
        errno = EOPNOTSUPP;
        return -1;
    }
    return fd;
#else
    (void)target;
    errno = EOPNOTSUPP;
    return -1;
#endif
}

static int open_temporary(struct emogi_atomic *a, int named, emogi_error *err)
{
    size_t len = strlen(a->target);
    if (!(a->tmp_path = malloc(len + sizeof TMP_SUFFIX)))
        return fail_open(a, err, "%s: %s", ENOMEM);
    memcpy(a->tmp_path, a->target, len);
    memcpy(a->tmp_path + len, TMP_SUFFIX, sizeof TMP_SUFFIX);
    a->fd = named ? (errno = EOPNOTSUPP, -1) : open_unnamed(a->target);
    if (a->fd >= 0) {
        a->unnamed = 1;
        return 0;
    }
    if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
        return fail_open(a, err, "%s: cannot create a temporary file beside it: %s", errno);
    /* A signal between mkstemp() and remember() would leave the named file
     * behind: hold the handled signals until the handler knows the name. */
    sigset_t block, old;
    sigemptyset(&block);
    for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++)
        sigaddset(&block, handled[i]);
    sigprocmask(SIG_BLOCK, &block, &old);
    a->fd = mkstemp(a->tmp_path);
    int e = errno;
    if (a->fd >= 0)
        remember(a->tmp_path);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (a->fd < 0)
        return fail_open(a, err, "%s: cannot create a temporary file beside it: %s", e);
    apply_umask(a->fd);
    return 0;
}

static int atomic_open(struct emogi_atomic *a, const char *path, int named, emogi_error *err)
{
    struct stat st;
    memset(a, 0, sizeof *a);
    a->fd = -1;
    int is_stdout = strcmp(path, "-") == 0;
    a->path = strdup(is_stdout ? "standard output" : path);
    if (!a->path)
        return emogi_fail(err, "%s: out of memory", path);
    ignore_sigxfsz_if_default();
    if (is_stdout || emogi_same_file(path, STDOUT_FILENO, "-", STDOUT_FILENO))
        return open_stdout(a, err);
    int exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return fail_open(a, err, "%s: %s", EISDIR);
    if (exists && !S_ISREG(st.st_mode)) {
        int rc = open_direct(a, err);
        if (rc <= 0)
            return rc;
    }
    if (!(a->target = emogi_link_target(path, err))) {
        free(a->path);
        a->path = NULL;
        return -1;
    }
    return open_temporary(a, named, err);
}

int emogi_atomic_open(struct emogi_atomic *a, const char *path, emogi_error *err)
{
    return atomic_open(a, path, 0, err);
}

int emogi_atomic_open_named(struct emogi_atomic *a, const char *path, emogi_error *err)
{
    return atomic_open(a, path, 1, err);
}

static void release(struct emogi_atomic *a)
{
    if (a->tmp_path)
        forget(a->tmp_path);
    free(a->tmp_path);
    free(a->target);
    free(a->path);
    memset(a, 0, sizeof *a);
    a->fd = -1;
}

void emogi_atomic_abort(struct emogi_atomic *a)
{
    if (!a->path)
        return;
    if (a->fd >= 0)
        close(a->fd);
    if (!a->direct && !a->unnamed)
        unlink(a->tmp_path);
    release(a);
}

/* Make the rename itself durable; failure here loses nothing already written. */
static void sync_parent_dir(const char *path)
{
    char *dir = emogi_folder_of(path);
    if (!dir)
        return;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

/* Give the unnamed file the name tmp_path (a fresh one if taken). */
static int link_unnamed(struct emogi_atomic *a)
{
#ifdef O_TMPFILE
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", a->fd);
    for (int tries = 0; tries < 100; tries++) {
        fresh_suffix(a->tmp_path);
        remember(a->tmp_path);
        if (linkat(AT_FDCWD, proc, AT_FDCWD, a->tmp_path, AT_SYMLINK_FOLLOW) == 0 ||
            (errno == ENOENT && linkat(a->fd, "", AT_FDCWD, a->tmp_path, AT_EMPTY_PATH) == 0)) {
            a->unnamed = 0; /* named now: abort and signals unlink it */
            return 0;
        }
        forget(a->tmp_path);
        if (errno != EEXIST)
            return -1;
    }
    errno = EEXIST;
#endif
    return -1;
}

static int commit_direct(struct emogi_atomic *a, emogi_error *err)
{
    int rc = close(a->fd) < 0 && errno != EINTR ? emogi_fail(err, "%s: close failed: %s",
                                                             a->path, strerror(errno))
                                               : 0;
    a->fd = -1;
    release(a);
    return rc;
}

/*
 * Held commits: between emogi_atomic_hold() and emogi_atomic_commit_held()
 * a commit syncs its file and keeps it here, still open (so an unnamed
 * one stays unnamed), instead of renaming it; the group is renamed only
 * once every output of the run is complete.  A tool that exits first
 * (failed) removes them all at exit: no old output was replaced.
 */
static struct {
    int on;
    int at_exit; /* emogi_atomic_abort_held() registered */
    size_t n, cap;
    struct emogi_atomic *files;
} held;

void emogi_atomic_abort_held(void)
{
    for (size_t i = 0; i < held.n; i++)
        emogi_atomic_abort(&held.files[i]);
    free(held.files);
    held.files = NULL;
    held.n = held.cap = 0;
    held.on = 0;
}

void emogi_atomic_hold(void)
{
    held.on = 1;
    if (!held.at_exit && atexit(emogi_atomic_abort_held) == 0)
        held.at_exit = 1;
}

/* Keep the synced A in the group; -1 (errno ENOMEM) when it cannot grow. */
static int hold_file(struct emogi_atomic *a)
{
    if (held.n == held.cap) {
        size_t cap = held.cap ? 2 * held.cap : 8;
        struct emogi_atomic *f = realloc(held.files, cap * sizeof *f);
        if (!f) {
            errno = ENOMEM;
            return -1;
        }
        held.files = f, held.cap = cap;
    }
    held.files[held.n++] = *a;
    memset(a, 0, sizeof *a);
    a->fd = -1;
    return 0;
}

/* Name A's temporary (if unnamed) and close it: the steps that may fail
 * before any rename.  NULL, or the step that failed with errno set. */
static const char *finish_file(struct emogi_atomic *a)
{
    const char *what = NULL;
    int e = 0;
    if (a->unnamed && link_unnamed(a) < 0)
        what = "linkat", e = errno;
    if (close(a->fd) < 0 && !what)
        what = "close", e = errno;
    a->fd = -1;
    errno = e;
    return what;
}

static int fail_step(struct emogi_atomic *a, const char *what, int e, emogi_error *err)
{
    emogi_fail(err, "%s: %s failed: %s", a->path, what, strerror(e));
    emogi_atomic_abort(a);
    return -1;
}

int emogi_atomic_commit(struct emogi_atomic *a, emogi_error *err)
{
    const char *what = NULL;
    if (a->direct)
        return commit_direct(a, err);
    if (fsync(a->fd) < 0)
        return fail_step(a, "fsync", errno, err);
    if (held.on)
        return hold_file(a) < 0 ? fail_step(a, "holding the output", errno, err) : 0;
    if ((what = finish_file(a)))
        return fail_step(a, what, errno, err);
    if (rename(a->tmp_path, a->target) < 0)
        return fail_step(a, "rename", errno, err);
    sync_parent_dir(a->target);
    release(a);
    return 0;
}

/* Every held file named and closed (those still open: a second call
 * finds them done), the steps that may fail before any rename. */
int emogi_atomic_ready_held(emogi_error *err)
{
    for (size_t i = 0; i < held.n; i++) {
        struct emogi_atomic *a = &held.files[i];
        const char *what = a->fd >= 0 ? finish_file(a) : NULL;
        if (what)
            return emogi_fail(err, "%s: %s failed: %s", a->path, what, strerror(errno));
    }
    return 0;
}

int emogi_atomic_commit_held(emogi_error *err)
{
    /* every file named and closed first: a failure here replaces nothing */
    int rc = emogi_atomic_ready_held(err);
    for (size_t i = 0; i < held.n && rc == 0; i++) {
        struct emogi_atomic *a = &held.files[i];
        if (rename(a->tmp_path, a->target) < 0) {
            rc = emogi_fail(err, "%s: rename failed: %s", a->path, strerror(errno));
            break;
        }
        sync_parent_dir(a->target);
        release(a);
    }
    emogi_atomic_abort_held(); /* what is left after a failure: its temporaries go */
    return rc;
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
