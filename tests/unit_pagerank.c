/*
 * unit_pagerank.c - emogi_pagerank_in_edges, emogi_pagerank_cpu and
 * emogi_pagerank_cpu_gs (Gauss-Seidel) on graphs written here by hand: in-lists read off the drawing, ranks from
 * closed forms (two vertices pointing at each other; a vertex pointing
 * at a dangling one), and the parameter checks.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_pagerank.h"
#include "tap.h"

/* A directed graph of 5 vertices, out-lists ascending:
 *   0 -> 1 2 4,  1 -> 2,  2 -> 0,  3 -> 0 2,  4 -> (none)
 * so the in-lists are  0: 2 3,  1: 0,  2: 0 1 3,  3: (none),  4: 0. */
static const uint64_t off5[] = {0, 3, 4, 5, 7, 7};
static const uint32_t nbr5[] = {1, 2, 4, 2, 0, 0, 2};
static const uint64_t in_off5[] = {0, 2, 3, 6, 6, 7};
static const uint32_t in_nbr5[] = {2, 3, 0, 0, 1, 3, 0};

static struct emogi_graph graph(uint64_t nv, const uint64_t *off, const void *nbr, uint32_t flags)
{
    struct emogi_graph g;
    memset(&g, 0, sizeof g);
    g.nv = nv;
    g.ne = off[nv];
    g.flags = flags;
    g.id_width = 4;
    g.offsets = off;
    g.neighbors = nbr;
    return g;
}

static void test_built_in_edges(void)
{
    emogi_error err;
    struct emogi_graph g = graph(5, off5, nbr5, EMOGI_DIRECTED), in;
    int rc = emogi_pagerank_in_edges(&g, &in, &err);
    ok(rc == 0, "in-edges of a directed graph without transpose: built");
    if (rc != 0)
        return;
    ok(memcmp(in.offsets, in_off5, sizeof in_off5) == 0, "built in-offsets as drawn");
    ok(memcmp(in.neighbors, in_nbr5, sizeof in_nbr5) == 0, "built in-lists as drawn, ascending");
    ok(emogi_pagerank_out_offsets(&in) == off5, "out-degrees come from the original offsets");
    emogi_pagerank_in_edges_free(&g, &in);
}

static void test_views(void)
{
    emogi_error err;
    struct emogi_graph g = graph(5, off5, nbr5, EMOGI_DIRECTED | EMOGI_TRANSPOSE), in;
    g.t_offsets = in_off5;
    g.t_neighbors = in_nbr5;
    ok(emogi_pagerank_in_edges(&g, &in, &err) == 0 && in.offsets == in_off5 &&
           in.neighbors == in_nbr5 && emogi_pagerank_out_offsets(&in) == off5,
       "a stored transpose is used as it is");
    emogi_pagerank_in_edges_free(&g, &in);
    ok(g.t_offsets == in_off5, "freeing a view leaves the file's arrays alone");
    struct emogi_graph u = graph(5, off5, nbr5, 0);
    ok(emogi_pagerank_in_edges(&u, &in, &err) == 0 && in.offsets == off5 &&
           emogi_pagerank_out_offsets(&in) == off5,
       "an undirected graph is its own in-edges");
    emogi_pagerank_in_edges_free(&u, &in);
}

static struct emogi_pagerank_params params(double d, double tol, uint32_t cap)
{
    struct emogi_pagerank_params p = {d, tol, cap, 0};
    return p;
}

/* 0 <-> 1: symmetric, so both ranks are 1/2 from the first iteration. */
static void test_pair(void)
{
    static const uint64_t off[] = {0, 1, 2};
    static const uint32_t nbr[] = {1, 0};
    struct emogi_graph g = graph(2, off, nbr, 0);
    struct emogi_pagerank_params p = params(0.85, 1e-12, 100);
    struct emogi_pagerank_stats st;
    double r[2];
    emogi_error err;
    ok(emogi_pagerank_cpu(&g, &p, r, &st, &err) == 0 && r[0] == 0.5 && r[1] == 0.5 &&
           st.iterations == 1 && st.converged && st.delta == 0,
       "pair: 1/2 each, converged after one iteration with no change");
}

