// race_plan_test: the expert's race plan (internal/race.h) — where it plays,
// that it finds the shortest line of own moves where an exhaustive count can
// say what the shortest is, and that Player keeps its budgets with it.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

#include "fixtures.h"
#include "sternhalma/distance.h"
#include "sternhalma/game.h"
#include "sternhalma/internal/race.h"
#include "sternhalma/movegen.h"
#include "sternhalma/player.h"
#include "sternhalma/presets.h"
#include "sternhalma/zones.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

// Where it plays: three seats or more, none facing another, no teams, ten
// marbles and standard jumps. Japanese-3 has its seats at alternate points,
// but the king's tip makes a race the plan does not finish within its
// budget; so the same table with long jumps or 15 marbles (race.h).
TEST_CASE("the race plan plays where no seat faces another: three seats at alternate points") {
  for (const std::string id : {"table-3", "classic-3", "online-3"}) {
    CAPTURE(id);
    CHECK(internal::plans_race(preset(id.c_str())));
  }
  for (const std::string id : {"classic-2", "table-2", "classic-4", "table-4", "table-5", "classic-6", "table-6",
                               "long-jumps-6", "pairs-2x2", "three-pairs", "japanese-3"}) {
    CAPTURE(id);
    CHECK_FALSE(internal::plans_race(preset(id.c_str())));
  }
  Rules r = preset("table-3");
  r.jumps = JumpRule::kLong;
  CHECK_FALSE(internal::plans_race(r));
  r = preset("fifteen-2");
  r.seats = 0b010101;  // points 0, 2 and 4
  CHECK_FALSE(internal::plans_race(r));
  r.marbles = 10;
  CHECK(internal::plans_race(r));
}

// W (seat 0) on table-3 with nine marbles in its goal and the tenth outside,
// B and Y at home: for every goal cell left empty and every cell within six
// steps of it, the plan's line against the exhaustive count of lines of up
// to two moves. Where a line of one or two moves arrives the plan finds one
// that short (its move then leaves a line one shorter); where none does, its
// line is longer.
TEST_CASE("the race plan finds the shortest line of own moves where the count is exhaustive") {
  const Rules r = preset("table-3");
  constexpr Seat kW = 0;
  const Bits& goal = goal_cells(r, kW);
  int cases = 0, short_lines = 0;
  goal.for_each([&](Cell hole) {
    for (int c = 0; c < kNumCells; ++c) {
      const Cell out = static_cast<Cell>(c);
      if (goal.test(out) || hex_distance(out, hole) > 6) continue;
      Position pos(r);
      goal.for_each([&](Cell g) {
        if (g != hole) pos.put(g, kW);
      });
      if (home_cells(2, r.marbles).test(out) || home_cells(4, r.marbles).test(out)) continue;
      pos.put(out, kW);
      for (const Seat s : {Seat{2}, Seat{4}}) home_cells(s, r.marbles).for_each([&](Cell h) { pos.put(h, s); });
      pos.set_to_move(kW);
      const Game g = from(r, pos);
      const std::vector<Move> moves = root_moves(g);
      const internal::RaceResult plan = internal::race_plan(g, moves, {internal::kRaceDefaultNodes, 0, nullptr});
      const int fewest = fewest_moves(pos, kW, 2);
      CAPTURE(cell_name(hole));
      CAPTURE(cell_name(out));
      CAPTURE(fewest);
      REQUIRE(plan.arrives);
      CHECK(plan.nodes <= internal::kRaceDefaultNodes);
      if (fewest > 0) {
        CHECK(plan.moves == fewest);
        ++short_lines;
      } else {
        CHECK(plan.moves > 2);
      }
      Position after = pos;
      after.move_piece(plan.move.from, plan.move.to);
      if (plan.moves <= 3) CHECK(fewest_moves(after, kW, plan.moves - 1) == plan.moves - 1);
      ++cases;
    }
  });
  MESSAGE(cases, " cases, ", short_lines, " with a line of one or two moves");
  CHECK(short_lines > 20);
  CHECK(cases > short_lines);
}

