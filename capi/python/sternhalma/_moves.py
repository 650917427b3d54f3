"""Moves: the Move value, and _move, the one place a move argument (a Move,
"from-to" text or a pair) is read and checked."""
from __future__ import annotations

from collections import namedtuple
from typing import Tuple, Union

from ._constants import NUM_CELLS
from ._errors import CellError, MoveError, _raise
from ._args import _cell
from ._geometry import cell_name


_MoveBase = namedtuple("Move", ["from_", "to"])


class Move(_MoveBase):
    """A move ``(from_, to)`` by cell index; prints with cell names ("k3-k5").

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
