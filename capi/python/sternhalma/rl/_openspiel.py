"""Game and State in OpenSpiel's shape, for search: a State clones cheaply,
plays out in C and asks the engine for its move."""
import ctypes
from typing import List, Optional, Tuple

import numpy as np

import sternhalma as _sh

from ._common import L, _c, _index, _raise, _seed, _text, NUM_ACTIONS, NUM_CELLS, TERMINAL
from ._actions import _NAMES, _action_int, _action_text
from ._config import _Config


class Game(_sh._Serialised):
    """A table in OpenSpiel's Game shape: ``new_initial_state()``."""

    def __init__(self, preset="classic-2", reward="rank", max_turns=None, layout="cells",
                 opponents=None, record=True, **options):
        self._config = _Config(preset, reward, max_turns, layout, "float32", options, opponents,
                               record)
        self._proto = self._config.new_env(1, auto_reset=False)
        _c.sh_env_reset(self._proto.h, 0, ctypes.byref(_NO_BUFFERS))

    def new_initial_state(self) -> "State":
        """A State at the start of a game of this table."""
        return State(self, self._proto.clone())

    def num_distinct_actions(self) -> int:
        """14641: every (from, to) pair of cells."""
        return NUM_ACTIONS

    def num_players(self) -> int:
        """The number of players (the table's seats)."""
        return self._proto.num_players

    def seats(self) -> List[int]:
        """Each player's seat (point 0..5)."""
        return list(self._proto.seats)

    def observation_tensor_shape(self) -> List[int]:
        """[12, 121] (cells) or [12, 17, 17] (grid)."""
        return list(self._proto.obs_shape)

    def observation_tensor_size(self) -> int:
        """The number of values of an observation."""
        return int(np.prod(self._proto.obs_shape))

    def min_utility(self) -> float:
        """-1.0, the lowest return."""
        return -1.0

    def max_utility(self) -> float:
        """1.0, the highest return."""
        return 1.0

    def utility_sum(self) -> Optional[float]:
        """0.0 with rank rewards (zero-sum); None with win rewards."""
        return 0.0 if self._config.reward == "rank" else None

    def symmetries(self) -> List[Tuple[int, bool]]:
        """(rotation, reflect) pairs that map this table onto itself."""
        return self._proto.symmetries()

    def __repr__(self):
        return f"sternhalma.rl.Game({self._config.preset!r})"

    def __reduce__(self):
        preset, reward, max_turns, layout, _, options, opponents, record, _ = self._config.args()
        return (_restore_game, (preset, reward, max_turns, layout, options, opponents, record))


def _restore_game(preset, reward, max_turns, layout, options, opponents, record):
    return Game(preset, reward, max_turns, layout, opponents, record, **options)


_NO_BUFFERS = L.EnvBuffers_()
_NO_BUFFERS.size = ctypes.sizeof(_NO_BUFFERS)


