// movegen.cpp — the move generator behind movegen.h.
//
// The hot loop works on the parity layout of bits.h:
// - steps are done for all marbles of a class at once, by direction: the
//   class word shifted into the neighbouring class, ANDed with the cells a move
//   may end on;
// - standard jump chains are a flood fill inside the marble's parity class,
//   one 64-bit word, six shift/AND pairs per chain length. The edges of that
//   graph (a jump from x in direction d exists iff x+d holds a pivot and x+2d
//   is on the board) are computed once per class for the whole position, and
//   only marbles with a first jump are flooded.
// Because every jump moves a marble by an even vector and every step by an odd
// one, a step and a jump chain of the same marble never reach the same cell
// (except for the king, whose run jumps may be odd; the set union handles it).
// The moving marble's origin is empty during its chain. For standard jumps
// this needs no work: the origin is in the chain's class and pivots never are.
//
// Long jumps and king jumps walk a breadth-first search over the cells; a
// cell's six jumps are read off its three lines, each line one word
// (lines.h). lines.h's landing functions are also the single hop that paths
// and notation use (Chain::landing).
//
// One generator walk (walk<Sink>) serves generate and count_moves: a sink
// receives a class word of step targets, a class word of chain ends, or a
// marble's destination set, and either lists or counts them.

// No auto-vectorisation in this file (GCC): it turned the set-up of the class
// words into 256-bit stores that the word-by-word hot loop then read back
// through memory. Without it the mid-game count is 5-8 % faster and bulk
// perft 3-5 % (bench/README.md, "Issue 9 and 14"). Before the includes, so
// that the header functions inlined here are built the same way.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-vectorize")
#endif
#include "sternhalma/movegen.h"
#include "sternhalma/internal/after_moves.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <optional>
#include <utility>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "lines.h"

namespace sternhalma {
namespace {

using detail::kGeo;
constexpr const layout::Tables& kLay = layout::kTables;

// Compile-time loops: every shift below is a constant, so each direction is
// two or three instructions and no branch.
template <int N, class F>
inline void unroll(F&& f) {
  [&]<int... I>(std::integer_sequence<int, I...>) {
    (f.template operator()<I>(), ...);
  }(std::make_integer_sequence<int, N>{});
}

// ---- Standard jumps: one parity class, one word ----------------------------

// The cells a standard jump may pass over: every marble but a king.
inline void pivot_words(const Position& pos, uint64_t out[4]) {
  const bool king = pos.rules().king();
  for (int k = 0; k < 4; ++k)
    out[k] = king ? pos.occupied().w[k] & ~pos.kings().w[k] : pos.occupied().w[k];
}

// The edges of the standard jump graph inside class K: bit x of e[d] is set
// when x+d holds a pivot (and x+2d is on the board).
template <int K>
inline void jump_edges(const uint64_t pivots[4], uint64_t e[kNumDirs]) {
  unroll<kNumDirs>([&]<int D>() {
    constexpr int Q = kGeo.step_cls[K][D], S = kGeo.step_shift[K][D];
    e[D] = kGeo.jump_src[K][D] & layout::shift(pivots[Q], -S);
  });
}
inline void jump_edges(int k, const uint64_t pivots[4], uint64_t e[kNumDirs]) {
  switch (k) {
    case 0: jump_edges<0>(pivots, e); break;
    case 1: jump_edges<1>(pivots, e); break;
    case 2: jump_edges<2>(pivots, e); break;
    default: jump_edges<3>(pivots, e); break;
  }
}

// Every cell of one class reachable from `start` by jumps along the edges e,
// landing only on `land`. The jump shift of a direction is the same in every
// class.
inline uint64_t flood(uint64_t start, const uint64_t e[kNumDirs], uint64_t land) {
  uint64_t reach = 0, front = start;
  while (front) {
    uint64_t next = 0;
    unroll<kNumDirs>([&]<int D>() { next |= layout::shift(front & e[D], kGeo.jump_shift[D]); });
    next &= land & ~reach;
    reach |= next;
    front = next;
  }
  return reach;
}

// ---- Long and king jumps: lines (lines.h) ----------------------------------

// Where one long (kKing false) or king jump from bit b of a line lands, on a
// line whose occupancy (walls set) is occ and whose kings are kings: a bit of
// the line, 0 for none.
template <bool kKing>
inline int line_landing(uint64_t occ, uint64_t kings, int b, bool forward) {
  if constexpr (kKing)
    return forward ? lines::king_forward(occ, kings, b) : lines::king_backward(occ, kings, b);
  else
    return forward ? lines::long_forward(occ, b) : lines::long_backward(occ, b);
}

// The board as one marble's chain sees it: its origin is empty.
struct Chain {
  Bits occ, kings;  // without the origin
  JumpRule rule;
  bool king_move;   // the marble is a king under the king rule

