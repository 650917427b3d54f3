// play_game (referee.h): one game of the schedule.
#include "referee.h"

#include <time.h>

#include <optional>

#include "match_limits.h"
#include "sternhalma/player.h"
#include "sternhalma/random.h"
#include "sternhalma/record.h"

namespace sternhalma::cli {

namespace {

// CPU time of the calling thread: the machine is shared, so a built-in
// player's thinking is measured in CPU time (wall time would measure the
// others' load). Engines run apart and are measured in wall time.
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

int64_t wall_ms_since(SteadyClock::time_point t0) {
  const auto us = std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now() - t0).count();
  return (us + 999) / 1000;
}

// The record tokens after "<id> <first-seat>" (record.h): what an engine
// is sent after `moves`.
std::string move_tokens(const Game& g) {
  std::string rec = write_record(g, 0);
  if (!rec.empty() && rec.back() == '\n') rec.pop_back();
  const size_t a = rec.find(' ');
  const size_t b = a == std::string::npos ? a : rec.find(' ', a + 1);
  return b == std::string::npos ? std::string() : rec.substr(b + 1);
}

// Whether history() from `from` on holds a fallen flag.
bool flag_fell(const Game& g, size_t from) {
  for (size_t i = from; i < g.history().size(); ++i)
    if (g.history()[i].kind == Action::Kind::kFlag) return true;
  return false;
}

}  // namespace

std::vector<int> places_at_cap(const Game& g) {
  std::vector<int> places(kMaxSeats, 0);
  std::vector<bool> taken(kMaxSeats + 2, false);
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (g.rules().plays(s)) {
      places[s] = g.place(s);
      if (places[s] > 0) taken[static_cast<size_t>(places[s])] = true;
    }
  int best = 1;
  while (best <= kMaxSeats && taken[static_cast<size_t>(best)]) ++best;
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (g.rules().plays(s) && places[s] == 0) places[s] = best;
  return places;
}

