// uct_test: the expert's search on four to six seats (internal/uct.h) —
// where it plays, the worth its reward is made of, that it finds a short own
// finish an exhaustive count can confirm, and that it keeps its budgets and
// its determinism.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <string>
#include <vector>

#include "fixtures.h"
#include "sternhalma/distance.h"
#include "sternhalma/game.h"
#include "sternhalma/internal/evaluate.h"
#include "sternhalma/internal/uct.h"
#include "sternhalma/player.h"
#include "sternhalma/playout.h"
#include "sternhalma/presets.h"
#include "sternhalma/random.h"
#include "sternhalma/zones.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

namespace {

// A middle game of the preset: `turns` seeded random moves from the start.
Game middle_game(const char* id, int turns, uint64_t seed) {
  Game g(preset(id));
  Rng rng(seed);
  for (int i = 0; i < turns && !g.is_over(); ++i) REQUIRE(g.apply(random_move(g, rng)).ok());
  REQUIRE_FALSE(g.is_over());
  return g;
}

}  // namespace

// Four seats or more without teams; teams (their partners weighed
// together) and two or three seats keep the other searches.
TEST_CASE("expert samples the field on four to six seats, without teams") {
  for (const std::string id : {"classic-4", "table-4", "table-5", "classic-6", "table-6", "long-jumps-6",
                               "online-4", "online-6"}) {
    CAPTURE(id);
    CHECK(internal::runs_uct(preset(id.c_str())));
  }
  for (const std::string id : {"classic-2", "classic-3", "table-3", "japanese-3", "pairs-2x2", "three-pairs"}) {
    CAPTURE(id);
    CHECK_FALSE(internal::runs_uct(preset(id.c_str())));
  }
}

// The reward's worth is the race alone: rule 10's distance in steps, the
// arrival, and rule 7's exit deadline (classic-4: 30 own moves), which the
// advice terms of seat_worth only lower.
TEST_CASE("the race worth is the distance, the arrival and the exit deadline") {
  const Rules r = preset("classic-4");  // a Position keeps a reference to its rules
  const Game g(r);
  internal::Setting st = internal::make_setting(g);
  const Position& pos = g.position();
  CHECK(internal::race_worth(pos, 0, st) == -internal::kStep * goal_distance(pos, 0));
  CHECK(internal::seat_worth(pos, 0, st) <= internal::race_worth(pos, 0, st));
  // Ten marbles at home: they cost three steps each once 2 x 10 + 6 = 26
  // moves or fewer are left (4 made), and the seat is out at 30.
  st.moves_made[0] = 3;
  const int early = internal::race_worth(pos, 0, st);
  st.moves_made[0] = 4;
  CHECK(internal::race_worth(pos, 0, st) == early - 10 * 3 * internal::kStep);
  st.moves_made[0] = 30;
  CHECK(internal::race_worth(pos, 0, st) <= -internal::kWin / 2);
  CHECK(internal::seat_worth(pos, 0, st) == internal::race_worth(pos, 0, st));
  // W home: the arrival's worth, above any distance.
  Position home(r);
  goal_cells(r, 0).for_each([&](Cell c) { home.put(c, 0); });
  st.moves_made[0] = 20;
  CHECK(internal::race_worth(home, 0, st) > 0);
  CHECK(internal::race_worth(home, 0, st) == internal::seat_worth(home, 0, st));
}

