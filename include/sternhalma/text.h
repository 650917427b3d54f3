/// @file
/// text.h — the seam between std::string_view (our public headers) and
/// absl::string_view (Debian 12's Abseil is built without std::string_view, so
/// the two are different types there), the small text scanners every parser
/// shares, and quote(), the one way a message echoes what a caller wrote.
#ifndef STERNHALMA_TEXT_H_
#define STERNHALMA_TEXT_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace sternhalma {

/// The longest text one parser takes: a position (position.h's Position::parse), a move
/// (notation.h's parse_move), option settings or one option's value
/// (options.h). A real one is a few hundred bytes; longer is an
/// InvalidArgument before any work (records have their own ceiling,
/// record.h's kMaxRecordBytes), so the work and memory of a parse are
/// bounded whatever a caller sends.
inline constexpr size_t kMaxTextBytes = 64 * 1024;

}  // namespace sternhalma

/// The text scanners and quote() every parser and every front end shares.
namespace sternhalma::text {

/// std::string_view as absl::string_view (the same bytes, no copy).
inline absl::string_view av(std::string_view s) { return {s.data(), s.size()}; }
/// absl::string_view as std::string_view (the same bytes, no copy).
inline std::string_view sv(absl::string_view s) { return {s.data(), s.size()}; }

/// Whitespace-separated tokens.
std::vector<std::string_view> tokens(std::string_view s);
/// s split at every `sep` (empty pieces kept).
std::vector<std::string_view> split(std::string_view s, char sep);
/// InvalidArgument "<what>: N bytes, more than the <max> a text may have"
/// when s is longer than max (kMaxTextBytes above for every parser).
absl::Status check_size(std::string_view s, std::string_view what, size_t max);
/// A non-negative decimal number with no sign, spaces or leading '+'.
bool parse_count(std::string_view s, long long* out);

/// How many bytes of caller text a message echoes at most.
inline constexpr size_t kQuoteMax = 60;
/// Caller text as a message may echo it: in single quotes, at most kQuoteMax
/// bytes of it, every byte outside printable ASCII (NUL, escapes, newlines,
/// UTF-8) and every quote and backslash written as \\xNN, and a cut text
/// followed by "... (N bytes)". So a message stays one short line whatever the
/// input, never carries terminal escapes, and never loses its reason at a NUL.
std::string quote(std::string_view s, size_t max = kQuoteMax);

}  // namespace sternhalma::text

#endif  // STERNHALMA_TEXT_H_
