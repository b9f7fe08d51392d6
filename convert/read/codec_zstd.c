/*
 * codec_zstd.c - zstd through libzstd's streams: input decoded, output
 * encoded at zstd's default level, 3.
 *
 * Frames may follow one another (zstd -c a b, or pzstd's output): the
 * decoder starts the next after each end.  The first frame's header sizes
 * the decoder, so the state input_held() reports is a bound: a later frame
 * that asks for a larger window is refused rather than let grow.  The end
 * of the file inside a frame is a truncated stream, never a short graph.
 * On an error libzstd does not say how far it read, so the decoder is fed
 * what it asks for next (a block and the next block's header, a frame
 * header, a checksum): a failed call then starts at the damaged block,
 * and that byte of the compressed file is named.
 * Without libzstd, a zstd file is refused with a message naming it, and
 * so is an output named .zst.
 */
#include "config.h"

#include <stdlib.h>

#include "codec.h"
#include "input.h"

#ifdef HAVE_ZSTD
#define ZSTD_STATIC_LINKING_ONLY /* the frame header and the state's size */
#include <zstd.h>

#define WINDOW_LOG_MAX 31 /* the format's largest window: 2 GiB */

/* The window log that covers the first frame's window (its header is read
 * here; a skippable or too-short start gets zstd's default limit). */
static unsigned first_window_log(struct input *in, emogi_error *err)
{
    ZSTD_frameHeader h;
    if (input_peek(in, ZSTD_FRAMEHEADERSIZE_MAX, err))
        return 0;
    size_t rc = ZSTD_getFrameHeader(&h, in->raw + in->raw_pos, in->raw_len - in->raw_pos);
    if (rc != 0 || h.frameType != ZSTD_frame)
        return 27;
    unsigned log = 10; /* ZSTD_WINDOWLOG_ABSOLUTEMIN */
    while (log < WINDOW_LOG_MAX && (1ull << log) < h.windowSize)
        log++;
    return log;
}

int input_zstd_init(struct input *in, emogi_error *err)
{
    emogi_error peek_err;
    unsigned log = first_window_log(in, &peek_err);
    if (log == 0) {
        *err = peek_err;
        return -1;
    }
    ZSTD_DStream *d = ZSTD_createDStream();
    if (!d)
        return emogi_fail(err, "%s: out of memory starting zstd decompression", in->name);
    if (ZSTD_isError(ZSTD_DCtx_setParameter(d, ZSTD_d_windowLogMax, (int)log))) {
        ZSTD_freeDStream(d);
        return emogi_fail(err, "%s: cannot start zstd decompression", in->name);
    }
    in->dec = d;
    in->dec_state = ZSTD_estimateDStreamSize((size_t)1 << log);
    in->in_frame = 1;
    return 0;
}

int input_zstd_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err)
{
    ZSTD_outBuffer ob = {out, cap, 0};
    while (ob.pos == 0) {
        if (input_refill(in, err))
            return -1;
        if (in->raw_eof && !in->in_frame)
            break;
        size_t avail = in->raw_len - in->raw_pos;
        size_t want = in->dec_want ? in->dec_want : ZSTD_FRAMEHEADERSIZE_PREFIX(ZSTD_f_zstd1);
        ZSTD_inBuffer ib = {in->raw, in->raw_pos + (want < avail ? want : avail), in->raw_pos};
        size_t rc = ZSTD_decompressStream(in->dec, &ob, &ib);
        if (ZSTD_isError(rc))
            return emogi_fail(err, "%s: corrupt zstd stream at byte %llu of the compressed "
                                   "input: %s",
                              in->name, input_raw_at(in, avail), ZSTD_getErrorName(rc));
        in->raw_pos = ib.pos;
        in->in_frame = rc != 0;
        in->dec_want = rc;
        /* (the first frame's header may have read the whole file already) */
        if (in->raw_eof && in->raw_pos == in->raw_len && ob.pos == 0 && in->in_frame)
            return emogi_fail(err, "%s: truncated zstd stream: the input ends at byte %llu",
                              in->name, input_raw_at(in, 0));
    }
    *n = ob.pos;
    return 0;
}

void input_zstd_end(struct input *in)
{
    if (in->dec) {
        ZSTD_freeDStream(in->dec);
        in->dec = NULL;
    }
}

int output_zstd_init(struct encoder *e, emogi_error *err)
{
    ZSTD_CStream *zs = ZSTD_createCStream();
    e->state = zs;
    if (!zs || ZSTD_isError(ZSTD_initCStream(zs, 3)))
        return emogi_fail(err, "%s: cannot start the zstd compressor", e->path);
    return encoder_buffer(e, ZSTD_CStreamOutSize(), err);
}

static int zstd_push(struct encoder *e, const void *p, size_t len, int finish, emogi_error *err)
{
    ZSTD_inBuffer in = {p, len, 0};
    size_t left;
    do {
        ZSTD_outBuffer ob = {e->buf, e->cap, 0};
        left = finish ? ZSTD_endStream(e->state, &ob) : ZSTD_compressStream(e->state, &ob, &in);
        if (ZSTD_isError(left))
            return emogi_fail(err, "%s: zstd compression failed: %s", e->path,
                              ZSTD_getErrorName(left));
        if (e->sink(e->ctx, e->buf, ob.pos, err))
            return -1;
    } while (finish ? left != 0 : in.pos < in.size);
    return 0;
}

int output_zstd_put(struct encoder *e, const void *p, size_t len, int finish, emogi_error *err)
{
    return zstd_push(e, p, len, 0, err) || (finish && zstd_push(e, NULL, 0, 1, err)) ? -1 : 0;
}

void output_zstd_end(struct encoder *e)
{
    ZSTD_freeCStream(e->state);
    free(e->buf);
    e->state = e->buf = NULL;
}

#else

int input_zstd_init(struct input *in, emogi_error *err)
{
    return input_no_library(in, "zstd", "libzstd", "libzstd-dev", err);
}

int input_zstd_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err)
{
    (void)out, (void)cap, (void)n;
    return input_zstd_init(in, err);
}

void input_zstd_end(struct input *in)
{
    (void)in;
}

int output_zstd_init(struct encoder *e, emogi_error *err)
{
    return emogi_fail(err, "%s: this emogi was built without libzstd: cannot write zstd "
                           "(name the output .gz, or without a compression suffix)",
                      e->path);
}

int output_zstd_put(struct encoder *e, const void *p, size_t len, int finish, emogi_error *err)
{
    (void)p, (void)len, (void)finish;
    return output_zstd_init(e, err);
}

void output_zstd_end(struct encoder *e)
{
    (void)e;
}

#endif
