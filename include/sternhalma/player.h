// player.h — computer players (SPEC §9, seed 004): easy plays any advancing
// move, normal the move that gains most distance, hard searches a few of its
// own moves ahead (ignoring the others' replies) to build and climb ladders.
// Each player holds its own small PRNG: the same level and seed on the same
// game give the same moves; nothing global is touched.
#ifndef STERNHALMA_PLAYER_H_
#define STERNHALMA_PLAYER_H_

#include <cstdint>
#include <optional>
#include <string_view>

#include "sternhalma/game.h"
#include "sternhalma/move.h"

namespace sternhalma {

enum class Level : uint8_t { kEasy, kNormal, kHard };
std::optional<Level> parse_level(std::string_view name);  // "easy" | "normal" | "hard"
std::string_view level_name(Level level);

class Player {
 public:
  Player(Level level, uint64_t seed);

  // The move for the seat to move (for the marbles it moves). The game must
  // not be over (it passes by itself, so there is always a legal move). Never
  // an eliminating move (Game::eliminates) while another move exists.
  Move choose(const Game& game);

  Level level() const { return level_; }

  // A uniform number in [0, n) from the player's generator.
  uint64_t below(uint64_t n);

 private:
  uint64_t next();
  Level level_;
  uint64_t state_;
};

}  // namespace sternhalma

#endif  // STERNHALMA_PLAYER_H_
