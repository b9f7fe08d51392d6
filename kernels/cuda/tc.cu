/*
 * tc.cu - triangle counting on the GPU over the placed lists (device
 * memory, zero-copy, hybrid or managed; plain or compressed), read only
 * through reader.cuh.
 *
 * The order is kernels/cpu/tc.c's: w is above u when of higher degree,
 * or of equal degree and a smaller id.  A triangle a < b < c in that
 * order is counted once, at its middle vertex b (the edge-iterator
 * variant of Schank and Wagner, WEA 2005, with the roles that suit the
 * link): a warp takes b, reads b's list once, merged and aligned, and
 * puts the neighbours above b in a hash set of its own in device memory
 * (no more than the degrees' bound emogi_tc_up_bound, so the set is
 * small and stays in L2); then for every neighbour a below b it reads
 * a's list, merged and aligned, and looks each entry up in the set.  The
 * list read over the link for each oriented edge a - b is a's, the end of
 * lower degree, the shorter one: the lists read are at most the sum over
 * the edges of the smaller degree, and no warp reads a hub's list for
 * each of its neighbours.  Warps take the middle vertices in ascending
 * order (common.cuh, "Chunks"), so the lists they read first sweep the
 * edge array front to back.
 *
 * The GPU reads the stored lists as they are, so a list with a repeated
 * entry would count its triangles twice: such graphs are refused (the CPU
 * backend builds lists of its own and counts them).  Self-loops need
 * nothing: b is neither above nor below itself.
 */
#include <cuda_runtime.h>

#include <stdint.h>

#include "common.cuh"
#include "emogi_tc.h"
#include "reader.cuh"

