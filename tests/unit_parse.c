/*
 * unit_parse.c - the text readers against hand-written answers.
 *
 * Small inputs whose edges are written out by hand; every mtx variant; an
 * exact message for each kind of bad line; and a generated input whose
 * i-th line is known by formula, read through every path (mapped file,
 * gzip, multi-member gzip, lz4) with block sizes from one byte up and
 * several thread counts, which must all give the same edges and the same
 * line number for a planted error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lz4frame.h>
#include <zlib.h>

#include "parse.h"
#include "tap.h"

static char tmpdir[] = "/tmp/unit_parse.XXXXXX";

/* "s d[ w],..." for comparing with an answer written by hand */
static const char *edges_str(const struct parse_result *r)
{
    static char s[4096];
    size_t o = 0;
    s[0] = '\0';
    for (uint64_t i = 0; i < r->edges.n && o < sizeof s - 64; i++) {
        o += (size_t)snprintf(s + o, sizeof s - o, "%s%llu %llu", i ? "," : "",
                              (unsigned long long)r->edges.src[i],
                              (unsigned long long)r->edges.dst[i]);
        if (r->edges.w)
            o += (size_t)snprintf(s + o, sizeof s - o, " %g", r->edges.w[i]);
    }
    return s;
}

static int parse_str(enum input_format f, const char *text, struct parse_result *r,
                     emogi_error *err)
{
    struct parse_opts o = {.format = f, .threads = 2};
    return parse_buffer("t", text, strlen(text), &o, r, err);
}

/* Parses TEXT and compares edges, nv and weight kind with the answer. */
static void good(enum input_format f, const char *text, const char *edges, uint64_t nv,
                 enum weight_kind wk, const char *what)
{
    struct parse_result r;
    emogi_error err;
    if (!ok(parse_str(f, text, &r, &err) == 0, "%s: parses", what)) {
        printf("# %s\n", err.msg);
        ok(0, "%s: edges", what);
        return;
    }
    int same = strcmp(edges_str(&r), edges) == 0 && r.nv == nv && r.weights == wk;
    if (!ok(same, "%s: edges %s, nv %llu, weights %d", what, edges, (unsigned long long)nv, wk))
        printf("# got %s, nv %llu, weights %d\n", edges_str(&r), (unsigned long long)r.nv,
               r.weights);
    parse_result_free(&r);
}

static void bad(enum input_format f, const char *text, const char *msg)
{
    struct parse_result r;
    emogi_error err = {{0}};
    int rc = parse_str(f, text, &r, &err);
    if (!ok(rc == -1 && strcmp(err.msg, msg) == 0, "rejects: %s", msg))
        printf("# got rc %d: %s\n", rc, err.msg);
}

static void test_el(void)
{
    good(FORMAT_EL, "# c\n% c\n0 1\n\n  0\t2  \n1 2\r\n5 0", "0 1,0 2,1 2,5 0", 6, WEIGHTS_NONE,
         "el with comments, blanks, tabs, CRLF, no final newline");
    good(FORMAT_EL, "", "", 0, WEIGHTS_NONE, "empty el");
    good(FORMAT_EL, "0 18446744073709551614\n", "0 18446744073709551614", UINT64_MAX,
         WEIGHTS_NONE, "largest id");
    good(FORMAT_WEL, "0 1 7\n1 2 0\n2 0 4294967295\n", "0 1 7,1 2 0,2 0 4.29497e+09", 3,
         WEIGHTS_INT, "wel integer weights up to UINT32_MAX");
    good(FORMAT_WEL, "0 1 4294967296\n", "0 1 4.29497e+09", 2, WEIGHTS_REAL,
         "wel weight past UINT32_MAX is real");
    good(FORMAT_WEL, "0 1 0.5\n1 0 2e0\n", "0 1 0.5,1 0 2", 2, WEIGHTS_REAL, "wel real weights");
    good(FORMAT_WEL, "0 1 -0.5\n1 0 -3.0\n1 2 4\n", "0 1 -0.5,1 0 -3,1 2 4", 3, WEIGHTS_REAL,
         "wel negative real weights make float32 weights");
    good(FORMAT_WEL, "0 1 -3e0\n", "0 1 -3", 2, WEIGHTS_REAL, "wel -3e0 is a real -3");
    good(FORMAT_WEL, "0 1 -0\n1 0 -0.0\n", "0 1 0,1 0 0", 2, WEIGHTS_INT,
         "wel -0 and -0.0 are the weight 0");
    good(FORMAT_WEL, "0 1 3.4e38\n", "0 1 3.4e+38", 2, WEIGHTS_REAL, "wel 3.4e38 fits float32");
    /* 3.4028235e38 is FLT_MAX printed to 8 digits, a bit above it: it rounds to FLT_MAX */
    good(FORMAT_WEL, "0 1 -3.4028235e38\n", "0 1 -3.40282e+38", 2, WEIGHTS_REAL,
         "wel -3.4028235e38 is float32's lowest");
}

