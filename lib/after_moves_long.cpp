// after_moves_long.cpp — AfterMoves under long jumps (internal/after_moves.h):
// the next seat's move count after each move of another seat, without
// playing it.
//
// A long-jumping marble's chain ends are the cells its breadth-first flood
// (walk.h's long_flood) reaches from its origin, each expanded cell's six
// jumps read off that cell's three line words. After a move f -> t of another
// seat the chain ends are the same if every expanded cell (the origin and the
// old chain ends) has the same six jumps as before: the flood then expands
// the same cells in the same order. A jump can differ only along a line
// through f or t, so only those are compared, before and after; the landing
// tests need nothing more (a landing on f, or no longer on t, is a jump that
// differs). Jumps that differ are rare (on perft from the start of
// long-jumps-2, a jump along such a line almost never changes); only then is
// the marble flooded again, on the board after the move: grown from the new
// landings when the move only added jumps (85 % of them on long-jumps-6's
// perft(3)), afresh when it took one away.
//
// The same argument lets the counts follow a move: perft builds them once
// three plies from the end and derives those of each child, flooding afresh
// only the marbles whose jumps the move changed (and the one that moved, if
// it was the seat's own). perft does so only when another seat moved: a
// seat's own move changes most of its floods (two seats: 5 of 9 at the
// start), and making them afresh is then cheaper.
//
// Three plies from the end the counted seat is counted after the same move
// m1 once for every move m0 before it, and on six seats one marble per m1 is
// flooded afresh each time. A flood reads only line words, so its chain ends
// after m1 are the same after every m0 that changed none of the lines it
// read: AfterMoves::Memo keeps them with those lines, and count takes them
// from it when it can (on long-jumps-6's perft(3), 374 of the 905 marbles a
// move came near; their comparisons and floods are skipped).
#include "sternhalma/internal/walk.h"  // first: its pragma must cover this file (walk.h)

#include <algorithm>

#include "sternhalma/internal/after_moves.h"

