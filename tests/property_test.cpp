// property_test — properties that tie move generation, notation, paths,
// board edits and the position text together, over seeded random playouts
// of every preset:
// - the generator's moves are exactly the moves the parser accepts: each
//   move's canonical path text, its from-to shorthand and (up to 16) each
//   of its routes written hop by hop parse back to it,
//   and for the marbles checked, "from-to" parses for exactly the cells
//   destinations() lists (every other cell, and every non-own origin, is
//   rejected);
// - per-marble destinations add up to the move list and count_moves;
// - the MoveSet of find_moves() holds the same moves: its size, its k-th
//   move is generate()'s k-th, and contains() is true for exactly them;
// - a move then its undo (move_piece back, set_to_move back) restores the
//   position and its hash exactly, and the incremental hash equals the hash
//   of the same position parsed from text;
// - the position text round-trips.
// Playouts use Position and movegen only (no game rules): uniform random
// legal moves, a seat with no move passes.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "sternhalma/movegen.h"
#include "sternhalma/notation.h"
#include "sternhalma/paths.h"
#include "sternhalma/position.h"
#include "sternhalma/presets.h"
#include "sternhalma/random.h"

using namespace sternhalma;

namespace {

// The library's SplitMix64 (random.h), drawn modulo n as these tests always have.
struct Stream {
  uint64_t s;
  uint64_t next() { return splitmix64(s); }
  int below(int n) { return static_cast<int>(next() % static_cast<uint64_t>(n)); }
};

Seat next_with_marbles(const Position& pos, Seat s) {
  Seat n = pos.rules().next_seat(s);
  for (int i = 0; i < kMaxSeats && pos.count(n) == 0; ++i) n = pos.rules().next_seat(n);
  return n;
}

std::string shorthand(Move m) { return cell_name(m.from) + "-" + cell_name(m.to); }

// The cheap properties, checked on every position of every playout.
void check_position(const Position& pos, const std::vector<Move>& moves) {
  const Seat s = pos.to_move();
  // Text round trip, and the incremental hash against a fresh parse.
  const std::string line = pos.to_string();
  auto back = Position::parse(line);
  REQUIRE_MESSAGE(back.ok(), line);
  CHECK_MESSAGE(*back == pos, line);
  CHECK_MESSAGE(back->hash() == pos.hash(), line);
  CHECK(back->to_string() == line);

  // Destinations per marble add up to the list and the count.
  CHECK(count_moves(pos) == static_cast<int>(moves.size()));
  std::vector<Move> from_dest;
  pos.pieces(s).for_each([&](Cell f) {
    destinations(pos, f).for_each([&](Cell t) {
      from_dest.push_back({static_cast<uint8_t>(f), static_cast<uint8_t>(t)});
    });
  });
  std::sort(from_dest.begin(), from_dest.end());
  CHECK_MESSAGE(from_dest == moves, line);
  CHECK(std::adjacent_find(moves.begin(), moves.end()) == moves.end());

  // The MoveSet: generate()'s order, without a list.
  MoveList list;
  generate(pos, list);
  MoveSet set;
  find_moves(pos, s, set);
  REQUIRE(set.size() == list.size());
  CHECK(set.empty() == moves.empty());
  for (int k = 0; k < list.size(); ++k) {
    CHECK(set[k] == list[k]);
    CHECK(set.contains(list[k]));
  }

  for (const Move m : moves) {
    // Canonical path and shorthand parse back to the move.
    const Path path = canonical_path(pos, m);
    REQUIRE(path.size() >= 2);
    CHECK(path.front() == m.from);
    CHECK(path.back() == m.to);
    const std::string text = format_path(path);
    CHECK(format_move(pos, m) == text);
    auto pm = parse_move(pos, text);
    REQUIRE_MESSAGE(pm.ok(), line << " / " << text << ": " << pm.status().message());
    CHECK(pm->move == m);
    CHECK(pm->path == path);
    auto ps = parse_move(pos, shorthand(m));
    REQUIRE_MESSAGE(ps.ok(), line << " / " << shorthand(m) << ": " << ps.status().message());
    CHECK(ps->move == m);
    // Every route of the move, written out hop by hop, is read as that route.
    for (const Path& route : all_paths(pos, m, 16)) {
      auto pr = parse_move(pos, format_path(route));
      REQUIRE_MESSAGE(pr.ok(), line << " / " << format_path(route) << ": " << pr.status().message());
      CHECK(pr->move == m);
      CHECK(pr->path == route);
    }

    // Move, then undo: position and hash restored exactly.
    Position p = pos;
    p.move_piece(m.from, m.to);
    p.set_to_move(next_with_marbles(p, s));
    CHECK(p.hash() != pos.hash());
    p.set_to_move(s);
    p.move_piece(m.to, m.from);
    CHECK_MESSAGE(p == pos, line << " / " << text);
    CHECK_MESSAGE(p.hash() == pos.hash(), line << " / " << text);
  }
}

// The exhaustive parser cross-check: for a few origins (own marbles and
// other cells), "from-to" parses for exactly the destinations.
void check_parser_set(const Position& pos, Stream& rng) {
  const Seat s = pos.to_move();
  std::vector<Cell> origins;
  pos.pieces(s).for_each([&](Cell c) { origins.push_back(c); });
  std::vector<Cell> own = origins;
  // Two random own marbles and two random cells that are not own marbles.
  std::vector<Cell> picked;
  for (int i = 0; i < 2 && !own.empty(); ++i) picked.push_back(own[rng.below(own.size())]);
  for (int i = 0; i < 2; ++i) {
    const Cell c = rng.below(kNumCells);
    if (pos.at(c) != s) picked.push_back(c);
  }
  MoveSet set;
  find_moves(pos, s, set);
  for (const Cell f : picked) {
    const Bits dest = pos.at(f) == s ? destinations(pos, f) : kNoBits;
    for (Cell t = 0; t < kNumCells; ++t) {
      const Move m{static_cast<uint8_t>(f), static_cast<uint8_t>(t)};
      auto pm = parse_move(pos, shorthand(m));
      CHECK_MESSAGE(pm.ok() == dest.test(t), pos.to_string() << " / " << shorthand(m));
      CHECK(is_legal(pos, s, m) == dest.test(t));
      CHECK(set.contains(m) == dest.test(t));
      if (pm.ok()) {
        CHECK(pm->move == m);
      } else {
        CHECK_FALSE(pm.status().message().empty());
      }
    }
  }
}

}  // namespace

