"""Match statistics: Elo and its 95 % interval from W/D/L and from the
pentanomial counts of game pairs, the SPRT, and MatchStats, the tally of a
match (the models: include/sternhalma/match_stats.h). The figures come from
the library, so a harness of one's own gets the numbers `sternhalma match`
reports; arguments are checked here (types and ranges) before C is called."""
from __future__ import annotations

import ctypes
from collections import namedtuple
from enum import IntEnum
from typing import Optional, Sequence, Tuple

from ._constants import _INT_MAX, MAX_MATCH_GAMES, MAX_SEATS, MAX_SPRT_ELO, MAX_STATS_COUNT
from ._errors import RangeError, _check, _raise
from ._args import _float, _int
from ._loaded import L, _lib
from ._handles import _Handle

Interval = namedtuple("Interval", ["value", "low", "high"])
Interval.__doc__ = """A figure and its 95 % interval."""
Wdl = namedtuple("Wdl", ["wins", "draws", "losses"])
Wdl.__doc__ = """Games won, drawn and lost, from player 0's unit's view."""
PlayerStats = namedtuple("PlayerStats", ["games", "wins", "draws", "losses", "place"])
PlayerStats.__doc__ = """One player's figures: games; wins (its unit alone in place 1), draws
(place 1 shared with an opponent), losses; place, the mean place (Interval)."""
PairScore = namedtuple("PairScore", ["games", "score"])
PairScore.__doc__ = """How i did against j: games in which they were opponents, i's points
over j in them (1 above, 1/2 level, 0 below)."""
SprtTest = namedtuple("SprtTest", ["elo0", "elo1", "alpha", "beta"], defaults=[0.05, 0.05])
SprtTest.__doc__ = """An SPRT's hypotheses: H0 Elo = elo0, H1 Elo = elo1 (logistic Elo,
elo0 < elo1), alpha and beta the false positive and negative rates."""
SprtResult = namedtuple("SprtResult", ["llr", "lower", "upper", "decision"])
SprtResult.__doc__ = """An SPRT's state: the log-likelihood ratio, Wald's bounds and the
decision (SprtDecision)."""


class SprtDecision(IntEnum):
    """What an SPRT says (sh_sprt_decision)."""

    CONTINUE = 0
    ACCEPT_H0 = 1
    ACCEPT_H1 = 2


def _count(value, name):
    return _int(value, name, 0, MAX_STATS_COUNT)


def _counts(counts, name="counts"):
    """Five pentanomial counts as a C int64_t[5]."""
    if isinstance(counts, (str, bytes)) or not hasattr(counts, "__len__"):
        raise TypeError(f"{name} must be a sequence of 5 ints")
    if len(counts) != 5:
        raise TypeError(f"{name} must have 5 entries (pairs scoring 0, 1/2, 1, 3/2, 2), "
                        f"not {len(counts)}")
    return (ctypes.c_int64 * 5)(*(_count(c, f"{name}[{k}]") for k, c in enumerate(counts)))


def _test(test):
    """An SprtTest (or a tuple of its fields) as the C struct, its numbers checked."""
    if not isinstance(test, tuple):
        raise TypeError(f"test must be an SprtTest, not {type(test).__name__}")
    t = SprtTest(*test)
    c = L.SprtTest_()
    _check(_lib.sh_sprt_test_init(ctypes.byref(c), ctypes.sizeof(c)))
    for name in ("elo0", "elo1"):
        v = _float(getattr(t, name), f"test.{name}")
        if abs(v) > MAX_SPRT_ELO:
            _raise(RangeError, f"test.{name} must be in -{MAX_SPRT_ELO}..{MAX_SPRT_ELO}, got {v}")
        setattr(c, name, v)
    c.alpha, c.beta = _float(t.alpha, "test.alpha"), _float(t.beta, "test.beta")
    return c


def _interval(c):
    return Interval(c.value, c.low, c.high)


def _result(c):
    return SprtResult(c.llr, c.lower, c.upper, SprtDecision(c.decision))


def elo_from_wdl(wins: int, draws: int, losses: int) -> Interval:
    """Elo and its 95 % interval from single games (trinomial). RangeError for a count
    not in 0..MAX_STATS_COUNT (or a sum beyond it)."""
    out = L.Interval_()
    _check(_lib.sh_elo_from_wdl(_count(wins, "wins"), _count(draws, "draws"),
                                _count(losses, "losses"), ctypes.byref(out)))
    return _interval(out)


def elo_from_pentanomial(counts: Sequence[int]) -> Interval:
    """Elo and its 95 % interval from the counts of game pairs scoring 0, 1/2, 1, 3/2, 2."""
    out = L.Interval_()
    _check(_lib.sh_elo_from_pentanomial(_counts(counts), ctypes.byref(out)))
    return _interval(out)


def check_sprt(test: SprtTest) -> None:
    """RangeError naming the field unless the test is valid (elo0 < elo1 within
    ±MAX_SPRT_ELO, alpha and beta in (0, 1), alpha + beta < 1)."""
    _check(_lib.sh_sprt_check(ctypes.byref(_test(test))))


