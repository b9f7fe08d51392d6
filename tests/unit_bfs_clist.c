/*
 * unit_bfs_clist.c - the CPU BFS on compressed neighbour lists gives the
 * very depths, and examines the very number of entries, that it does on
 * the plain lists of the same graph: random skewed graphs (hubs past
 * 1024 entries, so skip indexes exist), directed with their transpose
 * and undirected, 4- and 8-byte ids, top-down only, bottom-up only and
 * the direction-optimizing switch.  The plain search itself is checked
 * against an independent queue BFS (tests/unit_bfs.c does so at length).
 */
#include <stdlib.h>
#include <string.h>

#include "emogi_bfs.h"
#include "emogi_clist.h"
#include "tap.h"

static uint64_t rng;
static uint64_t next_rand(void)
{
    return tap_rand(&rng);
}

struct lists {
    uint64_t *off;
    void *ids;
};

/* CSR of the M arcs SRC->DST over NV vertices, lists sorted, WIDTH-byte ids. */
static struct lists build(const uint64_t *src, const uint64_t *dst, uint64_t m, uint64_t nv,
                          uint32_t width)
{
    struct lists l;
    uint64_t *tmp = malloc((m + 1) * 8), *pos = calloc(nv + 1, 8);
    l.off = calloc(nv + 1, 8);
    l.ids = malloc((m + 1) * width);
    for (uint64_t i = 0; i < m; i++)
        l.off[src[i] + 1]++;
    for (uint64_t v = 0; v < nv; v++)
        l.off[v + 1] += l.off[v];
    memcpy(pos, l.off, nv * 8);
    for (uint64_t i = 0; i < m; i++)
        tmp[pos[src[i]]++] = dst[i];
    for (uint64_t v = 0; v < nv; v++)
        qsort(tmp + l.off[v], l.off[v + 1] - l.off[v], 8, tap_cmp_u64);
    for (uint64_t i = 0; i < m; i++)
        if (width == 4)
            ((uint32_t *)l.ids)[i] = (uint32_t)tmp[i];
        else
            ((uint64_t *)l.ids)[i] = tmp[i];
    free(tmp);
    free(pos);
    return l;
}

/* A skewed random graph: sources and targets drawn towards low ids. */
static void make(struct emogi_graph *plain, struct emogi_graph *comp, uint64_t nv, uint64_t m,
                 int directed, uint32_t width, struct lists *keep)
{
    uint64_t n = directed ? m : 2 * m;
    uint64_t *src = malloc(n * 8), *dst = malloc(n * 8);
    for (uint64_t i = 0; i < m; i++) {
        uint64_t a = next_rand() % nv, b = next_rand() % nv;
        src[i] = a * (a % 7 == 0 ? 1 : next_rand() % 3 == 0 ? a : 1) % nv; /* some hubs */
        src[i] = next_rand() % 5 == 0 ? src[i] % 8 : src[i];
        dst[i] = b;
        if (!directed)
            src[m + i] = dst[i], dst[m + i] = src[i];
    }
    keep[0] = build(src, dst, n, nv, width);
    *plain = (struct emogi_graph){.nv = nv, .ne = n, .id_width = width,
                                  .flags = directed ? EMOGI_DIRECTED : 0,
                                  .offsets = keep[0].off, .neighbors = keep[0].ids};
    if (directed) {
        keep[1] = build(dst, src, n, nv, width);
        plain->flags |= EMOGI_TRANSPOSE;
        plain->t_offsets = keep[1].off;
        plain->t_neighbors = keep[1].ids;
    }
    free(src);
    free(dst);
    emogi_error err;
    uint64_t *coff, *tcoff = NULL;
    unsigned char *cb, *tcb = NULL;
    emogi_clist_compress(plain->offsets, plain->neighbors, width, nv, &coff, &cb, &err);
    if (directed)
        emogi_clist_compress(plain->t_offsets, plain->t_neighbors, width, nv, &tcoff, &tcb, &err);
    *comp = *plain;
    comp->flags |= EMOGI_COMPRESSED;
    comp->neighbors = comp->t_neighbors = NULL;
    comp->coffsets = coff, comp->cneighbors = cb;
    comp->t_coffsets = tcoff, comp->t_cneighbors = tcb;
}

static void release(struct emogi_graph *comp, struct lists *keep, int directed)
{
    free((void *)comp->coffsets), free((void *)comp->cneighbors);
    free((void *)comp->t_coffsets), free((void *)comp->t_cneighbors);
    for (int i = 0; i < 1 + directed; i++)
        free(keep[i].off), free(keep[i].ids);
}

/* Depths of an independent FIFO search over PLAIN's out-lists. */
static void reference(const struct emogi_graph *g, uint64_t s, uint32_t *depth)
{
    uint64_t *q = malloc(g->nv * 8), h = 0, t = 0;
    for (uint64_t v = 0; v < g->nv; v++)
        depth[v] = EMOGI_UNREACHED;
    depth[s] = 0, q[t++] = s;
    while (h < t) {
        uint64_t u = q[h++];
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
            uint64_t v = emogi_neighbor(g, e);
            if (depth[v] == EMOGI_UNREACHED)
                depth[v] = depth[u] + 1, q[t++] = v;
        }
    }
    free(q);
}

static int same_search(const struct emogi_graph *plain, const struct emogi_graph *comp,
                       uint64_t s, enum emogi_direction dir)
{
    uint64_t nv = plain->nv;
    uint32_t *a = malloc(nv * 4), *b = malloc(nv * 4), *r = malloc(nv * 4);
    struct emogi_bfs_opts o = {.direction = dir};
    struct emogi_bfs_stats sa = {0}, sb = {0};
    emogi_error err;
    int good = emogi_bfs_cpu_with(plain, s, &o, a, &sa, &err) == 0 &&
               emogi_bfs_cpu_with(comp, s, &o, b, &sb, &err) == 0;
    reference(plain, s, r);
    good = good && memcmp(a, r, nv * 4) == 0 && memcmp(a, b, nv * 4) == 0 &&
           sa.edges_examined == sb.edges_examined && sa.levels == sb.levels;
    free(a), free(b), free(r);
    return good;
}

int main(void)
{
    static const enum emogi_direction dirs[] = {EMOGI_DIR_PUSH, EMOGI_DIR_PULL, EMOGI_DIR_AUTO};
    static const char *const dir_names[] = {"top-down", "bottom-up", "direction-optimizing"};
    plan(12);
    for (int directed = 0; directed <= 1; directed++)
        for (uint32_t width = 4; width <= 8; width += 4) {
            struct emogi_graph plain, comp;
            struct lists keep[2];
            rng = 0x9e3779b97f4a7c15ull ^ (uint64_t)(directed * 2 + width);
            make(&plain, &comp, 20000, 120000, directed, width, keep);
            uint64_t hub = 0;
            for (uint64_t v = 0; v < plain.nv; v++)
                if (emogi_degree(&plain, v) > emogi_degree(&plain, hub))
                    hub = v;
            for (int d = 0; d < 3; d++) {
                int all = 1;
                for (uint64_t s = 0; s < 5; s++)
                    all &= same_search(&plain, &comp, s == 0 ? hub : next_rand() % plain.nv,
                                       dirs[d]);
                ok(all, "%s, %u-byte ids, hub degree %llu: %s on compressed lists = plain",
                   directed ? "directed" : "undirected", width,
                   (unsigned long long)emogi_degree(&plain, hub), dir_names[d]);
            }
            release(&comp, keep, directed);
        }
    return done_testing();
}
