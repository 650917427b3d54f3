// Position: board edits and the one-line text form of SPEC §8.
#include "sternhalma/position.h"

#include <cassert>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "sternhalma/presets.h"
#include "sternhalma/text.h"

namespace sternhalma {

Position::Position(const Rules& rules) : rules_(&rules) {
  // validate(rules) is the precondition (position.h); what this constructor
  // itself indexes by is checked here, the rest where it is used.
  assert(rules.first_seat >= 0 && rules.first_seat < kMaxSeats && rules.plays(rules.first_seat));
  board_.fill(kEmpty);
  to_move_ = rules.first_seat;
  hash_ = internal::kZobrist.to_move[to_move_];
}

Position Position::start(const Rules& rules) {
  Position p(rules);
  for (Seat s = 0; s < kMaxSeats; ++s) {
    if (!rules.plays(s)) continue;
    home_cells(s, rules.marbles).for_each([&](Cell c) { p.put(c, s); });
    if (rules.king()) {
      p.remove(tip_cell(s));
      p.put(tip_cell(s), s, true);
    }
  }
  return p;
}

void Position::put(Cell c, Seat s, bool king) {
  if (board_[c] != kEmpty) remove(c);
  board_[c] = static_cast<int8_t>(s);
  occ_.set(c);
  by_seat_[s].set(c);
  hash_ ^= internal::kZobrist.piece[s][c];
  if (king) {
    kings_.set(c);
    hash_ ^= internal::kZobrist.king[c];
  }
}

void Position::remove(Cell c) {
  const Seat s = board_[c];
  if (s == kEmpty) return;
  hash_ ^= internal::kZobrist.piece[s][c];
  if (kings_.test(c)) {
    kings_.reset(c);
    hash_ ^= internal::kZobrist.king[c];
  }
  board_[c] = kEmpty;
  occ_.reset(c);
  by_seat_[s].reset(c);
}

void Position::clear_seat(Seat s) {
  const Bits b = by_seat_[s];
  b.for_each([&](Cell c) { remove(c); });
}

bool Position::operator==(const Position& o) const {
  return board_ == o.board_ && kings_ == o.kings_ && to_move_ == o.to_move_ &&
         round_ == o.round_ && *rules_ == *o.rules_;
}

std::string Position::to_string() const {
  std::string out = absl::StrCat(rules_->id, " ", std::string(1, seat_letter(to_move_)));
  Cell cells[kNumCells];
  for (Seat s = 0; s < kMaxSeats; ++s) {
    if (!rules_->plays(s)) continue;
    absl::StrAppend(&out, " ", std::string(1, seat_letter(s)), ":");
    const int n = by_seat_[s].to_cells(cells);
    for (int i = 0; i < n; ++i)
      absl::StrAppend(&out, i ? "," : "", cell_name(cells[i]), is_king(cells[i]) ? "*" : "");
  }
  absl::StrAppend(&out, " ", round_);
  return out;
}

namespace {

// The one check of a board read piece by piece, for the text parser and for
// unpack alike; each returns "" when fine, else what is wrong (the caller
// says where).
class Placer {
 public:
  explicit Placer(Position& p) : p_(p), r_(p.rules()) {}

  std::string put(Cell c, Seat s, bool king) {
    if (s < 0 || s >= kMaxSeats || !r_.plays(s))
      return absl::StrCat("seat ", seat_name(s), " is not played in ", r_.id);
    if (p_.at(c) != kEmpty) return absl::StrCat("cell ", cell_name(c), " used twice");
    if (king && !r_.king()) return absl::StrCat("king on ", cell_name(c), " but ", r_.id, " has no kings");
    if (king && ++kings_[s] > 1) return absl::StrCat("more than one king of ", seat_name(s));
    if (p_.count(s) >= r_.marbles)
      return absl::StrCat("more than ", r_.marbles, " pieces of ", seat_name(s));
    p_.put(c, s, king);
    return {};
  }

  std::string to_move(Seat s) {
    if (s < 0 || s >= kMaxSeats || !r_.plays(s))
      return absl::StrCat("seat to move ", seat_name(s), " is not played in ", r_.id);
    p_.set_to_move(s);
    return {};
  }

 private:
  static std::string seat_name(Seat s) {
    return s >= 0 && s < kMaxSeats ? std::string(1, seat_letter(s)) : absl::StrCat(s);
  }
  Position& p_;
  const Rules& r_;
  std::array<int, kMaxSeats> kings_{};
};

absl::Status bad(int field, std::string_view token, std::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat("position field ", field, " ", text::quote(token), ": ", text::av(what)));
}

}  // namespace

