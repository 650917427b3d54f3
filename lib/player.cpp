// player.cpp — the four levels of computer player (player.h); expert's search
// lives in search/ and its evaluation in evaluate.cpp.
#include "sternhalma/player.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <utility>
#include <vector>

#include "sternhalma/distance.h"
#include "sternhalma/internal/race.h"
#include "sternhalma/internal/uct.h"
#include "sternhalma/internal/search.h"
#include "sternhalma/movegen.h"
#include "sternhalma/random.h"

namespace sternhalma {

namespace {

using SteadyClock = std::chrono::steady_clock;

// Expert's default: 3-5 plies in a two-player middle game, well inside
// 100 ms on one core (bench/README.md, player_bench).
constexpr int64_t kExpertDefaultNodes = 20'000;

// The moves worth considering: every legal move of the marbles the seat to
// move moves, less those that put a seat out (a marble brought home after
// the deadline, or the deadline move that leaves a movable marble at home:
// Game::puts_out) when others exist.
std::vector<Move> candidates(const Game& g) {
  MoveList list;
  generate(g.position(), g.marbles_of(), list);
  std::vector<Move> all(list.begin(), list.end()), safe;
  std::sort(all.begin(), all.end());
  for (const Move m : all)
    if (g.puts_out(m) == OutReason::kNone) safe.push_back(m);
  return safe.empty() ? all : safe;
}

// Hard's work counter: one node per generation. Once the budget is spent
// the lookahead returns at once and the stage in progress is dropped (see
// Player::choose_hard); with the default budget the first stage (every
// move, two own moves) always completes, unless the stop flag
// (Player::set_stop) is set: then every stage is dropped. The clock and the
// flag are read every kTimeCheckNodes nodes.
struct Work {
  int64_t nodes = 0;
  int64_t max_nodes = 0;  // 0: none
  SteadyClock::time_point deadline{};
  bool timed = false;
  const std::atomic<bool>* stop = nullptr;
  bool must_finish = true;
  bool stopped = false;
  bool aborted = false;  // the stop flag: not even the first stage completes
  void count() {
    ++nodes;
    if (max_nodes > 0 && nodes >= max_nodes) stopped = true;
    if ((nodes & (kTimeCheckNodes - 1)) == 0) {
      if (timed && SteadyClock::now() >= deadline) stopped = true;
      if (stop != nullptr && stop->load(std::memory_order_relaxed)) stopped = aborted = true;
    }
  }
  bool out() const { return aborted || (stopped && !must_finish); }
};
static_assert((kTimeCheckNodes & (kTimeCheckNodes - 1)) == 0, "a power of two: a mask");

// The best tip gain of `owner`'s next move on `pos`, looking `depth` moves
// ahead (depth >= 1), each later move discounted. Beam: the 6 best.
double lookahead(Position& pos, Seat owner, int depth, Work& work) {
  if (work.out()) return 0;  // the stage is dropped
  work.count();
  MoveList list;
  generate(pos, owner, list);
  if (list.empty()) return 0;
  if (depth <= 1) {
    int best = -100;
    for (const Move m : list) best = std::max(best, tip_gain(owner, m));
    return best;
  }
  std::vector<std::pair<int, Move>> v;
  for (const Move m : list) v.push_back({tip_gain(owner, m), m});
  std::partial_sort(v.begin(), v.begin() + std::min<size_t>(6, v.size()), v.end(),
                    [](const auto& a, const auto& b) {
                      return a.first != b.first ? a.first > b.first : a.second < b.second;
                    });
  double best = -100;
  for (size_t i = 0; i < std::min<size_t>(6, v.size()); ++i) {
    const Move m = v[i].second;
    pos.move_piece(m.from, m.to);
    best = std::max(best, v[i].first + 0.8 * lookahead(pos, owner, depth - 1, work));
    pos.move_piece(m.to, m.from);
  }
  return best;
}

// Rule 3: the moves that complete the goal of the marbles' owner (the
// game's own test, goal_reached: past a blocker, with the king on the tip).
// Nothing a seat can do is better for it: it takes the best place still
// free, or wins.
std::vector<Move> arriving_moves(const Game& g, const std::vector<Move>& moves) {
  const Seat owner = g.marbles_of();
  std::vector<Move> out;
  Position pos = g.position();
  for (const Move m : moves) {
    pos.move_piece(m.from, m.to);
    if (goal_reached(pos, owner)) out.push_back(m);
    pos.move_piece(m.to, m.from);
  }
  return out;
}

// Whether seat s can complete its goal with one move on pos (goal_reached
// after it). A move fills one cell, so only a goal with at most one empty
// cell is looked at.
bool arrives_next(Position& pos, Seat s) {
  if (goal_cells(pos.rules(), s).minus(pos.occupied()).count() > 1) return false;
  MoveList list;
  generate(pos, s, list);
  for (const Move m : list) {
    pos.move_piece(m.from, m.to);
    const bool done = goal_reached(pos, s);
    pos.move_piece(m.to, m.from);
    if (done) return true;
  }
  return false;
}

// Two seats: the opponent's arrival on its next move ends the race against
// the mover (a loss, or a last reply the mover cannot win: it has no
// arriving move now). The moves after which the opponent, moving next,
// cannot arrive; empty when it cannot anyway, or when no move stops it.
std::vector<Move> blocking_moves(const Game& g, const std::vector<Move>& moves) {
  const Rules& r = g.rules();
  if (r.teams || r.num_seats() != 2) return {};
  const Seat opp = r.next_seat(g.to_move());
  Position pos = g.position();
  // After two moves (ours, then theirs) at most two cells more are filled.
  if (goal_cells(r, opp).minus(pos.occupied()).count() > 2) return {};
  std::vector<Move> safe;
  for (const Move m : moves) {
    pos.move_piece(m.from, m.to);
    if (!goal_reached(pos, opp) && !arrives_next(pos, opp)) safe.push_back(m);
    pos.move_piece(m.to, m.from);
  }
  if (safe.size() == moves.size()) return {};
  return safe;
}

// The exit deadline (rule 7): when the own moves left barely cover the
// marbles still at home, every level plays a marble out of home first (or
// makes room inside home towards the exit). Empty when it does not apply.
std::vector<Move> deadline_moves(const Game& g, const std::vector<Move>& moves) {
  const Seat owner = g.marbles_of();
  const Rules& r = g.rules();
  if (r.deadline <= 0 || owner != g.to_move() || g.moves_made(owner) >= r.deadline) return {};
  const Bits& home = home_cells(owner, r.marbles);
  const int at_home = (g.position().pieces(owner) & home).count();
  if (at_home == 0 || r.deadline - g.moves_made(owner) > 2 * at_home + 4) return {};
  std::vector<Move> out, inside, pick;
  for (const Move m : moves)
    if (home.test(m.from)) (home.test(m.to) ? inside : out).push_back(m);
  std::vector<Move>& use = out.empty() ? inside : out;
  if (use.empty()) return {};
  int best = -100;
  for (const Move m : use) best = std::max(best, tip_gain(owner, m));
  if (best <= 0 && out.empty()) return {};
  for (const Move m : use)
    if (tip_gain(owner, m) == best) pick.push_back(m);
  return pick;
}

}  // namespace

std::optional<Level> parse_level(std::string_view name) {
  if (name == "easy") return Level::kEasy;
  if (name == "normal") return Level::kNormal;
  if (name == "hard") return Level::kHard;
  if (name == "expert") return Level::kExpert;
  return std::nullopt;
}

std::string_view level_name(Level level) {
  switch (level) {
    case Level::kEasy: return "easy";
    case Level::kNormal: return "normal";
    case Level::kHard: return "hard";
    case Level::kExpert: return "expert";
  }
  return "?";
}

Budget default_budget(Level level) {
  if (level == Level::kExpert) return {kExpertDefaultNodes, 0};
  return {};
}

absl::Status check_budget(const Budget& b) {
  if (b.nodes < 0 || b.nodes > kMaxBudgetNodes)
    return absl::InvalidArgumentError("budget nodes " + std::to_string(b.nodes) +
                                      " out of range 0.." + std::to_string(kMaxBudgetNodes));
  if (b.time_ms < 0 || b.time_ms > kMaxBudgetMs)
    return absl::InvalidArgumentError("budget time_ms " + std::to_string(b.time_ms) +
                                      " out of range 0.." + std::to_string(kMaxBudgetMs));
  return absl::OkStatus();
}

Player::Player(Level level, uint64_t seed, Budget budget) : level_(level), rng_(seed) {
  set_budget(budget);
}

void Player::set_budget(Budget b) {
  b.nodes = std::clamp<int64_t>(b.nodes, 0, kMaxBudgetNodes);
  b.time_ms = std::clamp<int64_t>(b.time_ms, 0, kMaxBudgetMs);
  budget_ = b;
}

void Player::set_threads(int n) { threads_ = std::clamp(n, 1, kMaxSearchThreads); }

uint64_t Player::below(uint64_t n) {
  if (n == 0) return 0;
  if (n <= UINT32_MAX) return rng_.below(static_cast<uint32_t>(n));
  return rng_.next() % n;
}

Move Player::choose(const Game& g) {
  stats_ = {};
  std::vector<Move> moves = candidates(g);
  if (moves.empty()) return Move{};
  const Seat owner = g.marbles_of();
  std::vector<Move> pick;
  if (level_ != Level::kEasy) pick = arriving_moves(g, moves);
  if (pick.empty()) pick = deadline_moves(g, moves);
  if (!pick.empty()) return pick[below(pick.size())];
  // Hard and expert look at the opponent's reply: with two seats, only the
  // moves that keep it from arriving next, when some do.
  if (level_ == Level::kHard || level_ == Level::kExpert) {
    std::vector<Move> safe = blocking_moves(g, moves);
    if (!safe.empty()) moves = std::move(safe);
  }
  if (level_ == Level::kEasy) {
    // Any advancing move (towards the goal tip), else any sideways one, else any.
    for (int want : {1, 0}) {
      for (const Move m : moves)
        if (want ? tip_gain(owner, m) > 0 : tip_gain(owner, m) == 0) pick.push_back(m);
      if (!pick.empty()) break;
    }
    if (pick.empty()) pick = moves;
    return pick[below(pick.size())];
  }
  if (level_ == Level::kExpert) {
    // Ties are broken by the seed: shuffle, then the search's stable order
    // by distance gained keeps the shuffled order among equals.
    for (size_t i = moves.size(); i > 1; --i) std::swap(moves[i - 1], moves[below(i)]);
    // Seats that race past each other plan the shortest line of own moves
    // (race.h says where and why), with a default budget of its own.
    // Four or more seats sample the field's futures (uct.h), also with a
    // default budget of its own.
    const bool race = internal::plans_race(g.rules());
    const bool field = internal::runs_uct(g.rules());
    Budget b = budget_;
    if (b == Budget{})
      b = race ? Budget{internal::kRaceDefaultNodes, 0}
          : field ? Budget{internal::kUctDefaultNodes, 0}
                  : default_budget(level_);
    if (race) {
      const internal::RaceResult rr = internal::race_plan(g, moves, {b.nodes, b.time_ms, stop_});
      stats_ = {rr.nodes, rr.moves};
      return rr.move;
    }
    if (field) {
      const internal::UctResult ur = internal::uct(g, moves, {b.nodes, b.time_ms, stop_}, rng_.next(), threads_);
      stats_ = {ur.nodes, ur.depth};
      return ur.move;
    }
    const internal::Result r = internal::best_reply(g, moves, {b.nodes, b.time_ms, stop_}, table_, threads_);
    stats_ = {r.nodes, r.depth};
    return r.move;
  }
  return choose_hard(g, moves);
}

// Normal and hard: the default (assignment) distance gained, then for hard
// what the next own moves could gain: two own moves ahead for every move, then
// stages that look one own move deeper at fewer of the best (8 at three, then
// 6, 4, 3, 2 ...). With the default budget hard stops after the three-move
// stage (its behaviour before budgets) and every stage it starts completes.
// A budget buys further stages, each kept only when it completed; under a
// budget the two-move stage too is dropped when the budget runs out inside
// it (the moves keep their distance gained now). A node budget is a
// ceiling: the distance gained now costs a node per move, and below one
// node per legal move only that many moves are looked at, those gaining
// most towards the goal's tip first.
Move Player::choose_hard(const Game& g, const std::vector<Move>& moves) {
  const Seat owner = g.marbles_of();
  Position pos = g.position();
  const int d0 = goal_distance(pos, owner);
  const bool hard = level_ == Level::kHard;
  const bool defaults = budget_ == Budget{};
  std::vector<size_t> order(moves.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  size_t looked = moves.size();
  if (hard && budget_.nodes > 0 && budget_.nodes < static_cast<int64_t>(moves.size())) {
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return tip_gain(owner, moves[a]) > tip_gain(owner, moves[b]);
    });
    looked = static_cast<size_t>(budget_.nodes);
  }
  constexpr double kUnseen = -1e18;  // a move the budget left unlooked at
  std::vector<double> score(moves.size(), kUnseen);
  for (size_t k = 0; k < looked; ++k) {
    const size_t i = order[k];
    const Move m = moves[i];
    pos.move_piece(m.from, m.to);
    score[i] = (d0 - goal_distance(pos, owner)) + 0.01 * tip_gain(owner, m);
    pos.move_piece(m.to, m.from);
  }
  stats_.nodes = static_cast<int64_t>(looked);
  stats_.depth = 1;
  if (hard) {
    Work work;
    work.nodes = stats_.nodes;
    work.max_nodes = budget_.nodes;
    if (budget_.nodes > 0 && work.nodes >= budget_.nodes) work.stopped = true;
    if (budget_.time_ms > 0) {
      work.timed = true;
      work.deadline = SteadyClock::now() + std::chrono::milliseconds(budget_.time_ms);
    }
    work.stop = stop_;
    work.must_finish = defaults;
    std::vector<double> deep = score;
    for (size_t k = 0; k < looked && !work.out(); ++k) {
      const size_t i = order[k];
      const Move m = moves[i];
      pos.move_piece(m.from, m.to);
      deep[i] = score[i] + 0.9 * lookahead(pos, owner, 1, work);
      pos.move_piece(m.to, m.from);
    }
    // Stopped before the two-move stage completed: the distance each move
    // gains now (score) is the best found so far.
    if (work.out()) deep = score;
    else stats_.depth = 2;
    constexpr size_t kWidths[] = {8, 6, 4, 3, 2, 2, 2};
    for (int stage = 0; stage < static_cast<int>(std::size(kWidths)); ++stage) {
      work.must_finish = false;
      if (work.aborted || (defaults ? stage > 0 : work.stopped)) break;
      std::vector<size_t> best(looked);
      for (size_t k = 0; k < looked; ++k) best[k] = order[k];
      std::stable_sort(best.begin(), best.end(),
                       [&](size_t a, size_t b) { return deep[a] > deep[b]; });
      std::vector<double> next = deep;
      bool done = true;
      for (size_t k = 0; k < std::min(kWidths[stage], best.size()); ++k) {
        const size_t i = best[k];
        const Move m = moves[i];
        pos.move_piece(m.from, m.to);
        next[i] = score[i] + 0.9 * lookahead(pos, owner, stage + 2, work);
        pos.move_piece(m.to, m.from);
        if (work.out()) {
          done = false;
          break;
        }
      }
      if (!done) break;
      // Only the stage's moves are re-scored: the others keep their shallower
      // value, below which a deeper look does not fall (gains are summed).
      deep = std::move(next);
      stats_.depth = stage + 3;
    }
    stats_.nodes = work.nodes;
    // Never a move that loses ground now for a promise: keep the immediate
    // gain as a small part of the score so that ladders get climbed.
    score = deep;
  }
  const double best = *std::max_element(score.begin(), score.end());
  std::vector<Move> pick;
  for (size_t i = 0; i < moves.size(); ++i)
    if (score[i] >= best - 1e-9) pick.push_back(moves[i]);
  return pick[below(pick.size())];
}


}  // namespace sternhalma
