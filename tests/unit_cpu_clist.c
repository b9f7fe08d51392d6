/*
 * unit_cpu_clist.c - the CPU connected components, PageRank and SSSP on
 * compressed neighbour lists give what they give on the plain lists of
 * the same graph: the same labels, ranks and distances bit for bit, and
 * the same work counted (edges examined, iterations, ...).  The graphs
 * are R-MAT ("kron-like") with scrambled ids, hubs past 1024 entries so
 * that lists carry skip indexes, duplicates and self loops; directed with
 * their transpose and undirected, 4- and 8-byte ids.  Components and
 * distances are also checked against independent methods (union-find,
 * a FIFO label-correcting search) on the plain lists.
 *
 * The graphs stay under sssp.c's PARALLEL_MIN_NE edges, so the SSSP
 * search runs on one thread and its edge counts are reproducible; the
 * Gauss-Seidel PageRank is not reproducible (pagerank_gs.c), so it is
 * only held within its tolerance.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_cc.h"
#include "emogi_clist.h"
#include "emogi_pagerank.h"
#include "emogi_sssp.h"
#include "tap.h"

#define SCALE 14
#define NV (1ull << SCALE)
#define ARCS 100000ull

static uint64_t rng;
static uint64_t next_rand(void)
{
    return tap_rand(&rng);
}

/* Arrays a test graph owns. */
struct owned {
    uint64_t *off[2];
    void *ids[2];
    uint32_t *wu;
    float *wf;
    uint64_t *coff[2];
    unsigned char *cb[2];
};

/* CSR of the M arcs SRC->DST over NV vertices, lists sorted, WIDTH-byte ids. */
static void build(const uint64_t *src, const uint64_t *dst, uint64_t m, uint32_t width,
                  uint64_t **off_out, void **ids_out)
{
    uint64_t *tmp = malloc((m + 1) * 8), *pos = malloc((NV + 1) * 8), *off = calloc(NV + 1, 8);
    void *ids = malloc((m + 1) * width);
    for (uint64_t i = 0; i < m; i++)
        off[src[i] + 1]++;
    for (uint64_t v = 0; v < NV; v++)
        off[v + 1] += off[v];
    memcpy(pos, off, NV * 8);
    for (uint64_t i = 0; i < m; i++)
        tmp[pos[src[i]]++] = dst[i];
    for (uint64_t v = 0; v < NV; v++)
        qsort(tmp + off[v], off[v + 1] - off[v], 8, tap_cmp_u64);
    for (uint64_t i = 0; i < m; i++)
        if (width == 4)
            ((uint32_t *)ids)[i] = (uint32_t)tmp[i];
        else
            ((uint64_t *)ids)[i] = tmp[i];
    free(tmp), free(pos);
    *off_out = off, *ids_out = ids;
}

/* One R-MAT vertex (a = 0.57, b = c = 0.19), ids scrambled by an odd
 * multiplier so that the hubs are not all at the low ids. */
static void rmat_arc(uint64_t *u, uint64_t *v)
{
    uint64_t a = 0, b = 0;
    for (int bit = 0; bit < SCALE; bit++) {
        uint64_t r = next_rand() % 100;
        a = a << 1 | (r >= 76);
        b = b << 1 | (r >= 57 && r < 76) | (r >= 76);
    }
    *u = a * 0x9e3779b1ull % NV;
    *v = b * 0x9e3779b1ull % NV;
}

/* PLAIN and COMP: the same R-MAT graph, lists plain and compressed, with
 * uint32 weights (float ones in O->wf, swapped in by the SSSP tests). */
