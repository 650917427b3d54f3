#include <benchmark/benchmark.h>

#include "sternhalma/movegen.h"
#include "sternhalma/perft.h"
#include "sternhalma/presets.h"

using namespace sternhalma;

static void BM_GenerateStart(benchmark::State& st) {
  const Position p = Position::start(*find_preset("classic-2"));
  for (auto _ : st) {
    MoveList l;
    generate(p, l);
    benchmark::DoNotOptimize(l);
  }
}
BENCHMARK(BM_GenerateStart);

static void BM_CountStart(benchmark::State& st) {
  const Position p = Position::start(*find_preset("classic-2"));
  for (auto _ : st) benchmark::DoNotOptimize(count_moves(p));
}
BENCHMARK(BM_CountStart);

static void BM_Perft(benchmark::State& st) {
  const Position p = Position::start(*find_preset("classic-2"));
  uint64_t n = 0;
  for (auto _ : st) n += perft(p, static_cast<int>(st.range(0)));
  st.counters["leaves/s"] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Perft)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
