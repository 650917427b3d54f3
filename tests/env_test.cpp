// The RL environment (env.h): the mask against the game's legal moves on
// seeded playouts of every preset, masked actions legal and unmasked ones
// rejected with nothing changed, observation planes on hand-built positions
// (every seat of classic-6), returns, symmetries, and the vector env against
// single games.
#include <doctest/doctest.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "sternhalma/env.h"
#include "sternhalma/geometry.h"
#include "sternhalma/movegen.h"
#include "sternhalma/playout.h"
#include "sternhalma/presets.h"

using namespace sternhalma;

namespace {

// Buffers for n games of a table.
struct Bufs {
  std::vector<float> obs_f;
  std::vector<uint8_t> obs_u, mask, term, trunc;
  std::vector<float> rewards;
  std::vector<int32_t> to_play;
  EnvBuffers b;
  Bufs(const VecEnv& env) {
    const size_t n = env.size();
    const size_t ov = static_cast<size_t>(obs_values(env.options().layout));
    if (env.options().dtype == ObsType::kFloat32)
      obs_f.assign(n * ov, -7.0f);
    else
      obs_u.assign(n * ov, 77);
    mask.assign(n * kNumActions, 0xAB);  // garbage: reset must clear it
    rewards.assign(n * static_cast<size_t>(env.players().num_players), 9.0f);
    term.assign(n, 9);
    trunc.assign(n, 9);
    to_play.assign(n, 9);
    b.obs = obs_f.empty() ? static_cast<void*>(obs_u.data()) : static_cast<void*>(obs_f.data());
    b.mask = mask.data();
    b.rewards = rewards.data();
    b.terminated = term.data();
    b.truncated = trunc.data();
    b.to_play = to_play.data();
  }
};

std::vector<int32_t> masked(const uint8_t* m) {
  std::vector<int32_t> v;
  bool binary = true;
  for (int a = 0; a < kNumActions; ++a) {
    binary = binary && m[a] <= 1;
    if (m[a]) v.push_back(a);
  }
  REQUIRE(binary);
  return v;
}

std::vector<int32_t> game_actions(const Game& g) {
  std::vector<int32_t> v;
  for (const Move m : g.legal_moves()) v.push_back(action_of(m));
  return v;
}

VecEnv make(const std::string& id, EnvOptions o, size_t n) {
  absl::StatusOr<VecEnv> e = VecEnv::create(*find_preset(id), o, n);
  REQUIRE(e.ok());
  return *std::move(e);
}

std::vector<Cell> plane_cells(const float* plane) {
  std::vector<Cell> v;
  for (Cell c = 0; c < kNumCells; ++c)
    if (plane[c] != 0.0f) v.push_back(c);
  return v;
}

std::vector<Cell> cells_of(const Bits& b) {
  std::vector<Cell> v;
  for (Cell c = 0; c < kNumCells; ++c)
    if (b.test(c)) v.push_back(c);
  return v;
}

}  // namespace

TEST_CASE("env: action index is from * 121 + to") {
  CHECK(kNumActions == 14641);
  CHECK(action_of(Move{0, 2}) == 2);
  CHECK(action_of(Move{120, 119}) == 120 * 121 + 119);
  for (int a : {0, 1, 121, 5000, 14640}) CHECK(action_of(move_of(a)) == a);
}

