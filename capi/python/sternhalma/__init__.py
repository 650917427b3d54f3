"""sternhalma — Chinese checkers rules (SPEC) through libsternhalma's C ABI.

    import sternhalma as sh
    game = sh.Game("classic-2")
    game.apply("k3-k5")
    while not game.is_over:
        game.apply(game.legal_moves()[0])
    print(game.end_reason, game.places)

Names follow the README's table of names: what an object *is* is a property
(``game.is_over``, ``pos.to_move``), what it *computes or does* is a method
(``pos.legal_moves()``, ``game.apply(move)``). Cells are the SPEC's indices
0..120 or their names ("k3"); seats are the points 0..5 (letters WRBKYG);
"no seat" and "no cell" are ``None``. A move is a ``Move(from_, to)`` and
prints as ``k3-k5``; every call that takes a move also takes ``"k3-k5"``,
``("k3", "k5")`` or ``(22, 40)``. Every failure raises a ``SternhalmaError``
subclass (most are also ``ValueError``s) whose message says what and where;
arguments are checked in Python before they reach C, so nothing is truncated.

Random play: on the SPEC's 000 tables (classic, long jumps, fifteen, pairs)
a seat still at home after its exit deadline (30 own moves; 40 on
fifteen-2) is put out, and uniformly random players never leave home, so a
random ``classic-2`` game always ends by that deadline at turn 59
(``classic-3``: 89) with no arrival. For random play and learning from it
use tables without a deadline: on ``table-2`` .. ``table-6`` and
``japanese-2``/``-3`` random games end by the no-progress rule or the
200-round limit (a draw); on ``race-2`` and ``online-2`` .. ``online-6`` by
the limit.
"""
from __future__ import annotations

import ctypes
import functools
import inspect
import math
import operator
import threading
from array import array
from collections import namedtuple
from enum import IntEnum
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _lib as L

_lib = L.load()

NUM_CELLS = 121
"""Cells on the board: indices 0..120."""
MAX_SEATS = 6
"""Points of the star, hence seats: 0..5."""
MAX_MOVES = 1590
"""The most legal moves any position can have (SH_MAX_MOVES: 15 marbles x 106 empty cells)."""
NO_CELL = -1
"""The C ABI's value for "no cell" (Python returns None instead)."""
NO_SEAT = -1
"""The C ABI's value for "no seat" (Python returns None instead)."""
PACKED_SIZE = 128
"""Bytes of a packed position (Position.pack)."""
PACKED_EMPTY = 0xFF
"""A packed byte for an empty cell."""
PACKED_KING = 0x10
"""Added to a packed seat byte for a king."""
SEAT_LETTERS = "WRBKYG"
"""The letters of seats 0..5."""

_INT_MIN, _INT_MAX = -2**31, 2**31 - 1
_I64_MAX = 2**63 - 1
_U64_MAX = 2**64 - 1
_SIZE_MAX = 2**(8 * ctypes.sizeof(ctypes.c_size_t)) - 1
MAX_PLAYOUTS = 1_000_000
"""The most playouts one call runs (SH_MAX_PLAYOUTS)."""
MAX_PLAYOUT_TURNS = 2_000_000
"""The most turns one playout may be given, and the most one call plays (SH_MAX_PLAYOUT_TURNS)."""
MAX_CLOCK_MS = 10**12
"""The largest clock value: reserve, increment (SH_MAX_CLOCK_MS, about 31 years)."""
MAX_BUDGET_NODES = 1_000_000_000
"""The largest node budget of a player per move (SH_MAX_BUDGET_NODES)."""
MAX_BUDGET_MS = 3_600_000
"""The largest time budget of a player per move, in ms (SH_MAX_BUDGET_MS)."""


# ---- errors -------------------------------------------------------------

class SternhalmaError(Exception):
    """A call failed; ``.status`` is the sh_status name, ``str()`` the message."""

    def __init__(self, status: str, message: str):
        super().__init__(message)
        self.status = status
        self.message = message

    def __reduce__(self):
        return (type(self), (self.status, self.message))


class NullError(SternhalmaError, ValueError):
    """A required value was missing (SH_ERR_NULL)."""


class BufferTooSmall(SternhalmaError):
    """An output buffer was too small (SH_ERR_BUFFER); the binding sizes its own, so a bug."""


class CellError(SternhalmaError, ValueError):
    """Not a cell index (0..120) or name (SH_ERR_CELL)."""


class MoveError(SternhalmaError, ValueError):
    """An illegal or malformed move (SH_ERR_MOVE)."""


class ParseError(SternhalmaError, ValueError):
    """Malformed text: a position, record or packed form (SH_ERR_PARSE)."""


class PresetError(SternhalmaError, KeyError):
    """An unknown preset id (SH_ERR_PRESET)."""

    __str__ = Exception.__str__


class OptionError(SternhalmaError, ValueError):
    """An unknown rule option, a bad value or an unplayable table (SH_ERR_OPTION)."""


class StateError(SternhalmaError):
    """Not possible now: the game is over, nothing to undo, ... (SH_ERR_STATE)."""


class SeatError(SternhalmaError, ValueError):
    """Not a seat (0..5), or a seat the table does not play (SH_ERR_SEAT)."""


class RangeError(SternhalmaError, ValueError):
    """A number out of its range (SH_ERR_RANGE); the message names the argument."""


class InternalError(SternhalmaError):
    """A bug in the library (SH_ERR_INTERNAL): please report the message."""


class LimitError(SternhalmaError):
    """A documented ceiling on work or memory was reached (SH_ERR_LIMIT)."""


_ERRORS = {1: NullError, 2: BufferTooSmall, 3: CellError, 4: MoveError, 5: ParseError,
           6: PresetError, 7: OptionError, 8: StateError, 9: SeatError, 10: RangeError,
           11: MemoryError, 12: InternalError, 13: LimitError}
_STATUS = {cls: f"SH_ERR_{n}" for cls, n in [
    (CellError, "CELL"), (MoveError, "MOVE"), (ParseError, "PARSE"), (PresetError, "PRESET"),
    (OptionError, "OPTION"), (StateError, "STATE"), (SeatError, "SEAT"), (RangeError, "RANGE")]}


def _raise(cls, message):
    raise cls(_STATUS[cls], message)


