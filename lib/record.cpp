#include "sternhalma/record.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "sternhalma/options.h"
#include "sternhalma/presets.h"
#include "sternhalma/text.h"

namespace sternhalma {

namespace {

// The options of `rules` that differ from `base`, as "name=value" in
// describe()'s order. The first seat is not among them: the record's second
// token says who moved first.
std::vector<std::string> differences(const Rules& base, const Rules& rules) {
  const auto a = describe(base), b = describe(rules);
  std::vector<std::string> out;
  for (size_t k = 0; k < b.size(); ++k)
    if (a[k].second != b[k].second && b[k].first != "first-seat")
      out.push_back(absl::StrCat(b[k].first, "=", b[k].second));
  return out;
}

// Whether two tables are the same but for their first seat.
bool same_table(Rules a, const Rules& b) {
  a.first_seat = b.first_seat;
  return a == b;
}

constexpr std::string_view kTagOpen = "[rules ";

}  // namespace

std::string record_tag(const Rules& rules) {
  const Rules* same = find_preset(rules.id);
  if (same && same_table(*same, rules)) return "";
  // The preset it differs from least (the first of equals, in presets() order).
  const Rules* base = nullptr;
  std::vector<std::string> best;
  for (const Rules& p : presets()) {
    std::vector<std::string> d = differences(p, rules);
    if (!base || d.size() < best.size()) base = &p, best = std::move(d);
  }
  std::string tag = absl::StrCat(text::av(kTagOpen), base->id);
  for (const std::string& d : best) absl::StrAppend(&tag, ";", d);
  return tag + "]";
}

std::string write_record(const Game& game, int per_line) {
  const std::string tag = record_tag(game.rules());
  std::string out = absl::StrCat(tag, tag.empty() ? "" : "\n", game.rules().id, " ",
                                 std::string(1, seat_letter(game.first_seat())));
  const auto& h = game.history();
  int n = 0;
  for (size_t i = 0; i < h.size(); ++i) {
    const Action& a = h[i];
    std::string tok;
    switch (a.kind) {
      case Action::Kind::kMove:
        if (a.by_flag) continue;  // replayed from the X:flag token
        tok = game.move_text(i);
        break;
      case Action::Kind::kPass: tok = "pass"; break;
      case Action::Kind::kResign: tok = absl::StrCat(std::string(1, seat_letter(a.seat)), ":resign"); break;
      case Action::Kind::kFlag: tok = absl::StrCat(std::string(1, seat_letter(a.seat)), ":flag"); break;
    }
    out += (per_line > 0 && n % per_line == 0) ? "\n" : " ";
    out += tok;
    ++n;
  }
  out += "\n";
  return out;
}

absl::StatusOr<std::string> record_text(const Game& game, int per_line) {
  std::string text = write_record(game, per_line);
  if (text.size() > kMaxRecordBytes)
    return absl::ResourceExhaustedError(absl::StrCat(
        "record: ", text.size(), " bytes after ", game.turns(), " turns, more than the ", kMaxRecordBytes,
        " a record may have (and be read back); undo, or set a limit on the table"));
  return text;
}

namespace {

// A bad token: InvalidArgument (NotFound for an unknown preset id).
absl::Status token_error(std::string_view label, size_t index, std::string_view tok, std::string_view what,
                         absl::StatusCode code = absl::StatusCode::kInvalidArgument) {
  return absl::Status(code, absl::StrCat(text::av(label), " ", index + 1, " ", text::quote(tok), ": ",
                                         text::av(what)));
}

absl::StatusOr<Game> replay(const std::vector<std::string_view>& toks, const Rules& rules) {
  if (toks.size() < 2 || toks[1].size() != 1 || seat_from_letter(toks[1][0]) < 0)
    return toks.size() < 2
               ? absl::InvalidArgumentError(
                     "record: expected '<preset-id> <first-seat> <turn>...', got fewer than 2 tokens")
               : token_error("record token", 1, toks[1], "not a seat letter (W R B K Y G)");
  const Seat first = seat_from_letter(toks[1][0]);
  absl::StatusOr<Game> made = Game::create(rules, first);
  if (!made.ok()) return token_error("record token", 1, toks[1], text::sv(made.status().message()));
  Game g = *std::move(made);
  const std::vector<std::string_view> turns(toks.begin() + 2, toks.end());
  if (absl::Status st = play_record_tokens(g, turns, "record token", 3); !st.ok()) return st;
  return g;
}

}  // namespace

absl::Status play_record_tokens(Game& g, const std::vector<std::string_view>& toks,
                                std::string_view label, size_t first_number, size_t* matched) {
  size_t consumed = matched ? *matched : g.history().size();  // history entries matched by tokens
  for (size_t i = 0; i < toks.size(); ++i) {
    const std::string_view tok = toks[i];
    const size_t index = first_number + i - 1;
    const auto& h = g.history();
    // An automatic pass the game already played is matched first: the game
    // may have ended on it (a limit or a repetition reached by a pass), and
    // the writer includes every pass.
    if (tok == "pass" && consumed < h.size() && h[consumed].kind == Action::Kind::kPass) {
      ++consumed;
      continue;
    }
    if (g.is_over())
      return token_error(label, index, tok, absl::StrCat("the game is already over (",
                                                         text::av(end_reason_name(g.end_reason())), ")"));
    if (tok == "pass") {
      const Seat s = g.to_move();
      return token_error(label, index, tok, absl::StrCat(std::string(1, seat_letter(s)),
                                                         " to move has a legal move and may not pass"));
    }
    // Automatic passes the record left out are accepted.
    consumed = h.size();
    const size_t before = h.size();
    const size_t colon = tok.find(':');
    if (colon != std::string_view::npos) {
      const std::string_view who = tok.substr(0, colon), what = tok.substr(colon + 1);
      if (who.size() != 1 || seat_from_letter(who[0]) < 0)
        return token_error(label, index, tok, "not a seat letter before ':'");
      const Seat s = seat_from_letter(who[0]);
      absl::Status st;
      if (what == "resign") {
        st = g.resign(s);
      } else if (what == "flag") {
        if (s != g.to_move())
          return token_error(label, index, tok, absl::StrCat("a flag falls only for the seat to move (",
                                                             std::string(1, seat_letter(g.to_move())), ")"));
        st = g.flag();
      } else {
        return token_error(label, index, tok, "expected X:resign or X:flag");
      }
      if (!st.ok()) return token_error(label, index, tok, text::sv(st.message()));
    } else {
      const absl::Status st = g.apply(tok);
      if (!st.ok()) return token_error(label, index, tok, text::sv(st.message()));
    }
    consumed = before + 1;
    if (consumed < g.history().size() && g.history()[consumed].kind == Action::Kind::kMove &&
        g.history()[consumed].by_flag)
      ++consumed;
  }
  if (matched) *matched = consumed;
  return absl::OkStatus();
}

namespace {

// What every record must be before it is split: bounded, and text.
absl::Status check_text(std::string_view text) {
  if (text.size() > kMaxRecordBytes)
    return absl::InvalidArgumentError(absl::StrCat("record: ", text.size(), " bytes, more than the ",
                                                   kMaxRecordBytes, " a record may have"));
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos)
    return absl::InvalidArgumentError(
        absl::StrCat("record: byte ", nul + 1, " is a NUL (a record is text)"));
  return absl::OkStatus();
}

}  // namespace

