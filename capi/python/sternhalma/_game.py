"""Game: a whole game under every rule of its table (rule book §4), with its
events, record, clocks and ratings; and how a pickled one comes back (its
record replayed)."""
from __future__ import annotations

import ctypes
from typing import List, Optional, Sequence, Tuple, Union

from ._constants import (_I64_MAX, _SIZE_MAX, _U64_MAX, MAX_CLOCK_MS, MAX_MOVES,
                         MAX_PLAYOUT_TURNS, MAX_PLAYOUTS, MAX_SEATS, NO_SEAT)
from ._errors import MoveError, ParseError, _check, _raise
from ._args import _bytes_text, _float, _int, _opt, _seat
from ._loaded import L, _lib
from ._moves import Move, MoveLike, _mk, _move
from ._values import EndReason, Event, EventKind, OutReason, SeatInfo, SeatStatus
from ._rating import _doubles, _k_prime
from ._handles import _Handle
from ._rules import _PRESET_IDS, Rules, _rules_arg, _rules_from_settings
from ._position import Position, _position_from


class Game(_Handle):
    """A whole game (rule book §4): ``Game("classic-2")``, ``Game(rules, first_seat=None)``,
    ``Game.from_position(pos)`` or ``Game.from_record(text)``.

    Random players on the 000 tables (classic-2 ...) never leave home and are
    put out by the exit deadline at about turn 59: see the module docstring
    for the tables that suit random play."""

    _kind, _ptr = "game", L.GameP

    def __init__(self, rules: Union[Rules, str] = "classic-2", first_seat: Optional[int] = None):
        rules = _rules_arg(rules)
        h = L.GameP()
        seat = NO_SEAT if first_seat is None else _seat(first_seat, "first_seat")
        rules._err(_lib.sh_game_new(rules._h, seat, ctypes.byref(h)))
        self._h = h
        self._custom = None if rules.id in _PRESET_IDS else rules._settings()

    @classmethod
    def from_position(cls, position: Position) -> "Game":
        """A game from a position (its seat to move moves first). Raises OptionError
        when a played seat has no pieces: a position does not say whether it is out."""
        if not isinstance(position, Position):
            raise TypeError(f"position must be a Position, not {type(position).__name__}")
        h = L.GameP()
        position._err(_lib.sh_game_from_position(position._h, ctypes.byref(h)))
        g = cls._wrap(h)
        g._custom = None
        # The record starts from the table's start, not from this position:
        # pickling keeps the position to replay the record on.
        g._start = (position.text, position.rules._settings())
        return g

    @classmethod
    def from_record(cls, text: str, rules: Optional[Rules] = None) -> "Game":
        """Replays a record (rule book §8) of a preset, or of the given custom table."""
        t = _bytes_text(text, "record")
        h = L.GameP()
        if rules is not None:
            if not isinstance(rules, Rules):
                raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
            rules._err(_lib.sh_game_from_record(rules._h, t, ctypes.byref(h)))
        else:
            _check(_lib.sh_game_from_record(None, t, ctypes.byref(h)))
        g = cls._wrap(h)
        g._custom = rules._settings() if rules is not None else None
        return g

    def copy(self) -> "Game":
        """An independent copy (history, clocks and all)."""
        g = super().copy()
        g._custom = getattr(self, "_custom", None)
        g._start = getattr(self, "_start", None)
        return g

    def __reduce__(self):
        # A pickle is the record replayed, and a record carries no clocks
        # (rule book §8), so a game with clocks would come back without them.
        if any(self.seat(s).reserve_ms for s in self.rules.seats):
            raise TypeError("cannot pickle a Game with clocks: its record does not carry them "
                            "(copy() keeps them)")
        start = getattr(self, "_start", None)
        if start is not None:
            return (_game_from_start, start + (self.record(0),))
        return (_game_from, (self.record(0), getattr(self, "_custom", None)))

    def __repr__(self):
        return f"<Game {self.rules.id} turn {self.turns}{' over' if self.is_over else ''}>"

    def _state(self):
        o, e, d = self._int_outs(_lib.sh_game_state, n=3)
        return bool(o), EndReason(e), bool(d)

    def _counters(self):
        return self._int_outs(_lib.sh_game_counters, n=3)

    def _to_move(self):
        s, o = self._int_outs(_lib.sh_game_to_move, n=2)
        return _opt(s), _opt(o)

    @property
    def rules(self) -> Rules:
        """A copy of the game's table."""
        return self.position.rules

    @property
    def position(self) -> Position:
        """The current position, read-only: play() on it raises (use apply(), or .copy())."""
        h = L.PositionP()
        self._err(_lib.sh_game_position(self._h, ctypes.byref(h)))
        p = Position._wrap(h)
        p._frozen = True
        return p

    @property
    def to_move(self) -> Optional[int]:
        """The seat to move, or None when the game is over."""
        return self._to_move()[0]

    @property
    def marbles_of(self) -> Optional[int]:
        """Whose marbles the seat to move moves (its partner's after arriving), None when over."""
        return self._to_move()[1]

    @property
    def is_over(self) -> bool:
        """True when the game has ended by a rule of its table (rule book §4); end_reason says which."""
        return self._state()[0]

    @property
    def end_reason(self) -> EndReason:
        """Why the game ended (EndReason.NONE while it goes on)."""
        return self._state()[1]

    @property
    def is_draw(self) -> bool:
        """True when the game ended in a draw."""
        return self._state()[2]

    @property
    def turns(self) -> int:
        """Turns (moves and passes) in all."""
        return self._counters()[0]

    @property
    def round(self) -> int:
        """Completed rounds: a round is complete when every seat still playing has had its turn (rule book §4)."""
        return self._counters()[1]

    @property
    def actions(self) -> int:
        """Actions undo() can take back."""
        return self._counters()[2]

    def seat(self, seat: int) -> SeatInfo:
        """A seat's state: SeatInfo(status, place, out_reason, moves_made, turns_taken, reserve_ms)."""
        i = L.SeatInfo_()
        self._err(_lib.sh_game_seat(self._h, _seat(seat), ctypes.byref(i), ctypes.sizeof(i)))
        return SeatInfo(SeatStatus(i.status), i.place, OutReason(i.out_reason), i.moves_made,
                        i.turns_taken, i.reserve_ms)

    def status(self, seat: int) -> SeatStatus:
        """A seat's SeatStatus (rule book §4). Raises SeatError for anything but a seat 0..5 or its letter."""
        return self.seat(seat).status

    def place(self, seat: int) -> int:
        """A seat's place (1 best .. N), 0 while not placed or not played."""
        return self.seat(seat).place

    @property
    def places(self) -> List[int]:
        """The places of the six points, by point (0: not placed or not played)."""
        p = (ctypes.c_int * MAX_SEATS)()
        self._err(_lib.sh_game_places(self._h, p))
        return list(p)

    def legal_moves(self) -> List[Move]:
        """The legal moves now, sorted by (from, to); [] when the game is over."""
        out = (L.Move_ * MAX_MOVES)()
        n = ctypes.c_size_t()
        self._err(_lib.sh_game_legal_moves(self._h, out, MAX_MOVES, ctypes.byref(n)))
        return [_mk(m.from_, m.to) for m in out[:n.value]]

    def parse_move(self, text: str) -> Move:
        """The move text names ("l2-l3", "m1-m3-k5": hops checked), read as apply() reads
        it: for the seat to move, with the marbles it moves now (its partner's once it has
        arrived, rule book §5). Raises MoveError when it is no legal move now, StateError when
        the game is over."""
        m = L.Move_()
        self._err(_lib.sh_game_parse_move(self._h, _bytes_text(text, "move", MoveError),
                                          ctypes.byref(m)))
        return _mk(m.from_, m.to)

    def _m(self, move):
        # Text is the game's to read (parse_move), not the position's: the
        # position knows neither whose marbles the seat moves now nor that the
        # game is over.
        if isinstance(move, str):
            return self.parse_move(move)
        return _move(move)

    def check(self, move: MoveLike) -> None:
        """Raises MoveError (StateError when over) saying why the move is not legal now."""
        m = self._m(move)
        self._err(_lib.sh_game_check(self._h, m.from_, m.to))

    def eliminates(self, move: MoveLike) -> bool:
        """True when the legal move brings a marble home after its seat's deadline,
        putting that seat out (rule book §4, rule 7's mark; the deadline move itself is not
        marked)."""
        m = self._m(move)
        return bool(self._int(_lib.sh_game_eliminates, m.from_, m.to))

    def puts_out(self, move: MoveLike) -> OutReason:
        """Whether the legal move, played now, puts a seat out, and why:
        OutReason.RETURN_HOME for the moves eliminates() marks,
        OutReason.DEADLINE for the mover's deadline move when it leaves at home
        a marble that could still move (rule 7), else OutReason.NONE. Raises
        MoveError when the move is not legal now (StateError when over)."""
        m = self._m(move)
        return OutReason(self._int(_lib.sh_game_puts_out, m.from_, m.to))

    def apply(self, move: MoveLike, elapsed_ms: int = 0) -> "Game":
        """Plays a move of the seat to move (a Move, (from, to) or text); elapsed_ms is
        charged to its clock (a fallen flag is played instead: see events)."""
        elapsed_ms = _int(elapsed_ms, "elapsed_ms", 0, _I64_MAX)
        if isinstance(move, str):
            self._err(_lib.sh_game_apply_text(self._h, _bytes_text(move, "move", MoveError),
                                              elapsed_ms))
        else:
            m = _move(move)
            self._err(_lib.sh_game_apply(self._h, m.from_, m.to, elapsed_ms))
        return self

    def resign(self, seat: int) -> None:
        """A seat still playing resigns (at any time; it is not a turn)."""
        self._err(_lib.sh_game_resign(self._h, _seat(seat)))

    def flag(self) -> None:
        """The flag of the seat to move falls: its reserve becomes 0, and the table's
        flag rule applies (a resignation, or on 004 the move the table plays)."""
        self._err(_lib.sh_game_flag(self._h))

    def undo(self, n: int = 1) -> int:
        """Takes back up to n actions with their automatic passes; how many it took back."""
        return self._int(_lib.sh_game_undo, _int(n, "n", 1))

    def set_clock(self, reserve_ms: int, increment_ms: int = 0) -> None:
        """Clocks: every seat gets reserve_ms, each move earns increment_ms (before the first action)."""
        self._err(_lib.sh_game_set_clock(self._h, _int(reserve_ms, "reserve_ms", 1, MAX_CLOCK_MS),
                                         _int(increment_ms, "increment_ms", 0, MAX_CLOCK_MS)))

    @property
    def events(self) -> List[Event]:
        """Every event so far."""
        return self.events_from(0)

    def events_from(self, first: int) -> List[Event]:
        """The events from index `first` on (poll with the number seen so far)."""
        first = _int(first, "first", 0, _SIZE_MAX)
        n = ctypes.c_size_t()
        size = ctypes.sizeof(L.Event_)
        self._err(_lib.sh_game_events(self._h, first, None, size, 0, ctypes.byref(n)))
        out = (L.Event_ * max(n.value, 1))()
        self._err(_lib.sh_game_events(self._h, first, out, size, n.value, ctypes.byref(n)))
        return [Event(EventKind(e.kind), _opt(e.seat), _opt(e.owner),
                      _mk(e.from_, e.to) if e.kind == EventKind.MOVE else None, e.place,
                      OutReason(e.out_reason), EndReason(e.end_reason), bool(e.by_flag))
                for e in out[:n.value]]

    def event_text(self, index: int) -> str:
        """Event `index` as a line ("move W m3-m4", "arrive W place 1", ...)."""
        return self._text(_lib.sh_game_event_text, _int(index, "index", 0, _SIZE_MAX))

    def record(self, per_line: int = 10) -> str:
        """The record so far (rule book §8), a line break every per_line turns (0: one line)."""
        return self._text(_lib.sh_game_record, _int(per_line, "per_line", 0))

    def rating_changes(self, ratings: Sequence[float], k: float = 32.0,
                       k_prime: float = 0.0) -> List[float]:
        """Rating changes of a finished game (rule book §6): ratings six by seat, as
        ``places`` (the changes likewise, 0.0 for a seat not played), or one per
        played seat in seat order (the changes likewise)."""
        r = _doubles(ratings, "ratings")
        n = len(r)
        ra, out = (ctypes.c_double * max(n, 1))(*r), (ctypes.c_double * max(n, 1))()
        self._err(_lib.sh_game_rating_changes(self._h, ra, n, _float(k, "k"),
                                              _k_prime(k_prime), out))
        return list(out[:n])

    def playouts(self, n: int, max_turns: int = 1000, seed: int = 0
                 ) -> List[Tuple[List[int], int]]:
        """[(places by point, turns played)] of n games of uniformly random legal moves
        under every game rule, from now, each at most max_turns turns.

        On classic-2 (and every table with an exit deadline) they all end by the
        deadline at about turn 59: random players never leave home."""
        n = _int(n, "n", 0, MAX_PLAYOUTS)
        max_turns = _int(max_turns, "max_turns", 0, MAX_PLAYOUT_TURNS)
        seed = _int(seed, "seed", 0, _U64_MAX)
        p, t = (ctypes.c_int * (MAX_SEATS * max(n, 1)))(), (ctypes.c_int * max(n, 1))()
        self._err(_lib.sh_game_playouts(self._h, n, max_turns, seed, p, t))
        return [(list(p[MAX_SEATS * i:MAX_SEATS * i + MAX_SEATS]), t[i]) for i in range(n)]


def _game_from(record, settings):
    if settings is None:
        return Game.from_record(record)
    return Game.from_record(record, _rules_from_settings(settings))


def _game_from_start(text, settings, record):
    """A from_position game again: the position, then the record's turns after its
    header (automatic passes replay themselves, as in sh_game_from_record)."""
    g = Game.from_position(_position_from(text, settings))
    if record.startswith("[rules "):  # a custom table's tag line (record.h) comes first
        record = record.split("\n", 1)[1]
    for tok in record.split()[2:]:
        if tok == "pass":
            continue
        who, colon, what = tok.partition(":")
        if not colon:
            g.apply(tok)
        elif what == "resign":
            g.resign(who)
        elif what == "flag":
            g.flag()
        else:
            _raise(ParseError, f"record token {tok!r}: expected X:resign or X:flag")
    return g
