// Variants (SPEC §3 and §7): every preset and every jump/zone rule, checked three
// ways — against SPEC §10's numbers, against the deliberately simple
// generator of reference_movegen.h, and on hand-built positions whose exact
// destination sets were worked out by hand from SPEC §3.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "fixtures.h"
#include "reference_movegen.h"
#include "sternhalma/geometry.h"
#include "sternhalma/movegen.h"
#include "sternhalma/notation.h"
#include "sternhalma/options.h"
#include "sternhalma/paths.h"
#include "sternhalma/perft.h"
#include "sternhalma/position.h"
#include "sternhalma/presets.h"

using namespace sternhalma;
using fixtures::C;

namespace {

using Names = std::set<std::string>;

Names lib_dests(const Position& p, std::string_view from) {
  Names out;
  destinations(p, C(from)).for_each([&](Cell c) { out.insert(cell_name(c)); });
  return out;
}

Names ref_dests(const Position& p, std::string_view from) {
  Names out;
  for (Cell c : ref::destinations(ref::board_of(p), p.rules(), C(from)))
    out.insert(cell_name(c));
  return out;
}

// Both generators must give exactly `want` for the marble on `from`.
void check_dests(const Position& p, std::string_view from, const Names& want) {
  CAPTURE(p.to_string());
  CAPTURE(from);
  CHECK(lib_dests(p, from) == want);
  CHECK(ref_dests(p, from) == want);
}

Rules custom(std::string_view base, void (*edit)(Rules&)) {
  Rules r = *find_preset(base);
  edit(r);
  return r;
}

void put(Position& p, std::initializer_list<const char*> cells, Seat s, bool king = false) {
  for (const char* c : cells) p.put(C(c), s, king);
}

struct Row {
  const char* id;
  uint64_t n[3];
};
const Row kSpecPerft[] = {
    {"classic-2", {14, 196, 4648}},     {"classic-3", {14, 196, 2744}},
    {"classic-4", {14, 197, 2758}},     {"classic-6", {14, 197, 2772}},
    {"long-jumps-2", {14, 196, 4872}},  {"long-jumps-6", {14, 204, 2992}},
    {"fifteen-2", {18, 324, 9504}},     {"pairs-2x2", {14, 197, 2758}},
    {"three-pairs", {14, 197, 2772}},   {"table-2", {14, 196, 4760}},
    {"table-3", {14, 196, 2744}},       {"table-4", {14, 199, 2786}},
    {"table-5", {14, 199, 2828}},       {"table-6", {14, 199, 2828}},
    {"japanese-2", {20, 400, 12560}},   {"japanese-3", {20, 400, 8000}},
    {"race-2", {14, 196, 4760}},        {"online-2", {14, 196, 4648}},
    {"online-3", {14, 196, 2744}},      {"online-4", {14, 197, 2758}},
    {"online-6", {14, 197, 2772}},
    {"ccerl-2", {14, 196, 4760}},  // SPEC §11: CCERL's published counts
};

}  // namespace

// ---------------------------------------------------------------------------
// perft and move sets: library vs reference

TEST_CASE("perft of every preset, depths 1-3: library == reference == SPEC §10, §11") {
  CHECK(presets().size() == std::size(kSpecPerft));
  for (const Row& row : kSpecPerft) {
    CAPTURE(row.id);
    const Rules* r = find_preset(row.id);
    REQUIRE(r != nullptr);
    const Position p = Position::start(*r);
    for (int d = 1; d <= 3; ++d) {
      CAPTURE(d);
      const uint64_t lib = perft(p, d), refn = ref::perft(p, d);
      CHECK(lib == refn);
      CHECK(refn == row.n[d - 1]);
    }
  }
}

namespace {

// Hex distance, computed here from coordinates (not geometry.h).
int ref_distance(Cell a, Cell b) {
  const Hex x = hex_of(a), y = hex_of(b);
  const int dq = x.q - y.q, dr = x.r - y.r, ds = x.s() - y.s();
  return (std::abs(dq) + std::abs(dr) + std::abs(ds)) / 2;
}

Cell goal_tip(Seat s) {
  int q, r;
  ref::tip_of((s + 3) % 6, q, r);
  return cell_at(Hex{q, r});
}

}  // namespace

