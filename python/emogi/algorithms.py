"""BFS, SSSP, weak and strong components, PageRank, betweenness centrality and
triangles through libemogi, shaped as scipy.sparse.csgraph's functions (the
graph first, directed= as scipy spells it), and the tools' outputs.

Every function takes as its graph a .csr path, an open emogi.Graph, a
scipy.sparse array or matrix, a square numpy array or a networkx graph
(_inputs.py); results are numpy arrays of one value a vertex (Result:
result.to_dict() keys them by name or original id).  The CPU kernels,
the GPU placement, its byte counts and the thread count are all
libemogi's: nothing here computes what the library does.
"""
import builtins
import ctypes
import functools
import math
import numbers
import os
import re

import numpy as np

from . import _check, _lib
from ._inputs import Prepared, _is_networkx
from ._lib import EmogiError
from ._result import wrap
from .csr import Graph

# The placement keywords every algorithm takes with device='gpu' (or 'gpu:N',
# 'auto'), as the tools' options: --device gpu:N, --mem, --gpu-memory,
# --uvm-advice, --hybrid, --kernel.
_GPU_DEFAULTS = {"gpu": 0, "mem": "auto", "gpu_memory": 0, "uvm_advice": "read-mostly",
                 "hybrid": "heads", "kernel": "aligned"}


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


def _threads(fn):
    """Give FN the keyword threads=N, as the tools' --threads: the CPU kernels'
    threads for this call (1..4096; libemogi's emogi_set_cpu_threads), the
    previous count restored after it; None (the default): libemogi's.  A
    build without OpenMP runs one."""
    @functools.wraps(fn)
    def run(*args, threads=None, **kw):
        if threads is None:
            return fn(*args, **kw)
        if (not isinstance(threads, numbers.Integral) or isinstance(threads, bool)
                or not 1 <= threads <= 4096):
            raise ValueError("threads must be a count of CPU threads, 1..4096, not %r"
                             % (threads,))
        lib = _lib.lib()
        old = lib.emogi_set_cpu_threads(int(threads))
        try:
            return fn(*args, **kw)
        finally:
            lib.emogi_set_cpu_threads(old)
    return run


class _Placement:
    """C graph placed on a GPU as the tools place it (emogi_place_for): the
    graph within the budget and, WHAT asking, its transpose with the same
    placement and split.  A context manager: leaving it frees the device
    memory and unpins the file."""

    def __init__(self, c, o, state_bytes, what=0, with_weights=False):
        lib = _lib.lib()
        po = _lib.PlaceOpts(device=int(o["gpu"]), mem=o["mem"], advice=o["uvm_advice"],
                            state_bytes=int(state_bytes), with_weights=int(with_weights),
                            gpu_memory=int(o["gpu_memory"]), rule=o["hybrid"])
        self._p = _lib.c_ptr()
        _lib.call(EmogiError, lib.emogi_place_for, ctypes.byref(c), ctypes.byref(po), what,
                  ctypes.byref(self._p))
        self.out = lib.emogi_placement_out(self._p)
        inn = lib.emogi_placement_in(self._p)
        self.inn = inn if inn else None  # a NULL pointer: no in-lists placed

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        _lib.lib().emogi_placement_free(self._p)
        self._p = None


def _ptr(arr):
    return arr.ctypes.data_as(ctypes.c_void_p)


# struct emogi_bfs_opts' level_done(arg, level, direction, found, seconds)
_LEVEL_DONE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int,
                               ctypes.c_uint64, ctypes.c_double)
PROGRESS_MIN_VERTICES = 1 << 20  # progress=None: a bar for searches of this many vertices up


def _progress_bar(progress, nv):
    """A tqdm bar for a search of NV vertices, or None: progress=True wants
    one (tqdm must be installed), False none, None one where tqdm is
    installed, the graph is large and standard error is a terminal or the
    code runs in a notebook."""
    progress = _check.flag(progress, "progress", none=True)
    if progress is False:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        if progress:
            raise ValueError("progress=True needs tqdm (pip install tqdm)") from None
        return None
    if progress is None:
        import sys
        shown = "ipykernel" in sys.modules or (hasattr(sys.stderr, "isatty") and
                                                sys.stderr.isatty())
        if not shown or nv < PROGRESS_MIN_VERTICES:
            return None
    return tqdm(total=nv, unit="vertex", desc="bfs", leave=False)


