/// @file
/// rating.h — rating changes from a finished game (rule book §6, seed 000).
///
/// Two players: Elo, E = 1 / (1 + 10^((Rb - Ra) / 400)), S = 1 / 0.5 / 0,
/// dR = K (S - E). Three to six: every player is compared with every other by
/// place (above = 1, shared = 0.5, below = 0), dR_i = K' sum_j (S_ij - E_ij),
/// K' = 2K/N unless given. Team games are unrated. The library stores no
/// players: inputs are places and ratings, outputs the changes.
#ifndef STERNHALMA_RATING_H_
#define STERNHALMA_RATING_H_

#include <optional>
#include <span>
#include <vector>

#include "absl/status/statusor.h"

namespace sternhalma {

class Game;

/// Expected score of a player rated ra against one rated rb.
double elo_expected(double ra, double rb);

/// The largest K (and K') accepted: with it and finite ratings every change
/// is finite (|change| <= 5 K').
inline constexpr double kMaxRatingK = 1000.0;

/// Rating changes from places and ratings. Places are indexed as a game's
/// places are (by seat, W R B K Y G: what Game::place gives for each seat),
/// or any order of players: places[i] >= 1 (lower is better, equal = shared),
/// 0 = not played (the entry takes no part and its change is 0). ratings has
/// one entry per place (an unplayed one's is ignored); the result has one
/// change per place. Errors
/// (InvalidArgument): more than 6 places, fewer than 2 played, a place < 0,
/// ratings of another size, a used rating that is NaN or infinite, K or K'
/// not in (0, kMaxRatingK] (NaN included). FailedPrecondition: `teams` set
/// (team games are unrated).
absl::StatusOr<std::vector<double>> rating_changes(std::span<const int> places,
                                                   std::span<const double> ratings,
                                                   double k = 32.0,
                                                   std::optional<double> k_prime = std::nullopt,
                                                   bool teams = false);

/// The changes for a finished game: ratings six by seat (the result six by
/// seat, 0 for a seat not played), or one per played seat in seat order (the
/// result likewise). FailedPrecondition when the game is not over or is a
/// team game, else the errors above, checked the same way.
absl::StatusOr<std::vector<double>> rating_changes(const Game& game,
                                                   std::span<const double> ratings,
                                                   double k = 32.0,
                                                   std::optional<double> k_prime = std::nullopt);

}  // namespace sternhalma

#endif  // STERNHALMA_RATING_H_
