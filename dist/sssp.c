/*
 * sssp.c - single-source shortest paths over MPI ranks (CPU ranks,
 * OpenMP inside each, or GPU ranks): delta-stepping in bulk-synchronous
 * phases.
 *
 * Each rank owns a contiguous range of vertices (dist_partition) and
 * their distances, and keeps the ones whose distance dropped since they
 * last relaxed their out-edges ("active", each at most once).  A phase:
 * the lowest bucket (distance / delta) holding an active vertex on any
 * rank (MPI_Allreduce MIN) is the current one; every rank relaxes the
 * out-edges of its active vertices in that bucket, lowering its own
 * neighbours' distances at once and sending (vertex, candidate) pairs to
 * the owners of the others in one exchange (dist_alltoallv), whose
 * owners lower and activate them.  Phases end when no rank has an
 * active vertex.  This is U. Meyer and P. Sanders' delta-stepping with
 * light and heavy edges relaxed together, as GAP's sssp.cc does; the
 * bucket width is the single process's (emogi_sssp_default_delta or
 * --delta).
 *
 * The exchange is sparse: a phase relaxes one bucket, a small part of
 * the vertices, so the pairs of the candidates it makes (12 or 16 bytes
 * each) move far fewer bytes than a dense exchange of every distance
 * (nv * 4 or 8 bytes per phase, over thousands of phases).  A rank also
 * remembers the lowest candidate it has sent for each vertex and sends
 * none that is not lower: it could not lower the owner's distance.
 *
 * The result is the single process's bit for bit: a distance is the
 * fixed point every label-correcting order reaches, the minimum over
 * paths of the path's weights added left to right (integers: exact;
 * float32: each addition rounded, which is monotone, so the minimum does
 * not depend on the order of relaxations; emogi_sssp.h).  Candidates are
 * computed as kernels/cpu/sssp.c computes them: du + w in float32 for
 * float weights.
 *
 * GPU ranks (--device gpu: gpu_search below) run the same phases with
 * the rank's distances, active set and lowest candidates sent on its GPU
 * and its range's lists placed (kernels/cuda/sssp.cu: emogi_dsssp_gpu_*):
 * the GPU relaxes a bucket's lists and lists each other rank's vertex
 * whose lowest candidate sent fell, once a phase with that candidate;
 * the pairs go through the host to dist_alltoallv and the pairs received
 * back to the GPU.  The same fixed point, so the same file.  They go
 * through the host even where NCCL is built in: a phase's pairs are few
 * (above), and an exchange of unequal parts through NCCL's sends and
 * receives needs every rank's counts first, an MPI call a phase either
 * way; device-to-device pairs wait for the multi-GPU run to show that
 * these exchanges, not the phases' count, cost the time.
 */
#include "config.h"

#include <math.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_ranks.h"
#include "ranks.h"
#include "emogi_sssp.h"

#define NONE UINT64_MAX
#define FLOAT_INF_BITS 0x7f800000u

enum kind { K_U32, K_F32, K_UNIT };

struct dsssp {
    struct dist *d;
    const struct emogi_graph *g;
    struct emogi_lists out;
    enum kind k;
    uint64_t delta_i; /* integer kinds */
    double delta_f;   /* K_F32 */
    void *dist;       /* hi - lo: uint64_t, or uint32_t float bits */
    void *sent;       /* nv, as dist: the lowest candidate sent for each vertex */
    unsigned char *queued;    /* hi - lo: in the active list */
    uint64_t *active, *next;  /* local indices; at most hi - lo each */
    uint64_t active_n, next_n;
    uint64_t *relax, relax_n; /* this phase's vertices; hi - lo at most */
    struct emogi_dsssp_pair *up;        /* this phase's pairs to send */
    uint64_t up_n, up_cap;
    uint64_t relaxed, phases;
    int corrupt;
};

/* The candidate through edge E from a vertex at DU (kernels/cpu/sssp.c). */
static uint64_t through(const struct dsssp *s, uint64_t du, uint64_t e)
{
    if (s->k == K_UNIT)
        return du + 1;
    if (s->k == K_U32)
        return du + ((const uint32_t *)s->g->weights)[e];
    float sum = emogi_f32_of_bits((uint32_t)du) + ((const float *)s->g->weights)[e];
    return emogi_bits_of_f32(sum);
}

