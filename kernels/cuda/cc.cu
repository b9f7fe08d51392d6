/*
 * cc.cu - connected components on the GPU: two algorithms over EMOGI's
 * neighbour-reading kernels (cc_lists.cuh: naive, merged, aligned).
 *
 * lp  EMOGI's label propagation (S. W. Min et al., VLDB 2021): every
 *     label starts as its vertex's id; each pass, every active vertex
 *     reads its list and, for each neighbour with another label, lowers
 *     the larger of the two with atomicMin (push and pull in one step) and
 *     marks that vertex active for the next pass.  A label that changes is
 *     always marked, so an edge whose ends disagree always has an active
 *     end, and a pass that changes nothing is the last.  The labels are
 *     then each component's smallest id.  Every pass reads the lists of
 *     all vertices whose label moved: on a power-law graph most of the
 *     edge array, several times.
 *
 * uf  Afforest (Sutton, Ben-Nun, Barak, IPDPS 2018) as kernels/cpu/cc.c
 *     runs it: link each vertex with its first and second neighbour (a
 *     thread per vertex, one launch), flatten by pointer jumping, find
 *     the largest tree from 1024 samples and link the remaining entries
 *     of every list outside it.  The big tree's lists, most of the edge array, are never
 *     read, which is what counts when the edges cross PCIe.  Hooking puts
 *     the larger root under the smaller, so roots are minimal ids and the
 *     flattened labels equal lp's.
 *
 * A directed graph's weak components need both directions: every list
 * kernel runs over the out-lists and then over the placed transpose.
 * Label propagation stops with an error after nv + 2 passes (each pass
 * carries a component's smallest id at least one edge further along a
 * shortest path, so nv + 1 always suffice), so a fault cannot hang.
 *
 * Every read of a placed list (the sampling's first entries, the list
 * kernels on both sides) adds the 128-byte lines it requests, in device
 * memory and over the link (cc_lists.cuh), to totals on the device that
 * the host reads once, after the last pass.
 */
#include <cuda_runtime.h>

#include <new>
#include <stdint.h>

#include "cc_lists.cuh"
#include "common.cuh"
#include "emogi_cc.h"
#include "emogi_dist_gpu.h"

namespace {

const char *const CUDA_ALG = "CC";

constexpr uint64_t ROUNDS = 2;    /* Afforest's sampling rounds */
constexpr unsigned SAMPLES = 1024; /* to find the largest tree */
/* cc_state::scratch's counters: [S_CHUNK] next chunk and [S_ASIDE, +3) the
 * lists set aside (common.cuh: emogi_aside), reset before each list
 * kernel; [S_FLAG] changed; totals read once at the end: [S_ACC] entries
 * read, [S_ACC + 1, + 2] bytes of lines in device memory and over the link */
enum { S_CHUNK, S_ASIDE, S_FLAG = S_ASIDE + 3, S_ACC, SCRATCH = S_ACC + 3 };

__device__ __forceinline__ void atomic_min(uint32_t *a, uint32_t v)
{
    atomicMin(reinterpret_cast<unsigned *>(a), v);
}
__device__ __forceinline__ void atomic_min(uint64_t *a, uint64_t v)
{
    atomicMin(reinterpret_cast<unsigned long long *>(a), (unsigned long long)v);
}
__device__ __forceinline__ uint32_t atomic_cas(uint32_t *a, uint32_t old, uint32_t v)
{
    return atomicCAS(reinterpret_cast<unsigned *>(a), old, v);
}
__device__ __forceinline__ uint64_t atomic_cas(uint64_t *a, uint64_t old, uint64_t v)
{
    return atomicCAS(reinterpret_cast<unsigned long long *>(a), (unsigned long long)old,
                     (unsigned long long)v);
}

/* Other threads rewrite the parents: read them from memory every time. */
template <typename T> __device__ __forceinline__ T ld(const T *a, uint64_t i)
{
    return *reinterpret_cast<const volatile T *>(&a[i]);
}

template <typename T> struct lp_op {
    T *label;
    const uint8_t *curr;
    uint8_t *next;
    unsigned *changed;

    __device__ bool active(uint64_t v) const { return curr[v]; }
    __device__ void edge(uint64_t v, T u, bool &moved) const
    {
        const T lv = label[v], lu = label[u];
        if (lv == lu)
            return;
        const uint64_t lower = lv < lu ? (uint64_t)u : v;
        atomic_min(&label[lower], lv < lu ? lv : lu);
        next[lower] = 1;
        moved = true;
    }
    __device__ void finish(bool moved) const
    {
        if (moved)
            *changed = 1;
    }
};

/* GAP's Link: walk both sides up and hook the higher root under the lower. */
template <typename T> __device__ void link(T *comp, uint64_t u, uint64_t v)
{
    T p1 = ld(comp, u), p2 = ld(comp, v);
    while (p1 != p2) {
        const T high = p1 > p2 ? p1 : p2, low = p1 > p2 ? p2 : p1;
        const T p_high = ld(comp, high);
        if (p_high == low || (p_high == high && atomic_cas(&comp[high], high, low) == high))
            break;
        p1 = ld(comp, ld(comp, high));
        p2 = ld(comp, low);
    }
}

/* List V of the kernels is vertex LO + V: a rank's lists (lo 0 alone). */
template <typename T> struct uf_op {
    T *comp;
    T big; /* the sampled largest tree's root: its lists are skipped */
    uint64_t lo;

    __device__ bool active(uint64_t v) const { return ld(comp, lo + v) != big; }
    __device__ void edge(uint64_t v, T u, bool &) const { link(comp, lo + v, (uint64_t)u); }
    __device__ void finish(bool) const {}
};

template <typename T> __global__ void init_labels(T *label, uint8_t *active, uint64_t nv)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < nv; v += stride) {
        label[v] = (T)v;
        if (active)
            active[v] = 1;
    }
}

