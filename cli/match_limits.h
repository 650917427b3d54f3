// match_limits.h — every ceiling and timeout of `sternhalma match`, in one
// place. docs/protocol.md states the protocol's values (the referee's
// timeouts, margin and ceilings) from this file; the usage text and
// tests/README.md refer to them by name.
#ifndef STERNHALMA_CLI_MATCH_LIMITS_H_
#define STERNHALMA_CLI_MATCH_LIMITS_H_

#include <cstdint>

namespace sternhalma::cli {

// The schedule.
inline constexpr long long kMaxGames = 1'000'000;
inline constexpr long long kMaxConcurrency = 256;
inline constexpr int kMaxEngines = 16;           // --engine definitions
inline constexpr int kMaxEngineOptions = 256;    // --engine-option, all engines together
inline constexpr long long kMaxOpenings = 100'000;  // positions in an --openings file
inline constexpr long long kMaxOpeningsBytes = 16 << 20;  // the file's size
inline constexpr long long kMaxJsonlBytes = 256 << 20;    // a --resume file's size

// A game that has not ended after this many turns (a move or a pass each)
// ends by the referee's turn cap: the seats already placed keep their
// places, every other seat shares the next place (a draw among them).
// A custom table may have no limit and no other ending, so a match game
// (and `sternhalma play`) needs this cap to end. The longest presets end
// within 1200 turns; --max-turns lowers or raises it up to kMaxTurnCap,
// which is the most actions a protocol `position` line may carry
// (engine::kMaxPositionMoves, checked in match_options.cpp): a game that
// outgrew it could no longer be sent to an engine.
inline constexpr long long kDefaultTurnCap = 10'000;
inline constexpr long long kMaxTurnCap = 20'000;

// The engine protocol (SHP, CCP): the referee's side.
inline constexpr int64_t kHandshakeMs = 10'000;   // shp -> shpok (ccp -> ccpok)
inline constexpr int64_t kReadyMs = 10'000;       // isready -> readyok
// A move is late (the seat forfeits) past its budget plus this margin: the
// --movetime, or under --tc the seat's remaining reserve.
inline constexpr int64_t kMoveMarginMs = 1'000;
// A move with no time limit (only nodes or depth, or the engine's default).
inline constexpr int64_t kUnlimitedMoveMs = 60'000;
// How long a line to the engine may wait for room in its input pipe (an
// engine that stops reading its input is a timeout, never a hang).
inline constexpr int64_t kWriteMs = 10'000;
// After `quit`, how long an engine may take to exit before it is killed.
inline constexpr int64_t kQuitMs = 1'000;
// The longest line an engine may send (without its '\n'); a longer one is
// a protocol error.
inline constexpr int64_t kMaxLineBytes = 64 * 1024;
// The stderr an engine may write in one game; more is a forfeit
// (stderr-flood). What it writes is read and dropped, never kept.
inline constexpr int64_t kMaxStderrBytesPerGame = 1 << 20;
// Lines an engine may send for one move (info lines) before its bestmove.
inline constexpr int64_t kMaxLinesPerMove = 100'000;

}  // namespace sternhalma::cli

#endif  // STERNHALMA_CLI_MATCH_LIMITS_H_
