// Seeded games of every preset played to their end, with the invariants
// checked at every ply: marbles per seat, undo restoring everything exactly,
// the position's text round-tripping to the same hash, and the record
// replaying to the same game. GAME_STATS=1 prints how each game ended.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "sternhalma/game.h"
#include "sternhalma/player.h"
#include "sternhalma/playout.h"
#include "sternhalma/presets.h"
#include "sternhalma/record.h"

using namespace sternhalma;

namespace {

struct Snap {
  Position pos;
  uint64_t hash;
  std::array<int, 6> places, turns, moves;
  std::array<SeatStatus, 6> status;
  size_t events, history;
  bool over;
};

Snap snap(const Game& g) {
  Snap s{g.position(), g.hash(), {}, {}, {}, {}, g.events().size(), g.history().size(), g.is_over()};
  for (Seat t = 0; t < 6; ++t) {
    s.places[t] = g.place(t);
    s.turns[t] = g.turns_taken(t);
    s.moves[t] = g.moves_made(t);
    s.status[t] = g.status(t);
  }
  return s;
}

void check_same(const Snap& a, const Snap& b) {
  CHECK(a.pos == b.pos);
  CHECK(a.hash == b.hash);
  CHECK(a.places == b.places);
  CHECK(a.turns == b.turns);
  CHECK(a.moves == b.moves);
  CHECK(a.status == b.status);
  CHECK(a.events == b.events);
  CHECK(a.history == b.history);
  CHECK(a.over == b.over);
}

void check_marbles(const Game& g) {
  const Rules& r = g.rules();
  for (Seat s = 0; s < 6; ++s) {
    if (!r.plays(s)) {
      CHECK(g.position().count(s) == 0);
      continue;
    }
    const bool removed = g.status(s) == SeatStatus::kOut && (r.teams || r.num_seats() >= 3) &&
                         g.out_reason(s) != OutReason::kNone &&
                         !(g.end_reason() == EndReason::kResign);
    if (g.status(s) != SeatStatus::kOut) {
      CHECK(g.position().count(s) == r.marbles);
    } else if (removed) {
      CHECK(g.position().count(s) == 0);
    }
  }
}

void play_out(const Rules& rules, uint64_t seed, bool smart) {
  CAPTURE(rules.id);
  CAPTURE(seed);
  Game g(rules);
  Player p(smart ? Level::kNormal : Level::kEasy, seed);
  Rng rng(seed);
  int ply = 0;
  while (!g.is_over()) {
    REQUIRE(ply < 5000);
    check_marbles(g);
    const Move m = (seed % 3 == 2) ? random_move(g, rng) : p.choose(g);
    REQUIRE(g.check(m).ok());
    const Snap before = snap(g);
    REQUIRE(g.apply(m).ok());
    if (ply % 7 == 0) {
      const Snap after = snap(g);
      REQUIRE(g.undo());
      check_same(snap(g), before);
      REQUIRE(g.apply(m).ok());
      check_same(snap(g), after);
    }
    if (ply % 25 == 0) {
      auto back = Position::parse(g.position().to_string(), g.rules());
      REQUIRE(back.ok());
      CHECK(back->hash() == g.hash());
    }
    ++ply;
  }
  if (getenv("GAME_STATS")) { std::string pl; for (Seat s=0;s<6;++s) if (rules.plays(s)) pl += std::string(1, seat_letter(s)) + std::to_string(g.place(s)) + std::string(g.status(s)==SeatStatus::kOut? "x ":" "); MESSAGE(rules.id << " seed " << seed << " turns " << g.turns() << " end " << std::string(end_reason_name(g.end_reason())) << " " << pl); }
  check_marbles(g);
  // Every played seat has a place in 1..units.
  const int units = rules.teams ? rules.num_seats() / 2 : rules.num_seats();
  for (Seat s = 0; s < 6; ++s)
    if (rules.plays(s)) {
      CHECK(g.place(s) >= 1);
      CHECK(g.place(s) <= units);
    }
  // The record replays to the same game.
  const std::string rec = write_record(g);
  absl::StatusOr<Game> r2 = read_record(rec);
  REQUIRE_MESSAGE(r2.ok(), r2.status().ToString());
  CHECK(r2->position() == g.position());
  CHECK(r2->history().size() == g.history().size());
  CHECK(r2->end_reason() == g.end_reason());
  for (Seat s = 0; s < 6; ++s) CHECK(r2->place(s) == g.place(s));
  REQUIRE(r2->events().size() == g.events().size());
  for (size_t i = 0; i < g.events().size(); ++i)
    CHECK(r2->event_text(r2->events()[i]) == g.event_text(g.events()[i]));
  // And undoing every action returns to the start.
  Game u = g;
  u.undo(1 << 20);
  CHECK(u.position() == u.initial_position());
  CHECK(u.hash() == u.initial_position().hash());
  CHECK(u.history().empty());
}

}  // namespace

TEST_CASE("seeded games of every preset run to their end with invariants") {
  for (const Rules& r : presets()) {
    for (uint64_t seed : {1, 2}) play_out(r, seed, true);
    play_out(r, 5, false);
  }
}
