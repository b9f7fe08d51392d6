/*
 * bfs_pull.cuh - a bottom-up BFS warp's test of in-lists against the
 * frontier bitmap, shared by the single GPU's search (bfs.cu, whose
 * opening comment says why lines are held and widened) and a GPU rank's
 * (dist_bfs.cu), so that both read the link alike; with it the count
 * of what a search reached, which both report.
 *
 * The frontier is a bitmap of 32-bit words (bit v & 31 of word v >> 5);
 * a bitmap of 64-bit words on a little-endian GPU is the same bytes.
 */
#ifndef EMOGI_CUDA_BFS_PULL_CUH
#define EMOGI_CUDA_BFS_PULL_CUH

#include "common.cuh"
#include "emogi_bfs.h"
#include "reader.cuh"

namespace {

__device__ __forceinline__ bool test_bit(const uint32_t *bm, uint64_t v)
{
    return (bm[v >> 5] >> (v & 31)) & 1u;
}

/* Sum X over the warp; lane 0 adds it to *ACC when not zero. */
__device__ __forceinline__ void warp_add(unsigned long long *acc, unsigned long long x)
{
    for (int d = 16; d > 0; d /= 2)
        x += __shfl_down_sync(FULL, x, d);
    if ((threadIdx.x & 31) == 0 && x)
        atomicAdd(acc, x);
}

/* The reached vertices among DEPTH's N into *FOUND when FOUND is not
 * null, and with OFF (numbered as DEPTH is) their stored out-entries into
 * *EDGES: --stats' reached_edges, for the single GPU's search (bfs.cu)
 * and for a GPU rank's part of it (dist_bfs.cu). */
__global__ void count_reached(const uint32_t *__restrict__ depth, const uint64_t *__restrict__ off,
                              uint64_t n, unsigned long long *found, unsigned long long *edges)
{
    unsigned long long k = 0, e = 0;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < n; v += stride)
        if (depth[v] != EMOGI_UNREACHED) {
            k++;
            if (off)
                e += off[v + 1] - off[v];
        }
    if (found)
        warp_add(found, k);
    if (off)
        warp_add(edges, e);
}

/*
 * The bottom-up levels' vertices to test, a bitmap of 32-bit words (UNVISITED):
 * bit v set while v is unreached and has in-edges.  Found instead from
 * every vertex's depth and two offsets, a 32-vertex chunk at a time, they
 * cost a last bottom-up level that finds a few thousand vertices many
 * times what this bitmap and bu_chunks' grabs do
 * (bench/journal/2026-11-28-the-bottom-up-bitmap-kept.md).  The single GPU
 * keeps the bitmap as it goes (bfs.cu: made here before the search, cleared
 * by each level of the vertices it reaches); a GPU rank makes it at each
 * bottom-up level from this bitmap and its seen one (dist_bfs.cu).
 * UNVISITED: bit v for each v in [0, NV) with in-edges, v = SKIP (the source,
 * or NONE) left out.
 */
__global__ void __launch_bounds__(BLOCK)
    bu_has_in(const uint64_t *__restrict__ in_off, uint64_t nv, uint64_t skip, uint32_t *unvisited)
{
    const unsigned lane = threadIdx.x & 31;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    const uint64_t span = (nv + 31) / 32 * 32;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < span; v += stride) {
        const bool c = v < nv && v != skip && in_off[v + 1] > in_off[v];
        const unsigned word = __ballot_sync(FULL, c);
        if (lane == 0)
            unvisited[v >> 5] = word;
    }
}

/*
 * Chunks to grab at once in a bottom-up level: CHUNKS where most chunks
 * have vertices to test (a run's first level), so that warps finish
 * together; 32 in the later levels, where most chunks have none and a
 * grab per two chunks, an atomic on one counter each, would be most of
 * the level's work.
 */
constexpr unsigned BU_SPARSE = 32;

/*
 * BODY(base, bits) on every lane for each 32-vertex chunk of [0, NV)
 * whose word of UNVISITED has bits, warps grabbing PER chunks (at most 32)
 * at a time from *NEXT_CHUNK; a grab's words come in one load, lane i
 * holding the i-th's, so a chunk with none costs no further load.
 */
template <typename Body>
__device__ __forceinline__ void bu_chunks(const uint32_t *unvisited, uint64_t nv, unsigned per,
                                          unsigned long long *next_chunk, unsigned lane, Body body)
{
    const uint64_t words = (nv + 31) / 32;
    for (;;) {
        const uint64_t w0 = emogi_grab(next_chunk, per, lane) / 32;
        if (w0 >= words)
            break;
        const uint32_t mine = lane < per && w0 + lane < words ? unvisited[w0 + lane] : 0u;
        for (unsigned busy = __ballot_sync(FULL, mine != 0); busy; busy &= busy - 1) {
            const unsigned i = __ffs(busy) - 1;
            body((w0 + i) * 32, __shfl_sync(FULL, mine, i));
        }
    }
}

