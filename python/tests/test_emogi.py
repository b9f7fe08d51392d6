"""Tests of the emogi Python package against the tools, for pytest.

Results are checked against the tools (byte for byte) and against networkx,
an independent implementation, on small graphs.  The tools come from
EMOGI_BIN, the data from top_srcdir (both default to the source tree
around this folder, built in place); tests run in one working folder of
their own (conftest.py), later tests reading what earlier ones converted.
tests/python.sh runs them, and test_csgraph.py, under `make check`.
"""
import ctypes
import os
import shutil
import stat
import subprocess
import sys
import zlib

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import emogi  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("EMOGI_BIN") or TOP
DATA = os.path.join(os.environ.get("top_srcdir") or TOP, "tests", "data")
try:
    import scipy.sparse
except ImportError:
    scipy = None
try:
    import networkx as nx
except ImportError:
    nx = None

needs_scipy = pytest.mark.skipif(scipy is None, reason="scipy not installed")
needs_networkx = pytest.mark.skipif(nx is None, reason="networkx not installed")


def gpu_probe():
    """None when a CUDA device is usable, else why not (tests/lib/gpu_probe)."""
    r = subprocess.run([os.path.join(BIN, "tests", "lib", "gpu_probe")], capture_output=True,
                       text=True)
    return None if r.returncode == 0 else (r.stdout + r.stderr).strip() or "no CUDA device"


_NO_GPU = gpu_probe()
needs_gpu = pytest.mark.skipif(_NO_GPU is not None, reason="no CUDA device: %s" % _NO_GPU)


def tool(name, *args):
    # The package runs the CPU kernels; the tools would pick a GPU where there
    # is one, whose PageRank sums in another order.
    cpu = ["--device", "cpu"] if name != "emogi-convert" and name != "emogi-info" else []
    subprocess.run([os.path.join(BIN, name)] + cpu + [str(a) for a in args], check=True,
                   stdout=subprocess.DEVNULL)


def convert(fmt, src, out, *opts):
    tool("emogi-convert", fmt, src, out, "-q", *opts)
    return emogi.open(out)


def write_lines(path, rows):
    with open(path, "w") as f:
        f.writelines(" ".join(str(x) for x in r) + "\n" for r in rows)
    return path


def nx_from_csr(g):
    """A networkx graph built from the file's arrays by hand (not to_networkx)."""
    h = nx.DiGraph() if g.directed else nx.Graph()
    h.add_nodes_from(range(g.nv))
    for u in range(g.nv):
        for i in range(int(g.offsets[u]), int(g.offsets[u + 1])):
            w = float(g.weights[i]) if g.weighted else 1.0
            h.add_edge(u, int(g.neighbors[i]), weight=w)
    return h


def karate_nx():
    """Zachary's karate club read from the .mtx itself, independently of emogi."""
    h = nx.Graph()
    h.add_nodes_from(range(34))
    rows = [l.split() for l in open(os.path.join(DATA, "karate.mtx")) if not l.startswith("%")]
    for r, c in rows[1:]:
        h.add_edge(int(r) - 1, int(c) - 1)
    return h


def directed_graph():
    """Directed, with vertices 7..9 unreachable from 0 and a dangling vertex 6."""
    edges = [(0, 1), (0, 2), (1, 3), (2, 3), (3, 4), (4, 1), (4, 5), (5, 6), (2, 6),
             (7, 8), (8, 9), (9, 7), (9, 0)]
    write_lines("dir.el", edges)
    return convert("el", "dir.el", "dir.csr", "--directed", "--transpose")


def weighted_graph(kind):
    rng = np.random.default_rng(16)
    n, m = 60, 240
    edges = set()
    while len(edges) < m:
        u, v = (int(x) for x in rng.integers(0, n, 2))
        if u != v:
            edges.add((u, v))
    rows = []
    for u, v in sorted(edges):
        w = int(rng.integers(1, 20)) if kind == "int" else round(float(rng.uniform(0.1, 9)), 3)
        rows.append((u, v, w))
    write_lines("w.wel", rows)
    return convert("wel", "w.wel", "w-%s.csr" % kind, "--directed", "--transpose")


def dist_array(lengths, n, unreached, dtype):
    out = np.full(n, unreached, dtype=dtype)
    for v, d in lengths.items():
        out[v] = d
    return out


# ---- cnr-2000: the README's example, against the tools byte for byte ----

def test_cnr_bfs_matches_tool():
    g = convert("webgraph", os.path.join(DATA, "webgraph", "cnr-2000"), "cnr.csr",
                "--undirected")
    assert g.nv == 325557 and g.ne == 5477938
    depth = emogi.bfs(g, 0)
    tool("emogi-bfs", "cnr.csr", "-s", 0, "-o", "cnr-bfs.bin")
    with open("cnr-bfs.bin", "rb") as f:
        assert depth.tobytes() == f.read(), "emogi.bfs differs from emogi-bfs"
    assert depth.dtype == np.uint32


def test_cnr_cc_pagerank_match_tools():
    g = emogi.open("cnr.csr")
    tool("emogi-cc", "cnr.csr", "-o", "cnr-cc.bin")
    assert np.array_equal(emogi.cc_labels(g), emogi.read_result("cnr-cc.bin", g, "cc"))
    tool("emogi-pagerank", "cnr.csr", "--method", "jacobi", "-o", "cnr-pr.bin")
    rank, st = emogi.pagerank(g, method="jacobi", stats=True)
    assert st["edges_examined"] == st["iterations"] * g.ne, st
    assert st["link_bytes"] == st["devmem_bytes"] == 0, st  # the GPU's figures
    with open("cnr-pr.bin", "rb") as f:
        assert rank.tobytes() == f.read(), "jacobi PageRank differs from the tool's"


# ---- compressed neighbour lists (emogi-convert --compress) ----

def assert_same_lists(plain, packed, what):
    """The compressed file PACKED holds the lists of the plain file PLAIN."""
    assert not plain.compressed and packed.compressed, what
    assert plain.coffsets is None and packed.coffsets is not None, what
    assert (packed.nv, packed.ne, packed.flags & ~16) == (plain.nv, plain.ne, plain.flags), what
    assert packed.cneighbors.dtype == np.uint8 and len(packed.coffsets) == packed.nv + 1, what
    # the lists do shrink: not a plain copy under another name
    assert packed.coffsets[-1] == len(packed.cneighbors) < plain.ne * plain.id_width, what
    assert np.array_equal(packed.offsets, plain.offsets), what
    assert packed.neighbors.dtype == plain.neighbors.dtype, what
    assert np.array_equal(packed.neighbors, plain.neighbors), what + " neighbors"
    assert np.array_equal(packed.degree(), plain.degree()), what
    if plain.has_transpose:
        assert packed.t_coffsets is not None and np.array_equal(packed.t_offsets, plain.t_offsets)
        assert np.array_equal(packed.t_neighbors, plain.t_neighbors), what + " t_neighbors"
    else:
        assert packed.t_coffsets is None and packed.t_neighbors is None, what
    if plain.weighted:
        assert np.array_equal(packed.weights, plain.weights), what


