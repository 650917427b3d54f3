"""unittest suite of the Python binding (runs against STERNHALMA_LIB)."""
import unittest

import sternhalma as sh


class Cells(unittest.TestCase):
    def test_names(self):
        self.assertEqual(sh.parse_cell("m1"), 0)
        self.assertEqual(sh.parse_cell("i9"), 60)
        self.assertEqual(sh.cell_name(120), "e17")
        with self.assertRaises(sh.CellError) as cm:
            sh.parse_cell("z99")
        self.assertIn("z99", str(cm.exception))
        with self.assertRaises(sh.CellError):
            sh.cell_name(121)

    def test_geometry(self):
        self.assertEqual(sh.axial(60), (0, 0))
        self.assertEqual(sh.cell_at(0, 0), 60)
        self.assertEqual(sh.rotate(0, 3), 120)
        self.assertEqual(sh.reflect(1), 2)
        self.assertEqual(sh.point_of(120), 3)
        self.assertEqual(sh.cell_distance(0, 120), 16)
        self.assertEqual(len(sh.camp_cells(0)), 10)
        self.assertEqual(len(sh.camp_cells(0, 15)), 15)
        self.assertEqual(len(sh.foreign_cells(0)), 40)
        self.assertEqual(sh.tip_cell(3), 120)
        self.assertIsNone(sh.neighbours(0)[0])
        x, y = sh.xy(60)
        self.assertEqual((x, y), (0.0, 0.0))
        with self.assertRaises(sh.SeatError):
            sh.tip_cell(6)


class RulesTest(unittest.TestCase):
    def test_presets(self):
        ids = sh.presets()
        self.assertIn("classic-2", ids)
        self.assertIn("japanese-3", ids)
        for i in ids:
            self.assertEqual(sh.Rules(i).id, i)
        with self.assertRaises(sh.PresetError) as cm:
            sh.Rules("no-such")
        self.assertEqual(cm.exception.status, "SH_ERR_PRESET")
        self.assertIn("no-such", str(cm.exception))

    def test_options(self):
        r = sh.Rules("classic-2")
        self.assertEqual(r["zones"], "closed")
        r["zones"] = "free"
        r["id"] = "mine"
        self.assertEqual(r.describe()["zones"], "free")
        with self.assertRaises(sh.OptionError):
            r["zones"] = "sideways"
        with self.assertRaises(sh.OptionError):
            r["colour"]
        self.assertEqual(r["zones"], "free")
        r.set_options("first-seat = R")
        with self.assertRaises(sh.OptionError):
            r.validate()
        with self.assertRaises(sh.OptionError):
            sh.Position.start(r)
        r["first-seat"] = "W"
        p = sh.Position.start(r)
        self.assertTrue(p.text.startswith("mine W"))
        self.assertEqual(p.rules["zones"], "free")
        self.assertEqual(sh.Rules("race-2").seat_name(3), "red")


