/*
 * unit_partition.c - the balanced split (emogi_partition) on offsets
 * worked by hand, on random offsets against its stated bounds, and past
 * 2^32 edges and 2^40 vertices through its function form (no graph is
 * built: the split reads only offsets); and the part section of a .csr
 * (emogi_csr_part): written, opened, refused when inconsistent.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emogi_csr.h"
#include "tap.h"

typedef unsigned __int128 u128;

static char dir[256];

static const char *path_of(const char *name)
{
    static char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return p;
}

static int split_is(const uint64_t *off, uint64_t nv, uint32_t n, const uint64_t *want,
                    const char *what)
{
    uint64_t got[16];
    emogi_error err;
    int same = emogi_partition(off, nv, n, got, &err) == 0;
    for (uint32_t k = 0; same && k <= n; k++)
        same = got[k] == want[k];
    if (!ok(same, "%s", what))
        for (uint32_t k = 0; k <= n; k++)
            printf("# split[%u] = %llu, want %llu\n", k, (unsigned long long)got[k],
                   (unsigned long long)want[k]);
    return same;
}

/* W(v) = v + off[v]: 0 3 5 7 10 11 13 14; total 14. */
static void test_by_hand(void)
{
    static const uint64_t off[] = {0, 2, 3, 4, 6, 6, 7, 7};
    /* targets floor(14k/3) = 4, 9: first W >= 4 is v=2, first W >= 9 is v=4 */
    split_is(off, 7, 3, (const uint64_t[]){0, 2, 4, 7}, "7 vertices, 3 parts: 0 2 4 7");
    split_is(off, 7, 1, (const uint64_t[]){0, 7}, "one part is the whole graph");
    /* target 7: W(3) = 7 */
    split_is(off, 7, 2, (const uint64_t[]){0, 3, 7}, "2 parts: W(3) = 7 is half of 14");
    split_is(off, 7, 7, (const uint64_t[]){0, 1, 2, 3, 4, 5, 6, 7},
             "as many parts as vertices: one vertex each");
    /* 8 parts > 7 vertices: targets floor(14k/8) = 1 3 5 7 8 10 12 -> 1 1 2 3 4 4 6 */
    split_is(off, 7, 8, (const uint64_t[]){0, 1, 1, 2, 3, 4, 4, 6, 7},
             "more parts than vertices: empty parts where the weight says");
    /* a star: vertex 0 holds 1000 edges of 1000, 5 vertices; total 1005,
     * targets 335 and 670 both reached at v=1: the second moves to 2 */
    static const uint64_t star[] = {0, 1000, 1000, 1000, 1000, 1000};
    split_is(star, 5, 3, (const uint64_t[]){0, 1, 2, 5}, "a star's hub alone, no empty part");
    split_is(star, 5, 5, (const uint64_t[]){0, 1, 2, 3, 4, 5}, "a star in 5 parts");
    static const uint64_t none[] = {0};
    split_is(none, 0, 2, (const uint64_t[]){0, 0, 0}, "no vertices: every part empty");
    uint64_t s[2];
    emogi_error err;
    ok(emogi_partition(off, 7, 0, s, &err) < 0 && strstr(err.msg, "not 0"),
       "0 parts refused (%s)", err.msg);
}

/* The stated bounds of SPLIT over offsets OFF_AT: covers 0..nv in order,
 * no empty part when n <= nv, no part over ceil(total/n) + max degree. */
static int bounds_hold(uint64_t (*off_at)(const void *, uint64_t), const void *ctx, uint64_t nv,
                       uint32_t n, const uint64_t *split, uint64_t maxdeg)
{
    u128 total = (u128)nv + off_at(ctx, nv), share = (total + n - 1) / n;
    if (split[0] != 0 || split[n] != nv)
        return 0;
    for (uint32_t k = 0; k < n; k++) {
        if (split[k + 1] < split[k] || (n <= nv && split[k + 1] == split[k]))
            return 0;
        u128 w = (u128)(split[k + 1] - split[k]) + off_at(ctx, split[k + 1]) -
                 off_at(ctx, split[k]);
        if (w > share + maxdeg)
            return 0;
    }
    return 1;
}

static uint64_t array_at(const void *ctx, uint64_t v)
{
    return ((const uint64_t *)ctx)[v];
}