TEST_CASE("env: the mask is the game's legal moves on seeded playouts of every preset") {
  for (const Rules& r : presets()) {
    CAPTURE(r.id);
    EnvOptions o;
    o.auto_reset = false;
    VecEnv env = make(r.id, o, 1);
    Bufs b(env);
    env.reset(std::hash<std::string>{}(r.id), b.b);
    int steps = 0;
    while (!env.done(0)) {
      const Game& g = env.game(0);
      const std::vector<int32_t> legal = game_actions(g);
      REQUIRE(masked(b.mask.data()) == legal);
      REQUIRE(env.legal_actions(0) == legal);
      CHECK(b.to_play[0] == env.players().player[g.to_move()]);
      CHECK(b.term[0] == 0);
      CHECK(b.trunc[0] == 0);
      // Unmasked actions are rejected and change nothing.
      const uint64_t hash = g.hash();
      const int turns = g.turns();
      for (int32_t a : {legal.back() + 1, 0, 14640, -1, 14641}) {
        if (std::binary_search(legal.begin(), legal.end(), a)) continue;
        const absl::Status st = env.step(&a, b.b);
        CHECK_FALSE(st.ok());
        if (a == kNoAction)  // says what -1 is for, not just the range
          CHECK(st.message() == "env: game 0: action -1 (no action) is only for a game that ended at the last step; this one is on");
        CHECK(env.game(0).hash() == hash);
        CHECK(env.game(0).turns() == turns);
      }
      // Every masked action is legal in the game.
      if (steps % 25 == 0)
        for (int32_t a : legal) CHECK(g.check(move_of(a)).ok());
      // The env lists the game's moves with MoveSet::for_each: generate()'s
      // list in its order, moves()[k] the k-th (what sample_legal draws).
      if (steps % 5 == 0) {
        MoveList list;
        generate(g.position(), g.marbles_of(), list);
        std::vector<Move> each;
        g.moves().for_each([&](Move m) { each.push_back(m); });
        REQUIRE(each == std::vector<Move>(list.begin(), list.end()));
        for (int k = 0; k < g.moves().size(); ++k) CHECK(g.moves()[k] == each[static_cast<size_t>(k)]);
      }
      int32_t a;
      env.sample_legal(&a);
      REQUIRE(std::binary_search(legal.begin(), legal.end(), a));
      REQUIRE(env.step(&a, b.b).ok());
      ++steps;
      REQUIRE(steps < 5000);
    }
    // The game ended by its rules: terminated, an empty mask, the returns.
    CHECK(env.game(0).is_over());
    CHECK(b.term[0] == 1);
    CHECK(b.trunc[0] == 0);
    CHECK(masked(b.mask.data()).empty());
    std::vector<float> ret(static_cast<size_t>(env.players().num_players));
    game_returns(env.game(0), RewardKind::kRank, ret.data());
    float sum = 0;
    for (int p = 0; p < env.players().num_players; ++p) {
      CHECK(b.rewards[p] == ret[p]);
      sum += ret[p];
    }
    CHECK(sum == doctest::Approx(0.0f));
    int32_t a = 0;
    CHECK_FALSE(env.step(&a, b.b).ok());  // no auto-reset: an error, nothing changed
    CHECK(env.game(0).is_over());
  }
}

TEST_CASE("env: returns, rank and win") {
  Game g2 = *Game::create("classic-2");
  REQUIRE(g2.resign(0).ok());
  float r[6];
  game_returns(g2, RewardKind::kRank, r);
  CHECK(r[0] == -1.0f);
  CHECK(r[1] == 1.0f);
  // classic-3: B resigns at the start: the game ends, W and Y share place 1.
  Game g3 = *Game::create("classic-3");
  REQUIRE(g3.resign(2).ok());
  REQUIRE(g3.place(0) == 1);
  REQUIRE(g3.place(4) == 1);
  REQUIRE(g3.place(2) == 3);
  game_returns(g3, RewardKind::kRank, r);  // players W, B, Y
  CHECK(r[0] == 0.5f);
  CHECK(r[1] == -1.0f);
  CHECK(r[2] == 0.5f);
  game_returns(g3, RewardKind::kWin, r);
  CHECK(r[0] == 1.0f);
  CHECK(r[1] == -1.0f);
  CHECK(r[2] == 1.0f);
  // Not over: zeros.
  Game g = *Game::create("classic-6");
  game_returns(g, RewardKind::kRank, r);
  for (int p = 0; p < 6; ++p) CHECK(r[p] == 0.0f);
  // Teams: partners share their team's value.
  Game t = *Game::create("pairs-2x2");
  REQUIRE(t.resign(1).ok());  // R (with Y) loses
  game_returns(t, RewardKind::kRank, r);  // players W R K Y
  CHECK(r[0] == 1.0f);
  CHECK(r[2] == 1.0f);
  CHECK(r[1] == -1.0f);
  CHECK(r[3] == -1.0f);
}