def _check(status, message=None):
    if status == 0:
        return
    name = _lib.sh_status_name(status).decode()
    msg = (message if message is not None else _lib.sh_last_error()).decode("utf-8", "replace")
    cls = _ERRORS.get(status, SternhalmaError)
    if cls is MemoryError:
        raise MemoryError(msg)
    raise cls(name, msg)


# ---- arguments: checked here, before ctypes could truncate them -------------

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


# ---- moves --------------------------------------------------------------------

_MoveBase = namedtuple("Move", ["from_", "to"])


class Move(_MoveBase):
    """A move (from_, to) by cell index; prints with cell names ("k3-k5").

    ``Move(22, 40)``, ``Move("k3", "k5")`` and ``Move("k3-k5")`` are the same
    move. Text is exactly two cell names ("k3-garbage-k5" is a MoveError; a
    route such as "m1-m3-k5" is read by ``Position.parse_move``, and
    ``Game.apply`` takes it as text). ``_make`` and ``_replace`` check their
    fields as ``Move(from_, to)`` does. A move is a plain pair: whether it is
    legal is the position's business (``Position.is_legal``)."""

    __slots__ = ()

    def __new__(cls, from_, to=None):
        if to is None:
            return _move(from_)
        return _MoveBase.__new__(cls, _cell(from_, "from_"), _cell(to, "to"))

    @classmethod
    def _make(cls, iterable):
        """A Move from a pair, checked like Move(from_, to) (so _replace is checked too)."""
        fields = tuple(iterable)
        if len(fields) != 2:
            raise TypeError(f"a Move has 2 fields (from_, to), got {len(fields)}")
        return _MoveBase.__new__(cls, _cell(fields[0], "from_"), _cell(fields[1], "to"))

    def __str__(self):
        return f"{cell_name(self.from_)}-{cell_name(self.to)}"

    def __repr__(self):
        return f"Move({str(self)!r})"


def _mk(f, t):
    return tuple.__new__(Move, (f, t))


MoveLike = Union[Move, str, Tuple[Union[int, str], Union[int, str]]]


def _move(m) -> Move:
    """Move from a Move, a (from, to) pair of indices or names, or "a-b" text (two cells)."""
    if isinstance(m, Move):
        # A Move made without Move() (tuple.__new__, a subclass) is checked
        # here, where it enters C: ctypes would truncate an index to an int.
        f, t = m
        if type(f) is int and type(t) is int and 0 <= f < NUM_CELLS and 0 <= t < NUM_CELLS:
            return m
        return _mk(_cell(f, "from_"), _cell(t, "to"))
    if isinstance(m, str):
        parts = m.split("-")
        if len(parts) != 2 or not all(parts):
            _raise(MoveError, f"move {m[:60]!r} is not 'from-to' (two cell names)")
        try:
            return _mk(_cell(parts[0], "from"), _cell(parts[1], "to"))
        except CellError as e:
            _raise(MoveError, f"move {m[:60]!r} is not 'from-to' (two cell names): {e}")
    if isinstance(m, (tuple, list)) and len(m) == 2:
        return _mk(_cell(m[0], "from"), _cell(m[1], "to"))
    raise TypeError(f"a move is a Move, 'from-to' text or a (from, to) pair, not {type(m).__name__}")


# ---- enums ----------------------------------------------------------------------

class _Named(IntEnum):
    """An IntEnum whose str() and format() give the library's word for it
    ("all-placed"); int() and comparisons stay those of the C value."""

    def __str__(self):
        return getattr(_lib, _NAME_FN[type(self).__name__])(int(self)).decode()

    def __format__(self, spec):
        return format(str(self), spec)


_NAME_FN = {"SeatStatus": "sh_seat_status_name", "EndReason": "sh_end_reason_name",
            "OutReason": "sh_out_reason_name", "EventKind": "sh_event_kind_name"}


class SeatStatus(_Named):
    """A seat's state in a game (sh_seat_status)."""

    NOT_PLAYED = 0
    PLAYING = 1
    ARRIVED = 2
    OUT = 3


class EndReason(_Named):
    """Why a game ended (sh_end_reason); NONE while it goes on."""

    NONE = 0
    ALL_PLACED = 1
    FIRST_ARRIVAL = 2
    LAST_REPLY = 3
    LIMIT = 4
    REPETITION = 5
    NO_MOVES = 6
    NO_PROGRESS = 7
    RESIGN = 8


class OutReason(_Named):
    """Why a seat is out (sh_out_reason); NONE while it is not."""

    NONE = 0
    DEADLINE = 1
    RETURN_HOME = 2
    RESIGNED = 3
    PARTNER = 4


class EventKind(_Named):
    """The kind of a game event (sh_event_kind); str() is the event line's first word."""

    MOVE = 0
    PASS = 1
    ARRIVAL = 2
    OUT = 3
    RESIGN = 4
    FLAG = 5
    DRAW = 6
    END = 7


Event = namedtuple("Event", ["kind", "seat", "owner", "move", "place", "out_reason",
                             "end_reason", "by_flag"])
Event.__doc__ = """One game event: kind (EventKind), seat (or None), owner of the moved
marble, move (Move, for MOVE), place (ARRIVAL/OUT), out_reason (OutReason),
end_reason (EndReason, for END), by_flag (a move the table played for a fallen flag)."""

Budget = namedtuple("Budget", ["nodes", "time_ms"])
Budget.__doc__ = """A player's work per move: nodes (deterministic) and/or ms (not); 0 = no limit, both 0 = the level's default."""
SearchStats = namedtuple("SearchStats", ["nodes", "depth"])
SearchStats.__doc__ = """What a player's last choice searched: positions visited and depth."""
SeatInfo = namedtuple("SeatInfo", ["status", "place", "out_reason", "moves_made",
                                   "turns_taken", "reserve_ms"])
SeatInfo.__doc__ = """A seat in a game: status (SeatStatus), place (1 best .. N; 0 not
placed), out_reason (OutReason), moves_made (own moves: the deadline counts
these), turns_taken (moves + passes), reserve_ms (clock reserve; 0 without clocks)."""


# ---- library, cells and geometry ------------------------------------------------

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


def version() -> str:
    """The version of the library actually loaded ("MAJOR.MINOR.PATCH")."""
    return _lib.sh_version().decode()


def parse_cell(name: str) -> int:
    """The index of a cell name ("k3" -> 22); CellError for anything else."""
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    return _cell(name, "name")


def cell_name(cell: Union[int, str]) -> str:
    """The name of a cell index (60 -> "i9")."""
    return _text(_lib.sh_cell_name, _cell(cell))


