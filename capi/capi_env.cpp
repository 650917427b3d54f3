// capi_env.cpp — the C ABI of the RL environment (sternhalma.h, last
// section): argument checks and conversions around sternhalma::VecEnv.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "capi_internal.h"
#include "sternhalma/env.h"
#include "sternhalma/player.h"
#include "sternhalma/record.h"
#include "sternhalma/text.h"  // quote(): every echo of caller text, as the library does

using namespace sternhalma;
using namespace sh_capi;

struct sh_env {
  VecEnv env;
  mutable std::string error;
};

static_assert(SH_ENV_NUM_ACTIONS == kNumActions);
static_assert(SH_ENV_NUM_PLANES == kNumPlanes);
static_assert(SH_ENV_NO_ACTION == kNoAction);
static_assert(SH_ENV_MAX_ENVS == VecEnv::kMaxEnvs);

namespace {

// The fields of a growable struct the caller's `size` covers.
template <class S>
bool covers(const S* s, size_t end_of_field) {
  return s->size >= end_of_field;
}

sh_status check_index(const sh_env* e, size_t i) {
  if (i >= e->env.size())
    return fail(&e->error, SH_ERR_RANGE,
                "env: game index " + std::to_string(i) + " is not 0.." +
                    std::to_string(e->env.size() - 1));
  return SH_OK;
}

// A caller's array of n entries where the env wants one per game or player:
// "env: room for <n> <what>, <want> <of>".
sh_status check_room(const sh_env* e, size_t n, size_t want, const char* what, const char* of) {
  if (n != want)
    return fail(&e->error, SH_ERR_RANGE,
                "env: room for " + std::to_string(n) + " " + what + ", " + std::to_string(want) +
                    " " + of);
  return SH_OK;
}

// Every call on an env: exceptions become statuses on its error slot, and a
// NULL env is refused before f runs.
template <class F>
sh_status env_call(const sh_env* env, F&& f) {
  return guard(slot_of(env), [&]() -> sh_status {
    NEED(env);
    return f();
  });
}

sh_status take_buffers(const sh_env* e, const sh_env_buffers* b, EnvBuffers* out) {
  if (!covers(b, SH_ENV_BUFFERS_SIZE_V1))
    return fail(&e->error, SH_ERR_RANGE,
                "env: buffers->size " + std::to_string(b->size) + " is below the first layout's " +
                    std::to_string(SH_ENV_BUFFERS_SIZE_V1) + " bytes (set it to sizeof(sh_env_buffers))");
  out->obs = b->obs;
  out->mask = b->mask;
  out->rewards = b->rewards;
  out->terminated = b->terminated;
  out->truncated = b->truncated;
  out->to_play = b->to_play;
  if (covers(b, offsetof(sh_env_buffers, num_legal) + sizeof(int32_t*))) {
    out->legal = b->legal;
    out->num_legal = b->num_legal;
  }
  return SH_OK;
}

}  // namespace

SH_API sh_status sh_env_options_init(sh_env_options* o, size_t size) {
  return guard(nullptr, [&] {
    NEED(o);
    TRY(check_struct_size(nullptr, size, SH_ENV_OPTIONS_SIZE_V1, "sh_env_options"));
    const EnvOptions d;  // the library's defaults, read from the one place
    sh_env_options x{};
    x.size = size;
    x.layout = d.layout == ObsLayout::kGrid ? SH_OBS_GRID : SH_OBS_CELLS;
    x.dtype = d.dtype == ObsType::kUint8 ? SH_OBS_UINT8 : SH_OBS_FLOAT32;
    x.reward = d.reward == RewardKind::kWin ? SH_REWARD_WIN : SH_REWARD_RANK;
    x.max_turns = d.max_turns;
    x.auto_reset = d.auto_reset;
    x.record = d.record;
    x.action_frame = d.action_frame == ActionFrame::kObserver ? SH_ACTION_OBSERVER : SH_ACTION_BOARD;
    put_struct(x, o, size);
    return SH_OK;
  });
}