namespace {

const char *const CUDA_ALG = "TC";

/* scratch: [S_CHUNK] next chunk; totals [S_ACC] triangles, [S_ACC + 1]
 * entries read, [S_ACC + 2, + 3] bytes of lines in device memory and over
 * the link */
enum { S_CHUNK, S_ACC, SCRATCH = S_ACC + 4 };

/* One warp's hash set: SLOTS ids (all ones: empty), open addressing with
 * linear probing, and the slots it filled, so that clearing it costs what
 * filling it did. */
template <typename T> struct table {
    T *slot;
    uint32_t *used;
};

template <typename T> __device__ __forceinline__ T empty_id() { return (T)~(T)0; }

__device__ __forceinline__ uint64_t hash(uint64_t x, unsigned shift)
{
    return (x * 0x9e3779b97f4a7c15ull) >> shift;
}

__device__ __forceinline__ uint32_t cas(uint32_t *a, uint32_t old, uint32_t v)
{
    return atomicCAS(reinterpret_cast<unsigned *>(a), old, v);
}
__device__ __forceinline__ uint64_t cas(uint64_t *a, uint64_t old, uint64_t v)
{
    return atomicCAS(reinterpret_cast<unsigned long long *>(a), (unsigned long long)old,
                     (unsigned long long)v);
}

/* W is above U: the order of kernels/cpu/tc.c. */
__device__ __forceinline__ bool above(const uint64_t *off, uint64_t u, uint64_t w)
{
    const uint64_t du = off[u + 1] - off[u], dw = off[w + 1] - off[w];
    return dw > du || (dw == du && w < u);
}

template <typename T>
__device__ __forceinline__ void insert(const table<T> &t, uint64_t mask, unsigned shift, T x,
                                       unsigned *n_used)
{
    for (uint64_t s = hash(x, shift);; s = (s + 1) & mask) {
        const T old = cas(&t.slot[s], empty_id<T>(), x);
        if (old == empty_id<T>()) {
            t.used[atomicAdd(n_used, 1u)] = (uint32_t)s;
            return;
        }
        if (old == x)
            return;
    }
}

template <typename T>
__device__ __forceinline__ bool contains(const table<T> &t, uint64_t mask, unsigned shift, T x)
{
    for (uint64_t s = hash(x, shift);; s = (s + 1) & mask) {
        const T y = t.slot[s];
        if (y == x)
            return true;
        if (y == empty_id<T>())
            return false;
    }
}

/* Lanes add their triangles and entries; lane 0 adds the warp's to ACC. */
__device__ __forceinline__ void add_counts(unsigned long long *acc, unsigned long long found,
                                           unsigned long long read, emogi_lines &lines)
{
    for (int d = 16; d > 0; d /= 2) {
        found += __shfl_down_sync(FULL, found, d);
        read += __shfl_down_sync(FULL, read, d);
    }
    if ((threadIdx.x & 31) == 0) {
        if (found)
            atomicAdd(&acc[0], found);
        if (read)
            atomicAdd(&acc[1], read);
    }
    lines.flush(&acc[2]);
}

template <typename R>
__global__ void __launch_bounds__(BLOCK)
    count_kernel(const R r, uint64_t nv, table<typename R::id> tables, uint64_t slots,
                 uint64_t up, unsigned shift, unsigned long long *counts,
                 unsigned long long *scratch)
{
    typedef typename R::id T;
    EMOGI_READER_WARP(r, w);
    __shared__ unsigned n_used[BLOCK / 32];
    const unsigned lane = threadIdx.x & 31, wib = threadIdx.x / 32;
    const uint64_t warp = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) / 32;
    const table<T> t = {tables.slot + warp * slots, tables.used + warp * up};
    const uint64_t mask = slots - 1;
    unsigned long long found = 0, nread = 0;
    emogi_lines lines;
    if (lane == 0)
        n_used[wib] = 0;
    __syncwarp();
    emogi_warp_frontier<1>(
        scratch + S_CHUNK, nv, lane, [&](uint64_t v) { return r.off[v + 1] - r.off[v] >= 2; },
        [&](uint64_t b) {
            const uint64_t e0 = r.off[b], end = r.off[b + 1];
            /* the neighbours above b into the set */
            bool any_below = false;
            r.read(w, lines, b, r.first(e0, e0), e0, end, lane, emogi_no_load,
                   [&](T c, emogi_nothing) {
                       if (above(r.off, b, c))
                           insert(t, mask, shift, c, &n_used[wib]);
                       else if (c != b)
                           any_below = true;
                   });
            if (lane == 0)
                nread += end - e0;
            __syncwarp(); /* the set's writes seen by every lane */
            const unsigned n_up = n_used[wib];
            if (n_up > 0 && __any_sync(FULL, any_below)) {
                unsigned long long here = 0;
                /* b's list again, 32 entries at a time: each neighbour a
                 * below b has its list read by the whole warp */
                for (uint64_t a0 = r.first(e0, e0); a0 < end; a0 += 32) {
                    const uint64_t a1 = a0 + 32 < end ? a0 + 32 : end;
                    unsigned long long mine = 0;
                    bool below = false;
                    r.read(w, lines, b, a0, e0, a1, lane, emogi_no_load,
                           [&](T a, emogi_nothing) {
                               mine = a;
                               below = a != b && !above(r.off, b, a);
                           });
                    for (unsigned todo = __ballot_sync(FULL, below); todo; todo &= todo - 1) {
                        const uint64_t a = __shfl_sync(FULL, mine, __ffs(todo) - 1);
                        unsigned long long at_a = 0;
                        emogi_whole(r, a, 0, [&](uint64_t u, uint64_t f, uint64_t s, uint64_t e) {
                            r.read(w, lines, u, f, s, e, lane, emogi_no_load,
                                   [&](T c, emogi_nothing) {
                                       if (contains(t, mask, shift, c)) {
                                           at_a++;
                                           if (counts)
                                               atomicAdd(&counts[c], 1ull);
                                       }
                                   });
                            if (lane == 0)
                                nread += e - s;
                        });
                        if (counts) {
                            unsigned long long sum = at_a;
                            for (int d = 16; d > 0; d /= 2)
                                sum += __shfl_down_sync(FULL, sum, d);
                            if (lane == 0 && sum)
                                atomicAdd(&counts[a], sum);
                        }
                        here += at_a;
                    }
                }
                if (lane == 0)
                    nread += end - e0;
                if (counts) {
                    unsigned long long sum = here;
                    for (int d = 16; d > 0; d /= 2)
                        sum += __shfl_down_sync(FULL, sum, d);
                    if (lane == 0 && sum)
                        atomicAdd(&counts[b], sum);
                }
                found += here;
            }
            /* empty the set for the next vertex */
            for (unsigned i = lane; i < n_up; i += 32)
                t.slot[t.used[i]] = empty_id<T>();
            __syncwarp();
            if (lane == 0)
                n_used[wib] = 0;
            __syncwarp();
        });
    add_counts(scratch + S_ACC, found, nread, lines);
}

