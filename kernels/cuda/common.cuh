/*
 * common.cuh - what every CUDA kernel file shares: the launch shape and
 * the reasons for it, a checked call that turns a CUDA error into an
 * emogi_error, grid sizing, EMOGI's warp read of a neighbour list, and
 * the frontier walk with its set-aside of long lists.  The kernel files
 * cite this comment rather than repeat it.
 *
 * Lists.  A warp reads a list with lanes on consecutive entries, so each
 * warp load is one contiguous run that the GPU merges into few PCIe
 * requests (EMOGI's merged read, Min et al., VLDB 2021); aligned, the run
 * starts at the 128-byte boundary at or before the list (32 ids of 4
 * bytes, 16 of 8), so every request is whole lines, and the lanes before
 * the true start stay idle.  Each lane issues UNROLL loads before using
 * any, so a long list in host memory is not read one round trip at a time.
 *
 * Blocks.  Kernels loop grid-stride, so a grid needs no more blocks than
 * the device holds resident at once (emogi_resident_blocks); emogi_grid
 * sizes every launch from that count.
 *
 * Chunks.  The frontier kernels (BFS, SSSP, CC) take CHUNKS x 32 vertex
 * ids at a time from a counter, in ascending order, rather than a fixed
 * share each: concurrent warps then sweep the edge array front to back
 * (bench/REFERENCE.md: reads that jump across gigabytes of pinned memory run at
 * a tenth of the link), and a warp held up by a long list does not hold
 * back a fixed share of the rest.  Two chunks per grab halve the atomics
 * on the counter and keep the sweep narrow.  One coalesced load and a
 * ballot find a chunk's active vertices, which the warp then serves one
 * at a time, so a small frontier does not cost a warp-wide step per
 * vertex.
 *
 * Hubs.  A list longer than HEAVY entries (a Kronecker scale-25 hub holds
 * about a million) would keep one warp reading long after the others are
 * done, and the level or iteration would wait on it.  Such lists are set
 * aside and cut into SEGMENT-entry pieces that a second launch spreads
 * over every warp.  SEGMENT is a whole number of 128-byte lines for 4- and
 * 8-byte ids, so every piece after a list's first starts on a line and
 * the reads stay EMOGI's whole-line requests.
 *
 * Medium lists.  A grab still serves its vertices one after another, so
 * where the long lists sit side by side, as in a degree-ordered file
 * (`--reorder degree`), one warp's grab can hold 64 lists of up to HEAVY
 * entries while the rest of the GPU waits.  The frontier kernels (BFS
 * top-down, SSSP, CC) therefore set lists longer than MEDIUM entries
 * aside too, and the pieces launch serves them whole after the pieces, a
 * list per grab, so no grab holds more than 32 x CHUNKS x MEDIUM entries
 * (bench/journal/2026-11-28-degree-order-and-the-warps-grabs.md).  PageRank,
 * whose sets never change, was measured with such lists summed apart and
 * keeps its grabs: see that entry.
 */
#ifndef EMOGI_CUDA_COMMON_CUH
#define EMOGI_CUDA_COMMON_CUH

#include <cuda_runtime.h>

#include <stdint.h>

#include "emogi_csr.h"
#include "emogi_kernel.h"
#include "emogi_loader.h"

constexpr int BLOCK = 256;             /* threads per block */
constexpr unsigned FULL = 0xffffffffu; /* every lane of a warp */
constexpr uint64_t CHUNKS = 2;         /* 32-vertex chunks per grab */
constexpr uint64_t HEAVY = EMOGI_HEAVY; /* longer lists are shared by all warps */
constexpr uint64_t SEGMENT = 2048;     /* their piece per warp: whole 128-byte lines */
constexpr uint64_t MEDIUM = EMOGI_MEDIUM; /* longer lists are served whole, a list per grab */
constexpr int EMOGI_UNROLL = 4;        /* loads in flight per lane */

/* ---- errors and launch sizing ---- */

/* Fill ERR with "WHAT: <CUDA's message>" (prefixed by the algorithm) and
 * clear the sticky last error so the next call starts clean. */
