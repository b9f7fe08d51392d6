/*
 * scc.c - strongly connected components on the CPU (OpenMP).
 *
 * Multistep (G. M. Slota, S. Rajamanickam, K. Madduri, "BFS and
 * Coloring-based Parallel Algorithms for Strongly Connected Components
 * and Related Problems", IPDPS 2014), the method GBBS and the GPU SCC
 * literature build on (Hong, Rodia, Olukotun, SC 2013, for the trimming
 * and the giant's pivot):
 *
 *   1. trim: a vertex with no in-edges or no out-edges among the vertices
 *      left is a component of its own; removing it may leave a neighbour
 *      so, and the peeling runs until none is;
 *   2. forward-backward: a skewed graph has one giant component, found
 *      as the vertices reached both forward and backward from a pivot of
 *      large in- times out-degree; the backward search stays inside the
 *      forward set, since every path from the giant to the pivot does;
 *   3. colouring for the rest: each vertex takes the smallest id that
 *      reaches it (min-label propagation along out-edges), and a vertex
 *      whose colour is its own id is the root of a component, the
 *      vertices of its colour that reach it backward.  Repeated on the
 *      vertices left until none is.
 *
 * Forward-backward and trimming are why this parallelizes where colouring
 * alone does not: on a power-law graph colouring alone needs a pass per
 * hop of the longest path of colours, and the giant would hold the
 * propagation for many; taking the giant by two searches leaves small,
 * shallow pieces.  Both searches switch direction as Beamer's BFS does
 * (emogi_bfs.h): a step from a large frontier is a sweep of the vertices
 * not reached, each reading its other-side list only until it meets a
 * reached vertex, so most of the giant's edges are never read.
 *
 * Labels are canonical: a trimmed vertex labels itself, the giant takes
 * its smallest member, and a colour root is the smallest id of its
 * component (every member is reached from it and it from them, so all
 * share its colour, the smallest id reaching them).
 *
 * Lists are read through one loop that serves plain ids of either width
 * and compressed lists (emogi_clist.h), so both give the same labels.
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "emogi_clist.h"
#include "emogi_scc.h"

/* Beamer's switch points (GAP's bfs.cc): sweep once the frontier's lists
 * hold more than 1/ALPHA of the edges, go back to pushing once a sweep
 * reaches fewer than 1/BETA of the vertices. */
#define ALPHA 15
#define BETA 18
#define QBUF 1024  /* a thread's queue entries before they are published */
#define SMALL 4096 /* below this many vertices (or queued) one thread does the work */
#define CHUNK 1024 /* the dynamic schedule of the vertex loops */

/* One side of the adjacency. */
struct side {
    const uint64_t *off;
    const void *ids; /* plain, or NULL when compressed */
    unsigned w;
    struct emogi_lists lists;
};

/* X takes each id of U's list in S, BODY runs for it, until STOP holds. */
#define EACH_NEIGHBOUR(S, U, X, STOP, BODY)                                                  \
    do {                                                                                   \
        const struct side *s_ = (S);                                                       \
        if (s_->ids) {                                                                     \
            for (uint64_t e_ = s_->off[U]; e_ < s_->off[(U) + 1] && !(STOP); e_++) {        \
                const uint64_t X = s_->w == 4 ? ((const uint32_t *)s_->ids)[e_]             \
                                              : ((const uint64_t *)s_->ids)[e_];            \
                BODY                                                                       \
            }                                                                              \
        } else {                                                                           \
            struct emogi_list_reader r_;                                                   \
            uint64_t b_[EMOGI_CLIST_BLOCK];                                                \
            int k_;                                                                        \
            emogi_list_open(&r_, &s_->lists, U);                                           \
            while (!(STOP) && (k_ = emogi_list_next(&r_, b_)) > 0)                          \
                for (int i_ = 0; i_ < k_ && !(STOP); i_++) {                               \
                    const uint64_t X = b_[i_];                                             \
                    BODY                                                                   \
                }                                                                          \
        }                                                                                  \
    } while (0)

struct scc {
    uint64_t nv;
    struct side out, in;
    void *labels;
    unsigned w;
    uint8_t *done;     /* labelled */
    uint8_t *fw, *bw;  /* reach marks: 0 not reached, else the step that reached (mod 255) */
    uint64_t *color;   /* colouring; before it, the trimming's two counts */
    uint32_t *cnt_in, *cnt_out; /* trimming: edges left on each side */
    uint64_t *queue, *next, *left;
    uint64_t queue_len, next_len, left_len;
    uint64_t pivot;    /* the forward-backward's start, or nv */
    uint64_t examined;
    uint32_t passes;
};

