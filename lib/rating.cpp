#include "sternhalma/rating.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "sternhalma/game.h"

namespace sternhalma {

double elo_expected(double ra, double rb) { return 1.0 / (1.0 + std::pow(10.0, (rb - ra) / 400.0)); }

namespace {

// K, K' and the ratings: one check for both entry points, so the same bad
// number gets the same error whichever is called.
absl::Status check_numbers(std::span<const double> ratings, double k, std::optional<double> k_prime) {
  // Written so that NaN fails every test.
  if (!(k > 0 && k <= kMaxRatingK))
    return absl::InvalidArgumentError(absl::StrCat("rating: K ", k, " is not in (0, ", kMaxRatingK, "]"));
  if (k_prime && !(*k_prime > 0 && *k_prime <= kMaxRatingK))
    return absl::InvalidArgumentError(
        absl::StrCat("rating: K' ", *k_prime, " is not in (0, ", kMaxRatingK, "]"));
  for (size_t i = 0; i < ratings.size(); ++i)
    if (!std::isfinite(ratings[i]))
      return absl::InvalidArgumentError(
          absl::StrCat("rating: rating ", ratings[i], " of player ", i + 1, " is not a finite number"));
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<double>> rating_changes(std::span<const int> places,
                                                   std::span<const double> ratings, double k,
                                                   std::optional<double> k_prime, bool teams) {
  if (teams) return absl::FailedPreconditionError("rating: team games are unrated");
  const size_t n = places.size();
  if (ratings.size() != n)
    return absl::InvalidArgumentError(
        absl::StrCat("rating: ", n, " places but ", ratings.size(), " ratings"));
  if (n < 2 || n > 6)
    return absl::InvalidArgumentError(absl::StrCat("rating: ", n, " players (2 to 6)"));
  if (absl::Status st = check_numbers(ratings, k, k_prime); !st.ok()) return st;
  for (size_t i = 0; i < n; ++i)
    if (places[i] < 1)
      return absl::InvalidArgumentError(
          absl::StrCat("rating: place ", places[i], " of player ", i + 1, " (must be >= 1)"));
  // Two players: K' = K gives plain Elo; 3+: K' = 2K/N by default.
  const double kk = n == 2 ? k : k_prime.value_or(2.0 * k / static_cast<double>(n));
  std::vector<double> out(n, 0.0);
  for (size_t i = 0; i < n; ++i) {
    double sum = 0;
    for (size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      const double s = places[i] < places[j] ? 1.0 : places[i] == places[j] ? 0.5 : 0.0;
      sum += s - elo_expected(ratings[i], ratings[j]);
    }
    out[i] = kk * sum;
  }
  return out;
}

absl::StatusOr<std::vector<double>> rating_changes(const Game& game,
                                                   std::span<const double> ratings, double k,
                                                   std::optional<double> k_prime) {
  if (absl::Status st = check_numbers(ratings, k, k_prime); !st.ok()) return st;
  if (!game.is_over()) return absl::FailedPreconditionError("rating: the game is not over");
  std::vector<int> places;
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (game.rules().plays(s)) places.push_back(game.place(s));
  return rating_changes(places, ratings, k, k_prime, game.rules().teams);
}

}  // namespace sternhalma
