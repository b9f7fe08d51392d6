/*
 * open.c - the graph as a rank opens it (dist.h: dist_open_graph):
 * the shared .csr, or this rank's part file of emogi-convert
 * --partitions, and the view the algorithms read either through.
 *
 * With part files every rank checks, from a table of every rank's part
 * gathered to all, that the parts belong together (one graph: its
 * counts, flags and provenance; part r on rank r; as many as ranks;
 * vertices and edges tiled), so that all reach the same verdict and rank
 * 0 alone says what is wrong.  Then the whole graph's offsets (and, when
 * asked, its t_offsets and id map) are gathered into d->skel: the one
 * thing the parts lack that the tools need of every vertex (degrees for
 * random sources and reports, PageRank's start).  That is 8 bytes per
 * vertex on every rank, as the search state already is.
 */
#include "config.h"

#include <errno.h>
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ranks.h"

/* What every rank tells the others of the file it mapped, or why it
 * could not (FAILED, WHY), and of what it runs: PROGRAM (first, so that
 * another build's record still shows its name and version), SETTINGS
 * (the exchanges' EMOGI_MPI_* knobs), SOURCES and OPTIONS (dist.h:
 * struct dist_agreed, and the dist_need bits), FILE (a whole file's
 * identity: file_id). */
struct part_desc {
    char program[64];
    uint64_t settings, sources, options, file;
    uint64_t is_part, index, count, first, end, nv, ne, edge_first, local_ne;
    uint64_t t_edge_first, t_ne, flags, id_width, weight_type, origin, failed;
    char name[256];
    char why[768];
};

/* The provenance the parts of one graph share: all but the part's own
 * last line ("part: K of N, ...", emogi-convert's split). */
static uint64_t origin_of(const struct emogi_graph *g)
{
    size_t n = g->provenance ? g->provenance_len : 0;
    const char *s = g->provenance;
    for (size_t i = n; i-- > 0;)
        if ((i == 0 || s[i - 1] == '\n') && n - i >= 6 && memcmp(s + i, "part: ", 6) == 0) {
            n = i;
            break;
        }
    return ((uint64_t)emogi_crc32(s ? s : "", n) << 32) | n;
}

/* A file's identity, for ranks that should have mapped one file: its
 * header's counts and section table (each section's type, place, size
 * and checksum, so its contents) and the file's size, read without a
 * pass over the lists. */
static uint64_t file_id(const struct emogi_graph *g)
{
    uint64_t h = DIST_HASH_START, head[6] = {g->nv, g->ne, g->flags, g->id_width,
                                             g->weight_type, (uint64_t)g->map_size};
    h = dist_hash(h, head, sizeof head);
    for (uint32_t i = 0; i < g->nsections && i < EMOGI_CSR_MAX_SECTIONS; i++) {
        const struct emogi_section *s = &g->sections[i];
        uint64_t e[4] = {s->type, s->crc32, s->offset, s->size};
        h = dist_hash(h, e, sizeof e);
    }
    return h;
}

static void describe(const struct emogi_graph *g, const char *path, struct part_desc *p)
{
    struct emogi_part q;
    uint64_t is_part = (uint64_t)emogi_csr_part(g, &q);
    *p = (struct part_desc){"", 0, 0, 0, file_id(g), is_part, q.index, q.count, q.first, q.end,
                            q.nv, q.ne, q.edge_first, g->ne, q.t_edge_first, q.t_ne,
                            g->flags & ~(uint64_t)EMOGI_PART, g->id_width, g->weight_type,
                            origin_of(g), 0, "", ""};
    snprintf(p->name, sizeof p->name, "%s", path);
}

/* The lowest rank whose LEN bytes at OFF of its record differ from rank
 * 0's, or 0 where none does. */
static int first_other(const struct part_desc *t, int size, size_t off, size_t len)
{
    for (int r = 1; r < size; r++)
        if (memcmp((const char *)&t[r] + off, (const char *)&t[0] + off, len) != 0)
            return r;
    return 0;
}
#define OTHER(t, size, field) first_other(t, size, offsetof(struct part_desc, field), sizeof t->field)

/* Whether every rank runs what rank 0 runs (program, settings, sources,
 * options, in that order); else a message in MSG naming the first that
 * differs and the lowest rank that differs in it.  The same verdict on
 * every rank. */
static int same_run(const struct part_desc *t, int size, char *msg, size_t n)
{
    int r;
    if ((r = OTHER(t, size, program)))
        snprintf(msg, n, "the ranks disagree: rank %d runs %.64s, rank 0 %.64s: every rank must "
                         "run one tool of one build", r, t[r].program, t[0].program);
    else if ((r = OTHER(t, size, settings)))
        snprintf(msg, n, "the ranks disagree: rank %d's EMOGI_MPI_CHUNK or EMOGI_MPI_WIDE_IDS "
                         "is not rank 0's: every rank must have the same", r);
    else if ((r = OTHER(t, size, sources)))
        snprintf(msg, n, "the ranks disagree: rank %d was given other sources than rank 0 (-s, "
                         "-S, -n, --seed, --original-ids): every rank must be given the same", r);
    else if ((r = OTHER(t, size, options)))
        snprintf(msg, n, "the ranks disagree: rank %d was given other options than rank 0: "
                         "every rank must be given the same command line, the graph's name "
                         "aside", r);
    return r == 0;
}


