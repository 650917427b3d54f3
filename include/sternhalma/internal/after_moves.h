// internal/after_moves.h — how many moves a seat has after each move of
// another seat, without playing them: perft's last two plies, and under long
// jumps its third from the end too (lib/perft.cpp).
//
// Why: a bulk-counting perft spends most of its time counting the moves of
// the seat that moves after each move of a list. One move of another seat
// changes two cells, so the count changes only near them: steps into the two
// cells, and the jump chains of the marbles whose flood passed within two
// cells of them (a chain's jumps over or onto a cell start at most two cells
// away). Everything else is counted once for the whole list. A king's jumps
// reach along whole lines: its destinations are found afresh for a move that
// changes a cell its flood read (internal/king_flood.h). Long jumps reach along
// whole lines too, but a marble's chains read only the lines through its
// origin and the cells it reaches: when the move changed one of them, the
// jumps along it are compared before and after, and the chains found again
// only if one differs: grown from the new landings when the move only added
// jumps, afresh otherwise (lib/after_moves_long.cpp).
#ifndef STERNHALMA_INTERNAL_AFTER_MOVES_H_
#define STERNHALMA_INTERNAL_AFTER_MOVES_H_

#include <cstdint>

#include "sternhalma/bits.h"
#include "sternhalma/move.h"
#include "sternhalma/position.h"

namespace sternhalma::internal {

class AfterMoves {
 public:
  // Whether the counts apply: `next` is not the seat that moves first (its
  // marbles stay where they are), under a jump rule they know. Under strict
  // goal lock they know standard jumps only (the long and king chains are
  // counted by playing the moves).
  static bool applies(const Position& pos, Seat mover, Seat next);

  // The moves of `next` in pos, counted once. Under long jumps, `board`
  // (counts of another seat in the same position) lends its line words.
  AfterMoves(const Position& pos, Seat next, const AfterMoves* board = nullptr);

  // count_moves(pos after m, next), for a move m of another seat.
  int count(Move m) const;

  // Under long jumps, the counts can also follow one move of any seat
  // (perft's third ply from the end): the seat's floods that the move may
  // change are found afresh, the others kept. `pos` is the position after m,
  // `before` the counts of the same seat before it.
  // Not under strict goal lock, whose long chains perft plays.
  static bool follows(const Position& pos) {
    return pos.rules().jumps == JumpRule::kLong && pos.rules().goal_lock != GoalLock::kStrict;
  }
  AfterMoves(const AfterMoves& before, const Position& pos, Move m);
  Seat seat() const { return seat_; }
  // Under long jumps, the seat's moves in the position counted (generate's,
  // in another order), from the floods at hand.
  void moves(MoveList& list) const;

  // Under long jumps, perft's third ply from the end counts a seat after the
  // same move m of the seat before it once for every move m0 of the seat
  // before that: most marbles' chain ends after m do not depend on m0. A
  // Memo, made for one position P (the one before m0), keeps a marble's
  // chain ends after m with the lines its flood read; after an m0 that
  // changed none of those lines the flood is the same (it reads the same
  // words), and the ends are reused instead of compared or flooded again.
  // Ends found after an m0 that changed one of their lines are not kept.
  class Memo {
   public:
    Memo();
    // The move m0 that the counts to come follow (from P).
    void after(Move m0);
    // How many counts of a marble the memo gave (for tests and benchmarks).
    long long hits() const { return hits_; }

   private:
    friend class AfterMoves;
    struct Entry {
      uint32_t key;  // 0: empty; else 1 + the marble's cell, m's cells (7 bits each)
      int ends;
      uint64_t lines;  // the lines its flood read (a line set)
    };
    static constexpr int kBits = 9;  // 512 entries, direct-mapped: a clash only loses a memo
    static uint32_t key(Cell marble, Move m) {
      return 1 + (static_cast<uint32_t>(marble) | static_cast<uint32_t>(m.from) << 7 |
                  static_cast<uint32_t>(m.to) << 14);
    }
    Entry& slot(uint32_t key) { return e_[(key * 0x9E3779B1u) >> (32 - kBits)]; }
    uint64_t lines0_ = 0;  // the lines m0 changed
    long long hits_ = 0;
    Entry e_[1 << kBits];
  };
  // count(m), taking chain ends from `memo` and keeping them there when it
  // can. This must count the same seat as when the memo was filled, in P
  // after the move last given to memo->after. nullptr: count(m).
  int count(Move m, Memo* memo) const;

