/*
 * unit_webgraph.c - the BVGraph reader against a real WebGraph file and
 * against graphs written by an independent encoder (lib/webgraph_enc.h).
 *
 * cnr-2000 (LAW, compressed by the Java WebGraph) must give the node and
 * arc counts its .properties record, and its transpose cnr-2000-t must
 * give exactly the reversed arcs.  Encoded graphs must come back as the
 * adjacency they were made from, sequentially and in parallel, for every
 * code, window, reference bound and interval length tried; broken files
 * must be refused with a message that says what is wrong.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "webgraph.h"
#include "lib/webgraph_enc.h"

static char tmpdir[256];

static const char *tmp_base(const char *name)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    return path;
}

static int decode(const char *base, int threads, int use_offsets, struct parse_result *r,
                  emogi_error *err)
{
    struct webgraph_opts o = {threads, use_offsets};
    return webgraph_read_opts(base, &o, r, err);
}

static int same_edges(const struct edge_list *a, const struct edge_list *b)
{
    return a->n == b->n && (a->n == 0 || (!memcmp(a->src, b->src, a->n * sizeof *a->src) &&
                                          !memcmp(a->dst, b->dst, a->n * sizeof *a->dst)));
}

/* The arcs of g in node order, as the reader must produce them. */
static int matches_adj(const struct edge_list *e, const struct adj *g)
{
    uint64_t k = 0;
    for (uint64_t x = 0; x < g->n; x++)
        for (uint64_t i = 0; i < g->deg[x]; i++, k++)
            if (k >= e->n || e->src[k] != x || e->dst[k] != g->succ[x][i])
                return 0;
    return k == e->n;
}

/* ---- graphs to encode ---- */

static struct adj adj_new(uint64_t n)
{
    struct adj g = {n, calloc(n + 1, sizeof(uint64_t)), calloc(n + 1, sizeof(uint64_t *))};
    return g;
}

static void adj_set(struct adj *g, uint64_t x, const uint64_t *v, uint64_t d)
{
    free(g->succ[x]);
    g->succ[x] = malloc((d + 1) * sizeof *v);
    memcpy(g->succ[x], v, d * sizeof *v);
    g->deg[x] = d;
}

static void adj_free(struct adj *g)
{
    for (uint64_t x = 0; x < g->n; x++)
        free(g->succ[x]);
    free(g->deg);
    free(g->succ);
}

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rnd(uint64_t bound)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state % bound;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sorted, duplicate-free: some random picks, a run, and some of the list before. */
static uint64_t make_list(uint64_t *v, uint64_t n, uint64_t x, const struct adj *g, int web)
{
    uint64_t d = 0, want = rnd(12);
    for (uint64_t i = 0; i < want; i++)
        v[d++] = rnd(n);
    if (web && rnd(3) == 0) { /* a run of consecutive ids near x */
        uint64_t len = 2 + rnd(10), s = x + len < n ? x : n - len;
        for (uint64_t i = 0; i < len && s + i < n; i++)
            v[d++] = s + i;
    }
    if (web && x > 0)
        for (uint64_t i = 0; i < g->deg[x - 1]; i++)
            if (rnd(4))
                v[d++] = g->succ[x - 1][i];
    qsort(v, d, sizeof *v, cmp_u64);
    uint64_t k = 0;
    for (uint64_t i = 0; i < d; i++)
        if (k == 0 || v[i] != v[k - 1])
            v[k++] = v[i];
    return k;
}

static struct adj random_graph(uint64_t n, int web)
{
    struct adj g = adj_new(n);
    uint64_t *v = malloc(4096 * sizeof *v);
    for (uint64_t x = 0; x < n; x++) {
        uint64_t d = make_list(v, n, x, &g, web);
        if (d > 200)
            d = 200;
        adj_set(&g, x, v, d);
    }
    free(v);
    return g;
}

