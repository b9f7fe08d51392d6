"""ctypes view of libemogi's public C API (formats/emogi_csr.h, kernels/emogi_*.h).

The one place the package mirrors the C headers: the structs field for
field, the enums' values, each function's signature.  ctypes over the
library rather than a compiled extension, so that the package needs no
compiler or Python headers to install and one wheel serves every Python 3;
tests/lib/struct_layout prints the C side's sizes and offsets, and
python/tests/test_emogi.py compares them with these structs.
"""
import ctypes
import ctypes.util
import os

c_u32 = ctypes.c_uint32
c_u64 = ctypes.c_uint64
c_dbl = ctypes.c_double
c_ptr = ctypes.c_void_p

MAX_SECTIONS = 16
UNREACHED = 0xFFFFFFFF
NO_PARENT = 0xFFFFFFFFFFFFFFFF
SSSP_UNREACHED = 0xFFFFFFFFFFFFFFFF

DIRECTED, WEIGHTED, TRANSPOSE, IDMAP, COMPRESSED, PART = 1, 2, 4, 8, 16, 32
WEIGHT_NONE, WEIGHT_UINT32, WEIGHT_FLOAT32 = 0, 1, 2
PLACE_IN, PLACE_FIRSTS = 1, 2  # enum emogi_place_what
DIR_PUSH = 1  # EMOGI_DIR_PUSH: top-down only, no in-edges placed
CC_UF = 0     # EMOGI_CC_UF, emogi-cc's default GPU algorithm


class EmogiError(Exception):
    """An error reported by libemogi (its message names the file)."""


class FormatError(EmogiError):
    """A .csr file that cannot be opened: missing, damaged or malformed."""


class Error(ctypes.Structure):
    _fields_ = [("msg", ctypes.c_char * 1024)]

    def text(self):
        return self.msg.decode("utf-8", "replace")


class Section(ctypes.Structure):
    _fields_ = [("type", c_u32), ("crc32", c_u32), ("offset", c_u64), ("size", c_u64)]


class Part(ctypes.Structure):
    """struct emogi_part: the range of a larger graph that a part file holds."""
    _fields_ = [("index", c_u32), ("count", c_u32), ("first", c_u64), ("end", c_u64),
                ("nv", c_u64), ("ne", c_u64), ("edge_first", c_u64), ("t_ne", c_u64),
                ("t_edge_first", c_u64)]


class CGraph(ctypes.Structure):
    _fields_ = [
        ("nv", c_u64), ("ne", c_u64), ("flags", c_u32), ("id_width", c_u32),
        ("weight_type", c_u32),
        ("offsets", c_ptr), ("neighbors", c_ptr), ("weights", c_ptr),
        ("t_offsets", c_ptr), ("t_neighbors", c_ptr), ("t_weights", c_ptr),
        ("idmap", c_ptr), ("provenance", c_ptr), ("provenance_len", ctypes.c_size_t),
        ("path", c_ptr), ("map", c_ptr), ("map_size", ctypes.c_size_t),
        ("nsections", c_u32), ("sections", Section * MAX_SECTIONS),
        ("coffsets", c_ptr), ("cneighbors", c_ptr),
        ("t_coffsets", c_ptr), ("t_cneighbors", c_ptr),
        ("part", Part),
        ("name_offsets", c_ptr), ("names", c_ptr),
    ]


class BfsStats(ctypes.Structure):
    _fields_ = [("seconds", c_dbl), ("levels", c_u32), ("reached", c_u64),
                ("edges_examined", c_u64), ("edge_bytes", c_u64),
                ("link_bytes", c_u64), ("devmem_bytes", c_u64),
                ("push_levels", c_u32), ("pull_levels", c_u32), ("reached_edges", c_u64)]


class SsspOpts(ctypes.Structure):
    _fields_ = [("unit_weights", ctypes.c_int), ("delta", c_dbl)]


class SsspStats(ctypes.Structure):
    _fields_ = [("seconds", c_dbl), ("iterations", c_u64), ("reached", c_u64),
                ("edges_relaxed", c_u64), ("edge_bytes", c_u64),
                ("edges_examined", c_u64), ("link_bytes", c_u64), ("devmem_bytes", c_u64)]


class CcStats(ctypes.Structure):
    _fields_ = [("seconds", c_dbl), ("passes", c_u32), ("edges_examined", c_u64),
                ("edge_bytes", c_u64), ("link_bytes", c_u64), ("devmem_bytes", c_u64)]


