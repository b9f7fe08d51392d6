/*
 * unit_ooc_bel.c - binary edge lists read in blocks far smaller than the
 * file, so that block boundaries fall everywhere a pair can be cut:
 * mapped, through a buffer (gzip) and handed block by block to a sink.
 * The expected edges are the formula that wrote them.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "parse.h"
#include "tap.h"

#define N 1000

static uint64_t src_of(uint64_t i) { return i * 7 % 1009; }
static uint64_t dst_of(uint64_t i) { return i * 3 + 5000000000ull; }

static void write_bel64(const char *path, int gz, int extra)
{
    unsigned char buf[16];
    gzFile z = gz ? gzopen(path, "wb") : NULL;
    FILE *f = gz ? NULL : fopen(path, "wb");
    for (uint64_t i = 0; i < N; i++) {
        uint64_t s = src_of(i), d = dst_of(i);
        for (int b = 0; b < 8; b++) {
            buf[b] = (unsigned char)(s >> (8 * b));
            buf[8 + b] = (unsigned char)(d >> (8 * b));
        }
        if (gz)
            gzwrite(z, buf, 16);
        else
            fwrite(buf, 1, 16, f);
    }
    if (gz) {
        gzwrite(z, "xyz", (unsigned)extra);
        gzclose(z);
    } else {
        fwrite("xyz", 1, (size_t)extra, f);
        fclose(f);
    }
}

static int edges_right(const struct edge_list *e)
{
    if (e->n != N)
        return 0;
    for (uint64_t i = 0; i < N; i++)
        if (e->src[i] != src_of(i) || e->dst[i] != dst_of(i))
            return 0;
    return 1;
}

/* A sink that keeps what it is given, counting the calls. */
struct kept {
    struct edge_list all;
    int calls;
};

static int keep(void *ctx, struct parse_result *r, emogi_error *err)
{
    struct kept *k = ctx;
    k->calls++;
    int rc = edge_list_concat(&k->all, &r->edges, 1, err);
    memset(&r->edges, 0, sizeof r->edges);
    return rc;
}

static void one_file(const char *path, const char *what, size_t block)
{
    struct parse_opts o = {.format = FORMAT_BEL64, .threads = 2, .block_size = block};
    struct parse_result r;
    emogi_error err;
    int rc = parse_input(path, &o, &r, &err);
    ok(rc == 0 && edges_right(&r.edges), "%s, blocks of %zu bytes: every pair, in order", what,
       block);
    ok(rc == 0 && r.nv == dst_of(N - 1) + 1, "%s: nv is the largest id + 1", what);
    parse_result_free(&r);

    struct kept k = {{0}, 0};
    rc = parse_input_stream(path, &o, &r, keep, &k, &err);
    ok(rc == 0 && edges_right(&k.all) && r.edges.n == 0, "%s: streamed, the same pairs", what);
    ok(k.calls >= (int)(N * 16 / (block < 16 ? 16 : block)) / 2,
       "%s: ... handed over in %d blocks", what, k.calls);
    edge_list_free(&k.all);
    parse_result_free(&r);
}

int main(void)
{
    char plain[] = "/tmp/unit_ooc_bel.XXXXXX", gz[] = "/tmp/unit_ooc_bel_gz.XXXXXX";
    close(mkstemp(plain));
    close(mkstemp(gz));
    plan(10);
    write_bel64(plain, 0, 0);
    write_bel64(gz, 1, 0);
    one_file(plain, "mapped", 40);
    one_file(gz, "gzip", 24);

    struct parse_opts o = {.format = FORMAT_BEL64, .threads = 1, .block_size = 48};
    struct parse_result r;
    emogi_error err;
    write_bel64(gz, 1, 3);
    int rc = parse_input(gz, &o, &r, &err);
    ok(rc == -1 && strstr(err.msg, "byte offset 16000: 3 trailing bytes") != NULL,
       "gzip with a partial pair after %d pairs: '%s'", N, rc ? err.msg : "");
    write_bel64(plain, 0, 2);
    rc = parse_input(plain, &o, &r, &err);
    ok(rc == -1 && strstr(err.msg, "byte offset 16000: 2 trailing bytes") != NULL,
       "mapped, the same: '%s'", rc ? err.msg : "");
    unlink(plain);
    unlink(gz);
    return done_testing();
}
