"""Threads: one object's C calls one at a time. _Serialised locks every public
method and property of its subclasses (the handles here, sternhalma.rl's
classes too); _locked is the lock taken around one call."""
from __future__ import annotations

import functools
import inspect
import threading


def _locked(fn, method=True):
    """fn holding the lock of every _Serialised argument (self first) for the whole
    call; several locks are taken in the order of id(), so two calls that share
    objects cannot deadlock."""
    def several(args, kwargs):
        objs = {id(a): a for a in (*args, *kwargs.values()) if isinstance(a, _Serialised)}
        taken = []
        try:
            for k in sorted(objs):
                objs[k]._lock.acquire()
                taken.append(objs[k]._lock)
            return fn(*args, **kwargs)
        finally:
            for lock in reversed(taken):
                lock.release()

    if not method:
        return functools.wraps(fn)(lambda *args, **kwargs: several(args, kwargs))
    if len(inspect.signature(fn).parameters) == 1:
        @functools.wraps(fn)
        def locked(self):
            with self._lock:
                return fn(self)
        return locked

    @functools.wraps(fn)
    def locked(self, *args, **kwargs):
        for a in args:
            if isinstance(a, _Serialised):
                return several((self,) + args, kwargs)
        if kwargs and any(isinstance(a, _Serialised) for a in kwargs.values()):
            return several((self,) + args, kwargs)
        with self._lock:
            return fn(self, *args, **kwargs)
    return locked


_UNLOCKED = frozenset({"__new__", "__init_subclass__", "__del__"})


class _Serialised:
    """An object that owns C handles. A C handle is for one thread at a time and
    ctypes lets other threads run during a C call, so every method and property
    of a subclass holds the object's own lock (an RLock) for its whole call, and
    the locks of the _Serialised objects passed to it: objects shared between
    threads are safe, different objects still run in parallel."""

    def __new__(cls, *args, **kwargs):
        self = object.__new__(cls)
        self._lock = threading.RLock()
        return self

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name, v in list(vars(cls).items()):
            if name in _UNLOCKED or name.startswith("_") and not name.startswith("__"):
                continue  # private helpers run inside the public call that holds the lock
            if isinstance(v, property):
                setattr(cls, name, property(*(f and _locked(f) for f in (v.fget, v.fset, v.fdel)),
                                            v.__doc__))
            elif isinstance(v, classmethod):
                setattr(cls, name, classmethod(_locked(v.__func__, method=False)))
            elif isinstance(v, staticmethod):
                setattr(cls, name, staticmethod(_locked(v.__func__, method=False)))
            elif inspect.isfunction(v) and not inspect.isgeneratorfunction(v):
                setattr(cls, name, _locked(v))
