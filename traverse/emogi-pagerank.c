/*
 * emogi-pagerank - PageRank over a .csr graph on the CPU or a GPU.
 *
 * Opens and validates the graph, finds its in-edges (the graph itself,
 * its stored transpose, or one built in memory), places them on the GPU
 * when one is used, iterates until the ranks settle, and writes them as
 * float64 or float32.  See emogi-pagerank(1).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "pagerank_args.h"
#include "pagerank_options.h"
#include "trav_backend.h"
#include "tool_output.h"
#include "verify_pagerank.h"
#include "tool_die.h"

/* Device memory the GPU run adds beside the in-edge offsets: ranks and
 * contributions (8 bytes each) and, for directed graphs, the out-edge
 * offsets; --mem auto keeps it free. */
#define GPU_STATE_BYTES_PER_VERTEX 24

static _Noreturn void die(const emogi_error *err)
{
    tool_die("emogi-pagerank", err);
}

/* For errors of the kernels, which do not know the file's name. */
static _Noreturn void die_about(const char *graph, const emogi_error *err)
{
    tool_die_about("emogi-pagerank", graph, err);
}

static double per_second(double x, double seconds)
{
    return seconds > 0 ? x / seconds : 0.0;
}

static void report(const struct emogi_pagerank_stats *st)
{
    fprintf(stderr,
            "emogi-pagerank: iterations=%u converged=%d seconds=%.6f seconds_per_iteration=%.6f "
            "delta=%.6g edges_read=%llu geps=%.4f edge_gbps=%.3f\n",
            st->iterations, st->converged, st->seconds,
            st->iterations ? st->seconds / st->iterations : 0.0, st->delta,
            (unsigned long long)st->edges_read,
            per_second((double)st->edges_read, st->seconds) / 1e9,
            per_second((double)st->edge_bytes, st->seconds) / 1e9);
}

static void warn_unconverged(const struct pagerank_opts *o, const struct emogi_pagerank_stats *st)
{
    if (!st->converged)
        fprintf(stderr, "emogi-pagerank: %s: warning: not converged after %u iterations "
                        "(last L1 change %.6g, tolerance %g)\n",
                o->t.graph, st->iterations, st->delta, o->prm.tolerance);
}

static void check(const struct pagerank_opts *o, const struct emogi_graph *g, const double *rank)
{
    emogi_error err;
    struct pagerank_check c = {o->prm.damping, o->prm.tolerance, o->precision, 0, 0};
    if (verify_pagerank_ranks(g, rank, &c, &err) < 0) {
        fprintf(stderr, "emogi-pagerank: %s: wrong result: %s\n", o->t.graph, err.msg);
        exit(1);
    }
    fprintf(stderr, "emogi-pagerank: verified: one more iteration changes the ranks by %.3g\n",
            c.change);
}

/* Rounded to the output precision first, so --verify checks what is written. */
static void finish(const struct pagerank_opts *o, const struct emogi_graph *g, double *rank)
{
    emogi_error err;
    if (o->precision == TOOL_F32 && o->t.verify) {
        pagerank_narrow(rank, g->nv, TOOL_F32);
        pagerank_widen(rank, g->nv, TOOL_F32);
    }
    if (o->t.verify)
        check(o, g, rank);
    pagerank_narrow(rank, g->nv, o->precision);
    if (tool_write_typed(o->t.out, rank, o->precision, g->nv, o->t.text, &err) < 0)
        die(&err);
}

/* Gauss-Seidel may keep its contributions in float32 when the output is
 * float32 anyway and the tolerance is far above float32's rounding. */
static int run_cpu(const struct pagerank_opts *o, const struct emogi_graph *in, double *rank,
                   struct emogi_pagerank_stats *st, emogi_error *err)
{
    if (o->method == PAGERANK_JACOBI)
        return emogi_pagerank_cpu(in, &o->prm, rank, st, err);
    enum emogi_pagerank_store store = o->precision == TOOL_F32 && o->prm.tolerance >= 1e-5
                                          ? EMOGI_PAGERANK_STORE_F32
                                          : EMOGI_PAGERANK_STORE_F64;
    return emogi_pagerank_cpu_gs(in, &o->prm, store, rank, st, err);
}

static void run(const struct pagerank_opts *o, const struct emogi_graph *g,
                const struct emogi_graph *in, double *rank, double open_s)
{
    emogi_error err;
    struct trav_backend b;
    if (trav_backend_open(&b, in, &o->t, in->nv * GPU_STATE_BYTES_PER_VERTEX, 0, &err) < 0)
        die(&err);
    if (o->t.stats)
        trav_backend_report_load(&b, "emogi-pagerank", open_s);
    struct emogi_pagerank_stats st = {0};
    int rc = b.on_gpu ? emogi_pagerank_gpu(&b.placed, &o->prm, b.kernel, rank, &st, &err)
                      : run_cpu(o, in, rank, &st, &err);
    if (rc < 0)
        die_about(g->path, &err);
    trav_backend_close(&b);
    if (o->t.stats)
        report(&st);
    warn_unconverged(o, &st);
}

int main(int argc, char **argv)
{
    struct pagerank_opts o;
    pagerank_parse_options(argc, argv, &o);
#ifdef _OPENMP
    if (o.t.threads)
        omp_set_num_threads(o.t.threads);
#endif
    emogi_atomic_install_signals();
    if (tool_binary_to_terminal(o.t.out, o.t.text)) {
        fputs("emogi-pagerank: standard output is a terminal: not writing binary arrays to it "
              "(use -o FILE, a pipe, or --text)\n", stderr);
        return 1;
    }
    emogi_error err;
    struct emogi_graph g, in;
    double t0 = emogi_now();
    if (emogi_csr_open(o.t.graph, &g, &err) < 0)
        die(&err);
    if (emogi_pagerank_in_edges(&g, &in, &err) < 0)
        die_about(o.t.graph, &err);
    double open_s = emogi_now() - t0;
    double *rank = malloc((g.nv ? g.nv : 1) * sizeof *rank);
    if (!rank) {
        emogi_fail(&err, "out of memory for %llu ranks", (unsigned long long)g.nv);
        die(&err);
    }
    run(&o, &g, &in, rank, open_s);
    finish(&o, &g, rank);
    free(rank);
    emogi_pagerank_in_edges_free(&g, &in);
    emogi_csr_close(&g);
    return 0;
}
