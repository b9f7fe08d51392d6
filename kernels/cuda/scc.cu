/*
 * scc.cu - strongly connected components on the GPU, over EMOGI's
 * neighbour-reading kernels (cc_lists.cuh: naive, merged, aligned, and
 * the compressed lists' warp decoder), so the lists may sit in device
 * memory, in pinned host memory over the link, or split between the two.
 *
 * Multistep (G. M. Slota, S. Rajamanickam, K. Madduri, IPDPS 2014), as
 * kernels/cpu/scc.c runs it, in the level-synchronous form of the GPU SCC
 * literature (Hong, Rodia, Olukotun, SC 2013; Li, Mullapudi et al., "A
 * fast and scalable approach to GPU SCC", 2017):
 *
 *   1. trim by degree: a vertex with no in- or no out-edges is its own
 *      component, found from the offsets alone;
 *   2. forward-backward: the giant is what a pivot of large in- times
 *      out-degree reaches both ways, the backward search kept inside the
 *      forward set; each search step pushes along the frontier's lists;
 *   3. trim again, a few rounds, each reading the lists of the vertices
 *      left for a neighbour that is left too;
 *   4. colour: min-label propagation along out-edges until nothing
 *      changes, then every vertex whose colour is its id gathers the
 *      vertices of its colour that reach it, over in-edges; repeated on
 *      what is left.
 *
 * Every step is one launch of a list kernel over the active vertices, so
 * a step reads each active list once, merged and aligned, and a
 * placement over the link pays for the lists of the frontier only; the
 * giant's lists are read twice (once each way) and never again.  The
 * pivot is chosen on the host from the offsets, which the host holds.
 * Labels are canonical, each component's smallest id, as on the CPU.
 *
 * An undirected graph has no transpose: its lists serve as both sides.
 * Every loop stops with an error after nv + 2 rounds (each makes progress
 * while any is left), so a fault cannot hang.
 */
#include <cuda_runtime.h>

#include <stdint.h>

#include "cc_lists.cuh"
#include "common.cuh"
#include "emogi_scc.h"

