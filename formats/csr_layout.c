/*
 * csr_layout.c - what the header fields imply: which sections exist, how
 * large each must be, where the writer puts them.  The reader derives its
 * expectations from the same functions, so the two cannot disagree.
 * Every size is computed in uint64 with overflow checks: a header may
 * claim 2^40 edges, and that must become a clean error, not a wrap.
 */
#include <stdio.h>
#include <zlib.h>

#include "csr_internal.h"

static const char *const section_names[] = {
    [EMOGI_SEC_OFFSETS] = "offsets",     [EMOGI_SEC_NEIGHBORS] = "neighbors",
    [EMOGI_SEC_WEIGHTS] = "weights",     [EMOGI_SEC_T_OFFSETS] = "t_offsets",
    [EMOGI_SEC_T_NEIGHBORS] = "t_neighbors", [EMOGI_SEC_T_WEIGHTS] = "t_weights",
    [EMOGI_SEC_IDMAP] = "idmap",         [EMOGI_SEC_PROVENANCE] = "provenance",
    [EMOGI_SEC_COFFSETS] = "coffsets",   [EMOGI_SEC_CNEIGHBORS] = "cneighbors",
    [EMOGI_SEC_T_COFFSETS] = "t_coffsets", [EMOGI_SEC_T_CNEIGHBORS] = "t_cneighbors",
    [EMOGI_SEC_PART] = "part",           [EMOGI_SEC_NAME_OFFSETS] = "name_offsets",
    [EMOGI_SEC_NAMES] = "names",
};

const char *emogi_section_name(uint32_t type)
{
    if (type == 0 || type > EMOGI_SEC_MAX_TYPE)
        return "unknown";
    return section_names[type];
}

uint32_t emogi_id_width_for(uint64_t nv)
{
    return nv <= UINT32_MAX ? 4u : 8u;
}

/* "byte 32: ", where a header field lies, for a graph read from a file. */
static const char *field_at(int in_file, unsigned offset, char *buf, size_t cap)
{
    if (!in_file)
        return "";
    snprintf(buf, cap, "byte %u: ", offset);
    return buf;
}

int emogi_csr_check_fields(const struct emogi_graph *g, const char *name, int in_file,
                           emogi_error *err)
{
    char at[32];
    if (g->flags & ~(uint32_t)EMOGI_KNOWN_FLAGS)
        return emogi_fail(err, "%s: %sunknown flags 0x%x", name,
                          field_at(in_file, HDR_FLAGS, at, sizeof at),
                          g->flags & ~(uint32_t)EMOGI_KNOWN_FLAGS);
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "%s: %sid width %u is neither 4 nor 8", name,
                          field_at(in_file, HDR_ID_WIDTH, at, sizeof at), g->id_width);
    if (g->id_width == 4 && emogi_csr_id_bound(g) > UINT32_MAX)
        return emogi_fail(err, "%s: %s%llu vertices do not fit 4-byte ids (at most %llu)", name,
                          field_at(in_file, HDR_ID_WIDTH, at, sizeof at),
                          (unsigned long long)emogi_csr_id_bound(g),
                          (unsigned long long)UINT32_MAX);
    if (g->weight_type > EMOGI_WEIGHT_FLOAT32)
        return emogi_fail(err, "%s: %sunknown weight type %u", name,
                          field_at(in_file, HDR_WEIGHT_TYPE, at, sizeof at), g->weight_type);
    if ((g->flags & EMOGI_IDMAP) && (g->flags & EMOGI_IDNAMES))
        return emogi_fail(err, "%s: %sboth an id map and id names: a vertex has one input id",
                          name, field_at(in_file, HDR_FLAGS, at, sizeof at));
    if ((g->flags & EMOGI_IDNAMES) && emogi_is_part(g))
        return emogi_fail(err, "%s: %sa part file cannot hold id names", name,
                          field_at(in_file, HDR_FLAGS, at, sizeof at));
    if (!(g->flags & EMOGI_WEIGHTED) != (g->weight_type == EMOGI_WEIGHT_NONE))
        return emogi_fail(err, "%s: %sweighted flag %s but weight type is %u", name,
                          field_at(in_file, HDR_FLAGS, at, sizeof at),
                          g->flags & EMOGI_WEIGHTED ? "set" : "clear", g->weight_type);
    return 0;
}

