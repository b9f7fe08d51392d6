"""emogi: open, write and traverse graphs from Python over libemogi.

    depth = emogi.bfs(A, 0)              # A: a scipy.sparse matrix, numpy array,
                                         # networkx graph, .csr path or emogi.Graph
    n, labels = emogi.cc(A, directed=False)   # as scipy.sparse.csgraph
    n, labels = emogi.cc(A, connection="strong")
    score = emogi.bc(A, [0, 5])          # betweenness from sources 0 and 5
    n, at_vertex = emogi.tc(A)           # triangles, total and per vertex
    g = emogi.open("web.csr")            # validated, sections as numpy memmaps
    emogi.write("m.csr", matrix=A)       # a scipy sparse matrix as a .csr file

The traversals call libemogi (the copy inside the installed package, or
EMOGI_LIB, the install's libdir, a build tree's .libs); nothing here
reimplements an algorithm.  emogi.info() says which backends the library has.
"""
from ._lib import EmogiError, FormatError
from ._result import Result
from .csr import Graph, open
from .writer import write
from .algorithms import bfs, sssp, cc, cc_labels, pagerank, bc, tc, read_result

UNREACHED = 0xFFFFFFFF
NO_PARENT = 0xFFFFFFFFFFFFFFFF
SSSP_UNREACHED = 0xFFFFFFFFFFFFFFFF

__all__ = ["EmogiError", "FormatError", "Graph", "Result", "open", "write", "bfs", "sssp", "cc",
           "cc_labels", "pagerank", "bc", "tc", "read_result", "info", "UNREACHED", "NO_PARENT",
           "SSSP_UNREACHED"]


def info():
    """What this emogi runs on, as a dict: version (libemogi's), library (the
    file loaded), backend ('cuda' when the library has the CUDA backend, else
    'cpu'), gpus (usable CUDA devices: 0 without CUDA or a GPU) and
    cpu_threads (the CPU kernels' threads)."""
    import ctypes
    from . import _lib
    lib = _lib.lib()
    err = _lib.Error()
    cuda = bool(lib.emogi_built_with_cuda())
    gpus = lib.emogi_gpu_count(ctypes.byref(err)) if cuda else 0
    return {"version": lib.emogi_version().decode(), "library": lib._name,
            "backend": "cuda" if cuda else "cpu", "gpus": max(gpus, 0),
            "cpu_threads": lib.emogi_cpu_threads()}


def __getattr__(name):
    """emogi.__version__: libemogi's version (emogi-bfs --version's number),
    read from the library when first asked for."""
    if name == "__version__":
        from . import _lib
        return _lib.lib().emogi_version().decode()
    raise AttributeError("module 'emogi' has no attribute %r" % name)
