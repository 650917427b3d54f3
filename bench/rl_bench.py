#!/usr/bin/env python3
"""Steps per second through sternhalma.rl (figures in bench/README.md).

- Env: a random agent in the AEC loop (agent_iter, last() with the
  observation and the mask, a choice with numpy, step) on classic-2 with
  deadline=none, so that games run to the 150-turn limit.
- VectorEnv(N): sample_legal() + step() per batch, observations and masks
  included, float32 and uint8 observations; 300 k env-steps per run (two
  150-turn games per env at N = 1024), so that the figure covers whole
  games, not only their openings (which have fewer legal moves).
- A numpy policy over VectorEnv(64) uint8: each batch picks one legal action
  per game with numpy, from the legal-action lists the C step writes
  (legal_actions(): (actions, counts)), against the same loop drawing with
  sample_legal() and against np.flatnonzero on each game's mask row.

CPU time (time.process_time) is quoted: the machine is shared. Each figure is
the median of --repeats runs.

    STERNHALMA_LIB=build/capi/libsternhalma.so PYTHONPATH=capi/python \\
        /usr/bin/python3 bench/rl_bench.py [--repeats 5]
"""
import argparse
import statistics
import time

import numpy as np

import sternhalma.rl as rl


def env_random_agent(steps, seed):
    env = rl.Env("classic-2", id="open-2", deadline="none")
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = 0
    t0 = time.process_time()
    while done < steps:
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(legal.size)]))
            done += 1
        env.reset()
    return done / (time.process_time() - t0)


def vector(num_envs, dtype, batches, seed):
    v = rl.VectorEnv(num_envs, "classic-2", id="open-2", dtype=dtype, deadline="none")
    v.reset(seed=seed)
    for _ in range(5):  # warm the buffers
        v.step(v.sample_legal())
    t0 = time.process_time()
    for _ in range(batches):
        obs, rew, term, trunc, info = v.step(v.sample_legal())
    return num_envs * batches / (time.process_time() - t0)


def policy(num_envs, how, batches, seed):
    v = rl.VectorEnv(num_envs, "classic-2", id="open-2", dtype="uint8", deadline="none")
    v.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rows = np.arange(num_envs)
    for _ in range(5):
        v.step(v.sample_legal())
    t0 = time.process_time()
    for _ in range(batches):
        if how == "sample_legal":
            a = v.sample_legal()
        elif how == "lists":
            acts, counts = v.legal_actions()
            # A uniform pick per row; a game that restarts (count 0) reads -1.
            k = (rng.random(num_envs) * counts).astype(np.int64)
            a = acts[rows, k]
        else:  # the mask, scanned per game
            mask = v.action_masks
            a = np.array([(lambda l: l[rng.integers(l.size)] if l.size else -1)(np.flatnonzero(mask[i]))
                          for i in rows], dtype=np.int32)
        v.step(a)
    return num_envs * batches / (time.process_time() - t0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    r = args.repeats
    med = statistics.median
    print(f"Env random agent, classic-2 deadline=none: "
          f"{med(env_random_agent(20000, s) for s in range(r)) / 1e3:.1f} k steps/s")
    for n, batches in ((1, 20000), (64, 4800), (1024, 300)):
        for dtype in ("float32", "uint8"):
            f = med(vector(n, dtype, batches, s) for s in range(r))
            print(f"VectorEnv({n}) {dtype}: {f / 1e3:.0f} k env-steps/s")
    for how, batches in (("sample_legal", 3000), ("lists", 3000), ("mask", 300)):
        f = med(policy(64, how, batches, s) for s in range(r))
        print(f"numpy policy, VectorEnv(64) uint8, {how}: {f / 1e3:.0f} k env-steps/s")


if __name__ == "__main__":
    main()
