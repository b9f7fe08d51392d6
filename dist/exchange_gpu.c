/*
 * exchange_gpu.c - how GPU ranks' device arrays travel between ranks:
 * CC's and PageRank's dense arrays (gpu_ranks.c), BFS's bottom-up
 * frontier bitmap (dist_xchg_bitmap) and its top-down ids, from outboxes
 * on the device (dist_xchg_bfs_ids).  Where every rank runs on one host,
 * BFS's ranks read both from each other's GPUs instead
 * (dist_bfs_peers_open).
 *
 * Those arrays live on the device.  Built with NCCL, when every rank has
 * a GPU of its own (the ranks of a host no more than its GPUs) and
 * EMOGI_NCCL is not 0, they travel device to device: one ncclBroadcast
 * of each rank's part, grouped (an allgather of unequal parts), or
 * ncclSend, ncclRecv and ncclBroadcast of whole arrays (CC's forests);
 * BFS's frontier bitmap, nv bits, goes through a stage of equal parts as
 * one ncclAllGather (nccl_bitmap).
 * NCCL refuses two ranks on one GPU, so otherwise (and without NCCL) the
 * rank's part goes to a host buffer, through MPI_Allgatherv
 * (dist_allgather) or MPI's point to point and broadcast, and back to
 * the device.  Either way --stats counts the time as communication, the
 * copies included, and the bytes each rank sends.
 */
#include "config.h"

#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_NCCL
#include <cuda_runtime.h>
/* nccl.h declares f() for f(void) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#include <nccl.h>
#pragma GCC diagnostic pop
#endif

#include "emogi_ranks.h"
#include "ranks.h"

/* The ranks on this rank's host, itself included. */
static int host_ranks(struct dist *d)
{
    int local = 0;
    MPI_Comm host;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, d->rank, MPI_INFO_NULL, &host);
    MPI_Comm_size(host, &local);
    MPI_Comm_free(&host);
    return local;
}

/* A device array's exchange: NCCL (the process's communicator,
 * d->nccl), or host buffers (HOST). */
void dist_gpu_check(int rc, const emogi_error *err)
{
    if (rc < 0)
        tool_die(err);
}

/* Rank R's part of an exchanged array: entries [*FIRST, *END), an entry
 * holding 2^SHIFT vertices (SHIFT 6: a bitmap's words, every range then
 * starting on a word); none for an empty range. */
static void part_of(const struct dist *d, int r, unsigned shift, uint64_t *first, uint64_t *end)
{
    const uint64_t m = ((uint64_t)1 << shift) - 1;
    *first = d->bound[r] >> shift;
    *end = dist_count(d, r) ? (d->bound[r + 1] + m) >> shift : *first;
}

#ifdef HAVE_NCCL
struct dist_nccl {
    ncclComm_t comm;
};

/* Whether every rank has a GPU of its own, and NCCL is wanted; asked
 * once (every rank together), at the first exchange. */
static int nccl_wanted(struct dist *d)
{
    if (d->nccl_use)
        return d->nccl_use > 0;
    emogi_error err;
    const char *e = getenv("EMOGI_NCCL");
    const int gpus = emogi_gpu_count(&err);
    d->nccl_use =
        dist_all(d, !(e && strcmp(e, "0") == 0) && gpus > 0 && host_ranks(d) <= gpus) ? 1 : -1;
    return d->nccl_use > 0;
}

static void nccl_die(struct dist *d, const char *what, ncclResult_t rc)
{
    fprintf(stderr, "%s: rank %d: NCCL: %s: %s\n", tool_name(), d->rank, what,
            ncclGetErrorString(rc));
    exit(1);
}

static void cuda_die(struct dist *d, const char *what)
{
    fprintf(stderr, "%s: rank %d: %s failed on the GPU\n", tool_name(), d->rank, what);
    exit(1);
}

/* The NCCL call that returned RC waited for on the default stream; WHAT
 * names it in an error. */
