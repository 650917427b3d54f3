"""Tests of sternhalma.rl (needs numpy: run with /usr/bin/python3, which sees
Debian's python3-numpy). Run alone it exits 77 (skipped) without numpy."""
import copy
import ctypes
import os
import pickle
import subprocess
import sys
import unittest
from unittest import mock

try:
    import numpy as np
except ImportError:  # unittest discovery in a python without numpy
    if __name__ == "__main__":
        sys.exit(77)
    raise unittest.SkipTest("sternhalma.rl needs numpy")

import sternhalma as sh
import sternhalma.rl as rl

from sternhalma._loaded import L

_c = rl._c  # the package's library, every function declared by sternhalma._lib


def presets():
    out = []
    buf = ctypes.create_string_buffer(64)
    n = ctypes.c_size_t()
    for i in range(_c.sh_preset_count()):
        assert _c.sh_preset_id(i, buf, 64, ctypes.byref(n)) == 0
        out.append(buf.value.decode())
    return out


def cell(name):
    v = ctypes.c_int()
    assert _c.sh_cell_from_name(name.encode(), ctypes.byref(v)) == 0
    return v.value


def rotate(c, k):
    v = ctypes.c_int()
    assert _c.sh_cell_rotate(c, k, ctypes.byref(v)) == 0
    return v.value


def point_cells(p):
    v = ctypes.c_int()
    out = []
    for c in range(121):
        _c.sh_cell_point(c, ctypes.byref(v))
        if v.value == p:
            out.append(c)
    return out


def position_actions(core, i=0):
    """The legal moves of game i's position, from the position's own move
    generator (not the env's), as sorted action indices."""
    pos = L.PositionP()
    core.check(_c.sh_env_position(core.h, i, ctypes.byref(pos)))
    moves = (L.Move_ * 1600)()
    n = ctypes.c_size_t()
    try:
        assert _c.sh_position_legal_moves(pos, moves, 1600, ctypes.byref(n)) == 0
    finally:
        _c.sh_position_free(pos)
    return sorted(moves[k].from_ * 121 + moves[k].to for k in range(n.value))


def play_to_the_end(env, seed=0):
    """Plays env's game with the "easy" engine's actions (an OpenSpiel State
    of the same table chooses them) until it ends; returns the env."""
    state = rl.Game(env._config.preset).new_initial_state()
    n = 0
    while not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
        a = state.engine_action("easy", seed=seed + n)
        state.apply_action(a)
        env.step(a)
        n += 1
    return env


def aec_state(env):
    """Everything an AEC caller sees of env: its public attributes, each
    agent's observation, last(), the cumulative rewards and the game."""
    d = {k: v for k, v in vars(env).items() if not k.startswith("_")}
    d["num_agents"], d["max_num_agents"] = env.num_agents, env.max_num_agents
    d["_cumulative_rewards"] = env._cumulative_rewards
    d["observe"] = {a: {k: (v.dtype, v.shape, v.tobytes()) for k, v in env.observe(a).items()}
                    for a in env.possible_agents}
    if env.agents:
        obs, *rest = env.last()
        d["last"] = ({k: v.tobytes() for k, v in obs.items()}, *rest)
    d["record"], d["history"] = env.record(), list(env._history)
    return d


COPIERS = [(f"pickle protocol {p}", lambda e, p=p: pickle.loads(pickle.dumps(e, protocol=p)))
           for p in range(pickle.HIGHEST_PROTOCOL + 1)] + [
    ("copy.copy", copy.copy), ("copy.deepcopy", copy.deepcopy)]


def snapshot(env):
    d = env.observe(env.agent_selection)
    return (env.agent_selection, len(env._history), d["observation"].tobytes(),
            d["action_mask"].tobytes())


class Imports(unittest.TestCase):
    def test_no_numpy_names_the_package(self):
        code = "import sys; sys.modules['numpy'] = None\nimport sternhalma.rl"
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=os.environ)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("ImportError: sternhalma.rl needs numpy", r.stderr)
        self.assertIn("python3-numpy", r.stderr)
        self.assertIn("pip install numpy", r.stderr)
        # Both routes into a venv: the rl extra with an index, Debian's numpy without.
        self.assertIn("pip install 'sternhalma[rl]'", r.stderr)
        self.assertIn("/usr/bin/python3 -m venv --system-site-packages", r.stderr)


class Docs(unittest.TestCase):
    def test_every_public_name_has_a_docstring(self):
        import inspect
        missing = []
        for name in rl.__all__:
            obj = getattr(rl, name)
            if (inspect.isclass(obj) or inspect.isfunction(obj)) and not (obj.__doc__ or "").strip():
                missing.append(name)
            if inspect.isclass(obj):
                for m, v in vars(obj).items():
                    f = v.fget if isinstance(v, property) else v
                    if not m.startswith("_") and callable(f) and not (f.__doc__ or "").strip():
                        missing.append(f"{name}.{m}")
        self.assertEqual(missing, [])

    def test_every_public_function_has_a_return_type(self):
        import inspect
        missing = []
        for name in rl.__all__:
            obj = getattr(rl, name)
            if inspect.isfunction(obj) and "return" not in obj.__annotations__:
                missing.append(name)
            if inspect.isclass(obj):
                for m, v in vars(obj).items():
                    f = v.fget if isinstance(v, property) else v
                    if not m.startswith("_") and inspect.isfunction(f) \
                            and "return" not in f.__annotations__:
                        missing.append(f"{name}.{m}")
        self.assertEqual(missing, [])


class Actions(unittest.TestCase):
    def test_encoding(self):
        self.assertEqual(rl.NUM_ACTIONS, 14641)
        self.assertEqual(rl.move_to_action(cell("k3"), cell("k5")), cell("k3") * 121 + cell("k5"))
        self.assertEqual(rl.action_to_move(121 * 5 + 7), (5, 7))
        with self.assertRaises(ValueError):
            rl.move_to_action(0, 121)
        # Cell names, as everywhere a cell is taken; a bad name names itself.
        self.assertEqual(rl.move_to_action("k3", "k5"), cell("k3") * 121 + cell("k5"))
        self.assertEqual(rl.move_to_action("k3", cell("k5")), rl.move_to_action(cell("k3"), "k5"))
        with self.assertRaisesRegex(sh.CellError, "z9"):
            rl.move_to_action("z9", 0)
        with self.assertRaisesRegex(sh.CellError, "to"):
            rl.move_to_action(0, 121)
        with self.assertRaises(TypeError):
            rl.move_to_action(1.5, 0)
        with self.assertRaises(TypeError):
            rl.move_to_action(True, 0)
        with self.assertRaises(ValueError):
            rl.action_to_move(14641)
        with self.assertRaises(TypeError):
            rl.action_to_move(1.0)


