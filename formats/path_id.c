/*
 * path_id.c - which file a path names.
 *
 * Outputs are replaced by rename(), which acts on the name it is given: a
 * symbolic link would itself be replaced, and a device node would become
 * a regular file.  So the writer needs the final target of a chain of
 * links and the kind of file there; and the tools, before any work, need
 * to know whether two names (./d.bin and d.bin, hard links, "-" and
 * /dev/stdout) are one file, so that no output overwrites another output
 * or an input.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csr_internal.h"

#define MAX_LINK_HOPS 40 /* as the kernel's ELOOP limit */

char *emogi_folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
}

/* DIR part of PATH joined to REL: what a relative link target means. */
static char *beside(const char *path, const char *rel)
{
    const char *slash = strrchr(path, '/');
    size_t dlen = slash ? (size_t)(slash - path) + 1 : 0, rlen = strlen(rel);
    char *s = malloc(dlen + rlen + 1);
    if (s) {
        memcpy(s, path, dlen);
        memcpy(s + dlen, rel, rlen + 1);
    }
    return s;
}

/* One hop: the target of link CUR, relative targets taken from CUR's folder. */
static char *follow(const char *cur, emogi_error *err)
{
    char buf[PATH_MAX];
    ssize_t n = readlink(cur, buf, sizeof buf - 1);
    if (n < 0) {
        emogi_fail(err, "%s: %s", cur, strerror(errno));
        return NULL;
    }
    buf[n] = '\0';
    char *next = buf[0] == '/' ? strdup(buf) : beside(cur, buf);
    if (!next)
        emogi_fail(err, "%s: out of memory", cur);
    return next;
}

char *emogi_link_target(const char *path, emogi_error *err)
{
    char *cur = strdup(path);
    if (!cur) {
        emogi_fail(err, "%s: out of memory", path);
        return NULL;
    }
    for (int hops = 0; hops <= MAX_LINK_HOPS; hops++) {
        struct stat st;
        if (lstat(cur, &st) < 0 || !S_ISLNK(st.st_mode))
            return cur; /* missing (dangling): created by that name */
        char *next = follow(cur, err);
        free(cur);
        if (!next)
            return NULL;
        cur = next;
    }
    free(cur);
    emogi_fail(err, "%s: %s", path, strerror(ELOOP));
    return NULL;
}

/* The absolute name a path not there yet will have: its folder resolved. */
static char *resolved_name(const char *path)
{
    emogi_error ignored;
    char *target = emogi_link_target(path, &ignored);
    if (!target)
        return strdup(path);
    const char *slash = strrchr(target, '/');
    const char *base = slash ? slash + 1 : target;
    char *dir = emogi_folder_of(target);
    char *real = dir ? realpath(dir, NULL) : NULL;
    char *s = real ? malloc(strlen(real) + strlen(base) + 2) : NULL;
    if (s)
        strcat(strcat(strcpy(s, real), "/"), base);
    free(dir);
    free(real);
    if (!s)
        return target; /* the folder is missing: the write will fail anyway */
    free(target);
    return s;
}

/* stat PATH, or fstat FD for "-"; 0 when it exists. */
static int identify(const char *path, int fd, struct stat *st)
{
    return strcmp(path, "-") == 0 ? fstat(fd, st) : stat(path, st);
}

int emogi_same_file(const char *a, int fd_a, const char *b, int fd_b)
{
    struct stat sa, sb;
    int is_std_a = strcmp(a, "-") == 0, is_std_b = strcmp(b, "-") == 0;
    if (is_std_a && is_std_b && fd_a == fd_b)
        return 1;
    int have_a = identify(a, fd_a, &sa) == 0, have_b = identify(b, fd_b, &sb) == 0;
    if (have_a && have_b)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    if (have_a || have_b || is_std_a || is_std_b)
        return 0;
    char *ra = resolved_name(a), *rb = resolved_name(b);
    int same = ra && rb ? strcmp(ra, rb) == 0 : strcmp(a, b) == 0;
    free(ra);
    free(rb);
    return same;
}

int emogi_output_is_direct(const char *path)
{
    struct stat st;
    if (strcmp(path, "-") == 0 || emogi_same_file(path, STDOUT_FILENO, "-", STDOUT_FILENO))
        return 1;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}