TEST_CASE("property: generator, parser, destinations, undo and text agree over playouts of every preset") {
  int positions = 0;
  for (const Rules& rules : presets()) {
    CAPTURE(rules.id);
    for (uint64_t game = 0; game < 3; ++game) {
      Stream rng{0x5EED0000ull + game * 7919 + std::hash<std::string>{}(rules.id) % 1000};
      Position pos = Position::start(rules);
      for (int ply = 0; ply < 80; ++ply) {
        const std::vector<Move> moves = legal_moves(pos);
        check_position(pos, moves);
        if (ply % 8 == 0) check_parser_set(pos, rng);
        ++positions;
        const Seat s = pos.to_move();
        if (!moves.empty()) {
          const Move m = moves[rng.below(static_cast<int>(moves.size()))];
          pos.move_piece(m.from, m.to);
        }
        pos.set_to_move(next_with_marbles(pos, s));
      }
    }
  }
  MESSAGE("positions checked: " << positions);
  CHECK(positions == static_cast<int>(presets().size()) * 3 * 80);
}

TEST_CASE("property: non-moves are rejected with a message") {
  const Position pos = Position::start(*find_preset("classic-2"));
  // From an empty cell, from the opponent's marble, onto itself, onto an
  // occupied cell, too far, and malformed text.
  for (const char* text : {"i9-i10", "e17-e16", "m1-m1", "m1-l2", "m1-m5", "l3-l5-l7",
                           "m3-", "-m4", "m3--m4", "m3-m4-", "z9-z10", "m3 m4", ""}) {
    CAPTURE(text);
    auto pm = parse_move(pos, text);
    CHECK_FALSE(pm.ok());
    CHECK_FALSE(pm.status().message().empty());
  }
}
