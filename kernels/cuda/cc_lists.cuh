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

#include "clist.cuh"
#include "common.cuh"

namespace cc_lists {

/* One 32-vertex chunk per grab, not CHUNKS: the CC kernels were measured
 * with one
 * (bench/journal/2026-11-21-re-runs-after-sharing-the-kernels-read-patterns.md),
 * and two has not been measured for them. */
constexpr unsigned CC_CHUNKS = 1;

/* One side of the adjacency: out-lists, or a directed graph's in-lists;
 * compressed lists (PACKED) are read through C instead of NB. */
template <typename T> struct side {
    const uint64_t *off;
    emogi_arr<T> nb;
    uint64_t skip;
    bool packed;
    emogi_clists c;
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

/* A warp reads [start, end) of V's list, lanes taking every 32nd entry from FIRST. */
template <typename T, typename Op>
__device__ __forceinline__ void warp_read(const emogi_arr<T> nb, const Op &op, uint64_t v,
                                          uint64_t first, uint64_t start, uint64_t end,
                                          unsigned lane, bool &changed)
{
    emogi_warp_list(first, start, end, lane, [&](uint64_t j) { return nb[j]; },
                    [&](T u) { op.edge(v, u, changed); });
}

/* V's whole list from its SKIP-th entry, read and counted. */
template <typename T, typename Op, bool ALIGNED>
__device__ __forceinline__ void read_whole(const side<T> &s, const Op &op, uint64_t v,
                                           unsigned lane, bool &changed,
                                           unsigned long long &edges, emogi_lines &lines)
{
    const uint64_t start = s.off[v] + s.skip, end = s.off[v + 1];
    if (start >= end)
        return;
    warp_read(s.nb, op, v, emogi_first_read<T, ALIGNED>(start), start, end, lane, changed);
    /* The loads begin at START: the slack from FIRST is in its line. */
    if (lane == 0) {
        edges += end - start;
        lines.add(s.nb, start, end);
    }
}

template <typename T, typename Op, bool ALIGNED>
__global__ void __launch_bounds__(BLOCK)
    read_warp(side<T> s, uint64_t nv, Op op, queue q, unsigned long long *acc)
{
    const unsigned lane = threadIdx.x & 31;
    bool changed = false;
    unsigned long long edges = 0;
    emogi_lines lines;
    emogi_warp_frontier<CC_CHUNKS>(
        q.chunk, nv, lane, [&](uint64_t v) { return op.active(v); },
        [&](uint64_t v) {
            const uint64_t start = s.off[v] + s.skip, end = s.off[v + 1];
            if (start < end &&
                q.aside.set_aside(v, end - emogi_first_read<T, ALIGNED>(start), HEAVY, lane))
                return;
            read_whole<T, Op, ALIGNED>(s, op, v, lane, changed, edges, lines);
        });
    op.finish(changed);
    add_counts(acc, edges, lines);
}

/* The long lists read_warp set aside: hubs in SEGMENT-entry pieces over
 * every warp (pieces after the first start on a 128-byte boundary), then
 * the medium lists, a whole list per grab. */
template <typename T, typename Op, bool ALIGNED>
__global__ void __launch_bounds__(BLOCK)
    read_heavy(side<T> s, Op op, queue q, unsigned long long *acc)
{
    const unsigned lane = threadIdx.x & 31;
    bool changed = false;
    unsigned long long edges = 0;
    emogi_lines lines;
    emogi_warp_pieces(
        q.aside.heavy, q.aside.hubs(),
        [&](uint64_t v, uint64_t &first, uint64_t &start, uint64_t &end) {
            start = s.off[v] + s.skip, end = s.off[v + 1];
            first = emogi_first_read<T, ALIGNED>(start);
        },
        [&](uint64_t v, uint64_t a, uint64_t start, uint64_t b) {
            warp_read(s.nb, op, v, a, start, b, lane, changed);
            if (lane == 0) {
                edges += b - (a > start ? a : start);
                lines.add(s.nb, a > start ? a : start, b);
            }
        });
    q.aside.mediums(lane, [&](uint64_t v) {
        read_whole<T, Op, ALIGNED>(s, op, v, lane, changed, edges, lines);
    });
    op.finish(changed);
    add_counts(acc, edges, lines);
}

/* ---- compressed lists (clist.cuh): one reader for every kernel ---- */

/* Blocks [K0, K1) of V's list, entries from FROM on. */
template <typename T, typename Op>
__device__ __forceinline__ void decode_read(const emogi_clists &c, emogi_cwin &win,
                                            emogi_lines &lines, const Op &op, uint64_t v,
                                            uint64_t k0, uint64_t k1, uint64_t from,
                                            unsigned lane, bool &changed)
{
    emogi_warp_clist(c, win, lines, v, k0, k1, from, true, lane,
                     [&](bool ok, uint64_t, uint64_t u) {
                         if (ok)
                             op.edge(v, (T)u, changed);
                         return false;
                     });
}

/* V's whole compressed list from its SKIP-th entry, decoded and counted. */
template <typename T, typename Op>
__device__ __forceinline__ void decode_whole(const side<T> &s, emogi_cwin &win, emogi_lines &lines,
                                             const Op &op, uint64_t v, unsigned lane,
                                             bool &changed, unsigned long long &edges)
{
    const uint64_t e0 = s.c.off[v], end = s.c.off[v + 1];
    if (e0 + s.skip >= end)
        return;
    decode_read<T>(s.c, win, lines, op, v, s.skip / 32, clist_blocks(end - e0), e0 + s.skip, lane,
                   changed);
    if (lane == 0)
        edges += end - e0 - s.skip;
}

template <typename T, typename Op>
__global__ void __launch_bounds__(BLOCK)
    read_warp_c(side<T> s, uint64_t nv, Op op, queue q, unsigned long long *acc)
{
    EMOGI_CWIN_SHARED(shared);
    emogi_cwin win(shared);
    const unsigned lane = threadIdx.x & 31;
    bool changed = false;
    unsigned long long edges = 0;
    emogi_lines lines;
    emogi_warp_frontier<CC_CHUNKS>(
        q.chunk, nv, lane, [&](uint64_t v) { return op.active(v); },
        [&](uint64_t v) {
            const uint64_t e0 = s.c.off[v], end = s.c.off[v + 1];
            if (e0 + s.skip < end && q.aside.set_aside(v, end - e0, HEAVY, lane))
                return;
            decode_whole<T>(s, win, lines, op, v, lane, changed, edges);
        });
    op.finish(changed);
    add_counts(acc, edges, lines);
}

template <typename T, typename Op>
__global__ void __launch_bounds__(BLOCK) read_heavy_c(side<T> s, Op op, queue q,
                                                      unsigned long long *acc)
{
    EMOGI_CWIN_SHARED(shared);
    emogi_cwin win(shared);
    const unsigned lane = threadIdx.x & 31;
    bool changed = false;
    unsigned long long edges = 0;
    emogi_lines lines;
    emogi_warp_pieces(
        q.aside.heavy, q.aside.hubs(),
        [&](uint64_t v, uint64_t &first, uint64_t &start, uint64_t &end) {
            first = s.c.off[v], start = first + s.skip, end = s.c.off[v + 1];
        },
        [&](uint64_t v, uint64_t a, uint64_t start, uint64_t b) {
            uint64_t k0, k1;
            const uint64_t e0 = s.c.off[v];
            clist_piece_blocks(e0, a, b, &k0, &k1);
            decode_read<T>(s.c, win, lines, op, v, k0, k1, start, lane, changed);
            if (lane == 0)
                edges += b - (a > start ? a : start);
        });
    q.aside.mediums(lane, [&](uint64_t v) {
        decode_whole<T>(s, win, lines, op, v, lane, changed, edges);
    });
    op.finish(changed);
    add_counts(acc, edges, lines);
}

} // namespace cc_lists

#endif
