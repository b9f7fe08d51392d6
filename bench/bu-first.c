/*
 * bu-first.c - how many of a bottom-up level's vertices one stored
 * neighbour would settle, from a BFS's depths: the question behind
 * keeping one in-neighbour id per vertex in GPU memory.
 *
 * A bottom-up level from the frontier at depth L visits every vertex not
 * yet reached that has in-edges, and each reads its in-list (over the
 * link, one 128-byte line at least) until it meets the frontier.  With
 * one in-neighbour of each vertex kept in device memory, a vertex whose
 * kept neighbour lies in the frontier is settled without any read of its
 * list.  For each level this prints the vertices such a level visits,
 * those it finds, and those the kept neighbour would settle when it is
 * the list's first entry (free to pick: the head of the list), its
 * neighbour of most out-edges (a pass over every list to pick), or the
 * one the loader keeps (emogi_lists_firsts: of the first 32 entries, the
 * one whose own in-list is longest).
 *
 * A vertex v is visited at level L when depth(v) > L (unreached: always)
 * and its in-list is not empty.  Its kept neighbour u settles it at the
 * level L = depth(u) exactly when depth(v) = depth(u) + 1: at any other
 * level u is not in the frontier, or v was reached already.
 *
 * usage: bu-first [--lines | --reads] GRAPH DEPTHS  (DEPTHS: emogi-bfs -o, uint32
 * a vertex)
 * Output: "level visited found first top kept" lines, one for every level
 * that finds a vertex, then "levels N" (the deepest depth + 1).
 *
 * --lines: instead, what the vertices the kept neighbour leaves (every
 * visited vertex it does not settle) ask of the link to test their
 * heads, the lines holding a list's first 32 entries (plain) or its
 * first block (compressed): "level left lines warp_lines", LINES each
 * vertex's counted on their own, WARP_LINES the distinct lines of 32
 * consecutive vertices' heads, about what the kernels ask (a warp keeps
 * its last line, or its compressed window, from one vertex to the next:
 * kernels/cuda/bfs_pull.cuh, clist.cuh).  A vertex whose parent lies
 * past its head asks for more, the same either way, and is not counted.
 * Plain against compressed: how many requests compression saves a
 * bottom-up level.
 *
 * --reads: instead, what a level's tests read: "level visited read most",
 * READ the in-list entries its visited vertices test (each up to its first
 * parent in the frontier, or all of them), MOST the most one vertex tests.
 * Few vertices reading few entries leave the level's time to its sweep
 * over the vertices (bench/journal/2026-11-28-the-bottom-up-bitmap-kept.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_bfs.h"
#include "emogi_clist.h"
#include "emogi_csr.h"

static void die(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "bu-first: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    exit(1);
}

/* The bytes of each list's head in its edge array: [LO[v], HI[v]). */
static void heads(const struct emogi_lists *in, const struct emogi_graph *g, uint64_t *lo,
                  uint64_t *hi, const char *name)
{
    for (uint64_t v = 0; v < g->nv; v++) {
        const uint64_t d = in->off[v + 1] - in->off[v];
        if (!in->coff) {
            lo[v] = in->off[v] * in->width;
            hi[v] = (in->off[v] + (d < EMOGI_CLIST_BLOCK ? d : EMOGI_CLIST_BLOCK)) * in->width;
            continue;
        }
        struct emogi_clist_iter it;
        uint64_t ids[EMOGI_CLIST_BLOCK];
        emogi_clist_iter_init(&it, in->cbytes + in->coff[v], in->coff[v + 1] - in->coff[v], d, v);
        lo[v] = hi[v] = in->coff[v] + it.pos; /* past the skip index */
        if (d && emogi_clist_next(&it, ids) < 0)
            die("%s: %s", name, "a corrupt compressed list");
        hi[v] = in->coff[v] + it.pos;
    }
}

/* --lines: per level, the vertices visited and not settled by KEEP,
 * their head lines counted one by one, and the distinct head lines of
 * each 32 consecutive vertices (a warp's). */