namespace {

const char *const CUDA_ALG = "SCC";

/* List-reading trimming rounds after forward-backward: each peels one
 * layer of what hangs off the components; colouring takes the rest. */
constexpr unsigned TRIM_ROUNDS = 3;
/* Vertices sampled on the host for the pivot. */
constexpr uint64_t PIVOT_SAMPLES = 4096;

/* scratch: [S_CHUNK] next chunk, [S_ASIDE, +3) the lists set aside,
 * reset before each list kernel; [S_FLAG] changed; [S_MIN] the giant's
 * smallest id; [S_ACC, +3) entries read and line bytes (device, link). */
enum { S_CHUNK, S_ASIDE, S_FLAG = S_ASIDE + 3, S_MIN, S_ACC, SCRATCH = S_ACC + 3 };

template <typename T> __device__ __forceinline__ T none() { return (T)~(T)0; }

__device__ __forceinline__ void atomic_min(uint32_t *a, uint32_t v)
{
    atomicMin(reinterpret_cast<unsigned *>(a), v);
}
__device__ __forceinline__ void atomic_min(uint64_t *a, uint64_t v)
{
    atomicMin(reinterpret_cast<unsigned long long *>(a), (unsigned long long)v);
}

/* Others rewrite these while a kernel runs: read them from memory. */
template <typename T> __device__ __forceinline__ T ld(const T *a, uint64_t i)
{
    return *reinterpret_cast<const volatile T *>(&a[i]);
}

/* The flag a list kernel raises when any edge changed anything. */
struct flagging {
    unsigned *changed;
    __device__ void finish(bool moved) const
    {
        if (moved)
            *changed = 1;
    }
};

/* A search step: the frontier CURR marks, along its lists, the vertices
 * left (label unset) not yet in MARK and inside WITHIN when set. */
template <typename T> struct reach_op : flagging {
    const T *label;
    uint8_t *mark;
    const uint8_t *within;
    const uint8_t *curr;
    uint8_t *next;

    __device__ bool active(uint64_t v) const { return curr[v]; }
    __device__ void edge(uint64_t, T u, bool &moved) const
    {
        if (ld(mark, u) || label[u] != none<T>() || (within && !within[u]))
            return;
        mark[u] = 1;
        next[u] = 1;
        moved = true;
    }
};

/* A trimming round's read: HAS[v] once a neighbour other than v is left. */
template <typename T> struct left_op : flagging {
    const T *label;
    uint8_t *has;

    __device__ bool active(uint64_t v) const { return label[v] == none<T>() && !ld(has, v); }
    __device__ void edge(uint64_t v, T u, bool &) const
    {
        if ((uint64_t)u != v && label[u] == none<T>())
            has[v] = 1;
    }
};

/* Colouring: the frontier lowers the colours of its out-neighbours left. */
template <typename T> struct colour_op : flagging {
    const T *label;
    T *color;
    const uint8_t *curr;
    uint8_t *next;

    __device__ bool active(uint64_t v) const { return curr[v]; }
    __device__ void edge(uint64_t v, T u, bool &moved) const
    {
        const T c = ld(color, v);
        if (label[u] != none<T>() || ld(color, u) <= c)
            return;
        atomic_min(&color[u], c);
        next[u] = 1;
        moved = true;
    }
};

/* Gathering: the vertices of the frontier's colour that reach it. */
template <typename T> struct gather_op : flagging {
    T *label;
    const T *color;
    const uint8_t *curr;
    uint8_t *next;

    __device__ bool active(uint64_t v) const { return curr[v]; }
    __device__ void edge(uint64_t v, T u, bool &moved) const
    {
        const T c = color[v];
        if (ld(label, u) != none<T>() || color[u] != c)
            return;
        label[u] = c; /* every writer writes the same colour */
        next[u] = 1;
        moved = true;
    }
};

#define GRID_STRIDE(v, nv)                                                                 \
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < (nv);          \
         v += (uint64_t)gridDim.x * blockDim.x)

/* 1: the vertices without in- or out-edges label themselves. */
template <typename T>
__global__ void trim_degrees(const uint64_t *out_off, const uint64_t *in_off, T *label,
                             uint64_t nv)
{
    GRID_STRIDE(v, nv)
    {
        const bool alone = out_off[v] == out_off[v + 1] || in_off[v] == in_off[v + 1];
        label[v] = alone ? (T)v : none<T>();
    }
}

/* After forward-backward: the giant's smallest id into *MIN. */
__global__ void giant_min(const uint8_t *fw, const uint8_t *bw, unsigned long long *min,
                          uint64_t nv)
{
    GRID_STRIDE(v, nv)
    if (fw[v] && bw[v])
        atomicMin(min, (unsigned long long)v);
}

template <typename T>
__global__ void giant_label(const uint8_t *fw, const uint8_t *bw, T *label,
                            const unsigned long long *min, uint64_t nv)
{
    GRID_STRIDE(v, nv)
    if (fw[v] && bw[v])
        label[v] = (T)*min;
}

/* A trimming round's end: a vertex left with no in- or no out-neighbour
 * left labels itself; the flags are cleared for the next round. */
template <typename T>
__global__ void trim_flags(uint8_t *has_in, uint8_t *has_out, T *label, unsigned *changed,
                           uint64_t nv)
{
    GRID_STRIDE(v, nv)
    {
        if (label[v] == none<T>() && (!has_in[v] || !has_out[v])) {
            label[v] = (T)v;
            *changed = 1;
        }
        has_in[v] = has_out[v] = 0;
    }
}

/* A colouring round's start: the vertices left, each its own colour,
 * all in the frontier; *ANY raised while one is left. */
template <typename T>
__global__ void colour_start(const T *label, T *color, uint8_t *curr, unsigned *any, uint64_t nv)
{
    GRID_STRIDE(v, nv)
    {
        const bool left = label[v] == none<T>();
        curr[v] = left;
        if (left) {
            color[v] = (T)v;
            *any = 1;
        }
    }
}

