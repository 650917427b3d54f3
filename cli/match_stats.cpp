#include "match_stats.h"

#include <algorithm>
#include <cmath>

namespace sternhalma::cli {

namespace {

constexpr double kZ95 = 1.96;

Interval normal_interval(double sum, double sq, int n) {
  if (n == 0) return {};
  const double mean = sum / n;
  const double var = n > 1 ? std::max(0.0, (sq - n * mean * mean) / (n - 1)) : 0.0;
  const double half = kZ95 * std::sqrt(var / n);
  return {mean, mean - half, mean + half};
}

double elo_of(double s) { return 400.0 * std::log10(s / (1.0 - s)); }

}  // namespace

Interval PlayerTally::place_interval() const { return normal_interval(place_sum, place_sq, games); }

MatchTally::MatchTally(std::vector<std::string> names) {
  for (std::string& n : names) players_.push_back({std::move(n)});
}

void MatchTally::add(const std::vector<int>& places, const std::vector<double>& ms,
                     const std::vector<long long>& moves) {
  const size_t n = players_.size();
  ++games_;
  for (size_t j = 0; j < n; ++j) {
    PlayerTally& p = players_[j];
    ++p.games;
    p.place_sum += places[j];
    p.place_sq += double(places[j]) * places[j];
    p.ms += ms[j];
    p.moves += moves[j];
    // A win: placed first alone; a draw: first, shared; else a loss.
    const int firsts = static_cast<int>(std::count(places.begin(), places.end(), 1));
    if (places[j] == 1) (firsts == 1 ? p.wins : p.draws)++;
    else ++p.losses;
  }
  double s = 0;
  for (size_t j = 1; j < n; ++j)
    s += places[0] < places[j] ? 1.0 : places[0] == places[j] ? 0.5 : 0.0;
  s /= static_cast<double>(n - 1);
  score_sum_ += s;
  score_sq_ += s * s;
}

Interval MatchTally::score() const {
  Interval s = normal_interval(score_sum_, score_sq_, games_);
  s.low = std::max(0.0, s.low);  // a score lies in [0, 1]
  s.high = std::min(1.0, s.high);
  return s;
}

Interval MatchTally::elo() const {
  if (games_ == 0) return {};
  const double lo = 0.5 / games_, hi = 1.0 - lo;
  const Interval s = score();
  auto clamp = [&](double x) { return std::clamp(x, lo, hi); };
  return {elo_of(clamp(s.value)), elo_of(clamp(s.low)), elo_of(clamp(s.high))};
}

}  // namespace sternhalma::cli
