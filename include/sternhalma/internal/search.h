// internal/search.h — the expert player's search (rule book §9).
//
// Best-reply search (BRS; Schadd and Winands, "Best Reply Search for
// Multiplayer Games", IEEE TCIAIG 2011): the tree alternates the root unit's
// moves (MAX) with one MIN layer in which *all* the opponents' moves are
// merged and only the single strongest reply among them is played, the other
// opponents passing. With one opponent that is exactly minimax, so for two
// seats this is an ordinary alpha-beta; with three to six it looks as deep
// into the root player's own future as a two-player search does, where
// paranoid and max^n spend their depth on every opponent in turn. Why BRS:
// Schadd and Winands measured it ahead of max^n and paranoid in Chinese
// checkers precisely, and in a race game the plies that matter are one's own
// (ladders take two or three of them to build and climb); what the others
// can do to us is mostly block, which the best reply shows. bench/README.md
// has our measurements.
//
// Around it: iterative deepening; a transposition table keyed on the Zobrist
// hash plus the layer (MAX or MIN), owned by the player (no global state);
// moves ordered by distance gained towards the goal's tip (the table's move
// first); at inner nodes only moves that do not lose ground (at most kWidth of
// them; with several opponents, each one's kOpponentWidth best, so the MIN
// layer asks which opponent's strongest advance hurts the root most).
// Limits: nodes (deterministic) and/or milliseconds.
//
// The search plays moves with Position::move_piece on a copy of the game's
// board (a thousand times cheaper than Game::apply); the root moves come from
// the game (Game::legal_moves, less eliminating moves), so every rule holds
// for the move actually chosen, and the rules the board alone cannot show
// (deadline, arrival) are in the evaluation.
#ifndef STERNHALMA_INTERNAL_SEARCH_H_
#define STERNHALMA_INTERNAL_SEARCH_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sternhalma/game.h"
#include "sternhalma/move.h"

namespace sternhalma::internal {

inline constexpr int kWidth = 24;
inline constexpr int kOpponentWidth = 1;  // 1 placed better than 3 and 8 (bench/README.md)
inline constexpr int kMaxDepth = 32;
// Transposition table entries (two 64-bit words each): 1 MiB.
inline constexpr size_t kTableEntries = size_t{1} << 16;

// The transposition table, shared by the threads of one search:
// kTableEntries entries of two 64-bit words, read and written with relaxed
// atomics; the first word holds key ^ data, so an entry torn by two threads
// writing at once reads as a miss, never as another position's. Each search
// clears it. A copy starts empty (a copied player searches alone).
class Table {
 public:
  Table() = default;
  Table(const Table&) {}
  Table& operator=(const Table&) { return *this; }
  void clear();
  std::atomic<uint64_t>* words() { return words_.get(); }

 private:
  std::unique_ptr<std::atomic<uint64_t>[]> words_;
};

// Threads of one search: 1 (deterministic) up to kMaxThreads.
inline constexpr int kMaxThreads = 16;

struct Limits {
  int64_t nodes = 0;    // 0: none
  int64_t time_ms = 0;  // 0: none
  const std::atomic<bool>* stop = nullptr;  // set by another thread: stop now
  int depth = 0;  // the last iteration, in plies (0: kMaxDepth): benchmarks' time-to-depth
};

struct Result {
  Move move{};
  int score = 0;     // evaluate.h units, for the root unit
  int depth = 0;     // deepest completed iteration, in plies
  int64_t nodes = 0;
};

// The best of `root_moves` (legal in `game`, in the order that breaks ties:
// the first of equal moves wins) for the seat to move. `table` is the
// caller's transposition table (cleared here). With threads > 1 (clamped to
// kMaxThreads), threads - 1 helpers share out each iteration's root moves
// with the main search (root splitting, best_reply.cpp: each move searched
// by one thread against the best score found so far, the few a bound does
// not settle searched again), so an iteration gives the move and score one
// thread would (transpositions through the table aside). They stop when the
// main search does, which alone counts its nodes against the node budget
// (nodes in the result: the main search's). How deep a budget gets is not
// deterministic then. A helper thread that cannot be started is left out.
Result best_reply(const Game& game, std::span<const Move> root_moves, const Limits& limits,
                  Table& table, int threads = 1);

}  // namespace sternhalma::internal

#endif  // STERNHALMA_INTERNAL_SEARCH_H_