/* The roots: a vertex left whose colour is its id labels itself and
 * starts the gathering. */
template <typename T> __global__ void roots(T *label, const T *color, uint8_t *curr, uint64_t nv)
{
    GRID_STRIDE(v, nv)
    {
        const bool root = label[v] == none<T>() && color[v] == (T)v;
        curr[v] = root;
        if (root)
            label[v] = (T)v;
    }
}

/* What one run holds on the device; released whatever happens. */
struct scc_state {
    void *label = nullptr, *color = nullptr;
    uint8_t *fw = nullptr, *bw = nullptr;     /* forward-backward; then trimming's flags */
    uint8_t *curr = nullptr, *next = nullptr; /* frontiers */
    unsigned long long *scratch = nullptr;
    uint64_t *heavy = nullptr;
    emogi_aside aside{};
    unsigned blocks = 0;
    cudaEvent_t t0 = nullptr, t1 = nullptr;
};

void release(scc_state &s)
{
    cudaFree(s.label);
    cudaFree(s.color);
    cudaFree(s.fw);
    cudaFree(s.bw);
    cudaFree(s.curr);
    cudaFree(s.next);
    cudaFree(s.scratch);
    cudaFree(s.heavy);
    if (s.t0)
        cudaEventDestroy(s.t0);
    if (s.t1)
        cudaEventDestroy(s.t1);
    (void)cudaGetLastError();
}

/* The warp list kernels over one side, its lists read by R. */
template <typename Op, typename R>
int read_with(const R &r, uint64_t nv, const Op &op, scc_state &s, emogi_error *err)
{
    unsigned long long *acc = s.scratch + S_ACC;
    const cc_lists::queue q = {s.scratch + S_CHUNK, s.aside};
    EMOGI_CK(cudaMemsetAsync(s.scratch, 0, S_FLAG * sizeof *s.scratch), "resetting the counters");
    cc_lists::read_warp<Op><<<emogi_grid((nv + 31) / 32 * 32, s.blocks), BLOCK>>>(r, 0, nv, op,
                                                                                 q, acc);
    EMOGI_CK(cudaGetLastError(), "launching the warp list kernel");
    cc_lists::read_heavy<Op><<<s.blocks, BLOCK>>>(r, 0, op, q, acc);
    EMOGI_CK(cudaGetLastError(), "launching the heavy list kernel");
    return 0;
}

/* One list kernel over side P (out- or in-lists), under kernel K. */
template <typename T, typename Op>
int read_lists(const emogi_placed *p, uint64_t nv, const Op &op, enum emogi_kernel k,
               scc_state &s, emogi_error *err)
{
    if (p->d_coffsets) /* one reader for compressed lists, whatever K says */
        return read_with(emogi_packed<T>(*p), nv, op, s, err);
    if (k == EMOGI_KERNEL_NAIVE) {
        const cc_lists::side<T> sd = {p->d_offsets, emogi_arr<T>(p->nbr), 0, p};
        cc_lists::read_naive<T, Op><<<emogi_grid(nv, s.blocks), BLOCK>>>(sd, nv, op,
                                                                         s.scratch + S_ACC);
        EMOGI_CK(cudaGetLastError(), "launching the naive list kernel");
        return 0;
    }
    if (k == EMOGI_KERNEL_ALIGNED)
        return read_with(emogi_plain<T, true>(*p), nv, op, s, err);
    return read_with(emogi_plain<T, false>(*p), nv, op, s, err);
}

/* The flag's value, cleared for the next step. */
int take_flag(scc_state &s, unsigned long long *flag, emogi_error *err)
{
    EMOGI_CK(cudaMemcpy(flag, s.scratch + S_FLAG, sizeof *flag, cudaMemcpyDeviceToHost),
             "running a step");
    EMOGI_CK(cudaMemsetAsync(s.scratch + S_FLAG, 0, sizeof *s.scratch), "clearing the flag");
    return 0;
}

