/*
 * dist_bfs.cu - one GPU rank's levels of a distributed BFS
 * (emogi_dist_gpu.h; traverse/dist_bfs.c runs the search and the
 * exchanges).
 *
 * Bottom-up levels read as the single GPU's do (bfs_pull.cuh: chunked,
 * ascending sweeps whose warps hold a line for the short lists that share
 * it), since they carry most of a search's link bytes.  Top-down levels
 * take a warp per frontier vertex, reading its list with lanes on
 * consecutive entries from the 128-byte line at or before its start
 * (EMOGI's merged, aligned read; common.cuh), and set long lists aside
 * for a launch that spreads them over every warp, as the single GPU
 * does; unlike it they start from a host queue in no particular order.
 *
 * One bitmap of all nv vertices, SEEN, serves both sides: a bit of the
 * rank's own vertex says it has a depth, a bit of another rank's says it
 * was sent to its owner in this search (once, as the CPU ranks do), and
 * atomicOr's old value decides which thread takes it.
 */
#include <cuda_runtime.h>

#include <stdint.h>
#include <stdlib.h>

#include "bfs_pull.cuh"
#include "common.cuh"
#include "emogi_bfs.h"
#include "emogi_dist_gpu.h"

static const char *const CUDA_ALG = "distributed BFS";

struct emogi_dbfs_gpu {
    const emogi_placed *out, *in;
    uint64_t lo, n, nv, words; /* words: of SEEN and of a frontier bitmap */
    unsigned resident;
    uint32_t *depth;               /* n */
    unsigned long long *seen;      /* words */
    unsigned long long *front;     /* words */
    unsigned long long *slice;     /* ceil(n / 64) */
    uint64_t *ids;                 /* n: a frontier or a batch of received ids */
    uint64_t *found;               /* n */
    uint64_t *remote;              /* nv - n (at least 1) */
    uint64_t *heavy, heavy_cap;    /* the frontier's long lists, for the pieces launch */
    unsigned long long *count;     /* C_*: found, remote, entries read, lines */
    unsigned long long link;       /* bytes of the lines read over the link, all launches */
};

/* C_DEV and C_LINK: the bytes of the 128-byte lines the warps request in
 * device memory and over the link (emogi_lines), as the single GPU's
 * --stats counts them. */
enum { C_FOUND, C_REMOTE, C_READ, C_DEV, C_LINK, C_CHUNK, C_HEAVY, C_N };

/* Slots for long lists: a queue that fills leaves the rest to their
 * warps (emogi_set_aside), so a fixed size serves any graph. */
constexpr uint64_t HEAVY_SLOTS = 65536;

uint64_t emogi_dbfs_gpu_state_bytes(uint64_t n, uint64_t nv)
{
    const uint64_t words = (nv + 63) / 64;
    return n * 4 + 2 * words * 8 + ((n + 63) / 64) * 8 + 2 * n * 8 + (nv - n + 1) * 8 +
           HEAVY_SLOTS * 8 + C_N * 8;
}

/* Take vertex W (global) for depth NEXT: the rank's own is set and
 * listed in FOUND, another rank's listed in REMOTE; each once.  A plain
 * load first: most neighbours of a large top-down level are seen
 * already, and an atomic for each of them is the suspected cost of such
 * a level (kron 27's largest took 84 ms on the GPU of one of two ranks,
 * where the single GPU's whole search took 78; bench/RESULTS.md, "MPI
 * ranks on four GPUs"; the load itself not yet run on a GPU).  Bits are
 * only ever set during a launch, so a stale load can only send W on to
 * the atomic. */
__device__ __forceinline__ void take(uint64_t w, uint64_t lo, uint64_t n, uint32_t next,
                                     uint32_t *depth, unsigned long long *seen, uint64_t *found,
                                     uint64_t *remote, unsigned long long *count)
{
    const unsigned long long bit = 1ull << (w & 63);
    if (seen[w >> 6] & bit)
        return;
    if (atomicOr(&seen[w >> 6], bit) & bit)
        return;
    if (w - lo < n) { /* unsigned: W below LO wraps past N */
        depth[w - lo] = next;
        found[atomicAdd(&count[C_FOUND], 1ull)] = w;
    } else if (remote) {
        remote[atomicAdd(&count[C_REMOTE], 1ull)] = w;
    }
}

