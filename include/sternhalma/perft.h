/// @file
/// perft.h — counting move sequences, the movegen's proof of correctness,
/// and playing one move of such a sequence.
///
/// rule book §10: the number of move sequences of length n, each (from, to) once,
/// seats moving in turn order, no game rules. Our choices where the rule book is
/// silent (positions from mid-game): a played seat with no pieces on the board
/// is skipped, as the game skips eliminated seats (next_seat_with_pieces); a
/// seat with pieces but no legal move passes, which is one sequence (a pass is
/// a turn in rule book §4). The position's own seat to move is taken as given: with
/// no pieces it passes too. The last ply is bulk-counted, never generated.
#ifndef STERNHALMA_PERFT_H_
#define STERNHALMA_PERFT_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include <utility>
#include <vector>

#include "sternhalma/move.h"
#include "sternhalma/position.h"

namespace sternhalma {

/// The number of move sequences of length `depth` from `pos`; depth
/// 0..kMaxPerftDepth (asserted: the recursion keeps one move list per ply on
/// the stack; front ends check it with check_perft_depth).
uint64_t perft(Position pos, int depth);

/// The same count on up to `threads` threads (1..kMaxPerftThreads; more is
/// taken as the maximum). The tree is split at the root, or at the first two
/// plies when the root has few moves, and the subtrees are shared out as the
/// threads free up; the result is the same for every thread count.
/// @{
inline constexpr int kMaxPerftThreads = 256;
uint64_t perft(Position pos, int depth, int threads);
/// @}

/// The depths every front end takes (CLI, C ABI, bindings): perft
/// 0..kMaxPerftDepth, where perft(0) = 1 (the empty sequence); divide
/// 1..kMaxPerftDepth (it splits by the first move, so it needs one ply).
/// OutOfRange otherwise, with a message that says which range.
/// @{
inline constexpr int kMaxPerftDepth = 32;
absl::Status check_perft_depth(int depth, bool divide);
/// @}

/// perft(depth - 1) after each first move, sorted by (from, to); the counts
/// add up to perft(depth). When the seat to move has no legal move (none, or
/// no marbles) its pass is the one first "move", written Move{} (the no-move,
/// as a player that must pass returns it). Empty when depth < 1.
std::vector<std::pair<Move, uint64_t>> divide(Position pos, int depth);

/// What the front ends call (C ABI, CLI, bindings): perft and divide with the
/// depth checked and a ceiling on the work. Each ply multiplies the count by
/// about 15 to 30, so a depth the stack takes can still mean years; the call
/// stops with ResourceExhausted once more than max_leaves sequences are
/// counted (checked between subtrees of four plies: it may count one such
/// subtree past it). kMaxPerftLeaves is about 12 minutes of one core on
/// classic-2 (1.4 G sequences a second at depth 7: bench/README.md) and
/// admits classic-2 perft(8) (6.5 * 10^10) and long-jumps-2 perft(8).
/// OutOfRange for a depth (check_perft_depth) or threads not in
/// 1..kMaxPerftThreads.
/// @{
inline constexpr uint64_t kMaxPerftLeaves = 1'000'000'000'000;
absl::StatusOr<uint64_t> perft_within(Position pos, int depth, int threads = 1,
                                      uint64_t max_leaves = kMaxPerftLeaves);
absl::StatusOr<std::vector<std::pair<Move, uint64_t>>> divide_within(
    Position pos, int depth, uint64_t max_leaves = kMaxPerftLeaves);
/// @}

/// Plays a legal move of the seat to move in perft's turn order, with no game
/// rules: the next seat with marbles moves (next_seat_with_pieces), and the
/// round grows by one when the turn passes the table's first seat (the
/// round of rule book §8's position text: completed rounds). InvalidArgument for a
/// move that is not legal, ResourceExhausted when the round would pass
/// kMaxRound (the text's ceiling); either way `pos` is unchanged.
absl::Status play(Position& pos, Move m);

}  // namespace sternhalma

#endif  // STERNHALMA_PERFT_H_
