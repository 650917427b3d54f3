"""_Config: what a table and an env are made of (preset, options, reward,
layout, engine opponents), checked once, kept to clone and pickle, and made
into a C env."""
import ctypes
import operator

import numpy as np

import sternhalma as _sh

from ._common import L, _c, _raise, _text
from ._core import _Core

_LAYOUTS = {"cells": 0, "grid": 1}
_DTYPES = {"float32": 0, "uint8": 1}
_REWARDS = {"rank": 0, "win": 1}
_FRAMES = {"board": 0, "observer": 1}


def _option_text(value):
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _choice(value, table, what):
    if value not in table:
        raise ValueError(f"{what} {value!r} is not one of {', '.join(map(repr, table))}")
    return table[value]


def _opponent_list(opponents):
    """{player or "player_k": level} or a per-player sequence -> 6 slots."""
    slots = [None] * 6
    if opponents is None:
        return slots
    if isinstance(opponents, dict):
        items = opponents.items()
    elif isinstance(opponents, (list, tuple)):
        items = enumerate(opponents)
    else:
        raise TypeError("opponents must be a dict {player: level} or a list of levels per player")
    for who, level in items:
        # ASCII digits only: str.isdigit() takes '²' or '٣', which int() refuses or reads.
        if (isinstance(who, str) and who.startswith("player_") and who[7:].isascii()
                and who[7:].isdigit()):
            who = int(who[7:])
        elif not isinstance(who, str) and not _sh._is_bool(who) and hasattr(who, "__index__"):
            who = operator.index(who)  # numpy ints too
        if not isinstance(who, int) or isinstance(who, bool) or not 0 <= who < 6:
            raise ValueError(f"opponents: {who!r} ({type(who).__name__}) is not a player "
                             "(0..5 or 'player_k')")
        if level is None:
            continue
        if not isinstance(level, str):
            raise TypeError(f"opponents: the level of player {who} must be a str, not "
                            f"{type(level).__name__}")
        _text(level, f"opponents: the level of player {who}", "OptionError")
        slots[who] = level
    return slots


class _Config:
    """What a table and an env are made of, kept to clone and pickle."""

    def __init__(self, preset, reward, max_turns, layout, dtype, options, opponents=None,
                 record=True, action_frame="board"):
        if not isinstance(preset, str):
            raise TypeError(f"preset must be a preset id (str), not {type(preset).__name__}")
        self.preset = preset
        self._preset = _text(preset, "preset", "PresetError")
        self.opponents = _opponent_list(opponents)
        self._levels = [None if v is None else v.encode() for v in self.opponents]
        self.reward = reward
        self.layout = layout
        self.dtype = dtype
        self.options = dict(options)
        self._options = [(_text(name.replace("_", "-"), f"option name {name[:40]!r}", "OptionError"),
                          _text(_option_text(value), f"option {name}", "OptionError"))
                         for name, value in self.options.items()]
        self.opt = L.EnvOptions_()
        _c.sh_env_options_init(ctypes.byref(self.opt), ctypes.sizeof(self.opt))
        self.opt.reward = _choice(reward, _REWARDS, "reward")
        self.opt.layout = _choice(layout, _LAYOUTS, "layout")
        self.opt.dtype = _choice(dtype, _DTYPES, "dtype")
        if max_turns is not None:
            if not isinstance(max_turns, (int, np.integer)) or isinstance(max_turns, bool):
                raise TypeError(f"max_turns must be an int or None, not {type(max_turns).__name__}")
            if not 1 <= max_turns <= 1_000_000:
                raise ValueError(f"max_turns {max_turns} is not 1..1000000 (None: no limit)")
            self.opt.max_turns = int(max_turns)
        self.max_turns = max_turns
        self.np_dtype = np.float32 if dtype == "float32" else np.uint8
        for p, level in enumerate(self._levels):
            self.opt.opponents[p] = level
        if not isinstance(record, bool):
            raise TypeError(f"record must be a bool, not {type(record).__name__}")
        self.record = record
        self.opt.record = 1 if record else 0
        self.opt.action_frame = _choice(action_frame, _FRAMES, "action_frame")
        self.action_frame = action_frame

    def args(self):
        return (self.preset, self.reward, self.max_turns, self.layout, self.dtype, self.options,
                self.opponents, self.record, self.action_frame)

    def new_env(self, num_envs, auto_reset):
        rules = L.RulesP()
        st = _c.sh_rules_new(self._preset, ctypes.byref(rules))
        if st:
            _raise(st, _c.sh_last_error())
        try:
            for name, value in self._options:
                st = _c.sh_rules_set_option(rules, name, value)
                if st:
                    _raise(st, _c.sh_rules_error(rules))
            # Options without an id: the derived one (a preset's id stays honest).
            if "id" not in self.options:
                st = _c.sh_rules_derive_id(rules)
                if st:
                    _raise(st, _c.sh_rules_error(rules))
            st = _c.sh_rules_validate(rules)
            if st:
                _raise(st, _c.sh_rules_error(rules))
            self.opt.auto_reset = 1 if auto_reset else 0
            h = L.EnvP()
            st = _c.sh_env_new(rules, ctypes.byref(self.opt), num_envs, ctypes.byref(h))
            if st:
                _raise(st, _c.sh_last_error())
            return _Core(h, self)
        finally:
            _c.sh_rules_free(rules)