unsigned *flag_of(scc_state &s) { return reinterpret_cast<unsigned *>(s.scratch + S_FLAG); }

/* Steps of OP_AT(curr, next) over side P until one changes nothing;
 * curr holds the first frontier. */
template <typename T, typename MakeOp>
int steps(const emogi_placed *p, uint64_t nv, enum emogi_kernel k, scc_state &s,
          uint32_t *passes, const char *what, MakeOp op_at, emogi_error *err)
{
    for (uint64_t step = 0;; step++) {
        if (step > nv + 1)
            return emogi_fail(err, "GPU SCC: %s did not settle in %llu steps: kernel fault", what,
                              (unsigned long long)step);
        EMOGI_CK(cudaMemsetAsync(s.next, 0, nv), "clearing the next frontier");
        if (read_lists<T>(p, nv, op_at(s.curr, s.next), k, s, err))
            return -1;
        (*passes)++;
        unsigned long long changed = 0;
        if (take_flag(s, &changed, err))
            return -1;
        uint8_t *t = s.curr;
        s.curr = s.next;
        s.next = t;
        if (!changed)
            return 0;
    }
}

/* The pivot, from the host's offsets: of PIVOT_SAMPLES vertices spread
 * over the ids, the one of largest in- times out-degree, or nv when all
 * have none (then nothing is left after trimming by degree). */
uint64_t pick_pivot(const emogi_graph *g, const uint64_t *in_off)
{
    const uint64_t nv = g->nv, stride = nv / PIVOT_SAMPLES ? nv / PIVOT_SAMPLES : 1;
    uint64_t best = 0, pivot = nv;
    for (uint64_t v = 0; v < nv; v += stride) {
        const uint64_t k = (g->offsets[v + 1] - g->offsets[v]) * (in_off[v + 1] - in_off[v]);
        if (k > best)
            best = k, pivot = v;
    }
    return pivot;
}

