/*
 * runtime.c - starting MPI, the partition, a GPU rank's placement and
 * the collectives the ranks share (dist.h, ranks.h); MPI builds only
 * (none.c stands in without MPI).
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

#include "ranks.h"

/* Every vertex's in-list length (emogi_length_classes) by the whole
 * graph's ids: this rank's range from its own lists, the others' from
 * theirs, a byte a vertex gathered from every rank, so that the first
 * ids of a range rank the neighbours outside it as one GPU ranks them.
 * Ranked by the range's own lists (numbered from the range's start, so
 * right only on rank 0), four ranks of kron 27 gained 1.06x from the
 * rule where one GPU gained 1.47x, and rank 0 ended its bottom-up level
 * 1.4-1.5x sooner than the other three
 * (bench/journal/2026-11-27-the-kept-ids-on-gpu-ranks.md).  NULL where the
 * graph has no in-lists (directed, no transpose).  Load time, so kept out
 * of --stats' exchange figures. */
static unsigned char *in_classes(struct dist *d, const struct emogi_graph *g)
{
    const int directed = (g->flags & EMOGI_DIRECTED) != 0;
    const uint64_t *off = directed ? g->t_offsets : g->offsets;
    if (!off)
        return NULL;
    unsigned char *all = dist_alloc(d->whole->nv, 1, "list lengths");
    emogi_length_classes(off + (d->lo - d->first), d->hi - d->lo, all + d->lo);
    const double comm = d->comm_seconds;
    const uint64_t sent = d->bytes_sent;
    dist_allgather(d, all + d->lo, 1, all);
    d->comm_seconds = comm, d->bytes_sent = sent;
    return all;
}

void dist_place(struct dist *d, const struct emogi_graph *g, struct dist_placer *p,
                uint64_t state_bytes, struct emogi_range *r, struct dist_gpu *gpu)
{
    emogi_error err = {{0}};
    int n = emogi_gpu_count(&err);
    unsigned char *cls = n > 0 && p->firsts ? in_classes(d, g) : NULL;
    /* the mapped graph's own ids of this rank's range (a part file's: all) */
    if (n <= 0 || emogi_range_open(g, d->lo - d->first, d->hi - d->first, r, &err) < 0 ||
        p->place(p, &r->g, d->local_rank % n, cls, cls ? d->whole->nv : 0, state_bytes, gpu,
                 &err) < 0) {
        fprintf(stderr, "%s: rank %d: %s%s\n", tool_name(), d->rank,
                n <= 0 ? "a GPU was requested but none is usable: " : "", err.msg);
        exit(1);
    }
    free(cls); /* the first ids are in device memory now */
}

void dist_unplace(struct dist_placer *p, struct emogi_range *r)
{
    p->unplace(p);
    emogi_range_close(r);
}

void *dist_alloc(uint64_t n, size_t size, const char *what)
{
    void *p = n <= SIZE_MAX / size ? malloc((n ? n : 1) * size) : NULL;
    if (!p) {
        fprintf(stderr, "%s: out of memory for %llu %s\n", tool_name(), (unsigned long long)n,
                what);
        exit(1);
    }
    return p;
}


/* Entries one MPI call moves per pair of ranks at most: INT_MAX (MPI
 * counts are int), or EMOGI_MPI_CHUNK's, so that tests can run the
 * pieced exchanges below on small graphs. */
static uint64_t chunk = INT32_MAX;

/* Stop the job: a rank that cannot go on takes the others with it. */
static _Noreturn void mpi_failed(const char *what, int code)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(code, msg, &len);
    fprintf(stderr, "%s: MPI: %s: %.*s\n", tool_name(), what, len, msg);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}

#define CHECK(what, call)                                                                  \
    do {                                                                                   \
        int rc_ = (call);                                                                  \
        if (rc_ != MPI_SUCCESS)                                                            \
            mpi_failed(what, rc_);                                                         \
    } while (0)

