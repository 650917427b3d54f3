/* capi_env_test.c — the C ABI of the RL environment: every call, its
 * statuses on misuse (nothing changed), the mask against the position's
 * legal moves, auto-reset and clones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_check.h"
#include "sternhalma.h"

#define N 4

/* The mask of game i equals the legal moves of its position. */
static int mask_matches(const sh_env *env, size_t i, const uint8_t *mask) {
  sh_position *pos = NULL;
  sh_move moves[1600];
  size_t n = 0, k, set = 0;
  int a;
  if (sh_env_position(env, i, &pos) != SH_OK) return 0;
  if (sh_position_legal_moves(pos, moves, 1600, &n) != SH_OK) return 0;
  sh_position_free(pos);
  for (a = 0; a < SH_ENV_NUM_ACTIONS; ++a) set += mask[a];
  if (set != n) return 0;
  for (k = 0; k < n; ++k)
    if (mask[moves[k].from * 121 + moves[k].to] != 1) return 0;
  return 1;
}

int main(void) {
  sh_rules *rules = NULL, *unlimited = NULL;
  sh_env *env = NULL, *copy = NULL;
  sh_env_options opt;
  sh_env_spec spec;
  sh_env_buffers buf;
  float *obs, *obs1, rewards[N * 2], ret[2];
  uint8_t *mask, term[N], trunc[N];
  int32_t to_play[N], actions[N], legal[200];
  size_t count = 0, i;
  int rot[12], refl[12], to, turns, t, tr, step, ended = 0;
  char rec[64];

  CHECK(sh_rules_new("classic-2", &rules) == SH_OK);
  CHECK(sh_env_options_init(NULL, sizeof opt) == SH_ERR_NULL);
  CHECK(sh_env_options_init(&opt, sizeof opt) == SH_OK);
  CHECK(opt.size == sizeof opt && opt.auto_reset == 1 && opt.layout == SH_OBS_CELLS);
  CHECK(opt.record == 1 && opt.max_turns == 0 && opt.opponents[0] == NULL);
  /* Growth: a caller built against the first layout gets only its bytes
   * written; a newer caller's unknown tail is zeroed; below V1 nothing. */
  {
    unsigned char raw[sizeof(sh_env_options) + 16];
    sh_env_options *o = (sh_env_options *)raw;
    memset(raw, 0xAB, sizeof raw);
    CHECK(sh_env_options_init(o, SH_ENV_OPTIONS_SIZE_V1) == SH_OK);
    CHECK(o->size == SH_ENV_OPTIONS_SIZE_V1 && o->auto_reset == 1);
    for (i = SH_ENV_OPTIONS_SIZE_V1; i < sizeof raw; ++i) CHECK(raw[i] == 0xAB);
    /* opponents and record lie past its size: sh_env_new takes their defaults */
    CHECK(sh_env_new(rules, o, 1, &env) == SH_OK);
    sh_env_free(env);
    env = NULL;
    memset(raw, 0xAB, sizeof raw);
    CHECK(sh_env_options_init(o, sizeof raw) == SH_OK);
    CHECK(o->size == sizeof raw && o->record == 1);
    for (i = sizeof(sh_env_options); i < sizeof raw; ++i) CHECK(raw[i] == 0);
    memset(raw, 0xAB, sizeof raw);
    CHECK(sh_env_options_init(o, SH_ENV_OPTIONS_SIZE_V1 - 1) == SH_ERR_RANGE);
    CHECK(strstr(sh_last_error(), "sh_env_options size") != NULL);
    for (i = 0; i < sizeof raw; ++i) CHECK(raw[i] == 0xAB);
  }

  /* Misuse of sh_env_new: nothing is made. */
  CHECK(sh_env_new(NULL, &opt, N, &env) == SH_ERR_NULL);
  CHECK(sh_env_new(rules, &opt, 0, &env) == SH_ERR_RANGE);
  CHECK(sh_env_new(rules, &opt, SH_ENV_MAX_ENVS + 1, &env) == SH_ERR_RANGE);
  opt.layout = 7;
  CHECK(sh_env_new(rules, &opt, N, &env) == SH_ERR_OPTION);
  CHECK(strstr(sh_last_error(), "layout 7") != NULL);
  CHECK(strstr(sh_rules_error(rules), "layout 7") != NULL); /* on the handle too */
  opt.layout = SH_OBS_CELLS;
  opt.max_turns = -1;
  CHECK(sh_env_new(rules, &opt, N, &env) == SH_ERR_RANGE);
  opt.max_turns = 0;
  opt.size = 8;
  CHECK(sh_env_new(rules, &opt, N, &env) == SH_ERR_RANGE);
  CHECK(env == NULL);
  sh_env_options_init(&opt, sizeof opt);
  CHECK(sh_env_new(rules, NULL, N, &env) == SH_OK);

  spec.size = sizeof spec;
  CHECK(sh_env_spec_get(env, &spec) == SH_OK);
  CHECK(spec.num_envs == N && spec.num_players == 2 && spec.seats[0] == 0 && spec.seats[1] == 3);
  CHECK(spec.seats[2] == SH_NO_SEAT && spec.planes == 12 && spec.height == 1 && spec.width == 121);
  CHECK(spec.obs_values == 12 * 121 && spec.obs_bytes == 12 * 121 * 4);
  CHECK(spec.num_actions == 14641);
  {
    /* a newer caller's spec: the tail the library does not know is zeroed */
    unsigned char raw[sizeof(sh_env_spec) + 16];
    sh_env_spec *s = (sh_env_spec *)raw;
    memset(raw, 0xAB, sizeof raw);
    s->size = sizeof raw;
    CHECK(sh_env_spec_get(env, s) == SH_OK);
    CHECK(s->size == sizeof raw && s->num_envs == N && s->num_actions == 14641);
    for (i = sizeof(sh_env_spec); i < sizeof raw; ++i) CHECK(raw[i] == 0);
    s->size = SH_ENV_SPEC_SIZE_V1 - 1;
    CHECK(sh_env_spec_get(env, s) == SH_ERR_RANGE);
    CHECK(strstr(sh_env_error(env), "spec->size") != NULL);
  }

  obs = malloc(N * spec.obs_bytes);
  obs1 = malloc(spec.obs_bytes);
  mask = malloc((size_t)N * SH_ENV_NUM_ACTIONS);
  memset(mask, 0x5A, (size_t)N * SH_ENV_NUM_ACTIONS); /* reset clears garbage */
  buf = env_buffers(obs, mask, rewards, term, trunc, to_play);

  /* A step before the first reset: the opponents are not seated yet. */
  for (i = 0; i < N; ++i) actions[i] = 3 * 121 + 16; /* k3-k5 */
  CHECK(sh_env_step(env, actions, N, &buf) == SH_ERR_STATE);
  CHECK(strcmp(sh_env_error(env), "env: step before the first reset") == 0);
  CHECK(strcmp(sh_env_error(NULL), "env handle is NULL") == 0);

  buf.size = 4;
  CHECK(sh_env_reset(env, 1, &buf) == SH_ERR_RANGE);
  CHECK(strcmp(sh_env_error(env), sh_last_error()) == 0);
  buf.size = sizeof buf;
  CHECK(sh_env_reset(env, 1, NULL) == SH_ERR_NULL);
  CHECK(sh_env_reset(env, 1, &buf) == SH_OK);
  for (i = 0; i < N; ++i) {
    CHECK(mask_matches(env, i, mask + i * SH_ENV_NUM_ACTIONS));
    CHECK(to_play[i] == 0 && term[i] == 0 && trunc[i] == 0 && rewards[2 * i] == 0.0f);
  }
  /* The observer's marbles (slot 0) at the start: its home point, m1 at cell 0. */
  CHECK(obs[0] == 1.0f && obs[60] == 0.0f && obs[121 + 120] == 1.0f);

  /* Legal actions, sorted: the 14 opening moves of classic-2. */
  CHECK(sh_env_legal_actions(env, 0, NULL, 0, &count) == SH_OK && count == 14);
  CHECK(sh_env_legal_actions(env, 0, legal, 3, &count) == SH_ERR_BUFFER);
  CHECK(sh_env_legal_actions(env, N, legal, 200, &count) == SH_ERR_RANGE);
  CHECK(sh_env_legal_actions(env, 0, legal, 200, &count) == SH_OK && count == 14);
  for (i = 1; i < count; ++i) CHECK(legal[i - 1] < legal[i]);

  /* Illegal actions: all or nothing. */
  sh_env_sample_legal(env, actions, N);
  actions[2] = 60 * 121 + 61; /* i9-j9: no marble on i9 */
  CHECK(sh_env_step(env, actions, N, &buf) == SH_ERR_MOVE);
  CHECK(strstr(sh_env_error(env), "game 2") != NULL);
  actions[2] = 14641;
  CHECK(sh_env_step(env, actions, N, &buf) == SH_ERR_RANGE);
  CHECK(sh_env_step(env, actions, N - 1, &buf) == SH_ERR_RANGE);
  CHECK(sh_env_sample_legal(env, actions, N - 1) == SH_ERR_RANGE);
  CHECK(sh_env_status(env, 2, &to, &turns, &t, &tr) == SH_OK && to == 0 && turns == 0);

  /* Play: masks follow the positions; games end by the deadline and reset. */
  for (step = 0; step < 400; ++step) {
    CHECK(sh_env_sample_legal(env, actions, N) == SH_OK);
    CHECK(sh_env_step(env, actions, N, &buf) == SH_OK);
    for (i = 0; i < N; ++i) {
      if (term[i]) {
        ++ended;
        CHECK(actions[i] != SH_ENV_NO_ACTION);
        CHECK(rewards[2 * i] + rewards[2 * i + 1] == 0.0f);
        CHECK(rewards[2 * i] != 0.0f || rewards[2 * i + 1] == 0.0f);
        CHECK(sh_env_returns(env, i, ret, 2) == SH_OK && ret[0] == rewards[2 * i]);
        CHECK(sh_env_status(env, i, &to, NULL, &t, NULL) == SH_OK && to == -1 && t == 1);
      } else if (step % 17 == 0) {
        CHECK(mask_matches(env, i, mask + i * SH_ENV_NUM_ACTIONS));
        CHECK(sh_env_observe(env, i, to_play[i], obs1, spec.obs_bytes) == SH_OK);
        CHECK(memcmp(obs1, obs + i * spec.obs_values, spec.obs_bytes) == 0);
      }
    }
  }
  CHECK(ended > 0);
  CHECK(sh_env_observe(env, 0, 2, obs1, spec.obs_bytes) == SH_ERR_SEAT);
  CHECK(sh_env_observe(env, 0, 0, obs1, 3) == SH_ERR_RANGE);
  CHECK(sh_env_returns(env, 0, ret, 3) == SH_ERR_RANGE);
  CHECK(sh_env_record(env, 0, rec, sizeof rec, &count) == SH_OK || count > sizeof rec);
  CHECK(count > 12); /* the games keep their records by default */

  /* A clone is independent. */
  CHECK(sh_env_clone(env, &copy) == SH_OK);
  CHECK(sh_env_status(env, 1, NULL, &turns, NULL, NULL) == SH_OK);
  CHECK(sh_env_reset(copy, 5, &buf) == SH_OK);
  CHECK(sh_env_status(copy, 1, NULL, &t, NULL, NULL) == SH_OK && t == 0);
  CHECK(sh_env_status(env, 1, NULL, &tr, NULL, NULL) == SH_OK && tr == turns);
  sh_env_free(copy);

  /* Playouts and symmetries. */
  CHECK(sh_env_playouts(env, 0, 2, 0.2, 300, 3, ret, 2) == SH_OK);
  CHECK(ret[0] + ret[1] == 0.0f);
  CHECK(sh_env_playouts(env, 0, 2, 1.5, 300, 3, ret, 2) == SH_ERR_RANGE);
  CHECK(sh_env_playouts(env, 0, -1, 0.2, 300, 3, ret, 2) == SH_ERR_RANGE);
  CHECK(sh_env_playouts(env, 0, 1, 0.2, 100001, 3, ret, 2) == SH_ERR_RANGE);
  CHECK(strstr(sh_env_error(env), "max_turns 100001 is not 0..100000") != NULL);
  /* Without a turn limit random games last a few thousand turns: 100 of
   * them pass the turns in all, and nothing is written. */
  CHECK(sh_rules_clone(rules, &unlimited) == SH_OK);
  CHECK(sh_rules_set_options(unlimited, "id=unlimited;limit=none;deadline=0;repetition=no") == SH_OK);
  CHECK(sh_env_new(unlimited, NULL, 1, &copy) == SH_OK);
  CHECK(sh_env_reset(copy, 0, NULL) == SH_ERR_NULL);
  ret[0] = ret[1] = 7.0f;
  CHECK(sh_env_playouts(copy, 0, 100, 1.0, 100000, 3, ret, 2) == SH_ERR_LIMIT);
  CHECK(strstr(sh_env_error(copy), "the ceiling of 200000 turns in all per call was reached") != NULL);
  CHECK(ret[0] == 7.0f && ret[1] == 7.0f);
  sh_env_free(copy);
  sh_rules_free(unlimited);
  CHECK(sh_env_symmetries(env, NULL, NULL, 0, &count) == SH_OK && count == 4);
  CHECK(sh_env_symmetries(env, rot, NULL, 12, &count) == SH_ERR_NULL);
  CHECK(sh_env_symmetries(env, rot, refl, 12, &count) == SH_OK);
  CHECK(rot[0] == 0 && refl[0] == 0 && rot[1] == 3 && refl[1] == 0 && refl[2] == 1);
  sh_env_free(env);

  /* Without auto-reset a step on an ended game is refused. */
  opt.auto_reset = 0;
  opt.max_turns = 2;
  CHECK(sh_env_new(rules, &opt, 1, &env) == SH_OK);
  CHECK(sh_env_reset(env, 0, &buf) == SH_OK);
  for (step = 0; step < 2; ++step) {
    sh_env_sample_legal(env, actions, 1);
    CHECK(sh_env_step(env, actions, 1, &buf) == SH_OK);
  }
  CHECK(trunc[0] == 1 && term[0] == 0);
  CHECK(sh_env_record(env, 0, rec, sizeof rec, &count) == SH_OK);
  CHECK(strncmp(rec, "classic-2 W ", 12) == 0 && count > 14);
  sh_env_sample_legal(env, actions, 1);
  CHECK(actions[0] == SH_ENV_NO_ACTION);
  CHECK(sh_env_step(env, actions, 1, &buf) == SH_ERR_STATE);
  sh_env_free(env);
  sh_env_free(NULL);

  /* Engine opponents: K is the normal player, W (player 0) always acts. */
  sh_env_options_init(&opt, sizeof opt);
  opt.opponents[1] = "nobody";
  CHECK(sh_env_new(rules, &opt, 1, &env) == SH_ERR_OPTION);
  CHECK(strstr(sh_last_error(), "nobody") != NULL);
  opt.opponents[0] = opt.opponents[1] = "easy";
  CHECK(sh_env_new(rules, &opt, 1, &env) == SH_ERR_OPTION);
  opt.opponents[0] = NULL;
  opt.opponents[1] = "normal";
  opt.record = 0; /* playout mode: no record */
  CHECK(sh_env_new(rules, &opt, 1, &env) == SH_OK);
  CHECK(sh_env_reset(env, 3, &buf) == SH_OK);
  for (step = 0; step < 20; ++step) {
    CHECK(to_play[0] == 0);
    CHECK(sh_env_engine_action(env, 0, "hard", 1, &actions[0]) == SH_OK);
    CHECK(sh_env_engine_action(env, 0, "grandmaster", 1, &actions[0]) == SH_ERR_OPTION);
    CHECK(sh_env_engine_action(env, 0, "hard", 1, &actions[0]) == SH_OK);
    CHECK(actions[0] >= 0 && mask[actions[0]] == 1);
    CHECK(sh_env_step(env, actions, 1, &buf) == SH_OK);
    CHECK(sh_env_status(env, 0, NULL, &turns, NULL, NULL) == SH_OK && turns == 2 * step + 2);
  }
  CHECK(sh_env_record(env, 0, rec, sizeof rec, &count) == SH_OK);
  CHECK(strcmp(rec, "classic-2 W\n") == 0 || strcmp(rec, "classic-2 W") == 0);
  sh_env_free(env);

  /* Legal-action lists written by the step, and the observer's frame. */
  {
    static int32_t lists[N * SH_MAX_MOVES];
    int32_t counts[N];
    sh_env *b = NULL, *o = NULL;
    sh_env_buffers lb = buf;
    uint8_t *omask = malloc((size_t)N * SH_ENV_NUM_ACTIONS);
    sh_env_buffers ob = env_buffers(NULL, omask, NULL, NULL, NULL, to_play);
    int k, seat;
    sh_env_options_init(&opt, sizeof opt);
    CHECK(opt.action_frame == SH_ACTION_BOARD);
    opt.action_frame = 2;
    CHECK(sh_env_new(rules, &opt, 1, &b) == SH_ERR_OPTION);
    CHECK(strstr(sh_last_error(), "action_frame 2") != NULL);
    opt.action_frame = SH_ACTION_BOARD;
    CHECK(sh_env_new(rules, &opt, N, &b) == SH_OK);
    opt.action_frame = SH_ACTION_OBSERVER;
    CHECK(sh_env_new(rules, &opt, N, &o) == SH_OK);
    memset(lists, 0x5A, sizeof lists); /* reset writes the padding too */
    lb.legal = lists;
    lb.num_legal = counts;
    CHECK(sh_env_reset(b, 7, &lb) == SH_OK);
    CHECK(sh_env_reset(o, 7, &ob) == SH_OK);
    for (step = 0; step < 12; ++step) {
      for (i = 0; i < N; ++i) {
        size_t set = 0;
        for (k = 0; k < SH_MAX_MOVES; ++k) {
          const int32_t a = lists[i * SH_MAX_MOVES + k];
          if (k < counts[i]) {
            CHECK(a >= 0 && a < SH_ENV_NUM_ACTIONS && mask[i * SH_ENV_NUM_ACTIONS + a] == 1);
          } else {
            CHECK(a == -1);
          }
        }
        for (k = 0; k < SH_ENV_NUM_ACTIONS; ++k) set += mask[i * SH_ENV_NUM_ACTIONS + k];
        CHECK(set == (size_t)counts[i]);
        /* the observer's mask: the board's turned by -seat (classic-2: W 0, K 3) */
        seat = to_play[i] == 0 ? 0 : 3;
        for (k = 0; k < SH_ENV_NUM_ACTIONS; ++k) {
          int f, tt;
          if (!mask[i * SH_ENV_NUM_ACTIONS + k]) continue;
          sh_cell_rotate(k / 121, -seat, &f);
          sh_cell_rotate(k % 121, -seat, &tt);
          CHECK(omask[i * SH_ENV_NUM_ACTIONS + f * 121 + tt] == 1);
        }
      }
      CHECK(sh_env_sample_legal(b, actions, N) == SH_OK);
      {
        int32_t turned[N];
        CHECK(sh_env_sample_legal(o, turned, N) == SH_OK);
        for (i = 0; i < N; ++i) {
          int f, tt;
          seat = to_play[i] == 0 ? 0 : 3;
          sh_cell_rotate(actions[i] / 121, -seat, &f);
          sh_cell_rotate(actions[i] % 121, -seat, &tt);
          CHECK(turned[i] == f * 121 + tt);
        }
        CHECK(sh_env_step(b, actions, N, &lb) == SH_OK);
        CHECK(sh_env_step(o, turned, N, &ob) == SH_OK);
      }
    }
    sh_env_free(b);
    sh_env_free(o);
    free(omask);
  }

  free(obs);
  free(obs1);
  free(mask);
  sh_rules_free(rules);
  return checks_done();
}
