/*
 * tool_input.c - result arrays read back whole, size checked first.
 *
 * A regular file's size is known before reading, so a wrong-sized file
 * fails without allocating for it; a pipe is read up to one byte past the
 * expected size, which is enough to know it is too long.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool_input.h"

const char *tool_input_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "standard input" : path;
}

/* Read up to LEN bytes; *got is what arrived before end of file. */
static int read_upto(int fd, char *buf, size_t len, size_t *got)
{
    *got = 0;
    while (*got < len) {
        ssize_t r = read(fd, buf + *got, len - *got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        *got += (size_t)r;
    }
    return 0;
}

static int wrong_size(const char *name, unsigned long long have, unsigned width, uint64_t n,
                      const char *more, emogi_error *err)
{
    return emogi_fail(err, "%s: %s%llu bytes, expected %llu (%u bytes for each of %llu vertices)",
                      name, more, have, (unsigned long long)(width * n), width,
                      (unsigned long long)n);
}

int tool_read_array(const char *path, unsigned width, uint64_t n, void **out, emogi_error *err)
{
    const char *name = tool_input_name(path);
    int is_stdin = strcmp(path, "-") == 0;
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
    if (fd < 0)
        return emogi_fail(err, "%s: %s", name, strerror(errno));
    size_t want = (size_t)(width * n);
    struct stat sb;
    int rc = -1;
    char *buf = NULL;
    size_t got;
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && (uint64_t)sb.st_size != want)
        wrong_size(name, (unsigned long long)sb.st_size, width, n, "", err);
    else if (!(buf = malloc(want + 1)))
        emogi_fail(err, "%s: out of memory for %llu bytes", name, (unsigned long long)want);
    else if (read_upto(fd, buf, want + 1, &got) < 0)
        emogi_fail(err, "%s: %s", name, strerror(errno));
    else if (got != want)
        wrong_size(name, (unsigned long long)(got > want ? want : got), width, n,
                   got > want ? "more than " : "", err);
    else
        rc = 0;
    if (!is_stdin)
        close(fd);
    if (rc < 0)
        free(buf);
    else
        *out = buf;
    return rc;
}
