// names_test.cpp — every row of the table of names (docs/guides/names.md), called through
// the C++ API in table order (the behaviour itself is tested elsewhere; this
// keeps the table and the headers in step).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sternhalma/cell.h"
#include "sternhalma/distance.h"
#include "sternhalma/env.h"
#include "sternhalma/game.h"
#include "sternhalma/geometry.h"
#include "sternhalma/match_stats.h"
#include "sternhalma/movegen.h"
#include "sternhalma/notation.h"
#include "sternhalma/options.h"
#include "sternhalma/paths.h"
#include "sternhalma/perft.h"
#include "sternhalma/player.h"
#include "sternhalma/playout.h"
#include "sternhalma/presets.h"
#include "sternhalma/rating.h"
#include "sternhalma/record.h"
#include "sternhalma/render.h"

using namespace sternhalma;

namespace {
Cell cell(const char* name) { return *parse_cell(name); }
Move mv(const char* a, const char* b) {
  return {static_cast<uint8_t>(cell(a)), static_cast<uint8_t>(cell(b))};
}
}  // namespace

TEST_CASE("names: cells and geometry") {
  const Cell k3 = cell("k3");
  CHECK(cell_name(k3) == "k3");
  CHECK(!parse_cell("z99"));
  CHECK(hex_of(60).q == 0);
  CHECK(cell_at(Hex{0, 0}) == 60);
  CHECK(neighbour(60, 0) != kNoCell);
  CHECK(point_of(120) == 3);
  CHECK(rotate(0, 3) == 120);
  CHECK(reflect(reflect(k3)) == k3);
  CHECK(hex_distance(0, 120) == 16);
  CHECK(home_cells(0, 15).count() == 15);
  CHECK(tip_cell(3) == 120);
  CHECK(foreign_cells(0).count() == 40);
  CHECK(seat_letter(3) == 'K');
  CHECK(seat_from_letter('K') == 3);
}

TEST_CASE("names: rules and options") {
  CHECK(presets().front().id == "classic-2");
  Rules r = *find_preset("table-3");
  CHECK(r.id == "table-3");
  CHECK(r.seats == 0x15);
  CHECK(r.names[0] == "white");
  REQUIRE(set_option(r, "zones", "free").ok());
  CHECK(*get_option(r, "zones") == "free");
  REQUIRE(set_options(r, "id=table-3-closed;zones=closed;goal-lock=no").ok());
  CHECK(validate(r).ok());
  CHECK(derived_id(r) == "table-3-closed");  // its own id is kept
  bool found = false;
  for (const auto& [k, v] : describe(r)) found |= k == "goal-lock" && v == "no";
  CHECK(found);
}

TEST_CASE("names: positions and moves") {
  const Rules& r = *find_preset("classic-2");
  Position p = Position::start(r);
  CHECK(Position::parse(p.to_string())->to_string() == p.to_string());
  CHECK(Position::parse(p.to_string(), r).ok());
  CHECK(render_board(p).find("W to move") != std::string::npos);
  CHECK(p.to_move() == 0);
  CHECK(p.round() == 0);
  CHECK(p.hash() != 0);
  CHECK(p.at(0) == 0);
  CHECK(!p.is_king(0));
  CHECK(p.pieces(3).count() == 10);
  CHECK(legal_moves(p).size() == 14);
  CHECK(kMaxMoves == 15 * 106);
  CHECK(count_moves(p) == 14);
  CHECK(destinations(p, cell("k3")).count() == 2);
  CHECK(is_legal(p, 0, mv("k3", "k5")));
  CHECK(closed_cells(r, 0).count() == 40);
  CHECK(canonical_path(p, mv("k3", "i5")).size() == 2);
  CHECK(all_paths(p, mv("k3", "i5"), 5).size() == 1);
  const auto parsed = parse_move(p, "k3-i5");
  REQUIRE(parsed.ok());
  CHECK(format_move(p, parsed->move) == "k3-i5");
  CHECK(perft(p, 2) == 196);
  CHECK(divide(p, 2).size() == 14);
  CHECK(perft(p, 2, 2) == 196);
  CHECK(goal_distance(p, 0) > 0);
  CHECK(tip_distance(p, 0) > 0);
  CHECK(marbles_in_goal(p, 0) == 0);
  auto from = Game::from_position(r, p);
  REQUIRE(from.ok());
  const auto runs = playouts(*from, 2, 10, 1);
  REQUIRE(runs.ok());
  CHECK(runs->size() == 2);
  REQUIRE(play(p, parsed->move).ok());
  CHECK(p.to_move() == 3);
}