def axial(cell: Union[int, str]) -> Tuple[int, int]:
    """Axial coordinates (q, r) of a cell, q = line - 9, r = row - 9."""
    return _int_outs(_lib.sh_cell_axial, _cell(cell), n=2)


def cell_at(q: int, r: int) -> Optional[int]:
    """The cell at axial (q, r), or None off the star."""
    q, r = _int(q, "q", -16, 16), _int(r, "r", -16, 16)
    c = ctypes.c_int()
    st = _lib.sh_cell_at(q, r, ctypes.byref(c))
    if st == 3:
        return None
    _check(st)
    return c.value


def neighbours(cell: Union[int, str]) -> List[Optional[int]]:
    """Neighbours in directions E, W, UR, UL, DL, DR (None off the board)."""
    out = (ctypes.c_int * 6)()
    _check(_lib.sh_cell_neighbours(_cell(cell), out))
    return [_opt(c) for c in out]


def point_of(cell: Union[int, str]) -> Optional[int]:
    """The point (0..5) a cell lies in, None for the central hexagon."""
    return _opt(_int_out(_lib.sh_cell_point, _cell(cell)))


def xy(cell: Union[int, str]) -> Tuple[float, float]:
    """Drawing coordinates x = q + r/2, y = r*sqrt(3)/2."""
    x, y = ctypes.c_double(), ctypes.c_double()
    _check(_lib.sh_cell_xy(_cell(cell), ctypes.byref(x), ctypes.byref(y)))
    return x.value, y.value


def rotate(cell: Union[int, str], k: int) -> int:
    """The cell rotated k sixths of a turn clockwise (any int k)."""
    if isinstance(k, bool) or not hasattr(k, "__index__"):
        raise TypeError(f"k must be an int, not {type(k).__name__}")
    return _int_out(_lib.sh_cell_rotate, _cell(cell), operator.index(k) % 6)


def reflect(cell: Union[int, str]) -> int:
    """The cell mirrored (points 1 <-> 5, 2 <-> 4)."""
    return _int_out(_lib.sh_cell_reflect, _cell(cell))


def cell_distance(a: Union[int, str], b: Union[int, str]) -> int:
    """Steps between two cells."""
    return _int_out(_lib.sh_cell_distance, _cell(a, "a"), _cell(b, "b"))


def camp_cells(point: int, marbles: int = 10) -> List[int]:
    """The cells of a point (marbles=10) or of its 15-cell camp (marbles=15), sorted."""
    if _int(marbles, "marbles", 0, 15) not in (10, 15):
        _raise(RangeError, f"marbles must be 10 or 15, got {marbles}")
    return _ints(_lib.sh_camp_cells, _seat(point, "point"), marbles)


def tip_cell(point: int) -> int:
    """The tip cell of a point (m1 for 0, e17 for 3)."""
    return _int_out(_lib.sh_tip_cell, _seat(point, "point"))


def foreign_cells(point: int) -> List[int]:
    """Cells foreign to the seat on a point (SPEC §3), sorted."""
    return _ints(_lib.sh_foreign_cells, _seat(point, "point"))


def seat_letter(seat: int) -> str:
    """The letter of a seat (0 -> "W")."""
    return SEAT_LETTERS[_seat(seat)]


def seat_from_letter(letter: str) -> int:
    """The seat of a letter ("K" -> 3)."""
    if not isinstance(letter, str):
        raise TypeError(f"letter must be a str, not {type(letter).__name__}")
    if len(letter) != 1 or letter not in SEAT_LETTERS:
        _raise(SeatError, f"letter must be one of {SEAT_LETTERS}, got {letter[:60]!r}")
    return SEAT_LETTERS.index(letter)


def presets() -> List[str]:
    """Every preset id, in the SPEC's order."""
    return [_text(_lib.sh_preset_id, i) for i in range(_lib.sh_preset_count())]


_PRESET_IDS = frozenset(presets())


def _doubles(values, name):
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise TypeError(f"{name} must be a sequence of numbers")
    return [_float(v, f"{name}[{i}]") for i, v in enumerate(values)]


def _k_prime(value):
    """k_prime as C takes it: <= 0 (-inf too) means 2K/N; NaN and +inf are refused."""
    v = _float(value, "k_prime", finite=False)
    if math.isnan(v) or v == math.inf:
        _raise(RangeError, f"k_prime must be a finite number (<= 0: 2K/N), got {v}")
    return v


def rating_changes(places: Sequence[int], ratings: Sequence[float], k: float = 32.0,
                   k_prime: float = 0.0) -> List[float]:
    """Rating changes of n players from places (1 best, equal = shared) and ratings
    (SPEC §6); k_prime <= 0 means 2K/N."""
    r = _doubles(ratings, "ratings")
    if isinstance(places, (str, bytes)) or not hasattr(places, "__len__"):
        raise TypeError("places must be a sequence of ints")
    p = [_int(v, f"places[{i}]", 0, MAX_SEATS) for i, v in enumerate(places)]
    if len(p) != len(r):
        _raise(RangeError, f"places has {len(p)} entries and ratings {len(r)}")
    n = len(p)
    pa, ra, out = (ctypes.c_int * max(n, 1))(*p), (ctypes.c_double * max(n, 1))(*r), \
        (ctypes.c_double * max(n, 1))()
    _check(_lib.sh_rating_changes(pa, ra, n, _float(k, "k"), _k_prime(k_prime), out))
    return list(out[:n])


# ---- threads: one object's C calls one at a time -----------------------------------

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


# ---- handles -------------------------------------------------------------------

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


def _rules_arg(rules, name="rules") -> "Rules":
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules(rules)
    raise TypeError(f"{name} must be a Rules or a preset id, not {type(rules).__name__}")


# ---- rules --------------------------------------------------------------------

