/*
 * place.c - putting an opened .csr where GPU threads can read it.
 *
 * Offsets always go to device memory; the neighbour array (and weights
 * with it) goes where the policy says:
 *
 *   device    cudaMalloc + copy: fastest, bounded by GPU memory.
 *   zerocopy  the file mapping itself pinned (cudaHostRegister with
 *             Mapped | ReadOnly, which pins a MAP_SHARED, PROT_READ
 *             mapping quickly while other flag and mapping combinations
 *             fail or hang: bench/REFERENCE.md), read over PCIe.
 *   uvm       cudaMallocManaged + advice, refused when it would not fit:
 *             oversubscribed UVM can stall a shared GPU.
 *   hybrid    a prefix of each edge array copied to device memory, as
 *             much as the budget holds (budget.c), and the whole array
 *             pinned as zerocopy pins it; kernels read entries past the
 *             split over PCIe.
 *
 * Every CUDA call's status is checked; a failure leaves nothing placed.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cuda_runtime_api.h>

#include "emogi_clist.h"
#include "placement.h"

enum array_kind { ARRAY_NONE, ARRAY_DEVICE, ARRAY_REGISTERED, ARRAY_HOSTALLOC, ARRAY_MANAGED };

struct placed_array {
    enum array_kind kind;
    void *host; /* registered range or pinned buffer */
    void *dev;  /* what kernels read */
};

/* An edge array's device prefix and pinned whole, either or both. */
struct placed_edge_array {
    struct placed_array dev, host, meta; /* meta: the heads rule's bitmap and ranks */
};

struct place_priv {
    struct placed_array offsets, coffsets, firsts;
    struct placed_edge_array neighbors, weights;
    void *padded; /* compressed lists copied to whole words, when not mapped */
};

static const char *graph_name(const struct emogi_graph *g)
{
    return g->path ? g->path : "graph";
}

static int cuda_fail(emogi_error *err, const struct emogi_graph *g, const char *what,
                     cudaError_t e)
{
    (void)cudaGetLastError(); /* a failed call is also the "last error": clear it */
    return emogi_fail(err, "%s: %s: %s", graph_name(g), what, cudaGetErrorString(e));
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void add_note(struct emogi_load_stats *st, const char *fmt, ...)
{
    size_t n = strlen(st->note);
    if (n + 3 >= sizeof st->note)
        return;
    if (n)
        n += (size_t)snprintf(st->note + n, sizeof st->note - n, "; ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->note + n, sizeof st->note - n, fmt, ap);
    va_end(ap);
}

int emogi_gpu_count(emogi_error *err)
{
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        /* CUDA reports a machine without a GPU's driver as "CUDA driver
         * version is insufficient": name what the user lacks instead */
        if (e == cudaErrorInsufficientDriver)
            emogi_fail(err, "no CUDA driver loaded, or one older than this build's CUDA");
        else if (e == cudaErrorNoDevice)
            emogi_fail(err, "no CUDA device found");
        else
            emogi_fail(err, "cudaGetDeviceCount: %s", cudaGetErrorString(e));
        return 0;
    }
    if (n <= 0) {
        emogi_fail(err, "no CUDA device found");
        return 0;
    }
    return n;
}

static int copy_to_device(const struct emogi_graph *g, struct placed_array *a, const void *src,
                          size_t bytes, const char *name, struct emogi_load_stats *st,
                          emogi_error *err)
{
    char what[96];
    cudaError_t e;
    st->file_s += emogi_page_cache_load(src, bytes);
    snprintf(what, sizeof what, "cudaMalloc of %zu bytes for %s", bytes, name);
    if ((e = cudaMalloc(&a->dev, bytes)) != cudaSuccess)
        return cuda_fail(err, g, what, e);
    a->kind = ARRAY_DEVICE;
    double t0 = emogi_now();
    snprintf(what, sizeof what, "copying %s to the device", name);
    if ((e = cudaMemcpy(a->dev, src, bytes, cudaMemcpyHostToDevice)) != cudaSuccess)
        return cuda_fail(err, g, what, e);
    st->h2d_s += emogi_now() - t0;
    st->device_bytes += bytes;
    return 0;
}

/* The whole pages around [SRC, SRC + BYTES) inside the file mapping:
 * from *FIRST, *LEN bytes.  A section starts on a page of its own; a
 * part of one (emogi_range_open's view) may start inside a page, which
 * it then shares only with the part before it, never with another
 * section that is registered too. */
static int mapped_range(const struct emogi_graph *g, const void *src, size_t bytes,
                        const char **first, size_t *len)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    const char *map = g->map, *s = src;
    if (!map || page == 0 || s < map)
        return 0;
    *first = map + ((size_t)(s - map) & ~(page - 1));
    /* The mapping covers whole pages, so rounding up stays inside it. */
    *len = (size_t)emogi_round_up((size_t)(s - *first) + bytes, page);
    return *first + *len <= map + emogi_round_up(g->map_size, page);
}