template <typename T>
int multistep(const emogi_placed *out, const emogi_placed *in, enum emogi_kernel k, scc_state &s,
              uint32_t *passes, emogi_error *err)
{
    const emogi_graph *g = out->g;
    const uint64_t nv = g->nv;
    T *label = static_cast<T *>(s.label), *color = static_cast<T *>(s.color);
    unsigned *flag = flag_of(s);
    const unsigned grid = emogi_grid(nv, s.blocks);

    trim_degrees<T><<<grid, BLOCK>>>(out->d_offsets, in->d_offsets, label, nv);
    EMOGI_CK(cudaGetLastError(), "launching the trimming by degree");

    const uint64_t pivot = pick_pivot(g, in == out ? g->offsets : g->t_offsets);
    EMOGI_CK(cudaMemsetAsync(s.fw, 0, nv), "clearing the forward set");
    EMOGI_CK(cudaMemsetAsync(s.bw, 0, nv), "clearing the backward set");
    if (pivot < nv) {
        const uint8_t one = 1;
        uint8_t *sets[2] = {s.fw, s.bw};
        const emogi_placed *sides[2] = {out, in};
        for (int dir = 0; dir < 2; dir++) {
            EMOGI_CK(cudaMemsetAsync(s.curr, 0, nv), "clearing the frontier");
            EMOGI_CK(cudaMemcpy(s.curr + pivot, &one, 1, cudaMemcpyHostToDevice), "the pivot");
            EMOGI_CK(cudaMemcpy(sets[dir] + pivot, &one, 1, cudaMemcpyHostToDevice), "the pivot");
            uint8_t *mark = sets[dir];
            const uint8_t *within = dir ? s.fw : nullptr;
            if (steps<T>(sides[dir], nv, k, s, passes, "a search",
                         [&](const uint8_t *c, uint8_t *n) {
                             reach_op<T> op;
                             op.changed = flag, op.label = label, op.mark = mark;
                             op.within = within, op.curr = c, op.next = n;
                             return op;
                         },
                         err))
                return -1;
        }
        const unsigned long long init = ~0ull;
        EMOGI_CK(cudaMemcpy(s.scratch + S_MIN, &init, sizeof init, cudaMemcpyHostToDevice),
                 "the giant's smallest id");
        giant_min<<<grid, BLOCK>>>(s.fw, s.bw, s.scratch + S_MIN, nv);
        EMOGI_CK(cudaGetLastError(), "launching the giant's minimum");
        giant_label<T><<<grid, BLOCK>>>(s.fw, s.bw, label, s.scratch + S_MIN, nv);
        EMOGI_CK(cudaGetLastError(), "launching the giant's labels");
    }

    /* fw and bw now serve as the trimming's flags */
    EMOGI_CK(cudaMemsetAsync(s.fw, 0, nv), "clearing the trimming's flags");
    EMOGI_CK(cudaMemsetAsync(s.bw, 0, nv), "clearing the trimming's flags");
    for (unsigned round = 0; round < TRIM_ROUNDS; round++) {
        left_op<T> op_in, op_out;
        op_in.changed = op_out.changed = flag;
        op_in.label = op_out.label = label;
        op_in.has = s.fw, op_out.has = s.bw;
        if (read_lists<T>(in, nv, op_in, k, s, err) || read_lists<T>(out, nv, op_out, k, s, err))
            return -1;
        (*passes)++;
        trim_flags<T><<<grid, BLOCK>>>(s.fw, s.bw, label, flag, nv);
        EMOGI_CK(cudaGetLastError(), "launching a trimming round");
        unsigned long long changed = 0;
        if (take_flag(s, &changed, err))
            return -1;
        if (!changed)
            break;
    }

    for (uint64_t round = 0;; round++) {
        if (round > nv + 1)
            return emogi_fail(err, "GPU SCC: colouring did not finish in %llu rounds: kernel "
                                   "fault", (unsigned long long)round);
        colour_start<T><<<grid, BLOCK>>>(label, color, s.curr, flag, nv);
        EMOGI_CK(cudaGetLastError(), "launching a colouring round");
        unsigned long long any = 0;
        if (take_flag(s, &any, err))
            return -1;
        if (!any)
            return 0;
        if (steps<T>(out, nv, k, s, passes, "colouring",
                     [&](const uint8_t *c, uint8_t *n) {
                         colour_op<T> op;
                         op.changed = flag, op.label = label, op.color = color;
                         op.curr = c, op.next = n;
                         return op;
                     },
                     err))
            return -1;
        roots<T><<<grid, BLOCK>>>(label, color, s.curr, nv);
        EMOGI_CK(cudaGetLastError(), "launching the roots");
        if (steps<T>(in, nv, k, s, passes, "gathering",
                     [&](const uint8_t *c, uint8_t *n) {
                         gather_op<T> op;
                         op.changed = flag, op.label = label, op.color = color;
                         op.curr = c, op.next = n;
                         return op;
                     },
                     err))
            return -1;
    }
}

int check(const emogi_placed *out, const emogi_placed *in, enum emogi_kernel k,
          emogi_error *err)
{
    const emogi_graph *g = out ? out->g : nullptr;
    if (!g || !out->priv || !out->d_offsets)
        return emogi_fail(err, "GPU SCC: the graph is not placed on a GPU");
    if (emogi_scc_check_graph(g, err))
        return -1;
    if ((g->flags & EMOGI_DIRECTED) && (!in || !in->priv || !in->d_offsets))
        return emogi_fail(err, "GPU SCC: a directed graph needs its transpose placed too");
    if (in && in->device != out->device)
        return emogi_fail(err, "GPU SCC: the transpose is placed on another GPU");
    if (!emogi_lists_placed(out) || (in && !emogi_lists_placed(in)))
        return emogi_fail(err, "GPU SCC: neighbours not placed");
    if (k != EMOGI_KERNEL_NAIVE && k != EMOGI_KERNEL_MERGED && k != EMOGI_KERNEL_ALIGNED)
        return emogi_fail(err, "GPU SCC: unknown kernel %d", (int)k);
    return 0;
}