static inline uint64_t degree(const struct side *s, uint64_t v)
{
    return s->off[v + 1] - s->off[v];
}

static inline void put_label(struct scc *s, uint64_t v, uint64_t l)
{
    if (s->w == 4)
        ((uint32_t *)s->labels)[v] = (uint32_t)l;
    else
        ((uint64_t *)s->labels)[v] = l;
}

/* Whether this thread labels V: a vertex is labelled once. */
static inline bool take(uint8_t *done, uint64_t v)
{
    uint8_t zero = 0;
    return __atomic_load_n(&done[v], __ATOMIC_RELAXED) == 0 &&
           __atomic_compare_exchange_n(&done[v], &zero, 1, false, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED);
}

/* A thread's share of a queue, published QBUF entries at a time. */
struct qbuf {
    uint64_t v[QBUF];
    unsigned n;
};

static void qflush(struct qbuf *b, uint64_t *q, uint64_t *len)
{
    if (!b->n)
        return;
    uint64_t at = __atomic_fetch_add(len, b->n, __ATOMIC_RELAXED);
    memcpy(q + at, b->v, b->n * sizeof b->v[0]);
    b->n = 0;
}

static inline void qpush(struct qbuf *b, uint64_t *q, uint64_t *len, uint64_t v)
{
    b->v[b->n++] = v;
    if (b->n == QBUF)
        qflush(b, q, len);
}

static void swap_queues(struct scc *s)
{
    uint64_t *t = s->queue;
    s->queue = s->next;
    s->next = t;
    s->queue_len = s->next_len;
    s->next_len = 0;
}

