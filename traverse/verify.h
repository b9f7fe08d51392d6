/*
 * verify.h - checking traversal results without trusting the code that
 * computed them.  One file per algorithm holds its checker, which the
 * tool's --verify calls, and the emogi-verify subcommand around it.
 *
 * Every checker uses out-edges only, returns 0 when the result is right,
 * else -1 and the first violation in err, found in parallel but reported
 * for the smallest vertex, so the message does not depend on the thread
 * count.  Every subcommand's main takes argv[0] as the subcommand's name
 * and returns the exit status.
 */
#ifndef EMOGI_VERIFY_H
#define EMOGI_VERIFY_H

#include <stdint.h>

#include "emogi_csr.h"
#include "tool.h"

/* ---- edges read (verify_bfs.c) ---- */

/* The edge-list entries the checkers have read in their sweeps since the
 * process started (emogi-verify --stats: edges_read; a compressed graph's
 * decoding into a plain view is not counted).  Checkers add to it. */
extern uint64_t verify_edges_read;
void verify_count_edges(uint64_t n);

/* ---- --stats of every subcommand (verify_stats.c) ---- */

/* Long option codes, and the options for each subcommand's longopts. */
enum { VERIFY_OPT_STATS = 320, VERIFY_OPT_JSON, VERIFY_OPT_STATS_FILE, VERIFY_OPT_VERSION };
#define VERIFY_STATS_LONGOPTS \
    {"version", no_argument, NULL, VERIFY_OPT_VERSION}, \
    {"stats", optional_argument, NULL, VERIFY_OPT_STATS}, \
    {"json", no_argument, NULL, VERIFY_OPT_JSON}, \
    {"stats-file", required_argument, NULL, VERIFY_OPT_STATS_FILE}
#define VERIFY_USAGE_STATS "[--stats[=text|json] | --json] [--stats-file FILE]"

/* Option C with ARG if it is --stats[=FORM], --json or --stats-file: 0
 * (--version, also taken here, prints the version and exits 0),
 * or -1 for any other option.  A bad FORM is a usage error. */
int verify_stats_option(int c, const char *arg);

/* After the options: usage error when the --stats-file is the graph or a
 * result file (RESULT, and OTHER unless NULL); the records opened; the
 * clock started.  ALGORITHM names the subcommand in the record. */
void verify_stats_start(const char *algorithm, const char *graph, const char *result,
                        const char *other);

/* The graph and the result are read: the check starts (open_seconds ends). */
void verify_stats_checking(void);

/* The record of a right result (result=ok) over VERTICES vertices, and
 * the --stats-file committed; nothing without --stats. */
void verify_stats_ok(uint64_t vertices);

/* A wrong result: its record (result=mismatch) and the --stats-file
 * committed, then "emogi-verify: NAME: <err>", exit 1. */
_Noreturn void verify_mismatch(const char *name, const emogi_error *err, uint64_t vertices);

/* ---- sources of the bfs and sssp subcommands (verify_bfs.c) ---- */

/* Long option code of --original-ids in the subcommands. */
#define VERIFY_OPT_IDS 300

/* Option C with ARG if it is -s, -S or --original-ids: -s sets *SOURCE
 * (the text as given), -S sets it and *INPUT_HOW ("-S"), --original-ids
 * sets *ORIGINAL_IDS; 0, or -1 for any other option.  An input id may be
 * a name (--string-ids), looked up by tool_resolve_source_text() once
 * the graph is open. */
int verify_source_option(int c, const char *arg, const char **source, const char **input_how,
                         int *original_ids);

/* Usage error unless SOURCE is a number or, with INPUT_HOW, an input id
 * that may be a name. */
void verify_source_checked(const char *source, const char *input_how);

/* ---- BFS (verify_bfs.c) ---- */

/* DEPTH (nv entries, UINT32_MAX = unreached) is the BFS depth array of G
 * from SOURCE ("vertex 17 at depth 3 has no in-neighbour at depth 2"). */
int verify_bfs_depths(const struct emogi_graph *g, uint64_t source, const uint32_t *depth,
                      emogi_error *err);

/* emogi-verify bfs GRAPH -s SOURCE DEPTHS */
int verify_bfs_main(int argc, char **argv);

/* ---- SSSP (verify_sssp.c) ---- */

struct emogi_sssp_opts; /* emogi_sssp.h */

/* DIST (nv entries of the type emogi_sssp_dist_size() names) holds the
 * shortest distances of G from SOURCE under O ("edge 3 -> 7 of weight 5
 * can still be relaxed: ..."). */
int verify_sssp_dist(const struct emogi_graph *g, uint64_t source, const struct emogi_sssp_opts *o,
                     const void *dist, emogi_error *err);

/* emogi-verify sssp GRAPH -s SOURCE [--unit-weights] DIST */
int verify_sssp_main(int argc, char **argv);

