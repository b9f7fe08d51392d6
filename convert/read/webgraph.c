/*
 * webgraph.c - webgraph_read(): a BVGraph into the edge stream.
 *
 * Without BASENAME.offsets the lists are decoded in one pass, each from
 * the bit where the previous one ended.  With it, the nodes are cut into
 * one range per thread holding about the same number of bits.  A thread
 * first warms its window up: it decodes, each from its own offset, the
 * windowsize * (maxrefcount + 1) lists before its range, because a list
 * in the window may copy from one up to maxrefcount references further
 * back; lists whose chain reaches past the warm-up come out unknown.  It
 * then decodes its range sequentially, checking that every list ends
 * where the next offset says, straight into its slice of the output: the
 * outdegree is the first code of every list, so reading it at each offset
 * beforehand sizes every slice (and checks arcs=) before any list is
 * decoded, and no thread's edges are ever copied.  A file whose chains
 * are longer than its maxrefcount (WebGraph never writes one) makes a
 * thread meet an unknown list in its range; the whole graph is then
 * decoded sequentially.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "memory.h"
#include "webgraph_decode.h"

#define MAX_WARMUP (UINT64_C(1) << 20) /* past this, fall back rather than warm up */

struct wg_file {
    char *path;
    uint8_t *buf;
    uint64_t len;
};

#define PROPERTIES_MAX (1u << 20) /* a .properties file is a few hundred bytes */

/* Read a whole file (of at most MAX bytes, 0: any); 1 (not an error) when
 * it does not exist and may be missing. */
static int read_file(struct wg_file *f, const char *base, const char *ext, int optional,
                     uint64_t max, emogi_error *err)
{
    memset(f, 0, sizeof *f);
    size_t n = strlen(base) + strlen(ext) + 1;
    if (!(f->path = malloc(n)))
        return emogi_fail(err, "%s%s: out of memory", base, ext);
    snprintf(f->path, n, "%s%s", base, ext);
    /* O_NONBLOCK: a FIFO is refused below rather than waited on for a writer. */
    int fd = open(f->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        if (optional && errno == ENOENT)
            return 1;
        return emogi_fail(err, "%s: %s", f->path, strerror(errno));
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) {
        close(fd);
        return emogi_fail(err, "%s: not a regular file (WebGraph files are read whole at their "
                               "size, so they cannot be FIFOs or devices)",
                          f->path);
    }
    FILE *fp = fdopen(fd, "rb");
    if (!fp) {
        close(fd);
        return emogi_fail(err, "%s: %s", f->path, strerror(errno));
    }
    if (fstat(fileno(fp), &st) != 0 || (uint64_t)st.st_size > SIZE_MAX) {
        fclose(fp);
        return emogi_fail(err, "%s: cannot tell its size", f->path);
    }
    f->len = (uint64_t)st.st_size;
    if (max && f->len > max) {
        fclose(fp);
        return emogi_fail(err, "%s: %llu bytes, more than the %llu it may have", f->path,
                          (unsigned long long)f->len, (unsigned long long)max);
    }
    f->buf = malloc(f->len ? (size_t)f->len : 1);
    if (!f->buf) {
        fclose(fp);
        return emogi_fail(err, "%s: out of memory for %llu bytes", f->path,
                          (unsigned long long)f->len);
    }
    size_t got = fread(f->buf, 1, (size_t)f->len, fp);
    int bad = ferror(fp);
    fclose(fp);
    if (bad || got != f->len)
        return emogi_fail(err, "%s: read error", f->path);
    return 0;
}

static void free_file(struct wg_file *f)
{
    free(f->path);
    free(f->buf);
    memset(f, 0, sizeof *f);
}

/* The n + 1 bit offsets; each gap and each list takes at least one bit. */
static int read_offsets(const struct wg_file *of, const struct wg_file *gf,
                        const struct webgraph_props *p, uint64_t **out, emogi_error *err)
{
    uint64_t n = p->nodes;
    if (n + 1 > SIZE_MAX / sizeof **out)
        return emogi_fail(err, "%s: the %llu offsets of nodes=%llu are more than %zu bytes of "
                               "memory can hold",
                          of->path, (unsigned long long)n + 1, (unsigned long long)n,
                          (size_t)SIZE_MAX);
    if (n + 1 > of->len * 8) /* a corrupt nodes= must not allocate the machine away */
        return emogi_fail(err, "%s: %llu bytes cannot hold the %llu offsets of nodes=%llu",
                          of->path, (unsigned long long)of->len, (unsigned long long)n + 1,
                          (unsigned long long)n);
    uint64_t *off = malloc((size_t)(n + 1) * sizeof *off);
    if (!off)
        return emogi_fail(err, "%s: out of memory for %llu offsets", of->path,
                          (unsigned long long)n + 1);
    struct bit_reader br;
    br_init(&br, of->buf, of->len);
    uint64_t at = 0;
    for (uint64_t i = 0; i <= n; i++) {
        uint64_t gap = br_read(&br, p->offsets);
        if (br.bad) {
            free(off);
            return emogi_fail(err, "%s: truncated or corrupt after %llu of %llu offsets", of->path,
                              (unsigned long long)i, (unsigned long long)n + 1);
        }
        if ((i > 0 && gap == 0) || gap > UINT64_MAX - at) {
            free(off);
            return emogi_fail(err, "%s: offset %llu does not follow offset %llu", of->path,
                              (unsigned long long)i, (unsigned long long)i - 1);
        }
        off[i] = at += gap;
    }
    if (off[n] > gf->len * 8) { /* the first list that ends past the file is cut */
        uint64_t x = 0;
        while (off[x + 1] <= gf->len * 8)
            x++;
        free(off);
        return emogi_fail(err, "%s: truncated at node %llu", gf->path, (unsigned long long)x);
    }
    *out = off;
    return 0;
}

