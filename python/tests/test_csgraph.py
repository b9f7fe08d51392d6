"""emogi's scipy.sparse.csgraph-shaped functions against scipy and networkx.

Every public traversal (bfs, sssp, cc, cc_labels, pagerank, bc, tc) takes every
input kind (a .csr path, an emogi.Graph, a scipy.sparse array and matrix, a
dense numpy array, a networkx graph), directed and not, on graphs generated
here with seeded random numbers; the answers come from scipy.sparse.csgraph
(breadth-first depths as unweighted shortest paths, Dijkstra, weak and
strong components) and networkx (pagerank, strongly_connected_components,
betweenness_centrality, triangles), independent implementations.  Then the
ways back to the input's vertices (names, original ids, to_dict), the
package's own facts (version, info) and the wheel that pip builds.
"""
import os
import shutil
import subprocess
import sys
import zipfile

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import emogi  # noqa: E402

scipy = pytest.importorskip("scipy")
import scipy.sparse  # noqa: E402
from scipy.sparse import csgraph  # noqa: E402

nx = pytest.importorskip("networkx")

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("EMOGI_BIN") or TOP
DATA = os.path.join(os.environ.get("top_srcdir") or TOP, "tests", "data")


def tool(*args):
    return subprocess.run([os.path.join(BIN, args[0])] + [str(a) for a in args[1:]],
                          check=True, capture_output=True, text=True).stdout


def unreached_as(values, unreached, dtype):
    """scipy's distances (inf where unreached) as emogi's integer results."""
    out = np.full(len(values), unreached, dtype=dtype)
    seen = ~np.isinf(values)
    out[seen] = values[seen]
    return out


def random_matrix(n=80, density=0.04, seed=7, weights="int"):
    """A random directed graph as a scipy csr_matrix: whole weights 1..20, or
    reals, or None for ones; a few vertices left without edges."""
    rng = np.random.default_rng(seed)
    a = scipy.sparse.random(n, n, density=density, format="csr", random_state=rng)
    a = scipy.sparse.csr_matrix(a - scipy.sparse.diags(a.diagonal()))  # no self loops
    a.eliminate_zeros()
    if weights == "int":
        a.data = rng.integers(1, 21, a.nnz).astype(np.float64)
    elif weights is None:
        a.data[:] = 1
    a.sort_indices()
    return a


def undirected(a):
    """A's edges taken either way, each at the smaller weight of its two ways
    where both are stored (as scipy.sparse.csgraph's directed=False takes
    them), as a symmetric csr_matrix: worked edge by edge."""
    w = {}
    coo = a.tocoo()
    for u, v, x in zip(coo.row.tolist(), coo.col.tolist(), coo.data.tolist()):
        key = (min(u, v), max(u, v))
        w[key] = min(w.get(key, x), x)
    rows = [u for u, v in w] + [v for u, v in w if u != v]
    cols = [v for u, v in w] + [u for u, v in w if u != v]
    vals = list(w.values()) + [x for (u, v), x in w.items() if u != v]
    m = scipy.sparse.csr_matrix((vals, (rows, cols)), shape=a.shape)
    m.sort_indices()
    return m


def as_csr_file(a, directed, name):
    """A written as a .csr file by emogi.write (with its transpose), opened."""
    path = "%s.csr" % name
    m = a if directed else undirected(a)
    weighted = bool(m.nnz) and bool(np.any(m.data != 1))
    emogi.write(path, m.indptr, m.indices, m.data.astype(np.uint32) if weighted else None,
                directed=directed)
    return path


def inputs(a, directed):
    """Every input kind holding the graph of matrix A, with the directed= to
    pass (None where the input says it itself)."""
    path = as_csr_file(a, directed, "in-%s" % ("d" if directed else "u"))
    h = nx.from_scipy_sparse_array(a if directed else undirected(a),
                                   create_using=nx.DiGraph if directed else nx.Graph)
    return [("path", path, None), ("Graph", emogi.open(path), None),
            ("csr_matrix", a, directed), ("csr_array", scipy.sparse.csr_array(a), directed),
            ("coo_matrix", a.tocoo(), directed), ("dense", a.toarray(), directed),
            ("networkx", h, None)]