// W on classic-4 with nine marbles in its goal and the tenth outside; K
// (whose home is W's goal) stands in the middle next to W's home, R and Y
// at home, away from W's goal. For every goal cell left empty and every cell within
// five steps of it from which a line of two own moves arrives on the still
// board (the exhaustive count), the search's first move leaves a line of
// one. The move gaining most towards the tip does not always: those cases
// are counted, and some must be among them.
TEST_CASE("UCT finds the first move of a two-move finish") {
  const Rules r = preset("classic-4");
  constexpr Seat kW = 0, kK = 3;
  const Bits& goal = goal_cells(r, kW);
  // K's marbles on the ten cells nearest W's home tip outside every camp.
  std::vector<Cell> k_cells;
  for (int c = 0; c < kNumCells; ++c) {
    bool in_camp = false;
    for (Seat s = 0; s < kMaxSeats; ++s) in_camp = in_camp || home_cells(s, r.marbles).test(c);
    if (!in_camp) k_cells.push_back(c);
  }
  std::stable_sort(k_cells.begin(), k_cells.end(), [](Cell a, Cell b) {
    return hex_distance(a, tip_cell(kW)) < hex_distance(b, tip_cell(kW));
  });
  k_cells.resize(10);
  int cases = 0, greedy_misses = 0;
  goal.for_each([&](Cell hole) {
    for (int c = 0; c < kNumCells; ++c) {
      const Cell out = static_cast<Cell>(c);
      if (goal.test(out) || hex_distance(out, hole) > 5) continue;
      if (home_cells(1, r.marbles).test(out) || home_cells(4, r.marbles).test(out)) continue;
      Position pos(r);
      goal.for_each([&](Cell g) {
        if (g != hole) pos.put(g, kW);
      });
      pos.put(out, kW);
      for (const Cell k : k_cells) pos.put(k, kK);
      for (const Seat s : {Seat{1}, Seat{4}}) home_cells(s, r.marbles).for_each([&](Cell h) { pos.put(h, s); });
      pos.set_to_move(kW);
      if (fewest_moves(pos, kW, 2) != 2) continue;
      const Game g = from(r, pos);
      const std::vector<Move> moves = root_moves(g);
      const internal::UctResult res = internal::uct(g, moves, {internal::kUctDefaultNodes, 0, nullptr}, 1);
      CAPTURE(cell_name(hole));
      CAPTURE(cell_name(out));
      CAPTURE(res.move);
      CHECK(res.nodes <= internal::kUctDefaultNodes);
      CHECK(res.iterations > 0);
      Position after = pos;
      after.move_piece(res.move.from, res.move.to);
      CHECK(fewest_moves(after, kW, 1) == 1);
      // The move gaining most (the first of equals among the root moves).
      const Move greedy = *std::max_element(moves.begin(), moves.end(), [&](Move a, Move b) {
        return tip_gain(kW, a) < tip_gain(kW, b);
      });
      Position greedy_after = pos;
      greedy_after.move_piece(greedy.from, greedy.to);
      if (fewest_moves(greedy_after, kW, 1) != 1) ++greedy_misses;
      ++cases;
    }
  });
  MESSAGE(cases, " two-move finishes, ", greedy_misses, " where the move gaining most is not on one");
  CHECK(cases > 20);
  CHECK(greedy_misses > 0);
}

// The same seed, node budget and game give the same move and the same
// count; a node budget is a ceiling, however small; before the first
// iteration completes the move is the first of those gaining most towards
// the tip; a set stop flag returns at the first check; without root moves
// there is nothing to do.
TEST_CASE("UCT keeps its node budget and its seed's determinism") {
  for (const char* id : {"classic-4", "table-5", "classic-6", "long-jumps-6"}) {
    CAPTURE(id);
    const Game g = middle_game(id, 60, 11);
    const std::vector<Move> moves = root_moves(g);
    const Seat me = g.marbles_of();
    int most = INT32_MIN;
    for (const Move m : moves) most = std::max(most, tip_gain(me, m));
    const Move first_most = *std::find_if(moves.begin(), moves.end(),
                                          [&](Move m) { return tip_gain(me, m) == most; });
    for (const int64_t n : {int64_t{1}, int64_t{10}, int64_t{100}, int64_t{3000}}) {
      CAPTURE(n);
      const internal::UctResult a = internal::uct(g, moves, {n, 0, nullptr}, 5);
      const internal::UctResult b = internal::uct(g, moves, {n, 0, nullptr}, 5);
      CHECK(a.move == b.move);
      CHECK(a.nodes == b.nodes);
      CHECK(a.iterations == b.iterations);
      CHECK(a.nodes <= n);
      CHECK(is_legal_move(g, a.move));
      if (a.iterations == 0) CHECK(a.move == first_most);
    }
    const internal::UctResult full = internal::uct(g, moves, {3000, 0, nullptr}, 5);
    CHECK(full.iterations > 50);
    CHECK(full.nodes > 3000 - 100);  // the budget is spent, less one unfinished iteration
    const std::atomic<bool> stop{true};
    const internal::UctResult stopped = internal::uct(g, moves, {0, 0, &stop}, 5);
    CHECK(stopped.nodes <= kTimeCheckNodes);
    CHECK(stopped.move == first_most);
    const internal::UctResult none = internal::uct(g, {}, {3000, 0, nullptr}, 5);
    CHECK(none.move == Move{});
    CHECK(none.nodes == 0);
  }
}