class MaskEqualsLegalMoves(unittest.TestCase):
    def test_every_preset(self):
        ids = presets()
        self.assertGreaterEqual(len(ids), 21)
        for k, pid in enumerate(ids):
            with self.subTest(preset=pid):
                env = rl.Env(pid)
                env.reset(seed=k)
                rng = np.random.default_rng(k)
                steps = 0
                for agent in env.agent_iter():
                    obs, reward, term, trunc, info = env.last()
                    if term or trunc:
                        env.step(None)
                        continue
                    mask = obs["action_mask"]
                    self.assertEqual(mask.dtype, np.bool_)
                    legal = np.flatnonzero(mask).tolist()
                    self.assertEqual(legal, position_actions(env._core))
                    if steps % 7 == 0:
                        # An unmasked action is rejected and changes nothing.
                        before = snapshot(env)
                        bad = int(rng.choice(np.flatnonzero(~mask)))
                        with self.assertRaises(sh.MoveError) as cm:
                            env.step(bad)
                        self.assertIn(f"action {bad}", str(cm.exception))
                        self.assertEqual(snapshot(env), before)
                    action = int(rng.choice(legal))
                    env.step(action)
                    steps += 1
                    self.assertLess(steps, 5000)
                self.assertEqual(env.agents, [])
                self.assertGreater(steps, 0)


class Returns(unittest.TestCase):
    def test_two_seats_sum_to_zero(self):
        for pid in ("classic-2", "table-2", "race-2", "japanese-2", "fifteen-2", "online-2",
                    "long-jumps-2"):
            for seed in range(3):
                with self.subTest(preset=pid, seed=seed):
                    v = rl.VectorEnv(1, pid)
                    v.reset(seed=seed)
                    while True:
                        obs, rew, term, trunc, info = v.step(v.sample_legal())
                        if term[0] or trunc[0]:
                            break
                    self.assertTrue(term[0])
                    self.assertEqual(float(rew[0].sum()), 0.0)
                    self.assertIn(sorted(rew[0].tolist()), ([-1.0, 1.0], [0.0, 0.0]))

    def test_win_reward_and_truncation(self):
        env = rl.Env("classic-3", reward="win", max_turns=5)
        env.reset(seed=2)
        for _ in range(5):
            obs = env.observe(env.agent_selection)
            env.step(env.action_space(env.agent_selection).sample(obs["action_mask"]))
        self.assertEqual(env.truncations, {a: True for a in env.possible_agents})
        self.assertEqual(env.terminations, {a: False for a in env.possible_agents})
        self.assertEqual(env.rewards, {a: 0.0 for a in env.possible_agents})
        # The dead agents step with None, one by one.
        with self.assertRaises(ValueError):
            env.step(0)
        for agent in env.agent_iter():
            self.assertTrue(env.last()[3])
            env.step(None)
        self.assertEqual(env.agents, [])

    def test_dead_steps_clear_rewards(self):
        # PettingZoo's AECEnv._was_dead_step: each dead step clears the rewards
        # of the agents left; their cumulative rewards wait for their own last().
        env = play_to_the_end(rl.Env("classic-3"))
        self.assertEqual(len(env._history), 233)  # the game ended at its 233rd move
        self.assertEqual(env.rewards, {"player_0": -1.0, "player_1": 1.0, "player_2": 0.0})
        self.assertEqual(env._cumulative_rewards,
                         {"player_0": -1.0, "player_1": 1.0, "player_2": 0.0})
        self.assertEqual(env.last()[1:], (-1.0, True, False, {}))
        env.step(None)
        self.assertEqual(env.agents, ["player_1", "player_2"])
        self.assertEqual(env.agent_selection, "player_1")
        self.assertEqual(env.rewards, {"player_1": 0.0, "player_2": 0.0})
        self.assertEqual(env._cumulative_rewards, {"player_1": 1.0, "player_2": 0.0})
        self.assertEqual(env.last()[1:], (1.0, True, False, {}))
        env.step(None)
        self.assertEqual(env.rewards, {"player_2": 0.0})
        self.assertEqual(env._cumulative_rewards, {"player_2": 0.0})
        self.assertEqual(env.last()[1:], (0.0, True, False, {}))
        env.step(None)
        self.assertEqual((env.agents, env.agent_selection), ([], None))
        self.assertEqual((env.rewards, env._cumulative_rewards), ({}, {}))
        self.assertEqual((env.terminations, env.truncations, env.infos), ({}, {}, {}))

    def test_rank_values_three_seats(self):
        v = rl.VectorEnv(4, "table-3", max_turns=None)
        v.reset(seed=9)
        seen = 0
        for _ in range(3000):
            obs, rew, term, trunc, info = v.step(v.sample_legal())
            for i in np.flatnonzero(term):
                seen += 1
                self.assertAlmostEqual(float(rew[i].sum()), 0.0, places=5)
                self.assertTrue(set(np.round(rew[i], 3).tolist()) <= {1.0, 0.5, 0.0, -0.5, -1.0})
        self.assertGreater(seen, 0)


