/*
 * out.h - emogi-export's output: text or bytes gathered in a buffer and
 * handed on, through the codec its name asks for (codec.h: .gz, .zst) or
 * as they are, to a file that replaces OUTPUT whole or not at all
 * (emogi_atomic_*).
 */
#ifndef EMOGI_CONVERT_OUT_H
#define EMOGI_CONVERT_OUT_H

#include <stddef.h>
#include <stdint.h>

#include "codec.h"
#include "emogi_csr.h"

#define OUT_TEXT_BUF (1u << 20) /* what the writers put, before the codec */
#define OUT_LINE_MAX 96 /* the longest line out_line() makes room for: two uint64
                           ids, a %.9g weight and their blanks */

struct out {
    struct emogi_atomic a;
    const struct codec *codec; /* NULL: written as it is */
    struct encoder enc;
    char *buf;
    size_t len;
    uint64_t raw_bytes;  /* what the writers put (--stats), */
    uint64_t file_bytes; /* and what went to OUTPUT after the codec */
};

/* The codec first, so that a refusal leaves PATH as it was. */
int out_open(struct out *o, const char *path, emogi_error *err);
int out_put(struct out *o, const void *p, size_t len, emogi_error *err);
/* Room for one line of at most OUT_LINE_MAX bytes at o->buf + o->len; the
 * writer adds what it wrote to o->len.  NULL on a write error. */
char *out_line(struct out *o, emogi_error *err);
/* The rest through the codec, its end, and the file in place. */
int out_commit(struct out *o, emogi_error *err);
void out_abort(struct out *o);

#endif
