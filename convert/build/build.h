/*
 * build.h - the edge list -> CSR builder of emogi-convert.
 *
 * build_csr() turns an edge list (ids already 0-based, below nv) into a
 * struct emogi_graph ready for emogi_csr_write(): a count pass and a
 * scatter pass that group arcs by block of vertices straight into an array
 * of the final id width (build_scatter.c), then per block, in cache, a
 * counting sort by vertex into 64-bit offsets and a sort of every list that
 * also drops duplicates; self-loops never get a slot.  The edge list is
 * freed as soon as the scatter no longer needs it, so the peak is the edge
 * list plus the CSR arrays plus 2 bytes per arc.
 *
 * build_need() (build_plan.c) adds up, phase by phase, every array
 * build_csr() allocates for a given shape, per-vertex and per-thread ones
 * included: the caller builds in memory only when that fits in --memory.
 * Per-thread buffers are sized from build_opts.memory, not from the input,
 * so that a hub's block or list never makes one as large as the graph.
 */
#ifndef EMOGI_CONVERT_BUILD_H
#define EMOGI_CONVERT_BUILD_H

#include <stdint.h>

#include "edges.h"
#include "emogi_csr.h"

enum build_weights {
    BUILD_WEIGHTS_INPUT = 0, /* keep what the input carries (maybe none) */
    BUILD_WEIGHTS_NONE,      /* drop input weights */
    BUILD_WEIGHTS_RANDOM     /* uint32 uniform in [lo, hi] from (seed, u, v) */
};

/* --combine: the weight that a set of duplicate (u, v) entries keeps. */
enum build_combine {
    COMBINE_MIN = 0, /* the default: what a shortest path takes */
    COMBINE_MAX,
    COMBINE_SUM, /* uint32 overflow is an error; float32 adds in ascending order */
    COMBINE_FIRST /* the first in input order: build_csr() drops the others before
                     it sorts; out of core, the earliest run's (ooc_merge.c) */
};

struct build_opts {
    int directed;        /* else every edge is stored in both directions */
    int mirror;          /* store v->u too even when directed (mtx symmetric) */
    int both_ends;       /* the input lists every edge at both of its ends (METIS, an
                            undirected sg): an input edge is two entries */
    int skew;            /* mirrored weights are negated (mtx skew-symmetric) */
    int keep_self_loops;
    int keep_duplicates; /* else duplicates collapse to one, weighted by combine */
    enum build_combine combine;
    int transpose;       /* store in-edges too (directed graphs only) */
    int relabel;         /* compact used ids to 0..n-1, keep the id map */
    uint32_t id_width;   /* 0: smallest that fits, else 4 or 8 */
    enum build_weights weights;
    uint32_t wlo, whi;
    uint64_t seed;
    uint64_t memory; /* --memory: per-thread buffers are sized from it (0: no bound) */
};

/* Seconds spent in each phase, for --stats. */
struct build_times {
    double relabel, scatter, sort, weights;
};

/* The built graph: g's const pointers alias the arrays owned here. */
struct built_graph {
    struct emogi_graph g;
    uint64_t *offsets, *t_offsets, *idmap;
    uint64_t *name_offsets; /* --string-ids: the names (emogi_graph's), or NULL */
    char *names;
    void *neighbors, *weights, *t_neighbors, *t_weights;
    struct build_times times;
    uint64_t self_loops_dropped; /* input entries */
    uint64_t duplicates_dropped; /* input edges, each once (build_duplicates) */
};

/*
 * Build from *E (consumed: freed on success and on failure).  WK says what
 * the weights in E->w mean; NV is the vertex count (every id below it).
 * Progress, if non-NULL, is called with a phase name as each one starts.
 */
int build_csr(struct edge_list *e, uint64_t nv, enum weight_kind wk, const struct build_opts *o,
              struct built_graph *out, void (*progress)(const char *phase), emogi_error *err);
void built_graph_free(struct built_graph *b);

/*
 * Input edges dropped as duplicates, each counted once, from what a build
 * was given and what it stored: ENTRIES (loops of them dropped as
 * self-loops), and the NE arcs of the out side, SELF of them self-loops.
 * A directed edge is one arc; an edge stored both ways two, a self-loop
 * one; where the input lists each edge at both ends (both_ends), an input
 * edge is two entries.  The in-edges of --transpose are the same edges.
 */
uint64_t build_duplicates(const struct build_opts *o, uint64_t entries, uint64_t loops,
                          uint64_t ne, uint64_t self);

/* The id width for NV vertices: ASKED (4 or 8), or the smallest that fits
 * when 0; an error when 4 was asked and cannot hold them (emogi-csr(5)). */
int build_choose_width(uint64_t nv, uint32_t asked, uint32_t *width, emogi_error *err);

/* ---- what a build holds (build_plan.c) ---- */

/* An edge list about to be built, as build_need() sees it. */
struct build_shape {
    uint64_t edges;   /* in the list */
    uint64_t nv;      /* every id is below it (before --relabel) */
    int edge_weights; /* the list carries weights: 8 more bytes an edge */
    enum weight_kind wk;
    int threads;
};