/* What one run holds on the device; released whatever happens. */
struct tc_state {
    void *slots = nullptr;
    uint32_t *used = nullptr;
    unsigned long long *counts = nullptr, *scratch = nullptr;
    cudaEvent_t t0 = nullptr, t1 = nullptr;
};

void release(tc_state &s)
{
    cudaFree(s.slots);
    cudaFree(s.used);
    cudaFree(s.counts);
    cudaFree(s.scratch);
    if (s.t0)
        cudaEventDestroy(s.t0);
    if (s.t1)
        cudaEventDestroy(s.t1);
    (void)cudaGetLastError();
}

template <typename T, typename R>
int launch(const R &r, uint64_t nv, const tc_state &s, uint64_t slots, uint64_t up,
           unsigned shift, unsigned blocks, emogi_error *err)
{
    const table<T> t = {static_cast<T *>(s.slots), s.used};
    count_kernel<<<blocks, BLOCK>>>(r, nv, t, slots, up, shift, s.counts, s.scratch);
    EMOGI_CK(cudaGetLastError(), "launching the count");
    return 0;
}

template <typename T>
int run(const emogi_placed *p, enum emogi_kernel k, tc_state &s, bool per_vertex,
        emogi_tc_stats *st, emogi_error *err)
{
    const emogi_graph *g = p->g;
    const uint64_t nv = g->nv, up = emogi_tc_up_bound(g) + 1, slots = emogi_tc_slots(up);
    unsigned shift = 64;
    for (uint64_t x = slots; x > 1; x >>= 1)
        shift--;
    unsigned resident = 0;
    if (emogi_resident_blocks(p->device, BLOCK, &resident, err))
        return -1;
    /* as many warps as EMOGI_TC_TABLES_MAX holds tables for, a block at least */
    const uint64_t per_block = emogi_tc_warp_bytes(up, sizeof(T)) * (BLOCK / 32);
    uint64_t blocks = EMOGI_TC_TABLES_MAX / per_block;
    const uint64_t most = EMOGI_TC_MAX_WARPS / (BLOCK / 32);
    blocks = blocks < 1 ? 1 : blocks > resident ? resident : blocks;
    blocks = blocks > most ? most : blocks;
    const uint64_t warps = blocks * (BLOCK / 32);
    EMOGI_CK(cudaMalloc(&s.slots, warps * slots * sizeof(T)), "cudaMalloc of the hash sets");
    EMOGI_CK(cudaMemset(s.slots, 0xff, warps * slots * sizeof(T)), "cudaMemset");
    EMOGI_CK(cudaMalloc(&s.used, warps * up * sizeof *s.used), "cudaMalloc of the hash sets");
    if (per_vertex) {
        EMOGI_CK(cudaMalloc(&s.counts, nv * sizeof *s.counts), "cudaMalloc of the counts");
        EMOGI_CK(cudaMemset(s.counts, 0, nv * sizeof *s.counts), "cudaMemset");
    }
    EMOGI_CK(cudaMalloc(&s.scratch, SCRATCH * sizeof *s.scratch), "cudaMalloc");
    EMOGI_CK(cudaMemset(s.scratch, 0, SCRATCH * sizeof *s.scratch), "cudaMemset");
    EMOGI_CK(cudaEventCreate(&s.t0), "cudaEventCreate");
    EMOGI_CK(cudaEventCreate(&s.t1), "cudaEventCreate");
    EMOGI_CK(cudaEventRecord(s.t0), "cudaEventRecord");
    int rc;
    if (p->d_coffsets) /* one reader for compressed lists, whatever K says */
        rc = launch<T>(emogi_packed<T>(*p), nv, s, slots, up, shift, (unsigned)blocks, err);
    else if (k == EMOGI_KERNEL_ALIGNED)
        rc = launch<T>(emogi_plain<T, true>(*p), nv, s, slots, up, shift, (unsigned)blocks, err);
    else /* naive reads as merged: a thread per vertex would need a set per thread */
        rc = launch<T>(emogi_plain<T, false>(*p), nv, s, slots, up, shift, (unsigned)blocks,
                       err);
    if (rc)
        return -1;
    EMOGI_CK(cudaEventRecord(s.t1), "cudaEventRecord");
    EMOGI_CK(cudaEventSynchronize(s.t1), "counting triangles");
    float ms = 0;
    EMOGI_CK(cudaEventElapsedTime(&ms, s.t0, s.t1), "cudaEventElapsedTime");
    unsigned long long acc[4];
    EMOGI_CK(cudaMemcpy(acc, s.scratch + S_ACC, sizeof acc, cudaMemcpyDeviceToHost),
             "reading the totals");
    st->seconds = ms / 1e3;
    st->orient_seconds = 0;
    st->triangles = acc[0];
    st->relabelled = 0;
    st->oriented_edges = 0; /* filled by the caller */
    st->edges_examined = acc[1];
    st->devmem_bytes = acc[2];
    st->link_bytes = acc[3];
    st->edge_bytes = acc[2] + acc[3];
    return 0;
}

