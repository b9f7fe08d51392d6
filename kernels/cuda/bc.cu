/*
 * bc.cu - betweenness centrality on the GPU: Brandes' algorithm (U.
 * Brandes, J. Math. Sociology 25(2), 2001) in the level-synchronous form
 * of Madduri et al. (IPDPS 2009), over lists placed as EMOGI places them
 * (S. W. Min et al., VLDB 2021): device memory, pinned host memory read
 * over the link, or hybrid.
 *
 * Forward, one launch per level d, one of two ways as on the CPU
 * (kernels/cpu/bc.c says when each pays).  Top-down: every vertex at
 * depth d (a sweep over the vertices in ascending order, 32-vertex
 * chunks, a ballot over their depths) reads its list once; a neighbour
 * not yet reached is claimed for d + 1 with atomicCAS, and every
 * neighbour at d + 1 gets the vertex's path count with a float64
 * atomicAdd.  Bottom-up, where in-edges are placed: every vertex not yet
 * reached reads its whole in-list (a BFS's bottom-up step stops at the
 * first parent; this one must count them all) and adds the counts of its
 * in-neighbours at depth d into acc, which a sweep over the vertices then
 * settles into depths and counts, so no depth changes while lists are
 * read.  The level's claims, and the out- and in-entries of the vertices
 * claimed, decide whether another level follows and which way.
 *
 * Backward, as kernels/cpu/bc.c: a vertex w whose dependency is known
 * publishes coef[w] = (1 + delta[w]) / sigma[w], 0 elsewhere, so that a
 * vertex u at level d needs only the sum of coef over its whole list
 * (no neighbour of u lies past d + 1, and levels up to d have not
 * published): delta[u] = sigma[u] * sum.  One launch per level reads each
 * list of the level once, the same sweep and the same warp reads as the
 * forward phase; a second, over the vertices alone, turns the sums into
 * deltas and publishes the coefficients, so no vertex sees one of its own
 * level.  The deepest level's lists are not read: their deltas are 0.
 *
 * The reads are the other kernels' (reader.cuh): a warp per vertex on
 * consecutive entries, from the 128-byte line at or before the list when
 * aligned, compressed lists decoded by the warp, and lists longer than
 * HEAVY set aside for a pieces launch over every warp.  Visiting lists in
 * ascending order keeps the reads of pinned memory sequential, which is
 * what makes zero-copy and hybrid placements pay (bench/REFERENCE.md).
 * A warp's sum over a list, or over a piece of one, is added to the
 * vertex's with one atomicAdd, so the order of the additions, and the
 * last bits of a score, may differ from the CPU's.
 */
#include <cuda_runtime.h>

#include <stdint.h>

#include <vector>

#include "common.cuh"
#include "emogi_bc.h"
#include "reader.cuh"