/* ---- component labels, weak and strong (verify_cc.c) ---- */

/* Label v of LABELS, an array of W-byte ids. */
static inline uint64_t verify_label(const void *labels, unsigned w, uint64_t v)
{
    return w == 4 ? ((const uint32_t *)labels)[v] : ((const uint64_t *)labels)[v];
}

/* Every label is its class's smallest id: label[v] <= v and
 * label[label[v]] == label[v].  Both component checks start here. */
int verify_labels_canonical(const struct emogi_graph *g, const void *labels, emogi_error *err);

/* CHECK(plain, labels, err) on G's lists as plain ids (a view of
 * compressed lists decoded once). */
int verify_labels_plain(const struct emogi_graph *g, const void *labels,
                        int (*check)(const struct emogi_graph *, const void *, emogi_error *),
                        emogi_error *err);

/* emogi-verify NAME GRAPH LABELS for labels checked by VERIFY; the summary
 * counts the labels that are their own vertex as WHAT ("components"). */
int verify_labels_main(int argc, char **argv, const char *name,
                       int (*verify)(const struct emogi_graph *, const void *, emogi_error *),
                       const char *what);

/* ---- connected components (verify_cc.c) ---- */

/* LABELS (nv entries of G's id width) give every vertex the smallest id
 * of its (weakly) connected component. */
int verify_cc_labels(const struct emogi_graph *g, const void *labels, emogi_error *err);

/* emogi-verify cc GRAPH LABELS */
int verify_cc_main(int argc, char **argv);

/* ---- strongly connected components (verify_scc.c) ---- */

/* LABELS (nv entries of G's id width) give every vertex the smallest id
 * of its strongly connected component (an undirected graph's: its
 * component). */
int verify_scc_labels(const struct emogi_graph *g, const void *labels, emogi_error *err);

/* emogi-verify scc GRAPH LABELS */
int verify_scc_main(int argc, char **argv);

/* ---- betweenness centrality (verify_bc.c) ---- */

/* SCORE (nv float64) holds the Brandes sums of G from the N SOURCES
 * (repeats counted), divided by (nv-1)(nv-2) when NORMALIZE, within a
 * relative 1e-9 ("vertex 4 has score 2, not 3 (...)"). */
int verify_bc_scores(const struct emogi_graph *g, const uint64_t *sources, uint64_t n,
                     int normalize, const double *score, emogi_error *err);

/* emogi-verify bc GRAPH (-s SOURCE | -n K [--seed S]) [--normalize] SCORES */
int verify_bc_main(int argc, char **argv);

/* ---- triangles (verify_tc.c) ---- */

/* COUNTS (nv entries, or NULL to check TOTAL alone) are the triangles at
 * each vertex of the undirected G, and TOTAL the triangles of G ("vertex
 * 7 is in 3 triangles, the result says 4"). */
int verify_tc_counts(const struct emogi_graph *g, uint64_t total, const uint64_t *counts,
                     emogi_error *err);

/* emogi-verify tc GRAPH COUNTS [--undirected] */
int verify_tc_main(int argc, char **argv);

/* ---- PageRank (verify_pagerank.c) ---- */

struct pagerank_check {
    double damping, tolerance;
    enum tool_elem precision; /* what the ranks were stored as */
    double sum, change;       /* filled: sum of the ranks, L1 change of one more iteration */
    int weighted;             /* edge weights as transition probabilities */
};

/*
 * RANK (g->nv values, read back from a result of c->precision) is a
 * PageRank fixed point of G: every rank finite and >= 0, their sum within
 * 1e-6 (float64) or 1e-3 (float32) of 1, and one more iteration, pushed
 * along out-edges in float64, changing them by at most the tolerance in
 * L1 norm, plus what storing them rounded may add (2^-23 for float32,
 * 1e-12 for float64).
 */
int verify_pagerank_ranks(const struct emogi_graph *g, const double *rank,
                          struct pagerank_check *c, emogi_error *err);

/* emogi-verify pagerank GRAPH RANKS [--damping D] [--tolerance T]
 * [--precision P] [--compare OTHER] */
int verify_pagerank_main(int argc, char **argv);

/* PageRank result files, which emogi-pagerank writes and emogi-verify
 * reads.  "float32" or "float64": 0, or -1. */
int pagerank_parse_precision(const char *s, enum tool_elem *out);

/* Convert float64 ranks in place to the PRECISION a result file holds
 * (float32: the first nv*4 bytes, rounded to nearest). */
void pagerank_narrow(double *rank, uint64_t nv, enum tool_elem precision);

/* The other way: a result array of PRECISION read as float64, in place
 * (the buffer holds nv doubles). */
void pagerank_widen(void *buf, uint64_t nv, enum tool_elem precision);

#endif
