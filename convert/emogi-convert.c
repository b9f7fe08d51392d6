/*
 * emogi-convert - turn an edge list, a Matrix Market file or a generated
 * graph into an emogi .csr file.
 *
 * The steps are the ones the man page names: read (or generate) the edges,
 * build the CSR (build.c), write it atomically (emogi_csr_write).  Edges
 * stream through the out-of-core collector (ooc.h): when they fit in
 * --memory they come back for the in-memory build (and --reorder), else
 * they go to sorted runs on disk that ooc_finish() merges into the file.
 * ooc.h says what --memory bounds in each phase; the readers' blocks are
 * sized from it here (read_block()).  Only this file and the program's
 * own parts beside it print and exit: the command line and what is
 * checked before the work (options.c), and --stats (stats.c).
 */
#include "config.h"

#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "build.h"
#include "csr_internal.h"
#include "emogi_csr.h"
#include "gen.h"
#include "memory.h"
#include "options.h"
#include "parse.h"
#include "ooc.h"
#include "progress.h"
#include "record.h"
#include "recode.h"
#include "reorder.h"
#include "split.h"
#include "stats.h"
#include "webgraph.h"

static void die(const char *msg)
{
    fprintf(stderr, "emogi-convert: %s\n", msg);
    exit(1);
}

static void resolve_defaults(struct convert_opts *o, const struct parse_result *r)
{
    struct build_opts *b = &o->build;
    /* a symmetric file lists one triangle: the other is implied, always */
    b->mirror = o->source == SOURCE_TEXT && input_format_info(o->format)->one_triangle &&
                r->symmetry != MTX_GENERAL;
    if (o->directed < 0)
        o->directed = o->source != SOURCE_KRON && o->source != SOURCE_URAND && !b->mirror &&
                      !r->undirected;
    b->directed = o->directed;
    b->both_ends = r->undirected; /* METIS, an undirected sg */
    b->skew = b->mirror && r->symmetry == MTX_SKEW;
    if (b->transpose && !o->directed && !o->quiet)
        fprintf(stderr, "emogi-convert: note: --transpose ignored: an undirected graph's "
                        "in-edges are its out-edges\n");
}

/*
 * --string-ids reads the input once when the graph fits in memory.  When
 * it does not (a run is due, or the whole build does not fit), the edges
 * read are dropped and the rest of the input is read for its names alone;
 * the names are sorted, and a second reading looks each token up to its
 * rank: compact ids, whose edges go through the runs as integer ids do.
 */
enum reading {
    READ_ONCE,  /* edges and, with --string-ids, names */
    READ_NAMES, /* --string-ids out of core, first reading: names only */
    READ_RANKS  /* second reading: the names sorted, the edges in ranks */
};

/* The edge stream and where it goes: the out-of-core collector decides
 * between the in-memory build and runs on disk. */
struct job {
    struct convert_opts *o;
    struct ooc ooc;
    struct ooc_opts ooc_opts; /* to start the collector again */
    int resolved;
    uint64_t edges_in;
    struct name_table names; /* --string-ids */
    enum reading reading;
    struct build_opts ranked;  /* READ_RANKS: the build options, nothing to relabel */
    struct stat first;         /* READ_NAMES: the input, to see that it stays the same */
    int names_noted;           /* the names' spilling was reported */
};

static void resolve_once(struct job *j, const struct parse_result *r)
{
    if (!j->resolved)
        resolve_defaults(j->o, r);
    j->resolved = 1;
}

/* el, wel and bel take --vertices as their count; the other inputs state
 * theirs (a header, a node count), which --vertices must then repeat. */
static int vertices_given_to_reader(const struct convert_opts *o)
{
    return o->source == SOURCE_TEXT && input_format_info(o->format)->vertices;
}

static void check_vertices(const struct convert_opts *o, const struct parse_result *r)
{
    if (!o->vertices || vertices_given_to_reader(o) || r->nv == o->vertices)
        return;
    fprintf(stderr, "emogi-convert: %s: --vertices %llu disagrees with the %llu vertices the "
                    "input states\n",
            o->input, (unsigned long long)o->vertices, (unsigned long long)r->nv);
    exit(1);
}