class Rules(_Handle):
    """A table: a preset by id, changed option by option.

    ``Rules("classic-2")``, ``Rules("classic-2", id="free-2", zones="free")``
    (underscores in keyword names become dashes); ``r["zones"]`` reads and
    ``r["zones"] = "free"`` sets one option. A table whose rules differ from
    its preset's needs an id of its own before it is used."""

    _kind, _ptr = "rules", L.RulesP

    def __init__(self, preset: str = "classic-2", **options):
        h = L.RulesP()
        _check(_lib.sh_rules_new(_bytes_text(preset, "preset", PresetError), ctypes.byref(h)))
        self._h = h
        for name, value in options.items():
            self.set_option(name.replace("_", "-"), value)

    @property
    def id(self) -> str:
        """The table's id (a preset's, or the one a custom table was given)."""
        return self._text(_lib.sh_rules_id)

    @property
    def seats(self) -> List[int]:
        """The seats the table plays, in order."""
        m = ctypes.c_uint()
        self._err(_lib.sh_rules_seats(self._h, ctypes.byref(m)))
        return [p for p in range(MAX_SEATS) if m.value >> p & 1]

    def seat_name(self, seat: int) -> str:
        """The display name of a seat ("white"; "red"/"blue" in race-2)."""
        return self._text(_lib.sh_rules_seat_name, _seat(seat))

    def get_option(self, name: str) -> str:
        """One option's value as text ("jumps" -> "standard")."""
        return self._text(_lib.sh_rules_get_option, _bytes_text(name, "name", OptionError))

    def set_option(self, name: str, value) -> "Rules":
        """Sets one option from text (bool: yes/no, int: its digits); all or nothing.

        The table as a whole is checked by validate() and by every call that
        makes a position of it."""
        if isinstance(value, bool):
            value = "yes" if value else "no"
        elif isinstance(value, int):
            value = str(value)
        n = _bytes_text(name, "name", OptionError)
        v = _bytes_text(value, "value", OptionError)
        self._err(_lib.sh_rules_set_option(self._h, n, v))
        return self

    def set_options(self, settings: str) -> "Rules":
        """Several "name = value" settings, one per line or separated by ';'; all or nothing."""
        self._err(_lib.sh_rules_set_options(self._h, _bytes_text(settings, "settings", OptionError)))
        return self

    __getitem__ = get_option
    __setitem__ = set_option

    def validate(self) -> None:
        """Raises OptionError naming the field when the table is not playable."""
        self._err(_lib.sh_rules_validate(self._h))

    def describe(self) -> Dict[str, str]:
        """{name: value} for every option, in the library's order."""
        out = {}
        for line in self._text(_lib.sh_rules_describe).splitlines():
            k, _, v = line.partition(" = ")
            out[k] = v
        return out

    def _settings(self):
        return ";".join(f"{k}={v}" for k, v in self.describe().items())

    def __eq__(self, other):
        return isinstance(other, Rules) and self.describe() == other.describe()

    __hash__ = None

    def __reduce__(self):
        return (_rules_from_settings, (self._settings(),))

    def __repr__(self):
        return f"Rules({self.id!r})"


def _rules_from_settings(settings):
    return Rules("classic-2").set_options(settings)


# ---- positions ------------------------------------------------------------------

