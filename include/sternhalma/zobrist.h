/// @file
/// zobrist.h — hash keys for positions, fixed at compile time so that hashes
/// are the same in every process and no table is built at run time.
#ifndef STERNHALMA_ZOBRIST_H_
#define STERNHALMA_ZOBRIST_H_

#include <array>
#include <cstdint>

#include "sternhalma/cell.h"
#include "sternhalma/random.h"
#include "sternhalma/rules.h"

/// Zobrist keys: one random 64-bit word per (seat, cell), per king cell and
/// per seat to move; a position's hash is the XOR of the keys of its pieces
/// and its seat to move.
namespace sternhalma::zobrist {

/// The keys, drawn from splitmix64 in a fixed order.
struct Keys {
  std::array<std::array<uint64_t, kNumCells>, kMaxSeats> piece{};  ///< [seat][cell]: a marble of seat on cell
  std::array<uint64_t, kNumCells> king{};     ///< [cell]: a king on cell
  std::array<uint64_t, kMaxSeats> to_move{};  ///< [seat]: seat to move
};

/// Draws the keys (at compile time: see kKeys).
constexpr Keys make_keys() {
  Keys k{};
  uint64_t s = 0x5eed5eed5eedULL;
  for (auto& row : k.piece)
    for (auto& v : row) v = splitmix64(s);
  for (auto& v : k.king) v = splitmix64(s);
  for (auto& v : k.to_move) v = splitmix64(s);
  return k;
}

/// The keys every position hashes with (Position::hash()).
inline constexpr Keys kKeys = make_keys();

}  // namespace sternhalma::zobrist

#endif  // STERNHALMA_ZOBRIST_H_
