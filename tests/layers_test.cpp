// layers_test — the C ABI decides nothing: what it answers is what the C++
// API answers. Seeded random playouts through sh_game_playouts and
// sh_position_playouts are replayed move by move through Game (every rule:
// anti-blocking, the king, last reply, limits, repetition) and must give the
// same games; the board drawing is the library's; match statistics through
// sh_match_stats are MatchStats' to the bit.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sternhalma.h"
#include "sternhalma/game.h"
#include "sternhalma/match_stats.h"
#include "sternhalma/playout.h"
#include "sternhalma/presets.h"
#include "sternhalma/random.h"

using namespace sternhalma;

namespace {

// Playout i through Game::apply, written out here rather than through
// playouts(): a random legal move from the playout's generator, every turn.
PlayoutResult by_hand(const Game& start, uint64_t seed, size_t i, int max_turns) {
  Game g = start;
  Rng rng = playout_rng(seed, i);
  int turns = 0;
  while (!g.is_over() && turns < max_turns) {
    const std::vector<Move> moves = g.legal_moves();
    REQUIRE(!moves.empty());
    const Move m = random_move(g, rng);
    REQUIRE(g.check(m).ok());
    REQUIRE(g.apply(m).ok());
    turns = g.turns() - start.turns();
  }
  return playout_result(g, turns);
}

}  // namespace

TEST_CASE("sh_game_playouts plays the games Game plays, on every preset") {
  constexpr size_t kN = 6;
  constexpr int kMaxTurns = 300;
  for (const Rules& rules : presets()) {
    CAPTURE(rules.id);
    sh_rules* r = nullptr;
    REQUIRE(sh_rules_new(rules.id.c_str(), &r) == SH_OK);
    sh_game* g = nullptr;
    REQUIRE(sh_game_new(r, SH_NO_SEAT, &g) == SH_OK);
    int places[kN * 6], turns[kN];
    const uint64_t seed = 0xC0FFEE + rules.id.size();
    REQUIRE(sh_game_playouts(g, kN, kMaxTurns, seed, places, turns) == SH_OK);
    const Game start(rules);
    for (size_t i = 0; i < kN; ++i) {
      CAPTURE(i);
      const PlayoutResult want = by_hand(start, seed, i, kMaxTurns);
      CHECK(turns[i] == want.turns);
      for (int s = 0; s < kMaxSeats; ++s) CHECK(places[i * 6 + s] == want.places[s]);
    }
    sh_game_free(g);
    sh_rules_free(r);
  }
}

TEST_CASE("sh_position_playouts follows the game rules: anti-blocking arrival") {
  // W has nine marbles in its goal (K's camp) and K one marble on the tenth
  // goal cell: under anti-blocking (classic-2) W arrives with any move that
  // keeps its nine marbles in, which a bare "own marbles fill the goal" test
  // (the old C code) never saw.
  const char* text =
      "classic-2 W W:f14,g14,h14,e15,f15,g15,e16,f16,e17,i9 K:e14,m1,l2,m2,k3,l3,m3,j4,k4,l4 0";
  sh_position* p = nullptr;
  REQUIRE(sh_position_parse(text, &p) == SH_OK);
  constexpr size_t kN = 32;
  int winners[kN], plies[kN];
  REQUIRE(sh_position_playouts(p, kN, 200, 7, winners, plies) == SH_OK);
  auto pos = Position::parse(text);
  REQUIRE(pos.ok());
  auto start = Game::from_position(pos->rules(), *pos);
  REQUIRE(start.ok());
  int won = 0;
  for (size_t i = 0; i < kN; ++i) {
    CAPTURE(i);
    const PlayoutResult want = by_hand(*start, 7, i, 200);
    CHECK(winners[i] == want.winner);
    CHECK(plies[i] == want.turns);
    if (winners[i] == 0) {
      ++won;
      CHECK(plies[i] == 2);  // W arrives, K plays its last reply
    }
  }
  CHECK(won > kN / 2);
  sh_position_free(p);
}

