/*
 * clist.cuh - a warp decodes compressed neighbour lists (emogi-csr(5),
 * "Compressed neighbour lists"; formats/emogi_clist.h is the CPU side)
 * where they are placed: device memory, pinned host memory over the
 * link, managed memory, or split between device and host.
 *
 * The memory trick.  Blocks are byte-aligned, not line-aligned, so the
 * warp does not read a block's fields from the edge array one by one:
 * it copies whole aligned 128-byte lines of the list into a window of
 * shared memory (each lane one 4-byte word of a line, EMOGI's merged and
 * aligned read) and decodes from there.  The window holds up to
 * CWIN_LINES lines and survives from one list to the next, so the short
 * lists of neighbouring vertices, which share lines, cost one request for
 * all of them, and no line is fetched twice while the warp moves forward.
 * Over the link a list then costs its own bytes rounded to lines: the
 * compression ratio is the ratio of link bytes (emogi_lines counts the
 * lines each fetch requests).
 *
 * A block of n <= 32 entries decodes in one step of the warp: every lane
 * reads the two header bytes and the run mask, lane 0 decodes the first
 * id, lane i > 0 gap i (its bit position from the mask's popcount below
 * it: shifts, masks and a funnel shift, no per-entry branch), and a warp
 * prefix sum turns gaps into ids.  Lists of more than 32 blocks start
 * with a skip index, so a piece of a hub's list (SEGMENT entries, 64
 * blocks) starts at its skip entry without decoding what comes before.
 *
 * Safety: emogi_csr_open checked every list completely (emogi_clist_check),
 * and the decoder reads only the window, whose fetches stay inside the
 * placed words, whatever the bytes say.
 */
#ifndef EMOGI_CUDA_CLIST_CUH
#define EMOGI_CUDA_CLIST_CUH

#include <stdint.h>

#include "common.cuh"
#include "emogi_loader.h"

constexpr unsigned CWIN_LINES = 8;                   /* lines a warp's window holds */
constexpr unsigned CWIN_BYTES = 128 * CWIN_LINES;
constexpr unsigned CWIN_WORDS = CWIN_BYTES / 4 + 2;  /* two words of slack for the reads */
constexpr unsigned CBLOCK_HEAD = 2 + 8 + 4;          /* header bytes, f <= 64, mask < 32 bits */
constexpr unsigned CBLOCK_MAX = 2 + (64 + 31 + 31 * 64 + 7) / 8; /* the largest block */

/* A placed compressed direction, as kernels read it. */
struct emogi_clists {
    const uint64_t *off;   /* entry offsets: degrees, and where weights are */
    const uint64_t *coff;  /* byte offset of each list */
    emogi_arr<uint32_t> w; /* the lists, as 4-byte words */
    uint64_t words;
    /* The graph's id of list 0 (emogi_id_base: an MPI rank's range starts
     * at its first vertex): a block's first id is coded against the id of
     * the vertex whose list it is, not against its index here. */
    uint64_t id0;

    __host__ __device__ emogi_clists() : off(nullptr), coff(nullptr), words(0), id0(0) {}
    explicit emogi_clists(const emogi_placed &p)
        : off(p.d_offsets), coff(p.d_coffsets), w(p.nbr), words(p.nbr.n),
          id0(p.g ? emogi_id_base(p.g) : 0)
    {
    }
};

/* Shared memory for the windows of a block's warps. */
#define EMOGI_CWIN_SHARED(name) __shared__ uint32_t name[BLOCK / 32][CWIN_WORDS]

/* Bytes [lo, hi) of the lists are in buf; lo is a multiple of 128. */
struct emogi_cwin {
    uint32_t *buf;
    uint64_t lo = 0, hi = 0;
    __device__ explicit emogi_cwin(uint32_t (*shared)[CWIN_WORDS]) : buf(shared[threadIdx.x / 32]) {}
};

/* W bits (0..64) from bit BIT of the window. */
__device__ __forceinline__ uint64_t cwin_bits(const uint32_t *buf, uint64_t bit, unsigned w)
{
    const uint32_t i = (uint32_t)(bit >> 5), sh = (uint32_t)(bit & 31);
    const uint32_t a = buf[i], b = buf[i + 1], c = buf[i + 2];
    const uint64_t x =
        (uint64_t)__funnelshift_r(b, c, sh) << 32 | (uint64_t)__funnelshift_r(a, b, sh);
    return w >= 64 ? x : x & ((1ull << w) - 1);
}

