/*
 * fuzz_input.c - libFuzzer target for the input layer (input*.c).
 *
 * Plain text is written to a file three ways -- as is (mapped), gzip and
 * lz4 -- and read back with parse_input() in tiny blocks; each must agree
 * with parse_buffer() on the text itself, message for message.  Input that
 * starts like a compression magic number (gzip and lz4, decoded; bzip2, xz,
 * zstd and legacy lz4, refused by name) goes to the input layer unchanged,
 * where garbage must end in an error, never a crash.
 */
#include <stdio.h>
#include <unistd.h>
#include <lz4frame.h>
#include <zlib.h>

#include "fuzz_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[] = "/tmp/emogi-fuzz-input.XXXXXX";
static int fd = -1;

static void put_file(const void *p, size_t n)
{
    FUZZ_CHECK(ftruncate(fd, 0) == 0);
    FUZZ_CHECK(n == 0 || pwrite(fd, p, n, 0) == (ssize_t)n);
}

static size_t gzip_of(const uint8_t *p, size_t n, uint8_t **out)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    FUZZ_CHECK(deflateInit2(&z, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    size_t cap = deflateBound(&z, n) + 32;
    *out = malloc(cap);
    z.next_in = (Bytef *)p;
    z.avail_in = (uInt)n;
    z.next_out = *out;
    z.avail_out = (uInt)cap;
    FUZZ_CHECK(deflate(&z, Z_FINISH) == Z_STREAM_END);
    size_t len = z.total_out;
    deflateEnd(&z);
    return len;
}

static size_t lz4_of(const uint8_t *p, size_t n, uint8_t **out)
{
    LZ4F_preferences_t pref;
    memset(&pref, 0, sizeof pref);
    pref.frameInfo.blockSizeID = LZ4F_max64KB;
    size_t cap = LZ4F_compressFrameBound(n, &pref);
    *out = malloc(cap);
    size_t len = LZ4F_compressFrame(*out, cap, p, n, &pref);
    FUZZ_CHECK(!LZ4F_isError(len));
    return len;
}

/* parse_input on the file must match parse_buffer on TEXT */
static void agree(const uint8_t *text, size_t n, const struct parse_opts *o)
{
    struct parse_result a, b;
    emogi_error ea, eb;
    int ra = parse_buffer("fuzz", (const char *)text, n, o, &a, &ea);
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
    if (fd < 0)
        FUZZ_CHECK((fd = mkstemp(path)) >= 0);
    struct parse_opts o = {.format = size ? data[0] % 3 : FORMAT_EL, .threads = 3,
                           .block_size = 1 + (size ? data[size - 1] % 16 : 0)};
    static const char *const magic[] = {"\x1f\x8b", "\x04\x22", "BZ", "\xfd" "7", "\x28\xb5",
                                        "\x02\x21"};
    int compressed = 0;
    for (size_t i = 0; i < sizeof magic / sizeof magic[0]; i++)
        compressed |= size >= 2 && memcmp(data, magic[i], 2) == 0;
    if (compressed) {
        struct parse_result r;
        emogi_error err;
        put_file(data, size);
        if (parse_input(path, &o, &r, &err) == 0)
            parse_result_free(&r);
        return 0;
    }
    uint8_t *z;
    put_file(data, size);
    agree(data, size, &o);
    size_t n = gzip_of(data, size, &z);
    put_file(z, n);
    free(z);
    agree(data, size, &o);
    n = lz4_of(data, size, &z);
    put_file(z, n);
    free(z);
    agree(data, size, &o);
    return 0;
}
