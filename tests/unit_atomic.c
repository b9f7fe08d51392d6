/*
 * unit_atomic.c - where emogi_atomic_* and emogi_csr_write put their bytes:
 * a regular file is replaced whole through a temporary (unnamed where the
 * file system allows, so SIGKILL leaves nothing), a symbolic link is
 * followed and stays a link, a FIFO and a device node are written in
 * place and stay what they are; a held group made ready (named, closed)
 * replaces nothing until committed; and emogi_same_file() tells one file
 * by any of its names.  Everything happens in a private folder.
 */
#define _GNU_SOURCE /* O_TMPFILE */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "csr_internal.h"
#include "tap.h"

static char dir[256];

static const uint64_t OFF[] = {0, 2, 3, 3};
static const uint32_t NBR[] = {1, 2, 0};

static struct emogi_graph graph(void)
{
    struct emogi_graph g = {.nv = 3, .ne = 3, .flags = EMOGI_DIRECTED, .id_width = 4};
    g.offsets = OFF;
    g.neighbors = NBR;
    return g;
}

static char *path_of(const char *name)
{
    static char buf[4][512];
    static int k;
    char *p = buf[k++ % 4];
    snprintf(p, 512, "%s/%s", dir, name);
    return p;
}

/* Whole contents of P (malloc'd) and its length, or NULL. */
static char *slurp(const char *p, size_t *len)
{
    FILE *f = fopen(p, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0)
        if ((n += r) == cap)
            buf = realloc(buf, cap *= 2);
    fclose(f);
    *len = n;
    return buf;
}

static int same_bytes(const char *a, const char *b)
{
    size_t na = 0, nb = 0;
    char *x = slurp(a, &na), *y = slurp(b, &nb);
    int same = x && y && na == nb && na > 0 && memcmp(x, y, na) == 0;
    free(x);
    free(y);
    return same;
}

/* Names in dir starting with PREFIX. */
static int count_like(const char *prefix)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)))
        n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return n;
}

static void remove_dir(void)
{
    unlink(path_of("links/rel"));
    rmdir(path_of("links"));
    rmdir(path_of("sub"));
    DIR *d = opendir(dir);
    struct dirent *e;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.')
            unlink(path_of(e->d_name));
    closedir(d);
    rmdir(dir);
}

static int tmpfile_works(void)
{
    int fd = open(dir, O_TMPFILE | O_WRONLY, 0600);
    if (fd < 0)
        return 0;
    close(fd);
    return 1;
}

static void test_same_file(void)
{
    FILE *f = fopen(path_of("a"), "w");
    fclose(f);
    mkdir(path_of("sub"), 0755);
    link(path_of("a"), path_of("hard"));
    symlink("a", path_of("soft"));
    symlink("new", path_of("dangling"));
    char dotted[600];
    snprintf(dotted, sizeof dotted, "%s/./a", dir);
    ok(emogi_same_file(path_of("a"), 1, dotted, 1), "same file: a and ./a");
    ok(emogi_same_file(path_of("a"), 1, path_of("hard"), 1), "same file: a hard link");
    ok(emogi_same_file(path_of("soft"), 1, path_of("a"), 1), "same file: a symbolic link");
    ok(!emogi_same_file(path_of("a"), 1, path_of("sub"), 1), "not the same: two files");
    ok(emogi_same_file(path_of("new"), 1, path_of("sub/../new"), 1),
       "same file, not there yet: new and sub/../new");
    ok(emogi_same_file(path_of("dangling"), 1, path_of("new"), 1),
       "same file, not there yet: a dangling link and its target");
    ok(!emogi_same_file(path_of("new"), 1, path_of("new2"), 1), "not the same: two new names");
    ok(!emogi_same_file(path_of("new"), 1, path_of("a"), 1), "not the same: new and existing");
    ok(emogi_same_file("-", 1, "/dev/fd/1", 1) && emogi_same_file("-", 1, "-", 1) &&
           emogi_same_file("/dev/stdout", 1, "-", 1),
       "same stream: -, /dev/fd/1 and /dev/stdout as outputs");
}

static void test_is_direct(void)
{
    mkfifo(path_of("fifo"), 0600);
    ok(emogi_output_is_direct("-") && emogi_output_is_direct("/dev/stdout") &&
           emogi_output_is_direct(path_of("fifo")) && emogi_output_is_direct("/dev/null"),
       "written in place: -, /dev/stdout, a FIFO, /dev/null");
    ok(!emogi_output_is_direct(path_of("a")) && !emogi_output_is_direct(path_of("nothing")) &&
           !emogi_output_is_direct(path_of("soft")),
       "replaced: a regular file, a new name, a link to a regular file");
    unlink(path_of("fifo"));
}

