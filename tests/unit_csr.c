/*
 * unit_csr.c - the .csr library against hand-computed graphs and files
 * patched at the byte offsets emogi-csr(5) documents: round trips for
 * every optional section, each corruption rejected with its message,
 * atomic writes under a file-size limit and a signal, and the 64-bit size
 * arithmetic of graphs too large to build here.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "csr_internal.h"
#include "tap.h"

static char dir[256];

/*
 * The test graph: 5 vertices, 7 directed edges, vertex 3 has no out-edges.
 *   0 -> 1, 2    1 -> 2    2 -> 0, 3, 4    4 -> 4
 * Its transpose (in-edges): 0 <- 2; 1 <- 0; 2 <- 0, 1; 3 <- 2; 4 <- 2, 4.
 */
static const uint64_t OFF[] = {0, 2, 3, 6, 6, 7};
static const uint64_t NBR[] = {1, 2, 2, 0, 3, 4, 4};
static const uint32_t WU[] = {10, 20, 30, 40, 50, 60, 70};
static const uint64_t T_OFF[] = {0, 1, 2, 4, 5, 7};
static const uint64_t T_NBR[] = {2, 0, 0, 1, 2, 2, 4};
static const uint32_t T_WU[] = {40, 10, 20, 30, 50, 60, 70}; /* weight of each reversed edge */
static const uint64_t IDMAP[] = {100, 7, 42, 1000000000000ull, 5};
static const char PROV[] = "tool: unit_csr\ninput: hand-made\n";

static uint32_t nbr32[7], tnbr32[7];

static char *path_of(const char *name)
{
    static char buf[4][512];
    static int k;
    char *p = buf[k++ % 4];
    snprintf(p, 512, "%s/%s", dir, name);
    return p;
}

static struct emogi_graph base_graph(uint32_t id_width)
{
    struct emogi_graph g = {.nv = 5, .ne = 7, .flags = EMOGI_DIRECTED, .id_width = id_width};
    for (int i = 0; i < 7; i++)
        nbr32[i] = (uint32_t)NBR[i], tnbr32[i] = (uint32_t)T_NBR[i];
    g.offsets = OFF;
    g.neighbors = id_width == 4 ? (const void *)nbr32 : (const void *)NBR;
    return g;
}

static int same_ids(const struct emogi_graph *g, const void *ids, const uint64_t *want)
{
    for (uint64_t i = 0; i < g->ne; i++) {
        uint64_t x = g->id_width == 4 ? ((const uint32_t *)ids)[i] : ((const uint64_t *)ids)[i];
        if (x != want[i])
            return 0;
    }
    return 1;
}

static long file_size(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 ? (long)st.st_size : -1;
}

/* Nothing but the named files (NULL-terminated list) may be left in dir. */
static int only_files(const char *const *names)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int clean = 1;
    while ((e = readdir(d))) {
        int known = e->d_name[0] == '.';
        for (int i = 0; names[i]; i++)
            known |= strcmp(e->d_name, names[i]) == 0;
        if (!known) {
            printf("# left behind: %s\n", e->d_name);
            clean = 0;
        }
    }
    closedir(d);
    return clean;
}

static void test_plain(uint32_t w)
{
    struct emogi_graph g = base_graph(w), r;
    emogi_error err = {{0}};
    char name[32];
    snprintf(name, sizeof name, "plain%u.csr", w);
    const char *p = path_of(name);
    ok(emogi_csr_write(p, &g, &err) == 0, "%u-byte ids: write (%s)", w, err.msg);
    /* header page, offsets (48 bytes) at 4096, neighbors (7 x w) at 8192, padded to 12288 */
    ok(file_size(p) == 12288, "%u-byte ids: file is 3 pages", w);
    ok(emogi_csr_open(p, &r, &err) == 0, "%u-byte ids: open (%s)", w, err.msg);
    ok(r.nv == 5 && r.ne == 7 && r.flags == EMOGI_DIRECTED && r.id_width == w &&
           r.weight_type == 0 && r.nsections == 2,
       "%u-byte ids: header fields", w);
    ok(memcmp(r.offsets, OFF, sizeof OFF) == 0 && same_ids(&r, r.neighbors, NBR),
       "%u-byte ids: offsets and neighbors", w);
    ok((const char *)r.offsets - (const char *)r.map == 4096 &&
           (const char *)r.neighbors - (const char *)r.map == 8192,
       "%u-byte ids: sections at 4096 and 8192", w);
    ok(!r.weights && !r.t_offsets && !r.idmap && !r.provenance, "%u-byte ids: no optional sections", w);
    ok(emogi_csr_verify(&r, &err) == 0, "%u-byte ids: checksums verify (%s)", w, err.msg);
    uint32_t crc = (uint32_t)crc32(0L, r.neighbors, 7 * w);
    ok(r.sections[1].type == EMOGI_SEC_NEIGHBORS && r.sections[1].crc32 == crc,
       "%u-byte ids: neighbors crc32 is zlib's", w);
    emogi_csr_close(&r);
}

