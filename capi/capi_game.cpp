// capi_game.cpp — the C ABI's games, records, ratings and computer players.
#include <string>
#include <vector>

#include "capi_internal.h"
#include "sternhalma/distance.h"
#include "sternhalma/game.h"
#include "sternhalma/player.h"
#include "sternhalma/rating.h"
#include "sternhalma/record.h"

using namespace sternhalma;
using namespace sh_capi;

struct sh_game {
  Game game;
  mutable std::string error;
};

struct sh_player {
  Player player;
  mutable std::string error;
};

#define NEED(p) \
  if ((p) == nullptr) return null_arg(nullptr, #p)
#define NEED_H(h, p) \
  if ((p) == nullptr) return null_arg(slot_of(h), #p)
#define TRY(expr) \
  if (sh_status st_ = (expr); st_ != SH_OK) return st_

namespace {

Move mv(int from, int to) { return {static_cast<uint8_t>(from), static_cast<uint8_t>(to)}; }

sh_status check_cells(const sh_game* g, int from, int to) {
  TRY(check_cell(&g->error, from, "from"));
  return check_cell(&g->error, to, "to");
}

sh_status over(const sh_game* g) {
  return fail(&g->error, SH_ERR_STATE,
              "the game is over (" + std::string(end_reason_name(g->game.end_reason())) + ")");
}

sh_status check_move(const sh_game* g, int from, int to) {
  TRY(check_cells(g, from, to));
  if (g->game.is_over()) return over(g);
  return status_of(&g->error, g->game.check(mv(from, to)), SH_ERR_MOVE);
}

sh_status game_status(const sh_game* g, const absl::Status& s, sh_status kind) {
  return status_of(&g->error, s, kind);
}

}  // namespace

SH_API sh_status sh_game_new(const sh_rules* rules, int first_seat, sh_game** out) {
  return guard(slot_of(rules), [&] {
    NEED(rules);
    NEED_H(rules, out);
    if (first_seat != SH_NO_SEAT) TRY(check_point(&rules->error, first_seat, "first seat"));
    auto g = first_seat == SH_NO_SEAT ? Game::create(rules->rules)
                                      : Game::create(rules->rules, first_seat);
    if (!g.ok()) {
      const bool seat = first_seat != SH_NO_SEAT && first_seat != rules->rules.first_seat &&
                        !rules->rules.plays(first_seat);
      return status_of(&rules->error, g.status(), seat ? SH_ERR_SEAT : SH_ERR_OPTION);
    }
    *out = new sh_game{std::move(*g), {}};
    return SH_OK;
  });
}

SH_API sh_status sh_game_from_position(const sh_position* pos, sh_game** out) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    NEED_H(pos, out);
    auto g = Game::from_position(*pos->rules, pos->pos);
    if (!g.ok()) return status_of(&pos->error, g.status(), SH_ERR_STATE);
    *out = new sh_game{std::move(*g), {}};
    return SH_OK;
  });
}

SH_API sh_status sh_game_from_record(const sh_rules* rules, const char* record, sh_game** out) {
  return guard(slot_of(rules), [&] {
    NEED(record);
    NEED(out);
    auto g = rules ? read_record(record, rules->rules) : read_record(record);
    if (!g.ok()) {
      const bool preset = g.status().message().find("unknown preset") != std::string_view::npos;
      return status_of(slot_of(rules), g.status(), preset ? SH_ERR_PRESET : SH_ERR_PARSE);
    }
    *out = new sh_game{std::move(*g), {}};
    return SH_OK;
  });
}

SH_API sh_status sh_game_clone(const sh_game* game, sh_game** out) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, out);
    *out = new sh_game{game->game, {}};
    return SH_OK;
  });
}

SH_API void sh_game_free(sh_game* game) { delete game; }

SH_API const char* sh_game_error(const sh_game* game) {
  return game ? game->error.c_str() : "game handle is NULL";
}

SH_API sh_status sh_game_position(const sh_game* game, sh_position** out) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, out);
    *out = new sh_position(game->game.shared_rules(), game->game.position());
    return SH_OK;
  });
}

SH_API sh_status sh_game_to_move(const sh_game* game, int* seat, int* marbles_of) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, seat);
    *seat = game->game.to_move();
    if (marbles_of) *marbles_of = game->game.marbles_of();
    return SH_OK;
  });
}

