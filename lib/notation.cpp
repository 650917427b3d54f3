// Move text: parse a path or a from-to shorthand against a position, with an
// error that names the hop that is wrong; format a move as its canonical path.
#include "sternhalma/notation.h"

#include <algorithm>
#include <cassert>

#include "absl/strings/str_cat.h"
#include "sternhalma/geometry.h"
#include "sternhalma/movegen.h"
#include "sternhalma/text.h"
#include "sternhalma/zones.h"

namespace sternhalma {
namespace {

absl::Status bad(std::string_view move, std::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(text::quote(move), ": ", text::av(what)));
}

// Why `to` (an empty cell) may not end a move of the marble on `from` that
// can reach it.
std::string why_not_end(const Position& pos, Cell from, Cell to) {
  assert(pos.at(to) == kEmpty);
  const Targets t = targets(pos, pos.at(from));
  if (!t.end.test(to))
    return absl::StrCat(cell_name(to), " is in a foreign point (", pos.rules().id,
                        " lets a move pass but not end there)");
  if (t.locked(from) && !t.goal.test(to))
    return absl::StrCat("the marble on ", cell_name(from),
                        " is in its goal and must end the move there");
  return absl::StrCat(cell_name(to), " is not a legal destination from ", cell_name(from));
}

}  // namespace

std::string format_path(const Path& path) {
  std::string out;
  for (size_t i = 0; i < path.size(); ++i) absl::StrAppend(&out, i ? "-" : "", cell_name(path[i]));
  return out;
}

std::string format_move(const Position& pos, Move m) {
  return format_path(canonical_path(pos, m));
}

absl::StatusOr<ParsedMove> parse_move(const Position& pos, std::string_view text) {
  return parse_move(pos, text, pos.to_move());
}

absl::StatusOr<ParsedMove> parse_move(const Position& pos, std::string_view t, Seat mover) {
  if (mover < 0 || mover >= kMaxSeats || !pos.rules().plays(mover))
    return absl::InvalidArgumentError(absl::StrCat("move: seat ", mover, " is not played in ", pos.rules().id));
  if (t.empty()) return absl::InvalidArgumentError("move: empty text");
  if (absl::Status s = text::check_size(t, "move", kMaxTextBytes); !s.ok()) return s;
  const std::vector<std::string_view> parts = text::split(t, '-');
  if (parts.size() < 2) return bad(t, "expected a path such as l2-l3 or m1-m3-k5");
  Path path;
  for (std::string_view p : parts) {
    const std::optional<Cell> c = parse_cell(p);
    if (!c) return bad(t, absl::StrCat("unknown cell ", text::quote(p)));
    path.push_back(*c);
  }
  const Cell from = path.front(), to = path.back();
  if (pos.at(from) != mover)
    return bad(t, pos.at(from) == kEmpty
                      ? absl::StrCat("no marble on ", cell_name(from))
                      : absl::StrCat("the marble on ", cell_name(from), " is not ",
                                     std::string(1, seat_letter(mover)), "'s"));
  const Move m(from, to);
  const Bits dests = destinations(pos, from);
  if (path.size() == 2) {
    if (from == to) return bad(t, "a move must leave its cell");
    if (dests.test(to)) return ParsedMove{m, canonical_path(pos, m)};
    if (neighbours(from).test(to)) {
      if (pos.at(to) != kEmpty) return bad(t, absl::StrCat(cell_name(to), " is occupied"));
      return bad(t, why_not_end(pos, from, to));
    }
    Cell land[6];
    const int n = jump_landings(pos, from, from, land);
    if (std::find(land, land + n, to) == land + n) {
      // Not one jump: is it the end of some chain?
      Bits reach = kNoBits;
      Cell queue[kNumCells];
      int head = 0, tail = 0;
      queue[tail++] = from;
      while (head < tail) {
        Cell l[6];
        const int k = jump_landings(pos, from, queue[head++], l);
        for (int i = 0; i < k; ++i)
          if (!reach.test(l[i])) {
            reach.set(l[i]);
            queue[tail++] = l[i];
          }
      }
      if (!reach.test(to))
        return bad(t, absl::StrCat(cell_name(to), " is not a jump landing from ", cell_name(from)));
    }
    return bad(t, why_not_end(pos, from, to));
  }
  // A full chain: check every hop. A cell landed on before (the start
  // included) is named as such first: jump_landings never offers the start,
  // so the landing test alone would call a hop back to it "not a landing".
  Bits seen = Bits::of(from);
  for (size_t i = 1; i < path.size(); ++i) {
    if (seen.test(path[i]))
      return bad(t, path[i] == from
                        ? absl::StrCat("the chain returns to its start ", cell_name(from))
                        : absl::StrCat("the chain lands twice on ", cell_name(path[i])));
    if (targets(pos, mover).leaves_goal(path[i - 1], path[i]))
      return bad(t, absl::StrCat("the chain leaves its goal from ", cell_name(path[i - 1]), " to ",
                                 cell_name(path[i]), " (", pos.rules().id,
                                 " has strict goal lock: a marble that has landed in its goal "
                                 "lands only there)"));
    Cell land[6];
    const int n = jump_landings(pos, from, path[i - 1], land);
    if (std::find(land, land + n, path[i]) == land + n)
      return bad(t, absl::StrCat(cell_name(path[i]), " is not a jump landing from ",
                                 cell_name(path[i - 1])));
    seen.set(path[i]);
  }
  if (!dests.test(to)) return bad(t, why_not_end(pos, from, to));
  return ParsedMove{m, std::move(path)};
}

}  // namespace sternhalma