/* --string-ids out of core reads its input twice: a file that stays put. */
static void require_rereadable(struct job *j)
{
    const char *in = j->o->input;
    if (strcmp(in, "-") == 0)
        die("--string-ids out of core reads the input twice: give a file, not standard input");
    if (stat(in, &j->first) != 0) {
        fprintf(stderr, "emogi-convert: %s: %s\n", in, strerror(errno));
        exit(1);
    }
    if (!S_ISREG(j->first.st_mode)) {
        fprintf(stderr, "emogi-convert: %s: --string-ids out of core reads the input twice: "
                        "give a regular file, not a pipe or a device\n", in);
        exit(1);
    }
}

/* The graph with provisional ids does not fit: drop its edges, keep the
 * names, and read on for names only. */
static void read_names_only(struct job *j)
{
    require_rereadable(j);
    ooc_free(&j->ooc);
    ooc_init(&j->ooc, &j->ooc_opts);
    j->reading = READ_NAMES;
    progress_note("--string-ids: the graph does not fit in --memory: reading the names "
                  "first, the edges on a second reading");
}

static int sink(void *ctx, struct parse_result *r, emogi_error *err)
{
    struct job *j = ctx;
    const struct build_opts *bo = j->reading == READ_RANKS ? &j->ranked : &j->o->build;
    resolve_once(j, r);
    /* mtx and adj: the size line came first; el: --vertices, SNAP's header
     * (not a bound on string ids, whose count is the names') */
    if (r->nv && !j->o->string_ids) {
        check_vertices(j->o, r);
        ooc_set_vertices(&j->ooc, r->nv);
    }
    j->edges_in += r->edges.n;
    if (r->size_in) /* a file: its share read, and the time left */
        progress_update("parsing", r->at_in, r->size_in, "bytes");
    else
        progress_update("parsing", j->edges_in, 0, "edges");
    if (names_spilled(&j->names) && !j->names_noted) {
        progress_note("--string-ids: the names do not fit in --memory: sorted runs of them "
                      "go to --tmpdir");
        j->names_noted = 1;
    }
    if (j->o->string_ids && j->reading != READ_RANKS) /* the table and the reader share it */
        j->names.memory = j->o->memory > r->held ? j->o->memory - r->held : 1;
    if (j->reading == READ_NAMES) {
        edge_list_free(&r->edges);
        return 0;
    }
    int once = j->reading == READ_ONCE && j->o->string_ids;
    if (!once || !names_spilled(&j->names)) {
        ooc_hold(&j->ooc, r->held + (once ? names_held(&j->names) : 0));
        if (ooc_add(&j->ooc, &r->edges, bo, err) == 0)
            return 0;
        if (!once)
            return -1;
    }
    /* the names went to disk (the provisional ids are void), a run was
     * due, or none fits beside the names: the second reading holds less,
     * and says so if it does not fit either */
    edge_list_free(&r->edges);
    read_names_only(j);
    return 0;
}

/* The input as messages name it: standard input as the readers do. */
static const char *input_name(const struct convert_opts *o)
{
    return !o->input ? o->format_name : strcmp(o->input, "-") == 0 ? "<stdin>" : o->input;
}

/* --reorder needs the graph in memory: the build of NEED bytes does not fit. */
static void reorder_too_big(const struct convert_opts *o, uint64_t need)
{
    char a[32], b[32];
    fprintf(stderr, "emogi-convert: %s: --reorder needs the graph in memory: %s, over --memory "
                    "%s; raise --memory, or reorder a smaller graph\n",
            input_name(o), memory_str(need, a, sizeof a),
            memory_str(o->memory, b, sizeof b));
    exit(1);
}

/* Whether the edges read fit in an in-memory build; with --reorder they must. */
static int fits_in_memory(struct job *j, const struct parse_result *r)
{
    uint64_t need;
    if (ooc_fits_in_memory(&j->ooc, r->nv, r->weights, &need))
        return 1;
    if (j->o->reorder != REORDER_NONE)
        reorder_too_big(j->o, need);
    return 0;
}

/* Edges generated at a time: the buffer they join keeps 32-bit ids where
 * the vertex count allows (edges.h), so a piece is the only 16-byte copy. */
#define GEN_PIECE (1ull << 22)