/* Every list nearly the one before, so references chain as far as allowed. */
static struct adj chain_graph(uint64_t n)
{
    struct adj g = adj_new(n);
    uint64_t v[64];
    for (uint64_t x = 0; x < n; x++) {
        uint64_t d = 0;
        for (uint64_t i = 0; i < 40; i++)
            if (i % 7 != x % 7)
                v[d++] = 3 * i + (i > 20 ? x % 2 : 0);
        adj_set(&g, x, v, d);
    }
    return g;
}

static struct enc_params default_params(void)
{
    struct enc_params p = {7, 3, 4, 3, {0}, 0};
    memcpy(p.code, enc_defaults, sizeof p.code);
    return p;
}

/* Encode g, decode it sequentially and in parallel, compare both with g. */
static void round_trip(const char *what, const struct adj *g, const struct enc_params *p,
                       struct enc_stats *st_out)
{
    const char *base = tmp_base("rt");
    struct enc_stats st = encode_graph(base, g, p);
    if (st_out)
        *st_out = st;
    struct parse_result seq, par;
    emogi_error err = {{0}};
    int rc = decode(base, 1, 0, &seq, &err);
    ok(rc == 0 && seq.nv == g->n && matches_adj(&seq.edges, g), "%s: sequential decode%s%s", what,
       rc ? ": " : "", rc ? err.msg : "");
    rc = decode(base, 3, 1, &par, &err);
    ok(rc == 0 && matches_adj(&par.edges, g), "%s: parallel decode (3 threads)%s%s", what,
       rc ? ": " : "", rc ? err.msg : "");
    edge_list_free(&seq.edges);
    edge_list_free(&par.edges);
}

/* ---- cnr-2000 ---- */

static int cmp_pair(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] < y[1] ? -1 : x[1] > y[1]);
}

static int is_transpose(const struct edge_list *g, const struct edge_list *t)
{
    if (g->n != t->n)
        return 0;
    uint64_t *pairs = malloc(t->n * 2 * sizeof *pairs);
    for (uint64_t i = 0; i < t->n; i++) {
        pairs[2 * i] = t->dst[i];
        pairs[2 * i + 1] = t->src[i];
    }
    qsort(pairs, t->n, 2 * sizeof *pairs, cmp_pair);
    int same = 1;
    for (uint64_t i = 0; i < g->n && same; i++)
        same = pairs[2 * i] == g->src[i] && pairs[2 * i + 1] == g->dst[i];
    free(pairs);
    return same;
}

static int sorted_in_range(const struct edge_list *e, uint64_t nv)
{
    for (uint64_t i = 0; i < e->n; i++) {
        if (e->src[i] >= nv || e->dst[i] >= nv)
            return 0;
        if (i && (e->src[i] < e->src[i - 1] ||
                  (e->src[i] == e->src[i - 1] && e->dst[i] <= e->dst[i - 1])))
            return 0;
    }
    return 1;
}

static void test_cnr(void)
{
    const char *top = getenv("top_srcdir");
    char base[1024], tbase[1100];
    snprintf(base, sizeof base, "%s/tests/data/webgraph/cnr-2000", top ? top : ".");
    snprintf(tbase, sizeof tbase, "%s-t", base);
    struct parse_result seq, par, par7, tr;
    emogi_error err = {{0}};
    int rc = decode(base, 1, 0, &seq, &err);
    /* nodes=325557 and arcs=3216152 are what cnr-2000.properties records */
    ok(rc == 0 && seq.nv == 325557, "cnr-2000: 325557 nodes%s%s", rc ? ": " : "", rc ? err.msg : "");
    ok(rc == 0 && seq.edges.n == 3216152, "cnr-2000: 3216152 arcs");
    ok(rc == 0 && seq.bytes == 1164848 && seq.weights == WEIGHTS_NONE && seq.lines == 0,
       "cnr-2000: bytes = size of the .graph, no weights");
    ok(rc == 0 && sorted_in_range(&seq.edges, seq.nv), "cnr-2000: ids in range, lists ascending");
    rc = decode(base, 4, 1, &par, &err);
    ok(rc == 0 && same_edges(&seq.edges, &par.edges),
       "cnr-2000: parallel (4 threads, offsets) = sequential%s%s", rc ? ": " : "", rc ? err.msg : "");
    rc = decode(base, 7, 1, &par7, &err);
    ok(rc == 0 && same_edges(&seq.edges, &par7.edges), "cnr-2000: parallel (7 threads) = sequential");
    rc = decode(tbase, 2, 1, &tr, &err);
    ok(rc == 0 && tr.nv == 325557 && tr.edges.n == 3216152, "cnr-2000-t: 325557 nodes, 3216152 arcs");
    ok(rc == 0 && is_transpose(&seq.edges, &tr.edges), "cnr-2000-t is exactly the transpose");
    edge_list_free(&seq.edges);
    edge_list_free(&par.edges);
    edge_list_free(&par7.edges);
    edge_list_free(&tr.edges);
}

