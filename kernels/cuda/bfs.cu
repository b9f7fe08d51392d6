/*
 * bfs.cu - breadth-first search on the GPU: EMOGI's reads (S. W. Min et
 * al., "EMOGI: Efficient Memory-access for Out-of-memory Graph-traversal
 * in GPUs", VLDB 2021) under Beamer's direction optimization (S. Beamer,
 * K. Asanovic, D. Patterson, "Direction-Optimizing Breadth-First Search",
 * SC 2012), switched by the rule of the GAP benchmark suite's bfs.cc and
 * emogi_bfs_stay_pull's addition to it, as kernels/cpu/bfs.c is.
 *
 * Over the link bytes are time: a top-down search reads every list of
 * the component once, at close to the link's rate
 * (bench/journal/2026-11-21-gpu-bfs-kronecker-25.md), so the only way to
 * go faster is to read less.  Bottom-up levels let each unvisited vertex
 * read its in-list only until it meets a parent in the frontier, which
 * on power-law graphs skips most of the edge array.  The memory trick
 * that keeps those short reads EMOGI's: a warp reads a list one aligned
 * 128-byte line at a time, tests the line's entries against the frontier
 * bitmap (device memory) with one ballot, and fetches the next line only
 * when none hit; the last line it fetched stays in the lanes' registers,
 * so the short lists of neighbouring vertices, which share lines, cost
 * one request for all of them.
 *
 * Levels.  The frontier is a bitmap (a 32-vertex chunk is one word).
 *   top-down   from a queue of the frontier's ids, made from the bitmap by
 *              a scan, so it is sorted and warps sweep the edge array front
 *              to back (common.cuh: the chunk walk).  Each list is read
 *              whole with the aligned (or merged) warp read, and unreached
 *              neighbours get the next depth by a plain store (all writers
 *              write the same value; atomics here cost a third of the
 *              level's time in device memory).  One pass over the depths
 *              then gives the next bitmap and the frontier's out-degrees
 *              for the switch.  Lists over emogi_heavy_at(frontier's
 *              entries) go to the pieces launch: a level of few vertices
 *              splits finer; lists over MEDIUM entries go there too, read
 *              whole, a list per grab (common.cuh).
 *   sparse     a top-down level whose frontier's lists hold at most nv/64
 *              entries reaches at most that many vertices: it claims them
 *              by compare-and-swap and appends them to a small queue, the
 *              next level's, setting their bits, and skips the pass over
 *              every depth and the scan.  A search of many small levels
 *              (a grid's thousands) gains, over the link and in device
 *              memory; one of a few small levels (a Kronecker graph's)
 *              neither gains nor loses
 *              (bench/journal/2026-11-28-one-gpu-long-lists-in-pieces.md).
 *   bottom-up  warps take 32-vertex chunks in ascending order; a bitmap
 *              of the unvisited vertices with in-edges, made before the
 *              search and cleared by each level of those it reaches
 *              (bu_has_in), gives a grab's chunks' vertices in one load
 *              and skips the chunks of none; a ballot settles those
 *              whose kept in-neighbour (one id a vertex from its list's
 *              head, in device memory: --first-ids) is in the frontier
 *              without a request or a decoding, and the warp serves the
 *              rest one at a time as above; the warp owns the chunk's
 *              word of the next bitmap and writes it once.
 * One copy of five counters per level tells the host which way to go.
 * The naive kernel (a thread per vertex) stays EMOGI's top-down level
 * scan, the baseline the warp reads are measured against.
 *
 * Every read is counted by the lines it requests, on each side of the
 * placement's split (emogi_lines), so --stats says what crossed the link.
 */
#include <cuda_runtime.h>

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cub/device/device_scan.cuh>

#include <stdint.h>

#include <utility>

#include "bfs_pull.cuh"
#include "common.cuh"
#include "emogi_bfs.h"
#include "reader.cuh"

