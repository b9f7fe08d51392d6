/* tap.h - minimal TAP output for C unit tests. */
#ifndef EMOGI_TAP_H
#define EMOGI_TAP_H
#include <stdarg.h>
#include <stdint.h>
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

/* The tests' reproducible random numbers: xorshift64, STATE not 0. */
static inline uint64_t tap_rand(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return *state = x;
}

/* qsort order of uint64_t. */
static inline int tap_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}
#endif
