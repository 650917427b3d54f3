"""The command line of `python3 -m sternhalma.cluster match`: the cluster's own
options, and the options of `sternhalma match`, of which the coordinator
reads those it acts on (the schedule, the outputs, the SPRT) and passes all
others through unchanged to every task, where the match program checks them."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

from ._errors import ClusterError
from ._limits import (DEFAULT_CONNECT_SECONDS, DEFAULT_TASK_GAMES, DEFAULT_TASK_SECONDS,
                      MAX_CONNECT_SECONDS, MAX_LOCAL_WORKERS, MAX_TASK_GAMES, MAX_TASK_SECONDS)

# The match program's options that take a value (all others are flags).
_VALUED = {"--preset", "--set", "--players", "--engine", "--engine-option", "--games",
           "--games-range", "--seed", "--movetime", "--budget-ms", "--budget-nodes", "--tc",
           "--max-turns", "--concurrency", "--threads", "--openings", "--record", "--jsonl",
           "--sprt"}
_FLAGS = {"--json", "--resume"}
# Options the coordinator keeps to itself: each task gets its own range and
# JSONL; the records and the summary are written by the coordinator.
_OWN = {"--games-range", "--jsonl", "--record", "--json", "--resume"}
_MAX_GAMES = 1_000_000  # `sternhalma match --games` (cli/match_limits.h kMaxGames)


def _bad(what: str) -> ClusterError:
    return ClusterError("sternhalma.cluster match: " + what, code=2)


def _number(option: str, text: str, lo: int, hi: int) -> int:
    if not (text.isascii() and text.isdigit()) or not lo <= int(text) <= hi:
        raise _bad(f"{option} {text!r}: expected a number from {lo} to {hi}")
    return int(text)


def _seconds(option: str, text: str, hi: int) -> float:
    try:
        v = float(text)
    except ValueError:
        v = -1.0
    if not 0 < v <= hi:
        raise _bad(f"{option} {text!r}: expected seconds, more than 0 and at most {hi}")
    return v


@dataclass
class MatchArgs:
    scheduler: Optional[str] = None
    local: int = 0
    cli: Optional[str] = None
    task_games: int = DEFAULT_TASK_GAMES
    connect_timeout: float = DEFAULT_CONNECT_SECONDS
    task_timeout: float = DEFAULT_TASK_SECONDS
    passed: List[str] = field(default_factory=list)  # to every task
    games: int = 10
    range_begin: int = 0
    range_end: int = 0
    seed: int = 1
    concurrency: int = 1
    preset: str = ""
    settings: List[str] = field(default_factory=list)
    players: List[str] = field(default_factory=list)
    engines: List[Tuple[str, str]] = field(default_factory=list)  # (name, command)
    sprt: Optional[Tuple[float, float, float, float]] = None
    jsonl: Optional[str] = None
    record: Optional[str] = None
    json: bool = False
    resume: bool = False
    cwd: str = ""


def _sprt(text: str):
    values = {"alpha": 0.05, "beta": 0.05}
    for kv in text.split(","):
        k, eq, v = kv.partition("=")
        if not eq or k not in ("elo0", "elo1", "alpha", "beta"):
            raise _bad(f"--sprt {text!r}: {kv!r} is not elo0=, elo1=, alpha= or beta=NUMBER")
        try:
            values[k] = float(v)
        except ValueError:
            raise _bad(f"--sprt {text!r}: {kv!r} is not NAME=NUMBER") from None
    if "elo0" not in values or "elo1" not in values:
        raise _bad(f"--sprt {text!r}: needs elo0 and elo1")
    return values["elo0"], values["elo1"], values["alpha"], values["beta"]


def parse_match_args(argv: List[str]) -> MatchArgs:
    """ClusterError (code 2) naming the argument when one is wrong."""
    a = MatchArgs(cwd=os.getcwd())
    given = set()
    rng = None
    i = 0
    while i < len(argv):
        opt = argv[i]
        if opt in ("--scheduler", "--local", "--cli", "--task-games", "--connect-timeout",
                   "--task-timeout"):
            if opt in given:
                raise _bad(f"{opt} given twice")
            given.add(opt)
            if i + 1 >= len(argv):
                raise _bad(f"{opt} needs a value")
            v = argv[i + 1]
            i += 2
            if opt == "--scheduler":
                if not v:
                    raise _bad("--scheduler needs an address, e.g. tcp://HOST:8786")
                a.scheduler = v
            elif opt == "--local":
                a.local = _number(opt, v, 1, MAX_LOCAL_WORKERS)
            elif opt == "--cli":
                if not v:
                    raise _bad("--cli needs a program, not ''")
                a.cli = v
            elif opt == "--task-games":
                a.task_games = _number(opt, v, 1, MAX_TASK_GAMES)
            elif opt == "--connect-timeout":
                a.connect_timeout = _seconds(opt, v, MAX_CONNECT_SECONDS)
            else:
                a.task_timeout = _seconds(opt, v, MAX_TASK_SECONDS)
            continue
        if opt in _FLAGS:
            if opt in given:
                raise _bad(f"{opt} given twice")
            given.add(opt)
            setattr(a, opt[2:], True)
            i += 1
            continue
        if opt not in _VALUED:
            raise _bad(f"unknown argument {opt!r} (the options of sternhalma match, and "
                       "--scheduler ADDRESS | --local N, --cli PROGRAM, --task-games K, "
                       "--connect-timeout S, --task-timeout S)")
        if i + 1 >= len(argv):
            raise _bad(f"{opt} needs a value")
        v = argv[i + 1]
        i += 2
        if opt not in ("--set", "--engine", "--engine-option"):
            if opt in given:
                raise _bad(f"{opt} given twice")
            given.add(opt)
        if opt not in _OWN:
            a.passed += [opt, v]
        if opt == "--games":
            a.games = _number(opt, v, 1, _MAX_GAMES)
        elif opt == "--games-range":
            rng = v
        elif opt == "--seed":
            if not (v.isascii() and v.isdigit()):
                raise _bad(f"--seed {v!r}: expected a non-negative number")
            a.seed = int(v)
        elif opt in ("--concurrency", "--threads"):
            a.concurrency = _number(opt, v, 1, 256)
        elif opt == "--preset":
            a.preset = v
        elif opt == "--set":
            a.settings.append(v)
        elif opt == "--players":
            a.players = v.split(",")
        elif opt == "--engine":
            name, eq, command = v.partition("=")
            if not eq:
                raise _bad(f"--engine {v!r}: expected NAME=COMMAND or NAME=ccp:COMMAND")
            a.engines.append((name, command[4:] if command.startswith("ccp:") else command))
        elif opt == "--sprt":
            a.sprt = _sprt(v)
        elif opt == "--jsonl":
            if not v:
                raise _bad("--jsonl needs a file name, not ''")
            a.jsonl = v
        elif opt == "--record":
            if not v:
                raise _bad("--record needs a directory, not ''")
            a.record = v
    if (a.scheduler is None) == (a.local == 0):
        raise _bad("give --scheduler tcp://HOST:PORT (a running Dask scheduler) or --local N "
                   "(a local cluster of N processes), one of them")
    if not a.preset:
        raise _bad("--preset ID is required")
    if len(a.players) < 2:
        raise _bad("--players P1,P2[,...] is required")
    if a.resume and not a.jsonl:
        raise _bad("--resume needs --jsonl FILE")
    a.range_begin, a.range_end = 0, a.games
    if rng is not None:
        b, colon, e = rng.partition(":")
        ok = colon and b.isascii() and b.isdigit() and e.isascii() and e.isdigit()
        if not ok or not 0 <= int(b) < int(e) <= a.games:
            raise _bad(f"--games-range {rng!r}: expected A:B with 0 <= A < B <= --games "
                       f"({a.games}): games A+1 to B of the schedule")
        a.range_begin, a.range_end = int(b), int(e)
    return a
