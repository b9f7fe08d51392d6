/*
 * dist_bfs.cu - one GPU rank's levels of a distributed BFS
 * (emogi_dist_gpu.h; dist/bfs.c runs the search and the
 * exchanges).
 *
 * Bottom-up levels read as the single GPU's do (bfs_pull.cuh: chunked,
 * ascending sweeps whose warps hold a line for the short lists that share
 * it), since they carry most of a search's link bytes.  Top-down levels
 * take a warp per frontier vertex, reading its list with lanes on
 * consecutive entries from the 128-byte line at or before its start
 * (EMOGI's merged, aligned read; common.cuh), and set long lists aside
 * for a launch that spreads them over every warp, as the single GPU
 * does.
 *
 * The frontier stays on the device from level to level, and top-down
 * levels leave the ids for other ranks there, grouped by owner as they
 * are found (an outbox a rank, each id as a 4-byte offset into its
 * owner's range where every range allows): NCCL sends each outbox to its
 * owner device to device, whose GPU claims them from its inbox, and the
 * direction rule's count of the new frontier's edges is summed here.
 * Were the host to receive every find and every id to send, bucket the
 * ids by owner, send them, copy the received back and read the finds'
 * offsets itself, that would be most of a large top-down level's time
 * (bench/journal/2026-11-27-mpi-ranks-on-four-gpus-kronecker-26-and-27.md).
 * Appends to an outbox are warp-aggregated, one atomic per owner among a
 * warp's ids.  A find is a bit of the next frontier's slice, and the
 * frontier a queue made from it in ascending order, as the single GPU's
 * is, so that the next top-down level reads its lists in address order
 * (slice_to_ids says what scattered reads cost).
 *
 * A top-down level that can reach no more of the rank's vertices than
 * its sparse queue holds (the out-entries of every rank's frontier, which
 * the host passes in, bound them: sparse_slots) is sparse: its finds are
 * appended to that queue as they are claimed, their out-entries counted
 * there, and the pass over the slice's words, their scan and the scatter
 * that make a queue in order are skipped, as the single GPU's sparse
 * levels skip theirs (bfs.cu).  A search of thousands of small levels (a
 * grid's, top-down) gains much; Kronecker graphs, with a few small levels
 * a search, neither gain nor lose
 * (bench/journal/2026-11-28-gpu-ranks-small-top-down-levels-sparse.md).
 *
 * Where every rank runs on one host (emogi_dbfs_gpu_peers_open), a rank
 * reads the others' device arrays itself, through CUDA IPC: a top-down
 * level claims the ids left for it straight from the senders' outboxes,
 * and a bottom-up level copies the other ranks' words of the frontier
 * bitmap from the slices they published (their last bottom-up level's
 * finds, or their frontier where a run of bottom-up levels starts), in
 * one launch each.  Through NCCL the same bitmap takes a copy into a
 * stage, an all-gather and a copy out per rank, a cost each level pays
 * whatever the bitmap's size
 * (bench/journal/2026-11-28-bfs-ranks-read-each-other-gpus.md).  A rank
 * writes one of two slices while the other, published, may still be
 * read: the host's collectives order the rest (emogi_dist_gpu.h).
 *
 * One bitmap of all nv vertices, SEEN, serves both sides: a bit of the
 * rank's own vertex says it has a depth, a bit of another rank's says it
 * was sent to its owner in this search (once, as the CPU ranks do), and
 * atomicOr's old value decides which thread takes it.
 */
#include <cuda_runtime.h>

#include <cub/device/device_scan.cuh>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bfs_pull.cuh"
#include "common.cuh"
#include "emogi_bfs.h"
#include "emogi_dist_gpu.h"

static const char *const CUDA_ALG = "distributed BFS";

/* Where ids for other ranks go (emogi_dbfs_gpu_route). */
struct dbfs_route {
    const uint64_t *bound;     /* size + 1: the ranks' ranges */
    const uint64_t *seg;       /* size: each owner's first entry in OUT */
    unsigned long long *sent;  /* size: ids for each owner this level */
    void *out;                 /* the outboxes: 4-byte offsets or 8-byte ids */
    int size;
    bool narrow;
};

struct emogi_dbfs_gpu {
    const emogi_placed *out, *in;
    enum emogi_kernel kernel;      /* plain out-lists: naive, merged or aligned reads */
    uint64_t lo, n, nv, words; /* words: of SEEN and of a frontier bitmap */
    unsigned resident;
    uint32_t *depth;               /* n */
    unsigned long long *seen;      /* words */
    unsigned long long *front;     /* words */
    unsigned long long *slice;     /* ceil(n / 64): the next frontier's bits, one of SLICES */
    unsigned long long *slices;    /* 2 * ceil(n / 64): SLICE and the published one */
    int pub;                       /* the published slice: 0 or 1 */
    bool peers;                    /* the other ranks' arrays are open (peers_open) */
    void **peer_out;               /* size: each rank's outboxes, opened (NULL: this rank) */
    unsigned long long **peer_slices; /* size: each rank's SLICES, opened */
    uint32_t *has_in;              /* ceil(n / 32): the vertices with in-edges (bu_has_in) */
    uint32_t *unvisited;           /* ceil(n / 32): a bottom-up level's vertices to test */
    uint32_t bu_next;              /* the level after the last bottom-up one */
    uint64_t *ids;                 /* n: the frontier, ascending, then the inbox */
    uint64_t qn;                   /* the frontier's vertices */
    uint64_t *wcount, *wat;        /* ceil(n / 64) + 1: the slice's words' bits, their scan;
                                      WAT is also a sparse level's queue (sparse_slots) */
    bool sparse;                   /* this top-down level's finds go to that queue */
    void *scan_tmp;                /* cub's scratch for that scan */
    size_t scan_bytes;
    uint64_t *remote;              /* nv - n (at least 1): the outboxes */
    uint64_t *route_mem;           /* the route's device arrays */
    uint64_t *seg;                 /* size, host: the route's SEG */
    uint64_t *hbound;              /* size + 1, host: the route's BOUND */
    dbfs_route rt;
    int rank;                      /* the route's RANK */
    uint64_t *heavy, heavy_cap;    /* the frontier's long lists, for the pieces launch */
    uint64_t scout;                /* out-entries of the rank's frontier (emogi_heavy_at) */
    unsigned long long *count;     /* C_N counters (C_*), then a rank's outbox counts */
    unsigned long long *hcount;    /* the host's copy (pinned), read in one copy a level */
    unsigned long long link;       /* bytes of the lines read over the link, all launches */
    uint64_t *first;               /* EMOGI_DBFS_FIRST_MAX: the first level's ids (first_level) */
};

/* C_DEV and C_LINK: the bytes of the 128-byte lines the warps request in
 * device memory and over the link (emogi_lines), as the single GPU's
 * --stats counts them. */
enum { C_FOUND, C_READ, C_DEV, C_LINK, C_CHUNK, C_HEAVY, C_SCOUT, C_LEFT, C_QN, C_N };

/* The state's budget for cub's scratch when scanning SW word counts
 * (sized exactly at open, alloc_state): cub keeps a few words of state
 * a tile of hundreds of items, under a byte a word, whatever the size. */
static uint64_t scan_slack(uint64_t sw)
{
    return (1 << 20) + sw;
}

/* Slots for long lists: a queue that fills leaves the rest to their
 * warps (emogi_set_aside), so a fixed size serves any graph. */
constexpr uint64_t HEAVY_SLOTS = 65536;

/* The route's device arrays and the outbox counts (3 words a rank) for
 * up to 1024 ranks are in the state's budget; more take a little beyond
 * it. */
constexpr uint64_t ROUTE_BYTES = 3 * 1024 * 8;

