// player_clock.cpp — the time budget of one move from a game clock
// (player.h: budget_for_clock, expected_moves_left).
#include <algorithm>

#include "sternhalma/distance.h"
#include "sternhalma/player.h"

namespace sternhalma {

namespace {
// The reserve (above the margin) kept back before the increment is spent.
constexpr int64_t kCushionIncrements = 10;
}  // namespace

Budget budget_for_clock(int64_t reserve_ms, int64_t increment_ms, int moves_left) {
  const int64_t reserve = std::clamp<int64_t>(reserve_ms, 0, kMaxClockMs);
  const int64_t increment = std::clamp<int64_t>(increment_ms, 0, kMaxClockMs);
  // Too little left to share: the least a player can be asked for.
  if (reserve <= 2 * kClockMarginMs) return {0, 1};
  // What may be spent at all: the margin stays for what the move costs
  // besides the search (and the search's own overshoot).
  const int64_t usable = reserve - kClockMarginMs;
  const int64_t left = std::max(moves_left, kMinMovesLeft);
  // A share of the reserve, plus most of the increment this move earns back
  // while the reserve holds more than kCushionIncrements increments (below
  // that the increment is saved: a move that takes longer than its budget,
  // as on a loaded machine, then eats into the cushion instead of draining
  // the reserve to the margin, where one slow move loses on time); never
  // more than half of what is left, so a wrong estimate of the moves left
  // costs time, never the game.
  const int64_t cushion = kCushionIncrements * increment;
  const int64_t share = usable / left + std::min(increment / 4 * 3, std::max<int64_t>(0, usable - cushion));
  const int64_t ms = std::clamp<int64_t>(std::min(share, usable / 2), 1, kMaxBudgetMs);
  return {0, ms};
}

int expected_moves_left(const Game& game) {
  if (game.is_over()) return kMinMovesLeft;
  const Seat s = game.marbles_of();
  if (s < 0) return kMinMovesLeft;
  const int dist = goal_distance(game.position(), s);
  return std::max(kMinMovesLeft, (dist + kStepsPerMove - 1) / kStepsPerMove + kEndgameMoves);
}

}  // namespace sternhalma