static void make(struct emogi_graph *plain, struct emogi_graph *comp, int directed,
                 uint32_t width, struct owned *o)
{
    const uint64_t n = directed ? ARCS : 2 * ARCS;
    uint64_t *src = malloc(n * 8), *dst = malloc(n * 8);
    memset(o, 0, sizeof *o);
    for (uint64_t i = 0; i < ARCS; i++) {
        rmat_arc(&src[i], &dst[i]);
        if (!directed)
            src[ARCS + i] = dst[i], dst[ARCS + i] = src[i];
    }
    build(src, dst, n, width, &o->off[0], &o->ids[0]);
    if (directed)
        build(dst, src, n, width, &o->off[1], &o->ids[1]);
    free(src), free(dst);
    o->wu = malloc(n * 4), o->wf = malloc(n * 4);
    for (uint64_t e = 0; e < n; e++) {
        o->wu[e] = (uint32_t)(next_rand() % 200 + 1);
        o->wf[e] = (float)(next_rand() % 100000) / 7.0f;
    }
    *plain = (struct emogi_graph){.nv = NV, .ne = n, .id_width = width,
                                  .flags = EMOGI_WEIGHTED | (directed ? EMOGI_DIRECTED : 0),
                                  .weight_type = EMOGI_WEIGHT_UINT32, .weights = o->wu,
                                  .offsets = o->off[0], .neighbors = o->ids[0]};
    if (directed) {
        plain->flags |= EMOGI_TRANSPOSE;
        plain->t_offsets = o->off[1], plain->t_neighbors = o->ids[1];
    }
    emogi_error err;
    for (int d = 0; d <= directed; d++)
        if (emogi_clist_compress(o->off[d], o->ids[d], width, NV, &o->coff[d], &o->cb[d], &err))
            abort();
    *comp = *plain;
    comp->flags |= EMOGI_COMPRESSED;
    comp->neighbors = comp->t_neighbors = NULL;
    comp->coffsets = o->coff[0], comp->cneighbors = o->cb[0];
    comp->t_coffsets = o->coff[1], comp->t_cneighbors = o->cb[1];
}

static void release(struct owned *o)
{
    for (int d = 0; d < 2; d++)
        free(o->off[d]), free(o->ids[d]), free(o->coff[d]), free(o->cb[d]);
    free(o->wu), free(o->wf);
}

static uint64_t find(uint64_t *p, uint64_t x)
{
    while (p[x] != x)
        x = p[x] = p[p[x]];
    return x;
}

/* Weak components by union-find over PLAIN's out-lists: each label the
 * smallest id of its component, as every backend writes them. */
static int same_as_union_find(const struct emogi_graph *g, const void *labels)
{
    uint64_t *p = malloc(NV * 8);
    for (uint64_t v = 0; v < NV; v++)
        p[v] = v;
    for (uint64_t u = 0; u < NV; u++)
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
            uint64_t a = find(p, u), b = find(p, emogi_neighbor(g, e));
            p[a > b ? a : b] = a < b ? a : b;
        }
    int good = 1;
    for (uint64_t v = 0; v < NV; v++) {
        uint64_t l = g->id_width == 4 ? ((const uint32_t *)labels)[v]
                                      : ((const uint64_t *)labels)[v];
        good &= l == find(p, v);
    }
    free(p);
    return good;
}

static void test_cc(const struct emogi_graph *plain, const struct emogi_graph *comp,
                    const char *what)
{
    void *a = malloc(NV * 8), *b = malloc(NV * 8);
    struct emogi_cc_stats sa = {0}, sb = {0};
    emogi_error err = {{0}};
    int good = emogi_cc_cpu(plain, a, &sa, &err) == 0 && emogi_cc_cpu(comp, b, &sb, &err) == 0;
    good = good && same_as_union_find(plain, a) && memcmp(a, b, NV * plain->id_width) == 0 &&
           sa.edges_examined == sb.edges_examined && sa.edge_bytes == sb.edge_bytes &&
           sa.passes == sb.passes;
    ok(good, "%s: components on compressed lists = plain = union-find, %llu entries examined "
             "(%llu compressed) %s",
       what, (unsigned long long)sa.edges_examined, (unsigned long long)sb.edges_examined,
       err.msg);
    free(a), free(b);
}

/* Jacobi: the same bits and the same counts; Gauss-Seidel: the same
 * ranks within what the tolerance allows both runs. */
