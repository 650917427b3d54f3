// after_moves.cpp — the next seat's move count after each move of a list
// without playing it (internal/after_moves.h), for perft's last two plies.
#include "sternhalma/internal/walk.h"  // first: its pragma must cover this file (walk.h)

#include "sternhalma/internal/after_moves.h"

#include "sternhalma/internal/king_flood.h"

namespace sternhalma::internal {

// ---- Counts after one move of another seat (internal/after_moves.h) ---------

namespace {

// The steps of a walk, counted (AfterMoves keeps the chains and the king
// itself).
struct StepCountSink {
  static constexpr bool kMarbles = false;
  static constexpr bool kChains = false;
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

// How many destinations the king on `king` has, its lines read from src,
// the cells it may land on and end on given as class words, `goal` the
// cells it must end on (goal lock). kWatch: the cells the flood read go to
// *watch.
template <bool kWatch = false>
int king_ends(const KingLines& src, Cell king, const uint64_t land[4], const uint64_t end[4],
              const Bits& goal, KingWatch* watch = nullptr) {
  Bits l, e;
  for (int k = 0; k < 4; ++k) l.w[k] = land[k], e.w[k] = end[k] & goal.w[k];
  const Bits to = (neighbours(king) & l) | king_flood<kWatch>(src, king, l, watch);
  return (to & e).count();
}

}  // namespace

bool AfterMoves::applies(const Position& pos, Seat mover, Seat next) {
  // Each jump rule has its own way to tell which chains a move leaves as they
  // were; a new rule is counted by playing the moves until it has one.
  // Strict goal lock: flood_strict follows the standard chains by the same
  // rule as flood (a chain changes only when it came within two cells of
  // the move), the long and the king's chains are played.
  switch (pos.rules().jumps) {
    case JumpRule::kStandard:
      return next != mover;
    case JumpRule::kLong:
    case JumpRule::kKing:
      return next != mover && pos.rules().goal_lock != GoalLock::kStrict;
  }
  return false;
}

AfterMoves::AfterMoves(const Position& pos, Seat next, const AfterMoves* board)
    : seat_(next),
      king_rule_(pos.rules().king()),
      long_rule_(pos.rules().jumps == JumpRule::kLong),
      movers_(pos.pieces(next)),
      king_(kNoCell) {
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
  goal_lock_ = z.goal_lock != GoalLock::kNo;
  strict_ = z.goal_lock == GoalLock::kStrict;
  king_or_strict_ = king_rule_ || strict_;
  for (int k = 0; k < 4; ++k) {
    const uint64_t empty = kAllCells.w[k] & ~pos.occupied().w[k];
    land_[k] = empty & ~no_land_.w[k];
    end_[k] = empty & ~no_end_.w[k];
  }
  movers_.for_each([&](Cell c) { beside_ |= neighbours(c); });
  if (long_rule_) {
    init_long(pos, board);
    return;
  }
  StepCountSink steps;  // the steps of the marbles other than the king
  walk(pos, next, steps);
  steps_ = steps.n;
  pivot_words(pos, pivots_);
  uint64_t e[4][kNumDirs];
  for (int k = 0; k < 4; ++k) jump_edges(k, pivots_, e[k]);
  if (strict_)
    flood_marbles_strict(e);
  else
    flood_marbles<false>(e);
  for (int k = 0, i = 0; k < 4; ++k) {
    cls_[k].first = i;
    cls_[k].last = i += std::popcount(movers_.w[k]);
  }
  if (king_ != kNoCell) {
    king_goal_ = goal_lock_ && goal_.test(king_) ? goal_ : kAllCells;
    const KingLines src(occ_, kings_, king_);
    KingWatch watch;
    king_ends_ = king_ends<true>(src, king_, land_, end_, king_goal_, &watch);
    king_read_ = watch.cells();
  }
}

// The floods of the seat's marbles (but the king), in layout order: class
// by class. Strict goal lock apart and out of line, so that the common
// constructor inlines as it did before strict existed.
template <bool kStrict>
void AfterMoves::flood_marbles(const uint64_t e[4][kNumDirs]) {
  movers_.for_each([&](Cell c) {
    assert(n_ < 15);
    Marble& m = m_[n_++];
    m.k = kLay.cls[c];
    m.start = uint64_t{1} << kLay.bit[c];
    m.locked = goal_lock_ && goal_.test(c);
    m.reach = chain_flood<kStrict>(m.start, e[m.k], land_[m.k], goal_.w[m.k]);
    m.ends = std::popcount(m.reach & end_[m.k] & goal_mask(m, m.k));
    cls_[m.k].reach |= m.reach | m.start;
    cls_[m.k].ends += m.ends;
  });
}
void AfterMoves::flood_marbles_strict(const uint64_t e[4][kNumDirs]) { flood_marbles<true>(e); }

// The king's destinations after the move f -> t (king_moves: a king of
// another seat moves), given the class words after it (out of count()'s hot
// loop: the flood's queue would crowd its registers).
int AfterMoves::king_count_after(Cell f, Cell t, bool king_moves, const uint64_t land[4],
                                 const uint64_t end[4]) const {
  Bits occ = occ_, kings = kings_;
  occ.reset(f);
  occ.set(t);
  if (king_moves) {
    kings.reset(f);
    kings.set(t);
  }
  const KingLines src(occ, kings, king_);
  return king_ends(src, king_, land, end, king_goal_);
}

int AfterMoves::count_strict(Move m) const { return count<false, true>(m); }

int AfterMoves::count(Move m) const { return count(m, nullptr); }

int AfterMoves::count(Move m, Memo* memo) const {
  if (long_rule_) return memo ? count_long<true>(m, memo) : count_long<false>(m, nullptr);
  // One test on the common path: the king and strict goal lock (standard
  // jumps only: applies) are both rarer.
  if (king_or_strict_) {
    assert(!(king_rule_ && strict_));
    return king_rule_ ? count<true, false>(m) : count_strict(m);
  }
  return count<false, false>(m);
}

int AfterMoves::step_change(Cell f, Cell t) const {
  // Steps into f now, and no more into t (both as walk's step words allow):
  // from the seat's marbles next to it, but not from its goal to outside it
  // under goal lock. Word by word: a Bits made by a conditional and read back
  // by word stalls store forwarding (classic-2 perft was 1.7x slower).
  const auto steppers = [&](Cell c) {
    if (!beside_.test(c) || no_end_.test(c)) return 0;
    const uint64_t locked = goal_lock_ && !goal_.test(c) ? ~uint64_t{0} : 0;
    int n = 0;
    for (int k = 0; k < 4; ++k)
      n += std::popcount(neighbours(c).w[k] & movers_.w[k] & ~(goal_.w[k] & locked));
    return n;
  };
  return steppers(f) - steppers(t);
}

template <bool kKing, bool kStrict>
int AfterMoves::count(Move mv) const {
  const Cell f = mv.from, t = mv.to;  // f empties, t fills
  assert(!movers_.test(f) && !movers_.test(t) && f != king_ && t != king_);
  int n = steps_ + step_change(f, t);
  // Chains: the same unless the flood came within two cells of f or t. The
  // class words after the move, when first needed; a king that moves is no
  // pivot before or after.
  const Bits near = kNear[f] | kNear[t];
  const bool king_moves = kKing && kings_.test(f);
  uint64_t land[4], end[4], pivots[4];
  bool moved = false;
  const auto move = [&] {
    moved = true;
    words_after(f, t, land, end);
    for (int k = 0; k < 4; ++k) pivots[k] = pivots_[k];
    if (!king_moves) {
      pivots[kLay.cls[f]] &= ~(uint64_t{1} << kLay.bit[f]);
      pivots[kLay.cls[t]] |= uint64_t{1} << kLay.bit[t];
    }
  };
  for (int k = 0; k < 4; ++k) {
    if (!(cls_[k].reach & near.w[k])) {  // no flood of the class came near
      n += cls_[k].ends;
      continue;
    }
    for (int i = cls_[k].first; i < cls_[k].last; ++i) {
      const Marble& m = m_[i];
      if (!((m.reach | m.start) & near.w[k])) {
        n += m.ends;
        continue;
      }
      if (!moved) move();
      uint64_t e[kNumDirs];
      jump_edges(k, pivots, e);
      const uint64_t reach = chain_flood<kStrict>(m.start, e, land[k], goal_.w[k]);
      n += std::popcount(reach & end[k] & goal_mask(m, k));
    }
  }
  // The king: the same count when its flood read neither f nor t. Proof: the
  // move changes occupancy, kings, land and end only at f and t. By induction
  // over the flood's steps, each cell it expands reads the same cells
  // (KingWatch), none of them f or t, so it jumps to the same landings, open
  // as before: the same cells are reached. Those, and the king's neighbours
  // (read first), are not f or t, so neither are its destinations, and the
  // end mask's change at f and t counts for none of them.
  if (kKing && king_ != kNoCell) {
    if (!king_read_.test(f) && !king_read_.test(t)) {
      n += king_ends_;
    } else {
      if (!moved) move();
      n += king_count_after(f, t, king_moves, land, end);
    }
  }
  return n;
}

}  // namespace sternhalma::internal
