#include "board_text.h"

#include <cctype>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace sternhalma::cli {

std::string render_board(const Position& pos) {
  // Column of a cell: 2x + constant, x = q + r/2 (SPEC §1 drawing coordinates).
  constexpr int kMargin = 26, kWidth = 46;
  std::string out;
  for (int row = 17; row >= 0; --row) {
    std::string line(kWidth, ' ');
    const int r = row - 9;
    if (row == 0) {
      for (int q = -8; q <= 8; ++q) line[2 * q + r + kMargin] = static_cast<char>('a' + q + 8);
      absl::StrAppend(&out, "   ", line, "\n");
      break;
    }
    for (int q = -8; q <= 8; ++q) {
      const Cell c = cell_at({q, r});
      if (c == kNoCell) continue;
      char ch = '.';
      if (pos.at(c) != kEmpty) {
        ch = seat_letter(pos.at(c));
        if (pos.is_king(c)) ch = static_cast<char>(std::tolower(ch));
      }
      line[2 * q + r + kMargin] = ch;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    absl::StrAppend(&out, absl::StrFormat("%2d %-*s %d\n", row, kWidth, line, row));
  }
  return out;
}

}  // namespace sternhalma::cli
