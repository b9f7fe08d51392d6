/*
 * codec_gzip.c - gzip through zlib: input by inflate, output by deflate.
 *
 * Concatenated members (what `cat a.gz b.gz` or pigz produce) are read one
 * after another, as gzip -d does.  The end of the file inside a member is
 * a truncated stream, never a silently short graph.  Output is one member
 * at gzip's default level, 6.
 */
#include <limits.h>
#include <stdlib.h>
#include <zlib.h>

#include "codec.h"
#include "input.h"

#define OUT_BUF (1u << 20) /* compressed bytes handed to the sink at a time */

int input_gzip_init(struct input *in, emogi_error *err)
{
    z_stream *z = calloc(1, sizeof *z);
    if (!z)
        return emogi_fail(err, "out of memory");
    if (inflateInit2(z, 15 + 16) != Z_OK) { /* 16: gzip header only */
        free(z);
        return emogi_fail(err, "%s: cannot start gzip decompression", in->name);
    }
    z->next_in = in->raw + in->raw_pos; /* the magic bytes already read */
    z->avail_in = (uInt)(in->raw_len - in->raw_pos);
    in->dec = z;
    in->in_frame = 1;
    return 0;
}

int input_gzip_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err)
{
    z_stream *z = in->dec;
    z->next_out = (Bytef *)out;
    z->avail_out = cap > UINT_MAX ? UINT_MAX : (uInt)cap;
    uInt want = z->avail_out;
    while (z->avail_out == want) {
        if (z->avail_in == 0) {
            in->raw_pos = in->raw_len; /* zlib consumed all of it */
            if (input_refill(in, err))
                return -1;
            if (in->raw_eof) {
                if (in->in_frame)
                    return emogi_fail(err, "%s: truncated gzip stream: the input ends at byte %llu",
                                      in->name, input_raw_at(in, 0));
                break;
            }
            z->next_in = in->raw;
            z->avail_in = (uInt)in->raw_len;
        }
        if (!in->in_frame) { /* more bytes after a member: the next member */
            inflateReset(z);
            in->in_frame = 1;
        }
        int rc = inflate(z, Z_NO_FLUSH);
        if (rc == Z_STREAM_END)
            in->in_frame = 0;
        else if (rc == Z_MEM_ERROR)
            return emogi_fail(err, "%s: out of memory in gzip decompression", in->name);
        else if (rc != Z_OK && rc != Z_BUF_ERROR)
            return emogi_fail(err, "%s: corrupt gzip stream at byte %llu of the compressed "
                              "input: %s", in->name, input_raw_at(in, z->avail_in),
                              z->msg ? z->msg : "invalid data");
    }
    *n = want - z->avail_out;
    return 0;
}

void input_gzip_end(struct input *in)
{
    if (in->dec) {
        inflateEnd(in->dec);
        free(in->dec);
        in->dec = NULL;
    }
}

int output_gzip_init(struct encoder *e, emogi_error *err)
{
    z_stream *z = calloc(1, sizeof *z);
    if (!z)
        return emogi_fail(err, "%s: out of memory", e->path);
    e->state = z;
    /* 15 + 16: a gzip header and trailer, as gzip(1) writes */
    if (deflateInit2(z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return emogi_fail(err, "%s: cannot start the gzip compressor", e->path);
    return encoder_buffer(e, OUT_BUF, err);
}

int output_gzip_put(struct encoder *e, const void *p, size_t len, int finish, emogi_error *err)
{
    z_stream *z = e->state;
    z->next_in = (Bytef *)p;
    z->avail_in = (uInt)len;
    int rc;
    do {
        z->next_out = e->buf;
        z->avail_out = (uInt)e->cap;
        rc = deflate(z, finish ? Z_FINISH : Z_NO_FLUSH);
        if (rc == Z_STREAM_ERROR)
            return emogi_fail(err, "%s: gzip compression failed", e->path);
        if (e->sink(e->ctx, e->buf, e->cap - z->avail_out, err))
            return -1;
    } while (z->avail_out == 0 || (finish && rc != Z_STREAM_END));
    return 0;
}

void output_gzip_end(struct encoder *e)
{
    if (e->state)
        deflateEnd(e->state);
    free(e->state);
    free(e->buf);
    e->state = e->buf = NULL;
}
