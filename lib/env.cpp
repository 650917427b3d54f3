// env.cpp — the game as an RL environment (env.h): N games stepped in one
// call (VecEnv); encodings only, every rule is the Game's. The planes are
// written by planes.h, one game's encodings are observe.cpp.
#include "sternhalma/env.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "sternhalma/distance.h"
#include "sternhalma/geometry.h"
#include "sternhalma/internal/planes.h"
#include "sternhalma/movegen.h"
#include "sternhalma/player.h"
#include "sternhalma/playout.h"

namespace sternhalma {

using namespace internal;  // NOLINT: the planes' writers are this file's vocabulary

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
  if (options.action_frame != ActionFrame::kBoard && options.action_frame != ActionFrame::kObserver)
    return absl::InvalidArgumentError("env: action_frame is not kBoard or kObserver");
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
  // Players are the seats in turn order from the first, and nobody passes at
  // the start: the engines before the caller's first player open every game
  // with one turn each. A max_turns within those would end each game inside
  // reset, before the caller has acted once.
  int opening = 0;
  while (options.opponents[opening]) ++opening;
  if (options.max_turns > 0 && options.max_turns <= opening)
    return absl::OutOfRangeError(absl::StrCat(
        "env: max_turns ", options.max_turns, " would end every game in reset: the engine opponents",
        " play the first ", opening, " turns, before the caller's first player"));
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
    vs.push_back(View{out.obs, out.mask, nullptr, 0, std::vector<Seen>(envs_.size())});
    found = &vs.back();
  }
  found->used = ++views_.clock;
  // Another set's legal rows are written here now: it no longer knows them.
  if (out.legal)
    for (View& v : vs)
      if (&v != found && v.legal == out.legal) v.legal = nullptr;
  return *found;
}

void VecEnv::write(size_t i, const EnvBuffers& out, View& view, bool full) {
  One& e = envs_[i];
  const Game& g = e.game;
  // A game that has ended (by its rules, or truncated by max_turns) is seen
  // by the learning player who moved last.
  Seat observer = e.done ? e.last_mover : g.to_move();
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
  if (out.legal || out.num_legal)
    write_legal(i, out, view.seen.empty() ? nullptr : &view.seen[i], full || view.legal != out.legal);
}

// The rotation that takes game i's board actions into the env's frame: the
// observer's (the seat to act) home to the bottom, as the observation.
int VecEnv::rotation_of(size_t i) const {
  if (opt_.action_frame == ActionFrame::kBoard || envs_[i].done) return 0;
  const Seat s = envs_[i].game.to_move();
  return s > 0 ? kMaxSeats - s : 0;
}

namespace {
int rotate_action(int a, int k) {
  return k == 0 ? a : rotate(static_cast<Cell>(a / kNumCells), k) * kNumCells + rotate(static_cast<Cell>(a % kNumCells), k);
}
}  // namespace

int VecEnv::to_frame(size_t i, int a) const { return rotate_action(a, rotation_of(i)); }
int VecEnv::from_frame(size_t i, int a) const { return rotate_action(a, (kMaxSeats - rotation_of(i)) % kMaxSeats); }

// Game i's legal actions from its move set, in the env's frame, padded
// with kNoAction; an ended game has none. A row the view knows (`seen`,
// not `full`) is padded only over the entries it held: the rest are -1
// already (a row is 6 kB, most of it padding).
void VecEnv::write_legal(size_t i, const EnvBuffers& out, Seen* seen, bool full) const {
  const One& e = envs_[i];
  int n = 0;
  if (out.legal) {
    int32_t* row = out.legal + i * static_cast<size_t>(kMaxMoves);
    if (!e.done) {
      const int k = rotation_of(i);
      e.game.moves().for_each([&](Move m) { row[n++] = rotate_action(action_of(m), k); });
    }
    const int was = seen && !full && seen->legal >= 0 ? seen->legal : kMaxMoves;
    if (was > n) std::fill(row + n, row + was, kNoAction);
    if (seen) seen->legal = n;
  } else if (!e.done) {
    n = e.game.moves().size();
  }
  if (out.num_legal) out.num_legal[i] = n;
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
      const int k = rotation_of(i);
      moves.for_each([&](Move mv) {
        const int a = rotate_action(action_of(mv), k);
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
  view.legal = out.legal;
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
    if (a == kNoAction)
      return absl::OutOfRangeError(absl::StrCat(
          "env: game ", i, ": action -1 (no action) is only for a game that ended at the last step; this one is on"));
    if (a < 0 || a >= kNumActions)
      return absl::OutOfRangeError(
          absl::StrCat("env: game ", i, ": action ", a, " is not 0..", kNumActions - 1));
    const int board = from_frame(i, a);
    if (!e.game.moves().contains(move_of(board))) {
      const absl::Status why = e.game.check(move_of(board));
      return absl::InvalidArgumentError(absl::StrCat(
          "env: game ", i, ": action ", a,
          board != a ? absl::StrCat(" (on the board ", board, ", the observer's frame turned back)") : "",
          " is not legal (", why.ok() ? "not in the mask" : why.message(), ")"));
    }
  }
  View& view = view_of(out);
  for (size_t i = 0; i < envs_.size(); ++i) {
    if (envs_[i].done) {
      restart(i);
    } else {
      play(i, move_of(from_frame(i, actions[i])), true);
      play_bots(i);
    }
    write(i, out, view, false);
  }
  view.legal = out.legal;
  if (out.mask) update_masks(out.mask, view);
  return absl::OkStatus();
}

void VecEnv::sample_legal(int32_t* actions) {
  for (size_t i = 0; i < envs_.size(); ++i) {
    One& e = envs_[i];
    const MoveSet& moves = e.game.moves();
    actions[i] = e.done || moves.empty()
                     ? kNoAction
                     : to_frame(i, action_of(moves[static_cast<int>(e.rng.below(static_cast<uint32_t>(moves.size())))]));
  }
}

std::vector<int32_t> VecEnv::legal_actions(size_t i) const {
  assert(i < envs_.size());
  std::vector<int32_t> v;
  if (!envs_[i].done) envs_[i].game.moves().for_each([&](Move m) { v.push_back(to_frame(i, action_of(m))); });
  std::sort(v.begin(), v.end());
  return v;
}

int VecEnv::engine_action(size_t i, Level level, uint64_t seed) const {
  assert(i < envs_.size());
  const One& e = envs_[i];
  if (e.done) return kNoAction;
  Player p(level, seed);
  return to_frame(i, action_of(p.choose(e.game)));
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
  const auto spent = [&](int k) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "env: playouts: the ceiling of ", kMaxEnvPlayoutTurnsInAll, " turns in all per call was reached in playout ",
        k, " of ", n, " (split the call)"));
  };
  // A playout is never taken back nor written down: each starts from one
  // copy without the game's history (copying the history for each of n
  // playouts cost more than the playouts on a long game).
  Game base = envs_[i].game;
  base.stop_recording();
  for (int k = 0; k < n; ++k) {
    Game g = base;
    Rng rng(seed + static_cast<uint64_t>(k));
    Player normal(Level::kNormal, rng.next());
    const int start = g.turns();
    // Its set-up and score cost a turn's worth: a playout that plays no turn
    // (max_turns 0, a game over) counts one, so n of them are bounded too.
    if ((max_turns == 0 || g.is_over()) && budget-- == 0) return spent(k);
    MoveList list;
    while (!g.is_over() && g.turns() - start < max_turns) {
      if (budget-- == 0) return spent(k);
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
