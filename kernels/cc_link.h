/*
 * cc_link.h - the union-find steps of Afforest (kernels/cpu/cc.c),
 * shared with the MPI ranks' components (dist/cc.c): labels of
 * 4 or 8 bytes (W, a constant where the callers inline them), GAP's link
 * that hooks the larger root under the smaller, so that every root is
 * the smallest id of its tree, a sampling round over a range of
 * vertices, the flattening, and the sampled most frequent label.
 */
#ifndef EMOGI_CC_LINK_H
#define EMOGI_CC_LINK_H

#include <stdbool.h>
#include <stdint.h>

#define EMOGI_CC_INLINE static inline __attribute__((always_inline))
#define EMOGI_CC_CHUNK 16384 /* GAP's dynamic schedule for the link loops */
#define EMOGI_CC_SAMPLES 1024 /* GAP's SampleFrequentElement */

EMOGI_CC_INLINE uint64_t emogi_cc_get(const void *a, uint64_t i, unsigned w)
{
    return w == 4 ? __atomic_load_n(&((const uint32_t *)a)[i], __ATOMIC_RELAXED)
                  : __atomic_load_n(&((const uint64_t *)a)[i], __ATOMIC_RELAXED);
}

EMOGI_CC_INLINE void emogi_cc_put(void *a, uint64_t i, uint64_t v, unsigned w)
{
    if (w == 4)
        __atomic_store_n(&((uint32_t *)a)[i], (uint32_t)v, __ATOMIC_RELAXED);
    else
        __atomic_store_n(&((uint64_t *)a)[i], v, __ATOMIC_RELAXED);
}

EMOGI_CC_INLINE bool emogi_cc_cas(void *a, uint64_t i, uint64_t old, uint64_t new_, unsigned w)
{
    if (w == 4) {
        uint32_t o = (uint32_t)old;
        return __atomic_compare_exchange_n(&((uint32_t *)a)[i], &o, (uint32_t)new_, false,
                                           __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    }
    return __atomic_compare_exchange_n(&((uint64_t *)a)[i], &old, new_, false, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED);
}

/* Ids of the iteration EMOGI_CC_PREFETCH ahead are already known, their
 * labels are far apart in memory: asking for them early overlaps the
 * cache misses that otherwise serialise the sampling and flattening loops
 * (bench/journal/2026-11-21-cpu-connected-components-against-gap.md; any
 * distance from 8 to 64 ahead serves alike). */
#define EMOGI_CC_PREFETCH 16

EMOGI_CC_INLINE void emogi_cc_prefetch(const void *a, uint64_t i, unsigned w)
{
    __builtin_prefetch((const char *)a + i * w, 1);
}

/* GAP's Link: walk both sides up and hook the higher root under the lower. */
EMOGI_CC_INLINE void emogi_cc_link(void *comp, uint64_t u, uint64_t v, unsigned w)
{
    uint64_t p1 = emogi_cc_get(comp, u, w), p2 = emogi_cc_get(comp, v, w);
    while (p1 != p2) {
        uint64_t high = p1 > p2 ? p1 : p2, low = p1 + p2 - high;
        uint64_t p_high = emogi_cc_get(comp, high, w);
        if (p_high == low || (p_high == high && emogi_cc_cas(comp, high, high, low, w)))
            break;
        p1 = emogi_cc_get(comp, emogi_cc_get(comp, high, w), w);
        p2 = emogi_cc_get(comp, low, w);
    }
}

/*
 * Afforest's sampling round R over vertices [LO, HI): each is linked with
 * entry R of its plain list, OFF and NBR holding the lists of vertices
 * FIRST.. (IW-byte ids), the labels asked for EMOGI_CC_PREFETCH vertices
 * ahead.  The single process (kernels/cpu/cc.c) runs it over all
 * vertices, an MPI rank (dist/cc.c) over its range.  An
 * orphaned omp for without its closing barrier; returns the links this
 * thread made.
 */
EMOGI_CC_INLINE uint64_t emogi_cc_sample(const uint64_t *off, const void *nbr, uint64_t first,
                                         uint64_t lo, uint64_t hi, void *comp, uint64_t r,
                                         unsigned iw, unsigned w)
{
    uint64_t n = 0;
#pragma omp for schedule(dynamic, EMOGI_CC_CHUNK) nowait
    for (uint64_t u = lo; u < hi; u++) {
        const uint64_t *o = off + (u - first);
        if (u + EMOGI_CC_PREFETCH < hi && o[EMOGI_CC_PREFETCH] + r < o[EMOGI_CC_PREFETCH + 1])
            emogi_cc_prefetch(comp, emogi_cc_get(nbr, o[EMOGI_CC_PREFETCH] + r, iw), w);
        if (o[0] + r < o[1]) {
            emogi_cc_link(comp, u, emogi_cc_get(nbr, o[0] + r, iw), w);
            n++;
        }
    }
    return n;
}

/* Every label to its root; run by every thread of a parallel region (an
 * orphaned omp for), or by one thread outside any. */
EMOGI_CC_INLINE void emogi_cc_compress(void *comp, uint64_t nv, unsigned w)
{
#pragma omp for schedule(dynamic, EMOGI_CC_CHUNK)
    for (uint64_t n = 0; n < nv; n++) {
        if (n + EMOGI_CC_PREFETCH < nv)
            emogi_cc_prefetch(comp, emogi_cc_get(comp, n + EMOGI_CC_PREFETCH, w), w);
        uint64_t c = emogi_cc_get(comp, n, w);
        while (c != emogi_cc_get(comp, c, w))
            c = emogi_cc_get(comp, c, w);
        emogi_cc_put(comp, n, c, w);
    }
}

/* The most frequent label among EMOGI_CC_SAMPLES random vertices (splitmix64, fixed
 * seed: the choice only saves work, never changes the answer). */
static inline uint64_t emogi_cc_frequent_label(const void *comp, uint64_t nv, unsigned w)
{
    uint64_t pick[EMOGI_CC_SAMPLES], x = 0x9e3779b97f4a7c15ull, best = 0;
    unsigned best_n = 0;
    for (unsigned i = 0; i < EMOGI_CC_SAMPLES; i++) {
        uint64_t z = (x += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        pick[i] = emogi_cc_get(comp, (z ^ (z >> 31)) % nv, w);
    }
    /* 1024 entries: a quadratic count costs little and needs no map. */
    for (unsigned i = 0; i < EMOGI_CC_SAMPLES; i++) {
        unsigned n = 0;
        for (unsigned j = 0; j < EMOGI_CC_SAMPLES; j++)
            n += pick[j] == pick[i];
        if (n > best_n) {
            best_n = n;
            best = pick[i];
        }
    }
    return best;
}

#endif