namespace {

const char *const CUDA_ALG = "BC";

constexpr uint32_t UNSET = 0xffffffffu;

/* counters[]: what the host resets every launch (the next chunk, the
 * lists set aside: C_HEAVY..C_MTAKEN are common.cuh's emogi_aside count,
 * and the vertices a forward level claimed with their out- and
 * in-entries), then the running totals:
 * list entries read, and the bytes of the lines fetched from device
 * memory and over the link (emogi_lines::flush's pair). */
enum {
    C_CHUNK, C_HEAVY, C_MEDIUM, C_MTAKEN, C_FOUND, C_SCOUT, C_SEEN_IN,
    C_EDGES, C_DEV, C_LINK, C_COUNT
};
constexpr size_t C_LAUNCH = C_EDGES;

/* What a level kernel reads of each list: a forward level's out-list
 * (top-down) or in-list (bottom-up), or a backward level's out-list. */
enum phase { FORWARD, PULL, BACKWARD };

/* The search's arrays, nv entries each. */
struct bc_arrays {
    const uint64_t *out_off, *in_off; /* entry offsets; in_off NULL: no in-edges */
    uint32_t *depth;
    double *sigma; /* shortest paths from the source */
    double *coef;  /* (1 + delta) / sigma once published, else 0 */
    double *acc;   /* a bottom-up level's sums of counts; a backward level's sums of
                      coef, then its deltas */
    uint32_t d;    /* the level the launch serves */
};

/* What a thread claimed: vertices, and their out- and in-entries. */
struct claims {
    unsigned long long found = 0, scout = 0, seen_in = 0;
    __device__ __forceinline__ void add(const bc_arrays &s, uint64_t v)
    {
        found++;
        scout += s.out_off[v + 1] - s.out_off[v];
        if (s.in_off)
            seen_in += s.in_off[v + 1] - s.in_off[v];
    }
};

/* Neighbour V of a vertex at depth s.d with SU paths. */
__device__ __forceinline__ void forward_visit(const bc_arrays &s, uint64_t v, double su,
                                              claims &c)
{
    uint32_t dv = s.depth[v];
    if (dv == UNSET) {
        const uint32_t old = atomicCAS(&s.depth[v], UNSET, s.d + 1);
        dv = old == UNSET ? s.d + 1 : old;
        if (old == UNSET)
            c.add(s, v);
    }
    if (dv == s.d + 1)
        atomicAdd(&s.sigma[v], su);
}

/* The warp's sum of X, added to ACC[U] by lane 0; every lane calls. */
__device__ __forceinline__ void add_sum(double *acc, uint64_t u, double x, unsigned lane)
{
    for (int k = 16; k > 0; k /= 2)
        x += __shfl_down_sync(FULL, x, k);
    if (lane == 0 && x != 0)
        atomicAdd(&acc[u], x);
}

__device__ __forceinline__ void add_claims(unsigned long long *counters, unsigned lane, claims c)
{
    for (int k = 16; k > 0; k /= 2) {
        c.found += __shfl_down_sync(FULL, c.found, k);
        c.scout += __shfl_down_sync(FULL, c.scout, k);
        c.seen_in += __shfl_down_sync(FULL, c.seen_in, k);
    }
    if (lane == 0 && c.found) {
        atomicAdd(&counters[C_FOUND], c.found);
        atomicAdd(&counters[C_SCOUT], c.scout);
        atomicAdd(&counters[C_SEEN_IN], c.seen_in);
    }
}

/* The warp's claims and entries, added once per warp; every lane calls. */
__device__ __forceinline__ void add_counts(unsigned long long *counters, unsigned lane,
                                           const claims &c, unsigned long long edges,
                                           emogi_lines &lines)
{
    add_claims(counters, lane, c);
    if (lane == 0 && edges)
        atomicAdd(&counters[C_EDGES], edges);
    lines.flush(&counters[C_DEV]);
}

/* Entries [A, B) of U's list from START, read by the warp in phase P. */
template <int P, typename R>
__device__ __forceinline__ void read_part(const R &r, typename R::warp &w, const bc_arrays &s,
                                          emogi_lines &lines, uint64_t u, uint64_t a,
                                          uint64_t start, uint64_t b, unsigned lane,
                                          claims &found)
{
    if (P == BACKWARD) {
        double x = 0;
        r.read(w, lines, u, a, start, b, lane, emogi_no_load,
               [&](typename R::id v, emogi_nothing) { x += s.coef[(uint64_t)v]; });
        add_sum(s.acc, u, x, lane);
    } else if (P == PULL) {
        double x = 0;
        r.read(w, lines, u, a, start, b, lane, emogi_no_load, [&](typename R::id v, emogi_nothing) {
            if (s.depth[(uint64_t)v] == s.d)
                x += s.sigma[(uint64_t)v];
        });
        add_sum(s.acc, u, x, lane);
    } else {
        const double su = s.sigma[u];
        r.read(w, lines, u, a, start, b, lane, emogi_no_load,
               [&](typename R::id v, emogi_nothing) { forward_visit(s, (uint64_t)v, su, found); });
    }
}

/* Whether V's list is read in phase P at level s.d: a bottom-up level
 * reads the lists of the vertices not yet reached. */
template <int P> __device__ __forceinline__ bool reads(const bc_arrays &s, uint64_t v)
{
    return s.depth[v] == (P == PULL ? UNSET : s.d);
}

template <int P, typename R>
__global__ void __launch_bounds__(BLOCK)
    bc_warp(const R r, const bc_arrays s, uint64_t nv, unsigned long long *counters,
            const emogi_aside q)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    claims found;
    unsigned long long edges = 0;
    emogi_lines lines;
    auto each = [&](uint64_t u, uint64_t a, uint64_t start, uint64_t b) {
        read_part<P>(r, w, s, lines, u, a, start, b, lane, found);
    };
    emogi_warp_frontier<CHUNKS>(
        &counters[C_CHUNK], nv, lane, [&](uint64_t v) { return reads<P>(s, v); },
        [&](uint64_t u) {
            edges += r.off[u + 1] - r.off[u];
            if (q.set_aside(u, emogi_span(r, u, 0), HEAVY, lane))
                return; /* its lines are counted by the launch that reads it */
            emogi_whole(r, u, 0, each);
        });
    add_counts(counters, lane, found, edges, lines);
}

