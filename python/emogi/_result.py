"""Per-vertex results that know their graph's vertex keys."""
import numpy as np


class Result(np.ndarray):
    """A per-vertex result: a numpy array indexed by compact vertex id (as the
    tools write it), whose to_dict() keys each value by the vertex as the
    input named it: its name (emogi-convert --string-ids, a networkx node),
    else its original id (the id map), else its compact id.  An array
    derived from it (a slice, arithmetic) is a plain result without keys."""

    def __array_finalize__(self, obj):
        self._keys = None

    def to_dict(self):
        """{key: value} for every vertex, in compact id order."""
        if self._keys is None:
            raise ValueError("to_dict() applies to a result as returned, one value a vertex; "
                             "this array was derived from one")
        return dict(zip(self._keys(), self.tolist()))


def wrap(arr, keys):
    """ARR as a Result whose keys come from KEYS (a function giving a sequence)."""
    r = arr.view(Result)
    r._keys = keys
    return r