 private:
  struct Marble {
    uint64_t start, reach;  // in class k: the marble, and its flood (before the end mask)
    uint64_t lines;         // long jumps: the lines through its origin and its reach (a line set)
    Cell cell;              // long jumps: where it stands
    int k, ends;            // its class, and how many chain ends it has
    bool locked;            // in its goal under goal lock
  };
  // Of class k, the cells where marble m may end a move: under goal lock a
  // marble that starts in its goal ends there (zones.h's Targets::end_from).
  uint64_t goal_mask(const Marble& m, int k) const { return m.locked ? goal_.w[k] : ~uint64_t{0}; }
  template <bool kKing, bool kStrict>
  int count(Move m) const;
  [[gnu::noinline]] int count_strict(Move m) const;  // count<false, true>, out of line
  template <bool kStrict>
  void flood_marbles(const uint64_t e[4][6]);
  [[gnu::noinline]] void flood_marbles_strict(const uint64_t e[4][6]);
  [[gnu::noinline]] int king_count_after(Cell f, Cell t, bool king_moves, const uint64_t land[4],
                                         const uint64_t end[4]) const;
  // When f empties and t fills: how the steps of the seat's marbles (but the
  // king) change, and the land and end words after it.
  int step_change(Cell f, Cell t) const;
  void words_after(Cell f, Cell t, uint64_t land[4], uint64_t end[4]) const {
    const auto& L = kLayout;  // here, so that count's hot loop inlines it
    for (int k = 0; k < 4; ++k) land[k] = land_[k], end[k] = end_[k];
    const uint64_t bf = uint64_t{1} << L.bit[f], bt = uint64_t{1} << L.bit[t];
    land[L.cls[f]] |= bf & ~no_land_.w[L.cls[f]];
    end[L.cls[f]] |= bf & ~no_end_.w[L.cls[f]];
    land[L.cls[t]] &= ~bt;
    end[L.cls[t]] &= ~bt;
  }
  // Long jumps (lib/after_moves_long.cpp).
  void init_long(const Position& pos, const AfterMoves* board);
  void flood_long(int i, Cell c, const uint64_t line_occ[]);
  int long_steps(const Marble& m) const;
  template <bool kMemo>
  int count_long(Move m, Memo* memo) const;
  enum LongChange { kKept, kAdded, kOther };
  [[gnu::always_inline]] LongChange long_change(int i, uint64_t changed, const uint64_t after[64],
                                                uint64_t& seeds) const;
  Seat seat_;
  bool king_rule_, long_rule_;
  Bits occ_, kings_;  // under the king rule
  Bits movers_;       // the seat's marbles but its king
  Cell king_;         // the seat's king, or kNoCell
  // The king's destinations before the move, and the cells its flood read:
  // a move that changes none of them leaves the count as it is.
  int king_ends_ = 0;
  Bits king_read_, king_goal_;  // and the cells it may end on (goal lock)
  Bits no_land_, no_end_, goal_;
  Bits beside_;  // the cells next to the seat's marbles (but the king): steps end there
  bool goal_lock_;  // yes or strict: a marble in its goal ends there
  bool strict_;     // strict: no jump out of the goal (walk.h's flood_strict)
  bool king_or_strict_;  // count's one test for its two rarer ways
  uint64_t land_[4], end_[4], pivots_[4];
  int steps_ = 0, n_ = 0;
  Marble m_[15];  // a seat has at most 15 marbles (Position checks it)
  // The marbles by class: m_[first, last), the union of their floods and
  // starts, their chain ends (one test passes over a class no move comes
  // near).
  struct Class {
    uint64_t reach = 0;
    int ends = 0, first = 0, last = 0;
  } cls_[4];
  // Long jumps: every line's occupancy word, walls set (internal/lines.h); for
  // each line the marbles whose flood read it (bit i: m_[i]); for each marble
  // and each line in its Marble::lines, the bits of the cells its flood
  // expanded on that line; and the chain ends of all marbles.
  uint64_t line_occ_[64];
  uint16_t on_line_[64];
  uint64_t expanded_[15][64];
  int long_ends_ = 0;
};

}  // namespace sternhalma::internal

#endif  // STERNHALMA_INTERNAL_AFTER_MOVES_H_
