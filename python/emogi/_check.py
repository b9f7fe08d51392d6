"""Argument checks for the package's entry points.

Each check takes a value where it enters and returns it in the form the code
below uses, or raises TypeError (a value of the wrong kind) or ValueError (out
of range) naming the argument and what it accepts.  Where a tool has the same
option, the range is the option's (traverse/emogi-*.c, convert/options.c), so a
value the tools refuse is refused here too.
"""
import numbers
import os

import numpy as np

U32_MAX = 2**32 - 1
U64_MAX = 2**64 - 1


def _shown(value):
    """VALUE for a message: its repr when short, else its type."""
    text = repr(value)
    return text if len(text) <= 60 else "a " + type(value).__name__


def is_int(value):
    """Whether VALUE is an integer (numpy's too), not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))


def flag(value, name, none=False):
    """VALUE as a bool: True or False (numpy's too), or with NONE also None."""
    if none and value is None:
        return None
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError("%s must be True or False%s, not %s"
                    % (name, " (or None)" if none else "", _shown(value)))


def integer(value, name, lo, hi, what):
    """VALUE as an int from LO to HI; WHAT says what it counts."""
    if not is_int(value):
        raise TypeError("%s must be an integer, %s from %d to %d, not %s"
                        % (name, what, lo, hi, _shown(value)))
    if not lo <= int(value) <= hi:
        raise ValueError("%s must be %s from %d to %d, not %d" % (name, what, lo, hi, value))
    return int(value)


def real(value, name, accepts, accepted):
    """VALUE as a float for which ACCEPTS holds; ACCEPTED says which ones."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError("%s must be a real number, %s, not %s" % (name, accepted, _shown(value)))
    if not accepts(float(value)):
        raise ValueError("%s must be %s, not %r" % (name, accepted, value))
    return float(value)


def path(value, name="path"):
    """VALUE as a file name (str or bytes)."""
    try:
        p = os.fspath(value)
    except TypeError:
        raise TypeError("%s must be a file name (str, bytes or os.PathLike), not %s"
                        % (name, _shown(value))) from None
    if ("\0" if isinstance(p, str) else b"\0") in p:
        raise ValueError("%s must be a file name, without a NUL character: %r" % (name, p))
    return p


def integers(values, name, lo, hi, what):
    """VALUES as a numpy array of integers (any shape), each from LO to HI.
    An empty array passes whatever its dtype: it holds no value to check."""
    a = np.asarray(values)
    if a.size == 0:
        return a
    if a.dtype.kind not in "iu":
        # numpy turns a list of Python ints past int64 into floats or objects:
        # the ints themselves are what was given
        ints = a if isinstance(values, np.ndarray) else np.array(values, dtype=object)
        if ints.dtype != object or ints.shape != a.shape or not all(map(is_int, ints.flat)):
            raise TypeError("%s must hold integers, %s from %d to %d, not %s"
                            % (name, what, lo, hi, a.dtype))
        a = np.array([int(x) for x in ints.flat], dtype=object).reshape(a.shape)
    low, high = int(a.min()), int(a.max())
    if low < lo or high > hi:
        raise ValueError("%s must hold %s from %d to %d, not %d"
                         % (name, what, lo, hi, low if low < lo else high))
    return a