static void test_everything(void)
{
    struct emogi_graph g = base_graph(4), r;
    emogi_error err = {{0}};
    g.flags |= EMOGI_WEIGHTED | EMOGI_TRANSPOSE | EMOGI_IDMAP;
    g.weight_type = EMOGI_WEIGHT_UINT32;
    g.weights = WU;
    g.t_offsets = T_OFF;
    g.t_neighbors = tnbr32;
    g.t_weights = T_WU;
    g.idmap = IDMAP;
    g.provenance = PROV;
    g.provenance_len = strlen(PROV);
    const char *p = path_of("all.csr");
    ok(emogi_csr_write(p, &g, &err) == 0, "all sections: write (%s)", err.msg);
    /* 8 sections, one page each after the header */
    ok(file_size(p) == 9 * 4096, "all sections: 9 pages");
    ok(emogi_csr_open(p, &r, &err) == 0, "all sections: open (%s)", err.msg);
    ok(r.nsections == 8 && r.weight_type == EMOGI_WEIGHT_UINT32, "all sections: 8 sections, uint32 weights");
    ok(memcmp(r.weights, WU, sizeof WU) == 0, "all sections: weights");
    ok(memcmp(r.t_offsets, T_OFF, sizeof T_OFF) == 0 && same_ids(&r, r.t_neighbors, T_NBR) &&
           memcmp(r.t_weights, T_WU, sizeof T_WU) == 0,
       "all sections: transpose");
    ok(memcmp(r.idmap, IDMAP, sizeof IDMAP) == 0, "all sections: idmap");
    ok(r.provenance_len == strlen(PROV) && memcmp(r.provenance, PROV, r.provenance_len) == 0,
       "all sections: provenance");
    int aligned = 1;
    for (uint32_t i = 0; i < r.nsections; i++)
        aligned &= r.sections[i].offset % 4096 == 0 && r.sections[i].type == i + 1;
    ok(aligned, "all sections: aligned, in type order");
    ok(emogi_csr_verify(&r, &err) == 0, "all sections: verify (%s)", err.msg);
    emogi_csr_close(&r);
}

static void test_float_weights(void)
{
    static const float WF[] = {0.5f, -1.25f, 3e10f, 0.0f, 1e-30f, 7.0f, 2.5f};
    static float bad[7];
    struct emogi_graph g = base_graph(8), r;
    emogi_error err = {{0}};
    g.flags |= EMOGI_WEIGHTED;
    g.weight_type = EMOGI_WEIGHT_FLOAT32;
    g.weights = WF;
    ok(emogi_csr_write(path_of("float.csr"), &g, &err) == 0, "float weights: write (%s)", err.msg);
    ok(emogi_csr_open(path_of("float.csr"), &r, &err) == 0 && memcmp(r.weights, WF, sizeof WF) == 0,
       "float weights: read back bit for bit (%s)", err.msg);
    emogi_csr_close(&r);
    memcpy(bad, WF, sizeof WF);
    bad[4] = NAN;
    g.weights = bad;
    ok(emogi_csr_write(path_of("nan.csr"), &g, &err) < 0 &&
           strstr(err.msg, "weight 1 of vertex 2 is nan, not finite"),
       "float weights: NaN refused by the writer (%s)", err.msg);
    ok(file_size(path_of("nan.csr")) < 0, "float weights: refused write leaves no file");
}