// A leading tag line: its table (into *out), and the text after it.
// Returns false with *st ok when the record has no tag.
bool read_tag(std::string_view& text, Rules* out, absl::Status* st) {
  size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos || text.substr(start, kTagOpen.size()) != kTagOpen) return false;
  const size_t eol = std::min(text.find('\n', start), text.size());
  std::string_view line = text.substr(start, eol - start);
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
  const auto bad = [&](std::string_view what) {
    *st = absl::InvalidArgumentError(absl::StrCat("record tag ", text::quote(line), ": ", text::av(what)));
    return true;
  };
  if (line.size() < kTagOpen.size() + 2 || line.back() != ']')
    return bad("expected '[rules <preset>;<name>=<value>;...]' on one line");
  const std::string_view body = line.substr(kTagOpen.size(), line.size() - kTagOpen.size() - 1);
  const size_t semi = body.find(';');
  const std::string_view base_id = body.substr(0, semi);
  const Rules* base = find_preset(base_id);
  if (!base) {
    *st = absl::NotFoundError(absl::StrCat("record tag: unknown preset id ", text::quote(base_id)));
    return true;
  }
  Rules r = *base;
  if (semi != std::string_view::npos)
    if (absl::Status s = set_options(r, body.substr(semi + 1)); !s.ok()) return bad(text::sv(s.message()));
  // The tag leaves out the first seat (the second token gives it): a seat
  // the table plays stands in for the preset's when that one is not played.
  for (Seat s = 0; s < kMaxSeats && !r.plays(r.first_seat); ++s)
    if (r.plays(s)) r.first_seat = s;
  if (absl::Status s = validate(r); !s.ok()) return bad(text::sv(s.message()));
  *out = std::move(r);
  text = text.substr(eol);
  return true;
}

absl::StatusOr<Game> read_record(std::string_view text) {
  if (absl::Status st = check_text(text); !st.ok()) return st;
  Rules tagged;
  absl::Status tag_st;
  if (read_tag(text, &tagged, &tag_st)) {
    if (!tag_st.ok()) return tag_st;
    return read_record(text, tagged);
  }
  const std::vector<std::string_view> toks = text::tokens(text);
  if (toks.empty()) return absl::InvalidArgumentError("record: empty");
  const Rules* r = find_preset(toks[0]);
  if (!r) return token_error("record token", 0, toks[0], "unknown preset id", absl::StatusCode::kNotFound);
  return replay(toks, *r);
}

absl::StatusOr<Game> read_record(std::string_view text, const Rules& rules) {
  if (absl::Status st = check_text(text); !st.ok()) return st;
  Rules tagged;
  absl::Status tag_st;
  if (read_tag(text, &tagged, &tag_st)) {
    if (!tag_st.ok()) return tag_st;
    if (!same_table(tagged, rules))
      return absl::InvalidArgumentError(absl::StrCat(
          "record: its tag names another table than the one given (", text::quote(record_tag(rules)), ")"));
  }
  const std::vector<std::string_view> toks = text::tokens(text);
  if (toks.empty()) return absl::InvalidArgumentError("record: empty");
  if (toks[0] != rules.id)
    return token_error("record token", 0, toks[0], absl::StrCat("expected the table id ", text::quote(rules.id)));
  return replay(toks, rules);
}

}  // namespace sternhalma
