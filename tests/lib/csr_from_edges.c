/*
 * csr_from_edges - a deliberately simple .csr writer for the shell tests
 * of emogi-info, so they do not depend on emogi-convert: reads "src dst
 * [weight]" lines with ids already below NV, sorts them with qsort, and
 * hands the arrays to emogi_csr_write().
 *
 * usage: csr_from_edges [-8] [-u|-f] [-t] [-U] [-m IDFILE] [-p TEXT] NV OUT < EDGES
 *   -8 8-byte ids, -u uint32 / -f float32 weights (third column), -t store
 *   the transpose, -U undirected (input must already be symmetric),
 *   -m IDFILE original ids (NV lines), -p provenance text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emogi_csr.h"

struct edge {
    uint64_t a, b;
    double w;
};

static int by_pair(const void *x, const void *y)
{
    const struct edge *e = x, *f = y;
    return e->a != f->a ? (e->a > f->a) - (e->a < f->a) : (e->b > f->b) - (e->b < f->b);
}

static void die(const char *msg)
{
    fprintf(stderr, "csr_from_edges: %s\n", msg);
    exit(1);
}

/* Sort E by (a, b) and fill offsets, ids and weights in that order. */
static void build(struct edge *e, uint64_t ne, uint64_t nv, const struct emogi_graph *g, uint64_t **off,
                  void **ids, void **w)
{
    qsort(e, ne, sizeof *e, by_pair);
    *off = calloc(nv + 1, 8);
    *ids = malloc(ne * g->id_width + 1);
    *w = g->weight_type ? malloc(ne * 4 + 1) : NULL;
    for (uint64_t i = 0; i < ne; i++) {
        (*off)[e[i].a + 1]++;
        if (g->id_width == 4)
            ((uint32_t *)*ids)[i] = (uint32_t)e[i].b;
        else
            ((uint64_t *)*ids)[i] = e[i].b;
        if (g->weight_type == EMOGI_WEIGHT_UINT32)
            ((uint32_t *)*w)[i] = (uint32_t)e[i].w;
        else if (g->weight_type == EMOGI_WEIGHT_FLOAT32)
            ((float *)*w)[i] = (float)e[i].w;
    }
    for (uint64_t v = 0; v < nv; v++)
        (*off)[v + 1] += (*off)[v];
}

static uint64_t *read_idmap(const char *path, uint64_t nv)
{
    FILE *f = fopen(path, "r");
    uint64_t *m = malloc(nv * 8 + 8);
    if (!f)
        die("cannot open the idmap file");
    for (uint64_t v = 0; v < nv; v++)
        if (fscanf(f, "%lu", &m[v]) != 1)
            die("idmap file too short");
    fclose(f);
    return m;
}

int main(int argc, char **argv)
{
    struct emogi_graph g = {.flags = EMOGI_DIRECTED, .id_width = 4};
    const char *idmap = NULL;
    int c;
    while ((c = getopt(argc, argv, "8uftUm:p:")) != -1) {
        switch (c) {
        case '8': g.id_width = 8; break;
        case 'u': g.weight_type = EMOGI_WEIGHT_UINT32; g.flags |= EMOGI_WEIGHTED; break;
        case 'f': g.weight_type = EMOGI_WEIGHT_FLOAT32; g.flags |= EMOGI_WEIGHTED; break;
        case 't': g.flags |= EMOGI_TRANSPOSE; break;
        case 'U': g.flags &= ~(uint32_t)EMOGI_DIRECTED; break;
        case 'm': idmap = optarg; g.flags |= EMOGI_IDMAP; break;
        case 'p': g.provenance = optarg; g.provenance_len = strlen(optarg); break;
        default: die("bad option");
        }
    }
    if (optind + 2 != argc)
        die("usage: csr_from_edges [-8] [-u|-f] [-t] [-U] [-m IDFILE] [-p TEXT] NV OUT < EDGES");
    g.nv = strtoull(argv[optind], NULL, 10);

    uint64_t cap = 16, ne = 0;
    struct edge *e = malloc(cap * sizeof *e);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        if (ne == cap)
            e = realloc(e, (cap *= 2) * sizeof *e);
        e[ne].w = 0;
        if (sscanf(line, "%lu %lu %lf", &e[ne].a, &e[ne].b, &e[ne].w) >= 2)
            ne++;
    }
    g.ne = ne;
    uint64_t *off, *t_off;
    void *ids, *w, *t_ids, *t_w;
    struct edge *t = malloc(ne * sizeof *t + 1);
    for (uint64_t i = 0; i < ne; i++)
        t[i] = (struct edge){e[i].b, e[i].a, e[i].w};
    build(e, ne, g.nv, &g, &off, &ids, &w);
    g.offsets = off, g.neighbors = ids, g.weights = w;
    if (g.flags & EMOGI_TRANSPOSE) {
        build(t, ne, g.nv, &g, &t_off, &t_ids, &t_w);
        g.t_offsets = t_off, g.t_neighbors = t_ids, g.t_weights = t_w;
    }
    if (idmap)
        g.idmap = read_idmap(idmap, g.nv);
    emogi_error err;
    if (emogi_csr_write(argv[optind + 1], &g, &err) < 0)
        die(err.msg);
    free(e);
    free(t);
    free(off);
    free(ids);
    free(w);
    if (g.flags & EMOGI_TRANSPOSE) {
        free(t_off);
        free(t_ids);
        free(t_w);
    }
    free((void *)g.idmap);
    return 0;
}