static void lines(const struct emogi_lists *in, const struct emogi_graph *g,
                  const uint32_t *depth, const uint64_t *keep, uint32_t levels, const char *name)
{
    uint64_t *lo = malloc(g->nv ? g->nv * 8 : 1), *hi = malloc(g->nv ? g->nv * 8 : 1);
    if (!lo || !hi)
        die("%s%s", "out of memory", "");
    heads(in, g, lo, hi, name);
    printf("level\tleft\tlines\twarp_lines\n");
    for (uint32_t l = 0; l + 1 < levels; l++) {
        uint64_t left = 0, each = 0, warp = 0, last = UINT64_MAX; /* the warp's last line */
        for (uint64_t v = 0; v < g->nv; v++) {
            if ((v & 31) == 0)
                last = UINT64_MAX;
            const uint32_t dv = depth[v];
            if (in->off[v + 1] == in->off[v] || (dv != EMOGI_UNREACHED && dv <= l))
                continue; /* not visited at l */
            if (dv == l + 1 && depth[keep[v]] == l)
                continue; /* settled by the kept neighbour */
            const uint64_t a = lo[v] / 128, b = (hi[v] + 127) / 128; /* lines [a, b) */
            left++;
            each += b - a;
            const uint64_t from = last != UINT64_MAX && last >= a ? last + 1 : a;
            warp += b > from ? b - from : 0;
            if (b > 0 && (last == UINT64_MAX || b - 1 > last))
                last = b - 1;
        }
        printf("%u\t%llu\t%llu\t%llu\n", l, (unsigned long long)left, (unsigned long long)each,
               (unsigned long long)warp);
    }
    free(lo), free(hi);
}

/* --reads: per level, the vertices visited, the entries they test and the
 * most one tests. */
static void reads(const struct emogi_lists *in, const struct emogi_graph *g,
                  const uint32_t *depth, uint32_t levels, const char *name)
{
    uint64_t ids[EMOGI_CLIST_BLOCK];
    printf("level\tvisited\tread\tmost\n");
    for (uint32_t l = 0; l + 1 < levels; l++) {
        uint64_t visited = 0, read = 0, most = 0;
        for (uint64_t v = 0; v < g->nv; v++) {
            const uint32_t dv = depth[v];
            if (in->off[v + 1] == in->off[v] || (dv != EMOGI_UNREACHED && dv <= l))
                continue; /* not visited at l */
            struct emogi_list_reader r;
            uint64_t k = 0;
            int n = 0, hit = 0;
            emogi_list_open(&r, in, v);
            while (!hit && (n = emogi_list_next(&r, ids)) > 0)
                for (int i = 0; i < n && !hit; i++, k++)
                    hit = depth[ids[i]] == l;
            if (!hit && n < 0)
                die("%s: %s", name, "a corrupt compressed list");
            visited++;
            read += k;
            most = k > most ? k : most;
        }
        printf("%u\t%llu\t%llu\t%llu\n", l, (unsigned long long)visited,
               (unsigned long long)read, (unsigned long long)most);
    }
}

