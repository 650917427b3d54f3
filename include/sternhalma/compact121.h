/// @file
/// compact121.h — COMPACT121, the CCERL ladder's board text (rule book §11).
///
/// COMPACT121: one character per cell index 0..120: '.' empty, '0' player 0
/// (seat W, point 0), '1' player 1 (seat K, point 3). CCERL's cell id i is the
/// library's cell index i (cell.h), so the text is the board in index order.
/// The side to move and the turns played travel beside it, as CCERL's
/// `player` (0 or 1) and `ply`; a Position keeps the round (completed turns of
/// every seat), so round = ply / 2 and the ply is given back by
/// compact121_ply().
///
/// The text carries two seats and no kings, so it is defined for a two-seat
/// table on points 0 and 3 without kings (ccerl-2, classic-2, table-2, ...);
/// any other table is an InvalidArgument saying so.
#ifndef STERNHALMA_COMPACT121_H_
#define STERNHALMA_COMPACT121_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "sternhalma/position.h"
#include "sternhalma/rules.h"

namespace sternhalma {

/// The text's length: one character a cell.
inline constexpr size_t kCompact121Size = kNumCells;
/// The largest ply from_compact121 takes: the last ply whose round (ply / 2)
/// a Position carries (kMaxRound).
inline constexpr int kMaxCompact121Ply = 2 * kMaxRound + 1;

/// Whether COMPACT121 can state positions of `rules`: ok, or an
/// InvalidArgument naming what the table has that the text cannot carry.
absl::Status check_compact121_table(const Rules& rules);

/// The position of `cells` under `rules` (validated, presets.h), `player` to
/// move (0 = seat W, 1 = seat K) after `ply` turns. The seat that moves at
/// ply n is the table's first seat for even n and the other for odd n, so
/// `player` and `ply` must agree. Errors (InvalidArgument, nothing built):
///   "compact121: rules <id> ...": the table is not one the text can carry;
///   "compact121 cells: 120 characters, expected 121";
///   "compact121 cell 57: 'x' is not '.', '0' or '1'";
///   "compact121 cells: 11 pieces of player 0 (seat W), the table has 10";
///   "compact121 player 2: not 0 or 1";
///   "compact121 ply -1: not in 0..2000000001";
///   "compact121 player 1 at ply 8: under <id> seat W moves at even plies".
/// Work is bounded by the text's fixed length: a longer text is refused
/// before any is read.
absl::StatusOr<Position> from_compact121(const Rules& rules, std::string_view cells,
                                         int player, int ply);

/// The cells of a two-seat W/K position (its table passes
/// check_compact121_table; precondition).
std::string to_compact121(const Position& pos);

/// The CCERL `player` of pos: 0 when W is to move, 1 when K is.
int compact121_player(const Position& pos);
/// The CCERL `ply` of pos: turns played, 2 * round plus one when the seat to
/// move is not the table's first seat.
long long compact121_ply(const Position& pos);

}  // namespace sternhalma

#endif  // STERNHALMA_COMPACT121_H_
