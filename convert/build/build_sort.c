/*
 * build_sort.c - sorting one neighbour list, and the small pure helpers
 * (weight keys, random weights) that the builder applies per edge.
 *
 * Lists are sorted independently by many threads at once, so the sort is
 * in place and allocation-free: introsort (median-of-three quicksort that
 * falls back to heapsort past 2 log2 n levels, so a hub of a skewed graph
 * can never go quadratic) finished by insertion sort on short runs, which
 * is also all that the many short lists of a power-law graph ever need.
 */
#include <math.h>
#include <string.h>

#include "build.h"

#define INSERTION_MAX 24

#define DEFINE_SORT(NAME, T)                                                                 \
    static void NAME##_insertion(T *a, uint64_t n)                                           \
    {                                                                                        \
        for (uint64_t i = 1; i < n; i++) {                                                   \
            T x = a[i];                                                                      \
            uint64_t j = i;                                                                  \
            while (j > 0 && a[j - 1] > x) {                                                  \
                a[j] = a[j - 1];                                                             \
                j--;                                                                         \
            }                                                                                \
            a[j] = x;                                                                        \
        }                                                                                    \
    }                                                                                        \
    static void NAME##_sift(T *a, uint64_t root, uint64_t n)                                 \
    {                                                                                        \
        T x = a[root];                                                                       \
        for (uint64_t c; (c = 2 * root + 1) < n; root = c) {                                 \
            if (c + 1 < n && a[c + 1] > a[c])                                                \
                c++;                                                                         \
            if (!(a[c] > x))                                                                 \
                break;                                                                       \
            a[root] = a[c];                                                                  \
        }                                                                                    \
        a[root] = x;                                                                         \
    }                                                                                        \
    static void NAME##_heapsort(T *a, uint64_t n)                                            \
    {                                                                                        \
        for (uint64_t i = n / 2; i-- > 0;)                                                   \
            NAME##_sift(a, i, n);                                                            \
        for (uint64_t i = n; i-- > 1;) {                                                     \
            T t = a[0];                                                                      \
            a[0] = a[i];                                                                     \
            a[i] = t;                                                                        \
            NAME##_sift(a, 0, i);                                                            \
        }                                                                                    \
    }                                                                                        \
    static T NAME##_median3(T x, T y, T z)                                                   \
    {                                                                                        \
        if (x > y) {                                                                         \
            T t = x;                                                                         \
            x = y;                                                                           \
            y = t;                                                                           \
        }                                                                                    \
        return z < x ? x : z > y ? y : z;                                                    \
    }                                                                                        \
    static void NAME##_intro(T *a, uint64_t n, int depth)                                    \
    {                                                                                        \
        while (n > INSERTION_MAX) {                                                          \
            if (depth-- == 0) {                                                              \
                NAME##_heapsort(a, n);                                                       \
                return;                                                                      \
            }                                                                                \
            T p = NAME##_median3(a[0], a[n / 2], a[n - 1]);                                  \
            uint64_t i = 0, j = n - 1;                                                       \
            for (;;) { /* Hoare partition: both sides stop on equal keys */                  \
                while (a[i] < p)                                                             \
                    i++;                                                                     \
                while (a[j] > p)                                                             \
                    j--;                                                                     \
                if (i >= j)                                                                  \
                    break;                                                                   \
                T t = a[i];                                                                  \
                a[i++] = a[j];                                                               \
                a[j--] = t;                                                                  \
            }                                                                                \
            /* recurse into the smaller part, loop on the larger */                          \
            uint64_t left = j + 1;                                                           \
            if (left < n - left) {                                                           \
                NAME##_intro(a, left, depth);                                                \
                a += left;                                                                   \
                n -= left;                                                                   \
            } else {                                                                         \
                NAME##_intro(a + left, n - left, depth);                                     \
                n = left;                                                                    \
            }                                                                                \
        }                                                                                    \
        NAME##_insertion(a, n);                                                              \
    }                                                                                        \
    void NAME(T *a, uint64_t n)                                                              \
    {                                                                                        \
        int depth = 0;                                                                       \
        for (uint64_t m = n; m > 1; m >>= 1)                                                 \
            depth += 2;                                                                      \
        NAME##_intro(a, n, depth);                                                           \
    }

DEFINE_SORT(sort_u32, uint32_t)
DEFINE_SORT(sort_u64, uint64_t)

/* splitmix64's finaliser: a bijective 64-bit mix with full avalanche. */
static uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

uint32_t random_weight(uint64_t seed, uint64_t u, uint64_t v, uint32_t lo, uint32_t hi)
{
    uint64_t a = u < v ? u : v, b = u < v ? v : u;
    uint64_t h = mix64(mix64(mix64(seed ^ 0x5eed5eed5eedull) ^ a) + b);
    uint64_t range = (uint64_t)hi - lo + 1; /* 1 .. 2^32 */
    return lo + (uint32_t)(((h >> 32) * range) >> 32);
}

/* Negative floats have the sign bit set and order backwards as integers:
 * flipping all their bits, and only the sign bit of the rest, makes
 * unsigned integer order equal float order. */
uint32_t float_key(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return (b & 0x80000000u) ? ~b : b | 0x80000000u;
}

float float_from_key(uint32_t k)
{
    uint32_t b = (k & 0x80000000u) ? k & 0x7fffffffu : ~k;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* Keys come ascending, so max is the last; a float32 sum adds the
 * smallest first, so both directions of an undirected edge get the same
 * sum (out of core, each run's partial sums are added in their order). */
int combine_keys(enum build_combine how, int real, uint32_t *acc, uint32_t key)
{
    if (how == COMBINE_MIN || how == COMBINE_FIRST) /* *acc came first */
        return 0;
    if (how == COMBINE_MAX) {
        *acc = key;
        return 0;
    }
    if (!real) {
        if (key > UINT32_MAX - *acc)
            return -1;
        *acc += key;
        return 0;
    }
    float sum = float_from_key(*acc) + float_from_key(key);
    if (!isfinite(sum))
        return -1;
    *acc = float_key(sum);
    return 0;
}

/*
 * LSD radix sort, 8 bits a pass over the BITS low bits, for the long lists
 * of hubs: linear where introsort is n log n, and the buffer is the sort
 * block's scratch, idle by then.  A pass whose digit is the same for every
 * element is skipped, so small id ranges cost fewer passes.
 */
#define DEFINE_RADIX(NAME, T)                                                                \
    void NAME(T *a, T *tmp, uint64_t n, int bits)                                            \
    {                                                                                        \
        T *from = a, *to = tmp;                                                              \
        for (int shift = 0; shift < bits; shift += 8) {                                      \
            uint64_t count[256] = {0};                                                       \
            for (uint64_t i = 0; i < n; i++)                                                 \
                count[(from[i] >> shift) & 255]++;                                           \
            if (count[(from[0] >> shift) & 255] == n)                                        \
                continue;                                                                    \
            for (uint64_t d = 0, run = 0; d < 256; d++) {                                    \
                uint64_t k = count[d];                                                       \
                count[d] = run;                                                              \
                run += k;                                                                    \
            }                                                                                \
            for (uint64_t i = 0; i < n; i++)                                                 \
                to[count[(from[i] >> shift) & 255]++] = from[i];                             \
            T *t = from;                                                                     \
            from = to;                                                                       \
            to = t;                                                                          \
        }                                                                                    \
        if (from != a)                                                                       \
            memcpy(a, from, n * sizeof(T));                                                  \
    }

DEFINE_RADIX(radix_sort_u32, uint32_t)
DEFINE_RADIX(radix_sort_u64, uint64_t)