static inline int emogi_cuda_fail(emogi_error *err, const char *alg, const char *what,
                                  cudaError_t e)
{
    (void)cudaGetLastError();
    return emogi_fail(err, "GPU %s: %s: %s", alg, what, cudaGetErrorString(e));
}

/* Needs `emogi_error *err` and a `static const char *const CUDA_ALG` in scope. */
#define EMOGI_CK(call, what)                                                               \
    do {                                                                                   \
        cudaError_t e_ = (call);                                                           \
        if (e_ != cudaSuccess)                                                             \
            return emogi_cuda_fail(err, CUDA_ALG, what, e_);                               \
    } while (0)

/* Blocks of BLOCK threads that are resident at once on DEVICE. */
static inline int emogi_resident_blocks(int device, int block, unsigned *blocks, emogi_error *err)
{
    int sms = 0, per_sm = 0;
    cudaError_t e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device);
    if (e != cudaSuccess)
        return emogi_cuda_fail(err, "launch", "cudaDeviceGetAttribute", e);
    *blocks = (unsigned)((sms > 0 ? sms : 1) * (per_sm >= block ? per_sm / block : 1));
    return 0;
}

/* Blocks of BLOCK threads for a grid-stride launch over THREADS threads:
 * enough for one thread each, at most RESIDENT, and never none. */
static inline unsigned emogi_grid(uint64_t threads, unsigned resident)
{
    const uint64_t need = (threads + BLOCK - 1) / BLOCK;
    return need == 0 ? 1u : need < resident ? (unsigned)need : resident;
}

/* ---- placed edge arrays and the bytes read from them ---- */

/* A read-only load through the non-coherent path: edge arrays never
 * change while a kernel runs. */
__device__ __forceinline__ uint32_t emogi_ldg(const uint32_t *p) { return __ldg(p); }
__device__ __forceinline__ float emogi_ldg(const float *p) { return __ldg(p); }
__device__ __forceinline__ uint64_t emogi_ldg(const uint64_t *p)
{
    return __ldg(reinterpret_cast<const unsigned long long *>(p));
}

/* A placed edge array (emogi_loader.h: struct emogi_edges) as kernels
 * index it.  By the prefix rule, entry j comes from device memory below
 * the split and from pinned host memory over the link from it on: one
 * comparison per load.  By the heads rule, the line's bit in a bitmap
 * (small enough to stay in L2) says which, and its rank where the line
 * sits among those in device memory.  Either way a warp's loads of one
 * 128-byte line all take the same side. */
template <typename T> struct emogi_arr {
    static constexpr uint64_t per_line = 128 / sizeof(T);
    const T *dev, *host;
    uint64_t split;
    const uint64_t *hot, *rank;
    __host__ __device__ emogi_arr()
        : dev(nullptr), host(nullptr), split(0), hot(nullptr), rank(nullptr)
    {
    }
    explicit emogi_arr(const emogi_edges &e)
        : dev(static_cast<const T *>(e.dev)), host(static_cast<const T *>(e.host)),
          split(e.split), hot(e.hot), rank(e.rank)
    {
    }
    /* Whether line L is in device memory, and where: *slot among those. */
    __device__ __forceinline__ bool line_in_dev(uint64_t l, uint64_t *slot) const
    {
        const uint64_t word = emogi_ldg(hot + (l >> 6)), bit = 1ull << (l & 63);
        *slot = emogi_ldg(rank + (l >> 6)) + (uint64_t)__popcll(word & (bit - 1));
        return (word & bit) != 0;
    }
    __device__ __forceinline__ T operator[](uint64_t j) const
    {
        if (!hot)
            return emogi_ldg((j < split ? dev : host) + j);
        uint64_t slot;
        if (line_in_dev(j / per_line, &slot))
            return emogi_ldg(dev + slot * per_line + j % per_line);
        return emogi_ldg(host + j);
    }
};

/*
 * Bytes a kernel requested from an edge array, in whole 128-byte lines,
 * split by where the lines live: device memory, or host memory over the
 * link.  Counted where the reads are issued (the lines a list read
 * spans), so --stats shows what crossed the link rather than an estimate
 * from list lengths.  A thread adds what it read; flush() sums a warp's
 * counts and lane 0 adds them to ACC[0] (device) and ACC[1] (link), one
 * pair of atomics per warp.  Every lane must call flush().
 */