static void test_random(void)
{
    uint64_t state = 12345, off[2001], split[41];
    int good = 1;
    emogi_error err;
    for (int round = 0; round < 200 && good; round++) {
        uint64_t nv = 1 + tap_rand(&state) % 2000, maxdeg = 0;
        off[0] = 0;
        for (uint64_t v = 0; v < nv; v++) {
            /* mostly small degrees, now and then a hub */
            uint64_t d = tap_rand(&state) % 50 == 0 ? tap_rand(&state) % 100000
                                                    : tap_rand(&state) % 8;
            off[v + 1] = off[v] + d;
            maxdeg = d > maxdeg ? d : maxdeg;
        }
        for (uint32_t n = 1; n <= 40 && good; n++)
            good = emogi_partition(off, nv, n, split, &err) == 0 &&
                   bounds_hold(array_at, off, nv, n, split, maxdeg);
    }
    ok(good, "200 random graphs, 1 to 40 parts: ranges cover, none empty, none over its "
             "share plus the largest degree");
}

/* 1000 vertices of 2^33 edges each: W(v) = v (1 + 2^33), so part k starts
 * at ceil(floor(k total / n) / (1 + 2^33)). */
static void test_past_2_32_edges(void)
{
    static uint64_t off[1001];
    uint64_t split[8], per = (uint64_t)1 << 33;
    int good = 1;
    emogi_error err;
    for (uint64_t v = 0; v <= 1000; v++)
        off[v] = v * per;
    ok(emogi_partition(off, 1000, 7, split, &err) == 0, "8.6e12 edges: split");
    u128 total = (u128)1000 * (per + 1);
    for (uint32_t k = 0; k <= 7; k++) {
        u128 t = total * k / 7;
        good &= split[k] == (uint64_t)((t + per) / (per + 1));
    }
    ok(good, "8.6e12 edges in 7 parts: starts at ceil(floor(k total / 7) / (1 + 2^33))");
}

/* 2^40 vertices of degree 3, as a function: W(v) = 4v. */
static uint64_t degree3(const void *ctx, uint64_t v)
{
    (void)ctx;
    return 3 * v;
}

/* 2^40 vertices of degree 1, but vertex 2^39 holds 2^50 more edges. */
static uint64_t one_hub(const void *ctx, uint64_t v)
{
    (void)ctx;
    uint64_t hub = (uint64_t)1 << 39;
    return v + (v > hub ? (uint64_t)1 << 50 : 0);
}

static void test_function_form(void)
{
    uint64_t nv = (uint64_t)1 << 40, split[1001];
    emogi_error err;
    int good = emogi_partition_fn(degree3, NULL, nv, 1000, split, &err) == 0;
    for (uint32_t k = 0; good && k <= 1000; k++)
        good = split[k] == (uint64_t)(((u128)4 * nv * k / 1000 + 3) / 4);
    ok(good, "2^40 vertices of degree 3 in 1000 parts: starts at ceil(floor(4 nv k / 1000) / 4)");
    good = emogi_partition_fn(one_hub, NULL, nv, 1000, split, &err) == 0 &&
           bounds_hold(one_hub, NULL, nv, 1000, split, ((uint64_t)1 << 50) + 1);
    ok(good, "2^40 vertices with a 2^50-edge hub in 1000 parts: bounds hold");
    /* the hub outweighs a share: the next target falls inside its list,
     * so a part ends right after it and none holds it with what follows */
    uint64_t hub = (uint64_t)1 << 39;
    int cut = 0;
    for (uint32_t k = 0; k <= 1000; k++)
        cut |= split[k] == hub + 1;
    ok(cut, "a part ends right after the 2^50-edge hub");
}

/* ---- the part section ---- */

/* The whole graph: 0->1 0->2 1->2 2->0 3->1 3->2 (4 vertices, 6 edges);
 * part 1 of 2 holds vertices 2 and 3: out 2->0 3->1 3->2, in 0->2 1->2 3->2. */
static void part_graph(struct emogi_graph *g)
{
    static const uint64_t off[] = {0, 1, 3}, t_off[] = {0, 3, 3};
    static const uint32_t nbr[] = {0, 1, 2}, t_nbr[] = {0, 1, 3};
    *g = (struct emogi_graph){.nv = 2, .ne = 3, .flags = EMOGI_DIRECTED | EMOGI_TRANSPOSE | EMOGI_PART,
                              .id_width = 4, .offsets = off, .neighbors = nbr,
                              .t_offsets = t_off, .t_neighbors = t_nbr};
    g->part = (struct emogi_part){.index = 1, .count = 2, .first = 2, .end = 4, .nv = 4,
                                  .ne = 6, .edge_first = 3, .t_ne = 3, .t_edge_first = 3};
}

