// record.h — game records (SPEC §8): whitespace-separated tokens, the preset
// id, the first seat's letter, then one token per turn in order: a move (its
// path, or from-to), `pass`, or an action of any seat at any point
// (`X:resign`, `X:flag`). The writer includes every pass; the reader accepts
// records with the automatic passes left out. A flag that makes the table
// play a move (004) is written as `X:flag` alone: replay plays the same move.
#ifndef STERNHALMA_RECORD_H_
#define STERNHALMA_RECORD_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "sternhalma/game.h"
#include "sternhalma/rules.h"

namespace sternhalma {

// The record of a game so far: tokens separated by spaces, a line break
// every `per_line` turn tokens (0: one line), and a final newline.
std::string write_record(const Game& game, int per_line = 10);

// Replays a record of a preset. Errors name the token number (1-based, the
// preset id is token 1) and what is wrong: "record token 7 (m1-m5): ...".
absl::StatusOr<Game> read_record(std::string_view text);
// The same under a custom table; the record's first token must be rules.id.
absl::StatusOr<Game> read_record(std::string_view text, const Rules& rules);

}  // namespace sternhalma

#endif  // STERNHALMA_RECORD_H_
