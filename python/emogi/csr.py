"""Reading and writing .csr files (emogi-csr(5)) as numpy arrays."""
import builtins
import ctypes
import os

import numpy as np

from . import _check, _lib
from ._lib import DIRECTED, WEIGHTED, TRANSPOSE, IDMAP, COMPRESSED, PART, FormatError

ALIGN = 4096
MAGIC = b"EMOGICSR"
VERSION = 1
SEC_OFFSETS, SEC_NEIGHBORS, SEC_WEIGHTS = 1, 2, 3
SEC_T_OFFSETS, SEC_T_NEIGHBORS, SEC_T_WEIGHTS, SEC_IDMAP, SEC_PROVENANCE = 4, 5, 6, 7, 8
SEC_COFFSETS, SEC_CNEIGHBORS, SEC_T_COFFSETS, SEC_T_CNEIGHBORS = 9, 10, 11, 12
SEC_PART = 13
SEC_NAME_OFFSETS, SEC_NAMES = 14, 15  # emogi-convert --string-ids
# the plain lists sit behind the neighbors / t_neighbors properties
_ATTRS = {SEC_OFFSETS: "offsets", SEC_NEIGHBORS: "_neighbors", SEC_WEIGHTS: "weights",
          SEC_T_OFFSETS: "t_offsets", SEC_T_NEIGHBORS: "_t_neighbors",
          SEC_T_WEIGHTS: "t_weights", SEC_IDMAP: "idmap", SEC_COFFSETS: "coffsets",
          SEC_CNEIGHBORS: "cneighbors", SEC_T_COFFSETS: "t_coffsets",
          SEC_T_CNEIGHBORS: "t_cneighbors", SEC_NAME_OFFSETS: "name_offsets",
          SEC_NAMES: "_names"}
NETWORKX_MAX_EDGES = 10_000_000


def _fd_name(fd):
    """A name that opens the file open on FD, whatever its path is now (Linux's
    /proc/self/fd, elsewhere /dev/fd), or None where there is none."""
    for name in ("/proc/self/fd/%d" % fd, "/dev/fd/%d" % fd):
        if os.path.exists(name):
            return name
    return None


