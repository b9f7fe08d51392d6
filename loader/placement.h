/*
 * placement.h - loader internals shared by the CUDA build, the CPU-only
 * build and the unit tests.  The decisions (what fits, what to refuse)
 * are plain functions of byte counts so that tests can exercise them
 * without a GPU.
 */
#ifndef EMOGI_PLACEMENT_H
#define EMOGI_PLACEMENT_H

#include <stddef.h>
#include <stdint.h>

#include "emogi_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Device memory kept free beyond what a placement asks for: a tenth of
 * the free memory, at least 256 MiB (CUDA contexts, kernels' own needs). */
uint64_t emogi_place_headroom(uint64_t free_bytes);

/* Whether NEED bytes fit into FREE_BYTES of device memory less headroom. */
int emogi_place_fits(uint64_t need, uint64_t free_bytes);

/* EMOGI_MEM_DEVICE when NEED (edges + offsets + kernel state) fits, else
 * EMOGI_MEM_ZEROCOPY. */
enum emogi_mem emogi_place_auto(uint64_t need, uint64_t free_bytes);

/*
 * Refuse a managed allocation that would oversubscribe the GPU: UVM past
 * device memory thrashes and, on a shared GPU, can stall every context.
 * MANAGED is the managed bytes, OTHER what lives in device memory beside
 * it.  0 when it fits, else -1 and a message naming the figures.
 */
int emogi_place_uvm_check(uint64_t managed, uint64_t other, uint64_t free_bytes,
                          const char *path, emogi_error *err);

/* Bytes rounded up to a multiple of PAGE (a power of two). */
static inline uint64_t emogi_round_up(uint64_t bytes, uint64_t page)
{
    return (bytes + page - 1) & ~(page - 1);
}

/* Read LEN bytes at P into memory (madvise WILLNEED, then one byte a page
 * touched in parallel) so that later pinning or copying does not wait on
 * the disk one fault at a time.  Returns the seconds it took. */
double emogi_page_cache_load(const void *p, size_t len);

/* Copy LEN bytes in parallel: filling managed or pinned buffers from the
 * mapping is bound by page faults, which a single thread serialises. */
void emogi_parallel_copy(void *dst, const void *src, size_t len);

#ifdef __cplusplus
}
#endif
#endif
