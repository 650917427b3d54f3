"""sternhalma.rl — Chinese checkers for learning agents, computed in C.

Three shapes over one environment core (libsternhalma's sh_env_*):

- ``Env``: PettingZoo's AEC API (``agent_iter``, ``last``, ``step``,
  ``observe(agent)["action_mask"]``), one game.
- ``Game(...).new_initial_state()``: OpenSpiel's State API
  (``legal_actions``, ``apply_action``, ``returns``, ``clone``), for search.
- ``VectorEnv``: N games stepped in one call, Gymnasium's next-step
  auto-reset, a seeded C sampler of legal actions.

Actions: the move (from, to) is ``from * 121 + to`` (``NUM_ACTIONS`` =
14,641 ids, cells in the SPEC's order, m1 = 0); passes are automatic, so an
action is always a move. Players are 0..P-1, the table's seats in turn order
from its first seat (``seats`` gives each player's seat, 0..5 = W R B K Y G).

Observation: ``NUM_PLANES`` = 12 planes from the observer's view, the board
turned so that the observer's home point is at the bottom (cell c is seen at
``sternhalma.rotate(c, -seat)``):

==== ===================================================================
0-5  seat slots: the marbles of the k-th seat in turn order after the
     observer (slot 0: its own; unused slots are zero)
6    kings (any seat's; the Japanese tables)
7    the goal of the marbles the observer moves (its partner's goal when it
     moves for its partner)
8    cells where those marbles may not end a move (closed zones)
9    turns left to the nearest limit (the table's, or ``max_turns``) as a
     fraction of it; 1 with neither
10   the observer's own moves left to the exit deadline, as a fraction of it
     (0 once passed); 1 on tables without a deadline
11   1 when the observer moves its partner's marbles (team tables)
==== ===================================================================

Scalar planes (9-11) fill every cell of the star. ``layout="cells"`` gives
shape (12, 121), cells in SPEC order; ``layout="grid"`` gives (12, 17, 17)
indexed ``[plane, r + 8, q + 8]`` in axial coordinates, zero off the star.
``dtype="uint8"`` stores binary planes as 0/1 and scalar planes as
round(255 * value).

Rewards, given when a game ends by its rules (``terminated``): ``"rank"``
spreads the places of the U units (seats, or teams) over [-1, 1], the k-th
best worth 1 - 2(k-1)/(U-1), units sharing a place sharing the mean of the
values they span (zero-sum; two seats: win +1, loss -1, draw 0);
``"win"``: +1 for place 1, -1 otherwise. ``truncated`` means the env's own
``max_turns`` stopped the game (limits and repetition are rules of the
table: they terminate, with a ranking).

Records: ``Env`` and ``Game`` keep each game's record (``record()``) unless
``record=False``; ``VectorEnv`` keeps none unless ``record=True``: without
a record a step allocates nothing and a game's memory does not grow.

Engine opponents: ``opponents={"player_1": "normal"}`` (or a list of levels
per player, None for the caller's) makes the env play those players itself,
after a reset and after every step, so only the caller's players act.

Random play on ``classic-2`` ends at the exit deadline (turn ~60: random
players never leave home); ``deadline="none"`` or the ``table-*`` presets
suit random baselines. Rule options are keyword arguments with ``_`` for
``-`` (``goal_lock=False``, ``deadline="none"``, ``limit="300 turns"``); a
table that differs from its preset needs an ``id`` of its own (``id="open-2"``),
so that its records never replay under the preset's rules.

numpy is required for this module only.
"""
import ctypes
import operator
import os
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

try:
    import numpy as np
except ImportError as _e:  # pragma: no cover - exercised by the test in a numpy-less python
    raise ImportError(
        "sternhalma.rl needs numpy: install Debian's python3-numpy (apt-get install "
        "python3-numpy) or pip's numpy (pip install numpy)") from _e

import sternhalma as _sh

from . import _rl_ffi as _F

__all__ = ["Env", "Game", "State", "VectorEnv", "Discrete", "Box", "NUM_ACTIONS", "NUM_PLANES",
           "TERMINAL", "symmetries", "cell_permutation", "transform_action", "transform_mask",
           "transform_observation", "action_to_move", "move_to_action"]

_c = _F.open_library(_sh)

