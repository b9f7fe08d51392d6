/*
 * sssp.cu - single-source shortest paths on the GPU, after EMOGI (S. W. Min
 * et al., "EMOGI: Efficient Memory-access for Out-of-memory Graph-traversal
 * in GPUs", VLDB 2021): frontier-driven Bellman-Ford.
 *
 * Each round is one launch over the vertices in ascending id order.  A
 * vertex is active in round r when its stamp equals r; it reads its
 * neighbour and weight lists and lowers each neighbour's distance with
 * atomicMin, stamping every neighbour it lowered for round r+1.  The search
 * ends at the first round that lowers nothing.  Weights are non-negative,
 * so there is no negative cycle and a vertex's distance is final once the
 * rounds have covered the hops of its shortest path: more than nv+1 rounds
 * can only be a fault, and is reported as one instead of spinning.
 *
 * Distances: uint64 for integer weights (64-bit atomicMin), float32 for
 * float weights, compared and swapped as their bit patterns (atomicMin on
 * unsigned: non-negative floats, +infinity included, order like their
 * bits).  Each candidate is the one rounding __fadd_rn(dist[u], w), the
 * same addition the CPU does, and the minimum over paths of such sums does
 * not depend on the order of relaxations: both backends agree bit for bit.
 *
 * The reads follow EMOGI (see bfs.cu for the measurements behind them):
 *
 *   naive    a thread per vertex reads its lists serially;
 *   merged   a warp per vertex, lanes striding by 32 over the lists;
 *   aligned  merged, with the start moved down to the 128-byte boundary of
 *            the neighbour array (32 ids of 4 bytes, 16 of 8 bytes).  The
 *            weight array is indexed identically, so for 8-byte ids a
 *            warp's 16-entry step covers 64 bytes of weights: both arrays
 *            start 4096-aligned, so those 64 bytes are aligned too and the
 *            two reads stay whole requests.
 *
 * Around those reads, as in bfs.cu: 32-vertex chunks in ascending order,
 * a ballot over their stamps, UNROLL loads in flight per lane, and lists
 * longer than HEAVY entries set aside for a pieces launch (common.cuh
 * says why).
 *
 * Traffic: where a read is issued, one thread adds the 128-byte lines it
 * requests from the neighbour array and, apart, from the weight array,
 * split into device memory and the link (common.cuh: emogi_lines): the
 * warp kernel's lane 0 for a list it reads, each piece for its own range,
 * each naive thread for its own list.  The totals stay on the device
 * beside the edge count and are read once, after the last round.
 */
#include <cuda_runtime.h>

#include <stdint.h>

#include <new>

#include "common.cuh"
#include "emogi_dist_gpu.h"
#include "emogi_sssp.h"
#include "reader.cuh"

namespace {

const char *const CUDA_ALG = "SSSP";

constexpr unsigned FLOAT_INF_BITS = 0x7f800000u;

/* counters[]: what the host resets every round (the next chunk, and the
 * lists set aside: C_HEAVY..C_MTAKEN are common.cuh's emogi_aside count),
 * then the running totals, read once at the end: edges relaxed and the
 * bytes of the lines fetched from device memory and over the link
 * (emogi_lines::flush's pair). */
enum { C_CHUNK, C_HEAVY, C_MEDIUM, C_MTAKEN, C_EDGES, C_DEV, C_LINK, C_COUNT };
constexpr size_t C_ROUND = C_EDGES; /* the counters reset every round */

enum wkind { W_U32, W_F32, W_UNIT };

template <int K> struct dist_type { typedef unsigned long long type; };
template <> struct dist_type<W_F32> { typedef unsigned int type; };

template <int K>
__device__ __forceinline__ typename dist_type<K>::type
through(typename dist_type<K>::type du, const emogi_arr<uint32_t> wt, uint64_t j)
{
    if (K == W_UNIT)
        return du + 1;
    if (K == W_U32)
        return du + wt[j];
    return __float_as_uint(__fadd_rn(__uint_as_float((unsigned)du),
                                     __uint_as_float(wt[j])));
}

/* The lines a read of entries [A, B) requests: ids, and weights unless
 * they are all 1 (a separate array of 4-byte entries, its own lines). */
template <typename T, int K>
__device__ __forceinline__ void count_read(emogi_lines &lines, const emogi_arr<T> &nb,
                                           const emogi_arr<uint32_t> &wt, uint64_t a, uint64_t b)
{
    lines.add(nb, a, b);
    if (K != W_UNIT)
        lines.add(wt, a, b);
}

/* The plain read skips most atomics; a stale value is only ever higher. */
template <typename D>
__device__ __forceinline__ void lower(D *dist, uint32_t *stamp, uint64_t v, D d, uint32_t next,
                                      bool &changed)
{
    if (d < dist[v] && d < atomicMin(&dist[v], d)) {
        stamp[v] = next;
        changed = true;
    }
}

/*
 * What a round's kernels do with the lists they read (an Op): ACTIVE(v)
 * says whether vertex v's lists are read, FROM(u) the distance they are
 * relaxed from, OFFER(w, d, changed) offers candidate D to neighbour W;
 * a kernel that lowered something sets the flag to ROUND + 1.  The
 * single GPU's, one_gpu: every vertex of the graph, stamped for the next
 * round when lowered; an MPI rank's, rank_gpu, below.
 */
template <typename D> struct one_gpu {
    D *dist;
    uint32_t *stamp;
    uint32_t round;

    __device__ bool active(uint64_t v) const { return stamp[v] == round; }
    __device__ D from(uint64_t u) const { return dist[u]; }
    __device__ void offer(uint64_t w, D d, bool &changed) const
    {
        lower<D>(dist, stamp, w, d, round + 1, changed);
    }
};

template <typename T, int K, typename Op>
__global__ void __launch_bounds__(BLOCK)
    sssp_naive(const uint64_t *__restrict__ off, const emogi_arr<T> nb,
               const emogi_arr<uint32_t> wt, const Op op, uint64_t nv, uint32_t *flag,
               unsigned long long *counters)
{
    typedef typename dist_type<K>::type D;
    bool changed = false;
    unsigned long long edges = 0;
    emogi_lines lines;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < nv; v += stride) {
        if (!op.active(v))
            continue;
        const D du = op.from(v);
        const uint64_t start = off[v], end = off[v + 1];
        for (uint64_t i = start; i < end; i++)
            op.offer((uint64_t)nb[i], through<K>(du, wt, i), changed);
        edges += end - start;
        count_read<T, K>(lines, nb, wt, start, end);
    }
    for (int d = 16; d > 0; d /= 2)
        edges += __shfl_down_sync(FULL, edges, d);
    if ((threadIdx.x & 31) == 0 && edges)
        atomicAdd(&counters[C_EDGES], edges);
    lines.flush(&counters[C_DEV]);
    if (changed)
        *flag = op.round + 1;
}