  Chain(const Position& pos, Cell origin)
      : occ(pos.occupied()),
        kings(pos.kings()),
        rule(pos.rules().jumps),
        king_move(pos.rules().king() && pos.is_king(origin)) {
    occ.reset(origin);
    kings.reset(origin);
  }

  // Where one jump from x in direction d lands (on the board, maybe
  // occupied), or kNoCell. SPEC §3:
  // - standard: over an adjacent marble that is not a king;
  // - long: over the nearest marble, m+1 away, onto the cell m+1 beyond it,
  //   the m cells in between empty (lines.h);
  // - king: over a run of marbles holding no king, onto the first cell after
  //   (lines.h).
  Cell landing(Cell x, Dir d) const {
    if (rule != JumpRule::kLong && !king_move) return standard_landing(x, d);
    const auto& T = lines::kTables;
    const int a = T.axis[d], l = T.line[x][a], b = T.bit[x][a];
    const uint64_t o = lines::word(occ, l) | T.walls[l], k = lines::word(kings, l);
    const int y = rule == JumpRule::kLong ? line_landing<false>(o, k, b, T.forward[d])
                                          : line_landing<true>(o, k, b, T.forward[d]);
    return y ? T.spot[l][y].cell : kNoCell;
  }
  Cell standard_landing(Cell x, Dir d) const {
    const Cell p = neighbour(x, d);
    if (p == kNoCell || !occ.test(p) || kings.test(p)) return kNoCell;
    return neighbour(p, d);
  }
};

// The occupancy word of every line (walls set), read once per generation
// when long jumps will read most of them.
struct LineBoard {
  uint64_t occ[lines::kMaxLines];
  explicit LineBoard(const Bits& occupied) {
    for (int l = 0; l < lines::kTables.count; ++l)
      occ[l] = lines::word(occupied, l) | lines::kTables.walls[l];
  }
};

// Every chain end of the long-jumping (kKing false) or king marble on
// `origin`: breadth-first over the cells, a cell's six jumps read off its
// three lines. `land` excludes the origin (it is occupied); the cells still
// open are `land` minus those reached. Long jumps read the lines from `board`
// (the origin lifted off it for the chain), the king reads each as it goes.
template <bool kKing>
Bits ray_flood(const Bits& occupied, const Bits& all_kings, LineBoard* board, Cell origin,
               const Bits& land) {
  const auto& T = lines::kTables;
  Bits occ = occupied, kings;
  if constexpr (kKing) {
    occ.reset(origin);
    kings = all_kings;
    kings.reset(origin);
  } else {
    for (int a = 0; a < lines::kAxes; ++a)
      board->occ[T.line[origin][a]] &= ~(uint64_t{1} << T.bit[origin][a]);
  }
  Bits open = land;
  Cell queue[kNumCells];
  int head = 0, tail = 0;
  queue[tail++] = origin;
  const auto visit = [&](int l, int y) {
    const lines::Tables::Spot s = T.spot[l][y];
    const uint64_t m = uint64_t{1} << s.bit;
    if (open.w[s.cls] & m) {
      open.w[s.cls] &= ~m;
      queue[tail++] = s.cell;
    }
  };
  while (head < tail) {
    const Cell x = queue[head++];
    for (int a = 0; a < lines::kAxes; ++a) {
      const int l = T.line[x][a], b = T.bit[x][a];
      if constexpr (kKing) {
        // A king jump starts over a neighbour: none on this axis, no jump.
        const Dir fd = lines::kAxisDir[a];
        const Cell n1 = neighbour(x, fd), n2 = neighbour(x, opposite(fd));
        if (!((n1 != kNoCell && occ.test(n1)) || (n2 != kNoCell && occ.test(n2)))) continue;
        const uint64_t o = lines::word(occ, l) | T.walls[l], k = lines::word(kings, l);
        visit(l, line_landing<true>(o, k, b, true));
        visit(l, line_landing<true>(o, k, b, false));
      } else {
        const uint64_t o = board->occ[l];
        visit(l, line_landing<false>(o, 0, b, true));
        visit(l, line_landing<false>(o, 0, b, false));
      }
    }
  }
  if constexpr (!kKing)
    for (int a = 0; a < lines::kAxes; ++a)
      board->occ[T.line[origin][a]] |= uint64_t{1} << T.bit[origin][a];
  return land.minus(open);
}

// ---- One marble ---------------------------------------------------------------

// The destinations of single marbles of one seat, set up once per position.
class Marbles {
 public:
  Marbles(const Position& pos, Seat s) : pos_(pos), t_(targets(pos, s)) {
    pivot_words(pos, pivots_);
  }
  // With the seat's targets and the pivot words already at hand.
  Marbles(const Position& pos, const Targets& t, const uint64_t pivots[4])
      : pos_(pos), t_(t) {
    std::copy(pivots, pivots + 4, pivots_);
  }
  Bits destinations(Cell from) const {
    Bits to = (neighbours(from) & t_.land) | chain_ends(from);
    return to & t_.end_from(from);
  }

