// internal/race.h — the expert player's race plan, for tables where the
// seats race past each other rather than through each other (rule book §9).
//
// With three seats at alternate points every goal is an empty camp, and a
// seat's place is decided by how many of its own moves it needs to arrive:
// the others matter through the board they leave, not through what they
// can do to it. There the plan is a beam search over the seat's own moves
// alone (the others' marbles stand still: obstacles and ladders), run until
// a line arrives (rule 3, goal_reached) or the budget ends; the move played
// is the first of the shortest line found. Each layer keeps the kRaceWidth
// best distinct boards by the seat's own worth (evaluate.h's seat_worth)
// plus a share of its best ladder (best_gain), so that lines that set up a
// jump stay beside those that take the distance now. The plan is made anew
// every move, from the board the others left.
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
// Expert's default budget where it plans a race, in boards evaluated: a
// whole plan at kRaceWidth from the start of a game (about 30 layers of 64
// boards' moves), which costs about what 20 000 search nodes do.
inline constexpr int64_t kRaceDefaultNodes = 200'000;

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
// their order breaks ties), within `limits` (nodes: boards evaluated, a
// ceiling; time; stop). Without an arriving line in the budget: the first
// move of the best line of the deepest layer completed (before the first
// layer completes: the move gaining most towards the goal's tip, the first
// of equals).
RaceResult race_plan(const Game& game, std::span<const Move> root_moves, const Limits& limits);

}  // namespace sternhalma::internal

#endif  // STERNHALMA_INTERNAL_RACE_H_
