/*
 * verify_pagerank.h - checking PageRank results without the code that
 * computed them, shared by emogi-verify pagerank and emogi-pagerank --verify.
 */
#ifndef EMOGI_VERIFY_PAGERANK_H
#define EMOGI_VERIFY_PAGERANK_H

#include <stdint.h>

#include "emogi_csr.h"
#include "tool.h"

struct pagerank_check {
    double damping, tolerance;
    enum tool_elem precision; /* what the ranks were stored as */
    double sum, change;       /* filled: sum of the ranks, L1 change of one more iteration */
};

/*
 * 0 when RANK (g->nv values, read back from a result of c->precision) is
 * a PageRank fixed point of G: every rank finite and >= 0, their sum
 * within 1e-6 (float64) or 1e-3 (float32) of 1, and one more iteration,
 * pushed along out-edges in float64, changing them by at most the
 * tolerance in L1 norm, plus what storing them rounded may add (2^-23 for
 * float32, 1e-12 for float64).  Else -1 and the first violation in err.
 */
int verify_pagerank_ranks(const struct emogi_graph *g, const double *rank,
                          struct pagerank_check *c, emogi_error *err);

/* emogi-verify pagerank GRAPH RANKS [--damping D] [--tolerance T]
 * [--precision P] [--compare OTHER] */
int verify_pagerank_main(int argc, char **argv);

#endif
