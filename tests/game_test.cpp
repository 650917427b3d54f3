// Games, turn by turn: SPEC §4's rules 2-5 (passes, arrival, play to the
// end or first arrival, the two-player last reply) and what every game
// does (copies, a game that stops recording), each a short scripted game or
// a hand-built position whose outcome is asserted exactly. The other rules
// of a game have a file each: the exit deadline (rule 7)
// game_deadline_test.cpp, the end and ranking (rules 8-9) game_end_test.cpp,
// teams (§5) game_teams_test.cpp, resignations, flags and clocks (rule 11)
// game_clock_test.cpp; and what a game builds on: distances (rule 10)
// distance_test.cpp, ratings (§6) rating_test.cpp, records (§8)
// record_test.cpp, computer players (§9) player_test.cpp, random playouts
// playout_test.cpp.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fixtures.h"
#include "sternhalma/distance.h"
#include "sternhalma/game.h"
#include "sternhalma/playout.h"
#include "sternhalma/presets.h"
#include "sternhalma/record.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

// ----------------------------------------------------------------- basics

TEST_CASE("a new game: seat to move, legal moves, illegal moves change nothing") {
  Game g(preset("classic-2"));
  CHECK(g.to_move() == 0);
  CHECK(g.marbles_of() == 0);
  CHECK(g.legal_moves().size() == 14);
  const uint64_t h = g.hash();
  const absl::Status bad = g.apply(std::string_view("m1-m5"));
  CHECK_FALSE(bad.ok());
  CHECK(g.apply(M("e14", "e13")).code() ==
        absl::StatusCode::kInvalidArgument);  // not W's marble
  CHECK(g.hash() == h);
  CHECK(g.history().empty());
  CHECK(g.events().empty());
  CHECK(g.turns() == 0);
  play(g, {"j4-i5"});
  CHECK(g.to_move() == 3);
  CHECK(event_lines(g) == Lines{"move W j4-i5"});
  CHECK(g.round() == 0);
  play(g, {"h14-i13"});
  CHECK(g.round() == 1);
  CHECK(g.undo());
  CHECK(g.round() == 0);
  CHECK(g.to_move() == 3);
  CHECK(g.undo(5) == 1);
  CHECK(g.position() == g.initial_position());
  CHECK(g.hash() == h);
  CHECK_FALSE(Game::create(preset("classic-2"), 1).ok());  // red is not played
  CHECK_FALSE(Game::create("no-such-preset").ok());
}

TEST_CASE("copies of a game are independent and valid") {
  Game a(preset("classic-3"));
  play(a, {"j4-i5"});
  Game b = a;
  const std::vector<Move> mv = b.legal_moves();
  REQUIRE(b.apply(mv.front()).ok());
  CHECK(a.turns() == 1);
  CHECK(b.turns() == 2);
  CHECK(&b.position().rules() != nullptr);
  CHECK(b.position().rules() == a.rules());
}

// ----------------------------------------------------------------- rule 3

TEST_CASE("rule 3: anti-blocking arrival with a rival marble in the goal; off: all own") {
  // W's goal holds 8 W marbles and one K marble; W fills the last cell.
  const std::vector<const char*> w = with(without(without(kPoint3, "h14"), "e17"), {"h13"});
  for (const char* id : {"classic-2", "race-2"}) {
    Rules r = preset(id);
    r.first_seat = 0;
    Game g = from(r, board(r, 0, {{0, with(w, {"i9"})}, {3, with(without(kPoint0, "m1"), {"e17"})}}));
    play(g, {"h13-h14"});
    if (r.anti_blocking) {
      // K has taken fewer turns: its last reply is owed before the end.
      CHECK(outcome_lines(g) == Lines{"arrive W place 1"});
      CHECK(g.to_move() == 3);
    } else {
      CHECK(outcome_lines(g).empty());
      CHECK_FALSE(g.is_over());
    }
  }
}

