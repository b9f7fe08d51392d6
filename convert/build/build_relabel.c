/*
 * build_relabel.c - --relabel: compact the used input ids to 0..n-1.
 *
 * Compact ids keep the order of input ids, so the map stored in the file
 * is ascending and a reader can binary-search it.  When the id space is
 * not much larger than the edge count a bitmap with per-word ranks does it
 * in two streaming passes; sparse 64-bit ids (hashes, URLs' numbers) fall
 * back to sorting the endpoints, which costs one copy of them.
 */
#include <stdlib.h>
#include <string.h>

#include "build.h"

/* A bitmap of nv bits costs nv/8 bytes; the sort path costs 16 bytes per
 * edge.  Prefer the bitmap while it is no larger. */
#define BITMAP_BITS_PER_EDGE 128

static uint64_t rank_of(const uint64_t *bits, const uint64_t *rank, uint64_t id)
{
    uint64_t w = id >> 6, below = bits[w] & ((1ull << (id & 63)) - 1);
    return rank[w] + (uint64_t)__builtin_popcountll(below);
}

static int relabel_bitmap(struct edge_list *e, uint64_t nv, uint64_t **idmap, uint64_t *n,
                          emogi_error *err)
{
    uint64_t words = (nv + 63) / 64;
    uint64_t *bits = calloc(words ? words : 1, sizeof *bits);
    uint64_t *rank = malloc((words + 1) * sizeof *rank);
    if (!bits || !rank) {
        free(bits);
        free(rank);
        return emogi_fail(err, "out of memory for the relabel bitmap of %llu ids",
                          (unsigned long long)nv);
    }
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < e->n; i++) {
        __atomic_fetch_or(&bits[e->src[i] >> 6], 1ull << (e->src[i] & 63), __ATOMIC_RELAXED);
        __atomic_fetch_or(&bits[e->dst[i] >> 6], 1ull << (e->dst[i] & 63), __ATOMIC_RELAXED);
    }
    uint64_t total = 0;
    for (uint64_t w = 0; w < words; w++) {
        rank[w] = total;
        total += (uint64_t)__builtin_popcountll(bits[w]);
    }
    rank[words] = total;
    uint64_t *map = malloc((total ? total : 1) * sizeof *map);
    if (!map) {
        free(bits);
        free(rank);
        return emogi_fail(err, "out of memory for the id map of %llu vertices",
                          (unsigned long long)total);
    }
#pragma omp parallel for schedule(static)
    for (uint64_t w = 0; w < words; w++) {
        uint64_t r = rank[w];
        for (uint64_t b = bits[w]; b; b &= b - 1)
            map[r++] = w * 64 + (uint64_t)__builtin_ctzll(b);
    }
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < e->n; i++) {
        e->src[i] = rank_of(bits, rank, e->src[i]);
        e->dst[i] = rank_of(bits, rank, e->dst[i]);
    }
    free(bits);
    free(rank);
    *idmap = map;
    *n = total;
    return 0;
}

static uint64_t find_id(const uint64_t *map, uint64_t n, uint64_t id)
{
    uint64_t lo = 0, hi = n; /* map[lo..hi) holds id */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (map[mid] <= id)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static int relabel_sorted(struct edge_list *e, uint64_t **idmap, uint64_t *n, emogi_error *err)
{
    uint64_t m = 2 * e->n;
    uint64_t *ids = malloc((m ? m : 1) * sizeof *ids);
    if (!ids)
        return emogi_fail(err, "out of memory sorting %llu ids for --relabel",
                          (unsigned long long)m);
    memcpy(ids, e->src, e->n * sizeof *ids);
    memcpy(ids + e->n, e->dst, e->n * sizeof *ids);
    sort_u64(ids, m);
    uint64_t u = 0;
    for (uint64_t i = 0; i < m; i++)
        if (u == 0 || ids[i] != ids[u - 1])
            ids[u++] = ids[i];
    uint64_t *map = realloc(ids, (u ? u : 1) * sizeof *map);
    if (!map)
        map = ids;
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < e->n; i++) {
        e->src[i] = find_id(map, u, e->src[i]);
        e->dst[i] = find_id(map, u, e->dst[i]);
    }
    *idmap = map;
    *n = u;
    return 0;
}

int build_relabel_by_bitmap(uint64_t nv, uint64_t edges)
{
    return nv / BITMAP_BITS_PER_EDGE <= edges || nv <= (1ull << 24);
}

int build_relabel(struct edge_list *e, uint64_t nv, uint64_t **idmap, uint64_t *n,
                  emogi_error *err)
{
    if (build_relabel_by_bitmap(nv, e->n))
        return relabel_bitmap(e, nv, idmap, n, err);
    return relabel_sorted(e, idmap, n, err);
}
