// after_moves.cpp — the next seat's move count after each move of a list
// without playing it (internal/after_moves.h), for perft's last two plies.
#include "walk.h"  // first: its pragma must cover this file (walk.h)

#include "sternhalma/internal/after_moves.h"

namespace sternhalma {

using namespace gen;  // the generator's machinery, this file's own

// ---- Counts after one move of another seat (internal/after_moves.h) ---------

namespace {

// The steps of a walk, counted (AfterMoves keeps the chains itself).
struct StepCountSink {
  int n = 0;
  void step(int, uint64_t t, Dir) { n += std::popcount(t); }
  void chain(Cell, uint64_t, int) {}
  void marble(Cell, const Bits&) {}
};

// near[c]: c and the cells one and two steps from it along the six lines;
// a standard jump from x passes over or lands on c only if x is one of them.
constexpr std::array<Bits, kNumCells> kNear = [] {
  std::array<Bits, kNumCells> t{};
  for (Cell c = 0; c < kNumCells; ++c) {
    t[c].set(c);
    for (int d = 0; d < kNumDirs; ++d) {
      const Cell a = kGeo.nbr[c][d];
      if (a == kNoCell) continue;
      t[c].set(a);
      if (kGeo.nbr[a][d] != kNoCell) t[c].set(kGeo.nbr[a][d]);
    }
  }
  return t;
}();

}  // namespace

bool AfterMoves::applies(const Position& pos, Seat mover, Seat next) {
  return pos.rules().jumps != JumpRule::kLong && next != mover;
}

AfterMoves::AfterMoves(const Position& pos, Seat next)
    : king_rule_(pos.rules().king()), movers_(pos.pieces(next)), king_(kNoCell) {
  assert(pos.rules().jumps != JumpRule::kLong);
  if (king_rule_) {  // the seat's king (at most one) has its own chains
    occ_ = pos.occupied();
    kings_ = pos.kings();
    (movers_ & kings_).for_each([&](Cell c) { king_ = c; });
    movers_ = movers_.minus(kings_);
  }
  const ZoneMasks z = zone_masks(pos.rules(), next);
  no_land_ = z.no_land;
  no_end_ = z.no_end;
  goal_ = z.goal;
  goal_lock_ = z.goal_lock;
  StepCountSink steps;  // the steps of the marbles other than the king
  walk(pos, next, steps);
  steps_ = steps.n;
  pivot_words(pos, pivots_);
  for (int k = 0; k < 4; ++k) {
    const uint64_t empty = kAllCells.w[k] & ~pos.occupied().w[k];
    land_[k] = empty & ~no_land_.w[k];
    end_[k] = empty & ~no_end_.w[k];
  }
  uint64_t e[4][kNumDirs];
  for (int k = 0; k < 4; ++k) jump_edges(k, pivots_, e[k]);
  movers_.for_each([&](Cell c) {
    assert(n_ < 15);
    Marble& m = m_[n_++];
    m.k = kLay.cls[c];
    m.start = uint64_t{1} << kLay.bit[c];
    m.locked = goal_lock_ && goal_.test(c);
    m.reach = flood(m.start, e[m.k], land_[m.k]);
    m.ends = std::popcount(m.reach & end_[m.k] & (m.locked ? goal_.w[m.k] : ~uint64_t{0}));
  });
}

// The destinations of the seat's king after the move f -> t, given the
// class words after it (out of count()'s hot loop: the flood's queue and
// line words would crowd its registers).
int AfterMoves::king_count(Cell f, Cell t, bool king_moves, const uint64_t land[4],
                           const uint64_t end[4]) const {
  Bits occ = occ_, kings = kings_, l, e;
  occ.reset(f);
  occ.set(t);
  if (king_moves) {
    kings.reset(f);
    kings.set(t);
  }
  for (int k = 0; k < 4; ++k) l.w[k] = land[k], e.w[k] = end[k];
  const Bits to = (neighbours(king_) & l) | ray_flood<true>(occ, kings, nullptr, king_, l);
  return (to & ((goal_lock_ && goal_.test(king_)) ? e & goal_ : e)).count();
}

int AfterMoves::count(Move m) const { return king_rule_ ? count<true>(m) : count<false>(m); }

template <bool kKing>
int AfterMoves::count(Move mv) const {
  const Cell f = mv.from, t = mv.to;  // f empties, t fills
  assert(!movers_.test(f) && !movers_.test(t) && f != king_ && t != king_);
  int n = steps_;
  // Steps into f now, and no more into t (both as walk's step words allow).
  const bool f_end = !no_end_.test(f), t_end = !no_end_.test(t);
  for (const Dir d : kAllDirs) {
    const Cell a = neighbour(f, d), b = neighbour(t, d);
    if (f_end && a != kNoCell && movers_.test(a) && !(goal_lock_ && goal_.test(a) && !goal_.test(f))) ++n;
    if (t_end && b != kNoCell && movers_.test(b) && !(goal_lock_ && goal_.test(b) && !goal_.test(t))) --n;
  }
  // Chains: the same unless the flood came within two cells of f or t. The
  // class words after the move, when first needed; a king that moves is no
  // pivot before or after.
  const Bits near = kNear[f] | kNear[t];
  const bool king_moves = kKing && kings_.test(f);
  uint64_t land[4], end[4], pivots[4];
  bool moved = false;
  const auto move = [&] {
    moved = true;
    for (int k = 0; k < 4; ++k) land[k] = land_[k], end[k] = end_[k], pivots[k] = pivots_[k];
    const int cf = kLay.cls[f], ct = kLay.cls[t];
    const uint64_t bf = uint64_t{1} << kLay.bit[f], bt = uint64_t{1} << kLay.bit[t];
    land[cf] |= bf & ~no_land_.w[cf];
    end[cf] |= bf & ~no_end_.w[cf];
    land[ct] &= ~bt;
    end[ct] &= ~bt;
    if (!king_moves) {
      pivots[cf] &= ~bf;
      pivots[ct] |= bt;
    }
  };
  for (int i = 0; i < n_; ++i) {
    const Marble& m = m_[i];
    if (!((m.reach | m.start) & near.w[m.k])) {
      n += m.ends;
      continue;
    }
    if (!moved) move();
    uint64_t e[kNumDirs];
    jump_edges(m.k, pivots, e);
    const uint64_t reach = flood(m.start, e, land[m.k]);
    n += std::popcount(reach & end[m.k] & (m.locked ? goal_.w[m.k] : ~uint64_t{0}));
  }
  if (kKing && king_ != kNoCell) {  // the king's rays reach far: its destinations afresh
    if (!moved) move();
    n += king_count(f, t, king_moves, land, end);
  }
  return n;
}

}  // namespace sternhalma
