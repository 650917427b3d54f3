// move_set.cpp — MoveSet (movegen.h): a seat's legal moves kept as the
// generator's words, for the game layer; filled by one walk (walk.h).
#include "sternhalma/internal/walk.h"  // first: its pragma must cover this file (walk.h)

#include "sternhalma/movegen.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace sternhalma {

using namespace internal;  // the generator's machinery, this file's own

// ---- The moves of a seat as words (MoveSet) --------------------------------

// A sink that keeps the words in walk order.
struct MoveSetSink {
  MoveSet& set;
  void step(int q, uint64_t t, Dir d) {
    set.step_[q][d] = t;
    // The class of the marbles: one step back from class q.
    set.class_size_[kGeo.step_cls[q][opposite(d)]] += std::popcount(t);
  }
  void chain(Cell from, uint64_t t, int k) {
    if (!t) return;
    set.first_word_[from] = static_cast<uint8_t>(set.n_);
    push(t, k, from);
    set.class_size_[k] += std::popcount(t);
    set.chain_end_[k] = static_cast<uint8_t>(set.n_);
  }
  void marble(Cell from, const Bits& to) {  // Bits::for_each order: class by class
    set.first_word_[from] = static_cast<uint8_t>(set.n_);
    for (int k = 0; k < 4; ++k)
      if (to.w[k]) push(to.w[k], k, from);
    set.pre_ = set.n_;  // every marble word comes before the chain words
  }
  void push(uint64_t t, int k, Cell from) {
    const int i = set.n_++;
    assert(i < MoveSet::kMaxWords);
    set.w_[i] = {t, static_cast<int8_t>(k), static_cast<uint8_t>(from)};
  }
  // A class without chain words ends where the one before it ended.
  // The size: the marble words', then every class's.
  void finish() {
    int end = set.pre_;
    for (auto& e : set.chain_end_) end = e = static_cast<uint8_t>(std::max<int>(e, end));
    int n = 0;
    for (int i = 0; i < set.pre_; ++i) n += std::popcount(set.w_[i].bits);
    for (const int c : set.class_size_) n += c;
    set.size_ = n;
  }
};

void find_moves(const Position& pos, Seat mover, MoveSet& out) {
  assert(mover >= 0 && mover < kMaxSeats);
  out.clear();
  MoveSetSink sink{out};
  walk(pos, mover, sink);
  sink.finish();
}

namespace {

// The bit index of the k-th set bit of t (k < popcount(t)).
inline int nth_bit(uint64_t t, int k) {
#if defined(__BMI2__)
  return std::countr_zero(_pdep_u64(uint64_t{1} << k, t));
#else
  for (; k > 0; --k) t &= t - 1;
  return std::countr_zero(t);
#endif
}

}  // namespace

bool MoveSet::contains(Move m) const {
  if (m.from >= kNumCells || m.to >= kNumCells) return false;
  const int k = kLay.cls[m.to];
  const uint64_t b = uint64_t{1} << kLay.bit[m.to];
  // A step: the word of its direction (standard pieces).
  for (int d = 0; d < kNumDirs; ++d)
    if (kGeo.nbr[m.from][d] == m.to) {
      if (step_[k][d] & b) return true;
      break;
    }
  // The marble's words (chain ends; every move of a long jumper or a king).
  for (int i = first_word_[m.from]; i < n_ && w_[i].from == m.from; ++i)
    if (w_[i].cls == k && (w_[i].bits & b)) return true;
  return false;
}

Move MoveSet::operator[](int k) const {
  assert(k >= 0 && k < size_);
  // The k-th set bit of the words in generate()'s order, as words() visits
  // them, with the classes of marbles before move k skipped by their sizes.
  auto in_word = [&](uint64_t bits, int cls, int dir, int from, Move& m) {
    const int c = std::popcount(bits);
    if (k >= c) {
      k -= c;
      return false;
    }
    const Cell to = kLay.cell[cls][nth_bit(bits, k)];
    m = Move(dir >= 0 ? kGeo.nbr[to][opposite(static_cast<Dir>(dir))] : from, to);
    return true;
  };
  Move m{};
  for (int i = 0; i < pre_; ++i)
    if (in_word(w_[i].bits, w_[i].cls, -1, w_[i].from, m)) return m;
  for (int c = 0; c < 4; ++c) {
    if (k >= class_size_[c]) {
      k -= class_size_[c];
      continue;
    }
    for (int d = 0; d < kNumDirs; ++d) {
      const int q = kGeo.step_cls[c][d];
      if (in_word(step_[q][d], q, d, 0, m)) return m;
    }
    for (int i = c ? chain_end_[c - 1] : pre_; i < chain_end_[c]; ++i)
      if (in_word(w_[i].bits, w_[i].cls, -1, w_[i].from, m)) return m;
  }
  assert(false);
  return m;
}

}  // namespace sternhalma
