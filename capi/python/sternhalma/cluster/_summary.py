"""The figures of a match summed game by game in schedule order, from the
games' JSONL lines: the library's MatchStats (W/D/L, places, Elo,
pentanomial pairs, SPRT; teams as units) and what only the lines carry
(thinking time, forfeits). Printed in the formats of `sternhalma match`
(text, and --json's one object with the same keys), so that a cluster run
and a run on one machine read the same."""
from __future__ import annotations

import json
from typing import Dict, List, Optional

import sternhalma as sh

from ._args import MatchArgs
from ._errors import ClusterError


def _q(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


class Summary:
    def __init__(self, a: MatchArgs):
        self.a = a
        n = len(a.players)
        try:
            rules = sh.Rules(a.preset)
            for s in a.settings:
                rules.set_options(s)
        except sh.SternhalmaError as e:
            raise ClusterError(f"sternhalma.cluster match: --preset/--set: {e}", code=2) from None
        self.table = rules.id
        self.played = rules.seats
        self.teams = rules["teams"] == "yes"
        self.stats = sh.MatchStats(n)
        self.ms = [0.0] * n
        self.moves = [0] * n
        self.forfeits: List[Dict[str, int]] = [{} for _ in range(n)]
        self.test = sh.SprtTest(*a.sprt) if a.sprt else None

    def _teams_of(self, seats: List[int]) -> Optional[List[int]]:
        """Partners (opposite points) share an id: the index of the lower seat
        among the played seats (as the match program counts them)."""
        if not self.teams:
            return None
        return [self.played.index(min(s, (s + 3) % 6)) for s in seats]

    def add(self, game: dict) -> None:
        """One game's JSONL line (parsed)."""
        seats = [sh.seat_from_letter(c) for c in game["seats"]]
        self.stats.add(game["game"] - 1, game["places"], self._teams_of(seats))
        for j in range(len(self.ms)):
            self.ms[j] += game["ms"][j]
            self.moves[j] += game["moves"][j]
        for f in game["forfeits"]:
            d = self.forfeits[f["player"] - 1]
            d[f["reason"]] = d.get(f["reason"], 0) + 1

    def sprt(self) -> Optional[sh.SprtResult]:
        if self.test is None:
            return None
        try:
            return self.stats.sprt(self.test)
        except sh.SternhalmaError:
            return None

    def _ms_per_move(self, j: int) -> float:
        return self.ms[j] / self.moves[j] if self.moves[j] else 0.0

    def json(self, sprt_stop: bool) -> str:
        a, st, n = self.a, self.stats, len(self.a.players)
        out = [f'{{"games": {st.games}, "table": {_q(self.table)}, "concurrency": {a.concurrency}, '
               f'"games_range": [{a.range_begin}, {a.range_end}], "players": [']
        for j in range(n):
            p = st.player(j)
            forfeits = ", ".join(f"{_q(r)}: {c}" for r, c in sorted(self.forfeits[j].items()))
            out.append(f'{", " if j else ""}{{"name": {_q(a.players[j])}, "wins": {p.wins}, '
                       f'"draws": {p.draws}, "losses": {p.losses}, "mean_place": {p.place.value:.4f}, '
                       f'"place_low": {p.place.low:.4f}, "place_high": {p.place.high:.4f}, '
                       f'"ms_per_move": {self._ms_per_move(j):.4f}, "forfeits": {{{forfeits}}}}}')
        e = st.elo()
        out.append(f'], "elo": {{"diff": {e.value:.2f}, "low": {e.low:.2f}, "high": {e.high:.2f}}}')
        if st.two_units and st.games > 0:
            w, p = st.wdl(), st.pentanomial()
            pe = sh.elo_from_pentanomial(p)
            out.append(f', "wdl": [{w.wins}, {w.draws}, {w.losses}], "pentanomial": '
                       f'[{", ".join(map(str, p))}], "elo_pentanomial": {{"diff": {pe.value:.2f}, '
                       f'"low": {pe.low:.2f}, "high": {pe.high:.2f}}}')
        if n > 2:
            rows = []
            for i in range(n):
                cells = []
                for k in range(n):
                    ps = st.pairwise(i, k)
                    cells.append("null" if i == k or ps.games == 0 else
                                 f'{{"games": {ps.games}, "points": {ps.score:.4f}}}')
                rows.append("[" + ", ".join(cells) + "]")
            out.append(', "pairwise": [' + ", ".join(rows) + "]")
        r = self.sprt()
        if r is not None:
            e0, e1, al, be = a.sprt
            out.append(f', "sprt": {{"elo0": {e0:g}, "elo1": {e1:g}, "alpha": {al:g}, "beta": {be:g}, '
                       f'"llr": {r.llr:.4f}, "lower": {r.lower:.4f}, "upper": {r.upper:.4f}, '
                       f'"decision": "{_decision(r.decision)}", "stopped": '
                       f'{"true" if sprt_stop else "false"}}}')
        return "".join(out) + "}"

    def text(self, sprt_stop: bool, budget: str) -> str:
        """`budget`: the header's budget words as the match program prints them."""
        a, st, n = self.a, self.stats, len(self.a.players)
        lines = [f"match {self.table}: {st.games} games, seed {a.seed}{budget}, "
                 f"concurrency {a.concurrency}"]
        if n == 2:
            lines.append("%-3s %-8s %6s %6s %6s %8s %18s %9s" % (
                "#", "player", "wins", "draws", "losses", "score", "95% interval", "ms/move"))
            s = st.score()
            for j in range(n):
                p = st.player(j)
                sc = s.value if j == 0 else 1 - s.value
                lo, hi = (s.low, s.high) if j == 0 else (1 - s.high, 1 - s.low)
                lines.append("%-3d %-8s %6d %6d %6d %7.1f%% %8.1f%% - %5.1f%% %9.2f" % (
                    j + 1, a.players[j], p.wins, p.draws, p.losses, 100 * sc, 100 * lo, 100 * hi,
                    self._ms_per_move(j)))
        else:
            lines.append("%-3s %-8s %10s %16s %6s %9s" % (
                "#", "player", "mean place", "95% interval", "wins", "ms/move"))
            for j in range(n):
                p = st.player(j)
                lines.append("%-3d %-8s %10.3f %7.3f - %6.3f %6d %9.2f" % (
                    j + 1, a.players[j], p.place.value, p.place.low, p.place.high, p.wins,
                    self._ms_per_move(j)))
            lines.append("pairwise score, row against column (games as opponents):")
            lines.append("%-8s" % "" + "".join(" %8.8s" % name for name in a.players))
            for i in range(n):
                row = "%-8.8s" % a.players[i]
                for k in range(n):
                    ps = st.pairwise(i, k)
                    row += " %8s" % "-" if i == k or ps.games == 0 else " %8.3f" % (ps.score / ps.games)
                lines.append(row)
        if st.two_units and st.games > 0:
            w, p = st.wdl(), st.pentanomial()
            if n > 2:
                lines.append(f"{a.players[0]}'s team: {w.wins} wins, {w.draws} draws, "
                             f"{w.losses} losses")
            if sum(p) > 0:
                e = sh.elo_from_pentanomial(p)
                lines.append("pairs of games (0, 1/2, 1, 3/2, 2 points for %s): %d %d %d %d %d, "
                             "elo %+.0f (95%% interval %+.0f to %+.0f)" % (
                                 a.players[0], *p, e.value, e.low, e.high))
        for j in range(n):
            if self.forfeits[j]:
                lines.append(f"forfeits of {a.players[j]}: " + ", ".join(
                    f"{r} {c}" for r, c in sorted(self.forfeits[j].items())))
        r = self.sprt()
        if r is not None:
            e0, e1, al, be = a.sprt
            lines.append("sprt elo0 %g elo1 %g alpha %g beta %g: llr %.3f (bounds %.3f, %.3f): %s%s" % (
                e0, e1, al, be, r.llr, r.lower, r.upper, _decision(r.decision),
                ", stopped" if sprt_stop else ""))
        e = st.elo()
        lines.append("elo %s against the others: %+.0f (95%% interval %+.0f to %+.0f)" % (
            a.players[0], e.value, e.low, e.high))
        return "\n".join(lines)


def _decision(d) -> str:
    return {sh.SprtDecision.ACCEPT_H1: "H1", sh.SprtDecision.ACCEPT_H0: "H0"}.get(d, "continue")