static void test_empty(void)
{
    static const uint64_t zero_off[1] = {0}, three_off[4] = {0, 0, 0, 0};
    struct emogi_graph g = {.nv = 0, .ne = 0, .flags = 0, .id_width = 4, .offsets = zero_off}, r;
    emogi_error err = {{0}};
    ok(emogi_csr_write(path_of("empty.csr"), &g, &err) == 0, "empty graph: write (%s)", err.msg);
    ok(emogi_csr_open(path_of("empty.csr"), &r, &err) == 0 && r.nv == 0 && r.ne == 0 &&
           r.sections[1].size == 0 && file_size(path_of("empty.csr")) == 8192,
       "empty graph: opens, neighbors section of size 0 (%s)", err.msg);
    ok(emogi_csr_verify(&r, &err) == 0, "empty graph: verifies");
    emogi_csr_close(&r);
    g.nv = 3;
    g.offsets = three_off;
    g.flags = EMOGI_TRANSPOSE | EMOGI_DIRECTED;
    g.t_offsets = three_off;
    ok(emogi_csr_write(path_of("edgeless.csr"), &g, &err) == 0 &&
           emogi_csr_open(path_of("edgeless.csr"), &r, &err) == 0 && r.nv == 3 && r.ne == 0 &&
           emogi_degree(&r, 2) == 0,
       "3 vertices, no edges, with transpose: round trip (%s)", err.msg);
    emogi_csr_close(&r);
}

/* A copy of plain4.csr in memory, patched at documented offsets, then saved. */
static unsigned char img[3 * 4096];
static size_t img_len;

static void load(void)
{
    FILE *f = fopen(path_of("plain4.csr"), "rb");
    img_len = fread(img, 1, sizeof img, f);
    fclose(f);
}

/* Save under NAME; with FIX_CRC, recompute the header crc independently: zlib crc32 of the page with bytes 12..15 zero. */
static const char *save(const char *name, int fix_crc)
{
    const char *p = path_of(name);
    if (fix_crc) {
        memset(img + HDR_CRC, 0, 4);
        put_le32(img + HDR_CRC, (uint32_t)crc32(0L, img, 4096));
    }
    FILE *f = fopen(p, "wb");
    fwrite(img, 1, img_len, f);
    fclose(f);
    return p;
}

static void expect_reject(const char *p, const char *want, const char *what)
{
    struct emogi_graph r;
    emogi_error err = {{0}};
    int rc = emogi_csr_open(p, &r, &err);
    ok(rc < 0 && strstr(err.msg, want) && strncmp(err.msg, p, strlen(p)) == 0, "%s: rejected (%s)",
       what, rc < 0 ? err.msg : "opened");
    if (rc == 0)
        emogi_csr_close(&r);
}

static void test_header_corruption(void)
{
    load(), memcpy(img, "EMOGICSX", 8);
    expect_reject(save("magic.csr", 1), "byte 0: not a .csr file (bad magic)", "bad magic");
    load(), put_le32(img + HDR_VERSION, 3);
    expect_reject(save("version.csr", 1), "byte 8: format version 3, this build reads versions 1 and 2",
                  "unknown version");
    load(), put_le32(img + HDR_VERSION, 2);
    expect_reject(save("version2.csr", 1), "byte 8: format version 2, but the compressed flag is clear",
                  "version 2 without compressed lists");
    load(), put_le32(img + HDR_FLAGS, get_le32(img + HDR_FLAGS) | EMOGI_COMPRESSED);
    expect_reject(save("version1c.csr", 1), "byte 8: format version 1, but the compressed flag is set",
                  "compressed flag in a version 1 file");
    load(), img[HDR_NV] ^= 1;
    expect_reject(save("hdrcrc.csr", 0), "header checksum mismatch in bytes 0 to 4095 (stored 0x",
                  "header byte flipped");

    const char *p = (load(), save("trunc.csr", 0));
    ok(truncate(p, 8192) == 0, "truncate a copy to 8192 bytes");
    expect_reject(p, "byte 48: file is 8192 bytes but its header says 12288", "truncated file");
    ok(truncate(p, 100) == 0, "truncate a copy to 100 bytes");
    expect_reject(p, "too short", "file shorter than the header");

    load(), put_le32(img + HDR_FLAGS, EMOGI_DIRECTED | EMOGI_WEIGHTED);
    expect_reject(save("flags.csr", 1), "byte 32: weighted flag set but weight type is 0",
                  "flag without weight type");
    load(), put_le32(img + HDR_TABLE + HDR_ENTRY_SIZE + 8, 4096 * 2 + 512);
    expect_reject(save("align.csr", 1),
                  "byte 96: section neighbors at offset 8704 is not 4096-byte aligned",
                  "misaligned section");
    load(), put_le32(img + HDR_TABLE + HDR_ENTRY_SIZE, EMOGI_SEC_OFFSETS);
    expect_reject(save("twice.csr", 1), "byte 88: section offsets appears twice (table entry 1)",
                  "section listed twice");
    load(), put_le32(img + HDR_NSECTIONS, 1);
    expect_reject(save("missing.csr", 1), "required section neighbors is missing", "missing section");
}