def _level_done(bar):
    """A level_done callback that moves BAR by each level's finds (None: none)."""
    if bar is None:
        return None
    return _LEVEL_DONE(lambda arg, level, way, found, seconds: bar.update(found))


def _result(p, arr, st, stats):
    """ARR (one value a vertex of P) as a Result, with the stats dict when asked."""
    r = wrap(arr, p.keys())
    return (r, _lib.stats_dict(st)) if stats else r


@_threads
def bfs(g, source, *, directed=None, parents=False, stats=False, device=None,
        direction="auto", original_ids=False, progress=None, **placement):
    """Breadth-first search of g from source, as emogi-bfs.

    g: a .csr path, an emogi.Graph, a scipy.sparse array or matrix, a square
    numpy array or a networkx graph; directed as scipy.sparse.csgraph takes it
    (True: along the stored direction, row to column; False: either way; None,
    the default: a file's or networkx graph's own, True for arrays).  source:
    a compact id 0..nv-1; on a graph with names (emogi-convert --string-ids) a
    name, on a networkx graph a node; original_ids=True takes an input id,
    looked up in the graph's id map (emogi-bfs -S).

    Returns the depths, a uint32 array of nv entries (emogi.UNREACHED,
    0xFFFFFFFF, where unreached); with parents=True the pair (depth, parent),
    parent uint64 (the smallest in-neighbour one level up; emogi.NO_PARENT
    where unreached); with stats=True also a dict of the kernel's figures
    (seconds, levels, reached, edges_examined, edge_bytes, link_bytes,
    devmem_bytes, push_levels, pull_levels, and reached_edges: the stored
    out-entries of the reached vertices, each undirected edge twice).  Each
    array is a Result: result.to_dict() keys its values by the vertices'
    names or original ids.

    device: as emogi-bfs --device: None or 'cpu' (the default) the CPU kernel;
    'gpu' or 'gpu:N' the CUDA kernel on the graph placed as emogi-bfs places it,
    with the placement keywords (gpu, mem, gpu_memory (bytes, or a size string
    such as '16G'), uvm_advice, hybrid, kernel) and direction ('auto', 'push',
    'pull', 'gap'; on the CPU the search is always 'auto'); 'auto' the GPU when
    one is usable, else the CPU.  threads=N: the CPU threads (--threads); every
    algorithm takes device, the placement keywords and threads.

    progress: a tqdm bar of the vertices found, level by level: True (tqdm
    must be installed), False, or None (the default) where tqdm is installed,
    the graph has PROGRESS_MIN_VERTICES vertices or more and standard error
    is a terminal or the code runs in a notebook.
    """
    with Prepared.of(g, directed, weights=False) as p:
        return _bfs(p, source, parents, stats, device, direction, original_ids, progress,
                    placement)


def _bfs(p, source, parents, stats, device, direction, original_ids, progress, placement):
    lib, cg = _lib.lib(), ctypes.byref(p.c)
    parents, stats = _check.flag(parents, "parents"), _check.flag(stats, "stats")
    d = _enum(lib.emogi_direction_parse, "direction (auto, push, pull, gap)", direction)
    o = _gpu_options(device, placement)
    source = p.source(source, original_ids)
    bar = _progress_bar(progress, p.nv)
    level_done = _level_done(bar)
    depth = np.empty(p.nv, dtype=np.uint32)
    st = _lib.BfsStats()
    try:
        if o is None:
            bo = _lib.BfsOpts(count_reached_edges=int(stats))
            bo.level_done = ctypes.cast(level_done, ctypes.c_void_p) if level_done else None
            _lib.call(EmogiError, lib.emogi_bfs_cpu_with, cg, source, ctypes.byref(bo),
                      _ptr(depth), ctypes.byref(st))
        else:
            what = 0 if d == _lib.DIR_PUSH else _lib.PLACE_IN | _lib.PLACE_FIRSTS
            with _Placement(p.c, o, lib.emogi_bfs_gpu_state_bytes(cg), what) as pl:
                bo = _lib.BfsOpts(direction=d, kernel=o["kernel"], in_=pl.inn,
                                  count_reached_edges=int(stats))
                bo.level_done = ctypes.cast(level_done, ctypes.c_void_p) if level_done else None
                _lib.call(EmogiError, lib.emogi_bfs_gpu, pl.out, source, ctypes.byref(bo),
                          _ptr(depth), ctypes.byref(st))
    finally:
        if bar is not None:
            bar.close()
    if not parents:
        return _result(p, depth, st, stats)
    parent = np.empty(p.nv, dtype=np.uint64)
    _lib.call(EmogiError, lib.emogi_bfs_parents, cg, source, _ptr(depth), _ptr(parent))
    pair = (wrap(depth, p.keys()), wrap(parent, p.keys()))
    return (pair, _lib.stats_dict(st)) if stats else pair


