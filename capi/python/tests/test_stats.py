"""Match statistics from Python: the figures worked out by hand (W/D/L 60/20/20 is a
score of 0.7 with standard error sqrt(0.16 / 100) = 0.04), games out of order,
teams, and every bad argument refused before C with the binding's errors."""
import copy
import math
import unittest

import sternhalma as sh

Z95 = 1.959963984540054


def elo(s):
    return 400 * math.log10(s / (1 - s))


class FreeFunctions(unittest.TestCase):
    def test_elo_from_wdl(self):
        e = sh.elo_from_wdl(60, 20, 20)
        self.assertIsInstance(e, sh.Interval)
        self.assertAlmostEqual(e.value, elo(0.7), places=9)
        self.assertAlmostEqual(e.low, elo(0.7 - Z95 * 0.04), places=9)
        self.assertAlmostEqual(e.high, elo(0.7 + Z95 * 0.04), places=9)
        self.assertEqual(sh.elo_from_wdl(0, 0, 0), (0, 0, 0))
        self.assertAlmostEqual(sh.elo_from_wdl(10, 0, 0).value, 400 * math.log10(19), places=9)

    def test_elo_from_pentanomial(self):
        # 50 pairs: mean 0.61, per-pair variance 0.0704.
        e = sh.elo_from_pentanomial([2, 6, 20, 12, 10])
        self.assertAlmostEqual(e.value, elo(0.61), places=9)
        self.assertAlmostEqual(e.low, elo(0.61 - Z95 * math.sqrt(0.0704 / 50)), places=9)

    def test_sprt_decides_both_ways(self):
        t = sh.SprtTest(0, 10)
        self.assertEqual((t.alpha, t.beta), (0.05, 0.05))
        mid = sh.sprt(t, [2, 6, 20, 12, 10])
        self.assertEqual(mid.decision, sh.SprtDecision.CONTINUE)
        self.assertAlmostEqual(mid.lower, math.log(0.05 / 0.95))
        self.assertAlmostEqual(mid.upper, math.log(0.95 / 0.05))
        strong = sh.sprt(t, [8, 24, 80, 48, 40])
        self.assertEqual(strong.decision, sh.SprtDecision.ACCEPT_H1)
        self.assertAlmostEqual(strong.llr, 4 * mid.llr)  # the GSPRT grows with the pairs
        self.assertEqual(sh.sprt(t, [40, 48, 80, 24, 8]).decision, sh.SprtDecision.ACCEPT_H0)
        self.assertEqual(sh.sprt((0, 10, 0.001, 0.001), [8, 24, 80, 48, 40]).decision,
                         sh.SprtDecision.CONTINUE)
        self.assertIsNone(sh.check_sprt(t))

    def test_bad_arguments(self):
        with self.assertRaisesRegex(sh.RangeError, "wins"):
            sh.elo_from_wdl(-1, 0, 0)
        with self.assertRaisesRegex(sh.RangeError, "draws"):
            sh.elo_from_wdl(0, sh.MAX_STATS_COUNT + 1, 0)
        with self.assertRaisesRegex(sh.RangeError, "add up to"):
            sh.elo_from_wdl(sh.MAX_STATS_COUNT, 1, 0)
        with self.assertRaises(TypeError):
            sh.elo_from_wdl(1.5, 0, 0)
        with self.assertRaises(TypeError):
            sh.elo_from_pentanomial([1, 2, 3])
        with self.assertRaises(TypeError):
            sh.elo_from_pentanomial("12345")
        with self.assertRaisesRegex(sh.RangeError, r"counts\[2\]"):
            sh.elo_from_pentanomial([0, 0, -1, 0, 0])
        for test, field in [((10, 0), "elo0 10 is not below elo1 0"), ((0, 10, 0), "alpha"),
                            ((0, 10, 0.05, 1), "beta"), ((0, 10, 0.6, 0.5), "alpha \\+ beta"),
                            ((0, 2000), "test.elo1"), ((math.nan, 10), "test.elo0")]:
            with self.assertRaisesRegex(sh.RangeError, field):
                sh.check_sprt(test)
            with self.assertRaisesRegex(sh.RangeError, field):
                sh.sprt(test, [1, 1, 1, 1, 1])
        with self.assertRaises(TypeError):
            sh.sprt("0,10", [1, 1, 1, 1, 1])
        with self.assertRaises(TypeError):
            sh.sprt(("0", 10), [1, 1, 1, 1, 1])