static void test_pagerank(const struct emogi_graph *plain, const struct emogi_graph *comp,
                          const char *what, int gs_too)
{
    const struct emogi_pagerank_params prm = {EMOGI_PAGERANK_DAMPING, 1e-9, 100, 0};
    struct emogi_graph in_a = {0}, in_b = {0};
    double *a = malloc(NV * 8), *b = malloc(NV * 8);
    struct emogi_pagerank_stats sa = {0}, sb = {0};
    emogi_error err = {{0}};
    int good = emogi_pagerank_in_edges(plain, &in_a, &err) == 0 &&
               emogi_pagerank_in_edges(comp, &in_b, &err) == 0;
    good = good && emogi_pagerank_cpu(&in_a, &prm, a, &sa, &err) == 0 &&
           emogi_pagerank_cpu(&in_b, &prm, b, &sb, &err) == 0;
    good = good && sa.converged && memcmp(a, b, NV * 8) == 0 && sa.iterations == sb.iterations &&
           sa.converged == sb.converged && memcmp(&sa.delta, &sb.delta, 8) == 0 &&
           sa.edges_read == sb.edges_read && sa.edges_examined == sb.edges_examined &&
           sa.edge_bytes == sb.edge_bytes;
    ok(good, "%s: PageRank on compressed in-lists = plain, bit for bit, %u iterations %s", what,
       sa.iterations, err.msg);
    if (gs_too) {
        double l1 = 0;
        good = emogi_pagerank_cpu_gs(&in_a, &prm, EMOGI_PAGERANK_STORE_F64, a, &sa, &err) == 0 &&
               emogi_pagerank_cpu_gs(&in_b, &prm, EMOGI_PAGERANK_STORE_F64, b, &sb, &err) == 0;
        for (uint64_t v = 0; good && v < NV; v++)
            l1 += fabs(a[v] - b[v]);
        ok(good && sa.converged && sb.converged && l1 < 1e-7,
           "%s: Gauss-Seidel PageRank on compressed in-lists = plain within tolerance "
           "(L1 %.3g) %s",
           what, l1, err.msg);
    }
    emogi_pagerank_in_edges_free(plain, &in_a);
    emogi_pagerank_in_edges_free(comp, &in_b);
    free(a), free(b);
}

/* Distances by a FIFO label-correcting search over PLAIN's lists (float
 * sums left to right in float32, as emogi_sssp.h defines them). */
static void reference_sssp(const struct emogi_graph *g, uint64_t s, int unit, void *dist)
{
    const int f = !unit && g->weight_type == EMOGI_WEIGHT_FLOAT32;
    uint64_t *q = malloc(NV * 8), h = 0, n = 0;
    unsigned char *in_q = calloc(NV, 1);
    for (uint64_t v = 0; v < NV; v++)
        f ? (((float *)dist)[v] = INFINITY) : (((uint64_t *)dist)[v] = EMOGI_SSSP_UNREACHED);
    f ? (((float *)dist)[s] = 0) : (((uint64_t *)dist)[s] = 0);
    q[n++ % NV] = s, in_q[s] = 1;
    while (h != n) {
        uint64_t u = q[h++ % NV];
        in_q[u] = 0;
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
            uint64_t v = emogi_neighbor(g, e);
            int lowered;
            if (f) {
                float d = ((float *)dist)[u] + ((const float *)g->weights)[e];
                if ((lowered = d < ((float *)dist)[v]))
                    ((float *)dist)[v] = d;
            } else {
                uint64_t d = ((uint64_t *)dist)[u] + (unit ? 1 : ((const uint32_t *)g->weights)[e]);
                if ((lowered = d < ((uint64_t *)dist)[v]))
                    ((uint64_t *)dist)[v] = d;
            }
            if (lowered && !in_q[v])
                q[n++ % NV] = v, in_q[v] = 1;
        }
    }
    free(q), free(in_q);
}

static int same_sssp(const struct emogi_graph *plain, const struct emogi_graph *comp, uint64_t s,
                     int unit)
{
    const struct emogi_sssp_opts o = {.unit_weights = unit};
    void *a = malloc(NV * 8), *b = malloc(NV * 8), *r = malloc(NV * 8);
    struct emogi_sssp_stats sa = {0}, sb = {0};
    emogi_error err;
    const size_t bytes = NV * emogi_sssp_dist_size(plain, &o);
    int good = emogi_sssp_check_weights(comp, &o, &err) == 0 &&
               emogi_sssp_cpu(plain, s, &o, a, &sa, &err) == 0 &&
               emogi_sssp_cpu(comp, s, &o, b, &sb, &err) == 0;
    reference_sssp(plain, s, unit, r);
    good = good && memcmp(a, r, bytes) == 0 && memcmp(a, b, bytes) == 0 &&
           sa.iterations == sb.iterations && sa.reached == sb.reached &&
           sa.edges_relaxed == sb.edges_relaxed && sa.edges_examined == sb.edges_examined &&
           sa.edge_bytes == sb.edge_bytes;
    free(a), free(b), free(r);
    return good;
}

