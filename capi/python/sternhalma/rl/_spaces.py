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


class MultiDiscrete:
    """A batch of Discrete spaces, as Gymnasium's MultiDiscrete (a vector env's
    action_space): shape (num_envs,), entry i in 0..nvec[i]-1. sample(mask)
    takes one mask row per entry."""

    def __init__(self, nvec, seed=None):
        self.nvec = np.asarray(nvec, dtype=np.int64)
        self.shape = self.nvec.shape
        self.dtype = np.int64
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> None:
        """Reseeds the sampler."""
        self.np_random = np.random.default_rng(seed)

    def sample(self, mask: Optional[Any] = None) -> np.ndarray:
        """A uniform action per entry, among the masked ones when masks are given
        (one row per entry; an entry whose row allows nothing gets -1)."""
        if mask is None:
            return self.np_random.integers(self.nvec).astype(self.dtype)
        if len(mask) != len(self.nvec):
            raise ValueError(f"sample: {len(mask)} mask rows for {len(self.nvec)} entries")
        out = np.empty(self.shape, dtype=self.dtype)
        for i, row in enumerate(mask):
            legal = np.flatnonzero(row)
            out[i] = legal[self.np_random.integers(legal.size)] if legal.size else -1
        return out

    def contains(self, x: Any) -> bool:
        """Whether x has the shape and every entry i is in 0..nvec[i]-1."""
        x = np.asarray(x)
        return (x.shape == self.shape and x.dtype.kind in "iu" and bool(np.all(x >= 0))
                and bool(np.all(x < self.nvec)))

    __contains__ = contains

    def __repr__(self):
        return f"MultiDiscrete({self.nvec.tolist() if self.nvec.size <= 8 else self.nvec.shape})"


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
