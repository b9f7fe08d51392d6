/*
 * emogi_bfs.h - breadth-first search, one interface for both backends.
 *
 * Both fill depth[v] with the number of edges on a shortest path from the
 * source, EMOGI_UNREACHED where there is none; for the same graph and
 * source they produce identical arrays.  Parents are derived from depths
 * afterwards (emogi_bfs_parents) so that every backend reports the same tree.
 *
 * Functions that can fail return 0, or -1 with *err filled (emogi_csr.h);
 * a stats pointer may be NULL.  The section marked "internal" at the end
 * is the direction rule and the counts the backends and the tools' MPI
 * ranks share: not a stable interface.
 */
#ifndef EMOGI_BFS_H
#define EMOGI_BFS_H

#include "emogi_csr.h"
#include "emogi_kernel.h"
#include "emogi_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMOGI_UNREACHED UINT32_MAX
#define EMOGI_NO_PARENT UINT64_MAX

struct emogi_bfs_stats {
    double seconds;          /* traversal only, load excluded */
    uint32_t levels;         /* deepest level + 1 */
    uint64_t reached;        /* vertices with a depth */
    uint64_t edges_examined; /* neighbour entries read */
    uint64_t edge_bytes;     /* bytes of the edge arrays read (GPU: whole lines requested) */
    uint64_t link_bytes;     /* GPU: of those, over the link from pinned host memory */
    uint64_t devmem_bytes;   /* GPU: of those, from device memory */
    uint32_t push_levels;    /* levels run top-down */
    uint32_t pull_levels;    /* levels run bottom-up */
    /* With the options' count_reached_edges, else 0: the stored out-entries
     * of the reached vertices, the component's edges (twice each when
     * undirected), counted after the clock. */
    uint64_t reached_edges;
};

/* Which way a level goes: Beamer's switch, or one way throughout. */
enum emogi_direction {
    EMOGI_DIR_AUTO = 0, /* top-down, bottom-up while the frontier is large or
                           while its lists outweigh those left unreached */
    EMOGI_DIR_PUSH = 1, /* top-down only: every frontier vertex reads its whole list */
    EMOGI_DIR_PULL = 2, /* bottom-up from the first level (needs in-edges) */
    EMOGI_DIR_GAP = 3   /* GAP's switch alone, for comparisons with it */
};

/* GAP's switching thresholds (Beamer et al. tuned them on the CPU):
 * go bottom-up when the frontier's out-edges exceed 1/ALPHA of the edges
 * not yet explored, back when the frontier holds under 1/BETA of the
 * vertices and shrinks.
 * bench/journal/2026-11-23-fewer-bytes-over-the-link.md has the GPU's
 * measurements. */
#define EMOGI_BFS_ALPHA 15.0
#define EMOGI_BFS_BETA 18.0

struct emogi_bfs_opts {
    enum emogi_direction direction;
    double alpha, beta;      /* 0: the defaults above */
    enum emogi_kernel kernel; /* GPU: how warps read lists */
    /* GPU: the in-edges bottom-up levels read (the placed graph itself when
     * undirected, its placed transpose when directed), or NULL: top-down. */
    const struct emogi_placed *in;
    /* When set, called after every level (EMOGI_TRACE_LEVELS in
     * emogi-bfs): its number, direction, finds and seconds, the GPU's
     * synchronised. */
    void (*level_done)(void *arg, uint32_t level, enum emogi_direction way, uint64_t found,
                       double seconds);
    void *level_arg;
    /* Fill the stats' reached_edges: one more pass over the depths and
     * offsets, where the depths are (on the GPU for a GPU search). */
    int count_reached_edges;
};

/* The name of direction D: "auto", "push", "pull", "gap", or "unknown";
 * emogi_direction_parse sets *D from such a name and returns 0, or
 * returns -1 (no message, *D left alone) for any other string. */
EMOGI_API const char *emogi_direction_name(enum emogi_direction d);
EMOGI_API int emogi_direction_parse(const char *s, enum emogi_direction *d);

/*
 * OpenMP reference: BFS of G (opened or in memory, plain or compressed
 * lists) from SOURCE, writing DEPTH (G->nv entries, every one: the
 * unreached get EMOGI_UNREACHED) and, when ST is not NULL, *ST.
 * Direction-optimizing (Beamer, with the EMOGI_DIR_AUTO rule) when
 * in-edges are known (undirected, or a stored transpose), top-down
 * otherwise.  -1 with *ERR filled when SOURCE is not below nv, the id
 * width is neither 4 nor 8, or memory for the queues runs out.
 */