struct emogi_lines {
    unsigned long long dev = 0, link = 0;

    /* Lines holding entries [first, end) of an array of ENTRY-byte
     * entries whose first SPLIT entries are in device memory. */
    __device__ __forceinline__ void add(uint64_t first, uint64_t end, uint64_t split,
                                        unsigned entry)
    {
        if (end <= first)
            return;
        const uint64_t per_line = 128 / entry;
        const uint64_t lo = first / per_line, hi = (end + per_line - 1) / per_line;
        const uint64_t cut = (split + per_line - 1) / per_line;
        const uint64_t in_dev = hi < cut ? hi - lo : cut > lo ? cut - lo : 0;
        dev += 128 * in_dev;
        link += 128 * (hi - lo - in_dev);
    }
    template <typename T>
    __device__ __forceinline__ void add(const emogi_arr<T> &a, uint64_t first, uint64_t end)
    {
        if (!a.hot) {
            add(first, end, a.split, sizeof(T));
            return;
        }
        if (end <= first)
            return;
        /* The heads rule: the set bits of lines [lo, hi) are in device memory. */
        const uint64_t lo = first / a.per_line, hi = (end + a.per_line - 1) / a.per_line;
        uint64_t in_dev = 0;
        for (uint64_t w = lo >> 6; w <= (hi - 1) >> 6; w++) {
            uint64_t bits = emogi_ldg(a.hot + w);
            if (w == lo >> 6)
                bits &= ~0ull << (lo & 63);
            if (w == (hi - 1) >> 6 && (hi & 63))
                bits &= ~(~0ull << (hi & 63));
            in_dev += (uint64_t)__popcll(bits);
        }
        dev += 128 * in_dev;
        link += 128 * (hi - lo - in_dev);
    }
    __device__ __forceinline__ void flush(unsigned long long *acc)
    {
        for (int d = 16; d > 0; d /= 2) {
            dev += __shfl_down_sync(FULL, dev, d);
            link += __shfl_down_sync(FULL, link, d);
        }
        if ((threadIdx.x & 31) == 0 && (dev || link)) {
            atomicAdd(&acc[0], dev);
            atomicAdd(&acc[1], link);
        }
    }
};

/* Whether P's neighbour lists are placed: every entry, or for
 * compressed lists (clist.cuh) their offsets and words. */
static inline bool emogi_lists_placed(const emogi_placed *p)
{
    if (p->d_coffsets)
        return p->g->coffsets[p->g->nv] == 0 || p->nbr.n == (p->g->coffsets[p->g->nv] + 3) / 4;
    return p->g->ne == 0 || p->nbr.n == p->g->ne;
}

/* ---- the warp read of a list ---- */

/* Where a warp starts reading a list that starts at entry START. */
template <typename T, bool ALIGNED>
__host__ __device__ __forceinline__ uint64_t emogi_first_read(uint64_t start)
{
    constexpr uint64_t per_line = 128 / sizeof(T);
    return ALIGNED ? start & ~(per_line - 1) : start;
}

/*
 * The warp reads entries [FIRST, END), keeping those from START on:
 * LOAD(j) fetches what entry j needs (its id, its weight), USE(x) acts on
 * it once the lane's UNROLL loads are in flight.  Every lane must call.
 */
template <typename Load, typename Use>
__device__ __forceinline__ void emogi_warp_list(uint64_t first, uint64_t start, uint64_t end,
                                                unsigned lane, Load load, Use use)
{
    typedef decltype(load(uint64_t(0))) X;
    for (uint64_t i = first + lane; i < end; i += 32 * EMOGI_UNROLL) {
        X x[EMOGI_UNROLL];
        bool ok[EMOGI_UNROLL];
#pragma unroll
        for (int k = 0; k < EMOGI_UNROLL; k++) {
            const uint64_t j = i + 32 * k;
            ok[k] = j >= start && j < end;
            if (ok[k])
                x[k] = load(j);
        }
#pragma unroll
        for (int k = 0; k < EMOGI_UNROLL; k++)
            if (ok[k])
                use(x[k]);
    }
}