namespace {

const char *const CUDA_ALG = "BFS";

/* counters[]: [C_CHUNK..C_SCOUT] reset every level, the rest accumulate. */
enum {
    C_CHUNK,    /* next chunk of the walk */
    C_HEAVY,    /* long lists set aside: hubs, medium lists queued and */
    C_MEDIUM,   /* taken (common.cuh: emogi_aside's count) */
    C_MTAKEN,
    C_FOUND,    /* vertices the level reached */
    C_SCOUT,    /* their out-degrees */
    C_LEFT,     /* bottom-up: in-degrees of the vertices tested and not reached */
    C_LEVEL_N,  /* (end of the per-level counters) */
    C_DEV = C_LEVEL_N, /* edge bytes read from device memory */
    C_LINK,     /* edge bytes read over the link */
    C_EDGES,    /* neighbour entries examined */
    C_QUEUE,    /* ids in the top-down queue */
    C_COUNT
};

/* ---- the naive level scan (push only) ---- */

template <typename T>
__global__ void __launch_bounds__(BLOCK)
    bfs_naive(const uint64_t *__restrict__ off, const emogi_arr<T> nb, uint32_t *depth,
              uint64_t nv, uint32_t level, unsigned long long *counters)
{
    unsigned long long found = 0, edges = 0;
    emogi_lines lines;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < nv; v += stride) {
        if (depth[v] != level)
            continue;
        const uint64_t start = off[v], end = off[v + 1];
        for (uint64_t i = start; i < end; i++) {
            const T u = nb[i];
            /* Every writer of a level writes the same value: no atomics. */
            if (depth[u] == EMOGI_UNREACHED) {
                depth[u] = level + 1;
                found = 1;
            }
        }
        edges += end - start;
        lines.add(nb, start, end);
    }
    /* Found is a flag here: several threads may store one vertex. */
    warp_add(&counters[C_FOUND], found);
    warp_add(&counters[C_EDGES], edges);
    lines.flush(&counters[C_DEV]);
}

/* ---- top-down from the sorted queue ---- */

struct td_args {
    const uint64_t *off;
    uint32_t *depth;
    unsigned long long *counters;
    emogi_aside q;     /* the lists set aside */
    uint64_t heavy_at; /* longer lists go to the pieces launch (emogi_heavy_at) */
    uint32_t level;
    /* A sparse level (see traverse): the vertices it reaches are claimed
     * and appended to SQ (ids of id_width 4 or 8, at most sq_cap), their
     * bits set in NEXT and cleared in UNVISITED; null SQ: a dense level. */
    void *sq;
    uint64_t sq_cap;
    uint32_t *next, *unvisited;
    unsigned wide;
};

/* A sparse level's claim of V, unreached when read: one compare-and-swap
 * decides who appends it; a coalesced group's winners take their slots
 * and add their out-degrees with one atomic each.  Only the SPARSE
 * instances of the kernels hold it: in the dense ones a call out of line
 * would raise bfs_push's register count (ptxas -v shows it). */
__device__ __forceinline__ void claim(const td_args &a, uint64_t v)
{
    namespace cg = cooperative_groups;
    if (atomicCAS(&a.depth[v], EMOGI_UNREACHED, a.level + 1) != EMOGI_UNREACHED)
        return;
    const cg::coalesced_group g = cg::coalesced_threads();
    unsigned long long base = 0;
    if (g.thread_rank() == 0)
        base = atomicAdd(&a.counters[C_FOUND], (unsigned long long)g.size());
    const uint64_t k = g.shfl(base, 0) + g.thread_rank();
    if (k < a.sq_cap) { /* always: the level examines at most sq_cap entries */
        if (a.wide)
            static_cast<uint64_t *>(a.sq)[k] = v;
        else
            static_cast<uint32_t *>(a.sq)[k] = (uint32_t)v;
    }
    const uint32_t bit = 1u << (v & 31);
    atomicOr(&a.next[v >> 5], bit);
    if (a.unvisited)
        atomicAnd(&a.unvisited[v >> 5], ~bit);
    const unsigned long long out = cg::reduce(g, (unsigned long long)(a.off[v + 1] - a.off[v]),
                                              cg::plus<unsigned long long>());
    if (g.thread_rank() == 0)
        atomicAdd(&a.counters[C_SCOUT], out);
}

/* In a dense level every writer writes the same value, so a plain store
 * does: the next frontier is read off the depths afterwards
 * (frontier_words). */
template <bool SPARSE> __device__ __forceinline__ void visit(const td_args &a, uint64_t v)
{
    if (a.depth[v] != EMOGI_UNREACHED)
        return;
    if (SPARSE)
        claim(a, v);
    else
        a.depth[v] = a.level + 1;
}

/* Entries [A, B) of U's list from START, read by the warp (reader.cuh). */
template <bool SPARSE, typename R>
__device__ __forceinline__ void td_read(const td_args &a, const R &r, typename R::warp &w,
                                        emogi_lines &lines, uint64_t u, uint64_t lo,
                                        uint64_t start, uint64_t hi, unsigned lane)
{
    r.read(w, lines, u, lo, start, hi, lane, emogi_no_load,
           [&](typename R::id v, emogi_nothing) { visit<SPARSE>(a, v); });
}