// The routes of the marble on `from` (SPEC §3's canonical path of each of
// its moves, and the list paths.h promises) against the reference's own
// chain search; how many moves had their whole list compared (a marble with
// more than 64 chains has only its canonical paths compared).
int check_routes(const Position& p, const ref::Board& board, Cell from) {
  const ref::Routes want = ref::routes(board, p.rules(), from, 64);
  int compared = 0;
  for (size_t i = 0; i < want.to.size(); ++i) {
    const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(want.to[i])};
    CAPTURE(p.to_string());
    CAPTURE(cell_name(m.from));
    CAPTURE(cell_name(m.to));
    CHECK(canonical_path(p, m) == want.canonical[i]);
    if (!want.complete) continue;
    Truncation cut = Truncation::kCeiling;
    CHECK(all_paths(p, m, 1000, &cut) == want.routes[i]);
    CHECK(cut == Truncation::kNone);
    ++compared;
  }
  return compared;
}

TEST_CASE("random playouts of every preset: library move sets and routes == reference") {
  // Mostly greedy (so marbles reach goals, foreign points and crowds, where
  // goal lock and the zone rules bite), sometimes random. Seeded: the same
  // positions on every run.
  int positions = 0, moves_compared = 0, perfts = 0, in_goal = 0, routes_compared = 0;
  for (const Rules& rules : presets()) {
    CAPTURE(rules.id);
    for (uint32_t seed = 1; seed <= 2; ++seed) {
      std::mt19937 rng(seed * 7919u + static_cast<uint32_t>(rules.id.size()));
      Position p = Position::start(rules);
      const int plies = 40 * rules.num_seats() + 40;
      for (int ply = 0; ply < plies; ++ply) {
        const Seat mover = p.to_move();
        // Every seat's moves, not only the mover's (a finished partner moves
        // the other's marbles under the other's rules).
        for (Seat s = 0; s < kMaxSeats; ++s) {
          if (!rules.plays(s)) continue;
          const std::vector<Move> lib = legal_moves(p, s), refm = ref::moves(p, s);
          if (lib != refm) {
            CAPTURE(p.to_string());
            CAPTURE(seat_letter(s));
            for (const Move m : lib)
              if (std::find(refm.begin(), refm.end(), m) == refm.end())
                MESSAGE("library only: ", cell_name(m.from), "-", cell_name(m.to));
            for (const Move m : refm)
              if (std::find(lib.begin(), lib.end(), m) == lib.end())
                MESSAGE("reference only: ", cell_name(m.from), "-", cell_name(m.to));
            FAIL("move sets differ");
          }
          moves_compared += static_cast<int>(lib.size());
        }
        // The routes of the mover's moves (SPEC §3: the canonical path; the
        // list paths.h promises), against the reference's own search.
        const ref::Board board = ref::board_of(p);
        p.pieces(mover).for_each([&](Cell from) { routes_compared += check_routes(p, board, from); });
        ++positions;
        if ((p.pieces(mover) & goal_cells(rules, mover)).any()) ++in_goal;
        if (ply % 25 == 24) {
          CAPTURE(p.to_string());
          CHECK(perft(p, 2) == ref::perft(p, 2));
          ++perfts;
        }
        const std::vector<Move> list = legal_moves(p, mover);
        if (!list.empty()) {
          Move m = list[rng() % list.size()];
          if (rng() % 4 != 0) {  // greedy: the largest gain towards the goal tip
            int best = -100;
            for (const Move c : list) {
              const int gain = ref_distance(c.from, goal_tip(mover)) -
                               ref_distance(c.to, goal_tip(mover));
              if (gain > best || (gain == best && rng() % 3 == 0)) best = gain, m = c;
            }
          }
          p.move_piece(m.from, m.to);
        }
        p.set_to_move(rules.next_seat(mover));
      }
    }
  }
  MESSAGE("positions: ", positions, ", moves compared: ", moves_compared,
          ", mid-game perft(2): ", perfts,
          ", with the mover in its goal: ", in_goal, ", moves whose routes were compared: ", routes_compared);
  CHECK(positions >= 500);
}