class State(_sh._Serialised):
    """A game state in OpenSpiel's shape. Terminal when the game ends by its
    rules or at the game's max_turns (then returns() are zeros)."""

    def __init__(self, game, core, history=None):
        self._game = game
        self._core = core
        self._history = list(history or [])
        self._act = (ctypes.c_int32 * 1)()
        self._act_addr = ctypes.addressof(self._act)
        self._refresh()

    def _refresh(self):
        to, _, term, trunc = self._core.status(0)
        self._player = TERMINAL if (term or trunc) else to
        self._terminal = term or trunc

    def get_game(self) -> Game:
        """The Game this state belongs to."""
        return self._game

    def current_player(self) -> int:
        """The player to act, or TERMINAL (-4) once the game has ended."""
        return self._player

    def is_terminal(self) -> bool:
        """Whether the game has ended (by its rules or at max_turns)."""
        return self._terminal

    def is_chance_node(self) -> bool:
        """False: the game has no chance."""
        return False

    def is_simultaneous_node(self) -> bool:
        """False: players act in turn."""
        return False

    def is_player_node(self) -> bool:
        """Whether a player is to act."""
        return not self._terminal

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The legal actions, sorted (empty when terminal or for another player)."""
        if self._terminal or (player is not None and player != self._player):
            return []
        return self._core.legal(0)

    def legal_actions_mask(self, player: Optional[int] = None) -> np.ndarray:
        """A uint8 array of 14641 entries, 1 for a legal action."""
        m = np.zeros(NUM_ACTIONS, dtype=np.uint8)
        m[self.legal_actions(player)] = 1
        return m

    def apply_action(self, action: int) -> None:
        """Plays an action; an illegal one raises sternhalma.MoveError and changes nothing."""
        a = _action_int(action)
        if self._terminal:
            _raise(8, "apply_action: the game is over")
        self._act[0] = a
        self._core.check(_c.sh_env_step(self._core.h, self._act_addr, 1,
                                        ctypes.byref(_NO_BUFFERS)))
        self._history.append(a)
        self._refresh()

    def returns(self) -> List[float]:
        """Each player's return (zeros until the game ends by its rules)."""
        return [float(x) for x in self._core.returns(0)]

    def player_return(self, player: int) -> float:
        """One player's return (player 0..num_players-1)."""
        return self.returns()[_index(player, "player", self._core.num_players)]

    def rewards(self) -> List[float]:
        """The rewards of the last action: the returns at the end, else zeros."""
        if self._terminal and self._history:
            return self.returns()
        return [0.0] * self._core.num_players

    def observation_tensor(self, player: Optional[int] = None) -> np.ndarray:
        """The observation from player's view (default: the player to act), a fresh float32 array."""
        if player is None:
            player = self._player if self._player >= 0 else 0
        return self._core.observe(0, _index(player, "player", self._core.num_players))

    def action_to_string(self, player: int, action: int) -> str:
        """The action as 'from-to' cell names."""
        return _action_text(_action_int(action))

    def string_to_action(self, text: str) -> int:
        """The action of 'from-to' cell names."""
        if not isinstance(text, str):
            raise TypeError(f"string_to_action: text must be a str, not {type(text).__name__}")
        frm, _, to = text.partition("-")
        try:
            return _NAMES.index(frm) * NUM_CELLS + _NAMES.index(to)
        except ValueError:
            raise ValueError(f"string_to_action: {text!r} is not 'from-to' cell names") from None

    def history(self) -> List[int]:
        """The actions played so far."""
        return list(self._history)

    def move_number(self) -> int:
        """How many actions were played."""
        return len(self._history)

    def clone(self) -> "State":
        """An independent copy."""
        return State(self._game, self._core.clone(), self._history)

    def playouts(self, n: int = 1, epsilon: float = 0.0, max_turns: int = 1000,
                 seed: int = 0) -> np.ndarray:
        """Mean returns (one per player) of n playouts from here, in C: each
        turn a random legal move with probability epsilon, else the normal
        player's move, at most max_turns turns. A playout that ended scores
        the returns; one that has not, a heuristic: each player's lead in
        distance over the players' mean, as tanh(lead / 10). One call plays at
        most 200 000 turns in all, a playout that plays none counting one
        (about 5 s with epsilon 0); more is a
        LimitError: split the call."""
        n = _sh._int(n, "n", 0, 1_000_000)
        max_turns = _sh._int(max_turns, "max_turns", 0, 100_000)
        epsilon = _sh._float(epsilon, "epsilon")
        if not 0.0 <= epsilon <= 1.0:
            _raise(10, f"epsilon must be in 0..1, got {epsilon}")
        seed = _seed(seed)
        out = np.zeros(self._core.num_players, dtype=np.float32)
        self._core.check(_c.sh_env_playouts(self._core.h, 0, n, epsilon, max_turns, seed,
                                            out.ctypes.data, self._core.num_players))
        return out

    def engine_action(self, level: str = "normal", seed: int = 0) -> int:
        """The action a computer player of that level ("easy", "normal",
        "hard", ...) seeded with seed plays here."""
        level = _text(level, "level", "OptionError")
        seed = _seed(seed)
        out = ctypes.c_int32()
        self._core.check(_c.sh_env_engine_action(self._core.h, 0, level, seed,
                                                 ctypes.byref(out)))
        return out.value

    def record(self) -> str:
        """The game's record (rule book §8), replayable by sternhalma.Game."""
        return self._core.record(0)

    def __str__(self):
        return self._core.render(0)

    def __reduce__(self):
        return (_restore_state, (self._game, list(self._history)))


def _restore_state(game, history):
    s = game.new_initial_state()
    for a in history:
        s.apply_action(a)
    return s