EMOGI_API int emogi_bfs_cpu(const struct emogi_graph *g, uint64_t source, uint32_t *depth,
                            struct emogi_bfs_stats *st, emogi_error *err);
/* The same, with O's direction, thresholds, level_done and
 * count_reached_edges (O's GPU fields ignored; O NULL: as emogi_bfs_cpu).
 * Also -1 for EMOGI_DIR_PULL on a directed graph without a transpose. */
EMOGI_API int emogi_bfs_cpu_with(const struct emogi_graph *g, uint64_t source,
                                 const struct emogi_bfs_opts *o, uint32_t *depth,
                                 struct emogi_bfs_stats *st, emogi_error *err);

/*
 * CUDA: BFS of the placed graph P (emogi_place) from SOURCE; DEPTH is a
 * host array of p->g->nv entries, filled as emogi_bfs_cpu fills it, to
 * the byte.  O NULL: aligned warp reads, top-down only.  Pull and auto
 * need O->in (placed on the same device); auto without it stays
 * top-down, as on the CPU.  Compressed lists are always read by the warp
 * decoder, whatever O->kernel.  -1 with *ERR filled ("GPU BFS: ...") when
 * P is not placed, SOURCE is not below nv, O asks for an unknown kernel or
 * direction, for pull without O->in or with the naive kernel, O->in does
 * not match the graph, a CUDA call fails, or the build has no CUDA.
 */
EMOGI_API int emogi_bfs_gpu(const struct emogi_placed *p, uint64_t source,
                            const struct emogi_bfs_opts *o, uint32_t *depth,
                            struct emogi_bfs_stats *st, emogi_error *err);

/* Parent of each reached vertex into PARENT (nv entries): its smallest
 * in-neighbour one level up (the source is its own parent),
 * EMOGI_NO_PARENT for unreached vertices.  DEPTH is a BFS result from
 * SOURCE.  Reads plain or compressed lists, in-lists where G has them
 * (else a pass over the out-lists), in parallel.  -1 with *ERR filled
 * when SOURCE is not below nv, a depth has no parent (DEPTH is not a BFS
 * of G from SOURCE) or a compressed list is corrupt. */
EMOGI_API int emogi_bfs_parents(const struct emogi_graph *g, uint64_t source, const uint32_t *depth,
                                uint64_t *parent, emogi_error *err);

/* ---- internal: for emogi's tools and ranks; not a stable interface ---- */

/* What a bottom-up level leaves for the direction rule, every backend
 * and rank counting alike. */
struct emogi_bu_count {
    uint64_t found; /* vertices it reached */
    uint64_t left;  /* in-list entries of the vertices it tested and did not reach */
    uint64_t scout; /* out-list entries of those it reached */
};

/*
 * Whether the level after a bottom-up one that reached C (OLD: the one
 * before reached that many) is bottom-up too.  GAP's rule: while the
 * frontier grows or holds over 1/BETA of the NV vertices.  EMOGI_DIR_AUTO
 * also stays while C's LEFT is under its SCOUT: a bottom-up level reads
 * at most the lists of the vertices still unreached, a top-down one every
 * list of the frontier.  On Kronecker graphs GAP's rule goes back
 * top-down for a frontier of a million vertices whose lists find a few
 * thousand, the search's costliest level over the link
 * (bench/journal/2026-11-28-bottom-up-while-the-lists-left-are-shorter.md).
 */
static inline int emogi_bfs_stay_pull(enum emogi_direction dir, double beta, uint64_t nv,
                                      uint64_t old, const struct emogi_bu_count *c)
{
    if (c->found == 0)
        return 0;
    if (dir == EMOGI_DIR_PULL || c->found >= old || (double)c->found > (double)nv / beta)
        return 1;
    return dir == EMOGI_DIR_AUTO && c->left < c->scout;
}

/* The stored out-entries of the vertices of [LO, HI) that DEPTH (theirs,
 * from LO) reached: an OpenMP pass, for a CPU search's reached_edges (a
 * rank's range, or the whole graph).  Never fails. */
EMOGI_API uint64_t emogi_bfs_reached_edges(const struct emogi_graph *g, const uint32_t *depth,
                                           uint64_t lo, uint64_t hi);

#ifdef __cplusplus
}
#endif
#endif
