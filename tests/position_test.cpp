#include "sternhalma/position.h"

#include <doctest/doctest.h>

#include "sternhalma/cell.h"
#include "sternhalma/presets.h"

using namespace sternhalma;

namespace {
std::string err(const char* text) {
  auto p = Position::parse(text);
  REQUIRE(!p.ok());
  return std::string(p.status().message());
}
}  // namespace

TEST_CASE("position text round-trips exactly") {
  for (const char* t : {
           "classic-2 K W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 7",
           "classic-3 B W:i9 B: Y:m1,e17 12",
           "japanese-2 K W:m1*,i9 K:e17* 0",
       }) {
    auto p = Position::parse(t);
    REQUIRE_MESSAGE(p.ok(), p.status().ToString());
    CHECK(p->to_string() == t);
  }
  // Cells in any order and extra spaces are read; the writer sorts them.
  auto p = Position::parse("  classic-2   W W:l2,m1 K:e17   3 ");
  REQUIRE(p.ok());
  CHECK(p->to_string() == "classic-2 W W:m1,l2 K:e17 3");
  // A preset id alone is its start.
  CHECK(Position::parse("classic-2")->to_string() ==
        Position::start(*find_preset("classic-2")).to_string());
}

TEST_CASE("position text errors name the field and what is wrong") {
  CHECK(err("") == "position: empty text");
  CHECK(err("classic-9 W W:m1 0") == "position field 1 'classic-9': unknown preset id");
  CHECK(err("classic-2 W") ==
        "position: expected '<id> <seat-to-move> <seat>:<cells>... <round>', got 2 fields");
  CHECK(err("classic-2 X W:m1 0") == "position field 2 'X': not a seat letter (W R B K Y G)");
  CHECK(err("classic-2 R W:m1 0") == "position field 2 'R': seat to move R is not played in classic-2");
  CHECK(err("classic-2 W W:m1 K:e17 x") == "position field 5 'x': round is not a number in 0..1000000000");
  CHECK(err("classic-2 W W:m1 K:e17 -1") ==
        "position field 5 '-1': round is not a number in 0..1000000000");
  CHECK(err("classic-2 W W:m1 K:zz9 0") == "position field 4 'K:zz9': unknown cell 'zz9'");
  CHECK(err("classic-2 W W:m1 K:m1 0") == "position field 4 'K:m1': cell m1 used twice");
  CHECK(err("classic-2 W W:m1 W:e17 0") == "position field 4 'W:e17': seat listed twice");
  CHECK(err("classic-2 W W:m1 B:e17 0") == "position field 4 'B:e17': seat not played in classic-2");
  CHECK(err("classic-2 W Wm1 0") == "position field 3 'Wm1': expected <seat>:<cells>");
  CHECK(err("classic-2 W W:m1* 0") ==
        "position field 3 'W:m1*': king on m1 but classic-2 has no kings");
  CHECK(err("japanese-2 W W:m1*,i9* 0") == "position field 3 'W:m1*,i9*': more than one king of W");
  CHECK(err("classic-2 W W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4,i9 0") ==
        "position field 3 'W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4,i9': more than 10 pieces of W");
  CHECK(err("classic-2 W W:m1,,l2 0") == "position field 3 'W:m1,,l2': unknown cell ''");
}

TEST_CASE("position errors echo caller text cut to 60 bytes, non-printables escaped") {
  const std::string huge(kMaxTextBytes, 'c');  // the longest text a parser reads
  CHECK(err(huge.c_str()) ==
        "position field 1 '" + std::string(60, 'c') + "'... (65536 bytes): unknown preset id");
  CHECK(err("classic-2 W W:m1,\x1b[2J 0") ==
        "position field 3 'W:m1,\\x1b[2J': unknown cell '\\x1b[2J'");
  // A NUL inside the view is escaped, so the reason after it survives any
  // caller that prints the message as a C string.
  const std::string nul("classic-2 W W:m1,k\0 0", 21);
  const auto p = Position::parse(nul);
  REQUIRE(!p.ok());
  CHECK(p.status().message() == "position field 3 'W:m1,k\\x00': unknown cell 'k\\x00'");
}

TEST_CASE("unpack accepts exactly the boards the text parser accepts") {
  const Rules& c2 = *find_preset("classic-2");
  const Rules& jp = *find_preset("japanese-2");
  auto unpack_err = [](const Packed& b, const Rules& r) {
    const auto p = Position::unpack(b.data(), r);
    REQUIRE(!p.ok());
    return std::string(p.status().message());
  };
  // Round trip: text -> pack -> unpack -> text (the round is not packed).
  for (const char* t : {"classic-2 K W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0",
                        "japanese-2 W W:m1*,i9 K:e17* 0", "classic-3 B W:i9 B: Y:m1,e17 0"}) {
    const auto p = Position::parse(t);
    REQUIRE(p.ok());
    const Packed b = p->pack();
    const auto q = Position::unpack(b.data(), p->rules());
    REQUIRE_MESSAGE(q.ok(), q.status().ToString());
    CHECK(q->to_string() == t);
    CHECK(q->hash() == p->hash());
  }
  Packed b = Position::start(c2).pack();
  // An eleventh white marble: the parser's "more than 10 pieces".
  b[*parse_cell("i9")] = 0;
  CHECK(unpack_err(b, c2) == "packed byte 60 (0x00): more than 10 pieces of W");
  b = Position::start(c2).pack();
  b[*parse_cell("i9")] = 2;  // blue does not play classic-2
  CHECK(unpack_err(b, c2) == "packed byte 60 (0x02): seat B is not played in classic-2");
  b = Position::start(c2).pack();
  b[*parse_cell("m1")] = kPackedKing;  // a king where there are none
  CHECK(unpack_err(b, c2) == "packed byte 0 (0x10): king on m1 but classic-2 has no kings");
  b = Position::start(c2).pack();
  b[*parse_cell("m1")] = 0x40;
  CHECK(unpack_err(b, c2) == "packed byte 0 (0x40): not 0xff (empty) or a seat 0..5 plus 0x10 for a king");
  b = Position::start(jp).pack();
  b[*parse_cell("l2")] = kPackedKing;  // a second white king
  CHECK(unpack_err(b, jp).find("more than one king of W") != std::string::npos);
  b = Position::start(c2).pack();
  b[121] = 1;
  CHECK(unpack_err(b, c2) == "packed byte 121 (0x01): seat to move R is not played in classic-2");
  b[121] = 200;
  CHECK(unpack_err(b, c2) == "packed byte 121 (0xc8): seat to move 200 is not played in classic-2");
  b = Position::start(c2).pack();
  b[127] = 1;
  CHECK(unpack_err(b, c2) == "packed byte 127 (0x01): padding, must be 0");
  // All 121 bytes of one seat (the case that once gave a goal distance of
  // INT_MAX): rejected at the eleventh.
  b.fill(0);
  CHECK(unpack_err(b, c2).find("more than 10 pieces of W") != std::string::npos);
}

TEST_CASE("board edits keep the hash incremental") {
  const Position start = Position::start(*find_preset("classic-2"));
  Position p = start;
  const Cell k3 = *parse_cell("k3"), k5 = *parse_cell("k5");
  p.move_piece(k3, k5);
  p.set_to_move(3);
  CHECK(p.hash() != start.hash());
  auto again = Position::parse(p.to_string());
  REQUIRE(again.ok());
  CHECK(again->hash() == p.hash());
  p.move_piece(k5, k3);
  p.set_to_move(0);
  CHECK(p.hash() == start.hash());
  CHECK(p == start);
}
