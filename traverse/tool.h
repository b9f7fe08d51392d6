/*
 * tool.h - what the emogi tools share, built once into libtools
 * (traverse/local.mk) over libcommon (common/record.h: the program's
 * name, tool_die, the --stats records; common/array.h: result arrays
 * written and read back): usage errors and numbers (tool.c), the
 * traversal tools' common command line (options.c), their sources
 * (sources.c) and their backend, CPU or GPU (backend.c).  The harness
 * that runs a tool as one process or as MPI ranks: run.h.
 *
 * Only tools print: library calls fill an emogi_error, and a tool ends
 * with "TOOL: message" on standard error, exit 1 for failures and 2 for
 * usage errors.
 */
#ifndef EMOGI_TOOL_H
#define EMOGI_TOOL_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>

#include "array.h"
#include "emogi_csr.h"
#include "emogi_kernel.h"
#include "emogi_loader.h"
#include "record.h"

/* ---- errors (the program's name, tool_die: record.h) ---- */

/* The command a usage error sends the user to ("Try 'COMMAND --help'."):
 * the program unless a subcommand with its own help names itself. */
void tool_help_hint(const char *command);

/* Open the .csr PATH into *G, or "TOOL: <why>" and exit 1.  Plain and
 * compressed neighbour lists alike: both backends read both. */
void tool_open_graph(const char *path, struct emogi_graph *g);

/* G with plain lists, for checkers that read a list by edge index: *VIEW
 * is G when its lists are plain, else G with its lists (and transpose)
 * decoded into new arrays, which KEEP holds until tool_plain_free(). */
int tool_plain_view(const struct emogi_graph *g, struct emogi_graph *view, void *keep[2],
                    emogi_error *err);
void tool_plain_free(void *keep[2]);

/* "TOOL: <fmt with arg>", a hint to --help, exit 2. */
_Noreturn void tool_usage_error(const char *fmt, const char *arg);

/* ---- numbers ---- */

/* A plain decimal uint64 (no sign, no blanks, no overflow): 0, or -1. */
int tool_parse_u64(const char *s, uint64_t *out);

/* A finite decimal or exponent number, nothing after it: 0, or -1. */
int tool_parse_real(const char *s, double *out);

/* When PATH is "-" (or another name for standard output), TEXT is off and
 * standard output is a terminal, say "TOOL: standard output is a terminal:
 * not writing binary WHAT to it ..." and exit 1: raw arrays there help
 * nobody and can garble it (zstd refuses too). */
void tool_refuse_terminal(const char *path, int text, const char *what);

/* Whether EMOGI_TRACE_LEVELS asks for a line per BFS level: set, not
 * empty and not 0 (emogi(7)). */
int tool_trace_levels(void);

/* ---- the traversal tools' command line ---- */

enum tool_device { TOOL_DEVICE_AUTO, TOOL_DEVICE_CPU, TOOL_DEVICE_GPU };

struct tool_opts {
    const char *graph;
    uint64_t source;
    int have_source;
    /* NULL: -s is a compact id (the graph's); else the option that made
     * it an input id, looked up in the id map: "-S" or "--original-ids" */
    const char *source_input;
    const char *source_text; /* -s or -S as given: an input name (--string-ids) */
    int source_is_name;      /* it is not a number */
    int original_ids; /* --original-ids: -s and --text in input ids */
    uint64_t runs; /* -n: random sources; 0 when -s was given */
    uint64_t seed;
    const char *out; /* result: a file, "-", or NULL (stdout unless -n) */
    int text, verify;
    enum tool_stats_form stats; /* --stats, --json: TOOL_STATS_OFF (0) unless asked */
    const char *stats_file;      /* --stats-file: the records go there, or NULL: stderr */
    enum tool_format format; /* --format, or TEXT for --text; AUTO: by -o's name */
    int threads; /* 0: OpenMP's default */
    enum tool_device device;
    int gpu; /* CUDA ordinal for TOOL_DEVICE_GPU */
    enum emogi_mem mem;
    uint64_t gpu_memory; /* --gpu-memory: bytes; 0: the free memory less headroom */
    enum emogi_hybrid_rule hybrid; /* --hybrid: which lines go to device memory */
    enum emogi_uvm_advice advice;
    enum emogi_kernel kernel;
    /* The GPU-only options given (--mem, --kernel, ...), as "--mem,
     * --kernel", for the warning when the run is on the CPU; "" if none. */
    char gpu_options[80];
    /* Set by dist_place for a GPU rank's BFS: the whole graph's in-list
     * lengths by its ids (emogi_place_opts.classes); NULL otherwise. */
    const unsigned char *in_classes;
    uint64_t in_nclasses;
};

/* The --help lines of the options tool_parse_options() handles for every
 * traversal tool, so that each tool's usage text lists them the same way. */
#define TOOL_USAGE_ORIGINAL_IDS \
    "      --original-ids      the graph's input ids (its id map, from --relabel or\n" \
    "                          --reorder) for -s and in --text output\n"
#define TOOL_USAGE_FORMAT \
    "      --format FMT        raw or npy (NumPy, with dtype and shape); default by -o:\n" \
    "                          npy for FILE.npy, else raw\n"
#define TOOL_USAGE_BACKEND \
    "      --device D          auto, cpu, gpu or gpu:N (default auto)\n" \
    "      --mem M             GPU edge placement: auto, device, hybrid, zerocopy,\n" \
    "                          uvm (default auto: device if it fits, else hybrid)\n" \
    "      --gpu-memory SIZE   most GPU memory to use in all (K, M, G, T suffixes);\n" \
    "                          default: the free memory less headroom\n" \
    "      --hybrid R          lines hybrid puts in device memory: heads (each list's\n" \
    "                          first line first, the default) or prefix\n" \
    "      --uvm-advice A      read-mostly, accessed-by or prefetch (with --mem uvm)\n" \
    "      --kernel K          GPU kernel: naive, merged, aligned (default aligned)\n" \
    "      --threads N         CPU threads (default: OpenMP's)\n"
