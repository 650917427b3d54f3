// EnginePlayer (referee.h): the referee's half of SHP and CCP
// (docs/protocol.md) over an EngineProcess.
#include <algorithm>
#include <cmath>

#include "match_limits.h"
#include "referee.h"
#include "sternhalma/cell.h"
#include "sternhalma/compact121.h"
#include "sternhalma/text.h"

namespace sternhalma::cli {

namespace {

std::string first_word(std::string_view line) {
  const auto toks = text::tokens(line);
  return toks.empty() ? std::string() : std::string(toks[0]);
}

int64_t ms_since(SteadyClock::time_point t0) {
  const auto us = std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now() - t0).count();
  return (us + 999) / 1000;  // a clock is never charged less than was spent
}

// CCP names cells by index (cell.h's indices are CCERL's ids): "12-34-56" as
// the library's path text, or empty when a piece is not an index.
std::string path_of_ids(std::string_view text) {
  std::string out;
  for (std::string_view id : text::split(text, '-')) {
    long long n = 0;
    if (!text::parse_count(id, &n) || n >= kNumCells) return "";
    if (!out.empty()) out += '-';
    out += cell_name(static_cast<Cell>(n));
  }
  return out;
}

}  // namespace

std::string forfeit_reason(const absl::Status& st) {
  switch (st.code()) {
    case absl::StatusCode::kDeadlineExceeded: return "timeout";
    case absl::StatusCode::kUnavailable: return "crash";
    case absl::StatusCode::kResourceExhausted: return "stderr-flood";
    default: return "protocol";
  }
}

absl::StatusOr<std::string> EnginePlayer::expect(std::string_view word, int64_t ms) {
  const auto deadline = SteadyClock::now() + std::chrono::milliseconds(ms);
  for (int64_t lines = 0; lines < kMaxLinesPerMove; ++lines) {
    absl::StatusOr<std::string> line = proc_.read_line(deadline);
    if (!line.ok()) return line.status();
    if (first_word(*line) == word) return line;
  }
  return absl::InvalidArgumentError("sent " + std::to_string(kMaxLinesPerMove) + " lines without " +
                                    std::string(word));
}

absl::Status EnginePlayer::ready() {
  if (proc_.running()) return absl::OkStatus();
  if (absl::Status st = proc_.start(spec_.command); !st.ok()) return st;
  const std::string hello = spec_.ccp ? "ccp" : "shp", ok = spec_.ccp ? "ccpok" : "shpok";
  // An engine that cannot start (a wrong command) may be gone before the
  // first line reaches it: the write or the read fails, the same error.
  auto failed = [&](const absl::Status& st, const std::string& after) {
    proc_.kill();
    return absl::Status(st.code(), "after '" + after + "': " + std::string(st.message()));
  };
  if (absl::Status st = proc_.send(hello); !st.ok()) return failed(st, hello);
  // The options it declares, up to its shpok.
  std::vector<std::string> declared;
  const auto deadline = SteadyClock::now() + std::chrono::milliseconds(kHandshakeMs);
  for (int64_t lines = 0;; ++lines) {
    absl::StatusOr<std::string> line = proc_.read_line(deadline);
    if (!line.ok()) return failed(line.status(), hello);
    const auto toks = text::tokens(*line);
    if (!toks.empty() && toks[0] == ok) break;
    if (toks.size() >= 3 && toks[0] == "option" && toks[1] == "name") declared.emplace_back(toks[2]);
    if (lines >= kMaxLinesPerMove) {
      proc_.kill();
      return absl::InvalidArgumentError("no '" + ok + "' after " + std::to_string(lines) + " lines");
    }
  }
  for (const auto& [name, value] : spec_.options) {
    if (std::find(declared.begin(), declared.end(), name) == declared.end()) {
      proc_.kill();
      std::string list;
      for (const std::string& d : declared) list += (list.empty() ? "" : ", ") + d;
      return absl::InvalidArgumentError("has no option " + text::quote(name) + " (its options: " +
                                        (list.empty() ? "none" : list) + ")");
    }
    if (absl::Status st = proc_.send("setoption name " + name + " value " + value); !st.ok())
      return failed(st, "setoption name " + name);
  }
  if (absl::Status st = proc_.send("isready"); !st.ok()) return failed(st, "isready");
  absl::StatusOr<std::string> r = expect("readyok", kReadyMs);
  if (!r.ok()) return failed(r.status(), "isready");
  return absl::OkStatus();
}

