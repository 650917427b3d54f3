// walk.h — the generator's machinery: one walk over a seat's moves
// (walk<Sink>), the standard flood, the long and king ray floods, and one
// marble's destinations. Internal to the generator's files: lib/movegen.cpp
// (generate, count_moves, ...), lib/move_set.cpp (MoveSet) and
// lib/after_moves.cpp (perft's last two plies).
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
// (lines.h; the king's flood is king_flood.h). lines.h's landing
// functions are also the single hop that paths and notation use
// (Chain::landing).
//
// One generator walk (walk<Sink>) serves generate, count_moves, the game's
// MoveSet and perft's last plies: a sink receives a class word of step
// targets (step), a class word of one marble's chain ends (chain), or one
// marble's whole destination set (marble: long jumps, the king), and makes of
// them a list, a count or a set; the moves are decided once, here (walk's own
// comment below lists the calls).
//
// No auto-vectorisation in the generator (GCC): it turned the set-up of the
// class words into 256-bit stores that the word-by-word hot loop then read
// back through memory. Without it the mid-game count is 5-8 % faster and bulk
// perft 3-5 % (bench/README.md, "the consolidated generator"). The pragma
// holds for the rest of the including file, so each generator file includes
// this header first: the header functions inlined there are built the same
// way.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-vectorize")
#endif

#ifndef STERNHALMA_INTERNAL_WALK_H_
#define STERNHALMA_INTERNAL_WALK_H_

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <optional>
#include <utility>

#include "sternhalma/internal/king_flood.h"
#include "sternhalma/internal/lines.h"
#include "sternhalma/movegen.h"
#include "sternhalma/zones.h"

namespace sternhalma::internal {
// TU-local on purpose: each generator file gets its own copy, and GCC inlines
// functions with internal linkage that it would call out of line otherwise
// (classic-2 perft(7) +4-5 % CPU with external linkage, measured at the split).
namespace {

inline constexpr const LayoutTables& kLay = kLayout;


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
    e[D] = kGeo.jump_src[K][D] & shift(pivots[Q], -S);
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
    unroll<kNumDirs>([&]<int D>() { next |= shift(front & e[D], kGeo.jump_shift[D]); });
    next &= land & ~reach;
    reach |= next;
    front = next;
  }
  return reach;
}

// flood() under strict goal lock (zones.h, Targets::leaves_goal): from a
// cell of `goal` (the seat's goal, this class) a jump lands only in the goal.
// The rule is one of the hop's cells, not of the path, so the chain ends are
// still the cells reachable in a graph: the jump graph without the edges
// that leave the goal.
inline uint64_t flood_strict(uint64_t start, const uint64_t e[kNumDirs], uint64_t land, uint64_t goal) {
  uint64_t reach = 0, front = start;
  while (front) {
    uint64_t out = 0, in = 0;
    const uint64_t from_out = front & ~goal, from_in = front & goal;
    unroll<kNumDirs>([&]<int D>() {
      out |= shift(from_out & e[D], kGeo.jump_shift[D]);
      in |= shift(from_in & e[D], kGeo.jump_shift[D]);
    });
    const uint64_t next = (out | (in & goal)) & land & ~reach;
    reach |= next;
    front = next;
  }
  return reach;
}
template <bool kStrict>
inline uint64_t chain_flood(uint64_t start, const uint64_t e[kNumDirs], uint64_t land, uint64_t goal) {
  if constexpr (kStrict)
    return flood_strict(start, e, land, goal);
  else
    return flood(start, e, land);
}

// ---- Long and king jumps: lines (lines.h) ----------------------------------

// Where one long (kKing false) or king jump from bit b of a line lands, on a
// line whose occupancy (walls set) is occ and whose kings are kings: a bit of
// the line, 0 for none.
template <bool kKing>
inline int line_landing(uint64_t occ, uint64_t kings, int b, bool forward) {
  if constexpr (kKing)
    return forward ? king_forward(occ, kings, b) : king_backward(occ, kings, b);
  else
    return forward ? long_forward(occ, b) : long_backward(occ, b);
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
    const auto& T = kLines;
    const int a = T.axis[d], l = T.line[x][a], b = T.bit[x][a];
    const uint64_t o = line_word(occ, l) | T.walls[l], k = line_word(kings, l);
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
  uint64_t occ[kMaxLines];
  LineBoard() = default;
  explicit LineBoard(const Bits& occupied) {
    for (int l = 0; l < kLines.count; ++l)
      occ[l] = line_word(occupied, l) | kLines.walls[l];
  }
};