TEST_CASE("env: players are the seats in turn order from the first seat") {
  Seating s = seating(*find_preset("classic-3"));
  CHECK(s.num_players == 3);
  CHECK(s.seat[0] == 0);
  CHECK(s.seat[1] == 2);
  CHECK(s.seat[2] == 4);
  CHECK(s.player[4] == 2);
  CHECK(s.player[1] == -1);
  s = seating(*find_preset("race-2"));
  CHECK(s.seat[0] == 3);
  CHECK(s.seat[1] == 0);
}

TEST_CASE("env: classic-6 start seen from every seat") {
  Game g = *Game::create("classic-6");
  std::vector<float> obs(static_cast<size_t>(obs_values(ObsLayout::kCells)));
  for (Seat s = 0; s < 6; ++s) {
    CAPTURE(s);
    observe(g, s, ObsLayout::kCells, 0, obs.data());
    // Slot k is the k-th seat after s, which starts on the point k places
    // clockwise from s: after rotating s to the bottom, point k.
    for (int k = 0; k < 6; ++k) CHECK(plane_cells(&obs[k * 121]) == cells_of(point_cells(k)));
    CHECK(plane_cells(&obs[kPlaneKings * 121]).empty());
    CHECK(plane_cells(&obs[kPlaneGoal * 121]) == cells_of(point_cells(3)));
    CHECK(plane_cells(&obs[kPlaneClosed * 121]) ==
          cells_of(point_cells(1) | point_cells(2) | point_cells(4) | point_cells(5)));
    for (int p : {kPlaneTurnsLeft, kPlaneDeadline})
      for (Cell c = 0; c < kNumCells; ++c) CHECK(obs[p * 121 + c] == 1.0f);
    CHECK(plane_cells(&obs[kPlaneHelping * 121]).empty());
  }
}

TEST_CASE("env: a hand-built classic-6 position, every observer") {
  // The start with W's m4 moved to the centre i9.
  const Rules& r = *find_preset("classic-6");
  Position p = Position::start(r);
  p.move_piece(*parse_cell("m4"), *parse_cell("i9"));
  Game g = *Game::from_position(r, p);
  std::vector<float> obs(static_cast<size_t>(obs_values(ObsLayout::kCells)));
  for (Seat s = 0; s < 6; ++s) {
    CAPTURE(s);
    observe(g, s, ObsLayout::kCells, 0, obs.data());
    const int slot = (0 - s + 6) % 6;  // where W is in s's turn order
    // The centre stays the centre under every rotation.
    CHECK(obs[slot * 121 + 60] == 1.0f);
    // W's m1 (point 0) is seen on point -s: rotate(m1, -s).
    CHECK(obs[slot * 121 + rotate(0, -s)] == 1.0f);
    CHECK(obs[slot * 121 + rotate(*parse_cell("m4"), -s)] == 0.0f);
  }
  // Concretely: K (seat 3) sees W's tip m1 at the top tip e17 and its own e17 at m1.
  observe(g, 3, ObsLayout::kCells, 0, obs.data());
  CHECK(obs[0 * 121 + 0] == 1.0f);    // own marble on m1
  CHECK(obs[3 * 121 + 120] == 1.0f);  // W (3 seats after K) on e17
  // The grid layout holds the same planes at [plane][r + 8][q + 8].
  std::vector<float> grid(static_cast<size_t>(obs_values(ObsLayout::kGrid)));
  observe(g, 3, ObsLayout::kGrid, 0, grid.data());
  CHECK(grid[0 * 289 + 0 * 17 + 12] == 1.0f);  // m1: q = 4, r = -8
  float total_cells = 0, total_grid = 0;
  for (float v : obs) total_cells += v;
  for (float v : grid) total_grid += v;
  CHECK(total_cells == total_grid);
  for (int plane = 0; plane < kNumPlanes; ++plane)
    for (Cell c = 0; c < kNumCells; ++c) {
      const Hex h = hex_of(c);
      CHECK(grid[plane * 289 + (h.r + 8) * 17 + (h.q + 8)] == obs[plane * 121 + c]);
    }
}

