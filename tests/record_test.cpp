// SPEC §8's game records: written with every pass, read with the automatic
// passes left out, and every bad token refused by its number and text.
#include <doctest/doctest.h>

#include <string>

#include "fixtures.h"
#include "sternhalma/game.h"
#include "sternhalma/options.h"
#include "sternhalma/presets.h"
#include "sternhalma/random.h"
#include "sternhalma/record.h"
#include "absl/strings/match.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

TEST_CASE("§8: records — writing, reading with passes left out, errors by token") {
  Game g(preset("classic-2"));
  play(g, {"j4-i5", "h14-i13"});
  const std::string rec = write_record(g);
  CHECK(rec == "classic-2 W\nj4-i5 h14-i13\n");
  absl::StatusOr<Game> back = read_record(rec);
  REQUIRE(back.ok());
  CHECK(back->position() == g.position());
  CHECK(back->hash() == g.hash());

  auto err = [](const char* text) {
    absl::StatusOr<Game> r = read_record(text);
    REQUIRE_FALSE(r.ok());
    return std::string(r.status().message());
  };
  CHECK(err("nope W").find("record token 1 'nope'") == 0);
  CHECK(err("classic-2 R").find("record token 2 'R'") == 0);
  CHECK(err("classic-2 Q").find("record token 2 'Q'") == 0);
  CHECK(err("classic-2 W j4-i5 m1-m5").find("record token 4 'm1-m5'") == 0);
  CHECK(err("classic-2 W pass").find("record token 3 'pass'") == 0);
  CHECK(err("classic-2 W j4-i5 W:flag").find("record token 4 'W:flag'") == 0);
  CHECK(err("classic-2 W j4-i5 Z:resign").find("record token 4") == 0);
  CHECK(err("classic-2 W K:resign j4-i5").find("record token 4 'j4-i5': the game is already over") == 0);
  CHECK(err("").find("record: empty") == 0);
  // Any seat may resign at any point.
  absl::StatusOr<Game> res = read_record("classic-3 B K:resign");
  CHECK_FALSE(res.ok());  // K is not played at classic-3
  absl::StatusOr<Game> res3 = read_record("classic-3 B Y:resign");
  REQUIRE(res3.ok());
  CHECK(res3->place(4) == 3);
  CHECK(res3->first_seat() == 2);
}

// A real pass needs a seat walled in with no move, which no game from a
// preset's start reached in 2 400 random games of eight tables, and a record
// starts at a preset's start; the pass tokens are checked by the errors
// above ('pass' where the seat to move can move) and by the reader's match
// of the passes the game played itself (lib/record.cpp).
TEST_CASE("§8: a resignation mid-record replays, and the seats after it move in turn") {
  Game g(preset("table-4"));
  play(g, {"j4-i5"});
  REQUIRE(g.resign(1).ok());
  play(g, {"h14-i13"});
  const std::string rec = write_record(g);
  CHECK(rec == "table-4 W\nj4-i5 R:resign h14-i13\n");
  absl::StatusOr<Game> back = read_record(rec);
  REQUIRE(back.ok());
  CHECK(back->position() == g.position());
  CHECK(back->place(1) == 4);
}

TEST_CASE("§8: a custom table's record names its table and replays alone") {
  Rules r = preset("classic-2");
  REQUIRE(set_options(r, "id=free-2;zones=free;goal-lock=no;limit=none").ok());
  REQUIRE(validate(r).ok());
  CHECK(record_tag(r) == "[rules classic-2;id=free-2;zones=free;goal-lock=no;limit=none]");
  CHECK(record_tag(preset("table-3")).empty());
  // The base is the preset it differs from least: table-3 with one change.
  Rules t3 = preset("table-3");
  REQUIRE(set_options(t3, "id=t3-long;jumps=long").ok());
  CHECK(record_tag(t3) == "[rules table-3;id=t3-long;jumps=long]");
  Game g = *Game::create(r);
  for (const char* m : {"k3-k5", "e14-e13", "m3-k3", "e13-e12"}) REQUIRE(g.apply(m).ok());
  const std::string rec = write_record(g);
  CHECK(rec == "[rules classic-2;id=free-2;zones=free;goal-lock=no;limit=none]\nfree-2 W\nk3-k5 e14-e13 m3-k3 e13-e12\n");
  // Alone: the tag builds the table.
  absl::StatusOr<Game> back = read_record(rec);
  REQUIRE(back.ok());
  CHECK(back->rules() == r);
  CHECK(back->position().hash() == g.position().hash());
  CHECK(write_record(*back) == rec);
  // With the table given too; another table is refused, saying so.
  CHECK(read_record(rec, r).ok());
  Rules other = r;
  REQUIRE(set_option(other, "goal-lock", "yes").ok());
  CHECK(read_record(rec, other).status().message() ==
        "record: its tag names another table than the one given "
        "('[rules classic-2;id=free-2;zones=free;limit=none]')");
  // Bad tags: an unknown preset, a bad option, an unplayable table, no ']'.
  CHECK(read_record("[rules nowhere-2;id=x]\nx W\n").status().code() == absl::StatusCode::kNotFound);
  CHECK(read_record("[rules classic-2;id=x;zones=maybe]\nx W\n").status().message().find("record tag") == 0);
  CHECK(read_record("[rules classic-2;id=x;seats=0]\nx W\n").status().message().find("record tag") == 0);
  CHECK(read_record("[rules classic-2;id=x\nx W\n").status().message().find("on one line") != std::string::npos);
  // A preset's record has no tag, as before; a tag naming the preset itself reads too.
  CHECK(read_record("[rules classic-2]\nclassic-2 W k3-k5\n").ok());
}

