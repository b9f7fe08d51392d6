"""BFS, SSSP, CC and PageRank through libemogi's CPU kernels, and the tools' outputs."""
import builtins
import ctypes
import functools
import math
import numbers
import os
import re

import numpy as np

from . import _check, _lib
from ._lib import EmogiError
from .csr import Graph

_DIR_PUSH = 1  # EMOGI_DIR_PUSH: top-down only, no in-edges placed
_CC_UF = 0     # EMOGI_CC_UF, emogi-cc's default GPU algorithm
# The placement keywords every algorithm takes with device='gpu' (or 'gpu:N',
# 'auto'), as the tools' options: --device gpu:N, --mem, --gpu-memory,
# --uvm-advice, --hybrid, --kernel.
_GPU_DEFAULTS = {"gpu": 0, "mem": "auto", "gpu_memory": 0, "uvm_advice": "read-mostly",
                 "hybrid": "heads", "kernel": "aligned"}


def _graph(g):
    """G's C graph, checked first of all the arguments: an open emogi.Graph of a
    whole graph."""
    if not isinstance(g, Graph):
        raise TypeError("g must be an emogi.Graph (from emogi.open), not %s" % type(g).__name__)
    if g.part is not None:  # its ids are the whole graph's: the kernels would read past it
        raise EmogiError("%s is part %d of %d of a graph; traverse the whole file"
                         % (g.path, g.part["index"] + 1, g.part["count"]))
    return ctypes.byref(g.cgraph())


def _enum(parse, what, name):
    """NAME through libemogi's own parser (emogi_mem_parse, ...): its enum value."""
    v = ctypes.c_int()
    if not isinstance(name, str) or parse(name.encode(), ctypes.byref(v)) != 0:
        raise ValueError("bad %s %r" % (what, name))
    return v.value


def _device(device):
    """device= as the tools' --device: ('cpu' | 'gpu' | 'auto', the ordinal of
    'gpu:N' or None).  None (the default) is the CPU."""
    if device is None or device == "cpu":
        return "cpu", None
    if device in ("auto", "gpu"):
        return device, None
    m = re.fullmatch(r"gpu:([0-9]{1,4})", device) if isinstance(device, str) else None
    if not m:
        raise ValueError("bad device %r (auto, cpu, gpu or gpu:N)" % (device,))
    return "gpu", int(m.group(1))


def _gpu_memory(size):
    """gpu_memory= in bytes: a count >= 0 (0: the free memory less headroom)
    or a size string such as '800M' or '16G', read by libemogi's
    emogi_parse_size as --gpu-memory is."""
    if isinstance(size, numbers.Integral) and not isinstance(size, bool):
        if size < 0:
            raise ValueError("gpu_memory must be a byte count >= 0 (0: the free memory less "
                             "headroom) or a size such as '800M' or '16G', not %r" % (size,))
        return int(size)
    if isinstance(size, str):
        v = _lib.c_u64()
        if _lib.lib().emogi_parse_size(size.encode(), ctypes.byref(v)) != 0:
            raise ValueError("gpu_memory wants a size such as '800M' or '16G' (K, M, G, T: "
                             "powers of 1024), not %r" % (size,))
        return v.value
    raise TypeError("gpu_memory must be an int or a size string such as '16G', not %s"
                    % type(size).__name__)