/*
 * Make bytes [POS, NEED) of the lists readable in the window, fetching
 * on to WANT (whole lines, at most the window) when a fetch is due.
 * Lines already held from POS's line on are kept.  All lanes call with
 * the same arguments.
 */
__device__ __forceinline__ void cwin_ensure(const emogi_clists &c, emogi_cwin &win,
                                            emogi_lines &lines, uint64_t pos, uint64_t need,
                                            uint64_t want, unsigned lane)
{
    if (pos >= win.lo && need <= win.hi)
        return;
    /* Lanes run apart between barriers (independent thread scheduling):
     * none may still be reading the window when another writes it.
     * Without this a skip entry read just before a refill races with the
     * refill (bench/journal/2026-11-24-compressed-lists-on-the-gpu.md). */
    __syncwarp();
    const uint64_t base = pos & ~127ull;
    if (pos >= win.lo && pos < win.hi) {
        if (base > win.lo) { /* keep [base, hi): move it to the front */
            const uint32_t from = (uint32_t)((base - win.lo) / 4);
            const uint32_t keep = (uint32_t)((win.hi - base + 3) / 4);
            uint32_t r[CWIN_LINES];
#pragma unroll
            for (unsigned k = 0; k < CWIN_LINES; k++) {
                const uint32_t i = lane + 32 * k;
                r[k] = i < keep ? win.buf[from + i] : 0;
            }
            __syncwarp();
#pragma unroll
            for (unsigned k = 0; k < CWIN_LINES; k++) {
                const uint32_t i = lane + 32 * k;
                if (i < keep)
                    win.buf[i] = r[k];
            }
            win.lo = base;
        }
    } else {
        win.lo = win.hi = base;
    }
    uint64_t end = want > need ? want : need;
    end = (end + 127) & ~127ull;
    if (end > win.lo + CWIN_BYTES)
        end = win.lo + CWIN_BYTES;
    if (end > 4 * c.words)
        end = 4 * c.words;
    if (end <= win.hi) { /* past the placed words: nothing to fetch */
        __syncwarp();
        return;
    }
    const uint64_t w0 = win.hi / 4, w1 = end / 4;
    const uint32_t at = (uint32_t)((win.hi - win.lo) / 4);
    uint32_t x[CWIN_LINES];
#pragma unroll
    for (unsigned k = 0; k < CWIN_LINES; k++) {
        const uint64_t j = w0 + lane + 32 * k;
        x[k] = j < w1 ? c.w[j] : 0u;
    }
#pragma unroll
    for (unsigned k = 0; k < CWIN_LINES; k++) {
        const uint64_t j = w0 + lane + 32 * k;
        if (j < w1)
            win.buf[at + lane + 32 * k] = x[k];
    }
    if (lane == 0)
        lines.add(c.w, w0, w1);
    win.hi = end;
    __syncwarp();
}

__device__ __forceinline__ uint64_t clist_unzigzag(uint64_t z)
{
    return (z >> 1) ^ (0 - (z & 1));
}

/* A block's header fields and byte size, at byte POS (in the window). */
struct cblock_head {
    unsigned b, f, mode;
    uint32_t mask;
    uint64_t stream; /* window bit where the block's stream starts */
    uint64_t size;
};

__device__ __forceinline__ cblock_head cblock_parse(const emogi_cwin &win, uint64_t pos, unsigned n)
{
    cblock_head h;
    const uint64_t bit = (pos - win.lo) * 8;
    const unsigned hd = (unsigned)cwin_bits(win.buf, bit, 16);
    h.b = hd & 127;
    h.mode = hd >> 7 & 1;
    h.f = hd >> 8 & 127;
    h.stream = bit + 16;
    h.mask = h.mode ? (uint32_t)cwin_bits(win.buf, h.stream + h.f, n - 1) : 0u;
    const unsigned xbase = h.f + (h.mode ? n - 1 : 0);
    const uint64_t exceptions = n - 1 - (unsigned)__popc(h.mask);
    h.size = 2 + (xbase + exceptions * h.b + 7) / 8;
    return h;
}

/* Lane i's entry of a parsed N-entry block of the vertex whose graph id
 * is U (emogi_clists::id0 plus its list's index), for lanes below
 * M <= N (0 from M on: their fields need not be in the window). */
