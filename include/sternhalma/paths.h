/// @file
/// paths.h — the routes a move can take (for display and for notation).
///
/// rule book §3: a move is (from, to); its canonical path is the step when a step
/// reaches `to`, else the chain with the fewest jumps, ties broken by the
/// smallest sequence of cell indices. Every chain can also be listed, bounded
/// by the caller and by a hard ceiling since their number grows exponentially.
#ifndef STERNHALMA_PATHS_H_
#define STERNHALMA_PATHS_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sternhalma/cell.h"
#include "sternhalma/move.h"
#include "sternhalma/movegen.h"  // jump_landings, the hop a path is made of
#include "sternhalma/position.h"

namespace sternhalma {

/// Cells from the marble's start to its destination, both included.
using Path = std::vector<Cell>;

/// The canonical path of a legal move of the marble on m.from; empty when the
/// move is not legal for that marble's owner.
Path canonical_path(const Position& pos, Move m);

/// Why all_paths left routes out.
enum class Truncation : uint8_t {
  kNone,     ///< every route is listed
  kLimit,    ///< there are more routes than the caller's limit
  kCeiling,  ///< the search stopped at a ceiling below; more routes may exist
};

/// The ceilings of all_paths, whatever the caller's limit: routes returned,
/// and hops tried by the search (a route count grows exponentially with the
/// board's density: a dense board has millions of routes for one move, and a
/// search can wander long between two finds). With them one call stays under
/// about 20 MB and 0.5 s (tests/README.md has the measured worst cases).
/// @{
inline constexpr size_t kMaxPaths = 100'000;
inline constexpr long kMaxPathHops = 10'000'000;
/// @}

/// Every distinct route of the move: the step first when it is one, then the
/// jump chains in lexicographic order of their cell indices; at most
/// min(limit, kMaxPaths). *truncated (optional) tells whether and why routes
/// were left out. Empty when the move is not legal.
std::vector<Path> all_paths(const Position& pos, Move m, size_t limit,
                            Truncation* truncated = nullptr);

}  // namespace sternhalma

#endif  // STERNHALMA_PATHS_H_