/*
 * A warning where mpirun's binding starves rank 0's OpenMP threads, as
 * it does by default: Open MPI binds each rank to one core where it
 * starts two or fewer, and a bound `mpirun -np 1` then runs an order of
 * magnitude slower than unbound
 * (bench/journal/2026-11-29-cpu-ranks-cc-the-sampling-as-one-process.md).
 * Warned of: threads that outnumber the rank's CPUs, or, where
 * OMP_NUM_THREADS is unset (OpenMP then runs a thread a CPU of the
 * binding), CPUs fewer than the rank's share of its launcher's (the
 * parent process, unbound: mpirun or its daemon; a container's limit
 * is the launcher's too), shared by LOCAL ranks.  Rank 0 looks at
 * its own: launchers bind every rank alike.
 */
static void binding_warning(int local)
{
#if defined(__linux__) && defined(_OPENMP)
    cpu_set_t set, up;
    if (local < 1 || sched_getaffinity(0, sizeof set, &set) != 0 ||
        sched_getaffinity(getppid(), sizeof up, &up) != 0)
        return;
    const int mine = CPU_COUNT(&set), launcher = CPU_COUNT(&up), threads = omp_get_max_threads();
    const int share = launcher / local > 1 ? launcher / local : 1;
    const char *t = getenv("OMP_NUM_THREADS");
    if (threads > mine)
        fprintf(stderr, "%s: warning: rank 0's %d OpenMP threads share the %d CPU%s it is bound to",
                tool_name(), threads, mine, mine == 1 ? "" : "s");
    else if ((!t || !*t) && mine < share)
        fprintf(stderr, "%s: warning: mpirun bound rank 0 to %d of its %d CPUs", tool_name(),
                mine, launcher);
    else
        return;
    if (mine >= share) /* its share already: fewer threads */
        fprintf(stderr, "; set OMP_NUM_THREADS=%d\n", mine);
    else
        fprintf(stderr, "; run mpirun --bind-to none, or give each rank %d (Open MPI: "
                        "--map-by slot:PE=%d)\n",
                share, share);
#else
    (void)local;
#endif
}

/* The ranks' one vote before rank 0 renames the outputs (array.h:
 * tool_outputs_vote): back where every rank's are complete, else every
 * rank leaves with the first failed rank's message, exit 1, and the held
 * temporaries go at exit. */
static void vote_outputs(void *ctx, int ok, const emogi_error *err)
{
    dist_fail_together(ctx, ok, NULL, err);
}

void dist_start(int *argc, char ***argv, long world, struct dist *d)
{
    memset(d, 0, sizeof *d);
    d->size = 1;
    const long n = world;
    if (n <= 1) {
        if (n == 1) /* mpirun -np 1: the single-process tool, bound all the same */
            binding_warning(1);
        return;
    }
    const char *c = getenv("EMOGI_MPI_CHUNK");
    if (c && strtoull(c, NULL, 10) > 0 && strtoull(c, NULL, 10) < INT32_MAX)
        chunk = strtoull(c, NULL, 10);
    int provided;
    CHECK("init", MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided));
    /* errors come back as codes, so a message names the call */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &d->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &d->size);
    MPI_Comm host;
    CHECK("split by host",
          MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, d->rank, MPI_INFO_NULL, &host));
    MPI_Comm_rank(host, &d->local_rank);
    int local;
    MPI_Comm_size(host, &local);
    MPI_Comm_free(&host);
    if (d->rank == 0)
        binding_warning(local);
    d->on = d->size > 1;
    if (!d->on) { /* an mpirun of one: the single-process tool */
        MPI_Finalize();
        d->rank = 0;
        return;
    }
    /* Every output of the run (each dist_write, the --stats-file) is held
     * under its temporary name until the ranks agree at the end
     * (tool_run_finish): a side output failing on any rank leaves every
     * old output as it was. */
    tool_outputs_hold();
    tool_outputs_vote(vote_outputs, d);
}