@_threads
def sssp(g, source, *, directed=None, unit_weights=False, delta=0.0, stats=False, device=None,
         original_ids=False, **placement):
    """Single-source shortest paths of g from source (delta-stepping), as emogi-sssp
    and scipy.sparse.csgraph.dijkstra(g, directed, indices=source).

    g, directed, source and original_ids: as bfs's.  The edge values are the
    weights: whole numbers from 0 to 2^32-1 are kept exactly (uint32), others
    as float32.  Distances are uint64 (emogi.SSSP_UNREACHED, 2**64-1, where
    unreached) for uint32 weights or unit_weights=True, float32 (+inf where
    unreached) for float32 weights.  delta: the bucket width, a positive
    finite number as emogi-sssp --delta takes, or 0 (the default) for one
    chosen from the weights.  stats=True also returns a dict (seconds,
    iterations, reached, edges_relaxed, edge_bytes, edges_examined, and
    link_bytes and devmem_bytes, 0 on the CPU).  device='gpu': the CUDA
    kernel (Bellman-Ford over frontiers; delta unused), placed as emogi-sssp
    places the graph, with bfs's placement keywords.
    """
    with Prepared.of(g, directed, weights=not unit_weights) as p:
        return _sssp(p, source, unit_weights, delta, stats, device, original_ids, placement)


def _sssp(p, source, unit_weights, delta, stats, device, original_ids, placement):
    lib, cg = _lib.lib(), ctypes.byref(p.c)
    unit_weights = _check.flag(unit_weights, "unit_weights")
    stats = _check.flag(stats, "stats")
    delta = _check.real(delta, "delta", lambda d: d == 0 or 0 < d < math.inf,
                        "a positive finite bucket width (emogi-sssp --delta), or 0 for one "
                        "chosen from the weights")
    o = _gpu_options(device, placement)
    source = p.source(source, original_ids)
    opts = _lib.SsspOpts(1 if unit_weights else 0, delta)
    _lib.call(EmogiError, lib.emogi_sssp_check_weights, cg, ctypes.byref(opts))
    dtype = np.float32 if lib.emogi_sssp_float_dist(cg, ctypes.byref(opts)) else np.uint64
    dist = np.empty(p.nv, dtype=dtype)
    st = _lib.SsspStats()
    if o is None:
        _lib.call(EmogiError, lib.emogi_sssp_cpu, cg, source, ctypes.byref(opts), _ptr(dist),
                  ctypes.byref(st))
        return _result(p, dist, st, stats)
    with _Placement(p.c, o, lib.emogi_sssp_gpu_state_bytes(cg, ctypes.byref(opts)),
                    with_weights=not unit_weights) as pl:
        _lib.call(EmogiError, lib.emogi_sssp_gpu, pl.out, source, ctypes.byref(opts),
                  o["kernel"], _ptr(dist), ctypes.byref(st))
    return _result(p, dist, st, stats)


