"""`sternhalma engine`: the engine protocol (docs/protocol.md) end to end.

Run by meson as the other CLI tests are (the PATH's python3, standard library
only), with the built CLI as the argument and the Python binding on
PYTHONPATH/STERNHALMA_LIB (as capi-python): the binding is the in-process
side the protocol's games are compared with, and the judge of legal moves
besides `sternhalma moves`.
"""
import os
import re
import select
import subprocess
import sys
import tempfile
import time
import unittest

import sternhalma as sh

EXE = None  # the built CLI, from argv
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "protocol.md")
# Under the sanitizers (scripts/sanitize.sh preloads their runtimes) the
# engine is the instrumented build, several times slower, and shares the
# cores with a second suite.
SANITIZED = "libasan" in os.environ.get("LD_PRELOAD", "")
# Seconds before a missing answer fails the test (no timing is asserted):
# under the sanitizers expert on 16 threads to 20 000 nodes on six seats
# took over 60 s.
WAIT = 300.0 if SANITIZED else 60.0


class Engine:
    """One engine process and its lines, read with a timeout."""

    def __init__(self, *argv, cmd=None, env=None):
        self.p = subprocess.Popen(cmd or [EXE, "engine", *argv], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.buf = b""

    def send(self, *lines):
        for line in lines:
            self.p.stdin.write(line.encode() if isinstance(line, str) else line)
            self.p.stdin.write(b"\n")
        self.p.stdin.flush()

    def line(self, wait=WAIT):
        end = time.monotonic() + wait
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.p.stdout], [], [], left)[0]:
                raise AssertionError(f"no line from the engine in {wait} s (so far {self.buf!r})")
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                raise AssertionError(f"the engine closed its output (so far {self.buf!r})")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode()

    def until(self, prefix):
        """Lines up to and including the first that starts with prefix."""
        lines = []
        while not lines or not lines[-1].startswith(prefix):
            lines.append(self.line())
        return lines

    def ask(self, *lines):
        """Sends lines, then isready: every line the engine wrote before readyok."""
        self.send(*lines, "isready")
        return self.until("readyok")[:-1]

    def bestmove(self, *lines):
        self.send(*lines)
        out = self.until("bestmove")
        errors = [l for l in out if l.startswith("info error")]
        if errors:
            raise AssertionError(f"the engine refused a line: {errors}")
        return out[-1].split(" ", 1)[1], out[:-1]

    def close(self):
        if self.p.poll() is None:
            try:
                self.send("quit")
            except BrokenPipeError:
                pass
        rc = self.p.wait(timeout=WAIT)
        self.stderr = self.p.stderr.read()
        for f in (self.p.stdout, self.p.stderr, self.p.stdin):
            f.close()
        return rc


def read_doc():
    with open(DOC, encoding="utf-8") as f:
        return f.read()


def cli_moves(position_text, *extra):
    """The legal moves `sternhalma moves` lists (canonical paths)."""
    out = subprocess.run([EXE, "moves", *extra, position_text], capture_output=True, text=True, check=True)
    return out.stdout.split()


def doc_option_lines():
    text = read_doc()
    block = re.search(r"Options \(answered to .*?```text\n(.*?)```", text, re.S).group(1)
    return block.strip().splitlines()


def project_version():
    """The one version: the top meson.build's."""
    with open(os.path.join(ROOT, "meson.build"), encoding="utf-8") as f:
        return re.search(r"version : '([^']+)'", f.read()).group(1)


def record_tokens(game):
    """Every action of the game so far, as a record writes them."""
    return game.record(per_line=0).split()[2:]


