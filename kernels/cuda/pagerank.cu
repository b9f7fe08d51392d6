/*
 * pagerank.cu - PageRank on the GPU: the CPU backend's pull iteration
 * (kernels/cpu/pagerank.c, GAP's pr.cc) with EMOGI's ways of reading the
 * neighbour lists (S. W. Min et al., VLDB 2021; kernels/cuda/bfs.cu
 * explains them and what bench/REFERENCE.md records for each).
 *
 * Each iteration is a few launches on one stream: `spread` turns ranks
 * into per-edge contributions and sums the dangling rank; `gather` sums
 * each vertex's in-neighbours' contributions, where the in-edge array,
 * the one array that may live across PCIe, is read by
 *
 *   naive    a thread per vertex, its list read serially;
 *   merged   a warp per vertex, lanes striding by 32, the warp's sum a
 *            shuffle reduction;
 *   aligned  merged, the start moved down to the 128-byte boundary so
 *            every warp load covers whole lines; lanes before the true
 *            start read nothing.
 *
 * Every vertex is active in every iteration, so warps take 32-vertex
 * chunks from a counter in ascending order with no ballot.  Lists longer
 * than HEAVY entries are left to `pieces`, which spreads SEGMENT-entry
 * pieces over all warps, and `finish`, which adds each hub's piece sums in
 * order (common.cuh says why for both).  The set of hubs never changes, so
 * it is listed once on the host.
 *
 * Everything is summed in float64 and in a fixed order per vertex (lanes,
 * then a shuffle tree), so ranks do not depend on scheduling; they differ
 * from the CPU's only by rounding.  The two sums over all vertices, the
 * dangling rank and the L1 change (the one value read back per
 * iteration), are taken per span of EMOGI_PAGERANK_BLOCK vertices in a
 * fixed order (spread's threads, the 32-vertex chunks' changes, then the
 * span's hubs), and the spans' sums added in order by one block: the
 * same sums whatever the grid, the scheduling, or how many GPU ranks
 * hold the spans.  A rank's lists start on the whole graph's 128-byte
 * line boundaries (loader/range.c), so its warps sum each list as the
 * single GPU's do, and ranks whose ranges are whole spans (every
 * distributed run but one from part files) give the single GPU's ranks
 * to the bit, at no measurable cost to a single GPU's time
 * (bench/journal/2026-11-28-gpu-ranks-small-top-down-levels-sparse.md).
 * A sum per thread over the chunks it happens to grab would not do: no
 * two runs need grab alike.
 *
 * Weighted (emogi_pagerank.h): `spread` divides by the out-weight sums,
 * computed on the host as the CPU computes them, and each in-edge's
 * contribution is multiplied by its weight, read from the weight array
 * placed beside the in-edges (and counted in the traffic as it is).
 *
 * Traffic: each read of the in-edge array adds the 128-byte lines it
 * requests, in device memory and over the link (common.cuh: emogi_lines),
 * where it is issued: lane 0 of the warp that reads a list, each piece for
 * its own range, each naive thread for its own list.  The two totals stay
 * on the device and are read once, after the last iteration.
 */
#include <cuda_runtime.h>

#include <math.h>
#include <new>
#include <stdint.h>
#include <stdlib.h>

#include "common.cuh"
#include "emogi_dist_gpu.h"
#include "emogi_pagerank.h"
#include "reader.cuh"