@_threads
def cc(g, *, directed=None, connection="weak", stats=False, device=None, **placement):
    """Connected components of g, as scipy.sparse.csgraph.connected_components(g,
    directed, connection) and emogi-cc.

    g and directed: as bfs's (a directed .csr file needs its stored
    transpose, emogi-convert --transpose; arrays get theirs from libemogi).
    connection: 'weak' (the default: a directed graph's edges taken either
    way) or 'strong' (emogi-cc --strong: libemogi's trimming,
    forward-backward and colouring; on an undirected graph the same as
    'weak').  Returns (n_components, labels): labels an int32 array
    (int64 past 2^31 vertices) of nv entries numbering the components
    0..n_components-1 in the order of their smallest vertex (scipy numbers
    weak components so; its strong ones come in another order, the same
    partition); a Result (labels.to_dict()).  stats=True also returns a
    dict (seconds, passes, edges_examined, edge_bytes, and link_bytes and
    devmem_bytes, 0 on the CPU).  device='gpu': emogi-cc's GPU union-find,
    or for strong components its GPU forward-backward, the graph and a
    directed graph's transpose placed as the tool places them, with bfs's
    placement keywords.  emogi.cc_labels gives emogi-cc's own labels (each
    component's smallest vertex).
    """
    strong = _connection(connection)
    with Prepared.of(g, directed, weights=False) as p:
        labels, st = _cc(p, _check.flag(stats, "stats"), device, placement, strong)
        # numbered by their smallest vertex, the component's own label
        roots, numbers_ = np.unique(labels, return_inverse=True)
        dtype = np.int32 if p.nv < 2**31 else np.int64
        r = wrap(numbers_.astype(dtype, copy=False).reshape(-1), p.keys())
        return ((len(roots), r), _lib.stats_dict(st)) if stats else (len(roots), r)


@_threads
def cc_labels(g, *, directed=None, connection="weak", stats=False, device=None, **placement):
    """Components as emogi-cc writes them (with connection='strong', as
    emogi-cc --strong does): each vertex's label is the smallest vertex id
    of its component, uint32 when the graph's ids take 4 bytes, uint64 for
    8.  Arguments and stats as cc's."""
    strong = _connection(connection)
    with Prepared.of(g, directed, weights=False) as p:
        labels, st = _cc(p, _check.flag(stats, "stats"), device, placement, strong)
        return _result(p, labels, st, stats)


def _connection(connection):
    """Whether CONNECTION asks for strong components."""
    if connection not in ("weak", "strong"):
        raise ValueError("connection must be 'weak' or 'strong', not %r" % (connection,))
    return connection == "strong"


def _cc(p, stats, device, placement, strong=False):
    """Weak components, or with STRONG on a directed graph strong ones
    (emogi_scc_cpu, emogi_scc_gpu): both read the in-lists."""
    lib = _lib.lib()
    o = _gpu_options(device, placement)
    c = p.with_transpose() if p.graph is None else p.c
    cg = ctypes.byref(c)
    directed = bool(c.flags & _lib.DIRECTED)
    strong = strong and directed  # an undirected graph's strong components are its components
    try:  # the library's refusal says what is missing; the graph is the caller's to name
        _lib.call(EmogiError, lib.emogi_scc_check_graph if strong else lib.emogi_cc_check_graph,
                  cg)
    except EmogiError as e:
        raise EmogiError("%s: %s" % (p.path, e)) from None
    labels = np.empty(p.nv, dtype=np.uint32 if p.id_width == 4 else np.uint64)
    st = _lib.CcStats()
    if o is None:
        _lib.call(EmogiError, lib.emogi_scc_cpu if strong else lib.emogi_cc_cpu, cg,
                  _ptr(labels), ctypes.byref(st))
        return labels, st
    state = lib.emogi_scc_gpu_state_bytes(cg) if strong else lib.emogi_cc_gpu_state_bytes(cg)
    with _Placement(c, o, state, _lib.PLACE_IN) as pl:
        inn = pl.inn if directed else None
        if strong:
            _lib.call(EmogiError, lib.emogi_scc_gpu, pl.out, inn, o["kernel"], _ptr(labels),
                      ctypes.byref(st))
        else:
            _lib.call(EmogiError, lib.emogi_cc_gpu, pl.out, inn, _lib.CC_UF, o["kernel"],
                      _ptr(labels), ctypes.byref(st))
    return labels, st