template <typename R, bool SPARSE>
__global__ void __launch_bounds__(BLOCK)
    bfs_push(const td_args a, const R r, const typename R::id *__restrict__ queue)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    const uint64_t n = a.counters[C_QUEUE];
    /* A grab of fewer ids when the queue is short: a frontier of a few
     * thousand hubs must still spread over every warp
     * (bench/journal/2026-11-23-fewer-bytes-over-the-link.md). */
    const uint64_t warps = (uint64_t)gridDim.x * blockDim.x / 32;
    const uint64_t fair = n / (4 * warps);
    const uint64_t per = fair < 1 ? 1 : fair > 32 * CHUNKS ? 32 * CHUNKS : fair;
    unsigned long long edges = 0;
    emogi_lines lines;
    auto each = [&](uint64_t u, uint64_t lo, uint64_t start, uint64_t hi) {
        td_read<SPARSE>(a, r, w, lines, u, lo, start, hi, lane);
    };
    for (;;) {
        unsigned long long c = 0;
        if (lane == 0)
            c = atomicAdd(&a.counters[C_CHUNK], 1ull);
        const uint64_t grab = per * (uint64_t)__shfl_sync(FULL, c, 0);
        if (grab >= n)
            break;
        const uint64_t stop = grab + per < n ? grab + per : n;
        for (uint64_t base = grab; base < stop; base += 32) {
            const uint64_t mine = base + lane < stop ? (uint64_t)queue[base + lane] : 0;
            const unsigned m = base + 32 <= stop ? 32u : (unsigned)(stop - base);
            for (unsigned i = 0; i < m; i++) {
                const uint64_t u = __shfl_sync(FULL, mine, i);
                edges += lane == 0 ? a.off[u + 1] - a.off[u] : 0;
                if (a.q.set_aside(u, emogi_span(r, u, 0), a.heavy_at, lane))
                    continue;
                emogi_whole(r, u, 0, each);
            }
        }
    }
    warp_add(&a.counters[C_EDGES], edges);
    lines.flush(&a.counters[C_DEV]);
}

/* The long lists bfs_push set aside: hubs in SEGMENT-entry pieces over
 * every warp, then the medium lists, a whole list per grab. */
template <typename R, bool SPARSE>
__global__ void __launch_bounds__(BLOCK) bfs_push_heavy(const td_args a, const R r)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    emogi_lines lines;
    emogi_aside_read(a.q, r, 0, lane, [&](uint64_t u, uint64_t lo, uint64_t start, uint64_t hi) {
        td_read<SPARSE>(a, r, w, lines, u, lo, start, hi, lane);
    });
    lines.flush(&a.counters[C_DEV]);
}

/* ---- the queue from the bitmap ---- */

__global__ void __launch_bounds__(BLOCK)
    word_counts(const uint32_t *__restrict__ bm, uint64_t words, uint32_t *count)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t w = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; w < words; w += stride)
        count[w] = __popc(bm[w]);
}

/* After a top-down level: the vertices at depth LEVEL+1 as a bitmap, its
 * per-word counts for the queue's scan, how many there are and the sum of
 * their out-degrees (GAP's scout), a warp per 32-vertex word; UNVISITED (null
 * without in-edges) loses them. */
__global__ void __launch_bounds__(BLOCK)
    frontier_words(const uint64_t *__restrict__ off, const uint32_t *__restrict__ depth,
                   uint64_t nv, uint32_t level, uint32_t *next, uint32_t *count,
                   uint32_t *unvisited, unsigned long long *counters)
{
    const unsigned lane = threadIdx.x & 31;
    unsigned long long found = 0, scout = 0;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    const uint64_t span = (nv + 31) / 32 * 32;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < span; v += stride) {
        const bool in = v < nv && depth[v] == level + 1;
        const unsigned word = __ballot_sync(FULL, in);
        if (in) {
            found++;
            scout += off[v + 1] - off[v];
        }
        if (lane == 0) {
            next[v >> 5] = word;
            count[v >> 5] = __popc(word);
            if (unvisited && word)
                unvisited[v >> 5] &= ~word;
        }
    }
    warp_add(&counters[C_FOUND], found);
    warp_add(&counters[C_SCOUT], scout);
}

/* Ids of the set bits, ascending, at the scanned positions; the last word's
 * thread also stores the queue's length. */
template <typename T>
__global__ void __launch_bounds__(BLOCK)
    scatter_ids(const uint32_t *__restrict__ bm, const uint32_t *__restrict__ at, uint64_t words,
                T *queue, unsigned long long *counters)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t w = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; w < words; w += stride) {
        uint32_t bits = bm[w];
        uint64_t k = at[w];
        for (; bits; bits &= bits - 1)
            queue[k++] = (T)(w * 32 + (uint64_t)(__ffs(bits) - 1));
        if (w == words - 1)
            counters[C_QUEUE] = k;
    }
}

/* ---- host side ---- */