TEST_CASE("rule 3: Japanese arrival needs the king on the goal's tip") {
  const Rules r = preset("japanese-2");
  // W's 15-cell goal: point 3 plus e13..i13. All own but h13; h12 steps in.
  std::vector<const char*> goal = with(kPoint3, {"e13", "f13", "g13", "h13", "i13"});
  for (bool king_on_tip : {false, true}) {
    std::vector<const char*> w = without(goal, "h13");
    w = without(w, king_on_tip ? "e17" : "f16");
    w.push_back(king_on_tip ? "e17*" : "f16*");
    w.push_back("h12");
    const std::vector<const char*> k = {"e9", "f9", "g9", "h9", "i9*", "j9", "k9", "l9",
                                        "m9", "f8", "g8", "h8", "i8", "j8", "k8"};
    Game g = from(r, board(r, 0, {{0, w}, {3, k}}));
    play(g, {"h12-h13"});
    if (king_on_tip) {
      CHECK(g.status(0) == SeatStatus::kArrived);
      CHECK(g.place(0) == 1);
      CHECK(g.place(3) == 2);
      CHECK(g.is_over());
    } else {
      CHECK(g.status(0) == SeatStatus::kPlaying);
      CHECK_FALSE(g.is_over());
    }
  }
}

// ----------------------------------------------------------------- rule 5

TEST_CASE("rule 5: the two-player last reply that arrives too is a draw") {
  const Rules r = preset("classic-2");
  const auto start = [](const Rules& t) {
    return board(t, 0, {{0, with(without(kPoint3, "h14"), {"h13"})}, {3, with(without(kPoint0, "j4"), {"i5"})}});
  };
  const Position pos = start(r);
  // Also on a table where the first arrival ends the game (ccerl-2 has
  // both): the reply comes first (docs/rules/choices.md).
  const Rules first_ends = [&] {
    Rules t = r;
    t.id = "classic-2-first-arrival";
    t.end = EndRule::kFirstArrival;
    return t;
  }();
  for (const Rules* t : {&r, &first_ends}) {
    CAPTURE(t->id);
    Game g = from(*t, start(*t));
    play(g, {"h13-h14"});
    CHECK_FALSE(g.is_over());  // K is owed its reply
    CHECK(g.to_move() == 3);
    play(g, {"i5-j4"});
    CHECK(g.is_over());
    CHECK(g.is_draw());
    CHECK(g.end_reason() == EndReason::kLastReply);
    CHECK(event_lines(g) == Lines{"move W h13-h14", "arrive W place 1", "move K i5-j4",
                                  "arrive K place 1", "draw", "end last-reply"});
    CHECK(g.place(0) == 1);
    CHECK(g.place(3) == 1);
  }

  // The reply that does not arrive: the first arrival wins.
  Game h = from(r, pos);
  play(h, {"h13-h14", "i5-i6"});
  CHECK(h.is_over());
  CHECK_FALSE(h.is_draw());
  CHECK(h.place(0) == 1);
  CHECK(h.place(3) == 2);
  CHECK(outcome_lines(h) == Lines{"arrive W place 1", "end last-reply"});

  // The second seat arriving first gets no reply to give: it wins at once.
  Game k = from(r, board(r, 3, {{0, with(without(kPoint3, "h14"), {"h13"})},
                                 {3, with(without(kPoint0, "j4"), {"i5"})}}));
  play(k, {"i5-j4", "h13-h14"});
  // K moved first here (K is the first seat of this game), so W replies and draws.
  CHECK(k.is_draw());
}

TEST_CASE("rule 5 on the first seat: no reply when the opponent has taken as many turns") {
  const Rules r = preset("classic-2");
  Game g = from(r, board(r, 0, {{0, with(without(kPoint3, "h14"), {"h12"})},
                                {3, with(without(kPoint0, "j4"), {"i5"})}}));
  play(g, {"h12-h13", "i5-j4"});  // K (second) arrives after equal turns
  CHECK(g.is_over());
  CHECK(g.place(3) == 1);
  CHECK(g.place(0) == 2);
  CHECK(outcome_lines(g) == Lines{"arrive K place 1", "end all-placed"});
}

// ----------------------------------------------------------------- rule 2

TEST_CASE("rule 2: in a 4-player game a single seat with no move passes") {
  const Rules r = preset("classic-4");
  Position p(r);
  const Cell tip = tip_cell(1);  // R's marble on its own tip, walled in
  p.put(tip, 1);
  for (int d = 0; d < kNumDirs; ++d) {
    const Cell n = neighbour(tip, d);
    if (n == kNoCell) continue;
    p.put(n, 0);
    const Cell n2 = neighbour(n, d);
    if (n2 != kNoCell) p.put(n2, 0);
  }
  p.put(C("e9"), 0);
  p.put(C("i9"), 3);
  p.put(C("k8"), 4);
  p.set_to_move(0);
  Game g = from(r, p);
  CHECK(g.to_move() == 0);
  play(g, {"e9-e10"});
  CHECK(g.to_move() == 3);  // R passed automatically
  CHECK(event_lines(g) == Lines{"move W e9-e10", "pass R"});
  REQUIRE(g.history().size() == 2);
  CHECK(g.history()[1].kind == Action::Kind::kPass);
  CHECK(g.turns_taken(1) == 1);
  CHECK(g.turns() == 2);
  CHECK_FALSE(g.is_over());
  // The record writes the pass; a record without it replays the same.
  const std::string rec = write_record(g);
  CHECK(rec.find("pass") != std::string::npos);
  // Undo takes back the move with its pass.
  CHECK(g.undo());
  CHECK(g.history().empty());
  CHECK(g.to_move() == 0);
}

