/*
 * csr_open.c - map a .csr and prove it safe to traverse.
 *
 * The mapping is MAP_SHARED + PROT_READ on purpose: the GPU loader pins it
 * with cudaHostRegister(Mapped | ReadOnly), which registers this kind
 * quickly, while on a private read-only mapping the registration can hang
 * (bench/REFERENCE.md, "Pinning a mapped .csr file").
 *
 * Validation goes from cheap to expensive: header page, then the section
 * table against the sizes the header implies (all in overflow-checked
 * uint64), then one parallel pass over offsets and neighbours
 * (csr_check.c).  Checksums are left to emogi_csr_verify().
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csr_internal.h"

static int check_header_page(const unsigned char *page, uint64_t actual, const char *path,
                             emogi_error *err)
{
    if (memcmp(page + HDR_MAGIC, EMOGI_CSR_MAGIC, 8) != 0)
        return emogi_fail(err, "%s: byte 0: not a .csr file (bad magic)", path);
    uint32_t version = get_le32(page + HDR_VERSION);
    if (version != EMOGI_CSR_VERSION && version != EMOGI_CSR_VERSION_COMPRESSED)
        return emogi_fail(err, "%s: byte %u: format version %u, this build reads versions %u and "
                               "%u",
                          path, HDR_VERSION, version, EMOGI_CSR_VERSION,
                          EMOGI_CSR_VERSION_COMPRESSED);
    uint32_t stored = get_le32(page + HDR_CRC), computed = emogi_csr_header_crc(page);
    if (stored != computed)
        return emogi_fail(err, "%s: header checksum mismatch in bytes 0 to %u (stored 0x%08x at "
                               "byte %u, computed 0x%08x)",
                          path, EMOGI_CSR_ALIGN - 1, stored, HDR_CRC, computed);
    uint64_t claimed = get_le64(page + HDR_FILE_SIZE);
    if (claimed != actual)
        return emogi_fail(err, "%s: byte %u: file is %llu bytes but its header says %llu "
                               "(truncated?)",
                          path, HDR_FILE_SIZE, (unsigned long long)actual,
                          (unsigned long long)claimed);
    if (actual % EMOGI_CSR_ALIGN != 0)
        return emogi_fail(err, "%s: file size %llu is not a multiple of %u", path,
                          (unsigned long long)actual, EMOGI_CSR_ALIGN);
    return 0;
}

/* Version 2 is what announces compressed lists, so the two go together:
 * a reader of version 1 refuses such a file instead of misreading it. */
static int check_version(const unsigned char *page, const struct emogi_graph *g, const char *path,
                         emogi_error *err)
{
    uint32_t version = get_le32(page + HDR_VERSION);
    uint32_t want = emogi_compressed(g) ? EMOGI_CSR_VERSION_COMPRESSED : EMOGI_CSR_VERSION;
    if (version != want)
        return emogi_fail(err, "%s: byte %u: format version %u, but the compressed flag is %s "
                               "(version %u)",
                          path, HDR_VERSION, version, emogi_compressed(g) ? "set" : "clear", want);
    return 0;
}

static void decode_header(const unsigned char *page, struct emogi_graph *g)
{
    g->nv = get_le64(page + HDR_NV);
    g->ne = get_le64(page + HDR_NE);
    g->flags = get_le32(page + HDR_FLAGS);
    g->id_width = get_le32(page + HDR_ID_WIDTH);
    g->weight_type = get_le32(page + HDR_WEIGHT_TYPE);
    g->nsections = get_le32(page + HDR_NSECTIONS);
    for (uint32_t i = 0; i < g->nsections && i < EMOGI_CSR_MAX_SECTIONS; i++) {
        const unsigned char *e = page + HDR_TABLE + (size_t)i * HDR_ENTRY_SIZE;
        g->sections[i] = (struct emogi_section){
            .type = get_le32(e), .crc32 = get_le32(e + 4),
            .offset = get_le64(e + 8), .size = get_le64(e + 16)};
    }
}

/* The byte offset of table entry I's field at FIELD (0 type, 8 offset, 16 size). */
static unsigned entry_at(uint32_t i, unsigned field)
{
    return HDR_TABLE + i * HDR_ENTRY_SIZE + field;
}

/* One table entry: a known, wanted, unseen type, aligned, after its
 * predecessor, inside the file.  A refusal names the entry's field. */
