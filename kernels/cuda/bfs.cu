/*
 * bfs.cu - level-synchronous breadth-first search on the GPU, after EMOGI
 * (S. W. Min et al., "EMOGI: Efficient Memory-access for Out-of-memory
 * Graph-traversal in GPUs", VLDB 2021).
 *
 * Each level is one launch over the vertices in ascending id order; a
 * vertex whose depth equals the level reads its neighbour list and gives
 * every unreached neighbour depth level+1.  That store is a plain one:
 * every writer of a level writes the same value, so no atomics are needed.
 * The search ends at the first level that reaches nobody new.
 *
 * What EMOGI teaches is how threads should read neighbour lists that live
 * in host memory across PCIe, where every request costs a round trip:
 *
 *   naive    a thread per vertex reads its list serially: a warp's 32
 *            loads hit 32 unrelated places, 32 small requests (bench/REFERENCE.md:
 *            41% of memcpy bandwidth for 128-byte runs per thread).
 *   merged   a warp per vertex, lanes striding by 32: each warp load is one
 *            contiguous run, merged into few large requests.
 *   aligned  merged, with the start moved down to the 128-byte boundary
 *            (32 ids of 4 bytes, 16 of 8 bytes) so that every warp load
 *            covers whole 128-byte lines and becomes whole PCIe requests
 *            instead of a partial line at each end (bench/REFERENCE.md: 93% of
 *            memcpy aligned, 83% misaligned by 32 bytes).  Lanes before
 *            the true start stay idle.  Sections start 4096-aligned in the
 *            file and every placement keeps that, so indices rounded
 *            relative to the array are rounded addresses.
 *
 * Around those reads, as in every frontier kernel (common.cuh says why):
 * the warp kernels take 32-vertex chunks in ascending order from a
 * counter and find a chunk's frontier with one ballot, each lane keeps
 * UNROLL loads in flight, and lists longer than HEAVY entries are set
 * aside for a second launch that spreads their pieces over every warp.
 */
#include <cuda_runtime.h>

#include <stdint.h>

#include "common.cuh"
#include "emogi_bfs.h"

namespace {

const char *const CUDA_ALG = "BFS";

/* Blocks per launch (emogi_grid), worked out once per search. */
struct launch_shape {
    unsigned naive_blocks, warp_blocks, heavy_blocks;
};

template <typename T>
__device__ __forceinline__ void visit(uint32_t *depth, T u, uint32_t next, bool &found)
{
    if (depth[u] == EMOGI_UNREACHED) {
        depth[u] = next;
        found = true;
    }
}

template <typename T>
__global__ void __launch_bounds__(BLOCK)
    bfs_naive(const uint64_t *__restrict__ off, const emogi_arr<T> nb, uint32_t *depth,
              uint64_t nv, uint32_t level, uint32_t *last_level)
{
    bool found = false;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < nv; v += stride) {
        if (depth[v] != level)
            continue;
        const uint64_t end = off[v + 1];
        for (uint64_t i = off[v]; i < end; i++)
            visit(depth, nb[i], level + 1, found);
    }
    if (found)
        *last_level = level + 1;
}

/* One warp reads [start, end) from FIRST (see common.cuh). */
template <typename T>
__device__ __forceinline__ void warp_read(const emogi_arr<T> nb, uint32_t *depth,
                                          uint64_t first, uint64_t start, uint64_t end,
                                          unsigned lane, uint32_t next, bool &found)
{
    emogi_warp_list(first, start, end, lane, [&](uint64_t j) { return nb[j]; },
                    [&](T u) { visit(depth, u, next, found); });
}

