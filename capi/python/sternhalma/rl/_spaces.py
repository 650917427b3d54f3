"""Action and observation spaces in Gymnasium's shape (Discrete, Box), so that
no gymnasium is needed."""
import operator
from typing import Any, Optional

import numpy as np


class Discrete:
    """The actions 0..n-1. sample(mask) draws uniformly among the masked ones."""

    def __init__(self, n, seed=None):
        self.n = n
        self.shape = ()
        self.dtype = np.int64
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> None:
        """Reseeds the sampler."""
        self.np_random = np.random.default_rng(seed)

    def sample(self, mask: Optional[np.ndarray] = None) -> int:
        """A uniform action, among the masked ones when a mask is given."""
        if mask is None:
            return int(self.np_random.integers(self.n))
        legal = np.flatnonzero(mask)
        if legal.size == 0:
            raise ValueError("sample: the mask allows no action")
        return int(legal[self.np_random.integers(legal.size)])

    def contains(self, x: Any) -> bool:
        """Whether x is an action 0..n-1."""
        try:
            return 0 <= operator.index(x) < self.n
        except TypeError:
            return False

    __contains__ = contains

    def __repr__(self):
        return f"Discrete({self.n})"


class Box:
    """An array shape with bounds, as Gymnasium's Box."""

    def __init__(self, low, high, shape, dtype, seed=None):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), np.dtype(dtype)
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> None:
        """Reseeds the sampler."""
        self.np_random = np.random.default_rng(seed)

    def sample(self, mask: Any = None) -> np.ndarray:
        """A uniform array within the bounds (both included for integer dtypes)."""
        if np.issubdtype(self.dtype, np.integer):
            return self.np_random.integers(self.low, self.high, self.shape, dtype=self.dtype,
                                           endpoint=True)
        return self.np_random.uniform(self.low, self.high, self.shape).astype(self.dtype)

    def contains(self, x: Any) -> bool:
        """Whether x has the shape and lies within the bounds."""
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high))

    __contains__ = contains

    def __repr__(self):
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


def _obs_box(config, shape):
    high = 1 if config.dtype == "float32" else 255
    return Box(0, high, shape, config.np_dtype)