NUM_ACTIONS = 14641
NUM_PLANES = 12
NUM_CELLS = 121
MAX_ENVS = 1 << 20
#: OpenSpiel's terminal player id, returned by State.current_player().
TERMINAL = -4
SEAT_LETTERS = "WRBKYG"

_LAYOUTS = {"cells": 0, "grid": 1}
_DTYPES = {"float32": 0, "uint8": 1}
_REWARDS = {"rank": 0, "win": 1}
def _raise(status, message):
    """The main module's error for a status (one table for both modules)."""
    _sh._check(status, message.encode() if isinstance(message, str) else message)


_U64_MAX = 2**64 - 1


def _index(value, name, n):
    """An index 0..n-1 (a game of a VectorEnv, a player), checked before ctypes truncates it."""
    return _sh._int(value, name, 0, n - 1)


def _seed(value, name="seed"):
    return _sh._int(value, name, 0, _U64_MAX)


def _text(value, name, cls):
    """Text for C: a NUL would cut it short and a lone surrogate cannot be encoded."""
    return _sh._bytes_text(value, name, getattr(_sh, cls))


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


def move_to_action(frm: int, to: int) -> int:
    """The action index of the move (from, to) (cell indices 0..120)."""
    for v, what in ((frm, "from"), (to, "to")):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
            raise TypeError(f"move_to_action: {what} cell must be an int, not {type(v).__name__}")
        if not 0 <= v < NUM_CELLS:
            raise ValueError(f"move_to_action: {what} cell {v} is not 0..120")
    return int(frm) * NUM_CELLS + int(to)


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


def _option_text(value):
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _choice(value, table, what):
    if value not in table:
        raise ValueError(f"{what} {value!r} is not one of {', '.join(map(repr, table))}")
    return table[value]


def _opponent_list(opponents):
    """{player or "player_k": level} or a per-player sequence -> 6 slots."""
    slots = [None] * 6
    if opponents is None:
        return slots
    if isinstance(opponents, dict):
        items = opponents.items()
    elif isinstance(opponents, (list, tuple)):
        items = enumerate(opponents)
    else:
        raise TypeError("opponents must be a dict {player: level} or a list of levels per player")
    for who, level in items:
        if isinstance(who, str) and who.startswith("player_") and who[7:].isdigit():
            who = int(who[7:])
        elif not isinstance(who, str) and not _sh._is_bool(who) and hasattr(who, "__index__"):
            who = operator.index(who)  # numpy ints too
        if not isinstance(who, int) or isinstance(who, bool) or not 0 <= who < 6:
            raise ValueError(f"opponents: {who!r} ({type(who).__name__}) is not a player "
                             "(0..5 or 'player_k')")
        if level is None:
            continue
        if not isinstance(level, str):
            raise TypeError(f"opponents: the level of player {who} must be a str, not "
                            f"{type(level).__name__}")
        _text(level, f"opponents: the level of player {who}", "OptionError")
        slots[who] = level
    return slots


