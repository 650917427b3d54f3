"""One self-play shard, made by one task on its worker: games G..H-1 of the
run, each played on sternhalma.rl's Env by built-in players (or a policy
callback) and recorded step by step. Everything random is seeded from the
run's seed and the game's index (and the player's), so a shard is the same
arrays whichever worker makes it, and however often.

The arrays (``numpy.load(path)``), one row per step (a move of some player):
  observations  (steps, 12, 121) or (steps, 12, 17, 17): the mover's view
  masks         (steps, 14641) bool: the mover's legal actions
  actions       (steps,) int32: the action chosen (from * 121 + to)
  players       (steps,) int8: the player who moved (0..P-1)
  games         (steps,) int32: the game's index in the run (from 0)
  returns       (steps,) float32: the mover's return at the game's end
and one row per game:
  game_index (games,) int32, game_returns (games, P) float32,
  game_turns (games,) int32, game_truncated (games,) bool;
and the run's seed and the shard's number (seed, shard: 0-d uint64/int32)."""
from __future__ import annotations

import importlib
import io
import os
import socket
from typing import Optional, Sequence

from ._errors import WorkerError
from ._limits import MAX_SELFPLAY_TURNS, MAX_SHARD_STEPS

POLICY = "policy"  # the name in --players of the --policy callback's players


def _where() -> str:
    return f"worker {socket.gethostname()} (pid {os.getpid()})"


def seed_of(seed: int, *keys: int) -> int:
    """A 63-bit seed for (run seed, game[, player]): the same on every machine."""
    import numpy as np
    a, b = np.random.SeedSequence([seed, *keys]).generate_state(2, dtype=np.uint32)
    return (int(a) << 31) ^ int(b)


def load_policy(spec: str):
    """`module:function` imported here; WorkerError naming what is missing."""
    module, _, name = spec.partition(":")
    try:
        fn = getattr(importlib.import_module(module), name)
    except ImportError as e:
        raise WorkerError(f"{_where()}: --policy {spec!r}: cannot import {module!r} ({e})") from None
    except AttributeError:
        raise WorkerError(f"{_where()}: --policy {spec!r}: {module!r} has no {name!r}") from None
    if not callable(fn):
        raise WorkerError(f"{_where()}: --policy {spec!r} is not callable")
    return fn


def make_shard(preset: str, players: Sequence[str], seed: int, shard: int, begin: int, end: int,
               nodes: int, policy: Optional[str], reward: str, max_turns: Optional[int],
               layout: str, dtype: str) -> bytes:
    """Games begin..end-1 as the bytes of an .npz file (see the module's text)."""
    import numpy as np
    import sternhalma as sh
    from sternhalma import rl

    fn = load_policy(policy) if policy else None
    env = rl.Env(preset, reward=reward, max_turns=max_turns, layout=layout, dtype=dtype,
                 record=False)
    n = len(env.possible_agents)
    if n != len(players):
        raise WorkerError(f"{_where()}: {preset} has {n} players, --players names {len(players)}")
    obs, masks, actions, movers, games, rets = [], [], [], [], [], []
    g_ret, g_turns, g_trunc = [], [], []
    for g in range(begin, end):
        env.reset(seed=seed_of(seed, g))
        game = sh.Game(preset)
        bots = [None if lv == POLICY else sh.Player(lv, seed=seed_of(seed, g, j), nodes=nodes)
                for j, lv in enumerate(players)]
        rng = np.random.default_rng(seed_of(seed, g, n))
        first = len(actions)
        turns = 0
        truncated = True
        while turns < MAX_SELFPLAY_TURNS:
            agent = env.agent_selection
            o, _, term, trunc, _ = env.last()
            if term or trunc:
                truncated = bool(trunc)
                break
            p = env.agent_name_mapping[agent]
            if bots[p] is None:
                a = fn(o["observation"], o["action_mask"], rng)
                try:
                    a = int(a)
                except (TypeError, ValueError):
                    raise WorkerError(f"{_where()}: --policy {policy!r} returned {a!r}, not an "
                                      f"action (game {g + 1}, turn {turns + 1})") from None
                if not 0 <= a < rl.NUM_ACTIONS or not o["action_mask"][a]:
                    raise WorkerError(f"{_where()}: --policy {policy!r} returned action {a}, "
                                      f"not legal (game {g + 1}, turn {turns + 1})")
                move = rl.action_to_move(a)
            else:
                move = bots[p].choose(game)
                a = rl.move_to_action(move.from_, move.to)
            if len(actions) >= MAX_SHARD_STEPS:
                raise WorkerError(f"{_where()}: shard {shard} has more than {MAX_SHARD_STEPS} "
                                  "steps: give a smaller --shard-games")
            obs.append(o["observation"])
            masks.append(o["action_mask"])
            actions.append(a)
            movers.append(p)
            games.append(g)
            env.step(a)
            game.apply(move)
            turns += 1
        final = [float(env.rewards.get(ag, 0.0)) for ag in env.possible_agents]
        rets.extend(final[p] for p in movers[first:])
        g_ret.append(final)
        g_turns.append(turns)
        g_trunc.append(truncated)
    shape = env.observation_space(env.possible_agents[0]).shape
    buf = io.BytesIO()
    np.savez_compressed(
        buf,
        observations=np.asarray(obs, dtype=dtype).reshape((len(obs),) + tuple(shape)),
        masks=np.asarray(masks, dtype=np.bool_).reshape(len(masks), rl.NUM_ACTIONS),
        actions=np.asarray(actions, dtype=np.int32),
        players=np.asarray(movers, dtype=np.int8),
        games=np.asarray(games, dtype=np.int32),
        returns=np.asarray(rets, dtype=np.float32),
        game_index=np.arange(begin, end, dtype=np.int32),
        game_returns=np.asarray(g_ret, dtype=np.float32).reshape(end - begin, n),
        game_turns=np.asarray(g_turns, dtype=np.int32),
        game_truncated=np.asarray(g_trunc, dtype=np.bool_),
        seed=np.uint64(seed), shard=np.int32(shard))
    return buf.getvalue()
