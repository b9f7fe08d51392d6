/*
 * bfs.c - breadth-first search over MPI ranks (CPU ranks, OpenMP
 * inside each).
 *
 * The 1D-partitioned direction-optimizing search of A. Buluç and K.
 * Madduri, "Parallel Breadth-First Search on Distributed Memory Systems"
 * (SC 2011), with the direction switch of S. Beamer, K. Asanović and D.
 * Patterson, "Direction-Optimizing Breadth-First Search" (SC 2012) taken
 * from global counts, with the same thresholds and rule as the
 * single-process search (kernels/cpu/bfs.c), so both run the same levels
 * in the same direction.  Each rank owns a contiguous range of vertices
 * (dist_partition) and their depths.
 *
 * The first level needs no exchange: the source's owner broadcasts the
 * source's list, and each rank takes its own vertices of it
 * (dbfs_first_level).
 * Top-down: owners expand their frontier vertices; a neighbour owned by
 * the rank is claimed at once, any other is sent to its owner, once per
 * search (a bitmap of ids already sent), with one MPI_Alltoallv per
 * level, as 4-byte offsets into the owner's range wherever every range
 * holds at most 2^32 vertices (dbfs_narrow_ids).  The exchange is sparse
 * because a top-down frontier is small: sending the discovered ids moves
 * at most one id per vertex per search, where any dense form would move
 * nv bits every level.
 * Bottom-up: every rank scans its unvisited vertices' in-lists against
 * the global frontier bitmap, assembled with MPI_Allgatherv from each
 * rank's slice (bit i for its vertex lo + i: in place when every range
 * starts on a word, as dist_partition's do; a part file's range need
 * not, and its slice is then shifted into place after the exchange):
 * the frontier is large in these levels, and nv/8 bytes
 * is less than its ids would be (a frontier over 1/32 of the vertices,
 * 4-byte ids; 1/64 with 8-byte ids).
 *
 * A GPU rank (dist_place; kernels/cuda/dist_bfs.cu) runs the same levels
 * with its range's lists placed on its GPU and its depths and frontier
 * kept there: a top-down level leaves the ids to send on the GPU,
 * grouped by owner, and the owners read them from there where every
 * rank runs on one host (dist_bfs_peers_open), else they travel device
 * to device through NCCL where every rank has a GPU of its own, else
 * through host buffers as above (dist_xchg_bfs_ids); the ids received
 * are claimed on the GPU, and the host sees only counts.  A bottom-up
 * level reads the global frontier bitmap on the GPU.  When every range starts on a word the bitmap is
 * assembled there for every bottom-up level, the first included: the GPU
 * places its frontier in its own words and the others arrive by a
 * device-array exchange (exchange_gpu.c: read from the other GPUs, NCCL, or
 * host buffers); the
 * last level's slice becomes the GPU's frontier there.  Otherwise each
 * level's bitmap is assembled on the host as above and copied over.  The
 * direction rule's counts come from the GPUs, summed on the host.
 *
 * Every frontier bitmap a rank sees marks its vertices as sent (the GPU's
 * seen bitmap alike), since they all have depths: the top-down levels
 * after bottom-up ones then send only ids that may be new, not nearly
 * every remote neighbour of their frontier.
 *
 * Host loops run on OpenMP threads, at most GPU_HOST_THREADS in a GPU
 * rank (dbfs_host_threads says why).  EMOGI_TRACE_LEVELS prints rank 0's time
 * per level, split into GPU calls, exchanges and the rest, and every
 * rank's GPU and exchange seconds (emogi(7)); NCCL's transfers are not
 * waited for apart (exchange_gpu.c), so their time shows in the GPU call
 * after them.
 *
 * Depths are unique, so the result is the single-process array whatever
 * the partition.  Parents (dist_bfs_parents) follow emogi_bfs_parents'
 * canonical rule, the smallest in-neighbour one level up: every rank
 * proposes its vertices to their out-neighbours one level down in an
 * array of all vertices, and MPI_Reduce_scatter with MPI_MIN hands each
 * owner its range; that costs nv depths and nv parents on every rank.
 */