/* What one traversal holds on the device; released whatever happens. */
struct bfs_state {
    uint32_t *depth = nullptr;
    uint32_t *front = nullptr, *next = nullptr; /* bitmaps */
    uint32_t *unvisited = nullptr;              /* bottom-up: the vertices to test (bu_has_in) */
    void *queue = nullptr;                      /* ids, id_width each */
    void *sq[2] = {nullptr, nullptr};           /* sparse levels' queues, sq_cap ids each */
    uint64_t sq_cap = 0;
    uint32_t *count = nullptr, *at = nullptr;   /* per-word popcounts, their scan */
    void *scan_tmp = nullptr;
    size_t scan_bytes = 0;
    unsigned long long *counters = nullptr;
    uint64_t *heavy = nullptr; /* the slots of the lists set aside */
    emogi_aside q{};
    uint64_t words = 0;
    unsigned resident = 1;
    cudaEvent_t t0 = nullptr, t1 = nullptr;
};

void release(bfs_state &s)
{
    cudaFree(s.depth);
    cudaFree(s.front);
    cudaFree(s.next);
    cudaFree(s.unvisited);
    cudaFree(s.queue);
    cudaFree(s.sq[0]);
    cudaFree(s.sq[1]);
    cudaFree(s.count);
    cudaFree(s.at);
    cudaFree(s.scan_tmp);
    cudaFree(s.counters);
    cudaFree(s.heavy);
    if (s.t0)
        cudaEventDestroy(s.t0);
    if (s.t1)
        cudaEventDestroy(s.t1);
    (void)cudaGetLastError();
}

/* The per-level decision, as kernels/cpu/bfs.c takes it. */
struct plan {
    enum emogi_direction dir;
    double alpha, beta;
    bool can_pull;
    const emogi_bfs_opts *trace; /* its level_done, or NULL */
};

/* The queue from bitmap BM; COUNTED: frontier_words left its word counts. */
template <typename T>
int make_queue(bfs_state &s, const uint32_t *bm, bool counted, emogi_error *err)
{
    const unsigned g = emogi_grid(s.words, s.resident);
    if (!counted)
        word_counts<<<g, BLOCK>>>(bm, s.words, s.count);
    EMOGI_CK(cudaGetLastError(), "launching the word count");
    EMOGI_CK(cub::DeviceScan::ExclusiveSum(s.scan_tmp, s.scan_bytes, s.count, s.at, (int)s.words),
             "scanning the frontier");
    scatter_ids<T><<<g, BLOCK>>>(bm, s.at, s.words, static_cast<T *>(s.queue), s.counters);
    EMOGI_CK(cudaGetLastError(), "launching the queue scatter");
    return 0;
}

/* A top-down level's two launches: its queue's lists, then the long
 * lists they set aside.  The second is always launched: it reads the
 * queue length on the device, which costs less than a round trip to ask
 * whether the queue is empty. */
template <bool SPARSE, typename R>
int push_with(const R &r, const bfs_state &s, const td_args &a, const typename R::id *queue,
              emogi_error *err)
{
    bfs_push<R, SPARSE><<<s.resident, BLOCK>>>(a, r, queue);
    EMOGI_CK(cudaGetLastError(), "launching the top-down level");
    bfs_push_heavy<R, SPARSE><<<s.resident, BLOCK>>>(a, r);
    EMOGI_CK(cudaGetLastError(), "launching the heavy-list kernel");
    return 0;
}

template <typename T, bool ALIGNED, bool SPARSE>
int push_launch(const emogi_placed *p, const bfs_state &s, const td_args &a, const T *queue,
                emogi_error *err)
{
    if (p->d_coffsets)
        return push_with<SPARSE>(emogi_packed<T>(*p), s, a, queue, err);
    return push_with<SPARSE>(emogi_plain<T, ALIGNED>(*p), s, a, queue, err);
}

/* A top-down level from QUEUE_IDS, whose lists hold SCOUT entries; SQ: a
 * sparse level's queue for the vertices it reaches, or null. */
template <typename T, bool ALIGNED>
int push_level(const emogi_placed *p, bfs_state &s, uint32_t level, uint64_t scout,
               const void *queue_ids, void *sq, emogi_error *err)
{
    if (sq) /* claim sets the bits it reaches */
        EMOGI_CK(cudaMemsetAsync(s.next, 0, s.words * sizeof *s.next), "clearing the frontier");
    const td_args a = {p->d_offsets, s.depth, s.counters, s.q,      emogi_heavy_at(scout),
                       level,        sq,      s.sq_cap,   s.next, s.unvisited,
                       sizeof(T) == 8};
    const T *queue = static_cast<const T *>(queue_ids);
    if ((sq ? push_launch<T, ALIGNED, true>(p, s, a, queue, err)
            : push_launch<T, ALIGNED, false>(p, s, a, queue, err)) < 0)
        return -1;
    if (sq) { /* the next level's queue length: what the claims appended */
        EMOGI_CK(cudaMemcpyAsync(s.counters + C_QUEUE, s.counters + C_FOUND, sizeof *s.counters,
                                 cudaMemcpyDeviceToDevice),
                 "sizing the queue");
        return 0;
    }
    const uint64_t nv = p->g->nv;
    frontier_words<<<emogi_grid((nv + 31) / 32 * 32, s.resident), BLOCK>>>(
        p->d_offsets, s.depth, nv, level, s.next, s.count, s.unvisited, s.counters);
    EMOGI_CK(cudaGetLastError(), "launching the frontier kernel");
    return 0;
}