class Position(_Handle):
    """Board, seat to move and round: ``Position("classic-2")`` (a preset's start)
    or a SPEC §8 line; ``Position(text, rules)`` for a custom table."""

    _kind, _ptr = "position", L.PositionP
    _frozen = False

    def __init__(self, text: str = "classic-2", rules: Optional[Rules] = None):
        h = L.PositionP()
        t = _bytes_text(text, "text")
        if rules is None:
            _check(_lib.sh_position_parse(t, ctypes.byref(h)))
        else:
            if not isinstance(rules, Rules):
                raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
            _check(_lib.sh_position_parse_rules(rules._h, t, ctypes.byref(h)))
        self._h = h

    @classmethod
    def start(cls, rules: Union[Rules, str]) -> "Position":
        """The start position of a table (a Rules or a preset id)."""
        rules = _rules_arg(rules)
        h = L.PositionP()
        rules._err(_lib.sh_position_new(rules._h, ctypes.byref(h)))
        return cls._wrap(h)

    @classmethod
    def unpack(cls, rules: Union[Rules, str], packed) -> "Position":
        """A position of the table from its PACKED_SIZE-byte packed form (round 0)."""
        rules = _rules_arg(rules)
        data = bytes(_bytes_view(packed))
        if len(data) != PACKED_SIZE:
            _raise(ParseError, f"a packed position has {PACKED_SIZE} bytes, got {len(data)}")
        h = L.PositionP()
        rules._err(_lib.sh_position_unpack(rules._h, data, ctypes.byref(h)))
        return cls._wrap(h)

    def copy(self) -> "Position":
        """An independent copy (a game's position copied is yours to play on)."""
        return super().copy()

    def _m(self, move):
        if isinstance(move, str):
            return self.parse_move(move)
        return _move(move)

    @property
    def rules(self) -> Rules:
        """A copy of the position's table."""
        h = L.RulesP()
        self._err(_lib.sh_position_rules(self._h, ctypes.byref(h)))
        return Rules._wrap(h)

    @property
    def text(self) -> str:
        """The SPEC §8 line of the position."""
        return self._text(_lib.sh_position_to_text)

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Position({self.text!r})"

    def __eq__(self, other):
        return isinstance(other, Position) and self.text == other.text

    def __hash__(self):
        return self.hash

    def __reduce__(self):
        return (_position_from, (self.text, self.rules._settings()))

    def render(self) -> str:
        """A drawing of the board, row 17 at the top, one line per row."""
        return self._text(_lib.sh_position_render)

    @property
    def to_move(self) -> int:
        """The seat to move."""
        return self._int(_lib.sh_position_to_move)

    @property
    def round(self) -> int:
        """Completed rounds."""
        return self._int(_lib.sh_position_round)

    @property
    def hash(self) -> int:
        """The position's 64-bit hash (board and seat to move)."""
        v = ctypes.c_uint64()
        self._err(_lib.sh_position_hash(self._h, ctypes.byref(v)))
        return v.value

    def _owner(self, cell):
        s, k = self._int_outs(_lib.sh_position_owner, _cell(cell), n=2)
        return _opt(s), bool(k)

    def owner(self, cell: Union[int, str]) -> Optional[int]:
        """The seat whose marble is on the cell, or None (a king is its seat's marble)."""
        return self._owner(cell)[0]

    def is_king(self, cell: Union[int, str]) -> bool:
        """True when the marble on the cell is a king."""
        return self._owner(cell)[1]

    def __getitem__(self, cell):
        return self.owner(cell)

    def pieces(self, seat: int) -> List[int]:
        """The cells of a seat's marbles, sorted."""
        return self._ints(_lib.sh_position_pieces, _seat(seat))

    def pack(self) -> bytes:
        """The PACKED_SIZE-byte form used by the batch calls."""
        buf = ctypes.create_string_buffer(PACKED_SIZE)
        self._err(_lib.sh_position_pack(self._h, buf))
        return buf.raw

    # -- moves
    def legal_moves(self) -> List[Move]:
        """Moves of the seat to move, sorted by (from, to)."""
        out = (L.Move_ * MAX_MOVES)()
        n = ctypes.c_size_t()
        self._err(_lib.sh_position_legal_moves(self._h, out, MAX_MOVES, ctypes.byref(n)))
        return [_mk(m.from_, m.to) for m in out[:n.value]]

    def __iter__(self) -> Iterator[Move]:
        """Iterates over the legal moves."""
        return iter(self.legal_moves())

    def count_moves(self) -> int:
        """How many legal moves the seat to move has."""
        n = ctypes.c_size_t()
        self._err(_lib.sh_position_count_moves(self._h, ctypes.byref(n)))
        return n.value

    def destinations(self, cell: Union[int, str]) -> List[int]:
        """Where the marble on the cell can move, under its owner's rules, sorted."""
        return self._ints(_lib.sh_position_destinations, _cell(cell, "from_"))

    def is_legal(self, move: MoveLike) -> bool:
        """True when the move is legal for the seat to move."""
        try:
            m = self._m(move)
        except MoveError:
            return False
        return bool(self._int(_lib.sh_position_is_legal, m.from_, m.to))

    def closed_cells(self, seat: int) -> List[int]:
        """Cells where the seat may not end a move (foreign points when closed), sorted."""
        return self._ints(_lib.sh_position_closed_cells, _seat(seat))

    def canonical_path(self, move: MoveLike) -> List[int]:
        """The canonical route of a legal move (cells, both ends included)."""
        m = self._m(move)
        return self._ints(_lib.sh_position_canonical_path, m.from_, m.to)

    def all_paths(self, move: MoveLike, limit: int = 100) -> Tuple[List[List[int]], bool]:
        """(up to `limit` routes of a legal move, True when routes were left out)."""
        m = self._m(move)
        limit = _int(limit, "limit", 1, _SIZE_MAX)
        need, paths, trunc = ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_int()
        self._err(_lib.sh_position_all_paths(self._h, m.from_, m.to, limit, None, 0,
                                             ctypes.byref(need), None, None))
        out = (ctypes.c_int * max(need.value, 1))()
        self._err(_lib.sh_position_all_paths(self._h, m.from_, m.to, limit, out, need.value,
                                             ctypes.byref(need), ctypes.byref(paths),
                                             ctypes.byref(trunc)))
        result, cur = [], []
        for c in out[:need.value]:
            if c == NO_CELL:
                result.append(cur)
                cur = []
            else:
                cur.append(c)
        return result, bool(trunc.value)

    def parse_move(self, text: str) -> Move:
        """A move of the seat to move from text ("l2-l3", "m1-m3-k5": hops checked)."""
        m = L.Move_()
        self._err(_lib.sh_position_parse_move(self._h, _bytes_text(text, "move", MoveError),
                                              ctypes.byref(m)))
        return _mk(m.from_, m.to)

    def format_move(self, move: MoveLike) -> str:
        """The canonical route of a legal move as text ("m1-m3-k5")."""
        m = self._m(move)
        return self._text(_lib.sh_position_format_move, m.from_, m.to)

    def play(self, move: MoveLike) -> "Position":
        """Plays a legal move with no game rules (the next seat with marbles moves)."""
        if self._frozen:
            _raise(StateError, "this position is a game's (game.position): play on the game "
                               "with game.apply(move), or on a copy: game.position.copy()")
        m = self._m(move)
        self._err(_lib.sh_position_play(self._h, m.from_, m.to))
        return self

    # -- perft and distances
    def perft(self, depth: int) -> int:
        """Move sequences of length `depth` (SPEC §10), depth 0..32 (perft(0) = 1)."""
        depth = _depth(depth, "perft", 0)
        v = ctypes.c_uint64()
        self._err(_lib.sh_perft(self._h, depth, ctypes.byref(v)))
        return v.value

    def divide(self, depth: int) -> Dict[Move, int]:
        """{first move: perft(depth - 1) after it}, by move; depth 1..32."""
        depth = _depth(depth, "divide", 1)
        moves, nodes = (L.Move_ * MAX_MOVES)(), (ctypes.c_uint64 * MAX_MOVES)()
        n = ctypes.c_size_t()
        self._err(_lib.sh_divide(self._h, depth, moves, nodes, MAX_MOVES, ctypes.byref(n)))
        return {_mk(moves[i].from_, moves[i].to): nodes[i] for i in range(n.value)}

    def _distance(self, seat):
        return self._int_outs(_lib.sh_position_distance, _seat(seat), n=3)

    def goal_distance(self, seat: int) -> int:
        """Steps the seat's marbles still need to fill its goal (assignment distance)."""
        return self._distance(seat)[0]

    def tip_distance(self, seat: int) -> int:
        """Steps from the seat's marbles to its goal's tip, summed."""
        return self._distance(seat)[1]

    def marbles_in_goal(self, seat: int) -> int:
        """How many of the seat's marbles are in its goal."""
        return self._distance(seat)[2]

    def playouts(self, n: int, max_plies: int = 1000, seed: int = 0
                 ) -> List[Tuple[Optional[int], int]]:
        """[(winner or None, turns)] of n games of uniformly random legal moves that
        start here under every rule of the table, each until it is over or
        max_plies turns; the winner took place 1 alone by arriving."""
        n = _int(n, "n", 0, MAX_PLAYOUTS)
        max_plies = _int(max_plies, "max_plies", 0, MAX_PLAYOUT_TURNS)
        seed = _int(seed, "seed", 0, _U64_MAX)
        w, p = (ctypes.c_int * max(n, 1))(), (ctypes.c_int * max(n, 1))()
        self._err(_lib.sh_position_playouts(self._h, n, max_plies, seed, w, p))
        return [(_opt(w[i]), p[i]) for i in range(n)]


_MAX_PERFT_DEPTH = 32
"""The deepest perft and divide (sh_perft, sh_divide: 0..32 and 1..32)."""


def _depth(value, call, lo):
    """A perft/divide depth, refused in C's words whichever end it misses."""
    if _is_bool(value) or not hasattr(value, "__index__"):
        raise TypeError(f"depth must be an int, not {type(value).__name__}")
    v = operator.index(value)
    if not lo <= v <= _MAX_PERFT_DEPTH:
        why = " (divide splits by the first move, so it needs one ply)" if lo else ""
        _raise(RangeError, f"{call}: depth {v} is not in {lo}..{_MAX_PERFT_DEPTH}{why}")
    return v


