// Turns per second through the whole game layer: every turn is Game::apply
// (validation, passes, arrivals, deadline, limits, repetition) plus the
// legal moves of the next seat and a uniform random choice (random_move).
//
// - Playout_*: as sternhalma::playouts() plays them: one Game reused across
//   games (assigned from the start game), not recording (no undo snapshots,
//   history or events).
// - Recorded_*: a fresh Game per game that keeps everything (undo, history,
//   events), as an interactive game does.
// - NormalPlayout_*: the greedy "normal" player instead of random moves.
// "classic-2 deadline=none": classic-2 without the exit deadline, so that
// random games are not all ended by it after 60 turns.
#include <benchmark/benchmark.h>

#include <string>

#include "sternhalma/game.h"
#include "sternhalma/options.h"
#include "sternhalma/player.h"
#include "sternhalma/playout.h"
#include "sternhalma/presets.h"

using namespace sternhalma;

namespace {

Rules table(const char* id, const char* settings) {
  Rules r = *find_preset(id);
  if (settings != nullptr && !set_options(r, settings).ok()) std::abort();
  return r;
}

void report(benchmark::State& st, uint64_t games, uint64_t turns) {
  st.counters["playouts/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  st.counters["turns/s"] = benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
  st.counters["turns/game"] = static_cast<double>(turns) / static_cast<double>(games ? games : 1);
}

void playout(benchmark::State& st, const Rules& rules) {
  Game start(rules);
  start.stop_recording();
  Game g = start;
  uint64_t seed = 1, turns = 0, games = 0;
  for (auto _ : st) {
    g = start;
    Rng rng = playout_rng(seed++, 0);
    turns += static_cast<uint64_t>(play_random(g, rng, kMaxPlayoutTurns));
    ++games;
    benchmark::DoNotOptimize(g.hash());
  }
  report(st, games, turns);
}

void recorded(benchmark::State& st, const Rules& rules, bool greedy) {
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
  report(st, games, turns);
}

}  // namespace

BENCHMARK_CAPTURE(playout, classic2_nodeadline, table("classic-2", "deadline = none"));
BENCHMARK_CAPTURE(playout, classic2, table("classic-2", nullptr));
BENCHMARK_CAPTURE(playout, classic6, table("classic-6", nullptr));
BENCHMARK_CAPTURE(playout, table2, table("table-2", nullptr));
BENCHMARK_CAPTURE(playout, table6, table("table-6", nullptr));
BENCHMARK_CAPTURE(recorded, classic2_nodeadline, table("classic-2", "deadline = none"), false);
BENCHMARK_CAPTURE(recorded, classic6, table("classic-6", nullptr), false);
BENCHMARK_CAPTURE(recorded, table2, table("table-2", nullptr), false);
BENCHMARK_CAPTURE(recorded, normal_classic2, table("classic-2", nullptr), true);
BENCHMARK_CAPTURE(recorded, normal_classic6, table("classic-6", nullptr), true);

BENCHMARK_MAIN();
