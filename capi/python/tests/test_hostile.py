"""Hostile calls: each runs in its own interpreter and must raise
the named exception, never crash, truncate or hang."""
import os
import subprocess
import sys
import unittest

PRELUDE = """
import sternhalma as sh
r = sh.Rules("classic-2")
p = sh.Position("classic-2")
g = sh.Game("classic-2")
k3, k5 = sh.parse_cell("k3"), sh.parse_cell("k5")


class bool_:  # numpy.bool_ as the binding sees it without numpy: no int, but __index__
    __module__ = "numpy"

    def __index__(self):
        return 1
"""

# (call, exception class name, text the message must contain)
CALLS = [
    ("p.playouts(-1)", "RangeError", "n must be in 0.."),
    ("g.playouts(-1)", "RangeError", "n must be in 0.."),
    ("p.playouts(2**64)", "RangeError", "n must be in"),
    ("p.playouts(1, max_plies=-5)", "RangeError", "max_plies"),
    ("g.playouts(1, max_turns=-1)", "RangeError", "max_turns"),
    ("g.playouts(1, seed=-1)", "RangeError", "seed"),
    ("sh.Position.unpack(r, bytes(10))", "ParseError", "128 bytes, got 10"),
    ("sh.Position.unpack(r, bytes(121))", "ParseError", "got 121"),
    ("sh.Position.unpack(r, p.pack() + b'x')", "ParseError", "got 129"),
    ("sh.Position.unpack(r, 'text')", "TypeError", "bytes-like"),
    ("sh.cell_name(2**32 + 5)", "CellError", "0..120"),
    ("sh.cell_name(-1)", "CellError", "0..120"),
    ("sh.cell_name(3.5)", "TypeError", "int"),
    ("p.perft(2**32 + 2)", "RangeError", "depth"),
    ("p.perft(-1)", "RangeError", "depth"),
    ("p.divide(0)", "RangeError", "divide: depth 0 is not in 1..32 (divide splits by the first move"),
    ("p.perft(-1)", "RangeError", "perft: depth -1 is not in 0..32"),
    ("p.perft(33)", "RangeError", "perft: depth 33 is not in 0..32"),
    ("p.divide(65)", "RangeError", "divide: depth 65 is not in 1..32"),
    ("p.perft('3')", "TypeError", "depth must be an int, not str"),
    ("p.perft(3, threads=0)", "RangeError", "threads must be in 1..256, got 0"),
    ("p.perft(3, threads=257)", "RangeError", "threads must be in 1..256, got 257"),
    ("p.perft(3, threads=2**32 + 2)", "RangeError", "threads must be in 1..256"),
    ("p.perft(3, threads=2.0)", "TypeError", "threads must be an int, not float"),
    ("p.perft(3, threads=True)", "TypeError", "threads must be an int, not bool"),
    ("p.perft(33, threads=2)", "RangeError", "perft: depth 33 is not in 0..32"),
    ("g.apply((2**32 + k3, k5))", "CellError", "from"),
    ("g.apply((k3, 2**31 + k5))", "CellError", "to"),
    ("g.apply(3.5)", "TypeError", "move"),
    ("g.apply(('k3',))", "TypeError", "move"),
    ("g.apply('k3-k5\\0zz')", "MoveError", "NUL"),
    ("g.apply('k3-k5', elapsed_ms=-1)", "RangeError", "elapsed_ms"),
    ("g.apply('k3-k5', elapsed_ms=2**63)", "RangeError", "elapsed_ms"),
    ("g.undo(2**31)", "RangeError", "n must be in 1..2147483647"),
    ("g.undo(0)", "RangeError", "n must be in 1.."),
    ("g.undo('1')", "TypeError", "n must be an int"),
    ("g.set_clock(2**63, 0)", "RangeError", "reserve_ms"),
    ("g.set_clock(1000, -1)", "RangeError", "increment_ms"),
    ("g.record(per_line=-1)", "RangeError", "per_line"),
    ("g.event_text(2**70)", "RangeError", "index"),
    ("g.events_from(-1)", "RangeError", "first"),
    ("g.resign(2**32)", "SeatError", "seat"),
    ("g.resign(True)", "TypeError", "seat"),
    ("sh.Game('classic-2', first_seat=7)", "SeatError", "first_seat"),
    ("sh.Game(42)", "TypeError", "rules"),
    ("sh.Game.from_record('classic-2 W k3-k5\\0 zz99')", "ParseError", "NUL"),
    ("sh.Game.from_record(b'classic-2')", "TypeError", "str"),
    ("sh.Rules('classic-2\\0x')", "PresetError", "NUL"),
    ("r.set_option('zones\\0', 'free')", "OptionError", "NUL"),
    ("r.set_option('zones', 'free\\0')", "OptionError", "NUL"),
    ("r.set_options('zones=free\\0;x')", "OptionError", "NUL"),
    ("sh.Position('classic-2\\0 W')", "ParseError", "NUL"),
    ("sh.Position(42)", "TypeError", "text"),
    ("sh.Position('classic-2', rules='x')", "TypeError", "rules"),
    ("p.pieces(6)", "SeatError", "seat"),
    ("p.pieces(-1)", "SeatError", "seat"),
    ("p.all_paths('k3-i5', -1)", "RangeError", "limit"),
    ("p.all_paths('k3-i5', 2**64)", "RangeError", "limit"),
    ("p.owner(121)", "CellError", "cell"),
    ("p.parse_move('k3\\0-k5')", "MoveError", "NUL"),
    ("g.parse_move('k3\\0-k5')", "MoveError", "move holds a NUL character at index 2"),
    ("g.parse_move(b'k3-k5')", "TypeError", "move must be a str, not bytes"),
    ("g.check('k3-k5\\0')", "MoveError", "move holds a NUL character at index 5"),
    ("sh.parse_cell(5)", "TypeError", "str"),
    ("sh.parse_cell('k3\\0')", "CellError", "NUL"),
    ("sh.camp_cells(0, marbles=11)", "RangeError", "marbles"),
    ("sh.tip_cell(6)", "SeatError", "point"),
    ("sh.Player('hard', seed=-1)", "RangeError", "seed"),
    ("sh.Player('hard', seed=2**64)", "RangeError", "seed"),
    ("sh.Player('hard\\0')", "OptionError", "NUL"),
    ("sh.Player('hard').choose('game')", "TypeError", "game"),
    ("sh.count_moves_batch(r, b'123')", "ParseError", "multiple of 128"),
    ("sh.count_moves_batch(r, 'abc')", "TypeError", "bytes-like"),
    ("sh.legal_moves_batch(r, bytes(130))", "ParseError", "multiple of 128"),
    ("sh.count_moves_texts('classic-2')", "TypeError", "sequence"),
    ("sh.count_moves_texts(['classic-2\\0'])", "ParseError", "NUL"),
    ("sh.rating_changes([1, 2], [1500])", "RangeError", "entries"),
    ("g.rating_changes(['a', 'b'])", "TypeError", "number"),
    ("sh.Move('k3')", "MoveError", "from-to"),
    ("sh.Move('k3-garbage-k5')", "MoveError", "'k3-garbage-k5' is not 'from-to'"),
    ("sh.Move('k3--k5')", "MoveError", "'k3--k5' is not 'from-to'"),
    ("sh.Move('-k5')", "MoveError", "'-k5' is not 'from-to'"),
    ("sh.Move('k3-zz')", "MoveError", "'k3-zz'"),
    ("g.apply(sh.Move('k3-k5')._replace(from_=2**32 + k3))", "CellError", "from_ must be in 0..120"),
    ("g.apply(sh.Move._make((k3, 2**31 + k5)))", "CellError", "to must be in 0..120"),
    ("g.apply(tuple.__new__(sh.Move, (2**32 + k3, k5)))", "CellError", "from_ must be in 0..120"),
    ("p.play(tuple.__new__(sh.Move, (k3, 2**32 + k5)))", "CellError", "to must be in 0..120"),
    ("g.check(tuple.__new__(sh.Move, (k3, True)))", "TypeError", "to must be an int"),
    ("sh.Move._make((k3, k5, k5))", "TypeError", "2 fields"),
    # lone surrogates: the argument's own error, its name and the index
    ("sh.Position('classic-2 \\udc80')", "ParseError", "text holds a character UTF-8 cannot encode (a lone surrogate, '\\udc80') at index 10"),
    ("sh.Rules('\\udc80')", "PresetError", "preset holds a character UTF-8 cannot encode"),
    ("r.set_option('zones', 'free\\udc80')", "OptionError", "value holds a character UTF-8 cannot encode"),
    ("r.set_option('\\udc80', 'free')", "OptionError", "name holds a character UTF-8 cannot encode"),
    ("r.set_options('zones=\\udc80')", "OptionError", "settings holds a character UTF-8 cannot encode"),
    ("r.get_option('\\udc80')", "OptionError", "name holds a character UTF-8 cannot encode"),
    ("p.parse_move('k3-\\udc80')", "MoveError", "move holds a character UTF-8 cannot encode"),
    ("g.apply('k3-\\udc80')", "MoveError", "at index 3"),
    ("g.parse_move('k3-\\udc80')", "MoveError", "move holds a character UTF-8 cannot encode"),
    ("sh.Game.from_record('classic-2 W \\udc80')", "ParseError", "record holds a character"),
    ("sh.Player('\\udc80')", "OptionError", "level holds a character UTF-8 cannot encode"),
    ("sh.parse_cell('\\udc80')", "CellError", "name holds a character UTF-8 cannot encode"),
    ("sh.count_moves_texts(['classic-2', '\\udc80'])", "ParseError", "texts[1] holds a character"),
    ("sh.Move('k3-\\udc80')", "MoveError", "'k3-\\udc80' is not 'from-to'"),
    # numbers C cannot take as a double
    ("sh.rating_changes([1, 2], [10**400, 1500])", "RangeError", "ratings[0] must be a finite number"),
    ("sh.rating_changes([1, 2], [1500, float('nan')])", "RangeError", "ratings[1] must be a finite number, got nan"),
    ("sh.rating_changes([1, 2], [1500, 1500], k=float('inf'))", "RangeError", "k must be a finite number"),
    ("sh.rating_changes([1, 2], [1500, 1500], k=10**400)", "RangeError", "k must be a finite number"),
    ("sh.rating_changes([1, 2], [1500, 1500], k_prime=float('nan'))", "RangeError", "k_prime must be a finite number"),
    ("g.rating_changes([1500, -float('inf')])", "RangeError", "ratings[1] must be a finite number"),
    ("sh.rating_changes([1, 2], [1500, 1500], k='32')", "TypeError", "k must be a number, not str"),
    # strided buffers and numpy's bool (faked above: numpy is not needed here)
    ("sh.count_moves_batch(r, memoryview(p.pack() * 2)[::2])", "TypeError", "packed must be a C-contiguous buffer"),
    ("sh.legal_moves_batch(r, memoryview(p.pack() * 2)[::2])", "TypeError", "packed must be a C-contiguous buffer"),
    ("sh.Position.unpack(r, memoryview(p.pack() * 2)[::2])", "TypeError", "packed must be a C-contiguous buffer"),
    ("sh.cell_name(bool_())", "TypeError", "cell must be an int, not bool_"),
    ("p.owner(bool_())", "TypeError", "cell must be an int, not bool_"),
    ("g.undo(bool_())", "TypeError", "n must be an int, not bool_"),
    ("p.playouts(1, seed=bool_())", "TypeError", "seed must be an int, not bool_"),
    ("g.position.play('k3-k5')", "StateError", "game.apply"),
]