class Session(unittest.TestCase):
    def setUp(self):
        self.e = Engine()

    def tearDown(self):
        self.assertEqual(self.e.close(), 0)
        self.assertEqual(self.e.stderr, b"")  # the engine writes nothing there

    def test_handshake_is_the_documented_one(self):
        self.e.send("shp")
        lines = self.e.until("shpok")
        self.assertEqual(lines[0], "id name sternhalma " + project_version())
        self.assertEqual(lines[1], "id author the sternhalma authors")
        self.assertEqual(lines[2:-1], doc_option_lines())
        self.assertEqual(lines[-1], "shpok")

    def test_a_position_with_moves_gets_a_legal_bestmove(self):
        self.e.send("shp")
        self.e.until("shpok")
        self.assertEqual(self.e.ask("setoption name Level value hard", "setoption name seed value 7",
                                    "newgame"), [])
        best, info = self.e.bestmove("position classic-2 moves m3-m5 f15-f13", "go nodes 3000")
        self.assertEqual(len(info), 1)
        self.assertRegex(info[0], r"^info depth \d+ nodes \d+ time \d+$")
        self.assertLessEqual(int(info[0].split()[4]), 3000)
        game = sh.Game("classic-2")
        game.apply("m3-m5")
        game.apply("f15-f13")
        self.assertIn(best, cli_moves(game.position.text))
        # A full position line with moves, record tokens of every kind.
        pos = "classic-2 W W:m1,m2,m3,l2,l3,l4,k3,k4,k5,j4 K:e13,f13,e14,g13,f14,e15,h13,g14,f15,e16 0"
        best, _ = self.e.bestmove(f"position {pos} moves k5-k6 e13-e12", "go nodes 500")
        game = sh.Game.from_position(sh.Position(pos))
        game.apply("k5-k6")
        game.apply("e13-e12")
        self.assertIn(best, cli_moves(game.position.text))

    def test_every_bad_line_is_an_error_that_changes_nothing(self):
        self.e.ask("setoption name Level value normal", "position classic-2 moves m3-m5")
        bad = {
            "foo": "unknown command 'foo'",
            "setoption": "setoption: expected 'setoption name <name> value <value>'",
            "setoption name": "setoption: no option name",
            "setoption name Level": "setoption: 'Level' needs 'value <value>'",
            "setoption name Colour value red":
                "setoption: unknown option 'Colour' (options: Level, Seed, Nodes, MoveTime, Threads)",
            "setoption name Level value grandmaster":
                "setoption: Level 'grandmaster': expected easy, normal, hard or expert",
            "setoption name Seed value -1": "setoption: Seed '-1': expected a number 0..9223372036854775807",
            "setoption name Nodes value 1000000001": "setoption: Nodes '1000000001': expected a number 0..1000000000",
            "setoption name MoveTime value 1e3": "setoption: MoveTime '1e3': expected a number 0..3600000",
            "setoption name Threads value 0": "setoption: Threads '0': expected a number 1..16",
            "setoption name Threads value 17": "setoption: Threads '17': expected a number 1..16",
            "newgame now": "newgame: takes no arguments",
            "position": "position: expected 'position <position> [moves <token> ...]'",
            "position nope": "position: unknown table 'nope' (a preset id, or one defined by a table line)",
            "position classic-2 moves m1-m5":
                "position: moves token 1 'm1-m5': 'm1-m5': m5 is not a jump landing from m1",
            "position classic-2 moves m3-m5 pass":
                "position: moves token 2 'pass': K to move has a legal move and may not pass",
            "position classic-2 moves Q:resign": "position: moves token 1 'Q:resign': not a seat letter before ':'",
            "position classic-2 moves W:nap": "position: moves token 1 'W:nap': expected X:resign or X:flag",
            "position classic-2 moves W:resign m3-m5":
                "position: moves token 2 'm3-m5': the game is already over (resign)",
            "position classic-2 X": None,  # the library's position error, whatever its words
            "table": "table: expected 'table <preset> <settings>' (settings: id=NAME;option=value;...)",
            "table nope id=x": "table: unknown preset 'nope' (list: sternhalma presets)",
            "go depth 4": "go: depth is not a limit of the built-in players (use nodes or movetime)",
            "go nodes": "go: nodes needs a value",
            "go nodes 0": "go: nodes '0': expected a number 1..1000000000",
            "go nodes 5 nodes 6": "go: nodes is given twice",
            "go movetime 3600001": "go: movetime '3600001': expected a number 1..3600000",
            "go ponder": "go: unknown keyword 'ponder' (go [nodes N] [movetime MS] [clock <SEAT> <MS> ...] [inc MS])",
            "go clock": "go: clock needs '<SEAT> <MS>' pairs (seat letters W R B K Y G)",
            "go clock W 100 W 200": "go: clock W is given twice",
            "go clock W x": "go: clock: W 'x': expected a number 0..1000000000000",
            "go clock W 1000": "go: no clock for K, the seat to move",
            "go inc 5 inc 5": "go: inc is given twice",
        }
        for line, want in bad.items():
            with self.subTest(line=line):
                out = self.e.ask(line)
                self.assertEqual(len(out), 1, out)
                self.assertTrue(out[0].startswith("info error "), out)
                if want is not None:
                    self.assertEqual(out[0], "info error " + want)
        # Nothing changed: still normal, still K to move after m3-m5.
        game = sh.Game("classic-2")
        game.apply("m3-m5")
        best, _ = self.e.bestmove("go")
        self.assertEqual(best, game.position.format_move(sh.Player("normal", seed=0).choose(game)))

    def test_go_needs_a_position_and_a_game_not_over(self):
        self.assertEqual(self.e.ask("go"), ["info error go: no position (send position first)"])
        self.assertEqual(self.e.ask("position classic-2 moves K:resign"),
                         [])
        self.assertEqual(self.e.ask("go"), ["info error go: the game is over (resign)"])
        self.assertEqual(self.e.ask("position classic-2", "newgame", "go"),
                         ["info error go: no position (send position first)"])

    def test_a_clock_gives_the_budget(self):
        self.e.ask("setoption name Level value expert", "position classic-2")
        best, info = self.e.bestmove("go clock W 60000 K 58500 inc 500")
        self.assertIn(best, cli_moves("classic-2"))
        self.assertRegex(info[-1], r"^info depth \d+ nodes \d+ time \d+$")

    def test_threads_play_legal_moves_within_the_node_budget(self):
        # The node budget counts the main thread's nodes (player.h). Six seats in
        # teams: the best-reply search, whose iterations the threads share.
        for threads in (1, 2, 16):
            self.e.ask("setoption name Level value expert", f"setoption name Threads value {threads}",
                       "position three-pairs")
            best, info = self.e.bestmove("go nodes 20000")
            self.assertIn(best, cli_moves("three-pairs"))
            nodes = int(re.match(r"^info depth \d+ nodes (\d+) time \d+$", info[-1]).group(1))
            self.assertLessEqual(nodes, 20000)

    def test_a_custom_table(self):
        self.assertEqual(self.e.ask("table classic-2 id=open-2;zones=free", "setoption name Level value hard"), [])
        rules = sh.Rules("classic-2")
        rules.set_options("id=open-2;zones=free")
        game = sh.Game(rules)
        for m in ("m3-m5", "e14-e13"):
            game.apply(m)
        best, _ = self.e.bestmove("position open-2 moves m3-m5 e14-e13", "go nodes 2000")
        game.apply(best)  # raises when not legal on open-2
        # The table's own position text, and a redefinition that replaces it.
        best, _ = self.e.bestmove(f"position {game.position.text}", "go nodes 2000")
        sh.Game.from_position(sh.Position(game.position.text, rules)).apply(best)
        self.assertEqual(self.e.ask("table table-3 id=open-2;zones=free"), [])
        out = self.e.ask(f"position {game.position.text}")
        self.assertEqual(len(out), 1)
        self.assertTrue(out[0].startswith("info error position: "), out)
        # Settings without an id of their own get the library's derived id
        # (a preset's id is never a custom table's).
        self.assertEqual(self.e.ask("table classic-2 zones=free"), [])
        derived = sh.Rules("classic-2")
        derived.set_options("zones=free")
        derived.derive_id()
        self.assertNotEqual(derived.id, "classic-2")
        self.assertEqual(self.e.ask(f"position {derived.id}"), [])

    def test_a_line_that_goes_on_from_the_last_is_the_same_game(self):
        # K, walled in on its tip, passes after every W move: the record's
        # pass tokens, played on from the last line and from the start.
        pos = "classic-2 W W:e16,f16,e15,g15,m1 K:e17 0"
        lines = [f"position {pos} moves m1-m2", f"position {pos} moves m1-m2 pass m2-m3",
                 f"position {pos} moves m1-m2 pass m2-m3 pass", f"position {pos} moves m1-m2 pass m2-m3 pass m3-m4"]
        fresh = Engine()
        try:
            for n, line in enumerate(lines):
                with self.subTest(line=line):
                    self.assertEqual(self.e.ask(line), [])
                    setup = ["setoption name Level value expert", "setoption name Seed value 3", "newgame"]
                    self.assertEqual(fresh.ask(*setup, line), [])
                    on, _ = self.e.bestmove("go nodes 300")
                    anew, _ = fresh.bestmove("go nodes 300")
                    self.assertEqual(on, anew)
                    self.e.ask(*setup)  # both players start from the seed again ...
                    self.assertEqual(self.e.ask(*lines[:n + 1]), [])  # ... and the game is rebuilt
            # A line that does not go on (a different last token) is read anew.
            self.assertEqual(self.e.ask(f"position {pos} moves m1-m2 pass m2-m1"), [])
            game = sh.Game.from_position(sh.Position(pos))
            for t in ("m1-m2", "m2-m1"):
                game.apply(t)
            best, _ = self.e.bestmove("go nodes 300")
            game.parse_move(best)
            # An error in the new tokens: the last game stays.
            out = self.e.ask(f"position {pos} moves m1-m2 pass m2-m1 pass pass")
            self.assertEqual(out, ["info error position: moves token 5 'pass': W to move has a legal move and may not pass"])
            best, _ = self.e.bestmove("go nodes 300")
            game.parse_move(best)
        finally:
            self.assertEqual(fresh.close(), 0)

    def test_the_tables_of_a_session_have_a_ceiling(self):
        out = self.e.ask(*[f"table classic-2 id=t{i};zones=free" for i in range(64)])
        self.assertEqual(out, [])
        self.assertEqual(self.e.ask("table classic-2 id=t64;zones=free"),
                         ["info error table: 64 tables are defined already, the most a session may have"])
        self.assertEqual(self.e.ask("table classic-2 id=t0;zones=closed"), [])  # replacing is not one more


