// env.cpp — the game as an RL environment (env.h): encodings only; every rule
// is the Game's.
#include "sternhalma/env.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "sternhalma/distance.h"
#include "sternhalma/geometry.h"
#include "sternhalma/movegen.h"
#include "sternhalma/player.h"
#include "sternhalma/playout.h"

namespace sternhalma {

namespace {

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
constexpr ObsIndex kIndex = make_obs_index();

// A scalar plane's value: v in [0, 1]; uint8 holds round(255 v).
template <class T>
T scalar(double v) {
  v = std::clamp(v, 0.0, 1.0);
  if constexpr (sizeof(T) == 1)
    return static_cast<T>(static_cast<int>(255.0 * v + 0.5));  // v >= 0: lround
  else
    return static_cast<T>(v);
}

double fraction_left(int limit, int used) {
  return limit > 0 ? std::max(0, limit - used) / static_cast<double>(limit) : 1.0;
}

// The seat whose marbles `observer` moves: its partner's when it has
// arrived and keeps its turns to move for the partner (Game::has_turn).
Seat moves_for(const Game& g, Seat observer) {
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

}  // namespace

Seating seating(const Rules& rules) {
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

// ------------------------------------------------------------------ VecEnv

VecEnv::VecEnv(const Game& initial, const EnvOptions& o, size_t n)
    : initial_(initial), opt_(o), seating_(seating(initial.rules())) {
  if (!opt_.record) initial_.stop_recording();
  make_fixed();
  envs_.reserve(n);
  for (size_t i = 0; i < n; ++i) envs_.emplace_back(initial_);
}

absl::StatusOr<VecEnv> VecEnv::create(const Rules& rules, const EnvOptions& options,
                                      size_t num_envs) {
  if (num_envs < 1 || num_envs > kMaxEnvs)
    return absl::OutOfRangeError(
        absl::StrCat("env: num_envs ", num_envs, " is not 1..", kMaxEnvs));
  if (options.layout != ObsLayout::kCells && options.layout != ObsLayout::kGrid)
    return absl::InvalidArgumentError("env: layout is not kCells or kGrid");
  if (options.dtype != ObsType::kFloat32 && options.dtype != ObsType::kUint8)
    return absl::InvalidArgumentError("env: dtype is not kFloat32 or kUint8");
  if (options.reward != RewardKind::kRank && options.reward != RewardKind::kWin)
    return absl::InvalidArgumentError("env: reward is not kRank or kWin");
  if (options.max_turns < 0)
    return absl::OutOfRangeError(absl::StrCat("env: max_turns ", options.max_turns, " is negative"));
  absl::StatusOr<Game> g = Game::create(rules);
  if (!g.ok()) return g.status();
  int agents = 0;
  for (int p = 0; p < rules.num_seats(); ++p) agents += !options.opponents[p];
  for (int p = rules.num_seats(); p < kMaxSeats; ++p)
    if (options.opponents[p])
      return absl::InvalidArgumentError(absl::StrCat(
          "env: opponent for player ", p, ", but ", rules.id, " has ", rules.num_seats(), " players"));
  if (agents == 0)
    return absl::InvalidArgumentError("env: every player is an engine opponent; leave one to the caller");
  return VecEnv(*g, options, num_envs);
}

// The fixed planes of each player's own view, made once: a step copies
// them and writes only the planes that change.
void VecEnv::make_fixed() {
  const size_t ob = static_cast<size_t>(obs_bytes(opt_.layout, opt_.dtype));
  fixed_.assign(ob * static_cast<size_t>(seating_.num_players), 0);
  for (int p = 0; p < seating_.num_players; ++p) {
    const Seat s = seating_.seat[p];
    void* out = fixed_.data() + ob * static_cast<size_t>(p);
    if (opt_.dtype == ObsType::kFloat32)
      observe_fixed(rules(), s, s, opt_.layout, static_cast<float*>(out));
    else
      observe_fixed(rules(), s, s, opt_.layout, static_cast<uint8_t*>(out));
  }
}

// Game i's observation from `observer`'s view into out, where `seen` says
// what out holds: in full (a fixed-plane copy, then the planes that change)
// unless out holds the same player's view, whose changed cells and scalar
// planes are then rewritten. seen then says what out holds.
template <class T>
void VecEnv::write_obs(size_t i, Seat observer, Seen& seen, bool full, T* out) const {
  const Game& g = envs_[i].game;
  const Seat owner = moves_for(g, observer);
  const ObsLayout layout = opt_.layout;
  const Position& pos = g.position();
  const int P = seating_.num_players, me = seating_.player[observer];
  const std::array<T, 3> values = scalar_values<T>(g, observer, owner, opt_.max_turns);
  if (full || seen.observer != observer || seen.owner != owner) {
    if (owner != observer) {
      observe_impl(g, seating_, observer, layout, opt_.max_turns, out);
    } else {
      const size_t n = static_cast<size_t>(obs_values(layout));
      std::memcpy(out, fixed_.data() + sizeof(T) * n * static_cast<size_t>(me), sizeof(T) * n);
      observe_moving(g, seating_, observer, owner, layout, opt_.max_turns, out);
    }
  } else {
    const int ps = plane_size(layout);
    const auto& at = kIndex.at[layout == ObsLayout::kGrid ? 1 : 0][observer];
    const auto redraw = [&](T* plane, const Bits& was, const Bits& now) {
      const Bits d = was ^ now;
      if (d.any()) d.for_each([&](Cell c) { plane[at[c]] = T(now.test(c) ? 1 : 0); });
    };
    for (int k = 0; k < P; ++k)
      redraw(out + k * ps, seen.slots[k], pos.pieces(seating_.seat[(me + k) % P]));
    if (g.rules().king()) redraw(out + kPlaneKings * ps, seen.kings, pos.kings());
    for (int k = 0; k < 3; ++k)
      if (static_cast<float>(values[k]) != seen.scalars[k])
        fill_plane(out + (kPlaneTurnsLeft + k) * ps, layout, values[k]);
  }
  seen.observer = observer;
  seen.owner = owner;
  for (int k = 0; k < P; ++k) seen.slots[k] = pos.pieces(seating_.seat[(me + k) % P]);
  seen.kings = g.rules().king() ? pos.kings() : Bits{};
  for (int k = 0; k < 3; ++k) seen.scalars[k] = static_cast<float>(values[k]);
}

// The view of a buffer set: the one known by its pointers, else a new one
// (the least recently used goes). Another view that shares a buffer no
// longer knows what it holds, so it goes too.
VecEnv::View& VecEnv::view_of(const EnvBuffers& out) {
  static_assert(kMaxViews >= 1);
  std::vector<View>& vs = views_.v;
  if (!out.obs && !out.mask) return views_.none;  // nothing to remember
  View* found = nullptr;
  for (View& v : vs)
    if (v.obs == out.obs && v.mask == out.mask) found = &v;
  if (!found) {
    std::erase_if(vs, [&](const View& v) {
      return (out.obs && v.obs == out.obs) || (out.mask && v.mask == out.mask);
    });
    if (vs.size() >= kMaxViews)
      vs.erase(std::min_element(vs.begin(), vs.end(),
                                [](const View& a, const View& b) { return a.used < b.used; }));
    vs.push_back(View{out.obs, out.mask, 0, std::vector<Seen>(envs_.size())});
    found = &vs.back();
  }
  found->used = ++views_.clock;
  return *found;
}

void VecEnv::write(size_t i, const EnvBuffers& out, View& view, bool full) {
  One& e = envs_[i];
  const Game& g = e.game;
  // A game that is over is seen by the learning player who moved last.
  Seat observer = g.is_over() ? e.last_mover : g.to_move();
  if (observer < 0)
    for (int p = seating_.num_players - 1; p >= 0; --p)
      if (!opt_.opponents[p]) observer = seating_.seat[p];
  const size_t ob = static_cast<size_t>(obs_bytes(opt_.layout, opt_.dtype));
  if (out.obs) {
    char* o = static_cast<char*>(out.obs) + i * ob;
    if (opt_.dtype == ObsType::kFloat32)
      write_obs(i, observer, view.seen[i], full, reinterpret_cast<float*>(o));
    else
      write_obs(i, observer, view.seen[i], full, reinterpret_cast<uint8_t*>(o));
  }
  e.full_mask = out.mask && (full || !view.seen[i].mask);
  const int P = seating_.num_players;
  if (out.rewards) {
    float* r = out.rewards + i * static_cast<size_t>(P);
    if (e.done && g.is_over())
      game_returns(g, opt_.reward, r);
    else
      std::fill(r, r + P, 0.0f);
  }
  if (out.terminated) out.terminated[i] = e.done && !e.truncated;
  if (out.truncated) out.truncated[i] = e.truncated;
  if (out.to_play) out.to_play[i] = observer >= 0 ? seating_.player[observer] : -1;
}

// The masks, after every game has been stepped: each game clears the
// entries this buffer holds (or its whole row when the buffer's content is
// not known) and sets its legal actions, listed from the game's own moves
// (Game::moves(): no second generation), which the buffer's record keeps.
// In a buffer that held the same player's mask two steps before, the two
// lie mostly on the same lines (the rows of that player's marbles). At 1024
// games the masks are 15 MB and nearly every line is a cache miss, so the
// lines of the game kMaskAhead places on (its mask entries in this buffer,
// its move set) are requested while this one is written.
void VecEnv::update_masks(uint8_t* mask, View& view) {
  const size_t n = envs_.size();
  for (size_t i = 0; i < n; ++i) {
    if (i + kMaskAhead < n) {
      const uint8_t* m = mask + (i + kMaskAhead) * kNumActions;
      for (const uint16_t a : view.seen[i + kMaskAhead].set) __builtin_prefetch(m + a, 1);
      const char* ms = reinterpret_cast<const char*>(&envs_[i + kMaskAhead].game.moves());
      for (int k = 0; k < 6; ++k) __builtin_prefetch(ms + 64 * k);
      __builtin_prefetch(view.seen[i + 2 * kMaskAhead < n ? i + 2 * kMaskAhead : i].set.data());
    }
    One& e = envs_[i];
    Seen& seen = view.seen[i];
    uint8_t* m = mask + i * kNumActions;
    if (e.full_mask)
      std::memset(m, 0, kNumActions);
    else
      for (const uint16_t a : seen.set) m[a] = 0;
    const MoveSet& moves = e.game.moves();
    seen.set.resize(e.done ? 0 : static_cast<size_t>(moves.size()));
    if (!e.done) {
      uint16_t* s = seen.set.data();
      moves.for_each([&](Move mv) {
        const int a = action_of(mv);
        m[a] = 1;
        *s++ = static_cast<uint16_t>(a);
      });
    }
    seen.mask = true;
  }
}

void VecEnv::restart(size_t i) {
  One& e = envs_[i];
  e.game = initial_;
  e.last_mover = -1;
  e.done = e.truncated = false;
  play_bots(i);
}

void VecEnv::play(size_t i, Move m, bool agent) {
  One& e = envs_[i];
  if (agent) e.last_mover = e.game.to_move();
  if (absl::Status s = e.game.apply(m); !s.ok()) return;  // validated by the caller
  const bool over = e.game.is_over();
  e.done = over || (opt_.max_turns > 0 && e.game.turns() >= opt_.max_turns);
  e.truncated = e.done && !over;
}

void VecEnv::play_bots(size_t i) {
  One& e = envs_[i];
  while (!e.done) {
    const int p = seating_.player[e.game.to_move()];
    if (!e.bots[p]) return;
    play(i, e.bots[p]->choose(e.game), false);
  }
}

void VecEnv::reset(uint64_t seed, const EnvBuffers& out) {
  for (size_t i = 0; i < envs_.size(); ++i) {
    One& e = envs_[i];
    e.rng = Rng(seed + i);
    for (int p = 0; p < kMaxSeats; ++p) {
      e.bots[p].reset();
      if (opt_.opponents[p]) e.bots[p].emplace(*opt_.opponents[p], e.rng.next());
    }
    restart(i);
  }
  reset_ = true;
  View& view = view_of(out);
  for (size_t i = 0; i < envs_.size(); ++i) write(i, out, view, true);
  if (out.mask) update_masks(out.mask, view);
}

absl::Status VecEnv::step(const int32_t* actions, const EnvBuffers& out) {
  // Before the first reset the opponents have no players and no game a seed.
  if (!reset_) return absl::FailedPreconditionError("env: step before the first reset");
  for (size_t i = 0; i < envs_.size(); ++i) {
    const One& e = envs_[i];
    if (e.done) {
      if (opt_.auto_reset) continue;
      return absl::FailedPreconditionError(
          absl::StrCat("env: game ", i, " has ended; reset it before stepping"));
    }
    const int32_t a = actions[i];
    if (a < 0 || a >= kNumActions)
      return absl::OutOfRangeError(
          absl::StrCat("env: game ", i, ": action ", a, " is not 0..", kNumActions - 1));
    if (!e.game.moves().contains(move_of(a))) {
      const absl::Status why = e.game.check(move_of(a));
      return absl::InvalidArgumentError(
          absl::StrCat("env: game ", i, ": action ", a, " is not legal (",
                       why.ok() ? "not in the mask" : why.message(), ")"));
    }
  }
  View& view = view_of(out);
  for (size_t i = 0; i < envs_.size(); ++i) {
    if (envs_[i].done) {
      restart(i);
    } else {
      play(i, move_of(actions[i]), true);
      play_bots(i);
    }
    write(i, out, view, false);
  }
  if (out.mask) update_masks(out.mask, view);
  return absl::OkStatus();
}

void VecEnv::sample_legal(int32_t* actions) {
  for (size_t i = 0; i < envs_.size(); ++i) {
    One& e = envs_[i];
    const MoveSet& moves = e.game.moves();
    actions[i] = e.done || moves.empty()
                     ? kNoAction
                     : action_of(moves[static_cast<int>(e.rng.below(static_cast<uint32_t>(moves.size())))]);
  }
}

std::vector<int32_t> VecEnv::legal_actions(size_t i) const {
  assert(i < envs_.size());
  std::vector<int32_t> v;
  if (!envs_[i].done) envs_[i].game.moves().for_each([&](Move m) { v.push_back(action_of(m)); });
  std::sort(v.begin(), v.end());
  return v;
}

int VecEnv::engine_action(size_t i, Level level, uint64_t seed) const {
  assert(i < envs_.size());
  const One& e = envs_[i];
  if (e.done) return kNoAction;
  Player p(level, seed);
  return action_of(p.choose(e.game));
}

int VecEnv::current_player(size_t i) const {
  assert(i < envs_.size());
  const One& e = envs_[i];
  return e.done ? -1 : seating_.player[e.game.to_move()];
}

absl::Status VecEnv::playouts(size_t i, int n, double epsilon, int max_turns, uint64_t seed,
                              float* out) const {
  if (i >= envs_.size())
    return absl::OutOfRangeError(absl::StrCat("env: game index ", i, " is not 0..", envs_.size() - 1));
  if (n < 0 || static_cast<size_t>(n) > kMaxPlayouts)
    return absl::OutOfRangeError(absl::StrCat("env: playouts n ", n, " is not 0..", kMaxPlayouts));
  if (max_turns < 0 || max_turns > kMaxEnvPlayoutTurns)
    return absl::OutOfRangeError(
        absl::StrCat("env: playouts max_turns ", max_turns, " is not 0..", kMaxEnvPlayoutTurns));
  if (!(epsilon >= 0.0 && epsilon <= 1.0))
    return absl::OutOfRangeError(absl::StrCat("env: playouts epsilon ", epsilon, " is not in 0..1"));
  const int P = seating_.num_players;
  std::vector<double> sum(static_cast<size_t>(P), 0.0);
  std::vector<float> ret(static_cast<size_t>(P));
  const uint32_t threshold = static_cast<uint32_t>(epsilon * 1e9);
  int64_t budget = kMaxEnvPlayoutTurnsInAll;  // the turns of all n playouts
  for (int k = 0; k < n; ++k) {
    Game g = envs_[i].game;
    g.stop_recording();  // a playout is never taken back nor written down
    Rng rng(seed + static_cast<uint64_t>(k));
    Player normal(Level::kNormal, rng.next());
    const int start = g.turns();
    MoveList list;
    while (!g.is_over() && g.turns() - start < max_turns) {
      if (budget-- == 0)
        return absl::ResourceExhaustedError(absl::StrCat(
            "env: playouts: the ceiling of ", kMaxEnvPlayoutTurnsInAll, " turns in all per call was reached in playout ",
            k, " of ", n, " (split the call)"));
      Move m;
      if (rng.below(1000000000u) < threshold) {
        list.clear();
        generate(g.position(), g.marbles_of(), list);
        m = list[static_cast<int>(rng.below(static_cast<uint32_t>(list.size())))];
      } else {
        m = normal.choose(g);
      }
      if (!g.apply(m).ok()) break;
    }
    if (g.is_over()) {
      game_returns(g, opt_.reward, ret.data());
    } else {
      // A heuristic, not a rule: each player's lead in goal distance over
      // the players' mean, squashed into (-1, 1) (10 steps ~ 0.76).
      double mean = 0;
      for (int p = 0; p < P; ++p) mean += ranking_distance(g.position(), seating_.seat[p]);
      mean /= P;
      for (int p = 0; p < P; ++p)
        ret[p] = static_cast<float>(
            std::tanh((mean - ranking_distance(g.position(), seating_.seat[p])) / 10.0));
    }
    for (int p = 0; p < P; ++p) sum[p] += ret[p];
  }
  for (int p = 0; p < P; ++p) out[p] = n > 0 ? static_cast<float>(sum[p] / n) : 0.0f;
  return absl::OkStatus();
}

}  // namespace sternhalma
