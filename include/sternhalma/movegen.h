/// @file
/// movegen.h — legal move generation (rule book §3).
///
/// The rules that apply to a marble are always those of its owner (its zones,
/// its goal), which is what rule book §5 asks when a finished partner moves the
/// other's marbles. Which cells a move may land on and end on comes from
/// zones.h; how the generator is built (parity-class bitboards, flood fills,
/// line words) is private to internal/walk.h and the files built on it
/// (lib/movegen.cpp, lib/move_set.cpp, lib/after_moves.cpp), and
/// bench/README.md explains why it is fast.
#ifndef STERNHALMA_MOVEGEN_H_
#define STERNHALMA_MOVEGEN_H_

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "sternhalma/bits.h"
#include "sternhalma/cell.h"
#include "sternhalma/geometry.h"
#include "sternhalma/move.h"
#include "sternhalma/position.h"
#include "sternhalma/zones.h"

namespace sternhalma {

/// Appends every legal move of `mover`'s marbles to `list`, in no particular
/// order (but always the same order for the same position).
/// @{
void generate(const Position& pos, Seat mover, MoveList& list);
inline void generate(const Position& pos, MoveList& list) { generate(pos, pos.to_move(), list); }
/// @}

/// How many legal moves `mover` has (the leaves of a bulk-counting perft).
/// @{
int count_moves(const Position& pos, Seat mover);
inline int count_moves(const Position& pos) { return count_moves(pos, pos.to_move()); }
/// @}

/// Whether `mover` has a legal move (stops at the first marble that has one).
bool has_move(const Position& pos, Seat mover);

/// Every legal move of `mover`, sorted by (from, to) cell index.
/// @{
std::vector<Move> legal_moves(const Position& pos, Seat mover);
inline std::vector<Move> legal_moves(const Position& pos) {
  return legal_moves(pos, pos.to_move());
}
/// @}

/// The destinations of the marble on `from` under its owner's rules (empty
/// when no marble stands there).
Bits destinations(const Position& pos, Cell from);

/// Whether m moves one of `mover`'s marbles to one of its destinations.
bool is_legal(const Position& pos, Seat mover, Move m);

/// The cells one jump from x lands on, for the marble that started on `origin`
/// (empty during its chain), under the owner's jump and zone rules and
/// strict goal lock (no hop out of the goal), in ascending cell order; up to
/// six. A chain is a walk over these hops: paths
/// and notation use it where they need the order of the cells.
int jump_landings(const Position& pos, Cell origin, Cell x, Cell out[kNumDirs]);

/// The moves of a seat as words (for the game layer).
///
/// The legal moves of one seat as the generator finds them, without a list:
/// the step targets of the seat's marbles as one word per parity class and
/// direction, and one word per marble's chain ends (per class, for long
/// jumps and the king), in the order generate() lists them. The game keeps
/// one for the seat to move. Filling it is a store per word and a popcount;
/// the k-th move of generate()'s order skips the classes of marbles before
/// it by their move counts, then walks over the words' popcounts;
/// membership reads the step word of the move's direction and the marble's
/// own words (found by index). No move is written out.
class MoveSet {
 public:
  /// An empty set.
  MoveSet() { clear(); }
  /// The number of moves.
  int size() const { return size_; }
  /// Whether there is no move.
  bool empty() const { return size_ == 0; }
  /// Empties the set.
  void clear() {
    n_ = pre_ = size_ = 0;
    step_ = {};
    chain_end_ = {};
    class_size_ = {};
  }
  /// Whether m is one of the moves.
  bool contains(Move m) const;
  /// The k-th move of generate()'s list for the same position (0 <= k < size()).
  Move operator[](int k) const;
  /// Calls f(move) for every move, in generate()'s order (moves()[0], [1], ...),
  /// in one pass over the words: how a caller lists them all.
  template <class F>
  void for_each(F&& f) const;

 private:
  friend struct MoveSetSink;  ///< lib/move_set.cpp fills it
  /// Up to 15 chain words (standard), or 4 words per marble for long jumps
  /// (60) or the king.
  static constexpr int kMaxWords = 64;
  /// Calls f(bits, cls, dir, from) for each word in generate()'s order: the
  /// marble words of long jumpers and kings, then per class of the moving
  /// marbles its six step words (dir >= 0: the targets in class cls one step
  /// in direction dir from a marble) and its marbles' chain words (dir < 0).
  /// Stops when f returns true.
  template <class F>
  void words(F&& f) const;
  /// The target cells `bits` of class `cls` reached by the marble on `from`.
  struct Word {
    uint64_t bits;
    int8_t cls;
    uint8_t from;
  };
  std::array<std::array<uint64_t, kNumDirs>, 4> step_;  ///< [target class][dir]
  std::array<Word, kMaxWords> w_;  ///< marble words (pre_ of them), then chain words by class
  std::array<uint8_t, 4> chain_end_;  ///< [class of the marbles]: the end of its chain words in w_
  std::array<int, 4> class_size_;  ///< [class of the marbles]: the moves of its step and chain words
  std::array<uint8_t, kNumCells> first_word_{};  ///< a marble's first word (if it names that marble)
  int n_ = 0, pre_ = 0, size_ = 0;
};

/// Replaces `out` with the legal moves of `mover` (one generator walk).
void find_moves(const Position& pos, Seat mover, MoveSet& out);

template <class F>
void MoveSet::words(F&& f) const {
  int i = 0;
  for (; i < pre_; ++i)
    if (f(w_[i].bits, w_[i].cls, -1, w_[i].from)) return;
  for (int k = 0; k < 4; ++k) {
    for (int d = 0; d < kNumDirs; ++d) {
      const int q = internal::kGeo.step_cls[k][d];
      if (f(step_[q][d], q, d, 0)) return;
    }
    for (; i < chain_end_[k]; ++i)
      if (f(w_[i].bits, w_[i].cls, -1, w_[i].from)) return;
  }
}

template <class F>
void MoveSet::for_each(F&& f) const {
  words([&](uint64_t bits, int cls, int dir, int from) {
    for (uint64_t x = bits; x; x &= x - 1) {
      const Cell to = internal::kLayout.cell[cls][std::countr_zero(x)];
      f(Move(dir >= 0 ? neighbour(to, opposite(static_cast<Dir>(dir))) : Cell{from}, to));
    }
    return false;
  });
}

}  // namespace sternhalma

#endif  // STERNHALMA_MOVEGEN_H_
