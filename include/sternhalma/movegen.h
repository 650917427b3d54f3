// movegen.h — legal move generation (SPEC §3).
//
// The rules that apply to a marble are always those of its owner (its zones,
// its goal), which is what SPEC §5 asks when a finished partner moves the
// other's marbles. Which cells a move may land on and end on comes from
// zones.h; how the generator is built (parity-class bitboards, flood fills,
// ray tables) is private to lib/movegen.cpp, and bench/README.md explains
// why it is fast.
#ifndef STERNHALMA_MOVEGEN_H_
#define STERNHALMA_MOVEGEN_H_

#include <vector>

#include "sternhalma/bits.h"
#include "sternhalma/cell.h"
#include "sternhalma/geometry.h"
#include "sternhalma/move.h"
#include "sternhalma/position.h"
#include "sternhalma/zones.h"

namespace sternhalma {

// Appends every legal move of `mover`'s marbles to `list`, in no particular
// order (but always the same order for the same position).
void generate(const Position& pos, Seat mover, MoveList& list);
inline void generate(const Position& pos, MoveList& list) { generate(pos, pos.to_move(), list); }

// How many legal moves `mover` has (the leaves of a bulk-counting perft).
int count_moves(const Position& pos, Seat mover);
inline int count_moves(const Position& pos) { return count_moves(pos, pos.to_move()); }

// Whether `mover` has a legal move (stops at the first marble that has one).
bool has_move(const Position& pos, Seat mover);

// Every legal move of `mover`, sorted by (from, to) cell index.
std::vector<Move> legal_moves(const Position& pos, Seat mover);
inline std::vector<Move> legal_moves(const Position& pos) {
  return legal_moves(pos, pos.to_move());
}

// The destinations of the marble on `from` under its owner's rules (empty
// when no marble stands there).
Bits destinations(const Position& pos, Cell from);

// Whether m moves one of `mover`'s marbles to one of its destinations.
bool is_legal(const Position& pos, Seat mover, Move m);

// The cells one jump from x lands on, for the marble that started on `origin`
// (empty during its chain), under the owner's jump and zone rules, in
// ascending cell order; up to six. A chain is a walk over these hops: paths
// and notation use it where they need the order of the cells.
int jump_landings(const Position& pos, Cell origin, Cell x, Cell out[kNumDirs]);

}  // namespace sternhalma

#endif  // STERNHALMA_MOVEGEN_H_