// More threads: the first tree is the one-thread search (same nodes,
// depth and visits of its own), each helper the one-thread search from the
// next seed of Rng(seed), and the move is the most visited over their
// summed visits (the first of equals) — so the same seed, budget and
// number of threads give the same move. A node budget is each tree's
// ceiling; a set stop flag stops every tree at its first check.
TEST_CASE("UCT on more threads adds up trees grown from their own seeds") {
  for (const char* id : {"classic-4", "table-5", "classic-6", "long-jumps-6"}) {
    CAPTURE(id);
    const Game g = middle_game(id, 48, 3);
    const std::vector<Move> moves = root_moves(g);
    const Seat me = g.marbles_of();
    std::vector<Move> order = moves;  // the root's order: most gained first, stably
    std::stable_sort(order.begin(), order.end(),
                     [me](Move a, Move b) { return tip_gain(me, a) > tip_gain(me, b); });
    order.resize(std::min(order.size(), static_cast<size_t>(internal::kUctRootWidth)));
    for (const int threads : {2, 3}) {
      for (const int64_t n : {int64_t{1}, int64_t{500}, int64_t{3000}}) {
        CAPTURE(threads);
        CAPTURE(n);
        const internal::Limits limits{n, 0, nullptr};
        const internal::UctResult many = internal::uct(g, moves, limits, 7, threads);
        const internal::UctResult again = internal::uct(g, moves, limits, 7, threads);
        CHECK(many.move == again.move);
        CHECK(many.visits == again.visits);
        std::vector<internal::UctResult> trees{internal::uct(g, moves, limits, 7)};
        Rng seeds(7);
        for (int i = 1; i < threads; ++i) trees.push_back(internal::uct(g, moves, limits, seeds.next()));
        CHECK(many.nodes == trees[0].nodes);
        CHECK(many.nodes <= n);
        CHECK(many.depth == trees[0].depth);
        std::array<int, internal::kUctRootWidth> sum{};
        int iterations = 0;
        for (const internal::UctResult& t : trees) {
          iterations += t.iterations;
          for (size_t i = 0; i < sum.size(); ++i) sum[i] += t.visits[i];
        }
        CHECK(many.iterations == iterations);
        CHECK(many.visits == sum);
        const size_t best = static_cast<size_t>(std::max_element(sum.begin(), sum.end()) - sum.begin());
        CHECK(many.move == (sum[best] > 0 ? order[best] : order[0]));
        CHECK(is_legal_move(g, many.move));
      }
    }
    const std::atomic<bool> stop{true};
    const internal::UctResult stopped = internal::uct(g, moves, {0, 0, &stop}, 7, 4);
    CHECK(stopped.nodes <= kTimeCheckNodes);
    CHECK(stopped.iterations <= 4 * kTimeCheckNodes);  // a board or more an iteration, per tree
    CHECK(std::find(order.begin(), order.end(), stopped.move) != order.end());
  }
}

// Through the Player: expert's default budget on six seats is UCT's, each
// tree's ceiling; the same seed plays the same game on one thread and on
// two, and the threads' trees are searched (two threads do not play one
// thread's game).
TEST_CASE("expert on classic-6 plays by UCT within its default budget, on one thread or more") {
  const Game start = middle_game("classic-6", 30, 2);
  Game a = start, b = start, c = start;
  Player pa(Level::kExpert, 9), pb(Level::kExpert, 9), pc(Level::kExpert, 9);
  pb.set_threads(2);
  pc.set_threads(2);
  int differ = 0;
  for (int i = 0; i < 4 && !a.is_over() && !b.is_over(); ++i) {
    const Move ma = pa.choose(a), mb = pb.choose(b), mc = pc.choose(c);
    REQUIRE(mb == mc);
    differ += ma != mb;
    CHECK(pa.last_stats().nodes <= internal::kUctDefaultNodes);
    CHECK(pa.last_stats().nodes > internal::kUctDefaultNodes / 2);
    CHECK(pb.last_stats().nodes <= internal::kUctDefaultNodes);
    REQUIRE(a.apply(ma).ok());
    REQUIRE(b.apply(mb).ok());
    REQUIRE(c.apply(mc).ok());
  }
  CHECK(differ > 0);
}
