/*
 * emogi_kernel.h - EMOGI's three ways for GPU threads to read neighbour
 * lists, which every algorithm's GPU entry point takes (emogi_bfs.h,
 * emogi_sssp.h, emogi_cc.h, emogi_pagerank.h).
 */
#ifndef EMOGI_KERNEL_H
#define EMOGI_KERNEL_H

#include "emogi_csr.h" /* EMOGI_API */

#ifdef __cplusplus
extern "C" {
#endif

enum emogi_kernel {
    EMOGI_KERNEL_NAIVE = 0,   /* a thread per vertex */
    EMOGI_KERNEL_MERGED = 1,  /* a warp per vertex */
    EMOGI_KERNEL_ALIGNED = 2  /* a warp per vertex, start moved down to 128 bytes */
};

/* "naive", "merged", "aligned" (for options and --stats), or "unknown". */
EMOGI_API const char *emogi_kernel_name(enum emogi_kernel k);

/* The kernel a name from emogi_kernel_name() stands for: 0, or -1. */
EMOGI_API int emogi_kernel_parse(const char *s, enum emogi_kernel *k);

#ifdef __cplusplus
}
#endif
#endif
