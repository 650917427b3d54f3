/// @file
/// notation.h — moves as text (rule book §8): the marble's path, cells joined by
/// '-' ("l2-l3", "m1-m3-k5"); "from-to" is accepted for a chain that is a
/// legal move. Parsing checks every hop against the position, and errors say
/// which hop is wrong: "m1-m5: m5 is not a jump landing from m1".
#ifndef STERNHALMA_NOTATION_H_
#define STERNHALMA_NOTATION_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "sternhalma/move.h"
#include "sternhalma/paths.h"
#include "sternhalma/position.h"

namespace sternhalma {

/// A move read from text, with the path it was read from.
struct ParsedMove {
  Move move;  ///< the move the text names
  Path path;  ///< as written when a full path was given, else the canonical one
};

/// Parses `text` as a move of `mover`'s marbles (the seat to move by default);
/// at most kMaxTextBytes (text.h) of text.
/// @{
absl::StatusOr<ParsedMove> parse_move(const Position& pos, std::string_view text);
absl::StatusOr<ParsedMove> parse_move(const Position& pos, std::string_view text, Seat mover);
/// @}

/// A path as text: its cells' names joined by '-' ("m1-m3-k5").
std::string format_path(const Path& path);
/// The canonical path of a legal move as text; "" when the move is illegal.
std::string format_move(const Position& pos, Move m);

}  // namespace sternhalma

#endif  // STERNHALMA_NOTATION_H_
