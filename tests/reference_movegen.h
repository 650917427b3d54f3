// reference_movegen.h — a second, deliberately simple move generator, for the
// tests only.
//
// Why: the library's generator (movegen.h) is fast because it is clever —
// parity-class bitboards, flood fills, precomputed rays and camp tables. A
// perft number that the fast generator computes could be wrong in a way a
// constant in a test happens to share. This file re-derives SPEC §1–§3 from
// the text, in the plainest way: a 17x17 array indexed by axial coordinates,
// neighbours computed on the fly, points and camps from the SPEC's
// inequalities, and a per-path depth-first search of every jump chain (the
// origin emptied during the chain, no cell landed on twice, never the
// origin). It shares nothing with movegen.h, bits.h or geometry.h: only
// cell.h (to translate a cell index to coordinates) and Position (to read the
// board it is given) are used.
//
// The same search, recording each chain as it walks it, gives every move's
// routes (routes() below): SPEC §3's canonical path and paths.h's ordered
// list, held against paths.cpp's own search.
//
// Slow on purpose; fine for perft to depth 3 and a few thousand positions.
#ifndef STERNHALMA_TESTS_REFERENCE_MOVEGEN_H_
#define STERNHALMA_TESTS_REFERENCE_MOVEGEN_H_

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "sternhalma/cell.h"
#include "sternhalma/move.h"
#include "sternhalma/position.h"
#include "sternhalma/rules.h"

namespace sternhalma::ref {

// ---- Geometry, from SPEC §1 --------------------------------------------

inline bool on_star(int q, int r) {
  const int s = -q - r;
  return (q <= 4 && r <= 4 && s <= 4) || (q >= -4 && r >= -4 && s >= -4);
}

// (line, row) steps: east, west, up-right, up-left, down-left, down-right.
inline constexpr int kDq[6] = {+1, -1, 0, -1, 0, +1};
inline constexpr int kDr[6] = {0, 0, +1, +1, -1, -1};

// Which 10-cell point (q, r) lies in, or -1 for the hexagon (SPEC §1).
inline int point_at(int q, int r) {
  const int s = -q - r;
  if (r <= -5) return 0;
  if (s >= 5) return 1;
  if (q <= -5) return 2;
  if (r >= 5) return 3;
  if (s <= -5) return 4;
  if (q >= 5) return 5;
  return -1;
}

// One sixth of a turn clockwise about i9: (q, r, s) -> (-s, -q, -r).
inline void turn_cw(int& q, int& r) {
  const int s = -q - r;
  const int nq = -s, nr = -q;
  q = nq;
  r = nr;
}

// Point 0's 15-cell camp is `r <= -4 && q <= 4 && s <= 4`; camp p is that
// set turned p sixths clockwise, so (q, r) is in camp p when turning it
// (6 - p) more sixths brings it into camp 0.
inline bool in_camp15(int p, int q, int r) {
  for (int i = 0; i < (6 - p) % 6; ++i) turn_cw(q, r);
  const int s = -q - r;
  return r <= -4 && q <= 4 && s <= 4;
}

inline bool in_camp(int p, int marbles, int q, int r) {
  return marbles == 15 ? in_camp15(p, q, r) : point_at(q, r) == p;
}

// The tip of point p: m1 = (4, -8) for point 0, turned p sixths.
inline void tip_of(int p, int& q, int& r) {
  q = 4;
  r = -8;
  for (int i = 0; i < p; ++i) turn_cw(q, r);
}

// A cell is foreign to seat p when it is in a 10-cell point that is neither
// p's home point nor the point opposite (SPEC §3).
inline bool foreign_to(int p, int q, int r) {
  const int pt = point_at(q, r);
  return pt >= 0 && pt != p && pt != (p + 3) % 6;
}

// ---- The board ---------------------------------------------------------

struct Board {
  // owner[q+8][r+8]: the seat on the cell, -1 empty, -2 off the star.
  int owner[17][17];
  bool king[17][17];
  int to_move = 0;

