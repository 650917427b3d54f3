// Random playouts per second through the whole game layer (validation,
// passes, arrivals, deadline, limits, repetition, undo snapshots): one
// playout = a new game of the preset played with uniformly random legal moves
// to its end. Also the greedy "normal" player, which reaches arrivals.
#include <benchmark/benchmark.h>

#include "sternhalma/game.h"
#include "sternhalma/player.h"
#include "sternhalma/playout.h"
#include "sternhalma/presets.h"

using namespace sternhalma;

static void playouts(benchmark::State& st, const char* id, bool greedy) {
  const Rules& rules = *find_preset(id);
  uint64_t seed = 1, turns = 0, games = 0;
  for (auto _ : st) {
    Game g(rules);
    Player p(Level::kNormal, seed);
    Rng rng(seed++);
    while (!g.is_over()) {
      const Move m = greedy ? p.choose(g) : random_move(g, rng);
      if (!g.apply(m).ok()) st.SkipWithError("illegal move");
    }
    turns += static_cast<uint64_t>(g.turns());
    ++games;
    benchmark::DoNotOptimize(g.hash());
  }
  st.counters["playouts/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  st.counters["turns/s"] = benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
  st.counters["turns/game"] = static_cast<double>(turns) / static_cast<double>(games ? games : 1);
}

static void BM_RandomPlayout_classic2(benchmark::State& st) { playouts(st, "classic-2", false); }
static void BM_RandomPlayout_classic6(benchmark::State& st) { playouts(st, "classic-6", false); }
static void BM_RandomPlayout_table6(benchmark::State& st) { playouts(st, "table-6", false); }
static void BM_NormalPlayout_classic2(benchmark::State& st) { playouts(st, "classic-2", true); }
static void BM_NormalPlayout_classic6(benchmark::State& st) { playouts(st, "classic-6", true); }
BENCHMARK(BM_RandomPlayout_classic2);
BENCHMARK(BM_RandomPlayout_classic6);
BENCHMARK(BM_RandomPlayout_table6);
BENCHMARK(BM_NormalPlayout_classic2);
BENCHMARK(BM_NormalPlayout_classic6);

BENCHMARK_MAIN();