/* What makes parts A and B of different graphs, or NULL. */
static const char *differ(const struct part_desc *a, const struct part_desc *b)
{
    if (a->nv != b->nv || a->ne != b->ne)
        return "vertex or edge counts";
    if (a->flags != b->flags || a->id_width != b->id_width || a->weight_type != b->weight_type)
        return "flags, id widths or weights";
    if (a->origin != b->origin)
        return "provenance";
    return NULL;
}

/* Whether the ranks' files T make one graph's parts, one per rank in
 * order; else a message in MSG.  The same verdict on every rank. */
static int parts_fit(const struct part_desc *t, int size, char *msg, size_t n)
{
    int r = 0;
    /* first the count, which explains the missing parts of a larger -np */
    while (r < size && !(t[r].is_part && t[r].count != (uint64_t)size))
        r++;
    if (r < size) {
        snprintf(msg, n, "%s is part %llu of %llu of a graph, but %d ranks run: run one rank per "
                         "part (mpirun -np %llu)", t[r].name, (unsigned long long)t[r].index + 1,
                 (unsigned long long)t[r].count, size, (unsigned long long)t[r].count);
        return 0;
    }
    for (r = 0; r < size; r++)
        if (t[r].failed) {
            snprintf(msg, n, "rank %d: %s", r, t[r].why);
            return 0;
        }
    r = 0;
    while (r < size && t[r].is_part == t[0].is_part)
        r++;
    if (r < size) {
        const struct part_desc *w = t[0].is_part ? &t[r] : &t[0], *p = t[0].is_part ? &t[0] : &t[r];
        snprintf(msg, n, "%s (rank %d) is a whole graph but %s (rank %d) a part file: give every "
                         "rank the parts, or every rank the whole file", w->name,
                 t[0].is_part ? r : 0, p->name, t[0].is_part ? 0 : r);
        return 0;
    }
    if (!t[0].is_part) {
        if ((r = OTHER(t, size, file)) == 0)
            return 1;
        snprintf(msg, n, "the ranks disagree: rank %d's %s is not the file rank 0 opened as %s "
                         "(their headers' checksums or their sizes differ): every rank must map "
                         "the same file, or each its own part", r, t[r].name, t[0].name);
        return 0;
    }
    for (r = 0; r < size; r++) {
        const char *why = differ(&t[0], &t[r]);
        if (why || t[r].count != t[0].count) {
            snprintf(msg, n, "%s and %s are parts of different graphs (their %s differ)",
                     t[0].name, t[r].name, why ? why : "part counts");
            return 0;
        }
        if (t[r].index != (uint64_t)r) {
            snprintf(msg, n, "rank %d opened %s, which is part %llu, not %d: rank r takes part r "
                             "(name the parts with %%d, as emogi-convert --partitions does)",
                     r, t[r].name, (unsigned long long)t[r].index, r);
            return 0;
        }
        if (r > 0 && (t[r].first != t[r - 1].end ||
                      t[r].edge_first != t[r - 1].edge_first + t[r - 1].local_ne ||
                      t[r].t_edge_first != t[r - 1].t_edge_first + t[r - 1].t_ne)) {
            snprintf(msg, n, "%s ends at vertex %llu but %s starts at %llu (or their edges do "
                             "not meet): the parts do not tile one graph",
                     t[r - 1].name, (unsigned long long)t[r - 1].end, t[r].name,
                     (unsigned long long)t[r].first);
            return 0;
        }
    }
    return 1;
}

/* The whole graph's array of N + 1 entries from every rank's LOCAL
 * (hi - lo + 1 entries, plus BASE), its last entry TOTAL. */
static uint64_t *gather_whole(struct dist *d, const uint64_t *local, uint64_t base,
                              uint64_t total, uint64_t n, const char *what)
{
    uint64_t *all = dist_alloc(n + 1, sizeof *all, what);
    for (uint64_t i = 0; i < d->hi - d->lo; i++)
        all[d->lo + i] = local[i] + base;
    dist_allgather(d, all + d->lo, sizeof *all, all);
    all[n] = total;
    return all;
}

