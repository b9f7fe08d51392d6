/*
 * emogi.h - libemogi: .csr graph files, their placement in GPU, pinned host
 * or unified memory, and traversal kernels on CPU and GPU.
 * Include this one header; link with `pkg-config --libs emogi`.
 */
#ifndef EMOGI_H
#define EMOGI_H
#include "emogi_csr.h"
#include "emogi_loader.h"
#include "emogi_kernel.h"
#include "emogi_bfs.h"
#include "emogi_sssp.h"
#include "emogi_cc.h"
#include "emogi_pagerank.h"
#endif