TEST_CASE("names: games, players, enums") {
  Game g = *Game::create("classic-2");
  CHECK(Game::create(*find_preset("classic-2"), 3)->to_move() == 3);
  REQUIRE(g.apply("k3-k5").ok());
  CHECK(read_record(write_record(g, 10))->turns() == 1);
  CHECK(g.position().to_move() == 3);
  CHECK(g.to_move() == 3);
  CHECK(g.marbles_of() == 3);
  CHECK(!g.is_over());
  CHECK(g.end_reason() == EndReason::kNone);
  CHECK(!g.is_draw());
  CHECK(g.turns() == 1);
  CHECK(g.round() == 0);
  CHECK(g.actions() == 1);
  CHECK(g.status(0) == SeatStatus::kPlaying);
  CHECK(g.place(0) == 0);
  CHECK(g.out_reason(0) == OutReason::kNone);
  CHECK(g.moves_made(0) == 1);
  CHECK(g.turns_taken(0) == 1);
  CHECK(g.legal_moves().size() == 14);
  CHECK(g.check(mv("e14", "e13")).ok());
  CHECK(*g.parse_move("e14-e13") == mv("e14", "e13"));
  CHECK(!g.eliminates(mv("e14", "e13")));
  CHECK(g.puts_out(mv("e14", "e13")) == OutReason::kNone);
  REQUIRE(g.apply(mv("e14", "e13"), 0).ok());
  CHECK(g.undo(1) == 1);
  CHECK(g.events().size() == 1);
  CHECK(g.event_text(g.events()[0]) == "move W k3-k5");
  CHECK(playouts(g, 2, 5, 1)->size() == 2);
  const int places[] = {1, 2};
  const double ratings[] = {1500, 1500};
  CHECK((*rating_changes(places, ratings, 32.0))[0] == 16.0);
  Game h = *Game::create("classic-2");
  CHECK(h.set_clock(Clock{60'000, 1'000}).ok());
  REQUIRE(h.resign(3).ok());
  CHECK(h.end_reason() == EndReason::kResign);
  CHECK((*rating_changes(h, ratings, 32.0))[0] == 16.0);
  Game f = *Game::create("online-2");
  CHECK(f.set_clock(Clock{1000, 0}).ok());
  CHECK(f.flag().ok());
  Player pl(Level::kHard, 3);
  Player copy = pl;
  CHECK(pl.choose(g) == copy.choose(g));
  Player ex(Level::kExpert, 3, Budget{500, 0});
  ex.set_budget(Budget{800, 0});
  CHECK(ex.budget() == Budget{800, 0});
  ex.choose(g);
  CHECK((ex.last_stats().nodes > 0 && ex.last_stats().nodes <= 800));
  ex.set_threads(2);
  CHECK(ex.threads() == 2);
  const std::vector<Move> legal = g.legal_moves();
  CHECK(std::find(legal.begin(), legal.end(), ex.choose(g)) != legal.end());
  CHECK(seat_status_name(SeatStatus::kPlaying) == "playing");
  CHECK(end_reason_name(EndReason::kAllPlaced) == "all-placed");
  CHECK(out_reason_name(OutReason::kDeadline) == "deadline");
  CHECK(event_kind_name(Event::Kind::kArrival) == "arrive");
}