class BcStats(ctypes.Structure):
    _fields_ = [("seconds", c_dbl), ("levels", c_u32), ("reached", c_u64),
                ("edges_examined", c_u64), ("edge_bytes", c_u64), ("link_bytes", c_u64),
                ("devmem_bytes", c_u64)]


class TcStats(ctypes.Structure):
    _fields_ = [("seconds", c_dbl), ("orient_seconds", c_dbl), ("triangles", c_u64),
                ("relabelled", ctypes.c_int), ("oriented_edges", c_u64),
                ("edges_examined", c_u64), ("edge_bytes", c_u64), ("link_bytes", c_u64),
                ("devmem_bytes", c_u64)]


class PagerankParams(ctypes.Structure):
    _fields_ = [("damping", c_dbl), ("tolerance", c_dbl), ("max_iterations", c_u32),
                ("weighted", c_u32)]


class PagerankStats(ctypes.Structure):
    _fields_ = [("seconds", c_dbl), ("iterations", c_u32), ("converged", ctypes.c_int),
                ("delta", c_dbl), ("edges_read", c_u64), ("edge_bytes", c_u64),
                ("edges_examined", c_u64), ("link_bytes", c_u64), ("devmem_bytes", c_u64)]


class PlaceOpts(ctypes.Structure):
    """struct emogi_place_opts (loader/emogi_loader.h)."""
    _fields_ = [("device", ctypes.c_int), ("mem", ctypes.c_int), ("advice", ctypes.c_int),
                ("state_bytes", c_u64), ("with_weights", ctypes.c_int),
                ("gpu_memory", c_u64), ("extra_edge_bytes", c_u64),
                ("presplit", ctypes.c_int), ("split", c_u64), ("rule", ctypes.c_int),
                ("with_firsts", ctypes.c_int), ("firsts_bytes", c_u64),
                # the whole graph's list lengths, for an MPI rank's range: none here
                ("classes", ctypes.c_void_p), ("nclasses", c_u64)]


class LoadStats(ctypes.Structure):
    _fields_ = [("file_s", c_dbl), ("pin_s", c_dbl), ("h2d_s", c_dbl),
                ("device_bytes", c_u64), ("pinned_bytes", c_u64), ("managed_bytes", c_u64),
                ("note", ctypes.c_char * 256)]


class Edges(ctypes.Structure):
    _fields_ = [("dev", c_ptr), ("host", c_ptr), ("split", c_u64), ("n", c_u64),
                ("hot", c_ptr), ("rank", c_ptr)]


class Placed(ctypes.Structure):
    """struct emogi_placed: a graph placed for a GPU by emogi_place."""
    _fields_ = [("g", c_ptr), ("mem", ctypes.c_int), ("device", ctypes.c_int),
                ("d_offsets", c_ptr), ("d_coffsets", c_ptr), ("nbr", Edges), ("wgt", Edges),
                ("split", c_u64), ("stats", LoadStats), ("priv", c_ptr), ("d_firsts", c_ptr),
                ("kept_firsts", ctypes.c_int)]


class BfsOpts(ctypes.Structure):
    # level_done: a C callback the bindings leave NULL (no per-level trace)
    _fields_ = [("direction", ctypes.c_int), ("alpha", c_dbl), ("beta", c_dbl),
                ("kernel", ctypes.c_int), ("in_", ctypes.POINTER(Placed)),
                ("level_done", c_ptr), ("level_arg", c_ptr),
                ("count_reached_edges", ctypes.c_int)]


# The structs struct_layout (tests/lib) reports, by their C names.
STRUCTS = {"emogi_graph": CGraph, "emogi_part": Part, "emogi_place_opts": PlaceOpts,
           "emogi_load_stats": LoadStats, "emogi_edges": Edges, "emogi_placed": Placed,
           "emogi_bfs_opts": BfsOpts, "emogi_bfs_stats": BfsStats, "emogi_sssp_opts": SsspOpts,
           "emogi_sssp_stats": SsspStats, "emogi_cc_stats": CcStats,
           "emogi_pagerank_params": PagerankParams, "emogi_pagerank_stats": PagerankStats,
           "emogi_bc_stats": BcStats, "emogi_tc_stats": TcStats}
C_FIELD_NAMES = {"in": "in_"}  # C names that are Python keywords


def stats_dict(st):
    """A stats struct as a plain dict."""
    return {name: getattr(st, name) for name, _ in st._fields_}


