/* error.c - the one way library code reports a failure, the one clock,
 * and the one lookup of an enum's spellings. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "emogi_csr.h"

int emogi_fail(emogi_error *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

double emogi_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

const char *emogi_name_of(const char *const *names, unsigned n, unsigned i)
{
    return i < n && names[i] ? names[i] : "unknown";
}

int emogi_name_find(const char *const *names, unsigned n, const char *s)
{
    for (unsigned i = 0; i < n; i++)
        if (names[i] && strcmp(s, names[i]) == 0)
            return (int)i;
    return -1;
}
