#!/usr/bin/python3
"""sternhalma.cluster on a real Dask cluster: a scheduler and two workers on
127.0.0.1 (started here, killed in a finally), a match whose games, JSONL,
records and summary equal `sternhalma match` on one machine game by game,
the SPRT stopping the cluster's remaining games, self-play shards
reproducible from their seed, a worker killed mid-run (its games re-run
elsewhere, none counted twice), an unreachable scheduler, a missing program
or engine on the workers, and bad arguments (a clear error, nothing
written).

  cluster_test.py STERNHALMA_EXE [TEST-NAME ...]

Runs under Debian's /usr/bin/python3 (python3-distributed, python3-numpy),
with STERNHALMA_LIB and PYTHONPATH set as for the RL tests; exits 77
(skipped) when Dask is not importable. Every wait has a timeout.
"""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

try:
    import distributed
    import numpy as np
except ImportError:
    print("cluster_test: skipped (no Dask's distributed or numpy for this Python)")
    sys.exit(77)

import sternhalma as sh
from sternhalma import rl

HERE = os.path.dirname(os.path.abspath(__file__))
EXE = os.path.abspath(sys.argv[1])
PY = sys.executable
ENV = dict(os.environ, STERNHALMA_CLI=EXE,
           PYTHONPATH=os.pathsep.join([HERE, os.environ.get("PYTHONPATH", "")]))
TMP = tempfile.mkdtemp(prefix="sternhalma-cluster-test-")
SCHEDULER = None  # its address, once started
PROCS = {}  # name -> Popen (own process groups)


def eq(what, want, got):
    if want != got:
        raise AssertionError(f"{what}: want {want!r}, got {got!r}")


def cluster(*args, timeout=120):
    return subprocess.run([PY, "-m", "sternhalma.cluster", *args], capture_output=True,
                          text=True, timeout=timeout, env=ENV, cwd=TMP)


def single(*args):
    p = subprocess.run([EXE, "match", *args], capture_output=True, text=True, timeout=300,
                       cwd=TMP)
    if p.returncode != 0:
        raise AssertionError(f"sternhalma match {args}: {p.returncode}\n{p.stderr}")
    return p


def ok(p):
    if p.returncode != 0:
        raise AssertionError(f"exit {p.returncode}\nstdout: {p.stdout}\nstderr: {p.stderr}")
    return p


def lines(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def without_time(game):
    return {k: v for k, v in game.items() if k not in ("ms", "ms_per_move")}


def summary_without_time(text):
    s = json.loads(text)
    for p in s["players"]:
        del p["ms_per_move"]
    return s


def path(*parts):
    return os.path.join(TMP, *parts)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(name, argv):
    log = open(path(name + ".log"), "w")
    PROCS[name] = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=ENV,
                                   cwd=TMP, start_new_session=True)


def kill(name):
    p = PROCS.pop(name)
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait(timeout=30)


def start_worker(name):
    start(name, ["dask-worker", SCHEDULER, "--nworkers", "1", "--nthreads", "1",
                 "--host", "127.0.0.1", "--no-dashboard", "--no-nanny", "--name", name])


def wait_workers(n):
    with distributed.Client(SCHEDULER, timeout=30) as c:
        c.wait_for_workers(n, timeout=60)


def start_cluster():
    global SCHEDULER
    port = free_port()
    SCHEDULER = f"tcp://127.0.0.1:{port}"
    start("scheduler", ["dask-scheduler", "--host", "127.0.0.1", "--port", str(port),
                        "--no-dashboard"])
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise AssertionError("the scheduler did not listen within 60 s")
            time.sleep(0.2)
    start_worker("w1")
    start_worker("w2")
    wait_workers(2)


MATCH = ["--preset", "classic-2", "--players", "normal,hard", "--games", "8", "--seed", "7",
         "--budget-nodes", "300"]