def assert_same_results(plain, packed, sources, what):
    """Every traversal gives on PACKED what it gives on PLAIN, decoding nothing."""
    for s in sources:
        got, want = emogi.bfs(packed, s, parents=True), emogi.bfs(plain, s, parents=True)
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1]), \
            "%s: bfs from %d" % (what, s)
        assert np.array_equal(emogi.sssp(packed, s, unit_weights=not plain.weighted),
                              emogi.sssp(plain, s, unit_weights=not plain.weighted)), \
            "%s: sssp from %d" % (what, s)
    assert np.array_equal(emogi.cc_labels(packed), emogi.cc_labels(plain)), what + ": cc"
    for method in ("jacobi", "gauss-seidel"):
        got = emogi.pagerank(packed, method=method, tolerance=1e-10, max_iterations=1000)
        want = emogi.pagerank(plain, method=method, tolerance=1e-10, max_iterations=1000)
        assert np.abs(got - want).sum() < 1e-8, "%s: %s pagerank" % (what, method)
    assert packed._neighbors is None and packed._t_neighbors is None, \
        what + ": a traversal decoded the lists"


def test_compressed_cnr_matches_plain():
    plain = emogi.open("cnr.csr")  # written by cnr_bfs_matches_tool
    tool("emogi-convert", "csr", "cnr.csr", "cnr-c.csr", "-q", "--compress")
    packed = emogi.open("cnr-c.csr")
    assert_same_results(plain, packed, (0, 1000), "cnr")
    assert_same_lists(plain, packed, "cnr")


def test_compressed_kron_matches_plain():
    for opts in (("--undirected",), ("--directed", "--transpose", "--weights", "random:1:255")):
        tool("emogi-convert", "kron", "-s", 10, "-e", 8, "-q", *opts, "kron.csr")
        tool("emogi-convert", "kron", "-s", 10, "-e", 8, "-q", "--compress", *opts, "kron-c.csr")
        plain, packed = emogi.open("kron.csr"), emogi.open("kron-c.csr")
        what = "kron " + " ".join(opts)
        assert_same_results(plain, packed, (0, 1, 517), what)
        assert_same_lists(plain, packed, what)
        if plain.weighted:
            assert np.array_equal(packed.t_weights, plain.t_weights), what


@needs_scipy
@needs_networkx
def test_compressed_to_scipy_and_networkx():
    g = directed_graph()
    tool("emogi-convert", "csr", "dir.csr", "dir-c.csr", "-q", "--compress")
    with emogi.open("dir-c.csr") as c:
        pass  # closed before its lists are first read: they decode from the memmaps
    assert c.compressed and list(c.neighbors) == [1, 2, 3, 3, 6, 4, 1, 5, 6, 8, 9, 0, 7]
    assert list(c.t_neighbors) == [9, 0, 4, 0, 1, 2, 3, 4, 2, 5, 9, 7, 8]
    assert (c.to_scipy() != g.to_scipy()).nnz == 0
    assert sorted(c.to_networkx().edges()) == sorted(g.to_networkx().edges())


# ---- against networkx ----