static void nccl_wait(struct dist *d, ncclResult_t rc, const char *what)
{
    if (rc != ncclSuccess)
        nccl_die(d, what, rc);
    if (cudaStreamSynchronize(0) != cudaSuccess)
        cuda_die(d, what);
}

/* The group ncclGroupStart began ended (RC: its calls' result so far)
 * and waited for. */
static void nccl_group_wait(struct dist *d, ncclResult_t rc, const char *what)
{
    nccl_wait(d, rc == ncclSuccess ? ncclGroupEnd() : rc, what);
}

/* The group ended, not waited for: what uses its data is queued behind
 * it on the same stream (BFS's claims and bottom-up kernels), and a wait
 * here made the host queue them only after a round trip; the next copy
 * to the host waits for all of it, and reports a failure there. */
static void nccl_group_queued(struct dist *d, ncclResult_t rc, const char *what)
{
    if (rc == ncclSuccess)
        rc = ncclGroupEnd();
    if (rc != ncclSuccess)
        nccl_die(d, what, rc);
}

/* A byte to and from every other rank: NCCL connects a pair for
 * point-to-point at its first send, not in the collective below, and
 * that made the first timed search several times slower than the next
 * (bench/journal/2026-11-27-bfs-ranks-the-frontier-stays-on-the-gpus.md). */
static void nccl_pairs(struct dist *d, ncclComm_t comm)
{
    char *b;
    ncclResult_t rc;
    if (d->size < 2)
        return;
    if (cudaMalloc((void **)&b, 2 * (size_t)d->size) != cudaSuccess)
        cuda_die(d, "a buffer for NCCL's first sends");
    rc = ncclGroupStart();
    for (int r = 0; r < d->size && rc == ncclSuccess; r++)
        if (r != d->rank && (rc = ncclSend(b + d->rank, 1, ncclUint8, r, comm, 0)) == ncclSuccess)
            rc = ncclRecv(b + d->size + r, 1, ncclUint8, r, comm, 0);
    nccl_group_wait(d, rc, "NCCL's first sends");
    (void)cudaFree(b);
}

/*
 * The process's one communicator, made at its first exchange and kept
 * until dist_finish: made per exchange (every BFS search, every CC and
 * PageRank run), its setup outweighed the exchanges themselves whatever
 * they sent (bench/journal/2026-11-24-mpi-ranks-on-two-gpus-kronecker-26.md).  NCCL
 * joins the ranks in ncclCommInitRank but sets up its connections at a
 * communicator's first collective, so one small all-reduce here pays for
 * that before any timed work, and a byte between every pair for
 * point-to-point's (nccl_pairs).
 */
static ncclComm_t nccl_comm(struct dist *d, int device)
{
    if (d->nccl)
        return d->nccl->comm;
    ncclUniqueId id;
    ncclResult_t rc;
    double t0 = emogi_now();
    if (d->rank == 0 && (rc = ncclGetUniqueId(&id)) != ncclSuccess)
        nccl_die(d, "an id for the ranks", rc);
    MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (cudaSetDevice(device) != cudaSuccess) {
        fprintf(stderr, "%s: rank %d: cannot use GPU %d\n", tool_name(), d->rank, device);
        exit(1);
    }
    struct dist_nccl *n = dist_alloc(1, sizeof *n, "NCCL");
    if ((rc = ncclCommInitRank(&n->comm, d->size, id, d->rank)) != ncclSuccess)
        nccl_die(d, "joining the ranks", rc);
    int *one;
    if (cudaMalloc((void **)&one, sizeof *one) != cudaSuccess ||
        cudaMemset(one, 0, sizeof *one) != cudaSuccess)
        cuda_die(d, "a buffer for NCCL's first exchange");
    nccl_wait(d, ncclAllReduce(one, one, 1, ncclInt, ncclSum, n->comm, 0),
              "NCCL's first exchange");
    (void)cudaFree(one);
    nccl_pairs(d, n->comm);
    d->nccl = n;
    d->comm_seconds += emogi_now() - t0;
    return n->comm;
}

