/*
 * unit_loader.c - placement names and budget decisions (any build), and
 * with a GPU every placement x kernel on a small graph whose depths are
 * known by construction.  Without a GPU the GPU part is skipped with the
 * reason emogi_gpu_count gives.
 */
#include <stdlib.h>
#include <string.h>

#include "emogi.h"
#include "emogi_clist.h"
#include "emogi_dist_gpu.h"
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
    ok(emogi_mem_parse("hybrid", &m) == 0 && m == EMOGI_MEM_HYBRID, "parse hybrid");
    ok(strcmp(emogi_mem_name(EMOGI_MEM_HYBRID), "hybrid") == 0, "name hybrid");
    ok(emogi_mem_parse("gpu", &m) == -1, "unknown placement refused");
    ok(strcmp(emogi_mem_name(EMOGI_MEM_ZEROCOPY), "zerocopy") == 0, "name zerocopy");
    ok(emogi_uvm_advice_parse("accessed-by", &a) == 0 && a == EMOGI_UVM_ACCESSED_BY,
       "parse accessed-by");
    ok(emogi_uvm_advice_parse("prefetch", &a) == 0 && a == EMOGI_UVM_PREFETCH, "parse prefetch");
    ok(emogi_uvm_advice_parse("read-mostly", &a) == 0 && a == EMOGI_UVM_READ_MOSTLY,
       "parse read-mostly");
    ok(emogi_uvm_advice_parse("readmostly", &a) == -1, "unknown advice refused");
}

#define TIB (1ull << 40)

/* Decide ASKED under B; the policy chosen, or -1 with ERR filled. */
static int decide(const struct emogi_budget *b, enum emogi_mem asked, uint64_t *split,
                  emogi_error *err)
{
    enum emogi_mem m = EMOGI_MEM_AUTO;
    err->msg[0] = '\0';
    if (emogi_place_decide(b, asked, "g.csr", &m, split, err) < 0)
        return -1;
    return (int)m;
}

/* ASKED under B gives policy WANT and split WANT_SPLIT. */
static void decides(const struct emogi_budget *b, enum emogi_mem asked, enum emogi_mem want,
                    uint64_t want_split, const char *what)
{
    emogi_error err;
    uint64_t split = 0;
    int m = decide(b, asked, &split, &err);
    if (!ok(m == (int)want && split == want_split, "%s", what))
        printf("# got %s, split %llu (%s); expected %s, split %llu\n",
               m < 0 ? "an error" : emogi_mem_name((enum emogi_mem)m), (unsigned long long)split,
               err.msg, emogi_mem_name(want), (unsigned long long)want_split);
}

static void test_budget(void)
{
    ok(emogi_place_headroom(100 * GIB) == 10 * GIB, "headroom is a tenth of 100 GiB");
    ok(emogi_place_headroom(1 * GIB) == 256 * MIB, "headroom at least 256 MiB");
    ok(emogi_place_budget_bytes(100 * GIB, 0) == 90 * GIB, "no cap: free less headroom");
    ok(emogi_place_budget_bytes(100 * GIB, 8 * GIB) == 8 * GIB, "a cap below that is the budget");
    ok(emogi_place_budget_bytes(100 * GIB, 95 * GIB) == 90 * GIB,
       "a cap above free less headroom does not raise the budget");
    ok(emogi_place_budget_bytes(200 * MIB, 0) == 0 && emogi_place_budget_bytes(200 * MIB, 1) == 0,
       "nothing below the headroom, capped or not");
}

/* 10 GiB of fixed bytes and 1e9 edges of 8 bytes (4-byte ids and weights):
 * 8e9 bytes of edges. */
static void test_auto(void)
{
    struct emogi_budget b = {100 * GIB, 0, 10 * GIB, 8, 1000000000ull};
    decides(&b, EMOGI_MEM_AUTO, EMOGI_MEM_DEVICE, b.ne, "auto: device, every edge, when all fits");
    b.cap = 10 * GIB + 8000000000ull;
    decides(&b, EMOGI_MEM_AUTO, EMOGI_MEM_DEVICE, b.ne,
            "auto: device when all fits the cap to the byte");
    b.cap--;
    decides(&b, EMOGI_MEM_AUTO, EMOGI_MEM_HYBRID, b.ne - 32,
            "auto: hybrid one byte short, the last 32 entries pinned");
    b.cap = 10 * GIB + 2000000000ull; /* a quarter of the edges */
    decides(&b, EMOGI_MEM_AUTO, EMOGI_MEM_HYBRID, 250000000ull,
            "auto: hybrid with a quarter of the edges under a cap");
    b.cap = 0, b.free_bytes = 12 * GIB; /* 10.8 GiB budget, 0.8 GiB for edges */
    decides(&b, EMOGI_MEM_AUTO, EMOGI_MEM_HYBRID,
            (12 * GIB - 12 * GIB / 10 - 10 * GIB) / 8 / 32 * 32,
            "auto: hybrid when free memory runs short, never zerocopy");
    b.free_bytes = 10 * GIB;
    decides(&b, EMOGI_MEM_AUTO, EMOGI_MEM_HYBRID, 0,
            "auto: hybrid with no edge in device memory when only the fixed bytes fit");
    struct emogi_budget none = {100 * GIB, 0, 1000, 0, 0};
    decides(&none, EMOGI_MEM_AUTO, EMOGI_MEM_DEVICE, 0, "auto: an edgeless graph goes to the device");
}

