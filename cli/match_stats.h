// match_stats.h — the figures `sternhalma match` reports: per player wins,
// draws, losses and mean place, 95 % intervals and an Elo difference.
//
// Intervals are the normal approximation (mean ± 1.96 standard errors of the
// per-game values). The Elo difference is that of the first-named player
// against the others, from its score: per game the mean, over the other
// seats, of 1 when it placed above, ½ when level, 0 when below (two seats:
// win 1, draw ½, loss 0); Elo = 400 log10(s / (1 - s)), its interval the
// same formula at the score's interval ends. A score of 0 or 1 (and interval
// ends beyond) are clamped to half a game from the end, so every figure is
// finite.
#ifndef STERNHALMA_CLI_MATCH_STATS_H_
#define STERNHALMA_CLI_MATCH_STATS_H_

#include <string>
#include <vector>

namespace sternhalma::cli {

struct Interval {
  double value = 0, low = 0, high = 0;
};

struct PlayerTally {
  std::string name;
  int games = 0, wins = 0, draws = 0, losses = 0;
  double place_sum = 0, place_sq = 0;  // for the mean place and its interval
  double ms = 0;                       // time spent choosing moves
  long long moves = 0;
  double mean_place() const { return games ? place_sum / games : 0; }
  Interval place_interval() const;
};

class MatchTally {
 public:
  explicit MatchTally(std::vector<std::string> names);
  // One finished game: places[j] of player j (1 = best; equal = shared);
  // ms[j], moves[j]: its thinking time and moves.
  void add(const std::vector<int>& places, const std::vector<double>& ms,
           const std::vector<long long>& moves);
  int games() const { return games_; }
  const std::vector<PlayerTally>& players() const { return players_; }
  // The first player's score (0..1) and Elo against the others.
  Interval score() const;
  Interval elo() const;

 private:
  int games_ = 0;
  double score_sum_ = 0, score_sq_ = 0;
  std::vector<PlayerTally> players_;
};

}  // namespace sternhalma::cli

#endif  // STERNHALMA_CLI_MATCH_STATS_H_
