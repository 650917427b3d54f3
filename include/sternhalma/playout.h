/// @file
/// playout.h — random playouts: games of uniformly random legal moves under
/// every rule of the table (each turn goes through Game::apply), for
/// statistics, self-play, tests and benchmarks. The C ABI's
/// sh_game_playouts and sh_position_playouts are these calls, so a seed gives
/// the same games in C++, C and every binding.
#ifndef STERNHALMA_PLAYOUT_H_
#define STERNHALMA_PLAYOUT_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "sternhalma/game.h"
#include "sternhalma/move.h"
#include "sternhalma/random.h"

namespace sternhalma {

/// Ceilings of one playouts() call (the C ABI's SH_MAX_PLAYOUTS and
/// SH_MAX_PLAYOUT_TURNS): the number of playouts, the turns of one playout,
/// and the turns played in all. A playout keeps no history, so memory does
/// not grow with its turns (only the repetition count does, on tables with
/// that rule: a few bytes a turn); the turns in all bound the time (about a
/// second on one core).
/// @{
inline constexpr size_t kMaxPlayouts = 1'000'000;
inline constexpr int kMaxPlayoutTurns = 2'000'000;
/// @}

/// The outcome of one playout.
struct PlayoutResult {
  std::array<int, kMaxSeats> places{};  ///< by point; 0: not placed (or not played)
  int turns = 0;                        ///< turns played in the playout
  Seat winner = -1;  ///< the seat alone in place 1 by arriving, else -1 (none
                     ///< yet, a shared place 1, or a team)
  bool over = false;  ///< whether the game is over (else it stopped at max_turns)
};

/// A uniformly random legal move of the seat to move, for the marbles it
/// moves; the game must not be over.
Move random_move(const Game& game, Rng& rng);

/// The generator of playout i of a batch seeded with `seed` (playout i
/// depends only on the start, seed and i).
Rng playout_rng(uint64_t seed, size_t i);

/// Plays random moves on `game` until it is over or `max_turns` turns were
/// played (passes count as turns). Returns the turns played.
int play_random(Game& game, Rng& rng, int max_turns);

/// The outcome of a game as a playout reports it.
PlayoutResult playout_result(const Game& game, int turns);

/// n playouts from `start`, each until it is over or max_turns turns were
/// played. OutOfRange when n > kMaxPlayouts or max_turns is not in
/// 0..kMaxPlayoutTurns; ResourceExhausted when the turns in all would pass
/// kMaxPlayoutTurns (no result then).
absl::StatusOr<std::vector<PlayoutResult>> playouts(const Game& start, size_t n, int max_turns,
                                                    uint64_t seed);

}  // namespace sternhalma

#endif  // STERNHALMA_PLAYOUT_H_