int check(const emogi_placed *p, enum emogi_kernel k, emogi_error *err)
{
    const emogi_graph *g = p ? p->g : nullptr;
    if (!g || !p->priv || !p->d_offsets)
        return emogi_fail(err, "GPU TC: the graph is not placed on a GPU");
    if (emogi_tc_check_graph(g, err))
        return -1;
    if (!emogi_lists_placed(p))
        return emogi_fail(err, "GPU TC: neighbours not placed");
    if (k != EMOGI_KERNEL_NAIVE && k != EMOGI_KERNEL_MERGED && k != EMOGI_KERNEL_ALIGNED)
        return emogi_fail(err, "GPU TC: unknown kernel %d", (int)k);
    uint64_t v = 0;
    const int dup = emogi_tc_first_repeat(g, &v, err);
    if (dup < 0)
        return -1;
    if (dup)
        return emogi_fail(err, "GPU TC: the list of vertex %llu repeats an entry: the GPU "
                               "counts stored lists as they are (convert without "
                               "--keep-duplicates, or count on the CPU)",
                          (unsigned long long)v);
    return 0;
}

} // namespace

extern "C" int emogi_tc_gpu(const struct emogi_placed *p, enum emogi_kernel k, uint64_t *counts,
                            struct emogi_tc_stats *st, emogi_error *err)
{
    if (check(p, k, err))
        return -1;
    const emogi_graph *g = p->g;
    EMOGI_CK(cudaSetDevice(p->device), "cudaSetDevice");
    tc_state s;
    emogi_tc_stats local = {};
    int rc = 0;
    if (g->nv > 0)
        rc = g->id_width == 4 ? run<uint32_t>(p, k, s, counts != nullptr, &local, err)
                              : run<uint64_t>(p, k, s, counts != nullptr, &local, err);
    if (rc == 0 && counts && g->nv > 0) {
        cudaError_t e =
            cudaMemcpy(counts, s.counts, g->nv * sizeof *counts, cudaMemcpyDeviceToHost);
        if (e != cudaSuccess)
            rc = emogi_cuda_fail(err, CUDA_ALG, "copying the counts to the host", e);
    }
    release(s);
    if (rc == 0 && st)
        *st = local;
    return rc;
}
