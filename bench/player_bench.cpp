// The computer players' cost per move on the committed mid-game corpus
// (bench/corpus, seeded playouts stopped after 16-70 turns per seat): expert
// with its default budget (20 000 nodes; on table-3 its race plan's 800 000
// boards, internal/race.h; on classic-6 UCT's 30 000, internal/uct.h), with
// 10 ms, and hard. One iteration = one choice on the next corpus position, so
// the time per iteration is the time per move; nodes/s is the search's speed (a node = a position visited:
// a generation and, at the leaves, an evaluation of every seat).
#include <benchmark/benchmark.h>

#include <fstream>
#include <string>
#include <vector>

#include "sternhalma/game.h"
#include "sternhalma/internal/search.h"
#include "sternhalma/internal/uct.h"
#include "sternhalma/player.h"

using namespace sternhalma;

namespace {

std::vector<Game> corpus(const char* name) {
  std::vector<Game> games;
  std::ifstream in(std::string(CORPUS_DIR) + "/" + name + ".txt");
  for (std::string line; std::getline(in, line);) {
    absl::StatusOr<Position> p = Position::parse(line);
    if (!p.ok()) continue;
    absl::StatusOr<Game> g = Game::from_position(p->rules(), *p);
    if (g.ok() && !g->is_over()) games.push_back(*std::move(g));
  }
  return games;
}

void choose(benchmark::State& st, const char* name, Level level, Budget budget) {
  const std::vector<Game> games = corpus(name);
  if (games.empty()) {
    st.SkipWithError("no corpus");
    return;
  }
  Player p(level, 1, budget);
  size_t i = 0;
  int64_t nodes = 0, depth = 0, moves = 0;
  for (auto _ : st) {
    const Move m = p.choose(games[i++ % games.size()]);
    benchmark::DoNotOptimize(m);
    nodes += p.last_stats().nodes;
    depth += p.last_stats().depth;
    ++moves;
  }
  st.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
  st.counters["nodes/move"] = static_cast<double>(nodes) / static_cast<double>(moves);
  st.counters["depth"] = static_cast<double>(depth) / static_cast<double>(moves);
}

// Time to depth: the wall time expert's search takes to complete iteration
// `depth` on each corpus position, with 1 or more threads (the root's moves
// shared out). The same positions in the same order for every thread count,
// so the ratio of the real times is the speed-up; the search stops at that
// depth, and "main nodes/move" counts the main thread's nodes only.
void to_depth(benchmark::State& st, const char* name, int depth) {
  const std::vector<Game> games = corpus(name);
  if (games.empty()) {
    st.SkipWithError("no corpus");
    return;
  }
  const int threads = static_cast<int>(st.range(0));
  internal::Table table;
  size_t i = 0;
  int64_t nodes = 0;
  for (auto _ : st) {
    const Game& g = games[i++ % games.size()];
    const std::vector<Move> moves = g.legal_moves();
    const internal::Result r = internal::best_reply(g, moves, {.depth = depth}, table, threads);
    benchmark::DoNotOptimize(r);
    nodes += r.nodes;
  }
  st.counters["main nodes/move"] = static_cast<double>(nodes) / static_cast<double>(st.iterations());
}

// Playouts in a time: expert's field search (internal/uct.h) for 30 ms of
// wall time on each corpus position, with 1 or more threads (a tree each).
// "playouts/move" counts every tree's, so its ratio between thread counts is
// what more cores buy that search.
void uct_playouts(benchmark::State& st, const char* name) {
  const std::vector<Game> games = corpus(name);
  if (games.empty()) {
    st.SkipWithError("no corpus");
    return;
  }
  const int threads = static_cast<int>(st.range(0));
  size_t i = 0;
  int64_t playouts = 0;
  for (auto _ : st) {
    const Game& g = games[i++ % games.size()];
    const std::vector<Move> moves = g.legal_moves();
    const internal::UctResult r = internal::uct(g, moves, {0, 30, nullptr}, 1, threads);
    benchmark::DoNotOptimize(r);
    playouts += r.iterations;
  }
  st.counters["playouts/move"] = static_cast<double>(playouts) / static_cast<double>(st.iterations());
}

}  // namespace

static void BM_ExpertPlayouts30ms_classic6(benchmark::State& st) { uct_playouts(st, "classic-6"); }
BENCHMARK(BM_ExpertPlayouts30ms_classic6)->Arg(1)->Arg(2)->Iterations(60)->UseRealTime()->Unit(benchmark::kMillisecond);
static void BM_ExpertToDepth6_classic2(benchmark::State& st) { to_depth(st, "classic-2", 6); }
static void BM_ExpertToDepth5_classic6(benchmark::State& st) { to_depth(st, "classic-6", 5); }
BENCHMARK(BM_ExpertToDepth6_classic2)->Arg(1)->Arg(2)->Iterations(60)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ExpertToDepth5_classic6)->Arg(1)->Arg(2)->Iterations(60)->UseRealTime()->Unit(benchmark::kMillisecond);
static void BM_Expert_classic2(benchmark::State& st) { choose(st, "classic-2", Level::kExpert, {}); }
static void BM_Expert_classic6(benchmark::State& st) { choose(st, "classic-6", Level::kExpert, {}); }
static void BM_Expert_table3(benchmark::State& st) { choose(st, "table-3", Level::kExpert, {}); }
static void BM_Expert10ms_classic2(benchmark::State& st) {
  choose(st, "classic-2", Level::kExpert, {0, 10});
}
static void BM_Hard_classic2(benchmark::State& st) { choose(st, "classic-2", Level::kHard, {}); }
static void BM_Hard_classic6(benchmark::State& st) { choose(st, "classic-6", Level::kHard, {}); }
static void BM_Hard_table3(benchmark::State& st) { choose(st, "table-3", Level::kHard, {}); }
BENCHMARK(BM_Expert_classic2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Expert_classic6)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Expert_table3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Expert10ms_classic2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Hard_classic2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Hard_classic6)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Hard_table3)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