/* OUT_OFF: the out-lists' offsets, for the found vertices' scout; FIRST:
 * the first of a run of bottom-up levels (bu_chunks' grabs: BU_SPARSE). */
template <typename T>
int pull_level(const emogi_placed *in, const uint64_t *out_off, bfs_state &s, uint64_t nv,
               uint32_t level, bool first, emogi_error *err)
{
    const unsigned grid = emogi_grid((nv + 31) / 32 * 32, s.resident);
    const unsigned per = first ? (unsigned)CHUNKS : BU_SPARSE;
    /* the kernels write the words of chunks with finds only */
    EMOGI_CK(cudaMemsetAsync(s.next, 0, s.words * sizeof *s.next), "clearing the frontier");
    const T *firsts = static_cast<const T *>(in->d_firsts);
    const bu_counters c = {&s.counters[C_CHUNK], &s.counters[C_FOUND], &s.counters[C_SCOUT],
                           &s.counters[C_LEFT],  &s.counters[C_EDGES], &s.counters[C_DEV]};
    if (in->d_coffsets)
        bu_level<<<grid, BLOCK>>>(emogi_packed<T>(*in), firsts, out_off, s.front, s.next, s.depth,
                                  s.unvisited, per, nv, level + 1, bu_no_seen{}, c);
    else
        bu_level<<<grid, BLOCK>>>(emogi_plain<T, true>(*in), firsts, out_off, s.front, s.next,
                                  s.depth, s.unvisited, per, nv, level + 1, bu_no_seen{}, c);
    EMOGI_CK(cudaGetLastError(), "launching the bottom-up level");
    return 0;
}

/* Counters a level leaves: how many it reached, their out-degrees and
 * (bottom-up) the in-degrees of those it tested in vain. */
int level_counts(bfs_state &s, emogi_bu_count *n, emogi_error *err)
{
    unsigned long long c[C_LEVEL_N];
    EMOGI_CK(cudaMemcpy(c, s.counters, sizeof c, cudaMemcpyDeviceToHost), "running a level");
    n->found = c[C_FOUND];
    n->scout = c[C_SCOUT];
    n->left = c[C_LEFT];
    return 0;
}

int reset_level(bfs_state &s, emogi_error *err)
{
    EMOGI_CK(cudaMemsetAsync(s.counters, 0, C_LEVEL_N * sizeof *s.counters),
             "resetting the counters");
    return 0;
}

/*
 * Levels until one reaches nobody new.  Top-down levels leave the next
 * frontier as a bitmap, which becomes the front bitmap (for bottom-up) and
 * the queue (for top-down); bottom-up levels leave a bitmap directly.
 */