SH_API sh_status sh_game_state(const sh_game* game, int* is_over, int* end, int* draw) {
  return guard(slot_of(game), [&] {
    NEED(game);
    if (is_over) *is_over = game->game.is_over() ? 1 : 0;
    if (end) *end = static_cast<int>(game->game.end_reason());
    if (draw) *draw = game->game.is_draw() ? 1 : 0;
    return SH_OK;
  });
}

SH_API sh_status sh_game_counters(const sh_game* game, int* turns, int* round, int* actions) {
  return guard(slot_of(game), [&] {
    NEED(game);
    if (turns) *turns = game->game.turns();
    if (round) *round = game->game.round();
    if (actions) *actions = game->game.actions();
    return SH_OK;
  });
}

SH_API sh_status sh_game_seat(const sh_game* game, int seat, sh_seat_info* info) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, info);
    TRY(check_point(&game->error, seat, "seat"));
    const Game& g = game->game;
    info->status = static_cast<int>(g.status(seat));
    info->place = g.place(seat);
    info->out_reason = static_cast<int>(g.out_reason(seat));
    info->moves_made = g.moves_made(seat);
    info->turns_taken = g.turns_taken(seat);
    info->reserve_ms = g.reserve_ms(seat);
    return SH_OK;
  });
}

SH_API sh_status sh_game_places(const sh_game* game, int places[6]) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, places);
    for (int s = 0; s < kMaxSeats; ++s) places[s] = game->game.place(s);
    return SH_OK;
  });
}

SH_API sh_status sh_game_legal_moves(const sh_game* game, sh_move* out, size_t cap,
                                     size_t* count) {
  return guard(slot_of(game), [&] {
    NEED(game);
    std::vector<sh_move> v;
    for (const Move m : game->game.legal_moves()) v.push_back({m.from, m.to});
    return put_array<sh_move>(&game->error, v.data(), v.size(), out, cap, count, "move array");
  });
}

SH_API sh_status sh_game_check(const sh_game* game, int from, int to) {
  return guard(slot_of(game), [&] {
    NEED(game);
    return check_move(game, from, to);
  });
}

SH_API sh_status sh_game_eliminates(const sh_game* game, int from, int to, int* eliminates) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, eliminates);
    TRY(check_move(game, from, to));
    *eliminates = game->game.eliminates(mv(from, to)) ? 1 : 0;
    return SH_OK;
  });
}

SH_API sh_status sh_game_apply(sh_game* game, int from, int to, int64_t elapsed_ms) {
  return guard(slot_of(game), [&] {
    NEED(game);
    if (elapsed_ms < 0) return fail(&game->error, SH_ERR_RANGE, "elapsed_ms is negative");
    TRY(check_move(game, from, to));
    return game_status(game, game->game.apply(mv(from, to), elapsed_ms), SH_ERR_MOVE);
  });
}

SH_API sh_status sh_game_apply_text(sh_game* game, const char* move, int64_t elapsed_ms) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, move);
    if (elapsed_ms < 0) return fail(&game->error, SH_ERR_RANGE, "elapsed_ms is negative");
    if (game->game.is_over()) return over(game);
    return game_status(game, game->game.apply(std::string_view(move), elapsed_ms), SH_ERR_MOVE);
  });
}

SH_API sh_status sh_game_resign(sh_game* game, int seat) {
  return guard(slot_of(game), [&] {
    NEED(game);
    TRY(check_point(&game->error, seat, "seat"));
    if (game->game.is_over()) return over(game);
    if (!game->game.rules().plays(seat))
      return fail(&game->error, SH_ERR_SEAT,
                  std::string("seat ") + seat_letter(seat) + " is not played at this table");
    return game_status(game, game->game.resign(seat), SH_ERR_STATE);
  });
}

SH_API sh_status sh_game_flag(sh_game* game) {
  return guard(slot_of(game), [&] {
    NEED(game);
    if (game->game.is_over()) return over(game);
    return game_status(game, game->game.flag(), SH_ERR_STATE);
  });
}

SH_API sh_status sh_game_undo(sh_game* game, int n, int* undone) {
  return guard(slot_of(game), [&] {
    NEED(game);
    if (n < 1) return fail(&game->error, SH_ERR_RANGE, "undo: n must be at least 1");
    if (game->game.actions() == 0) return fail(&game->error, SH_ERR_STATE, "undo: nothing to take back");
    const int k = game->game.undo(n);
    if (undone) *undone = k;
    return SH_OK;
  });
}