static void test_hybrid_split(void)
{
    /* 1 MiB fixed, 4-byte entries, 1000 edges */
    struct emogi_budget b = {100 * GIB, MIB + 4 * 100, MIB, 4, 1000};
    decides(&b, EMOGI_MEM_HYBRID, EMOGI_MEM_HYBRID, 96, "hybrid: room for 100 entries splits at 96");
    b.cap = MIB + 4 * 31;
    ok(emogi_place_hybrid_split(&b) == 0, "hybrid: room for 31 entries splits at 0");
    b.cap = MIB + 4 * 999;
    ok(emogi_place_hybrid_split(&b) == 992, "hybrid: 999 of 1000 entries splits at 992");
    b.cap = MIB + 4 * 1000;
    decides(&b, EMOGI_MEM_HYBRID, EMOGI_MEM_HYBRID, 1000,
            "hybrid: all 1000 fit: split at n, not rounded, still hybrid");
    b.cap = MIB;
    decides(&b, EMOGI_MEM_HYBRID, EMOGI_MEM_HYBRID, 0,
            "hybrid: a cap of the fixed bytes alone splits at 0");
    decides(&b, EMOGI_MEM_ZEROCOPY, EMOGI_MEM_ZEROCOPY, 0, "zerocopy: split 0");
    /* 12 bytes an edge (4-byte ids, weights, a transpose's 4-byte ids): one split for all */
    struct emogi_budget t = {100 * GIB, MIB + 12 * 640 + 11, MIB, 12, 1000};
    ok(emogi_place_hybrid_split(&t) == 640, "hybrid: the split counts every array's bytes");
}

/* Compressed lists are placed as words, the share of them that the
 * budget's split is of the edges; it counted emogi_edge_bytes an edge. */
static void test_words_split(void)
{
    uint64_t coff[3] = {0, 6, 10};
    struct emogi_graph c;
    memset(&c, 0, sizeof c);
    c.nv = 2, c.ne = 4, c.id_width = 8, c.flags = EMOGI_COMPRESSED, c.coffsets = coff;
    ok(emogi_edge_bytes(&c, 0) == 3, "10 compressed bytes over 4 edges: 3 bytes an edge");
    coff[1] = coff[2] = 0;
    ok(emogi_edge_bytes(&c, 0) == 1, "no compressed bytes: still 1 an edge, so budgets count");
    c.flags = 0;
    ok(emogi_edge_bytes(&c, 0) == 8, "plain lists: the id width");
    ok(emogi_place_words_split(1000, 1000, 700) == 700, "split at ne: every word");
    ok(emogi_place_words_split(0, 1000, 700) == 0, "split 0: no word");
    /* half the edges: 350 of the words, down to whole lines */
    ok(emogi_place_words_split(500, 1000, 700) == 320, "half the edges: 320 of 700 words");
    ok(emogi_place_words_split(999, 1000, 700) == 672, "999 of 1000 edges: 672 words");
    const uint64_t ne = 1ull << 35;
    ok(emogi_place_words_split(ne / 4, ne, 1ull << 40) == 1ull << 38,
       "a quarter of 2^35 edges: a quarter of 2^40 words, the product past 2^64 not wrapped");
}

/* Past 2^32 edges and 2^40 bytes: 2^35 edges of 8-byte ids and 4-byte
 * weights (384 GiB), under caps of a few TiB of pretend memory. */
