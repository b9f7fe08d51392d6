/*
 * emogi-convert - turn an edge list, a Matrix Market file or a generated
 * graph into an emogi .csr file.
 *
 * The steps are the ones the man page names: read (or generate) the edges,
 * build the CSR (build.c), write it atomically (emogi_csr_write).  Only
 * this file prints and exits.
 */
#include "config.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "build.h"
#include "emogi_csr.h"
#include "gen.h"
#include "options.h"
#include "parse.h"
#include "progress.h"
#include "webgraph.h"

static void die(const char *msg)
{
    fprintf(stderr, "emogi-convert: %s\n", msg);
    exit(1);
}

/* Fail before a long parse, not after, when OUTPUT cannot be created. */
static void check_output_folder(const char *output)
{
    char *copy = strdup(output);
    if (!copy)
        die("out of memory");
    const char *dir = dirname(copy);
    if (access(dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "emogi-convert: %s: cannot create a file in folder %s: %s\n", output,
                dir, strerror(errno));
        exit(1);
    }
    free(copy);
}

static void resolve_defaults(struct convert_opts *o, const struct parse_result *r)
{
    struct build_opts *b = &o->build;
    if (o->directed < 0)
        o->directed = o->source != SOURCE_KRON && o->source != SOURCE_URAND &&
                      !(o->source == SOURCE_TEXT && o->format == FORMAT_MTX &&
                        r->symmetry != MTX_GENERAL);
    b->directed = o->directed;
    /* a symmetric file lists one triangle: the other is implied, always */
    b->mirror = o->source == SOURCE_TEXT && o->format == FORMAT_MTX &&
                r->symmetry != MTX_GENERAL;
    b->skew = b->mirror && r->symmetry == MTX_SKEW;
    if (b->transpose && !o->directed && !o->quiet)
        fprintf(stderr, "emogi-convert: note: --transpose ignored: an undirected graph's "
                        "in-edges are its out-edges\n");
}

static void read_edges(const struct convert_opts *o, struct parse_result *r,
                       struct convert_stats *st)
{
    emogi_error err;
    double t = wall_seconds();
    memset(r, 0, sizeof *r);
    if (o->source == SOURCE_TEXT) {
        struct parse_opts po = {.format = o->format, .threads = o->threads};
        progress_phase("parsing");
        if (parse_input(o->input, &po, r, &err))
            die(err.msg);
        st->source_phase = "parse";
    } else if (o->source == SOURCE_WEBGRAPH || o->source == SOURCE_ADJ) {
        progress_phase("decoding");
        if ((o->source == SOURCE_WEBGRAPH ? webgraph_read : adj_read)(o->input, o->threads, r,
                                                                      &err))
            die(err.msg);
        st->source_phase = o->source == SOURCE_WEBGRAPH ? "decode" : "parse";
    } else {
        struct gen_opts g = {o->scale, o->edgefactor, o->build.seed};
        progress_phase("generating");
        if ((o->source == SOURCE_KRON ? gen_kron : gen_urand)(&g, &r->edges, &err))
            die(err.msg);
        r->nv = 1ull << o->scale;
        st->source_phase = "generate";
    }
    st->parse = wall_seconds() - t;
    st->bytes_in = r->bytes_in;
    st->bytes_text = r->bytes;
    st->edges_in = r->edges.n;
}

/* "key: value" lines; SOURCE_DATE_EPOCH pins the date for reproducible files. */
static char *provenance(const struct convert_opts *o, size_t *len)
{
    char opts[512], date[64];
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    time_t now = epoch && *epoch ? (time_t)strtoll(epoch, NULL, 10) : time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    options_describe(o, opts, sizeof opts);
    const char *input = o->input ? o->input : "(generated)";
    size_t cap = strlen(input) + strlen(opts) + 256;
    char *p = malloc(cap);
    if (!p)
        die("out of memory");
    int n = snprintf(p, cap, "tool: emogi-convert %s\ninput: %s\nformat: %s\noptions: %s\ndate: %s\n",
                     PACKAGE_VERSION, strcmp(input, "-") == 0 ? "(standard input)" : input,
                     o->format_name, opts, date);
    *len = (size_t)n;
    return p;
}

static void set_threads(int n)
{
#ifdef _OPENMP
    if (n > 0)
        omp_set_num_threads(n);
#else
    (void)n;
#endif
}

int main(int argc, char **argv)
{
    struct convert_opts o;
    struct parse_result r;
    struct built_graph b;
    struct convert_stats st = {0};
    emogi_error err;
    double t0 = wall_seconds();

    emogi_atomic_install_signals();
    options_parse(argc, argv, &o);
    set_threads(o.threads);
    progress_init(!o.quiet && (o.progress == 1 || (o.progress < 0 && isatty(2))));
    check_output_folder(o.output);

    read_edges(&o, &r, &st);
    resolve_defaults(&o, &r);
    if (build_csr(&r.edges, r.nv, r.weights, &o.build, &b, progress_phase, &err)) {
        fprintf(stderr, "emogi-convert: %s: %s\n", o.input ? o.input : o.format_name, err.msg);
        return 1;
    }
    parse_result_free(&r);

    size_t plen;
    char *prov = provenance(&o, &plen);
    b.g.provenance = prov;
    b.g.provenance_len = plen;
    progress_phase("writing");
    double tw = wall_seconds();
    if (emogi_csr_write(o.output, &b.g, &err))
        die(err.msg);
    st.write = wall_seconds() - tw;

    if (o.stats) {
        st.relabel = b.times.relabel;
        st.scatter = b.times.scatter;
        st.sort = b.times.sort;
        st.weights = b.times.weights;
        st.nv = b.g.nv;
        st.ne = b.g.ne;
        st.t_ne = b.g.t_offsets ? b.g.t_offsets[b.g.nv] : 0;
        st.self_loops_dropped = b.self_loops_dropped;
        st.duplicates_dropped = b.duplicates_dropped;
        FILE *f = fopen(o.output, "rb");
        if (f && fseeko(f, 0, SEEK_END) == 0)
            st.file_bytes = (uint64_t)ftello(f);
        if (f)
            fclose(f);
        st.total = wall_seconds() - t0;
        stats_print(&st);
    }
    free(prov);
    built_graph_free(&b);
    return 0;
}
