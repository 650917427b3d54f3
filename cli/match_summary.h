// match_summary.h — the figures of a match, summed game by game in
// schedule order: the library's MatchStats (match_stats.h: W/D/L, places,
// Elo, pentanomial pairs, SPRT; teams as units) plus what only the runner
// knows (thinking time, forfeits), printed as text or as one JSON object.
#ifndef STERNHALMA_CLI_MATCH_SUMMARY_H_
#define STERNHALMA_CLI_MATCH_SUMMARY_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "match_options.h"
#include "referee.h"
#include "sternhalma/match_stats.h"

namespace sternhalma::cli {

class MatchSummary {
 public:
  explicit MatchSummary(const Options& o);
  // One game; an error when the library refuses its places.
  absl::Status add(const GameResult& r);
  int64_t games() const { return stats_->games(); }
  // The SPRT of --sprt on the pairs so far (nullopt without --sprt).
  std::optional<SprtResult> sprt() const;
  // Text (the usage's format) or JSON on stdout; `sprt_stop`: the match
  // stopped because the test decided.
  void print_text(bool sprt_stop) const;
  void print_json(bool sprt_stop) const;

 private:
  const Options& o_;
  std::optional<MatchStats> stats_;
  std::vector<double> ms_;
  std::vector<long long> moves_;
  std::vector<std::map<std::string, int>> forfeits_;  // per player: reason -> count
};

// The team ids MatchStats takes for a game's seats (empty without teams):
// partners (opposite points) share an id, the index of the lower seat's
// place among the played seats.
std::vector<int> teams_of(const Options& o, const std::vector<Seat>& seats);

}  // namespace sternhalma::cli

#endif  // STERNHALMA_CLI_MATCH_SUMMARY_H_