/* A warp's relaxed edges and fetched lines, added once per warp; every
 * lane calls (lane 0 holds the edges). */
__device__ __forceinline__ void add_counts(unsigned long long *counters, unsigned lane,
                                           unsigned long long edges, emogi_lines &lines)
{
    if (lane == 0 && edges)
        atomicAdd(&counters[C_EDGES], edges);
    lines.flush(&counters[C_DEV]);
}

/* Entries [A, B) of U's lists from START, relaxed by the warp (reader.cuh):
 * each weight is loaded beside its id, in the same unrolled batch, and its
 * lines are counted here (an array of 4-byte entries indexed as the ids). */
template <int K, typename R, typename Op>
__device__ __forceinline__ void relax(const R &r, typename R::warp &w,
                                      const emogi_arr<uint32_t> &wt, const Op &op,
                                      emogi_lines &lines, uint64_t u, uint64_t a, uint64_t start,
                                      uint64_t b, unsigned lane, bool &changed)
{
    typedef typename dist_type<K>::type D;
    const D du = op.from(u);
    r.read(w, lines, u, a, start, b, lane, [&](uint64_t j) { return through<K>(du, wt, j); },
           [&](typename R::id v, D d) { op.offer((uint64_t)v, d, changed); });
    if (K != W_UNIT && lane == 0)
        lines.add(wt, a > start ? a : start, b);
}

template <int K, typename R, typename Op>
__global__ void __launch_bounds__(BLOCK)
    sssp_warp(const R r, const emogi_arr<uint32_t> wt, const Op op, uint64_t nv, uint32_t *flag,
              unsigned long long *counters, const emogi_aside q)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    bool changed = false;
    unsigned long long edges = 0;
    emogi_lines lines;
    auto each = [&](uint64_t u, uint64_t a, uint64_t start, uint64_t b) {
        relax<K>(r, w, wt, op, lines, u, a, start, b, lane, changed);
    };
    emogi_warp_frontier<CHUNKS>(
        &counters[C_CHUNK], nv, lane, [&](uint64_t v) { return op.active(v); },
        [&](uint64_t u) {
            edges += r.off[u + 1] - r.off[u];
            if (q.set_aside(u, emogi_span(r, u, 0), HEAVY, lane))
                return; /* its lines are counted by the launch that reads it */
            emogi_whole(r, u, 0, each);
        });
    add_counts(counters, lane, edges, lines);
    if (__any_sync(FULL, changed) && lane == 0)
        *flag = op.round + 1;
}

/* The long lists the round kernel set aside: hubs cut into SEGMENT-entry
 * pieces spread over every warp (pieces after the first start on a
 * boundary), then the medium lists, a whole list per grab. */
template <int K, typename R, typename Op>
__global__ void __launch_bounds__(BLOCK)
    sssp_heavy(const R r, const emogi_arr<uint32_t> wt, const Op op, uint32_t *flag,
               unsigned long long *counters, const emogi_aside q)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    bool changed = false;
    emogi_lines lines;
    emogi_aside_read(q, r, 0, lane, [&](uint64_t u, uint64_t a, uint64_t start, uint64_t b) {
        relax<K>(r, w, wt, op, lines, u, a, start, b, lane, changed);
    });
    lines.flush(&counters[C_DEV]);
    if (__any_sync(FULL, changed) && lane == 0)
        *flag = op.round + 1;
}

