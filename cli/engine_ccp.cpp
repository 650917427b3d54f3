// CCP, the CCERL ladder's dialect (docs/protocol.md): two players on
// ccerl-2, boards as COMPACT121 (compact121.h), moves as cell indices.
#include "absl/strings/str_cat.h"
#include "engine.h"
#include "sternhalma/compact121.h"
#include "sternhalma/paths.h"
#include "sternhalma/presets.h"
#include "sternhalma/text.h"

namespace sternhalma::cli::engine {
namespace {

constexpr std::string_view kTable = "ccerl-2";

class Ccp final : public Dialect {
 public:
  std::string_view hello() const override { return "ccp"; }
  std::string_view ok() const override { return "ccpok"; }
  // The full path, cell indices joined by '-'.
  std::string write_move(const Position& pos, Move m) const override {
    std::string out;
    for (const Cell c : canonical_path(pos, m)) absl::StrAppend(&out, out.empty() ? "" : "-", static_cast<int>(c));
    return out;
  }

  std::string command(Engine& engine, const Tokens& toks, std::string_view, bool* known) override {
    if (toks[0] == "position") return position(engine, toks);
    if (toks[0] == "go") return go(engine, toks);
    *known = false;
    return "";
  }

 private:
  // `position startpos` or `position cells <COMPACT121> player <0|1> ply <N>`.
  std::string position(Engine& engine, const Tokens& toks) {
    const Rules* rules = find_preset(kTable);
    if (!rules) return absl::StrCat("position: the table ", text::av(kTable), " is not in this build");
    absl::StatusOr<Game> made = absl::InternalError("");
    if (toks.size() == 2 && toks[1] == "startpos") {
      made = Game::create(*rules);
    } else if (toks.size() == 7 && toks[1] == "cells" && toks[3] == "player" && toks[5] == "ply") {
      const std::optional<int64_t> player = parse_number(toks[4], 1);
      if (!player) return absl::StrCat("position: player ", text::quote(toks[4]), ": expected 0 or 1");
      const std::optional<int64_t> ply = parse_number(toks[6], kMaxCompact121Ply);
      if (!ply) return absl::StrCat("position: ply ", text::quote(toks[6]), ": expected a number 0..", kMaxCompact121Ply);
      absl::StatusOr<Position> pos =
          from_compact121(*rules, toks[2], static_cast<int>(*player), static_cast<int>(*ply));
      if (!pos.ok()) return absl::StrCat("position: ", pos.status().message());
      made = Game::from_position(*rules, *pos);
    } else {
      return "position: expected 'position startpos' or 'position cells <COMPACT121> player <0|1> ply <N>'";
    }
    if (!made.ok()) return absl::StrCat("position: ", made.status().message());
    engine.set_game(*std::move(made));
    return "";
  }

  // `go movetime MS`, `go nodes N`, `go depth D`,
  // `go wtime MS btime MS [winc MS binc MS]`.
  std::string go(Engine& engine, const Tokens& toks) {
    GoLimits limits;
    std::optional<int64_t> time[2], inc[2];
    for (size_t i = 1; i < toks.size(); i += 2) {
      const std::string_view key = toks[i];
      std::string error;
      if (key == "nodes") error = number_arg("go", toks, i, 1, kMaxBudgetNodes, &limits.nodes);
      else if (key == "movetime") error = number_arg("go", toks, i, 1, kMaxBudgetMs, &limits.movetime);
      else if (key == "wtime") error = number_arg("go", toks, i, 0, kMaxClockMs, &time[0]);
      else if (key == "btime") error = number_arg("go", toks, i, 0, kMaxClockMs, &time[1]);
      else if (key == "winc") error = number_arg("go", toks, i, 0, kMaxClockMs, &inc[0]);
      else if (key == "binc") error = number_arg("go", toks, i, 0, kMaxClockMs, &inc[1]);
      else if (key == "depth") return "go: depth is not a limit of the built-in players (use nodes or movetime)";
      else
        return absl::StrCat("go: unknown keyword ", text::quote(key),
                            " (go movetime MS | nodes N | wtime MS btime MS [winc MS binc MS])");
      if (!error.empty()) return error;
    }
    // Player 0 is seat W, player 1 seat K (compact121.h); the increment is
    // the one of the player to move.
    const Seat seats[2] = {seat_from_letter('W'), seat_from_letter('K')};
    for (int p = 0; p < 2; ++p) limits.reserve[static_cast<size_t>(seats[p])] = time[p];
    if (engine.game() && !engine.game()->is_over())
      limits.increment = inc[engine.game()->to_move() == seats[0] ? 0 : 1];
    return engine.go(limits);
  }
};

}  // namespace

std::unique_ptr<Dialect> make_ccp() { return std::make_unique<Ccp>(); }

}  // namespace sternhalma::cli::engine