/* Afforest's sampling, both rounds in one launch: a vertex's first two ids
 * share a 32-byte sector, so over the link this costs one request per
 * vertex instead of one per round.  Linking without flattening in between
 * only leaves deeper trees for the next flattening; the answer is the same.
 * Lists N_LISTS, numbered from LO in COMP; whole warps loop together, as
 * a compressed reader's line count shuffles. */
template <typename R>
__global__ void __launch_bounds__(BLOCK)
    sample_links(const R r, typename R::id *comp, uint64_t n_lists, uint64_t lo,
                 unsigned long long *acc)
{
    static_assert(ROUNDS == 2, "heads() gives two ids");
    typedef typename R::id T;
    const unsigned lane = threadIdx.x & 31;
    unsigned long long n = 0;
    emogi_lines lines;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t base = blockIdx.x * (uint64_t)blockDim.x + (threadIdx.x & ~31u); base < n_lists;
         base += stride) {
        const uint64_t v = base + lane;
        T u[ROUNDS];
        const unsigned k = r.heads(lines, v < n_lists, v, u, lane);
        for (unsigned i = 0; i < k; i++)
            link(comp, lo + v, (uint64_t)u[i]);
        n += k;
    }
    cc_lists::add_counts(acc, n, lines);
}

/* Pointer jumping: parents only ever point to smaller ids, so this ends. */
template <typename T> __global__ void compress(T *comp, uint64_t nv)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; v < nv; v += stride) {
        T c = ld(comp, v);
        while (c != ld(comp, (uint64_t)c))
            c = ld(comp, (uint64_t)c);
        comp[v] = c;
    }
}

/* Another rank's flattened forest OTHER linked into COMP: x and its root
 * there are one component here too. */
template <typename T> __global__ void merge_forest(T *comp, const T *other, uint64_t nv)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t x = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; x < nv; x += stride) {
        const T o = other[x];
        if (o != (T)x)
            link(comp, x, (uint64_t)o);
    }
}

template <typename T>
__global__ void gather(const T *comp, const uint64_t *at, T *out, unsigned n)
{
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = comp[at[i]];
}

/* What one run holds on the device; released whatever happens. */
struct cc_state {
    void *label = nullptr;
    uint8_t *curr = nullptr, *next = nullptr; /* lp: active vertices */
    unsigned long long *scratch = nullptr; /* SCRATCH counters */
    uint64_t *heavy = nullptr;             /* the slots of the lists set aside */
    emogi_aside aside{};
    uint64_t *sample_at = nullptr; /* uf: sampled vertices and their labels */
    void *sample_label = nullptr;
    unsigned blocks = 0; /* resident blocks of BLOCK threads */
    cudaEvent_t t0 = nullptr, t1 = nullptr;
};

