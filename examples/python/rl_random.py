#!/usr/bin/env python3
"""A random agent in sternhalma.rl's PettingZoo-shaped Env (the AEC loop),
then the same agent batched in a VectorEnv.

    /usr/bin/python3 examples/python/rl_random.py [preset] [seed]

(numpy is needed by sternhalma.rl: Debian's python3-numpy, or pip's numpy.)
Random play never leaves home, so on classic-2 the exit deadline ends it at
turn ~60; deadline="none" (or a table-* preset) lets a random game run to
the table's limit.
"""
import sys

import numpy as np

import sternhalma.rl as rl

preset = sys.argv[1] if len(sys.argv) > 1 else "classic-2"
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1

env = rl.Env(preset, id=preset + "-open", deadline="none")
env.reset(seed=seed)
steps = 0
for agent in env.agent_iter():
    obs, reward, termination, truncation, info = env.last()
    if termination or truncation:
        print(f"{agent} (seat {rl.SEAT_LETTERS[env.seat_of(agent)]}): reward {reward:+.2f}")
        action = None
    else:
        action = env.action_space(agent).sample(obs["action_mask"])
        steps += 1
    env.step(action)
print(f"{steps} moves; observation {obs['observation'].shape}, mask {obs['action_mask'].shape}")

# 64 games at once: the C sampler picks the actions, finished games restart.
venv = rl.VectorEnv(64, preset, id=preset + "-open", deadline="none")
obs, infos = venv.reset(seed=seed)
finished, total = 0, np.zeros(venv.num_players)
for _ in range(500):
    obs, rewards, terminated, truncated, infos = venv.step(venv.sample_legal())
    finished += int(terminated.sum())
    total += rewards.sum(axis=0)
print(f"vector: {finished} games finished in 500 steps of 64; summed rewards {total.round(2).tolist()}")