/* ---- encoded graphs ---- */

static void test_small_cases(void)
{
    struct enc_params p = default_params();
    struct adj g0 = adj_new(0);
    round_trip("no nodes", &g0, &p, NULL);
    adj_free(&g0);

    struct adj g5 = adj_new(5); /* only empty lists */
    round_trip("5 empty lists", &g5, &p, NULL);
    uint64_t self[] = {4};
    adj_set(&g5, 4, self, 1); /* a self-loop on the last node */
    uint64_t back[] = {0, 1, 2, 3, 4};
    adj_set(&g5, 2, back, 5); /* an interval around the node itself */
    struct enc_stats st;
    round_trip("empty lists, a self-loop, an interval across the node", &g5, &p, &st);
    ok(st.intervals == 1, "  ... which is coded as one interval");
    adj_free(&g5);
}

static void test_windows(void)
{
    struct adj g = chain_graph(300);
    struct enc_params p = default_params();
    struct enc_stats st;
    for (uint64_t r = 1; r <= 6; r += 5) {
        p.window = 3;
        p.maxref = r;
        char what[64];
        snprintf(what, sizeof what, "reference chains up to maxrefcount=%llu", (unsigned long long)r);
        round_trip(what, &g, &p, &st);
        ok(st.max_chain == r && st.blocks > 0, "  ... chains reach %llu, copy blocks used",
           (unsigned long long)r);
    }
    p = default_params();
    p.maxref = 1000; /* longer than the warm-up covers: threads must fall back */
    p.window = 1;
    round_trip("chains of 299 (window 1)", &g, &p, &st);
    ok(st.max_chain == 299, "  ... one chain runs through the graph");
    p = default_params();
    p.always_ref = 1; /* references to lists sharing nothing: a single skipped block */
    round_trip("references that copy nothing", &g, &p, NULL);
    adj_free(&g);

    struct adj r = random_graph(2000, 1);
    p = default_params();
    round_trip("random web-like graph, defaults", &r, &p, &st);
    ok(st.refs > 0 && st.intervals > 0 && st.residuals > 0, "  ... references, intervals, residuals all used");
    p.window = 0;
    round_trip("windowsize 0", &r, &p, &st);
    ok(st.refs == 0, "  ... no references");
    p = default_params();
    p.minint = 0;
    round_trip("minintervallength 0", &r, &p, &st);
    ok(st.intervals == 0, "  ... no intervals");
    p.minint = 2;
    round_trip("minintervallength 2", &r, &p, NULL);
    adj_free(&r);
}

static void test_codes(void)
{
    struct adj g = random_graph(400, 1);
    static const enum enc_code all[] = {E_UNARY, E_GAMMA, E_DELTA, E_ZETA, E_NIBBLE, E_GOLOMB};
    for (int part = 0; part < P_N; part++)
        for (size_t c = 0; c < sizeof all / sizeof all[0]; c++) {
            if (all[c] == enc_defaults[part])
                continue;
            if (part == P_OFFSETS && all[c] != E_DELTA)
                continue; /* offsets are gamma or delta */
            if ((part == P_RESIDUALS || part == P_INTERVALS) && all[c] == E_UNARY)
                continue; /* gaps of hundreds in unary: legal but pointless */
            struct enc_params p = default_params();
            p.code[part] = all[c];
            char what[96];
            snprintf(what, sizeof what, "%s_%s", enc_part_names[part], enc_code_names[all[c]]);
            round_trip(what, &g, &p, NULL);
        }
    for (unsigned k = 1; k <= 7; k += 3) {
        struct enc_params p = default_params();
        p.k = k;
        p.code[P_RESIDUALS] = E_ZETA;
        p.code[P_BLOCKS] = E_GOLOMB;
        char what[64];
        snprintf(what, sizeof what, "zetak=%u (residuals zeta, blocks Golomb)", k);
        round_trip(what, &g, &p, NULL);
    }
    adj_free(&g);
}