class Observations(unittest.TestCase):
    def test_classic6_start_every_seat(self):
        state = rl.Game("classic-6").new_initial_state()
        for p in range(6):
            obs = state.observation_tensor(p)
            self.assertEqual(obs.shape, (12, 121))
            for k in range(6):
                self.assertEqual(np.flatnonzero(obs[k]).tolist(), point_cells(k), (p, k))
            self.assertEqual(np.flatnonzero(obs[7]).tolist(), point_cells(3))
            self.assertEqual(np.flatnonzero(obs[8]).tolist(),
                             sorted(point_cells(1) + point_cells(2) + point_cells(4) + point_cells(5)))
            self.assertTrue(np.all(obs[9] == 1.0) and np.all(obs[10] == 1.0))
            self.assertFalse(obs[11].any())

    def test_classic6_a_move_seen_from_every_seat(self):
        state = rl.Game("classic-6").new_initial_state()
        frm, to = cell("l4"), cell("l5")
        state.apply_action(rl.move_to_action(frm, to))
        game = state.get_game()
        for p in range(6):
            seat = game.seats()[p]
            obs = state.observation_tensor(p)
            slot = (0 - seat) % 6  # W's place in p's turn order
            self.assertEqual(obs[slot, rotate(to, -seat)], 1.0)
            self.assertEqual(obs[slot, rotate(frm, -seat)], 0.0)
            self.assertEqual(obs[slot].sum(), 10)
            # deadline plane: W has used one of its 30 moves, the others none
            self.assertAlmostEqual(float(obs[10, 0]), 29 / 30 if seat == 0 else 1.0, places=6)
            self.assertEqual(float(obs[9, 5]), 1.0)  # 150 rounds, none completed yet

    def test_grid_and_uint8(self):
        g_cells = rl.Game("japanese-2").new_initial_state()
        g_grid = rl.Game("japanese-2", layout="grid").new_initial_state()
        a = g_cells.observation_tensor(1)
        b = g_grid.observation_tensor(1)
        self.assertEqual(b.shape, (12, 17, 17))
        grid = rl._grid_index()
        np.testing.assert_array_equal(b.reshape(12, 289)[:, grid], a)
        self.assertEqual(b.sum(), a.sum())
        self.assertEqual(np.flatnonzero(a[6]).tolist(), [0, 120])  # the two kings
        env = rl.Env("classic-2", dtype="uint8", max_turns=10)
        obs = env.observe(env.agent_selection)["observation"]
        self.assertEqual(obs.dtype, np.uint8)
        self.assertEqual(int(obs[9, 0]), 255)
        self.assertEqual(env.observation_space("player_0").shape, (12, 121))
        self.assertEqual(env.action_space("player_1").n, 14641)
        # the Box samples from its own seeded generator, bounds included
        box = env.observation_space("player_0")
        box.seed(7)
        a = box.sample()
        box.seed(7)
        np.testing.assert_array_equal(box.sample(), a)
        self.assertEqual(a.dtype, np.uint8)
        self.assertIn(a, box)
        self.assertEqual(int(rl.Box(0, 1, (4000,), np.uint8, seed=1).sample().max()), 1)
        self.assertIn(rl.Box(0, 1, (3,), np.float32, seed=1).sample(), rl.Box(0, 1, (3,), np.float32))


class Loops(unittest.TestCase):
    def test_aec_loop_equals_openspiel_loop(self):
        for pid in ("classic-2", "pairs-2x2", "japanese-3", "table-5"):
            with self.subTest(preset=pid):
                env = rl.Env(pid)
                env.reset(seed=4)
                state = rl.Game(pid).new_initial_state()
                actions = []
                for agent in env.agent_iter():
                    obs, reward, term, trunc, info = env.last()
                    if term or trunc:
                        self.assertTrue(state.is_terminal())
                        self.assertEqual(reward, state.returns()[env.agent_name_mapping[agent]])
                        env.step(None)
                        continue
                    self.assertEqual(state.current_player(), env.agent_name_mapping[agent])
                    self.assertEqual(np.flatnonzero(obs["action_mask"]).tolist(),
                                     state.legal_actions())
                    np.testing.assert_array_equal(
                        obs["observation"], state.observation_tensor(state.current_player()))
                    a = env.action_space(agent).sample(obs["action_mask"])
                    actions.append(a)
                    env.step(a)
                    state.apply_action(a)
                self.assertEqual(state.history(), actions)
                self.assertEqual(state.current_player(), rl.TERMINAL)
                self.assertEqual(state.record(), env.record())
                self.assertAlmostEqual(sum(state.returns()), 0.0, places=5)

    def test_vector_equals_single_games(self):
        n = 3
        v = rl.VectorEnv(n, "classic-2", max_turns=70, dtype="uint8")
        singles = [rl.VectorEnv(1, "classic-2", max_turns=70, dtype="uint8") for _ in range(n)]
        out_v = v.reset(seed=50)
        outs = [s.reset(seed=50 + i) for i, s in enumerate(singles)]
        ends = 0
        for t in range(300):
            for i in range(n):
                np.testing.assert_array_equal(out_v[0][i], outs[i][0][0])
                np.testing.assert_array_equal(out_v[-1]["action_mask"][i],
                                              outs[i][-1]["action_mask"][0])
                np.testing.assert_array_equal(out_v[-1]["to_play"][i], outs[i][-1]["to_play"][0])
                if len(out_v) == 5:
                    for k in (1, 2, 3):
                        np.testing.assert_array_equal(out_v[k][i], outs[i][k][0])
            acts = v.sample_legal().copy()
            single_acts = [s.sample_legal()[0] for s in singles]
            self.assertEqual(acts.tolist(), single_acts)
            out_v = v.step(acts)
            outs = [s.step(np.array([a], dtype=np.int32)) for s, a in zip(singles, acts)]
            ends += int(out_v[2].sum() + out_v[3].sum())
        self.assertGreater(ends, 0)

    def test_vector_arrays_hold_every_game_each_step(self):
        # VectorEnv writes two sets of arrays in turn, each updated in place
        # with what changed since it was last written: after every step each
        # game's observation must equal a fresh one and its mask its legal
        # actions, and a step's arrays stay as they were through the next step.
        for preset, dtype, layout in (("classic-2", "float32", "cells"),
                                      ("classic-2", "uint8", "grid"),
                                      ("classic-3", "uint8", "cells")):
            v = rl.VectorEnv(3, preset, max_turns=60, dtype=dtype, layout=layout)
            obs, info = v.reset(seed=4)
            before = None
            for t in range(150):
                for i in range(3):
                    p = int(info["to_play"][i])
                    np.testing.assert_array_equal(obs[i], v.observe(i, p))
                    self.assertEqual(np.flatnonzero(info["action_mask"][i]).tolist(),
                                     list(v._core.legal(i)))
                if before is not None:
                    np.testing.assert_array_equal(before[0], before[1])
                before = (obs, obs.copy())
                obs, rew, term, trunc, info = v.step(v.sample_legal())

    def test_vector_env_arguments(self):
        v = rl.VectorEnv(2, "classic-2")
        obs, info = v.reset(seed=1)
        self.assertEqual(obs.shape, (2, 12, 121))
        self.assertFalse(obs.flags.writeable)
        with self.assertRaises(ValueError):
            v.step([0])
        with self.assertRaises(TypeError):
            v.step(np.array([0.5, 1.5]))
        with self.assertRaises(ValueError):
            v.step(np.array([2 ** 40, 0], dtype=np.int64))
        with self.assertRaises(sh.MoveError) as cm:
            v.step(np.array([v.sample_legal()[0], 0]))
        self.assertIn("game 1", str(cm.exception))
        with self.assertRaises(ValueError):
            rl.VectorEnv(0)
        with self.assertRaises(TypeError):
            rl.VectorEnv(2.0)
        with self.assertRaises(ValueError):
            rl.VectorEnv(2, reward="points")
        with self.assertRaises(sh.PresetError):
            rl.VectorEnv(2, "classic-7")
        with self.assertRaises(sh.OptionError):
            rl.VectorEnv(2, "classic-2", zones="nowhere")
        with self.assertRaises(ValueError):
            rl.Env(max_turns=0)


