"""The coordinator of a self-play run: N games in shards of k games, one
Dask task per shard (_shard.make_shard), each shard written to
DIR/shard-NNNNN.npz as it comes back. A shard is a function of the run's
options and its number alone, so one that is made twice (its worker died
and Dask ran it again elsewhere) is the same bytes of arrays, written once."""
from __future__ import annotations

import contextlib
import os
import sys
import uuid
from dataclasses import dataclass, field
from typing import List, Optional

from ._args import _bad, _number, _seconds
from ._connect import client_for
from ._errors import ClusterError, WorkerError
from ._limits import (DEFAULT_CONNECT_SECONDS, DEFAULT_SHARD_GAMES, DEFAULT_TASK_SECONDS,
                      MAX_CONNECT_SECONDS, MAX_LOCAL_WORKERS, MAX_SELFPLAY_GAMES,
                      MAX_SELFPLAY_TURNS, MAX_SHARD_GAMES, MAX_TASK_SECONDS)
from ._shard import POLICY, make_shard
from ._window import completed

_LEVELS = ("easy", "normal", "hard", "expert")


@dataclass
class SelfplayArgs:
    scheduler: Optional[str] = None
    local: int = 0
    connect_timeout: float = DEFAULT_CONNECT_SECONDS
    task_timeout: float = DEFAULT_TASK_SECONDS
    preset: str = ""
    players: List[str] = field(default_factory=list)
    games: int = 0
    seed: int = 1
    shard_games: int = DEFAULT_SHARD_GAMES
    nodes: int = 0
    policy: Optional[str] = None
    reward: str = "rank"
    max_turns: Optional[int] = None
    layout: str = "cells"
    dtype: str = "float32"
    out: str = ""


def shard_name(k: int) -> str:
    return f"shard-{k:05d}.npz"


