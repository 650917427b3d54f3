"""An independent executable model of the sternhalma GAME rules.

Written from ../../../shared/SPEC.md (SPEC), the seeds and the rule book's
choices where the SPEC is silent (docs/rules/choices.md),
never from the library's sources: it is the second opinion that
differential.py holds the library to. Python standard library only; slow on
purpose (plain sets and loops, no bit tricks), so it is easy to read against
the SPEC.

The model, by file:
  board.py      SPEC §1 geometry (cells, axial coordinates, points, camps,
                tips), a table's options (SPEC §7; the names of `sternhalma
                presets --rules`), the board, and SPEC §3's move generation
                (steps, jump chains: standard, long, king; zones, goal lock)
  distance.py   SPEC §4 rule 10: tip distance, assignment distance (Hungarian)
  model.py      (this file) GameModel: SPEC §4 turn flow, §5 teams, rule 11
                resign, flag and clocks, and undo (game.h: an action taken
                back with its passes)
  rating.py     SPEC §6: Elo for two, pairwise by place for three to six
"""
from __future__ import annotations

from collections import Counter
from typing import Dict, List, Optional, Tuple

from board import (SEAT_LETTERS, Board, Move, Table, canonical_path, cell_name, destinations,
                   hex_distance, legal_moves, opposite)
from distance import goal_distance, marbles_in_goal, tip_distance


# ---------------------------------------------------------------------------
# The game (SPEC §4, §5)
# ---------------------------------------------------------------------------

PLAYING, ARRIVED, OUT, NOT_PLAYED = "playing", "arrived", "out", "not-played"


class ModelError(Exception):
    """An action the rules refuse (the library must refuse it too)."""


# game.h: clock values are in 0..kMaxClockMs (10^12 ms); a reserve never
# grows past it (the increment beyond it is dropped).
MAX_CLOCK_MS = 10 ** 12

# What a snapshot for undo does not hold: the table (immutable), the
# coverage counters (rules that fired stay counted when taken back) and the
# snapshots themselves.
_NOT_IN_SNAPSHOT = ("t", "stats", "snapshots", "undo_depth")