@needs_networkx
@needs_scipy
def test_karate_all_algorithms():
    g = convert("mtx", os.path.join(DATA, "karate.mtx"), "karate.csr")
    h = karate_nx()
    assert (g.nv, g.ne // 2, g.directed) == (34, h.number_of_edges(), False)
    for s in (0, 16, 33):
        want = dist_array(nx.single_source_shortest_path_length(h, s), 34, 0xFFFFFFFF, np.uint32)
        assert np.array_equal(emogi.bfs(g, s), want), "bfs from %d" % s
        want = dist_array(nx.single_source_shortest_path_length(h, s), 34, 2**64 - 1, np.uint64)
        assert np.array_equal(emogi.sssp(g, s, unit_weights=True), want), "sssp from %d" % s
    assert np.array_equal(emogi.cc_labels(g), np.zeros(34, dtype=np.uint32))
    n, labels = emogi.cc(g)
    assert n == 1 and labels.dtype == np.int32 and not labels.any()
    check_pagerank(g, h)
    assert np.array_equal(emogi.degree(g) if hasattr(emogi, "degree") else g.degree(),
                          np.array([h.degree(v) for v in range(34)]))


def check_pagerank(g, h):
    n = g.nv
    want = nx.pagerank(h, alpha=0.85, tol=1e-12, max_iter=1000, weight=None)
    want = np.array([want[v] for v in range(n)])
    for method in ("jacobi", "gauss-seidel"):
        # emogi's tolerance is the total L1 change: networkx's tol times n
        got = emogi.pagerank(g, damping=0.85, tolerance=1e-12 * n, max_iterations=1000,
                             method=method)
        assert got.dtype == np.float64
        assert np.abs(got - want).sum() < 1e-9, "%s: L1 %g" % (method, np.abs(got - want).sum())
    # the default tolerance 1e-4 leaves the result within d/(1-d)*1e-4 in L1
    got = emogi.pagerank(g, precision="float32")
    assert got.dtype == np.float32 and np.abs(got - want).sum() < 0.85 / 0.15 * 1e-4 + 1e-6


@needs_networkx
@needs_scipy
def test_directed_unreachable():
    g = directed_graph()
    h = nx_from_csr(g)
    for s in (0, 7, 6):
        want = dist_array(nx.single_source_shortest_path_length(h, s), g.nv, 0xFFFFFFFF,
                          np.uint32)
        assert np.array_equal(emogi.bfs(g, s), want), "bfs from %d" % s
    depth, parent = emogi.bfs(g, 0, parents=True)
    assert parent[0] == 0 and all(parent[v] == emogi.NO_PARENT for v in (7, 8, 9))
    for v in range(1, 7):
        assert h.has_edge(int(parent[v]), v) and depth[parent[v]] + 1 == depth[v]
    labels = np.zeros(g.nv, dtype=np.uint32)
    for comp in nx.weakly_connected_components(h):
        labels[list(comp)] = min(comp)
    assert np.array_equal(emogi.cc_labels(g), labels)
    write_lines("two.el", [(0, 1), (2, 3), (3, 2)])
    g2 = convert("el", "two.el", "two.csr", "--directed", "--transpose")
    assert list(emogi.cc_labels(g2)) == [0, 0, 2, 2]
    n, labels = emogi.cc(g2)
    assert n == 2 and list(labels) == [0, 0, 1, 1]
    (_, _), st = emogi.cc(g2, stats=True)
    assert st["link_bytes"] == st["devmem_bytes"] == 0, st  # the GPU's figures
    # from 2: vertices 2 and 3, one stored out-edge each
    _, st = emogi.bfs(g2, 2, stats=True)
    assert (st["reached"], st["reached_edges"]) == (2, 2), st
    # from 2 only the lists of 2 and 3 are read (one entry each), not 0's
    _, st = emogi.sssp(g2, 2, unit_weights=True, stats=True)
    assert (st["edges_examined"], st["edges_relaxed"]) == (2, 2), st
    assert st["link_bytes"] == st["devmem_bytes"] == 0, st  # the GPU's figures
    check_pagerank(g, h)


@needs_networkx
def test_weighted_sssp():
    for kind in ("int", "float"):
        g = weighted_graph(kind)
        assert g.weight_type == ("uint32" if kind == "int" else "float32")
        h = nx_from_csr(g)
        for s in (0, 5, 31):
            want = nx.single_source_dijkstra_path_length(h, s, weight="weight")
            got = emogi.sssp(g, s)
            if kind == "int":
                assert np.array_equal(got, dist_array(want, g.nv, 2**64 - 1, np.uint64))
            else:
                assert got.dtype == np.float32
                ref = dist_array(want, g.nv, np.inf, np.float64)
                assert np.array_equal(np.isinf(got), np.isinf(ref))
                assert np.allclose(got[np.isfinite(ref)], ref[np.isfinite(ref)], rtol=1e-5)
        unit = nx.single_source_shortest_path_length(h, 0)
        assert np.array_equal(emogi.sssp(g, 0, unit_weights=True),
                              dist_array(unit, g.nv, 2**64 - 1, np.uint64))


def weighted_dangling_graph():
    """Directed, uneven weights: 3's one out-edge weighs 0 (dangling by
    weight), 5 has no out-edges, 4 no in-edges, 6 no edges at all."""
    rows = [(0, 1, 1), (0, 2, 3), (1, 2, 2), (2, 0, 1), (2, 3, 5), (3, 1, 0), (4, 2, 7),
            (1, 4, 4), (1, 5, 9), (0, 5, 0.5)]
    write_lines("wd.wel", rows)
    return convert("wel", "wd.wel", "wd.csr", "--directed", "--vertices", 7)


def weighted_undirected_graph():
    """Undirected, each edge given once (a pair given both ways would have
    its weights combined), with a pendant path and an isolated vertex."""
    rows = [(0, 1, 1), (0, 2, 3), (1, 2, 2), (2, 3, 10), (3, 4, 0.25), (4, 5, 2), (1, 6, 0.5)]
    write_lines("wu.wel", rows)
    return convert("wel", "wu.wel", "wu.csr", "--undirected", "--vertices", 8)


@needs_networkx
@needs_scipy
def test_weighted_pagerank_against_networkx():
    graphs = [weighted_dangling_graph(), weighted_undirected_graph(),
              weighted_graph("int"), weighted_graph("float")]
    tool("emogi-convert", "csr", "wd.csr", "wd-c.csr", "-q", "--compress", "--transpose")
    graphs.append(emogi.open("wd-c.csr"))
    for g in graphs:
        h, n = nx_from_csr(g), g.nv
        assert h.is_directed() == g.directed
        for weighted in (True, False):
            want = nx.pagerank(h, alpha=0.85, tol=1e-13, max_iter=1000,
                               weight="weight" if weighted else None)
            want = np.array([want[v] for v in range(n)])
            for method in ("jacobi", "gauss-seidel"):
                # emogi's tolerance is the total L1 change: networkx's tol times n
                got = emogi.pagerank(g, tolerance=1e-13 * n, max_iterations=1000,
                                     method=method, weighted=weighted)
                l1 = np.abs(got - want).sum()
                assert l1 < 1e-10, "%s %s weighted=%s: L1 %g" % (g.path, method, weighted, l1)
            # the default tolerance: within d/(1-d) * 1e-4 in L1
            got = emogi.pagerank(g, weighted=weighted)
            assert np.abs(got - want).sum() < 0.85 / 0.15 * 1e-4
    # the weights matter here: the weighted and unweighted ranks differ
    g = graphs[0]
    assert np.abs(emogi.pagerank(g, weighted=True) - emogi.pagerank(g)).sum() > 0.1
    # the package's ranks are the tool's, byte for byte
    tool("emogi-pagerank", "wd.csr", "--weighted", "--method", "jacobi", "-o", "wd-pr.bin")
    with open("wd-pr.bin", "rb") as f:
        assert emogi.pagerank(g, weighted=True, method="jacobi").tobytes() == f.read()
    plain = directed_graph()
    try:
        emogi.pagerank(plain, weighted=True)
        raise AssertionError("weighted=True accepted on a graph without weights")
    except emogi.EmogiError as e:
        assert "no weights" in str(e), str(e)


# ---- emogi.write and scipy ----

@needs_scipy
def test_scipy_round_trips():
    rng = np.random.default_rng(7)
    a = scipy.sparse.random(50, 50, density=0.08, format="csr", random_state=1)
    b = a.copy()
    b.data = rng.integers(1, 1000, len(b.data)).astype(np.int64)
    c = a.copy()
    c.data[:] = 1
    s = (a + a.T).tocsr()
    for name, m, directed, wtype in (("float", a, True, "float32"), ("int", b, True, "uint32"),
                                     ("pattern", c, True, None), ("sym", s, False, "float32")):
        path = "rt-%s.csr" % name
        emogi.write(path, matrix=m, directed=directed)
        tool("emogi-info", "--verify", path)
        g = emogi.open(path)
        assert (g.nv, g.ne, g.directed, g.weight_type) == (50, m.nnz, directed, wtype), name
        back = g.to_scipy()
        want = m.astype(np.float32) if wtype == "float32" else m
        assert (back != want).nnz == 0, name
        assert g.has_transpose == directed
        if directed:
            t = scipy.sparse.csr_matrix((np.ones(g.ne), g.t_neighbors.astype(np.int64),
                                         g.t_offsets.astype(np.int64)), shape=(50, 50))
            assert (t != (m != 0).T.astype(np.float64)).nnz == 0, name + " transpose"
    try:
        emogi.write("bad.csr", matrix=a, directed=False)
        raise AssertionError("an asymmetric undirected matrix was accepted")
    except ValueError:
        assert not os.path.exists("bad.csr")


def test_write_matches_convert():
    edges = [(3, 1), (0, 2), (1, 0), (2, 3), (0, 1), (4, 4)]
    write_lines("small.el", edges)
    for opts, directed in ((("--directed", "--transpose", "--keep-self-loops"), True),
                           (("--undirected", "--keep-self-loops", "--keep-duplicates"), False)):
        ref = convert("el", "small.el", "conv.csr", *opts)
        emogi.write("mine.csr", edges=np.array(edges), directed=directed,
                    provenance=ref.provenance)
        with open("conv.csr", "rb") as f1, open("mine.csr", "rb") as f2:
            assert f1.read() == f2.read(), "emogi.write differs from emogi-convert %s" % (opts,)
    emogi.write("arr.csr", [0, 2, 3, 3], [2, 1, 0], weights=[5, 6, 7], idmap=[10, 20, 30])
    g = emogi.open("arr.csr")
    assert list(g.neighbors) == [1, 2, 0] and list(g.weights) == [6, 5, 7]
    assert list(g.idmap) == [10, 20, 30] and g.provenance is None
    tool("emogi-info", "--verify", "arr.csr")


def test_write_compressed_matches_convert():
    rng = np.random.default_rng(16)
    n = 3000
    # a hub of degree 2500 (a skip index past 32 blocks), random edges, an isolated vertex
    hub = [(7, int(v)) for v in rng.choice(np.arange(8, n - 1), 2500, replace=False)]
    rnd = [tuple(int(x) for x in rng.integers(0, n - 1, 2)) for _ in range(20000)]
    edges = np.array(sorted(set(hub + rnd)))
    weights = rng.integers(1, 100, len(edges))
    cases = [("dir", dict(directed=True, weights=weights)),
             ("und", dict(directed=False)),
             ("dir8", dict(directed=True, transpose=False, id_width=8))]
    for name, kw in cases:
        emogi.write(name + ".csr", edges=edges, nv=n, **kw)
        tool("emogi-convert", "csr", name + ".csr", name + "-conv.csr", "-q", "--compress")
        conv = emogi.open(name + "-conv.csr")
        emogi.write(name + "-mine.csr", edges=edges, nv=n, compress=True,
                    provenance=conv.provenance, **kw)
        with open(name + "-conv.csr", "rb") as f1, open(name + "-mine.csr", "rb") as f2:
            assert f1.read() == f2.read(), "emogi.write(compress=True) differs from " \
                "emogi-convert csr --compress: " + name
        tool("emogi-info", "--verify", name + "-mine.csr")
        mine = emogi.open(name + "-mine.csr")
        assert mine.compressed and mine.nv == n
        for s in (7, 0):
            tool("emogi-bfs", name + ".csr", "-s", s, "-o", "plain.bin")
            tool("emogi-bfs", name + "-mine.csr", "-s", s, "-o", "mine.bin")
            with open("plain.bin", "rb") as f1, open("mine.bin", "rb") as f2:
                assert f1.read() == f2.read(), "bfs depths differ: %s from %d" % (name, s)


def snapshot(folder):
    """What FOLDER holds: each entry's kind, with a link's target, a regular
    file's size and crc32, a device's number."""
    out = {}
    for root, dirs, files in os.walk(folder):
        for name in sorted(dirs + files):
            path = os.path.join(root, name)
            st = os.lstat(path)
            rel = os.path.relpath(path, folder)
            if stat.S_ISLNK(st.st_mode):
                out[rel] = ("link", os.readlink(path))
            elif stat.S_ISREG(st.st_mode):
                with open(path, "rb") as f:
                    data = f.read()
                out[rel] = ("file", len(data), zlib.crc32(data))
            elif stat.S_ISFIFO(st.st_mode):
                out[rel] = ("fifo",)
            elif stat.S_ISCHR(st.st_mode):
                out[rel] = ("chr", st.st_rdev)
            else:
                out[rel] = ("dir",) if stat.S_ISDIR(st.st_mode) else ("other", st.st_mode)
    return out


def output_kinds(base):
    """The outputs a tool may be given, each a function that sets one up in
    a fresh folder and returns the path to write; as root, a character
    device of the folder's own (the null device's number)."""
    def regular(d):
        write_lines(os.path.join(d, "out.csr"), [("old",)])
        return "out.csr"

    def link(d):
        write_lines(os.path.join(d, "target.csr"), [("old",)])
        os.symlink("target.csr", os.path.join(d, "out.csr"))
        return "out.csr"

    def dangling(d):
        os.symlink("nowhere.csr", os.path.join(d, "out.csr"))
        return "out.csr"

    def fifo(d):
        os.mkfifo(os.path.join(d, "out.csr"))
        return "out.csr"

    def null_link(d):
        os.symlink(os.devnull, os.path.join(d, "out.csr"))
        return "out.csr"

    def folder(d):
        os.mkdir(os.path.join(d, "out.csr"))
        return "out.csr"

    def missing_folder(d):
        return os.path.join("missing", "out.csr")

    def device(d):
        path = os.path.join(d, "null")
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        os.close(os.open(path, os.O_WRONLY))  # a file system mounted nodev refuses it
        return "null"

    kinds = [regular, link, dangling, fifo, null_link, folder, missing_folder]
    try:
        device(base)
        kinds.append(device)
    except OSError:
        pass
    return kinds


def write_into(folder, how, out):
    """Run HOW(out) in FOLDER with a reader on a FIFO there: (None or the
    error's message, the bytes the reader got)."""
    here = os.getcwd()
    os.chdir(folder)
    reader = None
    try:
        if os.path.exists(out) and stat.S_ISFIFO(os.stat(out).st_mode):
            reader = subprocess.Popen(["cat", out], stdout=subprocess.PIPE)
        try:
            how(out)
            error = None
        except Exception as e:  # the tool's exit status 1 or the package's exception
            error = str(e)
        got = b""
        if reader is not None:
            try:
                got = reader.communicate(timeout=10)[0]
            except subprocess.TimeoutExpired:  # nothing opened the FIFO: the reader waits
                reader.kill()
                got = reader.communicate()[0]
        return error, got
    finally:
        os.chdir(here)


def test_write_outputs_as_the_tools():
    """emogi.write treats every kind of output as emogi-convert does: a
    regular file or a link's target replaced (the link kept), a FIFO or a
    device written in place, a folder or a missing folder refused."""
    edges = [(0, 1), (1, 2), (2, 0), (2, 3)]
    base = os.path.abspath("outputs")
    os.mkdir(base)
    el = write_lines(os.path.join(base, "in.el"), edges)
    opts = ("--directed", "--transpose", "--no-provenance")  # no date: the same bytes each time
    ref = convert("el", el, os.path.join(base, "ref.csr"), *opts)
    with open(ref.path, "rb") as f:
        want = f.read()
    convert_bin = os.path.join(os.path.abspath(BIN), "emogi-convert")

    def tool_writes(out):
        r = subprocess.run([convert_bin, "el", el, out, "-q"] + list(opts),
                           capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError(r.stderr.strip().replace("emogi-convert: ", "", 1))

    def package_writes(out):
        emogi.write(out, edges=edges)

    wrong = []
    for kind in output_kinds(base):
        tool_dir, mine_dir = (os.path.join(base, kind.__name__ + s) for s in ("-tool", "-mine"))
        os.mkdir(tool_dir)
        os.mkdir(mine_dir)
        out = kind(tool_dir)
        kind(mine_dir)
        tool_error, tool_got = write_into(tool_dir, tool_writes, out)
        error, got = write_into(mine_dir, package_writes, out)
        what = "%s (%s)" % (kind.__name__, out)
        if (error is None) != (tool_error is None):
            wrong.append("%s: emogi-convert: %s; emogi.write: %s" % (what, tool_error, error))
        elif error is not None and not (error.startswith(out + ": ") and
                                        error.split(": ")[-1] == tool_error.split(": ")[-1]):
            wrong.append("%s: emogi.write says %r, emogi-convert %r" % (what, error, tool_error))
        if got != tool_got or (kind.__name__ == "fifo" and got != want):
            wrong.append("%s: the reader got %d bytes, emogi-convert gave it %d" % (
                what, len(got), len(tool_got)))
        if snapshot(mine_dir) != snapshot(tool_dir):
            wrong.append("%s: emogi.write left %r, emogi-convert %r" % (
                what, sorted(snapshot(mine_dir).items()), sorted(snapshot(tool_dir).items())))
    assert not wrong, "\n".join(wrong)
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    # standard output, "-" or its file's name: written at its position, a terminal refused
    code = ("import sys; sys.path.insert(0, %r); import emogi; emogi.write(%%r, edges=%r)"
            % (os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."), edges))
    for out in ("-", "stdout.csr"):
        with open(os.path.join(base, "stdout.csr"), "wb") as f:
            f.write(b"before")
            f.flush()
            subprocess.run([sys.executable, "-c", code % out], stdout=f, check=True,
                           cwd=base)
        with open(os.path.join(base, "stdout.csr"), "rb") as f:
            assert f.read() == b"before" + want, out
        assert not os.path.exists(os.path.join(base, "-"))
    import pty
    master, slave = pty.openpty()
    r = subprocess.run([sys.executable, "-c", code % "-"], stdout=slave, stderr=subprocess.PIPE,
                       text=True, cwd=base)
    os.close(slave)
    os.close(master)
    assert r.returncode == 1 and "standard output is a terminal" in r.stderr, r.stderr
    assert not os.path.exists(os.path.join(base, "-"))


# ---- read_result, errors ----

def test_read_result_dtypes():
    g = directed_graph()
    tool("emogi-bfs", "dir.csr", "-s", 0, "-o", "d.bin", "--parents", "p.bin")
    assert emogi.read_result("d.bin", g, "bfs").dtype == np.uint32
    got = emogi.read_result("p.bin", "dir.csr", "parents")
    assert got.dtype == np.uint64 and np.array_equal(got, emogi.bfs(g, 0, parents=True)[1])
    for kind, want in (("int", np.uint64), ("float", np.float32)):
        gw = weighted_graph(kind)
        tool("emogi-sssp", gw.path, "-s", 0, "-o", "s.bin")
        got = emogi.read_result("s.bin", gw, "sssp")
        assert got.dtype == want and np.array_equal(got, emogi.sssp(gw, 0))
    tool("emogi-sssp", gw.path, "-s", 0, "--unit-weights", "-o", "u.bin")
    got = emogi.read_result("u.bin", gw, "sssp")
    assert got.dtype == np.uint64 and np.array_equal(got, emogi.sssp(gw, 0, unit_weights=True))
    for width, want in ((4, np.uint32), (8, np.uint64)):
        g8 = convert("el", "dir.el", "id%d.csr" % width, "--transpose", "--id-width", width)
        tool("emogi-cc", g8.path, "-o", "c.bin")
        got = emogi.read_result("c.bin", g8, "cc")
        assert got.dtype == want and np.array_equal(got, emogi.cc_labels(g8)) and emogi.cc_labels(g8).dtype == want
    for prec, want in (("float64", np.float64), ("float32", np.float32)):
        tool("emogi-pagerank", "dir.csr", "--precision", prec, "--method", "jacobi", "-o", "r.bin")
        got = emogi.read_result("r.bin", g, "pagerank")
        assert got.dtype == want
        assert np.array_equal(got, emogi.pagerank(g, precision=prec, method="jacobi"))
    try:
        emogi.read_result("d.bin", g, "parents")
        raise AssertionError("a depth file read as parents")
    except ValueError as e:
        assert "d.bin" in str(e)


def test_read_result_npy():
    g = directed_graph()
    tool("emogi-bfs", "dir.csr", "-s", 0, "-o", "d.npy", "--parents", "p.npy")
    got = emogi.read_result("d.npy", g, "bfs")
    assert got.dtype == np.uint32 and np.array_equal(got, emogi.bfs(g, 0))
    got = emogi.read_result("p.npy", "dir.csr", "parents")
    assert got.dtype == np.uint64 and np.array_equal(got, emogi.bfs(g, 0, parents=True)[1])
    tool("emogi-pagerank", "dir.csr", "--precision", "float32", "--method", "jacobi", "-o", "r.npy")
    got = emogi.read_result("r.npy", g, "pagerank")
    assert got.dtype == np.float32
    assert np.array_equal(got, emogi.pagerank(g, precision="float32", method="jacobi"))
    for name, arr in (("wrong-dtype.npy", np.zeros(g.nv, "<i4")),
                      ("wrong-shape.npy", np.zeros(g.nv + 1, "<u4"))):
        np.save(name, arr)
        try:
            emogi.read_result(name, g, "bfs")
            raise AssertionError(name + " read as depths")
        except ValueError as e:
            assert name in str(e), str(e)


def test_errors_carry_the_library_message():
    g = directed_graph()
    data = bytearray(open("dir.csr", "rb").read())
    with open("short.csr", "wb") as f:
        f.write(data[:4096 + 100])
    for path in ("short.csr", "missing.csr"):
        try:
            emogi.open(path)
            raise AssertionError(path + " opened")
        except emogi.FormatError as e:
            assert path in str(e), str(e)
    data[g.neighbors.offset + 4] ^= 0xFF  # a neighbour id: only the crc32 sees it
    with open("crc.csr", "wb") as f:
        f.write(data)
    try:
        bad = emogi.open("crc.csr")
        bad.verify()
        raise AssertionError("damaged neighbors passed")
    except emogi.FormatError as e:
        assert "crc.csr" in str(e), str(e)
    try:
        emogi.bfs(g, 10)
        raise AssertionError("source 10 of 10 vertices accepted")
    except ValueError as e:
        assert "dir.csr" in str(e) and "out of range" in str(e), str(e)
    try:
        emogi.sssp(g, 0)
        raise AssertionError("sssp without weights accepted")
    except emogi.EmogiError as e:
        assert "no weights" in str(e), str(e)
    if gpu_probe() is not None:  # no GPU here: the library says so
        try:
            emogi.bfs(g, 0, device="gpu")
            raise AssertionError("device=gpu accepted")
        except emogi.EmogiError:
            pass
    write_lines("nt.el", [(0, 1)])
    try:
        emogi.cc(convert("el", "nt.el", "nt.csr", "--directed"))
        raise AssertionError("cc on a directed graph without transpose")
    except emogi.EmogiError as e:
        assert "transpose" in str(e), str(e)


def c_array(ptr, dtype, count):
    """COUNT entries at the address PTR (libemogi's mapping) as a numpy array."""
    dtype = np.dtype(dtype)
    return np.frombuffer((ctypes.c_ubyte * (count * dtype.itemsize)).from_address(ptr), dtype)


def test_open_maps_what_it_validated():
    """emogi.open maps the file libemogi validated, not whatever the path names
    by then: another file renamed over the path between the two (as another
    process may) changes nothing, or, where no name reaches the open
    descriptor, is refused."""
    from emogi import _lib, csr
    emogi.write("race-a.csr", [0, 1, 2, 3], [1, 2, 0], weights=[1, 2, 3])
    emogi.write("race-b.csr", [0, 1, 2, 3], [2, 0, 1], weights=[7, 8, 9])
    size = os.path.getsize("race-a.csr")
    assert os.path.getsize("race-b.csr") == size
    with open("race-junk.csr", "wb") as f:  # ids out of range: validation would refuse it
        f.write(b"\xff" * size)
    lib = _lib.lib()
    real_open, real_name = lib.emogi_csr_open, getattr(csr, "_fd_name", None)
    for replacement in ("race-b.csr", "race-junk.csr"):
        for when in ("after", "before"):  # libemogi opens it
            for by_name in (True, False):  # a name for the descriptor, or none
                what = "%s renamed over the path %s libemogi opens it%s" % (
                    replacement, when, "" if by_name else " (no /proc)")

                def swapped(*args):
                    if when == "before":
                        os.replace("race-swap.csr", "race.csr")
                    rc = real_open(*args)
                    if when == "after":
                        os.replace("race-swap.csr", "race.csr")
                    return rc

                shutil.copyfile("race-a.csr", "race.csr")
                shutil.copyfile(replacement, "race-swap.csr")
                lib.emogi_csr_open = swapped
                if not by_name:
                    csr._fd_name = lambda fd: None
                try:
                    g = emogi.open("race.csr")
                except emogi.FormatError as e:
                    # by name, the file mapped is not the file validated: refused
                    assert not by_name and when == "before", "%s: %s" % (what, e)
                    assert str(e).startswith("race.csr: "), "%s: %s" % (what, e)
                    continue
                finally:
                    lib.emogi_csr_open, csr._fd_name = real_open, real_name
                c = g.cgraph()
                assert list(g.neighbors) == [1, 2, 0] and list(g.weights) == [1, 2, 3], \
                    "%s: mapped %s, not the file validated" % (what, list(g.neighbors))
                assert np.array_equal(g.neighbors, c_array(c.neighbors, "<u4", g.ne)), what
                assert np.array_equal(g.offsets, c_array(c.offsets, "<u8", g.nv + 1)), what
                assert list(emogi.bfs(g, 0)) == [0, 1, 2], what
                g.verify()
                g.close()
    # messages name the path as given, not the descriptor's name
    for path, want in (("race-junk.csr", "race-junk.csr: byte 0: not a .csr file (bad magic)"),
                       ("no-such.csr", "no-such.csr: No such file or directory"),
                       (".", ".: not a regular file")):
        try:
            emogi.open(path)
            raise AssertionError(path + " opened")
        except emogi.FormatError as e:
            assert str(e).startswith(want), str(e)


def test_source_numbering_named():
    """An out-of-range source names its numbering as the tools do (compact
    ids; an input id not in the id map, or on a graph without one)."""
    g = directed_graph()
    for fn in (lambda s, **k: emogi.bfs(g, s, **k),
               lambda s, **k: emogi.sssp(g, s, unit_weights=True, **k)):
        for s, kw, want in ((10, {}, "dir.csr: source 10 out of range (compact ids 0..9)"),
                            (-1, {}, "dir.csr: source -1 out of range (compact ids 0..9)"),
                            (10, {"original_ids": True},
                             "dir.csr: source 10 (an input id, original_ids=True) out of range "
                             "0..9: the graph has no id map, so its input ids are its own")):
            try:
                fn(s, **kw)
                raise AssertionError("source %d %r accepted" % (s, kw))
            except ValueError as e:
                assert str(e) == want, str(e)
    assert np.array_equal(emogi.bfs(g, 4, original_ids=True), emogi.bfs(g, 4))
    # input ids 100, 200, ... through --relabel: -S and original_ids=True agree
    write_lines("ids.el", [(300, 100), (100, 200), (200, 400), (500, 300)])
    r = convert("el", "ids.el", "ids.csr", "--directed", "--relabel")
    assert r.idmap is not None and sorted(r.idmap) == [100, 200, 300, 400, 500]
    tool("emogi-bfs", "ids.csr", "-S", 200, "-o", "ids.bin")
    want = np.fromfile("ids.bin", dtype=np.uint32)
    got = emogi.bfs(r, 200, original_ids=True)
    assert np.array_equal(got, want), (got, want)
    assert got[list(r.idmap).index(200)] == 0
    for s in (999, 2, -5, 2**70):
        try:
            emogi.sssp(r, s, original_ids=True, unit_weights=True)
            raise AssertionError("input id %d accepted" % s)
        except ValueError as e:
            assert str(e) == ("ids.csr: source %d (an input id, original_ids=True) is not in "
                              "the graph's id map" % s), str(e)
    try:
        emogi.bfs(r, 5)
        raise AssertionError("compact id 5 of 5 accepted")
    except ValueError as e:
        assert str(e) == "ids.csr: source 5 out of range (compact ids 0..4)", str(e)


def refused(fn, exc, *words):
    """None when FN() raises EXC whose message holds every one of WORDS, else
    what happened instead."""
    try:
        fn()
    except exc as e:
        missing = [w for w in words if w not in str(e)]
        return "message %r lacks %r" % (str(e), missing) if missing else None
    except Exception as e:
        return "%s: %s, not %s" % (type(e).__name__, e, exc.__name__)
    return "accepted"


def test_write_refuses_bad_values():
    """emogi.write checks each argument where it enters, with emogi-convert's
    ranges, and writes nothing for a bad one: no fractional or complex id
    coerced to an integer, no negative id map."""
    off, nbr = [0, 1, 1], [1]
    cases = [
        (dict(edges=[(0, 1.5)]), TypeError, "edges", "integers"),
        (dict(edges=[(0, 1), (2, 3.0)]), TypeError, "edges", "integers"),
        (dict(edges=[(0, -1)]), ValueError, "edges", "-1"),
        (dict(edges=[(0, 5)], nv=3), ValueError, "edges", "0 to 2", "5"),
        (dict(edges=[(0, 1)], nv=-1), ValueError, "nv", "--vertices"),
        (dict(edges=[(0, 1)], nv=2.5), TypeError, "nv"),
        (dict(edges=[(0, 1)], nv=True), TypeError, "nv"),
        (dict(edges=[(0, 1)], nv=2**64 - 1), ValueError, "nv", "18446744073709551614"),
        (dict(offsets=off, neighbors=[1 + 0j]), TypeError, "neighbors", "integers"),
        (dict(offsets=off, neighbors=[True]), TypeError, "neighbors", "integers"),
        (dict(offsets=off, neighbors=["1"]), TypeError, "neighbors", "integers"),
        (dict(offsets=off, neighbors=[2]), ValueError, "neighbors", "0 to 1", "2"),
        (dict(offsets=[0, 1.0, 1], neighbors=nbr), TypeError, "offsets", "integers"),
        (dict(offsets=off, neighbors=nbr, nv=5), ValueError, "nv=5", "2 vertices"),
        (dict(offsets=off, neighbors=nbr, idmap=[10, 11.5]), TypeError, "idmap", "integers"),
        (dict(offsets=off, neighbors=nbr, idmap=[-1, 3]), ValueError, "idmap", "-1",
         "18446744073709551615"),
        (dict(offsets=off, neighbors=nbr, idmap=[0, 2**64]), ValueError, "idmap",
         "18446744073709551616"),
        (dict(offsets=off, neighbors=nbr, weights=[1 + 2j]), TypeError, "weights", "uint32"),
        (dict(offsets=off, neighbors=nbr, weights=["a"]), TypeError, "weights"),
        (dict(offsets=off, neighbors=nbr, weights=[-1]), ValueError, "weights", "4294967295"),
        (dict(offsets=off, neighbors=nbr, weights=[2**32]), ValueError, "weights"),
        (dict(offsets=off, neighbors=nbr, weights=[float("inf")]), ValueError, "weights",
         "finite"),
        (dict(offsets=off, neighbors=nbr, weights=[[1]]), ValueError, "weights", "1-d"),
        (dict(offsets=off, neighbors=nbr, directed="no"), TypeError, "directed", "True"),
        (dict(offsets=off, neighbors=nbr, directed=1), TypeError, "directed"),
        (dict(offsets=off, neighbors=nbr, compress=1), TypeError, "compress"),
        (dict(offsets=off, neighbors=nbr, transpose="yes"), TypeError, "transpose"),
        (dict(offsets=off, neighbors=nbr, weighted=True), ValueError, "weighted", "matrix="),
        (dict(offsets=off, neighbors=nbr, id_width=5), ValueError, "id_width", "4 or 8"),
        (dict(offsets=off, neighbors=nbr, id_width=4.0), TypeError, "id_width", "4 or 8"),
        (dict(offsets=off, neighbors=nbr, id_width=True), TypeError, "id_width"),
        (dict(offsets=off, neighbors=nbr, provenance=b"tool: x"), TypeError, "provenance"),
        (dict(matrix=[[0, 1], [1, 0]]), TypeError, "matrix", "scipy.sparse"),
    ]
    wrong = []
    for kw, exc, *words in cases:
        why = refused(lambda: emogi.write("bad.csr", **kw), exc, *words)
        if why or os.path.exists("bad.csr"):
            wrong.append("%r: %s" % (kw, why or "bad.csr written"))
        if os.path.exists("bad.csr"):
            os.unlink("bad.csr")
    for path, exc in ((3, TypeError), ("bad\0.csr", ValueError), (None, TypeError)):
        why = refused(lambda: emogi.write(path, off, nbr), exc, "path")
        if why:
            wrong.append("path %r: %s" % (path, why))
    if scipy is not None:
        m = scipy.sparse.csr_matrix(np.array([[0, 2], [3, 0]]))
        for kw, exc, *words in ((dict(weights=[1, 2]), ValueError, "weights", "matrix"),
                                (dict(weighted=1), TypeError, "weighted"),
                                (dict(nv=3), ValueError, "nv=3", "2 vertices")):
            why = refused(lambda: emogi.write("bad.csr", matrix=m, **kw), exc, *words)
            if why or os.path.exists("bad.csr"):
                wrong.append("matrix %r: %s" % (kw, why or "bad.csr written"))
    assert not wrong, "\n".join(wrong)
    # the values at the ends of each range still work
    emogi.write("ok.csr", off, nbr, idmap=[0, 2**64 - 1], weights=[0.5], nv=2, transpose=False)
    g = emogi.open("ok.csr")
    assert list(g.idmap) == [0, 2**64 - 1] and g.weight_type == "float32" and not g.has_transpose


def test_algorithms_refuse_bad_values():
    """bfs, sssp, cc and pagerank check each argument before any work, with the
    tools' ranges: no iteration cap wrapped to 32 bits, no negative or NaN
    delta, and a TypeError for anything that is not an emogi.Graph."""
    g = directed_graph()
    gw = weighted_graph("int")
    cases = [
        (lambda: emogi.pagerank(g, max_iterations=2**32 + 3), ValueError, "max_iterations",
         "1 to 4294967295"),
        (lambda: emogi.pagerank(g, max_iterations=0), ValueError, "max_iterations"),
        (lambda: emogi.pagerank(g, max_iterations=10.0), TypeError, "max_iterations"),
        (lambda: emogi.pagerank(g, damping=1), ValueError, "damping", "0 <= d < 1"),
        (lambda: emogi.pagerank(g, damping=float("nan")), ValueError, "damping"),
        (lambda: emogi.pagerank(g, damping="0.85"), TypeError, "damping"),
        (lambda: emogi.pagerank(g, tolerance=-1), ValueError, "tolerance", ">= 0"),
        (lambda: emogi.pagerank(g, tolerance=float("inf")), ValueError, "tolerance"),
        (lambda: emogi.pagerank(g, weighted=1), TypeError, "weighted"),
        (lambda: emogi.sssp(gw, 0, delta=-1), ValueError, "delta", "positive"),
        (lambda: emogi.sssp(gw, 0, delta=float("nan")), ValueError, "delta", "--delta"),
        (lambda: emogi.sssp(gw, 0, delta=float("inf")), ValueError, "delta"),
        (lambda: emogi.sssp(gw, 0, delta="2"), TypeError, "delta"),
        (lambda: emogi.sssp(gw, 0, unit_weights="yes"), TypeError, "unit_weights"),
        (lambda: emogi.bfs(g, 1.5), TypeError, "source"),
        (lambda: emogi.bfs(g, True), TypeError, "source"),
        (lambda: emogi.bfs(g, 0, parents="yes"), TypeError, "parents"),
        (lambda: emogi.bfs(g, 0, stats=1), TypeError, "stats"),
        (lambda: emogi.bfs(g, 0, original_ids=1), TypeError, "original_ids"),
        (lambda: emogi.bfs(g, 0, direction="sideways"), ValueError, "direction"),
        (lambda: emogi.cc(g, stats="no"), TypeError, "stats"),
        (lambda: emogi.bfs(g, 0, device="auto", gpu=1.5), TypeError, "gpu", "9999"),
        (lambda: emogi.bfs(g, 0, device="auto", gpu=10000), ValueError, "gpu", "9999"),
        (lambda: emogi.open(3), TypeError, "path"),
        (lambda: emogi.read_result(3, g, "bfs"), TypeError, "path"),
        (lambda: emogi.read_result("d.bin", 3, "bfs"), TypeError, "emogi.Graph"),
        (lambda: g.to_networkx(max_edges=-1), ValueError, "max_edges"),
    ]
    for fn in (lambda x: emogi.bfs(x, 0), lambda x: emogi.sssp(x, 0), emogi.cc,
               emogi.pagerank):
        for x in (None, object(), g.cgraph(), 3):
            cases.append((lambda fn=fn, x=x: fn(x), TypeError, "g must be a .csr path, an "
                          "emogi.Graph, a scipy.sparse array or matrix"))
    wrong = []
    for fn, exc, *words in cases:
        why = refused(fn, exc, *words)
        if why:
            wrong.append("%s (%s): %s" % (fn.__code__.co_firstlineno, " ".join(words), why))
    assert not wrong, "\n".join(wrong)
    # the ends of each range still work
    rank, st = emogi.pagerank(g, max_iterations=2**32 - 1, tolerance=0.5, stats=True)
    assert st["converged"] and rank.dtype == np.float64
    _, st = emogi.pagerank(g, max_iterations=1, damping=0, tolerance=0, stats=True)
    assert st["iterations"] == 1, st
    assert np.array_equal(emogi.sssp(gw, 0, delta=1000), emogi.sssp(gw, 0))
    assert np.array_equal(emogi.sssp(gw, 0, delta=np.float64(3)), emogi.sssp(gw, 0, delta=0))
    assert np.array_equal(emogi.bfs(g, np.int64(0), parents=np.bool_(False)), emogi.bfs(g, 0))


# ---- the GPU through the same library: ctypes layouts, options, results ----

def test_struct_layouts_match_the_headers():
    from emogi import _lib
    out = subprocess.run([os.path.join(BIN, "tests", "lib", "struct_layout")], check=True,
                         capture_output=True, text=True).stdout.split("\n")
    seen = 0
    for line in filter(None, out):
        name, value = line.split()
        struct, _, field = name.partition(".")
        cls = _lib.STRUCTS[struct]
        if field:
            got = getattr(cls, _lib.C_FIELD_NAMES.get(field, field)).offset
        else:
            got = ctypes.sizeof(cls)
        assert got == int(value), "%s: ctypes %d, C %s" % (name, got, value)
        seen += 1
    assert seen > 60, "only %d sizes and offsets compared" % seen


def test_gpu_options_checked():
    g = directed_graph()
    for kw, exc in (({"mem": "vram"}, ValueError), ({"kernel": "fast"}, ValueError),
                    ({"uvm_advice": "never"}, ValueError), ({"hybrid": "tail"}, ValueError),
                    ({"gpu_memory": -1}, ValueError), ({"gpus": 1}, TypeError)):
        try:
            emogi.bfs(g, 0, device="gpu", **kw)
            raise AssertionError("accepted %r" % kw)
        except exc as e:
            assert list(kw)[0] in str(e), str(e)
    try:
        emogi.cc(g, mem="device")
        raise AssertionError("mem= without device='gpu' accepted")
    except ValueError as e:
        assert "device='gpu'" in str(e), str(e)
    try:
        emogi.pagerank(g, device="tpu")
        raise AssertionError("device='tpu' accepted")
    except ValueError as e:
        assert "tpu" in str(e), str(e)
    why = gpu_probe()
    if why is None:
        return
    for fn in (lambda: emogi.bfs(g, 0, device="gpu"), lambda: emogi.cc(g, device="gpu"),
               lambda: emogi.pagerank(g, device="gpu"),
               lambda: emogi.sssp(g, 0, unit_weights=True, device="gpu", mem="zerocopy")):
        try:
            fn()
            raise AssertionError("device='gpu' ran without a GPU")
        except emogi.EmogiError as e:
            assert "device='gpu': no GPU is usable" in str(e), str(e)


def test_placement_options_as_the_tools():
    """device='auto'|'cpu'|'gpu'|'gpu:N', gpu_memory as bytes or a size string
    and threads=N, parsed as the tools parse --device, --gpu-memory, --threads;
    runs without a GPU."""
    from emogi import algorithms
    g = directed_graph()
    cpu = emogi.bfs(g, 0)
    for bad in ("tpu", "gpu:", "gpu:x", "gpu:12345", "GPU", "gpu:-1", " cpu", 3):
        try:
            emogi.bfs(g, 0, device=bad)
            raise AssertionError("device=%r accepted" % (bad,))
        except ValueError as e:
            assert "bad device %r (auto, cpu, gpu or gpu:N)" % (bad,) in str(e), str(e)
    assert algorithms._device("gpu:3") == ("gpu", 3)
    assert algorithms._device("auto") == ("auto", None)
    assert algorithms._device(None) == algorithms._device("cpu") == ("cpu", None)
    for size, want in (("16G", 16 << 30), ("800M", 800 << 20), ("1", 1), ("2T", 2 << 40),
                       (1 << 30, 1 << 30), (0, 0), (np.uint64(5), 5)):
        assert algorithms._gpu_memory(size) == want, (size, want)
    for size, exc in (("16X", ValueError), ("", ValueError), ("-1G", ValueError),
                      ("0", ValueError), ("16 G", ValueError), (-1, ValueError),
                      (1.5, TypeError), (True, TypeError)):
        try:
            emogi.bfs(g, 0, device="auto", gpu_memory=size)  # parsed before any GPU is sought
            raise AssertionError("gpu_memory=%r accepted" % (size,))
        except exc as e:
            assert "gpu_memory" in str(e), str(e)
    try:
        emogi.cc(g, device="gpu:1", gpu=0)
        raise AssertionError("device='gpu:1' with gpu=0 accepted")
    except ValueError as e:
        assert "different GPUs" in str(e), str(e)
    # the CPU, asked for or chosen
    assert np.array_equal(emogi.bfs(g, 0, device="cpu"), cpu)
    if gpu_probe() is not None:  # no GPU: 'auto' is the CPU, placement keywords and all
        assert np.array_equal(emogi.bfs(g, 0, device="auto"), cpu)
        assert np.array_equal(emogi.bfs(g, 0, device="auto", mem="zerocopy", gpu_memory="16G"),
                              cpu)
        assert np.array_equal(emogi.cc_labels(g, device="auto"), emogi.cc_labels(g))
        try:
            emogi.bfs(g, 0, device="gpu:0", gpu_memory="1G")
            raise AssertionError("device='gpu:0' ran without a GPU")
        except emogi.EmogiError as e:
            assert "device='gpu:0': no GPU is usable" in str(e), str(e)
    # threads=N for the call alone; the old count restored
    before = emogi.info()["cpu_threads"]
    assert np.array_equal(emogi.bfs(g, 0, threads=1), cpu)
    one = emogi.pagerank(g, method="jacobi", threads=1)
    assert np.array_equal(one, emogi.pagerank(g, method="jacobi", threads=3))
    assert np.array_equal(emogi.sssp(g, 0, unit_weights=True, threads=2),
                          emogi.sssp(g, 0, unit_weights=True))
    assert emogi.info()["cpu_threads"] == before
    for bad in (0, 4097, "2", 1.0, True, -1):
        try:
            emogi.cc(g, threads=bad)
            raise AssertionError("threads=%r accepted" % (bad,))
        except ValueError as e:
            assert "threads must be" in str(e), str(e)


GPU_PLACEMENTS = ({"mem": "device"}, {"mem": "zerocopy"}, {"mem": "uvm"},
                  {"mem": "hybrid", "hybrid": "prefix"}, {"mem": "auto", "kernel": "naive"})


@needs_gpu
def test_gpu_matches_cpu():
    graphs = [directed_graph(), weighted_graph("int"), weighted_graph("float"),
              convert("mtx", os.path.join(DATA, "karate.mtx"), "karate.csr"),
              convert("mtx", os.path.join(DATA, "karate.mtx"), "karate-c.csr", "--compress")]
    for g in graphs:
        cpu_cc = emogi.cc_labels(g)
        cpu_scc = emogi.cc_labels(g, connection="strong")
        cpu_bc = emogi.bc(g, [0, g.nv - 1])
        cpu_tc = None if g.directed else emogi.tc(g)
        cpu_pr = emogi.pagerank(g, method="jacobi", tolerance=1e-9)
        for kw in GPU_PLACEMENTS:
            what = "%s %r" % (g.path, kw)
            for s in (0, g.nv - 1):
                assert np.array_equal(emogi.bfs(g, s, device="gpu", **kw), emogi.bfs(g, s)), \
                    "bfs %s from %d" % (what, s)
                for d in ("push", "pull", "gap"):
                    if d == "pull" and kw.get("kernel") == "naive" and not g.compressed:
                        try:  # as emogi-bfs: the naive kernel reads top-down only
                            # (compressed lists have one decoder, whatever the kernel)
                            emogi.bfs(g, s, device="gpu", direction=d, **kw)
                            raise AssertionError("pull with the naive kernel accepted")
                        except emogi.EmogiError as e:
                            assert "naive" in str(e), str(e)
                        continue
                    assert np.array_equal(emogi.bfs(g, s, device="gpu", direction=d, **kw),
                                          emogi.bfs(g, s)), "bfs %s %s" % (d, what)
                if g.weighted:
                    gpu, st = emogi.sssp(g, s, device="gpu", stats=True, **kw)
                    cpu = emogi.sssp(g, s)
                    assert gpu.dtype == cpu.dtype and np.allclose(gpu, cpu, rtol=1e-6), \
                        "sssp %s from %d" % (what, s)
                    assert st["edge_bytes"] == st["link_bytes"] + st["devmem_bytes"], st
                assert np.array_equal(emogi.sssp(g, s, unit_weights=True, device="gpu", **kw),
                                      emogi.sssp(g, s, unit_weights=True)), "unit sssp " + what
            assert np.array_equal(emogi.cc_labels(g, device="gpu", **kw), cpu_cc), "cc " + what
            assert np.array_equal(emogi.cc_labels(g, connection="strong", device="gpu", **kw),
                                  cpu_scc), "strong cc " + what
            # the GPU adds the dependencies in another order (emogi_bc.h)
            assert np.allclose(emogi.bc(g, [0, g.nv - 1], device="gpu", **kw), cpu_bc,
                               rtol=1e-9, atol=1e-12), "bc " + what
            if cpu_tc is not None:
                n, counts = emogi.tc(g, device="gpu", **kw)
                assert n == cpu_tc[0] and np.array_equal(counts, cpu_tc[1]), "tc " + what
            pr = emogi.pagerank(g, device="gpu", tolerance=1e-9, **kw)
            assert np.allclose(pr, cpu_pr, atol=1e-7), "pagerank %s: %g" % (
                what, np.abs(pr - cpu_pr).max())
            if g.weighted:
                pr = emogi.pagerank(g, device="gpu", tolerance=1e-9, weighted=True, **kw)
                want = emogi.pagerank(g, method="jacobi", tolerance=1e-9, weighted=True)
                assert np.allclose(pr, want, atol=1e-7), "weighted pagerank %s: %g" % (
                    what, np.abs(pr - want).max())
        dev, st = emogi.bfs(graphs[0], 0, device="gpu", mem="device", stats=True)
        assert st["link_bytes"] == 0 and st["devmem_bytes"] > 0, st
        dev, st = emogi.bfs(graphs[0], 0, device="gpu", mem="zerocopy", stats=True)
        assert st["link_bytes"] > 0 and st["devmem_bytes"] == 0, st
        _, cpu_st = emogi.bfs(graphs[0], 0, stats=True)
        assert st["reached_edges"] == cpu_st["reached_edges"] > 0, (st, cpu_st)


@needs_networkx
def test_to_networkx_and_its_limit():
    g = directed_graph()
    h = g.to_networkx()
    assert isinstance(h, nx.DiGraph) and h.number_of_edges() == g.ne
    assert sorted(h.edges()) == sorted(nx_from_csr(g).edges())
    gw = weighted_graph("int")
    hw = gw.to_networkx()
    assert all(hw[u][v]["weight"] == d["weight"] for u, v, d in nx_from_csr(gw).edges(data=True))
    try:
        g.to_networkx(max_edges=5)
        raise AssertionError("limit not enforced")
    except ValueError as e:
        assert "limit" in str(e)

