// match_stats.cpp — the figures of include/sternhalma/match_stats.h; the
// models are stated there.
#include "sternhalma/match_stats.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"

namespace sternhalma {

namespace {

// mean ± kZ95 standard errors of n values with this sum and sum of squares.
Interval normal_interval(double sum, double sq, double n) {
  if (n <= 0) return {};
  const double mean = sum / n;
  const double var = std::max(0.0, sq / n - mean * mean);
  const double half = kZ95 * std::sqrt(var / n);
  return {mean, mean - half, mean + half};
}

Interval clamp_score(Interval s) {
  s.low = std::max(0.0, s.low);
  s.high = std::min(1.0, s.high);
  return s;
}

double elo_of_score(double s) { return 400.0 * std::log10(s / (1.0 - s)); }
double score_of_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// The Elo of a score interval over n games, the score clamped to half a
// game from either end so that every figure is finite.
Interval elo_of(const Interval& score, double n) {
  if (n <= 0) return {};
  const double lo = 0.5 / n, hi = 1.0 - lo;
  auto e = [&](double s) { return elo_of_score(std::clamp(s, lo, hi)); };
  return {e(score.value), e(score.low), e(score.high)};
}

absl::Status check_counts(std::span<const int64_t> counts, const char* what) {
  int64_t sum = 0;
  for (size_t k = 0; k < counts.size(); ++k) {
    if (counts[k] < 0 || counts[k] > kMaxStatsCount)
      return absl::InvalidArgumentError(absl::StrCat(what, ": count ", k, " is ", counts[k],
                                                     ", not in 0..", kMaxStatsCount));
    sum += counts[k];
    if (sum > kMaxStatsCount)
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": the counts add up to more than ", kMaxStatsCount));
  }
  return absl::OkStatus();
}

// The per-pair score (pair points / 2) of pentanomial bucket k.
constexpr double pair_value(size_t k) { return static_cast<double>(k) / 4.0; }

// The mean score and its interval from pentanomial counts (n pairs).
Interval pentanomial_score(const std::array<double, 5>& c, double n) {
  if (n <= 0) return {};
  double mean = 0;
  for (size_t k = 0; k < 5; ++k) mean += c[k] * pair_value(k);
  mean /= n;
  double var = 0;
  for (size_t k = 0; k < 5; ++k) var += c[k] * (pair_value(k) - mean) * (pair_value(k) - mean);
  var /= n;
  const double half = kZ95 * std::sqrt(var / n);
  return {mean, mean - half, mean + half};
}

// D(s) = max over l of sum_k c_k ln(1 + l (x_k - s)) for s in (0, 1) and
// every c_k > 0: the log-likelihood of the counts under their frequencies
// less that under the likeliest distribution with mean s (whose
// probabilities are c_k / N / (1 + l (x_k - s))). The sum is concave in l on
// (-1 / (1 - s), 1 / s), where every 1 + l (x_k - s) > 0; its derivative
// decreases from +inf to -inf there, and bisection finds its zero.
double log_likelihood_gap(const std::array<double, 5>& c, double s) {
  auto slope = [&](double l) {
    double d = 0;
    for (size_t k = 0; k < 5; ++k) d += c[k] * (pair_value(k) - s) / (1 + l * (pair_value(k) - s));
    return d;
  };
  double lo = -1 / (1 - s), hi = 1 / s;
  for (int i = 0; i < 200; ++i) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;  // the interval cannot shrink further
    (slope(mid) > 0 ? lo : hi) = mid;
  }
  const double l = lo + (hi - lo) / 2;
  double d = 0;
  for (size_t k = 0; k < 5; ++k) d += c[k] * std::log1p(l * (pair_value(k) - s));
  return d;
}

}  // namespace

absl::StatusOr<Interval> elo_from_wdl(int64_t wins, int64_t draws, int64_t losses) {
  const int64_t counts[3] = {wins, draws, losses};
  if (absl::Status s = check_counts(counts, "elo from W/D/L"); !s.ok()) return s;
  const double w = static_cast<double>(wins), d = static_cast<double>(draws);
  const double n = w + d + static_cast<double>(losses);
  return elo_of(clamp_score(normal_interval(w + 0.5 * d, w + 0.25 * d, n)), n);
}

absl::StatusOr<Interval> elo_from_pentanomial(const Pentanomial& counts) {
  if (absl::Status s = check_counts(counts, "elo from pentanomial"); !s.ok()) return s;
  std::array<double, 5> c{};
  double n = 0;
  for (size_t k = 0; k < 5; ++k) n += c[k] = static_cast<double>(counts[k]);
  return elo_of(clamp_score(pentanomial_score(c, n)), 2 * n);
}