__global__ void fill_inf(unsigned *dist, uint64_t nv)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < nv; v += stride)
        dist[v] = FLOAT_INF_BITS;
}

/* What one search holds on the device; released whatever happens. */
struct sssp_state {
    void *dist = nullptr;
    uint32_t *stamp = nullptr;
    uint32_t *flag = nullptr;
    unsigned long long *counters = nullptr;
    uint64_t *heavy = nullptr; /* the slots of the lists set aside */
    emogi_aside q{};
    unsigned blocks = 0; /* resident blocks: grid-stride loops need no more */
    cudaEvent_t t0 = nullptr, t1 = nullptr;
};

void release(sssp_state &s)
{
    cudaFree(s.dist);
    cudaFree(s.stamp);
    cudaFree(s.flag);
    cudaFree(s.counters);
    cudaFree(s.heavy);
    if (s.t0)
        cudaEventDestroy(s.t0);
    if (s.t1)
        cudaEventDestroy(s.t1);
    (void)cudaGetLastError();
}

/* One round's kernels over P's nv vertices, read by R, relaxing as OP says. */
template <int K, typename R, typename Op>
int launch_warp(const emogi_placed *p, const R &r, sssp_state &s, const Op &op, emogi_error *err)
{
    const uint64_t nv = p->g->nv;
    const emogi_arr<uint32_t> wt(p->wgt);
    EMOGI_CK(cudaMemsetAsync(s.counters, 0, C_ROUND * sizeof *s.counters),
             "resetting the counters");
    sssp_warp<K><<<emogi_grid((nv + 31) / 32 * 32, s.blocks), BLOCK>>>(r, wt, op, nv, s.flag,
                                                                      s.counters, s.q);
    EMOGI_CK(cudaGetLastError(), "launching the round kernel");
    /* Always launched: it reads the queue length on the device, which costs
     * less than a round trip to ask whether the queue is empty. */
    sssp_heavy<K><<<s.blocks, BLOCK>>>(r, wt, op, s.flag, s.counters, s.q);
    EMOGI_CK(cudaGetLastError(), "launching the heavy-list kernel");
    return 0;
}

template <typename T, int K, typename Op>
int launch(const emogi_placed *p, enum emogi_kernel k, sssp_state &s, const Op &op,
           emogi_error *err)
{
    if (p->d_coffsets) /* one reader for compressed lists, whatever K says */
        return launch_warp<K>(p, emogi_packed<T>(*p), s, op, err);
    if (k == EMOGI_KERNEL_MERGED)
        return launch_warp<K>(p, emogi_plain<T, false>(*p), s, op, err);
    if (k == EMOGI_KERNEL_ALIGNED)
        return launch_warp<K>(p, emogi_plain<T, true>(*p), s, op, err);
    const uint64_t nv = p->g->nv;
    sssp_naive<T, K><<<emogi_grid(nv, s.blocks), BLOCK>>>(
        p->d_offsets, emogi_arr<T>(p->nbr), emogi_arr<uint32_t>(p->wgt), op, nv, s.flag,
        s.counters);
    EMOGI_CK(cudaGetLastError(), "launching the round kernel");
    return 0;
}

/* Rounds until one lowers nothing; each round's flag read synchronises. */
template <typename T, int K>
int rounds(const emogi_placed *p, enum emogi_kernel k, sssp_state &s, uint64_t *done,
           emogi_error *err)
{
    typedef typename dist_type<K>::type D;
    const uint64_t nv = p->g->nv;
    for (uint32_t round = 1;; round++) {
        if ((uint64_t)round > nv + 1 || round == UINT32_MAX)
            return emogi_fail(err, "GPU SSSP: more rounds than vertices: kernel fault");
        const one_gpu<D> op = {static_cast<D *>(s.dist), s.stamp, round};
        if (launch<T, K>(p, k, s, op, err))
            return -1;
        uint32_t flag = 0;
        EMOGI_CK(cudaMemcpy(&flag, s.flag, sizeof flag, cudaMemcpyDeviceToHost), "running a round");
        if (flag != round + 1) {
            *done = round;
            return 0;
        }
    }
}

template <typename T>
int rounds_for(const emogi_placed *p, int kind, enum emogi_kernel k, sssp_state &s,
               uint64_t *done, emogi_error *err)
{
    if (kind == W_F32)
        return rounds<T, W_F32>(p, k, s, done, err);
    if (kind == W_UNIT)
        return rounds<T, W_UNIT>(p, k, s, done, err);
    return rounds<T, W_U32>(p, k, s, done, err);
}

