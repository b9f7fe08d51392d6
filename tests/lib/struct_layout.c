/*
 * struct_layout.c - the size of each public struct the Python package
 * mirrors through ctypes (python/emogi/_lib.py), and each field's offset:
 * "NAME SIZE" and "NAME.FIELD OFFSET" lines, which python/tests/
 * test_emogi.py compares with the ctypes structs, so that a header change
 * the package misses fails a test rather than a GPU run.
 */
#include <stddef.h>
#include <stdio.h>

#include "emogi_bc.h"
#include "emogi_bfs.h"
#include "emogi_cc.h"
#include "emogi_loader.h"
#include "emogi_pagerank.h"
#include "emogi_sssp.h"
#include "emogi_tc.h"

#define SIZE(t) printf("%s %zu\n", #t, sizeof(struct t))
#define AT(t, f) printf("%s.%s %zu\n", #t, #f, offsetof(struct t, f))

static void graph(void)
{
    SIZE(emogi_graph);
    AT(emogi_graph, nv); AT(emogi_graph, flags); AT(emogi_graph, weight_type);
    AT(emogi_graph, offsets); AT(emogi_graph, t_weights); AT(emogi_graph, idmap);
    AT(emogi_graph, provenance_len); AT(emogi_graph, map_size); AT(emogi_graph, nsections);
    AT(emogi_graph, sections); AT(emogi_graph, coffsets); AT(emogi_graph, t_cneighbors);
    AT(emogi_graph, part); AT(emogi_graph, name_offsets); AT(emogi_graph, names);
    SIZE(emogi_part);
}

static void placement(void)
{
    SIZE(emogi_place_opts);
    AT(emogi_place_opts, device); AT(emogi_place_opts, mem); AT(emogi_place_opts, advice);
    AT(emogi_place_opts, state_bytes); AT(emogi_place_opts, with_weights);
    AT(emogi_place_opts, gpu_memory); AT(emogi_place_opts, extra_edge_bytes);
    AT(emogi_place_opts, presplit); AT(emogi_place_opts, split); AT(emogi_place_opts, rule);
    AT(emogi_place_opts, with_firsts); AT(emogi_place_opts, firsts_bytes);
    SIZE(emogi_load_stats);
    AT(emogi_load_stats, h2d_s); AT(emogi_load_stats, managed_bytes); AT(emogi_load_stats, note);
    SIZE(emogi_edges);
    AT(emogi_edges, split); AT(emogi_edges, n); AT(emogi_edges, rank);
    SIZE(emogi_placed);
    AT(emogi_placed, g); AT(emogi_placed, mem); AT(emogi_placed, device);
    AT(emogi_placed, d_offsets); AT(emogi_placed, d_coffsets); AT(emogi_placed, nbr);
    AT(emogi_placed, wgt); AT(emogi_placed, split); AT(emogi_placed, stats);
    AT(emogi_placed, priv); AT(emogi_placed, d_firsts);
    AT(emogi_placed, kept_firsts);
}

static void algorithms(void)
{
    SIZE(emogi_bfs_opts);
    AT(emogi_bfs_opts, direction); AT(emogi_bfs_opts, alpha); AT(emogi_bfs_opts, beta);
    AT(emogi_bfs_opts, kernel); AT(emogi_bfs_opts, in); AT(emogi_bfs_opts, count_reached_edges);
    SIZE(emogi_bfs_stats);
    AT(emogi_bfs_stats, levels); AT(emogi_bfs_stats, devmem_bytes); AT(emogi_bfs_stats, pull_levels);
    AT(emogi_bfs_stats, reached_edges);
    SIZE(emogi_sssp_opts);
    AT(emogi_sssp_opts, delta);
    SIZE(emogi_sssp_stats);
    AT(emogi_sssp_stats, devmem_bytes);
    SIZE(emogi_cc_stats);
    AT(emogi_cc_stats, passes); AT(emogi_cc_stats, devmem_bytes);
    SIZE(emogi_pagerank_params);
    AT(emogi_pagerank_params, max_iterations);
    AT(emogi_pagerank_params, weighted);
    SIZE(emogi_pagerank_stats);
    AT(emogi_pagerank_stats, converged); AT(emogi_pagerank_stats, delta);
    AT(emogi_pagerank_stats, devmem_bytes);
    SIZE(emogi_bc_stats);
    AT(emogi_bc_stats, levels); AT(emogi_bc_stats, reached); AT(emogi_bc_stats, devmem_bytes);
    SIZE(emogi_tc_stats);
    AT(emogi_tc_stats, orient_seconds); AT(emogi_tc_stats, triangles);
    AT(emogi_tc_stats, relabelled); AT(emogi_tc_stats, oriented_edges);
    AT(emogi_tc_stats, devmem_bytes);
}

int main(void)
{
    graph();
    placement();
    algorithms();
    return 0;
}