void dist_gpu_finish(struct dist *d)
{
    if (!d->nccl)
        return;
    ncclCommDestroy(d->nccl->comm);
    free(d->nccl);
    d->nccl = NULL;
}

/* Each rank's part of DEV broadcast to the others, in one group. */
static void nccl_allgather(struct xchg *x, char *dev, size_t es, unsigned shift)
{
    struct dist *d = x->d;
    ncclComm_t comm = d->nccl->comm;
    ncclResult_t rc = ncclGroupStart();
    for (int r = 0; r < d->size && rc == ncclSuccess; r++) {
        uint64_t first, end;
        part_of(d, r, shift, &first, &end);
        if (end > first)
            rc = ncclBroadcast(dev + first * es, dev + first * es, (end - first) * es, ncclUint8,
                               r, comm, 0);
    }
    nccl_group_wait(d, rc, "an exchange");
}
#else
void dist_gpu_finish(struct dist *d)
{
    (void)d;
}
#endif

/* Ready to exchange arrays of NV entries of at most ES bytes on DEVICE. */
void xchg_open(struct xchg *x, struct dist *d, int device, size_t es, uint64_t nv)
{
    memset(x, 0, sizeof *x);
    x->d = d;
#ifdef HAVE_NCCL
    x->nccl = nccl_wanted(d);
    if (x->nccl) {
        (void)nccl_comm(d, device);
        d->exchange = "nccl";
        return;
    }
#else
    (void)device;
#endif
    x->host = dist_alloc(nv, es, "an exchange");
    d->exchange = "host";
}

void xchg_close(struct xchg *x)
{
    free(x->host);
}

/* DEV, a device array of entries of ES bytes, 2^SHIFT vertices each
 * (part_of), holding this rank's part, gets every rank's. */
void xchg_parts(struct xchg *x, void *dev, size_t es, unsigned shift)
{
    struct dist *d = x->d;
    const double before = d->comm_seconds, t0 = emogi_now();
    uint64_t first, end;
    part_of(d, d->rank, shift, &first, &end);
    const uint64_t all = (d->bound[d->size] + ((uint64_t)1 << shift) - 1) >> shift;
    char *h = x->host, *g = dev;
    emogi_error err;
#ifdef HAVE_NCCL
    if (x->nccl) {
        nccl_allgather(x, g, es, shift);
        d->bytes_sent += (uint64_t)(d->size - 1) * (end - first) * es;
        d->comm_seconds = before + (emogi_now() - t0);
        return;
    }
#endif
    uint64_t *c = dist_alloc(2 * (uint64_t)d->size, sizeof *c, "ranks");
    for (int r = 0; r < d->size; r++) {
        uint64_t f, e;
        part_of(d, r, shift, &f, &e);
        c[r] = e - f;
        c[d->size + r] = f;
    }
    dist_gpu_check(emogi_dgpu_copy(h + first * es, g + first * es, (end - first) * es, 1, &err),
                   &err);
    dist_allgatherv(d, h, es, c, c + d->size); /* counts the bytes sent */
    free(c);
    dist_gpu_check(emogi_dgpu_copy(g, h, first * es, 0, &err), &err);
    dist_gpu_check(emogi_dgpu_copy(g + end * es, h + end * es, (all - end) * es, 0, &err), &err);
    d->comm_seconds = before + (emogi_now() - t0);
}

/* DEV, a device array of nv entries of ES bytes holding this rank's
 * range, gets every rank's. */
void xchg_allgather(struct xchg *x, void *dev, size_t es)
{
    xchg_parts(x, dev, es, 0);
}

/* BYTES of the device array DEV whole, point to point (PEER >= 0: SEND
 * to it, or receive from it) or, PEER < 0, broadcast from rank 0; at most
 * the bytes xchg_open made room for. */
