/*
 * unit_cc.c - emogi_cc_cpu on graphs built in memory: an empty graph,
 * the refusal of a directed graph without in-edges, and random graphs of
 * many sizes and thread counts checked against a plain union-find written
 * in this file (labels: each component's smallest id).
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "emogi_cc.h"
#include "tap.h"

/* An in-memory CSR and the arrays it owns; lists need not be sorted here. */
struct built {
    struct emogi_graph g;
    uint64_t *off, *t_off;
    void *nbr, *t_nbr;
};

static void put_id(void *a, uint64_t i, uint64_t v, unsigned w)
{
    if (w == 4)
        ((uint32_t *)a)[i] = (uint32_t)v;
    else
        ((uint64_t *)a)[i] = v;
}

/* Lists of the NE edges S[i] -> D[i] by counting sort. */
static void lists(uint64_t nv, const uint64_t *s, const uint64_t *d, uint64_t ne, unsigned w,
                  uint64_t **off_out, void **nbr_out)
{
    uint64_t *off = calloc(nv + 2, sizeof *off);
    void *nbr = malloc((ne ? ne : 1) * w);
    for (uint64_t i = 0; i < ne; i++)
        off[s[i] + 2]++;
    for (uint64_t v = 0; v < nv; v++)
        off[v + 2] += off[v + 1];
    for (uint64_t i = 0; i < ne; i++)
        put_id(nbr, off[s[i] + 1]++, d[i], w);
    *off_out = off;
    *nbr_out = nbr;
}

/* UNDIRECTED: each edge stored both ways; else directed with a transpose. */
static void build(struct built *b, uint64_t nv, const uint64_t *s, const uint64_t *d,
                  uint64_t ne, unsigned w, int undirected)
{
    memset(b, 0, sizeof *b);
    uint64_t *ss = malloc((2 * ne + 1) * sizeof *ss), *dd = malloc((2 * ne + 1) * sizeof *dd);
    memcpy(ss, s, ne * sizeof *ss);
    memcpy(dd, d, ne * sizeof *dd);
    memcpy(ss + ne, d, ne * sizeof *ss);
    memcpy(dd + ne, s, ne * sizeof *dd);
    b->g.nv = nv;
    b->g.id_width = w;
    if (undirected) {
        lists(nv, ss, dd, 2 * ne, w, &b->off, &b->nbr);
        b->g.ne = 2 * ne;
    } else {
        lists(nv, s, d, ne, w, &b->off, &b->nbr);
        lists(nv, d, s, ne, w, &b->t_off, &b->t_nbr);
        b->g.ne = ne;
        b->g.flags = EMOGI_DIRECTED | EMOGI_TRANSPOSE;
        b->g.t_offsets = b->t_off;
        b->g.t_neighbors = b->t_nbr;
    }
    b->g.offsets = b->off;
    b->g.neighbors = b->nbr;
    free(ss);
    free(dd);
}

static void unbuild(struct built *b)
{
    free(b->off);
    free(b->t_off);
    free(b->nbr);
    free(b->t_nbr);
}

static uint64_t find(uint64_t *p, uint64_t x)
{
    while (p[x] != x)
        x = p[x] = p[p[x]];
    return x;
}

/* The expected labels: union by smaller root, so roots are minimal ids. */
static uint64_t *expected(uint64_t nv, const uint64_t *s, const uint64_t *d, uint64_t ne)
{
    uint64_t *p = malloc((nv ? nv : 1) * sizeof *p);
    for (uint64_t v = 0; v < nv; v++)
        p[v] = v;
    for (uint64_t i = 0; i < ne; i++) {
        uint64_t a = find(p, s[i]), c = find(p, d[i]);
        if (a < c)
            p[c] = a;
        else
            p[a] = c;
    }
    for (uint64_t v = 0; v < nv; v++)
        p[v] = find(p, v);
    return p;
}

static int same(const void *labels, const uint64_t *want, uint64_t nv, unsigned w)
{
    for (uint64_t v = 0; v < nv; v++) {
        uint64_t l = w == 4 ? ((const uint32_t *)labels)[v] : ((const uint64_t *)labels)[v];
        if (l != want[v])
            return 0;
    }
    return 1;
}

