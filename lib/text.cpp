#include "sternhalma/text.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace sternhalma::text {

std::vector<std::string_view> tokens(std::string_view s) {
  std::vector<std::string_view> out;
  for (absl::string_view t : absl::StrSplit(av(s), absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty()))
    out.push_back(sv(t));
  return out;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (absl::string_view t : absl::StrSplit(av(s), sep)) out.push_back(sv(t));
  return out;
}

absl::Status check_size(std::string_view s, std::string_view what, size_t max) {
  if (s.size() <= max) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(av(what), ": ", s.size(), " bytes, more than the ", max, " a text may have"));
}

bool parse_count(std::string_view s, long long* out) {
  if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789") != std::string_view::npos)
    return false;
  int64_t v = 0;
  if (!absl::SimpleAtoi(av(s), &v)) return false;
  *out = v;
  return true;
}

std::string quote(std::string_view s, size_t max) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  const size_t n = s.size() < max ? s.size() : max;
  for (size_t i = 0; i < n; ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'') {
      out.push_back(static_cast<char>(c));
    } else {
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    }
  }
  out.push_back('\'');
  if (n < s.size()) out += absl::StrCat("... (", s.size(), " bytes)");
  return out;
}

}  // namespace sternhalma::text
