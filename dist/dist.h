/*
 * dist.h - the traversal tools as MPI ranks (issue 14).
 *
 * Started by mpirun with more than one process, a tool runs distributed:
 * every rank maps the same .csr (a shared file system; a rank opens it
 * by its offsets and checks and reads only its range's lists), or each
 * rank r its own part file r of emogi-convert --partitions (no shared
 * file system), and owns a contiguous range of vertices (chosen to
 * balance edges plus vertices, or its part's), computes its range's
 * results, and writes them at their offset of a named temporary beside
 * the output (dist_write; text, FIFOs and standard output are gathered to
 * rank 0 and written by the single process's writer).  Every output of
 * the run (-o, --parents, the --stats-file) is held under its temporary
 * name, and rank 0 renames them all only after the ranks agreed, with
 * one collective at the end (tool_outputs_commit's vote), that every
 * write of every rank succeeded: the files are byte for byte the
 * single-process CPU run's and appear only when the whole run succeeded.
 * Not under mpirun, or with one process, nothing here runs: the tools'
 * harness (traverse/run.c) enters dist/ only when the launcher's
 * environment says it started the process.
 *
 * A rank that fails prints "TOOL: message" and exits 1 like a single
 * process; mpirun then ends the other ranks, and since rank 0 renames the
 * outputs only after every rank has voted, no output appears (every
 * existing file stays).
 *
 * With --device gpu, every traversal tool runs GPU ranks (dist_place):
 * each rank places its own range's lists on GPU (local rank mod GPU
 * count) by the usual placements (device, zero-copy, hybrid), so that
 * ranks on several GPUs read host memory through as many links at once,
 * and runs its part of the search there (kernels/emogi_dist_gpu.h).
 * BFS sends ids through host buffers; CC and PageRank keep their dense
 * arrays on the device, and BFS its bottom-up frontier bitmap, and
 * exchange them through NCCL when built with it and every rank has a GPU
 * of its own, else through host buffers (exchange_gpu.c); SSSP keeps its
 * distances and the lowest candidates it sent on the device and
 * exchanges its sparse (vertex, candidate) pairs through host buffers
 * (sssp.c).  A process makes one NCCL communicator, at its first
 * device exchange (exchange_gpu.c says why).  --stats counts that as
 * communication, and each rank's bytes over the link.
 *
 * The harness hands each algorithm's run (dist_ALGO_run, in dist/ALGO.c)
 * the tool's options and hooks: the tool's own report, check and text
 * writer (struct dist_job and its kin below), and for GPU ranks its
 * placement (struct dist_placer), so that dist/ prints what the single
 * process prints without reaching traverse/.  What the ranks share
 * among themselves (the collectives, the partition, the exchanges) is
 * declared in ranks.h, for dist/ alone.
 *
 * Built without MPI, dist_start() (none.c) still stops a process that
 * mpirun started as one of several, with how to get an MPI build; the
 * rest are stubs that are never reached.
 */
#ifndef EMOGI_DIST_H
#define EMOGI_DIST_H

#include <stddef.h>
#include <stdint.h>

#include "array.h"
#include "emogi_bfs.h"
#include "emogi_cc.h"
#include "emogi_csr.h"
#include "emogi_loader.h"
#include "emogi_pagerank.h"
#include "emogi_sssp.h"

struct dist {
    int on;              /* distributed: under mpirun with more than one process */
    int rank, size;      /* 0 and 1 when not on */
    int local_rank;      /* rank among the processes of this host */
    uint64_t *bound;     /* size + 1 vertex bounds: rank r owns [bound[r], bound[r+1]) */
    uint64_t lo, hi;     /* this rank's range */
    /* This rank's view of the graph (dist_open_graph), the one the
     * algorithms read whichever file a rank maps: the mapped graph holds
     * the lists of the whole graph's vertices FIRST on (its vertex i is
     * the whole graph's first + i): the shared .csr (first 0) or this
     * rank's part file (first = lo).  WHOLE: the whole graph's counts,
     * flags and offsets, for what needs every vertex's degree (sources,
     * reports, PageRank's start): the shared mapping itself, or SKEL,
     * gathered from every rank's part (no lists; t_offsets and idmap
     * only when dist_open_graph was asked for them). */
    uint64_t first;
    const struct emogi_graph *whole;
    struct emogi_graph skel;
    int parts; /* each rank maps its own part file */
    /* The shared file was opened without its lists' check (its offsets
     * only: emogi_csr_open_offsets), so that a rank reads no list outside
     * its range; dist_partition checks the range's lists. */
    int lists_unchecked;
    /* --stats: this rank's time in MPI calls and the bytes it sent */
    double comm_seconds;
    uint64_t bytes_sent;
    uint64_t link_bytes; /* GPU ranks' lines read over the link, where a tool counts them */
    /* GPU ranks' device exchanges (exchange_gpu.c): whether NCCL carries them
     * (0 not yet asked, 1 yes, -1 no) and its one communicator */
    int nccl_use;
    struct dist_nccl *nccl;
    /* --stats: how GPU ranks' arrays last travelled ("peers", "nccl",
     * "host"), or NULL */
    const char *exchange;
};

