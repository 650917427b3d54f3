// race_plan.cpp — the expert's race plan (internal/race.h says what and
// why): a beam search over the seat's own moves to arrival, in two views of
// the others' marbles.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "sternhalma/distance.h"
#include "sternhalma/internal/evaluate.h"
#include "sternhalma/internal/race.h"
#include "sternhalma/movegen.h"
#include "sternhalma/player.h"
#include "sternhalma/zones.h"

namespace sternhalma::internal {

bool plans_race(const Rules& r) {
  if (r.teams || r.num_seats() < 3 || r.jumps != JumpRule::kStandard || r.marbles != 10) return false;
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (r.plays(s) && r.plays(opposite_point(s))) return false;
  return true;
}

namespace {

using Clock = std::chrono::steady_clock;

enum class View { kStill, kPassing };

// What one plan may spend: boards (-1: no cap), a deadline, the stop flag.
struct Allowance {
  int64_t boards = -1;
  bool timed = false;
  Clock::time_point deadline{};
  const std::atomic<bool>* stop = nullptr;
};

// The passing view from kRacePassingLayer on: the others' marbles between
// their home and their goal are taken off (race.h says why).
void take_off_passing(Position& pos, Seat owner) {
  const Rules& r = pos.rules();
  for (Seat s = 0; s < kMaxSeats; ++s) {
    if (s == owner || !r.plays(s)) continue;
    const Bits away = pos.pieces(s).minus(goal_cells(r, s)).minus(home_cells(s, r.marbles));
    away.for_each([&](Cell c) { pos.remove(c); });
  }
}

// A line of the beam: the board after it, and the index of its first move
// among the root moves.
struct Line {
  Position pos;
  int first;
};

// One move past a line, scored, before the layer keeps its best.
struct Child {
  int parent;
  int first;
  Move move;
  int worth;
  uint64_t hash;
};

class Planner {
 public:
  Planner(const Game& g, const Setting& st, View view, const Allowance& allow)
      : owner_(g.marbles_of()), st_(st), view_(view), allow_(allow), made_(st_.moves_made[owner_]) {}

  RaceResult run(const Position& start, std::span<const Move> root_moves);

 private:
  // The seat's worth after `depth` own moves (the exit deadline counts them).
  int worth(const Position& pos, int depth) {
    st_.moves_made[owner_] = made_ + depth;
    return seat_worth(pos, owner_, st_) + best_gain(pos, owner_) * kRaceLadderPct / 100;
  }
  // Counts one board; false, counting nothing, once the budget is spent.
  // The clock and the stop flag are read every kTimeCheckNodes boards.
  bool count() {
    if (stopped_ || (allow_.boards >= 0 && nodes_ >= allow_.boards)) return !(stopped_ = true);
    ++nodes_;
    if ((nodes_ & (kTimeCheckNodes - 1)) == 0) {
      if (allow_.stop != nullptr && allow_.stop->load(std::memory_order_relaxed)) stopped_ = true;
      if (allow_.timed && Clock::now() >= allow_.deadline) stopped_ = true;
    }
    return true;
  }
  // The layer's kRaceWidth best distinct boards (stable: ties keep the
  // order of their parents, best first, then of the moves).
  void keep_best(const std::vector<Line>& beam, std::vector<Child>& kids, std::vector<Line>& next) const;

