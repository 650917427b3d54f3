"""Env: one game in PettingZoo's AEC shape; and how a pickled one comes back
(its configuration, seed, actions and dead steps replayed)."""
import ctypes
from typing import Dict, Iterator, List, Optional, Tuple

import numpy as np

import sternhalma as _sh

from ._common import _c, _raise, _seed, NUM_ACTIONS
from ._actions import _action_int, _action_text
from ._config import _Config
from ._core import _Buffers
from ._spaces import Box, Discrete, _obs_box


class Env(_sh._Serialised):
    """One game in PettingZoo's AEC shape::

        env = Env("classic-2", id="open-2", deadline="none")
        env.reset(seed=1)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            action = None if termination or truncation else \\
                env.action_space(agent).sample(obs["action_mask"])
            env.step(action)

    Agents are "player_0".."player_{P-1}" (``seat_of(agent)`` gives the seat).
    ``action_frame="observer"`` gives the mask and takes step's action in the
    observation's frame (the agent's home at the bottom: the board action
    ``transform_action(a, rotation=seat)``); "board" (the default) in the
    board's own cells.
    ``observe(agent)`` returns fresh arrays. Illegal actions raise
    (sternhalma.MoveError, a ValueError) and change nothing.
    """

    metadata = {"render_modes": ["ansi"], "name": "sternhalma_v0", "is_parallelizable": False}

    def __init__(self, preset="classic-2", reward="rank", max_turns=None, layout="cells",
                 dtype="float32", render_mode=None, opponents=None, record=True,
                 action_frame="board", **options):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not None or 'ansi'")
        self.render_mode = render_mode
        self._config = _Config(preset, reward, max_turns, layout, dtype, options, opponents,
                               record, action_frame)
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
        # Engine opponents play before the first agent: were the game to end
        # there (C refuses a max_turns that would), it is reported as after a step.
        self._select()

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
            # As PettingZoo's AECEnv._was_dead_step: the step's rewards were the
            # game's last ones and a dead step earns nothing, so they are cleared;
            # what each agent still has to be told is in _cumulative_rewards.
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.agents[0] if self.agents else None
            return
        a = _action_int(action)
        if not self._buf.mask[0, a]:
            _raise(4, f"action {a} ({_action_text(a)}) is not legal for {agent} now")
        self._act[0] = a
        self._core.check(_c.sh_env_step(self._core.h, self._act_addr, 1, self._buf.ref))
        self._history.append(a)
        self._cumulative_rewards[agent] = 0.0
        self._select()

    def _select(self):
        """After C's reset or step: the agent to act, or, if the game ended,
        every agent's reward and end, and the first agent to step with None."""
        if not (self._buf.terminated[0] or self._buf.truncated[0]):
            self.agent_selection = self._agent_of[int(self._buf.to_play[0])]
            return
        self._over = True
        term = bool(self._buf.terminated[0])
        for ag in self.possible_agents:
            r = float(self._buf.rewards[0, self.agent_name_mapping[ag]])
            self.rewards[ag] = r
            self._cumulative_rewards[ag] += r
            self.terminations[ag] = term
            self.truncations[ag] = not term
        self.agent_selection = self.agents[0]

    def render(self) -> str:
        """The board as text (row 17 at the top)."""
        return self._core.render(0)

    def close(self) -> None:
        """Nothing to release (the game is freed with the Env)."""
        pass

    def record(self) -> str:
        """The game so far as a rule book §8 record (replayable by sternhalma.Game)."""
        return self._core.record(0)

    def state(self) -> np.ndarray:
        """The current player's observation (the global state is the board)."""
        return self._buf.obs[0].copy()

    # -- copy and pickle: the configuration, the seed, the actions and the dead steps
    def __reduce__(self):
        # Agents leave only by a dead step (step(None) once the game is over),
        # so the agents missing are the dead steps taken: replayed after the
        # moves they bring back the AEC dicts and agent_selection exactly.
        dead = len(self.possible_agents) - len(self.agents)
        return (_restore_env, (self._config.args(), self.render_mode, self._seed,
                               list(self._history), self._action_space.np_random.bit_generator.state,
                               dead))


def _restore_env(args, render_mode, seed, history, rng_state, dead=0):
    # dead defaults to 0 so that an Env pickled before it was recorded loads.
    preset, reward, max_turns, layout, dtype, options, opponents, record, *frame = args
    env = Env(preset, reward, max_turns, layout, dtype, render_mode, opponents, record,
              *frame, **options)
    env.reset(seed=seed)
    for a in history:
        env.step(a)
    for _ in range(dead):
        env.step(None)
    env._action_space.np_random.bit_generator.state = rng_state
    return env