TEST_CASE("sh_position_playouts follows the game rules: the king must reach the tip") {
  sh_position* p = nullptr;
  REQUIRE(sh_position_parse("japanese-2", &p) == SH_OK);
  constexpr size_t kN = 4;
  int winners[kN], plies[kN];
  REQUIRE(sh_position_playouts(p, kN, 250, 11, winners, plies) == SH_OK);
  const Game start(*find_preset("japanese-2"));
  for (size_t i = 0; i < kN; ++i) {
    const PlayoutResult want = by_hand(start, 11, i, 250);
    CHECK(winners[i] == want.winner);
    CHECK(plies[i] == want.turns);
  }
  sh_position_free(p);
}

TEST_CASE("match statistics: the C ABI gives MatchStats' figures") {
  // Seeded results of two players and of four in two teams, in a shuffled
  // order, through both; every figure must be equal, not close.
  for (const int players : {2, 4}) {
    Rng rng(17 + static_cast<uint64_t>(players));
    MatchStats cpp = *MatchStats::create(players);
    sh_match_stats* c = nullptr;
    REQUIRE(sh_match_stats_new(players, &c) == SH_OK);
    std::vector<int64_t> order(400);
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int64_t>(i);
    for (size_t i = order.size() - 1; i > 0; --i)
      std::swap(order[i], order[rng.below(static_cast<uint32_t>(i + 1))]);
    for (const int64_t index : order) {
      std::vector<int> places(static_cast<size_t>(players)), teams;
      if (players == 2) {
        places = {1 + static_cast<int>(rng.below(2)), 1 + static_cast<int>(rng.below(2))};
      } else {
        teams = {0, 1, 0, 1};
        const int a = 1 + static_cast<int>(rng.below(2)), b = 1 + static_cast<int>(rng.below(2));
        places = {a, b, a, b};
      }
      REQUIRE(cpp.add(index, places, teams).ok());
      REQUIRE(sh_match_stats_add(c, index, places.data(), places.size(),
                                 teams.empty() ? nullptr : teams.data(), teams.size()) == SH_OK);
    }
    for (int i = 0; i < players; ++i) {
      const PlayerStats p = *cpp.player(i);
      sh_player_stats q;
      REQUIRE(sh_match_stats_player(c, i, &q, sizeof q) == SH_OK);
      CHECK((q.games == p.games && q.wins == p.wins && q.draws == p.draws && q.losses == p.losses));
      CHECK((q.place.value == p.place.value && q.place.low == p.place.low &&
             q.place.high == p.place.high));
      for (int j = 0; j < players; ++j) {
        int64_t games = -1;
        double score = -1;
        REQUIRE(sh_match_stats_pairwise(c, i, j, &games, &score) == SH_OK);
        CHECK((games == cpp.pairwise(i, j)->games && score == cpp.pairwise(i, j)->score));
      }
    }
    sh_interval e;
    REQUIRE(sh_match_stats_elo(c, &e) == SH_OK);
    CHECK((e.value == cpp.elo().value && e.low == cpp.elo().low && e.high == cpp.elo().high));
    int64_t counts[5];
    REQUIRE(sh_match_stats_pentanomial(c, counts) == SH_OK);
    const Pentanomial p = *cpp.pentanomial();
    CHECK(std::equal(p.begin(), p.end(), counts));
    CHECK(p[0] + p[1] + p[2] + p[3] + p[4] == 200);
    sh_sprt_test t;
    REQUIRE(sh_sprt_test_init(&t, sizeof t) == SH_OK);
    t.elo0 = -5;
    t.elo1 = 5;
    sh_sprt_result r;
    REQUIRE(sh_match_stats_sprt(c, &t, &r, sizeof r) == SH_OK);
    const SprtResult s = *cpp.sprt({-5, 5});
    CHECK((r.llr == s.llr && r.lower == s.lower && r.upper == s.upper &&
           r.decision == static_cast<int>(s.decision)));
    sh_match_stats_free(c);
  }
}