class ProtocolPlayIsInProcessPlay(unittest.TestCase):
    """A seeded game through two engine processes (one per seat) with node
    budgets, move by move against the same players in this process."""

    def play(self, preset, players, nodes, turns):
        engines = {}
        for seat, (level, seed) in players.items():
            e = Engine()
            e.ask(f"setoption name Level value {level}", f"setoption name Seed value {seed}", "newgame")
            engines[seat] = e
        local = {seat: sh.Player(level, seed=seed, nodes=nodes) for seat, (level, seed) in players.items()}
        game = sh.Game(preset)
        try:
            played = 0
            while not game.is_over and played < turns:
                seat = game.to_move
                tokens = " ".join(record_tokens(game))
                best, _ = engines[seat].bestmove(f"position {preset}" + (f" moves {tokens}" if tokens else ""),
                                                 f"go nodes {nodes}")
                want = game.position.format_move(local[seat].choose(game))
                self.assertEqual(best, want, f"turn {game.turns}, seat {sh.seat_letter(seat)}")
                game.apply(best)
                played += 1
            return game, engines
        finally:
            for e in engines.values():
                self.assertEqual(e.close(), 0)

    def test_hard_against_expert(self):
        w, k = sh.seat_from_letter("W"), sh.seat_from_letter("K")
        game, _ = self.play("classic-2", {w: ("hard", 11), k: ("expert", 12)}, 1500, 400)
        self.assertTrue(game.is_over)

    def test_expert_against_hard_on_three_seats_and_newgame_restarts(self):
        rules = sh.Rules("classic-3")
        seats = rules.seats
        players = {seats[0]: ("expert", 5), seats[1]: ("hard", 6), seats[2]: ("expert", 7)}
        self.play("classic-3", players, 800, 30)
        # newgame in the same process: the same first moves again.
        e = Engine()
        try:
            e.ask("setoption name Level value expert", "setoption name Seed value 5")
            first = [e.bestmove("position classic-3", "go nodes 800")[0] for _ in range(2)]
            e.ask("newgame")
            again = e.bestmove("position classic-3", "go nodes 800")[0]
            self.assertEqual(again, first[0])
        finally:
            self.assertEqual(e.close(), 0)


