"""Actions: the move (from, to) is the action from * 121 + to; the cell names
an action prints with."""
import ctypes
import operator
from typing import Tuple

import numpy as np

import sternhalma as _sh

from ._common import _c, _raise, NUM_ACTIONS, NUM_CELLS


def _cell_names():
    names = []
    buf = ctypes.create_string_buffer(8)
    n = ctypes.c_size_t()
    for c in range(NUM_CELLS):
        if _c.sh_cell_name(c, buf, 8, ctypes.byref(n)):
            _raise(2, _c.sh_last_error())
        names.append(buf.value.decode())
    return names


_NAMES = tuple(_cell_names())


def action_to_move(action: int) -> Tuple[int, int]:
    """(from, to) cells of an action index."""
    a = _action_int(action)
    return divmod(a, NUM_CELLS)


def move_to_action(from_, to) -> int:
    """The action index of the move (from, to): cell indices 0..120 or cell
    names ("k3"), as everywhere a cell is taken; the parameters are named as
    Move's fields ``(from_, to)``. A bad cell raises sternhalma.CellError (a
    ValueError) naming it, a wrong type TypeError."""
    f = _sh._cell(from_, "move_to_action: from_")
    t = _sh._cell(to, "move_to_action: to")
    return f * NUM_CELLS + t


def _action_int(action):
    if isinstance(action, (bool, np.bool_)):
        raise TypeError("an action is an int 0..14640, not a bool")
    try:
        a = operator.index(action)
    except TypeError:
        raise TypeError(f"an action is an int 0..14640, not {type(action).__name__}") from None
    if not 0 <= a < NUM_ACTIONS:
        raise ValueError(f"action {a} is not 0..14640")
    return a


def _action_text(a):
    f, t = divmod(a, NUM_CELLS)
    return f"{_NAMES[f]}-{_NAMES[t]}"
