/// @file
/// position.h — who stands where, and whose turn it is.
///
/// A Position is the board (which seat holds each cell, which pieces are
/// kings), the seat to move and the number of completed rounds, under a table
/// of Rules it points to (presets are static; a custom table must outlive the
/// positions that use it). It knows nothing of arrivals, deadlines or clocks:
/// that is the Game's business. Its text form is rule book §8's one-line position;
/// its packed form (kPackedSize bytes) is what batch calls take. Both readers
/// accept exactly the same boards (one check in position.cpp): every piece of
/// a played seat on its own cell, at most `marbles` pieces and one king per
/// seat, kings only on tables with kings, a played seat to move.
#ifndef STERNHALMA_POSITION_H_
#define STERNHALMA_POSITION_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "sternhalma/bits.h"
#include "sternhalma/cell.h"
#include "sternhalma/geometry.h"
#include "sternhalma/rules.h"
#include "sternhalma/text.h"  // kMaxTextBytes, the ceiling of every parser
#include "sternhalma/internal/zobrist.h"

namespace sternhalma {

inline constexpr int8_t kEmpty = -1;  ///< Position::at() of an empty cell

/// The most completed rounds a position carries: its text's ceiling, and where
/// play() stops (a round is at least one turn, so no real game comes near).
inline constexpr int kMaxRound = 1'000'000'000;

/// The packed form: byte c (0..120) is kPackedEmpty or the seat on c, plus
/// kPackedKing for a king; byte 121 is the seat to move; bytes 122..127 are
/// zero. The round is not packed (an unpacked position is at round 0).
/// @{
inline constexpr size_t kPackedSize = 128;
inline constexpr uint8_t kPackedEmpty = 0xFF;
inline constexpr uint8_t kPackedKing = 0x10;
/// @}
using Packed = std::array<uint8_t, kPackedSize>;  ///< a packed position
/// The most packed positions (or position texts) one batch call of the C ABI
/// and the bindings takes; more is a range error before any work.
inline constexpr size_t kMaxBatch = size_t{1} << 20;

/// The board, the seat to move and the completed rounds under a table of
/// Rules (the notes at the top of position.h say what it holds and checks).
class Position {
 public:
  /// An empty board under `rules`, `rules.first_seat` to move.
  /// Precondition, here and in every call below that takes a Rules:
  /// validate(rules) is ok (presets.h; first_seat a played seat is asserted).
  /// The presets are valid, and Game::create and the C ABI check it; a Rules
  /// built or edited by hand (its fields, set_option) is the caller's to
  /// validate, once (it costs ~2 us, more than an unpack).
  explicit Position(const Rules& rules);

  /// The start position of a table: every played seat on its home camp (kings
  /// on the camp tips when the table has kings).
  static Position start(const Rules& rules);
  /// A preset id alone, or a full position line (rule book §8); at most
  /// kMaxTextBytes of text.
  static absl::StatusOr<Position> parse(std::string_view text);
  /// A position line under a custom table; its id must be rules.id.
  static absl::StatusOr<Position> parse(std::string_view text, const Rules& rules);
  /// The position line (rule book §8).
  std::string to_string() const;
  /// The packed form, and back. Errors name the byte: "packed byte 17 (0x03):
  /// seat K is not played in classic-2".
  /// @{
  Packed pack() const;
  static absl::StatusOr<Position> unpack(const uint8_t* bytes, const Rules& rules);
  /// @}

  /// The table.
  const Rules& rules() const { return *rules_; }
  /// The seat to move.
  Seat to_move() const { return to_move_; }
  /// Completed rounds.
  int round() const { return round_; }
  /// The Zobrist hash of the board and the seat to move (zobrist.h).
  uint64_t hash() const { return hash_; }

  /// The seat on c, or kEmpty.
  int8_t at(Cell c) const { return board_[c]; }
  /// Whether a king stands on c.
  bool is_king(Cell c) const { return kings_.test(c); }
  /// The cells with a piece.
  const Bits& occupied() const { return occ_; }
  /// The cells of seat s's pieces.
  const Bits& pieces(Seat s) const { return by_seat_[s]; }
  /// The cells with a king.
  const Bits& kings() const { return kings_; }
  /// The empty cells.
  Bits empty() const { return kAllCells.minus(occ_); }
  /// The number of seat s's pieces.
  int count(Seat s) const { return by_seat_[s].count(); }

  /// Board edits. They keep every view and the hash in step; they do not check
  /// legality (movegen.h and Game do).
  /// @{
  void put(Cell c, Seat s, bool king = false);
  void remove(Cell c);
  void move_piece(Cell from, Cell to) {
    const Seat s = board_[from];
    const uint64_t* k = internal::kZobrist.piece[s].data();
    hash_ ^= k[from] ^ k[to];
    board_[to] = board_[from];
    board_[from] = kEmpty;
    occ_.reset(from);
    occ_.set(to);
    by_seat_[s].reset(from);
    by_seat_[s].set(to);
    if (kings_.test(from)) {
      kings_.reset(from);
      kings_.set(to);
      hash_ ^= internal::kZobrist.king[from] ^ internal::kZobrist.king[to];
    }
  }
  void set_to_move(Seat s) {
    hash_ ^= internal::kZobrist.to_move[to_move_] ^ internal::kZobrist.to_move[s];
    to_move_ = s;
  }
  void set_round(int r) { round_ = r; }
  /// @}
  /// Remove every piece of seat s (elimination).
  void clear_seat(Seat s);

  /// Same board, seat to move and round (the table is compared by identity
  /// of its rules, not by pointer).
  bool operator==(const Position& o) const;

 private:
  const Rules* rules_;
  Bits occ_, kings_;
  std::array<Bits, kMaxSeats> by_seat_{};
  std::array<int8_t, kNumCells> board_;
  Seat to_move_ = 0;
  int round_ = 0;
  uint64_t hash_ = 0;
};

/// Turn order on a board: the played seat after the one to move that still
/// has pieces (a played seat without pieces is skipped, as the game skips an
/// eliminated seat); the next played seat when none has.
inline Seat next_seat_with_pieces(const Position& pos) {
  const Rules& r = pos.rules();
  Seat s = pos.to_move();
  for (int i = 0; i < kMaxSeats; ++i) {
    s = r.next_seat(s);
    if (pos.pieces(s).any()) return s;
  }
  return r.next_seat(pos.to_move());
}

}  // namespace sternhalma

#endif  // STERNHALMA_POSITION_H_
