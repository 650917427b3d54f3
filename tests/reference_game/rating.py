"""SPEC §6 for the game-rules model (model.py): Elo for two players, pairwise
by place for three to six.
"""
from __future__ import annotations

from typing import List, Optional, Sequence


# ---------------------------------------------------------------------------
# Ratings (SPEC §6)
# ---------------------------------------------------------------------------


def elo_expected(ra: float, rb: float) -> float:
    """SPEC §6: E = 1/(1+10^((Rb-Ra)/400))."""
    return 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))


def rating_changes(places: Sequence[int], ratings: Sequence[float], k: float,
                   k_prime: Optional[float] = None) -> List[float]:
    """SPEC §6. Two players: Elo per game, dR = K (S - E), S = 1 / ½ / 0 for
    a win / draw (a shared place) / loss (rating.h: K' plays no part). Three
    to six: each player against every other by place (above 1, shared ½,
    below 0): dR_i = K' Σ_j (S_ij - E_ij), K' = 2K/N unless given (the
    binding: k_prime <= 0 means "not given")."""
    n = len(places)

    def score(i: int, j: int) -> float:
        return 1.0 if places[i] < places[j] else 0.5 if places[i] == places[j] else 0.0

    if n == 2:
        return [k * (score(i, 1 - i) - elo_expected(ratings[i], ratings[1 - i]))
                for i in range(2)]
    kp = k_prime if (k_prime is not None and k_prime > 0) else 2.0 * k / n
    return [kp * sum(score(i, j) - elo_expected(ratings[i], ratings[j])
                     for j in range(n) if j != i)
            for i in range(n)]
