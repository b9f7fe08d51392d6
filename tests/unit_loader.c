/*
 * unit_loader.c - placement names and budget decisions (any build), and
 * with a GPU every placement x kernel on a small graph whose depths are
 * known by construction.  Without a GPU the GPU part is skipped with the
 * reason emogi_gpu_count gives.
 */
#include <stdlib.h>
#include <string.h>

#include "emogi.h"
#include "placement.h"
#include "tests/tap.h"

#define GIB (1ull << 30)
#define MIB (1ull << 20)

static void diag_msg(const char *msg)
{
    printf("# %s\n", msg);
}

static void test_names(void)
{
    enum emogi_mem m = EMOGI_MEM_AUTO;
    enum emogi_uvm_advice a = EMOGI_UVM_READ_MOSTLY;
    ok(emogi_mem_parse("zerocopy", &m) == 0 && m == EMOGI_MEM_ZEROCOPY, "parse zerocopy");
    ok(emogi_mem_parse("uvm", &m) == 0 && m == EMOGI_MEM_UVM, "parse uvm");
    ok(emogi_mem_parse("device", &m) == 0 && m == EMOGI_MEM_DEVICE, "parse device");
    ok(emogi_mem_parse("auto", &m) == 0 && m == EMOGI_MEM_AUTO, "parse auto");
    ok(emogi_mem_parse("gpu", &m) == -1, "unknown placement refused");
    ok(strcmp(emogi_mem_name(EMOGI_MEM_ZEROCOPY), "zerocopy") == 0, "name zerocopy");
    ok(emogi_uvm_advice_parse("accessed-by", &a) == 0 && a == EMOGI_UVM_ACCESSED_BY,
       "parse accessed-by");
    ok(emogi_uvm_advice_parse("prefetch", &a) == 0 && a == EMOGI_UVM_PREFETCH, "parse prefetch");
    ok(emogi_uvm_advice_parse("read-mostly", &a) == 0 && a == EMOGI_UVM_READ_MOSTLY,
       "parse read-mostly");
    ok(emogi_uvm_advice_parse("readmostly", &a) == -1, "unknown advice refused");
}

static void test_budget(void)
{
    emogi_error err = {{0}};
    ok(emogi_place_headroom(100 * GIB) == 10 * GIB, "headroom is a tenth of 100 GiB");
    ok(emogi_place_headroom(1 * GIB) == 256 * MIB, "headroom at least 256 MiB");
    ok(emogi_place_fits(90 * GIB, 100 * GIB), "90 of 100 GiB fits");
    ok(!emogi_place_fits(90 * GIB + 1, 100 * GIB), "one byte more does not");
    ok(!emogi_place_fits(1, 200 * MIB), "nothing fits below the headroom");
    ok(emogi_place_auto(8 * GIB, 100 * GIB) == EMOGI_MEM_DEVICE, "auto: device when it fits");
    ok(emogi_place_auto(95 * GIB, 100 * GIB) == EMOGI_MEM_ZEROCOPY,
       "auto: zerocopy when it does not");
    ok(emogi_place_uvm_check(80 * GIB, 10 * GIB, 100 * GIB, "g.csr", &err) == 0,
       "uvm within free memory less headroom accepted");
    ok(emogi_place_uvm_check(80 * GIB, 10 * GIB + 1, 100 * GIB, "g.csr", &err) == -1 &&
           strstr(err.msg, "g.csr: uvm placement refused") != NULL,
       "uvm past free memory less headroom refused, naming the file");
    ok(emogi_place_uvm_check(UINT64_MAX, 2, 100 * GIB, "g.csr", &err) == -1,
       "uvm size overflow refused");
}

static void test_copy(void)
{
    size_t n = 9 * MIB + 123;
    unsigned char *a = malloc(n), *b = malloc(n);
    if (!a || !b) {
        ok(0, "allocating copy buffers");
        free(a), free(b);
        return;
    }
    for (size_t i = 0; i < n; i++)
        a[i] = (unsigned char)(i * 131 + 7);
    emogi_page_cache_load(a, n);
    emogi_parallel_copy(b, a, n);
    ok(memcmp(a, b, n) == 0, "parallel copy of an odd length");
    free(a), free(b);
}

/*
 * A directed graph whose lists are runs of consecutive ids, chosen so that
 * lists start off any 128-byte boundary and span several of them:
 * 0 -> 1..3, 1 -> 4..43, 2 -> 44..99, 3 -> 0..1, 50 -> 100, 100 -> 101..400,
 * 401 -> 0 (unreachable from 0), 402 isolated.
 */
#define NV 403
static const struct { uint64_t v, lo, n; } runs[] = {
    {0, 1, 3}, {1, 4, 40}, {2, 44, 56}, {3, 0, 2}, {50, 100, 1}, {100, 101, 300}, {401, 0, 1}};
#define NRUNS (sizeof runs / sizeof runs[0])
static uint64_t offs[NV + 1], nb64[NV * 2];
static uint32_t nb32[NV * 2];

static uint64_t build(void)
{
    uint64_t e = 0;
    size_t r = 0;
    for (uint64_t v = 0; v < NV; v++) {
        offs[v] = e;
        if (r < NRUNS && runs[r].v == v) {
            for (uint64_t i = 0; i < runs[r].n; i++, e++)
                nb64[e] = nb32[e] = (uint32_t)(runs[r].lo + i);
            r++;
        }
    }
    offs[NV] = e;
    return e;
}

/* Depths from source 0, by the construction above. */
static uint32_t expected_depth(uint64_t v)
{
    if (v == 0)
        return 0;
    if (v <= 3)
        return 1;
    if (v <= 99)
        return 2;
    if (v == 100)
        return 3;
    if (v <= 400)
        return 4;
    return EMOGI_UNREACHED;
}