CASES = [(True, 1), (False, 2), (True, 3)]


@pytest.mark.parametrize("directed,seed", CASES)
def test_bfs_depths_are_csgraph_hop_counts(directed, seed):
    a = random_matrix(seed=seed)
    for source in (0, 5, 79):
        hops = csgraph.shortest_path(a, directed=directed, unweighted=True, indices=source)
        want = unreached_as(hops, emogi.UNREACHED, np.uint32)
        for kind, g, d in inputs(a, directed):
            got = emogi.bfs(g, source, directed=d)
            assert got.dtype == np.uint32 and np.array_equal(got, want), (kind, source)
        depth, parent = emogi.bfs(a, source, directed=directed, parents=True)
        sym = a if directed else undirected(a)
        for v in np.flatnonzero(depth != emogi.UNREACHED):
            if v != source:  # a parent is one level up, along an edge
                assert sym[parent[v], v] != 0 and depth[parent[v]] + 1 == depth[v]


@pytest.mark.parametrize("directed,seed", CASES)
def test_sssp_is_dijkstra(directed, seed):
    a = random_matrix(seed=seed)
    for source in (0, 11):
        dist = csgraph.dijkstra(a, directed=directed, indices=source)
        want = unreached_as(dist, emogi.SSSP_UNREACHED, np.uint64)
        for kind, g, d in inputs(a, directed):
            got = emogi.sssp(g, source, directed=d)
            assert got.dtype == np.uint64 and np.array_equal(got, want), (kind, source)
        unit = emogi.sssp(a, source, directed=directed, unit_weights=True)
        hops = csgraph.shortest_path(a, directed=directed, unweighted=True, indices=source)
        assert np.array_equal(unit, unreached_as(hops, emogi.SSSP_UNREACHED, np.uint64))


def test_sssp_real_weights_in_float32():
    a = random_matrix(seed=4, weights="real")
    want = csgraph.dijkstra(a, indices=0)
    got = emogi.sssp(a, 0)
    assert got.dtype == np.float32
    assert np.array_equal(np.isinf(got), np.isinf(want))
    assert np.allclose(got[~np.isinf(got)], want[~np.isinf(want)], rtol=1e-5)


def same_partition(labels, want):
    """Whether two labellings cut the vertices into the same components."""
    pairs = set(zip(labels.tolist(), want.tolist()))
    return len(pairs) == len(set(labels.tolist())) == len(set(want.tolist()))


@pytest.mark.parametrize("directed,seed", CASES)
def test_cc_is_csgraph_connected_components(directed, seed):
    a = random_matrix(density=0.015, seed=seed)
    n_want, want = csgraph.connected_components(a, directed=directed, connection="weak")
    assert n_want > 3  # a test of several components, not one
    for kind, g, d in inputs(a, directed):
        n, labels = emogi.cc(g, directed=d)
        assert n == n_want and labels.dtype == np.int32, kind
        # numbered as scipy numbers them, 0..n-1 by their first vertex
        assert np.array_equal(labels, want), kind
        smallest = emogi.cc_labels(g, directed=d)
        assert same_partition(smallest, want), kind
        assert all(smallest[v] <= v for v in range(a.shape[0]))
    (n, labels), st = emogi.cc(a, directed=directed, stats=True)
    assert n == n_want and st["passes"] >= 1


def numbered_by_smallest_vertex(labels):
    """Whether LABELS number the components 0..n-1 in the order of their
    smallest vertex."""
    values, first = np.unique(labels, return_index=True)
    return np.array_equal(values, np.arange(len(values))) and np.all(np.diff(first) > 0)


