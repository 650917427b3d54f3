"""_Handle: what every object that owns a C handle shares, whatever its kind:
freeing it, reading its errors from the handle's own message, copying it."""
from __future__ import annotations

import ctypes

from ._errors import _check
from ._loaded import _lib
from ._out import _int_out, _int_outs, _ints, _text
from ._threads import _Serialised


class _Handle(_Serialised):
    """An owned C handle: sh_<kind>_free on collection, errors read from the
    handle's own message, copy() through sh_<kind>_clone."""

    _kind = ""
    _ptr = None

    @classmethod
    def _wrap(cls, h):
        self = cls.__new__(cls)
        self._h = h
        return self

    def __del__(self):
        h = getattr(self, "_h", None)
        if h:
            getattr(_lib, f"sh_{self._kind}_free")(h)
            self._h = None

    def _err(self, st):
        if st:
            _check(st, getattr(_lib, f"sh_{self._kind}_error")(self._h))

    # The out conventions of _text, _ints and _int_outs on this handle, its
    # own message on failure.
    def _text(self, fn, *args):
        return _text(fn, self._h, *args, err=self._err)

    def _ints(self, fn, *args):
        return _ints(fn, self._h, *args, err=self._err)

    def _int(self, fn, *args):
        return _int_out(fn, self._h, *args, err=self._err)

    def _int_outs(self, fn, *args, n):
        return _int_outs(fn, self._h, *args, n=n, err=self._err)

    def copy(self):
        """An independent copy."""
        h = self._ptr()
        self._err(getattr(_lib, f"sh_{self._kind}_clone")(self._h, ctypes.byref(h)))
        return type(self)._wrap(h)

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()
