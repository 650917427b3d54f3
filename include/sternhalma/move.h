/// @file
/// move.h — a move is a (from, to) pair; the route it takes is not part of it.
///
/// rule book §3: different chains to the same cell give the same position and are
/// one move. Paths (for display and notation) live in paths.h.
#ifndef STERNHALMA_MOVE_H_
#define STERNHALMA_MOVE_H_

#include <array>
#include <cassert>
#include <cstdint>

#include "sternhalma/cell.h"

namespace sternhalma {

/// A move (rule book §3): the cell a marble leaves and the cell it ends on.
struct Move {
  /// @{
  uint8_t from, to;  ///< no initialisers: a MoveList of them costs nothing to make
  /// @}

  Move() = default;  ///< Move{} is (0, 0), the "no move" of a player that must pass
  /// From cell indices; both must be on the board (checked in debug builds).
  constexpr Move(Cell f, Cell t) : from(static_cast<uint8_t>(f)), to(static_cast<uint8_t>(t)) {
    assert(f >= 0 && f < kNumCells && t >= 0 && t < kNumCells);
  }
  /// Equal when both cells are.
  constexpr bool operator==(const Move&) const = default;
  /// Ordering by (from index, to index): the order of every sorted listing.
  constexpr auto operator<=>(const Move&) const = default;
};

/// Enough for any position: at most 15 marbles times 106 free cells.
inline constexpr int kMaxMoves = 15 * 106;

/// A fixed-capacity list that lives on the stack of a search.
class MoveList {
 public:
  /// Appends m; the list must hold fewer than kMaxMoves moves.
  void push(Move m) { m_[n_++] = m; }
  /// Empties the list.
  void clear() { n_ = 0; }
  /// The number of moves.
  int size() const { return n_; }
  /// Whether there is no move.
  bool empty() const { return n_ == 0; }
  /// Move i (0 .. size() - 1).
  const Move& operator[](int i) const { return m_[i]; }
  /// @{
  /// The moves as a range, in the order they were pushed.
  Move* begin() { return m_.data(); }
  Move* end() { return m_.data() + n_; }
  const Move* begin() const { return m_.data(); }
  const Move* end() const { return m_.data() + n_; }
  /// @}

 private:
  std::array<Move, kMaxMoves> m_;
  int n_ = 0;
};

}  // namespace sternhalma

#endif  // STERNHALMA_MOVE_H_
