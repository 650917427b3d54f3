"""Arguments, checked here before they reach C: ctypes would truncate an int
too large for its C type and a NUL would cut a string short, so each check
raises a TypeError or the SternhalmaError that names the argument."""
from __future__ import annotations

import ctypes
import math
import operator

from ._constants import _INT_MAX, _INT_MIN, MAX_SEATS, NUM_CELLS, SEAT_LETTERS
from ._errors import CellError, ParseError, RangeError, SeatError, _check, _raise
from ._loaded import _lib


def _is_bool(value):
    """True for a bool, numpy's included (numpy.bool_ is no int subclass, but has __index__)."""
    t = type(value)
    return isinstance(value, bool) or (t.__module__ == "numpy" and t.__name__ in ("bool_", "bool"))


def _is_complex(value):
    t = type(value)
    return isinstance(value, complex) or (t.__module__ == "numpy" and t.__name__.startswith("complex"))


def _int(value, name, lo=_INT_MIN, hi=_INT_MAX, cls=RangeError):
    if _is_bool(value) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    v = operator.index(value)
    if not lo <= v <= hi:
        _raise(cls, f"{name} must be in {lo}..{hi}, got {v}")
    return v


def _float(value, name, finite=True):
    """A number as a C double: no bool, str or complex (whose imaginary part would be
    dropped); one too large for a double is a RangeError, as are NaN and the
    infinities when finite (C refuses them)."""
    if _is_bool(value) or _is_complex(value) or isinstance(value, (str, bytes)) or \
            not hasattr(value, "__float__") and not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    try:
        v = float(value)
    except OverflowError:
        _raise(RangeError, f"{name} must be a finite number, got one too large for a double")
    if finite and not math.isfinite(v):
        _raise(RangeError, f"{name} must be a finite number, got {v}")
    return v


def _bytes_text(value, name, cls=ParseError):
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    i = value.find("\0")
    if i >= 0:
        _raise(cls, f"{name} holds a NUL character at index {i}")
    try:
        return value.encode()
    except UnicodeEncodeError as e:
        _raise(cls, f"{name} holds a character UTF-8 cannot encode (a lone surrogate, "
                    f"{value[e.start]!r}) at index {e.start}")


def _cell(value, name="cell"):
    if isinstance(value, str):
        c = ctypes.c_int()
        _check(_lib.sh_cell_from_name(_bytes_text(value, name, CellError), ctypes.byref(c)))
        return c.value
    return _int(value, name, 0, NUM_CELLS - 1, CellError)


def _seat(value, name="seat"):
    if isinstance(value, str) and len(value) == 1 and value in SEAT_LETTERS:
        return SEAT_LETTERS.index(value)
    if isinstance(value, str):
        _raise(SeatError, f"{name} must be 0..5 or one of {SEAT_LETTERS}, got {value!r}")
    return _int(value, name, 0, MAX_SEATS - 1, SeatError)


def _opt(v):
    return None if v < 0 else v


def _bytes_view(data, name="packed"):
    """A flat byte view of a bytes-like object (TypeError naming what is wrong with it)."""
    try:
        mv = memoryview(data)
    except TypeError:
        raise TypeError(f"{name} must be bytes-like, not {type(data).__name__}") from None
    if not mv.c_contiguous:
        raise TypeError(f"{name} must be a C-contiguous buffer (numpy: np.ascontiguousarray), "
                        f"not a strided {type(data).__name__}")
    return mv.cast("B")
