"""sternhalma — Chinese checkers rules (SPEC) through libsternhalma's C ABI.

    import sternhalma as sh
    pos = sh.Position("classic-2")
    for move in pos.legal_moves():
        print(pos.format_move(move))
    pos.play("k3-i5")
    print(pos.render())

Cells are the SPEC's indices 0..120 (sh.cell("i9") == 60), seats the points
0..5 (letters WRBKYG), moves Move(from_, to) named tuples. Every failure
raises a SternhalmaError subclass carrying the library's message.
"""
import ctypes
from array import array
from collections import namedtuple

from . import _lib as L

_lib = L.load()

NUM_CELLS = 121
NO_CELL = -1
NO_SEAT = -1
PACKED_SIZE = 128
PACKED_EMPTY = 0xFF
PACKED_KING = 0x10
SEAT_LETTERS = "WRBKYG"

Move = namedtuple("Move", ["from_", "to"])


# ---- errors -------------------------------------------------------------

class SternhalmaError(Exception):
    """A call failed; .status is the sh_status name, str() the message."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


class NullError(SternhalmaError, ValueError): pass
class BufferTooSmall(SternhalmaError): pass
class CellError(SternhalmaError, ValueError): pass
class MoveError(SternhalmaError, ValueError): pass
class ParseError(SternhalmaError, ValueError): pass
class PresetError(SternhalmaError, KeyError):
    __str__ = Exception.__str__
class OptionError(SternhalmaError, ValueError): pass
class StateError(SternhalmaError): pass
class SeatError(SternhalmaError, ValueError): pass
class RangeError(SternhalmaError, ValueError): pass
class InternalError(SternhalmaError): pass


_ERRORS = {1: NullError, 2: BufferTooSmall, 3: CellError, 4: MoveError, 5: ParseError,
           6: PresetError, 7: OptionError, 8: StateError, 9: SeatError, 10: RangeError,
           11: MemoryError, 12: InternalError}


def _check(status, message=None):
    if status == 0:
        return
    name = _lib.sh_status_name(status).decode()
    msg = (message if message is not None else _lib.sh_last_error()).decode("utf-8", "replace")
    cls = _ERRORS.get(status, SternhalmaError)
    if cls is MemoryError:
        raise MemoryError(msg)
    raise cls(name, msg)


def _call(fn, *args):
    _check(fn(*args))


def _text(fn, *args):
    need = ctypes.c_size_t()
    _check(fn(*args, None, 0, ctypes.byref(need)))
    buf = ctypes.create_string_buffer(need.value)
    _check(fn(*args, buf, need.value, ctypes.byref(need)))
    return buf.value.decode()


def _ints(fn, *args, cap=NUM_CELLS):
    out = (ctypes.c_int * cap)()
    n = ctypes.c_size_t()
    _check(fn(*args, out, cap, ctypes.byref(n)))
    return list(out[:n.value])


def _int(fn, *args):
    v = ctypes.c_int()
    _check(fn(*args, ctypes.byref(v)))
    return v.value


# ---- library, cells and geometry -------------------------------------------

def version():
    return _lib.sh_version().decode()


def cell(name):
    """Cell index of a name ("k5")."""
    return _int(_lib.sh_cell_from_name, name.encode())


def cell_name(c):
    return _text(_lib.sh_cell_name, c)


def axial(c):
    q, r = ctypes.c_int(), ctypes.c_int()
    _call(_lib.sh_cell_axial, c, ctypes.byref(q), ctypes.byref(r))
    return q.value, r.value


def cell_at(q, r):
    return _int(_lib.sh_cell_at, q, r)


def neighbours(c):
    """Neighbours in directions E, W, UR, UL, DL, DR (NO_CELL off the board)."""
    out = (ctypes.c_int * 6)()
    _call(_lib.sh_cell_neighbours, c, out)
    return list(out)


def point_of(c):
    return _int(_lib.sh_cell_point, c)


def xy(c):
    x, y = ctypes.c_double(), ctypes.c_double()
    _call(_lib.sh_cell_xy, c, ctypes.byref(x), ctypes.byref(y))
    return x.value, y.value


def rotate(c, k):
    return _int(_lib.sh_cell_rotate, c, k)


def reflect(c):
    return _int(_lib.sh_cell_reflect, c)


def distance(a, b):
    return _int(_lib.sh_cell_distance, a, b)


def camp_cells(point, marbles=10):
    return _ints(_lib.sh_camp_cells, point, marbles)


def tip(point):
    return _int(_lib.sh_point_tip, point)


def foreign_cells(point):
    return _ints(_lib.sh_foreign_cells, point)


def presets():
    return [_text(_lib.sh_preset_id, i) for i in range(_lib.sh_preset_count())]


# ---- handles -------------------------------------------------------------------

class _Handle:
    """An owned C handle: sh_<kind>_free on collection, errors read from the
    handle's own message, copy() through sh_<kind>_clone."""

    _kind = ""
    _ptr = None

    @classmethod
    def _wrap(cls, h):
        self = cls.__new__(cls)
        self._h = h
        return self

    def __del__(self):
        h = getattr(self, "_h", None)
        if h:
            getattr(_lib, f"sh_{self._kind}_free")(h)
            self._h = None

    def _err(self, st):
        if st:
            _check(st, getattr(_lib, f"sh_{self._kind}_error")(self._h))

    def copy(self):
        h = self._ptr()
        self._err(getattr(_lib, f"sh_{self._kind}_clone")(self._h, ctypes.byref(h)))
        return type(self)._wrap(h)

    def __copy__(self):
        return self.copy()


