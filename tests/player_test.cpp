// Computer players (SPEC §9, issue 15): every level plays legal moves on every
// preset; expert finds forced finishes; budgets are honoured and deterministic.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "fixtures.h"
#include "sternhalma/distance.h"
#include "sternhalma/game.h"
#include "sternhalma/movegen.h"
#include "sternhalma/player.h"
#include "sternhalma/playout.h"
#include "sternhalma/presets.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

namespace {

constexpr Level kLevels[] = {Level::kEasy, Level::kNormal, Level::kHard, Level::kExpert};

Game from_line(const char* line) {
  absl::StatusOr<Position> p = Position::parse(line);
  REQUIRE_MESSAGE(p.ok(), p.status().message());
  absl::StatusOr<Game> g = Game::from_position(p->rules(), *p);
  REQUIRE_MESSAGE(g.ok(), g.status().message());
  return *std::move(g);
}

bool is_legal_move(const Game& g, Move m) {
  const std::vector<Move> legal = g.legal_moves();
  return std::find(legal.begin(), legal.end(), m) != legal.end();
}

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

// The stop flag (Player::set_stop): set before choose(), hard and expert
// return at their first check with a legal move; set by another thread
// during a search with no other limit, the search ends and its move is
// legal; easy and normal ignore it (the same move as without it).
TEST_CASE("a stop flag ends hard's and expert's search with a legal move") {
  Game g(*find_preset("classic-6"));
  Rng rng(4);
  for (int i = 0; i < 40; ++i) REQUIRE(g.apply(random_move(g, rng)).ok());
  std::atomic<bool> stop{true};
  for (Level lv : {Level::kHard, Level::kExpert}) {
    CAPTURE(level_name(lv));
    Player p(lv, 3, Budget{kMaxBudgetNodes, 0});
    p.set_stop(&stop);
    CHECK(p.stop_flag() == &stop);
    const Move m = p.choose(g);
    CHECK(is_legal_move(g, m));
    // Expert counts its root's children; hard first scores every move.
    CHECK(p.last_stats().nodes <= static_cast<int64_t>(g.legal_moves().size()) + kTimeCheckNodes);
  }
  for (Level lv : {Level::kHard, Level::kExpert}) {
    CAPTURE(level_name(lv));
    std::atomic<bool> later{false};
    Player p(lv, 3, Budget{kMaxBudgetNodes, 0});
    p.set_stop(&later);
    std::thread setter([&later] {
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
      later.store(true);
    });
    const Move m = p.choose(g);
    setter.join();
    CHECK(is_legal_move(g, m));
    CHECK(p.last_stats().nodes < kMaxBudgetNodes);
  }
  for (Level lv : {Level::kEasy, Level::kNormal}) {
    CAPTURE(level_name(lv));
    Player with(lv, 9), without(lv, 9);
    with.set_stop(&stop);
    for (int i = 0; i < 5; ++i) CHECK(with.choose(g) == without.choose(g));
  }
}

// budget_for_clock: the documented share, and the guarantee that a move
// taking its budget plus kClockMarginMs never takes more than the reserve.
TEST_CASE("budget_for_clock: a share of the reserve plus most of the increment, never the whole reserve") {
  // (60 000 - 25) / 40 + 0 = 1499; 3/4 of a 2 s increment added.
  CHECK(budget_for_clock(60'000, 0, 40) == Budget{0, 1499});
  CHECK(budget_for_clock(60'000, 2'000, 40) == Budget{0, 1499 + 1500});
  // Few moves expected count as kMinMovesLeft: (10 025 - 25) / 8.
  CHECK(budget_for_clock(10'025, 0, 1) == Budget{0, 1250});
  // A large increment against a small reserve: at most half of what is left.
  CHECK(budget_for_clock(225, 10'000, 40) == Budget{0, 100});
  // Nearly nothing left: 1 ms, the least budget (0 would be "no limit").
  CHECK(budget_for_clock(2 * kClockMarginMs, 5'000, 40) == Budget{0, 1});
  CHECK(budget_for_clock(0, 0, 0) == Budget{0, 1});
  CHECK(budget_for_clock(-7, -7, -7) == Budget{0, 1});
  // Huge clocks: within the budget's ceiling.
  CHECK(budget_for_clock(kMaxClockMs, kMaxClockMs, 1) == Budget{0, kMaxBudgetMs});
  CHECK(check_budget(budget_for_clock(kMaxClockMs, 0, 40)).ok());

  // Every move spends its whole budget plus the margin: the reserve never
  // runs out, whatever the estimate of the moves left (a clock from one
  // second to an hour, with and without increment, 500 moves).
  for (const int64_t reserve0 : {int64_t{1'000}, int64_t{60'000}, int64_t{3'600'000}}) {
    for (const int64_t inc : {int64_t{0}, int64_t{100}, int64_t{2'000}}) {
      for (const int estimate : {1, 10, 60, 1000}) {
        CAPTURE(reserve0);
        CAPTURE(inc);
        CAPTURE(estimate);
        int64_t reserve = reserve0;
        bool flagged = false;
        for (int move = 0; move < 500; ++move) {
          const Budget b = budget_for_clock(reserve, inc, estimate);
          REQUIRE(b.nodes == 0);
          REQUIRE(b.time_ms >= 1);
          const int64_t spent = b.time_ms + kClockMarginMs;
          if (reserve > 2 * kClockMarginMs) flagged |= spent > reserve;
          reserve = std::max<int64_t>(0, reserve - spent) + inc;
        }
        CHECK_FALSE(flagged);
      }
    }
  }
}

TEST_CASE("expected_moves_left follows the goal distance and is at least kMinMovesLeft") {
  Game g(*find_preset("classic-2"));
  const int d = goal_distance(g.position(), g.marbles_of());
  CHECK(expected_moves_left(g) == (d + kStepsPerMove - 1) / kStepsPerMove + kEndgameMoves);
  CHECK(expected_moves_left(g) > 30);
  // Nine marbles home, the tenth four steps from the free goal cell f16
  // (K's marble on it does not count): two moves at the pace, plus the
  // endgame's.
  const Game near = from_line(
      "classic-2 W W:g12,e14,f14,g14,h14,e15,f15,g15,e16,e17 K:m1,l2,m2,k3,l3,m3,k4,l4,m4,f16 0");
  CHECK(goal_distance(near.position(), 0) == 4);
  CHECK(expected_moves_left(near) == 2 + kEndgameMoves);
  // A finished game: the floor.
  Game over(*find_preset("classic-2"));
  REQUIRE(over.resign(0).ok());
  CHECK(expected_moves_left(over) == kMinMovesLeft);
}
