// SHP, the sternhalma engine protocol's own commands (docs/protocol.md):
// `table`, `position` and `go`. Positions, moves and tables are read by the
// library (Position::parse, play_record_tokens, table_arg); this file only
// splits the lines and checks the protocol's own ceilings.
#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"
#include "commands.h"
#include "engine.h"
#include "sternhalma/notation.h"
#include "sternhalma/presets.h"
#include "sternhalma/record.h"
#include "sternhalma/text.h"

namespace sternhalma::cli::engine {
namespace {

class Shp final : public Dialect {
 public:
  std::string_view hello() const override { return "shp"; }
  std::string_view ok() const override { return "shpok"; }
  std::string write_move(const Position& pos, Move m) const override { return format_move(pos, m); }

  std::string command(Engine& engine, const Tokens& toks, std::string_view line, bool* known) override {
    if (toks[0] == "table") return table(toks, line);
    if (toks[0] == "position") return position(engine, toks);
    if (toks[0] == "go") return go(engine, toks);
    *known = false;
    return "";
  }

 private:
  // `table <preset> <settings>`: the settings are the rest of the line as
  // sent (a value may hold spaces), read as the CLI's --set.
  std::string table(const Tokens& toks, std::string_view line) {
    if (toks.size() < 3) return "table: expected 'table <preset> <settings>' (settings: id=NAME;option=value;...)";
    const size_t at = static_cast<size_t>(toks[2].data() - line.data());
    const std::string_view settings = line.substr(at, static_cast<size_t>(toks.back().data() + toks.back().size() - toks[2].data()));
    absl::StatusOr<Rules> made = table_arg(toks[1], settings);
    if (!made.ok()) return absl::StrCat("table: ", made.status().message());
    if (!tables_.count(made->id) && tables_.size() >= kMaxTables)
      return absl::StrCat("table: ", kMaxTables, " tables are defined already, the most a session may have");
    const std::string id = made->id;
    tables_[id] = std::make_shared<const Rules>(*std::move(made));
    last_start_.clear();  // a position on this id now means the new table
    return "";
  }

  // The table a position line names first: one defined by `table`, else a
  // preset.
  const Rules* find_table(std::string_view id) const {
    if (auto it = tables_.find(std::string(id)); it != tables_.end()) return it->second.get();
    return find_preset(id);
  }

  std::string position(Engine& engine, const Tokens& toks) {
    if (toks.size() < 2) return "position: expected 'position <position> [moves <token> ...]'";
    size_t m = 2;  // the first token is the table id, whatever it is called
    while (m < toks.size() && toks[m] != "moves") ++m;
    const size_t moves = m < toks.size() ? toks.size() - m - 1 : 0;
    if (moves > kMaxPositionMoves)
      return absl::StrCat("position: ", moves, " moves, more than the ", kMaxPositionMoves, " a position may have");
    std::string start(toks[1]);
    for (size_t i = 2; i < m; ++i) absl::StrAppend(&start, " ", text::av(toks[i]));
    const Tokens tokens(toks.begin() + static_cast<std::ptrdiff_t>(std::min(m + 1, toks.size())), toks.end());
    // The referee sends the whole game before every move: when the line
    // goes on from the last one, only its new tokens are played, on a copy
    // of the last game (the same game as a replay from the start).
    if (engine.game() && start == last_start_ && tokens.size() >= last_tokens_.size() &&
        std::equal(last_tokens_.begin(), last_tokens_.end(), tokens.begin())) {
      Game game = *engine.game();
      size_t matched = last_matched_;
      const Tokens more(tokens.begin() + static_cast<std::ptrdiff_t>(last_tokens_.size()), tokens.end());
      if (absl::Status st = play_record_tokens(game, more, "moves token", last_tokens_.size() + 1, &matched);
          !st.ok())
        return absl::StrCat("position: ", st.message());
      remember(start, tokens, matched);
      engine.set_game(std::move(game));
      return "";
    }
    const Rules* rules = find_table(toks[1]);
    if (!rules)
      return absl::StrCat("position: unknown table ", text::quote(toks[1]),
                          " (a preset id, or one defined by a table line)");
    absl::StatusOr<Game> made = absl::InternalError("");
    if (m == 2) {
      made = Game::create(*rules);
    } else {
      absl::StatusOr<Position> pos = Position::parse(start, *rules);
      if (!pos.ok()) return absl::StrCat("position: ", pos.status().message());
      made = Game::from_position(*rules, *pos);
    }
    if (!made.ok()) return absl::StrCat("position: ", made.status().message());
    size_t matched = made->history().size();
    if (absl::Status st = play_record_tokens(*made, tokens, "moves token", 1, &matched); !st.ok())
      return absl::StrCat("position: ", st.message());
    remember(start, tokens, matched);
    engine.set_game(*std::move(made));
    return "";
  }

  void remember(std::string start, const Tokens& tokens, size_t matched) {
    last_start_ = std::move(start);
    last_tokens_.assign(tokens.begin(), tokens.end());
    last_matched_ = matched;
  }

  // `go [nodes N] [movetime MS] [depth D] [clock <SEAT> <MS> ...] [inc MS]`.
  std::string go(Engine& engine, const Tokens& toks) {
    GoLimits limits;
    bool clock = false;
    for (size_t i = 1; i < toks.size(); i += 2) {
      const std::string_view key = toks[i];
      std::string error;
      if (key == "nodes") {
        error = number_arg("go", toks, i, 1, kMaxBudgetNodes, &limits.nodes);
      } else if (key == "movetime") {
        error = number_arg("go", toks, i, 1, kMaxBudgetMs, &limits.movetime);
      } else if (key == "inc") {
        error = number_arg("go", toks, i, 0, kMaxClockMs, &limits.increment);
      } else if (key == "depth") {
        return "go: depth is not a limit of the built-in players (use nodes or movetime)";
      } else if (key == "clock") {
        if (clock) return "go: clock is given twice";
        clock = true;
        size_t j = i + 1;
        for (; j + 1 < toks.size() && toks[j].size() == 1 && seat_from_letter(toks[j][0]) >= 0; j += 2) {
          std::optional<int64_t>& r = limits.reserve[static_cast<size_t>(seat_from_letter(toks[j][0]))];
          if (r) return absl::StrCat("go: clock ", text::av(toks[j]), " is given twice");
          if (error = number_arg("go: clock", toks, j, 0, kMaxClockMs, &r); !error.empty()) return error;
        }
        if (j == i + 1) return "go: clock needs '<SEAT> <MS>' pairs (seat letters W R B K Y G)";
        i = j - 2;  // the loop's step lands on the next keyword
      } else {
        return absl::StrCat("go: unknown keyword ", text::quote(key),
                            " (go [nodes N] [movetime MS] [clock <SEAT> <MS> ...] [inc MS])");
      }
      if (!error.empty()) return error;
    }
    return engine.go(limits);
  }

  // Tables defined by `table`, by id. A game holds its own copy of its
  // rules, so replacing one here leaves a game on it as it was.
  std::map<std::string, std::shared_ptr<const Rules>> tables_;
  // The last position line taken: its start (table id and position text),
  // its tokens, and the history entries they matched (play_record_tokens).
  std::string last_start_;
  std::vector<std::string> last_tokens_;
  size_t last_matched_ = 0;
};

}  // namespace

std::unique_ptr<Dialect> make_shp() { return std::make_unique<Shp>(); }

}  // namespace sternhalma::cli::engine