@pytest.mark.parametrize("seed", (1, 3, 9))
def test_cc_strong_is_csgraph_strong_components(seed):
    a = random_matrix(density=0.03, seed=seed)
    n_want, want = csgraph.connected_components(a, directed=True, connection="strong")
    n_weak = csgraph.connected_components(a, directed=True, connection="weak")[0]
    assert n_want > n_weak  # a graph whose strong components are not its weak ones
    h = nx.from_scipy_sparse_array(a, create_using=nx.DiGraph)
    nx_parts = sorted(sorted(c) for c in nx.strongly_connected_components(h))
    for kind, g, d in inputs(a, True):
        n, labels = emogi.cc(g, directed=d, connection="strong")
        assert n == n_want and labels.dtype == np.int32, kind
        assert same_partition(labels, want), kind
        assert numbered_by_smallest_vertex(labels), kind
        parts = {}
        for v, c in enumerate(labels.tolist()):
            parts.setdefault(c, []).append(v)
        assert sorted(parts.values()) == nx_parts, kind
        smallest = emogi.cc_labels(g, directed=d, connection="strong")
        assert same_partition(smallest, want), kind
        assert all(smallest[v] == min(parts[labels[v]]) for v in range(a.shape[0])), kind
    (n, labels), st = emogi.cc(a, connection="strong", stats=True)
    assert n == n_want and st["passes"] >= 1 and st["edges_examined"] > 0


def test_cc_strong_on_undirected_graphs_and_bad_arguments(tmp_path):
    a = random_matrix(seed=5)
    # an undirected graph's strong components are its components
    n, labels = emogi.cc(a, directed=False, connection="strong")
    n_want, want = csgraph.connected_components(a, directed=False)
    assert n == n_want and np.array_equal(labels, want)
    with pytest.raises(ValueError, match="connection must be 'weak' or 'strong'"):
        emogi.cc(a, connection="both")
    with pytest.raises(ValueError, match="connection must be"):
        emogi.cc_labels(a, connection="")
    # a directed file without its transpose: libemogi's refusal, naming the file
    path = str(tmp_path / "no-t.csr")
    emogi.write(path, a.indptr, a.indices, directed=True, transpose=False)
    with pytest.raises(emogi.EmogiError, match="no-t.csr.*in-edges"):
        emogi.cc(path, connection="strong")


def networkx_bc(h, sources, normalized):
    """networkx's betweenness of H from SOURCES (None: every vertex) to every
    vertex in the order of list(H), in emogi's convention: sums over ordered
    pairs, so twice networkx's unnormalized figure on an undirected graph."""
    if sources is None:
        got = nx.betweenness_centrality(h, normalized=normalized)
    else:
        got = nx.betweenness_centrality_subset(h, sources, list(h), normalized=normalized)
    twice = 2 if not normalized and not h.is_directed() else 1
    return np.array([twice * got[v] for v in h])


@pytest.mark.parametrize("directed,seed", CASES)
def test_bc_is_networkx_betweenness(directed, seed):
    a = random_matrix(n=60, density=0.05, seed=seed, weights=None)
    h = nx.from_scipy_sparse_array(a if directed else undirected(a),
                                   create_using=nx.DiGraph if directed else nx.Graph)
    for sources in (None, [0, 5, 17], 7):
        many = None if sources is None else sources if isinstance(sources, list) else [sources]
        for normalized in (False, True):
            want = networkx_bc(h, many, normalized)
            assert want.max() > 0
            for kind, g, d in inputs(a, directed):
                got = emogi.bc(g, sources, directed=d, normalized=normalized)
                assert got.dtype == np.float64, kind
                assert np.allclose(got, want, rtol=1e-9, atol=1e-12), (kind, sources, normalized)
    # a source given twice counts twice, as emogi-bc -s and -n count it
    twice = emogi.bc(a, np.array([3, 3]), directed=directed)
    assert np.allclose(twice, 2 * emogi.bc(a, 3, directed=directed))
    score, st = emogi.bc(a, range(4), directed=directed, stats=True)
    assert st["searches"] == 4 and st["reached"] >= 4 and st["edges_examined"] > 0