static int register_mapping(const struct emogi_graph *g, struct placed_array *a, const void *src,
                            size_t bytes, const char *name, struct emogi_load_stats *st,
                            emogi_error *err)
{
    size_t len;
    const char *first;
    int ro = 0;
    cudaError_t e;
    if (!mapped_range(g, src, bytes, &first, &len)) {
        add_note(st, "zerocopy: %s is not in a file mapping, copied into cudaHostAlloc memory",
                 name);
        return 1;
    }
    int dev;
    if ((e = cudaGetDevice(&dev)) != cudaSuccess)
        return cuda_fail(err, g, "cudaGetDevice", e);
    e = cudaDeviceGetAttribute(&ro, cudaDevAttrHostRegisterReadOnlySupported, dev);
    if (e != cudaSuccess || !ro) {
        (void)cudaGetLastError();
        add_note(st, "zerocopy: the device cannot map read-only host memory, %s copied into "
                     "cudaHostAlloc memory", name);
        return 1;
    }
    double t0 = emogi_now();
    e = cudaHostRegister((void *)first, len, cudaHostRegisterMapped | cudaHostRegisterReadOnly);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        add_note(st, "zerocopy: cudaHostRegister failed (%s), %s copied into cudaHostAlloc memory",
                 cudaGetErrorString(e), name);
        return 1;
    }
    st->pin_s += emogi_now() - t0;
    a->kind = ARRAY_REGISTERED;
    a->host = (void *)first; /* what cudaHostUnregister takes */
    void *dev_first;
    if ((e = cudaHostGetDevicePointer(&dev_first, a->host, 0)) != cudaSuccess)
        return cuda_fail(err, g, "cudaHostGetDevicePointer", e);
    a->dev = (char *)dev_first + ((const char *)src - first);
    st->pinned_bytes += len;
    return 0;
}

static int place_zerocopy(const struct emogi_graph *g, struct placed_array *a, const void *src,
                          size_t bytes, const char *name, struct emogi_load_stats *st,
                          emogi_error *err)
{
    cudaError_t e;
    char what[96];
    st->file_s += emogi_page_cache_load(src, bytes);
    int r = register_mapping(g, a, src, bytes, name, st, err);
    if (r <= 0)
        return r;
    /* Fallback: a pinned copy costs host memory and time, but reads the same. */
    double t0 = emogi_now();
    snprintf(what, sizeof what, "cudaHostAlloc of %zu bytes for %s", bytes, name);
    if ((e = cudaHostAlloc(&a->host, bytes, cudaHostAllocMapped)) != cudaSuccess)
        return cuda_fail(err, g, what, e);
    a->kind = ARRAY_HOSTALLOC;
    emogi_parallel_copy(a->host, src, bytes);
    st->pin_s += emogi_now() - t0;
    if ((e = cudaHostGetDevicePointer(&a->dev, a->host, 0)) != cudaSuccess)
        return cuda_fail(err, g, "cudaHostGetDevicePointer", e);
    st->pinned_bytes += bytes;
    return 0;
}

static cudaError_t advise(void *m, size_t bytes, enum emogi_uvm_advice adv, int dev)
{
    struct cudaMemLocation loc = {cudaMemLocationTypeDevice, dev};
    switch (adv) {
    case EMOGI_UVM_READ_MOSTLY:
        return cudaMemAdvise(m, bytes, cudaMemAdviseSetReadMostly, loc);
    case EMOGI_UVM_ACCESSED_BY:
        return cudaMemAdvise(m, bytes, cudaMemAdviseSetAccessedBy, loc);
    case EMOGI_UVM_PREFETCH: {
        cudaError_t e = cudaMemPrefetchAsync(m, bytes, loc, 0, 0);
        return e != cudaSuccess ? e : cudaStreamSynchronize(0);
    }
    }
    return cudaErrorInvalidValue;
}

