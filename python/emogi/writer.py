"""Writing .csr files (emogi-csr(5)) from numpy arrays or scipy matrices."""
import ctypes
import os
import sys

import numpy as np

from . import _check, _lib
from ._check import U32_MAX, U64_MAX
from ._inputs import lists_from_pairs
from ._lib import DIRECTED, WEIGHTED, TRANSPOSE, IDMAP, WEIGHT_UINT32, WEIGHT_FLOAT32, EmogiError

# The largest vertex count: emogi-convert --vertices N takes 1 to 2^64-2 (0 here:
# an empty graph); vertex ids are below it.
MAX_NV = U64_MAX - 1
WEIGHTS_ACCEPTED = ("integers from 0 to %d (stored as uint32) or real numbers finite in "
                    "float32 (stored as float32)" % U32_MAX)


def _weights(weights):
    """weights= as stored: uint32 for integers (and bools), float32 for reals."""
    w = np.asarray(weights)
    if w.ndim != 1:
        raise ValueError("weights must be a 1-d array, one weight an edge, not of shape %s"
                         % (w.shape,))
    if w.dtype.kind in "iub":
        if w.size and (w.min() < 0 or int(w.max()) > U32_MAX):
            raise ValueError("weights must be %s, not %d"
                             % (WEIGHTS_ACCEPTED, w.min() if w.min() < 0 else w.max()))
        return w.astype("<u4")
    if w.dtype.kind == "f":
        w32 = w.astype("<f4")
        if not np.all(np.isfinite(w32)):
            raise ValueError("weights must be %s, not %r"
                             % (WEIGHTS_ACCEPTED, w[~np.isfinite(w32)][0]))
        return w32
    raise TypeError("weights must be %s, not %s" % (WEIGHTS_ACCEPTED, w.dtype))


def _from_edges(edges, weights, nv, directed):
    edges = np.asarray(edges)
    if edges.ndim != 2 or edges.shape[1] != 2:
        raise ValueError("edges must be an array of shape (m, 2)")
    if nv is None:
        edges = _check.integers(edges, "edges", 0, MAX_NV - 1, "vertex ids")
        nv = int(edges.max()) + 1 if edges.size else 0
    else:
        edges = _check.integers(edges, "edges", 0, nv - 1, "vertex ids (nv=%d)" % nv)
    src, dst = edges[:, 0].astype(np.uint64), edges[:, 1].astype(np.uint64)
    if weights is not None and weights.shape != (len(src),):
        raise ValueError("weights: %s entries for %d edges" % (weights.shape, len(src)))
    if not directed:  # stored symmetric: each edge both ways, a self loop once
        back = src != dst
        src, dst = np.concatenate([src, dst[back]]), np.concatenate([dst, src[back]])
        if weights is not None:
            weights = np.concatenate([weights, weights[back]])
    return lists_from_pairs(src, dst, weights, nv)


def _from_matrix(matrix, weighted):
    if not hasattr(matrix, "tocsr"):
        raise TypeError("matrix must be a scipy.sparse matrix or array, not %s"
                        % type(matrix).__name__)
    a = matrix.tocsr(copy=True)
    if a.shape[0] != a.shape[1]:
        raise ValueError("matrix must be square, not %dx%d" % a.shape)
    a.sort_indices()
    if weighted is None:
        weighted = bool(np.any(a.data != 1))
    return a.indptr, a.indices, _weights(a.data) if weighted else None


def _sources(offsets):
    nv = len(offsets) - 1
    return np.repeat(np.arange(nv, dtype=np.uint64), np.diff(offsets).astype(np.int64))


def _check_lists(offsets, neighbors, weights):
    """Validate CSR arrays; sort each list (weights along) if it is not sorted."""
    offsets = np.asarray(offsets)
    neighbors = np.asarray(neighbors)
    if offsets.ndim != 1 or len(offsets) < 1:
        raise ValueError("offsets must be a 1-d array of nv+1 entries")
    if neighbors.ndim != 1:
        raise ValueError("neighbors must be a 1-d array, not of shape %s" % (neighbors.shape,))
    nv = len(offsets) - 1
    offsets = _check.integers(offsets, "offsets", 0, U64_MAX, "edge offsets")
    if offsets[0] != 0 or np.any(np.diff(offsets.astype(np.int64)) < 0):
        raise ValueError("offsets must start at 0 and never decrease")
    if int(offsets[-1]) != len(neighbors):
        raise ValueError("offsets end at %d but there are %d neighbours"
                         % (int(offsets[-1]), len(neighbors)))
    if weights is not None and np.shape(weights) != (len(neighbors),):
        raise ValueError("weights must have one entry per neighbour")
    neighbors = _check.integers(neighbors, "neighbors", 0, nv - 1,
                                "vertex ids (nv = len(offsets) - 1 = %d)" % nv)
    offsets = offsets.astype("<u8")
    neighbors = neighbors.astype(np.uint64)
    src = _sources(offsets)
    step = np.diff(neighbors.astype(np.int64))
    if np.any((step < 0) & (src[1:] == src[:-1])):
        order = np.lexsort((neighbors, src))
        neighbors = neighbors[order]
        weights = None if weights is None else weights[order]
    return offsets, neighbors, weights