TEST_CASE("rule 2/8: a seat with no move at the start passes; when nobody can move the game ends") {
  // W: a lone marble on the tip of point 1 (foreign to both), walled in by K
  // marbles on point 1. Closed zones (classic-2): K cannot end a move on
  // point 1 either, so nobody can move. Free zones (table-2): K can.
  for (const char* id : {"classic-2", "table-2"}) {
    CAPTURE(id);
    const Rules r = preset(id);
    Position p(r);
    const Cell tip = tip_cell(1);
    p.put(tip, 0);
    for (int d = 0; d < kNumDirs; ++d) {
      const Cell n = neighbour(tip, d);
      if (n == kNoCell) continue;
      p.put(n, 3);
      if (neighbour(n, d) != kNoCell) p.put(neighbour(n, d), 3);
    }
    p.set_to_move(0);
    Game g = from(r, p);
    if (r.zones == ZoneRule::kClosed) {
      CHECK(event_lines(g) == Lines{"end no-moves"});
      CHECK(g.end_reason() == EndReason::kNoMoves);
      const int dw = goal_distance(g.position(), 0), dk = goal_distance(g.position(), 3);
      CHECK(g.place(0) == (dw <= dk ? 1 : 2));
      CHECK(g.place(3) == (dk <= dw ? 1 : 2));
    } else {
      CHECK(event_lines(g) == Lines{"pass W"});
      CHECK(g.to_move() == 3);
      CHECK_FALSE(g.is_over());
      CHECK(g.turns_taken(0) == 1);
    }
  }
}

// ----------------------------------------------------------------- rule 4

TEST_CASE("rule 4: first arrival ends the game (race-2) and the rest are ranked") {
  const Rules r = preset("race-2");
  Game g = from(r, board(r, 3, {{0, with(without(kPoint3, "h14"), {"h13"})},
                                {3, with(without(kPoint0, "j4"), {"i5"})}}));
  CHECK(g.to_move() == 3);
  play(g, {"i5-j4"});
  CHECK(g.is_over());
  CHECK(g.end_reason() == EndReason::kFirstArrival);
  CHECK(g.place(3) == 1);
  CHECK(g.place(0) == 2);
}

TEST_CASE("rule 4: play to the end — the others play on for the next places") {
  const Rules r = preset("table-3");
  // W one step from its goal (point 3); B and Y far away.
  Game g = from(r, board(r, 0, {{0, with(without(kPoint3, "h14"), {"h13"})},
                                {2, {"e9"}},
                                {4, {"m9"}}}));
  play(g, {"h13-h14"});
  CHECK(g.place(0) == 1);
  CHECK_FALSE(g.is_over());
  CHECK(g.to_move() == 2);
  play(g, {"e9-e10", "m9-m8"});
  CHECK(g.to_move() == 2);  // W has arrived: skipped
}

TEST_CASE("a game that stops recording keeps no history and plays on by every rule") {
  Game recorded(preset("classic-2"));
  Game lean = recorded;
  lean.stop_recording();
  Rng a(99), b(99);
  while (!recorded.is_over()) {
    REQUIRE(recorded.apply(random_move(recorded, a)).ok());
    REQUIRE(lean.apply(random_move(lean, b)).ok());
    CHECK(lean.hash() == recorded.hash());
  }
  CHECK(lean.is_over());
  CHECK(lean.end_reason() == recorded.end_reason());
  CHECK(lean.turns() == recorded.turns());
  for (Seat s = 0; s < kMaxSeats; ++s) CHECK(lean.place(s) == recorded.place(s));
  CHECK(lean.history().empty());
  CHECK(lean.events().empty());
  CHECK(lean.actions() == 0);
  CHECK_FALSE(lean.undo());
}
