// Preset ccerl-2 (SPEC §11) in games: its endings (repetition and the
// 240-turn limit draw, the last reply after a first arrival), what the
// library does for a side with no move, and its option text.
#include <doctest/doctest.h>

#include <set>

#include "fixtures.h"
#include "sternhalma/distance.h"
#include "sternhalma/game.h"
#include "sternhalma/options.h"
#include "sternhalma/presets.h"

using namespace sternhalma;
using namespace sternhalma::fixtures;

TEST_CASE("ccerl-2: its rules as options, and a valid table") {
  const Rules r = preset("ccerl-2");
  CHECK(validate(r).ok());
  const auto opt = [&](const char* name) { return *get_option(r, name); };
  CHECK(opt("seats") == "0,3");
  CHECK(opt("first-seat") == "0");
  CHECK(opt("marbles") == "10");
  CHECK(opt("jumps") == "standard");
  CHECK(opt("zones") == "free");
  CHECK(opt("goal-lock") == "strict");
  CHECK(opt("anti-blocking") == "yes");
  CHECK(opt("end") == "first-arrival");
  CHECK(opt("last-reply") == "yes");
  CHECK(opt("deadline") == "none");
  CHECK(opt("limit") == "240 turns");
  CHECK(opt("limit-draw") == "yes");
  CHECK(opt("repetition") == "draw");
  CHECK(opt("no-progress") == "no");
  // The option text builds the same table from another preset.
  Rules built = preset("table-2");
  REQUIRE(set_options(built,
                      "id=ccerl-2; goal-lock=strict; end=first-arrival; last-reply=yes; "
                      "limit=240 turns; no-progress=no; repetition=draw; resign=ends-game")
              .ok());
  built.description = r.description;
  CHECK(built == r);
}

TEST_CASE("ccerl-2: threefold repetition is a draw (classic-2: ranked)") {
  for (const char* id : {"ccerl-2", "classic-2"}) {
    CAPTURE(id);
    Game g(preset(id));
    play(g, {"j4-i5", "h14-i13", "i5-j4", "i13-h14", "j4-i5", "h14-i13", "i5-j4"});
    CHECK_FALSE(g.is_over());
    play(g, {"i13-h14"});
    CHECK(g.is_over());
    CHECK(g.end_reason() == EndReason::kRepetition);
    CHECK(g.turns() == 8);
    CHECK(g.place(0) == 1);
    CHECK(g.place(3) == 1);
    const bool draw = std::string(id) == "ccerl-2";
    CHECK(g.is_draw() == draw);
    CHECK(outcome_lines(g) == (draw ? Lines{"draw", "end repetition"} : Lines{"end repetition"}));
    // Undo takes the ending back.
    CHECK(g.undo());
    CHECK_FALSE(g.is_over());
    CHECK_FALSE(g.is_draw());
  }
}

TEST_CASE("ccerl-2: 240 turns without an arrival or a repetition is a draw") {
  // A seeded walk that never repeats a position: each turn the first move
  // (in a seeded order) after which the position has not been seen.
  Game g(preset("ccerl-2"));
  Rng rng(240);
  while (!g.is_over()) {
    std::vector<Move> ms = g.legal_moves();
    REQUIRE(!ms.empty());
    for (size_t i = ms.size(); i > 1; --i) std::swap(ms[i - 1], ms[rng.below(static_cast<uint32_t>(i))]);
    bool played = false;
    for (const Move m : ms) {
      REQUIRE(g.apply(m).ok());
      if (g.occurrences() == 1 && (g.turns() == 240 || !g.is_over())) {
        played = true;
        break;
      }
      g.undo();
    }
    REQUIRE(played);
    if (g.turns() == 239) CHECK_FALSE(g.is_over());
  }
  CHECK(g.turns() == 240);
  CHECK(g.end_reason() == EndReason::kLimit);
  CHECK(g.is_draw());
  CHECK(g.place(0) == 1);
  CHECK(g.place(3) == 1);
  CHECK(outcome_lines(g) == Lines{"draw", "end limit"});
}

