// race_plan.cpp — the expert's race plan (internal/race.h says what and
// why): a beam search over the seat's own moves to arrival.
#include <algorithm>
#include <chrono>
#include <vector>

#include "sternhalma/distance.h"
#include "sternhalma/internal/evaluate.h"
#include "sternhalma/internal/race.h"
#include "sternhalma/movegen.h"
#include "sternhalma/player.h"

namespace sternhalma::internal {

bool plans_race(const Rules& r) {
  if (r.teams || r.num_seats() < 3 || r.jumps != JumpRule::kStandard || r.marbles != 10) return false;
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (r.plays(s) && r.plays(opposite_point(s))) return false;
  return true;
}

namespace {

using Clock = std::chrono::steady_clock;

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
  Planner(const Game& g, const Limits& limits)
      : owner_(g.marbles_of()), st_(make_setting(g)), limits_(limits), made_(st_.moves_made[owner_]) {
    if (limits_.time_ms > 0) deadline_ = Clock::now() + std::chrono::milliseconds(limits_.time_ms);
  }

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
    if (stopped_ || (limits_.nodes > 0 && nodes_ >= limits_.nodes)) return !(stopped_ = true);
    ++nodes_;
    if ((nodes_ & (kTimeCheckNodes - 1)) == 0) {
      if (limits_.stop != nullptr && limits_.stop->load(std::memory_order_relaxed)) stopped_ = true;
      if (limits_.time_ms > 0 && Clock::now() >= deadline_) stopped_ = true;
    }
    return true;
  }
  // The layer's kRaceWidth best distinct boards (stable: ties keep the
  // order of their parents, best first, then of the moves).
  void keep_best(const std::vector<Line>& beam, std::vector<Child>& kids, std::vector<Line>& next) const;

  Seat owner_;
  Setting st_;
  Limits limits_;
  int made_;
  int64_t nodes_ = 0;
  bool stopped_ = false;
  Clock::time_point deadline_{};
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
  Planner planner(game, limits);
  return planner.run(game.position(), root_moves);
}

}  // namespace sternhalma::internal
