/*
 * emogi_clist.h - compressed neighbour lists ("gap blocks with a run
 * mask"), the encoding of the coffsets/cneighbors sections that
 * emogi-csr(5) specifies.  Not installed: libemogi's own readers and
 * writers share it (formats/, loader/, kernels/, convert/); users reach
 * the encoding through emogi_csr_compress_lists() and
 * emogi_csr_decompress().  A list of d sorted ids of vertex u is cut into
 * blocks of 32 entries; each block holds its first id absolutely (as a
 * zigzag difference from u) and then the gaps, either all at one bit
 * width (mode 0) or as a mask of the gaps equal to 1 plus the other gaps
 * at one width (mode 1).  Lists of more than 32 blocks start with a skip
 * index so that any block decodes without its predecessors' bits.
 *
 * Every decoder here takes the list's byte range and never reads outside
 * it, valid data or not: a corrupt list gives -1, not a fault.
 */
#ifndef EMOGI_CLIST_H
#define EMOGI_CLIST_H

#include <stddef.h>
#include <stdint.h>

#include "emogi_csr.h"

#define EMOGI_CLIST_BLOCK 32u  /* entries per block */
#define EMOGI_CLIST_SKIP 32u   /* blocks per skip-index entry */

/* The small arithmetic of the encoding, for every encoder and decoder:
 * bits needed for X, and the zigzag code of a first id's difference. */
static inline unsigned emogi_clist_bit_width(uint64_t x)
{
    return x ? 64u - (unsigned)__builtin_clzll(x) : 0u;
}
static inline uint64_t emogi_clist_zigzag(uint64_t x)
{
    return (x << 1) ^ (uint64_t)((int64_t)x >> 63);
}
static inline uint64_t emogi_clist_unzigzag(uint64_t c)
{
    return (c >> 1) ^ (0 - (c & 1));
}

/* Blocks of a list of D entries, and uint64 entries of its skip index. */
static inline uint64_t emogi_clist_blocks(uint64_t d)
{
    return d / EMOGI_CLIST_BLOCK + (d % EMOGI_CLIST_BLOCK != 0);
}
static inline uint64_t emogi_clist_skip_entries(uint64_t nb)
{
    return nb > EMOGI_CLIST_SKIP ? (nb + EMOGI_CLIST_SKIP - 1) / EMOGI_CLIST_SKIP - 1 : 0;
}

/*
 * Encode the D ascending ids IDS (WIDTH 4 or 8 bytes each) of vertex U
 * into OUT, or only count when OUT is NULL; returns the byte size either
 * way.  The encoding is canonical: one list, one byte string.
 */
uint64_t emogi_clist_encode(const void *ids, uint32_t width, uint64_t d, uint64_t u,
                            unsigned char *out);

/* Why a list failed to decode or to validate (emogi_clist_check). */
enum emogi_clist_fault {
    EMOGI_CLIST_OK = 0,
    EMOGI_CLIST_SHORT,      /* a block or the skip index runs past the list */
    EMOGI_CLIST_WIDTH,      /* gap width past the id width, or f past 64 */
    EMOGI_CLIST_RESERVED,   /* bit 7 of f set, or mode 1 on a one-entry block */
    EMOGI_CLIST_PADDING,    /* nonzero bits after a block's last field */
    EMOGI_CLIST_RANGE,      /* an id not below nv */
    EMOGI_CLIST_DESCENDING, /* an id below its predecessor (or a sum past 2^64) */
    EMOGI_CLIST_SKIP_INDEX, /* a skip entry not where its block starts */
    EMOGI_CLIST_LENGTH      /* the last block ends before the list does */
};

/* What went wrong, for a message: the fault, the entry index it concerns
 * (when it concerns one), and the value found there. */
struct emogi_clist_report {
    enum emogi_clist_fault fault;
    uint64_t entry;
    uint64_t value, prev;
};

/* A sentence for a fault ("block runs past the end of the list"). */
const char *emogi_clist_fault_text(enum emogi_clist_fault f);

/*
 * Check list U (D entries in LEN bytes at LIST) completely: every block's
 * header, bounds, padding, ids below NV and non-decreasing, the skip
 * index, the exact length.  0, or -1 with *REP filled.
 */
