"""BFS, SSSP, CC and PageRank through libemogi's CPU kernels, and the tools' outputs."""
import builtins
import ctypes
import os

import numpy as np

from . import _lib
from ._lib import EmogiError
from .csr import Graph

_DEVICE_CPU = (None, "cpu")


def _graph(g):
    if not isinstance(g, Graph):
        raise TypeError("expected an emogi.Graph (from emogi.open), not %s" % type(g).__name__)
    if g.part is not None:  # its ids are the whole graph's: the kernels would read past it
        raise EmogiError("%s is part %d of %d of a graph; traverse the whole file"
                         % (g.path, g.part["index"] + 1, g.part["count"]))
    return ctypes.byref(g.cgraph())


def _check_device(device):
    if device in _DEVICE_CPU:
        return
    err = _lib.Error()
    if _lib.lib().emogi_gpu_count(ctypes.byref(err)) <= 0:
        raise EmogiError("device=%r: no GPU: %s" % (device, err.text()))
    raise EmogiError("device=%r: the GPU backend is not available from Python yet; use the "
                     "tools (emogi-bfs --device gpu ...) or device='cpu'" % (device,))


def _check_source(g, source):
    if not 0 <= int(source) < g.nv:
        raise ValueError("%s: source %d out of range 0..%d" % (g.path, source, g.nv - 1))
    return int(source)


def _ptr(arr):
    return arr.ctypes.data_as(ctypes.c_void_p)


def _result(arr, st, stats):
    return (arr, _lib.stats_dict(st)) if stats else arr


def bfs(g, source, *, parents=False, stats=False, device=None):
    """Breadth-first search from source, as emogi-bfs.

    Returns the depths, a uint32 array of nv entries (0xFFFFFFFF where unreached);
    with parents=True the pair (depth, parent), parent uint64 (the smallest
    in-neighbour one level up; 2**64-1 where unreached); with stats=True also a dict
    of the kernel's figures (seconds, levels, reached, edges_examined, edge_bytes).
    """
    _check_device(device)
    source = _check_source(g, source)
    lib, cg = _lib.lib(), _graph(g)
    depth = np.empty(g.nv, dtype=np.uint32)
    st = _lib.BfsStats()
    _lib.call(EmogiError, lib.emogi_bfs_cpu, cg, source, _ptr(depth), ctypes.byref(st))
    if not parents:
        return _result(depth, st, stats)
    parent = np.empty(g.nv, dtype=np.uint64)
    _lib.call(EmogiError, lib.emogi_bfs_parents, cg, source, _ptr(depth), _ptr(parent))
    return _result((depth, parent), st, stats)


def sssp(g, source, *, unit_weights=False, delta=0.0, stats=False, device=None):
    """Single-source shortest paths from source (delta-stepping), as emogi-sssp.

    Distances are uint64 (2**64-1 where unreached) for uint32 weights or
    unit_weights=True, float32 (+inf where unreached) for float32 weights.
    delta: the bucket width, 0 for the library's default.  stats=True also returns
    a dict (seconds, iterations, reached, edges_relaxed, edge_bytes, edges_examined,
    and link_bytes and devmem_bytes, 0 on the CPU).
    """
    _check_device(device)
    source = _check_source(g, source)
    lib, cg = _lib.lib(), _graph(g)
    opts = _lib.SsspOpts(1 if unit_weights else 0, float(delta))
    _lib.call(EmogiError, lib.emogi_sssp_check_weights, cg, ctypes.byref(opts))
    dtype = np.float32 if lib.emogi_sssp_float_dist(cg, ctypes.byref(opts)) else np.uint64
    dist = np.empty(g.nv, dtype=dtype)
    st = _lib.SsspStats()
    _lib.call(EmogiError, lib.emogi_sssp_cpu, cg, source, ctypes.byref(opts), _ptr(dist),
              ctypes.byref(st))
    return _result(dist, st, stats)


def cc(g, *, stats=False, device=None):
    """Connected components (weakly, for a directed graph with a stored transpose).

    Each label is the smallest vertex id of the component: uint32 when the graph
    stores 4-byte ids, uint64 for 8-byte ids, as emogi-cc writes.  stats=True also
    returns a dict (seconds, passes, edges_examined, edge_bytes, and link_bytes and
    devmem_bytes, 0 on the CPU).
    """
    _check_device(device)
    lib, cg = _lib.lib(), _graph(g)
    _lib.call(EmogiError, lib.emogi_cc_check_graph, cg)
    labels = np.empty(g.nv, dtype=np.uint32 if g.id_width == 4 else np.uint64)
    st = _lib.CcStats()
    _lib.call(EmogiError, lib.emogi_cc_cpu, cg, _ptr(labels), ctypes.byref(st))
    return _result(labels, st, stats)