void dist_partition(struct dist *d, const struct emogi_graph *g, uint64_t align)
{
    if (d->parts) /* the parts' ranges (dist_open_graph) */
        return;
    if (!(d->bound = malloc((size_t)(d->size + 1) * sizeof *d->bound))) {
        fprintf(stderr, "%s: out of memory for %d ranks\n", tool_name(), d->size);
        exit(1);
    }
    const uint64_t nv = g->nv, total = g->ne + nv;
    d->bound[0] = 0;
    for (int r = 1; r < d->size; r++) {
        /* the first v with offsets[v] + v >= total * r / size */
        long double want = (long double)total * r / d->size;
        uint64_t a = d->bound[r - 1], b = nv;
        while (a < b) {
            uint64_t m = a + (b - a) / 2;
            if ((long double)(g->offsets[m] + m) < want)
                a = m + 1;
            else
                b = m;
        }
        uint64_t v = (a + align / 2) & ~(align - 1);
        d->bound[r] = v < d->bound[r - 1] ? d->bound[r - 1] : v > nv ? nv : v;
    }
    d->bound[d->size] = nv;
    d->lo = d->bound[d->rank];
    d->hi = d->bound[d->rank + 1];
    dist_check_lists(d, g, d->lo, d->hi);
}

void dist_fail_together(struct dist *d, int ok, const char *name, const emogi_error *err)
{
    int mine = ok ? d->size : d->rank, first;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == d->size)
        return;
    if (d->rank == first) {
        if (name)
            fprintf(stderr, "%s: %s: %s\n", tool_name(), name, err->msg);
        else
            fprintf(stderr, "%s: %s\n", tool_name(), err->msg);
    }
    MPI_Finalize();
    exit(1);
}

void dist_check_lists(struct dist *d, const struct emogi_graph *g, uint64_t lo, uint64_t hi)
{
    if (!d->lists_unchecked)
        return;
    emogi_error err = {{0}};
    int ok = emogi_csr_check_range(g, lo, hi, &err) == 0;
    dist_fail_together(d, ok, NULL, &err);
    if (lo == 0 && hi == g->nv)
        d->lists_unchecked = 0;
}

int dist_owner(const struct dist *d, uint64_t v)
{
    int a = 0, b = d->size - 1; /* the last r with bound[r] <= v */
    while (a < b) {
        int m = (a + b + 1) / 2;
        if (d->bound[m] <= v)
            a = m;
        else
            b = m - 1;
    }
    return a;
}

int dist_wide_ids(void)
{
    const char *wide = getenv("EMOGI_MPI_WIDE_IDS");
    return wide && *wide;
}

uint64_t dist_chunk(const struct dist *d)
{
    uint64_t per_pair = (uint64_t)INT32_MAX / (uint64_t)d->size; /* displacements fit too */
    return chunk < per_pair ? chunk : per_pair;
}

void dist_allgatherv(struct dist *d, void *full, size_t es, const uint64_t *count,
                     const uint64_t *displ)
{
    const uint64_t lim = dist_chunk(d);
    int *c = dist_alloc(2 * (uint64_t)d->size, sizeof *c, "ranks");
    int fits = 1;
    for (int r = 0; r < d->size; r++) {
        fits &= count[r] <= lim && displ[r] <= lim * (uint64_t)d->size;
        c[r] = (int)count[r];
        c[d->size + r] = (int)displ[r];
    }
    double t0 = emogi_now();
    MPI_Datatype t;
    MPI_Type_contiguous((int)es, MPI_BYTE, &t);
    MPI_Type_commit(&t);
    if (fits) { /* every rank computes the same: the counts are everyone's */
        CHECK("allgatherv", MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, full, c,
                                           c + d->size, t, MPI_COMM_WORLD));
    } else { /* each rank's part broadcast in pieces */
        for (int r = 0; r < d->size; r++)
            for (uint64_t at = 0; at < count[r]; at += lim) {
                uint64_t n = count[r] - at < lim ? count[r] - at : lim;
                CHECK("broadcast", MPI_Bcast((char *)full + (displ[r] + at) * es, (int)n, t, r,
                                             MPI_COMM_WORLD));
            }
    }
    d->comm_seconds += emogi_now() - t0;
    d->bytes_sent += (uint64_t)(d->size - 1) * count[d->rank] * es;
    MPI_Type_free(&t);
    free(c);
}

void dist_allgather(struct dist *d, const void *local, size_t es, void *full)
{
    uint64_t *c = dist_alloc(2 * (uint64_t)d->size, sizeof *c, "ranks");
    for (int r = 0; r < d->size; r++) {
        c[r] = dist_count(d, r);
        c[d->size + r] = d->bound[r];
    }
    char *mine = (char *)full + d->lo * es;
    if (mine != (const char *)local)
        memmove(mine, local, (d->hi - d->lo) * es);
    dist_allgatherv(d, full, es, c, c + d->size);
    free(c);
}