template <typename T, bool ALIGNED>
__global__ void __launch_bounds__(BLOCK)
    bfs_warp(const uint64_t *__restrict__ off, const emogi_arr<T> nb, uint32_t *depth,
             uint64_t nv, uint32_t level, uint32_t *last_level, unsigned long long *counters,
             uint64_t *heavy, uint64_t heavy_cap)
{
    const unsigned lane = threadIdx.x & 31;
    bool found = false;
    emogi_warp_frontier<CHUNKS>(
        &counters[0], nv, lane, [&](uint64_t v) { return depth[v] == level; },
        [&](uint64_t u) {
            const uint64_t start = off[u], end = off[u + 1];
            const uint64_t first = emogi_first_read<T, ALIGNED>(start);
            if (end - first > HEAVY && emogi_set_aside(&counters[1], heavy, heavy_cap, u, lane))
                return;
            if (start < end)
                warp_read(nb, depth, first, start, end, lane, level + 1, found);
        });
    if (__any_sync(FULL, found) && lane == 0)
        *last_level = level + 1;
}

/* The long lists the level kernel set aside, cut into SEGMENT-entry pieces
 * spread over every warp; pieces after the first start on a boundary. */
template <typename T, bool ALIGNED>
__global__ void __launch_bounds__(BLOCK)
    bfs_heavy(const uint64_t *__restrict__ off, const emogi_arr<T> nb, uint32_t *depth,
              uint32_t level, uint32_t *last_level, const unsigned long long *counters,
              const uint64_t *heavy, uint64_t heavy_cap)
{
    const unsigned lane = threadIdx.x & 31;
    const uint64_t n = counters[1] < heavy_cap ? counters[1] : heavy_cap;
    bool found = false;
    emogi_warp_pieces(
        heavy, n,
        [&](uint64_t u, uint64_t &first, uint64_t &start, uint64_t &end) {
            start = off[u], end = off[u + 1];
            first = emogi_first_read<T, ALIGNED>(start);
        },
        [&](uint64_t, uint64_t a, uint64_t start, uint64_t b) {
            warp_read(nb, depth, a, start, b, lane, level + 1, found);
        });
    if (__any_sync(FULL, found) && lane == 0)
        *last_level = level + 1;
}

/* Reached vertices, edges they own, and the bytes the kernel fetched for them. */
__global__ void __launch_bounds__(BLOCK)
    count_reads(const uint64_t *__restrict__ off, const uint32_t *__restrict__ depth,
                uint64_t nv, uint64_t per_line, uint32_t width, unsigned long long *acc)
{
    unsigned long long reached = 0, edges = 0, span = 0;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < nv; v += stride) {
        if (depth[v] == EMOGI_UNREACHED)
            continue;
        const uint64_t s = off[v], e = off[v + 1];
        reached++;
        edges += e - s;
        if (e > s)
            span += e - (per_line ? s & ~(per_line - 1) : s);
    }
    for (int d = 16; d > 0; d /= 2) {
        reached += __shfl_down_sync(FULL, reached, d);
        edges += __shfl_down_sync(FULL, edges, d);
        span += __shfl_down_sync(FULL, span, d);
    }
    if ((threadIdx.x & 31) == 0) {
        atomicAdd(&acc[0], reached);
        atomicAdd(&acc[1], edges);
        atomicAdd(&acc[2], span * width);
    }
}

/* What one traversal holds on the device; released whatever happens. */
struct bfs_state {
    uint32_t *depth = nullptr;
    uint32_t *last_level = nullptr;
    /* [0] next chunk, [1] heavy lists queued, [2..4] the final counts */
    unsigned long long *scratch = nullptr;
    uint64_t *heavy = nullptr; /* vertices whose lists all warps share */
    uint64_t heavy_cap = 0;
    cudaEvent_t t0 = nullptr, t1 = nullptr;
};

void release(bfs_state &s)
{
    cudaFree(s.depth);
    cudaFree(s.last_level);
    cudaFree(s.scratch);
    cudaFree(s.heavy);
    if (s.t0)
        cudaEventDestroy(s.t0);
    if (s.t1)
        cudaEventDestroy(s.t1);
    (void)cudaGetLastError();
}

int shape(int device, uint64_t nv, launch_shape *ls, emogi_error *err)
{
    unsigned resident = 1;
    if (emogi_resident_blocks(device, BLOCK, &resident, err))
        return -1;
    ls->naive_blocks = emogi_grid(nv, resident);
    ls->warp_blocks = emogi_grid((nv + 31) / 32 * 32, resident);
    ls->heavy_blocks = resident;
    return 0;
}

