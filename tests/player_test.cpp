// Computer players (SPEC §9): every level plays legal moves on every
// preset; expert finds forced finishes; budgets are honoured and deterministic.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "fixtures.h"
#include "sternhalma/distance.h"
#include "sternhalma/game.h"
#include "sternhalma/internal/evaluate.h"
#include "sternhalma/internal/search.h"
#include "sternhalma/movegen.h"
#include "sternhalma/notation.h"
#include "sternhalma/player.h"
#include "sternhalma/playout.h"
#include "sternhalma/presets.h"
#include "sternhalma/zones.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

namespace {

constexpr Level kLevels[] = {Level::kEasy, Level::kNormal, Level::kHard, Level::kExpert};

// A seat of the hand-built endgames below has arrived (the game may go on
// for the two-player last reply).
bool arrived(const Game& g, Seat s) { return g.status(s) == SeatStatus::kArrived; }

}  // namespace

TEST_CASE("every level returns a legal, non-eliminating move on positions of every preset") {
  for (const Rules& r : presets()) {
    CAPTURE(r.id);
    // Positions along a seeded game of random moves: the start, then every
    // 7th turn up to 70 (the middle game of every table).
    Game g(r);
    Rng rng(12345);
    for (int turn = 0; turn <= 70 && !g.is_over(); ++turn) {
      if (turn % 7 == 0) {
        for (Level lv : kLevels) {
          CAPTURE(level_name(lv));
          CAPTURE(turn);
          Player p(lv, 99, Budget{500, 0});
          const Move m = p.choose(g);
          CHECK(is_legal_move(g, m));
          if (g.puts_out(m) != OutReason::kNone) {  // only when every move puts a seat out
            for (const Move other : g.legal_moves()) CHECK(g.puts_out(other) != OutReason::kNone);
          }
        }
      }
      REQUIRE(g.apply(random_move(g, rng)).ok());
    }
  }
}

TEST_CASE("on its deadline move every level keeps its seat in when a move can") {
  // W's deadline is this move; j4 is its one marble at home and can move:
  // only j4's moves out of home keep W in (rule 7), every other move puts
  // it out. The seeded levels pick among those alone.
  Rules r = preset("classic-2");
  r.id = "classic-2-deadline-1";
  r.deadline = 1;
  const absl::StatusOr<Position> pos = Position::parse(
      "classic-2-deadline-1 W W:j4,e9,f9,g9,h9,i9,j9,k9,l9,m9 K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0", r);
  REQUIRE(pos.ok());
  const Game g = *Game::from_position(r, *pos);
  int keep = 0;
  for (const Move m : g.legal_moves()) keep += g.puts_out(m) == OutReason::kNone;
  REQUIRE(keep > 0);
  REQUIRE(keep < static_cast<int>(g.legal_moves().size()));
  for (Level lv : kLevels) {
    CAPTURE(level_name(lv));
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      Player p(lv, seed, Budget{500, 0});
      const Move m = p.choose(g);
      CHECK(g.puts_out(m) == OutReason::kNone);
      CHECK(m.from == C("j4"));
    }
  }
}

TEST_CASE("expert in a team game moves the marbles the game says, of its own seat") {
  // pairs-2x2 against random moves: each move is legal and moves a marble of
  // Game::marbles_of() (the seat itself, or its partner once it has arrived).
  Game g(*find_preset("pairs-2x2"));
  Player p(Level::kExpert, 5, Budget{3000, 0});
  Rng rng(3);
  for (int i = 0; i < 24 && !g.is_over(); ++i) {
    const Move m = p.choose(g);
    REQUIRE(is_legal_move(g, m));
    CHECK(g.position().at(m.from) == g.marbles_of());
    REQUIRE(g.apply(i % 2 ? random_move(g, rng) : m).ok());
  }
}