SH_API sh_status sh_game_events(const sh_game* game, size_t first, sh_event* out, size_t cap,
                                size_t* count) {
  return guard(slot_of(game), [&] {
    NEED(game);
    const auto& ev = game->game.events();
    if (first > ev.size())
      return fail(&game->error, SH_ERR_RANGE,
                  "first event " + std::to_string(first) + " beyond the " + std::to_string(ev.size()) + " events");
    std::vector<sh_event> v;
    v.reserve(ev.size() - first);
    for (size_t i = first; i < ev.size(); ++i) {
      const Event& e = ev[i];
      sh_event x{};
      x.kind = static_cast<int>(e.kind);
      x.seat = e.seat;
      x.owner = e.owner;
      x.from = e.kind == Event::Kind::kMove ? e.move.from : SH_NO_CELL;
      x.to = e.kind == Event::Kind::kMove ? e.move.to : SH_NO_CELL;
      x.place = e.place;
      x.out_reason = static_cast<int>(e.out);
      x.end_reason = static_cast<int>(e.end);
      const auto& h = game->game.history();
      x.by_flag = (e.kind == Event::Kind::kMove && e.action >= 0 &&
                   static_cast<size_t>(e.action) < h.size() && h[e.action].by_flag) ? 1 : 0;
      v.push_back(x);
    }
    return put_array<sh_event>(&game->error, v.data(), v.size(), out, cap, count, "event array");
  });
}

SH_API sh_status sh_game_event_text(const sh_game* game, size_t index, char* buf, size_t size,
                                    size_t* needed) {
  return guard(slot_of(game), [&] {
    NEED(game);
    const auto& ev = game->game.events();
    if (index >= ev.size())
      return fail(&game->error, SH_ERR_RANGE,
                  "event " + std::to_string(index) + " out of range (" + std::to_string(ev.size()) + " events)");
    return put_text(&game->error, game->game.event_text(ev[index]), buf, size, needed);
  });
}

SH_API sh_status sh_game_set_clock(sh_game* game, int64_t reserve_ms, int64_t increment_ms) {
  return guard(slot_of(game), [&] {
    NEED(game);
    if (reserve_ms <= 0 || increment_ms < 0)
      return fail(&game->error, SH_ERR_RANGE, "clock: reserve must be > 0 and increment >= 0");
    if (game->game.actions() > 0 || !game->game.history().empty())
      return fail(&game->error, SH_ERR_STATE, "clock: set it before the first action");
    game->game.set_clock({reserve_ms, increment_ms});
    return SH_OK;
  });
}

SH_API sh_status sh_game_record(const sh_game* game, int per_line, char* buf, size_t size,
                                size_t* needed) {
  return guard(slot_of(game), [&] {
    NEED(game);
    if (per_line < 0) return fail(&game->error, SH_ERR_RANGE, "per_line is negative");
    return put_text(&game->error, write_record(game->game, per_line), buf, size, needed);
  });
}

SH_API sh_status sh_position_distance(const sh_position* pos, int seat, int* goal, int* tip,
                                      int* in_goal) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    TRY(check_point(&pos->error, seat, "seat"));
    if (!pos->rules->plays(seat))
      return fail(&pos->error, SH_ERR_SEAT,
                  std::string("seat ") + seat_letter(seat) + " is not played in " + pos->rules->id);
    if (goal) *goal = goal_distance(pos->pos, seat);
    if (tip) *tip = tip_distance(pos->pos, seat);
    if (in_goal) *in_goal = marbles_in_goal(pos->pos, seat);
    return SH_OK;
  });
}

// ---- ratings ---------------------------------------------------------------

SH_API sh_status sh_rating_changes(const int* places, const double* ratings, size_t n, double k,
                                   double k_prime, double* changes) {
  return guard(nullptr, [&] {
    NEED(places);
    NEED(ratings);
    NEED(changes);
    auto r = rating_changes(std::span<const int>(places, n), std::span<const double>(ratings, n), k,
                            k_prime > 0 ? std::optional<double>(k_prime) : std::nullopt);
    if (!r.ok()) return status_of(nullptr, r.status(), SH_ERR_RANGE);
    std::copy(r->begin(), r->end(), changes);
    return SH_OK;
  });
}

