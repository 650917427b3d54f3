// movegen.h — legal move generation (SPEC §3).
//
// The hot loop works marble by marble on the parity layout of bits.h:
// - steps are the marble's neighbour mask ANDed with the empty cells;
// - standard jump chains are a flood fill inside the marble's parity class,
//   one 64-bit word, six shift/AND pairs per chain length. The edges of that
//   graph (a jump from x in direction d exists iff x+d holds a pivot and x+2d
//   is on the board) are computed once per class for the whole position.
// Because every jump moves a marble by an even vector and every step by an odd
// one, a step and a jump chain of the same marble never reach the same cell
// (except for the king, whose run jumps may be odd; the set union handles it).
// Long jumps and king jumps are rarer variants and scan precomputed rays.
//
// The moving marble's origin is empty during its chain. For standard jumps
// this needs no work: the origin is in the chain's class and pivots never are.
//
// Zone rules and goal lock filter destinations (and, for no-entry, landings).
// The rules that apply to a marble are always those of its owner, which is
// what SPEC §5 asks when a finished partner moves the other's marbles.
#ifndef STERNHALMA_MOVEGEN_H_
#define STERNHALMA_MOVEGEN_H_

#include <algorithm>
#include <array>
#if defined(__BMI2__)
#include <immintrin.h>
#endif
#include <bit>
#include <utility>
#include <vector>

#include "sternhalma/bits.h"
#include "sternhalma/geometry.h"
#include "sternhalma/move.h"
#include "sternhalma/position.h"
#include "sternhalma/rules.h"