class _Config:
    """What a table and an env are made of, kept to clone and pickle."""

    def __init__(self, preset, reward, max_turns, layout, dtype, options, opponents=None,
                 record=True):
        if not isinstance(preset, str):
            raise TypeError(f"preset must be a preset id (str), not {type(preset).__name__}")
        self.preset = preset
        self._preset = _text(preset, "preset", "PresetError")
        self.opponents = _opponent_list(opponents)
        self._levels = [None if v is None else v.encode() for v in self.opponents]
        self.reward = reward
        self.layout = layout
        self.dtype = dtype
        self.options = dict(options)
        self._options = [(_text(name.replace("_", "-"), f"option name {name[:40]!r}", "OptionError"),
                          _text(_option_text(value), f"option {name}", "OptionError"))
                         for name, value in self.options.items()]
        self.opt = _F.EnvOptions()
        _c.sh_env_options_init(ctypes.byref(self.opt))
        self.opt.reward = _choice(reward, _REWARDS, "reward")
        self.opt.layout = _choice(layout, _LAYOUTS, "layout")
        self.opt.dtype = _choice(dtype, _DTYPES, "dtype")
        if max_turns is not None:
            if not isinstance(max_turns, (int, np.integer)) or isinstance(max_turns, bool):
                raise TypeError(f"max_turns must be an int or None, not {type(max_turns).__name__}")
            if not 1 <= max_turns <= 1_000_000:
                raise ValueError(f"max_turns {max_turns} is not 1..1000000 (None: no limit)")
            self.opt.max_turns = int(max_turns)
        self.max_turns = max_turns
        self.np_dtype = np.float32 if dtype == "float32" else np.uint8
        for p, level in enumerate(self._levels):
            self.opt.opponents[p] = level
        if not isinstance(record, bool):
            raise TypeError(f"record must be a bool, not {type(record).__name__}")
        self.record = record
        self.opt.record = 1 if record else 0

    def args(self):
        return (self.preset, self.reward, self.max_turns, self.layout, self.dtype, self.options,
                self.opponents, self.record)

    def new_env(self, num_envs, auto_reset):
        rules = ctypes.c_void_p()
        st = _c.sh_rules_new(self._preset, ctypes.byref(rules))
        if st:
            _raise(st, _c.sh_last_error())
        try:
            for name, value in self._options:
                st = _c.sh_rules_set_option(rules, name, value)
                if st:
                    _raise(st, _c.sh_rules_error(rules))
            st = _c.sh_rules_validate(rules)
            if st:
                _raise(st, _c.sh_rules_error(rules))
            self.opt.auto_reset = 1 if auto_reset else 0
            h = ctypes.c_void_p()
            st = _c.sh_env_new(rules, ctypes.byref(self.opt), num_envs, ctypes.byref(h))
            if st:
                _raise(st, _c.sh_last_error())
            return _Core(h, self)
        finally:
            _c.sh_rules_free(rules)


class _Core:
    """An owned sh_env and what it is."""

    def __init__(self, h, config):
        self.h = h
        self.config = config
        spec = _F.EnvSpec()
        spec.size = ctypes.sizeof(spec)
        self.check(_c.sh_env_spec_get(h, ctypes.byref(spec)))
        self.num_envs = spec.num_envs
        self.num_players = spec.num_players
        self.seats = tuple(spec.seats[:spec.num_players])
        self.obs_shape = ((NUM_PLANES, NUM_CELLS) if spec.height == 1
                          else (NUM_PLANES, spec.height, spec.width))
        self.obs_bytes = spec.obs_bytes

    def __del__(self):
        h = getattr(self, "h", None)
        if h:
            _c.sh_env_free(h)
            self.h = None

    def check(self, st):
        if st:
            _raise(st, _c.sh_env_error(self.h))

    def clone(self):
        h = ctypes.c_void_p()
        self.check(_c.sh_env_clone(self.h, ctypes.byref(h)))
        return _Core(h, self.config)

    def legal(self, i=0):
        out = (ctypes.c_int32 * 1600)()
        n = ctypes.c_size_t()
        self.check(_c.sh_env_legal_actions(self.h, i, out, 1600, ctypes.byref(n)))
        return out[:n.value]

    def status(self, i=0):
        to, turns, term, trunc = ctypes.c_int(), ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        self.check(_c.sh_env_status(self.h, i, ctypes.byref(to), ctypes.byref(turns),
                                    ctypes.byref(term), ctypes.byref(trunc)))
        return to.value, turns.value, bool(term.value), bool(trunc.value)

    def observe(self, i, player):
        out = np.empty(self.obs_shape, dtype=self.config.np_dtype)
        self.check(_c.sh_env_observe(self.h, i, player, out.ctypes.data, self.obs_bytes))
        return out

    def returns(self, i=0):
        out = np.zeros(self.num_players, dtype=np.float32)
        self.check(_c.sh_env_returns(self.h, i, out.ctypes.data, self.num_players))
        return out

    def render(self, i=0):
        pos = ctypes.c_void_p()
        self.check(_c.sh_env_position(self.h, i, ctypes.byref(pos)))
        try:
            n = ctypes.c_size_t()
            _c.sh_position_render(pos, None, 0, ctypes.byref(n))
            buf = ctypes.create_string_buffer(n.value)
            st = _c.sh_position_render(pos, buf, n.value, ctypes.byref(n))
            if st:
                _raise(st, _c.sh_last_error())
            return buf.value.decode()
        finally:
            _c.sh_position_free(pos)

    def record(self, i=0):
        n = ctypes.c_size_t()
        self.check(_c.sh_env_record(self.h, i, None, 0, ctypes.byref(n)))
        buf = ctypes.create_string_buffer(n.value)
        self.check(_c.sh_env_record(self.h, i, buf, n.value, ctypes.byref(n)))
        return buf.value.decode().strip()

    def symmetries(self):
        rot, refl = (ctypes.c_int * 12)(), (ctypes.c_int * 12)()
        n = ctypes.c_size_t()
        self.check(_c.sh_env_symmetries(self.h, rot, refl, 12, ctypes.byref(n)))
        return [(rot[k], bool(refl[k])) for k in range(n.value)]