def _check_symmetric(offsets, neighbors):
    src = _sources(offsets)
    fwd = np.lexsort((neighbors, src))
    back = np.lexsort((src, neighbors))
    if not (np.array_equal(src[fwd], neighbors[back]) and
            np.array_equal(neighbors[fwd], src[back])):
        raise ValueError("an undirected graph must be stored symmetric: an edge u-v in the "
                         "lists of both u and v (pass directed=True, or an edge list)")


def _write_c(path, nv, flags, id_width, weight_type, arrays, provenance, compress, transpose):
    """Hand the arrays to libemogi's writer (emogi_csr_write_plain), the one
    emogi-convert writes with: its checks, its layout, its compression and
    its output handling; with TRANSPOSE the in-lists (and their weights)
    built by libemogi (emogi_pagerank_in_edges) from the out-lists."""
    lib = _lib.lib()
    path = os.fsencode(path)
    g = _lib.CGraph(nv=nv, ne=len(arrays["neighbors"]), flags=flags, id_width=id_width,
                    weight_type=weight_type)
    for name, arr in arrays.items():
        setattr(g, name, arr.ctypes.data)
    if provenance:
        text = ctypes.create_string_buffer(provenance, len(provenance))
        g.provenance, g.provenance_len = ctypes.addressof(text), len(provenance)
    if lib.emogi_same_file(path, 1, b"-", 1):  # standard output: binary, after what is pending
        if os.isatty(1):
            raise EmogiError("standard output is a terminal: not writing a binary .csr to it "
                             "(give a file, or a pipe)")
        sys.stdout.flush()
    if not transpose:
        _lib.call(EmogiError, lib.emogi_csr_write_plain, path, ctypes.byref(g),
                  int(bool(compress)))
        return
    # the in-lists of a graph not yet flagged directed are the graph itself:
    # flag it so that libemogi builds them
    out = _lib.CGraph()
    ctypes.memmove(ctypes.byref(out), ctypes.byref(g), ctypes.sizeof(g))
    out.flags |= DIRECTED
    inn = _lib.CGraph()
    find_in = lib.emogi_pagerank_in_edges_weighted if g.weights else lib.emogi_pagerank_in_edges
    _lib.call(EmogiError, find_in, ctypes.byref(out), ctypes.byref(inn))
    try:
        g.flags |= TRANSPOSE
        g.t_offsets, g.t_neighbors = inn.offsets, inn.neighbors
        g.t_weights = inn.weights if g.weights else None
        _lib.call(EmogiError, lib.emogi_csr_write_plain, path, ctypes.byref(g),
                  int(bool(compress)))
    finally:
        lib.emogi_pagerank_in_edges_free(ctypes.byref(out), ctypes.byref(inn))