static int place_uvm(const struct emogi_graph *g, struct placed_array *a, const void *src,
                     size_t bytes, const char *name, enum emogi_uvm_advice adv, int dev,
                     struct emogi_load_stats *st, emogi_error *err)
{
    cudaError_t e;
    char what[128];
    int managed = 0;
    if ((e = cudaDeviceGetAttribute(&managed, cudaDevAttrManagedMemory, dev)) != cudaSuccess)
        return cuda_fail(err, g, "cudaDeviceGetAttribute", e);
    if (!managed)
        return emogi_fail(err, "%s: uvm: the device does not support managed memory",
                          graph_name(g));
    snprintf(what, sizeof what, "cudaMallocManaged of %zu bytes for %s", bytes, name);
    if ((e = cudaMallocManaged(&a->dev, bytes, cudaMemAttachGlobal)) != cudaSuccess)
        return cuda_fail(err, g, what, e);
    a->kind = ARRAY_MANAGED;
    st->file_s += emogi_page_cache_load(src, bytes);
    double t0 = emogi_now();
    emogi_parallel_copy(a->dev, src, bytes);
    snprintf(what, sizeof what, "uvm advice %s on %s", emogi_uvm_advice_name(adv), name);
    if ((e = advise(a->dev, bytes, adv, dev)) != cudaSuccess)
        return cuda_fail(err, g, what, e);
    st->pin_s += emogi_now() - t0;
    st->managed_bytes += bytes;
    return 0;
}

/* Where the lists of an edge array start: OFF[v] counts units of UNIT
 * bytes (entries of a plain array; bytes of compressed lists). */
struct list_starts {
    const uint64_t *off;
    unsigned unit;
};

/* The heads rule (emogi_loader.h): the lines emogi_hybrid_heads picks
 * for the room SPLIT entries of WIDTH bytes take, less the bitmap and
 * ranks, gathered in line order and copied to device memory with them.
 * E's split becomes the entries so placed.  1: no line fits, the caller
 * places nothing in device memory. */
static int place_heads(const struct emogi_graph *g, struct placed_edge_array *a, const void *src,
                       uint64_t n, unsigned width, uint64_t split, struct list_starts ls,
                       const char *name, struct emogi_load_stats *st, struct emogi_edges *e,
                       emogi_error *err)
{
    const unsigned per_line = 128 / width;
    const uint64_t nlines = (n + per_line - 1) / per_line, words = (nlines + 63) / 64;
    const uint64_t room = emogi_hybrid_heads_room(n, width, split);
    if (room == 0)
        return 1;
    uint64_t *bits = calloc(2 * words, sizeof *bits), *rank = bits + words;
    if (!bits)
        return emogi_fail(err, "%s: out of memory for the %s line bitmap", graph_name(g), name);
    const uint64_t lines = emogi_hybrid_heads(ls.off, g->nv, n * width / ls.unit,
                                              128 / ls.unit, room, bits);
    for (uint64_t w = 0, sum = 0; w < words; w++) {
        rank[w] = sum;
        sum += (uint64_t)__builtin_popcountll(bits[w]);
    }
    char *lines_buf = malloc(lines * 128);
    if (!lines_buf) {
        free(bits);
        return emogi_fail(err, "%s: out of memory gathering %s lines", graph_name(g), name);
    }
    const uint64_t total = n * width;
#pragma omp parallel for schedule(dynamic, 1024)
    for (uint64_t w = 0; w < words; w++) {
        uint64_t at = rank[w];
        for (uint64_t b = bits[w]; b; b &= b - 1, at++) {
            const uint64_t byte = ((w << 6) + (uint64_t)__builtin_ctzll(b)) * 128;
            memcpy(lines_buf + at * 128, (const char *)src + byte,
                   total - byte < 128 ? total - byte : 128);
        }
    }
    int rc = copy_to_device(g, &a->dev, lines_buf, lines * 128, name, st, err);
    free(lines_buf);
    if (rc == 0)
        rc = copy_to_device(g, &a->meta, bits, 2 * words * sizeof *bits, "the line bitmap", st,
                            err);
    free(bits);
    if (rc)
        return -1;
    e->dev = a->dev.dev;
    e->hot = a->meta.dev;
    e->rank = (const uint64_t *)a->meta.dev + words;
    e->split = lines * per_line < n ? lines * per_line : n;
    return 0;
}