/* After each tool's own "--stats[=FORM]  what it counts" line. */
#define TOOL_USAGE_STATS \
    "                          in FORM text (default) or json (JSON Lines)\n" \
    "      --json              the same as --stats=json\n" \
    "      --stats-file FILE   the --stats records to FILE, not standard error\n"

/* First option code free for a tool's own long options. */
#define TOOL_OPT_OWN 512

/* What a traversal tool adds to the shared command line. */
struct tool_spec {
    const char *usage; /* the whole --help text */
    int takes_source;  /* 1: -s or -n required (bfs, sssp); 0: neither allowed; 2:
                          neither, and without -o out stays NULL (tc: a total alone) */
    const struct option *own; /* the tool's own long options, {0}-terminated, or NULL */
    /* Handle one of them (code >= TOOL_OPT_OWN); return -1 to reject ARG. */
    int (*own_option)(int code, const char *arg, void *ctx);
    void *ctx;
};

/* Fill O from argv and apply --threads; prints help/version (exit 0) or a
 * usage error (exit 2).  Checks -o against the graph (tool_check_outputs). */
void tool_parse_options(int argc, char **argv, const struct tool_spec *t, struct tool_opts *o);

/* One output of a tool: the option that names it ("-o") and its path. */
struct tool_output {
    const char *option;
    const char *path; /* NULL: not written */
};

/*
 * Usage error (exit 2) when an output names the graph file, or two outputs
 * name one file or stream (./d.bin and d.bin, links, - and /dev/stdout):
 * the graph would be destroyed, or one result silently lost.
 */
void tool_check_outputs(const char *graph, const struct tool_output *outs, int n);

/* ---- input ids: the id map of a graph converted with --relabel or --reorder ---- */

/* The compact id *V of the source ID that GRAPH's G was asked for: a
 * compact id when INPUT_HOW is NULL, else an input id (INPUT_HOW names
 * the option that said so), looked up in the id map, or taken as it is
 * when G has none (converted without --relabel or --reorder, it kept its
 * input ids).  -1 with a message that says which numbering it used. */
int tool_resolve_source(const char *graph, const struct emogi_graph *g, uint64_t id,
                        const char *input_how, uint64_t *v, emogi_error *err);

/* The same for the source as given on the command line (TEXT): with
 * INPUT_HOW, a name when G has names (--string-ids); else a number as
 * above.  -1 with a message: a name the graph lacks, or a name given to a
 * graph without names. */
int tool_resolve_source_text(const char *graph, const struct emogi_graph *g, const char *text,
                             const char *input_how, uint64_t *v, emogi_error *err);

/* The ids --text prints for O: G's input ids (id map or names, --string-ids)
 * under --original-ids, else NULL (the graph's own ids). */
const struct emogi_graph *tool_text_ids(const struct tool_opts *o, const struct emogi_graph *g);

/* The sources a tool's -s or -n asks for (n of them, to free), or NULL
 * with a message: a source past the graph is the user's error.  -n draws
 * uniformly among vertices with out-edges, seeded by --seed, the same on
 * every machine. */
uint64_t *tool_pick_sources(const struct tool_opts *o, const struct emogi_graph *g, uint64_t *n,
                            emogi_error *err);

/* A search record's source=V (compact) and, when the source was given as
 * an input id (-S, --original-ids) of a graph with an id map, source_id=ID
 * after it. */
void tool_record_source(uint64_t source);

/* The CPU, or a GPU with the graph placed on it: chosen once per run from
 * --device and --mem, so a tool's search loop only asks which it got. */
struct tool_backend {
    const struct emogi_graph *g;
    const char *graph; /* the graph as named (tool_opts), in the load record */
    int on_gpu;
    enum emogi_kernel kernel;
    struct emogi_placed placed; /* when on_gpu */
    /* A directed graph's in-edges (its stored transpose) when asked for
     * and on_gpu: placed as the out-edges are, as a graph of its own,
     * since the loader places one graph's lists. */
    int has_in;
    struct emogi_graph in_view;
    struct emogi_placed in;
};

enum {
    TOOL_PLACE_WEIGHTS = 1, /* the weights beside the neighbours */
    TOOL_PLACE_IN = 2,      /* a directed graph's stored transpose too */
    TOOL_PLACE_FIRSTS = 4   /* one id of each in-list's head in device memory */
};

/* Choose the device (auto: a GPU when one is usable) and place the graph
 * there.  STATE_BYTES: device memory the algorithm adds, which the GPU
 * memory budget (--gpu-memory) counts with the placement; WHAT:
 * TOOL_PLACE_* flags.  A transpose placed beside the graph shares the
 * graph's split, and the budget covers both. */
int tool_backend_open(struct tool_backend *b, const struct emogi_graph *g,
                      const struct tool_opts *o, uint64_t state_bytes, unsigned what,
                      emogi_error *err);

/* The in-edges GPU kernels read: B's out-edges for an undirected graph,
 * its placed transpose for a directed one, NULL when there are none (a
 * directed graph without a stored transpose). */
const struct emogi_placed *tool_backend_in(const struct tool_backend *b);
void tool_backend_close(struct tool_backend *b);

/* "TOOL: load device=... open_seconds=..." with the placement's phases,
 * ending "edges=N split=S device_edge_fraction=F" (S of each edge array's
 * N entries in device memory), and "TOOL: load note: ..." when the
 * loader departed from the plain policy. */
void tool_backend_report_load(const struct tool_backend *b, double open_seconds);

#endif
