/*
 * fuzz_adj.c - libFuzzer target for the adj reader (parse_adj.c).
 *
 * The input is written to a file and read by one thread and by three
 * (serially here, the target being built without OpenMP, but cut into
 * three chunks all the same).  Both must agree exactly: the same edges in
 * the same order, or the same message, which names the file.  A success
 * must be sound: every id below the node count, sources in line order.
 */
#include "parse.h"
#include "webgraph.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_sound(const struct parse_result *r)
{
    const struct edge_list *e = &r->edges;
    for (uint64_t i = 0; i < e->n; i++) {
        FUZZ_CHECK(e->src[i] < r->nv && e->dst[i] < r->nv);
        FUZZ_CHECK(i == 0 || e->src[i - 1] <= e->src[i]);
    }
    FUZZ_CHECK(r->weights == WEIGHTS_NONE && e->w == NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_path("g.adj");
    if (fuzz_compressed(data, size))
        return 0; /* the input layer's own target covers compressed streams */
    fuzz_put(path, data, size);
    struct parse_result a, b;
    emogi_error ea, eb;
    int ra = adj_read(path, 1, &a, &ea), rb = adj_read(path, 3, &b, &eb);
    FUZZ_CHECK(ra == rb);
    if (ra) {
        FUZZ_CHECK(strcmp(ea.msg, eb.msg) == 0);
        FUZZ_CHECK(strncmp(ea.msg, path, strlen(path)) == 0);
        return 0;
    }
    check_sound(&a);
    size_t n = (size_t)a.edges.n;
    FUZZ_CHECK(a.nv == b.nv && n == b.edges.n && a.lines == b.lines && a.bytes == b.bytes);
    FUZZ_CHECK(n == 0 || (!memcmp(a.edges.src, b.edges.src, n * sizeof(uint64_t)) &&
                          !memcmp(a.edges.dst, b.edges.dst, n * sizeof(uint64_t))));
    parse_result_free(&a);
    parse_result_free(&b);
    return 0;
}