/* SRC (N entries of WIDTH bytes) as kernels read it: whole in managed
 * memory for uvm, else, by the prefix rule, its first SPLIT entries (by
 * the heads rule, the lines that room holds) copied to device memory and,
 * when entries remain, the whole array pinned. */
static int place_edge_array(const struct emogi_graph *g, struct placed_edge_array *a,
                            const void *src, uint64_t n, unsigned width, uint64_t split,
                            struct list_starts ls, const char *name, enum emogi_mem mem,
                            const struct emogi_place_opts *o, struct emogi_load_stats *st,
                            struct emogi_edges *e, emogi_error *err)
{
    memset(e, 0, sizeof *e);
    if (n == 0)
        return 0; /* an edgeless graph: kernels never read the array */
    e->n = n;
    if (mem == EMOGI_MEM_UVM) {
        if (place_uvm(g, &a->dev, src, n * width, name, o->advice, o->device, st, err))
            return -1;
        e->dev = a->dev.dev;
        e->split = n;
        return 0;
    }
    const int by_heads = mem == EMOGI_MEM_HYBRID && o->rule == EMOGI_HYBRID_HEADS && split > 0 &&
                         split < n;
    const int heads =
        by_heads ? place_heads(g, a, src, n, width, split, ls, name, st, e, err) : 1;
    if (heads < 0)
        return -1;
    if (heads == 1) {
        if (by_heads)
            split = 0; /* too little room for the bitmap and a line */
        if (split > 0 && copy_to_device(g, &a->dev, src, split * width, name, st, err))
            return -1;
        e->dev = a->dev.dev;
        e->split = split;
    }
    if (e->split < n) {
        if (place_zerocopy(g, &a->host, src, n * width, name, st, err))
            return -1;
        e->host = a->host.dev;
    }
    return 0;
}

static void free_array(struct placed_array *a)
{
    switch (a->kind) {
    case ARRAY_DEVICE:
    case ARRAY_MANAGED:
        (void)cudaFree(a->dev);
        break;
    case ARRAY_REGISTERED:
        (void)cudaHostUnregister(a->host);
        break;
    case ARRAY_HOSTALLOC:
        (void)cudaFreeHost(a->host);
        break;
    case ARRAY_NONE:
        break;
    }
    memset(a, 0, sizeof *a);
}

void emogi_unplace(struct emogi_placed *p)
{
    struct place_priv *pv = p->priv;
    if (pv) {
        if (cudaSetDevice(p->device) == cudaSuccess) {
            free_array(&pv->weights.host);
            free_array(&pv->weights.dev);
            free_array(&pv->weights.meta);
            free_array(&pv->neighbors.host);
            free_array(&pv->neighbors.dev);
            free_array(&pv->neighbors.meta);
            free_array(&pv->offsets);
            free_array(&pv->coffsets);
            free_array(&pv->firsts);
        }
        (void)cudaGetLastError();
        free(pv->padded);
        free(pv);
    }
    p->priv = NULL;
    p->d_offsets = NULL;
    p->d_coffsets = NULL;
    p->d_firsts = NULL;
    memset(&p->nbr, 0, sizeof p->nbr);
    memset(&p->wgt, 0, sizeof p->wgt);
}

/* The policy and split: the caller's when presplit, else the budget's
 * (budget.c) over the device memory free at this call. */
static int choose(const struct emogi_graph *g, const struct emogi_place_opts *o,
                  struct emogi_budget *b, enum emogi_mem *mem, uint64_t *split,
                  emogi_error *err)
{
    if (o->presplit) {
        *mem = o->mem;
        *split = o->mem == EMOGI_MEM_HYBRID ? o->split : o->mem == EMOGI_MEM_ZEROCOPY ? 0 : g->ne;
        if (o->mem == EMOGI_MEM_AUTO || *split > g->ne || (*split < g->ne && *split % 32))
            return emogi_fail(err, "%s: a presplit placement needs a policy other than auto and "
                                   "a split of %" PRIu64 " or a multiple of 32 below it, not %s %"
                                   PRIu64, graph_name(g), g->ne, emogi_mem_name(o->mem), *split);
        return 0;
    }
    size_t free_b = 0, total_b = 0;
    cudaError_t e = cudaMemGetInfo(&free_b, &total_b);
    if (e != cudaSuccess)
        return cuda_fail(err, g, "cudaMemGetInfo", e);
    b->free_bytes = free_b;
    return emogi_place_decide(b, o->mem, graph_name(g), mem, split, err);
}