/* The reference bytes: the graph written to a plain new file. */
static void write_reference(void)
{
    struct emogi_graph g = graph();
    emogi_error err = {{0}};
    ok(emogi_csr_write(path_of("ref.csr"), &g, &err) == 0, "reference file written (%s)", err.msg);
}

static void test_symlink(void)
{
    struct emogi_graph g = graph();
    emogi_error err = {{0}};
    struct stat st;
    FILE *f = fopen(path_of("target.csr"), "w");
    fputs("old", f);
    fclose(f);
    mkdir(path_of("links"), 0755);
    symlink("../target.csr", path_of("links/rel"));
    symlink("links/rel", path_of("chain"));
    int rc = emogi_csr_write(path_of("chain"), &g, &err);
    ok(rc == 0 && lstat(path_of("chain"), &st) == 0 && S_ISLNK(st.st_mode) &&
           lstat(path_of("links/rel"), &st) == 0 && S_ISLNK(st.st_mode),
       "a chain of relative links: both stay links (%s)", err.msg);
    ok(same_bytes(path_of("target.csr"), path_of("ref.csr")), "... and their target has the file");
    ok(count_like("target.csr.tmp.") == 0 && count_like("chain.tmp.") == 0,
       "... and no temporary is left");
    symlink("made.csr", path_of("to-new"));
    rc = emogi_csr_write(path_of("to-new"), &g, &err);
    ok(rc == 0 && lstat(path_of("to-new"), &st) == 0 && S_ISLNK(st.st_mode) &&
           same_bytes(path_of("made.csr"), path_of("ref.csr")),
       "a dangling link: its target is created, the link stays (%s)", err.msg);
}

/* A reader child copies the FIFO into fifo.out while we write the graph. */
static void test_fifo(void)
{
    struct emogi_graph g = graph();
    emogi_error err = {{0}};
    struct stat st;
    mkfifo(path_of("out.fifo"), 0600);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(10); /* a writer that never opens the FIFO must not hang the test */
        size_t n = 0;
        char *b = slurp(path_of("out.fifo"), &n);
        FILE *f = fopen(path_of("fifo.out"), "wb");
        _exit(b && f && fwrite(b, 1, n, f) == n && fclose(f) == 0 ? 0 : 1);
    }
    int rc = emogi_csr_write(path_of("out.fifo"), &g, &err);
    int status;
    waitpid(pid, &status, 0);
    ok(rc == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0, "a FIFO as output (%s)", err.msg);
    ok(same_bytes(path_of("fifo.out"), path_of("ref.csr")), "... its reader gets the file's bytes");
    ok(lstat(path_of("out.fifo"), &st) == 0 && S_ISFIFO(st.st_mode), "... and it is still a FIFO");
    unlink(path_of("out.fifo"));
}

/* A null device of our own (root only): still a device after a write. */
static void test_device(void)
{
    struct emogi_graph g = graph();
    emogi_error err = {{0}};
    struct stat st;
    if (mknod(path_of("null"), S_IFCHR | 0600, makedev(1, 3)) != 0) {
        printf("# mknod: %s\n", strerror(errno));
        skip("mknod refused (not root, or no CAP_MKNOD): device output untested");
        return;
    }
    int rc = emogi_csr_write(path_of("null"), &g, &err);
    ok(rc == 0 && lstat(path_of("null"), &st) == 0 && S_ISCHR(st.st_mode) &&
           major(st.st_rdev) == 1 && minor(st.st_rdev) == 3 && count_like("null.tmp.") == 0,
       "a character device as output: written, still the same device (%s)", err.msg);
    unlink(path_of("null"));
}

/* A writer killed by SIGKILL mid-file: no handler runs. */
static pid_t killed_writer(const char *name, int named)
{
    pid_t pid = fork();
    if (pid == 0) {
        static char mb[1 << 20];
        struct emogi_atomic a;
        emogi_error err = {{0}};
        if (named)
            setenv("EMOGI_NO_TMPFILE", "1", 1);
        if (emogi_atomic_open(&a, path_of(name), &err) < 0 ||
            emogi_write_all(&a, mb, sizeof mb, &err) < 0)
            _exit(3);
        raise(SIGKILL);
        _exit(4);
    }
    int st;
    waitpid(pid, &st, 0);
    return WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL;
}

static void test_sigkill(void)
{
    if (!tmpfile_works())
        skip("this file system has no O_TMPFILE: a killed writer leaves NAME.tmp.XXXXXX");
    else
        ok(killed_writer("kill.csr", 0) && count_like("kill.csr") == 0,
           "SIGKILL while writing: no file left (unnamed temporary)");
    ok(killed_writer("named.csr", 1) && count_like("named.csr.tmp.") == 1 &&
           count_like("named.csr") == 1,
       "SIGKILL with the named fallback: exactly named.csr.tmp.XXXXXX is left, as documented");
}

