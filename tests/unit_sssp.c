/*
 * unit_sssp.c - the SSSP library calls on graphs built in memory, for the
 * cases a file cannot carry: NaN and infinite weights (emogi-convert
 * refuses them), a negative zero weight, and the error paths.  Distances
 * here are worked out by hand.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "emogi_sssp.h"
#include "tap.h"

/* The path 0 -> 1 -> 2 with 4-byte ids; weights set by each test. */
static const uint64_t path_off[] = {0, 1, 2, 2};
static const uint32_t path_nbr[] = {1, 2};

static struct emogi_graph path(uint32_t weight_type, const void *weights)
{
    struct emogi_graph g;
    memset(&g, 0, sizeof g);
    g.nv = 3;
    g.ne = 2;
    g.flags = EMOGI_DIRECTED | (weights ? EMOGI_WEIGHTED : 0);
    g.id_width = 4;
    g.weight_type = weight_type;
    g.offsets = path_off;
    g.neighbors = path_nbr;
    g.weights = weights;
    return g;
}

static uint32_t bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static void bad_floats(void)
{
    const struct emogi_sssp_opts o = {0};
    emogi_error err = {{0}};
    const float nan_w[] = {1.0f, NAN}, inf_w[] = {INFINITY, 1.0f}, neg_w[] = {2.0f, -3.0f};
    struct emogi_graph g = path(EMOGI_WEIGHT_FLOAT32, nan_w);
    ok(emogi_sssp_check_weights(&g, &o, &err) < 0 && strstr(err.msg, "edge 1 -> 2 has weight nan"),
       "a NaN weight is refused, naming its edge (%s)", err.msg);
    g = path(EMOGI_WEIGHT_FLOAT32, inf_w);
    ok(emogi_sssp_check_weights(&g, &o, &err) < 0 && strstr(err.msg, "edge 0 -> 1 has weight inf"),
       "an infinite weight is refused (%s)", err.msg);
    g = path(EMOGI_WEIGHT_FLOAT32, neg_w);
    ok(emogi_sssp_check_weights(&g, &o, &err) < 0 && strstr(err.msg, "edge 1 -> 2 has weight -3"),
       "a negative weight is refused (%s)", err.msg);
}

static void negative_zero(void)
{
    const struct emogi_sssp_opts o = {0};
    emogi_error err = {{0}};
    const float w[] = {-0.0f, 2.5f};
    struct emogi_graph g = path(EMOGI_WEIGHT_FLOAT32, w);
    float dist[3];
    ok(emogi_sssp_check_weights(&g, &o, &err) == 0, "-0.0 is a usable weight");
    ok(emogi_sssp_cpu(&g, 0, &o, dist, NULL, &err) == 0, "search with a -0.0 weight");
    /* +0 + -0 is +0: a distance never has the sign bit, which would sort
     * above +infinity as an unsigned pattern. */
    ok(bits(dist[0]) == 0 && bits(dist[1]) == 0 && dist[2] == 2.5f,
       "distances 0, +0, 2.5 (bits %08x %08x)", bits(dist[0]), bits(dist[1]));
}

static void unweighted(void)
{
    struct emogi_sssp_opts o = {0};
    emogi_error err = {{0}};
    struct emogi_graph g = path(EMOGI_WEIGHT_NONE, NULL);
    uint64_t dist[3];
    ok(emogi_sssp_check_weights(&g, &o, &err) < 0 && strstr(err.msg, "no weights"),
       "no weights: refused (%s)", err.msg);
    ok(emogi_sssp_cpu(&g, 0, &o, dist, NULL, &err) < 0, "no weights: the search refuses too");
    o.unit_weights = 1;
    ok(emogi_sssp_check_weights(&g, &o, &err) == 0 && emogi_sssp_dist_size(&g, &o) == 8,
       "unit weights: accepted, uint64 distances");
    struct emogi_sssp_stats st;
    ok(emogi_sssp_cpu(&g, 1, &o, dist, &st, &err) == 0 && dist[0] == EMOGI_SSSP_UNREACHED &&
           dist[1] == 0 && dist[2] == 1 && st.reached == 2 && st.edges_relaxed == 1,
       "unit weights from 1: -1 0 1, 2 reached, 1 edge relaxed");
    ok(emogi_sssp_cpu(&g, 3, &o, dist, NULL, &err) < 0 && strstr(err.msg, "out of range"),
       "a source past the graph is refused (%s)", err.msg);
}

static void types_and_deltas(void)
{
    struct emogi_sssp_opts o = {0};
    const uint32_t iw[] = {8, 72};
    const float fw[] = {0.5f, 0.5f};
    struct emogi_graph gi = path(EMOGI_WEIGHT_UINT32, iw), gf = path(EMOGI_WEIGHT_FLOAT32, fw);
    ok(!emogi_sssp_float_dist(&gi, &o) && emogi_sssp_float_dist(&gf, &o) &&
           emogi_sssp_dist_size(&gf, &o) == 4,
       "uint32 weights give uint64 distances, float32 weights float32");
    ok(emogi_sssp_default_delta(&gi, &o) == 10.0, "default delta: mean 40 / 4 = 10");
    ok(emogi_sssp_default_delta(&gf, &o) == 0.125, "float default delta: 0.5 / 4");
    o.unit_weights = 1;
    ok(!emogi_sssp_float_dist(&gf, &o) && emogi_sssp_default_delta(&gf, &o) == 1.0,
       "unit weights on a float graph: uint64 distances, delta 1");
    uint64_t dist[3];
    emogi_error err = {{0}};
    o.unit_weights = 0;
    o.delta = 0.5;
    ok(emogi_sssp_cpu(&gi, 0, &o, dist, NULL, &err) < 0 && strstr(err.msg, "at least 1"),
       "integer weights refuse delta 0.5 (%s)", err.msg);
    o.delta = 3;
    ok(emogi_sssp_cpu(&gi, 0, &o, dist, NULL, &err) == 0 && dist[1] == 8 && dist[2] == 80,
       "integer weights, delta 3: 0 8 80");
}

/*
 * edges_examined: only the lists of reached vertices are read, each once
 * here (unit weights, one shortest distance each).  0 -> 1 2, 1 -> 2,
 * 2 -> 0, 3 -> 0 1; from 0, vertices 0 1 2 are reached and their lists
 * hold 2 + 1 + 1 = 4 entries; vertex 3's 2 are never read.
 */
static void examined(void)
{
    static const uint64_t off[] = {0, 2, 3, 4, 6};
    static const uint32_t nbr[] = {1, 2, 2, 0, 0, 1};
    struct emogi_graph g = path(EMOGI_WEIGHT_NONE, NULL);
    g.nv = 4;
    g.ne = 6;
    g.offsets = off;
    g.neighbors = nbr;
    struct emogi_sssp_opts o = {1, 0};
    struct emogi_sssp_stats st = {0};
    uint64_t dist[4];
    emogi_error err = {{0}};
    int rc = emogi_sssp_cpu(&g, 0, &o, dist, &st, &err);
    ok(rc == 0 && st.reached == 3 && st.edges_examined == 4,
       "from 0: 3 reached, the 4 entries of their lists examined (%llu)",
       (unsigned long long)st.edges_examined);
    rc = emogi_sssp_cpu(&g, 3, &o, dist, &st, &err);
    ok(rc == 0 && st.reached == 4 && st.edges_examined == 6,
       "from 3: all reached, all 6 entries examined (%llu)",
       (unsigned long long)st.edges_examined);
}

int main(void)
{
    plan(19);
    bad_floats();
    negative_zero();
    unweighted();
    types_and_deltas();
    examined();
    return done_testing();
}
