"""Ratings (rule book §6): rating_changes of places and ratings, and the checks of
its arguments that Game.rating_changes shares."""
from __future__ import annotations

import ctypes
import math
from typing import List, Sequence

from ._constants import MAX_SEATS
from ._errors import RangeError, _check, _raise
from ._args import _float, _int
from ._loaded import _lib


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
    """Rating changes from places (1 best, equal = shared, 0 not played: what
    ``Game.places`` gives, by seat) and one rating per place (an unplayed
    one's is ignored); one change per place, 0.0 for an unplayed one
    (rule book §6). k_prime <= 0 means 2K/N, N the played places:
    ``rating_changes(g.places, [1500.0] * 6)``."""
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
