/// @file
/// cell.h — the 121 cells of the star and their names.
///
/// A Cell is the index the rule book fixes as part of the ABI: row by row from row 1
/// upwards, left to right inside a row (m1 = 0, l2 = 1, i9 = 60, e17 = 120).
/// Names are "line letter + row number": lines a..q run left to right, rows
/// 1..17 bottom to top. Axial coordinates are q = line - 9, r = row - 9.
#ifndef STERNHALMA_CELL_H_
#define STERNHALMA_CELL_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

/// The C++ API of the rules engine: every rule is decided here, and the C
/// ABI (sternhalma.h) and the bindings convert to and from these types.
namespace sternhalma {

using Cell = int;  ///< 0..120; kNoCell when absent
inline constexpr int kNumCells = 121;  ///< cells of the star (rule book §1)
inline constexpr Cell kNoCell = -1;    ///< no cell: off the star, or absent

/// Axial coordinates; s = -q - r is implied.
struct Hex {
  /// @{
  int q = 0, r = 0;  ///< axial coordinates: q = line - 9, r = row - 9 on the star
  /// @}
  /// The third cube coordinate, -q - r.
  constexpr int s() const { return -q - r; }
  /// Equal when q and r are.
  constexpr bool operator==(const Hex&) const = default;
};

/// Whether h is a cell of the star: inside one of its two big triangles.
constexpr bool on_board(Hex h) {
  const int q = h.q, r = h.r, s = h.s();
  return (q <= 4 && r <= 4 && s <= 4) || (q >= -4 && r >= -4 && s >= -4);
}

namespace internal {
struct CellTables {
  std::array<Hex, kNumCells> hex{};
  std::array<std::array<int8_t, 17>, 17> index{};  // [q+8][r+8] -> cell or -1
};
constexpr CellTables make_cell_tables() {
  CellTables t{};
  for (auto& col : t.index) col.fill(-1);
  int n = 0;
  for (int r = -8; r <= 8; ++r)
    for (int q = -8; q <= 8; ++q)
      if (on_board({q, r})) {
        t.hex[n] = {q, r};
        t.index[q + 8][r + 8] = static_cast<int8_t>(n++);
      }
  return t;
}
inline constexpr CellTables kCellTables = make_cell_tables();
}  // namespace internal

/// The axial coordinates of cell c (0..120).
constexpr Hex hex_of(Cell c) { return internal::kCellTables.hex[c]; }

/// The cell at h, or kNoCell when h is off the star.
constexpr Cell cell_at(Hex h) {
  if (h.q < -8 || h.q > 8 || h.r < -8 || h.r > 8) return kNoCell;
  return internal::kCellTables.index[h.q + 8][h.r + 8];
}

constexpr int line_of(Cell c) { return hex_of(c).q + 9; }  ///< 1 (a) .. 17 (q)
constexpr int row_of(Cell c) { return hex_of(c).r + 9; }   ///< 1 .. 17

/// "k5" -> cell; nullopt for anything that is not exactly a cell name.
std::optional<Cell> parse_cell(std::string_view name);
/// The name of cell c (0..120), "k5".
std::string cell_name(Cell c);

}  // namespace sternhalma

#endif  // STERNHALMA_CELL_H_
