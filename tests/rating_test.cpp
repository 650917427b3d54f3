// SPEC §6: Elo for two players, pairwise placement for three to six, and no
// rating for team games, from places or from a finished game.
#include <doctest/doctest.h>

#include <cmath>
#include <optional>
#include <vector>

#include "fixtures.h"
#include "sternhalma/game.h"
#include "sternhalma/rating.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

TEST_CASE("§6: Elo for two, pairwise placement for 3-6, none for teams") {
  auto two = rating_changes(std::vector<int>{1, 2}, std::vector<double>{1500, 1500}, 32);
  REQUIRE(two.ok());
  CHECK((*two)[0] == doctest::Approx(16));
  CHECK((*two)[1] == doctest::Approx(-16));
  auto draw = rating_changes(std::vector<int>{1, 1}, std::vector<double>{1600, 1400}, 32);
  REQUIRE(draw.ok());
  const double e = 1 / (1 + std::pow(10.0, -200.0 / 400));
  CHECK((*draw)[0] == doctest::Approx(32 * (0.5 - e)));
  auto three = rating_changes(std::vector<int>{1, 2, 3}, std::vector<double>{1500, 1500, 1500}, 30);
  REQUIRE(three.ok());
  CHECK((*three)[0] == doctest::Approx(20));  // K' = 2*30/3 = 20; S-E = 0.5+0.5
  CHECK((*three)[1] == doctest::Approx(0));
  CHECK((*three)[2] == doctest::Approx(-20));
  auto shared = rating_changes(std::vector<int>{1, 1, 3}, std::vector<double>{1500, 1500, 1500}, 30,
                               10.0);
  REQUIRE(shared.ok());
  CHECK((*shared)[0] == doctest::Approx(5));
  CHECK((*shared)[2] == doctest::Approx(-10));
  CHECK_FALSE(rating_changes(std::vector<int>{1, 2}, std::vector<double>{1500}, 32).ok());
  CHECK_FALSE(rating_changes(std::vector<int>{1, 2, 1, 2}, std::vector<double>(4, 1500.0), 32,
                             std::nullopt, true)
                  .ok());
  // From a game; team games refused.
  Game g(preset("classic-2"));
  CHECK_FALSE(rating_changes(g, std::vector<double>{1500, 1500}).ok());
  REQUIRE(g.resign(3).ok());
  auto fromg = rating_changes(g, std::vector<double>{1500, 1500});
  REQUIRE(fromg.ok());
  CHECK((*fromg)[0] == doctest::Approx(16));
  // By seat: a game's places (0 = not played) go straight in, with one
  // rating per seat; the changes come back by seat, 0 where nobody sat.
  std::vector<int> places(kMaxSeats);
  for (Seat s = 0; s < kMaxSeats; ++s) places[s] = g.place(s);
  CHECK(places == std::vector<int>{1, 0, 0, 2, 0, 0});
  const std::vector<double> by_seat{1500, 1e9, std::nan(""), 1500, 0, 0};  // unplayed: ignored
  auto six = rating_changes(places, by_seat, 32);
  REQUIRE(six.ok());
  CHECK(*six == std::vector<double>{16, 0, 0, -16, 0, 0});
  auto six_g = rating_changes(g, std::vector<double>{1500, 0, 0, 1500, 0, 0});
  REQUIRE(six_g.ok());
  CHECK(*six_g == std::vector<double>{16, 0, 0, -16, 0, 0});
  CHECK(rating_changes(g, std::vector<double>(3, 1500.0)).status().code() == absl::StatusCode::kInvalidArgument);
  // A place < 0, fewer than two played, more than six entries.
  CHECK(rating_changes(std::vector<int>{1, -1, 2}, std::vector<double>(3, 1500.0), 32).status().message() ==
        "rating: place -1 at index 1 (must be >= 1, or 0: not played)");
  CHECK_FALSE(rating_changes(std::vector<int>{1, 0, 0}, std::vector<double>(3, 1500.0), 32).ok());
  CHECK_FALSE(rating_changes(std::vector<int>(7, 1), std::vector<double>(7, 1500.0), 32).ok());
  // Three of six seats played: N = 3 (K' = 2K/3), as when given alone.
  auto part = rating_changes(std::vector<int>{1, 0, 2, 0, 3, 0}, std::vector<double>(6, 1500.0), 30);
  REQUIRE(part.ok());
  CHECK(*part == std::vector<double>{(*three)[0], 0, (*three)[1], 0, (*three)[2], 0});
  Game t(preset("pairs-2x2"));
  REQUIRE(t.resign(1).ok());
  CHECK_FALSE(rating_changes(t, std::vector<double>(4, 1500.0)).ok());
}
