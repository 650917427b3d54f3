"""The coordinator of a match on a Dask cluster.

The games A..B-1 of the schedule are split into tasks of k games (in
schedule order); each is one Dask task running `sternhalma match` with the
same options and its own --games-range on some worker (_worker.run_games).
Results come back in any order; the coordinator keeps them by game index
and takes them in schedule order, as the match program does on one machine:
each game's JSONL line, record, statistics and SPRT check. So the JSONL,
the records, the summary and the game at which the SPRT stops are those of
a run on one machine (with node budgets the games themselves too). A task
whose worker dies is run again by Dask on another worker; a game is taken
once, by its index, whichever copy arrives. When the SPRT decides, every
task not yet done is cancelled."""
from __future__ import annotations

import contextlib
import json
import os
import sys
import uuid
from typing import Dict, List, Optional, TextIO, Tuple

from ._args import MatchArgs
from ._connect import client_for
from ._errors import ClusterError, WorkerError
from ._limits import MAX_RESUME_BYTES
from ._summary import Summary
from ._window import completed
from ._worker import run_games


def _tasks(a: MatchArgs) -> List[Tuple[int, int]]:
    return [(b, min(b + a.task_games, a.range_end))
            for b in range(a.range_begin, a.range_end, a.task_games)]


class _Outputs:
    """The JSONL file and the records folder, checked before the cluster is
    asked for anything and created only when the first game is written (a run
    that fails before its first game writes nothing)."""

    def __init__(self, a: MatchArgs):
        self.a = a
        self.jsonl: Optional[TextIO] = None
        self.done: Dict[int, dict] = {}  # --resume: the games the JSONL has
        self.identity: Optional[str] = None
        self.cut = None  # --resume: the bytes of the complete lines
        if a.jsonl:
            exists = os.path.exists(a.jsonl)
            if exists and not os.path.isfile(a.jsonl):
                raise ClusterError(f"sternhalma.cluster match: --jsonl {a.jsonl!r} is not a file")
            if exists and os.path.getsize(a.jsonl) > 0 and not a.resume:
                raise ClusterError(f"sternhalma.cluster match: --jsonl {a.jsonl!r} has games "
                                   "already: --resume continues that run (or remove the file)")
            if a.resume and exists:
                self._read_resume()
            d = os.path.dirname(os.path.abspath(a.jsonl))
            if not os.access(d, os.W_OK):
                raise ClusterError(f"sternhalma.cluster match: --jsonl {a.jsonl!r}: the folder "
                                   "is not writable")
        if a.record:
            if os.path.exists(a.record) and not os.path.isdir(a.record):
                raise ClusterError(f"sternhalma.cluster match: --record {a.record!r} is not "
                                   "a directory")
            parent = os.path.dirname(os.path.abspath(a.record))
            probe = a.record if os.path.isdir(a.record) else parent
            while not os.path.exists(probe):
                probe = os.path.dirname(probe)
            if not os.access(probe, os.W_OK):
                raise ClusterError(f"sternhalma.cluster match: --record {a.record!r}: the "
                                   "directory is not writable")

    def _read_resume(self):
        """The games of the file (every line of this match, in range, once); a
        last line cut short is dropped, as the match program's --resume does."""
        a = self.a
        size = os.path.getsize(a.jsonl)
        if size > MAX_RESUME_BYTES:
            raise ClusterError(f"sternhalma.cluster match: --resume {a.jsonl!r}: {size} bytes, "
                               f"more than the {MAX_RESUME_BYTES} a --resume file may have")
        with open(a.jsonl, "rb") as f:
            data = f.read()
        end = data.rfind(b"\n") + 1
        self.cut = end
        for number, raw in enumerate(data[:end].splitlines(), 1):
            where = f"sternhalma.cluster match: --resume {a.jsonl!r} line {number}"
            try:
                g = json.loads(raw)
                index = g["game"] - 1
                ident = g["match"]
            except (ValueError, KeyError, TypeError):
                raise ClusterError(f"{where}: not a game line of sternhalma match") from None
            if not isinstance(index, int) or not a.range_begin <= index < a.range_end:
                raise ClusterError(f"{where}: game {g['game']} is not in this run's games "
                                   f"{a.range_begin + 1} to {a.range_end}")
            if index in self.done:
                raise ClusterError(f"{where}: game {index + 1} again")
            if self.identity is not None and ident != self.identity:
                raise ClusterError(f"{where}: a game of another match than line 1's")
            self.identity = ident
            self.done[index] = g

    def check_identity(self, game: dict):
        """--resume: the file's games are of this match (the first new game tells)."""
        if self.identity is not None and game["match"] != self.identity:
            raise ClusterError(f"sternhalma.cluster match: --resume {self.a.jsonl!r}: its games "
                               f"are of another match: {self.identity!r}, this one is "
                               f"{game['match']!r}")

    def write(self, index: int, line: str, record: Optional[str]):
        a = self.a
        if a.jsonl:
            if self.jsonl is None:
                if self.cut is not None:
                    os.truncate(a.jsonl, self.cut)
                self.jsonl = open(a.jsonl, "a", encoding="utf-8")
            self.jsonl.write(line)
            self.jsonl.flush()
        if a.record and record is not None:
            os.makedirs(a.record, exist_ok=True)
            with open(os.path.join(a.record, f"game-{index + 1:04d}.txt"), "w",
                      encoding="utf-8") as f:
                f.write(record)

    def close(self):
        if self.jsonl is not None:
            self.jsonl.close()


