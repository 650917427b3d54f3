// Cell names: a line letter a..q and a row number 1..17, nothing else.
#include "sternhalma/cell.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace sternhalma {

std::optional<Cell> parse_cell(std::string_view name) {
  if (name.size() < 2 || name.size() > 3) return std::nullopt;
  const char l = name[0];
  if (l < 'a' || l > 'q') return std::nullopt;
  const std::string_view digits = name.substr(1);
  if (digits[0] < '1' || digits[0] > '9') return std::nullopt;  // no "k05", "k+5"
  int row = 0;
  for (char ch : digits) {
    if (ch < '0' || ch > '9') return std::nullopt;
    row = row * 10 + (ch - '0');
  }
  const Cell c = cell_at({l - 'a' + 1 - 9, row - 9});
  if (row > 17 || c == kNoCell) return std::nullopt;
  return c;
}

std::string cell_name(Cell c) {
  return absl::StrCat(std::string(1, static_cast<char>('a' + line_of(c) - 1)), row_of(c));
}

}  // namespace sternhalma