static void signalled_writer(int named)
{
    pid_t pid = fork();
    if (pid == 0) {
        struct emogi_atomic a;
        emogi_error err = {{0}};
        if (named)
            setenv("EMOGI_NO_TMPFILE", "1", 1);
        emogi_atomic_install_signals();
        if (emogi_atomic_open(&a, path_of("sig.csr"), &err) < 0 ||
            emogi_write_all(&a, "partial", 7, &err) < 0)
            _exit(3);
        raise(SIGTERM);
        _exit(4);
    }
    int st;
    waitpid(pid, &st, 0);
    ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM && count_like("sig.csr") == 0,
       "SIGTERM while writing (%s temporary): dies of it, nothing left",
       named ? "named" : "unnamed");
}

/* Replacing an existing file: mode from the umask, nothing else left. */
static void test_replace(int named)
{
    struct emogi_graph g = graph();
    emogi_error err = {{0}};
    struct stat st;
    const char *p = path_of("replace.csr");
    FILE *f = fopen(p, "w");
    fputs("old contents", f);
    fclose(f);
    if (named)
        setenv("EMOGI_NO_TMPFILE", "1", 1);
    mode_t old = umask(027);
    int rc = emogi_csr_write(p, &g, &err);
    umask(old);
    unsetenv("EMOGI_NO_TMPFILE");
    ok(rc == 0 && same_bytes(p, path_of("ref.csr")) && stat(p, &st) == 0 &&
           (st.st_mode & 0777) == 0640 && count_like("replace.csr") == 1,
       "%s temporary: the file replaced whole, mode 0640 under umask 027, no temporary left (%s)",
       named ? "named" : "unnamed", err.msg);
}

/* Write TEXT to NAME (held: kept under its temporary); 0 or -1. */
static int write_held(const char *name, const char *text, emogi_error *err)
{
    struct emogi_atomic a;
    if (emogi_atomic_open(&a, path_of(name), err) < 0)
        return -1;
    if (emogi_write_all(&a, text, strlen(text), err) < 0) {
        emogi_atomic_abort(&a);
        return -1;
    }
    return emogi_atomic_commit(&a, err);
}

static int holds(const char *name, const char *text)
{
    size_t n = 0;
    char *x = slurp(path_of(name), &n);
    int same = x && n == strlen(text) && memcmp(x, text, n) == 0;
    free(x);
    return same;
}

/* The held group made ready (named, closed) replaces nothing: then
 * committed, both files are replaced; then abandoned, both stay old and
 * no temporary is left (what MPI ranks do on either side of their vote). */
static void test_ready_held(int commit)
{
    emogi_error err = {{0}};
    FILE *f;
    for (int i = 0; i < 2; i++) {
        f = fopen(path_of(i ? "ready.b" : "ready.a"), "w");
        fputs("old", f);
        fclose(f);
    }
    emogi_atomic_hold();
    int rc = write_held("ready.a", "new a", &err);
    setenv("EMOGI_NO_TMPFILE", "1", 1);
    rc = rc == 0 ? write_held("ready.b", "new b", &err) : rc;
    unsetenv("EMOGI_NO_TMPFILE");
    rc = rc == 0 ? emogi_atomic_ready_held(&err) : rc;
    rc = rc == 0 ? emogi_atomic_ready_held(&err) : rc; /* a second call finds them done */
    int untouched = holds("ready.a", "old") && holds("ready.b", "old") &&
                    count_like("ready.") == 4;
    if (commit) {
        rc = rc == 0 ? emogi_atomic_commit_held(&err) : rc;
        ok(rc == 0 && untouched && holds("ready.a", "new a") && holds("ready.b", "new b") &&
               count_like("ready.") == 2,
           "ready_held names the held files and replaces nothing; commit_held then "
           "replaces both (%s)", err.msg);
    } else {
        emogi_atomic_abort_held();
        ok(rc == 0 && untouched && holds("ready.a", "old") && holds("ready.b", "old") &&
               count_like("ready.") == 2,
           "ready_held, then abort_held: both old files stay, no temporary left (%s)", err.msg);
    }
}

static void test_folder(void)
{
    struct emogi_graph g = graph();
    emogi_error err = {{0}};
    ok(emogi_csr_write(path_of("sub"), &g, &err) < 0 && strstr(err.msg, "sub") &&
           strstr(err.msg, strerror(EISDIR)),
       "a folder as output: refused, named (%s)", err.msg);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/unit_atomic.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        printf("1..0 # SKIP cannot create a temporary folder\n");
        return 0;
    }
    unsetenv("EMOGI_NO_TMPFILE");
    test_same_file();
    test_is_direct();
    write_reference();
    test_symlink();
    test_fifo();
    test_device();
    test_sigkill();
    signalled_writer(0);
    signalled_writer(1);
    test_replace(0);
    test_replace(1);
    test_folder();
    test_ready_held(1);
    test_ready_held(0);
    plan(tap_n);
    remove_dir();
    return done_testing();
}
