// king_flood.h — the king's chain ends (SPEC §3 "king"): a breadth-first
// search over the cells, each cell's jumps read off its three lines
// (lines.h). Internal to the generator's files, included by walk.h
// (TU-local like it, for the same reason: see walk.h).
//
// The line words come from a source (KingLines, or another with the same
// two calls), and a flood can record the cells it read (KingWatch), so that a
// caller who changes two cells knows whether the flood would go the same way
// after (perft's AfterMoves).
#ifndef STERNHALMA_INTERNAL_KING_FLOOD_H_
#define STERNHALMA_INTERNAL_KING_FLOOD_H_

#include <bit>
#include <cstdint>

#include "sternhalma/internal/lines.h"
#include "sternhalma/bits.h"
#include "sternhalma/cell.h"

namespace sternhalma::internal {
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
      for (int a = 0; a < kAxes; ++a)
        king_lines_ |= uint64_t{1} << kLines.line[c][a];
    });
  }
  uint64_t occ(int l) const { return line_word(occ_, l) | kLines.walls[l]; }
  uint64_t kings(int l) const { return (king_lines_ >> l) & 1 ? line_word(kings_, l) : 0; }

 private:
  Bits occ_, kings_;
  uint64_t king_lines_ = 0;  // bit l: line l holds a king
};

// The cells of p reached from the seeds g (cells of p) by steps along the
// line (up: towards higher bits) through cells of p only: a Kogge-Stone fill,
// 1 + 2 + 4 + 8 steps, enough for a line's 13 cells.
inline uint64_t fill_up(uint64_t g, uint64_t p) {
  g |= p & (g << 1);
  p &= p << 1;
  g |= p & (g << 2);
  p &= p << 2;
  g |= p & (g << 4);
  p &= p << 4;
  return g | (p & (g << 8));
}
inline uint64_t fill_down(uint64_t g, uint64_t p) {
  g |= p & (g >> 1);
  p &= p >> 1;
  g |= p & (g >> 2);
  p &= p >> 2;
  g |= p & (g >> 4);
  p &= p >> 4;
  return g | (p & (g >> 8));
}

// The cells a king's flood read, as line words (bit l of `lines`: line[l] is
// set). From a cell x on a line, the flood reads, in each direction, the
// cells from x's neighbour up to the first empty cell (the run and its
// landing, or the neighbour alone when it is empty, or up to the line's end):
// whether to jump at all, the run, the kings in it, the landing and whether
// the landing is still open are all read from those cells, and nothing else,
// whether the flood jumps from one cell at a time or from all the cells of a
// line at once.
struct KingWatch {
  uint64_t lines = 0;
  uint64_t line[kMaxLines];

  // From the cells s of line l (line bits), whose occupied cells are q.
  void add(int l, uint64_t s, uint64_t q) {
    const uint64_t up = (s << 1) | (fill_up((s << 1) & q, q) << 1);
    const uint64_t down = (s >> 1) | (fill_down((s >> 1) & q, q) >> 1);
    add_bits(l, up | down);
  }
  // From the one cell at bit b of line l, whose occupancy (walls set) is occ:
  // up to the lowest empty bit above b (all when none: x ^ (x - 1) of 0),
  // down to the highest below b (bit 0 is a wall, so `| 1` stands for none).
  void add(int l, uint64_t occ, int b) {
    const uint64_t above = ~occ & ~((uint64_t{2} << b) - 1);
    const uint64_t below = ~occ & ((uint64_t{1} << b) - 1);
    const uint64_t up = (above ^ (above - 1)) & ~((uint64_t{2} << b) - 1);
    const uint64_t down = ((uint64_t{1} << b) - 1) & ~(std::bit_floor(below | 1) - 1);
    add_bits(l, up | down);
  }
  void add_bits(int l, uint64_t read) {
    if (!((lines >> l) & 1)) line[l] = 0;
    lines |= uint64_t{1} << l;
    line[l] |= read & ~kLines.walls[l];
  }
  Bits cells() const {
    Bits out;
    for (uint64_t ls = lines; ls; ls &= ls - 1) {
      const int l = std::countr_zero(ls);
      add_line_cells(line[l], l, out);
    }
    return out;
  }
};