static void test_big(void)
{
    emogi_error err;
    uint64_t split = 0, ne = 1ull << 35;
    struct emogi_budget b = {8 * TIB, 0, 2 * TIB, 12, ne};
    decides(&b, EMOGI_MEM_AUTO, EMOGI_MEM_DEVICE, ne, "2^35 edges in 8 TiB free: device");
    b.cap = 2 * TIB + 96 * GIB; /* a quarter of the edge bytes */
    decides(&b, EMOGI_MEM_AUTO, EMOGI_MEM_HYBRID, ne / 4,
            "2^35 edges, a quarter fits under a cap: split at 2^33");
    b.cap = 2 * TIB + 288 * GIB;
    ok(emogi_place_hybrid_split(&b) == ne / 4 * 3, "three quarters fit: split at 3 x 2^33");
    b.cap = 2 * TIB + 288 * GIB + 12 * 40;
    ok(emogi_place_hybrid_split(&b) == ne / 4 * 3 + 32, "40 entries more: 32 of them");
    struct emogi_budget huge = {8 * TIB, 0, GIB, UINT64_MAX / 4, 8};
    decides(&huge, EMOGI_MEM_AUTO, EMOGI_MEM_HYBRID, 0,
            "edge bytes past 2^64: hybrid with nothing on the device, not wrapped");
    ok(decide(&huge, EMOGI_MEM_UVM, &split, &err) == -1 && strstr(err.msg, "more than 2^64 bytes"),
       "uvm of more than 2^64 bytes refused, not wrapped: %s", err.msg);
    struct emogi_budget edge = {8 * TIB, 0, UINT64_MAX - 7, 8, 1};
    ok(decide(&edge, EMOGI_MEM_UVM, &split, &err) == -1, "fixed + edges past 2^64 refused");
}