G = ctypes.POINTER(CGraph)
E = ctypes.POINTER(Error)
_SIGNATURES = {
    "emogi_csr_open": ([ctypes.c_char_p, G, E], ctypes.c_int),
    "emogi_csr_verify": ([G, E], ctypes.c_int),
    "emogi_csr_close": ([G], None),
    "emogi_csr_decompress": ([G, ctypes.c_int, c_ptr, E], ctypes.c_int),
    "emogi_gpu_count": ([E], ctypes.c_int),
    "emogi_parse_size": ([ctypes.c_char_p, ctypes.POINTER(c_u64)], ctypes.c_int),
    "emogi_bfs_cpu_with": ([G, c_u64, ctypes.POINTER(BfsOpts), c_ptr, ctypes.POINTER(BfsStats), E],
                           ctypes.c_int),
    "emogi_bfs_parents": ([G, c_u64, c_ptr, c_ptr, E], ctypes.c_int),
    "emogi_sssp_float_dist": ([G, ctypes.POINTER(SsspOpts)], ctypes.c_int),
    "emogi_sssp_check_weights": ([G, ctypes.POINTER(SsspOpts), E], ctypes.c_int),
    "emogi_sssp_cpu": ([G, c_u64, ctypes.POINTER(SsspOpts), c_ptr,
                        ctypes.POINTER(SsspStats), E], ctypes.c_int),
    "emogi_cc_check_graph": ([G, E], ctypes.c_int),
    "emogi_cc_cpu": ([G, c_ptr, ctypes.POINTER(CcStats), E], ctypes.c_int),
    "emogi_pagerank_check_params": ([ctypes.POINTER(PagerankParams), E], ctypes.c_int),
    "emogi_pagerank_in_edges": ([G, G, E], ctypes.c_int),
    "emogi_pagerank_in_edges_weighted": ([G, G, E], ctypes.c_int),
    "emogi_csr_write_plain": ([ctypes.c_char_p, G, ctypes.c_int, E], ctypes.c_int),
    "emogi_same_file": ([ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int],
                        ctypes.c_int),
    "emogi_pagerank_in_edges_free": ([G, G], None),
    "emogi_pagerank_cpu": ([G, ctypes.POINTER(PagerankParams), c_ptr,
                            ctypes.POINTER(PagerankStats), E], ctypes.c_int),
    "emogi_edge_bytes": ([G, ctypes.c_int], c_u64),
    "emogi_mem_parse": ([ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)], ctypes.c_int),
    "emogi_uvm_advice_parse": ([ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)], ctypes.c_int),
    "emogi_hybrid_rule_parse": ([ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)], ctypes.c_int),
    "emogi_kernel_parse": ([ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)], ctypes.c_int),
    "emogi_direction_parse": ([ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)], ctypes.c_int),
    "emogi_cc_algorithm_parse": ([ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)], ctypes.c_int),
    "emogi_place": ([G, ctypes.POINTER(PlaceOpts), ctypes.POINTER(Placed), E], ctypes.c_int),
    "emogi_unplace": ([ctypes.POINTER(Placed)], None),
    "emogi_bfs_gpu": ([ctypes.POINTER(Placed), c_u64, ctypes.POINTER(BfsOpts), c_ptr,
                       ctypes.POINTER(BfsStats), E], ctypes.c_int),
    "emogi_sssp_gpu": ([ctypes.POINTER(Placed), c_u64, ctypes.POINTER(SsspOpts), ctypes.c_int,
                        c_ptr, ctypes.POINTER(SsspStats), E], ctypes.c_int),
    "emogi_cc_gpu": ([ctypes.POINTER(Placed), ctypes.POINTER(Placed), ctypes.c_int, ctypes.c_int,
                      c_ptr, ctypes.POINTER(CcStats), E], ctypes.c_int),
    "emogi_pagerank_gpu": ([ctypes.POINTER(Placed), ctypes.POINTER(PagerankParams), ctypes.c_int,
                            c_ptr, ctypes.POINTER(PagerankStats), E], ctypes.c_int),
    "emogi_pagerank_cpu_gs": ([G, ctypes.POINTER(PagerankParams), ctypes.c_int, c_ptr,
                               ctypes.POINTER(PagerankStats), E], ctypes.c_int),
    "emogi_pagerank_cpu_jacobi": ([G, ctypes.POINTER(PagerankParams), ctypes.c_int, c_ptr,
                                   ctypes.POINTER(PagerankStats), E], ctypes.c_int),
    "emogi_csr_from_arrays": ([G, ctypes.c_char_p, E], ctypes.c_int),
    "emogi_csr_find_name": ([G, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(c_u64)],
                            ctypes.c_int),
    "emogi_version": ([], ctypes.c_char_p),
    "emogi_built_with_cuda": ([], ctypes.c_int),
    "emogi_cpu_threads": ([], ctypes.c_int),
    "emogi_set_cpu_threads": ([ctypes.c_int], ctypes.c_int),
    "emogi_bfs_gpu_state_bytes": ([G], c_u64),
    "emogi_sssp_gpu_state_bytes": ([G, ctypes.POINTER(SsspOpts)], c_u64),
    "emogi_cc_gpu_state_bytes": ([G], c_u64),
    "emogi_pagerank_gpu_state_bytes": ([G, ctypes.c_int], c_u64),
    "emogi_pagerank_store_for": ([c_dbl], ctypes.c_int),
    "emogi_place_for": ([G, ctypes.POINTER(PlaceOpts), ctypes.c_uint, ctypes.POINTER(c_ptr), E],
                        ctypes.c_int),
    "emogi_placement_out": ([c_ptr], ctypes.POINTER(Placed)),
    "emogi_placement_in": ([c_ptr], ctypes.POINTER(Placed)),
    "emogi_placement_free": ([c_ptr], None),
    "emogi_scc_check_graph": ([G, E], ctypes.c_int),
    "emogi_scc_cpu": ([G, c_ptr, ctypes.POINTER(CcStats), E], ctypes.c_int),
    "emogi_scc_gpu": ([ctypes.POINTER(Placed), ctypes.POINTER(Placed), ctypes.c_int, c_ptr,
                       ctypes.POINTER(CcStats), E], ctypes.c_int),
    "emogi_scc_gpu_state_bytes": ([G], c_u64),
    "emogi_bc_cpu": ([G, c_u64, c_ptr, ctypes.POINTER(BcStats), E], ctypes.c_int),
    "emogi_bc_gpu": ([ctypes.POINTER(Placed), ctypes.POINTER(Placed), c_u64, ctypes.c_int, c_ptr,
                      ctypes.POINTER(BcStats), E], ctypes.c_int),
    "emogi_bc_normalize": ([c_u64, c_ptr], None),
    "emogi_bc_gpu_state_bytes": ([G], c_u64),
    "emogi_tc_check_graph": ([G, E], ctypes.c_int),
    "emogi_tc_symmetric": ([G, G, E], ctypes.c_int),
    "emogi_tc_symmetric_free": ([G], None),
    "emogi_tc_cpu": ([G, c_ptr, ctypes.POINTER(TcStats), E], ctypes.c_int),
    "emogi_tc_gpu": ([ctypes.POINTER(Placed), ctypes.c_int, c_ptr, ctypes.POINTER(TcStats), E],
                     ctypes.c_int),
    "emogi_tc_gpu_state_bytes": ([G, ctypes.c_int], c_u64),
}


