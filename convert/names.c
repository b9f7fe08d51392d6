/*
 * names.c - the table of --string-ids names (names.h).  One table for the
 * whole input, filled by one parsing thread: the ids it hands out must not
 * depend on how the input was cut.  The hash is FNV-1a over the bytes;
 * the table doubles at half load.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory.h"
#include "names.h"

static uint64_t hash_bytes(const char *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
    return h ^ (h >> 29);
}

static uint64_t name_len(const struct name_table *t, uint64_t id)
{
    return (id + 1 < t->n ? t->start[id + 1] : t->nbytes) - t->start[id];
}

uint64_t names_held(const struct name_table *t)
{
    /* now: bytes, starts, slots; names_finish() adds a sorted copy of the
     * bytes, the order, the ranks and the offsets (the slots go first) */
    return mem_add(mem_mul(2, t->bytes_cap),
                   mem_add(mem_mul(8, t->start_cap), mem_mul(32, t->n + 1)));
}

static int grow(void **p, uint64_t *cap, uint64_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    uint64_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)(c * elem));
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

static int rehash(struct name_table *t)
{
    uint64_t ns = t->nslots ? t->nslots * 2 : 4096;
    uint64_t *s = calloc((size_t)ns, sizeof *s);
    if (!s)
        return -1;
    for (uint64_t id = 0; id < t->n; id++) {
        uint64_t h = hash_bytes(t->bytes + t->start[id], (size_t)name_len(t, id)) & (ns - 1);
        while (s[h])
            h = (h + 1) & (ns - 1);
        s[h] = id + 1;
    }
    free(t->slots);
    t->slots = s;
    t->nslots = ns;
    return 0;
}

/* Copy the token into the arena, collapsing "" when UNQUOTE. */
static size_t put_token(struct name_table *t, const char *p, size_t len, int unquote)
{
    char *o = t->bytes + t->nbytes;
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        o[k++] = p[i];
        if (unquote && p[i] == '"' && i + 1 < len && p[i + 1] == '"')
            i++;
    }
    return k;
}

static int fail_memory(const struct name_table *t, char *msg, size_t cap)
{
    char a[32], b[32];
    snprintf(msg, cap, "string ids: %llu names so far need %s, over --memory %s; raise "
                       "--memory (string ids are not relabelled out of core)",
             (unsigned long long)t->n, memory_str(names_held(t), a, sizeof a),
             memory_str(t->memory, b, sizeof b));
    return -1;
}

int names_intern(struct name_table *t, const char *p, size_t len, int unquote, uint64_t *id,
                 char *msg, size_t cap)
{
    if ((t->n + 1) * 2 > t->nslots && rehash(t))
        return snprintf(msg, cap, "out of memory for the string id table"), -1;
    if (grow((void **)&t->bytes, &t->bytes_cap, t->nbytes + len, 1) ||
        grow((void **)&t->start, &t->start_cap, t->n + 1, sizeof *t->start))
        return snprintf(msg, cap, "out of memory for the string id table"), -1;
    if (t->memory && mem_add(names_held(t), mem_mul(8, t->nslots)) > t->memory)
        return fail_memory(t, msg, cap);
    size_t k = put_token(t, p, len, unquote);
    const char *s = t->bytes + t->nbytes;
    uint64_t h = hash_bytes(s, k) & (t->nslots - 1);
    for (; t->slots[h]; h = (h + 1) & (t->nslots - 1)) {
        uint64_t c = t->slots[h] - 1;
        if (name_len(t, c) == k && memcmp(t->bytes + t->start[c], s, k) == 0) {
            *id = c;
            return 0;
        }
    }
    t->start[t->n] = t->nbytes;
    t->nbytes += k;
    t->slots[h] = t->n + 1;
    *id = t->n++;
    return 0;
}

static const struct name_table *sort_table; /* qsort has no context argument */

static int compare_ids(const void *a, const void *b)
{
    const struct name_table *t = sort_table;
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    uint64_t lx = name_len(t, x), ly = name_len(t, y);
    int c = memcmp(t->bytes + t->start[x], t->bytes + t->start[y], lx < ly ? lx : ly);
    return c ? c : (lx > ly) - (lx < ly);
}

int names_finish(struct name_table *t, struct edge_list *e, uint64_t **offsets, char **blob,
                 emogi_error *err)
{
    /* The edges renumber in place as 64-bit ids (the gathering buffer may
     * have narrowed them, edges.h). */
    if (edge_list_widen(e, err)) {
        names_free(t);
        return -1;
    }
    free(t->slots);
    t->slots = NULL, t->nslots = 0;
    uint64_t n = t->n;
    uint64_t *order = malloc((n + 1) * sizeof *order), *rank = malloc((n + 1) * sizeof *rank);
    uint64_t *off = malloc((n + 1) * sizeof *off);
    char *out = malloc(t->nbytes ? t->nbytes : 1);
    if (!order || !rank || !off || !out) {
        free(order), free(rank), free(off), free(out);
        names_free(t);
        return emogi_fail(err, "out of memory sorting %llu string ids", (unsigned long long)n);
    }
    for (uint64_t i = 0; i < n; i++)
        order[i] = i;
    sort_table = t;
    qsort(order, (size_t)n, sizeof *order, compare_ids);
    off[0] = 0;
    for (uint64_t r = 0; r < n; r++) {
        uint64_t id = order[r], len = name_len(t, id);
        rank[id] = r;
        memcpy(out + off[r], t->bytes + t->start[id], (size_t)len);
        off[r + 1] = off[r] + len;
    }
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < e->n; i++) {
        e->src[i] = rank[e->src[i]];
        e->dst[i] = rank[e->dst[i]];
    }
    free(order), free(rank);
    names_free(t);
    *offsets = off;
    *blob = out;
    return 0;
}

void names_free(struct name_table *t)
{
    free(t->bytes), free(t->start), free(t->slots);
    uint64_t memory = t->memory;
    memset(t, 0, sizeof *t);
    t->memory = memory;
}
