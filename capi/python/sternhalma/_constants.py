"""The package's sizes and ceilings: the C header's SH_* constants, and the
ranges of the C integer types arguments are checked against before ctypes
could truncate them (_args)."""
from __future__ import annotations

import ctypes

NUM_CELLS = 121
"""Cells on the board: indices 0..120."""
MAX_SEATS = 6
"""Points of the star, hence seats: 0..5."""
MAX_MOVES = 1590
"""The most legal moves any position can have (SH_MAX_MOVES: 15 marbles x 106 empty cells)."""
NO_CELL = -1
"""The C ABI's value for "no cell" (Python returns None instead)."""
NO_SEAT = -1
"""The C ABI's value for "no seat" (Python returns None instead)."""
PACKED_SIZE = 128
"""Bytes of a packed position (Position.pack)."""
PACKED_EMPTY = 0xFF
"""A packed byte for an empty cell."""
PACKED_KING = 0x10
"""Added to a packed seat byte for a king."""
SEAT_LETTERS = "WRBKYG"
"""The letters of seats 0..5."""

_INT_MIN, _INT_MAX = -2**31, 2**31 - 1
_I64_MAX = 2**63 - 1
_U64_MAX = 2**64 - 1
_SIZE_MAX = 2**(8 * ctypes.sizeof(ctypes.c_size_t)) - 1
MAX_PLAYOUTS = 1_000_000
"""The most playouts one call runs (SH_MAX_PLAYOUTS)."""
MAX_PLAYOUT_TURNS = 2_000_000
"""The most turns one playout may be given, and the most one call plays (SH_MAX_PLAYOUT_TURNS)."""
MAX_CLOCK_MS = 10**12
"""The largest clock value: reserve, increment (SH_MAX_CLOCK_MS, about 31 years)."""
MAX_BUDGET_NODES = 1_000_000_000
"""The largest node budget of a player per move (SH_MAX_BUDGET_NODES)."""
MAX_BUDGET_MS = 3_600_000
"""The largest time budget of a player per move, in ms (SH_MAX_BUDGET_MS)."""
MAX_SEARCH_THREADS = 16
"""The most search threads of one expert player (SH_MAX_SEARCH_THREADS)."""
MAX_MATCH_GAMES = 1 << 24
"""Game indices of a MatchStats are 0..MAX_MATCH_GAMES - 1 (SH_MAX_MATCH_GAMES)."""
MAX_STATS_COUNT = 1 << 50
"""The largest count (and sum of counts) the Elo and SPRT functions take (SH_MAX_STATS_COUNT)."""
MAX_SPRT_ELO = 1000
"""The largest |elo0|, |elo1| of an SPRT (SH_MAX_SPRT_ELO)."""
