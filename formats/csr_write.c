/*
 * csr_write.c - turn in-memory CSR arrays into a .csr file, atomically.
 *
 * The writer runs the same structural checks the reader runs, so a bug in
 * a converter shows up here, naming the output, and never as a file that
 * later refuses to open.  Checksums are taken before writing (in parallel,
 * see crc32.c) so the header page goes out first and the sections stream
 * after it in one pass, each straight from the caller's array.  One pass,
 * never a seek: so the output may as well be a pipe or a device.
 * emogi_csr_write_plain() is the same writer for callers that hold plain
 * lists only (the Python package): it encodes them when asked to compress.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "csr_internal.h"
#include "emogi_clist.h"

static int check_arrays(const struct emogi_graph *g, const struct emogi_csr_plan *p, const char *path,
                        emogi_error *err)
{
    for (uint32_t i = 0; i < p->nsections; i++)
        if (p->sec[i].size > 0 && !emogi_csr_section_data(g, p->sec[i].type))
            return emogi_fail(err, "%s: section %s is called for but its array is NULL", path,
                              emogi_section_name(p->sec[i].type));
    if (!g->offsets)
        return emogi_fail(err, "%s: offsets array is NULL", path);
    if ((g->flags & EMOGI_TRANSPOSE) && !g->t_offsets)
        return emogi_fail(err, "%s: transpose flag set but t_offsets is NULL", path);
    return 0;
}

static void checksum_sections(const struct emogi_graph *g, struct emogi_csr_plan *p)
{
    for (uint32_t i = 0; i < p->nsections; i++) {
        const void *data = emogi_csr_section_data(g, p->sec[i].type);
        p->sec[i].crc32 = emogi_crc32(data, (size_t)p->sec[i].size);
    }
}

/*
 * Reserve the whole file up front where the file system can: a full disk
 * or a size limit then fails at once instead of after gigabytes.
 */
static int reserve_space(struct emogi_atomic *a, uint64_t size, emogi_error *err)
{
#ifdef HAVE_POSIX_FALLOCATE
    if (a->direct) /* a device or a stream: nothing to reserve, and offset 0 is not ours */
        return 0;
    int e = posix_fallocate(a->fd, 0, (off_t)size);
    if (e == ENOSPC || e == EFBIG)
        return emogi_fail(err, "%s: cannot reserve %llu bytes: %s", a->path,
                          (unsigned long long)size, strerror(e));
#else
    (void)a, (void)size, (void)err;
#endif
    return 0;
}

static int write_sections(struct emogi_atomic *a, const struct emogi_graph *g,
                          const struct emogi_csr_plan *p, emogi_error *err)
{
    static const unsigned char zeros[EMOGI_CSR_ALIGN];
    uint64_t pos = EMOGI_CSR_ALIGN;
    for (uint32_t i = 0; i < p->nsections; i++) {
        const struct emogi_section *s = &p->sec[i];
        if (emogi_write_all(a, zeros, (size_t)(s->offset - pos), err) < 0 ||
            emogi_write_all(a, emogi_csr_section_data(g, s->type), (size_t)s->size, err) < 0)
            return -1;
        pos = s->offset + s->size;
    }
    return emogi_write_all(a, zeros, (size_t)(p->file_size - pos), err);
}

/* Every check emogi_csr_prepare() makes, laying G out into PLAN. */
static int check_graph(const struct emogi_graph *g, const char *path, struct emogi_csr_plan *plan,
                       emogi_error *err)
{
    if (emogi_csr_check_fields(g, path, 0, err) < 0 || emogi_csr_check_part(g, path, err) < 0 ||
        emogi_csr_plan_layout(g, plan, path, err) < 0)
        return -1;
    if (plan->file_size > SIZE_MAX)
        return emogi_fail(err, "%s: %llu bytes do not fit this machine's address space", path,
                          (unsigned long long)plan->file_size);
    if (check_arrays(g, plan, path, err) < 0 || emogi_csr_check_content(g, path, err) < 0)
        return -1;
    return 0;
}

int emogi_csr_prepare(const struct emogi_graph *g, const char *path, struct emogi_csr_plan *plan,
                      unsigned char *page, emogi_error *err)
{
    if (check_graph(g, path, plan, err) < 0)
        return -1;
    checksum_sections(g, plan);
    emogi_csr_encode_header(page, g, plan);
    return 0;
}

int emogi_csr_emit(struct emogi_atomic *a, const struct emogi_graph *g,
                   const struct emogi_csr_plan *plan, const unsigned char *page, emogi_error *err)
{
    if (reserve_space(a, plan->file_size, err) < 0 ||
        emogi_write_all(a, page, EMOGI_CSR_ALIGN, err) < 0 || write_sections(a, g, plan, err) < 0)
        return -1;
    return 0;
}

int emogi_csr_write(const char *path, const struct emogi_graph *g, emogi_error *err)
{
    struct emogi_csr_plan plan;
    unsigned char page[EMOGI_CSR_ALIGN];
    struct emogi_atomic a;

    if (emogi_csr_prepare(g, path, &plan, page, err) < 0 || emogi_atomic_open(&a, path, err) < 0)
        return -1;
    if (emogi_csr_emit(&a, g, &plan, page, err) < 0) {
        emogi_atomic_abort(&a);
        return -1;
    }
    return emogi_atomic_commit(&a, err);
}

/*
 * The plain lists pass the writer's checks before they are encoded: the
 * encoder takes each list as ascending and in range, and the check of the
 * encoded lists would report a bad id by its block, not its place.
 */
int emogi_csr_write_plain(const char *path, const struct emogi_graph *g, int compress,
                          emogi_error *err)
{
    struct emogi_csr_plan plan;
    if (emogi_compressed(g))
        return emogi_fail(err, "%s: the lists must be given plain (ask for compressed ones with "
                          "COMPRESS, not the flag)", path);
    if (!compress)
        return emogi_csr_write(path, g, err);
    if (emogi_is_part(g))
        return emogi_fail(err, "%s: a part file's lists are encoded for the whole graph's ids: "
                          "compress the whole graph, then split it", path);
    if (check_graph(g, path, &plan, err) < 0)
        return -1;
    struct emogi_graph c = *g;
    uint64_t *coff = NULL, *t_coff = NULL;
    unsigned char *bytes = NULL, *t_bytes = NULL;
    int rc = emogi_clist_compress(g->offsets, g->neighbors, g->id_width, g->nv, &coff, &bytes, err);
    if (rc == 0 && (g->flags & EMOGI_TRANSPOSE))
        rc = emogi_clist_compress(g->t_offsets, g->t_neighbors, g->id_width, g->nv, &t_coff,
                                  &t_bytes, err);
    if (rc == 0) {
        c.flags |= EMOGI_COMPRESSED;
        c.neighbors = c.t_neighbors = NULL;
        c.coffsets = coff, c.cneighbors = bytes;
        c.t_coffsets = t_coff, c.t_cneighbors = t_bytes;
        rc = emogi_csr_write(path, &c, err);
    }
    free(coff), free(bytes), free(t_coff), free(t_bytes);
    return rc;
}