def write(path, offsets=None, neighbors=None, weights=None, *, edges=None, matrix=None,
          nv=None, directed=True, transpose=None, weighted=None, idmap=None,
          provenance=None, id_width=None, compress=False):
    """Write a .csr file (emogi-csr(5)) that every emogi tool accepts.

    The graph comes from exactly one of:
      offsets, neighbors[, weights]  CSR arrays as stored (nv = len(offsets) - 1);
      edges=[(u, v), ...][, weights] an edge list (nv defaults to the largest id + 1);
                                     undirected edges are stored both ways;
      matrix=A                       a square scipy sparse matrix; its data are the
                                     weights when weighted=True, or when weighted is
                                     None and some entry is not 1.
    Lists that are not sorted are sorted (weights along).  directed says whether
    edges are directed; CSR arrays and matrices of an undirected graph must already
    be symmetric (ValueError otherwise).  Integer weights are stored as uint32, float
    weights as float32.  transpose (default: directed) stores the in-edges, which
    emogi-cc needs on directed graphs.  idmap: nv input ids; provenance: text of
    'key: value' lines.  compress=True stores the neighbour lists compressed (the
    encoding of emogi-convert --compress; the weights stay plain).

    Each argument is checked as it enters, with the ranges of emogi-convert's
    options: ids, offsets and the id map hold integers (a float, complex, bool or
    string array raises TypeError, however whole its values), vertex ids lie in
    0..nv-1, input ids in 0..2^64-1, nv (edges= only; elsewhere it must agree) in
    0..2^64-2, weights are integers in 0..2^32-1 or reals finite in float32;
    directed, compress, transpose and weighted are True or False (the last two
    or None), id_width 4, 8 or None, provenance a str.  A value of the wrong
    kind raises TypeError, one out of range ValueError, naming the argument.

    libemogi writes the file (emogi_csr_write_plain, emogi-convert's writer) and
    treats path as the tools treat an output: a regular file, or a symbolic link's
    target, is replaced through a temporary in its folder renamed over it once
    complete, so a failure leaves the old file as it was; a FIFO or a device is
    written in place; '-' is standard output, refused when it is a terminal.  An
    output that cannot be written raises EmogiError naming it.
    """
    path = _check.path(path)
    directed = _check.flag(directed, "directed")
    compress = _check.flag(compress, "compress")
    transpose = _check.flag(transpose, "transpose", none=True)
    weighted = _check.flag(weighted, "weighted", none=True)
    if nv is not None:
        nv = _check.integer(nv, "nv", 0, MAX_NV, "a vertex count (emogi-convert --vertices)")
    if id_width is not None and not (_check.is_int(id_width) and id_width in (4, 8)):
        raise (ValueError if _check.is_int(id_width) else TypeError)(
            "id_width must be 4 or 8 (bytes an id, emogi-convert --id-width), or None for the "
            "smallest that holds nv, not %r" % (id_width,))
    if provenance is not None and not isinstance(provenance, str):
        raise TypeError("provenance must be a str ('key: value' lines), not %s"
                        % type(provenance).__name__)
    given = [edges is not None, matrix is not None, offsets is not None]
    if sum(given) != 1:
        raise ValueError("give exactly one of offsets/neighbors, edges= or matrix=")
    if matrix is None and weighted is not None:
        raise ValueError("weighted applies to matrix= (weights= gives the weights of the others)")
    if matrix is not None and weights is not None:
        raise ValueError("weights apply to offsets/neighbors and edges=: a matrix's data are "
                         "its weights (see weighted=)")
    weights = None if weights is None else _weights(weights)
    if edges is not None:
        offsets, neighbors, weights = _from_edges(edges, weights, nv, directed)
    elif matrix is not None:
        offsets, neighbors, weights = _from_matrix(matrix, weighted)
    elif neighbors is None:
        raise ValueError("offsets need neighbors")
    offsets, neighbors, weights = _check_lists(offsets, neighbors, weights)
    if nv is not None and nv != len(offsets) - 1:
        raise ValueError("nv=%d, but the %s give %d vertices" % (
            nv, "offsets" if matrix is None else "matrix", len(offsets) - 1))
    nv = len(offsets) - 1
    if not directed:
        _check_symmetric(offsets, neighbors)
    if id_width is None:
        id_width = 4 if nv <= U32_MAX else 8
    if id_width == 4 and nv > U32_MAX:
        raise ValueError("id_width=4 holds ids of up to 2^32-1 vertices, not %d: give 8" % nv)
    ids = "<u4" if id_width == 4 else "<u8"
    flags = 0 if not directed else DIRECTED
    weight_type = 0
    arrays = {"offsets": offsets, "neighbors": neighbors.astype(ids)}
    if weights is not None:
        weight_type = WEIGHT_UINT32 if weights.dtype == np.dtype("<u4") else WEIGHT_FLOAT32
        flags |= WEIGHTED
        arrays["weights"] = weights
    if idmap is not None:
        idmap = _check.integers(idmap, "idmap", 0, U64_MAX, "input ids (uint64)")
        if idmap.shape != (nv,):
            raise ValueError("idmap must have nv = %d entries" % nv)
        flags |= IDMAP
        arrays["idmap"] = idmap.astype("<u8")
    if provenance is not None:
        provenance = provenance.encode("utf-8")
    arrays = {k: np.ascontiguousarray(a) for k, a in arrays.items()}
    _write_c(path, nv, flags, id_width, weight_type, arrays, provenance, compress,
             directed if transpose is None else transpose)
