// position_counts.h — how often each position (by its Zobrist hash) occurred
// in a game: the repetition rule's count (rule book §4 rule 9), once a turn.
//
// An open-addressing table of hash -> count with linear probing. The keys
// are Zobrist hashes, random in every bit, so a multiply spreads them; an
// entry whose count falls back to 0 (undo) keeps its slot until the table
// grows, which drops it. Growth doubles the table at three-quarters load
// (256 slots to begin with: a 150-turn game never grows), so work and
// memory are linear in the distinct positions of the game. Cheaper per turn
// than a general hash map: one multiply, a probe or two, no hashing of the
// hash.
#ifndef STERNHALMA_INTERNAL_POSITION_COUNTS_H_
#define STERNHALMA_INTERNAL_POSITION_COUNTS_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace sternhalma::internal {

class PositionCounts {
 public:
  // One more occurrence of h; returns its count now.
  int add(uint64_t h) {
    if (4 * (used_ + 1) > 3 * slots_.size()) grow();
    Slot& s = slots_[find(h)];
    if (!s.used) {
      s = {h, 0, true};
      ++used_;
    }
    return ++s.n;
  }
  // One occurrence of h fewer (h must have been added).
  void remove(uint64_t h) { --slots_[find(h)].n; }
  int count(uint64_t h) const {
    if (slots_.empty()) return 0;
    const Slot& s = slots_[find(h)];
    return s.used ? s.n : 0;
  }

 private:
  struct Slot {
    uint64_t key = 0;
    int32_t n = 0;
    bool used = false;
  };
  // The index of h's slot, or of the empty slot where it would go (the
  // table is never full); the high bits of h times an odd constant are the
  // first slot tried.
  size_t find(uint64_t h) const {
    const size_t mask = slots_.size() - 1;
    size_t i = static_cast<size_t>((h * 0x9E3779B97F4A7C15ULL) >> shift_);
    while (slots_[i].used && slots_[i].key != h) i = (i + 1) & mask;
    return i;
  }
  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(old.empty() ? 256 : 2 * old.size(), Slot{});
    shift_ = 64 - std::countr_zero(slots_.size());
    used_ = 0;
    for (const Slot& s : old)
      if (s.used && s.n > 0) {
        slots_[find(s.key)] = s;
        ++used_;
      }
  }

  std::vector<Slot> slots_;  // a power of two in size (or empty)
  size_t used_ = 0;
  int shift_ = 64;  // 64 - log2(slots_.size())
};

}  // namespace sternhalma::internal

#endif  // STERNHALMA_INTERNAL_POSITION_COUNTS_H_