// W to move: nine marbles in the goal, the tenth on g9. K's marbles f9, g10,
// h11, i12 are a ladder: g9-g11-i11-i13 climbs it in one move, and i13-h14
// fills the goal (forced: K cannot take away every rung in one move). The
// greedy answer to "most distance now" is the same ladder, but expert must
// also see that it finishes.
TEST_CASE("expert finishes in 2 of its own moves through a ladder, against every reply") {
  // (verified forced by an exhaustive search of both sides while building it)
  const char* line =
      "classic-2 W W:g9,e14,f14,g14,e15,f15,g15,e16,f16,e17 K:m1,l2,m2,k3,l3,m3,f9,g10,h11,i12 0";
  Game start = from_line(line);
  Player expert(Level::kExpert, 1, Budget{200'000, 0});
  const Move first = expert.choose(start);
  REQUIRE(start.apply(first).ok());
  CHECK_FALSE(arrived(start, 0));
  const std::vector<Move> replies = start.legal_moves();
  REQUIRE(!replies.empty());
  for (const Move reply : replies) {
    Game g = start;
    REQUIRE(g.apply(reply).ok());
    Player again(Level::kExpert, 1, Budget{200'000, 0});
    REQUIRE(g.apply(again.choose(g)).ok());
    CHECK(arrived(g, 0));
  }
}

// W to move, seven marbles home and three outside: h13, i13, j12, with f14,
// g14, h14 free. The greedy move j12-h14 (over i13) gains most but then
// needs three more; the finish in 3 is h13-g14, then the ladder
// j12-h14-f14 (over i13, then over g14), then i13-h14. K's marbles are far
// away (nine in its goal, one on a13), so the finish is forced.
TEST_CASE("expert finishes in 3 of its own moves through a ladder, against every reply") {
  const char* line =
      "classic-2 W W:j12,h13,i13,e14,e15,f15,g15,e16,f16,e17 K:m1,l2,m2,k3,l3,m3,j4,k4,l4,a13 0";
  Game start = from_line(line);
  const Move greedy{*parse_cell("j12"), *parse_cell("h14")};
  REQUIRE(is_legal_move(start, greedy));
  Player expert(Level::kExpert, 1, Budget{200'000, 0});
  const Move first = expert.choose(start);
  CHECK(first != greedy);
  REQUIRE(start.apply(first).ok());
  int lines = 0;
  for (const Move reply1 : start.legal_moves()) {
    Game g1 = start;
    REQUIRE(g1.apply(reply1).ok());
    Player p2(Level::kExpert, 2, Budget{200'000, 0});
    REQUIRE(g1.apply(p2.choose(g1)).ok());
    REQUIRE_FALSE(arrived(g1, 0));
    for (const Move reply2 : g1.legal_moves()) {
      Game g2 = g1;
      REQUIRE(g2.apply(reply2).ok());
      Player p3(Level::kExpert, 3, Budget{200'000, 0});
      REQUIRE(g2.apply(p3.choose(g2)).ok());
      CHECK(arrived(g2, 0));
      ++lines;
    }
  }
  CHECK(lines > 10);
}

TEST_CASE("hard and expert leave home before the exit deadline (rule 7) and play on") {
  // Every seat played by the level for 45 rounds (or to an earlier end): no
  // seat is out, and a game still going has passed every seat's deadline.
  for (Level lv : {Level::kHard, Level::kExpert}) {
    for (const std::string id : {"classic-2", "classic-3", "pairs-2x2"}) {
      CAPTURE(level_name(lv));
      CAPTURE(id);
      Game g(*find_preset(id));
      std::vector<Player> players;
      for (Seat s = 0; s < kMaxSeats; ++s) players.emplace_back(lv, 50 + s, Budget{800, 0});
      while (!g.is_over() && g.round() < 45) REQUIRE(g.apply(players[g.to_move()].choose(g)).ok());
      for (Seat s = 0; s < kMaxSeats; ++s) {
        if (!g.rules().plays(s)) continue;
        CHECK(g.out_reason(s) == OutReason::kNone);
        if (!g.is_over()) CHECK(g.moves_made(s) > g.rules().deadline);
      }
    }
  }
}

TEST_CASE("the same seed and node budget give the same moves; budgets are honoured") {
  for (Level lv : {Level::kHard, Level::kExpert}) {
    CAPTURE(level_name(lv));
    for (const std::string id : {"classic-2", "classic-3", "pairs-2x2"}) {
      CAPTURE(id);
      Game a(*find_preset(id)), b(*find_preset(id));
      Player pa(lv, 7, Budget{3000, 0}), pb(lv, 7, Budget{3000, 0});
      for (int i = 0; i < 12 && !a.is_over(); ++i) {
        const Move ma = pa.choose(a), mb = pb.choose(b);
        REQUIRE(ma == mb);
        CHECK(pa.last_stats().nodes == pb.last_stats().nodes);
        // A node budget is a ceiling.
        CHECK(pa.last_stats().nodes <= 3000);
        REQUIRE(a.apply(ma).ok());
        REQUIRE(b.apply(mb).ok());
      }
    }
  }
}

TEST_CASE("a larger budget searches deeper; the default budget is expert's 20 000 nodes") {
  Game g(*find_preset("classic-2"));
  Rng rng(8);
  for (int i = 0; i < 30; ++i) REQUIRE(g.apply(random_move(g, rng)).ok());
  Player small(Level::kExpert, 1, Budget{1000, 0}), large(Level::kExpert, 1, Budget{100'000, 0});
  small.choose(g);
  large.choose(g);
  CHECK(small.last_stats().depth < large.last_stats().depth);
  CHECK(default_budget(Level::kExpert).nodes == 20'000);
  Player dflt(Level::kExpert, 1);
  dflt.choose(g);
  CHECK(dflt.last_stats().nodes <= 20'000);
  CHECK(dflt.last_stats().nodes > 1000);
}

// Three or more units (evaluate.h): each other unit costs its chance of
// finishing first. On classic-3, W and B each have nine marbles in the goal
// and one on its home tip (level in the race); Y has all ten at home, far
// behind both. Y's advance changes nothing for W (its chance of finishing
// first stays nil), while B's one step costs W about a step; with two units
// every step of the opponent's counts in full.
TEST_CASE("expert's evaluation on three seats weighs a close rival, not one far behind") {
  const Rules r = preset("classic-3");
  constexpr Seat kW = 0, kB = 2, kY = 4;
  Position pos(r);
  for (const Seat s : {kW, kB}) {
    int n = 0;
    goal_cells(r, s).for_each([&](Cell c) {
      if (c != tip_cell(opposite_point(s)) && n < 9) pos.put(c, s), ++n;
    });
    pos.put(tip_cell(s), s);
  }
  home_cells(kY, r.marbles).for_each([&](Cell c) { pos.put(c, kY); });
  pos.set_to_move(kW);
  const Game g = from(r, pos);
  const internal::Setting st = internal::make_setting(g);
  REQUIRE(st.num_units == 3);
  const int base = internal::evaluate(pos, st, true);
  // A one-step advance of `s`'s marble on `from` (a move gaining exactly one
  // step towards its goal's tip): the change in W's score.
  auto after_step = [&](Seat s, Cell from) {
    MoveList list;
    generate(pos, s, list);
    for (const Move m : list) {
      if (m.from != from || tip_steps(s, m.from) - tip_steps(s, m.to) != 1) continue;
      Position q = pos;
      q.move_piece(m.from, m.to);
      return internal::evaluate(q, st, true) - base;
    }
    FAIL("no one-step advance from ", cell_name(from));
    return 0;
  };
  Cell y_front = kNoCell;  // Y's marble nearest its goal's tip
  home_cells(kY, r.marbles).for_each([&](Cell c) {
    if (y_front == kNoCell || tip_steps(kY, c) < tip_steps(kY, y_front)) y_front = c;
  });
  CHECK(after_step(kY, y_front) == 0);
  const int b_step = after_step(kB, tip_cell(kB));
  CHECK(b_step < -internal::kStep / 2);
  CHECK(b_step > -2 * internal::kStep);
}

TEST_CASE("budgets out of range are refused by check_budget and clamped by Player") {
  CHECK(check_budget({0, 0}).ok());
  CHECK(check_budget({kMaxBudgetNodes, kMaxBudgetMs}).ok());
  const absl::Status neg = check_budget({-1, 0});
  CHECK(neg.code() == absl::StatusCode::kInvalidArgument);
  CHECK(std::string(neg.message()) == "budget nodes -1 out of range 0..1000000000");
  CHECK(std::string(check_budget({0, kMaxBudgetMs + 1}).message()) ==
        "budget time_ms 3600001 out of range 0..3600000");
  Player p(Level::kExpert, 1, Budget{-5, kMaxBudgetMs + 9});
  CHECK(p.budget() == Budget{0, kMaxBudgetMs});
}

TEST_CASE("levels by name") {
  for (Level lv : kLevels) CHECK(parse_level(level_name(lv)) == lv);
  CHECK_FALSE(parse_level("genius").has_value());
  CHECK_FALSE(parse_level("Expert").has_value());
}

// SPEC §9 in short games from the start.

TEST_CASE("§9: computer players are deterministic for a seed and advance") {
  for (Level lv : {Level::kEasy, Level::kNormal, Level::kHard}) {
    CAPTURE(level_name(lv));
    Game a(preset("classic-2")), b(preset("classic-2"));
    Player pa(lv, 7), pb(lv, 7);
    for (int i = 0; i < 20; ++i) {
      const Move ma = pa.choose(a), mb = pb.choose(b);
      CHECK(ma == mb);
      REQUIRE(a.apply(ma).ok());
      REQUIRE(b.apply(mb).ok());
    }
    CHECK(goal_distance(a.position(), 0) < goal_distance(Position::start(a.rules()), 0));
  }
  CHECK(parse_level("hard") == Level::kHard);
  CHECK(parse_level("expert") == Level::kExpert);
  CHECK_FALSE(parse_level("genius").has_value());
}

TEST_CASE("§9: two normal players finish a classic-2 game with an arrival") {
  Game g(preset("classic-2"));
  Player w(Level::kNormal, 1), k(Level::kNormal, 2);
  while (!g.is_over()) REQUIRE(g.apply((g.to_move() == 0 ? w : k).choose(g)).ok());
  CHECK((g.status(0) == SeatStatus::kArrived || g.status(3) == SeatStatus::kArrived));
}

// Arrival in one move, under every arrival rule: the 8 + 1 blocked goal of
// anti-blocking (the position on classic-2 and on table-2, free
// zones), all ten own marbles (race-2), the king on the tip (japanese-2),
// and a team whose seat arrives to move its partner's marbles (pairs-2x2),
// and several opponents (table-4, japanese-3). The expected moves are every
// move that arrives, by the game's own test; expert's search by itself (no
// shortcut at the root) must find one too, as must the hard and expert
// players.
TEST_CASE("hard, expert and expert's search play a move that arrives, under every arrival rule") {
  struct Case {
    const char* line;
    std::vector<std::string> arrive;
  };
  const Case cases[] = {
      {"classic-2 W W:f13,h13,f14,g14,h14,e15,f15,g15,e16,e17 K:m1,l2,m2,k3,l3,m3,k4,l4,m4,f16 0", {"f13-e14"}},
      {"table-2 W W:f13,h13,f14,g14,h14,e15,f15,g15,e16,e17 K:m1,l2,m2,k3,l3,m3,k4,l4,m4,f16 0", {"f13-e14"}},
      {"race-2 K W:h11,g12,e14,f14,e15,f15,g15,e16,f16,e17 K:m1,l2,m2,k3,l3,m3,k4,l4,m4,i5 40", {"i5-j4"}},
      {"japanese-2 W W:g12,e13,f13,h13,i13,e14,f14,g14,h14,e15,f15,g15,e16,f16,e17* "
       "K:m1*,l2,m2,k3,l3,m3,j4,k4,l4,m4,i5,j5,k5,l5,k7 39",
       {"g12-g13"}},
      {"pairs-2x2 K W:j5,h9,h10,g11,h11,j12,f13,e15,e16,f16 R:h8,j9,m10,l11,m11,l12,m12,j13,l13,m13 "
       "K:m1,l2,m2,k3,l3,j4,k4,l4,m4,k7 Y:e5,f5,g5,e6,f6,h6,k6,f7,i7,i11 24",
       {"k7-k5-m3"}},
      {"online-2 W W:g13,i13,e14,f14,h14,e15,f15,g15,e16,f16 K:m1,l2,m2,k3,l3,j4,j5,i7,k9,e17 30", {"g13-g14"}},
      {"japanese-3 W W:i12,e13,f13,g13,i13,e14,f14,g14,h14,e15,f15,g15,e16,f16,e17* "
       "B:n5,o5,p5,q5,m6,n6,o6,p6*,m7,n7,o7,j8,m8,m9,l10 Y:e5,f5,g5,h5,e6*,f6,g6,e7,f7,g7,f8,h8,k8,e9,e10 36",
       {"i12-h13"}},
  };
  for (const Case& c : cases) {
    const std::string line = c.line;
    CAPTURE(line);
    const Game g = from_line(c.line);
    const Seat owner = g.marbles_of();
    std::vector<std::string> arrive;
    for (const Move m : g.legal_moves()) {
      Game h = g;
      REQUIRE(h.apply(m).ok());
      if (h.status(owner) == SeatStatus::kArrived) arrive.push_back(format_move(g.position(), m));
      Position p = g.position();
      p.move_piece(m.from, m.to);
      CHECK(goal_reached(p, owner) == (h.status(owner) == SeatStatus::kArrived));
    }
    CHECK(absl::StrJoin(arrive, " ") == absl::StrJoin(c.arrive, " "));
    auto arrives = [&](Move m) {
      return std::find(arrive.begin(), arrive.end(), format_move(g.position(), m)) != arrive.end();
    };
    for (Level lv : {Level::kNormal, Level::kHard, Level::kExpert}) {
      CAPTURE(level_name(lv));
      Player p(lv, 1);
      CHECK(arrives(p.choose(g)));
    }
    internal::Table table;
    const std::vector<Move> legal = g.legal_moves();
    const internal::Result r = internal::best_reply(g, legal, {20'000, 0, nullptr}, table);
    CHECK(arrives(r.move));
    // Seen as the finish it is (a team's finish needs both partners).
    if (!g.rules().teams) CHECK(r.score > internal::kWin / 2);
  }
}
