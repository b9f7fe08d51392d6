/*
 * emogi_loader.h - placing an opened .csr where GPU threads read it.
 *
 * Offsets and per-vertex state always go to device memory; only the
 * neighbour array (and weights with it) is placed by policy, which is
 * what decides whether a graph larger than the GPU can be traversed.
 * Kernels read a placed edge array through struct emogi_edges, which
 * says for each entry whether it lives in device memory or across the
 * link, so that one kernel serves every placement.
 *
 * A run is: emogi_csr_open(), emogi_place(), one or more emogi_ALGO_gpu()
 * calls (emogi_bfs.h and the others), emogi_unplace(), emogi_csr_close().
 * Functions that can fail return -1 and fill *err, as in emogi_csr.h; a
 * build without CUDA keeps every entry point, failing with "built
 * without CUDA".  The section marked "internal" at the end is what the
 * tools' MPI ranks use, not a stable interface.
 */
#ifndef EMOGI_LOADER_H
#define EMOGI_LOADER_H

#include "emogi_csr.h"

#ifdef __cplusplus
extern "C" {
#endif

enum emogi_mem {
    EMOGI_MEM_AUTO = 0,     /* device if it fits the budget, else hybrid */
    EMOGI_MEM_DEVICE = 1,   /* cudaMalloc + copy */
    EMOGI_MEM_ZEROCOPY = 2, /* the file mapping pinned, read over the link */
    EMOGI_MEM_UVM = 3,      /* cudaMallocManaged + advice */
    EMOGI_MEM_HYBRID = 4    /* a prefix in device memory up to the budget, the rest pinned */
};
enum emogi_uvm_advice {
    EMOGI_UVM_READ_MOSTLY = 0, /* EMOGI's UVM baseline */
    EMOGI_UVM_ACCESSED_BY = 1,
    EMOGI_UVM_PREFETCH = 2
};
/* The names the tools' --mem and --uvm-advice options take ("auto",
 * "device", "zerocopy", "uvm", "hybrid"; "read-mostly", "accessed-by",
 * "prefetch"): _name gives an enum's, or "unknown"; _parse sets *M (*A)
 * from a name and returns 0, or returns -1 (no message) for any other
 * string, leaving it alone. */
EMOGI_API const char *emogi_mem_name(enum emogi_mem m);
EMOGI_API int emogi_mem_parse(const char *s, enum emogi_mem *m);
EMOGI_API int emogi_uvm_advice_parse(const char *s, enum emogi_uvm_advice *a);
EMOGI_API const char *emogi_uvm_advice_name(enum emogi_uvm_advice a);

/* Which lines a hybrid placement puts in device memory. */
enum emogi_hybrid_rule {
    /* Each list's first line, in vertex order, then the rest in line
     * order: the lines bottom-up BFS reads most
     * (bench/journal/2026-11-23-fewer-bytes-over-the-link.md). */
    EMOGI_HYBRID_HEADS = 0,
    EMOGI_HYBRID_PREFIX = 1 /* the array's first lines */
};
/* "heads", "prefix": as emogi_mem_name and emogi_mem_parse. */
EMOGI_API const char *emogi_hybrid_rule_name(enum emogi_hybrid_rule r);
EMOGI_API int emogi_hybrid_rule_parse(const char *s, enum emogi_hybrid_rule *r);

/* How to place a graph; zero-initialise it and set what differs (a
 * zeroed struct asks for device 0, auto placement, no weights). */
struct emogi_place_opts {
    int device;                   /* CUDA device ordinal */
    enum emogi_mem mem;
    enum emogi_uvm_advice advice; /* for EMOGI_MEM_UVM */
    uint64_t state_bytes;         /* device memory the kernels will add, for the budget */
    int with_weights;             /* place the weights section too */
    /* Most device memory the whole run may take (offsets, state, edges,
     * and what EXTRA_EDGE_BYTES stands for); 0: the free memory less
     * headroom.  Device and uvm placements that exceed it are refused. */
    uint64_t gpu_memory;
    /* Bytes per edge of arrays the caller will place later with this
     * placement's split (a transpose's neighbours), to leave room for. */
    uint64_t extra_edge_bytes;
    /* The caller decided already (a transpose placed as its graph was):
     * MEM as given (not AUTO) and, for hybrid, SPLIT entries of each edge
     * array in device memory, with no budget of its own. */
    int presplit;
    uint64_t split;
    enum emogi_hybrid_rule rule; /* for EMOGI_MEM_HYBRID */
    /* First ids for the bottom-up levels of a BFS (emogi_lists_firsts):
     * FIRSTS_BYTES of them in all (this graph's when WITH_FIRSTS, placed
     * in d_firsts, else a transpose's, placed next), kept only in
     * zero-copy and unified memory placements and in device and hybrid
     * placement of compressed lists, where the budget holds them beside
     * the rest (kept_firsts says); a presplit placement places its own in
     * those. */
    int with_firsts;
    uint64_t firsts_bytes;
    /* Internal (MPI ranks): the whole graph's in-list lengths by its ids
     * (NCLASSES bytes, emogi_length_classes), which the first ids of a
     * part of it placed alone (an MPI rank's range) rank by; NULL: the
     * part's own lists. */
    const unsigned char *classes;
    uint64_t nclasses;
};

struct emogi_load_stats {
    double file_s; /* file into host memory (page cache) */
    double pin_s;  /* cudaHostRegister, or managed fill */
    double h2d_s;  /* copies to device memory */
    uint64_t device_bytes, pinned_bytes, managed_bytes;
    /* How the placement departed from the plain policy, for --stats
     * ("zerocopy: cudaHostRegister failed (...), copied into cudaHostAlloc"), or "". */
    char note[256];
};

/*
 * An edge array (neighbours, weights) as GPU threads read it: entry j
 * from DEV when j < SPLIT, else from HOST, each indexed from the array's
 * start.  device and uvm: SPLIT = N, HOST NULL; zerocopy: SPLIT 0, DEV
 * NULL; hybrid: a prefix in device memory, the rest pinned.  SPLIT is N
 * or a multiple of 32 entries, so every 128-byte line of 4- or 8-byte
 * entries lies wholly on one side.
 */
struct emogi_edges {
    const void *dev;  /* device (or managed) memory */
    const void *host; /* pinned host memory, as a device pointer */
    uint64_t split;   /* entries in DEV */
    uint64_t n;       /* entries in all; 0 when not placed */
    /* The heads rule (EMOGI_HYBRID_HEADS): DEV holds the 128-byte lines
     * whose bit is set in HOT (device memory, one bit per line of the
     * array), packed in line order, SPLIT entries in all; RANK[k] counts
     * the set bits before word k.  NULL: DEV holds the prefix [0, SPLIT). */
    const uint64_t *hot;
    const uint64_t *rank;
};


/* A graph placed on one GPU by emogi_place(): the device pointers the
 * kernels read, and what the placement chose and cost.  Read-only for the
 * caller; release it with emogi_unplace(). */
struct emogi_placed {
    const struct emogi_graph *g;
    enum emogi_mem mem; /* what was chosen (never AUTO) */
    int device;
    const uint64_t *d_offsets; /* device memory, nv+1 */
    /* Compressed lists (emogi_clist.h): the byte offset of each list in
     * device memory (nv+1), and nbr then holds the lists' bytes as
     * 4-byte words (n of them, the last zero-padded); NULL when plain. */
    const uint64_t *d_coffsets;
    struct emogi_edges nbr;    /* neighbour ids, id_width bytes each */
    struct emogi_edges wgt;    /* weights, 4 bytes each; n 0 when not placed */
    /* Entries of each edge array the budget gave device memory (the
     * heads rule may hold a few less, for its bitmap): what a transpose
     * placed alike is given. */
    uint64_t split;
    struct emogi_load_stats stats;
    void *priv; /* what emogi_unplace must free or unpin */
    /* with_firsts, and kept: nv ids of id_width bytes in device memory,
     * one of each list's head (emogi_lists_firsts; 0 for an empty list);
     * else NULL. */
    const void *d_firsts;
    int kept_firsts; /* the budget kept room for firsts_bytes */
};

/* Bytes per edge index of G's neighbour ids as placed (of its stored
 * transpose when TRANSPOSE): id_width, or for compressed lists their
 * bytes over the edges, rounded up, so that budgets count them (0 for
 * compressed lists without edges).  No GPU needed; never fails. */
EMOGI_API uint64_t emogi_edge_bytes(const struct emogi_graph *g, int transpose);

/* Number of usable CUDA devices; 0 (and a reason in *ERR, which may be
 * NULL) when none is found, the driver fails, or the build has no CUDA. */
EMOGI_API int emogi_gpu_count(emogi_error *err);

/*
 * Place G (opened, or built in memory) on CUDA device O->device as O
 * says, filling *P (zeroed first): the offsets in device memory, and the
 * neighbour ids (for compressed lists, their bytes and byte offsets) and,
 * with O->with_weights, the weights where the policy O->mem puts them; for
 * EMOGI_MEM_AUTO, device memory when everything fits the budget, else
 * hybrid (p->mem says which).  The budget is the device's free memory
 * less headroom, capped by O->gpu_memory, less O->state_bytes and the room
 * O->extra_edge_bytes asks for.  Where zero-copy cannot pin the mapping it
 * pins a copy and says so in p->stats.note.  O->device becomes the calling
 * thread's current device.  G must stay unchanged and outlive P: P points
 * to it, and zero-copy and hybrid placements pin G's own pages.
 *
 * Returns 0, or -1 with *ERR filled (naming G's file where it has one): no
 * usable device (or no CUDA in this build), O->device out of range,
 * weights asked for but G has none, a placement the budget refuses (uvm
 * that does not fit, device over O->gpu_memory, a cap below the offsets
 * and state), a presplit of AUTO or of a split past ne or not a multiple
 * of 32, or a failed CUDA call (named, with CUDA's message).  On failure
 * nothing stays allocated or pinned, and emogi_unplace(P) is harmless.
 */
EMOGI_API int emogi_place(const struct emogi_graph *g, const struct emogi_place_opts *o,
                          struct emogi_placed *p, emogi_error *err);

/* Free the device and managed memory of P and unpin what it pinned (on
 * P's device, made current), then clear P's device pointers; p->g, mem,
 * split and stats stay for reports.  Harmless on a P that is zeroed,
 * already unplaced, or that emogi_place() failed on. */
EMOGI_API void emogi_unplace(struct emogi_placed *p);

/* Whether this libemogi has the CUDA backend: 1, or 0 when it was built
 * without CUDA (emogi_place() and every emogi_ALGO_gpu() then fail,
 * saying so).  Whether a GPU is there to use is emogi_gpu_count()'s to
 * say. */
EMOGI_API int emogi_built_with_cuda(void);

/* The OpenMP threads the CPU kernels run on (1 in a build without
 * OpenMP); emogi_set_cpu_threads(N) makes it N (N >= 1; a smaller N
 * changes nothing) for the calls that follow, as the tools' --threads
 * does, and returns the count before. */
EMOGI_API int emogi_cpu_threads(void);
EMOGI_API int emogi_set_cpu_threads(int n);

/* What emogi_place_for() places beside a graph's out-lists. */
enum emogi_place_what {
    EMOGI_PLACE_IN = 1u << 0,     /* a directed graph's stored transpose (its in-lists) */
    EMOGI_PLACE_FIRSTS = 1u << 1  /* the in-lists' first ids (bottom-up BFS levels) */
};

/* A graph placed with its transpose, from emogi_place_for(). */
struct emogi_placement;

/*
 * Place G as emogi's tools place it for one algorithm: G within the
 * budget, with O->state_bytes (the algorithm's, from
 * emogi_ALGO_gpu_state_bytes() of emogi_gpu_state.h) and the room a
 * transpose's offsets take counted; then, when WHAT has EMOGI_PLACE_IN and G is directed with a
 * stored transpose, the transpose as a graph of its own with G's
 * placement and split, both within O->gpu_memory; EMOGI_PLACE_FIRSTS the
 * in-lists' first ids, where the budget kept room.  *OUT gets a
 * placement to read with emogi_placement_out() and _in(), and to free
 * with emogi_placement_free().  Returns 0, or -1 with *ERR filled as
 * emogi_place() fails (or memory runs out); nothing then stays placed.
 */
EMOGI_API int emogi_place_for(const struct emogi_graph *g, const struct emogi_place_opts *o,
                              unsigned what, struct emogi_placement **out, emogi_error *err);
/* The out-lists placed, and the in-lists: the graph itself when G is
 * undirected, its placed transpose when directed, NULL when it has none
 * placed. */
EMOGI_API const struct emogi_placed *emogi_placement_out(const struct emogi_placement *p);
EMOGI_API const struct emogi_placed *emogi_placement_in(const struct emogi_placement *p);
/* Unplace both and free P (NULL: nothing). */
EMOGI_API void emogi_placement_free(struct emogi_placement *p);

/* ---- internal: for emogi's tools and ranks; not a stable interface ---- */

/*
 * Lists [V0, V1) of a graph as a graph of their own, to place one part
 * of a graph (an MPI rank's): G's vertex V0 + i is the view's vertex i,
 * with G's list (and its stored transpose's in-list), whose ids stay G's.
 * The view's offsets are rebased (kept in R, G's less R's base: V0's list
 * start rounded down to 32 entries, so that 128-byte lines stay whole);
 * its edge arrays point into G's, which must outlive it.  Compressed
 * lists alike: their byte offsets rebased to V0's list start rounded
 * down to 128 bytes.  No GPU needed.
 *
 * emogi_range_open returns 0, or -1 with *ERR filled ([V0, V1) not within
 * G's vertices, out of memory); emogi_range_close frees
 * the view's offsets and zeroes *R, harmless after a failed open.
 */
struct emogi_range {
    struct emogi_graph g; /* the view */
    uint64_t v0, v1;
    uint64_t base, t_base;   /* entries of G's arrays before the view's */
    uint64_t *off, *t_off;   /* the view's offsets, owned */
    uint64_t cbase, t_cbase; /* compressed lists: bytes of G's lists before the view's */
    uint64_t *coff, *t_coff; /* and the view's byte offsets, owned */
};
EMOGI_API int emogi_range_open(const struct emogi_graph *g, uint64_t v0, uint64_t v1,
                               struct emogi_range *r, emogi_error *err);
EMOGI_API void emogi_range_close(struct emogi_range *r);

#ifdef __cplusplus
}
#endif
#endif
