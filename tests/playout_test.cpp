// Random playouts (playout.h): reproducible for a seed, and every ceiling on
// their work (games, turns per game, turns in all) refused or reached with an
// error, never run past.
#include <doctest/doctest.h>

#include "fixtures.h"
#include "sternhalma/game.h"
#include "sternhalma/playout.h"
#include "sternhalma/rules.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

TEST_CASE("playouts: same seed, same games; ceilings on count, length and turns in all") {
  const Game start(preset("classic-6"));
  auto one = playouts(start, 5, 400, 42), two = playouts(start, 5, 400, 42);
  REQUIRE(one.ok());
  REQUIRE(two.ok());
  for (size_t i = 0; i < 5; ++i) {
    CHECK((*one)[i].turns == (*two)[i].turns);
    CHECK((*one)[i].places == (*two)[i].places);
    CHECK((*one)[i].turns <= 400);
  }
  CHECK(playouts(start, kMaxPlayouts + 1, 1, 1).status().code() == absl::StatusCode::kOutOfRange);
  CHECK(playouts(start, 1, -1, 1).status().code() == absl::StatusCode::kOutOfRange);
  CHECK(playouts(start, 1, kMaxPlayoutTurns + 1, 1).status().code() ==
        absl::StatusCode::kOutOfRange);
  // A table where nobody can win and nothing ends the game: the turns in
  // all stop at the ceiling with an error, not after minutes.
  Rules endless = preset("classic-2");
  endless.id = "endless";
  endless.limit_unit = LimitUnit::kNone;
  endless.limit = 0;
  endless.repetition = Repetition::kOff;
  endless.deadline = 0;
  auto pos = Position::parse("endless W W:i9,h10 K:k5,j6 0", endless);
  REQUIRE(pos.ok());
  auto g = Game::from_position(endless, *pos);
  REQUIRE(g.ok());
  auto capped = playouts(*g, 4, kMaxPlayoutTurns / 2, 3);
  CHECK(capped.status().code() == absl::StatusCode::kResourceExhausted);
}