/* A generator's edges, a piece at a time (edge i depends only on i). */
static uint64_t generate(struct job *j, struct parse_result *r)
{
    const struct convert_opts *o = j->o;
    struct gen_opts g = {o->scale, o->edgefactor, o->build.seed};
    emogi_error err;
    uint64_t n, chunk;
    if (gen_count(&g, &n, &err))
        die(err.msg);
    resolve_once(j, r);
    uint64_t need;
    if (o->reorder != REORDER_NONE && /* known before anything is generated */
        !ooc_build_fits(&j->ooc, &o->build, n, 1ull << o->scale, 0, WEIGHTS_NONE, &need))
        reorder_too_big(o, need);
    for (uint64_t lo = 0, m; lo < n; lo += m) {
        struct edge_list e = {0};
        if (ooc_plan(&j->ooc, &o->build, 0, &chunk, &err))
            die(err.msg);
        m = n - lo < chunk ? n - lo : chunk;
        m = m < GEN_PIECE ? m : GEN_PIECE;
        if (edge_list_reserve(&e, m, 0, &err))
            die(err.msg);
        e.n = m;
        (o->source == SOURCE_KRON ? gen_kron_range : gen_urand_range)(&g, lo, m, e.src, e.dst);
        if (ooc_add(&j->ooc, &e, &o->build, &err))
            die(err.msg);
        progress_update("generating", lo + m, n, "edges");
    }
    r->nv = 1ull << o->scale;
    return n;
}

/*
 * Bytes a reader takes at a time: its block and what it parses from one
 * are a share of --memory (about 5%: parse.c, parse_adj.c, parse_metis.c,
 * parse_bel.c and parse_sg.c say what a block makes), from 64 KiB, below
 * which the threads cost more than they save, to 64 MiB.
 */
static size_t read_block(const struct convert_opts *o)
{
    uint64_t share = o->source == SOURCE_ADJ    ? 512 /* 24 bytes of edges per byte */
                     : o->source == SOURCE_TEXT ? input_format_info(o->format)->block_share
                                                : 256;
    return (size_t)mem_clamp(o->memory / share, 64u << 10, 64u << 20);
}

/* The WebGraph reader holds the whole graph: refuse before it starts if
 * that cannot fit; its edges are then what the runs are made from. */
static uint64_t read_webgraph(struct job *j, struct parse_result *r)
{
    const struct convert_opts *o = j->o;
    emogi_error err;
    uint64_t held, nodes, arcs;
    char need[32], bound[32];
    if (webgraph_held(o->input, o->threads, &held, &nodes, &arcs, &err))
        die(err.msg);
    if (held > o->memory) {
        fprintf(stderr, "emogi-convert: %s: the webgraph reader holds the whole graph: %llu "
                        "nodes and %llu arcs need %s, over --memory %s; use a larger --memory\n",
                o->input, (unsigned long long)nodes, (unsigned long long)arcs,
                memory_str(held, need, sizeof need),
                memory_str(o->memory, bound, sizeof bound));
        exit(1);
    }
    if (webgraph_read(o->input, o->threads, r, &err))
        die(err.msg);
    resolve_once(j, r);
    ooc_set_vertices(&j->ooc, r->nv);
    ooc_hold(&j->ooc, r->edges.cap * 16); /* the edges, handed over a run at a time */
    uint64_t n = r->edges.n;
    if (ooc_add(&j->ooc, &r->edges, &o->build, &err))
        die(err.msg);
    return n;
}

/*
 * --relabel of el, wel or csv whose ids turn out to be names: the reader
 * stops at the first token that is no integer.  A regular file can be read
 * again, so the conversion starts over as --string-ids (the issue's
 * "--relabel accepts arbitrary tokens"); a pipe cannot, and the reader's
 * message, which says to give --string-ids, stands.
 */
static int can_read_as_names(const struct convert_opts *o, const struct parse_result *r)
{
    struct stat st;
    return r->name_token && o->build.relabel && !o->string_ids && o->source == SOURCE_TEXT &&
           input_format_info(o->format)->edge_list &&
           o->reorder == REORDER_NONE && strcmp(o->input, "-") != 0 &&
           stat(o->input, &st) == 0 && S_ISREG(st.st_mode);
}