def test_match_equals_one_machine():
    """8 games in tasks of 3 (3+3+2, over two workers): the JSONL game by game,
    the records byte for byte, the --json summary key by key (less time)."""
    p = ok(cluster("match", "--scheduler", SCHEDULER, "--task-games", "3", *MATCH,
                   "--jsonl", path("c.jsonl"), "--record", path("c-rec"), "--json"))
    q = single(*MATCH, "--jsonl", path("s.jsonl"), "--record", path("s-rec"), "--json")
    c, s = lines(path("c.jsonl")), lines(path("s.jsonl"))
    eq("games", list(range(1, 9)), [g["game"] for g in c])
    for a, b in zip(s, c):
        eq(f"game {a['game']}", without_time(a), without_time(b))
    eq("records", sorted(os.listdir(path("s-rec"))), sorted(os.listdir(path("c-rec"))))
    for name in os.listdir(path("s-rec")):
        with open(path("s-rec", name)) as f1, open(path("c-rec", name)) as f2:
            eq(name, f1.read(), f2.read())
    eq("summary", summary_without_time(q.stdout), summary_without_time(p.stdout))
    # The text summary too, less its ms/move column, on a local cluster of 2.
    t = ok(cluster("match", "--local", "2", "--task-games", "2", *MATCH))
    u = single(*MATCH)
    cut = lambda out: [ln.rsplit(None, 1)[0] if ln[:1].isdigit() else ln
                       for ln in out.splitlines()]
    eq("text summary", cut(u.stdout), cut(t.stdout))
    # Four players in two teams: team statistics, pairwise scores, both formats.
    teams = ["--preset", "pairs-2x2", "--players", "easy,normal,hard,expert", "--games", "4",
             "--budget-nodes", "100"]
    for fmt in (["--json"], []):
        p = ok(cluster("match", "--scheduler", SCHEDULER, "--task-games", "1", *teams, *fmt))
        q = single(*teams, *fmt)
        if fmt:
            eq("pairs-2x2 summary", summary_without_time(q.stdout), summary_without_time(p.stdout))
        else:
            eq("pairs-2x2 text", cut(q.stdout), cut(p.stdout))


def test_resume():
    """--resume after a run on one machine that played games 1-3 and was cut
    in the middle of a line: the cluster plays 4-8 only, and the file and the
    summary are those of the whole run."""
    out = path("r.jsonl")
    single(*MATCH, "--games-range", "0:3", "--jsonl", out)
    with open(out, "a") as f:
        f.write('{"game": 4, "players"')
    p = ok(cluster("match", "--scheduler", SCHEDULER, "--task-games", "2", *MATCH,
                   "--jsonl", out, "--resume", "--json"))
    played = [ln for ln in p.stderr.splitlines() if ln.startswith("game ")]
    eq("progress lines", 8, len(played))
    q = single(*MATCH, "--jsonl", path("r-s.jsonl"), "--json")
    eq("jsonl", [without_time(g) for g in lines(path("r-s.jsonl"))],
       [without_time(g) for g in lines(out)])
    eq("summary", summary_without_time(q.stdout), summary_without_time(p.stdout))
    # A file of another match: refused, the file unchanged.
    with open(out, "rb") as f:
        before = f.read()
    other = ["--seed" if a == "--seed" else "8" if a == "7" else a for a in MATCH]
    p = cluster("match", "--scheduler", SCHEDULER, *other, "--jsonl", out, "--resume")
    eq("other match exit", 1, p.returncode)
    if "of another match" not in p.stderr:
        raise AssertionError(p.stderr)
    with open(out, "rb") as f:
        eq("file unchanged", before, f.read())


def test_sprt_stops_the_cluster():
    """easy against normal with an SPRT: the cluster stops at the game a run on
    one machine stops at, writes no game after it, and says so."""
    args = ["--preset", "classic-2", "--players", "easy,normal", "--games", "200",
            "--budget-nodes", "200", "--sprt", "elo0=0,elo1=100", "--json"]
    p = ok(cluster("match", "--scheduler", SCHEDULER, "--task-games", "2", *args,
                   "--jsonl", path("sprt-c.jsonl")))
    q = single(*args, "--jsonl", path("sprt-s.jsonl"))
    c, s = summary_without_time(p.stdout), summary_without_time(q.stdout)
    eq("sprt", s["sprt"], c["sprt"])
    eq("stopped", True, c["sprt"]["stopped"])
    eq("games", s["games"], c["games"])
    if not 0 < c["games"] < 200:
        raise AssertionError(f"the SPRT should stop early, stopped after {c['games']}")
    eq("jsonl", [without_time(g) for g in lines(path("sprt-s.jsonl"))],
       [without_time(g) for g in lines(path("sprt-c.jsonl"))])