/* The lists bc_warp set aside: hubs in SEGMENT-entry pieces over every
 * warp, then the medium lists, a whole list per grab. */
template <int P, typename R>
__global__ void __launch_bounds__(BLOCK)
    bc_heavy(const R r, const bc_arrays s, unsigned long long *counters, const emogi_aside q)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    claims found;
    emogi_lines lines;
    emogi_aside_read(q, r, 0, lane, [&](uint64_t u, uint64_t a, uint64_t start, uint64_t b) {
        read_part<P>(r, w, s, lines, u, a, start, b, lane, found);
    });
    add_counts(counters, lane, found, 0, lines);
}

/* A thread per vertex reads its list serially (the naive kernel). */
template <int P, typename T>
__global__ void __launch_bounds__(BLOCK)
    bc_naive(const uint64_t *__restrict__ off, const emogi_arr<T> nb, const bc_arrays s,
             uint64_t nv, unsigned long long *counters)
{
    claims found;
    unsigned long long edges = 0;
    emogi_lines lines;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t u = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; u < nv; u += stride) {
        if (!reads<P>(s, u))
            continue;
        const uint64_t start = off[u], end = off[u + 1];
        if (P == BACKWARD) {
            double x = 0;
            for (uint64_t i = start; i < end; i++)
                x += s.coef[(uint64_t)nb[i]];
            s.acc[u] = x;
        } else if (P == PULL) {
            double x = 0;
            for (uint64_t i = start; i < end; i++) {
                const uint64_t v = (uint64_t)nb[i];
                if (s.depth[v] == s.d)
                    x += s.sigma[v];
            }
            s.acc[u] = x;
        } else {
            const double su = s.sigma[u];
            for (uint64_t i = start; i < end; i++)
                forward_visit(s, (uint64_t)nb[i], su, found);
        }
        edges += end - start;
        lines.add(nb, start, end);
    }
    for (int k = 16; k > 0; k /= 2)
        edges += __shfl_down_sync(FULL, edges, k);
    add_counts(counters, threadIdx.x & 31, found, (threadIdx.x & 31) == 0 ? edges : 0, lines);
}

/* A bottom-up level's sums settled: a vertex with paths from the
 * frontier joins level s.d + 1 with them. */
__global__ void __launch_bounds__(BLOCK)
    bc_settle(const bc_arrays s, uint64_t nv, unsigned long long *counters)
{
    claims c;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < nv; v += stride)
        if (s.depth[v] == UNSET && s.acc[v] > 0) {
            s.sigma[v] = s.acc[v];
            s.acc[v] = 0;
            s.depth[v] = s.d + 1;
            c.add(s, v);
        }
    add_claims(counters, threadIdx.x & 31, c);
}

