// zobrist.h — hash keys for positions, fixed at compile time so that hashes
// are the same in every process and no table is built at run time.
#ifndef STERNHALMA_ZOBRIST_H_
#define STERNHALMA_ZOBRIST_H_

#include <array>
#include <cstdint>

#include "sternhalma/cell.h"
#include "sternhalma/random.h"
#include "sternhalma/rules.h"

namespace sternhalma::zobrist {

struct Keys {
  std::array<std::array<uint64_t, kNumCells>, kMaxSeats> piece{};
  std::array<uint64_t, kNumCells> king{};
  std::array<uint64_t, kMaxSeats> to_move{};
};

constexpr Keys make_keys() {
  Keys k{};
  uint64_t s = 0x5eed5eed5eedULL;
  for (auto& row : k.piece)
    for (auto& v : row) v = splitmix64(s);
  for (auto& v : k.king) v = splitmix64(s);
  for (auto& v : k.to_move) v = splitmix64(s);
  return k;
}

inline constexpr Keys kKeys = make_keys();

}  // namespace sternhalma::zobrist

#endif  // STERNHALMA_ZOBRIST_H_
