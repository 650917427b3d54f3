/// @file
/// player.h — computer players (rule book §9, seed 004).
///
/// Four levels. Easy plays any advancing move, normal the move that gains most
/// distance, hard searches a few of its own moves ahead (ignoring the others'
/// replies) to build and climb ladders. Expert searches the others' replies
/// too: a best-reply alpha-beta (search.h explains it; with one opponent it is
/// plain alpha-beta) over an evaluation that encodes seed 004's advice
/// (evaluate.h), except in two cases. Where no seat faces another (three
/// seats at alternate points with ten marbles and standard jumps,
/// internal::plans_race) every goal is an empty camp and the game is a
/// race: expert plays the first move of the shortest line of its own moves
/// to arrival that a beam search finds (internal/race.h). Where four to six
/// seats race through each other without teams (internal::runs_uct), it
/// samples the field's futures: Monte Carlo tree search with UCT, each seat
/// playing for its own expected place (internal/uct.h).
///
/// Budgets. Hard and expert take a Budget per move: a number of search nodes
/// (deterministic: the same level, seed, budget and game give the same move on
/// every machine) and/or milliseconds of wall clock (NOT deterministic: how far
/// the search gets depends on the machine and its load). A node budget is a
/// ceiling, however small (SearchStats::nodes never exceeds it); a time budget
/// is met within kTimeBudgetMarginMs natively. Easy and normal do a fixed,
/// small amount of work and ignore it. Before any search, normal, hard and
/// expert play a move that arrives (rule 3) when there is one, and every
/// level the exit deadline's moves when it presses (rule 7): no nodes.
///
/// Each player holds its own generator (random.h) and, for expert, its own
/// transposition table: nothing global is touched, so players on different
/// threads never share state. A Player is copyable (the copy continues the
/// same random stream).
#ifndef STERNHALMA_PLAYER_H_
#define STERNHALMA_PLAYER_H_

#include <atomic>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "sternhalma/game.h"
#include "sternhalma/internal/search.h"
#include "sternhalma/move.h"
#include "sternhalma/random.h"

namespace sternhalma {

/// A computer player's strength (rule book §9).
enum class Level : uint8_t {
  kEasy,    ///< "easy"
  kNormal,  ///< "normal"
  kHard,    ///< "hard"
  kExpert   ///< "expert": searches the others' replies
};
/// "easy" | "normal" | "hard" | "expert"
/// @{
std::optional<Level> parse_level(std::string_view name);
std::string_view level_name(Level level);
/// @}

/// The work a player may do for one move. 0 means "no limit of this kind";
/// both 0 means the level's default (default_budget). When both are set the
/// search stops at whichever comes first.
struct Budget {
  int64_t nodes = 0;    ///< positions visited by the search (deterministic)
  int64_t time_ms = 0;  ///< wall-clock milliseconds (not deterministic)
  /// Equal when both fields are.
  bool operator==(const Budget&) const = default;
};
/// The ceilings a budget may ask for (larger values are refused by
/// check_budget): a billion nodes, an hour.
/// @{
inline constexpr int64_t kMaxBudgetNodes = 1'000'000'000;
inline constexpr int64_t kMaxBudgetMs = 3'600'000;
/// @}
/// A time budget is met within kTimeBudgetMarginMs natively: hard and expert
/// read the clock (and the stop flag, set_stop) at least once every
/// kTimeCheckNodes nodes.
/// @{
inline constexpr int64_t kTimeBudgetMarginMs = 2;
inline constexpr int kTimeCheckNodes = 16;
/// @}
/// The most threads one expert search may use (Player::set_threads).
inline constexpr int kMaxSearchThreads = internal::kMaxThreads;
/// The default work of a level: hard searches its usual fixed lookahead;
/// expert 20 000 nodes, which answers in about 10-30 ms on one core of the
/// development machine in a two-player middle game (bench/README.md). Where
/// expert plans a race (internal::plans_race) its default is instead
/// internal::kRaceDefaultNodes (800 000) boards over the plan's (up to)
/// four beam searches, about four times what 20 000 search nodes cost; where
/// it samples the field (internal::runs_uct), internal::kUctDefaultNodes
/// (30 000) boards of its tree and playouts. An explicit node budget counts
/// those boards.
Budget default_budget(Level level);
/// OK, or InvalidArgument naming the field out of range (negative, or above
/// the ceiling).
absl::Status check_budget(const Budget& budget);

/// Game clocks (rule book §4 rule 11: a reserve, and an increment earned after each
/// move). budget_for_clock gives the time budget of one move from the mover's
/// reserve and increment and the own moves it still expects to play
/// (expected_moves_left). The guarantee: the budget plus kClockMarginMs never
/// exceeds the reserve, so a player whose move takes at most its time budget
/// plus kClockMarginMs (hard and expert meet their time budgets within
/// kTimeBudgetMarginMs natively, player_budget_test; the rest of the margin covers
/// generating and applying the move and a front end's I/O) never loses on
/// time, however long the game: it spends a share of what is left, never all
/// of it. The share is what is left above the margin divided by the moves
/// expected (at least kMinMovesLeft), plus three quarters of the increment
/// (earned back after the move) out of what is left above ten increments (a
/// cushion for moves that overrun, kept before any increment is spent), and
/// never more than half of what is left above the margin. A reserve of at
/// most 2 x kClockMarginMs gets the smallest budget, 1 ms. The budget is in milliseconds only (nodes 0).
/// @{
inline constexpr int64_t kClockMarginMs = 25;
inline constexpr int kMinMovesLeft = 8;
/// @}
/// reserve_ms and increment_ms are clamped to 0..kMaxClockMs (game.h),
/// moves_left to at least kMinMovesLeft.
Budget budget_for_clock(int64_t reserve_ms, int64_t increment_ms, int moves_left);
/// The own moves the seat whose marbles move next (Game::marbles_of) may
/// still play in `game`: its goal distance at the pace of a strong player
/// (kStepsPerMove steps a move), plus the slow filling of the goal's last
/// cells (kEndgameMoves); at least kMinMovesLeft. An estimate: turn limits
/// are not counted (it then spends less than it could, never more).
/// @{
inline constexpr int kStepsPerMove = 3;
inline constexpr int kEndgameMoves = 8;
int expected_moves_left(const Game& game);
/// @}

/// What the last choose() did (for benchmarks and the curious).
struct SearchStats {
  int64_t nodes = 0;  ///< positions visited
  int depth = 0;      ///< expert: deepest completed iteration (plies), the race plan's own moves, or UCT's most visited line (plies); hard: own moves
};

/// A computer player of one Level (rule book §9): seeded, so the same level,
/// seed, node budget and game give the same move.
class Player {
 public:
  /// An out-of-range budget is clamped to [0, ceiling] (check_budget tells).
  Player(Level level, uint64_t seed, Budget budget = {});