int check(const emogi_placed *p, uint64_t source, const emogi_sssp_opts *o, enum emogi_kernel k,
          emogi_error *err)
{
    const emogi_graph *g = p ? p->g : nullptr;
    if (!g || !p->priv || !p->d_offsets)
        return emogi_fail(err, "GPU SSSP: the graph is not placed on a GPU");
    if (source >= g->nv)
        return emogi_fail(err, "GPU SSSP: source %llu out of range (%llu vertices)",
                          (unsigned long long)source, (unsigned long long)g->nv);
    if (!emogi_lists_placed(p))
        return emogi_fail(err, "GPU SSSP: neighbours not placed");
    if (g->ne && !o->unit_weights && p->wgt.n != g->ne)
        return emogi_fail(err, "GPU SSSP: weights not placed");
    if (!o->unit_weights && g->weight_type != EMOGI_WEIGHT_UINT32 &&
        g->weight_type != EMOGI_WEIGHT_FLOAT32)
        return emogi_fail(err, "GPU SSSP: the graph has no usable weights");
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "GPU SSSP: id width %u unsupported", g->id_width);
    if (k != EMOGI_KERNEL_NAIVE && k != EMOGI_KERNEL_MERGED && k != EMOGI_KERNEL_ALIGNED)
        return emogi_fail(err, "GPU SSSP: unknown kernel %d", (int)k);
    return 0;
}

int allocate(const emogi_placed *p, uint64_t source, unsigned dsize, sssp_state &s,
             emogi_error *err)
{
    const uint64_t nv = p->g->nv;
    EMOGI_CK(cudaSetDevice(p->device), "cudaSetDevice");
    if (emogi_resident_blocks(p->device, BLOCK, &s.blocks, err))
        return -1;
    EMOGI_CK(cudaMalloc(&s.dist, nv * dsize), "cudaMalloc of the distance array");
    EMOGI_CK(cudaMalloc(&s.stamp, nv * sizeof *s.stamp), "cudaMalloc of the stamps");
    EMOGI_CK(cudaMalloc(&s.flag, sizeof *s.flag), "cudaMalloc");
    EMOGI_CK(cudaMalloc(&s.counters, C_COUNT * sizeof *s.counters), "cudaMalloc");
    EMOGI_CK(emogi_aside_alloc(&s.counters[C_HEAVY], emogi_heavy_slots(p->g->ne), p->g->ne,
                               &s.heavy, &s.q),
             "cudaMalloc of the long lists' queues");
    EMOGI_CK(cudaEventCreate(&s.t0), "cudaEventCreate");
    EMOGI_CK(cudaEventCreate(&s.t1), "cudaEventCreate");
    /* Unreached: all ones (uint64), or +infinity (float); only the source
     * is stamped for round 1. */
    if (dsize == 8) {
        EMOGI_CK(cudaMemset(s.dist, 0xff, nv * dsize), "cudaMemset");
    } else {
        fill_inf<<<emogi_grid(nv, s.blocks), BLOCK>>>(static_cast<unsigned *>(s.dist), nv);
        EMOGI_CK(cudaGetLastError(), "initialising the distances");
    }
    const uint32_t one = 1;
    EMOGI_CK(cudaMemset(static_cast<char *>(s.dist) + source * dsize, 0, dsize), "cudaMemset");
    EMOGI_CK(cudaMemset(s.stamp, 0, nv * sizeof *s.stamp), "cudaMemset");
    EMOGI_CK(cudaMemcpy(s.stamp + source, &one, sizeof one, cudaMemcpyHostToDevice), "cudaMemcpy");
    EMOGI_CK(cudaMemset(s.flag, 0, sizeof *s.flag), "cudaMemset");
    EMOGI_CK(cudaMemset(s.counters, 0, C_COUNT * sizeof *s.counters), "cudaMemset");
    EMOGI_CK(cudaDeviceSynchronize(), "initialising the search");
    return 0;
}

uint64_t count_reached(const void *dist, unsigned dsize, uint64_t nv)
{
    uint64_t r = 0;
    for (uint64_t v = 0; v < nv; v++)
        r += dsize == 8 ? static_cast<const uint64_t *>(dist)[v] != EMOGI_SSSP_UNREACHED
                        : static_cast<const uint32_t *>(dist)[v] != FLOAT_INF_BITS;
    return r;
}