class _Buffers:
    """The persistent numpy arrays a core writes into, and the struct that
    points at them. Callers see read-only views."""

    def __init__(self, core):
        n, P = core.num_envs, core.num_players
        self.obs = np.zeros((n,) + core.obs_shape, dtype=core.config.np_dtype)
        self.mask = np.zeros((n, NUM_ACTIONS), dtype=np.uint8)
        self.rewards = np.zeros((n, P), dtype=np.float32)
        self.terminated = np.zeros(n, dtype=np.uint8)
        self.truncated = np.zeros(n, dtype=np.uint8)
        self.to_play = np.zeros(n, dtype=np.int32)
        s = self.struct = _F.EnvBuffers()
        s.size = ctypes.sizeof(s)
        s.obs, s.mask, s.rewards = self.obs.ctypes.data, self.mask.ctypes.data, self.rewards.ctypes.data
        s.terminated, s.truncated = self.terminated.ctypes.data, self.truncated.ctypes.data
        s.to_play = self.to_play.ctypes.data
        self.ref = ctypes.addressof(s)

        def ro(a, dtype=None):
            v = a.view(dtype) if dtype is not None else a.view()
            v.flags.writeable = False
            return v

        self.obs_ro = ro(self.obs)
        self.mask_ro = ro(self.mask, np.bool_)
        self.rewards_ro = ro(self.rewards)
        self.terminated_ro = ro(self.terminated, np.bool_)
        self.truncated_ro = ro(self.truncated, np.bool_)
        self.to_play_ro = ro(self.to_play)


# ---- spaces (no gymnasium needed) ---------------------------------------------

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

    def __init__(self, low, high, shape, dtype):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), np.dtype(dtype)

    def sample(self, mask: Any = None) -> np.ndarray:
        """A uniform array within the bounds."""
        return np.random.default_rng().uniform(self.low, self.high, self.shape).astype(self.dtype)

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


# ---- PettingZoo AEC ----------------------------------------------------------

