// capi_player.cpp — the C ABI's computer players: a level and a seed, a
// budget, the move chosen for a game and the search's figures.
#include <string>

#include "capi_internal.h"
#include "sternhalma/player.h"
#include "sternhalma/text.h"  // quote(): every echo of caller text, as the library does

using namespace sternhalma;
using namespace sh_capi;

struct sh_player {
  Player player;
  mutable std::string error;
};

SH_API sh_status sh_player_new(const char* level, uint64_t seed, sh_player** out) {
  return guard(nullptr, [&] {
    NEED(level);
    NEED(out);
    const auto l = parse_level(level);
    if (!l) return fail(SH_ERR_OPTION, "unknown player level " + text::quote(level) + " (easy, normal, hard, expert)");
    *out = new sh_player{Player(*l, seed), {}};
    return SH_OK;
  });
}

SH_HANDLE_CALLS(sh_player, "player")

SH_API sh_status sh_player_choose(sh_player* player, const sh_game* game, sh_move* move) {
  return guard(slot_of(player), [&] {
    NEED(player);
    NEED_H(player, game);
    NEED_H(player, move);
    if (game->game.is_over())
      return fail(&player->error, SH_ERR_STATE, "the game is over: no move to choose");
    const Move m = player->player.choose(game->game);
    *move = {m.from, m.to};
    return SH_OK;
  });
}

SH_API sh_status sh_player_set_budget(sh_player* player, int64_t nodes, int64_t time_ms) {
  return guard(slot_of(player), [&] {
    NEED(player);
    static_assert(SH_MAX_BUDGET_NODES == kMaxBudgetNodes && SH_MAX_BUDGET_MS == kMaxBudgetMs);
    const Budget b{nodes, time_ms};
    if (absl::Status st = check_budget(b); !st.ok())
      return fail(&player->error, SH_ERR_RANGE, std::string(st.message()));
    player->player.set_budget(b);
    return SH_OK;
  });
}

SH_API sh_status sh_player_budget(const sh_player* player, int64_t* nodes, int64_t* time_ms) {
  return guard(slot_of(player), [&] {
    NEED(player);
    const Budget& b = player->player.budget();
    return put_optional(nodes, b.nodes, time_ms, b.time_ms);
  });
}

SH_API sh_status sh_player_last_stats(const sh_player* player, int64_t* nodes, int* depth) {
  return guard(slot_of(player), [&] {
    NEED(player);
    const SearchStats& s = player->player.last_stats();
    return put_optional(nodes, s.nodes, depth, s.depth);
  });
}

SH_API sh_status sh_player_set_threads(sh_player* player, int threads) {
  return guard(slot_of(player), [&] {
    NEED(player);
    static_assert(SH_MAX_SEARCH_THREADS == kMaxSearchThreads);
    // Player::set_threads clamps; the C ABI refuses what it would change.
    if (threads < 1 || threads > kMaxSearchThreads)
      return fail(&player->error, SH_ERR_RANGE,
                  "threads must be in 1.." + std::to_string(kMaxSearchThreads) + ", got " +
                      std::to_string(threads));
    player->player.set_threads(threads);
    return SH_OK;
  });
}

SH_API sh_status sh_player_threads(const sh_player* player, int* threads) {
  return guard(slot_of(player), [&] {
    NEED(player);
    NEED_H(player, threads);
    *threads = player->player.threads();
    return SH_OK;
  });
}