int run(const emogi_placed *p, uint64_t source, const emogi_sssp_opts *o, enum emogi_kernel k,
        void *dist, emogi_sssp_stats *st, sssp_state &s, emogi_error *err)
{
    const int kind = o->unit_weights ? W_UNIT
                     : p->g->weight_type == EMOGI_WEIGHT_FLOAT32 ? W_F32
                                                                 : W_U32;
    const unsigned dsize = kind == W_F32 ? 4 : 8;
    const uint64_t nv = p->g->nv;
    if (allocate(p, source, dsize, s, err))
        return -1;
    EMOGI_CK(cudaEventRecord(s.t0), "cudaEventRecord");
    uint64_t done = 0;
    int rc = p->g->id_width == 4 ? rounds_for<uint32_t>(p, kind, k, s, &done, err)
                                 : rounds_for<uint64_t>(p, kind, k, s, &done, err);
    if (rc)
        return -1;
    EMOGI_CK(cudaEventRecord(s.t1), "cudaEventRecord");
    EMOGI_CK(cudaEventSynchronize(s.t1), "cudaEventSynchronize");
    float ms = 0;
    EMOGI_CK(cudaEventElapsedTime(&ms, s.t0, s.t1), "cudaEventElapsedTime");
    unsigned long long acc[C_COUNT];
    EMOGI_CK(cudaMemcpy(acc, s.counters, sizeof acc, cudaMemcpyDeviceToHost), "counting edges");
    EMOGI_CK(cudaMemcpy(dist, s.dist, nv * dsize, cudaMemcpyDeviceToHost),
             "copying distances to the host");
    if (st) {
        st->seconds = ms / 1e3;
        st->iterations = done;
        st->reached = count_reached(dist, dsize, nv);
        st->edges_relaxed = acc[C_EDGES];
        st->devmem_bytes = acc[C_DEV];
        st->link_bytes = acc[C_LINK];
        st->edge_bytes = acc[C_DEV] + acc[C_LINK];
        st->edges_examined = 0; /* not counted on the GPU (emogi_sssp.h) */
    }
    return 0;
}

} // namespace

extern "C" int emogi_sssp_gpu(const struct emogi_placed *p, uint64_t source,
                              const struct emogi_sssp_opts *o, enum emogi_kernel k, void *dist,
                              struct emogi_sssp_stats *st, emogi_error *err)
{
    if (check(p, source, o, k, err))
        return -1;
    sssp_state s;
    int rc = run(p, source, o, k, dist, st, s, err);
    release(s);
    return rc;
}

/* ---- one GPU rank of a distributed SSSP (emogi_dist_gpu.h) ----
 *
 * dist/sssp.c's phase on the rank's range, by the round kernels
 * above: a take kernel stamps the active vertices of the phase's bucket
 * and clears them from the active set, and the round kernels relax their
 * lists with rank_gpu.  A candidate for another rank's vertex that is
 * lower than the lowest sent for it (SENT) lowers that, and the vertex is
 * listed once a phase (its TOUCHED bit); after the launch the list gets
 * each vertex's lowest candidate, all the owner needs, and goes to the
 * host.  The distances, the active set and the stamps are the rank's n
 * vertices'; SENT and TOUCHED cover all nv. */

namespace {

template <typename D> struct rank_gpu {
    D *dist;
    uint32_t *stamp;
    uint32_t round;
    unsigned char *queued; /* active: lowered since its list was last relaxed */
    D *sent;
    unsigned long long *touched;
    emogi_dsssp_pair *out;
    unsigned long long *out_n;
    uint64_t lo, n;

    __device__ bool active(uint64_t v) const { return stamp[v] == round; }
    __device__ D from(uint64_t u) const { return dist[u]; }
    __device__ void offer(uint64_t w, D d, bool &changed) const
    {
        if (w - lo < n) { /* unsigned: W below LO wraps past N */
            const uint64_t i = w - lo;
            if (d < dist[i] && d < atomicMin(&dist[i], d)) {
                queued[i] = 1;
                changed = true;
            }
        } else if (d < sent[w] && d < atomicMin(&sent[w], d)) {
            const unsigned long long bit = 1ull << (w & 63);
            if (!(atomicOr(&touched[w >> 6], bit) & bit))
                out[atomicAdd(out_n, 1ull)].v = w;
        }
    }
};

template <int K>
__device__ __forceinline__ uint64_t bucket_of(typename dist_type<K>::type d, uint64_t delta_i,
                                              double delta_f)
{
    if (K == W_F32)
        return emogi_dsssp_bucket_f(__uint_as_float((unsigned)d), delta_f);
    return (uint64_t)d / delta_i;
}

template <int K>
__global__ void __launch_bounds__(BLOCK)
    dsssp_lowest(const typename dist_type<K>::type *dist, const unsigned char *queued, uint64_t n,
                 uint64_t delta_i, double delta_f, unsigned long long *lowest)
{
    unsigned long long m = ~0ull;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += stride)
        if (queued[i]) {
            const unsigned long long b = bucket_of<K>(dist[i], delta_i, delta_f);
            m = b < m ? b : m;
        }
    if (m != ~0ull)
        atomicMin(lowest, m);
}

template <int K>
__global__ void __launch_bounds__(BLOCK)
    dsssp_take(const typename dist_type<K>::type *dist, unsigned char *queued, uint32_t *stamp,
               uint64_t n, uint64_t bucket, uint32_t round, uint64_t delta_i, double delta_f)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += stride)
        if (queued[i] && bucket_of<K>(dist[i], delta_i, delta_f) == bucket) {
            queued[i] = 0;
            stamp[i] = round;
        }
}

/* Each listed vertex's lowest candidate of the phase; unlisted again. */
template <typename D>
__global__ void __launch_bounds__(BLOCK)
    dsssp_collect(emogi_dsssp_pair *out, uint64_t m, const D *sent, unsigned long long *touched)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; k < m; k += stride) {
        const uint64_t w = out[k].v;
        out[k].d = sent[w];
        atomicAnd(&touched[w >> 6], ~(1ull << (w & 63)));
    }
}

