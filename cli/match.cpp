// match: computer players play a series of games of one preset or custom
// table, rotating the seats, and the results are summed up (issue 15).
//
//   sternhalma match --preset ID [--set "id=NAME;..."] --players L1,L2[,...]
//                    --games N --seed S [--budget-ms M] [--budget-nodes K]
//                    [--threads T] [--record DIR] [--json]
//
// --set (repeatable) changes rules of the preset (table_arg in commands.h);
// the header, errors and records then carry the custom table's id.
// One name per seat of the table (easy, normal, hard, expert). Game g puts
// player j on the ((j + g) mod n)-th played seat, so over n games every player
// sits everywhere. Every game has its own players, seeded from S and the game
// number, so a game's moves do not depend on the threads (with --budget-nodes
// or the default budgets; --budget-ms is not deterministic). Games run on T
// threads that share only a counter of the next game to play; each writes its
// own result slot.
//
// Progress goes to stderr: a bar on a terminal, a line per game otherwise.
// The summary (stdout): two seats — wins, draws, losses and the score with its
// 95 % interval; more — mean place with its interval and wins; both with the
// CPU milliseconds each player spent per move; then the Elo
// difference of the first player against the others (match_stats.h). --json
// prints one object instead:
//   {"games": N, "players": [{"name", "wins", "draws", "losses",
//    "mean_place", "place_low", "place_high", "ms_per_move"}...],
//    "elo": {"diff", "low", "high"}}
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "commands.h"
#include "match_stats.h"
#include "sternhalma/game.h"
#include "sternhalma/player.h"
#include "sternhalma/random.h"
#include "sternhalma/record.h"
#include "text.h"

