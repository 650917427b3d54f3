// lines.h — the board's lines as bit strings, for long jumps and the king
// (SPEC §3). Internal to the generator (walk.h).
//
// A long or king jump from x in direction d depends only on the cells of x's
// line beyond x. So the generator reads each line of the board once, as one
// word (bit kLinePad + i: the line's i-th cell, in the order of its axis'
// direction), and a jump is then a few bit operations on that word, with no
// table per ray: the occupancy word has walls (set bits) everywhere off the
// line, so a ray's end needs no test of its own; a jump's landing is a bit of
// the same word, turned into a cell by one table look-up.
//
// Reading a line: its cells alternate between two parity classes and, inside
// a class, are evenly spaced bits of one word in the line's order (every
// axis' direction has a positive jump shift), so with BMI2 a line is two
// pext and two pdep. Without BMI2, the line's cells one by one.
#ifndef STERNHALMA_INTERNAL_LINES_H_
#define STERNHALMA_INTERNAL_LINES_H_

#include <array>
#include <bit>
#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "sternhalma/bits.h"
#include "sternhalma/cell.h"
#include "sternhalma/geometry.h"

namespace sternhalma::internal {

inline constexpr int kAxes = 3;
// The direction of each axis: a line's cells are numbered along it.
inline constexpr std::array<Dir, kAxes> kAxisDir = {kEast, kUpRight, kUpLeft};
inline constexpr int kLinePad = 16;      // bit of a line's first cell
inline constexpr int kMaxLines = 64;  // 51 on the star

struct LineTables {
  int count = 0;
  // [cell][axis]: the cell's line and its bit on it.
  std::array<std::array<uint8_t, kAxes>, kNumCells> line{}, bit{};
  // [cell]: the cell's three lines, as bits of a line set (bit l: line l).
  std::array<uint64_t, kNumCells> lines_of{};
  std::array<uint8_t, kMaxLines> axis_of{};  // [line]: its axis
  // [dir]: the axis of d, and whether d runs along it (else against).
  std::array<uint8_t, kNumDirs> axis{};
  std::array<bool, kNumDirs> forward{};
  // [line][bit]: the cell there as (cell, class, class bit); off the line,
  // cell 0 at class bit 63, which no cell set ever holds.
  struct Spot {
    int8_t cell;
    uint8_t cls, bit, unused;
  };
  std::array<std::array<Spot, 64>, kMaxLines> spot{};
  std::array<uint64_t, kMaxLines> walls{};  // every bit that is not a cell of the line
  // [line][parity of the position]: the class, its bits, and where they go.
  std::array<std::array<uint8_t, 2>, kMaxLines> cls{};
  std::array<std::array<uint64_t, 2>, kMaxLines> gather{}, deposit{};
};

constexpr LineTables make_line_tables() {
  LineTables t{};
  const auto& L = kLayout;
  for (auto& s : t.spot) s.fill({0, 0, 63, 0});
  for (int a = 0; a < kAxes; ++a) {
    const Dir fd = kAxisDir[a];
    t.axis[fd] = t.axis[opposite(fd)] = static_cast<uint8_t>(a);
    t.forward[fd] = true;
    for (Cell c = 0; c < kNumCells; ++c) {
      if (neighbour(c, opposite(fd)) != kNoCell) continue;  // not a line's first cell
      const int l = t.count++;
      t.axis_of[l] = static_cast<uint8_t>(a);
      uint64_t on = 0;
      int i = 0;
      for (Cell x = c; x != kNoCell; x = neighbour(x, fd), ++i) {
        const int b = kLinePad + i;
        t.line[x][a] = static_cast<uint8_t>(l);
        t.lines_of[x] |= uint64_t{1} << l;
        t.bit[x][a] = static_cast<uint8_t>(b);
        t.spot[l][b] = {static_cast<int8_t>(x), L.cls[x], L.bit[x], 0};
        on |= uint64_t{1} << b;
        t.cls[l][i % 2] = L.cls[x];
        t.gather[l][i % 2] |= uint64_t{1} << L.bit[x];
        t.deposit[l][i % 2] |= uint64_t{1} << b;
      }
      t.walls[l] = ~on;
    }
  }
  return t;
}
inline constexpr LineTables kLines = make_line_tables();
static_assert(kLines.count <= kMaxLines);
static_assert(kGeo.jump_shift[kEast] > 0 && kGeo.jump_shift[kUpRight] > 0 &&
                  kGeo.jump_shift[kUpLeft] > 0,
              "pext gathers a line in its order");

// The cells of `set` on line l, as the line's bit string (no walls).
inline uint64_t line_word(const Bits& set, int l) {
  const LineTables& t = kLines;
#if defined(__BMI2__)
  return _pdep_u64(_pext_u64(set.w[t.cls[l][0]], t.gather[l][0]), t.deposit[l][0]) |
         _pdep_u64(_pext_u64(set.w[t.cls[l][1]], t.gather[l][1]), t.deposit[l][1]);
#else
  uint64_t r = 0;
  for (int b = kLinePad; t.spot[l][b].bit != 63; ++b)
    if (set.test(t.spot[l][b].cell)) r |= uint64_t{1} << b;
  return r;
#endif
}

// The other way: the cells of line l whose bits are set in `line` (walls
// ignored), added to `out`.
inline void add_line_cells(uint64_t line, int l, Bits& out) {
  const LineTables& t = kLines;
#if defined(__BMI2__)
  out.w[t.cls[l][0]] |= _pdep_u64(_pext_u64(line, t.deposit[l][0]), t.gather[l][0]);
  out.w[t.cls[l][1]] |= _pdep_u64(_pext_u64(line, t.deposit[l][1]), t.gather[l][1]);
#else
  for (uint64_t w = line & ~t.walls[l]; w; w &= w - 1) {
    const LineTables::Spot s = t.spot[l][std::countr_zero(w)];
    out.w[s.cls] |= uint64_t{1} << s.bit;
  }
#endif
}

// Where one jump from bit b lands on a line whose occupancy is occ (with
// walls) and whose kings are kings: a bit of the line, or 0 (off the line)
// when there is no such jump. The landing is always empty.
//
// Long jump (over the nearest marble, m+1 away, onto the cell m+1 beyond it,
// the cells in between empty), along the line and against it.
inline int long_forward(uint64_t occ, int b) {
  const uint64_t r = occ >> (b + 1);  // the ray, nearest first; never 0 (walls)
  const int m = std::countr_zero(r);
  return (r >> (m + 1)) & ((uint64_t{2} << m) - 1) ? 0 : b + 2 * m + 2;
}
inline int long_backward(uint64_t occ, int b) {
  const int p = std::bit_width(occ & ((uint64_t{1} << b) - 1)) - 1;  // the nearest marble (or wall)
  const int land = 2 * p - b;  // >= 0: b < 2 * kLinePad
  return (occ >> land) & ((uint64_t{1} << (b - p)) - 1) ? 0 : land;
}
// King jump (over a run of marbles holding no king, onto the first cell
// after it).
inline int king_forward(uint64_t occ, uint64_t kings, int b) {
  const int run = std::countr_one(occ >> (b + 1));
  const int land = b + 1 + run;  // 64 when the run reaches the walls
  if (run == 0 || land > 63 || ((kings >> (b + 1)) & ((uint64_t{1} << run) - 1))) return 0;
  return land;
}
inline int king_backward(uint64_t occ, uint64_t kings, int b) {
  const uint64_t empty_below = ~occ & ((uint64_t{1} << b) - 1);  // the walls are not empty
  const int land = std::bit_width(empty_below) - 1;             // -1: none
  const int run = b - 1 - land;
  if (land < 0 || run == 0 || ((kings >> (land + 1)) & ((uint64_t{1} << run) - 1))) return 0;
  return land;
}

}  // namespace sternhalma::internal

#endif  // STERNHALMA_INTERNAL_LINES_H_
