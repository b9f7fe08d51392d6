/*
 * emogi-cc - connected components of a .csr graph on the CPU or a GPU.
 *
 * Opens and validates the graph, refuses a directed one without in-edges
 * (weak components need them), places it once (a directed graph's
 * transpose too, the same way), labels every vertex with the smallest id
 * of its component and writes the labels.  See emogi-cc(1).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "cc_options.h"
#include "cc_report.h"
#include "tool_output.h"
#include "trav_backend.h"
#include "verify_cc.h"
#include "tool_die.h"

/* Device memory the GPU run adds beside the offsets: labels (8 bytes at
 * most) and two activity flags per vertex; --mem auto keeps it free. */
#define GPU_STATE_BYTES_PER_VERTEX 10

static _Noreturn void die(const emogi_error *err)
{
    tool_die("emogi-cc", err);
}

static _Noreturn void die_about(const char *graph, const emogi_error *err)
{
    tool_die_about("emogi-cc", graph, err);
}

/* A directed graph's in-edges, placed as its out-edges were: the loader
 * places one graph's lists, so the transpose goes in as a graph of its own. */
static int place_transpose(const struct trav_backend *b, const struct trav_opts *o,
                           struct emogi_graph *view, struct emogi_placed *in, emogi_error *err)
{
    *view = *b->g;
    view->offsets = b->g->t_offsets;
    view->neighbors = b->g->t_neighbors;
    view->weights = NULL;
    view->t_offsets = NULL;
    view->t_neighbors = NULL;
    view->t_weights = NULL;
    struct emogi_place_opts po = {
        .device = b->placed.device,
        .mem = b->placed.mem,
        .advice = o->advice,
        .state_bytes = b->g->nv * GPU_STATE_BYTES_PER_VERTEX,
    };
    return emogi_place(view, &po, in, err);
}

static void report_transpose_load(const struct emogi_placed *in)
{
    const struct emogi_load_stats *s = &in->stats;
    fprintf(stderr,
            "emogi-cc: load transpose mem=%s file_seconds=%.6f pin_seconds=%.6f "
            "h2d_seconds=%.6f device_bytes=%llu pinned_bytes=%llu managed_bytes=%llu\n",
            emogi_mem_name(in->mem), s->file_s, s->pin_s, s->h2d_s,
            (unsigned long long)s->device_bytes, (unsigned long long)s->pinned_bytes,
            (unsigned long long)s->managed_bytes);
}

/* Bytes of the transpose, which --mem auto must find room for beside the
 * out-edges (the state bytes are the loader's only way to hear of it). */
static uint64_t transpose_bytes(const struct emogi_graph *g)
{
    if (!(g->flags & EMOGI_DIRECTED))
        return 0;
    return (g->nv + 1) * sizeof(uint64_t) + g->ne * g->id_width;
}

static void run(const struct cc_opts *o, const struct emogi_graph *g, void *labels,
                double open_s)
{
    emogi_error err;
    struct trav_backend b;
    if (trav_backend_open(&b, g, &o->t, g->nv * GPU_STATE_BYTES_PER_VERTEX + transpose_bytes(g),
                          0, &err) < 0)
        die(&err);
    struct emogi_graph view;
    struct emogi_placed in = {0};
    int with_in = b.on_gpu && (g->flags & EMOGI_DIRECTED);
    if (with_in && place_transpose(&b, &o->t, &view, &in, &err) < 0)
        die(&err);
    if (o->t.stats)
        trav_backend_report_load(&b, "emogi-cc", open_s);
    if (o->t.stats && with_in)
        report_transpose_load(&in);

    const char *name = b.on_gpu ? emogi_cc_algorithm_name(o->algorithm) : "afforest-cpu";
    for (uint64_t i = 0; i < o->repeat; i++) {
        struct emogi_cc_stats st = {0};
        int rc = b.on_gpu ? emogi_cc_gpu(&b.placed, with_in ? &in : NULL, o->algorithm,
                                         b.kernel, labels, &st, &err)
                          : emogi_cc_cpu(g, labels, &st, &err);
        if (rc < 0)
            die_about(o->t.graph, &err);
        if (o->t.stats)
            cc_report(g, name, labels, &st);
        else if (o->repeat > 1)
            fprintf(stderr, "emogi-cc: seconds=%.6f\n", st.seconds);
    }
    if (with_in)
        emogi_unplace(&in);
    trav_backend_close(&b);
}

static void check(const struct cc_opts *o, const struct emogi_graph *g, const void *labels)
{
    emogi_error err;
    if (verify_cc_labels(g, labels, &err) < 0) {
        fprintf(stderr, "emogi-cc: %s: wrong result: %s\n", o->t.graph, err.msg);
        exit(1);
    }
    fputs("emogi-cc: labels verified\n", stderr);
}

int main(int argc, char **argv)
{
    struct cc_opts o;
    cc_parse_options(argc, argv, &o);
#ifdef _OPENMP
    if (o.t.threads)
        omp_set_num_threads(o.t.threads);
#endif
    emogi_atomic_install_signals();
    if (tool_binary_to_terminal(o.t.out, o.t.text)) {
        fputs("emogi-cc: standard output is a terminal: not writing binary labels to it "
              "(use -o FILE, a pipe, or --text)\n", stderr);
        return 1;
    }

    emogi_error err;
    struct emogi_graph g;
    double t0 = emogi_now();
    if (emogi_csr_open(o.t.graph, &g, &err) < 0)
        die(&err);
    double open_s = emogi_now() - t0;
    if (emogi_cc_check_graph(&g, &err) < 0)
        die_about(o.t.graph, &err);
    void *labels = malloc((g.nv ? g.nv : 1) * g.id_width);
    if (!labels) {
        emogi_fail(&err, "out of memory for %llu labels", (unsigned long long)g.nv);
        die(&err);
    }
    run(&o, &g, labels, open_s);
    if (o.t.verify)
        check(&o, &g, labels);
    if (tool_write_typed(o.t.out, labels, g.id_width == 4 ? TOOL_U32 : TOOL_U64, g.nv, o.t.text,
                         &err) < 0)
        die(&err);
    free(labels);
    emogi_csr_close(&g);
    return 0;
}
