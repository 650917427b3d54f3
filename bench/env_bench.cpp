// env_bench.cpp — the RL vector env (env.h): env-steps per second of
// VecEnv(N) driven by its own sampler, observations and masks included, and
// the parts of a step on their own (observation, mask, game step).
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "sternhalma/env.h"
#include "sternhalma/movegen.h"
#include "sternhalma/presets.h"

using namespace sternhalma;

namespace {

Rules table(const char* id, bool no_deadline) {
  Rules r = *find_preset(id);
  if (no_deadline) {
    r.deadline = 0;
    r.id += "-open";  // a custom table has an id of its own (validate())
  }
  return r;
}

// args: num_envs, dtype (0 float32, 1 uint8), layout (0 cells, 1 grid), what to
// leave out (bit 0 the mask, bit 1 the observation), record (1: the games keep
// their records, 0: playout mode)
void BM_VecEnvStep(benchmark::State& state, const char* id, bool no_deadline) {
  EnvOptions o;
  o.dtype = state.range(1) ? ObsType::kUint8 : ObsType::kFloat32;
  o.layout = state.range(2) ? ObsLayout::kGrid : ObsLayout::kCells;
  o.record = state.range(4) != 0;
  const size_t n = static_cast<size_t>(state.range(0));
  VecEnv env = *VecEnv::create(table(id, no_deadline), o, n);
  const size_t P = static_cast<size_t>(env.players().num_players);
  std::vector<uint8_t> obs(n * static_cast<size_t>(obs_bytes(o.layout, o.dtype)));
  std::vector<uint8_t> mask(n * kNumActions), term(n), trunc(n);
  std::vector<float> rewards(n * P);
  std::vector<int32_t> to_play(n), actions(n);
  EnvBuffers b{obs.data(), mask.data(), rewards.data(), term.data(), trunc.data(), to_play.data()};
  if (state.range(3) & 1) b.mask = nullptr;
  if (state.range(3) & 2) b.obs = nullptr;
  env.reset(1, b);
  for (auto _ : state) {
    env.sample_legal(actions.data());
    if (!env.step(actions.data(), b).ok()) state.SkipWithError("step failed");
    benchmark::DoNotOptimize(obs.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(n));
}

// The same with two buffer sets used in turn (as Python's VectorEnv does):
// the env updates each set in place with what changed since it wrote it.
// args: num_envs, dtype (0 float32, 1 uint8)
void BM_VecEnvStepTwoSets(benchmark::State& state) {
  EnvOptions o;
  o.dtype = state.range(1) ? ObsType::kUint8 : ObsType::kFloat32;
  o.record = false;
  const size_t n = static_cast<size_t>(state.range(0));
  VecEnv env = *VecEnv::create(table("classic-2", true), o, n);
  const size_t P = static_cast<size_t>(env.players().num_players);
  struct Set {
    std::vector<uint8_t> obs, mask, term, trunc;
    std::vector<float> rewards;
    std::vector<int32_t> to_play;
    EnvBuffers b;
  } sets[2];
  for (Set& s : sets) {
    s.obs.resize(n * static_cast<size_t>(obs_bytes(o.layout, o.dtype)));
    s.mask.resize(n * kNumActions);
    s.term.resize(n);
    s.trunc.resize(n);
    s.rewards.resize(n * P);
    s.to_play.resize(n);
    s.b = {s.obs.data(), s.mask.data(), s.rewards.data(), s.term.data(), s.trunc.data(), s.to_play.data()};
  }
  std::vector<int32_t> actions(n);
  env.reset(1, sets[0].b);
  int k = 0;
  for (auto _ : state) {
    env.sample_legal(actions.data());
    k ^= 1;
    if (!env.step(actions.data(), sets[k].b).ok()) state.SkipWithError("step failed");
    benchmark::DoNotOptimize(sets[k].obs.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(n));
}

// A game step alone (apply + legal moves for the next seat), no encoding.
void BM_GameStep(benchmark::State& state) {
  const Rules r = table("classic-2", true);
  const Game start = *Game::create(r);
  Game g = start;
  Rng rng(3);
  MoveList list;
  for (auto _ : state) {
    if (g.is_over()) g = start;
    list.clear();
    generate(g.position(), g.marbles_of(), list);
    const Move m = list[static_cast<int>(rng.below(static_cast<uint32_t>(list.size())))];
    benchmark::DoNotOptimize(g.apply(m));
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Observe(benchmark::State& state) {
  const ObsLayout layout = state.range(1) ? ObsLayout::kGrid : ObsLayout::kCells;
  Game g = *Game::create("classic-6");
  std::vector<float> f(static_cast<size_t>(obs_values(layout)));
  std::vector<uint8_t> u(f.size());
  for (auto _ : state) {
    if (state.range(0))
      observe(g, 2, layout, 0, u.data());
    else
      observe(g, 2, layout, 0, f.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

BENCHMARK_CAPTURE(BM_VecEnvStep, classic2_no_deadline, "classic-2", true)
    ->ArgsProduct({{1, 64, 1024}, {0, 1}, {0}, {0}, {0, 1}})
    ->Args({1024, 1, 1, 0, 0})
    ->Args({1024, 1, 0, 1, 0})
    ->Args({1024, 1, 0, 2, 0})
    ->Args({1024, 1, 0, 3, 0});
BENCHMARK_CAPTURE(BM_VecEnvStep, classic2, "classic-2", false)->Args({1024, 1, 0, 0, 0});
BENCHMARK_CAPTURE(BM_VecEnvStep, classic6, "classic-6", false)->Args({1024, 1, 0, 0, 0});
BENCHMARK(BM_VecEnvStepTwoSets)->ArgsProduct({{64, 1024}, {0, 1}});
BENCHMARK(BM_GameStep);
BENCHMARK(BM_Observe)->ArgsProduct({{0, 1}, {0, 1}});

BENCHMARK_MAIN();
