// Expert's search on several threads (root splitting): legal moves within
// the budget, a stop flag that ends every thread, and the move one thread
// finds at the same depth. These cases live beside parallel_test's games so
// that scripts/sanitize.sh builds one small program for ThreadSanitizer;
// parallel_test runs them in the normal suite too.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <string>
#include <vector>

#include "fixtures.h"
#include "sternhalma/game.h"
#include "sternhalma/internal/search.h"
#include "sternhalma/player.h"
#include "sternhalma/playout.h"
#include "sternhalma/presets.h"
#include "sternhalma/random.h"

using namespace sternhalma;
using fixtures::is_legal_move;

namespace {

// A time budget and a set stop flag end every thread's search: the choice
// returns, with a legal move.
void check_time_and_stop(const Game& g, int threads) {
  Player timed(Level::kExpert, 1, Budget{0, 20});
  timed.set_threads(threads);
  CHECK(is_legal_move(g, timed.choose(g)));
  std::atomic<bool> stop{true};
  Player stopped(Level::kExpert, 1, Budget{kMaxBudgetNodes, 0});
  stopped.set_threads(threads);
  stopped.set_stop(&stop);
  CHECK(is_legal_move(g, stopped.choose(g)));
}

}  // namespace

// Expert on two and four threads (root splitting): always a legal move, the node
// budget counts the main search's nodes, the stop flag ends every thread;
// one thread (the default) stays deterministic.
TEST_CASE("expert on several threads plays legal moves within its budget") {
  // Six seats in teams: the best-reply search (uct_test has six seats
  // without teams on several threads).
  Game g(*find_preset("three-pairs"));
  Rng rng(21);
  for (int i = 0; i < 36; ++i) REQUIRE(g.apply(random_move(g, rng)).ok());
  for (const int threads : {2, 4}) {
    CAPTURE(threads);
    Player p(Level::kExpert, 1, Budget{5000, 0});
    p.set_threads(threads);
    CHECK(p.threads() == threads);
    for (int k = 0; k < 3; ++k) {
      CHECK(is_legal_move(g, p.choose(g)));
      CHECK(p.last_stats().nodes <= 5000);
      CHECK(p.last_stats().depth >= 1);
    }
    check_time_and_stop(g, threads);
  }
  Player many(Level::kExpert, 1);
  many.set_threads(1000);
  CHECK(many.threads() == kMaxSearchThreads);
  many.set_threads(0);
  CHECK(many.threads() == 1);
  // A copy keeps the threads and searches alone (its own table).
  Player two(Level::kExpert, 3, Budget{3000, 0});
  two.set_threads(2);
  Player copy = two;
  CHECK(copy.threads() == 2);
  CHECK(is_legal_move(g, copy.choose(g)));
}

// Six seats without teams: a tree a thread (uct.h), each reading the same
// game and root moves. Legal moves within each tree's node budget, the
// same move for the same seed, and the stop flag and a time budget end
// every tree (under ThreadSanitizer in scripts/sanitize.sh).
TEST_CASE("expert on several threads samples the field on six seats") {
  Game g(*find_preset("classic-6"));
  Rng rng(5);
  for (int i = 0; i < 40; ++i) REQUIRE(g.apply(random_move(g, rng)).ok());
  for (const int threads : {2, 4}) {
    CAPTURE(threads);
    Player a(Level::kExpert, 1, Budget{4000, 0}), b(Level::kExpert, 1, Budget{4000, 0});
    a.set_threads(threads);
    b.set_threads(threads);
    for (int k = 0; k < 3; ++k) {
      const Move m = a.choose(g);
      CHECK(is_legal_move(g, m));
      CHECK(m == b.choose(g));
      CHECK(a.last_stats().nodes <= 4000);
    }
    check_time_and_stop(g, threads);
  }
}

// Root splitting shares out the moves, not the answer: searched to the same
// depth, two and three threads give the move and score one thread gives
// (each root move is searched to the full depth against a true bar, and the
// moves a bound does not settle are searched again), on the bench's two- and
// six-seat middle games (without the second search, 17 of the corpus's 353
// positions differ at this depth).
TEST_CASE("expert on several threads finds one thread's move at the same depth") {
  for (const char* name : {"classic-2", "classic-6"}) {
    CAPTURE(name);
    std::ifstream in(std::string(BENCH_CORPUS_DIR) + "/" + name + ".txt");
    REQUIRE(in);
    int line_no = 0, searched = 0;
    for (std::string line; std::getline(in, line);) {
      if (++line_no % 2) continue;
      const Game g = fixtures::from_line(line);
      if (g.is_over()) continue;
      const std::vector<Move> legal = g.legal_moves();
      internal::Table one_table, many_table;
      const internal::Result one = internal::best_reply(g, legal, {.depth = 4}, one_table, 1);
      for (const int threads : {2, 3}) {
        if (threads == 3 && line_no % 8) continue;
        CAPTURE(line_no);
        CAPTURE(threads);
        const internal::Result many = internal::best_reply(g, legal, {.depth = 4}, many_table, threads);
        CHECK(many.move == one.move);
        CHECK(many.score == one.score);
        CHECK(many.depth == one.depth);
      }
      ++searched;
    }
    CHECK(searched > 40);
  }
}