  Seat owner_;
  Setting st_;
  View view_;
  Allowance allow_;
  int made_;
  int64_t nodes_ = 0;
  bool stopped_ = false;
};

void Planner::keep_best(const std::vector<Line>& beam, std::vector<Child>& kids, std::vector<Line>& next) const {
  std::stable_sort(kids.begin(), kids.end(), [](const Child& a, const Child& b) { return a.worth > b.worth; });
  next.clear();
  std::vector<uint64_t> seen;
  for (const Child& c : kids) {
    if (next.size() == static_cast<size_t>(kRaceWidth)) break;
    if (std::find(seen.begin(), seen.end(), c.hash) != seen.end()) continue;  // a transposition
    seen.push_back(c.hash);
    next.push_back({beam[static_cast<size_t>(c.parent)].pos, c.first});
    next.back().pos.move_piece(c.move.from, c.move.to);
  }
}

RaceResult Planner::run(const Position& start, std::span<const Move> root_moves) {
  RaceResult res;
  if (root_moves.empty()) return res;
  // Stopped before the first layer completes: the move gaining most
  // towards the goal's tip (the first of equals), as player.h promises of
  // a stopped expert.
  res.move = root_moves[0];
  for (const Move m : root_moves)
    if (tip_gain(owner_, m) > tip_gain(owner_, res.move)) res.move = m;
  std::vector<Line> beam{{start, -1}}, next;
  std::vector<Child> kids;
  MoveList list;
  for (int depth = 1; depth <= kRaceMaxMoves && !stopped_; ++depth) {
    kids.clear();
    if (view_ == View::kPassing && depth == kRacePassingLayer)
      for (Line& line : beam) take_off_passing(line.pos, owner_);
    for (size_t p = 0; p < beam.size() && !stopped_; ++p) {
      Position& pos = beam[p].pos;
      std::span<const Move> moves = root_moves;
      if (depth > 1) {
        list.clear();
        generate(pos, owner_, list);
        moves = std::span<const Move>(list.begin(), list.end());
      }
      for (size_t i = 0; i < moves.size() && count(); ++i) {
        const Move m = moves[i];
        const int first = depth == 1 ? static_cast<int>(i) : beam[p].first;
        pos.move_piece(m.from, m.to);
        if (goal_reached(pos, owner_)) {  // the shortest line: no layer before arrived
          res = {root_moves[static_cast<size_t>(first)], depth, true, nodes_};
          return res;
        }
        kids.push_back({static_cast<int>(p), first, m, worth(pos, depth), pos.hash()});
        pos.move_piece(m.to, m.from);
      }
    }
    if (stopped_ || kids.empty()) break;  // a layer cut short is not compared
    keep_best(beam, kids, next);
    beam.swap(next);
    res.move = root_moves[static_cast<size_t>(beam[0].first)];
    res.moves = depth;
  }
  res.nodes = nodes_;
  return res;
}

}  // namespace

RaceResult race_plan(const Game& game, std::span<const Move> root_moves, const Limits& limits) {
  const Setting st = make_setting(game);
  const Clock::time_point start = Clock::now();
  int64_t spent = 0;
  // Plan k of four may spend up to (k + 1) / 4 of the budget, less what the
  // plans before it spent: what one leaves, the next may use.
  const auto plan = [&](int k, View view, std::span<const Move> roots) {
    Allowance allow;
    allow.stop = limits.stop;
    if (limits.nodes > 0) allow.boards = std::max<int64_t>(0, limits.nodes * (k + 1) / 4 - spent);
    if (limits.time_ms > 0) {
      allow.timed = true;
      allow.deadline = start + std::chrono::microseconds(limits.time_ms * 1000 * (k + 1) / 4);
    }
    RaceResult r = Planner(game, st, view, allow).run(game.position(), roots);
    spent += r.nodes;
    return r;
  };
  RaceResult still = plan(0, View::kStill, root_moves);
  const auto done = [&](RaceResult r) {
    r.nodes = spent;
    return r;
  };
  if (!still.arrives) return done(still);
  const RaceResult passing = plan(1, View::kPassing, root_moves);
  if (!passing.arrives || passing.move == still.move) return done(still);
  // Each view's first move planned in the other view.
  const Move passing_first[] = {passing.move}, still_first[] = {still.move};
  const RaceResult passing_still = plan(2, View::kStill, passing_first);
  const RaceResult still_passing = plan(3, View::kPassing, still_first);
  if (!passing_still.arrives || !still_passing.arrives) return done(still);
  if (passing_still.moves + passing.moves < still.moves + still_passing.moves) return done(passing_still);
  return done(still);
}

}  // namespace sternhalma::internal
