/*
 * codec_xz.c - xz input through liblzma's stream decoder.
 *
 * Streams may follow one another (xz -c a b; LZMA_CONCATENATED).  The
 * first block's header sizes the decoder: its filters' memory (the LZMA2
 * dictionary, 8 MiB for xz -6, 64 MiB for -9) is what input_held()
 * reports, and liblzma's memory limit keeps a later block from asking for
 * more.  The end of the file inside a stream is a truncated stream.
 * Without liblzma, an xz file is refused with a message naming it.
 */
#include "config.h"
#include "input.h"

#ifdef HAVE_LZMA
#include <lzma.h>
#include <stdlib.h>

#define XZ_OVERHEAD (1u << 20) /* the stream and block decoders beside the filters */

/* What decoding the first block's filters takes; XZ_OVERHEAD alone for a
 * stream without blocks or a header too damaged to say (the decoder then
 * reports the damage). */
static uint64_t first_block_memory(struct input *in, emogi_error *err)
{
    lzma_stream_flags flags;
    lzma_filter filters[LZMA_FILTERS_MAX + 1];
    lzma_block block = {.version = 0, .filters = filters};
    if (input_peek(in, LZMA_STREAM_HEADER_SIZE + 1, err))
        return 0;
    const uint8_t *h = in->raw + in->raw_pos;
    size_t have = in->raw_len - in->raw_pos;
    if (have <= LZMA_STREAM_HEADER_SIZE || lzma_stream_header_decode(&flags, h) != LZMA_OK ||
        h[LZMA_STREAM_HEADER_SIZE] == 0) /* 0: the index, no block */
        return XZ_OVERHEAD;
    block.check = flags.check;
    block.header_size = lzma_block_header_size_decode(h[LZMA_STREAM_HEADER_SIZE]);
    if (input_peek(in, LZMA_STREAM_HEADER_SIZE + block.header_size, err))
        return 0;
    h = in->raw + in->raw_pos;
    if (in->raw_len - in->raw_pos < LZMA_STREAM_HEADER_SIZE + block.header_size ||
        lzma_block_header_decode(&block, NULL, h + LZMA_STREAM_HEADER_SIZE) != LZMA_OK)
        return XZ_OVERHEAD;
    uint64_t use = lzma_raw_decoder_memusage(filters);
    for (int i = 0; filters[i].id != LZMA_VLI_UNKNOWN; i++)
        free(filters[i].options);
    return use == UINT64_MAX ? XZ_OVERHEAD : use + XZ_OVERHEAD;
}

int input_xz_init(struct input *in, emogi_error *err)
{
    uint64_t limit = first_block_memory(in, err);
    if (limit == 0)
        return -1;
    lzma_stream *s = malloc(sizeof *s);
    if (!s)
        return emogi_fail(err, "out of memory");
    *s = (lzma_stream)LZMA_STREAM_INIT;
    if (lzma_stream_decoder(s, limit, LZMA_CONCATENATED) != LZMA_OK) {
        free(s);
        return emogi_fail(err, "%s: cannot start xz decompression", in->name);
    }
    s->next_in = in->raw + in->raw_pos;
    s->avail_in = in->raw_len - in->raw_pos;
    in->dec = s;
    in->dec_state = limit;
    in->in_frame = 1;
    return 0;
}

static int xz_error(const struct input *in, lzma_ret rc, emogi_error *err)
{
    unsigned long long at = input_raw_at(in, ((const lzma_stream *)in->dec)->avail_in);
    switch (rc) {
    case LZMA_MEM_ERROR:
        return emogi_fail(err, "%s: out of memory in xz decompression", in->name);
    case LZMA_MEMLIMIT_ERROR:
        return emogi_fail(err, "%s: the xz block at byte %llu needs more memory than its first "
                               "block's %llu bytes",
                          in->name, at, (unsigned long long)in->dec_state);
    case LZMA_BUF_ERROR:
        return emogi_fail(err, "%s: truncated xz stream: the input ends at byte %llu", in->name,
                          at);
    case LZMA_OPTIONS_ERROR:
        return emogi_fail(err, "%s: xz stream with options this liblzma does not support, at "
                               "byte %llu",
                          in->name, at);
    case LZMA_DATA_ERROR:
        return emogi_fail(err, "%s: corrupt xz stream at byte %llu of the compressed input: "
                               "bad data or a failed check", in->name, at);
    default:
        return emogi_fail(err, "%s: corrupt xz stream at byte %llu of the compressed input "
                               "(liblzma error %d)", in->name, at, (int)rc);
    }
}

int input_xz_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err)
{
    lzma_stream *s = in->dec;
    s->next_out = (uint8_t *)out;
    s->avail_out = cap;
    while (in->in_frame && s->avail_out == cap) {
        if (s->avail_in == 0 && !in->raw_eof) {
            in->raw_pos = in->raw_len; /* liblzma consumed all of it */
            if (input_refill(in, err))
                return -1;
            s->next_in = in->raw;
            s->avail_in = in->raw_len;
        }
        lzma_ret rc = lzma_code(s, in->raw_eof ? LZMA_FINISH : LZMA_RUN);
        if (rc == LZMA_STREAM_END)
            in->in_frame = 0;
        else if (rc != LZMA_OK)
            return xz_error(in, rc, err);
    }
    *n = cap - s->avail_out;
    return 0;
}

void input_xz_end(struct input *in)
{
    if (in->dec) {
        lzma_end(in->dec);
        free(in->dec);
        in->dec = NULL;
    }
}

#else

int input_xz_init(struct input *in, emogi_error *err)
{
    return input_no_library(in, "xz", "liblzma", "liblzma-dev", err);
}

int input_xz_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err)
{
    (void)out, (void)cap, (void)n;
    return input_xz_init(in, err);
}

void input_xz_end(struct input *in)
{
    (void)in;
}

#endif