class Ccp(unittest.TestCase):
    def setUp(self):
        if "ccerl-2" not in sh.presets():
            self.skipTest("this build has no ccerl-2 table")
        self.e = Engine("--protocol", "ccp")

    def tearDown(self):
        self.assertEqual(self.e.close(), 0)

    def test_handshake(self):
        self.e.send("ccp")
        lines = self.e.until("ccpok")
        self.assertRegex(lines[0], r"^id name sternhalma ")
        self.assertEqual(lines[2:-1], doc_option_lines())

    def test_a_suite_position_gets_a_legal_path_of_indices(self):
        for name, cells, player, ply, count in SUITE:
            with self.subTest(position=name):
                self.assertEqual(len(cells), 121)
                legal = cli_moves(compact_to_text(cells, player, ply))
                self.assertEqual(len(legal), count)  # the board read as the suite means it
                best, _ = self.e.bestmove(f"position cells {cells} player {player} ply {ply}", "go nodes 2000")
                self.assertRegex(best, r"^\d+(-\d+)+$")
                names = "-".join(sh.cell_name(int(i)) for i in best.split("-"))
                self.assertIn(names, legal)

    def test_startpos_and_clocks(self):
        best, _ = self.e.bestmove("position startpos", "go wtime 60000 btime 60000 winc 100 binc 100")
        names = "-".join(sh.cell_name(int(i)) for i in best.split("-"))
        self.assertIn(names, cli_moves("ccerl-2"))

    def test_errors(self):
        bad = {
            "position": None,
            "position startpos moves 1-2": None,
            "position cells 000 player 0 ply 0": None,
            "position cells " + "." * 121 + " player 2 ply 0": "position: player '2': expected 0 or 1",
            "go depth 3": "go: depth is not a limit of the built-in players (use nodes or movetime)",
            "go clock W 5": None,
            "table classic-2 id=x": "unknown command 'table'",
        }
        for line, want in bad.items():
            with self.subTest(line=line):
                out = self.e.ask(line)
                self.assertEqual(len(out), 1, out)
                self.assertTrue(out[0].startswith("info error "), out)
                if want:
                    self.assertEqual(out[0], "info error " + want)


