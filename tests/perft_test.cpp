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

// Every preset's perft to depth 3 (SPEC §10) is checked in variants_test.cpp,
// against the table and against the reference generator at once.

TEST_CASE("parallel perft gives the serial count for every thread count") {
  for (const char* id : {"classic-2", "long-jumps-6", "japanese-3", "table-5"}) {
    const Position p = Position::start(*find_preset(id));
    for (int depth = 0; depth <= 3; ++depth) {
      const uint64_t serial = perft(p, depth);
      for (int threads : {1, 2, 3, 7, 300})
        CHECK_MESSAGE(perft(p, depth, threads) == serial, id, " depth ", depth, " threads ", threads);
    }
  }
  // A seat to move that must pass at the root (K on m1 is boxed in), and a
  // played seat with no marbles to skip (B on classic-3).
  for (const char* text : {"classic-2 K W:i9,l2,m2,k3,m3 K:m1 0", "classic-3 W W:i9 Y:e13 0"}) {
    const auto p = Position::parse(text);
    REQUIRE(p.ok());
    for (int depth = 1; depth <= 4; ++depth)
      CHECK_MESSAGE(perft(*p, depth, 2) == perft(*p, depth), text, " depth ", depth);
  }
  CHECK(perft(Position::start(*find_preset("classic-2")), 5, 2) == 2947496);
}