template <typename D>
__global__ void __launch_bounds__(BLOCK)
    dsssp_apply(const emogi_dsssp_pair *in, uint64_t m, uint64_t lo, uint64_t n, D *dist,
                unsigned char *queued)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; k < m; k += stride) {
        const uint64_t i = in[k].v - lo;
        const D d = (D)in[k].d;
        if (i < n && d < dist[i] && d < atomicMin(&dist[i], d))
            queued[i] = 1;
    }
}

template <int K> struct kind_tag {
    static constexpr int value = K;
};

} // namespace

struct emogi_dsssp_gpu {
    sssp_state s; /* dist and stamp: the rank's n */
    const emogi_placed *out;
    enum emogi_kernel k;
    int kind;
    unsigned dsize;
    uint64_t lo, n, nv, delta_i;
    double delta_f;
    uint32_t round;
    unsigned char *queued;
    void *sent;
    unsigned long long *touched;
    unsigned long long *aux; /* [0] vertices listed to send, [1] the lowest bucket */
    emogi_dsssp_pair *pairs; /* cap: the phase's to send, or a batch received */
    uint64_t cap;
};

namespace {

/* F(T(), kind_tag<K>()) for R's id type T and weight kind K. */
template <typename F> int typed(const emogi_dsssp_gpu *r, F f)
{
    if (r->out->g->id_width == 4) {
        if (r->kind == W_F32)
            return f(uint32_t(), kind_tag<W_F32>());
        return r->kind == W_UNIT ? f(uint32_t(), kind_tag<W_UNIT>())
                                 : f(uint32_t(), kind_tag<W_U32>());
    }
    if (r->kind == W_F32)
        return f(uint64_t(), kind_tag<W_F32>());
    return r->kind == W_UNIT ? f(uint64_t(), kind_tag<W_UNIT>()) : f(uint64_t(), kind_tag<W_U32>());
}

/* Unreached: all ones (uint64), or +infinity (float). */
int fill_unreached(void *a, uint64_t n, unsigned dsize, unsigned blocks, emogi_error *err)
{
    if (dsize == 8) {
        EMOGI_CK(cudaMemset(a, 0xff, (n ? n : 1) * dsize), "cudaMemset");
        return 0;
    }
    fill_inf<<<emogi_grid(n, blocks), BLOCK>>>(static_cast<unsigned *>(a), n);
    EMOGI_CK(cudaGetLastError(), "initialising the distances");
    return 0;
}

int rank_alloc(emogi_dsssp_gpu *r, emogi_error *err)
{
    sssp_state &s = r->s;
    const uint64_t n1 = r->n ? r->n : 1, words = (r->nv + 63) / 64 + 1;
    EMOGI_CK(cudaSetDevice(r->out->device), "cudaSetDevice");
    if (emogi_resident_blocks(r->out->device, BLOCK, &s.blocks, err))
        return -1;
    EMOGI_CK(cudaMalloc(&s.dist, n1 * r->dsize), "cudaMalloc of the distances");
    EMOGI_CK(cudaMalloc(&s.stamp, n1 * sizeof *s.stamp), "cudaMalloc of the stamps");
    EMOGI_CK(cudaMalloc(&s.flag, sizeof *s.flag), "cudaMalloc");
    EMOGI_CK(cudaMalloc(&s.counters, C_COUNT * sizeof *s.counters), "cudaMalloc");
    EMOGI_CK(emogi_aside_alloc(&s.counters[C_HEAVY], emogi_heavy_slots(r->out->g->ne),
                               r->out->g->ne, &s.heavy, &s.q),
             "cudaMalloc of the long lists' queues");
    EMOGI_CK(cudaMalloc(&r->queued, n1), "cudaMalloc of the active set");
    EMOGI_CK(cudaMalloc(&r->sent, (r->nv ? r->nv : 1) * r->dsize),
             "cudaMalloc of the candidates sent");
    EMOGI_CK(cudaMalloc(&r->touched, words * sizeof *r->touched), "cudaMalloc of a bitmap");
    EMOGI_CK(cudaMalloc(&r->aux, 2 * sizeof *r->aux), "cudaMalloc");
    EMOGI_CK(cudaMalloc(&r->pairs, r->cap * sizeof *r->pairs), "cudaMalloc of the candidates");
    EMOGI_CK(cudaMemset(s.counters, 0, C_COUNT * sizeof *s.counters), "cudaMemset");
    return 0;
}

/* The phase's candidates for other ranks' vertices into SEND. */
int rank_send(emogi_dsssp_gpu *r, emogi_dsssp_pair *send, uint64_t *send_n, emogi_error *err)
{
    unsigned long long m = 0;
    EMOGI_CK(cudaMemcpy(&m, r->aux, sizeof m, cudaMemcpyDeviceToHost), "relaxing a bucket");
    if (m > r->cap)
        return emogi_fail(err, "GPU SSSP: %llu vertices to send, room for %llu: kernel fault",
                          m, (unsigned long long)r->cap);
    if (m) {
        if (r->dsize == 4)
            dsssp_collect<<<emogi_grid(m, r->s.blocks), BLOCK>>>(
                r->pairs, m, static_cast<const unsigned *>(r->sent), r->touched);
        else
            dsssp_collect<<<emogi_grid(m, r->s.blocks), BLOCK>>>(
                r->pairs, m, static_cast<const unsigned long long *>(r->sent), r->touched);
        EMOGI_CK(cudaGetLastError(), "launching the collection");
        EMOGI_CK(cudaMemcpy(send, r->pairs, m * sizeof *send, cudaMemcpyDeviceToHost),
                 "copying the candidates to send");
    }
    *send_n = m;
    return 0;
}

/* The take and round kernels of the phase over BUCKET. */
template <typename T, int K> int rank_relax(emogi_dsssp_gpu *r, uint64_t bucket, emogi_error *err)
{
    typedef typename dist_type<K>::type D;
    sssp_state &s = r->s;
    if (++r->round == UINT32_MAX) { /* stamps of 2^32 phases ago are stale anyway */
        EMOGI_CK(cudaMemset(s.stamp, 0, (r->n ? r->n : 1) * sizeof *s.stamp), "cudaMemset");
        r->round = 1;
    }
    D *dist = static_cast<D *>(s.dist);
    dsssp_take<K><<<emogi_grid(r->n, s.blocks), BLOCK>>>(dist, r->queued, s.stamp, r->n, bucket,
                                                         r->round, r->delta_i, r->delta_f);
    EMOGI_CK(cudaGetLastError(), "launching the take kernel");
    EMOGI_CK(cudaMemsetAsync(r->aux, 0, sizeof *r->aux), "clearing a counter");
    const rank_gpu<D> op = {dist,      s.stamp,  r->round, r->queued, static_cast<D *>(r->sent),
                            r->touched, r->pairs, r->aux,  r->lo,     r->n};
    return launch<T, K>(r->out, r->k, s, op, err);
}

} // namespace