TEST_CASE("env: scalar planes, kings and uint8") {
  Game g = *Game::create("classic-2");  // 150 turns, deadline 30
  REQUIRE(g.apply("k3-k5").ok());
  REQUIRE(g.apply("f14-f13").ok());
  std::vector<float> obs(static_cast<size_t>(obs_values(ObsLayout::kCells)));
  observe(g, 0, ObsLayout::kCells, 0, obs.data());
  CHECK(obs[kPlaneTurnsLeft * 121 + 5] == doctest::Approx(148.0 / 150));
  CHECK(obs[kPlaneDeadline * 121 + 5] == doctest::Approx(29.0 / 30));
  observe(g, 0, ObsLayout::kCells, 10, obs.data());  // the env's max_turns is nearer
  CHECK(obs[kPlaneTurnsLeft * 121 + 5] == doctest::Approx(8.0 / 10));
  std::vector<uint8_t> u(static_cast<size_t>(obs_values(ObsLayout::kCells)));
  observe(g, 0, ObsLayout::kCells, 10, u.data());
  CHECK(u[kPlaneTurnsLeft * 121 + 5] == 204);  // round(255 * 0.8)
  CHECK(u[kPlaneDeadline * 121 + 5] == 247);   // round(255 * 29 / 30)
  CHECK(u[kPlaneGoal * 121 + 120] == 1);

  Game j = *Game::create("japanese-2");  // kings on the tips, no deadline, no entry
  observe(j, 3, ObsLayout::kCells, 0, obs.data());
  CHECK(plane_cells(&obs[kPlaneKings * 121]) == std::vector<Cell>{0, 120});
  CHECK(obs[kPlaneDeadline * 121] == 1.0f);
  CHECK(plane_cells(&obs[kPlaneGoal * 121]) == cells_of(camp_cells(3)));
}

TEST_CASE("env: symmetries of the tables") {
  auto syms = [](const char* id) { return table_symmetries(*find_preset(id)); };
  CHECK(syms("classic-2") == std::vector<Symmetry>{{0, false}, {3, false}, {0, true}, {3, true}});
  CHECK(syms("classic-3") == std::vector<Symmetry>{{0, false}, {2, false}, {4, false}});
  CHECK(syms("classic-6").size() == 6);
  CHECK(syms("pairs-2x2") == std::vector<Symmetry>{{0, false}, {3, false}});
  CHECK(syms("table-5") == std::vector<Symmetry>{{0, false}});
  // A symmetry maps a game onto a game of the same table: the legal actions
  // correspond all along a playout.
  for (const char* id : {"classic-2", "classic-3", "pairs-2x2", "japanese-2"}) {
    const Rules& r = *find_preset(id);
    for (const Symmetry s : table_symmetries(r)) {
      CAPTURE(id);
      CAPTURE(s.rotation);
      const Seat first2 = point_of(apply_symmetry(s, tip_cell(r.first_seat)));
      Game a = *Game::create(r), b = *Game::create(r, first2);
      Rng rng(5);
      for (int t = 0; t < 40 && !a.is_over(); ++t) {
        std::vector<int32_t> la = game_actions(a), lb = game_actions(b);
        for (int32_t& x : la) x = apply_symmetry_action(s, x);
        std::sort(la.begin(), la.end());
        REQUIRE(la == lb);
        const int32_t x = game_actions(a)[rng.below(static_cast<uint32_t>(lb.size()))];
        REQUIRE(a.apply(move_of(x)).ok());
        REQUIRE(b.apply(move_of(apply_symmetry_action(s, x))).ok());
      }
    }
  }
}