SH_API sh_status sh_env_new(const sh_rules* rules, const sh_env_options* options,
                            size_t num_envs, sh_env** out) {
  return guard(slot_of(rules), [&]() -> sh_status {
    NEED(rules);
    NEED_H(rules, out);
    std::string* slot = &rules->error;  // each refusal is also the rules' last error
    EnvOptions o;
    if (options) {
      if (!covers(options, SH_ENV_OPTIONS_SIZE_V1))
        return fail(slot, SH_ERR_RANGE,
                    "env: options->size " + std::to_string(options->size) +
                        " is below the first layout's " + std::to_string(SH_ENV_OPTIONS_SIZE_V1) +
                        " bytes (use sh_env_options_init(o, sizeof *o))");
      if (options->layout != SH_OBS_CELLS && options->layout != SH_OBS_GRID)
        return fail(slot, SH_ERR_OPTION, "env: layout " + std::to_string(options->layout) +
                                             " is not SH_OBS_CELLS (0) or SH_OBS_GRID (1)");
      if (options->dtype != SH_OBS_FLOAT32 && options->dtype != SH_OBS_UINT8)
        return fail(slot, SH_ERR_OPTION, "env: dtype " + std::to_string(options->dtype) +
                                             " is not SH_OBS_FLOAT32 (0) or SH_OBS_UINT8 (1)");
      if (options->reward != SH_REWARD_RANK && options->reward != SH_REWARD_WIN)
        return fail(slot, SH_ERR_OPTION, "env: reward " + std::to_string(options->reward) +
                                             " is not SH_REWARD_RANK (0) or SH_REWARD_WIN (1)");
      o.layout = options->layout == SH_OBS_GRID ? ObsLayout::kGrid : ObsLayout::kCells;
      o.dtype = options->dtype == SH_OBS_UINT8 ? ObsType::kUint8 : ObsType::kFloat32;
      o.reward = options->reward == SH_REWARD_WIN ? RewardKind::kWin : RewardKind::kRank;
      o.max_turns = options->max_turns;
      o.auto_reset = options->auto_reset != 0;
      if (covers(options, offsetof(sh_env_options, opponents) + sizeof(options->opponents)))
        for (int p = 0; p < SH_MAX_SEATS; ++p) {
          const char* level = options->opponents[p];
          if (!level) continue;
          const std::optional<Level> l = parse_level(level);
          if (!l)
            return fail(slot, SH_ERR_OPTION,
                        "env: opponents[" + std::to_string(p) + "] " + text::quote(level) +
                            " is not a player level (easy, normal, hard, ...)");
          o.opponents[p] = *l;
        }
      if (covers(options, offsetof(sh_env_options, record) + sizeof(int)))
        o.record = options->record != 0;
      if (covers(options, offsetof(sh_env_options, action_frame) + sizeof(int))) {
        if (options->action_frame != SH_ACTION_BOARD && options->action_frame != SH_ACTION_OBSERVER)
          return fail(slot, SH_ERR_OPTION, "env: action_frame " + std::to_string(options->action_frame) +
                                               " is not SH_ACTION_BOARD (0) or SH_ACTION_OBSERVER (1)");
        o.action_frame = options->action_frame == SH_ACTION_OBSERVER ? ActionFrame::kObserver : ActionFrame::kBoard;
      }
    }
    absl::StatusOr<VecEnv> e = VecEnv::create(rules->rules, o, num_envs);
    if (!e.ok()) return status_of(slot, e.status(), SH_ERR_OPTION);
    *out = new sh_env{*std::move(e), {}};
    return SH_OK;
  });
}

SH_API sh_status sh_env_clone(const sh_env* env, sh_env** out) {
  return env_call(env, [&]() -> sh_status {
    NEED_H(env, out);
    *out = new sh_env{env->env, {}};
    return SH_OK;
  });
}

SH_API void sh_env_free(sh_env* env) { delete env; }

SH_API const char* sh_env_error(const sh_env* env) { return error_of(env, "env handle is NULL"); }

