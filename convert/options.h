/*
 * options.h - emogi-convert's command line.
 */
#ifndef EMOGI_CONVERT_OPTIONS_H
#define EMOGI_CONVERT_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "build.h"
#include "parse.h"

enum reorder_kind { REORDER_NONE, REORDER_DEGREE, REORDER_BFS };

/* TEXT goes through parse_input(); WEBGRAPH and ADJ through webgraph.h. */
enum source_kind {
    SOURCE_TEXT, SOURCE_KRON, SOURCE_URAND, SOURCE_WEBGRAPH, SOURCE_ADJ,
    SOURCE_CSR /* an existing .csr, re-encoded (recode.h) */
};

enum { STATS_TEXT = 1, STATS_JSON = 2 };

struct convert_opts {
    const char *format_name; /* as given: el, wel, mtx, adj, webgraph, kron, urand */
    enum source_kind source;
    enum input_format format; /* SOURCE_TEXT only */
    const char *input;        /* "-" is standard input; webgraph: BASENAME */
    const char *output;
    int scale;           /* generators: 2^scale vertices */
    uint64_t edgefactor; /* generators: edges per vertex */
    int directed;        /* -1: the format's default */
    struct build_opts build;
    int threads; /* 0: OpenMP's default */
    int stats; /* --stats: 0 off, STATS_TEXT or STATS_JSON (--stats=json, --json) */
    const char *stats_file; /* --stats-file: the record there, not on standard error */
    int quiet;
    int progress; /* -1: when standard error is a terminal */
    uint64_t memory;    /* --memory: bytes (default: half of physical memory) */
    const char *tmpdir; /* --tmpdir: run files (default: OUTPUT's folder) */
    enum reorder_kind reorder;
    int compress;     /* --compress 1, --no-compress 0, neither -1 */
    int drop_weights; /* --drop-weights */
    uint64_t vertices; /* --vertices N: the vertex count (0: as the input says) */
    uint32_t partitions; /* --partitions N: csr only, N part files (0: one whole file) */
    struct csv_opts csv; /* csv: --delimiter, --header, --columns */
    int string_ids;      /* --string-ids: el, wel, csv ids are names (implies --relabel) */
    int no_provenance;   /* --no-provenance: no provenance section, so that one graph
                            is the same bytes from any input, path or date */
};

/* Fill *o from argv.  Exits 0 after --help or --version, 2 on a usage error. */
void options_parse(int argc, char **argv, struct convert_opts *o);

/* The options that shape the output, as a command-line fragment, for the
 * provenance section (thread counts and messages do not shape it). */
void options_describe(const struct convert_opts *o, char *buf, size_t len);

/* Before the work, as the options are (each exits 1, or 2 on a bad
 * EMOGI_CONVERT_RUN_EDGES, with the message): that OUTPUT can be made;
 * --tmpdir's default for OUTPUT (malloc'd); EMOGI_CONVERT_RUN_EDGES;
 * and the provenance section's text (malloc'd; NULL with --no-provenance). */
void options_check_output(const char *output);
char *options_tmpdir(const char *output);
uint64_t options_run_edges(void);
char *options_provenance(const struct convert_opts *o, size_t *len);

#endif
