/*
 * split.c - emogi-convert csr --partitions: the part files of a .csr.
 *
 * A part is a slice of the input: its ids, weights, compressed lists and
 * idmap are the input's bytes for its range, written straight from the
 * mapping (ids stay the whole graph's, and compressed lists are encoded
 * against whole-graph ids, so not a byte of them changes).  Only the
 * offsets are new arrays, rebased to start at 0: that is all the memory
 * a part takes.  Every part goes to a temporary file and stays there until
 * all are written, then all are renamed into place: a full disk or a bad
 * folder fails the run before any existing file is replaced.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "csr_internal.h"
#include "memory.h"
#include "split.h"

int split_is_pattern(const char *output)
{
    const char *p = strchr(output, '%');
    if (!p)
        return 0;
    return p[1] == 'd' && !strchr(p + 2, '%') ? 1 : -1;
}

char *split_part_name(const char *output, uint32_t k)
{
    size_t n = strlen(output) + 16;
    char *name = malloc(n);
    if (!name)
        return NULL;
    if (split_is_pattern(output) == 1) {
        const char *p = strchr(output, '%');
        snprintf(name, n, "%.*s%u%s", (int)(p - output), output, k, p + 2);
    } else {
        snprintf(name, n, "%s.%u", output, k);
    }
    return name;
}

/* OFF[first .. end] less OFF[first]: a part's own offsets, or NULL. */
static uint64_t *rebase(const uint64_t *off, uint64_t first, uint64_t end, emogi_error *err)
{
    if (!off)
        return NULL;
    uint64_t *r = malloc((size_t)(end - first + 1) * sizeof *r);
    if (!r) {
        emogi_fail(err, "out of memory for %llu offsets", (unsigned long long)(end - first + 1));
        return NULL;
    }
    for (uint64_t v = first; v <= end; v++)
        r[v - first] = off[v] - off[first];
    return r;
}

/* The arrays a part owns: its rebased offsets. */
struct part_arrays {
    uint64_t *off, *t_off, *coff, *t_coff;
    char *provenance;
};

static void part_arrays_free(struct part_arrays *a)
{
    free(a->off), free(a->t_off), free(a->coff), free(a->t_coff), free(a->provenance);
    memset(a, 0, sizeof *a);
}

static const void *slice(const void *p, uint64_t at, uint64_t width)
{
    return p ? (const char *)p + at * width : NULL;
}

/* The input's provenance and a line that says which part this is; an
 * empty string when the input has none (written with --no-provenance, so
 * that its parts too hold only the graph). */
static char *part_provenance(const struct emogi_graph *in, const struct emogi_part *p,
                             size_t *len)
{
    size_t n = in->provenance_len, cap = n + 128;
    char *s = malloc(cap);
    *len = 0;
    if (!s || !in->provenance || !n)
        return s;
    memcpy(s, in->provenance, n);
    *len = n + (size_t)snprintf(s + n, cap - n, "part: %u of %u, vertices %llu to %llu\n",
                                p->index, p->count, (unsigned long long)p->first,
                                (unsigned long long)p->end - 1);
    return s;
}

/* G: part K of IN, vertices FIRST .. END-1, its offsets owned by A. */
static int make_part(const struct emogi_graph *in, uint32_t k, uint32_t nparts, uint64_t first,
                     uint64_t end, struct emogi_graph *g, struct part_arrays *a,
                     emogi_error *err)
{
    int t = (in->flags & EMOGI_TRANSPOSE) != 0, c = emogi_compressed(in);
    memset(a, 0, sizeof *a);
    if (!(a->off = rebase(in->offsets, first, end, err)) ||
        (t && !(a->t_off = rebase(in->t_offsets, first, end, err))) ||
        (c && !(a->coff = rebase(in->coffsets, first, end, err))) ||
        (c && t && !(a->t_coff = rebase(in->t_coffsets, first, end, err))))
        return -1;
    uint64_t e0 = in->offsets[first], t0 = t ? in->t_offsets[first] : 0, w = in->id_width;
    *g = (struct emogi_graph){
        .nv = end - first, .ne = in->offsets[end] - e0, .flags = in->flags | EMOGI_PART,
        .id_width = in->id_width, .weight_type = in->weight_type, .offsets = a->off,
        .neighbors = slice(in->neighbors, e0, w), .weights = slice(in->weights, e0, 4),
        .t_offsets = a->t_off, .t_neighbors = slice(in->t_neighbors, t0, w),
        .t_weights = slice(in->t_weights, t0, 4), .idmap = slice(in->idmap, first, 8),
        .coffsets = a->coff, .t_coffsets = a->t_coff,
        .cneighbors = c ? slice(in->cneighbors, in->coffsets[first], 1) : NULL,
        .t_cneighbors = c && t ? slice(in->t_cneighbors, in->t_coffsets[first], 1) : NULL};
    g->part = (struct emogi_part){.index = k, .count = nparts, .first = first, .end = end,
                                  .nv = in->nv, .ne = in->ne, .edge_first = e0,
                                  .t_ne = t ? in->t_offsets[end] - t0 : 0, .t_edge_first = t0};
    if (!(a->provenance = part_provenance(in, &g->part, &g->provenance_len)))
        return emogi_fail(err, "out of memory");
    g->provenance = a->provenance;
    return 0;
}

/* Bytes the split holds at its peak: the split points, the open files'
 * state, and the largest part's rebased offsets. */