# Four positions of the CCERL-2P10-v2 suite (official_elo_v2.jsonl of
# jphilleo/jumpstar-chinese-checkers-engine, MIT, copyright Joe Philleo):
# id, cells, player, ply and the published legal-move count.
SUITE = [
    ("official_elo_v2_0023", ".00...0.........0..........0...............0...1101...0..00...................1."
     "..............1.......1.1.1...........11.", 0, 24, 60),
    ("official_elo_v2_0034", "0.0..00000.....0..............0..........0....................................1."
     ".........1............1.1......1.1111..1.", 0, 24, 40),
    ("official_elo_v2_0035", ".00...............0.....1.0..0.0......00.0....1..0..........................1..."
     ".........1................1....1111.1....", 0, 24, 58),
    ("official_elo_v2_0041", ".00...0.00......0.....................................0...01....0..0...1........"
     ".1.......1.1..1.......1.1.............11.", 0, 24, 54),
]


def compact_to_text(cells, player, ply):
    """The SPEC §8 line of a COMPACT121 board, written here independently."""
    w = [sh.cell_name(i) for i, ch in enumerate(cells) if ch == "0"]
    k = [sh.cell_name(i) for i, ch in enumerate(cells) if ch == "1"]
    return f"ccerl-2 {'WK'[player]} W:{','.join(w)} K:{','.join(k)} {ply // 2}"


