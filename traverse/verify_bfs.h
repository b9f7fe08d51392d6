/*
 * verify_bfs.h - the Graph500 check of a BFS depth array, shared by
 * emogi-verify and emogi-bfs --verify.
 */
#ifndef EMOGI_VERIFY_BFS_H
#define EMOGI_VERIFY_BFS_H

#include <stdint.h>

#include "emogi_csr.h"

/*
 * 0 when DEPTH (nv entries, UINT32_MAX = unreached) is the BFS depth array
 * of G from SOURCE; else -1 and the first violation in err ("vertex 17 at
 * depth 3 has no in-neighbour at depth 2").  Uses out-edges only.
 */
int verify_bfs_depths(const struct emogi_graph *g, uint64_t source, const uint32_t *depth,
                      emogi_error *err);

#endif
