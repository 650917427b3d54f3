/// @file
/// random.h — the library's one pseudo-random generator: SplitMix64.
///
/// Why this one: it is tiny (one 64-bit word of state, so a game, a player or
/// a playout carries its own and nothing is global), passes BigCrush, and is
/// constexpr, so the Zobrist keys are drawn from it at compile time. Every
/// seeded thing in the library (players, playouts, samplers, hash keys) draws
/// from it, which makes "the same seed gives the same game" hold across the
/// C++ API, the C ABI and every binding.
#ifndef STERNHALMA_RANDOM_H_
#define STERNHALMA_RANDOM_H_

#include <cstdint>

namespace sternhalma {

/// Advances `state` and returns the next output of SplitMix64.
constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// A seeded stream. Copying it copies the stream (both copies then draw the
/// same values), which is what cloning a game or a player must do.
class Rng {
 public:
  /// The stream whose state starts at seed.
  constexpr explicit Rng(uint64_t seed = 0) : state_(seed) {}
  /// The next 64 bits of the stream.
  constexpr uint64_t next() { return splitmix64(state_); }
  /// Uniform in [0, n) for n >= 1, by Lemire's multiply-shift on the high 32
  /// bits (n < 2^32; the bias is below 2^-32 per draw).
  constexpr uint32_t below(uint32_t n) {
    return static_cast<uint32_t>(((next() >> 32) * n) >> 32);
  }
  /// The state: Rng(state()) continues this stream.
  constexpr uint64_t state() const { return state_; }

 private:
  uint64_t state_;
};

}  // namespace sternhalma

#endif  // STERNHALMA_RANDOM_H_