TEST_CASE("§8: the writer keeps to the reader's ceiling: a record at it reads back, one past it is refused") {
  // A table with no end but arrival, played by random moves: its record
  // grows without bound.
  Rules r = preset("table-2");
  REQUIRE(set_options(r, "id=endless-2;limit=none;no-progress=no;repetition=no").ok());
  REQUIRE(validate(r).ok());
  Game g = *Game::create(r);
  Rng rng(17);
  const auto play = [&](int n) {
    for (int k = 0; k < n; ++k) {
      const std::vector<Move> moves = g.legal_moves();
      REQUIRE_FALSE(g.is_over());
      REQUIRE(g.apply(moves[rng.below(static_cast<uint32_t>(moves.size()))]).ok());
    }
  };
  // Chunks of 16384 turns, then an eighth of the chunk at a time, to the
  // last turn whose record fits: each step writes the whole record (about
  // 170 000 turns at the ceiling), so few steps keep the test short.
  for (int chunk : {16384, 2048, 256, 32, 4, 1}) {
    while (write_record(g).size() <= kMaxRecordBytes) play(chunk);
    REQUIRE(g.undo(chunk) == chunk);
  }
  const std::string at = write_record(g);
  CHECK(at.size() <= kMaxRecordBytes);
  CHECK(at.size() > kMaxRecordBytes - 200);  // one turn's token from the ceiling
  REQUIRE(record_text(g).ok());
  CHECK(*record_text(g) == at);
  absl::StatusOr<Game> back = read_record(at);
  REQUIRE(back.ok());
  CHECK(back->turns() == g.turns());
  CHECK(back->position().hash() == g.position().hash());
  // One more turn: the writer refuses what the reader would.
  play(1);
  const absl::StatusOr<std::string> past = record_text(g);
  CHECK(past.status().code() == absl::StatusCode::kResourceExhausted);
  CHECK(absl::StrContains(past.status().message(), "more than the 1048576 a record may have"));
  CHECK(read_record(write_record(g)).status().code() == absl::StatusCode::kInvalidArgument);
}

TEST_CASE("§8: a record's turn tokens played on any game, and in pieces") {
  // K, walled in on its tip, passes after every W move: the record carries
  // the passes, which a game played on in pieces must match where it left.
  const Rules& r = preset("classic-2");
  const Position start = *Position::parse("classic-2 W W:e16,f16,e15,g15,m1 K:e17 0");
  const std::vector<std::string_view> all = {"m1-m2", "pass", "m2-m3", "pass", "m3-m4"};
  Game whole = *Game::from_position(r, start);
  REQUIRE(play_record_tokens(whole, all, "moves token", 1).ok());
  CHECK(whole.history().size() == 6);  // the last move's automatic pass too

  Game pieces = *Game::from_position(r, start);
  size_t matched = pieces.history().size();
  REQUIRE(play_record_tokens(pieces, {all.begin(), all.begin() + 1}, "moves token", 1, &matched).ok());
  CHECK(matched == 1);  // the automatic pass after it is not matched yet
  REQUIRE(play_record_tokens(pieces, {all.begin() + 1, all.end()}, "moves token", 2, &matched).ok());
  CHECK(matched == 5);
  CHECK(write_record(pieces) == write_record(whole));
  CHECK(pieces.position() == whole.position());

  // Without `matched` the played pass counts as matched: the token is refused.
  Game on = *Game::from_position(r, start);
  REQUIRE(play_record_tokens(on, {all.begin(), all.begin() + 1}, "moves token", 1).ok());
  const absl::Status st = play_record_tokens(on, {all.begin() + 1, all.end()}, "moves token", 2);
  CHECK(std::string(st.message()) == "moves token 2 'pass': W to move has a legal move and may not pass");
}