def _sources(p, sources, original_ids):
    """The compact ids of SOURCES: None every vertex; a list, tuple, range
    or 1-d numpy array several (repeats kept); anything else one, named as
    bfs's source is."""
    if sources is None:
        return list(range(p.nv))
    if isinstance(sources, np.ndarray) and sources.ndim == 0:
        sources = sources.item()
    if isinstance(sources, (list, tuple, range, np.ndarray)):
        if isinstance(sources, np.ndarray) and sources.ndim != 1:
            raise ValueError("sources must be a 1-d array of vertices, not of shape %s"
                             % (sources.shape,))
        if len(sources) == 0:
            raise ValueError("sources is empty: give at least one vertex, or None for every "
                             "vertex")
        return [p.source(s.item() if isinstance(s, np.generic) else s, original_ids)
                for s in sources]
    return [p.source(sources, original_ids)]


@_threads
def bc(g, sources=None, *, directed=None, normalized=False, stats=False, device=None,
       original_ids=False, **placement):
    """Betweenness centrality of g by Brandes' algorithm, as emogi-bc: for each
    source a breadth-first search counting shortest paths, then the
    dependencies accumulated level by level backwards.

    g and directed: as bfs's (unweighted: every edge is one hop).  sources:
    None (the default) every vertex, as networkx.betweenness_centrality;
    one vertex, or a list, tuple, range or 1-d array of them (repeats
    counted, as emogi-bc -s and -n count them), each named as bfs's source
    (a compact id, a name, a networkx node; original_ids=True an input id).
    A networkx node that is itself a tuple goes inside a list.

    Returns a float64 Result of nv scores: score[v] sums, over the sources s
    other than v, the shares of the shortest paths from s to every other
    vertex that pass through v, emogi-bc's sums over ordered pairs.  On a
    directed graph that is networkx's betweenness_centrality_subset(G,
    sources, targets=every vertex, normalized=False) (with every vertex a
    source, betweenness_centrality(G, normalized=False)); on an undirected
    graph, where networkx halves its sums, twice networkx's.
    normalized=True (emogi-bc --normalize) divides by (nv-1)(nv-2), which
    is networkx's normalized=True on directed and undirected graphs alike.
    stats=True also returns a dict summed over the searches (searches,
    seconds, reached, edges_examined, edge_bytes, link_bytes, devmem_bytes;
    levels: the deepest search's).  device='gpu': emogi-bc's CUDA kernels,
    the graph (and a directed .csr file's transpose, for the bottom-up
    levels) placed as the tool places them, with bfs's placement keywords.
    """
    normalized = _check.flag(normalized, "normalized")
    stats = _check.flag(stats, "stats")
    with Prepared.of(g, directed, weights=False) as p:
        lib, cg = _lib.lib(), ctypes.byref(p.c)
        o = _gpu_options(device, placement)
        srcs = _sources(p, sources, original_ids)
        score = np.zeros(p.nv, dtype=np.float64)
        total = dict.fromkeys(("searches", "seconds", "levels", "reached", "edges_examined",
                               "edge_bytes", "link_bytes", "devmem_bytes"), 0)
        st = _lib.BcStats()

        def add():
            total["searches"] += 1
            for name, _ in _lib.BcStats._fields_:
                v = getattr(st, name)
                total[name] = max(total[name], v) if name == "levels" else total[name] + v
        if o is None:
            for s in srcs:
                _lib.call(EmogiError, lib.emogi_bc_cpu, cg, s, _ptr(score), ctypes.byref(st))
                add()
        else:
            with _Placement(p.c, o, lib.emogi_bc_gpu_state_bytes(cg), _lib.PLACE_IN) as pl:
                for s in srcs:
                    _lib.call(EmogiError, lib.emogi_bc_gpu, pl.out, pl.inn, s, o["kernel"],
                              _ptr(score), ctypes.byref(st))
                    add()
        if normalized:
            lib.emogi_bc_normalize(p.nv, _ptr(score))
        r = wrap(score, p.keys())
        return (r, total) if stats else r


def _is_file(g):
    return isinstance(g, (Graph, str, bytes, os.PathLike))