static inline void lower_to(uint64_t *x, uint64_t v)
{
    uint64_t old = __atomic_load_n(x, __ATOMIC_RELAXED);
    while (v < old &&
           !__atomic_compare_exchange_n(x, &old, v, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
}

/* ---- 1. trimming ---- */

/* The first round: nothing is labelled yet, so the stored degrees are the
 * counts and no list is read; the vertex of largest in- times out-degree
 * among those kept becomes the pivot. */
static void trim_first(struct scc *s)
{
    const uint64_t nv = s->nv;
    uint64_t best = 0;
    s->pivot = nv;
#pragma omp parallel if (nv >= SMALL)
    {
        struct qbuf b;
        b.n = 0;
        uint64_t my_best = 0, my_pivot = nv;
#pragma omp for schedule(static) nowait
        for (uint64_t v = 0; v < nv; v++) {
            const uint64_t ci = degree(&s->in, v), co = degree(&s->out, v);
            s->cnt_in[v] = ci > UINT32_MAX ? UINT32_MAX : (uint32_t)ci;
            s->cnt_out[v] = co > UINT32_MAX ? UINT32_MAX : (uint32_t)co;
            if (ci == 0 || co == 0) {
                s->done[v] = 1;
                put_label(s, v, v);
                qpush(&b, s->next, &s->next_len, v);
            } else if (my_pivot == nv || ci * co > my_best) {
                my_best = ci * co, my_pivot = v;
            }
        }
        qflush(&b, s->next, &s->next_len);
#pragma omp critical
        if (my_pivot < nv &&
            (s->pivot == nv || my_best > best || (my_best == best && my_pivot < s->pivot)))
            best = my_best, s->pivot = my_pivot;
    }
}

/* A later round: the counts of the vertices left among themselves, read
 * from their lists; the giant (BW) is labelled LEAST here, and every
 * vertex kept joins the list the colouring starts from. */
static void trim_again(struct scc *s, uint64_t least)
{
    const uint64_t nv = s->nv;
    uint64_t examined = 0;
    s->left_len = 0;
#pragma omp parallel if (nv >= SMALL) reduction(+ : examined)
    {
        struct qbuf b, k;
        b.n = k.n = 0;
#pragma omp for schedule(dynamic, CHUNK) nowait
        for (uint64_t v = 0; v < nv; v++) {
            if (s->done[v])
                continue;
            if (s->bw[v]) {
                s->done[v] = 1;
                put_label(s, v, least);
                continue;
            }
            uint64_t ci = 0, co = 0;
            EACH_NEIGHBOUR(&s->in, v, u, false, ci += u != v && !s->done[u] && !s->bw[u];);
            EACH_NEIGHBOUR(&s->out, v, u, false, co += u != v && !s->done[u] && !s->bw[u];);
            examined += degree(&s->in, v) + degree(&s->out, v);
            s->cnt_in[v] = ci > UINT32_MAX ? UINT32_MAX : (uint32_t)ci;
            s->cnt_out[v] = co > UINT32_MAX ? UINT32_MAX : (uint32_t)co;
            if (ci == 0 || co == 0)
                qpush(&b, s->next, &s->next_len, v);
            else
                qpush(&k, s->left, &s->left_len, v);
        }
        qflush(&b, s->next, &s->next_len);
        qflush(&k, s->left, &s->left_len);
        /* Labelled only once every count is taken, so the counts and the
         * decrements see the same vertices left. */
#pragma omp barrier
#pragma omp for schedule(static)
        for (uint64_t i = 0; i < s->next_len; i++) {
            s->done[s->next[i]] = 1;
            put_label(s, s->next[i], s->next[i]);
        }
    }
    s->examined += examined;
}

/* Peel from the vertices just trimmed (the next queue): each takes one
 * edge from its neighbours' counts, and a count reaching zero trims that
 * neighbour in the next round. */
static void peel(struct scc *s)
{
    uint64_t examined = 0;
    swap_queues(s);
    while (s->queue_len) {
        s->passes++;
#pragma omp parallel if (s->queue_len >= SMALL) reduction(+ : examined)
        {
            struct qbuf b;
            b.n = 0;
#pragma omp for schedule(dynamic, 64)
            for (uint64_t i = 0; i < s->queue_len; i++) {
                const uint64_t v = s->queue[i];
                EACH_NEIGHBOUR(&s->out, v, u, false, {
                    if (u != v && !__atomic_load_n(&s->done[u], __ATOMIC_RELAXED) &&
                        __atomic_sub_fetch(&s->cnt_in[u], 1, __ATOMIC_RELAXED) == 0 &&
                        take(s->done, u)) {
                        put_label(s, u, u);
                        qpush(&b, s->next, &s->next_len, u);
                    }
                });
                EACH_NEIGHBOUR(&s->in, v, u, false, {
                    if (u != v && !__atomic_load_n(&s->done[u], __ATOMIC_RELAXED) &&
                        __atomic_sub_fetch(&s->cnt_out[u], 1, __ATOMIC_RELAXED) == 0 &&
                        take(s->done, u)) {
                        put_label(s, u, u);
                        qpush(&b, s->next, &s->next_len, u);
                    }
                });
                examined += degree(&s->out, v) + degree(&s->in, v);
            }
            qflush(&b, s->next, &s->next_len);
        }
        swap_queues(s);
    }
    s->examined += examined;
}

/* ---- 2. forward-backward ---- */

/* Whether V may be reached: left, and inside WITHIN's set when that is set. */
static inline bool open_vertex(const struct scc *s, const uint8_t *within, uint64_t v)
{
    return !s->done[v] && (!within || within[v]);
}

/* The mark of step K: 1..255, never 0.  A step 255 later takes the same
 * mark, which only queues a vertex twice, never misses one. */
static inline uint8_t mark_of(uint32_t k) { return (uint8_t)(1 + (k - 1) % 255); }

/* Mark in MARK every vertex left (and in WITHIN) that SRC reaches along
 * PUSH's lists, PULL holding the same edges from the other end; the
 * smallest id marked into *LEAST. */
static void reach(struct scc *s, uint64_t src, uint8_t *mark, const struct side *push,
                  const struct side *pull, const uint8_t *within, uint64_t ne, uint64_t *least)
{
    const uint64_t nv = s->nv;
    uint32_t step = 1;
    uint64_t examined = 0, edges = degree(push, src);
    mark[src] = mark_of(step);
    *least = src;
    s->queue[0] = src;
    s->queue_len = 1;
    bool sweeping = false;
    while (sweeping || s->queue_len) {
        const uint8_t cur = mark_of(++step);
        s->passes++;
        if (sweeping || edges > ne / ALPHA) {
            /* Each vertex not reached reads its PULL list until it meets a
             * reached one; marks taken this sweep count already. */
            uint64_t added = 0;
            sweeping = true;
            edges = 0;
            s->next_len = 0;
#pragma omp parallel if (nv >= SMALL) reduction(+ : added, examined, edges)
            {
                struct qbuf b;
                b.n = 0;
                uint64_t my_least = *least;
#pragma omp for schedule(dynamic, CHUNK) nowait
                for (uint64_t v = 0; v < nv; v++) {
                    if (mark[v] || !open_vertex(s, within, v))
                        continue;
                    bool hit = false;
                    EACH_NEIGHBOUR(pull, v, u, hit, {
                        examined++;
                        hit = __atomic_load_n(&mark[u], __ATOMIC_RELAXED) != 0;
                    });
                    if (hit) {
                        __atomic_store_n(&mark[v], cur, __ATOMIC_RELAXED);
                        added++;
                        my_least = v < my_least ? v : my_least;
                        /* queued in case this sweep is the last: see below */
                        qpush(&b, s->next, &s->next_len, v);
                        edges += degree(push, v);
                    }
                }
                qflush(&b, s->next, &s->next_len);
                lower_to(least, my_least);
            }
            if (added == 0)
                break;
            if (added >= nv / BETA)
                continue;
            /* Vertices reached in earlier sweeps had their lists met by
             * this whole sweep; only this sweep's may leave edges. */
            swap_queues(s);
            sweeping = false;
            continue;
        }
        edges = 0;
#pragma omp parallel if (s->queue_len >= 256) reduction(+ : examined, edges)
        {
            struct qbuf b;
            b.n = 0;
            uint64_t my_least = *least;
#pragma omp for schedule(dynamic, 64) nowait
            for (uint64_t i = 0; i < s->queue_len; i++) {
                const uint64_t v = s->queue[i];
                examined += degree(push, v);
                EACH_NEIGHBOUR(push, v, u, false, {
                    uint8_t zero = 0;
                    if (!__atomic_load_n(&mark[u], __ATOMIC_RELAXED) &&
                        open_vertex(s, within, u) &&
                        __atomic_compare_exchange_n(&mark[u], &zero, cur, false,
                                                    __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
                        qpush(&b, s->next, &s->next_len, u);
                        edges += degree(push, u);
                        my_least = u < my_least ? u : my_least;
                    }
                });
            }
            qflush(&b, s->next, &s->next_len);
            lower_to(least, my_least);
        }
        swap_queues(s);
    }
    s->examined += examined;
}

/* ---- 3. colouring ---- */

/* Lower colour[U] to C, whether it was lowered. */
static inline bool lower(uint64_t *color, uint64_t u, uint64_t c)
{
    uint64_t old = __atomic_load_n(&color[u], __ATOMIC_RELAXED);
    while (c < old)
        if (__atomic_compare_exchange_n(&color[u], &old, c, true, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED))
            return true;
    return false;
}

/* Colour the vertices left (all on the left list) and label the
 * components whose roots that finds, until every vertex is labelled.  FW
 * serves as the queued flag: the round that last queued a vertex. */
static void colour(struct scc *s)
{
    uint64_t examined = 0;
    uint32_t round = 0;
    for (;;) {
        /* The vertices left, each its own colour, form the first frontier. */
        s->next_len = 0;
#pragma omp parallel if (s->left_len >= SMALL)
        {
            struct qbuf b;
            b.n = 0;
#pragma omp for schedule(static) nowait
            for (uint64_t i = 0; i < s->left_len; i++) {
                const uint64_t v = s->left[i];
                if (!s->done[v]) {
                    s->color[v] = v;
                    qpush(&b, s->next, &s->next_len, v);
                }
            }
            qflush(&b, s->next, &s->next_len);
        }
        swap_queues(s);
        if (!s->queue_len)
            break;
        s->left_len = s->queue_len;
        memcpy(s->left, s->queue, s->left_len * sizeof *s->left);
        while (s->queue_len) {
            s->passes++;
            const uint8_t cur = mark_of(++round);
#pragma omp parallel if (s->queue_len >= SMALL) reduction(+ : examined)
            {
                struct qbuf b;
                b.n = 0;
#pragma omp for schedule(dynamic, 64) nowait
                for (uint64_t i = 0; i < s->queue_len; i++) {
                    const uint64_t v = s->queue[i];
                    const uint64_t c = __atomic_load_n(&s->color[v], __ATOMIC_RELAXED);
                    examined += degree(&s->out, v);
                    EACH_NEIGHBOUR(&s->out, v, u, false, {
                        if (!s->done[u] && lower(s->color, u, c) &&
                            __atomic_exchange_n(&s->fw[u], cur, __ATOMIC_RELAXED) != cur)
                            qpush(&b, s->next, &s->next_len, u);
                    });
                }
                qflush(&b, s->next, &s->next_len);
            }
            swap_queues(s);
        }
        /* Roots, then every vertex of a root's colour that reaches it. */
#pragma omp parallel if (s->left_len >= SMALL)
        {
            struct qbuf b;
            b.n = 0;
#pragma omp for schedule(static) nowait
            for (uint64_t i = 0; i < s->left_len; i++) {
                const uint64_t v = s->left[i];
                if (s->color[v] == v) {
                    s->done[v] = 1;
                    put_label(s, v, v);
                    qpush(&b, s->next, &s->next_len, v);
                }
            }
            qflush(&b, s->next, &s->next_len);
        }
        swap_queues(s);
        while (s->queue_len) {
            s->passes++;
#pragma omp parallel if (s->queue_len >= SMALL) reduction(+ : examined)
            {
                struct qbuf b;
                b.n = 0;
#pragma omp for schedule(dynamic, 64) nowait
                for (uint64_t i = 0; i < s->queue_len; i++) {
                    const uint64_t v = s->queue[i], c = s->color[v];
                    examined += degree(&s->in, v);
                    EACH_NEIGHBOUR(&s->in, v, u, false, {
                        if (!__atomic_load_n(&s->done[u], __ATOMIC_RELAXED) &&
                            s->color[u] == c && take(s->done, u)) {
                            put_label(s, u, c);
                            qpush(&b, s->next, &s->next_len, u);
                        }
                    });
                }
                qflush(&b, s->next, &s->next_len);
            }
            swap_queues(s);
        }
    }
    s->examined += examined;
}

/* ---- the whole ---- */

static struct side side_of(const struct emogi_graph *g, bool in)
{
    struct side s;
    s.lists = in ? emogi_lists_transpose(g) : emogi_lists_out(g);
    s.off = s.lists.off;
    s.ids = s.lists.coff ? NULL : s.lists.ids;
    s.w = g->id_width;
    return s;
}

static void multistep(struct scc *s, uint64_t ne)
{
    const uint64_t nv = s->nv;
    trim_first(s);
    peel(s);
    memset(s->fw, 0, nv);
    memset(s->bw, 0, nv);
    uint64_t least = nv;
    if (s->pivot < nv && s->done[s->pivot]) {
        /* peeled after all: any vertex left starts the search */
        s->pivot = nv;
        for (uint64_t v = 0; v < nv && s->pivot == nv; v++)
            if (!s->done[v])
                s->pivot = v;
    }
    if (s->pivot < nv) {
        reach(s, s->pivot, s->fw, &s->out, &s->in, NULL, ne, &least);
        reach(s, s->pivot, s->bw, &s->in, &s->out, s->fw, ne, &least);
    }
    trim_again(s, least);
    peel(s);
    memset(s->fw, 0, nv);
    colour(s);
}

int emogi_scc_cpu(const struct emogi_graph *g, void *labels, struct emogi_cc_stats *st,
                  emogi_error *err)
{
    if (emogi_scc_check_graph(g, err) < 0)
        return -1;
    const uint64_t nv = g->nv, n = nv ? nv : 1;
    struct scc s = {0};
    s.nv = nv;
    s.out = side_of(g, false);
    s.in = (g->flags & EMOGI_DIRECTED) ? side_of(g, true) : s.out; /* undirected: both sides */
    s.labels = labels;
    s.w = g->id_width;
    s.done = calloc(n, 1);
    s.fw = malloc(n);
    s.bw = malloc(n);
    s.color = malloc(n * sizeof *s.color);
    s.cnt_in = (uint32_t *)s.color; /* the counts are spent before colouring starts */
    s.cnt_out = s.cnt_in + n;
    s.queue = malloc(n * sizeof *s.queue);
    s.next = malloc(n * sizeof *s.next);
    s.left = malloc(n * sizeof *s.left);
    int rc = 0;
    double t0 = emogi_now();
    if (!s.done || !s.fw || !s.bw || !s.color || !s.queue || !s.next || !s.left)
        rc = emogi_fail(err, "strong components: out of memory for %llu vertices' state",
                        (unsigned long long)nv);
    else if (nv)
        multistep(&s, g->ne);
    if (rc == 0 && st) {
        st->seconds = emogi_now() - t0;
        st->passes = s.passes;
        st->edges_examined = s.examined;
        st->edge_bytes = s.examined * g->id_width;
        st->link_bytes = st->devmem_bytes = 0; /* no link on the CPU */
    }
    free(s.done);
    free(s.fw);
    free(s.bw);
    free(s.color);
    free(s.queue);
    free(s.next);
    free(s.left);
    return rc;
}
