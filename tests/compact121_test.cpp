// COMPACT121, the CCERL board text: the round trip and every error.
#include "sternhalma/compact121.h"

#include <doctest/doctest.h>

#include <string>

#include "fixtures.h"
#include "sternhalma/random.h"

using namespace sternhalma;
using sternhalma::fixtures::preset;

namespace {

// The start of a W/K table in COMPACT121: W on cells 0..9, K on 111..120.
const std::string kStart = std::string(10, '0') + std::string(101, '.') + std::string(10, '1');

std::string err(const Rules& rules, std::string_view cells, int player, int ply) {
  const absl::StatusOr<Position> p = from_compact121(rules, cells, player, ply);
  REQUIRE(!p.ok());
  CHECK(p.status().code() == absl::StatusCode::kInvalidArgument);
  return std::string(p.status().message());
}

}  // namespace

TEST_CASE("compact121: the start of a W/K table is W on 0..9 and K on 111..120") {
  for (const char* id : {"classic-2", "table-2", "online-2"}) {
    const Rules r = preset(id);
    const Position start = Position::start(r);
    CHECK(to_compact121(start) == kStart);
    const absl::StatusOr<Position> p = from_compact121(r, kStart, 0, 0);
    REQUIRE_MESSAGE(p.ok(), p.status().ToString());
    CHECK(*p == start);
    CHECK(compact121_player(*p) == 0);
    CHECK(compact121_ply(*p) == 0);
  }
}

TEST_CASE("compact121: cells, player and ply round-trip through a Position") {
  const Rules r = preset("classic-2");
  std::string cells(kNumCells, '.');
  cells[60] = '0';   // i9
  cells[0] = '0';    // m1
  cells[120] = '1';  // e17
  cells[57] = '1';
  const absl::StatusOr<Position> p = from_compact121(r, cells, 1, 9);
  REQUIRE_MESSAGE(p.ok(), p.status().ToString());
  CHECK(p->to_string() == "classic-2 K W:m1,i9 K:" + cell_name(57) + ",e17 4");
  CHECK(p->to_move() == 3);
  CHECK(p->round() == 4);
  CHECK(to_compact121(*p) == cells);
  CHECK(compact121_player(*p) == 1);
  CHECK(compact121_ply(*p) == 9);
  // An even ply with W to move: round = ply / 2.
  const absl::StatusOr<Position> q = from_compact121(r, cells, 0, 24);
  REQUIRE(q.ok());
  CHECK(q->round() == 12);
  CHECK(compact121_ply(*q) == 24);
  // The largest ply: the last round a Position carries.
  const absl::StatusOr<Position> last = from_compact121(r, cells, 1, kMaxCompact121Ply);
  REQUIRE(last.ok());
  CHECK(last->round() == kMaxRound);
  CHECK(compact121_ply(*last) == kMaxCompact121Ply);
}

TEST_CASE("compact121: a table whose first seat is K moves K at even plies") {
  const Rules r = preset("race-2");  // first seat 3
  const absl::StatusOr<Position> p = from_compact121(r, kStart, 1, 0);
  REQUIRE_MESSAGE(p.ok(), p.status().ToString());
  CHECK(*p == Position::start(r));
  CHECK(compact121_ply(*p) == 0);
  const absl::StatusOr<Position> q = from_compact121(r, kStart, 0, 3);
  REQUIRE(q.ok());
  CHECK(q->round() == 1);
  CHECK(compact121_ply(*q) == 3);
  CHECK(err(r, kStart, 0, 0) ==
        "compact121 player 0 at ply 0: under race-2 seat K moves at even plies and seat W at odd ones");
}

