/*
 * unit_webgraph_adj.c - the adj reader (WebGraph's ASCII adjacency form) on
 * small texts whose arcs are written out by hand, on cnr-2000 printed as
 * text (the arcs must come back as the BVGraph reader gave them, for any
 * thread count), and on broken texts that must be refused by line.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "webgraph.h"

static char path[512];

static void put(const char *text)
{
    FILE *f = fopen(path, "wb");
    fputs(text, f);
    fclose(f);
}

/* Arcs as "s d,s d,..." for comparing with a hand-written answer. */
static const char *arcs(const struct edge_list *e)
{
    static char buf[1024];
    size_t n = 0;
    buf[0] = '\0';
    for (uint64_t i = 0; i < e->n && n < sizeof buf - 64; i++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%llu %llu", i ? "," : "",
                              (unsigned long long)e->src[i], (unsigned long long)e->dst[i]);
    return buf;
}

static void good(const char *what, const char *text, int threads, uint64_t nv,
                 const char *want, uint64_t lines)
{
    struct parse_result r;
    emogi_error err = {{0}};
    put(text);
    int rc = adj_read(path, threads, &r, &err);
    ok(rc == 0 && r.nv == nv && strcmp(arcs(&r.edges), want) == 0 && r.lines == lines,
       "%s%s%s", what, rc ? ": " : "", rc ? err.msg : "");
    if (rc == 0 && strcmp(arcs(&r.edges), want) != 0)
        printf("# got %s\n", arcs(&r.edges));
    if (rc == 0)
        edge_list_free(&r.edges);
}

static void bad(const char *what, const char *text, const char *needle)
{
    struct parse_result r;
    emogi_error err = {{0}};
    put(text);
    int rc = adj_read(path, 2, &r, &err);
    ok(rc == -1 && strstr(err.msg, needle), "%s: refused with '%s'", what, needle);
    if (rc == -1 && !strstr(err.msg, needle))
        printf("# got: %s\n", err.msg);
    if (rc == 0)
        edge_list_free(&r.edges);
}

static void test_cnr(void)
{
    const char *top = getenv("top_srcdir");
    char base[1024];
    snprintf(base, sizeof base, "%s/tests/data/webgraph/cnr-2000", top ? top : ".");
    struct parse_result g, a1, a4;
    emogi_error err = {{0}};
    if (webgraph_read(base, 1, &g, &err)) {
        ok(0, "cnr-2000 decodes: %s", err.msg);
        return;
    }
    FILE *f = fopen(path, "wb");
    fprintf(f, "%llu\n", (unsigned long long)g.nv);
    uint64_t k = 0;
    for (uint64_t x = 0; x < g.nv; x++) {
        for (const char *sep = ""; k < g.edges.n && g.edges.src[k] == x; k++, sep = " ")
            fprintf(f, "%s%llu", sep, (unsigned long long)g.edges.dst[k]);
        fputc('\n', f);
    }
    fclose(f);
    int rc1 = adj_read(path, 1, &a1, &err), rc4 = adj_read(path, 4, &a4, &err);
    ok(rc1 == 0 && a1.nv == g.nv && a1.edges.n == g.edges.n && a1.lines == g.nv + 1 &&
           !memcmp(a1.edges.src, g.edges.src, g.edges.n * 8) &&
           !memcmp(a1.edges.dst, g.edges.dst, g.edges.n * 8),
       "cnr-2000 as text: the same arcs as from the BVGraph");
    ok(rc4 == 0 && a4.edges.n == g.edges.n && !memcmp(a4.edges.src, g.edges.src, g.edges.n * 8) &&
           !memcmp(a4.edges.dst, g.edges.dst, g.edges.n * 8),
       "cnr-2000 as text, 4 threads: the same arcs");
    edge_list_free(&g.edges);
    if (rc1 == 0)
        edge_list_free(&a1.edges);
    if (rc4 == 0)
        edge_list_free(&a4.edges);
}

int main(void)
{
    snprintf(path, sizeof path, "%s/unit_webgraph_adj.XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) {
        perror("mkstemp");
        return 1;
    }
    close(fd);
    const char *four = "4\n1 2\n\n0 3 3\n2\n";
    const char *want = "0 1,0 2,2 0,2 3,2 3,3 2";
    good("4 nodes, an empty line, a repeated arc", four, 1, 4, want, 5);
    good("  ... 3 threads", four, 3, 4, want, 5);
    good("no newline at the end, blanks and CRLF", " 4 \r\n1\t2\r\n\r\n 0  3 3\n2", 2, 4, want, 5);
    good("blank lines past the last node", "2\n1\n0\n\n  \n", 2, 2, "0 1,1 0", 5);
    good("no nodes", "0\n", 1, 0, "", 1);
    bad("an id past the nodes", "3\n1\n5\n", ":3: successor '5' is not a node id below 3");
    bad("a word in a list", "3\n1\n2 x\n\n", ":3: successor 'x' is not a node id below 3");
    bad("no node count", "x\n1\n", ":1: expected the node count, found 'x'");
    bad("missing lines", "3\n1\n", ":1: the node count is 3, but the file ends after 1 successor lines");
    bad("extra lines", "1\n0\n0\n", ":3: more lines than the 1 nodes");
    bad("an empty file", "", "empty: expected the node count");
    test_cnr();
    unlink(path);
    plan(tap_n);
    return done_testing();
}
