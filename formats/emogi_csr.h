/*
 * emogi_csr.h - the .csr file: an aligned, checksummed binary CSR graph.
 *
 * The byte layout is specified in emogi-csr(5); this header is the C view
 * of it.  A struct emogi_graph is either an opened file (its arrays point
 * into a read-only mapping) or arrays built in memory that
 * emogi_csr_write() turns into a file.
 *
 * Every function that can fail returns 0 on success and -1 on failure,
 * filling *err with a message that names the file ("g.csr: checksum
 * mismatch in section neighbors") but not the program: only tools print.
 * None prints, exits or keeps state between calls.
 *
 * The stable interface comes first.  The section marked "internal" at the
 * end holds what emogi's own tools and MPI ranks share through libemogi
 * (output files, option tables, a rank's partial open): exported, but it
 * may change between releases without notice.
 */
#ifndef EMOGI_CSR_H
#define EMOGI_CSR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* libemogi is built with -fvisibility=hidden: only the functions marked
 * EMOGI_API, those declared in the installed headers, are its public API;
 * the functions its folders share among themselves stay internal. */
#if defined(__GNUC__)
#define EMOGI_API __attribute__((visibility("default")))
#else
#define EMOGI_API
#endif

#define EMOGI_CSR_MAGIC "EMOGICSR" /* 8 bytes, no terminator on disk */
#define EMOGI_CSR_VERSION 1u            /* files without compressed lists */
#define EMOGI_CSR_VERSION_COMPRESSED 2u /* files with them (EMOGI_COMPRESSED) */
#define EMOGI_CSR_ALIGN 4096u      /* every section starts on this boundary */
#define EMOGI_CSR_MAX_SECTIONS 16u

/* An error message for the caller to print after its program name. */
typedef struct emogi_error {
    char msg[1024];
} emogi_error;

/*
 * Format a message into ERR->msg as printf does (cut at 1023 bytes); ERR
 * may be NULL, and then nothing is written.  Always returns -1, so that
 * a failing function can end with `return emogi_fail(err, ...)`.
 */