  /// The move for the seat to move (for the marbles it moves). The game must
  /// not be over (it passes by itself, so there is always a legal move). The
  /// move is always one of game.legal_moves(); never one that puts a seat
  /// out (Game::puts_out: a marble brought home after the deadline, or the
  /// deadline move leaving a movable marble at home) while another exists.
  /// Normal, hard and expert play a move that arrives (rule 3) when there is
  /// one; with two seats hard and expert play only moves after which the
  /// opponent cannot arrive next, when some are.
  Move choose(const Game& game);

  /// The level.
  Level level() const { return level_; }
  /// The budget as set (Budget{} for the level's default).
  const Budget& budget() const { return budget_; }
  /// Sets the budget of every later choose(), clamped as the constructor's.
  void set_budget(Budget budget);
  /// What the last choose() did.
  const SearchStats& last_stats() const { return stats_; }
  /// A flag another thread may set to stop the search of the choose() in
  /// progress (nullptr: none; the flag must outlive its use here, and a copy
  /// of the player shares it). Once it is set, hard and expert stop at their
  /// next check (at least once every kTimeCheckNodes nodes) and return the
  /// best move found so far: always one choose() may return (hard falls back
  /// to the distance each move gains now, expert to its last completed
  /// iteration or, before the first, to the move that gains most towards the
  /// goal's tip). Easy and normal ignore it. The player never writes it;
  /// clear it before the next choose().
  void set_stop(const std::atomic<bool>* flag) { stop_ = flag; }
  /// The flag set_stop() set (nullptr: none).
  const std::atomic<bool>* stop_flag() const { return stop_; }
  /// Expert's search threads (the root's moves shared out among them over one
  /// transposition table, search.h), clamped to 1..kMaxSearchThreads. With 1
  /// (the default) the same seed, node budget and game give the same move;
  /// with more, a search to the same depth finds the same move, but how deep
  /// a node or time budget gets depends on how the threads ran (not
  /// deterministic), and the node budget counts the main thread's nodes (the
  /// helpers stop when it does). Other levels ignore it. A copy keeps the
  /// number. Where expert samples the field (four to six seats without
  /// teams, internal/uct.h) each thread grows a tree of its own within the
  /// budget and their visits are summed: a node budget is each tree's
  /// ceiling, and the same seed, node budget, game and number of threads
  /// give the same move. The race plan (internal/race.h) runs on one thread.
  void set_threads(int n);
  /// Expert's search threads (set_threads).
  int threads() const { return threads_; }

  /// A uniform number in [0, n) from the player's generator (0 when n = 0).
  uint64_t below(uint64_t n);

 private:
  Move choose_hard(const Game& game, const std::vector<Move>& moves);
  Level level_;
  Rng rng_;
  Budget budget_;
  SearchStats stats_;
  const std::atomic<bool>* stop_ = nullptr;
  int threads_ = 1;
  internal::Table table_;  ///< expert's transposition table (search.h)
};

}  // namespace sternhalma

#endif  // STERNHALMA_PLAYER_H_