static int depths_right(const uint32_t *d)
{
    for (uint64_t v = 0; v < NV; v++)
        if (d[v] != expected_depth(v))
            return 0;
    return 1;
}

static void bfs_each_kernel(const struct emogi_placed *p, const char *what)
{
    static const enum emogi_kernel ks[] = {EMOGI_KERNEL_NAIVE, EMOGI_KERNEL_MERGED,
                                           EMOGI_KERNEL_ALIGNED};
    for (size_t i = 0; i < 3; i++) {
        uint32_t d[NV];
        struct emogi_bfs_stats st;
        emogi_error err = {{0}};
        memset(&st, 0, sizeof st);
        /* Top-down: the graph stores no transpose for bottom-up levels. */
        const struct emogi_bfs_opts o = {.direction = EMOGI_DIR_PUSH, .kernel = ks[i]};
        int rc = emogi_bfs_gpu(p, 0, &o, d, &st, &err);
        if (!ok(rc == 0 && depths_right(d), "%s, %s: depths", what, emogi_kernel_name(ks[i])))
            diag_msg(err.msg);
        /* 0..400 are reached; their degrees sum to 3 + 40 + 56 + 2 + 1 + 300. */
        ok(st.levels == 5 && st.reached == 401 && st.edges_examined == 402,
           "%s, %s: 5 levels, 401 reached, 402 edges (got %u, %llu, %llu)", what,
           emogi_kernel_name(ks[i]), st.levels, (unsigned long long)st.reached,
           (unsigned long long)st.edges_examined);
    }
}

static void test_gpu_on(struct emogi_graph *g)
{
    static const struct { enum emogi_mem mem; enum emogi_uvm_advice adv; const char *name; } ps[] = {
        {EMOGI_MEM_DEVICE, 0, "device"},
        {EMOGI_MEM_ZEROCOPY, 0, "zerocopy"},
        {EMOGI_MEM_UVM, EMOGI_UVM_READ_MOSTLY, "uvm read-mostly"},
        {EMOGI_MEM_UVM, EMOGI_UVM_ACCESSED_BY, "uvm accessed-by"},
        {EMOGI_MEM_UVM, EMOGI_UVM_PREFETCH, "uvm prefetch"},
        {EMOGI_MEM_AUTO, 0, "auto"}};
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
        struct emogi_place_opts o = {0, ps[i].mem, ps[i].adv, NV * 4, 0};
        struct emogi_placed p;
        emogi_error err = {{0}};
        char what[64];
        snprintf(what, sizeof what, "%u-byte ids, %s", g->id_width, ps[i].name);
        if (!ok(emogi_place(g, &o, &p, &err) == 0, "%s: placed", what)) {
            diag_msg(err.msg);
            continue;
        }
        if (ps[i].mem == EMOGI_MEM_AUTO)
            ok(p.mem == EMOGI_MEM_DEVICE, "%s: a tiny graph goes to the device", what);
        if (ps[i].mem == EMOGI_MEM_ZEROCOPY)
            ok(strstr(p.stats.note, "cudaHostAlloc") != NULL,
               "%s: memory not from a file is copied to pinned memory, and says so", what);
        bfs_each_kernel(&p, what);
        emogi_unplace(&p);
        ok(p.priv == NULL && p.nbr.dev == NULL && p.nbr.host == NULL, "%s: unplaced", what);
    }
}

static void test_gpu_errors(struct emogi_graph *g)
{
    struct emogi_place_opts o = {99, EMOGI_MEM_DEVICE, 0, 0, 0};
    struct emogi_placed p;
    emogi_error err = {{0}};
    uint32_t d[NV];
    ok(emogi_place(g, &o, &p, &err) == -1 && strstr(err.msg, "device 99") != NULL,
       "a missing device is named");
    o.device = 0;
    ok(emogi_place(g, &o, &p, &err) == 0, "placed for error checks");
    ok(emogi_bfs_gpu(&p, NV, NULL, d, NULL, &err) == -1 &&
           strstr(err.msg, "out of range") != NULL,
       "a source past the last vertex is refused");
    o.with_weights = 1;
    emogi_unplace(&p);
    ok(emogi_place(g, &o, &p, &err) == -1 && strstr(err.msg, "weights") != NULL,
       "weights asked of an unweighted graph are refused");
}

int main(void)
{
    test_names();
    test_budget();
    test_copy();

    struct emogi_graph g;
    memset(&g, 0, sizeof g);
    g.nv = NV;
    g.ne = build();
    g.flags = EMOGI_DIRECTED;
    g.offsets = offs;
    emogi_error err = {{0}};
    int gpus = emogi_gpu_count(&err);
    if (gpus == 0) {
        ok(err.msg[0] != '\0', "no GPU, and a reason: %s", err.msg);
        struct emogi_place_opts o = {0, EMOGI_MEM_DEVICE, 0, 0, 0};
        struct emogi_placed p;
        emogi_error e2 = {{0}};
        g.id_width = 4, g.neighbors = nb32;
        ok(emogi_place(&g, &o, &p, &e2) == -1 && e2.msg[0], "placing without a GPU fails: %s",
           e2.msg);
        skip("GPU placements and kernels: no CUDA device");
    } else {
        g.id_width = 4, g.neighbors = nb32;
        test_gpu_on(&g);
        test_gpu_errors(&g);
        g.id_width = 8, g.neighbors = nb64;
        test_gpu_on(&g);
    }
    plan(tap_n);
    return done_testing();
}
