// json_read.h — a small JSON reader for the match runner's own JSONL lines
// (--resume reads back what match_jsonl.cpp wrote). Objects, arrays,
// strings (with \" \\ \/ \b \f \n \r \t \uXXXX escapes), numbers, true,
// false, null. Nesting is at most kMaxJsonDepth deep; a line is at most
// kMaxJsonLineBytes (both enforced), so a hostile file cannot exhaust the
// stack or memory.
#ifndef STERNHALMA_CLI_JSON_READ_H_
#define STERNHALMA_CLI_JSON_READ_H_

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace sternhalma::cli {

inline constexpr int kMaxJsonDepth = 16;
inline constexpr size_t kMaxJsonLineBytes = 1 << 20;

struct JsonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = Kind::kNull;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<JsonValue> array;
  std::map<std::string, JsonValue> object;
  // The member `key` of an object, or null when there is none.
  const JsonValue* get(const std::string& key) const;
};

// One JSON text (surrounding spaces allowed). InvalidArgument with the
// byte offset of what is wrong.
absl::StatusOr<JsonValue> parse_json(std::string_view text);

// A string in JSON (quotes, escapes, control bytes as \u00XX).
std::string json_quote(std::string_view s);

}  // namespace sternhalma::cli

#endif  // STERNHALMA_CLI_JSON_READ_H_