def _position_from(text, settings):
    r = _rules_from_settings(settings)
    return Position(text) if r.id in _PRESET_IDS else Position(text, r)


# ---- games ------------------------------------------------------------------------

class Game(_Handle):
    """A whole game (SPEC §4): ``Game("classic-2")``, ``Game(rules, first_seat=None)``,
    ``Game.from_position(pos)`` or ``Game.from_record(text)``.

    Random players on the 000 tables (classic-2 ...) never leave home and are
    put out by the exit deadline at about turn 59: see the module docstring
    for the tables that suit random play."""

    _kind, _ptr = "game", L.GameP

    def __init__(self, rules: Union[Rules, str] = "classic-2", first_seat: Optional[int] = None):
        rules = _rules_arg(rules)
        h = L.GameP()
        seat = NO_SEAT if first_seat is None else _seat(first_seat, "first_seat")
        rules._err(_lib.sh_game_new(rules._h, seat, ctypes.byref(h)))
        self._h = h
        self._custom = None if rules.id in _PRESET_IDS else rules._settings()

    @classmethod
    def from_position(cls, position: Position) -> "Game":
        """A game from a position (its seat to move moves first)."""
        if not isinstance(position, Position):
            raise TypeError(f"position must be a Position, not {type(position).__name__}")
        h = L.GameP()
        position._err(_lib.sh_game_from_position(position._h, ctypes.byref(h)))
        g = cls._wrap(h)
        g._custom = None
        # The record starts from the table's start, not from this position:
        # pickling keeps the position to replay the record on.
        g._start = (position.text, position.rules._settings())
        return g

    @classmethod
    def from_record(cls, text: str, rules: Optional[Rules] = None) -> "Game":
        """Replays a record (SPEC §8) of a preset, or of the given custom table."""
        t = _bytes_text(text, "record")
        h = L.GameP()
        if rules is not None:
            if not isinstance(rules, Rules):
                raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
            rules._err(_lib.sh_game_from_record(rules._h, t, ctypes.byref(h)))
        else:
            _check(_lib.sh_game_from_record(None, t, ctypes.byref(h)))
        g = cls._wrap(h)
        g._custom = rules._settings() if rules is not None else None
        return g

    def copy(self) -> "Game":
        """An independent copy (history, clocks and all)."""
        g = super().copy()
        g._custom = getattr(self, "_custom", None)
        g._start = getattr(self, "_start", None)
        return g

    def __reduce__(self):
        # A pickle is the record replayed, and a record carries no clocks
        # (SPEC §8), so a game with clocks would come back without them.
        if any(self.seat(s).reserve_ms for s in self.rules.seats):
            raise TypeError("cannot pickle a Game with clocks: its record does not carry them "
                            "(copy() keeps them)")
        start = getattr(self, "_start", None)
        if start is not None:
            return (_game_from_start, start + (self.record(0),))
        return (_game_from, (self.record(0), getattr(self, "_custom", None)))

    def __repr__(self):
        return f"<Game {self.rules.id} turn {self.turns}{' over' if self.is_over else ''}>"

    def _state(self):
        o, e, d = self._int_outs(_lib.sh_game_state, n=3)
        return bool(o), EndReason(e), bool(d)

    def _counters(self):
        return self._int_outs(_lib.sh_game_counters, n=3)

    def _to_move(self):
        s, o = self._int_outs(_lib.sh_game_to_move, n=2)
        return _opt(s), _opt(o)

    @property
    def rules(self) -> Rules:
        """A copy of the game's table."""
        return self.position.rules

    @property
    def position(self) -> Position:
        """The current position, read-only: play() on it raises (use apply(), or .copy())."""
        h = L.PositionP()
        self._err(_lib.sh_game_position(self._h, ctypes.byref(h)))
        p = Position._wrap(h)
        p._frozen = True
        return p

    @property
    def to_move(self) -> Optional[int]:
        """The seat to move, or None when the game is over."""
        return self._to_move()[0]

    @property
    def marbles_of(self) -> Optional[int]:
        """Whose marbles the seat to move moves (its partner's after arriving), None when over."""
        return self._to_move()[1]

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self._state()[0]

    @property
    def end_reason(self) -> EndReason:
        """Why the game ended (EndReason.NONE while it goes on)."""
        return self._state()[1]

    @property
    def is_draw(self) -> bool:
        """True when the game ended in a draw."""
        return self._state()[2]

    @property
    def turns(self) -> int:
        """Turns (moves and passes) in all."""
        return self._counters()[0]

    @property
    def round(self) -> int:
        """Completed rounds."""
        return self._counters()[1]

    @property
    def actions(self) -> int:
        """Actions undo() can take back."""
        return self._counters()[2]

    def seat(self, seat: int) -> SeatInfo:
        """A seat's state: SeatInfo(status, place, out_reason, moves_made, turns_taken, reserve_ms)."""
        i = L.SeatInfo_()
        self._err(_lib.sh_game_seat(self._h, _seat(seat), ctypes.byref(i), ctypes.sizeof(i)))
        return SeatInfo(SeatStatus(i.status), i.place, OutReason(i.out_reason), i.moves_made,
                        i.turns_taken, i.reserve_ms)

    def status(self, seat: int) -> SeatStatus:
        """A seat's SeatStatus."""
        return self.seat(seat).status

    def place(self, seat: int) -> int:
        """A seat's place (1 best .. N), 0 while not placed or not played."""
        return self.seat(seat).place

    @property
    def places(self) -> List[int]:
        """The places of the six points, by point (0: not placed or not played)."""
        p = (ctypes.c_int * MAX_SEATS)()
        self._err(_lib.sh_game_places(self._h, p))
        return list(p)

    def legal_moves(self) -> List[Move]:
        """The legal moves now, sorted by (from, to); [] when the game is over."""
        out = (L.Move_ * MAX_MOVES)()
        n = ctypes.c_size_t()
        self._err(_lib.sh_game_legal_moves(self._h, out, MAX_MOVES, ctypes.byref(n)))
        return [_mk(m.from_, m.to) for m in out[:n.value]]

    def _m(self, move):
        if isinstance(move, str):
            return self.position.parse_move(move)
        return _move(move)

    def check(self, move: MoveLike) -> None:
        """Raises MoveError (StateError when over) saying why the move is not legal now."""
        m = self._m(move)
        self._err(_lib.sh_game_check(self._h, m.from_, m.to))

    def eliminates(self, move: MoveLike) -> bool:
        """True when the legal move puts a seat out (the exit deadline)."""
        m = self._m(move)
        return bool(self._int(_lib.sh_game_eliminates, m.from_, m.to))

    def apply(self, move: MoveLike, elapsed_ms: int = 0) -> "Game":
        """Plays a move of the seat to move (a Move, (from, to) or text); elapsed_ms is
        charged to its clock (a fallen flag is played instead: see events)."""
        elapsed_ms = _int(elapsed_ms, "elapsed_ms", 0, _I64_MAX)
        if isinstance(move, str):
            self._err(_lib.sh_game_apply_text(self._h, _bytes_text(move, "move", MoveError),
                                              elapsed_ms))
        else:
            m = _move(move)
            self._err(_lib.sh_game_apply(self._h, m.from_, m.to, elapsed_ms))
        return self

    def resign(self, seat: int) -> None:
        """A seat still playing resigns (at any time; it is not a turn)."""
        self._err(_lib.sh_game_resign(self._h, _seat(seat)))

    def flag(self) -> None:
        """The flag of the seat to move falls."""
        self._err(_lib.sh_game_flag(self._h))

    def undo(self, n: int = 1) -> int:
        """Takes back up to n actions with their automatic passes; how many it took back."""
        return self._int(_lib.sh_game_undo, _int(n, "n", 1))

    def set_clock(self, reserve_ms: int, increment_ms: int = 0) -> None:
        """Clocks: every seat gets reserve_ms, each move earns increment_ms (before the first action)."""
        self._err(_lib.sh_game_set_clock(self._h, _int(reserve_ms, "reserve_ms", 1, MAX_CLOCK_MS),
                                         _int(increment_ms, "increment_ms", 0, MAX_CLOCK_MS)))

    @property
    def events(self) -> List[Event]:
        """Every event so far."""
        return self.events_from(0)

    def events_from(self, first: int) -> List[Event]:
        """The events from index `first` on (poll with the number seen so far)."""
        first = _int(first, "first", 0, _SIZE_MAX)
        n = ctypes.c_size_t()
        size = ctypes.sizeof(L.Event_)
        self._err(_lib.sh_game_events(self._h, first, None, size, 0, ctypes.byref(n)))
        out = (L.Event_ * max(n.value, 1))()
        self._err(_lib.sh_game_events(self._h, first, out, size, n.value, ctypes.byref(n)))
        return [Event(EventKind(e.kind), _opt(e.seat), _opt(e.owner),
                      _mk(e.from_, e.to) if e.kind == EventKind.MOVE else None, e.place,
                      OutReason(e.out_reason), EndReason(e.end_reason), bool(e.by_flag))
                for e in out[:n.value]]

    def event_text(self, index: int) -> str:
        """Event `index` as a line ("move W m3-m4", "arrive W place 1", ...)."""
        return self._text(_lib.sh_game_event_text, _int(index, "index", 0, _SIZE_MAX))

    def record(self, per_line: int = 10) -> str:
        """The record so far (SPEC §8), a line break every per_line turns (0: one line)."""
        return self._text(_lib.sh_game_record, _int(per_line, "per_line", 0))

    def rating_changes(self, ratings: Sequence[float], k: float = 32.0,
                       k_prime: float = 0.0) -> List[float]:
        """Rating changes of a finished game's played seats, in seat order (SPEC §6)."""
        r = _doubles(ratings, "ratings")
        n = len(r)
        ra, out = (ctypes.c_double * max(n, 1))(*r), (ctypes.c_double * max(n, 1))()
        self._err(_lib.sh_game_rating_changes(self._h, ra, n, _float(k, "k"),
                                              _k_prime(k_prime), out))
        return list(out[:n])

    def playouts(self, n: int, max_turns: int = 1000, seed: int = 0
                 ) -> List[Tuple[List[int], int]]:
        """[(places by point, turns played)] of n games of uniformly random legal moves
        under every game rule, from now, each at most max_turns turns.

        On classic-2 (and every table with an exit deadline) they all end by the
        deadline at about turn 59: random players never leave home."""
        n = _int(n, "n", 0, MAX_PLAYOUTS)
        max_turns = _int(max_turns, "max_turns", 0, MAX_PLAYOUT_TURNS)
        seed = _int(seed, "seed", 0, _U64_MAX)
        p, t = (ctypes.c_int * (MAX_SEATS * max(n, 1)))(), (ctypes.c_int * max(n, 1))()
        self._err(_lib.sh_game_playouts(self._h, n, max_turns, seed, p, t))
        return [(list(p[MAX_SEATS * i:MAX_SEATS * i + MAX_SEATS]), t[i]) for i in range(n)]