absl::Status EnginePlayer::new_game(const Options& o) {
  if (absl::Status st = ready(); !st.ok()) return st;
  proc_.reset_stderr();
  if (spec_.ccp) return absl::OkStatus();  // CCP has no new-game line: every position is whole
  if (absl::Status st = proc_.send("newgame"); !st.ok()) return st;
  if (!o.settings.empty())
    if (absl::Status st = proc_.send("table " + o.preset + " " + o.settings); !st.ok()) return st;
  return absl::OkStatus();
}

EnginePlayer::Reply EnginePlayer::fail(std::string reason, std::string detail, bool kill) {
  if (kill) proc_.kill();
  Reply r;
  r.kind = Reply::Kind::kFail;
  r.reason = std::move(reason);
  r.detail = std::move(detail);
  return r;
}

EnginePlayer::Reply EnginePlayer::think(const Game& g, const std::string& start, const std::string& moves,
                                        const Options& o, int64_t budget_ms) {
  if (!proc_.running()) {
    // Killed earlier in this game (a flag the table plays on after).
    if (absl::Status st = new_game(o); !st.ok()) return fail(forfeit_reason(st), std::string(st.message()), true);
  }
  if (proc_.stderr_bytes() > kMaxStderrBytesPerGame)  // written while the others moved
    return fail("stderr-flood", "wrote more than " + std::to_string(kMaxStderrBytesPerGame) +
                                    " bytes to stderr in one game", true);
  std::string position, go = "go";
  if (spec_.ccp) {
    const Position& pos = g.position();
    position = "position cells " + to_compact121(pos) + " player " + std::to_string(compact121_player(pos)) +
               " ply " + std::to_string(compact121_ply(pos));
    if (o.has_clock()) {
      go += " wtime " + std::to_string(g.reserve_ms(0)) + " btime " + std::to_string(g.reserve_ms(3));
      if (o.clock.increment_ms)
        go += " winc " + std::to_string(o.clock.increment_ms) + " binc " + std::to_string(o.clock.increment_ms);
    } else if (o.movetime_ms) {
      go += " movetime " + std::to_string(o.movetime_ms);
    } else if (o.budget.nodes) {
      go += " nodes " + std::to_string(o.budget.nodes);
    }
  } else {
    position = "position " + start + (moves.empty() ? "" : " moves " + moves);
    if (o.budget.nodes) go += " nodes " + std::to_string(o.budget.nodes);
    if (o.movetime_ms) go += " movetime " + std::to_string(o.movetime_ms);
    if (o.has_clock()) {
      go += " clock";
      for (Seat s : o.seats()) go += std::string(" ") + seat_letter(s) + " " + std::to_string(g.reserve_ms(s));
      go += " inc " + std::to_string(o.clock.increment_ms);
    }
  }
  if (absl::Status st = proc_.send(position); !st.ok()) return fail("crash", std::string(st.message()), true);
  if (absl::Status st = proc_.send(go); !st.ok()) return fail("crash", std::string(st.message()), true);
  const auto t0 = SteadyClock::now();
  const auto deadline = t0 + std::chrono::milliseconds(budget_ms + kMoveMarginMs);
  for (int64_t lines = 0; lines < kMaxLinesPerMove; ++lines) {
    absl::StatusOr<std::string> line = proc_.read_line(deadline);
    if (!line.ok()) {
      Reply r = fail(forfeit_reason(line.status()), std::string(line.status().message()), true);
      if (line.status().code() == absl::StatusCode::kDeadlineExceeded)
        r.detail = "no bestmove within " + std::to_string(budget_ms) + " + " + std::to_string(kMoveMarginMs) + " ms";
      r.elapsed_ms = ms_since(t0);
      return r;
    }
    const auto toks = text::tokens(*line);
    if (toks.empty() || toks[0] != "bestmove") continue;  // info, and lines the referee does not know
    Reply r;
    r.elapsed_ms = ms_since(t0);
    if (toks.size() != 2) {
      r = fail("illegal-move", "malformed " + text::quote(*line) + ": expected 'bestmove <path>'", false);
      r.elapsed_ms = ms_since(t0);
      return r;
    }
    if (toks[1] == "resign") {
      r.kind = Reply::Kind::kResign;
      return r;
    }
    r.kind = Reply::Kind::kMove;
    r.move = std::string(toks[1]);
    if (spec_.ccp) {
      r.move = path_of_ids(toks[1]);
      if (r.move.empty()) {
        r = fail("illegal-move", "malformed " + text::quote(*line) + ": expected cell ids 0..120 joined by '-'", false);
        r.elapsed_ms = ms_since(t0);
      }
    }
    return r;
  }
  return fail("protocol", "sent " + std::to_string(kMaxLinesPerMove) + " lines without a bestmove", true);
}

}  // namespace sternhalma::cli
