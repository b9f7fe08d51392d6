/*
 * fuzz_bel.c - libFuzzer target for the binary edge lists (parse_bel.c).
 *
 * Byte 0 picks bel32 or bel64 and the block size; the rest is the file.
 * parse_buffer() reads it whole; parse_input() reads it from a file in
 * blocks of a few records, as it is and gzip-compressed, so that blocks
 * and compressed chunks cut records apart.  A block holds 16 bytes at
 * least, as real ones (megabytes) do, so that what looks at the start of
 * the file sees as much of it as parse_buffer() does.  All must agree: the same
 * edges, or the same message (past the name), and a success is sound:
 * nv is the largest id + 1, no id is the reserved all-ones one.
 */
#include "fuzz_parse.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_sound(const struct parse_result *r, enum input_format f)
{
    const struct edge_list *e = &r->edges;
    uint64_t max = 0, limit = f == FORMAT_BEL32 ? UINT32_MAX : UINT64_MAX - 1;
    for (uint64_t i = 0; i < e->n; i++) {
        FUZZ_CHECK(e->src[i] <= limit && e->dst[i] <= limit);
        max = e->src[i] > max ? e->src[i] : max;
        max = e->dst[i] > max ? e->dst[i] : max;
    }
    FUZZ_CHECK(r->nv == (e->n ? max + 1 : 0));
    FUZZ_CHECK(r->weights == WEIGHTS_NONE && e->w == NULL);
}

/* parse_input on the file must match parse_buffer's result A (or error EA) */
static void agree(int ra, struct parse_result *a, const emogi_error *ea, const struct parse_opts *o)
{
    const char *path = fuzz_path("g.bel");
    struct parse_result b;
    emogi_error eb;
    int rb = parse_input(path, o, &b, &eb);
    FUZZ_CHECK(ra == rb);
    if (ra) {
        FUZZ_CHECK(strncmp(eb.msg, path, strlen(path)) == 0);
        FUZZ_CHECK(strcmp(ea->msg + 4, eb.msg + strlen(path)) == 0);
        return;
    }
    a->bytes_in = b.bytes_in;
    fuzz_same(a, &b);
    parse_result_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    enum input_format f = data[0] & 1 ? FORMAT_BEL64 : FORMAT_BEL32;
    struct parse_opts o = {.format = f, .threads = 3, .block_size = 16 + (data[0] >> 1) % 64};
    const uint8_t *p = data + 1;
    size_t n = size - 1;
    struct parse_result a;
    emogi_error ea;
    int ra = parse_buffer("fuzz", (const char *)p, n, &o, &a, &ea);
    if (ra == 0)
        check_sound(&a, f);
    else
        FUZZ_CHECK(strncmp(ea.msg, "fuzz: ", 6) == 0);
    const char *path = fuzz_path("g.bel");
    if (!fuzz_compressed(p, n)) {
        fuzz_put(path, p, n);
        agree(ra, &a, &ea, &o);
        uint8_t *z;
        size_t zn = fuzz_gzip(p, n, &z);
        fuzz_put(path, z, zn);
        free(z);
        agree(ra, &a, &ea, &o);
    }
    if (ra == 0)
        parse_result_free(&a);
    return 0;
}
