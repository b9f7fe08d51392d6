/* cc_shared.c - what both connected-components backends share: the
 * algorithm names (for options and stats) and the check that a graph has
 * the in-edges weak (and strong) components need. */
#include "config.h"

#include "emogi_cc.h"
#include "emogi_scc.h"

static const char *const names[] = {
    [EMOGI_CC_UF] = "uf",
    [EMOGI_CC_LP] = "lp",
};
#define NNAMES (unsigned)(sizeof names / sizeof names[0])

const char *emogi_cc_algorithm_name(enum emogi_cc_algorithm a)
{
    return emogi_name_of(names, NNAMES, (unsigned)a);
}

int emogi_cc_algorithm_parse(const char *s, enum emogi_cc_algorithm *a)
{
    int i = emogi_name_find(names, NNAMES, s);
    if (i >= 0)
        *a = (enum emogi_cc_algorithm)i;
    return i < 0 ? -1 : 0;
}

int emogi_cc_check_graph(const struct emogi_graph *g, emogi_error *err)
{
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "connected components: id width %u unsupported", g->id_width);
    if ((g->flags & EMOGI_DIRECTED) && (!(g->flags & EMOGI_TRANSPOSE) || !g->t_offsets))
        return emogi_fail(err, "directed graph without in-edges: weakly connected components "
                               "need them; convert with --transpose (or --undirected)");
    return 0;
}

int emogi_scc_check_graph(const struct emogi_graph *g, emogi_error *err)
{
    if (g->id_width != 4 && g->id_width != 8)
        return emogi_fail(err, "strong components: id width %u unsupported", g->id_width);
    if ((g->flags & EMOGI_DIRECTED) && (!(g->flags & EMOGI_TRANSPOSE) || !g->t_offsets))
        return emogi_fail(err, "--strong needs in-edges: convert with --transpose");
    return 0;
}