absl::Status check_sprt(const SprtTest& t) {
  auto elo_ok = [](double e) { return std::isfinite(e) && std::fabs(e) <= kMaxSprtElo; };
  if (!elo_ok(t.elo0))
    return absl::InvalidArgumentError(
        absl::StrCat("sprt: elo0 ", t.elo0, " is not a number in -", kMaxSprtElo, "..", kMaxSprtElo));
  if (!elo_ok(t.elo1))
    return absl::InvalidArgumentError(
        absl::StrCat("sprt: elo1 ", t.elo1, " is not a number in -", kMaxSprtElo, "..", kMaxSprtElo));
  if (!(t.elo0 < t.elo1))
    return absl::InvalidArgumentError(
        absl::StrCat("sprt: elo0 ", t.elo0, " is not below elo1 ", t.elo1));
  // Negated comparisons so that NaN fails them too.
  if (!(t.alpha > 0 && t.alpha < 1))
    return absl::InvalidArgumentError(absl::StrCat("sprt: alpha ", t.alpha, " is not in (0, 1)"));
  if (!(t.beta > 0 && t.beta < 1))
    return absl::InvalidArgumentError(absl::StrCat("sprt: beta ", t.beta, " is not in (0, 1)"));
  if (!(t.alpha + t.beta < 1))
    return absl::InvalidArgumentError(
        absl::StrCat("sprt: alpha + beta = ", t.alpha + t.beta, " is not below 1"));
  return absl::OkStatus();
}

absl::StatusOr<SprtResult> sprt(const SprtTest& t, const Pentanomial& counts) {
  if (absl::Status s = check_sprt(t); !s.ok()) return s;
  if (absl::Status s = check_counts(counts, "sprt"); !s.ok()) return s;
  SprtResult r;
  r.lower = std::log(t.beta / (1 - t.alpha));
  r.upper = std::log((1 - t.beta) / t.alpha);
  int64_t pairs = 0;
  for (int64_t c : counts) pairs += c;
  if (pairs > 0) {
    std::array<double, 5> c{};
    for (size_t k = 0; k < 5; ++k)
      c[k] = counts[k] > 0 ? static_cast<double>(counts[k]) : kSprtRegularize;
    r.llr = log_likelihood_gap(c, score_of_elo(t.elo0)) - log_likelihood_gap(c, score_of_elo(t.elo1));
  }
  r.decision = r.llr >= r.upper   ? SprtDecision::kAcceptH1
               : r.llr <= r.lower ? SprtDecision::kAcceptH0
                                  : SprtDecision::kContinue;
  return r;
}

MatchStats::MatchStats(int players)
    : players_(players),
      sums_(static_cast<size_t>(players)),
      pairs_(static_cast<size_t>(players) * static_cast<size_t>(players)) {}

absl::StatusOr<MatchStats> MatchStats::create(int players) {
  if (players < 2 || players > 6)
    return absl::InvalidArgumentError(
        absl::StrCat("match stats: players ", players, " is not in 2..6"));
  return MatchStats(players);
}

