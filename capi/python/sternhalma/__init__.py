"""sternhalma — Chinese checkers rules (the rule book) through libsternhalma's C ABI::

    import sternhalma as sh
    game = sh.Game("classic-2")
    game.apply("k3-k5")
    while not game.is_over:
        game.apply(game.legal_moves()[0])
    print(game.end_reason, game.places)

Names follow the project's table of names: what an object *is* is a property
(``game.is_over``, ``pos.to_move``), what it *computes or does* is a method
(``pos.legal_moves()``, ``game.apply(move)``). Cells are the rule book's indices
0..120 (§2) or their names ("k3"); seats are the points 0..5 (letters WRBKYG);
"no seat" and "no cell" are ``None``. A move is a ``Move(from_, to)`` and
prints as ``k3-k5``; every call that takes a move also takes ``"k3-k5"``,
``("k3", "k5")`` or ``(22, 40)``. Every failure raises a ``SternhalmaError``
subclass (most are also a ``ValueError``) whose message says what and where;
arguments are checked in Python before they reach C, so nothing is truncated.

Random play: on the 000 tables (classic, long jumps, fifteen, pairs: rule
book §7) a seat still at home after its exit deadline is put out (rule book
§4, rule 7), and uniformly random players never leave home, so a
random ``classic-2`` game always ends by that deadline at turn 59, W out
and K the winner (``classic-3``: 89, the seats out one after another and
the last placed first), with no arrival. For random play and learning from
it use tables without a deadline: on ``table-2`` .. ``table-6`` and
``japanese-2``/``-3`` random games end by the no-progress rule or the
200-round limit (a draw when nobody has arrived); on ``race-2`` and
``online-2`` .. ``online-6`` by the limit (ranked, no draw). Six seeded
random games take 169-400 turns with two seats and 1051-1200 with six.
"""
from types import FunctionType as _FunctionType

# The package's parts, in load order: each module imports only those above it.
# Their names are all re-exported here, the private ones too (sternhalma.rl
# and pickles reach them as sternhalma.<name>).
from ._constants import (_I64_MAX, _INT_MAX, _INT_MIN, _SIZE_MAX, _U64_MAX, MAX_BUDGET_MS,
                         MAX_BUDGET_NODES, MAX_CLOCK_MS, MAX_MOVES, MAX_PLAYOUT_TURNS,
                         MAX_PLAYOUTS, MAX_SEATS, NO_CELL, NO_SEAT, NUM_CELLS, PACKED_EMPTY,
                         PACKED_KING, PACKED_SIZE, SEAT_LETTERS)
from ._constants import MAX_MATCH_GAMES, MAX_SEARCH_THREADS, MAX_SPRT_ELO, MAX_STATS_COUNT
from ._loaded import L, _lib, version
from ._errors import (_ERRORS, _STATUS, BufferTooSmall, CellError, InternalError, LimitError,
                      MoveError, NullError, OptionError, ParseError, PresetError, RangeError,
                      SeatError, StateError, SternhalmaError, _check, _raise)
from ._args import (_bytes_text, _bytes_view, _cell, _float, _int, _is_bool, _is_complex, _opt,
                    _seat)
from ._out import _int_out, _int_outs, _ints, _text
from ._geometry import (axial, camp_cells, cell_at, cell_distance, cell_name, foreign_cells,
                        neighbours, parse_cell, point_of, reflect, rotate, seat_from_letter,
                        seat_letter, tip_cell, xy)
from ._moves import _MoveBase, Move, MoveLike, _mk, _move
from ._values import (_NAME_FN, Budget, EndReason, Event, EventKind, OutReason, SearchStats,
                      SeatInfo, SeatStatus, _Named)
from ._rating import _doubles, _k_prime, rating_changes
from ._threads import _UNLOCKED, _locked, _Serialised
from ._handles import _Handle
from ._rules import _PRESET_IDS, Rules, _rules_arg, _rules_from_settings, presets
from ._position import _MAX_PERFT_DEPTH, Position, _depth, _position_from
from ._game import Game, _game_from, _game_from_start
from ._player import Player
from ._batch import _buffer, _packed, count_moves_batch, count_moves_texts, legal_moves_batch
from ._stats import (Interval, MatchStats, PairScore, PlayerStats, SprtDecision, SprtResult,
                     SprtTest, Wdl, check_sprt, elo_from_pentanomial, elo_from_wdl, sprt)

# Classes and functions name this module, as when they were all written in
# it: a pickle records a class (and a restoring function) by its __module__,
# so objects pickled before the split load now and those pickled now load in
# versions from before it; reprs and help() say sternhalma.X as they did.
for _v in list(globals().values()):
    if isinstance(_v, (type, _FunctionType)) and _v.__module__.startswith(__name__ + "."):
        _v.__module__ = __name__
del _v, _FunctionType


__all__ = [
    # constants
    "NUM_CELLS", "MAX_SEATS", "MAX_MOVES", "MAX_PLAYOUTS", "MAX_PLAYOUT_TURNS", "MAX_CLOCK_MS", "MAX_BUDGET_NODES", "MAX_BUDGET_MS", "MAX_SEARCH_THREADS", "NO_CELL", "NO_SEAT", "PACKED_SIZE",
    "PACKED_EMPTY", "PACKED_KING", "SEAT_LETTERS",
    # errors
    "SternhalmaError", "NullError", "BufferTooSmall", "CellError", "MoveError", "ParseError",
    "PresetError", "OptionError", "StateError", "SeatError", "RangeError", "InternalError",
    "LimitError",
    # values
    "Move", "Event", "SeatInfo", "Budget", "SearchStats", "SeatStatus", "EndReason", "OutReason", "EventKind",
    # handles
    "Rules", "Position", "Game", "Player",
    # functions
    "version", "parse_cell", "cell_name", "axial", "cell_at", "neighbours", "point_of", "xy",
    "rotate", "reflect", "cell_distance", "camp_cells", "tip_cell", "foreign_cells",
    "seat_letter", "seat_from_letter", "presets", "rating_changes", "count_moves_batch",
    "legal_moves_batch", "count_moves_texts",
    # match statistics
    "MAX_MATCH_GAMES", "MAX_STATS_COUNT", "MAX_SPRT_ELO", "Interval", "Wdl", "PlayerStats",
    "PairScore", "SprtTest", "SprtResult", "SprtDecision", "MatchStats", "elo_from_wdl",
    "elo_from_pentanomial", "check_sprt", "sprt",
]