class Env(_sh._Serialised):
    """One game in PettingZoo's AEC shape.

        env = Env("classic-2", id="open-2", deadline="none")
        env.reset(seed=1)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            action = None if termination or truncation else \\
                env.action_space(agent).sample(obs["action_mask"])
            env.step(action)

    Agents are "player_0".."player_{P-1}" (``seat_of(agent)`` gives the seat).
    ``observe(agent)`` returns fresh arrays. Illegal actions raise
    (sternhalma.MoveError, a ValueError) and change nothing.
    """

    metadata = {"render_modes": ["ansi"], "name": "sternhalma_v0", "is_parallelizable": False}

    def __init__(self, preset="classic-2", reward="rank", max_turns=None, layout="cells",
                 dtype="float32", render_mode=None, opponents=None, record=True, **options):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not None or 'ansi'")
        self.render_mode = render_mode
        self._config = _Config(preset, reward, max_turns, layout, dtype, options, opponents,
                               record)
        self._core = self._config.new_env(1, auto_reset=False)
        self._buf = _Buffers(self._core)
        self._act = (ctypes.c_int32 * 1)()
        self._act_addr = ctypes.addressof(self._act)
        P = self._core.num_players
        self._players = [i for i in range(P) if self._config.opponents[i] is None]
        self.possible_agents = [f"player_{i}" for i in self._players]
        self.agent_name_mapping = {f"player_{i}": i for i in self._players}
        self._agent_of = {i: f"player_{i}" for i in self._players}
        self.seats = self._core.seats
        self._action_space = Discrete(NUM_ACTIONS)
        self._observation_space = _obs_box(self._config, self._core.obs_shape)
        self._seed = None
        self._history = []
        self.agents = []
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}
        self.agent_selection = None
        self.reset()

    # -- spaces and names
    def action_space(self, agent: str) -> Discrete:
        """The agent's action space: Discrete(14641), sample(mask) draws a masked action."""
        self._player(agent)
        return self._action_space

    def observation_space(self, agent: str) -> Box:
        """The agent's observation space: a Box of the observation's shape."""
        self._player(agent)
        return self._observation_space

    @property
    def num_agents(self) -> int:
        """How many agents are still in the game."""
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        """How many agents the game has (players not played by the engine)."""
        return len(self.possible_agents)

    def _player(self, agent):
        try:
            return self.agent_name_mapping[agent]
        except (KeyError, TypeError):
            raise KeyError(f"unknown agent {agent!r}: not one of {self.possible_agents}") from None

    def seat_of(self, agent: str) -> int:
        """The seat (point 0..5, W R B K Y G) the agent plays."""
        return self.seats[self._player(agent)]

    def symmetries(self) -> List[Tuple[int, bool]]:
        """(rotation, reflect) pairs that map this table onto itself."""
        return self._core.symmetries()

    # -- the loop
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game; seed (an int) seeds the action spaces' sampler."""
        if seed is not None:
            seed = _seed(seed)
            self._action_space.seed(seed)
        self._seed = seed
        self._core.check(_c.sh_env_reset(self._core.h, 0 if seed is None else seed, self._buf.ref))
        self._history = []
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._over = False
        self.agent_selection = self._agent_of[int(self._buf.to_play[0])]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """{'observation': planes from the agent's view, 'action_mask': bool (14641,)}, fresh
        arrays; the mask is empty unless the agent is to act."""
        p = self._player(agent)
        if not self._over and agent == self.agent_selection:
            return {"observation": self._buf.obs[0].copy(),
                    "action_mask": self._buf.mask[0].astype(np.bool_)}
        return {"observation": self._core.observe(0, p),
                "action_mask": np.zeros(NUM_ACTIONS, dtype=np.bool_)}

    def last(self, observe: bool = True
             ) -> Tuple[Optional[Dict[str, np.ndarray]], float, bool, bool, dict]:
        """(observation dict, cumulative reward, termination, truncation, info) of the selected
        agent."""
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a],
                self.terminations[a], self.truncations[a], self.infos[a])

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        """Yields the agent to act (then each finished agent once) until none is left."""
        n = 0
        while self.agents and n < max_iter:
            yield self.agent_selection
            n += 1

    def step(self, action: Optional[int]) -> None:
        """Plays the selected agent's action (None for a finished agent, which leaves); an illegal
        action raises sternhalma.MoveError and changes nothing."""
        agent = self.agent_selection
        if agent is None or not self.agents:
            raise RuntimeError("step: no agent left; call reset()")
        if self._over:
            if action is not None:
                raise ValueError(f"step: {agent} is done; its action must be None")
            self.agents.remove(agent)
            del self.rewards[agent], self._cumulative_rewards[agent]
            del self.terminations[agent], self.truncations[agent], self.infos[agent]
            self.agent_selection = self.agents[0] if self.agents else None
            return
        a = _action_int(action)
        if not self._buf.mask[0, a]:
            _raise(4, f"action {a} ({_action_text(a)}) is not legal for {agent} now")
        self._act[0] = a
        self._core.check(_c.sh_env_step(self._core.h, self._act_addr, 1, self._buf.ref))
        self._history.append(a)
        self._cumulative_rewards[agent] = 0.0
        if self._buf.terminated[0] or self._buf.truncated[0]:
            self._over = True
            term = bool(self._buf.terminated[0])
            for ag in self.possible_agents:
                r = float(self._buf.rewards[0, self.agent_name_mapping[ag]])
                self.rewards[ag] = r
                self._cumulative_rewards[ag] += r
                self.terminations[ag] = term
                self.truncations[ag] = not term
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._agent_of[int(self._buf.to_play[0])]

    def render(self) -> str:
        """The board as text (row 17 at the top)."""
        return self._core.render(0)

    def close(self) -> None:
        """Nothing to release (the game is freed with the Env)."""
        pass

    def record(self) -> str:
        """The game so far as a SPEC §8 record (replayable by sternhalma.Game)."""
        return self._core.record(0)

    def state(self) -> np.ndarray:
        """The current player's observation (the global state is the board)."""
        return self._buf.obs[0].copy()

    # -- copy and pickle: the configuration, the seed and the actions
    def __reduce__(self):
        return (_restore_env, (self._config.args(), self.render_mode, self._seed,
                               list(self._history), self._action_space.np_random.bit_generator.state))