static void test_large_ids(void)
{
    uint64_t n = 3000000; /* ~3 Mbit of empty lists: the ids still need 22 bits */
    struct adj g = adj_new(n);
    uint64_t a[] = {n - 1}, b[] = {0, 1, n - 2, n - 1}, c[] = {0, n / 2, n - 1};
    adj_set(&g, 0, a, 1);
    adj_set(&g, n - 1, b, 4);
    adj_set(&g, n / 2, c, 3);
    adj_set(&g, n / 2 + 1, c, 3);
    struct enc_params p = default_params();
    round_trip("3M nodes, arcs to and from the last node", &g, &p, NULL);
    p.code[P_RESIDUALS] = E_DELTA;
    round_trip("3M nodes, residuals in delta", &g, &p, NULL);
    adj_free(&g);
}

/* webgraph-rs: version 1 names zeta codes with their k, and its BLOCKS code
   also codes the block counts. */
static void test_version1(void)
{
    struct adj g = random_graph(300, 1);
    char base[600];
    snprintf(base, sizeof base, "%s", tmp_base("v1"));
    struct enc_params p = default_params();
    p.k = 2;
    p.code[P_BLOCKS] = p.code[P_BLOCK_COUNT] = E_DELTA;
    encode_graph(base, &g, &p);
    char text[512];
    struct parse_result r;
    emogi_error err = {{0}};
    uint64_t arcs = 0;
    for (uint64_t x = 0; x < g.n; x++)
        arcs += g.deg[x];
    snprintf(text, sizeof text,
             "version=1\nendianness=big\nnodes=300\narcs=%llu\nwindowsize=7\nmaxrefcount=3\n"
             "minintervallength=4\ncompressionflags=BLOCKS_DELTA|RESIDUALS_ZETA2\n",
             (unsigned long long)arcs);
    write_bytes(base, ".properties", text, strlen(text));
    int rc = decode(base, 2, 1, &r, &err);
    ok(rc == 0 && matches_adj(&r.edges, &g), "version 1: RESIDUALS_ZETA2, BLOCKS_DELTA for counts too%s%s",
       rc ? ": " : "", rc ? err.msg : "");
    if (rc == 0)
        edge_list_free(&r.edges);
    text[8] = '0'; /* version=0 knows no ZETA2 */
    write_bytes(base, ".properties", text, strlen(text));
    rc = decode(base, 2, 1, &r, &err);
    ok(rc == -1 && strstr(err.msg, ":8: compression flag RESIDUALS_ZETA2 is not supported (version 0)"),
       "version 0: RESIDUALS_ZETA2 refused");
    if (rc == 0)
        edge_list_free(&r.edges);
    adj_free(&g);
}

/* ---- broken inputs ---- */

static void expect_error(const char *what, const char *base, int threads, const char *needle)
{
    struct parse_result r;
    emogi_error err = {{0}};
    int rc = decode(base, threads, 1, &r, &err);
    /* the needle may list alternatives as "a|b" */
    int found = 0;
    char alt[256];
    snprintf(alt, sizeof alt, "%s", needle);
    for (char *save = NULL, *a = strtok_r(alt, "|", &save); a; a = strtok_r(NULL, "|", &save))
        found |= strstr(err.msg, a) != NULL;
    ok(rc == -1 && found, "%s: refused with '%s'", what, needle);
    if (rc == -1 && !found)
        printf("# got: %s\n", err.msg);
    if (rc == 0)
        edge_list_free(&r.edges);
}