static void test_part_section(void)
{
    struct emogi_graph g, h;
    struct emogi_part p;
    emogi_error err;
    part_graph(&g);
    ok(emogi_csr_write(path_of("p1.csr"), &g, &err) == 0,
       "a part whose ids pass its own vertex count: written (%s)", err.msg);
    int opened = emogi_csr_open(path_of("p1.csr"), &h, &err) == 0;
    ok(opened, "and opened (%s)", err.msg);
    if (opened) {
        ok(emogi_is_part(&h) && emogi_csr_part(&h, &p) == 1 && p.index == 1 && p.count == 2 &&
               p.first == 2 && p.end == 4 && p.nv == 4 && p.ne == 6 && p.edge_first == 3 &&
               p.t_ne == 3 && p.t_edge_first == 3,
           "emogi_csr_part gives the section back");
        ok(emogi_csr_verify(&h, &err) == 0, "its checksums hold (%s)", err.msg);
        emogi_csr_close(&h);
    }
    static const uint64_t off[] = {0, 2, 3, 3};
    static const uint32_t nbr[] = {1, 2, 2};
    g = (struct emogi_graph){.nv = 3, .ne = 3, .flags = EMOGI_DIRECTED, .id_width = 4,
                             .offsets = off, .neighbors = nbr};
    ok(emogi_csr_part(&g, &p) == 0 && p.index == 0 && p.count == 1 && p.first == 0 &&
           p.end == 3 && p.nv == 3 && p.ne == 3 && p.t_ne == 0,
       "a whole graph is part 0 of 1 covering it");

    part_graph(&g);
    g.neighbors = (const uint32_t[]){0, 1, 4};
    ok(emogi_csr_write(path_of("bad1.csr"), &g, &err) < 0 && strstr(err.msg, "is 4, not below 4"),
       "an id past the whole graph's count refused (%s)", err.msg);
    part_graph(&g);
    g.part.index = 2;
    ok(emogi_csr_write(path_of("bad2.csr"), &g, &err) < 0 && strstr(err.msg, "part index"),
       "index past the count refused (%s)", err.msg);
    part_graph(&g);
    g.part.end = 3;
    ok(emogi_csr_write(path_of("bad3.csr"), &g, &err) < 0 && strstr(err.msg, "do not make"),
       "a range not the file's vertex count refused (%s)", err.msg);
    part_graph(&g);
    g.part.count = 3; /* not the last part, which must end the in-edges */
    g.part.t_ne = 2;
    ok(emogi_csr_write(path_of("bad4.csr"), &g, &err) < 0 && strstr(err.msg, "t_offsets"),
       "in-edges that disagree with t_offsets refused (%s)", err.msg);
    part_graph(&g);
    g.part.edge_first = 2;
    ok(emogi_csr_write(path_of("bad5.csr"), &g, &err) < 0 && strstr(err.msg, "last part"),
       "a last part that does not end the edges refused (%s)", err.msg);
    part_graph(&g);
    g.part.nv = 5000000000ull, g.part.first = g.part.nv - 2, g.part.end = g.part.nv;
    ok(emogi_csr_write(path_of("bad6.csr"), &g, &err) < 0 &&
           strstr(err.msg, ".csr: 5000000000 vertices do not fit 4-byte ids (at most 4294967295)"),
       "a whole graph past 4-byte ids refused, the limit stated (%s)", err.msg);
    ok(access(path_of("bad1.csr"), F_OK) != 0 && access(path_of("bad5.csr"), F_OK) != 0,
       "refused parts leave no file");
}

/* A part section damaged on disk is refused by opening, not only by --verify. */
static void test_damaged_section(void)
{
    struct emogi_graph g;
    emogi_error err;
    uint64_t off = 0;
    if (emogi_csr_open(path_of("p1.csr"), &g, &err) < 0) {
        ok(0, "reopen p1.csr (%s)", err.msg);
        return;
    }
    for (uint32_t i = 0; i < g.nsections; i++)
        if (g.sections[i].type == EMOGI_SEC_PART)
            off = g.sections[i].offset;
    emogi_csr_close(&g);
    int fd = open(path_of("p1.csr"), O_WRONLY);
    uint32_t count = 1; /* part 1 of 1 */
    ok(fd >= 0 && pwrite(fd, &count, 4, (off_t)off + 4) == 4, "damage the part count");
    close(fd);
    ok(emogi_csr_open(path_of("p1.csr"), &g, &err) < 0 && strstr(err.msg, "part index 1 of 1") &&
           strstr(err.msg, "p1.csr"),
       "opening names the file and the bad index (%s)", err.msg);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/unit_partition.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    plan(29);
    test_by_hand();
    test_random();
    test_past_2_32_edges();
    test_function_form();
    test_part_section();
    test_damaged_section();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        return 1;
    return done_testing();
}