EMOGI_API int emogi_fail(emogi_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

enum emogi_graph_flags {
    EMOGI_DIRECTED = 1u << 0,  /* else undirected, stored symmetric */
    EMOGI_WEIGHTED = 1u << 1,  /* weights section present */
    EMOGI_TRANSPOSE = 1u << 2, /* in-edges stored (directed graphs) */
    EMOGI_IDMAP = 1u << 3,     /* compact id -> input id map present */
    EMOGI_COMPRESSED = 1u << 4, /* neighbour lists compressed (emogi_clist.h) */
    EMOGI_PART = 1u << 5,       /* one part of a larger graph: see struct emogi_part */
    EMOGI_IDNAMES = 1u << 6     /* compact id -> input name (string ids) present */
};

enum emogi_weight_type {
    EMOGI_WEIGHT_NONE = 0,
    EMOGI_WEIGHT_UINT32 = 1,
    EMOGI_WEIGHT_FLOAT32 = 2
};

enum emogi_section_type {
    EMOGI_SEC_OFFSETS = 1,     /* uint64[nv+1] */
    EMOGI_SEC_NEIGHBORS = 2,   /* id_width bytes x ne, each list ascending */
    EMOGI_SEC_WEIGHTS = 3,     /* 4 bytes x ne, parallel to neighbors */
    EMOGI_SEC_T_OFFSETS = 4,   /* transpose: uint64[nv+1] */
    EMOGI_SEC_T_NEIGHBORS = 5, /* transpose: id_width bytes x ne */
    EMOGI_SEC_T_WEIGHTS = 6,   /* transpose: 4 bytes x ne */
    EMOGI_SEC_IDMAP = 7,       /* uint64[nv]: compact id -> input id */
    EMOGI_SEC_PROVENANCE = 8,  /* UTF-8 text, "key: value" lines */
    EMOGI_SEC_COFFSETS = 9,    /* compressed: uint64[nv+1] byte offsets into cneighbors */
    EMOGI_SEC_CNEIGHBORS = 10, /* compressed lists back to back (emogi_clist.h) */
    EMOGI_SEC_T_COFFSETS = 11, /* the same for the transpose */
    EMOGI_SEC_T_CNEIGHBORS = 12,
    EMOGI_SEC_PART = 13,       /* struct emogi_part, 64 bytes */
    EMOGI_SEC_NAME_OFFSETS = 14, /* uint64[nv+1] byte offsets into names */
    EMOGI_SEC_NAMES = 15         /* the names back to back, strictly ascending */
};

/* The name of section type TYPE as messages and emogi-info spell it
 * ("neighbors"), or "unknown" for a type this build does not know. */
EMOGI_API const char *emogi_section_name(uint32_t type);

/* One entry of the on-disk section table (see emogi-csr(5)). */
struct emogi_section {
    uint32_t type;
    uint32_t crc32;  /* zlib crc32 of the section's size bytes */
    uint64_t offset; /* from start of file, multiple of EMOGI_CSR_ALIGN */
    uint64_t size;   /* bytes, without padding */
};

/*
 * What a part file (EMOGI_PART) is a part of.  It holds the lists of the
 * whole graph's vertices first .. end-1 as its own vertices 0 .. nv-1
 * (nv = end - first; offsets local to the file), with neighbour ids
 * GLOBAL: below this nv, not the file's.  The on-disk section is this
 * struct, little-endian, 64 bytes (emogi-csr(5), "Part files").
 */
struct emogi_part {
    uint32_t index;        /* this part: 0 .. count-1 */
    uint32_t count;        /* parts the whole graph was split into */
    uint64_t first, end;   /* the whole graph's ids of this file's vertices: [first, end) */
    uint64_t nv, ne;       /* the whole graph's vertices and stored edges */
    uint64_t edge_first;   /* the whole graph's offsets[first] */
    uint64_t t_ne;         /* in-edges stored here: t_offsets[end - first]; 0 without transpose */
    uint64_t t_edge_first; /* the whole graph's t_offsets[first]; 0 without transpose */
};

struct emogi_graph {
    uint64_t nv;          /* vertices */
    uint64_t ne;          /* stored (directed) edges: offsets[nv] */
    uint32_t flags;       /* enum emogi_graph_flags */
    uint32_t id_width;    /* 4 or 8 */
    uint32_t weight_type; /* enum emogi_weight_type */

    const uint64_t *offsets;   /* nv+1 */
    const void *neighbors;     /* uint32_t or uint64_t per id_width */
    const void *weights;       /* uint32_t or float, or NULL */
    const uint64_t *t_offsets; /* NULL unless EMOGI_TRANSPOSE */
    const void *t_neighbors;
    const void *t_weights;
    const uint64_t *idmap;  /* NULL unless EMOGI_IDMAP */
    const char *provenance; /* not NUL-terminated; may be NULL */
    size_t provenance_len;

    /* Filled by emogi_csr_open(); zero for in-memory graphs. */
    const char *path;
    void *map;
    size_t map_size;
    uint32_t nsections;
    struct emogi_section sections[EMOGI_CSR_MAX_SECTIONS];

    /* Set instead of neighbors / t_neighbors when EMOGI_COMPRESSED: the
     * byte offset of each vertex's list (nv+1; coffsets[nv] is the bytes
     * of cneighbors) and the lists (emogi_clist.h decodes them). */
    const uint64_t *coffsets;
    const unsigned char *cneighbors;
    const uint64_t *t_coffsets; /* NULL unless EMOGI_TRANSPOSE */
    const unsigned char *t_cneighbors;

    /* Set when EMOGI_PART; zero otherwise. */
    struct emogi_part part;

    /* Set when EMOGI_IDNAMES (string ids, emogi-csr(5) "Id names"): vertex
     * v's input name is names[name_offsets[v] .. name_offsets[v+1]), no
     * terminator; the names are unique and in ascending byte order. */
    const uint64_t *name_offsets;
    const char *names;
};

/* Whether G's neighbour lists are compressed (neighbors is then NULL). */
static inline int emogi_compressed(const struct emogi_graph *g)
{
    return (g->flags & EMOGI_COMPRESSED) != 0;
}

/* Entry I (below g->ne) of G's plain neighbour array, whatever the id
 * width.  Not for compressed lists: see emogi_csr_decompress(). */
static inline uint64_t emogi_neighbor(const struct emogi_graph *g, uint64_t i)
{
    return g->id_width == 4 ? ((const uint32_t *)g->neighbors)[i]
                            : ((const uint64_t *)g->neighbors)[i];
}

/* The out-degree of vertex V (below g->nv): the length of its stored list. */
static inline uint64_t emogi_degree(const struct emogi_graph *g, uint64_t v)
{
    return g->offsets[v + 1] - g->offsets[v];
}

/* Whether G is one part of a larger graph (emogi-csr(5), "Part files"). */
static inline int emogi_is_part(const struct emogi_graph *g)
{
    return (g->flags & EMOGI_PART) != 0;
}

/* The whole graph's id of G's vertex 0: a part's first vertex (a part
 * file, or one MPI rank's range of a graph: emogi_range_open), else 0.
 * Compressed lists are encoded against whole-graph ids, so a decoder of
 * G's list u starts from emogi_id_base(g) + u. */
static inline uint64_t emogi_id_base(const struct emogi_graph *g)
{
    return emogi_is_part(g) ? g->part.first : 0;
}

/* ---- opening, checking, closing and writing a .csr file ---- */

/*
 * Map the file PATH read-only (shared) and validate it into *G: header
 * sanity, every section inside the file and of the size the header
 * implies, offsets monotone from 0 to ne, every neighbour id below nv (a
 * part file's: below the whole graph's nv, and its part section
 * consistent), lists ascending (checked in parallel); for compressed
 * lists every block as emogi_clist_check() sees it.  After a successful
 * open no traversal can read out of bounds.  Checksums are not read here:
 * see emogi_csr_verify().
 *
 * G's arrays then point into the mapping, and g->path is PATH itself,
 * which must outlive G.  Returns 0, or -1 with *ERR naming PATH and what
 * was wrong (cannot be opened, not a regular file, bad magic, a version
 * this build does not read, a header checksum, size or section mismatch,
 * the first bad offset or id); *G is then zeroed and nothing stays mapped.
 */
EMOGI_API int emogi_csr_open(const char *path, struct emogi_graph *g, emogi_error *err);

/*
 * Compare every section's crc32 with the one the table stores, reading
 * each section of an opened G once (in parallel).  0 when all match, or
 * for an in-memory G (nothing to compare); else -1 with *ERR naming the
 * file and the first mismatching section ("checksum mismatch in section
 * neighbors (stored 0x..., computed 0x...)").
 */
EMOGI_API int emogi_csr_verify(const struct emogi_graph *g, emogi_error *err);

/* Unmap an opened graph and zero *G.  Harmless on an in-memory graph,
 * whose arrays stay the caller's to free (only *G is zeroed). */
EMOGI_API void emogi_csr_close(struct emogi_graph *g);

/*
 * Write G to PATH as a .csr file.  The caller fills nv, ne, flags,
 * id_width, weight_type and the arrays the flags call for (and
 * provenance, if any); path/map/sections are ignored.  G must pass the
 * checks emogi_csr_open() makes, run here before anything is written, so
 * that a bad graph fails naming PATH rather than becoming a file that
 * later refuses to open.
 *
 * The file is written atomically: a temporary in PATH's folder, renamed
 * into place only when complete and synced (as emogi_atomic_open(), below,
 * does it: "-" is standard output, a device or FIFO is written in place).
 * Returns 0, or -1 with *ERR filled (an inconsistent header field, a NULL
 * array the flags call for, a bad offset or id, no space, a failed write);
 * on failure nothing is left at PATH and an existing file is untouched.
 */
EMOGI_API int emogi_csr_write(const char *path, const struct emogi_graph *g, emogi_error *err);

/*
 * Make *G, whose arrays the caller holds in memory, a graph the
 * traversals take, checked as emogi_csr_open() checks a file.  The caller
 * fills nv, flags, id_width, weight_type and the arrays the flags call
 * for (offsets, neighbors; weights, t_offsets, t_neighbors, t_weights,
 * idmap, name_offsets, names as flagged) and may set provenance; this
 * sets ne from offsets[nv], path to NAME (which must outlive G, and
 * which messages name), and zeroes the file's fields.  The arrays stay
 * the caller's, unchanged and uncopied, for as long as G is used;
 * emogi_csr_close() only zeroes *G.  Returns 0, or -1 with *ERR naming
 * NAME when a field is inconsistent, an array the flags call for is NULL
 * or one they do not call for is given, the flags ask for compressed
 * lists or a part (files only), or the content fails a check of
 * emogi_csr_open (offsets from 0 and monotone, ids below nv, each list
 * ascending, float weights finite, names ascending).
 */
EMOGI_API int emogi_csr_from_arrays(struct emogi_graph *g, const char *name, emogi_error *err);

/* This libemogi's version, "MAJOR.MINOR.PATCH": the tools' --version
 * number, and the Python package's emogi.__version__. */
EMOGI_API const char *emogi_version(void);

/* ---- part files and the balanced split ---- */

/*
 * What G is a part of, in *P: for a part file its part section (returns
 * 1); for a whole graph the one part that covers it (returns 0): index 0
 * of count 1, vertices 0 .. nv, its ne, t_ne = t_offsets[nv] (0 without
 * transpose), edge_first = t_edge_first = 0.  So a caller handles both the
 * same way: G's vertex v is the whole graph's P->first + v.  Never fails.
 */
EMOGI_API int emogi_csr_part(const struct emogi_graph *g, struct emogi_part *p);

/*
 * The balanced split of a graph of NV vertices into NPARTS contiguous
 * ranges of vertices, part k being SPLIT[k] .. SPLIT[k+1]-1 (SPLIT holds
 * NPARTS+1 entries; SPLIT[0] = 0, SPLIT[NPARTS] = NV).  A vertex with its
 * out-list weighs 1 + its degree: with W(v) = v + OFFSETS[v] (the weight
 * of vertices 0 .. v-1) and total W(NV) = NV + OFFSETS[NV], SPLIT[k] is
 * the first v with W(v) >= floor(k * total / NPARTS) (exact, in 128-bit
 * arithmetic), moved so that no part is empty when NPARTS <= NV (SPLIT[k]
 * at least SPLIT[k-1] + 1, at most NV - (NPARTS - k)).  Then no part
 * weighs more than ceil(total / NPARTS) plus the largest degree.  When
 * NPARTS > NV some parts are necessarily empty.  OFFSETS need only be
 * monotone; they are read at O(NPARTS log NV) places.  Returns 0, or -1
 * with *ERR filled when NPARTS is 0.  emogi-convert --partitions and the
 * tools' ranks use this one split.
 */
EMOGI_API int emogi_partition(const uint64_t *offsets, uint64_t nv, uint32_t nparts,
                              uint64_t *split, emogi_error *err);

/* The same with OFFSETS given as a function: OFFSET_AT(CTX, v) for v in
 * 0 .. NV (for offsets that are not one array in memory). */
EMOGI_API int emogi_partition_fn(uint64_t (*offset_at)(const void *ctx, uint64_t v),
                                 const void *ctx, uint64_t nv, uint32_t nparts, uint64_t *split,
                                 emogi_error *err);

/* ---- ids ---- */

/*
 * The input name of vertex V of G (string ids), *LEN bytes, not
 * NUL-terminated; NULL when G has no names or V is not below nv (*LEN is
 * then left alone).
 */
EMOGI_API const char *emogi_csr_id_name(const struct emogi_graph *g, uint64_t v, size_t *len);

/* The vertex whose input name is the LEN bytes at NAME, in *V: 0, or -1
 * when G has no names or none is that one (a binary search; *V is then
 * left alone, and there is no message: the caller says what it looked for). */
EMOGI_API int emogi_csr_find_name(const struct emogi_graph *g, const char *name, size_t len,
                                  uint64_t *v);

/* Smallest id width (4 or 8) that holds every id below nv. */
EMOGI_API uint32_t emogi_id_width_for(uint64_t nv);

/* ---- compressed lists ---- */

/*
 * Write G, whose lists are plain arrays, to PATH as emogi_csr_write()
 * does: the same checks, the same bytes, the same output handling (see
 * emogi_atomic_open: a regular file or a link's target is replaced
 * atomically, a device or a FIFO is written in place).  For callers that
 * hold only plain arrays, such as the Python package's emogi.write.
 *   PATH      the output, "-" for standard output.
 *   G         nv, ne, flags, id_width, weight_type, offsets, neighbors,
 *             and as the flags call for them weights, t_offsets,
 *             t_neighbors, t_weights, idmap, names (and provenance); the
 *             compressed fields, path, map and sections are ignored.  Its
 *             flags must not include EMOGI_COMPRESSED.
 *   COMPRESS  nonzero: the file stores the lists compressed
 *             (EMOGI_COMPRESSED, the encoding of emogi-convert --compress,
 *             made here), the weights plain; G must then be a whole graph
 *             (not EMOGI_PART).  0: plain lists, exactly emogi_csr_write().
 * G is not changed.  Returns 0, or -1 with *ERR naming PATH when G fails
 * a check (the flag EMOGI_COMPRESSED set, a list not ascending, an id out
 * of range, ...), memory for the compressed lists runs out, or the output
 * cannot be written; a regular file at PATH is then as it was.
 */
EMOGI_API int emogi_csr_write_plain(const char *path, const struct emogi_graph *g, int compress,
                                    emogi_error *err);

/*
 * Decode the compressed neighbour lists of an opened G (its transpose's
 * when TRANSPOSE) into IDS, g->ne ids of g->id_width bytes that the
 * caller allocated (a part's transpose: part.t_ne ids): the plain
 * neighbors array of the same graph.  Returns 0, or -1 with *ERR filled
 * when G is not compressed, has no such lists, or a list is corrupt
 * (never for a file that emogi_csr_open() accepted).
 */
EMOGI_API int emogi_csr_decompress(const struct emogi_graph *g, int transpose, void *ids,
                                   emogi_error *err);

/*
 * The compressed lists (EMOGI_COMPRESSED; the encoding emogi-convert
 * --compress writes) of one direction: NV vertices' ascending lists given
 * by OFF (nv+1 entries) and IDS (WIDTH-byte ids, 4 or 8), encoded as the
 * lists of vertices 0 .. NV-1 of a whole graph.  Called with BYTES NULL it
 * fills COFF (nv+1 byte offsets; coff[nv] is the lists' total size);
 * called again with the same COFF and BYTES of coff[nv] bytes it encodes
 * the lists there (the coffsets and cneighbors sections).  The caller
 * owns both arrays.  Runs in parallel.  Returns 0, or -1 with *ERR filled
 * for a width other than 4 or 8.
 */
EMOGI_API int emogi_csr_compress_lists(const uint64_t *off, const void *ids, uint32_t width,
                                       uint64_t nv, uint64_t *coff, unsigned char *bytes,
                                       emogi_error *err);

/* ---- small helpers ---- */

/* zlib's crc32 of LEN bytes at BUF (the value crc32(0, BUF, LEN) gives),
 * computed in parallel over large buffers and combined.  Never fails. */
EMOGI_API uint32_t emogi_crc32(const void *buf, size_t len);

/* A size such as 800M or 12G: a decimal count of bytes with an optional
 * K, M, G or T (powers of 1024; either case), at least 1 byte and below
 * 2^64.  0 and *BYTES, or -1 (nothing else after it, no sign, no blanks;
 * no message: the caller names the option).  Every size option of the
 * tools (--memory, --gpu-memory) reads through it. */
EMOGI_API int emogi_parse_size(const char *s, uint64_t *bytes);

/* ---- internal: for emogi's tools and ranks; not a stable interface ---- */

/* Monotonic seconds from an arbitrary start (CLOCK_MONOTONIC): every
 * phase timing in the library and the tools reads this one clock. */
EMOGI_API double emogi_now(void);

/* The spellings of an enum for options and stats, one table per enum:
 * emogi_name_of gives NAMES[I] for I below N (and not NULL), else
 * "unknown"; emogi_name_find gives the index of S among them (an exact,
 * case-sensitive match), or -1. */
EMOGI_API const char *emogi_name_of(const char *const *names, unsigned n, unsigned i);
EMOGI_API int emogi_name_find(const char *const *names, unsigned n, const char *s);

/*
 * For a process that reads only some vertices' lists (an MPI rank of
 * the traversal tools, which maps the whole file and reads its range):
 * emogi_csr_open_offsets checks all that emogi_csr_open does but the
 * lists, which it never reads, and emogi_csr_check_range then checks the
 * lists of vertices [LO, HI), both directions, weights included, as
 * emogi_csr_open would.  Read no list before its range is checked.  Both
 * return 0, or -1 with *ERR filled as emogi_csr_open() fills it (and, for
 * the range, when [LO, HI) is not within G's vertices); a failed
 * emogi_csr_open_offsets leaves *G zeroed and nothing mapped.
 */
EMOGI_API int emogi_csr_open_offsets(const char *path, struct emogi_graph *g, emogi_error *err);
EMOGI_API int emogi_csr_check_range(const struct emogi_graph *g, uint64_t lo, uint64_t hi,
                                    emogi_error *err);

/*
 * Output files that appear whole or not at all (used by every tool that
 * writes one).
 *
 * emogi_atomic_open() opens PATH for a complete rewrite, as the kind of
 * file it is:
 *  - a regular file, or a name not there yet: a temporary in the target's
 *    folder, renamed over the target by emogi_atomic_commit() once complete
 *    and synced; on failure the old file is untouched.  A symbolic link is
 *    followed to its final target, which is replaced; the link stays.  The
 *    temporary is unnamed (O_TMPFILE) where the file system allows, so even
 *    SIGKILL leaves nothing; elsewhere it is "TARGET.tmp.XXXXXX", which the
 *    signal handlers below remove but SIGKILL cannot.
 *  - "-", or any name for the file standard output is: standard output, at
 *    its current position.
 *  - a character or block device, a FIFO: opened for writing and written
 *    in place, never replaced (so /dev/null stays a device).  A failed run
 *    may have written part of the output there; nothing can be taken back.
 * Writes are sequential (emogi_write_all); pwrite() is only for outputs
 * that are not direct (see emogi_output_is_direct).  Returns 0 with *A
 * open, or -1 with *ERR naming PATH (a folder, no permission, no
 * temporary possible beside it); *A is then not open and needs no abort.
 *
 * emogi_atomic_install_signals() sets handlers for SIGINT, SIGTERM, SIGHUP
 * and SIGPIPE that remove named temporaries before the process dies.  Also
 * ignores SIGXFSZ so that a file-size limit shows up as a write error
 * (EFBIG) rather than a killed process.
 */
struct emogi_atomic {
    int fd;
    char *path;     /* as given, for messages ("standard output" for "-") */
    char *target;   /* the file renamed over: PATH with links followed */
    char *tmp_path; /* TARGET.tmp.XXXXXX, once named */
    int direct;     /* written in place: no temporary, no rename */
    int unnamed;    /* an O_TMPFILE not linked yet */
};
EMOGI_API int emogi_atomic_open(struct emogi_atomic *a, const char *path, emogi_error *err);
/* The same, but a regular file's temporary is always named (tmp_path),
 * never unnamed: other processes (MPI ranks) can open it and write their
 * parts before this one commits. */
EMOGI_API int emogi_atomic_open_named(struct emogi_atomic *a, const char *path,
                                      emogi_error *err);
/* Finish an open A: fsync, close and rename the temporary over the target
 * (a direct output is only closed).  0, or -1 with *ERR naming the step
 * that failed ("fsync failed: ..."); A is closed either way, and after a
 * failure the temporary is gone and the target untouched. */
EMOGI_API int emogi_atomic_commit(struct emogi_atomic *a, emogi_error *err);
/* Give up an open A: close it and remove its temporary (a direct output
 * keeps what was written).  Harmless on an A that is not open. */
EMOGI_API void emogi_atomic_abort(struct emogi_atomic *a);
EMOGI_API void emogi_atomic_install_signals(void);
/*
 * A run with several outputs (the graph and its --stats-file, a names
 * file, part files) commits them together: after emogi_atomic_hold(),
 * emogi_atomic_commit() syncs a file and keeps it, open and unrenamed, in
 * a group of the process; emogi_atomic_commit_held() then names and
 * closes every file of the group, and only when all of that succeeded
 * renames them over their targets, in the order committed.  So a run
 * that fails before its last output is complete (a stats file on a full
 * disk, a part that cannot be written) leaves every old output as it was;
 * only a rename failing after the earlier renames (rare: the temporaries
 * sit in their targets' folders) leaves those earlier ones replaced.
 * Direct outputs (standard output, a device, a FIFO) are written in place
 * and cannot wait.  The hold registers emogi_atomic_abort_held() with
 * atexit(), so a tool that exits on an error leaves no temporaries and no
 * replaced output; abort_held removes the group's temporaries and ends
 * the hold, as commit_held does after its renames.  A tool calls hold
 * first thing in main and commit_held last, after its stats are written.
 * Not for threads committing at once: the group is one per process.
 */
EMOGI_API void emogi_atomic_hold(void);
EMOGI_API int emogi_atomic_commit_held(emogi_error *err);
/* The steps of commit_held that may fail, alone, before any rename: every
 * held file named and closed; 0 (commit_held then only renames), or -1
 * with *ERR, after which the group is only for abort_held (or exit).  MPI
 * ranks agree on its outcome before rank 0 renames. */
EMOGI_API int emogi_atomic_ready_held(emogi_error *err);
EMOGI_API void emogi_atomic_abort_held(void);
/* Write all LEN bytes of BUF to A, resuming after short writes and EINTR:
 * 0, or -1 with *ERR naming a->path and strerror (ENOSPC, EFBIG); the
 * caller then aborts A. */
EMOGI_API int emogi_write_all(struct emogi_atomic *a, const void *buf, size_t len,
                              emogi_error *err);

/* 1 when emogi_atomic_open(PATH) would write in place (standard output, a
 * device, a FIFO), 0 when through a temporary and a rename. */
EMOGI_API int emogi_output_is_direct(const char *path);

/*
 * 1 when A and B name one file or stream, else 0.  "-" stands for the
 * stream on descriptor FD_A (or FD_B): 0 where the path is an input, 1
 * where it is an output.  Files that exist compare by device and inode,
 * so ./x, hard links, symbolic links and /dev/stdout match; names not
 * there yet compare by their absolute form (folder resolved).  Tools use
 * it to refuse two outputs into one file, or an output over an input.
 */
EMOGI_API int emogi_same_file(const char *a, int fd_a, const char *b, int fd_b);

#ifdef __cplusplus
}
#endif
#endif
