#include "sternhalma/notation.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <set>

#include "fixtures.h"
#include "sternhalma/movegen.h"
#include "sternhalma/presets.h"

using namespace sternhalma;
using fixtures::C;
using fixtures::M;

namespace {
Position P(const char* text) {
  auto p = Position::parse(text);
  REQUIRE_MESSAGE(p.ok(), p.status().ToString());
  return *p;
}
std::string err(const Position& p, const char* move) {
  auto r = parse_move(p, move);
  REQUIRE(!r.ok());
  return std::string(r.status().message());
}
}  // namespace

TEST_CASE("a chain of two jumps, written in full or as from-to") {
  const Position p = P("classic-2 W W:m1,m2,l4 K:e17 0");
  auto full = parse_move(p, "m1-m3-k5");
  REQUIRE(full.ok());
  CHECK(full->move == M("m1", "k5"));
  CHECK(format_path(full->path) == "m1-m3-k5");
  auto shorthand = parse_move(p, "m1-k5");
  REQUIRE(shorthand.ok());
  CHECK(shorthand->move == M("m1", "k5"));
  CHECK(format_path(shorthand->path) == "m1-m3-k5");
  CHECK(format_move(p, M("m1", "k5")) == "m1-m3-k5");
  CHECK(format_move(p, M("m2", "l3")) == "m2-l3");
}

TEST_CASE("move text errors name the hop that is wrong") {
  const Position p = P("classic-2 W W:m1,m2,l4 K:e17 0");
  CHECK(err(p, "m1-m5") == "'m1-m5': m5 is not a jump landing from m1");
  CHECK(err(p, "m1-m3-m5") == "'m1-m3-m5': m5 is not a jump landing from m3");
  // SPEC §3: a chain never lands on its start, nor twice on a cell (both
  // hops below are jumps over m2 and l4).
  CHECK(err(p, "m1-m3-m1") == "'m1-m3-m1': the chain returns to its start m1");
  CHECK(err(p, "m1-m3-k5-m3") == "'m1-m3-k5-m3': the chain lands twice on m3");
  CHECK(err(p, "zz9-m3") == "'zz9-m3': unknown cell 'zz9'");
  CHECK(err(p, "e17-e16") == "'e17-e16': the marble on e17 is not W's");
  CHECK(err(p, "e9-f9") == "'e9-f9': no marble on e9");
  CHECK(err(p, "m1") == "'m1': expected a path such as l2-l3 or m1-m3-k5");
  CHECK(err(p, "m1-m2") == "'m1-m2': m2 is occupied");
  CHECK(err(p, "m1-m1") == "'m1-m1': a move must leave its cell");
  CHECK(std::string(parse_move(p, "").status().message()) == "move: empty text");
}

TEST_CASE("a chain may cross a foreign point but not end there") {
  // W on point 0; k5 pivots... W marble at e5 region: use the lower-left point 1.
  // f5 is in point 1 (s = 5 - ... ) for seat W foreign; a chain over it must
  // go on.
  const Position p = P("classic-2 W W:h5 K:g5,e6 0");
  // h5 -(over g5)-> f5 (point 1, foreign to W) -(over e6)-> d7 (point 1 too)
  CHECK(point_of(C("f5")) == 1);
  const Bits d = destinations(p, C("h5"));
  CHECK(!d.test(C("f5")));
  CHECK(err(p, "h5-f5") ==
        "'h5-f5': f5 is in a foreign point (classic-2 lets a move pass but not end there)");
  // Under the free zones of table-2 the same chain may stop there.
  const Position q = P("table-2 W W:h5 K:g5,e6 0");
  CHECK(destinations(q, C("h5")).test(C("f5")));
}

