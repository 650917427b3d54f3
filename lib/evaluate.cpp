// evaluate.cpp — the expert's evaluation: seed 004's advice as score terms.
//
// Weights are in hundredths of a step (kStep). The race dominates (a step of
// distance is worth kStep); the advice terms are fractions of a step, so that
// they choose between moves that gain about the same distance and never make
// the player give up real distance for style. The weights are reasoned, not
// tuned: only the opponents' part (below) was chosen by playing matches
// (bench/README.md); tuning the rest with `sternhalma match` is open.
#include "sternhalma/internal/evaluate.h"

#include <algorithm>

#include "sternhalma/distance.h"
#include "sternhalma/movegen.h"

namespace sternhalma::internal {

namespace {

// Rule 7 (deadline): how many own moves before the deadline a seat starts to
// pay for each marble still at home, and what it pays.
constexpr int kDeadlineMargin = 6;
constexpr int kHomeLate = 3 * kStep;
// Seed 004, "Final": fill the goal from the tip; a marble standing at the
// goal's mouth blocks the seat's own late marbles. Per step from the tip of
// each marble already in the goal.
constexpr int kTipDepth = kStep / 4;
// Seed 004, "No dejes rezagadas": a marble far behind the group, per step it
// trails the group's mean by more than kStragglerSlack...
constexpr int kStraggler = kStep / 3;
constexpr int kStragglerSlack = 3;
// ...and a marble outside the goal with no marble next to it (nothing to jump
// over, nobody to jump over it: it must walk).
constexpr int kIsolated = kStep / 2;
// Seed 004, "Usa el centro": per step off the straight line from home tip to
// goal tip (edges run into the closed side points).
constexpr int kOffCentre = kStep / 10;
// Seed 004, "Construye escaleras": the best jump a seat could make now is
// partly its own already (kLadderAll for every seat: the others may block it)
// and mostly so when it is that side's turn (kLadderToMove more).
constexpr int kLadderAllPct = 30;
constexpr int kLadderToMovePct = 50;
// A seat that has brought every marble home (arrival, rule 3) in a game that
// goes on for places.
constexpr int kArrived = 20 * kStep;

int home_tip(Seat s) { return tip_cell(s); }

}  // namespace

Setting make_setting(const Game& g) {
  Setting st;
  const Rules& r = g.rules();
  st.rules = &r;
  st.unit.fill(-1);
  int next = 0;
  std::array<int, kMaxSeats> unit_of_team{};
  unit_of_team.fill(-1);
  for (Seat s = 0; s < kMaxSeats; ++s) {
    if (!r.plays(s)) continue;
    st.moves_made[s] = g.moves_made(s);
    st.moves[s] = g.has_turn(s);
    const SeatStatus status = g.status(s);
    if (status == SeatStatus::kOut) continue;  // its marbles no longer count
    if (r.teams) {
      const int team = std::min(s, opposite_point(s));
      if (unit_of_team[team] < 0) unit_of_team[team] = next++;
      st.unit[s] = unit_of_team[team];
    } else {
      if (status != SeatStatus::kPlaying) continue;  // arrived: its place is taken
      st.unit[s] = next++;
    }
  }
  st.num_units = next;
  const Seat me = g.marbles_of() >= 0 ? g.marbles_of() : g.to_move();
  st.root_unit = me >= 0 && st.unit[me] >= 0 ? st.unit[me] : 0;
  return st;
}

int seat_worth(const Position& pos, Seat s, const Setting& st) {
  const Rules& r = *st.rules;
  const Bits& goal = goal_cells(r, s);
  const Bits& mine = pos.pieces(s);
  // The race (rule 10): the assignment distance, which is what ranks seats
  // and what reaches 0 on arrival.
  // Arrival is rule 3's (goal_reached: a goal completed past a blocker,
  // the king on the tip), not a distance of 0.
  if (goal_reached(pos, s)) return kArrived;
  const int dist = goal_distance(pos, s);
  int worth = -kStep * dist;

  // The goal's tip: marbles already home, the deeper the better.
  (mine & goal).for_each([&](Cell c) { worth -= kTipDepth * tip_steps(s, c); });

  // Stragglers, the centre and isolation, over the marbles still outside.
  const Bits out = mine.minus(goal);
  Cell cells[kNumCells];
  const int n = out.to_cells(cells);
  if (n > 0) {
    int sum = 0;
    int steps[kNumCells];
    const Cell from_tip = home_tip(s);
    const int axis = hex_distance(from_tip, tip_cell(opposite_point(s)));
    for (int i = 0; i < n; ++i) {
      steps[i] = tip_steps(s, cells[i]);
      sum += steps[i];
      const int off = steps[i] + hex_distance(cells[i], from_tip) - axis;
      worth -= kOffCentre * off;
      if ((neighbours(cells[i]) & pos.occupied()).none()) worth -= kIsolated;
    }
    for (int i = 0; i < n; ++i) {
      const int behind = steps[i] * n - sum - kStragglerSlack * n;  // n x (steps - mean - slack)
      if (behind > 0) worth -= kStraggler * behind / n;
    }
  }

  // The exit deadline (rule 7): marbles at home when the seat's moves run out
  // put it out; after the deadline a marble brought home does too.
  if (r.deadline > 0) {
    const int at_home = (mine & home_cells(s, r.marbles)).count();
    const int left = r.deadline - st.moves_made[s];
    if (at_home > 0) {
      if (left <= 0) return -kWin / 2;
      if (left <= 2 * at_home + kDeadlineMargin) worth -= kHomeLate * at_home;
    }
  }
  return worth;
}

int best_gain(const Position& pos, Seat s) {
  MoveList list;
  generate(pos, s, list);
  const Cell tip = tip_cell(opposite_point(s));
  int best = 0;
  for (const Move m : list)
    best = std::max(best, hex_distance(m.from, tip) - hex_distance(m.to, tip));
  return best * kStep;
}

int evaluate(const Position& pos, const Setting& st, bool root_to_move) {
  std::array<int, kMaxSeats> worth{};  // per unit
  std::array<int, kMaxSeats> gain{};   // per unit: the best ladder of its seats that move
  for (Seat s = 0; s < kMaxSeats; ++s) {
    const int u = st.unit[s];
    if (u < 0) continue;
    worth[u] += seat_worth(pos, s, st);
    if (st.moves[s]) gain[u] = std::max(gain[u], best_gain(pos, s));
  }
  for (int u = 0; u < st.num_units; ++u) worth[u] += gain[u] * kLadderAllPct / 100;
  const int me = st.root_unit;
  int score = worth[me];
  if (root_to_move) score += gain[me] * kLadderToMovePct / 100;
  // The others: one opponent is simply subtracted (a zero-sum race); with
  // several, their mean, since every place counts (measured against the
  // mean of the mean and the best, and against nobody: bench/README.md).
  int n = 0, sum = 0, best = -kWin, best_gain_other = 0;  // best: two units only
  for (int u = 0; u < st.num_units; ++u) {
    if (u == me) continue;
    ++n;
    sum += worth[u];
    best = std::max(best, worth[u]);
    best_gain_other = std::max(best_gain_other, gain[u]);
  }
  if (n == 1) score -= best;
  if (n > 1) score -= sum / n;
  if (n > 0 && !root_to_move) score -= best_gain_other * kLadderToMovePct / 100;
  // Below the search's finish scores (kWin - plies), whatever the penalties.
  return std::clamp(score, -kWin / 2, kWin / 2);
}

bool unit_home(const Position& pos, const Setting& st, int u) {
  bool any = false;
  for (Seat s = 0; s < kMaxSeats; ++s) {
    if (st.unit[s] != u) continue;
    any = true;
    if (!goal_reached(pos, s)) return false;
  }
  return any;
}

}  // namespace sternhalma::internal