static void test_huge_claims(void)
{
    load(), put_le64(img + HDR_NE, 1ull << 40);
    expect_reject(save("ne40.csr", 1),
                  "byte 104: section neighbors is 28 bytes; 5 vertices, 1099511627776 edges and "
                  "4-byte ids imply 4398046511104",
                  "header claims 2^40 edges");
    put_le64(img + HDR_TABLE + HDR_ENTRY_SIZE + 16, 1ull << 42); /* and the table agrees */
    expect_reject(save("ne40t.csr", 1),
                  "byte 104: section neighbors (4398046511104 bytes at offset 8192) extends past "
                  "the end of the file (12288 bytes)",
                  "table claims a 4 TiB section in a 12 KiB file");
    load(), put_le64(img + HDR_NE, 5000000000ull);
    put_le64(img + HDR_TABLE + HDR_ENTRY_SIZE + 16, 20000000000ull);
    expect_reject(save("ne5g.csr", 1), "extends past the end", "header and table claim 5e9 edges");
    load(), put_le64(img + HDR_NV, 5000000000ull);
    expect_reject(save("nv5g.csr", 1),
                  "byte 36: 5000000000 vertices do not fit 4-byte ids (at most 4294967295)",
                  "huge nv with 4-byte ids");
    load(), put_le32(img + HDR_ID_WIDTH, 8), put_le64(img + HDR_NV, 1ull << 40);
    expect_reject(save("nv40.csr", 1), "section offsets is 48 bytes; 1099511627776 vertices",
                  "huge nv, small file");
    put_le64(img + HDR_NV, UINT64_MAX);
    expect_reject(save("nvmax.csr", 1), "no room for offsets", "nv = 2^64-1");
    put_le64(img + HDR_NV, (1ull << 61) + 5);
    expect_reject(save("nvwrap.csr", 1), "past 2^64 bytes", "8(nv+1) overflows uint64");
}

static void test_content_corruption(void)
{
    struct emogi_graph r;
    emogi_error err = {{0}};
    load(), put_le32(img + 8192, 0); /* vertex 0's list 1,2 becomes 0,2: only the checksum knows */
    const char *p = save("flip.csr", 0);
    ok(emogi_csr_open(p, &r, &err) == 0, "flipped neighbor still structurally valid: opens");
    ok(emogi_csr_verify(&r, &err) < 0 && strstr(err.msg, "checksum mismatch in section neighbors"),
       "flipped neighbor: verify names the section (%s)", err.msg);
    emogi_csr_close(&r);

    load(), put_le32(img + 8192 + 5 * 4, 900); /* edge 5 is neighbor 2 of vertex 2 */
    expect_reject(save("range.csr", 0), "neighbor 2 of vertex 2 is 900, not below 5", "id out of range");
    load(), put_le32(img + 8192 + 5 * 4, 3); /* vertex 2's list 0,3,4 becomes 0,3,3 */
    ok(emogi_csr_open(save("dup.csr", 0), &r, &err) == 0, "duplicate neighbor accepted (%s)", err.msg);
    emogi_csr_close(&r);
    load(), put_le32(img + 8192 + 5 * 4, 2); /* 0,3,2 */
    expect_reject(save("order.csr", 0), "neighbors of vertex 2 not ascending: neighbor 2 is 2, after 3",
                  "list not ascending");
    load(), put_le64(img + 4096 + 3 * 8, 1); /* offsets 0,2,3,1,6,7 */
    expect_reject(save("mono.csr", 0), "offsets not monotone at vertex 2", "offsets not monotone");
    load(), put_le64(img + 4096, 1);
    expect_reject(save("off0.csr", 0), "offsets[0] is 1, not 0", "offsets[0] not 0");
    load(), put_le64(img + 4096 + 5 * 8, 6);
    expect_reject(save("offnv.csr", 0), "offsets[5] is 6, not the edge count 7", "offsets[nv] not ne");
}

