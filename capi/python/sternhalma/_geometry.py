"""Cells and points (rule book §2-3): names, coordinates, neighbours, symmetries,
camps and seat letters, each one C call on checked arguments."""
from __future__ import annotations

import ctypes
import operator
from typing import List, Optional, Tuple, Union

from ._constants import SEAT_LETTERS
from ._errors import RangeError, SeatError, _check, _raise
from ._args import _cell, _int, _opt, _seat
from ._loaded import _lib
from ._out import _int_out, _int_outs, _ints, _text


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
    """Steps between two cells: the hex distance on an empty board, whatever the marbles (rule book §2)."""
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
    """Cells foreign to the seat on a point (rule book §3), sorted."""
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
