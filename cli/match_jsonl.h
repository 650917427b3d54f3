// match_jsonl.h — one JSON line per game (--jsonl FILE), and reading such a
// file back for --resume.
//
// A line (keys in this order; `game` counts from 1, as the progress lines
// and record files do; per-player arrays are in --players order):
//   {"game": 3, "players": ["expert", "toy"], "seats": ["K", "W"],
//    "opening": null | 1 (its number in --openings, from 1),
//    "places": [1, 2], "end": "all-placed" | ... | "turn-cap",
//    "reason": the first forfeit's reason, else `end`,
//    "turns": 117, "moves": [59, 58], "ms": [412.5, 3080], "ms_per_move": [6.992, 53.103],
//    "forfeits": [{"player": 2, "seat": "W", "reason": "crash", "detail": "..."}],
//    "match": "<Options::identity()>"}
// `ms` is each player's thinking time in the game: CPU time for a built-in
// player, wall time for an engine; `moves` the moves it was asked for;
// `ms_per_move` the one over the other (--resume reads `ms` and `moves`).
#ifndef STERNHALMA_CLI_MATCH_JSONL_H_
#define STERNHALMA_CLI_MATCH_JSONL_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "match_options.h"
#include "referee.h"

namespace sternhalma::cli {

// The line of a game, with its '\n'.
std::string jsonl_line(const Options& o, const GameResult& r);

struct JsonlFile {
  std::vector<GameResult> games;  // in file order
  // The bytes up to the end of the last complete line: an interrupted run
  // may have left half a line, which --resume cuts off.
  long long complete_bytes = 0;
};

// Reads FILE for --resume: every line must be a game of this match (its
// `match` is o.identity()), within --games-range, and no game twice.
// A missing file is an empty run. Errors name the line and what is wrong.
absl::StatusOr<JsonlFile> read_jsonl(const std::string& path, const Options& o);

}  // namespace sternhalma::cli

#endif  // STERNHALMA_CLI_MATCH_JSONL_H_