template <typename T, bool ALIGNED>
int traverse(const emogi_placed *p, const emogi_placed *in, const plan &pl, bfs_state &s,
             uint64_t source, emogi_bfs_stats *st, emogi_error *err)
{
    const uint64_t nv = p->g->nv;
    const uint64_t *off = p->g->offsets;
    double unexplored = (double)p->g->ne, scout = (double)(off[source + 1] - off[source]);
    uint64_t lists = off[source + 1] - off[source]; /* the frontier's entries, for push_level */
    uint64_t awake = 1;
    uint32_t level = 0;
    bool queue_fresh = true;     /* QUEUE holds the current frontier */
    const void *queue = s.queue; /* s.queue, or a sparse level's s.sq[] */
    bool counted = false;    /* s.count holds the front bitmap's word counts */
    double mark = pl.trace ? emogi_now() : 0;
    /* the level just counted, to the trace (level_counts synchronised) */
    auto traced = [&](uint32_t at, enum emogi_direction way, unsigned long long n) {
        if (!pl.trace)
            return;
        const double now = emogi_now();
        pl.trace->level_done(pl.trace->level_arg, at, way, n, now - mark);
        mark = now;
    };
    for (;;) {
        if ((uint64_t)level >= nv || level + 1 == EMOGI_UNREACHED)
            return emogi_fail(err, "GPU BFS: more levels than vertices: kernel fault");
        const bool pull = pl.can_pull && pl.dir != EMOGI_DIR_PUSH &&
                          (pl.dir == EMOGI_DIR_PULL || scout > unexplored / pl.alpha);
        emogi_bu_count n = {0, 0, 0};
        if (pull) {
            /* Bottom-up while emogi_bfs_stay_pull says so. */
            uint64_t old;
            bool more;
            bool first = true;
            do {
                old = awake;
                if (reset_level(s, err) ||
                    pull_level<T>(in, p->d_offsets, s, nv, level, first, err) ||
                    level_counts(s, &n, err))
                    return -1;
                awake = n.found;
                lists = n.scout;
                traced(level, EMOGI_DIR_PULL, awake);
                st->pull_levels++;
                if (awake == 0)
                    break;
                more = emogi_bfs_stay_pull(pl.dir, pl.beta, nv, old, &n);
                first = false;
                level++;
                std::swap(s.front, s.next);
            } while (more);
            if (awake == 0)
                break;
            queue_fresh = counted = false;
            scout = 1; /* as GAP: favour top-down right after bottom-up */
            continue;
        }
        if (!queue_fresh) {
            if (make_queue<T>(s, s.front, counted, err))
                return -1;
            queue = s.queue;
        }
        unexplored -= scout < unexplored ? scout : unexplored;
        /* Sparse: the level reaches at most LISTS vertices, and they go
         * straight into the other small queue, without frontier_words'
         * pass over every vertex nor the scan that makes a queue. */
        void *sq = lists <= s.sq_cap ? (queue == s.sq[0] ? s.sq[1] : s.sq[0]) : nullptr;
        if (reset_level(s, err) || push_level<T, ALIGNED>(p, s, level, lists, queue, sq, err) ||
            level_counts(s, &n, err))
            return -1;
        if (sq && n.found > s.sq_cap)
            return emogi_fail(err, "GPU BFS: a sparse level reached more than its lists hold: "
                                   "kernel fault");
        const uint64_t found = n.found;
        traced(level, EMOGI_DIR_PUSH, found);
        st->push_levels++;
        if (found == 0)
            break;
        awake = found;
        scout = (double)n.scout;
        lists = n.scout;
        level++;
        std::swap(s.front, s.next);
        queue_fresh = sq != nullptr;
        counted = sq == nullptr;
        if (sq)
            queue = sq;
    }
    st->levels = level + 1;
    return 0;
}

/* The naive kernel's level scan: a level's flag read synchronises. */
template <typename T>
int traverse_naive(const emogi_placed *p, bfs_state &s, emogi_bfs_stats *st, emogi_error *err)
{
    const uint64_t nv = p->g->nv;
    const emogi_arr<T> nb(p->nbr);
    for (uint32_t level = 0;; level++) {
        if ((uint64_t)level >= nv || level + 1 == EMOGI_UNREACHED)
            return emogi_fail(err, "GPU BFS: more levels than vertices: kernel fault");
        if (reset_level(s, err))
            return -1;
        bfs_naive<T><<<emogi_grid(nv, s.resident), BLOCK>>>(p->d_offsets, nb, s.depth, nv, level,
                                                           s.counters);
        EMOGI_CK(cudaGetLastError(), "launching the level kernel");
        emogi_bu_count n = {0, 0, 0};
        if (level_counts(s, &n, err))
            return -1;
        st->push_levels++;
        if (n.found == 0) {
            st->levels = level + 1;
            return 0;
        }
    }
}

/* After the clock: the per-level counters are free for the counts. */
int finish(const emogi_placed *p, bfs_state &s, bool edges, emogi_bfs_stats *st, emogi_error *err)
{
    unsigned long long c[C_COUNT];
    EMOGI_CK(cudaMemset(s.counters, 0, C_LEVEL_N * sizeof *s.counters), "cudaMemset");
    count_reached<<<emogi_grid(p->g->nv, s.resident), BLOCK>>>(
        s.depth, edges ? p->d_offsets : nullptr, p->g->nv, &s.counters[C_FOUND],
        &s.counters[C_SCOUT]);
    EMOGI_CK(cudaGetLastError(), "launching the reached count");
    EMOGI_CK(cudaMemcpy(c, s.counters, sizeof c, cudaMemcpyDeviceToHost), "counting");
    st->reached = c[C_FOUND];
    st->reached_edges = edges ? c[C_SCOUT] : 0;
    st->edges_examined = c[C_EDGES];
    st->devmem_bytes = c[C_DEV];
    st->link_bytes = c[C_LINK];
    st->edge_bytes = c[C_DEV] + c[C_LINK];
    return 0;
}