GameResult play_game(const Options& o, long long index, std::vector<std::unique_ptr<EnginePlayer>>& engines) {
  const std::vector<Seat> seats = o.seats();
  const size_t n = seats.size();
  GameResult res;
  res.index = index;
  // Player j sits on seats[(j + index) % n], so n games in a row seat
  // every player everywhere; they share an opening, which changes every n
  // games.
  std::string start = o.rules.id;
  std::optional<Game> made;
  if (!o.openings.empty()) {
    res.opening = (index / static_cast<long long>(n)) % static_cast<long long>(o.openings.size());
    start = o.openings[static_cast<size_t>(res.opening)];
    // Checked when the file was read (match_options.cpp).
    absl::StatusOr<Position> pos = Position::parse(start, o.rules);
    absl::StatusOr<Game> g = pos.ok() ? Game::from_position(o.rules, *pos) : absl::StatusOr<Game>(pos.status());
    if (!g.ok()) {
      res.error = "opening " + std::to_string(res.opening + 1) + ": " + std::string(g.status().message());
      return res;
    }
    made = *std::move(g);
  } else {
    made.emplace(o.rules);
  }
  Game& g = *made;
  if (o.has_clock()) (void)g.set_clock(o.clock);  // checked by the options

  std::vector<int> player_at(kMaxSeats, -1);
  std::vector<std::optional<Player>> builtin(n);
  Rng seeds(static_cast<uint64_t>(o.seed) * 0x9e3779b97f4a7c15ULL + static_cast<uint64_t>(index));
  res.seats.resize(n);
  std::vector<EnginePlayer::Reply> pending(n);  // an engine that failed to start for this game
  std::vector<bool> has_pending(n, false);
  for (size_t j = 0; j < n; ++j) {
    res.seats[j] = seats[(j + static_cast<size_t>(index)) % n];
    player_at[res.seats[j]] = static_cast<int>(j);
    const uint64_t seed = seeds.next();  // drawn for every player, so seeds do not depend on who is an engine
    if (o.players[j].level) builtin[j].emplace(*o.players[j].level, seed, o.budget);
    else if (absl::Status st = engines[j]->new_game(o); !st.ok()) {
      pending[j].reason = forfeit_reason(st);
      pending[j].detail = "could not start: " + std::string(st.message());
      has_pending[j] = true;
    }
  }
  res.ms.assign(n, 0);
  res.moves.assign(n, 0);

  auto forfeit = [&](int j, Seat s, const std::string& reason, const std::string& detail) {
    res.forfeits.push_back({j, s, reason, detail});
    const absl::Status st = reason == "time-forfeit" ? g.flag() : g.resign(s);
    if (!st.ok()) res.error = std::string(st.message());
  };

  const long long cap = o.max_turns;
  while (!g.is_over() && g.turns() < cap && res.error.empty()) {
    const Seat s = g.to_move();
    const int j = player_at[s];
    const size_t ju = static_cast<size_t>(j);
    for (const std::unique_ptr<EnginePlayer>& e : engines)
      if (e && e->running()) e->drain();
    ++res.moves[ju];
    if (builtin[ju]) {
      Player& p = *builtin[ju];
      if (o.has_clock()) {
        Budget b = budget_for_clock(g.reserve_ms(s), o.clock.increment_ms, expected_moves_left(g));
        b.nodes = o.budget.nodes;
        p.set_budget(b);
      }
      const auto t0 = SteadyClock::now();
      const double c0 = thread_cpu_ms();
      const Move m = p.choose(g);
      res.ms[ju] += thread_cpu_ms() - c0;
      const int64_t elapsed = wall_ms_since(t0);
      const size_t h = g.history().size();
      if (absl::Status st = g.apply(m, o.has_clock() ? elapsed : 0); !st.ok()) {
        res.error = std::string(st.message());
        break;
      }
      if (flag_fell(g, h))
        res.forfeits.push_back({j, s, "time-forfeit", "took " + std::to_string(elapsed) + " ms"});
      continue;
    }
    const int64_t budget_ms = o.has_clock() ? g.reserve_ms(s) : o.movetime_ms ? o.movetime_ms : kUnlimitedMoveMs;
    EnginePlayer::Reply r;
    if (has_pending[ju]) {
      r = pending[ju];
      has_pending[ju] = false;
    } else {
      r = engines[ju]->think(g, start, move_tokens(g), o, budget_ms);
    }
    res.ms[ju] += static_cast<double>(r.elapsed_ms);
    switch (r.kind) {
      case EnginePlayer::Reply::Kind::kResign:
        if (absl::Status st = g.resign(s); !st.ok()) res.error = std::string(st.message());
        break;
      case EnginePlayer::Reply::Kind::kFail:
        forfeit(j, s, o.has_clock() && r.reason == "timeout" ? "time-forfeit" : r.reason, r.detail);
        break;
      case EnginePlayer::Reply::Kind::kMove: {
        if (r.move == "pass") {
          forfeit(j, s, "illegal-move",
                  "passed with " + std::to_string(g.moves().size()) + " legal moves");
          break;
        }
        absl::StatusOr<Move> m = g.parse_move(r.move);
        if (!m.ok()) {
          forfeit(j, s, "illegal-move", std::string(m.status().message()));
          break;
        }
        const size_t h = g.history().size();
        if (absl::Status st = g.apply(*m, o.has_clock() ? r.elapsed_ms : 0); !st.ok()) {
          res.error = std::string(st.message());
          break;
        }
        if (flag_fell(g, h))
          res.forfeits.push_back({j, s, "time-forfeit",
                                  "took " + std::to_string(r.elapsed_ms) + " ms, more than its reserve"});
        break;
      }
    }
  }
  if (!res.error.empty()) return res;  // an error: the match stops with it
  res.turns = g.turns();
  res.places.resize(n);
  if (g.is_over()) {
    for (size_t j = 0; j < n; ++j) res.places[j] = g.place(res.seats[j]);
    res.end = std::string(end_reason_name(g.end_reason()));
  } else {
    const std::vector<int> at_cap = places_at_cap(g);
    for (size_t j = 0; j < n; ++j) res.places[j] = at_cap[res.seats[j]];
    res.end = "turn-cap";
  }
  res.reason = res.forfeits.empty() ? res.end : res.forfeits.front().reason;
  // A game from an opening is written as SHP's position line (record.h
  // records start at a table's start position).
  res.record = o.openings.empty() ? write_record(g)
                                  : "position " + start + " moves " + move_tokens(g) + "\n";
  return res;
}

}  // namespace sternhalma::cli