def _gpu_options(device, placement):
    """None for the CPU (device='cpu', or 'auto' without a usable GPU), else
    the placement keywords checked, with their defaults."""
    unknown = sorted(set(placement) - set(_GPU_DEFAULTS))
    if unknown:
        raise TypeError("unexpected keyword argument %r (placement: %s)"
                        % (unknown[0], ", ".join(sorted(_GPU_DEFAULTS))))
    kind, ordinal = _device(device)
    if kind == "cpu":
        if placement:
            raise ValueError("%s apply to device='gpu', 'gpu:N' or 'auto' only"
                             % ", ".join(sorted(placement)))
        return None
    o = dict(_GPU_DEFAULTS, **placement)
    # gpu:N takes 1 to 4 digits, as the tools' --device gpu:N
    o["gpu"] = _check.integer(o["gpu"], "gpu", 0, 9999, "a GPU ordinal (--device gpu:N)")
    if ordinal is not None:
        if "gpu" in placement and o["gpu"] != ordinal:
            raise ValueError("device=%r and gpu=%r name different GPUs"
                             % (device, placement["gpu"]))
        o["gpu"] = ordinal
    lib = _lib.lib()
    o["mem"] = _enum(lib.emogi_mem_parse, "mem (auto, device, zerocopy, uvm, hybrid)", o["mem"])
    o["uvm_advice"] = _enum(lib.emogi_uvm_advice_parse,
                            "uvm_advice (read-mostly, accessed-by, prefetch)", o["uvm_advice"])
    o["hybrid"] = _enum(lib.emogi_hybrid_rule_parse, "hybrid (heads, prefix)", o["hybrid"])
    o["kernel"] = _enum(lib.emogi_kernel_parse, "kernel (naive, merged, aligned)", o["kernel"])
    o["gpu_memory"] = _gpu_memory(o["gpu_memory"])
    err = _lib.Error()
    n = lib.emogi_gpu_count(ctypes.byref(err))
    if n <= 0 and kind == "auto":  # as the tools' --device auto: the CPU
        return None
    if n <= 0:
        raise EmogiError("device=%r: no GPU is usable: %s"
                         % (device, err.text() or "no CUDA device"))
    if not 0 <= int(o["gpu"]) < n:
        raise EmogiError("gpu=%s was requested but %d %s usable"
                         % (o["gpu"], n, "is" if n == 1 else "are"))
    return o


_OMP = []  # the OpenMP runtime libemogi loaded, or None: looked up once


def _omp():
    """The OpenMP runtime already in the process with libemogi (RTLD_NOLOAD:
    the one its kernels use, never a second), or None for a serial build."""
    if not _OMP:
        _lib.lib()
        found = None
        for name in ("libgomp.so.1", "libomp.so.5", "libomp.so", "libiomp5.so"):
            try:
                found = ctypes.CDLL(name, mode=getattr(os, "RTLD_NOLOAD", 0) | ctypes.RTLD_LOCAL)
            except OSError:
                continue
            found.omp_get_max_threads.restype = ctypes.c_int
            found.omp_set_num_threads.argtypes = [ctypes.c_int]
            break
        _OMP.append(found)
    return _OMP[0]


def _threads(fn):
    """Give FN the keyword threads=N, as the tools' --threads: the CPU kernels'
    OpenMP threads for this call (1..4096), the previous count restored after
    it; None (the default): OpenMP's.  A build without OpenMP runs one."""
    @functools.wraps(fn)
    def run(*args, threads=None, **kw):
        if threads is None:
            return fn(*args, **kw)
        if (not isinstance(threads, numbers.Integral) or isinstance(threads, bool)
                or not 1 <= threads <= 4096):
            raise ValueError("threads must be a count of CPU threads, 1..4096, not %r"
                             % (threads,))
        omp = _omp()
        if omp is None:
            return fn(*args, **kw)
        old = omp.omp_get_max_threads()
        omp.omp_set_num_threads(int(threads))
        try:
            return fn(*args, **kw)
        finally:
            omp.omp_set_num_threads(old)
    return run


def _transpose_view(c):
    """A copy of emogi_graph C whose out-lists are its stored transpose."""
    v = _lib.CGraph()
    ctypes.memmove(ctypes.byref(v), ctypes.byref(c), ctypes.sizeof(v))
    v.offsets, v.neighbors = c.t_offsets, c.t_neighbors
    v.coffsets, v.cneighbors = c.t_coffsets, c.t_cneighbors
    v.weights = v.t_offsets = v.t_neighbors = v.t_weights = None
    v.t_coffsets = v.t_cneighbors = None
    return v


