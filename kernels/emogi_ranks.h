/*
 * emogi_ranks.h - what the MPI ranks (dist/) reuse of the kernels, in one
 * declared place: internal, not installed, and free to change with the
 * kernels it exposes.  The ranks run the single process's loops on their
 * own ranges so that their results match it bit for bit; this header is
 * the only door to those loops, so that dist/ never includes a kernel's
 * private files by path.
 *
 *   cc_link.h             Afforest's union-find steps (kernels/cpu/cc.c)
 *   sssp_float.h          float32 distances as bit patterns (kernels/cpu/sssp.c)
 *   cpu/pagerank_sum.h    the Jacobi in-sum over a plain list (kernels/cpu/pagerank.c)
 *   cpu/random_array.h    memory for an array read at random (PageRank's contributions)
 *   emogi_dist_gpu.h      one GPU rank's share of each search (kernels/cuda/)
 */
#ifndef EMOGI_RANKS_H
#define EMOGI_RANKS_H

#include "cc_link.h"
#include "cpu/pagerank_sum.h"
#include "cpu/random_array.h"
#include "emogi_dist_gpu.h"
#include "sssp_float.h"

#endif