def _restore_env(args, render_mode, seed, history, rng_state):
    preset, reward, max_turns, layout, dtype, options, opponents, record = args
    env = Env(preset, reward, max_turns, layout, dtype, render_mode, opponents, record, **options)
    env.reset(seed=seed)
    for a in history:
        env.step(a)
    env._action_space.np_random.bit_generator.state = rng_state
    return env


# ---- OpenSpiel -----------------------------------------------------------------

class Game(_sh._Serialised):
    """A table in OpenSpiel's Game shape: ``new_initial_state()``."""

    def __init__(self, preset="classic-2", reward="rank", max_turns=None, layout="cells",
                 opponents=None, record=True, **options):
        self._config = _Config(preset, reward, max_turns, layout, "float32", options, opponents,
                               record)
        self._proto = self._config.new_env(1, auto_reset=False)
        _c.sh_env_reset(self._proto.h, 0, ctypes.addressof(_NO_BUFFERS))

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
        preset, reward, max_turns, layout, _, options, opponents, record = self._config.args()
        return (_restore_game, (preset, reward, max_turns, layout, options, opponents, record))


def _restore_game(preset, reward, max_turns, layout, options, opponents, record):
    return Game(preset, reward, max_turns, layout, opponents, record, **options)


_NO_BUFFERS = _F.EnvBuffers()
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
                                        ctypes.addressof(_NO_BUFFERS)))
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
        most 200 000 turns in all (about 5 s with epsilon 0); more is a
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
                                                 ctypes.addressof(out)))
        return out.value

    def record(self) -> str:
        """The game's record (SPEC §8), replayable by sternhalma.Game."""
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


# ---- vector ---------------------------------------------------------------------

