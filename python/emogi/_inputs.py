"""What the traversals accept as a graph, brought to one C struct emogi_graph.

A .csr path or an open emogi.Graph is the file libemogi validated and
mapped; a scipy.sparse array or matrix, a dense numpy array or a networkx
graph becomes CSR arrays that libemogi checks as it checks a file
(emogi_csr_from_arrays) and traverses where they are: nothing is written.
A matrix's stored entries are its edges (explicit zeros too, as
scipy.sparse.csgraph takes them), a dense array's entries that are neither
0 nor inf nor nan, as csgraph's null values; a networkx graph's edges in
the order of its nodes, weighted by the 'weight' attribute (default 1).
"""
import ctypes
import os

import numpy as np

from . import _check, _lib
from ._lib import EmogiError
from .csr import Graph

_ACCEPTS = ("a .csr path, an emogi.Graph, a scipy.sparse array or matrix, a square numpy "
            "array or a networkx graph")


class Prepared:
    """G as libemogi takes it: .c (a struct emogi_graph), .nv, .id_width,
    .path (for messages), the vertex keys for results, and how sources are
    named.  close() releases what was opened or built for the call."""

    def __init__(self):
        self.graph, self._opened, self._keep, self._in = None, False, [], None
        self.nodes, self._index = None, None

    # ---- the input kinds ----
    @classmethod
    def of(cls, g, directed, weights):
        """G prepared; DIRECTED as scipy spells it (None: the input's own);
        WEIGHTS whether the edge values matter (sssp, weighted pagerank)."""
        p = cls()
        directed = _check.flag(directed, "directed", none=True)
        try:
            if isinstance(g, (Graph, str, bytes, os.PathLike)):
                p._file(g, directed)
            elif _is_networkx(g):
                p._networkx(g, directed, weights)
            elif hasattr(g, "tocsr") and hasattr(g, "shape"):
                p._sparse(g, True if directed is None else directed, weights)
            elif isinstance(g, np.ndarray) or (isinstance(g, (list, tuple)) and len(g) and
                                               isinstance(g[0], (list, tuple, np.ndarray))):
                p._dense(np.asarray(g), True if directed is None else directed, weights)
            else:
                raise TypeError("g must be %s, not %s" % (_ACCEPTS, type(g).__name__))
        except BaseException:
            p.close()
            raise
        return p

    def _file(self, g, directed):
        if not isinstance(g, Graph):
            g = Graph(_check.path(g, "g"))
            self.graph, self._opened = g, True
        if g.part is not None:  # its ids are the whole graph's: the kernels would read past it
            raise EmogiError("%s is part %d of %d of a graph; traverse the whole file"
                             % (g.path, g.part["index"] + 1, g.part["count"]))
        if directed is False and g.directed:
            raise ValueError("directed=False, but %s is a directed graph: convert it with "
                             "emogi-convert --undirected, or pass g.to_scipy()" % g.path)
        self.graph, self.c, self.nv, self.id_width = g, g.cgraph(), g.nv, g.id_width
        self.path = os.fsdecode(g.path)

    def _networkx(self, h, directed, weights):
        import networkx as nx
        self.nodes = list(h)
        a = nx.to_scipy_sparse_array(h, nodelist=self.nodes, weight="weight", format="csr") \
            if hasattr(nx, "to_scipy_sparse_array") else \
            nx.to_scipy_sparse_matrix(h, nodelist=self.nodes, weight="weight", format="csr")
        self._sparse(a, h.is_directed() if directed is None else directed, weights,
                     what="networkx graph")

    def _dense(self, a, directed, weights):
        if a.ndim != 2 or a.shape[0] != a.shape[1]:
            raise ValueError("g: a dense graph must be a square 2-d array, not of shape %s"
                             % (a.shape,))
        if a.dtype.kind not in "biuf":
            raise TypeError("g: a dense graph holds numbers, not %s" % a.dtype)
        edge = (a != 0) & ~np.isnan(a) & ~np.isinf(a) if a.dtype.kind == "f" else a != 0
        rows, cols = np.nonzero(edge)
        self._pairs(a.shape[0], rows, cols, a[rows, cols], directed, weights, "array")

    def _sparse(self, a, directed, weights, what="matrix"):
        if len(a.shape) != 2 or a.shape[0] != a.shape[1]:
            raise ValueError("g: a sparse graph must be square, not %s" % ("x".join(
                map(str, a.shape))))
        m = a.tocsr()
        if directed and m.has_canonical_format:  # traversed as stored: no copy of the lists
            self._csr(m.shape[0], m.indptr, m.indices, m.data, True, weights, what)
            return
        coo = m.tocoo()
        self._pairs(coo.shape[0], coo.row, coo.col, coo.data, directed, weights, what)

    def _pairs(self, nv, rows, cols, vals, directed, weights, what):
        """Edges (ROWS[i], COLS[i]) of value VALS[i] as sorted lists, duplicates
        summed as scipy sums them; undirected, each edge both ways at the
        smaller value where both ways are stored, as scipy.sparse.csgraph's
        undirected searches take it."""
        rows, cols = np.asarray(rows, np.int64), np.asarray(cols, np.int64)
        vals = np.asarray(vals)
        order = np.lexsort((cols, rows))
        rows, cols, vals = rows[order], cols[order], vals[order]
        first = np.ones(len(rows), bool)
        first[1:] = (rows[1:] != rows[:-1]) | (cols[1:] != cols[:-1])
        starts = np.flatnonzero(first)
        vals = np.add.reduceat(vals, starts) if len(vals) else vals
        rows, cols = rows[starts], cols[starts]
        if not directed:
            rows, cols = np.concatenate([rows, cols]), np.concatenate([cols, rows])
            vals = np.concatenate([vals, vals])
            order = np.lexsort((vals, cols, rows))
            rows, cols, vals = rows[order], cols[order], vals[order]
            keep = np.ones(len(rows), bool)
            keep[1:] = (rows[1:] != rows[:-1]) | (cols[1:] != cols[:-1])
            rows, cols, vals = rows[keep], cols[keep], vals[keep]
        offsets, cols, vals = lists_from_pairs(rows, cols, vals, nv, ordered=True)
        self._csr(nv, offsets, cols, vals, directed, weights, what)

    def _csr(self, nv, indptr, indices, data, directed, weights, what):
        """Sorted CSR arrays handed to libemogi, viewed where their types allow."""
        self.path, self.nv = "<%s>" % what, int(nv)
        self.id_width = 4 if nv <= _check.U32_MAX else 8
        ids = np.dtype("<u4" if self.id_width == 4 else "<u8")
        off = _view(np.asarray(indptr), np.dtype("<u8"))
        nbr = _view(np.asarray(indices), ids)
        c = _lib.CGraph(nv=self.nv, flags=_lib.DIRECTED if directed else 0,
                        id_width=self.id_width)
        c.offsets, c.neighbors = off.ctypes.data, nbr.ctypes.data
        self._keep += [off, nbr]
        if weights:
            w = _weights(np.asarray(data))
            c.flags |= _lib.WEIGHTED
            c.weight_type = _lib.WEIGHT_UINT32 if w.dtype == np.dtype("<u4") \
                else _lib.WEIGHT_FLOAT32
            c.weights = w.ctypes.data
            self._keep.append(w)
        self._name = self.path.encode()
        _lib.call(ValueError, _lib.lib().emogi_csr_from_arrays, ctypes.byref(c), self._name)
        self.c = c

    def with_transpose(self):
        """The graph with its in-lists (for weak components of a directed graph
        held as arrays): built by libemogi (emogi_pagerank_in_edges)."""
        c = self.c
        if not c.flags & _lib.DIRECTED or c.t_offsets:
            return c
        inn = _lib.CGraph()
        _lib.call(EmogiError, _lib.lib().emogi_pagerank_in_edges, ctypes.byref(c),
                  ctypes.byref(inn))
        self._in = (_copy(c), inn)
        t = _copy(c)
        t.flags |= _lib.TRANSPOSE
        t.t_offsets, t.t_neighbors = inn.offsets, inn.neighbors
        self.c = t
        return t

    def close(self):
        if self._in is not None:
            _lib.lib().emogi_pagerank_in_edges_free(ctypes.byref(self._in[0]),
                                                    ctypes.byref(self._in[1]))
            self._in = None
        if self._opened:
            self.graph.close()
            self._opened = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- vertices as the input names them ----
    def keys(self):
        """A function giving each vertex's key for Result.to_dict()."""
        if self.nodes is not None:
            nodes = self.nodes
            return lambda: nodes
        g = self.graph  # looked up when to_dict() asks: names cost a str a vertex
        if g is not None and g.name_offsets is not None:
            return lambda: g.names
        if g is not None and g.idmap is not None:
            return lambda: g.idmap.tolist()
        nv = self.nv
        return lambda: range(nv)

    def source(self, source, original_ids=False):
        """The compact id of SOURCE, named as the input names vertices: a
        compact id; a name (str or bytes) on a graph with names; a networkx
        node; with original_ids an input id looked up in the id map, or on a
        graph with names the name an integer input id is written as."""
        original_ids = _check.flag(original_ids, "original_ids")
        if self.nodes is not None:
            if self._index is None:
                self._index = {n: i for i, n in enumerate(self.nodes)}
            try:
                return self._index[source]
            except (KeyError, TypeError):
                raise ValueError("source %r is not a node of the networkx graph"
                                 % (source,)) from None
        g = self.graph
        names = g is not None and g.name_offsets is not None
        if names and original_ids and _check.is_int(source):
            source = str(int(source))  # an input id of a --string-ids graph is its name
        if isinstance(source, (str, bytes)):
            if not names:
                raise ValueError("%s: source %r is a name, but the graph has no names (only "
                                 "graphs converted with emogi-convert --string-ids have)"
                                 % (self.path, source))
            raw = source.encode("utf-8", "surrogateescape") if isinstance(source, str) \
                else source
            v = _lib.c_u64()
            if _lib.lib().emogi_csr_find_name(ctypes.byref(self.c), raw, len(raw),
                                              ctypes.byref(v)) != 0:
                raise ValueError("%s: source %r is not a name of the graph" % (self.path, source))
            return v.value
        if names and original_ids:
            raise TypeError("source must be a name (str) or an integer input id of the "
                            "--string-ids graph %s, not %r" % (self.path, source))
        if not _check.is_int(source):
            raise TypeError("source must be an integer, a vertex id (%s)%s, not %r"
                            % ("an input id" if original_ids else "0..nv-1",
                               ", or a name (str)" if names else "", source))
        s = int(source)
        if self.nv == 0:
            raise ValueError("%s: the graph has no vertices" % self.path)
        how = "an input id, original_ids=True"
        if original_ids and g is not None and g.idmap is not None:
            found = np.flatnonzero(g.idmap == np.uint64(s)) if 0 <= s < 2**64 else ()
            if len(found) == 0:
                raise ValueError("%s: source %d (%s) is not in the graph's id map"
                                 % (self.path, s, how))
            return int(found[0])  # the smallest vertex, as the tools pick
        if 0 <= s < self.nv:
            return s
        if original_ids:
            raise ValueError("%s: source %d (%s) out of range 0..%d: the graph has no id map, "
                             "so its input ids are its own" % (self.path, s, how, self.nv - 1))
        raise ValueError("%s: source %d out of range (compact ids 0..%d)"
                         % (self.path, s, self.nv - 1))


