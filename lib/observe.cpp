// observe.cpp — the env's encodings of one game (env.h): seating, returns,
// one observation, the table's symmetries. Every rule is the Game's.
#include <cassert>
#include <vector>

#include "sternhalma/env.h"
#include "sternhalma/geometry.h"
#include "sternhalma/internal/planes.h"

namespace sternhalma {

using internal::observe_impl;


Seating seating(const Rules& rules) {
  assert(rules.first_seat >= 0 && rules.first_seat < kMaxSeats && rules.plays(rules.first_seat));
  Seating s;
  s.player.fill(-1);
  Seat p = rules.first_seat;
  for (int i = 0; i < rules.num_seats(); ++i) {
    s.seat[i] = p;
    s.player[p] = i;
    p = rules.next_seat(p);
  }
  s.num_players = rules.num_seats();
  return s;
}

void game_returns(const Game& g, RewardKind kind, float* out) {
  const Rules& r = g.rules();
  const Seating seats = seating(r);
  for (int i = 0; i < seats.num_players; ++i) out[i] = 0.0f;
  if (!g.is_over()) return;
  // Units: seats, or teams (the lower seat of each pair stands for it).
  std::vector<int> places;
  for (int i = 0; i < seats.num_players; ++i) {
    const Seat s = seats.seat[i];
    if (!r.teams || s < 3 || !r.plays(s - 3)) places.push_back(g.place(s));
  }
  const int units = static_cast<int>(places.size());
  for (int i = 0; i < seats.num_players; ++i) {
    const int place = g.place(seats.seat[i]);
    if (kind == RewardKind::kWin) {
      out[i] = place == 1 ? 1.0f : -1.0f;
      continue;
    }
    if (units < 2) continue;
    int better = 0, same = 0;
    for (const int p : places) {
      if (p < place) ++better;
      if (p == place) ++same;
    }
    // Mean of 1 - 2(k-1)/(U-1) over positions k = better+1 .. better+same.
    const double mid = better + (same - 1) / 2.0;  // mean of k-1
    out[i] = static_cast<float>(1.0 - 2.0 * mid / (units - 1));
  }
}

void observe(const Game& game, Seat observer, ObsLayout layout, int turns_cap, float* out) {
  observe_impl(game, seating(game.rules()), observer, layout, turns_cap, out);
}
void observe(const Game& game, Seat observer, ObsLayout layout, int turns_cap, uint8_t* out) {
  observe_impl(game, seating(game.rules()), observer, layout, turns_cap, out);
}

Cell apply_symmetry(Symmetry s, Cell c) { return rotate(s.reflect ? reflect(c) : c, s.rotation); }

int apply_symmetry_action(Symmetry s, int action) {
  const Move m = move_of(action);
  return apply_symmetry(s, m.from) * kNumCells + apply_symmetry(s, m.to);
}

std::vector<Symmetry> table_symmetries(const Rules& rules) {
  std::vector<Symmetry> out;
  for (const bool refl : {false, true}) {
    if (refl && rules.num_seats() > 2) break;  // it would reverse the turn order
    for (int k = 0; k < 6; ++k) {
      const Symmetry s{k, refl};
      bool ok = true;
      for (Seat p = 0; p < kMaxSeats && ok; ++p)
        if (rules.plays(p)) ok = rules.plays(point_of(apply_symmetry(s, tip_cell(p))));
      if (ok) out.push_back(s);
    }
  }
  return out;
}

}  // namespace sternhalma