TEST_CASE("env: a vector of games agrees with single games, with auto-reset") {
  for (const char* id : {"classic-2", "table-3", "pairs-2x2"}) {
    CAPTURE(id);
    EnvOptions o;
    o.max_turns = 90;  // some games are truncated, some end by their rules
    o.dtype = ObsType::kUint8;
    o.record = std::string(id) != "table-3";  // playout mode on one table
    constexpr size_t n = 3;
    VecEnv v = make(id, o, n);
    Bufs bv(v);
    v.reset(100, bv.b);
    std::vector<VecEnv> singles;
    std::vector<Bufs> bs;
    bs.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      singles.push_back(make(id, o, 1));
      bs.emplace_back(singles.back());
      singles.back().reset(100 + i, bs.back().b);
    }
    const size_t ob = static_cast<size_t>(obs_bytes(o.layout, o.dtype));
    const size_t P = static_cast<size_t>(v.players().num_players);
    int resets = 0, truncs = 0, terms = 0;
    for (int t = 0; t < 400; ++t) {
      int32_t acts[n];
      v.sample_legal(acts);
      for (size_t i = 0; i < n; ++i) {
        int32_t a;
        singles[i].sample_legal(&a);
        REQUIRE(a == acts[i]);
        REQUIRE(std::memcmp(bv.obs_u.data() + i * ob, bs[i].obs_u.data(), ob) == 0);
        REQUIRE(std::memcmp(bv.mask.data() + i * kNumActions, bs[i].mask.data(), kNumActions) == 0);
        for (size_t p = 0; p < P; ++p) REQUIRE(bv.rewards[i * P + p] == bs[i].rewards[p]);
        REQUIRE(bv.term[i] == bs[i].term[0]);
        REQUIRE(bv.trunc[i] == bs[i].trunc[0]);
        REQUIRE(bv.to_play[i] == bs[i].to_play[0]);
        if (v.done(i)) {
          ++resets;
          REQUIRE(acts[i] == kNoAction);
          truncs += v.truncated(i);
          terms += !v.truncated(i);
        }
      }
      REQUIRE(v.step(acts, bv.b).ok());
      for (size_t i = 0; i < n; ++i) REQUIRE(singles[i].step(&acts[i], bs[i].b).ok());
    }
    CHECK(resets > 0);
    CHECK(truncs + terms == resets);
    CHECK(v.game(0).recording() == o.record);
    CHECK(v.game(0).history().empty() == !o.record);
  }
}

TEST_CASE("env: buffer sets written in turn hold every game's observation and mask") {
  // The env updates a buffer set it wrote before in place (what changed
  // since); here three sets are used in turn (two alternating, a third now
  // and then, which the env then writes in full) and after every step each
  // game's part of the set just written must equal a fresh observation of
  // the game and its legal actions.
  struct Case {
    const char* id;
    ObsType dtype;
    ObsLayout layout;
  };
  for (const Case& c : {Case{"classic-2", ObsType::kFloat32, ObsLayout::kCells},
                        Case{"japanese-3", ObsType::kUint8, ObsLayout::kGrid},
                        Case{"pairs-2x2", ObsType::kFloat32, ObsLayout::kGrid},
                        Case{"classic-6", ObsType::kUint8, ObsLayout::kCells}}) {
    CAPTURE(c.id);
    EnvOptions o;
    o.dtype = c.dtype;
    o.layout = c.layout;
    o.max_turns = 70;  // resets within the run
    o.record = false;
    constexpr size_t n = 4;
    VecEnv v = make(c.id, o, n);
    std::vector<Bufs> sets;
    for (int k = 0; k < 3; ++k) sets.emplace_back(v);
    const size_t ov = static_cast<size_t>(obs_values(o.layout));
    std::vector<float> want_f(ov);
    std::vector<uint8_t> want_u(ov);
    v.reset(7, sets[0].b);
    int resets = 0;
    for (int t = 1; t <= 300; ++t) {
      Bufs& b = sets[t % 11 == 0 ? 2 : t % 2];
      int32_t acts[n];
      v.sample_legal(acts);
      for (size_t i = 0; i < n; ++i) resets += v.done(i);
      REQUIRE(v.step(acts, b.b).ok());
      for (size_t i = 0; i < n; ++i) {
        CAPTURE(t);
        CAPTURE(i);
        REQUIRE(masked(b.mask.data() + i * kNumActions) == v.legal_actions(i));
        const int p = b.to_play[i];
        REQUIRE(p >= 0);
        const Seat s = v.players().seat[p];
        if (o.dtype == ObsType::kFloat32) {
          observe(v.game(i), s, o.layout, o.max_turns, want_f.data());
          REQUIRE(std::equal(want_f.begin(), want_f.end(), b.obs_f.begin() + i * ov));
        } else {
          observe(v.game(i), s, o.layout, o.max_turns, want_u.data());
          REQUIRE(std::equal(want_u.begin(), want_u.end(), b.obs_u.begin() + i * ov));
        }
      }
    }
    CHECK(resets > 0);
  }
}

