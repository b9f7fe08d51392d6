/*
 * unit_bfs.c - emogi_bfs_cpu and emogi_bfs_parents on graphs built in
 * memory: small ones whose depths are written here by hand, and random ones
 * checked against a plain serial queue BFS written in this file.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_bfs.h"
#include "tap.h"

#define U EMOGI_UNREACHED

struct edge {
    uint64_t s, d;
};

/* An in-memory graph and the arrays it owns. */
struct built {
    struct emogi_graph g;
    uint64_t *off, *t_off;
    void *nbr, *t_nbr;
};

enum { UNDIRECTED = 0, DIRECTED = 1, TRANSPOSED = 2 };

static int cmp_edge(const void *a, const void *b)
{
    const struct edge *x = a, *y = b;
    if (x->s != y->s)
        return x->s < y->s ? -1 : 1;
    return x->d < y->d ? -1 : x->d > y->d;
}

/* CSR of E (sorted, duplicates dropped) with ids of width W. */
static void csr(uint64_t nv, struct edge *e, uint64_t ne, unsigned w, uint64_t **off_out,
                void **nbr_out, uint64_t *ne_out)
{
    qsort(e, ne, sizeof *e, cmp_edge);
    uint64_t *off = calloc(nv + 1, sizeof *off);
    void *nbr = malloc((ne ? ne : 1) * w);
    uint64_t n = 0;
    for (uint64_t i = 0; i < ne; i++) {
        if (i > 0 && e[i].s == e[i - 1].s && e[i].d == e[i - 1].d)
            continue;
        if (w == 4)
            ((uint32_t *)nbr)[n] = (uint32_t)e[i].d;
        else
            ((uint64_t *)nbr)[n] = e[i].d;
        off[e[i].s + 1]++;
        n++;
    }
    for (uint64_t v = 0; v < nv; v++)
        off[v + 1] += off[v];
    *off_out = off;
    *nbr_out = nbr;
    *ne_out = n;
}

static void build(struct built *b, uint64_t nv, const struct edge *in, uint64_t ne, int kind,
                  unsigned w)
{
    uint64_t n = kind == UNDIRECTED ? 2 * ne : ne;
    struct edge *e = malloc((n ? n : 1) * sizeof *e);
    for (uint64_t i = 0; i < ne; i++) {
        e[i] = in[i];
        if (kind == UNDIRECTED)
            e[ne + i] = (struct edge){in[i].d, in[i].s};
    }
    memset(b, 0, sizeof *b);
    b->g.nv = nv;
    b->g.id_width = w;
    b->g.flags = kind == UNDIRECTED ? 0 : EMOGI_DIRECTED;
    csr(nv, e, n, w, &b->off, &b->nbr, &b->g.ne);
    b->g.offsets = b->off;
    b->g.neighbors = b->nbr;
    if (kind == TRANSPOSED) {
        uint64_t tne;
        for (uint64_t i = 0; i < ne; i++)
            e[i] = (struct edge){in[i].d, in[i].s};
        csr(nv, e, ne, w, &b->t_off, &b->t_nbr, &tne);
        b->g.flags |= EMOGI_TRANSPOSE;
        b->g.t_offsets = b->t_off;
        b->g.t_neighbors = b->t_nbr;
    }
    free(e);
}

static void unbuild(struct built *b)
{
    free(b->off);
    free(b->nbr);
    free(b->t_off);
    free(b->t_nbr);
}

static const char *kind_name(int kind)
{
    return kind == UNDIRECTED ? "undirected" : kind == DIRECTED ? "directed" : "directed+transpose";
}

/* Run BFS and compare with the expected depths; also levels and reached. */
static void expect_depths(const char *name, uint64_t nv, const struct edge *e, uint64_t ne,
                          int kind, unsigned w, uint64_t src, const uint32_t *want)
{
    struct built b;
    build(&b, nv, e, ne, kind, w);
    uint32_t *depth = malloc(nv * sizeof *depth);
    struct emogi_bfs_stats st;
    emogi_error err = {{0}};
    int rc = emogi_bfs_cpu(&b.g, src, depth, &st, &err);
    uint32_t maxd = 0;
    uint64_t reached = 0;
    for (uint64_t v = 0; v < nv; v++) {
        if (want[v] != U) {
            reached++;
            maxd = want[v] > maxd ? want[v] : maxd;
        }
    }
    ok(rc == 0 && memcmp(depth, want, nv * sizeof *depth) == 0 && st.levels == maxd + 1 &&
           st.reached == reached && st.edge_bytes == st.edges_examined * w,
       "%s, %s, %u-byte ids, source %llu: depths, levels, reached", name, kind_name(kind), w,
       (unsigned long long)src);
    free(depth);
    unbuild(&b);
}