uint64_t emogi_dbfs_gpu_state_bytes(uint64_t n, uint64_t nv)
{
    const uint64_t words = (nv + 63) / 64, sw = (n + 63) / 64;
    return n * 4 + 2 * words * 8 + 4 * sw * 8 + 2 * (sw + 1) * 8 + scan_slack(sw) + n * 8 +
           (nv - n + 1) * 8 + HEAVY_SLOTS * 8 + C_N * 8 + ROUTE_BYTES + EMOGI_DBFS_FIRST_MAX * 8;
}

/* Where a sparse level's finds go: Q (CAP slots) through count[C_QN],
 * their out-entries (OFF: the rank's out-offsets) summed in
 * count[C_SCOUT]. */
struct dbfs_sparse {
    uint64_t *q;
    uint64_t cap;
    const uint64_t *off;
    unsigned long long *count;
};

/* A slot of *CTR for each lane of PEERS (lanes that all call, with the
 * same PEERS): one atomic for the group, from its lowest lane. */
__device__ __forceinline__ uint64_t agg_slot(unsigned long long *ctr, unsigned peers)
{
    const unsigned lane = threadIdx.x & 31;
    const int leader = __ffs(peers) - 1;
    unsigned long long base = 0;
    if ((int)lane == leader)
        base = atomicAdd(ctr, (unsigned long long)__popc(peers));
    base = __shfl_sync(peers, base, leader);
    return base + __popc(peers & ((1u << lane) - 1u));
}

/* The rank whose range holds W: the last with BOUND[r] <= W (an empty
 * range shares its bound with the next). */
__device__ __forceinline__ int owner_of(const uint64_t *bound, int size, uint64_t w)
{
    int a = 0, b = size - 1;
    while (a < b) {
        const int m = (a + b + 1) / 2;
        if (bound[m] <= w)
            a = m;
        else
            b = m - 1;
    }
    return a;
}

/* Take vertex W (global) for depth NEXT: the rank's own is set and its
 * bit in SLICE, the next frontier (queued in ascending order after the
 * level: slice_to_ids), or in a SPARSE level appended to SP's queue;
 * another rank's (REMOTE: a top-down level's own reads) goes to its
 * owner's outbox; each once.  A plain load first:
 * most neighbours of a large top-down level are seen already, and a load
 * costs less than an atomic
 * (bench/journal/2026-11-27-mpi-ranks-on-four-gpus-kronecker-26-and-27.md).
 * Bits are only ever set during a launch, so a stale load can only send W
 * on to the atomic; loads that skip the L1 cache, never stale, gain
 * nothing: such a level's cost is the pieces launch (common.cuh,
 * emogi_warp_pieces). */
template <bool REMOTE, bool SPARSE>
__device__ __forceinline__ void take(uint64_t w, uint64_t lo, uint64_t n, uint32_t next,
                                     uint32_t *depth, unsigned long long *seen,
                                     unsigned long long *slice, const dbfs_route &rt,
                                     const dbfs_sparse &sp)
{
    const unsigned long long bit = 1ull << (w & 63);
    if (seen[w >> 6] & bit)
        return;
    if (atomicOr(&seen[w >> 6], bit) & bit)
        return;
    if (w - lo < n) { /* unsigned: W below LO wraps past N */
        depth[w - lo] = next;
        if (SPARSE) { /* the bound leaves room; the host checks the count */
            const uint64_t k = atomicAdd(&sp.count[C_QN], 1ull);
            if (k < sp.cap)
                sp.q[k] = w;
            atomicAdd(&sp.count[C_SCOUT],
                      (unsigned long long)(sp.off[w - lo + 1] - sp.off[w - lo]));
        } else {
            atomicOr(&slice[(w - lo) >> 6], 1ull << ((w - lo) & 63));
        }
    } else if (REMOTE) {
        const int o = owner_of(rt.bound, rt.size, w);
        const unsigned peers = __match_any_sync(__activemask(), o);
        const uint64_t k = rt.seg[o] + agg_slot(&rt.sent[o], peers);
        if (rt.narrow)
            static_cast<uint32_t *>(rt.out)[k] = (uint32_t)(w - rt.bound[o]);
        else
            static_cast<uint64_t *>(rt.out)[k] = w;
    }
}

/* A warp per frontier vertex: its out-list, each neighbour taken, with
 * EMOGI_UNROLL loads in flight a lane (common.cuh).  A list over heavy_at
 * entries (emogi_heavy_at) is set aside for dbfs_expand_heavy: a level
 * that starts from a few hubs (kron 26's first levels: a million entries
 * each) otherwise waits on one warp per hub, a large share of the search
 * (bench/journal/2026-11-27-mpi-ranks-on-four-gpus-kronecker-26-and-27.md).
 */
template <typename R, bool SPARSE>
__global__ void __launch_bounds__(BLOCK)
    dbfs_expand(const R r, const uint64_t *__restrict__ front, uint64_t nf, uint64_t lo,
                uint64_t n, uint32_t next, uint32_t *depth, unsigned long long *seen,
                unsigned long long *slice, const dbfs_route rt, const dbfs_sparse sp,
                uint64_t *heavy, uint64_t heavy_cap, uint64_t heavy_at, unsigned long long *count)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    const uint64_t warps = (uint64_t)gridDim.x * BLOCK / 32;
    unsigned long long read = 0;
    emogi_lines lines;
    auto each = [&](uint64_t u, uint64_t a, uint64_t start, uint64_t b) {
        r.read(w, lines, u, a, start, b, lane, emogi_no_load,
               [&](typename R::id x, emogi_nothing) {
                   take<true, SPARSE>((uint64_t)x, lo, n, next, depth, seen, slice, rt, sp);
               });
    };
    for (uint64_t i = ((uint64_t)blockIdx.x * BLOCK + threadIdx.x) / 32; i < nf; i += warps) {
        const uint64_t u = front[i] - lo;
        read += lane == 0 ? r.off[u + 1] - r.off[u] : 0;
        if (emogi_span(r, u, 0) > heavy_at &&
            emogi_set_aside(&count[C_HEAVY], heavy, heavy_cap, u, lane))
            continue;
        emogi_whole(r, u, 0, each);
    }
    warp_add(&count[C_READ], read);
    lines.flush(&count[C_DEV]);
}

/* The lists dbfs_expand set aside, in SEGMENT-entry pieces over every
 * warp (common.cuh: emogi_warp_pieces). */
template <typename R, bool SPARSE>
__global__ void __launch_bounds__(BLOCK)
    dbfs_expand_heavy(const R r, uint64_t lo, uint64_t n, uint32_t next, uint32_t *depth,
                      unsigned long long *seen, unsigned long long *slice, const dbfs_route rt,
                      const dbfs_sparse sp, const uint64_t *heavy, uint64_t heavy_cap,
                      unsigned long long *count)
{
    EMOGI_READER_WARP(r, w);
    const unsigned lane = threadIdx.x & 31;
    const uint64_t queued = count[C_HEAVY];
    emogi_lines lines;
    emogi_warp_pieces(
        heavy, queued < heavy_cap ? queued : heavy_cap,
        [&](uint64_t u, uint64_t &first, uint64_t &start, uint64_t &end) {
            start = r.off[u], end = r.off[u + 1];
            first = r.first(start, start);
        },
        [&](uint64_t u, uint64_t a, uint64_t start, uint64_t b) {
            r.read(w, lines, u, a, start, b, lane, emogi_no_load,
                   [&](typename R::id x, emogi_nothing) {
                       take<true, SPARSE>((uint64_t)x, lo, n, next, depth, seen, slice, rt, sp);
                   });
        });
    lines.flush(&count[C_DEV]);
}

