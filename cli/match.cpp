// match: players — built-in levels and external engines — play a series of
// games of one preset or custom table, rotating the seats, and the results
// are summed up by the library's MatchStats (match_stats.h).
//
// The pieces: match_options.cpp reads the command line; referee.cpp plays
// one game (referee_engine.cpp speaks SHP/CCP to engine_process.cpp's
// subprocess); match_jsonl.cpp writes and reads the per-game lines;
// match_summary.cpp prints the figures; match_limits.h holds every
// ceiling and timeout. This file is the schedule: which games, on how many
// workers, and the output in schedule order.
//
// Schedule. Game g (0-based) seats player j on the ((j + g) mod n)-th
// played seat and, with --openings, starts from opening (g / n) mod count:
// n games in a row share an opening and differ only in who sits where (with
// two players, games 2k and 2k+1 are a pentanomial pair). Every game has its
// own built-in players seeded from S and g, so a game's moves depend on
// neither the concurrency nor --games-range (with node budgets or the
// default budgets; time is not deterministic).
//
// Concurrency. N workers (threads) take the next game from a shared
// counter; each has its own engine processes (one per engine player) and
// writes the game's result into its slot. This thread takes the slots in
// schedule order: the JSONL line, the record, the progress line, the
// statistics and the SPRT are all in that order, so they are the same for
// every N. A worker's failure (out of memory, an exception) is a clean
// error for the whole run (exit 1), never an abort.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <new>
#include <set>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "commands.h"
#include "match_jsonl.h"
#include "match_limits.h"
#include "match_options.h"
#include "match_summary.h"
#include "referee.h"
#include "sternhalma/text.h"

namespace sternhalma::cli {

namespace {

struct Slot {
  GameResult result;
  bool ready = false;
};

// The results the workers hand to this thread.
class Board {
 public:
  explicit Board(size_t n) : slots_(n) {}
  void put(size_t k, GameResult r) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      slots_[k].result = std::move(r);
      slots_[k].ready = true;
    }
    cv_.notify_all();
  }
  GameResult take(size_t k) {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [&] { return slots_[k].ready; });
    return std::move(slots_[k].result);
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Slot> slots_;
};

void progress(bool tty, long long done, long long total, const Options& o, const GameResult* last) {
  if (tty) {
    constexpr int kWidth = 30;
    const int fill = static_cast<int>(kWidth * done / total);
    std::fprintf(stderr, "\r[%s%s] %lld/%lld games", std::string(fill, '#').c_str(),
                 std::string(kWidth - fill, '.').c_str(), done, total);
    if (done == total) std::fprintf(stderr, "\n");
  } else if (last) {
    std::string places;
    for (size_t j = 0; j < last->places.size(); ++j)
      places += (j ? ", " : "") + o.players[j].name + " " + std::to_string(last->places[j]);
    for (const Forfeit& f : last->forfeits)
      places += "; " + o.players[static_cast<size_t>(f.player)].name + " forfeits (" + f.reason + ": " + f.detail + ")";
    if (last->end == "turn-cap") places += "; turn cap";
    std::fprintf(stderr, "game %lld/%lld: %s\n", last->index + 1, o.games, places.c_str());
  }
  std::fflush(stderr);
}

// --record DIR: made and written to once, before the first game.
bool prepare_record_dir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir)) {
    print_error("match: --record " + text::quote(dir) + ": cannot create the directory");
    return false;
  }
  const std::filesystem::path probe = std::filesystem::path(dir) / ".sternhalma-write-test";
  std::ofstream out(probe);
  out << "x";
  out.close();
  const bool ok = static_cast<bool>(out);
  std::filesystem::remove(probe, ec);
  if (!ok) print_error("match: --record " + text::quote(dir) + ": the directory is not writable");
  return ok;
}

std::string record_path(const Options& o, long long index) {
  char name[32];
  std::snprintf(name, sizeof name, "game-%04lld.txt", index + 1);
  return (std::filesystem::path(o.record_dir) / name).string();
}

}  // namespace

