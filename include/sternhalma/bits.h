/// @file
/// bits.h — a set of cells laid out so that jumps are shifts of one machine word.
///
/// Why this layout: a jump moves a marble by twice a unit vector, so it never
/// leaves the cell's parity class (q mod 2, r mod 2). We give each of the four
/// classes its own 64-bit word, indexed by the linear map 2*i + 7*j (i, j the
/// class-local halves of q, r); it is injective on every class and fits in 49
/// bits. Linear means "move by direction d" is the same shift for every cell of
/// a class, so the jump flood fill of move generation runs on one word per step,
/// and a step is a shift from one word into another. Nothing wraps: every shift
/// is applied to a source mask of cells whose target is on the board.
///
/// Cell indices (the rule book's ABI order) and this layout meet only through the
/// two tables below, at the edge of the hot loop.
#ifndef STERNHALMA_BITS_H_
#define STERNHALMA_BITS_H_

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "sternhalma/cell.h"

namespace sternhalma {

namespace internal {

inline constexpr int kA = 2, kB = 7;  // local bit = kA*i + kB*j + offset[class]

constexpr int class_of(Hex h) { return (h.q & 1) | ((h.r & 1) << 1); }
constexpr int raw_local(Hex h) {
  const int pq = h.q & 1, pr = h.r & 1;
  return kA * ((h.q - pq) / 2) + kB * ((h.r - pr) / 2);
}

struct LayoutTables {
  std::array<int, 4> offset{};
  std::array<uint8_t, kNumCells> cls{}, bit{};
  std::array<std::array<int8_t, 64>, 4> cell{};  // [class][bit] -> cell or -1
};

constexpr LayoutTables make_layout_tables() {
  LayoutTables t{};
  std::array<int, 4> lo{99, 99, 99, 99};
  for (Cell c = 0; c < kNumCells; ++c) {
    const int k = class_of(hex_of(c)), v = raw_local(hex_of(c));
    if (v < lo[k]) lo[k] = v;
  }
  for (int k = 0; k < 4; ++k) {
    t.offset[k] = -lo[k];
    t.cell[k].fill(-1);
  }
  for (Cell c = 0; c < kNumCells; ++c) {
    const int k = class_of(hex_of(c)), v = raw_local(hex_of(c)) + t.offset[k];
    t.cls[c] = static_cast<uint8_t>(k);
    t.bit[c] = static_cast<uint8_t>(v);
    t.cell[k][v] = static_cast<int8_t>(c);
  }
  return t;
}
inline constexpr LayoutTables kLayout = make_layout_tables();

// Shift left by k (negative k: right). k is a compile-time table value.
constexpr uint64_t shift(uint64_t x, int k) { return k >= 0 ? x << k : x >> -k; }

}  // namespace internal

/// A set of cells: four words, one per parity class.
struct Bits {
  std::array<uint64_t, 4> w{};  ///< word k: the cells of parity class k, at their layout bits

  /// The set of the one cell c.
  static constexpr Bits of(Cell c) {
    Bits b;
    b.set(c);
    return b;
  }
  /// Adds cell c.
  constexpr void set(Cell c) {
    w[internal::kLayout.cls[c]] |= uint64_t{1} << internal::kLayout.bit[c];
  }
  /// Removes cell c.
  constexpr void reset(Cell c) {
    w[internal::kLayout.cls[c]] &= ~(uint64_t{1} << internal::kLayout.bit[c]);
  }
  /// Whether cell c is a member.
  constexpr bool test(Cell c) const {
    return (w[internal::kLayout.cls[c]] >> internal::kLayout.bit[c]) & 1;
  }
  /// Whether the set has a member.
  constexpr bool any() const { return (w[0] | w[1] | w[2] | w[3]) != 0; }
  /// Whether the set is empty.
  constexpr bool none() const { return !any(); }
  /// The number of members.
  constexpr int count() const {
    return std::popcount(w[0]) + std::popcount(w[1]) + std::popcount(w[2]) +
           std::popcount(w[3]);
  }
  /// Union with o.
  constexpr Bits& operator|=(const Bits& o) {
    for (int k = 0; k < 4; ++k) w[k] |= o.w[k];
    return *this;
  }
  /// Intersection with o.
  constexpr Bits& operator&=(const Bits& o) {
    for (int k = 0; k < 4; ++k) w[k] &= o.w[k];
    return *this;
  }
  /// Symmetric difference with o.
  constexpr Bits& operator^=(const Bits& o) {
    for (int k = 0; k < 4; ++k) w[k] ^= o.w[k];
    return *this;
  }
  /// The cells of *this not in o.
  constexpr Bits minus(const Bits& o) const {
    Bits b;
    for (int k = 0; k < 4; ++k) b.w[k] = w[k] & ~o.w[k];
    return b;
  }
  /// Union.
  friend constexpr Bits operator|(Bits a, const Bits& b) { return a |= b; }
  /// Intersection.
  friend constexpr Bits operator&(Bits a, const Bits& b) { return a &= b; }
  /// Symmetric difference.
  friend constexpr Bits operator^(Bits a, const Bits& b) { return a ^= b; }
  /// Equal when the members are.
  constexpr bool operator==(const Bits&) const = default;