def test_bc_sources_by_node_and_bad_arguments():
    h = nx.karate_club_graph()
    named = nx.relabel_nodes(h, {v: "m%d" % v for v in h})
    want = networkx_bc(named, ["m0", "m33"], False)
    got = emogi.bc(named, ["m0", "m33"])
    assert np.allclose(got, want)
    assert got.to_dict()["m2"] == pytest.approx(want[2])
    a = random_matrix(seed=2)
    for bad, exc, word in (({"sources": []}, ValueError, "sources"),
                           ({"sources": np.zeros((2, 2), int)}, ValueError, "sources"),
                           ({"sources": [0, 80]}, ValueError, "80"),
                           ({"sources": "x"}, ValueError, "name"),
                           ({"normalized": "yes"}, TypeError, "normalized"),
                           ({"stats": 2}, TypeError, "stats")):
        with pytest.raises(exc, match=word):
            emogi.bc(a, **bad)


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_tc_is_networkx_triangles(seed):
    a = random_matrix(n=70, density=0.12, seed=seed)
    u = undirected(a)
    h = nx.from_scipy_sparse_array(u, create_using=nx.Graph)
    want = nx.triangles(h)
    want = np.array([want[v] for v in range(len(h))], dtype=np.uint64)
    n_want = int(want.sum()) // 3
    assert n_want > 10
    for kind, g, d in inputs(a, False):
        n, counts = emogi.tc(g, directed=d)
        assert n == n_want and counts.dtype == np.uint64, kind
        assert np.array_equal(counts, want), kind
        assert emogi.tc(g, directed=d, per_vertex=False) == n_want, kind
    # arrays are read as undirected by default; a directed graph only with undirected=True
    assert emogi.tc(a)[0] == n_want
    for kind, g, d in inputs(a, True):
        with pytest.raises(ValueError, match="undirected=True"):
            emogi.tc(g, directed=d)
        n, counts = emogi.tc(g, directed=d, undirected=True)
        assert n == n_want and np.array_equal(counts, want), kind
    (n, counts), st = emogi.tc(u, stats=True)
    assert st["triangles"] == n_want and st["oriented_edges"] == u.nnz // 2


def test_tc_ignores_self_loops_and_checks_its_arguments():
    # a triangle 0-1-2, a self-loop at 3 joined to 0 and 1: one triangle more
    d = np.zeros((5, 5))
    for u, v in ((0, 1), (1, 2), (0, 2), (3, 3), (3, 0), (3, 1)):
        d[u, v] = d[v, u] = 1
    n, counts = emogi.tc(d)
    assert n == 2 and counts.tolist() == [2, 2, 1, 1, 0]
    for bad, exc in (({"undirected": "no"}, TypeError), ({"per_vertex": None}, TypeError),
                     ({"mem": "device"}, ValueError)):
        with pytest.raises(exc, match=list(bad)[0]):
            emogi.tc(d, **bad)


@pytest.mark.parametrize("directed,seed", CASES)
def test_pagerank_is_networkx_pagerank(directed, seed):
    a = random_matrix(seed=seed)
    for alpha, tol in ((0.85, 1e-10), (0.5, 1e-12)):
        for kind, g, d in inputs(a, directed):
            h = nx.from_scipy_sparse_array(a if directed else undirected(a),
                                           create_using=nx.DiGraph if directed else nx.Graph)
            want = nx.pagerank(h, alpha=alpha, tol=tol, max_iter=1000, weight=None)
            got = emogi.pagerank(g, alpha, directed=d, tol=tol, max_iter=1000)
            assert got.dtype == np.float64
            assert np.allclose(got, [want[v] for v in range(a.shape[0])], atol=1e-9), kind


def test_pagerank_weighted_and_the_old_names():
    a = random_matrix(seed=6)
    h = nx.from_scipy_sparse_array(a, create_using=nx.DiGraph)
    want = nx.pagerank(h, alpha=0.9, tol=1e-12, max_iter=1000, weight="weight")
    got = emogi.pagerank(a, 0.9, tol=1e-12, max_iter=1000, weighted=True)
    assert np.allclose(got, [want[v] for v in range(a.shape[0])], atol=1e-9)
    # damping, tolerance (the total L1 change) and max_iterations: aliases
    n = a.shape[0]
    old = emogi.pagerank(a, damping=0.9, tolerance=1e-12 * n, max_iterations=1000,
                         weighted=True, method="jacobi")
    new = emogi.pagerank(a, alpha=0.9, tol=1e-12, max_iter=1000, weighted=True,
                         method="jacobi")
    assert np.array_equal(old, new)
    for both in ({"alpha": 0.8, "damping": 0.8}, {"tol": 1e-6, "tolerance": 1e-4},
                 {"max_iter": 5, "max_iterations": 5}):
        with pytest.raises(TypeError, match="not both"):
            emogi.pagerank(a, **both)
    for bad, word in (({"alpha": 1.0}, "alpha"), ({"tol": -1}, "tol"),
                      ({"max_iter": 0}, "max_iter")):
        with pytest.raises(ValueError, match=word):
            emogi.pagerank(a, **bad)


