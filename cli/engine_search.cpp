// The engine's player, its options and the search thread (engine.h).
#include <chrono>
#include <cstdio>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine.h"
#include "sternhalma/text.h"

namespace sternhalma::cli::engine {

namespace {

constexpr int64_t kMaxSeed = INT64_MAX;  // a spin's range: what every front end can hold

bool same_name(std::string_view a, std::string_view b) {
  return absl::EqualsIgnoreCase(text::av(a), text::av(b));
}

}  // namespace

Engine::Engine(Output& out, MoveWriter writer) : out_(out), writer_(std::move(writer)) {
  restart_player();
}

Engine::~Engine() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    quit_ = true;
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

std::vector<std::string> Engine::option_lines() {
  return {
      "option name Level type combo default expert var easy var normal var hard var expert",
      absl::StrCat("option name Seed type spin default 0 min 0 max ", kMaxSeed),
      absl::StrCat("option name Nodes type spin default 0 min 0 max ", kMaxBudgetNodes),
      absl::StrCat("option name MoveTime type spin default 0 min 0 max ", kMaxBudgetMs),
      absl::StrCat("option name Threads type spin default 1 min 1 max ", kMaxSearchThreads),
  };
}

void Engine::restart_player() {
  player_ = std::make_unique<Player>(level_, seed_);
  player_->set_stop(&stop_);
  player_->set_threads(threads_);
}

std::string Engine::set_option(std::string_view name, std::string_view value) {
  auto number = [&](int64_t max, int64_t* out) -> std::string {
    const std::optional<int64_t> v = parse_number(value, max);
    if (!v) return absl::StrCat("setoption: ", text::av(name), " ", text::quote(value), ": expected a number 0..", max);
    *out = *v;
    return "";
  };
  if (same_name(name, "Level")) {
    const std::optional<Level> lv = parse_level(value);
    if (!lv) return absl::StrCat("setoption: Level ", text::quote(value), ": expected easy, normal, hard or expert");
    level_ = *lv;
    restart_player();
    return "";
  }
  if (same_name(name, "Seed")) {
    int64_t seed = 0;
    if (std::string e = number(kMaxSeed, &seed); !e.empty()) return e;
    seed_ = static_cast<uint64_t>(seed);
    restart_player();
    return "";
  }
  if (same_name(name, "Nodes")) return number(kMaxBudgetNodes, &nodes_);
  if (same_name(name, "MoveTime")) return number(kMaxBudgetMs, &movetime_);
  if (same_name(name, "Threads")) {
    const std::optional<int64_t> n = parse_number(value, kMaxSearchThreads);
    if (!n || *n < 1) return absl::StrCat("setoption: Threads ", text::quote(value), ": expected a number 1..", kMaxSearchThreads);
    threads_ = static_cast<int>(*n);
    player_->set_threads(threads_);  // the player, its stream and its table stay
    return "";
  }
  return absl::StrCat("setoption: unknown option ", text::quote(name),
                      " (options: Level, Seed, Nodes, MoveTime, Threads)");
}

void Engine::new_game() {
  game_.reset();
  restart_player();
}

std::string Engine::go(const GoLimits& limits) {
  if (!game_) return "go: no position (send position first)";
  const Game& g = *game_;
  if (g.is_over()) return absl::StrCat("go: the game is over (", text::av(end_reason_name(g.end_reason())), ")");
  // Named limits win; a clock counts only when neither is named; else the
  // options (both 0: the level's default, Player's empty Budget).
  Budget budget{nodes_, movetime_};
  if (limits.nodes || limits.movetime) {
    budget = {limits.nodes.value_or(0), limits.movetime.value_or(0)};
  } else if (std::any_of(limits.reserve.begin(), limits.reserve.end(), [](auto& r) { return r.has_value(); })) {
    const Seat s = g.to_move();
    if (!limits.reserve[s])
      return absl::StrCat("go: no clock for ", std::string(1, seat_letter(s)), ", the seat to move");
    budget = budget_for_clock(*limits.reserve[s], limits.increment.value_or(0), expected_moves_left(g));
  }
  player_->set_budget(budget);
  // Easy and normal do a fixed few microseconds of work that stop could not
  // shorten: they answer on the reading thread, sparing two thread
  // hand-offs per move (bench/README.md, "The engine protocol").
  if (level_ == Level::kEasy || level_ == Level::kNormal) {
    const Answer a = answer(g);
    out_.line(a.info + "\n" + a.best);  // one write for both
    return "";
  }
  stop_ = false;  // here, not on the search thread: a stop sent right after go must count
  {
    std::lock_guard<std::mutex> lk(mu_);
    job_ = g;
    busy_ = true;
  }
  if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
  wake_.notify_one();
  return "";
}

void Engine::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (busy_) stop_ = true;
}

bool Engine::searching() const {
  std::lock_guard<std::mutex> lk(mu_);
  return busy_;
}

void Engine::wait_idle() {
  std::unique_lock<std::mutex> lk(mu_);
  idle_.wait(lk, [&] { return !busy_; });
}

Engine::Answer Engine::answer(const Game& game) {
  const auto start = std::chrono::steady_clock::now();
  // The game passes for a seat without moves by itself; a position given as
  // text may still start with one.
  std::string best = game.moves().size() == 0 ? "pass" : writer_(game.position(), player_->choose(game));
  const int64_t ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::steady_clock::now() - start).count();
  const SearchStats& stats = player_->last_stats();
  return {absl::StrCat("info depth ", std::max(stats.depth, 1), " nodes ", stats.nodes, " time ", ms),
          "bestmove " + best};
}

void Engine::run() {
  std::unique_lock<std::mutex> lk(mu_);
  for (;;) {
    wake_.wait(lk, [&] { return quit_ || job_.has_value(); });
    if (!job_) return;  // quit with nothing to do
    const Game game = std::move(*job_);
    job_.reset();
    lk.unlock();
    const Answer a = answer(game);
    lk.lock();
    // Idle before the answer is out: the referee's next line must find the
    // engine free. Printing under the lock keeps that line waiting until
    // the answer is written.
    busy_ = false;
    out_.line(a.info + "\n" + a.best);
    idle_.notify_all();
  }
}

}  // namespace sternhalma::cli::engine
