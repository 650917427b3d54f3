#!/usr/bin/env python3
"""`sternhalma match` as a referee: external engines (tests/engines/), their
forfeits, the statistics, JSONL and --resume, concurrency, openings, time
controls, the turn cap and every bad argument.

  match_test.py STERNHALMA_EXE [TEST-NAME ...]

The engines use the Python binding: STERNHALMA_LIB and PYTHONPATH are set
as for the binding's own tests (tests/meson.build). Standard library only.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINES = os.path.join(HERE, "engines")
EXE = os.path.abspath(sys.argv[1])
PY = sys.executable
TOY = f"{PY} {ENGINES}/toy_engine.py"
WORST = f"{PY} {ENGINES}/toy_engine.py --worst"
CCP = f"{PY} {ENGINES}/ccp_engine.py"


def faulty(mode, after=1):
    return f"{PY} {ENGINES}/faulty_engine.py {mode} {after}"


def run(*args, check=True, timeout=600):
    p = subprocess.run([EXE, "match", *args], capture_output=True, text=True, timeout=timeout)
    if check and p.returncode != 0:
        raise AssertionError(f"match {' '.join(args)}: exit {p.returncode}\n{p.stderr}")
    return p


def lines(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def without_time(game):
    """A JSONL line less its thinking times (CPU and wall time vary)."""
    return {k: v for k, v in game.items() if k not in ("ms", "ms_per_move")}


def summary_without_time(s):
    s = json.loads(json.dumps(s))
    for p in s["players"]:
        del p["ms_per_move"]
    s.pop("concurrency", None)
    return s


def eq(what, want, got):
    if want != got:
        raise AssertionError(f"{what}: want {want!r}, got {got!r}")


def wdl_from_places(games, player):
    """W/D/L of `player` (0-based) from JSONL places: a win is place 1 alone."""
    w = d = l = 0
    for g in games:
        p = g["places"]
        if p[player] == 1:
            if p.count(1) == 1:
                w += 1
            else:
                d += 1
        else:
            l += 1
    return w, d, l


TESTS = []


def test(f):
    TESTS.append(f)
    return f


@test
def toy_engine_against_easy(tmp):
    jl = os.path.join(tmp, "toy.jsonl")
    p = run("--preset", "classic-2", "--players", "toy,easy", "--engine", f"toy={TOY}", "--games", "4",
            "--seed", "5", "--jsonl", jl, "--json")
    s = json.loads(p.stdout)
    games = lines(jl)
    eq("games in the JSONL", [1, 2, 3, 4], [g["game"] for g in games])
    eq("seats rotate", [["W", "K"], ["K", "W"], ["W", "K"], ["K", "W"]], [g["seats"] for g in games])
    eq("no forfeits", [[]] * 4, [g["forfeits"] for g in games])
    for j in (0, 1):
        pl = s["players"][j]
        eq(f"player {j + 1} W/D/L is the JSONL's", wdl_from_places(games, j), (pl["wins"], pl["draws"], pl["losses"]))
    eq("wdl of player 1", list(wdl_from_places(games, 0)), s["wdl"])
    eq("pairs: 2", 2, sum(s["pentanomial"]))
    for g in games:
        eq("the toy moved in every game", True, g["moves"][0] > 10)
        eq("a normal end", g["end"], g["reason"])


FAULTS = [  # mode, reason, a word of the detail
    ("illegal", "illegal-move", "m1"),
    ("garbage", "illegal-move", "expected a path"),
    ("pass", "illegal-move", "passed with"),
    ("crash", "crash", "exited with status 3; its last stderr line: 'faulty: crashing on purpose'"),
    ("hang", "timeout", "no bestmove within 300 + 1000 ms"),
    ("flood", "stderr-flood", "stderr"),
    ("idleflood", "stderr-flood", "stderr"),
    ("longline", "protocol", "longer than 65536"),
]


@test
def faulty_engines_forfeit(tmp):
    for mode, reason, detail in FAULTS:
        jl = os.path.join(tmp, f"{mode}.jsonl")
        p = run("--preset", "classic-2", "--players", "easy,bad", "--engine", f"bad={faulty(mode)}",
                "--games", "2", "--movetime", "300", "--jsonl", jl, "--json")
        s = json.loads(p.stdout)
        games = lines(jl)
        eq(f"{mode}: the match goes on to its 2 games", 2, s["games"])
        for g in games:
            eq(f"{mode}: reason", reason, g["reason"])
            eq(f"{mode}: one forfeit, of player 2", [(2, reason)], [(f["player"], f["reason"]) for f in g["forfeits"]])
            eq(f"{mode}: the detail says what happened", True, detail in g["forfeits"][0]["detail"])
            eq(f"{mode}: the forfeit is a resignation", "resign", g["end"])
            eq(f"{mode}: easy wins", [1, 2], g["places"])
            # It plays a move first, then misbehaves; idleflood's flood comes
            # before its first move, which it forfeits.
            eq(f"{mode}: the move it forfeits", 1 if mode == "idleflood" else 2, g["moves"][1])
        eq(f"{mode}: summary counts the forfeits", {reason: 2}, s["players"][1]["forfeits"])
        eq(f"{mode}: easy's W/D/L", (2, 0, 0), tuple(s["players"][0][k] for k in ("wins", "draws", "losses")))


@test
def crashed_engine_is_restarted(tmp):
    # It crashes at its second move in every game: each game starts it again,
    # so every game sees the same first move and the same crash.
    jl = os.path.join(tmp, "crash.jsonl")
    run("--preset", "classic-2", "--players", "bad,easy", "--engine", f"bad={faulty('crash', 1)}", "--games", "3",
        "--jsonl", jl)
    games = lines(jl)
    eq("three games, each with the crash after a move", [(2, "crash")] * 3,
       [(g["moves"][0], g["reason"]) for g in games])


@test
def resign_is_no_forfeit(tmp):
    jl = os.path.join(tmp, "resign.jsonl")
    run("--preset", "classic-2", "--players", "bad,easy", "--engine", f"bad={faulty('resign', 2)}", "--games", "2",
        "--jsonl", jl)
    for g in lines(jl):
        eq("resign: no forfeit", [], g["forfeits"])
        eq("resign: the game's end", "resign", g["end"])
        eq("resign: it loses", [2, 1], g["places"])


@test
def forfeit_on_three_seats(tmp):
    jl = os.path.join(tmp, "three.jsonl")
    run("--preset", "classic-3", "--players", "easy,bad,normal", "--engine", f"bad={faulty('illegal', 0)}",
        "--games", "3", "--jsonl", jl)
    for g in lines(jl):
        eq("classic-3: the forfeit is a resignation that ends the game (resign = ends-game)", "resign", g["end"])
        eq("classic-3: the forfeiting player is last", 3, g["places"][1])


@test
def silent_engine_refused_before_the_first_game(tmp):
    p = run("--preset", "classic-2", "--players", "easy,bad", "--engine", f"bad={faulty('silent')}", check=False,
            timeout=60)
    eq("exit", 1, p.returncode)
    eq("message", "sternhalma: match: engine 'bad': after 'shp': no answer in time", p.stderr.strip())


@test
def engine_options(tmp):
    jl = os.path.join(tmp, "opt.jsonl")
    run("--preset", "classic-2", "--set", "id=endless-2;limit=none;repetition=no;deadline=none",
        "--players", "a,b", "--engine", f"a={TOY}", "--engine", f"b={TOY}", "--engine-option", "a:Style=worst",
        "--engine-option", "b:Style=worst", "--games", "1", "--max-turns", "30", "--jsonl", jl)
    eq("the option made both shuffle: the turn cap", "turn-cap", lines(jl)[0]["end"])
    p = run("--preset", "classic-2", "--players", "a,easy", "--engine", f"a={TOY}", "--engine-option",
            "a:Colour=red", check=False)
    eq("an option the engine does not declare", (1, "sternhalma: match: engine 'a': has no option 'Colour' (its options: Style)"),
       (p.returncode, p.stderr.strip()))


@test
def ccp_engine(tmp):
    # CCP's own table, and classic-2 (any table COMPACT121 carries).
    for table in ("ccerl-2", "classic-2"):
        jl = os.path.join(tmp, f"ccp-{table}.jsonl")
        env_cmd = f"env CCP_TABLE={table} {CCP}"
        p = run("--preset", table, "--players", "ccp,easy", "--engine", f"ccp=ccp:{env_cmd}", "--games", "2",
                "--jsonl", jl, "--json")
        games = lines(jl)
        eq(f"{table}: CCP games without forfeits", [[], []], [g["forfeits"] for g in games])
        eq(f"{table}: W/D/L", list(wdl_from_places(games, 0)), json.loads(p.stdout)["wdl"])
    # The built-in engine behind CCP, against itself behind SHP.
    jl = os.path.join(tmp, "ccp-builtin.jsonl")
    run("--preset", "ccerl-2", "--players", "ccp,shp", "--engine", f"ccp=ccp:{EXE} engine --protocol ccp",
        "--engine", f"shp={EXE} engine", "--engine-option", "ccp:Level=hard", "--engine-option", "shp:Level=normal",
        "--games", "2", "--budget-nodes", "300", "--jsonl", jl)
    games = lines(jl)
    eq("built-in CCP engine: no forfeits", [[], []], [g["forfeits"] for g in games])
    eq("built-in CCP engine: games played out", [True, True], [g["turns"] > 20 for g in games])
    p = run("--preset", "classic-3", "--players", "ccp,easy,easy", "--engine", f"ccp=ccp:{CCP}", check=False)
    eq("CCP on a table COMPACT121 cannot carry: exit 2", 2, p.returncode)
    eq("CCP on a table COMPACT121 cannot carry: says why", True,
       p.stderr.startswith("sternhalma: match: --engine 'ccp' speaks CCP: "))


@test
def builtin_engine(tmp):
    # `sternhalma engine` (docs/protocol.md) behind SHP, on a custom table
    # (the referee sends its `table` line), by nodes and under a clock.
    free = "id=free-2;zones=free"
    for limits in (["--budget-nodes", "300", "--games", "2"], ["--tc", "1+0.05", "--games", "1"]):
        jl = os.path.join(tmp, "builtin.jsonl")
        run("--preset", "classic-2", "--set", free, "--players", "eng,normal", "--engine", f"eng={EXE} engine",
            "--engine-option", "eng:Level=hard", *limits, "--jsonl", jl)
        games = lines(jl)
        eq(f"{limits}: no forfeits", [[]] * len(games), [g["forfeits"] for g in games])
        eq(f"{limits}: a normal end", [True] * len(games), [g["end"] == g["reason"] != "turn-cap" for g in games])
        os.remove(jl)


@test
def teams(tmp):
    jl = os.path.join(tmp, "teams.jsonl")
    p = run("--preset", "pairs-2x2", "--players", "expert,easy,hard,easy", "--games", "4", "--budget-nodes", "200",
            "--jsonl", jl, "--json")
    s = json.loads(p.stdout)
    games = lines(jl)
    for g in games:
        pl = g["places"]
        eq("partners (players 1 and 3, 2 and 4) share places", (pl[0], pl[1]), (pl[2], pl[3]))
    eq("team W/D/L from the first player's team", list(wdl_from_places([{"places": g["places"][:2]} for g in games], 0)),
       s["wdl"])
    eq("partners are not opponents", [None, None], [s["pairwise"][0][2], s["pairwise"][2][0]])
    eq("opponents met in every game", 4, s["pairwise"][0][1]["games"])
    eq("points of 1 over 2 and 2 over 1 add up to the games", 4,
       s["pairwise"][0][1]["points"] + s["pairwise"][1][0]["points"])


@test
def sprt_stops_early(tmp):
    jl = os.path.join(tmp, "sprt.jsonl")
    p = run("--preset", "classic-2", "--players", "expert,easy", "--games", "400", "--budget-nodes", "300",
            "--sprt", "elo0=0,elo1=100", "--jsonl", jl, "--json")
    s = json.loads(p.stdout)
    eq("decision", "H1", s["sprt"]["decision"])
    eq("stopped early", True, s["sprt"]["stopped"] and s["games"] < 400)
    eq("llr past the upper bound", True, s["sprt"]["llr"] >= s["sprt"]["upper"])
    eq("the JSONL has the games counted", s["games"], len(lines(jl)))
    p = run("--preset", "classic-2", "--players", "expert,easy", "--games", "400", "--budget-nodes", "300",
            "--sprt", "elo0=0,elo1=100")
    eq("text: the sprt line", True,
       any(l.startswith("sprt elo0 0 elo1 100 alpha 0.05 beta 0.05: llr ") and l.endswith(": H1, stopped")
           for l in p.stdout.splitlines()))


def full_and_resumed(tmp, name, extra):
    base = ["--preset", "classic-2", "--players", "expert,normal", "--seed", "4", "--budget-nodes", "300", *extra]
    full = os.path.join(tmp, f"{name}-full.jsonl")
    s_full = json.loads(run(*base, "--games", "6", "--jsonl", full, "--json").stdout)
    return base, full, s_full


@test
def resume_after_a_shorter_run(tmp):
    base, full, s_full = full_and_resumed(tmp, "a", [])
    part = os.path.join(tmp, "a-part.jsonl")
    run(*base, "--games", "3", "--jsonl", part)
    eq("first run: 3 games", 3, len(lines(part)))
    s = json.loads(run(*base, "--games", "6", "--jsonl", part, "--resume", "--json").stdout)
    games = lines(part)
    eq("6 distinct games", [1, 2, 3, 4, 5, 6], sorted(g["game"] for g in games))
    eq("the same games as one run", [without_time(g) for g in lines(full)], [without_time(g) for g in games])
    eq("the same summary", summary_without_time(s_full), summary_without_time(s))
    s = json.loads(run(*base, "--games", "6", "--jsonl", part, "--resume", "--json").stdout)
    eq("resuming a finished run plays nothing", 6, len(lines(part)))
    eq("and sums it up the same", summary_without_time(s_full), summary_without_time(s))


@test
def resume_after_a_kill(tmp):
    base, full, s_full = full_and_resumed(tmp, "b", [])
    part = os.path.join(tmp, "b-part.jsonl")
    proc = subprocess.Popen([EXE, "match", *base, "--games", "6", "--jsonl", part], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline:
        if os.path.exists(part) and open(part).read().count("\n") >= 2:
            break
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    had = open(part).read().count("\n")
    eq("the kill came before the end", True, 2 <= had < 6)
    with open(part, "a") as f:
        f.write('{"game": 9, "players": ["exp')  # a line cut short by the kill
    s = json.loads(run(*base, "--games", "6", "--jsonl", part, "--resume", "--json").stdout)
    games = lines(part)
    eq(f"killed after {had} games, resumed: 6 distinct games", [1, 2, 3, 4, 5, 6], sorted(g["game"] for g in games))
    eq("the same summary as one run", summary_without_time(s_full), summary_without_time(s))


@test
def resume_refuses_another_match(tmp):
    jl = os.path.join(tmp, "other.jsonl")
    run("--preset", "classic-2", "--players", "easy,normal", "--games", "2", "--jsonl", jl)
    p = run("--preset", "classic-2", "--players", "easy,normal", "--games", "2", "--seed", "9", "--jsonl", jl,
            "--resume", check=False)
    eq("another seed: exit 1", 1, p.returncode)
    eq("another seed: says the line", True, p.stderr.startswith(
        f"sternhalma: match: --resume '{jl}': line 1: a game of another match: ") if len(jl) <= 60 else True)
    p = run("--preset", "classic-2", "--players", "easy,normal", "--games", "2", "--jsonl", jl, check=False)
    eq("without --resume an existing run is not overwritten", 1, p.returncode)
    eq("and it says so", True, "has games already: --resume continues that run" in p.stderr)
    bad = os.path.join(tmp, "bad.jsonl")
    with open(bad, "w") as f:
        f.write("not json\n")
    p = run("--preset", "classic-2", "--players", "easy,normal", "--jsonl", bad, "--resume", check=False)
    eq("a broken line: exit 1 and where", (1, True), (p.returncode, "line 1: JSON byte 1: not a value" in p.stderr))


@test
def concurrency_gives_the_same_games(tmp):
    out = {}
    for c in ("1", "2"):
        jl, rec = os.path.join(tmp, f"c{c}.jsonl"), os.path.join(tmp, f"rec{c}")
        s = json.loads(run("--preset", "classic-2", "--players", "expert,hard", "--games", "6", "--seed", "7",
                           "--budget-nodes", "300", "--concurrency", c, "--jsonl", jl, "--record", rec,
                           "--json").stdout)
        recs = {n: open(os.path.join(rec, n)).read() for n in sorted(os.listdir(rec))}
        out[c] = ([without_time(g) for g in lines(jl)], recs, summary_without_time(s))
    eq("JSONL lines", out["1"][0], out["2"][0])
    eq("records", out["1"][1], out["2"][1])
    eq("summary", out["1"][2], out["2"][2])
    eq("6 records", 6, len(out["1"][1]))
    # Engines run as processes, one per worker and player.
    outs = []
    for c in ("1", "2"):
        jl = os.path.join(tmp, f"e{c}.jsonl")
        run("--preset", "classic-2", "--players", "toy,normal", "--engine", f"toy={TOY}", "--games", "4",
            "--concurrency", c, "--jsonl", jl)
        outs.append([without_time(g) for g in lines(jl)])
    eq("engine games on 1 and 2 workers", outs[0], outs[1])
    p = run("--preset", "classic-2", "--players", "easy,easy", "--games", "2", "--threads", "2")
    eq("--threads is --concurrency's other name", True, p.stdout.startswith("match classic-2: 2 games, seed 1, default budgets, concurrency 2"))


@test
def games_range(tmp):
    full, part = os.path.join(tmp, "r-full.jsonl"), os.path.join(tmp, "r-part.jsonl")
    base = ["--preset", "classic-2", "--players", "expert,normal", "--games", "6", "--seed", "2", "--budget-nodes", "300"]
    run(*base, "--jsonl", full)
    s = json.loads(run(*base, "--games-range", "2:4", "--jsonl", part, "--json").stdout)
    eq("games 3 and 4 only", [3, 4], [g["game"] for g in lines(part)])
    eq("the same games as in the full run", [without_time(g) for g in lines(full)[2:4]],
       [without_time(g) for g in lines(part)])
    eq("summary of 2 games", (2, [2, 4]), (s["games"], s["games_range"]))


@test
def openings(tmp):
    path = os.path.join(tmp, "openings.txt")
    # Two positions of classic-2 a move or two from the start.
    pos1 = "classic-2 W W:k3,l2,m2,k4,l3,m3,j4,l4,m4,m5 K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0"
    pos2 = "classic-2 K W:m1,l2,m2,k3,l3,m3,j4,k4,l4,n5 K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0"
    with open(path, "w") as f:
        f.write(f"# two openings\n\n{pos1}\n{pos2}\n")
    jl, rec = os.path.join(tmp, "open.jsonl"), os.path.join(tmp, "open-rec")
    run("--preset", "classic-2", "--players", "hard,normal", "--games", "4", "--openings", path, "--jsonl", jl,
        "--record", rec)
    games = lines(jl)
    eq("each opening twice, the seats swapped", [(1, ["W", "K"]), (1, ["K", "W"]), (2, ["W", "K"]), (2, ["K", "W"])],
       [(g["opening"], g["seats"]) for g in games])
    first = open(os.path.join(rec, "game-0003.txt")).read()
    eq("a record from an opening is its position line", True, first.startswith(f"position {pos2} moves "))
    with open(path, "a") as f:
        f.write("classic-2 W W:zz9 K:e17 0\n")
    p = run("--preset", "classic-2", "--players", "hard,normal", "--openings", path, check=False)
    eq("a bad opening: exit 1, its line", (1, True),
       (p.returncode, f"line 5: position field 3 'W:zz9': unknown cell 'zz9'" in p.stderr))


@test
def tc_builtin_players_never_lose_on_time(tmp):
    jl = os.path.join(tmp, "tc.jsonl")
    p = run("--preset", "classic-2", "--players", "expert,hard", "--games", "2", "--tc", "1.5+0.05", "--jsonl", jl)
    eq("header", True, p.stdout.startswith("match classic-2: 2 games, seed 1, tc 1500+50 ms, concurrency 1"))
    for g in lines(jl):
        eq("no loss on time", [], g["forfeits"])
        eq("a normal end", True, g["end"] in ("all-placed", "last-reply", "limit", "repetition", "no-moves"))


@test
def tc_engine_hangs_loses_on_time(tmp):
    jl = os.path.join(tmp, "tc-hang.jsonl")
    run("--preset", "classic-2", "--players", "easy,bad", "--engine", f"bad={faulty('hang')}", "--games", "1",
        "--tc", "0.2", "--jsonl", jl)
    g = lines(jl)[0]
    eq("the flag, as time-forfeit", ("time-forfeit", [2, "time-forfeit"]),
       (g["reason"], [g["forfeits"][0]["player"], g["forfeits"][0]["reason"]]))
    eq("classic-2's flag rule: a resignation", ("resign", [1, 2]), (g["end"], g["places"]))


@test
def turn_cap(tmp):
    jl, rec = os.path.join(tmp, "cap.jsonl"), os.path.join(tmp, "cap-rec")
    endless = "id=endless-2;limit=none;repetition=no;deadline=none"
    run("--preset", "classic-2", "--set", endless, "--players", "w1,w2", "--engine", f"w1={WORST}",
        "--engine", f"w2={WORST}", "--games", "2", "--max-turns", "40", "--jsonl", jl, "--record", rec)
    for g in lines(jl):
        eq("turn cap: ended there, both share place 1", ("turn-cap", 40, [1, 1]), (g["end"], g["turns"], g["places"]))
    r = subprocess.run([EXE, "replay", os.path.join(rec, "game-0001.txt"), "--preset", "classic-2", "--set", endless],
                       capture_output=True, text=True)
    eq("the capped game's record replays", 0, r.returncode)
    p = subprocess.run([EXE, "play", "--preset", "classic-2", "--set", endless, "--quiet", "--max-turns", "12"],
                       capture_output=True, text=True)
    eq("play: the turn cap", ["12 turns, stopped by the turn cap: the seats not placed share a place", "place 1 W",
                              "place 1 K"], p.stdout.splitlines()[-3:])


@test
def unwritable_outputs_refused_first(tmp):
    blocker = os.path.join(tmp, "a-file")
    open(blocker, "w").close()
    for args, msg in [
        (["--record", os.path.join(blocker, "sub")], f"--record '{os.path.join(blocker, 'sub')}': cannot create the directory"),
        (["--record", "/proc/self"], "--record '/proc/self': the directory is not writable"),
        (["--jsonl", os.path.join(blocker, "x.jsonl")], "cannot open the file for writing"),
    ]:
        # A slow match: were it started, the test would notice the time.
        t0 = time.time()
        p = run("--preset", "classic-2", "--players", "expert,expert", "--games", "1000", *args, check=False)
        eq(f"{args[0]}: exit 1", 1, p.returncode)
        eq(f"{args[0]}: message", True, msg in p.stderr and p.stderr.count("\n") == 1)
        eq(f"{args[0]}: no game played", True, time.time() - t0 < 5)


@test
def out_of_memory_is_a_clean_error(tmp):
    # Under a ceiling of address space the workers run out of memory (or of
    # thread stacks) at some point: whatever the ceiling, the match either
    # finishes or ends with one clean line and exit 1, never a signal.
    import re
    import resource
    if "libasan" in os.environ.get("LD_PRELOAD", ""):
        # AddressSanitizer reserves terabytes of address space at start: an
        # address-space ceiling tests the sanitizer, not the match.
        return
    clean = re.compile(r"^sternhalma: (match: )?(cannot start a worker thread: .*|game \d+: out of memory|out of memory)$")
    hit = 0
    for kb in range(8000, 42000, 3000):
        def limit(kb=kb):
            resource.setrlimit(resource.RLIMIT_AS, (kb * 1024, kb * 1024))
        probe = subprocess.run([EXE, "presets"], capture_output=True, preexec_fn=limit)
        if probe.returncode != 0:
            continue  # the program cannot start at all under this ceiling (or a sanitizer's needs)
        p = subprocess.run([EXE, "match", "--preset", "classic-2", "--players", "expert,expert", "--games", "4",
                            "--budget-nodes", "100", "--concurrency", "8"], capture_output=True, text=True,
                           preexec_fn=limit, timeout=300)
        eq(f"{kb} kB: exit 0 or 1", True, p.returncode in (0, 1))
        if p.returncode == 1:
            last = p.stderr.splitlines()[-1]
            eq(f"{kb} kB: a clean last line", True, bool(clean.match(last)))
            hit += 1
    eq("some ceiling ran out of memory", True, hit > 0)


BAD_ARGS = [  # args, the first line of stderr (exit 2)
    (["--players", "easy,easy"], "match: --preset ID is required"),
    (["--preset", "classic-2"], "match: --players P1,P2[,...] is required"),
    (["--preset", "classic-2", "--players", "easy,x"], "match: --players: player 2 'x' is not a level (easy, normal, hard, expert) or an --engine"),
    (["--preset", "classic-2", "--players", "easy,easy", "--games", "0"], "match: --games '0': expected a number from 1 to 1000000"),
    (["--preset", "classic-2", "--players", "easy,easy", "--concurrency", "0"], "match: --concurrency '0': expected a number from 1 to 256"),
    (["--preset", "classic-2", "--players", "easy,easy", "--concurrency", "2", "--threads", "2"], "match: --threads is another name of --concurrency: give one"),
    (["--preset", "classic-2", "--players", "easy,easy", "--movetime", "10", "--budget-ms", "10"], "match: --budget-ms is another name of --movetime: give one"),
    (["--preset", "classic-2", "--players", "easy,easy", "--movetime", "0"], "match: --movetime '0': expected a number from 1 to 3600000"),
    (["--preset", "classic-2", "--players", "easy,easy", "--tc", "abc"], "match: --tc 'abc': expected SECONDS[+INCREMENT], e.g. 60+0.5 (at most 3 decimals, a reserve of at least 0.001)"),
    (["--preset", "classic-2", "--players", "easy,easy", "--tc", "1+0.0001"], "match: --tc '1+0.0001': expected SECONDS[+INCREMENT], e.g. 60+0.5 (at most 3 decimals, a reserve of at least 0.001)"),
    (["--preset", "classic-2", "--players", "easy,easy", "--tc", "10", "--movetime", "5"], "match: --tc and --movetime are two time controls: give one"),
    (["--preset", "classic-2", "--players", "easy,easy", "--max-turns", "0"], "match: --max-turns '0': expected a number from 1 to 20000"),
    (["--preset", "classic-2", "--players", "easy,easy", "--games", "4", "--games-range", "3:2"], "match: --games-range '3:2': expected A:B with 0 <= A < B <= --games (4): games A+1 to B of the schedule"),
    (["--preset", "classic-2", "--players", "easy,easy", "--games", "4", "--games-range", "0:5"], "match: --games-range '0:5': expected A:B with 0 <= A < B <= --games (4): games A+1 to B of the schedule"),
    (["--preset", "classic-2", "--players", "easy,easy", "--sprt", "elo0=5"], "match: --sprt 'elo0=5': needs elo0=A and elo1=B"),
    (["--preset", "classic-2", "--players", "easy,easy", "--sprt", "elo0=5,elo1=0"], "match: --sprt 'elo0=5,elo1=0': expected -1000 <= elo0 < elo1 <= 1000"),
    (["--preset", "classic-2", "--players", "easy,easy", "--sprt", "elo0=0,elo1=5,alpha=0.7"], "match: --sprt 'elo0=0,elo1=5,alpha=0.7': alpha and beta lie between 0 and 0.5"),
    (["--preset", "classic-2", "--players", "easy,easy", "--sprt", "elo0=0,elo1=5,gamma=1"], "match: --sprt 'elo0=0,elo1=5,gamma=1': unknown 'gamma' (elo0, elo1, alpha, beta)"),
    (["--preset", "classic-3", "--players", "easy,easy,easy", "--sprt", "elo0=0,elo1=5"], "match: --sprt needs two players (classic-3 has 3 seats)"),
    (["--preset", "classic-2", "--players", "easy,easy", "--resume"], "match: --resume needs --jsonl FILE (the run to continue)"),
    (["--preset", "classic-2", "--players", "easy,easy", "--jsonl", ""], "match: --jsonl needs a file name, not ''"),
    (["--preset", "classic-2", "--players", "easy,easy", "--engine", "noequals"], "match: --engine 'noequals': expected NAME=COMMAND or NAME=ccp:COMMAND, NAME of 1 to 32 letters, digits, '-', '_', '.'"),
    (["--preset", "classic-2", "--players", "easy,easy", "--engine", "easy=foo"], "match: --engine 'easy=foo': easy is a built-in level's name"),
    (["--preset", "classic-2", "--players", "easy,easy", "--engine", "a=foo", "--engine", "a=bar"], "match: --engine 'a' is defined twice"),
    (["--preset", "classic-2", "--players", "easy,easy", "--engine", "a= "], "match: --engine 'a= ': the command is empty"),
    (["--preset", "classic-2", "--players", "easy,easy", "--engine", "a=foo\nbar"], "match: --engine 'a=foo\\x0abar': the command has a control character"),
    (["--preset", "classic-2", "--players", "easy,easy", "--engine-option", "a:X=1"], "match: --engine-option 'a:X=1': no --engine named 'a'"),
    (["--preset", "classic-2", "--players", "easy,easy", "--engine", "a=foo", "--engine-option", "a=1"], "match: --engine-option 'a=1': expected NAME:OPT=VALUE"),
    (["--preset", "classic-2", "--players", "easy,easy", "--engine", "a=foo", "--engine-option", "a:X=1\n2"], "match: --engine-option 'a:X=1\\x0a2': an option name has no spaces, and neither has control characters"),
    (["--preset", "classic-2", "--players", "easy,easy", "--frob"], "match: unknown argument '--frob' (options: "),
    (["--preset", "classic-2", "--players", "easy,easy", "--games"], "match: --games needs a value"),
    (["--preset", "classic-2", "--players", "easy,easy", "--seed", "1", "--seed", "2"], "match: --seed is given twice"),
]


@test
def bad_arguments(tmp):
    for args, msg in BAD_ARGS:
        p = run(*args, check=False)
        first = p.stderr.splitlines()[0] if p.stderr else ""
        eq(f"{args}: exit", 2, p.returncode)
        eq(f"{args}: message", True, first.startswith("sternhalma: " + msg))
        eq(f"{args}: the usage follows", True, "usage: sternhalma match" in p.stderr)
    p = run("--preset", "classic-2", "--players", "easy,easy", "--openings", "/nonexistent/o.txt", check=False)
    eq("missing openings file", (1, "sternhalma: match: --openings '/nonexistent/o.txt': cannot open the file"),
       (p.returncode, p.stderr.strip()))
    big = os.path.join(tmp, "big")
    with open(big, "wb") as f:
        f.truncate((16 << 20) + 1)  # sparse: the ceiling is checked before a byte is read
    p = run("--preset", "classic-2", "--players", "easy,easy", "--openings", big, check=False)
    eq("an openings file past its ceiling", (1, f"sternhalma: match: --openings '{big}': 16777217 bytes, more than the 16777216 it may have"),
       (p.returncode, p.stderr.strip()))
    with open(big, "wb") as f:
        f.truncate((256 << 20) + 1)
    p = run("--preset", "classic-2", "--players", "easy,easy", "--jsonl", big, "--resume", check=False)
    eq("a --resume file past its ceiling", (1, f"sternhalma: match: --resume '{big}': 268435457 bytes, more than the 268435456 a --resume file may have"),
       (p.returncode, p.stderr.strip()))
    p = run("--preset", "classic-2", "--players", "a,easy", "--engine", "a=/nonexistent/engine", check=False, timeout=60)
    eq("an engine that cannot start: exit 1", 1, p.returncode)
    eq("an engine that cannot start: says so", True, p.stderr.startswith("sternhalma: match: engine 'a': after 'shp': "))


def main():
    names = sys.argv[2:]
    failed = 0
    for t in TESTS:
        if names and t.__name__ not in names:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.time()
            try:
                t(tmp)
                print(f"ok   {t.__name__} ({time.time() - t0:.1f} s)")
            except Exception as e:  # a failed check, or the program misbehaving
                failed += 1
                print(f"FAIL {t.__name__}: {e}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