/* Rounds of MPI_Alltoallv, each moving at most LIM entries per pair
 * through packed buffers; SD, RD: where each rank's entries start. */
static void alltoallv_rounds(struct dist *d, const char *send, const uint64_t *sc,
                             const uint64_t *sd, char *recv, const uint64_t *rc,
                             const uint64_t *rd, MPI_Datatype t, size_t es, uint64_t lim,
                             uint64_t rounds)
{
    const int size = d->size;
    int *c = dist_alloc(4 * (uint64_t)size, sizeof *c, "ranks");
    char *sbuf = dist_alloc((uint64_t)size * lim, es, "an exchange");
    char *rbuf = dist_alloc((uint64_t)size * lim, es, "an exchange");
    for (uint64_t k = 0, at = 0; k < rounds; k++, at += lim) {
        int ns = 0, nr = 0;
        for (int r = 0; r < size; r++) {
            uint64_t s = sc[r] > at ? sc[r] - at : 0, v = rc[r] > at ? rc[r] - at : 0;
            c[r] = (int)(s < lim ? s : lim);
            c[size + r] = ns;
            memcpy(sbuf + (uint64_t)ns * es, send + (sd[r] + at) * es, (size_t)c[r] * es);
            ns += c[r];
            c[2 * size + r] = (int)(v < lim ? v : lim);
            c[3 * size + r] = nr;
            nr += c[2 * size + r];
        }
        CHECK("alltoallv", MPI_Alltoallv(sbuf, c, c + size, t, rbuf, c + 2 * size, c + 3 * size,
                                         t, MPI_COMM_WORLD));
        for (int r = 0; r < size; r++)
            memcpy(recv + (rd[r] + at) * es, rbuf + (uint64_t)c[3 * size + r] * es,
                   (size_t)c[2 * size + r] * es);
    }
    free(rbuf);
    free(sbuf);
    free(c);
}

void *dist_alltoallv(struct dist *d, const void *send, const uint64_t *scount, size_t es,
                     uint64_t *n)
{
    const int size = d->size;
    const uint64_t lim = dist_chunk(d);
    uint64_t *c = dist_alloc(4 * (uint64_t)size, sizeof *c, "ranks");
    uint64_t *sd = c + size, *rc = c + 2 * size, *rd = c + 3 * size, most = 0, rounds;
    double t0 = emogi_now();
    memcpy(c, scount, (size_t)size * sizeof *c);
    CHECK("alltoall", MPI_Alltoall(c, 1, MPI_UINT64_T, rc, 1, MPI_UINT64_T, MPI_COMM_WORLD));
    uint64_t ns = 0, nr = 0;
    for (int r = 0; r < size; r++) {
        sd[r] = ns;
        rd[r] = nr;
        ns += c[r];
        nr += rc[r];
        most = c[r] > most ? c[r] : most;
        most = rc[r] > most ? rc[r] : most;
    }
    rounds = most ? (most + lim - 1) / lim : 1;
    CHECK("allreduce",
          MPI_Allreduce(MPI_IN_PLACE, &rounds, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD));
    char *recv = dist_alloc(nr, es, "an exchange");
    MPI_Datatype t;
    MPI_Type_contiguous((int)es, MPI_BYTE, &t);
    MPI_Type_commit(&t);
    if (rounds == 1) { /* counts under LIM, so their sums under INT_MAX */
        int *ic = dist_alloc(4 * (uint64_t)size, sizeof *ic, "ranks");
        for (int i = 0; i < 4 * size; i++)
            ic[i] = (int)c[i];
        CHECK("alltoallv", MPI_Alltoallv(send, ic, ic + size, t, recv, ic + 2 * size,
                                         ic + 3 * size, t, MPI_COMM_WORLD));
        free(ic);
    } else {
        alltoallv_rounds(d, send, c, sd, recv, rc, rd, t, es, lim, rounds);
    }
    MPI_Type_free(&t);
    d->comm_seconds += emogi_now() - t0;
    d->bytes_sent += (ns - c[d->rank]) * es;
    free(c);
    *n = nr;
    return recv;
}