class HostileCalls(unittest.TestCase):
    def test_each_bad_call_raises_a_typed_exception(self):
        env = dict(os.environ)
        for call, exc, text in CALLS:
            with self.subTest(call=call):
                code = PRELUDE + f"""
try:
    {call}
except Exception as e:
    print(type(e).__name__)
    print(e)
else:
    print("no exception")
# A refused call changes nothing.
assert r == sh.Rules("classic-2") and p == sh.Position("classic-2"), "changed"
assert g.record(0) == sh.Game("classic-2").record(0) and g.turns == 0, "changed"
"""
                r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                   text=True, timeout=60)
                self.assertGreaterEqual(r.returncode, 0, f"killed by signal {-r.returncode}")
                self.assertEqual(r.returncode, 0, r.stderr)
                name, _, message = r.stdout.partition("\n")
                self.assertEqual(name, exc, r.stdout)
                self.assertIn(text, message)


class GamePickles(unittest.TestCase):
    """A pickled game comes back equal, however it was made."""

    def assertSameGame(self, u, g):
        import sternhalma as sh
        self.assertIsInstance(u, sh.Game)
        self.assertEqual(u.position, g.position)
        self.assertEqual((u.turns, u.round, u.actions, u.to_move), (g.turns, g.round, g.actions, g.to_move))
        self.assertEqual((u.is_over, u.end_reason, u.places), (g.is_over, g.end_reason, g.places))
        self.assertEqual(u.record(), g.record())
        self.assertEqual(u.events, g.events)
        self.assertEqual(u.rules, g.rules)

    def play(self, g, n):
        for _ in range(n):
            g.apply(g.legal_moves()[len(g.legal_moves()) // 2])
        return g

    def round_trips(self, g):
        import copy
        import pickle
        self.assertSameGame(pickle.loads(pickle.dumps(g)), g)
        self.assertSameGame(pickle.loads(pickle.dumps(copy.copy(g))), g)

    def test_preset(self):
        import sternhalma as sh
        self.round_trips(self.play(sh.Game("classic-3"), 7))

    def test_custom_rules(self):
        import sternhalma as sh
        r = sh.Rules("classic-2", id="free-2", zones="free", deadline="none")
        self.round_trips(self.play(sh.Game(r, first_seat="K"), 5))

    def test_from_position(self):
        import sternhalma as sh
        p = sh.Position("classic-2")
        p.play("k3-k5")
        g = self.play(sh.Game.from_position(p), 3)
        self.round_trips(g)
        g.resign("W")
        self.round_trips(g)

    def test_from_position_of_a_custom_table(self):
        import sternhalma as sh
        r = sh.Rules("table-3", id="open-3", goal_lock=False)
        p = sh.Position.start(r)
        for _ in range(4):
            p.play(p.legal_moves()[-1])
        self.round_trips(self.play(sh.Game.from_position(p), 6))
        # and from a game's own (read-only) position
        self.round_trips(self.play(sh.Game.from_position(sh.Game("table-2").position), 2))

    def test_clocks_are_refused_not_lost(self):
        import copy
        import pickle
        import sternhalma as sh
        g = sh.Game("classic-2")
        g.set_clock(60000, 1000)
        self.play(g, 2)
        with self.assertRaisesRegex(TypeError, "cannot pickle a Game with clocks"):
            pickle.dumps(g)
        c = copy.copy(g)  # a copy keeps them
        self.assertEqual([c.seat(s).reserve_ms for s in (0, 3)], [g.seat(s).reserve_ms for s in (0, 3)])
        self.assertNotEqual(c.seat(0).reserve_ms, 0)


# Four threads share one Game, one Player and one Rules (issue: ctypes lets
# other threads run during a C call, and a C handle is one-thread-at-a-time).
# Moves race (a move listed by one thread may be gone when it plays), so
# MoveError and StateError are expected; anything else, a signal or a game
# whose counters disagree with its record is not.
THREADS = """
import sys, threading
import sternhalma as sh
g = sh.Game("table-2")
r = g.rules
player = sh.Player("easy", seed=1)
count = threading.Lock()
applied, undone, bad = [0], [0], []

def work():
    for _ in range(300):
        try:
            moves = g.legal_moves()
            if not moves:  # over: take back a few actions and go on
                n = g.undo(4)
                with count:
                    undone[0] += n
                continue
            g.apply(moves[0])
            with count:
                applied[0] += 1
            n = g.undo()
            with count:
                undone[0] += n
            g.events
            g.copy()
            g.record()
            g.position.text
            g.apply(player.choose(g))
            with count:
                applied[0] += 1
            sh.Game.from_position(g.position)
            r.id
            r.describe()
            sh.count_moves_batch(r, g.position.pack())
        except (sh.MoveError, sh.StateError):
            pass
        except Exception as e:
            bad.append(f"{type(e).__name__}: {e}")

threads = [threading.Thread(target=work) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
replayed = sh.Game.from_record(g.record())
print(bad[:3], g.actions == applied[0] - undone[0], replayed.position == g.position,
      len(replayed.events) == len(g.events), g.actions > 0)
"""


class SharedBetweenThreads(unittest.TestCase):
    def test_one_game_in_four_threads(self):
        for run in range(3):
            with self.subTest(run=run):
                r = subprocess.run([sys.executable, "-c", THREADS], capture_output=True, text=True,
                                   timeout=300)
                self.assertGreaterEqual(r.returncode, 0, f"killed by signal {-r.returncode}")
                self.assertEqual(r.returncode, 0, r.stderr[-2000:])
                self.assertEqual(r.stdout.strip(), "[] True True True True")

    def test_independent_objects_run_in_parallel(self):
        # One object's lock is its own: a call on another object does not wait for it.
        import threading
        import sternhalma as sh
        a, b = sh.Position("classic-2"), sh.Position("classic-2")
        with a._lock:
            t = threading.Thread(target=lambda: b.perft(2))
            t.start()
            t.join(30)
            self.assertFalse(t.is_alive())
            self.assertEqual(b.to_move, 0)


if __name__ == "__main__":
    unittest.main()