SEATS = rl.Env("classic-2").seats  # player j's seat


def replay(shard, g):
    """The game's actions replayed on sternhalma.Game: legal, and ending as recorded."""
    rows = shard["games"] == g
    game = sh.Game("classic-2")
    for a in shard["actions"][rows]:
        game.apply(rl.action_to_move(int(a)))
    return game


def test_selfplay_shards():
    """6 games of normal against a policy callback in shards of 2 (two workers),
    and the same run on a local cluster of one process: the same arrays."""
    common = ["--preset", "classic-2", "--players", "normal,policy", "--policy",
              "cluster_policy:random_legal", "--games", "6", "--shard-games", "2",
              "--seed", "5", "--budget-nodes", "200"]
    ok(cluster("selfplay", "--scheduler", SCHEDULER, *common, "--out", path("sp1")))
    ok(cluster("selfplay", "--local", "1", *common, "--out", path("sp2")))
    names = sorted(os.listdir(path("sp1")))
    eq("shards", ["shard-00000.npz", "shard-00001.npz", "shard-00002.npz"], names)
    eq("shards (local)", names, sorted(os.listdir(path("sp2"))))
    for k, name in enumerate(names):
        a, b = np.load(path("sp1", name)), np.load(path("sp2", name))
        eq(f"{name} arrays", sorted(a.files), sorted(b.files))
        for key in a.files:
            if a[key].tobytes() != b[key].tobytes() or a[key].shape != b[key].shape:
                raise AssertionError(f"{name}: {key} differs between the two runs")
        eq(f"{name} games", [2 * k, 2 * k + 1], list(a["game_index"]))
        n = len(a["actions"])
        eq(f"{name} chosen actions legal", n, int(a["masks"][np.arange(n), a["actions"]].sum()))
        eq(f"{name} observation shape", (n, rl.NUM_PLANES, sh.NUM_CELLS), a["observations"].shape)
        for i, g in enumerate(a["game_index"]):
            game = replay(a, g)
            if not game.is_over:
                raise AssertionError(f"game {g}: its actions do not end the game")
            eq(f"game {g} turns", int(a["game_turns"][i]), int((a["games"] == g).sum()))
            # rank reward with two seats: place 1 is +1, place 2 is -1
            places = [game.places[seat] for seat in SEATS]
            eq(f"game {g} returns", [1.0 if p == 1 else -1.0 for p in places],
               [float(x) for x in a["game_returns"][i]])
            rows = a["games"] == g
            eq(f"game {g} per-step returns", [float(a["game_returns"][i][p]) for p in
                                              a["players"][rows]],
               [float(x) for x in a["returns"][rows]])
    # Another seed: other games.
    ok(cluster("selfplay", "--scheduler", SCHEDULER, *common[:-4], "--seed", "6",
               "--budget-nodes", "200", "--out", path("sp3")))
    if np.load(path("sp3", names[0]))["actions"].tobytes() == \
            np.load(path("sp1", names[0]))["actions"].tobytes():
        raise AssertionError("seeds 5 and 6 gave the same games")
    # A policy returning an illegal action: an error naming it, no shard.
    p = cluster("selfplay", "--scheduler", SCHEDULER, *common[:5],
                "cluster_policy:illegal", *common[6:], "--out", path("sp4"))
    eq("illegal policy exit", 1, p.returncode)
    if "not legal" not in p.stderr or os.path.exists(path("sp4")):
        raise AssertionError(f"illegal policy: {p.stderr}")