int check(const emogi_placed *p, uint64_t source, const emogi_bfs_opts &o, emogi_error *err)
{
    const emogi_graph *g = p ? p->g : nullptr;
    if (!g || !p->priv || !p->d_offsets)
        return emogi_fail(err, "GPU BFS: the graph is not placed on a GPU");
    if (source >= g->nv)
        return emogi_fail(err, "GPU BFS: source %llu out of range (%llu vertices)",
                          (unsigned long long)source, (unsigned long long)g->nv);
    if (!emogi_lists_placed(p))
        return emogi_fail(err, "GPU BFS: neighbours not placed");
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "GPU BFS: id width %u unsupported", g->id_width);
    if (o.kernel != EMOGI_KERNEL_NAIVE && o.kernel != EMOGI_KERNEL_MERGED &&
        o.kernel != EMOGI_KERNEL_ALIGNED)
        return emogi_fail(err, "GPU BFS: unknown kernel %d", (int)o.kernel);
    if ((unsigned)o.direction > EMOGI_DIR_GAP)
        return emogi_fail(err, "GPU BFS: unknown direction %d", (int)o.direction);
    if (o.direction == EMOGI_DIR_PULL && o.kernel == EMOGI_KERNEL_NAIVE)
        return emogi_fail(err, "GPU BFS: the naive kernel reads top-down only");
    if (o.direction == EMOGI_DIR_PULL && !o.in)
        return emogi_fail(err, "GPU BFS: bottom-up needs in-edges: a directed graph must store "
                               "its transpose (emogi-convert --transpose)");
    if (o.in && (o.in->g->nv != g->nv || o.in->g->ne != g->ne || !o.in->d_offsets ||
                 !emogi_lists_placed(o.in)))
        return emogi_fail(err, "GPU BFS: the in-edges placed do not match the graph");
    if ((g->nv + 31) / 32 > (uint64_t)INT32_MAX)
        return emogi_fail(err, "GPU BFS: %llu vertices exceed the frontier scan's 2^36",
                          (unsigned long long)g->nv);
    return 0;
}

/* IN: the in-lists placed, or null (no bottom-up level). */
int setup(const emogi_placed *p, const emogi_placed *in, uint64_t source, enum emogi_kernel k,
          bfs_state &s, emogi_error *err)
{
    const uint64_t nv = p->g->nv;
    EMOGI_CK(cudaSetDevice(p->device), "cudaSetDevice");
    if (emogi_resident_blocks(p->device, BLOCK, &s.resident, err))
        return -1;
    EMOGI_CK(cudaMalloc(&s.depth, nv * sizeof *s.depth), "cudaMalloc of the depth array");
    EMOGI_CK(cudaMalloc(&s.counters, C_COUNT * sizeof *s.counters), "cudaMalloc");
    EMOGI_CK(cudaMemset(s.counters, 0, C_COUNT * sizeof *s.counters), "cudaMemset");
    /* All ones is EMOGI_UNREACHED. */
    EMOGI_CK(cudaMemset(s.depth, 0xff, nv * sizeof *s.depth), "cudaMemset");
    EMOGI_CK(cudaMemset(s.depth + source, 0, sizeof *s.depth), "cudaMemset");
    EMOGI_CK(cudaEventCreate(&s.t0), "cudaEventCreate");
    EMOGI_CK(cudaEventCreate(&s.t1), "cudaEventCreate");
    if (k == EMOGI_KERNEL_NAIVE)
        return 0;
    const size_t w = p->g->id_width;
    s.words = (nv + 31) / 32;
    EMOGI_CK(cudaMalloc(&s.front, s.words * sizeof *s.front), "cudaMalloc of a frontier");
    EMOGI_CK(cudaMalloc(&s.next, s.words * sizeof *s.next), "cudaMalloc of a frontier");
    EMOGI_CK(cudaMalloc(&s.queue, nv * w), "cudaMalloc of the queue");
    s.sq_cap = nv / 64 + 32;
    EMOGI_CK(cudaMalloc(&s.sq[0], s.sq_cap * w), "cudaMalloc of a sparse queue");
    EMOGI_CK(cudaMalloc(&s.sq[1], s.sq_cap * w), "cudaMalloc of a sparse queue");
    EMOGI_CK(cudaMalloc(&s.count, s.words * sizeof *s.count), "cudaMalloc");
    EMOGI_CK(cudaMalloc(&s.at, s.words * sizeof *s.at), "cudaMalloc");
    EMOGI_CK(emogi_aside_alloc(&s.counters[C_HEAVY],
                               emogi_heavy_slots(p->g->ne) + EMOGI_HEAVY_EXTRA, p->g->ne, &s.heavy,
                               &s.q),
             "cudaMalloc of the long lists' queues");
    EMOGI_CK(cub::DeviceScan::ExclusiveSum(nullptr, s.scan_bytes, s.count, s.at, (int)s.words),
             "sizing the frontier scan");
    EMOGI_CK(cudaMalloc(&s.scan_tmp, s.scan_bytes ? s.scan_bytes : 1), "cudaMalloc");
    if (in) { /* bottom-up's vertices to test, before the timed search: all but the source */
        EMOGI_CK(cudaMalloc(&s.unvisited, s.words * sizeof *s.unvisited), "cudaMalloc of a bitmap");
        bu_has_in<<<emogi_grid(s.words * 32, s.resident), BLOCK>>>(in->d_offsets, nv, source,
                                                                   s.unvisited);
        EMOGI_CK(cudaGetLastError(), "launching the bottom-up bitmap");
    }
    /* The first frontier: the source, as bitmap and queue. */
    const uint32_t bit = 1u << (source & 31);
    const unsigned long long one = 1;
    EMOGI_CK(cudaMemset(s.front, 0, s.words * sizeof *s.front), "cudaMemset");
    EMOGI_CK(cudaMemcpy(s.front + (source >> 5), &bit, sizeof bit, cudaMemcpyHostToDevice),
             "cudaMemcpy");
    if (w == 4) {
        const uint32_t q = (uint32_t)source;
        EMOGI_CK(cudaMemcpy(s.queue, &q, sizeof q, cudaMemcpyHostToDevice), "cudaMemcpy");
    } else {
        EMOGI_CK(cudaMemcpy(s.queue, &source, sizeof source, cudaMemcpyHostToDevice),
                 "cudaMemcpy");
    }
    EMOGI_CK(cudaMemcpy(s.counters + C_QUEUE, &one, sizeof one, cudaMemcpyHostToDevice),
             "cudaMemcpy");
    return 0;
}

