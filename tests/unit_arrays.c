/*
 * unit_arrays.c - what libemogi gives callers that hold a graph in memory
 * (the Python package): emogi_csr_from_arrays on a hand-worked graph and
 * each kind of bad array, traversed where it lies; the version, the
 * backend and the thread count; and emogi_place_for, the graph with its
 * transpose, on a GPU where there is one (its BFS and CC equal the CPU's),
 * else its refusal.
 */
#include "config.h"

#include <string.h>

#include "emogi.h"
#include "tests/tap.h"

/* 0->1, 0->2, 1->3, 2->3, 3->4, 5 alone: depths from 0 are 0 1 1 2 3 and
 * unreached; with weights 4 1 1 5 2 the distances are 0 4 1 5 7. */
static const uint64_t off[] = {0, 2, 3, 4, 5, 5, 5};
static const uint32_t nbr[] = {1, 2, 3, 3, 4};
static const uint32_t wgt[] = {4, 1, 1, 5, 2};
/* the in-lists: 1<-0, 2<-0, 3<-1 3<-2, 4<-3 */
static const uint64_t t_off[] = {0, 0, 1, 2, 4, 5, 5};
static const uint32_t t_nbr[] = {0, 0, 1, 2, 3};
static const uint32_t t_wgt[] = {4, 1, 1, 5, 2};

static struct emogi_graph arrays(void)
{
    struct emogi_graph g;
    memset(&g, 0, sizeof g);
    g.nv = 6;
    g.flags = EMOGI_DIRECTED | EMOGI_WEIGHTED | EMOGI_TRANSPOSE;
    g.id_width = 4;
    g.weight_type = EMOGI_WEIGHT_UINT32;
    g.offsets = off;
    g.neighbors = nbr;
    g.weights = wgt;
    g.t_offsets = t_off;
    g.t_neighbors = t_nbr;
    g.t_weights = t_wgt;
    return g;
}

/* G refused with a message that names "<arrays>" and holds WORD. */
static void refused(struct emogi_graph g, const char *word, const char *what)
{
    emogi_error err = {{0}};
    int rc = emogi_csr_from_arrays(&g, "<arrays>", &err);
    ok(rc == -1 && strncmp(err.msg, "<arrays>: ", 10) == 0 && strstr(err.msg, word),
       "refused: %s (%s)", what, err.msg);
}

static void test_from_arrays(void)
{
    emogi_error err = {{0}};
    struct emogi_graph g = arrays();
    ok(emogi_csr_from_arrays(&g, "<arrays>", &err) == 0 && g.ne == 5 && g.map == NULL &&
       strcmp(g.path, "<arrays>") == 0, "a graph over arrays: ne from offsets, no file");
    uint32_t depth[6];
    uint64_t dist[6];
    uint32_t labels[6];
    ok(emogi_bfs_cpu(&g, 0, depth, NULL, &err) == 0 && depth[0] == 0 && depth[1] == 1 &&
       depth[2] == 1 && depth[3] == 2 && depth[4] == 3 && depth[5] == UINT32_MAX,
       "BFS over the arrays: the hand-worked depths");
    struct emogi_sssp_opts so = {0};
    ok(emogi_sssp_cpu(&g, 0, &so, dist, NULL, &err) == 0 && dist[1] == 4 && dist[2] == 1 &&
       dist[3] == 5 && dist[4] == 7 && dist[5] == UINT64_MAX,
       "SSSP over the arrays: the hand-worked distances");
    ok(emogi_cc_cpu(&g, labels, NULL, &err) == 0 && labels[4] == 0 && labels[3] == 0 &&
       labels[5] == 5, "weak components over the arrays and their transpose");
    emogi_csr_close(&g);
    ok(g.nv == 0 && g.offsets == NULL, "emogi_csr_close zeroes an in-memory graph");

    const uint64_t bad_off[] = {0, 2, 1, 4, 5, 5, 5};
    const uint32_t unsorted[] = {2, 1, 3, 3, 4};
    const uint32_t far[] = {1, 2, 3, 3, 9};
    g = arrays();
    g.offsets = bad_off;
    refused(g, "offset", "offsets that decrease");
    g = arrays();
    g.neighbors = unsorted;
    refused(g, "ascending", "a list out of order");
    g = arrays();
    g.neighbors = far;
    refused(g, "9", "an id past nv");
    g = arrays();
    g.weights = NULL;
    refused(g, "weights", "weights flagged, not given");
    g = arrays();
    g.flags &= ~EMOGI_TRANSPOSE;
    refused(g, "t_offsets", "a transpose given, not flagged");
    g = arrays();
    g.flags |= EMOGI_COMPRESSED;
    refused(g, "compressed", "compressed lists");
    g = arrays();
    g.offsets = NULL;
    refused(g, "offsets", "no offsets");
}