/* ---- the frontier walk and long lists ---- */

/* The next index from the counter *TAKEN, for the whole warp; every lane
 * calls. */
__device__ __forceinline__ uint64_t emogi_take(unsigned long long *taken, unsigned lane)
{
    unsigned long long k = 0;
    if (lane == 0)
        k = atomicAdd(taken, 1ull);
    return __shfl_sync(FULL, k, 0);
}

/* The first vertex of the warp's next grab of NCHUNKS chunks from the
 * counter *NEXT_CHUNK; every lane calls. */
__device__ __forceinline__ uint64_t emogi_grab(unsigned long long *next_chunk, uint64_t nchunks,
                                               unsigned lane)
{
    return 32ull * nchunks * emogi_take(next_chunk, lane);
}

/* SERVE(u) for every u < NV with ACTIVE(u), all lanes together, taking
 * NCHUNKS chunks per grab (CHUNKS unless a kernel says otherwise). */
template <unsigned NCHUNKS, typename Active, typename Serve>
__device__ __forceinline__ void emogi_warp_frontier(unsigned long long *next_chunk, uint64_t nv,
                                                    unsigned lane, Active active, Serve serve)
{
    for (;;) {
        const uint64_t grab = emogi_grab(next_chunk, NCHUNKS, lane);
        if (grab >= nv)
            break;
        for (uint64_t base = grab; base < grab + 32ull * NCHUNKS && base < nv; base += 32) {
            const uint64_t v = base + lane;
            unsigned todo = __ballot_sync(FULL, v < nv && active(v));
            while (todo) {
                const uint64_t u = base + (__ffs(todo) - 1);
                todo &= todo - 1;
                serve(u);
            }
        }
    }
}

/*
 * The list length over which a top-down level sets a list aside, for a
 * frontier whose lists hold SCOUT entries in all.  One warp reads a list
 * EMOGI_UNROLL lines a lane at a time, each a round trip over the link:
 * a list just under HEAVY entries is 256 of them, and a level with a
 * few such lists waits on those warps whatever its link bytes.  Lists
 * over SCOUT / HEAVY_LISTS entries (two pieces at least) therefore go
 * in pieces over every warp
 * (bench/journal/2026-11-28-bfs-ranks-the-bitmap-in-one-gather.md).  A
 * warp's read starts up to 31 entries early, so a level queues at most
 * SCOUT / (bound - 31) lists: about HEAVY_LISTS, under EMOGI_HEAVY_EXTRA
 * more slots than emogi_heavy_slots', and each warp's walk over the
 * queue (emogi_warp_pieces) stays short.
 */
constexpr uint64_t HEAVY_LISTS = 2048;
constexpr uint64_t HEAVY_AT_MIN = 2 * SEGMENT;
static_assert(EMOGI_HEAVY_EXTRA == 2 * HEAVY_LISTS, "emogi_kernel.h sizes the queue");
static inline uint64_t emogi_heavy_at(uint64_t scout)
{
    const uint64_t at = scout / HEAVY_LISTS;
    return at < HEAVY_AT_MIN ? HEAVY_AT_MIN : at > HEAVY ? HEAVY : at;
}

/* Queue U's list for the pieces launch; false when the queue is full, and
 * the warp then reads the list itself.  All lanes call. */
__device__ __forceinline__ bool emogi_set_aside(unsigned long long *queued, uint64_t *queue,
                                                uint64_t cap, uint64_t u, unsigned lane)
{
    unsigned long long slot = 0;
    if (lane == 0)
        slot = atomicAdd(queued, 1ull);
    slot = __shfl_sync(FULL, slot, 0);
    if (slot >= cap)
        return false;
    if (lane == 0)
        queue[slot] = u;
    return true;
}

/*
 * Where a frontier launch puts the lists it does not read itself, for the
 * launch after it: COUNT[0] hubs queued in HEAVY (cut into pieces),
 * COUNT[1] medium lists queued in MEDIUM_Q (read whole) and COUNT[2]
 * those taken since.  The three counters are reset with the launch's
 * others.  One allocation (emogi_aside_alloc) holds both queues.
 */
