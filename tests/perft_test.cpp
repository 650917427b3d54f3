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