 private:
  Bits chain_ends(Cell from) const {
    const Rules& r = pos_.rules();
    if (r.jumps == JumpRule::kLong) {
      if (!board_) board_.emplace(pos_.occupied());
      return ray_flood<false>(pos_.occupied(), pos_.kings(), &*board_, from, t_.land);
    }
    if (r.king() && pos_.is_king(from))
      return ray_flood<true>(pos_.occupied(), pos_.kings(), nullptr, from, t_.land);
    const int k = kLay.cls[from];
    uint64_t e[kNumDirs];
    jump_edges(k, pivots_, e);
    Bits b;
    b.w[k] = flood(uint64_t{1} << kLay.bit[from], e, t_.land.w[k]);
    return b;
  }

  const Position& pos_;
  Targets t_;
  uint64_t pivots_[4];
  mutable std::optional<LineBoard> board_;  // long jumps: read at the first chain
};

// ---- The whole position -------------------------------------------------------

// The class words of a standard generation.
struct ClassMasks {
  uint64_t land[4], end[4], end_goal[4], own[4], own_goal[4], pivots[4];
};

// Ordinary pieces under standard jumps (all of the standard tables, and the
// Japanese tables' pieces other than kings). kGoal: some mover stands in its
// goal under goal lock, so its destinations need the goal mask (rare: an
// endgame case, kept out of the common path).
template <bool kGoal, class Sink>
[[gnu::always_inline]] inline void standard_moves(const ClassMasks& m, Sink& sink) {
  unroll<4>([&]<int K>() {
    const uint64_t own = m.own[K] | (kGoal ? m.own_goal[K] : 0);
    if (!own) return;
    uint64_t e[kNumDirs], first = 0;
    jump_edges<K>(m.pivots, e);
    unroll<kNumDirs>([&]<int D>() {
      constexpr int Q = kGeo.step_cls[K][D], S = kGeo.step_shift[K][D];
      constexpr uint64_t src = kGeo.step_src[K][D];
      uint64_t t = layout::shift(m.own[K] & src, S) & m.end[Q];
      if constexpr (kGoal) t |= layout::shift(m.own_goal[K] & src, S) & m.end_goal[Q];
      sink.step(Q, t, static_cast<Dir>(D));
      first |= e[D] & layout::shift(m.land[K], -kGeo.jump_shift[D]);
    });
    for (uint64_t j = own & first; j; j &= j - 1) {
      const uint64_t b = j & -j;
      uint64_t reach = flood(b, e, m.land[K]);
      reach &= (kGoal && (m.own_goal[K] & b)) ? m.end_goal[K] : m.end[K];
      sink.chain(Cell{kLay.cell[K][std::countr_zero(b)]}, reach, K);
    }
  });
}

// Every move of seat s, handed to the sink:
// - sink.step(q, bits, d): step targets in class q, each from one step back
//   in direction d;
// - sink.chain(from, bits, k): the chain ends of the marble on `from`, class k;
// - sink.marble(from, bits): all destinations of the marble on `from` (long
//   jumps, the king).
// All are already filtered by zones and goal lock.
template <class Sink>
[[gnu::always_inline]] inline void walk(const Position& pos, Seat s, Sink& sink) {
  const Rules& r = pos.rules();
  ClassMasks m;
  pivot_words(pos, m.pivots);
  Bits movers = pos.pieces(s);
  if (r.jumps == JumpRule::kLong || (r.king() && (movers & pos.kings()).any())) {
    const Marbles one(pos, targets(pos, s), m.pivots);
    const Bits rays = r.jumps == JumpRule::kLong ? movers : movers & pos.kings();
    rays.for_each([&](Cell from) {
      const Bits to = one.destinations(from);
      if (to.any()) sink.marble(from, to);
    });
    if (r.jumps == JumpRule::kLong) return;
    movers = movers.minus(rays);
  }
  // targets() word by word, kept in registers (a Bits made with vector
  // stores and read back by word costs 5-8 % here).
  const ZoneMasks z = zone_masks(r, s);
  const Bits& occ = pos.occupied();
  uint64_t in_goal = 0;
  for (int k = 0; k < 4; ++k) {
    const uint64_t empty = kAllCells.w[k] & ~occ.w[k];
    m.land[k] = empty & ~z.no_land.w[k];
    m.end[k] = empty & ~z.no_end.w[k];
    m.end_goal[k] = m.end[k] & z.goal.w[k];
    m.own_goal[k] = z.goal_lock ? movers.w[k] & z.goal.w[k] : 0;
    m.own[k] = movers.w[k] & ~m.own_goal[k];
    in_goal |= m.own_goal[k];
  }
  if (in_goal)
    standard_moves<true>(m, sink);
  else
    standard_moves<false>(m, sink);
}

struct ListSink {
  MoveList& list;
  void step(int q, uint64_t t, Dir d) {
    for (; t; t &= t - 1) {
      const Cell to = kLay.cell[q][std::countr_zero(t)];
      list.push(Move(kGeo.nbr[to][opposite(d)], to));
    }
  }
  void chain(Cell from, uint64_t t, int k) {
    for (; t; t &= t - 1) list.push(Move(from, kLay.cell[k][std::countr_zero(t)]));
  }
  void marble(Cell from, const Bits& to) {
    to.for_each([&](Cell c) { list.push(Move(from, c)); });
  }
};

struct CountSink {
  int n = 0;
  void step(int, uint64_t t, Dir) { n += std::popcount(t); }
  void chain(Cell, uint64_t t, int) { n += std::popcount(t); }
  void marble(Cell, const Bits& to) { n += to.count(); }
};

}  // namespace

void generate(const Position& pos, Seat mover, MoveList& list) {
  assert(mover >= 0 && mover < kMaxSeats);
  ListSink sink{list};
  walk(pos, mover, sink);
}

int count_moves(const Position& pos, Seat mover) {
  assert(mover >= 0 && mover < kMaxSeats);
  CountSink sink;
  walk(pos, mover, sink);
  return sink.n;
}

bool has_move(const Position& pos, Seat mover) {
  assert(mover >= 0 && mover < kMaxSeats);
  if (pos.pieces(mover).none()) return false;
  const Marbles one(pos, mover);
  Cell cells[kNumCells];
  const int n = pos.pieces(mover).to_cells(cells);
  for (int i = 0; i < n; ++i)
    if (one.destinations(cells[i]).any()) return true;
  return false;
}

// Sorted by a bitmap of destinations per marble, not by comparisons: a third
// of the cost.
std::vector<Move> legal_moves(const Position& pos, Seat mover) {
  MoveList list;
  generate(pos, mover, list);
  Cell from[kNumCells];
  const int n = pos.pieces(mover).to_cells(from);
  uint8_t slot[kNumCells];
  uint64_t to[kNumCells][2];
  for (int i = 0; i < n; ++i) {
    slot[from[i]] = static_cast<uint8_t>(i);
    to[i][0] = to[i][1] = 0;
  }
  for (const Move m : list) to[slot[m.from]][m.to >> 6] |= uint64_t{1} << (m.to & 63);
  std::vector<Move> v;
  v.reserve(static_cast<size_t>(list.size()));
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 2; ++k)
      for (uint64_t x = to[i][k]; x; x &= x - 1) v.push_back(Move(from[i], 64 * k + std::countr_zero(x)));
  return v;
}

