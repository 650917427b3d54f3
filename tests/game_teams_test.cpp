// SPEC §5, teams: an arrived partner moves for the other; a seat that is
// out takes its team out (game_test.cpp says where the other rules are).
#include <doctest/doctest.h>

#include "fixtures.h"
#include "sternhalma/game.h"
#include "sternhalma/notation.h"
#include "sternhalma/presets.h"
#include "sternhalma/record.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

// ----------------------------------------------------------------- §5 teams

TEST_CASE("§5: a team whose second partner arrives; the arrived partner moves for it") {
  const Rules r = preset("pairs-2x2");
  Game g = from(r, board(r, 0, {{0, with(without(kPoint3, "h14"), {"h13"})},
                                {1, {"e9"}},
                                {3, with(without(kPoint0, "j4"), {"i6"})},
                                {4, {"m9"}}}));
  play(g, {"h13-h14"});
  CHECK(g.status(0) == SeatStatus::kArrived);
  CHECK(g.place(0) == 0);  // the team is not placed yet
  play(g, {"e9-e10", "i6-i5", "m9-m8"});
  CHECK(g.to_move() == 0);
  CHECK(g.marbles_of() == 3);  // W moves K's marbles
  // The game reads move text with the marbles W moves now; the position
  // alone (W to move, W's marbles) cannot.
  const absl::StatusOr<Move> parsed = g.parse_move("i5-j4");
  REQUIRE(parsed.ok());
  CHECK(*parsed == M("i5", "j4"));
  CHECK(g.check(*parsed).ok());
  CHECK(g.puts_out(*parsed) == OutReason::kNone);
  CHECK_FALSE(parse_move(g.position(), "i5-j4").ok());
  CHECK(g.parse_move("h14-h13").status().code() == absl::StatusCode::kInvalidArgument);
  play(g, {"i5-j4"});
  CHECK(g.parse_move("i5-j4").status().code() == absl::StatusCode::kFailedPrecondition);
  CHECK(g.is_over());
  CHECK(g.place(0) == 1);
  CHECK(g.place(3) == 1);
  CHECK(g.place(1) == 2);
  CHECK(g.place(4) == 2);
  CHECK(g.moves_made(3) == 1);  // the partner's move does not count for K's deadline
  CHECK(event_lines(g) == Lines{"move W h13-h14", "arrive W", "move R e9-e10", "move K i6-i5",
                                "move Y m9-m8", "move W i5-j4 for K", "arrive K place 1",
                                "end all-placed"});
  // The record replays (the partner move is written like any move).
  absl::StatusOr<Game> back = read_record(write_record(g));
  CHECK_FALSE(back.ok());  // a hand-built start is not a preset start
}

TEST_CASE("§5: a seat that is out takes its team out") {
  Rules r = preset("three-pairs");
  r.deadline = 1;
  Game g(r);
  REQUIRE(g.apply(g.legal_moves().front()).ok());
  CHECK(g.status(0) == SeatStatus::kOut);
  CHECK(g.status(3) == SeatStatus::kOut);
  CHECK(g.out_reason(3) == OutReason::kPartner);
  CHECK(g.place(0) == 3);
  CHECK(g.place(3) == 3);
  CHECK(g.position().count(3) == 0);
  CHECK(g.to_move() == 1);
}
