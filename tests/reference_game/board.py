"""The board of the game-rules model (model.py says what the model is and how
it is written): SPEC §1's geometry (cells, axial coordinates, points, camps,
tips), a table's options (SPEC §7; the names of `sternhalma presets
--rules`), the board, and SPEC §3's move generation (steps, jump chains under
standard, long and king jumps, zones, goal lock). Plain sets and loops, no
bit tricks.
"""
from __future__ import annotations

from collections import deque
from typing import Dict, Iterable, List, Optional, Set, Tuple

Move = Tuple[int, int]


# ---------------------------------------------------------------------------
# Geometry (SPEC §1)
# ---------------------------------------------------------------------------

SEAT_LETTERS = "WRBKYG"
NUM_CELLS = 121


def on_board(q: int, r: int) -> bool:
    """SPEC §1: (q<=4 && r<=4 && s<=4) || (q>=-4 && r>=-4 && s>=-4)."""
    s = -q - r
    return (q <= 4 and r <= 4 and s <= 4) or (q >= -4 and r >= -4 and s >= -4)


def _build_cells() -> List[Tuple[int, int]]:
    """SPEC §1: index 0..120 row by row from row 1 (r = -8) upwards, left to
    right (increasing q) inside a row."""
    cells = []
    for r in range(-8, 9):
        for q in range(-8, 9):
            if on_board(q, r):
                cells.append((q, r))
    return cells


AXIAL: List[Tuple[int, int]] = _build_cells()
assert len(AXIAL) == NUM_CELLS
INDEX: Dict[Tuple[int, int], int] = {qr: i for i, qr in enumerate(AXIAL)}

# SPEC §1: the six directions in (line, row) = (q, r) steps: E, W, UR, UL, DL, DR.
DIRECTIONS = [(1, 0), (-1, 0), (0, 1), (-1, 1), (0, -1), (1, -1)]


def cell_at(q: int, r: int) -> Optional[int]:
    return INDEX.get((q, r))


def cell_name(c: int) -> str:
    """SPEC §1: letter a..q for line = q + 9, number = row = r + 9."""
    q, r = AXIAL[c]
    return chr(ord("a") + q + 8) + str(r + 9)


def parse_cell(name: str) -> int:
    q = ord(name[0]) - ord("a") - 8
    r = int(name[1:]) - 9
    c = cell_at(q, r)
    if c is None:
        raise ValueError(f"no cell {name!r}")
    return c


# NEIGHBOUR[c][d]: the cell one step from c in direction d, or None.
NEIGHBOUR: List[List[Optional[int]]] = [
    [cell_at(q + dq, r + dr) for dq, dr in DIRECTIONS] for (q, r) in AXIAL]


def hex_distance(a: int, b: int) -> int:
    (qa, ra), (qb, rb) = AXIAL[a], AXIAL[b]
    dq, dr = qa - qb, ra - rb
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _rotate_qrs(q: int, r: int, times: int) -> Tuple[int, int]:
    """A 60-degree rotation taking point p onto point p + 1 (clockwise, SPEC
    §1 numbering): (q, r, s) -> (-s, -q, -r). Point 0 (r <= -5) goes to the
    cells with s >= 5, which is point 1."""
    for _ in range(times % 6):
        s = -q - r
        q, r = -s, -q
    return q, r


def _rotated_set(cells: Iterable[int], times: int) -> frozenset:
    return frozenset(INDEX[_rotate_qrs(*AXIAL[c], times)] for c in cells)


# SPEC §1: point 0 is r <= -5 (holds m1); the others by rotation, which gives
# 1: s >= 5, 2: q <= -5, 3: r >= 5, 4: s <= -5, 5: q >= 5.
_POINT0 = frozenset(c for c, (q, r) in enumerate(AXIAL) if r <= -5)
# SPEC §1: the 15-cell camp of point 0 is r <= -4 && q <= 4 && s <= 4.
_CAMP15_0 = frozenset(c for c, (q, r) in enumerate(AXIAL)
                      if r <= -4 and q <= 4 and -q - r <= 4)
