// internal/uct.h — the expert player's search where four or more seats race
// through each other (rule book §9).
//
// With four to six seats every goal is another seat's home and the centre
// is crowded: between two of a seat's moves three to five others move, and
// they build and take away the ladders its plans count on. A tree of the
// seat's own moves against one best reply (search.h) or against the board
// held still (race.h) judges a plan by one future the field will not play;
// on classic-6 against five hard players the best-reply search arrived
// about three own moves after the field's winner and placed 2.7 on average.
// Here the future is sampled instead: Monte Carlo tree search with UCT
// selection and max^n backups (every seat picks for itself by its own
// reward). Sturtevant ("An Analysis of UCT in Multi-Player Games", 2008)
// found UCT as strong as or stronger than max^n and paranoid search in
// multi-player Chinese checkers, and Nijssen and Winands ("An Overview of
// Search Techniques in Multi-Player Games") found Monte Carlo tree search
// best with the max^n tree. Against five hard players this search placed
// 2.17 on classic-6 where the best-reply search placed 2.66, and 2.16
// where it placed 2.62 on table-6 (192 games and 96, bench/README.md).
//
// One iteration: from the root, each seat in turn order picks among its
// kUctWidth moves gaining most towards its goal's tip (UCT, by its own mean
// reward), one new node is added, then a playout of kUctPlayoutRounds
// rounds moves every seat still racing: the move gaining most towards the
// tip (ties at random), one time in kUctRandomIn a random move that loses
// no ground. A seat that arrives (rule 3, goal_reached) ends the iteration.
// Each seat's reward is its expected share of the others it finishes ahead
// of: the mean over the others of its chance of finishing first, by the gap
// between its race and theirs (evaluate.h's race_worth, the distance that
// ranks seats, and chance_ahead), so that the root's mean reward is
// 1 - (expected place - 1) / (seats - 1), what a place in a match counts.
// The evaluation's advice terms (seat_worth) are left out: the playouts
// play the next moves instead of judging them, and with the terms the
// search placed worse (bench/README.md). The move played is the root's most visited.
//
// Like the best-reply search it plays moves with Position::move_piece on a
// copy of the board; the root moves come from the game (legal, less
// eliminating moves), and the rules the board alone cannot show are in
// race_worth. The player's seed drives the samples, so the same seed, node
// budget, game and number of threads give the same move.
//
// More threads grow more trees (root parallelisation, Chaslot, Winands and
// van den Herik, "Parallel Monte-Carlo Tree Search", 2008): each thread its
// own tree from its own seed within the same limits, the root moves' visits
// summed over the trees. The trees share nothing while they grow, so two
// cores give about twice the playouts in the same time, and a node budget
// stays deterministic.
#ifndef STERNHALMA_INTERNAL_UCT_H_
#define STERNHALMA_INTERNAL_UCT_H_

#include <array>
#include <cstdint>
#include <span>

#include "sternhalma/game.h"
#include "sternhalma/internal/search.h"
#include "sternhalma/move.h"

namespace sternhalma::internal {

// The root's moves kept (the kUctRootWidth gaining most towards the tip),
// the moves of a node below it, the playout's length in rounds of the
// seats racing at the root, its random moves (one in kUctRandomIn) and
// UCT's exploration constant (rewards run from 0 to 1). Chosen by playing
// matches on classic-6 (bench/README.md).
inline constexpr int kUctRootWidth = 16;
inline constexpr int kUctWidth = 8;
inline constexpr int kUctPlayoutRounds = 2;
inline constexpr int kUctRandomIn = 32;
inline constexpr double kUctExploration = 0.3;
// The most tree nodes one search holds (about 35 MiB); the search ends
// there as at the end of its budget. One node is added per iteration.
inline constexpr int kUctMaxTree = 1 << 18;
// Expert's default budget here, in boards (a node of the tree or a move of
// a playout): about 2 000 iterations on a six-seat middle game.
inline constexpr int64_t kUctDefaultNodes = 30'000;

// Whether the expert searches this table by UCT: four or more seats, no
// teams (a team game's units are pairs, whose partners the best-reply
// search weighs together).
bool runs_uct(const Rules& rules);

struct UctResult {
  Move move{};
  int64_t nodes = 0;    // boards the first tree visited (a ceiling: the limits' nodes)
  int iterations = 0;   // playouts completed and backed up, over all the trees
  int depth = 0;        // plies of the first tree's most visited line from the root
  // Each root move's visits, over all the trees, in the root's order: the
  // kUctRootWidth moves gaining most towards the tip, stably sorted.
  std::array<int, kUctRootWidth> visits{};
};

// The root's most visited move among the kUctRootWidth of `root_moves`
// (legal in `game` for the seat to move; their order breaks ties) gaining
// most towards its goal's tip, within `limits` (nodes, time, stop; depth is
// not used), sampled with `seed`. Before the first iteration completes: the
// first of the moves gaining most; none (Move{}, no work) without root moves.
// With threads > 1 (clamped to kMaxThreads), threads - 1 helpers each grow
// a tree of their own within the same limits (so a node budget is each
// tree's ceiling and CPU time grows with the threads; about 35 MiB each at
// most, kUctMaxTree), and the visits are summed; a helper that cannot be
// started or runs out of memory is left out.
UctResult uct(const Game& game, std::span<const Move> root_moves, const Limits& limits,
              uint64_t seed, int threads = 1);

}  // namespace sternhalma::internal

#endif  // STERNHALMA_INTERNAL_UCT_H_
