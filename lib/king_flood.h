// king_flood.h — the king's chain ends (SPEC §3 "king"): a breadth-first
// search over the cells, each cell's jumps read off its three lines
// (lines.h). Internal to the generator's files, included by lib/walk.h
// (TU-local like it, for the same reason: see walk.h).
//
// The line words come from a source (KingLines, or another with the same
// two calls), and a flood can record the cells it read (KingWatch), so that a
// caller who changes two cells knows whether the flood would go the same way
// after (perft's AfterMoves).
#ifndef STERNHALMA_LIB_KING_FLOOD_H_
#define STERNHALMA_LIB_KING_FLOOD_H_

#include <bit>
#include <cstdint>

#include "lines.h"
#include "sternhalma/bits.h"
#include "sternhalma/cell.h"

namespace sternhalma::gen {
namespace {

// The lines as the king on `origin` sees them: the occupancy word of each
// line (walls set) and its kings, both without the origin (it is empty during
// the chain). Only the lines through another king have a kings word to read.
// A line is read each time it is asked for: kept in an array with a bit per
// line read, the words cost japanese-2's mid-game count_moves 45 % (the
// stores and the branch cost more than the two pext and two pdep).
class KingLines {
 public:
  KingLines(const Bits& occupied, const Bits& kings, Cell origin) : occ_(occupied), kings_(kings) {
    occ_.reset(origin);
    kings_.reset(origin);
    kings_.for_each([&](Cell c) {
      for (int a = 0; a < lines::kAxes; ++a) king_lines_ |= uint64_t{1} << lines::kTables.line[c][a];
    });
  }
  uint64_t occ(int l) const { return lines::word(occ_, l) | lines::kTables.walls[l]; }
  uint64_t kings(int l) const { return (king_lines_ >> l) & 1 ? lines::word(kings_, l) : 0; }

 private:
  Bits occ_, kings_;
  uint64_t king_lines_ = 0;  // bit l: line l holds a king
};

// The cells a king's flood read, as line words (bit l of `lines`: line[l] is
// set). At a cell x with bit b on a line, the flood reads, in each direction,
// the cells from x's neighbour up to the first empty cell (the run and its
// landing, or the neighbour alone when it is empty, or up to the line's end):
// whether to jump at all, the run, the kings in it, the landing and whether
// the landing is still open are all read from those cells, and nothing else.
struct KingWatch {
  uint64_t lines = 0;
  uint64_t line[lines::kMaxLines];

  void add(int l, uint64_t occ, int b) {
    // Up to the lowest empty bit above b (all when none: x ^ (x - 1) of 0),
    // down to the highest below b (bit 0 is a wall, so `| 1` stands for none).
    const uint64_t above = ~occ & ~((uint64_t{2} << b) - 1), below = ~occ & ((uint64_t{1} << b) - 1);
    const uint64_t up = (above ^ (above - 1)) & ~((uint64_t{2} << b) - 1);
    const uint64_t down = ((uint64_t{1} << b) - 1) & ~(std::bit_floor(below | 1) - 1);
    if (!((lines >> l) & 1)) line[l] = 0;
    lines |= uint64_t{1} << l;
    line[l] |= (up | down) & ~lines::kTables.walls[l];
  }
  Bits cells() const {
    Bits out;
    for (uint64_t ls = lines; ls; ls &= ls - 1) {
      const int l = std::countr_zero(ls);
      lines::add_cells(line[l], l, out);
    }
    return out;
  }
};

// Every chain end of the king on `origin`, landing only on `land` (which
// excludes the origin): breadth-first over the cells, a cell's six jumps
// read off its three lines from `src` (occ(l), kings(l): the words without
// the origin). With kWatch, the cells read go to *watch.
template <bool kWatch = false, class Lines>
Bits king_flood(const Lines& src, Cell origin, const Bits& land, KingWatch* watch = nullptr) {
  const auto& T = lines::kTables;
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
      const uint64_t o = src.occ(l);
      if constexpr (kWatch) watch->add(l, o, b);
      // A king jump starts over a neighbour: none on this axis, no jump.
      if (!(((o & ~T.walls[l]) >> (b - 1)) & 5)) continue;
      const uint64_t k = src.kings(l);
      visit(l, lines::king_forward(o, k, b));
      visit(l, lines::king_backward(o, k, b));
    }
  }
  return land.minus(open);
}

}  // namespace
}  // namespace sternhalma::gen

#endif  // STERNHALMA_LIB_KING_FLOOD_H_