int emogi_csr_section_wanted(uint32_t flags, uint32_t type)
{
    int weighted = (flags & EMOGI_WEIGHTED) != 0, transposed = (flags & EMOGI_TRANSPOSE) != 0;
    int compressed = (flags & EMOGI_COMPRESSED) != 0;
    switch (type) {
    case EMOGI_SEC_OFFSETS:
        return 1;
    case EMOGI_SEC_NEIGHBORS:
        return !compressed;
    case EMOGI_SEC_COFFSETS:
    case EMOGI_SEC_CNEIGHBORS:
        return compressed;
    case EMOGI_SEC_T_COFFSETS:
    case EMOGI_SEC_T_CNEIGHBORS:
        return compressed && transposed;
    case EMOGI_SEC_WEIGHTS:
        return weighted;
    case EMOGI_SEC_T_OFFSETS:
        return transposed;
    case EMOGI_SEC_T_NEIGHBORS:
        return transposed && !compressed;
    case EMOGI_SEC_T_WEIGHTS:
        return weighted && transposed;
    case EMOGI_SEC_IDMAP:
        return (flags & EMOGI_IDMAP) != 0;
    case EMOGI_SEC_PROVENANCE:
        return 2;
    case EMOGI_SEC_PART:
        return (flags & EMOGI_PART) != 0;
    case EMOGI_SEC_NAME_OFFSETS:
    case EMOGI_SEC_NAMES:
        return (flags & EMOGI_IDNAMES) != 0;
    default:
        return 0;
    }
}

/* COUNT items of WIDTH bytes, or a message naming the section and the numbers. */
static int product(uint64_t count, uint64_t width, const char *what, uint32_t type, uint64_t *size,
                   const char *name, emogi_error *err)
{
    if (__builtin_mul_overflow(count, width, size))
        return emogi_fail(err, "%s: section %s would need %llu %s x %llu bytes, past 2^64 bytes",
                          name, emogi_section_name(type), (unsigned long long)count, what,
                          (unsigned long long)width);
    return 0;
}

int emogi_csr_section_size(const struct emogi_graph *g, uint32_t type, uint64_t *size,
                           const char *name, emogi_error *err)
{
    switch (type) {
    case EMOGI_SEC_OFFSETS:
    case EMOGI_SEC_T_OFFSETS:
    case EMOGI_SEC_COFFSETS:
    case EMOGI_SEC_T_COFFSETS:
    case EMOGI_SEC_NAME_OFFSETS:
        if (g->nv == UINT64_MAX)
            return emogi_fail(err, "%s: %llu vertices leave no room for offsets", name,
                              (unsigned long long)g->nv);
        return product(g->nv + 1, 8, "offsets", type, size, name, err);
    case EMOGI_SEC_NEIGHBORS:
        return product(g->ne, g->id_width, "edges", type, size, name, err);
    case EMOGI_SEC_T_NEIGHBORS:
        return product(emogi_csr_t_ne(g), g->id_width, "edges", type, size, name, err);
    case EMOGI_SEC_WEIGHTS:
        return product(g->ne, 4, "edges", type, size, name, err);
    case EMOGI_SEC_T_WEIGHTS:
        return product(emogi_csr_t_ne(g), 4, "edges", type, size, name, err);
    case EMOGI_SEC_PART:
        *size = EMOGI_PART_SECTION_SIZE;
        return 0;
    case EMOGI_SEC_IDMAP:
        return product(g->nv, 8, "vertices", type, size, name, err);
    case EMOGI_SEC_CNEIGHBORS:
    case EMOGI_SEC_T_CNEIGHBORS: {
        const uint64_t *coff = type == EMOGI_SEC_CNEIGHBORS ? g->coffsets : g->t_coffsets;
        if (!coff)
            return emogi_fail(err, "%s: section %s has no offsets to size it", name,
                              emogi_section_name(type));
        *size = coff[g->nv];
        return 0;
    }
    case EMOGI_SEC_NAMES:
        if (!g->name_offsets)
            return emogi_fail(err, "%s: section names has no offsets to size it", name);
        *size = g->name_offsets[g->nv];
        return 0;
    default:
        return emogi_fail(err, "%s: section %s has no implied size", name, emogi_section_name(type));
    }
}

int emogi_csr_plan_layout(const struct emogi_graph *g, struct emogi_csr_plan *p, const char *name,
                          emogi_error *err)
{
    return emogi_csr_plan_layout_sized(g, NULL, p, name, err);
}