def _budget_words(a: MatchArgs) -> str:
    """The match program's header words for the budgets (match_summary.cpp)."""
    opts = dict(zip(a.passed[::2], a.passed[1::2]))
    words = ""
    if int(opts.get("--budget-nodes", "0") or 0):
        words += f", {int(opts['--budget-nodes'])} nodes/move"
    ms = opts.get("--movetime") or opts.get("--budget-ms")
    if ms and int(ms):
        words += f", {int(ms)} ms/move"
    if "--tc" in opts:
        def to_ms(s):
            whole, _, frac = s.partition(".")
            return int(whole) * 1000 + int((frac + "000")[:3])
        r, _, inc = opts["--tc"].partition("+")
        words += f", tc {to_ms(r)}+{to_ms(inc) if inc else 0} ms"
    return words or ", default budgets"


def run_match(a: MatchArgs, out=sys.stdout, err=sys.stderr) -> int:
    summary = Summary(a)
    outputs = _Outputs(a)
    todo = [t for t in _tasks(a) if any(i not in outputs.done for i in range(*t))]
    if not todo and outputs.done:
        # --resume of a file that has every game: one of them is played again
        # only to learn that the file is of this match (its "match" line).
        last = max(outputs.done)
        todo = [(last, last + 1)]
    results: Dict[int, Tuple[str, Optional[str]]] = {}
    sprt_stop = False
    nxt = a.range_begin

    def take() -> bool:
        """Takes the games from `nxt` on that are in; True when the SPRT decided."""
        nonlocal nxt, sprt_stop
        while nxt < a.range_end:
            if nxt in outputs.done:
                game = outputs.done[nxt]
            elif nxt in results:
                line, record = results.pop(nxt)
                game = json.loads(line)
                outputs.write(nxt, line, record)
            else:
                return False
            summary.add(game)
            nxt += 1
            print(f"game {nxt}/{a.games}: " + ", ".join(
                f"{p} {pl}" for p, pl in zip(a.players, game["places"])), file=err, flush=True)
            r = summary.sprt()
            if r is not None and r.decision != 0:
                sprt_stop = nxt < a.range_end
                return True
        return False

    try:
        # The file's games (--resume) are taken with the first games that come
        # back, once their "match" line has shown the file to be of this match.
        if todo:
            with client_for(a.scheduler, a.local, a.connect_timeout) as client:
                import distributed
                run = uuid.uuid4().hex[:12]

                def submit(task):
                    b, e = task
                    return client.submit(run_games, a.cli, a.passed, b, e, bool(a.record),
                                         a.engines, a.cwd, a.task_timeout,
                                         key=f"sternhalma-match-{run}-{b}-{e}", pure=False)
                with contextlib.closing(completed(client, todo, submit)) as done:
                    for _, f in done:
                        try:
                            games = f.result()
                        except WorkerError:
                            raise
                        except distributed.client.FutureCancelledError:
                            continue
                        except Exception as e:  # KilledWorker: the task killed its workers
                            raise ClusterError(f"sternhalma.cluster match: task {f.key}: "
                                               f"{type(e).__name__}: {e}") from None
                        for index, line, record in games:
                            outputs.check_identity(json.loads(line))
                            if index >= nxt and index not in results:
                                results[index] = (line, record)
                        if take():
                            break
    except (WorkerError, ClusterError) as e:
        print(f"error: {e}", file=err)
        return e.code
    finally:
        outputs.close()
    if nxt < a.range_end and not sprt_stop:
        print(f"error: sternhalma.cluster match: games {nxt + 1} to {a.range_end} did not come "
              "back", file=err)
        return 1
    print(summary.json(sprt_stop) if a.json else summary.text(sprt_stop, _budget_words(a)),
          file=out)
    return 0