# Bad arguments: (call, exception class, text the message must contain). Each
# is refused before C (ctypes would truncate or coerce it) and changes nothing.
BAD_CALLS = [
    ("v.observe(2**64, 0)", sh.RangeError, "i must be in 0..1, got 18446744073709551616"),
    ("v.observe(0, 2**32)", sh.RangeError, "player must be in 0..1"),
    ("v.observe(2, 0)", sh.RangeError, "i must be in 0..1, got 2"),
    ("v.observe(1.9, 0)", TypeError, "i must be an int, not float"),
    ("v.observe('1', 0)", TypeError, "i must be an int, not str"),
    ("v.observe(True, True)", TypeError, "i must be an int, not bool"),
    ("v.observe(0, np.bool_(True))", TypeError, "player must be an int, not bool_"),
    ("v.record(2**64)", sh.RangeError, "i must be in 0..1"),
    ("v.render(-1)", sh.RangeError, "i must be in 0..1"),
    ("v.reset(seed=2**64)", sh.RangeError, "seed must be in 0..18446744073709551615"),
    ("v.reset(seed=-1)", sh.RangeError, "seed must be in 0.."),
    ("s.engine_action('easy', 2.9)", TypeError, "seed must be an int, not float"),
    ("s.engine_action('easy', -1)", sh.RangeError, "seed must be in 0.."),
    ("s.engine_action('easy\\0junk')", sh.OptionError, "level holds a NUL character at index 4"),
    ("s.engine_action('easy\\udc80')", sh.OptionError, "level holds a character UTF-8 cannot encode"),
    ("s.playouts(1, '0.5', 10, 12)", TypeError, "epsilon must be a number, not str"),
    ("s.playouts(1, 0.5, 10, '12')", TypeError, "seed must be an int, not str"),
    ("s.playouts(1, 0.5, 10, 12.0)", TypeError, "seed must be an int, not float"),
    ("s.playouts(1, float('nan'))", sh.RangeError, "epsilon must be a finite number"),
    ("s.playouts(1, 1.5)", sh.RangeError, "epsilon must be in 0..1"),
    ("s.playouts(True)", TypeError, "n must be an int, not bool"),
    ("s.string_to_action(5)", TypeError, "text must be a str, not int"),
    ("s.player_return(-1)", sh.RangeError, "player must be in 0..1, got -1"),
    ("s.player_return(2)", sh.RangeError, "player must be in 0..1, got 2"),
    ("s.player_return(True)", TypeError, "player must be an int, not bool"),
    ("s.observation_tensor(True)", TypeError, "player must be an int, not bool"),
    ("rl.transform_action(5, True)", TypeError, "rotation must be an int, not bool"),
    ("rl.transform_action(5, 0, 'no')", TypeError, "reflect must be a bool, not str"),
    ("rl.transform_mask(np.zeros(14641), 0, 1)", TypeError, "reflect must be a bool, not int"),
    ("rl.cell_permutation(2**40)", sh.RangeError, "rotation must be in"),
    ("rl.VectorEnv(1, preset='table-2\\0junk')", sh.PresetError, "preset holds a NUL character at index 7"),
    ("rl.VectorEnv(1, preset='\\udc80')", sh.PresetError, "preset holds a character UTF-8 cannot encode"),
    ("rl.Env('table-2', id='x-2\\0garbage')", sh.OptionError, "option id holds a NUL character at index 3"),
    ("rl.Env('table-2', **{'deadline\\0': 'none'})", sh.OptionError, "holds a NUL character at index 8"),
    ("rl.Game('table-2', deadline='none\\0x')", sh.OptionError, "option deadline holds a NUL"),
    ("rl.Env('table-2', opponents={1: 'easy\\0junk'})", sh.OptionError, "level of player 1 holds a NUL"),
    ("rl.symmetries('classic-2', **{'id\\0x': 'q-2'})", sh.OptionError, "holds a NUL character at index 2"),
    ("rl.Env(opponents={np.bool_(True): 'easy'})", ValueError, "True (bool_) is not a player"),
    ("rl.Env(opponents={1.0: 'easy'})", ValueError, "1.0 (float) is not a player"),
    # digits that are not ASCII: int() refuses '\u00b2' and reads '\u0663' as 3
    ("rl.Env('table-2', opponents={'player_\\u00b2': 'easy'})", ValueError,
     "opponents: 'player_\u00b2' (str) is not a player (0..5 or 'player_k')"),
    ("rl.Env('classic-6', opponents={'player_\\u0663': 'easy'})", ValueError,
     "opponents: 'player_\u0663' (str) is not a player (0..5 or 'player_k')"),
    ("e.reset(seed=-1)", sh.RangeError, "seed must be in 0.."),
    # the main module with numpy's types
    ("sh.cell_name(np.bool_(True))", TypeError, "cell must be an int, not bool_"),
    ("sh.Position('classic-2').owner(np.bool_(False))", TypeError, "cell must be an int, not bool_"),
    ("sh.rating_changes([1, 2], [1500, 1500], k=np.complex128(32 + 1j))", TypeError,
     "k must be a number, not complex128"),
    ("sh.rating_changes([1, 2], [np.complex64(1500), 1500])", TypeError,
     "ratings[0] must be a number, not complex64"),
    ("sh.count_moves_batch(sh.Rules('classic-2'), np.frombuffer(pk * 2, np.uint8)[::2])", TypeError,
     "packed must be a C-contiguous buffer"),
    ("sh.Position.unpack('classic-2', np.frombuffer(pk * 2, np.uint8)[::2])", TypeError,
     "packed must be a C-contiguous buffer"),
]


