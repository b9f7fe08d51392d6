/*
 * codec_bz2.c - bzip2 input through libbz2.
 *
 * Streams may follow one another (pbzip2 writes one per block; cat a.bz2
 * b.bz2): each end starts a new decoder on what follows, as bzip2 -d
 * does.  The decoder holds at most 100 kB plus four times the largest
 * block (900 kB for -9).  The end of the file inside a stream is a
 * truncated stream.  Without libbz2, a bzip2 file is refused with a
 * message naming it.
 */
#include "config.h"
#include "input.h"

#ifdef HAVE_BZ2
#include <bzlib.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define BZ2_STATE (100000u + 4 * 900000u + (64u << 10)) /* -9's tables and the stream */

static int bz2_start(struct input *in, bz_stream *z, emogi_error *err)
{
    memset(z, 0, sizeof *z);
    int rc = BZ2_bzDecompressInit(z, 0, 0);
    if (rc != BZ_OK)
        return emogi_fail(err, "%s: %s starting bzip2 decompression", in->name,
                          rc == BZ_MEM_ERROR ? "out of memory" : "cannot start");
    return 0;
}

int input_bz2_init(struct input *in, emogi_error *err)
{
    bz_stream *z = malloc(sizeof *z);
    if (!z)
        return emogi_fail(err, "out of memory");
    if (bz2_start(in, z, err)) {
        free(z);
        return -1;
    }
    z->next_in = (char *)in->raw + in->raw_pos; /* the magic bytes already read */
    z->avail_in = (unsigned)(in->raw_len - in->raw_pos);
    in->dec = z;
    in->dec_state = BZ2_STATE;
    in->in_frame = 1;
    return 0;
}

/* Where the stream's end leaves Z: more bytes begin another stream. */
static int bz2_next_stream(struct input *in, bz_stream *z, emogi_error *err)
{
    bz_stream at = *z; /* the places in and out, which a new start clears */
    BZ2_bzDecompressEnd(z);
    if (bz2_start(in, z, err)) {
        free(in->dec); /* the stream is ended: nothing left for input_bz2_end */
        in->dec = NULL;
        return -1;
    }
    z->next_in = at.next_in;
    z->avail_in = at.avail_in;
    z->next_out = at.next_out;
    z->avail_out = at.avail_out;
    in->in_frame = 1;
    return 0;
}

int input_bz2_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err)
{
    bz_stream *z = in->dec;
    z->next_out = out;
    z->avail_out = cap > UINT_MAX ? UINT_MAX : (unsigned)cap;
    unsigned want = z->avail_out;
    while (z->avail_out == want) {
        if (z->avail_in == 0 && !in->raw_eof) {
            in->raw_pos = in->raw_len; /* libbz2 consumed all of it */
            if (input_refill(in, err))
                return -1;
            z->next_in = (char *)in->raw;
            z->avail_in = (unsigned)in->raw_len;
        }
        if (z->avail_in == 0 && !in->in_frame)
            break;
        if (!in->in_frame && bz2_next_stream(in, z, err))
            return -1;
        int rc = BZ2_bzDecompress(z);
        if (rc == BZ_STREAM_END)
            in->in_frame = 0;
        else if (rc == BZ_MEM_ERROR)
            return emogi_fail(err, "%s: out of memory in bzip2 decompression", in->name);
        else if (rc == BZ_DATA_ERROR || rc == BZ_DATA_ERROR_MAGIC)
            return emogi_fail(err, "%s: corrupt bzip2 stream at byte %llu of the compressed "
                              "input: bad data or a failed CRC", in->name,
                              input_raw_at(in, z->avail_in));
        else if (rc != BZ_OK)
            return emogi_fail(err, "%s: corrupt bzip2 stream at byte %llu of the compressed input "
                              "(libbz2 error %d)", in->name, input_raw_at(in, z->avail_in), rc);
        else if (z->avail_in == 0 && in->raw_eof && z->avail_out == want)
            return emogi_fail(err, "%s: truncated bzip2 stream: the input ends at byte %llu",
                              in->name, input_raw_at(in, 0)); /* and no output due */
    }
    *n = want - z->avail_out;
    return 0;
}

void input_bz2_end(struct input *in)
{
    if (in->dec) {
        BZ2_bzDecompressEnd(in->dec);
        free(in->dec);
        in->dec = NULL;
    }
}

#else

int input_bz2_init(struct input *in, emogi_error *err)
{
    return input_no_library(in, "bzip2", "libbz2", "libbz2-dev", err);
}

int input_bz2_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err)
{
    (void)out, (void)cap, (void)n;
    return input_bz2_init(in, err);
}

void input_bz2_end(struct input *in)
{
    (void)in;
}

#endif
