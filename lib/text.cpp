#include "text.h"

#include "absl/strings/numbers.h"
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

bool parse_count(std::string_view s, long long* out) {
  if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789") != std::string_view::npos)
    return false;
  int64_t v = 0;
  if (!absl::SimpleAtoi(av(s), &v)) return false;
  *out = v;
  return true;
}

}  // namespace sternhalma::text