TEST_CASE("env: a buffer set changed by someone else is written in full once it is new to the env") {
  // A set the env does not know (new pointers) gets every byte written, so
  // garbage there is cleared; a copy of the env knows none of the
  // original's sets.
  VecEnv v = make("classic-2", {}, 2);
  Bufs a(v), b(v);
  v.reset(3, a.b);
  int32_t acts[2];
  for (int t = 0; t < 6; ++t) {
    v.sample_legal(acts);
    REQUIRE(v.step(acts, (t % 2 ? a : b).b).ok());
  }
  VecEnv w = v;
  std::fill(b.mask.begin(), b.mask.end(), 1);
  std::fill(b.obs_f.begin(), b.obs_f.end(), 5.0f);
  w.sample_legal(acts);
  REQUIRE(w.step(acts, b.b).ok());
  std::vector<float> want(static_cast<size_t>(obs_values(ObsLayout::kCells)));
  for (size_t i = 0; i < 2; ++i) {
    CHECK(masked(b.mask.data() + i * kNumActions) == w.legal_actions(i));
    observe(w.game(i), w.players().seat[b.to_play[i]], ObsLayout::kCells, 0, want.data());
    CHECK(std::equal(want.begin(), want.end(), b.obs_f.begin() + i * want.size()));
  }
}

TEST_CASE("env: a copy is independent; bad options are refused") {
  VecEnv a = make("classic-2", {}, 2);
  Bufs ba(a);
  a.reset(1, ba.b);
  VecEnv b = a;
  Bufs bb(b);
  b.reset(1, bb.b);
  int32_t acts[2];
  b.sample_legal(acts);
  REQUIRE(b.step(acts, bb.b).ok());
  CHECK(a.game(0).turns() == 0);
  CHECK(b.game(0).turns() == 1);
  CHECK_FALSE(VecEnv::create(*find_preset("classic-2"), {}, 0).ok());
  CHECK_FALSE(VecEnv::create(*find_preset("classic-2"), {}, VecEnv::kMaxEnvs + 1).ok());
  EnvOptions bad;
  bad.max_turns = -1;
  CHECK_FALSE(VecEnv::create(*find_preset("classic-2"), bad, 1).ok());
  Rules broken = *find_preset("classic-2");
  broken.seats = 0;
  CHECK_FALSE(VecEnv::create(broken, {}, 1).ok());
}

TEST_CASE("env: playouts return the mean of finished games") {
  VecEnv v = make("classic-2", {}, 1);
  Bufs b(v);
  v.reset(0, b.b);
  float out[2];
  REQUIRE(v.playouts(0, 4, 0.1, 400, 9, out).ok());
  CHECK(out[0] + out[1] == doctest::Approx(0.0f));
  CHECK(out[0] >= -1.0f);
  CHECK(out[0] <= 1.0f);
  REQUIRE(v.playouts(0, 2, 0.1, 0, 9, out).ok());  // no turn: the start, both equally far
  CHECK(out[0] == 0.0f);
  CHECK(out[1] == 0.0f);
  CHECK(v.game(0).turns() == 0);  // the env's own game is untouched
  // One move ahead: W leads by the steps it gained (k3-k5: 2 steps).
  int32_t a = action_of(Move{static_cast<uint8_t>(*parse_cell("k3")),
                             static_cast<uint8_t>(*parse_cell("k5"))});
  REQUIRE(v.step(&a, b.b).ok());
  REQUIRE(v.playouts(0, 1, 0.0, 0, 9, out).ok());
  CHECK(out[0] == doctest::Approx(std::tanh(1.0 / 10)));
  CHECK(out[1] == doctest::Approx(-std::tanh(1.0 / 10)));
}