# ---- rules --------------------------------------------------------------------

class Rules(_Handle):
    """A table: a preset by id, changed option by option."""

    _kind, _ptr = "rules", L.RulesP

    def __init__(self, preset="classic-2", **options):
        h = L.RulesP()
        _call(_lib.sh_rules_new, preset.encode(), ctypes.byref(h))
        self._h = h
        for name, value in options.items():
            self[name.replace("_", "-")] = value

    @property
    def id(self):
        return _text(_lib.sh_rules_id, self._h)

    @property
    def seats(self):
        m = ctypes.c_uint()
        self._err(_lib.sh_rules_seats(self._h, ctypes.byref(m)))
        return [p for p in range(6) if m.value >> p & 1]

    def seat_name(self, seat):
        return _text(_lib.sh_rules_seat_name, self._h, seat)

    def __getitem__(self, name):
        return _text(_lib.sh_rules_get_option, self._h, name.encode())

    def __setitem__(self, name, value):
        if isinstance(value, bool):
            value = "yes" if value else "no"
        self._err(_lib.sh_rules_set_option(self._h, name.encode(), str(value).encode()))

    def set(self, settings):
        """Several 'name = value' settings (lines or ';'), all or nothing."""
        self._err(_lib.sh_rules_set_options(self._h, settings.encode()))
        return self

    def validate(self):
        self._err(_lib.sh_rules_validate(self._h))

    def options(self):
        """{name: value} for every option."""
        out = {}
        for line in _text(_lib.sh_rules_describe, self._h).splitlines():
            k, _, v = line.partition(" = ")
            out[k] = v
        return out

    def start(self):
        return Position.start(self)

    def __repr__(self):
        return f"Rules({self.id!r})"


# ---- positions ------------------------------------------------------------------

def _move(m):
    if isinstance(m, Move):
        return m
    return Move(*m)