/* emogi_csr_open_offsets reads no list; emogi_csr_check_range checks
 * the lists of a vertex range only (an MPI rank's), the transpose's too,
 * with emogi_csr_open's messages; bad offsets still fail the open. */
static void test_check_range(void)
{
    struct emogi_graph r;
    emogi_error err = {{0}};
    load(), put_le32(img + 8192 + 5 * 4, 900); /* neighbor 2 of vertex 2 */
    const char *p = save("range-part.csr", 0);
    ok(emogi_csr_open_offsets(p, &r, &err) == 0, "open_offsets: a bad list does not fail (%s)",
       err.msg);
    ok(emogi_csr_check_range(&r, 0, 2, &err) == 0, "check_range 0..2: good lists pass (%s)",
       err.msg);
    ok(emogi_csr_check_range(&r, 3, 5, &err) == 0, "check_range 3..5: good lists pass (%s)",
       err.msg);
    ok(emogi_csr_check_range(&r, 2, 3, &err) < 0 &&
           strstr(err.msg, "neighbor 2 of vertex 2 is 900, not below 5"),
       "check_range 2..3: the bad list, named as emogi_csr_open names it (%s)", err.msg);
    ok(emogi_csr_check_range(&r, 0, 5, &err) < 0, "check_range 0..5 fails too");
    ok(emogi_csr_check_range(&r, 4, 6, &err) < 0 && strstr(err.msg, "not a range"),
       "check_range past nv is refused (%s)", err.msg);
    emogi_csr_close(&r);
    load(), put_le64(img + 4096 + 3 * 8, 1); /* offsets 0,2,3,1,6,7 */
    ok(emogi_csr_open_offsets(save("range-mono.csr", 0), &r, &err) < 0 &&
           strstr(err.msg, "offsets not monotone at vertex 2"),
       "open_offsets: bad offsets still fail (%s)", err.msg);
}

/*
 * The list checks run over chunks of 2^20 edges: a list that spans
 * chunks, a descent at the first edge of a chunk, and an id out of range
 * in the middle of a list that still ascends, in both id widths.  Vertex
 * 0's list is 2^20 + 300 ids (0s, then 1s, then 2s), vertex 1's is 0, 3
 * and vertex 2's is 1; nv = 4.
 */
