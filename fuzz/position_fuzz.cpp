// position_fuzz — SPEC §8 position text.
//
// Any bytes: Position::parse must not crash. When it accepts the text, its
// to_string() must be a fixed point (parse it again: same position, same
// hash, same text), and move generation on it must hold together: for every
// seat with marbles, every generated move is legal (is_legal), the list has
// no duplicates, count_moves and the per-marble destinations agree with it,
// and each move's canonical path, written as text, parses back to the same
// move (and so does the from-to shorthand).
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "fuzz_util.h"
#include "sternhalma/movegen.h"
#include "sternhalma/notation.h"
#include "sternhalma/paths.h"
#include "sternhalma/position.h"

using namespace sternhalma;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = Position::parse(text);
  if (!parsed.ok()) {
    check_message(std::string(parsed.status().message()));
    return 0;
  }
  const Position& pos = *parsed;
  const std::string line = pos.to_string();
  auto again = Position::parse(line);
  FUZZ_CHECK(again.ok(), "to_string not parseable: '%s'", line.c_str());
  FUZZ_CHECK(*again == pos, "round trip changed the position: '%s'", line.c_str());
  FUZZ_CHECK(again->hash() == pos.hash(), "round trip changed the hash: '%s'", line.c_str());
  FUZZ_CHECK(again->to_string() == line, "to_string not a fixed point: '%s'", line.c_str());

  for (Seat s = 0; s < kMaxSeats; ++s) {
    if (pos.count(s) == 0) continue;
    const std::vector<Move> moves = legal_moves(pos, s);
    FUZZ_CHECK(static_cast<int>(moves.size()) == count_moves(pos, s), "count_moves differs");
    std::set<Move> seen(moves.begin(), moves.end());
    FUZZ_CHECK(seen.size() == moves.size(), "duplicate moves in '%s'", line.c_str());
    size_t by_marble = 0;
    pos.pieces(s).for_each([&](Cell c) { by_marble += destinations(pos, c).count(); });
    FUZZ_CHECK(by_marble == moves.size(), "destinations sum %zu != %zu moves in '%s'",
               by_marble, moves.size(), line.c_str());
    for (const Move m : moves) {
      FUZZ_CHECK(is_legal(pos, s, m), "generated move not legal");
      const Path path = canonical_path(pos, m);
      FUZZ_CHECK(path.size() >= 2 && path.front() == m.from && path.back() == m.to,
                 "bad canonical path for %d-%d in '%s'", m.from, m.to, line.c_str());
      const std::string ptext = format_path(path);
      auto back = parse_move(pos, ptext, s);
      FUZZ_CHECK(back.ok() && back->move == m, "path '%s' does not parse back in '%s': %s",
                 ptext.c_str(), line.c_str(), std::string(back.status().message()).c_str());
      FUZZ_CHECK(back->path == path, "parsed path differs for '%s'", ptext.c_str());
      const std::string shorthand = cell_name(m.from) + "-" + cell_name(m.to);
      auto back2 = parse_move(pos, shorthand, s);
      FUZZ_CHECK(back2.ok() && back2->move == m, "from-to '%s' does not parse back in '%s'",
                 shorthand.c_str(), line.c_str());
    }
  }
  return 0;
}
