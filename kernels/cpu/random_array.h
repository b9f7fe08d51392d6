/*
 * random_array.h - memory for an array the CPU kernels read at random.
 *
 * PageRank reads one contribution per in-edge at a random vertex: on
 * GAP's kron 22 that is 128 M reads a sweep spread over 16 MB, 4096
 * pages of 4 KiB, more than the TLB holds, so most reads also walk the
 * page table.  Where the kernel gives transparent huge pages on request
 * (the common "madvise" setting), asking for them puts the array on
 * 2 MiB pages, eight of them, which the TLB holds
 * (bench/journal/2026-11-24-cpu-backend-against-gap-on-a-quiet-machine.md).
 * Elsewhere the advice is ignored and the array is as malloc gives it.
 * Free it with free().  SSSP's distances, one random read an edge, gain
 * the same way (bench/journal/2026-12-07-cpu-sssp-distances-on-huge-pages.md).
 */
#ifndef EMOGI_RANDOM_ARRAY_H
#define EMOGI_RANDOM_ARRAY_H

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#define EMOGI_HUGE_PAGE (2u << 20)

/* How many reads ahead a loop over such an array prefetches.  A random
 * read here hits the last-level cache at best, and one sweep of
 * PageRank's tight loop issues its reads faster than 24 prefetches ahead
 * cover, while 96 keep up with it
 * (bench/journal/2026-11-24-cpu-backend-against-gap-every-row-ahead.md). */
#define EMOGI_RANDOM_AHEAD 96

static inline void *emogi_random_array(size_t bytes)
{
    if (bytes < EMOGI_HUGE_PAGE)
        return malloc(bytes ? bytes : 1);
    size_t round = (bytes + EMOGI_HUGE_PAGE - 1) / EMOGI_HUGE_PAGE * EMOGI_HUGE_PAGE;
    void *p = NULL;
    if (round < bytes || posix_memalign(&p, EMOGI_HUGE_PAGE, round) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    (void)madvise(p, round, MADV_HUGEPAGE); /* advice: without it the 4 KiB pages serve */
#endif
    return p;
}

/* The same advice for an array the caller allocated (a search's result):
 * its whole 2 MiB pages inside it, which take huge pages when first
 * touched after this.  Advice only, for an array of any origin. */
static inline void emogi_random_advise(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    const uintptr_t mask = (uintptr_t)EMOGI_HUGE_PAGE - 1;
    uintptr_t a = ((uintptr_t)p + mask) & ~mask, b = ((uintptr_t)p + bytes) & ~mask;
    if (b > a)
        (void)madvise((void *)a, b - a, MADV_HUGEPAGE);
#else
    (void)p, (void)bytes;
#endif
}

#endif
