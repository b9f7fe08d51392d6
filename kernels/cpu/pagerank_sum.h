/*
 * pagerank_sum.h - the Jacobi iteration's in-sum over a plain list, the
 * loop most of PageRank's time goes to, shared by the single process
 * (kernels/cpu/pagerank.c) and the MPI ranks (dist/pagerank.c),
 * whose ranks are the single process's to the bit: the same additions in
 * the same order.  Contributions are read at random, one per in-edge; the
 * one EMOGI_RANDOM_AHEAD entries ahead is prefetched (random_array.h).
 * Called with a constant id width W and store F32, so that each variant
 * is a loop of its own
 * (bench/journal/2026-11-24-cpu-backend-against-gap-every-row-ahead.md).
 */
#ifndef EMOGI_PAGERANK_SUM_H
#define EMOGI_PAGERANK_SUM_H

#include <stdint.h>

#include "random_array.h"

/* Contributions C (float with F32, else double) of the ids NBR[A, B)
 * (W bytes each) summed in list order; ids are read ahead up to NE. */
static inline __attribute__((always_inline)) double
emogi_pagerank_sum_plain(const void *nbr, unsigned w, const void *c, int f32, uint64_t a,
                         uint64_t b, uint64_t ne)
{
    const uint32_t *n4 = nbr;
    const uint64_t *n8 = nbr;
    double sum = 0;
    for (uint64_t e = a; e < b; e++) {
        if (e + EMOGI_RANDOM_AHEAD < ne) {
            uint64_t u = w == 4 ? n4[e + EMOGI_RANDOM_AHEAD] : n8[e + EMOGI_RANDOM_AHEAD];
            __builtin_prefetch(f32 ? (const void *)((const float *)c + u)
                                   : (const void *)((const double *)c + u));
        }
        uint64_t u = w == 4 ? n4[e] : n8[e];
        sum += f32 ? (double)((const float *)c)[u] : ((const double *)c)[u];
    }
    return sum;
}

#endif
