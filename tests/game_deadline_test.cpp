// SPEC §4 rule 7, the exit deadline: a seat still at home after its
// deadline move is out unless its home marbles cannot move; a marble brought
// home after it puts its owner out (eliminates, SPEC's mark); puts_out says
// both before a move. Scripted games and hand-built positions, and every
// legal move of seeded games played on a copy (game_test.cpp says where
// the other rules are).
#include <doctest/doctest.h>

#include <vector>

#include "fixtures.h"
#include "sternhalma/game.h"
#include "sternhalma/movegen.h"
#include "sternhalma/player.h"
#include "sternhalma/playout.h"
#include "sternhalma/presets.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

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
  CHECK(g.puts_out(M("i10", "i11")) == OutReason::kNone);
  play(g, {"i10-i11"});
  CHECK(g.status(0) == SeatStatus::kPlaying);  // m1 could not move: exempt
  CHECK(g.puts_out(M("f14", "f13")) == OutReason::kDeadline);
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
  const Move home = M("i5", "j4");
  CHECK_FALSE(g.eliminates(home));  // before the deadline it is an ordinary move
  play(g, {"e9-e10", "e12-e11"});
  CHECK(g.status(0) == SeatStatus::kPlaying);
  CHECK(g.status(3) == SeatStatus::kPlaying);
  CHECK(g.eliminates(home));
  CHECK(g.puts_out(home) == OutReason::kReturnHome);
  CHECK_FALSE(g.eliminates(M("e10", "e11")));
  CHECK(g.puts_out(M("e10", "e11")) == OutReason::kNone);
  CHECK(g.puts_out(M("e10", "e9")) == OutReason::kNone);  // not legal: e9 is taken
  // Not legal (no route from e10 to j4): not a move that puts anyone out,
  // though eliminates(), which reads only the cells, marks it.
  CHECK(g.puts_out(M("e10", "j4")) == OutReason::kNone);
  CHECK(g.eliminates(M("e10", "j4")));
  CHECK(g.check(home).ok());  // legal, but eliminating
  play(g, {"i5-j4"});
  CHECK(g.is_over());
  CHECK(g.out_reason(0) == OutReason::kReturnHome);
  CHECK(g.place(0) == 2);
  CHECK(g.place(3) == 1);
}

TEST_CASE("rule 7: the deadline move that leaves a marble at home puts its seat out, unmarked") {
  // eliminates() is rule 7's mark, for a marble brought home after the
  // deadline only (docs/rules/choices.md); the deadline move is judged when played.
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