int emogi_csr_plan_layout_sized(const struct emogi_graph *g, const uint64_t *cbytes,
                                struct emogi_csr_plan *p, const char *name, emogi_error *err)
{
    uint64_t cursor = EMOGI_CSR_ALIGN;
    memset(p, 0, sizeof *p);
    for (uint32_t type = 1; type <= EMOGI_SEC_MAX_TYPE; type++) {
        uint64_t size;
        if (type == EMOGI_SEC_PROVENANCE) {
            if (!g->provenance || g->provenance_len == 0)
                continue;
            size = g->provenance_len;
        } else if (!emogi_csr_section_wanted(g->flags, type)) {
            continue;
        } else if (cbytes && (type == EMOGI_SEC_CNEIGHBORS || type == EMOGI_SEC_T_CNEIGHBORS)) {
            size = cbytes[type == EMOGI_SEC_T_CNEIGHBORS];
        } else if (emogi_csr_section_size(g, type, &size, name, err) < 0) {
            return -1;
        }
        if (size > UINT64_MAX - cursor - EMOGI_CSR_ALIGN)
            return emogi_fail(err, "%s: section %s (%llu bytes) would end past 2^64 bytes", name,
                              emogi_section_name(type), (unsigned long long)size);
        p->sec[p->nsections++] = (struct emogi_section){.type = type, .offset = cursor, .size = size};
        cursor = round_up_align(cursor + size);
    }
    p->file_size = cursor;
    return 0;
}

void emogi_csr_encode_header(unsigned char *page, const struct emogi_graph *g,
                             const struct emogi_csr_plan *p)
{
    memset(page, 0, EMOGI_CSR_ALIGN);
    memcpy(page + HDR_MAGIC, EMOGI_CSR_MAGIC, 8);
    put_le32(page + HDR_VERSION,
             emogi_compressed(g) ? EMOGI_CSR_VERSION_COMPRESSED : EMOGI_CSR_VERSION);
    put_le64(page + HDR_NV, g->nv);
    put_le64(page + HDR_NE, g->ne);
    put_le32(page + HDR_FLAGS, g->flags);
    put_le32(page + HDR_ID_WIDTH, g->id_width);
    put_le32(page + HDR_WEIGHT_TYPE, g->weight_type);
    put_le32(page + HDR_NSECTIONS, p->nsections);
    put_le64(page + HDR_FILE_SIZE, p->file_size);
    for (uint32_t i = 0; i < p->nsections; i++) {
        unsigned char *e = page + HDR_TABLE + (size_t)i * HDR_ENTRY_SIZE;
        put_le32(e, p->sec[i].type);
        put_le32(e + 4, p->sec[i].crc32);
        put_le64(e + 8, p->sec[i].offset);
        put_le64(e + 16, p->sec[i].size);
    }
    put_le32(page + HDR_CRC, emogi_csr_header_crc(page));
}

uint32_t emogi_csr_header_crc(const unsigned char *page)
{
    static const unsigned char zero[4];
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, page, HDR_CRC);
    crc = crc32(crc, zero, 4);
    crc = crc32(crc, page + HDR_CRC + 4, EMOGI_CSR_ALIGN - HDR_CRC - 4);
    return (uint32_t)crc;
}

const void *emogi_csr_section_data(const struct emogi_graph *g, uint32_t type)
{
    switch (type) {
    case EMOGI_SEC_OFFSETS: return g->offsets;
    case EMOGI_SEC_NEIGHBORS: return g->neighbors;
    case EMOGI_SEC_WEIGHTS: return g->weights;
    case EMOGI_SEC_T_OFFSETS: return g->t_offsets;
    case EMOGI_SEC_T_NEIGHBORS: return g->t_neighbors;
    case EMOGI_SEC_T_WEIGHTS: return g->t_weights;
    case EMOGI_SEC_IDMAP: return g->idmap;
    case EMOGI_SEC_PROVENANCE: return g->provenance;
    case EMOGI_SEC_COFFSETS: return g->coffsets;
    case EMOGI_SEC_CNEIGHBORS: return g->cneighbors;
    case EMOGI_SEC_T_COFFSETS: return g->t_coffsets;
    case EMOGI_SEC_T_CNEIGHBORS: return g->t_cneighbors;
    /* the host is little-endian and the struct has no padding: it is the section */
    case EMOGI_SEC_PART: return emogi_is_part(g) ? &g->part : NULL;
    case EMOGI_SEC_NAME_OFFSETS: return g->name_offsets;
    case EMOGI_SEC_NAMES: return g->names;
    default: return NULL;
    }
}
