// COMPACT121: the CCERL board text (compact121.h).
#include "sternhalma/compact121.h"

#include <cassert>

#include "absl/strings/str_cat.h"
#include "sternhalma/text.h"

namespace sternhalma {
namespace {

constexpr uint8_t kWK = (1 << 0) | (1 << 3);  // points 0 and 3
constexpr Seat kSeatOfPlayer[2] = {0, 3};

absl::Status bad(std::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("compact121 ", text::av(what)));
}

}  // namespace

absl::Status check_compact121_table(const Rules& rules) {
  if (rules.seats != kWK)
    return absl::InvalidArgumentError(absl::StrCat(
        "compact121: rules ", rules.id,
        " do not play exactly points 0 and 3 (seats W and K), the two seats the text carries"));
  if (rules.king())
    return absl::InvalidArgumentError(
        absl::StrCat("compact121: rules ", rules.id, " have kings, which the text cannot carry"));
  return absl::OkStatus();
}

absl::StatusOr<Position> from_compact121(const Rules& rules, std::string_view cells,
                                         int player, int ply) {
  if (absl::Status st = check_compact121_table(rules); !st.ok()) return st;
  if (cells.size() != kCompact121Size)
    return bad(absl::StrCat("cells: ", cells.size(), " characters, expected ", kCompact121Size));
  Packed packed;
  packed.fill(0);
  int count[2] = {0, 0};
  for (Cell c = 0; c < kNumCells; ++c) {
    const char ch = cells[c];
    if (ch == '.') {
      packed[c] = kPackedEmpty;
      continue;
    }
    if (ch != '0' && ch != '1')
      return bad(absl::StrCat("cell ", c, ": ", text::quote(std::string_view(&ch, 1)),
                              " is not '.', '0' or '1'"));
    const int p = ch - '0';
    ++count[p];
    packed[c] = static_cast<uint8_t>(kSeatOfPlayer[p]);
  }
  for (int p = 0; p < 2; ++p)
    if (count[p] > rules.marbles)
      return bad(absl::StrCat("cells: ", count[p], " pieces of player ", p, " (seat ",
                              std::string(1, seat_letter(kSeatOfPlayer[p])), "), the table has ",
                              rules.marbles));
  if (player != 0 && player != 1) return bad(absl::StrCat("player ", player, ": not 0 or 1"));
  if (ply < 0 || ply > kMaxCompact121Ply)
    return bad(absl::StrCat("ply ", ply, ": not in 0..", kMaxCompact121Ply));
  const Seat mover = kSeatOfPlayer[player];
  const Seat expected = ply % 2 == 0 ? rules.first_seat : rules.next_seat(rules.first_seat);
  if (mover != expected)
    return bad(absl::StrCat("player ", player, " at ply ", ply, ": under ", rules.id, " seat ",
                            std::string(1, seat_letter(rules.first_seat)),
                            " moves at even plies and seat ",
                            std::string(1, seat_letter(rules.next_seat(rules.first_seat))),
                            " at odd ones"));
  packed[kNumCells] = static_cast<uint8_t>(mover);
  // The board check is Position's own (one check for every reader); what it
  // could refuse has been refused above with CCERL's names.
  absl::StatusOr<Position> pos = Position::unpack(packed.data(), rules);
  if (!pos.ok()) return pos.status();
  pos->set_round(ply / 2);
  return pos;
}

std::string to_compact121(const Position& pos) {
  assert(check_compact121_table(pos.rules()).ok());
  std::string out(kCompact121Size, '.');
  for (Cell c = 0; c < kNumCells; ++c) {
    const int8_t s = pos.at(c);
    if (s == kSeatOfPlayer[0]) out[c] = '0';
    else if (s == kSeatOfPlayer[1]) out[c] = '1';
  }
  return out;
}

int compact121_player(const Position& pos) { return pos.to_move() == kSeatOfPlayer[0] ? 0 : 1; }

long long compact121_ply(const Position& pos) {
  return 2LL * pos.round() + (pos.to_move() == pos.rules().first_seat ? 0 : 1);
}

}  // namespace sternhalma