  /// Calls f(cell) for every member, in layout order (not cell order).
  template <class F>
  constexpr void for_each(F&& f) const {
    for (int k = 0; k < 4; ++k)
      for (uint64_t x = w[k]; x; x &= x - 1)
        f(Cell{internal::kLayout.cell[k][std::countr_zero(x)]});
  }
  /// Members in ascending cell order, written to out; returns how many.
  int to_cells(Cell* out) const;

  class CellRange;
  /// The members in ascending cell order, as a range:
  /// `for (Cell c : b.cells())`. The range is a copy (two words of an
  /// index-ordered bitmap): changing the set afterwards does not change it.
  constexpr CellRange cells() const;
};

/// A forward range over a cell set in ascending cell order (Bits::cells()).
class Bits::CellRange {
 public:
  /// A forward iterator over the range's cells.
  class iterator {
   public:
    using value_type = Cell;                 ///< a cell
    using difference_type = std::ptrdiff_t;  ///< as every iterator's
    /// The end iterator.
    constexpr iterator() = default;
    /// The current cell.
    constexpr Cell operator*() const {
      return static_cast<Cell>(m_[0] ? std::countr_zero(m_[0]) : 64 + std::countr_zero(m_[1]));
    }
    /// Steps to the next cell.
    constexpr iterator& operator++() {
      if (m_[0]) m_[0] &= m_[0] - 1;
      else m_[1] &= m_[1] - 1;
      return *this;
    }
    /// Steps to the next cell, returning the iterator before the step.
    constexpr iterator operator++(int) {
      iterator old = *this;
      ++*this;
      return old;
    }
    /// Equal when both have the same cells left to visit.
    constexpr bool operator==(const iterator&) const = default;

   private:
    friend class CellRange;
    constexpr explicit iterator(std::array<uint64_t, 2> m) : m_(m) {}
    std::array<uint64_t, 2> m_{};  ///< cells not yet visited, bit c of word c / 64
  };
  /// The first cell.
  constexpr iterator begin() const { return iterator(m_); }
  /// Past the last cell.
  constexpr iterator end() const { return iterator(); }
  /// The number of cells.
  constexpr int size() const { return std::popcount(m_[0]) + std::popcount(m_[1]); }
  /// Whether there is no cell.
  constexpr bool empty() const { return (m_[0] | m_[1]) == 0; }

 private:
  friend struct Bits;
  constexpr explicit CellRange(const Bits& b) {
    b.for_each([&](Cell c) { m_[c >> 6] |= uint64_t{1} << (c & 63); });
  }
  std::array<uint64_t, 2> m_{};
};

constexpr Bits::CellRange Bits::cells() const { return CellRange(*this); }

inline constexpr Bits kNoBits{};  ///< the empty set

/// The 121 cells of the star.
inline constexpr Bits kAllCells = [] {
  Bits b;
  for (Cell c = 0; c < kNumCells; ++c) b.set(c);
  return b;
}();

inline int Bits::to_cells(Cell* out) const {
  int n = 0;
  for (Cell c : cells()) out[n++] = c;
  return n;
}

}  // namespace sternhalma

#endif  // STERNHALMA_BITS_H_
