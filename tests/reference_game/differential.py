"""Differential test: seeded games played through the library (sternhalma.Game,
via the Python binding) and through model.py side by side; the first
disagreement fails the run.

    python3 differential.py [--cli PATH] [--games N] [--custom N] [--seed S]
                            [--preset ID] [--keep-going] [--quiet]

Needs STERNHALMA_LIB (the libsternhalma.so under test) and PYTHONPATH at
capi/python. After every action (and every undo) it compares the legal
moves of the seat to move, the seat to move and whose marbles it moves,
every seat's status, place, out reason, own moves, turns and clock reserve,
whether the game is over and why (and a draw), turns, actions and round,
the board, and eliminates(m) and puts_out(m) for every legal move. Half the games have
clocks (moves played with random elapsed times, so flags fall by time);
some take back 1..3 actions now and then (undo's count, then the state
against the model's from before them) and go on. At the end of a game: the
record read back (Game.from_record) gives the same places, for presets
`sternhalma replay` (--cli) prints the place lines the model expects (SPEC
§8), and rating_changes matches SPEC §6 (team games: refused).

On a disagreement it prints the table (preset or options), the seed, the
record so far (and, with clocks or undo, every action as played) and both
sides' values, and exits 1; with --keep-going it reports each failing game
and goes on. Otherwise one summary line per preset, the rules that fired,
and a total, exit 0. The default run takes about 25 s of CPU; `--games 20
--custom 1200` is a soak. README.md (here) says what is played and the
readings the model takes where SPEC is silent.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import sternhalma as sh  # noqa: E402
import board as ref_board  # noqa: E402
import distance as ref_distance  # noqa: E402
import model as ref  # noqa: E402
import rating as ref_rating  # noqa: E402

CUSTOM_ID = "ref-custom"
UNDO_DEPTH = 8  # actions the model keeps snapshots for (undo takes back 1..3)


class Disagreement(Exception):
    pass


# ---------------------------------------------------------------------------
# Both sides' observable state
# ---------------------------------------------------------------------------


def lib_state(g: sh.Game, seats) -> dict:
    over = g.is_over
    st = {
        "over": over,
        "end_reason": str(g.end_reason),
        "draw": g.is_draw,
        "to_move": g.to_move,
        "marbles_of": g.marbles_of,
        "turns": g.turns,
        "actions": g.actions,
        "board": g.position.pack()[:ref_board.NUM_CELLS],
    }
    if not over:
        st["round"] = g.round
    for s in seats:
        i = g.seat(s)
        st[f"seat {sh.seat_letter(s)}"] = (str(i.status), i.place, str(i.out_reason),
                                          i.moves_made, i.turns_taken, i.reserve_ms)
    moves = [(m.from_, m.to) for m in g.legal_moves()]
    st["legal_moves"] = moves
    st["eliminates"] = [m for m in moves if g.eliminates(m)]
    st["puts_out"] = [f"{ref_board.cell_name(a)}-{ref_board.cell_name(b)} {r}" for a, b in moves
                      if (r := str(g.puts_out((a, b)))) != "none"]
    return st


def model_state(m: ref.GameModel) -> dict:
    b = m.board
    st = {
        "over": m.over,
        "end_reason": m.end_reason,
        "draw": m.draw,
        "to_move": m.to_move,
        "marbles_of": m.marbles_of,
        "turns": m.turns,
        "actions": m.actions,
        "board": bytes(0xFF if o < 0 else (o | (0x10 if k else 0))
                       for o, k in zip(b.owner, b.king)),
    }
    if not m.over:
        st["round"] = m.round
    for s in m.t.seats:
        st[f"seat {ref_board.SEAT_LETTERS[s]}"] = (m.status[s], m.place[s], m.out_reason[s],
                                            m.moves_made[s], m.turns_taken[s], m.reserve[s])
    moves = list(m.legal_moves())
    st["legal_moves"] = moves
    st["eliminates"] = [mv for mv in moves if m.eliminates(mv)]
    st["puts_out"] = [f"{ref_board.cell_name(a)}-{ref_board.cell_name(b)} {r}" for a, b in moves
                      if (r := m.puts_out((a, b))) != "none"]
    return st


def fmt_value(key, v):
    if key in ("legal_moves", "eliminates"):
        return " ".join(f"{ref_board.cell_name(a)}-{ref_board.cell_name(b)}" for a, b in v) or "(none)"
    if key == "board":
        cells = defaultdict(list)
        for c, x in enumerate(v):
            if x != 0xFF:
                name = ref_board.cell_name(c) + ("*" if x & 0x10 else "")
                cells[ref_board.SEAT_LETTERS[x & 0x0F]].append(name)
        return " ".join(f"{k}:{','.join(cs)}" for k, cs in sorted(cells.items()))
    return repr(v)


def diff(lib: dict, mod: dict) -> list:
    out = []
    for k in lib:
        if lib[k] != mod.get(k):
            if k in ("legal_moves", "eliminates"):
                a, b = set(lib[k]), set(mod.get(k, []))
                out.append((k, "library only: " + fmt_value(k, sorted(a - b)),
                            "model only: " + fmt_value(k, sorted(b - a))))
            else:
                out.append((k, fmt_value(k, lib[k]), fmt_value(k, mod.get(k))))
    return out


# ---------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------

# Hand-made positions (and scripted first actions) for rules that seeded
# games from the start seldom reach. (preset, options or None, position or
# None for the start, script): the script's actions are played first ("*":
# the first legal move, "X:resign", "flag", or a move), then the game goes
# on as a seeded one.
_W_GOAL_BUT_H14 = "e14,f14,g14,e15,f15,g15,e16,f16,e17"
_K_GOAL_BUT_M4 = "m1,l2,m2,k3,l3,m3,j4,k4,l4"
_K_GOAL_BUT_M1_M4 = "l2,m2,k3,l3,m3,j4,k4,l4"
_DRAW = f"W:{_W_GOAL_BUT_H14},h13 K:{_K_GOAL_BUT_M4},m5 0"
_POINT1 = "e5,e6,e7,e8,f5,f6,f7,g5,g6,h5"
_POINT3 = "e14,e15,e16,e17,f14,f15,f16,g14,g15,h14"
_POINT5 = "n5,n6,n7,n8,o5,o6,o7,p5,p6,q5"
_POINT5_BUT_N8 = "n5,n6,n7,o5,o6,o7,p5,p6,q5"
SCENARIOS = [
    # Rule 2: W's only marble is boxed in on its home tip: W passes until K
    # frees it (two and three seats).
    ("classic-2", None, "classic-2 W W:m1 K:l2,m2,k3,m3,e14,f14,g14,h14,e15,f15 0", []),
    ("table-3", None, "table-3 W W:m1 B:l2,m2,k3,m3,a13,b13,c13,d13,b12,c12 "
                      "Y:j13,k13,l13,m13,k12,l12,m12,l11,m11,m10 0", []),
    # Rule 8: anti-blocking off, nobody can move at all, from the start ...
    ("classic-2", "anti-blocking=no", f"ref-custom W W:m1 K:{_K_GOAL_BUT_M1_M4},m4 0", []),
    # ... or once K has filled the goal it cannot arrive in.
    ("classic-2", "anti-blocking=no", f"ref-custom W W:m1 K:{_K_GOAL_BUT_M1_M4},i9 0", []),
    # Rule 5: W arrives with its first move; K replies and arrives too (a
    # draw) ...
    ("classic-2", None, f"classic-2 W {_DRAW}", ["h13-h14"]),
    # ... or cannot (W wins by the last reply) ...
    ("classic-2", None, f"classic-2 W W:{_W_GOAL_BUT_H14},h13 K:{_K_GOAL_BUT_M4},i9 0",
     ["h13-h14"]),
    # ... or resigns, or its flag falls, while the reply is owed ...
    ("classic-2", None, f"classic-2 W {_DRAW}", ["h13-h14", "K:resign"]),
    ("classic-2", None, f"classic-2 W {_DRAW}", ["h13-h14", "flag"]),
    # ... or goes out on the reply: its deadline move leaves a marble at home.
    ("classic-2", "deadline=1",
     f"ref-custom W W:{_W_GOAL_BUT_H14},i9 K:h14,{_K_GOAL_BUT_M1_M4},i5 0", ["i9-i10", "i5-i6"]),
    # ... and on a first-arrival table the arrival ends the game at once.
    ("classic-2", "end=first-arrival", f"ref-custom W {_DRAW}", ["h13-h14"]),
    # K (second) arrives first: no reply is owed.
    ("classic-2", None, "classic-2 W W:e14,f14,g14,e15,f15,g15,e16,f16,i9,h12 "
                        f"K:{_K_GOAL_BUT_M4},m5 0", []),
    # Rule 3: no arrival is checked before the first turn of a hand-made
    # position, so after it several seats arrive at once: the mover first,
    # then the others in turn order.
    ("table-3", None, f"table-3 W W:{_W_GOAL_BUT_H14},h13 B:{_POINT5} Y:{_POINT1} 0",
     ["h13-h14"]),
    ("table-3", None, f"table-3 B W:{_POINT3} B:{_POINT5_BUT_N8},m8 Y:{_POINT1} 0", ["m8-n8"]),
    ("table-3", None, f"table-3 W W:i9 B:{_POINT5} Y:{_POINT1} 0", ["*"]),
    ("table-3", "end=first-arrival",
     f"ref-custom B W:{_POINT3} B:{_POINT5_BUT_N8},m8 Y:{_POINT1} 0",
     ["m8-n8"]),
    # Rules 9 and 11: a resignation that leaves the others playing is
    # followed at once by the limit check (here: 1 round).
    ("table-3", "limit=1 rounds", None, ["*", "*", "Y:resign"]),
    ("table-3", "limit=1 rounds", None, ["*", "B:resign"]),
    # Rule 11: 000 resignation in a 3+ game ends it at once; 004's flag
    # plays the best move; a team's arrived partner resigns for the team.
    ("classic-3", None, None, ["*", "B:resign"]),
    ("online-3", None, None, ["flag", "flag", "flag"]),
    # Rule 11, a flag that falls by time (apply's elapsed time past the
    # reserve; the fifth field is the clock, "*@ms" the first legal move
    # with that elapsed time): the second seat's flag on every resign rule
    # (000 ends the game, 002/004 put the seat out) and flag rule
    # (a resignation, 004's best move), with two seats, three and teams ...
    ("classic-2", None, None, ["*", "*@1001"], (1000, 500)),
    ("classic-3", None, None, ["*", "*@1001"], (1000, 500)),
    ("pairs-2x2", None, None, ["*", "*@1001"], (1000, 500)),
    ("table-2", None, None, ["*", "*@1001"], (1000, 500)),
    ("table-3", None, None, ["*", "*@1001"], (1000, 500)),
    ("three-pairs", "resign=out", None, ["*", "*@1001"], (1000, 500)),
    ("online-2", None, None, ["*", "*@1001"], (1000, 500)),
    ("online-3", None, None, ["*", "*@1001"], (1000, 500)),
    ("three-pairs", "resign=out;flag=best-move", None, ["*", "*@1001"], (1000, 500)),
    ("classic-2", "flag=best-move", None, ["*", "*@1001"], (1000, 500)),
    ("classic-3", "flag=best-move", None, ["*", "*@1001"], (1000, 500)),
    ("pairs-2x2", "flag=best-move", None, ["*", "*@1001"], (1000, 500)),
    # ... while the last reply is owed (the reply is not played: K is out).
    ("classic-2", None, f"classic-2 W {_DRAW}", ["h13-h14", "*@1001"], (1000, 0)),
    # SPEC §11, ccerl-2: the first arrival ends the game after the last
    # reply, drawn when the reply arrives too, won when it cannot ...
    ("ccerl-2", None, f"ccerl-2 W {_DRAW}", ["h13-h14"]),
    ("ccerl-2", None, f"ccerl-2 W W:{_W_GOAL_BUT_H14},h13 K:{_K_GOAL_BUT_M4},i9 0", ["h13-h14"]),
    # ... threefold repetition is a draw ...
    ("ccerl-2", None, None, ["j4-i5", "h14-i13", "i5-j4", "i13-h14"] * 2),
    # ... strict goal lock: a chain into the goal (g12-g14) stops there, and
    # marbles in full goals have no move: nobody can move (rule 2), ranked.
    ("ccerl-2", None, "ccerl-2 W W:g12,i9,m4 K:g13,h13,f15,m1 0", []),
    ("ccerl-2", None, "ccerl-2 W W:e14,f14,g14,h14,e15,f15,g15,e16,f16,m1 "
                      "K:l2,m2,k3,l3,m3,j4,k4,l4,m4,e17 0", []),
    # Rule 11 "increment per move": W's passes (boxed in) earn none.
    ("classic-2", None, "classic-2 K W:m1 K:l2,m2,k3,m3,e14,f14,g14,h14,e15,f15 0",
     ["e14-e13@10"], (1000, 100)),
]

LAYOUTS = [[0, 3], [0, 2, 4], [0, 1, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4, 5]]


def random_custom_rules(rng: random.Random) -> sh.Rules:
    """A random valid table: a preset changed option by option."""
    presets = sh.presets()
    for _ in range(1000):
        r = sh.Rules(rng.choice(presets), id=CUSTOM_ID)
        if rng.random() < 0.8:
            seats = rng.choice(LAYOUTS)
        else:
            seats = sorted(rng.sample(range(6), rng.randint(2, 6)))
        r["seats"] = ",".join(map(str, seats))
        r["first-seat"] = str(rng.choice(seats))
        r["marbles"] = "15" if (len(seats) <= 3 and rng.random() < 0.3) else "10"
        r["jumps"] = rng.choice(["standard", "standard", "long", "king"])
        r["zones"] = rng.choice(["free", "closed", "no-entry"])
        r["goal-lock"] = rng.choice(["yes", "no", "strict"])
        r["anti-blocking"] = rng.choice(["yes", "yes", "no"])
        team_ok = seats in ([0, 1, 3, 4], [0, 1, 2, 3, 4, 5])
        r["teams"] = "yes" if team_ok and rng.random() < 0.5 else "no"
        r["partner-moves"] = rng.choice(["yes", "no"])
        r["end"] = rng.choice(["to-the-end", "to-the-end", "first-arrival"])
        r["last-reply"] = rng.choice(["yes", "no"])
        r["deadline"] = rng.choice(["none", "none", str(rng.randint(4, 40)),
                                    str(rng.randint(30, 70))])
        r["limit"] = rng.choice(["none", f"{rng.randint(10, 300)} turns",
                                 f"{rng.randint(3, 120)} rounds"])
        r["limit-draw"] = rng.choice(["yes", "no"])
        r["no-progress"] = rng.choice(["yes", "no"])
        r["repetition"] = rng.choice(["yes", "no", "draw"])
        r["ranking"] = rng.choice(["goal-distance", "tip-distance"])
        r["resign"] = rng.choice(["ends-game", "out"])
        r["flag"] = rng.choice(["resign", "best-move"])
        try:
            r.validate()
        except sh.SternhalmaError:
            continue
        return r
    raise RuntimeError("no valid random table in 1000 tries")


# ---------------------------------------------------------------------------
# One game
# ---------------------------------------------------------------------------


class GameRun:
    def __init__(self, rules: sh.Rules, custom: bool, seed: int, cli: str, max_actions: int,
                 position: str = None, script=None, clock=None):
        self.rules, self.custom, self.seed, self.cli = rules, custom, seed, cli
        self.rng = random.Random(seed)
        # Clocks, undo and ratings draw from their own generator, so that a
        # game without them plays as it did before they were driven.
        self.crng = random.Random(seed * 7919 + 3)
        self.undo_on = self.crng.random() < 0.35
        # Undo 1..3 actions at a time: the model keeps the last UNDO_DEPTH.
        depth = UNDO_DEPTH if self.undo_on else 0
        self.opts = rules.describe()
        self.table = ref_board.Table(self.opts)
        self.max_actions = max_actions
        self.position = position
        rng = self.rng
        if position is None:
            first = rng.choice(self.table.seats) if rng.random() < 0.3 else None
            self.first = first
            self.g = sh.Game(rules, first_seat=first)
            self.m = ref.GameModel(self.table, first, undo_depth=depth)
        else:
            # A hand-made position (Game.from_position): its seat to move first.
            board, to_move, round0 = ref_board.Board.from_text(self.table, position)
            self.first = to_move
            self.pos = sh.Position(position, rules=rules if custom else None)
            self.g = sh.Game.from_position(self.pos)
            self.m = ref.GameModel(self.table, to_move, board, round0, undo_depth=depth)
        # How this game is driven: the library's players mostly, some random
        # moves (a random seat never leaves home: deadlines), resignations
        # and flags now and then.
        # The style of the game: "clean" (the library's players only, so
        # seats really arrive: places, last replies, first arrivals),
        # "noisy" (some random moves, eliminating moves, moves taken back,
        # resignations and flags) or "random" (uniform moves: the deadlines).
        self.style = rng.choices(["clean", "noisy", "random"], [0.45, 0.4, 0.15])[0]
        noisy = self.style == "noisy"
        self.eps = (1.0 if self.style == "random" else
                    rng.choice([0.02, 0.1, 0.3]) if noisy else 0.0)
        self.p_resign = rng.choice([0.0, 0.001, 0.005] if noisy else [0.0, 0.0, 0.001])
        self.p_flag = rng.choice([0.0, 0.001, 0.005, 0.03] if noisy else [0.0, 0.0, 0.002])
        # Play an eliminating move (rule 7) when one is offered.
        self.p_elim = rng.choice([0.0, 0.05, 0.5]) if noisy else 0.0
        # Take back one's own last move when legal: repetitions (rule 8).
        self.p_back = rng.choice([0.0, 0.3, 0.9]) if noisy else 0.0
        # A laggard seat keeps the marble on its home tip until its deadline
        # has passed (rule 7's exemption when that marble is blocked).
        self.laggard = (rng.choice(self.table.seats)
                        if self.table.deadline and rng.random() < 0.4 else None)
        self.protected = ref_board.TIPS[self.laggard] if self.laggard is not None else None
        self.players = {s: sh.Player(rng.choice(["normal", "normal", "easy"]),
                                     seed=seed * 7 + s) for s in self.table.seats}
        self.last_move = {}
        self.actions = 0
        self.last_action = "start"
        self.cover = Counter()
        self.script = list(script or [])
        # Clocks (rule 11) on about half the games, set before the first
        # action; undo now and then in the games with undo_on.
        self.clock = self.draw_clock() if self.crng.random() < 0.5 else None
        if clock is not None:
            self.clock, self.mean_elapsed, self.p_edge = clock, 0, 0.0
        self.p_undo = self.crng.choice([0.01, 0.03, 0.1])
        self.end_undos = 0
        # Every action as played (elapsed times and undos too): the record
        # alone does not say them.
        self.log = []

    def where(self) -> str:
        lines = [f"table: {self.rules.id}" + (f" (custom: {self.rules._settings()})"
                                              if self.custom else ""),
                 f"from the position: {self.position}" if self.position else "from the start",
                 f"seed: {self.seed}  first seat: {self.first}  style {self.style} eps {self.eps} "
                 f"p_resign {self.p_resign} p_flag {self.p_flag} p_elim {self.p_elim} "
                 f"p_back {self.p_back} laggard {self.laggard}",
                 f"clock: {self.clock}  undo: {self.undo_on} (p {self.p_undo})",
                 f"after action {self.actions}: {self.last_action}",
                 "record so far:", self.g.record(10).rstrip()]
        if self.clock or self.undo_on:
            lines += ["actions played (move @elapsed ms, undo n):", " ".join(self.log)]
        return "\n".join(lines)

    def fail(self, what: str, rows=()):
        msg = [f"DISAGREEMENT: {what}", self.where()]
        for k, a, b in rows:
            msg.append(f"  {k}:\n    library: {a}\n    model:   {b}")
        raise Disagreement("\n".join(msg))

    def compare(self):
        lib, mod = lib_state(self.g, self.table.seats), model_state(self.m)
        rows = diff(lib, mod)
        if rows:
            self.fail("state differs", rows)
        self.note_readings(mod)

    def compare_distances(self):
        """Rule 10 and rule 8's keys for every seat (out seats too: the
        the rule book's (choices.md) rectangular assignment of a seat with marbles removed)."""
        pos, m = self.g.position, self.m
        rows = []
        for s in self.table.seats:
            lib = (pos.marbles_in_goal(s), pos.goal_distance(s), pos.tip_distance(s))
            mod = (ref_distance.marbles_in_goal(m.board, m.t, s), ref_distance.goal_distance(m.board, m.t, s),
                   ref_distance.tip_distance(m.board, m.t, s))
            if lib != mod:
                rows.append((f"seat {sh.seat_letter(s)} (in goal, goal distance, tip distance)",
                             lib, mod))
        if rows:
            self.fail("distances differ", rows)
        self.cover["distances compared"] += 1

    def note_readings(self, mod):
        """Counts the states in which another reading of a rule would have
        given another value, so that a clean run shows the readings were put
        to the test (they agreed)."""
        m = self.m
        if m.over:
            return
        turn_seats = [s for s in m.t.seats if m.has_turn(s)]
        playing = m.playing_seats()
        if playing and turn_seats != playing:
            alt = m.round0 + min(m.turns_taken[s] for s in turn_seats)
            if alt != m.round:
                self.cover["round: counting partner-movers would differ"] += 1
            if m.t.no_progress:
                self.cover["no progress: 30 x seats with a turn would set another bound"] += 1
        if mod["eliminates"] and m.marbles_of != m.to_move:
            self.cover["eliminating move of a partner's marble offered"] += 1

    def both(self, label, lib_call, model_call):
        """Runs the action on both sides: both succeed or both refuse."""
        self.last_action = label
        err_l = err_m = None
        try:
            lib_call()
        except sh.SternhalmaError as e:
            err_l = e
        try:
            model_call()
        except ref.ModelError as e:
            err_m = e
        if (err_l is None) != (err_m is None):
            self.fail(f"{label}: one side refused",
                      [("refusal", repr(err_l), repr(err_m))])
        return err_l is None

    def scripted(self, tok: str) -> str:
        g, m = self.g, self.m
        if tok.endswith(":resign"):
            s = sh.seat_from_letter(tok[0])
            self.log.append(tok)
            self.both(tok, lambda: g.resign(s), lambda: m.resign(s))
            return "resign"
        if tok == "flag":
            self.log.append(f"{sh.seat_letter(g.to_move)}:flag")
            self.both(f"{sh.seat_letter(g.to_move)}:flag", g.flag, m.flag)
            return "flag"
        tok, _, ms = tok.partition("@")
        el = int(ms or 0)
        if tok == "*":
            mv = m.legal_moves()[0]
        else:
            a, b = tok.split("-")
            mv = (ref_board.parse_cell(a), ref_board.parse_cell(b))
        return self.play(mv, el)

    def play(self, mv, el: int) -> str:
        """Plays mv with el ms elapsed on both sides."""
        g, m = self.g, self.m
        s = g.to_move
        time_flag = m.clock_on and el > m.reserve[s]
        if time_flag:
            t = self.table
            kind = ("teams" if t.teams else "2 seats" if len(t.seats) == 2 else "3+ seats")
            self.cover[f"flag by time: resign {t.resign}, flag {t.flag}, {kind}"] += 1
        elif m.eliminates(mv):
            self.cover["eliminating move played"] += 1
        name = f"{ref_board.cell_name(mv[0])}-{ref_board.cell_name(mv[1])}"
        self.log.append(f"{name}@{el}" if el else name)
        label = f"{sh.seat_letter(s)} {name}" + (f" elapsed {el} ms" if el else "")
        self.both(label, lambda: g.apply(mv, el), lambda: m.apply(mv, el))
        return "time flag" if time_flag else "move"

    def step(self):
        g, m, rng = self.g, self.m, self.rng
        if self.script:
            return self.scripted(self.script.pop(0))
        x = rng.random()
        if x < self.p_resign:
            cands = [s for s in self.table.seats if m._may_resign(s)]
            s = rng.choice(cands)
            if m.status[s] == ref.ARRIVED:
                self.cover["an arrived partner resigns for its team"] += 1
            self.log.append(f"{sh.seat_letter(s)}:resign")
            self.both(f"{sh.seat_letter(s)}:resign", lambda: g.resign(s), lambda: m.resign(s))
            return "resign"
        if x < self.p_resign + self.p_flag:
            self.log.append(f"{sh.seat_letter(g.to_move)}:flag")
            self.both(f"{sh.seat_letter(g.to_move)}:flag", g.flag, m.flag)
            return "flag"
        mv = self.choose_move()
        s = g.to_move
        el = self.elapsed()
        if self.clock and self.crng.random() < 0.01:
            self.illegal_move_out_of_time()
        kind = self.play(mv, el)
        if kind == "time flag":
            return kind
        self.last_move[s] = mv
        if self.protected is not None and mv[0] == self.protected:
            self.protected = None
        return "move"

    # -- clocks (SPEC §4 rule 11) ---------------------------------------------

    def draw_clock(self):
        """A clock (reserve, increment) and how the elapsed times are drawn:
        about `life` own moves until a seat's reserve runs out, edge cases
        (exactly the reserve; 1 ms more) with probability p_edge each; now
        and then a reserve at the ceiling and an increment it cannot take."""
        c = self.crng
        if c.random() < 0.1:
            reserve = ref.MAX_CLOCK_MS - c.randint(0, 10 ** 6)
            inc = c.choice([ref.MAX_CLOCK_MS, c.randint(10 ** 6, 10 ** 9)])
            self.mean_elapsed = c.randint(0, 10 ** 6)
            self.p_edge = c.choice([0.0, 0.002, 0.02])
        elif c.random() < 0.35:
            # Time trouble: flags fall (and on most tables end the game).
            reserve = c.choice([1, 1000, c.randint(1000, 300000)])
            inc = c.choice([0, 0, c.randint(1, 5000)])
            self.mean_elapsed = inc + reserve / c.choice([5, 20, 60, 200])
            self.p_edge = c.choice([0.0, 0.002, 0.02])
        else:
            # A reserve that lasts the game: the game plays as it would
            # without a clock, and every reserve is compared all the same.
            reserve = c.randint(10 ** 5, 10 ** 7)
            inc = c.choice([0, c.randint(1, 5000)])
            self.mean_elapsed = inc + reserve / 5000
            self.p_edge = 0.0
        return (reserve, inc)

    def elapsed(self) -> int:
        """The time the seat to move took (ms), given to apply()."""
        c, m = self.crng, self.m
        if not m.clock_on:
            # Without clocks the library ignores it (game.h: charged "when
            # clocks are set").
            return c.choice([0, 0, 0, c.randint(0, 10 ** 7)])
        r = m.reserve[m.to_move]
        x = c.random()
        if x < self.p_edge:
            return r                              # uses it all: no flag
        if x < 2 * self.p_edge:
            return r + 1                          # 1 ms over: the flag falls
        if self.p_edge and x < 2 * self.p_edge + 0.001:
            return 2 ** 63 - 1                    # the largest elapsed time
        return int(c.expovariate(1.0 / self.mean_elapsed)) if self.mean_elapsed else 0

    def set_clock(self, clock, label: str):
        g, m = self.g, self.m
        reserve, inc = clock
        self.log.append(f"clock({reserve},{inc})")
        ok = self.both(f"set_clock{clock} {label}", lambda: g.set_clock(reserve, inc),
                       lambda: m.set_clock(reserve, inc))
        self.cover[f"set_clock {label}: {'accepted' if ok else 'refused'}"] += 1
        self.compare()
        return ok

    def illegal_move_out_of_time(self):
        """game.h: "An illegal move changes nothing", also with an elapsed
        time past the reserve (the flag does not fall)."""
        g, m = self.g, self.m
        own = [c for c in range(ref_board.NUM_CELLS) if m.board.owner[c] == m.marbles_of]
        full = [c for c in range(ref_board.NUM_CELLS) if m.board.owner[c] != -1]
        mv = (self.crng.choice(own), self.crng.choice(full))
        el = m.reserve[m.to_move] + 1
        if self.both(f"illegal {mv} elapsed {el} ms", lambda: g.apply(mv, el),
                     lambda: m.apply(mv, el)):
            self.fail("an illegal move was accepted")
        self.compare()
        self.cover["illegal move out of time refused"] += 1

    # -- undo -------------------------------------------------------------------

    def undo(self, why: str) -> bool:
        """Takes back 1..3 actions on both sides: the same count, and the
        library's state must be the model's from before those actions."""
        g, m = self.g, self.m
        n = self.crng.randint(1, 3)
        while n > 1 and not m.can_undo(n):
            n -= 1
        if not m.can_undo(n):
            return False
        self.last_action = f"undo({n}) {why}"
        self.log.append(f"undo{n}")
        try:
            k_lib = g.undo(n)
        except sh.SternhalmaError as e:
            self.fail(f"undo({n}) refused", [("undo", repr(e), "takes back")])
        k_mod = m.undo(n)
        if k_lib != k_mod:
            self.fail(f"undo({n}) took back another number", [("taken back", k_lib, k_mod)])
        self.compare()
        self.compare_distances()
        self.cover["undo"] += 1
        self.cover["actions taken back"] += k_mod
        self.cover[f"undo {why}"] += 1
        if m.actions == 0 and self.crng.random() < 0.5:
            # Back at the start: set_clock is allowed again (or not) alike.
            clock = self.draw_clock()
            if self.set_clock(clock, "after an undo to the start"):
                self.clock = clock
        return True

    def check_undo_refused(self):
        """sternhalma.h: undo with nothing to take back is SH_ERR_STATE (the
        binding's StateError, saying why); n < 1 is a RangeError."""
        g, m = self.g, self.m
        n = self.crng.randint(1, 3)
        self.last_action = f"undo({n}) with no action played"
        try:
            k = g.undo(n)
        except sh.StateError as e:
            if "nothing" not in str(e):
                self.fail("undo with no action: the error does not say why",
                          [("message", str(e), "... nothing to take back")])
        else:
            self.fail("undo with no action played", [("taken back", k, "StateError")])
        try:
            m.undo(n)
            self.fail("the model took back an action at the start")
        except ref.ModelError:
            pass
        try:
            g.undo(0)
            self.fail("undo(0) accepted", [("undo(0)", "accepted", "RangeError")])
        except sh.RangeError:
            pass
        self.compare()
        self.cover["undo refused with no action"] += 1

    # -- ratings (SPEC §6) ----------------------------------------------------

    def check_ratings(self):
        """A finished non-team game: Game.rating_changes (and the module's
        rating_changes of the same places) against the model's SPEC §6
        arithmetic, to 1e-9 relative, for random ratings, K and K'. A team
        game, or a game not over: StateError saying why (rating.h)."""
        g, m, c = self.g, self.m, self.crng
        seats = self.table.seats
        n = len(seats)
        self.last_action = "rating_changes"
        if self.table.teams or not g.is_over:
            why = "team" if g.is_over else "over"
            try:
                got = g.rating_changes([1500.0] * n)
                self.fail("rating_changes gave changes", [("changes", got, "StateError")])
            except sh.StateError as e:
                if why not in str(e):
                    self.fail("rating_changes refused without saying why",
                              [("message", str(e), f"... {why} ...")])
            self.cover["ratings refused: " + ("team game" if g.is_over else "not over")] += 1
            return
        places = [m.place[s] for s in seats]
        for _ in range(3):
            base = c.uniform(0, 3000)
            ratings = [c.choice([base, c.uniform(0, 3000), base + c.uniform(-800, 800),
                                 float(c.randint(0, 3000))]) for _ in seats]
            k = c.choice([32.0, 16.0, c.uniform(1e-3, 1000.0), 1000.0])
            kp = c.choice([0.0, 0.0, -1.0, c.uniform(1e-3, 1000.0), 1000.0])
            lib = g.rating_changes(ratings, k, kp)
            lib2 = sh.rating_changes(places, ratings, k, kp)
            mod = ref_rating.rating_changes(places, ratings, k, kp)
            scale = max(k, kp)
            for got, what in ((lib, "Game.rating_changes"), (lib2, "rating_changes(places)")):
                if len(got) != n or not all(
                        math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12 * scale)
                        for a, b in zip(got, mod)):
                    self.fail(f"{what} differs",
                              [(f"changes (places {places}, ratings {ratings}, k {k}, "
                                f"k' {kp})", got, mod)])
            self.cover["ratings compared"] += 1
            self.cover[f"ratings compared: {n} seats" + (", k' given" if kp > 0 else "")] += 1

    def choose_move(self):
        g, m, rng = self.g, self.m, self.rng
        s = g.to_move
        legal = m.legal_moves()
        elim = [mv for mv in legal if m.eliminates(mv)]
        if elim and rng.random() < self.p_elim:
            return rng.choice(elim)
        back = self.last_move.get(s)
        if back is not None and (back[1], back[0]) in legal and rng.random() < self.p_back:
            return (back[1], back[0])
        if rng.random() < self.eps:
            mv = rng.choice(legal)
        else:
            c = self.players[s].choose(g)
            mv = (c.from_, c.to)
        if (self.protected is not None and s == self.laggard and mv[0] == self.protected
                and m.moves_made[s] <= self.table.deadline):
            others = [x for x in legal if x[0] != self.protected]
            if others:
                tip = m.t.goal_tip(m.owner_for(s))
                mv = max(others, key=lambda x: (ref_board.hex_distance(x[0], tip)
                                                - ref_board.hex_distance(x[1], tip), rng.random()))
        return mv

    def run(self) -> dict:
        self.compare()
        if self.clock:
            # game.h: refused "once a turn or an action was played" (a
            # position whose first seats pass has played turns).
            if not self.set_clock(self.clock, "at the start"):
                self.clock = None
        if self.undo_on:
            self.check_undo_refused()
        kinds = Counter()
        while True:
            while not self.g.is_over and self.actions < self.max_actions:
                kinds[self.step()] += 1
                self.actions += 1
                self.compare()
                if self.actions == 1:
                    if not self.g.is_over:
                        self.check_ratings()  # not over yet
                    if self.clock and self.crng.random() < 0.3:
                        self.set_clock(self.clock, "after the first action")
                if self.actions % 20 == 0:
                    self.compare_distances()
                if (self.undo_on and not self.script and self.crng.random()
                        < (0.3 if self.m.actions <= 3 else self.p_undo)):
                    kinds["undo"] += self.undo("in play")
            # Sometimes the action that ended the game is taken back and
            # the game goes on.
            if (self.g.is_over and self.undo_on and self.end_undos < 2
                    and self.actions < self.max_actions and self.crng.random() < 0.5):
                self.end_undos += 1
                if self.undo("of the game's end"):
                    kinds["undo"] += 1
                    continue
            break
        self.compare_distances()
        self.compare_record()
        if self.g.is_over:
            self.check_record()
        self.check_ratings()
        self.cover.update(self.m.stats)
        return {"turns": self.g.turns, "actions": self.actions, "kinds": kinds,
                "end": str(self.g.end_reason) if self.g.is_over else "unfinished",
                "cover": self.cover}

    def replay_from_position(self, rec: str) -> sh.Game:
        """The record's turns again on the same position (a record starts
        from the table's start, so from_record cannot take it)."""
        g = sh.Game.from_position(self.pos)
        if rec.startswith("[rules "):  # the tag line that names a custom table
            rec = rec.split("\n", 1)[1]
        for tok in rec.split()[2:]:
            who, colon, what = tok.partition(":")
            if tok == "pass":
                continue
            if not colon:
                g.apply(tok)
            elif what == "resign":
                g.resign(sh.seat_from_letter(who))
            else:
                g.flag()
        return g

    def compare_record(self):
        """SPEC §8: the record the library writes, token by token, against the
        one the model writes: the table id and the first seat's letter (a game
        from a hand-made position writes its own header), then every turn and
        action in order, a move as its canonical path (SPEC §3), every pass."""
        self.last_action = "end of game: the record's tokens"
        text = self.g.record(10)
        # A table that is no preset is named by a tag line first (record.h),
        # which the model does not write: the tokens follow it.
        if text.startswith("[rules "):
            if self.rules.id in sh.presets() and self.rules.describe() == sh.Rules(self.rules.id).describe():
                self.fail("a preset's record has a tag line", [("record", text[:80], "no tag")])
            text = text.split("\n", 1)[1]
        got = text.split()
        want = self.m.record
        header = [self.rules.id, sh.seat_letter(self.m.first_seat)]
        if got[2:] != want or (self.position is None and got[:2] != header):
            at = next((i for i, (a, b) in enumerate(zip(got[2:], want)) if a != b),
                      min(len(got) - 2, len(want)))
            self.fail("the record differs",
                      [("header", got[:2], header if self.position is None else "(position)"),
                       (f"tokens from {at}", got[2 + at:2 + at + 6], want[at:at + 6]),
                       ("tokens", len(got) - 2, len(want))])

    def check_record(self):
        rec = self.g.record(10)
        self.last_action = "end of game: the record read back"
        if self.position is not None:
            g2 = self.replay_from_position(rec)
        else:
            g2 = sh.Game.from_record(rec, self.rules if self.custom else None)
        expect = [self.m.place[s] if s in self.table.seats else 0 for s in range(6)]
        if g2.places != expect or str(g2.end_reason) != self.m.end_reason:
            self.fail("Game.from_record(record) differs",
                      [("places, end", f"{g2.places} {g2.end_reason}",
                        f"{expect} {self.m.end_reason}")])
        if not self.cli or self.position is not None:
            return
        self.last_action = "end of game: sternhalma replay"
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(rec)
            path = f.name
        try:
            # A custom table: every option of it given to --set (so the base
            # preset named is only where the settings start).
            table = ["--preset", "classic-2", "--set", self.rules._settings()] if self.custom else []
            p = subprocess.run([self.cli, "replay", path, *table], capture_output=True, text=True)
        finally:
            os.unlink(path)
        got = [ln for ln in p.stdout.splitlines() if ln.startswith("place ")]
        want = self.m.result_lines()
        if p.returncode != 0 or got != want:
            self.fail("sternhalma replay's place lines differ",
                      [("place lines", f"rc {p.returncode} {got} {p.stderr.strip()}", want)])


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", default=os.environ.get("STERNHALMA_CLI", ""),
                    help="the sternhalma program, for `replay` (empty: skip that check)")
    ap.add_argument("--games", type=int, default=3,
                    help="games per preset (and per hand-made position)")
    ap.add_argument("--custom", type=int, default=90, help="games on random custom tables")
    ap.add_argument("--seed", type=int, default=1, help="the first seed")
    ap.add_argument("--preset", action="append", help="only these presets (repeatable)")
    ap.add_argument("--max-actions", type=int, default=1500, help="actions per game at most")
    ap.add_argument("--keep-going", action="store_true", help="report every failing game")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)

    t0 = time.process_time()
    jobs = []
    seed = a.seed
    for pid in (a.preset or sh.presets()):
        for _ in range(a.games):
            jobs.append(("preset", pid, seed))
            seed += 1
    if not a.preset:
        for _ in range(a.custom):
            jobs.append(("custom", None, seed))
            seed += 1
        for i in range(len(SCENARIOS)):
            for _ in range(a.games):
                jobs.append(("scenario", i, seed))
                seed += 1

    per = defaultdict(lambda: {"games": 0, "turns": 0, "actions": 0, "ends": Counter(),
                               "kinds": Counter()})
    failures = 0
    cover = Counter()
    for kind, pid, sd in jobs:
        position = script = None
        clock = []
        if kind == "preset":
            rules, custom, label = sh.Rules(pid), False, pid
        elif kind == "custom":
            rules, custom, label = random_custom_rules(random.Random(sd)), True, "custom"
        else:
            base, settings, position, script, *clock = SCENARIOS[pid]
            rules, custom, label = sh.Rules(base), False, "positions"
            if settings:
                rules = sh.Rules(base, id=CUSTOM_ID).set_options(settings)
                custom = True
        run = GameRun(rules, custom, sd, a.cli, a.max_actions, position,
                      script if kind == "scenario" else None, *clock)
        try:
            res = run.run()
        except Disagreement as e:
            print(e, flush=True)
            failures += 1
            if not a.keep_going:
                return 1
            continue
        p = per[label]
        p["games"] += 1
        p["turns"] += res["turns"]
        p["actions"] += res["actions"]
        p["ends"][res["end"]] += 1
        p["kinds"].update(res["kinds"])
        cover.update(res["cover"])
    total = Counter()
    ends = Counter()
    for label, p in per.items():
        total["games"] += p["games"]
        total["turns"] += p["turns"]
        total["actions"] += p["actions"]
        ends.update(p["ends"])
        if not a.quiet:
            print(f"{label:14} games {p['games']:3} turns {p['turns']:6} actions {p['actions']:6} "
                  f"resign {p['kinds']['resign']} flag {p['kinds']['flag']} "
                  f"time flag {p['kinds']['time flag']} undo {p['kinds']['undo']} ends "
                  + ", ".join(f"{k} {v}" for k, v in sorted(p["ends"].items())))
    cpu = time.process_time() - t0
    if not a.quiet:
        print("rules that fired: " + ", ".join(f"{k} {v}" for k, v in sorted(cover.items())))
    print(f"game-reference: {total['games']} games, {total['turns']} turns, "
          f"{total['actions']} actions, ends: "
          + ", ".join(f"{k} {v}" for k, v in sorted(ends.items()))
          + f"; flags by time {cover['flag by time']}, undos {cover['undo']} "
          f"({cover['actions taken back']} actions taken back), "
          f"ratings compared {cover['ratings compared']}"
          f"; {failures} failing; {cpu:.1f} s CPU")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