// Every chain end of the long-jumping marble on `origin`, as its class word
// (a long jump moves a marble by an even vector, so it keeps the class):
// breadth-first over the cells, a cell's six jumps read off its three line
// words `occ` (lines.h). The origin is empty during the chain: its own jumps
// never read its cell, and the other cells' words have it lifted off.
// `land`: the class's cells the marble may land on (not the origin).
// expanded(l, b) is called for every cell expanded (the origin, then each
// chain end), once per line through it (line l, bit b).
//
// kCrowded: most directions have no jump (perft from the start: the camps),
// so a branch skips the landing's look-up; in open middle games the branch
// mispredicts and a look-up of the empty spot (bit 63, never open) is
// cheaper (variants_bench: mid-game 10 % faster without it, perft(3) from
// the start 5 % faster with it).
//
// long_search is the search itself, from the origin or (long_flood_more)
// from cells already reached; it returns the class's cells still open.
template <bool kCrowded, bool kFromOrigin, class F>
[[gnu::always_inline]] inline uint64_t long_search(const uint64_t occ[], Cell origin, uint64_t open, uint64_t seeds,
                                                 F&& expanded) {
  const auto& T = kLines;
  Cell queue[kNumCells];
  int head = 0, tail = 0;
  const auto visit = [&](int l, int y) {
    if (kCrowded && !y) return;
    const LineTables::Spot s = T.spot[l][y];
    const uint64_t m = uint64_t{1} << s.bit;
    if (open & m) {
      open &= ~m;
      queue[tail++] = s.cell;
    }
  };
  const auto expand = [&](int l, int b, uint64_t o) {
    visit(l, long_forward(o, b));
    visit(l, long_backward(o, b));
    expanded(l, b);
  };
  const auto& origin_line = T.line[origin];
  uint64_t lift[kAxes];
  for (int a = 0; a < kAxes; ++a) {
    if constexpr (kFromOrigin) expand(origin_line[a], T.bit[origin][a], occ[origin_line[a]]);
    lift[a] = ~(uint64_t{1} << T.bit[origin][a]);
  }
  if constexpr (!kFromOrigin)
    for (; seeds; seeds &= seeds - 1) queue[tail++] = kLay.cell[kLay.cls[origin]][std::countr_zero(seeds)];
  while (head < tail) {
    const Cell x = queue[head++];
    for (int a = 0; a < kAxes; ++a) {
      const int l = T.line[x][a];
      expand(l, T.bit[x][a], occ[l] & (l == origin_line[a] ? lift[a] : ~uint64_t{0}));
    }
  }
  return open;
}
template <bool kCrowded, class F>
[[gnu::always_inline]] inline uint64_t long_flood(const uint64_t occ[], Cell origin, uint64_t land,
                                                F&& expanded) {
  return land & ~long_search<kCrowded, true>(occ, origin, land, 0, expanded);
}
template <bool kCrowded>
inline uint64_t long_flood(const uint64_t occ[], Cell origin, uint64_t land) {
  return long_flood<kCrowded>(occ, origin, land, [](int, int) {});
}
// The same flood grown (AfterMoves, lib/after_moves_long.cpp): `reached` is
// what it reached on a board where the jumps from the cells it expanded were
// the ones here but for new ones to `seeds`; only the cells not reached
// before are searched.
template <bool kCrowded, class F>
[[gnu::always_inline]] inline uint64_t long_flood_more(const uint64_t occ[], Cell origin, uint64_t land,
                                                     uint64_t reached, uint64_t seeds, F&& expanded) {
  const uint64_t fresh = land & ~reached;
  seeds &= fresh;
  return reached | (fresh & ~long_search<kCrowded, false>(occ, origin, fresh & ~seeds, seeds, expanded));
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
    if (t_.goal_lock == GoalLock::kStrict && (r.jumps == JumpRule::kLong || (r.king() && pos_.is_king(from))))
      return strict_ray_chain_ends(from);
    if (r.jumps == JumpRule::kLong) {
      if (!board_) board_.emplace(pos_.occupied());
      const int k = kLay.cls[from];
      Bits b;
      b.w[k] = long_flood<false>(board_->occ, from, t_.land.w[k]);
      return b;
    }
    if (r.king() && pos_.is_king(from)) {
      const KingLines lines(pos_.occupied(), pos_.kings(), from);
      return king_flood(lines, from, t_.land);
    }
    const int k = kLay.cls[from];
    uint64_t e[kNumDirs];
    jump_edges(k, pivots_, e);
    Bits b;
    b.w[k] = t_.goal_lock == GoalLock::kStrict
                 ? flood_strict(uint64_t{1} << kLay.bit[from], e, t_.land.w[k], t_.goal.w[k])
                 : flood(uint64_t{1} << kLay.bit[from], e, t_.land.w[k]);
    return b;
  }
  // Long and king jumps under strict goal lock, which no preset has: a
  // breadth-first search hop by hop (Chain::landing), without the hops that
  // leave the goal.
  Bits strict_ray_chain_ends(Cell from) const {
    const Chain chain(pos_, from);
    Bits reach;
    Cell queue[kNumCells];
    int head = 0, tail = 0;
    queue[tail++] = from;
    while (head < tail) {
      const Cell x = queue[head++];
      for (const Dir d : kAllDirs) {
        const Cell y = chain.landing(x, d);
        if (y == kNoCell || !t_.land.test(y) || reach.test(y) || t_.leaves_goal(x, y)) continue;
        reach.set(y);
        queue[tail++] = y;
      }
    }
    return reach;
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
  const uint64_t* goal;  // the seat's goal by class (read under strict goal lock only)
};