/* What the load note says of a hybrid split at either end. */
static void note_split(const struct emogi_placed *p, struct emogi_load_stats *st)
{
    if (p->mem != EMOGI_MEM_HYBRID || p->g->ne == 0)
        return;
    if (p->nbr.split == 0)
        add_note(st, "hybrid: no edge fits the GPU memory budget, every edge read over the "
                     "link (as zerocopy)");
    else if (p->nbr.split == p->nbr.n)
        add_note(st, "hybrid: every edge fits the GPU memory budget, all in device memory "
                     "(as device)");
}

/* One id of each list's head (emogi_lists_firsts), worked out on the
 * host and copied to device memory (with_firsts). */
static int place_firsts(const struct emogi_graph *g, const struct emogi_place_opts *o,
                        struct emogi_placed *p, struct place_priv *pv, emogi_error *err)
{
    const uint64_t bytes = g->nv * (uint64_t)g->id_width;
    struct emogi_lists l = emogi_lists_out(g);
    l.first = emogi_id_base(g); /* a rank's range reads its lists by the graph's ids */
    void *h = malloc(bytes ? bytes : 1);
    if (!h)
        return emogi_fail(err, "%s: out of memory for the lists' first ids", graph_name(g));
    const double t0 = emogi_now(); /* a read of every list's head in the file */
    if (emogi_lists_firsts(&l, g->nv, g->id_width, o->classes, o->nclasses, h) < 0) {
        free(h);
        return emogi_fail(err, "%s: a compressed list is corrupt", graph_name(g));
    }
    p->stats.file_s += emogi_now() - t0;
    const int rc = copy_to_device(g, &pv->firsts, h, bytes, "first ids", &p->stats, err);
    free(h);
    if (rc)
        return -1;
    p->d_firsts = pv->firsts.dev;
    return 0;
}

/* Compressed lists: their byte offsets to device memory, and the bytes
 * placed as an edge array of 4-byte words, the share SPLIT is of the
 * edges in device memory (emogi_place_words_split).  The
 * file's section is padded to a page, so its last word is whole; lists
 * built in memory are copied to whole words first. */
static int place_lists(const struct emogi_graph *g, const struct emogi_place_opts *o,
                       struct emogi_placed *p, struct place_priv *pv, uint64_t split,
                       emogi_error *err)
{
    const uint64_t bytes = g->coffsets[g->nv], words = (bytes + 3) / 4;
    const uint64_t off_bytes = (g->nv + 1) * sizeof(uint64_t);
    const void *src = g->cneighbors;
    if (copy_to_device(g, &pv->coffsets, g->coffsets, off_bytes, "list offsets", &p->stats, err))
        return -1;
    p->d_coffsets = pv->coffsets.dev;
    if (bytes % 4 && !g->map) {
        if (!(pv->padded = calloc(words, 4)))
            return emogi_fail(err, "%s: out of memory for the compressed lists", graph_name(g));
        memcpy(pv->padded, src, bytes);
        src = pv->padded;
    }
    const uint64_t wsplit = emogi_place_words_split(split, g->ne, words);
    return place_edge_array(g, &pv->neighbors, src, words, 4, wsplit,
                            (struct list_starts){g->coffsets, 1}, "compressed neighbors", p->mem,
                            o, &p->stats, &p->nbr, err);
}

