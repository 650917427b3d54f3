/// @file
/// distance.h — how far a seat is from home (rule book §4 rule 10).
///
/// Two metrics:
/// - tip distance (seed 004): the sum over the seat's marbles of the steps
///   (hex distance) to its goal's tip cell;
/// - goal distance (default): the fewest total steps in which the seat's
///   marbles outside its goal could fill the goal cells that do not hold its
///   own marbles — a minimum-cost assignment (Hungarian algorithm, at most
///   15 x 15), ignoring every other marble.
/// Choice (the rule book silent): a seat with fewer marbles than goal cells (its marbles
/// were removed) is assigned its remaining marbles to the nearest free goal
/// cells (a rectangular assignment); a seat with no marbles has distance 0.
/// Such a seat is out and never ranked, so the value is only informative.
#ifndef STERNHALMA_DISTANCE_H_
#define STERNHALMA_DISTANCE_H_

#include "sternhalma/move.h"
#include "sternhalma/position.h"
#include "sternhalma/rules.h"

namespace sternhalma {

/// Steps from c to the tip of seat s's goal.
inline int tip_steps(Seat s, Cell c) { return hex_distance(c, tip_cell(opposite_point(s))); }

/// Steps move m gains towards the tip of seat s's goal (negative: it loses
/// ground). Every player orders and breaks ties by it.
inline int tip_gain(Seat s, Move m) { return tip_steps(s, m.from) - tip_steps(s, m.to); }

/// Rule 10, seed 004: sum of steps of s's marbles to its goal tip.
int tip_distance(const Position& pos, Seat s);

/// Rule 10, default: the assignment distance of s's marbles to its goal.
int goal_distance(const Position& pos, Seat s);

/// How many of s's own marbles stand in its goal.
int marbles_in_goal(const Position& pos, Seat s);

/// The metric the table ranks by (tip for Ranking::kTipDistance, else goal).
int ranking_distance(const Position& pos, Seat s);

/// Minimum-cost assignment of n rows to distinct columns of an n x m matrix
/// (n <= m <= 15), row-major cost[r*m + c]. Returns the total cost.
int min_assignment(const int* cost, int n, int m);

}  // namespace sternhalma

#endif  // STERNHALMA_DISTANCE_H_