  int at(int q, int r) const {
    if (q < -8 || q > 8 || r < -8 || r > 8) return -2;
    return owner[q + 8][r + 8];
  }
  bool is_king(int q, int r) const { return at(q, r) >= 0 && king[q + 8][r + 8]; }
  void set(int q, int r, int who, bool k) {
    owner[q + 8][r + 8] = who;
    king[q + 8][r + 8] = k;
  }
};

inline Board board_of(const Position& pos) {
  Board b{};
  for (int q = -8; q <= 8; ++q)
    for (int r = -8; r <= 8; ++r) b.set(q, r, on_star(q, r) ? -1 : -2, false);
  for (Cell c = 0; c < kNumCells; ++c) {
    const Hex h = hex_of(c);
    const int8_t s = pos.at(c);
    if (s != kEmpty) b.set(h.q, h.r, s, pos.is_king(c));
  }
  b.to_move = pos.to_move();
  return b;
}

// ---- Moves -------------------------------------------------------------

struct Searcher {
  const Board& b;
  const Rules& rules;
  int seat;  // the marble's owner: its zones and goal apply
  int oq, orr;
  bool mover_is_king;
  bool visited[17][17] = {};
  std::set<std::pair<int, int>> reached;
  long long paths = 0;

  // Occupied for the chain: the origin counts as empty.
  bool occupied(int q, int r) const {
    if (q == oq && r == orr) return false;
    return b.at(q, r) >= 0;
  }
  bool empty(int q, int r) const {
    if (q == oq && r == orr) return true;
    return b.at(q, r) == -1;
  }
  bool king_at(int q, int r) const {
    if (q == oq && r == orr) return false;
    return b.is_king(q, r);
  }
  // May the marble land on (q, r) at all, mid-chain or at the end?
  bool may_land(int q, int r) const {
    if (q == oq && r == orr) return false;  // never on the origin
    if (!empty(q, r)) return false;
    if (rules.zones == ZoneRule::kNoEntry && foreign_to(seat, q, r)) return false;
    return true;
  }

  // The landing of one jump from (q, r) in direction d, if any.
  bool jump(int q, int r, int d, int& lq, int& lr) const {
    const int dq = kDq[d], dr = kDr[d];
    if (rules.jumps == JumpRule::kLong) {
      // k-1 empty cells, the pivot at distance k, k-1 empty, land at 2k.
      int k = 1;
      while (b.at(q + k * dq, r + k * dr) != -2 && empty(q + k * dq, r + k * dr)) ++k;
      if (!occupied(q + k * dq, r + k * dr)) return false;  // ran off the star
      for (int i = k + 1; i < 2 * k; ++i)
        if (!empty(q + i * dq, r + i * dr)) return false;
      lq = q + 2 * k * dq;
      lr = r + 2 * k * dr;
      return b.at(lq, lr) != -2 && empty(lq, lr);
    }
    if (rules.jumps == JumpRule::kKing && mover_is_king) {
      // A run of one or more occupied cells, none a king; the first empty after.
      int i = 1;
      while (occupied(q + i * dq, r + i * dr)) {
        if (king_at(q + i * dq, r + i * dr)) return false;
        ++i;
      }
      if (i == 1) return false;
      lq = q + i * dq;
      lr = r + i * dr;
      return b.at(lq, lr) != -2 && empty(lq, lr);
    }
    // Standard (and an ordinary piece under the king rule).
    if (!occupied(q + dq, r + dr)) return false;
    if (rules.jumps == JumpRule::kKing && king_at(q + dq, r + dr)) return false;
    lq = q + 2 * dq;
    lr = r + 2 * dr;
    return b.at(lq, lr) != -2 && empty(lq, lr);
  }

  // Strict goal lock (SPEC §11), read per path: once the marble has been in
  // its goal (at the start or on a landing of this chain), a landing outside
  // it ends the path there.
  bool in_goal(int q, int r) const { return in_camp((seat + 3) % 6, rules.marbles, q, r); }
  bool strict_refuses(bool been_in_goal, int lq, int lr) const {
    return rules.goal_lock == GoalLock::kStrict && been_in_goal && !in_goal(lq, lr);
  }