TEST_CASE("random boards under every jump x zone x goal-lock x camp combination") {
  // Boards no game reaches: marbles scattered anywhere at densities from
  // sparse to packed, several kings per seat. Every seat's move set must match.
  int boards = 0, routes = 0;
  long long paths = 0;
  std::mt19937 rng(20261129);
  for (JumpRule j : {JumpRule::kStandard, JumpRule::kLong, JumpRule::kKing})
    for (ZoneRule z : {ZoneRule::kFree, ZoneRule::kClosed, ZoneRule::kNoEntry})
      for (GoalLock lock : {GoalLock::kNo, GoalLock::kYes, GoalLock::kStrict})
        for (int marbles : {10, 15}) {
          Rules r = *find_preset("table-6");
          r.id = "custom";
          r.jumps = j;
          r.zones = z;
          r.goal_lock = lock;
          r.marbles = marbles;
          for (int n = 0; n < 20; ++n) {
            Position p(r);
            const int density = 10 + static_cast<int>(rng() % 70);  // percent
            for (Cell c = 0; c < kNumCells; ++c)
              if (static_cast<int>(rng() % 100) < density)
                p.put(c, static_cast<Seat>(rng() % 6), j == JumpRule::kKing && rng() % 8 == 0);
            ++boards;
            const ref::Board b = ref::board_of(p);
            for (Seat s = 0; s < kMaxSeats; ++s) {
              CAPTURE(p.to_string());
              CAPTURE(static_cast<int>(j));
              CAPTURE(static_cast<int>(z));
              CAPTURE(lock);
              CAPTURE(marbles);
              CAPTURE(seat_letter(s));
              std::vector<Move> want;
              for (Cell c = 0; c < kNumCells; ++c)
                if (p.at(c) == s)
                  for (Cell to : ref::destinations(b, r, c, &paths))
                    want.push_back({static_cast<uint8_t>(c), static_cast<uint8_t>(to)});
              CHECK(legal_moves(p, s) == want);
              for (Cell c = 0; c < kNumCells; ++c)
                if (p.at(c) == s) routes += check_routes(p, b, c);
            }
          }
        }
  MESSAGE("random boards: ", boards, ", reference chain nodes searched: ", paths,
          ", moves whose routes were compared: ", routes);
}

// ---------------------------------------------------------------------------
// Long jumps (seed 000 "saltos largos")

TEST_CASE("long jump over a far pivot") {
  const Rules lj = custom("long-jumps-2", [](Rules& r) { r.zones = ZoneRule::kFree; });
  Position p(lj);
  put(p, {"f9"}, 0);
  put(p, {"i9"}, 3);  // pivot 3 away: g9, h9 empty before it, j9, k9 after
  check_dests(p, "f9", {"e9", "g9", "f10", "e10", "f8", "g8", "l9"});
  // The same board under standard jumps: steps only.
  const Rules st = custom("table-2", [](Rules&) {});
  Position q(st);
  put(q, {"f9"}, 0);
  put(q, {"i9"}, 3);
  check_dests(q, "f9", {"e9", "g9", "f10", "e10", "f8", "g8"});
}

TEST_CASE("long jump refused: the far side is blocked, or the landing is off the star") {
  const Rules lj = custom("long-jumps-2", [](Rules& r) { r.zones = ZoneRule::kFree; });
  Position p(lj);
  put(p, {"f9"}, 0);
  put(p, {"i9"}, 3);
  put(p, {"k9"}, 3);  // one of the k-1 cells after the pivot
  check_dests(p, "f9", {"e9", "g9", "f10", "e10", "f8", "g8"});
  Position q(lj);
  put(q, {"f9"}, 0);
  put(q, {"i9", "l9"}, 3);  // the landing cell itself
  check_dests(q, "f9", {"e9", "g9", "f10", "e10", "f8", "g8"});
  Position o(lj);
  put(o, {"i9"}, 0);
  put(o, {"m9"}, 3);  // 4 away: the landing would be 4 beyond, off the star
  check_dests(o, "i9", {"h9", "j9", "i10", "h10", "i8", "j8"});
}

TEST_CASE("long-jump chain mixing lengths 1, 2 and 3, bending") {
  const Rules lj = custom("long-jumps-2", [](Rules& r) { r.zones = ZoneRule::kFree; });
  Position p(lj);
  put(p, {"f9"}, 0);
  put(p, {"g9", "h11", "k10"}, 3);
  // f9 -g9- h9 (k=1), h9 -h11- h13 (k=2), h13 -k10- n7 (k=3)
  check_dests(p, "f9", {"e9", "f10", "e10", "f8", "g8", "h9", "h13", "n7"});
}