/* Level S.d's sums into deltas, and their coefficients published. */
__global__ void __launch_bounds__(BLOCK) bc_publish(const bc_arrays s, uint64_t nv)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < nv; v += stride)
        if (s.depth[v] == s.d) {
            const double delta = s.sigma[v] * s.acc[v];
            s.acc[v] = delta;
            s.coef[v] = (1 + delta) / s.sigma[v];
        }
}

/* What one search holds on the device; released whatever happens. */
struct bc_state {
    bc_arrays a{};
    unsigned long long *counters = nullptr;
    uint64_t *heavy = nullptr;
    emogi_aside q{};
    unsigned blocks = 0;
    cudaEvent_t t0 = nullptr, t1 = nullptr;
};

void release(bc_state &s)
{
    cudaFree(s.a.depth);
    cudaFree(s.a.sigma);
    cudaFree(s.a.coef);
    cudaFree(s.a.acc);
    cudaFree(s.counters);
    cudaFree(s.heavy);
    if (s.t0)
        cudaEventDestroy(s.t0);
    if (s.t1)
        cudaEventDestroy(s.t1);
    (void)cudaGetLastError();
}

/* One level's launches of phase P, lists read by R. */
template <int P, typename R>
int launch_warp(const emogi_placed *p, const R &r, bc_state &s, emogi_error *err)
{
    const uint64_t nv = p->g->nv;
    EMOGI_CK(cudaMemsetAsync(s.counters, 0, C_LAUNCH * sizeof *s.counters),
             "resetting the counters");
    bc_warp<P><<<emogi_grid((nv + 31) / 32 * 32, s.blocks), BLOCK>>>(r, s.a, nv, s.counters, s.q);
    EMOGI_CK(cudaGetLastError(), "launching the level kernel");
    bc_heavy<P><<<s.blocks, BLOCK>>>(r, s.a, s.counters, s.q);
    EMOGI_CK(cudaGetLastError(), "launching the heavy-list kernel");
    return 0;
}

/* Phase P's launches over the lists of P (the out-lists, or for PULL
 * the in-lists). */
template <int P, typename T>
int launch(const emogi_placed *p, enum emogi_kernel k, bc_state &s, emogi_error *err)
{
    if (p->d_coffsets) /* one reader for compressed lists, whatever K says */
        return launch_warp<P>(p, emogi_packed<T>(*p), s, err);
    if (k == EMOGI_KERNEL_MERGED)
        return launch_warp<P>(p, emogi_plain<T, false>(*p), s, err);
    if (k == EMOGI_KERNEL_ALIGNED)
        return launch_warp<P>(p, emogi_plain<T, true>(*p), s, err);
    const uint64_t nv = p->g->nv;
    EMOGI_CK(cudaMemsetAsync(s.counters, 0, C_LAUNCH * sizeof *s.counters),
             "resetting the counters");
    bc_naive<P, T><<<emogi_grid(nv, s.blocks), BLOCK>>>(p->d_offsets, emogi_arr<T>(p->nbr), s.a,
                                                        nv, s.counters);
    EMOGI_CK(cudaGetLastError(), "launching the level kernel");
    return 0;
}

/* Both phases; *LEVELS and *REACHED from the forward one.  A forward
 * level goes bottom-up, over IN, when the in-lists of the vertices not
 * yet reached hold fewer entries than the frontier's out-lists, the rule
 * of kernels/cpu/bc.c. */
