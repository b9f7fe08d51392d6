/*
 * warp_frontier.cuh - how the frontier kernels (BFS, SSSP, CC) hand active
 * vertices to warps and set long lists aside; common.cuh says why.
 *
 * A warp takes chunks of 32 x CHUNKS vertex ids from a counter; one
 * coalesced load and a ballot find a chunk's active vertices, which the
 * warp then serves one at a time, so a small frontier does not cost a
 * warp-wide step per vertex.  A list longer than HEAVY entries is
 * queued instead, and a second launch (emogi_warp_pieces) cuts the queued
 * lists into SEGMENT-entry pieces spread over every warp.
 */
#ifndef EMOGI_WARP_FRONTIER_CUH
#define EMOGI_WARP_FRONTIER_CUH

#include <stdint.h>

#include "common.cuh"

/* SERVE(u) for every u < NV with ACTIVE(u), all lanes together, taking
 * NCHUNKS chunks per grab (CHUNKS unless a kernel says otherwise). */
template <unsigned NCHUNKS, typename Active, typename Serve>
__device__ __forceinline__ void emogi_warp_frontier(unsigned long long *next_chunk, uint64_t nv,
                                                    unsigned lane, Active active, Serve serve)
{
    for (;;) {
        unsigned long long c = 0;
        if (lane == 0)
            c = atomicAdd(next_chunk, 1ull);
        const uint64_t grab = 32ull * NCHUNKS * (uint64_t)__shfl_sync(FULL, c, 0);
        if (grab >= nv)
            break;
        for (uint64_t base = grab; base < grab + 32ull * NCHUNKS && base < nv; base += 32) {
            const uint64_t v = base + lane;
            unsigned todo = __ballot_sync(FULL, v < nv && active(v));
            while (todo) {
                const uint64_t u = base + (__ffs(todo) - 1);
                todo &= todo - 1;
                serve(u);
            }
        }
    }
}

/* Slots a queue of long lists needs for a graph of NE edges: a launch
 * queues a list at most once, and only one longer than HEAVY - 31 entries
 * (its warp read starts up to 31 entries early), so this many cannot run
 * out. */
static inline uint64_t emogi_heavy_cap(uint64_t ne)
{
    return ne / (HEAVY / 2) + 1;
}

/* Queue U's list for the pieces launch; false when the queue is full, and
 * the warp then reads the list itself.  All lanes call. */
__device__ __forceinline__ bool emogi_set_aside(unsigned long long *queued, uint64_t *queue,
                                                uint64_t cap, uint64_t u, unsigned lane)
{
    unsigned long long slot = 0;
    if (lane == 0)
        slot = atomicAdd(queued, 1ull);
    slot = __shfl_sync(FULL, slot, 0);
    if (slot >= cap)
        return false;
    if (lane == 0)
        queue[slot] = u;
    return true;
}

/*
 * The pieces launch: RANGE(u, first, start, end) gives a queued list's
 * entries [start, end) and where its warp read begins; pieces of SEGMENT
 * entries from FIRST (so those after the first start on a 128-byte
 * boundary) go round every warp of the grid as READ(u, a, start, b).
 */
template <typename Range, typename Read>
__device__ __forceinline__ void emogi_warp_pieces(const uint64_t *queue, uint64_t n, Range range,
                                                  Read read)
{
    const uint64_t warp = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) / 32;
    const uint64_t nwarps = (uint64_t)gridDim.x * blockDim.x / 32;
    for (uint64_t q = 0; q < n; q++) {
        const uint64_t u = queue[q];
        uint64_t first, start, end;
        range(u, first, start, end);
        const uint64_t pieces = (end - first + SEGMENT - 1) / SEGMENT;
        for (uint64_t i = warp; i < pieces; i += nwarps) {
            const uint64_t a = first + i * SEGMENT;
            const uint64_t b = a + SEGMENT < end ? a + SEGMENT : end;
            read(u, a, start, b);
        }
    }
}

#endif
