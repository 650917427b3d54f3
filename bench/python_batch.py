#!/usr/bin/env python3
"""Positions per second through the Python binding's batch call.

Packs the committed classic-2 corpus (bench/corpus) into one bytes object
repeated to ~100k positions, then times sternhalma.count_moves_batch (one
ctypes call for all) against a Python loop of per-position calls.

    STERNHALMA_LIB=build/capi/libsternhalma.so PYTHONPATH=capi/python python3 bench/python_batch.py
"""
import os
import time

import sternhalma as sh

here = os.path.dirname(os.path.abspath(__file__))
lines = [l for l in open(os.path.join(here, "corpus", "classic-2.txt")).read().splitlines() if l]
rules = sh.Rules("classic-2")
positions = [sh.Position(l) for l in lines]
one = b"".join(p.pack() for p in positions)
reps = max(1, 100_000 // len(positions))
data = bytearray(one * reps)
n = len(positions) * reps


def best(f, runs=5):
    t = min(_timed(f) for _ in range(runs))
    return t


def _timed(f):
    t0 = time.perf_counter()
    f()
    return time.perf_counter() - t0


t = best(lambda: sh.count_moves_batch(rules, data))
print(f"batch count_moves_batch: {n} positions in {t * 1e3:.1f} ms = {n / t / 1e6:.2f} M positions/s")
small = positions * 10
t = best(lambda: [p.count_moves() for p in small], runs=3)
print(f"per-call Position.count_moves: {len(small) / t / 1e6:.3f} M positions/s")
counts = sh.count_moves_batch(rules, one)
assert list(counts) == [p.count_moves() for p in positions]
