"""Every row of the table of names (docs/guides/names.md), called from Python, in table order."""
import copy
import pickle
import unittest

import sternhalma as sh

try:
    import numpy as np
except ImportError:  # a python without numpy: sternhalma.rl cannot load (test_rl.py alike)
    np = None


class TableOfNames(unittest.TestCase):
    def test_library_and_errors(self):
        self.assertRegex(sh.version(), r"^\d+\.\d+\.\d+$")
        with self.assertRaises(sh.SternhalmaError) as cm:
            sh.parse_cell("z99")
        self.assertEqual(cm.exception.status, "SH_ERR_CELL")
        self.assertIsInstance(cm.exception, sh.CellError)

    def test_cells(self):
        k3 = sh.parse_cell("k3")
        self.assertEqual(sh.cell_name(k3), "k3")
        self.assertEqual(sh.axial(60), (0, 0))
        self.assertEqual(sh.cell_at(0, 0), 60)
        self.assertIsNone(sh.cell_at(8, 8))
        self.assertEqual(len(sh.neighbours(60)), 6)
        self.assertNotIn(None, sh.neighbours(60))
        self.assertEqual(sh.point_of("e17"), 3)
        self.assertIsNone(sh.point_of(60))
        self.assertEqual(sh.xy(60), (0.0, 0.0))
        self.assertEqual(sh.rotate(0, 3), 120)
        self.assertEqual(sh.reflect(sh.reflect(k3)), k3)
        self.assertEqual(sh.cell_distance("m1", "e17"), 16)
        self.assertEqual(len(sh.camp_cells(0)), 10)
        self.assertEqual(len(sh.camp_cells(0, marbles=15)), 15)
        self.assertEqual(sh.tip_cell(0), 0)
        self.assertEqual(sh.tip_cell(3), 120)
        self.assertEqual(len(sh.foreign_cells(0)), 40)
        self.assertEqual(sh.seat_letter(3), "K")
        self.assertEqual(sh.seat_from_letter("K"), 3)

    def test_rules(self):
        self.assertEqual(sh.presets()[0], "classic-2")
        r = sh.Rules("table-3")
        self.assertEqual(r.id, "table-3")
        self.assertEqual(r.seats, [0, 2, 4])
        self.assertEqual(r.seat_name(0), "white")
        self.assertEqual(r.get_option("zones"), r["zones"])
        r.set_option("zones", "free")
        self.assertEqual(r["zones"], "free")
        r["zones"] = "closed"
        r.set_options("zones=free;goal-lock=no")
        self.assertEqual((r["zones"], r["goal-lock"]), ("free", "no"))
        r.derive_id()
        r.validate()
        self.assertEqual(r.describe()["goal-lock"], "no")

    def test_positions(self):
        r = sh.Rules("classic-2")
        p = sh.Position.start(r)
        self.assertEqual(p, sh.Position("classic-2"))
        self.assertEqual(sh.Position(p.text), p)
        self.assertEqual(str(p), p.text)
        self.assertIn("W to move", p.render())
        self.assertEqual((p.to_move, p.round), (0, 0))
        self.assertIsInstance(p.hash, int)
        self.assertEqual(p.owner("m1"), 0)
        self.assertIsNone(p.owner(60))
        self.assertFalse(p.is_king("m1"))
        self.assertEqual(len(p.pieces(3)), 10)
        self.assertEqual(sh.Position.unpack(r, p.pack()), p)
        moves = p.legal_moves()
        self.assertEqual(len(moves), 14)
        self.assertLessEqual(len(moves), sh.MAX_MOVES)
        self.assertEqual(p.count_moves(), 14)
        self.assertIn(sh.parse_cell("k5"), p.destinations("k3"))
        self.assertTrue(p.is_legal("k3-k5"))
        self.assertEqual(len(p.closed_cells(0)), 40)
        self.assertEqual(p.canonical_path("k3-i5"), [sh.parse_cell("k3"), sh.parse_cell("i5")])
        self.assertEqual(p.all_paths("k3-i5", 5), ([p.canonical_path("k3-i5")], False))
        self.assertEqual(p.format_move(p.parse_move("k3-i5")), "k3-i5")
        q = p.copy().play("k3-k5")
        self.assertEqual(q.to_move, 3)
        self.assertEqual(p.perft(2), 196)
        self.assertEqual(p.perft(3, threads=2), p.perft(3))
        self.assertEqual(sum(p.divide(2).values()), 196)
        self.assertEqual(p.marbles_in_goal(0), 0)
        self.assertGreater(p.goal_distance(0), 0)
        self.assertGreater(p.tip_distance(0), 0)
        self.assertEqual(len(p.playouts(2, 10, 1)), 2)
        self.assertEqual(list(sh.count_moves_batch(r, p.pack())), [14])
        self.assertEqual(sh.legal_moves_batch(r, p.pack()), [moves])
        self.assertEqual(sh.count_moves_texts(["classic-2"]), [14])

    def test_games(self):
        g = sh.Game("classic-2")
        self.assertEqual(sh.Game(sh.Rules("classic-2"), first_seat=3).to_move, 3)
        self.assertEqual(sh.Game.from_position(sh.Position("classic-2")).to_move, 0)
        g.apply("k3-k5")
        self.assertEqual(sh.Game.from_record(g.record()).turns, 1)
        self.assertEqual(g.position.to_move, 3)
        self.assertEqual(g.rules.id, "classic-2")
        self.assertEqual((g.to_move, g.marbles_of), (3, 3))
        self.assertEqual((g.is_over, g.end_reason, g.is_draw), (False, sh.EndReason.NONE, False))
        self.assertEqual((g.turns, g.round, g.actions), (1, 0, 1))
        self.assertEqual(g.seat(0).moves_made, 1)
        self.assertEqual(g.status(1), sh.SeatStatus.NOT_PLAYED)
        self.assertEqual(g.place(0), 0)
        self.assertEqual(g.places, [0] * 6)
        self.assertEqual(len(g.legal_moves()), 14)
        g.check("e14-e13")
        self.assertEqual(g.parse_move("e14-e13"), sh.Move("e14-e13"))
        self.assertFalse(g.eliminates("e14-e13"))
        self.assertIs(g.puts_out("e14-e13"), sh.OutReason.NONE)
        g.apply(("e14", "e13"), elapsed_ms=0)
        self.assertEqual(g.undo(1), 1)
        self.assertEqual(g.events[0].kind, sh.EventKind.MOVE)
        self.assertEqual(g.events_from(0), g.events)
        self.assertEqual(g.events_from(1), [])
        self.assertEqual(g.event_text(0), "move W k3-k5")
        self.assertEqual(len(g.playouts(2, 5, 1)), 2)
        self.assertEqual(sh.rating_changes([1, 2], [1500, 1500])[0], 16.0)
        h = sh.Game("classic-2")
        h.set_clock(60_000, 1_000)
        h.resign(3)
        self.assertTrue(h.is_over)
        self.assertEqual(h.end_reason, sh.EndReason.RESIGN)
        self.assertEqual(h.rating_changes([1500, 1500]), [16.0, -16.0])
        f = sh.Game("online-2")
        f.set_clock(1000, 0)
        f.flag()
        self.assertEqual(f.events[0].kind, sh.EventKind.FLAG)

    def test_match_statistics(self):
        m = sh.MatchStats(2)
        m.add(1, [1, 2], teams=None)
        m.add(0, [1, 1])
        self.assertEqual((m.players, m.games, m.two_units), (2, 2, True))
        self.assertEqual(m.player(0), sh.PlayerStats(2, 1, 1, 0, sh.Interval(1.0, 1.0, 1.0)))
        self.assertEqual(m.pairwise(0, 1), sh.PairScore(2, 1.5))
        self.assertEqual(m.wdl(), sh.Wdl(1, 1, 0))
        self.assertEqual(m.score().value, 0.75)
        self.assertEqual(m.elo(), sh.elo_from_wdl(1, 1, 0))
        self.assertEqual(m.pentanomial(), (0, 0, 0, 1, 0))
        self.assertEqual(m.sprt(sh.SprtTest(0, 10)).decision, sh.SprtDecision.CONTINUE)
        self.assertEqual(sh.elo_from_pentanomial([0, 0, 1, 0, 0]), sh.Interval(0, 0, 0))
        self.assertIsNone(sh.check_sprt(sh.SprtTest(0, 10, alpha=0.05, beta=0.05)))
        self.assertEqual(sh.sprt(sh.SprtTest(0, 10), [0, 0, 0, 1, 0]), m.sprt(sh.SprtTest(0, 10)))

    def test_players_and_copies(self):
        g = sh.Game("table-2")
        pl = sh.Player("hard", seed=3)
        self.assertEqual(pl.copy().choose(g), pl.choose(g))
        ex = sh.Player("expert", seed=3, nodes=500)
        self.assertEqual(ex.budget, sh.Budget(500, 0))
        ex.set_budget(nodes=800, time_ms=0)
        ex.choose(g)
        self.assertTrue(0 < ex.last_stats.nodes <= 800)
        ex.set_threads(2)
        self.assertEqual(ex.threads, 2)
        self.assertIn(ex.choose(g), g.legal_moves())
        for x in (sh.Rules("table-2"), sh.Position("table-2"), g):
            self.assertEqual(type(x.copy()), type(x))
            copy.copy(x), copy.deepcopy(x), pickle.loads(pickle.dumps(x))

    def test_enums(self):
        self.assertEqual(str(sh.SeatStatus.PLAYING), "playing")
        self.assertEqual(str(sh.EndReason.ALL_PLACED), "all-placed")
        self.assertEqual(str(sh.OutReason.DEADLINE), "deadline")
        self.assertEqual(str(sh.EventKind.ARRIVAL), "arrive")