def _game_from(record, settings):
    if settings is None:
        return Game.from_record(record)
    return Game.from_record(record, _rules_from_settings(settings))


def _game_from_start(text, settings, record):
    """A from_position game again: the position, then the record's turns after its
    header (automatic passes replay themselves, as in sh_game_from_record)."""
    g = Game.from_position(_position_from(text, settings))
    for tok in record.split()[2:]:
        if tok == "pass":
            continue
        who, colon, what = tok.partition(":")
        if not colon:
            g.apply(tok)
        elif what == "resign":
            g.resign(who)
        elif what == "flag":
            g.flag()
        else:
            _raise(ParseError, f"record token {tok!r}: expected X:resign or X:flag")
    return g


# ---- computer players -------------------------------------------------------------

class Player(_Handle):
    """A computer player (SPEC §9): ``Player("easy" | "normal" | "hard" | "expert", seed=0,
    nodes=0, time_ms=0)``.

    Seeded and deterministic for a node budget (a time budget is not: the move
    depends on the machine's speed and load); copy() copies its generator too.
    Hard and expert take a budget per move (see set_budget)."""

    _kind, _ptr = "player", L.PlayerP

    def __init__(self, level: str = "normal", seed: int = 0, nodes: int = 0, time_ms: int = 0):
        nodes = _int(nodes, "nodes", 0, MAX_BUDGET_NODES)
        time_ms = _int(time_ms, "time_ms", 0, MAX_BUDGET_MS)
        h = L.PlayerP()
        _check(_lib.sh_player_new(_bytes_text(level, "level", OptionError),
                                  _int(seed, "seed", 0, _U64_MAX), ctypes.byref(h)))
        self._h = h
        self._level = level
        if nodes or time_ms:
            self.set_budget(nodes, time_ms)

    def set_budget(self, nodes: int = 0, time_ms: int = 0) -> None:
        """Work per move for hard and expert: positions searched (nodes) and/or wall-clock
        milliseconds; 0 = no limit of that kind, both 0 = the level's default (expert:
        20 000 nodes). RangeError beyond 0..MAX_BUDGET_NODES / 0..MAX_BUDGET_MS."""
        self._err(_lib.sh_player_set_budget(self._h, _int(nodes, "nodes", 0, MAX_BUDGET_NODES),
                                            _int(time_ms, "time_ms", 0, MAX_BUDGET_MS)))

    @property
    def budget(self) -> Budget:
        """The budget as set (Budget(0, 0): the level's default)."""
        n, ms = ctypes.c_int64(), ctypes.c_int64()
        self._err(_lib.sh_player_budget(self._h, ctypes.byref(n), ctypes.byref(ms)))
        return Budget(n.value, ms.value)

    @property
    def last_stats(self) -> SearchStats:
        """What the last choose() searched: positions visited and depth (0, 0 before)."""
        n, d = ctypes.c_int64(), ctypes.c_int()
        self._err(_lib.sh_player_last_stats(self._h, ctypes.byref(n), ctypes.byref(d)))
        return SearchStats(n.value, d.value)

    @property
    def level(self) -> str:
        """The level it was made with."""
        return self._level

    def copy(self) -> "Player":
        """An independent copy in the same state: both choose the same moves."""
        p = super().copy()
        p._level = self._level
        return p

    def choose(self, game: Game) -> Move:
        """The player's move for the seat to move (StateError when the game is over)."""
        if not isinstance(game, Game):
            raise TypeError(f"game must be a Game, not {type(game).__name__}")
        m = L.Move_()
        self._err(_lib.sh_player_choose(self._h, game._h, ctypes.byref(m)))
        return _mk(m.from_, m.to)

    def __repr__(self):
        return f"Player({self._level!r})"