@_threads
def tc(g, *, directed=None, undirected=False, per_vertex=True, stats=False, device=None,
       **placement):
    """Triangles of the undirected graph g, as emogi-tc: each counted once, on
    the edges oriented from the end of lower degree to the higher (libemogi
    renumbers by degree where GAP's rule says it pays).  Self-loops close no
    triangle and an edge stored twice counts once.

    g: as bfs's.  Triangles are counted on undirected graphs, so directed=None
    (the default) reads a scipy.sparse or numpy array as undirected (each
    stored entry an edge either way, as directed=False), and a file or
    networkx graph as it says; a directed graph (directed=True, a directed
    .csr file, a networkx DiGraph) is refused with ValueError unless
    undirected=True, which counts the undirected graph under it, every edge
    taken either way (emogi-tc --undirected; libemogi's emogi_tc_symmetric).

    Returns (n_triangles, counts), counts a uint64 Result of nv entries: the
    triangles each vertex belongs to, as networkx.triangles(G); with
    per_vertex=False n_triangles alone (faster: no per-vertex sums).
    stats=True also returns a dict (seconds, orient_seconds, triangles,
    relabelled, oriented_edges, edges_examined, edge_bytes, link_bytes,
    devmem_bytes).  device='gpu': emogi-tc's CUDA kernel over the graph
    placed as the tool places it, with bfs's placement keywords.
    """
    undirected = _check.flag(undirected, "undirected")
    per_vertex = _check.flag(per_vertex, "per_vertex")
    stats = _check.flag(stats, "stats")
    if directed is None and not _is_file(g) and not _is_networkx(g):
        directed = False  # arrays: undirected unless said otherwise
    with Prepared.of(g, directed, weights=False) as p:
        lib = _lib.lib()
        o = _gpu_options(device, placement)
        c, sym = p.c, None
        if c.flags & _lib.DIRECTED:
            if not undirected:
                raise ValueError("%s is a directed graph, and triangles are counted on "
                                 "undirected ones: pass undirected=True to count the "
                                 "undirected graph under it (or, for arrays and networkx graphs, "
                                 "directed=False)"
                                 % p.path)
            sym = _lib.CGraph()
            _lib.call(EmogiError, lib.emogi_tc_symmetric, ctypes.byref(c), ctypes.byref(sym))
            c = sym
        try:
            cg = ctypes.byref(c)
            _lib.call(EmogiError, lib.emogi_tc_check_graph, cg)
            counts = np.empty(p.nv, dtype=np.uint64) if per_vertex else None
            out = _ptr(counts) if per_vertex else None
            st = _lib.TcStats()
            if o is None:
                _lib.call(EmogiError, lib.emogi_tc_cpu, cg, out, ctypes.byref(st))
            else:
                with _Placement(c, o, lib.emogi_tc_gpu_state_bytes(cg, int(per_vertex))) as pl:
                    _lib.call(EmogiError, lib.emogi_tc_gpu, pl.out, o["kernel"], out,
                              ctypes.byref(st))
        finally:
            if sym is not None:
                lib.emogi_tc_symmetric_free(ctypes.byref(sym))
        n = int(st.triangles)
        r = (n, wrap(counts, p.keys())) if per_vertex else n
        return (r, _lib.stats_dict(st)) if stats else r


_UNSET = object()


def _alias(new, new_name, old, old_name, default):
    """The value of NEW_NAME, or of its documented alias OLD_NAME; not both."""
    if new is not _UNSET and old is not _UNSET:
        raise TypeError("give %s or its alias %s, not both" % (new_name, old_name))
    return new if new is not _UNSET else old if old is not _UNSET else default


