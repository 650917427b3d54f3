// text.h — the seam between std::string_view (our public headers) and
// absl::string_view (Debian 12's Abseil is built without std::string_view, so
// the two are different types there).
#ifndef STERNHALMA_LIB_TEXT_H_
#define STERNHALMA_LIB_TEXT_H_

#include <string_view>
#include <vector>

#include "absl/strings/string_view.h"

namespace sternhalma::text {

inline absl::string_view av(std::string_view s) { return {s.data(), s.size()}; }
inline std::string_view sv(absl::string_view s) { return {s.data(), s.size()}; }

// Whitespace-separated tokens.
std::vector<std::string_view> tokens(std::string_view s);
// s split at every `sep` (empty pieces kept).
std::vector<std::string_view> split(std::string_view s, char sep);
// A non-negative decimal number with no sign, spaces or leading '+'.
bool parse_count(std::string_view s, long long* out);

}  // namespace sternhalma::text

#endif  // STERNHALMA_LIB_TEXT_H_