POINTS: List[frozenset] = [_rotated_set(_POINT0, p) for p in range(6)]
CAMPS15: List[frozenset] = [_rotated_set(_CAMP15_0, p) for p in range(6)]
TIPS: List[int] = [INDEX[_rotate_qrs(4, -8, p)] for p in range(6)]  # m1 rotated


def point_of(c: int) -> Optional[int]:
    for p in range(6):
        if c in POINTS[p]:
            return p
    return None


def opposite(p: int) -> int:
    """SPEC §1: point p is opposite point (p + 3) mod 6."""
    return (p + 3) % 6


def camp(p: int, marbles: int) -> frozenset:
    """A seat's home camp: its point (10 marbles) or 15-cell camp (15)."""
    return POINTS[p] if marbles == 10 else CAMPS15[p]


def foreign_cells(p: int) -> frozenset:
    """SPEC §3: cells of a 10-cell point that is neither p's home nor its goal
    (the edge cells the 15-cell camps add are never foreign)."""
    out = set()
    for q in range(6):
        if q != p and q != opposite(p):
            out |= POINTS[q]
    return frozenset(out)


FOREIGN: List[frozenset] = [foreign_cells(p) for p in range(6)]

# ---------------------------------------------------------------------------
# A table (SPEC §7; option names and values as `sternhalma presets --rules`)
# ---------------------------------------------------------------------------


def _yes(v: str) -> bool:
    return v in ("yes", "on", "true", "1")


class Table:
    """The rules of one table, read from the {name: value} options."""

    def __init__(self, opts: Dict[str, str]):
        self.opts = dict(opts)
        self.id = opts["id"]
        self.seats: List[int] = sorted(int(x) for x in opts["seats"].split(","))
        self.first_seat = int(opts["first-seat"])
        self.marbles = int(opts["marbles"])
        self.jumps = opts["jumps"]            # standard | long | king
        self.zones = opts["zones"]            # free | closed | no-entry
        # SPEC §3 goal lock (yes: a marble that starts in its goal ends
        # there); SPEC §11 strict: once a piece has landed in its goal, every
        # later landing of it is inside the goal, within a chain too.
        self.goal_lock_strict = opts["goal-lock"] == "strict"
        self.goal_lock = self.goal_lock_strict or _yes(opts["goal-lock"])
        self.anti_blocking = _yes(opts["anti-blocking"])
        self.teams = _yes(opts["teams"])
        self.partner_moves = _yes(opts["partner-moves"])
        self.end = opts["end"]                # to-the-end | first-arrival
        self.last_reply = _yes(opts["last-reply"])
        d = opts["deadline"]
        self.deadline = 0 if d in ("none", "0") else int(d)
        lim = opts["limit"]
        if lim == "none":
            self.limit_unit, self.limit = None, 0
        else:
            n, unit = lim.split()
            self.limit_unit, self.limit = unit, int(n)  # "turns" | "rounds"
        self.limit_draw = _yes(opts["limit-draw"])
        self.no_progress = _yes(opts["no-progress"])
        # Threefold repetition ends the game: ranked (yes) or a draw (draw,
        # SPEC §11).
        self.repetition_draw = opts["repetition"] == "draw"
        self.repetition = self.repetition_draw or _yes(opts["repetition"])
        self.ranking = opts["ranking"]        # goal-distance | tip-distance
        self.resign = opts["resign"]          # ends-game | out
        self.flag = opts["flag"]              # resign | best-move
        self.king = self.jumps == "king"

    def home(self, s: int) -> frozenset:
        return camp(s, self.marbles)

    def goal(self, s: int) -> frozenset:
        """SPEC §2: the goal is the point (or camp) opposite the home."""
        return camp(opposite(s), self.marbles)

    def goal_tip(self, s: int) -> int:
        return TIPS[opposite(s)]

    def next_seat(self, s: int) -> int:
        """SPEC §2: play goes clockwise, i.e. to the next played point."""
        for i in range(1, 7):
            if (s + i) % 6 in self.seats:
                return (s + i) % 6
        return s

    def order_from(self, s: int) -> List[int]:
        """The played seats in turn order starting with s."""
        i = self.seats.index(s)
        return self.seats[i:] + self.seats[:i]