/*
 * 0 -> 1, 1 dangling.  With a = (1-d)/2 and the dangling rank r1 spread
 * over both:  r0 = a + d r1 / 2  and  r1 = a + d r1 / 2 + d r0, which sum
 * to r0 + r1 = 1; so r0 = a + d (1 - r0) / 2, r0 = (a + d/2) / (1 + d/2).
 */
static void test_dangling(void)
{
    static const uint64_t off[] = {0, 1, 1};
    static const uint32_t nbr[] = {1};
    struct emogi_graph g = graph(2, off, nbr, EMOGI_DIRECTED), in;
    const double d = 0.85, a = (1 - d) / 2;
    const double r0 = (a + d / 2) / (1 + d / 2), r1 = 1 - r0;
    struct emogi_pagerank_params p = params(d, 1e-14, 1000);
    struct emogi_pagerank_stats st;
    double r[2];
    emogi_error err;
    int rc = emogi_pagerank_in_edges(&g, &in, &err);
    rc = rc ? rc : emogi_pagerank_cpu(&in, &p, r, &st, &err);
    ok(rc == 0 && fabs(r[0] - r0) < 1e-12 && fabs(r[1] - r1) < 1e-12 && st.converged,
       "0 -> 1 with 1 dangling: %.15f %.15f, expected %.15f %.15f", r[0], r[1], r0, r1);
    ok(fabs(r[0] + r[1] - 1) < 1e-15, "dangling rank is spread, not lost: sum %.17g",
       r[0] + r[1]);
    p.max_iterations = 2;
    p.tolerance = 0; /* the start is this graph's fixed point: no change stops it */
    rc = emogi_pagerank_cpu(&in, &p, r, &st, &err);
    ok(rc == 0 && st.iterations == 2 && !st.converged, "the iteration cap stops it: %u iterations",
       st.iterations);
    emogi_pagerank_in_edges_free(&g, &in);
}

/* Gauss-Seidel: the same closed forms, float64 and float32 contributions. */
static void test_gs(void)
{
    static const uint64_t off[] = {0, 1, 1};
    static const uint32_t nbr[] = {1};
    static const uint64_t poff[] = {0, 1, 2};
    static const uint32_t pnbr[] = {1, 0};
    struct emogi_graph g = graph(2, off, nbr, EMOGI_DIRECTED), in;
    struct emogi_graph pair = graph(2, poff, pnbr, 0);
    const double d = 0.85, a = (1 - d) / 2;
    const double r0 = (a + d / 2) / (1 + d / 2), r1 = 1 - r0;
    struct emogi_pagerank_params p = params(d, 1e-14, 1000);
    struct emogi_pagerank_stats st;
    double r[2];
    emogi_error err;
    ok(emogi_pagerank_cpu_gs(&pair, &p, EMOGI_PAGERANK_STORE_F64, r, &st, &err) == 0 &&
           r[0] == 0.5 && r[1] == 0.5 && st.converged,
       "Gauss-Seidel, pair: 1/2 each");
    int rc = emogi_pagerank_in_edges(&g, &in, &err);
    rc = rc ? rc : emogi_pagerank_cpu_gs(&in, &p, EMOGI_PAGERANK_STORE_F64, r, &st, &err);
    ok(rc == 0 && fabs(r[0] - r0) < 1e-12 && fabs(r[1] - r1) < 1e-12 && st.converged,
       "Gauss-Seidel, 0 -> 1 with 1 dangling: %.15f %.15f", r[0], r[1]);
    ok(fabs(r[0] + r[1] - 1) < 1e-15, "Gauss-Seidel: ranks sum to 1: %.17g", r[0] + r[1]);
    p.tolerance = 1e-6;
    rc = emogi_pagerank_cpu_gs(&in, &p, EMOGI_PAGERANK_STORE_F32, r, &st, &err);
    ok(rc == 0 && fabs(r[0] - r0) + fabs(r[1] - r1) < 1e-5 && st.converged,
       "Gauss-Seidel, float32 contributions: %.9f %.9f", r[0], r[1]);
    p.max_iterations = 1;
    p.tolerance = 0;
    rc = emogi_pagerank_cpu_gs(&in, &p, EMOGI_PAGERANK_STORE_F64, r, &st, &err);
    ok(rc == 0 && st.iterations == 1 && !st.converged, "Gauss-Seidel: the iteration cap stops it");
    p = params(1.0, 1e-4, 10);
    ok(emogi_pagerank_cpu_gs(&in, &p, EMOGI_PAGERANK_STORE_F64, r, NULL, &err) < 0,
       "Gauss-Seidel: damping 1 refused: %s", err.msg);
    emogi_pagerank_in_edges_free(&g, &in);
}