void release(cc_state &s)
{
    cudaFree(s.label);
    cudaFree(s.curr);
    cudaFree(s.next);
    cudaFree(s.scratch);
    cudaFree(s.heavy);
    cudaFree(s.sample_at);
    cudaFree(s.sample_label);
    if (s.t0)
        cudaEventDestroy(s.t0);
    if (s.t1)
        cudaEventDestroy(s.t1);
    (void)cudaGetLastError();
}

/* The warp list kernels over one side, its lists read by R. */
template <typename Op, typename R>
int read_with(const R &r, uint64_t skip, uint64_t nv, const Op &op, cc_state &s, emogi_error *err)
{
    unsigned long long *acc = s.scratch + S_ACC;
    const cc_lists::queue q = {s.scratch + S_CHUNK, s.aside};
    EMOGI_CK(cudaMemsetAsync(s.scratch, 0, S_FLAG * sizeof *s.scratch), "resetting the counters");
    cc_lists::read_warp<Op><<<emogi_grid((nv + 31) / 32 * 32, s.blocks), BLOCK>>>(r, skip, nv, op,
                                                                                 q, acc);
    EMOGI_CK(cudaGetLastError(), "launching the warp list kernel");
    /* Always launched: it reads the queue length on the device. */
    cc_lists::read_heavy<Op><<<s.blocks, BLOCK>>>(r, skip, op, q, acc);
    EMOGI_CK(cudaGetLastError(), "launching the heavy list kernel");
    return 0;
}

/* One list kernel over one side, under kernel K. */
template <typename T, typename Op>
int read_lists(const cc_lists::side<T> &sd, uint64_t nv, const Op &op, enum emogi_kernel k,
               cc_state &s, emogi_error *err)
{
    if (sd.p->d_coffsets) /* one reader for compressed lists, whatever K says */
        return read_with(emogi_packed<T>(*sd.p), sd.skip, nv, op, s, err);
    if (k == EMOGI_KERNEL_NAIVE) {
        cc_lists::read_naive<T, Op><<<emogi_grid(nv, s.blocks), BLOCK>>>(sd, nv, op,
                                                                         s.scratch + S_ACC);
        EMOGI_CK(cudaGetLastError(), "launching the naive list kernel");
        return 0;
    }
    if (k == EMOGI_KERNEL_ALIGNED)
        return read_with(emogi_plain<T, true>(*sd.p), sd.skip, nv, op, s, err);
    return read_with(emogi_plain<T, false>(*sd.p), sd.skip, nv, op, s, err);
}

template <typename T> struct sides {
    cc_lists::side<T> s[2];
    int n;
};

template <typename T>
sides<T> sides_of(const emogi_placed *out, const emogi_placed *in, uint64_t out_skip)
{
    sides<T> sd;
    sd.s[0] = {out->d_offsets, emogi_arr<T>(out->nbr), out_skip, out};
    sd.n = 1;
    if (in)
        sd.s[sd.n++] = {in->d_offsets, emogi_arr<T>(in->nbr), 0, in};
    return sd;
}

template <typename T>
int run_lp(const emogi_placed *out, const emogi_placed *in, enum emogi_kernel k, cc_state &s,
           uint32_t *passes, emogi_error *err)
{
    const uint64_t nv = out->g->nv;
    const sides<T> sd = sides_of<T>(out, in, 0);
    T *label = static_cast<T *>(s.label);
    init_labels<T><<<emogi_grid(nv, s.blocks), BLOCK>>>(label, s.curr, nv);
    EMOGI_CK(cudaGetLastError(), "launching the label initialisation");
    for (uint64_t pass = 0;; pass++) {
        if (pass > nv + 1)
            return emogi_fail(err, "GPU CC: label propagation did not settle in %llu passes: "
                                   "kernel fault", (unsigned long long)pass);
        EMOGI_CK(cudaMemsetAsync(s.next, 0, nv), "clearing the next active set");
        EMOGI_CK(cudaMemsetAsync(s.scratch + S_FLAG, 0, sizeof *s.scratch), "clearing the flag");
        const lp_op<T> op = {label, s.curr, s.next,
                             reinterpret_cast<unsigned *>(s.scratch + S_FLAG)};
        for (int i = 0; i < sd.n; i++)
            if (read_lists(sd.s[i], nv, op, k, s, err))
                return -1;
        unsigned long long changed = 0;
        EMOGI_CK(cudaMemcpy(&changed, s.scratch + S_FLAG, sizeof changed, cudaMemcpyDeviceToHost),
                 "running a pass");
        uint8_t *t = s.curr;
        s.curr = s.next;
        s.next = t;
        if (!changed) {
            *passes = (uint32_t)(pass + 1);
            return 0;
        }
    }
}

