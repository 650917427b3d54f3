"""The Python shape of the API: properties for state, methods for
actions, moves in every form, enums, copies and pickles, hints and docstrings."""
import copy
import inspect
import os
import pickle
import unittest

import sternhalma as sh


def public_members(cls):
    for name, value in vars(cls).items():
        if not name.startswith("_"):
            yield name, value


class Shape(unittest.TestCase):
    def test_state_is_properties_and_actions_are_methods(self):
        # Reading state never needs a call; doing or computing something does.
        props = {sh.Rules: {"id", "seats"},
                 sh.Position: {"rules", "text", "to_move", "round", "hash"},
                 sh.Game: {"rules", "position", "to_move", "marbles_of", "is_over", "end_reason",
                           "is_draw", "turns", "round", "actions", "places", "events"},
                 sh.Player: {"level", "budget", "threads", "last_stats"}}
        for cls, expected in props.items():
            found = {n for n, v in public_members(cls) if isinstance(v, property)}
            self.assertEqual(found, expected, cls.__name__)
        for name in ("apply", "undo", "resign", "flag", "legal_moves", "record", "seat"):
            self.assertTrue(callable(getattr(sh.Game, name)), name)
        g = sh.Game("classic-2")
        self.assertIs(g.is_over, False)
        self.assertEqual(g.to_move, 0)

    def test_moves_in_every_form_print_with_cell_names(self):
        k3, k5 = sh.parse_cell("k3"), sh.parse_cell("k5")
        forms = ["k3-k5", ("k3", "k5"), (k3, k5), [k3, "k5"], sh.Move(k3, k5), sh.Move("k3-k5")]
        for form in forms:
            g = sh.Game("classic-2")
            g.apply(form)
            self.assertEqual(g.events[0].move, (k3, k5), form)
            self.assertEqual(str(g.events[0].move), "k3-k5")
            self.assertEqual(repr(g.events[0].move), "Move('k3-k5')")
            p = sh.Position("classic-2")
            self.assertTrue(p.is_legal(form))
            self.assertEqual(p.copy().play(form), g.position)
        self.assertEqual(eval(repr(sh.Move(k3, k5)), {"Move": sh.Move}), sh.Move(k3, k5))
        self.assertEqual(sh.Move(k3, k5).from_, k3)
        self.assertEqual(sh.Move(k3, k5), (k3, k5))
        # A jump chain written hop by hop is checked hop by hop by a position.
        p = sh.Position("classic-2")
        with self.assertRaises(sh.MoveError):
            p.play("k3-k5-k7")

    def test_enums_and_their_names(self):
        for cls, count in [(sh.SeatStatus, 4), (sh.EndReason, 9), (sh.OutReason, 5),
                           (sh.EventKind, 8)]:
            self.assertEqual(len(cls), count)
            self.assertEqual([int(m) for m in cls], list(range(count)))
            for m in cls:
                self.assertNotIn(str(m), ("unknown", "?"), m)
                self.assertEqual(f"{m}", str(m))
        self.assertEqual(str(sh.OutReason.RETURN_HOME), "returned-home")
        self.assertEqual(sh.EndReason.LIMIT, 4)

    def test_end_reason_draw_and_seat_status_are_readable(self):
        # A random classic-2 game ends by the exit deadline (module docstring).
        g = sh.Game("classic-2")
        plays = g.playouts(1, 1000, seed=5)
        self.assertLessEqual(plays[0][1], 70)
        rng = sh.Player("easy", 1)
        while not g.is_over:
            g.apply(rng.choose(g))
        self.assertIsInstance(g.end_reason, sh.EndReason)
        self.assertNotEqual(g.end_reason, sh.EndReason.NONE)
        self.assertIsInstance(g.is_draw, bool)
        for seat in range(6):
            info = g.seat(seat)
            self.assertIsInstance(info.status, sh.SeatStatus)
            self.assertIsInstance(info.out_reason, sh.OutReason)
            self.assertEqual(g.status(seat), info.status)
            self.assertEqual(g.place(seat), g.places[seat])
        self.assertEqual(g.status(1), sh.SeatStatus.NOT_PLAYED)
        ended = g.events[-1]
        self.assertEqual((ended.kind, ended.end_reason), (sh.EventKind.END, g.end_reason))
        # A drawn game: table-2 with a tiny limit that draws.
        r = sh.Rules("table-2", id="table-2-short", limit="1 rounds")
        d = sh.Game(r)
        d.apply("k3-k5")
        d.apply("e14-e13")
        self.assertTrue(d.is_over)
        self.assertEqual(d.end_reason, sh.EndReason.LIMIT)
        self.assertTrue(d.is_draw)

    def test_copy_deepcopy_pickle(self):
        custom = sh.Rules("classic-2", zones="free", id="mine")
        games = [sh.Game("table-3"), sh.Game(custom)]
        for g in games:
            g.apply(g.legal_moves()[0])
            g.apply(g.legal_moves()[-1])
        things = [sh.Rules("japanese-2"), custom, sh.Position("table-3"),
                  sh.Position.start(custom).play("k3-k5"), *games]
        for x in things:
            for y in (copy.copy(x), copy.deepcopy(x), pickle.loads(pickle.dumps(x)), x.copy()):
                self.assertIsNot(y, x)
                self.assertIs(type(y), type(x))
                if isinstance(x, sh.Game):
                    self.assertEqual(y.record(), x.record())
                    self.assertEqual(y.rules, x.rules)
                else:
                    self.assertEqual(y, x)
        # Copies are independent.
        g = games[0]
        c = copy.deepcopy(g)
        c.apply(c.legal_moves()[0])
        self.assertEqual(c.turns, g.turns + 1)
        r = copy.copy(custom)
        r["zones"] = "closed"
        self.assertEqual(custom["zones"], "free")

    def test_player_is_not_pickled_and_says_why(self):
        p = sh.Player("normal", seed=3)
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            with self.assertRaises(TypeError) as e:
                pickle.dumps(p, protocol)
            self.assertIn("a Player cannot be pickled: its random state lives in the C library",
                          str(e.exception))
        self.assertEqual(copy.copy(p).level, "normal")
        self.assertEqual(copy.deepcopy(p).level, "normal")

    def test_player_copy_keeps_its_state(self):
        g = sh.Game("table-2")
        a = sh.Player("easy", seed=11)
        a.choose(g)
        b = a.copy()
        self.assertEqual(b.level, "easy")
        self.assertEqual([a.choose(g) for _ in range(5)], [b.choose(g) for _ in range(5)])

    def test_a_games_position_does_not_swallow_play(self):
        g = sh.Game("classic-2")
        with self.assertRaises(sh.StateError) as cm:
            g.position.play("k3-k5")
        self.assertIn("game.apply", str(cm.exception))
        self.assertEqual(g.turns, 0)
        mine = g.position.copy()
        mine.play("k3-k5")
        self.assertEqual(mine.to_move, 3)
        self.assertEqual(g.position.to_move, 0)

    def test_game_from_a_preset_id_or_rules(self):
        self.assertEqual(sh.Game("table-3").rules.id, "table-3")
        self.assertEqual(sh.Game(sh.Rules("table-3")).rules.id, "table-3")
        with self.assertRaises(sh.PresetError):
            sh.Game("no-such-table")

    def test_type_hints_and_py_typed(self):
        here = os.path.dirname(sh.__file__)
        self.assertTrue(os.path.exists(os.path.join(here, "py.typed")))
        for name in sh.__all__:
            obj = getattr(sh, name)
            if inspect.isfunction(obj):
                self.assertIn("return", obj.__annotations__, name)
            if inspect.isclass(obj) and obj.__module__ == "sternhalma" and \
                    not issubclass(obj, (BaseException, int, tuple)):
                for m, v in public_members(obj):
                    f = v.fget if isinstance(v, property) else \
                        v.__func__ if isinstance(v, (classmethod, staticmethod)) else v
                    if inspect.isfunction(f):
                        self.assertIn("return", f.__annotations__, f"{name}.{m}")

    def test_every_public_name_has_a_docstring(self):
        missing = []
        for name in sh.__all__:
            obj = getattr(sh, name)
            if inspect.isclass(obj) or inspect.isfunction(obj):
                if not (obj.__doc__ or "").strip():
                    missing.append(name)
            if inspect.isclass(obj) and obj.__module__ == "sternhalma":
                for m, v in public_members(obj):
                    f = v.fget if isinstance(v, property) else \
                        v.__func__ if isinstance(v, (classmethod, staticmethod)) else v
                    if callable(f) and not (getattr(f, "__doc__", "") or "").strip():
                        missing.append(f"{name}.{m}")
        self.assertEqual(missing, [])
        # Module-level constants are documented in the module docstring or beside them.
        self.assertIn("Random play", sh.__doc__)