// W to move, seven marbles home and three outside: h13, i13, j12. The
// move gaining most, j12-h14 (over i13), leaves three more to play; the
// line of three is h13-g14, then j12-h14-f14, then i13-h14 (the position of
// player_test's ladder, whose K marbles are far away). A beam of one board,
// the greedy line, plays j12-h14: the plan keeps the ladder's first move.
TEST_CASE("the race plan takes the ladder where the greedy move is a move longer") {
  absl::StatusOr<Position> pos = Position::parse(
      "classic-2 W W:j12,h13,i13,e14,e15,f15,g15,e16,f16,e17 K:m1,l2,m2,k3,l3,m3,j4,k4,l4,a13 0");
  REQUIRE(pos.ok());
  const Game g = from(pos->rules(), *pos);
  REQUIRE(fewest_moves(*pos, 0, 3) == 3);
  const internal::RaceResult plan = internal::race_plan(g, root_moves(g), {internal::kRaceDefaultNodes, 0, nullptr});
  CHECK(plan.arrives);
  CHECK(plan.moves == 3);
  CHECK(plan.move != M("j12", "h14"));
  Position after = *pos;
  after.move_piece(plan.move.from, plan.move.to);
  CHECK(fewest_moves(after, 0, 2) == 2);
}

TEST_CASE("expert plans the race on table-3 within its budgets; the same seed gives the same moves") {
  Game a(preset("table-3")), b(preset("table-3"));
  Player pa(Level::kExpert, 4, Budget{500, 0}), pb(Level::kExpert, 4, Budget{500, 0});
  Player dflt(Level::kExpert, 4);
  for (int i = 0; i < 9 && !a.is_over(); ++i) {
    const Move ma = pa.choose(a), mb = pb.choose(b);
    REQUIRE(ma == mb);
    CHECK(pa.last_stats().nodes <= 500);  // a ceiling, however small
    CHECK(pa.last_stats().nodes == pb.last_stats().nodes);
    REQUIRE(a.apply(ma).ok());
    REQUIRE(b.apply(mb).ok());
  }
  // The default: a whole plan to arrival from the position, within
  // kRaceDefaultNodes boards. Each marble outside the goal must move at
  // least once, so no line is shorter than their number.
  dflt.choose(a);
  CHECK(dflt.last_stats().nodes <= internal::kRaceDefaultNodes);
  CHECK(dflt.last_stats().nodes > 500);
  const Seat s = a.to_move();
  const int outside = a.position().pieces(s).minus(goal_cells(a.rules(), s)).count();
  const internal::RaceResult plan = internal::race_plan(a, root_moves(a), {internal::kRaceDefaultNodes, 0, nullptr});
  CHECK(plan.arrives);
  CHECK(plan.moves >= outside);
  CHECK(plan.moves < 60);
}

// Along a game of hard players, mid-race: the plan arrives within its
// default budget, and the line it reports is its move's line on the board
// as it stands (race.h: the still view's), whichever view chose the move.
TEST_CASE("the race plan reports the still board's line for the move it chooses") {
  Game g(preset("table-3"));
  Player lead(Level::kHard, 3);
  for (const int plies : {12, 24, 36}) {
    while (g.actions() < plies) REQUIRE(g.apply(lead.choose(g)).ok());
    CAPTURE(plies);
    const internal::Limits dflt{internal::kRaceDefaultNodes, 0, nullptr};
    const internal::RaceResult plan = internal::race_plan(g, root_moves(g), dflt);
    REQUIRE(plan.arrives);
    CHECK(plan.nodes <= internal::kRaceDefaultNodes);
    const Move only[] = {plan.move};
    const internal::RaceResult line = internal::race_plan(g, only, dflt);
    CHECK(line.arrives);
    CHECK(line.move == plan.move);
    CHECK(line.moves == plan.moves);
  }
}

// A stop flag set before choose(): the plan stops at its first check, before
// its first layer completes, and plays the move gaining most towards the
// goal's tip (player.h).
TEST_CASE("a stopped race plan plays the move gaining most towards the tip") {
  Game g(preset("table-3"));
  Player lead(Level::kHard, 1);
  for (int i = 0; i < 12; ++i) REQUIRE(g.apply(lead.choose(g)).ok());
  std::atomic<bool> stop{true};
  Player p(Level::kExpert, 5);
  p.set_stop(&stop);
  const Move m = p.choose(g);
  const Seat s = g.to_move();
  int best = -100;
  for (const Move o : root_moves(g)) best = std::max(best, tip_steps(s, o.from) - tip_steps(s, o.to));
  CHECK(tip_steps(s, m.from) - tip_steps(s, m.to) == best);
  CHECK(p.last_stats().nodes <= kTimeCheckNodes);
  CHECK(best > 0);
}
