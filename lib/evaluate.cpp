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
// goes on for places, and one the exit deadline puts out.
constexpr int kArrived = 20 * kStep;
constexpr int kOutWorth = -kWin / 2;

// Three or more units: a unit's place is one plus the number of others that
// finish before it, so each other unit costs the chance that it finishes
// first, taken as a logistic curve of how far its worth is ahead of the root
// unit's: kRivalScale is the gap (four moves at three steps a move) that
// makes the chance 1/(1+e^-1), and a rival's whole chance costs
// kRivalWeight. A rival close in the race counts about as much as one
// opponent does in a two-unit game; one far ahead or far behind counts
// nothing, so the player neither spends tempo blocking a race it cannot
// change nor lets a close rival's advance go unanswered. Chosen by playing
// matches (bench/README.md).
constexpr int kRivalScale = 12 * kStep;
constexpr int kRivalWeight = 4 * kRivalScale;

// The logistic curve at whole steps of the gap, in kRivalWeight's units:
// computed by the compiler (basic double arithmetic only), so that the
// evaluation is integer arithmetic at run time and the same on every
// machine, as node budgets promise (player.h).
constexpr int kRivalSpan = 8 * kRivalScale / kStep;  // steps either side; beyond, 0 or all
constexpr double exp_near(double x) {  // e^x for |x| <= 8: (e^(x/64))^64, a series for e^(x/64)
  const double y = x / 64;
  double term = 1, sum = 1;
  for (int k = 1; k < 12; ++k) sum += term *= y / k;
  for (int k = 0; k < 6; ++k) sum *= sum;
  return sum;
}
constexpr std::array<int, 2 * kRivalSpan + 1> kRivalCost = [] {
  std::array<int, 2 * kRivalSpan + 1> t{};
  for (int i = 0; i <= 2 * kRivalSpan; ++i) {
    const double x = static_cast<double>((i - kRivalSpan) * kStep) / kRivalScale;
    t[static_cast<size_t>(i)] = static_cast<int>(kRivalWeight / (1 + exp_near(-x)) + 0.5);
  }
  return t;
}();
// Half the weight at a gap of 0; 1/(1+e^-1) of it (3509.1 of 4800) at kRivalScale.
static_assert(kRivalCost[kRivalSpan] == kRivalWeight / 2);
static_assert(kRivalCost[kRivalSpan + kRivalScale / kStep] == 3509);
static_assert(kRivalCost.front() == 2 && kRivalCost.back() == kRivalWeight - 2);

int home_tip(Seat s) { return tip_cell(s); }

}  // namespace

// The curve above, interpolated between whole steps: a rival's whole chance
// costs kRivalWeight, so the chance is counted in parts of it.
static_assert(kChanceWhole == kRivalWeight);
int chance_ahead(int gap) {
  if (gap <= -kRivalSpan * kStep) return kRivalCost.front();
  if (gap >= kRivalSpan * kStep) return kRivalCost.back();
  const int shifted = gap + kRivalSpan * kStep;  // 0 .. 2 * span * kStep
  const int i = shifted / kStep, frac = shifted % kStep;
  const int lo = kRivalCost[static_cast<size_t>(i)], hi = kRivalCost[static_cast<size_t>(i) + 1];
  return lo + (hi - lo) * frac / kStep;
}

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

int race_worth(const Position& pos, Seat s, const Setting& st) {
  const Rules& r = *st.rules;
  // The race (rule 10): the assignment distance, which is what ranks seats
  // and what reaches 0 on arrival.
  // Arrival is rule 3's (goal_reached: a goal completed past a blocker,
  // the king on the tip), not a distance of 0.
  if (goal_reached(pos, s)) return kArrived;
  int worth = -kStep * goal_distance(pos, s);

  // The exit deadline (rule 7): marbles at home when the seat's moves run out
  // put it out; after the deadline a marble brought home does too.
  if (r.deadline > 0) {
    const int at_home = (pos.pieces(s) & home_cells(s, r.marbles)).count();
    const int left = r.deadline - st.moves_made[s];
    if (at_home > 0) {
      if (left <= 0) return kOutWorth;
      if (left <= 2 * at_home + kDeadlineMargin) worth -= kHomeLate * at_home;
    }
  }
  return worth;
}

int seat_worth(const Position& pos, Seat s, const Setting& st) {
  int worth = race_worth(pos, s, st);
  if (worth == kArrived || worth == kOutWorth) return worth;
  const Bits& goal = goal_cells(*st.rules, s);
  const Bits& mine = pos.pieces(s);

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
  // Three or more units: each other unit costs its chance of finishing
  // first (kRivalScale above; measured against their mean and their best
  // subtracted, and against nobody: bench/README.md).
  if (st.num_units >= 3) {
    for (int u = 0; u < st.num_units; ++u)
      if (u != me) score -= chance_ahead(worth[u] - worth[me]);
    return std::clamp(score, -kWin / 2, kWin / 2);
  }
  // One opponent is simply subtracted (a zero-sum race), its ladder counting
  // more when it moves next.
  for (int u = 0; u < st.num_units; ++u) {
    if (u == me) continue;
    score -= worth[u];
    if (!root_to_move) score -= gain[u] * kLadderToMovePct / 100;
  }
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