TEST_CASE("ccerl-2: a first arrival ends the game after the last reply; a reply that completes draws") {
  const Rules r = preset("ccerl-2");
  const Position pos =
      board(r, 0, {{0, with(without(kPoint3, "h14"), {"h13"})}, {3, with(without(kPoint0, "j4"), {"i5"})}});
  Game g = from(r, pos);
  play(g, {"h13-h14"});
  CHECK_FALSE(g.is_over());  // W completed: K, a turn behind, is owed its reply
  CHECK(g.to_move() == 3);
  play(g, {"i5-j4"});
  CHECK(g.is_draw());
  CHECK(g.end_reason() == EndReason::kLastReply);
  CHECK(event_lines(g) == Lines{"move W h13-h14", "arrive W place 1", "move K i5-j4",
                                "arrive K place 1", "draw", "end last-reply"});
  // The library plays the reply: K had a completing reply (i5-j4) but plays
  // another move, and W wins. (CCERL calls this a draw: it decides by the
  // reply's existence. docs/rules/choices.md.)
  Game h = from(r, pos);
  play(h, {"h13-h14", "i5-i6"});
  CHECK(h.is_over());
  CHECK_FALSE(h.is_draw());
  CHECK(h.place(0) == 1);
  CHECK(h.place(3) == 2);
  CHECK(outcome_lines(h) == Lines{"arrive W place 1", "end last-reply"});
  // K (the second seat) completing first wins at once: W has had its turns.
  Game k = from(r, board(r, 0, {{0, with(without(kPoint3, "h14"), {"h12"})},
                                {3, with(without(kPoint0, "j4"), {"i5"})}}));
  play(k, {"h12-h13", "i5-j4"});
  CHECK(k.is_over());
  CHECK(k.end_reason() == EndReason::kFirstArrival);
  CHECK(k.place(3) == 1);
  CHECK(k.place(0) == 2);
}

TEST_CASE("ccerl-2: a side with no legal move passes; when neither can move the game ends ranked") {
  const Rules r = preset("ccerl-2");
  // W's lone marble on the tip of point 1, walled in by K: W passes (CCERL:
  // W would lose), K plays on.
  {
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
    CHECK(event_lines(g) == Lines{"pass W"});
    CHECK_FALSE(g.is_over());
    CHECK(g.to_move() == 3);
    CHECK(g.turns_taken(0) == 1);
  }
  // Neither can move: nine W marbles in W's goal (point 3) and nine K in
  // K's (point 0), strict goal lock keeping them there, both goals full; the
  // tenth of each on the other's tip, walled in. The game ends at once
  // (rule 2, "no-moves") and is ranked by rule 8: 9 goal marbles each, the
  // same distance, so both share place 1 — ranked, not a draw.
  {
    const Position p = board(r, 0, {{0, with(without(kPoint3, "e17"), {"m1"})},
                                     {3, with(without(kPoint0, "m1"), {"e17"})}});
    Game g = from(r, p);
    CHECK(event_lines(g) == Lines{"end no-moves"});
    CHECK(g.end_reason() == EndReason::kNoMoves);
    CHECK_FALSE(g.is_draw());
    CHECK(g.place(0) == 1);
    CHECK(g.place(3) == 1);
    // Without goal lock the marbles in the goals step out of them (the row
    // below a goal is empty): the same board has moves.
    Rules open = r;
    open.id = "ccerl-2-open";
    open.goal_lock = GoalLock::kNo;
    Game o = from(open, board(open, 0, {{0, with(without(kPoint3, "e17"), {"m1"})},
                                         {3, with(without(kPoint0, "m1"), {"e17"})}}));
    CHECK_FALSE(o.is_over());
    CHECK(!o.legal_moves().empty());
  }
}
