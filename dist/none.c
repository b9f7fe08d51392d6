/*
 * none.c - the distributed algorithms in a build without MPI: never
 * reached, since dist_start() stops a tool that mpirun started as one of
 * several processes; here so that the tools link.
 */
#include "config.h"

#include "dist.h"

static int no_mpi(emogi_error *err)
{
    return emogi_fail(err, "built without MPI: rebuild with ./configure --with-mpi");
}

int dist_bfs_open(struct dist *d, const struct emogi_graph *g, const struct emogi_bfs_opts *o,
                  const struct emogi_placed *gpu_out, const struct emogi_placed *gpu_in,
                  struct dbfs **run, emogi_error *err)
{
    (void)d, (void)g, (void)o, (void)gpu_out, (void)gpu_in;
    *run = NULL;
    return no_mpi(err);
}

int dist_bfs(struct dbfs *run, uint64_t source, uint32_t *depth, struct emogi_bfs_stats *st,
             emogi_error *err)
{
    (void)run, (void)source, (void)depth, (void)st;
    return no_mpi(err);
}

void dist_bfs_close(struct dbfs *run)
{
    (void)run;
}

int dist_bfs_parents(struct dist *d, const struct emogi_graph *g, uint64_t source,
                     const uint32_t *depth, uint64_t *parent, emogi_error *err)
{
    (void)d, (void)g, (void)source, (void)depth, (void)parent;
    return no_mpi(err);
}

int dist_cc(struct dist *d, const struct emogi_graph *g, struct dist_gpu *gpu,
            enum emogi_cc_algorithm a, uint64_t *labels, struct emogi_cc_stats *st,
            emogi_error *err)
{
    (void)d, (void)g, (void)gpu, (void)a, (void)labels, (void)st;
    return no_mpi(err);
}

int dist_pagerank(struct dist *d, const struct emogi_graph *in, struct dist_gpu *gpu,
                  const struct emogi_pagerank_params *prm, enum emogi_pagerank_store store,
                  double *rank, struct emogi_pagerank_stats *st, emogi_error *err)
{
    (void)d, (void)in, (void)gpu, (void)prm, (void)store, (void)rank, (void)st;
    return no_mpi(err);
}

int dist_sssp(struct dist *d, const struct emogi_graph *g, uint64_t source,
              const struct emogi_sssp_opts *o, struct dist_gpu *gpu, void *dist,
              struct emogi_sssp_stats *st, emogi_error *err)
{
    (void)d, (void)g, (void)source, (void)o, (void)gpu, (void)dist, (void)st;
    return no_mpi(err);
}

double dist_sssp_delta(struct dist *d, const struct emogi_graph *g,
                       const struct emogi_sssp_opts *o)
{
    (void)d;
    return o->delta > 0 ? o->delta : emogi_sssp_default_delta(g, o);
}