def sprt(test: SprtTest, counts: Sequence[int]) -> SprtResult:
    """The pentanomial SPRT of `test` on the counts of game pairs."""
    out = L.SprtResult_()
    _check(_lib.sh_sprt(ctypes.byref(_test(test)), _counts(counts), ctypes.byref(out),
                        ctypes.sizeof(out)))
    return _result(out)


class MatchStats(_Handle):
    """The results of a match of ``players`` players (2..6), added game by game in any
    order: ``add(game_index, places, teams=None)``. Games 2k and 2k+1 form pair k of
    the pentanomial. Without teams every player is a unit; with teams every team is
    (partners share a place and are not opponents). W/D/L, the pentanomial and the SPRT
    are player 0's unit's against the other and need two units in every game
    (StateError otherwise)."""

    _kind, _ptr = "match_stats", L.MatchStatsP

    def __init__(self, players: int):
        h = L.MatchStatsP()
        _check(_lib.sh_match_stats_new(_int(players, "players", 2, MAX_SEATS), ctypes.byref(h)))
        self._h = h

    def _ints_of(self, values, name, lo, hi):
        n = self.players
        if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
            raise TypeError(f"{name} must be a sequence of ints")
        if len(values) != n:
            _raise(RangeError, f"{name} has {len(values)} entries for {n} players")
        return (ctypes.c_int * n)(*(_int(v, f"{name}[{i}]", lo, hi) for i, v in enumerate(values)))

    def add(self, game_index: int, places: Sequence[int],
            teams: Optional[Sequence[int]] = None) -> None:
        """One finished game: places[i] (1 = best, equal = shared) of player i; teams
        None or a team id (0..players-1) per player, partners sharing an id and a
        place. RangeError for a bad index, size, place or team (partners with
        different places, one team only); StateError for an index added before.
        Nothing changes on an error."""
        n = self.players
        index = _int(game_index, "game_index", 0, MAX_MATCH_GAMES - 1)
        p = self._ints_of(places, "places", 1, n)
        t = None if teams is None else self._ints_of(teams, "teams", 0, n - 1)
        self._err(_lib.sh_match_stats_add(self._h, index, p, n, t, 0 if t is None else n))

    @property
    def players(self) -> int:
        """The number of players."""
        return self._int(_lib.sh_match_stats_players)

    @property
    def games(self) -> int:
        """Games added."""
        v = ctypes.c_int64()
        self._err(_lib.sh_match_stats_games(self._h, ctypes.byref(v)))
        return v.value

    @property
    def two_units(self) -> bool:
        """Whether every game added had exactly two units (True with no games)."""
        return bool(self._int(_lib.sh_match_stats_two_units))

    def player(self, player: int) -> PlayerStats:
        """Player `player`'s figures (RangeError unless 0 <= player < players)."""
        out = L.PlayerStats_()
        self._err(_lib.sh_match_stats_player(self._h, _int(player, "player", 0, _INT_MAX),
                                             ctypes.byref(out), ctypes.sizeof(out)))
        return PlayerStats(out.games, out.wins, out.draws, out.losses, _interval(out.place))

    def pairwise(self, i: int, j: int) -> PairScore:
        """How i did against j, in the games in which they were opponents."""
        games, score = ctypes.c_int64(), ctypes.c_double()
        self._err(_lib.sh_match_stats_pairwise(self._h, _int(i, "i", 0, _INT_MAX),
                                               _int(j, "j", 0, _INT_MAX), ctypes.byref(games),
                                               ctypes.byref(score)))
        return PairScore(games.value, score.value)

    def score(self) -> Interval:
        """Player 0's score in [0, 1]: per game the mean against its opponents."""
        out = L.Interval_()
        self._err(_lib.sh_match_stats_score(self._h, ctypes.byref(out)))
        return _interval(out)

    def elo(self) -> Interval:
        """The Elo of score()."""
        out = L.Interval_()
        self._err(_lib.sh_match_stats_elo(self._h, ctypes.byref(out)))
        return _interval(out)

    def wdl(self) -> Wdl:
        """W/D/L of player 0's unit (StateError unless two units in every game)."""
        w, d, lo = ctypes.c_int64(), ctypes.c_int64(), ctypes.c_int64()
        self._err(_lib.sh_match_stats_wdl(self._h, ctypes.byref(w), ctypes.byref(d),
                                          ctypes.byref(lo)))
        return Wdl(w.value, d.value, lo.value)

    def pentanomial(self) -> Tuple[int, int, int, int, int]:
        """Pairs (both games in) scoring 0, 1/2, 1, 3/2, 2 for player 0's unit."""
        out = (ctypes.c_int64 * 5)()
        self._err(_lib.sh_match_stats_pentanomial(self._h, out))
        return tuple(out)

    def sprt(self, test: SprtTest) -> SprtResult:
        """The SPRT on pentanomial()."""
        out = L.SprtResult_()
        self._err(_lib.sh_match_stats_sprt(self._h, ctypes.byref(_test(test)), ctypes.byref(out),
                                           ctypes.sizeof(out)))
        return _result(out)
