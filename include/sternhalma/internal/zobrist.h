// zobrist.h — hash keys for positions, fixed at compile time so that hashes
// are the same in every process and no table is built at run time.
#ifndef STERNHALMA_INTERNAL_ZOBRIST_H_
#define STERNHALMA_INTERNAL_ZOBRIST_H_

#include <array>
#include <cstdint>

#include "sternhalma/cell.h"
#include "sternhalma/random.h"
#include "sternhalma/rules.h"

namespace sternhalma::internal {

struct ZobristKeys {
  std::array<std::array<uint64_t, kNumCells>, kMaxSeats> piece{};
  std::array<uint64_t, kNumCells> king{};
  std::array<uint64_t, kMaxSeats> to_move{};
};

constexpr ZobristKeys make_zobrist_keys() {
  ZobristKeys k{};
  uint64_t s = 0x5eed5eed5eedULL;
  for (auto& row : k.piece)
    for (auto& v : row) v = splitmix64(s);
  for (auto& v : k.king) v = splitmix64(s);
  for (auto& v : k.to_move) v = splitmix64(s);
  return k;
}

inline constexpr ZobristKeys kZobrist = make_zobrist_keys();

}  // namespace sternhalma::internal

#endif  // STERNHALMA_INTERNAL_ZOBRIST_H_
