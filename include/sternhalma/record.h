/// @file
/// record.h — game records (rule book §8): whitespace-separated tokens, the preset
/// id, the first seat's letter, then one token per turn in order: a move (its
/// path, or from-to), `pass`, or an action of any seat at any point
/// (`X:resign`, `X:flag`). The writer includes every pass; the reader accepts
/// records with the automatic passes left out. A flag that makes the table
/// play a move (004) is written as `X:flag` alone: replay plays the same move.
///
/// A record names its table. A preset's record starts with the preset id, as
/// above. A record of any other table (a preset with options changed) starts
/// with a tag line, as PGN's tags and SGF's rule property do:
///   [rules classic-2;id=free-2;zones=free;goal-lock=no]
/// the preset it was made from (the one it differs from in the fewest
/// options), then every option that differs from it, in describe()'s order
/// and text (id first; not the first seat, which the record's second token
/// gives); the tokens follow on the next line, the table's id
/// first. read_record(text) builds the table from the tag, so a record is
/// replayed with nothing else.
#ifndef STERNHALMA_RECORD_H_
#define STERNHALMA_RECORD_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "sternhalma/game.h"
#include "sternhalma/rules.h"

namespace sternhalma {

/// The ceiling of read_record: a record of more bytes is rejected before any
/// work ("record: N bytes, more than the 1048576 a record may have"), so a
/// hostile file costs at most a few times this in memory and well under a
/// second (figures: tests/README.md, "Ceilings"). A whole game of the longest
/// presets (1200 turns of table-6) writes a few tens of kB.
inline constexpr size_t kMaxRecordBytes = size_t{1} << 20;

/// The record of a game so far: tokens separated by spaces, a line break
/// every `per_line` turn tokens (0: one line), and a final newline. A game
/// without a limit can go on past what a record may hold: write_record
/// writes it all, record_text() is the writer that keeps to the reader's
/// ceiling.
std::string write_record(const Game& game, int per_line = 10);

/// write_record's text when it is at most kMaxRecordBytes (every such record
/// reads back), else ResourceExhausted naming both sizes. The C ABI's
/// sh_game_record and sh_env_record write through it (SH_ERR_LIMIT).
absl::StatusOr<std::string> record_text(const Game& game, int per_line = 10);

/// The tag line of a table ("[rules <preset>;<name>=<value>;...]", no line
/// end), or "" for a preset itself.
std::string record_tag(const Rules& rules);

/// Replays a record of a preset, or of the table its tag line names. A record is text: a NUL byte is an error
/// that says where it is. Errors name the token number (1-based, the
/// preset id is token 1) and what is wrong: "record token 7 'm1-m5': ..." (the token
/// quoted, cut and escaped as every echoed input is).
absl::StatusOr<Game> read_record(std::string_view text);
/// The same under a custom table; the record's first token must be rules.id,
/// and a tag, if any, must name this table.
absl::StatusOr<Game> read_record(std::string_view text, const Rules& rules);

/// Plays a record's turn tokens (what follows its first two: a move's path or
/// from-to, `pass`, `X:resign`, `X:flag`) on `game`, as read_record does: a
/// `pass` matches an automatic pass the game played (and may be left out),
/// anything else is an action of the game. Stops at the first bad token:
/// "<label> N 'tok': why", N = first_number for tokens[0] and counting on;
/// the actions before it stay played. A record read in pieces passes
/// `matched`: the history entries the tokens before these matched (0 for a
/// new game), updated to count these when all are played; without it every entry of the game's
/// history counts as matched.
absl::Status play_record_tokens(Game& game, const std::vector<std::string_view>& tokens,
                                std::string_view label, size_t first_number, size_t* matched = nullptr);

}  // namespace sternhalma

#endif  // STERNHALMA_RECORD_H_
