/* bfs_backend.c - picking and placing: CPU, or a GPU through the loader. */
#include "config.h"

#include <string.h>

#include "bfs_backend.h"

/* Device memory the GPU search adds beside the offsets: depths and two
 * frontiers, 4 bytes per vertex each; the loader keeps it free under auto. */
#define GPU_STATE_BYTES_PER_VERTEX 12

static int choose_gpu(const struct bfs_opts *o, int *gpu, emogi_error *err)
{
    emogi_error why = {{0}};
    int n = emogi_gpu_count(&why);
    if (o->device == BFS_DEVICE_CPU || (o->device == BFS_DEVICE_AUTO && n <= 0)) {
        *gpu = -1;
        return 0;
    }
    if (n <= 0)
        return emogi_fail(err, "a GPU was requested but none is usable: %s",
                          why.msg[0] ? why.msg : "no CUDA device");
    if (o->gpu >= n)
        return emogi_fail(err, "GPU %d was requested but only %d %s usable", o->gpu, n,
                          n == 1 ? "is" : "are");
    *gpu = o->device == BFS_DEVICE_GPU ? o->gpu : 0;
    return 0;
}

int bfs_backend_open(struct bfs_backend *b, const struct emogi_graph *g, const struct bfs_opts *o,
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
        .state_bytes = g->nv * GPU_STATE_BYTES_PER_VERTEX,
        .with_weights = 0,
    };
    if (emogi_place(g, &po, &b->placed, err) < 0)
        return -1;
    b->on_gpu = 1;
    return 0;
}

int bfs_backend_run(struct bfs_backend *b, uint64_t source, uint32_t *depth,
                    struct emogi_bfs_stats *st, emogi_error *err)
{
    if (b->on_gpu)
        return emogi_bfs_gpu(&b->placed, source, b->kernel, depth, st, err);
    return emogi_bfs_cpu(b->g, source, depth, st, err);
}

void bfs_backend_close(struct bfs_backend *b)
{
    if (b->on_gpu)
        emogi_unplace(&b->placed);
    b->on_gpu = 0;
}