SH_API sh_status sh_env_spec_get(const sh_env* env, sh_env_spec* spec) {
  return env_call(env, [&]() -> sh_status {
    NEED_H(env, spec);
    if (!covers(spec, SH_ENV_SPEC_SIZE_V1))
      return fail(&env->error, SH_ERR_RANGE,
                  "env: spec->size " + std::to_string(spec->size) + " is below the first layout's " +
                      std::to_string(SH_ENV_SPEC_SIZE_V1) + " bytes (set it to sizeof(sh_env_spec))");
    const EnvOptions& o = env->env.options();
    const Seating& s = env->env.players();
    sh_env_spec x{};
    x.size = spec->size;
    x.num_envs = env->env.size();
    x.num_players = s.num_players;
    for (int p = 0; p < SH_MAX_SEATS; ++p) x.seats[p] = p < s.num_players ? s.seat[p] : SH_NO_SEAT;
    x.planes = kNumPlanes;
    x.height = o.layout == ObsLayout::kGrid ? kGridSide : 1;
    x.width = o.layout == ObsLayout::kGrid ? kGridSide : kNumCells;
    x.obs_values = static_cast<size_t>(obs_values(o.layout));
    x.obs_bytes = static_cast<size_t>(obs_bytes(o.layout, o.dtype));
    x.num_actions = kNumActions;
    put_struct(x, spec, spec->size);
    return SH_OK;
  });
}

SH_API sh_status sh_env_reset(sh_env* env, uint64_t seed, const sh_env_buffers* buffers) {
  return env_call(env, [&]() -> sh_status {
    NEED_H(env, buffers);
    EnvBuffers b;
    TRY(take_buffers(env, buffers, &b));
    env->env.reset(seed, b);
    return SH_OK;
  });
}

SH_API sh_status sh_env_step(sh_env* env, const int32_t* actions, size_t n,
                             const sh_env_buffers* buffers) {
  return env_call(env, [&]() -> sh_status {
    NEED_H(env, actions);
    NEED_H(env, buffers);
    if (n != env->env.size())
      return fail(&env->error, SH_ERR_RANGE,
                  "env: " + std::to_string(n) + " actions for " + std::to_string(env->env.size()) +
                      " games");
    EnvBuffers b;
    TRY(take_buffers(env, buffers, &b));
    const absl::Status s = env->env.step(actions, b);
    if (!s.ok()) return status_of(&env->error, s, SH_ERR_MOVE);
    return SH_OK;
  });
}

SH_API sh_status sh_env_sample_legal(sh_env* env, int32_t* actions, size_t n) {
  return env_call(env, [&]() -> sh_status {
    NEED_H(env, actions);
    TRY(check_room(env, n, env->env.size(), "actions", "games"));
    env->env.sample_legal(actions);
    return SH_OK;
  });
}

SH_API sh_status sh_env_legal_actions(const sh_env* env, size_t i, int32_t* out, size_t cap,
                                      size_t* count) {
  return env_call(env, [&]() -> sh_status {
    TRY(check_index(env, i));
    const std::vector<int32_t> v = env->env.legal_actions(i);
    return put_array(&env->error, v.data(), v.size(), out, cap, count, "legal actions array");
  });
}

SH_API sh_status sh_env_status(const sh_env* env, size_t i, int* to_play, int* turns,
                               int* terminated, int* truncated) {
  return env_call(env, [&]() -> sh_status {
    TRY(check_index(env, i));
    if (to_play) *to_play = env->env.current_player(i);
    if (turns) *turns = env->env.game(i).turns();
    if (terminated) *terminated = env->env.done(i) && !env->env.truncated(i);
    if (truncated) *truncated = env->env.truncated(i);
    return SH_OK;
  });
}

SH_API sh_status sh_env_engine_action(const sh_env* env, size_t i, const char* level,
                                      uint64_t seed, int32_t* action) {
  return env_call(env, [&]() -> sh_status {
    NEED_H(env, level);
    NEED_H(env, action);
    TRY(check_index(env, i));
    const std::optional<Level> l = parse_level(level);
    if (!l)
      return fail(&env->error, SH_ERR_OPTION,
                  "env: " + text::quote(level) + " is not a player level (easy, normal, hard, ...)");
    *action = env->env.engine_action(i, *l, seed);
    return SH_OK;
  });
}