template <typename T>
int search(const emogi_placed *p, const emogi_bfs_opts &o, const plan &pl, bfs_state &s,
           uint64_t source, emogi_bfs_stats *st, emogi_error *err)
{
    if (o.kernel == EMOGI_KERNEL_NAIVE)
        return traverse_naive<T>(p, s, st, err);
    if (o.kernel == EMOGI_KERNEL_ALIGNED)
        return traverse<T, true>(p, o.in, pl, s, source, st, err);
    return traverse<T, false>(p, o.in, pl, s, source, st, err);
}

int run(const emogi_placed *p, uint64_t source, const emogi_bfs_opts &o, uint32_t *depth,
        emogi_bfs_stats *st, bfs_state &s, emogi_error *err)
{
    const plan pl = {o.direction, o.alpha > 0 ? o.alpha : EMOGI_BFS_ALPHA,
                     o.beta > 0 ? o.beta : EMOGI_BFS_BETA, o.in != nullptr,
                     o.level_done ? &o : nullptr};
    if (setup(p, o.in, source, o.kernel, s, err))
        return -1;
    EMOGI_CK(cudaDeviceSynchronize(), "initialising the search");
    emogi_bfs_stats local = {};
    EMOGI_CK(cudaEventRecord(s.t0), "cudaEventRecord");
    int rc = p->g->id_width == 4 ? search<uint32_t>(p, o, pl, s, source, &local, err)
                                 : search<uint64_t>(p, o, pl, s, source, &local, err);
    if (rc)
        return -1;
    EMOGI_CK(cudaEventRecord(s.t1), "cudaEventRecord");
    EMOGI_CK(cudaEventSynchronize(s.t1), "cudaEventSynchronize");
    float ms = 0;
    EMOGI_CK(cudaEventElapsedTime(&ms, s.t0, s.t1), "cudaEventElapsedTime");
    local.seconds = ms / 1e3;
    if (finish(p, s, o.count_reached_edges != 0, &local, err))
        return -1;
    EMOGI_CK(cudaMemcpy(depth, s.depth, p->g->nv * sizeof *s.depth, cudaMemcpyDeviceToHost),
             "copying depths to the host");
    if (st)
        *st = local;
    return 0;
}

} // namespace

extern "C" int emogi_bfs_gpu(const struct emogi_placed *p, uint64_t source,
                             const struct emogi_bfs_opts *o, uint32_t *depth,
                             struct emogi_bfs_stats *st, emogi_error *err)
{
    emogi_bfs_opts opts = {};
    opts.direction = EMOGI_DIR_PUSH;
    opts.kernel = EMOGI_KERNEL_ALIGNED;
    if (o)
        opts = *o;
    /* Compressed lists have one reader, the warp decoder (clist.cuh). */
    if (p && p->d_coffsets)
        opts.kernel = EMOGI_KERNEL_ALIGNED;
    if (check(p, source, opts, err))
        return -1;
    bfs_state s;
    int rc = run(p, source, opts, depth, st, s, err);
    release(s);
    return rc;
}