void dist_min_scatter_u64(struct dist *d, const uint64_t *all, uint64_t *mine)
{
    const uint64_t lim = dist_chunk(d);
    int fits = 1, *c = dist_alloc((uint64_t)d->size, sizeof *c, "ranks");
    for (int r = 0; r < d->size; r++) {
        fits &= dist_count(d, r) <= lim;
        c[r] = (int)dist_count(d, r);
    }
    double t0 = emogi_now();
    if (fits) {
        CHECK("reduce-scatter", MPI_Reduce_scatter(all, mine, c, MPI_UINT64_T, MPI_MIN,
                                                   MPI_COMM_WORLD));
    } else { /* each rank's range reduced to it in pieces */
        for (int r = 0; r < d->size; r++)
            for (uint64_t at = 0; at < dist_count(d, r); at += lim) {
                uint64_t n = dist_count(d, r) - at < lim ? dist_count(d, r) - at : lim;
                CHECK("reduce", MPI_Reduce(all + d->bound[r] + at, mine + at, (int)n,
                                           MPI_UINT64_T, MPI_MIN, r, MPI_COMM_WORLD));
            }
    }
    d->comm_seconds += emogi_now() - t0;
    d->bytes_sent += (d->bound[d->size] - (d->hi - d->lo)) * sizeof *all;
    free(c);
}

#define PIECE (1u << 26) /* bytes a message carries at most */

void dist_send(struct dist *d, int to, const void *buf, uint64_t bytes)
{
    double t0 = emogi_now();
    const char *p = buf;
    d->bytes_sent += bytes;
    for (uint64_t n; bytes > 0; p += n, bytes -= n) {
        n = PIECE < bytes ? PIECE : bytes;
        CHECK("send", MPI_Send(p, (int)n, MPI_BYTE, to, 7, MPI_COMM_WORLD));
    }
    d->comm_seconds += emogi_now() - t0;
}

void dist_recv(struct dist *d, int from, void *buf, uint64_t bytes)
{
    double t0 = emogi_now();
    char *p = buf;
    for (uint64_t n; bytes > 0; p += n, bytes -= n) {
        n = PIECE < bytes ? PIECE : bytes;
        CHECK("receive", MPI_Recv(p, (int)n, MPI_BYTE, from, 7, MPI_COMM_WORLD,
                                  MPI_STATUS_IGNORE));
    }
    d->comm_seconds += emogi_now() - t0;
}

void dist_bcast(struct dist *d, void *buf, uint64_t bytes)
{
    double t0 = emogi_now();
    char *p = buf;
    if (d->rank == 0)
        d->bytes_sent += bytes * (uint64_t)(d->size - 1);
    for (uint64_t n; bytes > 0; p += n, bytes -= n) {
        n = PIECE < bytes ? PIECE : bytes;
        CHECK("broadcast", MPI_Bcast(p, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD));
    }
    d->comm_seconds += emogi_now() - t0;
}

void dist_gather(struct dist *d, const void *local, size_t es, void *full)
{
    if (d->rank != 0) {
        dist_send(d, 0, local, (d->hi - d->lo) * es);
        return;
    }
    memmove((char *)full + d->lo * es, local, (d->hi - d->lo) * es);
    for (int r = 1; r < d->size; r++)
        dist_recv(d, r, (char *)full + d->bound[r] * es, dist_count(d, r) * es);
}

uint64_t dist_sum_u64(struct dist *d, uint64_t x)
{
    uint64_t sum;
    double t0 = emogi_now();
    CHECK("allreduce", MPI_Allreduce(&x, &sum, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD));
    d->comm_seconds += emogi_now() - t0;
    return sum;
}

double dist_max_real(struct dist *d, double x)
{
    double max;
    double t0 = emogi_now();
    CHECK("allreduce", MPI_Allreduce(&x, &max, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD));
    d->comm_seconds += emogi_now() - t0;
    return max;
}

int dist_all(struct dist *d, int ok)
{
    int all;
    double t0 = emogi_now();
    CHECK("allreduce", MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD));
    d->comm_seconds += emogi_now() - t0;
    return all;
}

/* One rank's figures, as gathered to rank 0. */
struct rank_figures {
    double seconds, comm_seconds;
    uint64_t bytes_sent, link_bytes, lo, hi;
};