int emogi_clist_check(const unsigned char *list, uint64_t len, uint64_t d, uint64_t u,
                      uint64_t nv, uint32_t width, struct emogi_clist_report *rep);

/* Decode the whole list into OUT (D entries); 0, or -1 on a corrupt list. */
int emogi_clist_decode(const unsigned char *list, uint64_t len, uint64_t d, uint64_t u,
                       uint64_t *out);

/*
 * One block at a time, for a reader that may stop early (bottom-up BFS)
 * or start anywhere: emogi_clist_seek() places the iterator on block K,
 * through the skip index and then at most 31 block headers, without
 * decoding the blocks before it.
 */
struct emogi_clist_iter {
    const unsigned char *list;
    uint64_t len, d, u;
    uint64_t block; /* the next block to decode */
    uint64_t pos;   /* its byte offset in the list */
};

/* Start IT at block 0 of vertex U's list of D entries, LEN bytes at LIST.
 * Reads nothing yet: a corrupt list shows at the first seek or next. */
void emogi_clist_iter_init(struct emogi_clist_iter *it, const unsigned char *list, uint64_t len,
                           uint64_t d, uint64_t u);
/* 0, or -1 when K is past the last block or the list is corrupt. */
int emogi_clist_seek(struct emogi_clist_iter *it, uint64_t k);
/* Decode the next block into OUT[0..n-1] and return n (1..32); 0 after
 * the last block; -1 on a corrupt block. */
int emogi_clist_next(struct emogi_clist_iter *it, uint64_t out[EMOGI_CLIST_BLOCK]);

/*
 * Bottom-up BFS's question of a list: which is its first entry whose bit
 * is set in BITMAP?  Decodes only up to that entry, counting the entries
 * decoded in *READ (all D when none is set).  1 when one is, 0 when none,
 * -1 on a corrupt list.
 */
int emogi_clist_find_in_bitmap(const unsigned char *list, uint64_t len, uint64_t d, uint64_t u,
                               const uint64_t *bitmap, uint64_t *read);

/* The list of vertex U in a compressed direction (coffsets, cneighbors). */
static inline const unsigned char *emogi_clist_of(const uint64_t *coff, const unsigned char *cn,
                                                  uint64_t u, uint64_t *len)
{
    *len = coff[u + 1] - coff[u];
    return cn + coff[u];
}

/*
 * One direction's neighbour lists in either encoding, read a block of up
 * to 32 ids at a time: for readers outside the search's inner loops
 * (parents, checks) that serve plain and compressed graphs with one loop.
 */
struct emogi_lists {
    const uint64_t *off;          /* nv+1 entry offsets */
    const void *ids;              /* plain: the ids, WIDTH bytes each */
    const uint64_t *coff;         /* compressed (then ids is NULL): byte */
    const unsigned char *cbytes;  /* offsets of the lists, and the lists */
    uint32_t width;
    /* The id of the lists' vertex 0: the lists of vertices first .. are
     * entries 0 .. (0 from emogi_lists_out and _transpose; an MPI rank
     * reading a part file sets its part's first, so that it opens lists
     * by the whole graph's ids, and compressed lists decode as the
     * vertex they are encoded for). */
    uint64_t first;
};

/* G's out-edges. */
static inline struct emogi_lists emogi_lists_out(const struct emogi_graph *g)
{
    int c = emogi_compressed(g);
    return (struct emogi_lists){g->offsets, g->neighbors, c ? g->coffsets : NULL,
                                c ? g->cneighbors : NULL, g->id_width, 0};
}

/* G's stored transpose (a directed graph's in-edges); off is NULL when
 * there is none. */
static inline struct emogi_lists emogi_lists_transpose(const struct emogi_graph *g)
{
    int c = emogi_compressed(g);
    return (struct emogi_lists){g->t_offsets, g->t_neighbors, c ? g->t_coffsets : NULL,
                                c ? g->t_cneighbors : NULL, g->id_width, 0};
}

/* One list of an emogi_lists being read: emogi_list_open, then
 * emogi_list_next until it gives 0. */