/* --weights none: the weight column is read as numbers, not stored. */
static void test_dropped(void)
{
    struct parse_opts o = {.format = FORMAT_WEL, .threads = 2, .drop_weights = 1};
    struct parse_result r;
    emogi_error err = {{0}};
    const char *text = "0 1 -3\n1 2 1e39\n2 0 -7.5\n";
    int rc = parse_buffer("t", text, strlen(text), &o, &r, &err);
    ok(rc == 0 && strcmp(edges_str(&r), "0 1,1 2,2 0") == 0 && r.weights == WEIGHTS_NONE &&
           !r.edges.w,
       "dropped weights: negative and huge weights pass, none stored (%s)", rc ? err.msg : "");
    if (rc == 0)
        parse_result_free(&r);
    text = "0 1 2\n1 2 inf\n";
    rc = parse_buffer("t", text, strlen(text), &o, &r, &err);
    ok(rc == -1 && strcmp(err.msg, "t:2: weight 'inf' is not a finite number") == 0,
       "dropped weights: a weight must still be a finite number (%s)", err.msg);
    o.format = FORMAT_MTX;
    text = "%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 -4\n3 1 5\n";
    rc = parse_buffer("t", text, strlen(text), &o, &r, &err);
    ok(rc == 0 && strcmp(edges_str(&r), "0 1,2 0") == 0 && r.weights == WEIGHTS_NONE,
       "dropped weights: a negative value in an integer matrix passes (%s)", rc ? err.msg : "");
    if (rc == 0)
        parse_result_free(&r);
}

static void test_mtx(void)
{
    static const char *field[] = {"pattern", "integer", "real"};
    static const char *sym[] = {"general", "symmetric", "skew-symmetric"};
    /* entries (2,1) (3,1) (3,2) of a 3x3 lower triangle, values 4 5 6 */
    static const char *value[3][3] = {{"", "", ""}, {" 4", " 5", " 6"}, {" 4", " 5", " 6.5"}};
    for (int f = 0; f < 3; f++)
        for (int s = 0; s < 3; s++) {
            char text[512], what[128], want[128];
            snprintf(text, sizeof text,
                     "%%%%MatrixMarket matrix coordinate %s %s\n%% comment\n3 3 3\n"
                     "2 1%s\n3 1%s\n3 2%s\n",
                     field[f], sym[s], value[f][0], value[f][1], value[f][2]);
            snprintf(what, sizeof what, "mtx %s %s", field[f], sym[s]);
            snprintf(want, sizeof want, f == 0 ? "1 0,2 0,2 1" : f == 1 ? "1 0 4,2 0 5,2 1 6"
                                                                        : "1 0 4,2 0 5,2 1 6.5");
            good(FORMAT_MTX, text, want, 3,
                 f == 0 ? WEIGHTS_NONE : f == 1 ? WEIGHTS_INT : WEIGHTS_REAL, what);
            struct parse_result r;
            emogi_error err;
            if (parse_str(FORMAT_MTX, text, &r, &err) == 0) {
                ok(r.symmetry == (enum mtx_symmetry)s && r.one_based, "%s: symmetry recorded",
                   what);
                parse_result_free(&r);
            } else
                ok(0, "%s: symmetry recorded", what);
        }
    good(FORMAT_MTX, "%%matrixmarket MATRIX Coordinate PATTERN General\n2 5 1\n2 5\n", "1 4", 5,
         WEIGHTS_NONE, "mtx keywords in any case, nv = max(rows, cols)");
    good(FORMAT_MTX, "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 -4\n2 1 -0.5\n",
         "0 1 -4,1 0 -0.5", 2, WEIGHTS_REAL, "mtx real: negative values are float32 weights");
    good(FORMAT_MTX, "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 -4\n",
         "1 0 -4", 2, WEIGHTS_REAL, "mtx integer skew-symmetric: a negative value is fine");
}