class Position(_Handle):
    """Board, seat to move and round; Position("classic-2") or a SPEC §8 line."""

    _kind, _ptr = "position", L.PositionP

    def __init__(self, text="classic-2", rules=None):
        h = L.PositionP()
        if rules is None:
            _call(_lib.sh_position_parse, text.encode(), ctypes.byref(h))
        else:
            _check(_lib.sh_position_parse_rules(rules._h, text.encode(), ctypes.byref(h)))
        self._h = h

    @classmethod
    def start(cls, rules):
        h = L.PositionP()
        rules._err(_lib.sh_position_new(rules._h, ctypes.byref(h)))
        return cls._wrap(h)

    @classmethod
    def unpack(cls, rules, packed):
        h = L.PositionP()
        rules._err(_lib.sh_position_unpack(rules._h, bytes(packed), ctypes.byref(h)))
        return cls._wrap(h)

    def _text(self, fn, *args):
        need = ctypes.c_size_t()
        self._err(fn(self._h, *args, None, 0, ctypes.byref(need)))
        buf = ctypes.create_string_buffer(need.value)
        self._err(fn(self._h, *args, buf, need.value, ctypes.byref(need)))
        return buf.value.decode()

    def _ints(self, fn, *args, cap=NUM_CELLS):
        out = (ctypes.c_int * cap)()
        n = ctypes.c_size_t()
        self._err(fn(self._h, *args, out, cap, ctypes.byref(n)))
        return list(out[:n.value])

    def _int(self, fn, *args):
        v = ctypes.c_int()
        self._err(fn(self._h, *args, ctypes.byref(v)))
        return v.value


    @property
    def rules(self):
        h = L.RulesP()
        self._err(_lib.sh_position_rules(self._h, ctypes.byref(h)))
        return Rules._wrap(h)

    @property
    def text(self):
        return self._text(_lib.sh_position_to_text)

    __str__ = text.fget

    def __repr__(self):
        return f"Position({self.text!r})"

    def __eq__(self, other):
        return isinstance(other, Position) and self.text == other.text

    def __hash__(self):
        return self.hash

    def render(self):
        return self._text(_lib.sh_position_render)

    @property
    def to_move(self):
        return self._int(_lib.sh_position_to_move)

    @property
    def round(self):
        return self._int(_lib.sh_position_round)

    @property
    def hash(self):
        v = ctypes.c_uint64()
        self._err(_lib.sh_position_hash(self._h, ctypes.byref(v)))
        return v.value

    def owner(self, c):
        """(seat or NO_SEAT, is_king) of a cell (index or name)."""
        if isinstance(c, str):
            c = cell(c)
        s, k = ctypes.c_int(), ctypes.c_int()
        self._err(_lib.sh_position_owner(self._h, c, ctypes.byref(s), ctypes.byref(k)))
        return s.value, bool(k.value)

    def __getitem__(self, c):
        return self.owner(c)[0]

    def pieces(self, seat):
        return self._ints(_lib.sh_position_pieces, seat)

    def pack(self):
        buf = ctypes.create_string_buffer(PACKED_SIZE)
        self._err(_lib.sh_position_pack(self._h, buf))
        return buf.raw

    # -- moves
    def legal_moves(self):
        """Moves of the seat to move, sorted by (from, to)."""
        n = ctypes.c_size_t()
        self._err(_lib.sh_position_legal_moves(self._h, None, 0, ctypes.byref(n)))
        out = (L.Move_ * max(n.value, 1))()
        self._err(_lib.sh_position_legal_moves(self._h, out, n.value, ctypes.byref(n)))
        return [Move(m.from_, m.to) for m in out[:n.value]]

    def __iter__(self):
        """Iterates over the legal moves."""
        return iter(self.legal_moves())

    def count_moves(self):
        n = ctypes.c_size_t()
        self._err(_lib.sh_position_count_moves(self._h, ctypes.byref(n)))
        return n.value

    def destinations(self, frm):
        return self._ints(_lib.sh_position_destinations, frm)

    def is_legal(self, move):
        m = _move(move)
        return bool(self._int(_lib.sh_position_is_legal, m.from_, m.to))

    def closed_cells(self, seat):
        return self._ints(_lib.sh_position_closed_cells, seat)

    def canonical_path(self, move):
        m = _move(move)
        return self._ints(_lib.sh_position_canonical_path, m.from_, m.to)

    def all_paths(self, move, limit=100):
        """(list of paths, truncated)."""
        m = _move(move)
        need, paths, trunc = ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_int()
        self._err(_lib.sh_position_all_paths(self._h, m.from_, m.to, limit, None, 0,
                                             ctypes.byref(need), None, None))
        out = (ctypes.c_int * need.value)()
        self._err(_lib.sh_position_all_paths(self._h, m.from_, m.to, limit, out, need.value,
                                             ctypes.byref(need), ctypes.byref(paths),
                                             ctypes.byref(trunc)))
        result, cur = [], []
        for c in out:
            if c == NO_CELL:
                result.append(cur)
                cur = []
            else:
                cur.append(c)
        return result, bool(trunc.value)

    def parse_move(self, text):
        m = L.Move_()
        self._err(_lib.sh_position_parse_move(self._h, text.encode(), ctypes.byref(m)))
        return Move(m.from_, m.to)

    def format_move(self, move):
        m = _move(move)
        return self._text(_lib.sh_position_format_move, m.from_, m.to)

    def play(self, move):
        """Plays a move (Move, (from, to) or text) with no game rules."""
        m = self.parse_move(move) if isinstance(move, str) else _move(move)
        self._err(_lib.sh_position_play(self._h, m.from_, m.to))
        return self

    # -- perft
    def perft(self, depth):
        v = ctypes.c_uint64()
        self._err(_lib.sh_perft(self._h, depth, ctypes.byref(v)))
        return v.value

    def divide(self, depth):
        """{Move: perft(depth - 1) after it}."""
        n = ctypes.c_size_t()
        self._err(_lib.sh_divide(self._h, depth, None, None, 0, ctypes.byref(n)))
        moves, nodes = (L.Move_ * max(n.value, 1))(), (ctypes.c_uint64 * max(n.value, 1))()
        self._err(_lib.sh_divide(self._h, depth, moves, nodes, n.value, ctypes.byref(n)))
        return {Move(moves[i].from_, moves[i].to): nodes[i] for i in range(n.value)}

    def playouts(self, n, max_plies=1000, seed=0):
        """[(winner seat or NO_SEAT, plies)] of n random playouts (no game rules)."""
        w, p = (ctypes.c_int * max(n, 1))(), (ctypes.c_int * max(n, 1))()
        self._err(_lib.sh_random_playouts(self._h, n, max_plies, seed, w, p))
        return list(zip(w[:n], p[:n]))


