// movegen.cpp — the public generator calls of movegen.h (generate,
// count_moves, has_move, legal_moves, destinations, is_legal, jump_landings),
// each one walk (walk.h) with a sink that lists or counts.
#include "sternhalma/internal/walk.h"  // first: its pragma must cover this file (walk.h)

#include "sternhalma/movegen.h"

namespace sternhalma {

using namespace internal;  // the generator's machinery, this file's own

namespace {

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
  const Targets t = targets(pos, s);  // the origin is not in t.land
  const Chain chain(pos, origin);
  int n = 0;
  for (const Dir d : kAllDirs) {
    const Cell y = chain.landing(x, d);
    if (y != kNoCell && t.land.test(y) && !t.leaves_goal(x, y)) out[n++] = y;
  }
  std::sort(out, out + n);
  return n;
}

}  // namespace sternhalma