int main(int argc, char **argv)
{
    struct emogi_graph g;
    emogi_error err;
    const int by_lines = argc == 4 && !strcmp(argv[1], "--lines");
    const int by_reads = argc == 4 && !strcmp(argv[1], "--reads");
    if (by_lines || by_reads)
        argv++, argc--;
    if (argc != 3)
        die("usage: bu-first [--lines | --reads] GRAPH DEPTHS%s%s", "", "");
    if (emogi_csr_open(argv[1], &g, &err) < 0)
        die("%s%s", err.msg, "");
    const int has_in = !(g.flags & EMOGI_DIRECTED) || (g.flags & EMOGI_TRANSPOSE);
    if (!has_in)
        die("%s: %s", argv[1], "a directed graph without its transpose has no in-lists");
    const struct emogi_lists in = (g.flags & EMOGI_DIRECTED) ? emogi_lists_transpose(&g)
                                                             : emogi_lists_out(&g);
    uint32_t *depth = malloc(g.nv ? g.nv * sizeof *depth : 1);
    FILE *f = fopen(argv[2], "rb");
    if (!depth || !f)
        die("%s: %s", argv[2], f ? "out of memory" : "cannot open");
    if (fread(depth, sizeof *depth, g.nv, f) != g.nv || fgetc(f) != EOF)
        die("%s: not %s uint32 depths", argv[2], argv[1]);
    fclose(f);

    /* levels: the deepest depth + 1; per depth d: vertices at d with
     * in-edges (visited), and the settled ones found from depth d - 1 */
    uint32_t levels = 0;
    for (uint64_t v = 0; v < g.nv; v++)
        if (depth[v] != EMOGI_UNREACHED && depth[v] + 1 > levels)
            levels = depth[v] + 1;
    uint64_t *at = calloc((size_t)levels + 1, sizeof *at), *first = calloc(levels + 1, sizeof *first),
             *top = calloc(levels + 1, sizeof *top), *found = calloc(levels + 1, sizeof *found),
             *kept = calloc(levels + 1, sizeof *kept), *keep = malloc(g.nv ? g.nv * 8 : 1);
    uint64_t never = 0; /* unreached with in-edges: visited at every level */
    uint64_t ids[EMOGI_CLIST_BLOCK];
    if (!at || !first || !top || !found || !kept || !keep)
        die("%s%s", "out of memory", "");
    if (emogi_lists_firsts(&in, g.nv, 8, NULL, 0, keep) < 0)
        die("%s: %s", argv[1], "a corrupt compressed list");
    if (by_lines || by_reads) {
        if (by_lines)
            lines(&in, &g, depth, keep, levels, argv[1]);
        else
            reads(&in, &g, depth, levels, argv[1]);
        free(at), free(first), free(top), free(found), free(kept), free(keep), free(depth);
        emogi_csr_close(&g);
        return 0;
    }
    for (uint64_t v = 0; v < g.nv; v++) {
        const uint32_t dv = depth[v];
        if (dv != EMOGI_UNREACHED && dv > 0)
            found[dv - 1]++;
        struct emogi_list_reader r;
        emogi_list_open(&r, &in, v);
        uint64_t head = 0, best = 0, most = 0;
        int n, any = 0;
        while ((n = emogi_list_next(&r, ids)) > 0)
            for (int i = 0; i < n; i++) {
                const uint64_t u = ids[i], du = emogi_degree(&g, u);
                if (!any || du > most)
                    best = u, most = du;
                if (!any)
                    head = u;
                any = 1;
            }
        if (n < 0)
            die("%s: %s", argv[1], "a corrupt compressed list");
        if (!any)
            continue;
        if (dv == EMOGI_UNREACHED) {
            never++;
            continue;
        }
        at[dv]++;
        if (dv > 0 && depth[head] == dv - 1)
            first[dv - 1]++;
        if (dv > 0 && depth[best] == dv - 1)
            top[dv - 1]++;
        if (dv > 0 && depth[keep[v]] == dv - 1)
            kept[dv - 1]++;
    }
    /* visited at L: in-edges and depth > L, the unreached included */
    uint64_t later = never;
    for (uint32_t d = levels; d-- > 0;) {
        const uint64_t visited = later; /* depth > d */
        later += at[d];
        at[d] = visited;
    }
    printf("level\tvisited\tfound\tfirst\ttop\tkept\n");
    for (uint32_t l = 0; l < levels; l++)
        if (found[l])
            printf("%u\t%llu\t%llu\t%llu\t%llu\t%llu\n", l, (unsigned long long)at[l],
                   (unsigned long long)found[l], (unsigned long long)first[l],
                   (unsigned long long)top[l], (unsigned long long)kept[l]);
    printf("levels %u\n", levels);
    free(at), free(first), free(top), free(found), free(kept), free(keep), free(depth);
    emogi_csr_close(&g);
    return 0;
}