struct emogi_list_reader {
    const struct emogi_lists *l;
    uint64_t e, end; /* plain: the next entry and the list's end */
    struct emogi_clist_iter it; /* compressed */
};

/* The length of the list of vertex U (at least l->first) of L. */
static inline uint64_t emogi_list_len(const struct emogi_lists *l, uint64_t u)
{
    return l->off[u - l->first + 1] - l->off[u - l->first];
}

/* Start reading the list of vertex U (at least l->first) of L. */
static inline void emogi_list_open(struct emogi_list_reader *r, const struct emogi_lists *l,
                                   uint64_t u)
{
    r->l = l;
    r->e = l->off[u - l->first];
    r->end = l->off[u - l->first + 1];
    if (l->coff) {
        uint64_t len;
        const unsigned char *list = emogi_clist_of(l->coff, l->cbytes, u - l->first, &len);
        emogi_clist_iter_init(&r->it, list, len, r->end - r->e, u);
    }
}

/* The list's next ids into OUT: how many (1..32), 0 at its end, -1 when
 * a compressed list is corrupt (never for a file emogi_csr_open checked). */
static inline int emogi_list_next(struct emogi_list_reader *r, uint64_t out[EMOGI_CLIST_BLOCK])
{
    if (r->l->coff)
        return emogi_clist_next(&r->it, out);
    uint64_t n = r->end - r->e < EMOGI_CLIST_BLOCK ? r->end - r->e : EMOGI_CLIST_BLOCK;
    for (uint64_t i = 0; i < n; i++)
        out[i] = r->l->width == 4 ? ((const uint32_t *)r->l->ids)[r->e + i]
                                  : ((const uint64_t *)r->l->ids)[r->e + i];
    r->e += n;
    return (int)n;
}

/*
 * The lengths of the NV lists that OFF (nv+1 offsets) bounds, each to
 * within a quarter of an octave in a byte (its bit length and the two
 * bits below the top one; the lengths 0-3 as they are), into CLS: what
 * emogi_lists_firsts ranks neighbours by.
 */
void emogi_length_classes(const uint64_t *off, uint64_t nv, unsigned char *cls);

/*
 * One id of each of L's lists of vertices l->first .. + NV - 1 into OUT
 * (NV ids of WIDTH bytes; 0 for an empty list), in parallel: of the
 * list's first 32 entries (a compressed list's first block), the one
 * whose own list is longest, to within a quarter of an octave, the
 * earliest of equals.  The lengths are CLASSES[id] (emogi_length_classes
 * of the whole graph's lists, NCLASSES of them, by its ids) where given:
 * a part of a graph (an MPI rank's range) then ranks the neighbours
 * outside it too; NULL: L's own lists', ids outside L's vertices counting
 * as empty.  A GPU's bottom-up level settles a vertex whose kept
 * in-neighbour is in the frontier without reading its list; the
 * longest-listed of the head settles about as many as the longest-listed
 * of the whole list would, and leaves fewer lists to read than the
 * head's first entry alone
 * (bench/journal/2026-11-27-which-in-neighbour-to-keep.md).  0, or -1
 * when a compressed list is corrupt.
 */
int emogi_lists_firsts(const struct emogi_lists *l, uint64_t nv, uint32_t width,
                       const unsigned char *classes, uint64_t nclasses, void *out);

/*
 * Compress a whole direction: the lists given by OFF and IDS (WIDTH-byte
 * ids) of NV vertices into new arrays *COFF (nv+1 byte offsets) and
 * *BYTES (the lists), in parallel; free() both.  -1 with *ERR filled
 * for a width other than 4 or 8, or when out of memory.
 */
int emogi_clist_compress(const uint64_t *off, const void *ids, uint32_t width, uint64_t nv,
                         uint64_t **coff, unsigned char **bytes, emogi_error *err);

/* The reverse: decode every list into *IDS (WIDTH-byte ids, off[nv] of
 * them, a new array to free()).  -1 with *ERR filled on a corrupt list
 * or out of memory. */
int emogi_clist_decompress(const uint64_t *off, const uint64_t *coff, const unsigned char *bytes,
                           uint64_t nv, uint32_t width, void **ids, emogi_error *err);

#endif
