// One test per game rule of SPEC §4 and §5: short scripted games or hand-
// built positions whose outcomes are asserted exactly. The rules a game
// builds on have their own files: distances (rule 10) distance_test.cpp,
// ratings (§6) rating_test.cpp, records (§8) record_test.cpp, computer
// players (§9) player_test.cpp, random playouts playout_test.cpp.
#include <doctest/doctest.h>

#include <array>
#include <map>
#include <string>
#include <vector>

#include "fixtures.h"
#include "sternhalma/distance.h"
#include "sternhalma/game.h"
#include "sternhalma/internal/position_counts.h"
#include "sternhalma/movegen.h"
#include "sternhalma/notation.h"
#include "sternhalma/player.h"
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
  CHECK(g.apply(Move{static_cast<uint8_t>(C("e14")), static_cast<uint8_t>(C("e13"))}).code() ==
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
  // Also on a table where the first arrival ends the game (no preset has
  // both): the reply comes first (README, game.h).
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

// ----------------------------------------------------------------- rule 7

TEST_CASE("rule 7: a 3-player elimination at the deadline takes the marbles off the board") {
  Rules r = preset("classic-3");
  r.deadline = 2;
  Game g(r);
  // W, B, Y, then W's 2nd move with 8 marbles still at home: out.
  for (int i = 0; i < 3; ++i) REQUIRE(g.apply(g.legal_moves().front()).ok());
  CHECK(g.position().count(0) == 10);
  REQUIRE(g.apply(g.legal_moves().front()).ok());
  CHECK(g.status(0) == SeatStatus::kOut);
  CHECK(g.out_reason(0) == OutReason::kDeadline);
  CHECK(g.place(0) == 3);
  CHECK(g.position().count(0) == 0);
  CHECK(g.to_move() == 2);  // B; W is skipped from now on
  CHECK(outcome_lines(g) == Lines{"out W place 3 deadline"});
  // B's 2nd move: out too, and Y, the one seat left, takes place 1.
  REQUIRE(g.apply(g.legal_moves().front()).ok());
  CHECK(g.is_over());
  CHECK(g.place(2) == 2);
  CHECK(g.place(4) == 1);
  CHECK(g.position().count(2) == 0);
  CHECK(g.position().count(4) == 10);
  CHECK(outcome_lines(g) == Lines{"out W place 3 deadline", "out B place 2 deadline", "end all-placed"});
  // Undo puts the marbles back.
  CHECK(g.undo(2) == 2);
  CHECK(g.position().count(0) == 10);
  CHECK(g.status(0) == SeatStatus::kPlaying);
}

TEST_CASE("rule 7: a blocked home marble is exempt; two players: the late seat loses") {
  Rules r = preset("classic-2");
  r.id = "classic-2-deadline-2";
  r.deadline = 2;
  // W's m1 is walled in by K marbles (l2, m2 and the landings k3, m3).
  const std::vector<const char*> w = {"m1", "e9", "f9", "g9", "h9", "i9", "j9", "k9", "l9", "m9"};
  const std::vector<const char*> k = {"l2", "m2", "k3", "m3", "e14", "f14", "g14", "h14", "e15", "f15"};
  Game g = from(r, board(r, 0, {{0, w}, {3, k}}));
  CHECK(destinations(g.position(), C("m1")).none());
  play(g, {"i9-i10", "e14-e13"});
  CHECK(g.puts_out(Move{static_cast<uint8_t>(C("i10")), static_cast<uint8_t>(C("i11"))}) == OutReason::kNone);
  play(g, {"i10-i11"});
  CHECK(g.status(0) == SeatStatus::kPlaying);  // m1 could not move: exempt
  CHECK(g.puts_out(Move{static_cast<uint8_t>(C("f14")), static_cast<uint8_t>(C("f13"))}) == OutReason::kDeadline);
  play(g, {"f14-f13"});                         // K's 2nd move, 4 marbles at home
  CHECK(g.is_over());
  CHECK(g.place(3) == 2);
  CHECK(g.place(0) == 1);
  CHECK(g.out_reason(3) == OutReason::kDeadline);
  CHECK(g.position().count(3) == 10);  // two players: the marbles stay
  CHECK(outcome_lines(g) == Lines{"out K place 2 deadline", "end all-placed"});
}

// A documented choice (game.h): on the deadline move the deadline comes
// before arrival.
TEST_CASE("rule 7 before rule 3: a deadline move that fills the goal with a marble left at home puts the seat out") {
  Rules r = preset("classic-2");
  r.id = "classic-2-deadline-1";
  r.deadline = 1;
  // W's goal (point 3) is full but for h14, which W's h13 fills: an arrival
  // under anti-blocking, on W's first and deadline move, with m1 at home.
  Game g = from(r, board(r, 0, {{0, {"m1", "h13"}}, {3, with(without(kPoint3, "h14"), {"e9"})}}));
  CHECK(destinations(g.position(), C("m1")).any());
  play(g, {"h13-h14"});
  CHECK(g.is_over());
  CHECK(g.status(0) == SeatStatus::kOut);
  CHECK(g.out_reason(0) == OutReason::kDeadline);
  CHECK(g.place(3) == 1);
  CHECK(outcome_lines(g) == Lines{"out W place 2 deadline", "end all-placed"});
}

TEST_CASE("rule 7: after the deadline a move back into the home camp is flagged and eliminates") {
  Rules r = preset("classic-2");
  r.id = "classic-2-deadline-1";
  r.deadline = 1;
  const std::vector<const char*> w = {"m1", "i5", "f9", "g9", "h9", "i9", "j9", "k9", "l9", "e9"};
  const std::vector<const char*> k = {"l2", "m2", "k3", "m3", "e13", "f13", "g13", "h13", "i13", "e12"};
  Game g = from(r, board(r, 0, {{0, w}, {3, k}}));
  const Move home{static_cast<uint8_t>(C("i5")), static_cast<uint8_t>(C("j4"))};
  CHECK_FALSE(g.eliminates(home));  // before the deadline it is an ordinary move
  play(g, {"e9-e10", "e12-e11"});
  CHECK(g.status(0) == SeatStatus::kPlaying);
  CHECK(g.status(3) == SeatStatus::kPlaying);
  CHECK(g.eliminates(home));
  CHECK(g.puts_out(home) == OutReason::kReturnHome);
  CHECK_FALSE(g.eliminates(Move{static_cast<uint8_t>(C("e10")), static_cast<uint8_t>(C("e11"))}));
  CHECK(g.puts_out(Move{static_cast<uint8_t>(C("e10")), static_cast<uint8_t>(C("e11"))}) == OutReason::kNone);
  CHECK(g.puts_out(Move{static_cast<uint8_t>(C("e10")), static_cast<uint8_t>(C("e9"))}) == OutReason::kNone);  // not legal: e9 is taken
  // Not legal (no route from e10 to j4): not a move that puts anyone out,
  // though eliminates(), which reads only the cells, marks it.
  CHECK(g.puts_out(Move{static_cast<uint8_t>(C("e10")), static_cast<uint8_t>(C("j4"))}) == OutReason::kNone);
  CHECK(g.eliminates(Move{static_cast<uint8_t>(C("e10")), static_cast<uint8_t>(C("j4"))}));
  CHECK(g.check(home).ok());  // legal, but eliminating
  play(g, {"i5-j4"});
  CHECK(g.is_over());
  CHECK(g.out_reason(0) == OutReason::kReturnHome);
  CHECK(g.place(0) == 2);
  CHECK(g.place(3) == 1);
}

TEST_CASE("rule 7: the deadline move that leaves a marble at home puts its seat out, unmarked") {
  // eliminates() is rule 7's mark, for a marble brought home after the
  // deadline only (README, game.h); the deadline move is judged when played.
  Rules r = preset("classic-2");
  r.id = "classic-2-deadline-1";
  r.deadline = 1;
  Game g(r);
  for (const Move m : g.legal_moves()) {
    CHECK_FALSE(g.eliminates(m));
    CHECK(g.puts_out(m) == OutReason::kDeadline);  // but a front end can ask
  }
  play(g, {"k3-k5"});  // W's first and deadline move: nine marbles still at home, free to move
  CHECK(g.is_over());
  CHECK(g.out_reason(0) == OutReason::kDeadline);
  CHECK(g.place(3) == 1);
}

// puts_out(m) says before a move what playing it does: for every legal move
// of seeded games on the tables with a deadline (two to six seats, 15
// marbles, long jumps, teams), the move is played on a copy and the reason of
// the first seat it puts out compared. The games are played by the easy
// player, which clears its home in time, taking a move back home now and
// then once that eliminates; and on the same tables with the deadline at 2
// own moves, by random moves (so seats go out by the deadline, or are exempt).
TEST_CASE("rule 7: puts_out says which moves put a seat out, and why, as playing them does") {
  int deadline_outs = 0, home_outs = 0, kept = 0;
  for (Rules r : presets()) {
    if (r.deadline <= 0) continue;
    for (const bool early : {false, true}) {
      if (early) r.id += "-early", r.deadline = 2;
      for (uint64_t seed = 1; seed <= 2; ++seed) {
        CAPTURE(r.id);
        CAPTURE(seed);
        Game g(r);
        Rng rng(seed);
        Player easy(Level::kEasy, seed);
        for (int turn = 0; turn < 160 && !g.is_over(); ++turn) {
          const Move* back = nullptr;
          const std::vector<Move> moves = g.legal_moves();
          for (const Move& m : moves) {
            Game after = g;
            const size_t seen = after.events().size();
            REQUIRE(after.apply(m).ok());
            OutReason want = OutReason::kNone;
            for (size_t i = seen; i < after.events().size(); ++i)
              if (after.events()[i].kind == Event::Kind::kOut) {
                want = after.events()[i].out;
                break;
              }
            CAPTURE(m.from);
            CAPTURE(m.to);
            CHECK(g.puts_out(m) == want);
            CHECK(g.eliminates(m) == (want == OutReason::kReturnHome));
            deadline_outs += want == OutReason::kDeadline;
            home_outs += want == OutReason::kReturnHome;
            kept += g.moves_made(g.to_move()) + 1 == r.deadline && want == OutReason::kNone;
            if (want == OutReason::kReturnHome) back = &m;
          }
          const Move m = early ? random_move(g, rng) : back && rng.below(3) == 0 ? *back : easy.choose(g);
          REQUIRE(g.apply(m).ok());
        }
      }
    }
  }
  CHECK(deadline_outs > 0);
  CHECK(home_outs > 0);
  CHECK(kept > 0);  // deadline moves that leave no movable marble at home
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

// ----------------------------------------------------------------- rule 8

TEST_CASE("rule 8: threefold repetition ends the game") {
  Game g(preset("classic-2"));
  play(g, {"j4-i5", "h14-i13", "i5-j4", "i13-h14"});
  CHECK(g.occurrences() == 2);
  play(g, {"j4-i5", "h14-i13", "i5-j4"});
  CHECK_FALSE(g.is_over());
  play(g, {"i13-h14"});
  CHECK(g.is_over());
  CHECK(g.end_reason() == EndReason::kRepetition);
  CHECK(g.turns() == 8);
  CHECK(g.place(0) == 1);  // equal keys share the place
  CHECK(g.place(3) == 1);
  // Without the repetition rule (table-2) the game goes on.
  Game t(preset("table-2"));
  play(t, {"j4-i5", "h14-i13", "i5-j4", "i13-h14", "j4-i5", "h14-i13", "i5-j4", "i13-h14"});
  CHECK_FALSE(t.is_over());
}

// The repetition count (internal/position_counts.h) against a std::map:
// adds and removes (undo) of keys drawn from a small pool (repeats) and
// from all of 2^64 (the table doubles several times from 256 slots), keys that
// differ only in their low bits (the table indexes by the high bits of a
// product), and keys whose count fell back to 0.
TEST_CASE("rule 8: the repetition count agrees with a map across growth and undo") {
  internal::PositionCounts counts;
  std::map<uint64_t, int> ref;
  std::vector<uint64_t> added;
  Rng rng(8);
  CHECK(counts.count(42) == 0);
  for (int i = 0; i < 6000; ++i) {
    const uint32_t what = rng.below(10);
    if (what < 3 && !added.empty()) {  // undo the last add
      const uint64_t h = added.back();
      added.pop_back();
      counts.remove(h);
      --ref[h];
      CHECK(counts.count(h) == ref[h]);
      continue;
    }
    const uint64_t h = what < 6 ? rng.below(40) : what < 8 ? rng.next() : 0xABCD000000000000ULL + rng.below(64);
    added.push_back(h);
    CHECK(counts.add(h) == ++ref[h]);
  }
  for (const auto& [h, n] : ref) CHECK(counts.count(h) == n);
  CHECK(counts.count(0x1234567) == (ref.count(0x1234567) ? ref[0x1234567] : 0));
}

TEST_CASE("rule 8/9: move limit in turns, ranking by goal marbles then distance") {
  Rules r = preset("classic-2");
  r.limit = 3;
  Game g(r);
  play(g, {"j4-i5", "h14-i13"});
  CHECK_FALSE(g.is_over());
  // W jumps: its distance drops more than K's step did.
  std::vector<Move> ms = g.legal_moves();
  Move best = ms.front();
  int bd = 1000;
  for (Move m : ms) {
    Position p = g.position();
    p.move_piece(m.from, m.to);
    if (goal_distance(p, 0) < bd) bd = goal_distance(p, 0), best = m;
  }
  REQUIRE(g.apply(best).ok());
  CHECK(g.is_over());
  CHECK(g.end_reason() == EndReason::kLimit);
  CHECK(g.place(0) == 1);
  CHECK(g.place(3) == 2);
}

TEST_CASE("rule 9: a limit in rounds; 002 with nobody arrived is a draw") {
  Rules r = preset("table-3");
  r.limit = 2;
  Game g(r);
  for (int i = 0; i < 5; ++i) REQUIRE(g.apply(g.legal_moves().front()).ok());
  CHECK(g.round() == 1);
  CHECK_FALSE(g.is_over());
  REQUIRE(g.apply(g.legal_moves().front()).ok());
  CHECK(g.is_over());
  CHECK(g.end_reason() == EndReason::kLimit);
  CHECK(g.is_draw());
  for (Seat s : {0, 2, 4}) CHECK(g.place(s) == 1);
  CHECK(outcome_lines(g) == Lines{"draw", "end limit"});
}

// The limit counts the seats still playing: a resignation that takes out
// the seat behind reaches it at once, not after one more turn.
TEST_CASE("rule 9, 002: a seat that arrived and is out since still makes the limit no draw") {
  // SPEC: "a move limit reached before anybody arrived is a draw". W arrives
  // (its partner K has not), then K resigns for the team, which is out with
  // W's marbles; the limit then comes with nobody arrived *now*, but W did.
  // Found by the game-reference test on a custom table (teams, 002's limit).
  Rules r = preset("three-pairs");
  r.id = "three-pairs-limit";
  r.resign = ResignRule::kOut;
  r.limit_unit = LimitUnit::kTurns;
  r.limit = 4;
  r.limit_draw_if_none_arrived = true;
  Game g = from(r, board(r, 0,
                         {{0, with(without(kPoint3, "h14"), {"h13"})},
                          {3, {"e9", "f9", "g9", "h9", "i9", "j9", "k9", "l9", "m9", "i8"}},
                          {1, {"i5"}}, {2, {"g7"}}, {4, {"k11"}}, {5, {"e11"}}}));
  play(g, {"h13-h14"});
  REQUIRE(g.status(0) == SeatStatus::kArrived);
  REQUIRE(g.resign(3).ok());
  CHECK(g.status(0) == SeatStatus::kOut);
  play(g, {"i5-i6", "g7-g8", "k11-k12"});
  CHECK(g.is_over());
  CHECK(g.end_reason() == EndReason::kLimit);
  CHECK_FALSE(g.is_draw());
}

TEST_CASE("rule 9: a resignation that leaves every seat at the limit ends the game there") {
  Rules r = preset("table-3");
  r.limit = 2;
  Game g(r);
  for (int i = 0; i < 5; ++i) REQUIRE(g.apply(g.legal_moves().front()).ok());
  CHECK(g.round() == 1);  // W and B have taken 2 turns, Y 1
  REQUIRE(g.to_move() == 4);
  REQUIRE(g.resign(4).ok());
  CHECK(g.is_over());
  CHECK(g.turns() == 5);
  CHECK(g.round() == 2);
  CHECK(g.end_reason() == EndReason::kLimit);
  CHECK(outcome_lines(g) == Lines{"resign Y", "out Y place 3 resigned", "draw", "end limit"});
  CHECK((g.place(0) == 1 && g.place(2) == 1 && g.place(4) == 3));
}

// A game from a position written at round 199: its position's round goes on
// from 199 (the text round-trips, as Position::play counts), while the limit
// counts the game's own rounds from 0 (from_position: no turns counted yet).
// Once the round went back to 0 after the first move.
TEST_CASE("rule 9: a game from a position goes on from its round; the limit counts its own") {
  Rules r = preset("table-2");  // 200 rounds
  auto pos = Position::parse("table-2 W W:i9,a13 K:i12,q5 199");
  REQUIRE(pos.ok());
  Game g = from(r, *pos);
  CHECK(g.round() == 199);
  play(g, {"i9-h9"});
  CHECK(g.round() == 199);
  play(g, {"i12-j11"});
  CHECK(g.round() == 200);
  CHECK(g.position().to_string() == "table-2 W W:h9,a13 K:q5,j11 200");
  CHECK_FALSE(g.is_over());  // one round of this game, of 200
  REQUIRE(g.undo());
  CHECK(g.round() == 199);
  r.id = "short-2";
  r.limit = 2;
  auto short_pos = Position::parse("short-2 W W:i9,a13 K:i12,q5 199", r);
  REQUIRE(short_pos.ok());
  Game short_game = from(r, *short_pos);
  play(short_game, {"i9-h9", "i12-j11", "h9-i9"});
  CHECK_FALSE(short_game.is_over());
  play(short_game, {"j11-i12"});
  CHECK(short_game.round() == 201);
  CHECK(short_game.is_over());
  CHECK(short_game.end_reason() == EndReason::kLimit);
}

TEST_CASE("rule 8: 004 ranks by tip distance only") {
  Rules r = preset("online-3");
  r.limit = 1;
  Game g(r);
  // W steps, B jumps, Y plays its first listed move.
  play(g, {"j4-i5"});
  std::vector<Move> ms = g.legal_moves();
  Move jump = ms.front();
  for (Move m : ms)
    if (tip_steps(2, m.from) - tip_steps(2, m.to) == 2) { jump = m; break; }
  REQUIRE(g.apply(jump).ok());
  REQUIRE(g.apply(g.legal_moves().front()).ok());
  CHECK(g.is_over());
  const int dw = tip_distance(g.position(), 0), db = tip_distance(g.position(), 2),
            dy = tip_distance(g.position(), 4);
  CHECK(db < dw);
  CHECK(db < dy);
  CHECK(g.place(2) == 1);
  CHECK(g.place(0) == (dw <= dy ? 2 : 3));
  CHECK(g.place(4) == (dy <= dw ? 2 : 3));
}

TEST_CASE("rule 8: no progress (002) after 30 x seats turns") {
  Game g(preset("table-2"));
  play(g, {"j4-i5", "h14-i13"});
  int n = 2;
  while (!g.is_over()) {
    play(g, {"i5-j4", "i13-h14", "j4-i5", "h14-i13"});
    n += 4;
    REQUIRE(n < 100);
  }
  // Progress last at turn 2; 60 turns later the game ends.
  CHECK(g.turns() == 62);
  CHECK(g.end_reason() == EndReason::kNoProgress);
}

// No progress counts 30 x the seats still playing: when a resignation
// leaves fewer, a count already past the new threshold ends the game at once.
TEST_CASE("rule 8: no progress reached by a resignation ends the game there") {
  const Rules r = preset("table-3");
  // One marble a seat, each stepping away from its goal and back: the first
  // step raises its distance, the step back only returns to its best.
  Game g = from(r, board(r, 0, {{0, {"i9"}}, {2, {"f9"}}, {4, {"l9"}}}));
  const char* away[] = {"i9-i8", "f9-e9", "l9-m9"};
  const char* back[] = {"i8-i9", "e9-f9", "m9-l9"};
  for (int t = 0; t < 70; ++t) {
    const int k = t % 3;
    play(g, {(t / 3) % 2 == 0 ? away[k] : back[k]});
  }
  CHECK_FALSE(g.is_over());  // 70 turns without progress, 90 needed with three seats
  REQUIRE(g.resign(4).ok());
  CHECK(g.is_over());  // two seats: 60 needed, 70 passed
  CHECK(g.turns() == 70);
  CHECK(g.end_reason() == EndReason::kNoProgress);
  CHECK(outcome_lines(g) == Lines{"resign Y", "out Y place 3 resigned", "end no-progress"});
}

// The game skips the assignment while a lower bound proves there was no
// progress (Game::track_progress); here every move's goal distance is
// computed and the rule applied by hand, over random games of the tables
// with the rule (two, three and six seats, the king, long jumps, and a
// partner moving for an arrived seat), with undo on the way.
TEST_CASE("rule 8: no progress (002) ends exactly where every move's distance says") {
  for (const Rules& r : presets()) {
    if (!r.no_progress) continue;
    CAPTURE(r.id);
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      CAPTURE(seed);
      Game g(r);
      Rng rng(seed);
      std::vector<std::array<int, kMaxSeats>> best_at;  // per action, for undo
      std::vector<int> last_at;
      std::array<int, kMaxSeats> best{};
      for (Seat s = 0; s < kMaxSeats; ++s)
        if (r.plays(s)) best[s] = goal_distance(g.position(), s);
      int last = 0;
      while (!g.is_over()) {
        if (rng.below(20) == 0 && !best_at.empty()) {  // take back an action now and then
          REQUIRE(g.undo());
          best = best_at.back(), last = last_at.back();
          best_at.pop_back(), last_at.pop_back();
          continue;
        }
        best_at.push_back(best), last_at.push_back(last);
        const Seat owner = g.marbles_of();
        const int turn = g.turns() + 1;
        REQUIRE(g.apply(random_move(g, rng)).ok());
        if (g.status(owner) != SeatStatus::kOut) {
          const int d = goal_distance(g.position(), owner);
          if (d < best[owner]) best[owner] = d, last = turn;
        }
        int playing = 0;
        for (Seat s = 0; s < kMaxSeats; ++s) playing += g.status(s) == SeatStatus::kPlaying;
        const bool stalled = g.turns() - last >= 30 * playing;
        if (!g.is_over()) {
          REQUIRE_FALSE(stalled);
        } else if (g.end_reason() == EndReason::kNoProgress) {
          CHECK(stalled);
        }
      }
    }
  }
}

// ----------------------------------------------------------------- §5 teams

TEST_CASE("§5: a team whose second partner arrives; the arrived partner moves for it") {
  const Rules r = preset("pairs-2x2");
  Game g = from(r, board(r, 0, {{0, with(without(kPoint3, "h14"), {"h13"})},
                                {1, {"e9"}},
                                {3, with(without(kPoint0, "j4"), {"i6"})},
                                {4, {"m9"}}}));
  play(g, {"h13-h14"});
  CHECK(g.status(0) == SeatStatus::kArrived);
  CHECK(g.place(0) == 0);  // the team is not placed yet
  play(g, {"e9-e10", "i6-i5", "m9-m8"});
  CHECK(g.to_move() == 0);
  CHECK(g.marbles_of() == 3);  // W moves K's marbles
  // The game reads move text with the marbles W moves now; the position
  // alone (W to move, W's marbles) cannot.
  const absl::StatusOr<Move> parsed = g.parse_move("i5-j4");
  REQUIRE(parsed.ok());
  CHECK(*parsed == Move{static_cast<uint8_t>(C("i5")), static_cast<uint8_t>(C("j4"))});
  CHECK(g.check(*parsed).ok());
  CHECK(g.puts_out(*parsed) == OutReason::kNone);
  CHECK_FALSE(parse_move(g.position(), "i5-j4").ok());
  CHECK(g.parse_move("h14-h13").status().code() == absl::StatusCode::kInvalidArgument);
  play(g, {"i5-j4"});
  CHECK(g.parse_move("i5-j4").status().code() == absl::StatusCode::kFailedPrecondition);
  CHECK(g.is_over());
  CHECK(g.place(0) == 1);
  CHECK(g.place(3) == 1);
  CHECK(g.place(1) == 2);
  CHECK(g.place(4) == 2);
  CHECK(g.moves_made(3) == 1);  // the partner's move does not count for K's deadline
  CHECK(event_lines(g) == Lines{"move W h13-h14", "arrive W", "move R e9-e10", "move K i6-i5",
                                "move Y m9-m8", "move W i5-j4 for K", "arrive K place 1",
                                "end all-placed"});
  // The record replays (the partner move is written like any move).
  absl::StatusOr<Game> back = read_record(write_record(g));
  CHECK_FALSE(back.ok());  // a hand-built start is not a preset start
}

TEST_CASE("§5: a seat that is out takes its team out") {
  Rules r = preset("three-pairs");
  r.deadline = 1;
  Game g(r);
  REQUIRE(g.apply(g.legal_moves().front()).ok());
  CHECK(g.status(0) == SeatStatus::kOut);
  CHECK(g.status(3) == SeatStatus::kOut);
  CHECK(g.out_reason(3) == OutReason::kPartner);
  CHECK(g.place(0) == 3);
  CHECK(g.place(3) == 3);
  CHECK(g.position().count(3) == 0);
  CHECK(g.to_move() == 1);
}

// ----------------------------------------------------------------- rule 11

TEST_CASE("rule 11, 000: a resignation in a 3+ game ends it at once, the resigner last") {
  Game g(preset("classic-3"));
  play(g, {"j4-i5"});
  REQUIRE(g.resign(2).ok());
  CHECK(g.is_over());
  CHECK(g.end_reason() == EndReason::kResign);
  CHECK(g.place(2) == 3);
  CHECK(g.place(0) == 1);  // W moved forward: nearer
  CHECK(g.place(4) == 2);
  CHECK(outcome_lines(g) == Lines{"resign B", "out B place 3 resigned", "end resign"});
  CHECK(write_record(g) == "classic-3 W\nj4-i5 B:resign\n");
  CHECK(g.position().count(2) == 10);  // the game ended: the board stays as it was (README)
  CHECK(g.undo());
  CHECK_FALSE(g.is_over());
  CHECK(g.place(2) == 0);
}

TEST_CASE("rule 11, 000: a flag in a 3+ game is a resignation") {
  Game g(preset("classic-3"));
  REQUIRE(g.flag().ok());
  CHECK(g.is_over());
  CHECK(g.place(0) == 3);
  CHECK(g.place(2) == 1);  // B and Y tie... competition ranking shares
  CHECK(g.place(4) == 1);
}

TEST_CASE("rule 11, 002/004: in a 3+ game the resigner is out and the rest play on") {
  for (const char* id : {"table-3", "online-3"}) {
    CAPTURE(id);
    Game g(preset(id));
    REQUIRE(g.resign(0).ok());
    CHECK_FALSE(g.is_over());
    CHECK(g.place(0) == 3);
    CHECK(g.position().count(0) == 0);
    CHECK(g.to_move() == 2);
    REQUIRE(g.resign(4).ok());  // not to move: allowed at any time
    CHECK(g.is_over());
    CHECK(g.place(4) == 2);
    CHECK(g.place(2) == 1);
    CHECK(g.resign(2).code() == absl::StatusCode::kFailedPrecondition);
  }
}

TEST_CASE("rule 11: two players — the opponent wins, on every table") {
  for (const char* id : {"classic-2", "table-2", "online-2"}) {
    CAPTURE(id);
    Game g(preset(id));
    REQUIRE(g.resign(3).ok());
    CHECK(g.is_over());
    CHECK(g.place(0) == 1);
    CHECK(g.place(3) == 2);
    CHECK(g.position().count(3) == 10);
  }
}

TEST_CASE("rule 11, 004: a fallen flag plays the move that gains most tip distance") {
  Game g(preset("online-2"));
  Move expect{};
  int best = -100;
  for (Move m : g.legal_moves()) {  // sorted: the first of the best is the smallest
    const int gain = tip_steps(0, m.from) - tip_steps(0, m.to);
    if (gain > best) best = gain, expect = m;
  }
  CHECK(g.flag_move() == expect);
  REQUIRE(g.flag().ok());
  CHECK_FALSE(g.is_over());
  REQUIRE(g.history().size() == 2);
  CHECK(g.history()[0].kind == Action::Kind::kFlag);
  CHECK(g.history()[1].move == expect);
  CHECK(g.history()[1].by_flag);
  CHECK(g.to_move() == 3);
  const std::string rec = write_record(g);
  CHECK(rec == "online-2 W\nW:flag\n");
  absl::StatusOr<Game> back = read_record(rec);
  REQUIRE(back.ok());
  CHECK(back->position() == g.position());
}

TEST_CASE("rule 11: clocks are bookkeeping; an overdrawn reserve makes the flag fall") {
  Game g(preset("classic-2"));
  REQUIRE(g.set_clock({1000, 100}).ok());
  REQUIRE(g.apply(g.legal_moves().front(), 300).ok());
  CHECK(g.reserve_ms(0) == 800);
  CHECK(g.reserve_ms(3) == 1000);
  REQUIRE(g.apply(g.legal_moves().front(), 1001).ok());  // K's flag falls
  CHECK(g.is_over());
  CHECK(g.place(3) == 2);
  CHECK(outcome_lines(g) == Lines{"flag K", "out K place 2 resigned", "end resign"});
  CHECK(g.reserve_ms(3) == 0);  // its time ran out (README)
  CHECK(g.undo());
  CHECK(g.reserve_ms(3) == 1000);
  CHECK_FALSE(g.is_over());
}

TEST_CASE("clocks: every value is bounded and the reserve cannot wrap (issue 10)") {
  Game g(preset("classic-2"));
  const int64_t kMax = kMaxClockMs;
  CHECK(g.set_clock({INT64_MAX, INT64_MAX}).code() == absl::StatusCode::kOutOfRange);
  CHECK(g.set_clock({0, 0}).code() == absl::StatusCode::kOutOfRange);
  CHECK(g.set_clock({kMax + 1, 0}).code() == absl::StatusCode::kOutOfRange);
  CHECK(g.set_clock({1000, kMax + 1}).code() == absl::StatusCode::kOutOfRange);
  CHECK(g.set_clock({1000, -1}).code() == absl::StatusCode::kOutOfRange);
  CHECK_FALSE(g.has_clock());
  REQUIRE(g.set_clock({kMax, kMax}).ok());
  REQUIRE(g.apply(g.legal_moves().front(), 0).ok());
  CHECK(g.reserve_ms(0) == kMax);  // capped at the bound, not wrapped
  CHECK(g.apply(g.legal_moves().front(), -1).code() == absl::StatusCode::kOutOfRange);
  CHECK(g.set_clock({1000, 0}).code() == absl::StatusCode::kFailedPrecondition);
  REQUIRE(g.apply(g.legal_moves().front(), INT64_MAX).ok());  // K's flag falls
  CHECK(g.is_over());
  CHECK(g.reserve_ms(3) == 0);  // a fallen flag's reserve, whatever the time given
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