static uint64_t split_need(const struct emogi_graph *in, const uint64_t *split, uint32_t nparts)
{
    uint64_t longest = 0;
    for (uint32_t k = 0; k < nparts; k++)
        longest = mem_max(longest, split[k + 1] - split[k]);
    uint64_t arrays = 1 + ((in->flags & EMOGI_TRANSPOSE) != 0);
    if (emogi_compressed(in))
        arrays *= 2;
    uint64_t per_part = sizeof(struct emogi_atomic) + 256; /* and its names */
    return mem_add(mem_mul(mem_add(nparts, 1), 8 + per_part),
                   mem_mul(mem_mul(arrays, 8), mem_add(longest, 1)));
}

/* One open file a part: raise the soft limit to the hard one if needed. */
static int enough_files(uint32_t nparts, emogi_error *err)
{
    struct rlimit r;
    uint64_t want = (uint64_t)nparts + 32;
    if (getrlimit(RLIMIT_NOFILE, &r) < 0 || r.rlim_cur == RLIM_INFINITY || r.rlim_cur >= want)
        return 0;
    if (r.rlim_max == RLIM_INFINITY || r.rlim_max >= want) {
        r.rlim_cur = want;
        if (setrlimit(RLIMIT_NOFILE, &r) == 0)
            return 0;
    }
    return emogi_fail(err, "%u parts are written at once, one open file each, but the limit "
                      "on open files is %llu (ulimit -n)", nparts, (unsigned long long)r.rlim_max);
}

/* Write part K into A (opened here), naming it NAME. */
static int write_part(const struct emogi_graph *in, const char *input, uint32_t k,
                      uint32_t nparts, const uint64_t *split, const char *name,
                      struct emogi_atomic *a, emogi_error *err)
{
    struct emogi_graph g;
    struct part_arrays arr;
    struct emogi_csr_plan plan;
    unsigned char page[EMOGI_CSR_ALIGN];
    int rc = -1;
    if (make_part(in, k, nparts, split[k], split[k + 1], &g, &arr, err) < 0)
        goto done;
    if (emogi_same_file(name, STDOUT_FILENO, input, STDIN_FILENO)) {
        emogi_fail(err, "%s: part %u would overwrite the input %s", name, k, input);
        goto done;
    }
    if (emogi_csr_prepare(&g, name, &plan, page, err) < 0 || emogi_atomic_open(a, name, err) < 0)
        goto done;
    if (emogi_csr_emit(a, &g, &plan, page, err) < 0) {
        emogi_atomic_abort(a);
        goto done;
    }
    rc = 0;
done:
    part_arrays_free(&arr);
    return rc;
}

/* Write every part into FILES, then commit them all; on failure abort. */
static int write_parts(const struct emogi_graph *in, const char *input, const char *output,
                       uint32_t nparts, const uint64_t *split, struct emogi_atomic *files,
                       emogi_error *err)
{
    uint32_t done = 0;
    int rc = 0;
    for (; done < nparts && rc == 0; done++) {
        char *name = split_part_name(output, done);
        rc = name ? write_part(in, input, done, nparts, split, name, &files[done], err)
                  : emogi_fail(err, "out of memory");
        free(name);
        if (rc < 0)
            break;
    }
    for (uint32_t k = 0; k < nparts && rc == 0 && k < done; k++)
        if (emogi_atomic_commit(&files[k], err) < 0) {
            for (uint32_t j = k + 1; j < done; j++)
                emogi_atomic_abort(&files[j]);
            return -1;
        }
    if (rc < 0)
        for (uint32_t k = 0; k < done; k++)
            emogi_atomic_abort(&files[k]);
    return rc;
}

int split_graph(const struct emogi_graph *g, const char *input, const char *output,
                uint32_t nparts, uint64_t memory, struct split_result *res, emogi_error *err)
{
    uint64_t *split = NULL;
    struct emogi_atomic *files = NULL;
    int rc = -1;
    memset(res, 0, sizeof *res);
    if (nparts > g->nv)
        return emogi_fail(err, "%s: %u parts for %llu vertices: at most one part a vertex",
                          input, nparts, (unsigned long long)g->nv);
    if (!(split = malloc(((size_t)nparts + 1) * sizeof *split)))
        return emogi_fail(err, "out of memory for %u split points", nparts);
    if (emogi_partition(g->offsets, g->nv, nparts, split, err) < 0)
        goto done;
    if ((res->need = split_need(g, split, nparts)) > memory) {
        rc = 1;
        goto done;
    }
    if (enough_files(nparts, err) < 0)
        goto done;
    if (!(files = calloc(nparts, sizeof *files))) {
        emogi_fail(err, "out of memory");
        goto done;
    }
    double t = emogi_now();
    rc = write_parts(g, input, output, nparts, split, files, err);
    res->write_seconds = emogi_now() - t;
    res->nv = g->nv;
    res->ne = g->ne;
    res->t_ne = g->t_offsets ? g->t_offsets[g->nv] : 0;
done:
    free(files);
    free(split);
    return rc;
}

int split_csr(const char *input, const char *output, uint32_t nparts, uint64_t memory,
              int provenance, struct split_result *res, emogi_error *err)
{
    struct emogi_graph in;
    int rc = -1;
    memset(res, 0, sizeof *res);
    if (emogi_csr_open(input, &in, err) < 0)
        return -1;
    if (emogi_is_part(&in))
        emogi_fail(err, "%s is part %u of %u of a graph: split the whole graph", input,
                   in.part.index + 1, in.part.count);
    else {
        if (!provenance)
            in.provenance = NULL, in.provenance_len = 0;
        rc = split_graph(&in, input, output, nparts, memory, res, err);
    }
    emogi_csr_close(&in);
    return rc;
}