/* --kernel naive: a thread per frontier vertex reads its whole list in
 * order, EMOGI's baseline that the warp reads are measured against, as
 * the single GPU's naive level does (bfs.cu); no list is set aside. */
template <typename T, bool SPARSE>
__global__ void __launch_bounds__(BLOCK)
    dbfs_expand_naive(const uint64_t *__restrict__ off, const emogi_arr<T> nb,
                      const uint64_t *__restrict__ front, uint64_t nf, uint64_t lo, uint64_t n,
                      uint32_t next, uint32_t *depth, unsigned long long *seen,
                      unsigned long long *slice, const dbfs_route rt, const dbfs_sparse sp,
                      unsigned long long *count)
{
    unsigned long long read = 0;
    emogi_lines lines;
    const uint64_t stride = (uint64_t)gridDim.x * BLOCK;
    for (uint64_t i = (uint64_t)blockIdx.x * BLOCK + threadIdx.x; i < nf; i += stride) {
        const uint64_t u = front[i] - lo, start = off[u], end = off[u + 1];
        for (uint64_t j = start; j < end; j++)
            take<true, SPARSE>((uint64_t)nb[j], lo, n, next, depth, seen, slice, rt, sp);
        read += end - start;
        lines.add(nb, start, end);
    }
    warp_add(&count[C_READ], read);
    lines.flush(&count[C_DEV]);
}

/* A thread per received id (T: a 4-byte offset into the rank's range, or
 * an 8-byte global id): the rank's own vertices only.  The ids are read
 * once, and may be another GPU's outbox (peers): loads that stop at L2,
 * which serves another GPU's writes as they are. */
template <typename T, bool SPARSE>
__global__ void __launch_bounds__(BLOCK)
    dbfs_claim(const T *__restrict__ ids, uint64_t m, uint64_t lo, uint64_t n, uint32_t next,
               uint32_t *depth, unsigned long long *seen, unsigned long long *slice,
               const dbfs_route rt, const dbfs_sparse sp)
{
    const uint64_t stride = (uint64_t)gridDim.x * BLOCK;
    for (uint64_t i = (uint64_t)blockIdx.x * BLOCK + threadIdx.x; i < m; i += stride)
        take<false, SPARSE>(sizeof(T) == 4 ? lo + __ldcg(ids + i) : (uint64_t)__ldcg(ids + i), lo,
                            n, next, depth, seen, slice, rt, sp);
}

/* The slice's words' bits, for their scan; 0 for entry WORDS, whose
 * scan is then the total.  With OFF (the rank's out-offsets), the
 * entries of the set bits' out-lists too, into *SCOUT: the direction
 * rule's count in the same launch, not one more over the queue. */
__global__ void __launch_bounds__(BLOCK)
    dbfs_word_counts(const unsigned long long *__restrict__ slice, uint64_t words,
                     uint64_t *count, const uint64_t *__restrict__ off,
                     unsigned long long *scout)
{
    const uint64_t stride = (uint64_t)gridDim.x * BLOCK;
    unsigned long long e = 0;
    for (uint64_t i = (uint64_t)blockIdx.x * BLOCK + threadIdx.x; i <= words; i += stride) {
        const unsigned long long bits = i < words ? slice[i] : 0;
        count[i] = (uint64_t)__popcll(bits);
        if (off)
            for (unsigned long long b = bits; b; b &= b - 1) {
                const uint64_t v = i * 64 + (uint64_t)(__ffsll((long long)b) - 1);
                e += off[v + 1] - off[v];
            }
    }
    if (off)
        warp_add(scout, e);
}

/* The slice's vertices (bit i: vertex lo + i) into the frontier Q in
 * ascending order, word i's from AT[i] on. */
__global__ void __launch_bounds__(BLOCK)
    dbfs_scatter(const unsigned long long *__restrict__ slice, const uint64_t *__restrict__ at,
                 uint64_t words, uint64_t lo, uint64_t *q)
{
    const uint64_t stride = (uint64_t)gridDim.x * BLOCK;
    for (uint64_t i = (uint64_t)blockIdx.x * BLOCK + threadIdx.x; i < words; i += stride) {
        uint64_t k = at[i];
        for (unsigned long long bits = slice[i]; bits; bits &= bits - 1)
            q[k++] = lo + i * 64 + (uint64_t)(__ffsll((long long)bits) - 1);
    }
}

/* The frontier Q's bits set in FRONT (the rank's words cleared before). */
__global__ void __launch_bounds__(BLOCK)
    dbfs_queue_bits(const uint64_t *__restrict__ q, uint64_t m, unsigned long long *front)
{
    const uint64_t stride = (uint64_t)gridDim.x * BLOCK;
    for (uint64_t i = (uint64_t)blockIdx.x * BLOCK + threadIdx.x; i < m; i += stride)
        atomicOr(&front[q[i] >> 6], 1ull << (q[i] & 63));
}

/* UNVISITED for a bottom-up level: the rank's vertices (lo + i for bit i) with
 * in-edges (HAS_IN) that SEEN (WORDS words of all the vertices) has not
 * given a depth: one pass over two bitmaps, where one over the depths
 * and offsets makes a first bottom-up level slower
 * (bench/journal/2026-11-28-the-bottom-up-bitmap-kept.md). */
__global__ void __launch_bounds__(BLOCK)
    dbfs_todo(const uint32_t *__restrict__ has_in, const unsigned long long *__restrict__ seen,
              uint64_t words, uint64_t lo, uint64_t n, uint32_t *unvisited)
{
    const uint64_t stride = (uint64_t)gridDim.x * BLOCK;
    for (uint64_t i = (uint64_t)blockIdx.x * BLOCK + threadIdx.x; i < (n + 31) / 32; i += stride) {
        const uint64_t g = lo + 32 * i, w = g >> 6;
        const unsigned sh = (unsigned)(g & 63);
        unsigned long long x = seen[w] >> sh;
        if (sh > 32 && w + 1 < words)
            x |= seen[w + 1] << (64 - sh);
        unvisited[i] = has_in[i] & ~(uint32_t)x;
    }
}

/* The frontier's vertices have depths: marked seen, so that no rank
 * sends them again (a rank's own bits are set already). */
__global__ void __launch_bounds__(BLOCK)
    dbfs_mark(const unsigned long long *__restrict__ front, uint64_t words,
              unsigned long long *seen)
{
    const uint64_t stride = (uint64_t)gridDim.x * BLOCK;
    for (uint64_t i = (uint64_t)blockIdx.x * BLOCK + threadIdx.x; i < words; i += stride)
        seen[i] |= front[i];
}

/* Other ranks' parts of the frontier bitmap, PARTS of them in one launch:
 * WORDS[k] words from SRC[k] (a published slice, on its GPU) to FRONT +
 * AT[k].  One index over all of them, so that every link is busy at
 * once. */
constexpr int GATHER_PARTS = 8;
struct dbfs_parts {
    const unsigned long long *src[GATHER_PARTS];
    uint64_t at[GATHER_PARTS], words[GATHER_PARTS];
    int n;
};

__global__ void __launch_bounds__(BLOCK)
    dbfs_gather(const dbfs_parts p, uint64_t total, unsigned long long *front)
{
    const uint64_t stride = (uint64_t)gridDim.x * BLOCK;
    for (uint64_t i = (uint64_t)blockIdx.x * BLOCK + threadIdx.x; i < total; i += stride) {
        uint64_t j = i;
        int k = 0;
        while (j >= p.words[k])
            j -= p.words[k++];
        front[p.at[k] + j] = __ldcg(p.src[k] + j);
    }
}

/* A byte every STRIDE of BYTES at P read (another GPU's array, just
 * opened), so that the mapping's first use is paid here; SINK only keeps
 * the loads. */