static int webgraph_arcs_plausible(const struct webgraph_props *p, uint64_t graph_bytes);

struct job {
    uint64_t warm, lo, hi; /* decode [warm, lo) for the window, emit [lo, hi) */
    uint64_t *src, *dst;   /* with offsets: this range's slice of the output */
    uint64_t slice;        /* the arcs the outdegrees of the range promise */
    uint64_t max_arcs;     /* without offsets: arcs= (more is refused at once) */
    struct edge_list edges; /* without offsets: grown list by list */
    uint64_t arcs;
    int fallback; /* met a list whose reference chain reaches past the warm-up */
    int failed;
    emogi_error err;
};

static int push_list(struct edge_list *e, uint64_t x, const struct wg_ids *l, emogi_error *err)
{
    if (e->n + l->n > e->cap) {
        uint64_t cap = e->cap ? e->cap * 2 : 4096;
        if (cap < e->n + l->n)
            cap = e->n + l->n;
        if (edge_list_reserve(e, cap, 0, err))
            return -1;
    }
    for (uint64_t i = 0; i < l->n; i++) {
        e->src[e->n + i] = x;
        e->dst[e->n + i] = l->v[i];
    }
    e->n += l->n;
    return 0;
}

static int emit(struct job *j, uint64_t x, const struct wg_ids *l, const char *path)
{
    if (!j->src) {
        if (l->n > j->max_arcs - j->arcs) /* before the list grows past what was planned */
            return emogi_fail(&j->err, "%s: node %llu: more arcs than the %llu of arcs=", path,
                              (unsigned long long)x, (unsigned long long)j->max_arcs);
        if (push_list(&j->edges, x, l, &j->err))
            return -1;
    } else if (l->n > j->slice - j->arcs) { /* the outdegrees were read from the same bits */
        return emogi_fail(&j->err, "%s: node %llu: more arcs than its outdegree", path,
                          (unsigned long long)x);
    } else {
        for (uint64_t i = 0; i < l->n; i++) {
            j->src[j->arcs + i] = x;
            j->dst[j->arcs + i] = l->v[i];
        }
    }
    j->arcs += l->n;
    return 0;
}

static int list_error(const struct wg_decoder *d, const char *path, uint64_t x, emogi_error *err)
{
    if (d->br.bad & BR_TRUNCATED)
        return emogi_fail(err, "%s: truncated at node %llu", path, (unsigned long long)x);
    if (d->br.bad & BR_CORRUPT)
        return emogi_fail(err, "%s: node %llu: corrupt code (a value past 64 bits)", path,
                          (unsigned long long)x);
    return emogi_fail(err, "%s: node %llu: %s", path, (unsigned long long)x, d->why);
}

/* Decode the lists [warm, lo) into the window only; with offsets only. */
static int warm_up(struct wg_decoder *d, struct job *j, const uint64_t *off, const char *path)
{
    for (uint64_t x = j->warm; x < j->lo; x++) {
        d->br.pos = off[x];
        int st = wg_decode_list(d, x);
        if (st != LIST_OK && st != LIST_UNKNOWN)
            return list_error(d, path, x, &j->err);
    }
    return 0;
}

