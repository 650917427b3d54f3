// planes.h — writing observation planes (env.h): the cell index of each
// observer's view, the fixed planes, the scalar values and the planes that
// change with the game. Internal to lib/: observe.cpp (observe(), one view)
// and env.cpp (VecEnv, which copies the fixed planes once and rewrites only
// what changed) write the same planes with these, so the encoding has one
// place.
#ifndef STERNHALMA_INTERNAL_PLANES_H_
#define STERNHALMA_INTERNAL_PLANES_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "sternhalma/env.h"
#include "sternhalma/game.h"
#include "sternhalma/geometry.h"
#include "sternhalma/zones.h"

namespace sternhalma::internal {

// kIndex[layout][observer][c]: where cell c of the board lands inside a
// plane of the observer's view (the board rotated by -observer).
struct ObsIndex {
  std::array<std::array<std::array<int16_t, kNumCells>, kMaxSeats>, 2> at{};
  std::array<int16_t, kNumCells> grid{};  // unrotated cell -> grid index
};
constexpr ObsIndex make_obs_index() {
  ObsIndex t{};
  for (Cell c = 0; c < kNumCells; ++c) {
    const Hex h = hex_of(c);
    t.grid[c] = static_cast<int16_t>((h.r + 8) * kGridSide + (h.q + 8));
  }
  for (int o = 0; o < kMaxSeats; ++o)
    for (Cell c = 0; c < kNumCells; ++c) {
      const Cell v = rotate(c, -o);
      t.at[0][o][c] = static_cast<int16_t>(v);
      t.at[1][o][c] = t.grid[v];
    }
  return t;
}
inline constexpr ObsIndex kIndex = make_obs_index();

// A scalar plane's value: v in [0, 1]; uint8 holds round(255 v).
template <class T>
T scalar(double v) {
  v = std::clamp(v, 0.0, 1.0);
  if constexpr (sizeof(T) == 1)
    return static_cast<T>(static_cast<int>(255.0 * v + 0.5));  // v >= 0: lround
  else
    return static_cast<T>(v);
}

inline double fraction_left(int limit, int used) {
  return limit > 0 ? std::max(0, limit - used) / static_cast<double>(limit) : 1.0;
}

// The seat whose marbles `observer` moves: its partner's when it has
// arrived and keeps its turns to move for the partner (Game::has_turn).
inline Seat moves_for(const Game& g, Seat observer) {
  if (g.status(observer) != SeatStatus::kPlaying && g.has_turn(observer))
    return opposite_point(observer);
  return observer;
}

// Every star cell of a plane set to v (a scalar plane).
template <class T>
void fill_plane(T* plane, ObsLayout layout, T v) {
  if (layout == ObsLayout::kCells)
    std::fill(plane, plane + kNumCells, v);
  else
    for (Cell c = 0; c < kNumCells; ++c) plane[kIndex.grid[c]] = v;
}

// The planes fixed by the table, the observer and whose marbles it moves:
// 7 (goal), 8 (may not end), and 10 (deadline) on tables without a
// deadline. out must be zero.
template <class T>
void observe_fixed(const Rules& r, Seat observer, Seat owner, ObsLayout layout, T* out) {
  const int ps = plane_size(layout);
  const auto& at = kIndex.at[layout == ObsLayout::kGrid ? 1 : 0][observer];
  T* plane = out + kPlaneGoal * ps;
  goal_cells(r, owner).for_each([&](Cell c) { plane[at[c]] = T(1); });
  plane = out + kPlaneClosed * ps;
  closed_cells(r, owner).for_each([&](Cell c) { plane[at[c]] = T(1); });
  if (r.deadline <= 0) fill_plane(out + kPlaneDeadline * ps, layout, scalar<T>(1.0));
}

// The values of the scalar planes 9..11 (plane 10 is 1 on tables without
// a deadline).
template <class T>
std::array<T, 3> scalar_values(const Game& g, Seat observer, Seat owner, int turns_cap) {
  const Rules& r = g.rules();
  double turns_left = 1.0;
  if (r.limit_unit == LimitUnit::kTurns) turns_left = fraction_left(r.limit, g.turns());
  if (r.limit_unit == LimitUnit::kRounds) turns_left = fraction_left(r.limit, g.round());
  if (turns_cap > 0) turns_left = std::min(turns_left, fraction_left(turns_cap, g.turns()));
  return {scalar<T>(turns_left),
          scalar<T>(r.deadline > 0 ? fraction_left(r.deadline, g.moves_made(observer)) : 1.0),
          T(owner != observer ? 1 : 0)};
}

// The planes that change with the game (the rest): the seat slots, kings,
// 9 (turns left), 10 on tables with a deadline, 11 (helping). out holds
// observe_fixed()'s planes and zeros elsewhere.
template <class T>
void observe_moving(const Game& g, const Seating& seats, Seat observer, Seat owner,
                    ObsLayout layout, int turns_cap, T* out) {
  const int ps = plane_size(layout);
  const auto& at = kIndex.at[layout == ObsLayout::kGrid ? 1 : 0][observer];
  const Position& pos = g.position();
  const Rules& r = g.rules();
  const int me = seats.player[observer];
  for (int k = 0; k < seats.num_players; ++k) {
    const Seat s = seats.seat[(me + k) % seats.num_players];
    T* plane = out + k * ps;
    pos.pieces(s).for_each([&](Cell c) { plane[at[c]] = T(1); });
  }
  if (r.king()) {
    T* plane = out + kPlaneKings * ps;
    pos.kings().for_each([&](Cell c) { plane[at[c]] = T(1); });
  }
  const std::array<T, 3> values = scalar_values<T>(g, observer, owner, turns_cap);
  for (int k = 0; k < 3; ++k) {
    if (k == 1 && r.deadline <= 0) continue;  // a fixed plane
    if (values[k] != T(0)) fill_plane(out + (kPlaneTurnsLeft + k) * ps, layout, values[k]);
  }
}

template <class T>
void observe_impl(const Game& g, const Seating& seats, Seat observer, ObsLayout layout,
                  int turns_cap, T* out) {
  std::memset(out, 0, sizeof(T) * static_cast<size_t>(obs_values(layout)));
  const Seat owner = moves_for(g, observer);
  observe_fixed(g.rules(), observer, owner, layout, out);
  observe_moving(g, seats, observer, owner, layout, turns_cap, out);
}


}  // namespace sternhalma::internal

#endif  // STERNHALMA_INTERNAL_PLANES_H_