static int check_entry(const struct emogi_graph *g, uint32_t i, uint64_t prev_end, uint64_t file_size,
                       unsigned *seen, const char *path, emogi_error *err)
{
    const struct emogi_section *s = &g->sections[i];
    const char *sec = emogi_section_name(s->type);
    if (s->type == 0 || s->type > EMOGI_SEC_MAX_TYPE)
        return emogi_fail(err, "%s: byte %u: section table entry %u has unknown type %u", path,
                          entry_at(i, 0), i, s->type);
    if (*seen & (1u << s->type))
        return emogi_fail(err, "%s: byte %u: section %s appears twice (table entry %u)", path,
                          entry_at(i, 0), sec, i);
    *seen |= 1u << s->type;
    if (!emogi_csr_section_wanted(g->flags, s->type))
        return emogi_fail(err, "%s: byte %u: section %s present but the header flags do not call "
                               "for it",
                          path, entry_at(i, 0), sec);
    if (s->offset % EMOGI_CSR_ALIGN != 0)
        return emogi_fail(err, "%s: byte %u: section %s at offset %llu is not %u-byte aligned",
                          path, entry_at(i, 8), sec, (unsigned long long)s->offset,
                          EMOGI_CSR_ALIGN);
    if (s->offset < prev_end)
        return emogi_fail(err, "%s: byte %u: section %s at offset %llu overlaps what precedes it "
                               "(ends at %llu)",
                          path, entry_at(i, 8), sec, (unsigned long long)s->offset,
                          (unsigned long long)prev_end);
    if (s->size > file_size || s->offset > file_size - s->size)
        return emogi_fail(err, "%s: byte %u: section %s (%llu bytes at offset %llu) extends past "
                               "the end of the file (%llu bytes)",
                          path, entry_at(i, 16), sec, (unsigned long long)s->size,
                          (unsigned long long)s->offset, (unsigned long long)file_size);
    if (emogi_csr_sized_by_content(s->type))
        return 0;
    uint64_t want;
    if (emogi_csr_section_size(g, s->type, &want, path, err) < 0)
        return -1;
    if (s->size != want)
        return emogi_fail(err, "%s: byte %u: section %s is %llu bytes; %llu vertices, %llu edges "
                               "and %u-byte ids imply %llu",
                          path, entry_at(i, 16), sec, (unsigned long long)s->size,
                          (unsigned long long)g->nv, (unsigned long long)g->ne, g->id_width,
                          (unsigned long long)want);
    return 0;
}

/* The part section, read before the table is checked: the transpose's
 * sizes and the id bound depend on it.  The table check then sees its
 * entry again like any other. */
static int read_part(struct emogi_graph *g, const char *path, emogi_error *err)
{
    if (!emogi_is_part(g))
        return 0;
    for (uint32_t i = 0; i < g->nsections && i < EMOGI_CSR_MAX_SECTIONS; i++) {
        const struct emogi_section *s = &g->sections[i];
        if (s->type != EMOGI_SEC_PART)
            continue;
        if (s->size != EMOGI_PART_SECTION_SIZE)
            return emogi_fail(err, "%s: byte %u: section part is %llu bytes, not %u", path,
                              entry_at(i, 16), (unsigned long long)s->size,
                              EMOGI_PART_SECTION_SIZE);
        if (s->offset > g->map_size - s->size)
            return emogi_fail(err, "%s: byte %u: section part (at offset %llu) extends past the "
                                   "end of the file (%zu bytes)",
                              path, entry_at(i, 8), (unsigned long long)s->offset, g->map_size);
        memcpy(&g->part, (const unsigned char *)g->map + s->offset, sizeof g->part);
        return emogi_csr_check_part(g, path, err);
    }
    return emogi_fail(err, "%s: required section part is missing", path);
}

static int check_table(const struct emogi_graph *g, uint64_t file_size, const char *path,
                       emogi_error *err)
{
    unsigned seen = 0;
    uint64_t end = EMOGI_CSR_ALIGN;
    if (g->nsections > EMOGI_CSR_MAX_SECTIONS)
        return emogi_fail(err, "%s: byte %u: %u sections, at most %u allowed", path,
                          HDR_NSECTIONS, g->nsections, EMOGI_CSR_MAX_SECTIONS);
    for (uint32_t i = 0; i < g->nsections; i++) {
        if (check_entry(g, i, end, file_size, &seen, path, err) < 0)
            return -1;
        end = g->sections[i].offset + g->sections[i].size;
    }
    for (uint32_t type = 1; type <= EMOGI_SEC_MAX_TYPE; type++)
        if (emogi_csr_section_wanted(g->flags, type) == 1 && !(seen & (1u << type)))
            return emogi_fail(err, "%s: required section %s is missing", path, emogi_section_name(type));
    return 0;
}