def parse_selfplay_args(argv: List[str]) -> SelfplayArgs:
    a = SelfplayArgs()
    given = set()
    i = 0
    while i < len(argv):
        opt = argv[i]
        if opt not in ("--scheduler", "--local", "--connect-timeout", "--task-timeout",
                       "--preset", "--players", "--games", "--seed", "--shard-games",
                       "--budget-nodes", "--policy", "--reward", "--max-turns", "--layout",
                       "--dtype", "--out"):
            raise ClusterError(f"sternhalma.cluster selfplay: unknown argument {opt!r}", code=2)
        if opt in given:
            raise ClusterError(f"sternhalma.cluster selfplay: {opt} given twice", code=2)
        given.add(opt)
        if i + 1 >= len(argv):
            raise ClusterError(f"sternhalma.cluster selfplay: {opt} needs a value", code=2)
        v = argv[i + 1]
        i += 2
        try:
            if opt == "--scheduler":
                a.scheduler = v
            elif opt == "--local":
                a.local = _number(opt, v, 1, MAX_LOCAL_WORKERS)
            elif opt == "--connect-timeout":
                a.connect_timeout = _seconds(opt, v, MAX_CONNECT_SECONDS)
            elif opt == "--task-timeout":
                a.task_timeout = _seconds(opt, v, MAX_TASK_SECONDS)
            elif opt == "--preset":
                a.preset = v
            elif opt == "--players":
                a.players = v.split(",")
            elif opt == "--games":
                a.games = _number(opt, v, 1, MAX_SELFPLAY_GAMES)
            elif opt == "--seed":
                a.seed = _number(opt, v, 0, 2**63 - 1)
            elif opt == "--shard-games":
                a.shard_games = _number(opt, v, 1, MAX_SHARD_GAMES)
            elif opt == "--budget-nodes":
                import sternhalma as sh
                a.nodes = _number(opt, v, 0, sh.MAX_BUDGET_NODES)
            elif opt == "--policy":
                mod, colon, fn = v.partition(":")
                if not (mod and colon and fn):
                    raise _bad(f"--policy {v!r}: expected MODULE:FUNCTION")
                a.policy = v
            elif opt == "--reward":
                if v not in ("rank", "win"):
                    raise _bad(f"--reward {v!r}: expected rank or win")
                a.reward = v
            elif opt == "--max-turns":
                a.max_turns = _number(opt, v, 1, MAX_SELFPLAY_TURNS)
            elif opt == "--layout":
                if v not in ("cells", "grid"):
                    raise _bad(f"--layout {v!r}: expected cells or grid")
                a.layout = v
            elif opt == "--dtype":
                if v not in ("float32", "uint8"):
                    raise _bad(f"--dtype {v!r}: expected float32 or uint8")
                a.dtype = v
            elif opt == "--out":
                if not v:
                    raise _bad("--out needs a directory, not ''")
                a.out = v
        except ClusterError as e:
            raise ClusterError(str(e).replace("cluster match:", "cluster selfplay:"), 2) from None
    def bad(what):
        return ClusterError("sternhalma.cluster selfplay: " + what, code=2)
    if (a.scheduler is None) == (a.local == 0):
        raise bad("give --scheduler tcp://HOST:PORT or --local N, one of them")
    for need in ("--preset", "--players", "--games", "--out"):
        if need not in given:
            raise bad(f"{need} is required")
    for p in a.players:
        if p not in _LEVELS + (POLICY,):
            raise bad(f"--players: {p!r} is not easy, normal, hard, expert or {POLICY} "
                      "(the --policy callback)")
    if (POLICY in a.players) != (a.policy is not None):
        raise bad(f"--policy MODULE:FUNCTION and a player named {POLICY!r} go together")
    # The table and the players' count, checked here before any task.
    import sternhalma as sh
    try:
        from sternhalma import rl
    except ImportError as e:  # numpy: the message says how to install it
        raise ClusterError(f"sternhalma.cluster selfplay: {e}") from None
    try:
        n = len(rl.Env(a.preset, record=False).possible_agents)
    except (sh.SternhalmaError, ValueError) as e:
        raise bad(f"--preset {a.preset!r}: {e}") from None
    if n != len(a.players):
        raise bad(f"--players names {len(a.players)} players; {a.preset} has {n}")
    if os.path.exists(a.out) and not os.path.isdir(a.out):
        raise bad(f"--out {a.out!r} is not a directory")
    if os.path.isdir(a.out) and any(f.startswith("shard-") for f in os.listdir(a.out)):
        raise ClusterError(f"sternhalma.cluster selfplay: --out {a.out!r} has shards already "
                           "(remove them or give another directory)")
    return a


def run_selfplay(a: SelfplayArgs, err=sys.stderr) -> int:
    shards = [(k, b, min(b + a.shard_games, a.games))
              for k, b in enumerate(range(0, a.games, a.shard_games))]
    written = set()
    try:
        with client_for(a.scheduler, a.local, a.connect_timeout) as client:
            run = uuid.uuid4().hex[:12]

            def submit(shard):
                k, b, e = shard
                return client.submit(make_shard, a.preset, a.players, a.seed, k, b, e, a.nodes,
                                     a.policy, a.reward, a.max_turns, a.layout, a.dtype,
                                     key=f"sternhalma-selfplay-{run}-{k}", pure=False)
            with contextlib.closing(completed(client, shards, submit)) as done:
                for (k, _, _), f in done:
                    try:
                        data = f.result()
                    except WorkerError:
                        raise
                    except Exception as e:  # KilledWorker: the task killed its workers
                        raise ClusterError(f"sternhalma.cluster selfplay: shard {k}: "
                                           f"{type(e).__name__}: {e}") from None
                    if k in written:
                        continue
                    os.makedirs(a.out, exist_ok=True)
                    path = os.path.join(a.out, shard_name(k))
                    with open(path + ".part", "wb") as out:
                        out.write(data)
                    os.replace(path + ".part", path)
                    written.add(k)
                    print(f"shard {k + 1}/{len(shards)}: {path}", file=err, flush=True)
    except (WorkerError, ClusterError) as e:
        print(f"error: {e}", file=err)
        return e.code
    print(f"selfplay {a.preset}: {a.games} games in {len(shards)} shards in {a.out}")
    return 0
