#include "sternhalma/perft.h"

#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "sternhalma/geometry.h"
#include "sternhalma/internal/after_moves.h"
#include "sternhalma/movegen.h"
#include "sternhalma/presets.h"

using namespace sternhalma;

TEST_CASE("perft classic-2 matches SPEC §10 to depth 4") {
  const Position p = Position::start(*find_preset("classic-2"));
  CHECK(perft(p, 1) == 14);
  CHECK(perft(p, 2) == 196);
  CHECK(perft(p, 3) == 4648);
  CHECK(perft(p, 4) == 110224);
}

// Every preset's perft to depth 3 (SPEC §10) is checked in variants_test.cpp,
// against the table and against the reference generator at once.

TEST_CASE("parallel perft gives the serial count for every thread count") {
  for (const char* id : {"classic-2", "long-jumps-6", "japanese-3", "table-5"}) {
    const Position p = Position::start(*find_preset(id));
    for (int depth = 0; depth <= 3; ++depth) {
      const uint64_t serial = perft(p, depth);
      for (int threads : {1, 2, 3, 7, 300})
        CHECK_MESSAGE(perft(p, depth, threads) == serial, id, " depth ", depth, " threads ", threads);
    }
  }
  // A seat to move that must pass at the root (K on m1 is boxed in), and a
  // played seat with no marbles to skip (B on classic-3).
  for (const char* text : {"classic-2 K W:i9,l2,m2,k3,m3 K:m1 0", "classic-3 W W:i9 Y:e13 0"}) {
    const auto p = Position::parse(text);
    REQUIRE(p.ok());
    for (int depth = 1; depth <= 4; ++depth)
      CHECK_MESSAGE(perft(*p, depth, 2) == perft(*p, depth), text, " depth ", depth);
  }
  CHECK(perft(Position::start(*find_preset("classic-2")), 5, 2) == 2947496);
}

// perft's last two plies count the next seat's moves after each move without
// playing it (internal/after_moves.h): the same as playing it and counting,
// on seeded playouts of every standard-jump preset into the endgame (zones,
// goal lock, marbles in and next to the goal), for every move of every
// position.
TEST_CASE("AfterMoves::count == count_moves after the move, on playouts of every preset") {
  int checked = 0;
  for (const Rules& rules : presets()) {
    for (uint32_t seed = 1; seed <= 2; ++seed) {
      std::mt19937 rng(seed);
      Position p = Position::start(rules);
      for (int ply = 0; ply < 70 * rules.num_seats(); ++ply) {
        const Seat s = p.to_move(), next = next_seat_with_pieces(p);
        const std::vector<Move> moves = legal_moves(p, s);
        if (AfterMoves::applies(p, s, next)) {
          const AfterMoves after(p, next);
          for (const Move m : moves) {
            Position c = p;
            c.move_piece(m.from, m.to);
            REQUIRE_MESSAGE(after.count(m) == count_moves(c, next), p.to_string(), " ",
                            cell_name(m.from), "-", cell_name(m.to));
            ++checked;
          }
        }
        if (!moves.empty()) {  // two moves in three greedy, towards the goal's tip
          Move m = moves[rng() % moves.size()];
          if (rng() % 3 != 0) {
            const Cell tip = tip_cell(opposite_point(s));
            int best = -100;
            for (const Move c : moves)
              if (const int gain = hex_distance(c.from, tip) - hex_distance(c.to, tip); gain > best)
                best = gain, m = c;
          }
          p.move_piece(m.from, m.to);
        }
        p.set_to_move(next);
      }
    }
  }
  MESSAGE("moves checked: ", checked);
  CHECK(checked > 100000);

  // Goal lock at the goal's edge: a marble in its goal next to a cell the
  // other seat leaves may not step out onto it (classic-2 has goal lock).
  const Rules& rules = *find_preset("classic-2");
  const Seat w = rules.first_seat, k = rules.next_seat(w);
  int edges = 0;
  goal_cells(rules, k).for_each([&](Cell g) {
    for (const Dir d : kAllDirs) {
      const Cell x = neighbour(g, d);
      if (x == kNoCell || goal_cells(rules, k).test(x)) continue;
      Position p(rules);
      p.put(x, w);
      p.put(g, k);
      p.put(neighbour(x, d) == kNoCell ? x : neighbour(x, d), w);  // a pivot for the locked marble
      p.set_to_move(w);
      const AfterMoves after(p, k);
      for (const Move m : legal_moves(p, w)) {
        Position c = p;
        c.move_piece(m.from, m.to);
        CHECK_MESSAGE(after.count(m) == count_moves(c, k), p.to_string(), " ", cell_name(m.from), "-",
                      cell_name(m.to));
      }
      ++edges;
    }
  });
  CHECK(edges > 0);
}
