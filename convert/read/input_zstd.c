/*
 * input_zstd.c - zstd input through libzstd's streaming decoder.
 *
 * Frames may follow one another (zstd -c a b, or pzstd's output): the
 * decoder starts the next after each end.  The first frame's header sizes
 * the decoder, so the state input_held() reports is a bound: a later frame
 * that asks for a larger window is refused rather than let grow.  The end
 * of the file inside a frame is a truncated stream, never a short graph.
 * Without libzstd, a zstd file is refused with a message naming it.
 */
#include "config.h"
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
        ZSTD_inBuffer ib = {in->raw, in->raw_len, in->raw_pos};
        size_t rc = ZSTD_decompressStream(in->dec, &ob, &ib);
        if (ZSTD_isError(rc))
            return emogi_fail(err, "%s: corrupt zstd stream: %s", in->name,
                              ZSTD_getErrorName(rc));
        in->raw_pos = ib.pos;
        in->in_frame = rc != 0;
        if (in->raw_eof && ob.pos == 0 && in->in_frame)
            return emogi_fail(err, "%s: truncated zstd stream", in->name);
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

#endif
