/*
 * fuzz_csr.c - libFuzzer target for emogi_csr_open() and emogi_csr_verify().
 *
 * A .csr is mostly zero padding, so the input is a compact picture of
 * one: byte 0 holds switches, the next 512 bytes start the header page
 * (the header and a full section table take 448) and each further 512
 * bytes start the next page.  Switch 0x1 recomputes the header crc (or
 * every mutated header fails there), 0x2 writes the real file size into
 * the header, 0x4 recomputes the crc of every section the table places
 * inside the file; with 0x8 the rest of the input is the file as it is,
 * of any length.  tests/fuzz/fuzz_seeds.sh packs real files this way.
 *
 * A file that opens must be safe to walk.  Each section is copied into a
 * buffer of exactly its size, so that AddressSanitizer sees a read past
 * it (inside the mapping it would not), and a breadth-first search from
 * every unvisited vertex follows the offsets and neighbours of both
 * directions, reading every weight, idmap entry and provenance byte.
 * Compressed lists are decoded whole, and block by block from a seek to
 * each block through the skip index, which must give the same ids.  A
 * part file's ids are the whole graph's: they must be below its vertex
 * count, and only those in the part's range are followed.
 */
#include <math.h>

#include "csr_internal.h"
#include "emogi_clist.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define PIECE 512u

static volatile uint64_t sink; /* what the walk read, so that it is not optimised away */

/* The file the input describes, into *out (malloc'd); its length. */
static size_t expand(const uint8_t *data, size_t size, unsigned char **out)
{
    if (data[0] & 0x8) {
        *out = malloc(size);
        memcpy(*out, data + 1, size - 1);
        return size - 1;
    }
    size_t rest = size - 1, pages = rest > PIECE ? (rest + PIECE - 1) / PIECE : 1;
    unsigned char *f = calloc(pages, EMOGI_CSR_ALIGN);
    for (size_t k = 0, at = 1; at < size; k++, at += PIECE)
        memcpy(f + k * EMOGI_CSR_ALIGN, data + at, size - at < PIECE ? size - at : PIECE);
    *out = f;
    return pages * EMOGI_CSR_ALIGN;
}

static void fix_up(unsigned char *f, size_t len, unsigned switches)
{
    if (len < EMOGI_CSR_ALIGN)
        return;
    if (switches & 0x2)
        put_le64(f + HDR_FILE_SIZE, len);
    uint32_t n = get_le32(f + HDR_NSECTIONS);
    for (uint32_t i = 0; (switches & 0x4) && i < n && i < EMOGI_CSR_MAX_SECTIONS; i++) {
        unsigned char *e = f + HDR_TABLE + (size_t)i * HDR_ENTRY_SIZE;
        uint64_t off = get_le64(e + 8), sz = get_le64(e + 16);
        if (sz <= len && off <= len - sz)
            put_le32(e + 4, emogi_crc32(f + off, (size_t)sz));
    }
    if (switches & 0x1)
        put_le32(f + HDR_CRC, emogi_csr_header_crc(f));
}

/* List V of a compressed direction, decoded whole into IDS (its degree
 * entries); every block again from a seek, which must agree. */
static void decode_list(const struct emogi_graph *g, const uint64_t *off, const uint64_t *coff,
                        const unsigned char *bytes, uint64_t v, uint64_t *ids)
{
    uint64_t u = emogi_id_base(g) + v; /* what the list was encoded for */
    uint64_t len, d = off[v + 1] - off[v], blk[EMOGI_CLIST_BLOCK];
    const unsigned char *list = emogi_clist_of(coff, bytes, v, &len);
    FUZZ_CHECK(coff[v] <= coff[v + 1] && coff[v + 1] <= coff[g->nv]);
    FUZZ_CHECK(emogi_clist_decode(list, len, d, u, ids) == 0);
    for (uint64_t k = 0; k < emogi_clist_blocks(d); k++) {
        struct emogi_clist_iter it;
        emogi_clist_iter_init(&it, list, len, d, u);
        FUZZ_CHECK(emogi_clist_seek(&it, k) == 0);
        int n = emogi_clist_next(&it, blk);
        FUZZ_CHECK(n > 0 && memcmp(blk, ids + k * EMOGI_CLIST_BLOCK, (size_t)n * 8) == 0);
    }
}

