/*
 * verify_sssp.h - checking an SSSP distance array against its graph,
 * shared by emogi-verify sssp and emogi-sssp --verify.
 */
#ifndef EMOGI_VERIFY_SSSP_H
#define EMOGI_VERIFY_SSSP_H

#include <stdint.h>

#include "emogi_sssp.h"

/*
 * 0 when DIST (nv entries of the type emogi_sssp_dist_size() names) holds
 * the shortest distances of G from SOURCE under O; else -1 and the first
 * violation in err ("edge 3 -> 7 of weight 5 can still be relaxed: ...").
 * Uses out-edges only.
 */
int verify_sssp_dist(const struct emogi_graph *g, uint64_t source, const struct emogi_sssp_opts *o,
                     const void *dist, emogi_error *err);

/* emogi-verify sssp GRAPH -s SOURCE [--unit-weights] DIST; returns the exit status. */
int verify_sssp_main(int argc, char **argv);

#endif
