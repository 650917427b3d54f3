// playout.cpp — random playouts through the game layer (playout.h).
#include "sternhalma/playout.h"

#include <algorithm>
#include <cassert>
#include <string>

#include "absl/strings/str_cat.h"
#include "sternhalma/movegen.h"

namespace sternhalma {

Move random_move(const Game& g, Rng& rng) {
  assert(!g.is_over());
  const MoveSet& list = g.moves();
  if (list.empty()) return Move{};
  return list[static_cast<int>(rng.below(static_cast<uint32_t>(list.size())))];
}

Rng playout_rng(uint64_t seed, size_t i) {
  // One SplitMix64 step over seed + i * golden gamma: neighbouring indices
  // (and neighbouring seeds) get unrelated streams.
  uint64_t s = seed + 0x9e3779b97f4a7c15ULL * static_cast<uint64_t>(i);
  return Rng(splitmix64(s));
}

int play_random(Game& g, Rng& rng, int max_turns) {
  const int start = g.turns();
  while (!g.is_over() && g.turns() - start < max_turns) {
    const absl::Status st = g.apply(random_move(g, rng));
    assert(st.ok());
    if (!st.ok()) break;
  }
  return g.turns() - start;
}

PlayoutResult playout_result(const Game& g, int turns) {
  PlayoutResult r;
  r.turns = turns;
  r.over = g.is_over();
  Seat first = -1;
  int firsts = 0;
  for (Seat s = 0; s < kMaxSeats; ++s) {
    r.places[static_cast<size_t>(s)] = g.place(s);
    if (g.place(s) == 1) ++firsts, first = s;
  }
  r.winner = firsts == 1 && g.status(first) == SeatStatus::kArrived ? first : -1;
  return r;
}

absl::StatusOr<std::vector<PlayoutResult>> playouts(const Game& start, size_t n, int max_turns,
                                                    uint64_t seed) {
  if (n > kMaxPlayouts)
    return absl::OutOfRangeError(
        absl::StrCat("playouts: n ", n, " is beyond the ceiling of ", kMaxPlayouts, " per call"));
  if (max_turns < 0 || max_turns > kMaxPlayoutTurns)
    return absl::OutOfRangeError(absl::StrCat("playouts: max_turns ", max_turns,
                                              " is not in 0..", kMaxPlayoutTurns));
  std::vector<PlayoutResult> out;
  out.reserve(n);
  Game base = start;
  base.stop_recording();
  Game g = base;  // assigned from base for each playout: its buffers are reused
  int64_t budget = kMaxPlayoutTurns;
  for (size_t i = 0; i < n; ++i) {
    g = base;
    Rng rng = playout_rng(seed, i);
    const int allowed = static_cast<int>(std::min<int64_t>(max_turns, budget));
    const int turns = play_random(g, rng, allowed);
    if (!g.is_over() && turns < max_turns)
      return absl::ResourceExhaustedError(absl::StrCat(
          "playouts: the ceiling of ", kMaxPlayoutTurns, " turns in all per call was reached in playout ",
          i, " of ", n, " (split the call)"));
    budget -= turns;
    out.push_back(playout_result(g, turns));
  }
  return out;
}

}  // namespace sternhalma
