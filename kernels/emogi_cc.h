/*
 * emogi_cc.h - connected components, one interface for both backends.
 *
 * Both fill labels[v] with the smallest vertex id of v's component: the
 * components of an undirected graph, the weakly connected components of a
 * directed one (which needs its in-edges: a stored transpose).  The label
 * is canonical, so every backend and algorithm writes the same array.
 * Labels are uint32_t when g->id_width is 4, uint64_t when it is 8.
 *
 * Functions that can fail return 0, or -1 with *err filled (emogi_csr.h);
 * a stats pointer may be NULL.  Everything here is stable.
 */
#ifndef EMOGI_CC_H
#define EMOGI_CC_H

#include "emogi_csr.h"
#include "emogi_kernel.h"
#include "emogi_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The GPU algorithms (the CPU always runs Afforest). */
enum emogi_cc_algorithm {
    EMOGI_CC_UF = 0, /* Afforest-style union-find: hooking, pointer jumping */
    EMOGI_CC_LP = 1  /* EMOGI's label propagation: min-label push-pull passes */
};
/* The name of algorithm A: "uf", "lp", or "unknown";
 * emogi_cc_algorithm_parse sets *A from such a name and returns 0, or
 * returns -1 (no message, *A left alone) for any other string. */
EMOGI_API const char *emogi_cc_algorithm_name(enum emogi_cc_algorithm a);
EMOGI_API int emogi_cc_algorithm_parse(const char *s, enum emogi_cc_algorithm *a);

struct emogi_cc_stats {
              double seconds;          /* the algorithm only, load excluded */
              uint32_t passes;         /* LP: propagation passes; Afforest: its rounds */
              uint64_t edges_examined; /* neighbour entries read (in-edges included) */
              uint64_t edge_bytes;     /* bytes of the edge arrays read (GPU: the 128-byte
                                          lines requested, devmem_bytes + link_bytes) */
              uint64_t link_bytes;     /* GPU: edge_bytes in pinned host memory, over
                                          the link; CPU: 0 */
              uint64_t devmem_bytes;   /* GPU: edge_bytes in device (or managed) memory;
                                          CPU: 0 */
};

/* Whether both backends can label G: 0, or -1 with *ERR filled when the
 * id width is neither 4 nor 8, or G is directed without a stored
 * transpose (the message says how to convert it). */
EMOGI_API int emogi_cc_check_graph(const struct emogi_graph *g, emogi_error *err);

/* OpenMP reference: Afforest (Sutton, Ben-Nun, Barak, IPDPS 2018) over
 * G's plain or compressed lists.  LABELS: nv entries of the id width, all
 * written; *ST when not NULL.  -1 as emogi_cc_check_graph. */
EMOGI_API int emogi_cc_cpu(const struct emogi_graph *g, void *labels, struct emogi_cc_stats *st,
                           emogi_error *err);

/*
 * CUDA, algorithm A with kernel K.  OUT: the graph placed (out-edges);
 * IN: its transpose placed the same way, on the same device (a directed
 * graph's in-edges), or NULL for an undirected graph (ignored there).
 * LABELS: a host array of OUT->g->nv entries of the id width, the same
 * array emogi_cc_cpu writes.  -1 with *ERR filled when OUT (or a directed
 * graph's IN) is not placed, IN is on another device, emogi_cc_check_graph
 * refuses the graph, A or K is unknown, a CUDA call fails, or the build
 * has no CUDA.
 */
EMOGI_API int emogi_cc_gpu(const struct emogi_placed *out, const struct emogi_placed *in,
                           enum emogi_cc_algorithm a, enum emogi_kernel k, void *labels,
                           struct emogi_cc_stats *st, emogi_error *err);

#ifdef __cplusplus
}
#endif
#endif
