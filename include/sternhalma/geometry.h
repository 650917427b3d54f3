/// @file
/// geometry.h — directions, neighbours, rays, the six points and camps, and the
/// symmetries of the star. Every table is computed once, at compile time.
#ifndef STERNHALMA_GEOMETRY_H_
#define STERNHALMA_GEOMETRY_H_

#include <array>
#include <cmath>
#include <cstdint>

#include "sternhalma/bits.h"
#include "sternhalma/cell.h"

namespace sternhalma {

/// The six directions, in the rule book's order: east, west, up-right, up-left,
/// down-left, down-right.
enum Dir : int { kEast, kWest, kUpRight, kUpLeft, kDownLeft, kDownRight };
inline constexpr int kNumDirs = 6;  ///< the six directions
/// The directions in order, to loop over.
inline constexpr std::array<Dir, kNumDirs> kAllDirs = {kEast,   kWest,     kUpRight,
                                                       kUpLeft, kDownLeft, kDownRight};
/// kDirs[d]: the axial step of direction d.
inline constexpr std::array<Hex, kNumDirs> kDirs = {
    Hex{+1, 0}, Hex{-1, 0}, Hex{0, +1}, Hex{-1, +1}, Hex{0, -1}, Hex{+1, -1}};
/// The direction opposite d (east <-> west, ...).
constexpr int opposite(int d) {
  constexpr int kOpposite[kNumDirs] = {kWest, kEast, kDownLeft, kDownRight, kUpRight, kUpLeft};
  return kOpposite[d];
}

/// The sum of two axial vectors.
constexpr Hex operator+(Hex a, Hex b) { return {a.q + b.q, a.r + b.r}; }
/// k times an axial vector.
constexpr Hex operator*(int k, Hex a) { return {k * a.q, k * a.r}; }

/// Steps between cells a and b on the hex grid (rule book §1).
constexpr int hex_distance(Cell a, Cell b) {
  const Hex x = hex_of(a), y = hex_of(b);
  const int dq = x.q - y.q, dr = x.r - y.r, ds = x.s() - y.s();
  const int aq = dq < 0 ? -dq : dq, ar = dr < 0 ? -dr : dr, as = ds < 0 ? -ds : ds;
  return (aq + ar + as) / 2;
}

/// Points, numbered clockwise from the bottom: 0 bottom, 1 lower-left, 2
/// upper-left, 3 top, 4 upper-right, 5 lower-right. p is opposite (p+3) % 6.
inline constexpr int kNumPoints = 6;
/// The point opposite p: its goal.
constexpr int opposite_point(int p) { return (p + 3) % 6; }

namespace internal {

// One step of clockwise rotation about i9: point p's cells go to point p+1.
constexpr Hex rotate_cw(Hex h) { return {-h.s(), -h.q}; }

struct GeoTables {
  std::array<std::array<int8_t, kNumDirs>, kNumCells> nbr{};
  // ray[c][d]: the cells from c in direction d, nearest first; len[c][d] of them.
  std::array<std::array<std::array<int8_t, 16>, kNumDirs>, kNumCells> ray{};
  std::array<std::array<uint8_t, kNumDirs>, kNumCells> ray_len{};
  std::array<Bits, kNumCells> nbr_bits{};
  std::array<int, kNumCells> point_of{};     // -1 for the hexagon
  std::array<Bits, kNumPoints> point{};      // the 10-cell points
  std::array<Bits, kNumPoints> camp{};       // the 15-cell camps
  std::array<Bits, kNumPoints> foreign{};    // foreign to the seat on point p
  std::array<Cell, kNumPoints> tip{};
  std::array<std::array<int8_t, kNumCells>, 6> rot{};  // rot[k][c]: k steps cw
  std::array<int8_t, kNumCells> mirror{};
  // Layout shifts: a step in direction d from class k lands in class
  // step_cls[k][d] at bit + step_shift[k][d]; a jump keeps the class and moves
  // by jump_shift[d]. *_src masks say which cells of a class may make that move
  // (target on the board), so that no shift ever reaches a false neighbour.
  std::array<std::array<int8_t, kNumDirs>, 4> step_cls{}, step_shift{};
  std::array<int8_t, kNumDirs> jump_shift{};
  std::array<std::array<uint64_t, kNumDirs>, 4> step_src{}, jump_src{};
};

constexpr GeoTables make_geo_tables() {
  GeoTables t{};
  const auto& L = kLayout;
  for (Cell c = 0; c < kNumCells; ++c) {
    const Hex h = hex_of(c);
    for (int d = 0; d < kNumDirs; ++d) {
      t.nbr[c][d] = static_cast<int8_t>(cell_at(h + kDirs[d]));
      if (t.nbr[c][d] >= 0) t.nbr_bits[c].set(t.nbr[c][d]);
      int n = 0;
      for (Hex x = h + kDirs[d]; cell_at(x) != kNoCell; x = x + kDirs[d])
        t.ray[c][d][n++] = static_cast<int8_t>(cell_at(x));
      t.ray_len[c][d] = static_cast<uint8_t>(n);
      const Cell one = cell_at(h + kDirs[d]), two = cell_at(h + 2 * kDirs[d]);
      if (one != kNoCell) t.step_src[L.cls[c]][d] |= uint64_t{1} << L.bit[c];
      if (one != kNoCell && two != kNoCell)
        t.jump_src[L.cls[c]][d] |= uint64_t{1} << L.bit[c];
    }
    const int q = h.q, r = h.r, s = h.s();
    int p = -1;
    if (r <= -5) p = 0;
    else if (s >= 5) p = 1;
    else if (q <= -5) p = 2;
    else if (r >= 5) p = 3;
    else if (s <= -5) p = 4;
    else if (q >= 5) p = 5;
    t.point_of[c] = p;
    if (p >= 0) t.point[p].set(c);
  }
  // Camp 0 is point 0 plus the hexagon edge next to it; the others by rotation.
  for (Cell c = 0; c < kNumCells; ++c) {
    const Hex h = hex_of(c);
    Hex x = h;
    for (int k = 0; k < 6; ++k) {
      t.rot[k][c] = static_cast<int8_t>(cell_at(x));
      x = rotate_cw(x);
    }
    t.mirror[c] = static_cast<int8_t>(cell_at(Hex{h.s(), h.r}));
    if (h.r <= -4 && h.q <= 4 && h.s() <= 4)
      for (int k = 0; k < 6; ++k) t.camp[k].set(t.rot[k][c]);
  }
  t.tip[0] = cell_at(Hex{4, -8});
  for (int k = 1; k < 6; ++k) t.tip[k] = t.rot[k][t.tip[0]];
  for (int p = 0; p < 6; ++p)
    for (int o = 0; o < 6; ++o)
      if (o != p && o != opposite_point(p)) t.foreign[p] |= t.point[o];
  // Layout shifts. Any cell of class k gives the same shift; find one whose
  // neighbour exists.
  for (int d = 0; d < kNumDirs; ++d) {
    t.jump_shift[d] = static_cast<int8_t>(kA * kDirs[d].q + kB * kDirs[d].r);
    for (int k = 0; k < 4; ++k)
      for (Cell c = 0; c < kNumCells; ++c)
        if (L.cls[c] == k && t.nbr[c][d] >= 0) {
          const Cell n = t.nbr[c][d];
          t.step_cls[k][d] = static_cast<int8_t>(L.cls[n]);
          t.step_shift[k][d] = static_cast<int8_t>(L.bit[n] - L.bit[c]);
          break;
        }
  }
  return t;
}

inline constexpr GeoTables kGeo = make_geo_tables();

}  // namespace internal

/// The neighbour of c in direction d, or kNoCell.
constexpr Cell neighbour(Cell c, int d) { return internal::kGeo.nbr[c][d]; }
/// The neighbours of c.
constexpr const Bits& neighbours(Cell c) { return internal::kGeo.nbr_bits[c]; }

/// Which point c lies in (0..5), or -1 for the central hexagon.
constexpr int point_of(Cell c) { return internal::kGeo.point_of[c]; }
/// The ten cells of point p.
constexpr const Bits& point_cells(int p) { return internal::kGeo.point[p]; }
/// Point p with the five hexagon cells of its edge (15-marble games).
constexpr const Bits& camp_cells(int p) { return internal::kGeo.camp[p]; }
/// Cells of the camp (10 or 15 marbles) of point p.
constexpr const Bits& home_cells(int p, int marbles) {
  return marbles == 15 ? camp_cells(p) : point_cells(p);
}
/// The points that are neither p's home nor p's goal (rule book §3 "foreign").
constexpr const Bits& foreign_cells(int p) { return internal::kGeo.foreign[p]; }
/// The farthest cell of point p (m1 for point 0, e17 for point 3).
constexpr Cell tip_cell(int p) { return internal::kGeo.tip[p]; }

/// c rotated k sixths of a turn clockwise about i9 (point p -> point p+k).
constexpr Cell rotate(Cell c, int k) { return internal::kGeo.rot[((k % 6) + 6) % 6][c]; }
/// c mirrored in the vertical axis through m1 and e17 (points 1<->5, 2<->4).
constexpr Cell reflect(Cell c) { return internal::kGeo.mirror[c]; }

/// 2-D drawing coordinates: x = q + r/2, y = r*sqrt(3)/2 (row 1 at the bottom).
struct Point2 {
  /// @{
  double x, y;  ///< drawing coordinates, one cell apart
  /// @}
};
/// The drawing coordinates of cell c (see Point2).
inline Point2 draw_xy(Cell c) {
  const Hex h = hex_of(c);
  return {h.q + h.r / 2.0, h.r * std::sqrt(3.0) / 2.0};
}

}  // namespace sternhalma

#endif  // STERNHALMA_GEOMETRY_H_