# ---------------------------------------------------------------------------
# The board: owner[c] (seat or -1) and king[c]
# ---------------------------------------------------------------------------


class Board:
    def __init__(self, table: Table):
        self.owner = [-1] * NUM_CELLS
        self.king = [False] * NUM_CELLS
        for s in table.seats:
            # SPEC §2: each seat starts on its home camp; §3 king rule: the
            # king starts on its camp's tip cell (14 pieces + king).
            for c in table.home(s):
                if self.owner[c] != -1:
                    raise ValueError(f"camps of {self.owner[c]} and {s} overlap at {cell_name(c)}")
                self.owner[c] = s
            if table.king:
                self.king[TIPS[s]] = True

    @classmethod
    def from_text(cls, table: Table, text: str) -> Tuple["Board", int, int]:
        """SPEC §8 position line: `<id> <to-move> <seat>:<cell>,... <round>`
        (a king marked `*`). Returns (board, seat to move, round)."""
        toks = text.split()
        b = cls.__new__(cls)
        b.owner = [-1] * NUM_CELLS
        b.king = [False] * NUM_CELLS
        for tok in toks[2:-1]:
            letter, _, cells = tok.partition(":")
            for name in filter(None, cells.split(",")):
                c = parse_cell(name.rstrip("*"))
                b.owner[c] = SEAT_LETTERS.index(letter)
                b.king[c] = name.endswith("*")
        return b, SEAT_LETTERS.index(toks[1]), int(toks[-1])

    def copy(self) -> "Board":
        b = Board.__new__(Board)
        b.owner = list(self.owner)
        b.king = list(self.king)
        return b

    def pieces(self, s: int) -> List[int]:
        return [c for c in range(NUM_CELLS) if self.owner[c] == s]

    def move(self, f: int, t: int) -> None:
        assert self.owner[f] != -1 and self.owner[t] == -1
        self.owner[t], self.king[t] = self.owner[f], self.king[f]
        self.owner[f], self.king[f] = -1, False

    def remove(self, s: int) -> None:
        for c in range(NUM_CELLS):
            if self.owner[c] == s:
                self.owner[c], self.king[c] = -1, False

    def key(self) -> bytes:
        return bytes((o + 1) | (16 if k else 0) for o, k in zip(self.owner, self.king))


# ---------------------------------------------------------------------------
# Move generation (SPEC §3)
# ---------------------------------------------------------------------------


def _jumps_from(board: Board, table: Table, at: int, start: int, is_king: bool) -> List[int]:
    """Landing cells of one jump from `at`. The chain's start cell counts as
    empty while the marble jumps (choices.md, "A chain's starting cell is empty")."""

    def occupied(c: int) -> bool:
        return c != start and board.owner[c] != -1

    def kingpiece(c: int) -> bool:
        return c != start and board.king[c]

    out = []
    for d in range(6):
        if table.jumps == "standard" or (table.jumps == "king" and not is_king):
            # Standard: over one occupied neighbour to the empty cell behind it;
            # SPEC §3 king rule: no piece may jump over a king.
            over = NEIGHBOUR[at][d]
            if over is None or not occupied(over) or kingpiece(over):
                continue
            land = NEIGHBOUR[over][d]
            if land is not None and not occupied(land):
                out.append(land)
        elif table.jumps == "long":
            # Long jumps: over a single marble k >= 1 away (the k-1 cells
            # before it empty), landing exactly k beyond it (the k-1 cells
            # between and the landing cell empty).
            ray = []
            c = NEIGHBOUR[at][d]
            while c is not None:
                ray.append(c)
                c = NEIGHBOUR[c][d]
            k = next((i + 1 for i, c in enumerate(ray) if occupied(c)), None)
            if k is None or len(ray) < 2 * k:
                continue
            if kingpiece(ray[k - 1]):
                continue
            if all(not occupied(ray[i]) for i in range(k, 2 * k)):
                out.append(ray[2 * k - 1])
        else:
            # The king: over a whole straight run of >= 1 contiguous occupied
            # cells, landing on the first empty cell after it; never over a king.
            c = NEIGHBOUR[at][d]
            run = 0
            blocked = False
            while c is not None and occupied(c):
                if kingpiece(c):
                    blocked = True
                run += 1
                c = NEIGHBOUR[c][d]
            if run >= 1 and not blocked and c is not None:
                out.append(c)
    return out