/*
 * edges_examined counts the in-edge entries actually read.  Jacobi reads
 * every in-list once per iteration: k iterations of graph 5 (7 in-edges)
 * read 7k.  Gauss-Seidel's sweeps read the same, and its start reads the
 * in-lists of the dangling vertices once more: vertex 4's (1 entry).
 */
static void test_examined_small(void)
{
    struct emogi_graph in = graph(5, in_off5, in_nbr5, EMOGI_DIRECTED | EMOGI_TRANSPOSE);
    in.t_offsets = off5;
    in.t_neighbors = nbr5;
    struct emogi_pagerank_params p = params(0.85, 0, 3);
    struct emogi_pagerank_stats st = {0};
    double r[5];
    emogi_error err;
    int rc = emogi_pagerank_cpu(&in, &p, r, &st, &err);
    ok(rc == 0 && st.iterations == 3 && st.edges_examined == 3 * 7,
       "Jacobi, 3 iterations of 7 in-edges: 21 examined (%llu)",
       (unsigned long long)st.edges_examined);
    rc = emogi_pagerank_cpu_gs(&in, &p, EMOGI_PAGERANK_STORE_F64, r, &st, &err);
    ok(rc == 0 && st.iterations == 3 && st.edges_examined == 3 * 7 + 1,
       "Gauss-Seidel, 3 sweeps plus the dangling vertex's list: 22 examined (%llu)",
       (unsigned long long)st.edges_examined);
}

/* A directed cycle of N vertices (in-list of v: v - 1) spans several
 * blocks of vertices, so the per-block counts of both methods are summed
 * across threads: 4 iterations read 4N entries. */
static void test_examined_blocks(void)
{
    enum { N = 5000 };
    static uint64_t off[N + 1], toff[N + 1];
    static uint32_t nbr[N], tnbr[N];
    for (uint32_t v = 0; v <= N; v++)
        off[v] = toff[v] = v;
    for (uint32_t v = 0; v < N; v++) {
        nbr[v] = (v + N - 1) % N; /* in-list of v */
        tnbr[v] = (v + 1) % N;    /* out-list of v */
    }
    struct emogi_graph in = graph(N, off, nbr, EMOGI_DIRECTED | EMOGI_TRANSPOSE);
    in.t_offsets = toff;
    in.t_neighbors = tnbr;
    struct emogi_pagerank_params p = params(0.85, 0, 4);
    struct emogi_pagerank_stats st = {0};
    static double r[N];
    emogi_error err;
    int rc = emogi_pagerank_cpu(&in, &p, r, &st, &err);
    ok(rc == 0 && st.edges_examined == 4 * N,
       "Jacobi, cycle of %d over blocks: %d examined (%llu)", N, 4 * N,
       (unsigned long long)st.edges_examined);
    rc = emogi_pagerank_cpu_gs(&in, &p, EMOGI_PAGERANK_STORE_F64, r, &st, &err);
    ok(rc == 0 && st.edges_examined == 4 * N,
       "Gauss-Seidel, cycle of %d over blocks: %d examined (%llu)", N, 4 * N,
       (unsigned long long)st.edges_examined);
}

static void test_params(void)
{
    static const uint64_t off[] = {0, 0};
    struct emogi_graph g = graph(1, off, NULL, 0);
    double r[1];
    emogi_error err;
    struct emogi_pagerank_params bad[] = {params(1.0, 1e-4, 10), params(-0.1, 1e-4, 10),
                                          params(0.85, -1, 10), params(0.85, 1e-4, 0),
                                          params(NAN, 1e-4, 10)};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ok(emogi_pagerank_cpu(&g, &bad[i], r, NULL, &err) < 0, "refused: %s", err.msg);
    struct emogi_pagerank_params p = params(0.85, 1e-4, 10);
    ok(emogi_pagerank_cpu(&g, &p, r, NULL, &err) == 0 && r[0] == 1.0,
       "one isolated vertex has rank 1");
}

int main(void)
{
    plan(27);
    test_built_in_edges();
    test_views();
    test_pair();
    test_dangling();
    test_gs();
    test_params();
    test_examined_small();
    test_examined_blocks();
    return done_testing();
}