static void test_errors(void)
{
    bad(FORMAT_EL, "0 1\n0 -3\n", "t:2: vertex id '-3' is negative: ids are non-negative integers");
    bad(FORMAT_EL, "18446744073709551615 0\n",
        "t:1: vertex id '18446744073709551615' is too large: ids go up to 18446744073709551614");
    bad(FORMAT_EL, "99999999999999999999999 0\n",
        "t:1: vertex id '99999999999999999999999' is too large: ids go up to 18446744073709551614");
    bad(FORMAT_EL, "\n\nx 1\n",
        "t:3: expected a source vertex id (a non-negative integer), found 'x' (ids that are names need --string-ids)");
    bad(FORMAT_EL, "1 2x\n",
        "t:1: expected a destination vertex id (a non-negative integer), found '2x' (ids that are names need --string-ids)");
    bad(FORMAT_EL, "7\n", "t:1: expected a destination vertex id (a non-negative integer), found end of line");
    bad(FORMAT_EL, "0 1 5\n",
        "t:1: expected end of line after 'src dst' (extra fields need format wel), found '5'");
    bad(FORMAT_WEL, "0 1\n", "t:1: expected a weight after the destination, found end of line "
                             "(an edge list without weights is format el)");
    bad(FORMAT_WEL, "0 1 2.5\n0 2 -2\n",
        "t:2: weight '-2' is a negative integer, which uint32 weights cannot hold: write it as a "
        "real number (-2.0) to store float32 weights, or drop the weights with --weights none");
    bad(FORMAT_WEL, "0 1 1\n1 2 1e39\n",
        "t:2: weight '1e39' does not fit float32 (magnitudes up to 3.40282347e+38)");
    bad(FORMAT_WEL, "0 1 -3.5e38\n", "t:1: weight '-3.5e38' does not fit float32 "
                                      "(magnitudes up to 3.40282347e+38)");
    bad(FORMAT_WEL, "0 1 NaN\n", "t:1: weight 'NaN' is not a finite number");
    bad(FORMAT_EL, "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n",
        "t:1: a Matrix Market file (%%MatrixMarket banner): convert it with 'emogi-convert mtx'");
    bad(FORMAT_WEL, "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 3\n",
        "t:1: a Matrix Market file (%%MatrixMarket banner): convert it with 'emogi-convert mtx'");
    bad(FORMAT_BEL32, "%%MatrixMarket matrix coordinate pattern general\n",
        "t: a Matrix Market file (%%MatrixMarket banner), not binary ids: convert it with "
        "'emogi-convert mtx'");
    bad(FORMAT_BEL64, "0 1\n1 2\n2 3\n3 4\n4 5\n5 6\n",
        "t: the input is text (its first bytes are digits, blanks and newlines), not binary ids: "
        "a text edge list converts with 'emogi-convert el' (or 'wel')");
    bad(FORMAT_WEL, "0 1 abc\n", "t:1: weight 'abc' is not a number");
    bad(FORMAT_WEL, "0 1 inf\n", "t:1: weight 'inf' is not a finite number");
    bad(FORMAT_WEL, "0 1 2 3\n", "t:1: expected end of line after 'src dst weight', found '3'");
    bad(FORMAT_MTX, "", "t: empty input: expected the banner '%%MatrixMarket matrix coordinate FIELD SYMMETRY'");
    bad(FORMAT_MTX, "1 2\n", "t:1: expected the banner '%%MatrixMarket matrix coordinate pattern|integer|real general|symmetric|skew-symmetric': this is not a Matrix Market file (edge lists convert with 'el' or 'wel')");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate\n",
        "t:1: expected the banner '%%MatrixMarket matrix coordinate pattern|integer|real general|symmetric|skew-symmetric'");
    bad(FORMAT_MTX, "%%MatrixMarket matrix array real general\n",
        "t:1: dense (array) Matrix Market files are not supported: emogi needs a coordinate pattern, integer or real matrix");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate complex general\n",
        "t:1: complex matrices are not supported: emogi needs a coordinate pattern, integer or real matrix");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate real hermitian\n",
        "t:1: hermitian matrices are not supported: emogi needs a coordinate pattern, integer or real matrix");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate real general\n% c\n",
        "t: missing the size line 'ROWS COLUMNS ENTRIES'");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate real general\n3 x 1\n",
        "t:2: expected the size line 'ROWS COLUMNS ENTRIES': number of columns, found 'x'");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate real symmetric\n3 4 0\n",
        "t:2: a symmetric matrix must be square, but it is 3 x 4");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate pattern general\n3 5 2\n1 1\n2 0\n",
        "t:4: column 0 out of range 1..5");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate pattern general\n3 5 2\n4 1\n",
        "t:3: row 4 out of range 1..3");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate pattern general\n3 5 3\n1 1\n2 2\n",
        "t:2: the size line says 3 entries, but the file holds 2");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate pattern general\n3 5 1\n1 1\n% c\n2 2\n",
        "t:5: more entries than the 1 on the size line");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 2 -4\n",
        "t:3: value '-4' is negative, which the uint32 weights of an integer matrix cannot "
        "hold: make the banner's field 'real' to store float32 weights, or drop the weights "
        "with --weights none");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 1e39\n",
        "t:3: weight '1e39' does not fit float32 (magnitudes up to 3.40282347e+38)");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 2 1.5\n",
        "t:3: expected an integer value (the matrix is integer), found '1.5'");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2\n",
        "t:3: expected a value after the column index (the matrix is real)");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2 3\n",
        "t:3: expected end of line after the column index (the matrix is pattern), found '3'");
    bad(FORMAT_MTX, "%%MatrixMarket matrix coordinate pattern skew-symmetric\n3 3 1\n2 2\n",
        "t:3: diagonal entry (2, 2) in a skew-symmetric matrix");
}