int cmd_match(const Args& args) {
  int code = 2;
  const std::optional<Options> parsed = parse_match_options(args, &code);
  if (!parsed) return code;
  const Options& o = *parsed;

  // Outputs are checked before the first game: a run never plays for an
  // hour to fail at writing.
  if (!o.record_dir.empty() && !prepare_record_dir(o.record_dir)) return 1;
  std::vector<GameResult> done;
  FILE* jsonl = nullptr;
  if (!o.jsonl_path.empty()) {
    std::error_code ec;
    const bool exists = std::filesystem::exists(o.jsonl_path, ec);
    if (o.resume) {
      absl::StatusOr<JsonlFile> f = read_jsonl(o.jsonl_path, o);
      if (!f.ok()) {
        print_error("match: --resume " + text::quote(o.jsonl_path) + ": " + std::string(f.status().message()));
        return 1;
      }
      if (exists) std::filesystem::resize_file(o.jsonl_path, static_cast<uintmax_t>(f->complete_bytes), ec);
      if (ec) {
        print_error("match: --jsonl " + text::quote(o.jsonl_path) + ": cannot cut its last, unfinished line");
        return 1;
      }
      done = std::move(f->games);
    } else if (exists && std::filesystem::file_size(o.jsonl_path, ec) > 0 && !ec) {
      print_error("match: --jsonl " + text::quote(o.jsonl_path) +
                  " has games already: --resume continues that run (or remove the file)");
      return 1;
    }
    jsonl = std::fopen(o.jsonl_path.c_str(), "ab");
    if (!jsonl) {
      print_error("match: --jsonl " + text::quote(o.jsonl_path) + ": cannot open the file for writing");
      return 1;
    }
  }
  struct CloseFile {
    FILE* f;
    ~CloseFile() {
      if (f) std::fclose(f);
    }
  } close_jsonl{jsonl};

  // An engine that writes nothing more must not end this process: writes to
  // its pipe fail with EPIPE instead (engine_process.cpp).
  if (o.any_engine()) signal(SIGPIPE, SIG_IGN);
  // Every engine of --players answers its handshake before the first game.
  for (const Contestant& c : o.players)
    if (c.engine >= 0) {
      EnginePlayer probe(o.engines[static_cast<size_t>(c.engine)]);
      if (absl::Status st = probe.ready(); !st.ok()) {
        print_error("match: engine " + text::quote(c.name) + ": " + std::string(st.message()));
        return 1;
      }
    }

  // The games to play: the range less those the JSONL has.
  const long long total = o.range_end - o.range_begin;
  std::vector<bool> have(static_cast<size_t>(total), false);
  std::vector<size_t> done_at(static_cast<size_t>(total), 0);
  for (size_t k = 0; k < done.size(); ++k) {
    have[static_cast<size_t>(done[k].index - o.range_begin)] = true;
    done_at[static_cast<size_t>(done[k].index - o.range_begin)] = k;
  }
  std::vector<long long> todo;
  for (long long i = o.range_begin; i < o.range_end; ++i)
    if (!have[static_cast<size_t>(i - o.range_begin)]) todo.push_back(i);

  Board board(static_cast<size_t>(total));
  std::atomic<size_t> next{0};
  std::atomic<bool> stop{false};
  auto worker = [&] {
    std::vector<std::unique_ptr<EnginePlayer>> engines(o.players.size());
    for (size_t j = 0; j < o.players.size(); ++j)
      if (o.players[j].engine >= 0)
        engines[j] = std::make_unique<EnginePlayer>(o.engines[static_cast<size_t>(o.players[j].engine)]);
    for (size_t k; !stop.load() && (k = next.fetch_add(1)) < todo.size();) {
      const long long index = todo[k];
      GameResult r;
      try {
        r = play_game(o, index, engines);
      } catch (const std::bad_alloc&) {
        r = GameResult{};
        r.error = "out of memory";
      } catch (const std::exception& e) {
        r = GameResult{};
        r.error = std::string("internal error: ") + e.what();
      }
      r.index = index;
      if (!r.error.empty()) stop.store(true);
      board.put(static_cast<size_t>(index - o.range_begin), std::move(r));
    }
  };
  const size_t nworkers = std::min<size_t>(static_cast<size_t>(o.concurrency), todo.size());
  // The workers are joined on every way out of this function, an exception
  // of this thread included (a std::thread destroyed unjoined would abort).
  std::vector<std::thread> pool;
  struct Joiner {
    std::vector<std::thread>& pool;
    std::atomic<bool>& stop;
    ~Joiner() {
      stop.store(true);
      for (std::thread& t : pool)
        if (t.joinable()) t.join();
    }
  } joiner{pool, stop};
  for (size_t t = 0; t < nworkers; ++t) {
    try {
      pool.emplace_back(worker);
    } catch (const std::system_error& e) {
      // Out of threads (or of memory for their stacks): fewer workers play
      // the same games; none at all is an error.
      if (pool.empty()) {
        print_error(std::string("match: cannot start a worker thread: ") + e.what());
        return 1;
      }
      break;
    }
  }

  // This thread: the games in schedule order.
  const bool tty = isatty(STDERR_FILENO);
  MatchSummary summary(o);
  std::string error;
  bool sprt_stop = false;
  if (tty) progress(true, 0, total, o, nullptr);
  for (long long i = o.range_begin; i < o.range_end; ++i) {
    const size_t k = static_cast<size_t>(i - o.range_begin);
    GameResult fresh;
    const GameResult* r = nullptr;
    if (have[k]) {
      r = &done[done_at[k]];
    } else {
      fresh = board.take(k);
      r = &fresh;
      if (!r->error.empty()) {
        error = "game " + std::to_string(i + 1) + ": " + r->error;
        break;
      }
      if (jsonl) {
        const std::string line = jsonl_line(o, *r);
        if (std::fwrite(line.data(), 1, line.size(), jsonl) != line.size() || std::fflush(jsonl) != 0) {
          error = "cannot write --jsonl " + text::quote(o.jsonl_path);
          break;
        }
      }
      if (!o.record_dir.empty()) {
        const std::string path = record_path(o, i);
        std::ofstream out(path);
        out << r->record;
        out.close();  // flushes: a short record fails here (a full disk), not at <<
        if (!out) {
          error = "cannot write " + path;
          break;
        }
      }
    }
    if (absl::Status st = summary.add(*r); !st.ok()) {
      error = "game " + std::to_string(i + 1) + ": " + std::string(st.message());
      break;
    }
    progress(tty, k + 1, total, o, r);
    if (const std::optional<SprtResult> s = summary.sprt(); s && s->decision != SprtDecision::kContinue) {
      sprt_stop = i + 1 < o.range_end;
      break;
    }
  }
  stop.store(true);
  for (std::thread& t : pool) t.join();
  pool.clear();
  if (tty && (sprt_stop || !error.empty())) std::fprintf(stderr, "\n");
  if (!error.empty()) {
    print_error("match: " + error);
    return 1;
  }
  if (o.json) summary.print_json(sprt_stop);
  else summary.print_text(sprt_stop);
  return 0;
}

}  // namespace sternhalma::cli