extern "C" uint64_t emogi_dsssp_gpu_state_bytes(uint64_t n, uint64_t nv, uint64_t ne,
                                                unsigned dsize)
{
    return n * (dsize + 4 + 1) + nv * dsize + ((nv + 63) / 64 + 1) * 8 +
           (nv - n + 1) * sizeof(emogi_dsssp_pair) +
           emogi_aside_slots(emogi_heavy_slots(ne), ne) * 8 + (C_COUNT + 3) * 8;
}

extern "C" int emogi_dsssp_gpu_open(const struct emogi_placed *out, enum emogi_kernel k, int unit,
                                    uint64_t lo, uint64_t nv, double delta,
                                    struct emogi_dsssp_gpu **rp, emogi_error *err)
{
    *rp = nullptr;
    const emogi_graph *g = out ? out->g : nullptr;
    if (!g || !out->d_offsets || !emogi_lists_placed(out))
        return emogi_fail(err, "GPU SSSP: the rank's lists must be placed");
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "GPU SSSP: id width %u unsupported", g->id_width);
    if (!unit && g->weight_type != EMOGI_WEIGHT_UINT32 && g->weight_type != EMOGI_WEIGHT_FLOAT32)
        return emogi_fail(err, "GPU SSSP: the graph has no usable weights");
    if (g->ne && !unit && out->wgt.n != g->ne)
        return emogi_fail(err, "GPU SSSP: weights not placed");
    if (k != EMOGI_KERNEL_NAIVE && k != EMOGI_KERNEL_MERGED && k != EMOGI_KERNEL_ALIGNED)
        return emogi_fail(err, "GPU SSSP: unknown kernel %d", (int)k);
    if (lo > nv || g->nv > nv - lo)
        return emogi_fail(err, "GPU SSSP: the rank's range passes the graph's end");
    if (!(delta > 0) || ((g->weight_type != EMOGI_WEIGHT_FLOAT32 || unit) && !(delta >= 1)))
        return emogi_fail(err, "GPU SSSP: bad delta %g", delta);
    emogi_dsssp_gpu *r = new (std::nothrow) emogi_dsssp_gpu();
    if (!r)
        return emogi_fail(err, "GPU SSSP: out of memory");
    r->out = out;
    r->k = k;
    r->kind = unit ? W_UNIT : g->weight_type == EMOGI_WEIGHT_FLOAT32 ? W_F32 : W_U32;
    r->dsize = r->kind == W_F32 ? 4 : 8;
    r->lo = lo;
    r->n = g->nv;
    r->nv = nv;
    r->delta_f = delta;
    r->delta_i = (uint64_t)delta;
    r->cap = nv - g->nv ? nv - g->nv : 1;
    if (rank_alloc(r, err)) {
        emogi_dsssp_gpu_close(r);
        return -1;
    }
    *rp = r;
    return 0;
}