class Graph:
    """An opened .csr file: header fields as attributes, sections as read-only memmaps.

    Attributes: path, nv, ne, flags, directed, weighted, has_transpose, compressed,
    id_width, weight_type ('uint32', 'float32' or None), and the arrays offsets,
    neighbors, weights, t_offsets, t_neighbors, t_weights, idmap (None when absent),
    provenance (str, or None), names (with emogi-convert --string-ids: a list of nv
    str, vertex v's input name at names[v]; else None), ids (the original ids:
    the id map, else the compact ids; None where there are names), and part (for a part file of emogi-convert --partitions,
    its part section as a dict: index, count, first, end, nv, ne, ...; else None).
    Close with close() or use it as a context manager.

    A file with compressed neighbour lists (emogi-convert --compress) keeps them
    as the uint8 memmaps cneighbors and t_cneighbors, with their byte offsets
    coffsets and t_coffsets (None in a plain file).  Its neighbors and t_neighbors
    are decoded by libemogi on first access into arrays of ne ids held in memory;
    the traversals read the compressed lists as they are and decode nothing.
    """

    def __init__(self, path):
        self.path = _check.path(path)
        self._c = _lib.CGraph()
        # The path is opened once: libemogi validates the file on that descriptor
        # and the arrays map it, so a file renamed over the path meanwhile is
        # never mapped in the validated one's place.
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
        except OSError as e:  # libemogi's words for it
            raise FormatError("%s: %s" % (os.fsdecode(self.path), os.strerror(e.errno))) from None
        try:
            self._open_fd(fd)
        finally:
            os.close(fd)

    def _open_fd(self, fd):
        """Validate the file open on FD with libemogi, then map its sections."""
        lib, err, name = _lib.lib(), _lib.Error(), _fd_name(fd)
        if lib.emogi_csr_open(os.fsencode(name or self.path), ctypes.byref(self._c),
                              ctypes.byref(err)) != 0:
            msg = err.text()
            if name and msg.startswith(name + ":"):  # named as the caller named it
                msg = os.fsdecode(self.path) + msg[len(name):]
            raise FormatError(msg)
        self._open = True
        c = self._c
        # libemogi keeps the name it was given for its messages: the caller's
        self._cpath = ctypes.create_string_buffer(os.fsencode(self.path))
        c.path = ctypes.addressof(self._cpath)
        with builtins.open(fd, "rb", closefd=False) as f:  # a regular file: libemogi said so
            if name is None and not self._same_bytes(f):
                self.close()
                raise FormatError("%s: replaced or changed while it was opened"
                                  % os.fsdecode(self.path))
            self._map_sections(f)

    def _map_sections(self, f):
        """The header's fields as attributes, each section of the file F as an array."""
        c = self._c
        self.nv, self.ne, self.flags, self.id_width = c.nv, c.ne, c.flags, c.id_width
        self.directed = bool(c.flags & DIRECTED)
        self.weighted = bool(c.flags & WEIGHTED)
        self.has_transpose = bool(c.flags & TRANSPOSE)
        self.has_idmap = bool(c.flags & IDMAP)
        self.compressed = bool(c.flags & COMPRESSED)
        self.weight_type = {1: "uint32", 2: "float32"}.get(c.weight_type)
        for attr in _ATTRS.values():
            setattr(self, attr, None)
        self.provenance = None
        self._names_list = None
        # a part file (emogi-csr(5), "Part files"): its range of the whole graph
        self.part = ({name: getattr(c.part, name) for name, _ in _lib.Part._fields_}
                     if c.flags & PART else None)
        for i in range(c.nsections):
            self._map_section(c.sections[i], f)

    def _same_bytes(self, f):
        """Whether F holds the bytes of libemogi's mapping, which it opened by
        name (where no name reaches the descriptor itself)."""
        size = self._c.map_size
        if os.fstat(f.fileno()).st_size != size:
            return False
        validated = (ctypes.c_ubyte * size).from_address(self._c.map)
        return np.array_equal(np.memmap(f, dtype=np.uint8, mode="r"),
                              np.frombuffer(validated, np.uint8))

    def _dtype(self, kind):
        ids = np.dtype("<u4" if self.id_width == 4 else "<u8")
        weights = np.dtype("<u4" if self.weight_type == "uint32" else "<f4")
        return {SEC_NEIGHBORS: ids, SEC_T_NEIGHBORS: ids, SEC_WEIGHTS: weights,
                SEC_T_WEIGHTS: weights, SEC_CNEIGHBORS: np.dtype("u1"),
                SEC_T_CNEIGHBORS: np.dtype("u1"), SEC_NAMES: np.dtype("u1")}.get(kind, np.dtype("<u8"))

    def _map_section(self, sec, f):
        """Section SEC of the file F as an array (or text), mapped from F itself."""
        if sec.type == SEC_PART:  # read by libemogi into self.part
            return
        if sec.type == SEC_PROVENANCE:
            text = os.pread(f.fileno(), sec.size, sec.offset)
            self.provenance = text.decode("utf-8", "replace")
            return
        dtype = self._dtype(sec.type)
        count = sec.size // dtype.itemsize
        if count == 0:  # numpy cannot map zero bytes
            arr = np.empty(0, dtype)
            arr.flags.writeable = False
        else:
            arr = np.memmap(f, dtype=dtype, mode="r", offset=sec.offset, shape=(count,))
        setattr(self, _ATTRS[sec.type], arr)

    @property
    def names(self):
        """The input names (emogi-convert --string-ids), vertex v's at names[v],
        as str (UTF-8; bytes that are not UTF-8 kept as surrogate escapes, as
        os.fsdecode keeps them), or None for a graph without names."""
        if self.name_offsets is None:
            return None
        if self._names_list is None:
            off, blob = self.name_offsets, self._names
            self._names_list = [bytes(blob[off[v]:off[v + 1]]).decode("utf-8", "surrogateescape")
                                for v in range(self.nv)]
        return self._names_list

    @property
    def ids(self):
        """Each vertex's original id, vertex v's at ids[v]: the id map
        (emogi-convert --relabel, --reorder), or for a graph without one its
        compact ids themselves (a uint64 array of nv entries); None for a
        graph whose vertices have names instead (see names)."""
        if self.idmap is not None:
            return self.idmap
        if self.name_offsets is not None:
            return None
        return np.arange(self.nv, dtype=np.uint64)

    @property
    def neighbors(self):
        """The neighbour ids, all lists back to back (decoded once if compressed)."""
        if self._neighbors is None and self.coffsets is not None:
            self._neighbors = self._decompress(False)
        return self._neighbors

    @property
    def t_neighbors(self):
        """The stored transpose's ids, or None (decoded once if compressed)."""
        if self._t_neighbors is None and self.t_coffsets is not None:
            self._t_neighbors = self._decompress(True)
        return self._t_neighbors

    def _decompress(self, transpose):
        """One direction's compressed lists decoded by libemogi into a new array.

        The C graph is rebuilt over this object's memmaps, which outlive close().
        """
        view = _lib.CGraph(nv=self.nv, ne=self.ne, flags=self.flags, id_width=self.id_width,
                           part=self._c.part)
        path = ctypes.create_string_buffer(os.fsencode(self.path))
        view.path = ctypes.addressof(path)
        t = "t_" if transpose else ""
        for name in ("offsets", "coffsets", "cneighbors"):
            setattr(view, t + name, getattr(self, t + name).ctypes.data)
        ids = np.empty(int(getattr(self, t + "offsets")[-1]), dtype=self._dtype(SEC_NEIGHBORS))
        _lib.call(FormatError, _lib.lib().emogi_csr_decompress, ctypes.byref(view),
                  int(transpose), ids.ctypes.data_as(ctypes.c_void_p))
        ids.flags.writeable = False
        return ids

    def close(self):
        """Release libemogi's mapping (the numpy memmaps stay valid)."""
        if getattr(self, "_open", False):
            _lib.lib().emogi_csr_close(ctypes.byref(self._c))
            self._open = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()

    def __repr__(self):
        return "<emogi.Graph %s: nv=%d ne=%d %s%s>" % (
            self.path, self.nv, self.ne, "directed" if self.directed else "undirected",
            ", " + self.weight_type + " weights" if self.weighted else "")

    def cgraph(self):
        """The C struct emogi_graph (for libemogi calls); the graph must be open."""
        if not self._open:
            raise ValueError("%s: graph is closed" % self.path)
        return self._c

    def verify(self):
        """Check every section's crc32 as emogi-info --verify does; raise FormatError."""
        _lib.call(FormatError, _lib.lib().emogi_csr_verify, ctypes.byref(self.cgraph()))

    def degree(self):
        """Out-degree of every vertex, a uint64 array of nv entries (decodes nothing)."""
        return np.diff(self.offsets)

    def to_scipy(self):
        """The graph as a scipy.sparse.csr_matrix of shape (nv, nv).

        Data are the weights, or float64 ones for an unweighted graph.  Indices are
        copied to int64 (scipy's index type), so this costs memory of its own.
        """
        import scipy.sparse
        data = self.weights if self.weighted else np.ones(self.ne, dtype=np.float64)
        return scipy.sparse.csr_matrix(
            (np.asarray(data), self.neighbors.astype(np.int64),
             self.offsets.astype(np.int64)), shape=(self.nv, self.nv))

    def to_networkx(self, max_edges=NETWORKX_MAX_EDGES):
        """The graph as a networkx DiGraph (directed) or Graph (undirected).

        Weights become the 'weight' edge attribute; parallel edges collapse into
        one.  Graphs of more than max_edges stored edges are refused (ValueError):
        networkx holds every edge as Python objects.
        """
        import networkx as nx
        max_edges = _check.integer(max_edges, "max_edges", 0, _check.U64_MAX, "an edge count")
        if self.ne > max_edges:
            raise ValueError("%s: %d edges is over the networkx limit of %d (pass max_edges="
                             " to raise it)" % (self.path, self.ne, max_edges))
        h = nx.DiGraph() if self.directed else nx.Graph()
        h.add_nodes_from(range(self.nv))
        src = np.repeat(np.arange(self.nv, dtype=np.uint64), self.degree().astype(np.int64)).tolist()
        dst = self.neighbors.tolist()
        if self.weighted:
            h.add_weighted_edges_from(zip(src, dst, self.weights.tolist()))
        else:
            h.add_edges_from(zip(src, dst))
        return h


def open(path):  # noqa: A001 - emogi.open is the package's entry point
    """Open and validate a .csr file as libemogi does; raise FormatError if it is bad."""
    return Graph(path)