Bits destinations(const Position& pos, Cell from) {
  assert(from >= 0 && from < kNumCells);
  const int8_t s = pos.at(from);
  if (s == kEmpty) return kNoBits;
  return Marbles(pos, s).destinations(from);
}

bool is_legal(const Position& pos, Seat mover, Move m) {
  return m.from < kNumCells && m.to < kNumCells && pos.at(m.from) == mover &&
         destinations(pos, m.from).test(m.to);
}

int jump_landings(const Position& pos, Cell origin, Cell x, Cell out[kNumDirs]) {
  assert(origin >= 0 && origin < kNumCells && x >= 0 && x < kNumCells);
  const int8_t s = pos.at(origin);
  if (s == kEmpty) return 0;
  const Bits land = targets(pos, s).land;  // the origin is not in it
  const Chain chain(pos, origin);
  int n = 0;
  for (const Dir d : kAllDirs) {
    const Cell y = chain.landing(x, d);
    if (y != kNoCell && land.test(y)) out[n++] = y;
  }
  std::sort(out, out + n);
  return n;
}

// ---- The moves of a seat as words (MoveSet) --------------------------------

// A sink that keeps the words in walk order.
struct MoveSetSink {
  MoveSet& set;
  void step(int q, uint64_t t, Dir d) {
    set.step_[q][d] = t;
    // The class of the marbles: one step back from class q.
    set.class_size_[kGeo.step_cls[q][opposite(d)]] += std::popcount(t);
  }
  void chain(Cell from, uint64_t t, int k) {
    if (!t) return;
    set.first_word_[from] = static_cast<uint8_t>(set.n_);
    push(t, k, from);
    set.class_size_[k] += std::popcount(t);
    set.chain_end_[k] = static_cast<uint8_t>(set.n_);
  }
  void marble(Cell from, const Bits& to) {  // Bits::for_each order: class by class
    set.first_word_[from] = static_cast<uint8_t>(set.n_);
    for (int k = 0; k < 4; ++k)
      if (to.w[k]) push(to.w[k], k, from);
    set.pre_ = set.n_;  // every marble word comes before the chain words
  }
  void push(uint64_t t, int k, Cell from) {
    const int i = set.n_++;
    assert(i < MoveSet::kMaxWords);
    set.w_[i] = {t, static_cast<int8_t>(k), static_cast<uint8_t>(from)};
  }
  // A class without chain words ends where the one before it ended.
  // The size: the marble words', then every class's.
  void finish() {
    int end = set.pre_;
    for (auto& e : set.chain_end_) end = e = static_cast<uint8_t>(std::max<int>(e, end));
    int n = 0;
    for (int i = 0; i < set.pre_; ++i) n += std::popcount(set.w_[i].bits);
    for (const int c : set.class_size_) n += c;
    set.size_ = n;
  }
};