struct emogi_aside {
    unsigned long long *count;
    uint64_t *heavy, heavy_cap;
    uint64_t *medium_q, medium_cap;

    /* Set U's list aside when its warp read spans more than MEDIUM entries
     * (more than HEAVY_AT: a hub); false when it is short or its queue is
     * full, and the warp then reads it itself.  All lanes call. */
    __device__ __forceinline__ bool set_aside(uint64_t u, uint64_t span, uint64_t heavy_at,
                                              unsigned lane) const
    {
        if (span > heavy_at)
            return emogi_set_aside(&count[0], heavy, heavy_cap, u, lane);
        return span > MEDIUM && emogi_set_aside(&count[1], medium_q, medium_cap, u, lane);
    }
    __device__ __forceinline__ uint64_t hubs() const
    {
        return count[0] < heavy_cap ? count[0] : heavy_cap;
    }
    /* SERVE(u) for each queued medium list, a list per grab; all lanes call. */
    template <typename Serve>
    __device__ __forceinline__ void mediums(unsigned lane, Serve serve) const
    {
        const uint64_t n = count[1] < medium_cap ? count[1] : medium_cap;
        for (uint64_t k = emogi_take(&count[2], lane); k < n; k = emogi_take(&count[2], lane))
            serve(medium_q[k]);
    }
};

/* The queues' slots in one allocation, hubs' first. */
static inline uint64_t emogi_aside_slots(uint64_t heavy_cap, uint64_t ne)
{
    return heavy_cap + emogi_medium_slots(ne);
}

/* Allocate *SLOTS for a graph of NE edges and describe the queues in *Q,
 * counted in COUNT[0..2]; the caller frees *SLOTS. */
static inline cudaError_t emogi_aside_alloc(unsigned long long *count, uint64_t heavy_cap,
                                            uint64_t ne, uint64_t **slots, emogi_aside *q)
{
    const cudaError_t e = cudaMalloc(slots, emogi_aside_slots(heavy_cap, ne) * sizeof **slots);
    if (e != cudaSuccess)
        return e;
    q->count = count;
    q->heavy = *slots;
    q->heavy_cap = heavy_cap;
    q->medium_q = *slots + heavy_cap;
    q->medium_cap = emogi_medium_slots(ne);
    return cudaSuccess;
}

/*
 * The pieces launch: RANGE(u, first, start, end) gives a queued list's
 * entries [start, end) and where its warp read begins; pieces of SEGMENT
 * entries from FIRST (so those after the first start on a 128-byte
 * boundary) go round every warp of the grid as READ(u, a, start, b).
 * The round goes on from list to list, piece k of them all (the lists
 * before counted) going to warp k mod warps, rather than starting again
 * at warp 0 with every list: a level of thousands of lists of a few
 * pieces each would otherwise run on the grid's first few dozen warps,
 * one piece after another
 * (bench/journal/2026-11-27-bfs-ranks-the-frontier-in-ascending-order.md).
 */
template <typename Range, typename Read>
__device__ __forceinline__ void emogi_warp_pieces(const uint64_t *queue, uint64_t n, Range range,
                                                  Read read)
{
    const uint64_t warp = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) / 32;
    const uint64_t nwarps = (uint64_t)gridDim.x * blockDim.x / 32;
    uint64_t before = 0; /* pieces of the lists before, mod nwarps */
    for (uint64_t q = 0; q < n; q++) {
        const uint64_t u = queue[q];
        uint64_t first, start, end;
        range(u, first, start, end);
        const uint64_t pieces = (end - first + SEGMENT - 1) / SEGMENT;
        /* the first i with (before + i) mod nwarps == warp */
        for (uint64_t i = (warp + nwarps - before) % nwarps; i < pieces; i += nwarps) {
            const uint64_t a = first + i * SEGMENT;
            const uint64_t b = a + SEGMENT < end ? a + SEGMENT : end;
            read(u, a, start, b);
        }
        before = (before + pieces) % nwarps;
    }
}

#endif