/* The root of the largest tree, by majority among SAMPLES vertices. */
template <typename T> int frequent_root(uint64_t nv, cc_state &s, T *big, emogi_error *err)
{
    uint64_t at[SAMPLES], x = 0x9e3779b97f4a7c15ull;
    T got[SAMPLES];
    for (unsigned i = 0; i < SAMPLES; i++) {
        uint64_t z = (x += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        at[i] = (z ^ (z >> 31)) % nv;
    }
    EMOGI_CK(cudaMemcpy(s.sample_at, at, sizeof at, cudaMemcpyHostToDevice), "sampling");
    gather<T><<<(SAMPLES + BLOCK - 1) / BLOCK, BLOCK>>>(static_cast<const T *>(s.label),
                                                        s.sample_at,
                                                        static_cast<T *>(s.sample_label), SAMPLES);
    EMOGI_CK(cudaGetLastError(), "launching the sampler");
    EMOGI_CK(cudaMemcpy(got, s.sample_label, sizeof got, cudaMemcpyDeviceToHost), "sampling");
    unsigned best_n = 0;
    for (unsigned i = 0; i < SAMPLES; i++) {
        unsigned n = 0;
        for (unsigned j = 0; j < SAMPLES; j++)
            n += got[j] == got[i];
        if (n > best_n) {
            best_n = n;
            *big = got[i];
        }
    }
    return 0;
}

template <typename T>
int run_uf(const emogi_placed *out, const emogi_placed *in, enum emogi_kernel k, cc_state &s,
           uint32_t *passes, emogi_error *err)
{
    const uint64_t nv = out->g->nv;
    T *comp = static_cast<T *>(s.label);
    init_labels<T><<<emogi_grid(nv, s.blocks), BLOCK>>>(comp, nullptr, nv);
    EMOGI_CK(cudaGetLastError(), "launching the label initialisation");
    if (out->d_coffsets)
        sample_links<<<emogi_grid(nv, s.blocks), BLOCK>>>(emogi_packed<T>(*out), comp, nv, 0,
                                                          s.scratch + S_ACC);
    else
        sample_links<<<emogi_grid(nv, s.blocks), BLOCK>>>(emogi_plain<T, true>(*out), comp, nv,
                                                          0, s.scratch + S_ACC);
    EMOGI_CK(cudaGetLastError(), "launching the sampling");
    compress<T><<<emogi_grid(nv, s.blocks), BLOCK>>>(comp, nv);
    EMOGI_CK(cudaGetLastError(), "launching pointer jumping");
    T big = 0;
    if (frequent_root<T>(nv, s, &big, err))
        return -1;
    const sides<T> sd = sides_of<T>(out, in, ROUNDS);
    const uf_op<T> op = {comp, big, 0};
    for (int i = 0; i < sd.n; i++)
        if (read_lists(sd.s[i], nv, op, k, s, err))
            return -1;
    compress<T><<<emogi_grid(nv, s.blocks), BLOCK>>>(comp, nv);
    EMOGI_CK(cudaGetLastError(), "launching pointer jumping");
    *passes = 2; /* sampling, final round */
    return 0;
}

int check(const emogi_placed *out, const emogi_placed *in, enum emogi_cc_algorithm a,
          enum emogi_kernel k, emogi_error *err)
{
    const emogi_graph *g = out ? out->g : nullptr;
    if (!g || !out->priv || !out->d_offsets)
        return emogi_fail(err, "GPU CC: the graph is not placed on a GPU");
    if (emogi_cc_check_graph(g, err))
        return -1;
    if ((g->flags & EMOGI_DIRECTED) && (!in || !in->priv || !in->d_offsets))
        return emogi_fail(err, "GPU CC: a directed graph needs its transpose placed too");
    if (in && in->device != out->device)
        return emogi_fail(err, "GPU CC: the transpose is placed on another GPU");
    if (!emogi_lists_placed(out) || (in && !emogi_lists_placed(in)))
        return emogi_fail(err, "GPU CC: neighbours not placed");
    if (k != EMOGI_KERNEL_NAIVE && k != EMOGI_KERNEL_MERGED && k != EMOGI_KERNEL_ALIGNED)
        return emogi_fail(err, "GPU CC: unknown kernel %d", (int)k);
    if (a != EMOGI_CC_LP && a != EMOGI_CC_UF)
        return emogi_fail(err, "GPU CC: unknown algorithm %d", (int)a);
    return 0;
}

int setup(const emogi_placed *out, enum emogi_cc_algorithm a, cc_state &s, emogi_error *err)
{
    const emogi_graph *g = out->g;
    EMOGI_CK(cudaSetDevice(out->device), "cudaSetDevice");
    if (emogi_resident_blocks(out->device, BLOCK, &s.blocks, err))
        return -1;
    EMOGI_CK(cudaMalloc(&s.label, g->nv * g->id_width), "cudaMalloc of the labels");
    if (a == EMOGI_CC_LP) {
        EMOGI_CK(cudaMalloc(&s.curr, g->nv), "cudaMalloc of the active set");
        EMOGI_CK(cudaMalloc(&s.next, g->nv), "cudaMalloc of the active set");
    }
    EMOGI_CK(cudaMalloc(&s.scratch, SCRATCH * sizeof *s.scratch), "cudaMalloc");
    EMOGI_CK(cudaMemset(s.scratch, 0, SCRATCH * sizeof *s.scratch), "cudaMemset");
    EMOGI_CK(emogi_aside_alloc(s.scratch + S_ASIDE, emogi_heavy_slots(g->ne), g->ne, &s.heavy,
                               &s.aside),
             "cudaMalloc of the long lists' queues");
    EMOGI_CK(cudaMalloc(&s.sample_at, SAMPLES * sizeof *s.sample_at), "cudaMalloc");
    EMOGI_CK(cudaMalloc(&s.sample_label, SAMPLES * sizeof(uint64_t)), "cudaMalloc");
    EMOGI_CK(cudaEventCreate(&s.t0), "cudaEventCreate");
    EMOGI_CK(cudaEventCreate(&s.t1), "cudaEventCreate");
    return 0;
}

template <typename T>
int run(const emogi_placed *out, const emogi_placed *in, enum emogi_cc_algorithm a,
        enum emogi_kernel k, cc_state &s, emogi_cc_stats *st, emogi_error *err)
{
    uint32_t passes = 0;
    EMOGI_CK(cudaEventRecord(s.t0), "cudaEventRecord");
    int rc = a == EMOGI_CC_LP ? run_lp<T>(out, in, k, s, &passes, err)
                              : run_uf<T>(out, in, k, s, &passes, err);
    if (rc)
        return -1;
    EMOGI_CK(cudaEventRecord(s.t1), "cudaEventRecord");
    EMOGI_CK(cudaEventSynchronize(s.t1), "running connected components");
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

extern "C" int emogi_cc_gpu(const struct emogi_placed *out, const struct emogi_placed *in,
                            enum emogi_cc_algorithm a, enum emogi_kernel k, void *labels,
                            struct emogi_cc_stats *st, emogi_error *err)
{
    if (check(out, in, a, k, err))
        return -1;
    const emogi_graph *g = out->g;
    if (!(g->flags & EMOGI_DIRECTED))
        in = nullptr;
    cc_state s;
    emogi_cc_stats local = {};
    int rc = setup(out, a, s, err);
    if (rc == 0 && g->nv > 0)
        rc = g->id_width == 4 ? run<uint32_t>(out, in, a, k, s, &local, err)
                              : run<uint64_t>(out, in, a, k, s, &local, err);
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

/* ---- one GPU rank of a distributed CC (emogi_dist_gpu.h) ----
 *
 * uf  the CPU ranks' Afforest (dist/cc.c) on the device: the
 *     rank links its own vertices' first two entries into a forest of
 *     all nv vertices (sample_links at the range's offset); once the
 *     ranks' forests are merged (merge_forest links a partner's into
 *     this one; dist/gpu_ranks.c moves them) and every rank holds the
 *     union, it links the rest of its lists outside the most frequent
 *     tree (uf_op at the offset).  Each list entry is read at most once,
 *     as on the single GPU.
 *
 * lp  label propagation on the rank's range: every vertex pulls the
 *     smallest label over its out- and (directed) in-lists, read by the
 *     list kernels above, then takes its label's label (the shortcut).
 *     The rank's own part changes, the rest is what the last exchange
 *     brought.  Concurrent lowering may let a vertex see a newer label
 *     than the CPU pass would: labels only fall and stay ids of the
 *     component, so the pass count may differ but the fixed point, each
 *     component's smallest id, is the same.  Every pass reads every
 *     list, so the ranks move many times the link bytes of the single
 *     GPU's uf
 *     (bench/journal/2026-11-27-mpi-ranks-on-four-gpus-kronecker-26-and-27.md).
 *
 * Labels are in the id width and held for all nv vertices. */

namespace {

template <typename T> struct dlp_op {
    T *label;
    uint64_t lo;
    unsigned *changed;

    __device__ bool active(uint64_t) const { return true; }
    __device__ void edge(uint64_t v, T u, bool &moved) const
    {
        const T lu = ld(label, (uint64_t)u);
        if (lu < ld(label, lo + v)) {
            atomic_min(&label[lo + v], lu);
            moved = true;
        }
    }
    __device__ void finish(bool moved) const
    {
        if (moved)
            *changed = 1;
    }
};

template <typename T> __global__ void shortcut(T *label, uint64_t lo, uint64_t n, unsigned *changed)
{
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += stride) {
        const T m = ld(label, lo + i), lm = ld(label, (uint64_t)m);
        if (lm < m) {
            atomic_min(&label[lo + i], lm);
            *changed = 1;
        }
    }
}

} // namespace

struct emogi_dcc_gpu {
    cc_state s;
    void *other; /* uf: a partner rank's labels, received here */
    const emogi_placed *out, *in;
    enum emogi_cc_algorithm a;
    enum emogi_kernel k;
    uint64_t lo, n, nv;
};

namespace {

template <typename T> int dist_pass(emogi_dcc_gpu *r, emogi_error *err)
{
    cc_state &s = r->s;
    T *label = static_cast<T *>(s.label);
    unsigned *changed = reinterpret_cast<unsigned *>(s.scratch + S_FLAG);
    const sides<T> sd = sides_of<T>(r->out, r->in, 0);
    const dlp_op<T> op = {label, r->lo, changed};
    for (int i = 0; i < sd.n; i++)
        if (read_lists(sd.s[i], r->n, op, r->k, s, err))
            return -1;
    shortcut<T><<<emogi_grid(r->n, s.blocks), BLOCK>>>(label, r->lo, r->n, changed);
    EMOGI_CK(cudaGetLastError(), "launching the shortcut");
    return 0;
}

/* The rank's forest flattened, and the host told when WHAT is done
 * (the next step moves the labels). */
template <typename T> int flatten(emogi_dcc_gpu *r, const char *what, emogi_error *err)
{
    compress<T><<<emogi_grid(r->nv, r->s.blocks), BLOCK>>>(static_cast<T *>(r->s.label), r->nv);
    EMOGI_CK(cudaGetLastError(), "launching pointer jumping");
    EMOGI_CK(cudaDeviceSynchronize(), what);
    return 0;
}

template <typename T> int dist_sample(emogi_dcc_gpu *r, emogi_error *err)
{
    cc_state &s = r->s;
    T *comp = static_cast<T *>(s.label);
    if (r->out->d_coffsets)
        sample_links<<<emogi_grid(r->n, s.blocks), BLOCK>>>(emogi_packed<T>(*r->out), comp, r->n,
                                                            r->lo, s.scratch + S_ACC);
    else
        sample_links<<<emogi_grid(r->n, s.blocks), BLOCK>>>(emogi_plain<T, true>(*r->out), comp,
                                                            r->n, r->lo, s.scratch + S_ACC);
    EMOGI_CK(cudaGetLastError(), "launching the sampling");
    return flatten<T>(r, "linking the samples", err);
}

template <typename T> int dist_merge(emogi_dcc_gpu *r, emogi_error *err)
{
    merge_forest<T><<<emogi_grid(r->nv, r->s.blocks), BLOCK>>>(
        static_cast<T *>(r->s.label), static_cast<const T *>(r->other), r->nv);
    EMOGI_CK(cudaGetLastError(), "launching the merge");
    return flatten<T>(r, "merging forests", err);
}

/* Every rank holds the same forest here, so the same samples find the
 * same tree everywhere: a rank may skip a list only when all do. */
template <typename T> int dist_rest(emogi_dcc_gpu *r, emogi_error *err)
{
    cc_state &s = r->s;
    T *comp = static_cast<T *>(s.label);
    T big = 0;
    if (frequent_root<T>(r->nv, s, &big, err))
        return -1;
    const sides<T> sd = sides_of<T>(r->out, r->in, ROUNDS);
    const uf_op<T> op = {comp, big, r->lo};
    for (int i = 0; i < sd.n && r->n; i++)
        if (read_lists(sd.s[i], r->n, op, r->k, s, err))
            return -1;
    return flatten<T>(r, "linking the lists", err);
}

int dist_setup(emogi_dcc_gpu *r, emogi_error *err)
{
    cc_state &s = r->s;
    const unsigned w = r->out->g->id_width;
    EMOGI_CK(cudaSetDevice(r->out->device), "cudaSetDevice");
    if (emogi_resident_blocks(r->out->device, BLOCK, &s.blocks, err))
        return -1;
    EMOGI_CK(cudaMalloc(&s.label, (r->nv ? r->nv : 1) * w), "cudaMalloc of the labels");
    if (r->a == EMOGI_CC_UF) {
        EMOGI_CK(cudaMalloc(&r->other, (r->nv ? r->nv : 1) * w), "cudaMalloc of a rank's labels");
        EMOGI_CK(cudaMalloc(&s.sample_at, SAMPLES * sizeof *s.sample_at), "cudaMalloc");
        EMOGI_CK(cudaMalloc(&s.sample_label, SAMPLES * sizeof(uint64_t)), "cudaMalloc");
    }
    EMOGI_CK(cudaMalloc(&s.scratch, SCRATCH * sizeof *s.scratch), "cudaMalloc");
    EMOGI_CK(cudaMemset(s.scratch, 0, SCRATCH * sizeof *s.scratch), "cudaMemset");
    const uint64_t ne = r->out->g->ne + (r->in ? r->in->g->ne : 0);
    EMOGI_CK(emogi_aside_alloc(s.scratch + S_ASIDE, emogi_heavy_slots(ne), ne, &s.heavy, &s.aside),
             "cudaMalloc of the long lists' queues");
    if (w == 4)
        init_labels<uint32_t><<<emogi_grid(r->nv, s.blocks), BLOCK>>>(
            static_cast<uint32_t *>(s.label), nullptr, r->nv);
    else
        init_labels<uint64_t><<<emogi_grid(r->nv, s.blocks), BLOCK>>>(
            static_cast<uint64_t *>(s.label), nullptr, r->nv);
    EMOGI_CK(cudaGetLastError(), "launching the label initialisation");
    return 0;
}

} // namespace

extern "C" uint64_t emogi_dcc_gpu_state_bytes(uint64_t ne, uint64_t nv, unsigned width,
                                              enum emogi_cc_algorithm a)
{
    const uint64_t uf = a == EMOGI_CC_UF ? nv * width + SAMPLES * 16 : 0;
    return nv * width + uf + SCRATCH * 8 + emogi_aside_slots(emogi_heavy_slots(ne), ne) * 8;
}

extern "C" int emogi_dcc_gpu_open(const struct emogi_placed *out, const struct emogi_placed *in,
                                  enum emogi_cc_algorithm a, enum emogi_kernel k, uint64_t lo,
                                  uint64_t nv, struct emogi_dcc_gpu **rp, emogi_error *err)
{
    *rp = nullptr;
    const emogi_graph *g = out ? out->g : nullptr;
    if (!g || !out->d_offsets || !emogi_lists_placed(out))
        return emogi_fail(err, "GPU CC: the rank's lists must be placed");
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "GPU CC: id width %u unsupported", g->id_width);
    if ((g->flags & EMOGI_DIRECTED) && (!in || !in->d_offsets || !emogi_lists_placed(in)))
        return emogi_fail(err, "GPU CC: a directed graph needs the rank's in-lists placed");
    if (k != EMOGI_KERNEL_NAIVE && k != EMOGI_KERNEL_MERGED && k != EMOGI_KERNEL_ALIGNED)
        return emogi_fail(err, "GPU CC: unknown kernel %d", (int)k);
    if (a != EMOGI_CC_LP && a != EMOGI_CC_UF)
        return emogi_fail(err, "GPU CC: unknown algorithm %d", (int)a);
    if (lo + g->nv > nv)
        return emogi_fail(err, "GPU CC: the rank's range passes the graph's end");
    emogi_dcc_gpu *r = new (std::nothrow) emogi_dcc_gpu();
    if (!r)
        return emogi_fail(err, "GPU CC: out of memory");
    r->out = out;
    r->in = (g->flags & EMOGI_DIRECTED) ? in : nullptr;
    r->a = a;
    r->k = k;
    r->lo = lo;
    r->n = g->nv;
    r->nv = nv;
    if (dist_setup(r, err)) {
        emogi_dcc_gpu_close(r);
        return -1;
    }
    *rp = r;
    return 0;
}

extern "C" void emogi_dcc_gpu_close(struct emogi_dcc_gpu *r)
{
    if (!r)
        return;
    release(r->s);
    cudaFree(r->other);
    (void)cudaGetLastError();
    delete r;
}

extern "C" int emogi_dcc_gpu_pass(struct emogi_dcc_gpu *r, int *changed, emogi_error *err)
{
    unsigned flag = 0;
    EMOGI_CK(cudaMemset(r->s.scratch + S_FLAG, 0, sizeof *r->s.scratch), "clearing the flag");
    if (r->n && (r->out->g->id_width == 4 ? dist_pass<uint32_t>(r, err)
                                          : dist_pass<uint64_t>(r, err)))
        return -1;
    EMOGI_CK(cudaMemcpy(&flag, r->s.scratch + S_FLAG, sizeof flag, cudaMemcpyDeviceToHost),
             "running a pass");
    *changed = flag != 0;
    return 0;
}

extern "C" void *emogi_dcc_gpu_labels(struct emogi_dcc_gpu *r)
{
    return r->s.label;
}

extern "C" void *emogi_dcc_gpu_other(struct emogi_dcc_gpu *r)
{
    return r->other;
}

/* The rank's uf steps, in the id width; lp ranks have none. */
static int uf_step(struct emogi_dcc_gpu *r, int (*four)(emogi_dcc_gpu *, emogi_error *),
                   int (*eight)(emogi_dcc_gpu *, emogi_error *), emogi_error *err)
{
    if (r->a != EMOGI_CC_UF)
        return emogi_fail(err, "GPU CC: the rank was opened for label propagation");
    EMOGI_CK(cudaSetDevice(r->out->device), "cudaSetDevice");
    return r->out->g->id_width == 4 ? four(r, err) : eight(r, err);
}

extern "C" int emogi_dcc_gpu_sample(struct emogi_dcc_gpu *r, emogi_error *err)
{
    return uf_step(r, dist_sample<uint32_t>, dist_sample<uint64_t>, err);
}

extern "C" int emogi_dcc_gpu_merge(struct emogi_dcc_gpu *r, emogi_error *err)
{
    return uf_step(r, dist_merge<uint32_t>, dist_merge<uint64_t>, err);
}

extern "C" int emogi_dcc_gpu_rest(struct emogi_dcc_gpu *r, emogi_error *err)
{
    return uf_step(r, dist_rest<uint32_t>, dist_rest<uint64_t>, err);
}

extern "C" int emogi_dcc_gpu_figures(struct emogi_dcc_gpu *r, uint64_t fig[3], emogi_error *err)
{
    unsigned long long acc[3];
    EMOGI_CK(cudaMemcpy(acc, r->s.scratch + S_ACC, sizeof acc, cudaMemcpyDeviceToHost),
             "counting edges");
    for (int i = 0; i < 3; i++)
        fig[i] = acc[i];
    return 0;
}
