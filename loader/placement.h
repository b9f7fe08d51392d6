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

/* What a placement may take of the GPU in all: FREE_BYTES less headroom,
 * and no more than CAP (--gpu-memory) unless CAP is 0. */
uint64_t emogi_place_budget_bytes(uint64_t free_bytes, uint64_t cap);

/* The figures a placement is decided from.  The edge arrays (neighbours,
 * weights, a transpose's neighbours placed beside them) share one split,
 * so EDGE_BYTES is their bytes per edge index together. */
struct emogi_budget {
    uint64_t free_bytes;  /* device memory free at placement (cudaMemGetInfo) */
    uint64_t cap;         /* --gpu-memory; 0: none */
    uint64_t fixed_bytes; /* in device memory under any policy: offsets, kernel state,
                             a transpose's offsets */
    uint64_t edge_bytes;  /* per edge index, over every edge array */
    uint64_t ne;          /* entries in each edge array */
};

/* The entries of each edge array that fit in device memory beside the
 * fixed bytes: NE when all do, else a multiple of 32 (whole 128-byte
 * lines of 4- and 8-byte entries), 0 when nothing does. */
uint64_t emogi_place_hybrid_split(const struct emogi_budget *b);

/*
 * The heads rule's choice of lines: for an array of N entries, PER_LINE
 * a 128-byte line, whose lists start at OFF[0..NV], set in BITS (one bit
 * per line, zeroed by the caller) each non-empty list's first line in
 * vertex order, then the unset lines in line order, until BUDGET lines
 * are set.  Returns how many were.
 */
uint64_t emogi_hybrid_heads(const uint64_t *off, uint64_t nv, uint64_t n, unsigned per_line,
                            uint64_t budget, uint64_t *bits);

/* Bytes of the heads rule's line bitmap and ranks for N entries of WIDTH
 * bytes, which the rule keeps in device memory beside the lines. */
uint64_t emogi_hybrid_heads_meta(uint64_t n, unsigned width);

/* The lines the heads rule places for a split of SPLIT of those entries:
 * the room they take, less the bitmap and ranks, in whole lines; 0 when
 * that leaves none (the rule then places nothing in device memory). */
uint64_t emogi_hybrid_heads_room(uint64_t n, unsigned width, uint64_t split);

/* Whether the heads rule, given a split of SPLIT entries of WIDTH bytes
 * (the room emogi_place_hybrid_split found), places the first line of
 * every non-empty list of the N entries whose lists start at OFF[0..NV]
 * in device memory; true when SPLIT >= N.  Where it does not, later
 * vertices' heads are read over the link, as in zero-copy placement. */
int emogi_hybrid_heads_all(const uint64_t *off, uint64_t nv, uint64_t n, unsigned width,
                           uint64_t split);

/* Whether a hybrid split of SPLIT of those entries should make room for
 * first ids (emogi_lists_firsts) beside its lines: where its rule (HEADS:
 * the heads rule, else the prefix rule) leaves some lists' first lines
 * over the link, and SPLIT is at least four entries a vertex, so that the
 * ids, one entry a vertex, would take at most a quarter of the room. */
int emogi_hybrid_wants_firsts(const uint64_t *off, uint64_t nv, uint64_t n, unsigned width,
                              int heads, uint64_t split);

/*
 * The placement of policy ASKED under B: *MEM (never AUTO) and *SPLIT,
 * the entries of each edge array in device memory.  Auto: device when
 * everything fits, else hybrid.  Refused (-1, a message naming PATH and
 * the figures): a cap below the fixed bytes; uvm that does not fit (an
 * oversubscribed GPU thrashes, and can stall every context on it); device
 * that does not fit a cap (uncapped, cudaMalloc decides).
 */
int emogi_place_decide(const struct emogi_budget *b, enum emogi_mem asked, const char *path,
                       enum emogi_mem *mem, uint64_t *split, emogi_error *err);

/*
 * A compressed direction placed as 4-byte words (WORDS of them) beside
 * edge arrays split at SPLIT of NE entries: the words that go to device
 * memory, the same share of them as SPLIT is of NE, which stays within
 * the room SPLIT x emogi_edge_bytes that the budget counted (that rounds
 * an edge's bytes up).  All WORDS when SPLIT is NE, else a multiple of
 * 32 (whole 128-byte lines).
 */
uint64_t emogi_place_words_split(uint64_t split, uint64_t ne, uint64_t words);

/* Bytes rounded up to a multiple of PAGE (a power of two). */
static inline uint64_t emogi_round_up(uint64_t bytes, uint64_t page)
{
    return (bytes + page - 1) & ~(page - 1);
}

/* Read LEN bytes at P into memory (madvise WILLNEED, then one byte a page
 * touched in parallel) so that later pinning or copying does not wait on
 * the disk one fault at a time.  Returns the time spent, in seconds. */
double emogi_page_cache_load(const void *p, size_t len);

/* Copy LEN bytes in parallel: filling managed or pinned buffers from the
 * mapping is bound by page faults, which a single thread serialises. */
void emogi_parallel_copy(void *dst, const void *src, size_t len);

#ifdef __cplusplus
}
#endif
#endif