static int place_all(const struct emogi_graph *g, const struct emogi_place_opts *o,
                     struct emogi_placed *p, struct place_priv *pv, emogi_error *err)
{
    uint64_t off_bytes = (g->nv + 1) * sizeof(uint64_t), split;
    struct emogi_load_stats *st = &p->stats;
    if (o->with_weights && !g->weights)
        return emogi_fail(err, "%s: weights asked for, but the graph has none", graph_name(g));
    const int packed = emogi_compressed(g);
    struct emogi_budget b = {
        .cap = o->gpu_memory,
        .fixed_bytes = off_bytes * (packed ? 2 : 1) + o->state_bytes,
        .edge_bytes = emogi_edge_bytes(g, 0) + (o->with_weights ? 4u : 0u) + o->extra_edge_bytes,
        .ne = g->ne,
    };
    if (choose(g, o, &b, &p->mem, &split, err))
        return -1;
    /* First ids where lists' heads are read over the link: zero-copy,
     * unified memory, whose pages move only when read, and hybrid where
     * its rule leaves some lists' first lines out of device memory (the
     * heads rule places them all first, while they fit) and the ids
     * would take at most a quarter of its room: without them a hybrid
     * BFS reads those heads over the link and runs slower than zero-copy
     * with them (bench/journal/2026-11-28-first-ids-in-hybrid-placement.md).
     * The quarter is a judgment: the room's lines serve top-down levels,
     * which the ids do not.  Compressed lists in device memory too, and
     * hybrid's: there a first id costs a block's decoding, so a
     * degree-ordered compressed BFS over the link with the ids beats one in
     * device memory without them
     * (bench/journal/2026-11-27-compressed-lists-and-the-first-ids.md). */
    const int ask = o->with_firsts || o->firsts_bytes; /* a pass over the offsets, if so */
    const int far = p->mem == EMOGI_MEM_ZEROCOPY || p->mem == EMOGI_MEM_UVM ||
                    (ask && p->mem == EMOGI_MEM_HYBRID && !packed &&
                     emogi_hybrid_wants_firsts(g->offsets, g->nv, g->ne, g->id_width,
                                               o->rule == EMOGI_HYBRID_HEADS, split));
    const int decoded = packed && (p->mem == EMOGI_MEM_DEVICE || p->mem == EMOGI_MEM_HYBRID);
    if (o->presplit) {
        p->kept_firsts = o->with_firsts && (far || decoded);
    } else if (o->firsts_bytes && (far || decoded)) {
        /* left out when the rest fits only without them, or only in
         * another placement (lists that fit in device memory stay there) */
        struct emogi_budget bf = b;
        enum emogi_mem mem;
        uint64_t s;
        emogi_error none;
        bf.fixed_bytes += o->firsts_bytes;
        if (choose(g, o, &bf, &mem, &s, &none) == 0 && (far || mem == p->mem)) {
            p->mem = mem, split = s, p->kept_firsts = 1;
        } else {
            add_note(st, "first ids left out: the GPU memory budget holds the rest only");
        }
    }
    p->split = split;
    if (copy_to_device(g, &pv->offsets, g->offsets, off_bytes, "offsets", st, err))
        return -1;
    p->d_offsets = pv->offsets.dev;
    if (o->with_firsts && p->kept_firsts && place_firsts(g, o, p, pv, err))
        return -1;
    const struct list_starts by_entry = {g->offsets, g->id_width};
    if (packed ? place_lists(g, o, p, pv, split, err)
               : place_edge_array(g, &pv->neighbors, g->neighbors, g->ne, g->id_width, split,
                                  by_entry, "neighbors", p->mem, o, st, &p->nbr, err))
        return -1;
    if (o->with_weights &&
        place_edge_array(g, &pv->weights, g->weights, g->ne, 4, split,
                         (struct list_starts){g->offsets, 4}, "weights", p->mem, o, st, &p->wgt,
                         err))
        return -1;
    note_split(p, st);
    return 0;
}

int emogi_place(const struct emogi_graph *g, const struct emogi_place_opts *o,
                struct emogi_placed *p, emogi_error *err)
{
    memset(p, 0, sizeof *p);
    p->g = g;
    p->device = o->device;
    int n = emogi_gpu_count(err);
    if (n == 0)
        return -1;
    if (o->device < 0 || o->device >= n)
        return emogi_fail(err, "CUDA device %d does not exist (%d found)", o->device, n);
    cudaError_t e = cudaSetDevice(o->device);
    if (e != cudaSuccess)
        return cuda_fail(err, g, "cudaSetDevice", e);
    struct place_priv *pv = calloc(1, sizeof *pv);
    if (!pv)
        return emogi_fail(err, "%s: out of memory", graph_name(g));
    p->priv = pv;
    if (place_all(g, o, p, pv, err)) {
        emogi_unplace(p);
        return -1;
    }
    return 0;
}
