/*
 * cc_lists.cuh - EMOGI's three ways for GPU threads to read the neighbour
 * lists of the active vertices, for the connected-components kernels
 * (cc.cu).  What a vertex does with each neighbour is an Op:
 *
 *   bool active(v)            read v's list this launch?
 *   void edge(v, u, changed)  the edge v-u, read from the list
 *
 * The access patterns are those of kernels/cuda/bfs.cu (see its comment
 * for the measurements): naive, a thread per vertex; merged, a warp per
 * vertex, lanes striding by 32; aligned, merged with the start moved down
 * to the 128-byte boundary, lanes before the true start idle.  As there,
 * the warp kernels take chunks in ascending order and find their active
 * vertices with one ballot, keep UNROLL loads in flight per lane, and set
 * lists longer than HEAVY aside for a pieces launch, and those longer than
 * MEDIUM to be read whole after the pieces (common.cuh says why).
 *
 * A list may skip its first SKIP entries (Afforest's final round skips
 * those its sampling rounds linked).  Every kernel adds the entries it
 * read to acc[0], and the 128-byte lines its reads requested, in device
 * memory and over the link (common.cuh: emogi_lines), to acc[1] and
 * acc[2]: counted where the read is issued, by lane 0 of the warp that
 * reads a list, by each piece for its own range, by each naive thread
 * for its own list.
 */
#ifndef EMOGI_CC_LISTS_CUH
#define EMOGI_CC_LISTS_CUH

#include <stdint.h>

#include "common.cuh"
#include "reader.cuh"

namespace cc_lists {

/* One 32-vertex chunk per grab, not CHUNKS: the CC kernels were measured
 * with one
 * (bench/journal/2026-11-21-re-runs-after-sharing-the-kernels-read-patterns.md),
 * and two has not been measured for them. */
constexpr unsigned CC_CHUNKS = 1;

/* One side of the adjacency: out-lists, or a directed graph's in-lists,
 * as placed (P: compressed or plain), read from each list's SKIP-th entry;
 * the naive kernel reads plain lists through OFF and NB. */
template <typename T> struct side {
    const uint64_t *off;
    emogi_arr<T> nb;
    uint64_t skip;
    const emogi_placed *p;
};

/* What the warp kernels share: the next chunk, and the lists set aside. */
struct queue {
    unsigned long long *chunk;
    emogi_aside aside;
};

/* Sum a thread's entries over its warp, lane 0 adding them to ACC[0],
 * and its lines to ACC[1] and ACC[2].  Every lane must call. */
__device__ __forceinline__ void add_counts(unsigned long long *acc, unsigned long long edges,
                                           emogi_lines &lines)
{
    for (int d = 16; d > 0; d /= 2)
        edges += __shfl_down_sync(FULL, edges, d);
    if ((threadIdx.x & 31) == 0 && edges)
        atomicAdd(&acc[0], edges);
    lines.flush(&acc[1]);
}

template <typename T, typename Op>
__global__ void __launch_bounds__(BLOCK)
    read_naive(side<T> s, uint64_t nv, Op op, unsigned long long *acc)
{
    bool changed = false;
    unsigned long long edges = 0;
    emogi_lines lines;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < nv; v += stride) {
        if (!op.active(v))
            continue;
        const uint64_t end = s.off[v + 1];
        const uint64_t start = s.off[v] + s.skip;
        for (uint64_t i = start; i < end; i++)
            op.edge(v, s.nb[i], changed);
        edges += start < end ? end - start : 0;
        lines.add(s.nb, start, end);
    }
    op.finish(changed);
    add_counts(acc, edges, lines);
}

/* Entries [A, B) of V's list from START, read by the warp (reader.cuh)
 * and counted. */
template <typename R, typename Op>
__device__ __forceinline__ void warp_read(const R &r, typename R::warp &w, const Op &op,
                                          uint64_t v, uint64_t a, uint64_t start, uint64_t b,
                                          unsigned lane, bool &changed,
                                          unsigned long long &edges, emogi_lines &lines)
{
    r.read(w, lines, v, a, start, b, lane, emogi_no_load,
           [&](typename R::id u, emogi_nothing) { op.edge(v, u, changed); });
    if (lane == 0)
        edges += b - (a > start ? a : start);
}

template <typename Op, typename R>
__global__ void __launch_bounds__(BLOCK)
    read_warp(const R r, uint64_t skip, uint64_t nv, Op op, queue q, unsigned long long *acc)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    bool changed = false;
    unsigned long long edges = 0;
    emogi_lines lines;
    auto each = [&](uint64_t v, uint64_t a, uint64_t start, uint64_t b) {
        warp_read(r, w, op, v, a, start, b, lane, changed, edges, lines);
    };
    emogi_warp_frontier<CC_CHUNKS>(
        q.chunk, nv, lane, [&](uint64_t v) { return op.active(v); },
        [&](uint64_t v) {
            if (r.off[v] + skip < r.off[v + 1] &&
                q.aside.set_aside(v, emogi_span(r, v, skip), HEAVY, lane))
                return;
            emogi_whole(r, v, skip, each);
        });
    op.finish(changed);
    add_counts(acc, edges, lines);
}

/* The long lists read_warp set aside: hubs in SEGMENT-entry pieces over
 * every warp (pieces after the first start on a 128-byte boundary), then
 * the medium lists, a whole list per grab. */
template <typename Op, typename R>
__global__ void __launch_bounds__(BLOCK)
    read_heavy(const R r, uint64_t skip, Op op, queue q, unsigned long long *acc)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    bool changed = false;
    unsigned long long edges = 0;
    emogi_lines lines;
    emogi_aside_read(q.aside, r, skip, lane, [&](uint64_t v, uint64_t a, uint64_t start, uint64_t b) {
        warp_read(r, w, op, v, a, start, b, lane, changed, edges, lines);
    });
    op.finish(changed);
    add_counts(acc, edges, lines);
}

} // namespace cc_lists

#endif
