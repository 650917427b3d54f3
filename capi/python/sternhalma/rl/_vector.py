"""VectorEnv: N games stepped in one C call, with Gymnasium's next-step
auto-reset."""
import os
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

import sternhalma as _sh

from ._common import _c, _index, _raise, _seed, MAX_ENVS, NUM_ACTIONS
from ._config import _Config
from ._core import _Buffers
from ._spaces import Discrete, MultiDiscrete, _obs_box


class VectorEnv(_sh._Serialised):
    """num_envs games stepped in one C call, Gymnasium's next-step auto-reset.

    ``reset(seed)`` -> ``(obs, infos)``; ``step(actions)`` ->
    ``(obs, rewards, terminated, truncated, infos)``: obs ``(N, *obs_shape)``,
    rewards (N, num_players) float32 (every player's reward: zeros except at
    the step that ends a game), terminated/truncated (N,) bool,
    ``infos["to_play"]`` (N,) the player whose view obs[i] is (the player to
    act, or who moved last in a game that just ended) and
    ``infos["action_mask"]`` (N, 14641) bool. A game that ended at step t
    ignores its action at step t+1 and restarts (reward 0). At step t the
    infos also hold Gymnasium's ``final_observation`` and ``final_info``
    (object arrays: the game's final observation, a copy, and a dict with its
    ``to_play``, ``returns``, ``terminated`` and ``truncated``; None for a game
    still on) with their masks ``_final_observation`` and ``_final_info``; they
    are present only at a step where some game ended.

    ``legal_actions()`` gives every game's legal actions as the C step listed
    them: ``(actions, counts)``, actions (num_envs, MAX_MOVES) int32 padded
    with -1. ``action_frame="observer"`` gives the masks, the lists,
    ``sample_legal()`` and takes ``step``'s actions in the observation's
    frame (the player to act's home at the bottom; the board action is
    ``transform_action(a, rotation=seat)``); "board" (default) the board's
    own cells. ``action_space`` is the batch, MultiDiscrete([14641] * N).

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
                 action_frame="board", **options):
        if not isinstance(num_envs, (int, np.integer)) or isinstance(num_envs, bool):
            raise TypeError(f"num_envs must be an int, not {type(num_envs).__name__}")
        if not 1 <= num_envs <= MAX_ENVS:
            raise ValueError(f"num_envs {num_envs} is not 1..{MAX_ENVS}")
        self._config = _Config(preset, reward, max_turns, layout, dtype, options, opponents,
                               record, action_frame)
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
        self.action_space = MultiDiscrete([NUM_ACTIONS] * self.num_envs)
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
        infos = self._infos()
        ended = b.terminated_ro | b.truncated_ro
        if ended.any():
            final_obs = np.full(self.num_envs, None, dtype=object)
            final_info = np.full(self.num_envs, None, dtype=object)
            for i in np.flatnonzero(ended):
                final_obs[i] = b.obs[i].copy()
                final_info[i] = {"to_play": int(b.to_play[i]), "returns": b.rewards[i].copy(),
                                 "terminated": bool(b.terminated[i]),
                                 "truncated": bool(b.truncated[i])}
            infos["final_observation"], infos["_final_observation"] = final_obs, ended.copy()
            infos["final_info"], infos["_final_info"] = final_info, ended.copy()
        return obs, rew, term, trunc, infos

    def sample_legal(self) -> np.ndarray:
        """A uniformly random legal action per game, from each game's own
        seeded stream (-1 for a game that restarts at the next step)."""
        self._core.check(_c.sh_env_sample_legal(self._core.h, self._sample.ctypes.data,
                                                self.num_envs))
        return self._sample.copy() if self._copy else self._sample_ro

    def legal_actions(self) -> Tuple[np.ndarray, np.ndarray]:
        """(actions, counts): every game's legal actions as the last reset or
        step wrote them in C from the game's moves (no scan of the mask):
        actions (num_envs, MAX_MOVES) int32, row i's first counts[i] entries in
        the order the game generates its moves (not sorted), then -1; counts
        (num_envs,) int32, 0 for a game that has just ended. Read-only, rewritten
        by the step after next (copy=True: copies)."""
        if not self._started:
            _raise(8, "legal_actions: call reset() first")
        return self._out(self._buf.legal_ro, self._buf.num_legal_ro)

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