TEST_CASE("compact121: every error says what and where") {
  const Rules r = preset("classic-2");
  CHECK(err(preset("classic-3"), kStart, 0, 0) ==
        "compact121: rules classic-3 do not play exactly points 0 and 3 (seats W and K), the two "
        "seats the text carries");
  CHECK(err(preset("table-4"), kStart, 0, 0) ==
        "compact121: rules table-4 do not play exactly points 0 and 3 (seats W and K), the two "
        "seats the text carries");
  CHECK(err(preset("japanese-2"), kStart, 0, 0) ==
        "compact121: rules japanese-2 have kings, which the text cannot carry");
  CHECK(err(r, kStart.substr(1), 0, 0) == "compact121 cells: 120 characters, expected 121");
  CHECK(err(r, kStart + ".", 0, 0) == "compact121 cells: 122 characters, expected 121");
  CHECK(err(r, "", 0, 0) == "compact121 cells: 0 characters, expected 121");
  std::string bad = kStart;
  bad[57] = 'x';
  CHECK(err(r, bad, 0, 0) == "compact121 cell 57: 'x' is not '.', '0' or '1'");
  bad[57] = '2';
  CHECK(err(r, bad, 0, 0) == "compact121 cell 57: '2' is not '.', '0' or '1'");
  bad[57] = '\0';
  CHECK(err(r, bad, 0, 0) == "compact121 cell 57: '\\x00' is not '.', '0' or '1'");
  std::string eleven = kStart;
  eleven[60] = '0';
  CHECK(err(r, eleven, 0, 0) == "compact121 cells: 11 pieces of player 0 (seat W), the table has 10");
  eleven[60] = '1';
  CHECK(err(r, eleven, 0, 0) == "compact121 cells: 11 pieces of player 1 (seat K), the table has 10");
  CHECK(err(r, kStart, 2, 0) == "compact121 player 2: not 0 or 1");
  CHECK(err(r, kStart, -1, 0) == "compact121 player -1: not 0 or 1");
  CHECK(err(r, kStart, 0, -1) == "compact121 ply -1: not in 0..2000000001");
  CHECK(err(r, kStart, 0, kMaxCompact121Ply + 1) == "compact121 ply 2000000002: not in 0..2000000001");
  CHECK(err(r, kStart, 1, 8) ==
        "compact121 player 1 at ply 8: under classic-2 seat W moves at even plies and seat K at odd ones");
  CHECK(err(r, kStart, 0, 7) ==
        "compact121 player 0 at ply 7: under classic-2 seat W moves at even plies and seat K at odd ones");
}

TEST_CASE("compact121: fewer pieces than marbles and an empty board are positions") {
  const Rules r = preset("table-2");
  const std::string empty(kNumCells, '.');
  const absl::StatusOr<Position> p = from_compact121(r, empty, 0, 0);
  REQUIRE(p.ok());
  CHECK(p->occupied().none());
  CHECK(to_compact121(*p) == empty);
}

TEST_CASE("compact121: random texts are read or refused, and what is read round-trips") {
  const Rules r = preset("ccerl-2");
  Rng rng(121);
  int read = 0, refused = 0;
  for (int i = 0; i < 3000; ++i) {
    // Mostly good texts, some with a wrong length, a stray byte, too many
    // pieces (about 8 % of each side), a bad player or a ply of the wrong
    // parity or sign.
    std::string cells(rng.below(20) == 0 ? rng.below(130) : kNumCells, '.');
    const bool junk = rng.below(5) == 0;
    for (char& c : cells) {
      const uint32_t x = rng.below(100);
      c = x < 8 ? '0' : x < 16 ? '1' : junk && x == 99 ? static_cast<char>(rng.below(256)) : '.';
    }
    const int ply = rng.below(10) == 0 ? -static_cast<int>(rng.below(5)) : static_cast<int>(rng.below(400));
    const int player = rng.below(8) == 0 ? static_cast<int>(rng.below(4)) - 1 : (ply % 2 + 2) % 2;
    const absl::StatusOr<Position> p = from_compact121(r, cells, player, ply);
    if (!p.ok()) {
      CHECK(p.status().code() == absl::StatusCode::kInvalidArgument);
      ++refused;
      continue;
    }
    ++read;
    CHECK(to_compact121(*p) == cells);
    CHECK(compact121_player(*p) == player);
    CHECK(compact121_ply(*p) == ply);
  }
  CHECK(read > 300);
  CHECK(refused > 300);
}
