/*
 * fuzz_webgraph.c - libFuzzer target for the BVGraph reader (webgraph*.c).
 *
 * The input is BASENAME.properties up to the first NUL byte, then two
 * bytes (little-endian) giving the length of BASENAME.graph, then the
 * graph bytes, then BASENAME.offsets (no such file when nothing is left).
 * tests/fuzz/fuzz_seeds.sh packs tests/data/webgraph/tiny this way.
 *
 * The graph is read twice: sequentially without the offsets, and by three
 * threads' worth of ranges from the offsets (serially here: the target is
 * built without OpenMP).  A success must be sound (arcs= edges, every id
 * below nodes=); a parallel success needs the same edges from the
 * sequential read, since both decode the same lists from the same bits.
 */
#include "webgraph.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void put_part(const char *name, const uint8_t *p, size_t n, int present)
{
    const char *path = fuzz_path(name);
    if (present)
        fuzz_put(path, p, n);
    else
        unlink(path);
}

static void check_sound(const struct parse_result *r)
{
    for (uint64_t i = 0; i < r->edges.n; i++)
        FUZZ_CHECK(r->edges.src[i] < r->nv && r->edges.dst[i] < r->nv);
    FUZZ_CHECK(r->weights == WEIGHTS_NONE && r->edges.w == NULL);
}

static int same(const struct parse_result *a, const struct parse_result *b)
{
    size_t n = (size_t)a->edges.n;
    return a->nv == b->nv && a->edges.n == b->edges.n &&
           (n == 0 || (!memcmp(a->edges.src, b->edges.src, n * sizeof(uint64_t)) &&
                       !memcmp(a->edges.dst, b->edges.dst, n * sizeof(uint64_t))));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, 0, size);
    size_t plen = nul ? (size_t)(nul - data) : size, at = nul ? plen + 1 : size;
    size_t glen = at + 2 <= size ? (size_t)data[at] | (size_t)data[at + 1] << 8 : 0;
    at = at + 2 <= size ? at + 2 : size;
    if (glen > size - at)
        glen = size - at;
    put_part("g.properties", data, plen, 1);
    put_part("g.graph", data + at, glen, 1);
    put_part("g.offsets", data + at + glen, size - at - glen, at + glen < size);
    const char *props = fuzz_path("g.properties");
    char base[4200];
    snprintf(base, sizeof base, "%.*s", (int)(strlen(props) - strlen(".properties")), props);

    struct webgraph_opts seq = {1, 0}, par = {3, 1};
    struct parse_result a, b;
    emogi_error ea, eb;
    int ra = webgraph_read_opts(base, &seq, &a, &ea), rb = webgraph_read_opts(base, &par, &b, &eb);
    if (ra == 0)
        check_sound(&a);
    else
        FUZZ_CHECK(strncmp(ea.msg, base, strlen(base)) == 0);
    if (rb == 0) {
        check_sound(&b);
        FUZZ_CHECK(ra == 0 && same(&a, &b));
    } else {
        FUZZ_CHECK(strncmp(eb.msg, base, strlen(base)) == 0);
    }
    if (ra == 0)
        parse_result_free(&a);
    if (rb == 0)
        parse_result_free(&b);
    return 0;
}
