"""SPEC §4 rule 10 for the game-rules model (model.py): the tip distance, the
marbles in the goal, and the assignment distance (the Hungarian algorithm).
"""
from __future__ import annotations

from typing import Sequence

from board import Board, Table, hex_distance


# ---------------------------------------------------------------------------
# Distances (SPEC §4 rule 10)
# ---------------------------------------------------------------------------


def tip_distance(board: Board, table: Table, s: int) -> int:
    """Seed 004: the sum over s's marbles of the steps to its goal's tip."""
    tip = table.goal_tip(s)
    return sum(hex_distance(c, tip) for c in board.pieces(s))


def marbles_in_goal(board: Board, table: Table, s: int) -> int:
    return sum(1 for c in table.goal(s) if board.owner[c] == s)


def hungarian(cost: Sequence[Sequence[int]]) -> int:
    """Minimum total cost of assigning every row to a distinct column
    (rows <= columns): the Hungarian algorithm with potentials (O(n^2 m))."""
    n = len(cost)
    if n == 0:
        return 0
    m = len(cost[0])
    assert n <= m
    INF = float("inf")
    u = [0] * (n + 1)
    v = [0] * (m + 1)
    p = [0] * (m + 1)      # p[j]: the row assigned to column j (1-based; 0 none)
    way = [0] * (m + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [INF] * (m + 1)
        used = [False] * (m + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = p[j0], INF, 0
            for j in range(1, m + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j], way[j] = cur, j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(m + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    return sum(cost[p[j] - 1][j - 1] for j in range(1, m + 1) if p[j])


def goal_distance(board: Board, table: Table, s: int) -> int:
    """Rule 10, default: the fewest total steps in which s's marbles outside
    its goal could fill the goal cells not holding its own marbles (hex
    distance, ignoring other marbles). choices.md: a seat with fewer marbles than
    free goal cells is a rectangular assignment; no marbles: 0."""
    goal = table.goal(s)
    outside = [c for c in board.pieces(s) if c not in goal]
    free = [c for c in sorted(goal) if board.owner[c] != s]
    if not outside:
        return 0
    cost = [[hex_distance(a, b) for b in free] for a in outside]
    if len(outside) > len(free):  # cannot happen with camp-sized goals
        raise AssertionError("more marbles outside the goal than free goal cells")
    return hungarian(cost)