/* A warp per frontier vertex: its out-list, each neighbour taken, with
 * EMOGI_UNROLL loads in flight a lane (common.cuh).  A list over HEAVY
 * entries is set aside for dbfs_expand_heavy: a level that starts from a
 * few hubs (kron 26's first levels: a million entries each) otherwise
 * waits on one warp per hub, 28 of a search's 97 ms on two H200s
 * (bench/RESULTS.md, "MPI ranks on four GPUs"). */
template <typename T>
__global__ void __launch_bounds__(BLOCK)
    dbfs_expand(const uint64_t *__restrict__ off, const emogi_arr<T> nb,
                const uint64_t *__restrict__ front, uint64_t nf, uint64_t lo, uint64_t n,
                uint32_t next, uint32_t *depth, unsigned long long *seen, uint64_t *found,
                uint64_t *remote, uint64_t *heavy, uint64_t heavy_cap,
                unsigned long long *count)
{
    const unsigned lane = threadIdx.x & 31;
    const uint64_t warps = (uint64_t)gridDim.x * BLOCK / 32;
    unsigned long long read = 0;
    emogi_lines lines;
    for (uint64_t i = ((uint64_t)blockIdx.x * BLOCK + threadIdx.x) / 32; i < nf; i += warps) {
        const uint64_t u = front[i] - lo, start = off[u], end = off[u + 1];
        const uint64_t first = emogi_first_read<T, true>(start);
        read += lane == 0 ? end - start : 0;
        if (end - first > HEAVY && emogi_set_aside(&count[C_HEAVY], heavy, heavy_cap, u, lane))
            continue;
        if (lane == 0)
            lines.add(nb, first, end);
        emogi_warp_list(
            first, start, end, lane, [&](uint64_t j) { return (uint64_t)nb[j]; },
            [&](uint64_t w) { take(w, lo, n, next, depth, seen, found, remote, count); });
    }
    warp_add(&count[C_READ], read);
    lines.flush(&count[C_DEV]);
}

/* The lists dbfs_expand set aside, in SEGMENT-entry pieces over every
 * warp (common.cuh: emogi_warp_pieces). */
template <typename T>
__global__ void __launch_bounds__(BLOCK)
    dbfs_expand_heavy(const uint64_t *__restrict__ off, const emogi_arr<T> nb, uint64_t lo,
                      uint64_t n, uint32_t next, uint32_t *depth, unsigned long long *seen,
                      uint64_t *found, uint64_t *remote, const uint64_t *heavy,
                      uint64_t heavy_cap, unsigned long long *count)
{
    const unsigned lane = threadIdx.x & 31;
    const uint64_t queued = count[C_HEAVY];
    emogi_lines lines;
    emogi_warp_pieces(
        heavy, queued < heavy_cap ? queued : heavy_cap,
        [&](uint64_t u, uint64_t &first, uint64_t &start, uint64_t &end) {
            start = off[u], end = off[u + 1];
            first = emogi_first_read<T, true>(start);
        },
        [&](uint64_t, uint64_t a, uint64_t start, uint64_t b) {
            if (lane == 0)
                lines.add(nb, a, b);
            emogi_warp_list(
                a, start, b, lane, [&](uint64_t j) { return (uint64_t)nb[j]; },
                [&](uint64_t w) { take(w, lo, n, next, depth, seen, found, remote, count); });
        });
    lines.flush(&count[C_DEV]);
}

/* A thread per received id: the rank's own vertices only. */
__global__ void __launch_bounds__(BLOCK)
    dbfs_claim(const uint64_t *__restrict__ ids, uint64_t m, uint64_t lo, uint64_t n,
               uint32_t next, uint32_t *depth, unsigned long long *seen, uint64_t *found,
               unsigned long long *count)
{
    const uint64_t stride = (uint64_t)gridDim.x * BLOCK;
    for (uint64_t i = (uint64_t)blockIdx.x * BLOCK + threadIdx.x; i < m; i += stride)
        take(ids[i], lo, n, next, depth, seen, found, nullptr, count);
}

