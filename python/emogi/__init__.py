"""emogi: open, write and traverse emogi .csr graphs from Python.

    g = emogi.open("web.csr")          # validated, sections as numpy memmaps
    depth = emogi.bfs(g, 0)             # libemogi's CPU kernel, uint32 depths
    emogi.write("m.csr", matrix=A)      # a scipy sparse matrix as a .csr file

The traversals call libemogi (found through EMOGI_LIB, the install's libdir or a
build tree's .libs); nothing here reimplements an algorithm.
"""
from ._lib import EmogiError, FormatError
from .csr import Graph, open
from .writer import write
from .algorithms import bfs, sssp, cc, pagerank, read_result

UNREACHED = 0xFFFFFFFF
NO_PARENT = 0xFFFFFFFFFFFFFFFF
SSSP_UNREACHED = 0xFFFFFFFFFFFFFFFF

__version__ = "0.1.0"
__all__ = ["EmogiError", "FormatError", "Graph", "open", "write", "bfs", "sssp", "cc",
           "pagerank", "read_result", "UNREACHED", "NO_PARENT", "SSSP_UNREACHED"]