class Match(unittest.TestCase):
    def test_two_players_out_of_order(self):
        m = sh.MatchStats(2)
        self.assertEqual((m.players, m.games, m.two_units), (2, 0, True))
        m.add(3, [1, 2])
        m.add(0, [1, 1])
        m.add(2, [1, 2])  # pair 1: won 2-0
        self.assertEqual(m.pentanomial(), (0, 0, 0, 0, 1))
        m.add(1, [2, 1])  # pair 0: 1/2
        self.assertEqual(m.pentanomial(), (0, 1, 0, 0, 1))
        self.assertEqual(m.wdl(), sh.Wdl(2, 1, 1))
        self.assertEqual(m.games, 4)
        self.assertEqual(m.elo(), sh.elo_from_wdl(2, 1, 1))
        self.assertAlmostEqual(m.score().value, 2.5 / 4)
        p1 = m.player(1)
        self.assertEqual(p1[:4], (4, 1, 1, 2))
        self.assertAlmostEqual(p1.place.value, 1.5)
        self.assertEqual(m.pairwise(0, 1), sh.PairScore(4, 2.5))
        self.assertEqual(m.sprt(sh.SprtTest(0, 10)), sh.sprt(sh.SprtTest(0, 10), m.pentanomial()))
        c = copy.copy(m)
        c.add(4, [1, 2])
        self.assertEqual((c.games, m.games), (5, 4))

    def test_three_players_and_teams(self):
        m = sh.MatchStats(3)
        m.add(0, [1, 2, 3])
        m.add(1, [2, 1, 1])
        self.assertFalse(m.two_units)
        with self.assertRaises(sh.StateError):
            m.wdl()
        with self.assertRaises(sh.StateError):
            m.sprt(sh.SprtTest(0, 10))
        self.assertEqual(m.player(2)[:4], (2, 0, 1, 1))
        self.assertEqual(m.pairwise(1, 2), sh.PairScore(2, 1.5))
        self.assertAlmostEqual(m.score().value, (1 + 0) / 2)
        t = sh.MatchStats(4)
        t.add(0, [1, 2, 1, 2], [0, 1, 0, 1])
        t.add(1, [1, 1, 1, 1], teams=(0, 1, 0, 1))
        self.assertEqual(t.pairwise(0, 2).games, 0)  # partners
        self.assertEqual(t.wdl(), sh.Wdl(1, 1, 0))
        self.assertEqual(t.pentanomial(), (0, 0, 0, 1, 0))

    def test_bad_adds_change_nothing(self):
        m = sh.MatchStats(4)
        m.add(5, [1, 2, 1, 2], [0, 1, 0, 1])
        bad = [
            ((-1, [1, 2, 3, 4]), sh.RangeError, "game_index"),
            ((sh.MAX_MATCH_GAMES, [1, 2, 3, 4]), sh.RangeError, "game_index"),
            ((0, [1, 2, 3]), sh.RangeError, "places has 3 entries for 4 players"),
            ((0, [1, 2, 0, 4]), sh.RangeError, r"places\[2\]"),
            ((0, [1, 2, 5, 4]), sh.RangeError, r"places\[2\]"),
            ((0, [1, 2, 1, 2], [0, 1, 0, 4]), sh.RangeError, r"teams\[3\]"),
            ((0, [1, 2, 1, 2], [0, 1]), sh.RangeError, "teams has 2 entries"),
            ((0, [1, 2, 2, 1], [0, 1, 0, 1]), sh.RangeError, "partners share a place"),
            ((0, [1, 1, 1, 1], [3, 3, 3, 3]), sh.RangeError, "at least two teams"),
            ((5, [1, 2, 3, 4]), sh.StateError, "game 5 was added before"),
        ]
        for args, cls, what in bad:
            with self.assertRaisesRegex(cls, what):
                m.add(*args)
        for args in [(True, [1, 2, 3, 4]), (0, [1, 2, 3, 4.0]), (0, "1234"), (0, None)]:
            with self.assertRaises(TypeError):
                m.add(*args)
        self.assertEqual((m.games, m.two_units, m.wdl()), (1, True, sh.Wdl(1, 0, 0)))
        for players in (1, 7):
            with self.assertRaises(sh.RangeError):
                sh.MatchStats(players)
        with self.assertRaises(sh.RangeError):
            m.player(4)
        with self.assertRaises(sh.RangeError):
            m.pairwise(0, -1)


if __name__ == "__main__":
    unittest.main()