TEST_CASE("canonical path: fewest jumps, then smallest cell indices; all paths listed") {
  const Position p = P("table-2 W W:i9 K:j9,i10,k10,j11 0");
  const Move m = M("i9", "k11");
  CHECK(format_move(p, m) == "i9-k9-k11");
  Truncation truncated = Truncation::kLimit;
  const auto all = all_paths(p, m, 10, &truncated);
  REQUIRE(all.size() == 2);
  CHECK(format_path(all[0]) == "i9-k9-k11");
  CHECK(format_path(all[1]) == "i9-i11-k11");
  CHECK(truncated == Truncation::kNone);
  const auto one = all_paths(p, m, 1, &truncated);
  CHECK(one.size() == 1);
  CHECK(truncated == Truncation::kLimit);
  // A limit equal to the number of routes leaves nothing out.
  CHECK(all_paths(p, m, 2, &truncated).size() == 2);
  CHECK(truncated == Truncation::kNone);
  // The longer chain to k9 exists, but the single jump is canonical.
  CHECK(format_move(p, M("i9", "k9")) == "i9-k9");
  CHECK(all_paths(p, M("i9", "k9"), 10).size() == 2);  // i9-k9, i9-i11-k11-k9
  // An illegal move has no path.
  CHECK(canonical_path(p, M("i9", "i12")).empty());
}

namespace {
// Every route must be a chain of jump landings from m.from to m.to that lands
// on no cell twice, and no route may be listed twice.
void check_routes(const Position& p, Move m, const std::vector<Path>& routes) {
  std::set<Path> seen;
  for (const Path& r : routes) {
    REQUIRE(r.size() >= 2);
    CHECK((r.front() == m.from && r.back() == m.to));
    for (size_t i = 1; i < r.size(); ++i) {
      Cell land[kNumDirs];
      const int n = jump_landings(p, m.from, r[i - 1], land);
      CHECK(std::find(land, land + n, r[i]) != land + n);
    }
    CHECK(std::set<Cell>(r.begin(), r.end()).size() == r.size());
    CHECK(seen.insert(r).second);
  }
}
}  // namespace

TEST_CASE("all_paths on dense boards stops at its ceilings and says which") {
  // A legal table-6 position: 60 marbles packed round i9 on the three parity
  // classes i9's jumps pass over, so each move of i9 has millions of routes.
  const Position p = P(
      "table-6 W W:j4,j5,g6,i6,j7,g8,i8,i9,d10,e10 R:k4,l5,j6,n6,h8,j8,l8,l10,m10,j11 "
      "B:l4,h6,k6,f7,k8,f9,h9,d11,e12,f12 K:m4,l6,m6,n7,j9,l9,g10,l11,g12,j12 "
      "Y:h5,h7,e8,f8,f10,h10,j10,d12,h12,f13 G:n5,l7,m8,n8,i10,k10,h11,i12,h13 0");
  const Move m = M("i9", "k5");
  Truncation t = Truncation::kNone;
  const auto many = all_paths(p, m, SIZE_MAX, &t);
  CHECK(many.size() == kMaxPaths);
  CHECK(t == Truncation::kCeiling);  // the caller asked for more than the ceiling
  const auto some = all_paths(p, m, 50, &t);
  CHECK(some.size() == 50);
  CHECK(t == Truncation::kLimit);
  check_routes(p, m, some);
  CHECK(std::equal(some.begin(), some.end(), many.begin()));  // the same order

  // Denser than any legal table: every cell outside i9's class occupied. The
  // search wanders between finds until its hop ceiling.
  Position q(*find_preset("table-2"));
  for (Cell c = 0; c < kNumCells; ++c)
    if (internal::kLayout.cls[c] != internal::kLayout.cls[C("i9")]) q.put(c, c % 2 ? 0 : 3);
  q.put(C("i9"), 0);
  const Move far = M("i9", "m3");
  const auto few = all_paths(q, far, SIZE_MAX, &t);
  CHECK(t == Truncation::kCeiling);
  CHECK(!few.empty());
  CHECK(few.size() < kMaxPaths);
  check_routes(q, far, few);
  // With a limit below what was found, the limit is what cut.
  const auto two = all_paths(q, far, 2, &t);
  CHECK(two.size() == 2);
  CHECK(t == Truncation::kLimit);
}