// The work of playouts grows with the turns played: each argument has a
// ceiling, and so have the turns of all playouts together; a refused call
// writes nothing.
TEST_CASE("env: playouts refuse what is beyond their ceilings and write nothing") {
  VecEnv v = make("classic-2", {}, 1);
  Bufs b(v);
  v.reset(0, b.b);
  float out[2] = {7.0f, 7.0f};
  const auto refused = [&](absl::Status s, absl::StatusCode code, const char* what) {
    CHECK(s.code() == code);
    CHECK_MESSAGE(absl::StrContains(s.message(), what), s.message());
    CHECK(out[0] == 7.0f);
    CHECK(out[1] == 7.0f);
  };
  refused(v.playouts(1, 1, 0.5, 10, 1, out), absl::StatusCode::kOutOfRange, "env: game index 1 is not 0..0");
  refused(v.playouts(0, -1, 0.5, 10, 1, out), absl::StatusCode::kOutOfRange, "n -1 is not 0..1000000");
  refused(v.playouts(0, kMaxPlayouts + 1, 0.5, 10, 1, out), absl::StatusCode::kOutOfRange, "n 1000001");
  refused(v.playouts(0, 1, 0.5, VecEnv::kMaxEnvPlayoutTurns + 1, 1, out), absl::StatusCode::kOutOfRange,
          "max_turns 100001 is not 0..100000");
  refused(v.playouts(0, 1, std::nan(""), 10, 1, out), absl::StatusCode::kOutOfRange, "epsilon");
  refused(v.playouts(0, 1, 1.5, 10, 1, out), absl::StatusCode::kOutOfRange, "epsilon 1.5 is not in 0..1");
  // Random moves with no turn limit: random games last a few thousand
  // turns, so 100 of them pass the 200000 turns in all.
  Rules unlimited = *find_preset("classic-2");
  unlimited.id = "unlimited";
  unlimited.limit_unit = LimitUnit::kNone;
  unlimited.limit = 0;
  unlimited.repetition = Repetition::kOff;
  unlimited.deadline = 0;
  auto e = VecEnv::create(unlimited, {}, 1);
  REQUIRE(e.ok());
  Bufs be(*e);
  e->reset(0, be.b);
  refused(e->playouts(0, 100, 1.0, VecEnv::kMaxEnvPlayoutTurns, 1, out),
          absl::StatusCode::kResourceExhausted, "the ceiling of 200000 turns in all per call was reached in playout ");
  CHECK(e->game(0).turns() == 0);
  // A playout that plays no turn (max_turns 0) counts one: n of them at most
  // the ceiling (each scores the heuristic of the position as it is).
  constexpr int kAll = static_cast<int>(VecEnv::kMaxEnvPlayoutTurnsInAll);
  refused(e->playouts(0, kAll + 1, 0.0, 0, 1, out), absl::StatusCode::kResourceExhausted,
          "the ceiling of 200000 turns in all per call was reached in playout 200000 of 200001");
  float at_ceiling[2] = {7.0f, 7.0f}, one[2] = {7.0f, 7.0f};
  REQUIRE(e->playouts(0, kAll, 0.0, 0, 1, at_ceiling).ok());
  REQUIRE(e->playouts(0, 1, 0.0, 0, 1, one).ok());
  CHECK(at_ceiling[0] == doctest::Approx(one[0]));  // the same position scored each time
  CHECK(at_ceiling[0] == doctest::Approx(-at_ceiling[1]));
}

TEST_CASE("env: options outside their enums are refused (a layout of 7 once sized the grid, filled cells)") {
  EnvOptions o;
  o.layout = static_cast<ObsLayout>(7);
  CHECK(VecEnv::create(*find_preset("classic-2"), o, 1).status().message() == "env: layout is not kCells or kGrid");
  o = {};
  o.dtype = static_cast<ObsType>(2);
  CHECK(VecEnv::create(*find_preset("classic-2"), o, 1).status().message() == "env: dtype is not kFloat32 or kUint8");
  o = {};
  o.reward = static_cast<RewardKind>(9);
  CHECK(VecEnv::create(*find_preset("classic-2"), o, 1).status().message() == "env: reward is not kRank or kWin");
}

TEST_CASE("env: a step before the first reset is refused") {
  VecEnv v = make("classic-2", {}, 1);
  Bufs b(v);
  int32_t a = action_of(Move{static_cast<uint8_t>(*parse_cell("k3")), static_cast<uint8_t>(*parse_cell("k5"))});
  const absl::Status s = v.step(&a, b.b);
  CHECK(s.code() == absl::StatusCode::kFailedPrecondition);
  CHECK(s.message() == "env: step before the first reset");
  CHECK(v.game(0).turns() == 0);
  v.reset(0, b.b);
  CHECK(v.step(&a, b.b).ok());
}