TEST_CASE("long jumps: the origin is empty during the chain") {
  const Rules lj = custom("long-jumps-2", [](Rules& r) { r.zones = ZoneRule::kFree; });
  Position p(lj);
  put(p, {"i9"}, 0);
  put(p, {"j9", "j10", "i8"}, 3);
  // i9-k9-i11, then from i11 down over i10, i9 (the vacated origin), the pivot
  // i8 three away, i7, i6, to i5. i9 occupied would block it.
  check_dests(p, "i9", {"h9", "i10", "h10", "j8", "k9", "i7", "i11", "i5"});
}

// ---------------------------------------------------------------------------
// The Japanese king (seed 002)

TEST_CASE("king jumps a row of three; an ordinary piece there cannot") {
  const Rules& jp = *find_preset("japanese-2");
  Position p(jp);
  put(p, {"f9"}, 0, true);
  put(p, {"g9", "h9"}, 3);
  put(p, {"i9"}, 0);
  check_dests(p, "f9", {"e9", "f10", "e10", "f8", "g8", "j9"});
  Position q(jp);
  put(q, {"f9"}, 0);  // not a king
  put(q, {"g9", "h9"}, 3);
  put(q, {"i9"}, 0);
  check_dests(q, "f9", {"e9", "f10", "e10", "f8", "g8"});
}

TEST_CASE("no piece jumps a king") {
  const Rules& jp = *find_preset("japanese-2");
  Position p(jp);
  put(p, {"f9"}, 0);
  put(p, {"g9"}, 3, true);  // h9 is empty, still refused
  put(p, {"f10"}, 3);       // an ordinary pivot: f11 allowed
  check_dests(p, "f9", {"e9", "e10", "f8", "g8", "f11"});
}

TEST_CASE("a king does not jump a king, nor a run holding one") {
  const Rules& jp = *find_preset("japanese-2");
  Position p(jp);
  put(p, {"f9"}, 0, true);
  put(p, {"g9"}, 0);
  put(p, {"h9"}, 3, true);  // the run g9 h9 holds a king: no landing on i9
  put(p, {"f10"}, 3);       // a run of one: f11
  check_dests(p, "f9", {"e9", "e10", "f8", "g8", "f11"});
  Position q(jp);
  put(q, {"f9"}, 0, true);
  put(q, {"g9"}, 3, true);
  check_dests(q, "f9", {"e9", "f10", "e10", "f8", "g8"});
}

// ---------------------------------------------------------------------------
// Zones and goal lock

TEST_CASE("no entry: a chain may not land on a foreign point even mid-chain") {
  // f11 -e11- d11 (point 2, foreign to W) -e10- f9.
  const Rules& jp = *find_preset("japanese-2");
  Position p(jp);
  put(p, {"f11"}, 0);
  put(p, {"e11", "e10"}, 3);
  check_dests(p, "f11", {"g11", "f12", "e12", "f10", "g10"});
}

TEST_CASE("closed: a chain passes a foreign point but may not stop there") {
  const Rules& cl = *find_preset("classic-2");
  Position p(cl);
  put(p, {"f11"}, 0);
  put(p, {"e11", "e10"}, 3);
  check_dests(p, "f11", {"g11", "f12", "e12", "f10", "g10", "f9"});
  // Free zones: d11 is a destination too.
  const Rules& fr = *find_preset("table-2");
  Position q(fr);
  put(q, {"f11"}, 0);
  put(q, {"e11", "e10"}, 3);
  check_dests(q, "f11", {"g11", "f12", "e12", "f10", "g10", "f9", "d11"});
  // A step into a foreign point: refused under closed and no-entry.
  Position s(cl);
  put(s, {"e10"}, 0);
  check_dests(s, "e10", {"f10", "e11", "e9", "f9"});
}

TEST_CASE("goal lock: a marble in its goal ends in it, even after leaving mid-chain") {
  // g14 -g13- g12 -f13- e14: leaves point 3 and comes back.
  const Rules& cl = *find_preset("classic-2");
  Position p(cl);
  put(p, {"g14"}, 0);
  put(p, {"g13", "f13"}, 3);
  check_dests(p, "g14", {"e14", "f14", "f15", "g15", "h14"});
  const Rules open = custom("classic-2", [](Rules& r) { r.goal_lock = GoalLock::kNo; });
  Position q(open);
  put(q, {"g14"}, 0);
  put(q, {"g13", "f13"}, 3);
  check_dests(q, "g14", {"e14", "f14", "f15", "g15", "h14", "h13", "g12"});
  // With 15 marbles the goal is the 15-cell camp: h13 (its edge) is inside.
  const Rules& ff = *find_preset("fifteen-2");
  Position f(ff);
  put(f, {"g14"}, 0);
  put(f, {"g13", "f13"}, 3);
  check_dests(f, "g14", {"e14", "f14", "f15", "g15", "h14", "h13"});
}

