/*
 * no_cuda.c - the GPU entry points of every algorithm in a build without
 * CUDA (configure --without-cuda, or no nvcc found).  They exist so that
 * the tools link and say why a GPU run cannot happen, instead of failing
 * to build; loader/no_cuda.c does the same for placement.
 */
#include "config.h"

#include "emogi_bc.h"
#include "emogi_bfs.h"
#include "emogi_cc.h"
#include "emogi_dist_gpu.h"
#include "emogi_pagerank.h"
#include "emogi_sssp.h"

int emogi_bfs_gpu(const struct emogi_placed *p, uint64_t source, const struct emogi_bfs_opts *o,
                  uint32_t *depth, struct emogi_bfs_stats *st, emogi_error *err)
{
    (void)p, (void)source, (void)o, (void)depth, (void)st;
    return emogi_fail(err, "GPU BFS unavailable: built without CUDA");
}

int emogi_sssp_gpu(const struct emogi_placed *p, uint64_t source, const struct emogi_sssp_opts *o,
                   enum emogi_kernel k, void *dist, struct emogi_sssp_stats *st, emogi_error *err)
{
    (void)p, (void)source, (void)o, (void)k, (void)dist, (void)st;
    return emogi_fail(err, "GPU SSSP unavailable: built without CUDA");
}

int emogi_cc_gpu(const struct emogi_placed *out, const struct emogi_placed *in,
                 enum emogi_cc_algorithm a, enum emogi_kernel k, void *labels,
                 struct emogi_cc_stats *st, emogi_error *err)
{
    (void)out, (void)in, (void)a, (void)k, (void)labels, (void)st;
    return emogi_fail(err, "GPU connected components unavailable: built without CUDA");
}

int emogi_pagerank_gpu(const struct emogi_placed *p, const struct emogi_pagerank_params *prm,
                       enum emogi_kernel k, double *rank, struct emogi_pagerank_stats *st,
                       emogi_error *err)
{
    (void)p, (void)prm, (void)k, (void)rank, (void)st;
    return emogi_fail(err, "GPU PageRank unavailable: built without CUDA");
}

int emogi_bc_gpu(const struct emogi_placed *p, const struct emogi_placed *in, uint64_t source,
                 enum emogi_kernel k, double *score, struct emogi_bc_stats *st, emogi_error *err)
{
    (void)p, (void)in, (void)source, (void)k, (void)score, (void)st;
    return emogi_fail(err, "GPU BC unavailable: built without CUDA");
}

uint64_t emogi_dbfs_gpu_state_bytes(uint64_t n, uint64_t nv)
{
    (void)n, (void)nv;
    return 0;
}

