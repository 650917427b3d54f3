"""Player: a computer player (rule book §9), seeded, with its budget per move."""
from __future__ import annotations

import ctypes

from ._constants import _U64_MAX, MAX_BUDGET_MS, MAX_BUDGET_NODES, MAX_SEARCH_THREADS
from ._errors import OptionError, _check
from ._args import _bytes_text, _int
from ._loaded import L, _lib
from ._moves import Move, _mk
from ._values import Budget, SearchStats
from ._handles import _Handle
from ._game import Game


class Player(_Handle):
    """A computer player (rule book §9): ``Player("easy" | "normal" | "hard" | "expert", seed=0,
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
        20 000 nodes; 800 000 boards of its race plan where it plans one; 30 000 boards of its
        field search on four to six seats without teams). RangeError beyond 0..MAX_BUDGET_NODES / 0..MAX_BUDGET_MS."""
        self._err(_lib.sh_player_set_budget(self._h, _int(nodes, "nodes", 0, MAX_BUDGET_NODES),
                                            _int(time_ms, "time_ms", 0, MAX_BUDGET_MS)))

    @property
    def budget(self) -> Budget:
        """The budget as set (Budget(0, 0): the level's default)."""
        n, ms = ctypes.c_int64(), ctypes.c_int64()
        self._err(_lib.sh_player_budget(self._h, ctypes.byref(n), ctypes.byref(ms)))
        return Budget(n.value, ms.value)

    def set_threads(self, n: int) -> None:
        """Expert's search threads, 1..MAX_SEARCH_THREADS (other levels ignore it). With 1,
        a new player's count, the same seed, node budget and game choose the same move; with
        more, a search to the same depth finds the same move, but how deep a budget gets
        depends on how the threads ran, and a node budget counts the main thread's nodes. On
        four to six seats without teams each thread grows a search tree of its own instead: a
        node budget is each tree's, and the move the same for the same count.
        RangeError outside 1..MAX_SEARCH_THREADS, and the count stays; copy() keeps it."""
        self._err(_lib.sh_player_set_threads(self._h, _int(n, "threads", 1, MAX_SEARCH_THREADS)))

    @property
    def threads(self) -> int:
        """Expert's search threads as set (set_threads; 1 for a new player)."""
        t = ctypes.c_int()
        self._err(_lib.sh_player_threads(self._h, ctypes.byref(t)))
        return t.value

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

    def __reduce__(self):
        # Its random stream lives in C, with no text form to carry: a pickle
        # could only make a new player, which would choose other moves than
        # this one. Said plainly instead of pickle's error about a lock.
        raise TypeError("a Player cannot be pickled: its random state lives in the C library; "
                        "use copy() (copy.copy, copy.deepcopy) in this process, or "
                        "Player(level, seed) to make one anew")

    def __repr__(self):
        return f"Player({self._level!r})"