__global__ void __launch_bounds__(BLOCK)
    dbfs_touch(const unsigned char *p, uint64_t bytes, uint64_t stride,
               unsigned long long *sink)
{
    unsigned acc = 0;
    for (uint64_t i = ((uint64_t)blockIdx.x * BLOCK + threadIdx.x) * stride; i < bytes;
         i += (uint64_t)gridDim.x * BLOCK * stride)
        acc += __ldcg(p + i);
    if (acc == 0xffffffffu)
        atomicAdd(sink, 1ull);
}

void emogi_dbfs_gpu_peers_close(struct emogi_dbfs_gpu *s)
{
    if (!s || !s->peer_out)
        return;
    for (int r = 0; r < s->rt.size; r++) {
        if (s->peer_out[r])
            (void)cudaIpcCloseMemHandle(s->peer_out[r]);
        if (s->peer_slices[r])
            (void)cudaIpcCloseMemHandle(s->peer_slices[r]);
    }
    free(s->peer_out);
    free(s->peer_slices);
    s->peer_out = nullptr;
    s->peer_slices = nullptr;
    s->peers = false;
}

void emogi_dbfs_gpu_close(struct emogi_dbfs_gpu *s)
{
    if (!s)
        return;
    emogi_dbfs_gpu_peers_close(s);
    (void)cudaFree(s->depth);
    (void)cudaFree(s->unvisited);
    (void)cudaFree(s->has_in);
    (void)cudaFree(s->seen);
    (void)cudaFree(s->front);
    (void)cudaFree(s->slices);
    (void)cudaFree(s->ids);
    (void)cudaFree(s->wcount);
    (void)cudaFree(s->wat);
    (void)cudaFree(s->scan_tmp);
    (void)cudaFree(s->remote);
    (void)cudaFree(s->route_mem);
    free(s->seg);
    free(s->hbound);
    (void)cudaFree(s->heavy);
    (void)cudaFree(s->count);
    (void)cudaFree(s->first);
    (void)cudaFreeHost(s->hcount);
    free(s);
}

static int alloc_state(emogi_dbfs_gpu *s, emogi_error *err)
{
    const uint64_t n1 = s->n ? s->n : 1;
    EMOGI_CK(cudaMalloc(&s->depth, n1 * sizeof *s->depth), "cudaMalloc of the depths");
    EMOGI_CK(cudaMalloc(&s->seen, s->words * sizeof *s->seen), "cudaMalloc of the seen bitmap");
    EMOGI_CK(cudaMalloc(&s->front, s->words * sizeof *s->front), "cudaMalloc of the frontier");
    EMOGI_CK(cudaMalloc(&s->slices, 2 * ((n1 + 63) / 64) * sizeof *s->slices),
             "cudaMalloc of the frontier slices");
    s->pub = 1;
    s->slice = s->slices;
    EMOGI_CK(cudaMalloc(&s->unvisited, ((n1 + 31) / 32) * sizeof *s->unvisited),
             "cudaMalloc of the bottom-up bitmap");
    if (s->in) {
        EMOGI_CK(cudaMalloc(&s->has_in, ((n1 + 31) / 32) * sizeof *s->has_in),
                 "cudaMalloc of the bottom-up bitmap");
        bu_has_in<<<emogi_grid((n1 + 31) / 32 * 32, s->resident), BLOCK>>>(s->in->d_offsets, s->n,
                                                                          NONE, s->has_in);
        EMOGI_CK(cudaGetLastError(), "launching the bottom-up bitmap");
    }
    EMOGI_CK(cudaMalloc(&s->ids, n1 * sizeof *s->ids), "cudaMalloc of the id buffer");
    const uint64_t sw = (n1 + 63) / 64;
    EMOGI_CK(cudaMalloc(&s->wcount, (sw + 1) * sizeof *s->wcount), "cudaMalloc of word counts");
    EMOGI_CK(cudaMalloc(&s->wat, (sw + 1) * sizeof *s->wat), "cudaMalloc of word offsets");
    EMOGI_CK(cub::DeviceScan::ExclusiveSum(nullptr, s->scan_bytes, s->wcount, s->wat,
                                           (int64_t)(sw + 1)),
             "sizing the frontier's scan");
    EMOGI_CK(cudaMalloc(&s->scan_tmp, s->scan_bytes ? s->scan_bytes : 1),
             "cudaMalloc of the scan's scratch");
    EMOGI_CK(cudaMalloc(&s->remote, (s->nv - s->n + 1) * sizeof *s->remote),
             "cudaMalloc of the ids to send");
    EMOGI_CK(cudaMalloc(&s->heavy, s->heavy_cap * sizeof *s->heavy),
             "cudaMalloc of the long lists' queue");
    EMOGI_CK(cudaMalloc(&s->first, EMOGI_DBFS_FIRST_MAX * sizeof *s->first),
             "cudaMalloc of the first level's ids");
    return 0;
}

int emogi_dbfs_gpu_open(const struct emogi_placed *out, const struct emogi_placed *in,
                        enum emogi_kernel k, uint64_t lo, uint64_t nv, struct emogi_dbfs_gpu **sp,
                        emogi_error *err)
{
    *sp = nullptr;
    const emogi_graph *g = out->g;
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "GPU BFS: id width %u unsupported", g->id_width);
    if (!emogi_lists_placed(out) || (in && !emogi_lists_placed(in)))
        return emogi_fail(err, "GPU BFS: the rank's lists must be placed");
    if (k != EMOGI_KERNEL_NAIVE && k != EMOGI_KERNEL_MERGED && k != EMOGI_KERNEL_ALIGNED)
        return emogi_fail(err, "GPU BFS: unknown kernel %d", (int)k);
    /* any start: the slice is the rank's own bits, the seen bitmap set atomically */
    if (lo > nv || g->nv > nv - lo)
        return emogi_fail(err, "GPU BFS: the rank's range [%llu, %llu) is not within %llu vertices",
                          (unsigned long long)lo, (unsigned long long)(lo + g->nv),
                          (unsigned long long)nv);
    EMOGI_CK(cudaSetDevice(out->device), "cudaSetDevice");
    emogi_dbfs_gpu *s = static_cast<emogi_dbfs_gpu *>(calloc(1, sizeof *s));
    if (!s)
        return emogi_fail(err, "GPU BFS: out of memory");
    s->out = out;
    s->in = in;
    /* compressed lists have one reader, the warp decoder (clist.cuh) */
    s->kernel = out->d_coffsets ? EMOGI_KERNEL_ALIGNED : k;
    s->lo = lo;
    s->n = g->nv;
    s->nv = nv;
    s->words = (nv + 63) / 64 ? (nv + 63) / 64 : 1;
    s->heavy_cap = emogi_heavy_slots(g->ne) < HEAVY_SLOTS ? emogi_heavy_slots(g->ne) : HEAVY_SLOTS;
    if (emogi_resident_blocks(out->device, BLOCK, &s->resident, err) < 0 ||
        alloc_state(s, err) < 0) {
        emogi_dbfs_gpu_close(s);
        return -1;
    }
    *sp = s;
    return 0;
}

/* Where rank SENDER's outbox for rank OWNER starts in its outboxes
 * (entries; BOUND: the ranks' ranges): the outboxes in rank order, the
 * sender's own range skipped.  The sender's route and a reader of its
 * outboxes (claim_peers) both take it from here. */
static uint64_t outbox_at(const uint64_t *bound, int sender, int owner)
{
    return owner <= sender ? bound[owner] : bound[owner] - (bound[sender + 1] - bound[sender]);
}