/* ---- the same big input through every path ---- */

#define BIG_LINES 200000u
#define BAD_LINE 170001u

/* Line i (1-based) of the generated input: a comment every 1000th line. */
static size_t big_text(char **out, int with_error)
{
    size_t cap = (size_t)BIG_LINES * 24, o = 0;
    char *s = malloc(cap);
    for (unsigned i = 1; i <= BIG_LINES; i++) {
        if (with_error && i == BAD_LINE)
            o += (size_t)snprintf(s + o, cap - o, "%u -1\n", i);
        else if (i % 1000 == 0)
            o += (size_t)snprintf(s + o, cap - o, "# line %u\n", i);
        else
            o += (size_t)snprintf(s + o, cap - o, "%u\t%u\n", i, (i * 7919u) % 100003u);
    }
    *out = s;
    return o;
}

static int big_edges_right(const struct parse_result *r)
{
    uint64_t k = 0;
    for (unsigned i = 1; i <= BIG_LINES; i++) {
        if (i % 1000 == 0)
            continue;
        if (k >= r->edges.n || r->edges.src[k] != i || r->edges.dst[k] != (i * 7919u) % 100003u)
            return 0;
        k++;
    }
    return k == r->edges.n && r->nv == BIG_LINES && r->lines == BIG_LINES;
}