/* A text input, streamed through sink(); 1 when it must be read again as
 * --string-ids (can_read_as_names()), having said why on a terminal. */
static int read_text(struct job *j, struct parse_result *r)
{
    const struct convert_opts *o = j->o;
    emogi_error err;
    struct parse_opts po = {.format = o->format, .threads = o->threads,
                            .block_size = read_block(o),
                            .drop_weights = o->build.weights != BUILD_WEIGHTS_INPUT,
                            .memory = o->memory,
                            .vertices = vertices_given_to_reader(o) ? o->vertices : 0,
                            .csv = &o->csv,
                            .names = o->string_ids ? &j->names : NULL};
    int adj = o->source == SOURCE_ADJ;
    progress_phase(adj ? "decoding" : j->reading == READ_RANKS ? "parsing again" : "parsing");
    if ((adj ? adj_read_stream : parse_input_stream)(o->input, &po, r, sink, j, &err) == 0)
        return 0;
    if (j->reading == READ_ONCE && can_read_as_names(o, r)) {
        char note[600];
        snprintf(note, sizeof note, "%.400s: --relabel met an id that is not an integer: "
                                    "reading the input again, its ids as names (--string-ids)",
                 o->input);
        progress_note(note);
        return 1;
    }
    if (r->name_token && o->build.relabel && !o->string_ids && o->reorder == REORDER_NONE)
        fprintf(stderr, "emogi-convert: %s; --relabel reads ids as names only from a regular "
                        "file, which it can read again\n", err.msg);
    else
        fprintf(stderr, "emogi-convert: %s\n", err.msg);
    exit(1);
}

/* 1 when the input must be read again as --string-ids (read_text()). */
static int read_edges(struct job *j, struct parse_result *r, struct convert_stats *st)
{
    const struct convert_opts *o = j->o;
    double t = emogi_now();
    memset(r, 0, sizeof *r);
    if (o->source == SOURCE_TEXT || o->source == SOURCE_ADJ) {
        if (read_text(j, r))
            return 1;
        st->source_phase = "parse";
        resolve_once(j, r);
        st->edges_in = j->edges_in;
    } else if (o->source == SOURCE_WEBGRAPH) {
        progress_phase("decoding");
        st->edges_in = read_webgraph(j, r);
        st->source_phase = "decode";
    } else {
        progress_phase("generating");
        st->edges_in = generate(j, r);
        st->source_phase = "generate";
    }
    st->parse = emogi_now() - t - j->ooc.st.run_seconds;
    st->bytes_in = r->bytes_in;
    st->bytes_text = r->bytes;
    ooc_hold(&j->ooc, 0); /* the reader is done */
    if (o->string_ids) { /* the names stay until the build has renumbered the edges */
        ooc_hold(&j->ooc, names_held(&j->names));
        r->nv = j->names.n;
    }
    return 0;
}

/* Whether the input is the one first read (the names were gathered from it). */
static void check_unchanged(const struct job *j, uint64_t edges)
{
    struct stat now;
    const char *in = j->o->input;
    if (stat(in, &now) != 0) {
        fprintf(stderr, "emogi-convert: %s: %s\n", in, strerror(errno));
        exit(1);
    }
    if (now.st_size == j->first.st_size && now.st_mtim.tv_sec == j->first.st_mtim.tv_sec &&
        now.st_mtim.tv_nsec == j->first.st_mtim.tv_nsec && now.st_ino == j->first.st_ino &&
        j->edges_in == edges)
        return;
    fprintf(stderr, "emogi-convert: %s: the input changed between its two readings "
                    "(--string-ids out of core reads it twice: leave it alone meanwhile)\n",
            in);
    exit(1);
}

/* --string-ids out of core: every name was read; sort them and read the
 * edges again, each token looked up to its rank, into runs. */