absl::StatusOr<Position> Position::parse(std::string_view text) {
  if (absl::Status s = text::check_size(text, "position", kMaxTextBytes); !s.ok()) return s;
  const std::vector<std::string_view> f = text::tokens(text);
  if (f.empty()) return absl::InvalidArgumentError("position: empty text");
  const Rules* rules = find_preset(f[0]);
  if (rules == nullptr)  // NotFound, as Game::create: the C ABI maps it to SH_ERR_PRESET
    return absl::NotFoundError(absl::StrCat("position field 1 ", text::quote(f[0]), ": unknown preset id"));
  return parse(text, *rules);
}

absl::StatusOr<Position> Position::parse(std::string_view text, const Rules& rules) {
  if (absl::Status s = text::check_size(text, "position", kMaxTextBytes); !s.ok()) return s;
  const std::vector<std::string_view> f = text::tokens(text);
  if (f.empty()) return absl::InvalidArgumentError("position: empty text");
  if (f[0] != rules.id)
    return bad(1, f[0], absl::StrCat("table id differs from the rules' id ", text::quote(rules.id)));
  if (f.size() == 1) return start(rules);
  if (f.size() < 3)
    return absl::InvalidArgumentError(absl::StrCat(
        "position: expected '<id> <seat-to-move> <seat>:<cells>... <round>', got ",
        f.size(), " fields"));
  Position p(rules);
  Placer placer(p);
  // Seat to move.
  if (f[1].size() != 1 || seat_from_letter(f[1][0]) < 0)
    return bad(2, f[1], "not a seat letter (W R B K Y G)");
  const Seat mover = seat_from_letter(f[1][0]);
  if (std::string e = placer.to_move(mover); !e.empty()) return bad(2, f[1], e);
  // Round.
  const size_t last = f.size() - 1;
  long long round = 0;
  if (!text::parse_count(f[last], &round) || round > kMaxRound)
    return bad(static_cast<int>(last + 1), f[last],
               absl::StrCat("round is not a number in 0..", kMaxRound));
  // Seats.
  uint8_t seen = 0;
  for (size_t i = 2; i < last; ++i) {
    const int field = static_cast<int>(i + 1);
    const std::string_view tok = f[i];
    if (tok.size() < 2 || tok[1] != ':') return bad(field, tok, "expected <seat>:<cells>");
    const Seat s = seat_from_letter(tok[0]);
    if (s < 0) return bad(field, tok, "not a seat letter (W R B K Y G)");
    if (!rules.plays(s)) return bad(field, tok, absl::StrCat("seat not played in ", rules.id));
    if (seen >> s & 1) return bad(field, tok, "seat listed twice");
    seen |= static_cast<uint8_t>(1 << s);
    const std::string_view list = tok.substr(2);
    if (list.empty()) continue;
    for (std::string_view name : text::split(list, ',')) {
      bool king = false;
      if (!name.empty() && name.back() == '*') {
        king = true;
        name.remove_suffix(1);
      }
      const std::optional<Cell> c = parse_cell(name);
      if (!c) return bad(field, tok, absl::StrCat("unknown cell ", text::quote(name)));
      if (std::string e = placer.put(*c, s, king); !e.empty()) return bad(field, tok, e);
    }
  }
  p.set_round(static_cast<int>(round));
  return p;
}

Packed Position::pack() const {
  Packed out{};
  for (Cell c = 0; c < kNumCells; ++c)
    out[c] = board_[c] == kEmpty ? kPackedEmpty
                                 : static_cast<uint8_t>(board_[c] | (is_king(c) ? kPackedKing : 0));
  out[kNumCells] = static_cast<uint8_t>(to_move_);
  return out;
}

absl::StatusOr<Position> Position::unpack(const uint8_t* in, const Rules& rules) {
  Position p(rules);
  Placer placer(p);
  auto bad_byte = [&](size_t i, std::string_view what) {
    return absl::InvalidArgumentError(absl::StrFormat("packed byte %d (0x%02x): %s", i, in[i], text::av(what)));
  };
  for (Cell c = 0; c < kNumCells; ++c) {
    const uint8_t b = in[c];
    if (b == kPackedEmpty) continue;
    if ((b & ~(0x0F | kPackedKing)) != 0)
      return bad_byte(c, "not 0xff (empty) or a seat 0..5 plus 0x10 for a king");
    if (std::string e = placer.put(c, b & 0x0F, (b & kPackedKing) != 0); !e.empty()) return bad_byte(c, e);
  }
  if (std::string e = placer.to_move(in[kNumCells]); !e.empty()) return bad_byte(kNumCells, e);
  for (size_t i = kNumCells + 1; i < kPackedSize; ++i)
    if (in[i] != 0) return bad_byte(i, "padding, must be 0");
  return p;
}

}  // namespace sternhalma
