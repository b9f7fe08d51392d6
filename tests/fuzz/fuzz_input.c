/*
 * fuzz_input.c - libFuzzer target for the input layer (input*.c).
 *
 * Plain text is written to a file in every form -- as is (mapped), gzip,
 * lz4 and, where built in, zstd, xz and bzip2 -- and read back with parse_input() in tiny blocks; each must agree
 * with parse_buffer() on the text itself, message for message.  Input that
 * starts like a compressed stream (fuzz_compressed) goes to the input layer
 * unchanged, where garbage must end in an error, never a crash.
 */
#include "fuzz_parse.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* parse_input on the file must match parse_buffer on TEXT */
static void agree(const uint8_t *text, size_t n, const struct parse_opts *o)
{
    struct parse_result a, b;
    emogi_error ea, eb;
    int ra = parse_buffer("fuzz", (const char *)text, n, o, &a, &ea);
    const char *path = fuzz_path("input");
    int rb = parse_input(path, o, &b, &eb);
    FUZZ_CHECK(ra == rb);
    if (ra == 0) {
        a.bytes_in = b.bytes_in;
        fuzz_same(&a, &b);
        parse_result_free(&a);
        parse_result_free(&b);
    } else
        FUZZ_CHECK(strcmp(ea.msg + 4, eb.msg + strlen(path)) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_path("input");
    struct parse_opts o = {.format = size ? data[0] % 3 : FORMAT_EL, .threads = 3,
                           .block_size = 1 + (size ? data[size - 1] % 16 : 0)};
    if (fuzz_compressed(data, size)) {
        struct parse_result r;
        emogi_error err;
        fuzz_put(path, data, size);
        if (parse_input(path, &o, &r, &err) == 0)
            parse_result_free(&r);
        return 0;
    }
    fuzz_put(path, data, size);
    agree(data, size, &o);
    for (size_t i = 0; i < sizeof FUZZ_CODECS / sizeof FUZZ_CODECS[0]; i++) {
        uint8_t *z;
        size_t n = FUZZ_CODECS[i](data, size, &z);
        fuzz_put(path, z, n);
        free(z);
        agree(data, size, &o);
    }
    return 0;
}