static void read_ranks(struct job *j, struct parse_result *r, struct convert_stats *st)
{
    emogi_error err;
    uint64_t edges = j->edges_in;
    double t = emogi_now(), parsed = st->parse;
    progress_phase("sorting names");
    j->names.memory = j->o->memory; /* the reader is done */
    if (names_sort(&j->names, &err)) {
        fprintf(stderr, "emogi-convert: %s: %s\n", j->o->input, err.msg);
        exit(1);
    }
    parse_result_free(r);
    ooc_free(&j->ooc);
    j->ooc_opts.string_ids = 0; /* the ids are final: runs as integer ids make */
    ooc_init(&j->ooc, &j->ooc_opts);
    ooc_set_vertices(&j->ooc, j->names.n);
    ooc_keep(&j->ooc, names_held(&j->names));
    j->ranked = j->o->build;
    j->ranked.relabel = 0; /* the names' ranks are the compact ids */
    j->reading = READ_RANKS;
    j->edges_in = 0;
    memset(r, 0, sizeof *r);
    read_text(j, r); /* READ_RANKS: never 1 */
    check_unchanged(j, edges);
    names_drop_index(&j->names); /* the names stay, for the file */
    ooc_keep(&j->ooc, names_held(&j->names));
    ooc_hold(&j->ooc, 0);
    r->nv = j->names.n;
    st->parse = parsed + emogi_now() - t - j->ooc.st.run_seconds;
    st->bytes_in += r->bytes_in;
    st->bytes_text += r->bytes;
}

/* --string-ids: the ids are provisional (order of appearance) until the
 * names are sorted; then they are the compact ids, and the build has
 * nothing left to relabel. */
static void number_names(struct job *j, struct parse_result *r, uint64_t **offsets, char **blob)
{
    emogi_error err;
    progress_phase("sorting names");
    if (names_finish(&j->names, &r->edges, offsets, blob, &err))
        die(err.msg);
}

/* The sorted names go into the built graph, which frees them. */
static void attach_names(struct built_graph *b, uint64_t *offsets, char *blob)
{
    b->g.name_offsets = b->name_offsets = offsets;
    b->g.names = b->names = blob;
    b->g.flags |= EMOGI_IDNAMES;
}

/*
 * Every thread brings buffers of its own: a parse chunk's first edges, an
 * encoder buffer for the runs, the builder's counts, tens of KiB in all.
 * On a host of many cores they would take a small --memory whole: 64
 * threads in 4 MiB left no room for a run of one edge
 * (bench/journal/2026-11-27-gpu-tests-on-the-64-core-four-gpu-host.md).
 * So unless --threads says otherwise a thread needs 512 KiB of --memory,
 * about four times what its buffers take.
 */
#define MEMORY_PER_THREAD (512u << 10)

static void set_threads(int n, uint64_t memory)
{
#ifdef _OPENMP
    if (n <= 0) {
        uint64_t fit = memory / MEMORY_PER_THREAD;
        n = omp_get_max_threads();
        if ((uint64_t)n > fit)
            n = fit > 1 ? (int)fit : 1;
    }
    omp_set_num_threads(n);
#else
    (void)n;
    (void)memory;
#endif
}

/* A width that cannot hold the ids is the input's fault: say so naming it,
 * before either build (--relabel may shrink the count: its build checks). */
static void check_width(const struct convert_opts *o, const struct parse_result *r)
{
    uint32_t width;
    emogi_error err;
    if (o->build.relabel || build_choose_width(r->nv, o->build.id_width, &width, &err) == 0)
        return;
    fprintf(stderr, "emogi-convert: %s: %s\n", o->input ? o->input : o->format_name, err.msg);
    exit(1);
}