class PositionTest(unittest.TestCase):
    START = ("classic-2 W W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 "
             "K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0")

    def test_text(self):
        p = sh.Position("classic-2")
        self.assertEqual(p.text, self.START)
        self.assertEqual(sh.Position(self.START), p)
        self.assertEqual(p.to_move, 0)
        self.assertEqual(p.round, 0)
        self.assertEqual(p[0], 0)
        self.assertEqual(p["e17"], 3)
        self.assertIsNone(p[60])
        self.assertEqual(len(p.pieces(3)), 10)
        self.assertIn("W to move", p.render())
        with self.assertRaises(sh.ParseError) as cm:
            sh.Position("classic-2 W W:m1,zz9 K:e17 0")
        self.assertIn("zz9", str(cm.exception))

    def test_moves(self):
        p = sh.Position("classic-2")
        moves = p.legal_moves()
        self.assertEqual(len(moves), 14)
        self.assertEqual(moves, sorted(moves))
        self.assertEqual(list(p), moves)
        self.assertEqual(p.count_moves(), 14)
        m = p.parse_move("k3-i5")
        self.assertTrue(p.is_legal(m))
        self.assertEqual(p.format_move(m), "k3-i5")
        self.assertEqual(p.canonical_path(m), [sh.parse_cell("k3"), sh.parse_cell("i5")])
        paths, truncated = p.all_paths(m)
        self.assertEqual(paths, [[sh.parse_cell("k3"), sh.parse_cell("i5")]])
        self.assertFalse(truncated)
        self.assertEqual(sorted(p.destinations(m.from_)), p.destinations(m.from_))
        self.assertEqual(len(p.closed_cells(0)), 40)
        before = p.text
        with self.assertRaises(sh.MoveError):
            p.play((0, 60))
        with self.assertRaises(sh.MoveError):
            p.play("m1-m5")
        self.assertEqual(p.text, before)
        q = p.copy().play("k3-i5")
        self.assertEqual(p.text, before)
        self.assertEqual(q.to_move, 3)

    def test_perft(self):
        p = sh.Position("classic-2")
        self.assertEqual([p.perft(d) for d in range(4)], [1, 14, 196, 4648])
        self.assertEqual(p.perft(4), 110224)
        d = p.divide(3)
        self.assertEqual(sum(d.values()), 4648)
        with self.assertRaises(sh.RangeError):
            p.perft(-1)

    def test_reference_counts(self):
        for preset, counts in [("japanese-2", [20, 400]), ("fifteen-2", [18, 324]),
                               ("table-4", [14, 199]), ("long-jumps-6", [14, 204])]:
            p = sh.Position(preset)
            self.assertEqual([p.perft(1), p.perft(2)], counts, preset)

    def test_pack_and_batch(self):
        r = sh.Rules("classic-2")
        p = sh.Position("classic-2")
        packed = p.pack()
        self.assertEqual(len(packed), sh.PACKED_SIZE)
        self.assertEqual(sh.Position.unpack(r, packed), p)
        q = p.copy().play("k3-i5")
        data = bytearray(packed + q.pack()) * 50
        counts = sh.count_moves_batch(r, data)
        self.assertEqual(list(counts[:2]), [14, q.count_moves()])
        self.assertEqual(len(counts), 100)
        self.assertEqual(sh.count_moves_batch(r, bytes(data)), counts)
        lists = sh.legal_moves_batch(r, packed + q.pack())
        self.assertEqual(lists, [p.legal_moves(), q.legal_moves()])
        self.assertEqual(sh.count_moves_texts(["classic-2", q.text]), [14, q.count_moves()])
        bad = bytearray(packed)
        bad[60] = 1
        with self.assertRaises(sh.ParseError):
            sh.count_moves_batch(r, bad)
        with self.assertRaises(ValueError):
            sh.count_moves_batch(r, b"123")

    def test_playouts(self):
        p = sh.Position("classic-2")
        a = p.playouts(5, 300, seed=7)
        self.assertEqual(a, p.playouts(5, 300, seed=7))
        self.assertTrue(all(1 <= n <= 300 for _, n in a))


if __name__ == "__main__":
    unittest.main()