class VectorEnv(_sh._Serialised):
    """num_envs games stepped in one C call, Gymnasium's next-step auto-reset.

    ``reset(seed)`` -> ``(obs, infos)``; ``step(actions)`` ->
    ``(obs, rewards, terminated, truncated, infos)``: obs (N, *obs_shape),
    rewards (N, num_players) float32 (every player's reward: zeros except at
    the step that ends a game), terminated/truncated (N,) bool,
    ``infos["to_play"]`` (N,) the player whose view obs[i] is (the player to
    act, or who moved last in a game that just ended) and
    ``infos["action_mask"]`` (N, 14641) bool. A game that ended at step t
    ignores its action at step t+1 and restarts (reward 0).

    The arrays are the env's own buffers, read-only: two sets used in turn
    (the env updates a set in place with what changed since it last wrote
    it, and a player's view changes little between its turns), so a step's
    arrays are overwritten by the step after next. Copy what you keep
    (``copy=True`` does it for you, at the cost of copying every array each
    step). The games keep no record unless
    ``record=True`` (the game's playout mode: a step allocates nothing), so
    ``record(i)`` is then only the preset and first seat.

    Memory: about 49 kB per game once stepped (float32, cells layout): two
    buffer sets of 20.5 kB a game (observation 5.8 kB, action mask 14.6 kB)
    and about 7 kB in C; MAX_ENVS (2**20) games take about 51 GB.
    """

    def __init__(self, num_envs, preset="classic-2", reward="rank", max_turns=None,
                 layout="cells", dtype="float32", copy=False, opponents=None, record=False,
                 **options):
        if not isinstance(num_envs, (int, np.integer)) or isinstance(num_envs, bool):
            raise TypeError(f"num_envs must be an int, not {type(num_envs).__name__}")
        if not 1 <= num_envs <= MAX_ENVS:
            raise ValueError(f"num_envs {num_envs} is not 1..{MAX_ENVS}")
        self._config = _Config(preset, reward, max_turns, layout, dtype, options, opponents,
                               record)
        self._core = self._config.new_env(int(num_envs), auto_reset=True)
        self._bufs = (_Buffers(self._core), _Buffers(self._core))
        self._buf = self._bufs[0]
        self._copy = bool(copy)
        self._sample = np.zeros(num_envs, dtype=np.int32)
        self._sample_ro = self._sample.view()
        self._sample_ro.flags.writeable = False
        self.num_envs = int(num_envs)
        self.num_players = self._core.num_players
        self.seats = self._core.seats
        self.single_action_space = Discrete(NUM_ACTIONS)
        self.single_observation_space = _obs_box(self._config, self._core.obs_shape)
        self.observation_space = _obs_box(self._config, (self.num_envs,) + self._core.obs_shape)
        self._started = False

    def _out(self, *arrays):
        return tuple(a.copy() for a in arrays) if self._copy else arrays

    def _infos(self):
        mask, to_play = self._out(self._buf.mask_ro, self._buf.to_play_ro)
        return {"action_mask": mask, "to_play": to_play}

    def reset(self, seed: Optional[int] = None,
              options: Optional[dict] = None) -> Tuple[np.ndarray, Dict[str, np.ndarray]]:
        """Every game to its start (game i's sampler seeded seed + i); returns (obs, infos)."""
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        self._core.check(_c.sh_env_reset(self._core.h, _seed(seed), self._buf.ref))
        self._started = True
        (obs,) = self._out(self._buf.obs_ro)
        return obs, self._infos()

    def step(self, actions: Any) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                           Dict[str, np.ndarray]]:
        """One action per game; returns (obs, rewards, terminated, truncated, infos). All or
        nothing: an illegal action raises sternhalma.MoveError naming the game."""
        if not self._started:
            _raise(8, "step: call reset() first")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError(f"step: actions of shape {a.shape}, expected ({self.num_envs},)")
        if a.dtype != np.int32:
            if a.dtype.kind not in "iu":
                raise TypeError(f"step: actions must be integers, not {a.dtype}")
            if a.size and (a.min() < -1 or a.max() >= NUM_ACTIONS):
                raise ValueError("step: an action is not -1..14640")
            a = a.astype(np.int32)
        a = np.ascontiguousarray(a)
        b = self._bufs[1] if self._buf is self._bufs[0] else self._bufs[0]
        self._core.check(_c.sh_env_step(self._core.h, a.ctypes.data, self.num_envs, b.ref))
        self._buf = b
        obs, rew, term, trunc = self._out(b.obs_ro, b.rewards_ro, b.terminated_ro, b.truncated_ro)
        return obs, rew, term, trunc, self._infos()

    def sample_legal(self) -> np.ndarray:
        """A uniformly random legal action per game, from each game's own
        seeded stream (-1 for a game that restarts at the next step)."""
        self._core.check(_c.sh_env_sample_legal(self._core.h, self._sample.ctypes.data,
                                                self.num_envs))
        return self._sample.copy() if self._copy else self._sample_ro

    @property
    def action_masks(self) -> np.ndarray:
        """The legal masks, (num_envs, 14641) bool, read-only."""
        return self._buf.mask_ro

    def observe(self, i: int, player: int) -> np.ndarray:
        """Game i from any player's view (a fresh array)."""
        return self._core.observe(_index(i, "i", self.num_envs),
                                  _index(player, "player", self.num_players))

    def render(self, i: int = 0) -> str:
        """Game i's board as text."""
        return self._core.render(_index(i, "i", self.num_envs))

    def record(self, i: int = 0) -> str:
        """Game i's record (only the preset and first seat unless record=True)."""
        return self._core.record(_index(i, "i", self.num_envs))

    def symmetries(self) -> List[Tuple[int, bool]]:
        """(rotation, reflect) pairs that map this table onto itself."""
        return self._core.symmetries()

    def close(self) -> None:
        """Nothing to release (the games are freed with the VectorEnv)."""
        pass

    def __reduce__(self):
        raise TypeError("a VectorEnv cannot be pickled (its games' samplers live in C); "
                        "pickle an Env or a State, or rebuild the VectorEnv and reset it")


# ---- symmetries -------------------------------------------------------------------

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
