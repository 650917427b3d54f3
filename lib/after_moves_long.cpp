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
// the marble flooded afresh, on the board after the move.
#include "walk.h"  // first: its pragma must cover this file (walk.h)

#include <algorithm>

#include "sternhalma/internal/after_moves.h"

namespace sternhalma {

using namespace gen;  // the generator's machinery, this file's own

void AfterMoves::init_long(const Position& pos) {
  const auto& T = lines::kTables;
  LineBoard board(pos.occupied());
  std::copy(board.occ, board.occ + T.count, line_occ_);
  std::fill(on_line_, on_line_ + T.count, 0);
  Bits land, end;
  for (int k = 0; k < 4; ++k) land.w[k] = land_[k], end.w[k] = end_[k];
  movers_.for_each([&](Cell c) {
    assert(n_ < 15);
    const int i = n_++;
    Marble& m = m_[i];
    m.k = kLay.cls[c];
    m.start = uint64_t{1} << kLay.bit[c];
    m.locked = goal_lock_ && goal_.test(c);
    steps_ += (neighbours(c) & land & (m.locked ? end & goal_ : end)).count();
    // The cells the flood expands (the origin and the chain ends), line by line.
    m.lines = 0;
    m.reach = long_flood(board, c, land_[m.k], [&](int l, int b) {
      if (!((m.lines >> l) & 1)) {
        m.lines |= uint64_t{1} << l;
        on_line_[l] |= static_cast<uint16_t>(1u << i);
        expanded_[i][l] = 0;
      }
      expanded_[i][l] |= uint64_t{1} << b;
    });
    m.ends = std::popcount(m.reach & end_[m.k] & (m.locked ? goal_.w[m.k] : ~uint64_t{0}));
    long_ends_ += m.ends;
  });
}

// Whether every cell marble i's flood expanded has the same jumps along the
// changed lines with their words `after` the move as before it.
bool AfterMoves::long_jumps_kept(int i, uint64_t changed, const uint64_t after[64]) const {
  const auto& T = lines::kTables;
  const Marble& m = m_[i];
  const Cell origin = kLay.cell[m.k][std::countr_zero(m.start)];
  for (uint64_t ls = m.lines & changed; ls; ls &= ls - 1) {
    const int l = std::countr_zero(ls), a = T.axis_of[l];
    // The origin is lifted off its lines for its chain.
    const uint64_t lift = l == T.line[origin][a] ? uint64_t{1} << T.bit[origin][a] : 0;
    const uint64_t before = line_occ_[l] & ~lift, now = after[l] & ~lift, moved = before ^ now;
    for (uint64_t bs = expanded_[i][l]; bs; bs &= bs - 1) {
      // A jump reads only its own side of b: compare the sides the move changed.
      const int b = std::countr_zero(bs);
      if ((moved >> b) && lines::long_forward(before, b) != lines::long_forward(now, b)) return false;
      if ((moved & ((uint64_t{1} << b) - 1)) && lines::long_backward(before, b) != lines::long_backward(now, b))
        return false;
    }
  }
  return true;
}

int AfterMoves::count_long(Move mv) const {
  const auto& T = lines::kTables;
  const Cell f = mv.from, t = mv.to;  // f empties, t fills
  assert(!movers_.test(f) && !movers_.test(t));
  int n = steps_ + step_change(f, t) + long_ends_;
  // The words of the (up to six) lines the move changes, and the marbles
  // whose floods read one of them.
  const uint64_t changed = T.lines_of[f] | T.lines_of[t];
  uint64_t after[64];
  unsigned near = 0;
  for (int a = 0; a < lines::kAxes; ++a) {
    after[T.line[f][a]] = line_occ_[T.line[f][a]];
    after[T.line[t][a]] = line_occ_[T.line[t][a]];
    near |= on_line_[T.line[f][a]] | on_line_[T.line[t][a]];
  }
  for (int a = 0; a < lines::kAxes; ++a) {
    after[T.line[f][a]] &= ~(uint64_t{1} << T.bit[f][a]);
    after[T.line[t][a]] |= uint64_t{1} << T.bit[t][a];
  }
  // The whole board after the move, for the marbles flooded afresh.
  LineBoard board;
  uint64_t land[4], end[4];
  bool moved = false;
  for (; near; near &= near - 1) {
    const int i = std::countr_zero(near);
    if (long_jumps_kept(i, changed, after)) continue;
    const Marble& m = m_[i];
    if (!moved) {
      moved = true;
      std::copy(line_occ_, line_occ_ + T.count, board.occ);
      for (int a = 0; a < lines::kAxes; ++a) board.occ[T.line[f][a]] = after[T.line[f][a]];
      for (int a = 0; a < lines::kAxes; ++a) board.occ[T.line[t][a]] = after[T.line[t][a]];
      for (int k = 0; k < 4; ++k) land[k] = land_[k], end[k] = end_[k];
      const int cf = kLay.cls[f], ct = kLay.cls[t];
      const uint64_t bf = uint64_t{1} << kLay.bit[f], bt = uint64_t{1} << kLay.bit[t];
      land[cf] |= bf & ~no_land_.w[cf];
      end[cf] |= bf & ~no_end_.w[cf];
      land[ct] &= ~bt;
      end[ct] &= ~bt;
    }
    const uint64_t reach = long_flood(board, kLay.cell[m.k][std::countr_zero(m.start)], land[m.k]);
    n += std::popcount(reach & end[m.k] & (m.locked ? goal_.w[m.k] : ~uint64_t{0})) - m.ends;
  }
  return n;
}

}  // namespace sternhalma
