#include "sternhalma/geometry.h"

#include <algorithm>
#include <iterator>
#include <vector>

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

namespace {
Cell C(const char* n) { return *parse_cell(n); }
}  // namespace

TEST_CASE("neighbours, points and tips (SPEC §1)") {
  CHECK(neighbours(C("i9")).count() == 6);
  CHECK(neighbours(C("m1")).count() == 2);  // l2, m2
  CHECK(neighbours(C("m1")).test(C("l2")));
  CHECK(neighbours(C("m1")).test(C("m2")));
  CHECK(neighbour(C("l2"), kUpRight) == C("l3"));  // "l2-l3 is a step"
  CHECK(tip_cell(0) == C("m1"));
  CHECK(tip_cell(3) == C("e17"));
  for (int p = 0; p < kNumPoints; ++p) {
    CHECK(point_cells(p).count() == 10);
    CHECK(camp_cells(p).count() == 15);
    CHECK(point_of(tip_cell(p)) == p);
    CHECK(foreign_cells(p).count() == 40);
    CHECK((foreign_cells(p) & point_cells(p)).none());
    CHECK((foreign_cells(p) & point_cells(opposite_point(p))).none());
  }
  CHECK(point_of(C("i9")) == -1);
  CHECK(point_of(C("e14")) == 3);
  CHECK(point_of(C("a13")) == 2);
  CHECK(point_of(C("q5")) == 5);
  // Neighbouring 15-cell camps share one corner; i5 is camp 0's and camp 1's.
  CHECK((camp_cells(0) & camp_cells(1)) == Bits::of(C("i5")));
  CHECK((camp_cells(0) & camp_cells(5)) == Bits::of(C("m5")));
  CHECK((camp_cells(0) & camp_cells(3)).none());
}

TEST_CASE("rotations and the reflection map the star onto itself") {
  for (Cell c = 0; c < kNumCells; ++c) {
    CHECK(rotate(c, 0) == c);
    CHECK(rotate(rotate(c, 1), 5) == c);
    CHECK(rotate(c, 6) == c);
    CHECK(reflect(reflect(c)) == c);
    CHECK(hex_distance(c, 60) == hex_distance(rotate(c, 1), 60));
    if (point_of(c) >= 0) {
      CHECK(point_of(rotate(c, 1)) == (point_of(c) + 1) % 6);
      CHECK(point_of(reflect(c)) == (6 - point_of(c)) % 6);
    }
  }
  CHECK(rotate(C("m1"), 3) == C("e17"));
  CHECK(reflect(C("m1")) == C("m1"));
  CHECK(reflect(C("i9")) == C("i9"));
}

TEST_CASE("drawing coordinates: x = q + r/2, y = r*sqrt(3)/2") {
  const Point2 centre = draw_xy(C("i9"));
  CHECK(centre.x == doctest::Approx(0.0));
  CHECK(centre.y == doctest::Approx(0.0));
  const Point2 bottom = draw_xy(C("m1")), top = draw_xy(C("e17"));
  CHECK(bottom.x == doctest::Approx(0.0));
  CHECK(bottom.y == doctest::Approx(-8 * 0.8660254037844386));
  CHECK(top.x == doctest::Approx(0.0));
  CHECK(top.y == doctest::Approx(8 * 0.8660254037844386));
  const Point2 l2 = draw_xy(C("l2")), m2 = draw_xy(C("m2"));
  CHECK(m2.x - l2.x == doctest::Approx(1.0));
}

TEST_CASE("the parity layout: every cell has its own bit, shifts are exact") {
  Bits all;
  for (Cell c = 0; c < kNumCells; ++c) {
    CHECK(!all.test(c));
    all.set(c);
  }
  CHECK(all == kAllCells);
  CHECK(all.count() == kNumCells);
  Cell sorted[kNumCells];
  REQUIRE(all.to_cells(sorted) == kNumCells);
  for (Cell c = 0; c < kNumCells; ++c) CHECK(sorted[c] == c);
}

TEST_CASE("Bits::cells() visits the members in ascending cell order") {
  // Cells chosen across all four parity words and both halves of the index.
  const std::vector<Cell> want = {0, 5, 63, 64, 65, 100, 120};
  Bits b;
  for (auto it = want.rbegin(); it != want.rend(); ++it) b.set(*it);
  std::vector<Cell> got;
  for (Cell c : b.cells()) got.push_back(c);
  CHECK(got == want);
  CHECK(b.cells().size() == 7);
  CHECK(kNoBits.cells().empty());
  CHECK(kNoBits.cells().begin() == kNoBits.cells().end());
  // The whole board in order, and a home camp (a set built by geometry).
  int next = 0;
  for (Cell c : kAllCells.cells()) CHECK(c == next++);
  CHECK(next == kNumCells);
  std::vector<Cell> camp;
  for (Cell c : camp_cells(0).cells()) camp.push_back(c);
  CHECK(std::is_sorted(camp.begin(), camp.end()));
  CHECK(static_cast<int>(camp.size()) == camp_cells(0).count());
  static_assert(std::forward_iterator<Bits::CellRange::iterator>);
}