namespace {

const char *const CUDA_ALG = "PageRank";

/* The in-edges' weights as the gathers read them; ON false: unweighted. */
struct in_weights {
    emogi_arr<uint32_t> w;
    bool on = false, f32 = false;
    __device__ __forceinline__ double at(uint64_t j) const
    {
        const uint32_t x = w[j];
        return f32 ? (double)__uint_as_float(x) : (double)x;
    }
    /* In-edge J's term of the sum, C its source's contribution. */
    __device__ __forceinline__ double term(uint64_t j, double c) const
    {
        return on ? at(j) * c : c;
    }
    /* Count the weight lines of entries [A, B) where the ids' are counted. */
    __device__ __forceinline__ void count(emogi_lines &lines, uint64_t a, uint64_t b) const
    {
        if (on)
            lines.add(w, a, b);
    }
};

__device__ __forceinline__ double warp_total(double s)
{
    for (int o = 16; o > 0; o /= 2)
        s += __shfl_xor_sync(FULL, s, o);
    return s;
}

/* The block's sum of V, in thread 0 (every thread must call it; a
 * block may call it again at once). */
__device__ __forceinline__ double block_sum(double v)
{
    __shared__ double warps[BLOCK / 32];
    v = warp_total(v);
    if ((threadIdx.x & 31) == 0)
        warps[threadIdx.x / 32] = v;
    __syncthreads();
    if (threadIdx.x < 32)
        v = warp_total(threadIdx.x < BLOCK / 32 ? warps[threadIdx.x] : 0.0);
    __syncthreads(); /* WARPS read before a next call writes it */
    return v;
}

/* The block's sum of V into *OUT; every thread of the block must call it. */
__device__ __forceinline__ void block_total(double v, double *out)
{
    v = block_sum(v);
    if (threadIdx.x == 0)
        *out = v;
}

/* Vertices a partial sum covers, and its 32-vertex chunks. */
constexpr uint64_t SPAN = EMOGI_PAGERANK_BLOCK;
constexpr uint64_t SPAN_CHUNKS = SPAN / 32;
static_assert(SPAN % BLOCK == 0 && SPAN_CHUNKS <= BLOCK, "a block sums a span");
static_assert(SPAN == 1u << EMOGI_DPR_SPAN_SHIFT, "the ranks exchange the spans' sums");

__host__ __device__ constexpr uint64_t spans_of(uint64_t nv)
{
    return (nv + SPAN - 1) / SPAN;
}

/* *BASE: the rank every vertex starts from this iteration, from the
 * dangling rank.  One thread; the gather kernels read it (a distributed
 * run's host writes it instead, from every rank's dangling sum). */
__global__ void set_base(const double *dangling, uint64_t nv, double d, double *base)
{
    const double n = (double)nv;
    *base = (1.0 - d) / n + d * *dangling / n;
}

/* The N partial sums at PART added in order by a single block. */
__global__ void __launch_bounds__(BLOCK) sum_parts(const double *part, uint64_t n, double *out)
{
    double s = 0;
    for (uint64_t i = threadIdx.x; i < n; i += BLOCK)
        s += part[i];
    block_total(s, out);
}

/* OUTW: the out-weight sums when weighted, else null (out-degrees).
 * PART[s]: the dangling rank of span s, a block a span. */
__global__ void __launch_bounds__(BLOCK)
    spread(const uint64_t *__restrict__ out_off, const double *__restrict__ outw,
           const double *__restrict__ rank, double *__restrict__ contrib, uint64_t nv,
           double *part)
{
    for (uint64_t sp = blockIdx.x; sp < spans_of(nv); sp += gridDim.x) {
        double dangling = 0;
        for (uint64_t v = sp * SPAN + threadIdx.x; v < nv && v < (sp + 1) * SPAN; v += BLOCK) {
            const double share = outw ? (outw[v] > 0 ? outw[v] : 0.0)
                                      : (double)(out_off[v + 1] - out_off[v]);
            contrib[v] = share > 0 ? rank[v] / share : 0.0;
            dangling += share > 0 ? 0.0 : rank[v];
        }
        block_total(dangling, &part[sp]);
    }
}

/* PART[s]: span s's L1 change, from its chunks' (CHUNK, NCHUNKS in all)
 * and then its hubs' (HUB, those of span s from HUB_AT[s]). */
__global__ void __launch_bounds__(BLOCK)
    span_changes(const double *__restrict__ chunk, uint64_t nchunks,
                 const double *__restrict__ hub, const uint64_t *__restrict__ hub_at,
                 uint64_t nspans, double *part)
{
    for (uint64_t sp = blockIdx.x; sp < nspans; sp += gridDim.x) {
        const uint64_t c = sp * SPAN_CHUNKS + threadIdx.x;
        double s = block_sum(threadIdx.x < SPAN_CHUNKS && c < nchunks ? chunk[c] : 0.0);
        if (threadIdx.x == 0) {
            for (uint64_t h = hub_at[sp]; h < hub_at[sp + 1]; h++)
                s += hub[h];
            part[sp] = s;
        }
    }
}

/* A 32-vertex chunk's L1 change, lane i's the change of vertex chunk +
 * i (0 where none), into CHANGE[chunk / 32]: the same tree whichever warp
 * takes the chunk. */
__device__ __forceinline__ void chunk_change(double mine, uint64_t chunk, unsigned lane,
                                             double *change)
{
    mine = warp_total(mine);
    if (lane == 0)
        change[chunk / 32] = mine;
}

template <typename T>
__global__ void __launch_bounds__(BLOCK)
    gather_naive(const uint64_t *__restrict__ off, const emogi_arr<T> nb, const in_weights wt,
                 const double *__restrict__ contrib, double *rank, uint64_t nv,
                 const double *base_p, double d, double *change, unsigned long long *traffic)
{
    const double base = *base_p;
    const unsigned lane = threadIdx.x & 31;
    emogi_lines lines;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    /* the warp's lanes on one chunk, all of them to its end */
    for (uint64_t chunk = blockIdx.x * (uint64_t)blockDim.x + (threadIdx.x & ~31u); chunk < nv;
         chunk += stride) {
        const uint64_t v = chunk + lane;
        double delta = 0;
        if (v < nv) {
            double s = 0;
            const uint64_t start = off[v], end = off[v + 1];
            for (uint64_t i = start; i < end; i++)
                s += wt.term(i, contrib[nb[i]]);
            lines.add(nb, start, end);
            wt.count(lines, start, end);
            const double r = base + d * s;
            delta = fabs(r - rank[v]);
            rank[v] = r;
        }
        chunk_change(delta, chunk, lane, change);
    }
    lines.flush(traffic);
}

/* The warp's sum over entries [A, B) of U's in-list from START
 * (reader.cuh), each weight loaded beside its id; lane i takes the
 * entries the reader gives it, 32k + i of a compressed list, the merged
 * kernel's order, so both sum alike. */
template <typename R>
__device__ __forceinline__ double warp_sum(const R &r, typename R::warp &w, const in_weights &wt,
                                           const double *__restrict__ contrib, emogi_lines &lines,
                                           uint64_t u, uint64_t a, uint64_t start, uint64_t b,
                                           unsigned lane)
{
    typedef typename R::id T;
    double s = 0;
    if (!wt.on)
        r.read(w, lines, u, a, start, b, lane, emogi_no_load,
               [&](T x, emogi_nothing) { s += contrib[x]; });
    else
        r.read(w, lines, u, a, start, b, lane, [&](uint64_t j) { return wt.at(j); },
               [&](T x, double wj) { s += wj * contrib[x]; });
    if (lane == 0)
        wt.count(lines, a > start ? a : start, b);
    return warp_total(s);
}

template <typename T, bool ALIGNED>
__host__ __device__ __forceinline__ bool is_heavy(uint64_t start, uint64_t end)
{
    return end - emogi_first_read<T, ALIGNED>(start) > HEAVY;
}

/* One 32-vertex chunk: each vertex's list read by the whole warp, then
 * lane i writes vertex chunk+i, so offsets and ranks move coalesced.
 * Lists whose read spans more than HEAVY entries are the hubs' pieces'
 * (plan_hubs, with the same rule). */
template <typename R>
__device__ __forceinline__ double gather_chunk(const R &r, typename R::warp &w,
                                               const in_weights &wt,
                                               const double *__restrict__ contrib, double *rank,
                                               uint64_t nv, uint64_t chunk, double base, double d,
                                               unsigned lane, emogi_lines &lines)
{
    const uint64_t v = chunk + lane;
    unsigned long long my_start = 0, my_end = 0;
    if (v < nv) {
        my_start = r.off[v];
        my_end = r.off[v + 1];
    }
    const unsigned count = nv - chunk < 32 ? (unsigned)(nv - chunk) : 32u;
    double mine = 0;
    for (unsigned i = 0; i < count; i++) {
        const uint64_t start = __shfl_sync(FULL, my_start, i);
        const uint64_t end = __shfl_sync(FULL, my_end, i);
        const uint64_t first = r.first(start, start);
        if (end - first > HEAVY)
            continue;
        const double s = warp_sum(r, w, wt, contrib, lines, chunk + i, first, start, end, lane);
        if (lane == i)
            mine = s;
    }
    if (v >= nv || my_end - r.first(my_start, my_start) > HEAVY)
        return 0.0;
    const double x = base + d * mine;
    const double delta = fabs(x - rank[v]);
    rank[v] = x;
    return delta;
}

template <typename R>
__global__ void __launch_bounds__(BLOCK)
    gather_warp(const R r, const in_weights wt, const double *__restrict__ contrib, double *rank,
                uint64_t nv, const double *base_p, double d, double *change,
                unsigned long long *counter, unsigned long long *traffic)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    const double base = *base_p;
    emogi_lines lines;
    for (;;) {
        unsigned long long c = 0;
        if (lane == 0)
            c = atomicAdd(counter, 1ull);
        const uint64_t grab = 32 * CHUNKS * (uint64_t)__shfl_sync(FULL, c, 0);
        if (grab >= nv)
            break;
        for (uint64_t chunk = grab; chunk < grab + 32 * CHUNKS && chunk < nv; chunk += 32)
            chunk_change(gather_chunk(r, w, wt, contrib, rank, nv, chunk, base, d, lane, lines),
                         chunk, lane, change);
    }
    lines.flush(traffic);
}

