// internal/evaluate.h — how good a position is for the expert player's side
// (rule book §9): seed 004's advice to players, written as terms of a score.
//
// The score counts in hundredths of a step (kStep = 100 is one step of
// distance) and is seen from one *unit*: a seat, or a team in a team game
// (partners' worths are summed, rule book §5: the team is what is ranked). Every
// term is named after the advice it encodes; evaluate.cpp gives the weights
// and says why.
#ifndef STERNHALMA_INTERNAL_EVALUATE_H_
#define STERNHALMA_INTERNAL_EVALUATE_H_

#include <array>
#include <cstdint>

#include "sternhalma/game.h"
#include "sternhalma/position.h"

namespace sternhalma::internal {

inline constexpr int kStep = 100;
// A won (two-unit) game; search scores of kWin - n mean "wins in n plies".
inline constexpr int kWin = 1'000'000;

// What the evaluation knows of the game besides the board, taken at the root
// of a search: who plays with whom, who still moves, and the deadline.
struct Setting {
  const Rules* rules = nullptr;
  int num_units = 0;
  int root_unit = 0;                          // the unit searching
  std::array<int, kMaxSeats> unit{};          // seat -> unit (-1: not in the game any more)
  std::array<int, kMaxSeats> moves_made{};    // own moves so far (rule 7's deadline)
  std::array<bool, kMaxSeats> moves{};        // the seat still takes turns
};
Setting make_setting(const Game& game);

// The race alone: what ranks seat s on pos (rule 10's distance, arrival)
// and what puts it out (rule 7's exit deadline), in kStep hundredths.
int race_worth(const Position& pos, Seat s, const Setting& st);

// The worth of seat s's marbles on pos (higher is better): its race, the
// goal's tip, stragglers, the centre and isolation (not ladders, which need
// the seat's moves: best_gain).
int seat_worth(const Position& pos, Seat s, const Setting& st);

// Ladders: the most distance (steps to the goal's tip, in kStep) one move of
// s's marbles gains now; 0 when none advances.
int best_gain(const Position& pos, Seat s);

// The chance that a unit whose worth is `gap` (kStep hundredths) ahead of
// another's finishes before it, in parts of kChanceWhole: a logistic curve,
// 12 steps (four moves) for 1/(1+e^-1), tabled by the compiler so that it is
// integer arithmetic and the same on every machine. The evaluation charges
// it for each rival (below); the UCT search (uct.h) rewards a seat by it.
inline constexpr int kChanceWhole = 4800;
int chance_ahead(int gap);

// The score of pos for the root unit: its worth against the other units'
// (one opponent: the difference; several: less each one's chance of
// finishing first, a logistic curve of how far ahead of the root unit it
// is), with each seat's ladders, the side to move's counting more.
// `root_to_move`: whether the root unit moves next.
int evaluate(const Position& pos, const Setting& st, bool root_to_move);

// Whether every seat of unit u has reached its goal on pos (rule 3's arrival,
// goal_reached: past a blocker too, with the king on the tip). The search
// treats it as the unit's finish.
bool unit_home(const Position& pos, const Setting& st, int u);

}  // namespace sternhalma::internal

#endif  // STERNHALMA_INTERNAL_EVALUATE_H_
