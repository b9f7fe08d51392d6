/* error.c - the one way library code reports a failure, and the one clock. */
#include <stdarg.h>
#include <stdio.h>
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