/* Piece q of hub piece_vertex[q]: entries [first + i*SEGMENT, +SEGMENT) of
 * its list, FIRST where the reader's read of it begins. */
template <typename R>
__global__ void __launch_bounds__(BLOCK)
    pieces(const R r, const in_weights wt, const double *__restrict__ contrib,
           const uint64_t *__restrict__ piece_vertex, const uint64_t *__restrict__ piece_index,
           uint64_t npieces, double *piece_sum, unsigned long long *traffic)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    emogi_lines lines;
    const uint64_t warp = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) / 32;
    const uint64_t nwarps = (uint64_t)gridDim.x * blockDim.x / 32;
    for (uint64_t q = warp; q < npieces; q += nwarps) {
        const uint64_t u = piece_vertex[q];
        const uint64_t start = r.off[u], end = r.off[u + 1];
        const uint64_t a = r.first(start, start) + piece_index[q] * SEGMENT;
        const uint64_t b = a + SEGMENT < end ? a + SEGMENT : end;
        const double s = warp_sum(r, w, wt, contrib, lines, u, a, start, b, lane);
        if (lane == 0)
            piece_sum[q] = s;
    }
    lines.flush(traffic);
}

/* Hub h's pieces are piece_base[h] .. piece_base[h+1]-1, added in order;
 * CHANGE[h]: its L1 change. */
__global__ void __launch_bounds__(BLOCK)
    finish(const uint64_t *__restrict__ heavy, const uint64_t *__restrict__ piece_base,
           uint64_t nheavy, const double *__restrict__ piece_sum, double *rank,
           const double *base_p, double d, double *change)
{
    const double base = *base_p;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t h = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; h < nheavy; h += stride) {
        double s = 0;
        for (uint64_t q = piece_base[h]; q < piece_base[h + 1]; q++)
            s += piece_sum[q];
        const uint64_t v = heavy[h];
        const double r = base + d * s;
        change[h] = fabs(r - rank[v]);
        rank[v] = r;
    }
}

/* The hubs and their pieces, from host offsets; HUB_AT[s]: the first hub
 * of span s or after (spans_of(nv) + 1 entries). */
struct hub_plan {
    uint64_t nheavy = 0, npieces = 0;
    uint64_t *heavy = nullptr, *piece_base = nullptr; /* host, freed after upload */
    uint64_t *piece_vertex = nullptr, *piece_index = nullptr, *hub_at = nullptr;
};

void free_plan(hub_plan &h)
{
    free(h.heavy);
    free(h.piece_base);
    free(h.piece_vertex);
    free(h.piece_index);
    free(h.hub_at);
    h.heavy = h.piece_base = h.piece_vertex = h.piece_index = h.hub_at = nullptr;
}