__device__ __forceinline__ uint64_t cblock_entry(const emogi_cwin &win, const cblock_head &h,
                                                 unsigned n, unsigned m, uint64_t u,
                                                 unsigned lane)
{
    uint64_t g = 0;
    if (lane == 0 && m > 0) {
        g = u + clist_unzigzag(cwin_bits(win.buf, h.stream, h.f));
    } else if (lane < m) {
        const unsigned i = lane - 1; /* gap i, between entries i and i+1 */
        const unsigned rank = h.mode ? i - (unsigned)__popc(h.mask & ((1u << i) - 1)) : i;
        const unsigned xbase = h.f + (h.mode ? n - 1 : 0);
        /* A gap of 1 from the mask reads no field: its rank may point
         * just past the block, and the block may end the window. */
        const bool one = h.mask >> i & 1u;
        const uint64_t at = one ? h.stream : h.stream + xbase + (uint64_t)rank * h.b;
        const uint64_t v = cwin_bits(win.buf, at, h.b);
        g = one ? 1ull : v;
    }
#pragma unroll
    for (unsigned d = 1; d < 32; d *= 2) {
        const uint64_t t = __shfl_up_sync(FULL, g, d);
        if (lane >= d)
            g += t;
    }
    return g;
}

/* How many leading entries of a parsed N-entry block at POS the window
 * holds whole (every field up to theirs below hi): a reader that may stop
 * early tests them before fetching the block's last line. */
__device__ __forceinline__ unsigned cblock_covered(const emogi_cwin &win, const cblock_head &h,
                                                   unsigned n, uint64_t pos, unsigned lane)
{
    const uint64_t avail = (win.hi - pos) * 8 - 16; /* stream bits held */
    const unsigned xbase = h.f + (h.mode ? n - 1 : 0);
    uint64_t end = h.f; /* lane 0: the first id's code */
    if (lane > 0) {
        const unsigned i = lane - 1;
        const unsigned rank = h.mode ? i - (unsigned)__popc(h.mask & ((1u << i) - 1)) : i;
        end = (h.mask >> i & 1u) ? 0 : xbase + (uint64_t)(rank + 1) * h.b;
    }
    const unsigned short_of = __ballot_sync(FULL, lane < n && end > avail);
    return short_of ? (unsigned)__ffs(short_of) - 1 : n;
}

/* Blocks of a list of D entries, and uint64 entries of its skip index. */
__host__ __device__ __forceinline__ uint64_t clist_blocks(uint64_t d) { return (d + 31) / 32; }
__device__ __forceinline__ uint64_t clist_skips(uint64_t nb)
{
    return nb > 32 ? (nb + 31) / 32 - 1 : 0;
}

/* W bits (0..64) from bit BIT of the placed words, read by one thread;
 * words past the end read as 0. */
__device__ __forceinline__ uint64_t clist_bits(const emogi_clists &c, uint64_t bit, unsigned w)
{
    const uint64_t i = bit >> 5;
    const uint32_t sh = (uint32_t)(bit & 31);
    const uint32_t a = i < c.words ? c.w[i] : 0u, b = i + 1 < c.words ? c.w[i + 1] : 0u,
                   d = i + 2 < c.words ? c.w[i + 2] : 0u;
    const uint64_t x =
        (uint64_t)__funnelshift_r(b, d, sh) << 32 | (uint64_t)__funnelshift_r(a, b, sh);
    return w >= 64 ? x : x & ((1ull << w) - 1);
}

/*
 * The first two ids of U's list (fewer when it is shorter), decoded by
 * one thread: Afforest's sampling wants only these, and a warp spent on
 * each vertex's first block makes CC on compressed lists decode-bound,
 * as slow in device memory as over the link
 * (bench/journal/2026-11-24-compressed-lists-on-the-gpu.md).  They are
 * the first block's first id and first gap, within its first 22 bytes.
 * [*W0, *W1) are the words read.  Returns how many ids.
 */
__device__ __forceinline__ unsigned clist_first_two(const emogi_clists &c, uint64_t u,
                                                    uint64_t id[2], uint64_t *w0, uint64_t *w1)
{
    const uint64_t d = c.off[u + 1] - c.off[u];
    *w0 = *w1 = 0;
    if (d == 0)
        return 0;
    const unsigned n = d < 32 ? (unsigned)d : 32u;
    const uint64_t bit = 8 * (c.coff[u] + 8 * clist_skips(clist_blocks(d)));
    const unsigned hd = (unsigned)clist_bits(c, bit, 16);
    const unsigned b = hd & 127, mode = hd >> 7 & 1, f = hd >> 8 & 127;
    const uint64_t stream = bit + 16;
    id[0] = c.id0 + u + clist_unzigzag(clist_bits(c, stream, f));
    uint64_t end = stream + f;
    if (n > 1) {
        /* Gap 0: 1 where the run mask says so, else the first field. */
        const uint32_t mask = mode ? (uint32_t)clist_bits(c, stream + f, n - 1) : 0u;
        const uint64_t field = stream + f + (mode ? n - 1 : 0);
        if (mask & 1u) {
            id[1] = id[0] + 1;
            end = stream + f + n - 1;
        } else {
            id[1] = id[0] + clist_bits(c, field, b);
            end = field + b;
        }
    }
    *w0 = bit >> 5;
    *w1 = (end + 31) >> 5;
    return n > 1 ? 2 : 1;
}