template <typename T>
int phases(const emogi_placed *p, const emogi_placed *in, uint64_t source, enum emogi_kernel k,
           bc_state &s, uint32_t *levels, uint64_t *reached, emogi_error *err)
{
    const uint64_t nv = p->g->nv;
    const uint64_t in_total = in ? in->g->offsets[nv] : 0;
    uint64_t total = 1, seen_in = in ? in->g->offsets[source + 1] - in->g->offsets[source] : 0;
    bool pull = false;
    uint32_t d = 0;
    for (;; d++) {
        if ((uint64_t)d >= nv)
            return emogi_fail(err, "GPU BC: more levels than vertices: kernel fault");
        s.a.d = d;
        if (pull) {
            if (launch<PULL, T>(in, k, s, err))
                return -1;
            bc_settle<<<emogi_grid(nv, s.blocks), BLOCK>>>(s.a, nv, s.counters);
            EMOGI_CK(cudaGetLastError(), "launching the settling kernel");
        } else if (launch<FORWARD, T>(p, k, s, err)) {
            return -1;
        }
        unsigned long long c[C_EDGES - C_FOUND];
        EMOGI_CK(cudaMemcpy(c, s.counters + C_FOUND, sizeof c, cudaMemcpyDeviceToHost),
                 "running a forward level");
        if (c[0] == 0)
            break;
        total += c[0];
        seen_in += c[C_SEEN_IN - C_FOUND];
        pull = in && in_total - seen_in < c[C_SCOUT - C_FOUND];
    }
    *levels = d + 1;
    *reached = total;
    for (uint32_t lv = d; lv >= 1; lv--) {
        s.a.d = lv;
        if (lv < d && launch<BACKWARD, T>(p, k, s, err))
            return -1;
        bc_publish<<<emogi_grid(nv, s.blocks), BLOCK>>>(s.a, nv);
        EMOGI_CK(cudaGetLastError(), "launching the publishing kernel");
    }
    return 0;
}

int check(const emogi_placed *p, const emogi_placed *in, uint64_t source, enum emogi_kernel k,
          emogi_error *err)
{
    const emogi_graph *g = p ? p->g : nullptr;
    if (!g || !p->priv || !p->d_offsets)
        return emogi_fail(err, "GPU BC: the graph is not placed on a GPU");
    if (source >= g->nv)
        return emogi_fail(err, "GPU BC: source %llu out of range (%llu vertices)",
                          (unsigned long long)source, (unsigned long long)g->nv);
    if (!emogi_lists_placed(p))
        return emogi_fail(err, "GPU BC: neighbours not placed");
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "GPU BC: id width %u unsupported", g->id_width);
    if (k != EMOGI_KERNEL_NAIVE && k != EMOGI_KERNEL_MERGED && k != EMOGI_KERNEL_ALIGNED)
        return emogi_fail(err, "GPU BC: unknown kernel %d", (int)k);
    if (in && (!in->g || !in->priv || !in->d_offsets || in->g->nv != g->nv ||
               in->device != p->device || in->g->id_width != g->id_width ||
               !emogi_lists_placed(in)))
        return emogi_fail(err, "GPU BC: the in-edges are not placed beside the graph");
    return 0;
}

