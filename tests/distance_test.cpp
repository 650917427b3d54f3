// Rule 10: the two distance metrics, and the assignment behind the default one
// against brute force.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "fixtures.h"
#include "sternhalma/distance.h"
#include "sternhalma/position.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

TEST_CASE("rule 10: both distance metrics") {
  const Rules r = preset("classic-2");
  const Position start = Position::start(r);
  // Tip: the sum of steps to e17.
  int tip = 0;
  for (const char* c : kPoint0) tip += hex_distance(C(c), C("e17"));
  CHECK(tip_distance(start, 0) == tip);
  // Goal distance of a seat one step from home: 1; at home: 0.
  const Position p = board(r, 0, {{0, with(without(kPoint3, "h14"), {"h13"})}});
  CHECK(goal_distance(p, 0) == 1);
  CHECK(marbles_in_goal(p, 0) == 9);
  const Position q = board(r, 0, {{0, kPoint3}});
  CHECK(goal_distance(q, 0) == 0);
  // Symmetric start: both seats equal.
  CHECK(goal_distance(start, 0) == goal_distance(start, 3));
  CHECK(goal_distance(start, 0) > 0);
  CHECK(goal_distance(start, 0) <= tip);
}

TEST_CASE("rule 10: the assignment matches brute force on small matrices") {
  uint64_t x = 12345;
  auto rnd = [&] {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return x;
  };
  for (int t = 0; t < 200; ++t) {
    const int n = 1 + static_cast<int>(rnd() % 6), m = n + static_cast<int>(rnd() % 3);
    std::vector<int> cost(static_cast<size_t>(n * m));
    for (int& c : cost) c = static_cast<int>(rnd() % 20);
    std::vector<int> cols(static_cast<size_t>(m));
    for (int j = 0; j < m; ++j) cols[static_cast<size_t>(j)] = j;
    int best = 1 << 30;
    do {
      int s = 0;
      for (int i = 0; i < n; ++i) s += cost[static_cast<size_t>(i * m + cols[static_cast<size_t>(i)])];
      best = std::min(best, s);
    } while (std::next_permutation(cols.begin(), cols.end()));
    CHECK(min_assignment(cost.data(), n, m) == best);
  }
}