static void test_build(void)
{
    ok(strcmp(emogi_version(), PACKAGE_VERSION) == 0, "emogi_version is configure's %s",
       PACKAGE_VERSION);
#ifdef HAVE_CUDA
    ok(emogi_built_with_cuda() == 1, "a CUDA build says so");
#else
    ok(emogi_built_with_cuda() == 0, "a build without CUDA says so");
#endif
    int before = emogi_cpu_threads();
    int old = emogi_set_cpu_threads(1);
    int one = emogi_cpu_threads();
    emogi_set_cpu_threads(old);
    ok(old == before && before >= 1 && one == 1 && emogi_cpu_threads() == before,
       "threads set for a while and restored (%d)", before);
    emogi_set_cpu_threads(0);
    ok(emogi_cpu_threads() == before, "a thread count of 0 changes nothing");
    /* emogi-pagerank's rule: float32 contributions from a tolerance of 1e-5 */
    ok(emogi_pagerank_store_for(1e-4) == EMOGI_PAGERANK_STORE_F32 &&
       emogi_pagerank_store_for(1e-5) == EMOGI_PAGERANK_STORE_F32 &&
       emogi_pagerank_store_for(1e-6) == EMOGI_PAGERANK_STORE_F64,
       "the contributions' store as emogi-pagerank chooses it");
}

static void test_place_for(void)
{
    emogi_error err = {{0}};
    struct emogi_graph g = arrays();
    emogi_csr_from_arrays(&g, "<arrays>", &err);
    struct emogi_place_opts o = {0};
    o.state_bytes = emogi_bfs_gpu_state_bytes(&g);
    ok(o.state_bytes >= g.nv * (4 + 4), "BFS counts at least a depth and an id a vertex");
    struct emogi_placement *p = (struct emogi_placement *)&g; /* must become NULL on failure */
    emogi_placement_free(NULL);
    if (emogi_gpu_count(NULL) <= 0) {
        int rc = emogi_place_for(&g, &o, EMOGI_PLACE_IN | EMOGI_PLACE_FIRSTS, &p, &err);
        ok(rc == -1 && p == NULL && err.msg[0], "no GPU: placement refused (%s)", err.msg);
        skip("GPU BFS and CC through emogi_place_for: no CUDA device");
        return;
    }
    uint32_t want[6], got[6], wl[6], gl[6];
    emogi_bfs_cpu(&g, 0, want, NULL, &err);
    emogi_cc_cpu(&g, wl, NULL, &err);
    int rc = emogi_place_for(&g, &o, EMOGI_PLACE_IN | EMOGI_PLACE_FIRSTS, &p, &err);
    ok(rc == 0 && emogi_placement_in(p) && emogi_placement_in(p) != emogi_placement_out(p),
       "placed with its transpose (%s)", rc ? err.msg : "");
    if (rc)
        return;
    struct emogi_bfs_opts bo = {0};
    bo.in = emogi_placement_in(p);
    ok(emogi_bfs_gpu(emogi_placement_out(p), 0, &bo, got, NULL, &err) == 0 &&
       memcmp(got, want, sizeof got) == 0 &&
       emogi_cc_gpu(emogi_placement_out(p), emogi_placement_in(p), EMOGI_CC_UF,
                    EMOGI_KERNEL_ALIGNED, gl, NULL, &err) == 0 && memcmp(gl, wl, sizeof gl) == 0,
       "GPU BFS and CC through the placement equal the CPU's");
    emogi_placement_free(p);
}

int main(void)
{
    plan(20);
    test_from_arrays();
    test_build();
    test_place_for();
    return done_testing();
}
