"""Symmetries of a table and the cell permutations behind them, to augment
data: actions, masks and observations turned or mirrored."""
import ctypes
from typing import Any, List, Tuple, Union

import numpy as np

import sternhalma as _sh

from ._common import _c, _raise, NUM_ACTIONS, NUM_CELLS
from ._config import _Config


def symmetries(preset: str = "classic-2", **options: Any) -> List[Tuple[int, bool]]:
    """The (rotation, reflect) pairs that map the table onto itself: its
    played seats onto its played seats with the turn order kept (a reflection
    reverses the turn order, so it counts only with two seats). The identity
    (0, False) first.

    In the observer's frame every observation has the observer at the bottom;
    the table's rotations turn it (classic-2's rotation 3 puts the observer on
    top), while the reflection keeps it at the bottom, which makes it the
    augmentation for nets that rely on that frame."""
    return _Config(preset, "rank", None, "cells", "float32", options).new_env(1, False).symmetries()


def _make_permutations():
    """Every symmetry's cell permutation, computed once at import (read-only)."""
    perms = {}
    v = ctypes.c_int()
    for reflect in (False, True):
        for rotation in range(6):
            perm = np.empty(NUM_CELLS, dtype=np.int64)
            for c in range(NUM_CELLS):
                x = c
                if reflect:
                    _c.sh_cell_reflect(x, ctypes.byref(v))
                    x = v.value
                _c.sh_cell_rotate(x, rotation, ctypes.byref(v))
                perm[c] = v.value
            perm.flags.writeable = False
            perms[(rotation, reflect)] = perm
    return perms


_PERMS = _make_permutations()


def cell_permutation(rotation: int = 0, reflect: bool = False) -> np.ndarray:
    """perm[c]: the image of cell c (reflect first, then rotate rotation
    sixths clockwise), a read-only numpy array of 121 ints."""
    rotation = _sh._int(rotation, "rotation")
    if not (isinstance(reflect, bool) or _sh._is_bool(reflect)):
        raise TypeError(f"reflect must be a bool, not {type(reflect).__name__}")
    return _PERMS[(rotation % 6, bool(reflect))]


def transform_action(action: Any, rotation: int = 0,
                     reflect: bool = False) -> Union[int, np.ndarray]:
    """An action index (or an array of them) through a symmetry."""
    perm = cell_permutation(rotation, reflect)
    a = np.asarray(action)
    if a.dtype.kind not in "iu":
        raise TypeError(f"transform_action: actions must be integers, not {a.dtype}")
    if a.size and (a.min() < 0 or a.max() >= NUM_ACTIONS):
        raise ValueError("transform_action: an action is not 0..14640")
    out = perm[a // NUM_CELLS] * NUM_CELLS + perm[a % NUM_CELLS]
    return int(out) if out.ndim == 0 else out


def _action_perm(rotation, reflect):
    perm = cell_permutation(rotation, reflect)
    return (perm[:, None] * NUM_CELLS + perm[None, :]).reshape(-1)


def transform_mask(mask: Any, rotation: int = 0, reflect: bool = False) -> np.ndarray:
    """A mask (..., 14641) through a symmetry: out[..., image(a)] = mask[..., a]."""
    m = np.asarray(mask)
    if m.shape[-1:] != (NUM_ACTIONS,):
        raise ValueError(f"transform_mask: last axis {m.shape[-1:]} is not ({NUM_ACTIONS},)")
    out = np.empty_like(m)
    out[..., _action_perm(rotation, reflect)] = m
    return out


def _make_grid_index():
    """g[c]: where cell c lies in a flattened 17 x 17 grid plane, (r+8)*17 + q+8."""
    g = np.empty(NUM_CELLS, dtype=np.int64)
    q, r = ctypes.c_int(), ctypes.c_int()
    for c in range(NUM_CELLS):
        if _c.sh_cell_axial(c, ctypes.byref(q), ctypes.byref(r)):
            _raise(3, _c.sh_last_error())
        g[c] = (r.value + 8) * 17 + (q.value + 8)
    g.flags.writeable = False
    return g


_GRID = _make_grid_index()


def _grid_index():
    return _GRID


def transform_observation(obs: Any, rotation: int = 0,
                          reflect: bool = False) -> np.ndarray:
    """An observation (..., 12, 121) or (..., 12, 17, 17) through a symmetry
    of the cells (planes keep their meaning: the symmetries of a table keep
    the turn order)."""
    o = np.asarray(obs)
    perm = cell_permutation(rotation, reflect)
    if o.shape[-1:] == (NUM_CELLS,):
        out = np.empty_like(o)
        out[..., perm] = o
        return out
    if o.shape[-2:] == (17, 17):
        g = _grid_index()
        flat = o.reshape(o.shape[:-2] + (289,))
        out = np.zeros_like(flat)
        out[..., g[perm]] = flat[..., g]
        return out.reshape(o.shape)
    raise ValueError(f"transform_observation: shape {o.shape} ends in neither (121,) nor (17, 17)")