class GameModel:
    def __init__(self, table: Table, first_seat: Optional[int] = None,
                 board: Optional[Board] = None, round0: int = 0, undo_depth: int = 0):
        """A new game from the table's start (first_seat: default the
        table's), or from a hand-made board (game.h from_position: the seat
        `first_seat` moves first, turns, moves and rounds count from 0 and
        the round reported goes on from round0; no arrival is checked
        before the first turn). undo_depth: how many of the last actions
        undo() can take back (the state before the first action is kept
        too); 0 keeps no snapshots."""
        self.t = table
        self.board = Board(table) if board is None else board
        self.round0 = round0
        self.first_seat = table.first_seat if first_seat is None else first_seat
        assert self.first_seat in table.seats
        self.status = {s: (PLAYING if s in table.seats else NOT_PLAYED) for s in range(6)}
        self.place = {s: 0 for s in range(6)}
        self.out_reason = {s: "none" for s in range(6)}
        self.moves_made = {s: 0 for s in range(6)}
        self.turns_taken = {s: 0 for s in range(6)}
        self.turns = 0
        self.over = False
        self.end_reason = "none"
        self.draw = False
        self.to_move: Optional[int] = self.first_seat
        # Places: 1..U, U = seats or teams (choices.md: team places run 1..T).
        self.best_free = 1
        self.worst_free = self.units_total()
        # Rule 5: the seat that owes the two-player last reply.
        self.reply_seat: Optional[int] = None
        # Rule 8 no progress: each seat's lowest distance so far.
        self.best_distance = {s: goal_distance(self.board, table, s) for s in table.seats}
        self.last_progress = 0
        # Rule 8 repetition: occurrences of (board, seat to move), the start included.
        self.occurrences: Dict[bytes, int] = {}
        self.arrived_any = False
        # Which rules fired (for the differential test's coverage summary).
        self.stats: Counter = Counter()
        self.arrived_units_this_turn = 0  # units (seats or teams) placed by arrival this turn
        self.stats_arrivals_this_turn = 0
        # Rule 11: "Clocks are bookkeeping: reserve + increment per move,
        # elapsed time given by the caller". Off until set_clock(); a seat
        # without a clock reports a reserve of 0 (SeatInfo).
        self.clock_on = False
        self.increment = 0
        self.reserve = {s: 0 for s in range(6)}
        # game.h: an action is a move, a resignation or a flag (not the
        # automatic passes); undo() takes actions back.
        self.actions = 0
        # SPEC §8: the record's tokens after the table id and first seat, one
        # per turn or action (a move's path, pass, X:resign, X:flag).
        self.record: List[str] = []
        # snapshots[i]: the state before action i (None once forgotten).
        self.undo_depth = undo_depth
        self.snapshots: List[Optional[dict]] = []
        self._moves_cache = None
        self._count_position()
        self._settle()

    # -- seats, units, turns ------------------------------------------------

    def partner(self, s: int) -> int:
        return opposite(s)  # SPEC §5: partners sit opposite

    def unit(self, s: int) -> int:
        """The place-taking unit: the seat, or its team (by its lower seat)."""
        return min(s, self.partner(s)) if self.t.teams else s

    def unit_seats(self, u: int) -> List[int]:
        return [u, self.partner(u)] if self.t.teams else [u]

    def units(self) -> List[int]:
        return sorted({self.unit(s) for s in self.t.seats})

    def units_total(self) -> int:
        return len(self.units())

    def unit_playing(self, u: int) -> bool:
        """A seat plays until it arrived or is out; a team until both partners
        arrived (SPEC §5) or it is out."""
        seats = self.unit_seats(u)
        if any(self.status[s] == OUT for s in seats):
            return False
        return any(self.status[s] == PLAYING for s in seats)

    def playing_units(self) -> List[int]:
        return [u for u in self.units() if self.unit_playing(u)]

    def playing_seats(self) -> List[int]:
        return [s for s in self.t.seats if self.status[s] == PLAYING]

    def has_turn(self, s: int) -> bool:
        """Rule 1 / §5: a playing seat, or (partner moves) an arrived seat
        whose partner still plays."""
        if self.status[s] == PLAYING:
            return True
        return (self.t.teams and self.t.partner_moves and self.status[s] == ARRIVED
                and self.status[self.partner(s)] == PLAYING)

    def owner_for(self, s: int) -> int:
        """Whose marbles s moves: its own, or its partner's after arriving (§5)."""
        return s if self.status[s] == PLAYING else self.partner(s)

    def next_turn_seat(self, after: int) -> Optional[int]:
        s = after
        for _ in range(6):
            s = self.t.next_seat(s)
            if self.has_turn(s):
                return s
        return None

    @property
    def marbles_of(self) -> Optional[int]:
        return None if self.over else self.owner_for(self.to_move)

    @property
    def round(self) -> int:
        """choices.md: the position's round is the fewest turns taken by any seat
        still playing."""
        ps = self.playing_seats()
        return self.round0 + (min(self.turns_taken[s] for s in ps) if ps else 0)

    # -- queries ------------------------------------------------------------

    def seat_moves(self, s: int) -> List[Move]:
        return legal_moves(self.board, self.t, self.owner_for(s))

    def legal_moves(self) -> List[Move]:
        if self.over:
            return []
        if self._moves_cache is None:
            self._moves_cache = self.seat_moves(self.to_move)
        return self._moves_cache

    def _home_marble_can_move(self, board: Board, s: int) -> bool:
        """Rule 7: one of s's marbles is still in its home camp and that marble
        has a legal move on that board."""
        return any(board.owner[c] == s and destinations(board, self.t, s, c)
                   for c in self.t.home(s))

    def _out_by_move(self, s: int, o: int, m: Move) -> Optional[Tuple[int, str]]:
        """Rule 7: whether seat s moving a marble of o along m puts a seat out,
        and which, and why."""
        dl = self.t.deadline
        if not dl:
            return None
        f, t = m
        home = self.t.home(o)
        # After o's deadline (its own moves), bringing a marble from outside
        # home into it puts o out (choices.md: the marble's owner, and its team).
        if self.moves_made[o] >= dl and f not in home and t in home:
            return (o, "returned-home")
        # Right after o's own deadline move: a home marble that can move.
        if o == s and self.moves_made[s] + 1 == dl:
            b = self.board.copy()
            b.move(f, t)
            if self._home_marble_can_move(b, s):
                return (s, "deadline")
        return None

    def eliminates(self, m: Move) -> bool:
        """Rule 7: "from then on [after the deadline], a move that takes a
        marble from outside its home camp into it is legal but puts the seat
        out; the library marks such a move before it is played". The mark is
        for those moves only: a deadline move that leaves a marble at home
        also puts its seat out (apply() does that) but is not marked (the
        library's documented choice; README.md here, note 1)."""
        if self.over:
            return False
        out = self._out_by_move(self.to_move, self.owner_for(self.to_move), m)
        return out is not None and out[1] == "returned-home"

    def puts_out(self, m: Move) -> str:
        """Whether the legal move m, played now, puts a seat out, and why
        ("returned-home", "deadline"), else "none": the library's puts_out(),
        which a front end asks to warn before either."""
        if self.over:
            return "none"
        out = self._out_by_move(self.to_move, self.owner_for(self.to_move), m)
        return "none" if out is None else out[1]

    def flag_move(self) -> Move:
        """Rule 11, 004: the move that gains most tip distance, ties by the
        smallest (from, to)."""
        o = self.owner_for(self.to_move)
        tip = self.t.goal_tip(o)
        best = None
        for (f, t) in self.legal_moves():
            gain = hex_distance(f, tip) - hex_distance(t, tip)
            if best is None or gain > best[0]:
                best = (gain, (f, t))
        return best[1]

    # -- ranking (rule 8) ---------------------------------------------------

    def key(self, s: int) -> tuple:
        """Rule 8: 000/002 marbles in the goal (more is better), then the
        distance (less); 004 the tip distance only. Smaller is better."""
        if self.t.ranking == "tip-distance":
            return (tip_distance(self.board, self.t, s),)
        return (-marbles_in_goal(self.board, self.t, s), goal_distance(self.board, self.t, s))

    def unit_key(self, u: int) -> tuple:
        """§5: teams are ranked with the partners' keys summed."""
        keys = [self.key(s) for s in self.unit_seats(u)]
        return tuple(sum(k[i] for k in keys) for i in range(len(keys[0])))

    def _set_unit_place(self, u: int, place: int) -> None:
        for s in self.unit_seats(u):
            self.place[s] = place

    def _rank_rest(self, draw_all: bool = False) -> None:
        """Rule 8: the units still playing take the free places by their keys,
        equal keys sharing a place (competition ranking: 1, 2, 2, 4). With
        draw_all (002's limit before any arrival) they all share the best."""
        units = self.playing_units()
        if draw_all:
            for u in units:
                self._set_unit_place(u, self.best_free)
            return
        keys = {u: self.unit_key(u) for u in units}
        for u in units:
            better = sum(1 for v in units if keys[v] < keys[u])
            self._set_unit_place(u, self.best_free + better)
        if len(set(keys.values())) < len(keys):
            self.stats["shared place in ranking"] += 1

    def _end(self, why: str, rank: bool = True, draw_all: bool = False) -> None:
        if rank:
            self._rank_rest(draw_all)
        if draw_all:
            self.draw = True
        self.over = True
        self.end_reason = why
        self.to_move = None
        self._moves_cache = None

    # -- arrivals and outs --------------------------------------------------

    def arrived_now(self, s: int) -> bool:
        """Rule 3: anti-blocking on, every goal cell occupied and at least one
        holding s's marble; off, every goal cell holding s's marble. Japanese:
        besides, s's king stands on the goal's tip cell."""
        goal = self.t.goal(s)
        b = self.board
        if self.t.anti_blocking:
            ok = all(b.owner[c] != -1 for c in goal) and any(b.owner[c] == s for c in goal)
        else:
            ok = all(b.owner[c] == s for c in goal)
        if ok and self.t.king:
            tip = self.t.goal_tip(s)
            ok = b.owner[tip] == s and b.king[tip]
        return ok

    def _arrive(self, s: int) -> None:
        """Rule 3: the seat takes the best free place; §5: a team takes the
        best free team place when both partners have arrived."""
        self.status[s] = ARRIVED
        self.arrived_any = True
        self.stats["arrival"] += 1
        self.stats_arrivals_this_turn += 1
        u = self.unit(s)
        if all(self.status[x] == ARRIVED for x in self.unit_seats(u)):
            self._set_unit_place(u, self.best_free)
            self.best_free += 1
            self.arrived_units_this_turn += 1
            if self.t.teams:
                self.stats["team arrival"] += 1

    def _check_arrivals(self, first: int, mover: int) -> None:
        """Rule 3: every playing seat after every turn, the one whose marble
        moved first, then the others in turn order."""
        order = [first] + [s for s in self.t.order_from(mover) if s != first]
        for s in order:
            if self.status[s] == PLAYING and self.arrived_now(s):
                self._arrive(s)

    def _put_out(self, s: int, why: str, remove: bool = True) -> None:
        """Rule 7 / 11: the seat is out. Two players: it loses (place 2), the
        game is over and its marbles stay (choices.md). 3+ (and team games): the
        worst free place, its marbles leave the board; §5: its whole team.
        remove=False: the game ends with this out (000's resignation), the
        marbles stay as in a two-player game (library's choice; README.md
        here, note 2)."""
        u = self.unit(s)
        self.stats[f"out {why}"] += 1
        if self.t.teams:
            self.stats["team out"] += 1
        if self.reply_seat is not None:
            self.stats["out while a last reply is owed"] += 1
        for x in self.unit_seats(u):
            if self.status[x] != OUT:
                self.status[x] = OUT
                self.out_reason[x] = why if x == s else "partner"
        self._set_unit_place(u, self.worst_free)
        self.worst_free -= 1
        if remove and (self.t.teams or len(self.t.seats) > 2):
            for x in self.unit_seats(u):
                self.board.remove(x)

    def _one_left(self) -> bool:
        """Rule 6 (and §5): with one unit left playing it takes the best free
        place and the game ends; with none left the game is over too."""
        units = self.playing_units()
        if len(units) > 1:
            return False
        if units:
            self._set_unit_place(units[0], self.best_free)
            self.best_free += 1
        self._end("all-placed", rank=False)
        return True

    # -- limits -------------------------------------------------------------

    def _limit_reached(self) -> bool:
        """Rule 9: a limit in turns counts all turns; in rounds it is reached
        when every seat still playing has taken that many turns."""
        if self.t.limit_unit == "turns":
            return self.turns >= self.t.limit
        if self.t.limit_unit == "rounds":
            return self.round - self.round0 >= self.t.limit
        return False

    def _no_progress(self) -> bool:
        """Rule 8 (002): 30 x (seats still playing) turns since any playing
        seat last lowered its lowest distance."""
        return (self.t.no_progress
                and self.turns - self.last_progress >= 30 * len(self.playing_seats()))

    def _check_limits(self) -> bool:
        if self._limit_reached():
            # 002: a move limit reached before anybody arrived is a draw.
            draw = self.t.limit_draw and not self.arrived_any
            self.stats["limit draw" if draw else "limit ranked"] += 1
            self._end("limit", draw_all=draw)
            return True
        if self._no_progress():
            self._end("no-progress")
            return True
        return False

    def _count_position(self) -> int:
        k = self.board.key() + bytes([self.to_move])
        self.occurrences[k] = self.occurrences.get(k, 0) + 1
        return self.occurrences[k]

    # -- the turn flow ------------------------------------------------------

    def _after_turn(self, s: int) -> None:
        """What follows a turn (move or pass) of seat s: the end rules, then
        the next seat with a turn (rule 1), the repetition count, passes."""
        self._moves_cache = None
        if self.over:
            return
        arrived = self.arrived_units_this_turn
        # Rule 5: the last reply has been played.
        if self.reply_seat is not None:
            r = self.reply_seat
            if r == s:
                other = next(x for x in self.t.seats if x != r)
                if self.status[r] == ARRIVED:
                    # Both arrived: a draw, both place 1.
                    self.place[r] = self.place[other] = 1
                    self.draw = True
                    self.stats["last reply draw"] += 1
                else:
                    self.place[r] = 2
                self._end("last-reply", rank=False)
                return
        if self.stats_arrivals_this_turn > 1:
            self.stats["several arrivals in one turn"] += 1
        # Rule 5: an arrival in a two-player game whose opponent has taken
        # fewer turns owes that opponent one more turn.
        if (arrived and self.t.last_reply and len(self.t.seats) == 2 and not self.t.teams):
            a = next(x for x in self.t.seats if self.status[x] == ARRIVED)
            b = next(x for x in self.t.seats if x != a)
            if self.status[b] == PLAYING and self.turns_taken[b] < self.turns_taken[a]:
                self.reply_seat = b
                self.stats["last reply owed"] += 1
                if self.t.end == "first-arrival":
                    # SPEC does not order rules 4 and 5; the library gives
                    # the reply first (README.md here, note 3).
                    self.stats["last reply before the first arrival's end"] += 1
        # Rule 4: first finisher ends.
        if arrived and self.t.end == "first-arrival" and self.reply_seat is None:
            if self.t.teams:
                self.stats["first team arrival ends a team game"] += 1
            self._end("first-arrival")
            return
        # choices.md: while a last reply is owed, the limit, repetition and
        # no-progress checks wait until after it.
        if self.reply_seat is None:
            if self._one_left():
                return
            # Rules 8, 9: limit and no progress; repetition needs the next
            # seat to move and is counted in _advance.
            if self._check_limits():
                return
        self._advance(s)

    def _advance(self, s: int, count: bool = True) -> None:
        """The turn passes from s to the next seat with a turn. `count`: the
        position it meets counts for the repetition rule (after a turn, not
        after a resignation, which is no turn)."""
        if self.over:
            return
        n = self.next_turn_seat(s)
        if n is None:
            self._end("all-placed")
            return
        self.to_move = n
        self._moves_cache = None
        if count:
            occ = self._count_position()
            if self.reply_seat is None and self.t.repetition and occ >= 3:
                # SPEC §11's repetition = draw: the seats still playing share
                # the best place, as 002's limit draw.
                self.stats["repetition draw" if self.t.repetition_draw else "repetition ranked"] += 1
                self._end("repetition", draw_all=self.t.repetition_draw)
                return
        self._settle()

    def _settle(self) -> None:
        """Rule 2: the seat to move passes when it has no legal move; when no
        seat that has a turn has a legal move the game ends (rule 8)."""
        if self.over or self.legal_moves():
            return
        if not any(self.seat_moves(x) for x in self.t.seats if self.has_turn(x)):
            self._end("no-moves")
            return
        s = self.to_move
        self.stats["pass"] += 1
        self.record.append("pass")  # SPEC §8: writers include every pass
        if self.clock_on:
            # Rule 11: the increment is "per move": a pass earns none.
            self.stats["pass with a clock (no increment)"] += 1
        self.turns += 1
        self.turns_taken[s] += 1
        self.arrived_units_this_turn = 0
        self.stats_arrivals_this_turn = 0
        self._after_turn(s)

    # -- actions ------------------------------------------------------------
    #
    # The three actions (game.h): apply() a move, resign() a seat, flag() the
    # seat to move. Each checks that it may be played (a refused action
    # changes nothing), then _begin_action() keeps the state for undo(),
    # then the _play / _resign / _flag below do the rules.

    def apply(self, m: Move, elapsed_ms: int = 0) -> None:
        """The seat to move plays m; elapsed_ms is charged to its clock."""
        if self.over:
            raise ModelError("the game is over")
        # game.h: "An illegal move changes nothing": legality before the clock.
        if tuple(m) not in set(self.legal_moves()):
            raise ModelError(f"illegal move {cell_name(m[0])}-{cell_name(m[1])}")
        if elapsed_ms < 0:
            raise ModelError("elapsed_ms must be >= 0")  # game.h: OutOfRange
        self._begin_action()
        s = self.to_move
        if self.clock_on:
            # game.h apply(): "when it exceeds the reserve, the flag falls
            # instead (as flag()) and the move is not played".
            if elapsed_ms > self.reserve[s]:
                self.stats["flag by time"] += 1
                self._flag()
                return
            # Rule 11: the elapsed time comes off the reserve (it may reach 0).
            if elapsed_ms == self.reserve[s]:
                self.stats["elapsed time equal to the reserve (no flag)"] += 1
            self.reserve[s] -= elapsed_ms
        # SPEC §8: a move's token is its path (the canonical one, as written).
        path = canonical_path(self.board, self.t, self.owner_for(s), m[0], m[1])
        self.record.append("-".join(cell_name(c) for c in path))
        self._play(m)

    def _play(self, m: Move, by_flag: bool = False) -> None:
        s = self.to_move
        o = self.owner_for(s)
        f, t = m
        # Rule 11: "reserve + increment per move": the seat that moved (its
        # clock, also when it moves a partner's marble) earns the increment,
        # a move the table plays for a fallen flag too (choices.md, 004); game.h:
        # a reserve never grows past kMaxClockMs. Passes earn nothing.
        if self.clock_on:
            if self.reserve[s] + self.increment > MAX_CLOCK_MS:
                self.stats["reserve held at the clock's ceiling"] += 1
            self.reserve[s] = min(self.reserve[s] + self.increment, MAX_CLOCK_MS)
        out = self._out_by_move(s, o, m)
        self.board.move(f, t)
        self.turns += 1
        self.turns_taken[s] += 1
        if o == s:
            self.moves_made[s] += 1
        else:
            self.stats["partner move"] += 1
        if by_flag:
            self.stats["flag move"] += 1
            if o != s:
                self.stats["flag move for a partner"] += 1
        if self.t.deadline and o == s and self.moves_made[s] == self.t.deadline:
            home_left = any(self.board.owner[c] == s for c in self.t.home(s))
            if home_left and out is None:
                self.stats["deadline exemption (home marbles blocked)"] += 1
        self.arrived_units_this_turn = 0
        self.stats_arrivals_this_turn = 0
        # Rule 8 no progress: the mover's move counts when it lowers the
        # distance of the marbles it moved for (even when that seat arrives).
        if self.t.no_progress:
            d = goal_distance(self.board, self.t, o)
            if d < self.best_distance[o]:
                self.best_distance[o] = d
                self.last_progress = self.turns
        # choices.md: on the deadline move the deadline applies before arrival.
        if out is not None:
            self._put_out(*out)
            if len(self.t.seats) == 2 and not self.t.teams:
                # Rule 3 still runs after the turn for the seat left playing
                # (choices.md: a move back home that completes the opponent's
                # goal has it arrive, place 1 either way), then rule 6.
                self._check_arrivals(o, s)
                self._one_left()
                return
        self._check_arrivals(o, s)
        self._after_turn(s)

    def _may_resign(self, s: int) -> bool:
        if self.over or self.status[s] == NOT_PLAYED:
            return False
        # choices.md: any seat still playing (or, in a team game, whose team is).
        if self.status[s] == PLAYING:
            return True
        return self.t.teams and self.unit_playing(self.unit(s))

    def resign(self, s: int) -> None:
        """Seat s resigns (rule 11; choices.md: at any time, not a turn)."""
        if not self._may_resign(s):
            raise ModelError(f"seat {SEAT_LETTERS[s]} cannot resign")
        self._begin_action()
        self.record.append(f"{SEAT_LETTERS[s]}:resign")
        self._resign(s)

    def _resign(self, s: int) -> None:
        self._moves_cache = None
        # choices.md: a 2-player (2-team) game ends with the resigner last; 000
        # (ends-game) ends a 3+ game at once: either way the game is over and
        # the resigner's marbles stay on the board.
        ends = self.units_total() == 2 or self.t.resign == "ends-game"
        self._put_out(s, "resigned", remove=not ends)
        if self.units_total() == 2:
            # choices.md: a 2-player (2-team) game ends on a resignation, resigner last.
            self._one_left_resign()
            return
        if self.t.resign == "ends-game":
            # Rule 11, 000: the game ends at once, the resigner last, arrived
            # seats keep their places, the rest ranked by rule 8.
            self._end("resign")
            return
        # 002/004: the resigner is out and the rest play on.
        if self._one_left():
            return
        # choices.md: the limit and no-progress checks follow at once.
        if self.reply_seat is None and self._check_limits():
            return
        if not self.has_turn(self.to_move):
            self._advance(self.to_move, count=False)
        else:
            self._settle()

    def _one_left_resign(self) -> None:
        for u in self.playing_units():
            self._set_unit_place(u, self.best_free)
            self.best_free += 1
        self._end("resign", rank=False)

    def flag(self) -> None:
        """Rule 11: the flag of the seat to move falls."""
        if self.over:
            raise ModelError("the game is over")
        self._begin_action()
        self._flag()

    def _flag(self) -> None:
        """Rule 11: "A flag falls only for the seat to move and counts as its
        resignation, except on 004": there the table plays the move that gains
        most tip distance. choices.md: a fallen flag's reserve is 0 on
        every table, and on 004 the table's move then earns the increment
        (README.md here, note 4)."""
        s = self.to_move
        # SPEC §8: the flag is the seat's action; the move a 004 table then
        # plays follows from it and is not written.
        self.record.append(f"{SEAT_LETTERS[s]}:flag")
        if self.clock_on:
            self.reserve[s] = 0
        if self.t.flag == "best-move":
            self._play(self.flag_move(), by_flag=True)
        else:
            self._resign(s)

    # -- clocks and undo ----------------------------------------------------

    def set_clock(self, reserve_ms: int, increment_ms: int = 0) -> None:
        """game.h set_clock(): every played seat gets the reserve, each move
        earns the increment; a reserve outside 1..kMaxClockMs or an increment
        outside 0..kMaxClockMs is refused, and so is a clock "once a turn or
        an action was played" (here: the state has a turn or an action; an
        undo back to the start restores the state before both)."""
        if not 1 <= reserve_ms <= MAX_CLOCK_MS or not 0 <= increment_ms <= MAX_CLOCK_MS:
            raise ModelError("clock value out of range")
        if self.turns > 0 or self.actions > 0:
            raise ModelError("a turn or an action was played")
        self.clock_on = True
        self.increment = increment_ms
        for s in self.t.seats:
            self.reserve[s] = reserve_ms

    def _snapshot(self) -> dict:
        """Everything undo() restores (game.h: "position, hash, places,
        clocks and counters", and so the repetition count and the rule 8
        bookkeeping): a copy of every field but _NOT_IN_SNAPSHOT's."""
        snap = {}
        for k, v in self.__dict__.items():
            if k in _NOT_IN_SNAPSHOT:
                continue
            if isinstance(v, (Board, dict, list)):
                v = v.copy()  # all flat: a Board copies its lists
            snap[k] = v
        return snap

    def _begin_action(self) -> None:
        """Keeps the state before this action (undo) and counts it."""
        if self.undo_depth:
            self.snapshots.append(self._snapshot())
            old = len(self.snapshots) - 1 - self.undo_depth
            if old > 0:
                self.snapshots[old] = None  # keep the start and the last undo_depth
        self.actions += 1

    def can_undo(self, n: int) -> bool:
        """Whether the snapshot undo(n) needs is kept."""
        return bool(self.snapshots) and self.snapshots[max(0, self.actions - n)] is not None

    def undo(self, n: int = 1) -> int:
        """game.h: takes back up to n (>= 1) actions, each with the automatic
        passes that followed it; returns how many. sternhalma.h: with no
        action to take back it is refused (SH_ERR_STATE)."""
        if n < 1:
            raise ModelError("undo: n must be at least 1")
        if self.actions == 0:
            raise ModelError("undo: nothing to take back")
        k = min(n, self.actions)
        i = self.actions - k
        snap = self.snapshots[i]
        assert snap is not None, "undo beyond the snapshots kept (undo_depth)"
        del self.snapshots[i:]
        self.__dict__.update(snap)
        if k < n:
            self.stats["undo took back fewer than asked (the start)"] += 1
        if snap["actions"] == 0:
            self.stats["undo back to the start"] += 1
        return k

    # -- results ------------------------------------------------------------

    def result_lines(self) -> List[str]:
        """SPEC §8: `place <n> <letter>`, by place, then W R B K Y G."""
        rows = sorted((self.place[s], s) for s in self.t.seats)
        return [f"place {p} {SEAT_LETTERS[s]}" for p, s in rows]
