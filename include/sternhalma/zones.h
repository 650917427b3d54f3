/// @file
/// zones.h — where a seat's marbles may land, where a move may end, and the
/// goal (rule book §3 zone rules and goal lock, rule book §4 goal).
///
/// This is the one place that reads Rules::zones and Rules::goal_lock
/// (zone_masks). Move generation, paths (hop by hop) and notation (why a
/// destination is refused) all take their cell sets from it, through
/// targets() or, in the generator's hot loop, word by word; a new zone rule
/// changes rules.h, the option table (lib/options.cpp) and zone_masks(),
/// nothing else.
#ifndef STERNHALMA_ZONES_H_
#define STERNHALMA_ZONES_H_

#include <cassert>

#include "sternhalma/bits.h"
#include "sternhalma/geometry.h"
#include "sternhalma/position.h"
#include "sternhalma/rules.h"

namespace sternhalma {

/// The seat's goal: the camp (10 or 15 cells) opposite its home.
inline const Bits& goal_cells(const Rules& rules, Seat s) {
  assert(s >= 0 && s < kMaxSeats);
  return home_cells(opposite_point(s), rules.marbles);
}

/// The cell sets of one seat's moves in one position.
struct Targets {
  Bits land;  ///< empty cells a step or a jump of the seat's marbles may land on
  Bits end;   ///< landings a move may end on
  Bits goal;  ///< the seat's goal
  GoalLock goal_lock = GoalLock::kNo;  ///< the table's goal lock

  /// Where a move of the marble on `from` may end: a marble that starts in its
  /// goal ends there under goal lock (yes or strict).
  Bits end_from(Cell from) const { return locked(from) ? end & goal : end; }
  /// Whether goal lock keeps the marble on `from` in the goal for its move.
  bool locked(Cell from) const { return goal_lock != GoalLock::kNo && goal.test(from); }
  /// Whether goal lock forbids one hop (a step or one jump of a chain) from x
  /// to y: under strict a marble on a goal cell lands only in the goal, so a
  /// marble in its goal stays there and a chain that has entered the goal
  /// does not leave it. (yes looks at the move's start and end only:
  /// end_from.)
  bool leaves_goal(Cell x, Cell y) const {
    return goal_lock == GoalLock::kStrict && goal.test(x) && !goal.test(y);
  }
};

/// Seat s's zone rules as fixed masks: the cells its marbles never land on,
/// those where its moves never end, and its goal. This is the one function
/// that reads Rules::zones and Rules::goal_lock; targets() and the move
/// generator's class words are both made from it.
struct ZoneMasks {
  const Bits& no_land;  ///< cells the seat's marbles never land on
  const Bits& no_end;   ///< cells where its moves never end
  const Bits& goal;     ///< its goal
  GoalLock goal_lock;   ///< the table's goal lock
};
/// Seat s's ZoneMasks under `rules`.
inline ZoneMasks zone_masks(const Rules& rules, Seat s) {
  assert(s >= 0 && s < kMaxSeats);
  const Bits& foreign = foreign_cells(s);
  const Bits& goal = goal_cells(rules, s);
  switch (rules.zones) {
    case ZoneRule::kFree:  // any cell
      return {kNoBits, kNoBits, goal, rules.goal_lock};
    case ZoneRule::kClosed:  // foreign points crossed, not ended on
      return {kNoBits, foreign, goal, rules.goal_lock};
    case ZoneRule::kNoEntry:  // foreign points not landed on at all
      return {foreign, foreign, goal, rules.goal_lock};
  }
  return {kNoBits, kNoBits, goal, rules.goal_lock};
}

/// The cell sets of seat s's moves on a board whose empty cells are `empty`.
/// @{
inline Targets targets(const Rules& rules, Seat s, const Bits& empty) {
  const ZoneMasks z = zone_masks(rules, s);
  return {empty.minus(z.no_land), empty.minus(z.no_end), z.goal, z.goal_lock};
}
inline Targets targets(const Position& pos, Seat s) {
  return targets(pos.rules(), s, pos.empty());
}
/// @}

/// Cells where seat s may never end a move under `rules` (on an empty board).
inline Bits closed_cells(const Rules& rules, Seat s) {
  return kAllCells.minus(targets(rules, s, kAllCells).end);
}

}  // namespace sternhalma

#endif  // STERNHALMA_ZONES_H_