def destinations(board: Board, table: Table, owner: int, f: int) -> Set[int]:
    """SPEC §3: the cells the marble on f (of `owner`) may move to: the
    empty neighbours (steps) and the landings of jump chains (never the start,
    never a cell twice: reachability), then the zone rule and the goal lock."""
    foreign = FOREIGN[owner] if table.zones != "free" else frozenset()
    no_entry = table.zones == "no-entry"
    dests: Set[int] = set()
    # Steps.
    for n in NEIGHBOUR[f]:
        if n is not None and board.owner[n] == -1:
            dests.add(n)
    # Jump chains: breadth-first over (landing cell, whether the piece has
    # been in its goal). "No entry" forbids landing on a foreign cell even in
    # the middle of a chain; strict goal lock forbids a landing outside the
    # goal once the piece has been in it (at the start or on a landing).
    is_king = table.king and board.king[f]
    goal = table.goal(owner)
    start = (f, f in goal)
    seen = {start}
    todo = deque([start])
    while todo:
        at, been_in_goal = todo.popleft()
        for land in _jumps_from(board, table, at, f, is_king):
            if land == f or (no_entry and land in foreign):
                continue
            if table.goal_lock_strict and been_in_goal and land not in goal:
                continue
            state = (land, been_in_goal or land in goal)
            if state in seen:
                continue
            seen.add(state)
            todo.append(state)
            dests.add(land)
    dests.discard(f)
    # Zones: closed and no-entry: a move never ends on a foreign cell.
    dests -= foreign
    # SPEC §3 goal lock: a marble that starts inside its goal ends inside it.
    if table.goal_lock and f in table.goal(owner):
        dests &= table.goal(owner)
    return dests


def canonical_path(board: Board, table: Table, owner: int, f: int, t: int) -> List[int]:
    """SPEC §3: the step where a step reaches t; otherwise the chain with the
    fewest jumps, ties broken by the smallest sequence of cell indices. A
    breadth-first search over the landings (the start empty, no entry never
    landed on), keeping for each cell its smallest shortest chain: the chains
    of one length compare by their prefixes, so the smallest chain to a cell
    is the smallest chain to one of its predecessors, extended."""
    if t in NEIGHBOUR[f] and board.owner[t] == -1:
        return [f, t]
    no_entry = table.zones == "no-entry"
    foreign = FOREIGN[owner] if no_entry else frozenset()
    is_king = table.king and board.king[f]
    goal = table.goal(owner)
    best: Dict[int, List[int]] = {f: [f]}
    layer = [f]
    while layer and t not in best:
        nxt: Dict[int, List[int]] = {}
        for at in layer:
            # Strict goal lock: a chain that has been in the goal lands only there.
            stay = table.goal_lock_strict and any(c in goal for c in best[at])
            for land in _jumps_from(board, table, at, f, is_king):
                if land in best or land in foreign or (stay and land not in goal):
                    continue
                chain = best[at] + [land]
                if land not in nxt or chain < nxt[land]:
                    nxt[land] = chain
        best.update(nxt)
        layer = list(nxt)
    return best[t]


def legal_moves(board: Board, table: Table, owner: int) -> List[Move]:
    """Every (from, to) of owner's marbles, sorted (SPEC §3: one move per pair)."""
    out = []
    for f in board.pieces(owner):
        for t in destinations(board, table, owner, f):
            out.append((f, t))
    out.sort()
    return out