def test_worker_killed_mid_run():
    """A worker killed while it plays: its games are played again on the other,
    every game is in the JSONL once, and they equal a run on one machine."""
    args = ["--preset", "classic-2", "--players", "hard,expert", "--games", "16", "--seed",
            "3", "--budget-nodes", "2000", "--json"]
    out = path("kill.jsonl")
    p = subprocess.Popen([PY, "-m", "sternhalma.cluster", "match", "--scheduler", SCHEDULER,
                          "--task-games", "2", *args, "--jsonl", out],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
                         cwd=TMP)
    deadline = time.monotonic() + 90
    while not (os.path.exists(out) and os.path.getsize(out) > 0):
        if time.monotonic() > deadline or p.poll() is not None:
            p.kill()
            raise AssertionError("no game came back within 90 s")
        time.sleep(0.05)
    with open(out) as f:
        at_kill = len(f.readlines())
    with distributed.Client(SCHEDULER, timeout=30) as c:
        by_name = {w["name"]: addr for addr, w in c.scheduler_info()["workers"].items()}
        on_w1 = c.processing()[by_name["w1"]]
    kill("w1")
    if not on_w1:
        raise AssertionError("w1 had no task when it was killed")
    try:
        stdout, stderr = p.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        p.kill()
        raise
    eq("exit", 0, p.returncode)
    if at_kill >= 16:
        raise AssertionError("the run was over before the worker was killed")
    got = lines(out)
    eq("each game once, in order", list(range(1, 17)), [g["game"] for g in got])
    q = single(*args, "--jsonl", path("kill-s.jsonl"))
    for a, b in zip(lines(path("kill-s.jsonl")), got):
        eq(f"game {a['game']}", without_time(a), without_time(b))
    eq("summary", summary_without_time(q.stdout), summary_without_time(stdout))
    start_worker("w1")  # for the tests after this one
    wait_workers(2)


def test_unreachable_scheduler():
    """Nothing listens: a clear error within the timeout, nothing written."""
    addr = f"tcp://127.0.0.1:{free_port()}"
    p = cluster("match", "--scheduler", addr, "--connect-timeout", "2", *MATCH,
                "--jsonl", path("u.jsonl"), "--record", path("u-rec"), "--json")
    eq("exit", 1, p.returncode)
    if f"the scheduler {addr} is not reachable" not in p.stderr or p.stdout:
        raise AssertionError(p.stderr)
    if os.path.exists(path("u.jsonl")) or os.path.exists(path("u-rec")):
        raise AssertionError("an unreachable scheduler left files")
    p = cluster("selfplay", "--scheduler", addr, "--connect-timeout", "2", "--preset",
                "classic-2", "--players", "easy,easy", "--games", "2", "--out", path("u-sp"))
    eq("selfplay exit", 1, p.returncode)
    if "not reachable" not in p.stderr or os.path.exists(path("u-sp")):
        raise AssertionError(p.stderr)


def test_missing_program_or_engine():
    """No match program, or an engine's program missing, on the workers: the
    error names it and the worker, and nothing is written."""
    p = cluster("match", "--scheduler", SCHEDULER, "--cli", path("no-such-sternhalma"),
                *MATCH, "--jsonl", path("m1.jsonl"))
    eq("exit", 1, p.returncode)
    if "no match program" not in p.stderr or "worker" not in p.stderr or \
            os.path.exists(path("m1.jsonl")):
        raise AssertionError(p.stderr)
    p = cluster("match", "--scheduler", SCHEDULER, "--preset", "classic-2", "--players",
                "ghost,normal", "--engine", "ghost=/no/such/engine --fast", "--games", "2",
                "--jsonl", path("m2.jsonl"), "--record", path("m2-rec"))
    eq("exit", 1, p.returncode)
    if "engine 'ghost': '/no/such/engine' is not an executable" not in p.stderr or \
            os.path.exists(path("m2.jsonl")) or os.path.exists(path("m2-rec")):
        raise AssertionError(p.stderr)