void xchg_whole(struct xchg *x, int peer, int send, void *dev, uint64_t bytes)
{
    struct dist *d = x->d;
    const double before = d->comm_seconds, t0 = emogi_now();
    emogi_error err;
#ifdef HAVE_NCCL
    if (x->nccl) {
        ncclComm_t comm = d->nccl->comm;
        nccl_wait(d,
                  peer < 0 ? ncclBroadcast(dev, dev, bytes, ncclUint8, 0, comm, 0)
                  : send   ? ncclSend(dev, bytes, ncclUint8, peer, comm, 0)
                           : ncclRecv(dev, bytes, ncclUint8, peer, comm, 0),
                  "an exchange");
        d->bytes_sent += peer < 0 ? (d->rank == 0 ? (uint64_t)(d->size - 1) * bytes : 0)
                                  : send ? bytes : 0;
        d->comm_seconds = before + (emogi_now() - t0);
        return;
    }
#endif
    const int out = peer < 0 ? d->rank == 0 : send; /* the host copy leaves this rank */
    if (out)
        dist_gpu_check(emogi_dgpu_copy(x->host, dev, bytes, 1, &err), &err);
    if (peer < 0)
        dist_bcast(d, x->host, bytes);
    else if (send)
        dist_send(d, peer, x->host, bytes);
    else
        dist_recv(d, peer, x->host, bytes);
    if (!out)
        dist_gpu_check(emogi_dgpu_copy(dev, x->host, bytes, 0, &err), &err);
    d->comm_seconds = before + (emogi_now() - t0);
}

struct dist_xchg {
    struct xchg x;
    uint64_t *stage; /* NCCL: size parts of PART words, for one ncclAllGather */
    uint64_t part;
    struct emogi_dbfs_gpu *peers; /* BFS ranks that read each other's arrays */
};

/*
 * BFS ranks on one host read what they need from each other's GPUs
 * (emogi_dist_gpu.h), rather than through NCCL or host buffers, which
 * take a copy, a collective and more copies, each a call the host makes
 * and the GPU waits on, a fixed cost a level whatever the bitmap's size
 * (bench/journal/2026-11-28-bfs-ranks-read-each-other-gpus.md).
 * Every rank or none: a rank that cannot open the others' arrays (no IPC
 * between these processes) leaves them all to NCCL or host buffers.
 * EMOGI_PEERS=0 asks for those instead.
 */
int dist_bfs_peers_open(struct dist *d, struct emogi_dbfs_gpu *s)
{
    const char *e = getenv("EMOGI_PEERS");
    char mine[EMOGI_DBFS_PEER_BYTES];
    emogi_error err;
    const double t0 = emogi_now();
    int ok = !(e && strcmp(e, "0") == 0) && d->size > 1 && host_ranks(d) == d->size;
    if (!dist_all(d, ok && emogi_dbfs_gpu_peer_handle(s, mine, &err) == 0)) {
        d->comm_seconds += emogi_now() - t0;
        return 0;
    }
    char *all = dist_alloc((uint64_t)d->size, sizeof mine, "ranks");
    MPI_Allgather(mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE,
                  MPI_COMM_WORLD);
    ok = emogi_dbfs_gpu_peers_open(s, all, &err) == 0;
    free(all);
    if (dist_all(d, ok)) {
        d->exchange = "peers";
        d->comm_seconds += emogi_now() - t0;
        return 1;
    }
    emogi_dbfs_gpu_peers_close(s);
    d->comm_seconds += emogi_now() - t0;
    return 0;
}

void dist_bfs_peers_close(struct dist *d, struct emogi_dbfs_gpu *s)
{
    double t0 = emogi_now();
    emogi_dbfs_gpu_peers_close(s);
    /* no rank frees what another still has open */
    MPI_Barrier(MPI_COMM_WORLD);
    d->comm_seconds += emogi_now() - t0;
}

#ifdef HAVE_NCCL
/* Every rank's part of B's stage, from its place in the stage to every
 * rank's, on the default stream (not waited for). */
static ncclResult_t stage_gather(struct dist_xchg *b)
{
    struct dist *d = b->x.d;
    return ncclAllGather(b->stage + (uint64_t)d->rank * b->part, b->stage, b->part * 8,
                         ncclUint8, d->nccl->comm, 0);
}
#endif