absl::Status MatchStats::add(int64_t game_index, std::span<const int> places,
                             std::span<const int> teams) {
  const auto n = static_cast<size_t>(players_);
  if (game_index < 0 || game_index >= kMaxMatchGames)
    return absl::OutOfRangeError(absl::StrCat("match stats: game index ", game_index,
                                              " is not in 0..", kMaxMatchGames - 1));
  if (places.size() != n)
    return absl::InvalidArgumentError(absl::StrCat("match stats: game ", game_index, ": ",
                                                   places.size(), " places for ", n, " players"));
  if (!teams.empty() && teams.size() != n)
    return absl::InvalidArgumentError(absl::StrCat("match stats: game ", game_index, ": ",
                                                   teams.size(), " team ids for ", n,
                                                   " players (give none or one per player)"));
  for (size_t i = 0; i < n; ++i) {
    if (places[i] < 1 || places[i] > players_)
      return absl::InvalidArgumentError(absl::StrCat("match stats: game ", game_index,
                                                     ": player ", i, "'s place ", places[i],
                                                     " is not in 1..", players_));
    if (!teams.empty() && (teams[i] < 0 || teams[i] >= players_))
      return absl::InvalidArgumentError(absl::StrCat("match stats: game ", game_index,
                                                     ": player ", i, "'s team ", teams[i],
                                                     " is not in 0..", players_ - 1));
  }
  // A unit is a player, or in a team game a team; partners share its place.
  std::vector<int> unit(n);
  for (size_t i = 0; i < n; ++i) unit[i] = teams.empty() ? static_cast<int>(i) : teams[i];
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j)
      if (unit[i] == unit[j] && places[i] != places[j])
        return absl::InvalidArgumentError(absl::StrCat(
            "match stats: game ", game_index, ": partners ", i, " and ", j, " (team ", unit[i],
            ") have places ", places[i], " and ", places[j], "; partners share a place"));
  int units = 0;
  std::vector<bool> first_of_unit(n, true);
  for (size_t j = 0; j < n; ++j) {
    for (size_t k = 0; k < j; ++k) first_of_unit[j] = first_of_unit[j] && unit[k] != unit[j];
    units += first_of_unit[j] ? 1 : 0;
  }
  if (units < 2)
    return absl::InvalidArgumentError(absl::StrCat("match stats: game ", game_index,
                                                   ": every player is in team ", unit[0],
                                                   "; a game has at least two teams"));
  const auto idx = static_cast<size_t>(game_index);
  if (idx < results_.size() && results_[idx] != 0)
    return absl::FailedPreconditionError(
        absl::StrCat("match stats: game ", game_index, " was added before"));
  if (idx >= results_.size()) results_.resize(idx + 1, 0);  // the only step that can fail

  auto point = [](int a, int b) { return a < b ? 1.0 : a == b ? 0.5 : 0.0; };
  double score0 = 0;  // player 0's mean points against the other units
  for (size_t j = 0; j < n; ++j)
    if (first_of_unit[j] && unit[j] != unit[0]) score0 += point(places[0], places[j]);
  score0 /= units - 1;

  ++games_;
  for (size_t i = 0; i < n; ++i) {
    bool first = places[i] == 1, shared = false;
    for (size_t j = 0; j < n; ++j)
      if (unit[j] != unit[i]) {
        PairScore& p = pairs_[i * n + j];
        ++p.games;
        p.score += point(places[i], places[j]);
        shared = shared || (first && places[j] == 1);
      }
    PlayerSums& s = sums_[i];
    ++(first ? (shared ? s.draws : s.wins) : s.losses);
    s.place_sum += places[i];
    s.place_sq += double(places[i]) * places[i];
  }
  score_sum_ += score0;
  score_sq_ += score0 * score0;
  if (units == 2) {
    const auto code = static_cast<uint8_t>(1 + static_cast<int>(2 * score0));
    results_[idx] = code;
    (code == 3 ? wdl_.wins : code == 2 ? wdl_.draws : wdl_.losses)++;
    const size_t other = idx ^ 1;  // games 2k and 2k+1 are pair k
    if (other < results_.size() && results_[other] >= 1 && results_[other] <= 3)
      ++pentanomial_[static_cast<size_t>(code - 1 + results_[other] - 1)];
  } else {
    results_[idx] = 4;
    two_units_ = false;
  }
  return absl::OkStatus();
}

absl::StatusOr<PlayerStats> MatchStats::player(int i) const {
  if (i < 0 || i >= players_)
    return absl::OutOfRangeError(
        absl::StrCat("match stats: player ", i, " is not in 0..", players_ - 1));
  const PlayerSums& s = sums_[static_cast<size_t>(i)];
  const auto g = static_cast<double>(games_);
  return PlayerStats{games_, s.wins, s.draws, s.losses, normal_interval(s.place_sum, s.place_sq, g)};
}

absl::StatusOr<PairScore> MatchStats::pairwise(int i, int j) const {
  for (int p : {i, j})
    if (p < 0 || p >= players_)
      return absl::OutOfRangeError(
          absl::StrCat("match stats: player ", p, " is not in 0..", players_ - 1));
  return pairs_[static_cast<size_t>(i) * static_cast<size_t>(players_) + static_cast<size_t>(j)];
}

Interval MatchStats::score() const {
  return clamp_score(normal_interval(score_sum_, score_sq_, static_cast<double>(games_)));
}

Interval MatchStats::elo() const { return elo_of(score(), static_cast<double>(games_)); }

absl::StatusOr<Wdl> MatchStats::wdl() const {
  if (!two_units_)
    return absl::FailedPreconditionError(
        "match stats: W/D/L needs two units (two players, or two teams) in every game");
  return wdl_;
}

absl::StatusOr<Pentanomial> MatchStats::pentanomial() const {
  if (!two_units_)
    return absl::FailedPreconditionError(
        "match stats: the pentanomial needs two units (two players, or two teams) in every game");
  return pentanomial_;
}

absl::StatusOr<SprtResult> MatchStats::sprt(const SprtTest& test) const {
  if (absl::Status s = check_sprt(test); !s.ok()) return s;
  if (!two_units_)
    return absl::FailedPreconditionError(
        "match stats: the SPRT needs two units (two players, or two teams) in every game");
  return sternhalma::sprt(test, pentanomial_);
}

}  // namespace sternhalma