static void write_file(const char *path, const void *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    fwrite(p, 1, n, f);
    fclose(f);
}

static void write_gzip(const char *path, const char *p, size_t n, int members)
{
    gzFile g = gzopen(path, "wb");
    gzwrite(g, p, (unsigned)(n / 2));
    if (members > 1) { /* a second member, as `cat a.gz b.gz` makes */
        gzclose(g);
        g = gzopen(path, "ab");
    }
    gzwrite(g, p + n / 2, (unsigned)(n - n / 2));
    gzclose(g);
}

static size_t write_lz4(const char *path, const char *p, size_t n)
{
    LZ4F_preferences_t pref;
    memset(&pref, 0, sizeof pref);
    pref.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled;
    size_t cap = LZ4F_compressFrameBound(n, &pref);
    char *z = malloc(cap);
    size_t zn = LZ4F_compressFrame(z, cap, p, n, &pref);
    if (LZ4F_isError(zn)) {
        printf("# lz4: %s\n", LZ4F_getErrorName(zn));
        zn = 0;
    }
    write_file(path, z, zn);
    free(z);
    return zn;
}

static void check_paths(const char *path, const char *what)
{
    static const size_t blocks[] = {4096, 100000, 0};
    for (int b = 0; b < 3; b++)
        for (int t = 1; t <= 3; t += 2) {
            struct parse_opts o = {.format = FORMAT_EL, .threads = t, .block_size = blocks[b]};
            struct parse_result r;
            emogi_error err;
            int rc = parse_input(path, &o, &r, &err);
            if (!ok(rc == 0 && big_edges_right(&r), "%s, block %zu, %d threads: every edge",
                    what, blocks[b], t) && rc)
                printf("# %s\n", err.msg);
            if (rc == 0)
                parse_result_free(&r);
        }
}

static void check_error_line(const char *path, const char *what)
{
    char want[256];
    snprintf(want, sizeof want, "%s:%u: vertex id '-1' is negative: ids are non-negative integers",
             path, BAD_LINE);
    static const size_t blocks[] = {1, 4096, 0};
    for (int b = 0; b < 3; b++) {
        struct parse_opts o = {.format = FORMAT_EL, .threads = 3, .block_size = blocks[b]};
        struct parse_result r;
        emogi_error err = {{0}};
        int rc = parse_input(path, &o, &r, &err);
        if (!ok(rc == -1 && strcmp(err.msg, want) == 0, "%s, block %zu: error on line %u", what,
                blocks[b], BAD_LINE))
            printf("# got: %s\n", err.msg);
    }
}

/* An mtx whose header and entries cross blocks: exact line of a bad entry. */
static void test_mtx_blocks(void)
{
    enum { N = 60000, BAD = 41234 };
    static const size_t blocks[] = {1, 5000, 0};
    char p[256], want[2][400];
    for (int extra = 0; extra < 2; extra++) {
        snprintf(p, sizeof p, "%s/m%d.mtx", tmpdir, extra);
        FILE *f = fopen(p, "w");
        fprintf(f, "%%%%MatrixMarket matrix coordinate integer general\n%% one\n%% two\n\n"
                   "%d %d %d\n", N, N, N);
        /* line 6 holds entry 1; the bad one (or the first extra) is at line BAD */
        for (int i = 1; i <= N + extra; i++)
            if (!extra && i + 5 == BAD)
                fprintf(f, "%d 0 1\n", i);
            else
                fprintf(f, "%d %d %d\n", (i - 1) % N + 1, N - (i - 1) % N, i % 7);
        fclose(f);
        if (extra)
            snprintf(want[1], sizeof want[1], "%s:%d: more entries than the %d on the size line", p,
                     N + 6, N);
        else
            snprintf(want[0], sizeof want[0], "%s:%d: column 0 out of range 1..%d", p, BAD, N);
        for (int b = 0; b < 3; b++) {
            struct parse_opts o = {.format = FORMAT_MTX, .threads = 3, .block_size = blocks[b]};
            struct parse_result r;
            emogi_error err = {{0}};
            int rc = parse_input(p, &o, &r, &err);
            if (!ok(rc == -1 && strcmp(err.msg, want[extra]) == 0, "mtx, block %zu: %s",
                    blocks[b], extra ? "first extra entry named" : "bad entry's line"))
                printf("# got: %s\n", err.msg);
        }
    }
}

