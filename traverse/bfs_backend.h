/*
 * bfs_backend.h - the CPU or a placed GPU, behind one call per search, so
 * emogi-bfs's loop does not care which one runs.
 */
#ifndef EMOGI_BFS_BACKEND_H
#define EMOGI_BFS_BACKEND_H

#include "bfs_options.h"
#include "emogi_bfs.h"

struct bfs_backend {
    const struct emogi_graph *g;
    int on_gpu;
    enum emogi_kernel kernel;
    struct emogi_placed placed; /* when on_gpu */
};

/* Choose the device (auto: a GPU when one is usable) and place the graph there. */
int bfs_backend_open(struct bfs_backend *b, const struct emogi_graph *g, const struct bfs_opts *o,
                     emogi_error *err);
int bfs_backend_run(struct bfs_backend *b, uint64_t source, uint32_t *depth,
                    struct emogi_bfs_stats *st, emogi_error *err);
void bfs_backend_close(struct bfs_backend *b);

#endif
