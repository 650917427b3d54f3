// internal/race.h — the expert player's race plan, for tables where the
// seats race past each other rather than through each other (rule book §9).
//
// With three seats at alternate points every goal is an empty camp, and a
// seat's place is decided by how many of its own moves it needs to arrive:
// the others matter through the board they leave, not through what they
// can do to it. There the plan is a beam search over the seat's own moves
// alone, run until a line arrives (rule 3, goal_reached) or the budget
// ends. Each layer keeps the kRaceWidth best distinct boards by the seat's
// own worth (evaluate.h's seat_worth) plus a share of its best ladder
// (best_gain), so that lines that set up a jump stay beside those that
// take the distance now. The plan is made anew every move, from the board
// the others left.
//
// A plan sees the others' marbles in one of two views. Still: they stand
// where they are, obstacles and ladders for the whole line. Passing: they
// stand for the line's first kRacePassingLayer - 1 moves, then those
// between their home and their goal are gone (they race on; a marble at
// home or in its goal stays). The still view alone counts on ladders that
// leave: in play its predicted finish falls to 24-27 own moves mid-game
// and the seat arrives in 28-36. So when the two views' first moves
// differ, each is also planned in the other view, and the move whose lines
// are shorter over both views is played (the still view's on equal sums).
// The line and move count reported are always the still view's.
//
// Where a seat faces another (4-6 seats, or three with an opposite pair),
// each one's goal is the other's home and the centre is crowded: a plan
// over still opponents misjudges both, and the best-reply search (search.h)
// places better. So it does with the king (whose tip the plan's lines do
// not reach within the budget), long jumps and 15 marbles: the plan is
// measured better only with ten marbles and standard jumps (bench/README.md
// has the matches that decided each).
#ifndef STERNHALMA_INTERNAL_RACE_H_
#define STERNHALMA_INTERNAL_RACE_H_

#include <cstdint>
#include <span>

#include "sternhalma/game.h"
#include "sternhalma/internal/search.h"
#include "sternhalma/move.h"

namespace sternhalma::internal {

// The beam's width, the share of a board's best ladder added to its worth
// (percent), and the most own moves a line may have. Chosen by playing
// matches on table-3 (bench/README.md): widths 16, 32, 64 and 128 and
// ladders of 0, 30, 50, 60, 100 and 150 %.
inline constexpr int kRaceWidth = 64;
inline constexpr int kRaceLadderPct = 50;
inline constexpr int kRaceMaxMoves = 96;
// The layer from which the passing view takes the others' travelling
// marbles off: the line's first two moves still see them (measured on
// table-3 and classic-3, bench/README.md).
inline constexpr int kRacePassingLayer = 3;
// Expert's default budget where it plans a race, in boards evaluated over
// the (up to) four plans: each may spend a quarter, enough for a whole plan
// at kRaceWidth from the start of a game (about 30 layers of 64 boards'
// moves).
inline constexpr int64_t kRaceDefaultNodes = 800'000;

// Whether the expert plans a race on this table: three or more seats, no
// teams, no seat at the point opposite another's, ten marbles and standard
// jumps.
bool plans_race(const Rules& rules);

struct RaceResult {
  Move move{};
  int moves = 0;      // own moves in the line found (arriving or not)
  bool arrives = false;
  int64_t nodes = 0;  // boards evaluated
};

// The first move of the shortest line of own moves to arrival among
// `root_moves` (legal in `game`, for the marbles the seat to move moves;
// their order breaks ties), chosen over both views as above, within
// `limits` (nodes: boards evaluated over all plans, a ceiling; time; stop).
// Plan k of the four (still, passing, then the two cross plans) may spend
// up to (k + 1) / 4 of the nodes and of the time, less what the plans
// before it spent. Unless both views' plans arrive, and both cross plans
// too, the still view's plan alone decides: without an arriving line in
// its budget, the first move of the best line of the deepest layer
// completed (before the first layer completes: the move gaining most
// towards the goal's tip, the first of equals).
RaceResult race_plan(const Game& game, std::span<const Move> root_moves, const Limits& limits);

}  // namespace sternhalma::internal

#endif  // STERNHALMA_INTERNAL_RACE_H_
