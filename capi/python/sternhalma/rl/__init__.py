"""sternhalma.rl — Chinese checkers for learning agents, computed in C.

Three shapes over one environment core (libsternhalma's sh_env_*):

- ``Env``: PettingZoo's AEC API (``agent_iter``, ``last``, ``step``,
  ``observe(agent)["action_mask"]``), one game.
- ``Game(...).new_initial_state()``: OpenSpiel's State API
  (``legal_actions``, ``apply_action``, ``returns``, ``clone``), for search.
- ``VectorEnv``: N games stepped in one call, Gymnasium's next-step
  auto-reset, a seeded C sampler of legal actions.

Actions: the move (from, to) is ``from * 121 + to`` (``NUM_ACTIONS`` =
14,641 ids, cells in the rule book's order, m1 = 0); passes are automatic, so an
action is always a move. Players are 0..P-1, the table's seats in turn order
from its first seat (``seats`` gives each player's seat, 0..5 = W R B K Y G).

Observation: ``NUM_PLANES`` = 12 planes from the observer's view, the board
turned so that the observer's home point is at the bottom (cell c is seen at
``sternhalma.rotate(c, -seat)``):

==== ===================================================================
0-5  seat slots: the marbles of the k-th seat in turn order after the
     observer (slot 0: its own; unused slots are zero)
6    kings (any seat's; the Japanese tables)
7    the goal of the marbles the observer moves (its partner's goal when it
     moves for its partner)
8    cells where those marbles may not end a move (closed zones)
9    turns left to the nearest limit (the table's, or ``max_turns``) as a
     fraction of it; 1 with neither
10   the observer's own moves left to the exit deadline, as a fraction of it
     (0 once passed); 1 on tables without a deadline
11   1 when the observer moves its partner's marbles (team tables)
==== ===================================================================

Scalar planes (9-11) fill every cell of the star. ``layout="cells"`` gives
shape (12, 121), cells in the rule book's order; ``layout="grid"`` gives (12, 17, 17)
indexed ``[plane, r + 8, q + 8]`` in axial coordinates, zero off the star.
``dtype="uint8"`` stores binary planes as 0/1 and scalar planes as
round(255 * value).

Rewards, given when a game ends by its rules (``terminated``): ``"rank"``
spreads the places of the U units (seats, or teams) over [-1, 1], the k-th
best worth 1 - 2(k-1)/(U-1), units sharing a place sharing the mean of the
values they span (zero-sum; two seats: win +1, loss -1, draw 0);
``"win"``: +1 for place 1, -1 otherwise. ``truncated`` means the env's own
``max_turns`` stopped the game (limits and repetition are rules of the
table: they terminate, with a ranking).

Records: ``Env`` and ``Game`` keep each game's record (``record()``) unless
``record=False``; ``VectorEnv`` keeps none unless ``record=True``: without
a record a step allocates nothing and a game's memory does not grow.

Engine opponents: ``opponents={"player_1": "normal"}`` (or a list of levels
per player, None for the caller's) makes the env play those players itself,
after a reset and after every step, so only the caller's players act.

Random play on ``classic-2`` ends at the exit deadline (turn ~60: random
players never leave home); ``deadline="none"`` or the ``table-*`` presets
suit random baselines. Rule options are keyword arguments with ``_`` for
``-`` (``goal_lock=False``, ``deadline="none"``, ``limit="300 turns"``); a
table that differs from its preset needs an ``id`` of its own (``id="open-2"``),
so that its records never replay under the preset's rules.

numpy is required for this module only.
"""
from types import FunctionType as _FunctionType

try:
    import numpy as np
except ImportError as _e:  # pragma: no cover - exercised by the test in a numpy-less python
    # A venv does not see Debian's packages unless it was made to: both routes.
    raise ImportError(
        "sternhalma.rl needs numpy. With a package index: pip install 'sternhalma[rl]' "
        "(from the source tree: pip install './capi/python[rl]'), or pip install numpy. "
        "Offline on Debian: apt-get install python3-numpy, then use /usr/bin/python3, or a "
        "venv that sees it: /usr/bin/python3 -m venv --system-site-packages DIR") from _e

import sternhalma as _sh

# The parts, in load order: each module imports only those above it. Their
# names are all re-exported here, the private ones too (tests and pickles
# reach them as sternhalma.rl.<name>).
from ._common import (_U64_MAX, MAX_ENVS, NUM_ACTIONS, NUM_CELLS, NUM_PLANES, SEAT_LETTERS,
                      TERMINAL, _c, _index, _raise, _seed, _text)
from ._actions import (_NAMES, _action_int, _action_text, _cell_names, action_to_move,
                       move_to_action)
from ._core import _Buffers, _Core
from ._config import _DTYPES, _LAYOUTS, _REWARDS, _choice, _Config, _opponent_list, _option_text
from ._spaces import Box, Discrete, MultiDiscrete, _obs_box
from ._env import Env, _restore_env
from ._openspiel import _NO_BUFFERS, Game, State, _restore_game, _restore_state
from ._vector import VectorEnv
from ._symmetries import (_GRID, _PERMS, _action_perm, _grid_index, _make_grid_index,
                          _make_permutations, cell_permutation, symmetries, transform_action,
                          transform_mask, transform_observation)

__all__ = ["Env", "Game", "State", "VectorEnv", "Discrete", "MultiDiscrete", "Box", "NUM_ACTIONS", "NUM_PLANES",
           "TERMINAL", "symmetries", "cell_permutation", "transform_action", "transform_mask",
           "transform_observation", "action_to_move", "move_to_action"]

# Classes and functions name this module, as when they were all written in
# it: a pickle records a class (and a restoring function) by its __module__,
# so objects pickled before the split load now and those pickled now load in
# versions from before it.
for _v in list(globals().values()):
    if isinstance(_v, (type, _FunctionType)) and _v.__module__.startswith(__name__ + "."):
        _v.__module__ = __name__
del _v, _FunctionType