static void record_figures(const struct rank_figures *f)
{
    tool_record_real("seconds", "%.6f", f->seconds);
    tool_record_real("compute_seconds", "%.6f",
                     f->seconds > f->comm_seconds ? f->seconds - f->comm_seconds : 0.0);
    tool_record_real("comm_seconds", "%.6f", f->comm_seconds);
    tool_record_u64("bytes_sent", f->bytes_sent);
    tool_record_u64("link_bytes", f->link_bytes);
}

void dist_report(struct dist *d, double seconds, uint64_t link)
{
    struct rank_figures mine = {seconds, d->comm_seconds, d->bytes_sent, link, d->lo, d->hi};
    struct rank_figures *all = d->rank == 0 ? malloc((size_t)d->size * sizeof *all) : NULL;
    if (d->rank == 0 && !all) {
        fprintf(stderr, "%s: out of memory for --stats\n", tool_name());
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    CHECK("gather", MPI_Gather(&mine, sizeof mine, MPI_BYTE, all, sizeof mine, MPI_BYTE, 0,
                               MPI_COMM_WORLD));
    if (d->rank != 0)
        return;
    struct rank_figures sum = {0};
    double compute = 0;
    for (int r = 0; r < d->size; r++) {
        tool_record_begin("rank", NULL); /* "TOOL: rank=R ...", the key its own word */
        tool_record_u64("rank", (uint64_t)r);
        tool_record_u64("first_vertex", all[r].lo);
        tool_record_u64("vertices", all[r].hi - all[r].lo);
        record_figures(&all[r]);
        tool_record_end();
        sum.seconds = all[r].seconds > sum.seconds ? all[r].seconds : sum.seconds;
        sum.comm_seconds += all[r].comm_seconds;
        compute += all[r].seconds > all[r].comm_seconds ? all[r].seconds - all[r].comm_seconds : 0;
        sum.bytes_sent += all[r].bytes_sent;
        sum.link_bytes += all[r].link_bytes;
    }
    /* seconds: the slowest rank's (the job's); the rest summed */
    tool_record_begin("ranks", "ranks");
    tool_record_u64("ranks", (uint64_t)d->size);
    tool_record_real("seconds", "%.6f", sum.seconds);
    tool_record_real("compute_seconds", "%.6f", compute);
    tool_record_real("comm_seconds", "%.6f", sum.comm_seconds);
    tool_record_u64("bytes_sent", sum.bytes_sent);
    tool_record_u64("link_bytes", sum.link_bytes);
    if (d->exchange)
        tool_record_str("exchange", d->exchange);
    tool_record_end();
    free(all);
}

/* ---- the result file ---- */

/* Leave the job after a failed write: every rank gets here together. */
static _Noreturn void write_failed(struct dist *d)
{
    dist_finish(d);
    exit(1);
}

/* All of BUF at OFFSET of FD; 0, or -1 and errno. */
static int pwrite_all(int fd, const char *buf, uint64_t len, uint64_t offset)
{
    while (len > 0) {
        ssize_t w = pwrite(fd, buf, len < (1u << 30) ? len : (1u << 30), (off_t)offset);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        buf += w, len -= (uint64_t)w, offset += (uint64_t)w;
    }
    return 0;
}

/* Rank 0 opens a named temporary (header written, size set) and every
 * rank learns its name; NULL (on every rank) when rank 0 failed. */
static char *open_shared(struct dist *d, const char *path, const char *head, size_t head_len,
                         uint64_t bytes, struct emogi_atomic *f)
{
    emogi_error err;
    uint64_t len = 0;
    char *name = NULL;
    if (d->rank == 0) {
        int ok = emogi_atomic_open_named(f, path, &err) == 0 &&
                 (head_len == 0 || emogi_write_all(f, head, head_len, &err) == 0);
        if (ok && ftruncate(f->fd, (off_t)(head_len + bytes)) < 0)
            ok = 0, emogi_fail(&err, "%s: cannot make it %llu bytes: %s", path,
                               (unsigned long long)(head_len + bytes), strerror(errno));
        if (!ok) {
            if (f->path)
                emogi_atomic_abort(f);
            fprintf(stderr, "%s: %s\n", tool_name(), err.msg);
        } else {
            name = f->tmp_path;
            len = strlen(name) + 1;
        }
    }
    CHECK("broadcast", MPI_Bcast(&len, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD));
    if (len == 0)
        return NULL;
    if (d->rank != 0)
        name = dist_alloc(len, 1, "a file name");
    CHECK("broadcast", MPI_Bcast(name, (int)len, MPI_CHAR, 0, MPI_COMM_WORLD));
    return name;
}

/* This rank's part at its offset of the temporary NAME (rank 0: F's). */
static int write_part(struct dist *d, const char *path, const char *name, struct emogi_atomic *f,
                      const void *local, size_t es, size_t head_len)
{
    int fd = d->rank == 0 ? f->fd : open(name, O_WRONLY | O_CLOEXEC);
    int ok = fd >= 0 && pwrite_all(fd, local, (d->hi - d->lo) * es, head_len + d->lo * es) == 0;
    /* the other ranks' writes reach the file (a shared file system)
     * before rank 0 renames it */
    if (ok && d->rank != 0)
        ok = fsync(fd) == 0;
    if (!ok)
        fprintf(stderr, "%s: %s: rank %d could not write its part: %s\n", tool_name(), path,
                d->rank, strerror(errno));
    if (fd >= 0 && d->rank != 0 && close(fd) < 0 && ok) {
        fprintf(stderr, "%s: %s: rank %d: close failed: %s\n", tool_name(), path, d->rank,
                strerror(errno));
        ok = 0;
    }
    return ok;
}

/* Every rank's part at its offset of one temporary, committed by rank 0
 * when all succeeded (held: renamed with the run's other outputs). */
static void write_positioned(struct dist *d, const char *path, const void *local, size_t es,
                             const char *head, size_t head_len, uint64_t nv)
{
    struct emogi_atomic f;
    emogi_error err;
    char *name = open_shared(d, path, head, head_len, nv * es, &f);
    if (!name)
        write_failed(d);
    int ok = dist_all(d, write_part(d, path, name, &f, local, es, head_len));
    if (d->rank != 0)
        free(name);
    if (d->rank == 0 && !ok)
        emogi_atomic_abort(&f);
    if (d->rank == 0 && ok && emogi_atomic_commit(&f, &err) < 0) {
        fprintf(stderr, "%s: %s\n", tool_name(), err.msg);
        ok = 0;
    }
    if (!dist_all(d, ok))
        write_failed(d);
}

void dist_write(struct dist *d, const char *path, const void *local, enum tool_elem type,
                uint64_t nv, enum tool_format format, const struct emogi_graph *ids,
                int value_is_id)
{
    const size_t es = tool_elem_size(type);
    char head[TOOL_HEADER_MAX];
    size_t head_len = tool_array_header(path, &format, type, nv, head);
    int positioned = d->rank == 0 && format != TOOL_FORMAT_TEXT && !emogi_output_is_direct(path);
    CHECK("broadcast", MPI_Bcast(&positioned, 1, MPI_INT, 0, MPI_COMM_WORLD));
    if (positioned) {
        write_positioned(d, path, local, es, head, head_len, nv);
        return;
    }
    /* text, standard output, a FIFO, a device: written in order by rank 0 */
    void *full = d->rank == 0 ? dist_alloc(nv, es, "results") : NULL;
    dist_gather(d, local, es, full);
    emogi_error err;
    int ok = d->rank != 0 ||
             tool_write_array_ids(path, full, type, nv, format, ids, value_is_id, &err) == 0;
    if (!ok)
        fprintf(stderr, "%s: %s\n", tool_name(), err.msg);
    free(full);
    if (!dist_all(d, ok))
        write_failed(d);
}

void dist_finish(struct dist *d)
{
    if (d->rank != 0) /* rank 0 writes the records */
        tool_stats_discard();
    dist_gpu_finish(d);
    if (d->on)
        MPI_Finalize();
    free(d->bound);
    d->bound = NULL;
    free((void *)d->skel.offsets);
    free((void *)d->skel.t_offsets);
    free((void *)d->skel.idmap);
    memset(&d->skel, 0, sizeof d->skel);
}
