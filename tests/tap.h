/* tap.h - minimal TAP output for C unit tests. */
#ifndef EMOGI_TAP_H
#define EMOGI_TAP_H
#include <stdarg.h>
#include <stdio.h>

static int tap_n, tap_failed;

static inline void plan(int n) { printf("1..%d\n", n); }

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static inline int ok(int cond, const char *fmt, ...)
{
    va_list ap;
    printf("%s %d - ", cond ? "ok" : "not ok", ++tap_n);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    if (!cond)
        tap_failed = 1;
    fflush(stdout);
    return cond;
}

static inline void skip(const char *why) { printf("ok %d # SKIP %s\n", ++tap_n, why); }
static inline int done_testing(void) { return tap_failed; }
#endif