extern "C" void emogi_dsssp_gpu_close(struct emogi_dsssp_gpu *r)
{
    if (!r)
        return;
    release(r->s);
    cudaFree(r->queued);
    cudaFree(r->sent);
    cudaFree(r->touched);
    cudaFree(r->aux);
    cudaFree(r->pairs);
    (void)cudaGetLastError();
    delete r;
}

extern "C" int emogi_dsssp_gpu_start(struct emogi_dsssp_gpu *r, uint64_t source, emogi_error *err)
{
    sssp_state &s = r->s;
    const uint64_t n1 = r->n ? r->n : 1;
    if (fill_unreached(s.dist, r->n, r->dsize, s.blocks, err) ||
        fill_unreached(r->sent, r->nv, r->dsize, s.blocks, err))
        return -1;
    EMOGI_CK(cudaMemset(s.stamp, 0, n1 * sizeof *s.stamp), "cudaMemset");
    EMOGI_CK(cudaMemset(r->queued, 0, n1), "cudaMemset");
    EMOGI_CK(cudaMemset(r->touched, 0, ((r->nv + 63) / 64 + 1) * sizeof *r->touched),
             "cudaMemset");
    r->round = 0;
    if (source - r->lo < r->n) {
        const unsigned char one = 1;
        EMOGI_CK(cudaMemset(static_cast<char *>(s.dist) + (source - r->lo) * r->dsize, 0,
                            r->dsize),
                 "cudaMemset");
        EMOGI_CK(cudaMemcpy(r->queued + (source - r->lo), &one, 1, cudaMemcpyHostToDevice),
                 "activating the source");
    }
    EMOGI_CK(cudaDeviceSynchronize(), "initialising the search");
    return 0;
}

extern "C" int emogi_dsssp_gpu_lowest(struct emogi_dsssp_gpu *r, uint64_t *bucket,
                                      emogi_error *err)
{
    unsigned long long m = ~0ull;
    const unsigned grid = emogi_grid(r->n, r->s.blocks);
    EMOGI_CK(cudaMemcpy(r->aux + 1, &m, sizeof m, cudaMemcpyHostToDevice), "cudaMemcpy");
    if (r->kind == W_F32)
        dsssp_lowest<W_F32><<<grid, BLOCK>>>(static_cast<const unsigned *>(r->s.dist), r->queued,
                                             r->n, r->delta_i, r->delta_f, r->aux + 1);
    else
        dsssp_lowest<W_U32><<<grid, BLOCK>>>(static_cast<const unsigned long long *>(r->s.dist),
                                             r->queued, r->n, r->delta_i, r->delta_f, r->aux + 1);
    EMOGI_CK(cudaGetLastError(), "launching the bucket search");
    EMOGI_CK(cudaMemcpy(&m, r->aux + 1, sizeof m, cudaMemcpyDeviceToHost), "finding the bucket");
    *bucket = m;
    return 0;
}

extern "C" int emogi_dsssp_gpu_relax(struct emogi_dsssp_gpu *r, uint64_t bucket,
                                     struct emogi_dsssp_pair *send, uint64_t *send_n,
                                     emogi_error *err)
{
    const int rc = typed(r, [&](auto t, auto kind) {
        return rank_relax<decltype(t), decltype(kind)::value>(r, bucket, err);
    });
    return rc ? -1 : rank_send(r, send, send_n, err);
}

extern "C" int emogi_dsssp_gpu_apply(struct emogi_dsssp_gpu *r,
                                     const struct emogi_dsssp_pair *recv, uint64_t n,
                                     emogi_error *err)
{
    for (uint64_t at = 0; at < n; at += r->cap) {
        const uint64_t m = n - at < r->cap ? n - at : r->cap;
        const unsigned grid = emogi_grid(m, r->s.blocks);
        EMOGI_CK(cudaMemcpy(r->pairs, recv + at, m * sizeof *recv, cudaMemcpyHostToDevice),
                 "copying the candidates received");
        if (r->dsize == 4)
            dsssp_apply<<<grid, BLOCK>>>(r->pairs, m, r->lo, r->n,
                                         static_cast<unsigned *>(r->s.dist), r->queued);
        else
            dsssp_apply<<<grid, BLOCK>>>(r->pairs, m, r->lo, r->n,
                                         static_cast<unsigned long long *>(r->s.dist), r->queued);
        EMOGI_CK(cudaGetLastError(), "launching the candidates received");
    }
    return 0;
}

extern "C" int emogi_dsssp_gpu_result(struct emogi_dsssp_gpu *r, void *dist, uint64_t fig[3],
                                      emogi_error *err)
{
    unsigned long long acc[C_COUNT];
    EMOGI_CK(cudaMemcpy(acc, r->s.counters, sizeof acc, cudaMemcpyDeviceToHost),
             "counting edges");
    if (r->n)
        EMOGI_CK(cudaMemcpy(dist, r->s.dist, r->n * r->dsize, cudaMemcpyDeviceToHost),
                 "copying distances to the host");
    fig[0] = acc[C_EDGES];
    fig[1] = acc[C_DEV];
    fig[2] = acc[C_LINK];
    return 0;
}
