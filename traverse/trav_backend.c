/* trav_backend.c - picking and placing: CPU, or a GPU through the loader. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "trav_backend.h"

static int choose_gpu(const struct trav_opts *o, int *gpu, emogi_error *err)
{
    emogi_error why = {{0}};
    int n = emogi_gpu_count(&why);
    if (o->device == TRAV_DEVICE_CPU || (o->device == TRAV_DEVICE_AUTO && n <= 0)) {
        *gpu = -1;
        return 0;
    }
    if (n <= 0)
        return emogi_fail(err, "a GPU was requested but none is usable: %s",
                          why.msg[0] ? why.msg : "no CUDA device");
    if (o->gpu >= n)
        return emogi_fail(err, "GPU %d was requested but only %d %s usable", o->gpu, n,
                          n == 1 ? "is" : "are");
    *gpu = o->device == TRAV_DEVICE_GPU ? o->gpu : 0;
    return 0;
}

int trav_backend_open(struct trav_backend *b, const struct emogi_graph *g,
                      const struct trav_opts *o, uint64_t state_bytes, int with_weights,
                      emogi_error *err)
{
    int gpu;
    memset(b, 0, sizeof *b);
    b->g = g;
    b->kernel = o->kernel;
    if (choose_gpu(o, &gpu, err) < 0)
        return -1;
    if (gpu < 0)
        return 0;
    struct emogi_place_opts po = {
        .device = gpu,
        .mem = o->mem,
        .advice = o->advice,
        .state_bytes = state_bytes,
        .with_weights = with_weights,
    };
    if (emogi_place(g, &po, &b->placed, err) < 0)
        return -1;
    b->on_gpu = 1;
    return 0;
}

void trav_backend_close(struct trav_backend *b)
{
    if (b->on_gpu)
        emogi_unplace(&b->placed);
    b->on_gpu = 0;
}

static void load_line_gpu(const struct emogi_placed *p, enum emogi_kernel k, const char *tool,
                          double open_s)
{
    const struct emogi_load_stats *s = &p->stats;
    fprintf(stderr,
            "%s: load device=gpu:%d mem=%s kernel=%s open_seconds=%.6f file_seconds=%.6f "
            "pin_seconds=%.6f h2d_seconds=%.6f device_bytes=%llu pinned_bytes=%llu "
            "managed_bytes=%llu\n",
            tool, p->device, emogi_mem_name(p->mem), emogi_kernel_name(k), open_s, s->file_s, s->pin_s,
            s->h2d_s, (unsigned long long)s->device_bytes, (unsigned long long)s->pinned_bytes,
            (unsigned long long)s->managed_bytes);
}

void trav_backend_report_load(const struct trav_backend *b, const char *tool, double open_seconds)
{
    if (b->on_gpu)
        load_line_gpu(&b->placed, b->kernel, tool, open_seconds);
    else
        fprintf(stderr, "%s: load device=cpu open_seconds=%.6f\n", tool, open_seconds);
}
