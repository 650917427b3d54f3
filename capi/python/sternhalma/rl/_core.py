"""_Core, an owned sh_env and its plain C calls, and _Buffers, the numpy arrays
a step writes into: what Env, the OpenSpiel State and VectorEnv are built on."""
import ctypes

import numpy as np

import sternhalma as _sh

from ._common import L, _c, _raise, NUM_ACTIONS, NUM_CELLS, NUM_PLANES

MAX_MOVES = _sh.MAX_MOVES


class _Core:
    """An owned sh_env and what it is."""

    def __init__(self, h, config):
        self.h = h
        self.config = config
        spec = L.EnvSpec_()
        spec.size = ctypes.sizeof(spec)
        self.check(_c.sh_env_spec_get(h, ctypes.byref(spec)))
        self.num_envs = spec.num_envs
        self.num_players = spec.num_players
        self.seats = tuple(spec.seats[:spec.num_players])
        self.obs_shape = ((NUM_PLANES, NUM_CELLS) if spec.height == 1
                          else (NUM_PLANES, spec.height, spec.width))
        self.obs_bytes = spec.obs_bytes

    def __del__(self):
        h = getattr(self, "h", None)
        if h:
            _c.sh_env_free(h)
            self.h = None

    def check(self, st):
        if st:
            _raise(st, _c.sh_env_error(self.h))

    def clone(self):
        h = L.EnvP()
        self.check(_c.sh_env_clone(self.h, ctypes.byref(h)))
        return _Core(h, self.config)

    def legal(self, i=0):
        out = (ctypes.c_int32 * 1600)()
        n = ctypes.c_size_t()
        self.check(_c.sh_env_legal_actions(self.h, i, out, 1600, ctypes.byref(n)))
        return out[:n.value]

    def status(self, i=0):
        to, turns, term, trunc = ctypes.c_int(), ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        self.check(_c.sh_env_status(self.h, i, ctypes.byref(to), ctypes.byref(turns),
                                    ctypes.byref(term), ctypes.byref(trunc)))
        return to.value, turns.value, bool(term.value), bool(trunc.value)

    def observe(self, i, player):
        out = np.empty(self.obs_shape, dtype=self.config.np_dtype)
        self.check(_c.sh_env_observe(self.h, i, player, out.ctypes.data, self.obs_bytes))
        return out

    def returns(self, i=0):
        out = np.zeros(self.num_players, dtype=np.float32)
        self.check(_c.sh_env_returns(self.h, i, out.ctypes.data, self.num_players))
        return out

    def render(self, i=0):
        pos = L.PositionP()
        self.check(_c.sh_env_position(self.h, i, ctypes.byref(pos)))
        try:
            return _sh._text(_c.sh_position_render, pos)  # both calls checked
        finally:
            _c.sh_position_free(pos)

    def record(self, i=0):
        n = ctypes.c_size_t()
        self.check(_c.sh_env_record(self.h, i, None, 0, ctypes.byref(n)))
        buf = ctypes.create_string_buffer(n.value)
        self.check(_c.sh_env_record(self.h, i, buf, n.value, ctypes.byref(n)))
        return buf.value.decode().strip()

    def symmetries(self):
        rot, refl = (ctypes.c_int * 12)(), (ctypes.c_int * 12)()
        n = ctypes.c_size_t()
        self.check(_c.sh_env_symmetries(self.h, rot, refl, 12, ctypes.byref(n)))
        return [(rot[k], bool(refl[k])) for k in range(n.value)]


class _Buffers:
    """The persistent numpy arrays a core writes into, and the struct that
    points at them. Callers see read-only views."""

    def __init__(self, core):
        n, P = core.num_envs, core.num_players
        self.obs = np.zeros((n,) + core.obs_shape, dtype=core.config.np_dtype)
        self.mask = np.zeros((n, NUM_ACTIONS), dtype=np.uint8)
        self.rewards = np.zeros((n, P), dtype=np.float32)
        self.terminated = np.zeros(n, dtype=np.uint8)
        self.truncated = np.zeros(n, dtype=np.uint8)
        self.to_play = np.zeros(n, dtype=np.int32)
        self.legal = np.full((n, MAX_MOVES), -1, dtype=np.int32)
        self.num_legal = np.zeros(n, dtype=np.int32)
        s = self.struct = L.EnvBuffers_()
        s.size = ctypes.sizeof(s)
        s.obs = self.obs.ctypes.data
        types = dict(L.EnvBuffers_._fields_)
        for name in ("mask", "rewards", "terminated", "truncated", "to_play", "legal", "num_legal"):
            setattr(s, name, getattr(self, name).ctypes.data_as(types[name]))
        self.ref = ctypes.pointer(s)

        def ro(a, dtype=None):
            v = a.view(dtype) if dtype is not None else a.view()
            v.flags.writeable = False
            return v

        self.obs_ro = ro(self.obs)
        self.mask_ro = ro(self.mask, np.bool_)
        self.rewards_ro = ro(self.rewards)
        self.terminated_ro = ro(self.terminated, np.bool_)
        self.truncated_ro = ro(self.truncated, np.bool_)
        self.to_play_ro = ro(self.to_play)
        self.legal_ro = ro(self.legal)
        self.num_legal_ro = ro(self.num_legal)
