// play: computer players play a game of any preset, or of a custom table
// (--preset ID --set "id=NAME;..."). With no arguments, the README's demo:
// two built-in players play classic-2 to the end. A game that has not
// ended after --max-turns turns (match_limits.h's kDefaultTurnCap: a
// custom table may have no limit and no other ending) stops there, with
// the places of the match's turn cap (referee.h: places_at_cap).
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "match_limits.h"
#include "referee.h"
#include "sternhalma/game.h"
#include "sternhalma/player.h"
#include "sternhalma/presets.h"
#include "sternhalma/record.h"
#include "sternhalma/render.h"
#include "sternhalma/text.h"

namespace sternhalma::cli {

namespace {

// "place <n> <letter>" lines ordered by place, then seat order; places[s]
// per seat.
void print_seat_places(const Game& g, const std::vector<int>& places) {
  for (int place = 1; place <= kMaxSeats; ++place)
    for (Seat s = 0; s < kMaxSeats; ++s)
      if (g.rules().plays(s) && places[s] == place) std::printf("place %d %c\n", place, seat_letter(s));
}

}  // namespace

// Prints "place <n> <letter>" lines ordered by place, then seat order.
void print_places(const Game& g) {
  std::vector<int> places(kMaxSeats, 0);
  for (Seat s = 0; s < kMaxSeats; ++s) places[s] = g.place(s);
  print_seat_places(g, places);
}

int cmd_play(const Args& args) {
  std::string preset = "classic-2", settings, record_path;
  long long seed = 1, every = 50, max_turns = kDefaultTurnCap;
  Level level = Level::kNormal;
  bool quiet = false;
  Seen seen;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) == 0)
      if (const std::string twice = seen.again("play", a); !twice.empty()) return usage_error(twice);
    auto value = [&](const char* what) -> const std::string* {
      if (i + 1 >= args.size()) return nullptr;
      (void)what;
      return &args[++i];
    };
    if (a == "--preset" || a == "--set" || a == "--seed" || a == "--record" || a == "--level" || a == "--every" ||
        a == "--max-turns") {
      const std::string* v = value(a.c_str());
      if (!v) return usage_error("play: " + text::quote(a) + " needs a value");
      if (a == "--preset") {
        preset = *v;
      } else if (a == "--set") {
        add_settings(&settings, *v);
      } else if (a == "--record") {
        if (v->empty()) return usage_error("play: --record needs a file name, not ''");
        record_path = *v;
      } else if (a == "--level") {
        const auto lv = parse_level(*v);
        if (!lv) return usage_error("play: --level " + text::quote(*v) + ": expected easy, normal, hard or expert");
        level = *lv;
      } else if (a == "--max-turns") {
        if (!text::parse_count(*v, &max_turns) || max_turns < 1 || max_turns > kMaxTurnCap)
          return usage_error("play: --max-turns " + text::quote(*v) + ": expected a number from 1 to " +
                             std::to_string(kMaxTurnCap));
      } else {
        long long n = 0;
        size_t used = 0;
        try {
          n = std::stoll(*v, &used);
        } catch (...) {
          used = 0;
        }
        if (used != v->size() || n < 0)
          return usage_error("play: " + a + " " + text::quote(*v) + ": expected a non-negative number");
        (a == "--seed" ? seed : every) = n;
      }
    } else if (a == "--quiet") {
      quiet = true;
    } else {
      return usage_error("play: unknown argument " + text::quote(a) +
                         " (options: --preset ID --set \"id=NAME;name=value;...\" --seed N --level easy|normal|hard|expert "
                         "--record FILE --every N --max-turns T --quiet)");
    }
  }
  const absl::StatusOr<Rules> table = table_arg(preset, settings);
  if (!table.ok()) return usage_error("play: " + std::string(table.status().message()));
  absl::StatusOr<Game> made = Game::create(*table);
  if (!made.ok()) return usage_error("play: " + std::string(made.status().message()));
  Game g = *std::move(made);
  // One player per seat, each with its own seed derived from the game's.
  std::vector<std::unique_ptr<Player>> players(kMaxSeats);
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (g.rules().plays(s))
      players[s] = std::make_unique<Player>(level, static_cast<uint64_t>(seed) * 7919u + s);
  std::printf("%s: %s players, seed %lld\n", g.rules().id.c_str(),
              std::string(level_name(level)).c_str(), seed);
  if (!quiet) std::printf("%s\n", render_board(g.position()).c_str());
  size_t shown = 0;
  while (!g.is_over() && g.turns() < max_turns) {
    const Seat s = g.to_move();
    const absl::Status st = g.apply(players[s]->choose(g));
    if (!st.ok()) {
      print_error("play: " + std::string(st.message()));
      return 1;
    }
    // Everything but plain moves as it happens.
    for (; shown < g.events().size(); ++shown) {
      const Event& e = g.events()[shown];
      if (e.kind != Event::Kind::kMove) std::printf("turn %d: %s\n", g.turns(), g.event_text(e).c_str());
    }
    if (!quiet && every > 0 && !g.is_over() && g.turns() % every == 0)
      std::printf("after %d turns (round %d):\n%s\n", g.turns(), g.round(),
                  render_board(g.position()).c_str());
  }
  if (!quiet) std::printf("%s\n", render_board(g.position()).c_str());
  if (g.is_over()) {
    std::printf("%d turns, %s\n", g.turns(), g.is_draw() ? "a draw" : "over");
    print_places(g);
  } else {
    std::printf("%d turns, stopped by the turn cap: the seats not placed share a place\n", g.turns());
    print_seat_places(g, places_at_cap(g));
  }
  if (!record_path.empty()) {
    std::ofstream out(record_path);
    out << write_record(g);
    out.close();  // flushes: a short record fails here (a full disk), not at <<
    if (!out) {
      print_error("play: cannot write " + text::quote(record_path));
      return 1;
    }
    std::printf("record written to %s\n", record_path.c_str());
  }
  return 0;
}

}  // namespace sternhalma::cli