namespace sternhalma::internal {

void AfterMoves::init_long(const Position& pos, const AfterMoves* board) {
  const auto& T = kLines;
  assert(!board || board->long_rule_);
  if (board)
    std::copy(board->line_occ_, board->line_occ_ + T.count, line_occ_);
  else
    std::copy_n(LineBoard(pos.occupied()).occ, T.count, line_occ_);
  std::fill(on_line_, on_line_ + T.count, 0);
  movers_.for_each([&](Cell c) {
    assert(n_ < 15);
    const int i = n_++;
    flood_long(i, c, line_occ_);
    steps_ += long_steps(m_[i]);
    long_ends_ += m_[i].ends;
  });
}

// Marble m's steps: to the cells next to it where it may end a move.
int AfterMoves::long_steps(const Marble& m) const {
  int n = 0;
  for (int k = 0; k < 4; ++k) n += std::popcount(neighbours(m.cell).w[k] & end_[k] & goal_mask(m, k));
  return n;
}

// Marble i on c: its flood on the line words line_occ, its chain ends, and
// the cells the flood expands (the origin and the chain ends), line by line.
void AfterMoves::flood_long(int i, Cell c, const uint64_t line_occ[]) {
  Marble& m = m_[i];
  m.cell = c;
  m.k = kLay.cls[c];
  m.start = uint64_t{1} << kLay.bit[c];
  m.locked = goal_lock_ && goal_.test(c);
  uint64_t read = 0;
  uint64_t* expanded = expanded_[i];
  m.reach = long_flood<true>(line_occ, c, land_[m.k], [&](int l, int b) {
    const uint64_t bit = uint64_t{1} << b;
    if (!((read >> l) & 1)) {
      read |= uint64_t{1} << l;
      expanded[l] = bit;
    } else {
      expanded[l] |= bit;
    }
  });
  m.lines = read;
  for (; read; read &= read - 1) on_line_[std::countr_zero(read)] |= static_cast<uint16_t>(1u << i);
  m.ends = std::popcount(m.reach & end_[m.k] & goal_mask(m, m.k));
}

// How marble i's flood changes with the changed lines' words `after` the
// move: compared cell by cell, every cell it expanded has the same jumps
// along those lines as before (kKept); or some have new jumps, landing on
// `seeds` (of its class), and none lost one (kAdded: every cell it reached is
// reached after the move as well, a move onto one of them taking away the
// jump there, and the flood is the old one grown from the new landings); or
// a jump lands elsewhere or is gone (kOther: flood it again).
inline AfterMoves::LongChange AfterMoves::long_change(int i, uint64_t changed, const uint64_t after[64],
                                                      uint64_t& seeds) const {
  const auto& T = kLines;
  const Marble& m = m_[i];
  const Cell origin = m.cell;
  seeds = 0;
  for (uint64_t ls = m.lines & changed; ls; ls &= ls - 1) {
    const int l = std::countr_zero(ls), a = T.axis_of[l];
    // The origin is lifted off its lines for its chain.
    const uint64_t lift = l == T.line[origin][a] ? uint64_t{1} << T.bit[origin][a] : 0;
    const uint64_t before = line_occ_[l] & ~lift, now = after[l] & ~lift, moved = before ^ now;
    const auto differs = [&](int was, int is) {
      if (was == is) return false;
      assert(!is || T.spot[l][is].cls == m.k);  // a long jump keeps the class
      if (is) seeds |= uint64_t{1} << T.spot[l][is].bit;
      return was != 0;
    };
    for (uint64_t bs = expanded_[i][l]; bs; bs &= bs - 1) {
      // A jump reads only its own side of b: compare the sides the move changed.
      const int b = std::countr_zero(bs);
      if ((moved >> b) && differs(long_forward(before, b), long_forward(now, b))) return kOther;
      if ((moved & ((uint64_t{1} << b) - 1)) && differs(long_backward(before, b), long_backward(now, b)))
        return kOther;
    }
  }
  return seeds ? kAdded : kKept;
}

// The same seat after a move f -> t of any seat: a marble keeps its flood
// when no cell it expanded has another jump along the move's lines (the
// argument at the top of this file); the others, and the marble that moved,
// are flooded afresh.
AfterMoves::AfterMoves(const AfterMoves& before, const Position& pos, Move mv)
    : seat_(before.seat_),
      king_rule_(false),
      long_rule_(true),
      movers_(pos.pieces(before.seat_)),
      king_(kNoCell),
      no_land_(before.no_land_),
      no_end_(before.no_end_),
      goal_(before.goal_),
      goal_lock_(before.goal_lock_),
      strict_(before.strict_),
      king_or_strict_(before.strict_),
      n_(before.n_) {
  assert(follows(pos) && before.long_rule_);
  const auto& T = kLines;
  const Cell f = mv.from, t = mv.to;
  for (int k = 0; k < 4; ++k) {
    const uint64_t empty = kAllCells.w[k] & ~pos.occupied().w[k];
    land_[k] = empty & ~no_land_.w[k];
    end_[k] = empty & ~no_end_.w[k];
  }
  std::copy(before.line_occ_, before.line_occ_ + T.count, line_occ_);
  for (int a = 0; a < kAxes; ++a) {
    line_occ_[T.line[f][a]] &= ~(uint64_t{1} << T.bit[f][a]);
    line_occ_[T.line[t][a]] |= uint64_t{1} << T.bit[t][a];
  }
  std::fill(on_line_, on_line_ + T.count, 0);
  const uint64_t changed = T.lines_of[f] | T.lines_of[t];
  // Another seat's move changes the steps as count() says; after the seat's
  // own, they are counted afresh below.
  const bool own = before.movers_.test(f);
  if (own) {
    movers_.for_each([&](Cell c) { beside_ |= neighbours(c); });
  } else {
    steps_ = before.steps_ + before.step_change(f, t);
    beside_ = before.beside_;
  }
  for (int i = 0; i < n_; ++i) {
    const Marble& b = before.m_[i];
    if (b.cell == f) {  // the marble that moved
      flood_long(i, t, line_occ_);
    } else if (uint64_t seeds; (b.lines & changed) && before.long_change(i, changed, line_occ_, seeds) != kKept) {
      flood_long(i, b.cell, line_occ_);
    } else {
      m_[i] = b;
      for (uint64_t ls = b.lines; ls; ls &= ls - 1) {
        const int l = std::countr_zero(ls);
        on_line_[l] |= static_cast<uint16_t>(1u << i);
        expanded_[i][l] = before.expanded_[i][l];
      }
    }
    if (own) steps_ += long_steps(m_[i]);
    long_ends_ += m_[i].ends;
  }
}

void AfterMoves::moves(MoveList& list) const {
  assert(long_rule_);
  for (int i = 0; i < n_; ++i) {
    const Marble& m = m_[i];
    const Cell c = m.cell;
    // Steps, then chain ends (a long jump never ends next to its start).
    for (int k = 0; k < 4; ++k)
      for (uint64_t s = neighbours(c).w[k] & end_[k] & goal_mask(m, k); s; s &= s - 1)
        list.push(Move(c, kLay.cell[k][std::countr_zero(s)]));
    for (uint64_t r = m.reach & end_[m.k] & goal_mask(m, m.k); r; r &= r - 1)
      list.push(Move(c, kLay.cell[m.k][std::countr_zero(r)]));
  }
}

AfterMoves::Memo::Memo() {
  for (Entry& e : e_) e.key = 0;
}

void AfterMoves::Memo::after(Move m0) { lines0_ = kLines.lines_of[m0.from] | kLines.lines_of[m0.to]; }

// kMemo: memo is not null (perft's third ply from the end, more than two
// seats); without one, none of its work is done.
template <bool kMemo>
int AfterMoves::count_long(Move mv, Memo* memo) const {
  const auto& T = kLines;
  const Cell f = mv.from, t = mv.to;  // f empties, t fills
  assert(!movers_.test(f) && !movers_.test(t));
  int n = steps_ + step_change(f, t) + long_ends_;
  // The words of the (up to six) lines the move changes, and the marbles
  // whose floods read one of them.
  const uint64_t changed = T.lines_of[f] | T.lines_of[t];
  uint64_t after[64];
  unsigned near = 0;
  for (int a = 0; a < kAxes; ++a) {
    after[T.line[f][a]] = line_occ_[T.line[f][a]];
    after[T.line[t][a]] = line_occ_[T.line[t][a]];
    near |= on_line_[T.line[f][a]] | on_line_[T.line[t][a]];
  }
  for (int a = 0; a < kAxes; ++a) {
    after[T.line[f][a]] &= ~(uint64_t{1} << T.bit[f][a]);
    after[T.line[t][a]] |= uint64_t{1} << T.bit[t][a];
  }
  // The whole board after the move, for the marbles flooded afresh.
  LineBoard board;
  uint64_t land[4], end[4];
  bool moved = false;
  const auto board_after = [&] {
    if (moved) return;
    moved = true;
    std::copy(line_occ_, line_occ_ + T.count, board.occ);
    for (int a = 0; a < kAxes; ++a) board.occ[T.line[f][a]] = after[T.line[f][a]];
    for (int a = 0; a < kAxes; ++a) board.occ[T.line[t][a]] = after[T.line[t][a]];
    words_after(f, t, land, end);
  };
  for (; near; near &= near - 1) {
    const int i = std::countr_zero(near);
    const Marble& m = m_[i];
    const uint32_t key = kMemo ? Memo::key(m.cell, mv) : 0;
    if constexpr (kMemo) {
      const Memo::Entry& e = memo->slot(key);
      if (e.key == key && !(e.lines & memo->lines0_)) {
        ++memo->hits_;
        n += e.ends - m.ends;
        continue;
      }
    }
    int ends = m.ends;
    uint64_t read = m.lines;
    uint64_t seeds;
    if (const LongChange change = long_change(i, changed, after, seeds); change != kKept) {
      board_after();
      const auto note = [&](int l, int) { read |= uint64_t{1} << l; };
      uint64_t reach;
      if (change == kAdded) {
        reach = long_flood_more<true>(board.occ, m.cell, land[m.k], m.reach, seeds, note);
      } else {
        read = 0;
        reach = long_flood<true>(board.occ, m.cell, land[m.k], note);
      }
      ends = std::popcount(reach & end[m.k] & goal_mask(m, m.k));
      n += ends - m.ends;
    }
    if (kMemo && !(read & memo->lines0_)) memo->slot(key) = {key, ends, read};
  }
  return n;
}
template int AfterMoves::count_long<false>(Move, Memo*) const;
template int AfterMoves::count_long<true>(Move, Memo*) const;

}  // namespace sternhalma::internal
