// engine.h — `sternhalma engine`: the built-in players behind the engine
// protocol (docs/protocol.md, the contract; SHP and the CCP dialect).
//
// Two threads: the reading thread takes every input line (engine.cpp) and
// the search thread runs hard and expert (engine_search.cpp), so `stop`
// reaches a search in progress; easy and normal, whose work is fixed and
// tiny, answer on the reading thread. The player is touched by one thread
// at a time: the search thread from the job it picks up until it marks
// itself idle, the reading thread only while it is idle.
#ifndef STERNHALMA_CLI_ENGINE_H_
#define STERNHALMA_CLI_ENGINE_H_

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "sternhalma/game.h"
#include "sternhalma/player.h"

namespace sternhalma::cli::engine {

// The ceilings of the built-in engine (docs/protocol.md, "Ceilings").
inline constexpr size_t kMaxLineBytes = size_t{1} << 20;  // one input line, without its '\n'
inline constexpr size_t kMaxPositionMoves = 20'000;       // tokens after `position ... moves`
inline constexpr size_t kMaxTables = 64;                  // ids defined by `table`

using Tokens = std::vector<std::string_view>;

// Standard output, one whole line at a time from either thread, flushed at
// once (the referee waits for it). A failed write (the referee has gone) is
// remembered: the session then ends.
class Output {
 public:
  void line(std::string_view s);
  void error(std::string_view what);  // "info error <what>"
  bool failed() const { return failed_.load(); }

 private:
  std::mutex mu_;
  std::atomic<bool> failed_{false};
};

// Input lines from a file descriptor, each at most kMaxLineBytes: a longer
// one is read to its end and dropped, never held.
class LineReader {
 public:
  explicit LineReader(int fd) : fd_(fd) {}
  enum class Got { kLine, kTooLong, kEnd };
  // kLine: *line is the next line without "\n" (and without a "\r" before
  // it). kTooLong: a line past the ceiling was skipped; *dropped its bytes.
  // kEnd: end of input (or a read error); a last line without '\n' comes
  // first as a kLine.
  Got next(std::string* line, size_t* dropped);

 private:
  bool fill();  // more bytes into buf_; false at the end
  int fd_;
  std::string buf_;
  size_t pos_ = 0;
  bool end_ = false;
};

// The limits of one `go`, as a dialect read them (all optional).
struct GoLimits {
  std::optional<int64_t> nodes, movetime;
  std::array<std::optional<int64_t>, kMaxSeats> reserve{};  // a clock per seat
  std::optional<int64_t> increment;
};

// How a dialect writes a move of `pos` (a path in cell names, or indices).
using MoveWriter = std::function<std::string(const Position& pos, Move m)>;

// The player, its options, the game to search and the search thread.
class Engine {
 public:
  Engine(Output& out, MoveWriter writer);
  ~Engine();  // stops a search in progress and ends the thread
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // The `option ...` lines of the handshake.
  static std::vector<std::string> option_lines();
  // "" when set, else the error (nothing changed). Names ignore case.
  std::string set_option(std::string_view name, std::string_view value);
  // The player starts again from its seed; the position is forgotten.
  void new_game();
  // The game the next `go` searches.
  void set_game(Game game) { game_ = std::move(game); }
  const std::optional<Game>& game() const { return game_; }
  // Starts the search (bestmove comes from the search thread): "" when
  // started, else the error and no search.
  std::string go(const GoLimits& limits);
  // Asks a search in progress to answer now (nothing when idle).
  void stop();
  bool searching() const;
  // Waits until no search is in progress.
  void wait_idle();

 private:
  void restart_player();
  struct Answer {
    std::string info, best;  // the info and bestmove lines
  };
  Answer answer(const Game& game);  // the player's move
  void run();  // the search thread

  Output& out_;
  MoveWriter writer_;
  Level level_ = Level::kExpert;
  uint64_t seed_ = 0;
  int64_t nodes_ = 0, movetime_ = 0;  // the Nodes and MoveTime options
  int threads_ = 1;                    // the Threads option
  std::optional<Game> game_;
  std::atomic<bool> stop_{false};
  std::unique_ptr<Player> player_;

  mutable std::mutex mu_;
  std::condition_variable wake_, idle_;
  std::optional<Game> job_;  // the game handed to the search thread
  bool busy_ = false, quit_ = false;
  std::thread thread_;
};

// One dialect: its handshake words and its own commands (position, go, and
// for SHP table).
class Dialect {
 public:
  virtual ~Dialect() = default;
  virtual std::string_view hello() const = 0;  // "shp" / "ccp"
  virtual std::string_view ok() const = 0;     // "shpok" / "ccpok"
  // A command of the dialect's own: "" when done, else the error (nothing
  // changed); *known = false when toks[0] is none of its commands.
  virtual std::string command(Engine& engine, const Tokens& toks, std::string_view line,
                              bool* known) = 0;
  virtual std::string write_move(const Position& pos, Move m) const = 0;
};
std::unique_ptr<Dialect> make_shp();  // engine_shp.cpp
std::unique_ptr<Dialect> make_ccp();  // engine_ccp.cpp

// A decimal number 0..max with no sign, or nullopt.
std::optional<int64_t> parse_number(std::string_view s, int64_t max);
// The value of `keyword` at toks[i + 1], range-checked: "" or the error
// ("go: movetime 'x': expected a number 1..3600000").
std::string number_arg(std::string_view command, const Tokens& toks, size_t i, int64_t min, int64_t max,
                       std::optional<int64_t>* out);

}  // namespace sternhalma::cli::engine

#endif  // STERNHALMA_CLI_ENGINE_H_