int emogi_dbfs_gpu_route(struct emogi_dbfs_gpu *s, const uint64_t *bound, int size, int rank,
                         int narrow, emogi_error *err)
{
    const uint64_t k = (uint64_t)size;
    uint64_t *h = static_cast<uint64_t *>(malloc((2 * k + 1) * sizeof *h));
    s->seg = static_cast<uint64_t *>(malloc(k * sizeof *s->seg));
    s->hbound = static_cast<uint64_t *>(malloc((k + 1) * sizeof *s->hbound));
    if (!h || !s->seg || !s->hbound) {
        free(h);
        return emogi_fail(err, "GPU BFS: out of memory");
    }
    for (int r = 0; r < size; r++)
        s->seg[r] = outbox_at(bound, rank, r);
    memcpy(s->hbound, bound, (k + 1) * sizeof *h);
    memcpy(h, bound, (k + 1) * sizeof *h);
    memcpy(h + k + 1, s->seg, k * sizeof *h);
    /* the outboxes' counts follow the counters, read with them in one
     * copy back, a wait on the GPU in every level: into pinned memory,
     * which the GPU writes directly, not through a staging copy */
    cudaError_t e = cudaMallocHost(&s->hcount, (C_N + k) * sizeof *s->hcount);
    if (e == cudaSuccess)
        e = cudaMalloc(&s->route_mem, (2 * k + 1) * sizeof *h);
    if (e == cudaSuccess)
        e = cudaMemcpy(s->route_mem, h, (2 * k + 1) * sizeof *h, cudaMemcpyHostToDevice);
    if (e == cudaSuccess)
        e = cudaMalloc(&s->count, (C_N + k) * sizeof *s->count);
    if (e == cudaSuccess)
        e = cudaMemset(s->count, 0, (C_N + k) * sizeof *s->count);
    free(h);
    EMOGI_CK(e, "placing the ranks' ranges");
    s->rt.bound = s->route_mem;
    s->rt.seg = s->route_mem + k + 1;
    s->rt.sent = s->count + C_N;
    s->rt.out = s->remote;
    s->rt.size = size;
    s->rt.narrow = narrow != 0;
    s->rank = rank;
    return 0;
}

int emogi_dbfs_gpu_start(struct emogi_dbfs_gpu *s, uint64_t source, emogi_error *err)
{
    EMOGI_CK(cudaMemset(s->depth, 0xff, (s->n ? s->n : 1) * sizeof *s->depth),
             "clearing the depths");
    EMOGI_CK(cudaMemset(s->seen, 0, s->words * sizeof *s->seen), "clearing the seen bitmap");
    s->qn = 0;
    s->scout = 0; /* the source's list: split from 2 * SEGMENT on */
    s->bu_next = UINT32_MAX;
    s->sparse = false;
    if (source - s->lo >= s->n)
        return 0;
    const uint32_t zero = 0;
    unsigned long long word;
    const uint64_t at = source >> 6;
    EMOGI_CK(cudaMemcpy(s->depth + (source - s->lo), &zero, sizeof zero, cudaMemcpyHostToDevice),
             "setting the source's depth");
    word = 1ull << (source & 63);
    EMOGI_CK(cudaMemcpy(s->seen + at, &word, sizeof word, cudaMemcpyHostToDevice),
             "marking the source seen");
    EMOGI_CK(cudaMemcpy(s->ids, &source, sizeof source, cudaMemcpyHostToDevice),
             "placing the source");
    s->qn = 1;
    return 0;
}

/* The first level's ids ALL (M, ascending) seen, ALL[A, A + QN) at
 * depth 1 and into the frontier Q (emogi_dbfs_gpu_first_level). */
__global__ void __launch_bounds__(BLOCK)
    dbfs_first_level(const uint64_t *__restrict__ all, uint64_t m, uint64_t a, uint64_t qn,
                     uint64_t lo, uint32_t *depth, unsigned long long *seen, uint64_t *q)
{
    const uint64_t stride = (uint64_t)gridDim.x * BLOCK;
    for (uint64_t i = (uint64_t)blockIdx.x * BLOCK + threadIdx.x; i < m; i += stride) {
        const uint64_t w = all[i];
        atomicOr(&seen[w >> 6], 1ull << (w & 63));
        if (i - a < qn) { /* unsigned: I below A wraps past QN */
            depth[w - lo] = 1;
            q[i - a] = w;
        }
    }
}

int emogi_dbfs_gpu_first_level(struct emogi_dbfs_gpu *s, const uint64_t *all, uint64_t m,
                               uint64_t a, uint64_t qn, uint64_t scout, emogi_error *err)
{
    if (m > EMOGI_DBFS_FIRST_MAX || a > m || qn > m - a)
        return emogi_fail(err, "GPU BFS: a first level of %llu ids, %llu of them from %llu",
                          (unsigned long long)m, (unsigned long long)qn, (unsigned long long)a);
    if (m) {
        EMOGI_CK(cudaMemcpy(s->first, all, m * sizeof *all, cudaMemcpyHostToDevice),
                 "copying the first level");
        dbfs_first_level<<<emogi_grid(m, s->resident), BLOCK>>>(s->first, m, a, qn, s->lo,
                                                                s->depth, s->seen, s->ids);
        EMOGI_CK(cudaGetLastError(), "launching the first level");
    }
    s->qn = qn;
    s->scout = scout;
    return 0;
}

/* The slice a level writes: not the published one, which other ranks
 * may still be reading (emogi_dbfs_gpu_gather_front). */
static void write_slice(emogi_dbfs_gpu *s)
{
    s->slice = s->slices + (uint64_t)(1 - s->pub) * ((s->n + 63) / 64 ? (s->n + 63) / 64 : 1);
}

/* The slice just written, whole on the device, is the published one;
 * every rank publishes at the same steps, so PUB is every rank's. */
static void publish(emogi_dbfs_gpu *s)
{
    s->pub = s->slice == s->slices ? 0 : 1;
}

/* Counters and outbox counts (the route's), cleared before a level. */
static uint64_t counts_n(const emogi_dbfs_gpu *s)
{
    return C_N + (uint64_t)s->rt.size;
}

static int clear_counts(emogi_dbfs_gpu *s, emogi_error *err)
{
    if (!s->count)
        return emogi_fail(err, "GPU BFS: no route to the other ranks");
    EMOGI_CK(cudaMemset(s->count, 0, counts_n(s) * sizeof *s->count), "clearing the counters");
    return 0;
}

/* After a launch: the counters and outbox counts, in s->hcount; one
 * copy, which waits for the launches (each copy back is a wait on the
 * GPU, and a rank's level is a chain of them). */
static int collect(emogi_dbfs_gpu *s, emogi_error *err)
{
    EMOGI_CK(cudaGetLastError(), "a kernel launch");
    EMOGI_CK(cudaMemcpy(s->hcount, s->count, counts_n(s) * sizeof *s->hcount,
                        cudaMemcpyDeviceToHost),
             "reading the counters");
    s->link += s->hcount[C_LINK];
    return 0;
}

/* A sparse level's queue: WAT's slots, which only the dense levels'
 * scan uses (slice_to_ids). */
static uint64_t sparse_slots(const emogi_dbfs_gpu *s)
{
    return (s->n ? s->n : 1) / 64 + 1;
}

static dbfs_sparse sparse_of(const emogi_dbfs_gpu *s)
{
    return dbfs_sparse{s->wat, sparse_slots(s), s->out->d_offsets, s->count};
}

/* A top-down level's two launches, from the frontier in s->ids, the
 * rank's lists read by R. */
template <bool SPARSE, typename R>
static void expand_with(emogi_dbfs_gpu *s, const R &r, uint32_t level)
{
    const dbfs_sparse sp = sparse_of(s);
    dbfs_expand<R, SPARSE><<<emogi_grid(s->qn * 32, s->resident), BLOCK>>>(
        r, s->ids, s->qn, s->lo, s->n, level + 1, s->depth, s->seen, s->slice, s->rt, sp, s->heavy,
        s->heavy_cap, emogi_heavy_at(s->scout), s->count);
    dbfs_expand_heavy<R, SPARSE><<<s->resident, BLOCK>>>(r, s->lo, s->n, level + 1, s->depth,
                                                         s->seen, s->slice, s->rt, sp, s->heavy,
                                                         s->heavy_cap, s->count);
}