class _Placement:
    """A graph placed on a GPU as the tools place it (tool_backend_open in
    traverse/tool.c): the graph within the budget, then, when asked for and
    the graph is directed with a transpose, the transpose as a graph of its
    own with the same placement and split; with_firsts, the in-lists' first
    ids too (TOOL_PLACE_FIRSTS, for BFS).  A context manager: leaving it
    frees the device memory and unpins the file."""

    def __init__(self, c, o, state_bytes, with_weights=False, with_in=False,
                 with_firsts=False):
        lib = _lib.lib()
        self._c, self._in_view = c, None
        self.out, self.inn = _lib.Placed(), None
        directed = bool(c.flags & _lib.DIRECTED)
        with_in = with_in and directed and bool(c.t_offsets)
        compressed = bool(c.flags & _lib.COMPRESSED)
        firsts = with_firsts and (with_in or not directed)
        po = _lib.PlaceOpts(
            device=int(o["gpu"]), mem=o["mem"], advice=o["uvm_advice"],
            state_bytes=int(state_bytes) + ((2 if compressed else 1) * (c.nv + 1) * 8
                                            if with_in else 0),
            with_weights=1 if with_weights else 0, gpu_memory=int(o["gpu_memory"]),
            extra_edge_bytes=lib.emogi_edge_bytes(ctypes.byref(c), 1) if with_in else 0,
            rule=o["hybrid"], with_firsts=1 if firsts and not directed else 0,
            firsts_bytes=c.nv * c.id_width if firsts else 0)
        _lib.call(EmogiError, lib.emogi_place, ctypes.byref(c), ctypes.byref(po),
                  ctypes.byref(self.out))
        if not with_in:
            return
        self._in_view = _transpose_view(c)
        pin = _lib.PlaceOpts(device=self.out.device, mem=self.out.mem, advice=o["uvm_advice"],
                             presplit=1, split=self.out.split, rule=o["hybrid"],
                             with_firsts=1 if firsts and self.out.kept_firsts else 0)
        placed = _lib.Placed()
        try:
            _lib.call(EmogiError, lib.emogi_place, ctypes.byref(self._in_view), ctypes.byref(pin),
                      ctypes.byref(placed))
        except EmogiError:
            self.close()
            raise
        self.inn = placed

    def in_edges(self):
        """The placed in-edges: the graph itself when undirected, else its
        placed transpose, or None."""
        if not self._c.flags & _lib.DIRECTED:
            return self.out
        return self.inn

    def close(self):
        lib = _lib.lib()
        if self.inn is not None:
            lib.emogi_unplace(ctypes.byref(self.inn))
            self.inn = None
        if self.out is not None:
            lib.emogi_unplace(ctypes.byref(self.out))
            self.out = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _check_source(g, source, original_ids=False):
    """The compact id of SOURCE, named as the tools name it: a compact id,
    or with original_ids an input id looked up in the graph's id map
    (emogi-convert --relabel, --reorder; a graph without one has its input
    ids as its own).  ValueError naming the numbering when there is none."""
    if not _check.is_int(source):
        raise TypeError("source must be an integer, a vertex id (%s), not %r"
                        % ("an input id" if original_ids else "0..nv-1", source))
    s = int(source)
    if g.nv == 0:
        raise ValueError("%s: the graph has no vertices" % g.path)
    how = "an input id, original_ids=True"
    if original_ids and g.idmap is not None:
        found = np.flatnonzero(g.idmap == np.uint64(s)) if 0 <= s < 2**64 else ()
        if len(found) == 0:
            raise ValueError("%s: source %d (%s) is not in the graph's id map" % (g.path, s, how))
        return int(found[0])  # the smallest vertex, as the tools pick
    if 0 <= s < g.nv:
        return s
    if original_ids:
        raise ValueError("%s: source %d (%s) out of range 0..%d: the graph has no id map, so "
                         "its input ids are its own" % (g.path, s, how, g.nv - 1))
    raise ValueError("%s: source %d out of range (compact ids 0..%d)" % (g.path, s, g.nv - 1))


