/*
 * backend.c - the CPU, or a GPU with the graph placed on it, chosen once
 * per run from --device and --mem (tool.h: struct tool_backend), and the
 * --stats load records that say how the placement went.  MPI's GPU
 * ranks place their ranges through it too (run.c).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tool.h"

static int choose_gpu(const struct tool_opts *o, int *gpu, emogi_error *err)
{
    emogi_error why = {{0}};
    int n = emogi_gpu_count(&why);
    if (o->device == TOOL_DEVICE_AUTO && n <= 0 && o->gpu_options[0]) {
        /* the options asked for a GPU: say once why the run is not on one */
        static int said;
        if (!said++)
            tool_message("warning", "warning: %s asked for a GPU, but no GPU was found: %s; "
                         "running on the CPU",
                         o->gpu_options, why.msg[0] ? why.msg : "no CUDA device");
    }
    if (o->device == TOOL_DEVICE_CPU || (o->device == TOOL_DEVICE_AUTO && n <= 0)) {
        *gpu = -1;
        return 0;
    }
    if (n <= 0)
        return emogi_fail(err, "a GPU was requested but none is usable: no GPU found: %s",
                          why.msg[0] ? why.msg : "no CUDA device");
    if (o->gpu >= n)
        return emogi_fail(err, "GPU %d was requested but only %d %s usable", o->gpu, n,
                          n == 1 ? "is" : "are");
    *gpu = o->device == TOOL_DEVICE_GPU ? o->gpu : 0;
    return 0;
}

/* Whether the placement must find room for a directed graph's stored
 * transpose beside its out-edges. */
static int has_transpose(const struct emogi_graph *g)
{
    return (g->flags & EMOGI_DIRECTED) && g->t_offsets;
}

/* The transpose takes the graph's placement and split, which the graph's
 * budget counted it in (tool_backend_open), so the two together stay
 * within --gpu-memory; FIRSTS: an id of each list's head too. */
static int place_in(struct tool_backend *b, const struct tool_opts *o, int firsts,
                    emogi_error *err)
{
    struct emogi_graph *view = &b->in_view;
    *view = *b->g;
    view->offsets = b->g->t_offsets;
    view->neighbors = b->g->t_neighbors;
    view->coffsets = b->g->t_coffsets;
    view->cneighbors = b->g->t_cneighbors;
    view->weights = NULL;
    view->t_offsets = NULL;
    view->t_neighbors = NULL;
    view->t_weights = NULL;
    view->t_coffsets = NULL;
    view->t_cneighbors = NULL;
    /* A whole graph's transpose holds as many entries as its out-lists;
     * one MPI rank's range of it (emogi_range_open) holds its own count:
     * all of it on the GPU when the out-lists are, or when the out-lists'
     * split (a multiple of 32) reaches past it. */
    view->ne = view->offsets[view->nv];
    uint64_t split = b->placed.split;
    if (split >= b->g->ne || split >= view->ne)
        split = view->ne;
    struct emogi_place_opts po = {
        .device = b->placed.device,
        .mem = b->placed.mem,
        .advice = o->advice,
        .presplit = 1,
        .rule = o->hybrid,
        .split = split,
        .with_firsts = firsts,
        .classes = o->in_classes,
        .nclasses = o->in_nclasses,
    };
    if (emogi_place(view, &po, &b->in, err) < 0)
        return -1;
    b->has_in = 1;
    return 0;
}

const struct emogi_placed *tool_backend_in(const struct tool_backend *b)
{
    if (!(b->g->flags & EMOGI_DIRECTED))
        return &b->placed;
    return b->has_in ? &b->in : NULL;
}