/* Bottom-up over the rank's unreached vertices, as the single GPU's
 * bfs_pull (bfs_pull.cuh: bu_sweep): the warp owns each chunk's 32-bit
 * word of SLICE (bit i: the rank's vertex i) and writes it once.  Its
 * first version, a warp per vertex with a request per list, read a line
 * shared by short lists once per vertex where this reads it once. */
template <typename T>
__global__ void __launch_bounds__(BLOCK)
    dbfs_pull(const uint64_t *__restrict__ off, const emogi_arr<T> nb, uint64_t ne,
              const uint32_t *__restrict__ front, uint64_t lo, uint64_t n, uint32_t next,
              uint32_t *depth, unsigned long long *seen, uint32_t *slice,
              unsigned long long *count)
{
    const unsigned lane = threadIdx.x & 31;
    unsigned long long found = 0, edges = 0;
    emogi_lines lines;
    bu_sweep(off, nb, front, ne, n, depth, &count[C_CHUNK], lane, lines, edges,
             [&](uint64_t base, unsigned word) {
                 const uint64_t v = base + lane;
                 if (word >> lane & 1u) {
                     depth[v] = next;
                     atomicOr(&seen[(lo + v) >> 6], 1ull << ((lo + v) & 63));
                     found++;
                 }
                 if (lane == 0)
                     slice[base >> 5] = word;
             });
    warp_add(&count[C_FOUND], found);
    warp_add(&count[C_READ], lane == 0 ? edges : 0);
    lines.flush(&count[C_DEV]);
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

void emogi_dbfs_gpu_close(struct emogi_dbfs_gpu *s)
{
    if (!s)
        return;
    (void)cudaFree(s->depth);
    (void)cudaFree(s->seen);
    (void)cudaFree(s->front);
    (void)cudaFree(s->slice);
    (void)cudaFree(s->ids);
    (void)cudaFree(s->found);
    (void)cudaFree(s->remote);
    (void)cudaFree(s->heavy);
    (void)cudaFree(s->count);
    free(s);
}

static int alloc_state(emogi_dbfs_gpu *s, emogi_error *err)
{
    const uint64_t n1 = s->n ? s->n : 1;
    EMOGI_CK(cudaMalloc(&s->depth, n1 * sizeof *s->depth), "cudaMalloc of the depths");
    EMOGI_CK(cudaMalloc(&s->seen, s->words * sizeof *s->seen), "cudaMalloc of the seen bitmap");
    EMOGI_CK(cudaMalloc(&s->front, s->words * sizeof *s->front), "cudaMalloc of the frontier");
    EMOGI_CK(cudaMalloc(&s->slice, ((n1 + 63) / 64) * sizeof *s->slice),
             "cudaMalloc of the frontier slice");
    EMOGI_CK(cudaMalloc(&s->ids, n1 * sizeof *s->ids), "cudaMalloc of the id buffer");
    EMOGI_CK(cudaMalloc(&s->found, n1 * sizeof *s->found), "cudaMalloc of the found ids");
    EMOGI_CK(cudaMalloc(&s->remote, (s->nv - s->n + 1) * sizeof *s->remote),
             "cudaMalloc of the ids to send");
    EMOGI_CK(cudaMalloc(&s->heavy, s->heavy_cap * sizeof *s->heavy),
             "cudaMalloc of the long lists' queue");
    EMOGI_CK(cudaMalloc(&s->count, C_N * sizeof *s->count), "cudaMalloc of the counters");
    return 0;
}

int emogi_dbfs_gpu_open(const struct emogi_placed *out, const struct emogi_placed *in,
                        uint64_t lo, uint64_t nv, struct emogi_dbfs_gpu **sp, emogi_error *err)
{
    *sp = nullptr;
    const emogi_graph *g = out->g;
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "GPU BFS: id width %u unsupported", g->id_width);
    if (out->d_coffsets || !emogi_lists_placed(out) || (in && !emogi_lists_placed(in)))
        return emogi_fail(err, "GPU BFS: the rank's plain lists must be placed");
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
    s->lo = lo;
    s->n = g->nv;
    s->nv = nv;
    s->words = (nv + 63) / 64 ? (nv + 63) / 64 : 1;
    s->heavy_cap = emogi_heavy_cap(g->ne) < HEAVY_SLOTS ? emogi_heavy_cap(g->ne) : HEAVY_SLOTS;
    if (emogi_resident_blocks(out->device, BLOCK, &s->resident, err) < 0 ||
        alloc_state(s, err) < 0) {
        emogi_dbfs_gpu_close(s);
        return -1;
    }
    *sp = s;
    return 0;
}

