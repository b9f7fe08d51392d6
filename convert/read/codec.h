/*
 * codec.h - the compressions emogi reads and writes, a row each (codec.c):
 * its name, the suffix of an output written through it, the signature
 * that tells it on input, and the library calls of each direction.  The
 * input layer (input.c) decodes every row whose signature opens a file;
 * emogi-export encodes an output whose name ends in the suffix of a row
 * with an encoder (gzip, zstd).  Both go by this one table, so a codec
 * is one file of library calls and a row.
 */
#ifndef EMOGI_CONVERT_CODEC_H
#define EMOGI_CONVERT_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "emogi_csr.h"

struct input;

/* An output's encoder: the codec's state, and the compressed bytes it
 * hands SINK a buffer at a time. */
struct encoder {
    const char *path; /* the output, for messages */
    void *state;      /* the library's stream (z_stream, ZSTD_CStream) */
    unsigned char *buf;
    size_t cap;
    int (*sink)(void *ctx, const void *p, size_t len, emogi_error *err);
    void *ctx;
};

struct codec {
    const char *name;
    const char *suffix;
    unsigned char magic[6];
    size_t magic_len;
    /* the fixed bytes after the magic (bzip2's block marker, xz's stream
     * flags, zstd's reserved bit), so that binary ids all but never
     * match; NULL: the magic alone */
    int (*signed_rest)(const unsigned char *b, size_t n);
    uint64_t state; /* the most its decoder holds; 0: the decoder says (in->dec_state) */
    /* input: init may refuse (a library not built in, lz4's legacy format) */
    int (*init)(struct input *in, emogi_error *err);
    int (*read)(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err);
    void (*end)(struct input *in);
    /* output, NULL where emogi writes none: PUT compresses LEN bytes at P
     * (and ends the stream when FINISH) into the sink */
    int (*enc_init)(struct encoder *e, emogi_error *err);
    int (*enc_put)(struct encoder *e, const void *p, size_t len, int finish, emogi_error *err);
    void (*enc_end)(struct encoder *e);
};

/* The codec whose signature opens B (N bytes, fewer only at the end of
 * the input); NULL: none, the bytes are plain. */
const struct codec *codec_signed(const unsigned char *b, size_t n);
/* The codec an output named PATH is written through; NULL: as it is. */
const struct codec *codec_for_output(const char *path);

/* ---- for the codecs (codec_gzip.c, codec_zstd.c) ---- */

/* The encoder's buffer of CAP bytes: 0, or -1 naming the output. */
int encoder_buffer(struct encoder *e, size_t cap, emogi_error *err);
int output_gzip_init(struct encoder *e, emogi_error *err);
int output_gzip_put(struct encoder *e, const void *p, size_t len, int finish, emogi_error *err);
void output_gzip_end(struct encoder *e);
/* without libzstd, init refuses the output naming the library */
int output_zstd_init(struct encoder *e, emogi_error *err);
int output_zstd_put(struct encoder *e, const void *p, size_t len, int finish, emogi_error *err);
void output_zstd_end(struct encoder *e);

#endif