class HostileArguments(unittest.TestCase):
    def test_each_bad_call_is_refused_and_changes_nothing(self):
        v = rl.VectorEnv(2, "table-2")
        v.reset(seed=1)
        v.step(v.sample_legal())
        s = rl.Game("table-2").new_initial_state()
        s.apply_action(s.legal_actions()[0])
        e = rl.Env("table-2")
        e.reset(seed=4)
        pk = sh.Position("classic-2").pack()

        def snap():
            return ([v.record(i) for i in range(2)], v.observe(1, 1).tobytes(), s.history(),
                    s.record(), e.record(), e._action_space.np_random.bit_generator.state)

        before = snap()
        for call, exc, text in BAD_CALLS:
            with self.subTest(call=call):
                with self.assertRaises(exc) as cm:
                    eval(call)
                self.assertIn(text, str(cm.exception))
                self.assertEqual(snap(), before)

    def test_numpy_ints_are_ints(self):
        v = rl.VectorEnv(2, "table-2")
        v.reset(seed=np.uint64(2**64 - 1))
        np.testing.assert_array_equal(v.observe(np.int64(1), np.int32(1)), v.observe(1, 1))
        self.assertEqual(rl.Env(opponents={np.int64(1): "easy"}).possible_agents, ["player_0"])
        self.assertEqual(rl.transform_action(5, np.int64(7)), rl.transform_action(5, 1))
        self.assertEqual(rl.transform_action(5, 0, np.bool_(True)), rl.transform_action(5, 0, True))


class Opponents(unittest.TestCase):
    def test_engine_plays_its_seat(self):
        env = rl.Env("classic-2", opponents={"player_1": "normal"})
        self.assertEqual(env.possible_agents, ["player_0"])
        env.reset(seed=5)
        moves = 0
        for agent in env.agent_iter():
            self.assertEqual(agent, "player_0")
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                final = reward
                env.step(None)
                continue
            env.step(env.action_space(agent).sample(obs["action_mask"]))
            moves += 1
        self.assertEqual(env.agents, [])
        self.assertGreater(moves, 10)
        self.assertIn(final, (-1.0, 0.0, 1.0))
        state = rl.Game("classic-2").new_initial_state()
        a = state.engine_action("normal", seed=1)
        self.assertIn(a, state.legal_actions())
        with self.assertRaises(sh.OptionError):
            state.engine_action("grandmaster")
        with self.assertRaises(sh.OptionError):
            rl.Env("classic-2", opponents=["easy", "easy"])
        with self.assertRaises(sh.OptionError):
            rl.Env("classic-2", opponents={0: "champion"})
        with self.assertRaises(ValueError):
            rl.Env("classic-2", opponents={"player_9": "easy"})
        v = rl.VectorEnv(2, "classic-3", opponents=[None, "easy", "normal"])
        v.reset(seed=1)
        for _ in range(50):
            obs, rew, term, trunc, info = v.step(v.sample_legal())
            live = ~(term | trunc)
            self.assertTrue(np.all(info["to_play"][live] == 0))


    def test_max_turns_within_the_engine_opening_is_refused(self):
        # Players 0 and 1 are engines and open the game: a limit of 1 or 2 turns
        # would end it in reset, before player_2 ever acts.
        for max_turns in (1, 2):
            with self.subTest(max_turns=max_turns):
                with self.assertRaises(sh.RangeError) as cm:
                    rl.Env("classic-3", opponents={0: "easy", 1: "easy"}, max_turns=max_turns)
                self.assertIn("max_turns", str(cm.exception))
        env = rl.Env("classic-3", opponents={0: "easy", 1: "easy"}, max_turns=3)
        obs, reward, term, trunc, info = env.last()
        self.assertEqual((env.agent_selection, reward, term, trunc), ("player_2", 0.0, False, False))
        self.assertEqual(sorted(np.flatnonzero(obs["action_mask"]).tolist()),
                         sorted(env._core.legal()))
        self.assertGreater(int(obs["action_mask"].sum()), 0)

    def test_a_game_ended_by_reset_is_reported(self):
        # C refuses the tables whose game would end in reset; should it ever
        # report one, reset says so as step does (the seat to play may then be
        # an engine's, which is no agent).
        cases = [({0: "easy", 1: "easy"}, "truncated", [0.0, 0.0, 0.5]),
                 ({1: "easy"}, "terminated", [1.0, -1.0, -0.5])]
        for opponents, end, returns in cases:
            with self.subTest(opponents=opponents, end=end):
                env = rl.Env("classic-3", opponents=opponents)
                real = rl._env._c

                class EndedAtReset:
                    def __getattr__(self, name):
                        return getattr(real, name)

                    def sh_env_reset(self, h, seed, buf):
                        st = real.sh_env_reset(h, seed, buf)
                        getattr(env._buf, end)[0] = 1
                        env._buf.rewards[0] = returns
                        env._buf.mask[0] = 0
                        env._buf.to_play[0] = 1
                        return st

                with mock.patch.object(rl._env, "_c", EndedAtReset()):
                    env.reset(seed=1)
                agents = env.possible_agents
                want = {a: returns[env.agent_name_mapping[a]] for a in agents}
                self.assertEqual(env.agents, agents)
                self.assertEqual(env.agent_selection, agents[0])
                self.assertEqual(env.rewards, want)
                self.assertEqual(env._cumulative_rewards, want)
                self.assertEqual(env.terminations, {a: end == "terminated" for a in agents})
                self.assertEqual(env.truncations, {a: end == "truncated" for a in agents})
                obs, reward, term, trunc, info = env.last()
                self.assertEqual((reward, term, trunc), (want[agents[0]], end == "terminated",
                                                         end == "truncated"))
                self.assertFalse(obs["action_mask"].any())
                with self.assertRaises(ValueError):
                    env.step(0)
                for agent in env.agent_iter():
                    self.assertEqual(env.last()[1], want[agent])
                    env.step(None)
                self.assertEqual((env.agents, env.rewards), ([], {}))