int allocate(const emogi_placed *p, const emogi_placed *in, uint64_t source, bc_state &s,
             emogi_error *err)
{
    const uint64_t nv = p->g->nv;
    s.a.out_off = p->d_offsets;
    s.a.in_off = in ? in->d_offsets : nullptr;
    EMOGI_CK(cudaSetDevice(p->device), "cudaSetDevice");
    if (emogi_resident_blocks(p->device, BLOCK, &s.blocks, err))
        return -1;
    EMOGI_CK(cudaMalloc(&s.a.depth, nv * sizeof *s.a.depth), "cudaMalloc of the depths");
    EMOGI_CK(cudaMalloc(&s.a.sigma, nv * sizeof *s.a.sigma), "cudaMalloc of the path counts");
    EMOGI_CK(cudaMalloc(&s.a.coef, nv * sizeof *s.a.coef), "cudaMalloc of the coefficients");
    EMOGI_CK(cudaMalloc(&s.a.acc, nv * sizeof *s.a.acc), "cudaMalloc of the dependencies");
    EMOGI_CK(cudaMalloc(&s.counters, C_COUNT * sizeof *s.counters), "cudaMalloc");
    EMOGI_CK(emogi_aside_alloc(&s.counters[C_HEAVY], emogi_heavy_slots(p->g->ne), p->g->ne,
                               &s.heavy, &s.q),
             "cudaMalloc of the long lists' queues");
    EMOGI_CK(cudaEventCreate(&s.t0), "cudaEventCreate");
    EMOGI_CK(cudaEventCreate(&s.t1), "cudaEventCreate");
    const uint32_t zero = 0;
    const double one = 1;
    EMOGI_CK(cudaMemset(s.a.depth, 0xff, nv * sizeof *s.a.depth), "cudaMemset");
    EMOGI_CK(cudaMemset(s.a.sigma, 0, nv * sizeof *s.a.sigma), "cudaMemset");
    EMOGI_CK(cudaMemset(s.a.coef, 0, nv * sizeof *s.a.coef), "cudaMemset");
    EMOGI_CK(cudaMemset(s.a.acc, 0, nv * sizeof *s.a.acc), "cudaMemset");
    EMOGI_CK(cudaMemset(s.counters, 0, C_COUNT * sizeof *s.counters), "cudaMemset");
    EMOGI_CK(cudaMemcpy(s.a.depth + source, &zero, sizeof zero, cudaMemcpyHostToDevice),
             "cudaMemcpy");
    EMOGI_CK(cudaMemcpy(s.a.sigma + source, &one, sizeof one, cudaMemcpyHostToDevice),
             "cudaMemcpy");
    EMOGI_CK(cudaDeviceSynchronize(), "initialising the search");
    return 0;
}

int run(const emogi_placed *p, const emogi_placed *in, uint64_t source, enum emogi_kernel k,
        double *score, emogi_bc_stats *st, bc_state &s, emogi_error *err)
{
    const uint64_t nv = p->g->nv;
    std::vector<double> delta;
    try {
        delta.resize(nv);
    } catch (...) {
        return emogi_fail(err, "GPU BC: out of memory for %llu dependencies",
                          (unsigned long long)nv);
    }
    if (allocate(p, in, source, s, err))
        return -1;
    EMOGI_CK(cudaEventRecord(s.t0), "cudaEventRecord");
    uint32_t levels = 0;
    uint64_t reached = 0;
    int rc = p->g->id_width == 4 ? phases<uint32_t>(p, in, source, k, s, &levels, &reached, err)
                                 : phases<uint64_t>(p, in, source, k, s, &levels, &reached, err);
    if (rc)
        return -1;
    EMOGI_CK(cudaEventRecord(s.t1), "cudaEventRecord");
    EMOGI_CK(cudaEventSynchronize(s.t1), "cudaEventSynchronize");
    float ms = 0;
    EMOGI_CK(cudaEventElapsedTime(&ms, s.t0, s.t1), "cudaEventElapsedTime");
    unsigned long long acc[C_COUNT];
    EMOGI_CK(cudaMemcpy(acc, s.counters, sizeof acc, cudaMemcpyDeviceToHost), "counting edges");
    EMOGI_CK(cudaMemcpy(delta.data(), s.a.acc, nv * sizeof(double), cudaMemcpyDeviceToHost),
             "copying the dependencies to the host");
    /* the source's entry stays 0: it is never summed */
    for (uint64_t v = 0; v < nv; v++)
        score[v] += delta[v];
    if (st) {
        *st = emogi_bc_stats{};
        st->seconds = ms / 1e3;
        st->levels = levels;
        st->reached = reached;
        st->edges_examined = acc[C_EDGES];
        st->devmem_bytes = acc[C_DEV];
        st->link_bytes = acc[C_LINK];
        st->edge_bytes = acc[C_DEV] + acc[C_LINK];
    }
    return 0;
}

} // namespace

extern "C" int emogi_bc_gpu(const struct emogi_placed *p, const struct emogi_placed *in,
                            uint64_t source, enum emogi_kernel k, double *score,
                            struct emogi_bc_stats *st, emogi_error *err)
{
    if (check(p, in, source, k, err))
        return -1;
    bc_state s;
    int rc = run(p, in, source, k, score, st, s, err);
    release(s);
    return rc;
}