SH_API sh_status sh_env_observe(const sh_env* env, size_t i, int player, void* out,
                                size_t bytes) {
  return env_call(env, [&]() -> sh_status {
    NEED_H(env, out);
    TRY(check_index(env, i));
    const Seating& s = env->env.players();
    if (player < 0 || player >= s.num_players)
      return fail(&env->error, SH_ERR_SEAT,
                  "env: player " + std::to_string(player) + " is not 0.." +
                      std::to_string(s.num_players - 1));
    const EnvOptions& o = env->env.options();
    const size_t need = static_cast<size_t>(obs_bytes(o.layout, o.dtype));
    if (bytes != need)
      return fail(&env->error, SH_ERR_RANGE,
                  "env: observation buffer of " + std::to_string(bytes) + " bytes, " +
                      std::to_string(need) + " needed");
    if (o.dtype == ObsType::kFloat32)
      observe(env->env.game(i), s.seat[player], o.layout, o.max_turns, static_cast<float*>(out));
    else
      observe(env->env.game(i), s.seat[player], o.layout, o.max_turns, static_cast<uint8_t*>(out));
    return SH_OK;
  });
}

SH_API sh_status sh_env_returns(const sh_env* env, size_t i, float* out, size_t n) {
  return env_call(env, [&]() -> sh_status {
    NEED_H(env, out);
    TRY(check_index(env, i));
    TRY(check_room(env, n, static_cast<size_t>(env->env.players().num_players), "returns",
                   "players"));
    game_returns(env->env.game(i), env->env.options().reward, out);
    return SH_OK;
  });
}

SH_API sh_status sh_env_position(const sh_env* env, size_t i, sh_position** out) {
  return env_call(env, [&]() -> sh_status {
    NEED_H(env, out);
    TRY(check_index(env, i));
    const Game& g = env->env.game(i);
    *out = new sh_position(g.shared_rules(), g.position());
    return SH_OK;
  });
}

SH_API sh_status sh_env_record(const sh_env* env, size_t i, char* buf, size_t size,
                               size_t* needed) {
  return env_call(env, [&]() -> sh_status {
    TRY(check_index(env, i));
    absl::StatusOr<std::string> text = record_text(env->env.game(i), 0);
    if (!text.ok()) return status_of(&env->error, text.status(), SH_ERR_LIMIT);
    return put_text(&env->error, *text, buf, size, needed);
  });
}

SH_API sh_status sh_env_playouts(const sh_env* env, size_t i, int n, double epsilon,
                                 int max_turns, uint64_t seed, float* out, size_t n_out) {
  return env_call(env, [&]() -> sh_status {
    NEED_H(env, out);
    TRY(check_index(env, i));
    TRY(check_room(env, n_out, static_cast<size_t>(env->env.players().num_players), "returns",
                   "players"));
    const absl::Status s = env->env.playouts(i, n, epsilon, max_turns, seed, out);
    if (!s.ok()) return status_of(&env->error, s, SH_ERR_MOVE);
    return SH_OK;
  });
}

SH_API sh_status sh_env_symmetries(const sh_env* env, int* rotation, int* reflect, size_t cap,
                                   size_t* count) {
  return env_call(env, [&]() -> sh_status {
    const std::vector<Symmetry> v = table_symmetries(env->env.rules());
    std::vector<int> rot, refl;
    for (const Symmetry& s : v) {
      rot.push_back(s.rotation);
      refl.push_back(s.reflect ? 1 : 0);
    }
    if ((rotation == nullptr) != (reflect == nullptr))
      return fail(&env->error, SH_ERR_NULL, "env: give both rotation and reflect, or neither");
    if (sh_status st = put_array(&env->error, rot.data(), rot.size(), rotation, cap, count,
                                 "rotation array");
        st != SH_OK)
      return st;
    return put_array(&env->error, refl.data(), refl.size(), reflect, cap, count, "reflect array");
  });
}