static void test_sssp(struct emogi_graph *plain, struct emogi_graph *comp, const char *what,
                      const float *wf)
{
    static const char *const kinds[] = {"uint32 weights", "float32 weights", "unit weights"};
    uint64_t hub = 0;
    for (uint64_t v = 0; v < NV; v++)
        if (emogi_degree(plain, v) > emogi_degree(plain, hub))
            hub = v;
    const void *wu = plain->weights;
    for (int k = 0; k < 3; k++) {
        if (k == 1) {
            plain->weight_type = comp->weight_type = EMOGI_WEIGHT_FLOAT32;
            plain->weights = comp->weights = wf;
        }
        int all = 1;
        for (int i = 0; i < 3; i++)
            all &= same_sssp(plain, comp, i == 0 ? hub : next_rand() % NV, k == 2);
        ok(all && emogi_degree(plain, hub) > EMOGI_CLIST_BLOCK * EMOGI_CLIST_SKIP,
           "%s, %s: SSSP on compressed lists = plain = label-correcting, the same steps and "
           "entries relaxed (hub of degree %llu: a skip index)",
           what, kinds[k], (unsigned long long)emogi_degree(plain, hub));
    }
    plain->weight_type = comp->weight_type = EMOGI_WEIGHT_UINT32;
    plain->weights = comp->weights = wu;
}

/* A bad float weight is named by its edge on compressed lists too: the
 * message reads the target out of the compressed list. */
static void test_bad_weight(struct emogi_graph *plain, struct emogi_graph *comp, float *wf)
{
    const struct emogi_sssp_opts o = {0};
    emogi_error ea = {{0}}, eb = {{0}};
    uint64_t hub = 0;
    for (uint64_t v = 0; v < NV; v++)
        if (emogi_degree(plain, v) > emogi_degree(plain, hub))
            hub = v;
    const uint64_t e = plain->offsets[hub] + emogi_degree(plain, hub) - 3; /* a late block */
    const float keep = wf[e];
    wf[e] = -2.5f;
    plain->weight_type = comp->weight_type = EMOGI_WEIGHT_FLOAT32;
    plain->weights = comp->weights = wf;
    int good = emogi_sssp_check_weights(plain, &o, &ea) < 0 &&
               emogi_sssp_check_weights(comp, &o, &eb) < 0 && strcmp(ea.msg, eb.msg) == 0;
    ok(good, "a negative weight on a compressed list is named as on the plain one (%s)", eb.msg);
    wf[e] = keep;
}

int main(void)
{
    plan(27);
    for (int directed = 0; directed <= 1; directed++)
        for (uint32_t width = 4; width <= 8; width += 4) {
            struct emogi_graph plain, comp;
            struct owned o;
            char what[64];
            rng = 0x9e3779b97f4a7c15ull ^ (uint64_t)(directed * 16 + width);
            make(&plain, &comp, directed, width, &o);
            snprintf(what, sizeof what, "%s, %u-byte ids",
                     directed ? "directed with transpose" : "undirected", width);
            test_cc(&plain, &comp, what);
            test_pagerank(&plain, &comp, what, 1);
            test_sssp(&plain, &comp, what, o.wf);
            if (directed) {
                /* without a stored transpose the in-edges are built, from
                 * decoded lists on the compressed side */
                plain.flags &= ~(uint32_t)EMOGI_TRANSPOSE;
                comp.flags &= ~(uint32_t)EMOGI_TRANSPOSE;
                plain.t_offsets = comp.t_offsets = NULL;
                plain.t_neighbors = NULL, comp.t_coffsets = NULL, comp.t_cneighbors = NULL;
                snprintf(what, sizeof what, "directed without transpose, %u-byte ids", width);
                test_pagerank(&plain, &comp, what, 0);
            }
            if (directed && width == 8)
                test_bad_weight(&plain, &comp, o.wf);
            release(&o);
        }
    return done_testing();
}
