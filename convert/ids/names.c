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
#include "names_disk.h"

/* FNV-1a over the token's bytes, a doubled quote ("") counted once when
 * UNQUOTE: the hash of the name the token stands for; its length in *LEN. */
static uint64_t hash_token(const char *p, size_t n, int unquote, size_t *len)
{
    uint64_t h = 1469598103934665603ull;
    size_t k = 0;
    for (size_t i = 0; i < n; i++, k++) {
        h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
        if (unquote && p[i] == '"' && i + 1 < n && p[i + 1] == '"')
            i++;
    }
    *len = k;
    return h ^ (h >> 29);
}

static uint64_t hash_bytes(const char *p, size_t n)
{
    size_t len;
    return hash_token(p, n, 0, &len);
}

/* Whether the token P (N bytes, "" collapsed when UNQUOTE) is NAME. */
static int token_is(const char *name, const char *p, size_t n, int unquote)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++, k++) {
        if (name[k] != p[i])
            return 0;
        if (unquote && p[i] == '"' && i + 1 < n && p[i + 1] == '"')
            i++;
    }
    return 1;
}

static uint64_t name_len(const struct name_table *t, uint64_t id)
{
    return (id + 1 < t->n ? t->start[id + 1] : t->nbytes) - t->start[id];
}

uint64_t names_held(const struct name_table *t)
{
    if (t->sorted && t->disk) /* the offsets, the sparse index and its buffers */
        return mem_add(mem_add(mem_mul(8, t->start_cap), names_disk_held(t->disk)),
                       t->scratch_cap);
    if (t->sorted) /* the sorted names, their offsets and the index */
        return mem_add(t->bytes_cap, mem_mul(8, mem_add(t->start_cap, t->nslots)));
    /* now: bytes, starts, slots; sorting adds a sorted copy of the bytes,
     * the order, the ranks and the offsets (the slots go first) */
    return mem_add(mem_mul(2, t->bytes_cap),
                   mem_add(mem_mul(8, t->start_cap), mem_mul(32, t->n + 1)));
}

static uint64_t next_cap(uint64_t cap, uint64_t need)
{
    uint64_t c = cap ? cap : 1024;
    while (c < need)
        c *= 2;
    return need <= cap ? cap : c;
}

/* The least the table can get by with once it holds one more name of LEN
 * bytes: its arrays, grown as names_intern() grows them, and beside them
 * the index or the sort that replaces it (the sorted bytes, the order
 * and the offsets). */
static uint64_t least_need(const struct name_table *t, size_t len)
{
    uint64_t n = t->n + 1, nbytes = t->nbytes + len;
    uint64_t ns = n * 2 > t->nslots ? (t->nslots ? t->nslots * 2 : 4096) : t->nslots;
    uint64_t sort = mem_add(nbytes, mem_mul(16, n + 1));
    return mem_add(mem_add(next_cap(t->bytes_cap, nbytes), mem_mul(8, next_cap(t->start_cap, n))),
                   mem_max(mem_mul(8, ns), sort));
}