def _ptr(arr):
    return arr.ctypes.data_as(ctypes.c_void_p)


def _result(arr, st, stats):
    return (arr, _lib.stats_dict(st)) if stats else arr


@_threads
def bfs(g, source, *, parents=False, stats=False, device=None, direction="auto",
        original_ids=False, **placement):
    """Breadth-first search from source, as emogi-bfs.

    Returns the depths, a uint32 array of nv entries (0xFFFFFFFF where unreached);
    with parents=True the pair (depth, parent), parent uint64 (the smallest
    in-neighbour one level up; 2**64-1 where unreached); with stats=True also a dict
    of the kernel's figures (seconds, levels, reached, edges_examined, edge_bytes,
    link_bytes, devmem_bytes, push_levels, pull_levels, and reached_edges: the
    stored out-entries of the reached vertices, each undirected edge twice).

    device: as emogi-bfs --device: None or 'cpu' (the default) the CPU kernel;
    'gpu' or 'gpu:N' the CUDA kernel on the graph placed as emogi-bfs places it,
    with the placement keywords (see _GPU_DEFAULTS: gpu, mem, gpu_memory (bytes,
    or a size string such as '16G'), uvm_advice, hybrid, kernel) and direction
    ('auto', 'push', 'pull', 'gap'; on the CPU the search is always 'auto'); 'auto' the
    GPU when one is usable, else the CPU.  threads=N: the CPU threads (--threads);
    every algorithm takes device, the placement keywords and threads.

    original_ids=True takes source as an input id (emogi-bfs -S), looked up in the
    graph's id map; the result stays in compact ids.  A source out of range, or
    not in the id map, raises ValueError naming the numbering.
    """
    lib, cg = _lib.lib(), _graph(g)
    parents, stats = _check.flag(parents, "parents"), _check.flag(stats, "stats")
    original_ids = _check.flag(original_ids, "original_ids")
    d = _enum(lib.emogi_direction_parse, "direction (auto, push, pull, gap)", direction)
    o = _gpu_options(device, placement)
    source = _check_source(g, source, original_ids)
    depth = np.empty(g.nv, dtype=np.uint32)
    st = _lib.BfsStats()
    if o is None:
        bo = _lib.BfsOpts(count_reached_edges=int(stats))
        _lib.call(EmogiError, lib.emogi_bfs_cpu_with, cg, source, ctypes.byref(bo), _ptr(depth),
                  ctypes.byref(st))
    else:
        with _Placement(g.cgraph(), o, g.nv * (4 + g.id_width + 1),
                        with_in=d != _DIR_PUSH, with_firsts=d != _DIR_PUSH) as p:
            inn = p.in_edges()
            bo = _lib.BfsOpts(direction=d, kernel=o["kernel"],
                              in_=ctypes.pointer(inn) if inn is not None else None,
                              count_reached_edges=int(stats))
            _lib.call(EmogiError, lib.emogi_bfs_gpu, ctypes.byref(p.out), source,
                      ctypes.byref(bo), _ptr(depth), ctypes.byref(st))
    if not parents:
        return _result(depth, st, stats)
    parent = np.empty(g.nv, dtype=np.uint64)
    _lib.call(EmogiError, lib.emogi_bfs_parents, cg, source, _ptr(depth), _ptr(parent))
    return _result((depth, parent), st, stats)