if __name__ == "__main__":
    unittest.main()


class Loading(unittest.TestCase):
    """Where the package looks for libsternhalma in a checkout: build/ first,
    and a library without this package's functions (an older build left in
    another build*/ folder) passed over with the reason, not an AttributeError."""

    def setUp(self):
        import importlib
        import shutil
        import tempfile
        self.lib = sh._lib._name  # the library this run loaded
        self.load = importlib.import_module("sternhalma._lib").load
        self.root = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.root)
        env = os.environ.pop("STERNHALMA_LIB", None)
        if env is not None:
            self.addCleanup(os.environ.__setitem__, "STERNHALMA_LIB", env)
        # A shared library that loads but is not libsternhalma: libm.
        self.libm = next(p for p in ("/lib/x86_64-linux-gnu/libm.so.6", "/usr/lib/x86_64-linux-gnu/libm.so.6",
                                     "/lib64/libm.so.6") if os.path.exists(p))

    def put(self, folder, target):
        d = os.path.join(self.root, folder, "capi")
        os.makedirs(d)
        os.symlink(target, os.path.join(d, "libsternhalma.so"))

    def test_build_comes_before_the_other_build_folders(self):
        self.put("build", self.lib)
        self.put("build-aaa", self.libm)  # sorts before build/ ('-' < '/')
        self.assertTrue(hasattr(self.load(self.root), "sh_game_parse_move"))

    def test_an_older_library_is_passed_over_with_the_reason(self):
        self.put("build-aaa", self.libm)
        self.put("build-zzz", self.lib)
        self.assertTrue(hasattr(self.load(self.root), "sh_game_parse_move"))

    def test_nothing_loadable_names_every_place_tried(self):
        # In a fresh interpreter: this one has libsternhalma loaded, which a
        # search by soname would find again.
        import ctypes.util
        import subprocess
        import sys
        if ctypes.util.find_library("sternhalma"):
            self.skipTest("a libsternhalma is installed on this machine: the search ends there")
        self.put("build-aaa", self.libm)
        code = ("import importlib.util, sys\n"
                "spec = importlib.util.spec_from_file_location('lib', sys.argv[1])\n"
                "m = importlib.util.module_from_spec(spec)\n"
                "spec.loader.exec_module(m)\n"
                "try:\n    m.load(sys.argv[2]); print('loaded')\n"
                "except ImportError as e:\n    print(e)\n")
        env = {k: v for k, v in os.environ.items() if k not in ("STERNHALMA_LIB", "LD_LIBRARY_PATH")}
        out = subprocess.run([sys.executable, "-c", code, sys.modules["sternhalma._lib"].__file__, self.root],
                             env=env, capture_output=True, text=True, check=True).stdout
        self.assertTrue(out.startswith("libsternhalma not found (set STERNHALMA_LIB to the .so): "), out)
        self.assertIn(os.path.join(self.root, "build", "capi", "libsternhalma.so") + ": no such file", out)
        self.assertIn(os.path.join(self.root, "build-aaa", "capi", "libsternhalma.so") + ": ", out)
        self.assertIn("(a library older than this package)", out)