int emogi_dbfs_gpu_start(struct emogi_dbfs_gpu *s, uint64_t source, emogi_error *err)
{
    EMOGI_CK(cudaMemset(s->depth, 0xff, (s->n ? s->n : 1) * sizeof *s->depth),
             "clearing the depths");
    EMOGI_CK(cudaMemset(s->seen, 0, s->words * sizeof *s->seen), "clearing the seen bitmap");
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
    return 0;
}

/* The counters cleared before a launch. */
static int clear_counts(emogi_dbfs_gpu *s, emogi_error *err)
{
    EMOGI_CK(cudaMemset(s->count, 0, C_N * sizeof *s->count), "clearing the counters");
    return 0;
}

/* After a launch: the counters, and the found ids appended to FOUND. */
static int collect(emogi_dbfs_gpu *s, unsigned long long *c, uint64_t *found,
                   uint64_t *found_n, emogi_error *err)
{
    EMOGI_CK(cudaGetLastError(), "a kernel launch");
    EMOGI_CK(cudaMemcpy(c, s->count, C_N * sizeof *c, cudaMemcpyDeviceToHost),
             "reading the counters");
    s->link += c[C_LINK];
    if (found && c[C_FOUND])
        EMOGI_CK(cudaMemcpy(found + *found_n, s->found, c[C_FOUND] * sizeof *found,
                            cudaMemcpyDeviceToHost),
                 "reading the vertices found");
    if (found_n)
        *found_n += c[C_FOUND];
    return 0;
}

/* A top-down level's two launches, from the NF ids in s->ids. */
template <typename T> static void expand_launch(emogi_dbfs_gpu *s, uint64_t nf, uint32_t level)
{
    const emogi_placed *o = s->out;
    const emogi_arr<T> nb(o->nbr);
    dbfs_expand<T><<<emogi_grid(nf * 32, s->resident), BLOCK>>>(
        o->d_offsets, nb, s->ids, nf, s->lo, s->n, level + 1, s->depth, s->seen, s->found,
        s->remote, s->heavy, s->heavy_cap, s->count);
    dbfs_expand_heavy<T><<<s->resident, BLOCK>>>(o->d_offsets, nb, s->lo, s->n, level + 1,
                                                 s->depth, s->seen, s->found, s->remote,
                                                 s->heavy, s->heavy_cap, s->count);
}

int emogi_dbfs_gpu_expand(struct emogi_dbfs_gpu *s, const uint64_t *front, uint64_t nf,
                          uint32_t level, uint64_t *found, uint64_t *found_n, uint64_t *remote,
                          uint64_t *remote_n, uint64_t *examined, emogi_error *err)
{
    unsigned long long c[C_N];
    if (nf > s->n)
        return emogi_fail(err, "GPU BFS: a frontier of %llu of the rank's %llu vertices",
                          (unsigned long long)nf, (unsigned long long)s->n);
    if (clear_counts(s, err) < 0)
        return -1;
    if (nf) {
        EMOGI_CK(cudaMemcpy(s->ids, front, nf * sizeof *front, cudaMemcpyHostToDevice),
                 "copying the frontier");
        if (s->out->g->id_width == 4)
            expand_launch<uint32_t>(s, nf, level);
        else
            expand_launch<uint64_t>(s, nf, level);
    }
    if (collect(s, c, found, found_n, err) < 0)
        return -1;
    if (c[C_REMOTE])
        EMOGI_CK(cudaMemcpy(remote + *remote_n, s->remote, c[C_REMOTE] * sizeof *remote,
                            cudaMemcpyDeviceToHost),
                 "reading the ids to send");
    *remote_n += c[C_REMOTE];
    *examined += c[C_READ];
    return 0;
}

