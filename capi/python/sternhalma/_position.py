"""Position: a board, the seat to move and the round, with the moves, routes,
perft and distances computed on it; and how a pickled one comes back."""
from __future__ import annotations

import ctypes
import operator
from typing import Dict, Iterator, List, Optional, Tuple, Union

from ._constants import (_SIZE_MAX, _U64_MAX, MAX_MOVES, MAX_PLAYOUT_TURNS, MAX_PLAYOUTS,
                         NO_CELL, PACKED_SIZE)
from ._errors import MoveError, ParseError, RangeError, StateError, _check, _raise
from ._args import _bytes_text, _bytes_view, _cell, _int, _is_bool, _opt, _seat
from ._loaded import L, _lib
from ._moves import Move, MoveLike, _mk, _move
from ._handles import _Handle
from ._rules import _PRESET_IDS, Rules, _rules_arg, _rules_from_settings


class Position(_Handle):
    """Board, seat to move and round: ``Position("classic-2")`` (a preset's start)
    or a rule book §8 line; ``Position(text, rules)`` for a custom table."""

    _kind, _ptr = "position", L.PositionP
    _frozen = False

    def __init__(self, text: str = "classic-2", rules: Optional[Rules] = None):
        h = L.PositionP()
        t = _bytes_text(text, "text")
        if rules is None:
            _check(_lib.sh_position_parse(t, ctypes.byref(h)))
        else:
            if not isinstance(rules, Rules):
                raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
            _check(_lib.sh_position_parse_rules(rules._h, t, ctypes.byref(h)))
        self._h = h

    @classmethod
    def start(cls, rules: Union[Rules, str]) -> "Position":
        """The start position of a table (a Rules or a preset id)."""
        rules = _rules_arg(rules)
        h = L.PositionP()
        rules._err(_lib.sh_position_new(rules._h, ctypes.byref(h)))
        return cls._wrap(h)

    @classmethod
    def unpack(cls, rules: Union[Rules, str], packed) -> "Position":
        """A position of the table from its PACKED_SIZE-byte packed form (round 0)."""
        rules = _rules_arg(rules)
        data = bytes(_bytes_view(packed))
        if len(data) != PACKED_SIZE:
            _raise(ParseError, f"a packed position has {PACKED_SIZE} bytes, got {len(data)}")
        h = L.PositionP()
        rules._err(_lib.sh_position_unpack(rules._h, data, ctypes.byref(h)))
        return cls._wrap(h)

    def copy(self) -> "Position":
        """An independent copy (a game's position copied is yours to play on)."""
        return super().copy()

    def _m(self, move):
        if isinstance(move, str):
            return self.parse_move(move)
        return _move(move)

    @property
    def rules(self) -> Rules:
        """A copy of the position's table."""
        h = L.RulesP()
        self._err(_lib.sh_position_rules(self._h, ctypes.byref(h)))
        return Rules._wrap(h)

    @property
    def text(self) -> str:
        """The rule book §8 line of the position."""
        return self._text(_lib.sh_position_to_text)

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Position({self.text!r})"

    def __eq__(self, other):
        return isinstance(other, Position) and self.text == other.text

    def __hash__(self):
        return self.hash

    def __reduce__(self):
        return (_position_from, (self.text, self.rules._settings()))

    def render(self) -> str:
        """A drawing of the board, row 17 at the top, one line per row."""
        return self._text(_lib.sh_position_render)

    @property
    def to_move(self) -> int:
        """The seat to move, 0..5 (rule book §2)."""
        return self._int(_lib.sh_position_to_move)

    @property
    def round(self) -> int:
        """Completed rounds, as the position text carries them (rule book §8)."""
        return self._int(_lib.sh_position_round)

    @property
    def hash(self) -> int:
        """The position's 64-bit hash (board and seat to move)."""
        v = ctypes.c_uint64()
        self._err(_lib.sh_position_hash(self._h, ctypes.byref(v)))
        return v.value

    def _owner(self, cell):
        s, k = self._int_outs(_lib.sh_position_owner, _cell(cell), n=2)
        return _opt(s), bool(k)

    def owner(self, cell: Union[int, str]) -> Optional[int]:
        """The seat whose marble is on the cell, or None (a king is its seat's marble)."""
        return self._owner(cell)[0]

    def is_king(self, cell: Union[int, str]) -> bool:
        """True when the marble on the cell is a king."""
        return self._owner(cell)[1]

    def __getitem__(self, cell):
        return self.owner(cell)

    def pieces(self, seat: int) -> List[int]:
        """The cells of a seat's marbles, sorted."""
        return self._ints(_lib.sh_position_pieces, _seat(seat))

    def pack(self) -> bytes:
        """The PACKED_SIZE-byte form used by the batch calls."""
        buf = ctypes.create_string_buffer(PACKED_SIZE)
        self._err(_lib.sh_position_pack(self._h, buf))
        return buf.raw

    # -- moves
    def legal_moves(self) -> List[Move]:
        """Moves of the seat to move, sorted by (from, to)."""
        out = (L.Move_ * MAX_MOVES)()
        n = ctypes.c_size_t()
        self._err(_lib.sh_position_legal_moves(self._h, out, MAX_MOVES, ctypes.byref(n)))
        return [_mk(m.from_, m.to) for m in out[:n.value]]

    def __iter__(self) -> Iterator[Move]:
        """Iterates over the legal moves."""
        return iter(self.legal_moves())

    def count_moves(self) -> int:
        """How many legal moves the seat to move has."""
        n = ctypes.c_size_t()
        self._err(_lib.sh_position_count_moves(self._h, ctypes.byref(n)))
        return n.value

    def destinations(self, cell: Union[int, str]) -> List[int]:
        """Where the marble on the cell can move, under its owner's rules, sorted."""
        return self._ints(_lib.sh_position_destinations, _cell(cell, "from_"))

    def is_legal(self, move: MoveLike) -> bool:
        """True when the move is legal for the seat to move."""
        try:
            m = self._m(move)
        except MoveError:
            return False
        return bool(self._int(_lib.sh_position_is_legal, m.from_, m.to))

    def closed_cells(self, seat: int) -> List[int]:
        """Cells where the seat may not end a move (foreign points when closed), sorted."""
        return self._ints(_lib.sh_position_closed_cells, _seat(seat))

    def canonical_path(self, move: MoveLike) -> List[int]:
        """The canonical route of a legal move (cells, both ends included)."""
        m = self._m(move)
        return self._ints(_lib.sh_position_canonical_path, m.from_, m.to)

    def all_paths(self, move: MoveLike, limit: int = 100) -> Tuple[List[List[int]], bool]:
        """(up to `limit` routes of a legal move, True when routes were left out)."""
        m = self._m(move)
        limit = _int(limit, "limit", 1, _SIZE_MAX)
        need, paths, trunc = ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_int()
        self._err(_lib.sh_position_all_paths(self._h, m.from_, m.to, limit, None, 0,
                                             ctypes.byref(need), None, None))
        out = (ctypes.c_int * max(need.value, 1))()
        self._err(_lib.sh_position_all_paths(self._h, m.from_, m.to, limit, out, need.value,
                                             ctypes.byref(need), ctypes.byref(paths),
                                             ctypes.byref(trunc)))
        result, cur = [], []
        for c in out[:need.value]:
            if c == NO_CELL:
                result.append(cur)
                cur = []
            else:
                cur.append(c)
        return result, bool(trunc.value)

    def parse_move(self, text: str) -> Move:
        """A move of the seat to move from text ("l2-l3", "m1-m3-k5": hops checked)."""
        m = L.Move_()
        self._err(_lib.sh_position_parse_move(self._h, _bytes_text(text, "move", MoveError),
                                              ctypes.byref(m)))
        return _mk(m.from_, m.to)

    def format_move(self, move: MoveLike) -> str:
        """The canonical route of a legal move as text ("m1-m3-k5")."""
        m = self._m(move)
        return self._text(_lib.sh_position_format_move, m.from_, m.to)

    def play(self, move: MoveLike) -> "Position":
        """Plays a legal move with no game rules (the next seat with marbles moves)."""
        if self._frozen:
            _raise(StateError, "this position is a game's (game.position): play on the game "
                               "with game.apply(move), or on a copy: game.position.copy()")
        m = self._m(move)
        self._err(_lib.sh_position_play(self._h, m.from_, m.to))
        return self

    # -- perft and distances
    def perft(self, depth: int, threads: int = 1) -> int:
        """Move sequences of length `depth` (rule book §10), depth 0..32 (perft(0) = 1).

        threads (1..256): count on that many threads, the tree split at the
        root; the count is the same for every number of threads. Each ply
        multiplies the work by about 15 to 30: past 10**12 sequences (C's
        SH_MAX_PERFT_LEAVES, about 12 minutes of one core) the call stops
        with LimitError."""
        depth = _depth(depth, "perft", 0)
        threads = _int(threads, "threads", 1, _MAX_PERFT_THREADS)
        v = ctypes.c_uint64()
        self._err(_lib.sh_perft_threads(self._h, depth, threads, ctypes.byref(v)))  # 1: sh_perft's walk
        return v.value

    def divide(self, depth: int) -> Dict[Move, int]:
        """{first move: perft(depth - 1) after it}, by move; depth 1..32."""
        depth = _depth(depth, "divide", 1)
        moves, nodes = (L.Move_ * MAX_MOVES)(), (ctypes.c_uint64 * MAX_MOVES)()
        n = ctypes.c_size_t()
        self._err(_lib.sh_divide(self._h, depth, moves, nodes, MAX_MOVES, ctypes.byref(n)))
        return {_mk(moves[i].from_, moves[i].to): nodes[i] for i in range(n.value)}

    def _distance(self, seat):
        return self._int_outs(_lib.sh_position_distance, _seat(seat), n=3)

    def goal_distance(self, seat: int) -> int:
        """Steps the seat's marbles still need to fill its goal (assignment distance)."""
        return self._distance(seat)[0]

    def tip_distance(self, seat: int) -> int:
        """Steps from the seat's marbles to its goal's tip, summed."""
        return self._distance(seat)[1]

    def marbles_in_goal(self, seat: int) -> int:
        """How many of the seat's marbles are in its goal."""
        return self._distance(seat)[2]

    def playouts(self, n: int, max_plies: int = 1000, seed: int = 0
                 ) -> List[Tuple[Optional[int], int]]:
        """[(winner or None, turns)] of n games of uniformly random legal moves that
        start here under every rule of the table, each until it is over or
        max_plies turns; the winner took place 1 alone by arriving."""
        n = _int(n, "n", 0, MAX_PLAYOUTS)
        max_plies = _int(max_plies, "max_plies", 0, MAX_PLAYOUT_TURNS)
        seed = _int(seed, "seed", 0, _U64_MAX)
        w, p = (ctypes.c_int * max(n, 1))(), (ctypes.c_int * max(n, 1))()
        self._err(_lib.sh_position_playouts(self._h, n, max_plies, seed, w, p))
        return [(_opt(w[i]), p[i]) for i in range(n)]


_MAX_PERFT_DEPTH = 32
"""The deepest perft and divide (sh_perft, sh_divide: 0..32 and 1..32)."""
_MAX_PERFT_THREADS = 256
"""The most threads of one perft (sh_perft_threads: 1..256)."""


def _depth(value, call, lo):
    """A perft/divide depth, refused in C's words whichever end it misses."""
    if _is_bool(value) or not hasattr(value, "__index__"):
        raise TypeError(f"depth must be an int, not {type(value).__name__}")
    v = operator.index(value)
    if not lo <= v <= _MAX_PERFT_DEPTH:
        why = " (divide splits by the first move, so it needs one ply)" if lo else ""
        _raise(RangeError, f"{call}: depth {v} is not in {lo}..{_MAX_PERFT_DEPTH}{why}")
    return v


def _position_from(text, settings):
    r = _rules_from_settings(settings)
    return Position(text) if r.id in _PRESET_IDS else Position(text, r)
