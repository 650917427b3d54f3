// capi_bench — the same move generation through the C ABI and through the
// C++ calls, over the committed mid-game corpus, to measure the ABI's cost:
// handle indirection, the sorted copy-out, the status plumbing.
#include <benchmark/benchmark.h>

#include <fstream>
#include <string>
#include <vector>

#include "sternhalma.h"
#include "sternhalma/movegen.h"
#include "sternhalma/position.h"

using namespace sternhalma;

namespace {

std::vector<std::string> corpus() {
  std::vector<std::string> lines;
  std::ifstream in(std::string(CORPUS_DIR) + "/classic-2.txt");
  for (std::string l; std::getline(in, l);)
    if (!l.empty()) lines.push_back(l);
  return lines;
}

struct Fixture {
  std::vector<Position> cpp;
  std::vector<sh_position*> c;
  std::vector<unsigned char> packed;
  sh_rules* rules = nullptr;
  Fixture() {
    sh_rules_new("classic-2", &rules);
    for (const std::string& l : corpus()) {
      cpp.push_back(*Position::parse(l));
      sh_position* p = nullptr;
      sh_position_parse(l.c_str(), &p);
      c.push_back(p);
      unsigned char b[SH_PACKED_SIZE];
      sh_position_pack(p, b);
      packed.insert(packed.end(), b, b + SH_PACKED_SIZE);
    }
  }
};
Fixture& fx() {
  static Fixture f;
  return f;
}

// Sorted legal moves: legal_moves() in C++, sh_position_legal_moves in C.
void BM_Cpp_LegalMoves(benchmark::State& st) {
  auto& f = fx();
  size_t n = 0;
  for (auto _ : st)
    for (const Position& p : f.cpp) {
      MoveList l;
      generate(p, l);
      std::sort(l.begin(), l.end());
      n += l.size();
      benchmark::DoNotOptimize(l);
    }
  st.counters["pos/s"] = benchmark::Counter(double(st.iterations() * f.cpp.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Cpp_LegalMoves);

void BM_C_LegalMoves(benchmark::State& st) {
  auto& f = fx();
  sh_move buf[kMaxMoves];
  for (auto _ : st)
    for (sh_position* p : f.c) {
      size_t n = 0;
      sh_position_legal_moves(p, buf, kMaxMoves, &n);
      benchmark::DoNotOptimize(buf);
    }
  st.counters["pos/s"] = benchmark::Counter(double(st.iterations() * f.c.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_C_LegalMoves);

void BM_Cpp_Count(benchmark::State& st) {
  auto& f = fx();
  for (auto _ : st)
    for (const Position& p : f.cpp) benchmark::DoNotOptimize(count_moves(p));
  st.counters["pos/s"] = benchmark::Counter(double(st.iterations() * f.cpp.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Cpp_Count);

void BM_C_Count(benchmark::State& st) {
  auto& f = fx();
  for (auto _ : st)
    for (sh_position* p : f.c) {
      size_t n = 0;
      sh_position_count_moves(p, &n);
      benchmark::DoNotOptimize(n);
    }
  st.counters["pos/s"] = benchmark::Counter(double(st.iterations() * f.c.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_C_Count);

// The batch call: unpack + count per packed position, one call for all.
void BM_C_BatchCount(benchmark::State& st) {
  auto& f = fx();
  const size_t n = f.packed.size() / SH_PACKED_SIZE;
  std::vector<uint32_t> counts(n);
  for (auto _ : st) {
    sh_batch_count_moves(f.rules, f.packed.data(), n, counts.data());
    benchmark::DoNotOptimize(counts);
  }
  st.counters["pos/s"] = benchmark::Counter(double(st.iterations() * n), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_C_BatchCount);


}  // namespace

BENCHMARK_MAIN();