def test_in_memory_input_is_checked_and_kept_uncopied():
    a = random_matrix(seed=8)
    # int32 ids are handed over as they are: the result is the file's
    assert np.array_equal(emogi.bfs(a, 0), emogi.bfs(as_csr_file(a, True, "same"), 0))
    for bad, exc, word in ((np.zeros((3, 4)), ValueError, "square"),
                           (np.array([["a"]]), TypeError, "numbers"),
                           (scipy.sparse.csr_matrix((3, 5)), ValueError, "square"),
                           ("missing.csr", emogi.FormatError, "missing.csr"),
                           (42, TypeError, "g must be")):
        with pytest.raises(exc, match=word):
            emogi.bfs(bad, 0)
    neg = a.copy()
    neg.data[0] = -3
    with pytest.raises(ValueError, match="negative edge weight"):
        emogi.sssp(neg, 0)
    with pytest.raises(ValueError, match="directed=False, but .* is a directed graph"):
        emogi.bfs(as_csr_file(a, True, "dir"), 0, directed=False)
    with pytest.raises(TypeError, match="directed"):
        emogi.bfs(a, 0, directed="no")
    # dense: 0, inf and nan are no edge, as csgraph's null values
    d = np.array([[0, np.inf, 2.0], [np.nan, 0, 0], [0, 1.5, 0]])
    assert emogi.bfs(d, 0).tolist() == [0, 2, 1]


def test_graph_from_arrays_checks_as_a_file_does():
    """emogi_csr_from_arrays refuses what emogi_csr_open refuses."""
    import ctypes
    from emogi import _lib
    lib = _lib.lib()

    def check(offsets, neighbors, flags=0, nv=None):
        off = np.asarray(offsets, np.uint64)
        nbr = np.asarray(neighbors, np.uint32)
        c = _lib.CGraph(nv=len(off) - 1 if nv is None else nv, flags=flags, id_width=4)
        c.offsets, c.neighbors = off.ctypes.data, nbr.ctypes.data
        err = _lib.Error()
        return lib.emogi_csr_from_arrays(ctypes.byref(c), b"<test>", ctypes.byref(err)), \
            err.text(), c
    rc, msg, c = check([0, 2, 3, 3], [1, 2, 0], _lib.DIRECTED)
    assert rc == 0 and c.ne == 3, msg
    for offsets, neighbors, word in (([0, 2, 1, 3], [1, 2, 0], "offset"),
                                     ([0, 2, 3, 3], [2, 1, 0], "ascending"),
                                     ([0, 2, 3, 3], [1, 7, 0], "7")):
        rc, msg, _ = check(offsets, neighbors, _lib.DIRECTED)
        assert rc == -1 and msg.startswith("<test>:") and word in msg, (offsets, msg)
    rc, msg, _ = check([0, 1, 1], [1], _lib.DIRECTED | _lib.WEIGHTED)
    assert rc == -1 and "weight" in msg, msg
    rc, msg, _ = check([0, 1, 1], [1], _lib.COMPRESSED)
    assert rc == -1 and "compressed" in msg, msg


# ---- names and original ids ----