# ---- games ------------------------------------------------------------------------

EVENT_KINDS = ("move", "pass", "arrival", "out", "resign", "flag", "draw", "end")
Event = namedtuple("Event", ["kind", "seat", "owner", "move", "place", "out_reason",
                             "end_reason", "by_flag"])


class Game(_Handle):
    """A whole game (SPEC §4): Game(rules) or Game.from_record(text)."""

    _kind, _ptr = "game", L.GameP

    def __init__(self, rules, first_seat=None):
        h = L.GameP()
        rules._err(_lib.sh_game_new(rules._h, NO_SEAT if first_seat is None else first_seat,
                                    ctypes.byref(h)))
        self._h = h

    @classmethod
    def from_record(cls, text, rules=None):
        h = L.GameP()
        st = _lib.sh_game_from_record(rules._h if rules else None, text.encode(), ctypes.byref(h))
        if rules:
            rules._err(st)
        else:
            _check(st)
        return cls._wrap(h)

    @property
    def position(self):
        h = L.PositionP()
        self._err(_lib.sh_game_position(self._h, ctypes.byref(h)))
        return Position._wrap(h)

    @property
    def to_move(self):
        """The seat to move, or None when the game is over."""
        s, o = ctypes.c_int(), ctypes.c_int()
        self._err(_lib.sh_game_to_move(self._h, ctypes.byref(s), ctypes.byref(o)))
        return None if s.value == NO_SEAT else s.value

    @property
    def over(self):
        o = ctypes.c_int()
        self._err(_lib.sh_game_state(self._h, ctypes.byref(o), None, None))
        return bool(o.value)

    @property
    def turns(self):
        t = ctypes.c_int()
        self._err(_lib.sh_game_counters(self._h, ctypes.byref(t), None, None))
        return t.value

    def places(self):
        """{seat: place} of the played seats placed so far."""
        p = (ctypes.c_int * 6)()
        self._err(_lib.sh_game_places(self._h, p))
        return {s: p[s] for s in range(6) if p[s]}

    def legal_moves(self):
        n = ctypes.c_size_t()
        self._err(_lib.sh_game_legal_moves(self._h, None, 0, ctypes.byref(n)))
        out = (L.Move_ * max(n.value, 1))()
        self._err(_lib.sh_game_legal_moves(self._h, out, n.value, ctypes.byref(n)))
        return [Move(m.from_, m.to) for m in out[:n.value]]

    def eliminates(self, move):
        m = _move(move)
        e = ctypes.c_int()
        self._err(_lib.sh_game_eliminates(self._h, m.from_, m.to, ctypes.byref(e)))
        return bool(e.value)

    def apply(self, move, elapsed_ms=0):
        if isinstance(move, str):
            self._err(_lib.sh_game_apply_text(self._h, move.encode(), elapsed_ms))
        else:
            m = _move(move)
            self._err(_lib.sh_game_apply(self._h, m.from_, m.to, elapsed_ms))
        return self

    def resign(self, seat):
        self._err(_lib.sh_game_resign(self._h, seat))

    def flag(self):
        self._err(_lib.sh_game_flag(self._h))

    def undo(self, n=1):
        k = ctypes.c_int()
        self._err(_lib.sh_game_undo(self._h, n, ctypes.byref(k)))
        return k.value

    def set_clock(self, reserve_ms, increment_ms=0):
        self._err(_lib.sh_game_set_clock(self._h, reserve_ms, increment_ms))

    def events(self, first=0):
        n = ctypes.c_size_t()
        self._err(_lib.sh_game_events(self._h, first, None, 0, ctypes.byref(n)))
        out = (L.Event_ * max(n.value, 1))()
        self._err(_lib.sh_game_events(self._h, first, out, n.value, ctypes.byref(n)))
        return [Event(EVENT_KINDS[e.kind], e.seat, e.owner,
                      Move(e.from_, e.to) if e.kind == 0 else None, e.place, e.out_reason,
                      e.end_reason, bool(e.by_flag)) for e in out[:n.value]]

    def event_lines(self):
        return [_text(_lib.sh_game_event_text, self._h, i) for i in range(len(self.events()))]

    def record(self, per_line=10):
        return _text(_lib.sh_game_record, self._h, per_line)

    def rating_changes(self, ratings, k=32.0, k_prime=0.0):
        n = len(ratings)
        r, out = (ctypes.c_double * n)(*ratings), (ctypes.c_double * n)()
        self._err(_lib.sh_game_rating_changes(self._h, r, n, k, k_prime, out))
        return list(out)

    def playouts(self, n, max_turns=1000, seed=0):
        """[(places by point, turns)] of n random games under every rule."""
        p, t = (ctypes.c_int * (6 * max(n, 1)))(), (ctypes.c_int * max(n, 1))()
        self._err(_lib.sh_game_playouts(self._h, n, max_turns, seed, p, t))
        return [(list(p[6 * i:6 * i + 6]), t[i]) for i in range(n)]