static uint64_t rnd(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* NV vertices, NE random edges, a hub and a path of high-to-low ids. */
static void random_case(uint64_t nv, uint64_t ne, unsigned w, int undirected, int threads)
{
    uint64_t *s = malloc((ne + 1) * sizeof *s), *d = malloc((ne + 1) * sizeof *d), x = nv * 31 + ne;
    for (uint64_t i = 0; i < ne; i++) {
        s[i] = rnd(&x) % nv;
        d[i] = i % 5 ? rnd(&x) % nv : nv - 1 - i % (nv / 2 + 1); /* long chains */
    }
    struct built b;
    build(&b, nv, s, d, ne, w, undirected);
    uint64_t *want = expected(nv, s, d, ne);
    void *labels = malloc(nv * w);
    struct emogi_cc_stats st;
    emogi_error err;
#ifdef _OPENMP
    omp_set_num_threads(threads);
#endif
    int rc = emogi_cc_cpu(&b.g, labels, &st, &err);
    ok(rc == 0 && same(labels, want, nv, w), "%llu vertices, %llu edges, %u-byte ids, %s, %d threads",
       (unsigned long long)nv, (unsigned long long)ne, w, undirected ? "undirected" : "directed",
       threads);
    free(labels);
    free(want);
    unbuild(&b);
    free(s);
    free(d);
}

/*
 * edges_examined, worked from Afforest (cc.c, 2 sampling rounds): star A,
 * 0 - 1..10, and star B, 11 - 12 13 14, stored both ways (26 entries).
 * Round 0 reads the first entry of all 15 lists, round 1 the second of
 * the two centres' lists: 17, and every vertex is then linked to its
 * centre.  A holds 11 of the 15 vertices, so it is the sampled frequent
 * label, and the final pass skips its lists; of B's, only centre 11's
 * list has an entry past the first two: 1.  17 + 1 = 18.
 */
static void examined(void)
{
    uint64_t s[13], d[13];
    for (int i = 0; i < 10; i++)
        s[i] = 0, d[i] = 1 + (uint64_t)i;
    for (int i = 0; i < 3; i++)
        s[10 + i] = 11, d[10 + i] = 12 + (uint64_t)i;
    struct built b;
    build(&b, 15, s, d, 13, 4, 1);
    uint32_t l[15];
    struct emogi_cc_stats st = {0};
    emogi_error err;
    int rc = emogi_cc_cpu(&b.g, l, &st, &err);
    ok(rc == 0 && l[10] == 0 && l[14] == 11 && st.edges_examined == 18,
       "two stars: 17 sampled entries + 1 in the final pass examined (%llu)",
       (unsigned long long)st.edges_examined);
    unbuild(&b);
}

int main(void)
{
    plan(3 + 2 * 2 * 2 * 4);
    examined();
    emogi_error err;
    struct built b;
    uint64_t none = 0;
    build(&b, 0, &none, &none, 0, 4, 1);
    uint32_t dummy = 7;
    ok(emogi_cc_cpu(&b.g, &dummy, NULL, &err) == 0 && dummy == 7, "an empty graph");
    unbuild(&b);

    uint64_t s[] = {3, 2}, d[] = {0, 1};
    build(&b, 4, s, d, 2, 4, 0);
    b.g.flags = EMOGI_DIRECTED;
    b.g.t_offsets = NULL;
    uint32_t l[4];
    ok(emogi_cc_cpu(&b.g, l, NULL, &err) < 0 && strstr(err.msg, "--transpose"),
       "a directed graph without in-edges is refused: %s", err.msg);
    unbuild(&b);

    const uint64_t sizes[][2] = {{10, 4}, {5000, 2000}, {20000, 60000}, {70000, 300000}};
    for (int k = 0; k < 4; k++)
        for (unsigned w = 4; w <= 8; w += 4)
            for (int und = 0; und <= 1; und++)
                for (int th = 1; th <= 3; th += 2)
                    random_case(sizes[k][0], sizes[k][1], w, und, th);
    return done_testing();
}