static void run_job(struct job *j, const struct webgraph_props *p, const struct wg_file *gf,
                    const uint64_t *off)
{
    struct wg_decoder d;
    if (wg_decoder_init(&d, p, gf->buf, gf->len)) {
        j->failed = 1;
        emogi_fail(&j->err, "%s: out of memory for the window", gf->path);
        return;
    }
    if (off && warm_up(&d, j, off, gf->path)) {
        j->failed = 1;
        goto out;
    }
    d.br.pos = off ? off[j->lo] : 0;
    for (uint64_t x = j->lo; x < j->hi; x++) {
        int st = wg_decode_list(&d, x);
        if (st == LIST_UNKNOWN) {
            j->fallback = 1;
            break;
        }
        if (st != LIST_OK) {
            j->failed = 1;
            list_error(&d, gf->path, x, &j->err);
            break;
        }
        if (off && d.br.pos != off[x + 1]) {
            j->failed = 1;
            emogi_fail(&j->err, "%s: node %llu ends at bit %llu but the offsets say %llu",
                       gf->path, (unsigned long long)x, (unsigned long long)d.br.pos,
                       (unsigned long long)off[x + 1]);
            break;
        }
        if (emit(j, x, &d.win[x % d.slots], gf->path)) {
            j->failed = 1;
            break;
        }
    }
out:
    wg_decoder_free(&d);
}

/* The outdegree is the first code of each list: summed, the arcs of the range. */
static void count_job(struct job *j, const struct webgraph_props *p, const struct wg_file *gf,
                      const uint64_t *off)
{
    struct bit_reader br;
    br_init(&br, gf->buf, gf->len);
    for (uint64_t x = j->lo; x < j->hi && !j->failed; x++) {
        br.pos = off[x];
        uint64_t d = br_read(&br, p->outdegrees);
        if (br.bad || d > p->nodes) {
            j->failed = 1;
            emogi_fail(&j->err, "%s: node %llu: corrupt outdegree", gf->path,
                       (unsigned long long)x);
        }
        j->slice += d;
    }
}

