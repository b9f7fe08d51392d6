/*
 * fuzz_metis.c - libFuzzer target for the metis reader (parse_metis.c).
 *
 * The input is written to a file and read by one thread and by three
 * (serially here, the target being built without OpenMP, but cut into
 * three chunks all the same, even tiny inputs: PARSE_MIN_CHUNK does not
 * apply).  Both must agree exactly: the same edges in the same order, or
 * the same message, which names the file.  A success must be sound: ids
 * below the vertex count, sources in line order, weights as reported, and
 * every arc of the header's edges listed (2M arcs).
 */
#include "fuzz_parse.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int read_metis(const char *path, int threads, struct parse_result *r, emogi_error *err)
{
    struct parse_opts o = {.format = FORMAT_METIS, .threads = threads};
    return parse_input(path, &o, r, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_path("g.graph");
    if (fuzz_compressed(data, size))
        return 0; /* the input layer's own target covers compressed streams */
    fuzz_put(path, data, size);
    struct parse_result a, b;
    emogi_error ea, eb;
    int ra = read_metis(path, 1, &a, &ea), rb = read_metis(path, 3, &b, &eb);
    FUZZ_CHECK(ra == rb);
    if (ra) {
        FUZZ_CHECK(strcmp(ea.msg, eb.msg) == 0);
        FUZZ_CHECK(strncmp(ea.msg, path, strlen(path)) == 0);
        fuzz_printable(ea.msg);
        return 0;
    }
    fuzz_check_sound(&a, FORMAT_METIS);
    FUZZ_CHECK(a.undirected && a.edges.n % 2 == 0);
    for (uint64_t i = 1; i < a.edges.n; i++)
        FUZZ_CHECK(a.edges.src[i - 1] <= a.edges.src[i]);
    fuzz_same(&a, &b);
    parse_result_free(&a);
    parse_result_free(&b);
    return 0;
}
