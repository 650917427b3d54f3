// What the rule tests build their cases from: cells by name, presets, hand-
// built boards and scripted games. A failed lookup is a REQUIRE, so a typo in
// a test stops that test with the name it could not read instead of testing
// something else.
#ifndef STERNHALMA_TESTS_FIXTURES_H_
#define STERNHALMA_TESTS_FIXTURES_H_

#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "sternhalma/game.h"
#include "sternhalma/movegen.h"
#include "sternhalma/presets.h"

namespace sternhalma::fixtures {

inline Cell C(std::string_view name) {
  const auto c = parse_cell(name);
  REQUIRE_MESSAGE(c.has_value(), name);
  return *c;
}

// The move between two named cells (no legality implied).
inline Move M(std::string_view from, std::string_view to) { return Move(C(from), C(to)); }

// Whether m is among the game's legal moves for the seat to move.
inline bool is_legal_move(const Game& g, Move m) {
  const std::vector<Move> legal = g.legal_moves();
  return std::find(legal.begin(), legal.end(), m) != legal.end();
}

inline Rules preset(const char* id) {
  const Rules* r = find_preset(id);
  REQUIRE_MESSAGE(r != nullptr, id);
  return *r;
}

// A hand-built board: {seat, "cells"} with a trailing '*' for a king.
inline Position board(const Rules& rules, Seat to_move,
                      std::initializer_list<std::pair<Seat, std::vector<const char*>>> pieces) {
  Position p(rules);
  for (const auto& [s, cells] : pieces)
    for (const char* n : cells) {
      std::string name = n;
      const bool king = !name.empty() && name.back() == '*';
      if (king) name.pop_back();
      p.put(C(name), s, king);
    }
  p.set_to_move(to_move);
  return p;
}

inline Game from(const Rules& rules, const Position& pos) {
  absl::StatusOr<Game> g = Game::from_position(rules, pos);
  REQUIRE_MESSAGE(g.ok(), g.status().ToString());
  return *std::move(g);
}

// The game from a position line (Position::parse's text), e.g. an endgame
// written out in a test or a line of bench/corpus.
inline Game from_line(std::string_view line) {
  absl::StatusOr<Position> p = Position::parse(line);
  REQUIRE_MESSAGE(p.ok(), p.status().ToString());
  return from(p->rules(), *p);
}

// The moves a player's search starts from: the legal ones, less those that
// put the mover out (Game::puts_out).
inline std::vector<Move> root_moves(const Game& g) {
  std::vector<Move> v;
  for (const Move m : g.legal_moves())
    if (g.puts_out(m) == OutReason::kNone) v.push_back(m);
  return v;
}

// The fewest own moves that bring seat s home on pos (rule 3, goal_reached),
// the others held still, by trying every line of up to `most` moves: no
// beam and no scoring, so it is independent of the players' searches. -1
// when no line of `most` moves or fewer arrives.
inline int fewest_moves(const Position& pos, Seat s, int most) {
  if (goal_reached(pos, s)) return 0;
  std::vector<Position> layer{pos}, next;
  for (int d = 1; d <= most; ++d) {
    next.clear();
    std::unordered_set<uint64_t> seen;
    for (const Position& p : layer) {
      MoveList list;
      generate(p, s, list);
      for (const Move m : list) {
        Position q = p;
        q.move_piece(m.from, m.to);
        if (goal_reached(q, s)) return d;
        if (seen.insert(q.hash()).second) next.push_back(q);
      }
    }
    layer.swap(next);
  }
  return -1;
}

inline void play(Game& g, std::initializer_list<const char*> moves) {
  for (const char* m : moves) {
    const absl::Status s = g.apply(std::string_view(m));
    REQUIRE_MESSAGE(s.ok(), m, ": ", s.ToString());
  }
}

using Lines = std::vector<std::string>;

inline Lines event_lines(const Game& g) {
  Lines v;
  for (const Event& e : g.events()) v.push_back(g.event_text(e));
  return v;
}

// The events from the first one that is not a plain move or pass.
inline Lines outcome_lines(const Game& g) {
  Lines v;
  for (const Event& e : g.events())
    if (e.kind != Event::Kind::kMove && e.kind != Event::Kind::kPass) v.push_back(g.event_text(e));
  return v;
}

// The 10-marble camps of points 0 (white's home) and 3 (black's).
inline const std::vector<const char*> kPoint0 = {"m1", "l2", "m2", "k3", "l3",
                                                 "m3", "j4", "k4", "l4", "m4"};
inline const std::vector<const char*> kPoint3 = {"e14", "f14", "g14", "h14", "e15",
                                                 "f15", "g15", "e16", "f16", "e17"};

inline std::vector<const char*> without(std::vector<const char*> v, const char* c) {
  v.erase(std::remove_if(v.begin(), v.end(), [&](const char* x) { return std::string(x) == c; }),
          v.end());
  return v;
}
inline std::vector<const char*> with(std::vector<const char*> v,
                                     std::initializer_list<const char*> more) {
  v.insert(v.end(), more);
  return v;
}

}  // namespace sternhalma::fixtures

#endif  // STERNHALMA_TESTS_FIXTURES_H_