/* Counts the lines of words [W0, W1) that no lower lane counted: lanes
 * hold the lists of consecutive vertices, so their ranges ascend, and a
 * line two lanes share is the lower one's.  All lanes call. */
__device__ __forceinline__ void clist_count_lines(const emogi_clists &c, emogi_lines &lines,
                                                  uint64_t w0, uint64_t w1, unsigned lane)
{
    uint64_t seen = w1; /* the largest end at or below this lane */
#pragma unroll
    for (unsigned d = 1; d < 32; d *= 2) {
        const uint64_t t = __shfl_up_sync(FULL, seen, d);
        if (lane >= d && t > seen)
            seen = t;
    }
    uint64_t below = __shfl_up_sync(FULL, seen, 1);
    if (lane == 0)
        below = 0;
    const uint64_t counted = (below + 31) / 32 * 32; /* 32 words a line */
    const uint64_t from = w0 > counted ? w0 : counted;
    if (w1 > from)
        lines.add(c.w, from, w1);
}

/*
 * The warp decodes blocks [K0, K1) of vertex U's list (block k holds
 * entries 32k..32k+31 of the list), calling USE(valid, j, id) once per
 * block with every lane: lane i holds entry j = off[u] + 32k + i, id ID,
 * when VALID.  USE returns true to stop (the same on every lane).  GREEDY
 * fetches on to the list's end (or the window's); otherwise the first two
 * blocks fetch only the lines they need, for a reader that may stop
 * early, and such a block may first be offered in part (the entries its
 * held lines cover), then whole: USE must not mind seeing an entry
 * twice.  Entries below FROM are decoded but not valid.
 */
template <typename Use>
__device__ __forceinline__ void emogi_warp_clist(const emogi_clists &c, emogi_cwin &win,
                                                 emogi_lines &lines, uint64_t u, uint64_t k0,
                                                 uint64_t k1, uint64_t from, bool greedy,
                                                 unsigned lane, Use use)
{
    const uint64_t e0 = c.off[u], d = c.off[u + 1] - e0;
    const uint64_t cb = c.coff[u], ce = c.coff[u + 1];
    const uint64_t nb = clist_blocks(d);
    if (k1 > nb)
        k1 = nb;
    if (k0 >= k1)
        return;
    const uint64_t k = k0 & ~31ull; /* where the skip index leads */
    uint64_t pos = cb + 8 * clist_skips(nb);
    if (k > 0) {
        const uint64_t at = cb + 8 * (k / 32 - 1);
        cwin_ensure(c, win, lines, at, at + 8, at + 8, lane);
        pos = cb + cwin_bits(win.buf, (at - win.lo) * 8, 64);
    }
    for (uint64_t b = k, step = 0; b < k1; b++, step++) {
        const unsigned n = d - 32 * b < 32 ? (unsigned)(d - 32 * b) : 32u;
        const bool lazy = !greedy && step < 2;
        const uint64_t want = lazy ? pos + 1 : ce;
        const uint64_t head = pos + CBLOCK_HEAD < ce ? pos + CBLOCK_HEAD : ce;
        const uint64_t j = e0 + 32 * b + lane;
        cwin_ensure(c, win, lines, pos, head, want, lane);
        cblock_head h = cblock_parse(win, pos, n);
        if (pos + h.size > win.hi) {
            /* A block of about 74 bytes crosses a line boundary more often
             * than not: a lazy reader first tests the entries the held
             * lines cover, and fetches the next line only if it must. */
            if (lazy && b >= k0) {
                const unsigned m = cblock_covered(win, h, n, pos, lane);
                const uint64_t id = cblock_entry(win, h, n, m, c.id0 + u, lane);
                if (m > 0 && use(lane < m && j >= from, j, id))
                    return;
            }
            cwin_ensure(c, win, lines, pos, pos + h.size, want, lane);
            h = cblock_parse(win, pos, n);
        }
        if (b >= k0) {
            const uint64_t id = cblock_entry(win, h, n, n, c.id0 + u, lane);
            if (use(lane < n && j >= from, j, id))
                return;
        }
        pos += h.size;
    }
}

#endif