int emogi_dbfs_gpu_claim(struct emogi_dbfs_gpu *s, const uint64_t *ids, uint64_t n,
                         uint32_t level, uint64_t *found, uint64_t *found_n, emogi_error *err)
{
    const uint64_t batch = s->n ? s->n : 1; /* what s->ids holds */
    for (uint64_t at = 0; at < n; at += batch) {
        const uint64_t m = n - at < batch ? n - at : batch;
        unsigned long long c[C_N];
        if (clear_counts(s, err) < 0)
            return -1;
        EMOGI_CK(cudaMemcpy(s->ids, ids + at, m * sizeof *ids, cudaMemcpyHostToDevice),
                 "copying the ids received");
        dbfs_claim<<<emogi_grid(m, s->resident), BLOCK>>>(s->ids, m, s->lo, s->n, level + 1,
                                                          s->depth, s->seen, s->found, s->count);
        if (collect(s, c, found, found_n, err) < 0)
            return -1;
    }
    return 0;
}

int emogi_dbfs_gpu_bottom_up(struct emogi_dbfs_gpu *s, const uint64_t *front, uint32_t level,
                             uint64_t *slice, uint64_t *awake, uint64_t *examined,
                             emogi_error *err)
{
    unsigned long long c[C_N];
    const uint64_t slice_words = (s->n + 63) / 64;
    if (!s->in)
        return emogi_fail(err, "GPU BFS: bottom-up needs the rank's in-lists");
    if (clear_counts(s, err) < 0)
        return -1;
    if (front)
        EMOGI_CK(cudaMemcpy(s->front, front, s->words * sizeof *s->front,
                            cudaMemcpyHostToDevice),
                 "copying the frontier bitmap");
    EMOGI_CK(cudaMemset(s->slice, 0, (slice_words ? slice_words : 1) * sizeof *s->slice),
             "clearing the frontier slice");
    dbfs_mark<<<emogi_grid(s->words, s->resident), BLOCK>>>(s->front, s->words, s->seen);
    const unsigned grid = emogi_grid(s->n, s->resident);
    const uint32_t *front32 = reinterpret_cast<const uint32_t *>(s->front);
    uint32_t *slice32 = reinterpret_cast<uint32_t *>(s->slice);
    if (s->n && s->in->g->id_width == 4)
        dbfs_pull<uint32_t><<<grid, BLOCK>>>(s->in->d_offsets, emogi_arr<uint32_t>(s->in->nbr),
                                             s->in->g->ne, front32, s->lo, s->n, level + 1,
                                             s->depth, s->seen, slice32, s->count);
    else if (s->n)
        dbfs_pull<uint64_t><<<grid, BLOCK>>>(s->in->d_offsets, emogi_arr<uint64_t>(s->in->nbr),
                                             s->in->g->ne, front32, s->lo, s->n, level + 1,
                                             s->depth, s->seen, slice32, s->count);
    if (collect(s, c, nullptr, nullptr, err) < 0)
        return -1;
    if (slice && emogi_dbfs_gpu_slice(s, slice, err) < 0)
        return -1;
    /* the next level's frontier, the rank's part of it: its own words */
    if (slice_words && s->lo % 64 == 0)
        EMOGI_CK(cudaMemcpy(s->front + s->lo / 64, s->slice, slice_words * sizeof *slice,
                            cudaMemcpyDeviceToDevice),
                 "placing the frontier slice");
    *awake = c[C_FOUND];
    *examined += c[C_READ];
    return 0;
}

int emogi_dbfs_gpu_put_slice(struct emogi_dbfs_gpu *s, const uint64_t *slice, emogi_error *err)
{
    const uint64_t slice_words = (s->n + 63) / 64;
    if (s->lo % 64)
        return emogi_fail(err, "GPU BFS: a slice from %llu does not start on a word",
                          (unsigned long long)s->lo);
    if (slice_words)
        EMOGI_CK(cudaMemcpy(s->front + s->lo / 64, slice, slice_words * sizeof *slice,
                            cudaMemcpyHostToDevice),
                 "placing the frontier slice");
    return 0;
}

int emogi_dbfs_gpu_slice(struct emogi_dbfs_gpu *s, uint64_t *slice, emogi_error *err)
{
    const uint64_t slice_words = (s->n + 63) / 64;
    if (slice_words)
        EMOGI_CK(cudaMemcpy(slice, s->slice, slice_words * sizeof *slice, cudaMemcpyDeviceToHost),
                 "reading the frontier slice");
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