@_threads
def pagerank(g, alpha=_UNSET, *, directed=None, tol=_UNSET, max_iter=_UNSET,
             precision="float64", method="gauss-seidel", weighted=False, stats=False,
             device=None, damping=_UNSET, tolerance=_UNSET, max_iterations=_UNSET,
             **placement):
    """PageRank of g, as emogi-pagerank and networkx.pagerank(G, alpha, tol=tol,
    max_iter=max_iter, weight=None).

    g and directed: as bfs's.  alpha: the damping factor, 0 <= alpha < 1
    (default 0.85).  tol: networkx's tolerance, per vertex: the iterations
    stop once the total L1 change sum |rank' - rank| is below nv * tol.
    max_iter: the iteration cap, 1 to 2^32-1 (default 100).  The tools' names
    are kept as aliases: damping for alpha, max_iterations for max_iter, and
    tolerance, the total L1 change itself (emogi-pagerank --tolerance,
    default 1e-4: what applies when neither tol nor tolerance is given).
    Dangling vertices spread their rank to every vertex.

    Edge values are ignored unless weighted=True (emogi-pagerank --weighted),
    which takes them as transition probabilities: each out-edge's weight
    over its source's out-weight sum, a vertex whose out-weights sum to 0
    dangling, as networkx.pagerank(G, weight='weight').  method:
    'gauss-seidel' (the tool's default) or 'jacobi' (reproducible bit for
    bit).  precision: 'float64' or 'float32' (rounded on output), the
    result's dtype.  stats=True also returns a dict (seconds, iterations,
    converged, delta, edges_read, edge_bytes, edges_examined, and link_bytes
    and devmem_bytes, 0 on the CPU).  device='gpu': emogi-pagerank's CUDA
    kernel (method is the CPU's choice) on the in-edges placed as the tool
    places them, with bfs's placement keywords.
    """
    alpha = _alias(alpha, "alpha", damping, "damping", 0.85)
    max_iter = _alias(max_iter, "max_iter", max_iterations, "max_iterations", 100)
    alpha_name = "alpha" if damping is _UNSET else "damping"
    alpha = _check.real(alpha, alpha_name, lambda d: 0 <= d < 1,
                        "a damping factor 0 <= d < 1 (emogi-pagerank --damping)")
    if tol is not _UNSET and tolerance is not _UNSET:
        raise TypeError("give tol (per vertex) or tolerance (the total), not both")
    if tol is not _UNSET:
        tol = _check.real(tol, "tol", lambda t: 0 <= t < math.inf,
                          "a finite number >= 0 (networkx's tol: per vertex)")
    else:
        tolerance = _check.real(1e-4 if tolerance is _UNSET else tolerance, "tolerance",
                                lambda t: 0 <= t < math.inf,
                                "a finite number >= 0 (emogi-pagerank --tolerance)")
    max_iter = _check.integer(max_iter, "max_iter" if max_iterations is _UNSET
                              else "max_iterations", 1, _check.U32_MAX,
                              "an iteration cap (emogi-pagerank --max-iterations)")
    weighted, stats = _check.flag(weighted, "weighted"), _check.flag(stats, "stats")
    o = _gpu_options(device, placement)
    if precision not in ("float64", "float32"):
        raise ValueError("precision must be 'float64' or 'float32', not %r" % (precision,))
    if method not in ("gauss-seidel", "jacobi"):
        raise ValueError("method must be 'gauss-seidel' or 'jacobi', not %r" % (method,))
    with Prepared.of(g, directed, weights=weighted) as p:
        if tol is not _UNSET:
            tolerance = tol * p.nv
        return _pagerank(p, alpha, tolerance, max_iter, precision, method, weighted, stats, o)


def _pagerank(p, alpha, tolerance, max_iter, precision, method, weighted, stats, o):
    lib, cg = _lib.lib(), ctypes.byref(p.c)
    prm = _lib.PagerankParams(alpha, tolerance, max_iter, 1 if weighted else 0)
    _lib.call(ValueError, lib.emogi_pagerank_check_params, ctypes.byref(prm))
    rank = np.empty(p.nv, dtype=np.float64)
    st = _lib.PagerankStats()
    in_edges = _lib.CGraph()
    find_in = lib.emogi_pagerank_in_edges_weighted if weighted else lib.emogi_pagerank_in_edges
    _lib.call(EmogiError, find_in, cg, ctypes.byref(in_edges))
    run = lib.emogi_pagerank_cpu_jacobi if method == "jacobi" else lib.emogi_pagerank_cpu_gs
    try:
        if o is not None:
            state = lib.emogi_pagerank_gpu_state_bytes(ctypes.byref(in_edges), int(weighted))
            with _Placement(in_edges, o, state, with_weights=weighted) as pl:
                _lib.call(EmogiError, lib.emogi_pagerank_gpu, pl.out, ctypes.byref(prm),
                          o["kernel"], _ptr(rank), ctypes.byref(st))
        else:
            _lib.call(EmogiError, run, ctypes.byref(in_edges), ctypes.byref(prm),
                      lib.emogi_pagerank_store_for(tolerance), _ptr(rank), ctypes.byref(st))
    finally:
        lib.emogi_pagerank_in_edges_free(cg, ctypes.byref(in_edges))
    if precision == "float32":
        rank = rank.astype(np.float32)
    return _result(p, rank, st, stats)


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