class Copies(unittest.TestCase):
    def test_clone_is_independent(self):
        s = rl.Game("classic-2").new_initial_state()
        s.apply_action(s.legal_actions()[0])
        c = s.clone()
        legal, obs = s.legal_actions(), s.observation_tensor(0)
        c.apply_action(c.legal_actions()[3])
        self.assertEqual(s.legal_actions(), legal)
        np.testing.assert_array_equal(s.observation_tensor(0), obs)
        self.assertEqual(len(s.history()), 1)
        self.assertEqual(len(c.history()), 2)

    def test_playouts(self):
        s = rl.Game("classic-2").new_initial_state()
        self.assertEqual(s.playouts(2, 0.0, 0, seed=1).tolist(), [0.0, 0.0])
        s.apply_action(rl.move_to_action(cell("k3"), cell("k5")))
        lead = s.playouts(1, 0.0, 0, seed=1)
        self.assertAlmostEqual(float(lead[0]), float(np.tanh(0.1)), places=6)
        self.assertAlmostEqual(float(lead[1]), -float(np.tanh(0.1)), places=6)
        full = s.playouts(3, 0.1, 1000, seed=4)
        self.assertAlmostEqual(float(full.sum()), 0.0, places=6)
        self.assertEqual(s.history(), [rl.move_to_action(cell("k3"), cell("k5"))])
        with self.assertRaises(ValueError):
            s.playouts(1, epsilon=2.0)
        with self.assertRaises(ValueError):
            s.playouts(-1)
        with self.assertRaises(TypeError):
            s.playouts(1.5)

    def test_playouts_stop_at_the_turns_in_all(self):
        # Without a turn limit random games last thousands of turns: 200 of
        # them pass the 200 000 turns one call may play (the C ABI's
        # SH_ERR_LIMIT, the same LimitError as the main module's).
        s = rl.Game("classic-2", id="u-2", limit="none", deadline="none",
                    repetition=False).new_initial_state()
        with self.assertRaisesRegex(sh.LimitError, "ceiling of 200000 turns in all per call"):
            s.playouts(200, 1.0, 100000, seed=1)
        self.assertEqual(s.history(), [])

    def continue_both(self, env, twin, moves=None):
        """Plays env and twin on in step to the end, the moves given (else each
        one's own sampler, which must agree), checking they stay equal."""
        moves = iter(moves or ())
        for agent in env.agent_iter():
            self.assertEqual(twin.agent_selection, agent)
            obs, reward, term, trunc, info = env.last()
            action = None
            if not (term or trunc):
                action = env.action_space(agent).sample(obs["action_mask"])
                self.assertEqual(twin.action_space(agent).sample(obs["action_mask"]), action)
                action = next(moves, action)
            env.step(action)
            twin.step(action)
            self.assertEqual(aec_state(twin), aec_state(env))
        self.assertEqual(twin.agents, [])

    def test_copies_keep_the_aec_state(self):
        # A copy replays the moves and then the dead steps: agents that left
        # stay gone, and the rewards, agent_selection and last() are the same.
        moves = play_to_the_end(rl.Env("classic-3"))._history
        self.assertEqual(len(moves), 233)
        # (moves played, dead steps): in the game, at its end, between and
        # after the dead steps.
        for played, dead in ((100, 0), (233, 0), (233, 1), (233, 2), (233, 3)):
            for name, copier in COPIERS:
                with self.subTest(played=played, dead=dead, copier=name):
                    env = rl.Env("classic-3")
                    env.reset(seed=7)
                    for a in moves[:played]:
                        env.step(a)
                    for _ in range(dead):
                        env.step(None)
                    self.assertEqual(env.num_agents, 3 - dead)
                    twin = copier(env)
                    self.assertEqual(aec_state(twin), aec_state(env))
                    self.continue_both(env, twin, moves[played:])
        # Truncated, with an engine opponent, and the dead steps' order.
        for dead in range(3):
            for name, copier in COPIERS:
                with self.subTest(opponent=True, dead=dead, copier=name):
                    env = rl.Env("classic-4", opponents={2: "easy"}, max_turns=9)
                    env.reset(seed=3)
                    for agent in env.agent_iter():
                        obs, reward, term, trunc, info = env.last()
                        if term or trunc:
                            break
                        env.step(env.action_space(agent).sample(obs["action_mask"]))
                    for _ in range(dead):
                        env.step(None)
                    self.assertEqual(env.truncations, {a: True for a in env.agents})
                    twin = copier(env)
                    self.assertEqual(twin.agents, ["player_0", "player_1", "player_3"][dead:])
                    self.assertEqual(aec_state(twin), aec_state(env))
                    self.continue_both(env, twin)

    def test_pickle(self):
        env = rl.Env("pairs-2x2", id="pairs-open", deadline="none")
        env.reset(seed=3)
        for _ in range(9):
            obs = env.observe(env.agent_selection)
            env.step(env.action_space(env.agent_selection).sample(obs["action_mask"]))
        env2 = pickle.loads(pickle.dumps(env))
        self.assertEqual(snapshot(env2), snapshot(env))
        self.assertEqual(env2.record(), env.record())
        # The sampler continues the same stream.
        m = env.observe(env.agent_selection)["action_mask"]
        self.assertEqual(env.action_space(env.agent_selection).sample(m),
                         env2.action_space(env2.agent_selection).sample(m))
        with self.assertRaises(TypeError) as cm:
            pickle.dumps(rl.VectorEnv(2))
        self.assertIn("cannot be pickled", str(cm.exception))
        game = pickle.loads(pickle.dumps(rl.Game("japanese-3", layout="grid", reward="win")))
        self.assertEqual(game.observation_tensor_shape(), [12, 17, 17])
        self.assertEqual(game.num_players(), 3)
        s = rl.Game("table-3", max_turns=50).new_initial_state()
        for a in (0, 1):
            s.apply_action(s.legal_actions()[a])
        s2 = pickle.loads(pickle.dumps(s))
        self.assertEqual(s2.history(), s.history())
        self.assertEqual(s2.legal_actions(), s.legal_actions())
        self.assertEqual(str(s2), str(s))