  void dfs(int q, int r, bool been_in_goal) {
    ++paths;
    for (int d = 0; d < 6; ++d) {
      int lq, lr;
      if (!jump(q, r, d, lq, lr)) continue;
      if (!may_land(lq, lr) || visited[lq + 8][lr + 8]) continue;
      if (strict_refuses(been_in_goal, lq, lr)) continue;
      visited[lq + 8][lr + 8] = true;
      reached.insert({lq, lr});
      dfs(lq, lr, been_in_goal || in_goal(lq, lr));
      visited[lq + 8][lr + 8] = false;
    }
  }
};

// Every destination of the marble on `from` under its owner's rules, sorted
// by cell index.
inline std::vector<Cell> destinations(const Board& b, const Rules& rules, Cell from,
                                      long long* paths = nullptr) {
  const Hex h = hex_of(from);
  const int seat = b.at(h.q, h.r);
  std::vector<Cell> out;
  if (seat < 0) return out;
  Searcher s{b, rules, seat, h.q, h.r, b.is_king(h.q, h.r), {}, {}, 0};
  // Steps.
  for (int d = 0; d < 6; ++d) {
    const int q = h.q + kDq[d], r = h.r + kDr[d];
    if (b.at(q, r) != -2 && s.may_land(q, r)) s.reached.insert({q, r});
  }
  // Jump chains.
  s.visited[h.q + 8][h.r + 8] = true;
  s.dfs(h.q, h.r, s.in_goal(h.q, h.r));
  if (paths) *paths += s.paths;
  const bool locked = rules.goal_lock != GoalLock::kNo && s.in_goal(h.q, h.r);
  for (const auto& [q, r] : s.reached) {
    if (rules.zones == ZoneRule::kClosed && foreign_to(seat, q, r)) continue;
    if (locked && !in_camp((seat + 3) % 6, rules.marbles, q, r)) continue;
    out.push_back(cell_at(Hex{q, r}));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Every legal move of `mover`'s marbles, sorted by (from, to).
inline std::vector<Move> moves(const Board& b, const Rules& rules, int mover) {
  std::vector<Move> out;
  for (Cell c = 0; c < kNumCells; ++c) {
    const Hex h = hex_of(c);
    if (b.at(h.q, h.r) != mover) continue;
    for (Cell to : destinations(b, rules, c))
      out.push_back({static_cast<uint8_t>(c), static_cast<uint8_t>(to)});
  }
  return out;
}

// ---- Routes (SPEC §3's canonical path, paths.h's list) -----------------

// Every route of the marble on `from` to each of its legal destinations: the
// step (when `to` is a neighbour) and every jump chain, found by the same
// per-path search as destinations(), each chain recorded as it is walked.
// Listed as paths.h promises: the step first, then the chains in
// lexicographic order of their cell indices. More than `cap` chains in all
// for the marble: `complete` is false and the lists are only partial (the
// canonical path below is then still exact: it is searched without a cap).
struct Routes {
  std::vector<Cell> to;                     // the destinations, sorted
  std::vector<std::vector<std::vector<Cell>>> routes;  // routes[i]: to[i]'s
  std::vector<std::vector<Cell>> canonical;            // canonical[i]: to[i]'s
  bool complete = true;
};

inline Routes routes(const Board& b, const Rules& rules, Cell from, size_t cap) {
  Routes out;
  out.to = destinations(b, rules, from);
  const Hex h = hex_of(from);
  Searcher s{b, rules, b.at(h.q, h.r), h.q, h.r, b.is_king(h.q, h.r), {}, {}, 0};
  std::vector<std::vector<std::vector<Cell>>> chains(kNumCells);
  std::vector<std::vector<Cell>> best(kNumCells);
  std::vector<Cell> path{from};
  size_t found = 0;
  // The canonical chain: fewest jumps, then the smallest sequence of indices.
  const auto better = [](const std::vector<Cell>& a, const std::vector<Cell>& b) {
    return b.empty() || a.size() < b.size() || (a.size() == b.size() && a < b);
  };
  const auto walk = [&](auto&& self, int q, int r, bool been_in_goal) -> void {
    for (int d = 0; d < 6; ++d) {
      int lq, lr;
      if (!s.jump(q, r, d, lq, lr)) continue;
      if (!s.may_land(lq, lr) || s.visited[lq + 8][lr + 8]) continue;
      if (s.strict_refuses(been_in_goal, lq, lr)) continue;
      s.visited[lq + 8][lr + 8] = true;
      const Cell c = cell_at(Hex{lq, lr});
      path.push_back(c);
      if (better(path, best[c])) best[c] = path;
      if (found < cap) chains[c].push_back(path);
      if (++found > cap) out.complete = false;
      self(self, lq, lr, been_in_goal || s.in_goal(lq, lr));
      path.pop_back();
      s.visited[lq + 8][lr + 8] = false;
    }
  };
  s.visited[h.q + 8][h.r + 8] = true;
  walk(walk, h.q, h.r, s.in_goal(h.q, h.r));
  for (const Cell t : out.to) {
    std::vector<std::vector<Cell>> list;
    const Hex th = hex_of(t);
    bool step = false;
    for (int d = 0; d < 6; ++d) step |= (h.q + kDq[d] == th.q && h.r + kDr[d] == th.r);
    if (step) list.push_back({from, t});
    std::sort(chains[t].begin(), chains[t].end());
    list.insert(list.end(), chains[t].begin(), chains[t].end());
    out.routes.push_back(std::move(list));
    out.canonical.push_back(step ? std::vector<Cell>{from, t} : best[t]);
  }
  return out;
}

inline std::vector<Move> moves(const Position& pos, Seat mover) {
  return moves(board_of(pos), pos.rules(), mover);
}
inline std::vector<Move> moves(const Position& pos) { return moves(pos, pos.to_move()); }

// The next played seat clockwise that still has a marble on the board
// (perft.h's convention for mid-game positions; at a start it is simply the
// next played seat).
inline int next_seat(const Board& b, const Rules& rules, int s) {
  auto has_marble = [&](int seat) {
    for (int q = -8; q <= 8; ++q)
      for (int r = -8; r <= 8; ++r)
        if (b.at(q, r) == seat) return true;
    return false;
  };
  for (int i = 1; i <= 6; ++i) {
    const int t = (s + i) % 6;
    if (rules.plays(t) && has_marble(t)) return t;
  }
  for (int i = 1; i <= 6; ++i)
    if (rules.plays((s + i) % 6)) return (s + i) % 6;
  return s;
}

// Move sequences of length `depth` (SPEC §10); a seat with no move passes,
// which counts as one sequence. Every ply is generated (no bulk counting).
inline uint64_t perft(Board& b, const Rules& rules, int depth) {
  if (depth == 0) return 1;
  const int mover = b.to_move;
  const std::vector<Move> list = moves(b, rules, mover);
  const int next = next_seat(b, rules, mover);
  b.to_move = next;
  uint64_t total = 0;
  if (list.empty()) total = perft(b, rules, depth - 1);
  for (const Move m : list) {
    const Hex f = hex_of(m.from), t = hex_of(m.to);
    const bool k = b.is_king(f.q, f.r);
    b.set(t.q, t.r, mover, k);
    b.set(f.q, f.r, -1, false);
    total += perft(b, rules, depth - 1);
    b.set(f.q, f.r, mover, k);
    b.set(t.q, t.r, -1, false);
  }
  b.to_move = mover;
  return total;
}

inline uint64_t perft(const Position& pos, int depth) {
  Board b = board_of(pos);
  return perft(b, pos.rules(), depth);
}

// The start of a table, built from the SPEC's camp inequalities: every cell
// of each played seat's camp (10 or 15), the king on the tip when the table
// has kings. Returned as (seat, cell, king) triples sorted by cell.
struct Piece {
  int seat;
  Cell cell;
  bool king;
  bool operator==(const Piece&) const = default;
};
inline std::vector<Piece> start_pieces(const Rules& rules) {
  std::vector<Piece> out;
  for (Cell c = 0; c < kNumCells; ++c) {
    const Hex h = hex_of(c);
    for (int p = 0; p < 6; ++p) {
      if (!rules.plays(p) || !in_camp(p, rules.marbles, h.q, h.r)) continue;
      int tq, tr;
      tip_of(p, tq, tr);
      out.push_back({p, c, rules.jumps == JumpRule::kKing && tq == h.q && tr == h.r});
    }
  }
  return out;
}

}  // namespace sternhalma::ref

#endif  // STERNHALMA_TESTS_REFERENCE_MOVEGEN_H_
