// paths.h — the routes a move can take (for display and for notation).
//
// SPEC §3: a move is (from, to); its canonical path is the step when a step
// reaches `to`, else the chain with the fewest jumps, ties broken by the
// smallest sequence of cell indices. Every chain can also be listed, bounded
// by the caller since their number can grow exponentially.
#ifndef STERNHALMA_PATHS_H_
#define STERNHALMA_PATHS_H_

#include <cstddef>
#include <vector>

#include "sternhalma/cell.h"
#include "sternhalma/move.h"
#include "sternhalma/position.h"

namespace sternhalma {

// Cells from the marble's start to its destination, both included.
using Path = std::vector<Cell>;

// The cells a jump from x lands on, for a marble that started on `origin`
// (which is empty during the chain), under the owner's jump and zone rules,
// in ascending cell order. Up to six.
int jump_landings(const Position& pos, Cell origin, Cell x, Cell out[6]);

// The canonical path of a legal move of the marble on m.from; empty when the
// move is not legal for that marble's owner.
Path canonical_path(const Position& pos, Move m);

// Every distinct route of the move: the step first when it is one, then the
// jump chains in lexicographic order of their cell indices; at most `limit`.
// *truncated (optional) tells whether routes were left out. Empty when the
// move is not legal.
std::vector<Path> all_paths(const Position& pos, Move m, size_t limit,
                            bool* truncated = nullptr);

}  // namespace sternhalma

#endif  // STERNHALMA_PATHS_H_
