/*
 * emogi.h - libemogi: .csr graph files, their placement in GPU, pinned host
 * or unified memory, and traversal kernels on CPU and GPU.
 * Include this one header; link with `pkg-config --libs emogi`.
 *
 * The headers it includes, in the order of the layers:
 *   emogi_csr.h       the .csr file (emogi-csr(5)): open, verify, close,
 *                     write; struct emogi_graph; the error type
 *   emogi_loader.h    placing an opened graph for the GPU: emogi_place,
 *                     emogi_unplace
 *   emogi_kernel.h    how GPU warps read lists (naive, merged, aligned)
 *   emogi_bfs.h, emogi_sssp.h, emogi_cc.h, emogi_scc.h, emogi_pagerank.h,
 *   emogi_bc.h, emogi_tc.h
 *                     one algorithm each, a CPU (OpenMP) reference and a
 *                     CUDA entry point that give the same result
 *   emogi_gpu_state.h the device memory each GPU run adds, for placing
 *
 * A BFS on the GPU, errors checked at each step:
 *
 *     struct emogi_graph g;
 *     struct emogi_place_opts o = {0};   (device 0, placement auto)
 *     struct emogi_placed p;
 *     emogi_error err;
 *     uint32_t *depth;
 *     if (emogi_csr_open("g.csr", &g, &err) < 0) ...print err.msg...
 *     depth = malloc(g.nv * sizeof *depth);
 *     if (emogi_place(&g, &o, &p, &err) < 0 ||
 *         emogi_bfs_gpu(&p, 0, NULL, depth, NULL, &err) < 0) ...
 *     emogi_unplace(&p);
 *     emogi_csr_close(&g);
 *
 * emogi_bfs_cpu(&g, 0, depth, NULL, &err) gives the same array without a
 * GPU.  Every function that can fail returns -1 and fills an emogi_error
 * whose message names the file; none prints or exits.
 *
 * Each header puts its stable interface first.  A section headed
 * "internal: for emogi's tools and ranks; not a stable interface" holds
 * what emogi's own programs and MPI ranks share (output files, option
 * tables, a rank's range of a graph, the direction rule's counts): it is
 * exported so the tools can use it, and may change in any release.
 */
#ifndef EMOGI_H
#define EMOGI_H
#include "emogi_csr.h"
#include "emogi_loader.h"
#include "emogi_kernel.h"
#include "emogi_bfs.h"
#include "emogi_sssp.h"
#include "emogi_cc.h"
#include "emogi_scc.h"
#include "emogi_pagerank.h"
#include "emogi_bc.h"
#include "emogi_tc.h"
#include "emogi_gpu_state.h"
#endif
