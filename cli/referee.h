// referee.h — one game of a match: the seats given to the players, every
// move asked of a built-in player or an engine, every engine move checked
// by the library, the clock kept through the game's own rules, forfeits
// played as the table says, and the turn cap (match_limits.h).
//
// Forfeits. An engine that plays an illegal or malformed move (or passes
// while it has a move), breaks the protocol, crashes, does not answer in
// its budget plus kMoveMarginMs, or floods stderr forfeits the game: its
// seat resigns (Game::resign), so the table's resignation rule decides what
// follows. Under --tc a late answer is a loss on time instead: the game's
// flag (Game::flag, or apply() with the elapsed time beyond the reserve),
// so the table's flag rule decides. An engine that broke the protocol,
// crashed or hung is killed; it is started again when it is next asked
// for a move (in this game, when the table plays on after a flag, or the
// next).
#ifndef STERNHALMA_CLI_REFEREE_H_
#define STERNHALMA_CLI_REFEREE_H_

#include <memory>
#include <string>
#include <vector>

#include "engine_process.h"
#include "match_options.h"
#include "sternhalma/game.h"

namespace sternhalma::cli {

struct Forfeit {
  int player = 0;
  Seat seat = 0;
  std::string reason;  // illegal-move, crash, timeout, protocol, stderr-flood, time-forfeit
  std::string detail;  // what happened, for a person
};

struct GameResult {
  long long index = 0;        // 0-based in the schedule
  long long opening = -1;     // index into Options::openings, -1 = the start position
  std::vector<Seat> seats;    // per player
  std::vector<int> places;    // per player: 1 = best, equal = shared
  std::string end;            // end_reason_name, or "turn-cap"
  std::string reason;         // the first forfeit's reason, else `end`
  std::vector<Forfeit> forfeits;
  int turns = 0;
  std::vector<double> ms;         // per player: thinking time (engines: wall; built-in: CPU)
  std::vector<long long> moves;   // per player: moves asked for
  std::string record;         // the game's record text (not kept from --resume)
  std::string error;          // the game could not be played (the match stops with it)
};

// An engine of the match, one per player and worker: its process and its
// protocol (SHP or CCP).
class EnginePlayer {
 public:
  explicit EnginePlayer(const EngineSpec& spec) : spec_(spec) {}
  // Starts it (when it is not running) and runs the handshake, options and
  // isready. The error says what failed.
  absl::Status ready();
  // At the start of a game: stderr counted afresh, `newgame` (SHP).
  absl::Status new_game(const Options& o);

  struct Reply {
    enum class Kind { kMove, kResign, kFail } kind = Kind::kFail;
    std::string move;              // kMove: path text as the library reads it
    std::string reason, detail;    // kFail
    int64_t elapsed_ms = 0;
  };
  // Asks for the move of the seat to move. `moves` are the record tokens
  // since the initial position; `budget_ms` is the wait before the answer
  // is late (the margin is added here).
  Reply think(const Game& g, const std::string& start, const std::string& moves, const Options& o,
              int64_t budget_ms);
  // Drains its stderr (between the moves it is asked for).
  void drain() { proc_.drain_stderr(); }
  const EngineSpec& spec() const { return spec_; }
  bool running() const { return proc_.running(); }

 private:
  Reply fail(std::string reason, std::string detail, bool kill);
  absl::StatusOr<std::string> expect(std::string_view word, int64_t ms);
  const EngineSpec& spec_;
  EngineProcess proc_;
};

// The forfeit reason of an engine's failed start, read or write (the codes
// of engine_process.h): timeout, crash, stderr-flood, else protocol.
std::string forfeit_reason(const absl::Status& st);

// Plays game `index` of the schedule. engines[j] is player j's engine (null
// for a built-in player); they persist from game to game on one worker.
GameResult play_game(const Options& o, long long index,
                     std::vector<std::unique_ptr<EnginePlayer>>& engines);

// Places at the turn cap: those the game gave stay; every seat not yet
// placed shares the best place nobody has. Per seat (0 = not played).
std::vector<int> places_at_cap(const Game& g);

}  // namespace sternhalma::cli

#endif  // STERNHALMA_CLI_REFEREE_H_
