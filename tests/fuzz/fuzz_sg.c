/*
 * fuzz_sg.c - libFuzzer target for GAP's serialized graphs (parse_sg.c).
 *
 * Byte 0 picks sg or wsg (bit 0) and a block size of 16 to 79 bytes; the
 * rest is the file.  The sg reader reads only files (it checks their
 * size), so the file is read three ways: in small blocks, which cut the
 * header, offsets and records apart; in one block (of a megabyte); and
 * gzip-compressed, in small blocks, its size not known before the end.
 * The two plain reads must agree exactly (the same edges, or the same
 * message); the compressed read must succeed exactly when they do, with
 * the same edges.  Every message names the file and is printable.  A success is checked against an independent
 * decoding of the bytes: the header's counts, the file just as long as
 * they say, each arc's source from the offsets and its target and weight
 * from its record, weights dropped alike on request.
 */
#include "fuzz_parse.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A bound (the offsets and a block) that keeps a corrupt header of a
 * compressed file, whose size cannot be checked first, from allocating
 * gigabytes before it is found short. */
#define FUZZ_SG_MEMORY (64u << 20)
/* A block that holds any input the fuzzer makes, well within that bound. */
#define FUZZ_SG_WHOLE (1u << 20)

static int read_sg(const char *path, enum input_format f, size_t block, int drop,
                   struct parse_result *r, emogi_error *err)
{
    struct parse_opts o = {.format = f, .threads = 1, .block_size = block,
                           .drop_weights = drop, .memory = FUZZ_SG_MEMORY};
    return parse_input(path, &o, r, err);
}

static uint64_t le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static uint32_t le32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* R, read from the N bytes at P, is what those bytes say. */
static void check_decoded(const struct parse_result *r, const uint8_t *p, size_t n,
                          int weighted, int dropped)
{
    FUZZ_CHECK(n >= 17 && p[0] <= 1);
    uint64_t m = le64(p + 1), nv = le64(p + 9), rec = weighted ? 8 : 4;
    FUZZ_CHECK(r->nv == nv && r->edges.n == m && r->undirected == !p[0]);
    uint64_t side = 8 * (nv + 1) + rec * m;
    FUZZ_CHECK(n == 17 + side * (p[0] ? 2 : 1));
    FUZZ_CHECK((r->weights == WEIGHTS_INT) == (weighted && !dropped));
    FUZZ_CHECK((r->edges.w != NULL) == (weighted && !dropped && m > 0));
    const uint8_t *off = p + 17, *arcs = off + 8 * (nv + 1);
    uint64_t u = 0;
    for (uint64_t i = 0; i < m; i++) {
        while (le64(off + 8 * (u + 1)) <= i)
            u++;
        FUZZ_CHECK(u < nv && r->edges.src[i] == u);
        FUZZ_CHECK(r->edges.dst[i] == le32(arcs + i * rec) && r->edges.dst[i] < nv);
        if (r->edges.w)
            FUZZ_CHECK(r->edges.w[i] == (double)(int32_t)le32(arcs + i * rec + 4) &&
                       r->edges.w[i] >= 0);
    }
}

static void check_message(const emogi_error *e, const char *path)
{
    FUZZ_CHECK(strncmp(e->msg, path, strlen(path)) == 0);
    fuzz_printable(e->msg);
}

/* The gzip form of the file must succeed exactly when the plain one (RA,
 * *A) did, with the same edges. */
static void check_gzip(const char *path, const uint8_t *p, size_t n, enum input_format f,
                       size_t block, int ra, const struct parse_result *a)
{
    uint8_t *z;
    size_t zn = fuzz_gzip(p, n, &z);
    fuzz_put(path, z, zn);
    free(z);
    struct parse_result c;
    emogi_error ec;
    int rc = read_sg(path, f, block, 0, &c, &ec);
    FUZZ_CHECK(rc == ra);
    if (rc) {
        check_message(&ec, path);
        return;
    }
    c.bytes_in = a->bytes_in;
    fuzz_same(a, &c);
    parse_result_free(&c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    int weighted = data[0] & 1;
    enum input_format f = weighted ? FORMAT_WSG : FORMAT_SG;
    size_t block = 16 + (data[0] >> 1) % 64;
    const uint8_t *p = data + 1;
    size_t n = size - 1;
    if (fuzz_compressed(p, n))
        return 0; /* the input layer's own target covers compressed streams */
    const char *path = fuzz_path("g.sg");
    fuzz_put(path, p, n);
    struct parse_result a, b, d;
    emogi_error ea, eb, ed;
    int ra = read_sg(path, f, block, 0, &a, &ea), rb = read_sg(path, f, FUZZ_SG_WHOLE, 0, &b, &eb);
    FUZZ_CHECK(ra == rb);
    if (ra) {
        FUZZ_CHECK(strcmp(ea.msg, eb.msg) == 0);
        check_message(&ea, path);
    } else {
        check_decoded(&a, p, n, weighted, 0);
        fuzz_same(&a, &b);
        parse_result_free(&b);
        FUZZ_CHECK(read_sg(path, f, block, 1, &d, &ed) == 0);
        check_decoded(&d, p, n, weighted, 1);
        parse_result_free(&d);
    }
    check_gzip(path, p, n, f, block, ra, &a);
    if (ra == 0)
        parse_result_free(&a);
    return 0;
}
