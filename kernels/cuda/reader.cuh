/*
 * reader.cuh - the one reader of neighbour lists on the GPU: every kernel
 * that walks lists (BFS top-down and bottom-up, SSSP's relax, CC's link,
 * PageRank's gather) is written once against a reader R and instantiated
 * for each kind of list:
 *
 *   emogi_plain<T, ALIGNED>   ids of T (4 or 8 bytes), read by the warp with
 *                             lanes on consecutive entries (EMOGI's merged
 *                             read), from the 128-byte line at or before the
 *                             list when ALIGNED;
 *   emogi_packed<T>           compressed lists (clist.cuh), decoded by the
 *                             warp from a window of whole aligned lines in
 *                             shared memory.
 *
 * Placement (device memory, pinned host memory over the link, managed
 * memory, hybrid's two tiers) is not a parameter: emogi_arr resolves it at
 * each load with one comparison, or one bitmap word under the heads rule,
 * and a warp's loads of one line always take the same side.
 *
 * The rules every reader keeps, and why:
 *   - A warp load is one contiguous run of entries, so the GPU merges it
 *     into few PCIe requests; aligned, every request is whole 128-byte
 *     lines and costs the link nothing it does not carry
 *     (bench/journal/2026-11-21-gpu-bfs-kronecker-25.md).
 *   - Each lane issues EMOGI_UNROLL loads before using any: one load in
 *     flight per lane leaves a long list waiting a round trip per line.
 *   - Compressed blocks are byte-aligned, so they are decoded from whole
 *     lines copied to shared memory, never field by field over the link;
 *     the window is kept from one list to the next, so neighbouring short
 *     lists share their lines' requests, and the compression ratio is the
 *     ratio of link bytes
 *     (bench/journal/2026-11-24-compressed-lists-on-the-gpu.md).
 *   - A reader that may stop early (bottom-up BFS) fetches a line at a
 *     time for the first lines of a list, then EMOGI_UNROLL lines at once,
 *     and keeps the last line it fetched for the next vertex's list
 *     (bench/journal/2026-11-27-the-lines-a-bottom-up-level-asks-for.md).
 *
 * A reader gives a list's entry range (first(), where the warp read starts
 * for a list whose entries from START are wanted; span(), the entries that
 * read covers, which decides the set-aside of common.cuh), reads entries
 * [A, B) of a list from START on (read(): LOAD(j) fetches what entry j
 * carries besides its id, a weight or nothing, in the same unrolled batch;
 * USE(v, x) acts on it), and finds the first entry whose id passes a test
 * (find()), and gives a list's first two ids (heads()).  It counts the
 * lines of ids it requests (emogi_lines); the
 * caller counts the lines of what LOAD reads, over [max(A, START), B).
 * Its per-warp state (the held line, the decoding window) lives in
 * R::warp, declared in the kernel by EMOGI_READER_WARP.
 */
#ifndef EMOGI_CUDA_READER_CUH
#define EMOGI_CUDA_READER_CUH

#include <stdint.h>

#include <type_traits>

#include "clist.cuh"
#include "common.cuh"
#include "emogi_loader.h"

/* No entry: find() met no passing id. */
constexpr uint64_t NONE = ~0ull;

/* Lines per request after the first few in find(): a list that has not
 * met the frontier in its first lines is probably long and parentless
 * this level, and one line per round trip would leave the warp waiting on
 * the link. */
constexpr unsigned WIDE_AFTER = 2;

/* What a list entry carries besides its id, for lists read for ids alone. */
struct emogi_nothing {
};
__device__ __forceinline__ emogi_nothing emogi_no_load(uint64_t) { return emogi_nothing{}; }

/* An entry as the warp loads it: its id and what LOAD fetched. */
template <typename T, typename X> struct emogi_entry {
    T v;
    X x;
};

