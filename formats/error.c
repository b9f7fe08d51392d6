/* error.c - the one way library code reports a failure. */
#include <stdarg.h>
#include <stdio.h>

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
