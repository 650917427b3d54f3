#include "sternhalma/record.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "sternhalma/presets.h"
#include "text.h"

namespace sternhalma {

std::string write_record(const Game& game, int per_line) {
  std::string out = absl::StrCat(game.rules().id, " ", std::string(1, seat_letter(game.first_seat())));
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

absl::StatusOr<Game> read_record(std::string_view text) {
  if (absl::Status st = check_text(text); !st.ok()) return st;
  const std::vector<std::string_view> toks = text::tokens(text);
  if (toks.empty()) return absl::InvalidArgumentError("record: empty");
  const Rules* r = find_preset(toks[0]);
  if (!r) return token_error("record token", 0, toks[0], "unknown preset id", absl::StatusCode::kNotFound);
  return replay(toks, *r);
}

absl::StatusOr<Game> read_record(std::string_view text, const Rules& rules) {
  if (absl::Status st = check_text(text); !st.ok()) return st;
  const std::vector<std::string_view> toks = text::tokens(text);
  if (toks.empty()) return absl::InvalidArgumentError("record: empty");
  if (toks[0] != rules.id)
    return token_error("record token", 0, toks[0], absl::StrCat("expected the table id ", text::quote(rules.id)));
  return replay(toks, rules);
}

}  // namespace sternhalma