class Hostile(unittest.TestCase):
    def setUp(self):
        self.e = Engine()

    def tearDown(self):
        self.assertEqual(self.e.close(), 0)
        self.assertEqual(self.e.stderr, b"")

    def test_garbage(self):
        for junk in (b"\x00\x01\x02", b"\xff\xfe position", b"\x1b[31m red", b"go\x00 nodes 5",
                     b"   ", b"\t\t", b"position classic-2 moves " + b"\x00" * 50):
            with self.subTest(junk=junk):
                self.e.send(junk, "isready")
                out = self.e.until("readyok")[:-1]
                self.assertTrue(all(l.startswith("info error ") for l in out), out)
                for l in out:
                    self.assertNotIn("\x1b", l)
                    self.assertLess(len(l), 600)  # echoed input is cut (sternhalma/text.h quote)

    def test_crlf_lines(self):
        self.e.send(b"position classic-2\r", b"isready\r")
        self.assertEqual(self.e.until("readyok"), ["readyok"])

    def test_an_over_long_line_is_dropped_whole(self):
        self.e.send(b"position classic-2 moves " + b"m3-m5 " * 400_000)  # 2.4 MB
        self.assertEqual(self.e.line(),
                         "info error line of 2400025 bytes, more than the 1048576 a line may have: ignored")
        self.assertEqual(self.e.ask(), [])  # nothing more from it; still answering
        self.assertEqual(self.e.ask("go"), ["info error go: no position (send position first)"])

    def test_a_huge_move_list(self):
        self.e.ask("position classic-2 moves m3-m5")
        moves = " ".join(["m3-m5"] * 20_001)
        self.assertEqual(self.e.ask(f"position classic-2 moves {moves}"),
                         ["info error position: 20001 moves, more than the 20000 a position may have"])
        # At the ceiling the moves are read, and the first bad one named.
        out = self.e.ask("position classic-2 moves " + " ".join(["m3-m5", "e14-e13", "m5-m3", "e13-e14"] * 5000))
        self.assertEqual(len(out), 1)
        self.assertRegex(out[0], r"^info error position: moves token \d+ 'm3-m5': the game is already over \(")
        best, _ = self.e.bestmove("go")  # the position before is kept
        game = sh.Game("classic-2")
        game.apply("m3-m5")
        game.apply(best)

    def test_a_long_position_text(self):
        out = self.e.ask("position classic-2 " + "W " * 40_000)
        self.assertEqual(len(out), 1)
        self.assertTrue(out[0].startswith("info error position: "), out)

    def test_stop_and_lines_during_a_search(self):
        self.e.ask("setoption name Level value expert", "position classic-2")
        self.e.send("go movetime 600000")
        self.assertEqual(self.e.ask("position classic-2 moves m3-m5"),
                         ["info error 'position': not while searching (send stop first)"])
        self.e.send("stop")
        best = self.e.until("bestmove")[-1].split()[1]
        self.assertIn(best, cli_moves("classic-2"))
        self.e.send("stop")  # nothing to stop: ignored
        self.assertEqual(self.e.ask(), [])

    def test_eof_mid_search(self):
        self.e.ask("setoption name Level value expert", "position classic-2")
        self.e.send("go movetime 600000")
        self.e.p.stdin.close()
        best = self.e.until("bestmove")[-1].split()[1]
        self.assertIn(best, cli_moves("classic-2"))
        self.assertEqual(self.e.p.wait(timeout=WAIT), 0)

    def test_quit_mid_search_and_a_closed_output(self):
        self.e.ask("setoption name Level value expert", "position classic-2")
        self.e.send("go movetime 600000", "quit")
        self.assertTrue(self.e.until("bestmove"))
        self.assertEqual(self.e.p.wait(timeout=WAIT), 0)
        # The referee gone: writes fail, and the engine ends as every command
        # of the program does then (no signal; exit 1, saying why).
        e = Engine()
        e.p.stdout.close()
        e.send("shp", "isready")
        e.p.stdin.close()
        self.assertEqual(e.p.wait(timeout=WAIT), 1)
        self.assertTrue(e.p.stderr.read().startswith(b"sternhalma: cannot write the output: "))
        e.p.stderr.close()

    def test_bad_command_line(self):
        for argv, want in ((["--protocol", "uci"], "engine: --protocol 'uci': expected shp or ccp"),
                           (["--protocol"], "engine: --protocol needs a value (shp or ccp)"),
                           (["--fast"], "engine: unknown argument '--fast' (options: --protocol shp|ccp)"),
                           (["--protocol", "shp", "--protocol", "ccp"], "engine: --protocol is given twice")):
            with self.subTest(argv=argv):
                r = subprocess.run([EXE, "engine", *argv], capture_output=True, text=True, input="")
                self.assertEqual(r.returncode, 2)
                self.assertEqual(r.stderr.splitlines()[0], "sternhalma: " + want)
                self.assertEqual(r.stdout, "")


def doc_session(title):
    """The `>` and `<` lines of the example session under a heading."""
    text = read_doc()
    block = re.search(re.escape(title) + r".*?```text\n(.*?)```", text, re.S).group(1)
    return [(line[0], line[2:]) for line in block.splitlines()]


