#include "match_summary.h"

#include <algorithm>
#include <cstdio>

#include "json_read.h"
#include "sternhalma/geometry.h"

namespace sternhalma::cli {

namespace {

const char* decision_name(SprtDecision d) {
  return d == SprtDecision::kAcceptH1 ? "H1" : d == SprtDecision::kAcceptH0 ? "H0" : "continue";
}

std::string forfeit_text(const std::map<std::string, int>& f) {
  std::string s;
  for (const auto& [reason, count] : f) s += (s.empty() ? "" : ", ") + reason + " " + std::to_string(count);
  return s;
}

}  // namespace

std::vector<int> teams_of(const Options& o, const std::vector<Seat>& seats) {
  if (!o.rules.teams) return {};
  const std::vector<Seat> played = o.seats();
  std::vector<int> teams;
  for (Seat s : seats) {
    const Seat low = std::min<Seat>(s, static_cast<Seat>(opposite_point(s)));
    teams.push_back(static_cast<int>(std::find(played.begin(), played.end(), low) - played.begin()));
  }
  return teams;
}

MatchSummary::MatchSummary(const Options& o) : o_(o) {
  const size_t n = o.players.size();
  absl::StatusOr<MatchStats> s = MatchStats::create(static_cast<int>(n));
  stats_.emplace(*std::move(s));  // 2..6 players: the options checked the table's seats
  ms_.assign(n, 0);
  moves_.assign(n, 0);
  forfeits_.resize(n);
}

absl::Status MatchSummary::add(const GameResult& r) {
  const std::vector<int> teams = teams_of(o_, r.seats);
  if (absl::Status st = stats_->add(r.index, r.places, teams); !st.ok()) return st;
  for (size_t j = 0; j < ms_.size(); ++j) {
    ms_[j] += r.ms[j];
    moves_[j] += r.moves[j];
  }
  for (const Forfeit& f : r.forfeits) ++forfeits_[static_cast<size_t>(f.player)][f.reason];
  return absl::OkStatus();
}

std::optional<SprtResult> MatchSummary::sprt() const {
  if (!o_.sprt.on) return std::nullopt;
  absl::StatusOr<SprtResult> r = stats_->sprt({o_.sprt.elo0, o_.sprt.elo1, o_.sprt.alpha, o_.sprt.beta});
  if (!r.ok()) return std::nullopt;
  return *r;
}

void MatchSummary::print_text(bool sprt_stop) const {
  const size_t n = o_.players.size();
  const MatchStats& st = *stats_;
  std::printf("match %s: %lld games, seed %lld", o_.rules.id.c_str(), static_cast<long long>(st.games()), o_.seed);
  if (o_.budget.nodes) std::printf(", %lld nodes/move", static_cast<long long>(o_.budget.nodes));
  if (o_.movetime_ms) std::printf(", %lld ms/move", static_cast<long long>(o_.movetime_ms));
  if (o_.has_clock())
    std::printf(", tc %lld+%lld ms", static_cast<long long>(o_.clock.reserve_ms),
                static_cast<long long>(o_.clock.increment_ms));
  if (!o_.budget.nodes && !o_.movetime_ms && !o_.has_clock()) std::printf(", default budgets");
  std::printf(", concurrency %lld\n", o_.concurrency);
  auto ms_per_move = [&](size_t j) { return moves_[j] ? ms_[j] / static_cast<double>(moves_[j]) : 0.0; };
  if (n == 2) {
    std::printf("%-3s %-8s %6s %6s %6s %8s %18s %9s\n", "#", "player", "wins", "draws", "losses", "score",
                "95% interval", "ms/move");
    const Interval s = st.score();
    for (size_t j = 0; j < n; ++j) {
      const PlayerStats p = *st.player(static_cast<int>(j));
      const double sc = j == 0 ? s.value : 1 - s.value;
      const double lo = j == 0 ? s.low : 1 - s.high, hi = j == 0 ? s.high : 1 - s.low;
      std::printf("%-3zu %-8s %6lld %6lld %6lld %7.1f%% %8.1f%% - %5.1f%% %9.2f\n", j + 1, o_.players[j].name.c_str(),
                  static_cast<long long>(p.wins), static_cast<long long>(p.draws), static_cast<long long>(p.losses),
                  100 * sc, 100 * lo, 100 * hi, ms_per_move(j));
    }
  } else {
    std::printf("%-3s %-8s %10s %16s %6s %9s\n", "#", "player", "mean place", "95% interval", "wins", "ms/move");
    for (size_t j = 0; j < n; ++j) {
      const PlayerStats p = *st.player(static_cast<int>(j));
      std::printf("%-3zu %-8s %10.3f %7.3f - %6.3f %6lld %9.2f\n", j + 1, o_.players[j].name.c_str(), p.place.value,
                  p.place.low, p.place.high, static_cast<long long>(p.wins), ms_per_move(j));
    }
    std::printf("pairwise score, row against column (games as opponents):\n%-8s", "");
    for (size_t k = 0; k < n; ++k) std::printf(" %8.8s", o_.players[k].name.c_str());
    std::printf("\n");
    for (size_t i = 0; i < n; ++i) {
      std::printf("%-8.8s", o_.players[i].name.c_str());
      for (size_t k = 0; k < n; ++k) {
        const PairScore ps = *st.pairwise(static_cast<int>(i), static_cast<int>(k));
        if (i == k || ps.games == 0) std::printf(" %8s", "-");
        else std::printf(" %8.3f", ps.score / static_cast<double>(ps.games));
      }
      std::printf("\n");
    }
  }
  if (st.two_units() && st.games() > 0) {
    const Wdl w = *st.wdl();
    const Pentanomial p = *st.pentanomial();
    if (n > 2)
      std::printf("%s's team: %lld wins, %lld draws, %lld losses\n", o_.players[0].name.c_str(),
                  static_cast<long long>(w.wins), static_cast<long long>(w.draws), static_cast<long long>(w.losses));
    const int64_t pairs = p[0] + p[1] + p[2] + p[3] + p[4];
    if (pairs > 0) {
      const absl::StatusOr<Interval> e = elo_from_pentanomial(p);
      std::printf("pairs of games (0, 1/2, 1, 3/2, 2 points for %s): %lld %lld %lld %lld %lld, elo %+.0f (95%% interval %+.0f to %+.0f)\n",
                  o_.players[0].name.c_str(), static_cast<long long>(p[0]), static_cast<long long>(p[1]),
                  static_cast<long long>(p[2]), static_cast<long long>(p[3]), static_cast<long long>(p[4]),
                  e->value, e->low, e->high);
    }
  }
  for (size_t j = 0; j < n; ++j)
    if (!forfeits_[j].empty())
      std::printf("forfeits of %s: %s\n", o_.players[j].name.c_str(), forfeit_text(forfeits_[j]).c_str());
  if (const std::optional<SprtResult> r = sprt())
    std::printf("sprt elo0 %g elo1 %g alpha %g beta %g: llr %.3f (bounds %.3f, %.3f): %s%s\n", o_.sprt.elo0,
                o_.sprt.elo1, o_.sprt.alpha, o_.sprt.beta, r->llr, r->lower, r->upper, decision_name(r->decision),
                sprt_stop ? ", stopped" : "");
  const Interval e = st.elo();
  std::printf("elo %s against the others: %+.0f (95%% interval %+.0f to %+.0f)\n", o_.players[0].name.c_str(),
              e.value, e.low, e.high);
}

void MatchSummary::print_json(bool sprt_stop) const {
  const size_t n = o_.players.size();
  const MatchStats& st = *stats_;
  std::printf("{\"games\": %lld, \"table\": %s, \"concurrency\": %lld, \"games_range\": [%lld, %lld], \"players\": [",
              static_cast<long long>(st.games()), json_quote(o_.rules.id).c_str(), o_.concurrency, o_.range_begin,
              o_.range_end);
  for (size_t j = 0; j < n; ++j) {
    const PlayerStats p = *st.player(static_cast<int>(j));
    std::printf("%s{\"name\": %s, \"wins\": %lld, \"draws\": %lld, \"losses\": %lld, \"mean_place\": %.4f, "
                "\"place_low\": %.4f, \"place_high\": %.4f, \"ms_per_move\": %.4f, \"forfeits\": {",
                j ? ", " : "", json_quote(o_.players[j].name).c_str(), static_cast<long long>(p.wins),
                static_cast<long long>(p.draws), static_cast<long long>(p.losses), p.place.value, p.place.low,
                p.place.high, moves_[j] ? ms_[j] / static_cast<double>(moves_[j]) : 0.0);
    bool first = true;
    for (const auto& [reason, count] : forfeits_[j]) {
      std::printf("%s%s: %d", first ? "" : ", ", json_quote(reason).c_str(), count);
      first = false;
    }
    std::printf("}}");
  }
  const Interval e = st.elo();
  std::printf("], \"elo\": {\"diff\": %.2f, \"low\": %.2f, \"high\": %.2f}", e.value, e.low, e.high);
  if (st.two_units() && st.games() > 0) {
    const Wdl w = *st.wdl();
    const Pentanomial p = *st.pentanomial();
    const absl::StatusOr<Interval> pe = elo_from_pentanomial(p);
    std::printf(", \"wdl\": [%lld, %lld, %lld], \"pentanomial\": [%lld, %lld, %lld, %lld, %lld], "
                "\"elo_pentanomial\": {\"diff\": %.2f, \"low\": %.2f, \"high\": %.2f}",
                static_cast<long long>(w.wins), static_cast<long long>(w.draws), static_cast<long long>(w.losses),
                static_cast<long long>(p[0]), static_cast<long long>(p[1]), static_cast<long long>(p[2]),
                static_cast<long long>(p[3]), static_cast<long long>(p[4]), pe->value, pe->low, pe->high);
  }
  if (n > 2) {
    std::printf(", \"pairwise\": [");
    for (size_t i = 0; i < n; ++i) {
      std::printf("%s[", i ? ", " : "");
      for (size_t k = 0; k < n; ++k) {
        const PairScore ps = *st.pairwise(static_cast<int>(i), static_cast<int>(k));
        if (i == k || ps.games == 0) std::printf("%snull", k ? ", " : "");
        else std::printf("%s{\"games\": %lld, \"points\": %.4f}", k ? ", " : "", static_cast<long long>(ps.games), ps.score);
      }
      std::printf("]");
    }
    std::printf("]");
  }
  if (const std::optional<SprtResult> r = sprt())
    std::printf(", \"sprt\": {\"elo0\": %g, \"elo1\": %g, \"alpha\": %g, \"beta\": %g, \"llr\": %.4f, \"lower\": %.4f, "
                "\"upper\": %.4f, \"decision\": \"%s\", \"stopped\": %s}",
                o_.sprt.elo0, o_.sprt.elo1, o_.sprt.alpha, o_.sprt.beta, r->llr, r->lower, r->upper,
                decision_name(r->decision), sprt_stop ? "true" : "false");
  std::printf("}\n");
}

}  // namespace sternhalma::cli
