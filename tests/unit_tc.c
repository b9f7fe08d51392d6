/*
 * unit_tc.c - the triangle-counting library on graphs built in memory:
 * hand-worked graphs (K4, a bowtie, a wheel), lists with self-loops and
 * repeated entries, the refusal of a directed graph and the undirected
 * graph under it (emogi_tc_symmetric), the relabelling rule (GAP's
 * WorthRelabelling) on graphs made to pass and to fail it, the degree
 * bound, and random graphs, dense skewed ones (renumbered) and sparse
 * ones (not), of both id widths and several thread counts, against a
 * count over every triple of vertices of the adjacency matrix.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "emogi_tc.h"
#include "tap.h"

/* An in-memory graph from an adjacency matrix ADJ (N x N bytes): each
 * list ascending; REPEAT: every entry stored twice and each vertex's
 * self-loop added (so lists hold loops and repeats). */
struct built {
    struct emogi_graph g;
    uint64_t *off;
    void *nbr;
};

static void build(struct built *b, const unsigned char *adj, uint64_t n, unsigned w, int repeat,
                  uint32_t flags)
{
    memset(b, 0, sizeof *b);
    b->off = calloc(n + 1, sizeof *b->off);
    uint64_t ne = 0;
    for (uint64_t u = 0; u < n; u++) {
        for (uint64_t v = 0; v < n; v++)
            if (adj[u * n + v] || (repeat && u == v))
                ne += repeat && u != v ? 2 : 1;
        b->off[u + 1] = ne;
    }
    b->nbr = malloc((ne ? ne : 1) * w);
    uint64_t e = 0;
    for (uint64_t u = 0; u < n; u++)
        for (uint64_t v = 0; v < n; v++)
            if (adj[u * n + v] || (repeat && u == v))
                for (int k = 0; k < (repeat && u != v ? 2 : 1); k++) {
                    if (w == 4)
                        ((uint32_t *)b->nbr)[e++] = (uint32_t)v;
                    else
                        ((uint64_t *)b->nbr)[e++] = v;
                }
    b->g.nv = n;
    b->g.ne = ne;
    b->g.id_width = w;
    b->g.flags = flags;
    b->g.offsets = b->off;
    b->g.neighbors = b->nbr;
}

static void unbuild(struct built *b)
{
    free(b->off);
    free(b->nbr);
}

/* Triangles at each vertex over every triple (self-loops ignored). */
static uint64_t brute(const unsigned char *adj, uint64_t n, uint64_t *t)
{
    uint64_t total = 0;
    memset(t, 0, n * sizeof *t);
    for (uint64_t a = 0; a < n; a++)
        for (uint64_t b = a + 1; b < n; b++)
            if (adj[a * n + b])
                for (uint64_t c = b + 1; c < n; c++)
                    if (adj[a * n + c] && adj[b * n + c]) {
                        total++;
                        t[a]++, t[b]++, t[c]++;
                    }
    return total;
}

static void edge(unsigned char *adj, uint64_t n, uint64_t u, uint64_t v)
{
    adj[u * n + v] = adj[v * n + u] = 1;
}

/* The CPU's total and counts on ADJ are the brute count's; *RELABELLED
 * as it reported. */
static int agrees(const unsigned char *adj, uint64_t n, unsigned w, int repeat, int *relabelled)
{
    struct built b;
    build(&b, adj, n, w, repeat, 0);
    uint64_t *want = malloc((n ? n : 1) * sizeof *want), *got = malloc((n ? n : 1) * sizeof *got);
    const uint64_t total = brute(adj, n, want);
    struct emogi_tc_stats st;
    emogi_error err;
    int good = emogi_tc_cpu(&b.g, got, &st, &err) == 0 && st.triangles == total &&
               memcmp(got, want, n * sizeof *got) == 0;
    struct emogi_tc_stats st2;
    good = good && emogi_tc_cpu(&b.g, NULL, &st2, &err) == 0 && st2.triangles == total;
    if (relabelled)
        *relabelled = st.relabelled;
    free(want);
    free(got);
    unbuild(&b);
    return good;
}

