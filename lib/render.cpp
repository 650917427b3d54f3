// render.cpp — the board drawn as text (render.h).
#include "sternhalma/render.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sternhalma/geometry.h"

namespace sternhalma {

std::string render_board(const Position& pos) {
  // Column of a cell: 2x + constant, x = q + r/2 (SPEC §1 drawing
  // coordinates), so the cells of a row are two columns apart and a king's
  // '*' fits between them.
  constexpr int kMargin = 26, kWidth = 46;
  std::string out;
  for (int row = 17; row >= 1; --row) {
    std::string line(kWidth, ' ');
    const int r = row - 9;
    for (int q = -8; q <= 8; ++q) {
      const Cell c = cell_at({q, r});
      if (c == kNoCell) continue;
      const size_t col = static_cast<size_t>(2 * q + r + kMargin);
      const Seat s = pos.at(c);
      line[col] = s == kEmpty ? '.' : seat_letter(s);
      if (s != kEmpty && pos.is_king(c)) line[col + 1] = '*';
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    absl::StrAppend(&out, absl::StrFormat("%2d %-*s %d\n", row, kWidth, line, row));
  }
  std::string files(kWidth, ' ');
  for (int q = -8; q <= 8; ++q) files[static_cast<size_t>(2 * q - 9 + kMargin)] = static_cast<char>('a' + q + 8);
  while (!files.empty() && files.back() == ' ') files.pop_back();
  absl::StrAppend(&out, "   ", files, "\n");
  absl::StrAppend(&out, "   ", std::string(1, seat_letter(pos.to_move())), " to move, round ",
                  pos.round(), " (", pos.rules().id, ")\n");
  return out;
}

}  // namespace sternhalma