class GameTest(unittest.TestCase):
    def test_full_game(self):
        g = sh.Game("classic-2")
        players = {0: sh.Player("normal", 1), 3: sh.Player("hard", 2)}
        while g.to_move is not None:
            g.apply(players[g.to_move].choose(g))
            self.assertLess(g.turns, 1000)
        self.assertTrue(g.is_over)
        places = g.places
        self.assertEqual(sorted(places)[:4], [0, 0, 0, 0])
        self.assertEqual(sorted(places[s] for s in (0, 3)), [1, 2])
        events = g.events
        self.assertEqual(events[0].kind, sh.EventKind.MOVE)
        self.assertEqual(events[-1].kind, sh.EventKind.END)
        self.assertTrue(g.event_text(0).startswith("move W"))
        replay = sh.Game.from_record(g.record())
        self.assertEqual(replay.places, places)
        d = g.rating_changes([1500, 1500])
        self.assertAlmostEqual(d[0], -d[1])
        # One shape: places, ratings and changes by seat, 0 where nobody sat.
        ratings = [1500.0, 0.0, 0.0, 1600.0, 0.0, 0.0]
        by_seat = sh.rating_changes(g.places, ratings)
        self.assertEqual(by_seat, g.rating_changes(ratings))
        self.assertEqual([by_seat[s] for s in (1, 2, 4, 5)], [0.0] * 4)
        winner = 0 if places[0] == 1 else 3
        e = 1 / (1 + 10 ** ((ratings[3 - winner] - ratings[winner]) / 400))
        self.assertAlmostEqual(by_seat[winner], 32 * (1 - e))
        self.assertAlmostEqual(by_seat[3 - winner], -32 * (1 - e))
        self.assertEqual(g.rating_changes([1500, 1600]), [by_seat[0], by_seat[3]])
        with self.assertRaisesRegex(sh.RangeError, "6 by seat"):
            g.rating_changes([1500.0] * 3)
        with self.assertRaises(sh.StateError):
            g.apply("k3-i5")
        with self.assertRaises(sh.StateError):
            players[0].choose(g)
        self.assertGreater(g.undo(100000), 0)
        self.assertEqual(g.turns, 0)

    def test_expert_budgets(self):
        # The same seed and node budget give the same moves; the budget bounds the search.
        a, b = sh.Game("classic-3"), sh.Game("classic-3")
        pa, pb = sh.Player("expert", 5, nodes=600), sh.Player("expert", 5, nodes=600)
        for _ in range(6):
            ma, mb = pa.choose(a), pb.choose(b)
            self.assertEqual(ma, mb)
            self.assertIn(ma, a.legal_moves())
            self.assertLessEqual(pa.last_stats.nodes, 600)
            a.apply(ma)
            b.apply(mb)
        self.assertEqual(sh.Player("expert").budget, sh.Budget(0, 0))
        self.assertEqual(sh.Player("hard", time_ms=5).budget, sh.Budget(0, 5))
        with self.assertRaises(sh.RangeError):
            sh.Player("expert", nodes=-1)
        with self.assertRaises(sh.RangeError):
            pa.set_budget(time_ms=sh.MAX_BUDGET_MS + 1)
        with self.assertRaises(sh.RangeError):
            pa.set_budget(nodes=2**64)  # would wrap in ctypes: checked first
        with self.assertRaises(TypeError):
            pa.set_budget(nodes=1.5)
        self.assertEqual(pa.budget, sh.Budget(600, 0))  # a refused budget changes nothing

    def test_expert_threads(self):
        # 1 for a new player; 1..MAX_SEARCH_THREADS taken, the rest refused with the
        # count unchanged; a copy keeps it; two threads choose a legal move within the
        # main thread's node budget.
        g = sh.Game("classic-3")
        ex = sh.Player("expert", 7, nodes=3000)
        self.assertEqual(ex.threads, 1)
        ex.set_threads(2)
        for bad in (0, sh.MAX_SEARCH_THREADS + 1, -1):
            with self.assertRaisesRegex(sh.RangeError, "threads"):
                ex.set_threads(bad)
        with self.assertRaises(TypeError):
            ex.set_threads(2.0)
        self.assertEqual(ex.threads, 2)
        twin = ex.copy()
        self.assertEqual(twin.threads, 2)
        twin.set_threads(sh.MAX_SEARCH_THREADS)
        self.assertEqual((ex.threads, twin.threads), (2, 16))
        m = ex.choose(g)
        self.assertIn(m, g.legal_moves())
        self.assertTrue(0 < ex.last_stats.nodes <= 3000, ex.last_stats)

    def test_text_is_read_as_the_game_reads_it(self):
        # pairs-2x2 (SPEC §5): W arrives, then moves its partner K's marbles.
        # The position (W to move, W's marbles) cannot read W's move i5-j4;
        # the game must, for parse_move, check and eliminates alike.
        g = sh.Game.from_position(sh.Position(
            "pairs-2x2 W W:e14,f14,g14,e15,f15,g15,e16,f16,e17,h13 R:e9 "
            "K:m1,l2,m2,k3,l3,m3,k4,l4,m4,i6 Y:m9 0"))
        for m in ("h13-h14", "e9-e10", "i6-i5", "m9-m8"):
            g.apply(m)
        self.assertEqual((g.to_move, g.marbles_of), (0, 3))
        i5_j4 = sh.Move(sh.parse_cell("i5"), sh.parse_cell("j4"))
        self.assertEqual(g.parse_move("i5-j4"), i5_j4)
        self.assertIsInstance(g.parse_move("i5-j4"), sh.Move)
        self.assertIsNone(g.check("i5-j4"))
        self.assertIs(g.eliminates("i5-j4"), False)
        self.assertIs(g.puts_out("i5-j4"), sh.OutReason.NONE)
        with self.assertRaises(sh.MoveError) as cm:
            g.position.parse_move("i5-j4")
        self.assertEqual(str(cm.exception), "'i5-j4': the marble on i5 is not W's")
        with self.assertRaises(sh.MoveError) as cm:
            g.parse_move("h14-h13")  # W's own marble: not W's to move now
        self.assertEqual(str(cm.exception), "'h14-h13': the marble on h14 is not K's")
        self.assertEqual(g.turns, 4)  # reading text plays nothing
        g.apply("i5-j4")
        self.assertTrue(g.is_over)
        # Over: the game's state error, not a move error of the position.
        for call in (g.parse_move, g.check, g.eliminates, g.puts_out):
            with self.assertRaises(sh.StateError) as cm:
                call("k3-k5")
            self.assertEqual(str(cm.exception), "move: the game is over")

    def test_puts_out(self):
        # The exit deadline at W's first move: every first move leaves
        # marbles at home that could move (rule 7), and none is SPEC's mark.
        r = sh.Rules("classic-2")
        r.set_options("id=classic-2-deadline-1; deadline=1")
        g = sh.Game(r)
        self.assertEqual({g.puts_out(m) for m in g.legal_moves()}, {sh.OutReason.DEADLINE})
        self.assertFalse(any(g.eliminates(m) for m in g.legal_moves()))
        g.apply("k3-k5")
        self.assertEqual(g.seat(0).out_reason, sh.OutReason.DEADLINE)
        # After the deadline, a marble brought back home puts its seat out.
        g = sh.Game.from_position(sh.Position(
            "classic-2-deadline-1 W W:m1,i5,e9,f9,g9,h9,i9,j9,k9,l9 "
            "K:l2,m2,k3,m3,e12,e13,f13,g13,h13,i13 0", r))
        self.assertIs(g.puts_out("e9-e10"), sh.OutReason.NONE)  # W's deadline move: m1 cannot move
        g.apply("e9-e10").apply("e12-e11")
        self.assertIs(g.puts_out("i5-j4"), sh.OutReason.RETURN_HOME)
        self.assertIs(g.puts_out("i9-i10"), sh.OutReason.NONE)
        with self.assertRaises(sh.MoveError):
            g.puts_out("m1-m2")  # not legal: m2 is taken
        with self.assertRaises(sh.CellError) as cm:
            g.puts_out((0, 200))  # checked before it reaches C
        self.assertEqual(str(cm.exception), "to must be in 0..120, got 200")
        with self.assertRaises(TypeError):
            g.puts_out((0, 1.5))
        g.apply("i5-j4")
        self.assertEqual(g.seat(0).out_reason, sh.OutReason.RETURN_HOME)

    def test_from_position_needs_every_seat_on_the_board(self):
        with self.assertRaises(sh.OptionError) as cm:
            sh.Game.from_position(sh.Position("classic-3 W W:m1 B: Y:e17 0"))
        self.assertTrue(str(cm.exception).startswith("game: seat B has no pieces"))

    def test_misuse(self):
        g = sh.Game("classic-2")
        with self.assertRaises(sh.MoveError):
            g.apply("m1-m5")
        with self.assertRaises(sh.StateError):
            g.undo()
        with self.assertRaises(sh.SeatError):
            g.resign(1)
        with self.assertRaises(sh.ParseError):
            sh.Game.from_record("classic-2 W m1-m5")
        with self.assertRaises(sh.OptionError):
            sh.Player("genius")
        g.set_clock(1000, 10)
        g.apply("k3-i5", 100)
        self.assertEqual(g.to_move, 3)
        self.assertEqual(len(g.playouts(2, 300, seed=3)), 2)

    def test_custom_table_record_replays_alone(self):
        r = sh.Rules("classic-2")
        r.set_options("id=free-2;zones=free;goal-lock=no")
        g = sh.Game(r)
        players = {0: sh.Player("normal", 1), 3: sh.Player("normal", 2)}
        for _ in range(12):
            g.apply(players[g.to_move].choose(g))
        rec = g.record()
        self.assertEqual(rec.splitlines()[0], "[rules classic-2;id=free-2;zones=free;goal-lock=no]")
        back = sh.Game.from_record(rec)  # no rules: the tag names the table
        self.assertEqual(back.rules.describe(), r.describe())
        self.assertEqual(back.position.text, g.position.text)
        self.assertEqual(back.record(), rec)
        with self.assertRaisesRegex(sh.ParseError, "record tag"):
            sh.Game.from_record("[rules classic-2;id=x;zones=maybe]\nx W\n")

    def test_derived_id(self):
        r = sh.Rules("classic-2")
        r.set_options("zones=free;deadline=none")
        with self.assertRaises(sh.OptionError):
            r.validate()  # a preset's id on another table
        self.assertIs(r.derive_id(), r)
        self.assertRegex(r.id, r"^classic-2\+[0-9a-f]{8}$")
        r.validate()
        same = sh.Rules("classic-2")
        same.set_options("deadline=none;zones=free")
        self.assertEqual(same.derive_id().id, r.id)
        self.assertEqual(sh.Rules("classic-2").derive_id().id, "classic-2")
        g = sh.Game(r)
        g.apply("k3-k5")
        self.assertEqual(sh.Game.from_record(g.record()).rules.id, r.id)