void find_moves(const Position& pos, Seat mover, MoveSet& out) {
  assert(mover >= 0 && mover < kMaxSeats);
  out.clear();
  MoveSetSink sink{out};
  walk(pos, mover, sink);
  sink.finish();
}

namespace {

// The bit index of the k-th set bit of t (k < popcount(t)).
inline int nth_bit(uint64_t t, int k) {
#if defined(__BMI2__)
  return std::countr_zero(_pdep_u64(uint64_t{1} << k, t));
#else
  for (; k > 0; --k) t &= t - 1;
  return std::countr_zero(t);
#endif
}

}  // namespace

bool MoveSet::contains(Move m) const {
  if (m.from >= kNumCells || m.to >= kNumCells) return false;
  const int k = kLay.cls[m.to];
  const uint64_t b = uint64_t{1} << kLay.bit[m.to];
  // A step: the word of its direction (standard pieces).
  for (int d = 0; d < kNumDirs; ++d)
    if (kGeo.nbr[m.from][d] == m.to) {
      if (step_[k][d] & b) return true;
      break;
    }
  // The marble's words (chain ends; every move of a long jumper or a king).
  for (int i = first_word_[m.from]; i < n_ && w_[i].from == m.from; ++i)
    if (w_[i].cls == k && (w_[i].bits & b)) return true;
  return false;
}

Move MoveSet::operator[](int k) const {
  assert(k >= 0 && k < size_);
  // The k-th set bit of the words in generate()'s order, as words() visits
  // them, with the classes of marbles before move k skipped by their sizes.
  auto in_word = [&](uint64_t bits, int cls, int dir, int from, Move& m) {
    const int c = std::popcount(bits);
    if (k >= c) {
      k -= c;
      return false;
    }
    const Cell to = kLay.cell[cls][nth_bit(bits, k)];
    m = Move(dir >= 0 ? kGeo.nbr[to][opposite(static_cast<Dir>(dir))] : from, to);
    return true;
  };
  Move m{};
  for (int i = 0; i < pre_; ++i)
    if (in_word(w_[i].bits, w_[i].cls, -1, w_[i].from, m)) return m;
  for (int c = 0; c < 4; ++c) {
    if (k >= class_size_[c]) {
      k -= class_size_[c];
      continue;
    }
    for (int d = 0; d < kNumDirs; ++d) {
      const int q = kGeo.step_cls[c][d];
      if (in_word(step_[q][d], q, d, 0, m)) return m;
    }
    for (int i = c ? chain_end_[c - 1] : pre_; i < chain_end_[c]; ++i)
      if (in_word(w_[i].bits, w_[i].cls, -1, w_[i].from, m)) return m;
  }
  assert(false);
  return m;
}


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