# Four threads share one State, one Env and one VectorEnv: each object's C
# calls are serialised (actions race, so MoveError/StateError are expected;
# a signal, another error or a history that disagrees with the game is not).
THREADS = """
import threading
import numpy as np
import sternhalma as sh
import sternhalma.rl as rl
s = rl.Game("table-2").new_initial_state()
env = rl.Env("table-2")
venv = rl.VectorEnv(8, "table-2")
venv.reset(seed=1)
bad = []

def work():
    for _ in range(200):
        try:
            legal = s.legal_actions()
            if legal:
                s.apply_action(legal[0])
            s.clone()
            s.observation_tensor(0)
            s.record()
            s.returns()
            agent = env.agent_selection
            if env.agents and not env.terminations.get(agent, True):
                mask = env.observe(agent)["action_mask"]
                env.step(int(np.flatnonzero(mask)[0]))
            env.record()
            venv.step(venv.sample_legal())
            venv.observe(3, 1)
            venv.record(2)
        except (sh.MoveError, sh.StateError, KeyError, ValueError, IndexError):
            pass
        except Exception as e:
            bad.append(f"{type(e).__name__}: {e}")

threads = [threading.Thread(target=work) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
replay = rl.Game("table-2").new_initial_state()
for a in s.history():
    replay.apply_action(a)
print(bad[:3], replay.record() == s.record(), len(s.history()) > 0)
"""


class SharedBetweenThreads(unittest.TestCase):
    def test_objects_shared_by_four_threads(self):
        for run in range(3):
            with self.subTest(run=run):
                r = subprocess.run([sys.executable, "-c", THREADS], capture_output=True, text=True,
                                   timeout=300)
                self.assertGreaterEqual(r.returncode, 0, f"killed by signal {-r.returncode}")
                self.assertEqual(r.returncode, 0, r.stderr[-2000:])
                self.assertEqual(r.stdout.strip(), "[] True True")