/*
 * A bottom-up level over vertices [0, NV): bu_chunks gives each chunk's
 * vertices to test (UNVISITED), and the reader R's find() tests their
 * in-lists one at a time, its per-warp state W (the held line, or the
 * decoding window) carried from one to the next.  FIRSTS (one id of each
 * in-list's head in device memory, emogi_lists_firsts, or null) settles
 * first, with no request over the link, every vertex whose kept
 * in-neighbour is in the frontier: on Kronecker graphs 56-98% of the
 * bottom-up levels' vertices
 * (bench/journal/2026-11-27-which-in-neighbour-to-keep.md).  FOUND(base,
 * word) then runs on every lane with the chunk's bits of vertices that met
 * the frontier, for chunks with any (the caller clears the next frontier
 * before), and UNVISITED loses them.  EDGES gains the entries tested and
 * LEFT the in-list entries of the vertices tested and not found
 * (emogi_bu_count's), alike on every lane.
 */
template <typename R, typename Found>
__device__ __forceinline__ void bu_sweep(const R &r, typename R::warp &w,
                                         const typename R::id *__restrict__ firsts,
                                         const uint32_t *front, uint64_t nv, uint32_t *unvisited,
                                         unsigned per, unsigned long long *next_chunk,
                                         unsigned lane, emogi_lines &lines,
                                         unsigned long long &edges,
                                         unsigned long long &left, Found found)
{
    typedef typename R::id T;
    bu_chunks(unvisited, nv, per, next_chunk, lane, [&](uint64_t base, unsigned bits) {
        const uint64_t v = base + lane;
        const bool cand = bits >> lane & 1u;
        const bool settled = cand && firsts && test_bit(front, firsts[v]);
        unsigned serve = __ballot_sync(FULL, cand && !settled);
        unsigned word = __ballot_sync(FULL, settled);
        edges += __popc(word); /* one entry tested each */
        while (serve) {
            const unsigned i = __ffs(serve) - 1;
            serve &= serve - 1;
            const uint64_t u = base + i, start = r.off[u], end = r.off[u + 1];
            const uint64_t hit = r.find(w, lines, u, lane, [&](T x) { return test_bit(front, x); });
            edges += (hit == NONE ? end : hit + 1) - start;
            if (hit != NONE)
                word |= 1u << i;
            else
                left += end - start;
        }
        if (word) {
            found(base, word);
            if (lane == 0)
                unvisited[base >> 5] = bits & ~word;
        }
    });
}

/* Where a bottom-up level adds up what it did (emogi_bu_count's, the
 * entries tested and the lines): the single GPU's counters and a rank's
 * are laid out apart. */
struct bu_counters {
    unsigned long long *chunk, *found, *scout, *left, *edges, *lines;
};

/* What else a found vertex marks: nothing on the single GPU; a rank sets
 * its bit, LO + v, in the seen bitmap of all the vertices. */
struct bu_no_seen {
    __device__ void operator()(uint64_t) const {}
};
struct bu_seen {
    unsigned long long *seen;
    uint64_t lo;
    __device__ void operator()(uint64_t v) const
    {
        atomicOr(&seen[(lo + v) >> 6], 1ull << ((lo + v) & 63));
    }
};

/* A bottom-up level, the single GPU's and a rank's (whose vertex v is
 * the graph's LO + v): the warp owns each chunk's 32-bit word of NEXT
 * (the next frontier, or the rank's slice, cleared before) and writes it
 * once; the vertices found get depth D and their out-degrees (OUT_OFF)
 * are the next level's scout. */
template <typename R, typename Seen>
__global__ void __launch_bounds__(BLOCK)
    bu_level(const R r, const typename R::id *__restrict__ firsts,
             const uint64_t *__restrict__ out_off, const uint32_t *__restrict__ front,
             uint32_t *next, uint32_t *depth, uint32_t *unvisited, unsigned per, uint64_t nv,
             uint32_t d, const Seen seen, const bu_counters c)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    unsigned long long found = 0, edges = 0, left = 0, scout = 0;
    emogi_lines lines;
    bu_sweep(r, w, firsts, front, nv, unvisited, per, c.chunk, lane, lines, edges, left,
             [&](uint64_t base, unsigned word) {
                 const uint64_t v = base + lane;
                 if (word >> lane & 1u) {
                     depth[v] = d;
                     seen(v);
                     found++;
                     scout += out_off[v + 1] - out_off[v];
                 }
                 if (lane == 0)
                     next[base >> 5] = word;
             });
    warp_add(c.found, found);
    warp_add(c.scout, scout);
    warp_add(c.left, lane == 0 ? left : 0);
    warp_add(c.edges, lane == 0 ? edges : 0);
    lines.flush(c.lines);
}

} // namespace

#endif