/* H.hub_at from H.heavy (ascending) over NV vertices. */
int plan_spans(uint64_t nv, hub_plan &h, emogi_error *err)
{
    const uint64_t ns = spans_of(nv);
    h.hub_at = (uint64_t *)malloc((ns + 1) * sizeof(uint64_t));
    if (!h.hub_at)
        return emogi_fail(err, "GPU PageRank: out of host memory for %llu spans",
                          (unsigned long long)ns);
    uint64_t k = 0;
    for (uint64_t sp = 0; sp <= ns; sp++) {
        while (k < h.nheavy && h.heavy[k] < sp * SPAN)
            k++;
        h.hub_at[sp] = sp == ns ? h.nheavy : k;
    }
    return 0;
}

template <typename T, bool ALIGNED>
int plan_hubs(const emogi_graph *in, bool split, hub_plan &h, emogi_error *err)
{
    const uint64_t *off = in->offsets;
    for (uint64_t v = 0; v < in->nv; v++) {
        const uint64_t s = off[v], e = off[v + 1];
        if (split && is_heavy<T, ALIGNED>(s, e)) {
            h.nheavy++;
            h.npieces += (e - emogi_first_read<T, ALIGNED>(s) + SEGMENT - 1) / SEGMENT;
        }
    }
    if (h.nheavy == 0)
        return plan_spans(in->nv, h, err);
    h.heavy = (uint64_t *)malloc(h.nheavy * sizeof(uint64_t));
    h.piece_base = (uint64_t *)malloc((h.nheavy + 1) * sizeof(uint64_t));
    h.piece_vertex = (uint64_t *)malloc(h.npieces * sizeof(uint64_t));
    h.piece_index = (uint64_t *)malloc(h.npieces * sizeof(uint64_t));
    if (!h.heavy || !h.piece_base || !h.piece_vertex || !h.piece_index)
        return emogi_fail(err, "GPU PageRank: out of host memory for %llu hub pieces",
                          (unsigned long long)h.npieces);
    uint64_t n = 0, q = 0;
    for (uint64_t v = 0; v < in->nv; v++) {
        const uint64_t s = off[v], e = off[v + 1];
        if (!is_heavy<T, ALIGNED>(s, e))
            continue;
        h.heavy[n] = v;
        h.piece_base[n++] = q;
        for (uint64_t i = 0; i * SEGMENT < e - emogi_first_read<T, ALIGNED>(s); i++, q++) {
            h.piece_vertex[q] = v;
            h.piece_index[q] = i;
        }
    }
    h.piece_base[n] = q;
    return plan_spans(in->nv, h, err);
}

/* What one run holds on the device; released whatever happens. */
struct pr_state {
    double *rank = nullptr, *contrib = nullptr;
    /* the spans' sums: NPARTS of each, this graph's from SPAN0 on (a
     * rank's range is spans SPAN0 on of the whole graph's) */
    double *part_dangling = nullptr, *part_delta = nullptr;
    uint64_t nparts = 1, span0 = 0;
    double *chunk_change = nullptr, *hub_change = nullptr; /* per 32-vertex chunk, per hub */
    uint64_t *hub_at = nullptr;
    double *scalars = nullptr; /* [0] dangling rank, [1] L1 change, [2] base rank */
    unsigned long long *counter = nullptr;
    unsigned long long *traffic = nullptr; /* bytes of lines: device memory, link */
    uint64_t *out_off = nullptr; /* directed graphs: out-degrees */
    double *outw = nullptr;      /* weighted: out-weight sums */
    in_weights wt;
    uint64_t *heavy = nullptr, *piece_base = nullptr, *piece_vertex = nullptr,
             *piece_index = nullptr;
    double *piece_sum = nullptr;
    cudaEvent_t t0 = nullptr, t1 = nullptr;
    /* launch shape */
    unsigned spread_blocks = 1, gather_blocks = 1, piece_blocks = 1, finish_blocks = 1;
    hub_plan hubs;
};

void release(pr_state &s)
{
    cudaFree(s.rank);
    cudaFree(s.contrib);
    cudaFree(s.part_dangling);
    cudaFree(s.part_delta);
    cudaFree(s.chunk_change);
    cudaFree(s.hub_change);
    cudaFree(s.hub_at);
    cudaFree(s.scalars);
    cudaFree(s.counter);
    cudaFree(s.traffic);
    cudaFree(s.out_off);
    cudaFree(s.outw);
    cudaFree(s.heavy);
    cudaFree(s.piece_base);
    cudaFree(s.piece_vertex);
    cudaFree(s.piece_index);
    cudaFree(s.piece_sum);
    if (s.t0)
        cudaEventDestroy(s.t0);
    if (s.t1)
        cudaEventDestroy(s.t1);
    free_plan(s.hubs);
    (void)cudaGetLastError();
}

int upload(uint64_t **dev, const uint64_t *host, uint64_t n, emogi_error *err)
{
    EMOGI_CK(cudaMalloc(dev, (n ? n : 1) * sizeof(uint64_t)), "cudaMalloc of the hub lists");
    if (n)
        EMOGI_CK(cudaMemcpy(*dev, host, n * sizeof(uint64_t), cudaMemcpyHostToDevice),
                 "copying the hub lists");
    return 0;
}

/* Weighted: the out-weight sums (the CPU's, emogi_pagerank_out_weights)
 * into S.OUTW, *HOST keeping them for the start; the in-edge weights as
 * placed. */
