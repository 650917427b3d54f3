#!/usr/bin/env python3
"""Runs the commands of docs/guides/rl.md's "The examples", exactly as
written, from the repository root, and checks what the examples print.
Exits 77 (skipped) without numpy."""
import os
import re
import subprocess
import sys

try:
    import numpy  # noqa: F401
except ImportError:
    sys.exit(77)

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
page = open(os.path.join(root, "docs/guides/rl.md")).read()
section = page.split("\n## The examples\n", 1)[1].split("\n## ", 1)[0]
commands = re.findall(r"^(PYTHONPATH=capi/python /usr/bin/python3 examples/python/\S+\.py.*)$",
                      section, flags=re.M)
assert len(commands) == 2, commands


# The page's situation: the library under test is build/capi's, and the
# package must find it by itself, so the commands run without STERNHALMA_LIB
# (meson sets it). Another build (build-asan, ...) keeps it: the package
# would find build/ first.
env = dict(os.environ)
lib = env.get("STERNHALMA_LIB")
if lib and os.path.realpath(lib) == os.path.realpath(os.path.join(root, "build", "capi", "libsternhalma.so")):
    del env["STERNHALMA_LIB"]


def run(command):
    r = subprocess.run(["bash", "-c", command], cwd=root, env=env, capture_output=True, text=True,
                       timeout=900)
    if r.returncode != 0:
        sys.exit(f"{command}: exit {r.returncode}\n{r.stderr}")
    return r.stdout


out = run(commands[0])
assert "rl_random.py" in commands[0], commands
rewards = [float(m.group(1)) for m in re.finditer(r"reward ([-+][0-9.]+)$", out, re.M)]
assert len(rewards) == 2 and sum(rewards) == 0.0, out
assert re.search(r"^\d+ moves; observation \(12, 121\), mask \(14641,\)$", out, re.M), out
m = re.search(r"^vector: (\d+) games finished", out, re.M)
assert m and int(m.group(1)) > 0, out

out = run(commands[1])
assert "mcts_selfplay.py" in commands[1], commands
games = re.findall(r"^game \d+: mcts plays [WK], result [-+]\d after \d+ actions", out, re.M)
m = re.search(r"^mcts (\d+) - normal (\d+) \(draws (\d+)\)$", out, re.M)
assert m and sum(map(int, m.groups())) == len(games) > 0, out
print("rl examples: ok")