/* A BFS exchange; one whose ranks read each other's arrays (PEERS)
 * needs nothing more. */
static struct dist_xchg *bfs_xchg(struct dist *d, struct emogi_dbfs_gpu *peers)
{
    struct dist_xchg *b = dist_alloc(1, sizeof *b, "an exchange");
    memset(b, 0, sizeof *b);
    b->x.d = d;
    b->peers = peers;
    return b;
}

struct dist_xchg *dist_xchg_bitmap_open(struct dist *d, int device, struct emogi_dbfs_gpu *peers)
{
    struct dist_xchg *b = bfs_xchg(d, peers);
    if (peers)
        return b;
    xchg_open(&b->x, d, device, sizeof(uint64_t), (d->bound[d->size] + 63) / 64);
#ifdef HAVE_NCCL
    if (b->x.nccl) {
        for (int r = 0; r < d->size; r++) {
            uint64_t first, end;
            part_of(d, r, 6, &first, &end);
            b->part = end - first > b->part ? end - first : b->part;
        }
        /* no room on any rank: the broadcasts, which need none; every
         * rank must take the same way, or they would wait on each other */
        if (cudaMalloc((void **)&b->stage, (size_t)d->size * (b->part ? b->part : 1) * 8) !=
            cudaSuccess) {
            (void)cudaGetLastError();
            b->stage = NULL;
        }
        if (!dist_all(d, b->stage != NULL)) {
            if (b->stage)
                (void)cudaFree(b->stage);
            b->stage = NULL;
        } else {
            /* NCCL may set up what a collective needs at its first
             * call (nccl_comm): paid here, before any timed search */
            nccl_wait(d, stage_gather(b), "a first exchange");
        }
    }
#endif
    return b;
}

#ifdef HAVE_NCCL
/*
 * The bitmap's parts as one ncclAllGather of equal parts through the
 * stage, and copies on the device in and out.  The ranks' parts differ
 * in size, which ncclAllGather does not take; one gather of equal parts
 * costs less than a grouped ncclBroadcast from each rank
 * (bench/journal/2026-11-28-bfs-ranks-the-bitmap-in-one-gather.md).
 */
static void nccl_bitmap(struct dist_xchg *b, uint64_t *dev)
{
    struct dist *d = b->x.d;
    const double before = d->comm_seconds, t0 = emogi_now();
    uint64_t first, end;
    part_of(d, d->rank, 6, &first, &end);
    if (end > first && cudaMemcpyAsync(b->stage + (uint64_t)d->rank * b->part, dev + first,
                                       (end - first) * 8, cudaMemcpyDeviceToDevice,
                                       0) != cudaSuccess)
        cuda_die(d, "staging the frontier bitmap");
    const ncclResult_t rc = stage_gather(b);
    if (rc != ncclSuccess)
        nccl_die(d, "an exchange", rc);
    for (int r = 0; r < d->size; r++) {
        uint64_t f, e;
        part_of(d, r, 6, &f, &e);
        if (r != d->rank && e > f &&
            cudaMemcpyAsync(dev + f, b->stage + (uint64_t)r * b->part, (e - f) * 8,
                            cudaMemcpyDeviceToDevice, 0) != cudaSuccess)
            cuda_die(d, "placing the frontier bitmap");
    }
    /* not waited for: the bottom-up kernels follow on the same stream
     * (nccl_group_queued) */
    d->bytes_sent += (uint64_t)(d->size - 1) * (end - first) * 8;
    d->comm_seconds = before + (emogi_now() - t0);
}
#endif

/* Every rank's published slice into this rank's bitmap (FRESH: the first
 * level of a run, whose slices were published since the last meeting). */