/* Upper bounds of what the built graph holds, as build_csr() decides it. */
struct build_sizes {
    uint64_t nv;         /* vertices after --relabel (at most the ids used) */
    uint64_t idmap;      /* bytes of the id map */
    uint64_t a1, a2;     /* arcs of the out side and of the in side (--transpose) */
    uint64_t elem, idw;  /* bytes of a scatter slot, of a stored id */
    int packed, wout;    /* weights travel in the slots; weights are stored */
    uint64_t nblocks;    /* scatter blocks */
    uint64_t cur;        /* per-thread vertex counters of a block */
};
void build_sizes(const struct build_shape *sh, const struct build_opts *o, struct build_sizes *z);
/* The most bytes build_csr() holds at once for SH, the edge list included. */
uint64_t build_need(const struct build_shape *sh, const struct build_opts *o);
/* The arrays of the built graph (what reordering and writing start from). */
uint64_t build_graph_bytes(const struct build_shape *sh, const struct build_opts *o);
/* Slots of each thread's sort scratch: a small share of MEMORY (0: none). */
uint64_t build_scratch_slots(uint64_t memory, int threads, uint64_t elem);
/* Whether --relabel uses its bitmap (else it sorts the endpoints). */
int build_relabel_by_bitmap(uint64_t nv, uint64_t edges);

/* ---- shared between build*.c ---- */

/* What one scatter slot holds: the neighbour, and the input weight's
 * order-preserving key when input weights travel with it. */
enum elem_kind {
    ELEM_U32,  /* uint32 id */
    ELEM_U64,  /* uint64 id */
    ELEM_U32W, /* uint64: id << 32 | weight key, sorted as one integer */
    ELEM_U64W  /* struct id_weight */
};

struct id_weight {
    uint64_t id;
    uint32_t key;
    uint32_t pad;
};

struct build_ctx {
    const struct build_opts *o;
    uint64_t nv;
    enum elem_kind kind;
    size_t elem_size;
    int weighted_in; /* input weights travel with the edges */
    int real;        /* those weights are float32 */
    int both;        /* store v->u as well as u->v */
    int id_bits;     /* bits of the largest id */
    const uint64_t *idmap; /* --relabel's input ids, for messages */
};

/* --combine first: drop every duplicate (u, v) entry of E but the first
 * in input order. */
int build_keep_first(struct edge_list *e, const struct build_opts *o, emogi_error *err);
/* Fold duplicate weight keys under --combine (the keys ascending): into
 * *acc, the combined key so far; -1 when a uint32 sum overflows. */
int combine_keys(enum build_combine how, int real, uint32_t *acc, uint32_t key);

/* One adjacency structure (out-edges, or in-edges for --transpose). */
struct build_side {
    uint64_t *offsets; /* nv+1 */
    void *elems;       /* slots, then the final neighbours */
    uint32_t *wkeys;   /* weights after the compaction, or NULL */
    uint64_t ne;
    uint64_t *len;        /* per vertex: list length after sort and dedup */
    uint64_t self_loops;  /* input self-loops dropped */
    /* between distribute and sort: arcs grouped by blocks of 2^shift vertices */
    int shift;
    uint64_t nblocks;
    uint64_t *bstart;  /* nblocks+1: first slot of each block */
    uint16_t *local;   /* per slot: source vertex minus its block's first */
};

/* Passes 1 and 2: arcs of E (reversed when SWAP) into S->elems, grouped by
 * block of source vertices, in two sequential sweeps over E.  With LAST
 * (no later reader of E but edge_list_free) pass 2 hands E's pages back
 * to the system as it consumes them: E's contents are then gone. */
int build_distribute(const struct build_ctx *c, const struct edge_list *e, int swap, int last,
                     struct build_side *s, emogi_error *err);
/* Pass 3, one block at a time while it is in cache: group by vertex (fills
 * S->offsets), sort every list, drop duplicates in place (fills S->len). */
int build_sort_blocks(const struct build_ctx *c, struct build_side *s, emogi_error *err);
void build_exclusive_scan(uint64_t *a, uint64_t n);
void *build_alloc(uint64_t n, size_t elem, const char *what, emogi_error *err);

/* Compact ids in place to 0..n-1 in increasing input id order; *idmap gets
 * the n used input ids (ascending). */
int build_relabel(struct edge_list *e, uint64_t nv, uint64_t **idmap, uint64_t *n,
                  emogi_error *err);

/* Ascending sorts for one neighbour list. */
void sort_u32(uint32_t *a, uint64_t n);
void sort_u64(uint64_t *a, uint64_t n);
/* Ascending by the low BITS bits (the rest must be 0); TMP holds n. */
void radix_sort_u32(uint32_t *a, uint32_t *tmp, uint64_t n, int bits);
void radix_sort_u64(uint64_t *a, uint64_t *tmp, uint64_t n, int bits);

/* The weight of {u, v} under --weights random: symmetric in u and v. */
uint32_t random_weight(uint64_t seed, uint64_t u, uint64_t v, uint32_t lo, uint32_t hi);

/* Order-preserving map of float32 bits to uint32, and back. */
uint32_t float_key(float f);
float float_from_key(uint32_t k);

#endif
