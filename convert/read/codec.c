/*
 * codec.c - the codec table (codec.h): what tells each compression on
 * input and names it on output, and the calls that decode and encode it.
 * The signatures differ in their first byte, so their order here is only
 * the order of their names.
 */
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "input.h"

#define GZIP_STATE (64u << 10)                  /* inflate's state and 32 KiB window */
#define LZ4_STATE ((8u << 20) + (256u << 10)) /* LZ4F: a 4 MiB block in and out */

/* "BZh", the block size '1'..'9', then a block's or the end's marker */
static int bzip2_rest(const unsigned char *b, size_t n)
{
    static const unsigned char block[6] = {0x31, 0x41, 0x59, 0x26, 0x53, 0x59},
                               end[6] = {0x17, 0x72, 0x45, 0x38, 0x50, 0x90};
    return n >= 10 && b[3] >= '1' && b[3] <= '9' &&
           (memcmp(b + 4, block, 6) == 0 || memcmp(b + 4, end, 6) == 0);
}

/* the stream flags: a zero byte, and a check type below 16 */
static int xz_rest(const unsigned char *b, size_t n)
{
    return n >= 8 && b[6] == 0 && (b[7] & 0xf0) == 0;
}

/* the frame header descriptor's reserved bit is clear */
static int zstd_rest(const unsigned char *b, size_t n)
{
    return n >= 5 && (b[4] & 0x08) == 0;
}

static const struct codec codecs[] = {
    {"bzip2", ".bz2", {'B', 'Z', 'h'}, 3, bzip2_rest, 0, input_bz2_init, input_bz2_read,
     input_bz2_end, NULL, NULL, NULL},
    {"gzip", ".gz", {0x1f, 0x8b}, 2, NULL, GZIP_STATE, input_gzip_init, input_gzip_read,
     input_gzip_end, output_gzip_init, output_gzip_put, output_gzip_end},
    {"lz4", ".lz4", {0x04, 0x22, 0x4d, 0x18}, 4, NULL, LZ4_STATE, input_lz4_init,
     input_lz4_read, input_lz4_end, NULL, NULL, NULL},
    /* lz4 -l, which LZ4F does not decode: refused by name, as its bytes
     * would otherwise be parsed as text or as ids */
    {"lz4 legacy", NULL, {0x02, 0x21, 0x4c, 0x18}, 4, NULL, 0, input_lz4_legacy_init, NULL,
     NULL, NULL, NULL, NULL},
    {"xz", ".xz", {0xfd, '7', 'z', 'X', 'Z', 0}, 6, xz_rest, 0, input_xz_init, input_xz_read,
     input_xz_end, NULL, NULL, NULL},
    {"zstd", ".zst", {0x28, 0xb5, 0x2f, 0xfd}, 4, zstd_rest, 0, input_zstd_init,
     input_zstd_read, input_zstd_end, output_zstd_init, output_zstd_put, output_zstd_end},
};

const struct codec *codec_signed(const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < sizeof codecs / sizeof codecs[0]; i++) {
        const struct codec *c = &codecs[i];
        if (n >= c->magic_len && memcmp(b, c->magic, c->magic_len) == 0 &&
            (!c->signed_rest || c->signed_rest(b, n)))
            return c;
    }
    return NULL;
}

const struct codec *codec_for_output(const char *path)
{
    size_t n = strlen(path);
    for (size_t i = 0; i < sizeof codecs / sizeof codecs[0]; i++) {
        const struct codec *c = &codecs[i];
        size_t k = c->suffix ? strlen(c->suffix) : 0;
        if (c->enc_init && n >= k && strcmp(path + n - k, c->suffix) == 0)
            return c;
    }
    return NULL;
}

int encoder_buffer(struct encoder *e, size_t cap, emogi_error *err)
{
    e->cap = cap;
    e->buf = malloc(cap);
    return e->buf ? 0 : emogi_fail(err, "%s: out of memory", e->path);
}
