// capi_game.cpp — the C ABI's games, records and playouts.
#include <functional>
#include <string>
#include <vector>

#include "capi_internal.h"
#include "sternhalma/distance.h"
#include "sternhalma/game.h"
#include "sternhalma/playout.h"
#include "sternhalma/record.h"

using namespace sternhalma;
using namespace sh_capi;


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
    if (first_seat != SH_NO_SEAT) {
      TRY(check_point(&rules->error, first_seat, "first seat"));
      if (!rules->rules.plays(first_seat))
        return fail(&rules->error, SH_ERR_SEAT,
                    std::string("first seat ") + seat_letter(first_seat) + " is not played in " +
                        rules->rules.id);
    }
    auto g = first_seat == SH_NO_SEAT ? Game::create(rules->rules)
                                      : Game::create(rules->rules, first_seat);
    if (!g.ok()) return status_of(&rules->error, g.status(), SH_ERR_OPTION);
    *out = new sh_game{std::move(*g), {}};
    return SH_OK;
  });
}

SH_API sh_status sh_game_from_position(const sh_position* pos, sh_game** out) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    NEED_H(pos, out);
    auto g = Game::from_position(*pos->rules, pos->pos);
    if (!g.ok()) return status_of(&pos->error, g.status(), SH_ERR_OPTION);
    *out = new sh_game{std::move(*g), {}};
    return SH_OK;
  });
}

SH_API sh_status sh_game_from_record(const sh_rules* rules, const char* record, sh_game** out) {
  return guard(slot_of(rules), [&] {
    NEED_H(rules, record);
    NEED_H(rules, out);
    auto g = rules ? read_record(record, rules->rules) : read_record(record);
    if (!g.ok()) return status_of(slot_of(rules), g.status(), SH_ERR_PARSE);
    *out = new sh_game{std::move(*g), {}};
    return SH_OK;
  });
}

SH_HANDLE_CALLS(sh_game, "game")

SH_API sh_status sh_game_position(const sh_game* game, sh_position** out) {
  return get(game, "game", out, "out", [](const sh_game& g) {
    return new sh_position(g.game.shared_rules(), g.game.position());
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

SH_API sh_status sh_game_seat(const sh_game* game, int seat, sh_seat_info* info,
                              size_t info_size) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, info);
    TRY(check_point(&game->error, seat, "seat"));
    TRY(check_struct_size(&game->error, info_size, SH_SEAT_INFO_SIZE_V1, "sh_seat_info"));
    const Game& g = game->game;
    const sh_seat_info x{
        .status = static_cast<int>(g.status(seat)),
        .place = g.place(seat),
        .out_reason = static_cast<int>(g.out_reason(seat)),
        .moves_made = g.moves_made(seat),
        .turns_taken = g.turns_taken(seat),
        .reserve_ms = g.reserve_ms(seat),
    };
    put_struct(x, info, info_size);
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

SH_API sh_status sh_game_puts_out(const sh_game* game, int from, int to, int* reason) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, reason);
    TRY(check_move(game, from, to));
    *reason = static_cast<int>(game->game.puts_out(mv(from, to)));
    return SH_OK;
  });
}

SH_API sh_status sh_game_apply(sh_game* game, int from, int to, int64_t elapsed_ms) {
  return guard(slot_of(game), [&] {
    NEED(game);
    TRY(check_cells(game, from, to));
    return game_status(game, game->game.apply(mv(from, to), elapsed_ms), SH_ERR_MOVE);
  });
}

SH_API sh_status sh_game_parse_move(const sh_game* game, const char* text, sh_move* out) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, text);
    NEED_H(game, out);
    const absl::StatusOr<Move> m = game->game.parse_move(text);
    if (!m.ok()) return game_status(game, m.status(), SH_ERR_MOVE);
    *out = sh_move{m->from, m->to};
    return SH_OK;
  });
}

SH_API sh_status sh_game_apply_text(sh_game* game, const char* move, int64_t elapsed_ms) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, move);
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
    return game_status(game, game->game.resign(seat), SH_ERR_SEAT);
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

