// Move generation of the standard tables: the 2-player start, a committed
// corpus of mid-game positions (bench/corpus, made by make_corpus), and
// bulk-counting perft (the last ply counted, not generated).
#include <benchmark/benchmark.h>

#include <fstream>
#include <string>
#include <vector>

#include "sternhalma/movegen.h"
#include "sternhalma/perft.h"
#include "sternhalma/presets.h"

using namespace sternhalma;

namespace {

const std::vector<Position>& corpus(const std::string& id) {
  static const auto load = [](const std::string& name) {
    std::vector<Position> v;
    std::ifstream in(std::string(CORPUS_DIR) + "/" + name + ".txt");
    for (std::string line; std::getline(in, line);)
      if (auto p = Position::parse(line); p.ok()) v.push_back(*p);
    if (v.empty()) std::abort();
    return v;
  };
  static const std::vector<Position> c2 = load("classic-2"), c6 = load("classic-6");
  return id == "classic-2" ? c2 : c6;
}

void BM_GenerateStart(benchmark::State& st) {
  const Position p = Position::start(*find_preset("classic-2"));
  for (auto _ : st) {
    MoveList l;
    generate(p, l);
    benchmark::DoNotOptimize(l.size());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_GenerateStart);

void BM_CountStart(benchmark::State& st) {
  const Position p = Position::start(*find_preset("classic-2"));
  for (auto _ : st) benchmark::DoNotOptimize(count_moves(p));
}
BENCHMARK(BM_CountStart);

// Time per position, averaged over the corpus.
void corpus_bench(benchmark::State& st, const std::string& id, bool list) {
  const auto& v = corpus(id);
  int64_t moves = 0;
  for (auto _ : st) {
    for (const Position& p : v) {
      if (list) {
        MoveList l;
        generate(p, l);
        moves += l.size();
        benchmark::DoNotOptimize(l.size());
        benchmark::ClobberMemory();
      } else {
        moves += count_moves(p);
      }
    }
  }
  st.SetItemsProcessed(st.iterations() * static_cast<int64_t>(v.size()));
  st.counters["moves/pos"] = static_cast<double>(moves) / (st.iterations() * v.size());
}
void BM_GenerateMidgame2(benchmark::State& st) { corpus_bench(st, "classic-2", true); }
void BM_CountMidgame2(benchmark::State& st) { corpus_bench(st, "classic-2", false); }
void BM_GenerateMidgame6(benchmark::State& st) { corpus_bench(st, "classic-6", true); }
BENCHMARK(BM_GenerateMidgame2);
BENCHMARK(BM_CountMidgame2);
BENCHMARK(BM_GenerateMidgame6);

void BM_PerftStart(benchmark::State& st) {
  const Position p = Position::start(*find_preset("classic-2"));
  uint64_t n = 0;
  for (auto _ : st) n += perft(p, static_cast<int>(st.range(0)));
  st.counters["leaves/s"] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PerftStart)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

void BM_PerftMidgame2(benchmark::State& st) {
  const auto& v = corpus("classic-2");
  uint64_t n = 0;
  for (auto _ : st)
    for (size_t i = 0; i < v.size(); i += 8) n += perft(v[i], 3);
  st.counters["leaves/s"] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PerftMidgame2)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
