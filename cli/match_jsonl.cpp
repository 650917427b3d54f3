#include "match_jsonl.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "json_read.h"
#include "match_limits.h"
#include "sternhalma/text.h"

namespace sternhalma::cli {

namespace {

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", x);
  std::string s = buf;  // 412.500 -> 412.5, 3080.000 -> 3080
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

// A whole number in [lo, hi], or false.
bool whole(const JsonValue* v, double lo, double hi, long long* out) {
  if (!v || v->kind != JsonValue::Kind::kNumber || v->number != std::floor(v->number) || v->number < lo ||
      v->number > hi)
    return false;
  *out = static_cast<long long>(v->number);
  return true;
}

}  // namespace

std::string jsonl_line(const Options& o, const GameResult& r) {
  const size_t n = o.players.size();
  std::string s = "{\"game\": " + std::to_string(r.index + 1) + ", \"players\": [";
  for (size_t j = 0; j < n; ++j) s += (j ? ", " : "") + json_quote(o.players[j].name);
  s += "], \"seats\": [";
  for (size_t j = 0; j < n; ++j) s += std::string(j ? ", " : "") + "\"" + seat_letter(r.seats[j]) + "\"";
  s += "], \"opening\": " + (r.opening < 0 ? std::string("null") : std::to_string(r.opening + 1));
  s += ", \"places\": [";
  for (size_t j = 0; j < n; ++j) s += (j ? ", " : "") + std::to_string(r.places[j]);
  s += "], \"end\": " + json_quote(r.end) + ", \"reason\": " + json_quote(r.reason) +
       ", \"turns\": " + std::to_string(r.turns) + ", \"moves\": [";
  for (size_t j = 0; j < n; ++j) s += (j ? ", " : "") + std::to_string(r.moves[j]);
  s += "], \"ms\": [";
  for (size_t j = 0; j < n; ++j) s += (j ? ", " : "") + number(r.ms[j]);
  s += "], \"ms_per_move\": [";
  for (size_t j = 0; j < n; ++j) s += (j ? ", " : "") + number(r.moves[j] ? r.ms[j] / static_cast<double>(r.moves[j]) : 0);
  s += "], \"forfeits\": [";
  for (size_t k = 0; k < r.forfeits.size(); ++k) {
    const Forfeit& f = r.forfeits[k];
    s += std::string(k ? ", " : "") + "{\"player\": " + std::to_string(f.player + 1) + ", \"seat\": \"" +
         seat_letter(f.seat) + "\", \"reason\": " + json_quote(f.reason) + ", \"detail\": " + json_quote(f.detail) + "}";
  }
  s += "], \"match\": " + json_quote(o.identity()) + "}\n";
  return s;
}

absl::StatusOr<JsonlFile> read_jsonl(const std::string& path, const Options& o) {
  JsonlFile out;
  std::ifstream in(path, std::ios::binary);
  if (!in) return out;  // no file yet: nothing played
  // The size first: the file is read whole.
  std::error_code ec;
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > static_cast<uintmax_t>(kMaxJsonlBytes))
    return absl::InvalidArgumentError(std::to_string(size) + " bytes, more than the " +
                                      std::to_string(kMaxJsonlBytes) + " a --resume file may have");
  std::ostringstream all;
  all << in.rdbuf();
  const std::string text = all.str();
  if (static_cast<long long>(text.size()) > kMaxJsonlBytes)  // grown since, or not a regular file
    return absl::InvalidArgumentError("more than the " + std::to_string(kMaxJsonlBytes) +
                                      " bytes a --resume file may have");
  const size_t n = o.players.size();
  const std::string identity = o.identity();
  std::set<long long> seen;
  size_t pos = 0;
  for (long long number = 1;; ++number) {
    const size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) break;  // the rest (if any) is a line cut short: dropped
    const std::string_view line(text.data() + pos, nl - pos);
    pos = nl + 1;
    out.complete_bytes = static_cast<long long>(pos);
    auto bad = [&](const std::string& what) {
      return absl::InvalidArgumentError("line " + std::to_string(number) + ": " + what);
    };
    absl::StatusOr<JsonValue> v = parse_json(line);
    if (!v.ok()) return bad(std::string(v.status().message()));
    const JsonValue* m = v->get("match");
    if (!m || m->kind != JsonValue::Kind::kString) return bad("not a game line of sternhalma match (no \"match\")");
    if (m->string != identity)
      return bad("a game of another match: " + text::quote(m->string, 200) + ", this one is " + text::quote(identity, 200));
    GameResult r;
    long long game = 0;
    if (!whole(v->get("game"), 1, static_cast<double>(kMaxGames), &game)) return bad("\"game\" is not a game number");
    r.index = game - 1;
    if (r.index < o.range_begin || r.index >= o.range_end)
      return bad("game " + std::to_string(game) + " is not in this run's games " + std::to_string(o.range_begin + 1) +
                 " to " + std::to_string(o.range_end));
    if (!seen.insert(r.index).second) return bad("game " + std::to_string(game) + " again");
    auto array_of = [&](const char* key) -> const JsonValue* {
      const JsonValue* a = v->get(key);
      return a && a->kind == JsonValue::Kind::kArray && a->array.size() == n ? a : nullptr;
    };
    const JsonValue *places = array_of("places"), *moves = array_of("moves"), *ms = array_of("ms"),
                    *seats = array_of("seats");
    if (!places || !moves || !ms || !seats)
      return bad("\"places\", \"seats\", \"moves\" and \"ms\" need " + std::to_string(n) + " entries");
    for (size_t j = 0; j < n; ++j) {
      long long p = 0, k = 0;
      if (!whole(&places->array[j], 1, kMaxSeats, &p)) return bad("\"places\" entry " + std::to_string(j + 1));
      if (!whole(&moves->array[j], 0, 1e15, &k)) return bad("\"moves\" entry " + std::to_string(j + 1));
      const JsonValue& t = ms->array[j];
      if (t.kind != JsonValue::Kind::kNumber || !(t.number >= 0)) return bad("\"ms\" entry " + std::to_string(j + 1));
      const JsonValue& s = seats->array[j];
      if (s.kind != JsonValue::Kind::kString || s.string.size() != 1 || seat_from_letter(s.string[0]) < 0)
        return bad("\"seats\" entry " + std::to_string(j + 1));
      r.places.push_back(static_cast<int>(p));
      r.moves.push_back(k);
      r.ms.push_back(t.number);
      r.seats.push_back(seat_from_letter(s.string[0]));
    }
    long long turns = 0;
    if (!whole(v->get("turns"), 0, 1e15, &turns)) return bad("\"turns\" is not a count");
    r.turns = static_cast<int>(turns);
    const JsonValue *end = v->get("end"), *reason = v->get("reason"), *forfeits = v->get("forfeits");
    if (!end || end->kind != JsonValue::Kind::kString || !reason || reason->kind != JsonValue::Kind::kString)
      return bad("\"end\" and \"reason\" are strings");
    r.end = end->string;
    r.reason = reason->string;
    if (!forfeits || forfeits->kind != JsonValue::Kind::kArray) return bad("\"forfeits\" is a list");
    for (const JsonValue& f : forfeits->array) {
      long long pl = 0;
      const JsonValue *fr = f.get("reason"), *fd = f.get("detail"), *fs = f.get("seat");
      if (!whole(f.get("player"), 1, static_cast<double>(n), &pl) || !fr || fr->kind != JsonValue::Kind::kString ||
          !fs || fs->kind != JsonValue::Kind::kString || fs->string.size() != 1)
        return bad("a forfeit needs \"player\", \"seat\" and \"reason\"");
      r.forfeits.push_back({static_cast<int>(pl - 1), seat_from_letter(fs->string[0]), fr->string,
                            fd && fd->kind == JsonValue::Kind::kString ? fd->string : ""});
    }
    const JsonValue* op = v->get("opening");
    long long opening = 0;
    r.opening = op && whole(op, 1, 1e15, &opening) ? opening - 1 : -1;
    out.games.push_back(std::move(r));
  }
  return out;
}

}  // namespace sternhalma::cli
