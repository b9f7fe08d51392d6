/* bfs_options.h - the command line of emogi-bfs, parsed into one struct. */
#ifndef EMOGI_BFS_OPTIONS_H
#define EMOGI_BFS_OPTIONS_H

#include <stdint.h>

#include "emogi_bfs.h"
#include "emogi_loader.h"

enum bfs_device { BFS_DEVICE_AUTO, BFS_DEVICE_CPU, BFS_DEVICE_GPU };

struct bfs_opts {
    const char *graph;
    uint64_t source;
    int have_source;
    uint64_t runs; /* -n: random sources; 0 when -s was given */
    uint64_t seed;
    const char *out;     /* depths: a file, "-", or NULL (stdout unless -n) */
    const char *parents; /* or NULL */
    int text, stats, verify;
    int threads; /* 0: OpenMP's default */
    enum bfs_device device;
    int gpu; /* CUDA ordinal for BFS_DEVICE_GPU */
    enum emogi_mem mem;
    enum emogi_uvm_advice advice;
    enum emogi_kernel kernel;
};

/* Fill O from the command line; prints help/version (exit 0) or a usage error (exit 2). */
void bfs_parse_options(int argc, char **argv, struct bfs_opts *o);

#endif