#include "config.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "bfs.h"

/* The level's start, for its trace line. */
void dbfs_level_start(struct dbfs *b)
{
    if (!b->trace)
        return;
    b->mark = emogi_now();
    b->comm_mark = b->d->comm_seconds;
    b->gpu_mark = b->gpu_seconds;
    b->lists_mark = b->lists_seconds;
    b->link_mark = emogi_dbfs_gpu_link_bytes(b->gpu);
}

/* With EMOGI_TRACE_LEVELS set, rank 0's line for the level just done:
 * where its time went (the rest of seconds is host work), then every
 * rank's GPU and exchange seconds, the bytes its GPU read over the link
 * and its seconds reading lists (the rest of its GPU time claims received
 * ids and makes queues), gathered (tracing alone pays for the gather): a
 * rank that waits on another shows it as exchange time, the other's as
 * GPU time. */
void dbfs_level_done(struct dbfs *b, uint32_t level, const char *direction, uint64_t found)
{
    if (!b->trace)
        return;
    const int size = b->d->size;
    enum { K = 5 };
    const double mine[K] = {emogi_now() - b->mark, b->gpu_seconds - b->gpu_mark,
                            b->d->comm_seconds - b->comm_mark,
                            (double)(emogi_dbfs_gpu_link_bytes(b->gpu) - b->link_mark),
                            b->lists_seconds - b->lists_mark};
    double *all = b->d->rank == 0 ? dist_alloc(K * (uint64_t)size, sizeof *all, "ranks") : NULL;
    MPI_Gather(mine, K, MPI_DOUBLE, all, K, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (!all)
        return;
    fprintf(stderr,
            "%s: level level=%u direction=%s found=%llu seconds=%.6f gpu_seconds=%.6f "
            "comm_seconds=%.6f",
            tool_name(), level, direction, (unsigned long long)found, mine[0], mine[1], mine[2]);
    static const char *const name[K] = {NULL, "gpu", "comm", "link", "lists"};
    for (int k = 1; k < K; k++) {
        fprintf(stderr, " ranks_%s=", name[k]);
        for (int r = 0; r < size; r++)
            fprintf(stderr, k == 3 ? "%s%.0f" : "%s%.6f", r ? "," : "", all[K * r + k]);
    }
    fputc('\n', stderr);
    free(all);
}

/* Threads for a host loop over N items: one for a short loop, and at
 * most GPU_HOST_THREADS in a GPU rank, whose host loops are short and
 * whose process shares the cores with its ranks' CUDA and NCCL threads,
 * so that a barrier of every core's thread waits on whichever was
 * descheduled: a wide host made the queue of a bottom-up slice an order
 * of magnitude slower on every core's thread than on eight
 * (bench/journal/2026-11-27-mpi-ranks-on-four-gpus-kronecker-26-and-27.md). */
#define GPU_HOST_THREADS 8
int dbfs_host_threads(const struct dbfs *b, uint64_t n)
{
#ifdef _OPENMP
    const int max = omp_get_max_threads();
    if (n <= 65536)
        return 1;
    return b->gpu && max > GPU_HOST_THREADS ? GPU_HOST_THREADS : max;
#else
    (void)b, (void)n;
    return 1;
#endif
}

static int setup(struct dbfs *b, struct dist *d, const struct emogi_graph *g)
{
    b->d = d;
    b->g = g;
    b->w = d->whole;
    b->out = dist_lists(d, emogi_lists_out(g));
    if (!(g->flags & EMOGI_DIRECTED)) {
        b->in = b->out;
        b->has_in = 1;
    } else if ((g->flags & EMOGI_TRANSPOSE) && g->t_offsets) {
        b->in = dist_lists(d, emogi_lists_transpose(g));
        b->has_in = 1;
    }
    const uint64_t nv = b->w->nv, n = d->hi - d->lo, words = (nv + 63) / 64;
    b->queue = malloc((n ? n : 1) * sizeof *b->queue);
    b->next = malloc((n ? n : 1) * sizeof *b->next);
    b->front = calloc(words ? words : 1, sizeof *b->front);
    b->curr = calloc(dbfs_slice_words(d) + 1, sizeof *b->curr);
    b->todo = malloc((dbfs_slice_words(d) + 1) * sizeof *b->todo);
    b->sent = calloc(words ? words : 1, sizeof *b->sent);
    b->out_ids = malloc((nv ? nv : 1) * sizeof *b->out_ids);
    b->counts = malloc(2 * (size_t)d->size * sizeof *b->counts);
    b->narrow = dbfs_narrow_ids(d);
    if (!dbfs_word_aligned(d)) /* each slice at most one word past its share */
        b->slices = malloc((words + (uint64_t)d->size) * sizeof *b->slices);
    return b->queue && b->next && b->front && b->curr && b->todo && b->sent && b->out_ids &&
                   b->counts &&
                   (b->slices || dbfs_word_aligned(d))
               ? 0 : -1;
}

static void release(struct dbfs *b)
{
    free(b->queue);
    free(b->next);
    free(b->front);
    free(b->curr);
    free(b->todo);
    free(b->sent);
    free(b->out_ids);
    free(b->counts);
    free(b->slices);
    dist_xchg_close(b->xchg);
    dist_xchg_close(b->ids);
    if (b->peers)
        dist_bfs_peers_close(b->d, b->gpu);
    emogi_dbfs_gpu_close(b->gpu);
    free(b);
}

static void search(struct dbfs *b, uint64_t source, const struct emogi_bfs_opts *o,
                   struct emogi_bfs_stats *st)
{
    const double alpha = o->alpha > 0 ? o->alpha : EMOGI_BFS_ALPHA;
    const double beta = o->beta > 0 ? o->beta : EMOGI_BFS_BETA;
    const uint64_t *off = b->w->offsets;
    uint64_t unexplored = b->w->ne, scout = off[source + 1] - off[source], frontier = 1;
    uint64_t reach = scout; /* the frontier's out-entries, where scout may be 1 */
    if (source >= b->d->lo && source < b->d->hi) {
        b->depth[source - b->d->lo] = 0;
        b->queue[b->queue_n++] = source;
    }
    st->reached = 1;
    dbfs_level_start(b);
    while (frontier > 0) {
        if (b->has_in && o->direction != EMOGI_DIR_PUSH &&
            (o->direction == EMOGI_DIR_PULL || (double)scout > (double)unexplored / alpha)) {
            st->reached += dbfs_run_bottom_up(b, o, beta, &frontier, &reach, &st->pull_levels);
            scout = 1; /* as GAP: favour top-down right after bottom-up */
            continue;
        }
        unexplored -= scout < unexplored ? scout : unexplored;
        uint64_t global[2];
        const uint32_t level = b->level;
        if (level == 0 && scout <= EMOGI_DBFS_FIRST_MAX)
            dbfs_first_level(b, source, global);
        else
            dbfs_td_step(b, reach, global);
        st->push_levels++;
        scout = reach = global[0];
        frontier = global[1];
        if (frontier > 0)
            b->level++;
        st->reached += frontier;
        dbfs_level_done(b, level, "top-down", frontier);
        dbfs_level_start(b);
    }
}

/* A GPU rank's search state, on OUT and IN; 0, or -1 with ERR. */
static int gpu_open(struct dbfs *b, const struct emogi_placed *out, const struct emogi_placed *in,
                    enum emogi_kernel k, emogi_error *err)
{
    if (!out)
        return 0;
    if (emogi_dbfs_gpu_open(out, b->has_in ? in : NULL, k, b->d->lo, b->w->nv, &b->gpu, err) < 0)
        return -1;
    return emogi_dbfs_gpu_route(b->gpu, b->d->bound, b->d->size, b->d->rank, b->narrow, err);
}

/*
 * The search state lives from dist_bfs_open to dist_bfs_close, every
 * search of a run reusing it: the GPU's arrays, the other ranks' arrays
 * opened through IPC and NCCL's stage.  Opened anew for each search, a
 * rank's first reads of the other GPUs' arrays in every search were slow
 * (bench/journal/2026-11-28-bfs-ranks-read-each-other-gpus.md), and each
 * search paid the allocations and the opening again.
 */
int dist_bfs_open(struct dist *d, const struct emogi_graph *g, const struct emogi_bfs_opts *o,
                  const struct emogi_placed *gpu_out, const struct emogi_placed *gpu_in,
                  int trace, struct dbfs **run, emogi_error *err)
{
    *run = NULL;
    /* The naive kernel reads top-down only, as a single GPU's does;
     * compressed lists have one reader, which reads both ways. */
    struct emogi_bfs_opts mine = *o;
    if (gpu_out && o->kernel == EMOGI_KERNEL_NAIVE && !gpu_out->d_coffsets) {
        if (o->direction == EMOGI_DIR_PULL)
            return emogi_fail(err, "bfs: the naive kernel reads top-down only");
        mine.direction = EMOGI_DIR_PUSH;
    }
    o = &mine;
    if (o->direction == EMOGI_DIR_PULL && (g->flags & EMOGI_DIRECTED) &&
        !((g->flags & EMOGI_TRANSPOSE) && g->t_offsets))
        return emogi_fail(err, "bfs: bottom-up needs in-edges: a directed graph must store its "
                               "transpose (emogi-convert --transpose)");
    struct dbfs *b = calloc(1, sizeof *b);
    int ok = b && setup(b, d, g) == 0;
    if (!dist_all(d, ok)) {
        if (b)
            release(b);
        return emogi_fail(err, ok ? "another rank ran out of memory" : "out of memory");
    }
    emogi_error gerr = {{0}};
    ok = gpu_open(b, gpu_out, gpu_in, o->kernel, &gerr) == 0;
    if (dist_gpu_opened(d, ok, &gerr, err) < 0) {
        release(b);
        return -1;
    }
    /* every rank the same: the graph's, the partition's and the options' */
    if (b->gpu)
        b->peers = dist_bfs_peers_open(d, b->gpu);
    struct emogi_dbfs_gpu *peers = b->peers ? b->gpu : NULL;
    if (b->gpu && b->has_in && o->direction != EMOGI_DIR_PUSH && dbfs_word_aligned(d))
        b->xchg = dist_xchg_bitmap_open(d, gpu_out->device, peers);
    if (b->gpu)
        b->ids = dist_xchg_ids_open(d, gpu_out->device, peers);
    /* rank 0's word for all: mpirun need not pass the variable to every
     * rank, and every rank joins each level's gather */
    b->trace = trace;
    MPI_Bcast(&b->trace, 1, MPI_INT, 0, MPI_COMM_WORLD);
    b->o = *o;
    *run = b;
    return 0;
}

int dist_bfs(struct dbfs *b, uint64_t source, uint32_t *depth, struct emogi_bfs_stats *st,
             emogi_error *err)
{
    struct dist *d = b->d;
    emogi_error gerr = {{0}};
    memset(st, 0, sizeof *st);
    b->depth = depth;
    if (!b->gpu) { /* a GPU rank's depths come whole from its GPU, which keeps its own sent bits */
        for (uint64_t i = 0; i < d->hi - d->lo; i++)
            depth[i] = EMOGI_UNREACHED;
        memset(b->sent, 0, (b->w->nv + 63) / 64 * sizeof *b->sent);
    }
    b->queue_n = b->next_n = b->out_n = 0;
    b->level = 0;
    b->examined = 0;
    b->corrupt = 0;
    const uint64_t link0 = emogi_dbfs_gpu_link_bytes(b->gpu);
    /* the GPU's depths, seen bitmap and source set, and done, before the
     * clock: the single GPU's timer starts after its own (kernels/cuda/
     * bfs.cu, run), and the two are set side by side */
    if (b->gpu) {
        dist_gpu_check(emogi_dbfs_gpu_start(b->gpu, source, &gerr), &gerr);
        dist_gpu_check(emogi_dbfs_gpu_wait(b->gpu, &gerr), &gerr);
    }
    /* rank 0's clock starts with every rank ready: the others' set-up
     * is no more the search's time than its own */
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = emogi_now();
    search(b, source, &b->o, st);
    /* the search alone, as the single GPU's timer: the depths' copy to
     * the host is after it there too */
    st->seconds = emogi_now() - t0;
    uint64_t link = 0, edges = 0;
    if (b->gpu) {
        dist_gpu_check(emogi_dbfs_gpu_depths(b->gpu, depth, &gerr), &gerr);
        link = emogi_dbfs_gpu_link_bytes(b->gpu) - link0;
        d->link_bytes += link;
    }
    /* --stats: on the GPU, where the depths are; on the host it was a
     * pass over the range's depths and offsets between every two
     * searches, 400 MB a rank on kron 27
     * (bench/journal/2026-11-28-the-component-edges-counted-on-the-gpus.md) */
    if (b->o.count_reached_edges && b->gpu)
        dist_gpu_check(emogi_dbfs_gpu_reached_edges(b->gpu, &edges, &gerr), &gerr);
    else if (b->o.count_reached_edges)
        edges = emogi_bfs_reached_edges(b->w, depth, d->lo, d->hi);
    st->levels = b->level + 1;
    uint64_t figures[4] = {b->examined, (uint64_t)b->corrupt, link, edges};
    dbfs_sums(d, figures, 4);
    st->edges_examined = figures[0];
    st->link_bytes = figures[2]; /* all ranks' */
    st->reached_edges = figures[3];
    st->edge_bytes = figures[0] * b->g->id_width;
    if (figures[1])
        return emogi_fail(err, "a compressed list did not decode");
    return 0;
}

void dist_bfs_close(struct dbfs *b)
{
    if (b)
        release(b);
}

/* Every rank's out-edges U -> W one level down propose U to W. */
static void propose(struct dist *d, const struct emogi_graph *g, const uint32_t *depth,
                    uint64_t *parent)
{
    struct emogi_lists out = dist_lists(d, emogi_lists_out(g));
#pragma omp parallel for schedule(dynamic, 1024)
    for (uint64_t u = d->lo; u < d->hi; u++) {
        if (depth[u] == EMOGI_UNREACHED)
            continue;
        struct emogi_list_reader r;
        uint64_t ids[EMOGI_CLIST_BLOCK];
        int n;
        emogi_list_open(&r, &out, u);
        while ((n = emogi_list_next(&r, ids)) > 0)
            for (int k = 0; k < n; k++) {
                uint64_t *slot = &parent[ids[k]];
                uint64_t cur = __atomic_load_n(slot, __ATOMIC_RELAXED);
                if (depth[ids[k]] != depth[u] + 1)
                    continue;
                while (u < cur && !__atomic_compare_exchange_n(slot, &cur, u, 1, __ATOMIC_RELAXED,
                                                               __ATOMIC_RELAXED))
                    ;
            }
    }
}

int dist_bfs_parents(struct dist *d, const struct emogi_graph *g, uint64_t source,
                     const uint32_t *depth, uint64_t *parent, emogi_error *err)
{
    const uint64_t nv = d->whole->nv;
    uint64_t *all = malloc((nv ? nv : 1) * sizeof *all);
    if (!dist_all(d, all != NULL)) {
        free(all);
        return emogi_fail(err, "parents: out of memory for %llu parents", (unsigned long long)nv);
    }
    for (uint64_t v = 0; v < nv; v++)
        all[v] = EMOGI_NO_PARENT;
    propose(d, g, depth, all);
    dist_min_scatter_u64(d, all, parent);
    free(all);
    uint64_t bad = 0;
    for (uint64_t v = d->lo; v < d->hi; v++) {
        if (v == source)
            parent[v - d->lo] = source;
        else if (depth[v] != EMOGI_UNREACHED && parent[v - d->lo] == EMOGI_NO_PARENT)
            bad++;
    }
    if (dist_sum_u64(d, bad))
        return emogi_fail(err, "parents: a reached vertex has no in-neighbour one level up");
    return 0;
}

/* Each rank searches its range; rank 0 reports and checks what a single
 * process would, and every rank writes its part (dist_write).  The
 * depths travel only where they are read: to rank 0 for --verify, to
 * every rank after the last search for --parents; --stats sums each
 * range's reached edges with the search's other figures (dist_bfs), 8
 * bytes a rank, not nv depths a search. */
void dist_bfs_run(struct dist *d, const struct emogi_graph *g, const struct dist_bfs_job *j)
{
    emogi_error err;
    double t0 = emogi_now();
    dist_partition(d, g, 64);
    const struct emogi_graph *w = d->whole; /* g: this rank's lists only */
    const int on_gpu = j->t.gpu != NULL;
    struct emogi_range range;
    struct dist_gpu gpu = {0};
    if (on_gpu)
        dist_place(d, g, j->t.gpu, emogi_dbfs_gpu_state_bytes(d->hi - d->lo, w->nv), &range, &gpu);
    uint32_t *mine = dist_alloc(d->hi - d->lo, sizeof *mine, "depths");
    uint32_t *depth = dist_alloc(w->nv, sizeof *depth, "depths");
    struct dbfs *run;
    struct emogi_bfs_opts search = *j->search;
    search.kernel = gpu.kernel; /* as the placement read --kernel */
    if (dist_bfs_open(d, g, &search, gpu.out, gpu.in, j->trace, &run, &err) < 0)
        tool_die_about(j->t.graph, &err);
    for (uint64_t i = 0; i < j->n; i++) {
        struct emogi_bfs_stats st;
        if (dist_bfs(run, j->sources[i], mine, &st, &err) < 0)
            tool_die_about(j->t.graph, &err);
        if (j->parents && i + 1 == j->n)
            dist_allgather(d, mine, sizeof *mine, depth);
        else if (j->t.verify)
            dist_gather(d, mine, sizeof *mine, depth);
        if (d->rank == 0 && (j->t.stats || j->runs))
            j->report(j->t.ctx, w, on_gpu, j->sources[i], &st);
        if (d->rank == 0 && j->t.verify) /* the shared file: g is whole */
            j->check(j->t.ctx, g, j->sources[i], depth);
    }
    dist_bfs_close(run);
    if (on_gpu)
        dist_unplace(j->t.gpu, &range);
    if (d->rank == 0 && j->runs)
        j->mean(j->t.ctx);
    uint64_t *parent = NULL;
    if (j->parents) {
        parent = dist_alloc(d->hi - d->lo, sizeof *parent, "parents");
        if (dist_bfs_parents(d, g, j->sources[j->n - 1], depth, parent, &err) < 0)
            tool_die_about(j->t.graph, &err);
    }
    if (j->t.stats)
        dist_report(d, emogi_now() - t0, d->link_bytes);
    if (j->t.out)
        dist_write(d, j->t.out, mine, TOOL_U32, w->nv, j->t.format, j->t.ids, 0);
    if (j->parents)
        dist_write(d, j->parents, parent, TOOL_U64, w->nv, j->t.format, j->t.ids, 1);
    free(parent);
    free(depth);
    free(mine);
}