int main(void)
{
    plan(20);
    emogi_error err;
    unsigned char adj[64 * 64];

    /* K4: four triangles, three at each vertex */
    memset(adj, 0, sizeof adj);
    for (int u = 0; u < 4; u++)
        for (int v = u + 1; v < 4; v++)
            edge(adj, 4, u, v);
    {
        struct built b;
        build(&b, adj, 4, 4, 0, 0);
        uint64_t t[4];
        struct emogi_tc_stats st;
        ok(emogi_tc_cpu(&b.g, t, &st, &err) == 0 && st.triangles == 4 && t[0] == 3 &&
               t[1] == 3 && t[2] == 3 && t[3] == 3 && st.oriented_edges == 6,
           "K4: 4 triangles, 3 at each vertex, 6 edges kept");
        ok(emogi_tc_up_bound(&b.g) == 3, "K4: the degree bound is 3");
        unbuild(&b);
    }

    /* a bowtie: triangles 0-1-2 and 0-3-4 share vertex 0 */
    memset(adj, 0, sizeof adj);
    edge(adj, 5, 0, 1), edge(adj, 5, 1, 2), edge(adj, 5, 2, 0);
    edge(adj, 5, 0, 3), edge(adj, 5, 3, 4), edge(adj, 5, 4, 0);
    {
        struct built b;
        build(&b, adj, 5, 8, 0, 0);
        uint64_t t[5];
        struct emogi_tc_stats st;
        ok(emogi_tc_cpu(&b.g, t, &st, &err) == 0 && st.triangles == 2 && t[0] == 2 &&
               t[1] == 1 && t[2] == 1 && t[3] == 1 && t[4] == 1,
           "bowtie, 8-byte ids: 2 triangles, 2 at the centre, 1 at each other vertex");
        unbuild(&b);
        build(&b, adj, 5, 4, 1, 0);
        uint64_t v = 99;
        ok(emogi_tc_cpu(&b.g, t, &st, &err) == 0 && st.triangles == 2 && t[0] == 2 &&
               st.oriented_edges == 6,
           "bowtie with every entry twice and self-loops: still 2, 6 edges kept");
        ok(emogi_tc_first_repeat(&b.g, &v, &err) == 1 && v == 0,
           "emogi_tc_first_repeat finds vertex 0's repeated entry");
        unbuild(&b);
        build(&b, adj, 5, 4, 0, 0);
        ok(emogi_tc_first_repeat(&b.g, &v, &err) == 0, "and none in the plain bowtie");
        unbuild(&b);
    }

    /* a wheel of 12: hub 0 and a cycle 1..11; 11 triangles */
    memset(adj, 0, sizeof adj);
    for (int i = 1; i <= 11; i++)
        edge(adj, 12, 0, i), edge(adj, 12, i, i % 11 + 1);
    ok(agrees(adj, 12, 4, 0, NULL), "wheel of 12: every count the brute count's");

    /* a directed triangle: refused, and its undirected graph counted */
    {
        memset(adj, 0, sizeof adj);
        adj[0 * 3 + 1] = adj[1 * 3 + 2] = adj[2 * 3 + 0] = 1; /* 0->1->2->0 */
        struct built b;
        build(&b, adj, 3, 4, 0, EMOGI_DIRECTED);
        struct emogi_tc_stats st;
        ok(emogi_tc_cpu(&b.g, NULL, &st, &err) < 0 && strstr(err.msg, "directed"),
           "a directed graph is refused: %s", err.msg);
        struct emogi_graph sym;
        uint64_t t[3];
        ok(emogi_tc_symmetric(&b.g, &sym, &err) == 0 && !(sym.flags & EMOGI_DIRECTED) &&
               sym.ne == 6 && emogi_tc_cpu(&sym, t, &st, &err) == 0 && st.triangles == 1 &&
               t[0] == 1 && t[1] == 1 && t[2] == 1,
           "its undirected graph: 6 entries, one triangle");
        emogi_tc_symmetric_free(&sym);
        unbuild(&b);
    }

    /* the relabelling rule */
    {
        /* dense and skewed: 4 hubs joined to all of 60 vertices, a sparse rest */
        const uint64_t n = 60;
        memset(adj, 0, sizeof adj);
        for (uint64_t h = 0; h < 4; h++)
            for (uint64_t v = 0; v < n; v++)
                if (v != h)
                    edge(adj, n, h, v);
        struct built b;
        build(&b, adj, n, 4, 0, 0);
        /* mean degree (4*59 + 56*4)/60 = 7.7 stored, 3 as GAP counts: too sparse */
        ok(!emogi_tc_worth_relabelling(&b.g), "a graph of average degree 3 is not relabelled");
        unbuild(&b);
        /* 40 hubs over 60 vertices: average over 10, but the median is a hub's degree */
        memset(adj, 0, sizeof adj);
        for (uint64_t h = 0; h < 40; h++)
            for (uint64_t v = 0; v < n; v++)
                if (v != h)
                    edge(adj, n, h, v);
        build(&b, adj, n, 4, 0, 0);
        ok(!emogi_tc_worth_relabelling(&b.g), "a dense graph without skew is not relabelled");
        unbuild(&b);
        /* hubs among many low-degree vertices: mean well over 1.3 medians */
        memset(adj, 0, sizeof adj);
        for (uint64_t h = 0; h < 12; h++)
            for (uint64_t v = h + 1; v < n; v++)
                edge(adj, n, h, v);
        build(&b, adj, n, 4, 0, 0);
        ok(emogi_tc_worth_relabelling(&b.g), "a dense skewed graph is relabelled");
        int rel = 0;
        ok(agrees(adj, n, 4, 0, &rel) && rel, "and its counts, renumbered, are the brute count's");
        ok(agrees(adj, n, 8, 1, &rel) && rel, "the same with 8-byte ids, loops and repeats");
        unbuild(&b);
    }

    /* random graphs: sparse (not renumbered) and dense skewed ones */
    uint64_t seed = 12345;
    int all = 1, any_rel = 0, any_plain = 0;
    for (int round = 0; round < 40; round++) {
        const uint64_t n = 2 + tap_rand(&seed) % 63;
        const unsigned p = (unsigned)(tap_rand(&seed) % 100);
        memset(adj, 0, sizeof adj);
        for (uint64_t u = 0; u < n; u++)
            for (uint64_t v = u + 1; v < n; v++)
                /* low ids dense, high ids sparse: skewed degrees */
                if (tap_rand(&seed) % 100 < (u < n / 5 ? 100 - p / 4 : p / 3))
                    edge(adj, n, u, v);
        int rel = 0;
        all &= agrees(adj, n, round % 2 ? 8 : 4, round % 3 == 0, &rel);
        any_rel |= rel;
        any_plain |= !rel;
    }
    ok(all, "40 random graphs of 2 to 64 vertices: every count the brute count's");
    ok(any_rel && any_plain, "among them graphs renumbered and graphs not");

#ifdef _OPENMP
    int threads_ok = 1;
    for (int th = 1; th <= 4; th++) {
        omp_set_num_threads(th);
        const uint64_t n = 64;
        memset(adj, 0, sizeof adj);
        for (uint64_t u = 0; u < n; u++)
            for (uint64_t v = u + 1; v < n; v++)
                if (tap_rand(&seed) % 3 == 0)
                    edge(adj, n, u, v);
        threads_ok &= agrees(adj, n, 4, 0, NULL);
    }
    ok(threads_ok, "1 to 4 threads agree with the brute count");
#else
    skip("built without OpenMP");
#endif

    /* empty graphs and graphs without edges */
    {
        struct built b;
        struct emogi_tc_stats st;
        build(&b, adj, 0, 4, 0, 0);
        ok(emogi_tc_cpu(&b.g, NULL, &st, &err) == 0 && st.triangles == 0, "no vertices: 0");
        unbuild(&b);
        memset(adj, 0, sizeof adj);
        build(&b, adj, 7, 4, 0, 0);
        uint64_t t[7] = {9, 9, 9, 9, 9, 9, 9};
        ok(emogi_tc_cpu(&b.g, t, &st, &err) == 0 && st.triangles == 0 && t[3] == 0 &&
               t[6] == 0,
           "seven isolated vertices: 0, every count written");
        unbuild(&b);
    }
    {
        struct built b;
        build(&b, adj, 3, 4, 0, 0);
        b.g.id_width = 2;
        ok(emogi_tc_check_graph(&b.g, &err) < 0 && strstr(err.msg, "id width"),
           "an id width of 2 is refused");
        b.g.id_width = 4;
        unbuild(&b);
    }
    return done_testing();
}