template <typename T, bool SPARSE> static void expand_launch(emogi_dbfs_gpu *s, uint32_t level)
{
    if (s->out->d_coffsets) {
        expand_with<SPARSE>(s, emogi_packed<T>(*s->out), level);
    } else if (s->kernel == EMOGI_KERNEL_NAIVE) {
        dbfs_expand_naive<T, SPARSE><<<emogi_grid(s->qn, s->resident), BLOCK>>>(
            s->out->d_offsets, emogi_arr<T>(s->out->nbr), s->ids, s->qn, s->lo, s->n, level + 1,
            s->depth, s->seen, s->slice, s->rt, sparse_of(s), s->count);
    } else if (s->kernel == EMOGI_KERNEL_ALIGNED)
        expand_with<SPARSE>(s, emogi_plain<T, true>(*s->out), level);
    else
        expand_with<SPARSE>(s, emogi_plain<T, false>(*s->out), level);
}

template <typename T> static void expand_launch(emogi_dbfs_gpu *s, uint32_t level)
{
    if (s->sparse)
        expand_launch<T, true>(s, level);
    else
        expand_launch<T, false>(s, level);
}

int emogi_dbfs_gpu_expand(struct emogi_dbfs_gpu *s, uint32_t level, uint64_t reach,
                          uint64_t *sent, uint64_t *examined, emogi_error *err)
{
    const size_t k = (size_t)s->rt.size;
    if (clear_counts(s, err) < 0) /* the outboxes' counts too, and the sparse queue's */
        return -1;
    write_slice(s);
    /* the level finds at most REACH of the rank's vertices */
    s->sparse = reach <= sparse_slots(s);
    if (!s->sparse)
        EMOGI_CK(cudaMemset(s->slice, 0,
                            ((s->n + 63) / 64 ? (s->n + 63) / 64 : 1) * sizeof *s->slice),
                 "clearing the next frontier");
    if (s->qn) {
        if (s->out->g->id_width == 4)
            expand_launch<uint32_t>(s, level);
        else
            expand_launch<uint64_t>(s, level);
    }
    if (collect(s, err) < 0)
        return -1;
    static_assert(sizeof(unsigned long long) == sizeof(uint64_t), "counts are 64-bit");
    memcpy(sent, s->hcount + C_N, k * sizeof *sent);
    *examined += s->hcount[C_READ];
    return 0;
}

unsigned emogi_dbfs_gpu_id_bytes(const struct emogi_dbfs_gpu *s)
{
    return s->rt.narrow ? 4 : 8;
}

void *emogi_dbfs_gpu_outbox(struct emogi_dbfs_gpu *s, int owner)
{
    return static_cast<char *>(s->rt.out) + s->seg[owner] * emogi_dbfs_gpu_id_bytes(s);
}

void *emogi_dbfs_gpu_inbox(struct emogi_dbfs_gpu *s, uint64_t *room)
{
    *room = emogi_dbfs_inbox_room(s->n, emogi_dbfs_gpu_id_bytes(s));
    return s->ids;
}

/* M received ids at IDS (device) claimed. */
template <typename T>
static int claim_launch(emogi_dbfs_gpu *s, const void *ids, uint64_t m, uint32_t level,
                        emogi_error *err)
{
    const unsigned grid = emogi_grid(m, s->resident);
    const T *in = static_cast<const T *>(ids);
    if (s->sparse)
        dbfs_claim<T, true><<<grid, BLOCK>>>(in, m, s->lo, s->n, level + 1, s->depth, s->seen,
                                             s->slice, s->rt, sparse_of(s));
    else
        dbfs_claim<T, false><<<grid, BLOCK>>>(in, m, s->lo, s->n, level + 1, s->depth, s->seen,
                                              s->slice, s->rt, sparse_of(s));
    EMOGI_CK(cudaGetLastError(), "a kernel launch");
    return 0;
}

int emogi_dbfs_gpu_claim(struct emogi_dbfs_gpu *s, const void *ids, uint64_t m, int on_host,
                         uint32_t level, emogi_error *err)
{
    const unsigned es = emogi_dbfs_gpu_id_bytes(s);
    uint64_t room;
    void *in = emogi_dbfs_gpu_inbox(s, &room);
    for (uint64_t at = 0; at < m;) {
        const uint64_t k = on_host ? (m - at < room ? m - at : room) : m;
        const char *p = static_cast<const char *>(ids) + at * es;
        if (on_host) {
            EMOGI_CK(cudaMemcpy(in, p, k * es, cudaMemcpyHostToDevice),
                     "copying the ids received");
            p = static_cast<const char *>(in);
        }
        if ((es == 4 ? claim_launch<uint32_t>(s, p, k, level, err)
                     : claim_launch<uint64_t>(s, p, k, level, err)) < 0)
            return -1;
        at += k;
    }
    return 0;
}

/*
 * The frontier (s->ids, s->qn) from the slice's bits, in ascending order.
 * Zero-copy lists are read in the frontier's order, and over a large
 * footprint the link serves scattered lines at a tenth of its rate
 * (bench/gather_bw.cu): a queue appended by atomics as warps find
 * vertices makes a top-down level after the bottom-up ones much slower
 * than the single GPU's, whose queue is sorted (EMOGI_TRACE_LEVELS;
 * bench/journal/2026-11-27-bfs-ranks-the-frontier-in-ascending-order.md).
 * SCOUT (or null): the entries of the frontier's out-lists, counted in the
 * same launch.
 */
static int slice_to_ids(emogi_dbfs_gpu *s, uint64_t *scout, emogi_error *err)
{
    const uint64_t words = (s->n + 63) / 64;
    s->qn = 0;
    if (scout)
        *scout = 0;
    if (!words)
        return 0;
    if (scout)
        EMOGI_CK(cudaMemsetAsync(&s->count[C_SCOUT], 0, sizeof *s->count), "clearing a counter");
    dbfs_word_counts<<<emogi_grid(words + 1, s->resident), BLOCK>>>(
        s->slice, words, s->wcount, scout ? s->out->d_offsets : nullptr, &s->count[C_SCOUT]);
    EMOGI_CK(cudaGetLastError(), "a kernel launch");
    EMOGI_CK(cub::DeviceScan::ExclusiveSum(s->scan_tmp, s->scan_bytes, s->wcount, s->wat,
                                           (int64_t)(words + 1)),
             "scanning the frontier");
    dbfs_scatter<<<emogi_grid(words, s->resident), BLOCK>>>(s->slice, s->wat, words, s->lo,
                                                            s->ids);
    EMOGI_CK(cudaGetLastError(), "a kernel launch");
    /* the size beside the scout (C_SCOUT, C_LEFT, C_QN), read in one copy */
    EMOGI_CK(cudaMemcpyAsync(&s->count[C_QN], s->wat + words, sizeof *s->count,
                             cudaMemcpyDeviceToDevice),
             "placing the frontier's size");
    EMOGI_CK(cudaMemcpy(s->hcount + C_SCOUT, s->count + C_SCOUT, 3 * sizeof *s->hcount,
                        cudaMemcpyDeviceToHost),
             "reading the frontier's size");
    static_assert(C_QN == C_SCOUT + 2, "one copy reads C_SCOUT to C_QN");
    s->qn = s->hcount[C_QN];
    if (scout)
        *scout = s->hcount[C_SCOUT];
    return 0;
}

