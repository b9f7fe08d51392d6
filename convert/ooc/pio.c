/*
 * pio.c - whole writes at an offset, for the run, spool and names files.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "pio.h"

int ooc_pwrite(int fd, const void *buf, size_t len, uint64_t off, const char *what,
               emogi_error *err)
{
    const char *p = buf;
    while (len > 0) {
        size_t n = len > ((size_t)1 << 30) ? ((size_t)1 << 30) : len;
        ssize_t w = pwrite(fd, p, n, (off_t)off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return emogi_fail(err, "%s: write failed at byte %llu: %s", what,
                              (unsigned long long)off, w < 0 ? strerror(errno) : "no progress");
        p += w;
        off += (uint64_t)w;
        len -= (size_t)w;
    }
    return 0;
}
