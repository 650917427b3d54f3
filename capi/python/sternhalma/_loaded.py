"""libsternhalma, loaded once for the whole package: every module calls this
one CDLL (its functions declared by _lib), and it is sternhalma._lib
(sternhalma.rl opens its own view of the same library from it)."""
from __future__ import annotations

from . import _lib as L

_lib = L.load()


def version() -> str:
    """The version of the library actually loaded ("MAJOR.MINOR.PATCH")."""
    return _lib.sh_version().decode()