int setup_weights(const emogi_placed *p, const emogi_pagerank_params *prm, pr_state &s,
                  double **host, emogi_error *err)
{
    const emogi_graph *in = p->g;
    if (emogi_pagerank_weights_for(in, prm, host, err))
        return -1;
    if (!*host)
        return 0;
    s.wt.w = emogi_arr<uint32_t>(p->wgt);
    s.wt.on = true;
    s.wt.f32 = in->weight_type == EMOGI_WEIGHT_FLOAT32;
    EMOGI_CK(cudaMalloc(&s.outw, in->nv * sizeof(double)), "cudaMalloc of the out-weights");
    EMOGI_CK(cudaMemcpy(s.outw, *host, in->nv * sizeof(double), cudaMemcpyHostToDevice),
             "copying the out-weights");
    return 0;
}

/* The CPU's start (emogi_pagerank_cpu_start), so that both backends take
 * the same path to the fixed point, in fewer iterations than from 1/n
 * (bench/journal/2026-11-24-cpu-backend-against-gap-one-graph-one-run.md). */
int upload_start(const emogi_graph *in, const double *outw, double damping, pr_state &s,
                 emogi_error *err)
{
    const uint64_t nv = in->nv;
    double *start = static_cast<double *>(malloc((nv ? nv : 1) * sizeof(double)));
    if (!start)
        return emogi_fail(err, "out of memory for the starting ranks of %llu vertices",
                          (unsigned long long)nv);
    emogi_pagerank_cpu_start(in, emogi_pagerank_out_offsets(in), outw, damping, start);
    const cudaError_t copied =
        cudaMemcpy(s.rank, start, nv * sizeof(double), cudaMemcpyHostToDevice);
    free(start);
    EMOGI_CK(copied, "copying the initial ranks");
    return 0;
}

/* CONTRIB_N: contributions held (the whole graph's; a rank's graph is a
 * part); S.NPARTS and S.SPAN0 set. */
int setup(const emogi_placed *p, enum emogi_kernel k, uint64_t contrib_n, pr_state &s,
          emogi_error *err)
{
    const emogi_graph *in = p->g;
    const uint64_t nv = in->nv;
    unsigned resident = 1;
    if (emogi_resident_blocks(p->device, BLOCK, &resident, err))
        return -1;
    s.spread_blocks = emogi_grid(spans_of(nv) * BLOCK, resident); /* a block a span */
    /* naive: a thread per vertex; the warp kernels: a warp per 32-vertex chunk */
    s.gather_blocks = emogi_grid(k == EMOGI_KERNEL_NAIVE ? nv : (nv + 31) / 32 * 32, resident);
    s.piece_blocks = emogi_grid(s.hubs.npieces * 32, resident);
    s.finish_blocks = emogi_grid(s.hubs.nheavy, resident);
    EMOGI_CK(cudaMalloc(&s.rank, nv * sizeof(double)), "cudaMalloc of the ranks");
    EMOGI_CK(cudaMalloc(&s.contrib, (contrib_n ? contrib_n : 1) * sizeof(double)),
             "cudaMalloc of the contributions");
    EMOGI_CK(cudaMalloc(&s.part_dangling, s.nparts * sizeof(double)), "cudaMalloc");
    EMOGI_CK(cudaMalloc(&s.part_delta, s.nparts * sizeof(double)), "cudaMalloc");
    /* zeroed once: every span's sums are rewritten each iteration by the
     * rank holding it, and an empty range's one part adds nothing */
    EMOGI_CK(cudaMemset(s.part_dangling, 0, s.nparts * sizeof(double)), "cudaMemset");
    EMOGI_CK(cudaMemset(s.part_delta, 0, s.nparts * sizeof(double)), "cudaMemset");
    EMOGI_CK(cudaMalloc(&s.chunk_change, ((nv + 31) / 32 + 1) * sizeof(double)), "cudaMalloc");
    EMOGI_CK(cudaMalloc(&s.hub_change, (s.hubs.nheavy + 1) * sizeof(double)), "cudaMalloc");
    if (upload(&s.hub_at, s.hubs.hub_at, spans_of(nv) + 1, err))
        return -1;
    EMOGI_CK(cudaMalloc(&s.scalars, 3 * sizeof(double)), "cudaMalloc");
    EMOGI_CK(cudaMalloc(&s.counter, sizeof *s.counter), "cudaMalloc");
    EMOGI_CK(cudaMalloc(&s.traffic, 2 * sizeof *s.traffic), "cudaMalloc");
    EMOGI_CK(cudaMemset(s.traffic, 0, 2 * sizeof *s.traffic), "cudaMemset");
    if (in->flags & EMOGI_DIRECTED) {
        if (upload(&s.out_off, emogi_pagerank_out_offsets(in), nv + 1, err))
            return -1;
    }
    const hub_plan &h = s.hubs;
    if (upload(&s.heavy, h.heavy, h.nheavy, err) ||
        upload(&s.piece_base, h.piece_base, h.nheavy ? h.nheavy + 1 : 0, err) ||
        upload(&s.piece_vertex, h.piece_vertex, h.npieces, err) ||
        upload(&s.piece_index, h.piece_index, h.npieces, err))
        return -1;
    EMOGI_CK(cudaMalloc(&s.piece_sum, (h.npieces ? h.npieces : 1) * sizeof(double)), "cudaMalloc");
    EMOGI_CK(cudaEventCreate(&s.t0), "cudaEventCreate");
    EMOGI_CK(cudaEventCreate(&s.t1), "cudaEventCreate");
    return 0;
}

