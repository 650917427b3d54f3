"""Actions: the move (from, to) is the action from * 121 + to; the cell names
an action prints with."""
import ctypes
import operator
from typing import Tuple

import numpy as np

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


def move_to_action(from_: int, to: int) -> int:
    """The action index of the move (from, to) (cell indices 0..120); the
    parameters are named as Move's fields (from_, to)."""
    for v, what in ((from_, "from"), (to, "to")):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
            raise TypeError(f"move_to_action: {what} cell must be an int, not {type(v).__name__}")
        if not 0 <= v < NUM_CELLS:
            raise ValueError(f"move_to_action: {what} cell {v} is not 0..120")
    return int(from_) * NUM_CELLS + int(to)


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