TEST_CASE("env: engine opponents play their own turns") {
  EnvOptions o;
  o.opponents[1] = Level::kNormal;  // classic-2: K is the normal player
  VecEnv env = make("classic-2", o, 2);
  Bufs b(env);
  env.reset(7, b.b);
  int finished = 0;
  for (int t = 0; t < 400 && finished < 2; ++t) {
    for (size_t i = 0; i < 2; ++i)
      if (!env.done(i)) {
        CHECK(b.to_play[i] == 0);
        CHECK(env.game(i).to_move() == 0);
        CHECK(env.game(i).turns() % 2 == 0);  // K has replied to every W move
      }
    int32_t acts[2];
    env.sample_legal(acts);
    // The engine's action is what a fresh player of that level would play.
    if (!env.done(0)) {
      Player p(Level::kNormal, 11);
      CHECK(env.engine_action(0, Level::kNormal, 11) == action_of(p.choose(env.game(0))));
    }
    REQUIRE(env.step(acts, b.b).ok());
    for (size_t i = 0; i < 2; ++i) finished += b.term[i];
  }
  CHECK(finished > 0);
  EnvOptions all;
  all.opponents[0] = all.opponents[1] = Level::kEasy;
  CHECK_FALSE(VecEnv::create(*find_preset("classic-2"), all, 1).ok());
  EnvOptions extra;
  extra.opponents[3] = Level::kEasy;
  CHECK_FALSE(VecEnv::create(*find_preset("classic-2"), extra, 1).ok());
}

// A truncated game is seen, like one that ended by its rules, by the caller's
// player who moved last: its final view is what a learner bootstraps from
// (the seat to move next, often an engine, was seen here once).
TEST_CASE("env: a truncated game is seen by the caller's player who moved last") {
  struct Case {
    const char* id;
    int engine;  // a player the engine plays, or -1
    int max_turns;
  };
  for (const Case c : {Case{"classic-2", -1, 5}, Case{"classic-3", 0, 18}, Case{"classic-3", 0, 17}}) {
    CAPTURE(c.id);
    CAPTURE(c.max_turns);
    EnvOptions o;
    o.max_turns = c.max_turns;
    if (c.engine >= 0) o.opponents[static_cast<size_t>(c.engine)] = Level::kEasy;
    VecEnv env = make(c.id, o, 1);
    Bufs b(env);
    env.reset(3, b.b);
    int last = -1;  // the caller's player who moved last
    for (int t = 0; t < c.max_turns && !env.done(0); ++t) {
      int32_t a;
      env.sample_legal(&a);
      last = b.to_play[0];
      REQUIRE(env.step(&a, b.b).ok());
    }
    REQUIRE(env.done(0));
    REQUIRE(b.trunc[0] == 1);
    CHECK(b.term[0] == 0);
    CHECK(b.to_play[0] == last);
    CHECK(b.to_play[0] != c.engine);
    const Seat seat = env.players().seat[last];
    std::vector<float> want(static_cast<size_t>(obs_values(o.layout)));
    observe(env.game(0), seat, o.layout, o.max_turns, want.data());
    CHECK(std::equal(want.begin(), want.end(), b.obs_f.begin()));
    for (int p = 0; p < env.players().num_players; ++p) CHECK(b.rewards[static_cast<size_t>(p)] == 0.0f);
  }
}

TEST_CASE("env: a max_turns within the engines' opening turns is refused") {
  EnvOptions o;
  o.opponents[0] = o.opponents[1] = Level::kEasy;  // classic-3: the caller plays player 2
  for (int turns : {1, 2}) {
    o.max_turns = turns;
    const absl::StatusOr<VecEnv> e = VecEnv::create(*find_preset("classic-3"), o, 1);
    REQUIRE_FALSE(e.ok());
    CHECK(e.status().code() == absl::StatusCode::kOutOfRange);
    CHECK(e.status().message() ==
          absl::StrCat("env: max_turns ", turns, " would end every game in reset: the engine "
                       "opponents play the first 2 turns, before the caller's first player"));
  }
  o.max_turns = 3;  // the caller's player gets one turn
  VecEnv env = make("classic-3", o, 1);
  Bufs b(env);
  env.reset(1, b.b);
  CHECK_FALSE(env.done(0));
  CHECK(b.to_play[0] == 2);
  o.opponents[0] = std::nullopt;  // the caller plays first: nothing to refuse
  o.max_turns = 1;
  CHECK(VecEnv::create(*find_preset("classic-3"), o, 1).ok());
}