/* The weights (setup_weights) and the CPU's start for P's graph. */
int weights_and_start(const emogi_placed *p, const emogi_pagerank_params *prm, pr_state &s,
                      emogi_error *err)
{
    double *outw = nullptr;
    int rc = setup_weights(p, prm, s, &outw, err);
    if (rc == 0)
        rc = upload_start(p->g, outw, prm->damping, s, err);
    free(outw);
    return rc;
}

/* The warp gather and the hubs' pieces, P's in-lists read by R. */
template <typename R> void launch_warp(const emogi_placed *p, const R &r, pr_state &s, double d)
{
    const uint64_t nv = p->g->nv;
    gather_warp<<<s.gather_blocks, BLOCK>>>(r, s.wt, s.contrib, s.rank, nv, s.scalars + 2, d,
                                            s.chunk_change, s.counter, s.traffic);
    if (s.hubs.nheavy == 0)
        return;
    pieces<<<s.piece_blocks, BLOCK>>>(r, s.wt, s.contrib, s.piece_vertex, s.piece_index,
                                      s.hubs.npieces, s.piece_sum, s.traffic);
    finish<<<s.finish_blocks, BLOCK>>>(s.heavy, s.piece_base, s.hubs.nheavy, s.piece_sum, s.rank,
                                       s.scalars + 2, d, s.hub_change);
}

/* P's vertices' contributions into CONTRIB (P's vertex 0 first) and
 * their spans' dangling ranks into s.part_dangling from s.span0. */
int spread_step(const emogi_placed *p, pr_state &s, double *contrib, emogi_error *err)
{
    const uint64_t *out_off = s.out_off ? s.out_off : p->d_offsets;
    spread<<<s.spread_blocks, BLOCK>>>(out_off, s.outw, s.rank, contrib, p->g->nv,
                                       s.part_dangling + s.span0);
    EMOGI_CK(cudaGetLastError(), "launching spread");
    return 0;
}

/* Every span's sums at PART added in order into *OUT (device). */
int sum_spans(const pr_state &s, const double *part, double *out, emogi_error *err)
{
    sum_parts<<<1, BLOCK>>>(part, s.nparts, out);
    EMOGI_CK(cudaGetLastError(), "launching a sum over the spans");
    return 0;
}

/* The base rank in s.scalars[2] from every span's dangling rank, NV
 * vertices in all. */
int base_step(pr_state &s, uint64_t nv, double d, emogi_error *err)
{
    if (sum_spans(s, s.part_dangling, &s.scalars[0], err))
        return -1;
    set_base<<<1, 1>>>(&s.scalars[0], nv, d, &s.scalars[2]);
    EMOGI_CK(cudaGetLastError(), "launching the base rank");
    return 0;
}

/* New ranks from s.contrib and the base rank in s.scalars[2]; their
 * spans' L1 changes into s.part_delta from s.span0. */
template <typename T>
int gather_step(const emogi_placed *p, enum emogi_kernel k, pr_state &s, double d,
                emogi_error *err)
{
    const uint64_t nv = p->g->nv;
    const emogi_arr<T> nb(p->nbr);
    if (k == EMOGI_KERNEL_NAIVE) {
        gather_naive<T><<<s.gather_blocks, BLOCK>>>(p->d_offsets, nb, s.wt, s.contrib, s.rank,
                                                    nv, s.scalars + 2, d, s.chunk_change,
                                                    s.traffic);
    } else {
        EMOGI_CK(cudaMemsetAsync(s.counter, 0, sizeof *s.counter), "resetting the counter");
        if (p->d_coffsets)
            launch_warp(p, emogi_packed<T>(*p), s, d);
        else if (k == EMOGI_KERNEL_ALIGNED)
            launch_warp(p, emogi_plain<T, true>(*p), s, d);
        else
            launch_warp(p, emogi_plain<T, false>(*p), s, d);
    }
    EMOGI_CK(cudaGetLastError(), "launching gather");
    span_changes<<<s.spread_blocks, BLOCK>>>(s.chunk_change, (nv + 31) / 32, s.hub_change,
                                              s.hub_at, spans_of(nv), s.part_delta + s.span0);
    EMOGI_CK(cudaGetLastError(), "launching the spans' changes");
    return 0;
}

/* *DELTA: the L1 change of every span, summed (the only synchronisation). */
int change_step(pr_state &s, double *delta, emogi_error *err)
{
    if (sum_spans(s, s.part_delta, &s.scalars[1], err))
        return -1;
    EMOGI_CK(cudaMemcpy(delta, &s.scalars[1], sizeof *delta, cudaMemcpyDeviceToHost),
             "running an iteration");
    return 0;
}

template <typename T>
int iteration(const emogi_placed *p, enum emogi_kernel k, pr_state &s, double d, double *delta,
              emogi_error *err)
{
    if (spread_step(p, s, s.contrib, err) || base_step(s, p->g->nv, d, err) ||
        gather_step<T>(p, k, s, d, err))
        return -1;
    return change_step(s, delta, err);
}

template <typename T>
int iterate(const emogi_placed *p, const emogi_pagerank_params *prm, enum emogi_kernel k,
            pr_state &s, emogi_pagerank_stats *st, emogi_error *err)
{
    while (st->iterations < prm->max_iterations) {
        if (iteration<T>(p, k, s, prm->damping, &st->delta, err))
            return -1;
        st->iterations++;
        if (!isfinite(st->delta))
            return emogi_fail(err, "GPU PageRank: the change is %g: kernel fault", st->delta);
        if (st->delta < prm->tolerance) {
            st->converged = 1;
            break;
        }
    }
    return 0;
}