static void all_ways(const char *name, uint64_t nv, const struct edge *e, uint64_t ne, int kind,
                     uint64_t src, const uint32_t *want)
{
    for (unsigned w = 4; w <= 8; w += 4) {
        expect_depths(name, nv, e, ne, kind, w, src, want);
        if (kind == DIRECTED)
            expect_depths(name, nv, e, ne, TRANSPOSED, w, src, want);
    }
}

static void hand_graphs(void)
{
    static const struct edge path[] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}};
    all_ways("path", 5, path, 4, UNDIRECTED, 0, (const uint32_t[]){0, 1, 2, 3, 4});
    all_ways("path", 5, path, 4, UNDIRECTED, 2, (const uint32_t[]){2, 1, 0, 1, 2});
    all_ways("path", 5, path, 4, DIRECTED, 2, (const uint32_t[]){U, U, 0, 1, 2});

    static const struct edge star[] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}};
    all_ways("star", 6, star, 5, UNDIRECTED, 3, (const uint32_t[]){1, 2, 2, 0, 2, 2});
    all_ways("star", 6, star, 5, DIRECTED, 3, (const uint32_t[]){U, U, U, 0, U, U});

    static const struct edge two[] = {{0, 1}, {1, 2}, {3, 4}};
    all_ways("two components", 5, two, 3, UNDIRECTED, 4, (const uint32_t[]){U, U, U, 1, 0});

    /* 5 -> 0 -> 1 -> 2 -> 3 -> 1, 3 -> 4 */
    static const struct edge cyc[] = {{5, 0}, {0, 1}, {1, 2}, {2, 3}, {3, 1}, {3, 4}};
    all_ways("cycle with tail", 6, cyc, 6, DIRECTED, 5, (const uint32_t[]){1, 2, 3, 4, 5, 0});
    all_ways("cycle with tail", 6, cyc, 6, DIRECTED, 2, (const uint32_t[]){U, 2, 0, 1, 2, U});

    all_ways("isolated source", 6, cyc, 6, UNDIRECTED, 0, (const uint32_t[]){0, 1, 2, 2, 3, 1});
    static const struct edge iso[] = {{0, 1}, {1, 2}};
    all_ways("source without edges", 4, iso, 2, UNDIRECTED, 3, (const uint32_t[]){U, U, U, 0});

    static const struct edge loops[] = {{0, 0}, {0, 1}, {1, 1}, {2, 2}};
    all_ways("self-loops", 3, loops, 4, DIRECTED, 0, (const uint32_t[]){0, 1, U});
    all_ways("self-loops", 3, loops, 4, DIRECTED, 2, (const uint32_t[]){U, U, 0});
}

static void errors(void)
{
    static const struct edge path[] = {{0, 1}};
    struct built b;
    build(&b, 2, path, 1, UNDIRECTED, 4);
    uint32_t depth[2];
    uint64_t parent[2];
    emogi_error err = {{0}};
    ok(emogi_bfs_cpu(&b.g, 2, depth, NULL, &err) == -1 && strstr(err.msg, "out of range 0..1"),
       "source past the last vertex is refused: %s", err.msg);
    depth[0] = 0;
    depth[1] = 2;
    ok(emogi_bfs_parents(&b.g, 0, depth, parent, &err) == -1 &&
           strstr(err.msg, "vertex 1 at depth 2 has no in-neighbour at depth 1"),
       "parents of inconsistent depths are refused: %s", err.msg);
    unbuild(&b);
}

static void hand_parents(void)
{
    /* diamond 0 -> {1,2} -> 3, and 3 -> 4: 3 has two parents, the smaller wins */
    static const struct edge dia[] = {{0, 2}, {0, 1}, {2, 3}, {1, 3}, {3, 4}, {5, 0}};
    static const uint64_t want_dir[] = {0, 0, 0, 1, 3, EMOGI_NO_PARENT};
    static const uint64_t want_und[] = {5, 0, 0, 1, 3, 5}; /* from source 5 */
    for (int kind = UNDIRECTED; kind <= TRANSPOSED; kind++) {
        for (unsigned w = 4; w <= 8; w += 4) {
            struct built b;
            build(&b, 6, dia, 6, kind, w);
            uint64_t src = kind == UNDIRECTED ? 5 : 0;
            uint32_t depth[6];
            uint64_t parent[6];
            emogi_error err = {{0}};
            int rc = emogi_bfs_cpu(&b.g, src, depth, NULL, &err);
            rc |= emogi_bfs_parents(&b.g, src, depth, parent, &err);
            const uint64_t *want = kind == UNDIRECTED ? want_und : want_dir;
            ok(rc == 0 && memcmp(parent, want, sizeof parent) == 0,
               "diamond parents, %s, %u-byte ids", kind_name(kind), w);
            unbuild(&b);
        }
    }
}

/* ---- random graphs against a serial BFS and a brute-force parent search ---- */