/* Everything fitted in one buffer: build in memory, as always. */
static void build_in_memory(struct job *j, struct parse_result *r, const char *prov, size_t plen,
                            struct convert_stats *st)
{
    struct convert_opts *o = j->o;
    struct built_graph b;
    emogi_error err;
    struct build_opts bo = o->build;
    uint64_t *name_offsets = NULL;
    char *names = NULL;
    ooc_take_edges(&j->ooc, &r->edges);
    edge_list_shrink(&r->edges);
    if (o->string_ids) {
        number_names(j, r, &name_offsets, &names);
        bo.relabel = 0; /* the names' ranks are the compact ids */
    }
    if (build_csr(&r->edges, r->nv, r->weights, &bo, &b, progress_phase, &err)) {
        fprintf(stderr, "emogi-convert: %s: %s\n", o->input ? o->input : o->format_name, err.msg);
        exit(1);
    }
    parse_result_free(r);
    if (o->string_ids)
        attach_names(&b, name_offsets, names);
    if (o->reorder != REORDER_NONE) {
        progress_phase("reordering");
        double t = emogi_now();
        if (reorder_graph(&b, o->reorder == REORDER_BFS ? REORDER_BY_BFS : REORDER_BY_DEGREE,
                          o->memory, &err))
            die(err.msg);
        st->reorder = emogi_now() - t;
    }
    b.g.provenance = prov;
    b.g.provenance_len = plen;
    struct recoded rc = {0};
    if (o->compress == 1) {
        progress_phase("compressing");
        if (recode_compress(&b.g, &rc, &err))
            die(err.msg);
        free(b.neighbors), free(b.t_neighbors); /* the plain lists are not written */
        b.neighbors = b.t_neighbors = NULL;
    }
    progress_phase("writing");
    double tw = emogi_now();
    if (emogi_csr_write(o->output, &b.g, &err))
        die(err.msg);
    st->write = emogi_now() - tw;
    struct emogi_csr_plan plan;
    st->file_bytes = emogi_csr_plan_layout(&b.g, &plan, o->output, &err) == 0 ? plan.file_size : 0;
    stats_from_build(st, &b);
    recoded_free(&rc);
    built_graph_free(&b);
}

static void build_out_of_core(struct job *j, struct parse_result *r, const char *prov,
                              size_t plen, struct convert_stats *st)
{
    struct ooc_output out = {j->o->output, r->nv, r->weights, prov, plen, NULL, NULL, -1, 0};
    struct ooc_result res;
    emogi_error err;
    if (j->reading == READ_RANKS) { /* the names, in memory or on disk */
        out.name_offsets = j->names.start;
        names_source(&j->names, &out.names_fd, &out.names_pos);
        out.names = out.names_fd < 0 ? j->names.bytes : NULL;
    }
    parse_result_free(r);
    if (ooc_finish(&j->ooc, &out, &res, &err))
        die(err.msg);
    names_free(&j->names);
    st->file_bytes = res.file_bytes;
    st->nv = res.nv;
    st->ne = res.ne;
    st->t_ne = res.t_ne;
    st->self_loops_dropped = res.self_loops_dropped;
    st->duplicates_dropped = res.duplicates_dropped;
}

/* emogi-convert csr: the graph is there already; its encoding, width,
 * weights, transpose or vertex order change. */
static void recode(const struct convert_opts *o, struct convert_stats *st)
{
    char note[256];
    snprintf(note, sizeof note, "recoded: emogi-convert %s csr%s%s%s%s", PACKAGE_VERSION,
             o->build.id_width ? (o->build.id_width == 4 ? " --id-width 4" : " --id-width 8") : "",
             o->build.weights == BUILD_WEIGHTS_NONE ? " --drop-weights" : "",
             o->build.transpose ? " --transpose" : "",
             o->reorder == REORDER_NONE     ? ""
             : o->reorder == REORDER_DEGREE ? " --reorder degree"
                                            : " --reorder bfs");
    int how = o->reorder == REORDER_NONE     ? -1
              : o->reorder == REORDER_DEGREE ? (int)REORDER_BY_DEGREE
                                             : (int)REORDER_BY_BFS;
    struct recode_opts ro = {o->compress, o->build.id_width,
                             o->build.weights == BUILD_WEIGHTS_NONE, o->build.transpose, how,
                             o->memory, note, o->partitions, o->no_provenance};
    struct recode_result res;
    emogi_error err;
    progress_phase(how < 0 ? "re-encoding" : "reordering");
    int rc = recode_csr(o->input, o->output, &ro, &res, &err);
    if (rc > 0)
        reorder_too_big(o, res.need);
    if (rc < 0)
        die(err.msg);
    stats_from_csr(st, res.nv, res.ne, res.t_ne, res.write_seconds);
    st->reorder = res.reorder_seconds;
}

/* Whether the csr input's options change the graph or its encoding. */
static int recoding(const struct convert_opts *o)
{
    return o->compress >= 0 || o->build.id_width || o->build.weights == BUILD_WEIGHTS_NONE ||
           o->build.transpose || o->reorder != REORDER_NONE;
}