TEST_CASE("strict goal lock: a marble in its goal never lands outside it, within its chain too") {
  // The board above: g14 -g13- g12 -f13- e14 leaves point 3 and comes back,
  // which yes allows (it ends in the goal) and strict does not (g12 is a
  // landing outside the goal). The steps stay inside, as under yes.
  const Rules strict = custom("classic-2", [](Rules& r) { r.goal_lock = GoalLock::kStrict; });
  Position p(strict);
  put(p, {"g14"}, 0);
  put(p, {"g13", "f13"}, 3);
  check_dests(p, "g14", {"f14", "f15", "g15", "h14"});
  const absl::StatusOr<ParsedMove> out = parse_move(p, "g14-g12-e14");
  REQUIRE(!out.ok());
  CHECK(out.status().message() ==
        "'g14-g12-e14': the chain leaves its goal from g14 to g12 (classic-2 has strict goal lock: a "
        "marble that has landed in its goal lands only there)");
  CHECK(all_paths(p, fixtures::M("g14", "e14"), 10).empty());
  CHECK(canonical_path(p, fixtures::M("g14", "e14")).empty());
}

TEST_CASE("strict goal lock: a chain that enters the goal may not leave it again") {
  // W on g12; pivots on g13 and h13: g12 -g13- g14 (in point 3, W's goal)
  // -h13- i12 (the hexagon). Without goal lock and under yes the marble
  // starts outside its goal, so every landing of the chain may end it;
  // under strict the chain stops in the goal at g14.
  const auto board = [](const Rules& r) {
    Position p(r);
    put(p, {"g12"}, 0);
    put(p, {"g13", "h13"}, 3);
    return p;
  };
  const Names steps = {"f12", "h12", "f13", "g11", "h11"};
  Names through = steps, stopped = steps;
  through.insert({"g14", "i12"});
  stopped.insert("g14");
  for (GoalLock lock : {GoalLock::kNo, GoalLock::kYes, GoalLock::kStrict}) {
    Rules r = *find_preset("table-2");
    r.goal_lock = lock;
    const Position p = board(r);
    check_dests(p, "g12", lock == GoalLock::kStrict ? stopped : through);
    const absl::StatusOr<ParsedMove> full = parse_move(p, "g12-g14-i12");
    const absl::StatusOr<ParsedMove> short_form = parse_move(p, "g12-i12");
    if (lock == GoalLock::kStrict) {
      REQUIRE(!full.ok());
      CHECK(full.status().message() ==
            "'g12-g14-i12': the chain leaves its goal from g14 to i12 (table-2 has strict goal lock: "
            "a marble that has landed in its goal lands only there)");
      REQUIRE(!short_form.ok());
      CHECK(short_form.status().message() == "'g12-i12': i12 is not a jump landing from g12");
      CHECK(all_paths(p, fixtures::M("g12", "i12"), 10).empty());
    } else {
      REQUIRE(full.ok());
      CHECK(full->move == fixtures::M("g12", "i12"));
      REQUIRE(short_form.ok());
      CHECK(format_path(short_form->path) == "g12-g14-i12");
    }
    CHECK(format_path(canonical_path(p, fixtures::M("g12", "g14"))) == "g12-g14");
  }
  // Inside the goal the chain goes on: a pivot on f15 takes g14 on to e16.
  Rules r = *find_preset("table-2");
  r.goal_lock = GoalLock::kStrict;
  Position p = board(r);
  put(p, {"f15"}, 3);
  stopped.insert("e16");
  check_dests(p, "g12", stopped);
  CHECK(format_move(p, fixtures::M("g12", "e16")) == "g12-g14-e16");
}

TEST_CASE("a chain that bends: m1-m3-k5") {
  const Rules& cl = *find_preset("classic-2");
  Position p(cl);
  put(p, {"m1", "m2", "l4"}, 0);
  check_dests(p, "m1", {"l2", "m3", "k5"});
}