int emogi_dbfs_gpu_open(const struct emogi_placed *out, const struct emogi_placed *in,
                        enum emogi_kernel k, uint64_t lo, uint64_t nv, struct emogi_dbfs_gpu **s,
                        emogi_error *err)
{
    (void)out, (void)in, (void)k, (void)lo, (void)nv;
    *s = NULL;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

void emogi_dbfs_gpu_close(struct emogi_dbfs_gpu *s)
{
    (void)s;
}

int emogi_dbfs_gpu_start(struct emogi_dbfs_gpu *s, uint64_t source, emogi_error *err)
{
    (void)s, (void)source;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_first_level(struct emogi_dbfs_gpu *s, const uint64_t *all, uint64_t m,
                               uint64_t a, uint64_t qn, uint64_t scout, emogi_error *err)
{
    (void)s, (void)all, (void)m, (void)a, (void)qn, (void)scout;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_route(struct emogi_dbfs_gpu *s, const uint64_t *bound, int size, int rank,
                         int narrow, emogi_error *err)
{
    (void)s, (void)bound, (void)size, (void)rank, (void)narrow;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_expand(struct emogi_dbfs_gpu *s, uint32_t level, uint64_t reach,
                          uint64_t *sent, uint64_t *examined, emogi_error *err)
{
    (void)s, (void)level, (void)reach, (void)sent, (void)examined;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

unsigned emogi_dbfs_gpu_id_bytes(const struct emogi_dbfs_gpu *s)
{
    (void)s;
    return 8;
}

void *emogi_dbfs_gpu_outbox(struct emogi_dbfs_gpu *s, int owner)
{
    (void)s, (void)owner;
    return NULL;
}

void *emogi_dbfs_gpu_inbox(struct emogi_dbfs_gpu *s, uint64_t *room)
{
    (void)s;
    *room = 0;
    return NULL;
}

int emogi_dbfs_gpu_claim(struct emogi_dbfs_gpu *s, const void *ids, uint64_t m, int on_host,
                         uint32_t level, emogi_error *err)
{
    (void)s, (void)ids, (void)m, (void)on_host, (void)level;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_advance(struct emogi_dbfs_gpu *s, uint64_t *n, uint64_t *scout,
                           emogi_error *err)
{
    (void)s, (void)n, (void)scout;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_queue(struct emogi_dbfs_gpu *s, uint64_t *queue, uint64_t *n,
                         emogi_error *err)
{
    (void)s, (void)queue, (void)n;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_queue_to_front(struct emogi_dbfs_gpu *s, emogi_error *err)
{
    (void)s;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_queue_from_slice(struct emogi_dbfs_gpu *s, uint64_t *n, emogi_error *err)
{
    (void)s, (void)n;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_bottom_up(struct emogi_dbfs_gpu *s, const uint64_t *front, uint32_t level,
                             uint64_t *slice, struct emogi_bu_count *c, uint64_t *examined,
                             emogi_error *err)
{
    (void)s, (void)front, (void)level, (void)slice, (void)c, (void)examined;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_depths(struct emogi_dbfs_gpu *s, uint32_t *depth, emogi_error *err)
{
    (void)s, (void)depth;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

static int no_ranks(emogi_error *err)
{
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_reached_edges(struct emogi_dbfs_gpu *s, uint64_t *edges, emogi_error *err)
{
    (void)s;
    *edges = 0;
    return no_ranks(err);
}

int emogi_dgpu_copy(void *dst, const void *src, uint64_t bytes, int to_host, emogi_error *err)
{
    (void)dst, (void)src, (void)bytes, (void)to_host;
    return no_ranks(err);
}

uint64_t emogi_dbfs_gpu_link_bytes(const struct emogi_dbfs_gpu *s)
{
    (void)s;
    return 0;
}

int emogi_dbfs_gpu_peer_handle(struct emogi_dbfs_gpu *s, void *handle, emogi_error *err)
{
    (void)s, (void)handle;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_peers_open(struct emogi_dbfs_gpu *s, const void *handles, emogi_error *err)
{
    (void)s, (void)handles;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

void emogi_dbfs_gpu_peers_close(struct emogi_dbfs_gpu *s)
{
    (void)s;
}

int emogi_dbfs_gpu_claim_peers(struct emogi_dbfs_gpu *s, const uint64_t *got, uint32_t level,
                               emogi_error *err)
{
    (void)s, (void)got, (void)level;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_gather_front(struct emogi_dbfs_gpu *s, emogi_error *err)
{
    (void)s;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

int emogi_dbfs_gpu_wait(struct emogi_dbfs_gpu *s, emogi_error *err)
{
    (void)s;
    return emogi_fail(err, "GPU ranks unavailable: built without CUDA");
}

uint64_t *emogi_dbfs_gpu_front(struct emogi_dbfs_gpu *s)
{
    (void)s;
    return NULL;
}

uint64_t emogi_dcc_gpu_state_bytes(uint64_t ne, uint64_t nv, unsigned width,
                                   enum emogi_cc_algorithm a)
{
    (void)ne, (void)nv, (void)width, (void)a;
    return 0;
}

int emogi_dcc_gpu_open(const struct emogi_placed *out, const struct emogi_placed *in,
                       enum emogi_cc_algorithm a, enum emogi_kernel k, uint64_t lo, uint64_t nv,
                       struct emogi_dcc_gpu **s, emogi_error *err)
{
    (void)out, (void)in, (void)a, (void)k, (void)lo, (void)nv;
    *s = NULL;
    return no_ranks(err);
}

void emogi_dcc_gpu_close(struct emogi_dcc_gpu *s)
{
    (void)s;
}

int emogi_dcc_gpu_pass(struct emogi_dcc_gpu *s, int *changed, emogi_error *err)
{
    (void)s, (void)changed;
    return no_ranks(err);
}

int emogi_dcc_gpu_sample(struct emogi_dcc_gpu *s, emogi_error *err)
{
    (void)s;
    return no_ranks(err);
}

int emogi_dcc_gpu_rest(struct emogi_dcc_gpu *s, emogi_error *err)
{
    (void)s;
    return no_ranks(err);
}

int emogi_dcc_gpu_merge(struct emogi_dcc_gpu *s, emogi_error *err)
{
    (void)s;
    return no_ranks(err);
}

void *emogi_dcc_gpu_labels(struct emogi_dcc_gpu *s)
{
    (void)s;
    return NULL;
}

void *emogi_dcc_gpu_other(struct emogi_dcc_gpu *s)
{
    (void)s;
    return NULL;
}

int emogi_dcc_gpu_figures(struct emogi_dcc_gpu *s, uint64_t fig[3], emogi_error *err)
{
    (void)s, (void)fig;
    return no_ranks(err);
}

uint64_t emogi_dpr_gpu_state_bytes(uint64_t n, uint64_t nv)
{
    (void)n, (void)nv;
    return 0;
}

int emogi_dpr_gpu_open(const struct emogi_placed *p, enum emogi_kernel k, uint64_t lo,
                       uint64_t nv, int whole_spans, const double *start,
                       struct emogi_dpr_gpu **s, emogi_error *err)
{
    (void)p, (void)k, (void)lo, (void)nv, (void)whole_spans, (void)start;
    *s = NULL;
    return no_ranks(err);
}

void emogi_dpr_gpu_close(struct emogi_dpr_gpu *s)
{
    (void)s;
}

int emogi_dpr_gpu_spread(struct emogi_dpr_gpu *s, double *dangling, emogi_error *err)
{
    (void)s, (void)dangling;
    return no_ranks(err);
}

void *emogi_dpr_gpu_contrib(struct emogi_dpr_gpu *s)
{
    (void)s;
    return NULL;
}

double *emogi_dpr_gpu_spans(struct emogi_dpr_gpu *s, int change)
{
    (void)s, (void)change;
    return NULL;
}

int emogi_dpr_gpu_gather(struct emogi_dpr_gpu *s, double base, double d, double *delta,
                         emogi_error *err)
{
    (void)s, (void)base, (void)d, (void)delta;
    return no_ranks(err);
}

int emogi_dpr_gpu_change(struct emogi_dpr_gpu *s, double *delta, emogi_error *err)
{
    (void)s, (void)delta;
    return no_ranks(err);
}

int emogi_dpr_gpu_result(struct emogi_dpr_gpu *s, double *rank, uint64_t fig[2],
                         emogi_error *err)
{
    (void)s, (void)rank, (void)fig;
    return no_ranks(err);
}

uint64_t emogi_dsssp_gpu_state_bytes(uint64_t n, uint64_t nv, uint64_t ne, unsigned dsize)
{
    (void)n, (void)nv, (void)ne, (void)dsize;
    return 0;
}

int emogi_dsssp_gpu_open(const struct emogi_placed *out, enum emogi_kernel k, int unit,
                         uint64_t lo, uint64_t nv, double delta, struct emogi_dsssp_gpu **s,
                         emogi_error *err)
{
    (void)out, (void)k, (void)unit, (void)lo, (void)nv, (void)delta;
    *s = NULL;
    return no_ranks(err);
}

void emogi_dsssp_gpu_close(struct emogi_dsssp_gpu *s)
{
    (void)s;
}

int emogi_dsssp_gpu_start(struct emogi_dsssp_gpu *s, uint64_t source, emogi_error *err)
{
    (void)s, (void)source;
    return no_ranks(err);
}

int emogi_dsssp_gpu_lowest(struct emogi_dsssp_gpu *s, uint64_t *bucket, emogi_error *err)
{
    (void)s, (void)bucket;
    return no_ranks(err);
}

int emogi_dsssp_gpu_relax(struct emogi_dsssp_gpu *s, uint64_t bucket,
                          struct emogi_dsssp_pair *send, uint64_t *send_n, emogi_error *err)
{
    (void)s, (void)bucket, (void)send, (void)send_n;
    return no_ranks(err);
}

int emogi_dsssp_gpu_apply(struct emogi_dsssp_gpu *s, const struct emogi_dsssp_pair *recv,
                          uint64_t n, emogi_error *err)
{
    (void)s, (void)recv, (void)n;
    return no_ranks(err);
}

int emogi_dsssp_gpu_result(struct emogi_dsssp_gpu *s, void *dist, uint64_t fig[3],
                           emogi_error *err)
{
    (void)s, (void)dist, (void)fig;
    return no_ranks(err);
}
