/*
 * csr_internal.h - what the formats/ files share and no caller needs:
 * the header page's byte offsets, little-endian field access, the section
 * plan that writer and reader both derive from the header fields, and the
 * content checks that both run.  emogi-csr(5) is the specification these
 * constants implement.
 */
#ifndef EMOGI_CSR_INTERNAL_H
#define EMOGI_CSR_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "emogi_csr.h"

/* The format is little-endian and arrays are used in place, so the host must be too. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "emogi maps .csr arrays in place and needs a little-endian host"
#endif

/* OpenMP directives that vanish in a serial build without -Wunknown-pragmas noise. */
#ifdef _OPENMP
#define EMOGI_PRAGMA(...) _Pragma(#__VA_ARGS__)
#define EMOGI_OMP(...) EMOGI_PRAGMA(omp __VA_ARGS__)
#else
#define EMOGI_OMP(...)
#endif

/* Byte offsets of the header fields (emogi-csr(5), "Header"). */
enum {
    HDR_MAGIC = 0,
    HDR_VERSION = 8,
    HDR_CRC = 12,
    HDR_NV = 16,
    HDR_NE = 24,
    HDR_FLAGS = 32,
    HDR_ID_WIDTH = 36,
    HDR_WEIGHT_TYPE = 40,
    HDR_NSECTIONS = 44,
    HDR_FILE_SIZE = 48,
    HDR_RESERVED = 56,
    HDR_TABLE = 64,
    HDR_ENTRY_SIZE = 24 /* type u32, crc32 u32, offset u64, size u64 */
};

#define EMOGI_KNOWN_FLAGS \
    (EMOGI_DIRECTED | EMOGI_WEIGHTED | EMOGI_TRANSPOSE | EMOGI_IDMAP | EMOGI_COMPRESSED | \
     EMOGI_PART | EMOGI_IDNAMES)
#define EMOGI_SEC_MAX_TYPE EMOGI_SEC_NAMES
#define EMOGI_PART_SECTION_SIZE 64u /* struct emogi_part on disk */

/* The edges of G's transpose: ne, except in a part (its in-edges differ). */
static inline uint64_t emogi_csr_t_ne(const struct emogi_graph *g)
{
    return emogi_is_part(g) ? g->part.t_ne : g->ne;
}

/* Neighbour ids are below this: the whole graph's vertex count. */
static inline uint64_t emogi_csr_id_bound(const struct emogi_graph *g)
{
    return emogi_is_part(g) ? g->part.nv : g->nv;
}

/* A part section's fields agree with each other and with G's header. */
int emogi_csr_check_part(const struct emogi_graph *g, const char *name, emogi_error *err);

static inline uint32_t get_le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t get_le64(const unsigned char *p)
{
    return (uint64_t)get_le32(p) | (uint64_t)get_le32(p + 4) << 32;
}

static inline void put_le32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static inline void put_le64(unsigned char *p, uint64_t v)
{
    put_le32(p, (uint32_t)v);
    put_le32(p + 4, (uint32_t)(v >> 32));
}

static inline uint64_t round_up_align(uint64_t x)
{
    return (x + EMOGI_CSR_ALIGN - 1) / EMOGI_CSR_ALIGN * EMOGI_CSR_ALIGN;
}

/* Where each present section goes, in type order, and how long the file is. */
struct emogi_csr_plan {
    uint32_t nsections;
    struct emogi_section sec[EMOGI_CSR_MAX_SECTIONS];
    uint64_t file_size;
};

/* Point G's array for a section of TYPE (SIZE bytes) at P; other types
 * are left alone.  The one table of which section fills which field. */
void emogi_csr_point_section(struct emogi_graph *g, uint32_t type, const void *p, uint64_t size);

/* Header fields that make sense together: known flags, id width 4 or 8
 * (4 only below 2^32 vertices), a known weight type that agrees with the
 * weighted flag, not both an id map and names, no names in a part.  0, or
 * -1 naming NAME and the field: with IN_FILE (G was read from a header)
 * also the field's byte offset. */