@unittest.skipIf(np is None, "the RL rows need numpy (sternhalma.rl): run under /usr/bin/python3")
class TableOfNamesRL(unittest.TestCase):
    def test_vector_env(self):
        import sternhalma.rl as rl
        v = rl.VectorEnv(2, "classic-2")
        _, infos = v.reset(seed=1)
        self.assertEqual(infos["to_play"].tolist(), [0, 0])
        self.assertEqual(int(infos["action_mask"][0].sum()), 14)
        actions = v.sample_legal()
        self.assertTrue(infos["action_mask"][0, actions[0]])
        _, rewards, terminated, _, infos = v.step(actions)
        self.assertEqual(infos["to_play"].tolist(), [1, 1])  # player 1 (seat K) moves next
        self.assertEqual((rewards.tolist(), terminated.tolist()), ([[0, 0], [0, 0]], [False, False]))

    def test_actions_env_state_symmetries(self):
        import sternhalma.rl as rl
        k3, k5 = sh.parse_cell("k3"), sh.parse_cell("k5")
        a = rl.move_to_action(k3, k5)
        self.assertEqual(a, k3 * 121 + k5)
        self.assertEqual(rl.action_to_move(a), (k3, k5))
        env = rl.Env("classic-2")
        env.reset(seed=1)
        mask = env.observe("player_0")["action_mask"]
        self.assertEqual((int(mask.sum()), bool(mask[a])), (14, True))
        env.step(a)
        self.assertEqual(env.agent_selection, "player_1")
        state = rl.Game("classic-2").new_initial_state()
        legal = state.legal_actions()
        self.assertEqual(len(legal), len(sh.Position("classic-2").legal_moves()))
        self.assertIn(a, legal)
        state.apply_action(a)
        self.assertEqual(state.current_player(), 1)
        # The state and the env played the same move: player 1 sees the same.
        self.assertTrue(np.array_equal(state.observation_tensor(1),
                                       env.observe("player_1")["observation"]))
        self.assertEqual(state.returns(), [0.0, 0.0])
        self.assertIn(state.engine_action("easy", 1), state.legal_actions())
        means = state.playouts(2, 1.0, 10, 1)
        self.assertEqual(means.shape, (2,))
        self.assertAlmostEqual(float(means[0]), -float(means[1]), places=6)  # zero-sum
        # classic-2: rotations 0 and 3, each with and without the reflection.
        s = rl.symmetries("classic-2")
        self.assertEqual((len(s), s[0]), (4, (0, False)))
        self.assertIn((3, False), s)
        self.assertEqual(rl.transform_action(a, 3, False),
                         rl.move_to_action(sh.rotate(k3, 3), sh.rotate(k5, 3)))


if __name__ == "__main__":
    unittest.main()