/* Reader R's per-warp state, named W, in shared memory where it needs it. */
#define EMOGI_READER_WARP(r, w)                                                            \
    __shared__ uint32_t w##_shared[BLOCK / 32][std::decay_t<decltype(r)>::WIN_WORDS];       \
    typename std::decay_t<decltype(r)>::warp w(w##_shared)

/* ---- plain ids ---- */

template <typename T, bool ALIGNED> struct emogi_plain {
    typedef T id;
    static constexpr unsigned WIN_WORDS = 1; /* no shared memory */
    static constexpr uint64_t per_line = 128 / sizeof(T);

    const uint64_t *off; /* entry offsets, nv + 1 */
    emogi_arr<T> nb;
    uint64_t ne;

    /* find()'s held line: entry held_base + lane, while held_base is not NONE. */
    struct warp {
        uint64_t held_base = NONE;
        T held = 0;
        __device__ explicit warp(uint32_t (*)[WIN_WORDS]) {}
    };

    __host__ __device__ emogi_plain(const uint64_t *o, const emogi_arr<T> &a, uint64_t n)
        : off(o), nb(a), ne(n)
    {
    }
    explicit emogi_plain(const emogi_placed &p) : off(p.d_offsets), nb(p.nbr), ne(p.g->ne) {}

    /* Where the warp read of a list whose first entry is E0 begins, for
     * its entries from START on. */
    __device__ __forceinline__ uint64_t first(uint64_t, uint64_t start) const
    {
        return emogi_first_read<T, ALIGNED>(start);
    }

    template <typename Load, typename Use>
    __device__ __forceinline__ void read(warp &, emogi_lines &lines, uint64_t, uint64_t a,
                                         uint64_t start, uint64_t b, unsigned lane, Load load,
                                         Use use) const
    {
        typedef decltype(load(uint64_t(0))) X;
        if (lane == 0)
            lines.add(nb, a > start ? a : start, b);
        emogi_warp_list(a, start, b, lane,
                        [&](uint64_t j) { return emogi_entry<T, X>{nb[j], load(j)}; },
                        [&](const emogi_entry<T, X> &e) { use(e.v, e.x); });
    }

    /* The first K <= 2 ids of U's list into ID, read by one thread, for
     * VALID lanes (none: 0); all lanes call.  Afforest's sampling wants
     * only these: a vertex's first two ids share a 32-byte sector. */
    __device__ __forceinline__ unsigned heads(emogi_lines &lines, bool valid, uint64_t u,
                                              T id[2], unsigned) const
    {
        if (!valid)
            return 0;
        const uint64_t start = off[u], end = off[u + 1];
        const unsigned k = end - start < 2 ? (unsigned)(end - start) : 2u;
        for (unsigned i = 0; i < k; i++)
            id[i] = nb[start + i];
        lines.add(nb, start, start + k);
        return k;
    }

    /* The first entry of U's list whose id passes HIT, read a line at a
     * time from the held line on (WIDE_AFTER, above), or NONE.  All lanes
     * call and get the same answer. */
    template <typename Hit>
    __device__ __forceinline__ uint64_t find(warp &w, emogi_lines &lines, uint64_t u,
                                             unsigned lane, Hit hit) const
    {
        constexpr uint64_t wide = 32ull * EMOGI_UNROLL;
        const uint64_t start = off[u], end = off[u + 1];
        /* the first of the warp's entries J (lane i holding entry J - lane
         * + i, X its id where VALID) in [LO, end) whose id passes */
        auto first_hit = [&](uint64_t j, T x, bool valid, uint64_t lo) {
            const unsigned b = __ballot_sync(FULL, valid && j >= lo && j < end && hit(x));
            return b ? j - lane + (uint64_t)(__ffs(b) - 1) : NONE;
        };
        uint64_t pos = start, found = NONE;
        if (w.held_base != NONE && start >= w.held_base && start < w.held_base + per_line) {
            found = first_hit(w.held_base + lane, w.held, lane < per_line, start);
            pos = w.held_base + per_line;
        }
        for (unsigned step = 0; found == NONE && pos < end; step++) {
            const uint64_t base = pos & ~(per_line - 1);
            if (step < WIDE_AFTER) {
                /* One whole line, held for the vertices after this one. */
                const uint64_t stop = base + per_line < ne ? base + per_line : ne;
                const uint64_t j = base + lane;
                w.held_base = base;
                w.held = j < stop ? nb[j] : T(0);
                if (lane == 0)
                    lines.add(nb, base, stop);
                found = first_hit(j, w.held, j < stop, pos);
                pos = base + per_line;
                continue;
            }
            /* Every lane EMOGI_UNROLL loads in flight before any test. */
            const uint64_t stop = base + wide < end ? base + wide : end;
            T x[EMOGI_UNROLL];
#pragma unroll
            for (int k = 0; k < EMOGI_UNROLL; k++) {
                const uint64_t j = base + lane + 32ull * k;
                x[k] = j < stop ? nb[j] : T(0);
            }
            if (lane == 0)
                lines.add(nb, base, stop);
#pragma unroll
            for (int k = 0; k < EMOGI_UNROLL; k++) {
                const uint64_t j = base + lane + 32ull * k;
                if (found == NONE)
                    found = first_hit(j, x[k], j < stop, pos);
            }
            w.held_base = NONE;
            pos = base + wide;
        }
        return found;
    }
};

/* ---- compressed lists ---- */

template <typename T> struct emogi_packed {
    typedef T id;
    static constexpr unsigned WIN_WORDS = CWIN_WORDS;

    emogi_clists c;
    const uint64_t *off; /* entry offsets (c.off) */

    struct warp {
        emogi_cwin win;
        __device__ explicit warp(uint32_t (*shared)[WIN_WORDS]) : win(shared) {}
    };

    explicit emogi_packed(const emogi_placed &p) : c(p), off(p.d_offsets) {}

    /* A list's blocks are decoded from its start: a piece or a read from
     * START starts at the list's first entry E0 or a SEGMENT after it. */
    __device__ __forceinline__ uint64_t first(uint64_t e0, uint64_t) const { return e0; }

    template <typename Load, typename Use>
    __device__ __forceinline__ void read(warp &w, emogi_lines &lines, uint64_t u, uint64_t a,
                                         uint64_t start, uint64_t b, unsigned lane, Load load,
                                         Use use) const
    {
        /* the blocks from the one that holds max(A, START) */
        const uint64_t e0 = off[u], from = a > start ? a : start;
        emogi_warp_clist(c, w.win, lines, u, (from - e0) / 32, (b - e0 + 31) / 32, start, true,
                         lane, [&](bool ok, uint64_t j, uint64_t v) {
                             if (ok)
                                 use((T)v, load(j));
                             return false;
                         });
    }

    /* As emogi_plain's, decoded by one thread (clist_first_two: a warp
     * spent on each vertex's first block makes the sampling decode-bound);
     * the lines are counted once for the warp, whose lanes hold
     * consecutive vertices. */
    __device__ __forceinline__ unsigned heads(emogi_lines &lines, bool valid, uint64_t u,
                                              T id[2], unsigned lane) const
    {
        uint64_t x[2], w0 = 0, w1 = 0;
        const unsigned k = valid ? clist_first_two(c, u, x, &w0, &w1) : 0;
        for (unsigned i = 0; i < k; i++)
            id[i] = (T)x[i];
        clist_count_lines(c, lines, w0, w1, lane);
        return k;
    }

    /* As emogi_plain's: a block at a time, the first two fetching only the
     * lines they need (emogi_warp_clist's lazy reader). */
    template <typename Hit>
    __device__ __forceinline__ uint64_t find(warp &w, emogi_lines &lines, uint64_t u,
                                             unsigned lane, Hit hit) const
    {
        uint64_t found = NONE;
        emogi_warp_clist(c, w.win, lines, u, 0, clist_blocks(off[u + 1] - off[u]), 0, false,
                         lane, [&](bool ok, uint64_t j, uint64_t x) {
                             const unsigned b = __ballot_sync(FULL, ok && hit((T)x));
                             if (b)
                                 found = j - lane + (uint64_t)(__ffs(b) - 1);
                             return b != 0;
                         });
        return found;
    }
};

/* ---- whole lists and the lists set aside ---- */

/* Entries a warp read of U's list from its SKIP-th entry covers. */
template <typename R>
__device__ __forceinline__ uint64_t emogi_span(const R &r, uint64_t u, uint64_t skip)
{
    const uint64_t e0 = r.off[u];
    return r.off[u + 1] - r.first(e0, e0 + skip);
}

/* EACH(u, first, start, end) for U's list from its SKIP-th entry, when
 * that leaves any. */
template <typename R, typename Each>
__device__ __forceinline__ void emogi_whole(const R &r, uint64_t u, uint64_t skip, Each each)
{
    const uint64_t e0 = r.off[u], start = e0 + skip, end = r.off[u + 1];
    if (start < end)
        each(u, r.first(e0, start), start, end);
}

/* The pieces launch over Q's lists (common.cuh: emogi_aside): hubs in
 * SEGMENT-entry pieces over every warp, then the medium lists, a whole
 * list per grab, each as EACH(u, a, start, b).  All lanes call. */
template <typename R, typename Each>
__device__ __forceinline__ void emogi_aside_read(const emogi_aside &q, const R &r, uint64_t skip,
                                                 unsigned lane, Each each)
{
    emogi_warp_pieces(
        q.heavy, q.hubs(),
        [&](uint64_t u, uint64_t &first, uint64_t &start, uint64_t &end) {
            const uint64_t e0 = r.off[u];
            start = e0 + skip, end = r.off[u + 1];
            first = r.first(e0, start);
        },
        each);
    q.mediums(lane, [&](uint64_t u) { emogi_whole(r, u, skip, each); });
}

#endif