def lists_from_pairs(src, dst, values, nv, ordered=False):
    """Edges SRC[i] -> DST[i] (with VALUES[i], or None) as CSR lists sorted by
    source, then target: (offsets, targets, values).  ORDERED: already so."""
    if not ordered:
        order = np.lexsort((dst, src))
        dst = dst[order]
        values = None if values is None else values[order]
    offsets = np.zeros(nv + 1, dtype=np.uint64)
    np.cumsum(np.bincount(np.asarray(src, np.int64), minlength=nv), out=offsets[1:])
    return offsets, dst, values


def _is_networkx(g):
    return type(g).__module__.startswith("networkx.") and hasattr(g, "is_directed")


def _copy(c):
    t = _lib.CGraph()
    ctypes.memmove(ctypes.byref(t), ctypes.byref(c), ctypes.sizeof(t))
    return t


def _view(a, dtype):
    """A as DTYPE, contiguous: a view where the bytes already are (scipy's
    int32 ids as uint32, int64 offsets as uint64), else a converted copy."""
    if a.size and int(a.min()) < 0:
        raise ValueError("g: negative index %d in the sparse structure" % int(a.min()))
    if a.dtype.itemsize == dtype.itemsize and a.dtype.kind in "iu" and \
            a.dtype.byteorder in "=<|" and a.flags.c_contiguous:
        return a.view(dtype)
    return np.ascontiguousarray(a, dtype=dtype)


def _weights(w):
    """Edge values as libemogi stores weights: uint32 when they are whole
    numbers from 0 to 2^32-1 (exact distances), else float32."""
    if w.dtype.kind not in "biuf":
        raise TypeError("g: edge values must be numbers, not %s" % w.dtype)
    if w.size and w.min() < 0:
        raise ValueError("g: negative edge weight %r (shortest paths need weights >= 0)"
                         % w.min())
    whole = w.dtype.kind in "biu" or bool(np.all(np.isfinite(w)) and np.all(w == np.round(w)))
    if whole and (w.size == 0 or w.max() <= _check.U32_MAX):
        return np.ascontiguousarray(w, dtype="<u4")
    w32 = np.ascontiguousarray(w, dtype="<f4")
    if not np.all(np.isfinite(w32)):
        raise ValueError("g: edge weights must be finite in float32, not %r"
                         % w[~np.isfinite(w32)][0])
    return w32
