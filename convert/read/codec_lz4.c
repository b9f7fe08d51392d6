/*
 * codec_lz4.c - lz4 frame input through the LZ4F decompression API.
 *
 * Frames may follow one another (LZ4F starts the next after each end).
 * A decoder may hold output back, so at the end of the file it is asked
 * once more with no input before the frame counts as truncated.  The
 * legacy format (lz4 -l) is refused with the command that reads it.
 * On an error LZ4F does not say how far it read, so the decoder is fed
 * what it asks for next (a block and the next block's header): a failed
 * call then starts at the damaged block, and that byte is named.
 */
#include <lz4frame.h>
#include <unistd.h>

#include "input.h"

int input_lz4_legacy_init(struct input *in, emogi_error *err)
{
    int std = in->fd == STDIN_FILENO;
    return emogi_fail(err, "%s: lz4-compressed in the legacy format (lz4 -l); emogi-convert "
                           "reads lz4 frames: decompress it first (%slz4 -dc%s%s | "
                           "emogi-convert FORMAT - OUTPUT)",
                      in->name, std ? "... | " : "", std ? "" : " ", std ? "" : in->name);
}

int input_lz4_init(struct input *in, emogi_error *err)
{
    LZ4F_dctx *d;
    if (LZ4F_isError(LZ4F_createDecompressionContext(&d, LZ4F_VERSION)))
        return emogi_fail(err, "%s: cannot start lz4 decompression", in->name);
    in->dec = d;
    in->in_frame = 1;
    return 0;
}

int input_lz4_read(struct input *in, char *out, size_t cap, size_t *n, emogi_error *err)
{
    *n = 0;
    while (*n < cap) {
        size_t avail = in->raw_len - in->raw_pos, dst = cap - *n;
        size_t want = in->dec_want ? in->dec_want : LZ4F_HEADER_SIZE_MAX;
        size_t src = want < avail ? want : avail;
        size_t hint = LZ4F_decompress(in->dec, out + *n, &dst, in->raw + in->raw_pos, &src, NULL);
        if (LZ4F_isError(hint))
            return emogi_fail(err, "%s: corrupt lz4 frame at byte %llu of the compressed "
                                   "input: %s",
                              in->name, input_raw_at(in, avail), LZ4F_getErrorName(hint));
        in->raw_pos += src;
        *n += dst;
        if (src || dst) { /* after a frame's end, an empty call asks for the next */
            in->in_frame = hint != 0;
            in->dec_want = hint;
        }
        if (*n > 0 && in->raw_pos == in->raw_len)
            break; /* hand over what we have rather than block on a pipe */
        if (src == 0 && dst == 0) {
            if (input_refill(in, err))
                return -1;
            if (in->raw_eof) {
                if (in->in_frame)
                    return emogi_fail(err, "%s: truncated lz4 frame: the input ends at byte %llu",
                                      in->name, input_raw_at(in, 0));
                break;
            }
        }
    }
    return 0;
}

void input_lz4_end(struct input *in)
{
    if (in->dec) {
        LZ4F_freeDecompressionContext(in->dec);
        in->dec = NULL;
    }
}