static void expect_input_error(const char *path, const char *want_suffix)
{
    struct parse_opts o = {.format = FORMAT_EL, .threads = 2};
    struct parse_result r;
    emogi_error err = {{0}};
    char want[512];
    snprintf(want, sizeof want, "%s: %s", path, want_suffix);
    int rc = parse_input(path, &o, &r, &err);
    if (!ok(rc == -1 && strncmp(err.msg, want, strlen(want)) == 0, "%s", want))
        printf("# got: %s\n", err.msg);
}

static void test_paths(void)
{
    char *text, *bad_text, p[256];
    size_t n = big_text(&text, 0), bn = big_text(&bad_text, 1);
    snprintf(p, sizeof p, "%s/big.el", tmpdir);
    write_file(p, text, n);
    check_paths(p, "mapped file");
    snprintf(p, sizeof p, "%s/big.el.gz", tmpdir);
    write_gzip(p, text, n, 1);
    check_paths(p, "gzip");
    snprintf(p, sizeof p, "%s/big2.el.gz", tmpdir);
    write_gzip(p, text, n, 2);
    check_paths(p, "two gzip members");
    snprintf(p, sizeof p, "%s/big.el.lz4", tmpdir);
    size_t zn = write_lz4(p, text, n);
    check_paths(p, "lz4");

    snprintf(p, sizeof p, "%s/bad.el", tmpdir);
    write_file(p, bad_text, bn);
    check_error_line(p, "mapped file");
    snprintf(p, sizeof p, "%s/bad.el.gz", tmpdir);
    write_gzip(p, bad_text, bn, 2);
    check_error_line(p, "gzip");

    /* truncations: the last bytes of a compressed file cut off */
    char q[256];
    snprintf(p, sizeof p, "%s/big.el.lz4", tmpdir);
    snprintf(q, sizeof q, "%s/cut.el.lz4", tmpdir);
    FILE *f = fopen(p, "rb");
    char *z = malloc(zn);
    if (fread(z, 1, zn, f) != zn)
        zn = 0;
    fclose(f);
    write_file(q, z, zn - 5);
    char want[128];
    snprintf(want, sizeof want, "truncated lz4 frame: the input ends at byte %zu", zn - 5);
    expect_input_error(q, want);
    z[zn / 2] ^= 0x55;
    write_file(q, z, zn);
    expect_input_error(q, "corrupt lz4 frame at byte ");
    free(z);
    snprintf(q, sizeof q, "%s/cut.el.gz", tmpdir);
    write_gzip(q, text, n, 1);
    if (truncate(q, 1000) != 0)
        perror(q);
    expect_input_error(q, "truncated gzip stream: the input ends at byte 1000");
    snprintf(q, sizeof q, "%s/missing.el", tmpdir);
    expect_input_error(q, "No such file or directory");
    free(text);
    free(bad_text);
}

int main(void)
{
    if (!mkdtemp(tmpdir)) {
        perror(tmpdir);
        return 1;
    }
    test_el();
    test_mtx();
    test_errors();
    test_dropped();
    test_paths();
    test_mtx_blocks();
    plan(tap_n);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        return 1;
    return done_testing();
}