class DocumentedSessions(unittest.TestCase):
    """docs/protocol.md's example sessions, run as written: every answer as
    shown, but for what the players decide (any legal move, any depth,
    nodes and time)."""

    def run_session(self, title, argv, judge):
        e = Engine(*argv)
        try:
            lines = doc_session(title)
            i = 0
            while i < len(lines):
                side, line = lines[i]
                self.assertEqual(side, ">", lines[i])
                e.send(line)
                i += 1
                while i < len(lines) and lines[i][0] == "<":
                    want, got = lines[i][1], e.line()
                    if want.startswith("info depth "):
                        self.assertRegex(got, r"^info depth \d+ nodes \d+ time \d+$")
                    elif want.startswith("bestmove "):
                        self.assertTrue(got.startswith("bestmove "), got)
                        judge(got.split()[1])
                    elif want.startswith("id name sternhalma "):
                        self.assertRegex(got, r"^id name sternhalma \d+\.\d+\.\d+$")
                    else:
                        self.assertEqual(got, want)
                    i += 1
                judge(line)  # the referee's line, for the judge to follow
            self.assertEqual(e.p.wait(timeout=WAIT), 0)
        finally:
            e.close()

    def test_the_shp_session(self):
        state = {"tables": {}, "game": None}

        def judge(word):
            words = word.split()
            if words[:1] == ["table"]:
                rules = sh.Rules(words[1])
                rules.set_options(word.split(None, 2)[2])
                state["tables"][rules.id] = rules
            elif words[:1] == ["position"]:
                tokens = words[1:]
                moves = tokens.index("moves") if "moves" in tokens else len(tokens)
                rules = state["tables"].get(tokens[0]) or sh.Rules(tokens[0])
                game = sh.Game(rules) if moves == 1 else sh.Game.from_position(
                    sh.Position(" ".join(tokens[:moves]), rules))
                for t in tokens[moves + 1:]:
                    game.apply(t)
                state["game"] = game
            elif len(words) == 1 and "-" in word:  # a bestmove: legal in the last position
                state["game"].parse_move(word)

        self.run_session("## An example SHP session", [], judge)

    def test_the_ccp_session(self):
        if "ccerl-2" not in sh.presets():
            self.skipTest("this build has no ccerl-2 table")

        def judge(word):
            if re.fullmatch(r"\d+(-\d+)+", word):
                names = "-".join(sh.cell_name(int(c)) for c in word.split("-"))
                self.assertIn(names, cli_moves("ccerl-2"))

        self.run_session("An example CCP session", ["--protocol", "ccp"], judge)


class WritingAnEngine(unittest.TestCase):
    """docs/protocol.md's "Writing an engine", run as written."""

    def test_the_smallest_loop_plays_legal_moves(self):
        text = read_doc()
        code = re.search(r"## Writing an engine.*?```python\n(.*?)```", text, re.S).group(1)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "my_engine.py")
            with open(path, "w", encoding="utf-8") as f:
                f.write(code)
            e = Engine(cmd=[sys.executable, path])
            try:
                e.send("shp")
                self.assertEqual(e.until("shpok"), ["id name my-engine", "id author me", "shpok"])
                game = sh.Game("classic-2")
                game.apply("m3-m5")
                best, _ = e.bestmove("position classic-2 moves m3-m5", "go")
                self.assertIn(best, cli_moves(game.position.text))
                # The record's other tokens: a resignation ends the game.
                self.assertEqual(e.ask("position classic-2 moves m3-m5 K:resign"), [])
            finally:
                self.assertEqual(e.close(), 0)

    def test_the_guide_match_line(self):
        """docs/guides/engine.md: the protocol's engine in a match, as written."""
        usage = subprocess.run([EXE, "help"], capture_output=True, text=True).stdout
        if "--engine" not in usage:
            self.skipTest("this build's match takes no --engine")
        # Twenty games of expert's default search take under a minute
        # natively and about six under the sanitizers (scripts/sanitize.sh
        # preloads them; over ten in its stage, which runs two suites at
        # once), where they take no path the shorter matches and sessions
        # above do not: the page's line is checked as written in the normal
        # suite.
        if SANITIZED:
            self.skipTest("the guide's 20-game match runs in the normal suite, not under the sanitizers")
        with open(os.path.join(ROOT, "docs", "guides", "engine.md"), encoding="utf-8") as f:
            page = f.read()
        command = re.search(r"^# Benchmark your engine.*?```sh\n(.*?)```", page, re.S | re.M).group(1).strip()
        code = re.search(r"## Writing an engine.*?```python\n(.*?)```", read_doc(), re.S).group(1)
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "my_engine.py"), "w", encoding="utf-8") as f:
                f.write(code)
            env = dict(os.environ, PATH=os.path.dirname(EXE) + os.pathsep + os.environ["PATH"])
            r = subprocess.run(command, shell=True, cwd=tmp, env=env, capture_output=True, text=True,
                               timeout=600)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("mine", r.stdout)


if __name__ == "__main__":
    EXE = os.path.abspath(sys.argv.pop(1))
    unittest.main()