template <typename T>
int plan(const emogi_graph *in, enum emogi_kernel k, hub_plan &h, emogi_error *err)
{
    if (k == EMOGI_KERNEL_ALIGNED)
        return plan_hubs<T, true>(in, true, h, err);
    return plan_hubs<T, false>(in, k == EMOGI_KERNEL_MERGED, h, err);
}

int check(const emogi_placed *p, const emogi_pagerank_params *prm, enum emogi_kernel k,
          emogi_error *err)
{
    const emogi_graph *g = p ? p->g : nullptr;
    if (!g || !p->priv || !p->d_offsets)
        return emogi_fail(err, "GPU PageRank: the graph is not placed on a GPU");
    if (!emogi_lists_placed(p))
        return emogi_fail(err, "GPU PageRank: neighbours not placed");
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "GPU PageRank: id width %u unsupported", g->id_width);
    if ((g->flags & EMOGI_DIRECTED) && !g->t_offsets)
        return emogi_fail(err, "GPU PageRank: a directed graph must be placed as its in-edges "
                               "(emogi_pagerank_in_edges)");
    if (k != EMOGI_KERNEL_NAIVE && k != EMOGI_KERNEL_MERGED && k != EMOGI_KERNEL_ALIGNED)
        return emogi_fail(err, "GPU PageRank: unknown kernel %d", (int)k);
    if (prm->weighted && g->ne && p->wgt.n != g->ne)
        return emogi_fail(err, "GPU PageRank: weighted, but the in-edge weights are not placed");
    return emogi_pagerank_check_params(prm, err);
}

int run(const emogi_placed *p, const emogi_pagerank_params *prm, enum emogi_kernel k,
        double *rank, emogi_pagerank_stats *st, pr_state &s, emogi_error *err)
{
    const emogi_graph *in = p->g;
    const bool narrow = in->id_width == 4;
    if (p->d_coffsets) /* one reader, which sums in the merged kernel's order */
        k = EMOGI_KERNEL_MERGED;
    EMOGI_CK(cudaSetDevice(p->device), "cudaSetDevice");
    s.nparts = spans_of(in->nv);
    if ((narrow ? plan<uint32_t>(in, k, s.hubs, err) : plan<uint64_t>(in, k, s.hubs, err)) ||
        setup(p, k, in->nv, s, err) || weights_and_start(p, prm, s, err))
        return -1;
    EMOGI_CK(cudaEventRecord(s.t0), "cudaEventRecord");
    if (narrow ? iterate<uint32_t>(p, prm, k, s, st, err) : iterate<uint64_t>(p, prm, k, s, st, err))
        return -1;
    EMOGI_CK(cudaEventRecord(s.t1), "cudaEventRecord");
    EMOGI_CK(cudaEventSynchronize(s.t1), "cudaEventSynchronize");
    float ms = 0;
    EMOGI_CK(cudaEventElapsedTime(&ms, s.t0, s.t1), "cudaEventElapsedTime");
    unsigned long long traffic[2];
    EMOGI_CK(cudaMemcpy(traffic, s.traffic, sizeof traffic, cudaMemcpyDeviceToHost),
             "counting the bytes read");
    st->seconds = ms / 1e3;
    st->edges_read = st->iterations * in->ne;
    st->devmem_bytes = traffic[0];
    st->link_bytes = traffic[1];
    st->edge_bytes = traffic[0] + traffic[1];
    EMOGI_CK(cudaMemcpy(rank, s.rank, in->nv * sizeof *rank, cudaMemcpyDeviceToHost),
             "copying the ranks to the host");
    return 0;
}

} // namespace

extern "C" int emogi_pagerank_gpu(const struct emogi_placed *p,
                                  const struct emogi_pagerank_params *prm, enum emogi_kernel k,
                                  double *rank, struct emogi_pagerank_stats *st, emogi_error *err)
{
    if (check(p, prm, k, err))
        return -1;
    emogi_pagerank_stats local = {};
    if (p->g->nv == 0) {
        local.converged = 1;
        if (st)
            *st = local;
        return 0;
    }
    pr_state s;
    int rc = run(p, prm, k, rank, &local, s, err);
    release(s);
    if (rc == 0 && st)
        *st = local;
    return rc;
}

/* ---- one GPU rank of a distributed PageRank (emogi_dist_gpu.h) ----
 *
 * dist/pagerank.c's Jacobi iteration on the rank's in-lists,
 * with the kernels above: spread fills the rank's part of the whole
 * contributions array, which the exchange completes; gather reads the
 * whole array by global ids and updates the rank's own ranks.  Where
 * every range is whole spans, the rank's spans' sums are its part of
 * arrays over all the spans, which the exchanges complete, and each rank
 * adds them up as the single GPU does; otherwise the host adds every
 * rank's total. */

struct emogi_dpr_gpu {
    pr_state s;
    const emogi_placed *p;
    enum emogi_kernel k;
    uint64_t lo, nv;
    bool whole; /* every range is whole spans: the spans' sums are exchanged */
};