/* Under a launcher that announced WORLD processes (traverse/run.c reads
 * its environment; 1 for mpirun -np 1): with more than one start MPI
 * (D->on = 1); built without MPI, say how to get an MPI build and exit
 * 1.  Otherwise D->on = 0, and only mpirun's binding is looked at.
 * Ranks hold their outputs from here (array.h: tool_outputs_hold), to be
 * renamed after the ranks' vote in tool_outputs_commit. */
void dist_start(int *argc, char ***argv, long world, struct dist *d);

/* What the ranks must all have been given, beside the program and its
 * graph, which dist_open_graph records itself: hashes (dist_hash) of the
 * sources as given (-s, -S, -n, --seed, --original-ids) and of the
 * command line but the graph's name (a part file's name differs by
 * rank), made by the tools' harness.  Ranks that were given different
 * ones would run different collectives, or the same ones on arrays of
 * different sizes. */
struct dist_agreed {
    uint64_t sources;
    uint64_t options;
};

/* H, a 64-bit FNV-1a hash, extended by the N bytes at P; begin with
 * DIST_HASH_START. */
#define DIST_HASH_START 0xcbf29ce484222325ull
static inline uint64_t dist_hash(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* What dist_open_graph gathers from part files beyond the offsets. */
enum dist_need {
    DIST_NEED_IDMAP = 1u << 0, /* the whole id map (input-id sources, --original-ids) */
    DIST_NEED_IN_OFFSETS = 1u << 1, /* the whole t_offsets (PageRank of a directed graph) */
    DIST_NEED_WHOLE = 1u << 2  /* the whole graph's lists on rank 0 (--verify): parts refused */
};

/*
 * Open PATH, the file this rank takes for the graph named GRAPH (the
 * tool's choice, traverse/run.c: GRAPH with its "%d" replaced by the
 * rank, or, without a "%d", GRAPH itself or, when there is no file
 * GRAPH, its part GRAPH.RANK: the names emogi-convert --partitions
 * gives), kept until the end of the run.  Every rank must map a part or
 * none, part r on rank r, as many parts as ranks, all of one graph (its counts, flags
 * and provenance), tiling its vertices and edges; else rank 0 says why
 * and every rank exits 1.  Sets D's view (first, whole; for part files
 * also the partition: dist_partition keeps it).  A file that does not
 * open: "TOOL: message", exit 1 (mpirun ends the job).  NEED: dist_need
 * bits.
 *
 * In the same collective every rank checks that all run one program of
 * one build with the same settings, sources and options (A, and NEED),
 * and, on a shared file, that every rank mapped the same file (its
 * header's section table and checksums, and its size): ranks that
 * differ stop together, rank 0 naming the first difference and the
 * lowest rank that differs from it, before any rank reads a list.
 */
void dist_open_graph(struct dist *d, const char *graph, const char *path, unsigned need,
                     const struct dist_agreed *a, struct emogi_graph *g);

/* ---- what a tool hands its ranks ---- */

/* A GPU rank's part placed and what it reports. */
struct dist_gpu {
    const struct emogi_placed *out; /* the rank's lists */
    const struct emogi_placed *in;  /* a directed graph's in-lists, or NULL */
    enum emogi_kernel kernel;       /* how the lists are read */
    uint64_t link_bytes;            /* out: the rank's bytes read over the link */
};

/* How a GPU rank's lists are placed: the tool's own placement (its
 * backend, by its --mem, --gpu-memory and --kernel), which dist/ calls
 * rather than includes, so that one placement serves a single process
 * and ranks alike and dist/ stays below the tools. */
struct dist_placer {
    /* the placement keeps one id of each in-list's head on the GPU, ranked
     * by every vertex's in-list length, which the ranks gather for it */
    int firsts;
    /* Place RANGE (this rank's lists as a graph of their own,
     * emogi_range_open) on GPU DEVICE with STATE_BYTES of the search's for
     * the budget, the first ids ranked by CLASSES (NCLASSES entries, or
     * NULL); fill GPU's out, in and kernel.  0, or -1 with ERR. */
    int (*place)(struct dist_placer *p, const struct emogi_graph *range, int device,
                 const unsigned char *classes, uint64_t nclasses, uint64_t state_bytes,
                 struct dist_gpu *gpu, emogi_error *err);
    void (*unplace)(struct dist_placer *p); /* free what place placed */
};

/* What every algorithm's run takes from the tool. */
struct dist_job {
    const char *graph;             /* the graph as named, in messages */
    const struct emogi_graph *ids; /* --text's ids (--original-ids), or NULL */
    const char *out;               /* -o, or NULL */
    enum tool_format format;
    int stats, verify;
    struct dist_placer *gpu; /* GPU ranks (--device gpu), or NULL: CPU ranks */
    void *ctx;               /* the tool's, passed to each hook below */
};

/*
 * Each algorithm's run over the ranks, on G, the mapped graph of D's
 * view (dist_open_graph): partition, place (GPU ranks), compute, and
 * what a single process would print and check, on rank 0, through the
 * tool's hooks; then every rank writes its part of -o (dist_write).  A
 * failure: "TOOL: GRAPH: message", exit 1, which ends the job.  The
 * records are the tool's to finish, and MPI is left by dist_finish.
 */

/* Breadth-first searches from SOURCES; the depths (and --parents) of the
 * last.  REPORT: each search's figures (with --stats or -n), MEAN: their
 * means (-n), CHECK: a search's depths of every vertex (--verify). */
struct dist_bfs_job {
    struct dist_job t;
    const struct emogi_bfs_opts *search;
    const uint64_t *sources;
    uint64_t n;
    int runs;            /* -n given */
    int trace;           /* EMOGI_TRACE_LEVELS: a line per level */
    const char *parents; /* --parents, or NULL */
    void (*report)(void *ctx, const struct emogi_graph *g, int on_gpu, uint64_t source,
                   const struct emogi_bfs_stats *st);
    void (*mean)(void *ctx);
    void (*check)(void *ctx, const struct emogi_graph *g, uint64_t source, const uint32_t *depth);
};
void dist_bfs_run(struct dist *d, const struct emogi_graph *g, const struct dist_bfs_job *j);

/* Component labels, REPEAT times by ALGORITHM (GPU ranks; CPU ranks run
 * Afforest).  REPORT: a run's figures (--stats), SECONDS: its time alone
 * (--repeat without --stats), CHECK: every vertex's labels (--verify). */
struct dist_cc_job {
    struct dist_job t;
    enum emogi_cc_algorithm algorithm;
    uint64_t repeat;
    void (*report)(void *ctx, const struct emogi_graph *g, const char *algorithm,
                   const void *labels, const struct emogi_cc_stats *st, int on_gpu);
    void (*seconds)(void *ctx, const struct emogi_cc_stats *st);
    void (*check)(void *ctx, const struct emogi_graph *g, const void *labels);
};
void dist_cc_run(struct dist *d, const struct emogi_graph *g, const struct dist_cc_job *j);

/* Shortest paths from SOURCES (the clock of --stats' rank records
 * started at T0); the distances of the last.  DELTA: the bucket width
 * chosen (--stats), REPORT, MEAN, CHECK as BFS's; WRITE_TEXT: --text's
 * lines from every vertex's distances, on rank 0. */
struct dist_sssp_job {
    struct dist_job t;
    const struct emogi_sssp_opts *s;
    const uint64_t *sources;
    uint64_t n;
    int runs, text;
    double t0;
    void (*delta)(void *ctx, const struct emogi_graph *g, double delta);
    void (*report)(void *ctx, uint64_t source, const struct emogi_sssp_stats *st, int on_cpu);
    void (*mean)(void *ctx);
    void (*check)(void *ctx, const struct emogi_graph *g, uint64_t source, const void *dist);
    void (*write_text)(void *ctx, const struct emogi_graph *g, void *dist);
};
void dist_sssp_run(struct dist *d, const struct emogi_graph *g, const struct dist_sssp_job *j);

/* PageRank by Jacobi over G's in-edges (built here, from the lists
 * every rank can read), STORE its CPU ranks' contributions, the ranks
 * written as PRECISION (NARROW: the tool's conversion, in place).
 * REPORT: the figures (--stats), WARN: after every run (unconverged),
 * CHECK: every vertex's ranks (--verify). */
struct dist_pagerank_job {
    struct dist_job t;
    const struct emogi_pagerank_params *prm;
    enum emogi_pagerank_store store;
    enum tool_elem precision;
    void (*narrow)(double *rank, uint64_t n, enum tool_elem precision);
    void (*report)(void *ctx, const struct emogi_pagerank_stats *st, int on_cpu);
    void (*warn)(void *ctx, const struct emogi_pagerank_stats *st);
    void (*check)(void *ctx, const struct emogi_graph *g, double *rank);
};
void dist_pagerank_run(struct dist *d, const struct emogi_graph *g,
                       const struct dist_pagerank_job *j);

/* Leave MPI (at the end of a successful run). */
void dist_finish(struct dist *d);

#endif
