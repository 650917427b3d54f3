// Move generation for the variant jump rules: long jumps (ray scans with a
// symmetric landing test) and the Japanese king (run scans; its 14 ordinary
// pieces use the standard flood fill). Measured at the start of each table
// and over a fixed set of mid-game positions from seeded playouts (mostly
// greedy moves, so the boards crowd the centre and the goals as real games
// do). classic-2 is included as the standard-jump baseline.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <random>
#include <vector>

#include "sternhalma/geometry.h"
#include "sternhalma/movegen.h"
#include "sternhalma/perft.h"
#include "sternhalma/presets.h"

using namespace sternhalma;

namespace {

const char* const kIds[] = {"classic-2", "long-jumps-2", "long-jumps-6", "japanese-2",
                            "japanese-3"};

// 4 playouts of 30 turns per seat; every position after the first 6 turns.
std::vector<Position> playout_positions(const Rules& rules) {
  std::vector<Position> out;
  for (uint32_t seed = 1; seed <= 4; ++seed) {
    std::mt19937 rng(seed);
    Position p = Position::start(rules);
    for (int ply = 0; ply < 30 * rules.num_seats(); ++ply) {
      const Seat s = p.to_move();
      const std::vector<Move> list = legal_moves(p, s);
      if (ply >= 6) out.push_back(p);
      if (!list.empty()) {
        Move m = list[rng() % list.size()];
        if (rng() % 4 != 0) {
          const Cell tip = tip_cell(opposite_point(s));
          int best = -100;
          for (const Move c : list) {
            const int gain = hex_distance(c.from, tip) - hex_distance(c.to, tip);
            if (gain > best) best = gain, m = c;
          }
        }
        p.move_piece(m.from, m.to);
      }
      p.set_to_move(rules.next_seat(s));
    }
  }
  return out;
}

void BM_GenerateStart(benchmark::State& st) {
  const Position p = Position::start(*find_preset(kIds[st.range(0)]));
  st.SetLabel(kIds[st.range(0)]);
  for (auto _ : st) {
    MoveList l;
    generate(p, l);
    benchmark::DoNotOptimize(l);
  }
}

void BM_GeneratePlayouts(benchmark::State& st) {
  const std::vector<Position> ps = playout_positions(*find_preset(kIds[st.range(0)]));
  st.SetLabel(kIds[st.range(0)]);
  int64_t moves = 0;
  for (auto _ : st)
    for (const Position& p : ps) {
      MoveList l;
      generate(p, l);
      moves += l.size();
      benchmark::DoNotOptimize(l);
    }
  st.SetItemsProcessed(st.iterations() * static_cast<int64_t>(ps.size()));  // positions/s
  st.counters["moves/pos"] =
      static_cast<double>(moves) / static_cast<double>(st.iterations() * ps.size());
}

void BM_CountPlayouts(benchmark::State& st) {
  const std::vector<Position> ps = playout_positions(*find_preset(kIds[st.range(0)]));
  st.SetLabel(kIds[st.range(0)]);
  for (auto _ : st)
    for (const Position& p : ps) benchmark::DoNotOptimize(count_moves(p));
  st.SetItemsProcessed(st.iterations() * static_cast<int64_t>(ps.size()));
}

void BM_Perft3(benchmark::State& st) {
  const Position p = Position::start(*find_preset(kIds[st.range(0)]));
  st.SetLabel(kIds[st.range(0)]);
  uint64_t n = 0;
  for (auto _ : st) n += perft(p, 3);
  st.counters["leaves/s"] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(BM_GenerateStart)->DenseRange(0, 4);
BENCHMARK(BM_GeneratePlayouts)->DenseRange(0, 4)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_CountPlayouts)->DenseRange(0, 4)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Perft3)->DenseRange(0, 4)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
