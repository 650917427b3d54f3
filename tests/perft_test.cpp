#include "sternhalma/perft.h"

#include <doctest/doctest.h>

#include "sternhalma/presets.h"

using namespace sternhalma;

TEST_CASE("perft classic-2 matches SPEC §10 to depth 4") {
  const Position p = Position::start(*find_preset("classic-2"));
  CHECK(perft(p, 1) == 14);
  CHECK(perft(p, 2) == 196);
  CHECK(perft(p, 3) == 4648);
  CHECK(perft(p, 4) == 110224);
}

TEST_CASE("perft of every preset matches SPEC §10 to depth 3") {
  struct Row {
    const char* id;
    uint64_t n[3];
  };
  const Row rows[] = {
      {"classic-2", {14, 196, 4648}},     {"classic-3", {14, 196, 2744}},
      {"classic-4", {14, 197, 2758}},     {"classic-6", {14, 197, 2772}},
      {"long-jumps-2", {14, 196, 4872}},  {"long-jumps-6", {14, 204, 2992}},
      {"fifteen-2", {18, 324, 9504}},     {"pairs-2x2", {14, 197, 2758}},
      {"three-pairs", {14, 197, 2772}},   {"table-2", {14, 196, 4760}},
      {"table-3", {14, 196, 2744}},       {"table-4", {14, 199, 2786}},
      {"table-5", {14, 199, 2828}},       {"table-6", {14, 199, 2828}},
      {"japanese-2", {20, 400, 12560}},   {"japanese-3", {20, 400, 8000}},
      {"race-2", {14, 196, 4760}},        {"online-2", {14, 196, 4648}},
      {"online-3", {14, 196, 2744}},      {"online-4", {14, 197, 2758}},
      {"online-6", {14, 197, 2772}},
  };
  for (const Row& row : rows) {
    CAPTURE(row.id);
    const Rules* r = find_preset(row.id);
    REQUIRE(r != nullptr);
    const Position p = Position::start(*r);
    for (int d = 1; d <= 3; ++d) CHECK(perft(p, d) == row.n[d - 1]);
  }
}