namespace sternhalma {

// Cells where seat s may not end a move under `rules` (empty under "free").
inline Bits closed_cells(const Rules& rules, Seat s) {
  return rules.zones == ZoneRule::kFree ? kNoBits : foreign_cells(s);
}
// The seat's goal: the camp (10 or 15 cells) opposite its home.
inline const Bits& goal_cells(const Rules& rules, Seat s) {
  return home_cells(opposite_point(s), rules.marbles);
}

namespace movegen_detail {

using detail::kGeo;

// The edges of the standard jump graph inside class k: bit x of e[d] is set
// when x+d holds a pivot (and x+2d is on the board).
inline void jump_edges(const Bits& pivots, int k, uint64_t e[kNumDirs]) {
  for (int d = 0; d < kNumDirs; ++d)
    e[d] = kGeo.jump_src[k][d] &
           layout::shift(pivots.w[kGeo.step_cls[k][d]], -kGeo.step_shift[k][d]);
}

// Every cell of one class reachable from `start` by jumps landing on `land`.
inline uint64_t flood(uint64_t start, const uint64_t e[kNumDirs], uint64_t land) {
  uint64_t reach = 0, front = start;
  while (front) {
    uint64_t next = 0;
    for (int d = 0; d < kNumDirs; ++d)
      next |= layout::shift(front & e[d], kGeo.jump_shift[d]);
    next &= land & ~reach;
    reach |= next;
    front = next;
  }
  return reach;
}

// The cells of a ray, as a bit string in order of distance (bit i: the cell
// i+1 away). The ray's cells alternate between two parity classes and, inside
// a class, are evenly spaced bits of one word: BMI2's pext gathers each half
// in two instructions, pdep interleaves them. Without BMI2, a loop.
struct RayMasks {
  // [cell][dir]: the odd-distance cells (1, 3, ...) in class odd_cls, the
  // even-distance ones (2, 4, ...) in the cell's own class.
  std::array<std::array<uint64_t, kNumDirs>, kNumCells> odd{}, even{};
  std::array<std::array<uint8_t, kNumDirs>, kNumCells> n_odd{}, n_even{};
};
constexpr RayMasks make_ray_masks() {
  RayMasks t{};
  const auto& L = layout::kTables;
  for (Cell x = 0; x < kNumCells; ++x)
    for (int d = 0; d < kNumDirs; ++d)
      for (int i = 0; i < kGeo.ray_len[x][d]; ++i) {
        const Cell c = kGeo.ray[x][d][i];
        if (i % 2 == 0) {
          t.odd[x][d] |= uint64_t{1} << L.bit[c];
          ++t.n_odd[x][d];
        } else {
          t.even[x][d] |= uint64_t{1} << L.bit[c];
          ++t.n_even[x][d];
        }
      }
  return t;
}
inline constexpr RayMasks kRays = make_ray_masks();

inline constexpr std::array<uint8_t, 256> kReverse8 = [] {
  std::array<uint8_t, 256> r{};
  for (int v = 0; v < 256; ++v)
    for (int b = 0; b < 8; ++b)
      if (v >> b & 1) r[v] |= static_cast<uint8_t>(1 << (7 - b));
  return r;
}();

inline uint32_t ray_bits(Cell x, int d, const Bits& set) {
#if defined(__BMI2__)
  const int k = layout::kTables.cls[x], q = kGeo.step_cls[k][d];
  uint64_t odd = _pext_u64(set.w[q], kRays.odd[x][d]);
  uint64_t even = _pext_u64(set.w[k], kRays.even[x][d]);
  if (kGeo.jump_shift[d] < 0) {  // pext gathered the farthest cell first
    odd = kReverse8[odd] >> (8 - kRays.n_odd[x][d]);
    even = kReverse8[even] >> (8 - kRays.n_even[x][d]);
  }
  return static_cast<uint32_t>(_pdep_u64(odd, 0x5555) | _pdep_u64(even, 0xAAAA));
#else
  uint32_t r = 0;
  for (int i = 0; i < kGeo.ray_len[x][d]; ++i)
    if (set.test(kGeo.ray[x][d][i])) r |= uint32_t{1} << i;
  return r;
#endif
}

// Where a long jump from x in direction d lands, or kNoCell (SPEC §3): over
// the nearest marble, m+1 away, onto the cell m+1 beyond it, the m cells in
// between and the landing empty.
inline Cell long_landing(Cell x, int d, const Bits& occ) {
  const uint32_t r = ray_bits(x, d, occ);
  if (!r) return kNoCell;
  const int m = std::countr_zero(r);
  if (2 * m + 1 >= kGeo.ray_len[x][d] || (r >> (m + 1)) & ((2u << m) - 1)) return kNoCell;
  return kGeo.ray[x][d][2 * m + 1];
}

// Where a king jump from x in direction d lands: over a run of occupied cells
// holding no king, onto the first empty cell after it; or kNoCell.
inline Cell king_landing(Cell x, int d, const Bits& occ, const Bits& kings) {
  const uint32_t r = ray_bits(x, d, occ);
  const int run = std::countr_one(r);
  if (run == 0 || run >= kGeo.ray_len[x][d] || (ray_bits(x, d, kings) & ((1u << run) - 1)))
    return kNoCell;
  return kGeo.ray[x][d][run];
}

// Breadth-first over a landing function; `land` excludes the origin.
template <class Landing>
Bits ray_flood(Cell origin, const Bits& land, Landing&& landing) {
  Bits reach;
  Cell queue[kNumCells];
  int head = 0, tail = 0;
  queue[tail++] = origin;
  while (head < tail) {
    const Cell x = queue[head++];
    for (int d = 0; d < kNumDirs; ++d) {
      const Cell y = landing(x, d);
      if (y != kNoCell && land.test(y) && !reach.test(y)) {
        reach.set(y);
        queue[tail++] = y;
      }
    }
  }
  return reach;
}

// What a generation for one seat needs, computed once per position.
struct Context {
  const Position& pos;
  Seat seat;
  JumpRule rule;
  bool goal_lock;
  Bits empty, land, dest, goal;
  Bits pivots;  // cells a standard jump may pass over
  uint64_t edges[4][kNumDirs];

  Context(const Position& p, Seat s)
      : pos(p), seat(s), rule(p.rules().jumps), goal_lock(p.rules().goal_lock) {
    const Rules& r = p.rules();
    empty = p.empty();
    const Bits closed = closed_cells(r, s);
    dest = kAllCells.minus(closed);
    land = r.zones == ZoneRule::kNoEntry ? empty.minus(closed) : empty;
    goal = goal_cells(r, s);
    pivots = rule == JumpRule::kKing ? p.occupied().minus(p.kings()) : p.occupied();
    if (rule != JumpRule::kLong)
      for (int k = 0; k < 4; ++k) jump_edges(pivots, k, edges[k]);
  }

