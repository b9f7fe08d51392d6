/*
 * trav_options.h - the command line every traversal tool shares (graph,
 * sources, output, device, placement, kernel, threads, stats), parsed into
 * one struct; each tool adds its own options through struct trav_tool.
 */
#ifndef EMOGI_TRAV_OPTIONS_H
#define EMOGI_TRAV_OPTIONS_H

#include <getopt.h>
#include <stdint.h>

#include "emogi_kernel.h"
#include "emogi_loader.h"

enum trav_device { TRAV_DEVICE_AUTO, TRAV_DEVICE_CPU, TRAV_DEVICE_GPU };

struct trav_opts {
    const char *graph;
    uint64_t source;
    int have_source;
    uint64_t runs; /* -n: random sources; 0 when -s was given */
    uint64_t seed;
    const char *out; /* result: a file, "-", or NULL (stdout unless -n) */
    int text, stats, verify;
    int threads; /* 0: OpenMP's default */
    enum trav_device device;
    int gpu; /* CUDA ordinal for TRAV_DEVICE_GPU */
    enum emogi_mem mem;
    enum emogi_uvm_advice advice;
    enum emogi_kernel kernel;
};

/* First option code free for a tool's own long options. */
#define TRAV_OPT_TOOL 512

struct trav_tool {
    const char *name;  /* "emogi-bfs": for messages and --version */
    const char *usage; /* the whole --help text */
    int takes_source;  /* 1: -s or -n required (bfs, sssp); 0: neither allowed */
    const struct option *extra; /* the tool's own long options, {0}-terminated, or NULL */
    /* Handle one of them (code >= TRAV_OPT_TOOL); return -1 to reject ARG. */
    int (*extra_opt)(int code, const char *arg, void *ctx);
    void *ctx;
};

/* Fill O from argv; prints help/version (exit 0) or a usage error (exit 2). */
void trav_parse_options(int argc, char **argv, const struct trav_tool *t, struct trav_opts *o);

/* One output of a tool: the option that names it ("-o") and its path. */
struct trav_output {
    const char *option;
    const char *path; /* NULL: not written */
};

/*
 * Usage error (exit 2) when an output names the graph file, or two outputs
 * name one file or stream (./d.bin and d.bin, links, - and /dev/stdout):
 * the graph would be destroyed, or one result silently lost.
 */
void trav_check_outputs(const char *tool, const char *graph, const struct trav_output *outs,
                        int n);

/* "TOOL: <fmt with arg>", a hint to --help, exit 2. */
_Noreturn void trav_usage_error(const char *tool, const char *fmt, const char *arg);

#endif