static uint64_t sum_ids(const struct emogi_graph *g, const uint64_t *off, uint64_t ne,
                        const void *ids, const void *w, const uint64_t *coff,
                        const unsigned char *bytes)
{
    uint64_t nv = g->nv, head = 0, tail = 0, sum = 0;
    uint64_t bound = emogi_csr_id_bound(g), base = emogi_id_base(g);
    unsigned char *seen = calloc(nv ? nv : 1, 1);
    uint64_t *queue = malloc((nv ? nv : 1) * sizeof *queue);
    FUZZ_CHECK(off[0] == 0 && off[nv] == ne);
    for (uint64_t s = 0; s < nv; s++) {
        if (seen[s])
            continue;
        seen[s] = 1;
        queue[tail++] = s;
        while (head < tail) {
            uint64_t v = queue[head++];
            FUZZ_CHECK(off[v] <= off[v + 1] && off[v + 1] <= ne);
            uint64_t *list = NULL;
            if (coff) {
                list = malloc((off[v + 1] - off[v] + 1) * sizeof *list);
                decode_list(g, off, coff, bytes, v, list);
            }
            for (uint64_t e = off[v]; e < off[v + 1]; e++) {
                uint64_t u = list                ? list[e - off[v]]
                             : g->id_width == 4 ? ((const uint32_t *)ids)[e]
                                                : ((const uint64_t *)ids)[e];
                FUZZ_CHECK(u < bound);
                if (g->weight_type == EMOGI_WEIGHT_FLOAT32)
                    FUZZ_CHECK(isfinite(((const float *)w)[e]));
                else if (w)
                    sum += ((const uint32_t *)w)[e];
                if (u - base < nv && !seen[u - base]) { /* below base wraps past nv */
                    seen[u - base] = 1;
                    queue[tail++] = u - base;
                }
            }
            free(list);
        }
    }
    free(seen);
    free(queue);
    return sum;
}

/* Point G's arrays at exact-size copies of its sections; the copies, to free. */
static void copy_sections(struct emogi_graph *g, void **copies)
{
    for (uint32_t i = 0; i < g->nsections; i++) {
        const struct emogi_section *s = &g->sections[i];
        copies[i] = malloc(s->size ? (size_t)s->size : 1);
        memcpy(copies[i], (const unsigned char *)g->map + s->offset, (size_t)s->size);
        emogi_csr_point_section(g, s->type, copies[i], s->size);
    }
}

static void walk(struct emogi_graph *g)
{
    void *copies[EMOGI_CSR_MAX_SECTIONS];
    FUZZ_CHECK(g->nsections <= EMOGI_CSR_MAX_SECTIONS);
    copy_sections(g, copies);
    sink += sum_ids(g, g->offsets, g->ne, g->neighbors, g->weights, g->coffsets, g->cneighbors);
    if (g->flags & EMOGI_TRANSPOSE)
        sink += sum_ids(g, g->t_offsets, emogi_csr_t_ne(g), g->t_neighbors, g->t_weights,
                        g->t_coffsets, g->t_cneighbors);
    for (uint64_t v = 0; g->idmap && v < g->nv; v++)
        sink += g->idmap[v];
    for (size_t i = 0; i < g->provenance_len; i++)
        sink += (unsigned char)g->provenance[i];
    for (uint32_t i = 0; i < g->nsections; i++)
        free(copies[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const char *path = fuzz_path("g.csr");
    unsigned char *f;
    size_t len = expand(data, size, &f);
    fix_up(f, len, data[0]);
    fuzz_put(path, f, len);
    free(f);
    struct emogi_graph g;
    emogi_error err;
    if (emogi_csr_open(path, &g, &err) < 0) {
        FUZZ_CHECK(strncmp(err.msg, path, strlen(path)) == 0);
        return 0;
    }
    if (emogi_csr_verify(&g, &err) < 0)
        FUZZ_CHECK(strstr(err.msg, "checksum mismatch") != NULL);
    walk(&g);
    emogi_csr_close(&g);
    return 0;
}