static void test_check_chunks(uint32_t w)
{
    const uint64_t big = (1u << 20) + 300, ne = big + 3;
    uint64_t off[5] = {0, big, big + 2, ne, ne};
    uint64_t *ids = malloc(ne * sizeof *ids);
    void *packed = malloc(ne * w);
    emogi_error err = {{0}};
    for (uint64_t i = 0; i < big; i++)
        ids[i] = i < (1u << 19) ? 0 : i < (1u << 20) ? 1 : 2;
    ids[big] = 0, ids[big + 1] = 3, ids[big + 2] = 1;
    struct emogi_graph g = {.nv = 4, .ne = ne, .flags = EMOGI_DIRECTED, .id_width = w,
                            .offsets = off, .neighbors = packed};
    struct { uint64_t at, id; const char *want, *what; } cases[] = {
        {0, 0, NULL, "a list across chunks"},
        {1u << 20, 0, "neighbors of vertex 0 not ascending: neighbor 1048576 is 0, after 1",
         "a descent at a chunk's first edge"},
        {(1u << 20) + 100, 9, "neighbor 1048676 of vertex 0 is 9, not below 4",
         "an id out of range inside a list that ascends"},
        {big + 1, 5, "neighbor 1 of vertex 1 is 5, not below 4", "an id out of range, list's last"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (uint64_t i = 0; i < ne; i++) {
            uint64_t x = ids[i];
            if (c == 2 && i >= cases[c].at && i < big)
                x = cases[c].id; /* 9 to the list's end: it still ascends */
            else if (c && i == cases[c].at)
                x = cases[c].id;
            if (w == 4)
                ((uint32_t *)packed)[i] = (uint32_t)x;
            else
                ((uint64_t *)packed)[i] = x;
        }
        int rc = emogi_csr_check_content(&g, "chunks", &err);
        if (!cases[c].want)
            ok(rc == 0, "%u-byte ids: %s passes (%s)", w, cases[c].what, rc ? err.msg : "");
        else
            ok(rc < 0 && strstr(err.msg, cases[c].want), "%u-byte ids: %s found (%s)", w,
               cases[c].what, rc < 0 ? err.msg : "accepted");
    }
    free(ids);
    free(packed);
}

static void test_writer_refuses(void)
{
    static const uint64_t bad_off[] = {0, 2, 1, 6, 6, 7};
    struct emogi_graph g = base_graph(8);
    emogi_error err = {{0}};
    static uint64_t big[7];
    memcpy(big, NBR, sizeof NBR);
    big[3] = 5;
    g.neighbors = big;
    ok(emogi_csr_write(path_of("w1.csr"), &g, &err) < 0 &&
           strstr(err.msg, "w1.csr: neighbor 0 of vertex 2 is 5, not below 5"),
       "writer refuses an id out of range (%s)", err.msg);
    g = base_graph(8);
    g.offsets = bad_off;
    ok(emogi_csr_write(path_of("w2.csr"), &g, &err) < 0 && strstr(err.msg, "not monotone at vertex 1"),
       "writer refuses non-monotone offsets (%s)", err.msg);
    g = base_graph(4);
    g.nv = 5000000000ull;
    ok(emogi_csr_write(path_of("w3.csr"), &g, &err) < 0 && strstr(err.msg, "do not fit 4-byte ids"),
       "writer refuses 4-byte ids for 5e9 vertices (%s)", err.msg);
    g = base_graph(4);
    g.flags |= EMOGI_WEIGHTED;
    g.weight_type = EMOGI_WEIGHT_UINT32;
    ok(emogi_csr_write(path_of("w4.csr"), &g, &err) < 0 && strstr(err.msg, "section weights"),
       "writer refuses a weighted graph without weights (%s)", err.msg);
    g = base_graph(4);
    ok(emogi_csr_write(path_of("no/such/dir/x.csr"), &g, &err) < 0 && strstr(err.msg, "no/such/dir/x.csr"),
       "writer into a missing folder fails naming the path (%s)", err.msg);
    ok(only_files((const char *const[]){"plain4.csr", "plain8.csr", "all.csr", "float.csr",
                                        "empty.csr", "edgeless.csr", NULL}),
       "refused writes left no files behind");
}

/*
 * The forking tests run before anything else: a child forked after
 * OpenMP has started its thread pool deadlocks in its first parallel
 * region (libgomp is not fork-safe).
 *
 * In a child limited to 6000-byte files, writing a 12288-byte .csr must fail cleanly. */
static void test_size_limit(void)
{
    pid_t pid = fork();
    if (pid == 0) {
        struct rlimit rl = {6000, 6000};
        struct emogi_graph g = base_graph(4);
        emogi_error err = {{0}};
        setrlimit(RLIMIT_FSIZE, &rl);
        int rc = emogi_csr_write(path_of("limited.csr"), &g, &err);
        printf("# child: %s\n", rc < 0 ? err.msg : "write succeeded");
        fflush(stdout);
        _exit(rc < 0 && strstr(err.msg, "limited.csr") && strstr(err.msg, strerror(EFBIG)) ? 0 : 1);
    }
    int st;
    waitpid(pid, &st, 0);
    ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "file-size limit: write fails with EFBIG, not SIGXFSZ");
    ok(file_size(path_of("limited.csr")) < 0 && only_files((const char *const[]){NULL}),
       "file-size limit: no file and no temporary left");
}

static void test_signal_cleanup(void)
{
    pid_t pid = fork();
    if (pid == 0) {
        struct emogi_atomic a;
        emogi_error err = {{0}};
        emogi_atomic_install_signals();
        if (emogi_atomic_open(&a, path_of("sig.csr"), &err) < 0 ||
            emogi_write_all(&a, "partial", 7, &err) < 0)
            _exit(3);
        raise(SIGTERM);
        _exit(4);
    }
    int st;
    waitpid(pid, &st, 0);
    ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "SIGTERM while writing: dies of the signal");
    ok(only_files((const char *const[]){NULL}), "SIGTERM while writing: temporary file removed");
}

static uint64_t up(uint64_t x) { return (x + 4095) / 4096 * 4096; }