template <typename T>
int launch(enum emogi_kernel k, const launch_shape &ls, const uint64_t *off, const emogi_arr<T> nb,
           bfs_state &s, uint64_t nv, uint32_t level, emogi_error *err)
{
    if (k == EMOGI_KERNEL_NAIVE) {
        bfs_naive<T><<<ls.naive_blocks, BLOCK>>>(off, nb, s.depth, nv, level, s.last_level);
    } else {
        EMOGI_CK(cudaMemsetAsync(s.scratch, 0, 2 * sizeof *s.scratch), "resetting the counters");
        if (k == EMOGI_KERNEL_ALIGNED)
            bfs_warp<T, true><<<ls.warp_blocks, BLOCK>>>(off, nb, s.depth, nv, level,
                                                         s.last_level, s.scratch, s.heavy,
                                                         s.heavy_cap);
        else
            bfs_warp<T, false><<<ls.warp_blocks, BLOCK>>>(off, nb, s.depth, nv, level,
                                                          s.last_level, s.scratch, s.heavy,
                                                          s.heavy_cap);
        EMOGI_CK(cudaGetLastError(), "launching the level kernel");
        /* Always launched: it reads the queue length on the device, which
         * costs less than a round trip to ask whether the queue is empty. */
        if (k == EMOGI_KERNEL_ALIGNED)
            bfs_heavy<T, true><<<ls.heavy_blocks, BLOCK>>>(off, nb, s.depth, level,
                                                           s.last_level, s.scratch, s.heavy,
                                                           s.heavy_cap);
        else
            bfs_heavy<T, false><<<ls.heavy_blocks, BLOCK>>>(off, nb, s.depth, level,
                                                            s.last_level, s.scratch, s.heavy,
                                                            s.heavy_cap);
    }
    EMOGI_CK(cudaGetLastError(), "launching the level kernel");
    return 0;
}

/* Levels until one reaches nobody new; each level's flag read synchronises. */
template <typename T>
int traverse(const emogi_placed *p, enum emogi_kernel k, const launch_shape &ls, bfs_state &s,
             uint32_t *levels, emogi_error *err)
{
    const uint64_t nv = p->g->nv;
    const emogi_arr<T> nb(p->nbr);
    for (uint32_t level = 0;; level++) {
        if ((uint64_t)level >= nv || level + 1 == EMOGI_UNREACHED)
            return emogi_fail(err, "GPU BFS: more levels than vertices: kernel fault");
        if (launch<T>(k, ls, p->d_offsets, nb, s, nv, level, err))
            return -1;
        uint32_t last = 0;
        EMOGI_CK(cudaMemcpy(&last, s.last_level, sizeof last, cudaMemcpyDeviceToHost),
           "running a level");
        if (last != level + 1) {
            *levels = level + 1;
            return 0;
        }
    }
}

int count(const emogi_placed *p, enum emogi_kernel k, const launch_shape &ls, bfs_state &s,
          emogi_bfs_stats *st, emogi_error *err)
{
    const uint32_t width = p->g->id_width;
    const uint64_t per_line = k == EMOGI_KERNEL_ALIGNED ? 128 / width : 0;
    unsigned long long acc[3];
    EMOGI_CK(cudaMemset(s.scratch + 2, 0, 3 * sizeof *s.scratch), "cudaMemset");
    count_reads<<<ls.naive_blocks, BLOCK>>>(p->d_offsets, s.depth, p->g->nv, per_line, width,
                                           s.scratch + 2);
    EMOGI_CK(cudaGetLastError(), "launching the edge count");
    EMOGI_CK(cudaMemcpy(acc, s.scratch + 2, sizeof acc, cudaMemcpyDeviceToHost), "counting edges");
    st->reached = acc[0];
    st->edges_examined = acc[1];
    st->edge_bytes = acc[2];
    return 0;
}