def _candidates():
    """Where libemogi may be, most specific first."""
    env = os.environ.get("EMOGI_LIB")
    if env:
        yield os.path.join(env, "libemogi.so") if os.path.isdir(env) else env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    # a wheel's (pip install ./python): the library inside the package
    yield os.path.join(here, "libemogi.so.0")
    # installed by `make install`: the libdir configure chose
    try:
        with open(os.path.join(here, "libdir.txt")) as f:
            yield os.path.join(f.read().strip(), "libemogi.so.0")
    except OSError:
        pass
    # the package inside a build tree (python/emogi): the tree's .libs
    d = here
    for _ in range(3):
        d = os.path.dirname(d)
        yield os.path.join(d, ".libs", "libemogi.so")
    yield ctypes.util.find_library("emogi") or "libemogi.so.0"


_lib = None


def lib():
    """libemogi, loaded once with every function's signature set."""
    global _lib
    if _lib is not None:
        return _lib
    tried = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append(path)
            continue
        try:
            handle = ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
            continue
        for name, (args, res) in _SIGNATURES.items():
            fn = getattr(handle, name)
            fn.argtypes, fn.restype = args, res
        _lib = handle
        return _lib
    raise EmogiError("libemogi not found (install the package with `pip install ./python` "
                     "after building emogi, or set EMOGI_LIB to the library or its folder); "
                     "tried: "
                     + ", ".join(tried))


def call(cls, fn, *args):
    """Call a libemogi function taking an emogi_error last; raise CLS with its message."""
    err = Error()
    if fn(*args, ctypes.byref(err)) != 0:
        raise cls(err.text())