/* A sparse level's queue becomes the frontier (not in order: a few
 * lists), its count and out-entries read in one copy. */
static int sparse_to_ids(emogi_dbfs_gpu *s, uint64_t *scout, emogi_error *err)
{
    static_assert(C_QN == C_SCOUT + 2, "one copy reads C_SCOUT to C_QN");
    EMOGI_CK(cudaMemcpy(s->hcount + C_SCOUT, s->count + C_SCOUT, 3 * sizeof *s->hcount,
                        cudaMemcpyDeviceToHost),
             "reading the frontier's size");
    s->qn = s->hcount[C_QN];
    *scout = s->hcount[C_SCOUT];
    if (s->qn > sparse_slots(s))
        return emogi_fail(err, "GPU BFS: a sparse level found %llu vertices, past its bound %llu",
                          (unsigned long long)s->qn, (unsigned long long)sparse_slots(s));
    if (s->qn)
        EMOGI_CK(cudaMemcpyAsync(s->ids, s->wat, s->qn * sizeof *s->ids,
                                 cudaMemcpyDeviceToDevice),
                 "placing the frontier");
    return 0;
}

int emogi_dbfs_gpu_advance(struct emogi_dbfs_gpu *s, uint64_t *n, uint64_t *scout,
                           emogi_error *err)
{
    if ((s->sparse ? sparse_to_ids(s, scout, err) : slice_to_ids(s, scout, err)) < 0)
        return -1;
    s->scout = *scout;
    *n = s->qn;
    return 0;
}

int emogi_dbfs_gpu_queue(struct emogi_dbfs_gpu *s, uint64_t *queue, uint64_t *n,
                         emogi_error *err)
{
    if (s->qn)
        EMOGI_CK(cudaMemcpy(queue, s->ids, s->qn * sizeof *queue, cudaMemcpyDeviceToHost),
                 "reading the frontier");
    *n = s->qn;
    return 0;
}

int emogi_dbfs_gpu_queue_to_front(struct emogi_dbfs_gpu *s, emogi_error *err)
{
    const uint64_t slice_words = (s->n + 63) / 64;
    if (s->lo % 64)
        return emogi_fail(err, "GPU BFS: a slice from %llu does not start on a word",
                          (unsigned long long)s->lo);
    if (slice_words)
        EMOGI_CK(cudaMemset(s->front + s->lo / 64, 0, slice_words * sizeof *s->front),
                 "clearing the frontier slice");
    if (s->qn)
        dbfs_queue_bits<<<emogi_grid(s->qn, s->resident), BLOCK>>>(s->ids, s->qn, s->front);
    EMOGI_CK(cudaGetLastError(), "a kernel launch");
    if (s->peers) { /* the other ranks read it from a slice */
        write_slice(s);
        if (slice_words)
            EMOGI_CK(cudaMemcpyAsync(s->slice, s->front + s->lo / 64,
                                     slice_words * sizeof *s->slice, cudaMemcpyDeviceToDevice),
                     "publishing the frontier");
        publish(s);
    }
    return 0;
}

int emogi_dbfs_gpu_queue_from_slice(struct emogi_dbfs_gpu *s, uint64_t *n, emogi_error *err)
{
    if (slice_to_ids(s, nullptr, err) < 0)
        return -1;
    *n = s->qn;
    return 0;
}

/* A bottom-up level's launch (bfs_pull.cuh: bu_level), the rank's
 * in-lists read as placed: a bottom-up read is whole lines whatever the
 * kernel (reader.cuh: find).  The rank's slice is cleared before. */
template <typename T>
static void pull_launch(emogi_dbfs_gpu *s, unsigned grid, const uint32_t *front32,
                        uint32_t *slice32, unsigned per, uint32_t level)
{
    const T *firsts = static_cast<const T *>(s->in->d_firsts);
    const bu_counters c = {&s->count[C_CHUNK], &s->count[C_FOUND], &s->count[C_SCOUT],
                           &s->count[C_LEFT],  &s->count[C_READ],  &s->count[C_DEV]};
    const bu_seen seen = {s->seen, s->lo};
    if (s->in->d_coffsets)
        bu_level<<<grid, BLOCK>>>(emogi_packed<T>(*s->in), firsts, s->out->d_offsets, front32,
                                  slice32, s->depth, s->unvisited, per, s->n, level + 1, seen, c);
    else
        bu_level<<<grid, BLOCK>>>(emogi_plain<T, true>(*s->in), firsts, s->out->d_offsets,
                                  front32, slice32, s->depth, s->unvisited, per, s->n, level + 1,
                                  seen, c);
}

/* The last bottom-up level's slice into SLICE (host, ceil(n / 64) words). */
static int slice_to_host(emogi_dbfs_gpu *s, uint64_t *slice, emogi_error *err)
{
    const uint64_t slice_words = (s->n + 63) / 64;
    if (slice_words)
        EMOGI_CK(cudaMemcpy(slice, s->slice, slice_words * sizeof *slice, cudaMemcpyDeviceToHost),
                 "reading the frontier slice");
    return 0;
}

int emogi_dbfs_gpu_bottom_up(struct emogi_dbfs_gpu *s, const uint64_t *front, uint32_t level,
                             uint64_t *slice, struct emogi_bu_count *bu, uint64_t *examined,
                             emogi_error *err)
{
    const uint64_t slice_words = (s->n + 63) / 64;
    if (!s->in)
        return emogi_fail(err, "GPU BFS: bottom-up needs the rank's in-lists");
    if (clear_counts(s, err) < 0)
        return -1;
    write_slice(s);
    if (front)
        EMOGI_CK(cudaMemcpy(s->front, front, s->words * sizeof *s->front,
                            cudaMemcpyHostToDevice),
                 "copying the frontier bitmap");
    EMOGI_CK(cudaMemset(s->slice, 0, (slice_words ? slice_words : 1) * sizeof *s->slice),
             "clearing the frontier slice");
    dbfs_mark<<<emogi_grid(s->words, s->resident), BLOCK>>>(s->front, s->words, s->seen);
    if (s->n)
        dbfs_todo<<<emogi_grid((s->n + 31) / 32, s->resident), BLOCK>>>(s->has_in, s->seen,
                                                                       s->words, s->lo, s->n,
                                                                       s->unvisited);
    /* a run's later levels have few vertices left to test */
    const unsigned per = s->bu_next == level ? BU_SPARSE : (unsigned)CHUNKS;
    s->bu_next = level + 1;
    const unsigned grid = emogi_grid(s->n, s->resident);
    const uint32_t *front32 = reinterpret_cast<const uint32_t *>(s->front);
    uint32_t *slice32 = reinterpret_cast<uint32_t *>(s->slice);
    if (s->n && s->in->g->id_width == 4)
        pull_launch<uint32_t>(s, grid, front32, slice32, per, level);
    else if (s->n)
        pull_launch<uint64_t>(s, grid, front32, slice32, per, level);
    if (collect(s, err) < 0) /* the slice is whole: the other ranks may read it */
        return -1;
    publish(s);
    const unsigned long long *c = s->hcount;
    if (slice && slice_to_host(s, slice, err) < 0)
        return -1;
    /* the next level's frontier, the rank's part of it: its own words */
    if (slice_words && s->lo % 64 == 0)
        EMOGI_CK(cudaMemcpy(s->front + s->lo / 64, s->slice, slice_words * sizeof *slice,
                            cudaMemcpyDeviceToDevice),
                 "placing the frontier slice");
    bu->found = c[C_FOUND];
    bu->left = c[C_LEFT];
    bu->scout = s->scout = c[C_SCOUT];
    *examined += c[C_READ];
    return 0;
}

