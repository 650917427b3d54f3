#include "sternhalma/perft.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <random>
#include <string>
#include <vector>

#include "sternhalma/geometry.h"
#include "sternhalma/internal/after_moves.h"
#include "sternhalma/movegen.h"
#include "sternhalma/presets.h"
#include "reference_movegen.h"

using namespace sternhalma;
using internal::AfterMoves;

TEST_CASE("perft classic-2 matches SPEC §10 to depth 4") {
  const Position p = Position::start(*find_preset("classic-2"));
  CHECK(perft(p, 1) == 14);
  CHECK(perft(p, 2) == 196);
  CHECK(perft(p, 3) == 4648);
  CHECK(perft(p, 4) == 110224);
}

TEST_CASE("perft ccerl-2 matches the CCERL reference counts (SPEC §11)") {
  const Position p = Position::start(*find_preset("ccerl-2"));
  CHECK(perft(p, 1) == 14);
  CHECK(perft(p, 2) == 196);
  CHECK(perft(p, 3) == 4760);
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

namespace {
// The first of `moves` that takes seat s furthest towards its goal's tip:
// seeded playouts mix it with random moves to reach crowded endgames.
Move greediest(const std::vector<Move>& moves, Seat s) {
  const Cell tip = tip_cell(opposite_point(s));
  Move m = moves.front();
  int best = -100;
  for (const Move c : moves)
    if (const int gain = hex_distance(c.from, tip) - hex_distance(c.to, tip); gain > best) best = gain, m = c;
  return m;
}
}  // namespace

// perft's last plies are counted without playing them (AfterMoves: the last
// two plies; from depth 3, floods followed through a third and memos kept
// across it). Split off the first ply by hand, perft(d) is the sum of
// perft(d - 1) after each first move, which reaches those paths from other
// roots and one ply shallower; and for depth 3 the reference generator
// (tests/reference_movegen.h) plays every ply. Mid-game and endgame positions
// of every preset, from seeded playouts (random and greedy moves mixed), so
// the marbles of several seats share lines and goals fill up.
// The front ends' perft: the same counts, refused past the ceiling on leaves
// (a small one here; kMaxPerftLeaves would take minutes).
TEST_CASE("perft_within and divide_within: the counts, and the ceiling on leaves") {
  const Position start = Position::start(*find_preset("classic-2"));
  const uint64_t p5 = perft(start, 5);
  REQUIRE(p5 == 2947496);
  for (int threads : {1, 2}) {
    CAPTURE(threads);
    const absl::StatusOr<uint64_t> ok = perft_within(start, 5, threads, p5);
    REQUIRE(ok.ok());
    CHECK(*ok == p5);
    const absl::StatusOr<uint64_t> over = perft_within(start, 5, threads, p5 - 1);
    CHECK(over.status().code() == absl::StatusCode::kResourceExhausted);
    CHECK(over.status().message().find("perft: depth 5 passes the ceiling of 2947495 move sequences") == 0);
  }
  // Depth 4 is one subtree: counted whole, then compared.
  CHECK(perft_within(start, 4, 1, 110223).status().code() == absl::StatusCode::kResourceExhausted);
  CHECK(*perft_within(start, 4, 1, 110224) == 110224);
  const auto d = divide_within(start, 5, p5);
  REQUIRE(d.ok());
  CHECK(*d == divide(start, 5));
  CHECK(divide_within(start, 5, p5 - 1).status().code() == absl::StatusCode::kResourceExhausted);
  CHECK(perft_within(start, kMaxPerftDepth + 1).status().code() == absl::StatusCode::kOutOfRange);
  CHECK(divide_within(start, 0).status().code() == absl::StatusCode::kOutOfRange);
  CHECK(perft_within(start, 3, 0).status().message() == "perft: threads 0 is not in 1..256");
  CHECK(perft_within(start, 3, kMaxPerftThreads + 1).status().code() == absl::StatusCode::kOutOfRange);
}

// play() is perft's turn order for one move, with the round of the text.
TEST_CASE("play: perft's turn order, the round, and refusals that change nothing") {
  auto parse = [](const char* text) {
    absl::StatusOr<Position> p = Position::parse(text);
    REQUIRE_MESSAGE(p.ok(), p.status().ToString());
    return *p;
  };
  auto mv = [](const char* a, const char* b) {
    return Move{static_cast<uint8_t>(*parse_cell(a)), static_cast<uint8_t>(*parse_cell(b))};
  };
  // classic-3 plays W, B, Y; B has no marble, so Y follows W, and the turn
  // passes the first seat (W) after Y: one round more.
  Position p = parse("classic-3 W W:m1 Y:i9 4");
  REQUIRE(play(p, mv("m1", "m2")).ok());
  CHECK(p.to_string() == "classic-3 Y W:m2 B: Y:i9 4");
  REQUIRE(play(p, mv("i9", "j9")).ok());
  CHECK(p.to_string() == "classic-3 W W:m2 B: Y:j9 5");
  // Not legal (not the mover's marble, not a destination, off the board):
  // InvalidArgument, nothing changed.
  for (const Move m : {mv("j9", "k9"), mv("m2", "m4"), mv("m2", "i9")}) {
    const absl::Status st = play(p, m);
    CHECK(st.code() == absl::StatusCode::kInvalidArgument);
    CHECK(st.message().find("is not a legal move of W") != std::string_view::npos);
    CHECK(p.to_string() == "classic-3 W W:m2 B: Y:j9 5");
  }
  // The round stops at the text's ceiling: the move within the round plays,
  // the one that would start round kMaxRound + 1 is refused.
  Position top = parse("classic-2 W W:m1 K:i9 1000000000");
  REQUIRE(play(top, mv("m1", "m2")).ok());
  CHECK(top.round() == kMaxRound);
  const absl::Status st = play(top, mv("i9", "j9"));
  CHECK(st.code() == absl::StatusCode::kResourceExhausted);
  CHECK(st.message() == "play: the round would pass 1000000000, the most a position carries");
  CHECK(top.to_string() == "classic-2 K W:m2 K:i9 1000000000");
  CHECK(Position::parse(top.to_string()).ok());
}

TEST_CASE("perft from mid-game positions: perft(d) == sum of perft(d - 1) after each move") {
  const auto by_hand = [](const Position& p, int depth) {
    const std::vector<Move> moves = legal_moves(p, p.to_move());
    uint64_t sum = 0;
    if (moves.empty()) {  // a pass: one sequence, the next seat moves
      Position c = p;
      c.set_to_move(next_seat_with_pieces(c));
      return perft(c, depth - 1);
    }
    for (const Move m : moves) {
      Position c = p;
      c.move_piece(m.from, m.to);
      c.set_to_move(next_seat_with_pieces(c));
      sum += perft(c, depth - 1);
    }
    return sum;
  };
  int checked = 0;
  for (const Rules& rules : presets()) {
    for (uint32_t seed = 1; seed <= 4; ++seed) {
      std::mt19937 rng(seed * 7919);
      Position p = Position::start(rules);
      const int plies = static_cast<int>(rng() % (50 * rules.num_seats()));
      const uint32_t greedy = rng() % 4;  // in four moves, towards the goal's tip
      for (int ply = 0; ply < plies; ++ply) {
        const Seat s = p.to_move();
        const std::vector<Move> moves = legal_moves(p, s);
        if (!moves.empty()) {
          Move m = moves[rng() % moves.size()];
          if (rng() % 4 < greedy) m = greediest(moves, s);
          p.move_piece(m.from, m.to);
        }
        p.set_to_move(next_seat_with_pieces(p));
      }
      for (int depth = 3; depth <= (seed <= 2 ? 4 : 3); ++depth)
        CHECK_MESSAGE(perft(p, depth) == by_hand(p, depth), p.to_string(), " depth ", depth);
      if (seed == 1) CHECK_MESSAGE(perft(p, 3) == ref::perft(p, 3), p.to_string());
      ++checked;
    }
  }
  CHECK(checked == 4 * static_cast<int>(presets().size()));
}

// The rule book's choices (docs/rules/choices.md): a seat with no pieces is skipped, except the position's
// own seat to move, which passes (one sequence); a seat with pieces and no
// move passes.
TEST_CASE("perft from positions with an empty seat: skipped, but the seat to move passes") {
  const auto pos = [](const char* text) {
    const absl::StatusOr<Position> p = Position::parse(text);
    REQUIRE(p.ok());
    return *p;
  };
  // K (no pieces) to move: a pass, then W's two steps from m1, then W again.
  const Position k = pos("classic-2 K W:m1 K: 0");
  CHECK(perft(k, 1) == 1);
  CHECK(perft(k, 2) == 2);
  uint64_t third = 0;
  for (const char* after : {"classic-2 W W:l2 K: 0", "classic-2 W W:m2 K: 0"}) third += perft(pos(after), 1);
  CHECK(perft(k, 3) == third);
  // classic-3: W's two steps, B (no pieces) skipped, Y on e17 boxed in by
  // the closed foreign point 3 passes, then W again.
  const Position w = pos("classic-3 W W:m1 B: Y:e17 0");
  CHECK(count_moves(pos("classic-3 Y W:m1 B: Y:e17 0"), 4) == 0);
  CHECK(perft(w, 1) == 2);
  CHECK(perft(w, 2) == 2);
  CHECK(perft(w, 3) == perft(pos("classic-3 W W:l2 B: Y:e17 0"), 1) + perft(pos("classic-3 W W:m2 B: Y:e17 0"), 1));
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
          if (rng() % 3 != 0) m = greediest(moves, s);
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

namespace {

std::vector<Seat> seats_of(const Rules& r) {
  std::vector<Seat> seats;
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (r.plays(s)) seats.push_back(s);
  return seats;
}

// A board of 15-75 % density, the seats' marbles at random places (at most
// r.marbles each), under the king rule one king for some of them.
Position random_board(const Rules& r, const std::vector<Seat>& seats, std::mt19937& rng) {
  Position p(r);
  const int density = 15 + static_cast<int>(rng() % 60);  // percent
  std::array<int, kMaxSeats> pieces{};
  std::array<bool, kMaxSeats> king{};
  for (Cell c = 0; c < kNumCells; ++c) {
    const Seat s = seats[rng() % seats.size()];
    if (static_cast<int>(rng() % 100) >= density || pieces[s] == r.marbles) continue;
    const bool k = r.king() && !king[s] && rng() % 4 == 0;
    p.put(c, s, k);
    king[s] = king[s] || k;
    ++pieces[s];
  }
  return p;
}

// Copies of `base` under jump rule j, one for every zone rule and every goal
// lock AfterMoves counts: strict only under standard jumps (the long and the
// king's chains under strict are played: AfterMoves::applies).
std::vector<Rules> variants_of(const char* base, JumpRule j, int marbles) {
  std::vector<Rules> out;
  for (ZoneRule z : {ZoneRule::kFree, ZoneRule::kClosed, ZoneRule::kNoEntry})
    for (GoalLock lock : {GoalLock::kNo, GoalLock::kYes, GoalLock::kStrict}) {
      if (lock == GoalLock::kStrict && j != JumpRule::kStandard) continue;
      Rules r = *find_preset(base);
      r.id = "custom";
      r.jumps = j;
      r.zones = z;
      r.goal_lock = lock;
      r.marbles = marbles;
      out.push_back(r);
    }
  return out;
}

// AfterMoves of every seat in p against count_moves after playing each move
// of every other seat; seen(next, p after the move) is called for each.
// Returns how many moves were checked.
template <class F>
long long check_after_moves(const Position& p, const std::vector<Seat>& seats, F&& seen) {
  long long checked = 0;
  for (const Seat next : seats) {
    const AfterMoves after(p, next);
    for (const Seat s : seats) {
      if (s == next) continue;
      for (const Move m : legal_moves(p, s)) {
        Position c = p;
        c.move_piece(m.from, m.to);
        REQUIRE_MESSAGE(after.count(m) == count_moves(c, next), p.to_string(), " ", seat_letter(s),
                        " ", cell_name(m.from), "-", cell_name(m.to), " then ", seat_letter(next));
        ++checked;
        seen(next, c);
      }
    }
  }
  return checked;
}

// check_after_moves on `boards` random boards of each table; kind(next, p, c)
// says whether the move from p to c changed `what` the test is about (1),
// left it as it was (0), or does not concern it (-1). Both kinds must come
// up often, so that both ways of counting are checked.
struct Kinds {
  long long checked = 0, changed = 0, same = 0;
};
template <class F>
void check_random_boards(const std::vector<Rules>& tables, int boards, const std::string& what, F&& kind) {
  std::mt19937 rng(20261130);
  Kinds out;
  for (const Rules& r : tables) {
    const std::vector<Seat> seats = seats_of(r);
    for (int n = 0; n < boards; ++n) {
      const Position p = random_board(r, seats, rng);
      out.checked += check_after_moves(p, seats, [&](Seat next, const Position& c) {
        if (const int k = kind(next, p, c); k >= 0) (k ? out.changed : out.same) += 1;
      });
    }
  }
  MESSAGE("moves checked: ", out.checked, "; ", what, " changed by ", out.changed, ", unchanged by ", out.same);
  CHECK(out.changed > 10000);
  CHECK(out.same > 10000);
}

}  // namespace

// The king's count is kept for every move whose two cells its flood did not
// read (internal/king_flood.h) and found afresh for the others: on random boards
// under the king rule (every zone rule, every goal lock, kings of other
// seats in and next to the king's runs, pieces moving onto and off its
// lines), the count must be count_moves after the move either way. Both kinds
// of move are counted by whether the king's own destinations change.
TEST_CASE("AfterMoves under the king rule: random boards, kings in the runs") {
  std::vector<Rules> tables = variants_of("table-6", JumpRule::kKing, 15);
  tables.insert(tables.begin(), {*find_preset("japanese-2"), *find_preset("japanese-3")});
  check_random_boards(tables, 60, "the king's destinations", [](Seat next, const Position& p, const Position& c) {
    int changed = -1;  // the seat's king (at most one)
    (p.pieces(next) & p.kings()).for_each([&](Cell x) { changed = destinations(p, x) != destinations(c, x); });
    return changed;
  });
}

// Under strict goal lock a standard chain may not leave the goal once in it
// (walk.h's flood_strict); AfterMoves floods the chains the same way and
// keeps a count when the move came nowhere near the flood: on random boards
// of every zone rule, two and six seats, the count must be count_moves after
// the move either way. Both kinds are counted by whether some marble of the
// next seat has other destinations after the move. Under long and king jumps strict goal lock is counted by playing.
TEST_CASE("AfterMoves under strict goal lock: random boards") {
  std::vector<Rules> tables = {*find_preset("ccerl-2")};
  for (const char* base : {"table-2", "table-6"})
    for (const Rules& r : variants_of(base, JumpRule::kStandard, 10))
      if (r.goal_lock == GoalLock::kStrict) tables.push_back(r);
  REQUIRE(tables.size() == 7);
  check_random_boards(tables, 40, "the next seat's moves", [](Seat next, const Position& p, const Position& c) {
    int changed = 0;
    p.pieces(next).for_each([&](Cell x) { changed |= destinations(p, x) != destinations(c, x); });
    return changed;
  });
  for (const char* base : {"table-2", "long-jumps-2", "japanese-2"}) {
    Rules r = *find_preset(base);
    r.id = "custom";
    r.goal_lock = GoalLock::kStrict;
    const Position p = Position::start(r);
    CHECK(AfterMoves::applies(p, 0, 3) == (r.jumps == JumpRule::kStandard));
    CHECK(!AfterMoves::follows(p));
  }
}

// Under long jumps a marble's count is kept when no jump from the cells its
// flood expanded changes along the move's lines (lib/after_moves_long.cpp),
// and found afresh otherwise: on random boards of every zone rule, goal lock
// or not, two and six seats, the count must be count_moves after the move
// either way. Both kinds of move are counted by whether some marble of the
// next seat has other jump destinations after it (a long jump never ends
// next to its start).
TEST_CASE("AfterMoves under long jumps: random boards") {
  std::vector<Rules> tables = {*find_preset("long-jumps-2"), *find_preset("long-jumps-6")};
  for (const char* base : {"table-2", "table-6"})
    for (const Rules& r : variants_of(base, JumpRule::kLong, 10)) tables.push_back(r);
  check_random_boards(tables, 40, "the next seat's jumps", [](Seat next, const Position& p, const Position& c) {
    int changed = 0;
    p.pieces(next).for_each([&](Cell x) {
      changed |= destinations(p, x).minus(neighbours(x)) != destinations(c, x).minus(neighbours(x));
    });
    return changed;
  });
}

// Under long jumps AfterMoves can follow a move of any seat, its own too
// (perft's third ply from the end): the counts after it must be those made
// afresh in the position after it, for every move of another seat there, and
// the moves it reads off its floods those of the counted seat.
TEST_CASE("AfterMoves under long jumps follows a move of any seat") {
  std::mt19937 rng(7);
  long long checked = 0, own = 0;
  for (const char* id : {"long-jumps-2", "long-jumps-6"}) {
    const Rules& r = *find_preset(id);
    const std::vector<Seat> seats = seats_of(r);
    for (int n = 0; n < 30; ++n) {
      const Position p = random_board(r, seats, rng);
      REQUIRE(AfterMoves::follows(p));
      for (const Seat counted : seats) {
        const AfterMoves before(p, counted);
        for (const Seat s : seats) {
          const std::vector<Move> moves = legal_moves(p, s);
          for (int j = 0; j < 3 && !moves.empty(); ++j) {
            const Move m = moves[rng() % moves.size()];
            Position c = p;
            c.move_piece(m.from, m.to);
            const AfterMoves after(before, c, m), fresh(c, counted);
            // Its moves read off the followed floods are the counted seat's moves.
            MoveList listed;
            after.moves(listed);
            std::vector<Move> got(listed.begin(), listed.end()), want = legal_moves(c, counted);
            std::sort(got.begin(), got.end());
            std::sort(want.begin(), want.end());
            REQUIRE(got == want);
            const Seat other = seats[(std::find(seats.begin(), seats.end(), counted) - seats.begin() + 1) % seats.size()];
            for (const Move m2 : legal_moves(c, other)) {
              Position d = c;
              d.move_piece(m2.from, m2.to);
              REQUIRE_MESSAGE(after.count(m2) == count_moves(d, counted), p.to_string(), " ",
                              seat_letter(s), " ", cell_name(m.from), "-", cell_name(m.to), " ",
                              seat_letter(other), " ", cell_name(m2.from), "-", cell_name(m2.to),
                              " then ", seat_letter(counted));
              REQUIRE(after.count(m2) == fresh.count(m2));
              ++checked;
              own += s == counted;
            }
          }
        }
      }
    }
  }
  MESSAGE("moves checked: ", checked, ", after the counted seat's own move: ", own);
  CHECK(checked > 20000);
  CHECK(own > 5000);
}

// perft's third ply from the end under long jumps counts a seat after the
// same move m1 once for every move m0 before it, and takes a marble's chain
// ends found after another m0 when this m0 changed none of the lines its
// flood read (AfterMoves::Memo). For every m0 of one seat and every m1 of
// the next, on random boards of three- and six-seat tables (every zone
// rule, every goal lock) and on long-jumps-6's start: the count with the
// memo must be count_moves after both moves, and the memo must have given
// many of them.
TEST_CASE("AfterMoves::Memo under long jumps: a seat counted after two moves of others") {
  std::mt19937 rng(11);
  std::vector<Rules> tables = variants_of("table-3", JumpRule::kLong, 10);  // boards point to their rules
  for (const Rules& r : variants_of("table-6", JumpRule::kLong, 10)) tables.push_back(r);
  std::vector<Position> boards = {Position::start(*find_preset("long-jumps-6"))};
  for (const Rules& r : tables)
    for (int n = 0; n < 4; ++n) boards.push_back(random_board(r, seats_of(r), rng));
  long long checked = 0, memos = 0;
  for (const Position& p : boards) {
    const std::vector<Seat> seats = seats_of(p.rules());
    const size_t j = rng() % seats.size();
    const Seat s0 = seats[j], s1 = seats[(j + 1) % seats.size()], counted = seats[(j + 2) % seats.size()];
    const AfterMoves before(p, counted);
    AfterMoves::Memo memo;
    for (const Move m0 : legal_moves(p, s0)) {
      Position c = p;
      c.move_piece(m0.from, m0.to);
      const AfterMoves after(before, c, m0);
      memo.after(m0);
      for (const Move m1 : legal_moves(c, s1)) {
        Position d = c;
        d.move_piece(m1.from, m1.to);
        REQUIRE_MESSAGE(after.count(m1, &memo) == count_moves(d, counted), p.to_string(), " ", seat_letter(s0), " ",
                        cell_name(m0.from), "-", cell_name(m0.to), " ", seat_letter(s1), " ", cell_name(m1.from),
                        "-", cell_name(m1.to), " then ", seat_letter(counted));
        ++checked;
      }
    }
    memos += memo.hits();
  }
  MESSAGE("counts checked: ", checked, ", marbles' ends taken from the memo: ", memos);
  CHECK(checked > 100000);
  CHECK(memos > checked / 4);
}