@_threads
def sssp(g, source, *, unit_weights=False, delta=0.0, stats=False, device=None,
         original_ids=False, **placement):
    """Single-source shortest paths from source (delta-stepping), as emogi-sssp.

    Distances are uint64 (2**64-1 where unreached) for uint32 weights or
    unit_weights=True, float32 (+inf where unreached) for float32 weights.
    delta: the bucket width, a positive finite number as emogi-sssp --delta takes,
    or 0 (the default) for one chosen from the weights.  stats=True also returns
    a dict (seconds, iterations, reached, edges_relaxed, edge_bytes, edges_examined,
    and link_bytes and devmem_bytes, 0 on the CPU).  device='gpu': the CUDA
    kernel (Bellman-Ford over frontiers; delta unused), placed as emogi-sssp
    places the graph, with bfs's placement keywords.  original_ids: as bfs's.
    """
    lib, cg = _lib.lib(), _graph(g)
    unit_weights = _check.flag(unit_weights, "unit_weights")
    stats, original_ids = _check.flag(stats, "stats"), _check.flag(original_ids, "original_ids")
    delta = _check.real(delta, "delta", lambda d: d == 0 or 0 < d < math.inf,
                        "a positive finite bucket width (emogi-sssp --delta), or 0 for one "
                        "chosen from the weights")
    o = _gpu_options(device, placement)
    source = _check_source(g, source, original_ids)
    opts = _lib.SsspOpts(1 if unit_weights else 0, delta)
    _lib.call(EmogiError, lib.emogi_sssp_check_weights, cg, ctypes.byref(opts))
    dtype = np.float32 if lib.emogi_sssp_float_dist(cg, ctypes.byref(opts)) else np.uint64
    dist = np.empty(g.nv, dtype=dtype)
    st = _lib.SsspStats()
    if o is None:
        _lib.call(EmogiError, lib.emogi_sssp_cpu, cg, source, ctypes.byref(opts), _ptr(dist),
                  ctypes.byref(st))
        return _result(dist, st, stats)
    stamp = 4  # the kernels' per-vertex frontier stamp, as emogi-sssp counts it
    with _Placement(g.cgraph(), o, g.nv * (dist.itemsize + stamp),
                    with_weights=not unit_weights) as p:
        _lib.call(EmogiError, lib.emogi_sssp_gpu, ctypes.byref(p.out), source, ctypes.byref(opts),
                  o["kernel"], _ptr(dist), ctypes.byref(st))
    return _result(dist, st, stats)


@_threads
def cc(g, *, stats=False, device=None, **placement):
    """Connected components (weakly, for a directed graph with a stored transpose).

    Each label is the smallest vertex id of the component: uint32 when the graph
    stores 4-byte ids, uint64 for 8-byte ids, as emogi-cc writes.  stats=True also
    returns a dict (seconds, passes, edges_examined, edge_bytes, and link_bytes and
    devmem_bytes, 0 on the CPU).  device='gpu': emogi-cc's GPU union-find, the
    graph (and a directed graph's transpose) placed as the tool places them, with
    bfs's placement keywords.
    """
    lib, cg = _lib.lib(), _graph(g)
    stats = _check.flag(stats, "stats")
    o = _gpu_options(device, placement)
    _lib.call(EmogiError, lib.emogi_cc_check_graph, cg)
    labels = np.empty(g.nv, dtype=np.uint32 if g.id_width == 4 else np.uint64)
    st = _lib.CcStats()
    if o is None:
        _lib.call(EmogiError, lib.emogi_cc_cpu, cg, _ptr(labels), ctypes.byref(st))
        return _result(labels, st, stats)
    with _Placement(g.cgraph(), o, g.nv * 10, with_in=True) as p:  # 10: emogi-cc's state
        inn = ctypes.byref(p.inn) if p.inn is not None else None
        _lib.call(EmogiError, lib.emogi_cc_gpu, ctypes.byref(p.out), inn, _CC_UF, o["kernel"],
                  _ptr(labels), ctypes.byref(st))
    return _result(labels, st, stats)