def pagerank(g, *, damping=0.85, tolerance=1e-4, max_iterations=100, precision="float64",
             method="gauss-seidel", stats=False, device=None):
    """PageRank, as emogi-pagerank: edge weights are ignored.

    tolerance is the total L1 change sum |rank' - rank| between iterations (what
    networkx calls tol times the vertex count); dangling vertices spread their rank
    to every vertex.  method: 'gauss-seidel' (the tool's default) or 'jacobi'
    (reproducible bit for bit).  precision: 'float64' or 'float32' (rounded on
    output), the result's dtype.  stats=True also returns a dict (seconds,
    iterations, converged, delta, edges_read, edge_bytes, edges_examined, and
    link_bytes and devmem_bytes, 0 on the CPU).
    """
    _check_device(device)
    if precision not in ("float64", "float32"):
        raise ValueError("precision must be 'float64' or 'float32', not %r" % (precision,))
    if method not in ("gauss-seidel", "jacobi"):
        raise ValueError("method must be 'gauss-seidel' or 'jacobi', not %r" % (method,))
    lib, cg = _lib.lib(), _graph(g)
    prm = _lib.PagerankParams(float(damping), float(tolerance), int(max_iterations))
    _lib.call(ValueError, lib.emogi_pagerank_check_params, ctypes.byref(prm))
    rank = np.empty(g.nv, dtype=np.float64)
    st = _lib.PagerankStats()
    in_edges = _lib.CGraph()
    _lib.call(EmogiError, lib.emogi_pagerank_in_edges, cg, ctypes.byref(in_edges))
    try:
        if method == "jacobi":
            _lib.call(EmogiError, lib.emogi_pagerank_cpu, ctypes.byref(in_edges),
                      ctypes.byref(prm), _ptr(rank), ctypes.byref(st))
        else:  # as the tool: float32 contributions only where the output is float32 anyway
            store = (_lib.PAGERANK_STORE_F32 if precision == "float32" and tolerance >= 1e-5
                     else _lib.PAGERANK_STORE_F64)
            _lib.call(EmogiError, lib.emogi_pagerank_cpu_gs, ctypes.byref(in_edges),
                      ctypes.byref(prm), store, _ptr(rank), ctypes.byref(st))
    finally:
        lib.emogi_pagerank_in_edges_free(cg, ctypes.byref(in_edges))
    if precision == "float32":
        rank = rank.astype(np.float32)
    return _result(rank, st, stats)


def _result_dtypes(g, kind):
    """The dtypes a tool's raw output may have, by file size in bytes per vertex."""
    ids = np.dtype("<u4" if g.id_width == 4 else "<u8")
    if kind == "bfs":
        return {4: np.dtype("<u4")}
    if kind == "parents":
        return {8: np.dtype("<u8")}
    if kind == "cc":
        return {ids.itemsize: ids}
    if kind == "sssp":  # float weights give float32, unless --unit-weights
        if g.weight_type == "float32":
            return {4: np.dtype("<f4"), 8: np.dtype("<u8")}
        return {8: np.dtype("<u8")}
    if kind == "pagerank":  # --precision
        return {8: np.dtype("<f8"), 4: np.dtype("<f4")}
    raise ValueError("kind must be bfs, parents, sssp, cc or pagerank, not %r" % (kind,))


def read_result(path, g, kind):
    """Read a tool's output (emogi-bfs -o, --parents, emogi-sssp, emogi-cc,
    emogi-pagerank) for graph g (an emogi.Graph or a .csr path) with its dtype.

    kind: 'bfs', 'parents', 'sssp', 'cc' or 'pagerank'.  A .npy file (written for
    -o FILE.npy or --format npy, known by its magic) carries its dtype and shape,
    which must be one the tool writes for g.  A raw array's type comes from the
    graph, and where the graph alone does not fix it (pagerank --precision, sssp
    --unit-weights on float weights) from the file's size.  A file of any other
    size, dtype or shape raises ValueError.
    """
    if not isinstance(g, Graph):
        with Graph(g) as opened:
            return read_result(path, opened, kind)
    dtypes = _result_dtypes(g, kind)
    with builtins.open(path, "rb") as f:
        is_npy = f.read(6) == b"\x93NUMPY"
    if is_npy:
        got = np.load(path, allow_pickle=False)
        if got.dtype not in dtypes.values() or got.shape != (g.nv,):
            raise ValueError("%s: a .npy array of dtype %s and shape %s, not %s output for %d "
                             "vertices (%s)" % (path, got.dtype.str, got.shape, kind, g.nv,
                                                " or ".join(d.str for d in dtypes.values())))
        return got
    size = os.stat(path).st_size
    for width, dtype in dtypes.items():
        if size == width * g.nv:
            return np.fromfile(path, dtype=dtype)
    want = " or ".join("%d" % (w * g.nv) for w in dtypes)
    raise ValueError("%s: %d bytes, not the %s bytes of %s output for %d vertices"
                     % (path, size, want, kind, g.nv))