static uint64_t first_at_or_past(const uint64_t *off, uint64_t n, uint64_t bit)
{
    uint64_t lo = 0, hi = n; /* the first x in [0, n] with off[x] >= bit */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (off[mid] < bit)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static uint64_t warmup_length(const struct webgraph_props *p, uint64_t lo)
{
    uint64_t w = p->windowsize, len = MAX_WARMUP;
    if (w == 0)
        return 0;
    if (p->maxrefcount < MAX_WARMUP / w)
        len = w * (p->maxrefcount + 1);
    return len < lo ? len : lo;
}

/* Cut [0, n) into t ranges of about equal bits (off != NULL) or one range. */
static void plan_jobs(struct job *jobs, int t, const struct webgraph_props *p,
                      const uint64_t *off)
{
    uint64_t n = p->nodes, prev = 0;
    for (int i = 0; i < t; i++) {
        uint64_t hi = n;
        if (i + 1 < t)
            hi = first_at_or_past(off, n, (uint64_t)((unsigned __int128)off[n] * (i + 1) / t));
        if (hi < prev)
            hi = prev;
        memset(&jobs[i], 0, sizeof jobs[i]);
        jobs[i].lo = prev;
        jobs[i].hi = hi;
        jobs[i].warm = off ? prev - warmup_length(p, prev) : prev;
        prev = hi;
    }
}

static int first_failed(const struct job *jobs, int t, emogi_error *err)
{
    for (int i = 0; i < t; i++)
        if (jobs[i].failed) {
            *err = jobs[i].err;
            return -1;
        }
    return 0;
}

static int check_arcs(const struct webgraph_props *p, const char *path, uint64_t arcs,
                      emogi_error *err)
{
    if (arcs != p->arcs)
        return emogi_fail(err, "%s: decoded %llu arcs, but line %u of the .properties says "
                               "arcs=%llu",
                          path, (unsigned long long)arcs, p->arcs_line,
                          (unsigned long long)p->arcs);
    return 0;
}

/* One pass from the first bit, the lists appended as they come. */
static int decode_sequential(const struct webgraph_props *p, const struct wg_file *gf,
                             struct edge_list *out, emogi_error *err)
{
    struct job j;
    plan_jobs(&j, 1, p, NULL);
    j.max_arcs = p->arcs;
    /* arcs= is only a hint here; a corrupt one must not allocate the machine away */
    uint64_t hint = webgraph_arcs_plausible(p, gf->len) ? p->arcs : 0;
    if (hint && edge_list_reserve(&j.edges, hint, 0, err))
        return -1;
    run_job(&j, p, gf, NULL);
    if (first_failed(&j, 1, err) || check_arcs(p, gf->path, j.arcs, err)) {
        edge_list_free(&j.edges);
        return -1;
    }
    *out = j.edges;
    return 0;
}

/* Ranges in parallel, each written straight into its slice of the output. */
static int decode_parallel(const struct webgraph_props *p, const struct wg_file *gf,
                           const uint64_t *off, int t, struct edge_list *out, emogi_error *err)
{
    struct job *jobs = calloc((size_t)t, sizeof *jobs);
    if (!jobs)
        return emogi_fail(err, "out of memory");
    plan_jobs(jobs, t, p, off);
    uint64_t total = 0;
#pragma omp parallel for num_threads(t) schedule(static, 1)
    for (int i = 0; i < t; i++)
        count_job(&jobs[i], p, gf, off);
    for (int i = 0; i < t; i++)
        total += jobs[i].slice;
    int rc = first_failed(jobs, t, err);
    if (rc == 0 && (check_arcs(p, gf->path, total, err) ||
                    edge_list_reserve(out, total, 0, err)))
        rc = -1;
    if (rc == 0) {
        uint64_t at = 0;
        for (int i = 0; i < t; at += jobs[i].slice, i++) {
            jobs[i].src = out->src + at;
            jobs[i].dst = out->dst + at;
        }
#pragma omp parallel for num_threads(t) schedule(static, 1)
        for (int i = 0; i < t; i++)
            run_job(&jobs[i], p, gf, off);
        int fallback = 0;
        for (int i = 0; i < t; i++)
            fallback |= jobs[i].fallback;
        if (fallback) { /* chains past maxrefcount: WebGraph never writes them, but read them */
            edge_list_free(out);
            rc = decode_sequential(p, gf, out, err);
        } else if ((rc = first_failed(jobs, t, err)) == 0) {
            out->n = total;
        }
    }
    free(jobs);
    return rc;
}

static int webgraph_arcs_plausible(const struct webgraph_props *p, uint64_t graph_bytes)
{
    return p->arcs < graph_bytes * 64 + 4096;
}

static int threads_wanted(int threads)
{
#ifdef _OPENMP
    if (threads <= 0)
        threads = omp_get_max_threads();
#endif
    return threads < 1 ? 1 : threads;
}

static int load_properties(const char *basename, struct webgraph_props *p, emogi_error *err)
{
    struct wg_file pf;
    if (read_file(&pf, basename, ".properties", 0, PROPERTIES_MAX, err)) {
        free_file(&pf);
        return -1;
    }
    int rc = webgraph_parse_properties(pf.path, (const char *)pf.buf, pf.len, p, err);
    free_file(&pf);
    return rc;
}

int webgraph_read_opts(const char *basename, const struct webgraph_opts *o,
                       struct parse_result *r, emogi_error *err)
{
    struct webgraph_props p;
    struct wg_file gf, of;
    uint64_t *off = NULL;
    int rc = -1, t = threads_wanted(o->threads);
    memset(r, 0, sizeof *r);
    memset(&of, 0, sizeof of);
    if (load_properties(basename, &p, err))
        return -1;
    if (read_file(&gf, basename, ".graph", 0, 0, err))
        goto out;
    if (t > 1 && o->use_offsets && p.nodes > 0) {
        int st = read_file(&of, basename, ".offsets", 1, 0, err);
        if (st < 0 || (st == 0 && read_offsets(&of, &gf, &p, &off, err)))
            goto out;
    }
    if (off && (uint64_t)t > p.nodes)
        t = (int)p.nodes;
    rc = off && t > 1 ? decode_parallel(&p, &gf, off, t, &r->edges, err)
                      : decode_sequential(&p, &gf, &r->edges, err);
    if (rc == 0) {
        r->nv = p.nodes;
        r->weights = WEIGHTS_NONE;
        r->bytes = r->bytes_in = gf.len;
    } else {
        edge_list_free(&r->edges);
    }
out:
    free(off);
    free_file(&gf);
    free_file(&of);
    return rc;
}

static uint64_t size_of(const char *base, const char *ext, int *exists)
{
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s%s", base, ext);
    *exists = stat(path, &st) == 0;
    return *exists && st.st_size > 0 ? (uint64_t)st.st_size : 0;
}

int webgraph_held(const char *basename, int threads, uint64_t *bytes, uint64_t *nodes,
                  uint64_t *arcs, emogi_error *err)
{
    struct webgraph_props p;
    int has_graph, has_offsets;
    if (load_properties(basename, &p, err))
        return -1;
    uint64_t graph = size_of(basename, ".graph", &has_graph);
    uint64_t offsets = size_of(basename, ".offsets", &has_offsets);
    uint64_t b = graph, list = mem_mul(p.arcs, 16);
    if (threads_wanted(threads) > 1 && p.nodes > 0 && has_offsets)
        b = mem_add(mem_add(b, offsets), mem_mul(8, mem_add(p.nodes, 1)));
    if (!webgraph_arcs_plausible(&p, graph))
        list = mem_mul(list, 2); /* grown by doubling, up to arcs= */
    *bytes = mem_add(b, list);
    *nodes = p.nodes;
    *arcs = p.arcs;
    return 0;
}

int webgraph_read(const char *basename, int threads, struct parse_result *r, emogi_error *err)
{
    struct webgraph_opts o = {threads, 1};
    return webgraph_read_opts(basename, &o, r, err);
}