static void test_refusals(void)
{
    emogi_error err;
    uint64_t split = 0;
    struct emogi_budget b = {100 * GIB, 4 * MIB, 5 * MIB, 4, 1000};
    ok(decide(&b, EMOGI_MEM_HYBRID, &split, &err) == -1 &&
           strstr(err.msg, "g.csr: --gpu-memory 4194304 is below the 5242880 bytes") != NULL,
       "a cap below the fixed bytes is refused, naming both: %s", err.msg);
    ok(decide(&b, EMOGI_MEM_ZEROCOPY, &split, &err) == -1, "... under zerocopy too");
    b.cap = 5 * MIB + 3999;
    ok(decide(&b, EMOGI_MEM_DEVICE, &split, &err) == -1 &&
           strstr(err.msg, "g.csr: device placement refused: 5246880 bytes") != NULL &&
           strstr(err.msg, "--gpu-memory 5246879") != NULL,
       "device past the cap refused, naming the figures: %s", err.msg);
    b.cap++;
    ok(decide(&b, EMOGI_MEM_DEVICE, &split, &err) == EMOGI_MEM_DEVICE && split == 1000,
       "device within the cap to the byte");
    struct emogi_budget uncapped = {GIB, 0, 5 * MIB, 8, 1ull << 30};
    ok(decide(&uncapped, EMOGI_MEM_DEVICE, &split, &err) == EMOGI_MEM_DEVICE,
       "device uncapped: left to cudaMalloc");
    struct emogi_budget u = {100 * GIB, 0, 10 * GIB, 8, 10 * GIB};
    ok(decide(&u, EMOGI_MEM_UVM, &split, &err) == EMOGI_MEM_UVM && split == u.ne,
       "uvm within free memory less headroom accepted");
    u.fixed_bytes++;
    ok(decide(&u, EMOGI_MEM_UVM, &split, &err) == -1 &&
           strstr(err.msg, "g.csr: uvm placement refused") != NULL,
       "uvm one byte past free memory less headroom refused, naming the file");
    u.fixed_bytes--, u.cap = 50 * GIB;
    ok(decide(&u, EMOGI_MEM_UVM, &split, &err) == -1 && strstr(err.msg, "--gpu-memory") != NULL,
       "uvm past the cap refused");
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
        struct emogi_place_opts o = {.mem = ps[i].mem, .advice = ps[i].adv, .state_bytes = NV * 4};
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

/* with_firsts: each list's kept id in device memory (0 for an empty
 * list), read back and checked against the lists; device memory counts
 * them; unplacing clears them. */
static void test_gpu_firsts(struct emogi_graph *g)
{
    const uint64_t fb = NV * (uint64_t)g->id_width;
    struct emogi_place_opts o = {.mem = EMOGI_MEM_ZEROCOPY, .with_firsts = 1, .firsts_bytes = fb};
    struct emogi_placed p;
    emogi_error err = {{0}};
    char what[64];
    snprintf(what, sizeof what, "%u-byte ids, zerocopy with first ids", g->id_width);
    /* in device memory the lists need none */
    struct emogi_place_opts od = o;
    od.mem = EMOGI_MEM_DEVICE;
    if (ok(emogi_place(g, &od, &p, &err) == 0, "%s: device placement", what)) {
        ok(p.d_firsts == NULL && !p.kept_firsts, "%s: no first ids in device placement", what);
        emogi_unplace(&p);
    } else {
        diag_msg(err.msg);
    }
    /* hybrid: ids only where the rule leaves some lists' first lines
     * over the link and the split holds four entries a vertex, which no
     * split of this graph's 403 entries for 403 vertices does
     * (test_heads) */
    static const struct {
        enum emogi_hybrid_rule rule;
        uint64_t split;
        int kept;
    } hy[] = {{EMOGI_HYBRID_HEADS, 32, 0}, {EMOGI_HYBRID_HEADS, 384, 0},
              {EMOGI_HYBRID_PREFIX, 384, 0}};
    for (size_t i = 0; i < sizeof hy / sizeof hy[0]; i++) {
        struct emogi_place_opts oh = o;
        oh.mem = EMOGI_MEM_HYBRID, oh.presplit = 1, oh.split = hy[i].split, oh.rule = hy[i].rule;
        if (ok(emogi_place(g, &oh, &p, &err) == 0, "%s: hybrid %s split %llu", what,
               hy[i].rule == EMOGI_HYBRID_HEADS ? "heads" : "prefix",
               (unsigned long long)hy[i].split)) {
            ok((p.d_firsts != NULL) == hy[i].kept && p.kept_firsts == hy[i].kept,
               "%s: ...%s", what, hy[i].kept ? "with first ids" : "no first ids, every head placed");
            if (p.kept_firsts)
                bfs_each_kernel(&p, "hybrid with first ids");
            emogi_unplace(&p);
        } else {
            diag_msg(err.msg);
        }
    }
    /* a budget that holds the offsets but not the ids beside them */
    struct emogi_place_opts os = o;
    os.gpu_memory = (NV + 1) * 8 + fb - 1;
    if (ok(emogi_place(g, &os, &p, &err) == 0, "%s: a budget short of the ids", what)) {
        ok(p.d_firsts == NULL && !p.kept_firsts && strstr(p.stats.note, "first ids left out"),
           "%s: ...places without them, and says so: %s", what, p.stats.note);
        emogi_unplace(&p);
    } else {
        diag_msg(err.msg);
    }
    if (!ok(emogi_place(g, &o, &p, &err) == 0 && p.d_firsts != NULL && p.kept_firsts,
            "%s: placed", what)) {
        diag_msg(err.msg);
        return;
    }
    static uint64_t got[NV];
    memset(got, 0xff, sizeof got);
    int same = emogi_dgpu_copy(got, p.d_firsts, NV * (uint64_t)g->id_width, 1, &err) == 0;
    for (uint64_t v = 0; v < NV && same; v++) {
        /* of the list's first 32 entries, the one of the longest list
         * to a quarter octave: bit length, then the next two bits */
        uint64_t want = 0, most = 0;
        for (uint64_t e = offs[v]; e < offs[v + 1] && e < offs[v] + 32; e++) {
            const uint64_t u = nb64[e], len = offs[u + 1] - offs[u];
            unsigned b = 0;
            while (len >> b)
                b++;
            const uint64_t c = b < 3 ? len : 4 * b + (len >> (b - 3) & 3);
            if (e == offs[v] || c > most)
                want = u, most = c;
        }
        const uint64_t x = g->id_width == 4 ? ((const uint32_t *)got)[v] : got[v];
        same = x == want;
    }
    ok(same, "%s: every list's kept id (of its first 32, the longest-listed; 0 for an empty "
             "list)", what);
    ok(p.stats.device_bytes == (NV + 1) * 8 + NV * g->id_width,
       "%s: device bytes are the offsets and the first ids (%llu)", what,
       (unsigned long long)p.stats.device_bytes);
    emogi_unplace(&p);
    ok(p.d_firsts == NULL, "%s: unplaced", what);
}

/* Hybrid splits across the 403 edges: at either end, on 128-byte lines
 * inside lists (0 -> 1..3 ends at entry 3, 1's list runs 3..42, 100's
 * 102..401), each forced and one from a --gpu-memory cap. */
/* The set lines of a bitmap, as "0 1 3" for messages and comparisons. */
static const char *line_list(const uint64_t *bits, uint64_t nlines, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (uint64_t l = 0; l < nlines && at + 24 < len; l++)
        if (bits[l >> 6] >> (l & 63) & 1)
            at += (size_t)snprintf(buf + at, len - at, "%s%llu", at ? " " : "",
                                   (unsigned long long)l);
    return buf;
}

/* The heads rule's choice on the test graph, worked by hand: its lists
 * start at entries 0, 3, 43, 99, 101, 102, 402 (vertices 0, 1, 2, 3, 50,
 * 100, 401), so in lines of 32 entries 0, 0, 1, 3, 3, 3, 12, and of 16
 * entries 0, 0, 2, 6, 6, 6, 25. */
static void test_heads(void)
{
    static const struct {
        unsigned per_line;
        uint64_t budget, marked;
        const char *lines;
    } cases[] = {
        {32, 2, 2, "0 1"},                        /* first lines in vertex order */
        {32, 4, 4, "0 1 3 12"},                   /* every list's first line */
        {32, 11, 11, "0 1 2 3 4 5 6 7 8 9 12"},   /* then the rest in line order */
        {32, 99, 13, "0 1 2 3 4 5 6 7 8 9 10 11 12"},
        {16, 5, 5, "0 1 2 6 25"},
        {16, 0, 0, ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t bits[1] = {0};
        char buf[128];
        uint64_t got = emogi_hybrid_heads(offs, NV, offs[NV], cases[i].per_line, cases[i].budget,
                                          bits);
        line_list(bits, 26, buf, sizeof buf);
        ok(got == cases[i].marked && strcmp(buf, cases[i].lines) == 0,
           "heads, %u entries a line, budget %llu: lines %s (got %llu: %s)", cases[i].per_line,
           (unsigned long long)cases[i].budget, cases[i].lines, (unsigned long long)got, buf);
    }
    ok(emogi_hybrid_heads_meta(403, 4) == 16 && emogi_hybrid_heads_meta(403, 8) == 16,
       "heads meta: one bitmap word and one rank for 13 or 26 lines");
    ok(emogi_hybrid_heads_meta(1ull << 36, 4) == 1ull << 29,
       "heads meta for 2^36 4-byte entries: 2^31 lines, 2^25 words, twice 8 bytes each");
    ok(emogi_hybrid_heads_room(403, 4, 36) == 0 && emogi_hybrid_heads_room(403, 4, 37) == 1 &&
           emogi_hybrid_heads_room(403, 8, 66) == 4,
       "heads room: whole lines beside 16 bytes of bitmap and rank, none in 144 bytes");
    /* Whether every first line fits: four distinct head lines either way,
     * beside 16 bytes of bitmap and rank, so 4 x 128 + 16 bytes of room
     * (132 entries of 4 bytes, 66 of 8) and no fewer. */
    static const struct {
        unsigned width;
        uint64_t split;
        int all;
    } fits[] = {{4, 403, 1}, {4, 132, 1}, {4, 131, 0}, {4, 32, 0}, {4, 0, 0},
                {8, 66, 1}, {8, 65, 0}, {8, 500, 1}};
    for (size_t i = 0; i < sizeof fits / sizeof fits[0]; i++)
        ok(emogi_hybrid_heads_all(offs, NV, offs[NV], fits[i].width, fits[i].split) == fits[i].all,
           "heads, %u-byte entries, split %llu: %s", fits[i].width,
           (unsigned long long)fits[i].split,
           fits[i].all ? "every first line in device memory" : "some first lines left out");
    static const uint64_t none[] = {0, 0, 0};
    ok(emogi_hybrid_heads_all(none, 2, 0, 4, 0), "heads: no list, nothing to leave out");
    /* First ids beside hybrid's lines: only where some first line is left
     * out and the split is at least four entries a vertex.  The test graph
     * has 403 entries for 403 vertices, too few; 8 lists of 64 have room. */
    static uint64_t wide[9];
    for (uint64_t v = 0; v <= 8; v++)
        wide[v] = 64 * v;
    static const struct {
        const uint64_t *off;
        uint64_t nv, split;
        int heads, wants;
        const char *why;
    } fw[] = {{offs, NV, 131, 1, 0, "403 vertices, a split of 131: too little room"},
              {wide, 8, 64, 1, 1, "8 lists of 64, split 64: one line of their 8 first lines"},
              {wide, 8, 448, 1, 0, "split 448: 13 lines hold every first line"},
              {wide, 8, 448, 0, 1, "split 448 by the prefix rule: the last list's head left out"},
              {wide, 8, 512, 0, 0, "every entry placed"},
              {wide, 8, 31, 0, 0, "split 31: under four entries a vertex"}};
    for (size_t i = 0; i < sizeof fw / sizeof fw[0]; i++)
        ok(emogi_hybrid_wants_firsts(fw[i].off, fw[i].nv, fw[i].off[fw[i].nv], 4, fw[i].heads,
                                     fw[i].split) == fw[i].wants,
           "hybrid first ids %s: %s", fw[i].wants ? "kept" : "not kept", fw[i].why);
}

/* Splits by both rules: by the prefix rule exactly the split; by the
 * heads rule the lines that its room holds beside 16 bytes of bitmap and
 * rank, chosen as test_heads says (none for a split of 32: 128 bytes of
 * room do not hold a line and the bitmap). */
static void test_gpu_heads(struct emogi_graph *g)
{
    static const uint64_t splits[] = {32, 96, 384};
    const unsigned per_line = 128 / g->id_width;
    for (size_t i = 0; i < sizeof splits / sizeof splits[0]; i++) {
        struct emogi_place_opts o = {.mem = EMOGI_MEM_HYBRID, .presplit = 1, .split = splits[i],
                                     .rule = EMOGI_HYBRID_HEADS};
        struct emogi_placed p;
        emogi_error err = {{0}};
        char what[80];
        const uint64_t lines = splits[i] * g->id_width > 16 + 128
                                   ? (splits[i] * g->id_width - 16) / 128 : 0;
        snprintf(what, sizeof what, "%u-byte ids, hybrid heads, room for %llu", g->id_width,
                 (unsigned long long)splits[i]);
        if (!ok(emogi_place(g, &o, &p, &err) == 0, "%s: placed", what)) {
            diag_msg(err.msg);
            continue;
        }
        ok(p.nbr.split == lines * per_line && (p.nbr.hot != NULL) == (lines > 0) &&
               p.stats.device_bytes == (NV + 1) * 8 + lines * 128 + (lines ? 16 : 0),
           "%s: %llu lines and their bitmap in device memory (split %llu, %llu device bytes)",
           what, (unsigned long long)lines, (unsigned long long)p.nbr.split,
           (unsigned long long)p.stats.device_bytes);
        bfs_each_kernel(&p, what);
        emogi_unplace(&p);
    }
}

static void test_gpu_hybrid(struct emogi_graph *g)
{
    static const uint64_t splits[] = {0, 32, 96, 384, 403};
    for (size_t i = 0; i < sizeof splits / sizeof splits[0]; i++) {
        struct emogi_place_opts o = {.mem = EMOGI_MEM_HYBRID, .presplit = 1, .split = splits[i],
                                     .rule = EMOGI_HYBRID_PREFIX};
        struct emogi_placed p;
        emogi_error err = {{0}};
        char what[64];
        snprintf(what, sizeof what, "%u-byte ids, hybrid split %llu", g->id_width,
                 (unsigned long long)splits[i]);
        if (!ok(emogi_place(g, &o, &p, &err) == 0, "%s: placed", what)) {
            diag_msg(err.msg);
            continue;
        }
        ok(p.mem == EMOGI_MEM_HYBRID && p.nbr.split == splits[i] && p.nbr.n == g->ne &&
               (p.nbr.dev != NULL) == (splits[i] > 0) && (p.nbr.host != NULL) == (splits[i] < g->ne),
           "%s: a device part and a pinned part as the split says", what);
        ok(p.stats.device_bytes == (NV + 1) * 8 + splits[i] * g->id_width,
           "%s: device bytes are the offsets and the prefix (%llu)", what,
           (unsigned long long)p.stats.device_bytes);
        if (splits[i] == 0 || splits[i] == g->ne)
            ok(strstr(p.stats.note, splits[i] ? "as device" : "as zerocopy") != NULL,
               "%s: the note says the split fell at an end: %s", what, p.stats.note);
        bfs_each_kernel(&p, what);
        emogi_unplace(&p);
    }
    struct emogi_place_opts o = {.mem = EMOGI_MEM_HYBRID, .presplit = 1, .split = 33};
    struct emogi_placed p;
    emogi_error err = {{0}};
    ok(emogi_place(g, &o, &p, &err) == -1 && strstr(err.msg, "multiple of 32"),
       "a split off a 128-byte line is refused: %s", err.msg);
    /* Offsets 404 x 8 and 4 bytes of state a vertex, then room for 200 entries: 192. */
    o = (struct emogi_place_opts){.mem = EMOGI_MEM_AUTO, .state_bytes = NV * 4,
                                  .gpu_memory = (NV + 1) * 8 + NV * 4 + 200 * g->id_width,
                                  .rule = EMOGI_HYBRID_PREFIX};
    if (ok(emogi_place(g, &o, &p, &err) == 0, "auto under a cap: placed")) {
        ok(p.mem == EMOGI_MEM_HYBRID && p.nbr.split == 192,
           "auto under a cap too small for the edges: hybrid, split at 192 (got %s, %llu)",
           emogi_mem_name(p.mem), (unsigned long long)p.nbr.split);
        bfs_each_kernel(&p, "auto under a cap");
        emogi_unplace(&p);
    } else {
        diag_msg(err.msg);
    }
}

static void test_gpu_errors(struct emogi_graph *g)
{
    struct emogi_place_opts o = {.device = 99, .mem = EMOGI_MEM_DEVICE};
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

/* emogi_range_open: lists [2, 5) of a graph whose list 2 starts at entry
 * 41, so the view's arrays start at entry 32 (a whole 128-byte line of
 * 4-byte ids) and its offsets are the graph's less 32. */
static void test_range(void)
{
    static const uint64_t off[] = {0, 40, 41, 75, 75, 100, 130};
    static const uint64_t toff[] = {0, 3, 70, 70, 90, 129, 130};
    static uint32_t nb[130], tnb[130], wt[130];
    for (uint32_t i = 0; i < 130; i++)
        nb[i] = i % 6, tnb[i] = (i * 5) % 6, wt[i] = 1000 + i;
    struct emogi_graph g;
    memset(&g, 0, sizeof g);
    g.nv = 6, g.ne = 130, g.id_width = 4, g.flags = EMOGI_DIRECTED | EMOGI_TRANSPOSE;
    g.offsets = off, g.neighbors = nb, g.weights = wt, g.weight_type = EMOGI_WEIGHT_UINT32;
    g.t_offsets = toff, g.t_neighbors = tnb;
    struct emogi_range r;
    emogi_error err = {{0}};
    ok(emogi_range_open(&g, 2, 5, &r, &err) == 0, "range [2, 5): opened %s", err.msg);
    ok(r.g.nv == 3 && r.base == 32 && r.g.ne == 100 - 32, "range: 3 vertices from entry 32");
    int same = 1;
    for (uint64_t i = 0; i < 3; i++) {
        same &= r.g.offsets[i + 1] - r.g.offsets[i] == off[2 + i + 1] - off[2 + i];
        for (uint64_t e = r.g.offsets[i]; e < r.g.offsets[i + 1]; e++)
            same &= ((const uint32_t *)r.g.neighbors)[e] == nb[e + 32] &&
                    ((const uint32_t *)r.g.weights)[e] == 1000 + e + 32;
    }
    ok(same && r.g.offsets[0] == 41 - 32, "range: each list and its weights are the graph's");
    same = r.t_base == 64 && r.g.t_offsets[0] == 70 - 64;
    for (uint64_t i = 0; i < 3; i++)
        for (uint64_t e = r.g.t_offsets[i]; e < r.g.t_offsets[i + 1]; e++)
            same &= ((const uint32_t *)r.g.t_neighbors)[e] == tnb[e + 64];
    ok(same && r.g.t_offsets[3] == 129 - 64, "range: the transpose's in-lists too");
    emogi_range_close(&r);
    ok(emogi_range_open(&g, 0, 6, &r, &err) == 0 && r.base == 0 && r.g.ne == 130 &&
           r.g.offsets[6] == 130,
       "range: the whole graph is itself");
    emogi_range_close(&r);
    ok(emogi_range_open(&g, 4, 7, &r, &err) == -1 && strstr(err.msg, "not within its 6 vertices"),
       "range: past the last vertex refused: %s", err.msg);
}

/* emogi_range_open on compressed lists: every view's list decodes, as the
 * vertex it was encoded for, to the graph's, from cneighbors cut at a
 * 128-byte line; the plain offsets and weights are cut as for plain lists. */
static void test_range_compressed(void)
{
    enum { CNV = 400 };
    static uint64_t off[CNV + 1], coff[CNV + 1], toff[CNV + 1], tcoff[CNV + 1];
    static uint32_t ids[CNV * 40], wt[CNV * 40];
    static unsigned char cn[CNV * 200], tcn[CNV * 200];
    struct emogi_graph g;
    memset(&g, 0, sizeof g);
    /* vertex u: u % 37 neighbours u+1, u+3, ... (mod NV, sorted); the
     * transpose the same lists, shifted by one vertex, for a second base */
    for (uint64_t u = 0; u < CNV; u++) {
        const uint64_t d = u % 37;
        uint32_t l[40];
        for (uint64_t i = 0; i < d; i++)
            l[i] = (uint32_t)((u + 1 + 2 * i) % CNV);
        for (uint64_t i = 1; i < d; i++) /* insertion sort */
            for (uint64_t j = i; j > 0 && l[j - 1] > l[j]; j--) {
                const uint32_t t = l[j];
                l[j] = l[j - 1], l[j - 1] = t;
            }
        off[u + 1] = off[u] + d;
        memcpy(ids + off[u], l, d * 4);
        for (uint64_t i = 0; i < d; i++)
            wt[off[u] + i] = (uint32_t)(7 * (off[u] + i));
        coff[u + 1] = coff[u] + emogi_clist_encode(l, 4, d, u, cn + coff[u]);
        toff[u + 1] = toff[u] + d;
        tcoff[u + 1] = tcoff[u] + emogi_clist_encode(l, 4, d, u, tcn + tcoff[u]);
    }
    g.nv = CNV, g.ne = off[CNV], g.id_width = 4;
    g.flags = EMOGI_DIRECTED | EMOGI_TRANSPOSE | EMOGI_COMPRESSED;
    g.offsets = off, g.coffsets = coff, g.cneighbors = cn;
    g.weights = wt, g.weight_type = EMOGI_WEIGHT_UINT32;
    g.t_offsets = toff, g.t_coffsets = tcoff, g.t_cneighbors = tcn;
    const uint64_t cuts[][2] = {{0, CNV}, {3, 200}, {137, 138}, {251, CNV}};
    for (size_t c = 0; c < sizeof cuts / sizeof cuts[0]; c++) {
        const uint64_t v0 = cuts[c][0], v1 = cuts[c][1];
        struct emogi_range r;
        emogi_error err = {{0}};
        if (!ok(emogi_range_open(&g, v0, v1, &r, &err) == 0, "compressed range [%llu, %llu): %s",
                (unsigned long long)v0, (unsigned long long)v1, err.msg))
            continue;
        int same = r.cbase % 128 == 0 && r.cbase <= coff[v0] && r.t_cbase % 128 == 0 &&
                   r.g.coffsets[v1 - v0] == coff[v1] - r.cbase && r.g.neighbors == NULL;
        /* the view names the graph's id of its vertex 0, which its lists
         * decode against (the GPU's reader and the first ids take it) */
        ok(emogi_is_part(&r.g) && emogi_id_base(&r.g) == v0 && r.g.part.end == v1 &&
               r.g.part.nv == CNV && r.g.part.edge_first == off[v0] &&
               r.g.part.t_ne == toff[v1] - toff[v0],
           "compressed range [%llu, %llu): a part of the graph from its vertex %llu",
           (unsigned long long)v0, (unsigned long long)v1, (unsigned long long)v0);
        for (uint64_t i = 0; same && i < v1 - v0; i++) {
            const uint64_t u = emogi_id_base(&r.g) + i, d = r.g.offsets[i + 1] - r.g.offsets[i];
            uint64_t a[40], b[40];
            same &= d == off[u + 1] - off[u] &&
                    emogi_clist_decode(r.g.cneighbors + r.g.coffsets[i],
                                       r.g.coffsets[i + 1] - r.g.coffsets[i], d, u, a) == 0 &&
                    emogi_clist_decode(r.g.t_cneighbors + r.g.t_coffsets[i],
                                       r.g.t_coffsets[i + 1] - r.g.t_coffsets[i], d, u, b) == 0;
            for (uint64_t k = 0; same && k < d; k++)
                same &= a[k] == ids[off[u] + k] && b[k] == ids[off[u] + k] &&
                        ((const uint32_t *)r.g.weights)[r.g.offsets[i] + k] == wt[off[u] + k];
        }
        ok(same, "compressed range [%llu, %llu): lists, in-lists and weights are the graph's",
           (unsigned long long)v0, (unsigned long long)v1);
        emogi_range_close(&r);
    }
}

int main(void)
{
    test_names();
    test_budget();
    test_auto();
    test_hybrid_split();
    test_big();
    test_words_split();
    test_refusals();
    test_copy();
    test_range();
    test_range_compressed();

    struct emogi_graph g;
    memset(&g, 0, sizeof g);
    g.nv = NV;
    g.ne = build();
    test_heads();
    g.flags = EMOGI_DIRECTED;
    g.offsets = offs;
    emogi_error err = {{0}};
    int gpus = emogi_gpu_count(&err);
    if (gpus == 0) {
        ok(err.msg[0] != '\0', "no GPU, and a reason: %s", err.msg);
        struct emogi_place_opts o = {.mem = EMOGI_MEM_DEVICE};
        struct emogi_placed p;
        emogi_error e2 = {{0}};
        g.id_width = 4, g.neighbors = nb32;
        ok(emogi_place(&g, &o, &p, &e2) == -1 && e2.msg[0], "placing without a GPU fails: %s",
           e2.msg);
        skip("GPU placements and kernels: no CUDA device");
    } else {
        g.id_width = 4, g.neighbors = nb32;
        test_gpu_on(&g);
        test_gpu_hybrid(&g);
        test_gpu_heads(&g);
        test_gpu_errors(&g);
        test_gpu_firsts(&g);
        g.id_width = 8, g.neighbors = nb64;
        test_gpu_on(&g);
        test_gpu_hybrid(&g);
        test_gpu_heads(&g);
        test_gpu_firsts(&g);
    }
    plan(tap_n);
    return done_testing();
}