int check(const emogi_placed *p, uint64_t source, enum emogi_kernel k, emogi_error *err)
{
    const emogi_graph *g = p ? p->g : nullptr;
    if (!g || !p->priv || !p->d_offsets)
        return emogi_fail(err, "GPU BFS: the graph is not placed on a GPU");
    if (source >= g->nv)
        return emogi_fail(err, "GPU BFS: source %llu out of range (%llu vertices)",
                          (unsigned long long)source, (unsigned long long)g->nv);
    if (g->ne && p->nbr.n != g->ne)
        return emogi_fail(err, "GPU BFS: neighbours not placed");
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "GPU BFS: id width %u unsupported", g->id_width);
    if (k != EMOGI_KERNEL_NAIVE && k != EMOGI_KERNEL_MERGED && k != EMOGI_KERNEL_ALIGNED)
        return emogi_fail(err, "GPU BFS: unknown kernel %d", (int)k);
    return 0;
}

int run(const emogi_placed *p, uint64_t source, enum emogi_kernel k, uint32_t *depth,
        emogi_bfs_stats *st, bfs_state &s, emogi_error *err)
{
    const uint64_t nv = p->g->nv;
    launch_shape ls;
    EMOGI_CK(cudaSetDevice(p->device), "cudaSetDevice");
    if (shape(p->device, nv, &ls, err))
        return -1;
    EMOGI_CK(cudaMalloc(&s.depth, nv * sizeof *s.depth), "cudaMalloc of the depth array");
    EMOGI_CK(cudaMalloc(&s.last_level, sizeof *s.last_level), "cudaMalloc");
    EMOGI_CK(cudaMalloc(&s.scratch, 5 * sizeof *s.scratch), "cudaMalloc");
    s.heavy_cap = emogi_heavy_cap(p->g->ne);
    EMOGI_CK(cudaMalloc(&s.heavy, s.heavy_cap * sizeof *s.heavy), "cudaMalloc of the heavy queue");
    EMOGI_CK(cudaEventCreate(&s.t0), "cudaEventCreate");
    EMOGI_CK(cudaEventCreate(&s.t1), "cudaEventCreate");
    /* All ones is EMOGI_UNREACHED. */
    EMOGI_CK(cudaMemset(s.depth, 0xff, nv * sizeof *s.depth), "cudaMemset");
    EMOGI_CK(cudaMemset(s.depth + source, 0, sizeof *s.depth), "cudaMemset");
    EMOGI_CK(cudaMemset(s.last_level, 0, sizeof *s.last_level), "cudaMemset");
    EMOGI_CK(cudaDeviceSynchronize(), "initialising the depth array");

    EMOGI_CK(cudaEventRecord(s.t0), "cudaEventRecord");
    uint32_t levels = 0;
    int rc = p->g->id_width == 4 ? traverse<uint32_t>(p, k, ls, s, &levels, err)
                                 : traverse<uint64_t>(p, k, ls, s, &levels, err);
    if (rc)
        return -1;
    EMOGI_CK(cudaEventRecord(s.t1), "cudaEventRecord");
    EMOGI_CK(cudaEventSynchronize(s.t1), "cudaEventSynchronize");
    float ms = 0;
    EMOGI_CK(cudaEventElapsedTime(&ms, s.t0, s.t1), "cudaEventElapsedTime");

    emogi_bfs_stats local = {};
    local.seconds = ms / 1e3;
    local.levels = levels;
    if (count(p, k, ls, s, &local, err))
        return -1;
    EMOGI_CK(cudaMemcpy(depth, s.depth, nv * sizeof *s.depth, cudaMemcpyDeviceToHost),
       "copying depths to the host");
    if (st)
        *st = local;
    return 0;
}

} // namespace

extern "C" int emogi_bfs_gpu(const struct emogi_placed *p, uint64_t source, enum emogi_kernel k,
                             uint32_t *depth, struct emogi_bfs_stats *st, emogi_error *err)
{
    if (check(p, source, k, err))
        return -1;
    bfs_state s;
    int rc = run(p, source, k, depth, st, s, err);
    release(s);
    return rc;
}