def test_bad_arguments():
    """Exit 2, what is wrong, nothing written: the cluster's own options, and
    the match program's (checked by it on a worker)."""
    for args, words in [
        (["--local", "0", *MATCH], "--local '0': expected a number from 1 to"),
        (["--scheduler", SCHEDULER, "--local", "2", *MATCH], "one of them"),
        (["--scheduler", SCHEDULER, "--task-games", "x", *MATCH], "--task-games 'x'"),
        (["--scheduler", SCHEDULER, *MATCH, "--games-range", "5:3"], "--games-range '5:3'"),
        (["--scheduler", SCHEDULER, *MATCH, "--frobnicate", "1"], "unknown argument"),
        (["--scheduler", SCHEDULER, *MATCH[:-1], "lots"], "--budget-nodes"),
    ]:
        p = cluster("match", *args, "--jsonl", path("bad.jsonl"))
        eq(f"{args} exit", 2, p.returncode)
        if words not in p.stderr or os.path.exists(path("bad.jsonl")):
            raise AssertionError(f"{args}: {p.stderr}")
    for args, words in [
        (["--players", "normal"], "--players names 1 players; classic-2 has 2"),
        (["--players", "normal,policy"], "--policy MODULE:FUNCTION and a player named"),
        (["--players", "normal,grand"], "'grand' is not easy, normal, hard, expert or policy"),
        (["--players", "normal,normal", "--shard-games", "0"], "--shard-games '0'"),
    ]:
        p = cluster("selfplay", "--scheduler", SCHEDULER, "--preset", "classic-2", "--games",
                    "2", "--out", path("bad-sp"), *args)
        eq(f"selfplay {args} exit", 2, p.returncode)
        if words not in p.stderr or os.path.exists(path("bad-sp")):
            raise AssertionError(f"selfplay {args}: {p.stderr}")
    with open(path("full.jsonl"), "w") as f:
        f.write("{}\n")
    p = cluster("match", "--scheduler", SCHEDULER, *MATCH, "--jsonl", path("full.jsonl"))
    eq("a JSONL with games", 1, p.returncode)
    if "has games already" not in p.stderr:
        raise AssertionError(p.stderr)


def test_the_guide_commands():
    """docs/guides/cluster.md's commands: the scheduler and the workers this
    test starts are the page's (HOST 127.0.0.1, plus the listening flags the
    page names), and the page's match runs on them as written but for its
    size (--games 2) and where its JSONL goes."""
    with open(os.path.join(HERE, "..", "docs", "guides", "cluster.md"), encoding="utf-8") as f:
        block = re.search(r"```sh\n(.*?)```", f.read(), re.S).group(1).replace("\\\n", " ")
    cmds = [ln.split() for ln in block.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    eq("the page's scheduler", ["dask-scheduler", "--host", "HOST", "--port", "8786"],
       next(c for c in cmds if c[0] == "dask-scheduler"))
    worker = next(c for c in cmds if "dask-worker" in c)
    eq("the page's worker", ["dask-worker", "tcp://HOST:8786", "--nworkers", "1", "--nthreads", "1"],
       worker[worker.index("dask-worker"):])
    match = next(c for c in cmds if "sternhalma.cluster" in c)
    args = [SCHEDULER if a == "tcp://HOST:8786" else a for a in match[match.index("sternhalma.cluster") + 1:]]
    args[args.index("--games") + 1] = "2"
    args[args.index("--jsonl") + 1] = path("guide.jsonl")
    p = ok(cluster(*args, timeout=300))
    eq("the page's match: games", [1, 2], [g["game"] for g in lines(path("guide.jsonl"))])
    eq("the page's match: --json", "hard", json.loads(p.stdout)["players"][0]["name"])


TESTS = [test_bad_arguments, test_unreachable_scheduler, test_missing_program_or_engine,
         test_match_equals_one_machine, test_resume, test_sprt_stops_the_cluster, test_selfplay_shards,
         test_worker_killed_mid_run, test_the_guide_commands]


def main():
    names = sys.argv[2:]
    failed = 0
    try:
        start_cluster()
        for t in TESTS:
            if names and t.__name__ not in names:
                continue
            t0 = time.monotonic()
            try:
                t()
                print(f"ok   {t.__name__} ({time.monotonic() - t0:.1f} s)", flush=True)
            except Exception as e:
                failed += 1
                print(f"FAIL {t.__name__}: {type(e).__name__}: {e}", flush=True)
    finally:
        for name in list(PROCS):
            kill(name)
    print(f"cluster_test: {failed} failed" if failed else "cluster_test: all passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