class Player(_Handle):
    """A computer player: Player("easy" | "normal" | "hard", seed)."""

    _kind, _ptr = "player", L.PlayerP

    def __init__(self, level="normal", seed=0):
        h = L.PlayerP()
        _call(_lib.sh_player_new, level.encode(), seed, ctypes.byref(h))
        self._h = h

    def choose(self, game):
        m = L.Move_()
        self._err(_lib.sh_player_choose(self._h, game._h, ctypes.byref(m)))
        return Move(m.from_, m.to)


# ---- batch ---------------------------------------------------------------------

def _buffer(data):
    """(address, length, keep-alive) of a bytes-like object, without copying when writable."""
    mv = memoryview(data).cast("B")
    if mv.readonly:
        b = ctypes.c_char_p(bytes(mv))
        return ctypes.cast(b, ctypes.c_void_p), len(mv), b
    arr = (ctypes.c_ubyte * len(mv)).from_buffer(mv)
    return ctypes.addressof(arr), len(mv), arr


def count_moves_batch(rules, packed):
    """Legal-move counts of many packed positions (PACKED_SIZE bytes each) in one call.

    `packed` is any bytes-like object (bytes, bytearray, memoryview, numpy
    uint8 array); returns array('I')."""
    addr, size, keep = _buffer(packed)
    if size % PACKED_SIZE:
        raise ValueError(f"packed data of {size} bytes is not a multiple of {PACKED_SIZE}")
    n = size // PACKED_SIZE
    out = array("I", bytes(4 * n))
    if n:
        optr, _ = out.buffer_info()
        rules._err(_lib.sh_batch_count_moves(rules._h, addr, n, optr))
    del keep
    return out


def legal_moves_batch(rules, packed):
    """Legal moves of many packed positions: a list of lists of Move."""
    addr, size, keep = _buffer(packed)
    n = size // PACKED_SIZE
    offsets = (ctypes.c_size_t * (n + 1))()
    total = ctypes.c_size_t()
    rules._err(_lib.sh_batch_legal_moves(rules._h, addr, n, offsets, None, 0, ctypes.byref(total)))
    out = (L.Move_ * max(total.value, 1))()
    rules._err(_lib.sh_batch_legal_moves(rules._h, addr, n, offsets, out, total.value,
                                         ctypes.byref(total)))
    del keep
    return [[Move(m.from_, m.to) for m in out[offsets[i]:offsets[i + 1]]] for i in range(n)]


def count_moves_texts(texts):
    """Legal-move counts of many preset position lines."""
    n = len(texts)
    arr = (ctypes.c_char_p * max(n, 1))(*[t.encode() for t in texts])
    counts = (ctypes.c_uint32 * max(n, 1))()
    bad = ctypes.c_size_t()
    _call(_lib.sh_batch_count_moves_text, arr, n, counts, ctypes.byref(bad))
    return list(counts[:n])


__all__ = [
    "Game", "Player", "Event", "Move", "Rules", "Position", "SternhalmaError", "NullError", "BufferTooSmall", "CellError",
    "MoveError", "ParseError", "PresetError", "OptionError", "StateError", "SeatError",
    "RangeError", "InternalError", "version", "cell", "cell_name", "axial", "cell_at",
    "neighbours", "point_of", "xy", "rotate", "reflect", "distance", "camp_cells", "tip",
    "foreign_cells", "presets", "count_moves_batch", "legal_moves_batch", "count_moves_texts",
]
