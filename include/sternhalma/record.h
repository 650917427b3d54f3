// record.h — game records (SPEC §8): whitespace-separated tokens, the preset
// id, the first seat's letter, then one token per turn in order: a move (its
// path, or from-to), `pass`, or an action of any seat at any point
// (`X:resign`, `X:flag`). The writer includes every pass; the reader accepts
// records with the automatic passes left out. A flag that makes the table
// play a move (004) is written as `X:flag` alone: replay plays the same move.
#ifndef STERNHALMA_RECORD_H_
#define STERNHALMA_RECORD_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "sternhalma/game.h"
#include "sternhalma/rules.h"

namespace sternhalma {

// The ceiling of read_record: a record of more bytes is rejected before any
// work ("record: N bytes, more than the 1048576 a record may have"), so a
// hostile file costs at most a few times this in memory and well under a
// second (figures: tests/README.md, "Ceilings"). A whole game of the longest
// presets (1200 turns of table-6) writes a few tens of kB.
inline constexpr size_t kMaxRecordBytes = size_t{1} << 20;

// The record of a game so far: tokens separated by spaces, a line break
// every `per_line` turn tokens (0: one line), and a final newline.
std::string write_record(const Game& game, int per_line = 10);

// Replays a record of a preset. A record is text: a NUL byte is an error
// that says where it is. Errors name the token number (1-based, the
// preset id is token 1) and what is wrong: "record token 7 'm1-m5': ..." (the token
// quoted, cut and escaped as every echoed input is).
absl::StatusOr<Game> read_record(std::string_view text);
// The same under a custom table; the record's first token must be rules.id.
absl::StatusOr<Game> read_record(std::string_view text, const Rules& rules);

// Plays a record's turn tokens (what follows its first two: a move's path or
// from-to, `pass`, `X:resign`, `X:flag`) on `game`, as read_record does: a
// `pass` matches an automatic pass the game played (and may be left out),
// anything else is an action of the game. Stops at the first bad token:
// "<label> N 'tok': why", N = first_number for tokens[0] and counting on;
// the actions before it stay played. A record read in pieces passes
// `matched`: the history entries the tokens before these matched (0 for a
// new game), updated to count these when all are played; without it every entry of the game's
// history counts as matched.
absl::Status play_record_tokens(Game& game, const std::vector<std::string_view>& tokens,
                                std::string_view label, size_t first_number, size_t* matched = nullptr);

}  // namespace sternhalma

#endif  // STERNHALMA_RECORD_H_