static uint64_t load(const struct dsssp *s, const void *a, uint64_t i)
{
    if (s->k == K_F32)
        return __atomic_load_n(&((const uint32_t *)a)[i], __ATOMIC_RELAXED);
    return __atomic_load_n(&((const uint64_t *)a)[i], __ATOMIC_RELAXED);
}

/* a[i] = D if D is lower; true when this call lowered it. */
static int lower(const struct dsssp *s, void *a, uint64_t i, uint64_t d)
{
    if (s->k == K_F32) {
        uint32_t *p = &((uint32_t *)a)[i], old = __atomic_load_n(p, __ATOMIC_RELAXED);
        while ((uint32_t)d < old) /* non-negative floats order as their bits */
            if (__atomic_compare_exchange_n(p, &old, (uint32_t)d, 1, __ATOMIC_RELAXED,
                                            __ATOMIC_RELAXED))
                return 1;
        return 0;
    }
    uint64_t *p = &((uint64_t *)a)[i], old = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (d < old)
        if (__atomic_compare_exchange_n(p, &old, d, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            return 1;
    return 0;
}

static uint64_t bucket_of(const struct dsssp *s, uint64_t d)
{
    if (s->k != K_F32)
        return d / s->delta_i;
    return emogi_dsssp_bucket_f(emogi_f32_of_bits((uint32_t)d), s->delta_f);
}

/* Lower this rank's vertex at local index I to D; activate it if so. */
static void lower_local(struct dsssp *s, uint64_t i, uint64_t d)
{
    if (lower(s, s->dist, i, d) && !__atomic_exchange_n(&s->queued[i], 1, __ATOMIC_RELAXED))
        s->next[__atomic_fetch_add(&s->next_n, 1, __ATOMIC_RELAXED)] = i;
}

/* Relax the out-edges of this rank's vertex U (global id). */
static uint64_t relax_one(struct dsssp *s, uint64_t u, int *bad)
{
    const uint64_t lo = s->d->lo, hi = s->d->hi, du = load(s, s->dist, u - lo);
    struct emogi_list_reader r;
    uint64_t ids[EMOGI_CLIST_BLOCK], e = s->g->offsets[u - s->d->first]; /* the mapped graph's */
    int n;
    emogi_list_open(&r, &s->out, u);
    while ((n = emogi_list_next(&r, ids)) > 0)
        for (int k = 0; k < n; k++, e++) {
            uint64_t w = ids[k], c = through(s, du, e);
            if (w >= lo && w < hi)
                lower_local(s, w - lo, c);
            else if (lower(s, s->sent, w, c))
                s->up[__atomic_fetch_add(&s->up_n, 1, __ATOMIC_RELAXED)] =
                    (struct emogi_dsssp_pair){w, c};
        }
    if (n < 0)
        *bad = 1;
    return emogi_list_len(&s->out, u);
}

/* The lowest of every rank's M. */
static uint64_t min_ranks(struct dist *d, uint64_t m)
{
    double t0 = emogi_now();
    MPI_Allreduce(MPI_IN_PLACE, &m, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    d->comm_seconds += emogi_now() - t0;
    return m;
}

/* The lowest bucket of an active vertex on any rank, or NONE. */
static uint64_t lowest_bucket(struct dsssp *s)
{
    uint64_t m = NONE;
#pragma omp parallel for schedule(static) reduction(min : m)
    for (uint64_t i = 0; i < s->active_n; i++) {
        uint64_t b = bucket_of(s, load(s, s->dist, s->active[i]));
        m = b < m ? b : m;
    }
    return min_ranks(s->d, m);
}

/* The active vertices of bucket B into s->relax (out of the queue); the
 * others stay active in s->next.  Room for their updates in s->up (out
 * of memory ends the job, as dist_alloc does). */
static void take_bucket(struct dsssp *s, uint64_t b)
{
    uint64_t edges = 0;
    s->relax_n = s->next_n = 0;
    for (uint64_t i = 0; i < s->active_n; i++) {
        uint64_t v = s->active[i];
        if (bucket_of(s, load(s, s->dist, v)) == b) {
            s->queued[v] = 0;
            s->relax[s->relax_n++] = v;
            edges += emogi_list_len(&s->out, s->d->lo + v);
        } else {
            s->next[s->next_n++] = v;
        }
    }
    if (edges > s->up_cap) {
        free(s->up);
        s->up = dist_alloc(edges, sizeof *s->up, "updates to send");
        s->up_cap = edges;
    }
}

/* The N pairs UP to their owners; returns (malloc'd) the pairs every
 * rank sent this one, *GOT their number. */
static struct emogi_dsssp_pair *route(struct dist *d, const struct emogi_dsssp_pair *up,
                                      uint64_t n, uint64_t *got)
{
    uint64_t *count = dist_alloc((uint64_t)d->size, sizeof *count, "ranks");
    struct emogi_dsssp_pair *send = dist_alloc(n, sizeof *send, "updates to send");
    memset(count, 0, (size_t)d->size * sizeof *count);
    for (uint64_t i = 0; i < n; i++)
        count[dist_owner(d, up[i].v)]++;
    uint64_t *at = dist_alloc((uint64_t)d->size, sizeof *at, "ranks");
    at[0] = 0;
    for (int r = 1; r < d->size; r++)
        at[r] = at[r - 1] + count[r - 1];
    for (uint64_t i = 0; i < n; i++)
        send[at[dist_owner(d, up[i].v)]++] = up[i];
    struct emogi_dsssp_pair *recv = dist_alltoallv(d, send, count, sizeof *send, got);
    free(at);
    free(send);
    free(count);
    return recv;
}

/* The pairs to their owners; the pairs received lower this rank's. */
static void exchange(struct dsssp *s)
{
    struct dist *d = s->d;
    uint64_t n;
    struct emogi_dsssp_pair *recv = route(d, s->up, s->up_n, &n);
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < n; i++)
        lower_local(s, recv[i].v - d->lo, recv[i].d);
    free(recv);
}

/* One phase over bucket B. */
static void phase(struct dsssp *s, uint64_t b)
{
    take_bucket(s, b);
    uint64_t relaxed = 0;
    int bad = 0;
    s->up_n = 0;
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : relaxed) reduction(| : bad)
    for (uint64_t i = 0; i < s->relax_n; i++)
        relaxed += relax_one(s, s->d->lo + s->relax[i], &bad);
    s->relaxed += relaxed;
    s->corrupt |= bad;
    exchange(s);
    uint64_t *t = s->active;
    s->active = s->next;
    s->next = t;
    s->active_n = s->next_n;
    s->phases++;
}

/* 0, 1 when out of memory, or -1 with ERR; ON_GPU: the search's arrays
 * are the GPU's, none here. */
static int setup(struct dsssp *s, struct dist *d, const struct emogi_graph *g,
                 const struct emogi_sssp_opts *o, void *dist, int on_gpu, emogi_error *err)
{
    memset(s, 0, sizeof *s);
    s->d = d;
    s->g = g;
    s->out = dist_lists(d, emogi_lists_out(g));
    s->k = o->unit_weights ? K_UNIT : g->weight_type == EMOGI_WEIGHT_FLOAT32 ? K_F32 : K_U32;
    s->dist = dist;
    double delta = dist_sssp_delta(d, g, o);
    if (s->k == K_F32 && !(delta > 0 && isfinite(delta)))
        return emogi_fail(err, "sssp: bad delta %g", delta);
    if (s->k != K_F32 && !(delta >= 1 && delta < 1.8e19))
        return emogi_fail(err, "sssp: delta %g: integer weights need a delta of at least 1",
                          delta);
    s->delta_f = delta;
    s->delta_i = (uint64_t)delta;
    if (on_gpu)
        return 0;
    const uint64_t n = d->hi - d->lo, es = s->k == K_F32 ? 4 : 8, nv = d->whole->nv;
    s->sent = malloc((nv ? nv : 1) * es);
    s->queued = calloc(n ? n : 1, 1);
    s->active = malloc((n ? n : 1) * sizeof *s->active);
    s->next = malloc((n ? n : 1) * sizeof *s->next);
    s->relax = malloc((n ? n : 1) * sizeof *s->relax);
    return s->sent && s->queued && s->active && s->next && s->relax ? 0 : 1;
}

static void release(struct dsssp *s)
{
    free(s->sent);
    free(s->queued);
    free(s->active);
    free(s->next);
    free(s->relax);
    free(s->up);
}

/* Every distance unreached, the source's 0 and active. */
static void start(struct dsssp *s, uint64_t source)
{
    const uint64_t n = s->d->hi - s->d->lo;
    if (s->k == K_F32) {
        for (uint64_t v = 0; v < n; v++)
            ((uint32_t *)s->dist)[v] = FLOAT_INF_BITS;
        for (uint64_t v = 0; v < s->d->whole->nv; v++)
            ((uint32_t *)s->sent)[v] = FLOAT_INF_BITS;
    } else {
        for (uint64_t v = 0; v < n; v++)
            ((uint64_t *)s->dist)[v] = EMOGI_SSSP_UNREACHED;
        for (uint64_t v = 0; v < s->d->whole->nv; v++)
            ((uint64_t *)s->sent)[v] = EMOGI_SSSP_UNREACHED;
    }
    if (source >= s->d->lo && source < s->d->hi) {
        s->next_n = 0;
        lower_local(s, source - s->d->lo, 0);
        s->active[0] = s->next[0];
        s->active_n = 1;
    }
}

static uint64_t count_reached(const struct dsssp *s)
{
    uint64_t r = 0;
    for (uint64_t v = 0; v < s->d->hi - s->d->lo; v++)
        r += s->k == K_F32 ? ((const uint32_t *)s->dist)[v] != FLOAT_INF_BITS
                           : ((const uint64_t *)s->dist)[v] != EMOGI_SSSP_UNREACHED;
    return r;
}

/* The weights emogi_sssp_default_delta samples of the whole graph, each
 * from the rank whose range holds it (exactly one: ORing the others'
 * zeros keeps its bits), in a graph of their own whose every edge is
 * sampled: the same mean and smallest weight, so the same delta, and no
 * rank reads another's weights.  G: this rank's view, dist_partition
 * done. */
static double sampled_delta(struct dist *d, const struct emogi_graph *g,
                            const struct emogi_sssp_opts *o)
{
    const uint64_t ne = d->whole->ne;
    /* this rank's edges [ea, eb) of the whole graph; BASE: edge ea's weight */
    const uint64_t ea = d->parts ? g->part.edge_first : g->offsets[d->lo];
    const uint64_t eb = d->parts ? ea + g->ne : g->offsets[d->hi];
    const uint32_t *base = (const uint32_t *)g->weights + (d->parts ? 0 : ea);
    const uint64_t n = ne < EMOGI_SSSP_DELTA_SAMPLES ? ne : EMOGI_SSSP_DELTA_SAMPLES;
    uint32_t *w = dist_alloc(n, sizeof *w, "weights");
    for (uint64_t i = 0; i < n; i++) {
        uint64_t e = (uint64_t)((double)i * (double)ne / (double)n);
        w[i] = e >= ea && e < eb ? base[e - ea] : 0;
    }
    double t0 = emogi_now();
    MPI_Allreduce(MPI_IN_PLACE, w, (int)n, MPI_UINT32_T, MPI_BOR, MPI_COMM_WORLD);
    d->comm_seconds += emogi_now() - t0;
    struct emogi_graph samples = *d->whole;
    samples.ne = n;
    samples.weights = w;
    double delta = emogi_sssp_default_delta(&samples, o);
    free(w);
    return delta;
}

double dist_sssp_delta(struct dist *d, const struct emogi_graph *g,
                       const struct emogi_sssp_opts *o)
{
    if (o->delta > 0)
        return o->delta;
    /* the whole graph's figures: every rank takes the same branch */
    if (o->unit_weights || d->whole->weight_type == EMOGI_WEIGHT_NONE || d->whole->ne == 0)
        return emogi_sssp_default_delta(d->whole, o);
    return sampled_delta(d, g, o);
}

/* ---- GPU ranks ---- */

/* The phases on this rank's GPU (R, started); *PHASES counts them.  A
 * GPU call that fails ends the job (dist_gpu_check). */
static void gpu_phases(struct dist *d, struct emogi_dsssp_gpu *r, uint64_t *phases)
{
    emogi_error err;
    const uint64_t room = d->whole->nv - (d->hi - d->lo);
    struct emogi_dsssp_pair *send = dist_alloc(room ? room : 1, sizeof *send, "updates to send");
    for (;;) {
        uint64_t b, n, got;
        dist_gpu_check(emogi_dsssp_gpu_lowest(r, &b, &err), &err);
        if ((b = min_ranks(d, b)) == NONE)
            break;
        dist_gpu_check(emogi_dsssp_gpu_relax(r, b, send, &n, &err), &err);
        struct emogi_dsssp_pair *recv = route(d, send, n, &got);
        dist_gpu_check(emogi_dsssp_gpu_apply(r, recv, got, &err), &err);
        free(recv);
        (*phases)++;
    }
    free(send);
}

/* S's search from SOURCE on this rank's GPU: the distances into s->dist,
 * the phases and entries read into S, the bytes read into ST (all
 * ranks') and GPU (this rank's over the link, summed over searches). */
static int gpu_search(struct dsssp *s, struct dist_gpu *gpu, uint64_t source,
                      const struct emogi_sssp_opts *o, struct emogi_sssp_stats *st,
                      emogi_error *err)
{
    struct dist *d = s->d;
    struct emogi_dsssp_gpu *r = NULL;
    emogi_error gerr = {{0}};
    int ok = emogi_dsssp_gpu_open(gpu->out, gpu->kernel, o->unit_weights, d->lo, d->whole->nv,
                                  s->delta_f, &r, &gerr) == 0 &&
             emogi_dsssp_gpu_start(r, source, &gerr) == 0;
    if (dist_gpu_opened(d, ok, &gerr, err) < 0) {
        emogi_dsssp_gpu_close(r);
        return -1;
    }
    double t0 = emogi_now();
    gpu_phases(d, r, &s->phases);
    st->seconds = emogi_now() - t0;
    uint64_t fig[3];
    dist_gpu_check(emogi_dsssp_gpu_result(r, s->dist, fig, &gerr), &gerr);
    emogi_dsssp_gpu_close(r);
    s->relaxed = fig[0];
    gpu->link_bytes += fig[2];
    st->devmem_bytes = dist_sum_u64(d, fig[1]);
    st->link_bytes = dist_sum_u64(d, fig[2]);
    st->edge_bytes = st->devmem_bytes + st->link_bytes;
    return 0;
}

/* The CPU ranks' search (S set up). */
static void cpu_search(struct dsssp *s, uint64_t source, struct emogi_sssp_stats *st)
{
    double t0 = emogi_now();
    start(s, source);
    for (uint64_t b; (b = lowest_bucket(s)) != NONE;)
        phase(s, b);
    st->seconds = emogi_now() - t0;
}

int dist_sssp(struct dist *d, const struct emogi_graph *g, uint64_t source,
              const struct emogi_sssp_opts *o, struct dist_gpu *gpu, void *dist,
              struct emogi_sssp_stats *st, emogi_error *err)
{
    struct dsssp s;
    memset(st, 0, sizeof *st);
    const uint64_t nv = d->whole->nv;
    if (source >= nv)
        return emogi_fail(err, "source %llu out of range 0..%llu", (unsigned long long)source,
                          (unsigned long long)(nv ? nv - 1 : 0));
    int rc = setup(&s, d, g, o, dist, gpu != NULL, err);
    if (rc < 0) { /* the same on every rank: the same graph and options */
        release(&s);
        return -1;
    }
    if (!dist_all(d, rc == 0)) {
        release(&s);
        return emogi_fail(err, rc ? "out of memory" : "another rank ran out of memory");
    }
    if (gpu && gpu_search(&s, gpu, source, o, st, err) < 0) {
        release(&s);
        return -1;
    }
    if (!gpu)
        cpu_search(&s, source, st);
    uint64_t figures[4] = {count_reached(&s), s.relaxed, (uint64_t)s.corrupt, 0};
    MPI_Allreduce(MPI_IN_PLACE, figures, 4, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    st->iterations = s.phases;
    st->reached = figures[0];
    st->edges_relaxed = st->edges_examined = figures[1];
    if (!gpu)
        st->edge_bytes = figures[1] * (g->id_width + (s.k == K_UNIT ? 0 : 4));
    release(&s);
    if (figures[2])
        return emogi_fail(err, "sssp: a compressed list did not decode");
    return 0;
}

/* Each rank searches its range (on its GPU with --device gpu:
 * dist_place); rank 0 reports and checks what a single process would,
 * and every rank writes its part (dist_write; --text: rank 0, from the
 * gathered array). */
void dist_sssp_run(struct dist *d, const struct emogi_graph *g, const struct dist_sssp_job *j)
{
    emogi_error err;
    const struct emogi_graph *w = d->whole; /* g: this rank's lists only */
    dist_partition(d, g, 64);
    /* each rank checks its range's weights; a distance's bound is over
     * the whole graph's paths: a rank whose heaviest weight could
     * overflow them ends the job */
    struct emogi_graph bound = *g;
    if (!emogi_sssp_float_dist(g, j->s))
        bound.nv = w->nv;
    int ok = emogi_sssp_check_weights_of(&bound, j->s, d->lo - d->first, d->hi - d->first,
                                         &err) == 0;
    dist_fail_together(d, ok, j->t.graph, &err);
    /* sampled over the ranks once, not again by every search */
    struct emogi_sssp_opts so = *j->s;
    so.delta = dist_sssp_delta(d, g, j->s);
    if (d->rank == 0 && j->t.stats)
        j->delta(j->t.ctx, g, so.delta);
    const unsigned es = emogi_sssp_dist_size(g, j->s);
    const int on_gpu = j->t.gpu != NULL;
    struct emogi_range range;
    struct dist_gpu gpu = {0};
    if (on_gpu)
        dist_place(d, g, j->t.gpu,
                   emogi_dsssp_gpu_state_bytes(d->hi - d->lo, w->nv,
                                               g->offsets[d->hi - d->first] -
                                                   g->offsets[d->lo - d->first],
                                               es),
                   &range, &gpu);
    void *mine = dist_alloc(d->hi - d->lo, es, "distances");
    /* the whole array on rank 0 only to check it, or for --text's -1 */
    const int whole = j->t.verify || (j->text && j->t.out);
    void *dist = d->rank == 0 && whole ? dist_alloc(w->nv, es, "distances") : NULL;
    for (uint64_t i = 0; i < j->n; i++) {
        struct emogi_sssp_stats st;
        if (dist_sssp(d, g, j->sources[i], &so, on_gpu ? &gpu : NULL, mine, &st, &err) < 0)
            tool_die_about(j->t.graph, &err);
        if (whole)
            dist_gather(d, mine, es, dist);
        if (d->rank == 0 && (j->t.stats || j->runs))
            j->report(j->t.ctx, j->sources[i], &st, !on_gpu);
        if (d->rank == 0 && j->t.verify) /* the shared file: g is whole */
            j->check(j->t.ctx, g, j->sources[i], dist);
    }
    if (d->rank == 0 && j->runs)
        j->mean(j->t.ctx);
    if (on_gpu)
        dist_unplace(j->t.gpu, &range);
    if (j->t.stats)
        dist_report(d, emogi_now() - j->t0, gpu.link_bytes);
    if (j->text && j->t.out) {
        if (d->rank == 0) /* from the gathered array */
            j->write_text(j->t.ctx, w, dist);
    } else if (j->t.out) {
        dist_write(d, j->t.out, mine, es == 4 ? TOOL_F32 : TOOL_U64, w->nv, j->t.format, j->t.ids,
                   0);
    }
    free(dist);
    free(mine);
}