TEST_CASE("no revisit: a cycle of jumps never lands on its origin") {
  // i9 -j9- k9 -j10- i11 -i10- back to i9: the origin is not a destination.
  const Rules& cl = *find_preset("classic-2");
  Position p(cl);
  put(p, {"i9"}, 0);
  put(p, {"j9", "j10", "i10"}, 3);
  check_dests(p, "i9", {"h9", "h10", "i8", "j8", "k9", "i11"});
  const std::vector<Move> all = legal_moves(p, 0);
  CHECK(all.size() == 6);  // each destination once, however many chains
}

TEST_CASE("an arrived partner moves the other's marbles under the other's goal lock") {
  // pairs-2x2: K (point 3) heads for point 0. With W to move, the K marble on
  // l3 (inside K's goal) may only move inside point 0.
  const Rules& pr = *find_preset("pairs-2x2");
  Position p(pr);
  put(p, {"l3"}, 3);
  put(p, {"e14"}, 0);
  CHECK(p.to_move() == 0);
  const std::vector<Move> k = legal_moves(p, 3);
  CHECK(k == ref::moves(p, 3));
  Names to;
  for (const Move m : k) to.insert(cell_name(m.to));
  CHECK(to == Names{"k3", "m3", "l4", "m2", "l2", "k4"});
}

// ---------------------------------------------------------------------------
// Camps, start positions, layouts

TEST_CASE("15-cell camps: neighbours share exactly one corner") {
  for (int p = 0; p < 6; ++p) {
    CAPTURE(p);
    CHECK(camp_cells(p).count() == 15);
    CHECK((camp_cells(p) & camp_cells((p + 1) % 6)).count() == 1);
    CHECK((camp_cells(p) & camp_cells((p + 2) % 6)).count() == 0);
    CHECK((camp_cells(p) & camp_cells((p + 3) % 6)).count() == 0);
    for (Cell c = 0; c < kNumCells; ++c) {
      const Hex h = hex_of(c);
      CHECK(camp_cells(p).test(c) == ref::in_camp15(p, h.q, h.r));
      CHECK(point_cells(p).test(c) == (ref::point_at(h.q, h.r) == p));
    }
  }
  CHECK((camp_cells(0) & camp_cells(1)) == Bits::of(C("i5")));
  CHECK((camp_cells(0) & camp_cells(5)) == Bits::of(C("m5")));
  Bits all;
  for (int p = 0; p < 6; ++p) all |= camp_cells(p);
  CHECK(all.count() == 84);  // 60 point cells + the 24 of the hexagon's rim
  // Three players, 15 marbles: each goal's two corners start occupied by the
  // neighbours' marbles (SPEC §1).
  const Position j3 = Position::start(*find_preset("japanese-3"));
  for (Seat s : {0, 2, 4}) {
    CAPTURE(s);
    const Bits goal = goal_cells(j3.rules(), s);
    CHECK((goal & j3.occupied()).count() == 2);
    CHECK((goal & j3.pieces((s + 2) % 6)).count() == 1);
    CHECK((goal & j3.pieces((s + 4) % 6)).count() == 1);
  }
}

TEST_CASE("the start of every preset: counts, cells, kings, text") {
  for (const Rules& rules : presets()) {
    CAPTURE(rules.id);
    CHECK(validate(rules).ok());
    const Position p = Position::start(rules);
    std::vector<ref::Piece> got;
    for (Cell c = 0; c < kNumCells; ++c)
      if (p.at(c) != kEmpty) got.push_back({p.at(c), c, p.is_king(c)});
    CHECK(got == ref::start_pieces(rules));
    for (Seat s = 0; s < kMaxSeats; ++s) {
      CHECK(p.count(s) == (rules.plays(s) ? rules.marbles : 0));
      CHECK(p.pieces(s) == (rules.plays(s) ? home_cells(s, rules.marbles) : kNoBits));
      if (rules.plays(s) && rules.king()) {
        CHECK(p.is_king(tip_cell(s)));
        CHECK(p.at(tip_cell(s)) == s);
      }
    }
    CHECK(p.kings().count() == (rules.king() ? rules.num_seats() : 0));
    CHECK(p.to_move() == rules.first_seat);
    const std::string text = p.to_string();
    const auto back = Position::parse(text);
    REQUIRE(back.ok());
    CHECK(*back == p);
    CHECK(back->to_string() == text);
    const auto by_id = Position::parse(rules.id);
    REQUIRE(by_id.ok());
    CHECK(*by_id == p);
  }
  CHECK(Position::start(*find_preset("classic-2")).to_string() ==
        "classic-2 W W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 "
        "K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0");
  CHECK(Position::start(*find_preset("race-2")).to_string() ==
        "race-2 K W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 "
        "K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0");
  CHECK(Position::start(*find_preset("japanese-2")).to_string() ==
        "japanese-2 W W:m1*,l2,m2,k3,l3,m3,j4,k4,l4,m4,i5,j5,k5,l5,m5 "
        "K:e13,f13,g13,h13,i13,e14,f14,g14,h14,e15,f15,g15,e16,f16,e17* 0");
}