void emogi_csr_point_section(struct emogi_graph *g, uint32_t type, const void *p, uint64_t size)
{
    switch (type) {
    case EMOGI_SEC_OFFSETS: g->offsets = p; break;
    case EMOGI_SEC_NEIGHBORS: g->neighbors = p; break;
    case EMOGI_SEC_WEIGHTS: g->weights = p; break;
    case EMOGI_SEC_T_OFFSETS: g->t_offsets = p; break;
    case EMOGI_SEC_T_NEIGHBORS: g->t_neighbors = p; break;
    case EMOGI_SEC_T_WEIGHTS: g->t_weights = p; break;
    case EMOGI_SEC_IDMAP: g->idmap = p; break;
    case EMOGI_SEC_PROVENANCE: g->provenance = p; g->provenance_len = (size_t)size; break;
    case EMOGI_SEC_COFFSETS: g->coffsets = p; break;
    case EMOGI_SEC_CNEIGHBORS: g->cneighbors = p; break;
    case EMOGI_SEC_T_COFFSETS: g->t_coffsets = p; break;
    case EMOGI_SEC_T_CNEIGHBORS: g->t_cneighbors = p; break;
    case EMOGI_SEC_PART: memcpy(&g->part, p, sizeof g->part); break;
    case EMOGI_SEC_NAME_OFFSETS: g->name_offsets = p; break;
    case EMOGI_SEC_NAMES: g->names = p; break;
    }
}

static void point_into_map(struct emogi_graph *g)
{
    const unsigned char *base = g->map;
    for (uint32_t i = 0; i < g->nsections; i++)
        emogi_csr_point_section(g, g->sections[i].type, base + g->sections[i].offset,
                                g->sections[i].size);
}

static int map_file(const char *path, struct emogi_graph *g, emogi_error *err)
{
    struct stat st;
    /* O_NONBLOCK: a FIFO must be refused, not waited on for a writer. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return emogi_fail(err, "%s: %s", path, strerror(errno));
    if (fstat(fd, &st) < 0) {
        int e = errno;
        close(fd);
        return emogi_fail(err, "%s: %s", path, strerror(e));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return emogi_fail(err, "%s: not a regular file (a .csr graph is mapped into memory, so "
                               "it cannot be a FIFO, a device or a folder)",
                          path);
    }
    if ((uint64_t)st.st_size < EMOGI_CSR_ALIGN || (uint64_t)st.st_size > SIZE_MAX) {
        close(fd);
        return emogi_fail(err, "%s: file is %llu bytes, too short for the %u-byte header", path,
                          (unsigned long long)st.st_size, EMOGI_CSR_ALIGN);
    }
    void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    int e = errno;
    close(fd);
    if (m == MAP_FAILED)
        return emogi_fail(err, "%s: mmap failed: %s", path, strerror(e));
    g->map = m;
    g->map_size = (size_t)st.st_size;
    g->path = path;
    return 0;
}

/* The header, the table and every offsets array; the lists when LISTS. */
static int open_graph(const char *path, struct emogi_graph *g, int lists, emogi_error *err)
{
    memset(g, 0, sizeof *g);
    if (map_file(path, g, err) < 0)
        return -1;
    const unsigned char *page = g->map;
    if (check_header_page(page, g->map_size, path, err) < 0)
        goto fail;
    decode_header(page, g);
    if (emogi_csr_check_fields(g, path, 1, err) < 0 || check_version(page, g, path, err) < 0 ||
        read_part(g, path, err) < 0 || check_table(g, g->map_size, path, err) < 0)
        goto fail;
    point_into_map(g);
    if ((lists ? emogi_csr_check_content(g, path, err) : emogi_csr_check_offsets(g, path, err)) < 0)
        goto fail;
    return 0;
fail:
    emogi_csr_close(g);
    return -1;
}

int emogi_csr_open(const char *path, struct emogi_graph *g, emogi_error *err)
{
    return open_graph(path, g, 1, err);
}

int emogi_csr_open_offsets(const char *path, struct emogi_graph *g, emogi_error *err)
{
    return open_graph(path, g, 0, err);
}

void emogi_csr_close(struct emogi_graph *g)
{
    if (g->map)
        munmap(g->map, g->map_size);
    memset(g, 0, sizeof *g);
}

int emogi_csr_verify(const struct emogi_graph *g, emogi_error *err)
{
    const unsigned char *base = g->map;
    for (uint32_t i = 0; base && i < g->nsections; i++) {
        const struct emogi_section *s = &g->sections[i];
        uint32_t crc = emogi_crc32(base + s->offset, (size_t)s->size);
        if (crc != s->crc32)
            return emogi_fail(err, "%s: checksum mismatch in section %s (stored 0x%08x, computed 0x%08x)",
                              g->path, emogi_section_name(s->type), s->crc32, crc);
    }
    return 0;
}
