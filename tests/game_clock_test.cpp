// SPEC §4 rule 11: resignations and flags per table (000, 002, 004) and
// clocks as bookkeeping, with their bounds (game_test.cpp says where the
// other rules are).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fixtures.h"
#include "sternhalma/distance.h"
#include "sternhalma/game.h"
#include "sternhalma/presets.h"
#include "sternhalma/record.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

// ----------------------------------------------------------------- rule 11

TEST_CASE("rule 11, 000: a resignation in a 3+ game ends it at once, the resigner last") {
  Game g(preset("classic-3"));
  play(g, {"j4-i5"});
  REQUIRE(g.resign(2).ok());
  CHECK(g.is_over());
  CHECK(g.end_reason() == EndReason::kResign);
  CHECK(g.place(2) == 3);
  CHECK(g.place(0) == 1);  // W moved forward: nearer
  CHECK(g.place(4) == 2);
  CHECK(outcome_lines(g) == Lines{"resign B", "out B place 3 resigned", "end resign"});
  CHECK(write_record(g) == "classic-3 W\nj4-i5 B:resign\n");
  CHECK(g.position().count(2) == 10);  // the game ended: the board stays as it was (docs/rules/choices.md)
  CHECK(g.undo());
  CHECK_FALSE(g.is_over());
  CHECK(g.place(2) == 0);
}

TEST_CASE("rule 11, 000: a flag in a 3+ game is a resignation") {
  Game g(preset("classic-3"));
  REQUIRE(g.flag().ok());
  CHECK(g.is_over());
  CHECK(g.place(0) == 3);
  CHECK(g.place(2) == 1);  // B and Y tie... competition ranking shares
  CHECK(g.place(4) == 1);
}

TEST_CASE("rule 11, 002/004: in a 3+ game the resigner is out and the rest play on") {
  for (const char* id : {"table-3", "online-3"}) {
    CAPTURE(id);
    Game g(preset(id));
    REQUIRE(g.resign(0).ok());
    CHECK_FALSE(g.is_over());
    CHECK(g.place(0) == 3);
    CHECK(g.position().count(0) == 0);
    CHECK(g.to_move() == 2);
    REQUIRE(g.resign(4).ok());  // not to move: allowed at any time
    CHECK(g.is_over());
    CHECK(g.place(4) == 2);
    CHECK(g.place(2) == 1);
    CHECK(g.resign(2).code() == absl::StatusCode::kFailedPrecondition);
  }
}

TEST_CASE("rule 11: two players — the opponent wins, on every table") {
  for (const char* id : {"classic-2", "table-2", "online-2"}) {
    CAPTURE(id);
    Game g(preset(id));
    REQUIRE(g.resign(3).ok());
    CHECK(g.is_over());
    CHECK(g.place(0) == 1);
    CHECK(g.place(3) == 2);
    CHECK(g.position().count(3) == 10);
  }
}

TEST_CASE("rule 11, 004: a fallen flag plays the move that gains most tip distance") {
  Game g(preset("online-2"));
  Move expect{};
  int best = -100;
  for (Move m : g.legal_moves()) {  // sorted: the first of the best is the smallest
    const int gain = tip_steps(0, m.from) - tip_steps(0, m.to);
    if (gain > best) best = gain, expect = m;
  }
  CHECK(g.flag_move() == expect);
  REQUIRE(g.flag().ok());
  CHECK_FALSE(g.is_over());
  REQUIRE(g.history().size() == 2);
  CHECK(g.history()[0].kind == Action::Kind::kFlag);
  CHECK(g.history()[1].move == expect);
  CHECK(g.history()[1].by_flag);
  CHECK(g.to_move() == 3);
  const std::string rec = write_record(g);
  CHECK(rec == "online-2 W\nW:flag\n");
  absl::StatusOr<Game> back = read_record(rec);
  REQUIRE(back.ok());
  CHECK(back->position() == g.position());
}

TEST_CASE("rule 11: clocks are bookkeeping; an overdrawn reserve makes the flag fall") {
  Game g(preset("classic-2"));
  REQUIRE(g.set_clock({1000, 100}).ok());
  REQUIRE(g.apply(g.legal_moves().front(), 300).ok());
  CHECK(g.reserve_ms(0) == 800);
  CHECK(g.reserve_ms(3) == 1000);
  REQUIRE(g.apply(g.legal_moves().front(), 1001).ok());  // K's flag falls
  CHECK(g.is_over());
  CHECK(g.place(3) == 2);
  CHECK(outcome_lines(g) == Lines{"flag K", "out K place 2 resigned", "end resign"});
  CHECK(g.reserve_ms(3) == 0);  // its time ran out (docs/rules/choices.md)
  CHECK(g.undo());
  CHECK(g.reserve_ms(3) == 1000);
  CHECK_FALSE(g.is_over());
}

TEST_CASE("clocks: every value is bounded and the reserve cannot wrap") {
  Game g(preset("classic-2"));
  const int64_t kMax = kMaxClockMs;
  CHECK(g.set_clock({INT64_MAX, INT64_MAX}).code() == absl::StatusCode::kOutOfRange);
  CHECK(g.set_clock({0, 0}).code() == absl::StatusCode::kOutOfRange);
  CHECK(g.set_clock({kMax + 1, 0}).code() == absl::StatusCode::kOutOfRange);
  CHECK(g.set_clock({1000, kMax + 1}).code() == absl::StatusCode::kOutOfRange);
  CHECK(g.set_clock({1000, -1}).code() == absl::StatusCode::kOutOfRange);
  CHECK_FALSE(g.has_clock());
  REQUIRE(g.set_clock({kMax, kMax}).ok());
  REQUIRE(g.apply(g.legal_moves().front(), 0).ok());
  CHECK(g.reserve_ms(0) == kMax);  // capped at the bound, not wrapped
  CHECK(g.apply(g.legal_moves().front(), -1).code() == absl::StatusCode::kOutOfRange);
  CHECK(g.set_clock({1000, 0}).code() == absl::StatusCode::kFailedPrecondition);
  REQUIRE(g.apply(g.legal_moves().front(), INT64_MAX).ok());  // K's flag falls
  CHECK(g.is_over());
  CHECK(g.reserve_ms(3) == 0);  // a fallen flag's reserve, whatever the time given
}
