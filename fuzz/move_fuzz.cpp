// move_fuzz — SPEC §8 move text against a position.
//
// Input: the first line is a position (a preset id or a full position
// line; when it does not parse, classic-2's start is used with the whole
// input as move lines); every further line is move text for the seat to
// move. parse_move must never crash; when it accepts a text the move must be
// legal, its path must start on `from` and end on `to`, and every hop of the
// path must be a step or a jump landing. Accepted moves are played (the next
// seat with marbles moves), so later lines see later positions.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_util.h"
#include "sternhalma/geometry.h"
#include "sternhalma/movegen.h"
#include "sternhalma/notation.h"
#include "sternhalma/paths.h"
#include "sternhalma/position.h"
#include "sternhalma/presets.h"

using namespace sternhalma;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  const size_t nl = text.find('\n');
  auto parsed = Position::parse(text.substr(0, nl));
  Position pos = parsed.ok() ? *parsed : Position::start(*find_preset("classic-2"));
  std::string_view rest = parsed.ok() ? (nl == text.npos ? "" : text.substr(nl + 1)) : text;

  int lines = 0;
  while (!rest.empty() && lines++ < 64) {
    const size_t e = rest.find('\n');
    const std::string_view mtext = rest.substr(0, e);
    rest = e == rest.npos ? std::string_view() : rest.substr(e + 1);
    const Seat mover = pos.to_move();
    auto pm = parse_move(pos, mtext, mover);
    if (!pm.ok()) {
      FUZZ_CHECK(!pm.status().message().empty(), "error without a message");
      continue;
    }
    const Move m = pm->move;
    FUZZ_CHECK(is_legal(pos, mover, m), "accepted an illegal move '%.*s'",
               static_cast<int>(mtext.size()), mtext.data());
    const Path& path = pm->path;
    FUZZ_CHECK(path.size() >= 2 && path.front() == m.from && path.back() == m.to,
               "path does not match the move");
    {
      std::vector<Cell> cells(path);
      std::sort(cells.begin(), cells.end());
      FUZZ_CHECK(std::adjacent_find(cells.begin(), cells.end()) == cells.end(),
                 "a path lands twice on a cell");
    }
    if (path.size() > 2 || !neighbours(m.from).test(m.to)) {
      // A jump chain: each hop must be a landing of the previous cell.
      for (size_t i = 1; i < path.size(); ++i) {
        Cell out[6];
        const int n = jump_landings(pos, m.from, path[i - 1], out);
        FUZZ_CHECK(std::find(out, out + n, path[i]) != out + n, "hop %zu is not a jump", i);
      }
    }
    pos.move_piece(m.from, m.to);
    Seat next = pos.rules().next_seat(mover);
    for (int i = 0; i < kMaxSeats && pos.count(next) == 0; ++i)
      next = pos.rules().next_seat(next);
    pos.set_to_move(next);
  }
  return 0;
}
