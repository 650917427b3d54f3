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
  if (n > static_cast<size_t>(kMaxSeats))
    return absl::InvalidArgumentError(absl::StrCat("rating: ", n, " places (at most 6)"));
  size_t played = 0;
  for (size_t i = 0; i < n; ++i) {
    if (places[i] < 0)
      return absl::InvalidArgumentError(absl::StrCat("rating: place ", places[i], " at index ", i,
                                                     " (must be >= 1, or 0: not played)"));
    if (places[i] > 0) ++played;
  }
  if (played < 2)
    return absl::InvalidArgumentError(
        absl::StrCat("rating: ", played, " played places of ", n, " (2 to 6 players; 0 = not played)"));
  if (ratings.size() != n)
    return absl::InvalidArgumentError(absl::StrCat("rating: ", n, " places but ", ratings.size(),
                                                   " ratings (one per place, by seat as a game's places)"));
  // The played entries; an unplayed one's rating is ignored.
  std::vector<int> p;
  std::vector<double> r;
  for (size_t i = 0; i < n; ++i) {
    if (places[i] == 0) continue;
    p.push_back(places[i]);
    r.push_back(ratings[i]);
  }
  if (absl::Status st = check_numbers(r, k, k_prime); !st.ok()) return st;
  // Two players: K' = K gives plain Elo; 3+: K' = 2K/N by default.
  const size_t m = p.size();
  const double kk = m == 2 ? k : k_prime.value_or(2.0 * k / static_cast<double>(m));
  std::vector<double> out(n, 0.0);
  for (size_t i = 0, a = 0; i < n; ++i) {
    if (places[i] == 0) continue;
    double sum = 0;
    for (size_t b = 0; b < m; ++b) {
      if (a == b) continue;
      const double sc = p[a] < p[b] ? 1.0 : p[a] == p[b] ? 0.5 : 0.0;
      sum += sc - elo_expected(r[a], r[b]);
    }
    out[i] = kk * sum;
    ++a;
  }
  return out;
}

absl::StatusOr<std::vector<double>> rating_changes(const Game& game,
                                                   std::span<const double> ratings, double k,
                                                   std::optional<double> k_prime) {
  if (absl::Status st = check_numbers(ratings, k, k_prime); !st.ok()) return st;
  if (!game.is_over()) return absl::FailedPreconditionError("rating: the game is not over");
  const Rules& rules = game.rules();
  const size_t seats = static_cast<size_t>(rules.num_seats());
  if (ratings.size() != static_cast<size_t>(kMaxSeats) && ratings.size() != seats)
    return absl::InvalidArgumentError(absl::StrCat("rating: ", ratings.size(), " ratings, the table has ", seats,
                                                   " seats: give six by seat or one per played seat"));
  // By seat: a seat not played has place 0 and takes no part.
  // One per played seat is spread out by seat first.
  std::vector<int> places(kMaxSeats, 0);
  std::vector<double> r(ratings.begin(), ratings.end());
  if (r.size() != static_cast<size_t>(kMaxSeats)) r.assign(kMaxSeats, 0.0);
  for (Seat s = 0, j = 0; s < kMaxSeats; ++s) {
    if (!rules.plays(s)) continue;
    places[s] = game.place(s);
    if (ratings.size() != static_cast<size_t>(kMaxSeats)) r[s] = ratings[j++];
  }
  auto by_seat = rating_changes(places, r, k, k_prime, rules.teams);
  if (!by_seat.ok() || ratings.size() == static_cast<size_t>(kMaxSeats)) return by_seat;
  std::vector<double> compact;
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (rules.plays(s)) compact.push_back((*by_seat)[s]);
  return compact;
}

}  // namespace sternhalma