/* The whole graph's counts and the arrays asked for, from every part. */
static void build_skeleton(struct dist *d, const struct emogi_graph *g, const char *graph,
                           unsigned need)
{
    const struct emogi_part *p = &g->part;
    struct emogi_graph *s = &d->skel;
    memset(s, 0, sizeof *s);
    s->nv = p->nv;
    s->ne = p->ne;
    s->flags = g->flags & ~(uint32_t)EMOGI_PART;
    s->id_width = g->id_width;
    s->weight_type = g->weight_type;
    s->path = graph;
    s->offsets = gather_whole(d, g->offsets, p->edge_first, p->ne, p->nv, "offsets");
    if ((need & DIST_NEED_IN_OFFSETS) && g->t_offsets)
        s->t_offsets = gather_whole(d, g->t_offsets, p->t_edge_first, p->ne, p->nv, "offsets");
    if ((need & DIST_NEED_IDMAP) && g->idmap) {
        uint64_t *map = dist_alloc(p->nv ? p->nv : 1, sizeof *map, "ids");
        memcpy(map + d->lo, g->idmap, (d->hi - d->lo) * sizeof *map);
        dist_allgather(d, map + d->lo, sizeof *map, map);
        s->idmap = map;
    }
    d->whole = s;
}

/* Every rank's file described to all (G NULL: it did not open, WHY),
 * with what it runs (A, NEED); the parts' ranges as the partition. */
static void agree(struct dist *d, const char *graph, unsigned need, const struct dist_agreed *a,
                  const struct emogi_graph *g, const char *why)
{
    struct part_desc mine, *t = dist_alloc((uint64_t)d->size, sizeof *t, "ranks");
    char msg[1024];
    if (g) {
        describe(g, g->path, &mine);
    } else {
        memset(&mine, 0, sizeof mine);
        mine.failed = 1;
        snprintf(mine.why, sizeof mine.why, "%s", why);
    }
    snprintf(mine.program, sizeof mine.program, "%s " PACKAGE_VERSION, tool_name());
    const uint64_t knobs[2] = {dist_chunk(d), (uint64_t)dist_wide_ids()};
    mine.settings = dist_hash(DIST_HASH_START, knobs, sizeof knobs);
    mine.sources = a->sources;
    mine.options = dist_hash(a->options, &need, sizeof need);
    int rc = MPI_Allgather(&mine, sizeof mine, MPI_BYTE, t, sizeof mine, MPI_BYTE,
                           MPI_COMM_WORLD);
    if (rc != MPI_SUCCESS) { /* a record of another size: another build */
        fprintf(stderr, "%s: rank %d: the ranks' records do not match: every rank must run one "
                        "tool of one build\n", tool_name(), d->rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
        exit(1);
    }
    int fit = same_run(t, d->size, msg, sizeof msg) && parts_fit(t, d->size, msg, sizeof msg);
    if (fit && t[0].is_part && (need & DIST_NEED_WHOLE))
        fit = 0, snprintf(msg, sizeof msg, "--verify checks the whole graph on rank 0, which "
                                           "part files do not give it: verify on the whole file");
    if (!fit) {
        if (d->rank == 0)
            fprintf(stderr, "%s: %s\n", tool_name(), msg);
        free(t);
        MPI_Finalize();
        exit(1);
    }
    if (t[0].is_part) {
        d->parts = 1;
        d->bound = dist_alloc((uint64_t)d->size + 1, sizeof *d->bound, "ranks");
        for (int r = 0; r < d->size; r++)
            d->bound[r] = t[r].first;
        d->bound[d->size] = t[0].nv;
        d->lo = d->first = t[d->rank].first;
        d->hi = t[d->rank].end;
        build_skeleton(d, g, graph, need);
    }
    free(t);
}

void dist_open_graph(struct dist *d, const char *graph, const char *opened, unsigned need,
                     const struct dist_agreed *a, struct emogi_graph *g)
{
    emogi_error err;
    /* A rank reads its range's lists alone, and checks them alone: a
     * shared file's lists are checked by dist_partition (ranks.h:
     * lists_unchecked), a part file's (all its own) at once. */
    int ok = emogi_csr_open_offsets(opened, g, &err) == 0;
    if (ok) {
        if (emogi_is_part(g) || (need & DIST_NEED_WHOLE)) {
            if (emogi_csr_check_range(g, 0, g->nv, &err) < 0) {
                emogi_csr_close(g);
                ok = 0;
            }
        } else {
            d->lists_unchecked = 1;
        }
    }
    d->first = 0;
    d->whole = g;
    /* GRAPH itself was tried: its part GRAPH.RANK was meant too? */
    if (!ok && !strstr(graph, "%d") && strcmp(opened, graph) == 0 && access(graph, F_OK) < 0) {
        size_t n = strlen(err.msg);
        snprintf(err.msg + n, sizeof err.msg - n, " (nor is there its part %s.%d)", graph,
                 d->rank);
    }
    /* every rank joins, so that rank 0 tells why the job cannot run */
    agree(d, graph, need, a, ok ? g : NULL, err.msg);
}