TEST_CASE("layouts 2-6, seat letters, clockwise turn order") {
  auto points = [](const Rules& r) {
    std::vector<int> v;
    for (int p = 0; p < 6; ++p)
      if (r.plays(p)) v.push_back(p);
    return v;
  };
  CHECK(points(*find_preset("table-2")) == std::vector<int>{0, 3});
  CHECK(points(*find_preset("table-3")) == std::vector<int>{0, 2, 4});
  CHECK(points(*find_preset("table-4")) == std::vector<int>{0, 1, 3, 4});
  CHECK(points(*find_preset("table-5")) == std::vector<int>{0, 1, 2, 3, 4});
  CHECK(points(*find_preset("table-6")) == std::vector<int>{0, 1, 2, 3, 4, 5});
  CHECK(points(*find_preset("pairs-2x2")) == std::vector<int>{0, 1, 3, 4});
  CHECK(points(*find_preset("three-pairs")) == std::vector<int>{0, 1, 2, 3, 4, 5});
  CHECK(points(*find_preset("japanese-3")) == std::vector<int>{0, 2, 4});
  CHECK(std::string(kSeatLetters) == "WRBKYG");
  for (int s = 0; s < 6; ++s) CHECK(seat_from_letter(seat_letter(s)) == s);
  CHECK(seat_from_letter('X') == -1);
  const Rules& t4 = *find_preset("table-4");
  CHECK(t4.next_seat(0) == 1);
  CHECK(t4.next_seat(1) == 3);
  CHECK(t4.next_seat(3) == 4);
  CHECK(t4.next_seat(4) == 0);
  const Rules& t3 = *find_preset("table-3");
  CHECK(t3.next_seat(0) == 2);
  CHECK(t3.next_seat(4) == 0);
  const Rules& t5 = *find_preset("table-5");
  CHECK(t5.next_seat(4) == 0);
}

TEST_CASE("race-2: point 3 is red and moves first; point 0 is blue") {
  const Rules& r = *find_preset("race-2");
  CHECK(r.first_seat == 3);
  CHECK(r.names[3] == "red");
  CHECK(r.names[0] == "blue");
  CHECK(Position::start(r).to_move() == 3);
  CHECK(find_preset("classic-2")->names[0] == "white");
  CHECK(find_preset("classic-2")->names[3] == "black");
  // The first move of the race is red's, from the top.
  for (const Move m : legal_moves(Position::start(r))) CHECK(point_of(m.from) == 3);
}

TEST_CASE("a custom table from options: start, text, perft and divide match the reference") {
  // A table no preset has: long jumps, no entry, goal lock, blue first.
  Rules r = *find_preset("table-3");
  REQUIRE(set_options(r, "id = house; jumps = long; zones = no-entry; goal-lock = yes; "
                         "first-seat = B").ok());
  REQUIRE(validate(r).ok());
  const Position p = Position::start(r);
  CHECK(p.to_move() == 2);
  const auto back = Position::parse(p.to_string(), r);
  REQUIRE(back.ok());
  CHECK(*back == p);
  for (int d = 1; d <= 3; ++d) CHECK(perft(p, d) == ref::perft(p, d));
  uint64_t sum = 0;
  for (const auto& [m, n] : divide(p, 3)) {
    Position q = p;
    q.move_piece(m.from, m.to);
    q.set_to_move(r.next_seat(p.to_move()));
    CHECK(n == ref::perft(q, 2));
    sum += n;
  }
  CHECK(sum == perft(p, 3));
}