int tool_backend_open(struct tool_backend *b, const struct emogi_graph *g,
                      const struct tool_opts *o, uint64_t state_bytes, unsigned what,
                      emogi_error *err)
{
    const int with_in = (what & TOOL_PLACE_IN) && has_transpose(g);
    /* the in-lists' first ids: the graph's own when undirected, else its
     * transpose's, which place_in adds where the budget kept them room */
    const int directed = (g->flags & EMOGI_DIRECTED) != 0;
    const int firsts = (what & TOOL_PLACE_FIRSTS) && (with_in || !directed);
    int gpu;
    memset(b, 0, sizeof *b);
    b->g = g;
    b->kernel = o->kernel;
    b->graph = o->graph;
    if (choose_gpu(o, &gpu, err) < 0)
        return -1;
    if (gpu < 0)
        return 0;
    struct emogi_place_opts po = {
        .device = gpu,
        .mem = o->mem,
        .advice = o->advice,
        /* a transpose's offsets, and its list offsets when compressed */
        .state_bytes = state_bytes +
                       (with_in ? (emogi_compressed(g) ? 2 : 1) * (g->nv + 1) * sizeof(uint64_t)
                                : 0),
        .with_weights = (what & TOOL_PLACE_WEIGHTS) != 0,
        .gpu_memory = o->gpu_memory,
        .rule = o->hybrid,
        .extra_edge_bytes = with_in ? emogi_edge_bytes(g, 1) : 0,
        .with_firsts = firsts && !directed,
        .firsts_bytes = firsts ? g->nv * (uint64_t)g->id_width : 0,
        .classes = o->in_classes,
        .nclasses = o->in_nclasses,
    };
    if (emogi_place(g, &po, &b->placed, err) < 0)
        return -1;
    b->on_gpu = 1;
    if (with_in && place_in(b, o, firsts && b->placed.kept_firsts, err) < 0) {
        tool_backend_close(b);
        return -1;
    }
    return 0;
}

void tool_backend_close(struct tool_backend *b)
{
    if (b->has_in)
        emogi_unplace(&b->in);
    if (b->on_gpu)
        emogi_unplace(&b->placed);
    b->on_gpu = b->has_in = 0;
}

/* " edges=N split=S device_edge_fraction=F": the entries of each edge
 * array in device memory (S of N), and by which rule the lines were
 * chosen when hybrid, ending the record; then the placement's note, if
 * any, in a record of its own. */
static void record_split(const struct emogi_placed *p)
{
    const uint64_t n = p->g->ne, split = p->d_coffsets ? p->split : p->nbr.split;
    /* Compressed lists are placed as words: the fraction is theirs. */
    const uint64_t in_dev = p->nbr.n ? p->nbr.split : 1, all = p->nbr.n ? p->nbr.n : 1;
    tool_record_u64("edges", n);
    tool_record_u64("split", split);
    tool_record_real("device_edge_fraction", "%.4f", (double)in_dev / (double)all);
    if (p->d_coffsets)
        tool_record_u64("compressed_bytes", p->g->coffsets[p->g->nv]);
    if (p->mem == EMOGI_MEM_HYBRID)
        tool_record_str("hybrid", p->nbr.hot ? "heads" : "prefix");
    tool_record_peak_memory();
    tool_record_end();
    if (p->stats.note[0]) {
        tool_record_begin("load_note", "load note:");
        tool_record_note("note", p->stats.note);
        tool_record_end();
    }
}

/* The phases and bytes of one placement. */
static void record_placement(const struct emogi_load_stats *s)
{
    tool_record_real("file_seconds", "%.6f", s->file_s);
    tool_record_real("pin_seconds", "%.6f", s->pin_s);
    tool_record_real("h2d_seconds", "%.6f", s->h2d_s);
    tool_record_u64("device_bytes", s->device_bytes);
    tool_record_u64("pinned_bytes", s->pinned_bytes);
    tool_record_u64("managed_bytes", s->managed_bytes);
}

void tool_backend_report_load(const struct tool_backend *b, double open_s)
{
    char device[32] = "cpu";
    const struct emogi_placed *p = &b->placed;
    if (b->on_gpu)
        snprintf(device, sizeof device, "gpu:%d", p->device);
    tool_record_begin("load", "load");
    tool_record_json_str("graph", b->graph);
    tool_record_str("device", device);
    if (!b->on_gpu) {
        tool_record_real("open_seconds", "%.6f", open_s);
        tool_record_peak_memory();
        tool_record_end();
        return;
    }
    tool_record_str("mem", emogi_mem_name(p->mem));
    tool_record_str("kernel", emogi_kernel_name(b->kernel));
    tool_record_real("open_seconds", "%.6f", open_s);
    record_placement(&p->stats);
    record_split(p);
    if (!b->has_in)
        return;
    tool_record_begin("load_transpose", "load transpose");
    tool_record_str("mem", emogi_mem_name(b->in.mem));
    record_placement(&b->in.stats);
    record_split(&b->in);
}