// The rest of a king's flood from the cells `front` (reached, not yet
// jumped from), round by round: on each line through the front, every front
// cell's jump along and against it at once. A jump goes over a run of marbles
// with no king and lands on the empty cell after it (SPEC §3;
// king_forward is the one jump): the runs are the fills through the
// line's marbles that are no king, started next to the cells, and the
// landings the empty cells just past them (a run that ends at a king or at
// the line's end has none). `open`: the cells the king may land on and has
// not reached; the cells reached leave it.
template <bool kWatch, class Lines>
void king_flood_wide(const Lines& src, Bits front, Bits& open, KingWatch* watch) {
  const auto& T = kLines;
  do {
    uint64_t ls = 0;  // the lines through the front
    front.for_each([&](Cell x) {
      for (int a = 0; a < kAxes; ++a) ls |= uint64_t{1} << T.line[x][a];
    });
    Bits next;
    for (; ls; ls &= ls - 1) {
      const int l = std::countr_zero(ls);
      const uint64_t s = line_word(front, l), o = src.occ(l), q = o & ~T.walls[l];
      if constexpr (kWatch) watch->add(l, s, q);
      const uint64_t p = q & ~src.kings(l);  // what a king jumps over
      const uint64_t up = fill_up((s << 1) & p, p) << 1, down = fill_down((s >> 1) & p, p) >> 1;
      const uint64_t ends = (up | down) & ~o;
      if (ends) add_line_cells(ends, l, next);
    }
    for (int k = 0; k < 4; ++k) {
      front.w[k] = next.w[k] & open.w[k];
      open.w[k] &= ~front.w[k];
    }
  } while (front.any());
}

// How many cells may wait in the breadth-first queue before the flood goes
// line by line (variants_bench, alternating: at 4, japanese-3's mid-game
// count_moves −22 % and generate −15 %, japanese-2's and the start
// unchanged; at 1, the start +15 %; at 3, japanese-2's count +10 %).
inline constexpr int kKingWide = 4;

// Every chain end of the king on `origin`, landing only on `land` (which
// excludes the origin), its lines read from `src` (occ(l), kings(l): the
// words without the origin). Breadth-first over the cells, a cell's jumps
// read off its three lines (king_forward/backward), while the flood is
// narrow (a king among its own camp, most chains); once more than kKingWide
// cells wait, they and all that follow line by line (king_flood_wide). With
// kWatch, the cells read go to *watch.
template <bool kWatch = false, class Lines>
Bits king_flood(const Lines& src, Cell origin, const Bits& land, KingWatch* watch = nullptr) {
  const auto& T = kLines;
  Bits open = land;
  Cell queue[kNumCells];
  int head = 0, tail = 0;
  queue[tail++] = origin;
  const auto visit = [&](int l, int y) {
    const LineTables::Spot s = T.spot[l][y];
    const uint64_t m = uint64_t{1} << s.bit;
    if (open.w[s.cls] & m) {
      open.w[s.cls] &= ~m;
      queue[tail++] = s.cell;
    }
  };
  while (head < tail) {
    if (tail - head > kKingWide) break;
    const Cell x = queue[head++];
    for (int a = 0; a < kAxes; ++a) {
      const int l = T.line[x][a], b = T.bit[x][a];
      const uint64_t o = src.occ(l);
      if constexpr (kWatch) watch->add(l, o, b);
      // A king jump starts over a neighbour: none on this axis, no jump.
      if (!(((o & ~T.walls[l]) >> (b - 1)) & 5)) continue;
      const uint64_t k = src.kings(l);
      visit(l, king_forward(o, k, b));
      visit(l, king_backward(o, k, b));
    }
  }
  if (head < tail) {  // a wide front: every waiting cell at once, line by line
    Bits front;
    for (int i = head; i < tail; ++i) front.set(queue[i]);
    king_flood_wide<kWatch>(src, front, open, watch);
  }
  return land.minus(open);
}

}  // namespace
}  // namespace sternhalma::internal

#endif  // STERNHALMA_INTERNAL_KING_FLOOD_H_