int setup(const emogi_placed *out, scc_state &s, emogi_error *err)
{
    const emogi_graph *g = out->g;
    const uint64_t n = g->nv ? g->nv : 1;
    EMOGI_CK(cudaSetDevice(out->device), "cudaSetDevice");
    if (emogi_resident_blocks(out->device, BLOCK, &s.blocks, err))
        return -1;
    EMOGI_CK(cudaMalloc(&s.label, n * g->id_width), "cudaMalloc of the labels");
    EMOGI_CK(cudaMalloc(&s.color, n * g->id_width), "cudaMalloc of the colours");
    EMOGI_CK(cudaMalloc(&s.fw, n), "cudaMalloc of the forward set");
    EMOGI_CK(cudaMalloc(&s.bw, n), "cudaMalloc of the backward set");
    EMOGI_CK(cudaMalloc(&s.curr, n), "cudaMalloc of the frontier");
    EMOGI_CK(cudaMalloc(&s.next, n), "cudaMalloc of the frontier");
    EMOGI_CK(cudaMalloc(&s.scratch, SCRATCH * sizeof *s.scratch), "cudaMalloc");
    EMOGI_CK(cudaMemset(s.scratch, 0, SCRATCH * sizeof *s.scratch), "cudaMemset");
    EMOGI_CK(emogi_aside_alloc(s.scratch + S_ASIDE, emogi_heavy_slots(g->ne), g->ne, &s.heavy,
                               &s.aside),
             "cudaMalloc of the long lists' queues");
    EMOGI_CK(cudaEventCreate(&s.t0), "cudaEventCreate");
    EMOGI_CK(cudaEventCreate(&s.t1), "cudaEventCreate");
    return 0;
}

template <typename T>
int run(const emogi_placed *out, const emogi_placed *in, enum emogi_kernel k, scc_state &s,
        emogi_cc_stats *st, emogi_error *err)
{
    uint32_t passes = 0;
    EMOGI_CK(cudaEventRecord(s.t0), "cudaEventRecord");
    if (multistep<T>(out, in, k, s, &passes, err))
        return -1;
    EMOGI_CK(cudaEventRecord(s.t1), "cudaEventRecord");
    EMOGI_CK(cudaEventSynchronize(s.t1), "running strong components");
    float ms = 0;
    EMOGI_CK(cudaEventElapsedTime(&ms, s.t0, s.t1), "cudaEventElapsedTime");
    unsigned long long acc[3];
    EMOGI_CK(cudaMemcpy(acc, s.scratch + S_ACC, sizeof acc, cudaMemcpyDeviceToHost),
             "counting edges");
    st->seconds = ms / 1e3;
    st->passes = passes;
    st->edges_examined = acc[0];
    st->devmem_bytes = acc[1];
    st->link_bytes = acc[2];
    st->edge_bytes = acc[1] + acc[2];
    return 0;
}

} // namespace

extern "C" int emogi_scc_gpu(const struct emogi_placed *out, const struct emogi_placed *in,
                             enum emogi_kernel k, void *labels, struct emogi_cc_stats *st,
                             emogi_error *err)
{
    if (check(out, in, k, err))
        return -1;
    const emogi_graph *g = out->g;
    if (!(g->flags & EMOGI_DIRECTED))
        in = out; /* an undirected graph's lists are both sides */
    scc_state s;
    emogi_cc_stats local = {};
    int rc = setup(out, s, err);
    if (rc == 0 && g->nv > 0)
        rc = g->id_width == 4 ? run<uint32_t>(out, in, k, s, &local, err)
                              : run<uint64_t>(out, in, k, s, &local, err);
    if (rc == 0 && g->nv > 0) {
        cudaError_t e = cudaMemcpy(labels, s.label, g->nv * g->id_width, cudaMemcpyDeviceToHost);
        if (e != cudaSuccess)
            rc = emogi_cuda_fail(err, CUDA_ALG, "copying labels to the host", e);
    }
    release(s);
    if (rc == 0 && st)
        *st = local;
    return rc;
}