SH_API sh_status sh_game_rating_changes(const sh_game* game, const double* ratings, size_t n,
                                        double k, double k_prime, double* changes) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, ratings);
    NEED_H(game, changes);
    const size_t seats = static_cast<size_t>(game->game.rules().num_seats());
    if (n != seats)
      return fail(&game->error, SH_ERR_RANGE,
                  "ratings: " + std::to_string(n) + " given, the table has " + std::to_string(seats) + " seats");
    auto r = rating_changes(game->game, std::span<const double>(ratings, n), k,
                            k_prime > 0 ? std::optional<double>(k_prime) : std::nullopt);
    if (!r.ok()) return status_of(&game->error, r.status(), SH_ERR_STATE);
    std::copy(r->begin(), r->end(), changes);
    return SH_OK;
  });
}

// ---- players ----------------------------------------------------------------

SH_API sh_status sh_player_new(const char* level, uint64_t seed, sh_player** out) {
  return guard(nullptr, [&] {
    NEED(level);
    NEED(out);
    const auto l = parse_level(level);
    if (!l) return fail(SH_ERR_OPTION, std::string("unknown player level '") + level + "' (easy, normal, hard)");
    *out = new sh_player{Player(*l, seed), {}};
    return SH_OK;
  });
}

SH_API void sh_player_free(sh_player* player) { delete player; }

SH_API const char* sh_player_error(const sh_player* player) {
  return player ? player->error.c_str() : "player handle is NULL";
}

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

SH_API sh_status sh_game_playouts(const sh_game* game, size_t n, int max_turns, uint64_t seed,
                                  int* places, int* turns) {
  return guard(slot_of(game), [&] {
    NEED(game);
    if (max_turns < 0) return fail(&game->error, SH_ERR_RANGE, "max_turns is negative");
    for (size_t i = 0; i < n; ++i) {
      Game g = game->game;
      uint64_t rng = seed ^ (0x9e3779b97f4a7c15ULL * (i + 1));
      const int start = g.turns();
      while (!g.is_over() && g.turns() - start < max_turns) {
        const Move m = random_move(g, rng);
        if (!g.apply(m).ok()) break;
      }
      if (places)
        for (int s = 0; s < kMaxSeats; ++s) places[i * kMaxSeats + s] = g.place(s);
      if (turns) turns[i] = g.turns() - start;
    }
    return SH_OK;
  });
}

// The C enums mirror the C++ ones value for value.
static_assert(SH_SEAT_OUT == static_cast<int>(SeatStatus::kOut));
static_assert(SH_EVENT_END == static_cast<int>(Event::Kind::kEnd));
static_assert(SH_EVENT_ARRIVAL == static_cast<int>(Event::Kind::kArrival));
static_assert(SH_END_RESIGN == static_cast<int>(EndReason::kResign));
static_assert(SH_END_NO_PROGRESS == static_cast<int>(EndReason::kNoProgress));
static_assert(SH_OUT_PARTNER == static_cast<int>(OutReason::kPartner));

// ---- names and bounds ------------------------------------------------------

static_assert(SH_MAX_MOVES == kMaxMoves, "SH_MAX_MOVES is the C++ kMaxMoves");

namespace {

// The C enums carry the C++ enums' values (the static_asserts above); a
// name is the C++ name, "unknown" outside the range.
template <typename E>
const char* enum_name(int v, int last, std::string_view (*name)(E)) {
  if (v < 0 || v > last) return "unknown";
  return name(static_cast<E>(v)).data();
}

}  // namespace

SH_API const char* sh_end_reason_name(int reason) {
  return enum_name(reason, SH_END_RESIGN, end_reason_name);
}
SH_API const char* sh_out_reason_name(int reason) {
  return enum_name(reason, SH_OUT_PARTNER, out_reason_name);
}
SH_API const char* sh_event_kind_name(int kind) {
  return enum_name(kind, SH_EVENT_END, event_kind_name);
}
SH_API const char* sh_seat_status_name(int status) {
  return enum_name(status, SH_SEAT_OUT, seat_status_name);
}

SH_API sh_status sh_player_clone(const sh_player* player, sh_player** out) {
  return guard(slot_of(player), [&] {
    NEED(player);
    NEED_H(player, out);
    *out = new sh_player{player->player, {}};
    return SH_OK;
  });
}