def test_sources_by_name_and_results_by_name():
    path = "people.csr"
    tool("emogi-convert", "csv", os.path.join(DATA, "people.csv"), path, "--header",
         "--string-ids", "--transpose", "-q")
    g = emogi.open(path)
    assert g.names is not None and all(isinstance(n, str) for n in g.names)
    assert g.ids is None  # names instead of ids
    assert "alice" in g.names
    # the graph as networkx sees it, names as nodes, read from the CSV itself
    import csv
    with open(os.path.join(DATA, "people.csv")) as f:
        rows = list(csv.reader(f))[1:]
    h = nx.DiGraph() if g.directed else nx.Graph()
    h.add_nodes_from(g.names)
    h.add_edges_from((r[0], r[1]) for r in rows)
    for name in g.names:
        depth = emogi.bfs(g, name)
        assert depth.tolist() == emogi.bfs(g, g.names.index(name)).tolist()
        want = nx.single_source_shortest_path_length(h, name)
        got = depth.to_dict()
        assert set(got) == set(g.names)
        assert {k: v for k, v in got.items() if v != emogi.UNREACHED} == want, name
        assert emogi.bfs(g, name.encode()).tolist() == depth.tolist()
    n, labels = emogi.cc(g)
    assert set(labels.to_dict()) == set(g.names)
    with pytest.raises(ValueError, match="not a name of the graph"):
        emogi.bfs(g, "mallory")
    with pytest.raises(ValueError, match="not a name of the graph"):
        emogi.bfs(g, 0, original_ids=True)  # no vertex is named "0"
    g2 = emogi.open(as_csr_file(random_matrix(seed=9), True, "plain"))
    with pytest.raises(ValueError, match="has no names"):
        emogi.bfs(g2, "alice")
    assert np.array_equal(g2.ids, np.arange(g2.nv))


def test_string_ids_that_are_numbers_by_input_id():
    """On a --string-ids graph an integer input id is the name it is written as."""
    with open("numbered.el", "w") as f:
        f.write("10 20\n20 30\n30 10\n40 10\n")
    tool("emogi-convert", "el", "numbered.el", "numbered.csr", "--string-ids", "-q")
    g = emogi.open("numbered.csr")
    assert sorted(g.names) == ["10", "20", "30", "40"]
    h = nx.read_edgelist("numbered.el", create_using=nx.DiGraph if g.directed else nx.Graph)
    want = nx.single_source_shortest_path_length(h, "40")
    for source in (40, "40", b"40"):
        depth = emogi.bfs(g, source, original_ids=True)
        assert {k: v for k, v in depth.to_dict().items() if v != emogi.UNREACHED} == want
    with pytest.raises(ValueError, match="not a name"):
        emogi.bfs(g, 50, original_ids=True)


def test_original_ids_key_the_results():
    with open("sparse.el", "w") as f:
        f.write("100 200\n200 300\n300 100\n7 100\n")
    tool("emogi-convert", "el", "sparse.el", "sparse.csr", "--relabel", "-q")
    g = emogi.open("sparse.csr")
    assert sorted(g.ids.tolist()) == [7, 100, 200, 300]
    depth = emogi.bfs(g, 7, original_ids=True)
    h = nx.read_edgelist("sparse.el", create_using=nx.DiGraph if g.directed else nx.Graph,
                         nodetype=int)
    want = nx.single_source_shortest_path_length(h, 7)
    assert {k: v for k, v in depth.to_dict().items() if v != emogi.UNREACHED} == want
    dist = emogi.sssp(g, 7, original_ids=True, unit_weights=True)
    assert {k: v for k, v in dist.to_dict().items() if v != emogi.SSSP_UNREACHED} == want


def test_networkx_nodes_key_sources_and_results():
    h = nx.les_miserables_graph()
    a = nx.to_scipy_sparse_array(h, nodelist=list(h), weight=None)
    depth = emogi.bfs(h, "Valjean")
    want = nx.single_source_shortest_path_length(h, "Valjean")
    assert depth.to_dict() == want
    dist = emogi.sssp(h, "Valjean")
    assert dist.to_dict() == nx.single_source_dijkstra_path_length(h, "Valjean")
    pr = emogi.pagerank(h, tol=1e-12, max_iter=1000)
    want = nx.pagerank(h, tol=1e-12, max_iter=1000, weight=None)
    assert all(abs(pr.to_dict()[k] - want[k]) < 1e-9 for k in want)
    with pytest.raises(ValueError, match="not a node"):
        emogi.bfs(h, "Javert2")
    assert np.array_equal(emogi.bfs(a, list(h).index("Valjean")), depth)
    with pytest.raises(ValueError, match="derived"):
        (depth + 1).to_dict()


