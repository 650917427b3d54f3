#include "sternhalma/geometry.h"

#include <doctest/doctest.h>

using namespace sternhalma;

TEST_CASE("cell names and indices follow SPEC §1") {
  CHECK(*parse_cell("m1") == 0);
  CHECK(*parse_cell("l2") == 1);
  CHECK(*parse_cell("m2") == 2);
  CHECK(*parse_cell("i9") == 60);
  CHECK(*parse_cell("e17") == 120);
  for (Cell c = 0; c < kNumCells; ++c) CHECK(*parse_cell(cell_name(c)) == c);
}

TEST_CASE("opposite directions cancel") {
  for (int d = 0; d < kNumDirs; ++d) {
    CHECK(kDirs[d].q + kDirs[opposite(d)].q == 0);
    CHECK(kDirs[d].r + kDirs[opposite(d)].r == 0);
  }
}