static void write_props(const char *base, const char *text)
{
    write_bytes(base, ".properties", text, strlen(text));
}

static void test_bad_properties(const struct adj *g)
{
    char base[600];
    snprintf(base, sizeof base, "%s", tmp_base("bad"));
    struct enc_params p = default_params();
    encode_graph(base, g, &p);
    static const struct {
        const char *props, *needle;
    } cases[] = {
        {"version=0\narcs=1\nwindowsize=7\nmaxrefcount=3\nminintervallength=4\n", "no nodes= key"},
        {"version=0\nnodes=12x\narcs=1\nwindowsize=7\nmaxrefcount=3\nminintervallength=4\n",
         ":2: nodes='12x' is not a non-negative integer"},
        {"nodes=400\narcs=1\nwindowsize=7\nmaxrefcount=3\nminintervallength=4\n", "no version= key"},
        {"version=2\nnodes=400\narcs=1\nwindowsize=7\nmaxrefcount=3\nminintervallength=4\n",
         "format version 2 is not supported"},
        {"version=0\nnodes=400\narcs=1\nwindowsize=7\nmaxrefcount=3\nminintervallength=4\n"
         "compressionflags=RESIDUALS_GOLOMB|FOO_GAMMA\n",
         "unknown compression flag 'FOO_GAMMA'"},
        {"version=0\nnodes=400\narcs=1\nwindowsize=7\nmaxrefcount=3\nminintervallength=4\n"
         "compressionflags=RESIDUALS_PI2\n",
         "compression flag RESIDUALS_PI2 is not supported"},
        {"version=0\nnodes=400\narcs=1\nwindowsize=7\nmaxrefcount=3\nminintervallength=4\n"
         "compressionflags=OFFSETS_ZETA\n",
         "compression flag OFFSETS_ZETA is not supported"},
        {"version=1\nendianness=little\nnodes=400\narcs=1\nwindowsize=7\nmaxrefcount=3\n"
         "minintervallength=4\n",
         "endianness=little is not supported"},
        {"version=0\ngraphclass=it.unimi.dsi.webgraph.EFGraph\nnodes=400\narcs=1\nwindowsize=7\n"
         "maxrefcount=3\nminintervallength=4\n",
         "graphclass it.unimi.dsi.webgraph.EFGraph is not a BVGraph"},
        {"version=0\nnodes=400\narcs=1\nwindowsize=7\nmaxrefcount=3\nminintervallength=4\nzetak=0\n",
         "zetak=0 is out of range"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        write_props(base, cases[i].props);
        char what[64];
        snprintf(what, sizeof what, "bad properties %zu", i + 1);
        expect_error(what, base, 1, cases[i].needle);
    }
    enc_properties(base, &p, g, 12345, NULL); /* everything right but the arc count */
    expect_error("wrong arcs=", base, 1, "arcs, but line 5 of the .properties says arcs=12345");
    uint64_t all = 0;
    for (uint64_t x = 0; x < g->n; x++)
        all += g->deg[x];
    enc_properties(base, &p, g, all - 1, NULL); /* one short: the list must not outgrow it */
    expect_error("arcs= one short, sequential", base, 1, "more arcs than the");
    p.window = 2; /* the stream refers up to 7 back */
    enc_properties(base, &p, g, all, NULL);
    expect_error("windowsize smaller than the stream's references", base, 1,
                 "is beyond the window size 2");
    expect_error("missing properties", tmp_base("nothing"), 1, "nothing.properties: No such file");
}

static void truncate_file(const char *base, const char *ext, uint64_t keep)
{
    char path[1024];
    snprintf(path, sizeof path, "%s%s", base, ext);
    if (truncate(path, (off_t)keep) != 0)
        perror(path);
}

static void test_broken_streams(const struct adj *g)
{
    char base[600];
    snprintf(base, sizeof base, "%s", tmp_base("cut")); /* tmp_base reuses its buffer */
    struct enc_params p = default_params();
    encode_graph(base, g, &p);
    truncate_file(base, ".graph", 1000);
    expect_error("truncated .graph, sequential", base, 1, "cut.graph: truncated at node");
    expect_error("truncated .graph, with offsets", base, 3, "cut.graph: truncated at node");

    encode_graph(base, g, &p);
    truncate_file(base, ".offsets", 100);
    expect_error("truncated .offsets", base, 3, "cut.offsets: truncated or corrupt after");
    /* 8 TB of offsets: refused from the size of .offsets before allocating them */
    write_props(base, "version=0\nnodes=1000000000000\narcs=1\nwindowsize=7\nmaxrefcount=3\n"
                      "minintervallength=4\n");
    expect_error("nodes= past what .offsets can hold", base, 3,
                 "cut.offsets: 100 bytes cannot hold the 1000000000001 offsets");

    /* offsets of another graph with as many nodes */
    struct adj other = random_graph(g->n, 0);
    encode_graph(tmp_base("other"), &other, &p);
    encode_graph(base, g, &p);
    char from[1024], to[1024];
    snprintf(from, sizeof from, "%s.offsets", tmp_base("other"));
    snprintf(to, sizeof to, "%s.offsets", base);
    rename(from, to);
    /* caught when the outdegrees read at the foreign offsets do not add up to
       arcs=, or else when a list does not end where the next offset says */
    expect_error("offsets of another graph", base, 3,
                 "cut.graph: decoded|cut.graph: node");
    adj_free(&other);

    /* the first list is "gamma(5) unary(0)" then intervals; make it claim
       a reference although it is node 0 */
    struct adj one = adj_new(3);
    uint64_t v[] = {1, 2};
    adj_set(&one, 0, v, 2);
    p.minint = 0;
    encode_graph(base, &one, &p);
    /* gamma(2) = 011, unary ref 0 = 1; turn the ref into unary 1 = 01 */
    static const uint8_t bad[] = {0x68, 0x00, 0x00}; /* 011 01 000 */
    write_bytes(base, ".graph", bad, sizeof bad);
    expect_error("reference before node 0", base, 1, "node 0: reference 1 points before node 0");
    adj_free(&one);
}

/* Random damage to a valid stream: refused or decoded, never out of range. */
static void test_damage(const struct adj *g)
{
    char base[600], gpath[700];
    snprintf(base, sizeof base, "%s", tmp_base("dmg"));
    snprintf(gpath, sizeof gpath, "%s.graph", base);
    struct enc_params p = default_params();
    encode_graph(base, g, &p);
    FILE *f = fopen(gpath, "rb");
    uint8_t *orig = malloc(1 << 20);
    size_t len = fread(orig, 1, 1 << 20, f);
    fclose(f);
    uint8_t *buf = malloc(len);
    int refused = 0, sane = 1;
    for (int round = 0; round < 300; round++) {
        memcpy(buf, orig, len);
        for (int k = 0; k <= round % 4; k++)
            buf[rnd(len)] ^= (uint8_t)(1u << rnd(8));
        write_bytes(base, ".graph", buf, len);
        struct parse_result r;
        emogi_error err = {{0}};
        if (decode(base, 1 + round % 3, round % 2, &r, &err) != 0) {
            refused++;
            continue;
        }
        for (uint64_t i = 0; i < r.edges.n; i++)
            sane &= r.edges.src[i] < g->n && r.edges.dst[i] < g->n;
        edge_list_free(&r.edges);
    }
    ok(sane, "300 damaged streams: every decoded id in range");
    ok(refused > 150, "  ... most of them refused (%d)", refused);
    free(buf);
    free(orig);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "%s/unit_webgraph.XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    test_cnr();
    test_small_cases();
    test_windows();
    test_codes();
    test_large_ids();
    test_version1();
    struct adj g = random_graph(400, 1);
    test_bad_properties(&g);
    test_broken_streams(&g);
    test_damage(&g);
    adj_free(&g);
    plan(tap_n);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        return 1;
    return done_testing();
}