  // The destinations of the marble on `from` (owned by `seat`).
  Bits destinations(Cell from) const {
    Bits to = neighbours(from) & land;
    switch (rule) {
      case JumpRule::kStandard: {
        const int k = layout::kTables.cls[from];
        to.w[k] |= flood(uint64_t{1} << layout::kTables.bit[from], edges[k], land.w[k]);
        break;
      }
      case JumpRule::kLong: {
        Bits occ = pos.occupied();
        occ.reset(from);
        to |= ray_flood(from, land, [&](Cell x, int d) { return long_landing(x, d, occ); });
        break;
      }
      case JumpRule::kKing: {
        if (pos.is_king(from)) {
          Bits occ = pos.occupied(), kings = pos.kings();
          occ.reset(from);
          kings.reset(from);
          to |= ray_flood(from, land,
                          [&](Cell x, int d) { return king_landing(x, d, occ, kings); });
        } else {
          const int k = layout::kTables.cls[from];
          to.w[k] |= flood(uint64_t{1} << layout::kTables.bit[from], edges[k], land.w[k]);
        }
        break;
      }
    }
    to &= (goal_lock && goal.test(from)) ? (dest & goal) : dest;
    return to;
  }
};


// Compile-time loops: every shift below is a constant, so each direction is
// two or three instructions and no branch.
template <int N, class F>
inline void unroll(F&& f) {
  [&]<int... I>(std::integer_sequence<int, I...>) {
    (f.template operator()<I>(), ...);
  }(std::make_integer_sequence<int, N>{});
}

// The whole-position generator for ordinary pieces under standard jumps (all
// of the standard tables, and the Japanese tables' pieces other than kings).
// Steps are done for all marbles of a class at once, by direction; jump
// chains marble by marble, but only for marbles that have a first jump.
// on_step(q, bits, d): the step targets in class q of direction d (each
// target's origin is one step back); on_jump(from, bits, k): the chain ends of
// the marble on `from`, in class k. Both receive destinations already
// filtered by zones and goal lock. kGoal: some mover stands in its goal under
// goal lock, so its destinations need the goal mask (rare: an endgame case,
// kept out of the common path).
struct StandardMasks {
  uint64_t land[4], ok[4], ok_goal[4], own[4], own_goal[4], pivots[4];
};

template <bool kGoal, class OnStep, class OnJump>
inline void standard_moves(const StandardMasks& m, OnStep&& on_step, OnJump&& on_jump) {
  unroll<4>([&]<int K>() {
    const uint64_t own = m.own[K] | (kGoal ? m.own_goal[K] : 0);
    if (!own) return;
    uint64_t e[kNumDirs], first = 0;
    unroll<kNumDirs>([&]<int D>() {
      constexpr int Q = kGeo.step_cls[K][D], S = kGeo.step_shift[K][D];
      constexpr uint64_t src = kGeo.step_src[K][D];
      uint64_t t = layout::shift(m.own[K] & src, S) & m.ok[Q];
      if constexpr (kGoal) t |= layout::shift(m.own_goal[K] & src, S) & m.ok_goal[Q];
      on_step(Q, t, D);
      e[D] = kGeo.jump_src[K][D] & layout::shift(m.pivots[Q], -S);
      first |= e[D] & layout::shift(m.land[K], -kGeo.jump_shift[D]);
    });
    for (uint64_t j = own & first; j; j &= j - 1) {
      const uint64_t b = j & -j;
      uint64_t reach = 0, front = b;
      while (front) {
        uint64_t next = 0;
        unroll<kNumDirs>([&]<int D>() {
          next |= layout::shift(front & e[D], kGeo.jump_shift[D]);
        });
        next &= m.land[K] & ~reach;
        reach |= next;
        front = next;
      }
      reach &= (kGoal && (m.own_goal[K] & b)) ? m.ok_goal[K] : m.ok[K];
      on_jump(Cell{layout::kTables.cell[K][std::countr_zero(b)]}, reach, K);
    }
  });
}

// Sets up the masks for `movers` (pieces of seat s) and runs the generator.
template <class OnStep, class OnJump>
inline void standard_moves(const Position& pos, Seat s, const Bits& movers, OnStep&& on_step,
                           OnJump&& on_jump) {
  const Rules& r = pos.rules();
  const Bits& occ = pos.occupied();
  const Bits& closed = r.zones == ZoneRule::kFree ? kNoBits : foreign_cells(s);
  const Bits& goal = goal_cells(r, s);
  const bool no_entry = r.zones == ZoneRule::kNoEntry, king = r.king();
  StandardMasks m;
  uint64_t in_goal = 0;
  for (int k = 0; k < 4; ++k) {
    const uint64_t empty = kAllCells.w[k] & ~occ.w[k];
    m.land[k] = no_entry ? empty & ~closed.w[k] : empty;
    m.ok[k] = empty & ~closed.w[k];
    m.ok_goal[k] = m.ok[k] & goal.w[k];
    m.own_goal[k] = r.goal_lock ? movers.w[k] & goal.w[k] : 0;
    m.own[k] = movers.w[k] & ~m.own_goal[k];
    m.pivots[k] = king ? occ.w[k] & ~pos.kings().w[k] : occ.w[k];
    in_goal |= m.own_goal[k];
  }
  if (in_goal)
    standard_moves<true>(m, on_step, on_jump);
  else
    standard_moves<false>(m, on_step, on_jump);
}

}  // namespace movegen_detail

// Calls f(from, destinations) for every marble of `mover` that has a move.
template <class F>
void for_each_marble(const Position& pos, Seat mover, F&& f) {
  const movegen_detail::Context ctx(pos, mover);
  pos.pieces(mover).for_each([&](Cell from) {
    const Bits to = ctx.destinations(from);
    if (to.any()) f(from, to);
  });
}

// Appends every legal move of `mover`'s marbles, in no particular order.
inline void generate(const Position& pos, Seat mover, MoveList& list) {
  using namespace movegen_detail;
  const Rules& r = pos.rules();
  Bits movers = pos.pieces(mover);
  if (r.jumps == JumpRule::kLong) {
    for_each_marble(pos, mover, [&](Cell from, const Bits& to) {
      to.for_each([&](Cell c) {
        list.push({static_cast<uint8_t>(from), static_cast<uint8_t>(c)});
      });
    });
    return;
  }
  if (r.king()) {  // the king by ray scans, the other pieces below
    const Bits king = movers & pos.kings();
    movers = movers.minus(king);
    if (king.any()) {
      const Context ctx(pos, mover);
      king.for_each([&](Cell from) {
        ctx.destinations(from).for_each([&](Cell c) {
          list.push({static_cast<uint8_t>(from), static_cast<uint8_t>(c)});
        });
      });
    }
  }
  standard_moves(
      pos, mover, movers,
      [&](int q, uint64_t t, int d) {
        for (; t; t &= t - 1) {
          const Cell to = layout::kTables.cell[q][std::countr_zero(t)];
          list.push({static_cast<uint8_t>(kGeo.nbr[to][opposite(d)]), static_cast<uint8_t>(to)});
        }
      },
      [&](Cell from, uint64_t t, int k) {
        for (; t; t &= t - 1)
          list.push({static_cast<uint8_t>(from),
                     static_cast<uint8_t>(layout::kTables.cell[k][std::countr_zero(t)])});
      });
}
inline void generate(const Position& pos, MoveList& list) {
  generate(pos, pos.to_move(), list);
}

// How many legal moves `mover` has (the leaves of a bulk-counting perft).
inline int count_moves(const Position& pos, Seat mover) {
  using namespace movegen_detail;
  const Rules& r = pos.rules();
  int n = 0;
  Bits movers = pos.pieces(mover);
  if (r.jumps == JumpRule::kLong) {
    for_each_marble(pos, mover, [&](Cell, const Bits& to) { n += to.count(); });
    return n;
  }
  if (r.king()) {
    const Bits king = movers & pos.kings();
    movers = movers.minus(king);
    if (king.any()) {
      const Context ctx(pos, mover);
      king.for_each([&](Cell from) { n += ctx.destinations(from).count(); });
    }
  }
  standard_moves(
      pos, mover, movers, [&](int, uint64_t t, int) { n += std::popcount(t); },
      [&](Cell, uint64_t t, int) { n += std::popcount(t); });
  return n;
}
inline int count_moves(const Position& pos) { return count_moves(pos, pos.to_move()); }

// Every legal move of `mover`, sorted by (from, to) cell index. Sorted by a
// bitmap of destinations per marble, not by comparisons: a third of the cost.
inline std::vector<Move> legal_moves(const Position& pos, Seat mover) {
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
      for (uint64_t x = to[i][k]; x; x &= x - 1)
        v.push_back({static_cast<uint8_t>(from[i]), static_cast<uint8_t>(64 * k + std::countr_zero(x))});
  return v;
}
inline std::vector<Move> legal_moves(const Position& pos) {
  return legal_moves(pos, pos.to_move());
}

// The destinations of the marble on `from` under its owner's rules (empty
// when no marble stands there).
inline Bits destinations(const Position& pos, Cell from) {
  const int8_t s = pos.at(from);
  if (s == kEmpty) return kNoBits;
  return movegen_detail::Context(pos, s).destinations(from);
}

inline bool is_legal(const Position& pos, Seat mover, Move m) {
  return m.from < kNumCells && m.to < kNumCells && pos.at(m.from) == mover &&
         destinations(pos, m.from).test(m.to);
}

}  // namespace sternhalma

#endif  // STERNHALMA_MOVEGEN_H_
