"""What every part of sternhalma.rl shares: the library (_c, the package's
one CDLL, every prototype declared by sternhalma._lib, the structs there as
L), the sizes, and the argument checks, which reuse the main module's so
that both raise the same errors with the same words."""
import sternhalma as _sh
from sternhalma._loaded import L, _lib as _c

NUM_ACTIONS = 14641
NUM_PLANES = 12
NUM_CELLS = _sh.NUM_CELLS
MAX_ENVS = 1 << 20
#: OpenSpiel's terminal player id, returned by State.current_player().
TERMINAL = -4
SEAT_LETTERS = _sh.SEAT_LETTERS


def _raise(status, message):
    """The main module's error for a status (one table for both modules)."""
    _sh._check(status, message.encode() if isinstance(message, str) else message)


_U64_MAX = 2**64 - 1


def _index(value, name, n):
    """An index 0..n-1 (a game of a VectorEnv, a player), checked before ctypes truncates it."""
    return _sh._int(value, name, 0, n - 1)


def _seed(value, name="seed"):
    return _sh._int(value, name, 0, _U64_MAX)


def _text(value, name, cls):
    """Text for C: a NUL would cut it short and a lone surrogate cannot be encoded."""
    return _sh._bytes_text(value, name, getattr(_sh, cls))
