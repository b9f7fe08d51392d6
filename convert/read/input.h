/*
 * input.h - an input file as a sequence of line-aligned blocks of text.
 *
 * The input is a path or "-" for standard input; gzip (1f 8b), lz4-frame
 * (04 22 4d 18), zstd, xz and bzip2 data are recognised by their
 * signatures and decompressed on the fly (the last three when emogi was
 * built with their library: else refused with a message naming it);
 * legacy lz4 data is refused with a message that names it.  An
 * uncompressed regular file is mapped and its blocks point into the
 * mapping.  Every block but the last ends with a newline, so no line is
 * split between two blocks; for binary input (input_open_binary) every
 * block but the last is whole records instead.
 *
 * A text block is the whole lines that fit in the wanted size, or, when
 * the first line alone is longer, that one line: so a block never holds
 * more lines than the size allows, and a line longer than max_line (the
 * larger of INPUT_MAX_LINE and the block size) is refused before it is
 * held whole.  A buffered input holds at most input_held() bytes.
 */
#ifndef EMOGI_CONVERT_INPUT_H
#define EMOGI_CONVERT_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "emogi_csr.h"

/* MAP: a plain regular file, mapped; READ: read, and decoded by CODEC when
 * it is compressed */
enum input_kind { INPUT_MAP, INPUT_READ };
struct codec;

#define INPUT_MAX_LINE (1u << 20) /* the least max_line: 1 MiB */

struct input {
    const char *name; /* the path as given, or "<stdin>" */
    enum input_kind kind;
    const struct codec *codec; /* the compression (codec.h); NULL: none */
    int fd;
    uint64_t bytes_in; /* bytes read from the file */
    uint64_t size;     /* the file's size when it is a regular file, else 0 */
    size_t block;      /* wanted text bytes per block */
    size_t record;     /* binary input: blocks hold whole records of this many
                          bytes (but the last); 0: text, blocks end at a newline */
    size_t max_line;   /* text: longer lines are refused (bytes, newline not counted) */
    int long_line;     /* input_next_block() failed on such a line: the caller,
                          which counts lines, names it */

    char *map; /* INPUT_MAP: the whole file */
    size_t map_len, map_pos;
    size_t map_kept; /* pages before it were given back (blocks already parsed) */

    unsigned char *raw; /* bytes read, not yet decoded */
    size_t raw_pos, raw_len, raw_cap;
    int raw_eof;

    char *buf; /* decoded text: [0, buf_len); a block was [0, buf_start) */
    size_t buf_len, buf_start, buf_cap;
    int text_eof;

    void *dec;          /* the decompressor's context (z_stream, LZ4F, ...) */
    int in_frame;       /* a gzip member / lz4 or zstd frame / bzip2 or xz
                           stream is open: its end is still due */
    uint64_t dec_state; /* zstd, xz, bzip2: the most their decoder holds */
    size_t dec_want;    /* zstd, lz4: the input their decoder asked for next
                           (its hint), 0 at a frame's start: fed no more, so
                           a failed call starts where the damage is */
};

int input_open(struct input *in, const char *path, size_t block, emogi_error *err);
/* The same for fixed-size binary records of RECORD bytes. */
int input_open_binary(struct input *in, const char *path, size_t block, size_t record,
                      emogi_error *err);
/* 1 with the next block in *p, *len; 0 at the end; -1 on error. */
int input_next_block(struct input *in, const char **p, size_t *len, emogi_error *err);
void input_close(struct input *in);
/* The most bytes the input layer holds for IN (a mapped file: none, its
 * pages are the page cache's): buffers and the decompressor's state. */
uint64_t input_held(const struct input *in);
/* Bytes of the file consumed so far: through the last block handed out
 * for a mapped file, read (and buffered ahead) for the others. */
uint64_t input_consumed(const struct input *in);

/* ---- for the decoders (codec_gzip.c, codec_lz4.c, codec_zstd.c,
 * codec_xz.c, codec_bz2.c), which codec.c's table names ---- */

/* The byte offset in the compressed file where the decoder stands, with
 * UNREAD of the bytes read still before it: where a corrupt stream is
 * named (the decoder stops at or just past the bad byte). */
unsigned long long input_raw_at(const struct input *in, size_t unread);

/* Read more raw bytes when all are used; sets raw_eof at end of file. */
int input_refill(struct input *in, emogi_error *err);
/* Decode into out[0, cap): *n bytes, 0 only at the end of the data. */
int input_gzip_init(struct input *in, emogi_error *err);
int input_gzip_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err);
void input_gzip_end(struct input *in);
int input_lz4_init(struct input *in, emogi_error *err);
int input_lz4_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err);
void input_lz4_end(struct input *in);
/* lz4's legacy format (lz4 -l): refused, naming the way to read it */
int input_lz4_legacy_init(struct input *in, emogi_error *err);
/* Read until the raw buffer holds N bytes from raw_pos (fewer at the end):
 * for a decoder that sizes its state from a header. */
int input_peek(struct input *in, size_t n, emogi_error *err);
/* The decoders of optional libraries: without theirs, init refuses the
 * input naming the library (codec_zstd.c, codec_xz.c, codec_bz2.c). */
int input_zstd_init(struct input *in, emogi_error *err);
int input_zstd_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err);
void input_zstd_end(struct input *in);
int input_xz_init(struct input *in, emogi_error *err);
int input_xz_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err);
void input_xz_end(struct input *in);
int input_bz2_init(struct input *in, emogi_error *err);
int input_bz2_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err);
void input_bz2_end(struct input *in);
/* The refusal when a decoder's library was not built in. */
int input_no_library(const struct input *in, const char *what, const char *lib,
                     const char *pkg, emogi_error *err);

#endif
