"""The C ABI's out conventions: text is sized by a first call and filled by a
second, lists and ints come back through out pointers. err is the check that
reads the right message (a handle's own, _Handle._err; else the thread's)."""
from __future__ import annotations

import ctypes

from ._constants import NUM_CELLS
from ._errors import _check


def _text(fn, *args, err=None):
    need = ctypes.c_size_t()
    st = fn(*args, None, 0, ctypes.byref(need))
    (err or _check)(st)
    buf = ctypes.create_string_buffer(need.value)
    (err or _check)(fn(*args, buf, need.value, ctypes.byref(need)))
    return buf.value.decode()


def _ints(fn, *args, cap=NUM_CELLS, err=None):
    out = (ctypes.c_int * cap)()
    n = ctypes.c_size_t()
    (err or _check)(fn(*args, out, cap, ctypes.byref(n)))
    return list(out[:n.value])


def _int_outs(fn, *args, n, err=None):
    """The n int outputs of a call that ends with n int pointers, as a tuple."""
    vs = [ctypes.c_int() for _ in range(n)]
    (err or _check)(fn(*args, *(ctypes.byref(v) for v in vs)))
    return tuple(v.value for v in vs)


def _int_out(fn, *args, err=None):
    return _int_outs(fn, *args, n=1, err=err)[0]
