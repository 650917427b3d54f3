#!/usr/bin/env python3
"""A toy SHP engine for tests/match_test.py (docs/protocol.md).

Its strategy is its own: of the legal moves (the Python binding lists
them), the one that brings its marble nearest the tip of the goal point,
by hex distance on axial coordinates; ties go to the first in the
binding's order. `--worst` plays the move that advances least instead (two
of them shuffle: an endless game on a table with no ending). Run with
STERNHALMA_LIB and PYTHONPATH set as the binding's tests are.
"""
import sys

import sternhalma as sh


def hex_distance(a, b):
    (q1, r1), (q2, r2) = sh.axial(a), sh.axial(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def goal_tip(seat):
    """The cell of the opposite point farthest from the centre."""
    goal = (seat + 3) % 6
    cells = [c for c in range(121) if sh.point_of(c) == goal]
    return max(cells, key=lambda c: hex_distance(c, 60))


def choose(game, worst=False):
    """The chosen move of the seat to move of a sternhalma.Game."""
    tip = goal_tip(game.marbles_of)
    moves = game.legal_moves()
    gain = [hex_distance(m.from_, tip) - hex_distance(m.to, tip) for m in moves]
    pick = (min if worst else max)(range(len(moves)), key=lambda k: gain[k])
    return moves[pick]


def game_of(words, tables):
    """The game of `position <pos> [moves ...]`."""
    if "moves" in words:
        k = words.index("moves")
        pos, moves = " ".join(words[1:k]), words[k + 1:]
    else:
        pos, moves = " ".join(words[1:]), []
    first = pos.split()[0]
    rules = tables.get(first)
    if len(pos.split()) == 1:
        game = sh.Game(rules if rules is not None else pos)
    else:
        game = sh.Game.from_position(sh.Position(pos, rules) if rules is not None else sh.Position(pos))
    for tok in moves:
        if tok == "pass":
            continue  # the game passes by itself
        if tok.endswith(":resign"):
            game.resign(sh.SEAT_LETTERS.index(tok[0]))
        elif tok.endswith(":flag"):
            game.flag()
        else:
            game.apply(game.parse_move(tok))
    return game


def main():
    worst = "--worst" in sys.argv
    tables, game = {}, None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "shp":
            print("id name toy" + (" worst" if worst else ""))
            print("id author the sternhalma tests")
            print("option name Style type combo default best var best var worst")
            print("shpok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "setoption":
            if len(words) >= 5 and words[2] == "Style":
                worst = words[4] == "worst"
        elif words[0] == "table":
            rules = sh.Rules(words[1]).set_options(" ".join(words[2:]))
            tables[rules.id] = rules
        elif words[0] == "position":
            game = game_of(words, tables)
        elif words[0] == "go":
            move = choose(game, worst)
            print("info string toy", flush=True)
            print("bestmove", game.position.format_move(move), flush=True)
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