int emogi_dbfs_gpu_peer_handle(struct emogi_dbfs_gpu *s, void *handle, emogi_error *err)
{
    static_assert(2 * sizeof(cudaIpcMemHandle_t) <= EMOGI_DBFS_PEER_BYTES, "room for two handles");
    cudaIpcMemHandle_t *h = static_cast<cudaIpcMemHandle_t *>(handle);
    memset(handle, 0, EMOGI_DBFS_PEER_BYTES);
    EMOGI_CK(cudaIpcGetMemHandle(&h[0], s->remote), "exporting the outboxes");
    EMOGI_CK(cudaIpcGetMemHandle(&h[1], s->slices), "exporting the frontier slices");
    return 0;
}

int emogi_dbfs_gpu_peers_open(struct emogi_dbfs_gpu *s, const void *handles, emogi_error *err)
{
    const int size = s->rt.size;
    emogi_dbfs_gpu_peers_close(s);
    s->peer_out = static_cast<void **>(calloc((size_t)size, sizeof *s->peer_out));
    s->peer_slices =
        static_cast<unsigned long long **>(calloc((size_t)size, sizeof *s->peer_slices));
    if (!s->peer_out || !s->peer_slices) {
        emogi_dbfs_gpu_peers_close(s);
        return emogi_fail(err, "GPU BFS: out of memory");
    }
    for (int r = 0; r < size; r++) {
        if (r == s->rank)
            continue;
        cudaIpcMemHandle_t h[2]; /* as peer_handle wrote them, from any alignment */
        memcpy(h, static_cast<const char *>(handles) + (size_t)r * EMOGI_DBFS_PEER_BYTES,
               sizeof h);
        cudaError_t e =
            cudaIpcOpenMemHandle(&s->peer_out[r], h[0], cudaIpcMemLazyEnablePeerAccess);
        if (e == cudaSuccess)
            e = cudaIpcOpenMemHandle(reinterpret_cast<void **>(&s->peer_slices[r]), h[1],
                                     cudaIpcMemLazyEnablePeerAccess);
        if (e != cudaSuccess) {
            (void)cudaGetLastError();
            emogi_dbfs_gpu_peers_close(s);
            return emogi_fail(err, "GPU BFS: opening rank %d's arrays: %s", r,
                              cudaGetErrorString(e));
        }
    }
    /* The first reads of another GPU's arrays after they are opened are
     * slow, many times a small level's own work
     * (bench/journal/2026-11-28-bfs-ranks-read-each-other-gpus.md), so
     * they are paid here, with the other set-up, once a run
     * (dist/bfs.c, dist_bfs_open), not in every search. */
    const uint64_t stride = 64 << 10;
    for (int r = 0; r < size; r++) {
        if (r == s->rank)
            continue;
        const uint64_t n = s->hbound[r + 1] - s->hbound[r], sw = (n + 63) / 64 ? (n + 63) / 64 : 1,
                       out = (s->nv - n + 1) * 8, slices = 2 * sw * 8;
        dbfs_touch<<<emogi_grid(out / stride + 1, s->resident), BLOCK>>>(
            static_cast<const unsigned char *>(s->peer_out[r]), out, stride, s->count);
        dbfs_touch<<<emogi_grid(slices / stride + 1, s->resident), BLOCK>>>(
            reinterpret_cast<const unsigned char *>(s->peer_slices[r]), slices, stride, s->count);
    }
    const cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        emogi_dbfs_gpu_peers_close(s);
        return emogi_fail(err, "GPU BFS: reading the other ranks' arrays: %s",
                          cudaGetErrorString(e));
    }
    s->peers = true;
    return 0;
}

int emogi_dbfs_gpu_claim_peers(struct emogi_dbfs_gpu *s, const uint64_t *got, uint32_t level,
                               emogi_error *err)
{
    const unsigned es = emogi_dbfs_gpu_id_bytes(s);
    for (int r = 0; r < s->rt.size; r++) {
        if (r == s->rank || !got[r])
            continue;
        const char *ids =
            static_cast<const char *>(s->peer_out[r]) + outbox_at(s->hbound, r, s->rank) * es;
        if ((es == 4 ? claim_launch<uint32_t>(s, ids, got[r], level, err)
                     : claim_launch<uint64_t>(s, ids, got[r], level, err)) < 0)
            return -1;
    }
    return 0;
}

int emogi_dbfs_gpu_gather_front(struct emogi_dbfs_gpu *s, emogi_error *err)
{
    dbfs_parts p;
    uint64_t total = 0;
    p.n = 0;
    for (int r = 0; r <= s->rt.size; r++) {
        if (p.n == GATHER_PARTS || (r == s->rt.size && p.n)) {
            dbfs_gather<<<emogi_grid(total, s->resident), BLOCK>>>(p, total, s->front);
            EMOGI_CK(cudaGetLastError(), "a kernel launch");
            p.n = 0;
            total = 0;
        }
        if (r == s->rt.size)
            break;
        const uint64_t n = s->hbound[r + 1] - s->hbound[r], words = (n + 63) / 64;
        if (r == s->rank || !words)
            continue;
        if (s->hbound[r] % 64)
            return emogi_fail(err, "GPU BFS: rank %d's range does not start on a word", r);
        p.src[p.n] = s->peer_slices[r] + (uint64_t)s->pub * words;
        p.at[p.n] = s->hbound[r] / 64;
        p.words[p.n++] = words;
        total += words;
    }
    return 0;
}

int emogi_dbfs_gpu_wait(struct emogi_dbfs_gpu *s, emogi_error *err)
{
    (void)s;
    EMOGI_CK(cudaStreamSynchronize(0), "waiting for the rank's GPU");
    return 0;
}

uint64_t *emogi_dbfs_gpu_front(struct emogi_dbfs_gpu *s)
{
    return reinterpret_cast<uint64_t *>(s->front);
}

int emogi_dbfs_gpu_depths(struct emogi_dbfs_gpu *s, uint32_t *depth, emogi_error *err)
{
    if (s->n)
        EMOGI_CK(cudaMemcpy(depth, s->depth, s->n * sizeof *depth, cudaMemcpyDeviceToHost),
                 "reading the depths");
    return 0;
}

/* Between searches the counters are free; each level clears its own. */
int emogi_dbfs_gpu_reached_edges(struct emogi_dbfs_gpu *s, uint64_t *edges, emogi_error *err)
{
    *edges = 0;
    if (!s->n)
        return 0;
    EMOGI_CK(cudaMemset(&s->count[C_FOUND], 0, sizeof *s->count), "clearing a counter");
    count_reached<<<emogi_grid(s->n, s->resident), BLOCK>>>(s->depth, s->out->d_offsets, s->n,
                                                            nullptr, &s->count[C_FOUND]);
    EMOGI_CK(cudaGetLastError(), "launching the reached edges' count");
    EMOGI_CK(cudaMemcpy(s->hcount + C_FOUND, s->count + C_FOUND, sizeof *s->hcount,
                        cudaMemcpyDeviceToHost),
             "reading the reached edges");
    *edges = s->hcount[C_FOUND];
    return 0;
}

/* Shared by every GPU rank (emogi_dist_gpu.h), here for want of a better home. */
int emogi_dgpu_copy(void *dst, const void *src, uint64_t bytes, int to_host, emogi_error *err)
{
    const char *const CUDA_ALG = "rank"; /* not BFS's: any algorithm's exchange */
    if (bytes)
        EMOGI_CK(cudaMemcpy(dst, src, bytes, to_host ? cudaMemcpyDeviceToHost
                                                     : cudaMemcpyHostToDevice),
                 to_host ? "copying to the host for an exchange"
                         : "copying an exchange's data to the GPU");
    return 0;
}

uint64_t emogi_dbfs_gpu_link_bytes(const struct emogi_dbfs_gpu *s)
{
    return s ? s->link : 0;
}