namespace {

int dist_open(emogi_dpr_gpu *r, const double *start, emogi_error *err)
{
    const emogi_graph *in = r->p->g;
    pr_state &s = r->s;
    s.nparts = spans_of(r->whole ? r->nv : in->nv) ? spans_of(r->whole ? r->nv : in->nv) : 1;
    s.span0 = r->whole ? r->lo / SPAN : 0;
    EMOGI_CK(cudaSetDevice(r->p->device), "cudaSetDevice");
    if ((in->id_width == 4 ? plan<uint32_t>(in, r->k, s.hubs, err)
                           : plan<uint64_t>(in, r->k, s.hubs, err)) ||
        setup(r->p, r->k, r->nv, s, err))
        return -1;
    if (in->nv)
        EMOGI_CK(cudaMemcpy(s.rank, start, in->nv * sizeof *start, cudaMemcpyHostToDevice),
                 "copying the initial ranks");
    return 0;
}

} // namespace

extern "C" uint64_t emogi_dpr_gpu_state_bytes(uint64_t n, uint64_t nv)
{
    /* ranks and out-offsets of the rank's vertices, everyone's
     * contributions, the chunks' changes and two sums a span of all */
    return 16 * n + 8 * nv + ((n + 31) / 32 + 1) * 8 + 2 * spans_of(nv) * 8;
}

extern "C" int emogi_dpr_gpu_open(const struct emogi_placed *p, enum emogi_kernel k, uint64_t lo,
                                  uint64_t nv, int whole_spans, const double *start,
                                  struct emogi_dpr_gpu **rp, emogi_error *err)
{
    emogi_pagerank_params prm = {EMOGI_PAGERANK_DAMPING, 1, 1, 0};
    *rp = nullptr;
    if (check(p, &prm, k, err))
        return -1;
    if (lo + p->g->nv > nv)
        return emogi_fail(err, "GPU PageRank: the rank's range passes the graph's end");
    if (whole_spans && p->g->nv && (lo % SPAN || ((lo + p->g->nv) % SPAN && lo + p->g->nv != nv)))
        return emogi_fail(err, "GPU PageRank: the rank's range [%llu, %llu) is not whole spans",
                          (unsigned long long)lo, (unsigned long long)(lo + p->g->nv));
    emogi_dpr_gpu *r = new (std::nothrow) emogi_dpr_gpu();
    if (!r)
        return emogi_fail(err, "GPU PageRank: out of memory");
    r->p = p;
    r->k = p->d_coffsets ? EMOGI_KERNEL_MERGED : k; /* as run(): one reader, the merged order */
    r->lo = lo;
    r->nv = nv;
    r->whole = whole_spans != 0;
    if (dist_open(r, start, err)) {
        emogi_dpr_gpu_close(r);
        return -1;
    }
    *rp = r;
    return 0;
}

extern "C" void emogi_dpr_gpu_close(struct emogi_dpr_gpu *r)
{
    if (!r)
        return;
    release(r->s);
    delete r;
}

extern "C" int emogi_dpr_gpu_spread(struct emogi_dpr_gpu *r, double *dangling, emogi_error *err)
{
    *dangling = 0;
    if (r->p->g->nv == 0 || spread_step(r->p, r->s, r->s.contrib + r->lo, err))
        return r->p->g->nv == 0 ? 0 : -1;
    if (r->whole) /* the spans' sums travel (emogi_dpr_gpu_spans) */
        return 0;
    if (sum_spans(r->s, r->s.part_dangling, &r->s.scalars[0], err))
        return -1;
    EMOGI_CK(cudaMemcpy(dangling, &r->s.scalars[0], sizeof *dangling, cudaMemcpyDeviceToHost),
             "summing the dangling ranks");
    return 0;
}

extern "C" double *emogi_dpr_gpu_spans(struct emogi_dpr_gpu *r, int change)
{
    return r->whole ? (change ? r->s.part_delta : r->s.part_dangling) : nullptr;
}

extern "C" void *emogi_dpr_gpu_contrib(struct emogi_dpr_gpu *r)
{
    return r->s.contrib;
}

extern "C" int emogi_dpr_gpu_gather(struct emogi_dpr_gpu *r, double base, double d,
                                    double *delta, emogi_error *err)
{
    *delta = 0;
    if (r->p->g->nv == 0)
        return 0;
    if (r->whole) { /* the base from every span's dangling rank, as the single GPU's */
        if (base_step(r->s, r->nv, d, err))
            return -1;
    } else {
        EMOGI_CK(cudaMemcpy(&r->s.scalars[2], &base, sizeof base, cudaMemcpyHostToDevice),
                 "setting the base rank");
    }
    if ((r->p->g->id_width == 4 ? gather_step<uint32_t>(r->p, r->k, r->s, d, err)
                                : gather_step<uint64_t>(r->p, r->k, r->s, d, err)) < 0)
        return -1;
    return r->whole ? 0 : change_step(r->s, delta, err);
}

extern "C" int emogi_dpr_gpu_change(struct emogi_dpr_gpu *r, double *delta, emogi_error *err)
{
    EMOGI_CK(cudaSetDevice(r->p->device), "cudaSetDevice");
    return change_step(r->s, delta, err);
}

extern "C" int emogi_dpr_gpu_result(struct emogi_dpr_gpu *r, double *rank, uint64_t fig[2],
                                    emogi_error *err)
{
    unsigned long long traffic[2];
    EMOGI_CK(cudaMemcpy(traffic, r->s.traffic, sizeof traffic, cudaMemcpyDeviceToHost),
             "counting the bytes read");
    fig[0] = traffic[0];
    fig[1] = traffic[1];
    if (r->p->g->nv)
        EMOGI_CK(cudaMemcpy(rank, r->s.rank, r->p->g->nv * sizeof *rank, cudaMemcpyDeviceToHost),
                 "copying the ranks to the host");
    return 0;
}