@_threads
def pagerank(g, *, damping=0.85, tolerance=1e-4, max_iterations=100, precision="float64",
             method="gauss-seidel", weighted=False, stats=False, device=None, **placement):
    """PageRank, as emogi-pagerank: edge weights are ignored unless weighted=True
    (emogi-pagerank --weighted), which takes them as transition probabilities:
    each out-edge's weight over its source's out-weight sum, a vertex whose
    out-weights sum to 0 dangling, as networkx.pagerank(G, weight='weight').

    damping (0 <= d < 1), tolerance (finite, >= 0) and max_iterations (1 to
    2^32-1) take the ranges of the tool's --damping, --tolerance and
    --max-iterations.  tolerance is the total L1 change sum |rank' - rank| between iterations (what
    networkx calls tol times the vertex count); dangling vertices spread their rank
    to every vertex.  method: 'gauss-seidel' (the tool's default) or 'jacobi'
    (reproducible bit for bit).  precision: 'float64' or 'float32' (rounded on
    output), the result's dtype.  stats=True also returns a dict (seconds,
    iterations, converged, delta, edges_read, edge_bytes, edges_examined, and
    link_bytes and devmem_bytes, 0 on the CPU).  device='gpu': emogi-pagerank's
    CUDA kernel (method is the CPU's choice) on the in-edges placed as the tool
    places them, with bfs's placement keywords.
    """
    lib, cg = _lib.lib(), _graph(g)
    damping = _check.real(damping, "damping", lambda d: 0 <= d < 1,
                          "a damping factor 0 <= d < 1 (emogi-pagerank --damping)")
    tolerance = _check.real(tolerance, "tolerance", lambda t: 0 <= t < math.inf,
                            "a finite number >= 0 (emogi-pagerank --tolerance)")
    max_iterations = _check.integer(max_iterations, "max_iterations", 1, _check.U32_MAX,
                                    "an iteration cap (emogi-pagerank --max-iterations)")
    weighted, stats = _check.flag(weighted, "weighted"), _check.flag(stats, "stats")
    o = _gpu_options(device, placement)
    if precision not in ("float64", "float32"):
        raise ValueError("precision must be 'float64' or 'float32', not %r" % (precision,))
    if method not in ("gauss-seidel", "jacobi"):
        raise ValueError("method must be 'gauss-seidel' or 'jacobi', not %r" % (method,))
    prm = _lib.PagerankParams(damping, tolerance, max_iterations, 1 if weighted else 0)
    _lib.call(ValueError, lib.emogi_pagerank_check_params, ctypes.byref(prm))
    rank = np.empty(g.nv, dtype=np.float64)
    st = _lib.PagerankStats()
    in_edges = _lib.CGraph()
    find_in = lib.emogi_pagerank_in_edges_weighted if weighted else lib.emogi_pagerank_in_edges
    _lib.call(EmogiError, find_in, cg, ctypes.byref(in_edges))
    # as the tool: float32 contributions where the tolerance is far above their rounding
    store = (_lib.PAGERANK_STORE_F32 if tolerance >= _lib.PAGERANK_F32_TOLERANCE
             else _lib.PAGERANK_STORE_F64)
    run = lib.emogi_pagerank_cpu_jacobi if method == "jacobi" else lib.emogi_pagerank_cpu_gs
    try:
        if o is not None:
            # emogi-pagerank's state: 24 bytes a vertex, 8 more weighted
            with _Placement(in_edges, o, g.nv * (32 if weighted else 24),
                            with_weights=weighted) as p:
                _lib.call(EmogiError, lib.emogi_pagerank_gpu, ctypes.byref(p.out),
                          ctypes.byref(prm), o["kernel"], _ptr(rank), ctypes.byref(st))
        else:
            _lib.call(EmogiError, run, ctypes.byref(in_edges), ctypes.byref(prm), store,
                      _ptr(rank), ctypes.byref(st))
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
    path = _check.path(path)
    if not isinstance(g, Graph):
        _check.path(g, "g (an emogi.Graph, or its file)")
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