namespace sternhalma::cli {

namespace {

constexpr long long kMaxGames = 1'000'000;
constexpr long long kMaxThreads = 256;

struct Options {
  Rules rules;  // the preset, or the custom table --set made of it
  std::vector<Level> levels;
  std::vector<std::string> names;
  long long games = 10, seed = 1, threads = 1;
  Budget budget;
  std::string record_dir;
  bool json = false;
};

struct Slot {
  std::vector<int> places;        // per player
  std::vector<double> ms;         // per player
  std::vector<long long> moves;   // per player
  std::string error;
  std::atomic<bool> ready{false};
};

bool parse_number(const std::string& text, long long lo, long long hi, long long* out) {
  size_t used = 0;
  long long n = 0;
  try {
    n = std::stoll(text, &used);
  } catch (...) {
    return false;
  }
  if (used != text.size() || n < lo || n > hi) return false;
  *out = n;
  return true;
}

// CPU time of the calling thread: the machine is shared, so wall time would
// measure the others' load (ms/move in the summary is CPU time).
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// The played seats in seat order.
std::vector<Seat> seats_of(const Rules& r) {
  std::vector<Seat> v;
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (r.plays(s)) v.push_back(s);
  return v;
}

void play_one(const Options& o, long long index, Slot& slot) {
  const std::vector<Seat> seats = seats_of(o.rules);
  const size_t n = seats.size();
  Game g(o.rules);
  // Player j sits on seats[(j + index) % n]; each its own seed.
  std::vector<int> player_at(kMaxSeats, -1);
  std::vector<Player> players;
  Rng seeds(static_cast<uint64_t>(o.seed) * 0x9e3779b97f4a7c15ULL + static_cast<uint64_t>(index));
  for (size_t j = 0; j < n; ++j) {
    player_at[seats[(j + static_cast<size_t>(index)) % n]] = static_cast<int>(j);
    players.emplace_back(o.levels[j], seeds.next(), o.budget);
  }
  slot.ms.assign(n, 0);
  slot.moves.assign(n, 0);
  while (!g.is_over()) {
    const int j = player_at[g.to_move()];
    const double t0 = thread_cpu_ms();
    const Move m = players[j].choose(g);
    slot.ms[j] += thread_cpu_ms() - t0;
    ++slot.moves[j];
    if (absl::Status st = g.apply(m); !st.ok()) {
      slot.error = "game " + std::to_string(index + 1) + ": " + std::string(st.message());
      break;
    }
  }
  slot.places.assign(n, 0);
  for (size_t j = 0; j < n; ++j) slot.places[j] = g.place(seats[(j + static_cast<size_t>(index)) % n]);
  if (!o.record_dir.empty() && slot.error.empty()) {
    char name[32];
    std::snprintf(name, sizeof name, "game-%04lld.txt", index + 1);
    std::ofstream out(std::filesystem::path(o.record_dir) / name);
    out << write_record(g);
    out.close();  // flushes: a short record fails here (a full disk), not at <<
    if (!out) slot.error = "cannot write " + (std::filesystem::path(o.record_dir) / name).string();
  }
  slot.ready.store(true, std::memory_order_release);
}

void progress(bool tty, long long done, long long total, const Options& o, const Slot* last,
              long long last_index) {
  if (tty) {
    constexpr int kWidth = 30;
    const int fill = static_cast<int>(kWidth * done / total);
    std::fprintf(stderr, "\r[%s%s] %lld/%lld games", std::string(fill, '#').c_str(),
                 std::string(kWidth - fill, '.').c_str(), done, total);
    if (done == total) std::fprintf(stderr, "\n");
  } else if (last) {
    std::string places;
    for (size_t j = 0; j < last->places.size(); ++j)
      places += (j ? ", " : "") + o.names[j] + " " + std::to_string(last->places[j]);
    std::fprintf(stderr, "game %lld/%lld: %s\n", last_index + 1, total, places.c_str());
  }
  std::fflush(stderr);
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void print_text(const Options& o, const MatchTally& t) {
  const size_t n = o.names.size();
  std::printf("match %s: %d games, seed %lld", o.rules.id.c_str(), t.games(), o.seed);
  if (o.budget.nodes) std::printf(", %lld nodes/move", static_cast<long long>(o.budget.nodes));
  if (o.budget.time_ms) std::printf(", %lld ms/move", static_cast<long long>(o.budget.time_ms));
  if (o.budget == Budget{}) std::printf(", default budgets");
  std::printf(", %lld thread%s\n", o.threads, o.threads == 1 ? "" : "s");
  if (n == 2) {
    std::printf("%-3s %-8s %6s %6s %6s %8s %18s %9s\n", "#", "player", "wins", "draws", "losses",
                "score", "95% interval", "ms/move");
    const Interval s = t.score();
    for (size_t j = 0; j < n; ++j) {
      const PlayerTally& p = t.players()[j];
      const double sc = j == 0 ? s.value : 1 - s.value;
      const double lo = j == 0 ? s.low : 1 - s.high, hi = j == 0 ? s.high : 1 - s.low;
      std::printf("%-3zu %-8s %6d %6d %6d %7.1f%% %8.1f%% - %5.1f%% %9.2f\n", j + 1, p.name.c_str(),
                  p.wins, p.draws, p.losses, 100 * sc, 100 * lo, 100 * hi,
                  p.moves ? p.ms / p.moves : 0.0);
    }
  } else {
    std::printf("%-3s %-8s %10s %16s %6s %9s\n", "#", "player", "mean place", "95% interval", "wins",
                "ms/move");
    for (size_t j = 0; j < n; ++j) {
      const PlayerTally& p = t.players()[j];
      const Interval pl = p.place_interval();
      std::printf("%-3zu %-8s %10.3f %7.3f - %6.3f %6d %9.2f\n", j + 1, p.name.c_str(), pl.value,
                  pl.low, pl.high, p.wins, p.moves ? p.ms / p.moves : 0.0);
    }
  }
  const Interval e = t.elo();
  std::printf("elo %s against the others: %+.0f (95%% interval %+.0f to %+.0f)\n",
              o.names[0].c_str(), e.value, e.low, e.high);
}

void print_json(const MatchTally& t) {
  std::printf("{\"games\": %d, \"players\": [", t.games());
  for (size_t j = 0; j < t.players().size(); ++j) {
    const PlayerTally& p = t.players()[j];
    const Interval pl = p.place_interval();
    std::printf("%s{\"name\": %s, \"wins\": %d, \"draws\": %d, \"losses\": %d, "
                "\"mean_place\": %.4f, \"place_low\": %.4f, \"place_high\": %.4f, "
                "\"ms_per_move\": %.4f}",
                j ? ", " : "", json_string(p.name).c_str(), p.wins, p.draws, p.losses, pl.value,
                pl.low, pl.high, p.moves ? p.ms / p.moves : 0.0);
  }
  const Interval e = t.elo();
  std::printf("], \"elo\": {\"diff\": %.2f, \"low\": %.2f, \"high\": %.2f}}\n", e.value, e.low, e.high);
}

}  // namespace

int cmd_match(const Args& args) {
  Options o;
  std::string preset, settings, players;
  Seen seen;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) == 0)
      if (const std::string twice = seen.again("match", a); !twice.empty()) return usage_error(twice);
    if (a == "--json") {
      o.json = true;
      continue;
    }
    if (a != "--preset" && a != "--set" && a != "--players" && a != "--games" && a != "--seed" &&
        a != "--budget-ms" && a != "--budget-nodes" && a != "--threads" && a != "--record")
      return usage_error("match: unknown argument " + text::quote(a) +
                         " (options: --preset ID --set \"id=NAME;name=value;...\" --players L1,L2[,...] --games N --seed S "
                         "--budget-ms M --budget-nodes K --threads T --record DIR --json)");
    if (i + 1 >= args.size()) return usage_error("match: " + a + " needs a value");
    const std::string& v = args[++i];
    long long n = 0;
    if (a == "--preset") {
      preset = v;
    } else if (a == "--set") {
      add_settings(&settings, v);
    } else if (a == "--players") {
      players = v;
    } else if (a == "--record") {
      if (v.empty()) return usage_error("match: --record needs a directory, not ''");
      o.record_dir = v;
    } else if (a == "--games") {
      if (!parse_number(v, 1, kMaxGames, &o.games))
        return usage_error("match: --games " + text::quote(v) + ": expected a number from 1 to " +
                           std::to_string(kMaxGames));
    } else if (a == "--seed") {
      if (!parse_number(v, 0, INT64_MAX, &o.seed))
        return usage_error("match: --seed " + text::quote(v) + ": expected a non-negative number");
    } else if (a == "--threads") {
      if (!parse_number(v, 1, kMaxThreads, &o.threads))
        return usage_error("match: --threads " + text::quote(v) + ": expected a number from 1 to " +
                           std::to_string(kMaxThreads));
    } else if (a == "--budget-ms") {
      if (!parse_number(v, 1, kMaxBudgetMs, &n))
        return usage_error("match: --budget-ms " + text::quote(v) + ": expected a number from 1 to " +
                           std::to_string(kMaxBudgetMs));
      o.budget.time_ms = n;
    } else {
      if (!parse_number(v, 1, kMaxBudgetNodes, &n))
        return usage_error("match: --budget-nodes " + text::quote(v) + ": expected a number from 1 to " +
                           std::to_string(kMaxBudgetNodes));
      o.budget.nodes = n;
    }
  }
  if (preset.empty()) return usage_error("match: --preset ID is required");
  absl::StatusOr<Rules> table = table_arg(preset, settings);
  if (!table.ok()) return usage_error("match: " + std::string(table.status().message()));
  o.rules = *std::move(table);
  if (players.empty()) return usage_error("match: --players L1,L2[,...] is required");
  for (size_t start = 0;;) {
    const size_t comma = players.find(',', start);
    const std::string name = players.substr(start, comma == std::string::npos ? comma : comma - start);
    const auto level = parse_level(name);
    if (!level)
      return usage_error("match: --players: player " + std::to_string(o.names.size() + 1) + " " +
                         text::quote(name) + " is not a level (easy, normal, hard, expert)");
    o.levels.push_back(*level);
    o.names.push_back(name);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  const size_t seats = seats_of(o.rules).size();
  if (o.names.size() != seats)
    return usage_error("match: " + o.rules.id + " has " + std::to_string(seats) +
                       " seats: --players needs " + std::to_string(seats) + " names, got " +
                       std::to_string(o.names.size()));
  if (!o.record_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.record_dir, ec);
    if (ec || !std::filesystem::is_directory(o.record_dir)) {
      print_error("match: --record " + text::quote(o.record_dir) + ": cannot create the directory");
      return 1;
    }
  }

  std::vector<Slot> slots(static_cast<size_t>(o.games));
  std::atomic<long long> next{0};
  auto worker = [&] {
    for (long long i; (i = next.fetch_add(1)) < o.games;) play_one(o, i, slots[static_cast<size_t>(i)]);
  };
  const long long nthreads = std::min(o.threads, o.games);
  std::vector<std::thread> pool;
  for (long long t = 0; t < nthreads; ++t) pool.emplace_back(worker);

  // This thread reports games in order as they finish, and sums them up.
  const bool tty = isatty(STDERR_FILENO);
  MatchTally tally(o.names);
  std::string error;
  if (tty) progress(true, 0, o.games, o, nullptr, 0);
  for (long long i = 0; i < o.games; ++i) {
    Slot& s = slots[static_cast<size_t>(i)];
    while (!s.ready.load(std::memory_order_acquire))
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (!s.error.empty() && error.empty()) error = s.error;
    tally.add(s.places, s.ms, s.moves);
    progress(tty, i + 1, o.games, o, &s, i);
  }
  for (std::thread& t : pool) t.join();
  if (!error.empty()) {
    print_error("match: " + error);
    return 1;
  }
  if (o.json) print_json(tally);
  else print_text(o, tally);
  return 0;
}

}  // namespace sternhalma::cli