TEST_CASE("names: match statistics") {
  MatchStats ms = *MatchStats::create(2);
  const std::vector<int> win{1, 2}, draw{1, 1};
  REQUIRE(ms.add(1, win, {}).ok());
  REQUIRE(ms.add(0, draw).ok());
  CHECK((ms.players() == 2 && ms.games() == 2 && ms.two_units()));
  const PlayerStats p = *ms.player(0);
  CHECK((p.games == 2 && p.wins == 1 && p.draws == 1 && p.losses == 0 && p.place.value == 1));
  const PairScore ps = *ms.pairwise(0, 1);
  CHECK((ps.games == 2 && ps.score == 1.5));
  const Wdl w = *ms.wdl();
  CHECK((w.wins == 1 && w.draws == 1 && w.losses == 0));
  const Interval s = ms.score(), e = ms.elo(), e2 = *elo_from_wdl(1, 1, 0);
  CHECK(s.value == 0.75);
  CHECK((e.value == e2.value && e.low == e2.low && e.high == e2.high));
  CHECK(*ms.pentanomial() == Pentanomial{0, 0, 0, 1, 0});
  const SprtTest t{0, 10, 0.05, 0.05};
  CHECK(check_sprt(t).ok());
  CHECK(ms.sprt(t)->decision == SprtDecision::kContinue);
  CHECK(sprt(t, Pentanomial{0, 0, 0, 1, 0})->llr == ms.sprt(t)->llr);
  CHECK(elo_from_pentanomial({0, 0, 1, 0, 0})->value == 0);
  CHECK(sprt(t, {0, 0, 0, 0, 500})->decision == SprtDecision::kAcceptH1);
}

TEST_CASE("names: reinforcement learning") {
  const Rules& r = *find_preset("classic-2");
  const EnvOptions options;
  auto created = VecEnv::create(r, options, 2);
  REQUIRE(created.ok());
  VecEnv e = *std::move(created);
  // The caller's buffers for 2 games of 2 players, filled with values no
  // call writes, so a buffer left unwritten shows.
  const size_t values = static_cast<size_t>(obs_values(options.layout));
  std::vector<float> obs(2 * values, -7.0f), rewards(2 * 2, 9.0f);
  std::vector<uint8_t> mask(2 * kNumActions, 9), terminated(2, 9), truncated(2, 9);
  std::vector<int32_t> to_play(2, 9);
  const EnvBuffers buffers{obs.data(),        mask.data(),      rewards.data(),
                           terminated.data(), truncated.data(), to_play.data()};
  e.reset(1, buffers);
  CHECK(to_play[0] == 0);
  CHECK(std::count(mask.begin(), mask.begin() + kNumActions, 1) == 14);
  std::vector<int32_t> actions(2, kNoAction);
  e.sample_legal(actions.data());
  CHECK(mask[static_cast<size_t>(actions[0])] == 1);
  REQUIRE(e.step(actions.data(), buffers).ok());
  CHECK(to_play[0] == 1);  // player 1 (seat K) moves next
  CHECK(e.game(0).turns() == 1);
  const Move m = mv("k3", "k5");
  CHECK(action_of(m) == m.from * kNumCells + m.to);
  CHECK(move_of(action_of(m)) == m);
  const std::vector<int32_t> legal = e.legal_actions(0);
  CHECK(legal.size() == e.game(0).legal_moves().size());
  // The step wrote game 0's observation from its player to act (seat 3).
  std::vector<float> seen(values, -7.0f);
  observe(e.game(0), 3, options.layout, options.max_turns, seen.data());
  CHECK(std::equal(seen.begin(), seen.end(), obs.begin()));
  float returns[2] = {9.0f, 9.0f};
  game_returns(e.game(0), options.reward, returns);
  CHECK((returns[0] == 0.0f && returns[1] == 0.0f));
  const int a = e.engine_action(0, Level::kEasy, 1);
  CHECK(std::find(legal.begin(), legal.end(), a) != legal.end());
  float means[2] = {9.0f, 9.0f};
  REQUIRE(e.playouts(0, 2, 1.0, 10, 1, means).ok());
  CHECK(means[0] != 9.0f);
  CHECK(means[0] == doctest::Approx(-means[1]));  // two players: zero-sum
  const std::vector<Symmetry> s = table_symmetries(r);
  CHECK(s.size() == 4);  // rotations 0 and 3, each with and without the reflection
  CHECK(s[0] == Symmetry{0, false});
  CHECK(apply_symmetry_action(s[0], a) == a);
  CHECK(apply_symmetry_action(Symmetry{3, false}, action_of(m)) == action_of(mv("g15", "g13")));
}