int emogi_csr_check_fields(const struct emogi_graph *g, const char *name, int in_file,
                           emogi_error *err);

/*
 * Whether FLAGS call for section TYPE: 1 required, 0 forbidden,
 * 2 optional (provenance).
 */
int emogi_csr_section_wanted(uint32_t flags, uint32_t type);

/*
 * The exact byte size the header fields imply for section TYPE (not
 * provenance), with every product checked for uint64 overflow.  The
 * compressed lists' size is what their offsets say (coffsets[nv]), so a
 * graph in memory has one and a file's table entry is checked against
 * its offsets instead.
 */
int emogi_csr_section_size(const struct emogi_graph *g, uint32_t type, uint64_t *size,
                           const char *name, emogi_error *err);

/* Lay out G's sections as the writer places them (crc32 left zero). */
int emogi_csr_plan_layout(const struct emogi_graph *g, struct emogi_csr_plan *p, const char *name,
                          emogi_error *err);
/* The same with the compressed lists' sizes given, CBYTES[0] for
 * cneighbors and [1] for t_cneighbors, instead of read from coffsets: for
 * a writer that places the sections before it has the offsets (the
 * out-of-core merge).  Sections of lower type do not move with them. */
int emogi_csr_plan_layout_sized(const struct emogi_graph *g, const uint64_t *cbytes,
                                struct emogi_csr_plan *p, const char *name, emogi_error *err);

/* Encode G's fields and PLAN's table into the 4096-byte header PAGE,
 * its checksum last; and that checksum of a PAGE: the crc32 of the page
 * with its own checksum field read as zero, which the reader compares. */
void emogi_csr_encode_header(unsigned char *page, const struct emogi_graph *g,
                             const struct emogi_csr_plan *p);
uint32_t emogi_csr_header_crc(const unsigned char *page);

/*
 * The structural checks that make traversal safe, over arrays already
 * known to have the right sizes: offsets from 0 to ne and monotone,
 * neighbour ids below nv and each list non-decreasing, float weights
 * finite; the same for the transpose.
 */
int emogi_csr_check_content(const struct emogi_graph *g, const char *name, emogi_error *err);
/* emogi_csr_check_content without the lists: names and every offsets array. */
int emogi_csr_check_offsets(const struct emogi_graph *g, const char *name, emogi_error *err);

/* Whether TYPE is a section of compressed lists, whose size is its own. */
static inline int emogi_csr_sized_by_content(uint32_t type)
{
    return type == EMOGI_SEC_PROVENANCE || type == EMOGI_SEC_CNEIGHBORS ||
           type == EMOGI_SEC_T_CNEIGHBORS || type == EMOGI_SEC_NAMES;
}

/* Pointer to the array of section TYPE in G, or NULL. */
const void *emogi_csr_section_data(const struct emogi_graph *g, uint32_t type);

/* The folder part of PATH ("." for a bare name, "/" at the root), a new string. */
char *emogi_folder_of(const char *path);

/* PATH with symbolic links followed to the final target (a new string);
 * a missing or dangling target comes back as named.  NULL on a loop. */
char *emogi_link_target(const char *path, emogi_error *err);

/* emogi_csr_write() in two steps, for a writer that commits several
 * files together: check G and lay it out into PLAN and the header PAGE
 * (EMOGI_CSR_ALIGN bytes), naming PATH in messages; then write it all
 * into A, already open (on failure A is the caller's to abort). */
int emogi_csr_prepare(const struct emogi_graph *g, const char *path, struct emogi_csr_plan *plan,
                      unsigned char *page, emogi_error *err);
int emogi_csr_emit(struct emogi_atomic *a, const struct emogi_graph *g,
                   const struct emogi_csr_plan *plan, const unsigned char *page, emogi_error *err);

#endif