static void peers_bitmap(struct dist_xchg *b, int fresh)
{
    struct dist *d = b->x.d;
    const double t0 = emogi_now();
    emogi_error err;
    if (fresh) {
        dist_gpu_check(emogi_dbfs_gpu_wait(b->peers, &err), &err);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    dist_gpu_check(emogi_dbfs_gpu_gather_front(b->peers, &err), &err);
    /* counted as nccl_bitmap counts it: this rank's words, read by every
     * other */
    uint64_t first, end;
    part_of(d, d->rank, 6, &first, &end);
    d->bytes_sent += (uint64_t)(d->size - 1) * (end - first) * 8;
    d->comm_seconds += emogi_now() - t0;
}

void dist_xchg_bitmap(struct dist_xchg *b, uint64_t *dev, int fresh)
{
    if (b->peers) {
        peers_bitmap(b, fresh);
        return;
    }
#ifdef HAVE_NCCL
    if (b->stage) {
        nccl_bitmap(b, dev);
        return;
    }
#endif
    xchg_parts(&b->x, dev, sizeof *dev, 6);
}

struct dist_xchg *dist_xchg_ids_open(struct dist *d, int device, struct emogi_dbfs_gpu *peers)
{
    struct dist_xchg *b = bfs_xchg(d, peers);
    if (peers)
        return b;
    xchg_open(&b->x, d, device, 1, 1); /* the host path sizes its buffers each level */
    return b;
}

/* The counts, then each sender's ids for this rank claimed from its
 * outbox; the claims' seconds returned, the rest communication. */
static double peers_ids(struct dist_xchg *b, const uint64_t *sc, uint32_t level)
{
    struct dist *d = b->x.d;
    uint64_t *rc = dist_alloc((uint64_t)d->size, sizeof *rc, "ranks");
    emogi_error err;
    const double t0 = emogi_now();
    MPI_Alltoall(sc, 1, MPI_UINT64_T, rc, 1, MPI_UINT64_T, MPI_COMM_WORLD);
    const double c0 = emogi_now();
    dist_gpu_check(emogi_dbfs_gpu_claim_peers(b->peers, rc, level, &err), &err);
    const double claims = emogi_now() - c0;
    for (int r = 0; r < d->size; r++)
        if (r != d->rank)
            d->bytes_sent += sc[r] * emogi_dbfs_gpu_id_bytes(b->peers);
    free(rc);
    d->comm_seconds += c0 - t0;
    return claims;
}

#ifdef HAVE_NCCL
/* Ids a round sends to rank R, ES bytes each: what fits R's inbox beside
 * every other rank's, and no more than dist_chunk (EMOGI_MPI_CHUNK makes
 * tests reach several rounds); every rank computes the same. */
static uint64_t ids_round(const struct dist *d, int r, unsigned es)
{
    const uint64_t peers = d->size > 1 ? (uint64_t)(d->size - 1) : 1;
    uint64_t k = emogi_dbfs_inbox_room(dist_count(d, r), es) / peers;
    k = k < dist_chunk(d) ? k : dist_chunk(d);
    return k ? k : 1;
}

/* The outboxes to their owners device to device, in rounds that fit the
 * owners' inboxes (one, unless a level sends a rank more ids than it has
 * vertices), each round's receipt claimed before the next.  The counts
 * say how many rounds this rank takes part in, none in a level that
 * sends and receives nothing: a round is a wait on the GPU, and an empty
 * one after the last cost every top-down level one more. */
static double nccl_ids(struct xchg *x, struct emogi_dbfs_gpu *s, const uint64_t *sc,
                       uint32_t level)
{
    struct dist *d = x->d;
    const int size = d->size, me = d->rank;
    const unsigned es = emogi_dbfs_gpu_id_bytes(s);
    ncclComm_t comm = d->nccl->comm;
    uint64_t *rc = dist_alloc(2 * (uint64_t)size, sizeof *rc, "ranks"), *got = rc + size;
    double t0 = emogi_now(), claims = 0;
    MPI_Alltoall(sc, 1, MPI_UINT64_T, rc, 1, MPI_UINT64_T, MPI_COMM_WORLD);
    uint64_t room;
    char *in = emogi_dbfs_gpu_inbox(s, &room);
    const uint64_t mine = ids_round(d, me, es);
    uint64_t rounds = 0;
    for (int r = 0; r < size; r++) {
        if (r == me)
            continue;
        const uint64_t ch = ids_round(d, r, es), sends = (sc[r] + ch - 1) / ch,
                       recvs = (rc[r] + mine - 1) / mine;
        rounds = sends > rounds ? sends : rounds;
        rounds = recvs > rounds ? recvs : rounds;
    }
    emogi_error err;
    for (uint64_t k = 0; k < rounds; k++) {
        ncclResult_t r_ = ncclGroupStart();
        for (int r = 0; r < size && r_ == ncclSuccess; r++) {
            got[r] = 0;
            if (r == me)
                continue;
            const uint64_t ch = ids_round(d, r, es), at = k * ch;
            if (sc[r] > at) {
                const uint64_t m = sc[r] - at < ch ? sc[r] - at : ch;
                r_ = ncclSend((const char *)emogi_dbfs_gpu_outbox(s, r) + at * es, m * es,
                              ncclUint8, r, comm, 0);
                d->bytes_sent += m * es;
            }
            if (r_ == ncclSuccess && rc[r] > k * mine) {
                got[r] = rc[r] - k * mine < mine ? rc[r] - k * mine : mine;
                r_ = ncclRecv(in + (uint64_t)(r < me ? r : r - 1) * mine * es, got[r] * es,
                              ncclUint8, r, comm, 0);
            }
        }
        nccl_group_queued(d, r_, "sending ids");
        const double c0 = emogi_now();
        for (int r = 0; r < size; r++) /* on the exchange's stream: done before the next */
            if (got[r])
                dist_gpu_check(emogi_dbfs_gpu_claim(s, in + (uint64_t)(r < me ? r : r - 1) *
                                                                mine * es,
                                                    got[r], 0, level, &err),
                               &err);
        claims += emogi_now() - c0;
    }
    free(rc);
    d->comm_seconds += emogi_now() - t0 - claims;
    return claims;
}
#endif

double dist_xchg_bfs_ids(struct dist_xchg *b, struct emogi_dbfs_gpu *s, const uint64_t *sent,
                         uint32_t level)
{
    struct dist *d = b->x.d;
    if (b->peers)
        return peers_ids(b, sent, level);
#ifdef HAVE_NCCL
    if (b->x.nccl)
        return nccl_ids(&b->x, s, sent, level);
#endif
    const double before = d->comm_seconds, t0 = emogi_now();
    const unsigned es = emogi_dbfs_gpu_id_bytes(s);
    emogi_error err;
    uint64_t ns = 0, total;
    for (int r = 0; r < d->size; r++)
        ns += sent[r];
    char *send = dist_alloc(ns, es, "ids to send");
    for (uint64_t r = 0, at = 0; r < (uint64_t)d->size; at += sent[r++])
        dist_gpu_check(emogi_dgpu_copy(send + at * es, emogi_dbfs_gpu_outbox(s, (int)r),
                                       sent[r] * es, 1, &err),
                       &err);
    void *recv = dist_alltoallv(d, send, sent, es, &total); /* counts the bytes sent */
    free(send);
    const double c0 = emogi_now();
    dist_gpu_check(emogi_dbfs_gpu_claim(s, recv, total, 1, level, &err), &err);
    const double claims = emogi_now() - c0;
    free(recv);
    d->comm_seconds = before + (emogi_now() - t0 - claims);
    return claims;
}

void dist_xchg_close(struct dist_xchg *b)
{
    if (!b)
        return;
#ifdef HAVE_NCCL
    if (b->stage)
        (void)cudaFree(b->stage);
#endif
    xchg_close(&b->x);
    free(b);
}

int dist_gpu_opened(struct dist *d, int ok, const emogi_error *mine, emogi_error *err)
{
    if (dist_all(d, ok))
        return 0;
    if (ok)
        return emogi_fail(err, "another rank's GPU failed");
    *err = *mine;
    return -1;
}
