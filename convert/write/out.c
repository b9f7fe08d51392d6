/*
 * out.c - the buffered output of emogi-export (out.h).
 */
#include <stdlib.h>
#include <string.h>

#include "out.h"

/* LEN bytes to the file, counted: the codec's sink, or the buffer's. */
static int out_write(void *ctx, const void *p, size_t len, emogi_error *err)
{
    struct out *o = ctx;
    o->file_bytes += len;
    return emogi_write_all(&o->a, p, len, err);
}

int out_open(struct out *o, const char *path, emogi_error *err)
{
    memset(o, 0, sizeof *o);
    o->codec = codec_for_output(path);
    o->buf = malloc(OUT_TEXT_BUF);
    if (!o->buf)
        return emogi_fail(err, "%s: out of memory", path);
    o->enc = (struct encoder){.path = path, .sink = out_write, .ctx = o};
    if (o->codec && o->codec->enc_init(&o->enc, err))
        return -1;
    return emogi_atomic_open(&o->a, path, err);
}

static int out_flush(struct out *o, int finish, emogi_error *err)
{
    size_t len = o->len;
    o->len = 0;
    o->raw_bytes += len;
    if (o->codec)
        return o->codec->enc_put(&o->enc, o->buf, len, finish, err);
    return out_write(o, o->buf, len, err);
}

int out_put(struct out *o, const void *p, size_t len, emogi_error *err)
{
    while (len) {
        size_t k = OUT_TEXT_BUF - o->len < len ? OUT_TEXT_BUF - o->len : len;
        memcpy(o->buf + o->len, p, k);
        o->len += k, p = (const char *)p + k, len -= k;
        if (o->len == OUT_TEXT_BUF && out_flush(o, 0, err))
            return -1;
    }
    return 0;
}

char *out_line(struct out *o, emogi_error *err)
{
    if (OUT_TEXT_BUF - o->len < OUT_LINE_MAX && out_flush(o, 0, err))
        return NULL;
    return o->buf + o->len;
}

static void out_free(struct out *o)
{
    if (o->codec)
        o->codec->enc_end(&o->enc);
    free(o->buf);
}

int out_commit(struct out *o, emogi_error *err)
{
    int rc = out_flush(o, 1, err) || emogi_atomic_commit(&o->a, err) ? -1 : 0;
    out_free(o);
    return rc;
}

void out_abort(struct out *o)
{
    emogi_atomic_abort(&o->a);
    out_free(o);
}