SH_API sh_status sh_game_events(const sh_game* game, size_t first, sh_event* out,
                                size_t event_size, size_t cap, size_t* count) {
  return guard(slot_of(game), [&] {
    NEED(game);
    TRY(check_struct_size(&game->error, event_size, SH_EVENT_SIZE_V1, "sh_event"));
    const auto& ev = game->game.events();
    if (first > ev.size())
      return fail(&game->error, SH_ERR_RANGE,
                  "first event " + std::to_string(first) + " beyond the " + std::to_string(ev.size()) + " events");
    bool fill = false;
    TRY(array_room(&game->error, ev.size() - first, out, cap, count, "event array", &fill));
    if (!fill) return SH_OK;
    const auto& h = game->game.history();
    char* at = reinterpret_cast<char*>(out);
    for (size_t i = first; i < ev.size(); ++i, at += event_size) {
      const Event& e = ev[i];
      const bool move = e.kind == Event::Kind::kMove;
      const sh_event x{
          .kind = static_cast<int>(e.kind),
          .seat = e.seat,
          .owner = e.owner,
          .from = move ? e.move.from : SH_NO_CELL,
          .to = move ? e.move.to : SH_NO_CELL,
          .place = e.place,
          .out_reason = static_cast<int>(e.out),
          .end_reason = static_cast<int>(e.end),
          .by_flag = move && e.action >= 0 && h[static_cast<size_t>(e.action)].by_flag ? 1 : 0,
      };
      put_struct(x, at, event_size);
    }
    return SH_OK;
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
    return game_status(game, game->game.set_clock({reserve_ms, increment_ms}), SH_ERR_RANGE);
  });
}

static_assert(SH_MAX_RECORD_BYTES == kMaxRecordBytes, "the header's record ceiling is the library's");

SH_API sh_status sh_game_record(const sh_game* game, int per_line, char* buf, size_t size,
                                size_t* needed) {
  return guard(slot_of(game), [&] {
    NEED(game);
    if (per_line < 0) return fail(&game->error, SH_ERR_RANGE, "per_line is negative");
    absl::StatusOr<std::string> text = record_text(game->game, per_line);
    if (!text.ok()) return status_of(&game->error, text.status(), SH_ERR_LIMIT);
    return put_text(&game->error, *text, buf, size, needed);
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

namespace sh_capi {

// The playouts of both C calls: lib's playouts() into temporaries, so that
// nothing is written on an error.
sh_status run_playouts(std::string* slot, const Game& start, size_t n, int max_turns,
                       uint64_t seed, const std::function<void(size_t, const PlayoutResult&)>& put) {
  auto results = playouts(start, n, max_turns, seed);
  if (!results.ok()) return status_of(slot, results.status(), SH_ERR_RANGE);
  for (size_t i = 0; i < results->size(); ++i) put(i, (*results)[i]);
  return SH_OK;
}

}  // namespace sh_capi

SH_API sh_status sh_game_playouts(const sh_game* game, size_t n, int max_turns, uint64_t seed,
                                  int* places, int* turns) {
  return guard(slot_of(game), [&] {
    NEED(game);
    return run_playouts(&game->error, game->game, n, max_turns, seed,
                        [&](size_t i, const PlayoutResult& r) {
                          if (places)
                            for (int s = 0; s < kMaxSeats; ++s) places[i * kMaxSeats + s] = r.places[s];
                          if (turns) turns[i] = r.turns;
                        });
  });
}

SH_API sh_status sh_position_playouts(const sh_position* pos, size_t n, int max_plies,
                                    uint64_t seed, int* winners, int* plies) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    auto start = Game::from_position(*pos->rules, pos->pos);
    if (!start.ok()) return status_of(&pos->error, start.status(), SH_ERR_OPTION);
    return run_playouts(&pos->error, *start, n, max_plies, seed,
                        [&](size_t i, const PlayoutResult& r) {
                          if (winners) winners[i] = r.winner;
                          if (plies) plies[i] = r.turns;
                        });
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

