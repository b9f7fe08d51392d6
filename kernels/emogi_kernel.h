/*
 * emogi_kernel.h - EMOGI's three ways for GPU threads to read neighbour
 * lists, which every algorithm's GPU entry point takes (emogi_bfs.h,
 * emogi_sssp.h, emogi_cc.h, emogi_pagerank.h).  The section marked
 * "internal" at the end sizes the kernels' work queues for the tools'
 * memory budgets; it is not a stable interface.
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

/* The name of kernel K: "naive", "merged", "aligned" (for options and
 * --stats), or "unknown" for a value outside the enum. */
EMOGI_API const char *emogi_kernel_name(enum emogi_kernel k);

/* The kernel a name from emogi_kernel_name() stands for, in *K: 0, or -1
 * (no message, *K left alone) for any other string. */
EMOGI_API int emogi_kernel_parse(const char *s, enum emogi_kernel *k);

/* ---- internal: for emogi's tools and ranks; not a stable interface ---- */

/*
 * The lists a GPU frontier kernel leaves to a second launch
 * (kernels/cuda/common.cuh, "Hubs" and "Medium lists"): those longer
 * than EMOGI_HEAVY entries, cut into pieces over every warp, and those
 * longer than EMOGI_MEDIUM, read whole, a list per grab.  A launch queues
 * a list at most once, so emogi_heavy_slots(ne) slots cannot run out
 * (BFS keeps EMOGI_HEAVY_EXTRA more: its bound follows the level's
 * lists, common.cuh's emogi_heavy_at); emogi_medium_slots(ne) cannot
 * below 2^22 (32 MB), past which a full queue leaves the rest to the warps
 * that meet them.  The tools count emogi_aside_bytes(ne) in the device
 * memory their kernels add.
 */
#define EMOGI_HEAVY 32768
#define EMOGI_MEDIUM 1024
#define EMOGI_HEAVY_EXTRA 4096

/* Slots of the heavy-list queue a launch over a graph of NE edges needs. */
static inline uint64_t emogi_heavy_slots(uint64_t ne)
{
    return ne / (EMOGI_HEAVY / 2) + 1;
}

/* Slots of the medium-list queue for NE edges, at most 2^22. */
static inline uint64_t emogi_medium_slots(uint64_t ne)
{
    const uint64_t cap = ne / EMOGI_MEDIUM + 1;
    return cap < (1ull << 22) ? cap : 1ull << 22;
}

/* Device bytes of both queues (8 bytes a slot) for NE edges: what a tool
 * adds to emogi_place_opts.state_bytes for them. */
static inline uint64_t emogi_aside_bytes(uint64_t ne)
{
    return 8 * (emogi_heavy_slots(ne) + EMOGI_HEAVY_EXTRA + emogi_medium_slots(ne));
}

#ifdef __cplusplus
}
#endif
#endif
