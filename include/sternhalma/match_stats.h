/// @file
/// match_stats.h — the statistics of a match: results in, W/D/L, scores, Elo
/// with a 95 % interval, the pentanomial counts of game pairs and a
/// sequential test (SPRT) out. The CLI's `sternhalma match` and a bindings
/// user's own harness get the same numbers from here.
///
/// Units. A game is played by `players` players (2..6). Without teams every
/// player is a unit; in a team game every team is one (partners share a
/// place and are not each other's opponents). "Two-unit" figures (W/D/L,
/// pentanomial, SPRT) are those of the first player's unit against the other
/// one and need every game to have had exactly two units (two players, or
/// two teams).
///
/// The models are those of the engine-testing community (fastchess,
/// OpenBench, cutechess):
/// - Score: a unit's score against an opponent in one game is 1 placed
///   above, 1/2 the same place, 0 below. Elo of a score s in (0, 1):
///   400 log10(s / (1 - s)) (logistic Elo).
/// - Intervals are 95 %: mean ± kZ95 standard errors, the variance being that
///   of the observed per-game (or per-pair) values (divided by n, not n - 1).
///   An Elo interval is the Elo of the score interval's ends.
/// - Trinomial: W/D/L of single games. Pentanomial: games 2k and 2k+1 form
///   pair k (the same opening with the seats swapped); a pair scores 0, 1/2,
///   1, 3/2 or 2 for the first unit, counts[0..4].
/// - SPRT: Wald's bounds lower = ln(beta / (1 - alpha)), upper =
///   ln((1 - beta) / alpha); H0: Elo = elo0, H1: Elo = elo1 in logistic Elo,
///   i.e. a per-game score s0 = L(elo0), s1 = L(elo1), L(e) = 1 / (1 +
///   10^(-e / 400)). The log-likelihood ratio is the pentanomial GSPRT (as
///   fishtest computes it): with c_k pairs of per-game score x_k = k / 4,
///   LLR = D(s0) - D(s1), D(s) = max over l of sum_k c_k ln(1 + l (x_k - s)),
///   the log-likelihood of the counts under their own frequencies less that
///   under the most likely pentanomial distribution with mean s. (The normal
///   approximation other tools use, N (s1 - s0) (2 m - s0 - s1) / (2 v)
///   with m, v the per-pair mean and variance, agrees when m is near s0 and
///   s1, but lets a handful of pairs decide when v is near 0, e.g. when
///   every pair is won.) A count of 0 is taken as kSprtRegularize, so that
///   every s in (0, 1) is a possible mean and the LLR is finite; no pairs
///   at all: LLR 0.
///
/// Edge cases (every figure is finite): zero games (or pairs) give the
/// interval {0, 0, 0}; a score of 0 or 1 (all losses, all wins) and interval
/// ends beyond are clamped, for Elo only, to half a game from the end:
/// [1 / (2 n), 1 - 1 / (2 n)] with n games (2 N for N pairs), so one game
/// gives Elo 0; all draws give a zero-width interval at score 1/2, Elo 0.
#ifndef STERNHALMA_MATCH_STATS_H_
#define STERNHALMA_MATCH_STATS_H_

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace sternhalma {

/// The two-sided 95 % quantile of the standard normal distribution.
inline constexpr double kZ95 = 1.959963984540054;
/// A count of 0 is taken as this in the SPRT (see above).
inline constexpr double kSprtRegularize = 1e-3;
/// The ceiling of a game index (MatchStats::add) and so of a match's games:
/// a MatchStats keeps one byte per index up to the largest one added.
inline constexpr int64_t kMaxMatchGames = int64_t{1} << 24;
/// The ceiling of a count given to the free functions (each count and their
/// sum): below it, sums of counts are exact in a double.
inline constexpr int64_t kMaxStatsCount = int64_t{1} << 50;
/// The ceiling of |elo0|, |elo1| of an SPRT.
inline constexpr double kMaxSprtElo = 1000.0;

/// A figure and its 95 % interval.
struct Interval {
  /// @{
  double value = 0, low = 0, high = 0;  ///< the figure, the interval's ends
  /// @}
};

/// Games won, drawn and lost, from one unit's view.
struct Wdl {
  /// @{
  int64_t wins = 0, draws = 0, losses = 0;  ///< games won, drawn, lost
  /// @}
};

/// Game pairs by the first unit's pair score 0, 1/2, 1, 3/2, 2.
using Pentanomial = std::array<int64_t, 5>;

/// Elo (and interval) from single games (trinomial). InvalidArgument: a
/// negative count, a count or the sum above kMaxStatsCount.
absl::StatusOr<Interval> elo_from_wdl(int64_t wins, int64_t draws, int64_t losses);
/// Elo (and interval) from game pairs. InvalidArgument as elo_from_wdl.
absl::StatusOr<Interval> elo_from_pentanomial(const Pentanomial& counts);

/// An SPRT's hypotheses and error rates.
struct SprtTest {
  /// @{
  double elo0 = 0, elo1 = 0;  ///< H0 and H1, logistic Elo; elo0 < elo1
  /// @}
  double alpha = 0.05;        ///< false positive rate (accept H1 when H0 holds)
  double beta = 0.05;         ///< false negative rate (accept H0 when H1 holds)
};

/// What an SPRT decided so far.
enum class SprtDecision {
  kContinue = 0,  ///< lower < llr < upper: play on
  kAcceptH0 = 1,  ///< llr <= lower
  kAcceptH1 = 2   ///< llr >= upper
};

/// An SPRT's state: the log-likelihood ratio, Wald's bounds, the decision.
struct SprtResult {
  /// @{
  double llr = 0, lower = 0, upper = 0;  ///< the ratio; ln(beta / (1 - alpha)), ln((1 - beta) / alpha)
  /// @}
  SprtDecision decision = SprtDecision::kContinue;  ///< H0 at llr <= lower, H1 at >= upper
};

/// OK, or InvalidArgument naming the field: elo0, elo1 not finite or beyond
/// ±kMaxSprtElo, elo0 >= elo1, alpha or beta not in (0, 1), alpha + beta >= 1.
absl::Status check_sprt(const SprtTest& test);
/// The SPRT on game pairs. InvalidArgument: check_sprt's, and the counts'
/// of elo_from_pentanomial.
absl::StatusOr<SprtResult> sprt(const SprtTest& test, const Pentanomial& counts);

/// One player's figures over the games added.
struct PlayerStats {
  int64_t games = 0;  ///< games it played
  /// Win: its unit alone in place 1; draw: place 1 shared with an opponent;
  /// loss: any other place.
  /// @{
  int64_t wins = 0, draws = 0, losses = 0;
  /// @}
  Interval place;  ///< mean place (1 = best)
};

/// How i did against j over the games in which they were opponents.
struct PairScore {
  int64_t games = 0;  ///< games in which i and j were opponents
  double score = 0;   ///< i's points over j: 1 above, 1/2 level, 0 below
};

/// The results of a match, added game by game in any order (games played at
/// once finish out of order). Memory: one byte per game index up to the
/// largest added (at most kMaxMatchGames), plus a few counters per player
/// and pair of players.
class MatchStats {
 public:
  /// InvalidArgument unless 2 <= players <= 6.
  static absl::StatusOr<MatchStats> create(int players);

  /// One finished game: places_by_player[i] is player i's place (1 = best,
  /// equal = shared; 1..players); team_by_player is empty (no teams) or one
  /// team id (0..players-1) per player, partners sharing an id (and a place).
  /// Errors change nothing: OutOfRange for game_index not in
  /// [0, kMaxMatchGames); InvalidArgument (saying which player) for a size
  /// other than players, a place or a team id out of range, partners with
  /// different places, every player in one team; FailedPrecondition when
  /// game_index was added before.
  absl::Status add(int64_t game_index, std::span<const int> places_by_player,
                   std::span<const int> team_by_player = {});

  /// The number of players.
  int players() const { return players_; }
  /// The number of games added.
  int64_t games() const { return games_; }
  /// Whether every game added had exactly two units (true with no games).
  bool two_units() const { return two_units_; }

  /// OutOfRange unless 0 <= player < players() (and j likewise).
  /// @{
  absl::StatusOr<PlayerStats> player(int player) const;
  absl::StatusOr<PairScore> pairwise(int i, int j) const;
  /// @}

  /// Player 0's score in [0, 1]: per game the mean of its scores against its
  /// opponents (with two units: win 1, draw 1/2, loss 0), over the games.
  Interval score() const;
  /// The Elo of score() (clamped as at the top).
  Interval elo() const;

  /// Two-unit figures from player 0's unit's view; FailedPrecondition unless
  /// two_units(). The pentanomial counts only pairs whose two games are in.
  /// @{
  absl::StatusOr<Wdl> wdl() const;
  absl::StatusOr<Pentanomial> pentanomial() const;
  /// @}
  /// The SPRT on pentanomial(): check_sprt's errors, then FailedPrecondition
  /// unless two_units().
  absl::StatusOr<SprtResult> sprt(const SprtTest& test) const;

 private:
  explicit MatchStats(int players);

  int players_ = 0;
  int64_t games_ = 0;
  bool two_units_ = true;
  /// By game index: 0 not added, 1 + player 0's two-unit score in half
  /// points (1 loss, 2 draw, 3 win), 4 added with more than two units.
  std::vector<uint8_t> results_;
  Wdl wdl_;
  Pentanomial pentanomial_{};
  double score_sum_ = 0, score_sq_ = 0;
  struct PlayerSums {
    int64_t wins = 0, draws = 0, losses = 0;
    double place_sum = 0, place_sq = 0;
  };
  std::vector<PlayerSums> sums_;
  std::vector<PairScore> pairs_;  ///< [i * players + j]
};

}  // namespace sternhalma

#endif  // STERNHALMA_MATCH_STATS_H_