/* emogi-convert csr --partitions without re-encoding: the part files of
 * the graph as it is, straight from the mapped input (a re-encoding
 * splits what it made in memory instead: recode_csr()). */
static void split(const struct convert_opts *o, struct convert_stats *st)
{
    struct split_result res;
    emogi_error err;
    char a[32], b[32];
    progress_phase("splitting");
    int rc = split_csr(o->input, o->output, o->partitions, o->memory, !o->no_provenance, &res,
                       &err);
    if (rc > 0) {
        fprintf(stderr, "emogi-convert: %s: --partitions %u needs %s, over --memory %s\n",
                o->input, o->partitions, memory_str(res.need, a, sizeof a),
                memory_str(o->memory, b, sizeof b));
        exit(1);
    }
    if (rc < 0)
        die(err.msg);
    stats_from_csr(st, res.nv, res.ne, res.t_ne, res.write_seconds);
}

/* Every output complete: they replace their old files together. */
static void commit_outputs(void)
{
    emogi_error err;
    if (emogi_atomic_commit_held(&err))
        die(err.msg);
}

int main(int argc, char **argv)
{
    struct convert_opts o;
    struct parse_result r;
    struct convert_stats st = {0};
    struct job j = {0};
    double t0 = emogi_now();

    emogi_atomic_install_signals();
    emogi_atomic_hold(); /* the graph (or its parts) and the stats file: committed together */
    /* large arrays from mmap, always, so that a freed one leaves the
     * resident set at once (glibc otherwise raises the threshold past the
     * sizes it has seen freed, and keeps such arrays on its heap) */
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
    options_parse(argc, argv, &o);
    tool_init("emogi-convert");
    if (o.stats) /* a --stats-file that cannot be made fails now, not after the work */
        tool_stats_open(o.stats == STATS_JSON, o.stats_file);
    o.build.memory = o.memory;
    set_threads(o.threads, o.memory);
    progress_init(!o.quiet && (o.progress == 1 || (o.progress < 0 && isatty(2))));
    if (!o.partitions) /* parts are many files: split_csr() opens each before any is kept */
        options_check_output(o.output);
    if (o.source == SOURCE_CSR) {
        (o.partitions && !recoding(&o) ? split : recode)(&o, &st);
        stats_report(&o, &st, t0);
        commit_outputs();
        return 0;
    }
    char *tmpdir = o.tmpdir ? strdup(o.tmpdir) : options_tmpdir(o.output);
again:
    j.o = &o;
    j.names.memory = o.memory;
    j.names.tmpdir = tmpdir; /* names past --memory spill there */
    j.ooc_opts = (struct ooc_opts){o.memory, tmpdir, 0, input_name(&o),
                                   options_run_edges(), o.reorder != REORDER_NONE, o.compress == 1,
                                   o.string_ids};
    ooc_init(&j.ooc, &j.ooc_opts);
    if (o.source == SOURCE_KRON || o.source == SOURCE_URAND)
        ooc_set_vertices(&j.ooc, 1ull << o.scale);

    if (read_edges(&j, &r, &st)) { /* --relabel met names: all over again as --string-ids */
        parse_result_free(&r);
        ooc_free(&j.ooc);
        names_free(&j.names);
        memset(&j, 0, sizeof j);
        memset(&st, 0, sizeof st);
        o.string_ids = 1;
        goto again;
    }
    check_vertices(&o, &r);
    check_width(&o, &r);
    size_t plen;
    char *prov = options_provenance(&o, &plen);
    int in_memory = j.reading == READ_ONCE && !ooc_spilled(&j.ooc) &&
                    !names_spilled(&j.names) && fits_in_memory(&j, &r);
    if (!in_memory && o.string_ids) {
        if (j.reading == READ_ONCE) /* read whole, but the build does not fit */
            read_names_only(&j);
        read_ranks(&j, &r, &st);
    }
    if (in_memory)
        build_in_memory(&j, &r, prov, plen, &st);
    else
        build_out_of_core(&j, &r, prov, plen, &st);
    st.ooc = j.ooc.st;
    ooc_free(&j.ooc);

    stats_report(&o, &st, t0);
    commit_outputs();
    free(prov);
    free(tmpdir);
    return 0;
}
