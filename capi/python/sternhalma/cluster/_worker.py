"""What a match task does on its worker: find `sternhalma` there, check that
every engine command exists there, play games A..B-1 of the schedule with
`sternhalma match <the same options> --games-range A:B --jsonl <tmp>` and
send back each game's JSONL line (and record). The rules, the schedule and
the seeds are the match program's: a task plays exactly the games a whole
run on one machine plays at those indices."""
from __future__ import annotations

import json
import os
import shlex
import shutil
import socket
import subprocess
import tempfile
from typing import List, Optional, Sequence, Tuple

from ._errors import WorkerError
from ._limits import MAX_ERROR_BYTES, MAX_TASK_RESULT_BYTES

# The environment variable naming the match program on a worker (else
# --cli, else `sternhalma` on the worker's PATH).
CLI_ENV = "STERNHALMA_CLI"


def _where() -> str:
    return f"worker {socket.gethostname()} (pid {os.getpid()})"


def find_cli(cli: Optional[str]) -> str:
    """The match program on this machine: `cli` (a path or a name on the PATH),
    else $STERNHALMA_CLI, else `sternhalma` on the PATH; WorkerError if none."""
    name = cli or os.environ.get(CLI_ENV) or "sternhalma"
    found = shutil.which(name)
    if not found:
        how = ("--cli " + repr(cli) if cli else
               f"${CLI_ENV}={os.environ[CLI_ENV]!r}" if os.environ.get(CLI_ENV) else
               "'sternhalma' on the PATH")
        raise WorkerError(f"{_where()}: no match program ({how} is not an executable there); "
                          f"install sternhalma on every worker or name it with --cli or ${CLI_ENV}")
    return found


def engine_program(command: str) -> Optional[str]:
    """The program an engine command starts (its first word after any VAR=value
    assignments), or None when the command is not a plain word list."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    for w in words:
        if "=" in w.split("/")[0]:
            continue  # an environment assignment
        return w
    return None


def check_engines(engines: Sequence[Tuple[str, str]], cwd: str) -> None:
    """WorkerError naming the engine unless each command's program exists here."""
    for name, command in engines:
        prog = engine_program(command)
        if prog is None:
            continue  # the match program's handshake says what is wrong
        if "/" in prog:
            path = prog if os.path.isabs(prog) else os.path.join(cwd, prog)
            ok = os.path.isfile(path) and os.access(path, os.X_OK)
        else:
            ok = shutil.which(prog) is not None
        if not ok:
            raise WorkerError(f"{_where()}: engine {name!r}: {prog!r} is not an executable "
                              f"program there (command {command!r})")


def _tail(data: bytes) -> str:
    text = data.decode("utf-8", "replace").strip()
    lines = [ln for ln in text.splitlines() if not ln.startswith("game ")]  # progress lines
    text = "\n".join(lines)
    return text[-MAX_ERROR_BYTES:]


def run_games(cli: Optional[str], argv: Sequence[str], begin: int, end: int, record: bool,
              engines: Sequence[Tuple[str, str]], cwd: str, timeout: float
              ) -> List[Tuple[int, str, Optional[str]]]:
    """Games begin..end-1 of the match `argv` (the options of `sternhalma match`
    without --games-range, --jsonl, --record, --resume, --json): a list of
    (game index from 0, its JSONL line with '\\n', its record or None)."""
    exe = find_cli(cli)
    if not os.path.isdir(cwd):
        cwd = os.getcwd()  # paths in the options are then the worker's own
    check_engines(engines, cwd)
    with tempfile.TemporaryDirectory(prefix="sternhalma-task-") as tmp:
        jsonl = os.path.join(tmp, "games.jsonl")
        records = os.path.join(tmp, "records")
        args = [exe, "match", *argv, "--games-range", f"{begin}:{end}", "--jsonl", jsonl]
        if record:
            args += ["--record", records]
        try:
            p = subprocess.run(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, cwd=cwd, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise WorkerError(f"{_where()}: games {begin + 1} to {end} did not end within "
                              f"{timeout:g} s (--task-timeout)") from None
        except OSError as e:
            raise WorkerError(f"{_where()}: cannot start {exe!r}: {e.strerror}") from None
        if p.returncode != 0:
            raise WorkerError(f"{_where()}: games {begin + 1} to {end}: {exe} match exited with "
                              f"status {p.returncode}: {_tail(p.stderr)}", code=p.returncode
                              if p.returncode == 2 else 1)
        if os.path.getsize(jsonl) > MAX_TASK_RESULT_BYTES:
            raise WorkerError(f"{_where()}: games {begin + 1} to {end}: the JSONL is larger than "
                              f"{MAX_TASK_RESULT_BYTES} bytes")
        out = []
        with open(jsonl, encoding="utf-8") as f:
            for line in f:
                index = json.loads(line)["game"] - 1
                rec = None
                if record:
                    with open(os.path.join(records, f"game-{index + 1:04d}.txt"),
                              encoding="utf-8") as r:
                        rec = r.read()
                out.append((index, line, rec))
    got = sorted(i for i, _, _ in out)
    if got != list(range(begin, end)):
        raise WorkerError(f"{_where()}: games {begin + 1} to {end}: the match program wrote "
                          f"games {[i + 1 for i in got]}")
    return out
