"""The values calls return besides moves: the library's enums (str() is the
library's word for one) and the namedtuples of events, seats, budgets and
search statistics."""
from __future__ import annotations

from collections import namedtuple
from enum import IntEnum

from ._loaded import _lib


class _Named(IntEnum):
    """An IntEnum whose str() and format() give the library's word for it
    ("all-placed"); int() and comparisons stay those of the C value."""

    def __str__(self):
        return getattr(_lib, _NAME_FN[type(self).__name__])(int(self)).decode()

    def __format__(self, spec):
        return format(str(self), spec)


_NAME_FN = {"SeatStatus": "sh_seat_status_name", "EndReason": "sh_end_reason_name",
            "OutReason": "sh_out_reason_name", "EventKind": "sh_event_kind_name"}


class SeatStatus(_Named):
    """A seat's state in a game (sh_seat_status)."""

    NOT_PLAYED = 0
    PLAYING = 1
    ARRIVED = 2
    OUT = 3


class EndReason(_Named):
    """Why a game ended (sh_end_reason); NONE while it goes on."""

    NONE = 0
    ALL_PLACED = 1
    FIRST_ARRIVAL = 2
    LAST_REPLY = 3
    LIMIT = 4
    REPETITION = 5
    NO_MOVES = 6
    NO_PROGRESS = 7
    RESIGN = 8


class OutReason(_Named):
    """Why a seat is out (sh_out_reason); NONE while it is not."""

    NONE = 0
    DEADLINE = 1
    RETURN_HOME = 2
    RESIGNED = 3
    PARTNER = 4


class EventKind(_Named):
    """The kind of a game event (sh_event_kind); str() is the event line's first word."""

    MOVE = 0
    PASS = 1
    ARRIVAL = 2
    OUT = 3
    RESIGN = 4
    FLAG = 5
    DRAW = 6
    END = 7


Event = namedtuple("Event", ["kind", "seat", "owner", "move", "place", "out_reason",
                             "end_reason", "by_flag"])
Event.__doc__ = """One game event: kind (EventKind), seat (or None), owner of the moved
marble, move (Move, for MOVE), place (ARRIVAL/OUT), out_reason (OutReason),
end_reason (EndReason, for END), by_flag (a move the table played for a fallen flag)."""

Budget = namedtuple("Budget", ["nodes", "time_ms"])
Budget.__doc__ = """A player's work per move: nodes (deterministic) and/or ms (not); 0 = no limit, both 0 = the level's default."""
SearchStats = namedtuple("SearchStats", ["nodes", "depth"])
SearchStats.__doc__ = """What a player's last choice searched: positions visited and depth."""
SeatInfo = namedtuple("SeatInfo", ["status", "place", "out_reason", "moves_made",
                                   "turns_taken", "reserve_ms"])
SeatInfo.__doc__ = """A seat in a game: status (SeatStatus), place (1 best .. N; 0 not
placed), out_reason (OutReason), moves_made (own moves: the deadline counts
these), turns_taken (moves + passes), reserve_ms (clock reserve; 0 without clocks)."""