// Ordinary pieces under standard jumps (all of the standard tables, and the
// Japanese tables' pieces other than kings). kGoal: some mover stands in its
// goal under goal lock, so its destinations need the goal mask (rare: an
// endgame case, kept out of the common path). kStrict: strict goal lock, the
// chains flooded without the jumps that leave the goal (flood_strict).
template <bool kGoal, bool kStrict, class Sink>
[[gnu::always_inline]] inline void standard_moves(const ClassMasks& m, Sink& sink) {
  unroll<4>([&]<int K>() {
    const uint64_t own = m.own[K] | (kGoal ? m.own_goal[K] : 0);
    if (!own) return;
    uint64_t e[kNumDirs], first = 0;
    jump_edges<K>(m.pivots, e);
    unroll<kNumDirs>([&]<int D>() {
      constexpr int Q = kGeo.step_cls[K][D], S = kGeo.step_shift[K][D];
      constexpr uint64_t src = kGeo.step_src[K][D];
      uint64_t t = shift(m.own[K] & src, S) & m.end[Q];
      if constexpr (kGoal) t |= shift(m.own_goal[K] & src, S) & m.end_goal[Q];
      sink.step(Q, t, static_cast<Dir>(D));
      first |= e[D] & shift(m.land[K], -kGeo.jump_shift[D]);
    });
    for (uint64_t j = own & first; j; j &= j - 1) {
      const uint64_t b = j & -j;
      uint64_t reach = chain_flood<kStrict>(b, e, m.land[K], m.goal[K]);
      reach &= (kGoal && (m.own_goal[K] & b)) ? m.end_goal[K] : m.end[K];
      sink.chain(Cell{kLay.cell[K][std::countr_zero(b)]}, reach, K);
    }
  });
}

// Whether walk hands the sink marble() calls: Sink::kMarbles, true when absent.
template <class Sink>
constexpr bool takes_marbles() {
  if constexpr (requires { Sink::kMarbles; })
    return Sink::kMarbles;
  else
    return true;
}

// Whether walk hands the sink chain() calls that it reads: Sink::kChains,
// true when absent. A sink that reads only steps (AfterMoves' step count)
// gets the chains of the plain flood (it ignores them), so that its walk
// is not built twice for strict goal lock.
template <class Sink>
constexpr bool takes_chains() {
  if constexpr (requires { Sink::kChains; })
    return Sink::kChains;
  else
    return true;
}

// Every move of seat s, handed to the sink:
// - sink.step(q, bits, d): step targets in class q, each from one step back
//   in direction d;
// - sink.chain(from, bits, k): the chain ends of the marble on `from`, class k;
// - sink.marble(from, bits): all destinations of the marble on `from` (long
//   jumps, the king); not called, nor the marbles' floods run, when the sink
//   says Sink::kMarbles = false (perft's AfterMoves counts the king itself).
// All are already filtered by zones and goal lock.
template <class Sink>
[[gnu::always_inline]] inline void walk(const Position& pos, Seat s, Sink& sink) {
  const Rules& r = pos.rules();
  ClassMasks m;
  pivot_words(pos, m.pivots);
  Bits movers = pos.pieces(s);
  if (r.jumps == JumpRule::kLong || (r.king() && (movers & pos.kings()).any())) {
    const Bits rays = r.jumps == JumpRule::kLong ? movers : movers & pos.kings();
    if constexpr (takes_marbles<Sink>()) {
      const Marbles one(pos, targets(pos, s), m.pivots);
      rays.for_each([&](Cell from) {
        const Bits to = one.destinations(from);
        if (to.any()) sink.marble(from, to);
      });
    }
    if (r.jumps == JumpRule::kLong) return;
    movers = movers.minus(rays);
  }
  // targets() word by word, kept in registers (a Bits made with vector
  // stores and read back by word costs 5-8 % here).
  const ZoneMasks z = zone_masks(r, s);
  const Bits& occ = pos.occupied();
  uint64_t in_goal = 0;
  m.goal = z.goal.w.data();
  for (int k = 0; k < 4; ++k) {
    const uint64_t empty = kAllCells.w[k] & ~occ.w[k];
    m.land[k] = empty & ~z.no_land.w[k];
    m.end[k] = empty & ~z.no_end.w[k];
    m.end_goal[k] = m.end[k] & z.goal.w[k];
    m.own_goal[k] = z.goal_lock != GoalLock::kNo ? movers.w[k] & z.goal.w[k] : 0;
    m.own[k] = movers.w[k] & ~m.own_goal[k];
    in_goal |= m.own_goal[k];
  }
  if (takes_chains<Sink>() && z.goal_lock == GoalLock::kStrict) {
    if (in_goal)
      standard_moves<true, true>(m, sink);
    else
      standard_moves<false, true>(m, sink);
  } else if (in_goal) {
    standard_moves<true, false>(m, sink);
  } else {
    standard_moves<false, false>(m, sink);
  }
}

}  // namespace
}  // namespace sternhalma::internal

#endif  // STERNHALMA_INTERNAL_WALK_H_