static uint64_t rng = 88172645463325252ull;
static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void serial_bfs(const struct emogi_graph *g, uint64_t src, uint32_t *depth)
{
    uint64_t *q = malloc(g->nv * sizeof *q), head = 0, tail = 0;
    for (uint64_t v = 0; v < g->nv; v++)
        depth[v] = U;
    depth[src] = 0;
    q[tail++] = src;
    while (head < tail) {
        uint64_t u = q[head++];
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
            uint64_t v = emogi_neighbor(g, e);
            if (depth[v] == U) {
                depth[v] = depth[u] + 1;
                q[tail++] = v;
            }
        }
    }
    free(q);
}

static int parents_right(const struct emogi_graph *g, uint64_t src, const uint32_t *depth,
                         const uint64_t *parent)
{
    uint64_t *best = malloc(g->nv * sizeof *best);
    for (uint64_t v = 0; v < g->nv; v++)
        best[v] = v == src ? src : EMOGI_NO_PARENT;
    for (uint64_t u = 0; u < g->nv; u++)
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
            uint64_t v = emogi_neighbor(g, e);
            if (v != src && depth[u] != U && depth[v] == depth[u] + 1 && u < best[v])
                best[v] = u;
        }
    int same = memcmp(best, parent, g->nv * sizeof *best) == 0;
    free(best);
    return same;
}

/* DENSE: also check that bottom-up levels skipped most edges */
static void random_graph(uint64_t nv, uint64_t ne, int kind, unsigned w, int dense)
{
    struct edge *e = malloc(ne * sizeof *e);
    for (uint64_t i = 0; i < ne; i++) {
        /* a skewed source distribution gives hubs, as in power-law graphs */
        uint64_t s = next_random() % nv;
        e[i] = (struct edge){(i & 1) ? s % (nv / 16 + 1) : s, next_random() % nv};
    }
    struct built b;
    build(&b, nv, e, ne, kind, w);
    uint32_t *depth = malloc(nv * sizeof *depth), *want = malloc(nv * sizeof *want);
    uint64_t *parent = malloc(nv * sizeof *parent);
    int same = 1, tree = 1;
    uint64_t examined = 0, edges = 0;
    for (int run = 0; run < 4; run++) {
        uint64_t src = next_random() % nv;
        struct emogi_bfs_stats st;
        emogi_error err = {{0}};
        serial_bfs(&b.g, src, want);
        if (emogi_bfs_cpu(&b.g, src, depth, &st, &err) < 0 ||
            memcmp(depth, want, nv * sizeof *depth) != 0)
            same = 0;
        if (emogi_bfs_parents(&b.g, src, depth, parent, &err) < 0 ||
            !parents_right(&b.g, src, depth, parent))
            tree = 0;
        examined += st.edges_examined;
        for (uint64_t v = 0; v < nv; v++)
            if (want[v] != U)
                edges += emogi_degree(&b.g, v);
    }
    ok(same, "random %s graph, %llu vertices, %u-byte ids: depths as a serial BFS",
       kind_name(kind), (unsigned long long)nv, w);
    ok(tree, "random %s graph: parents are the smallest in-neighbours one level up",
       kind_name(kind));
    if (!dense)
        ; /* bottom-up also scans vertices of other components: no bound */
    else if (kind == DIRECTED)
        ok(examined == edges, "top-down only: every edge of the reached vertices examined");
    else
        ok(examined < edges / 2, "bottom-up levels skip edges: %llu of %llu examined",
           (unsigned long long)examined, (unsigned long long)edges);
    free(depth);
    free(want);
    free(parent);
    free(e);
    unbuild(&b);
}

static void kernel_names(void)
{
    static const char *const names[] = {"naive", "merged", "aligned"};
    int right = 1;
    for (int i = 0; i < 3; i++) {
        enum emogi_kernel k;
        right &= emogi_kernel_parse(names[i], &k) == 0 && (int)k == i &&
                 strcmp(emogi_kernel_name(k), names[i]) == 0;
    }
    enum emogi_kernel k = EMOGI_KERNEL_MERGED;
    ok(right, "kernel names parse to their enum values and back");
    ok(emogi_kernel_parse("Aligned", &k) == -1 && emogi_kernel_parse("", &k) == -1 &&
           k == EMOGI_KERNEL_MERGED && strcmp(emogi_kernel_name((enum emogi_kernel)7), "unknown") == 0,
       "unknown kernel names are refused and leave the value alone");
}

int main(void)
{
    plan(36 + 2 + 6 + 6 * 3 + 2 * 2 + 2);
    hand_graphs();
    errors();
    hand_parents();
    kernel_names();
    for (unsigned w = 4; w <= 8; w += 4) {
        random_graph(20000, 400000, UNDIRECTED, w, 1);
        random_graph(20000, 400000, DIRECTED, w, 1);
        random_graph(20000, 400000, TRANSPOSED, w, 1);
    }
    random_graph(6000, 7000, UNDIRECTED, 4, 0); /* sparse: many components */
    random_graph(6000, 7000, TRANSPOSED, 8, 0);
    return done_testing();
}