static int grow(void **p, uint64_t *cap, uint64_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    uint64_t c = next_cap(*cap, need);
    void *q = realloc(*p, (size_t)(c * elem));
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* A fresh index of NS slots (a power of two) over the names held. */
static int rehash_to(struct name_table *t, uint64_t ns)
{
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

static int rehash(struct name_table *t)
{
    return rehash_to(t, t->nslots ? t->nslots * 2 : 4096);
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

static int fail_memory(const struct name_table *t, size_t len, char *msg, size_t cap)
{
    char a[32], b[32];
    if (t->memory <= 1) /* the caller's own buffers took it all */
        snprintf(msg, cap, "string ids: no room in --memory for the names beside the "
                           "reader's buffers; raise --memory");
    else if (t->tmpdir) /* spilling left the table empty: this one name does not fit */
        snprintf(msg, cap, "string ids: a name of %zu bytes needs %s with the table's index, "
                           "over the %s --memory leaves it; raise --memory",
                 len, memory_str(least_need(t, len), a, sizeof a),
                 memory_str(t->memory, b, sizeof b));
    else
        snprintf(msg, cap, "string ids: %llu names so far need %s (with their index and "
                           "sort), over the %s --memory leaves them; raise --memory",
                 (unsigned long long)t->n, memory_str(least_need(t, len), a, sizeof a),
                 memory_str(t->memory, b, sizeof b));
    return -1;
}

/* The slot of the token P (N bytes) in a table of NS slots, and in *ID the
 * name it is; *ID UINT64_MAX (an empty slot) when it is no name yet. */
static uint64_t find(const struct name_table *t, const char *p, size_t n, int unquote,
                     uint64_t *id)
{
    size_t k;
    uint64_t h = hash_token(p, n, unquote, &k) & (t->nslots - 1);
    for (; t->slots[h]; h = (h + 1) & (t->nslots - 1)) {
        uint64_t c = t->slots[h] - 1;
        if (name_len(t, c) == k && token_is(t->bytes + t->start[c], p, n, unquote)) {
            *id = c;
            return h;
        }
    }
    *id = UINT64_MAX;
    return h;
}

/* The token with "" collapsed, in t->scratch: its length, or -1. */
static int64_t unquoted(struct name_table *t, const char *p, size_t len, int unquote)
{
    if (len > t->scratch_cap) {
        char *q = realloc(t->scratch, len);
        if (!q)
            return -1;
        t->scratch = q, t->scratch_cap = len;
    }
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        t->scratch[k++] = p[i];
        if (unquote && p[i] == '"' && i + 1 < len && p[i + 1] == '"')
            i++;
    }
    return (int64_t)k;
}

/* After names_sort(): the token's rank, or -1 if it is no name. */
static int look_up(struct name_table *t, const char *p, size_t len, int unquote, uint64_t *id,
                   char *msg, size_t cap)
{
    *id = UINT64_MAX;
    if (t->disk) {
        emogi_error err;
        int64_t k = unquoted(t, p, len, unquote);
        int found = k < 0 ? -1 : names_disk_find(t->disk, t->start, t->n, t->scratch,
                                                    (size_t)k, id, &err);
        if (found < 0)
            return snprintf(msg, cap, "%s", k < 0 ? "out of memory" : err.msg), -1;
    } else if (t->nslots) {
        find(t, p, len, unquote, id);
    }
    if (*id != UINT64_MAX)
        return 0;
    snprintf(msg, cap, "string ids: a token that is no name (the input changed)");
    return -1;
}

static int sort_names(struct name_table *t, uint64_t **offsets, char **blob, uint64_t **rank,
                      emogi_error *err);

/* The names held go to disk as a sorted run; the table starts again. */
static int spill(struct name_table *t, char *msg, size_t cap)
{
    emogi_error err;
    uint64_t *off;
    char *blob;
    if (sort_names(t, &off, &blob, NULL, &err) ||
        names_disk_add_run(&t->disk, t->tmpdir, off, blob, t->n, &err)) {
        snprintf(msg, cap, "%s", err.msg);
        return -1;
    }
    free(off), free(blob);
    free(t->bytes), free(t->start);
    t->bytes = NULL, t->start = NULL;
    t->nbytes = t->bytes_cap = t->n = t->start_cap = 0;
    return 0;
}

int names_intern(struct name_table *t, const char *p, size_t len, int unquote, uint64_t *id,
                 char *msg, size_t cap)
{
    if (t->sorted)
        return look_up(t, p, len, unquote, id, msg, cap);
    *id = UINT64_MAX;
    if (t->nslots && (find(t, p, len, unquote, id), *id != UINT64_MAX))
        return 0;
    if (t->memory && least_need(t, len) > t->memory) {
        if (!t->tmpdir || t->n == 0)
            return fail_memory(t, len, msg, cap);
        if (spill(t, msg, cap))
            return -1;
        if (least_need(t, len) > t->memory)
            return fail_memory(t, len, msg, cap);
    }
    if ((t->n + 1) * 2 > t->nslots && rehash(t))
        return snprintf(msg, cap, "out of memory for the string id table"), -1;
    if (grow((void **)&t->bytes, &t->bytes_cap, t->nbytes + len, 1) ||
        grow((void **)&t->start, &t->start_cap, t->n + 1, sizeof *t->start))
        return snprintf(msg, cap, "out of memory for the string id table"), -1;
    uint64_t h = find(t, p, len, unquote, id);
    t->start[t->n] = t->nbytes;
    t->nbytes += put_token(t, p, len, unquote);
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

/*
 * The names in byte order: *OFFSETS (n+1) and *BLOB in rank order, and
 * with RANK, each provisional id's rank; the slots go first, so this holds
 * no more than names_held() says.  -1 when out of memory (the names kept).
 */
static int sort_names(struct name_table *t, uint64_t **offsets, char **blob, uint64_t **rank,
                      emogi_error *err)
{
    free(t->slots);
    t->slots = NULL, t->nslots = 0;
    uint64_t n = t->n;
    uint64_t *order = malloc((n + 1) * sizeof *order);
    uint64_t *rk = rank ? malloc((n + 1) * sizeof *rk) : NULL;
    uint64_t *off = malloc((n + 1) * sizeof *off);
    char *out = malloc(t->nbytes ? t->nbytes : 1);
    if (!order || (rank && !rk) || !off || !out) {
        free(order), free(rk), free(off), free(out);
        return emogi_fail(err, "out of memory sorting %llu string ids", (unsigned long long)n);
    }
    for (uint64_t i = 0; i < n; i++)
        order[i] = i;
    sort_table = t;
    qsort(order, (size_t)n, sizeof *order, compare_ids);
    off[0] = 0;
    for (uint64_t r = 0; r < n; r++) {
        uint64_t id = order[r], len = name_len(t, id);
        if (rk)
            rk[id] = r;
        memcpy(out + off[r], t->bytes + t->start[id], (size_t)len);
        off[r + 1] = off[r] + len;
    }
    free(order);
    *offsets = off;
    *blob = out;
    if (rank)
        *rank = rk;
    return 0;
}

int names_finish(struct name_table *t, struct edge_list *e, uint64_t **offsets, char **blob,
                 emogi_error *err)
{
    /* The edges renumber in place as 64-bit ids (the gathering buffer may
     * have narrowed them, edges.h). */
    uint64_t *rank;
    if (t->disk) {
        names_free(t);
        return emogi_fail(err, "the names went to disk: their ids are not the edges'");
    }
    if (edge_list_widen(e, err) || sort_names(t, offsets, blob, &rank, err)) {
        names_free(t);
        return -1;
    }
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < e->n; i++) {
        e->src[i] = rank[e->src[i]];
        e->dst[i] = rank[e->dst[i]];
    }
    free(rank);
    names_free(t);
    return 0;
}

/* The spilled runs and what the table holds, merged on disk. */
static int sort_on_disk(struct name_table *t, emogi_error *err)
{
    char msg[256];
    uint64_t *off, n;
    if (t->n && spill(t, msg, sizeof msg))
        return emogi_fail(err, "%s", msg);
    free(t->slots);
    t->slots = NULL, t->nslots = 0;
    if (names_disk_merge(t->disk, t->memory, &off, &n, err))
        return -1;
    t->start = off;
    t->start_cap = n + 1;
    t->n = n;
    t->nbytes = off[n];
    t->sorted = 1;
    return 0;
}

int names_sort(struct name_table *t, emogi_error *err)
{
    uint64_t *off, n = t->n, ns = 4096;
    char *blob;
    if (t->disk)
        return sort_on_disk(t, err);
    if (sort_names(t, &off, &blob, NULL, err))
        return -1;
    free(t->bytes), free(t->start);
    t->bytes = blob;
    t->bytes_cap = t->nbytes;
    t->start = off;
    t->start_cap = n + 1;
    t->sorted = 1;
    while (ns < 2 * (n + 1))
        ns *= 2;
    if (rehash_to(t, ns))
        return emogi_fail(err, "out of memory for the index of %llu string ids",
                          (unsigned long long)n);
    return 0;
}

void names_drop_index(struct name_table *t)
{
    free(t->slots);
    t->slots = NULL, t->nslots = 0;
    free(t->scratch);
    t->scratch = NULL, t->scratch_cap = 0;
    if (t->disk)
        names_disk_drop_index(t->disk);
}

int names_spilled(const struct name_table *t)
{
    return t->disk != NULL;
}

void names_source(const struct name_table *t, int *fd, uint64_t *pos)
{
    *fd = -1, *pos = 0;
    if (t->disk && t->sorted)
        names_disk_source(t->disk, fd, pos);
}

void names_free(struct name_table *t)
{
    free(t->bytes), free(t->start), free(t->slots), free(t->scratch);
    names_disk_free(t->disk);
    uint64_t memory = t->memory;
    const char *tmpdir = t->tmpdir;
    memset(t, 0, sizeof *t);
    t->memory = memory;
    t->tmpdir = tmpdir;
}