/* 3e9 vertices, 6e9 edges: the layout and header of a file far too big to build here. */
static void test_big_math(void)
{
    struct emogi_graph g = {.nv = 3000000000ull, .ne = 6000000000ull,
                            .flags = EMOGI_DIRECTED | EMOGI_WEIGHTED | EMOGI_TRANSPOSE | EMOGI_IDMAP,
                            .id_width = 4, .weight_type = EMOGI_WEIGHT_UINT32};
    struct emogi_csr_plan p;
    emogi_error err = {{0}};
    static unsigned char page[4096];
    ok(emogi_id_width_for(0xFFFFFFFFull) == 4 && emogi_id_width_for(0x100000000ull) == 8 &&
           emogi_id_width_for(0) == 4,
       "id width: 4 up to 2^32-1 vertices, then 8");
    ok(emogi_csr_check_fields(&g, "big", 0, &err) == 0 && emogi_csr_plan_layout(&g, &p, "big", &err) == 0,
       "6e9 edges: fields valid, layout planned (%s)", err.msg);
    uint64_t want[7] = {8 * 3000000001ull, 4 * 6000000000ull, 4 * 6000000000ull, 8 * 3000000001ull,
                        4 * 6000000000ull, 4 * 6000000000ull, 8 * 3000000000ull};
    uint64_t at = 4096;
    int good = p.nsections == 7;
    for (uint32_t i = 0; good && i < 7; i++) {
        good &= p.sec[i].type == i + 1 && p.sec[i].offset == at && p.sec[i].size == want[i];
        at = up(at + want[i]);
    }
    ok(good && p.file_size == at, "6e9 edges: 7 sections at 64-bit offsets, file of %llu bytes",
       (unsigned long long)at);
    emogi_csr_encode_header(page, &g, &p);
    ok(get_le64(page + 24) == 6000000000ull && get_le64(page + 48) == at &&
           get_le64(page + 64 + 6 * 24 + 16) == 24000000000ull,
       "6e9 edges: header fields at their documented offsets");
    g.ne = UINT64_MAX / 2;
    ok(emogi_csr_plan_layout(&g, &p, "big", &err) < 0 && strstr(err.msg, "section neighbors would need"),
       "2^63 edges: size overflow reported, not wrapped (%s)", err.msg);
}

static void test_crc32(void)
{
    size_t n = (50u << 20) + 7;
    unsigned char *buf = malloc(n);
    uint64_t x = 88172645463325252ull;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        buf[i] = (unsigned char)x;
    }
    ok(emogi_crc32(buf, n) == (uint32_t)crc32(0L, buf, (uInt)n), "parallel crc32 of 50 MiB equals zlib's");
    ok(emogi_crc32(buf, 0) == 0 && emogi_crc32(buf, 1) == (uint32_t)crc32(0L, buf, 1),
       "crc32 of 0 and 1 bytes");
    free(buf);
}

static void test_parse_size(void)
{
    static const struct { const char *s; uint64_t want; } good[] = {
        {"1", 1}, {"800M", 800ull << 20}, {"12g", 12ull << 30}, {"3K", 3072},
        {"2T", 2ull << 40}, {"16777215T", 16777215ull << 40},
        {"18446744073709551615", UINT64_MAX}};
    static const char *const bad[] = {"0", "0G", "", "G", "-1", "+5", " 5", "5X", "5MB",
                                      "1.5G", "16777216T", "18446744073709551616"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        uint64_t b = 0;
        ok(emogi_parse_size(good[i].s, &b) == 0 && b == good[i].want, "size '%s'", good[i].s);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t b = 77;
        ok(emogi_parse_size(bad[i], &b) == -1 && b == 77, "size '%s' refused", bad[i]);
    }
}

static void remove_dir(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.')
            unlink(path_of(e->d_name));
    closedir(d);
    rmdir(dir);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/unit_csr.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        printf("1..0 # SKIP cannot create a temporary folder\n");
        return 0;
    }
    test_size_limit();
    test_signal_cleanup();
    test_plain(4);
    test_plain(8);
    test_everything();
    test_float_weights();
    test_empty();
    test_writer_refuses();
    test_header_corruption();
    test_huge_claims();
    test_content_corruption();
    test_check_range();
    test_check_chunks(4);
    test_check_chunks(8);
    test_big_math();
    test_crc32();
    test_parse_size();
    plan(tap_n);
    remove_dir();
    return done_testing();
}