class Symmetries(unittest.TestCase):
    def test_tables(self):
        self.assertEqual(rl.symmetries("classic-2"), [(0, False), (3, False), (0, True), (3, True)])
        self.assertEqual(rl.symmetries("classic-3"), [(0, False), (2, False), (4, False)])
        self.assertEqual(rl.symmetries("pairs-2x2"), [(0, False), (3, False)])
        self.assertEqual(rl.symmetries("table-5"), [(0, False)])
        self.assertEqual(len(rl.symmetries("three-pairs")), 6)

    def test_reflection_keeps_the_start(self):
        env = rl.Env("classic-2")
        d = env.observe(env.agent_selection)
        obs, mask = d["observation"], d["action_mask"]
        np.testing.assert_array_equal(rl.transform_observation(obs, 0, True), obs)
        np.testing.assert_array_equal(rl.transform_mask(mask, 0, True), mask)
        grid = rl.Env("classic-2", layout="grid").observe("player_0")["observation"]
        np.testing.assert_array_equal(rl.transform_observation(grid, 0, True), grid)

    def test_actions_into_the_observers_frame(self):
        # docs/guides/rl.md's recipe: rotation=-seat takes board actions into the
        # frame of the observation, where the mover's marbles are plane 0;
        # rotation=seat takes them back. Every seat of classic-6 in turn.
        env = rl.Env("classic-6")
        env.reset(seed=4)
        rng = np.random.default_rng(4)
        seen = set()
        for _ in range(12):
            agent = env.agent_selection
            seat = env.seat_of(agent)
            seen.add(seat)
            d = env.observe(agent)
            acts = np.flatnonzero(d["action_mask"])
            framed = rl.transform_action(acts, rotation=-seat)
            own = set(np.flatnonzero(d["observation"][0]).tolist())
            self.assertTrue({int(a) // 121 for a in framed} <= own)
            np.testing.assert_array_equal(
                np.flatnonzero(rl.transform_mask(d["action_mask"], rotation=-seat)), np.sort(framed))
            np.testing.assert_array_equal(np.sort(rl.transform_action(framed, rotation=seat)), acts)
            env.step(int(rng.choice(acts)))
        self.assertEqual(seen, {0, 1, 2, 3, 4, 5})

    def test_rotation_maps_legal_actions(self):
        # classic-2 with K first is W's game turned half a turn.
        w = rl.Game("classic-2").new_initial_state()
        k = rl.Game("classic-2", first_seat="K").new_initial_state()
        for _ in range(6):
            mapped = sorted(rl.transform_action(np.array(w.legal_actions()), 3).tolist())
            self.assertEqual(mapped, k.legal_actions())
            a = w.legal_actions()[len(w.legal_actions()) // 2]
            w.apply_action(a)
            k.apply_action(rl.transform_action(a, 3))
        obs_w, obs_k = w.observation_tensor(0), k.observation_tensor(0)
        np.testing.assert_array_equal(obs_w, obs_k)  # the observer's frame absorbs the turn


class LegalActionLists(unittest.TestCase):
    """VectorEnv.legal_actions(): the lists the C step wrote, equal to the mask."""

    def test_every_preset(self):
        for pid in presets():
            with self.subTest(preset=pid):
                v = rl.VectorEnv(3, pid)
                v.reset(seed=4)
                for step in range(25):
                    acts, counts = v.legal_actions()
                    self.assertEqual(acts.shape, (3, sh.MAX_MOVES))
                    self.assertEqual((acts.dtype, counts.dtype), (np.int32, np.int32))
                    mask = v.action_masks
                    for i in range(3):
                        n = int(counts[i])
                        self.assertEqual(sorted(acts[i, :n].tolist()),
                                         np.flatnonzero(mask[i]).tolist())
                        self.assertTrue((acts[i, n:] == -1).all())
                    v.step(v.sample_legal())

    def test_before_reset_and_copies(self):
        v = rl.VectorEnv(2, "table-2", copy=True)
        with self.assertRaises(sh.StateError):
            v.legal_actions()
        v.reset(seed=1)
        a, n = v.legal_actions()
        a[0, 0] = 7  # a copy: the env's list is unchanged
        self.assertNotEqual(v.legal_actions()[0][0, 0], 7)
        self.assertTrue(a.flags.writeable)
        w = rl.VectorEnv(1, "table-2")
        w.reset(seed=1)
        self.assertFalse(w.legal_actions()[0].flags.writeable)


class ObserverFrame(unittest.TestCase):
    """action_frame="observer": masks, lists, sample_legal and step's actions
    turned with the observation, as transform_mask/transform_action do."""

    def test_vector_env_against_transform(self):
        for pid in ("classic-3", "table-6", "pairs-2x2", "race-2"):
            with self.subTest(preset=pid):
                b = rl.VectorEnv(2, pid)
                o = rl.VectorEnv(2, pid, action_frame="observer")
                b.reset(seed=3)
                o.reset(seed=3)
                turned_any = False
                for step in range(30):
                    plain = b.sample_legal().copy()
                    turned = plain.copy()
                    to_play = b._buf.to_play_ro
                    for i in range(2):
                        seat = b.seats[int(to_play[i])]
                        want = rl.transform_mask(b.action_masks[i], rotation=-seat)
                        self.assertTrue(np.array_equal(o.action_masks[i], want))
                        acts, counts = o.legal_actions()
                        self.assertEqual(sorted(acts[i, :counts[i]].tolist()),
                                         np.flatnonzero(want).tolist())
                        if plain[i] >= 0:
                            turned[i] = rl.transform_action(int(plain[i]), rotation=-seat)
                            turned_any |= seat != 0
                    self.assertEqual(o.sample_legal().tolist(), turned.tolist())
                    ob, *_ = b.step(plain)
                    oo, *_ = o.step(turned)
                    self.assertTrue(np.array_equal(ob, oo))
                self.assertTrue(turned_any)

    def test_wrong_frame_is_refused(self):
        o = rl.VectorEnv(1, "classic-2", action_frame="observer")
        o.reset(seed=1)
        o.step([rl.move_to_action("k3", "k5")])
        with self.assertRaisesRegex(sh.MoveError, "observer's frame"):
            o.step([rl.move_to_action("e14", "e13")])  # K's board move, not in K's frame
        with self.assertRaisesRegex(ValueError, "action_frame 'seat' is not one of"):
            rl.VectorEnv(1, "classic-2", action_frame="seat")

    def test_env_observer_frame(self):
        b = rl.Env("classic-3", record=False)
        o = rl.Env("classic-3", record=False, action_frame="observer")
        rng = np.random.default_rng(2)
        for _ in range(20):
            agent = b.agent_selection
            seat = b.seat_of(agent)
            mb, mo = b.observe(agent)["action_mask"], o.observe(agent)["action_mask"]
            self.assertTrue(np.array_equal(mo, rl.transform_mask(mb, rotation=-seat)))
            a = int(rng.choice(np.flatnonzero(mb)))
            b.step(a)
            o.step(rl.transform_action(a, rotation=-seat))
            self.assertTrue(np.array_equal(b.observe(b.agent_selection)["observation"],
                                           o.observe(o.agent_selection)["observation"]))
        # A pickled observer-frame Env comes back in its frame.
        back = pickle.loads(pickle.dumps(o))
        self.assertTrue(np.array_equal(back.observe(back.agent_selection)["action_mask"],
                                       o.observe(o.agent_selection)["action_mask"]))


class FinalObservation(unittest.TestCase):
    """Gymnasium's final_observation/final_info at the step that ends a game."""

    def test_truncated_and_terminated(self):
        v = rl.VectorEnv(2, "classic-2", max_turns=4)
        _, infos = v.reset(seed=5)
        self.assertNotIn("final_observation", infos)
        for step in range(1, 6):
            obs, rew, term, trunc, infos = v.step(v.sample_legal())
            if step < 4:
                self.assertNotIn("final_observation", infos)
                continue
            if step == 4:
                self.assertTrue(trunc.all())
                self.assertEqual(infos["_final_observation"].tolist(), [True, True])
                for i in range(2):
                    self.assertTrue(np.array_equal(infos["final_observation"][i], obs[i]))
                    fi = infos["final_info"][i]
                    self.assertEqual((fi["terminated"], fi["truncated"]), (False, True))
                    self.assertEqual(fi["to_play"], int(infos["to_play"][i]))
                    self.assertEqual(fi["returns"].tolist(), [0.0, 0.0])
                # kept: the next steps rewrite the buffers, not the copies
                kept = infos["final_observation"][0]
                first = kept.copy()
            else:
                self.assertNotIn("final_observation", infos)  # restarted, nothing ended
                self.assertTrue(np.array_equal(kept, first))
        # Ended by the rules: a resignation-free end, the exit deadline of classic-2.
        w = rl.VectorEnv(1, "classic-2")
        w.reset(seed=2)
        for _ in range(200):
            obs, rew, term, trunc, infos = w.step(w.sample_legal())
            if term[0]:
                break
        self.assertTrue(term[0])
        fi = infos["final_info"][0]
        self.assertEqual((fi["terminated"], fi["truncated"]), (True, False))
        self.assertEqual(fi["returns"].tolist(), rew[0].tolist())
        self.assertEqual(sorted(fi["returns"].tolist()), [-1.0, 1.0])


class BatchedActionSpace(unittest.TestCase):
    def test_shape_sample_contains(self):
        v = rl.VectorEnv(3, "table-2")
        _, infos = v.reset(seed=1)
        sp = v.action_space
        self.assertIsInstance(sp, rl.MultiDiscrete)
        self.assertEqual(sp.shape, (3,))
        self.assertEqual(sp.nvec.tolist(), [rl.NUM_ACTIONS] * 3)
        sp.seed(4)
        a = sp.sample(infos["action_mask"])
        self.assertTrue(all(infos["action_mask"][i, a[i]] for i in range(3)))
        v.step(a)
        self.assertIn(a, sp)
        self.assertNotIn(np.array([0, 1]), sp)
        self.assertNotIn(np.array([0, 1, rl.NUM_ACTIONS]), sp)
        self.assertEqual(sp.sample().shape, (3,))



class DerivedIds(unittest.TestCase):
    def test_options_without_an_id(self):
        env = rl.Env("classic-2", deadline="none")  # no id needed
        self.assertRegex(env.record().split()[0], r"^\[rules$")
        table = env.record().splitlines()[0]
        self.assertRegex(table, r"^\[rules classic-2;id=classic-2\+[0-9a-f]{8};deadline=none\]$")
        v = rl.VectorEnv(2, "classic-2", deadline="none", record=True)
        v.reset(seed=1)
        self.assertEqual(v.record(0).splitlines()[0], table)
        self.assertIn("open-2", rl.Env("classic-2", id="open-2", deadline="none").record())


if __name__ == "__main__":
    unittest.main()