# ---- batch ---------------------------------------------------------------------

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


def _buffer(data):
    """(address, length, keep-alive) of a bytes-like object, without copying when writable."""
    mv = _bytes_view(data)
    if mv.readonly:
        b = ctypes.c_char_p(bytes(mv))
        return ctypes.cast(b, ctypes.c_void_p), len(mv), b
    if len(mv) == 0:
        return None, 0, None
    arr = (ctypes.c_ubyte * len(mv)).from_buffer(mv)
    return ctypes.addressof(arr), len(mv), arr


def _packed(packed):
    addr, size, keep = _buffer(packed)
    if size % PACKED_SIZE:
        _raise(ParseError, f"packed data of {size} bytes is not a multiple of {PACKED_SIZE}")
    return addr, size // PACKED_SIZE, keep


@functools.partial(_locked, method=False)
def count_moves_batch(rules: Rules, packed) -> array:
    """Legal-move counts of many packed positions (PACKED_SIZE bytes each) in one call.

    `packed` is any bytes-like object (bytes, bytearray, memoryview, numpy
    uint8 array); returns array('I')."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    addr, n, keep = _packed(packed)
    out = array("I", bytes(4 * n))
    if n:
        optr, _ = out.buffer_info()
        rules._err(_lib.sh_batch_count_moves(rules._h, addr, n, optr))
    del keep
    return out


@functools.partial(_locked, method=False)
def legal_moves_batch(rules: Rules, packed) -> List[List[Move]]:
    """Legal moves of many packed positions: a list of lists of Move.

    At most SH_MAX_BATCH (2**20) positions; the result costs about 90 bytes of
    Python objects per move (76 kept), about 2.9 GB for 2**20 mid-game
    classic-6 positions (32.5 M moves): use count_moves_batch for counts."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    addr, n, keep = _packed(packed)
    if n == 0:
        return []
    offsets = (ctypes.c_size_t * (n + 1))()
    total = ctypes.c_size_t()
    rules._err(_lib.sh_batch_legal_moves(rules._h, addr, n, offsets, None, 0, ctypes.byref(total)))
    out = (L.Move_ * max(total.value, 1))()
    rules._err(_lib.sh_batch_legal_moves(rules._h, addr, n, offsets, out, total.value,
                                         ctypes.byref(total)))
    del keep
    return [[_mk(m.from_, m.to) for m in out[offsets[i]:offsets[i + 1]]] for i in range(n)]


def count_moves_texts(texts: Sequence[str]) -> List[int]:
    """Legal-move counts of many preset position lines."""
    if isinstance(texts, str):
        raise TypeError("texts must be a sequence of str, not one str")
    enc = [_bytes_text(t, f"texts[{i}]") for i, t in enumerate(texts)]
    n = len(enc)
    arr = (ctypes.c_char_p * max(n, 1))(*enc)
    counts = (ctypes.c_uint32 * max(n, 1))()
    bad = ctypes.c_size_t()
    _check(_lib.sh_batch_count_moves_text(arr, n, counts, ctypes.byref(bad)))
    return list(counts[:n])


__all__ = [
    # constants
    "NUM_CELLS", "MAX_SEATS", "MAX_MOVES", "MAX_PLAYOUTS", "MAX_PLAYOUT_TURNS", "MAX_CLOCK_MS", "MAX_BUDGET_NODES", "MAX_BUDGET_MS", "NO_CELL", "NO_SEAT", "PACKED_SIZE",
    "PACKED_EMPTY", "PACKED_KING", "SEAT_LETTERS",
    # errors
    "SternhalmaError", "NullError", "BufferTooSmall", "CellError", "MoveError", "ParseError",
    "PresetError", "OptionError", "StateError", "SeatError", "RangeError", "InternalError",
    "LimitError",
    # values
    "Move", "Event", "SeatInfo", "Budget", "SearchStats", "SeatStatus", "EndReason", "OutReason", "EventKind",
    # handles
    "Rules", "Position", "Game", "Player",
    # functions
    "version", "parse_cell", "cell_name", "axial", "cell_at", "neighbours", "point_of", "xy",
    "rotate", "reflect", "cell_distance", "camp_cells", "tip_cell", "foreign_cells",
    "seat_letter", "seat_from_letter", "presets", "rating_changes", "count_moves_batch",
    "legal_moves_batch", "count_moves_texts",
]