# ---- the package itself ----

def test_version_is_the_librarys():
    out = tool("emogi-bfs", "--version")
    assert out.split()[-1] == emogi.__version__
    info = emogi.info()
    assert info["version"] == emogi.__version__
    assert info["backend"] in ("cpu", "cuda") and info["cpu_threads"] >= 1
    # without CUDA the library says so, and no GPU is counted
    if info["backend"] == "cpu":
        assert info["gpus"] == 0


def test_threads_come_from_the_library():
    before = emogi.info()["cpu_threads"]
    a = random_matrix(seed=10)
    assert np.array_equal(emogi.bfs(a, 0, threads=1), emogi.bfs(a, 0))
    assert emogi.info()["cpu_threads"] == before


def test_pip_wheel_holds_libemogi(tmp_path):
    """`pip wheel ./python` builds offline (the in-tree backend) a wheel with
    libemogi inside; installed without EMOGI_LIB it traverses a matrix."""

    # a copy of the sources (those of a release are read-only under distcheck),
    # the library this process loaded named for the backend
    src = str(tmp_path / "src" / "python")
    shutil.copytree(os.path.join(TOP, "python"), src,
                    ignore=shutil.ignore_patterns("__pycache__", "tests"))
    env = dict(os.environ, EMOGI_LIB=emogi._lib.lib()._name)
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-index",
                        "-w", str(tmp_path), src], capture_output=True, text=True, env=env)
    if r.returncode != 0 and "No module named pip" in r.stderr:
        pytest.skip("no pip for %s" % sys.executable)
    assert r.returncode == 0, r.stdout + r.stderr
    wheel, = [f for f in os.listdir(tmp_path) if f.endswith(".whl")]
    assert wheel.startswith("emogi-%s-py3-none-" % emogi.__version__), wheel
    with zipfile.ZipFile(tmp_path / wheel) as z:
        names = z.namelist()
        assert "emogi/libemogi.so.0" in names and "emogi/algorithms.py" in names
        assert z.testzip() is None
    site = tmp_path / "site"
    with zipfile.ZipFile(tmp_path / wheel) as z:
        z.extractall(site)
    os.chmod(site / "emogi" / "libemogi.so.0", 0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("EMOGI_LIB", "PYTHONPATH")}
    env["PYTHONPATH"] = str(site)
    code = ("import emogi, numpy as np; print(emogi._lib.lib()._name); "
            "print(emogi.bfs(np.array([[0, 1, 0], [0, 0, 1], [0, 0, 0]]), 0).tolist())")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=str(tmp_path),
                         capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == str(site / "emogi" / "libemogi.so.0"), out
    assert out[1] == "[0, 1, 2]", out


def test_bfs_progress_bar_counts_the_vertices_found(monkeypatch):
    """progress=True moves a tqdm bar by each level's finds (libemogi's
    level_done); a stand-in for tqdm records them."""
    import types
    bars = []

    class Bar:
        def __init__(self, total, **kw):
            self.total, self.done, self.closed = total, 0, False
            bars.append(self)

        def update(self, n):
            self.done += n

        def close(self):
            self.closed = True
    auto = types.ModuleType("tqdm.auto")
    auto.tqdm = Bar
    monkeypatch.setitem(sys.modules, "tqdm", types.ModuleType("tqdm"))
    monkeypatch.setitem(sys.modules, "tqdm.auto", auto)
    a = random_matrix(seed=12)
    depth = emogi.bfs(a, 0, progress=True)
    reached = int(np.count_nonzero(depth != emogi.UNREACHED))
    bar, = bars
    assert bar.total == a.shape[0] and bar.closed and bar.done in (reached, reached - 1), \
        (bar.done, reached)
    assert np.array_equal(emogi.bfs(a, 0, progress=False), depth) and len(bars) == 1
    emogi.bfs(a, 0)  # None: a small graph shows none
    assert len(bars) == 1
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    with pytest.raises(ValueError, match="needs tqdm"):
        emogi.bfs(a, 0, progress=True)
    with pytest.raises(TypeError, match="progress"):
        emogi.bfs(a, 0, progress="yes")
