#!/usr/bin/env python3
"""Runs the sternhalma.rl examples briefly, as the README says to run them,
and checks what they print. Exits 77 (skipped) without numpy."""
import os
import re
import subprocess
import sys

try:
    import numpy  # noqa: F401
except ImportError:
    sys.exit(77)

here = os.path.dirname(os.path.abspath(__file__))
examples = os.path.join(os.path.dirname(here), "examples", "python")


def run(*args):
    r = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        sys.exit(f"{args}: exit {r.returncode}\n{r.stderr}")
    return r.stdout


out = run(os.path.join(examples, "rl_random.py"), "classic-2", "3")
lines = out.splitlines()
rewards = [float(m.group(1)) for m in (re.search(r"reward ([-+][0-9.]+)$", l) for l in lines) if m]
assert len(rewards) == 2 and sum(rewards) == 0.0, out
assert re.search(r"^\d+ moves; observation \(12, 121\), mask \(14641,\)$", out, re.M), out
m = re.search(r"^vector: (\d+) games finished", out, re.M)
assert m and int(m.group(1)) > 0, out

out = run(os.path.join(examples, "mcts_selfplay.py"), "--games", "1", "--simulations", "12")
assert re.search(r"^game 1: mcts plays W, result [-+]\d after \d+ actions", out, re.M), out
m = re.search(r"^mcts (\d) - normal (\d) \(draws (\d)\)$", out, re.M)
assert m and sum(map(int, m.groups())) == 1, out
print("rl examples: ok")
